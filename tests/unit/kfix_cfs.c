/*
 * tests/unit/kfix_cfs.c - read and break the cfs driver's per-task
 * fields, and read its min_vruntime.
 *
 * Kernel-world code, compiled like the drivers, for check_cfs: the tests
 * see through it what the harness API cannot show (virtual runtimes,
 * the tree's order) and break what the driver's check must catch.  The
 * interface, and when it may be called, is kfix_cfs.h.
 *
 * Everything is under CONFIG_CPUSCHED_CFS: a build without the driver
 * gets the same functions, answering "not available".
 */
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/scheduler.h>
#include <linux/sched_rq.h>

#include "../../compat/internal.h"
#include "kfix_cfs.h"
#include "kfixtures.h"

#ifdef CONFIG_CPUSCHED_CFS

/* drivers/cfs.c, for the self-tests */
extern u64 cfs_min_vruntime(int cpu);

int kfix_cfs_available(void)
{
	return sim.booted && !strcmp(scheduler->cpusched_name, "cfs");
}

/* The task @pid if the booted driver is cfs, else NULL. */
static struct task_struct *cfs_task(int pid)
{
	if (!kfix_cfs_available())
		return NULL;
	return find_task_by_pid(pid);
}

static int cfs_cpu(int cpu)
{
	return kfix_cfs_available() && cpu >= 0 && cpu < sim.nr_cpus;
}

int kfix_cfs_read(int pid, struct kfix_cfs *out)
{
	struct task_struct *p = cfs_task(pid);

	if (!p)
		return -1;
	out->prio = p->u.cfs.prio;
	out->on_rq = p->u.cfs.on_rq;
	out->in_tree = !RB_EMPTY_NODE(&p->u.cfs.run_node);
	out->weight = p->u.cfs.load.weight;
	out->vruntime = p->u.cfs.vruntime;
	out->sum_exec_runtime = p->u.cfs.sum_exec_runtime;
	out->time_slice = p->u.cfs.time_slice;
	return 0;
}

int kfix_cfs_lag(int pid, int cpu, long long *lag)
{
	struct task_struct *p = cfs_task(pid);

	if (!p || !cfs_cpu(cpu))
		return -1;
	*lag = (s64)(p->u.cfs.vruntime - cfs_min_vruntime(cpu));
	return 0;
}

int kfix_cfs_min_vruntime(int cpu, unsigned long long *min)
{
	if (!cfs_cpu(cpu))
		return -1;
	*min = cfs_min_vruntime(cpu);
	return 0;
}

int kfix_cfs_queue(int cpu, int *pids, int max)
{
	return cfs_cpu(cpu) ? kfix_queued(cpu, pids, max) : -1;
}

/* kfix_cfs_break_NAME(pid, value): @pid's u.cfs.FIELD = value. */
#define KFIX_CFS_BREAK(name, type, field)				\
int kfix_cfs_break_##name(int pid, type value)				\
{									\
	struct task_struct *p = cfs_task(pid);				\
									\
	if (!p)								\
		return -1;						\
	p->u.cfs.field = value;						\
	return 0;							\
}

KFIX_CFS_BREAK(vruntime, long long, vruntime)
KFIX_CFS_BREAK(weight, unsigned long, load.weight)
KFIX_CFS_BREAK(on_rq, int, on_rq)
KFIX_CFS_BREAK(prio, int, prio)

int kfix_cfs_break_idle_prio(int cpu, int prio)
{
	if (!cfs_cpu(cpu))
		return -1;
	sched_cpu_rq(cpu)->idle->u.cfs.prio = prio;
	return 0;
}

int kfix_cfs_oom(int pid)
{
	struct task_struct *p = cfs_task(pid);

	if (!p)
		return -1;
	set_oom_timeslice(p);
	return 0;
}

int kfix_cfs_rt_task(int pid)
{
	struct task_struct *p = cfs_task(pid);

	return p ? scheduler->rt_task(p) : -1;
}

int kfix_cfs_queue_silently(int pid)
{
	struct task_struct *p = cfs_task(pid);
	struct sched_rq *rq;
	unsigned long flags;

	if (!p || p->u.cfs.on_rq)
		return -1;
	rq = sched_rq_task_lock(p, &flags);
	p->state = TASK_RUNNING;
	sched_rq_enqueue(p, rq);
	sched_rq_task_unlock(rq, &flags);
	return 0;
}

#else /* !CONFIG_CPUSCHED_CFS */

int kfix_cfs_available(void)
{
	return 0;
}

int kfix_cfs_read(int pid, struct kfix_cfs *out)
{
	return -1;
}

int kfix_cfs_lag(int pid, int cpu, long long *lag)
{
	return -1;
}

int kfix_cfs_min_vruntime(int cpu, unsigned long long *min)
{
	return -1;
}

int kfix_cfs_queue(int cpu, int *pids, int max)
{
	return -1;
}

int kfix_cfs_break_vruntime(int pid, long long vruntime)
{
	return -1;
}

int kfix_cfs_break_weight(int pid, unsigned long weight)
{
	return -1;
}

int kfix_cfs_break_on_rq(int pid, int on_rq)
{
	return -1;
}

int kfix_cfs_break_prio(int pid, int prio)
{
	return -1;
}

int kfix_cfs_break_idle_prio(int cpu, int prio)
{
	return -1;
}

int kfix_cfs_oom(int pid)
{
	return -1;
}

int kfix_cfs_rt_task(int pid)
{
	return -1;
}

int kfix_cfs_queue_silently(int pid)
{
	return -1;
}

#endif /* CONFIG_CPUSCHED_CFS */
