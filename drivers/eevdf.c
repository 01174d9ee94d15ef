/*
 *  drivers/eevdf.c (kernel/eevdf.c in a plugsched tree)
 *
 *  eevdf - Earliest Eligible Virtual Deadline First, as Linux 6.6 runs
 *  its fair class.
 *
 *  Design: every SCHED_NORMAL task has a weight from the nice table
 *  (1024 at nice 0, about 1.25 times per level) and a virtual runtime
 *  that advances by the time it runs times 1024 / weight.  The queue's
 *  virtual time V is the weighted average of its tasks' virtual
 *  runtimes, the running one included.  A task's lag, w * (V - v), is
 *  what the ideal fluid scheduler owes it; it is eligible when its lag
 *  is not negative (v <= V).  Each task asks for a request of one slice
 *  (base_slice, 0.75 ms scaled by 1 + log2 of the online CPUs up to 8,
 *  as 6.6's default tunable scaling does) and gets the virtual deadline
 *  v + slice * 1024 / weight; the scheduler runs the eligible task with
 *  the earliest deadline.  When the running task's virtual runtime
 *  passes its deadline (seen at the tick, or whenever its time is
 *  charged) it gets the next request and deadline and the CPU is
 *  rescheduled; there is no other timeslice.  A task that sleeps keeps
 *  its lag (clamped to two slices or one tick of service, whichever is
 *  more) and comes back at V - lag, scaled so that its joining does not
 *  change what it is owed; a new task comes with no lag and half a
 *  request to its first deadline.  A waking task preempts when the pick
 *  would choose it now: it is eligible and its deadline is earlier than
 *  the running task's, unless the running task, still eligible, has not
 *  finished the request it was picked for (6.6's RUN_TO_PARITY, on by
 *  default, the run_to_parity tunable).  RT tasks (SCHED_FIFO,
 *  SCHED_RR) run strictly before fair ones, by priority, FIFO within a
 *  level, SCHED_RR rotating every 100 ms.
 *
 *  Each CPU has its own queue: the RT tasks on one list per priority
 *  with a bitmap of non-empty levels, the fair ones but the running one
 *  in a red-black tree ordered by virtual runtime, each node keeping the
 *  earliest deadline of its subtree.  Since the eligible tasks are a
 *  prefix of that order, the pick walks one path down, O(log n), as
 *  6.6's pick_eevdf() does.  V is kept incrementally: the sum of
 *  (v - v0) * w and the sum of w over the tree, relative to a
 *  monotonic floor v0 (min_vruntime), with the running task added when
 *  needed; eligibility compares without dividing.  Placement, idle
 *  pulling, migration and hotplug are the shared runqueue plumbing's
 *  (libsched/runqueue.c); a task moving between CPUs takes its lag with
 *  it, as a sleeper does.
 *
 *  Where it behaves well: CPU shares follow the weights exactly over
 *  time; latency follows the request size instead of heuristics (a task
 *  with a shorter slice runs sooner and more often, at the same share);
 *  a sleeper neither loses what it was owed nor gains from sleeping.
 *
 *  Known weaknesses: a deadline is only noticed at a tick (HZ) or when
 *  time is charged, so at HZ 1000 a 0.75 ms request runs a whole tick,
 *  as 6.6 without HRTICK does; lag is kept across any sleep however
 *  long (later kernels let it decay); a task waking on an empty queue
 *  loses its lag; the lag clamp and the scaling on joining are integer
 *  arithmetic, so the sum of lags is zero only to within rounding;
 *  balancing between CPUs is the plumbing's (placement and idle pull),
 *  not 6.6's load tracking; no group scheduling.  A nice 19 task among
 *  nice -20 ones waits about 5900 times its request between runs, by
 *  design.
 *
 *  History: Stoica and Abdel-Wahab, "Earliest Eligible Virtual Deadline
 *  First: A Flexible and Accurate Mechanism for Proportional Share
 *  Resource Allocation" (1995); Peter Zijlstra's series replacing CFS's
 *  wakeup heuristics with it (2023), merged in Linux 6.6.  Not a port:
 *  written for the plugsched host framework from that design.
 *
 *  What 2.6.10's world lacked and this adds: nanosecond time is the
 *  machine's sched_clock() (every charge is exact, not per tick); the
 *  red-black tree with subtree summaries and the nice weight table are
 *  <linux/rbtree_augmented.h> and <linux/sched_fair.h> (libsched);
 *  there is no sched_setattr(), so a task's own request size is set
 *  only from kernel code (6.12 takes it from sched_attr.sched_runtime);
 *  a priority inherited within the SCHED_NORMAL range (a boost by a
 *  better-niced waiter) lends that nice's weight, where 6.6 lends none.
 */
#include <linux/sched.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/syscalls.h>
#include <linux/rbtree_augmented.h>
#include <linux/sched_fair.h>
#include <linux/sched_rq.h>
#include <asm/div64.h>

/*
 * The request size: base_slice_us at one CPU (the "base_slice" tunable,
 * 100..100000 us, default 750 as 6.6's sysctl_sched_base_slice), times
 * 1 + log2(online CPUs), the CPUs counted up to SLICE_SCALE_CPUS.
 */
