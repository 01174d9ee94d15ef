/*
 *  libsched/runqueue.c - the SMP runqueue plumbing drivers may share
 *
 *  What every per-CPU design otherwise writes again around its own
 *  queue: the runqueue locks and their retry, double locking, where new
 *  and woken tasks go (the least loaded allowed CPU at fork, an idle
 *  allowed CPU at wake-up), pulling a task when a CPU goes idle, moving
 *  a task whose affinity no longer allows its CPU, CPU hotplug and the
 *  tasks of a dead CPU, the counters and /proc/schedstat.  The design
 *  says what its queue does through struct sched_class_ops
 *  (<linux/sched_rq.h>) and points its struct sched_drv at the
 *  sched_rq_* functions here.  There are no migration threads and no
 *  sched domains: tasks move under the runqueue locks of both CPUs.
 *
 *  This is drivers/tiny.c's SMP code made generic, in the style of
 *  2.6.10's kernel/sched.c.
 */
#include <linux/sched.h>
#include <linux/init.h>
#include <linux/cpu.h>
#include <linux/kernel_stat.h>
#include <linux/string.h>
#include <linux/seq_file.h>
#include <linux/sched_rq.h>
#include <asm/mmu_context.h>

/* /proc/schedstat format version (the 2.6.10 line format). */
#define SCHEDSTAT_VERSION	10

DEFINE_PER_CPU(struct sched_rq, sched_runqueues);

/* The running design's operations, from sched_rq_init(). */
static const struct sched_class_ops *rq_ops;

/* ---- set-up -------------------------------------------------------------- */

/**
 * sched_rq_init - clear every runqueue and install a design's operations
 * @ops: the design's class operations, which must outlive it
 *
 * From the driver's init hook, at boot, before anything is queued: each
 * runqueue gets its own lock and its CPU number.
 */
void sched_rq_init(const struct sched_class_ops *ops)
{
	struct sched_rq *rq;
	int i;

	for (i = 0; i < NR_CPUS; i++) {
		rq = sched_cpu_rq(i);
		memset(rq, 0, sizeof(*rq));
		spin_lock_init(&rq->own_lock);
		rq->lock = &rq->own_lock;
		rq->cpu = i;
	}
	rq_ops = ops;
}

/**
 * sched_rq_share_lock - make @rq use @lock instead of its own
 * @rq: a runqueue
 * @lock: a lock the design owns, initialised
 *
 * For a design whose queue spans CPUs: every runqueue pointed at one
 * lock.  At init, after sched_rq_init(), before anything is queued.
 */
void sched_rq_share_lock(struct sched_rq *rq, spinlock_t *lock)
{
	rq->lock = lock;
}

/* ---- locking ------------------------------------------------------------- */

/**
 * sched_rq_task_lock - lock the runqueue @p is on
 * @p: the task
 * @flags: where the interrupt state is saved
 *
 * Interrupts off.  @p may move between reading its CPU and getting the
 * lock, hence the loop.  Returns the runqueue, locked.
 */
struct sched_rq *sched_rq_task_lock(task_t *p, unsigned long *flags)
{
	struct sched_rq *rq;

repeat:
	local_irq_save(*flags);
	rq = task_sched_rq(p);
	spin_lock(rq->lock);
	if (unlikely(rq != task_sched_rq(p))) {
		spin_unlock_irqrestore(rq->lock, *flags);
		goto repeat;
	}
	return rq;
}

/**
 * sched_rq_task_unlock - undo sched_rq_task_lock()
 * @rq: the runqueue it returned
 * @flags: the interrupt state it saved
 */
void sched_rq_task_unlock(struct sched_rq *rq, unsigned long *flags)
{
	spin_unlock_irqrestore(rq->lock, *flags);
}

/**
 * sched_rq_double_lock - lock two runqueues, interrupts already off
 * @a: one runqueue
 * @b: another, or the same
 *
 * Two different locks are taken in ascending address order; one lock
 * shared by both (or one runqueue) is taken once.
 */
void sched_rq_double_lock(struct sched_rq *a, struct sched_rq *b)
{
	if (a->lock == b->lock) {
		spin_lock(a->lock);
	} else if (a->lock < b->lock) {
		spin_lock(a->lock);
		spin_lock(b->lock);
	} else {
		spin_lock(b->lock);
		spin_lock(a->lock);
	}
}

/**
 * sched_rq_double_unlock - undo sched_rq_double_lock()
 * @a: one runqueue
 * @b: the other
 */
void sched_rq_double_unlock(struct sched_rq *a, struct sched_rq *b)
{
	spin_unlock(a->lock);
	if (a->lock != b->lock)
		spin_unlock(b->lock);
}

/* ---- queueing and preemption --------------------------------------------- */

/**
 * sched_rq_enqueue - queue @p on @rq, which is locked and @p's CPU's
 * @p: a task not queued
 * @rq: its runqueue
 */
void sched_rq_enqueue(task_t *p, struct sched_rq *rq)
{
	rq_ops->enqueue(p, rq);
	rq->nr_running++;
}

/**
 * sched_rq_dequeue - take queued @p off @rq, which is locked
 * @p: a queued task, perhaps the running one
 * @rq: its runqueue
 */
void sched_rq_dequeue(task_t *p, struct sched_rq *rq)
{
	rq_ops->dequeue(p, rq);
	rq->nr_running--;
}

/**
 * sched_rq_migrate - move queued @p from @src to @dst
 * @p: a queued task, not running
 * @src: its runqueue
 * @dst: the runqueue it goes to
 *
 * Both locked.  The caller decides about preemption on @dst.
 */
