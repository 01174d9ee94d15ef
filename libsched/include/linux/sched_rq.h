/*
 * linux/sched_rq.h - the SMP runqueue plumbing a cpu scheduler driver
 * may share (libsched/runqueue.c).
 *
 * Every per-CPU design re-implements the same machinery around its
 * queue: locking a task's runqueue with the retry, double locking,
 * placing new and woken tasks, pulling work when going idle, moving a
 * task whose affinity changed, CPU hotplug, the counters and schedstat.
 * The plumbing keeps that in one generic per-CPU struct sched_rq; the
 * design keeps its queue beside it (its own per-CPU variable indexed by
 * rq->cpu, or one global structure) and fills a struct sched_class_ops.
 * The driver then points most of its struct sched_drv at the sched_rq_*
 * functions below.  Opt-in: a driver that does not call sched_rq_init()
 * never touches any of it.
 *
 * Locking: rq->lock protects the sched_rq and the design's queue and
 * per-task fields of the tasks queued there.  It is a pointer, to the
 * runqueue's own lock unless the design points several runqueues at one
 * shared lock (sched_rq_share_lock()); double locking then takes that
 * lock once.  Two different locks are always taken in ascending address
 * order.
 */
#ifndef _LINUX_SCHED_RQ_H
#define _LINUX_SCHED_RQ_H

#include <linux/sched.h>
#include <linux/seq_file.h>

/**
 * struct sched_rq - the plumbing's per-CPU runqueue
 * @lock:		the lock in force, &@own_lock or a shared one
 * @own_lock:		this runqueue's own lock
 * @cpu:		the CPU it belongs to
 * @nr_running:		tasks queued here, the running one included if
 *			the design counts it as queued (on_rq)
 * @nr_switches:	context switches made here
 * @nr_uninterruptible:	tasks that slept uninterruptibly here, less
 *			those woken; per CPU it may go negative
 * @nr_iowait:		tasks of this CPU in io_schedule()
 * @curr:		the running task
 * @idle:		this CPU's idle task
 * @push:		a task schedule() took off this CPU because its
 *			affinity no longer allows it; finish_task_switch()
 *			queues it on an allowed CPU
 * @idle_next:		sched_idle_next() was called: run the idle task
 * @yld_cnt:		schedstat: sched_yield() calls
 * @sched_noswitch:	schedstat: schedule() picked prev again
 * @sched_switch:	schedstat: schedule() switched
 * @sched_cnt:		schedstat: schedule() calls
 * @sched_goidle:	schedstat: schedule() picked the idle task
 * @ttwu_cnt:		schedstat: wake-ups of tasks that slept here
 * @ttwu_moved:		schedstat: of those, placed on another CPU
 * @wunt_cnt:		schedstat: new tasks placed from here
 * @wunt_moved:		schedstat: of those, placed on another CPU
 * @pulled:		schedstat: tasks this CPU pulled, per idle type
 * @lost:		schedstat: tasks pulled away from it, per idle type
 * @pick_work:		queue entries or levels the design's pick_next()
 *			examined (the design counts them)
 */
struct sched_rq {
	spinlock_t *lock;
	spinlock_t own_lock;
	int cpu;
	unsigned long nr_running;
	unsigned long long nr_switches;
	long nr_uninterruptible;
	atomic_t nr_iowait;
	task_t *curr, *idle;
	task_t *push;
	int idle_next;

	unsigned long yld_cnt;
	unsigned long sched_noswitch, sched_switch, sched_cnt, sched_goidle;
	unsigned long ttwu_cnt, ttwu_moved, wunt_cnt, wunt_moved;
	unsigned long pulled[MAX_IDLE_TYPES], lost[MAX_IDLE_TYPES];
	unsigned long long pick_work;
};

DECLARE_PER_CPU(struct sched_rq, sched_runqueues);

/* Static priorities and nice, as 2.6.10's kernel/sched.c has them. */
/* clang-format 14 takes "(prio) - MAX_RT_PRIO" for a cast: keep as written. */
/* clang-format off */
#define NICE_TO_PRIO(nice)	(MAX_RT_PRIO + (nice) + 20)
#define PRIO_TO_NICE(prio)	((prio) - MAX_RT_PRIO - 20)
#define TASK_NICE(p)		PRIO_TO_NICE((p)->static_prio)
/* clang-format on */

