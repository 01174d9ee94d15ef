/*
 * tests/unit/kfix_bfs.c - read and set the bfs driver's per-task fields.
 *
 * Kernel-world code, compiled like the drivers, for check_bfs: the tests
 * see through it what the harness API cannot show (a task's deadline and
 * slice left) and prepare a task's state
 * before the event under test.  The interface, and when it may be
 * called, is kfix_bfs.h.
 *
 * Everything is under CONFIG_CPUSCHED_BFS: a build without the driver
 * gets the same functions, answering "not available".
 */
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/scheduler.h>
#include <linux/sched_rq.h>

#include "../../compat/internal.h"
#include "kfix_bfs.h"

#ifdef CONFIG_CPUSCHED_BFS

int kfix_bfs_available(void)
{
	return sim.booted && !strcmp(scheduler->cpusched_name, "bfs");
}

/* The task @pid if the booted driver is bfs, else NULL. */
static struct task_struct *bfs_task(int pid)
{
	if (!kfix_bfs_available())
		return NULL;
	return find_task_by_pid(pid);
}

/* kfix_bfs_NAME(pid, value): @pid's u.bfs.FIELD = value. */
#define KFIX_BFS_WRITE(name, type, field)				\
int kfix_bfs_##name(int pid, type value)				\
{									\
	struct task_struct *p = bfs_task(pid);				\
									\
	if (!p)								\
		return -1;						\
	p->u.bfs.field = value;						\
	return 0;							\
}

int kfix_bfs_read(int pid, struct kfix_bfs *out)
{
	struct task_struct *p = bfs_task(pid);

	if (!p)
		return -1;
	out->prio = p->u.bfs.prio;
	out->on_rq = p->u.bfs.on_rq;
	out->cpu = task_cpu(p);
	out->time_slice = p->u.bfs.time_slice;
	out->deadline = p->u.bfs.deadline;
	return 0;
}

/* The cpumask of bit mask @mask (bit n: CPU n). */
static cpumask_t mask_of(unsigned long mask)
{
	cpumask_t m = CPU_MASK_NONE;
	int cpu;

	for (cpu = 0; cpu < BITS_PER_LONG && cpu < NR_CPUS; cpu++)
		if (mask & (1UL << cpu))
			cpu_set(cpu, m);
	return m;
}

int kfix_bfs_set_allowed(int pid, unsigned long mask)
{
	struct task_struct *p = bfs_task(pid);

	if (!p || !(mask & (1UL << task_cpu(p))))
		return -1;
	p->cpus_allowed = mask_of(mask);
	return 0;
}

int kfix_bfs_set_cpus_allowed(int pid, unsigned long mask)
{
	struct task_struct *p = bfs_task(pid);

	if (!p)
		return -1;
	return set_cpus_allowed(p, mask_of(mask));
}

/* Behind the accounting's back: task_cpu() changes, the counts do not. */
int kfix_bfs_break_cpu(int pid, int cpu)
{
	struct task_struct *p = bfs_task(pid);

	if (!p || cpu < 0 || cpu >= sim.nr_cpus)
		return -1;
	set_task_cpu(p, cpu);
	return 0;
}

/* @pid moved just behind queued @behind, on its list: its level. */
int kfix_bfs_break_move(int pid, int behind)
{
	struct task_struct *p = bfs_task(pid), *q = bfs_task(behind);

	if (!p || !q || !p->u.bfs.on_rq || !q->u.bfs.on_rq)
		return -1;
	list_move(&p->u.bfs.run_list, &q->u.bfs.run_list);
	return 0;
}

int kfix_bfs_break_lock(int cpu)
{
	struct sched_rq *rq;

	if (!kfix_bfs_available() || cpu < 0 || cpu >= sim.nr_cpus)
		return -1;
	rq = sched_cpu_rq(cpu);
	sched_rq_share_lock(rq, &rq->own_lock);
	return 0;
}

int kfix_bfs_break_idle(int cpu, int prio, int on_rq)
{
	struct task_struct *idle;

	if (!kfix_bfs_available() || cpu < 0 || cpu >= sim.nr_cpus)
		return -1;
	idle = sim.cpu[cpu].idle;
	idle->u.bfs.prio = prio;
	idle->u.bfs.on_rq = on_rq;
	return 0;
}

int kfix_bfs_oom(int pid)
{
	struct task_struct *p = bfs_task(pid);
	unsigned long flags;

	if (!p)
		return -1;
	local_irq_save(flags);
	set_oom_timeslice(p);
	local_irq_restore(flags);
	return 0;
}

#else /* !CONFIG_CPUSCHED_BFS */

/* Without the driver every write answers "not available". */
#define KFIX_BFS_WRITE(name, type, field)				\
int kfix_bfs_##name(int pid, type value)				\
{									\
	return -1;							\
}

int kfix_bfs_available(void)
{
	return 0;
}

int kfix_bfs_read(int pid, struct kfix_bfs *out)
{
	return -1;
}

int kfix_bfs_set_allowed(int pid, unsigned long mask)
{
	return -1;
}

int kfix_bfs_set_cpus_allowed(int pid, unsigned long mask)
{
	return -1;
}

int kfix_bfs_break_cpu(int pid, int cpu)
{
	return -1;
}

int kfix_bfs_break_move(int pid, int behind)
{
	return -1;
}

int kfix_bfs_break_lock(int cpu)
{
	return -1;
}

int kfix_bfs_break_idle(int cpu, int prio, int on_rq)
{
	return -1;
}

int kfix_bfs_oom(int pid)
{
	return -1;
}

#endif /* CONFIG_CPUSCHED_BFS */

/* The setup writes: numbers the driver reads at its next event. */
KFIX_BFS_WRITE(set_deadline, unsigned long long, deadline)
KFIX_BFS_WRITE(set_time_slice, long long, time_slice)

/*
 * The breaking writes: ->prio or on_rq changed where no driver path
 * would.  Only the driver's check should see them.
 */
KFIX_BFS_WRITE(break_prio, int, prio)
KFIX_BFS_WRITE(break_on_rq, int, on_rq)