void sched_rq_migrate(task_t *p, struct sched_rq *src, struct sched_rq *dst)
{
	sched_rq_dequeue(p, src);
	set_task_cpu(p, dst->cpu);
	sched_rq_enqueue(p, dst);
}

/**
 * sched_rq_move - move queued @p's accounting from @src to @dst
 * @p: a queued task, on @src's CPU
 * @src: its runqueue
 * @dst: the runqueue it is to count on
 *
 * For a design whose queue spans CPUs (one lock for all), whose pick
 * may return a task last run elsewhere: @p stays in the design's queue,
 * and only nr_running and task_cpu() follow it.  Both locked.
 */
void sched_rq_move(task_t *p, struct sched_rq *src, struct sched_rq *dst)
{
	src->nr_running--;
	set_task_cpu(p, dst->cpu);
	dst->nr_running++;
}

/**
 * sched_rq_resched - mark @p for rescheduling and interrupt its CPU
 * @p: a running task
 *
 * If @p runs on another CPU, that one is sent a reschedule IPI.  Called
 * with @p's runqueue lock held.
 */
void sched_rq_resched(task_t *p)
{
	int cpu = task_cpu(p);

	if (test_tsk_thread_flag(p, TIF_NEED_RESCHED))
		return;
	set_tsk_need_resched(p);
	if (cpu != smp_processor_id())
		smp_send_reschedule(cpu);
}

/**
 * sched_rq_preempt - let @p, just queued on @rq, take its CPU if due
 * @p: the task queued
 * @rq: its runqueue, locked
 * @why: why it was queued
 *
 * The design's preempts() decides; its preempt(), if any, acts, else
 * rq->curr is rescheduled.
 */
void sched_rq_preempt(task_t *p, struct sched_rq *rq, enum sched_rq_why why)
{
	if (!rq_ops->preempts(p, rq, why))
		return;
	if (rq_ops->preempt)
		rq_ops->preempt(p, rq, why);
	else
		sched_rq_resched(rq->curr);
}

/**
 * sched_rq_requeued - what follows a priority change of queued @p
 * @p: the task, queued again
 * @rq: its runqueue, locked
 * @worse: whether @p got worse
 *
 * Running, @p gives way if it got worse; waiting, it may preempt
 * rq->curr as sched_rq_preempt() says for SCHED_RQ_REPRIO.
 */
void sched_rq_requeued(task_t *p, struct sched_rq *rq, int worse)
{
	if (sched_rq_running(rq, p)) {
		if (worse)
			sched_rq_resched(p);
	} else {
		sched_rq_preempt(p, rq, SCHED_RQ_REPRIO);
	}
}

/* ---- placement ----------------------------------------------------------- */

/**
 * sched_rq_least_loaded_cpu - where to put @p
 * @p: a task
 *
 * Returns the allowed online CPU with the fewest queued tasks, the
 * lowest of equals, or -1 if @p may run on no online CPU.
 */
int sched_rq_least_loaded_cpu(const task_t *p)
{
	unsigned long best_load = ~0UL;
	int cpu, best = -1;

	for_each_online_cpu(cpu) {
		if (!cpu_isset(cpu, p->cpus_allowed))
			continue;
		if (sched_cpu_rq(cpu)->nr_running < best_load) {
			best_load = sched_cpu_rq(cpu)->nr_running;
			best = cpu;
		}
	}
	return best;
}

/* rq_idle - whether a waking task should take @cpu as idle. */
static int rq_idle(int cpu)
{
	struct sched_rq *rq = sched_cpu_rq(cpu);

	if (rq_ops->cpu_idle)
		return rq_ops->cpu_idle(rq);
	return rq->curr == rq->idle;
}

/* Where a waking task goes: its CPU if idle, an idle allowed one, else its. */
static int rq_wake_cpu(const task_t *p)
{
	int cpu = task_cpu(p);

	if (cpu_online(cpu) && cpu_isset(cpu, p->cpus_allowed) && rq_idle(cpu))
		return cpu;
	for_each_online_cpu(cpu)
		if (cpu_isset(cpu, p->cpus_allowed) && rq_idle(cpu))
			return cpu;
	cpu = task_cpu(p);
	if (cpu_online(cpu) && cpu_isset(cpu, p->cpus_allowed))
		return cpu;
	return any_online_cpu(p->cpus_allowed);
}

/* ---- time accounting and counters ---------------------------------------- */

static int rq_iowait(struct sched_rq *rq)
{
	return atomic_read(&rq->nr_iowait) > 0;
}

/**
 * sched_rq_account_system_time - the account_system_time hook
 * @p: the task the tick interrupted
 * @hardirq_offset: the hardirq count of the tick itself
 * @cputime: the time to account
 *
 * Idle and iowait are told apart by this CPU's runqueue.
 */
void sched_rq_account_system_time(struct task_struct *p, int hardirq_offset,
				  cputime_t cputime)
{
	struct sched_rq *rq = this_sched_rq();

	sched_account_system(p, hardirq_offset, cputime, p == rq->idle,
			     rq_iowait(rq));
}

/**
 * sched_rq_account_steal_time - the account_steal_time hook
 * @p: the task the tick interrupted
 * @steal: the time stolen
 */
void sched_rq_account_steal_time(struct task_struct *p, cputime_t steal)
{
	struct sched_rq *rq = this_sched_rq();

	sched_account_steal(p, steal, p == rq->idle, rq_iowait(rq));
}

/** sched_rq_nr_running - the nr_running hook: tasks queued anywhere */
unsigned long sched_rq_nr_running(void)
{
	return sched_sum_rq(unsigned long, sched_cpu_rq, nr_running);
}

/** sched_rq_nr_uninterruptible - the nr_uninterruptible hook */
unsigned long sched_rq_nr_uninterruptible(void)
{
	return sched_sum_rq(long, sched_cpu_rq, nr_uninterruptible);
}

