#ifndef _ASM_CURRENT_H
#define _ASM_CURRENT_H

#include <linux/sched.h>

#endif /* _ASM_CURRENT_H */
