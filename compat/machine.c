/*
 * compat/machine.c - the simulated SMP machine: CPUs, virtual time, the
 * timer interrupt, IPIs, context switches and the event loop.
 *
 * One host thread runs everything.  Each simulated task has a context of
 * its own (compat/host/context.c); the machine runs on the host thread's
 * own stack and hands control to the current task of one CPU at a time.
 * A task gives control back only at two places: in user mode while it
 * burns CPU time (sim_burn()), and in the idle loop.  Everything between
 * takes no virtual time.
 *
 * Events are processed in global time order, earliest first, ties by CPU
 * number: pending IPIs and reschedules, then the timer tick, then the end
 * of a burn.  Each CPU ticks every 1/HZ; the tick runs in hardirq context
 * on the machine's stack with current set to the interrupted task, runs
 * expired timers in softirq context, and on the way out preempts the
 * current task if it needs rescheduling, as the return-from-interrupt
 * path does.
 *
 * Where this differs from hardware: code runs in zero virtual time, there
 * is no nested interrupt, and ticks of all CPUs fall on the same instants.
 */
#include <linux/sched.h>
#include <linux/kernel_stat.h>
#include <linux/topology.h>
#include <linux/cpu.h>
#include <linux/init.h>
#include <linux/kthread.h>
#include <asm/uaccess.h>
#include <linux/string.h>
#include <linux/sched_trace.h>

#include "internal.h"

struct sim_machine sim;

int sim_this_cpu;
struct task_struct *sim_current[NR_CPUS];
struct thread_info *sim_current_ti[NR_CPUS];
volatile unsigned long jiffies;
u64 jiffies_64;
int __sim_hz = 1000;

cpumask_t cpu_possible_map;
cpumask_t cpu_present_map;
cpumask_t cpu_online_map;
cpumask_t cpu_sibling_map[NR_CPUS];
int sim_cpu_node[NR_CPUS];
int sim_nr_nodes;

DEFINE_PER_CPU(struct kernel_stat, kstat);

struct task_struct init_task;
struct task_struct base_init_task;
struct mm_struct init_mm;

/* ---- interrupts and preemption ------------------------------------------- */

/* sim_current[@cpu] and its thread_info (current_thread_info()) */
static void set_current(int cpu, struct task_struct *p)
{
	sim_current[cpu] = p;
	sim_current_ti[cpu] = p->thread_info;
}

void sim_irq_disable(void)
{
	this_sim_cpu()->irqs_off = 1;
}

static void take_pending_interrupt(struct sim_cpu *c);

void sim_irq_enable(const char *file, int line)
{
	if (in_irq())
		sim_fail("BUG: interrupts enabled in hardirq context at %s:%d "
			 "on cpu%d", file, line, smp_processor_id());
	this_sim_cpu()->irqs_off = 0;
	if (unlikely(sim.ilv.executing)) {
		__sim_point(file, line);
		take_pending_interrupt(this_sim_cpu());
	}
}

int sim_irqs_disabled(void)
{
	return this_sim_cpu()->irqs_off;
}

void sim_irq_restore(unsigned long flags, const char *file, int line)
{
	if (flags)
		sim_irq_disable();
	else
		sim_irq_enable(file, line);
}

void sim_irq_enter(int cpu)
{
	struct sim_cpu *c = &sim.cpu[cpu];

	sim_this_cpu = cpu;
	c->irqs_off = 1;
	preempt_count() += HARDIRQ_OFFSET;
}

void sim_irq_exit(int cpu)
{
	struct sim_cpu *c = &sim.cpu[cpu];

	preempt_count() -= HARDIRQ_OFFSET;
	sim_check_no_locks(cpu, "returning from a hardirq");

	/* Softirq: the timer wheel of this CPU, interrupts on. */
	preempt_count() += SOFTIRQ_OFFSET;
	c->irqs_off = 0;
	sim_run_timers(cpu);
	c->irqs_off = 1;
	preempt_count() -= SOFTIRQ_OFFSET;
	sim_check_no_locks(cpu, "returning from a softirq");
	sim_check_left_entry(c->irq_ctx, "returning from an interrupt");
	c->irqs_off = 0;
}

/**
 * smp_send_reschedule - send a reschedule IPI to @cpu.
 *
 * The interrupt is delivered by the machine at the current virtual time,
 * after the sending CPU has given control back.
 */
void smp_send_reschedule(int cpu)
{
	if (cpu < 0 || cpu >= sim.nr_cpus)
		sim_fail("BUG: reschedule IPI to cpu%d, which does not exist",
			 cpu);
	sim_hb_release(SIM_HB_IPI(cpu));
	sim.cpu[cpu].ipi_pending = 1;
	sim_point_at(__FILE__, __LINE__);
}

unsigned long long sched_clock(void)
{
	return sim.now;
}

u64 get_jiffies_64(void)
{
	return jiffies_64;
}

void set_task_cpu(struct task_struct *p, unsigned int cpu)
{
	int from = p->thread_info->cpu;

	if (cpu >= (unsigned int)sim.nr_cpus)
		sim_fail("BUG: set_task_cpu(%s, %u): no such cpu",
			 sim_task_name(p), cpu);
	if (from != (int)cpu)
		sim_trace_migrate(p, from, cpu);
	sim_inv_touch(p);
	sim_inv_touch_cpu(cpu);
	p->thread_info->cpu = cpu;
}

