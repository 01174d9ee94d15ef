/*
 *  drivers/staircase.c (kernel/staircase.c in a plugsched tree)
 *
 *  staircase - Con Kolivas' staircase cpu scheduler (autumn 2004, as
 *  ported to plugsched), written afresh for the host framework.
 *
 *  Design: one priority array per CPU - a bitmap of non-empty levels and
 *  a queue per level - and no expired array.  A SCHED_NORMAL task starts
 *  each slice at its best priority, static_prio (nice + 120), and walks
 *  down the stairs one level for every RR_INTERVAL (10 ms) of CPU it
 *  uses, until level 139.  When its whole slice is used it climbs back
 *  to the top.  The slice depends only on nice:
 *
 *	slice = RR_INTERVAL * (1 + max burst),  max burst = 19 - nice
 *
 *  so 200 ms at nice 0, 10 ms at nice 19 and 400 ms at nice -20.
 *
 *  Interactivity is "burst": a task that sleeps and wakes gets one more
 *  burst (up to max burst) and, with the interactive tunable on, stays
 *  on its top step for RR_INTERVAL * (burst + 1) before walking down;
 *  every slice it uses up costs one burst.  Waking refills the slice,
 *  except when the task ran and slept for less than RR_INTERVAL in all
 *  (or has forked a child since it last woke): then it continues the
 *  slice it had, so that sleeping briefly, or forking, buys nothing.  A
 *  sleep in TASK_UNINTERRUPTIBLE refills but earns no burst (disk waits
 *  are not interactivity).
 *
 *  Fork gives the child burst 0 and a full slice of its own (no slice
 *  splitting), at the tail of its level; the parent keeps the CPU unless
 *  the child's level is strictly better.  Yield gives a task burst 0 and
 *  a fresh slice (an RT one a fresh interval) and sends a normal one to
 *  level 139, to wait behind every other task; once picked it runs at
 *  its own level again.  A waking task preempts the current one when its
 *  level is better.  At an equal level it claims the CPU when it has a
 *  full slice and more of its RR_INTERVAL left (never from an RT task),
 *  but the current task keeps the head of the level: schedule() picks it
 *  again, and the waker runs when its interval ends.  SCHED_RR tasks get
 *  one RR_INTERVAL per turn, SCHED_FIFO tasks run until they block or
 *  yield.
 *
 *  Con's staircase, followed here (his 2.6.8 and plugsched posts):
 *  the yielder's mark (PF_YIELDED) and its effective prio back at the
 *  head of its level when picked; the fork mark on the parent
 *  (PF_FORKED, later SF_NONSLEEP on current); task_preempts_curr()'s
 *  equal-level rule with curr left at the head; every yielder refilled.
 *  Kept on purpose (docs/drivers.md, "staircase follows"): the child's
 *  whole slice at its top step, which preempts a parent on a worse step.
 *
 *  Priority inheritance (libsched/rtmutex.c): ->normal_prio is the level
 *  the design put the task on, ->prio the better of it and p->pi_prio,
 *  re-applied wherever the level is recomputed.  A SCHED_NORMAL task
 *  boosted into the RT levels runs as SCHED_FIFO does until the boost
 *  ends (rt_level()); one boosted within the stairs walks them as usual
 *  underneath, its level staying the inherited one.
 *
 *  The "compute" tunable is for batch machines: RR_INTERVAL and every
 *  slice grow ten times, a wake-up preempts only once the current task
 *  has run cache_delay (10 ms), and the burst extension is off.
 *
 *  SMP: per-CPU runqueues on libsched's runqueue plumbing
 *  (libsched/runqueue.c), which places new tasks on the least loaded
 *  allowed CPU and waking ones on an idle allowed CPU or where they last
 *  ran.  An idle CPU pulls one queued task from the busiest CPU (at
 *  schedule() and every tick), a busy one every BALANCE_INTERVAL_MS
 *  when another CPU has two tasks more.  No sched domains, no cache-hot
 *  estimate.
 *
 *  Where it behaves well: desktops; the latency of a task that sleeps
 *  often is bounded by its place on the stairs, not by an estimate.
 *  The known weakness: a task with a large burst keeps its top step for
 *  whole slices, so a hog that was interactive until now may hold a CPU
 *  for many slices before tasks at the bottom step run (see
 *  stair_starvation_bound()).
 */
#include <linux/sched.h>
#include <linux/sched_rq.h>

/*
 * Priority levels, lower is better: 0..MAX_RT_PRIO-1 for RT tasks
 * (99 - rt_priority), MAX_RT_PRIO..MAX_PRIO-1 (100..139) the stairs.
 */
#define STAIR_BOTTOM		(MAX_PRIO - 1)

/*
 * RR_INTERVAL_MS: one step of the stairs and an RT task's turn, in ms
 * of CPU (10).  COMPUTE_FACTOR: how much longer with compute on (x10).
 * CACHE_DELAY_MS: with compute on, how long the current task runs
 * before a wake-up may preempt it (10 ms).
 */
#define RR_INTERVAL_MS		10
#define COMPUTE_FACTOR		10
#define CACHE_DELAY_MS		10

/* Most burst any task may have: nice -20 => 39. */
#define MAX_BURST		(STAIR_BOTTOM - NICE_TO_PRIO(-20))