#define MIN_BASE_SLICE_US	100
#define DEF_BASE_SLICE_US	750
#define MAX_BASE_SLICE_US	100000
#define SLICE_SCALE_CPUS	8

static int base_slice_us = DEF_BASE_SLICE_US;

/*
 * run_to_parity (0 or 1, default 1 as 6.6): once picked, the running
 * task keeps the CPU until it finishes its request or is no longer
 * eligible, whatever wakes up meanwhile.
 */
static int run_to_parity = 1;

/* SCHED_RR's interval, in ms (the kernel's RR_TIMESLICE). */
#define RR_TIMESLICE_MS		100

/* The lag a sleeper keeps: at most two requests, or a tick if more. */
#define LAG_SLICES		2

/*
 * The per-CPU part of the design, beside the plumbing's struct sched_rq
 * of the same CPU, whose ->lock protects it and the u.eevdf fields of
 * the tasks queued there.
 *
 * RT tasks are on the levels of @rt (0..99), the running one included.
 * Fair tasks are in @tree by virtual runtime, except the running one,
 * which is @curr while it is queued (the kernel's set_next/put_prev).
 * @avg_vruntime and @avg_load sum over the tree only, (v - min_vruntime)
 * * w and w; queue_sums() adds @curr.  The plumbing's rq->nr_running
 * counts them all.
 */
struct eevdf_rq {
	struct sched_levels rt;

	struct rb_root_cached tree;
	task_t *curr;
	u64 min_vruntime;
	s64 avg_vruntime;
	unsigned long avg_load;
};

static DEFINE_PER_CPU(struct eevdf_rq, eevdf_runqueues);

#define eevdf_rq_of(rq)		(&per_cpu(eevdf_runqueues, (rq)->cpu))
#define se_of(p)		(&(p)->u.eevdf)
#define task_of(se)		container_of(se, task_t, u.eevdf)
#define node_se(node)		rb_entry(node, struct cpusched_eevdf, run_node)
/* where task_t links an RT task on its level, for the sched_levels_*() */
#define RT_LIST_OFFSET		offsetof(task_t, u.eevdf.run_list)

/* ---- priorities and weights ---------------------------------------------- */

/* A fair task: queued in the tree, not on an RT level. */
static int fair(const task_t *p)
{
	return se_of(p)->prio >= MAX_RT_PRIO;
}

static int eevdf_rt_task(task_t *p)
{
	return !fair(p);
}

/* base_slice_ns - the request size in force for this many CPUs. */
static u64 base_slice_ns(void)
{
	unsigned int cpus = min_t(unsigned int, num_online_cpus(),
				  SLICE_SCALE_CPUS);
	unsigned int factor = 1;

	while (cpus >>= 1)
		factor++;
	return (u64)base_slice_us * NSEC_PER_USEC * factor;
}

/* request_ns - the next request of @p: its own size if set, else base. */
static u64 request_ns(const task_t *p)
{
	if (se_of(p)->custom_slice_us)
		return (u64)se_of(p)->custom_slice_us * NSEC_PER_USEC;
	return base_slice_ns();
}

/* vslice - @p's request in virtual time: slice * 1024 / weight. */
static u64 vslice(task_t *p)
{
	return calc_delta_fair(se_of(p)->slice, &se_of(p)->load);
}

/* div_floor - @a / @b rounded down, @b > 0 (V is never rounded up). */
static s64 div_floor(s64 a, unsigned long b)
{
	u64 q = a < 0 ? -(u64)a + b - 1 : (u64)a;

	do_div(q, b);
	return a < 0 ? -(s64)q : (s64)q;
}

/* div_trunc - @a / @b rounded toward zero, @b > 0. */
static s64 div_trunc(s64 a, unsigned long b)
{
	u64 q = a < 0 ? -(u64)a : (u64)a;

	do_div(q, b);
	return a < 0 ? -(s64)q : (s64)q;
}

/*
 * set_prio - @p, off the queue, takes its effective priority and the
 * weight of it.  The lag it keeps is virtual (V - v); scaling it by
 * old / new weight keeps what it is owed, w * (V - v), the same.
 */
static void set_prio(task_t *p)
{
	struct cpusched_eevdf *se = se_of(p);
	unsigned long old = se->load.weight;
	int prio = sched_rq_effective_prio(p);

	BUG_ON(se->on_rq);
	se->prio = prio;
	load_weight_of_prio(&se->load, max(prio, MAX_RT_PRIO));
	if (old != se->load.weight)
		se->vlag = div_trunc(se->vlag * (s64)old, se->load.weight);
}

/* ---- RT levels ----------------------------------------------------------- */

static void rt_enqueue(struct eevdf_rq *erq, task_t *p)
{
	sched_levels_add(&erq->rt, &se_of(p)->run_list, se_of(p)->prio);
}

static void rt_dequeue(struct eevdf_rq *erq, task_t *p)
{
	sched_levels_del(&erq->rt, &se_of(p)->run_list, se_of(p)->prio);
}

/* rt_requeue - @p to the tail of its level (RR, yield). */
static void rt_requeue(struct eevdf_rq *erq, task_t *p)
{
	list_move_tail(&se_of(p)->run_list, erq->rt.queue + se_of(p)->prio);
}

/* ---- the tree: by virtual runtime, each node its subtree's min deadline -- */

