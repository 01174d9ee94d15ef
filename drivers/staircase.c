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
 *  SMP: per-CPU runqueues.  A new task goes to the least loaded allowed
 *  CPU, a waking one to an idle allowed CPU or where it last ran.  An
 *  idle CPU pulls one queued task from the busiest CPU (at schedule()
 *  and every tick), a busy one every BALANCE_INTERVAL_MS when another
 *  CPU has two tasks more.  No sched domains, no cache-hot estimate.
 *
 *  Where it behaves well: desktops; the latency of a task that sleeps
 *  often is bounded by its place on the stairs, not by an estimate.
 *  The known weakness: a task with a large burst keeps its top step for
 *  whole slices, so a hog that was interactive until now may hold a CPU
 *  for many slices before tasks at the bottom step run (see
 *  stair_starvation_bound()).
 */
#include <linux/sched.h>
#include <linux/init.h>
#include <linux/cpu.h>
#include <linux/kernel_stat.h>
#include <linux/string.h>
#include <linux/syscalls.h>
#include <linux/seq_file.h>
#include <linux/security.h>
#include <asm/uaccess.h>
#include <asm/mmu_context.h>

/*
 * Priority levels, lower is better: 0..MAX_RT_PRIO-1 for RT tasks
 * (99 - rt_priority), MAX_RT_PRIO..MAX_PRIO-1 (100..139) the stairs.
 */
#define STAIR_LEVELS		MAX_PRIO
#define STAIR_BOTTOM		(MAX_PRIO - 1)

/* clang-format 14 takes "(prio) - MAX_RT_PRIO" for a cast: keep as written. */
/* clang-format off */
#define NICE_TO_PRIO(nice)	(MAX_RT_PRIO + (nice) + 20)
#define PRIO_TO_NICE(prio)	((prio) - MAX_RT_PRIO - 20)
#define TASK_NICE(p)		PRIO_TO_NICE((p)->static_prio)
/* clang-format on */

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

/* /proc/schedstat format version (the 2.6.10 line format). */
#define SCHEDSTAT_VERSION	10

struct stair_array {
	unsigned int nr_active;
	unsigned long bitmap[BITS_TO_LONGS(STAIR_LEVELS + 1)];
	struct list_head queue[STAIR_LEVELS];
};

/*
 * The per-CPU runqueue.  ->lock protects everything in it and the
 * u.staircase fields of the tasks queued on it (the running task stays
 * queued).  Two runqueue locks are always taken in ascending address
 * order.
 */
struct stair_rq {
	spinlock_t lock;
	unsigned long nr_running;
	unsigned long long nr_switches;
	long nr_uninterruptible;	/* per CPU it may go negative */
	atomic_t nr_iowait;
	task_t *curr, *idle;
	task_t *push;			/* prev, to requeue elsewhere */
	int idle_next;			/* sched_idle_next() was called */
	unsigned int cache_ticks;	/* ticks curr has run since switch */
	int preempted;			/* compute: a waker waits */
	struct stair_array array;

	/* schedstat */
	unsigned long yld_cnt;
	unsigned long sched_noswitch, sched_switch, sched_cnt, sched_goidle;
	unsigned long ttwu_cnt, ttwu_moved, wunt_cnt, wunt_moved;
	unsigned long pulled_idle, pulled_busy, pulled_newidle;
	unsigned long lost_idle, lost_busy, lost_newidle;
	unsigned long long pick_work;	/* levels pick_next() examined */
};

static DEFINE_PER_CPU(struct stair_rq, stair_runqueues);

#define cpu_rq(cpu)		(&per_cpu(stair_runqueues, (cpu)))
#define this_rq()		(&__get_cpu_var(stair_runqueues))
#define task_rq(p)		cpu_rq(task_cpu(p))
#define task_running(rq, p)	((rq)->curr == (p))
#define stair(p)		(&(p)->u.staircase)

/* for_each_level - the non-empty levels of @a, best first. */
#define for_each_level(level, a)					\
	for ((level) = find_first_bit((a)->bitmap, STAIR_LEVELS);	\
	     (level) < STAIR_LEVELS;					\
	     (level) = find_next_bit((a)->bitmap, STAIR_LEVELS, (level) + 1))

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

/* ---- the runqueue ------------------------------------------------------- */

static void enqueue_task(task_t *p, struct stair_rq *rq)
{
	struct stair_array *a = &rq->array;
	int level = stair(p)->prio;

	list_add_tail(&stair(p)->run_list, a->queue + level);
	__set_bit(level, a->bitmap);
	a->nr_active++;
	stair(p)->on_rq = 1;
	rq->nr_running++;
}

static void dequeue_task(task_t *p, struct stair_rq *rq)
{
	struct stair_array *a = &rq->array;
	int level = stair(p)->prio;

	list_del_init(&stair(p)->run_list);
	if (list_empty(a->queue + level))
		__clear_bit(level, a->bitmap);
	a->nr_active--;
	stair(p)->on_rq = 0;
	rq->nr_running--;
}

/* requeue_at - move queued @p to the tail of level @prio. */
static void requeue_at(task_t *p, struct stair_rq *rq, int prio)
{
	dequeue_task(p, rq);
	stair(p)->prio = prio;
	enqueue_task(p, rq);
}

/*
 * resched_task - mark @p for rescheduling and, if it runs elsewhere,
 * interrupt its CPU.  Called with p's runqueue lock held.
 */
static void resched_task(task_t *p)
{
	int cpu = task_cpu(p);

	if (test_tsk_thread_flag(p, TIF_NEED_RESCHED))
		return;
	set_tsk_need_resched(p);
	if (cpu != smp_processor_id())
		smp_send_reschedule(cpu);
}

