/*
 *  drivers/ingosched.c (kernel/sched.c of 2.6.10 in a plugsched tree)
 *
 *  ingosched - Ingo Molnar's O(1) scheduler as Linux 2.6.10 ships it,
 *  made a plugsched driver.
 *
 *  Design: every CPU has a runqueue holding two priority arrays, active
 *  and expired, each a bitmap of non-empty levels plus one FIFO list per
 *  level (140 levels: 0..99 real time, 100..139 for nice -20..19).  The
 *  next task is the head of the first set level of the active array, so
 *  picking is O(1).  A SCHED_NORMAL task whose timeslice runs out goes to
 *  the expired array; when the active array empties the two swap.
 *
 *  Timeslices grow with static priority (5 ms at nice 19, 100 ms at 0,
 *  800 ms at -20).  The dynamic priority of a SCHED_NORMAL task is its
 *  static priority moved by up to five levels either way by a bonus
 *  taken from sleep_avg, the time it slept minus the time it ran (0 to
 *  1 s, in ns).  Tasks found interactive go back to the active array at
 *  the end of their slice instead of expiring, unless the expired tasks
 *  starve; interactive tasks with long slices are round-robined every
 *  TIMESLICE_GRANULARITY, their priority recomputed at each turn as in
 *  the seeds' 2.6.10 code.  interactive_credit keeps a task that once
 *  earned a long sleep from losing its status too quickly.
 *
 *  Priority inheritance (libsched/rtmutex.c): ->normal_prio is the
 *  priority the design computed last, ->prio the better of it and
 *  p->pi_prio, re-applied wherever the design recomputes it.  A task
 *  boosted into the RT levels is RT while boosted (ingo_rt_task() looks
 *  at ->prio), as in 2.6.18: it sits in the active array and does not
 *  expire; its policy stays SCHED_NORMAL.
 *
 *  SMP: the runqueues are balanced over a tree of sched domains built
 *  from the topology (SMT siblings, the CPUs of a node, the nodes).  Each
 *  tick a CPU pulls tasks from the busiest group of each domain whose
 *  interval has passed; a CPU going idle pulls at once; a per-CPU
 *  migration thread pushes running tasks away when pulling keeps failing
 *  and carries out affinity changes and exec balancing.  Wake-ups pull a
 *  cache-cold task to the waking CPU, or to an idle SMT sibling.  A core
 *  of n SMT threads has cpu_power 128 + 128 * (n - 1) / 10 (2.6.10's
 *  fixed tenth).  When a CPU dies, every task of it, queued or asleep,
 *  moves in task-list order to a CPU of its node it may use, else to any
 *  it may use, else it gets every CPU and a "no longer affine" printk.
 *
 *  Where the seeds and 2.6.10 differ from 2.6.11, this follows them: the
 *  granularity round-robin recomputes the priority, CPU_DEAD moves the
 *  tasks from the task list (2.6.10's migrate_all_tasks()).  It departs
 *  from 2.6.10 only to survive: the dead CPU's arrays are swept after
 *  the task list for exited tasks (2.6.11; 2.6.10 hits its BUG_ON).
 *  docs/drivers.md lists the choices.
 *
 *  Where it behaves well: desktops (interactive tasks get the CPU at
 *  once and keep it), servers of mixed load, large SMP and NUMA machines.
 *  Known weaknesses: the estimator can be fooled (a hog that sleeps a
 *  little looks interactive), fairness between hogs holds only over an
 *  array switch, and a starving expired array waits for the whole
 *  STARVATION_LIMIT.
 *
 *  History: O(1) scheduler by Ingo Molnar (2002), interactivity work by
 *  Con Kolivas and Ingo Molnar (2003), sched domains by Nick Piggin
 *  (2004).  Split out as a plugsched driver after Con Kolivas (2004);
 *  written afresh for the plugsched host framework.
 */
#include <linux/sched.h>
#include <linux/init.h>
#include <linux/cpu.h>
#include <linux/kthread.h>
#include <linux/topology.h>
#include <linux/kernel_stat.h>
#include <linux/string.h>
#include <linux/syscalls.h>
#include <linux/seq_file.h>
#include <linux/security.h>
#include <linux/notifier.h>
#include <asm/uaccess.h>
#include <asm/mmu_context.h>

/* ---- priorities ---------------------------------------------------------- */

/*
 * Levels, lower is better: RT tasks 0..MAX_RT_PRIO-1 (99 - rt_priority),
 * SCHED_NORMAL tasks MAX_RT_PRIO..MAX_PRIO-1 (nice -20..19 is static
 * priority 100..139).  "User priority" is nice + 20, 0..39.
 */
/* The 2.6.10 macros as written: clang-format 14 misreads and rewraps them. */
/* clang-format off */
#define NICE_TO_PRIO(nice)	(MAX_RT_PRIO + (nice) + 20)
#define PRIO_TO_NICE(prio)	((prio) - MAX_RT_PRIO - 20)
#define TASK_NICE(p)		PRIO_TO_NICE((p)->static_prio)
#define USER_PRIO(p)		((p) - MAX_RT_PRIO)
#define TASK_USER_PRIO(p)	USER_PRIO((p)->static_prio)
#define MAX_USER_PRIO		(USER_PRIO(MAX_PRIO))

/* ---- time units ---------------------------------------------------------- */

/* HZ is a variable on this machine: these are evaluated at run time. */
#define NS_PER_JIFFY		(NSEC_PER_SEC / HZ)
#define NS_TO_JIFFIES(ns)	((ns) / NS_PER_JIFFY)
#define JIFFIES_TO_NS(j)	((j) * NS_PER_JIFFY)

/* ---- tunables (2.6.10 values by default) ------------------------------- */

/*
 * The controls under /sys/cpusched/ingosched/ (see ingo_tunables):
 *
 *  min_timeslice	  5	ms, 1..100: the shortest slice (nice 19)
 *  def_timeslice	100	ms, 10..1000: the slice at nice 0; also sets
 *				MAX_SLEEP_AVG and STARVATION_LIMIT
 *  on_runqueue_weight	 30	%, 0..100: share of runqueue wait credited
 *				as sleep to a task woken by a task
 *  child_penalty	 95	%, 0..100: sleep_avg a child keeps at fork
 *  parent_penalty	100	%, 0..100: sleep_avg a parent keeps at fork
 *  exit_weight		  3	0..100: parent : child weight at an exit
 *  interactive_delta	  2	levels, 0..10: bonus that makes nice 0
 *				interactive
 *  credit_limit	100	0..1000: interactive_credit beyond which a
 *				task has high (below minus it, low) credit
 *
 * Fixed by the design:
 *  PRIO_BONUS_RATIO	 25	% of the 40 nice levels the bonus spans
 *  MAX_BONUS		 10	bonus range, levels (-5..+5 around static)
 *  MAX_SLEEP_AVG		DEF_TIMESLICE * MAX_BONUS jiffies (1 s)
 *  STARVATION_LIMIT		MAX_SLEEP_AVG jiffies per runnable task the
 *				expired array may wait
 */
#define MIN_TIMESLICE_MS	5
#define DEF_TIMESLICE_MS	100
#define ON_RUNQUEUE_WEIGHT_PCT	30
#define CHILD_PENALTY_PCT	95
#define PARENT_PENALTY_PCT	100
#define EXIT_WEIGHT_PARTS	3
#define INTERACTIVE_DELTA_LEVELS 2
#define CREDIT_LIMIT_POINTS	100

/* Set to these defaults at every boot, from ingo_tunables. */
static int min_timeslice_ms = MIN_TIMESLICE_MS;
static int def_timeslice_ms = DEF_TIMESLICE_MS;
static int on_runqueue_weight = ON_RUNQUEUE_WEIGHT_PCT;
static int child_penalty = CHILD_PENALTY_PCT;
static int parent_penalty = PARENT_PENALTY_PCT;
static int exit_weight = EXIT_WEIGHT_PARTS;
static int interactive_delta = INTERACTIVE_DELTA_LEVELS;
static int credit_limit = CREDIT_LIMIT_POINTS;

/* Timeslices in jiffies, at least one jiffy whatever HZ is. */
#define MIN_TIMESLICE		max(min_timeslice_ms * HZ / 1000, 1)
#define DEF_TIMESLICE		max(def_timeslice_ms * HZ / 1000, 1)

#define ON_RUNQUEUE_WEIGHT	on_runqueue_weight
#define CHILD_PENALTY		child_penalty
#define PARENT_PENALTY		parent_penalty
#define EXIT_WEIGHT		exit_weight
#define PRIO_BONUS_RATIO	25
#define MAX_BONUS		(MAX_USER_PRIO * PRIO_BONUS_RATIO / 100)
#define INTERACTIVE_DELTA	interactive_delta
#define MAX_SLEEP_AVG		(DEF_TIMESLICE * MAX_BONUS)
#define STARVATION_LIMIT	(MAX_SLEEP_AVG)
#define NS_MAX_SLEEP_AVG	(JIFFIES_TO_NS(MAX_SLEEP_AVG))
#define CREDIT_LIMIT		credit_limit

/* /proc/schedstat format version (2.6.10). */
#define SCHEDSTAT_VERSION	10

/* ---- the interactivity estimator's arithmetic ---------------------------- */

#define ingo(p)			(&(p)->u.ingosched)

/*
 * CURRENT_BONUS - sleep_avg scaled to 0..MAX_BONUS.  Not in 2.6.10, where
 * MAX_SLEEP_AVG is a constant: lowering def_timeslice_ms leaves sleep_avg
 * above the new maximum until the task next sleeps or runs, and the bonus
 * must stay in range meanwhile (found by fuzzing: TIMESLICE_GRANULARITY
 * shifted by a negative count).
 */
#define CURRENT_BONUS(p) \
	(min_t(unsigned long, NS_TO_JIFFIES(ingo(p)->sleep_avg), \
	       MAX_SLEEP_AVG) * MAX_BONUS / MAX_SLEEP_AVG)

/*
 * TIMESLICE_GRANULARITY - how often an interactive task is round-robined
 * within its slice, in jiffies: 5 ms at full bonus, doubling for each
 * bonus point less, times the number of CPUs.
 */
#ifdef CONFIG_SMP
#define TIMESLICE_GRANULARITY(p)	(MIN_TIMESLICE * \
		(1 << (((MAX_BONUS - CURRENT_BONUS(p)) ? : 1) - 1)) * \
			num_online_cpus())
#else
#define TIMESLICE_GRANULARITY(p)	(MIN_TIMESLICE * \
		(1 << (((MAX_BONUS - CURRENT_BONUS(p)) ? : 1) - 1)))
#endif

#define SCALE(v1, v1_max, v2_max)	((v1) * (v2_max) / (v1_max))

/* DELTA - bonus levels needed to count as interactive: nice 0 -> 2. */
#define DELTA(p) \
	(SCALE(TASK_NICE(p), 40, MAX_BONUS) + INTERACTIVE_DELTA)

#define TASK_INTERACTIVE(p) \
	(ingo(p)->prio <= (p)->static_prio - DELTA(p))

/* INTERACTIVE_SLEEP - a sleep this long (ns) makes a task interactive. */
#define INTERACTIVE_SLEEP(p) \
	(JIFFIES_TO_NS(MAX_SLEEP_AVG * \
		(MAX_BONUS / 2 + DELTA(p) + 1) / MAX_BONUS - 1))

#define HIGH_CREDIT(p)	(ingo(p)->interactive_credit > CREDIT_LIMIT)
#define LOW_CREDIT(p)	(ingo(p)->interactive_credit < -CREDIT_LIMIT)

/*
 * SCALE_PRIO - a base slice @x scaled by static priority: x at nice 0
 * (x / 20 per level above 139), never below MIN_TIMESLICE.
 */
#define SCALE_PRIO(x, prio) \
	max((x) * (MAX_PRIO - (prio)) / (MAX_USER_PRIO / 2), MIN_TIMESLICE)

#define TASK_PREEMPTS_CURR(p, rq) \
	(ingo(p)->prio < ingo((rq)->curr)->prio)
/* clang-format on */

/* ---- data structures ----------------------------------------------------- */

#define BITMAP_SIZE	BITS_TO_LONGS(MAX_PRIO + 1)

/*
 * struct prio_array - one array of a runqueue: a bit per non-empty level
 * (bit MAX_PRIO is always set, a delimiter for the search) and a FIFO
 * list per level.
 */
struct prio_array {
	unsigned int nr_active;
	unsigned long bitmap[BITMAP_SIZE];
	struct list_head queue[MAX_PRIO];
};

typedef struct prio_array prio_array_t;

#ifdef CONFIG_SMP
/*
 * struct migration_req - a task to move, handed to the migration thread
 * of the CPU it is on; the requester sleeps on ->done.
 */
struct migration_req {
	struct list_head list;
	task_t *task;
	int dest_cpu;
	struct completion done;
};
#endif

/*
 * struct runqueue - the per-CPU runqueue.
 *
 * ->lock protects everything in it and the u.ingosched fields of the
 * tasks queued on it.  Two runqueue locks are always taken in ascending
 * address order (double_rq_lock()).  The running task stays queued in
 * its array; only the idle task is normally never queued (a dying CPU
 * queues it at the head, see ingo_sched_idle_next(); it is then not
 * counted in nr_running).
 */
struct runqueue {
	spinlock_t lock;
	unsigned long nr_running;	/* queued tasks, running one included */
#ifdef CONFIG_SMP
	unsigned long cpu_load;		/* decaying nr_running * 128 */
#endif
	unsigned long long nr_switches;
	long nr_uninterruptible;	/* per CPU it may go negative */
	unsigned long expired_timestamp;	/* jiffies; 0: none expired */
	unsigned long long timestamp_last_tick;	/* ns */
	unsigned long long pick_work;	/* bitmap searches of the picks */
	task_t *curr, *idle;
	prio_array_t *active, *expired, arrays[2];
	int best_expired_prio;		/* best static prio that expired */
	task_t *fork_resched;		/* expired at fork, resched pending */
	atomic_t nr_iowait;

#ifdef CONFIG_SMP
	struct sched_domain *sd;	/* lowest domain, NULL: none */
	int active_balance;		/* migration thread must push */
	int push_cpu;			/* ... towards this CPU */
	task_t *migration_thread;
	struct list_head migration_queue;
#endif

#ifdef CONFIG_SCHEDSTATS
	struct sched_info rq_sched_info;

	/* sys_sched_yield() */
	unsigned long yld_exp_empty, yld_act_empty, yld_both_empty, yld_cnt;
	/* schedule() */
	unsigned long sched_noswitch, sched_switch, sched_cnt, sched_goidle;
	/* pull_task() */
	unsigned long pt_gained[MAX_IDLE_TYPES], pt_lost[MAX_IDLE_TYPES];
	/* active_load_balance() */
	unsigned long alb_cnt, alb_lost, alb_gained, alb_failed;
	/* try_to_wake_up() */
	unsigned long ttwu_cnt, ttwu_attempts, ttwu_moved;
	/* wake_up_new_task() */
	unsigned long wunt_cnt, wunt_moved;
	/* sched_migrate_task(), sched_exec() */
	unsigned long smt_cnt, sbe_cnt;
#endif
};

static DEFINE_PER_CPU(struct runqueue, runqueues);

#define cpu_rq(cpu)		(&per_cpu(runqueues, (cpu)))
#define this_rq()		(&__get_cpu_var(runqueues))
#define task_rq(p)		cpu_rq(task_cpu(p))
#define cpu_curr(cpu)		(cpu_rq(cpu)->curr)
#define task_running(rq, p)	((rq)->curr == (p))

#ifdef CONFIG_SMP
/* for_each_domain - @cpu's domains, lowest first. */
#define for_each_domain(cpu, domain) \
	for ((domain) = cpu_rq(cpu)->sd; (domain); (domain) = (domain)->parent)
#endif

