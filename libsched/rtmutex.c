/*
 *  libsched/rtmutex.c - mutexes with priority inheritance, shared by
 *  every cpu scheduler driver.
 *
 *  A task that blocks on an rt_mutex queues a waiter on it, ordered by
 *  priority (FIFO among equals).  The best waiter of each lock is also
 *  queued on the owner's ->pi_waiters, and the owner's effective priority
 *  is the better of its normal priority and the best of those: the
 *  owner "inherits" it.  If the owner is itself blocked, its waiter is
 *  requeued at the new priority and the owner of that lock inherits in
 *  turn, along the chain, at most RT_MUTEX_MAX_CHAIN steps.
 *
 *  Unlock hands the lock to the best waiter as its "pending owner": it
 *  leaves the wait list, is woken and counts as the owner for
 *  inheritance, but takes the lock only when it runs.  Meanwhile a task
 *  of better priority may steal the lock (the pending owner then queues
 *  again when it runs); any other task blocks behind the pending owner.
 *
 *  Deadlock: a chain that comes back to the task about to block.  The
 *  detecting variant answers -EDEADLK; an interruptible wait without
 *  detection logs it and stays blocked, as the kernel's does, until a
 *  signal ends it; an uninterruptible one, which the kernel would hang
 *  on for ever, is a BUG (the machine stops with a report naming the
 *  tasks).
 *
 *  Priorities are the kernel's 0..MAX_PRIO-1, lower is better.  The
 *  driver reports a task's normal priority (sched_normal_prio()) and
 *  applies ->pi_prio, the inherited one, itself (sched_pi_setprio()):
 *  ->pi_prio always holds the priority of the best waiter queued on
 *  ->pi_waiters (MAX_PRIO for none) and the driver makes the better of
 *  the two the effective priority.
 *
 *  Locking: lock->wait_lock, then task->pi_lock, then the runqueue lock
 *  (taken by the driver's pi_setprio), always with interrupts off.  Two
 *  wait_locks or two pi_locks are never held at once: the chain walk
 *  takes one lock's wait_lock and one task's pi_lock at each step.  On
 *  SMP the chain changes beneath the walk (other CPUs release, take and
 *  leave locks on it), so each step holds the task's pi_lock from reading
 *  what it is blocked on until it has that lock's wait_lock: taken the
 *  other way round, with a trylock, starting over when it is busy.  The
 *  walk holds a reference on the task it stands on.
 *
 *  Semaphores (libsched/semaphore.c) queue their waiters here too, so
 *  that a boost through a semaphore goes on along rt_mutexes and back:
 *  their code decides who holds the lock (lock->sem), and the lock may
 *  then have waiters and no owner, where a walk stops.
 *
 *  Written for the plugsched host framework after the behaviour of the
 *  2.6.18 rt-mutex (Ingo Molnar, Thomas Gleixner, Steven Rostedt).
 */
#include <linux/sched.h>
#include <linux/kernel.h>
#include <linux/rtmutex.h>

/* A tester's sleep function for the wait loop; NULL: schedule(). */
void (*rt_mutex_schedule_hook)(struct rt_mutex *lock);

/* ---- priorities and queues ----------------------------------------------- */

/* task_pi_prio - @p's effective priority: its normal or inherited one. */
static int task_pi_prio(struct task_struct *p)
{
	return min(sched_normal_prio(p), p->pi_prio);
}

static int rt_mutex_has_waiters(struct rt_mutex *lock)
{
	return !list_empty(&lock->wait_list);
}

static struct rt_mutex_waiter *top_waiter(struct rt_mutex *lock)
{
	return list_entry(lock->wait_list.next, struct rt_mutex_waiter,
			  list_entry);
}

static struct rt_mutex_waiter *top_pi_waiter(struct task_struct *p)
{
	return list_entry(p->pi_waiters.next, struct rt_mutex_waiter,
			  pi_list_entry);
}

/* enqueue_waiter - into lock->wait_list behind every waiter of its prio. */
static void enqueue_waiter(struct rt_mutex *lock,
			   struct rt_mutex_waiter *waiter)
{
	struct rt_mutex_waiter *w;

	list_for_each_entry(w, &lock->wait_list, list_entry)
		if (w->prio > waiter->prio)
			break;
	list_add_tail(&waiter->list_entry, &w->list_entry);
}