/* ---- time accounting ----------------------------------------------------- */

void sim_account_cpu(struct sim_cpu *c)
{
	unsigned long long delta = sim.now - c->last_acct;

	if (sim_current[c->id] == c->idle)
		c->idle_ns += delta;
	else
		c->busy_ns += delta;
	c->last_acct = sim.now;
}

/*
 * sim_seg_set - end the task's current time segment and start @seg.
 * The machine's view of run, wait and sleep time, independent of the
 * driver's own accounting.
 */
void sim_seg_set(struct sim_task *st, enum sim_seg seg)
{
	unsigned long long delta = sim.now - st->seg_start;

	switch (st->seg) {
	case SEG_RUN:
		st->run_ns += delta;
		break;
	case SEG_WAIT:
		st->wait_ns += delta;
		break;
	case SEG_SLEEP:
		st->sleep_ns += delta;
		break;
	case SEG_NONE:
		break;
	}
	st->seg = seg;
	st->seg_start = sim.now;
}

/* ---- context switches ---------------------------------------------------- */

static void check_switch(struct sim_cpu *c, struct task_struct *prev,
			 struct task_struct *next)
{
	if (next == prev)
		sim_fail("BUG: switch_to(%s, itself) on cpu%d",
			 sim_task_name(prev), c->id);
	if (!next->sim || !next->sim->ctx || next->sim->exited)
		sim_fail("BUG: cpu%d switches to %s, which has exited",
			 c->id, sim_task_name(next));
	if (task_cpu(next) != c->id)
		sim_fail("BUG: cpu%d switches to %s, whose task_cpu() is %d",
			 c->id, sim_task_name(next), task_cpu(next));
	if (next != c->idle && !cpu_isset(c->id, next->cpus_allowed) &&
	    !sim_move_pending(next))
		sim_fail("BUG: cpu%d runs %s outside its cpus_allowed",
			 c->id, sim_task_name(next));
	if (!c->irqs_off)
		sim_fail("BUG: switch_to(%s, %s) with interrupts enabled on "
			 "cpu%d", sim_task_name(prev), sim_task_name(next),
			 c->id);
}

static void account_switch(struct sim_cpu *c, struct task_struct *prev,
			   struct task_struct *next)
{
	struct sim_task *ps = prev->sim, *ns = next->sim;
	int preempted = !!(prev->thread_info->preempt_count & PREEMPT_ACTIVE);

	sim_account_cpu(c);
	if (!ps->is_idle) {
		ps->preempted = preempted;
		if (prev->exit_state)
			sim_seg_set(ps, SEG_NONE);
		else if (prev->state == TASK_RUNNING || preempted)
			sim_seg_set(ps, SEG_WAIT);
		else
			sim_seg_set(ps, SEG_SLEEP);
	}
	if (!ns->is_idle) {
		ns->preempted = 0;
		ns->switches++;
		sim_seg_set(ns, SEG_RUN);
	}
	c->switches++;
	sim.nr_switches++;
}

/**
 * __sim_switch_to - switch_to() for the drivers: run @next on this CPU.
 * @prev: the task giving up the CPU (current)
 * @next: the task to run
 *
 * Called by the driver's context switch with the runqueue lock held and
 * interrupts disabled.  Returns, in @prev's context when it runs again
 * (perhaps on another CPU), the task that was switched away from then.
 */
struct task_struct *__sim_switch_to(struct task_struct *prev,
				    struct task_struct *next)
{
	struct sim_cpu *c = this_sim_cpu();

	if (prev != current)
		sim_fail("BUG: switch_to(%s, %s) on cpu%d but current is %s",
			 sim_task_name(prev), sim_task_name(next), c->id,
			 sim_task_name(current));
	check_switch(c, prev, next);
	account_switch(c, prev, next);
	sim_trace_switch(c->id, prev, next);

	sim_inv_touch(prev);
	sim_inv_touch(next);
	set_current(c->id, next);
	prev->sim->on_cpu = 0;
	next->sim->on_cpu = 1;
	c->switch_from = prev;
	sim_ctx_switch(prev->sim->ctx, next->sim->ctx);

	return this_sim_cpu()->switch_from;
}

/* ---- parking: where a task hands control back ---------------------------- */

/**
 * sim_park - give control back to the machine.
 * @why: PARK_BURN (user mode, busy until @until) or PARK_IDLE
 * @until: end of the burn, in virtual ns
 *
 * Returns when the machine resumes the CPU's current task: at the end of
 * the burn, or earlier when it needs rescheduling.  A task may only park
 * where a real one could be interrupted: no lock held, preemptible,
 * interrupts on.
 */
void sim_park(enum sim_park why, unsigned long long until)
{
	struct sim_cpu *c = this_sim_cpu();
	struct task_struct *p = current;

	sim_check_no_locks(c->id, "returning to the machine");
	if (preempt_count())
		sim_fail("BUG: %s returns to the machine on cpu%d with "
			 "preempt_count 0x%x", sim_task_name(p), c->id,
			 preempt_count());
	if (c->irqs_off)
		sim_fail("BUG: %s returns to the machine on cpu%d with "
			 "interrupts disabled", sim_task_name(p), c->id);
	sim_check_left_entry(p->sim->sched_ctx, "returning to the machine");
	c->park = why;
	c->burn_end = until;
	sim_ctx_switch(p->sim->ctx, host_ctx_main());
}

