#ifndef _ASM_MMU_CONTEXT_H
#define _ASM_MMU_CONTEXT_H

#include <linux/sched.h>

/* One flat address space per task on the host: nothing to switch. */
#define switch_mm(prev, next, tsk)	do { } while (0)
#define enter_lazy_tlb(mm, tsk)		do { } while (0)
#define mmdrop(mm)			do { } while (0)

#endif /* _ASM_MMU_CONTEXT_H */