/* enqueue_pi_waiter - the same order on the owner's ->pi_waiters. */
static void enqueue_pi_waiter(struct task_struct *owner,
			      struct rt_mutex_waiter *waiter)
{
	struct rt_mutex_waiter *w;

	list_for_each_entry(w, &owner->pi_waiters, pi_list_entry)
		if (w->prio > waiter->prio)
			break;
	list_add_tail(&waiter->pi_list_entry, &w->pi_list_entry);
}

/**
 * rt_mutex_getprio - the priority the PI rules give @p: the better of
 * its normal priority and its best pi waiter's.
 */
int rt_mutex_getprio(struct task_struct *p)
{
	int prio = sched_normal_prio(p);

	if (!list_empty(&p->pi_waiters))
		prio = min(prio, top_pi_waiter(p)->prio);
	return prio;
}

/*
 * adjust_prio - recompute what @p inherits from its pi waiters and let
 * the driver apply it.  Called with p->pi_lock held, interrupts off.
 */
static void adjust_prio(struct task_struct *p)
{
	int prio = MAX_PRIO;

	if (!list_empty(&p->pi_waiters))
		prio = top_pi_waiter(p)->prio;
	if (prio == p->pi_prio)
		return;
	p->pi_prio = prio;
	sched_pi_setprio(p);
}

/*
 * lend_top - @to, @top's lock's new owner, inherits from its top waiter
 * @top.  Called with the lock's wait_lock held, interrupts off.
 */
static void lend_top(struct task_struct *to, struct rt_mutex_waiter *top)
{
	spin_lock(&to->pi_lock);
	enqueue_pi_waiter(to, top);
	adjust_prio(to);
	spin_unlock(&to->pi_lock);
}

/* ---- the chain walk ------------------------------------------------------ */

/*
 * requeue_top - @owner's pi entry for @lock follows the lock's top
 * waiter, now that the wait list changed from having @old_top on top.
 * Called with lock->wait_lock and owner->pi_lock held.
 */
static void requeue_top(struct rt_mutex *lock, struct task_struct *owner,
			struct rt_mutex_waiter *old_top)
{
	if (old_top)
		list_del_init(&old_top->pi_list_entry);
	if (rt_mutex_has_waiters(lock))
		enqueue_pi_waiter(owner, top_waiter(lock));
	adjust_prio(owner);
}

/*
 * lock_blocked_on - the rt_mutex @task is blocked on, with its wait_lock
 * and @task's pi_lock held, and @task's waiter in *@waiter; NULL, with
 * neither held, when @task is not blocked.  Interrupts are off.
 *
 * @task stays blocked on *@waiter only while its pi_lock is held, and
 * pi_lock nests inside wait_lock: so the wait_lock is tried, and on
 * failure both are let go for the holder to finish.
 */
static struct rt_mutex *lock_blocked_on(struct task_struct *task,
					struct rt_mutex_waiter **waiter)
{
	struct rt_mutex *lock;

	for (;;) {
		spin_lock(&task->pi_lock);
		*waiter = task->pi_blocked_on;
		if (!*waiter) {
			spin_unlock(&task->pi_lock);
			return NULL;
		}
		lock = (*waiter)->lock;
		if (spin_trylock(&lock->wait_lock))
			return lock;
		spin_unlock(&task->pi_lock);
		cpu_relax();
	}
}

/*
 * adjust_chain - @task's effective priority may have changed: requeue
 * its waiter at that priority and pass the change on to the owner of
 * the lock it waits for, and so on along the chain.  Every step goes as
 * far as the chain does, so that a cycle is seen even when no priority
 * changes.
 * @task: where the walk starts (it may not be blocked at all)
 * @orig_lock: the lock the walk started from (a cycle if seen again),
 *	or NULL
 * @top_task: the task that caused the walk (a cycle if it owns a lock
 *	on the chain), or NULL when no cycle can exist
 * @orig_waiter: @top_task's waiter on @orig_lock, or NULL: once the lock
 *	was handed to it (->task cleared), the walk has nothing to do
 * @detect: the caller asked for deadlock detection
 *
 * Returns 0, or -EDEADLK for a cycle, and for a chain longer than
 * RT_MUTEX_MAX_CHAIN when @detect.  Called with no lock held and a
 * reference on @task; runs with interrupts off.
 */