/*
 * wake_preempts - the staircase rule for a waking @p against rq->curr
 * (Con's task_preempts_curr()): a better level wins; at an equal level
 * only a full slice with more of its interval left than curr has, and
 * never against an RT task - a claim that reschedules curr, which is
 * picked again (preempt_curr()).
 */
static int wake_preempts(const task_t *p, const struct stair_rq *rq)
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
 * resched_requeued - @p, queued again after a change of its level from
 * @old_prio (nice, policy, an OOM slice): running, it gives way if it
 * got worse; waiting, it reschedules curr where a wake-up at its new
 * level would.  rq locked.
 */
static void resched_requeued(task_t *p, struct stair_rq *rq, int old_prio)
{
	if (task_running(rq, p)) {
		if (stair(p)->prio > old_prio)
			resched_task(p);
	} else if (wake_preempts(p, rq)) {
		resched_task(rq->curr);
	}
}

/*
 * preempt_curr - @p has a claim on rq's CPU: reschedule curr, unless
 * compute mode lets curr finish cache_delay first (the tick then does
 * it).  RT tasks and an idle CPU never wait.  @p stays at the tail of
 * its level and curr at the head of its own, as in Con's staircase: a
 * winner at curr's level is asked for, but schedule() picks curr again
 * and @p runs when curr's interval ends.  rq->lock held, @p queued.
 */
static void preempt_curr(task_t *p, struct stair_rq *rq)
{
	int delayed = sched_compute && !rt_level(p) && rq->curr != rq->idle &&
		rq->cache_ticks < cache_delay();

	if (delayed) {
		rq->preempted = 1;
		return;
	}
	resched_task(rq->curr);
}

/*
 * task_rq_lock - lock the runqueue @p is on.  Interrupts off; the task
 * may move between reading its CPU and getting the lock, hence the loop.
 */
static struct stair_rq *task_rq_lock(task_t *p, unsigned long *flags)
{
	struct stair_rq *rq;

repeat:
	local_irq_save(*flags);
	rq = task_rq(p);
	spin_lock(&rq->lock);
	if (unlikely(rq != task_rq(p))) {
		spin_unlock_irqrestore(&rq->lock, *flags);
		goto repeat;
	}
	return rq;
}

static void task_rq_unlock(struct stair_rq *rq, unsigned long *flags)
{
	spin_unlock_irqrestore(&rq->lock, *flags);
}

/* double_rq_lock - lock two runqueues in address order; irqs are off. */
static void double_rq_lock(struct stair_rq *a, struct stair_rq *b)
{
	if (a == b) {
		spin_lock(&a->lock);
	} else if (a < b) {
		spin_lock(&a->lock);
		spin_lock(&b->lock);
	} else {
		spin_lock(&b->lock);
		spin_lock(&a->lock);
	}
}

static void double_rq_unlock(struct stair_rq *a, struct stair_rq *b)
{
	spin_unlock(&a->lock);
	if (a != b)
		spin_unlock(&b->lock);
}

/* The allowed online CPU with the fewest queued tasks, lowest first. */
static int least_loaded_cpu(const task_t *p)
{
	unsigned long best_load = ~0UL;
	int cpu, best = -1;

	for_each_online_cpu(cpu) {
		if (!cpu_isset(cpu, p->cpus_allowed))
			continue;
		if (cpu_rq(cpu)->nr_running < best_load) {
			best_load = cpu_rq(cpu)->nr_running;
			best = cpu;
		}
	}
	return best;
}

static int cpu_is_idle(int cpu)
{
	return cpu_rq(cpu)->curr == cpu_rq(cpu)->idle &&
		!cpu_rq(cpu)->nr_running;
}

/* Where a waking task goes: its CPU if idle, an idle allowed one, else its. */
static int wake_cpu(const task_t *p)
{
	int cpu = task_cpu(p);

	if (cpu_online(cpu) && cpu_isset(cpu, p->cpus_allowed) &&
	    cpu_is_idle(cpu))
		return cpu;
	for_each_online_cpu(cpu)
		if (cpu_isset(cpu, p->cpus_allowed) && cpu_is_idle(cpu))
			return cpu;
	cpu = task_cpu(p);
	if (cpu_online(cpu) && cpu_isset(cpu, p->cpus_allowed))
		return cpu;
	return any_online_cpu(p->cpus_allowed);
}

/* ---- time accounting ----------------------------------------------------- */

static int iowait_here(struct stair_rq *rq)
{
	return atomic_read(&rq->nr_iowait) > 0;
}

static void stair_account_system_time(struct task_struct *p, int hardirq_offset,
				      cputime_t cputime)
{
	struct stair_rq *rq = this_rq();

	sched_account_system(p, hardirq_offset, cputime, p == rq->idle,
			     iowait_here(rq));
}

static void stair_account_steal_time(struct task_struct *p, cputime_t steal)
{
	struct stair_rq *rq = this_rq();

	sched_account_steal(p, steal, p == rq->idle, iowait_here(rq));
}

/* ---- counters ------------------------------------------------------------ */

static unsigned long stair_nr_running(void)
{
	return sched_sum_rq(unsigned long, cpu_rq, nr_running);
}

static unsigned long stair_nr_uninterruptible(void)
{
	return sched_sum_rq(long, cpu_rq, nr_uninterruptible);
}

static unsigned long long stair_nr_context_switches(void)
{
	return sched_sum_rq(unsigned long long, cpu_rq, nr_switches);
}

static unsigned long stair_nr_iowait(void)
{
	return sched_sum_rq(unsigned long, cpu_rq, nr_iowait.counter);
}

static int stair_idle_cpu(int cpu)
{
	return cpu_rq(cpu)->curr == cpu_rq(cpu)->idle;
}

static int stair_task_curr(const task_t *p)
{
	return cpu_rq(task_cpu(p))->curr == p;
}

