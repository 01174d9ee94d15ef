/*
 * compat/invariants.c - the generic invariants, checked by the machine
 * after every event while all CPUs are between events.
 *
 *  1. Every runnable task is on a CPU or queued by the driver, and queued
 *     at most once; no task that is not runnable is queued.  A child
 *     between sched_fork() (TASK_RUNNING) and wake_up_new_task() is
 *     neither yet: its parent may be preempted in between.  "Runnable"
 *     is TASK_RUNNING, or preempted inside the kernel (PREEMPT_ACTIVE),
 *     which keeps a task queued whatever its state, or on a CPU (not
 *     yet in schedule()).
 *  2. The driver's counters agree with the machine: nr_running(),
 *     nr_uninterruptible(), nr_context_switches() and nr_iowait().
 *  3. A CPU only runs tasks whose cpus_allowed holds it (also checked at
 *     every switch_to()).
 *  4. Per CPU, no RT task assigned to it (task_cpu()) waits while the CPU
 *     runs a task of lower RT priority, unless a reschedule is pending.
 *     2.6.10 has no global RT balancing, so the rule is per CPU.
 *     An RT priority inherited through an rt_mutex counts.
 *  5. No CPU holds a lock (checked where control comes back).
 *  6. Priority inheritance (libsched/rtmutex.c): every task that owns a
 *     contended rt_mutex (->pi_waiters not empty) or is boosted
 *     (->pi_prio below MAX_PRIO) has ->pi_prio equal to its best pi
 *     waiter's priority (MAX_PRIO for none), ->pi_waiters in priority
 *     order, and the driver's effective priority (task_prio() +
 *     MAX_RT_PRIO) is the better of its normal priority and that, as
 *     rt_mutex_getprio() says too.  What it lends comes from the locks:
 *     each pi waiter is the top waiter of a lock the task owns, and the
 *     top waiter of every lock a blocked task waits on is lent to that
 *     lock's owner, no other waiter; a wait list is in priority order;
 *     a sleeping waiter whose priority is fixed (an RT policy, or
 *     boosted into the RT range) waits at its effective priority, so
 *     every change went along the chain; a pending owner is an owner
 *     and blocked on nothing.  A semaphore's lock (<asm/semaphore.h>,
 *     <linux/rwsem.h>) may have waiters and no owner, who then lend to
 *     nobody; a semaphore with waiters has no unit free, a mutex's
 *     owner holds it, an rw_semaphore's owner is its writer.
 *  7. The driver's own check, if it has one.
 *
 * Checking all of that walks every task: O(tasks) per event.  So after
 * an event the machine checks only what the events since the last check
 * touched (sim_check_event()), and sweeps everything (sim_check_
 * invariants()) at a bounded rate: once per as many events as the last
 * sweep walked tasks, so a sweep costs O(1) per event.  What an event
 * touches: the CPU it ran on; every task switched, woken, forked, moved
 * (set_task_cpu()), given a new mask or found by pid (how kernel code
 * reaches a task it was not handed), and the CPU's current task; the
 * owners and waiters of every rt_mutex and semaphore of the machine (all
 * of them are its own, and a priority lent along a chain changes tasks
 * nobody handed over); and the CPU each touched task was on when touched
 * and is on now.  On those CPUs the driver's queues are walked and its
 * own check_cpu() runs; rules 1, 4 and 6 are checked for the touched
 * tasks and for every task queued on those CPUs; the counts of rule 2
 * are kept up to date from the same tasks; rules 3 and 5 are per CPU,
 * O(CPUs), and run as before.  A sweep runs instead when the driver or
 * the online CPUs changed, on the first check of a machine, and when an
 * event touched more tasks than are kept.
 *
 * The touched part only finds that a rule is broken: a sweep then says
 * which, so the report is the one the sweep alone would give at that
 * event.  (A sweep that finds nothing just puts the counts right: the
 * touched part can only be wrong about a task nothing touched.)
 *
 * And at every tick (sim_tick_account_*()): the jiffy goes to the task's
 * utime or stime and to exactly one cpustat field, 2.6.10's way.
 */
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/rtmutex.h>
#include <linux/rwsem.h>
#include <linux/kernel_stat.h>

#include "internal.h"

/* Fewest events between two sweeps: a small machine sweeps this often. */
#define INV_SWEEP_MIN	64

/* How a task counts for rule 2 (struct sim_task's inv_class). */
#define INV_RUN		1
#define INV_UNINT	2
#define INV_IO		4

/*
 * While the touched part runs (probing), a broken rule sweeps at once
 * (swept_instead()): the sweep reports it, as it would have.  At once,
 * because the touched part may be walking a queue that the broken rule
 * made a cycle.  Every check below is a void function, left at its
 * first broken rule either way.
 */