static int adjust_chain(struct task_struct *task, struct rt_mutex *orig_lock,
			struct task_struct *top_task,
			struct rt_mutex_waiter *orig_waiter, int detect)
{
	struct rt_mutex_waiter *waiter, *old_top;
	struct task_struct *owner;
	struct rt_mutex *lock;
	unsigned long flags;
	int depth = 0, ret = 0, prio, changed;

	get_task_struct(task);
	local_irq_save(flags);
	for (;;) {
		if (++depth > RT_MUTEX_MAX_CHAIN) {
			printk(KERN_WARNING "rtmutex: maximum lock depth %d "
					    "reached at %s/%d\n",
			       RT_MUTEX_MAX_CHAIN, task->comm, task->pid);
			ret = detect ? -EDEADLK : 0;
			break;
		}
		lock = lock_blocked_on(task, &waiter);
		if (!lock)
			break;
		/*
		 * On SMP the owner the walk started from may have let
		 * orig_lock go to top_task meanwhile, and be blocked since
		 * on a lock top_task holds: no cycle, and nothing to lend.
		 */
		if (orig_waiter && !orig_waiter->task) {
			spin_unlock(&task->pi_lock);
			spin_unlock(&lock->wait_lock);
			break;
		}
		owner = lock->owner;
		BUG_ON(!owner && !lock->sem);
		if (lock == orig_lock || (owner && owner == top_task)) {
			spin_unlock(&task->pi_lock);
			spin_unlock(&lock->wait_lock);
			ret = -EDEADLK;
			break;
		}
		old_top = top_waiter(lock);
		prio = task_pi_prio(task);
		changed = waiter->prio != prio;
		if (changed) {
			list_del_init(&waiter->list_entry);
			waiter->prio = prio;
			enqueue_waiter(lock, waiter);
		}
		spin_unlock(&task->pi_lock);
		if (!owner) {
			/* held by a semaphore's holders: nobody to boost */
			spin_unlock(&lock->wait_lock);
			break;
		}

		/* The owner follows if the top waiter or its prio changed. */
		if (changed &&
		    (old_top == waiter || top_waiter(lock) == waiter)) {
			spin_lock(&owner->pi_lock);
			requeue_top(lock, owner, old_top);
			spin_unlock(&owner->pi_lock);
		}
		get_task_struct(owner);
		spin_unlock(&lock->wait_lock);
		put_task_struct(task);
		task = owner;
	}
	local_irq_restore(flags);
	put_task_struct(task);
	return ret;
}

/* ---- blocking, leaving, taking ------------------------------------------- */

/*
 * task_blocks_on_rt_mutex - queue @waiter for current on @lock and make
 * the owner inherit if it is the new top waiter.  Returns the owner, for
 * the caller to walk the chain from once it dropped lock->wait_lock
 * (NULL: a semaphore's lock held by nobody in particular).  Called with
 * lock->wait_lock held, interrupts off; the lock is held.
 */
static struct task_struct *
task_blocks_on_rt_mutex(struct rt_mutex *lock, struct rt_mutex_waiter *waiter)
{
	struct task_struct *owner = lock->owner;
	struct rt_mutex_waiter *old_top = NULL;

	if (rt_mutex_has_waiters(lock))
		old_top = top_waiter(lock);
	spin_lock(&current->pi_lock);
	waiter->task = current;
	waiter->lock = lock;
	waiter->prio = task_pi_prio(current);
	INIT_LIST_HEAD(&waiter->pi_list_entry);
	enqueue_waiter(lock, waiter);
	current->pi_blocked_on = waiter;
	spin_unlock(&current->pi_lock);

	if (!owner)
		return NULL;
	if (top_waiter(lock) == waiter) {
		spin_lock(&owner->pi_lock);
		requeue_top(lock, owner, old_top);
		spin_unlock(&owner->pi_lock);
	}
	get_task_struct(owner);
	return owner;
}

/*
 * remove_waiter - @waiter's task leaves @lock's wait list: current
 * without the lock (signal, deadlock), or a semaphore's waiter handed
 * it.  If it was the top waiter, the owner inherits from the next one
 * instead.  Returns the owner, referenced, for the caller to walk the
 * chain from once it dropped lock->wait_lock (NULL for none).  Called
 * with lock->wait_lock held, interrupts off.
 */
