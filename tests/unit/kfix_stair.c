/*
 * tests/unit/kfix_stair.c - read and set the staircase driver's
 * per-task fields.
 *
 * Kernel-world code, compiled like the drivers, for check_staircase: the
 * tests see through it what the harness API cannot show (burst, the
 * slice and interval left, the flags) and prepare a task's state before
 * the event under test.  The interface, and when it may be called, is
 * kfix_stair.h.
 *
 * Everything is under CONFIG_CPUSCHED_STAIRCASE: a build without the
 * driver gets the same functions, answering "not available".
 */
#include <linux/sched.h>
#include <linux/list.h>
#include <linux/string.h>
#include <linux/scheduler.h>

#include "../../compat/internal.h"
#include "kfix_stair.h"

#ifdef CONFIG_CPUSCHED_STAIRCASE

int kfix_stair_available(void)
{
	return sim.booted && !strcmp(scheduler->cpusched_name, "staircase");
}

/* The task @pid if the booted driver is the staircase, else NULL. */
static struct task_struct *stair_task(int pid)
{
	if (!kfix_stair_available())
		return NULL;
	return find_task_by_pid(pid);
}

int kfix_stair_read(int pid, struct kfix_stair *out)
{
	struct task_struct *p = stair_task(pid);

	if (!p)
		return -1;
	out->prio = p->u.staircase.prio;
	out->static_prio = p->static_prio;
	out->burst = p->u.staircase.burst;
	out->slice = p->u.staircase.slice;
	out->time_slice = p->u.staircase.time_slice;
	out->sflags = p->u.staircase.sflags;
	out->queued = p->u.staircase.on_rq;
	out->runtime = p->u.staircase.runtime;
	return 0;
}

int kfix_stair_set_burst(int pid, unsigned int burst)
{
	struct task_struct *p = stair_task(pid);

	if (!p)
		return -1;
	p->u.staircase.burst = burst;
	return 0;
}

int kfix_stair_set_slice(int pid, unsigned int slice,
			 unsigned int time_slice)
{
	struct task_struct *p = stair_task(pid);

	if (!p)
		return -1;
	p->u.staircase.slice = slice;
	p->u.staircase.time_slice = time_slice;
	return 0;
}

int kfix_stair_set_sflags(int pid, unsigned int sflags)
{
	struct task_struct *p = stair_task(pid);

	if (!p)
		return -1;
	/* the flags only: the bits above are the driver's tunables count */
	p->u.staircase.sflags = (p->u.staircase.sflags & ~0xffU) | sflags;
	return 0;
}

int kfix_stair_set_prio(int pid, int prio, int normal_prio)
{
	struct task_struct *p = stair_task(pid);

	if (!p)
		return -1;
	p->u.staircase.prio = prio;
	p->u.staircase.normal_prio = normal_prio;
	return 0;
}

int kfix_stair_set_on_rq(int pid, int on_rq)
{
	struct task_struct *p = stair_task(pid);

	if (!p)
		return -1;
	p->u.staircase.on_rq = on_rq;
	return 0;
}

int kfix_stair_queue_behind(int pid, int other)
{
	struct task_struct *p = stair_task(pid), *o = stair_task(other);

	if (!p || !o)
		return -1;
	list_move(&p->u.staircase.run_list, &o->u.staircase.run_list);
	return 0;
}

long kfix_stair_starvation_bound(unsigned long nr_running)
{
	if (!kfix_stair_available())
		return -1;
	return scheduler->starvation_bound(nr_running);
}

long long kfix_stair_pick_work(void)
{
	if (!kfix_stair_available())
		return -1;
	return scheduler->pick_work();
}

#else /* !CONFIG_CPUSCHED_STAIRCASE */

int kfix_stair_available(void)
{
	return 0;
}

int kfix_stair_read(int pid, struct kfix_stair *out)
{
	return -1;
}

int kfix_stair_set_burst(int pid, unsigned int burst)
{
	return -1;
}

int kfix_stair_set_slice(int pid, unsigned int slice,
			 unsigned int time_slice)
{
	return -1;
}

int kfix_stair_set_sflags(int pid, unsigned int sflags)
{
	return -1;
}

int kfix_stair_set_prio(int pid, int prio, int normal_prio)
{
	return -1;
}

int kfix_stair_set_on_rq(int pid, int on_rq)
{
	return -1;
}

int kfix_stair_queue_behind(int pid, int other)
{
	return -1;
}

long kfix_stair_starvation_bound(unsigned long nr_running)
{
	return -1;
}

long long kfix_stair_pick_work(void)
{
	return -1;
}

#endif /* CONFIG_CPUSCHED_STAIRCASE */
