/*
 * compat/trace.c - the scheduler trace points: statistics per task, the
 * run's digest, and the facts /proc/schedstat is checked against.
 *
 * The digest is a 64-bit multiply-xorshift hash, a word at a time, over
 * every field of every scheduling event (time, CPU, event, pids,
 * states), so two runs are the same run exactly when their digests
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

static sim_stat_fn stat_sink;
static void stat_switch(int cpu, struct task_struct *prev,
			struct task_struct *next);

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
	int prio;

	if (p->sim->is_idle)
		return MAX_PRIO;
	sim_hb_ignore_begin();	/* the machine looking, no CPU's work */
	prio = task_prio(p) + MAX_RT_PRIO;
	sim_hb_ignore_end();
	return prio;
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
	sim_hb_ignore_begin();		/* the harness's, no CPU's work */
	trace_sink(ev, trace_sink_arg);
	sim_hb_ignore_end();
}

/*
 * digest_word - fold one 64-bit word into the digest.
 *
 * Word by word, not byte by byte as FNV-1a: the xor and the multiply by
 * an odd constant are each a bijection of the state, and so is the
 * xorshift, so for a given state a change in @v always changes the state
 * after it, and what follows (bijections of the state for given words)
 * keeps it changed to the end.  The xorshift carries the high bits the
 * multiply produced back down, where the next word's multiply spreads
 * them over the whole state again.
 */
static inline void digest_word(unsigned long long v)
{
	unsigned long long h = (sim.digest ^ v) * 0x9e3779b97f4a7c15ULL;

	sim.digest = h ^ (h >> 32);
}

/*
 * digest_event - every field of an event: the time, the event and its
 * CPU, two pids (or a pid and a value) and one more value, whole.
 */
static void digest_event(int ev, int cpu, int a, int b, long c)
{
	digest_word(sim.now);
	digest_word(((unsigned long long)(unsigned int)ev << 32) |
		    (unsigned int)cpu);
	digest_word(((unsigned long long)(unsigned int)a << 32) |
		    (unsigned int)b);
	digest_word((unsigned long long)c);
}

static void trace_switch(int cpu, struct task_struct *prev,
			 struct task_struct *next)
{
	struct sim_trace_event ev = { .type = TR_SWITCH, .cpu = cpu };

	describe(prev, &ev.pid, ev.comm, &ev.prio);
	describe(next, &ev.next_pid, ev.next_comm, &ev.next_prio);
	ev.prev_state = prev->exit_state ? EXIT_DEAD : prev->state;
	emit(&ev);
}

