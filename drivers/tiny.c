/*
 *  drivers/tiny.c (kernel/tiny.c in a plugsched tree)
 *
 *  tiny - the smallest complete plugsched cpu scheduler driver.
 *
 *  Design: strict priority for real-time tasks and one round-robin level
 *  for everything else.  SCHED_FIFO and SCHED_RR tasks are queued by RT
 *  priority and always run before SCHED_NORMAL ones; SCHED_FIFO runs
 *  until it blocks or yields, SCHED_RR and SCHED_NORMAL run for a
 *  timeslice and go to the tail of their level.  Nice changes only the
 *  length of a SCHED_NORMAL timeslice (5 ms at nice 19, 100 ms at 0,
 *  200 ms at -20), never the order, so no SCHED_NORMAL task starves: each
 *  one runs at least once per round of its CPU's queue.
 *
 *  Each CPU has its own queue: a bitmap of non-empty levels and one
 *  list per level, so picking the next task is O(1).  Tasks are spread
 *  only at fork (least loaded allowed CPU) and wake-up (an idle allowed
 *  CPU, else where they last ran), and a CPU about to go idle pulls one
 *  queued task from the busiest other CPU.  There are no sched domains,
 *  no interactivity estimate and no cache-hot logic.
 *
 *  Where it behaves well: small machines, embedded use, tests of the
 *  framework.  What it lacks: periodic load balancing, so two hogs that
 *  land on one CPU of an otherwise busy machine share it until one of
 *  them sleeps.
 *
 *  tiny keeps only its queue; libsched's runqueue.c is its SMP plumbing
 *  (locking, placement, pulling, affinity, hotplug, schedstat).  It is
 *  the worked example of docs/writing-a-driver.md: read it top to bottom.
 */
#include <linux/sched.h>
#include <linux/sched_rq.h>

/* Levels, best first: 0..99 for RT (99 - rt_priority), 100 for NORMAL. */
#define TINY_NORMAL_LEVEL	MAX_RT_PRIO

/*
 * Timeslices, in ms: timeslice_ms at nice 0 (the "timeslice" tunable,
 * 5..1000, default DEF_TIMESLICE_MS), scaled linearly by nice, never
 * below MIN_TIMESLICE_MS.
 */
#define MIN_TIMESLICE_MS	5
#define DEF_TIMESLICE_MS	100
#define MAX_TIMESLICE_MS	1000

static int timeslice_ms = DEF_TIMESLICE_MS;

/*
 * The per-CPU queue: a priority array beside its CPU's sched_rq, whose
 * lock protects it and u.tiny of the tasks on it (the running one too).
 */
static DEFINE_PER_CPU(struct sched_levels, tiny_levels);

#define rq_levels(rq)		(&per_cpu(tiny_levels, (rq)->cpu))
#define TINY_LINK		offsetof(task_t, u.tiny.run_list)

/* ---- priorities and slices ----------------------------------------------- */

static int tiny_rt_task(task_t *p)
{
	return p->u.tiny.prio < MAX_RT_PRIO;
}

static int level_of(const task_t *p)
{
	return min(p->u.tiny.prio, TINY_NORMAL_LEVEL);
}

/* task_timeslice - the slice of @p in jiffies (RR and NORMAL). */
static unsigned int task_timeslice(const task_t *p)
{
	unsigned int ms = timeslice_ms * (MAX_PRIO - p->static_prio) / 20;

	if (ms < MIN_TIMESLICE_MS)
		ms = MIN_TIMESLICE_MS;
	return max(1UL, msecs_to_jiffies(ms));
}

/*
 * sliced - whether @p's timeslice runs out: SCHED_RR, and SCHED_NORMAL
 * at the normal level.  A SCHED_NORMAL task boosted into the RT range
 * runs as SCHED_FIFO there, as in the kernel.
 */
static int sliced(const task_t *p)
{
	if (p->policy == SCHED_NORMAL)
		return p->u.tiny.prio >= MAX_RT_PRIO;
	return p->policy == SCHED_RR;
}

/* relevel - @p, off its queue, takes its effective level: worse? */
static int relevel(task_t *p, struct sched_rq *rq)
{
	int old_level = level_of(p);

	p->u.tiny.prio = sched_rq_effective_prio(p);
	return level_of(p) > old_level;
}

/* ---- the class operations: what the plumbing asks of tiny ---------------- */

static void tiny_enqueue(task_t *p, struct sched_rq *rq)
{
	sched_levels_add(rq_levels(rq), &p->u.tiny.run_list, level_of(p));
	p->u.tiny.on_rq = 1;
}

static void tiny_dequeue(task_t *p, struct sched_rq *rq)
{
	sched_levels_del(rq_levels(rq), &p->u.tiny.run_list, level_of(p));
	p->u.tiny.on_rq = 0;
}

static int tiny_on_rq(const task_t *p)
{
	return p->u.tiny.on_rq;
}

