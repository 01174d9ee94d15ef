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
 * And at every tick (sim_tick_account_*()): the jiffy goes to the task's
 * utime or stime and to exactly one cpustat field, 2.6.10's way.
 */
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/rtmutex.h>
#include <linux/rwsem.h>
#include <linux/kernel_stat.h>

#include "internal.h"

struct queue_walk {
	int cpu;
	unsigned long visits;
};

/*
 * visited[pid] == walk_gen marks a task seen in this walk; bumping the
 * generation clears the whole array in O(1).
 */
static unsigned int *visited;
static unsigned int walk_gen;

static void count_queued(struct task_struct *p, void *arg)
{
	struct queue_walk *w = arg;

	if (!p->sim || p->sim->pid >= PID_MAX_DEFAULT)
		sim_fail("BUG: invariant: cpu%d's runqueue holds %s, which is "
			 "not a task of this machine", w->cpu,
			 sim_task_name(p));
	/* A dying CPU's idle task may be queued (sched_idle_next()). */
	if (p->sim->is_idle)
		return;
	if (visited[p->sim->pid] == walk_gen)
		sim_fail("BUG: invariant: %s is queued twice (seen again on "
			 "cpu%d)", sim_task_name(p), w->cpu);
	if (task_cpu(p) != w->cpu)
		sim_fail("BUG: invariant: %s is queued on cpu%d but its "
			 "task_cpu() is %d", sim_task_name(p), w->cpu,
			 task_cpu(p));
	visited[p->sim->pid] = walk_gen;
	w->visits++;
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

static void check_queues(void)
{
	struct sim_task *st;
	struct queue_walk w;
	unsigned long nr_run = 0, nr_unint = 0, nr_io = 0;
	int cpu;

	/* Kept for the life of the process: machines come and go. */
	if (!visited)
		visited = host_alloc(PID_MAX_DEFAULT * sizeof(*visited));
	if (!visited)
		sim_fail("out of host memory for the invariant checks");
	if (!++walk_gen) {
		memset(visited, 0, PID_MAX_DEFAULT * sizeof(*visited));
		walk_gen = 1;
	}
	for (cpu = 0; cpu < sim.nr_cpus; cpu++) {
		w.cpu = cpu;
		w.visits = 0;
		scheduler->for_each_queued(cpu, count_queued, &w);
		if (w.visits && !sim.cpu[cpu].online)
			sim_fail("BUG: invariant: %lu tasks are queued on "
				 "cpu%d, which is offline", w.visits, cpu);
	}

	list_for_each_entry(st, &sim.tasks, all) {
		struct task_struct *p = st->task;

		if (!p || st->exited || st->is_idle)
			continue;
		if (st->unborn && visited[st->pid] != walk_gen)
			continue;
		if (p->in_iowait)
			nr_io++;
		if (!runnable(p)) {
			if (visited[st->pid] == walk_gen)
				sim_fail("BUG: invariant: %s is queued but not "
					 "runnable (state %ld)",
					 sim_task_name(p), p->state);
			if (p->state == TASK_UNINTERRUPTIBLE)
				nr_unint++;
			continue;
		}
		nr_run++;
		if (visited[st->pid] != walk_gen && !on_cpu(p))
			sim_fail("BUG: invariant: %s is runnable but neither "
				 "running nor queued", sim_task_name(p));
	}
	if (nr_running() != nr_run)
		sim_fail("BUG: invariant: nr_running() is %lu, the machine "
			 "counts %lu runnable tasks", nr_running(), nr_run);
	if (nr_uninterruptible() != nr_unint)
		sim_fail("BUG: invariant: nr_uninterruptible() is %lu, the "
			 "machine counts %lu", nr_uninterruptible(), nr_unint);
	if (nr_iowait() != nr_io)
		sim_fail("BUG: invariant: nr_iowait() is %lu, the machine "
			 "counts %lu tasks in io_schedule()", nr_iowait(),
			 nr_io);
	if (nr_context_switches() != sim.nr_switches)
		sim_fail("BUG: invariant: nr_context_switches() is %llu, the "
			 "machine counted %lu switches", nr_context_switches(),
			 sim.nr_switches);
}

/*
 * check_rt_order - on each CPU, the running task has at least the RT
 * priority of every RT task queued there, unless a reschedule is pending.
 */
static void check_rt_order(void)
{
	struct task_struct *waiter[NR_CPUS];
	struct sim_task *st;
	int cpu;

	memset(waiter, 0, sizeof(waiter[0]) * sim.nr_cpus);
	list_for_each_entry(st, &sim.tasks, all) {
		struct task_struct *p = st->task;

		if (!p || st->exited || st->is_idle ||
		    !rt_prio_of(p) || !runnable(p) || on_cpu(p))
			continue;
		cpu = task_cpu(p);
		if (!waiter[cpu] || rt_prio_of(p) > rt_prio_of(waiter[cpu]))
			waiter[cpu] = p;
	}
	for (cpu = 0; cpu < sim.nr_cpus; cpu++) {
		struct task_struct *curr = sim_current[cpu], *p = waiter[cpu];

		/* A dying CPU runs its idle task by force: no rule there. */
		if (!p || !cpu_online(cpu) ||
		    test_tsk_thread_flag(curr, TIF_NEED_RESCHED))
			continue;
		if (curr == sim.cpu[cpu].idle ||
		    rt_prio_of(p) > rt_prio_of(curr))
			sim_fail("BUG: invariant: RT task %s (rt_priority %d) "
				 "waits on cpu%d while %s (rt_priority %d) "
				 "runs", sim_task_name(p), rt_prio_of(p), cpu,
				 sim_task_name(curr), rt_prio_of(curr));
	}
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
			sim_fail("BUG: invariant: PI waiters of %s out of "
				 "order: %s (prio %d) after prio %d",
				 sim_task_name(p), sim_task_name(w->task),
				 w->prio, last);
		last = w->prio;
		if (w->prio < best)
			best = w->prio;
	}
	if (p->pi_prio != best)
		sim_fail("BUG: invariant: PI %s inherits prio %d, its best "
			 "waiter has %d", sim_task_name(p), p->pi_prio, best);
	normal = sched_normal_prio(p);
	effective = task_prio(p) + MAX_RT_PRIO;
	if (effective != min(normal, best))
		sim_fail("BUG: invariant: PI %s runs at prio %d, not the "
			 "better of its normal prio %d and its best waiter's "
			 "%d", sim_task_name(p), effective, normal, best);
	if (rt_mutex_getprio(p) != min(normal, best))
		sim_fail("BUG: invariant: rt_mutex_getprio(%s) is %d, not "
			 "the better of its normal prio %d and its best "
			 "waiter's %d", sim_task_name(p), rt_mutex_getprio(p),
			 normal, best);
	list_for_each_entry(w, &p->pi_waiters, pi_list_entry) {
		if (w->lock->owner != p || top_waiter_of(w->lock) != w ||
		    w->task->pi_blocked_on != w)
			sim_fail("BUG: invariant: %s inherits from %s, which "
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
	int found = 0, last = -1, prio;

	if (!w)
		return;
	owner = w->lock->owner;
	/* A semaphore's lock may be held by nobody in particular. */
	if (w->task != p || (!owner && !w->lock->sem) || owner == p)
		sim_fail("BUG: invariant: %s waits on rt_mutex %s, owned by "
			 "%s", sim_task_name(p), w->lock->name,
			 owner ? sim_task_name(owner) : "nobody");
	list_for_each_entry(x, &w->lock->wait_list, list_entry) {
		if (x->prio < last)
			sim_fail("BUG: invariant: waiters of rt_mutex %s out "
				 "of order: %s (prio %d) after prio %d",
				 w->lock->name, sim_task_name(x->task),
				 x->prio, last);
		last = x->prio;
		found |= x == w;
	}
	if (!found)
		sim_fail("BUG: invariant: %s waits on rt_mutex %s but is not "
			 "on its wait list", sim_task_name(p), w->lock->name);
	if (owner && top_waiter_of(w->lock) == w && !lends_to(w, owner))
		sim_fail("BUG: invariant: %s, the top waiter of rt_mutex %s, "
			 "is not on the pi waiters of its owner %s",
			 sim_task_name(p), w->lock->name,
			 sim_task_name(owner));
	if (owner && top_waiter_of(w->lock) != w && lends_to(w, owner))
		sim_fail("BUG: invariant: %s, not the top waiter of rt_mutex "
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
		sim_fail("BUG: invariant: %s waits on rt_mutex %s at prio %d, "
			 "its effective prio is %d", sim_task_name(p),
			 w->lock->name, w->prio, prio);
}

/**
 * sim_check_rt_mutex - rule 6 for an rt_mutex of the machine's own (the
 * harness's, the rt-tester's): a pending owner is an owner, and runs or
 * is about to, blocked on no other lock.
 */
void sim_check_rt_mutex(struct rt_mutex *lock)
{
	if (lock->pending && !lock->owner)
		sim_fail("BUG: invariant: rt_mutex %s is pending without an "
			 "owner", lock->name);
	if (lock->pending && lock->owner->pi_blocked_on)
		sim_fail("BUG: invariant: %s, the pending owner of rt_mutex "
			 "%s, is blocked on rt_mutex %s",
			 sim_task_name(lock->owner), lock->name,
			 lock->owner->pi_blocked_on->lock->name);
	if (!lock->owner && !lock->sem && !list_empty(&lock->wait_list))
		sim_fail("BUG: invariant: rt_mutex %s has waiters and no "
			 "owner", lock->name);
}

/**
 * sim_check_semaphore - rule 6 for a semaphore of the machine's own: it
 * has waiters only with no unit free, an owner only as a mutex with no
 * unit free.
 */
void sim_check_semaphore(struct semaphore *sem)
{
	if (!list_empty(&sem->fifo) && sem->count)
		sim_fail("BUG: invariant: semaphore %s has waiters and %d "
			 "units free", sem->lock.name, sem->count);
	if (sem->lock.owner && (sem->count || sem->counting))
		sim_fail("BUG: invariant: semaphore %s (count %d%s) has an "
			 "owner", sem->lock.name, sem->count,
			 sem->counting ? ", counting" : "");
}

/**
 * sim_check_rwsem - rule 6 for an rw_semaphore of the machine's own: its
 * owner is its writer, and it has waiters only while held.
 */
void sim_check_rwsem(struct rw_semaphore *sem)
{
	if ((sem->activity == -1) != !!sem->lock.owner || sem->activity < -1)
		sim_fail("BUG: invariant: rw_semaphore %s: activity %d, "
			 "owner %s", sem->lock.name, sem->activity,
			 sem->lock.owner ? sim_task_name(sem->lock.owner) :
			 "none");
	if (!list_empty(&sem->fifo) && !sem->activity)
		sim_fail("BUG: invariant: rw_semaphore %s is free with "
			 "waiters", sem->lock.name);
}

static void check_pi_all(void)
{
	struct sim_task *st;

	list_for_each_entry(st, &sim.tasks, all)
		if (st->task && !st->exited && !st->is_idle) {
			check_pi(st->task);
			check_blocked(st->task);
		}
	sim_mutex_check_all();
	sim_sem_check_all();
	sim_rttest_check_mutexes();
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
		sim_fail("BUG: invariant: cpu%d runs %s outside its "
			 "cpus_allowed", c->id, sim_task_name(curr));
}

/**
 * sim_check_invariants - check everything above; a violation is a report
 * and ends the run.  Returns 0.
 */
int sim_check_invariants(void)
{
	char why[256];
	int cpu, saved = sim_this_cpu, walking = 0;

	for (cpu = 0; cpu < sim.nr_cpus; cpu++) {
		if (!sim.cpu[cpu].online)
			continue;
		sim_this_cpu = cpu;
		sim_check_no_locks(cpu, "the machine is between events");
		check_affinity(&sim.cpu[cpu]);
		walking |= sim.cpu[cpu].park == PARK_SPIN;
	}
	sim_this_cpu = saved;
	check_queues();
	check_rt_order();
	/*
	 * A CPU busy-waiting in the kernel may be half way along an
	 * rt_mutex chain (its walk lets go of every lock to wait): the
	 * chain holds again once the walk is done.
	 */
	if (!walking)
		check_pi_all();
	if (scheduler->check) {
		why[0] = '\0';
		if (scheduler->check(why, sizeof(why)))
			sim_fail("BUG: %s's own check: %s",
				 scheduler->cpusched_name, why);
	}
	return 0;
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

/* Tasks between io_schedule()'s start and end: 2.6.10's nr_iowait. */
static int tasks_in_iowait(void)
{
	struct sim_task *st;
	int n = 0;

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
