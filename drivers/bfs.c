/*
 *  drivers/bfs.c (kernel/bfs.c in a plugsched tree)
 *
 *  bfs - Con Kolivas' Brain Fuck Scheduler (2009), as its 0.3xx/0.4xx
 *  releases and their sched-BFS.txt describe it, written afresh for the
 *  plugsched host framework on the shared runqueue plumbing.
 *
 *  Design: ONE run queue for every CPU, under one lock, and no load
 *  balancing at all: a CPU that reschedules takes the best task it may
 *  run from the global queue, wherever that task ran before.  RT tasks
 *  come first, strictly by priority (a level per RT priority, FIFO
 *  within a level).  Every SCHED_NORMAL task sits on one more level and
 *  carries a virtual deadline, set whenever its slice is refilled:
 *
 *	deadline = now + prio_ratio(nice) * rr_interval / 128
 *
 *  in ns of sched_clock() (BFS's "niffies").  prio_ratio is 128 at nice
 *  -20 and grows by 10% per nice level, truncated at each step
 *  (ratio[i] = ratio[i - 1] * 11 / 10): 836 at nice 0, 2161 at nice 10,
 *  5089 at nice 19.  The slice is rr_interval whatever the nice (the
 *  tunable, 6 ms by default).  The task with the earliest deadline among
 *  those a CPU may run is picked; a task whose slice runs out gets a new
 *  slice and deadline and goes to the tail of the queue.  Two hogs of
 *  nice a and b on one CPU thus share it as (ratio[b] - ratio[a]) : 128
 *  (each runs one slice per deadline gap of the other): nice 0 gets
 *  about 10 times nice 10's CPU and 33 times nice 19's ("nice 19 gets 3%
 *  of nice 0", sched-BFS.txt).
 *
 *  A waking task keeps its deadline if it has slice left (so a task that
 *  slept long has an early deadline and preempts), otherwise it gets a
 *  new one.  It is then offered a CPU: an idle one it may run on (where
 *  it last ran first, then that CPU's SMT siblings, then any), else the
 *  CPU running the worst task (lowest priority, then latest deadline),
 *  which it preempts if it is better.  A task that loses its CPU, or
 *  whose CPU went to another task, or whose mask grows, is offered an
 *  idle CPU the same way (BFS's resched_suitable_idle()), so no CPU
 *  idles while a task it may run waits unnoticed.  A new task takes half
 *  of its parent's slice and the parent's deadline.  task_cpu() records
 *  where a task last ran, or where it was placed or offered; affinity is
 *  honoured when picking: a CPU skips the tasks it may not run.
 *
 *  /proc/schedstat is the plumbing's line (sched_rq_show_schedstat()):
 *  a woken or new task counts where the plumbing placed it; bfs pulls
 *  nothing, so every pulled and lost field stays 0.
 *
 *  Complexity: the RT levels are found through a bitmap, O(1) when
 *  affinity allows; the SCHED_NORMAL pick is an O(n) walk of the queued
 *  tasks for the earliest deadline, as in BFS before its skip lists.
 *
 *  Where it behaves well: desktops and small machines - the latency of
 *  a waking task is bounded by its deadline, not by an interactivity
 *  estimate, and with one queue no CPU idles while a task it may run
 *  waits.  Known weaknesses: every schedule() on every CPU takes the one
 *  lock and walks the whole queue, so it scales poorly with CPUs and
 *  runnable tasks; tasks move between CPUs freely (no cache affinity at
 *  pick time beyond the wake-up's choice of an idle CPU).
 *
 *  Left out: SCHED_ISO and SCHED_IDLEPRIO, which BFS adds but 2.6.10's
 *  policies do not have; BFS's later cache-distance bias of deadlines,
 *  its "sticky" tasks, its skip lists (0.4xx) and the hrtick.  The slice
 *  ends at the first tick after it runs out (less than 100 us left
 *  counts as out, BFS's RESCHED_US), so with HZ below 1000 it is
 *  rr_interval rounded up to whole ticks.  BFS converts ms to ns with a
 *  shift (1 ms = 2^20 ns); here 1 ms is 10^6 ns.
 *
 *  History: BFS 0.300 was posted in August 2009, Con Kolivas' answer to
 *  the complexity of CFS, after staircase (2004) and RSDL (2007);
 *  rr_interval was its one tunable.  Later 0.4xx releases replaced the
 *  O(n) walk with a skip list (O(log n) insertion, O(1) lookup, as the
 *  later sched-BFS.txt says); BFS ended at 0.512 (October 2016), when
 *  MuQSS split the queue per CPU.
 */
#include <linux/sched.h>
#include <linux/sched_rq.h>
#include <linux/init.h>
#include <linux/cpu.h>
#include <linux/topology.h>
#include <linux/kernel_stat.h>
#include <linux/string.h>
#include <linux/syscalls.h>