/* requeue_task - @p to the tail of its level: slice over, or a yield. */
static void requeue_task(task_t *p, struct sched_rq *rq)
{
	list_move_tail(&p->u.tiny.run_list, rq_levels(rq)->queue + level_of(p));
}

/* tiny_pick_next - the head of the best level: one bitmap search. */
static task_t *tiny_pick_next(struct sched_rq *rq)
{
	struct list_head *first = sched_levels_first(rq_levels(rq));

	rq->pick_work++;
	return first ? list_entry(first, task_t, u.tiny.run_list) : NULL;
}

/* A better level preempts, whatever queued it; anything preempts idle. */
static int tiny_preempts(const task_t *p, struct sched_rq *rq,
			 enum sched_rq_why why)
{
	return level_of(p) < level_of(rq->curr) || rq->curr == rq->idle;
}

/* tiny_pullable - the first queued task not running, allowed on @cpu. */
static task_t *tiny_pullable(struct sched_rq *rq, int cpu)
{
	return sched_levels_pullable(rq_levels(rq), rq, cpu, TINY_LINK);
}

/* tiny_tick - a slice that runs out sends its task to the tail. */
static void tiny_tick(struct sched_rq *rq, task_t *p)
{
	if (sliced(p) && p->u.tiny.on_rq && !--p->u.tiny.time_slice) {
		p->u.tiny.time_slice = task_timeslice(p);
		requeue_task(p, rq);
		set_tsk_need_resched(p);
	}
}

/* tiny_fork - a fresh slice (no splitting with the parent), its level. */
static void tiny_fork(task_t *p)
{
	INIT_LIST_HEAD(&p->u.tiny.run_list);
	p->u.tiny.on_rq = 0;
	p->u.tiny.prio = sched_rq_effective_prio(p);
	p->u.tiny.time_slice = task_timeslice(p);
}

/* The idle task is below every level and never queued. */
static void tiny_init_idle(task_t *idle)
{
	tiny_fork(idle);
	idle->u.tiny.prio = MAX_PRIO;
}

/* Nice: the slice length only; the level stays, and so does the place. */
static void tiny_set_nice(task_t *p, struct sched_rq *rq, long nice)
{
	p->static_prio = NICE_TO_PRIO(nice);
	p->u.tiny.prio = sched_rq_effective_prio(p);
	if (p->u.tiny.time_slice > task_timeslice(p))
		p->u.tiny.time_slice = task_timeslice(p);
}

static int tiny_setscheduler(task_t *p, struct sched_rq *rq, int policy,
			     int prio)
{
	BUG_ON(p->u.tiny.on_rq);
	p->policy = policy;
	p->rt_priority = prio;
	return relevel(p, rq);
}

static const struct sched_class_ops tiny_ops = {
	.enqueue	= tiny_enqueue,
	.dequeue	= tiny_dequeue,
	.on_rq		= tiny_on_rq,
	.pick_next	= tiny_pick_next,
	.preempts	= tiny_preempts,
	.pullable	= tiny_pullable,
	.tick		= tiny_tick,
	.fork		= tiny_fork,
	.init_idle	= tiny_init_idle,
	.yield		= requeue_task,	/* equal levels first, worse not */
	.set_nice	= tiny_set_nice,
	.setscheduler	= tiny_setscheduler,
	.reprio		= relevel,
};

/* ---- the hooks of struct sched_drv that are tiny's own ------------------- */

static void tiny_sched_init(void)
{
	int cpu;

	sched_rq_init(&tiny_ops);
	for (cpu = 0; cpu < NR_CPUS; cpu++)
		sched_levels_init(&per_cpu(tiny_levels, cpu));
	/* The boot task becomes this CPU's idle task. */
	sched_rq_init_idle(current, smp_processor_id());
}

/* task_prio - the "PR" column: RT -1..-100 below, 0..39 for nice. */
static int tiny_task_prio(const task_t *p)
{
	return p->u.tiny.prio - MAX_RT_PRIO;
}

static void tiny_set_oom_timeslice(task_t *p)
{
	p->u.tiny.time_slice = HZ;
}

static long tiny_rr_get_interval(pid_t pid, struct timespec __user *interval)
{
	return sched_rr_interval(pid, interval, task_timeslice);
}

/* ---- checks -------------------------------------------------------------- */

#ifdef CONFIG_CPUSCHED_SELFTEST
static void tiny_for_each_queued(int cpu, void (*fn)(task_t *, void *),
				 void *arg)
{
	sched_levels_for_each(&per_cpu(tiny_levels, cpu), TINY_LINK, fn, arg);
}

/*
 * check_task - one task queued at @level is marked on_rq, sits at the
 * level of its priority, which is sched_rq_effective_prio()'s (every
 * change of policy, nice or boost recomputes it), and has a tick of its
 * slice left at least (the tick refills it the moment it reaches 0).
 */
