/*
 *  drivers/cfs.c (kernel/cfs.c in a plugsched tree)
 *
 *  cfs - the completely fair scheduler (Ingo Molnar, Linux 2.6.23).
 *
 *  Design: every SCHED_NORMAL task has a virtual runtime, the ns it ran
 *  scaled by NICE_0_LOAD / its weight (1024 at nice 0, about 1.25 times
 *  more a nice level down; libsched/fair.c), so that a task's virtual
 *  time runs slower the heavier it is.  Each CPU keeps its waiting tasks
 *  in a red-black tree ordered by virtual runtime (libsched/rbtree.c)
 *  and runs the leftmost; the running task is out of the tree, and goes
 *  back in when it leaves the CPU.  Tasks that always run the smallest
 *  virtual runtime share the CPU in proportion to their weights.
 *
 *  How long one runs: its share of a period, period * weight / the
 *  queue's weight, where the period is sched_latency (6 ms) or, with
 *  more than sched_latency / min_granularity tasks (8), nr_running *
 *  min_granularity (0.75 ms), so that no slice is shorter than that.
 *  The tick takes the CPU from a task that ran more than its slice
 *  (checked at each tick, as in 2.6.23: there is no hrtick, so a slice
 *  ends at the first tick past it).
 *
 *  min_vruntime, per CPU, follows the smallest virtual runtime of the
 *  queue (the running task's or the leftmost's) and never goes back.  A
 *  new task starts at min_vruntime plus the virtual length of its slice
 *  (START_DEBIT: a fork cannot jump the queue), and no earlier than its
 *  parent's.  A waking task starts at its own virtual runtime, but no
 *  earlier than min_vruntime - sched_latency / 2 (GENTLE_FAIR_SLEEPERS:
 *  a sleeper gets back at most half a latency of credit, so it runs soon
 *  but cannot hold the CPU for long).  A task woken or queued preempts
 *  the running one if its virtual runtime is below the running task's by
 *  more than wakeup_granularity (1 ms) scaled to the woken task's weight.
 *  sched_yield() puts the task behind every other (as 2.6.24's
 *  sched_compat_yield did).
 *
 *  RT tasks (SCHED_FIFO, SCHED_RR) are the kernel's rt class: one list
 *  per priority level and a bitmap, strictly before every fair task;
 *  SCHED_RR rotates every 100 ms.  A priority lent through the PI mutex
 *  in the RT range makes a fair task run there, as SCHED_FIFO; a lent
 *  priority in the nice range changes nothing (the weight is the
 *  static priority's, as in the kernel).
 *
 *  The controls (/sys/cpusched/cfs/, in ns, as the kernel's sysctls
 *  sched_latency_ns, sched_min_granularity_ns and
 *  sched_wakeup_granularity_ns, unscaled by the number of CPUs), and the
 *  two features as 0/1: start_debit and gentle_fair_sleepers.
 *
 *  Where it behaves well: fairness that follows the weights exactly
 *  over any interval longer than a period, whatever the mix of nice
 *  levels; sleepers and interactive tasks get the CPU soon after they
 *  wake without an interactivity estimate; no task starves, however
 *  low its weight.
 *
 *  Known weaknesses: the latency a task sees grows with the number of
 *  runnable tasks past sched_latency / min_granularity; a task's virtual
 *  runtime says nothing of its latency needs (EEVDF's slices add that);
 *  the tick-based slice overshoots by up to a tick; and, as here built
 *  on the shared plumbing, there is no periodic load balancing and no
 *  group scheduling: tasks spread at fork, wake-up and the idle pull
 *  only.  A task woken on another CPU keeps its lag relative to the
 *  min_vruntime it left (not the sleeper credit of the time it slept).
 *
 *  History: CFS replaced the O(1) scheduler in 2.6.23 (October 2007),
 *  after Con Kolivas' RSDL/SD had shown fair scheduling could be
 *  interactive; 2.6.24 brought the current weight table and group
 *  scheduling, 2.6.25 the hrtick, later kernels the gentle sleepers and
 *  the defaults used here.  EEVDF replaced its pick in 6.6.
 *
 *  What this port adds to 2.6.10: sched_clock() in ns as the runqueue
 *  clock (2.6.10 had it, coarser), the red-black tree and the weight
 *  table of libsched, and 64-bit virtual times.
 */
#include <linux/sched.h>
#include <linux/sched_rq.h>
#include <linux/rbtree.h>
#include <linux/sched_fair.h>
#include <asm/div64.h>

/*
 * The controls, in ns: sched_latency 0.1 ms..1 s (6 ms), the period in
 * which every runnable task runs once; min_granularity 0.1 ms..1 s
 * (0.75 ms), the shortest slice; wakeup_granularity 0..1 s (1 ms), how
 * far behind the running task a woken one must be to preempt it.
 */
