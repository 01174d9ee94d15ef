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
 *  Each CPU has its own runqueue: a bitmap of non-empty levels and one
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
 *  Written for the plugsched host framework as its worked example: read
 *  it top to bottom to see every hook a driver fills.
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
 * (99 - rt_priority), then one level for every SCHED_NORMAL task.
 */
#define TINY_NORMAL_LEVEL	MAX_RT_PRIO
#define TINY_LEVELS		(MAX_RT_PRIO + 1)

/* clang-format 14 takes "(prio) - MAX_RT_PRIO" for a cast: keep as written. */
/* clang-format off */
#define NICE_TO_PRIO(nice)	(MAX_RT_PRIO + (nice) + 20)
#define PRIO_TO_NICE(prio)	((prio) - MAX_RT_PRIO - 20)
#define TASK_NICE(p)		PRIO_TO_NICE((p)->static_prio)
/* clang-format on */

/*
 * Timeslices, in ms: timeslice_ms at nice 0 (the "timeslice" tunable,
 * 5..1000, default DEF_TIMESLICE_MS), scaled linearly by nice, never
 * below MIN_TIMESLICE_MS.
 */
#define MIN_TIMESLICE_MS	5
#define DEF_TIMESLICE_MS	100
#define MAX_TIMESLICE_MS	1000

static int timeslice_ms = DEF_TIMESLICE_MS;

/* /proc/schedstat format version (the 2.6.10 line format). */
#define SCHEDSTAT_VERSION	10

struct tiny_array {
	unsigned int nr_active;
	unsigned long bitmap[BITS_TO_LONGS(TINY_LEVELS + 1)];
	struct list_head queue[TINY_LEVELS];
};

/*
 * The per-CPU runqueue.  ->lock protects everything in it and the
 * u.tiny fields of the tasks queued on it.  Two runqueue locks are
 * always taken in ascending address order.
 */
struct tiny_rq {
	spinlock_t lock;
	unsigned long nr_running;
	unsigned long long nr_switches;
	long nr_uninterruptible;	/* per CPU it may go negative */
	atomic_t nr_iowait;
	task_t *curr, *idle;
	task_t *push;			/* prev to requeue on an allowed CPU */
	int idle_next;			/* sched_idle_next(): run idle next */
	struct tiny_array array;

	/* schedstat */
	unsigned long yld_cnt;
	unsigned long sched_noswitch, sched_switch, sched_cnt, sched_goidle;
	unsigned long ttwu_cnt, ttwu_moved, wunt_cnt, wunt_moved;
	unsigned long pulled, lost;	/* by a CPU going idle */
	unsigned long long pick_work;	/* levels examined by pick_next() */
};

static DEFINE_PER_CPU(struct tiny_rq, tiny_runqueues);

#define cpu_rq(cpu)		(&per_cpu(tiny_runqueues, (cpu)))
#define this_rq()		(&__get_cpu_var(tiny_runqueues))
#define task_rq(p)		cpu_rq(task_cpu(p))
#define task_running(rq, p)	((rq)->curr == (p))

/* ---- helpers ------------------------------------------------------------- */

/* for_each_level - the non-empty levels of @a, best first. */
#define for_each_level(level, a)					\
	for ((level) = find_first_bit((a)->bitmap, TINY_LEVELS);	\
	     (level) < TINY_LEVELS;					\
	     (level) = find_next_bit((a)->bitmap, TINY_LEVELS, (level) + 1))

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

static int normal_prio(const task_t *p)
{
	if (p->policy != SCHED_NORMAL)
		return MAX_USER_RT_PRIO - 1 - p->rt_priority;
	return p->static_prio;
}

/*
 * effective_prio - the priority @p is queued at: its normal one, or the
 * one it inherits through an rt_mutex (p->pi_prio) if that is better.
 * Every place that sets u.tiny.prio uses it, so a boost survives
 * setscheduler and nice and the new normal priority shows when it ends.
 */