static int check_task(struct list_head *node, int cpu, int level, char *buf,
		      int len)
{
	task_t *p = list_entry(node, task_t, u.tiny.run_list);

	if (level_of(p) != level || !p->u.tiny.on_rq)
		return sched_rq_report(buf, len,
				       "cpu%d: %s/%d queued at level %d, "
				       "prio %d, on_rq %d",
				       cpu, p->comm, p->pid, level,
				       p->u.tiny.prio, p->u.tiny.on_rq);
	if (p->u.tiny.prio != sched_rq_effective_prio(p))
		return sched_rq_report(buf, len,
				       "cpu%d: %s/%d has prio %d, normal %d, "
				       "inherited %d",
				       cpu, p->comm, p->pid, p->u.tiny.prio,
				       sched_rq_normal_prio(p),
				       task_inherited_prio(p));
	if (!p->u.tiny.time_slice)
		return sched_rq_report(buf, len,
				       "cpu%d: %s/%d has no slice left", cpu,
				       p->comm, p->pid);
	return 0;
}

/*
 * check_curr - the running task is at the best level queued, or a
 * reschedule is pending; the idle task is worse than every level.
 */
static int check_curr(struct sched_rq *rq, char *buf, int len)
{
	task_t *curr = rq->curr;
	int best = sched_levels_best(rq_levels(rq));
	int level = curr == rq->idle ? SCHED_LEVELS : level_of(curr);

	if (best < level && !test_tsk_thread_flag(curr, TIF_NEED_RESCHED))
		return sched_rq_report(buf, len,
				       "cpu%d: %s/%d runs at level %d while "
				       "level %d waits, no reschedule pending",
				       rq->cpu, curr->comm, curr->pid, level,
				       best);
	return 0;
}

/*
 * tiny_check_cpu - the rules of online @cpu: the plumbing's, the idle
 * task below every level (MAX_PRIO) and never queued, check_curr(),
 * and the array's, each queued task obeying check_task().
 * O(tasks queued there).
 */
static int tiny_check_cpu(int cpu, char *buf, int len)
{
	struct sched_rq *rq = sched_cpu_rq(cpu);
	task_t *idle = rq->idle;

	if (!cpu_online(cpu))
		return 0;
	if (sched_rq_check(rq, buf, len))
		return 1;
	if (idle->u.tiny.prio != MAX_PRIO || idle->u.tiny.on_rq)
		return sched_rq_report(buf, len,
				       "cpu%d: idle task at prio %d, on_rq %d",
				       cpu, idle->u.tiny.prio,
				       idle->u.tiny.on_rq);
	if (check_curr(rq, buf, len))
		return 1;
	return sched_levels_check(rq_levels(rq), rq, check_task, buf, len);
}
#endif /* CONFIG_CPUSCHED_SELFTEST */

#ifdef CONFIG_CPUSCHED_TUNABLES
static const struct sched_tunable tiny_tunables[] = {
	{
		.name	= "timeslice",
		.desc	= "timeslice of a nice 0 task in ms; nice scales it",
		.min	= MIN_TIMESLICE_MS,
		.max	= MAX_TIMESLICE_MS,
		.def	= DEF_TIMESLICE_MS,
		.value	= &timeslice_ms,
	},
	{ .name = NULL }
};
#endif /* CONFIG_CPUSCHED_TUNABLES */

#ifdef CONFIG_CPUSCHED_SELFTEST
/*
 * The longest a runnable SCHED_NORMAL task waits: every other task of
 * its CPU runs one slice first, at most a nice -20 one each.
 */
static unsigned long tiny_starvation_bound(unsigned long nr_running)
{
	unsigned long worst = msecs_to_jiffies(timeslice_ms * 2);

	return nr_running ? (nr_running - 1) * worst + 1 : 0;
}
#endif /* CONFIG_CPUSCHED_SELFTEST */

/* The plumbing fills the rest of the table: SCHED_RQ_DRV_HOOKS. */
struct sched_drv tiny_sched_drv = {
	SCHED_RQ_DRV_HOOKS,
	.cpusched_name		= "tiny",
	.init			= tiny_sched_init,
	.rt_task		= tiny_rt_task,
	.set_oom_timeslice	= tiny_set_oom_timeslice,
	.task_prio		= tiny_task_prio,
	.rr_get_interval	= tiny_rr_get_interval,
#ifdef CONFIG_CPUSCHED_PI
	.normal_prio		= sched_rq_pi_normal_prio,
	.pi_setprio		= sched_rq_pi_setprio,
#endif
#ifdef CONFIG_CPUSCHED_TUNABLES
	.tunables		= tiny_tunables,
#endif
#ifdef CONFIG_CPUSCHED_SELFTEST
	.for_each_queued	= tiny_for_each_queued,
	.check_cpu		= tiny_check_cpu,
	.starvation_bound	= tiny_starvation_bound,
	.o1			= 1,
#endif
};