#define MIN_TUNABLE_NS		100000
#define MAX_TUNABLE_NS		1000000000
#define DEF_LATENCY_NS		6000000
#define DEF_MIN_GRANULARITY_NS	750000
#define DEF_WAKEUP_GRANULARITY_NS 1000000

static int sched_latency = DEF_LATENCY_NS;
static int sched_min_granularity = DEF_MIN_GRANULARITY_NS;
static int sched_wakeup_granularity = DEF_WAKEUP_GRANULARITY_NS;

/* The features, 0 or 1 (both on, as in the kernel). */
static int start_debit = 1;
static int gentle_fair_sleepers = 1;

/* SCHED_RR's slice, in ms (the kernel's RR_TIMESLICE). */
#define RR_TIMESLICE_MS		100

/*
 * struct cfs_rq - one CPU's queue, beside the plumbing's struct
 * sched_rq of that CPU, whose ->lock protects it and the u.cfs fields of
 * the tasks queued on it.
 * @timeline:	the fair tasks waiting, by vruntime, leftmost cached
 * @curr:	the fair task running (out of @timeline), or NULL
 * @load:	the weight of the fair tasks queued, @curr included
 * @nr_fair:	how many they are
 * @min_vruntime: never decreasing; the smallest vruntime of @curr and
 *		the leftmost, or more
 * @rt:		the RT tasks, by level 0..MAX_RT_PRIO-1 (99 - rt_priority),
 *		the running one included (it stays on its list)
 */
struct cfs_rq {
	struct rb_root_cached timeline;
	task_t *curr;
	struct load_weight load;
	unsigned long nr_fair;
	u64 min_vruntime;
	struct sched_levels rt;
};

static DEFINE_PER_CPU(struct cfs_rq, cfs_runqueues);

#define cfs_cpu_rq(cpu)		(&per_cpu(cfs_runqueues, (cpu)))
#define cfs_of(rq)		cfs_cpu_rq((rq)->cpu)
#define task_of(node)		rb_entry((node), task_t, u.cfs.run_node)

/* ---- priorities ---------------------------------------------------------- */

static int cfs_rt_task(task_t *p)
{
	return p->u.cfs.prio < MAX_RT_PRIO;
}

/* fair - whether @p is in the fair class: not RT, not an idle task. */
static int fair(const task_t *p)
{
	return p->u.cfs.prio >= MAX_RT_PRIO && p->u.cfs.prio < MAX_PRIO;
}

/* ---- virtual time -------------------------------------------------------- */

/* Virtual times wrap: compare their difference. */
static inline s64 vdiff(u64 a, u64 b)
{
	return (s64)(a - b);
}

static inline u64 max_vruntime(u64 a, u64 b)
{
	return vdiff(a, b) > 0 ? a : b;
}

/* before - whether @a's vruntime is smaller than @b's. */
static inline bool before(const task_t *a, const task_t *b)
{
	return vdiff(a->u.cfs.vruntime, b->u.cfs.vruntime) < 0;
}

/* The tree's order: equal vruntimes go after those already in. */
static bool vruntime_less(struct rb_node *a, const struct rb_node *b)
{
	return before(task_of(a), task_of(b));
}

static task_t *leftmost(struct cfs_rq *cfs)
{
	struct rb_node *left = rb_first_cached(&cfs->timeline);

	return left ? task_of(left) : NULL;
}

/*
 * update_min_vruntime - min_vruntime follows the smallest vruntime of
 * the running task and the leftmost, and never decreases.
 */
static void update_min_vruntime(struct cfs_rq *cfs)
{
	task_t *least = cfs->curr, *left = leftmost(cfs);

	if (left && (!least || before(left, least)))
		least = left;
	if (least)
		cfs->min_vruntime = max_vruntime(cfs->min_vruntime,
						 least->u.cfs.vruntime);
}

/*
 * update_curr - charge the running fair task what it ran since it was
 * last charged: real time to sum_exec_runtime, weighted to vruntime.
 */
static void update_curr(struct cfs_rq *cfs)
{
	task_t *curr = cfs->curr;
	u64 now = sched_clock(), delta;

	if (!curr)
		return;
	delta = now - curr->u.cfs.exec_start;
	curr->u.cfs.exec_start = now;
	curr->u.cfs.sum_exec_runtime += delta;
	curr->u.cfs.vruntime += calc_delta_fair(delta, &curr->u.cfs.load);
	update_min_vruntime(cfs);
}

/*
 * sched_period - the time in which each of @nr tasks runs once:
 * sched_latency, stretched to @nr * min_granularity when more than
 * sched_latency / min_granularity (rounded up) tasks share it.
 */
static u64 sched_period(unsigned long nr)
{
	unsigned long nr_latency = DIV_ROUND_UP(sched_latency,
						sched_min_granularity);

	if (nr > nr_latency)
		return (u64)nr * sched_min_granularity;
	return sched_latency;
}

/*
 * sched_slice - @p's share of the period on @cfs: period * its weight /
 * the queue's, counting @p in if it is not queued yet.
 */