/*
 * Levels of the global queue, lower is better: 0..MAX_RT_PRIO-1 for RT
 * tasks (99 - rt_priority), then one level for every SCHED_NORMAL task.
 */
#define BFS_NORMAL_LEVEL	MAX_RT_PRIO

/*
 * rr_interval: the slice of every SCHED_RR and SCHED_NORMAL task and the
 * unit of the deadlines, in ms (the "rr_interval" tunable, 1..1000,
 * default 6: "the minimal jitter just below what humans detect").
 */
#define MIN_RR_INTERVAL_MS	1
#define DEF_RR_INTERVAL_MS	6
#define MAX_RR_INTERVAL_MS	1000

static int rr_interval = DEF_RR_INTERVAL_MS;

/* 2.6.10 has no NSEC_PER_MSEC. */
#define NS_PER_MS		1000000LL

/* A slice with less than this left (ns) is out: BFS's RESCHED_US. */
#define RESCHED_NS		100000LL

/* prio_ratio at nice -20 and its growth per nice level (x 11 / 10). */
#define PRIO_RATIO_BASE		128
#define NICE_LEVELS		40

static int prio_ratios[NICE_LEVELS];

/*
 * The global queue.  grq.lock is every CPU's runqueue lock (the plumbing's
 * rq->lock points at it): it protects the queue, the u.bfs fields of
 * every task and every struct sched_rq.  A queued task is accounted on
 * the sched_rq of its task_cpu(); the running task stays queued.
 */
struct bfs_queue {
	spinlock_t lock;
	struct sched_levels levels;
};

static struct bfs_queue grq;

/* ---- helpers ------------------------------------------------------------- */

/* for_each_level - the non-empty levels of the queue, best first. */
#define for_each_level(level)	for_each_sched_level(level, &grq.levels)

/* level_list - the list of tasks queued at @level. */
#define level_list(level)	(grq.levels.queue + (level))

static int bfs_rt_task(task_t *p)
{
	return p->u.bfs.prio < MAX_RT_PRIO;
}

/* level_of - @p's level; the idle task's, MAX_PRIO, is below them all. */
static int level_of(const task_t *p)
{
	if (p->u.bfs.prio >= MAX_PRIO)
		return MAX_PRIO;
	return min(p->u.bfs.prio, BFS_NORMAL_LEVEL);
}

/*
 * sliced - whether @p's slice runs out: SCHED_RR, and SCHED_NORMAL at
 * the normal level.  A SCHED_NORMAL task boosted into the RT range runs
 * as SCHED_FIFO there, as in the kernel.
 */
static int sliced(const task_t *p)
{
	if (p->policy == SCHED_NORMAL)
		return p->u.bfs.prio >= MAX_RT_PRIO;
	return p->policy == SCHED_RR;
}

static long long rr_interval_ns(void)
{
	return (long long)rr_interval * NS_PER_MS;
}

/*
 * deadline_offset - how far ahead of now a refill puts the deadline of a
 * task at priority @prio (100..139; a better, inherited RT one counts as
 * nice -20): prio_ratio * rr_interval / 128, in ns.
 */
static unsigned long long deadline_offset(int prio)
{
	int i = max(prio - MAX_RT_PRIO, 0);

	return (unsigned long long)prio_ratios[i] * rr_interval * NS_PER_MS /
		PRIO_RATIO_BASE;
}

/* refill - a new slice for @p, and a new deadline from @now. */
static void refill(task_t *p, unsigned long long now)
{
	p->u.bfs.time_slice = rr_interval_ns();
	p->u.bfs.deadline = now + deadline_offset(p->u.bfs.prio);
}

static int slice_out(const task_t *p)
{
	return p->u.bfs.time_slice < RESCHED_NS;
}

/* charge - take the time @p ran since it was last charged off its slice. */
static void charge(task_t *p, unsigned long long now)
{
	if (sliced(p))
		p->u.bfs.time_slice -= now - p->u.bfs.last_ran;
	p->u.bfs.last_ran = now;
}

/* requeue - @p, queued, to the tail of its level. */
static void requeue(task_t *p)
{
	list_move_tail(&p->u.bfs.run_list, level_list(level_of(p)));
}

/*
 * expire - @p has used its slice: a new slice and deadline, and the tail
 * of its level if it is queued.
 */
static void expire(task_t *p, unsigned long long now)
{
	refill(p, now);
	if (p->u.bfs.on_rq)
		requeue(p);
}

/*
 * beats - whether @p should run rather than @curr: a better level, or
 * the normal level and an earlier deadline.  Every task beats the idle
 * task (MAX_PRIO).
 */