static int stair_task_nice(const task_t *p)
{
	return TASK_NICE(p);
}

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
	struct stair_rq *rq;
	unsigned long flags;
	int queued, old_prio;

	rq = task_rq_lock(p, &flags);
	queued = stair(p)->on_rq;
	old_prio = stair(p)->prio;
	if (queued)
		dequeue_task(p, rq);
	refill_slice(p);
	if (p->policy == SCHED_NORMAL)
		stair(p)->prio = effective_prio(p);
	if (queued) {
		enqueue_task(p, rq);
		resched_requeued(p, rq, old_prio);
	}
	task_rq_unlock(rq, &flags);
}

/* ---- the context switch -------------------------------------------------- */

/*
 * push_prev - put a task that may no longer run on this CPU (its
 * affinity changed while it ran) onto an allowed one, now that it is
 * off the CPU.  Called with interrupts off, no runqueue lock held.
 */
static void push_prev(task_t *p)
{
	struct stair_rq *src = task_rq(p), *dst;
	int cpu = least_loaded_cpu(p);

	dst = cpu_rq(cpu);
	double_rq_lock(src, dst);
	set_task_cpu(p, cpu);
	enqueue_task(p, dst);
	if (wake_preempts(p, dst))
		preempt_curr(p, dst);
	double_rq_unlock(src, dst);
}

/*
 * finish_task_switch - the second half of a switch, run by the new task:
 * drop the runqueue lock prev's schedule() took, requeue prev elsewhere
 * if it has to move, and free prev if it was exiting.
 */
static void finish_task_switch(task_t *prev)
{
	struct stair_rq *rq = this_rq();
	unsigned long prev_flags = prev->flags;
	task_t *push = rq->push;

	rq->push = NULL;
	spin_unlock_no_resched(&rq->lock);
	if (push)
		push_prev(push);
	local_irq_enable();
	if (unlikely(prev_flags & PF_DEAD))
		put_task_struct(prev);
	preempt_check_resched();
}

static void stair_schedule_tail(task_t *prev)
{
	finish_task_switch(prev);
}

static void context_switch(struct stair_rq *rq, task_t *prev, task_t *next)
{
	switch_mm(prev->active_mm, next->mm, next);
	switch_to(prev, next, prev);
	barrier();
	finish_task_switch(prev);
}

/* ---- balancing ----------------------------------------------------------- */

static task_t *first_pullable(struct stair_rq *rq, int this_cpu)
{
	struct stair_array *a = &rq->array;
	task_t *p;
	int level;

	for_each_level(level, a)
		list_for_each_entry(p, a->queue + level, u.staircase.run_list)
			if (!task_running(rq, p) &&
			    cpu_isset(this_cpu, p->cpus_allowed))
				return p;
	return NULL;
}

/* busiest_rq - the online runqueue with two tasks more than @this_rq. */
static struct stair_rq *busiest_rq(struct stair_rq *this_rq)
{
	struct stair_rq *busiest = NULL, *rq;
	unsigned long most = this_rq->nr_running + 1;
	int cpu;

	for_each_online_cpu(cpu) {
		rq = cpu_rq(cpu);
		if (rq != this_rq && rq->nr_running > most) {
			busiest = rq;
			most = rq->nr_running;
		}
	}
	return busiest;
}

/*
 * pull_one - move one queued, not running task allowed on @this_cpu from
 * @busiest to @this_rq, if the imbalance still holds.  Both locked.
 * Returns 1 if a task moved.
 */
static int pull_one(struct stair_rq *this_rq, int this_cpu,
		    struct stair_rq *busiest)
{
	task_t *p;

	if (busiest->nr_running <= this_rq->nr_running + 1)
		return 0;
	p = first_pullable(busiest, this_cpu);
	if (!p)
		return 0;
	dequeue_task(p, busiest);
	set_task_cpu(p, this_cpu);
	enqueue_task(p, this_rq);
	if (wake_preempts(p, this_rq))
		preempt_curr(p, this_rq);
	return 1;
}

/*
 * idle_pull - schedule() found nothing to run here: pull one task from
 * the busiest CPU.  Called with this rq locked, irqs off; returns so.
 */
static void idle_pull(struct stair_rq *this_rq, int this_cpu)
{
	struct stair_rq *busiest = busiest_rq(this_rq);

	if (!busiest)
		return;
	if (busiest < this_rq) {
		/* keep address order: drop ours and take both */
		spin_unlock(&this_rq->lock);
		double_rq_lock(this_rq, busiest);
	} else {
		spin_lock(&busiest->lock);
	}
	if (pull_one(this_rq, this_cpu, busiest)) {
		this_rq->pulled_newidle++;
		busiest->lost_newidle++;
	}
	spin_unlock(&busiest->lock);
}

/* balance_due - an idle CPU looks every tick, a busy one staggered. */
static int balance_due(struct stair_rq *rq, int cpu)
{
	unsigned long interval = msecs_to_jiffies(BALANCE_INTERVAL_MS);

	if (rq->curr == rq->idle)
		return !rq->nr_running;
	return !((jiffies + cpu * 7) % max(1UL, interval));
}

/*
 * balance_tick - from the tick, no lock held, irqs off: if another CPU
 * has two tasks more than this one, take one of them.
 */
static void balance_tick(struct stair_rq *this_rq, int this_cpu)
{
	struct stair_rq *busiest;
	int idle = this_rq->curr == this_rq->idle;

	if (!balance_due(this_rq, this_cpu) || this_rq->idle_next ||
	    !cpu_online(this_cpu))
		return;
	busiest = busiest_rq(this_rq);
	if (!busiest)
		return;
	double_rq_lock(this_rq, busiest);
	if (pull_one(this_rq, this_cpu, busiest)) {
		if (idle) {
			this_rq->pulled_idle++;
			busiest->lost_idle++;
		} else {
			this_rq->pulled_busy++;
			busiest->lost_busy++;
		}
	}
	double_rq_unlock(this_rq, busiest);
}