static u64 sched_slice(struct cfs_rq *cfs, task_t *p)
{
	struct load_weight load = cfs->load;
	unsigned long nr = cfs->nr_fair;

	if (!p->u.cfs.on_rq) {
		update_load_add(&load, p->u.cfs.load.weight);
		nr++;
	}
	return calc_delta_weight(sched_period(nr), p->u.cfs.load.weight, &load);
}

/* place_new - START_DEBIT: a new task starts a virtual slice late. */
static void place_new(struct cfs_rq *cfs, task_t *p)
{
	u64 v = cfs->min_vruntime;

	if (start_debit)
		v += calc_delta_fair(sched_slice(cfs, p), &p->u.cfs.load);
	p->u.cfs.vruntime = max_vruntime(p->u.cfs.vruntime, v);
}

/*
 * place_sleeper - a waking task gets back at most half a latency of
 * credit (GENTLE_FAIR_SLEEPERS; a whole one without).
 */
static void place_sleeper(struct cfs_rq *cfs, task_t *p)
{
	u64 thresh = sched_latency;

	if (gentle_fair_sleepers)
		thresh >>= 1;
	p->u.cfs.vruntime = max_vruntime(p->u.cfs.vruntime,
					 cfs->min_vruntime - thresh);
}

/*
 * rebase - @p's vruntime was measured against another CPU's
 * min_vruntime (it moved, or is new): keep its distance from that one,
 * now from @cpu's.
 */
static void rebase(task_t *p, struct cfs_rq *cfs, int cpu)
{
	if (p->u.cfs.vcpu == cpu)
		return;
	p->u.cfs.vruntime += cfs->min_vruntime - p->u.cfs.vbase;
	p->u.cfs.vcpu = cpu;
}

/* ns_to_jiffies - @ns in jiffies, rounded up: the ticks it lasts. */
static unsigned long ns_to_jiffies(u64 ns)
{
	u32 tick = NSEC_PER_SEC / HZ;

	ns += tick - 1;
	do_div(ns, tick);
	return ns;
}

/* ---- the queues ---------------------------------------------------------- */

/* The first task of the best RT level, or NULL. */
static task_t *rt_first(struct cfs_rq *cfs)
{
	struct list_head *first = sched_levels_first(&cfs->rt);

	return first ? list_entry(first, task_t, u.cfs.run_list) : NULL;
}

/* set_next - fair @p takes the CPU: out of the tree, its turn begins. */
static void set_next(struct cfs_rq *cfs, task_t *p)
{
	rb_erase_cached(&p->u.cfs.run_node, &cfs->timeline);
	RB_CLEAR_NODE(&p->u.cfs.run_node);
	cfs->curr = p;
	p->u.cfs.exec_start = sched_clock();
	p->u.cfs.prev_sum_exec_runtime = p->u.cfs.sum_exec_runtime;
}

/* put_prev - the running fair task leaves the CPU, queued: into the tree. */
static void put_prev(struct cfs_rq *cfs)
{
	task_t *p = cfs->curr;

	update_curr(cfs);
	cfs->curr = NULL;
	rb_add_cached(&p->u.cfs.run_node, &cfs->timeline, vruntime_less);
}

static void fair_enqueue(task_t *p, struct sched_rq *rq)
{
	struct cfs_rq *cfs = cfs_of(rq);

	update_curr(cfs);
	rebase(p, cfs, rq->cpu);
	update_load_add(&cfs->load, p->u.cfs.load.weight);
	cfs->nr_fair++;
	if (sched_rq_running(rq, p)) {
		/* requeued while it runs (a new nice, policy or boost) */
		cfs->curr = p;
		p->u.cfs.exec_start = sched_clock();
		return;
	}
	rb_add_cached(&p->u.cfs.run_node, &cfs->timeline, vruntime_less);
}

static void fair_dequeue(task_t *p, struct sched_rq *rq)
{
	struct cfs_rq *cfs = cfs_of(rq);

	update_curr(cfs);
	if (p == cfs->curr) {
		cfs->curr = NULL;
	} else {
		rb_erase_cached(&p->u.cfs.run_node, &cfs->timeline);
		RB_CLEAR_NODE(&p->u.cfs.run_node);
	}
	update_load_sub(&cfs->load, p->u.cfs.load.weight);
	cfs->nr_fair--;
	update_min_vruntime(cfs);
	p->u.cfs.vbase = cfs->min_vruntime;
	p->u.cfs.vcpu = rq->cpu;
}

/* ---- the class operations: what the plumbing asks of cfs ----------------- */

static void cfs_enqueue(task_t *p, struct sched_rq *rq)
{
	if (fair(p))
		fair_enqueue(p, rq);
	else
		sched_levels_add(&cfs_of(rq)->rt, &p->u.cfs.run_list,
				 p->u.cfs.prio);
	p->u.cfs.on_rq = 1;
}