/**
 * sched_rq_normal_prio - @p's priority without inheritance, for a design
 * that queues RT tasks by RT priority and the others by static priority
 * @p: the task
 *
 * Returns MAX_RT_PRIO - 1 - rt_priority for SCHED_FIFO and SCHED_RR,
 * static_prio for SCHED_NORMAL: the 0..MAX_PRIO-1 scale of struct
 * sched_drv's normal_prio.
 */
static inline int sched_rq_normal_prio(const task_t *p)
{
	if (p->policy != SCHED_NORMAL)
		return MAX_USER_RT_PRIO - 1 - p->rt_priority;
	return p->static_prio;
}

/**
 * sched_rq_effective_prio - the priority @p runs at: its normal one
 * (sched_rq_normal_prio()) or the one it inherits through a PI mutex or
 * semaphore, whichever is better
 * @p: the task
 *
 * A design that sets its priority field from this wherever policy, nice
 * or a boost changes keeps a boost across setscheduler and nice, and
 * shows the new normal priority when the boost ends.
 */
static inline int sched_rq_effective_prio(const task_t *p)
{
	return min(sched_rq_normal_prio(p), task_inherited_prio(p));
}

/* The runqueue of @cpu, of this CPU, of the CPU @p is on. */
#define sched_cpu_rq(cpu)	(&per_cpu(sched_runqueues, (cpu)))
#define this_sched_rq()		(&__get_cpu_var(sched_runqueues))
#define task_sched_rq(p)	sched_cpu_rq(task_cpu(p))

/* sched_rq_running - whether @p is the task running on @rq. */
#define sched_rq_running(rq, p)	((rq)->curr == (p))

/**
 * enum sched_rq_why - why the plumbing asks whether a task preempts
 * @SCHED_RQ_WAKE:	@p was woken and queued (try_to_wake_up)
 * @SCHED_RQ_NEW:	@p is a new task, queued for the first time
 * @SCHED_RQ_MOVED:	@p was moved here from another CPU (affinity,
 *			a dead CPU, a push after a switch)
 * @SCHED_RQ_REPRIO:	@p, queued, not running, was requeued after its
 *			priority or policy changed (setscheduler, nice,
 *			a PI boost)
 */
enum sched_rq_why {
	SCHED_RQ_WAKE,
	SCHED_RQ_NEW,
	SCHED_RQ_MOVED,
	SCHED_RQ_REPRIO,
};