void sim_trace_switch(int cpu, struct task_struct *prev,
		      struct task_struct *next)
{
	digest_event(TR_SWITCH, cpu, prev->pid, next->pid, prev->state);
	if (stat_sink)
		stat_switch(cpu, prev, next);
	if (trace_sink)
		trace_switch(cpu, prev, next);
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

/* ---- schedstat facts ----------------------------------------------------- */

/*
 * What the machine sees of the scheduler's work, for the harness's
 * sim_stat_set_sink(): the events each /proc/schedstat counter counts,
 * observed outside the driver.  The dispatcher marks its entry points
 * (trace_sched_enter()); process context keeps its mark in the task
 * (it may sleep inside), interrupt context in the CPU.
 */
static void *stat_sink_arg;

/* The harness's SIM_CTX_* are the dispatcher's SCHED_CTX_*. */
typedef char ctx_enums_agree[(int)SIM_NR_CTX == (int)SCHED_NR_CTX ? 1 : -1];

void sim_stat_set_sink(sim_stat_fn fn, void *arg)
{
	stat_sink = fn;
	stat_sink_arg = arg;
}

static int *ctx_slot(void)
{
	if (in_interrupt())
		return &this_sim_cpu()->irq_ctx;
	return &current->sim->sched_ctx;
}

static void stat_init(struct sim_stat_event *ev, int type, int cpu,
		      struct task_struct *p)
{
	memset(ev, 0, sizeof(*ev));
	ev->type = type;
	ev->ns = sim.now;
	ev->jiffies = jiffies;
	ev->cpu = cpu;
	ev->online = cpu_online(cpu);
	ev->pid = p->pid;
	ev->idle = p->sim->is_idle;
}

static void stat_emit(const struct sim_stat_event *ev)
{
	sim_hb_ignore_begin();		/* the harness's, no CPU's work */
	stat_sink(ev, stat_sink_arg);
	sim_hb_ignore_end();
}

static int runnable(struct task_struct *p)
{
	return !p->exit_state &&
		(p->state == TASK_RUNNING || p->sim->preempted);
}

/*
 * runnable_on - the runnable tasks whose CPU is @cpu, idle tasks aside;
 * in *@normal those of them other than current that are SCHED_NORMAL.
 */
static int runnable_on(int cpu, int *normal)
{
	struct sim_task *st;
	int n = 0;

	*normal = 0;
	list_for_each_entry(st, &sim.tasks, all) {
		struct task_struct *p = st->task;

		if (!p || st->exited || st->is_idle || task_cpu(p) != cpu ||
		    !runnable(p))
			continue;
		n++;
		if (p != current && p->policy == SCHED_NORMAL)
			(*normal)++;
	}
	return n;
}

int trace_sched_enter(int ctx)
{
	int *slot = ctx_slot(), old = *slot;

	*slot = ctx;
	if (ctx == SCHED_CTX_TICK)
		this_sim_cpu()->tick_queued = -1;
	return old;
}

/*
 * A child is born when the wake_up_new_task() that queues it returns: a
 * parent preempted inside it (at an unlock that drops its runqueue lock
 * to take another) has a runnable child on no runqueue meanwhile, as
 * the kernel has.  By pid: the child may have run, exited and been
 * freed on another CPU since it was queued.
 */
static void child_born(struct sim_task *parent)
{
	struct sim_task *child = sim_find(parent->waking_new);

	if (child)
		child->unborn = 0;
	parent->waking_new = 0;
}

void trace_sched_leave(int old_ctx)
{
	int *slot = ctx_slot();

	if (*slot == SCHED_CTX_NEW && !in_interrupt())
		child_born(current->sim);
	*slot = old_ctx;
}

/*
 * sim_check_left_entry - a CPU's code leaves the kernel (to user mode,
 * the idle loop, or from an interrupt) in @ctx: every scheduler entry
 * point it entered must have been left, or the facts would lie.
 */
void sim_check_left_entry(int ctx, const char *where)
{
	if (ctx != SCHED_CTX_NONE)
		sim_fail("BUG: cpu%d is %s inside scheduler entry point %d: "
			 "a trace_sched_enter() without trace_sched_leave()",
			 smp_processor_id(), where, ctx);
}

/*
 * trace_sched_waking - try_to_wake_up(@p, @state) begins.  Whether it
 * wakes @p is the machine's to say: @p must be asleep (neither on a CPU
 * nor runnable, so not queued) in a state of @state.
 */
int trace_sched_waking(struct task_struct *p, unsigned int state)
{
	struct sim_stat_event ev;
	int old = trace_sched_enter(SCHED_CTX_WAKEUP);

	sim_inv_touch(p);
	if (stat_sink) {
		stat_init(&ev, SIM_STAT_WAKEUP, smp_processor_id(), p);
		ev.from = ev.to = task_cpu(p);
		ev.success = !p->sim->on_cpu && !runnable(p) &&
			(p->state & state);
		ev.ctx = old;
		stat_emit(&ev);
	}
	return old;
}

/*
 * trace_sched_wakeup - try_to_wake_up() ran for @p.  A successful wake-up
 * of a task that is not on a CPU starts its wait for one.
 */
void trace_sched_wakeup(struct task_struct *p, int success, int old_ctx)
{
	struct sim_task *st = p->sim;

	trace_sched_leave(old_ctx);
	digest_event(TR_WAKEUP, task_cpu(p), p->pid, success,
		     smp_processor_id());
	if (!success)
		return;
	st->unborn = 0;
	if (trace_sink)
		trace_wake(TR_WAKEUP, p, success);
	st->wakeups++;
	if (st->seg == SEG_SLEEP)
		sim_seg_set(st, SEG_WAIT);
}

/* wake_up_new_task() of @p begins: SCHED_CTX_NEW, left as any other. */
int trace_sched_wakeup_new(struct task_struct *p)
{
	struct sim_stat_event ev;

	current->sim->waking_new = p->pid;
	sim_inv_touch(p);
	digest_event(TR_WAKEUP_NEW, task_cpu(p), p->pid, 1, smp_processor_id());
	if (trace_sink)
		trace_wake(TR_WAKEUP_NEW, p, 1);
	if (p->sim->seg == SEG_SLEEP)
		sim_seg_set(p->sim, SEG_WAIT);
	if (stat_sink) {
		stat_init(&ev, SIM_STAT_WAKEUP_NEW, smp_processor_id(), p);
		ev.from = ev.to = task_cpu(p);
		ev.success = 1;
		stat_emit(&ev);
	}
	return trace_sched_enter(SCHED_CTX_NEW);
}

void trace_sched_set_cpus_allowed(struct task_struct *p, int done)
{
	p->sim->moving += done ? -1 : 1;
	sim_inv_touch(p);
}

void trace_sched_yield(void)
{
	struct sim_stat_event ev;
	int cpu = smp_processor_id();

	if (!stat_sink)
		return;
	stat_init(&ev, SIM_STAT_YIELD, cpu, current);
	ev.nr_running = runnable_on(cpu, &ev.nr_normal);
	stat_emit(&ev);
}

/* sched_exec() by current begins: SCHED_CTX_EXEC until the _done. */
int trace_sched_exec(void)
{
	struct sim_stat_event ev;
	int cpu = smp_processor_id();

	current->sim->in_exec++;
	if (stat_sink) {
		stat_init(&ev, SIM_STAT_EXEC, cpu, current);
		ev.from = ev.to = task_cpu(current);
		ev.nr_running = runnable_on(cpu, &ev.nr_normal);
		stat_emit(&ev);
	}
	return trace_sched_enter(SCHED_CTX_EXEC);
}

void trace_sched_exec_done(int old_ctx)
{
	trace_sched_leave(old_ctx);
	current->sim->in_exec--;
}

void trace_sched_attach_domain(int cpu)
{
	struct sim_stat_event ev;

	if (!stat_sink)
		return;
	stat_init(&ev, SIM_STAT_DOMAIN, cpu, current);
	stat_emit(&ev);
}

/* schedule() picks: it clears prev's need_resched once per pick. */
void __sim_need_resched_cleared(struct task_struct *tsk)
{
	struct sim_stat_event ev;

	if (!stat_sink || tsk != current || in_interrupt() ||
	    current->sim->sched_ctx != SCHED_CTX_SCHEDULE)
		return;
	stat_init(&ev, SIM_STAT_PASS, smp_processor_id(), tsk);
	stat_emit(&ev);
}

static void stat_switch(int cpu, struct task_struct *prev,
			struct task_struct *next)
{
	struct sim_stat_event ev;