static int probing, found;

static void swept_instead(void);

#define inv_fail(...)					\
	do {						\
		if (probing) {				\
			swept_instead();		\
			return;				\
		}					\
		sim_fail(__VA_ARGS__);			\
	} while (0)

/*
 * Gathering: the lock checks below touch the lock's tasks first, and
 * check the lock itself only if lock_rules.
 */
static int gathering, lock_rules = 1, lock_busy;

struct queue_walk {
	int cpu;
	unsigned long visits;
	struct task_struct *waiter;	/* its best RT waiter (touched part) */
};

/*
 * visited[pid] == walk_gen marks a task seen in this walk; bumping the
 * generation clears the whole array in O(1).
 */
static unsigned int *visited;
static unsigned int walk_gen;

static void new_walk(void)
{
	/* Kept for the life of the process: machines come and go. */
	if (!visited)
		visited = host_alloc(PID_MAX_DEFAULT * sizeof(*visited));
	if (!visited)
		sim_fail("out of host memory for the invariant checks");
	if (!++walk_gen) {
		memset(visited, 0, PID_MAX_DEFAULT * sizeof(*visited));
		walk_gen = 1;
	}
}

static int queued(struct sim_task *st)
{
	return visited[st->pid] == walk_gen;
}

static int on_cpu(struct task_struct *p)
{
	return p->sim->on_cpu;
}

/*
 * A task on a CPU is runnable whatever its state until it calls
 * schedule(): a CPU may busy-wait (cpu_relax()) between a task's
 * set_current_state() and its schedule(), as the rt-mutex chain walk
 * does on SMP.
 */
static int runnable(struct task_struct *p)
{
	return !p->exit_state && (p->state == TASK_RUNNING ||
				  p->sim->preempted || on_cpu(p));
}

/* The RT priority @p runs at: its own, or one it inherits (rtmutex). */
static int rt_prio_of(struct task_struct *p)
{
	int rt = p->policy == SCHED_NORMAL ? 0 : (int)p->rt_priority;

	if (p->pi_prio < MAX_RT_PRIO)
		rt = max(rt, MAX_RT_PRIO - 1 - p->pi_prio);
	return rt;
}

/* A task of the machine's that the rules hold for (not idle, not gone). */
static int live(struct sim_task *st)
{
	return st->task && !st->exited && !st->is_idle;
}

/*
 * class_of - how rule 2 counts @st in this walk: runnable, or asleep
 * uninterruptibly, and in io_schedule() or not.  A child not yet woken
 * counts once queued.
 */
static unsigned int class_of(struct sim_task *st)
{
	struct task_struct *p = st->task;
	unsigned int c;

	if (!live(st) || (st->unborn && !queued(st)))
		return 0;
	c = p->in_iowait ? INV_IO : 0;
	if (runnable(p))
		return c | INV_RUN;
	return c | (p->state == TASK_UNINTERRUPTIBLE ? INV_UNINT : 0);
}

/* recount - keep the machine's counts as @st counts now. */
static void recount(struct sim_task *st)
{
	unsigned int was = st->inv_class, now = class_of(st);
	struct sim_inv *inv = &sim.inv;

	if (was == now)
		return;
	inv->nr_run += !!(now & INV_RUN) - !!(was & INV_RUN);
	inv->nr_unint += !!(now & INV_UNINT) - !!(was & INV_UNINT);
	inv->nr_io += !!(now & INV_IO) - !!(was & INV_IO);
	st->inv_class = now;
}

/* Is @p an RT task waiting for @cpu's CPU, better than *@best? */
static void note_waiter(struct task_struct *p, int cpu,
			struct task_struct **best)
{
	if (!rt_prio_of(p) || !runnable(p) || on_cpu(p) || task_cpu(p) != cpu)
		return;
	if (!*best || rt_prio_of(p) > rt_prio_of(*best))
		*best = p;
}

static void count_queued(struct task_struct *p, void *arg)
{
	struct queue_walk *w = arg;

	if (found)
		return;
	if (!p->sim || p->sim->pid >= PID_MAX_DEFAULT)
		inv_fail("BUG: invariant: cpu%d's runqueue holds %s, which is "
			 "not a task of this machine", w->cpu,
			 sim_task_name(p));
	/* A dying CPU's idle task may be queued (sched_idle_next()). */
	if (p->sim->is_idle)
		return;
	if (queued(p->sim))
		inv_fail("BUG: invariant: %s is queued twice (seen again on "
			 "cpu%d)", sim_task_name(p), w->cpu);
	if (task_cpu(p) != w->cpu)
		inv_fail("BUG: invariant: %s is queued on cpu%d but its "
			 "task_cpu() is %d", sim_task_name(p), w->cpu,
			 task_cpu(p));
	visited[p->sim->pid] = walk_gen;
	w->visits++;
}

