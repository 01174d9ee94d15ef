/*
 * compat/timer.c - kernel timers and schedule_timeout().
 *
 * Each CPU keeps its pending timers sorted by expiry (then by the order
 * they were added, for determinism) and runs the expired ones from its
 * tick in softirq context, as run_timer_softirq() does.
 */
#include <linux/sched.h>
#include <linux/timer.h>

#include "internal.h"

static unsigned long long timer_seq;

void init_timer(struct timer_list *timer)
{
	INIT_LIST_HEAD(&timer->entry);
	timer->cpu = -1;
	timer->function = NULL;
	timer->data = 0;
}

static void enqueue_timer(struct timer_list *timer, int cpu)
{
	struct list_head *pos;
	struct timer_list *t;

	timer->cpu = cpu;
	timer->seq = ++timer_seq;
	list_for_each(pos, &sim.cpu[cpu].timers) {
		t = list_entry(pos, struct timer_list, entry);
		if (time_before(timer->expires, t->expires))
			break;
	}
	list_add_tail(&timer->entry, pos);
}

void add_timer_on(struct timer_list *timer, int cpu)
{
	BUG_ON(timer_pending(timer));
	BUG_ON(!timer->function);
	enqueue_timer(timer, cpu);
}

void add_timer(struct timer_list *timer)
{
	add_timer_on(timer, smp_processor_id());
}

int del_timer(struct timer_list *timer)
{
	if (!timer_pending(timer))
		return 0;
	list_del_init(&timer->entry);
	timer->cpu = -1;
	return 1;
}

int mod_timer(struct timer_list *timer, unsigned long expires)
{
	int was_pending = del_timer(timer);

	timer->expires = expires;
	enqueue_timer(timer, smp_processor_id());
	return was_pending;
}

/* sim_run_timers - run @cpu's expired timers; softirq context. */
void sim_run_timers(int cpu)
{
	struct list_head *head = &sim.cpu[cpu].timers;
	struct timer_list *t;

	while (!list_empty(head)) {
		t = list_entry(head->next, struct timer_list, entry);
		if (time_before(jiffies, t->expires))
			break;
		list_del_init(&t->entry);
		t->cpu = -1;
		t->function(t->data);
	}
}

static void process_timeout(unsigned long data)
{
	wake_up_process((struct task_struct *)data);
}

/**
 * schedule_timeout - sleep until @timeout jiffies have elapsed
 * @timeout: timeout value in jiffies
 *
 * The caller sets the task state first, as in the kernel.  Returns 0 when
 * the timer expired, else the jiffies that were left.
 */
signed long schedule_timeout(signed long timeout)
{
	struct timer_list timer;
	unsigned long expire;

	if (timeout == MAX_SCHEDULE_TIMEOUT) {
		schedule();
		return timeout;
	}
	if (timeout < 0) {
		printk(KERN_ERR "schedule_timeout: wrong timeout value %lx\n",
		       timeout);
		current->state = TASK_RUNNING;
		return 0;
	}
	expire = timeout + jiffies;
	setup_timer(&timer, process_timeout, (unsigned long)current);
	timer.expires = expire;
	add_timer(&timer);
	schedule();
	del_timer(&timer);
	timeout = expire - jiffies;
	return timeout < 0 ? 0 : timeout;
}

unsigned long msecs_to_jiffies(unsigned int m)
{
	return ((unsigned long long)m * HZ + 999) / 1000;
}

unsigned int jiffies_to_msecs(unsigned long j)
{
	return (unsigned long long)j * 1000 / HZ;
}

void sim_timers_reset(void)
{
	timer_seq = 0;
}

/* sim_migrate_timers - move the pending timers of dead CPU @from to @to. */
void sim_migrate_timers(int from, int to)
{
	struct list_head *head = &sim.cpu[from].timers;
	struct timer_list *t;

	while (!list_empty(head)) {
		t = list_entry(head->next, struct timer_list, entry);
		list_del_init(&t->entry);
		enqueue_timer(t, to);
	}
}