#ifdef CONFIG_SCHEDSTATS
/* One-line do { } while (0) macros: clang-format 14 splits every do. */
/* clang-format off */
#define schedstat_inc(s, field)		do { (s)->field++; } while (0)
#define schedstat_add(s, field, n)	do { (s)->field += (n); } while (0)
#else
#define schedstat_inc(s, field)		do { } while (0)
#define schedstat_add(s, field, n)	do { } while (0)
/* clang-format on */
#endif

/* ---- locking ------------------------------------------------------------- */

/*
 * task_rq_lock - lock the runqueue @p is on, interrupts off.  @p may move
 * between reading its CPU and getting the lock, hence the retry.
 */
static struct runqueue *task_rq_lock(task_t *p, unsigned long *flags)
{
	struct runqueue *rq;

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

static void task_rq_unlock(struct runqueue *rq, unsigned long *flags)
{
	spin_unlock_irqrestore(&rq->lock, *flags);
}

/* this_rq_lock - lock this CPU's runqueue, interrupts off. */
static struct runqueue *this_rq_lock(void)
{
	struct runqueue *rq;

	local_irq_disable();
	rq = this_rq();
	spin_lock(&rq->lock);
	return rq;
}

#ifdef CONFIG_SMP
/* double_rq_lock - lock two runqueues in address order; irqs are off. */
static void double_rq_lock(struct runqueue *rq1, struct runqueue *rq2)
{
	if (rq1 == rq2) {
		spin_lock(&rq1->lock);
	} else if (rq1 < rq2) {
		spin_lock(&rq1->lock);
		spin_lock(&rq2->lock);
	} else {
		spin_lock(&rq2->lock);
		spin_lock(&rq1->lock);
	}
}

static void double_rq_unlock(struct runqueue *rq1, struct runqueue *rq2)
{
	spin_unlock(&rq1->lock);
	if (rq1 != rq2)
		spin_unlock(&rq2->lock);
}

/*
 * double_lock_balance - with @this_rq locked, lock @busiest too.  If that
 * breaks the address order, this_rq is dropped and retaken, so callers
 * must expect it to have changed meanwhile.
 */
static void double_lock_balance(struct runqueue *this_rq,
				struct runqueue *busiest)
{
	if (busiest < this_rq) {
		spin_unlock(&this_rq->lock);
		spin_lock(&busiest->lock);
		spin_lock(&this_rq->lock);
	} else {
		spin_lock(&busiest->lock);
	}
}
#endif /* CONFIG_SMP */

/* ---- sched_info: per-task and per-CPU delay accounting, in jiffies ------- */

#ifdef CONFIG_SCHEDSTATS
static void sched_info_dequeued(task_t *t)
{
	t->sched_info.last_queued = 0;
}

/* sched_info_arrive - @t starts running: close its wait on the queue. */
static void sched_info_arrive(task_t *t)
{
	unsigned long now = jiffies, delay = 0;
	struct runqueue *rq = task_rq(t);

	if (t->sched_info.last_queued)
		delay = now - t->sched_info.last_queued;
	sched_info_dequeued(t);
	t->sched_info.run_delay += delay;
	t->sched_info.last_arrival = now;
	t->sched_info.pcnt++;
	rq->rq_sched_info.run_delay += delay;
	rq->rq_sched_info.pcnt++;
}

/* sched_info_queued - @t waits for a CPU from now, unless it already did. */
static void sched_info_queued(task_t *t)
{
	if (!t->sched_info.last_queued)
		t->sched_info.last_queued = jiffies;
}

/* sched_info_depart - @t stops running: add the time it ran. */
static void sched_info_depart(task_t *t)
{
	unsigned long ran = jiffies - t->sched_info.last_arrival;

	t->sched_info.cpu_time += ran;
	task_rq(t)->rq_sched_info.cpu_time += ran;
}

static void sched_info_switch(struct runqueue *rq, task_t *prev, task_t *next)
{
	if (prev != rq->idle)
		sched_info_depart(prev);
	if (next != rq->idle)
		sched_info_arrive(next);
}
#else
static inline void sched_info_queued(task_t *t)
{
}
static inline void sched_info_switch(struct runqueue *rq, task_t *prev,
				     task_t *next)
{
}
#endif /* CONFIG_SCHEDSTATS */

/* ---- arrays -------------------------------------------------------------- */

/* for_each_level - the non-empty levels of @array, best first. */
#define for_each_level(level, array)					\
	for ((level) = sched_find_first_bit((array)->bitmap);		\
	     (level) < MAX_PRIO;					\
	     (level) = find_next_bit((array)->bitmap, MAX_PRIO, (level) + 1))

static void dequeue_task(task_t *p, prio_array_t *array)
{
	array->nr_active--;
	list_del(&ingo(p)->run_list);
	if (list_empty(array->queue + ingo(p)->prio))
		__clear_bit(ingo(p)->prio, array->bitmap);
}

static void enqueue_task(task_t *p, prio_array_t *array)
{
	sched_info_queued(p);
	list_add_tail(&ingo(p)->run_list, array->queue + ingo(p)->prio);
	__set_bit(ingo(p)->prio, array->bitmap);
	array->nr_active++;
	ingo(p)->array = array;
}

/* requeue_task - to the tail of its level in the same array. */
static void requeue_task(task_t *p, prio_array_t *array)
{
	list_move_tail(&ingo(p)->run_list, array->queue + ingo(p)->prio);
}

/* enqueue_task_head - at the head of its level (the dying CPU's idle). */
static void enqueue_task_head(task_t *p, prio_array_t *array)
{
	list_add(&ingo(p)->run_list, array->queue + ingo(p)->prio);
	__set_bit(ingo(p)->prio, array->bitmap);
	array->nr_active++;
	ingo(p)->array = array;
}

static task_t *first_task(prio_array_t *array)
{
	int level = sched_find_first_bit(array->bitmap);

	return list_entry(array->queue[level].next, task_t,
			  u.ingosched.run_list);
}

/* ---- priorities and slices ----------------------------------------------- */

static int ingo_rt_task(task_t *p)
{
	return unlikely(ingo(p)->prio < MAX_RT_PRIO);
}

/*
 * normal_prio - @p's priority without inheritance: for an RT policy its
 * level, 99 - rt_priority; for SCHED_NORMAL the dynamic priority, static
 * priority minus (bonus - 5), within the SCHED_NORMAL levels.  The
 * policy decides, not ->prio: a boosted task keeps SCHED_NORMAL.
 */
static int normal_prio(task_t *p)
{
	int bonus, prio;

	if (p->policy != SCHED_NORMAL)
		return MAX_USER_RT_PRIO - 1 - p->rt_priority;
	bonus = CURRENT_BONUS(p) - MAX_BONUS / 2;
	prio = p->static_prio - bonus;
	if (prio < MAX_RT_PRIO)
		prio = MAX_RT_PRIO;
	if (prio > MAX_PRIO - 1)
		prio = MAX_PRIO - 1;
	return prio;
}

/*
 * effective_prio - what ->prio becomes whenever the design recomputes
 * it: the normal priority (noted in ->normal_prio, where the boost ends)
 * or the one @p inherits through an rt_mutex (p->pi_prio), if better.
 * Runqueue locked.
 */
static int effective_prio(task_t *p)
{
	ingo(p)->normal_prio = normal_prio(p);
	return min(ingo(p)->normal_prio, task_inherited_prio(p));
}

/*
 * task_timeslice - the slice of @p in jiffies: DEF_TIMESLICE scaled by
 * static priority, four times that base for negative nice.
 */
static unsigned int task_timeslice(const task_t *p)
{
	if (p->static_prio < NICE_TO_PRIO(0))
		return SCALE_PRIO(DEF_TIMESLICE * 4, p->static_prio);
	return SCALE_PRIO(DEF_TIMESLICE, p->static_prio);
}

/*
 * recalc_task_prio - credit the sleep that ends at @now to sleep_avg and
 * recompute the dynamic priority.  Called with the runqueue locked.
 */
static void recalc_task_prio(task_t *p, unsigned long long now)
{
	struct cpusched_ingo *s = ingo(p);
	unsigned long long slept = now - s->timestamp;
	unsigned long sleep_time;

	/* a clock that went backwards reads huge: it clamps too */
	if (slept > NS_MAX_SLEEP_AVG)
		sleep_time = NS_MAX_SLEEP_AVG;
	else
		sleep_time = (unsigned long)slept;

	if (likely(sleep_time > 0)) {
		/*
		 * A user task that slept long enough is interactive at
		 * once, but only just: a full slice short of the maximum,
		 * so a hog that sleeps once does not keep the top bonus.
		 */
		if (p->mm && s->activated != -1 &&
		    sleep_time > INTERACTIVE_SLEEP(p)) {
			s->sleep_avg = JIFFIES_TO_NS(MAX_SLEEP_AVG -
						     DEF_TIMESLICE);
			if (!HIGH_CREDIT(p))
				s->interactive_credit++;
		} else {
			/* the lower the bonus, the faster it rises */
			sleep_time *= (MAX_BONUS - CURRENT_BONUS(p)) ?: 1;

			/* low credit: at most one slice's worth at a time */
			if (LOW_CREDIT(p) &&
			    sleep_time > JIFFIES_TO_NS(task_timeslice(p)))
				sleep_time = JIFFIES_TO_NS(task_timeslice(p));

			/*
			 * Uninterruptible sleep (disk I/O, usually) earns
			 * no more than the interactive threshold, unless
			 * the task earned high credit before.
			 */
			if (s->activated == -1 && !HIGH_CREDIT(p) && p->mm) {
				if (s->sleep_avg >= INTERACTIVE_SLEEP(p)) {
					sleep_time = 0;
				} else if (s->sleep_avg + sleep_time >=
					   INTERACTIVE_SLEEP(p)) {
					s->sleep_avg = INTERACTIVE_SLEEP(p);
					sleep_time = 0;
				}
			}

			s->sleep_avg += sleep_time;
			if (s->sleep_avg > NS_MAX_SLEEP_AVG) {
				s->sleep_avg = NS_MAX_SLEEP_AVG;
				if (!HIGH_CREDIT(p))
					s->interactive_credit++;
			}
		}
	}
	s->prio = effective_prio(p);
}

/* ---- activation ---------------------------------------------------------- */

/* __activate_task - queue @p at the tail of its level, active array. */
static void __activate_task(task_t *p, struct runqueue *rq)
{
	enqueue_task(p, rq->active);
	rq->nr_running++;
}

/*
 * activate_task - a task wakes up on @rq: credit its sleep, note how it
 * was woken (2 from an interrupt, 1 from a task; -1 set by the caller
 * for an uninterruptible sleep stays), queue it.  @local says @rq is this
 * CPU's; otherwise the clock is moved onto @rq's tick base.
 */
static void activate_task(task_t *p, struct runqueue *rq, int local)
{
	unsigned long long now = sched_clock();

#ifdef CONFIG_SMP
	if (!local) {
		struct runqueue *this = this_rq();

		now = (now - this->timestamp_last_tick) +
			rq->timestamp_last_tick;
	}
#endif
	recalc_task_prio(p, now);
	if (!ingo(p)->activated)
		ingo(p)->activated = in_interrupt() ? 2 : 1;
	ingo(p)->timestamp = now;
	__activate_task(p, rq);
}

/* deactivate_task - take @p off @rq (it sleeps, or moves away). */
static void deactivate_task(task_t *p, struct runqueue *rq)
{
	rq->nr_running--;
	dequeue_task(p, ingo(p)->array);
	ingo(p)->array = NULL;
}

/*
 * resched_task - mark @p for rescheduling and, if it runs on another
 * CPU, interrupt that CPU.  Called with p's runqueue locked.
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

/* ---- time accounting ----------------------------------------------------- */

static int iowait_here(struct runqueue *rq)
{
	return atomic_read(&rq->nr_iowait) > 0;
}

static void ingo_account_system_time(struct task_struct *p, int hardirq_offset,
				     cputime_t cputime)
{
	struct runqueue *rq = this_rq();

	sched_account_system(p, hardirq_offset, cputime, p == rq->idle,
			     iowait_here(rq));
}

static void ingo_account_steal_time(struct task_struct *p, cputime_t steal)
{
	struct runqueue *rq = this_rq();

	sched_account_steal(p, steal, p == rq->idle, iowait_here(rq));
}

/* ---- counters and simple queries ----------------------------------------- */

static unsigned long ingo_nr_running(void)
{
	return sched_sum_rq(unsigned long, cpu_rq, nr_running);
}

static unsigned long ingo_nr_uninterruptible(void)
{
	return sched_sum_rq(long, cpu_rq, nr_uninterruptible);
}

static unsigned long long ingo_nr_context_switches(void)
{
	return sched_sum_rq(unsigned long long, cpu_rq, nr_switches);
}

static unsigned long ingo_nr_iowait(void)
{
	return sched_sum_rq(unsigned long, cpu_rq, nr_iowait.counter);
}

static int ingo_idle_cpu(int cpu)
{
	return cpu_curr(cpu) == cpu_rq(cpu)->idle;
}

static int ingo_task_curr(const task_t *p)
{
	return cpu_curr(task_cpu(p)) == p;
}

static int ingo_task_nice(const task_t *p)
{
	return TASK_NICE(p);
}

/* ingo_task_prio - the "PR" column: -100..-1 for RT, 0..39 otherwise. */
static int ingo_task_prio(const task_t *p)
{
	return ingo(p)->prio - MAX_RT_PRIO;
}

/* ingo_set_oom_timeslice - the OOM killer's victim gets a second. */
static void ingo_set_oom_timeslice(task_t *p)
{
	ingo(p)->time_slice = HZ;
}

/* ---- SMP: wake-up placement helpers -------------------------------------- */

#ifdef CONFIG_SMP
/*
 * source_load, target_load - a CPU's load, biased low as a source and
 * high as a target, so that balancing errs towards doing nothing.
 */
static unsigned long source_load(int cpu)
{
	struct runqueue *rq = cpu_rq(cpu);
	unsigned long load_now = rq->nr_running * SCHED_LOAD_SCALE;

	return min(rq->cpu_load, load_now);
}

static unsigned long target_load(int cpu)
{
	struct runqueue *rq = cpu_rq(cpu);
	unsigned long load_now = rq->nr_running * SCHED_LOAD_SCALE;

	return max(rq->cpu_load, load_now);
}

/* task_hot - @p ran on its CPU less than cache_hot_time before @now. */
static int task_hot(task_t *p, unsigned long long now, struct sched_domain *sd)
{
	return (long long)(now - ingo(p)->last_ran) <
		(long long)sd->cache_hot_time;
}

/*
 * wake_idle - @cpu if it is idle, else an idle CPU sharing a
 * SD_WAKE_IDLE domain (SMT siblings) with it that @p may use.
 */
static int wake_idle(int cpu, task_t *p)
{
	struct sched_domain *sd;
	cpumask_t tmp;
	int i;

	if (ingo_idle_cpu(cpu))
		return cpu;
	for_each_domain(cpu, sd) {
		if (!(sd->flags & SD_WAKE_IDLE))
			break;
		cpus_and(tmp, sd->span, cpu_online_map);
		cpus_and(tmp, tmp, p->cpus_allowed);
		for_each_cpu_mask(i, tmp)
			if (ingo_idle_cpu(i))
				return i;
	}
	return cpu;
}

/*
 * online_fallback - a CPU for @p when the chosen one is going away:
 * @this_cpu if allowed and online, else any allowed online one, else
 * (affinity left with no online CPU) any online CPU at all.
 */
static int online_fallback(task_t *p, int this_cpu)
{
	int cpu;

	if (cpu_online(this_cpu) && cpu_isset(this_cpu, p->cpus_allowed))
		return this_cpu;
	cpu = any_online_cpu(p->cpus_allowed);
	if (cpu < NR_CPUS)
		return cpu;
	p->cpus_allowed = CPU_MASK_ALL;
	return any_online_cpu(p->cpus_allowed);
}

/*
 * select_wake_cpu - where a task that last ran on @cpu wakes, seen from
 * @this_cpu: the waker's CPU if @p is cache cold there (wake affine) or
 * the waker's CPU is clearly less loaded (wake balance), else its own;
 * then an idle SMT sibling of that.  Called with task_rq(p) locked.
 */
static int select_wake_cpu(task_t *p, int cpu, int this_cpu, int sync,
			   struct runqueue *rq)
{
	struct sched_domain *sd;
	unsigned long load, this_load;
	int new_cpu = cpu;

