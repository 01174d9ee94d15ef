/*
 * linux/preempt.h - the preemption counter (CONFIG_PREEMPT semantics).
 *
 * preempt_count lives in the task's thread_info, as in 2.6.10: its low
 * byte counts preempt_disable() nesting, then softirq and hardirq nesting,
 * and PREEMPT_ACTIVE marks a task preempted inside the kernel.
 */
#ifndef _LINUX_PREEMPT_H
#define _LINUX_PREEMPT_H

#include <linux/compiler.h>
#include <asm/thread_info.h>

#define PREEMPT_BITS	8
#define SOFTIRQ_BITS	8
#define HARDIRQ_BITS	12

#define PREEMPT_SHIFT	0
#define SOFTIRQ_SHIFT	(PREEMPT_SHIFT + PREEMPT_BITS)
#define HARDIRQ_SHIFT	(SOFTIRQ_SHIFT + SOFTIRQ_BITS)

#define __IRQ_MASK(x)	((1UL << (x)) - 1)
#define PREEMPT_MASK	(__IRQ_MASK(PREEMPT_BITS) << PREEMPT_SHIFT)
#define SOFTIRQ_MASK	(__IRQ_MASK(SOFTIRQ_BITS) << SOFTIRQ_SHIFT)
#define HARDIRQ_MASK	(__IRQ_MASK(HARDIRQ_BITS) << HARDIRQ_SHIFT)

#define PREEMPT_OFFSET	(1UL << PREEMPT_SHIFT)
#define SOFTIRQ_OFFSET	(1UL << SOFTIRQ_SHIFT)
#define HARDIRQ_OFFSET	(1UL << HARDIRQ_SHIFT)

#define PREEMPT_ACTIVE	0x10000000

#define preempt_count()	(current_thread_info()->preempt_count)

#define hardirq_count()	(preempt_count() & HARDIRQ_MASK)
#define softirq_count()	(preempt_count() & SOFTIRQ_MASK)
#define irq_count()	(preempt_count() & (HARDIRQ_MASK | SOFTIRQ_MASK))
#define in_irq()	(hardirq_count())
#define in_softirq()	(softirq_count())
#define in_interrupt()	(irq_count())
#define in_atomic()	((preempt_count() & ~PREEMPT_ACTIVE) != 0)

#define inc_preempt_count()	do { preempt_count()++; } while (0)
#define dec_preempt_count()	do { preempt_count()--; } while (0)

asmlinkage void preempt_schedule(void);

#define preempt_disable()						\
	do {								\
		inc_preempt_count();					\
		barrier();						\
	} while (0)

#define preempt_enable_no_resched()					\
	do {								\
		barrier();						\
		dec_preempt_count();					\
	} while (0)

#define preempt_check_resched()						\
	do {								\
		if (unlikely(test_thread_flag(TIF_NEED_RESCHED)))	\
			preempt_schedule();				\
	} while (0)

#define preempt_enable()						\
	do {								\
		preempt_enable_no_resched();				\
		sim_point();						\
		preempt_check_resched();				\
	} while (0)

#endif /* _LINUX_PREEMPT_H */