#define SPIN_NS	1000ULL		/* virtual time one cpu_relax() takes */

void cpu_relax(void)
{
	struct sim_cpu *c = this_sim_cpu();

	if (in_interrupt() || !sim.in_run)
		sim_fail("BUG: busy-wait in interrupt context on cpu%d: it "
			 "could never end", c->id);
	sim_check_no_locks(c->id, "busy-waiting");
	c->park = PARK_SPIN;
	c->burn_end = sim.now + SPIN_NS;
	sim_ctx_switch(current->sim->ctx, host_ctx_main());
}

/*
 * cpu_idle - the idle loop of every CPU.  It sleeps in the machine until
 * something sets need_resched on the idle task.
 */
void cpu_idle(void)
{
	for (;;) {
		while (!need_resched())
			sim_park(PARK_IDLE, 0);
		schedule();
	}
}

/* ---- the event loop ------------------------------------------------------ */

enum sim_event {
	EV_NONE,
	EV_IPI,			/* reschedule interrupt or pending resched */
	EV_TICK,
	EV_BURN,
};

/* Run @c's current task from where it parked; @from is left. */
static void resume_task(struct sim_cpu *c, struct host_ctx *from)
{
	sim_account_cpu(c);
	sim_this_cpu = c->id;
	c->park = PARK_NONE;
	c->started = 1;
	sim_ctx_switch(from, sim_current[c->id]->sim->ctx);
}

/*
 * enter_cpu - hand control from the machine to @c, running @ctx, until
 * the CPU parks or stops at a point.  Only then may points yield.
 */
static void enter_cpu(struct sim_cpu *c, struct host_ctx *ctx)
{
	sim_this_cpu = c->id;
	sim.ilv.executing = sim.ilv.mode != ILV_SERIAL;
	host_ctx_switch(host_ctx_main(), ctx);
	sim.ilv.executing = 0;
}

static void resume_cpu(struct sim_cpu *c)
{
	sim.ilv.executing = sim.ilv.mode != ILV_SERIAL;
	resume_task(c, host_ctx_main());
	sim.ilv.executing = 0;
}

static int cpu_needs_resched(const struct sim_cpu *c)
{
	return (c->park == PARK_BURN || c->park == PARK_IDLE) &&
		test_ti_thread_flag(sim_current_ti[c->id], TIF_NEED_RESCHED);
}

/* The return-from-interrupt path: preempt the task if it needs it. */
static void irq_return(struct sim_cpu *c)
{
	if (cpu_needs_resched(c))
		resume_cpu(c);
}

static void tick_body(struct sim_cpu *c)
{
	int user = c->park == PARK_BURN;
	struct sim_tick_account acct;
	struct task_struct *p;

	if (c->next_tick < sim.now) {
		/* ticks lost while interrupts were off are not replayed */
		c->next_tick += (sim.now - c->next_tick) / sim.tick_ns *
			sim.tick_ns;
	}
	sim_account_cpu(c);
	sim_irq_enter(c->id);
	if (c->id == sim.timekeeper) {
		jiffies++;
		jiffies_64++;
	}
	p = current;
	if (sim.cfg.checks)
		sim_tick_account_begin(c, p, user, &acct);
	if (user)
		account_user_time(p, jiffies_to_cputime(1));
	else
		account_system_time(p, HARDIRQ_OFFSET, jiffies_to_cputime(1));
	if (sim.cfg.checks)
		sim_tick_account_check(c, &acct);
	scheduler_tick();
	sim_irq_exit(c->id);
	c->next_tick += sim.tick_ns;
}

static void ipi_body(struct sim_cpu *c)
{
	c->ipi_pending = 0;
	sim_hb_acquire(SIM_HB_IPI(c->id));
	sim_irq_enter(c->id);
	sim_irq_exit(c->id);
}

static void do_tick(struct sim_cpu *c)
{
	tick_body(c);
	irq_return(c);
}

static void do_ipi(struct sim_cpu *c)
{
	ipi_body(c);
	irq_return(c);
}

/*
 * cpu_event - the next event of @c and its time: an IPI (or pending
 * reschedule) now, the tick, the end of a burn or spin; on one instant
 * in that order.  A CPU stopped at a point has none: it is busy.  With
 * @storm, IPIs wait: see sim_drain().
 */
static __always_inline enum sim_event cpu_event(struct sim_cpu *c,
						unsigned long long *when,
						int storm)
{
	enum sim_event best = EV_NONE;
	unsigned long long t = ~0ULL;

	*when = t;
	if (!c->online || !c->started || c->at_point)
		return EV_NONE;
	if (!storm && (c->ipi_pending || cpu_needs_resched(c))) {
		*when = sim.now;
		return EV_IPI;
	}
	if (c->park == PARK_SPIN) {
		/* interrupts off: nothing but the end of the spin */
		if (c->irqs_off || c->burn_end <= c->next_tick) {
			*when = c->burn_end;
			return EV_BURN;
		}
	}
	if (c->next_tick < t) {
		t = c->next_tick;
		best = EV_TICK;
	}
	if (c->park == PARK_BURN && c->burn_end < t) {
		t = c->burn_end;
		best = EV_BURN;
	}
	*when = t;
	return best;
}

