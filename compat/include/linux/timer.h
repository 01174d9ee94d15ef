/*
 * linux/timer.h - kernel timers.
 *
 * Timers are per CPU, as in 2.6: add_timer() queues on the executing CPU
 * and the timer runs from that CPU's tick, in softirq context, once
 * jiffies has reached ->expires.
 */
#ifndef _LINUX_TIMER_H
#define _LINUX_TIMER_H

#include <linux/list.h>
#include <linux/jiffies.h>

struct timer_list {
	struct list_head entry;
	unsigned long expires;
	void (*function)(unsigned long data);
	unsigned long data;
	int cpu;			/* -1: not pending */
	unsigned long long seq;		/* queueing order, for ties */
};

extern void init_timer(struct timer_list *timer);
extern void add_timer(struct timer_list *timer);
extern void add_timer_on(struct timer_list *timer, int cpu);
extern int mod_timer(struct timer_list *timer, unsigned long expires);
extern int del_timer(struct timer_list *timer);
#define del_timer_sync(t)	del_timer(t)
#define del_singleshot_timer_sync(t) del_timer(t)

static inline int timer_pending(const struct timer_list *timer)
{
	return timer->cpu >= 0;
}

static inline void setup_timer(struct timer_list *timer,
			       void (*function)(unsigned long),
			       unsigned long data)
{
	init_timer(timer);
	timer->function = function;
	timer->data = data;
}

#endif /* _LINUX_TIMER_H */