/* ---- schedule() and the tick --------------------------------------------- */

static task_t *pick_next(struct stair_rq *rq)
{
	struct stair_array *a = &rq->array;
	int level;

	if (rq->idle_next || !a->nr_active)
		return rq->idle;
	/* one bitmap search: one level examined, whatever the load */
	rq->pick_work++;
	level = find_first_bit(a->bitmap, STAIR_LEVELS);
	return list_entry(a->queue[level].next, task_t, u.staircase.run_list);
}

/*
 * unyield - @next, picked, has yielded: it waited at the bottom step so
 * that every other task ran first, and now runs at its own level again,
 * at the head (yield_task()).
 */
static void unyield(task_t *next, struct stair_rq *rq)
{
	stair(next)->sflags &= ~SF_YIELDED;
	requeue_at(next, rq, effective_prio(next));
	list_move(&stair(next)->run_list, rq->array.queue + stair(next)->prio);
}

/*
 * deactivate_prev - prev stops running because it sleeps: take it off
 * the runqueue, unless a signal makes an interruptible sleep moot.
 */
static void deactivate_prev(struct stair_rq *rq, task_t *prev)
{
	if (prev->state == TASK_INTERRUPTIBLE && signal_pending(prev)) {
		prev->state = TASK_RUNNING;
		return;
	}
	if (prev->state == TASK_UNINTERRUPTIBLE)
		rq->nr_uninterruptible++;
	dequeue_task(prev, rq);
}

/*
 * switch_times - prev leaves the CPU, next takes it at @now: prev's run
 * counts towards the wake-up rule, both are stamped.
 */
static void switch_times(struct stair_rq *rq, task_t *prev, task_t *next,
			 unsigned long long now)
{
	if (prev != rq->idle) {
		stair(prev)->runtime += now - stair(prev)->timestamp;
		stair(prev)->timestamp = now;
	}
	stair(next)->timestamp = now;
	rq->cache_ticks = 0;
	rq->preempted = 0;
}

static void stair_schedule(void)
{
	task_t *prev = current, *next;
	struct stair_rq *rq;
	unsigned long *switch_count;
	int cpu;

need_resched:
	preempt_disable();
	rq = this_rq();
	cpu = smp_processor_id();
	spin_lock_irq(&rq->lock);
	rq->sched_cnt++;

	switch_count = &prev->nivcsw;
	if (prev->state && !(preempt_count() & PREEMPT_ACTIVE)) {
		switch_count = &prev->nvcsw;
		deactivate_prev(rq, prev);
	}
	if (prev != rq->idle && stair(prev)->on_rq &&
	    !cpu_isset(cpu, prev->cpus_allowed)) {
		dequeue_task(prev, rq);
		rq->push = prev;
	}
	if (!rq->nr_running && !rq->idle_next)
		idle_pull(rq, cpu);

	next = pick_next(rq);
	if (next == rq->idle)
		rq->sched_goidle++;
	if (stair(next)->sflags & SF_YIELDED)
		unyield(next, rq);
	clear_tsk_need_resched(prev);

	if (likely(prev != next)) {
		switch_times(rq, prev, next, sched_clock());
		rq->nr_switches++;
		rq->sched_switch++;
		rq->curr = next;
		++*switch_count;
		context_switch(rq, prev, next);
	} else {
		rq->sched_noswitch++;
		spin_unlock_irq(&rq->lock);
	}
	preempt_enable_no_resched();
	if (unlikely(test_thread_flag(TIF_NEED_RESCHED)))
		goto need_resched;
}

/* rr_tick - SCHED_RR: one interval per turn, then the tail of its level. */
static void rr_tick(task_t *p, struct stair_rq *rq)
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
static void normal_tick(task_t *p, struct stair_rq *rq)
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
 * stair_scheduler_tick - account one tick to the running task, let a
 * delayed preemption (compute) happen, and balance.  Hardirq context,
 * interrupts off.
 */