/**
 * struct sched_class_ops - what a design tells the plumbing
 *
 * Unless said otherwise an operation is mandatory, is called with the
 * runqueue lock of @rq held and interrupts off, and must not drop it.
 * "Queued" means what @on_rq says, which for a design that takes the
 * running task out of its structure while it runs (the kernel's
 * set_next/put_prev) still includes the running task.
 *
 * @enqueue:	put @p on the design's queue of @rq and mark it on_rq.
 *		The plumbing counts rq->nr_running itself.  @p's CPU is
 *		rq->cpu already.
 * @dequeue:	take queued @p off the design's queue of @rq and mark it
 *		not on_rq; @p may be rq->curr (it sleeps, or lost its CPU).
 * @on_rq:	whether @p is queued.  Any context, lock of @p's rq held
 *		where the answer must hold.
 * @pick_next:	the task to run next on @rq, or NULL for the idle task.
 *		From schedule(): rq->curr is still prev, which may have
 *		been dequeued just before.  Counts rq->pick_work.  Not
 *		called while rq->idle_next is set.
 * @preempts:	whether @p, just queued on @rq for reason @why, should
 *		take the CPU from rq->curr (which may be the idle task).
 * @preempt:	optional: act on a yes from @preempts, for a design that
 *		may delay it (a cache delay); default: reschedule rq->curr.
 * @pullable:	a queued task of @rq that is not running and may run on
 *		@cpu (any CPU if @cpu is -1), best first, or NULL.  Used
 *		by the idle pull and to empty a dead CPU's queue.
 * @switched:	optional: prev leaves @rq's CPU, next takes it; called by
 *		schedule() just before the switch, rq->curr still prev.  A
 *		fair design updates its clock, puts prev back in its tree
 *		and takes next out here.
 * @tick:	the timer tick on @rq's CPU while @curr (not the idle
 *		task) runs; hardirq context.
 * @balance:	optional: after @tick, every tick, idle task included,
 *		with NO lock held (hardirq, interrupts off): a periodic
 *		balancer (sched_rq_pull_from() helps).
 * @idle_balance: optional: schedule() on @rq found nothing queued;
 *		replaces the plumbing's idle pull (sched_rq_idle_pull()).
 *		May drop and retake rq->lock.
 * @cpu_idle:	optional: whether a waking task should take @rq's CPU as
 *		idle; default: the idle task runs there.  No lock held.
 * @fork:	set up the design's fields of new task @p (not queued, no
 *		lock held; the plumbing sets its state and preempt count).
 * @exit:	optional: @p exits (sched_exit()), no lock held.
 * @waking:	optional: @p, which slept in @old_state, is about to be
 *		queued on @rq by a wake-up.
 * @new_task:	optional: new @p is about to be queued on @rq for the
 *		first time (wake_up_new_task()); current is its parent.
 * @init_idle:	set up the design's fields of idle task @idle; no lock.
 * @yield:	current, queued on @rq, yields: requeue it as the design
 *		wants; schedule() follows.
 * @set_nice:	set @p's static priority from @nice and what follows from
 *		it; dequeue and requeue @p as the design wants (and call
 *		sched_rq_requeued()).  @nice is valid and not @p's nice.
 * @setscheduler: @p is off the queue: set its policy, rt_priority @prio
 *		and what follows.  Returns nonzero if @p, running, got
 *		worse and should give way.
 * @reprio:	optional (PI): @p is off the queue: recompute its
 *		priority (p->pi_prio changed).  Returns as @setscheduler.
 */
struct sched_class_ops {
	void (*enqueue)(task_t *p, struct sched_rq *rq);
	void (*dequeue)(task_t *p, struct sched_rq *rq);
	int (*on_rq)(const task_t *p);
	task_t *(*pick_next)(struct sched_rq *rq);
	int (*preempts)(const task_t *p, struct sched_rq *rq,
			enum sched_rq_why why);
	void (*preempt)(task_t *p, struct sched_rq *rq, enum sched_rq_why why);
	task_t *(*pullable)(struct sched_rq *rq, int cpu);
	void (*switched)(struct sched_rq *rq, task_t *prev, task_t *next);
	void (*tick)(struct sched_rq *rq, task_t *curr);
	void (*balance)(struct sched_rq *rq);
	void (*idle_balance)(struct sched_rq *rq);
	int (*cpu_idle)(struct sched_rq *rq);
	void (*fork)(task_t *p);
	void (*exit)(task_t *p);
	void (*waking)(task_t *p, struct sched_rq *rq, long old_state);
	void (*new_task)(task_t *p, struct sched_rq *rq);
	void (*init_idle)(task_t *idle);
	void (*yield)(task_t *p, struct sched_rq *rq);
	void (*set_nice)(task_t *p, struct sched_rq *rq, long nice);
	int (*setscheduler)(task_t *p, struct sched_rq *rq, int policy,
			    int prio);
	int (*reprio)(task_t *p, struct sched_rq *rq);
};

/*
 * Set-up, from the driver's init hook: sched_rq_init() clears every
 * runqueue, points its lock at its own and installs @ops; the driver
 * then sets up its queues and calls sched_rq_init_idle(current, cpu).
 * sched_rq_share_lock() points @rq at @lock (a global-queue design, for
 * every CPU, right after sched_rq_init()).
 */
extern void sched_rq_init(const struct sched_class_ops *ops);
extern void sched_rq_share_lock(struct sched_rq *rq, spinlock_t *lock);