/*
 * walk_queued - count_queued() and what the sweep's walk over every task
 * would find of @p, for the touched part.
 */
static void walk_queued(struct task_struct *p, void *arg)
{
	struct queue_walk *w = arg;

	count_queued(p, arg);
	if (found || p->sim->is_idle || p->sim->exited)
		return;
	if (!runnable(p))
		inv_fail("BUG: invariant: %s is queued but not runnable",
			 sim_task_name(p));
	recount(p->sim);
	note_waiter(p, w->cpu, &w->waiter);
}

static void walk_cpu(int cpu, struct queue_walk *w,
		     void (*fn)(struct task_struct *, void *))
{
	w->cpu = cpu;
	w->visits = 0;
	w->waiter = NULL;
	scheduler->for_each_queued(cpu, fn, w);
	if (w->visits && !sim.cpu[cpu].online)
		inv_fail("BUG: invariant: %lu tasks are queued on cpu%d, "
			 "which is offline", w->visits, cpu);
}

/* check_task - rule 1 for @st, a task of the machine, after the walk. */
static void check_task(struct sim_task *st)
{
	struct task_struct *p = st->task;

	if (!live(st) || (st->unborn && !queued(st)))
		return;
	if (!runnable(p)) {
		if (queued(st))
			inv_fail("BUG: invariant: %s is queued but not "
				 "runnable (state %ld)", sim_task_name(p),
				 p->state);
		return;
	}
	if (!queued(st) && !on_cpu(p))
		inv_fail("BUG: invariant: %s is runnable but neither "
			 "running nor queued", sim_task_name(p));
}

/* check_counts - rule 2, against the machine's counts in sim.inv. */
static void check_counts(void)
{
	struct sim_inv *inv = &sim.inv;

	if (nr_running() != inv->nr_run)
		inv_fail("BUG: invariant: nr_running() is %lu, the machine "
			 "counts %lu runnable tasks", nr_running(),
			 inv->nr_run);
	if (nr_uninterruptible() != inv->nr_unint)
		inv_fail("BUG: invariant: nr_uninterruptible() is %lu, the "
			 "machine counts %lu", nr_uninterruptible(),
			 inv->nr_unint);
	if (nr_iowait() != inv->nr_io)
		inv_fail("BUG: invariant: nr_iowait() is %lu, the machine "
			 "counts %lu tasks in io_schedule()", nr_iowait(),
			 inv->nr_io);
	if (nr_context_switches() != sim.nr_switches)
		inv_fail("BUG: invariant: nr_context_switches() is %llu, the "
			 "machine counted %lu switches", nr_context_switches(),
			 sim.nr_switches);
}

/* check_queues - rules 1 and 2 over every queue and task: the sweep. */
static unsigned long check_queues(void)
{
	struct sim_inv *inv = &sim.inv;
	struct sim_task *st;
	struct queue_walk w;
	unsigned long walked = 0;
	int cpu;

	new_walk();
	for (cpu = 0; cpu < sim.nr_cpus; cpu++)
		walk_cpu(cpu, &w, count_queued);
	inv->nr_run = inv->nr_unint = inv->nr_io = 0;
	list_for_each_entry(st, &sim.tasks, all) {
		walked++;
		check_task(st);
		st->inv_class = class_of(st);
		inv->nr_run += !!(st->inv_class & INV_RUN);
		inv->nr_unint += !!(st->inv_class & INV_UNINT);
		inv->nr_io += !!(st->inv_class & INV_IO);
	}
	check_counts();
	return walked;
}

/*
 * check_rt_cpu - rule 4 on @cpu, whose best waiting RT task is @p (or
 * NULL): the running task has at least its RT priority, unless a
 * reschedule is pending.
 */
static void check_rt_cpu(int cpu, struct task_struct *p)
{
	struct task_struct *curr = sim_current[cpu];

	/* A dying CPU runs its idle task by force: no rule there. */
	if (!p || !cpu_online(cpu) ||
	    test_tsk_thread_flag(curr, TIF_NEED_RESCHED))
		return;
	if (curr == sim.cpu[cpu].idle || rt_prio_of(p) > rt_prio_of(curr))
		inv_fail("BUG: invariant: RT task %s (rt_priority %d) waits "
			 "on cpu%d while %s (rt_priority %d) runs",
			 sim_task_name(p), rt_prio_of(p), cpu,
			 sim_task_name(curr), rt_prio_of(curr));
}