static struct task_struct *remove_waiter(struct rt_mutex *lock,
					 struct rt_mutex_waiter *waiter)
{
	struct task_struct *owner = lock->owner, *task = waiter->task;
	int was_top = top_waiter(lock) == waiter;

	spin_lock(&task->pi_lock);
	list_del_init(&waiter->list_entry);
	task->pi_blocked_on = NULL;
	waiter->task = NULL;
	spin_unlock(&task->pi_lock);

	if (!owner)
		return NULL;
	if (was_top) {
		spin_lock(&owner->pi_lock);
		requeue_top(lock, owner, waiter);
		spin_unlock(&owner->pi_lock);
	}
	get_task_struct(owner);
	return owner;
}

/*
 * try_to_steal_lock - current, not a queued waiter, takes @lock from its
 * pending owner if it has a better priority than the pending owner's
 * effective one.  The pending owner loses what the lock's top waiter
 * lent it; current inherits it instead.  Called with lock->wait_lock
 * held, interrupts off.
 */
static int try_to_steal_lock(struct rt_mutex *lock)
{
	struct task_struct *pendowner = lock->owner;
	struct rt_mutex_waiter *next;

	if (!lock->pending)
		return 0;
	spin_lock(&pendowner->pi_lock);
	if (task_pi_prio(current) >= task_pi_prio(pendowner)) {
		spin_unlock(&pendowner->pi_lock);
		return 0;
	}
	if (!rt_mutex_has_waiters(lock)) {
		spin_unlock(&pendowner->pi_lock);
		return 1;
	}
	next = top_waiter(lock);
	list_del_init(&next->pi_list_entry);
	adjust_prio(pendowner);
	spin_unlock(&pendowner->pi_lock);
	lend_top(current, next);
	return 1;
}

/*
 * try_to_take_rt_mutex - current takes @lock if it is free, handed to
 * current at unlock, or can be stolen from its pending owner.  Called
 * with lock->wait_lock held, interrupts off; current is not queued.
 */
static int try_to_take_rt_mutex(struct rt_mutex *lock)
{
	if (lock->owner == current) {
		if (!lock->pending)
			return 0;	/* a recursive lock: a deadlock */
	} else if (lock->owner && !try_to_steal_lock(lock)) {
		return 0;
	}
	lock->owner = current;
	lock->pending = 0;
	return 1;
}

static void schedule_rt_mutex(struct rt_mutex *lock)
{
	if (rt_mutex_schedule_hook)
		rt_mutex_schedule_hook(lock);
	else
		schedule();
}

static void print_deadlock(struct rt_mutex *lock, const char *level,
			   const char *what)
{
	struct task_struct *owner = lock->owner;

	printk("%srtmutex deadlock: %s/%d blocks on %s, owned by %s/%d, "
	       "whose chain of owners comes back to it%s\n",
	       level, current->comm, current->pid, lock->name,
	       owner ? owner->comm : "-", owner ? owner->pid : 0, what);
}

/*
 * warn_deadlock - an interruptible wait without deadlock detection on a
 * cycle: it stays blocked, as in the kernel, until a signal ends it.
 */
static void warn_deadlock(struct rt_mutex *lock)
{
	print_deadlock(lock, KERN_WARNING, "; waiting for a signal");
}

/* report_deadlock - what the kernel would hang on for ever: a BUG. */
static void report_deadlock(struct rt_mutex *lock)
{
	print_deadlock(lock, KERN_ERR "BUG: ", "");
	BUG();
}

/*
 * rt_mutex_slowlock - take @lock, sleeping in @state while it is owned.
 * Returns 0 with the lock, -EINTR when a signal ended an interruptible
 * wait, -EDEADLK for a deadlock when @detect.
 */
