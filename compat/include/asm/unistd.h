#ifndef _ASM_UNISTD_H
#define _ASM_UNISTD_H

#include <linux/sched.h>

#endif /* _ASM_UNISTD_H */