static void cfs_dequeue(task_t *p, struct sched_rq *rq)
{
	if (fair(p))
		fair_dequeue(p, rq);
	else
		sched_levels_del(&cfs_of(rq)->rt, &p->u.cfs.run_list,
				 p->u.cfs.prio);
	p->u.cfs.on_rq = 0;
}

static int cfs_on_rq(const task_t *p)
{
	return p->u.cfs.on_rq;
}

/*
 * cfs_pick_next - the first task of the best RT level; else the fair
 * task of smallest vruntime, the running one included (it wins only if
 * strictly smaller: the kernel puts it back in the tree first, after
 * its equals); else NULL.  The running task picked again starts a new
 * turn, as switched() would start it for another.  O(1): the bitmap
 * and the cached leftmost.
 */
static task_t *cfs_pick_next(struct sched_rq *rq)
{
	struct cfs_rq *cfs = cfs_of(rq);
	task_t *rt = rt_first(cfs), *left, *curr = cfs->curr;

	rq->pick_work++;
	if (rt)
		return rt;
	update_curr(cfs);
	left = leftmost(cfs);
	if (curr && (!left || before(curr, left))) {
		curr->u.cfs.prev_sum_exec_runtime =
			curr->u.cfs.sum_exec_runtime;
		return curr;
	}
	return left;
}

/* wakeup_gran - wakeup_granularity in @p's virtual time. */
static u64 wakeup_gran(task_t *p)
{
	return calc_delta_fair(sched_wakeup_granularity, &p->u.cfs.load);
}

/*
 * cfs_preempts - anything preempts the idle task; an RT task preempts a
 * worse RT level and every fair task; a fair task never an RT one, and
 * a fair one only if its vruntime is below the running task's by more
 * than wakeup_gran(): less would switch for too little.
 */
static int cfs_preempts(const task_t *p, struct sched_rq *rq,
			enum sched_rq_why why)
{
	struct cfs_rq *cfs = cfs_of(rq);
	task_t *curr = rq->curr;

	if (curr == rq->idle)
		return 1;
	if (!fair(p))
		return p->u.cfs.prio < curr->u.cfs.prio;
	if (!fair(curr))
		return 0;
	update_curr(cfs);
	return vdiff(curr->u.cfs.vruntime, p->u.cfs.vruntime) >
		(s64)wakeup_gran((task_t *)p);
}

/* @p may run on @cpu (any CPU: -1) and is not running on @rq. */
static int movable(const task_t *p, struct sched_rq *rq, int cpu)
{
	return !sched_rq_running(rq, p) &&
		(cpu < 0 || cpu_isset(cpu, p->cpus_allowed));
}

/*
 * cfs_pullable - the first waiting RT task allowed on @cpu, best level
 * first, else the allowed fair task of smallest vruntime.
 */
static task_t *cfs_pullable(struct sched_rq *rq, int cpu)
{
	struct cfs_rq *cfs = cfs_of(rq);
	struct rb_node *node;
	task_t *p;
	int level;

	for_each_sched_level(level, &cfs->rt)
		list_for_each_entry(p, cfs->rt.queue + level, u.cfs.run_list)
			if (movable(p, rq, cpu))
				return p;
	for (node = rb_first_cached(&cfs->timeline); node; node = rb_next(node))
		if (movable(task_of(node), rq, cpu))
			return task_of(node);
	return NULL;
}

/*
 * cfs_switched - prev leaves the CPU, next takes it: a fair prev still
 * queued goes back into the tree, a fair next comes out of it.
 */
static void cfs_switched(struct sched_rq *rq, task_t *prev, task_t *next)
{
	struct cfs_rq *cfs = cfs_of(rq);

	if (cfs->curr)
		put_prev(cfs);
	if (fair(next))
		set_next(cfs, next);
}

/*
 * check_preempt_tick - the running fair task ran more than its slice of
 * the period, and others wait: give the CPU to the leftmost.
 */
static void check_preempt_tick(struct cfs_rq *cfs, task_t *curr)
{
	u64 ran = curr->u.cfs.sum_exec_runtime -
		curr->u.cfs.prev_sum_exec_runtime;

	if (cfs->nr_fair > 1 && ran > sched_slice(cfs, curr))
		set_tsk_need_resched(curr);
}

/*
 * rr_tick - SCHED_RR rotates to the tail of its level every
 * RR_TIMESLICE_MS; SCHED_FIFO, and a fair task boosted into the RT
 * range, never.
 */
static void rr_tick(struct cfs_rq *cfs, task_t *p)
{
	if (p->policy != SCHED_RR || --p->u.cfs.time_slice)
		return;
	p->u.cfs.time_slice = msecs_to_jiffies(RR_TIMESLICE_MS);
	list_move_tail(&p->u.cfs.run_list, cfs->rt.queue + p->u.cfs.prio);
	set_tsk_need_resched(p);
}