/** sched_rq_nr_context_switches - the nr_context_switches hook */
unsigned long long sched_rq_nr_context_switches(void)
{
	return sched_sum_rq(unsigned long long, sched_cpu_rq, nr_switches);
}

/** sched_rq_nr_iowait - the nr_iowait hook */
unsigned long sched_rq_nr_iowait(void)
{
	return sched_sum_rq(unsigned long, sched_cpu_rq, nr_iowait.counter);
}

/**
 * sched_rq_idle_cpu - the idle_cpu hook
 * @cpu: a CPU
 *
 * Returns whether @cpu runs its idle task.
 */
int sched_rq_idle_cpu(int cpu)
{
	return sched_cpu_rq(cpu)->curr == sched_cpu_rq(cpu)->idle;
}

/**
 * sched_rq_task_curr - the task_curr hook
 * @p: a task
 *
 * Returns whether @p runs on its CPU.
 */
int sched_rq_task_curr(const task_t *p)
{
	return task_sched_rq(p)->curr == p;
}

/**
 * sched_rq_task_nice - the task_nice hook
 * @p: a task
 *
 * Returns @p's nice, from its static priority.
 */
int sched_rq_task_nice(const task_t *p)
{
	return TASK_NICE(p);
}

/**
 * sched_rq_pick_work - the pick_work hook: the sum of the runqueues'
 * pick_work, which the design's pick_next() counts
 */
unsigned long long sched_rq_pick_work(void)
{
	return sched_sum_rq(unsigned long long, sched_cpu_rq, pick_work);
}

/** sched_rq_nop - the init_smp and exec hooks: nothing to do */
void sched_rq_nop(void)
{
}

/* ---- the context switch -------------------------------------------------- */

/*
 * rq_push - put a task that may no longer run on this CPU (its affinity
 * changed while it ran) onto an allowed one, now that it is off the
 * CPU.  Called with interrupts off, no runqueue lock held.
 */
static void rq_push(task_t *p)
{
	struct sched_rq *src = task_sched_rq(p), *dst;
	int cpu = sched_rq_least_loaded_cpu(p);

	dst = sched_cpu_rq(cpu);
	sched_rq_double_lock(src, dst);
	set_task_cpu(p, cpu);
	sched_rq_enqueue(p, dst);
	sched_rq_preempt(p, dst, SCHED_RQ_MOVED);
	sched_rq_double_unlock(src, dst);
}

/*
 * rq_finish_switch - the second half of a switch, run by the new task:
 * drop the runqueue lock prev's schedule() took, requeue prev elsewhere
 * if it has to move, and free prev if it was exiting.
 */
static void rq_finish_switch(task_t *prev)
{
	struct sched_rq *rq = this_sched_rq();
	unsigned long prev_flags = prev->flags;
	task_t *push = rq->push;

	rq->push = NULL;
	spin_unlock_no_resched(rq->lock);
	if (push)
		rq_push(push);
	local_irq_enable();
	if (unlikely(prev_flags & PF_DEAD))
		put_task_struct(prev);
	preempt_check_resched();
}

/**
 * sched_rq_tail - the schedule_tail hook: a new task's first switch ends
 * @prev: the task switched from
 */
void sched_rq_tail(task_t *prev)
{
	rq_finish_switch(prev);
}

static void rq_context_switch(task_t *prev, task_t *next)
{
	switch_mm(prev->active_mm, next->mm, next);
	switch_to(prev, next, prev);
	barrier();
	rq_finish_switch(prev);
}

/* ---- pulling work -------------------------------------------------------- */

/**
 * sched_rq_busiest - where to pull from
 * @this_rq: the pulling CPU's runqueue
 * @min: the fewest tasks worth pulling from
 *
 * Returns the online runqueue other than @this_rq with the most tasks,
 * at least @min, the lowest CPU of equals; NULL if none.  No lock
 * needed: the counts may be stale, the caller looks again under the
 * locks if it must.
 */
struct sched_rq *sched_rq_busiest(struct sched_rq *this_rq, unsigned long min)
{
	struct sched_rq *busiest = NULL, *rq;
	int cpu;

	for_each_online_cpu(cpu) {
		rq = sched_cpu_rq(cpu);
		if (rq == this_rq || rq->nr_running < min)
			continue;
		if (!busiest || rq->nr_running > busiest->nr_running)
			busiest = rq;
	}
	return busiest;
}

/* rq_pull - move one pullable task of @busiest to @rq: it, or NULL. */
static task_t *rq_pull(struct sched_rq *rq, struct sched_rq *busiest,
		       enum idle_type type)
{
	task_t *p = rq_ops->pullable(busiest, rq->cpu);

	if (!p)
		return NULL;
	sched_rq_migrate(p, busiest, rq);
	rq->pulled[type]++;
	busiest->lost[type]++;
	return p;
}

/**
 * sched_rq_lock_balance - lock @busiest too
 * @rq: the pulling CPU's runqueue, locked, interrupts off
 * @busiest: another runqueue
 *
 * Takes @busiest's lock unless @rq's is the same; to keep the address
 * order, @rq's lock may be dropped and retaken meanwhile.
 */
void sched_rq_lock_balance(struct sched_rq *rq, struct sched_rq *busiest)
{
	if (busiest->lock == rq->lock)
		return;
	if (busiest->lock < rq->lock) {
		/* keep address order: drop ours and take both */
		spin_unlock(rq->lock);
		sched_rq_double_lock(rq, busiest);
	} else {
		spin_lock(busiest->lock);
	}
}

/**
 * sched_rq_unlock_balance - undo sched_rq_lock_balance()
 * @rq: the pulling CPU's runqueue, which stays locked
 * @busiest: the other
 */