/*
 * The next event of the machine: the earliest, ties to the lowest CPU,
 * so at one instant the CPUs go in order, each one's IPI (or pending
 * reschedule) before its tick: an IPI sent during cpu0's tick to cpu3
 * waits for the ticks of cpu1 and cpu2.
 */
static enum sim_event next_event(unsigned long long *when, int *cpu,
				 int storm)
{
	enum sim_event best = EV_NONE, ev;
	unsigned long long t = ~0ULL, ct;
	int i;

	for (i = 0; i < sim.nr_cpus; i++) {
		ev = cpu_event(&sim.cpu[i], &ct, storm);
		if (ev != EV_NONE && ct < t) {
			t = ct;
			best = ev;
			*cpu = i;
		}
	}
	*when = t;
	return best;
}

static void start_interrupt(enum sim_event ev, struct sim_cpu *c);

static void process_event(enum sim_event ev, struct sim_cpu *c)
{
	/*
	 * The race detector: an interrupt executes for its CPU, which the
	 * machine's context cannot do (it orders nothing): on the CPU's
	 * interrupt stack, as when CPUs interleave.
	 */
	if (SIM_TSAN && ev != EV_BURN && ev != EV_NONE) {
		start_interrupt(ev, c);
		return;
	}
	switch (ev) {
	case EV_IPI:
		do_ipi(c);
		break;
	case EV_TICK:
		do_tick(c);
		break;
	case EV_BURN:
		resume_cpu(c);
		break;
	case EV_NONE:
		break;
	}
}

/*
 * Start the CPUs that came online but have not run their idle loop yet:
 * only after one came online (sim.new_cpus), not at every event.  One
 * that comes online meanwhile sets it again.
 */
static void start_new_cpus(void)
{
	int i;

	if (likely(!sim.new_cpus))
		return;
	sim.new_cpus = 0;
	for (i = 0; i < sim.nr_cpus; i++) {
		struct sim_cpu *c = &sim.cpu[i];

		if (c->online && !c->started)
			resume_cpu(c);
	}
}

/*
 * Kernel code takes no time here, so CPUs that keep rescheduling each
 * other (2.6.10's SMT dependent_sleeper() and wake_sleeping_dependent()
 * can) would do so for ever at one instant; on hardware the storm burns
 * time until a tick changes the state.  After STORM_EVENTS events at one
 * instant the IPIs wait for the next other event, which moves time.
 *
 * The storm changes nothing but counters while it lasts, so it is cut
 * as soon as it is surely one: at one instant a CPU has its tick, an
 * IPI or two, the end of a burn (the bundled examples on every driver,
 * 8 and 64 CPUs: 2 events a CPU at most), far from 32.  A fixed 10,000
 * cost that many events a tick: 0.1 s of --smt=8 at HZ 10000 took 10
 * million events, now 259,007 (docs/drivers.md, ingosched).
 */
#define STORM_EVENTS_PER_CPU	32UL
#define STORM_EVENTS		(STORM_EVENTS_PER_CPU * sim.nr_cpus)

/*
 * Say that a storm was cut: the first, then the 10th, 100th... with
 * their count.  A workload that storms does so at every tick (4 SMT
 * threads of ingosched, docs/drivers.md), and a line each time would
 * grow the log by megabytes a simulated second.
 */
static void warn_storm(unsigned long events)
{
	unsigned long long n = ++sim.nr_storms;

	while (n % 10 == 0)
		n /= 10;
	if (n != 1)
		return;
	printk(KERN_WARNING "machine: %lu events at %llu ns, an IPI storm "
	       "(%llu so far): time moves on\n", events, sim.now,
	       sim.nr_storms);
}

/* ---- interleaving -------------------------------------------------------- */

/*
 * With an interleaving strategy (compat/interleave.c) a CPU's kernel path
 * can stop at a point and let another CPU run at the same instant.  A
 * stopped CPU is busy: it takes no interrupt until its path parks.  Its
 * interrupts run on a stack of its own, so that a tick stopped inside
 * scheduler_tick() can wait while other CPUs go on.
 */
#define IRQ_STACK_SIZE	(128UL << 10)

/* The context @c executes in: its interrupt stack or its current task. */
static struct host_ctx *cpu_ctx(struct sim_cpu *c)
{
	return c->in_irq_stack ? c->irq_stack : sim_current[c->id]->sim->ctx;
}

/* Can @c go on now?  @self is the CPU asking, which can. */
static int cpu_ready(struct sim_cpu *c, int self, int storm)
{
	unsigned long long t;

	if (c->id == self)
		return 1;
	if (c->at_point)
		return !c->spin_lock || !sim_spin_blocked(c);
	return cpu_event(c, &t, storm) != EV_NONE && t <= sim.now;
}

static unsigned long ready_cpus(int self, int storm)
{
	unsigned long ready = 0;
	int i;

	for (i = 0; i < sim.nr_cpus; i++)
		if (cpu_ready(&sim.cpu[i], self, storm))
			ready |= 1UL << i;
	return ready;
}

static int cpus_at_point(void)
{
	int i;

	for (i = 0; i < sim.nr_cpus; i++)
		if (sim.cpu[i].at_point)
			return 1;
	return 0;
}

/* Stop @c's path here until the machine picks it again. */
static void stop_at_point(struct sim_cpu *c, const char *file, int line)
{
	struct host_ctx *ctx = cpu_ctx(c);

	c->at_point = 1;
	c->point_file = file;
	c->point_line = line;
	sim_ctx_switch(ctx, host_ctx_main());
}