static void cfs_tick(struct sched_rq *rq, task_t *p)
{
	struct cfs_rq *cfs = cfs_of(rq);

	if (!p->u.cfs.on_rq)
		return;
	if (!fair(p)) {
		rr_tick(cfs, p);
		return;
	}
	update_curr(cfs);
	check_preempt_tick(cfs, p);
}

/* The fields of a task not queued anywhere, at priority @prio. */
static void init_task_fields(task_t *p, int prio)
{
	RB_CLEAR_NODE(&p->u.cfs.run_node);
	INIT_LIST_HEAD(&p->u.cfs.run_list);
	p->u.cfs.prio = prio;
	p->u.cfs.on_rq = 0;
	p->u.cfs.time_slice = msecs_to_jiffies(RR_TIMESLICE_MS);
	p->u.cfs.sum_exec_runtime = 0;
	p->u.cfs.prev_sum_exec_runtime = 0;
	load_weight_of_prio(&p->u.cfs.load, p->static_prio);
}

/*
 * cfs_fork - the child's fields; its vruntime, its parent's distance
 * from the parent's min_vruntime (not below it), is placed on the CPU
 * it will run on by new_task().
 */
static void cfs_fork(task_t *p)
{
	struct sched_rq *rq;
	struct cfs_rq *cfs;
	unsigned long flags;
	s64 lag = 0;

	init_task_fields(p, sched_rq_effective_prio(p));
	rq = sched_rq_task_lock(current, &flags);
	cfs = cfs_of(rq);
	if (current == cfs->curr) {
		update_curr(cfs);
		lag = vdiff(current->u.cfs.vruntime, cfs->min_vruntime);
	}
	sched_rq_task_unlock(rq, &flags);
	p->u.cfs.vruntime = max(lag, 0LL);
	p->u.cfs.vbase = 0;
	p->u.cfs.vcpu = -1;
}

static void cfs_new_task(task_t *p, struct sched_rq *rq)
{
	struct cfs_rq *cfs = cfs_of(rq);

	if (!fair(p))
		return;
	update_curr(cfs);
	rebase(p, cfs, rq->cpu);
	place_new(cfs, p);
}

static void cfs_waking(task_t *p, struct sched_rq *rq, long old_state)
{
	struct cfs_rq *cfs = cfs_of(rq);

	if (!fair(p))
		return;
	update_curr(cfs);
	rebase(p, cfs, rq->cpu);
	place_sleeper(cfs, p);
}

/* The idle task is below every level, never queued, never weighed. */
static void cfs_init_idle(task_t *idle)
{
	init_task_fields(idle, MAX_PRIO);
}

/*
 * cfs_yield - an RT task goes to the tail of its level; a fair one
 * behind the rightmost waiting task (2.6.24's sched_compat_yield).
 */
static void cfs_yield(task_t *p, struct sched_rq *rq)
{
	struct cfs_rq *cfs = cfs_of(rq);
	struct rb_node *last;

	if (!fair(p)) {
		list_move_tail(&p->u.cfs.run_list,
			       cfs->rt.queue + p->u.cfs.prio);
		return;
	}
	last = rb_last(&cfs->timeline.rb_root);
	if (!last)
		return;
	update_curr(cfs);
	p->u.cfs.vruntime = max_vruntime(p->u.cfs.vruntime,
					 task_of(last)->u.cfs.vruntime + 1);
}

/*
 * reclass - @p, off its queue, takes its effective priority after a
 * change of policy, nice or p->pi_prio; returns whether it got worse.
 * A task that enters the fair class is placed as a waking one, with a
 * new turn; the weight is always the static priority's.
 */
static int reclass(task_t *p, struct sched_rq *rq)
{
	int old = p->u.cfs.prio, was_fair = fair(p);

	p->u.cfs.prio = sched_rq_effective_prio(p);
	load_weight_of_prio(&p->u.cfs.load, p->static_prio);
	if (fair(p) && !was_fair) {
		rebase(p, cfs_of(rq), rq->cpu);
		place_sleeper(cfs_of(rq), p);
		p->u.cfs.prev_sum_exec_runtime = p->u.cfs.sum_exec_runtime;
	}
	return p->u.cfs.prio > old;
}

/* Nice: a new weight, requeued so that the queue's weight follows. */
static void cfs_set_nice(task_t *p, struct sched_rq *rq, long nice)
{
	int queued = p->u.cfs.on_rq, worse;

	if (queued)
		sched_rq_dequeue(p, rq);
	p->static_prio = NICE_TO_PRIO(nice);
	worse = reclass(p, rq);
	if (queued) {
		sched_rq_enqueue(p, rq);
		sched_rq_requeued(p, rq, worse);
	}
}

static int cfs_setscheduler(task_t *p, struct sched_rq *rq, int policy,
			    int prio)
{
	BUG_ON(p->u.cfs.on_rq);
	p->policy = policy;
	p->rt_priority = prio;
	return reclass(p, rq);
}