	if (cpu == this_cpu || !cpu_isset(this_cpu, p->cpus_allowed))
		goto out;

	load = source_load(cpu);
	this_load = target_load(this_cpu);
	/* a sync waker is about to sleep: do not count it */
	if (sync)
		this_load -= SCHED_LOAD_SCALE;
	/* never pull a task off an idle CPU onto a busy one */
	if (load < SCHED_LOAD_SCALE / 2 && this_load > SCHED_LOAD_SCALE / 2)
		goto out;

	for_each_domain(this_cpu, sd) {
		/* passive balancing starts at half the imbalance_pct margin */
		unsigned int imbalance = sd->imbalance_pct +
			(sd->imbalance_pct - 100) / 2;
		int affine = (sd->flags & SD_WAKE_AFFINE) &&
			!task_hot(p, rq->timestamp_last_tick, sd);
		int balance = !affine && (sd->flags & SD_WAKE_BALANCE) &&
			imbalance * this_load <= 100 * load;

		if (!cpu_isset(cpu, sd->span) || !(affine || balance))
			continue;
		if (affine)
			schedstat_inc(sd, ttwu_wake_affine);
		else
			schedstat_inc(sd, ttwu_wake_balance);
		new_cpu = this_cpu;
		goto out;
	}
out:
	schedstat_inc(rq, ttwu_attempts);
	new_cpu = wake_idle(new_cpu, p);
	if (!cpu_online(new_cpu))
		new_cpu = online_fallback(p, this_cpu);
	return new_cpu;
}
#endif /* CONFIG_SMP */

/* ---- wake-ups ------------------------------------------------------------ */

/*
 * ingo_try_to_wake_up - wake @p if its state is in @state: place it
 * (SMP), credit its sleep, queue it, and preempt the CPU's current task
 * if @p has a better priority (unless @sync and the CPU is ours: the
 * waker promised to schedule soon).  Returns 1 if @p was woken.
 */
static int ingo_try_to_wake_up(task_t *p, unsigned int state, int sync)
{
	int cpu, this_cpu, success = 0;
	struct runqueue *rq;
	unsigned long flags;
	long old_state;

	rq = task_rq_lock(p, &flags);
	old_state = p->state;
	if (!(old_state & state))
		goto out;
	if (ingo(p)->array)
		goto out_running;

	cpu = task_cpu(p);
	this_cpu = smp_processor_id();
	schedstat_inc(rq, ttwu_cnt);

#ifdef CONFIG_SMP
	if (unlikely(task_running(rq, p)))
		goto out_activate;

	{
		int new_cpu = select_wake_cpu(p, cpu, this_cpu, sync, rq);

		if (new_cpu != cpu) {
			schedstat_inc(rq, ttwu_moved);
			set_task_cpu(p, new_cpu);
			task_rq_unlock(rq, &flags);
			/* it may have been woken by someone else meanwhile */
			rq = task_rq_lock(p, &flags);
			old_state = p->state;
			if (!(old_state & state))
				goto out;
			if (ingo(p)->array)
				goto out_running;
			this_cpu = smp_processor_id();
			cpu = task_cpu(p);
		}
	}
out_activate:
#endif /* CONFIG_SMP */
	if (old_state == TASK_UNINTERRUPTIBLE) {
		rq->nr_uninterruptible--;
		/* involuntary sleep earns no more than interactive status */
		ingo(p)->activated = -1;
	}
	activate_task(p, rq, cpu == this_cpu);
	if (!sync || cpu != this_cpu) {
		if (TASK_PREEMPTS_CURR(p, rq))
			resched_task(rq->curr);
	}
	success = 1;
out_running:
	p->state = TASK_RUNNING;
out:
	task_rq_unlock(rq, &flags);
	return success;
}

/* ---- the context switch -------------------------------------------------- */

/*
 * finish_task_switch - the second half of a switch, run by the task
 * switched to: release the runqueue lock taken by prev's schedule(), and
 * drop the last reference of prev if it was exiting.
 */
static void finish_task_switch(task_t *prev)
{
	struct runqueue *rq = this_rq();
	unsigned long prev_flags = prev->flags;

	spin_unlock_no_resched(&rq->lock);
	local_irq_enable();
	if (unlikely(prev_flags & PF_DEAD))
		put_task_struct(prev);
	preempt_check_resched();
}

/* ingo_schedule_tail - a new task's first switch ends here. */
static void ingo_schedule_tail(task_t *prev)
{
	finish_task_switch(prev);
}

static void context_switch(struct runqueue *rq, task_t *prev, task_t *next)
{
	switch_mm(prev->active_mm, next->mm, next);
	switch_to(prev, next, prev);
	barrier();
	finish_task_switch(prev);
}

/* ---- SMP: load balancing ------------------------------------------------- */

#ifdef CONFIG_SMP
/*
 * pull_task - move @p from @src_rq to this CPU's @this_rq, into the
 * matching array, and preempt here if it is better.  Both locked.
 */
static void pull_task(struct runqueue *src_rq, prio_array_t *src_array,
		      task_t *p, struct runqueue *this_rq,
		      prio_array_t *this_array, int this_cpu)
{
	dequeue_task(p, src_array);
	src_rq->nr_running--;
	set_task_cpu(p, this_cpu);
	this_rq->nr_running++;
	enqueue_task(p, this_array);
	ingo(p)->timestamp = (ingo(p)->timestamp -
			      src_rq->timestamp_last_tick) +
		this_rq->timestamp_last_tick;
	/* the idle task's prio is MAX_PRIO: always preempted */
	if (TASK_PREEMPTS_CURR(p, this_rq))
		resched_task(this_rq->curr);
}

/*
 * can_migrate_task - may @p leave @rq for @this_cpu?  Not while running,
 * not outside its affinity, and not while cache hot unless balancing in
 * @sd failed cache_nice_tries times (never when newly idle).
 */
static int can_migrate_task(task_t *p, struct runqueue *rq, int this_cpu,
			    struct sched_domain *sd, enum idle_type idle)
{
	int aggressive = idle != NEWLY_IDLE &&
		sd->nr_balance_failed >= sd->cache_nice_tries;

	if (task_running(rq, p))
		return 0;
	if (!cpu_isset(this_cpu, p->cpus_allowed))
		return 0;
	if (!aggressive && task_hot(p, rq->timestamp_last_tick, sd))
		return 0;
	return 1;
}

/*
 * move_tasks - pull up to @max_nr_move tasks from @busiest to this CPU,
 * expired ones first (least likely cache hot), best level first, each
 * level from its tail.  Both runqueues locked.  Returns how many moved.
 */
static int move_tasks(struct runqueue *this_rq, int this_cpu,
		      struct runqueue *busiest, unsigned long max_nr_move,
		      struct sched_domain *sd, enum idle_type idle)
{
	prio_array_t *arrays[2] = { busiest->expired, busiest->active };
	prio_array_t *dsts[2] = { this_rq->expired, this_rq->active };
	struct list_head *head, *pos, *prev;
	int i, level, pulled = 0;
	task_t *p;

	if (!max_nr_move || busiest->nr_running <= 1)
		return 0;

	for (i = 0; i < 2; i++) {
		prio_array_t *array = arrays[i];

		for_each_level(level, array) {
			head = array->queue + level;
			for (pos = head->prev; pos != head; pos = prev) {
				prev = pos->prev;
				p = list_entry(pos, task_t,
					       u.ingosched.run_list);
				if (!can_migrate_task(p, busiest, this_cpu, sd,
						      idle))
					continue;
				schedstat_inc(this_rq, pt_gained[idle]);
				schedstat_inc(busiest, pt_lost[idle]);
				pull_task(busiest, array, p, this_rq, dsts[i],
					  this_cpu);
				if (++pulled >= max_nr_move)
					return pulled;
			}
		}
	}
	return pulled;
}

/*
 * group_load - the load of @group's CPUs, summed and scaled by the
 * group's power; the local group counts high, others low.
 */
static unsigned long group_load(struct sched_group *group, int local,
				unsigned long *raw)
{
	unsigned long sum = 0;
	int i;

	for_each_cpu_mask(i, group->cpumask)
		sum += local ? target_load(i) : source_load(i);
	*raw = sum;
	return sum * SCHED_LOAD_SCALE / group->cpu_power;
}

/*
 * small_imbalance - the imbalance is under one task: move one anyway if
 * the gap is two tasks or more, or if moving one adds an eighth of a CPU
 * of throughput.  Returns 1 to move one task.
 */
static int small_imbalance(struct sched_group *busiest,
			   struct sched_group *this, unsigned long max_load,
			   unsigned long this_load)
{
	unsigned long pwr_now = 0, pwr_move = 0, tmp;

	if (max_load - this_load >= SCHED_LOAD_SCALE * 2)
		return 1;

	pwr_now += busiest->cpu_power * min(SCHED_LOAD_SCALE, max_load);
	pwr_now += this->cpu_power * min(SCHED_LOAD_SCALE, this_load);
	pwr_now /= SCHED_LOAD_SCALE;

	/* what the busiest group would lose */
	tmp = SCHED_LOAD_SCALE * SCHED_LOAD_SCALE / busiest->cpu_power;
	if (max_load > tmp)
		pwr_move += busiest->cpu_power *
			min(SCHED_LOAD_SCALE, max_load - tmp);

	/* what we would gain */
	tmp = SCHED_LOAD_SCALE * SCHED_LOAD_SCALE / this->cpu_power;
	if (max_load < tmp)
		tmp = max_load;
	pwr_move += this->cpu_power * min(SCHED_LOAD_SCALE, this_load + tmp);
	pwr_move /= SCHED_LOAD_SCALE;

	return pwr_move >= pwr_now + SCHED_LOAD_SCALE / 8;
}

/*
 * find_busiest_group - the most loaded group of @sd other than ours, and
 * in *@imbalance how many tasks to pull from it; NULL when balanced
 * (100 * max <= imbalance_pct * ours, or we are at or above the average).
 * An idle CPU still pulls one task from a group that has more than one.
 */
static struct sched_group *find_busiest_group(struct sched_domain *sd,
					      int this_cpu,
					      unsigned long *imbalance,
					      enum idle_type idle)
{
	struct sched_group *busiest = NULL, *this = NULL, *group = sd->groups;
	unsigned long max_load = 0, this_load = 0, total_load = 0;
	unsigned long total_pwr = 0, avg_load, raw;

	do {
		int local = cpu_isset(this_cpu, group->cpumask);

		if (cpus_empty(group->cpumask))
			goto next;
		avg_load = group_load(group, local, &raw);
		total_load += raw;
		total_pwr += group->cpu_power;
		if (local) {
			this_load = avg_load;
			this = group;
		} else if (avg_load > max_load) {
			max_load = avg_load;
			busiest = group;
		}
next:
		group = group->next;
	} while (group != sd->groups);

	if (!busiest || !this || this_load >= max_load)
		goto out_balanced;
	avg_load = SCHED_LOAD_SCALE * total_load / total_pwr;
	if (this_load >= avg_load ||
	    100 * max_load <= sd->imbalance_pct * this_load)
		goto out_balanced;

	/* go to the average, neither side past it */
	*imbalance = min(max_load - avg_load, avg_load - this_load);
	*imbalance = *imbalance * min(busiest->cpu_power, this->cpu_power) /
		SCHED_LOAD_SCALE;
	if (*imbalance < SCHED_LOAD_SCALE - 1) {
		if (!small_imbalance(busiest, this, max_load, this_load))
			goto out_balanced;
		*imbalance = 1;
		return busiest;
	}
	/* from load to tasks, rounding down */
	*imbalance = (*imbalance + 1) / SCHED_LOAD_SCALE;
	return busiest;

out_balanced:
	if (busiest &&
	    (idle == NEWLY_IDLE ||
	     (idle == SCHED_IDLE && max_load > SCHED_LOAD_SCALE))) {
		*imbalance = 1;
		return busiest;
	}
	*imbalance = 0;
	return NULL;
}

/* find_busiest_queue - the most loaded runqueue of @group. */
static struct runqueue *find_busiest_queue(struct sched_group *group)
{
	unsigned long load, max_load = 0;
	struct runqueue *busiest = NULL;
	int i;

	for_each_cpu_mask(i, group->cpumask) {
		load = source_load(i);
		if (load > max_load) {
			max_load = load;
			busiest = cpu_rq(i);
		}
	}
	return busiest;
}

/*
 * kick_active_balance - pulling from @busiest failed too often: have its
 * migration thread push its running task towards @this_cpu.
 */
static void kick_active_balance(struct runqueue *busiest, int this_cpu)
{
	task_t *mt = NULL;

	spin_lock(&busiest->lock);
	if (!busiest->active_balance && busiest->migration_thread) {
		busiest->active_balance = 1;
		busiest->push_cpu = this_cpu;
		mt = busiest->migration_thread;
	}
	spin_unlock(&busiest->lock);
	if (mt)
		wake_up_process(mt);
}

/*
 * load_balance - the periodic balance of @sd for this CPU: pull tasks
 * from the busiest group's busiest queue.  Tunes the domain's interval:
 * back to min_interval after an imbalance, doubled (to max_interval)
 * while balanced.  Interrupts off, no lock held.  Returns tasks moved.
 */
static int load_balance(int this_cpu, struct runqueue *this_rq,
			struct sched_domain *sd, enum idle_type idle)
{
	struct sched_group *group;
	struct runqueue *busiest;
	unsigned long imbalance;
	int nr_moved = 0;

	spin_lock(&this_rq->lock);
	schedstat_inc(sd, lb_cnt[idle]);

	group = find_busiest_group(sd, this_cpu, &imbalance, idle);
	if (!group) {
		schedstat_inc(sd, lb_nobusyg[idle]);
		goto out_balanced;
	}
	busiest = find_busiest_queue(group);
	if (!busiest) {
		schedstat_inc(sd, lb_nobusyq[idle]);
		goto out_balanced;
	}
	if (unlikely(busiest == this_rq))
		goto out_balanced;
	schedstat_add(sd, lb_imbalance[idle], imbalance);

	/* one task on busiest: still an imbalance, counted as a failure */
	if (busiest->nr_running > 1) {
		double_lock_balance(this_rq, busiest);
		nr_moved = move_tasks(this_rq, this_cpu, busiest, imbalance, sd,
				      idle);
		spin_unlock(&busiest->lock);
	}
	spin_unlock(&this_rq->lock);

	if (nr_moved) {
		sd->nr_balance_failed = 0;
		sd->balance_interval = sd->min_interval;
		return nr_moved;
	}
	schedstat_inc(sd, lb_failed[idle]);
	sd->nr_balance_failed++;
	if (unlikely(sd->nr_balance_failed > sd->cache_nice_tries + 2)) {
		kick_active_balance(busiest, this_cpu);
		sd->nr_balance_failed = sd->cache_nice_tries;
	}
	/* unbalanced but nothing moved: look less often */
	if (sd->balance_interval < sd->max_interval)
		sd->balance_interval++;
	return 0;

out_balanced:
	spin_unlock(&this_rq->lock);
	if (sd->balance_interval < sd->max_interval)
		sd->balance_interval *= 2;
	return 0;
}

/*
 * load_balance_newidle - this CPU is about to go idle: pull from @sd's
 * busiest queue now.  Called from schedule() with this_rq locked (it may
 * be dropped and retaken).  Returns tasks moved.
 */
static int load_balance_newidle(int this_cpu, struct runqueue *this_rq,
				struct sched_domain *sd)
{
	struct sched_group *group;
	struct runqueue *busiest;
	unsigned long imbalance;
	int nr_moved;