/* check_rt_order - rule 4 on every CPU, from every task: the sweep. */
static void check_rt_order(void)
{
	struct task_struct *waiter[NR_CPUS];
	struct sim_task *st;
	int cpu;

	memset(waiter, 0, sizeof(waiter[0]) * sim.nr_cpus);
	list_for_each_entry(st, &sim.tasks, all)
		if (st->task && !st->exited && !st->is_idle)
			note_waiter(st->task, task_cpu(st->task),
				    &waiter[task_cpu(st->task)]);
	for (cpu = 0; cpu < sim.nr_cpus; cpu++)
		check_rt_cpu(cpu, waiter[cpu]);
}
/* The waiter first in line for @lock, or NULL. */
static struct rt_mutex_waiter *top_waiter_of(struct rt_mutex *lock)
{
	if (list_empty(&lock->wait_list))
		return NULL;
	return list_entry(lock->wait_list.next, struct rt_mutex_waiter,
			  list_entry);
}

/* check_pi - rule 6 for @p, a live task. */
static void check_pi(struct task_struct *p)
{
	struct rt_mutex_waiter *w;
	int best = MAX_PRIO, last = -1, normal, effective;

	if (list_empty(&p->pi_waiters) && p->pi_prio == MAX_PRIO)
		return;
	list_for_each_entry(w, &p->pi_waiters, pi_list_entry) {
		if (w->prio < last)
			inv_fail("BUG: invariant: PI waiters of %s out of "
				 "order: %s (prio %d) after prio %d",
				 sim_task_name(p), sim_task_name(w->task),
				 w->prio, last);
		last = w->prio;
		if (w->prio < best)
			best = w->prio;
	}
	if (p->pi_prio != best)
		inv_fail("BUG: invariant: PI %s inherits prio %d, its best "
			 "waiter has %d", sim_task_name(p), p->pi_prio, best);
	normal = sched_normal_prio(p);
	effective = task_prio(p) + MAX_RT_PRIO;
	if (effective != min(normal, best))
		inv_fail("BUG: invariant: PI %s runs at prio %d, not the "
			 "better of its normal prio %d and its best waiter's "
			 "%d", sim_task_name(p), effective, normal, best);
	if (rt_mutex_getprio(p) != min(normal, best))
		inv_fail("BUG: invariant: rt_mutex_getprio(%s) is %d, not "
			 "the better of its normal prio %d and its best "
			 "waiter's %d", sim_task_name(p), rt_mutex_getprio(p),
			 normal, best);
	list_for_each_entry(w, &p->pi_waiters, pi_list_entry) {
		if (w->lock->owner != p || top_waiter_of(w->lock) != w ||
		    w->task->pi_blocked_on != w)
			inv_fail("BUG: invariant: %s inherits from %s, which "
				 "is not the top waiter of a lock it owns",
				 sim_task_name(p), sim_task_name(w->task));
	}
}

static int lends_to(struct rt_mutex_waiter *w, struct task_struct *owner)
{
	struct rt_mutex_waiter *x;

	list_for_each_entry(x, &owner->pi_waiters, pi_list_entry)
		if (x == w)
			return 1;
	return 0;
}

/* check_blocked - rule 6 for @p, a live task, on the lock it waits for. */
static void check_blocked(struct task_struct *p)
{
	struct rt_mutex_waiter *w = p->pi_blocked_on, *x;
	struct task_struct *owner;
	int listed = 0, last = -1, prio;

	if (!w)
		return;
	owner = w->lock->owner;
	/* A semaphore's lock may be held by nobody in particular. */
	if (w->task != p || (!owner && !w->lock->sem) || owner == p)
		inv_fail("BUG: invariant: %s waits on rt_mutex %s, owned by "
			 "%s", sim_task_name(p), w->lock->name,
			 owner ? sim_task_name(owner) : "nobody");
	list_for_each_entry(x, &w->lock->wait_list, list_entry) {
		if (x->prio < last)
			inv_fail("BUG: invariant: waiters of rt_mutex %s out "
				 "of order: %s (prio %d) after prio %d",
				 w->lock->name, sim_task_name(x->task),
				 x->prio, last);
		last = x->prio;
		listed |= x == w;
	}
	if (!listed)
		inv_fail("BUG: invariant: %s waits on rt_mutex %s but is not "
			 "on its wait list", sim_task_name(p), w->lock->name);
	if (owner && top_waiter_of(w->lock) == w && !lends_to(w, owner))
		inv_fail("BUG: invariant: %s, the top waiter of rt_mutex %s, "
			 "is not on the pi waiters of its owner %s",
			 sim_task_name(p), w->lock->name,
			 sim_task_name(owner));
	if (owner && top_waiter_of(w->lock) != w && lends_to(w, owner))
		inv_fail("BUG: invariant: %s, not the top waiter of rt_mutex "
			 "%s, is on the pi waiters of its owner %s",
			 sim_task_name(p), w->lock->name,
			 sim_task_name(owner));
	/*
	 * A SCHED_NORMAL task's normal priority moves with the driver's
	 * bookkeeping while it sleeps (2.6.18 leaves its waiter where it
	 * was); and a woken waiter leaves the list once it runs.
	 */
	if (p->state == TASK_RUNNING ||
	    (p->policy == SCHED_NORMAL && p->pi_prio >= MAX_RT_PRIO))
		return;
	prio = min(sched_normal_prio(p), p->pi_prio);
	if (w->prio != prio)
		inv_fail("BUG: invariant: %s waits on rt_mutex %s at prio %d, "
			 "its effective prio is %d", sim_task_name(p),
			 w->lock->name, w->prio, prio);
}