static const struct sched_class_ops cfs_ops = {
	.enqueue	= cfs_enqueue,
	.dequeue	= cfs_dequeue,
	.on_rq		= cfs_on_rq,
	.pick_next	= cfs_pick_next,
	.preempts	= cfs_preempts,
	.pullable	= cfs_pullable,
	.switched	= cfs_switched,
	.tick		= cfs_tick,
	.fork		= cfs_fork,
	.new_task	= cfs_new_task,
	.waking		= cfs_waking,
	.init_idle	= cfs_init_idle,
	.yield		= cfs_yield,
	.set_nice	= cfs_set_nice,
	.setscheduler	= cfs_setscheduler,
	.reprio		= reclass,
};

/* ---- the hooks of struct sched_drv that are cfs's own -------------------- */

static void cfs_sched_init(void)
{
	struct cfs_rq *cfs;
	int i;

	sched_rq_init(&cfs_ops);
	for (i = 0; i < NR_CPUS; i++) {
		cfs = cfs_cpu_rq(i);
		memset(cfs, 0, sizeof(*cfs));
		cfs->timeline = RB_ROOT_CACHED;
		sched_levels_init(&cfs->rt);
	}
	/* The boot task becomes this CPU's idle task. */
	sched_rq_init_idle(current, smp_processor_id());
}

/* task_prio - the "PR" column: RT -1..-100 below, 0..39 for nice. */
static int cfs_task_prio(const task_t *p)
{
	return p->u.cfs.prio - MAX_RT_PRIO;
}

/*
 * An OOM victim gets a second of SCHED_RR slice, as the kernel's OOM
 * killer gave p->rt.time_slice once CFS came; a fair task runs on its
 * fair share.
 */
static void cfs_set_oom_timeslice(task_t *p)
{
	p->u.cfs.time_slice = HZ;
}

/*
 * rr_slice - sched_rr_get_interval()'s slice: RR_TIMESLICE_MS for RT
 * tasks, a fair task's share of the period on its CPU now, in jiffies.
 */
static unsigned int rr_slice(const task_t *p)
{
	struct sched_rq *rq;
	unsigned long flags;
	u64 ns;

	if (!fair(p))
		return msecs_to_jiffies(RR_TIMESLICE_MS);
	rq = sched_rq_task_lock((task_t *)p, &flags);
	ns = sched_slice(cfs_of(rq), (task_t *)p);
	sched_rq_task_unlock(rq, &flags);
	return ns_to_jiffies(ns);
}

static long cfs_rr_get_interval(pid_t pid, struct timespec __user *interval)
{
	return sched_rr_interval(pid, interval, rr_slice);
}

/* ---- checks -------------------------------------------------------------- */

#ifdef CONFIG_CPUSCHED_SELFTEST
/* cfs_min_vruntime - @cpu's min_vruntime, for the tests (kfix_cfs.c). */
u64 cfs_min_vruntime(int cpu)
{
	return cfs_cpu_rq(cpu)->min_vruntime;
}

/*
 * The tasks queued on @cpu: the RT ones, the running one included, then
 * the running fair task (queued, out of the tree), then the tree.
 */
static void cfs_for_each_queued(int cpu, void (*fn)(task_t *, void *),
				void *arg)
{
	struct cfs_rq *cfs = cfs_cpu_rq(cpu);
	struct rb_node *node;
	task_t *p;
	int level;

	for_each_sched_level(level, &cfs->rt)
		list_for_each_entry(p, cfs->rt.queue + level, u.cfs.run_list)
			fn(p, arg);
	if (cfs->curr)
		fn(cfs->curr, arg);
	for (node = rb_first_cached(&cfs->timeline); node; node = rb_next(node))
		fn(task_of(node), arg);
}

/* check_rt_task - RT @p, on the list of @level, belongs there. */
static int check_rt_task(struct sched_rq *rq, task_t *p, int level, char *buf,
			 int len)
{
	if (p->u.cfs.prio == level && p->u.cfs.on_rq &&
	    p->u.cfs.prio == sched_rq_effective_prio(p))
		return 0;
	return sched_rq_report(buf, len,
			       "cpu%d: %s/%d on RT level %d, "
			       "prio %d",
			       rq->cpu, p->comm, p->pid, level, p->u.cfs.prio);
}

/*
 * check_rt - each RT level whose bit is set has tasks (a task on a
 * level whose bit is clear makes the count fall short of nr_active),
 * each on_rq at its own level, which is sched_rq_effective_prio().
 * That no RT task waits behind a worse task is the machine's own rule.
 * Returns how many RT tasks are queued, or -1 with the reason in @buf.
 */