/* A busy CPU looks for imbalance every BALANCE_INTERVAL_MS (50 ms). */
#define BALANCE_INTERVAL_MS	50

/*
 * ->sflags: flags in the low bits, and above SF_GEN_SHIFT the tunables'
 * generation (stair_gen) when the slice was last refilled.
 */
#define SF_FORKED	1	/* forked since it woke: keep the slice */
#define SF_YIELDED	2	/* waits at 139 after a yield, not running */
#define SF_FLAGS	((1U << SF_GEN_SHIFT) - 1)
#define SF_GEN_SHIFT	8

/*
 * Tunables, under /sys/cpusched/staircase/:
 * interactive - 0..1, default 1: burst extends the top step.
 * compute - 0..1, default 0: x10 intervals, delayed preemption, and no
 *	burst extension (writing 1 also sets interactive to 0).
 */
#define DEF_INTERACTIVE		1
#define DEF_COMPUTE		0

/* Set to these defaults at every boot, from stair_tunables. */
static int sched_interactive = DEF_INTERACTIVE;
static int sched_compute = DEF_COMPUTE;

/*
 * stair_gen - one more at each tunable write.  A write leaves every
 * slice as it is (clamp_slice() trims it at the task's next tick or
 * wake-up) and each level follows at the task's next step, so the
 * formulas hold exactly only for slices refilled since: the check
 * (check_cpu()) holds those to them.
 */
static unsigned int stair_gen;

/*
 * What the staircase keeps beside each CPU's struct sched_rq, under its
 * lock: the priority array (the running task stays queued), the ticks
 * the running task has run since it was switched in, and whether a
 * wake-up's preemption waits for cache_delay (compute).
 */
struct stair_cpu {
	struct sched_levels levels;
	unsigned int cache_ticks;
	int preempted;
};

static DEFINE_PER_CPU(struct stair_cpu, stair_cpus);

#define stair_cpu(rq)		(&per_cpu(stair_cpus, (rq)->cpu))
#define stair(p)		(&(p)->u.staircase)
#define STAIR_LINK		offsetof(task_t, u.staircase.run_list)

/* ---- the numbers of the design ------------------------------------------- */

/* rr_interval - one step, in jiffies: 10 ms, 100 ms with compute. */
static unsigned int rr_interval(void)
{
	unsigned int ms = RR_INTERVAL_MS;

	if (sched_compute)
		ms *= COMPUTE_FACTOR;
	return max(1UL, msecs_to_jiffies(ms));
}

static unsigned int cache_delay(void)
{
	return max(1UL, msecs_to_jiffies(CACHE_DELAY_MS));
}

/*
 * rt_level - @p stands on an RT level: an RT task, or a SCHED_NORMAL one
 * boosted there through an rt_mutex (PI), which then runs as SCHED_FIFO
 * would: no stairs, no slice, no delayed preemption.
 */
static int rt_level(const task_t *p)
{
	return stair(p)->prio < MAX_RT_PRIO;
}

static int stair_rt_task(task_t *p)
{
	return rt_level(p);
}

/* max_burst - 19 - nice: nice 0 => 19, 19 => 0, -20 => 39. */
static unsigned int max_burst(const task_t *p)
{
	return STAIR_BOTTOM - p->static_prio;
}

/* task_slice - jiffies: RR_INTERVAL * (1 + max burst), RT one interval. */
static unsigned int task_slice(const task_t *p)
{
	if (p->policy != SCHED_NORMAL)
		return rr_interval();
	return rr_interval() * (max_burst(p) + 1);
}

static int rt_prio(const task_t *p)
{
	return MAX_USER_RT_PRIO - 1 - p->rt_priority;
}

/*
 * stair_prio - the step @p stands on.  For RT tasks their RT level.
 * A task stays on static_prio for its first interval(s) - RR_INTERVAL *
 * (burst + 1) when interactive, else one RR_INTERVAL - then goes one
 * level down per RR_INTERVAL used, to STAIR_BOTTOM at most.
 */
static int stair_prio(const task_t *p)
{
	const struct cpusched_staircase *s = stair(p);
	unsigned int rr = rr_interval(), full = task_slice(p);
	unsigned int used, first = rr;
	int prio;

	if (p->policy != SCHED_NORMAL)
		return rt_prio(p);
	used = full > s->slice ? full - s->slice : 0;
	if (sched_interactive && !sched_compute)
		first *= s->burst + 1;
	if (used < first)
		return p->static_prio;
	prio = p->static_prio + 1 + (used - first) / rr;
	return min(prio, STAIR_BOTTOM);
}

/*
 * inherit_prio - @p's level once the design put it at @normal: that,
 * noted in ->normal_prio (where a boost ends), or the level it inherits
 * through an rt_mutex (p->pi_prio), if better.  A boosted task keeps its
 * policy and walks the stairs underneath as usual.
 */
static int inherit_prio(task_t *p, int normal)
{
	stair(p)->normal_prio = normal;
	return min(normal, task_inherited_prio(p));
}

/* effective_prio - @p's level: its step, or an inherited one if better. */
static int effective_prio(task_t *p)
{
	return inherit_prio(p, stair_prio(p));
}