	schedstat_inc(sd, lb_cnt[NEWLY_IDLE]);
	group = find_busiest_group(sd, this_cpu, &imbalance, NEWLY_IDLE);
	if (!group) {
		schedstat_inc(sd, lb_nobusyg[NEWLY_IDLE]);
		return 0;
	}
	busiest = find_busiest_queue(group);
	if (!busiest || busiest == this_rq) {
		schedstat_inc(sd, lb_nobusyq[NEWLY_IDLE]);
		return 0;
	}
	double_lock_balance(this_rq, busiest);
	schedstat_add(sd, lb_imbalance[NEWLY_IDLE], imbalance);
	nr_moved = move_tasks(this_rq, this_cpu, busiest, imbalance, sd,
			      NEWLY_IDLE);
	if (!nr_moved)
		schedstat_inc(sd, lb_failed[NEWLY_IDLE]);
	spin_unlock(&busiest->lock);
	return nr_moved;
}

/* idle_balance - pull on each SD_BALANCE_NEWIDLE domain until one works. */
static void idle_balance(int this_cpu, struct runqueue *this_rq)
{
	struct sched_domain *sd;

	for_each_domain(this_cpu, sd)
		if ((sd->flags & SD_BALANCE_NEWIDLE) &&
		    load_balance_newidle(this_cpu, this_rq, sd))
			break;
}

/*
 * target_domain - the domain of @target_cpu that spans @busiest_cpu, else
 * @fallback.  The balancer that asked for the push reset its
 * nr_balance_failed to cache_nice_tries, so there the task just
 * preempted by the migration thread (cache hot by definition) may move.
 * 2.6.10 judged by the busiest CPU's domain, where it may not: with
 * 2.6.11's cache_hot_time that would make every push fail (2.6.12 does
 * it this way).
 */
static struct sched_domain *target_domain(int target_cpu, int busiest_cpu,
					  struct sched_domain *fallback)
{
	struct sched_domain *sd;

	for_each_domain(target_cpu, sd)
		if (cpu_isset(busiest_cpu, sd->span))
			return sd;
	return fallback;
}

/*
 * active_load_balance - run by @busiest_cpu's migration thread with its
 * runqueue locked: push one task to each wholly idle group of the lowest
 * domain that spans push_cpu.
 */
static void active_load_balance(struct runqueue *busiest_rq, int busiest_cpu)
{
	struct sched_group *group, *busy_group;
	struct sched_domain *sd;
	struct runqueue *rq;
	int i, push_cpu;

	schedstat_inc(busiest_rq, alb_cnt);
	if (busiest_rq->nr_running <= 1)
		return;
	for_each_domain(busiest_cpu, sd)
		if (cpu_isset(busiest_rq->push_cpu, sd->span))
			break;
	if (!sd)
		return;

	busy_group = sd->groups;
	while (!cpu_isset(busiest_cpu, busy_group->cpumask))
		busy_group = busy_group->next;

	group = sd->groups;
	do {
		if (group == busy_group || cpus_empty(group->cpumask))
			goto next_group;
		push_cpu = -1;
		for_each_cpu_mask(i, group->cpumask) {
			if (!ingo_idle_cpu(i))
				goto next_group;
			push_cpu = i;
		}
		rq = cpu_rq(push_cpu);
		if (unlikely(rq == busiest_rq))
			goto next_group;
		double_lock_balance(busiest_rq, rq);
		if (move_tasks(rq, push_cpu, busiest_rq, 1,
			       target_domain(push_cpu, busiest_cpu, sd),
			       SCHED_IDLE)) {
			schedstat_inc(busiest_rq, alb_lost);
			schedstat_inc(rq, alb_gained);
		} else {
			schedstat_inc(busiest_rq, alb_failed);
		}
		spin_unlock(&rq->lock);
next_group:
		group = group->next;
	} while (group != sd->groups);
}

/*
 * CPU_OFFSET - staggers the balancing of the CPUs over a second, so they
 * do not all balance on the same tick.
 */
#define CPU_OFFSET(cpu)		(HZ * (cpu) / NR_CPUS)

/*
 * rebalance_tick - every tick: update cpu_load, then balance each
 * SD_LOAD_BALANCE domain whose interval (ms; times busy_factor unless
 * idle) has passed.  Hardirq context, no lock held.
 */
static void rebalance_tick(int this_cpu, struct runqueue *this_rq,
			   enum idle_type idle)
{
	unsigned long old_load, this_load, interval;
	unsigned long j = jiffies + CPU_OFFSET(this_cpu);
	struct sched_domain *sd;

	old_load = this_rq->cpu_load;
	this_load = this_rq->nr_running * SCHED_LOAD_SCALE;
	/* round up when rising, or a load of 10 would stick at 9.x */
	if (this_load > old_load)
		old_load++;
	this_rq->cpu_load = (old_load + this_load) / 2;

	for_each_domain(this_cpu, sd) {
		if (!(sd->flags & SD_LOAD_BALANCE))
			continue;
		interval = sd->balance_interval;
		if (idle != SCHED_IDLE)
			interval *= sd->busy_factor;
		interval = msecs_to_jiffies(interval);
		if (unlikely(!interval))
			interval = 1;
		if (j - sd->last_balance < interval)
			continue;
		/* pulled something: this CPU is no longer idle */
		if (load_balance(this_cpu, this_rq, sd, idle))
			idle = NOT_IDLE;
		sd->last_balance += interval;
	}
}

/* ---- SMP: SMT siblings --------------------------------------------------- */

/* smt_domain - @rq's sibling domain, if its CPU has SMT siblings. */
static struct sched_domain *smt_domain(struct runqueue *rq)
{
	struct sched_domain *sd = rq->sd;