static int beats(const task_t *p, const task_t *curr)
{
	if (level_of(p) != level_of(curr))
		return level_of(p) < level_of(curr);
	return level_of(p) == BFS_NORMAL_LEVEL &&
		(long long)(p->u.bfs.deadline - curr->u.bfs.deadline) < 0;
}

/* running_elsewhere - @p runs on a CPU other than @cpu. */
static int running_elsewhere(const task_t *p, int cpu)
{
	return task_cpu(p) != cpu && task_sched_rq(p)->curr == p;
}

static int resched_pending(const struct sched_rq *rq)
{
	return test_tsk_thread_flag(rq->curr, TIF_NEED_RESCHED);
}

static int idle_rq(const struct sched_rq *rq)
{
	return rq->curr == rq->idle;
}

/* ---- the class operations: the queue ------------------------------------- */

static void bfs_enqueue(task_t *p, struct sched_rq *rq)
{
	sched_levels_add(&grq.levels, &p->u.bfs.run_list, level_of(p));
	p->u.bfs.on_rq = 1;
}

static void bfs_dequeue(task_t *p, struct sched_rq *rq)
{
	sched_levels_del(&grq.levels, &p->u.bfs.run_list, level_of(p));
	p->u.bfs.on_rq = 0;
}

static int bfs_on_rq(const task_t *p)
{
	return p->u.bfs.on_rq;
}

/* ---- the class operations: placement and preemption ---------------------- */

/* An idle CPU @p may run on that nobody is about to wake already. */
static int free_idle(const task_t *p, int cpu)
{
	struct sched_rq *rq = sched_cpu_rq(cpu);

	return cpu_online(cpu) && cpu_isset(cpu, p->cpus_allowed) &&
		idle_rq(rq) && !resched_pending(rq);
}

/*
 * idle_cpu_for - an idle CPU for @p: where it last ran, else an SMT
 * sibling of that CPU, else the first one; -1 if none.
 */
static int idle_cpu_for(const task_t *p)
{
	int prev = task_cpu(p), cpu;

	if (free_idle(p, prev))
		return prev;
	for_each_cpu_mask(cpu, cpu_sibling_map[prev])
		if (free_idle(p, cpu))
			return cpu;
	for_each_online_cpu(cpu)
		if (free_idle(p, cpu))
			return cpu;
	return -1;
}

/*
 * worst_cpu_for - the CPU @p may run on whose running task is worst
 * (lowest level, then latest deadline), where it last ran on a tie, and
 * not one about to reschedule anyway (it picks the best task then):
 * the CPU a better @p preempts.  -1 if every allowed CPU is about to
 * reschedule.
 */
static int worst_cpu_for(const task_t *p)
{
	int cpu, worst = -1;
	struct sched_rq *rq;

	for_each_online_cpu(cpu) {
		rq = sched_cpu_rq(cpu);
		if (!cpu_isset(cpu, p->cpus_allowed) || resched_pending(rq))
			continue;
		if (worst < 0 || beats(sched_cpu_rq(worst)->curr, rq->curr) ||
		    (cpu == task_cpu(p) &&
		     !beats(rq->curr, sched_cpu_rq(worst)->curr)))
			worst = cpu;
	}
	return worst;
}

/*
 * target_cpu - the CPU @p is offered: an idle one, else the worst, if
 * @p beats its task; -1 if none.
 */
static int target_cpu(const task_t *p)
{
	int cpu = idle_cpu_for(p);

	if (cpu >= 0)
		return cpu;
	cpu = worst_cpu_for(p);
	if (cpu >= 0 && beats(p, sched_cpu_rq(cpu)->curr))
		return cpu;
	return -1;
}

/*
 * coming_for - whether a CPU @p may run on, other than @cpu, is about to
 * reschedule, and so to pick @p or a better task.
 */
static int coming_for(const task_t *p, int cpu)
{
	int c;

	for_each_online_cpu(c)
		if (c != cpu && cpu_isset(c, p->cpus_allowed) &&
		    resched_pending(sched_cpu_rq(c)))
			return 1;
	return 0;
}

/* offer_idle - reschedule an idle CPU @p may run on, if there is one. */
static void offer_idle(const task_t *p)
{
	int cpu = idle_cpu_for(p);

	if (cpu >= 0)
		sched_rq_resched(sched_cpu_rq(cpu)->curr);
}

/*
 * kick_waiters - @rq's CPU is taking @next (NULL: idling): every other
 * waiting task, prev included, that no CPU is coming for gets an idle
 * CPU it may run on, if there is one.  BFS's resched_suitable_idle()
 * did it for prev; here also for the tasks whose CPU, rescheduled for
 * them, took another.  O(n) and only while a CPU idles.
 */