/**
 * __sim_point - a place where SMP hardware lets other CPUs' work become
 * visible (a lock, an atomic, an interrupt or preemption point).
 * @file, @line: the caller's source place
 *
 * Serially nothing happens.  Interleaving, when another CPU could go on
 * too, the strategy decides which does; this path may stop here.
 */
void __sim_point(const char *file, int line)
{
	struct sim_cpu *c;
	unsigned long ready;
	int cpu;

	if (likely(!sim.ilv.executing))
		return;
	c = this_sim_cpu();
	c->steps++;
	ready = ready_cpus(c->id, 0);
	if (!(ready & ~(1UL << c->id)))
		return;
	cpu = sim_ilv_decide(c->id, ready, c->id, file, line);
	if (cpu == c->id)
		return;
	sim.ilv.forced = cpu;
	stop_at_point(c, file, line);
}

static void __attribute__((noreturn)) report_deadlock(void)
{
	char buf[1536], one[384];
	int i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < sim.nr_cpus; i++) {
		if (!sim.cpu[i].spin_lock)
			continue;
		sim_describe_spin(&sim.cpu[i], one, sizeof(one));
		n += snprintf(buf + n, n < (int)sizeof(buf) ?
			      sizeof(buf) - n : 0, "%s%s", n ? ", while " : "",
			      one);
		if (n >= (int)sizeof(buf))
			break;
	}
	sim_fail("BUG: deadlock: %s", buf);
}

/**
 * sim_spin_wait - spin on a lock another CPU holds (interleaving only).
 * @lock: the lock, of @kind (enum sim_spin_kind)
 * @file, @line: where it is being taken
 *
 * The CPU stops until the lock is free; the holder's CPU, or another,
 * goes on meanwhile.  When nothing can go on, every busy CPU spins on a
 * lock another spinning CPU holds: that is a deadlock, and a report.
 */
void sim_spin_wait(void *lock, int kind, const char *file, int line)
{
	struct sim_cpu *c = this_sim_cpu();
	unsigned long ready;
	int cpu;

	c->spin_lock = lock;
	c->spin_kind = kind;
	c->point_file = file;
	c->point_line = line;
	while (sim_spin_blocked(c)) {
		ready = ready_cpus(-1, 0);
		if (!ready)
			report_deadlock();
		cpu = __ffs(ready);
		if (ready & (ready - 1))
			cpu = sim_ilv_decide(c->id, ready, cpu, file, line);
		sim.ilv.forced = cpu;
		stop_at_point(c, file, line);
	}
	c->spin_lock = NULL;
}

/*
 * irq_stack_entry - the interrupt stack of a CPU: run the interrupt the
 * machine posted, then return from it as hardware does, into the task
 * if it needs rescheduling, else back to the machine.
 */
static void irq_stack_entry(void *arg)
{
	struct sim_cpu *c = arg;

	struct host_ctx *back;

	sim_hb_cpu_enter();
	for (;;) {
		if (c->irq_event == EV_TICK)
			tick_body(c);
		else
			ipi_body(c);
		c->irq_event = EV_NONE;
		c->in_irq_stack = 0;
		back = c->irq_return;
		c->irq_return = NULL;
		if (back)		/* nested in a kernel path: back to it */
			sim_ctx_switch(c->irq_stack, back);
		else if (cpu_needs_resched(c))
			resume_task(c, c->irq_stack);
		else
			sim_ctx_switch(c->irq_stack, host_ctx_main());
	}
}

static void need_irq_stack(struct sim_cpu *c)
{
	if (c->irq_stack)
		return;
	c->irq_stack = host_ctx_new(IRQ_STACK_SIZE, irq_stack_entry, c);
	if (!c->irq_stack)
		sim_fail("machine: no memory for cpu%d's interrupt stack",
			 c->id);
}

/*
 * take_pending_interrupt - interleaving, a kernel path of @c has just
 * enabled interrupts: an IPI another CPU sent meanwhile is taken at
 * once, as hardware does, on @c's interrupt stack while the path waits.
 * On the way back the path is preempted if it needs to be and can be,
 * as the return from an interrupt into the kernel does.
 *
 * A tick due at this instant waits for the path to park instead: kernel
 * code takes no time here, and a tick taken inside it would charge a
 * whole jiffy to whatever ran at that instant (a migration thread woken
 * by another CPU's balancing took a fifth of an RR task's ticks so).
 */
static void take_pending_interrupt(struct sim_cpu *c)
{
	struct task_struct *p = current;

	if (in_interrupt() || c->in_irq_stack || !c->started ||
	    !c->ipi_pending)
		return;
	c->irq_event = EV_IPI;
	need_irq_stack(c);
	c->in_irq_stack = 1;
	c->irq_return = p->sim->ctx;
	sim_ctx_switch(p->sim->ctx, c->irq_stack);
	if (need_resched())
		preempt_schedule();
}

static void start_interrupt(enum sim_event ev, struct sim_cpu *c)
{
	need_irq_stack(c);
	c->irq_event = ev;
	c->in_irq_stack = 1;
	enter_cpu(c, c->irq_stack);
}

/*
 * The serial choice when no CPU runs: a CPU stopped at a point before
 * any new event, else the next event in serial order.
 */