/*
 * For the design's operations and its own code.  Locking:
 * sched_rq_task_lock() locks @p's runqueue, interrupts off, retrying
 * if @p moves meanwhile; sched_rq_double_lock() takes two runqueues'
 * locks (once if shared) in address order, interrupts already off.
 * Queueing, rq locked: sched_rq_enqueue()/_dequeue() call the design's
 * operation and count nr_running; sched_rq_migrate() moves queued @p
 * from @src to @dst (dequeue, set_task_cpu, enqueue); sched_rq_move()
 * moves only the accounting and task_cpu of queued @p (a design with
 * one global queue, whose pick took a task last run elsewhere), both
 * locks held.  Preemption: sched_rq_resched() marks @p for reschedule
 * and interrupts its CPU; sched_rq_preempt() asks @ops->preempts and
 * acts; sched_rq_requeued() is what follows a priority change of
 * queued @p (running and @worse: it gives way; else sched_rq_preempt()
 * with SCHED_RQ_REPRIO).  Placement and balancing:
 * sched_rq_least_loaded_cpu() is the allowed online CPU with the
 * fewest queued tasks (lowest first, -1 if none); sched_rq_busiest() is
 * the online runqueue other than @rq with the most tasks, at least
 * @min (lowest first, NULL if none); sched_rq_lock_balance() takes
 * @busiest's lock as well as locked @rq's (dropping and retaking @rq's
 * to keep the order), sched_rq_unlock_balance() drops @busiest's
 * again; sched_rq_idle_pull() is the default idle pull (one task from
 * the busiest CPU with two or more); sched_rq_pull_from() moves one
 * pullable task of @busiest to @rq if @busiest has two more, both
 * locked, counting it as @type, and returns 1 if it did.
 */
extern struct sched_rq *sched_rq_task_lock(task_t *p, unsigned long *flags);
extern void sched_rq_task_unlock(struct sched_rq *rq, unsigned long *flags);
extern void sched_rq_double_lock(struct sched_rq *a, struct sched_rq *b);
extern void sched_rq_double_unlock(struct sched_rq *a, struct sched_rq *b);
extern void sched_rq_enqueue(task_t *p, struct sched_rq *rq);
extern void sched_rq_dequeue(task_t *p, struct sched_rq *rq);
extern void sched_rq_migrate(task_t *p, struct sched_rq *src,
			     struct sched_rq *dst);
extern void sched_rq_move(task_t *p, struct sched_rq *src,
			  struct sched_rq *dst);
extern void sched_rq_resched(task_t *p);
extern void sched_rq_preempt(task_t *p, struct sched_rq *rq,
			     enum sched_rq_why why);
extern void sched_rq_requeued(task_t *p, struct sched_rq *rq, int worse);
extern int sched_rq_least_loaded_cpu(const task_t *p);
extern struct sched_rq *sched_rq_busiest(struct sched_rq *rq,
					 unsigned long min);
extern void sched_rq_lock_balance(struct sched_rq *rq,
				  struct sched_rq *busiest);
extern void sched_rq_unlock_balance(struct sched_rq *rq,
				    struct sched_rq *busiest);
extern void sched_rq_idle_pull(struct sched_rq *rq);
extern int sched_rq_pull_from(struct sched_rq *rq, struct sched_rq *busiest,
			      enum idle_type type);

/*
 * For the design's self-check (check_cpu): sched_rq_report() writes a
 * reason into @buf and returns 1; sched_rq_check() checks the rules of
 * online @rq the plumbing keeps (idle_next clear, the running task
 * queued) and reports as check_cpu does.
 */
extern int sched_rq_report(char *buf, int len, const char *fmt, ...);
extern int sched_rq_check(struct sched_rq *rq, char *buf, int len);

/*
 * For struct sched_drv, each the hook of the same name (kernel-doc in
 * runqueue.c): .schedule, .tail, .tick, .try_to_wake_up, .fork, .exit,
 * .wake_up_new_task, .init_idle, .io_schedule(_timeout),
 * .account_system_time, .account_steal_time, the nr_* counters,
 * .idle_cpu, .task_curr, .task_nice, .yield, .set_user_nice, .setscheduler,
 * .pi_setprio (needs @ops->reprio), .sched_idle_next, .show_schedstat,
 * .pick_work, sched_rq_nop for .init_smp and .exec, and under
 * CONFIG_SMP .migration_init (the hotplug notifier: dead CPUs' tasks
 * move to live ones), .set_cpus_allowed, .wait_task_inactive,
 * .cpu_attach_domain (no domains).
 */