static void kick_waiters(struct sched_rq *rq, task_t *next)
{
	task_t *p;
	int level, cpu;

	for_each_online_cpu(cpu)
		if (cpu != rq->cpu && idle_rq(sched_cpu_rq(cpu)))
			goto scan;
	return;
scan:
	for_each_level(level)
		list_for_each_entry(p, level_list(level), u.bfs.run_list)
			if (p != next && !running_elsewhere(p, rq->cpu) &&
			    !coming_for(p, rq->cpu))
				offer_idle(p);
}

/* ---- the class operations: picking --------------------------------------- */

/*
 * first_allowed - the first task of RT @level that @rq's CPU may run
 * and that runs on no other CPU, or NULL.
 */
static task_t *first_allowed(struct sched_rq *rq, int level)
{
	task_t *p;

	list_for_each_entry(p, level_list(level), u.bfs.run_list) {
		rq->pick_work++;
		if (cpu_isset(rq->cpu, p->cpus_allowed) &&
		    !running_elsewhere(p, rq->cpu))
			return p;
	}
	return NULL;
}

/*
 * earliest_deadline - the normal task with the earliest deadline that
 * @rq's CPU may run and that runs on no other CPU, or NULL; the first
 * queued wins a tie.  The O(n) walk.
 */
static task_t *earliest_deadline(struct sched_rq *rq)
{
	task_t *p, *best = NULL;

	list_for_each_entry(p, level_list(BFS_NORMAL_LEVEL), u.bfs.run_list) {
		rq->pick_work++;
		if (!cpu_isset(rq->cpu, p->cpus_allowed) ||
		    running_elsewhere(p, rq->cpu))
			continue;
		if (!best || beats(p, best))
			best = p;
	}
	return best;
}

/*
 * bfs_pick_next - RT levels first, the first allowed task of the best;
 * then the earliest deadline.  A task accounted on another CPU (it ran
 * or was offered there) moves its accounting here.  The tasks left
 * waiting are offered idle CPUs (kick_waiters()).
 */
static task_t *bfs_pick_next(struct sched_rq *rq)
{
	task_t *p = NULL;
	int level;

	for_each_level(level) {
		if (level < BFS_NORMAL_LEVEL)
			p = first_allowed(rq, level);
		else
			p = earliest_deadline(rq);
		if (p)
			break;
	}
	kick_waiters(rq, p);
	if (p && task_cpu(p) != rq->cpu)
		sched_rq_move(p, task_sched_rq(p), rq);
	return p;
}

/*
 * bfs_preempts - @p, just queued on @rq (where the plumbing placed it:
 * its last CPU if idle, another idle one, else its last), is offered a
 * CPU: yes if one takes it (an idle one, or the worst it beats).
 */
static int bfs_preempts(const task_t *p, struct sched_rq *rq,
			enum sched_rq_why why)
{
	return target_cpu(p) >= 0;
}

/*
 * bfs_preempt - reschedule the CPU @p is offered, @dst.  A task moved by
 * the plumbing, or requeued, moves its accounting there too.  A woken or
 * new one stays accounted where the plumbing placed it (the schedstat
 * line counts that placement), and @dst takes it from the queue; if it
 * is RT and beats @rq's task too, @rq reschedules as well, as an RT task
 * never waits on its CPU behind a lower one.
 */
static void bfs_preempt(task_t *p, struct sched_rq *rq, enum sched_rq_why why)
{
	struct sched_rq *dst = sched_cpu_rq(target_cpu(p));
	int placed = why == SCHED_RQ_WAKE || why == SCHED_RQ_NEW;

	if (dst != rq && !placed)
		sched_rq_move(p, rq, dst);
	else if (dst != rq && bfs_rt_task(p) && beats(p, rq->curr))
		sched_rq_resched(rq->curr);
	sched_rq_resched(dst->curr);
}

/* An idle CPU takes a queued task at once: the plumbing pulls nothing. */
static void bfs_idle_balance(struct sched_rq *rq)
{
}

/*
 * bfs_pullable - a queued task accounted on @rq, not running, that may
 * run on @cpu (any if -1): what the plumbing moves off a dead CPU.
 */
static task_t *bfs_pullable(struct sched_rq *rq, int cpu)
{
	task_t *p;
	int level;

	for_each_level(level)
		list_for_each_entry(p, level_list(level), u.bfs.run_list)
			if (task_cpu(p) == rq->cpu && rq->curr != p &&
			    (cpu < 0 || cpu_isset(cpu, p->cpus_allowed)))
				return p;
	return NULL;
}

/* ---- the class operations: time ------------------------------------------ */

/*
 * bfs_switched - @prev leaves the CPU of @rq for @next: charge @prev up
 * to now, start charging @next.  A @prev whose slice ran out since the
 * last tick (preempted, asleep or pushed away at that instant) expires
 * here, as in BFS's schedule(): it sleeps with its next deadline.
 */
