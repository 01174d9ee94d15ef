#ifndef _ASM_PARAM_H
#define _ASM_PARAM_H

#include <linux/sched.h>

#endif /* _ASM_PARAM_H */
