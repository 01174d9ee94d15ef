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
#include <linux/string.h>

#include "internal.h"

enum trace_event {
	TR_SWITCH = SIM_TRACE_SWITCH,
	TR_WAKEUP = SIM_TRACE_WAKEUP,
	TR_WAKEUP_NEW = SIM_TRACE_WAKEUP_NEW,
	TR_MIGRATE = SIM_TRACE_MIGRATE,
};

/* Where the harness wants the events (sim_trace_set_sink), if anywhere. */
static sim_trace_fn trace_sink;
static void *trace_sink_arg;

void sim_trace_set_sink(sim_trace_fn fn, void *arg)
{
	trace_sink = fn;
	trace_sink_arg = arg;
}

/* The kernel's prio of @p: what the driver says, 0..MAX_PRIO. */
static int trace_prio(struct task_struct *p)
{
	return p->sim->is_idle ? MAX_PRIO : task_prio(p) + MAX_RT_PRIO;
}

static void describe(struct task_struct *p, int *pid, char *comm, int *prio)
{
	*pid = p->pid;
	strlcpy(comm, p->comm, TASK_COMM_LEN);
	*prio = trace_prio(p);
}

static void emit(struct sim_trace_event *ev)
{
	ev->ns = sim.now;
	trace_sink(ev, trace_sink_arg);
}

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
	struct sim_trace_event ev = { .type = TR_SWITCH, .cpu = cpu };

	digest_event(TR_SWITCH, cpu, prev->pid, next->pid, prev->state);
	if (!trace_sink)
		return;
	describe(prev, &ev.pid, ev.comm, &ev.prio);
	describe(next, &ev.next_pid, ev.next_comm, &ev.next_prio);
	ev.prev_state = prev->exit_state ? EXIT_DEAD : prev->state;
	emit(&ev);
}

static void trace_wake(int type, struct task_struct *p, int success)
{
	struct sim_trace_event ev = {
		.type = type, .cpu = smp_processor_id(),
		.target_cpu = task_cpu(p), .success = success,
	};

	describe(p, &ev.pid, ev.comm, &ev.prio);
	emit(&ev);
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
	if (trace_sink)
		trace_wake(TR_WAKEUP, p, success);
	st->wakeups++;
	if (st->seg == SEG_SLEEP)
		sim_seg_set(st, SEG_WAIT);
}

void trace_sched_wakeup_new(struct task_struct *p, int success)
{
	digest_event(TR_WAKEUP_NEW, task_cpu(p), p->pid, success,
		     smp_processor_id());
	if (trace_sink)
		trace_wake(TR_WAKEUP_NEW, p, success);
	if (p->sim->seg == SEG_SLEEP)
		sim_seg_set(p->sim, SEG_WAIT);
}

void trace_sched_set_cpus_allowed(struct task_struct *p, int done)
{
	p->sim->moving += done ? -1 : 1;
}

void sim_trace_migrate(struct task_struct *p, int from, int to)
{
	struct sim_trace_event ev = {
		.type = TR_MIGRATE, .cpu = smp_processor_id(),
		.orig_cpu = from, .target_cpu = to,
	};

	digest_event(TR_MIGRATE, from, p->pid, to, 0);
	p->sim->migrations++;
	if (!trace_sink)
		return;
	describe(p, &ev.pid, ev.comm, &ev.prio);
	emit(&ev);
}