static void bfs_switched(struct sched_rq *rq, task_t *prev, task_t *next)
{
	unsigned long long now = sched_clock();

	if (prev != rq->idle) {
		charge(prev, now);
		if (sliced(prev) && slice_out(prev))
			expire(prev, now);
	}
	next->u.bfs.last_ran = now;
}

/*
 * bfs_tick - charge the running task; one whose slice ran out gets a new
 * slice and deadline, goes to the tail of its level and reschedules.
 */
static void bfs_tick(struct sched_rq *rq, task_t *p)
{
	unsigned long long now = sched_clock();

	charge(p, now);
	if (!sliced(p) || !p->u.bfs.on_rq || !slice_out(p))
		return;
	expire(p, now);
	set_tsk_need_resched(p);
}

/* ---- the class operations: life of a task -------------------------------- */

static void bfs_fork(task_t *p)
{
	INIT_LIST_HEAD(&p->u.bfs.run_list);
	p->u.bfs.on_rq = 0;
	p->u.bfs.prio = sched_rq_effective_prio(p);
	p->u.bfs.time_slice = 0;
	p->u.bfs.deadline = 0;
	p->u.bfs.last_ran = 0;
}

/*
 * bfs_new_task - @p is queued for the first time; current is its parent.
 * A normal child of a normal parent takes half the parent's slice and
 * its deadline, so forking buys no CPU.  A parent with too little slice
 * to share, an RT parent (whose deadline is never refreshed) or the idle
 * task leave the child a slice and deadline of its own, as does an RT
 * child (SCHED_RR turns at full intervals).  A parent whose slice ran
 * out since the last tick expires at once.
 */
static void bfs_new_task(task_t *p, struct sched_rq *rq)
{
	task_t *parent = current;
	unsigned long long now = sched_clock();

	if (level_of(parent) != BFS_NORMAL_LEVEL ||
	    level_of(p) != BFS_NORMAL_LEVEL) {
		refill(p, now);
		return;
	}
	charge(parent, now);
	if (parent->u.bfs.time_slice < 2 * RESCHED_NS) {
		refill(p, now);
		if (slice_out(parent)) {
			expire(parent, now);
			set_tsk_need_resched(parent);
		}
		return;
	}
	parent->u.bfs.time_slice /= 2;
	p->u.bfs.time_slice = parent->u.bfs.time_slice;
	p->u.bfs.deadline = parent->u.bfs.deadline;
}

/*
 * bfs_waking - @p is about to be queued by a wake-up: it keeps its
 * deadline while it has slice left, else it gets a new one.
 */
static void bfs_waking(task_t *p, struct sched_rq *rq, long old_state)
{
	if (slice_out(p))
		refill(p, sched_clock());
}

/* bfs_init_idle - the idle task of a CPU, below every level. */
static void bfs_init_idle(task_t *idle)
{
	INIT_LIST_HEAD(&idle->u.bfs.run_list);
	idle->u.bfs.prio = MAX_PRIO;
	idle->u.bfs.on_rq = 0;
	idle->u.bfs.time_slice = 0;
	idle->u.bfs.deadline = 0;
}

/*
 * bfs_yield - an RT task goes behind its equals; a normal one takes a new
 * slice and deadline, behind every task whose deadline comes first.
 */
static void bfs_yield(task_t *p, struct sched_rq *rq)
{
	if (level_of(p) == BFS_NORMAL_LEVEL)
		expire(p, sched_clock());
	else
		requeue(p);
}

/*
 * bfs_set_nice - the new nice shapes the next deadline; the current one
 * stays, as in BFS.  A running task that got worse reschedules; a
 * queued one is offered a CPU again.
 */
static void bfs_set_nice(task_t *p, struct sched_rq *rq, long nice)
{
	int worse = nice > TASK_NICE(p);

	p->static_prio = NICE_TO_PRIO(nice);
	p->u.bfs.prio = sched_rq_effective_prio(p);
	if (p->u.bfs.on_rq)
		sched_rq_requeued(p, rq, worse);
}

/*
 * bfs_setscheduler - @p is off the queue: its new policy and priority; a
 * task whose policy changes starts a slice (and deadline) afresh.
 */
static int bfs_setscheduler(task_t *p, struct sched_rq *rq, int policy,
			    int prio)
{
	int old_level = level_of(p), old_policy = p->policy;

	p->policy = policy;
	p->rt_priority = prio;
	p->u.bfs.prio = sched_rq_effective_prio(p);
	if (policy != old_policy)
		refill(p, sched_clock());
	return level_of(p) > old_level;
}