extern void sched_rq_schedule(void);
extern void sched_rq_tail(task_t *prev);
extern void sched_rq_tick(void);
extern int sched_rq_try_to_wake_up(task_t *p, unsigned int state, int sync);
extern void sched_rq_fork(task_t *p);
extern void sched_rq_exit(task_t *p);
extern void sched_rq_wake_up_new_task(task_t *p, unsigned long clone_flags);
extern void sched_rq_init_idle(task_t *idle, int cpu);
extern void sched_rq_io_schedule(void);
extern long sched_rq_io_schedule_timeout(long timeout);
extern void sched_rq_account_system_time(struct task_struct *p,
					 int hardirq_offset, cputime_t cputime);
extern void sched_rq_account_steal_time(struct task_struct *p, cputime_t steal);
extern unsigned long sched_rq_nr_running(void);
extern unsigned long sched_rq_nr_uninterruptible(void);
extern unsigned long long sched_rq_nr_context_switches(void);
extern unsigned long sched_rq_nr_iowait(void);
extern int sched_rq_idle_cpu(int cpu);
extern int sched_rq_task_curr(const task_t *p);
extern int sched_rq_task_nice(const task_t *p);
extern long sched_rq_yield(void);
extern void sched_rq_set_user_nice(task_t *p, long nice);
extern int sched_rq_setscheduler(pid_t pid, int policy,
				 struct sched_param __user *param);
extern int sched_rq_pi_normal_prio(task_t *p);
extern void sched_rq_pi_setprio(task_t *p);
extern void sched_rq_sched_idle_next(void);
extern int sched_rq_show_schedstat(struct seq_file *seq, void *v);
extern unsigned long long sched_rq_pick_work(void);
extern void sched_rq_nop(void);
extern int sched_rq_migration_init(void);
extern int sched_rq_set_cpus_allowed(task_t *p, cpumask_t new_mask);
extern void sched_rq_wait_task_inactive(task_t *p);
extern void sched_rq_cpu_attach_domain(struct sched_domain *sd, int cpu);

/**
 * struct sched_levels - a priority array: one FIFO list per level
 * @nr_active:	tasks queued on it
 * @bitmap:	bit n set while level n holds a task, a delimiter bit at
 *		SCHED_LEVELS for the searches
 * @queue:	the lists, one per level 0..SCHED_LEVELS-1, best first
 *
 * For a design that queues by level, as 2.6.10's prio_array: picking
 * the best is one bitmap search.  The design keeps one beside each
 * struct sched_rq (or one in all), under that runqueue's lock, and
 * links its tasks by a list_head of its per-task data.
 */
#define SCHED_LEVELS	MAX_PRIO

struct sched_levels {
	unsigned int nr_active;
	unsigned long bitmap[BITS_TO_LONGS(SCHED_LEVELS + 1)];
	struct list_head queue[SCHED_LEVELS];
};

/* sched_levels_best - the best level holding a task, SCHED_LEVELS if none */
static inline int sched_levels_best(const struct sched_levels *a)
{
	return find_first_bit(a->bitmap, SCHED_LEVELS);
}

/* for_each_sched_level - the levels of @a that hold tasks, best first. */
#define for_each_sched_level(level, a)					\
	for ((level) = sched_levels_best(a); (level) < SCHED_LEVELS;	\
	     (level) = find_next_bit((a)->bitmap, SCHED_LEVELS, (level) + 1))

/*
 * sched_levels_init() empties @a; sched_levels_add() links @node at the
 * tail of @level, sched_levels_del() unlinks it from @level (where it
 * must be); sched_levels_first() is the head of the best level, NULL if
 * @a is empty.  With @offset the place of the list_head in task_t
 * (offsetof(task_t, u.NAME.run_list)): sched_levels_pullable() is the
 * first task of @a, best level first, not running on @rq and allowed
 * on @cpu (any CPU if -1), or NULL, what a design's pullable() returns;
 * sched_levels_for_each() calls @fn for each task, in that order, as
 * for_each_queued does.  sched_levels_check() is the self-check of @a
 * beside @rq
 * (each level whose bit is set holds tasks, @check passes for each,
 * with its level, and they add up to nr_active and rq->nr_running, as
 * when the running task stays queued).
 */
extern void sched_levels_init(struct sched_levels *a);
extern void sched_levels_add(struct sched_levels *a, struct list_head *node,
			     int level);