/* before - whether virtual time @a comes before @b (it may wrap). */
static int before(u64 a, u64 b)
{
	return (s64)(a - b) < 0;
}

/* subtree_min_deadline - the earliest of @se's deadline and its children's. */
static u64 subtree_min_deadline(const struct cpusched_eevdf *se)
{
	u64 min = se->deadline;
	struct rb_node *child;

	child = se->run_node.rb_left;
	if (child && before(node_se(child)->min_deadline, min))
		min = node_se(child)->min_deadline;
	child = se->run_node.rb_right;
	if (child && before(node_se(child)->min_deadline, min))
		min = node_se(child)->min_deadline;
	return min;
}

/*
 * compute_min_deadline - @se's summary from its own deadline and its
 * children's summaries; with @exit, true and nothing changed when it
 * was right already (the augmented tree's propagation stops there).
 */
static bool compute_min_deadline(struct cpusched_eevdf *se, bool exit)
{
	u64 min = subtree_min_deadline(se);

	if (exit && se->min_deadline == min)
		return true;
	se->min_deadline = min;
	return false;
}

RB_DECLARE_CALLBACKS(static, min_deadline_cb, struct cpusched_eevdf, run_node,
		     min_deadline, compute_min_deadline);

static bool vruntime_less(struct rb_node *a, const struct rb_node *b)
{
	return before(node_se(a)->vruntime, node_se(b)->vruntime);
}

/* entity_key - @se's virtual runtime relative to the queue's floor. */
static s64 entity_key(struct eevdf_rq *erq, struct cpusched_eevdf *se)
{
	return (s64)(se->vruntime - erq->min_vruntime);
}

static void tree_insert(struct eevdf_rq *erq, task_t *p)
{
	struct cpusched_eevdf *se = se_of(p);

	se->min_deadline = se->deadline;
	rb_add_augmented_cached(&se->run_node, &erq->tree, vruntime_less,
				&min_deadline_cb);
	erq->avg_vruntime += entity_key(erq, se) * (s64)se->load.weight;
	erq->avg_load += se->load.weight;
}

static void tree_erase(struct eevdf_rq *erq, task_t *p)
{
	struct cpusched_eevdf *se = se_of(p);

	rb_erase_augmented_cached(&se->run_node, &erq->tree, &min_deadline_cb);
	RB_CLEAR_NODE(&se->run_node);
	erq->avg_vruntime -= entity_key(erq, se) * (s64)se->load.weight;
	erq->avg_load -= se->load.weight;
}

/* ---- virtual time -------------------------------------------------------- */

/*
 * queue_sums - the sums behind V, the running task included: *@avg is
 * the sum of (v - v0) * w, *@load the sum of w.
 */
static void queue_sums(struct eevdf_rq *erq, s64 *avg, unsigned long *load)
{
	struct cpusched_eevdf *curr;

	*avg = erq->avg_vruntime;
	*load = erq->avg_load;
	if (!erq->curr)
		return;
	curr = se_of(erq->curr);
	*avg += entity_key(erq, curr) * (s64)curr->load.weight;
	*load += curr->load.weight;
}

/* avg_vruntime - V, the weighted average virtual runtime of the queue. */
static u64 avg_vruntime(struct eevdf_rq *erq)
{
	unsigned long load;
	s64 avg;

	queue_sums(erq, &avg, &load);
	if (load)
		avg = div_floor(avg, load);
	return erq->min_vruntime + avg;
}

/*
 * eligible - whether @se's lag is not negative: v <= V, compared as
 * (v - v0) * W <= sum (v_i - v0) * w_i so that no rounding decides.
 */
static int eligible(struct eevdf_rq *erq, struct cpusched_eevdf *se)
{
	unsigned long load;
	s64 avg;

	queue_sums(erq, &avg, &load);
	return avg >= entity_key(erq, se) * (s64)load;
}

/*
 * update_min_vruntime - move the floor v0 up to the least virtual
 * runtime queued (running task or leftmost), never down, and rebase
 * the tree's sum on it.
 */
static void update_min_vruntime(struct eevdf_rq *erq)
{
	struct rb_node *left = rb_first_cached(&erq->tree);
	u64 v;

	if (erq->curr) {
		v = se_of(erq->curr)->vruntime;
		if (left && before(node_se(left)->vruntime, v))
			v = node_se(left)->vruntime;
	} else if (left) {
		v = node_se(left)->vruntime;
	} else {
		return;
	}
	if (!before(erq->min_vruntime, v))
		return;
	erq->avg_vruntime -= (s64)erq->avg_load * (s64)(v - erq->min_vruntime);
	erq->min_vruntime = v;
}

/* new_request - @p asks for its next slice, due by a new deadline. */
static void new_request(task_t *p)
{
	struct cpusched_eevdf *se = se_of(p);

	se->slice = request_ns(p);
	se->deadline = se->vruntime + vslice(p);
	se->parity = 0;
}

/*
 * update_deadline - the running task whose virtual runtime reached its
 * deadline has finished its request: the next one, and the CPU is
 * picked again if anyone else is queued.
 */
static void update_deadline(struct sched_rq *rq, task_t *p)
{
	if (before(se_of(p)->vruntime, se_of(p)->deadline))
		return;
	new_request(p);
	if (rq->nr_running > 1)
		sched_rq_resched(rq->curr);
}