void sched_rq_unlock_balance(struct sched_rq *rq, struct sched_rq *busiest)
{
	if (busiest->lock != rq->lock)
		spin_unlock(busiest->lock);
}

/**
 * sched_rq_idle_pull - this CPU has nothing to run: pull one task
 * @rq: this CPU's runqueue, locked, interrupts off; so on return
 *
 * One pullable task moves here from the busiest other CPU that has two
 * tasks or more.  The lock of @rq may be dropped and retaken to keep
 * the address order.
 */
void sched_rq_idle_pull(struct sched_rq *rq)
{
	struct sched_rq *busiest = sched_rq_busiest(rq, 2);

	if (!busiest)
		return;
	sched_rq_lock_balance(rq, busiest);
	rq_pull(rq, busiest, NEWLY_IDLE);
	sched_rq_unlock_balance(rq, busiest);
}

/**
 * sched_rq_pull_from - move one task of @busiest to @rq if still due
 * @rq: the pulling CPU's runqueue
 * @busiest: a runqueue with more tasks
 * @type: what the pull counts as in schedstat
 *
 * For a periodic balancer, both locked: if @busiest still has two tasks
 * more than @rq, one pullable task moves, and preempts on @rq as a
 * moved task does.  Returns 1 if a task moved.
 */
int sched_rq_pull_from(struct sched_rq *rq, struct sched_rq *busiest,
		       enum idle_type type)
{
	task_t *p;

	if (busiest->nr_running <= rq->nr_running + 1)
		return 0;
	p = rq_pull(rq, busiest, type);
	if (!p)
		return 0;
	sched_rq_preempt(p, rq, SCHED_RQ_MOVED);
	return 1;
}

/* ---- schedule() and the tick --------------------------------------------- */

/*
 * rq_deactivate - prev stops running because it sleeps: take it off the
 * runqueue, unless a signal makes an interruptible sleep moot.
 */
static void rq_deactivate(struct sched_rq *rq, task_t *prev)
{
	if (prev->state == TASK_INTERRUPTIBLE && signal_pending(prev)) {
		prev->state = TASK_RUNNING;
		return;
	}
	if (prev->state == TASK_UNINTERRUPTIBLE)
		rq->nr_uninterruptible++;
	sched_rq_dequeue(prev, rq);
}

/* rq_pick - the next task of @rq: the design's, or the idle task. */
static task_t *rq_pick(struct sched_rq *rq)
{
	task_t *next = NULL;

	if (!rq->idle_next)
		next = rq_ops->pick_next(rq);
	return next ? next : rq->idle;
}

/**
 * sched_rq_schedule - the schedule hook
 *
 * prev leaves the queue if it sleeps, and for an allowed CPU if its
 * affinity no longer allows this one; an empty runqueue pulls a task;
 * the design picks the next.
 */
void sched_rq_schedule(void)
{
	task_t *prev = current, *next;
	struct sched_rq *rq;
	unsigned long *switch_count;
	int cpu;

need_resched:
	preempt_disable();
	rq = this_sched_rq();
	cpu = smp_processor_id();
	spin_lock_irq(rq->lock);
	rq->sched_cnt++;

	switch_count = &prev->nivcsw;
	if (prev->state && !(preempt_count() & PREEMPT_ACTIVE)) {
		switch_count = &prev->nvcsw;
		rq_deactivate(rq, prev);
	}
	if (prev != rq->idle && rq_ops->on_rq(prev) &&
	    !cpu_isset(cpu, prev->cpus_allowed)) {
		sched_rq_dequeue(prev, rq);
		rq->push = prev;
	}
	if (!rq->nr_running && !rq->idle_next) {
		if (rq_ops->idle_balance)
			rq_ops->idle_balance(rq);
		else
			sched_rq_idle_pull(rq);
	}

	next = rq_pick(rq);
	if (next == rq->idle)
		rq->sched_goidle++;
	clear_tsk_need_resched(prev);

	if (likely(prev != next)) {
		if (rq_ops->switched)
			rq_ops->switched(rq, prev, next);
		rq->nr_switches++;
		rq->sched_switch++;
		rq->curr = next;
		++*switch_count;
		rq_context_switch(prev, next);
	} else {
		rq->sched_noswitch++;
		spin_unlock_irq(rq->lock);
	}
	preempt_enable_no_resched();
	if (unlikely(test_thread_flag(TIF_NEED_RESCHED)))
		goto need_resched;
}

/**
 * sched_rq_tick - the tick hook: the design's tick, then its balancer
 *
 * Hardirq context, interrupts off.  The design's tick runs with the
 * runqueue locked, and not for the idle task; its balance (if any)
 * runs every tick with no lock held.
 */
void sched_rq_tick(void)
{
	struct sched_rq *rq = this_sched_rq();
	task_t *p = current;

	if (p != rq->idle) {
		spin_lock(rq->lock);
		rq_ops->tick(rq, p);
		spin_unlock(rq->lock);
	}
	if (rq_ops->balance)
		rq_ops->balance(rq);
}

/* ---- wake-ups and fork --------------------------------------------------- */

/**
 * sched_rq_try_to_wake_up - the try_to_wake_up hook
 * @p: the task to wake
 * @state: the states it may be woken from
 * @sync: the waker sleeps soon (not used)
 *
 * A task that sleeps goes to its CPU if idle, else an idle allowed one,
 * else stays; it is queued there and preempts as the design says.
 * Returns 1 if @p was queued, 0 if it was not asleep in @state or still
 * queued.
 */