/* touch_waiters - touch the tasks waiting on @lock, and its owner. */
static void touch_waiters(struct rt_mutex *lock)
{
	struct rt_mutex_waiter *w;

	lock_busy |= lock->owner || !list_empty(&lock->wait_list);
	sim_inv_touch(lock->owner);
	list_for_each_entry(w, &lock->wait_list, list_entry)
		sim_inv_touch(w->task);
}

/* touch_fifo - touch the tasks in a semaphore's arrival order list. */
static void touch_fifo(struct list_head *fifo)
{
	struct sem_waiter *w;

	lock_busy |= !list_empty(fifo);
	list_for_each_entry(w, fifo, list)
		sim_inv_touch(w->pi.task);
}

/**
 * sim_check_rt_mutex - rule 6 for an rt_mutex of the machine's own (the
 * harness's, the rt-tester's): a pending owner is an owner, and runs or
 * is about to, blocked on no other lock.  While the checks gather, touch
 * its owner and waiters first.
 */
void sim_check_rt_mutex(struct rt_mutex *lock)
{
	if (gathering) {
		touch_waiters(lock);
	}
	if (!lock_rules)
		return;
	if (lock->pending && !lock->owner)
		inv_fail("BUG: invariant: rt_mutex %s is pending without an "
			 "owner", lock->name);
	if (lock->pending && lock->owner->pi_blocked_on)
		inv_fail("BUG: invariant: %s, the pending owner of rt_mutex "
			 "%s, is blocked on rt_mutex %s",
			 sim_task_name(lock->owner), lock->name,
			 lock->owner->pi_blocked_on->lock->name);
	if (!lock->owner && !lock->sem && !list_empty(&lock->wait_list))
		inv_fail("BUG: invariant: rt_mutex %s has waiters and no "
			 "owner", lock->name);
}

/**
 * sim_check_semaphore - rule 6 for a semaphore of the machine's own: it
 * has waiters only with no unit free, an owner only as a mutex with no
 * unit free.  While the checks gather, touch its tasks first.
 */
void sim_check_semaphore(struct semaphore *sem)
{
	if (gathering) {
		touch_waiters(&sem->lock);
		touch_fifo(&sem->fifo);
	}
	if (!lock_rules)
		return;
	if (!list_empty(&sem->fifo) && sem->count)
		inv_fail("BUG: invariant: semaphore %s has waiters and %d "
			 "units free", sem->lock.name, sem->count);
	if (sem->lock.owner && (sem->count || sem->counting))
		inv_fail("BUG: invariant: semaphore %s (count %d%s) has an "
			 "owner", sem->lock.name, sem->count,
			 sem->counting ? ", counting" : "");
}

/**
 * sim_check_rwsem - rule 6 for an rw_semaphore of the machine's own: its
 * owner is its writer, and it has waiters only while held.  While the
 * checks gather, touch its tasks first.
 */
void sim_check_rwsem(struct rw_semaphore *sem)
{
	if (gathering) {
		touch_waiters(&sem->lock);
		touch_fifo(&sem->fifo);
	}
	if (!lock_rules)
		return;
	if ((sem->activity == -1) != !!sem->lock.owner || sem->activity < -1)
		inv_fail("BUG: invariant: rw_semaphore %s: activity %d, "
			 "owner %s", sem->lock.name, sem->activity,
			 sem->lock.owner ? sim_task_name(sem->lock.owner) :
			 "none");
	if (!list_empty(&sem->fifo) && !sem->activity)
		inv_fail("BUG: invariant: rw_semaphore %s is free with "
			 "waiters", sem->lock.name);
}

/* check_locks - rule 6 for every rt_mutex and semaphore of the machine. */
static void check_locks(void)
{
	sim_mutex_check_all();
	sim_sem_check_all();
	sim_rttest_check_mutexes();
}

/*
 * gather_locks - touch every task that owns or waits on one of them, and
 * check them too unless a CPU is @walking an rt_mutex chain.  The
 * harness's locks only if one was used since, or one was busy then: an
 * idle lock nobody used is as it was.  (The tester's are checked while
 * it lives.)
 */