/* refill_slice - a whole new slice, starting with a whole interval. */
static void refill_slice(task_t *p)
{
	struct cpusched_staircase *s = stair(p);

	s->slice = task_slice(p);
	s->time_slice = rr_interval();
	s->runtime = 0;
	s->sflags = (s->sflags & SF_FLAGS) | stair_gen << SF_GEN_SHIFT;
}

static void inc_burst(task_t *p)
{
	if (stair(p)->burst < max_burst(p))
		stair(p)->burst++;
}

static void dec_burst(task_t *p)
{
	if (stair(p)->burst)
		stair(p)->burst--;
}

/*
 * clamp_slice - the tunables or nice changed what a slice is: keep what
 * is left within one slice and one interval.
 */
static void clamp_slice(task_t *p)
{
	struct cpusched_staircase *s = stair(p);

	s->slice = min(s->slice, task_slice(p));
	s->time_slice = min(s->time_slice, rr_interval());
	if (!s->slice || !s->time_slice)
		refill_slice(p);
}

/* ---- the queue ---------------------------------------------------------- */

static void stair_enqueue(task_t *p, struct sched_rq *rq)
{
	sched_levels_add(&stair_cpu(rq)->levels, &stair(p)->run_list,
			 stair(p)->prio);
	stair(p)->on_rq = 1;
}

static void stair_dequeue(task_t *p, struct sched_rq *rq)
{
	sched_levels_del(&stair_cpu(rq)->levels, &stair(p)->run_list,
			 stair(p)->prio);
	stair(p)->on_rq = 0;
}

static int stair_on_rq(const task_t *p)
{
	return stair(p)->on_rq;
}

/* requeue_at - move queued @p to the tail of level @prio. */
static void requeue_at(task_t *p, struct sched_rq *rq, int prio)
{
	stair_dequeue(p, rq);
	stair(p)->prio = prio;
	stair_enqueue(p, rq);
}

/*
 * wake_preempts - the staircase rule for a waking @p against rq->curr
 * (Con's task_preempts_curr()): a better level wins; at an equal level
 * only a full slice with more of its interval left than curr has, and
 * never against an RT task - a claim that reschedules curr, which is
 * picked again (preempt_curr()).
 */
static int wake_preempts(const task_t *p, const struct sched_rq *rq)
{
	const task_t *curr = rq->curr;
	int full_slice, more_left;

	if (curr == rq->idle || stair(p)->prio < stair(curr)->prio)
		return 1;
	if (stair(p)->prio > stair(curr)->prio || rt_level(curr))
		return 0;
	full_slice = stair(p)->slice == task_slice(p);
	more_left = stair(p)->time_slice > stair(curr)->time_slice;
	return full_slice && more_left;
}

/*
 * stair_preempts - the plumbing asks whether queued @p takes the CPU:
 * a new task only from a worse level (the parent keeps it at an equal
 * one), every other as a wake-up (wake_preempts()).
 */
static int stair_preempts(const task_t *p, struct sched_rq *rq,
			  enum sched_rq_why why)
{
	const task_t *curr = rq->curr;

	if (why == SCHED_RQ_NEW)
		return curr == rq->idle || stair(p)->prio < stair(curr)->prio;
	return wake_preempts(p, rq);
}

/*
 * stair_preempt - @p has a claim on rq's CPU: reschedule curr, unless
 * compute mode lets curr finish cache_delay first (the tick then does
 * it).  RT tasks, an idle CPU and a change of level (nice, policy)
 * never wait.  @p stays at the tail of its level and curr at the head
 * of its own, as in Con's staircase: a winner at curr's level is asked
 * for, but schedule() picks curr again and @p runs when curr's interval
 * ends.  rq->lock held, @p queued.
 */
static void stair_preempt(task_t *p, struct sched_rq *rq, enum sched_rq_why why)
{
	int delayed = sched_compute && why != SCHED_RQ_REPRIO && !rt_level(p) &&
		rq->curr != rq->idle &&
		stair_cpu(rq)->cache_ticks < cache_delay();

	if (delayed) {
		stair_cpu(rq)->preempted = 1;
		return;
	}
	sched_rq_resched(rq->curr);
}

/* ---- the hooks of struct sched_drv that are the staircase's ------------- */

/* task_prio - the "PR" column: RT -1..-100 below, 0..39 the stairs. */
static int stair_task_prio(const task_t *p)
{
	return stair(p)->prio - MAX_RT_PRIO;
}

/*
 * stair_set_oom_timeslice - the OOM killer's victim gets a whole fresh
 * slice to exit with, and the level that slice stands for at once: its
 * top step, from which it preempts as a wake-up there would.  Left on
 * the step of its old slice, it would wait where the slice says it
 * should not.
 */
static void stair_set_oom_timeslice(task_t *p)
{
	struct sched_rq *rq;
	unsigned long flags;
	int queued, old_prio;

	rq = sched_rq_task_lock(p, &flags);
	queued = stair(p)->on_rq;
	old_prio = stair(p)->prio;
	if (queued)
		sched_rq_dequeue(p, rq);
	refill_slice(p);
	if (p->policy == SCHED_NORMAL)
		stair(p)->prio = effective_prio(p);
	if (queued) {
		sched_rq_enqueue(p, rq);
		sched_rq_requeued(p, rq, stair(p)->prio > old_prio);
	}
	sched_rq_task_unlock(rq, &flags);
}