int sched_rq_try_to_wake_up(task_t *p, unsigned int state, int sync)
{
	struct sched_rq *rq;
	unsigned long flags;
	long old_state;
	int cpu, success = 0;

	rq = sched_rq_task_lock(p, &flags);
	old_state = p->state;
	if (!(old_state & state))
		goto out;
	if (rq_ops->on_rq(p))
		goto out_running;

	rq->ttwu_cnt++;
	cpu = rq_wake_cpu(p);
	if (cpu != task_cpu(p)) {
		/* counted where it slept, as ttwu_cnt */
		rq->ttwu_moved++;
		/* Not queued and not running: it may change CPU freely. */
		set_task_cpu(p, cpu);
		sched_rq_task_unlock(rq, &flags);
		rq = sched_rq_task_lock(p, &flags);
		old_state = p->state;
		if (!(old_state & state))
			goto out;
		if (rq_ops->on_rq(p))
			goto out_running;
	}
	if (old_state == TASK_UNINTERRUPTIBLE)
		rq->nr_uninterruptible--;
	if (rq_ops->waking)
		rq_ops->waking(p, rq, old_state);
	sched_rq_enqueue(p, rq);
	sched_rq_preempt(p, rq, SCHED_RQ_WAKE);
	success = 1;
out_running:
	p->state = TASK_RUNNING;
out:
	sched_rq_task_unlock(rq, &flags);
	return success;
}

/**
 * sched_rq_fork - the fork hook
 * @p: the new task, not yet queued
 *
 * The design sets up its fields; schedule_tail() will drop the
 * runqueue lock of the first switch.
 */
void sched_rq_fork(task_t *p)
{
	p->state = TASK_RUNNING;
	rq_ops->fork(p);
	p->thread_info->preempt_count = 1;
}

/**
 * sched_rq_exit - the exit hook: the design's, if any
 * @p: the task that exits
 */
void sched_rq_exit(task_t *p)
{
	if (rq_ops->exit)
		rq_ops->exit(p);
}

/**
 * sched_rq_wake_up_new_task - the wake_up_new_task hook
 * @p: the new task
 * @clone_flags: the clone flags (not used)
 *
 * @p is queued on the least loaded allowed CPU and preempts as the
 * design says.
 */
void sched_rq_wake_up_new_task(task_t *p, unsigned long clone_flags)
{
	struct sched_rq *rq;
	unsigned long flags;
	int cpu;

	rq = sched_rq_task_lock(p, &flags);
	rq->wunt_cnt++;
	cpu = sched_rq_least_loaded_cpu(p);
	if (cpu != task_cpu(p)) {
		set_task_cpu(p, cpu);
		sched_rq_task_unlock(rq, &flags);
		rq = sched_rq_task_lock(p, &flags);
		rq->wunt_moved++;
	}
	if (rq_ops->new_task)
		rq_ops->new_task(p, rq);
	sched_rq_enqueue(p, rq);
	sched_rq_preempt(p, rq, SCHED_RQ_NEW);
	sched_rq_task_unlock(rq, &flags);
}

/* ---- waiting ------------------------------------------------------------- */

/** sched_rq_io_schedule - the io_schedule hook: schedule(), as iowait */
void sched_rq_io_schedule(void)
{
	struct sched_rq *rq = this_sched_rq();

	atomic_inc(&rq->nr_iowait);
	schedule();
	atomic_dec(&rq->nr_iowait);
}

/**
 * sched_rq_io_schedule_timeout - the io_schedule_timeout hook
 * @timeout: jiffies, as schedule_timeout()
 *
 * Returns what schedule_timeout() returns.
 */
long sched_rq_io_schedule_timeout(long timeout)
{
	struct sched_rq *rq = this_sched_rq();
	long ret;

	atomic_inc(&rq->nr_iowait);
	ret = schedule_timeout(timeout);
	atomic_dec(&rq->nr_iowait);
	return ret;
}

/* ---- priorities, policies and yield -------------------------------------- */

/**
 * sched_rq_set_user_nice - the set_user_nice hook
 * @p: the task
 * @nice: its new nice, -20..19
 *
 * Out of range or unchanged: nothing happens.  Else the design's
 * set_nice() runs under @p's runqueue lock.
 */
void sched_rq_set_user_nice(task_t *p, long nice)
{
	struct sched_rq *rq;
	unsigned long flags;

	if (TASK_NICE(p) == nice || nice < -20 || nice > 19)
		return;
	rq = sched_rq_task_lock(p, &flags);
	rq_ops->set_nice(p, rq, nice);
	sched_rq_task_unlock(rq, &flags);
}

/*
 * rq_reprio - @p's priority changes through @change (the design's
 * setscheduler() with @policy and @prio, or its reprio()): off the
 * queue meanwhile, then queued again and preempting as due.
 */
static void rq_reprio(task_t *p, int change_policy, int policy, int prio)
{
	struct sched_rq *rq;
	unsigned long flags;
	int queued, worse;

	rq = sched_rq_task_lock(p, &flags);
	queued = rq_ops->on_rq(p);
	if (queued)
		sched_rq_dequeue(p, rq);
	if (change_policy)
		worse = rq_ops->setscheduler(p, rq, policy, prio);
	else
		worse = rq_ops->reprio(p, rq);
	if (queued) {
		sched_rq_enqueue(p, rq);
		sched_rq_requeued(p, rq, worse);
	}
	sched_rq_task_unlock(rq, &flags);
}

/**
 * sched_rq_setscheduler - the setscheduler hook (sched_setscheduler()
 * and sched_setparam())
 * @pid: the task, 0 for current
 * @policy: the new policy, or -1 to keep it
 * @param: the user's sched_param
 *
 * Returns 0 or what sched_setscheduler_find() refused with.
 */