static void gather_locks(int walking)
{
	struct sim_inv *inv = &sim.inv;

	gathering = 1;
	lock_rules = !walking;
	if (inv->lock_ops || inv->locks_busy) {
		lock_busy = 0;
		sim_mutex_check_all();
		sim_sem_check_all();
		inv->locks_busy = lock_busy;
		inv->lock_ops = 0;
	}
	sim_rttest_check_mutexes();
	lock_rules = 1;
	gathering = 0;
}

static void check_pi_all(void)
{
	struct sim_task *st;

	list_for_each_entry(st, &sim.tasks, all)
		if (live(st)) {
			check_pi(st->task);
			check_blocked(st->task);
		}
	check_locks();
}

/**
 * sim_move_pending - may @p run outside its cpus_allowed for now?
 *
 * 2.6.10's set_cpus_allowed() changes the mask at once and leaves the
 * move to the CPU's migration thread, then waits for it.  Until the move
 * is done the task may still be picked where it is: the migration thread
 * (SCHED_FIFO 99) does not outrank an RR or FIFO 99 task queued ahead of
 * it, and another CPU may schedule in the window before the thread is
 * even woken.  So a task is let off while its set_cpus_allowed() runs;
 * once that returns it must be on an allowed CPU.
 */
int sim_move_pending(struct task_struct *p)
{
	return p->sim && p->sim->moving > 0;
}


static void check_affinity(struct sim_cpu *c)
{
	struct task_struct *curr = sim_current[c->id];

	/*
	 * A task whose mask just changed leaves at the pending resched, or
	 * when its set_cpus_allowed() has moved it.
	 */
	if (curr != c->idle && !cpu_isset(c->id, curr->cpus_allowed) &&
	    !test_tsk_thread_flag(curr, TIF_NEED_RESCHED) &&
	    !sim_move_pending(curr))
		inv_fail("BUG: invariant: cpu%d runs %s outside its "
			 "cpus_allowed", c->id, sim_task_name(curr));
}

/*
 * check_cpus - rules 3 and 5 on every online CPU, O(CPUs); returns
 * whether one busy-waits in the kernel, perhaps half way along an
 * rt_mutex chain (its walk lets go of every lock to wait): the chain
 * holds again once the walk is done.
 */
static int check_cpus(void)
{
	int cpu, saved = sim_this_cpu, walking = 0;

	for (cpu = 0; cpu < sim.nr_cpus && !found; cpu++) {
		if (!sim.cpu[cpu].online)
			continue;
		sim_this_cpu = cpu;
		sim_check_no_locks(cpu, "the machine is between events");
		check_affinity(&sim.cpu[cpu]);
		walking |= sim.cpu[cpu].park == PARK_SPIN;
	}
	sim_this_cpu = saved;
	return walking;
}

/**
 * sim_driver_check - the driver's own check of everything: check_cpu()
 * of every possible CPU, then check(), both optional.
 * @buf, @len: where the reason of a failure goes
 *
 * Returns 0, or nonzero with a one-line reason in @buf.
 */
int sim_driver_check(char *buf, int len)
{
	int cpu;

	buf[0] = '\0';
	if (scheduler->check_cpu)
		for_each_cpu(cpu)
			if (scheduler->check_cpu(cpu, buf, len))
				return 1;
	return scheduler->check && scheduler->check(buf, len);
}

/*
 * check_driver - rule 7: @cpu's part of the driver's check (a driver
 * with check_cpu only), or all of it (-1).
 */
static void check_driver(int cpu)
{
	char why[256];
	int bad;

	if (cpu >= 0) {
		why[0] = '\0';
		bad = scheduler->check_cpu(cpu, why, sizeof(why));
	} else {
		bad = sim_driver_check(why, sizeof(why));
	}
	if (bad)
		inv_fail("BUG: %s's own check: %s", scheduler->cpusched_name,
			 why);
}

/* A new round of checks: nothing touched since. */
static void end_round(void)
{
	struct sim_inv *inv = &sim.inv;

	memset(inv->cpu, 0, sim.nr_cpus);
	inv->nr_task = 0;
	inv->round++;
}

/**
 * sim_check_invariants - check everything above over every CPU and task
 * (a sweep); a violation is a report and ends the run.  Returns 0.
 */
int sim_check_invariants(void)
{
	struct sim_inv *inv = &sim.inv;
	unsigned long walked;
	int walking;

	found = 0;
	walking = check_cpus();
	walked = check_queues();
	check_rt_order();
	if (!walking)
		check_pi_all();
	check_driver(-1);
	inv->swept = 1;
	inv->full = 0;
	inv->since_sweep = 0;
	inv->sweep_every = max(walked, (unsigned long)INV_SWEEP_MIN);
	inv->drv = scheduler;
	inv->online = cpu_online_map;
	inv->lock_ops = 1;	/* the next check finds out which are busy */
	end_round();
	return 0;
}