#ifdef CONFIG_CPUSCHED_PI
/* bfs_reprio - p->pi_prio changed: @p is off the queue. */
static int bfs_reprio(task_t *p, struct sched_rq *rq)
{
	int old_level = level_of(p);

	p->u.bfs.prio = sched_rq_effective_prio(p);
	return level_of(p) > old_level;
}
#endif /* CONFIG_CPUSCHED_PI */

static const struct sched_class_ops bfs_ops = {
	.enqueue	= bfs_enqueue,
	.dequeue	= bfs_dequeue,
	.on_rq		= bfs_on_rq,
	.pick_next	= bfs_pick_next,
	.preempts	= bfs_preempts,
	.preempt	= bfs_preempt,
	.pullable	= bfs_pullable,
	.switched	= bfs_switched,
	.tick		= bfs_tick,
	.idle_balance	= bfs_idle_balance,
	.fork		= bfs_fork,
	.waking		= bfs_waking,
	.new_task	= bfs_new_task,
	.init_idle	= bfs_init_idle,
	.yield		= bfs_yield,
	.set_nice	= bfs_set_nice,
	.setscheduler	= bfs_setscheduler,
#ifdef CONFIG_CPUSCHED_PI
	.reprio		= bfs_reprio,
#endif
};

/* ---- SMP ----------------------------------------------------------------- */

#ifdef CONFIG_SMP
/*
 * bfs_set_cpus_allowed - the plumbing's, and then a queued task that
 * may now run on more CPUs is offered one of them: an idle CPU must not
 * stay idle while a task it may run waits.
 */
static int bfs_set_cpus_allowed(task_t *p, cpumask_t new_mask)
{
	struct sched_rq *rq;
	unsigned long flags;
	int ret = sched_rq_set_cpus_allowed(p, new_mask);

	if (ret)
		return ret;
	rq = sched_rq_task_lock(p, &flags);
	if (p->u.bfs.on_rq && !sched_rq_running(rq, p))
		sched_rq_preempt(p, rq, SCHED_RQ_MOVED);
	sched_rq_task_unlock(rq, &flags);
	return 0;
}
#endif /* CONFIG_SMP */

/* ---- the rest of struct sched_drv ---------------------------------------- */

/* task_prio - the "PR" column: RT -1..-100 below, 0..39 for nice. */
static int bfs_task_prio(const task_t *p)
{
	return p->u.bfs.prio - MAX_RT_PRIO;
}

/* The slice in jiffies (sched_rr_get_interval()): rr_interval, rounded up. */
static unsigned int bfs_timeslice(const task_t *p)
{
	return max(1UL, msecs_to_jiffies(rr_interval));
}

static long bfs_rr_get_interval(pid_t pid, struct timespec __user *interval)
{
	return sched_rr_interval(pid, interval, bfs_timeslice);
}

/* An OOM-killed task gets a slice of a second to exit in. */
static void bfs_set_oom_timeslice(task_t *p)
{
	unsigned long flags;
	struct sched_rq *rq = sched_rq_task_lock(p, &flags);

	p->u.bfs.time_slice = NSEC_PER_SEC;
	sched_rq_task_unlock(rq, &flags);
}

static void init_prio_ratios(void)
{
	int i;

	prio_ratios[0] = PRIO_RATIO_BASE;
	for (i = 1; i < NICE_LEVELS; i++)
		prio_ratios[i] = prio_ratios[i - 1] * 11 / 10;
}

/*
 * bfs_sched_init - the global queue, every runqueue pointed at its lock,
 * and the boot task (this CPU's idle task) set up.
 */
static void bfs_sched_init(void)
{
	int cpu;

	spin_lock_init(&grq.lock);
	sched_levels_init(&grq.levels);
	init_prio_ratios();
	sched_rq_init(&bfs_ops);
	for (cpu = 0; cpu < NR_CPUS; cpu++)
		sched_rq_share_lock(sched_cpu_rq(cpu), &grq.lock);
	current->u.bfs.prio = sched_rq_normal_prio(current);
	sched_rq_init_idle(current, smp_processor_id());
}

/* ---- checks -------------------------------------------------------------- */

#ifdef CONFIG_CPUSCHED_SELFTEST
/* Every queued task accounted on @cpu (task_cpu()), the running included. */
static void bfs_for_each_queued(int cpu, void (*fn)(task_t *, void *),
				void *arg)
{
	task_t *p;
	int level;

	for_each_level(level)
		list_for_each_entry(p, level_list(level), u.bfs.run_list)
			if (task_cpu(p) == cpu)
				fn(p, arg);
}

/* The latest a deadline may be: nice 19's offset at the longest interval. */
static unsigned long long longest_offset(void)
{
	return (unsigned long long)prio_ratios[NICE_LEVELS - 1] *
		MAX_RR_INTERVAL_MS * NS_PER_MS / PRIO_RATIO_BASE;
}