/*
 * update_curr - charge the running fair task the time since its last
 * charge: its virtual runtime advances by delta * 1024 / weight.
 * rq->lock held.
 */
static void update_curr(struct sched_rq *rq)
{
	struct eevdf_rq *erq = eevdf_rq_of(rq);
	struct cpusched_eevdf *se;
	u64 now = sched_clock();
	s64 delta;

	if (!erq->curr)
		return;
	se = se_of(erq->curr);
	delta = (s64)(now - se->exec_start);
	if (delta <= 0)
		return;
	se->exec_start = now;
	se->vruntime += calc_delta_fair(delta, &se->load);
	update_deadline(rq, erq->curr);
	update_min_vruntime(erq);
}

/*
 * lag_limit - the most virtual lag @p keeps: LAG_SLICES requests or one
 * tick of service, whichever is more, at its weight.
 */
static s64 lag_limit(task_t *p)
{
	u64 limit = max_t(u64, LAG_SLICES * se_of(p)->slice, TICK_NSEC);

	return calc_delta_fair(limit, &se_of(p)->load);
}

/* save_lag - @p leaves the queue: remember V - v, clamped. */
static void save_lag(struct eevdf_rq *erq, task_t *p)
{
	s64 lag = (s64)(avg_vruntime(erq) - se_of(p)->vruntime);
	s64 limit = lag_limit(p);

	if (lag > limit)
		lag = limit;
	else if (lag < -limit)
		lag = -limit;
	se_of(p)->vlag = lag;
}

/*
 * place_entity - @p joins the queue: at V - lag, its lag first scaled
 * by (W + w) / W, since its own weight pulls V toward it (the lag it
 * has once queued is then the one it left with).  A new task has no
 * lag and half a request to its first deadline.
 */
static void place_entity(struct eevdf_rq *erq, task_t *p)
{
	struct cpusched_eevdf *se = se_of(p);
	u64 v = avg_vruntime(erq), vs;
	unsigned long load;
	s64 avg, lag = 0;

	queue_sums(erq, &avg, &load);
	if (load)
		lag = se->vlag +
			div_trunc(se->vlag * (s64)se->load.weight, load);
	se->vruntime = v - lag;
	se->slice = request_ns(p);
	vs = vslice(p);
	if (se->fresh)
		vs /= 2;
	se->fresh = 0;
	se->deadline = se->vruntime + vs;
	se->parity = 0;
}

/* ---- the pick ------------------------------------------------------------ */

/*
 * earliest_in - the task of subtree @node, all of it eligible, whose
 * deadline is the subtree's earliest; follows the summaries down,
 * adding each node looked at to *@work.
 */
static struct cpusched_eevdf *earliest_in(struct rb_node *node,
					  unsigned long long *work)
{
	struct cpusched_eevdf *se = node_se(node);

	for (;;) {
		(*work)++;
		if (se->deadline == se->min_deadline)
			return se;
		node = se->run_node.rb_left;
		if (!node || node_se(node)->min_deadline != se->min_deadline)
			node = se->run_node.rb_right;
		se = node_se(node);
	}
}

/*
 * pick_eevdf - the eligible fair task with the earliest deadline, the
 * running one included, or NULL if none is queued.
 *
 * The eligible tasks are a prefix of the tree's order.  From the root:
 * an ineligible node sends us left; an eligible one is a candidate,
 * and so is its whole left subtree, eligible too (remember the one
 * with the earliest summary); then go right, unless this node's
 * summary is its own deadline or its left subtree's, when nothing to
 * the right can do better.  One path, then one more down the best
 * left subtree if it beats every node seen: O(log n).  Each node
 * looked at is added to *@work.
 */
static task_t *pick_eevdf(struct sched_rq *rq, unsigned long long *work)
{
	struct eevdf_rq *erq = eevdf_rq_of(rq);
	struct rb_node *node = erq->tree.rb_root.rb_node;
	struct cpusched_eevdf *best = NULL, *best_left = NULL, *se, *left;

	if (erq->curr && eligible(erq, se_of(erq->curr))) {
		best = se_of(erq->curr);
		if (run_to_parity && best->parity)
			return erq->curr;
	}
	while (node) {
		se = node_se(node);
		(*work)++;
		if (!eligible(erq, se)) {
			node = node->rb_left;
			continue;
		}
		if (!best || before(se->deadline, best->deadline))
			best = se;
		if (node->rb_left) {
			left = node_se(node->rb_left);
			if (!best_left ||
			    before(left->min_deadline, best_left->min_deadline))
				best_left = left;
			if (left->min_deadline == se->min_deadline)
				break;
		}
		if (se->deadline == se->min_deadline)
			break;
		node = node->rb_right;
	}
	if (best_left && !before(best->deadline, best_left->min_deadline))
		best = earliest_in(&best_left->run_node, work);
	return best ? task_of(best) : NULL;
}

/* ---- the class operations ------------------------------------------------ */

/*
 * eevdf_enqueue - @p joins @rq's queue: an RT level, or the fair queue,
 * placed by its lag.  The running task (its priority changed, or it
 * came back to its CPU) is the queue's curr, not in the tree.
 */
