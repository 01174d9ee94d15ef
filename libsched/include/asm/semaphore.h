/*
 * include/asm/semaphore.h - Linux 2.6.10's semaphores, with priority
 * inheritance (libsched/semaphore.c), shared by every cpu scheduler
 * driver.  Here, where 2.6.10's kernel code includes it from.
 *
 * A semaphore initialised with a count of 0 or 1 (init_MUTEX(),
 * init_MUTEX_LOCKED()) is a mutex: the task whose down() takes its last
 * unit is its owner, its waiters lend it their priority through the
 * rt_mutex machinery (<linux/rtmutex.h>) and up() hands it to the best
 * of them.  One initialised with more is a counting semaphore: no owner
 * to boost, and up() hands a unit to the waiter that came first.
 * docs/semaphores.md says why.
 */
#ifndef _ASM_SEMAPHORE_H
#define _ASM_SEMAPHORE_H

#include <linux/list.h>
#include <linux/rtmutex.h>

/**
 * struct semaphore - a counting semaphore, a mutex when @counting is 0
 * @lock: its waiters (priority order) and owner; @lock.wait_lock
 *	protects everything here
 * @count: the units free: 0 while it is held and when it has waiters
 * @counting: initialised with a count above one: no owner, FIFO
 * @fifo: the waiters in the order they came (struct sem_waiter)
 */
struct semaphore {
	struct rt_mutex lock;
	int count;
	int counting;
	struct list_head fifo;
};

/**
 * struct sem_waiter - a task waiting on a semaphore or rw_semaphore
 * (on its stack)
 * @pi: on the lock's wait list, lending its priority to the owner
 * @list: on the semaphore's ->fifo
 * @write: an rw_semaphore's writer
 * @granted: up() handed it the semaphore
 */
struct sem_waiter {
	struct rt_mutex_waiter pi;
	struct list_head list;
	int write;
	int granted;
};

extern void __sema_init(struct semaphore *sem, int val, const char *name);
#define sema_init(sem, val)	__sema_init((sem), (val), #sem)
#define init_MUTEX(sem)		sema_init((sem), 1)
#define init_MUTEX_LOCKED(sem)	sema_init((sem), 0)

extern void down(struct semaphore *sem);
extern int down_interruptible(struct semaphore *sem);
extern int down_trylock(struct semaphore *sem);
extern void up(struct semaphore *sem);

#endif /* _ASM_SEMAPHORE_H */