	return sd && (sd->flags & SD_SHARE_CPUPOWER) ? sd : NULL;
}

/* lock_siblings - drop this_rq, lock every sibling's rq in CPU order. */
static void lock_siblings(struct runqueue *this_rq, cpumask_t span)
{
	int i;

	spin_unlock(&this_rq->lock);
	for_each_cpu_mask(i, span)
		spin_lock(&cpu_rq(i)->lock);
}

/* unlock_siblings - unlock all of @others (this CPU's rq stays locked). */
static void unlock_siblings(cpumask_t others)
{
	int i;

	for_each_cpu_mask(i, others)
		spin_unlock(&cpu_rq(i)->lock);
}

/*
 * wake_sleeping_dependent - this CPU goes idle: a sibling kept idle for
 * priority reasons while it has work may run again.  this_rq locked on
 * entry and exit, dropped in between.
 */
static void wake_sleeping_dependent(int this_cpu, struct runqueue *this_rq)
{
	struct sched_domain *sd = smt_domain(this_rq);
	cpumask_t others;
	int i;

	if (!sd)
		return;
	others = sd->span;
	lock_siblings(this_rq, others);
	cpu_clear(this_cpu, others);
	for_each_cpu_mask(i, others) {
		struct runqueue *smt_rq = cpu_rq(i);

		if (smt_rq->curr == smt_rq->idle && smt_rq->nr_running)
			resched_task(smt_rq->idle);
	}
	unlock_siblings(others);
}

/*
 * dependent_sleeper - should this CPU stay idle rather than run its next
 * task @p?  A sibling's task shares the core: a user task runs only if
 * the sibling's task is not RT and has no more than per_cpu_gain percent
 * more slice left than @p's full slice; conversely a sibling running a
 * task @p outweighs that way is rescheduled.  this_rq locked on entry
 * and exit, dropped in between.  Returns 1 to stay idle.
 */
static int dependent_sleeper(int this_cpu, struct runqueue *this_rq)
{
	struct sched_domain *sd = smt_domain(this_rq);
	prio_array_t *array;
	cpumask_t others;
	int i, ret = 0;
	task_t *p;

	if (!sd)
		return 0;
	others = sd->span;
	lock_siblings(this_rq, others);
	cpu_clear(this_cpu, others);

	/* the lock was dropped: the queue may have changed */
	if (!this_rq->nr_running)
		goto out_unlock;
	array = this_rq->active;
	if (!array->nr_active)
		array = this_rq->expired;
	p = first_task(array);

	for_each_cpu_mask(i, others) {
		struct runqueue *smt_rq = cpu_rq(i);
		task_t *smt_curr = smt_rq->curr;
		unsigned int gain = 100 - sd->per_cpu_gain;

		if ((ingo(smt_curr)->time_slice * gain / 100 >
			     task_timeslice(p) ||
		     ingo_rt_task(smt_curr)) &&
		    p->mm && smt_curr->mm && !ingo_rt_task(p))
			ret = 1;

		if (((ingo(p)->time_slice * gain / 100 >
			      task_timeslice(smt_curr) ||
		      ingo_rt_task(p)) &&
		     smt_curr->mm && p->mm && !ingo_rt_task(smt_curr)) ||
		    (smt_curr == smt_rq->idle && smt_rq->nr_running))
			resched_task(smt_curr);
	}
out_unlock:
	unlock_siblings(others);
	return ret;
}

/*
 * wake_priority_sleeper - tick on an idle SMT CPU: if it has queued work
 * (kept back by dependent_sleeper()), reschedule to try again.
 */
static int wake_priority_sleeper(struct runqueue *rq)
{
	int ret = 0;

	if (!smt_domain(rq))
		return 0;
	spin_lock(&rq->lock);
	if (rq->nr_running) {
		resched_task(rq->idle);
		ret = 1;
	}
	spin_unlock(&rq->lock);
	return ret;
}
#else /* !CONFIG_SMP */
static inline void idle_balance(int cpu, struct runqueue *rq)
{
}
static inline void rebalance_tick(int cpu, struct runqueue *rq,
				  enum idle_type idle)
{
}
static inline void wake_sleeping_dependent(int cpu, struct runqueue *rq)
{
}
static inline int dependent_sleeper(int cpu, struct runqueue *rq)
{
	return 0;
}
static inline int wake_priority_sleeper(struct runqueue *rq)
{
	return 0;
}
#endif /* CONFIG_SMP */

/* ---- the tick ------------------------------------------------------------ */

/*
 * EXPIRED_STARVING - the expired array waited too long (STARVATION_LIMIT
 * jiffies per runnable task), or holds a task of better static priority
 * than the running one: interactive tasks must expire too.
 */
static int expired_starving(struct runqueue *rq)
{
	if (STARVATION_LIMIT > 0 && rq->expired_timestamp &&
	    jiffies - rq->expired_timestamp >=
		    STARVATION_LIMIT * rq->nr_running + 1)
		return 1;
	return rq->curr->static_prio > rq->best_expired_prio;
}

#define EXPIRED_STARVING(rq)	expired_starving(rq)

/* expire_task - @p used its slice: refill, to the expired array or not. */
static void expire_task(struct runqueue *rq, task_t *p)
{
	struct cpusched_ingo *s = ingo(p);

	dequeue_task(p, rq->active);
	set_tsk_need_resched(p);
	s->prio = effective_prio(p);
	s->time_slice = task_timeslice(p);
	s->first_time_slice = 0;

	if (!rq->expired_timestamp)
		rq->expired_timestamp = jiffies;
	if (!TASK_INTERACTIVE(p) || EXPIRED_STARVING(rq)) {
		enqueue_task(p, rq->expired);
		if (p->static_prio < rq->best_expired_prio)
			rq->best_expired_prio = p->static_prio;
	} else {
		enqueue_task(p, rq->active);
	}
}

/*
 * task_tick - charge one tick to the running task @p (not idle).  RR
 * tasks round-robin at the end of their slice, FIFO ones never expire,
 * nor does a SCHED_NORMAL task boosted into the RT levels (PI) until the
 * boost ends; an interactive task with at least a granule of slice left is
 * round-robined each TIMESLICE_GRANULARITY at its recomputed priority.
 * Interrupts off.
 */
static void task_tick(struct runqueue *rq, task_t *p)
{
	struct cpusched_ingo *s = ingo(p);

	/* expired already, not yet switched out */
	if (s->array != rq->active) {
		set_tsk_need_resched(p);
		return;
	}
	spin_lock(&rq->lock);
	if (ingo_rt_task(p)) {
		if (p->policy == SCHED_RR && !--s->time_slice) {
			s->time_slice = task_timeslice(p);
			s->first_time_slice = 0;
			set_tsk_need_resched(p);
			requeue_task(p, rq->active);
		}
		goto out_unlock;
	}
	if (!--s->time_slice) {
		expire_task(rq, p);
		goto out_unlock;
	}
	/*
	 * A round-robin turn, not an expiry: the slice is kept, the
	 * priority recomputed (the seeds' 2.6.10 code; 2.6.11 keeps the
	 * level), so a task that ran its bonus down since it woke takes
	 * its turn at the tail of the worse level.
	 */
	if (TASK_INTERACTIVE(p) &&
	    !((task_timeslice(p) - s->time_slice) % TIMESLICE_GRANULARITY(p)) &&
	    s->time_slice >= TIMESLICE_GRANULARITY(p) &&
	    s->array == rq->active) {
		dequeue_task(p, rq->active);
		set_tsk_need_resched(p);
		s->prio = effective_prio(p);
		enqueue_task(p, rq->active);
	}
out_unlock:
	spin_unlock(&rq->lock);
}

/*
 * ingo_scheduler_tick - the timer tick on this CPU.  Hardirq context,
 * interrupts off.
 */
static void ingo_scheduler_tick(void)
{
	int cpu = smp_processor_id();
	struct runqueue *rq = this_rq();
	task_t *p = current;

	rq->timestamp_last_tick = sched_clock();
	if (p == rq->idle) {
		if (wake_priority_sleeper(rq))
			rebalance_tick(cpu, rq, NOT_IDLE);
		else
			rebalance_tick(cpu, rq, SCHED_IDLE);
		return;
	}
	task_tick(rq, p);
	rebalance_tick(cpu, rq, NOT_IDLE);
}

/* ---- schedule() ---------------------------------------------------------- */

/*
 * charge_run_time - prev leaves the CPU: take the time it ran (at most a
 * second; less at high credit) off its sleep_avg.
 */
static void charge_run_time(task_t *prev, unsigned long run_time,
			    unsigned long long now)
{
	struct cpusched_ingo *s = ingo(prev);

	s->sleep_avg -= run_time;
	if ((long)s->sleep_avg <= 0) {
		s->sleep_avg = 0;
		if (!(HIGH_CREDIT(prev) || LOW_CREDIT(prev)))
			s->interactive_credit--;
	}
	s->timestamp = s->last_ran = now;
}

/*
 * credit_queue_wait - @next was woken and waited on the runqueue until
 * @now: that wait counts as sleep, fully if woken by an interrupt,
 * ON_RUNQUEUE_WEIGHT percent if woken by a task.
 */
static void credit_queue_wait(task_t *next, unsigned long long now)
{
	struct cpusched_ingo *s = ingo(next);
	unsigned long long delta = now - s->timestamp;
	prio_array_t *array = s->array;

	if (s->activated == 1)
		delta = delta * (ON_RUNQUEUE_WEIGHT * 128 / 100) / 128;
	dequeue_task(next, array);
	recalc_task_prio(next, s->timestamp + delta);
	enqueue_task(next, array);
}

/* switch_arrays - the active array ran empty: the expired one takes over. */
static void switch_arrays(struct runqueue *rq)
{
	prio_array_t *array = rq->active;

	schedstat_inc(rq, sched_switch);
	rq->active = rq->expired;
	rq->expired = array;
	rq->expired_timestamp = 0;
	rq->best_expired_prio = MAX_PRIO;
}

/*
 * pick_next_task - choose what this CPU runs next; NULL: the idle task.
 * this_rq locked (the SMT and idle-balance paths drop it for a while).
 */
static task_t *pick_next_task(struct runqueue *rq, int cpu,
			      unsigned long long now)
{
	task_t *next;

	if (unlikely(!rq->nr_running)) {
go_idle:
		idle_balance(cpu, rq);
		if (!rq->nr_running) {
			rq->expired_timestamp = 0;
			wake_sleeping_dependent(cpu, rq);
			/* the lock was dropped: work may have come */
			if (!rq->nr_running)
				return NULL;
		}
	} else {
		if (dependent_sleeper(cpu, rq))
			return NULL;
		/* the lock was dropped: the queue may have emptied */
		if (unlikely(!rq->nr_running))
			goto go_idle;
	}

	if (unlikely(!rq->active->nr_active)) {
		switch_arrays(rq);
		rq->pick_work++;
	} else {
		schedstat_inc(rq, sched_noswitch);
	}

	rq->pick_work++;
	next = first_task(rq->active);
	if (!ingo_rt_task(next) && ingo(next)->activated > 0)
		credit_queue_wait(next, now);
	ingo(next)->activated = 0;
	return next;
}

/*
 * ingo_schedule - the main scheduler function.  Takes prev off the
 * runqueue if it sleeps (not when preempted), picks the first task of the
 * best level of the active array, and switches.  Interrupts on, not
 * atomic (the dispatcher checks).
 */
static void ingo_schedule(void)
{
	unsigned long long now;
	unsigned long run_time, *switch_count;
	struct runqueue *rq;
	task_t *prev, *next;
	int cpu;

need_resched:
	preempt_disable();
	prev = current;
	rq = this_rq();

	schedstat_inc(rq, sched_cnt);
	now = sched_clock();
	if (likely(now - ingo(prev)->timestamp < NS_MAX_SLEEP_AVG))
		run_time = now - ingo(prev)->timestamp;
	else
		run_time = NS_MAX_SLEEP_AVG;
	/* high credit: charged less at high bonus, keeps its status longer */
	if (HIGH_CREDIT(prev))
		run_time /= (CURRENT_BONUS(prev) ?: 1);

	spin_lock_irq(&rq->lock);
	if (unlikely(prev->flags & PF_DEAD))
		prev->state = EXIT_DEAD;

	/* a preempted task stays queued whatever its state */
	switch_count = &prev->nivcsw;
	if (prev->state && !(preempt_count() & PREEMPT_ACTIVE)) {
		switch_count = &prev->nvcsw;
		if (unlikely((prev->state & TASK_INTERRUPTIBLE) &&
			     signal_pending(prev))) {
			prev->state = TASK_RUNNING;
		} else {
			if (prev->state == TASK_UNINTERRUPTIBLE)
				rq->nr_uninterruptible++;
			deactivate_task(prev, rq);
		}
	}

	cpu = smp_processor_id();
	next = pick_next_task(rq, cpu, now);
	if (!next)
		next = rq->idle;
	if (next == rq->idle)
		schedstat_inc(rq, sched_goidle);
	clear_tsk_need_resched(prev);
	charge_run_time(prev, run_time, now);
	sched_info_switch(rq, prev, next);

	if (likely(prev != next)) {
		ingo(next)->timestamp = now;
		rq->nr_switches++;
		rq->curr = next;
		++*switch_count;
		context_switch(rq, prev, next);
	} else {
		spin_unlock_irq(&rq->lock);
	}
	preempt_enable_no_resched();
	if (unlikely(test_thread_flag(TIF_NEED_RESCHED)))
		goto need_resched;
}

/* ---- fork and exit ------------------------------------------------------- */

/*
 * fork_tick - the parent's slice ran out at fork: tick it now (it
 * expires).  The reschedule that asks for waits until the child is
 * queued (ingo_wake_up_new_task()): preempted here, the parent would
 * leave a runnable child on no runqueue while the others run.
 * Interrupts off.
 */
static void fork_tick(void)
{
	struct runqueue *rq = this_rq();
	int pending = test_tsk_thread_flag(current, TIF_NEED_RESCHED);

	if (current == rq->idle)
		return;
	task_tick(rq, current);
	if (!pending && test_tsk_thread_flag(current, TIF_NEED_RESCHED)) {
		clear_tsk_need_resched(current);
		rq->fork_resched = current;
	}
}

/*
 * ingo_sched_fork - set up a new task, called by the parent: half of the
 * parent's remaining slice goes to the child, so forking gains no CPU
 * time.  A parent left with nothing gets one jiffy and is ticked at once.
 */
static void ingo_sched_fork(task_t *p)
{
	struct cpusched_ingo *s = ingo(p), *parent = ingo(current);

	p->state = TASK_RUNNING;
	INIT_LIST_HEAD(&s->run_list);
	s->array = NULL;
	/* a boost is the parent's alone: the child inherits nothing */
	s->prio = parent->normal_prio;
	spin_lock_init(&p->switch_lock);
#ifdef CONFIG_SCHEDSTATS
	memset(&p->sched_info, 0, sizeof(p->sched_info));
#endif
	/* schedule_tail() drops the runqueue lock of the first switch */
	p->thread_info->preempt_count = 1;

	local_irq_disable();
	s->time_slice = (parent->time_slice + 1) >> 1;
	s->first_time_slice = 1;
	parent->time_slice >>= 1;
	s->timestamp = sched_clock();
	if (unlikely(!parent->time_slice)) {
		parent->time_slice = 1;
		fork_tick();
	}
	local_irq_enable();
}

/*
 * child_runs_first - queue @p just ahead of the running parent at the
 * parent's level, so it runs at the next schedule() (likely to exec,
 * sparing copy-on-write faults).  The child takes the parent's normal
 * priority, not a boost (PI) the parent has: a boosted parent's level
 * is not the child's, so the child goes to the tail of its own level in
 * the parent's array instead.  rq locked.
 */
static void child_runs_first(task_t *p, struct runqueue *rq)
{
	task_t *parent = current;

	if (unlikely(!ingo(parent)->array)) {
		__activate_task(p, rq);
	} else {
		ingo(p)->normal_prio = ingo(parent)->normal_prio;
		ingo(p)->prio = min(ingo(p)->normal_prio,
				    task_inherited_prio(p));
		if (ingo(p)->prio == ingo(parent)->prio) {
			list_add_tail(&ingo(p)->run_list,
				      &ingo(parent)->run_list);
			ingo(p)->array = ingo(parent)->array;
			ingo(p)->array->nr_active++;
		} else {
			enqueue_task(p, ingo(parent)->array);
		}
		rq->nr_running++;
	}
	set_need_resched();
}

/*
 * take_fork_resched - end the reschedule current's fork deferred on @rq,
 * if it did: true if one was pending.  @rq locked.
 */
static int take_fork_resched(struct runqueue *rq)
{
	if (rq->fork_resched != current)
		return 0;
	rq->fork_resched = NULL;
	return 1;
}

/*
 * ingo_wake_up_new_task - first wake-up of a forked task, on the CPU it
 * was forked on.  Child and parent lose some sleep_avg, so interactive
 * tasks do not breed interactive tasks.
 */
static void ingo_wake_up_new_task(task_t *p, unsigned long clone_flags)
{
	struct runqueue *rq, *this_rq;
	unsigned long flags;
	int this_cpu, cpu, resched = 0;

	/*
	 * Not in 2.6.10, which queued the child on the parent's CPU: a
	 * parent that its set_cpus_allowed() has not moved yet forks on a
	 * CPU the new mask, which the child copied, leaves out.  Start the
	 * child where it may run (found by fuzzing, docs/fuzzing.md).
	 */
	cpu = any_online_cpu(p->cpus_allowed);
	if (unlikely(!cpu_isset(task_cpu(p), p->cpus_allowed)) && cpu < NR_CPUS)
		set_task_cpu(p, cpu);

	rq = task_rq_lock(p, &flags);
	cpu = task_cpu(p);
	this_cpu = smp_processor_id();
	BUG_ON(p->state != TASK_RUNNING);
	schedstat_inc(rq, wunt_cnt);

	ingo(p)->sleep_avg = JIFFIES_TO_NS(CURRENT_BONUS(p) * CHILD_PENALTY /
					   100 * MAX_SLEEP_AVG / MAX_BONUS);
	ingo(p)->interactive_credit = 0;
	ingo(p)->prio = effective_prio(p);

	if (likely(cpu == this_cpu)) {
		if (!(clone_flags & CLONE_VM))
			child_runs_first(p, rq);
		else
			__activate_task(p, rq);
		this_rq = rq;
	} else {
		this_rq = cpu_rq(this_cpu);
		/* onto the other CPU's clock */
		ingo(p)->timestamp = (ingo(p)->timestamp -
				      this_rq->timestamp_last_tick) +
			rq->timestamp_last_tick;
		__activate_task(p, rq);
		if (TASK_PREEMPTS_CURR(p, rq))
			resched_task(rq->curr);
		schedstat_inc(rq, wunt_moved);
		/* preempted and moved since the fork: its deferral stayed */
		resched = take_fork_resched(rq);
		task_rq_unlock(rq, &flags);
		this_rq = task_rq_lock(current, &flags);
	}
	ingo(current)->sleep_avg = JIFFIES_TO_NS(CURRENT_BONUS(current) *
						 PARENT_PENALTY / 100 *
						 MAX_SLEEP_AVG / MAX_BONUS);
	if (take_fork_resched(this_rq) || resched)
		set_need_resched();
	task_rq_unlock(this_rq, &flags);
}

/*
 * ingo_sched_exit - @p exits: a child still on its first slice gives the
 * rest back to its parent (capped at a full slice), and a child that
 * slept less than its parent pulls the parent's sleep_avg down by a
 * quarter of the gap (EXIT_WEIGHT 3 : 1).
 */
static void ingo_sched_exit(task_t *p)
{
	task_t *parent = p->parent;
	struct runqueue *rq;
	unsigned long flags;

	rq = task_rq_lock(parent, &flags);
	if (ingo(p)->first_time_slice) {
		ingo(parent)->time_slice += ingo(p)->time_slice;
		if (unlikely(ingo(parent)->time_slice > task_timeslice(p)))
			ingo(parent)->time_slice = task_timeslice(p);
	}
	if (ingo(p)->sleep_avg < ingo(parent)->sleep_avg)
		ingo(parent)->sleep_avg = ingo(parent)->sleep_avg /
				(EXIT_WEIGHT + 1) * EXIT_WEIGHT +
			ingo(p)->sleep_avg / (EXIT_WEIGHT + 1);
	task_rq_unlock(rq, &flags);
}

/* ---- waiting ------------------------------------------------------------- */

/* ingo_io_schedule - sleep counted in this CPU's nr_iowait. */
static void ingo_io_schedule(void)
{
	struct runqueue *rq = this_rq();

	atomic_inc(&rq->nr_iowait);
	schedule();
	atomic_dec(&rq->nr_iowait);
}

static long ingo_io_schedule_timeout(long timeout)
{
	struct runqueue *rq = this_rq();
	long ret;

	atomic_inc(&rq->nr_iowait);
	ret = schedule_timeout(timeout);
	atomic_dec(&rq->nr_iowait);
	return ret;
}

/* ---- priorities and policies --------------------------------------------- */

/*
 * ingo_set_user_nice - set @p's nice.  As in 2.6.10 the dynamic priority
 * moves to the new static one (the bonus is recomputed at the next
 * wake-up or expiry); a boost (PI) stays if better.  RT tasks only
 * record it.
 */
static void ingo_set_user_nice(task_t *p, long nice)
{
	prio_array_t *array;
	struct runqueue *rq;
	unsigned long flags;
	int old_prio, delta;

	if (TASK_NICE(p) == nice || nice < -20 || nice > 19)
		return;
	rq = task_rq_lock(p, &flags);
	if (p->policy != SCHED_NORMAL) {
		p->static_prio = NICE_TO_PRIO(nice);
		goto out_unlock;
	}
	array = ingo(p)->array;
	if (array)
		dequeue_task(p, array);

	old_prio = ingo(p)->prio;
	p->static_prio = NICE_TO_PRIO(nice);
	ingo(p)->normal_prio = p->static_prio;
	ingo(p)->prio = min(ingo(p)->normal_prio, task_inherited_prio(p));
	delta = ingo(p)->prio - old_prio;

	if (array) {
		enqueue_task(p, array);
		/* better: preempt; worse while running: let others in */
		if (delta < 0 || (delta > 0 && task_running(rq, p)))
			resched_task(rq->curr);
	}
out_unlock:
	task_rq_unlock(rq, &flags);
}

/*
 * __setscheduler - change policy and priority; @p is off the runqueue.
 * A SCHED_NORMAL task starts from its static priority (no bonus yet); a
 * boost (PI) stays if better.
 */
static void __setscheduler(task_t *p, int policy, int prio)
{
	BUG_ON(ingo(p)->array);
	p->policy = policy;
	p->rt_priority = prio;
	if (policy != SCHED_NORMAL)
		ingo(p)->normal_prio = MAX_USER_RT_PRIO - 1 - p->rt_priority;
	else
		ingo(p)->normal_prio = p->static_prio;
	ingo(p)->prio = min(ingo(p)->normal_prio, task_inherited_prio(p));
}

/* requeue_changed - @p got a new policy: queue it and preempt as due. */
static void requeue_changed(task_t *p, struct runqueue *rq, int old_prio)
{
	__activate_task(p, rq);
	if (task_running(rq, p)) {
		if (ingo(p)->prio > old_prio)
			resched_task(rq->curr);
	} else if (TASK_PREEMPTS_CURR(p, rq)) {
		resched_task(rq->curr);
	}
}

/*
 * ingo_setscheduler - sched_setscheduler() and, with a negative @policy,
 * sched_setparam().
 */
static int ingo_setscheduler(pid_t pid, int policy,
			     struct sched_param __user *param)
{
	struct sched_param lp;
	prio_array_t *array;
	struct runqueue *rq;
	unsigned long flags;
	int retval, old_prio;
	task_t *p;

	retval = sched_setscheduler_find(pid, &policy, param, &lp, &p);
	if (retval)
		return retval;