static int rt_mutex_slowlock(struct rt_mutex *lock, long state, int detect)
{
	struct rt_mutex_waiter waiter;
	struct task_struct *owner;
	unsigned long flags;
	int ret = 0;

	might_sleep();
	waiter.task = NULL;
	spin_lock_irqsave(&lock->wait_lock, flags);
	set_current_state(state);
	for (;;) {
		if (!waiter.task && try_to_take_rt_mutex(lock))
			break;
		if (state == TASK_INTERRUPTIBLE && signal_pending(current)) {
			ret = -EINTR;
			break;
		}
		if (!waiter.task) {
			if (lock->owner == current) {
				ret = -EDEADLK;
				break;
			}
			owner = task_blocks_on_rt_mutex(lock, &waiter);
			spin_unlock(&lock->wait_lock);
			ret = adjust_chain(owner, lock, current, &waiter,
					   detect);
			put_task_struct(owner);
			if (ret == -EDEADLK && !detect &&
			    state == TASK_INTERRUPTIBLE) {
				/* Only a signal can end this wait: say so. */
				warn_deadlock(lock);
				ret = 0;
			}
			spin_lock(&lock->wait_lock);
			if (ret)
				break;
			/* handed the lock while walking: take it now */
			continue;
		}
		spin_unlock_irqrestore(&lock->wait_lock, flags);
		schedule_rt_mutex(lock);
		spin_lock_irqsave(&lock->wait_lock, flags);
		set_current_state(state);
	}
	set_current_state(TASK_RUNNING);

	owner = NULL;
	if (waiter.task)
		owner = remove_waiter(lock, &waiter);
	spin_unlock(&lock->wait_lock);
	rt_mutex_adjust_chain(owner);
	local_irq_restore(flags);

	if (ret == -EDEADLK && !detect)
		report_deadlock(lock);
	return ret;
}

/* ---- the API ------------------------------------------------------------- */

/**
 * __rt_mutex_init - an unlocked rt_mutex called @name (for reports)
 */
void __rt_mutex_init(struct rt_mutex *lock, const char *name)
{
	spin_lock_init(&lock->wait_lock);
	INIT_LIST_HEAD(&lock->wait_list);
	lock->owner = NULL;
	lock->pending = 0;
	lock->sem = 0;
	lock->name = name;
}

/**
 * rt_mutex_lock - take @lock, sleeping uninterruptibly while it is owned
 *
 * A deadlock is reported as a kernel BUG (the kernel would hang).
 */
void rt_mutex_lock(struct rt_mutex *lock)
{
	rt_mutex_slowlock(lock, TASK_UNINTERRUPTIBLE, 0);
}

/**
 * rt_mutex_lock_interruptible - take @lock, or stop waiting on a signal
 * @lock: the rt_mutex
 * @detect_deadlock: answer -EDEADLK for a deadlock instead of a BUG
 *
 * Returns 0 with the lock, -EINTR or -EDEADLK without.
 */
int rt_mutex_lock_interruptible(struct rt_mutex *lock, int detect_deadlock)
{
	return rt_mutex_slowlock(lock, TASK_INTERRUPTIBLE, detect_deadlock);
}

/**
 * rt_mutex_trylock - take @lock if that needs no wait: it is free, or
 * pending for a task of worse priority than current.  1 if taken.
 */
int rt_mutex_trylock(struct rt_mutex *lock)
{
	unsigned long flags;
	int ret;

	spin_lock_irqsave(&lock->wait_lock, flags);
	ret = try_to_take_rt_mutex(lock);
	spin_unlock_irqrestore(&lock->wait_lock, flags);
	return ret;
}

/*
 * wakeup_next_waiter - hand @lock to its top waiter as pending owner:
 * current stops inheriting from it, it leaves the wait list, inherits
 * from the next waiter and is woken.  Called with lock->wait_lock held,
 * interrupts off.
 */
static void wakeup_next_waiter(struct rt_mutex *lock)
{
	struct rt_mutex_waiter *waiter = top_waiter(lock);
	struct task_struct *pendowner = waiter->task;

	spin_lock(&current->pi_lock);
	list_del_init(&waiter->pi_list_entry);
	adjust_prio(current);
	spin_unlock(&current->pi_lock);

	list_del_init(&waiter->list_entry);
	spin_lock(&pendowner->pi_lock);
	pendowner->pi_blocked_on = NULL;
	waiter->task = NULL;
	if (rt_mutex_has_waiters(lock)) {
		enqueue_pi_waiter(pendowner, top_waiter(lock));
		adjust_prio(pendowner);
	}
	spin_unlock(&pendowner->pi_lock);

	lock->owner = pendowner;
	lock->pending = 1;
	wake_up_process(pendowner);
}

/**
 * rt_mutex_unlock - release @lock, which current owns
 */