int sched_rq_setscheduler(pid_t pid, int policy,
			  struct sched_param __user *param)
{
	struct sched_param lp;
	int retval;
	task_t *p;

	retval = sched_setscheduler_find(pid, &policy, param, &lp, &p);
	if (retval)
		return retval;
	rq_reprio(p, 1, policy, lp.sched_priority);
	read_unlock_irq(&tasklist_lock);
	return 0;
}

/**
 * sched_rq_pi_normal_prio - the normal_prio hook of a design whose
 * priorities are sched_rq_normal_prio()'s
 * @p: the task
 *
 * Returns @p's priority without inheritance.
 */
int sched_rq_pi_normal_prio(task_t *p)
{
	return sched_rq_normal_prio(p);
}

/**
 * sched_rq_pi_setprio - the pi_setprio hook: p->pi_prio changed
 * @p: the task
 *
 * The design's reprio() recomputes @p's priority off the queue.  Called
 * with p->pi_lock held, interrupts off.
 */
void sched_rq_pi_setprio(task_t *p)
{
	rq_reprio(p, 0, 0, 0);
}

/**
 * sched_rq_yield - the yield hook (sched_yield())
 *
 * The design requeues current, then it reschedules.  Returns 0.
 */
long sched_rq_yield(void)
{
	struct sched_rq *rq;

	local_irq_disable();
	rq = this_sched_rq();
	spin_lock(rq->lock);
	rq->yld_cnt++;
	if (rq_ops->on_rq(current))
		rq_ops->yield(current, rq);
	/*
	 * schedule() follows at once, so neither a preemption point nor
	 * interrupts on in between (2.6.10): it enables them itself.
	 */
	_raw_spin_unlock(rq->lock);
	preempt_enable_no_resched();
	schedule();
	return 0;
}

/* ---- SMP and hotplug ----------------------------------------------------- */

/*
 * rq_new_home - an online CPU for @p, whose CPU died.  If its affinity
 * has none left, it may use them all, as 2.6.10 decides ("no longer
 * affine").
 */
static int rq_new_home(task_t *p, int dead_cpu)
{
	int cpu = sched_rq_least_loaded_cpu(p);

	if (cpu < 0) {
		printk(KERN_INFO "process %d (%s) no longer affine to cpu%d\n",
		       p->pid, p->comm, dead_cpu);
		p->cpus_allowed = cpu_online_map;
		cpu = sched_rq_least_loaded_cpu(p);
	}
	return cpu;
}

/*
 * rq_rehome_sleeper - @p sleeps on a live CPU but may run only on
 * @dead_cpu.  It went to sleep on its old CPU while set_cpus_allowed()
 * on another CPU found it still running and left the move to its
 * schedule(), which it never reached on a queue.  Its wake-up would
 * find no CPU: it gets a new home as the dead CPU's own tasks do.
 */
static void rq_rehome_sleeper(task_t *p, int dead_cpu)
{
	unsigned long flags;
	struct sched_rq *rq = sched_rq_task_lock(p, &flags);

	if (!rq_ops->on_rq(p) && !sched_rq_running(rq, p))
		set_task_cpu(p, rq_new_home(p, dead_cpu));
	sched_rq_task_unlock(rq, &flags);
}

/*
 * rq_migrate_dead_tasks - every task of @dead_cpu, which has just gone
 * offline, moves to a live CPU: queued ones onto its runqueue, sleeping
 * ones so that they wake there.  Process context, on another CPU.
 */
static void rq_migrate_dead_tasks(int dead_cpu)
{
	struct sched_rq *dead = sched_cpu_rq(dead_cpu), *dst;
	task_t *p;

	write_lock_irq(&tasklist_lock);
	while ((p = rq_ops->pullable(dead, -1))) {
		dst = sched_cpu_rq(rq_new_home(p, dead_cpu));
		sched_rq_double_lock(dead, dst);
		sched_rq_migrate(p, dead, dst);
		sched_rq_preempt(p, dst, SCHED_RQ_MOVED);
		sched_rq_double_unlock(dead, dst);
	}
	for_each_process(p) {
		if (task_cpu(p) == dead_cpu && p != dead->idle) {
			spin_lock(dead->lock);
			set_task_cpu(p, rq_new_home(p, dead_cpu));
			spin_unlock(dead->lock);
		} else if (!cpus_intersects(p->cpus_allowed, cpu_online_map)) {
			rq_rehome_sleeper(p, dead_cpu);
		}
	}
	write_unlock_irq(&tasklist_lock);
}

/*
 * rq_cpu_callback - CPU hotplug: a CPU coming up runs its queue again;
 * the tasks of a dead CPU move to the living ones.
 */
static int rq_cpu_callback(struct notifier_block *nfb, unsigned long action,
			   void *hcpu)
{
	int cpu = (long)hcpu;

	switch (action) {
	case CPU_UP_PREPARE:
		sched_cpu_rq(cpu)->idle_next = 0;
		break;
	case CPU_DEAD:
		rq_migrate_dead_tasks(cpu);
		break;
	}
	return NOTIFY_OK;
}

static struct notifier_block rq_cpu_nb = {
	.notifier_call	= rq_cpu_callback,
};

/**
 * sched_rq_migration_init - the migration_init hook
 *
 * No migration threads: tasks move under both runqueue locks.  Only the
 * hotplug notifier is needed.  Returns 0.
 */
int sched_rq_migration_init(void)
{
	register_cpu_notifier(&rq_cpu_nb);
	return 0;
}

/**
 * sched_rq_set_cpus_allowed - the set_cpus_allowed hook
 * @p: the task
 * @new_mask: its new affinity
 *
 * A queued or sleeping task moves at once; a running one is rescheduled
 * and moved by finish_task_switch() once it is off its CPU.  Returns 0,
 * or -EINVAL (nothing changes) if @new_mask holds no online CPU.
 */