static void eevdf_enqueue(task_t *p, struct sched_rq *rq)
{
	struct eevdf_rq *erq = eevdf_rq_of(rq);

	se_of(p)->on_rq = 1;
	if (!fair(p)) {
		rt_enqueue(erq, p);
		return;
	}
	update_curr(rq);
	place_entity(erq, p);
	if (sched_rq_running(rq, p)) {
		erq->curr = p;
		se_of(p)->exec_start = sched_clock();
	} else {
		tree_insert(erq, p);
	}
}

/* eevdf_dequeue - @p leaves @rq's queue; a fair task keeps its lag. */
static void eevdf_dequeue(task_t *p, struct sched_rq *rq)
{
	struct eevdf_rq *erq = eevdf_rq_of(rq);

	se_of(p)->on_rq = 0;
	if (!fair(p)) {
		rt_dequeue(erq, p);
		return;
	}
	update_curr(rq);
	save_lag(erq, p);
	if (erq->curr == p)
		erq->curr = NULL;
	else
		tree_erase(erq, p);
	update_min_vruntime(erq);
}

static int eevdf_on_rq(const task_t *p)
{
	return se_of(p)->on_rq;
}

/*
 * eevdf_pick_next - the best RT task, else the eligible fair task with
 * the earliest deadline, else NULL (idle).  The fair task picked is
 * marked as running its request (RUN_TO_PARITY).
 */
static task_t *eevdf_pick_next(struct sched_rq *rq)
{
	struct list_head *rt = sched_levels_first(&eevdf_rq_of(rq)->rt);
	task_t *p;

	rq->pick_work++;
	update_curr(rq);
	if (rt)
		return list_entry(rt, task_t, u.eevdf.run_list);
	p = pick_eevdf(rq, &rq->pick_work);
	if (p)
		se_of(p)->parity = 1;
	return p;
}

/*
 * eevdf_preempts - whether @p, just queued on @rq, takes the CPU: over
 * the idle task always; an RT task over a fair one or a worse RT one;
 * a fair task over a fair one when the pick, made now, would choose it.
 */
static int eevdf_preempts(const task_t *p, struct sched_rq *rq,
			  enum sched_rq_why why)
{
	unsigned long long work = 0;	/* not schedule()'s */
	task_t *curr = rq->curr;

	if (curr == rq->idle)
		return 1;
	if (!fair(p))
		return fair(curr) || se_of(p)->prio < se_of(curr)->prio;
	if (!fair(curr))
		return 0;
	update_curr(rq);
	return pick_eevdf(rq, &work) == p;
}

/*
 * eevdf_pullable - a task of @rq that may run on @cpu (-1: any), not
 * running: the best RT one, else the fair one with the least virtual
 * runtime (the most lag), which loses the least by moving.
 */
static task_t *eevdf_pullable(struct sched_rq *rq, int cpu)
{
	struct eevdf_rq *erq = eevdf_rq_of(rq);
	struct rb_node *node;
	task_t *p;

	p = sched_levels_pullable(&erq->rt, rq, cpu, RT_LIST_OFFSET);
	if (p)
		return p;
	for (node = rb_first_cached(&erq->tree); node; node = rb_next(node)) {
		p = task_of(node_se(node));
		if (cpu < 0 || cpu_isset(cpu, p->cpus_allowed))
			return p;
	}
	return NULL;
}

/*
 * eevdf_switched - @prev leaves the CPU, @next takes it: a queued fair
 * prev, charged by the pick just made, goes back into the tree; a fair
 * next comes out of it and its time is charged from now.
 */
static void eevdf_switched(struct sched_rq *rq, task_t *prev, task_t *next)
{
	struct eevdf_rq *erq = eevdf_rq_of(rq);

	if (erq->curr == prev) {
		erq->curr = NULL;
		tree_insert(erq, prev);
	}
	if (next == rq->idle || !fair(next) || !se_of(next)->on_rq)
		return;
	tree_erase(erq, next);
	erq->curr = next;
	se_of(next)->exec_start = sched_clock();
}

/*
 * eevdf_tick - the tick while @curr runs: a fair task is charged (a
 * finished request reschedules); a SCHED_RR task at the end of its
 * interval goes to the tail of its level.  Hardirq, rq->lock held.
 */
static void eevdf_tick(struct sched_rq *rq, task_t *curr)
{
	struct cpusched_eevdf *se = se_of(curr);

	if (fair(curr)) {
		update_curr(rq);
		return;
	}
	if (curr->policy != SCHED_RR || !se->on_rq || --se->time_slice)
		return;
	se->time_slice = msecs_to_jiffies(RR_TIMESLICE_MS);
	rt_requeue(eevdf_rq_of(rq), curr);
	sched_rq_resched(curr);
}

/* eevdf_fork - a new task: no lag, its first request is half a slice. */
static void eevdf_fork(task_t *p)
{
	struct cpusched_eevdf *se = se_of(p);

	memset(se, 0, sizeof(*se));
	RB_CLEAR_NODE(&se->run_node);
	INIT_LIST_HEAD(&se->run_list);
	se->fresh = 1;
	se->time_slice = msecs_to_jiffies(RR_TIMESLICE_MS);
	set_prio(p);
	se->slice = request_ns(p);
}

static void eevdf_init_idle(task_t *idle)
{
	struct cpusched_eevdf *se = se_of(idle);

	memset(se, 0, sizeof(*se));
	RB_CLEAR_NODE(&se->run_node);
	se->prio = MAX_PRIO;
}