static void stair_scheduler_tick(void)
{
	struct stair_rq *rq = this_rq();
	int cpu = smp_processor_id();
	task_t *p = current;

	if (p != rq->idle) {
		spin_lock(&rq->lock);
		rq->cache_ticks++;
		if (stair(p)->on_rq && p->policy == SCHED_RR)
			rr_tick(p, rq);
		else if (stair(p)->on_rq && !rt_level(p))
			normal_tick(p, rq);
		if (rq->preempted && rq->cache_ticks >= cache_delay()) {
			rq->preempted = 0;
			set_tsk_need_resched(p);
		}
		spin_unlock(&rq->lock);
	}
	balance_tick(rq, cpu);
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

static void activate_task(task_t *p, struct stair_rq *rq)
{
	enqueue_task(p, rq);
	if (wake_preempts(p, rq))
		preempt_curr(p, rq);
}

static int stair_try_to_wake_up(task_t *p, unsigned int state, int sync)
{
	struct stair_rq *rq;
	unsigned long flags;
	long old_state;
	int cpu, success = 0;

	rq = task_rq_lock(p, &flags);
	old_state = p->state;
	if (!(old_state & state))
		goto out;
	if (stair(p)->on_rq)
		goto out_running;

	rq->ttwu_cnt++;
	cpu = wake_cpu(p);
	if (cpu != task_cpu(p)) {
		/* counted where it slept, as ttwu_cnt */
		rq->ttwu_moved++;
		/* Not queued and not running: it may change CPU freely. */
		set_task_cpu(p, cpu);
		task_rq_unlock(rq, &flags);
		rq = task_rq_lock(p, &flags);
		old_state = p->state;
		if (!(old_state & state))
			goto out;
		if (stair(p)->on_rq)
			goto out_running;
	}
	if (old_state == TASK_UNINTERRUPTIBLE)
		rq->nr_uninterruptible--;
	recalc_on_wake(p, sched_clock(), old_state == TASK_UNINTERRUPTIBLE);
	activate_task(p, rq);
	success = 1;
out_running:
	p->state = TASK_RUNNING;
out:
	task_rq_unlock(rq, &flags);
	return success;
}

/*
 * stair_sched_fork - set up a new task: burst 0, a full slice of its own
 * (the parent keeps all of its).
 */
static void stair_sched_fork(task_t *p)
{
	struct cpusched_staircase *s = stair(p);

	p->state = TASK_RUNNING;
	INIT_LIST_HEAD(&s->run_list);
	s->on_rq = 0;
	s->burst = 0;
	s->sflags = 0;
	refill_slice(p);
	s->timestamp = sched_clock();
	s->prio = effective_prio(p);
	/* schedule_tail() drops the runqueue lock of the first switch */
	p->thread_info->preempt_count = 1;
}

/*
 * stair_wake_up_new_task - queue a new task at the tail of its level on
 * the least loaded allowed CPU.  It preempts only a worse level: at an
 * equal one the parent keeps the CPU (no child-first).  The parent is
 * marked: its next wake-up continues its slice, so that a task cannot
 * fork its way to fresh slices and burst (a fork bomb).
 */
static void stair_wake_up_new_task(task_t *p, unsigned long clone_flags)
{
	struct stair_rq *rq;
	unsigned long flags;
	int cpu;

	rq = task_rq_lock(p, &flags);
	rq->wunt_cnt++;
	cpu = least_loaded_cpu(p);
	if (cpu != task_cpu(p)) {
		set_task_cpu(p, cpu);
		task_rq_unlock(rq, &flags);
		rq = task_rq_lock(p, &flags);
		rq->wunt_moved++;
	}
	clamp_slice(p);
	stair(p)->prio = effective_prio(p);
	enqueue_task(p, rq);
	if (rq->curr == rq->idle || stair(p)->prio < stair(rq->curr)->prio)
		preempt_curr(p, rq);
	/* current runs here, irqs are off: nothing else writes its flags */
	stair(current)->sflags |= SF_FORKED;
	task_rq_unlock(rq, &flags);
}

/* Nothing to give back: the staircase never splits a parent's slice. */
static void stair_sched_exit(task_t *p)
{
}

/* ---- waiting ------------------------------------------------------------- */

static void stair_io_schedule(void)
{
	struct stair_rq *rq = this_rq();

	atomic_inc(&rq->nr_iowait);
	schedule();
	atomic_dec(&rq->nr_iowait);
}

static long stair_io_schedule_timeout(long timeout)
{
	struct stair_rq *rq = this_rq();
	long ret;

	atomic_inc(&rq->nr_iowait);
	ret = schedule_timeout(timeout);
	atomic_dec(&rq->nr_iowait);
	return ret;
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
 * stair_set_user_nice - a new static_prio: a new top step and slice for
 * a normal task (an RT one keeps its level).  A running task that got
 * worse, or a queued one that now beats curr, makes curr reschedule.
 */
static void stair_set_user_nice(task_t *p, long nice)
{
	struct stair_rq *rq;
	unsigned long flags;
	unsigned int old_full;
	int queued, old_prio;

	if (TASK_NICE(p) == nice || nice < -20 || nice > 19)
		return;
	rq = task_rq_lock(p, &flags);
	queued = stair(p)->on_rq;
	old_prio = stair(p)->prio;
	old_full = task_slice(p);
	if (queued)
		dequeue_task(p, rq);
	p->static_prio = NICE_TO_PRIO(nice);
	/* an RT task too: its burst counts again once it is normal */
	stair(p)->burst = min(stair(p)->burst, max_burst(p));
	if (p->policy == SCHED_NORMAL) {
		reslice_for_nice(p, old_full);
		stair(p)->prio = effective_prio(p);
	}
	if (queued) {
		enqueue_task(p, rq);
		resched_requeued(p, rq, old_prio);
	}
	task_rq_unlock(rq, &flags);
}

/*
 * __setscheduler - change policy and level; p is off the runqueue.  A
 * change between RT and normal starts a fresh slice of the new kind.
 */
static void __setscheduler(task_t *p, int policy, int prio)
{
	int was_rt = p->policy != SCHED_NORMAL;

	BUG_ON(stair(p)->on_rq);
	p->policy = policy;
	p->rt_priority = prio;
	if (was_rt != (policy != SCHED_NORMAL))
		refill_slice(p);
	stair(p)->prio = effective_prio(p);
}

/* stair_setscheduler - sched_setscheduler() and sched_setparam(). */
static int stair_setscheduler(pid_t pid, int policy,
			      struct sched_param __user *param)
{
	struct sched_param lp;
	struct stair_rq *rq;
	unsigned long flags;
	int retval, old_prio, queued;
	task_t *p;

	retval = sched_setscheduler_find(pid, &policy, param, &lp, &p);
	if (retval)
		return retval;

	rq = task_rq_lock(p, &flags);
	queued = stair(p)->on_rq;
	old_prio = stair(p)->prio;
	if (queued)
		dequeue_task(p, rq);
	__setscheduler(p, policy, lp.sched_priority);
	if (queued) {
		enqueue_task(p, rq);
		resched_requeued(p, rq, old_prio);
	}
	task_rq_unlock(rq, &flags);
	read_unlock_irq(&tasklist_lock);
	return 0;
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
static void yield_task(task_t *p, struct stair_rq *rq)
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

/* stair_yield - requeue the caller (yield_task()), then reschedule. */
static long stair_yield(void)
{
	struct stair_rq *rq;
	task_t *p = current;

	local_irq_disable();
	rq = this_rq();
	spin_lock(&rq->lock);
	rq->yld_cnt++;
	if (stair(p)->on_rq)
		yield_task(p, rq);
	/*
	 * schedule() follows at once, so neither a preemption point nor
	 * interrupts on in between (2.6.10): it enables them itself.
	 */
	_raw_spin_unlock(&rq->lock);
	preempt_enable_no_resched();
	schedule();
	return 0;
}

/* ---- priority inheritance ------------------------------------------------ */

#ifdef CONFIG_CPUSCHED_PI
/* first_queued - the head of the best level of non-empty @rq. */
static task_t *first_queued(struct stair_rq *rq)
{
	int level = find_first_bit(rq->array.bitmap, STAIR_LEVELS);

	return list_entry(rq->array.queue[level].next, task_t,
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
static void pi_preempt(task_t *p, struct stair_rq *rq, int old_prio)
{
	if (!task_running(rq, p)) {
		if (rq->curr == rq->idle ||
		    stair(p)->prio < stair(rq->curr)->prio)
			preempt_curr(p, rq);
		return;
	}
	if (stair(p)->prio > old_prio && first_queued(rq) != p)
		resched_task(p);
}

/*
 * stair_pi_setprio - p->pi_prio changed (rtmutex.c): @p's level becomes
 * the better of it and its normal one, at the tail.  Called with
 * p->pi_lock held, interrupts off.
 */
static void stair_pi_setprio(task_t *p)
{
	struct stair_rq *rq;
	unsigned long flags;
	int old_prio, prio;

	rq = task_rq_lock(p, &flags);
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
	task_rq_unlock(rq, &flags);
}
#endif /* CONFIG_CPUSCHED_PI */

/* ---- SMP ----------------------------------------------------------------- */

/*
 * new_home - an online CPU for @p, whose CPU died.  If its affinity has
 * none left, it may use them all, as 2.6.10 decides ("no longer affine").
 */
static int new_home(task_t *p, int dead_cpu)
{
	int cpu = least_loaded_cpu(p);

	if (cpu < 0) {
		printk(KERN_INFO "process %d (%s) no longer affine to cpu%d\n",
		       p->pid, p->comm, dead_cpu);
		p->cpus_allowed = cpu_online_map;
		cpu = least_loaded_cpu(p);
	}
	return cpu;
}

/*
 * rehome_sleeper - @p sleeps on a live CPU but may run only on
 * @dead_cpu.  It went to sleep on its old CPU while set_cpus_allowed()
 * on another CPU found it still running and left the move to its
 * schedule(), which it never reached on a queue.  Its wake-up would
 * find no CPU: it gets a new home as the dead CPU's own tasks do.
 */
static void rehome_sleeper(task_t *p, int dead_cpu)
{
	unsigned long flags;
	struct stair_rq *rq = task_rq_lock(p, &flags);

	if (!stair(p)->on_rq && !task_running(rq, p))
		set_task_cpu(p, new_home(p, dead_cpu));
	task_rq_unlock(rq, &flags);
}

/*
 * migrate_dead_tasks - every task of @dead_cpu, which has just gone
 * offline, moves to a live CPU: queued ones onto its runqueue, sleeping
 * ones so that they wake there.  Process context, on another CPU.
 */
static void migrate_dead_tasks(int dead_cpu)
{
	struct stair_rq *dead = cpu_rq(dead_cpu), *dst;
	struct stair_array *a = &dead->array;
	task_t *p;
	int cpu;

	write_lock_irq(&tasklist_lock);
	while (a->nr_active) {
		p = list_entry(
			a->queue[find_first_bit(a->bitmap, STAIR_LEVELS)].next,
			task_t, u.staircase.run_list);
		cpu = new_home(p, dead_cpu);
		dst = cpu_rq(cpu);
		double_rq_lock(dead, dst);
		dequeue_task(p, dead);
		set_task_cpu(p, cpu);
		activate_task(p, dst);
		double_rq_unlock(dead, dst);
	}
	for_each_process(p) {
		if (task_cpu(p) == dead_cpu && p != dead->idle) {
			spin_lock(&dead->lock);
			set_task_cpu(p, new_home(p, dead_cpu));
			spin_unlock(&dead->lock);
		} else if (!cpus_intersects(p->cpus_allowed, cpu_online_map)) {
			rehome_sleeper(p, dead_cpu);
		}
	}
	write_unlock_irq(&tasklist_lock);
}

/*
 * stair_cpu_callback - CPU hotplug: a CPU coming up runs its queue
 * again; the tasks of a dead CPU move to the living ones.
 */
static int stair_cpu_callback(struct notifier_block *nfb, unsigned long action,
			      void *hcpu)
{
	int cpu = (long)hcpu;

	switch (action) {
	case CPU_UP_PREPARE:
		cpu_rq(cpu)->idle_next = 0;
		break;
	case CPU_DEAD:
		migrate_dead_tasks(cpu);
		break;
	}
	return NOTIFY_OK;
}

static struct notifier_block stair_cpu_nb = {
	.notifier_call	= stair_cpu_callback,
};

/*
 * stair_migration_init - no migration threads: tasks move under both
 * runqueue locks.  Only the hotplug notifier is needed.
 */
static int stair_migration_init(void)
{
	register_cpu_notifier(&stair_cpu_nb);
	return 0;
}

/* exec needs no balancing of its own: fork placed the task already. */
static void stair_sched_exec(void)
{
}

/*
 * stair_set_cpus_allowed - change @p's affinity.  A queued or sleeping
 * task moves at once; a running one is rescheduled and moved by
 * finish_task_switch() once it is off its CPU.
 */
static int stair_set_cpus_allowed(task_t *p, cpumask_t new_mask)
{
	struct stair_rq *rq, *dst;
	unsigned long flags;
	int cpu;

	if (!cpus_intersects(new_mask, cpu_online_map))
		return -EINVAL;
	rq = task_rq_lock(p, &flags);
	p->cpus_allowed = new_mask;
	if (cpu_isset(task_cpu(p), new_mask))
		goto out;
	if (task_running(rq, p)) {
		resched_task(p);
		goto out;
	}
	cpu = least_loaded_cpu(p);
	if (!stair(p)->on_rq) {
		set_task_cpu(p, cpu);
		goto out;
	}
	dst = cpu_rq(cpu);
	spin_unlock(&rq->lock);
	double_rq_lock(rq, dst);
	/*
	 * With the lock dropped, another CPU may have picked @p meanwhile:
	 * then it must leave at its next schedule(), as above.
	 */
	if (task_running(rq, p))
		resched_task(p);
	else if (stair(p)->on_rq && task_rq(p) == rq) {
		dequeue_task(p, rq);
		set_task_cpu(p, cpu);
		activate_task(p, dst);
	}
	double_rq_unlock(rq, dst);
	local_irq_restore(flags);
	return 0;
out:
	task_rq_unlock(rq, &flags);
	return 0;
}

/* stair_wait_task_inactive - wait until @p is off every CPU. */
static void stair_wait_task_inactive(task_t *p)
{
	struct stair_rq *rq;
	unsigned long flags;

	for (;;) {
		rq = task_rq_lock(p, &flags);
		if (!task_running(rq, p))
			break;
		task_rq_unlock(rq, &flags);
		cpu_relax();
	}
	task_rq_unlock(rq, &flags);
}

/* No domains: the staircase balances without them. */
static void stair_cpu_attach_domain(struct sched_domain *sd, int cpu)
{
}

static void stair_sched_init_smp(void)
{
}

/* stair_sched_idle_next - run the idle task next on this CPU (hotplug). */
static void stair_sched_idle_next(void)
{
	struct stair_rq *rq = this_rq();
	unsigned long flags;

	spin_lock_irqsave(&rq->lock, flags);
	rq->idle_next = 1;
	resched_task(rq->curr);
	spin_unlock_irqrestore(&rq->lock, flags);
}

/* ---- boot ---------------------------------------------------------------- */

static void stair_init_idle(task_t *idle, int cpu)
{
	struct stair_rq *rq = cpu_rq(cpu);
	unsigned long flags;

	idle->u.staircase.prio = idle->u.staircase.normal_prio = MAX_PRIO;
	idle->u.staircase.on_rq = 0;
	INIT_LIST_HEAD(&idle->u.staircase.run_list);
	idle->state = TASK_RUNNING;
	set_task_cpu(idle, cpu);

	spin_lock_irqsave(&rq->lock, flags);
	rq->curr = rq->idle = idle;
	spin_unlock_irqrestore(&rq->lock, flags);
	idle->thread_info->preempt_count = 0;
}

static void stair_sched_init(void)
{
	struct stair_rq *rq;
	int i, j;

	for (i = 0; i < NR_CPUS; i++) {
		rq = cpu_rq(i);
		memset(rq, 0, sizeof(*rq));
		spin_lock_init(&rq->lock);
		for (j = 0; j < STAIR_LEVELS; j++)
			INIT_LIST_HEAD(rq->array.queue + j);
		/* delimiter for the bitmap search */
		__set_bit(STAIR_LEVELS, rq->array.bitmap);
	}
	memset(stair(current), 0, sizeof(*stair(current)));
	INIT_LIST_HEAD(&stair(current)->run_list);
	refill_slice(current);
	/* The boot task becomes this CPU's idle task. */
	stair_init_idle(current, smp_processor_id());
}

/* ---- schedstat and checks ------------------------------------------------ */

static int stair_show_schedstat(struct seq_file *seq, void *v)
{
	struct stair_rq *rq;
	int cpu;

	seq_printf(seq, "version %d\n", SCHEDSTAT_VERSION);
	seq_printf(seq, "timestamp %lu\n", jiffies);
	for_each_online_cpu(cpu) {
		rq = cpu_rq(cpu);
		/*
		 * The 2.6.10 line: yld_*, sched_*, alb_*, ttwu_*, wunt_*,
		 * smt_cnt, sbe_cnt, cpu_time, run_delay, pcnt, then pulled
		 * and lost for idle, busy and newly idle balancing.  No
		 * expired array, active balancing or sched_info: zeros.
		 * sched_switch counts context switches, sched_noswitch
		 * picks without one; wunt_moved new tasks placed off the
		 * CPU they came on.
		 */
		seq_printf(seq,
			   "cpu%d %lu %lu %lu %lu %lu %lu %lu %lu "
			   "%lu %lu %lu %lu %lu %lu %lu %lu %lu %lu %lu "
			   "%lu %lu %lu %lu %lu %lu %lu %lu %lu\n",
			   cpu, 0UL, 0UL, 0UL, rq->yld_cnt, rq->sched_noswitch,
			   rq->sched_switch, rq->sched_cnt, rq->sched_goidle,
			   0UL, 0UL, 0UL, 0UL, rq->ttwu_cnt, rq->ttwu_moved,
			   rq->ttwu_cnt, rq->wunt_cnt, rq->wunt_moved, 0UL, 0UL,
			   0UL, 0UL, 0UL, rq->pulled_idle, rq->lost_idle,
			   rq->pulled_busy, rq->lost_busy, rq->pulled_newidle,
			   rq->lost_newidle);
	}
	return 0;
}

#ifdef CONFIG_CPUSCHED_SELFTEST
static void stair_for_each_queued(int cpu, void (*fn)(task_t *, void *),
				  void *arg)
{
	struct stair_array *a = &cpu_rq(cpu)->array;
	task_t *p;
	int level;

	for_each_level(level, a)
		list_for_each_entry(p, a->queue + level, u.staircase.run_list)
			fn(p, arg);
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
static const char *bad_queued(const task_t *p, struct stair_rq *rq, int level)
{
	const char *why = bad_fields(p, task_running(rq, p));

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
static const char *bad_curr(struct stair_rq *rq)
{
	task_t *curr = rq->curr;
	int best = find_first_bit(rq->array.bitmap, STAIR_LEVELS);
	int pending = test_tsk_thread_flag(curr, TIF_NEED_RESCHED);

	if (rq->push)
		return "a task still to push";
	if (rq->idle_next)
		return "idle_next on an online CPU";
	if (rq->preempted && curr == rq->idle)
		return "a preemption of the idle task delayed";
	if (curr == rq->idle && best < STAIR_LEVELS && !pending)
		return "idle while tasks are queued";
	if (curr == rq->idle)
		return NULL;
	if (!stair(curr)->on_rq)
		return "the running task is not queued";
	if (stair(curr)->prio > best && !pending && !rq->preempted)
		return "a better level waits, no reschedule pending";
	return NULL;
}

/* stair_report - the check failed: say why in @buf; returns 1. */
static int stair_report(char *buf, int len, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	vsnprintf(buf, len, fmt, args);
	va_end(args);
	return 1;
}

/* check_level - the tasks queued at @level of @cpu, counted in @n. */
static int check_level(char *buf, int len, int cpu, int level, unsigned long *n)
{
	struct stair_rq *rq = cpu_rq(cpu);
	struct list_head *q = rq->array.queue + level;
	task_t *p;

	if (list_empty(q))
		return stair_report(buf, len, "cpu%d level %d: no task", cpu,
				    level);
	list_for_each_entry(p, q, u.staircase.run_list) {
		const char *why = bad_queued(p, rq, level);

		if (why)
			return stair_report(buf, len,
					    "cpu%d level %d: %s/%d: %s (prio "
					    "%d, normal %d, inherited %d, "
					    "burst %u, slice %u, interval %u)",
					    cpu, level, p->comm, p->pid, why,
					    stair(p)->prio,
					    stair(p)->normal_prio,
					    task_inherited_prio(p),
					    stair(p)->burst, stair(p)->slice,
					    stair(p)->time_slice);
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
	struct stair_rq *rq = cpu_rq(cpu);
	const char *why = bad_curr(rq);
	unsigned long n = 0;
	int level;

	if (why)
		return stair_report(buf, len, "cpu%d runs %s/%d at %d: %s", cpu,
				    rq->curr->comm, rq->curr->pid,
				    stair(rq->curr)->prio, why);
	for_each_level(level, &rq->array)
		if (check_level(buf, len, cpu, level, &n))
			return 1;
	if (n != rq->nr_running || n != rq->array.nr_active)
		return stair_report(buf, len,
				    "cpu%d: %lu queued, nr_running %lu, "
				    "nr_active %u",
				    cpu, n, rq->nr_running,
				    rq->array.nr_active);
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

static unsigned long long stair_pick_work(void)
{
	unsigned long long sum = 0;
	int cpu;

	for_each_cpu(cpu)
		sum += cpu_rq(cpu)->pick_work;
	return sum;
}
#endif /* CONFIG_CPUSCHED_SELFTEST */

struct sched_drv staircase_sched_drv = {
	.cpusched_name		= "staircase",
	.account_steal_time	= stair_account_steal_time,
	.account_system_time	= stair_account_system_time,
	.account_user_time	= sched_account_user,
	.rt_task		= stair_rt_task,
	.wait_for_completion	= default_wait_for_completion,
	.io_schedule		= stair_io_schedule,
	.io_schedule_timeout	= stair_io_schedule_timeout,
	.set_oom_timeslice	= stair_set_oom_timeslice,
	.nr_running		= stair_nr_running,
	.nr_uninterruptible	= stair_nr_uninterruptible,
	.nr_context_switches	= stair_nr_context_switches,
	.nr_iowait		= stair_nr_iowait,
	.idle_cpu		= stair_idle_cpu,
	.init_idle		= stair_init_idle,
	.exit			= stair_sched_exit,
	.fork			= stair_sched_fork,
	.init			= stair_sched_init,
	.init_smp		= stair_sched_init_smp,
	.schedule		= stair_schedule,
	.tick			= stair_scheduler_tick,
	.tail			= stair_schedule_tail,
	.setscheduler		= stair_setscheduler,
	.set_user_nice		= stair_set_user_nice,
	.rr_get_interval	= stair_rr_get_interval,
	.yield			= stair_yield,
	.task_curr		= stair_task_curr,
	.task_nice		= stair_task_nice,
	.task_prio		= stair_task_prio,
	.try_to_wake_up		= stair_try_to_wake_up,
	.wake_up_new_task	= stair_wake_up_new_task,
#ifdef CONFIG_CPUSCHED_PI
	.normal_prio		= stair_normal_prio,
	.pi_setprio		= stair_pi_setprio,
#endif
#ifdef CONFIG_SMP
	.migration_init		= stair_migration_init,
	.exec			= stair_sched_exec,
	.set_cpus_allowed	= stair_set_cpus_allowed,
	.wait_task_inactive	= stair_wait_task_inactive,
	.cpu_attach_domain	= stair_cpu_attach_domain,
#endif
	.sched_idle_next	= stair_sched_idle_next,
#ifdef CONFIG_SCHEDSTATS
	.show_schedstat		= stair_show_schedstat,
#endif
#ifdef CONFIG_CPUSCHED_TUNABLES
	.tunables		= stair_tunables,
#endif
#ifdef CONFIG_CPUSCHED_SELFTEST
	.for_each_queued	= stair_for_each_queued,
	.check_cpu		= stair_check_cpu,
	.starvation_bound	= stair_starvation_bound,
	.pick_work		= stair_pick_work,
	.o1			= 1,
#endif
};