int sched_rq_set_cpus_allowed(task_t *p, cpumask_t new_mask)
{
	struct sched_rq *rq, *dst;
	unsigned long flags;
	int cpu;

	if (!cpus_intersects(new_mask, cpu_online_map))
		return -EINVAL;
	rq = sched_rq_task_lock(p, &flags);
	p->cpus_allowed = new_mask;
	if (cpu_isset(task_cpu(p), new_mask))
		goto out;
	if (sched_rq_running(rq, p)) {
		sched_rq_resched(p);
		goto out;
	}
	cpu = sched_rq_least_loaded_cpu(p);
	if (!rq_ops->on_rq(p)) {
		set_task_cpu(p, cpu);
		goto out;
	}
	dst = sched_cpu_rq(cpu);
	spin_unlock(rq->lock);
	sched_rq_double_lock(rq, dst);
	/*
	 * With the lock dropped, another CPU may have picked @p meanwhile:
	 * then it must leave at its next schedule(), as above.
	 */
	if (sched_rq_running(rq, p)) {
		sched_rq_resched(p);
	} else if (rq_ops->on_rq(p) && task_sched_rq(p) == rq) {
		sched_rq_migrate(p, rq, dst);
		sched_rq_preempt(p, dst, SCHED_RQ_MOVED);
	}
	sched_rq_double_unlock(rq, dst);
	local_irq_restore(flags);
	return 0;
out:
	sched_rq_task_unlock(rq, &flags);
	return 0;
}

/**
 * sched_rq_wait_task_inactive - the wait_task_inactive hook
 * @p: the task
 *
 * Waits until @p is off every CPU.
 */
void sched_rq_wait_task_inactive(task_t *p)
{
	struct sched_rq *rq;
	unsigned long flags;

	for (;;) {
		rq = sched_rq_task_lock(p, &flags);
		if (!sched_rq_running(rq, p))
			break;
		sched_rq_task_unlock(rq, &flags);
		cpu_relax();
	}
	sched_rq_task_unlock(rq, &flags);
}

/**
 * sched_rq_cpu_attach_domain - the cpu_attach_domain hook: no domains
 * @sd: the domain offered
 * @cpu: its CPU
 */
void sched_rq_cpu_attach_domain(struct sched_domain *sd, int cpu)
{
}

/**
 * sched_rq_sched_idle_next - the sched_idle_next hook
 *
 * Run the idle task next on this CPU, which is going down.
 */
void sched_rq_sched_idle_next(void)
{
	struct sched_rq *rq = this_sched_rq();
	unsigned long flags;

	spin_lock_irqsave(rq->lock, flags);
	rq->idle_next = 1;
	sched_rq_resched(rq->curr);
	spin_unlock_irqrestore(rq->lock, flags);
}

/* ---- boot ---------------------------------------------------------------- */

/**
 * sched_rq_init_idle - the init_idle hook
 * @idle: the task that becomes @cpu's idle task
 * @cpu: its CPU
 *
 * The design sets up its fields first; @idle runs @cpu from now on.
 */
void sched_rq_init_idle(task_t *idle, int cpu)
{
	struct sched_rq *rq = sched_cpu_rq(cpu);
	unsigned long flags;

	rq_ops->init_idle(idle);
	idle->state = TASK_RUNNING;
	set_task_cpu(idle, cpu);

	spin_lock_irqsave(rq->lock, flags);
	rq->curr = rq->idle = idle;
	spin_unlock_irqrestore(rq->lock, flags);
	idle->thread_info->preempt_count = 0;
}

/* ---- schedstat ----------------------------------------------------------- */

/**
 * sched_rq_show_schedstat - the show_schedstat hook
 * @seq: the file
 * @v: unused
 *
 * The 2.6.10 line per online CPU: yld_*, sched_*, alb_*, ttwu_*, wunt_*,
 * smt_cnt, sbe_cnt, cpu_time, run_delay, pcnt, then pulled and lost for
 * idle, busy and newly idle balancing.  No expired array, active
 * balancing or sched_info here: those are 0.  sched_switch counts
 * context switches, sched_noswitch picks without one; wunt_moved new
 * tasks placed off the CPU they came on.  Returns 0.
 */
int sched_rq_show_schedstat(struct seq_file *seq, void *v)
{
	struct sched_rq *rq;
	int cpu;

	seq_printf(seq, "version %d\n", SCHEDSTAT_VERSION);
	seq_printf(seq, "timestamp %lu\n", jiffies);
	for_each_online_cpu(cpu) {
		rq = sched_cpu_rq(cpu);
		seq_printf(seq,
			   "cpu%d %lu %lu %lu %lu %lu %lu %lu %lu "
			   "%lu %lu %lu %lu %lu %lu %lu %lu %lu %lu %lu "
			   "%lu %lu %lu %lu %lu %lu %lu %lu %lu\n",
			   cpu, 0UL, 0UL, 0UL, rq->yld_cnt, rq->sched_noswitch,
			   rq->sched_switch, rq->sched_cnt, rq->sched_goidle,
			   0UL, 0UL, 0UL, 0UL, rq->ttwu_cnt, rq->ttwu_moved,
			   rq->ttwu_cnt, rq->wunt_cnt, rq->wunt_moved, 0UL, 0UL,
			   0UL, 0UL, 0UL, rq->pulled[SCHED_IDLE],
			   rq->lost[SCHED_IDLE], rq->pulled[NOT_IDLE],
			   rq->lost[NOT_IDLE], rq->pulled[NEWLY_IDLE],
			   rq->lost[NEWLY_IDLE]);
	}
	return 0;
}