/*
 * eevdf_yield - current gives way: an RT task to the tail of its level,
 * a fair one pushes its deadline one request further (6.6), so any
 * eligible task due sooner runs first.
 */
static void eevdf_yield(task_t *p, struct sched_rq *rq)
{
	struct eevdf_rq *erq = eevdf_rq_of(rq);
	struct cpusched_eevdf *se = se_of(p);

	if (!fair(p)) {
		rt_requeue(erq, p);
		return;
	}
	if (rq->nr_running < 2 || erq->curr != p)
		return;
	update_curr(rq);
	se->deadline += vslice(p);
	se->parity = 0;
}

/*
 * eevdf_set_nice - @p's nice, its weight and priority; queued, it
 * leaves and rejoins with its lag (scaled to the new weight).  A
 * running task that got lighter gives way to the pick.
 */
static void eevdf_set_nice(task_t *p, struct sched_rq *rq, long nice)
{
	int queued = se_of(p)->on_rq, old_prio = se_of(p)->prio;

	if (queued)
		sched_rq_dequeue(p, rq);
	p->static_prio = NICE_TO_PRIO(nice);
	set_prio(p);
	if (queued) {
		sched_rq_enqueue(p, rq);
		sched_rq_requeued(p, rq, se_of(p)->prio > old_prio);
	}
}

/* eevdf_setscheduler - @p, off the queue, takes its new policy. */
static int eevdf_setscheduler(task_t *p, struct sched_rq *rq, int policy,
			      int prio)
{
	int old_prio = se_of(p)->prio;

	p->policy = policy;
	p->rt_priority = prio;
	set_prio(p);
	if (policy == SCHED_RR)
		se_of(p)->time_slice = msecs_to_jiffies(RR_TIMESLICE_MS);
	return se_of(p)->prio > old_prio;
}

#ifdef CONFIG_CPUSCHED_PI
/* eevdf_reprio - @p, off the queue: its inherited priority changed. */
static int eevdf_reprio(task_t *p, struct sched_rq *rq)
{
	int old_prio = se_of(p)->prio;

	set_prio(p);
	return se_of(p)->prio > old_prio;
}
#endif /* CONFIG_CPUSCHED_PI */

static const struct sched_class_ops eevdf_ops = {
	.enqueue	= eevdf_enqueue,
	.dequeue	= eevdf_dequeue,
	.on_rq		= eevdf_on_rq,
	.pick_next	= eevdf_pick_next,
	.preempts	= eevdf_preempts,
	.pullable	= eevdf_pullable,
	.switched	= eevdf_switched,
	.tick		= eevdf_tick,
	.fork		= eevdf_fork,
	.init_idle	= eevdf_init_idle,
	.yield		= eevdf_yield,
	.set_nice	= eevdf_set_nice,
	.setscheduler	= eevdf_setscheduler,
#ifdef CONFIG_CPUSCHED_PI
	.reprio		= eevdf_reprio,
#endif
};

/* ---- the rest of struct sched_drv ---------------------------------------- */

/* task_prio - the "PR" column: RT -1..-100 below, 0..39 for nice. */
static int eevdf_task_prio(const task_t *p)
{
	return se_of(p)->prio - MAX_RT_PRIO;
}

/*
 * No slice to lengthen for an OOM victim: it runs again within one
 * request of every task ahead of it, and exits then.
 */
static void eevdf_set_oom_timeslice(task_t *p)
{
}

/* timeslice - what sched_rr_get_interval() says: RR's, else a request. */
static unsigned int eevdf_timeslice(const task_t *p)
{
	u64 ns;

	if (p->policy == SCHED_RR)
		return msecs_to_jiffies(RR_TIMESLICE_MS);
	ns = request_ns(p) + TICK_NSEC - 1;
	do_div(ns, TICK_NSEC);
	return ns;
}

static long eevdf_rr_get_interval(pid_t pid, struct timespec __user *interval)
{
	return sched_rr_interval(pid, interval, eevdf_timeslice);
}

static void eevdf_sched_init(void)
{
	struct eevdf_rq *erq;
	int cpu;

	sched_rq_init(&eevdf_ops);
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		erq = &per_cpu(eevdf_runqueues, cpu);
		memset(erq, 0, sizeof(*erq));
		sched_levels_init(&erq->rt);
		erq->tree = RB_ROOT_CACHED;
	}
	sched_rq_init_idle(current, smp_processor_id());
}

/* ---- tunables ------------------------------------------------------------ */

#ifdef CONFIG_CPUSCHED_TUNABLES
static const struct sched_tunable eevdf_tunables[] = {
	{
		.name	= "base_slice",
		.desc	= "request size in us on one CPU; x (1 + log2 CPUs)",
		.min	= MIN_BASE_SLICE_US,
		.max	= MAX_BASE_SLICE_US,
		.def	= DEF_BASE_SLICE_US,
		.value	= &base_slice_us,
	},
	{
		.name	= "run_to_parity",
		.desc	= "1: the running task finishes its request first",
		.min	= 0,
		.max	= 1,
		.def	= 1,
		.value	= &run_to_parity,
	},
	{ .name = NULL }
};
#endif /* CONFIG_CPUSCHED_TUNABLES */