	rq = task_rq_lock(p, &flags);
	array = ingo(p)->array;
	if (array)
		deactivate_task(p, rq);
	old_prio = ingo(p)->prio;
	__setscheduler(p, policy, lp.sched_priority);
	if (array)
		requeue_changed(p, rq, old_prio);
	task_rq_unlock(rq, &flags);
	read_unlock_irq(&tasklist_lock);
	return 0;
}

/* ingo_rr_get_interval - 0 for SCHED_FIFO, else the task's timeslice. */
static long ingo_rr_get_interval(pid_t pid, struct timespec __user *interval)
{
	return sched_rr_interval(pid, interval, task_timeslice);
}

/*
 * ingo_yield - a SCHED_NORMAL task goes to the expired array (everything
 * active runs first), an RT task to the tail of its level.
 */
static long ingo_yield(void)
{
	struct runqueue *rq = this_rq_lock();
	prio_array_t *array = ingo(current)->array;
	prio_array_t *target = rq->expired;

	schedstat_inc(rq, yld_cnt);
	if (ingo_rt_task(current))
		target = rq->active;

	if (array->nr_active == 1) {
		schedstat_inc(rq, yld_act_empty);
		if (!rq->expired->nr_active)
			schedstat_inc(rq, yld_both_empty);
	} else if (!rq->expired->nr_active) {
		schedstat_inc(rq, yld_exp_empty);
	}

	if (array != target) {
		dequeue_task(current, array);
		enqueue_task(current, target);
	} else {
		requeue_task(current, array);
	}
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
/* ingo_normal_prio - @p's priority without inheritance (rtmutex.c). */
static int ingo_normal_prio(task_t *p)
{
	return ingo(p)->normal_prio;
}

/*
 * pi_preempt - queued @p's priority went from @old_prio to its present
 * one: a waiting @p that now beats curr preempts it; a running @p that
 * got worse gives way if it no longer comes first.  rq locked.
 */
static void pi_preempt(task_t *p, struct runqueue *rq, int old_prio)
{
	if (!task_running(rq, p)) {
		if (TASK_PREEMPTS_CURR(p, rq))
			resched_task(rq->curr);
		return;
	}
	/* in the expired array it is due to switch out already */
	if (ingo(p)->prio > old_prio && ingo(p)->array == rq->active &&
	    first_task(rq->active) != p)
		resched_task(p);
}

/*
 * ingo_pi_setprio - p->pi_prio changed (rtmutex.c): @p's priority
 * becomes the better of it and the normal one, at the tail of that
 * level in the array @p is in.  A task boosted into the RT levels
 * counts as RT (ingo_rt_task()): it never expires while boosted, and
 * it is moved to the active array, as no RT level waits in the expired
 * one; a de-boost leaves it where it is.  Called with p->pi_lock held,
 * interrupts off.
 */
static void ingo_pi_setprio(task_t *p)
{
	struct runqueue *rq;
	prio_array_t *array;
	unsigned long flags;
	int old_prio, prio;

	rq = task_rq_lock(p, &flags);
	old_prio = ingo(p)->prio;
	prio = min(ingo(p)->normal_prio, task_inherited_prio(p));
	if (prio == old_prio)
		goto out_unlock;
	array = ingo(p)->array;
	if (array)
		dequeue_task(p, array);
	ingo(p)->prio = prio;
	if (array) {
		if (ingo_rt_task(p))
			array = rq->active;
		enqueue_task(p, array);
		pi_preempt(p, rq, old_prio);
	}
out_unlock:
	task_rq_unlock(rq, &flags);
}
#endif /* CONFIG_CPUSCHED_PI */

/* ---- SMP: migration ------------------------------------------------------ */

#ifdef CONFIG_SMP
/*
 * migrate_task - move @p to @dest_cpu.  A task neither queued nor
 * running just changes CPU (returns 0); otherwise @req is queued for the
 * migration thread of p's CPU (returns 1).  task_rq(p) locked.
 */
static int migrate_task(task_t *p, int dest_cpu, struct migration_req *req)
{
	struct runqueue *rq = task_rq(p);

	if (!ingo(p)->array && !task_running(rq, p)) {
		set_task_cpu(p, dest_cpu);
		return 0;
	}
	init_completion(&req->done);
	req->task = p;
	req->dest_cpu = dest_cpu;
	list_add(&req->list, &rq->migration_queue);
	return 1;
}

/*
 * __migrate_task - move @p from @src_cpu to @dest_cpu if it is still
 * there and still allowed there.  A queued task is requeued there as a
 * fresh wake-up.  Interrupts off, no runqueue lock held.
 */
static void __migrate_task(task_t *p, int src_cpu, int dest_cpu)
{
	struct runqueue *rq_src = cpu_rq(src_cpu), *rq_dest = cpu_rq(dest_cpu);

	if (unlikely(cpu_is_offline(dest_cpu)))
		return;
	double_rq_lock(rq_src, rq_dest);
	if (task_cpu(p) != src_cpu)
		goto out;
	if (!cpu_isset(dest_cpu, p->cpus_allowed))
		goto out;
	set_task_cpu(p, dest_cpu);
	if (ingo(p)->array) {
		ingo(p)->timestamp = ingo(p)->timestamp -
			rq_src->timestamp_last_tick +
			rq_dest->timestamp_last_tick;
		deactivate_task(p, rq_src);
		activate_task(p, rq_dest, 0);
		if (TASK_PREEMPTS_CURR(p, rq_dest))
			resched_task(rq_dest->curr);
	}
out:
	double_rq_unlock(rq_src, rq_dest);
}

/*
 * wait_for_migration - hand @req to @rq's migration thread and sleep
 * until it is done.  Called with @rq locked via task_rq_lock(); unlocks.
 */
static void wait_for_migration(struct runqueue *rq, unsigned long *flags,
			       struct migration_req *req)
{
	task_t *mt = rq->migration_thread;

	get_task_struct(mt);
	task_rq_unlock(rq, flags);
	wake_up_process(mt);
	put_task_struct(mt);
	wait_for_completion(&req->done);
}

/*
 * ingo_set_cpus_allowed - change @p's affinity; if its CPU is no longer
 * allowed, move it, through the migration thread if it is queued or
 * running (sleeps until done).  -EINVAL if no allowed CPU is online.
 */
static int ingo_set_cpus_allowed(task_t *p, cpumask_t new_mask)
{
	struct migration_req req;
	struct runqueue *rq;
	unsigned long flags;
	int ret = 0;

	rq = task_rq_lock(p, &flags);
	if (!cpus_intersects(new_mask, cpu_online_map)) {
		ret = -EINVAL;
		goto out;
	}
	p->cpus_allowed = new_mask;
	if (cpu_isset(task_cpu(p), new_mask))
		goto out;
	if (migrate_task(p, any_online_cpu(new_mask), &req)) {
		wait_for_migration(rq, &flags, &req);
		return 0;
	}
out:
	task_rq_unlock(rq, &flags);
	return ret;
}

/*
 * ingo_wait_task_inactive - wait until @p is off its runqueue.  If it is
 * queued but not running it may be waiting for our CPU: yield to it.
 */
static void ingo_wait_task_inactive(task_t *p)
{
	struct runqueue *rq;
	unsigned long flags;
	int preempted;

	for (;;) {
		rq = task_rq_lock(p, &flags);
		if (!ingo(p)->array && !task_running(rq, p))
			break;
		preempted = !task_running(rq, p);
		task_rq_unlock(rq, &flags);
		cpu_relax();
		if (preempted) {
			__set_current_state(TASK_RUNNING);
			ingo_yield();
		}
	}
	task_rq_unlock(rq, &flags);
}

/*
 * find_idlest_cpu - the least loaded CPU of @sd that @p may use, if
 * moving there beats staying by half the domain's imbalance margin.
 */
static int find_idlest_cpu(task_t *p, int this_cpu, struct sched_domain *sd)
{
	unsigned long load, min_load = ULONG_MAX, this_load;
	int i, min_cpu = this_cpu;
	cpumask_t mask;

	cpus_and(mask, sd->span, cpu_online_map);
	cpus_and(mask, mask, p->cpus_allowed);
	for_each_cpu_mask(i, mask) {
		load = target_load(i);
		if (load < min_load) {
			min_cpu = i;
			min_load = load;
			if (!min_load)
				break;
		}
	}
	/* counting the task itself, which would leave here */
	this_load = source_load(this_cpu) + SCHED_LOAD_SCALE;
	if (min_load * (100 + (sd->imbalance_pct - 100) / 2) < this_load * 100)
		return min_cpu;
	return this_cpu;
}

/* sched_migrate_task - push @p to @dest_cpu through the migration thread. */
static void sched_migrate_task(task_t *p, int dest_cpu)
{
	struct migration_req req;
	struct runqueue *rq;
	unsigned long flags;

	rq = task_rq_lock(p, &flags);
	if (!cpu_isset(dest_cpu, p->cpus_allowed) ||
	    unlikely(cpu_is_offline(dest_cpu)))
		goto out;
	schedstat_inc(rq, smt_cnt);
	if (migrate_task(p, dest_cpu, &req)) {
		wait_for_migration(rq, &flags, &req);
		return;
	}
out:
	task_rq_unlock(rq, &flags);
}

/*
 * ingo_sched_exec - at exec the task has the least cache footprint: move
 * it to the idlest CPU of its highest SD_BALANCE_EXEC domain.
 */
static void ingo_sched_exec(void)
{
	struct sched_domain *tmp, *sd = NULL;
	int new_cpu, this_cpu = get_cpu();

	schedstat_inc(this_rq(), sbe_cnt);
	/* alone here: stay */
	if (this_rq()->nr_running <= 1)
		goto out;
	for_each_domain(this_cpu, tmp)
		if (tmp->flags & SD_BALANCE_EXEC)
			sd = tmp;
	if (!sd)
		goto out;
	schedstat_inc(sd, sbe_attempts);
	new_cpu = find_idlest_cpu(current, this_cpu, sd);
	if (new_cpu != this_cpu) {
		schedstat_inc(sd, sbe_pushed);
		put_cpu();
		sched_migrate_task(current, new_cpu);
		return;
	}
out:
	put_cpu();
}

/*
 * migration_wait_to_die - our CPU went offline: sleep until stopped.
 */
static int migration_wait_to_die(void)
{
	set_current_state(TASK_INTERRUPTIBLE);
	while (!kthread_should_stop()) {
		schedule();
		set_current_state(TASK_INTERRUPTIBLE);
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

/*
 * migration_thread - "migration/N", SCHED_FIFO 99, bound to its CPU:
 * pushes the running task away when asked (active balance) and carries
 * out migration requests.  Running there, it knows the task to move is
 * not running.
 */
static int migration_thread(void *data)
{
	int cpu = (long)data;
	struct runqueue *rq = cpu_rq(cpu);
	struct migration_req *req;

	BUG_ON(rq->migration_thread != current);
	set_current_state(TASK_INTERRUPTIBLE);
	while (!kthread_should_stop()) {
		spin_lock_irq(&rq->lock);
		if (cpu_is_offline(cpu)) {
			spin_unlock_irq(&rq->lock);
			return migration_wait_to_die();
		}
		if (rq->active_balance) {
			active_load_balance(rq, cpu);
			rq->active_balance = 0;
		}
		if (list_empty(&rq->migration_queue)) {
			spin_unlock_irq(&rq->lock);
			schedule();
			set_current_state(TASK_INTERRUPTIBLE);
			continue;
		}
		req = list_entry(rq->migration_queue.next, struct migration_req,
				 list);
		list_del_init(&req->list);
		spin_unlock(&rq->lock);
		__migrate_task(req->task, cpu, req->dest_cpu);
		local_irq_enable();
		complete(&req->done);
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

/* ---- SMP: CPU hotplug ---------------------------------------------------- */

/*
 * move_task_off_dead_cpu - a task of @dead_cpu goes to an online CPU of
 * its node, else any it may use, else (affinity lost) any.  Interrupts
 * off, no runqueue lock held.
 */
static void move_task_off_dead_cpu(int dead_cpu, task_t *p)
{
	cpumask_t mask = node_to_cpumask(cpu_to_node(dead_cpu));
	int dest_cpu;

	cpus_and(mask, mask, p->cpus_allowed);
	dest_cpu = any_online_cpu(mask);
	if (dest_cpu >= NR_CPUS)
		dest_cpu = any_online_cpu(p->cpus_allowed);
	if (dest_cpu >= NR_CPUS) {
		p->cpus_allowed = CPU_MASK_ALL;
		dest_cpu = any_online_cpu(p->cpus_allowed);
		if (p->mm && printk_ratelimit())
			printk(KERN_INFO "process %d (%s) no longer affine "
					 "to cpu%d\n",
			       p->pid, p->comm, dead_cpu);
	}
	__migrate_task(p, dead_cpu, dest_cpu);
}

/*
 * migrate_live_tasks - 2.6.10's migrate_all_tasks(): every task of the
 * dead CPU, queued or asleep, moves in one pass over the task list, so
 * in task-list order (the oldest first; that is the order a lost
 * affinity is said in).  The CPU's idle task stays.
 */
static void migrate_live_tasks(int dead_cpu)
{
	task_t *idle = cpu_rq(dead_cpu)->idle, *g, *p;

	write_lock_irq(&tasklist_lock);
	/* clang-format 14 cannot read 2.6.10's thread loop */
	/* clang-format off */
	do_each_thread(g, p) {
		if (p != current && p != idle && task_cpu(p) == dead_cpu)
			move_task_off_dead_cpu(dead_cpu, p);
	} while_each_thread(g, p);
	/* clang-format on */
	write_unlock_irq(&tasklist_lock);
}

/*
 * migrate_dead_tasks - what is still queued on the dead CPU: a task
 * that exited and left the task list but has not made its last
 * schedule().  2.6.10 misses those (its BUG_ON(rq->nr_running) fires);
 * this is 2.6.11's sweep.
 */
static void migrate_dead_tasks(int dead_cpu)
{
	struct runqueue *rq = cpu_rq(dead_cpu);
	int i;

	local_irq_disable();
	for (i = 0; i < 2; i++) {
		prio_array_t *array = rq->arrays + i;

		while (array->nr_active)
			move_task_off_dead_cpu(dead_cpu, first_task(array));
	}
	local_irq_enable();
}

/* reset_dead_idle - the dead CPU's idle task: off the queue, prio MAX_PRIO. */
static void reset_dead_idle(struct runqueue *rq)
{
	task_t *idle = rq->idle;

	spin_lock_irq(&rq->lock);
	if (ingo(idle)->array) {
		dequeue_task(idle, ingo(idle)->array);
		ingo(idle)->array = NULL;
	}
	idle->static_prio = MAX_PRIO;
	__setscheduler(idle, SCHED_NORMAL, 0);
	spin_unlock_irq(&rq->lock);
}

/*
 * stop_migration_thread - stop @cpu's migration thread from this CPU.
 * A sleeping one is first rebound here, where it can run to its end.
 */
static void stop_migration_thread(int cpu)
{
	struct runqueue *rq = cpu_rq(cpu), *trq;
	task_t *mt = rq->migration_thread;
	unsigned long flags;

	if (!mt)
		return;
	trq = task_rq_lock(mt, &flags);
	if (!ingo(mt)->array && !task_running(trq, mt) &&
	    cpu_is_offline(task_cpu(mt)))
		set_task_cpu(mt, smp_processor_id());
	mt->cpus_allowed = cpumask_of_cpu(task_cpu(mt));
	task_rq_unlock(trq, &flags);
	kthread_stop(mt);
	rq->migration_thread = NULL;
}

/* fail_pending_migrations - wake whoever still waits on @cpu's queue. */
static void fail_pending_migrations(int cpu)
{
	struct runqueue *rq = cpu_rq(cpu);
	struct migration_req *req;

	spin_lock_irq(&rq->lock);
	while (!list_empty(&rq->migration_queue)) {
		req = list_entry(rq->migration_queue.next, struct migration_req,
				 list);
		list_del_init(&req->list);
		complete(&req->done);
	}
	spin_unlock_irq(&rq->lock);
}

/* start_migration_thread - CPU_UP_PREPARE: make @cpu's thread, asleep. */
static int start_migration_thread(int cpu)
{
	struct runqueue *rq;
	unsigned long flags;
	task_t *p;

	p = kthread_create(migration_thread, (void *)(long)cpu, "migration/%d",
			   cpu);
	if (IS_ERR(p))
		return NOTIFY_BAD;
	kthread_bind(p, cpu);
	rq = task_rq_lock(p, &flags);
	__setscheduler(p, SCHED_FIFO, MAX_RT_PRIO - 1);
	task_rq_unlock(rq, &flags);
	cpu_rq(cpu)->migration_thread = p;
	cpu_rq(cpu)->timestamp_last_tick = sched_clock();
	return NOTIFY_OK;
}

/*
 * migration_call - CPU hotplug for the runqueues: a migration thread per
 * CPU coming up; a dead CPU's idle task reset and its tasks moved to the
 * living CPUs.
 */
static int migration_call(struct notifier_block *nfb, unsigned long action,
			  void *hcpu)
{
	int cpu = (long)hcpu;

	switch (action) {
	case CPU_UP_PREPARE:
		return start_migration_thread(cpu);
	case CPU_ONLINE:
		wake_up_process(cpu_rq(cpu)->migration_thread);
		break;
	case CPU_UP_CANCELED:
		stop_migration_thread(cpu);
		break;
	case CPU_DEAD:
		/* nothing may run in between: move the tasks first */
		reset_dead_idle(cpu_rq(cpu));
		migrate_live_tasks(cpu);
		migrate_dead_tasks(cpu);
		stop_migration_thread(cpu);
		BUG_ON(cpu_rq(cpu)->nr_running != 0);
		fail_pending_migrations(cpu);
		break;
	}
	return NOTIFY_OK;
}

static struct notifier_block migration_notifier = {
	.notifier_call	= migration_call,
};

/* ingo_migration_init - the boot CPU's migration thread, then the rest. */
static int ingo_migration_init(void)
{
	void *cpu = (void *)(long)smp_processor_id();

	migration_call(&migration_notifier, CPU_UP_PREPARE, cpu);
	migration_call(&migration_notifier, CPU_ONLINE, cpu);
	register_cpu_notifier(&migration_notifier);
	return 0;
}

/* ---- SMP: sched domains -------------------------------------------------- */

/*
 * Up to three levels per CPU, lowest first: the SMT siblings of its core
 * (only if cores have more than one thread), the CPUs of its node, all
 * CPUs (only with more than one node).  Groups: each CPU, each core,
 * each node.  Rebuilt from scratch whenever a CPU comes or goes.
 */
static struct sched_domain sibling_domains[NR_CPUS];
static struct sched_domain phys_domains[NR_CPUS];
static struct sched_domain node_domains[NR_CPUS];
static struct sched_group sibling_groups[NR_CPUS];
static struct sched_group phys_groups[NR_CPUS];
static struct sched_group node_groups[NR_CPUS];

static int cpu_to_sibling_group(int cpu)
{
	return cpu;
}

static int cpu_to_phys_group(int cpu)
{
	return first_cpu(cpu_sibling_map[cpu]);
}

static int cpu_to_node_group(int cpu)
{
	return cpu_to_node(cpu);
}

/* ingo_cpu_attach_domain - make @sd (NULL: none) @cpu's lowest domain. */
static void ingo_cpu_attach_domain(struct sched_domain *sd, int cpu)
{
	struct runqueue *rq = cpu_rq(cpu);
	unsigned long flags;

	spin_lock_irqsave(&rq->lock, flags);
	rq->sd = sd;
	spin_unlock_irqrestore(&rq->lock, flags);
}

static int machine_has_smt(void)
{
	int i;

	for_each_cpu(i)
		if (cpus_weight(cpu_sibling_map[i]) > 1)
			return 1;
	return 0;
}

/* init_cpu_domains - set up @cpu's levels; returns its lowest domain. */
static struct sched_domain *init_cpu_domains(int cpu, cpumask_t usable, int smt,
					     int numa)
{
	struct sched_domain *sd = NULL, *parent = NULL;
	cpumask_t nodemask = node_to_cpumask(cpu_to_node(cpu));

	cpus_and(nodemask, nodemask, usable);
	if (numa) {
		sd = &node_domains[cpu];
		*sd = SD_NODE_INIT;
		sd->span = usable;
		sd->groups = &node_groups[cpu_to_node_group(cpu)];
		parent = sd;
	}
	sd = &phys_domains[cpu];
	*sd = SD_CPU_INIT;
	sd->span = nodemask;
	sd->parent = parent;
	sd->groups = &phys_groups[cpu_to_phys_group(cpu)];
	if (smt) {
		parent = sd;
		sd = &sibling_domains[cpu];
		*sd = SD_SIBLING_INIT;
		cpus_and(sd->span, cpu_sibling_map[cpu], usable);
		sd->parent = parent;
		sd->groups = &sibling_groups[cpu_to_sibling_group(cpu)];
	}
	return sd;
}

/*
 * init_group_power - SCHED_LOAD_SCALE per CPU; each further SMT thread
 * of a core adds a tenth of it (2.6.10's fixed guess, not per_cpu_gain);
 * a node is the sum of its cores.
 */
static void init_group_power(cpumask_t usable, int smt, int numa)
{
	struct sched_group *pkg;
	unsigned long power;
	int i;

	for_each_cpu_mask(i, usable) {
		if (smt)
			sibling_groups[cpu_to_sibling_group(i)].cpu_power =
				SCHED_LOAD_SCALE;
		pkg = &phys_groups[cpu_to_phys_group(i)];
		power = SCHED_LOAD_SCALE +
			SCHED_LOAD_SCALE * (cpus_weight(pkg->cpumask) - 1) / 10;
		pkg->cpu_power = power;
		/* each core counts once in its node */
		if (numa && i == first_cpu(pkg->cpumask))
			node_groups[cpu_to_node_group(i)].cpu_power += power;
	}
}

/* build_sched_domains - domains and groups for the online CPUs. */
static void build_sched_domains(void)
{
	struct sched_domain *lowest[NR_CPUS];
	cpumask_t usable, mask;
	int smt = machine_has_smt(), numa = num_online_nodes() > 1;
	int i;

	/* isolated CPUs stay out of balancing: no domains */
	cpus_complement(usable, cpu_isolated_map);
	cpus_and(usable, usable, cpu_online_map);

	for_each_cpu_mask(i, usable)
		lowest[i] = init_cpu_domains(i, usable, smt, numa);

	if (smt)
		for_each_cpu_mask(i, usable) {
			cpus_and(mask, cpu_sibling_map[i], usable);
			if (i == first_cpu(mask))
				init_sched_build_groups(sibling_groups, mask,
							cpu_to_sibling_group);
		}
	for (i = 0; i < num_online_nodes(); i++) {
		mask = node_to_cpumask(i);
		cpus_and(mask, mask, usable);
		if (!cpus_empty(mask))
			init_sched_build_groups(phys_groups, mask,
						cpu_to_phys_group);
	}
	if (numa)
		init_sched_build_groups(node_groups, usable, cpu_to_node_group);
	init_group_power(usable, smt, numa);

	for_each_online_cpu(i)
		cpu_attach_domain(cpu_isset(i, usable) ? lowest[i] : NULL, i);
}

/* detach_sched_domains - no balancing while a CPU comes or goes. */
static void detach_sched_domains(void)
{
	int i;

	for_each_cpu(i)
		cpu_attach_domain(NULL, i);
}

/*
 * update_sched_domains - CPU hotplug: take the domains down while the
 * set of CPUs changes, build them again afterwards.
 */
static int update_sched_domains(struct notifier_block *nfb,
				unsigned long action, void *hcpu)
{
	switch (action) {
	case CPU_UP_PREPARE:
	case CPU_DOWN_PREPARE:
		detach_sched_domains();
		break;
	case CPU_UP_CANCELED:
	case CPU_DOWN_FAILED:
	case CPU_ONLINE:
	case CPU_DEAD:
		build_sched_domains();
		break;
	}
	return NOTIFY_OK;
}

static struct notifier_block domains_notifier = {
	.notifier_call	= update_sched_domains,
};

static void ingo_sched_init_smp(void)
{
	lock_cpu_hotplug();
	build_sched_domains();
	unlock_cpu_hotplug();
	register_cpu_notifier(&domains_notifier);
}
#else /* !CONFIG_SMP */
static void ingo_sched_init_smp(void)
{
}
#endif /* CONFIG_SMP */

/*
 * ingo_sched_idle_next - CPU hotplug, on the dying CPU (already out of
 * cpu_online_map), interrupts off: its idle task becomes SCHED_FIFO 99
 * at the head of the active array, so it runs as soon as the caller
 * sleeps.  It is not counted in nr_running: it is no real work.
 */
static void ingo_sched_idle_next(void)
{
	struct runqueue *rq = this_rq();
	task_t *idle = rq->idle;
	unsigned long flags;

	BUG_ON(cpu_online(smp_processor_id()));
	spin_lock_irqsave(&rq->lock, flags);
	__setscheduler(idle, SCHED_FIFO, MAX_RT_PRIO - 1);
	enqueue_task_head(idle, rq->active);
	spin_unlock_irqrestore(&rq->lock, flags);
}

/* ---- boot ---------------------------------------------------------------- */

/*
 * ingo_init_idle - make @idle the idle task of @cpu: lowest priority,
 * never queued, running now.
 */
static void ingo_init_idle(task_t *idle, int cpu)
{
	struct runqueue *rq = cpu_rq(cpu);
	unsigned long flags;

	ingo(idle)->sleep_avg = 0;
	ingo(idle)->interactive_credit = 0;
	ingo(idle)->array = NULL;
	ingo(idle)->prio = ingo(idle)->normal_prio = MAX_PRIO;
	INIT_LIST_HEAD(&ingo(idle)->run_list);
	idle->state = TASK_RUNNING;
	set_task_cpu(idle, cpu);

	spin_lock_irqsave(&rq->lock, flags);
	rq->curr = rq->idle = idle;
	spin_unlock_irqrestore(&rq->lock, flags);
	idle->thread_info->preempt_count = 0;
}

static void init_array(prio_array_t *array)
{
	int k;

	array->nr_active = 0;
	for (k = 0; k < MAX_PRIO; k++) {
		INIT_LIST_HEAD(array->queue + k);
		__clear_bit(k, array->bitmap);
	}
	/* delimiter for the bitmap search */
	__set_bit(MAX_PRIO, array->bitmap);
}

static void init_rq(struct runqueue *rq)
{
	memset(rq, 0, sizeof(*rq));
	spin_lock_init(&rq->lock);
	rq->active = rq->arrays;
	rq->expired = rq->arrays + 1;
	rq->best_expired_prio = MAX_PRIO;
	rq->timestamp_last_tick = sched_clock();
	atomic_set(&rq->nr_iowait, 0);
	init_array(rq->arrays);
	init_array(rq->arrays + 1);
#ifdef CONFIG_SMP
	INIT_LIST_HEAD(&rq->migration_queue);
#endif
}

/*
 * ingo_sched_init - every runqueue empty, and the boot task (init_task,
 * whatever a previous driver left in it) made this CPU's idle task.  May
 * run twice at boot ("cpusched="): it starts from scratch each time.
 */
static void ingo_sched_init(void)
{
	struct cpusched_ingo *s = ingo(current);
	int i;

	for (i = 0; i < NR_CPUS; i++)
		init_rq(cpu_rq(i));

	memset(s, 0, sizeof(*s));
	INIT_LIST_HEAD(&s->run_list);
	s->prio = s->normal_prio = current->static_prio;
	s->time_slice = HZ;
	s->timestamp = sched_clock();
	ingo_init_idle(current, smp_processor_id());
}

/* ---- schedstat ----------------------------------------------------------- */

#ifdef CONFIG_SCHEDSTATS
/*
 * format_cpumask - @mask in hex, 32-bit words most significant first,
 * separated by commas (the kernel's cpumask_scnprintf() format).
 */
static void format_cpumask(char *buf, int len, cpumask_t mask)
{
	int word, nr_words = (NR_CPUS + 31) / 32, n = 0;

	buf[0] = '\0';
	for (word = nr_words - 1; word >= 0 && n < len; word--) {
		unsigned int bits = 0;
		int i;

		for (i = 0; i < 32 && word * 32 + i < NR_CPUS; i++)
			if (cpu_isset(word * 32 + i, mask))
				bits |= 1U << i;
		n += snprintf(buf + n, len - n, "%s%08x",
			      word == nr_words - 1 ? "" : ",", bits);
	}
}

static void show_cpu_stats(struct seq_file *seq, int cpu)
{
	struct runqueue *rq = cpu_rq(cpu);
	int itype;

	seq_printf(seq,
		   "cpu%d %lu %lu %lu %lu %lu %lu %lu %lu %lu %lu %lu "
		   "%lu %lu %lu %lu %lu %lu %lu %lu %lu %lu %lu",
		   cpu, rq->yld_both_empty, rq->yld_act_empty,
		   rq->yld_exp_empty, rq->yld_cnt, rq->sched_noswitch,
		   rq->sched_switch, rq->sched_cnt, rq->sched_goidle,
		   rq->alb_cnt, rq->alb_gained, rq->alb_lost, rq->alb_failed,
		   rq->ttwu_cnt, rq->ttwu_moved, rq->ttwu_attempts,
		   rq->wunt_cnt, rq->wunt_moved, rq->smt_cnt, rq->sbe_cnt,
		   rq->rq_sched_info.cpu_time, rq->rq_sched_info.run_delay,
		   rq->rq_sched_info.pcnt);
	for (itype = SCHED_IDLE; itype < MAX_IDLE_TYPES; itype++)
		seq_printf(seq, " %lu %lu", rq->pt_gained[itype],
			   rq->pt_lost[itype]);
	seq_printf(seq, "\n");
}

#ifdef CONFIG_SMP
static void show_domain_stats(struct seq_file *seq, int cpu)
{
	struct sched_domain *sd;
	char mask[(NR_CPUS / 32 + 1) * 9 + 1];
	int dcnt = 0, itype;

	for_each_domain(cpu, sd) {
		format_cpumask(mask, sizeof(mask), sd->span);
		seq_printf(seq, "domain%d %s", dcnt++, mask);
		for (itype = SCHED_IDLE; itype < MAX_IDLE_TYPES; itype++)
			seq_printf(seq, " %lu %lu %lu %lu %lu",
				   sd->lb_cnt[itype], sd->lb_failed[itype],
				   sd->lb_imbalance[itype],
				   sd->lb_nobusyq[itype],
				   sd->lb_nobusyg[itype]);
		seq_printf(seq, " %lu %lu %lu %lu\n", sd->sbe_pushed,
			   sd->sbe_attempts, sd->ttwu_wake_affine,
			   sd->ttwu_wake_balance);
	}
}
#else
static inline void show_domain_stats(struct seq_file *seq, int cpu)
{
}
#endif

/* ingo_show_schedstat - /proc/schedstat, version 10. */
static int ingo_show_schedstat(struct seq_file *seq, void *v)
{
	int cpu;

	seq_printf(seq, "version %d\n", SCHEDSTAT_VERSION);
	seq_printf(seq, "timestamp %lu\n", jiffies);
	for_each_online_cpu(cpu) {
		show_cpu_stats(seq, cpu);
		show_domain_stats(seq, cpu);
	}
	return 0;
}
#endif /* CONFIG_SCHEDSTATS */

/* ---- the machine's hooks ------------------------------------------------- */

#ifdef CONFIG_CPUSCHED_SELFTEST
static void for_each_in_array(prio_array_t *array, void (*fn)(task_t *, void *),
			      void *arg)
{
	task_t *p, *n;
	int level;

	for_each_level(level, array)
		list_for_each_entry_safe(p, n, array->queue + level,
					 u.ingosched.run_list)
			fn(p, arg);
}

/* ingo_for_each_queued - both arrays of @cpu, the running task included. */
static void ingo_for_each_queued(int cpu, void (*fn)(task_t *, void *),
				 void *arg)
{
	struct runqueue *rq = cpu_rq(cpu);

	for_each_in_array(rq->active, fn, arg);
	for_each_in_array(rq->expired, fn, arg);
}

/*
 * check_fail - a broken rule: its one-line reason, @fmt, goes to @buf.
 * Returns 1, what the check hook returns for it.
 */
static int __attribute__((format(printf, 3, 4)))
check_fail(char *buf, int len, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	vsnprintf(buf, len, fmt, args);
	va_end(args);
	return 1;
}

/*
 * check_task - the rules of @p, queued in @rq's array @name, not its idle
 * task:
 *
 *  - ->prio is the better of its normal and inherited (PI) priorities;
 *  - ->normal_prio is one the design computes: 99 - rt_priority for an
 *    RT policy; for SCHED_NORMAL the static priority moved by at most
 *    MAX_BONUS / 2 levels either way, within the SCHED_NORMAL levels.
 *    Not the formula of today's sleep_avg: 2.6.10 recomputes it only at
 *    a wake-up, a slice expiry, a queue-wait credit and a fork, while
 *    sleep_avg drops at every switch (charge_run_time()), at a fork and
 *    at a child's exit, and set_user_nice() and setscheduler() set it to
 *    the static priority itself;
 *  - at least one tick of slice: the tick that ends a slice refills it,
 *    and a fork that leaves the parent nothing gives it one;
 *    ->first_time_slice is a flag, 0 or 1;
 *  - ->activated is -1 (woken from an uninterruptible sleep), 0, 1 (woken
 *    by a task) or 2 (by an interrupt).
 */
static int check_task(task_t *p, int cpu, const char *name, char *buf, int len)
{
	struct cpusched_ingo *s = ingo(p);
	int lo, hi;

	if (s->prio != min(s->normal_prio, task_inherited_prio(p)))
		return check_fail(buf, len,
				  "cpu%d %s: %s/%d has prio %d, normal %d, "
				  "inherited %d",
				  cpu, name, p->comm, p->pid, s->prio,
				  s->normal_prio, task_inherited_prio(p));
	if (p->policy != SCHED_NORMAL) {
		lo = MAX_USER_RT_PRIO - 1 - p->rt_priority;
		hi = lo;
	} else {
		lo = max(p->static_prio - MAX_BONUS / 2, MAX_RT_PRIO);
		hi = min(p->static_prio + MAX_BONUS / 2, MAX_PRIO - 1);
	}
	if (s->normal_prio < lo || s->normal_prio > hi)
		return check_fail(buf, len,
				  "cpu%d %s: %s/%d has normal prio %d, not in "
				  "%d..%d",
				  cpu, name, p->comm, p->pid, s->normal_prio,
				  lo, hi);
	if (!s->time_slice || s->first_time_slice > 1 || s->activated < -1 ||
	    s->activated > 2)
		return check_fail(buf, len,
				  "cpu%d %s: %s/%d has time_slice %u, "
				  "first_time_slice %u, activated %d",
				  cpu, name, p->comm, p->pid, s->time_slice,
				  s->first_time_slice, s->activated);
	return 0;
}

/*
 * check_array - each set bit below MAX_PRIO has a non-empty queue whose
 * tasks point to @array at that prio and keep check_task()'s rules (the
 * idle task of a dying CPU apart); the delimiter is set; the count
 * equals nr_active (a task on a level whose bit is clear would make it
 * fall short).  Adds the tasks seen to *@count, the idle task apart.
 */
static int check_array(struct runqueue *rq, prio_array_t *array,
		       const char *name, int cpu, unsigned long *count,
		       char *buf, int len)
{
	unsigned int n = 0;
	task_t *p;
	int level;

	if (!test_bit(MAX_PRIO, array->bitmap))
		return check_fail(buf, len, "cpu%d %s: delimiter bit clear",
				  cpu, name);
	for_each_level(level, array) {
		if (list_empty(array->queue + level))
			return check_fail(buf, len,
					  "cpu%d %s level %d: bit set, queue "
					  "empty",
					  cpu, name, level);
		list_for_each_entry(p, array->queue + level,
				    u.ingosched.run_list) {
			if (ingo(p)->array != array || ingo(p)->prio != level)
				return check_fail(buf, len,
						  "cpu%d %s level %d: %s/%d "
						  "has prio %d, array %s",
						  cpu, name, level, p->comm,
						  p->pid, ingo(p)->prio,
						  ingo(p)->array == array ?
							  "this" :
							  "another");
			n++;
			if (p == rq->idle)
				continue;
			if (check_task(p, cpu, name, buf, len))
				return 1;
			(*count)++;
		}
	}
	if (n != array->nr_active)
		return check_fail(buf, len, "cpu%d %s: %u queued, nr_active %u",
				  cpu, name, n, array->nr_active);
	return 0;
}

#ifdef CONFIG_SCHEDSTATS
/*
 * check_queued_since - no task queued in @rq's active array after @curr
 * arrived, in a later jiffy (sched_info), waits at a better level than
 * @curr's unless @curr has need_resched set.  Every path that queues a
 * task or betters a queued one preempts a worse current task: wake-ups
 * (TASK_PREEMPTS_CURR), the pulls and moves of SMP, setscheduler(),
 * set_user_nice(), PI; every path that worsens the running task
 * reschedules it.  Three do not, and are let off:
 *
 *  - the pick itself: a woken task is requeued at its queue-wait credit
 *    and may go below a level that was behind it (its prio had not been
 *    recomputed since a renice, a setscheduler(), a child's exit or a
 *    change of def_timeslice_ms).  The tasks it goes behind were queued
 *    by then: no later jiffy.
 *  - a sync wake-up on the waker's own CPU: the waker schedules before
 *    anything else happens (the machine has no sync waker but
 *    kfix_ingo.c's, which sleeps at once).
 *  - a child forked with CLONE_VM queued on its parent's CPU is not
 *    checked against it, and may be better when the parent's prio is
 *    older than a renice (the machine forks that way only from init,
 *    SCHED_FIFO 99).
 *
 * A task requeued whole (child_runs_first()) or never counted as queued
 * since it ran has no last_queued: it is left out.
 */
static int check_queued_since(struct runqueue *rq, task_t *curr, int cpu,
			      char *buf, int len)
{
	task_t *p;
	int level;

	for_each_level(level, rq->active) {
		if (level >= ingo(curr)->prio)
			break;
		list_for_each_entry(p, rq->active->queue + level,
				    u.ingosched.run_list) {
			if (p->parent == curr || !p->sched_info.last_queued ||
			    !time_after(p->sched_info.last_queued,
					curr->sched_info.last_arrival))
				continue;
			return check_fail(buf, len,
					  "cpu%d: %s/%d (prio %d) runs since "
					  "jiffy %lu, %s/%d (prio %d) waits "
					  "since jiffy %lu, no reschedule "
					  "pending",
					  cpu, curr->comm, curr->pid,
					  ingo(curr)->prio,
					  curr->sched_info.last_arrival,
					  p->comm, p->pid, ingo(p)->prio,
					  p->sched_info.last_queued);
		}
	}
	return 0;
}
#else
static inline int check_queued_since(struct runqueue *rq, task_t *curr, int cpu,
				     char *buf, int len)
{
	return 0;
}
#endif /* CONFIG_SCHEDSTATS */

/*
 * check_curr - the rules of what an online CPU runs (a dying CPU, out of
 * cpu_online_map, runs its idle task by force: ingo_sched_idle_next()
 * queues it at the head of the active array, as SCHED_FIFO 99):
 *
 *  - the idle task is not queued and has prio MAX_PRIO;
 *  - the idle task runs while tasks are queued only with need_resched
 *    set (every path that queues a task preempts it), except on an SMT
 *    machine: dependent_sleeper() keeps a CPU idle while a sibling runs
 *    a task that outweighs its own, until a tick (wake_priority_sleeper())
 *    or the sibling going idle asks again;
 *  - any other task is queued (a task of another runqueue's array would
 *    be found there by the machine, on the wrong CPU), with ->activated
 *    0: reset when it is picked, and nothing wakes a queued task;
 *  - in the expired array it has need_resched set: expire_task() sets it
 *    (the fork that expires a parent sets it again before returning,
 *    see fork_tick()), a yield schedules at once, and nothing else puts
 *    a running task there;
 *  - in the active array, check_queued_since().
 */
static int check_curr(struct runqueue *rq, int cpu, char *buf, int len)
{
	task_t *curr = rq->curr, *idle = rq->idle;
	int resched = test_tsk_thread_flag(curr, TIF_NEED_RESCHED);

	if (ingo(idle)->array || ingo(idle)->prio != MAX_PRIO)
		return check_fail(buf, len, "cpu%d: idle task %s, prio %d", cpu,
				  ingo(idle)->array ? "queued" :
						      "not "
						      "queued",
				  ingo(idle)->prio);
	if (curr == idle) {
		if (rq->nr_running && !resched &&
		    cpus_weight(cpu_sibling_map[cpu]) == 1)
			return check_fail(buf, len,
					  "cpu%d: idle with %lu tasks queued, "
					  "no reschedule pending",
					  cpu, rq->nr_running);
		return 0;
	}
	if (!ingo(curr)->array || ingo(curr)->activated)
		return check_fail(buf, len,
				  "cpu%d: running %s/%d is %squeued, "
				  "activated %d",
				  cpu, curr->comm, curr->pid,
				  ingo(curr)->array ? "" : "not ",
				  ingo(curr)->activated);
	if (resched)
		return 0;
	if (ingo(curr)->array == rq->expired)
		return check_fail(buf, len,
				  "cpu%d: running %s/%d is in the expired "
				  "array, no reschedule pending",
				  cpu, curr->comm, curr->pid);
	return check_queued_since(rq, curr, cpu, buf, len);
}

/*
 * fork_preempted - @p, whose fork deferred a reschedule, is still in
 * that fork: preempted in the kernel before it queued the child (an IPI
 * from another CPU does that), perhaps moved to another CPU since.
 */
static int fork_preempted(task_t *p)
{
	return p->thread_info->preempt_count & PREEMPT_ACTIVE;
}

/*
 * check_rq - the arrays of one runqueue, what sums them up, and on an
 * online CPU the running task: the driver's check_cpu, which the machine
 * runs on every CPU, offline ones too, for the whole check.  A fork's
 * deferred reschedule (fork_resched) never outlives the fork.
 * expired_timestamp is only checked not to lie in the future: in 2.6.10 a
 * yield or a pull fills the expired array without stamping it, and
 * balancing may empty it while the stamp stays until the next switch.
 */
static int check_rq(int cpu, char *buf, int len)
{
	struct runqueue *rq = cpu_rq(cpu);
	unsigned long count = 0;
	int first;

	if (rq->active == rq->expired)
		return check_fail(buf, len, "cpu%d: active and expired are one",
				  cpu);
	if (check_array(rq, rq->active, "active", cpu, &count, buf, len) ||
	    check_array(rq, rq->expired, "expired", cpu, &count, buf, len))
		return 1;
	if (count != rq->nr_running)
		return check_fail(buf, len, "cpu%d: %lu queued, nr_running %lu",
				  cpu, count, rq->nr_running);
	/* RT tasks never expire */
	first = sched_find_first_bit(rq->expired->bitmap);
	if (first < MAX_RT_PRIO)
		return check_fail(buf, len,
				  "cpu%d: RT level %d in the expired array",
				  cpu, first);
	if (rq->best_expired_prio < MAX_RT_PRIO ||
	    rq->best_expired_prio > MAX_PRIO)
		return check_fail(buf, len, "cpu%d: best_expired_prio %d", cpu,
				  rq->best_expired_prio);
	if (rq->expired_timestamp && time_after(rq->expired_timestamp, jiffies))
		return check_fail(buf, len,
				  "cpu%d: expired_timestamp %lu is after "
				  "jiffies %lu",
				  cpu, rq->expired_timestamp, jiffies);
	if (rq->fork_resched && !fork_preempted(rq->fork_resched))
		return check_fail(buf, len,
				  "cpu%d: the reschedule of %s/%d's fork is "
				  "still pending",
				  cpu, rq->fork_resched->comm,
				  rq->fork_resched->pid);
	if (cpu_online(cpu))
		return check_curr(rq, cpu, buf, len);
	return 0;
}

#endif /* CONFIG_CPUSCHED_SELFTEST */

#ifdef CONFIG_CPUSCHED_TUNABLES
#define INGO_TUNABLE(var, lo, hi, dflt, text)				\
	{                                                                      \
		.name = #var, .desc = text, .min = lo, .max = hi, .def = dflt, \
		.value = &var                                                  \
	}

static const struct sched_tunable ingo_tunables[] = {
	INGO_TUNABLE(min_timeslice_ms, 1, 100, MIN_TIMESLICE_MS,
		     "shortest timeslice (nice 19), ms"),
	INGO_TUNABLE(def_timeslice_ms, 10, 1000, DEF_TIMESLICE_MS,
		     "timeslice at nice 0, ms; scales sleep_avg, starvation"),
	INGO_TUNABLE(on_runqueue_weight, 0, 100, ON_RUNQUEUE_WEIGHT_PCT,
		     "% of runqueue wait credited as sleep (task wake-ups)"),
	INGO_TUNABLE(child_penalty, 0, 100, CHILD_PENALTY_PCT,
		     "% of sleep_avg a child keeps at fork"),
	INGO_TUNABLE(parent_penalty, 0, 100, PARENT_PENALTY_PCT,
		     "% of sleep_avg a parent keeps at fork"),
	INGO_TUNABLE(exit_weight, 0, 100, EXIT_WEIGHT_PARTS,
		     "parent's sleep_avg weight against an exiting child's"),
	INGO_TUNABLE(interactive_delta, 0, 10, INTERACTIVE_DELTA_LEVELS,
		     "bonus levels that make a nice 0 task interactive"),
	INGO_TUNABLE(credit_limit, 0, 1000, CREDIT_LIMIT_POINTS,
		     "interactive_credit beyond which credit is high or low"),
	{ .name = NULL }
};
#endif /* CONFIG_CPUSCHED_TUNABLES */

#ifdef CONFIG_CPUSCHED_SELFTEST
/*
 * ingo_starvation_bound - the longest a runnable SCHED_NORMAL task waits
 * for its CPU: interactive tasks may keep the active array busy until the
 * expired array has waited STARVATION_LIMIT per runnable task, then every
 * task ahead of it still runs out its slice, at most a nice -20 one.
 */
static unsigned long ingo_starvation_bound(unsigned long nr_running)
{
	unsigned long longest = SCALE_PRIO(DEF_TIMESLICE * 4, MAX_RT_PRIO);

	return nr_running * (STARVATION_LIMIT + longest) + 1;
}

static unsigned long long ingo_pick_work(void)
{
	unsigned long long sum = 0;
	int cpu;

	for_each_cpu(cpu)
		sum += cpu_rq(cpu)->pick_work;
	return sum;
}
#endif /* CONFIG_CPUSCHED_SELFTEST */

struct sched_drv ingo_sched_drv = {
	.cpusched_name		= "ingosched",
	.account_steal_time	= ingo_account_steal_time,
	.account_system_time	= ingo_account_system_time,
	.account_user_time	= sched_account_user,
	.rt_task		= ingo_rt_task,
	.wait_for_completion	= default_wait_for_completion,
	.io_schedule		= ingo_io_schedule,
	.io_schedule_timeout	= ingo_io_schedule_timeout,
	.set_oom_timeslice	= ingo_set_oom_timeslice,
	.nr_running		= ingo_nr_running,
	.nr_uninterruptible	= ingo_nr_uninterruptible,
	.nr_context_switches	= ingo_nr_context_switches,
	.nr_iowait		= ingo_nr_iowait,
	.idle_cpu		= ingo_idle_cpu,
	.init_idle		= ingo_init_idle,
	.exit			= ingo_sched_exit,
	.fork			= ingo_sched_fork,
	.init			= ingo_sched_init,
	.init_smp		= ingo_sched_init_smp,
	.schedule		= ingo_schedule,
	.tick			= ingo_scheduler_tick,
	.tail			= ingo_schedule_tail,
	.setscheduler		= ingo_setscheduler,
	.set_user_nice		= ingo_set_user_nice,
	.rr_get_interval	= ingo_rr_get_interval,
	.yield			= ingo_yield,
	.task_curr		= ingo_task_curr,
	.task_nice		= ingo_task_nice,
	.task_prio		= ingo_task_prio,
	.try_to_wake_up		= ingo_try_to_wake_up,
	.wake_up_new_task	= ingo_wake_up_new_task,
#ifdef CONFIG_CPUSCHED_PI
	.normal_prio		= ingo_normal_prio,
	.pi_setprio		= ingo_pi_setprio,
#endif
#ifdef CONFIG_SMP
	.migration_init		= ingo_migration_init,
	.exec			= ingo_sched_exec,
	.set_cpus_allowed	= ingo_set_cpus_allowed,
	.wait_task_inactive	= ingo_wait_task_inactive,
	.cpu_attach_domain	= ingo_cpu_attach_domain,
#endif
	.sched_idle_next	= ingo_sched_idle_next,
#ifdef CONFIG_SCHEDSTATS
	.show_schedstat		= ingo_show_schedstat,
#endif
#ifdef CONFIG_CPUSCHED_TUNABLES
	.tunables		= ingo_tunables,
#endif
#ifdef CONFIG_CPUSCHED_SELFTEST
	.for_each_queued	= ingo_for_each_queued,
	.check_cpu		= check_rq,
	.starvation_bound	= ingo_starvation_bound,
	.pick_work		= ingo_pick_work,
	.o1			= 1,
#endif
};