/* ---- balancing ----------------------------------------------------------- */

/*
 * stair_pullable - the first queued, not running task of @rq allowed on
 * @cpu (any CPU if @cpu is -1).
 */
static task_t *stair_pullable(struct sched_rq *rq, int cpu)
{
	return sched_levels_pullable(&stair_cpu(rq)->levels, rq, cpu,
				     STAIR_LINK);
}

/* A waking task takes a CPU that runs idle with nothing queued. */
static int stair_cpu_idle(struct sched_rq *rq)
{
	return rq->curr == rq->idle && !rq->nr_running;
}

/*
 * stair_idle_balance - schedule() found nothing to run here: pull one
 * task from the busiest CPU, if it has two tasks more still once both
 * are locked.  Called with this rq locked, irqs off; returns so.
 */
static void stair_idle_balance(struct sched_rq *rq)
{
	struct sched_rq *busiest = sched_rq_busiest(rq, rq->nr_running + 2);

	if (!busiest)
		return;
	sched_rq_lock_balance(rq, busiest);
	sched_rq_pull_from(rq, busiest, NEWLY_IDLE);
	sched_rq_unlock_balance(rq, busiest);
}

/* balance_due - an idle CPU looks every tick, a busy one staggered. */
static int balance_due(struct sched_rq *rq, int cpu)
{
	unsigned long interval = msecs_to_jiffies(BALANCE_INTERVAL_MS);

	if (rq->curr == rq->idle)
		return !rq->nr_running;
	return !((jiffies + cpu * 7) % max(1UL, interval));
}

/*
 * stair_balance - from the tick, no lock held, irqs off: if another CPU
 * has two tasks more than this one, take one of them.
 */
static void stair_balance(struct sched_rq *this_rq)
{
	int this_cpu = this_rq->cpu;
	enum idle_type type = NOT_IDLE;
	struct sched_rq *busiest;

	if (!balance_due(this_rq, this_cpu) || this_rq->idle_next ||
	    !cpu_online(this_cpu))
		return;
	busiest = sched_rq_busiest(this_rq, this_rq->nr_running + 2);
	if (!busiest)
		return;
	if (this_rq->curr == this_rq->idle)
		type = SCHED_IDLE;
	sched_rq_double_lock(this_rq, busiest);
	sched_rq_pull_from(this_rq, busiest, type);
	sched_rq_double_unlock(this_rq, busiest);
}

/* ---- schedule() and the tick --------------------------------------------- */

/*
 * unyield - @next, picked, has yielded: it waited at the bottom step so
 * that every other task ran first, and now runs at its own level again,
 * at the head (yield_task()).
 */
static void unyield(task_t *next, struct sched_rq *rq)
{
	stair(next)->sflags &= ~SF_YIELDED;
	requeue_at(next, rq, effective_prio(next));
	list_move(&stair(next)->run_list,
		  stair_cpu(rq)->levels.queue + stair(next)->prio);
}

/* stair_pick_next - the head of the best level, no more a yielder. */
static task_t *stair_pick_next(struct sched_rq *rq)
{
	struct list_head *first = sched_levels_first(&stair_cpu(rq)->levels);
	task_t *next;

	if (!first)
		return NULL;
	/* one bitmap search: one level examined, whatever the load */
	rq->pick_work++;
	next = list_entry(first, task_t, u.staircase.run_list);
	if (stair(next)->sflags & SF_YIELDED)
		unyield(next, rq);
	return next;
}

/*
 * stair_switched - prev leaves the CPU, next takes it: prev's run counts
 * towards the wake-up rule, both are stamped.
 */
static void stair_switched(struct sched_rq *rq, task_t *prev, task_t *next)
{
	unsigned long long now = sched_clock();

	if (prev != rq->idle) {
		stair(prev)->runtime += now - stair(prev)->timestamp;
		stair(prev)->timestamp = now;
	}
	stair(next)->timestamp = now;
	stair_cpu(rq)->cache_ticks = 0;
	stair_cpu(rq)->preempted = 0;
}

/* rr_tick - SCHED_RR: one interval per turn, then the tail of its level. */
static void rr_tick(task_t *p, struct sched_rq *rq)
{
	clamp_slice(p);
	if (--stair(p)->time_slice)
		return;
	refill_slice(p);
	requeue_at(p, rq, inherit_prio(p, rt_prio(p)));
	set_tsk_need_resched(p);
}

/*
 * normal_tick - one jiffy off the slice and the interval.  A used-up
 * slice costs one burst and starts again at the top; a used-up interval
 * is one step down (or the tail of the same step while on the top).
 */
static void normal_tick(task_t *p, struct sched_rq *rq)
{
	struct cpusched_staircase *s = stair(p);

	clamp_slice(p);
	s->time_slice--;
	if (!--s->slice) {
		dec_burst(p);
		refill_slice(p);
		s->timestamp = sched_clock();
	} else if (!s->time_slice) {
		s->time_slice = rr_interval();
	} else {
		return;
	}
	requeue_at(p, rq, effective_prio(p));
	set_tsk_need_resched(p);
}

/*
 * stair_tick - account one tick to the running task and let a delayed
 * preemption (compute) happen.  rq locked, hardirq context.
 */
