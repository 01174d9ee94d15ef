/*
 * include/linux/rtmutex.h - mutexes with priority inheritance
 * (libsched/rtmutex.c), shared by every cpu scheduler driver.
 *
 * A task that blocks on an rt_mutex lends its priority to the owner, and
 * through chains of blocked owners to theirs: a task's effective priority
 * is the best of its normal priority and the top waiter of every rt_mutex
 * it owns.  Priorities here are the kernel's 0..MAX_PRIO-1 scale, lower
 * is better.
 *
 * Locking order: lock->wait_lock, then task->pi_lock, then the runqueue
 * lock (taken by the driver's pi_setprio).
 */
#ifndef _LINUX_RTMUTEX_H
#define _LINUX_RTMUTEX_H

#include <linux/list.h>
#include <linux/spinlock.h>

struct task_struct;

/**
 * struct rt_mutex - a priority inheriting mutex
 * @wait_lock: protects everything below
 * @wait_list: the waiters, best priority first, FIFO among equals
 * @owner: the owner, or the pending owner, NULL when free
 * @pending: @owner was handed the lock at unlock and has not run to
 *	take it: a better task may steal it meanwhile
 * @sem: the PI part of a semaphore (<asm/semaphore.h>, <linux/rwsem.h>),
 *	whose code decides who holds it: it may have waiters and no
 *	owner (held by readers, by a counting semaphore's holders, or
 *	locked at init), and then there is nobody to boost
 * @name: for reports
 */
struct rt_mutex {
	spinlock_t wait_lock;
	struct list_head wait_list;
	struct task_struct *owner;
	int pending;
	int sem;
	const char *name;
};

/**
 * struct rt_mutex_waiter - a task blocked on an rt_mutex (on its stack)
 * @list_entry: on lock->wait_list
 * @pi_list_entry: on the owner's pi_waiters while it is the lock's top
 *	waiter
 * @task: the waiter
 * @lock: what it waits for
 * @prio: its priority when queued (requeued when it changes)
 */
struct rt_mutex_waiter {
	struct list_head list_entry;
	struct list_head pi_list_entry;
	struct task_struct *task;
	struct rt_mutex *lock;
	int prio;
};

/* The longest chain of owners a boost follows before giving up. */
#define RT_MUTEX_MAX_CHAIN	1024

extern void __rt_mutex_init(struct rt_mutex *lock, const char *name);
#define rt_mutex_init(lock)	__rt_mutex_init((lock), #lock)

extern void rt_mutex_lock(struct rt_mutex *lock);
extern int rt_mutex_lock_interruptible(struct rt_mutex *lock,
				       int detect_deadlock);
extern int rt_mutex_trylock(struct rt_mutex *lock);
extern void rt_mutex_unlock(struct rt_mutex *lock);

static inline int rt_mutex_is_locked(struct rt_mutex *lock)
{
	return lock->owner != NULL;
}

/* The priority the PI rules give @p: its normal one or a waiter's. */
extern int rt_mutex_getprio(struct task_struct *p);
/* After @p's normal priority changed (setscheduler, nice): re-apply. */
extern void rt_mutex_adjust_pi(struct task_struct *p);

/*
 * For the semaphores (libsched/semaphore.c), which keep their own
 * count and hand the lock over themselves, under lock->wait_lock with
 * interrupts off: current queues a waiter in priority order and lends
 * its priority along the chain (a cycle back to current is a deadlock:
 * a BUG when @state is TASK_UNINTERRUPTIBLE, a warning otherwise; the
 * walk drops and retakes wait_lock); a waiter leaves (signal) or is
 * handed the lock (->task cleared, its task no longer blocked); and the
 * lock changes owner, the old owner stops inheriting and the new one
 * inherits from the top waiter.  Those two return a task, referenced,
 * whose chain the caller walks with rt_mutex_adjust_chain() once it
 * dropped wait_lock (NULL: nothing to walk).
 */
extern void rt_mutex_block(struct rt_mutex *lock,
			   struct rt_mutex_waiter *waiter, long state);
extern struct task_struct *rt_mutex_dequeue(struct rt_mutex *lock,
					    struct rt_mutex_waiter *waiter);
extern struct task_struct *rt_mutex_set_owner(struct rt_mutex *lock,
					      struct task_struct *owner);
extern void rt_mutex_adjust_chain(struct task_struct *task);

/*
 * The wait loop calls schedule_rt_mutex(lock) to sleep; a tester may
 * put its own function here to watch and stop tasks in that loop, as
 * the kernel's rt-mutex tester does (NULL: plain schedule()).
 */
extern void (*rt_mutex_schedule_hook)(struct rt_mutex *lock);

#endif /* _LINUX_RTMUTEX_H */
