#ifndef _ASM_TLB_H
#define _ASM_TLB_H

#include <linux/sched.h>

#endif /* _ASM_TLB_H */
