/*
 * include/linux/rwsem.h - Linux 2.6.10's read/write semaphores, with
 * priority inheritance for the writer (libsched/semaphore.c).
 *
 * As 2.6.10's generic rwsem: readers share it, a writer excludes
 * everyone, waiters queue in the order they came and are served in
 * that order, and a waiting writer makes new readers queue behind it.
 * While a writer holds it, its waiters lend the writer their priority
 * through the rt_mutex machinery; readers are not tracked, and lend to
 * nobody.  docs/semaphores.md says why.
 */
#ifndef _LINUX_RWSEM_H
#define _LINUX_RWSEM_H

#include <asm/semaphore.h>

/**
 * struct rw_semaphore - a read/write semaphore
 * @lock: its waiters (priority order) and owner, the writer holding
 *	it; @lock.wait_lock protects everything here
 * @activity: readers holding it, -1 for a writer, 0 free
 * @fifo: the waiters in the order they came (struct sem_waiter)
 */
struct rw_semaphore {
	struct rt_mutex lock;
	int activity;
	struct list_head fifo;
};

extern void __init_rwsem(struct rw_semaphore *sem, const char *name);
#define init_rwsem(sem)		__init_rwsem((sem), #sem)

extern void down_read(struct rw_semaphore *sem);
extern int down_read_trylock(struct rw_semaphore *sem);
extern void down_write(struct rw_semaphore *sem);
extern int down_write_trylock(struct rw_semaphore *sem);
extern void up_read(struct rw_semaphore *sem);
extern void up_write(struct rw_semaphore *sem);
extern void downgrade_write(struct rw_semaphore *sem);

#endif /* _LINUX_RWSEM_H */
