#ifndef _LINUX_INTERRUPT_H
#define _LINUX_INTERRUPT_H

#include <linux/hardirq.h>
#include <linux/irqflags.h>

#define local_bh_disable()	do { preempt_count() += SOFTIRQ_OFFSET; } \
				while (0)
#define local_bh_enable()	do { preempt_count() -= SOFTIRQ_OFFSET; } \
				while (0)

#endif /* _LINUX_INTERRUPT_H */