/**
 * sim_inv_touch_cpu - the event ran on, or changed, @cpu.
 */
void sim_inv_touch_cpu(int cpu)
{
	if (cpu >= 0 && cpu < NR_CPUS)
		sim.inv.cpu[cpu] = 1;
}

/**
 * sim_inv_touch - the event changed @p (NULL, or not a task of the
 * machine: nothing), and perhaps the queue of the CPU it is on.
 */
void sim_inv_touch(struct task_struct *p)
{
	struct sim_inv *inv = &sim.inv;
	struct sim_task *st;

	if (!p || !p->sim)
		return;
	st = p->sim;
	if (p->thread_info)
		sim_inv_touch_cpu(task_cpu(p));
	if (st->inv_round == inv->round + 1)
		return;
	st->inv_round = inv->round + 1;
	if (inv->nr_task < SIM_INV_TOUCHED)
		inv->task[inv->nr_task++] = st;
	else
		inv->full = 1;
}

/* Is a sweep due instead of the touched part? */
static int sweep_due(void)
{
	struct sim_inv *inv = &sim.inv;

	return !inv->swept || inv->full || inv->always ||
	       inv->drv != scheduler ||
	       !cpus_equal(inv->online, cpu_online_map) ||
	       ++inv->since_sweep >= inv->sweep_every;
}

/* check_touched_tasks - rules 1 and 6 of the touched tasks, and counts. */
static void check_touched_tasks(int walking)
{
	struct sim_inv *inv = &sim.inv;
	int i;

	for (i = 0; i < inv->nr_task && !found; i++) {
		check_task(inv->task[i]);
		recount(inv->task[i]);
		if (walking || found || !live(inv->task[i]))
			continue;
		check_pi(inv->task[i]->task);
		check_blocked(inv->task[i]->task);
	}
}

/*
 * check_touched - what the events since the last check touched; sets
 * found when a rule is broken.
 */
static void check_touched(void)
{
	struct sim_inv *inv = &sim.inv;
	struct queue_walk w;
	struct sim_task *st;
	int cpu, i, walking;

	walking = check_cpus();
	gather_locks(walking);
	/* where each touched task is now; it was touched where it was */
	for (i = 0; i < inv->nr_task; i++) {
		st = inv->task[i];
		if (st->task && st->task->thread_info)
			sim_inv_touch_cpu(task_cpu(st->task));
	}
	new_walk();
	for (cpu = 0; cpu < sim.nr_cpus && !found; cpu++) {
		if (!inv->cpu[cpu])
			continue;
		walk_cpu(cpu, &w, walk_queued);
		for (i = 0; i < inv->nr_task && !found; i++)
			if (live(inv->task[i]))
				note_waiter(inv->task[i]->task, cpu,
					    &w.waiter);
		if (!found)
			check_rt_cpu(cpu, w.waiter);
	}
	check_touched_tasks(walking);
	if (!found)
		check_counts();
	if (!scheduler->check_cpu) {
		if (!found)
			check_driver(-1);
		return;
	}
	for (cpu = 0; cpu < sim.nr_cpus && !found; cpu++)
		if (inv->cpu[cpu])
			check_driver(cpu);
}

/*
 * swept_instead - the touched part found a broken rule: sweep now, which
 * reports it and never returns.  (Should the sweep find nothing, the
 * touched part was wrong about a task nothing touched, and the sweep
 * has put its counts right.)  found stops the touched part.
 */
static void swept_instead(void)
{
	int was_gathering = gathering, had_rules = lock_rules;

	if (found)
		return;
	probing = gathering = 0;
	lock_rules = 1;
	sim_check_invariants();
	probing = 1;
	gathering = was_gathering;
	lock_rules = had_rules;
	found = 1;
}

/**
 * sim_check_event - the checks after an event on @cpu: what the events
 * since the last check touched, or a sweep when one is due or a rule is
 * broken (the sweep reports it).
 */
void sim_check_event(int cpu)
{
	sim_inv_touch_cpu(cpu);
	if (cpu >= 0 && cpu < sim.nr_cpus)
		sim_inv_touch(sim_current[cpu]);
	if (sweep_due()) {
		sim_check_invariants();
		return;
	}
	probing = 1;
	found = 0;
	check_touched();
	probing = 0;
	if (!found)
		end_round();
}

/* ---- the tick's accounting ---------------------------------------------- */