static int default_cpu(unsigned long ready, int storm)
{
	unsigned long long t;
	int i, cpu = __ffs(ready);

	for (i = 0; i < sim.nr_cpus; i++)
		if ((ready & (1UL << i)) && sim.cpu[i].at_point)
			return i;
	next_event(&t, &cpu, storm);
	return cpu;
}

static int pick_cpu(unsigned long ready, int storm)
{
	int cpu = sim.ilv.forced;

	sim.ilv.forced = -1;
	if (cpu >= 0 && (ready & (1UL << cpu)))
		return cpu;
	if (!(ready & (ready - 1)))
		return __ffs(ready);
	return sim_ilv_decide(-1, ready, default_cpu(ready, storm), NULL, 0);
}

/* Let @c go on: from its point, or with its next event. */
static void run_cpu(struct sim_cpu *c, int storm)
{
	unsigned long long t;
	enum sim_event ev;

	if (c->at_point) {
		c->at_point = 0;
		enter_cpu(c, cpu_ctx(c));
		return;
	}
	ev = cpu_event(c, &t, storm);
	sim.nr_events++;
	if (ev == EV_BURN)
		resume_cpu(c);
	else
		start_interrupt(ev, c);
}

/*
 * ilv_drain - sim_drain() when CPUs interleave.  Time moves only when no
 * CPU is stopped at a point and none has work left at this instant; the
 * invariants and @done are looked at only then, when no path is half
 * done.
 */
static int ilv_drain(unsigned long long limit, int (*done)(void *),
		     void *arg)
{
	unsigned long storm = 0, ready;
	unsigned long long t;
	int cpu, busy;

	for (;;) {
		busy = cpus_at_point();
		if (!busy) {
			start_new_cpus();
			busy = cpus_at_point();
		}
		if (!busy && done && done(arg))
			return 1;
		ready = ready_cpus(-1, storm >= STORM_EVENTS);
		if (!ready) {
			if (busy)
				report_deadlock();
			if (next_event(&t, &cpu, storm >= STORM_EVENTS) ==
			    EV_NONE || t > limit)
				break;
			if (t <= sim.now) {
				/* only IPIs were ready, and they wait */
				storm = STORM_EVENTS;
				continue;
			}
			sim.now = t;
			storm = 0;
			continue;
		}
		if (storm == STORM_EVENTS)
			warn_storm(storm);
		cpu = pick_cpu(ready, storm >= STORM_EVENTS);
		if (!sim.cpu[cpu].at_point)
			storm++;
		run_cpu(&sim.cpu[cpu], storm >= STORM_EVENTS);
		sim_inv_touch_cpu(cpu);
		if (cpus_at_point())
			continue;
		sim_free_dead_tasks();
		if (sim.cfg.checks)
			sim_check_event(cpu);
	}
	if (limit > sim.now && limit != ~0ULL)
		sim.now = limit;
	return 0;
}

/**
 * sim_drain - process events up to virtual time @limit.
 * @done: optional predicate; draining stops as soon as it holds
 *
 * Returns 1 if @done held, else 0 after advancing the clock to @limit.
 * Runs inside host_guard(): a failed check never returns here.  With
 * an IPI storm (STORM_EVENTS), time moves on.
 */
int sim_drain(unsigned long long limit, int (*done)(void *), void *arg)
{
	unsigned long storm = 0;
	enum sim_event ev;
	unsigned long long t;
	int cpu = 0;

	if (sim.ilv.mode != ILV_SERIAL)
		return ilv_drain(limit, done, arg);
	for (;;) {
		start_new_cpus();
		if (done && done(arg))
			return 1;
		ev = next_event(&t, &cpu, storm >= STORM_EVENTS);
		if (ev == EV_NONE || t > limit)
			break;
		if (storm == STORM_EVENTS)
			warn_storm(storm);
		storm = t > sim.now ? 0 : storm + 1;
		if (t > sim.now)
			sim.now = t;
		process_event(ev, &sim.cpu[cpu]);
		sim.nr_events++;
		if (!list_empty(&sim.dead))
			sim_free_dead_tasks();
		if (sim.cfg.checks)
			sim_check_event(cpu);
	}
	if (limit > sim.now && limit != ~0ULL)
		sim.now = limit;
	return 0;
}

/* ---- boot ---------------------------------------------------------------- */

/*
 * parse_boot_params - hand each "name=value" word of the command line to
 * the __setup() handler whose prefix it matches, as the kernel's
 * obsolete_checksetup() does.  Words nobody claims are left alone.
 */
extern const struct obs_kernel_param __start_plugsched_setup[];
extern const struct obs_kernel_param __stop_plugsched_setup[];

static void parse_boot_params(char *cmdline)
{
	char *word = cmdline, *end;
	const struct obs_kernel_param *p;
	size_t n;

	while (*word) {
		while (*word == ' ')
			word++;
		if (!*word)
			break;
		end = word;
		while (*end && *end != ' ')
			end++;
		if (*end)
			*end++ = '\0';
		for (p = __start_plugsched_setup; p < __stop_plugsched_setup;
		     p++) {
			n = strlen(p->str);
			if (!strncmp(word, p->str, n)) {
				p->setup_func(word + n);
				break;
			}
		}
		word = end;
	}
}

/**
 * sim_setup_handler - the __setup() handler of option @opt ("name=")
 * applied to @arg, for tests of a handler's own contract
 *
 * Returns the handler's result (nonzero: it took the option), or -1 when
 * no handler has that name.
 */