/*
 * check_task - the rules of one queued task at @level: it is marked
 * on_rq, sits at the level of its priority, which is the effective one;
 * a normal one has its deadline set, never further ahead than any
 * refill can put it; its slice left is at most the longest there is,
 * and not out (the tick and a switch refill a slice that ran out; a
 * wake-up refills one that ran out before the task slept).
 */
static int check_task(task_t *p, int level, char *buf, int len)
{
	unsigned long long now = sched_clock();
	long long slice = p->u.bfs.time_slice;

	if (level_of(p) != level || !p->u.bfs.on_rq ||
	    p->u.bfs.prio != sched_rq_effective_prio(p))
		return sched_rq_report(buf, len,
				       "%s/%d queued at level %d, "
				       "prio %d (effective %d), on_rq %d",
				       p->comm, p->pid, level, p->u.bfs.prio,
				       sched_rq_effective_prio(p),
				       p->u.bfs.on_rq);
	if (level == BFS_NORMAL_LEVEL &&
	    (!p->u.bfs.deadline || p->u.bfs.deadline > now + longest_offset()))
		return sched_rq_report(buf, len,
				       "%s/%d has deadline %llu at %llu",
				       p->comm, p->pid, p->u.bfs.deadline, now);
	if (slice > (long long)MAX_RR_INTERVAL_MS * NS_PER_MS ||
	    slice < RESCHED_NS)
		return sched_rq_report(buf, len,
				       "%s/%d has %lld ns of slice left",
				       p->comm, p->pid, slice);
	return 0;
}

/*
 * check_idle - an idle @rq, not about to reschedule, lets a task it may
 * run wait only while another CPU that task may run on is about to
 * reschedule: every path that queues a task offers it an idle CPU, and
 * every pick offers one to the tasks it leaves waiting (kick_waiters()).
 */
static int check_idle(struct sched_rq *rq, char *buf, int len)
{
	task_t *p;
	int level;

	if (!idle_rq(rq) || resched_pending(rq))
		return 0;
	for_each_level(level)
		list_for_each_entry(p, level_list(level), u.bfs.run_list)
			if (cpu_isset(rq->cpu, p->cpus_allowed) &&
			    !running_elsewhere(p, rq->cpu) &&
			    !coming_for(p, rq->cpu))
				return sched_rq_report(
					buf, len,
					"cpu%d idles while %s/%d waits, "
					"no CPU coming for it",
					rq->cpu, p->comm, p->pid);
	return 0;
}

/*
 * check_queue - each level of the queue whose bit is set has tasks; the
 * tasks accounted on @rq obey check_task() and add up to its
 * nr_running (one on a level whose bit is clear would make the sum fall
 * short).
 */
static int check_queue(struct sched_rq *rq, char *buf, int len)
{
	unsigned long n = 0;
	task_t *p;
	int level;

	for_each_level(level) {
		if (list_empty(level_list(level)))
			return sched_rq_report(buf, len,
					       "level %d: bit set, queue empty",
					       level);
		list_for_each_entry(p, level_list(level), u.bfs.run_list) {
			if (task_cpu(p) != rq->cpu)
				continue;
			if (check_task(p, level, buf, len))
				return 1;
			n++;
		}
	}
	if (n != rq->nr_running)
		return sched_rq_report(buf, len,
				       "cpu%d: %lu queued, nr_running %lu",
				       rq->cpu, n, rq->nr_running);
	return 0;
}

/*
 * bfs_check_cpu - the rules of online @cpu: the plumbing's
 * (sched_rq_check()); its runqueue lock is the global queue's (one
 * lock for all: the serial machine would not notice two); its idle
 * task is below every level and never queued; its running task is
 * accounted here; it idles only when no task waits for it
 * (check_idle()), and the queue holds (check_queue()).  O(tasks
 * queued): the queue is global.
 */
static int bfs_check_cpu(int cpu, char *buf, int len)
{
	struct sched_rq *rq = sched_cpu_rq(cpu);
	task_t *idle = rq->idle;

	if (!cpu_online(cpu))
		return 0;
	if (sched_rq_check(rq, buf, len))
		return 1;
	if (rq->lock != &grq.lock)
		return sched_rq_report(buf, len,
				       "cpu%d: its runqueue lock is not the "
				       "global queue's",
				       cpu);
	if (idle->u.bfs.prio != MAX_PRIO || idle->u.bfs.on_rq)
		return sched_rq_report(buf, len,
				       "cpu%d: idle task at prio %d, on_rq %d",
				       cpu, idle->u.bfs.prio,
				       idle->u.bfs.on_rq);
	if (task_cpu(rq->curr) != cpu)
		return sched_rq_report(buf, len,
				       "cpu%d: running %s/%d is accounted on "
				       "cpu%d",
				       cpu, rq->curr->comm, rq->curr->pid,
				       task_cpu(rq->curr));
	return check_idle(rq, buf, len) || check_queue(rq, buf, len);
}