/* ---- self-test hooks ----------------------------------------------------- */

#ifdef CONFIG_CPUSCHED_SELFTEST
static void eevdf_for_each_queued(int cpu, void (*fn)(task_t *, void *),
				  void *arg)
{
	struct eevdf_rq *erq = &per_cpu(eevdf_runqueues, cpu);
	struct rb_node *node;

	sched_levels_for_each(&erq->rt, RT_LIST_OFFSET, fn, arg);
	if (erq->curr)
		fn(erq->curr, arg);
	for (node = rb_first_cached(&erq->tree); node; node = rb_next(node))
		fn(task_of(node_se(node)), arg);
}

/* What check_cpu() recounts of one CPU's queue. */
struct eevdf_recount {
	unsigned long nr_fair, nr_rt;
	s64 avg;
	unsigned long load;
};

/*
 * check_queued - the rules of a queued task: on_rq, on this CPU, at its
 * effective priority, with the weight of it if fair.
 */
static int check_queued(task_t *p, int cpu, char *buf, int len)
{
	struct cpusched_eevdf *se = se_of(p);
	struct load_weight lw;

	if (!se->on_rq || task_cpu(p) != cpu ||
	    se->prio != sched_rq_effective_prio(p))
		return sched_rq_report(buf, len,
				       "cpu%d: %s/%d queued: on_rq %d, cpu %d, "
				       "prio %d, effective %d",
				       cpu, p->comm, p->pid, se->on_rq,
				       task_cpu(p), se->prio,
				       sched_rq_effective_prio(p));
	if (!fair(p))
		return 0;
	load_weight_of_prio(&lw, se->prio);
	if (lw.weight != se->load.weight)
		return sched_rq_report(buf, len,
				       "cpu%d: %s/%d at prio %d weighs %lu, "
				       "not %lu",
				       cpu, p->comm, p->pid, se->prio,
				       se->load.weight, lw.weight);
	return 0;
}

/*
 * check_tree_task - a task of the tree, visited in order after @prev
 * (NULL for the first): not before it in virtual runtime, its summary
 * the earliest of its deadline and its children's, its deadline ahead
 * of its virtual runtime (a task leaves the CPU charged, with a new
 * request if its deadline passed; a yield only moves it further).
 */
static int check_tree_task(struct cpusched_eevdf *se,
			   struct cpusched_eevdf *prev, int cpu, char *buf,
			   int len)
{
	task_t *p = task_of(se);
	s64 ahead = (s64)(se->deadline - se->vruntime);

	if (prev && before(se->vruntime, prev->vruntime))
		return sched_rq_report(buf, len,
				       "cpu%d: tree out of order at %s/%d", cpu,
				       p->comm, p->pid);
	if (se->min_deadline != subtree_min_deadline(se))
		return sched_rq_report(buf, len,
				       "cpu%d: %s/%d min_deadline %llu, not "
				       "%llu",
				       cpu, p->comm, p->pid, se->min_deadline,
				       subtree_min_deadline(se));
	if (ahead <= 0)
		return sched_rq_report(buf, len,
				       "cpu%d: %s/%d deadline %lld ahead", cpu,
				       p->comm, p->pid, ahead);
	return 0;
}

/* check_rt - each RT level whose bit is set holds tasks of that level. */
static int check_rt(struct eevdf_rq *erq, int cpu, struct eevdf_recount *r,
		    char *buf, int len)
{
	task_t *p;
	int level;

	for_each_sched_level(level, &erq->rt) {
		if (list_empty(erq->rt.queue + level))
			return sched_rq_report(buf, len,
					       "cpu%d: RT level %d empty, "
					       "bit set",
					       cpu, level);
		list_for_each_entry(p, erq->rt.queue + level,
				    u.eevdf.run_list) {
			if (check_queued(p, cpu, buf, len))
				return 1;
			if (se_of(p)->prio != level)
				return sched_rq_report(buf, len,
						       "cpu%d: %s/%d at level "
						       "%d",
						       cpu, p->comm, p->pid,
						       level);
			r->nr_rt++;
		}
	}
	return 0;
}

/* check_tree - check_tree_task() of each task, in order, recounted. */
static int check_tree(struct eevdf_rq *erq, int cpu, struct eevdf_recount *r,
		      char *buf, int len)
{
	struct cpusched_eevdf *se, *prev = NULL;
	struct rb_node *node;

	for (node = rb_first_cached(&erq->tree); node; node = rb_next(node)) {
		se = node_se(node);
		if (check_queued(task_of(se), cpu, buf, len) ||
		    check_tree_task(se, prev, cpu, buf, len))
			return 1;
		r->nr_fair++;
		r->avg += entity_key(erq, se) * (s64)se->load.weight;
		r->load += se->load.weight;
		prev = se;
	}
	return 0;
}

/*
 * check_curr - the fair task running is the queue's curr exactly when
 * it is queued, and out of the tree; the idle task runs with tasks
 * queued only until the reschedule their wake-up asked for.  (An RT
 * task waiting behind a worse one is the machine's own rule.)
 */