/* ---- a priority array ---------------------------------------------------- */

/**
 * sched_levels_init - empty @a
 * @a: the priority array
 */
void sched_levels_init(struct sched_levels *a)
{
	int i;

	memset(a, 0, sizeof(*a));
	for (i = 0; i < SCHED_LEVELS; i++)
		INIT_LIST_HEAD(a->queue + i);
	/* delimiter for the bitmap search */
	__set_bit(SCHED_LEVELS, a->bitmap);
}

/**
 * sched_levels_add - link @node at the tail of @level
 * @a: the priority array
 * @node: a task's list_head, on no list
 * @level: 0..SCHED_LEVELS-1
 */
void sched_levels_add(struct sched_levels *a, struct list_head *node, int level)
{
	list_add_tail(node, a->queue + level);
	__set_bit(level, a->bitmap);
	a->nr_active++;
}

/**
 * sched_levels_del - unlink @node from @level
 * @a: the priority array
 * @node: a task's list_head, on @level's list
 * @level: its level
 */
void sched_levels_del(struct sched_levels *a, struct list_head *node, int level)
{
	list_del_init(node);
	if (list_empty(a->queue + level))
		__clear_bit(level, a->bitmap);
	a->nr_active--;
}

/**
 * sched_levels_first - the head of the best level of @a
 * @a: the priority array
 *
 * Returns the list_head of the task there, or NULL if @a is empty.
 */
struct list_head *sched_levels_first(struct sched_levels *a)
{
	if (!a->nr_active)
		return NULL;
	return a->queue[sched_levels_best(a)].next;
}

/**
 * sched_levels_pullable - a design's pullable() on a priority array
 * @a: the array beside @rq
 * @rq: its runqueue, locked
 * @cpu: the CPU to run on, or -1 for any
 * @offset: offsetof(task_t, the list_head that links it on @a)
 *
 * Returns the first task of @a, best level first, that does not run on
 * @rq and may run on @cpu, or NULL.
 */
task_t *sched_levels_pullable(struct sched_levels *a, struct sched_rq *rq,
			      int cpu, unsigned long offset)
{
	struct list_head *node;
	task_t *p;
	int level;

	for_each_sched_level(level, a) {
		list_for_each(node, a->queue + level) {
			p = (task_t *)((char *)node - offset);
			if (!sched_rq_running(rq, p) &&
			    (cpu < 0 || cpu_isset(cpu, p->cpus_allowed)))
				return p;
		}
	}
	return NULL;
}

/**
 * sched_levels_for_each - call @fn for every task queued on @a
 * @a: the priority array
 * @offset: offsetof(task_t, the list_head that links it on @a)
 * @fn: what to call, with the task and @arg
 * @arg: its argument
 *
 * Best level first, each level from its head: a design's
 * for_each_queued.
 */
void sched_levels_for_each(struct sched_levels *a, unsigned long offset,
			   void (*fn)(task_t *, void *), void *arg)
{
	struct list_head *node;
	int level;

	for_each_sched_level(level, a)
		list_for_each(node, a->queue + level)
			fn((task_t *)((char *)node - offset), arg);
}

/* ---- self-checks --------------------------------------------------------- */

/**
 * sched_rq_report - a self-check failed: say why
 * @buf: where the reason goes
 * @len: its size
 * @fmt: the reason, printf style
 *
 * Returns 1, what a failed check returns.
 */
int sched_rq_report(char *buf, int len, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	vsnprintf(buf, len, fmt, args);
	va_end(args);
	return 1;
}

/**
 * sched_rq_check - the plumbing's rules of online @rq
 * @rq: the runqueue of an online CPU, between events
 * @buf: where a reason goes
 * @len: its size
 *
 * idle_next is clear (it is set only on a CPU on its way down, which is
 * offline by then), and the running task is the idle task or queued.
 * Returns 0, or 1 with the reason in @buf.
 */
int sched_rq_check(struct sched_rq *rq, char *buf, int len)
{
	task_t *curr = rq->curr;

	if (rq->idle_next)
		return sched_rq_report(
			buf, len, "cpu%d: online with idle_next set", rq->cpu);
	if (curr != rq->idle && !rq_ops->on_rq(curr))
		return sched_rq_report(buf, len,
				       "cpu%d: running %s/%d is not queued",
				       rq->cpu, curr->comm, curr->pid);
	return 0;
}

/**
 * sched_levels_check - the self-check of priority array @a
 * @a: the array beside @rq
 * @rq: an online CPU's runqueue
 * @check: the design's check of one queued task, at its level
 * @buf: where a reason goes
 * @len: its size
 *
 * Each level whose bit is set holds tasks, each passes @check, and they
 * add up to nr_active and rq->nr_running (a task on a level whose bit
 * is clear makes the sum fall short).  Returns 0, or 1 with the reason.
 */
int sched_levels_check(struct sched_levels *a, struct sched_rq *rq,
		       sched_levels_check_fn check, char *buf, int len)
{
	struct list_head *q, *node;
	unsigned long n = 0;
	int level;

	for_each_sched_level(level, a) {
		q = a->queue + level;
		if (list_empty(q))
			return sched_rq_report(buf, len,
					       "cpu%d level %d: bit set, "
					       "queue empty",
					       rq->cpu, level);
		list_for_each(node, q) {
			if (check(node, rq->cpu, level, buf, len))
				return 1;
			n++;
		}
	}
	if (n != rq->nr_running || n != a->nr_active)
		return sched_rq_report(buf, len,
				       "cpu%d: %lu queued, nr_running %lu, "
				       "nr_active %u",
				       rq->cpu, n, rq->nr_running,
				       a->nr_active);
	return 0;
}
