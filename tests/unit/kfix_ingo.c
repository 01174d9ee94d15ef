/*
 * tests/unit/kfix_ingo.c - read and set ingosched's per-task fields.
 *
 * Kernel-world code, compiled like the drivers, for check_ingosched:
 * the tests see through it what the harness API cannot show (sleep_avg,
 * interactive_credit, the slice left, which array a task is queued in)
 * and prepare a task's state before the event under test.  The
 * interface, and when it may be called, is kfix_ingo.h.
 *
 * Everything is under CONFIG_CPUSCHED_INGOSCHED: a build without the
 * driver gets the same functions, answering "not available".
 */
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/scheduler.h>

#include "../../compat/internal.h"
#include "kfix_ingo.h"

#ifdef CONFIG_CPUSCHED_INGOSCHED

int kfix_ingo_available(void)
{
	return sim.booted && !strcmp(scheduler->cpusched_name, "ingosched");
}

/* The task @pid if the booted driver is ingosched, else NULL. */
static struct task_struct *ingo_task(int pid)
{
	if (!kfix_ingo_available())
		return NULL;
	return find_task_by_pid(pid);
}

/* kfix_ingo_NAME(pid, value): @pid's u.ingosched.FIELD = value. */
#define KFIX_INGO_WRITE(name, type, field)				\
int kfix_ingo_##name(int pid, type value)				\
{									\
	struct task_struct *p = ingo_task(pid);				\
									\
	if (!p)								\
		return -1;						\
	p->u.ingosched.field = value;					\
	return 0;							\
}

int kfix_ingo_read(int pid, struct kfix_ingo *out)
{
	struct task_struct *p = ingo_task(pid);

	if (!p)
		return -1;
	out->prio = p->u.ingosched.prio;
	out->static_prio = p->static_prio;
	out->time_slice = p->u.ingosched.time_slice;
	out->first_time_slice = p->u.ingosched.first_time_slice;
	out->sleep_avg = p->u.ingosched.sleep_avg;
	out->interactive_credit = p->u.ingosched.interactive_credit;
	out->activated = p->u.ingosched.activated;
	out->queued = p->u.ingosched.array != NULL;
	out->timestamp = p->u.ingosched.timestamp;
	return 0;
}

int kfix_ingo_same_array(int a, int b)
{
	struct task_struct *p = ingo_task(a), *q = ingo_task(b);

	if (!p || !q || !p->u.ingosched.array || !q->u.ingosched.array)
		return -1;
	return p->u.ingosched.array == q->u.ingosched.array;
}

int kfix_ingo_renice(int pid, int nice)
{
	struct task_struct *p = ingo_task(pid);

	if (!p)
		return -1;
	set_user_nice(p, nice);
	return 0;
}

int kfix_ingo_wake_sync_and_sleep(int wq, unsigned long long sleep_ns)
{
	if (!kfix_ingo_available() || wq < 0 || wq >= SIM_NR_WQ)
		return -1;
	wake_up_interruptible_sync(&sim.wq[wq]);
	sim_sleep(sleep_ns);
	return 0;
}

#else /* !CONFIG_CPUSCHED_INGOSCHED */

/* Without the driver every write answers "not available". */
#define KFIX_INGO_WRITE(name, type, field)				\
int kfix_ingo_##name(int pid, type value)				\
{									\
	return -1;							\
}

int kfix_ingo_available(void)
{
	return 0;
}

int kfix_ingo_read(int pid, struct kfix_ingo *out)
{
	return -1;
}

int kfix_ingo_same_array(int a, int b)
{
	return -1;
}

int kfix_ingo_renice(int pid, int nice)
{
	return -1;
}

int kfix_ingo_wake_sync_and_sleep(int wq, unsigned long long sleep_ns)
{
	return -1;
}

#endif /* CONFIG_CPUSCHED_INGOSCHED */

/* The setup writes: numbers the driver reads at its next event. */
KFIX_INGO_WRITE(set_sleep_avg, unsigned long long, sleep_avg)
KFIX_INGO_WRITE(set_credit, long, interactive_credit)
KFIX_INGO_WRITE(set_time_slice, unsigned int, time_slice)

/*
 * The breaking writes: ->prio or ->normal_prio changed where the task
 * stays queued, which no driver path does.  Only the driver's check
 * should see them; the machine is failed once it has.
 */
KFIX_INGO_WRITE(break_prio, int, prio)
KFIX_INGO_WRITE(break_normal_prio, int, normal_prio)