/*
 * bfs_starvation_bound - the longest a normal task waits, in jiffies.
 * Its deadline is at most nice 19's offset ahead; a task refilled later
 * than that deadline less nice -20's offset (rr_interval) comes after
 * it; so beyond nice 19's offset each of the others runs at most one
 * more slice (plus the tick that notices its end) before it.
 */
static unsigned long bfs_starvation_bound(unsigned long nr_running)
{
	int longest_ms = prio_ratios[NICE_LEVELS - 1] * rr_interval /
		PRIO_RATIO_BASE;
	unsigned long longest = msecs_to_jiffies(longest_ms + 1);
	unsigned long slice = msecs_to_jiffies(rr_interval) + 1;

	return nr_running ? longest + nr_running * slice + 1 : 0;
}
#endif /* CONFIG_CPUSCHED_SELFTEST */

#ifdef CONFIG_CPUSCHED_TUNABLES
static const struct sched_tunable bfs_tunables[] = {
	{
		.name	= "rr_interval",
		.desc	= "slice of every task in ms; deadlines scale with it",
		.min	= MIN_RR_INTERVAL_MS,
		.max	= MAX_RR_INTERVAL_MS,
		.def	= DEF_RR_INTERVAL_MS,
		.value	= &rr_interval,
	},
	{ .name = NULL }
};
#endif /* CONFIG_CPUSCHED_TUNABLES */

/*
 * The plumbing's hooks but set_cpus_allowed (SCHED_RQ_DRV_HOOKS would
 * name it first, and a member may not be named twice), then bfs's own.
 */
struct sched_drv bfs_sched_drv = {
	.cpusched_name		= "bfs",
	.account_steal_time	= sched_rq_account_steal_time,
	.account_system_time	= sched_rq_account_system_time,
	.account_user_time	= sched_account_user,
	.wait_for_completion	= default_wait_for_completion,
	.io_schedule		= sched_rq_io_schedule,
	.io_schedule_timeout	= sched_rq_io_schedule_timeout,
	.nr_running		= sched_rq_nr_running,
	.nr_uninterruptible	= sched_rq_nr_uninterruptible,
	.nr_context_switches	= sched_rq_nr_context_switches,
	.nr_iowait		= sched_rq_nr_iowait,
	.idle_cpu		= sched_rq_idle_cpu,
	.init_idle		= sched_rq_init_idle,
	.exit			= sched_rq_exit,
	.fork			= sched_rq_fork,
	.init_smp		= sched_rq_nop,
	.schedule		= sched_rq_schedule,
	.tick			= sched_rq_tick,
	.tail			= sched_rq_tail,
	.setscheduler		= sched_rq_setscheduler,
	.set_user_nice		= sched_rq_set_user_nice,
	.yield			= sched_rq_yield,
	.task_curr		= sched_rq_task_curr,
	.task_nice		= sched_rq_task_nice,
	.try_to_wake_up		= sched_rq_try_to_wake_up,
	.wake_up_new_task	= sched_rq_wake_up_new_task,
	.sched_idle_next	= sched_rq_sched_idle_next,
	.init			= bfs_sched_init,
	.rt_task		= bfs_rt_task,
	.set_oom_timeslice	= bfs_set_oom_timeslice,
	.task_prio		= bfs_task_prio,
	.rr_get_interval	= bfs_rr_get_interval,
#ifdef CONFIG_SMP
	.migration_init		= sched_rq_migration_init,
	.exec			= sched_rq_nop,
	.set_cpus_allowed	= bfs_set_cpus_allowed,
	.wait_task_inactive	= sched_rq_wait_task_inactive,
	.cpu_attach_domain	= sched_rq_cpu_attach_domain,
#endif
#ifdef CONFIG_CPUSCHED_PI
	.normal_prio		= sched_rq_pi_normal_prio,
	.pi_setprio		= sched_rq_pi_setprio,
#endif
#ifdef CONFIG_SCHEDSTATS
	.show_schedstat		= sched_rq_show_schedstat,
#endif
#ifdef CONFIG_CPUSCHED_TUNABLES
	.tunables		= bfs_tunables,
#endif
#ifdef CONFIG_CPUSCHED_SELFTEST
	.for_each_queued	= bfs_for_each_queued,
	.check_cpu		= bfs_check_cpu,
	.starvation_bound	= bfs_starvation_bound,
	.pick_work		= sched_rq_pick_work,
	.o1			= 0,
#endif
};
