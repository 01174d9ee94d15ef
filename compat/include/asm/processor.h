#ifndef _ASM_PROCESSOR_H
#define _ASM_PROCESSOR_H

#include <linux/sched.h>

#endif /* _ASM_PROCESSOR_H */