static void stair_tick(struct sched_rq *rq, task_t *p)
{
	struct stair_cpu *sc = stair_cpu(rq);

	sc->cache_ticks++;
	if (stair(p)->on_rq && p->policy == SCHED_RR)
		rr_tick(p, rq);
	else if (stair(p)->on_rq && !rt_level(p))
		normal_tick(p, rq);
	if (sc->preempted && sc->cache_ticks >= cache_delay()) {
		sc->preempted = 0;
		set_tsk_need_resched(p);
	}
}

/* ---- wake-ups and fork -------------------------------------------------- */

/*
 * recalc_on_wake - @p wakes at @now after a sleep that was
 * uninterruptible if @unint.  A task that has run and slept less than
 * RR_INTERVAL in all since its slice was refilled, or has forked since
 * it last woke, continues its slice; any other gets a new slice and,
 * for an interruptible sleep, one more burst.
 */
static void recalc_on_wake(task_t *p, unsigned long long now, int unint)
{
	struct cpusched_staircase *s = stair(p);
	unsigned long long slept = now - s->timestamp;
	unsigned long long rr_ns = (unsigned long long)rr_interval() *
		TICK_NSEC;
	int forked = s->sflags & SF_FORKED;

	s->sflags &= ~SF_FORKED;
	if (p->policy == SCHED_NORMAL && !forked &&
	    s->runtime + slept >= rr_ns) {
		if (!unint)
			inc_burst(p);
		refill_slice(p);
	}
	clamp_slice(p);
	s->timestamp = now;
	s->prio = effective_prio(p);
}

/* stair_waking - @p wakes from @old_state: recalc_on_wake(). */
static void stair_waking(task_t *p, struct sched_rq *rq, long old_state)
{
	recalc_on_wake(p, sched_clock(), old_state == TASK_UNINTERRUPTIBLE);
}

/*
 * stair_fork - set up a new task: burst 0, a full slice of its own (the
 * parent keeps all of its).
 */
static void stair_fork(task_t *p)
{
	struct cpusched_staircase *s = stair(p);

	INIT_LIST_HEAD(&s->run_list);
	s->on_rq = 0;
	s->burst = 0;
	s->sflags = 0;
	refill_slice(p);
	s->timestamp = sched_clock();
	s->prio = effective_prio(p);
}

/*
 * stair_new_task - new @p is queued at the tail of its level, and
 * preempts only a worse level (stair_preempts()): at an equal one the
 * parent keeps the CPU (no child-first).  The parent is marked: its next
 * wake-up continues its slice, so that a task cannot fork its way to
 * fresh slices and burst (a fork bomb).
 */
static void stair_new_task(task_t *p, struct sched_rq *rq)
{
	clamp_slice(p);
	stair(p)->prio = effective_prio(p);
	/* current runs here, irqs are off: nothing else writes its flags */
	stair(current)->sflags |= SF_FORKED;
}

static void stair_init_idle(task_t *idle)
{
	idle->u.staircase.prio = idle->u.staircase.normal_prio = MAX_PRIO;
	idle->u.staircase.on_rq = 0;
	INIT_LIST_HEAD(&idle->u.staircase.run_list);
}

/* ---- priorities and policies --------------------------------------------- */

/*
 * reslice_for_nice - nice changed the slice length of normal @p: keep
 * the CPU time already used of the slice (at least one jiffy is left).
 */
static void reslice_for_nice(task_t *p, unsigned int old_full)
{
	struct cpusched_staircase *s = stair(p);
	unsigned int used = old_full > s->slice ? old_full - s->slice : 0;
	unsigned int full = task_slice(p);

	s->slice = full > used ? full - used : 1;
	s->time_slice = min(s->time_slice, s->slice);
}

/*
 * stair_set_nice - a new static_prio: a new top step and slice for a
 * normal task (an RT one keeps its level).  A running task that got
 * worse, or a queued one that now beats curr, makes curr reschedule.
 */
static void stair_set_nice(task_t *p, struct sched_rq *rq, long nice)
{
	unsigned int old_full = task_slice(p);
	int queued = stair(p)->on_rq, old_prio = stair(p)->prio;

	if (queued)
		sched_rq_dequeue(p, rq);
	p->static_prio = NICE_TO_PRIO(nice);
	/* an RT task too: its burst counts again once it is normal */
	stair(p)->burst = min(stair(p)->burst, max_burst(p));
	if (p->policy == SCHED_NORMAL) {
		reslice_for_nice(p, old_full);
		stair(p)->prio = effective_prio(p);
	}
	if (queued) {
		sched_rq_enqueue(p, rq);
		sched_rq_requeued(p, rq, stair(p)->prio > old_prio);
	}
}

/*
 * stair_setscheduler - change policy and level; p is off the runqueue.
 * A change between RT and normal starts a fresh slice of the new kind.
 */
static int stair_setscheduler(task_t *p, struct sched_rq *rq, int policy,
			      int prio)
{
	int was_rt = p->policy != SCHED_NORMAL, old_prio = stair(p)->prio;

	BUG_ON(stair(p)->on_rq);
	p->policy = policy;
	p->rt_priority = prio;
	if (was_rt != (policy != SCHED_NORMAL))
		refill_slice(p);
	stair(p)->prio = effective_prio(p);
	return stair(p)->prio > old_prio;
}