static int check_curr(struct sched_rq *rq, struct eevdf_rq *erq, int cpu,
		      char *buf, int len)
{
	task_t *curr = rq->curr;
	int idle = curr == rq->idle;

	if (erq->curr !=
	    (!idle && fair(curr) && se_of(curr)->on_rq ? curr : NULL))
		return sched_rq_report(buf, len,
				       "cpu%d: queue's curr is not %s/%d", cpu,
				       curr->comm, curr->pid);
	if (erq->curr && !RB_EMPTY_NODE(&se_of(curr)->run_node))
		return sched_rq_report(buf, len,
				       "cpu%d: running %s/%d is in the tree",
				       cpu, curr->comm, curr->pid);
	if (idle && rq->nr_running &&
	    !test_tsk_thread_flag(curr, TIF_NEED_RESCHED))
		return sched_rq_report(buf, len,
				       "cpu%d: idle with %lu tasks queued, "
				       "no reschedule pending",
				       cpu, rq->nr_running);
	if (erq->curr)
		return check_queued(curr, cpu, buf, len);
	return 0;
}

/*
 * eevdf_check_cpu - @cpu's queue, if online: the plumbing's rules
 * (sched_rq_check()); the idle task is below every level and never
 * queued; check_curr(); the RT levels (check_rt()); the tree in order
 * with right summaries (check_tree()); the sums behind V equal to a
 * recount; the tasks found adding up to the plumbing's nr_running.
 * O(tasks queued there).
 */
static int eevdf_check_cpu(int cpu, char *buf, int len)
{
	struct sched_rq *rq = sched_cpu_rq(cpu);
	struct eevdf_rq *erq = &per_cpu(eevdf_runqueues, cpu);
	struct eevdf_recount r = { 0, 0, 0, 0 };
	struct cpusched_eevdf *idle;

	if (!cpu_online(cpu))
		return 0;
	idle = se_of(rq->idle);
	if (idle->prio != MAX_PRIO || idle->on_rq)
		return sched_rq_report(buf, len,
				       "cpu%d: idle task at prio %d, on_rq %d",
				       cpu, idle->prio, idle->on_rq);
	if (sched_rq_check(rq, buf, len) ||
	    check_curr(rq, erq, cpu, buf, len) ||
	    check_rt(erq, cpu, &r, buf, len) ||
	    check_tree(erq, cpu, &r, buf, len))
		return 1;
	if (r.avg != erq->avg_vruntime || r.load != erq->avg_load)
		return sched_rq_report(buf, len,
				       "cpu%d: avg_vruntime %lld load %lu, "
				       "recounted %lld %lu",
				       cpu, erq->avg_vruntime, erq->avg_load,
				       r.avg, r.load);
	r.nr_fair += erq->curr ? 1 : 0;
	if (r.nr_fair + r.nr_rt != rq->nr_running)
		return sched_rq_report(buf, len,
				       "cpu%d: %lu fair and %lu RT tasks "
				       "queued, nr_running %lu",
				       cpu, r.nr_fair, r.nr_rt, rq->nr_running);
	return 0;
}

/*
 * eevdf_starvation_bound - the longest a runnable fair task waits, in
 * jiffies, among @nr_running on its CPU with no RT task.  A request
 * runs at most r ticks (base_slice rounded up to a tick: it ends at the
 * tick after its deadline).  While task i waits it earns w_i / W of the
 * CPU as lag, and it is picked before its lag passes what EEVDF lets a
 * task be owed: one request (Stoica and Abdel-Wahab's lag bound) plus
 * what the others may bring when they join, LAG_SLICES requests each.
 * Starting from at most one request behind, it waits at most
 * ((n - 1) * LAG_SLICES + 2) * r * W / w_i ticks, and W / w_i is at
 * most (n - 1) * 88761 / 15 + 1: nice -20 hogs around a nice 19 task,
 * which by design runs one request in about 5900 of theirs.
 */
static unsigned long eevdf_starvation_bound(unsigned long nr_running)
{
	unsigned long ratio, owed;
	u64 r = base_slice_ns() + TICK_NSEC - 1;

	if (!nr_running)
		return 0;
	do_div(r, TICK_NSEC);
	ratio = sched_prio_to_weight[0] / sched_prio_to_weight[NICE_LEVELS - 1];
	owed = ((nr_running - 1) * LAG_SLICES + 2) * r;
	return ((nr_running - 1) * (ratio + 1) + 1) * owed + 1;
}
#endif /* CONFIG_CPUSCHED_SELFTEST */

struct sched_drv eevdf_sched_drv = {
	SCHED_RQ_DRV_HOOKS,
	.cpusched_name		= "eevdf",
	.init			= eevdf_sched_init,
	.rt_task		= eevdf_rt_task,
	.set_oom_timeslice	= eevdf_set_oom_timeslice,
	.task_prio		= eevdf_task_prio,
	.rr_get_interval	= eevdf_rr_get_interval,
#ifdef CONFIG_CPUSCHED_PI
	.normal_prio		= sched_rq_pi_normal_prio,
	.pi_setprio		= sched_rq_pi_setprio,
#endif
#ifdef CONFIG_CPUSCHED_TUNABLES
	.tunables		= eevdf_tunables,
#endif
#ifdef CONFIG_CPUSCHED_SELFTEST
	.for_each_queued	= eevdf_for_each_queued,
	.check_cpu		= eevdf_check_cpu,
	.starvation_bound	= eevdf_starvation_bound,
	.o1			= 0,
#endif
};