static long check_rt(struct sched_rq *rq, char *buf, int len)
{
	struct sched_levels *rt = &cfs_of(rq)->rt;
	long n = 0;
	task_t *p;
	int level;

	for_each_sched_level(level, rt) {
		if (list_empty(rt->queue + level))
			return -sched_rq_report(buf, len,
						"cpu%d: RT level %d "
						"empty",
						rq->cpu, level);
		list_for_each_entry(p, rt->queue + level, u.cfs.run_list) {
			if (check_rt_task(rq, p, level, buf, len))
				return -1;
			n++;
		}
	}
	return n;
}

/*
 * The most credit a sleeper can get below min_vruntime: the largest
 * sched_latency (without gentle_fair_sleepers).
 */
#define MAX_CREDIT_NS		((s64)MAX_TUNABLE_NS)

/*
 * check_fair_task - one fair task of the tree: queued, fair, not the
 * running one, on this CPU's scale, not before the previous one, and
 * within the most credit a sleeper gets of min_vruntime.
 */
static int check_fair_task(struct sched_rq *rq, task_t *p, task_t *prev,
			   char *buf, int len)
{
	struct cfs_rq *cfs = cfs_of(rq);
	u64 v = p->u.cfs.vruntime;

	if (!p->u.cfs.on_rq || !fair(p) || p == cfs->curr ||
	    p->u.cfs.vcpu != rq->cpu ||
	    p->u.cfs.prio != sched_rq_effective_prio(p))
		return sched_rq_report(buf, len,
				       "cpu%d: %s/%d in the tree, "
				       "on_rq %d, prio %d, vcpu %d",
				       rq->cpu, p->comm, p->pid, p->u.cfs.on_rq,
				       p->u.cfs.prio, p->u.cfs.vcpu);
	if (prev && before(p, prev))
		return sched_rq_report(buf, len,
				       "cpu%d: tree out of order: "
				       "%s/%d at %llu after %llu",
				       rq->cpu, p->comm, p->pid, v,
				       prev->u.cfs.vruntime);
	if (vdiff(cfs->min_vruntime, v) > MAX_CREDIT_NS)
		return sched_rq_report(buf, len,
				       "cpu%d: %s/%d at %llu, "
				       "min_vruntime %llu",
				       rq->cpu, p->comm, p->pid, v,
				       cfs->min_vruntime);
	return 0;
}

/*
 * check_curr - the fair task marked running is the running task, out
 * of the tree, exactly when that one is fair and queued.
 */
static int check_curr(struct sched_rq *rq, char *buf, int len)
{
	task_t *curr = rq->curr, *fair_curr = cfs_of(rq)->curr;
	int want = fair(curr) && curr->u.cfs.on_rq;

	if (fair_curr == (want ? curr : NULL) &&
	    (!fair_curr || RB_EMPTY_NODE(&curr->u.cfs.run_node)))
		return 0;
	return sched_rq_report(buf, len,
			       "cpu%d: running %s/%d, fair curr "
			       "%s",
			       rq->cpu, curr->comm, curr->pid,
			       fair_curr ? fair_curr->comm : "none");
}

/*
 * check_fair - the tree as check_fair_task() says, check_curr(), and
 * nr_fair and the load adding up.  Returns how many fair tasks are
 * queued, or -1 with the reason in @buf.
 */
static long check_fair(struct sched_rq *rq, char *buf, int len)
{
	struct cfs_rq *cfs = cfs_of(rq);
	task_t *p = NULL, *prev;
	unsigned long weight = 0;
	struct rb_node *node;
	long n = 0;

	for (node = rb_first_cached(&cfs->timeline); node;
	     node = rb_next(node)) {
		prev = p;
		p = task_of(node);
		if (check_fair_task(rq, p, prev, buf, len))
			return -1;
		weight += p->u.cfs.load.weight;
		n++;
	}
	if (check_curr(rq, buf, len))
		return -1;
	if (cfs->curr) {
		weight += cfs->curr->u.cfs.load.weight;
		n++;
	}
	if (n != cfs->nr_fair || weight != cfs->load.weight)
		return -sched_rq_report(buf, len,
					"cpu%d: %ld fair queued "
					"weighing %lu, nr_fair %lu, load %lu",
					rq->cpu, n, weight, cfs->nr_fair,
					cfs->load.weight);
	return n;
}

/*
 * cfs_check_cpu - the rules of online @cpu: the plumbing's, the idle
 * task never queued and below every level, check_rt(), check_fair(),
 * the idle task running while fair tasks wait only with a reschedule
 * pending, and the two classes adding up to nr_running.  O(tasks
 * queued there).
 */