extern void sched_levels_del(struct sched_levels *a, struct list_head *node,
			     int level);
extern struct list_head *sched_levels_first(struct sched_levels *a);
extern task_t *sched_levels_pullable(struct sched_levels *a,
				     struct sched_rq *rq, int cpu,
				     unsigned long offset);
extern void sched_levels_for_each(struct sched_levels *a, unsigned long offset,
				  void (*fn)(task_t *, void *), void *arg);
typedef int (*sched_levels_check_fn)(struct list_head *node, int cpu, int level,
				     char *buf, int len);
extern int sched_levels_check(struct sched_levels *a, struct sched_rq *rq,
			      sched_levels_check_fn check, char *buf, int len);

/*
 * SCHED_RQ_DRV_HOOKS - the members of struct sched_drv the plumbing and
 * libsched fill, first in a driver's table ("SCHED_RQ_DRV_HOOKS,").
 * The driver adds its name, init, rt_task, set_oom_timeslice,
 * task_prio, rr_get_interval, under CONFIG_CPUSCHED_PI normal_prio and
 * pi_setprio (sched_rq_pi_setprio, or its own), its tunables and the
 * self-test hooks but pick_work.  It names none of the macro's members
 * again: an initializer that overrides another is a warning.
 */
#ifdef CONFIG_SMP
/* clang-format off */
#define SCHED_RQ_DRV_SMP						\
	.migration_init		= sched_rq_migration_init,		\
	.exec			= sched_rq_nop,				\
	.set_cpus_allowed	= sched_rq_set_cpus_allowed,		\
	.wait_task_inactive	= sched_rq_wait_task_inactive,		\
	.cpu_attach_domain	= sched_rq_cpu_attach_domain,
/* clang-format on */
#else
#define SCHED_RQ_DRV_SMP
#endif
#ifdef CONFIG_SCHEDSTATS
#define SCHED_RQ_DRV_SCHEDSTATS	.show_schedstat = sched_rq_show_schedstat,
#else
#define SCHED_RQ_DRV_SCHEDSTATS
#endif
#ifdef CONFIG_CPUSCHED_SELFTEST
#define SCHED_RQ_DRV_SELFTEST	.pick_work = sched_rq_pick_work,
#else
#define SCHED_RQ_DRV_SELFTEST
#endif

/* clang-format off */
#define SCHED_RQ_DRV_HOOKS						\
	.account_steal_time	= sched_rq_account_steal_time,		\
	.account_system_time	= sched_rq_account_system_time,		\
	.account_user_time	= sched_account_user,			\
	.wait_for_completion	= default_wait_for_completion,		\
	.io_schedule		= sched_rq_io_schedule,			\
	.io_schedule_timeout	= sched_rq_io_schedule_timeout,		\
	.nr_running		= sched_rq_nr_running,			\
	.nr_uninterruptible	= sched_rq_nr_uninterruptible,		\
	.nr_context_switches	= sched_rq_nr_context_switches,		\
	.nr_iowait		= sched_rq_nr_iowait,			\
	.idle_cpu		= sched_rq_idle_cpu,			\
	.init_idle		= sched_rq_init_idle,			\
	.exit			= sched_rq_exit,			\
	.fork			= sched_rq_fork,			\
	.init_smp		= sched_rq_nop,				\
	.schedule		= sched_rq_schedule,			\
	.tick			= sched_rq_tick,			\
	.tail			= sched_rq_tail,			\
	.setscheduler		= sched_rq_setscheduler,		\
	.set_user_nice		= sched_rq_set_user_nice,		\
	.yield			= sched_rq_yield,			\
	.task_curr		= sched_rq_task_curr,			\
	.task_nice		= sched_rq_task_nice,			\
	.try_to_wake_up		= sched_rq_try_to_wake_up,		\
	.wake_up_new_task	= sched_rq_wake_up_new_task,		\
	SCHED_RQ_DRV_SMP						\
	SCHED_RQ_DRV_SCHEDSTATS						\
	SCHED_RQ_DRV_SELFTEST						\
	.sched_idle_next	= sched_rq_sched_idle_next
/* clang-format on */

#endif /* _LINUX_SCHED_RQ_H */