/* sched_rr_get_interval: the slice, RR_INTERVAL for SCHED_RR, 0 FIFO. */
static long stair_rr_get_interval(pid_t pid, struct timespec __user *interval)
{
	return sched_rr_interval(pid, interval, task_slice);
}

/*
 * yield_task - the yielder starts a fresh slice with no burst, RT or not
 * (Con's sys_sched_yield()), at the tail.  A normal one waits at the
 * bottom step, so that every other queued task runs first; it is marked
 * and gets its own level back when it is picked (unyield()), so it does
 * not run at 139.  A boosted (PI) one waits at its inherited level, an
 * RT one at its own.
 */
static void yield_task(task_t *p, struct sched_rq *rq)
{
	int prio = stair(p)->prio;

	stair(p)->burst = 0;
	refill_slice(p);
	if (p->policy == SCHED_NORMAL) {
		stair(p)->sflags |= SF_YIELDED;
		prio = inherit_prio(p, STAIR_BOTTOM);
	}
	requeue_at(p, rq, prio);
}

/* ---- priority inheritance ------------------------------------------------ */

#ifdef CONFIG_CPUSCHED_PI
/* first_queued - the head of the best level of non-empty @rq. */
static task_t *first_queued(struct sched_rq *rq)
{
	return list_entry(sched_levels_first(&stair_cpu(rq)->levels), task_t,
			  u.staircase.run_list);
}

/* stair_normal_prio - @p's level without inheritance (rtmutex.c). */
static int stair_normal_prio(task_t *p)
{
	return stair(p)->normal_prio;
}

/*
 * pi_preempt - queued @p moved from level @old_prio to its present one:
 * a waiting @p now better than curr preempts it (strictly better: a
 * boost is no wake-up); a running @p that got worse gives way if it no
 * longer comes first.  rq locked.
 */
static void pi_preempt(task_t *p, struct sched_rq *rq, int old_prio)
{
	if (!sched_rq_running(rq, p)) {
		if (rq->curr == rq->idle ||
		    stair(p)->prio < stair(rq->curr)->prio)
			stair_preempt(p, rq, SCHED_RQ_WAKE);
		return;
	}
	if (stair(p)->prio > old_prio && first_queued(rq) != p)
		sched_rq_resched(p);
}

/*
 * stair_pi_setprio - p->pi_prio changed (rtmutex.c): @p's level becomes
 * the better of it and its normal one, at the tail.  Called with
 * p->pi_lock held, interrupts off.
 */
static void stair_pi_setprio(task_t *p)
{
	struct sched_rq *rq;
	unsigned long flags;
	int old_prio, prio;

	rq = sched_rq_task_lock(p, &flags);
	old_prio = stair(p)->prio;
	prio = min(stair(p)->normal_prio, task_inherited_prio(p));
	if (prio == old_prio)
		goto out_unlock;
	if (!stair(p)->on_rq) {
		stair(p)->prio = prio;
		goto out_unlock;
	}
	requeue_at(p, rq, prio);
	pi_preempt(p, rq, old_prio);
out_unlock:
	sched_rq_task_unlock(rq, &flags);
}
#endif /* CONFIG_CPUSCHED_PI */

static const struct sched_class_ops stair_ops = {
	.enqueue	= stair_enqueue,
	.dequeue	= stair_dequeue,
	.on_rq		= stair_on_rq,
	.pick_next	= stair_pick_next,
	.preempts	= stair_preempts,
	.preempt	= stair_preempt,
	.pullable	= stair_pullable,
	.switched	= stair_switched,
	.tick		= stair_tick,
	.balance	= stair_balance,
	.idle_balance	= stair_idle_balance,
	.cpu_idle	= stair_cpu_idle,
	.fork		= stair_fork,
	.waking		= stair_waking,
	.new_task	= stair_new_task,
	.init_idle	= stair_init_idle,
	.yield		= yield_task,
	.set_nice	= stair_set_nice,
	.setscheduler	= stair_setscheduler,
};

/* ---- boot ---------------------------------------------------------------- */

static void stair_sched_init(void)
{
	int cpu;

	sched_rq_init(&stair_ops);
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		memset(&per_cpu(stair_cpus, cpu), 0, sizeof(struct stair_cpu));
		sched_levels_init(&per_cpu(stair_cpus, cpu).levels);
	}
	memset(stair(current), 0, sizeof(*stair(current)));
	INIT_LIST_HEAD(&stair(current)->run_list);
	refill_slice(current);
	/* The boot task becomes this CPU's idle task. */
	sched_rq_init_idle(current, smp_processor_id());
}

/* ---- checks -------------------------------------------------------------- */

#ifdef CONFIG_CPUSCHED_SELFTEST
static void stair_for_each_queued(int cpu, void (*fn)(task_t *, void *),
				  void *arg)
{
	sched_levels_for_each(&per_cpu(stair_cpus, cpu).levels, STAIR_LINK, fn,
			      arg);
}

/*
 * slice_current - @p's slice was refilled under the present tunables
 * (stair_gen): only then do its slice and level follow the formulas.
 */
static int slice_current(const task_t *p)
{
	return (stair(p)->sflags & ~SF_FLAGS) == stair_gen << SF_GEN_SHIFT;
}