void rt_mutex_unlock(struct rt_mutex *lock)
{
	unsigned long flags;

	spin_lock_irqsave(&lock->wait_lock, flags);
	BUG_ON(lock->owner != current || lock->pending);
	if (rt_mutex_has_waiters(lock)) {
		wakeup_next_waiter(lock);
	} else {
		lock->owner = NULL;
		lock->pending = 0;
	}
	spin_unlock_irqrestore(&lock->wait_lock, flags);
}

/**
 * rt_mutex_adjust_pi - @p's normal priority changed (setscheduler,
 * nice): if it waits on an rt_mutex, requeue it and pass the change on
 * along the chain.  Process context, no lock held.
 */
void rt_mutex_adjust_pi(struct task_struct *p)
{
	struct rt_mutex_waiter *waiter;
	unsigned long flags;
	int unchanged;

	spin_lock_irqsave(&p->pi_lock, flags);
	waiter = p->pi_blocked_on;
	unchanged = !waiter || waiter->prio == task_pi_prio(p);
	spin_unlock_irqrestore(&p->pi_lock, flags);
	if (unchanged)
		return;
	adjust_chain(p, NULL, NULL, NULL, 0);
}

/* ---- for the semaphores -------------------------------------------------- */

/**
 * rt_mutex_block - current waits on @lock, a semaphore's: queue @waiter
 * in priority order and lend current's priority along the chain of
 * owners.  A chain that comes back to current is a deadlock: a BUG in
 * @state TASK_UNINTERRUPTIBLE, which would hang for ever; a warning in
 * TASK_INTERRUPTIBLE, which a signal may still end.  Called with
 * lock->wait_lock held, interrupts off; drops it for the walk.
 */
void rt_mutex_block(struct rt_mutex *lock, struct rt_mutex_waiter *waiter,
		    long state)
{
	struct task_struct *owner = task_blocks_on_rt_mutex(lock, waiter);
	int ret;

	if (!owner)
		return;
	spin_unlock(&lock->wait_lock);
	ret = adjust_chain(owner, lock, current, waiter, 0);
	put_task_struct(owner);
	if (ret == -EDEADLK && state == TASK_INTERRUPTIBLE)
		warn_deadlock(lock);
	else if (ret == -EDEADLK)
		report_deadlock(lock);
	spin_lock(&lock->wait_lock);
}

/**
 * rt_mutex_dequeue - @waiter leaves @lock, a semaphore's: its task is
 * handed the semaphore, or gave up (signal).  Returns the owner,
 * referenced, for rt_mutex_adjust_chain(), or NULL.  Called with
 * lock->wait_lock held, interrupts off.
 */
struct task_struct *rt_mutex_dequeue(struct rt_mutex *lock,
				     struct rt_mutex_waiter *waiter)
{
	return remove_waiter(lock, waiter);
}

/**
 * rt_mutex_set_owner - @lock, a semaphore's, is now held by @owner
 * (NULL: by nobody in particular): the old owner stops inheriting from
 * its top waiter and @owner, running and blocked on nothing, inherits
 * instead.  Returns the old owner, referenced, when its priority may
 * have dropped, for rt_mutex_adjust_chain(); else NULL.  Called with
 * lock->wait_lock held, interrupts off.
 */
struct task_struct *rt_mutex_set_owner(struct rt_mutex *lock,
				       struct task_struct *owner)
{
	struct task_struct *old = lock->owner;
	struct rt_mutex_waiter *top = NULL;

	if (old == owner)
		return NULL;
	if (rt_mutex_has_waiters(lock))
		top = top_waiter(lock);
	if (old && top) {
		spin_lock(&old->pi_lock);
		list_del_init(&top->pi_list_entry);
		adjust_prio(old);
		spin_unlock(&old->pi_lock);
	}
	lock->owner = owner;
	lock->pending = 0;
	if (owner && top)
		lend_top(owner, top);
	if (!old || !top)
		return NULL;
	get_task_struct(old);
	return old;
}

/**
 * rt_mutex_adjust_chain - @task's priority changed: pass the change on
 * along the chain it is blocked on, then drop the reference that
 * remove_waiter() (rt_mutex_dequeue()) or rt_mutex_set_owner() took.
 * NULL: nothing.  Process context, no lock held.
 */
void rt_mutex_adjust_chain(struct task_struct *task)
{
	if (!task)
		return;
	adjust_chain(task, NULL, NULL, NULL, 0);
	put_task_struct(task);
}
