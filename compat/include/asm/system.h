#ifndef _ASM_SYSTEM_H
#define _ASM_SYSTEM_H

#include <linux/irqflags.h>
#include <linux/sched.h>

#endif /* _ASM_SYSTEM_H */