/*
 * bad_slice - why the slice and interval left of @p break the design:
 * 1..RR_INTERVAL of the interval and at least that but at most a whole
 * slice of the slice are left; and a normal task's interval ends where
 * a step of its slice does (slice - time_slice a multiple of the
 * interval), so its level, recomputed when the interval ends, is the
 * formula's at every tick in between.
 */
static const char *bad_slice(const task_t *p)
{
	const struct cpusched_staircase *s = stair(p);
	unsigned int rr = rr_interval();

	if (!s->time_slice || s->time_slice > rr)
		return "interval left outside 1..RR_INTERVAL";
	if (s->slice < s->time_slice || s->slice > task_slice(p))
		return "slice left outside interval left..whole slice";
	if (p->policy == SCHED_NORMAL && (s->slice - s->time_slice) % rr)
		return "interval not on a step of the slice";
	return NULL;
}

/*
 * bad_level - why the normal level of normal @p is not the design's:
 * stair_prio() of its slice and burst, recomputed at every wake-up,
 * step, new slice, nice and policy change; only a yielder waits at the
 * bottom step instead, and never runs there (unyield()).
 */
static const char *bad_level(const task_t *p, int running)
{
	const struct cpusched_staircase *s = stair(p);

	if (s->sflags & SF_YIELDED) {
		if (running)
			return "a yielder runs at the bottom step";
		if (s->normal_prio == STAIR_BOTTOM)
			return NULL;
	}
	return s->normal_prio == stair_prio(p) ? NULL :
						 "level not stair_prio()";
}

/*
 * bad_fields - why @p's fields break the design, or NULL: the level is
 * the normal one or, if better, the inherited one (PI); the normal level
 * of an RT task is its RT level, of a normal one between its top step
 * and the bottom, with no more burst than its nice allows; and for a
 * slice begun under the present tunables, the slice as bad_slice() and
 * the level as bad_level() want them.
 */
static const char *bad_fields(const task_t *p, int running)
{
	const struct cpusched_staircase *s = stair(p);

	if (s->prio != min(s->normal_prio, task_inherited_prio(p)))
		return "prio neither its normal nor its inherited one";
	if (p->policy != SCHED_NORMAL) {
		if (s->normal_prio != rt_prio(p))
			return "RT task off its level";
	} else if (s->normal_prio < p->static_prio ||
		   s->normal_prio > STAIR_BOTTOM) {
		return "normal prio outside static_prio..139";
	} else if (s->burst > max_burst(p)) {
		return "burst above 19 - nice";
	}
	if (!slice_current(p))
		return NULL;
	if (bad_slice(p))
		return bad_slice(p);
	return p->policy == SCHED_NORMAL ? bad_level(p, running) : NULL;
}

/* bad_queued - why @p, queued at @level of @rq, breaks the design. */
static const char *bad_queued(const task_t *p, struct sched_rq *rq, int level)
{
	const char *why = bad_fields(p, sched_rq_running(rq, p));

	if (why)
		return why;
	if (stair(p)->prio != level)
		return "queued on another level";
	if (!stair(p)->on_rq)
		return "queued, on_rq 0";
	return NULL;
}

/*
 * bad_curr - why what @rq runs breaks the design, or NULL.  The running
 * task stays queued and stands on the best non-empty level; the idle
 * task runs only when nothing is queued.  Otherwise a reschedule must
 * be pending, or (compute) a preemption be delayed (rq->preempted) until
 * curr has run cache_delay, which the idle task never does.  Between
 * events nothing is left to push, and an online CPU is not on its way
 * out (idle_next).
 */
static const char *bad_curr(struct sched_rq *rq)
{
	task_t *curr = rq->curr;
	int best = sched_levels_best(&stair_cpu(rq)->levels);
	int pending = test_tsk_thread_flag(curr, TIF_NEED_RESCHED);
	int preempted = stair_cpu(rq)->preempted;

	if (rq->push)
		return "a task still to push";
	if (rq->idle_next)
		return "idle_next on an online CPU";
	if (preempted && curr == rq->idle)
		return "a preemption of the idle task delayed";
	if (curr == rq->idle && best < SCHED_LEVELS && !pending)
		return "idle while tasks are queued";
	if (curr == rq->idle)
		return NULL;
	if (!stair(curr)->on_rq)
		return "the running task is not queued";
	if (stair(curr)->prio > best && !pending && !preempted)
		return "a better level waits, no reschedule pending";
	return NULL;
}

/* check_level - the tasks queued at @level of @cpu, counted in @n. */
static int check_level(char *buf, int len, int cpu, int level, unsigned long *n)
{
	struct sched_rq *rq = sched_cpu_rq(cpu);
	struct list_head *q = stair_cpu(rq)->levels.queue + level;
	task_t *p;

	if (list_empty(q))
		return sched_rq_report(buf, len, "cpu%d level %d: no task", cpu,
				       level);
	list_for_each_entry(p, q, u.staircase.run_list) {
		const char *why = bad_queued(p, rq, level);

		if (why)
			return sched_rq_report(
				buf, len,
				"cpu%d level %d: %s/%d: %s (prio "
				"%d, normal %d, inherited %d, "
				"burst %u, slice %u, interval %u)",
				cpu, level, p->comm, p->pid, why,
				stair(p)->prio, stair(p)->normal_prio,
				task_inherited_prio(p), stair(p)->burst,
				stair(p)->slice, stair(p)->time_slice);
		(*n)++;
	}
	return 0;
}