/* The cpustat fields, in struct cpu_usage_stat's order. */
enum { CS_USER, CS_NICE, CS_SYSTEM, CS_SOFTIRQ, CS_IRQ, CS_IDLE, CS_IOWAIT,
       CS_STEAL, NR_CPUSTAT };

static const char *const cpustat_names[NR_CPUSTAT] = {
	"user", "nice", "system", "softirq", "irq", "idle", "iowait",
	"steal",
};

static void cpustat_read(int cpu, cputime64_t *v)
{
	struct cpu_usage_stat *cs = &kstat_cpu(cpu).cpustat;

	v[CS_USER] = cs->user;
	v[CS_NICE] = cs->nice;
	v[CS_SYSTEM] = cs->system;
	v[CS_SOFTIRQ] = cs->softirq;
	v[CS_IRQ] = cs->irq;
	v[CS_IDLE] = cs->idle;
	v[CS_IOWAIT] = cs->iowait;
	v[CS_STEAL] = cs->steal;
}

/*
 * Tasks between io_schedule()'s start and end: 2.6.10's nr_iowait.
 * Serially, the checks after the last event counted them (only a task
 * that ran, or was woken or looked up, changes its ->in_iowait), and
 * nothing ran since: O(1).  With CPUs interleaving, another CPU may be
 * half way through io_schedule(): count them all.
 */
static int tasks_in_iowait(void)
{
	struct sim_task *st;
	int n = 0;

	if (sim.ilv.mode == ILV_SERIAL && sim.inv.swept)
		return sim.inv.nr_io;
	list_for_each_entry(st, &sim.tasks, all)
		if (st->task && !st->exited && st->task->in_iowait)
			n++;
	return n;
}

/**
 * sim_tick_account_begin - note what the tick's jiffy must go to
 * @c: the ticking CPU, in the tick's hardirq
 * @p: the task the tick interrupted (current)
 * @user: it was in user mode
 * @a: filled in for sim_tick_account_check()
 *
 * 2.6.10's account_user_time() and account_system_time(): user time of a
 * task with positive nice is "nice", the rest "user"; system time is
 * "irq" when the tick interrupted a hardirq, "softirq" in a softirq or
 * with bottom halves off, "system" for a task, and for the idle task
 * "iowait" while a task sleeps in io_schedule() on this CPU, else
 * "idle".  On SMP the machine does not know on which CPU an I/O waiter
 * went to sleep, so an idle jiffy may then be either.
 */
void sim_tick_account_begin(struct sim_cpu *c, struct task_struct *p,
			    int user, struct sim_tick_account *a)
{
	a->p = p;
	a->user = user;
	a->utime = p->utime;
	a->stime = p->stime;
	cpustat_read(c->id, a->before);
	a->field = a->alt = -1;
	if (user && p->static_prio > MAX_RT_PRIO + 20)	/* nice 1 or more */
		a->field = CS_NICE;
	else if (user)
		a->field = CS_USER;
	else if (hardirq_count() - HARDIRQ_OFFSET)
		a->field = CS_IRQ;
	else if (softirq_count())
		a->field = CS_SOFTIRQ;
	else if (p != c->idle)
		a->field = CS_SYSTEM;
	else if (!tasks_in_iowait())
		a->field = CS_IDLE;
	else if (sim.nr_cpus == 1)
		a->field = CS_IOWAIT;
	else {
		a->field = CS_IDLE;
		a->alt = CS_IOWAIT;
	}
}

/* sim_tick_account_check - the jiffy went where begin said it must. */
void sim_tick_account_check(struct sim_cpu *c,
			    const struct sim_tick_account *a)
{
	cputime64_t after[NR_CPUSTAT];
	unsigned long long d;
	int i, got = -1;

	if (a->p->utime - a->utime != (a->user ? 1 : 0) ||
	    a->p->stime - a->stime != (a->user ? 0 : 1))
		sim_fail("BUG: accounting: the tick charged %s %lu jiffies of "
			 "user and %lu of system time, not the one jiffy of "
			 "%s time it spent", sim_task_name(a->p),
			 a->p->utime - a->utime, a->p->stime - a->stime,
			 a->user ? "user" : "system");
	cpustat_read(c->id, after);
	for (i = 0; i < NR_CPUSTAT; i++) {
		d = after[i] - a->before[i];
		if (!d)
			continue;
		if (d != 1 || got >= 0)
			sim_fail("BUG: accounting: a tick of cpu%d added %llu "
				 "to cpustat %s", c->id, d, cpustat_names[i]);
		got = i;
	}
	if (got != a->field && got != a->alt)
		sim_fail("BUG: accounting: a tick of cpu%d (%s) went to "
			 "cpustat %s, not %s", c->id, sim_task_name(a->p),
			 got < 0 ? "nothing" : cpustat_names[got],
			 cpustat_names[a->field]);
}