	stat_init(&ev, SIM_STAT_SWITCH, cpu, prev);
	ev.next_pid = next->pid;
	ev.next_idle = next->sim->is_idle;
	stat_emit(&ev);
}

/*
 * The tasks queued on this CPU when the tick in progress came, found at
 * the tick's first move (its task's CPU is still @from): those on it
 * now, less the one leaving.
 */
static int tick_queued(int from)
{
	struct sim_cpu *c = this_sim_cpu();
	int normal;

	if (c->tick_queued < 0)
		c->tick_queued = runnable_on(c->id, &normal) - (from == c->id);
	return c->tick_queued;
}

static void stat_move(struct task_struct *p, int from, int to)
{
	struct sim_stat_event ev;
	int ctx = *ctx_slot();

	if (!stat_sink)
		return;
	stat_init(&ev, SIM_STAT_MOVE, smp_processor_id(), p);
	ev.from = from;
	ev.to = to;
	ev.ctx = ctx;
	ev.pending = (p->sim->moving > 0 ? SIM_PENDING_AFFINITY : 0) |
		(p->sim->in_exec > 0 ? SIM_PENDING_EXEC : 0);
	ev.by_kthread = !!(current->flags & PF_KTHREAD);
	if (ctx == SCHED_CTX_TICK && current->sim->is_idle) {
		ev.tick_idle = 1;
		ev.tick_queued = tick_queued(from);
	}
	stat_emit(&ev);
}

static void trace_migrate(struct task_struct *p, int from, int to)
{
	struct sim_trace_event ev = {
		.type = TR_MIGRATE, .cpu = smp_processor_id(),
		.orig_cpu = from, .target_cpu = to,
	};

	describe(p, &ev.pid, ev.comm, &ev.prio);
	emit(&ev);
}

void sim_trace_migrate(struct task_struct *p, int from, int to)
{
	stat_move(p, from, to);
	digest_event(TR_MIGRATE, from, p->pid, to, 0);
	p->sim->migrations++;
	if (trace_sink)
		trace_migrate(p, from, to);
}