static int cfs_check_cpu(int cpu, char *buf, int len)
{
	struct sched_rq *rq = sched_cpu_rq(cpu);
	task_t *idle = rq->idle;
	long rt, nr;

	if (!cpu_online(cpu))
		return 0;
	if (sched_rq_check(rq, buf, len))
		return 1;
	if (idle->u.cfs.prio != MAX_PRIO || idle->u.cfs.on_rq)
		return sched_rq_report(buf, len,
				       "cpu%d: idle task at prio %d, "
				       "on_rq %d",
				       cpu, idle->u.cfs.prio,
				       idle->u.cfs.on_rq);
	rt = check_rt(rq, buf, len);
	nr = rt < 0 ? -1 : check_fair(rq, buf, len);
	if (nr < 0)
		return 1;
	if (rq->curr == idle && nr &&
	    !test_tsk_thread_flag(idle, TIF_NEED_RESCHED))
		return sched_rq_report(buf, len,
				       "cpu%d: idle while %ld fair "
				       "tasks wait, no reschedule pending",
				       cpu, nr);
	if (rt != cfs_of(rq)->rt.nr_active || rt + nr != rq->nr_running)
		return sched_rq_report(buf, len,
				       "cpu%d: %ld RT and %ld fair "
				       "queued, RT %u, nr_running %lu",
				       cpu, rt, nr, cfs_of(rq)->rt.nr_active,
				       rq->nr_running);
	return 0;
}

/*
 * cfs_starvation_bound - the longest a fair task waits, in jiffies,
 * with @nr_running tasks on its CPU.  It waits while the others catch
 * up with its vruntime.  Its lead over min_vruntime is at most what it
 * ran last, a period and a tick, in its virtual time (nice 19: weight
 * 15), plus the credit a sleeper gets (half a latency); each other task
 * runs at most that lead in its own virtual time (nice -20: weight
 * 88761), plus its slice and a tick past it.
 */
static unsigned long cfs_starvation_bound(unsigned long nr_running)
{
	u64 tick = NSEC_PER_SEC / HZ, period, lead, other;
	u64 lightest = sched_prio_to_weight[NICE_LEVELS - 1];
	u64 heaviest = sched_prio_to_weight[0];

	if (!nr_running)
		return 0;
	period = sched_period(nr_running);
	lead = (period + tick) * NICE_0_LOAD / lightest + sched_latency / 2;
	other = lead * heaviest / NICE_0_LOAD + period + tick;
	return ns_to_jiffies((nr_running - 1) * other) + 1;
}
#endif /* CONFIG_CPUSCHED_SELFTEST */

#ifdef CONFIG_CPUSCHED_TUNABLES
static const struct sched_tunable cfs_tunables[] = {
	{
		.name	= "sched_latency_ns",
		.desc	= "ns in which every runnable task runs once",
		.min	= MIN_TUNABLE_NS,
		.max	= MAX_TUNABLE_NS,
		.def	= DEF_LATENCY_NS,
		.value	= &sched_latency,
	},
	{
		.name	= "sched_min_granularity_ns",
		.desc	= "ns: the shortest slice; past latency / this many "
			"tasks the period grows",
		.min	= MIN_TUNABLE_NS,
		.max	= MAX_TUNABLE_NS,
		.def	= DEF_MIN_GRANULARITY_NS,
		.value	= &sched_min_granularity,
	},
	{
		.name	= "sched_wakeup_granularity_ns",
		.desc	= "ns of vruntime (nice 0) a woken task must be "
			"behind the running one to preempt it",
		.min	= 0,
		.max	= MAX_TUNABLE_NS,
		.def	= DEF_WAKEUP_GRANULARITY_NS,
		.value	= &sched_wakeup_granularity,
	},
	{
		.name	= "start_debit",
		.desc	= "1: a new task starts one virtual slice late",
		.min	= 0,
		.max	= 1,
		.def	= 1,
		.value	= &start_debit,
	},
	{
		.name	= "gentle_fair_sleepers",
		.desc	= "1: a sleeper's credit is half sched_latency, 0: all "
			"of it",
		.min	= 0,
		.max	= 1,
		.def	= 1,
		.value	= &gentle_fair_sleepers,
	},
	{ .name = NULL }
};
#endif /* CONFIG_CPUSCHED_TUNABLES */

/* The plumbing fills the rest of the table: SCHED_RQ_DRV_HOOKS. */
struct sched_drv cfs_sched_drv = {
	SCHED_RQ_DRV_HOOKS,
	.cpusched_name		= "cfs",
	.init			= cfs_sched_init,
	.rt_task		= cfs_rt_task,
	.set_oom_timeslice	= cfs_set_oom_timeslice,
	.task_prio		= cfs_task_prio,
	.rr_get_interval	= cfs_rr_get_interval,
#ifdef CONFIG_CPUSCHED_PI
	.normal_prio		= sched_rq_pi_normal_prio,
	.pi_setprio		= sched_rq_pi_setprio,
#endif
#ifdef CONFIG_CPUSCHED_TUNABLES
	.tunables		= cfs_tunables,
#endif
#ifdef CONFIG_CPUSCHED_SELFTEST
	.for_each_queued	= cfs_for_each_queued,
	.check_cpu		= cfs_check_cpu,
	.starvation_bound	= cfs_starvation_bound,
	.o1			= 1,
#endif
};