static int effective_prio(const task_t *p)
{
	return min(normal_prio(p), task_inherited_prio(p));
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

static void enqueue_task(task_t *p, struct tiny_rq *rq)
{
	struct tiny_array *a = &rq->array;
	int level = level_of(p);

	list_add_tail(&p->u.tiny.run_list, a->queue + level);
	__set_bit(level, a->bitmap);
	a->nr_active++;
	p->u.tiny.on_rq = 1;
	rq->nr_running++;
}

static void dequeue_task(task_t *p, struct tiny_rq *rq)
{
	struct tiny_array *a = &rq->array;
	int level = level_of(p);

	list_del_init(&p->u.tiny.run_list);
	if (list_empty(a->queue + level))
		__clear_bit(level, a->bitmap);
	a->nr_active--;
	p->u.tiny.on_rq = 0;
	rq->nr_running--;
}

static void requeue_task(task_t *p, struct tiny_rq *rq)
{
	list_move_tail(&p->u.tiny.run_list, rq->array.queue + level_of(p));
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

static int preempts(const task_t *p, const struct tiny_rq *rq)
{
	return level_of(p) < level_of(rq->curr) || rq->curr == rq->idle;
}

/*
 * task_rq_lock - lock the runqueue @p is on.  Interrupts off; the task
 * may move between reading its CPU and getting the lock, hence the loop.
 */
static struct tiny_rq *task_rq_lock(task_t *p, unsigned long *flags)
{
	struct tiny_rq *rq;

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

static void task_rq_unlock(struct tiny_rq *rq, unsigned long *flags)
{
	spin_unlock_irqrestore(&rq->lock, *flags);
}

/* double_rq_lock - lock two runqueues in address order; irqs are off. */
static void double_rq_lock(struct tiny_rq *a, struct tiny_rq *b)
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

static void double_rq_unlock(struct tiny_rq *a, struct tiny_rq *b)
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

/* Where a waking task goes: its CPU if idle, an idle allowed one, else its. */
static int wake_cpu(const task_t *p)
{
	int cpu = task_cpu(p);

	if (cpu_online(cpu) && cpu_isset(cpu, p->cpus_allowed) &&
	    cpu_rq(cpu)->curr == cpu_rq(cpu)->idle)
		return cpu;
	for_each_online_cpu(cpu)
		if (cpu_isset(cpu, p->cpus_allowed) &&
		    cpu_rq(cpu)->curr == cpu_rq(cpu)->idle)
			return cpu;
	cpu = task_cpu(p);
	if (cpu_online(cpu) && cpu_isset(cpu, p->cpus_allowed))
		return cpu;
	return any_online_cpu(p->cpus_allowed);
}

/* ---- time accounting ----------------------------------------------------- */

static int iowait_here(struct tiny_rq *rq)
{
	return atomic_read(&rq->nr_iowait) > 0;
}

static void tiny_account_system_time(struct task_struct *p, int hardirq_offset,
				     cputime_t cputime)
{
	struct tiny_rq *rq = this_rq();

	sched_account_system(p, hardirq_offset, cputime, p == rq->idle,
			     iowait_here(rq));
}

static void tiny_account_steal_time(struct task_struct *p, cputime_t steal)
{
	struct tiny_rq *rq = this_rq();

	sched_account_steal(p, steal, p == rq->idle, iowait_here(rq));
}

/* ---- counters ------------------------------------------------------------ */

static unsigned long tiny_nr_running(void)
{
	return sched_sum_rq(unsigned long, cpu_rq, nr_running);
}

static unsigned long tiny_nr_uninterruptible(void)
{
	return sched_sum_rq(long, cpu_rq, nr_uninterruptible);
}

static unsigned long long tiny_nr_context_switches(void)
{
	return sched_sum_rq(unsigned long long, cpu_rq, nr_switches);
}

static unsigned long tiny_nr_iowait(void)
{
	return sched_sum_rq(unsigned long, cpu_rq, nr_iowait.counter);
}

static int tiny_idle_cpu(int cpu)
{
	return cpu_rq(cpu)->curr == cpu_rq(cpu)->idle;
}

static int tiny_task_curr(const task_t *p)
{
	return cpu_rq(task_cpu(p))->curr == p;
}

static int tiny_task_nice(const task_t *p)
{
	return TASK_NICE(p);
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

/* ---- the context switch -------------------------------------------------- */

/*
 * push_prev - put a task that may no longer run on this CPU (its
 * affinity changed while it ran) onto an allowed one, now that it is
 * off the CPU.  Called with interrupts off, no runqueue lock held.
 */
static void push_prev(task_t *p)
{
	struct tiny_rq *src = task_rq(p), *dst;
	int cpu = least_loaded_cpu(p);

	dst = cpu_rq(cpu);
	double_rq_lock(src, dst);
	set_task_cpu(p, cpu);
	enqueue_task(p, dst);
	if (preempts(p, dst))
		resched_task(dst->curr);
	double_rq_unlock(src, dst);
}

/*
 * finish_task_switch - the second half of a switch, run by the new task:
 * drop the runqueue lock prev's schedule() took, requeue prev elsewhere
 * if it has to move, and free prev if it was exiting.
 */
static void finish_task_switch(task_t *prev)
{
	struct tiny_rq *rq = this_rq();
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

static void tiny_schedule_tail(task_t *prev)
{
	finish_task_switch(prev);
}

static void context_switch(struct tiny_rq *rq, task_t *prev, task_t *next)
{
	switch_mm(prev->active_mm, next->mm, next);
	switch_to(prev, next, prev);
	barrier();
	finish_task_switch(prev);
}

/* ---- pulling work when going idle ---------------------------------------- */

static task_t *first_pullable(struct tiny_rq *rq, int this_cpu)
{
	struct tiny_array *a = &rq->array;
	task_t *p;
	int level;

	for_each_level(level, a)
		list_for_each_entry(p, a->queue + level, u.tiny.run_list)
			if (!task_running(rq, p) &&
			    cpu_isset(this_cpu, p->cpus_allowed))
				return p;
	return NULL;
}

/*
 * idle_pull - this CPU has nothing to run: move one queued task here from
 * the busiest other CPU.  Called with this rq locked, irqs off.
 */
static void idle_pull(struct tiny_rq *this_rq, int this_cpu)
{
	struct tiny_rq *busiest = NULL, *rq;
	task_t *p;
	int cpu;

	for_each_online_cpu(cpu) {
		rq = cpu_rq(cpu);
		if (rq == this_rq || rq->nr_running < 2)
			continue;
		if (!busiest || rq->nr_running > busiest->nr_running)
			busiest = rq;
	}
	if (!busiest)
		return;
	if (busiest < this_rq) {
		/* keep address order: drop ours and take both */
		spin_unlock(&this_rq->lock);
		double_rq_lock(this_rq, busiest);
	} else {
		spin_lock(&busiest->lock);
	}
	p = first_pullable(busiest, this_cpu);
	if (p) {
		dequeue_task(p, busiest);
		set_task_cpu(p, this_cpu);
		enqueue_task(p, this_rq);
		this_rq->pulled++;
		busiest->lost++;
	}
	spin_unlock(&busiest->lock);
}

/* ---- schedule() and the tick --------------------------------------------- */

static task_t *pick_next(struct tiny_rq *rq)
{
	struct tiny_array *a = &rq->array;
	int level;

	rq->pick_work++;
	if (rq->idle_next || !a->nr_active)
		return rq->idle;
	level = find_first_bit(a->bitmap, TINY_LEVELS);
	return list_entry(a->queue[level].next, task_t, u.tiny.run_list);
}

/*
 * deactivate_prev - prev stops running because it sleeps: take it off
 * the runqueue, unless a signal makes an interruptible sleep moot.
 */
static void deactivate_prev(struct tiny_rq *rq, task_t *prev)
{
	if (prev->state == TASK_INTERRUPTIBLE && signal_pending(prev)) {
		prev->state = TASK_RUNNING;
		return;
	}
	if (prev->state == TASK_UNINTERRUPTIBLE)
		rq->nr_uninterruptible++;
	dequeue_task(prev, rq);
}

static void tiny_schedule(void)
{
	task_t *prev = current, *next;
	struct tiny_rq *rq;
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
	if (prev != rq->idle && prev->u.tiny.on_rq &&
	    !cpu_isset(cpu, prev->cpus_allowed)) {
		dequeue_task(prev, rq);
		rq->push = prev;
	}
	if (!rq->nr_running && !rq->idle_next)
		idle_pull(rq, cpu);

	next = pick_next(rq);
	if (next == rq->idle)
		rq->sched_goidle++;
	clear_tsk_need_resched(prev);

	if (likely(prev != next)) {
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

/*
 * tiny_scheduler_tick - account one tick to the running task; an RR or
 * NORMAL task whose slice ran out goes to the tail of its level.
 * Hardirq context, interrupts off.
 */
static void tiny_scheduler_tick(void)
{
	struct tiny_rq *rq = this_rq();
	task_t *p = current;

	if (p == rq->idle)
		return;
	spin_lock(&rq->lock);
	if (sliced(p) && p->u.tiny.on_rq && !--p->u.tiny.time_slice) {
		p->u.tiny.time_slice = task_timeslice(p);
		requeue_task(p, rq);
		set_tsk_need_resched(p);
	}
	spin_unlock(&rq->lock);
}

/* ---- wake-ups ------------------------------------------------------------ */

static void activate_task(task_t *p, struct tiny_rq *rq)
{
	enqueue_task(p, rq);
	if (preempts(p, rq))
		resched_task(rq->curr);
}

static int tiny_try_to_wake_up(task_t *p, unsigned int state, int sync)
{
	struct tiny_rq *rq;
	unsigned long flags;
	long old_state;
	int cpu, success = 0;

	rq = task_rq_lock(p, &flags);
	old_state = p->state;
	if (!(old_state & state))
		goto out;
	if (p->u.tiny.on_rq)
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
		if (p->u.tiny.on_rq)
			goto out_running;
	}
	if (old_state == TASK_UNINTERRUPTIBLE)
		rq->nr_uninterruptible--;
	activate_task(p, rq);
	success = 1;
out_running:
	p->state = TASK_RUNNING;
out:
	task_rq_unlock(rq, &flags);
	return success;
}

/*
 * tiny_sched_fork - set up a new task: a fresh slice (no splitting with
 * the parent), its level from its policy.
 */
static void tiny_sched_fork(task_t *p)
{
	p->state = TASK_RUNNING;
	INIT_LIST_HEAD(&p->u.tiny.run_list);
	p->u.tiny.on_rq = 0;
	p->u.tiny.prio = effective_prio(p);
	p->u.tiny.time_slice = task_timeslice(p);
	/* schedule_tail() drops the runqueue lock of the first switch */
	p->thread_info->preempt_count = 1;
}

static void tiny_wake_up_new_task(task_t *p, unsigned long clone_flags)
{
	struct tiny_rq *rq;
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
	p->u.tiny.prio = effective_prio(p);
	activate_task(p, rq);
	task_rq_unlock(rq, &flags);
}

/* Nothing to give back: tiny never splits a parent's slice. */
static void tiny_sched_exit(task_t *p)
{
}

/* ---- waiting ------------------------------------------------------------- */

static void tiny_io_schedule(void)
{
	struct tiny_rq *rq = this_rq();

	atomic_inc(&rq->nr_iowait);
	schedule();
	atomic_dec(&rq->nr_iowait);
}

static long tiny_io_schedule_timeout(long timeout)
{
	struct tiny_rq *rq = this_rq();
	long ret;

	atomic_inc(&rq->nr_iowait);
	ret = schedule_timeout(timeout);
	atomic_dec(&rq->nr_iowait);
	return ret;
}

/* ---- priorities and policies --------------------------------------------- */

static void tiny_set_user_nice(task_t *p, long nice)
{
	struct tiny_rq *rq;
	unsigned long flags;

	if (TASK_NICE(p) == nice || nice < -20 || nice > 19)
		return;
	rq = task_rq_lock(p, &flags);
	p->static_prio = NICE_TO_PRIO(nice);
	/* the level stays: NORMAL is one level, a boost keeps its own */
	p->u.tiny.prio = effective_prio(p);
	if (p->u.tiny.time_slice > task_timeslice(p))
		p->u.tiny.time_slice = task_timeslice(p);
	task_rq_unlock(rq, &flags);
}

/* __setscheduler - change policy and level; p is off the runqueue. */
static void __setscheduler(task_t *p, int policy, int prio)
{
	BUG_ON(p->u.tiny.on_rq);
	p->policy = policy;
	p->rt_priority = prio;
	p->u.tiny.prio = effective_prio(p);
}

/* tiny_setscheduler - sched_setscheduler() and sched_setparam(). */
static int tiny_setscheduler(pid_t pid, int policy,
			     struct sched_param __user *param)
{
	struct sched_param lp;
	struct tiny_rq *rq;
	unsigned long flags;
	int retval, old_level, queued;
	task_t *p;

	retval = sched_setscheduler_find(pid, &policy, param, &lp, &p);
	if (retval)
		return retval;

	rq = task_rq_lock(p, &flags);
	queued = p->u.tiny.on_rq;
	old_level = level_of(p);
	if (queued)
		dequeue_task(p, rq);
	__setscheduler(p, policy, lp.sched_priority);
	if (queued) {
		enqueue_task(p, rq);
		if (task_running(rq, p)) {
			if (level_of(p) > old_level)
				resched_task(p);
		} else if (preempts(p, rq)) {
			resched_task(rq->curr);
		}
	}
	task_rq_unlock(rq, &flags);
	read_unlock_irq(&tasklist_lock);
	return 0;
}

/* ---- priority inheritance ------------------------------------------------ */

#ifdef CONFIG_CPUSCHED_PI
static int tiny_normal_prio(task_t *p)
{
	return normal_prio(p);
}

/*
 * tiny_pi_setprio - p->pi_prio changed: requeue @p at its effective
 * level and preempt as due.  Called with p->pi_lock held, irqs off.
 */
static void tiny_pi_setprio(task_t *p)
{
	struct tiny_rq *rq;
	unsigned long flags;
	int old_level, queued;

	rq = task_rq_lock(p, &flags);
	queued = p->u.tiny.on_rq;
	old_level = level_of(p);
	if (queued)
		dequeue_task(p, rq);
	p->u.tiny.prio = effective_prio(p);
	if (queued) {
		enqueue_task(p, rq);
		if (task_running(rq, p)) {
			if (level_of(p) > old_level)
				resched_task(p);
		} else if (preempts(p, rq)) {
			resched_task(rq->curr);
		}
	}
	task_rq_unlock(rq, &flags);
}
#endif /* CONFIG_CPUSCHED_PI */

static long tiny_rr_get_interval(pid_t pid, struct timespec __user *interval)
{
	return sched_rr_interval(pid, interval, task_timeslice);
}

/*
 * tiny_yield - go to the tail of our level and reschedule: equal
 * priority tasks run first, lower ones still do not.
 */
static long tiny_yield(void)
{
	struct tiny_rq *rq;

	local_irq_disable();
	rq = this_rq();
	spin_lock(&rq->lock);
	rq->yld_cnt++;
	if (current->u.tiny.on_rq)
		requeue_task(current, rq);
	/*
	 * schedule() follows at once, so neither a preemption point nor
	 * interrupts on in between (2.6.10): it enables them itself.
	 */
	_raw_spin_unlock(&rq->lock);
	preempt_enable_no_resched();
	schedule();
	return 0;
}

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
	struct tiny_rq *rq = task_rq_lock(p, &flags);

	if (!p->u.tiny.on_rq && !task_running(rq, p))
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
	struct tiny_rq *dead = cpu_rq(dead_cpu), *dst;
	struct tiny_array *a = &dead->array;
	task_t *p;
	int cpu;

	write_lock_irq(&tasklist_lock);
	while (a->nr_active) {
		p = list_entry(
			a->queue[find_first_bit(a->bitmap, TINY_LEVELS)].next,
			task_t, u.tiny.run_list);
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
 * tiny_cpu_callback - CPU hotplug: a CPU coming up runs its queue again;
 * the tasks of a dead CPU move to the living ones.
 */
static int tiny_cpu_callback(struct notifier_block *nfb, unsigned long action,
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

static struct notifier_block tiny_cpu_nb = {
	.notifier_call	= tiny_cpu_callback,
};

/*
 * tiny_migration_init - no migration threads: tiny moves tasks itself.
 * Only the hotplug notifier is needed.
 */
static int tiny_migration_init(void)
{
	register_cpu_notifier(&tiny_cpu_nb);
	return 0;
}

static void tiny_sched_exec(void)
{
}

/*
 * tiny_set_cpus_allowed - change @p's affinity.  A queued or sleeping
 * task moves at once; a running one is rescheduled and moved by
 * finish_task_switch() once it is off its CPU.
 */
static int tiny_set_cpus_allowed(task_t *p, cpumask_t new_mask)
{
	struct tiny_rq *rq, *dst;
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
	if (!p->u.tiny.on_rq) {
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
	else if (p->u.tiny.on_rq && task_rq(p) == rq) {
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

/* tiny_wait_task_inactive - wait until @p is off every CPU. */
static void tiny_wait_task_inactive(task_t *p)
{
	struct tiny_rq *rq;
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

/* No domains: tiny balances without them. */
static void tiny_cpu_attach_domain(struct sched_domain *sd, int cpu)
{
}

static void tiny_sched_init_smp(void)
{
}

/* tiny_sched_idle_next - run the idle task next on this CPU (hotplug). */
static void tiny_sched_idle_next(void)
{
	struct tiny_rq *rq = this_rq();
	unsigned long flags;

	spin_lock_irqsave(&rq->lock, flags);
	rq->idle_next = 1;
	resched_task(rq->curr);
	spin_unlock_irqrestore(&rq->lock, flags);
}

/* ---- boot ---------------------------------------------------------------- */

static void tiny_init_idle(task_t *idle, int cpu)
{
	struct tiny_rq *rq = cpu_rq(cpu);
	unsigned long flags;

	idle->u.tiny.prio = MAX_PRIO;
	idle->u.tiny.on_rq = 0;
	INIT_LIST_HEAD(&idle->u.tiny.run_list);
	idle->state = TASK_RUNNING;
	set_task_cpu(idle, cpu);

	spin_lock_irqsave(&rq->lock, flags);
	rq->curr = rq->idle = idle;
	spin_unlock_irqrestore(&rq->lock, flags);
	idle->thread_info->preempt_count = 0;
}

static void tiny_sched_init(void)
{
	struct tiny_rq *rq;
	int i, j;

	for (i = 0; i < NR_CPUS; i++) {
		rq = cpu_rq(i);
		memset(rq, 0, sizeof(*rq));
		spin_lock_init(&rq->lock);
		for (j = 0; j < TINY_LEVELS; j++)
			INIT_LIST_HEAD(rq->array.queue + j);
		/* delimiter for the bitmap search */
		__set_bit(TINY_LEVELS, rq->array.bitmap);
	}
	current->u.tiny.prio = normal_prio(current);
	current->u.tiny.time_slice = task_timeslice(current);
	INIT_LIST_HEAD(&current->u.tiny.run_list);
	/* The boot task becomes this CPU's idle task. */
	tiny_init_idle(current, smp_processor_id());
}

/* ---- schedstat and checks ------------------------------------------------ */

static int tiny_show_schedstat(struct seq_file *seq, void *v)
{
	struct tiny_rq *rq;
	int cpu;

	seq_printf(seq, "version %d\n", SCHEDSTAT_VERSION);
	seq_printf(seq, "timestamp %lu\n", jiffies);
	for_each_online_cpu(cpu) {
		rq = cpu_rq(cpu);
		/*
		 * The 2.6.10 line: yld_*, sched_*, alb_*, ttwu_*, wunt_*,
		 * smt_cnt, sbe_cnt, cpu_time, run_delay, pcnt, then pulled
		 * and lost for each idle type.  tiny has no expired array,
		 * active balancing or sched_info, so those stay 0, and only
		 * pulls by a CPU going idle (newly idle).  sched_switch
		 * counts context switches, sched_noswitch picks without one;
		 * wunt_moved new tasks placed off the CPU they came on.
		 */
		seq_printf(seq,
			   "cpu%d %lu %lu %lu %lu %lu %lu %lu %lu "
			   "%lu %lu %lu %lu %lu %lu %lu %lu %lu %lu %lu "
			   "%lu %lu %lu %lu %lu %lu %lu %lu %lu\n",
			   cpu, 0UL, 0UL, 0UL, rq->yld_cnt, rq->sched_noswitch,
			   rq->sched_switch, rq->sched_cnt, rq->sched_goidle,
			   0UL, 0UL, 0UL, 0UL, rq->ttwu_cnt, rq->ttwu_moved,
			   rq->ttwu_cnt, rq->wunt_cnt, rq->wunt_moved, 0UL, 0UL,
			   0UL, 0UL, 0UL, 0UL, 0UL, 0UL, 0UL, rq->pulled,
			   rq->lost);
	}
	return 0;
}

#ifdef CONFIG_CPUSCHED_SELFTEST
static void tiny_for_each_queued(int cpu, void (*fn)(task_t *, void *),
				 void *arg)
{
	struct tiny_array *a = &cpu_rq(cpu)->array;
	task_t *p;
	int level;

	for_each_level(level, a)
		list_for_each_entry(p, a->queue + level, u.tiny.run_list)
			fn(p, arg);
}

/*
 * check_task - the rules of one task queued at @level: it is marked
 * on_rq, sits at the level of its priority, and that priority is the
 * one effective_prio() gives (every path that changes policy, nice or
 * a boost recomputes it); its slice left is at least one tick (the tick
 * refills it the moment it reaches 0).
 */
static int check_task(task_t *p, int cpu, int level, char *buf, int len)
{
	if (level_of(p) != level || !p->u.tiny.on_rq) {
		snprintf(buf, len,
			 "cpu%d: %s/%d queued at level %d, prio %d, on_rq %d",
			 cpu, p->comm, p->pid, level, p->u.tiny.prio,
			 p->u.tiny.on_rq);
		return 1;
	}
	if (p->u.tiny.prio != effective_prio(p)) {
		snprintf(buf, len,
			 "cpu%d: %s/%d has prio %d, normal %d, inherited %d",
			 cpu, p->comm, p->pid, p->u.tiny.prio, normal_prio(p),
			 task_inherited_prio(p));
		return 1;
	}
	if (!p->u.tiny.time_slice) {
		snprintf(buf, len, "cpu%d: %s/%d has no slice left", cpu,
			 p->comm, p->pid);
		return 1;
	}
	return 0;
}

/*
 * check_curr - the task a CPU runs is at the best level queued there,
 * unless a reschedule is pending.  tiny keeps the running task queued,
 * so it is on a level itself and only a better one may not hold anyone;
 * the idle task counts as worse than every level.  Every path that
 * queues a task or moves one to a better level (wake-up, fork,
 * setscheduler, a boost, a move to another CPU, the idle pull) asks for
 * the reschedule when the task beats the running one, sync wake-ups
 * included (tiny does not use the hint); those that make the running
 * task worse (setscheduler, a boost ending) ask for it too.  A running
 * task that lost its CPU's affinity is rescheduled at once and pushed
 * away by schedule().  The idle task runs with tasks queued only while
 * its CPU goes down (idle_next), when the CPU is offline already.
 */
static int check_curr(struct tiny_rq *rq, int cpu, char *buf, int len)
{
	task_t *curr = rq->curr;
	int best = find_first_bit(rq->array.bitmap, TINY_LEVELS);
	int level = curr == rq->idle ? TINY_LEVELS : level_of(curr);

	if (curr != rq->idle && !curr->u.tiny.on_rq) {
		snprintf(buf, len, "cpu%d: running %s/%d is not queued", cpu,
			 curr->comm, curr->pid);
		return 1;
	}
	if (best < level && !test_tsk_thread_flag(curr, TIF_NEED_RESCHED)) {
		snprintf(buf, len,
			 "cpu%d: %s/%d runs at level %d while level %d "
			 "waits, no reschedule pending",
			 cpu, curr->comm, curr->pid, level, best);
		return 1;
	}
	return 0;
}

/*
 * tiny_check_cpu - the rules of @cpu, if online: idle_next is clear (it
 * is set only on a CPU on its way down, which is offline by then), the
 * idle task is below every level (MAX_PRIO) and never queued, the
 * running task obeys check_curr(), each level whose bit is set has
 * tasks, each of them obeys check_task() at that level, and they add up
 * to nr_running and nr_active (a task on a level whose bit is clear
 * would make the sum fall short).  O(tasks queued there): the machine
 * runs it after every event on the CPUs the event touched.
 */
static int tiny_check_cpu(int cpu, char *buf, int len)
{
	struct tiny_rq *rq;
	task_t *p;
	unsigned long n;
	int level;

	if (!cpu_online(cpu))
		return 0;
	rq = cpu_rq(cpu);
	if (rq->idle_next) {
		snprintf(buf, len, "cpu%d: online with idle_next set", cpu);
		return 1;
	}
	if (rq->idle->u.tiny.prio != MAX_PRIO || rq->idle->u.tiny.on_rq) {
		snprintf(buf, len, "cpu%d: idle task at prio %d, on_rq %d", cpu,
			 rq->idle->u.tiny.prio, rq->idle->u.tiny.on_rq);
		return 1;
	}
	if (check_curr(rq, cpu, buf, len))
		return 1;
	n = 0;
	for_each_level(level, &rq->array) {
		struct list_head *q = rq->array.queue + level;

		if (list_empty(q)) {
			snprintf(buf, len,
				 "cpu%d level %d: bit set, "
				 "queue empty",
				 cpu, level);
			return 1;
		}
		list_for_each_entry(p, q, u.tiny.run_list) {
			if (check_task(p, cpu, level, buf, len))
				return 1;
			n++;
		}
	}
	if (n != rq->nr_running || n != rq->array.nr_active) {
		snprintf(buf, len,
			 "cpu%d: %lu queued, nr_running %lu, "
			 "nr_active %u",
			 cpu, n, rq->nr_running, rq->array.nr_active);
		return 1;
	}
	return 0;
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

static unsigned long long tiny_pick_work(void)
{
	unsigned long long sum = 0;
	int cpu;

	for_each_cpu(cpu)
		sum += cpu_rq(cpu)->pick_work;
	return sum;
}
#endif /* CONFIG_CPUSCHED_SELFTEST */

struct sched_drv tiny_sched_drv = {
	.cpusched_name		= "tiny",
	.account_steal_time	= tiny_account_steal_time,
	.account_system_time	= tiny_account_system_time,
	.account_user_time	= sched_account_user,
	.rt_task		= tiny_rt_task,
	.wait_for_completion	= default_wait_for_completion,
	.io_schedule		= tiny_io_schedule,
	.io_schedule_timeout	= tiny_io_schedule_timeout,
	.set_oom_timeslice	= tiny_set_oom_timeslice,
	.nr_running		= tiny_nr_running,
	.nr_uninterruptible	= tiny_nr_uninterruptible,
	.nr_context_switches	= tiny_nr_context_switches,
	.nr_iowait		= tiny_nr_iowait,
	.idle_cpu		= tiny_idle_cpu,
	.init_idle		= tiny_init_idle,
	.exit			= tiny_sched_exit,
	.fork			= tiny_sched_fork,
	.init			= tiny_sched_init,
	.init_smp		= tiny_sched_init_smp,
	.schedule		= tiny_schedule,
	.tick			= tiny_scheduler_tick,
	.tail			= tiny_schedule_tail,
	.setscheduler		= tiny_setscheduler,
	.set_user_nice		= tiny_set_user_nice,
	.rr_get_interval	= tiny_rr_get_interval,
	.yield			= tiny_yield,
	.task_curr		= tiny_task_curr,
	.task_nice		= tiny_task_nice,
	.task_prio		= tiny_task_prio,
	.try_to_wake_up		= tiny_try_to_wake_up,
	.wake_up_new_task	= tiny_wake_up_new_task,
#ifdef CONFIG_CPUSCHED_PI
	.normal_prio		= tiny_normal_prio,
	.pi_setprio		= tiny_pi_setprio,
#endif
#ifdef CONFIG_SMP
	.migration_init		= tiny_migration_init,
	.exec			= tiny_sched_exec,
	.set_cpus_allowed	= tiny_set_cpus_allowed,
	.wait_task_inactive	= tiny_wait_task_inactive,
	.cpu_attach_domain	= tiny_cpu_attach_domain,
#endif
	.sched_idle_next	= tiny_sched_idle_next,
#ifdef CONFIG_SCHEDSTATS
	.show_schedstat		= tiny_show_schedstat,
#endif
#ifdef CONFIG_CPUSCHED_TUNABLES
	.tunables		= tiny_tunables,
#endif
#ifdef CONFIG_CPUSCHED_SELFTEST
	.for_each_queued	= tiny_for_each_queued,
	.check_cpu		= tiny_check_cpu,
	.starvation_bound	= tiny_starvation_bound,
	.pick_work		= tiny_pick_work,
	.o1			= 1,
#endif
};