/*
 * check_cpu - what @cpu runs (bad_curr()), then each level whose bit is
 * set: it has tasks, each of them at that level, marked on_rq and with
 * sane fields; they add up to nr_running and nr_active, so a task on a
 * level whose bit is clear makes the sum fall short.
 */
static int check_cpu(char *buf, int len, int cpu)
{
	struct sched_rq *rq = sched_cpu_rq(cpu);
	struct sched_levels *a = &stair_cpu(rq)->levels;
	const char *why = bad_curr(rq);
	unsigned long n = 0;
	int level;

	if (why)
		return sched_rq_report(buf, len, "cpu%d runs %s/%d at %d: %s",
				       cpu, rq->curr->comm, rq->curr->pid,
				       stair(rq->curr)->prio, why);
	for_each_sched_level(level, a)
		if (check_level(buf, len, cpu, level, &n))
			return 1;
	if (n != rq->nr_running || n != a->nr_active)
		return sched_rq_report(buf, len,
				       "cpu%d: %lu queued, nr_running %lu, "
				       "nr_active %u",
				       cpu, n, rq->nr_running, a->nr_active);
	return 0;
}

/*
 * stair_check_cpu - the design's rules of @cpu if it is online
 * (check_cpu()); O(tasks queued there), run by the machine after every
 * event on the CPUs the event touched.
 */
static int stair_check_cpu(int cpu, char *buf, int len)
{
	return cpu_online(cpu) && check_cpu(buf, len, cpu);
}
#endif /* CONFIG_CPUSCHED_SELFTEST */

#ifdef CONFIG_CPUSCHED_TUNABLES
/* interactive_store - slices refilled from now on are of the new kind. */
static int interactive_store(const struct sched_tunable *t, int value)
{
	sched_interactive = value;
	stair_gen++;
	return 0;
}

/* compute_store - compute on means the burst extension off. */
static int compute_store(const struct sched_tunable *t, int value)
{
	sched_compute = value;
	if (value)
		sched_interactive = 0;
	stair_gen++;
	return 0;
}

static const struct sched_tunable stair_tunables[] = {
	{
		.name	= "interactive",
		.desc	= "1: burst from wake-ups keeps a task on top longer",
		.min	= 0,
		.max	= 1,
		.def	= DEF_INTERACTIVE,
		.value	= &sched_interactive,
		.store	= interactive_store,
	},
	{
		.name	= "compute",
		.desc	= "1: x10 intervals and slices, preemption after "
			"10 ms, interactive 0",
		.min	= 0,
		.max	= 1,
		.def	= DEF_COMPUTE,
		.value	= &sched_compute,
		.store	= compute_store,
	},
	{ .name = NULL }
};
#endif /* CONFIG_CPUSCHED_TUNABLES */

#ifdef CONFIG_CPUSCHED_SELFTEST
/*
 * stair_starvation_bound - the longest a runnable normal task T waits,
 * in jiffies, with @nr_running tasks on its CPU.  The worst place for T
 * is the bottom step (139).  Another task X with max burst M = 39 (nice
 * -20), slices of S = rr * (M + 1) and burst b reaches the bottom only
 * in a slice begun with b = 0, after rr * M of it; every slice before
 * costs one burst.  So X runs at most b * S + rr * M before it is
 * queued behind T, at most M * S + rr * M = rr * M * (M + 2) (15990 ms
 * with rr 10 ms).  Without the burst extension (interactive 0 or
 * compute) X reaches the bottom after rr * M of any slice, and one that
 * stood at the bottom ahead of T runs rr more: rr * (M + 1).  Plus a
 * tick of sampling slack per task.
 */
static unsigned long stair_starvation_bound(unsigned long nr_running)
{
	unsigned long rr = rr_interval(), per_task;

	if (sched_interactive && !sched_compute)
		per_task = rr * MAX_BURST * (MAX_BURST + 2);
	else
		per_task = rr * (MAX_BURST + 1);
	return nr_running ? (nr_running - 1) * (per_task + 1) + 1 : 0;
}
#endif /* CONFIG_CPUSCHED_SELFTEST */

struct sched_drv staircase_sched_drv = {
	SCHED_RQ_DRV_HOOKS,
	.cpusched_name		= "staircase",
	.init			= stair_sched_init,
	.rt_task		= stair_rt_task,
	.set_oom_timeslice	= stair_set_oom_timeslice,
	.task_prio		= stair_task_prio,
	.rr_get_interval	= stair_rr_get_interval,
#ifdef CONFIG_CPUSCHED_PI
	.normal_prio		= stair_normal_prio,
	.pi_setprio		= stair_pi_setprio,
#endif
#ifdef CONFIG_CPUSCHED_TUNABLES
	.tunables		= stair_tunables,
#endif
#ifdef CONFIG_CPUSCHED_SELFTEST
	.for_each_queued	= stair_for_each_queued,
	.check_cpu		= stair_check_cpu,
	.starvation_bound	= stair_starvation_bound,
	.o1			= 1,
#endif
};
