/*
 * tests/unit/kfix_tiny.c - read and set the tiny driver's per-task fields.
 *
 * Kernel-world code, compiled like the drivers, for check_tiny: the tests
 * see through it what the harness API cannot show (the priority a task
 * is queued at, the slice left, the order of a runqueue) and prepare a
 * task's state before the event under test.  The interface, and when it
 * may be called, is kfix_tiny.h.
 *
 * Everything is under CONFIG_CPUSCHED_TINY: a build without the driver
 * gets the same functions, answering "not available".
 */
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/scheduler.h>

#include "../../compat/internal.h"
#include "kfix_tiny.h"

#ifdef CONFIG_CPUSCHED_TINY

int kfix_tiny_available(void)
{
	return sim.booted && !strcmp(scheduler->cpusched_name, "tiny");
}

/* The task @pid if the booted driver is tiny, else NULL. */
static struct task_struct *tiny_task(int pid)
{
	if (!kfix_tiny_available())
		return NULL;
	return find_task_by_pid(pid);
}

/* kfix_tiny_NAME(pid, value): @pid's u.tiny.FIELD = value. */
#define KFIX_TINY_WRITE(name, type, field)				\
int kfix_tiny_##name(int pid, type value)				\
{									\
	struct task_struct *p = tiny_task(pid);				\
									\
	if (!p)								\
		return -1;						\
	p->u.tiny.field = value;					\
	return 0;							\
}

int kfix_tiny_read(int pid, struct kfix_tiny *out)
{
	struct task_struct *p = tiny_task(pid);

	if (!p)
		return -1;
	out->prio = p->u.tiny.prio;
	out->on_rq = p->u.tiny.on_rq;
	out->time_slice = p->u.tiny.time_slice;
	return 0;
}

struct queue_list {
	int *pids;
	int max, n;
};

static void list_one(struct task_struct *p, void *arg)
{
	struct queue_list *q = arg;

	if (q->n < q->max)
		q->pids[q->n] = p->pid;
	q->n++;
}

int kfix_tiny_queue(int cpu, int *pids, int max)
{
	struct queue_list q = { .pids = pids, .max = max, .n = 0 };

	if (!kfix_tiny_available() || cpu < 0 || cpu >= sim.nr_cpus)
		return -1;
	scheduler->for_each_queued(cpu, list_one, &q);
	return q.n;
}

int kfix_tiny_set_allowed(int pid, unsigned long mask)
{
	struct task_struct *p = tiny_task(pid);
	cpumask_t m = CPU_MASK_NONE;
	int cpu;

	if (!p || !(mask & (1UL << task_cpu(p))))
		return -1;
	for (cpu = 0; cpu < BITS_PER_LONG && cpu < NR_CPUS; cpu++)
		if (mask & (1UL << cpu))
			cpu_set(cpu, m);
	p->cpus_allowed = m;
	return 0;
}

int kfix_tiny_oom(int pid)
{
	struct task_struct *p = tiny_task(pid);

	if (!p)
		return -1;
	set_oom_timeslice(p);
	return 0;
}

int kfix_tiny_break_move(int pid, int behind)
{
	struct task_struct *p = tiny_task(pid), *q = tiny_task(behind);

	if (!p || !q || !p->u.tiny.on_rq || !q->u.tiny.on_rq)
		return -1;
	list_move(&p->u.tiny.run_list, &q->u.tiny.run_list);
	set_task_cpu(p, task_cpu(q));
	return 0;
}

int kfix_tiny_break_idle(int cpu, int prio, int on_rq)
{
	struct task_struct *idle;

	if (!kfix_tiny_available() || cpu < 0 || cpu >= sim.nr_cpus)
		return -1;
	idle = sim.cpu[cpu].idle;
	idle->u.tiny.prio = prio;
	idle->u.tiny.on_rq = on_rq;
	return 0;
}

int kfix_tiny_idle_next(int cpu)
{
	unsigned long flags;
	int saved = sim_this_cpu;

	if (!kfix_tiny_available() || cpu < 0 || cpu >= sim.nr_cpus ||
	    !cpu_online(cpu))
		return -1;
	sim_this_cpu = cpu;
	local_irq_save(flags);
	sched_idle_next();
	local_irq_restore(flags);
	sim_this_cpu = saved;
	return 0;
}

int kfix_tiny_renice(int pid, int nice)
{
	struct task_struct *p = tiny_task(pid);

	if (!p)
		return -1;
	set_user_nice(p, nice);
	return 0;
}

#else /* !CONFIG_CPUSCHED_TINY */

/* Without the driver every write answers "not available". */
#define KFIX_TINY_WRITE(name, type, field)				\
int kfix_tiny_##name(int pid, type value)				\
{									\
	return -1;							\
}

int kfix_tiny_available(void)
{
	return 0;
}

int kfix_tiny_read(int pid, struct kfix_tiny *out)
{
	return -1;
}

int kfix_tiny_queue(int cpu, int *pids, int max)
{
	return -1;
}

int kfix_tiny_set_allowed(int pid, unsigned long mask)
{
	return -1;
}

int kfix_tiny_oom(int pid)
{
	return -1;
}

int kfix_tiny_break_move(int pid, int behind)
{
	return -1;
}

int kfix_tiny_break_idle(int cpu, int prio, int on_rq)
{
	return -1;
}

int kfix_tiny_idle_next(int cpu)
{
	return -1;
}

int kfix_tiny_renice(int pid, int nice)
{
	return -1;
}

#endif /* CONFIG_CPUSCHED_TINY */

/* The setup write: a number the driver reads at its next tick. */
KFIX_TINY_WRITE(set_time_slice, unsigned int, time_slice)

/*
 * The breaking writes: ->prio or the slice left changed where no driver
 * path would.  Only the driver's check should see them; the machine is
 * failed once it has.
 */
KFIX_TINY_WRITE(break_prio, int, prio)
KFIX_TINY_WRITE(break_time_slice, unsigned int, time_slice)
KFIX_TINY_WRITE(break_on_rq, int, on_rq)