int sim_setup_handler(const char *opt, char *arg)
{
	const struct obs_kernel_param *p;

	for (p = __start_plugsched_setup; p < __stop_plugsched_setup; p++)
		if (!strcmp(p->str, opt))
			return p->setup_func(arg);
	return -1;
}

static char boot_cmdline[1024];

static void rest_init(void)
{
	struct task_struct *p;

	p = sim_copy_process(CLONE_FS | CLONE_SIGHAND, NULL);
	p->sim->kfn = init_main;
	strlcpy(p->comm, "init", sizeof(p->comm));
	strlcpy(p->sim->name, "init", sizeof(p->sim->name));
	sim.init = p;
	sim_task_start_context(p, NULL);
	wake_up_new_task(p, CLONE_FS | CLONE_SIGHAND);
	preempt_enable_no_resched();
	cpu_idle();
}

/*
 * sim_start_kernel - start_kernel() of the simulated machine, run by
 * init_task on the boot CPU.  The order is 2.6.10's: save the base
 * init_task for "cpusched=", sched_init(), then the boot parameters (which
 * may pick another driver and run sched_init() again), then the first
 * kernel thread, then the idle loop.
 */
void sim_start_kernel(void)
{
	base_init_task = init_task;
	sim_check_drivers();
	scheduler = sched_drivers[0];
	sched_init();
	preempt_disable();
	strlcpy(boot_cmdline, sim.cfg.cmdline ? sim.cfg.cmdline : "",
		sizeof(boot_cmdline));
	parse_boot_params(boot_cmdline);
	local_irq_enable();
	rest_init();
}

static void boot_cpu_entry(void *unused)
{
	sim_hb_cpu_enter();
	sim_start_kernel();
}

static void idle_entry(void *unused)
{
	sim_hb_cpu_enter();
	local_irq_enable();
	cpu_idle();
}

/**
 * cpu_up - bring @cpu online: notify CPU_UP_PREPARE, make its idle task,
 * mark it online, notify CPU_ONLINE.  Its first tick comes one period
 * after the current instant's tick boundary.
 */
int cpu_up(unsigned int cpu)
{
	struct sim_cpu *c = &sim.cpu[cpu];
	struct task_struct *idle;
	int ret;

	if (cpu >= (unsigned int)sim.nr_cpus || c->online)
		return -EINVAL;
	lock_cpu_hotplug();
	ret = sim_cpu_notify(CPU_UP_PREPARE, cpu);
	if (ret) {
		sim_cpu_notify(CPU_UP_CANCELED, cpu);
		unlock_cpu_hotplug();
		return ret;
	}
	if (!c->idle) {
		idle = fork_idle(cpu);
		c->idle = idle;
		sim_task_start_context(idle, idle_entry);
	}
	set_current(cpu, c->idle);
	c->idle->sim->on_cpu = 1;
	c->next_tick = (sim.now / sim.tick_ns + 1) * sim.tick_ns;
	c->last_acct = sim.now;
	sim_hb_release(SIM_HB_CPU(cpu));	/* it starts after all this */
	c->online = 1;
	sim.new_cpus = 1;
	cpu_set(cpu, cpu_online_map);
	sim_cpu_notify(CPU_ONLINE, cpu);
	unlock_cpu_hotplug();
	return 0;
}

/* ---- CPU hotplug --------------------------------------------------------- */

/*
 * take_cpu_down - run on the dying CPU by its stop thread (SCHED_FIFO 99,
 * bound there): the CPU leaves cpu_online_map, so nothing new is placed
 * on it, and its idle task is made to run next.  The thread then sleeps
 * until cpu_down() stops it.
 */
