/*
 * compat/trace.c - the scheduler trace points: statistics per task and
 * the run's digest.
 *
 * The digest is FNV-1a over every scheduling event (time, CPU, event,
 * pids, states), so two runs are the same run exactly when their digests
 * match: determinism is tested on it.
 */
#include <linux/sched.h>
#include <linux/sched_trace.h>

#include "internal.h"

enum trace_event {
	TR_SWITCH = 1,
	TR_WAKEUP,
	TR_WAKEUP_NEW,
	TR_MIGRATE,
};

static void digest_word(unsigned long long v)
{
	int i;

	for (i = 0; i < 8; i++) {
		sim.digest ^= (v >> (i * 8)) & 0xff;
		sim.digest *= 0x100000001b3ULL;
	}
}

static void digest_event(int ev, int cpu, int a, int b, long c)
{
	digest_word(sim.now);
	digest_word(((unsigned long long)ev << 56) |
		    ((unsigned long long)(cpu & 0xffff) << 40));
	digest_word(((unsigned long long)(unsigned int)a << 32) |
		    (unsigned int)b);
	digest_word((unsigned long long)c);
}

void sim_trace_switch(int cpu, struct task_struct *prev,
		      struct task_struct *next)
{
	digest_event(TR_SWITCH, cpu, prev->pid, next->pid, prev->state);
}

/*
 * trace_sched_wakeup - try_to_wake_up() ran for @p.  A successful wake-up
 * of a task that is not on a CPU starts its wait for one.
 */
void trace_sched_wakeup(struct task_struct *p, int success)
{
	struct sim_task *st = p->sim;

	digest_event(TR_WAKEUP, task_cpu(p), p->pid, success,
		     smp_processor_id());
	if (!success)
		return;
	st->wakeups++;
	if (st->seg == SEG_SLEEP)
		sim_seg_set(st, SEG_WAIT);
}

void trace_sched_wakeup_new(struct task_struct *p, int success)
{
	digest_event(TR_WAKEUP_NEW, task_cpu(p), p->pid, success,
		     smp_processor_id());
	if (p->sim->seg == SEG_SLEEP)
		sim_seg_set(p->sim, SEG_WAIT);
}

void sim_trace_migrate(struct task_struct *p, int from, int to)
{
	digest_event(TR_MIGRATE, from, p->pid, to, 0);
	p->sim->migrations++;
}