static int take_cpu_down(void *unused)
{
	/* As under stop_machine: nothing preempts us until we sleep. */
	local_irq_disable();
	cpu_clear(smp_processor_id(), cpu_online_map);
	sched_idle_next();
	local_irq_enable();
	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

static struct task_struct *start_stop_thread(unsigned int cpu)
{
	struct sched_param param = { .sched_priority = MAX_RT_PRIO - 1 };
	mm_segment_t old = get_fs();
	struct task_struct *p;

	p = kthread_create(take_cpu_down, NULL, "kstopmachine");
	kthread_bind(p, cpu);
	set_fs(KERNEL_DS);
	setscheduler(p->pid, SCHED_FIFO, (struct sched_param __user *)&param);
	set_fs(old);
	wake_up_process(p);
	return p;
}

/* __cpu_die - the CPU runs its idle task and stops taking interrupts. */
static void __cpu_die(unsigned int cpu)
{
	struct sim_cpu *c = &sim.cpu[cpu];
	int i;

	sim_account_cpu(c);
	sim_hb_acquire(SIM_HB_CPU(cpu));	/* after its last work */
	c->online = 0;
	c->ipi_pending = 0;
	if (sim.timekeeper == (int)cpu)
		for (i = 0; i < sim.nr_cpus; i++)
			if (sim.cpu[i].online) {
				sim.timekeeper = i;
				break;
			}
	sim_migrate_timers(cpu, smp_processor_id());
}

/**
 * cpu_down - take @cpu offline, as kernel/cpu.c does in 2.6.10.
 *
 * Process context.  The caller stops being allowed on @cpu; a stop
 * thread on @cpu takes it out of cpu_online_map and runs its idle task;
 * once the CPU is idle it dies (no more ticks), its timers move here and
 * the CPU_DEAD notifiers move the tasks still queued on it.
 */
int cpu_down(unsigned int cpu)
{
	cpumask_t old_allowed, tmp;
	struct task_struct *p;
	int err = 0;

	lock_cpu_hotplug();
	if (cpu >= (unsigned int)sim.nr_cpus || !cpu_online(cpu)) {
		err = -EINVAL;
		goto out;
	}
	if (num_online_cpus() == 1) {
		err = -EBUSY;
		goto out;
	}
	if (sim_cpu_notify(CPU_DOWN_PREPARE, cpu)) {
		sim_cpu_notify(CPU_DOWN_FAILED, cpu);
		err = -EINVAL;
		goto out;
	}

	old_allowed = current->cpus_allowed;
	tmp = CPU_MASK_ALL;
	cpu_clear(cpu, tmp);
	set_cpus_allowed(current, tmp);

	p = start_stop_thread(cpu);
	/* The dying CPU must get to its idle task: let it run. */
	while (cpu_online(cpu) || !idle_cpu(cpu))
		cpu_relax();
	__cpu_die(cpu);

	kthread_bind(p, smp_processor_id());
	sim_cpu_notify(CPU_DEAD, cpu);
	kthread_stop(p);
	set_cpus_allowed(current, old_allowed);
out:
	unlock_cpu_hotplug();
	return err;
}

static void setup_topology(void)
{
	int per_node = sim.nr_cpus / sim.cfg.nr_nodes;
	int i, j;

	sim_nr_nodes = sim.cfg.nr_nodes;
	for (i = 0; i < sim.nr_cpus; i++) {
		int core = i / sim.cfg.smt;

		cpu_set(i, cpu_possible_map);
		cpu_set(i, cpu_present_map);
		sim_cpu_node[i] = i / per_node;
		cpus_clear(cpu_sibling_map[i]);
		for (j = core * sim.cfg.smt; j < (core + 1) * sim.cfg.smt; j++)
			cpu_set(j, cpu_sibling_map[i]);
	}
}

cpumask_t node_to_cpumask(int node)
{
	cpumask_t m = CPU_MASK_NONE;
	int i;

	for (i = 0; i < sim.nr_cpus; i++)
		if (sim_cpu_node[i] == node)
			cpu_set(i, m);
	return m;
}

static void setup_init_task(void)
{
	struct task_struct *p = &init_task;
	struct sim_task *st;

	memset(p, 0, sizeof(*p));
	st = kzalloc(sizeof(*st), GFP_KERNEL);
	st->task = p;
	st->ti.task = p;
	st->is_idle = 1;
	strlcpy(st->name, "swapper", sizeof(st->name));
	init_waitqueue_head(&st->cmd_wait);
	list_add_tail(&st->all, &sim.tasks);

	p->sim = st;
	p->thread_info = &st->ti;
	p->state = TASK_RUNNING;
	atomic_set(&p->usage, 2);
	p->lock_depth = -1;
	p->static_prio = MAX_PRIO - 20;
	p->policy = SCHED_NORMAL;
	p->cpus_allowed = CPU_MASK_ALL;
	p->active_mm = &init_mm;
	p->real_parent = p->parent = p;
	INIT_LIST_HEAD(&p->children);
	INIT_LIST_HEAD(&p->sibling);
	p->cap_effective = p->cap_permitted = CAP_FULL_SET;
	strlcpy(p->comm, "swapper", sizeof(p->comm));
	spin_lock_init(&p->switch_lock);
	spin_lock_init(&p->pi_lock);
	INIT_LIST_HEAD(&p->pi_waiters);
	p->pi_prio = MAX_PRIO;
	list_add_tail(&p->tasks, &sim_task_list);
	sim.cpu[0].idle = p;
	set_current(0, p);
	st->on_cpu = 1;
}

/*
 * sim_machine_boot - lay out the machine described by sim.cfg and run the
 * boot CPU until the kernel is up: init (pid 1) waiting for work and
 * every CPU in its idle loop.  Called under host_guard().
 */
int sim_machine_boot(void *unused)
{
	int i;

	sim.nr_cpus = sim.cfg.nr_cpus;
	__sim_hz = sim.cfg.hz;
	sim.tick_ns = NSEC_PER_SEC / HZ;
	jiffies = INITIAL_JIFFIES;
	jiffies_64 = INITIAL_JIFFIES;
	sim.rng = sim.cfg.seed ? sim.cfg.seed : 1;
	sim.digest = 0xcbf29ce484222325ULL;
	for (i = 0; i < NR_CPUS; i++) {
		sim.cpu[i].id = i;
		INIT_LIST_HEAD(&sim.cpu[i].timers);
	}
	setup_topology();
	cpu_set(0, cpu_online_map);
	sim.cpu[0].online = 1;
	sim.new_cpus = 1;
	sim.cpu[0].next_tick = sim.tick_ns;
	sim.cpu[0].irqs_off = 1;

	setup_init_task();
	sim_task_start_context(&init_task, boot_cpu_entry);
	sim_drain(0, NULL, NULL);
	if (!sim.boot_done) {
		snprintf(sim.error, sizeof(sim.error),
			 "the kernel did not finish booting at time 0");
		return -1;
	}
	return 0;
}
