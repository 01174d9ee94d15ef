/*
 * linux/spinlock.h - spinlocks and rwlocks, stubbed but checked.
 *
 * Serially, one simulated CPU's path runs to its end at a time, so a lock
 * never spins: taking a lock that is held is itself a bug (a real machine
 * would deadlock or spin forever) and is reported.  When CPUs interleave
 * (compat/interleave.c), a lock another CPU holds is spun on, and CPUs
 * spinning on each other are a deadlock, reported.  Every acquisition
 * records its CPU, task and source place so that the checks in
 * compat/lock.c can say where the lock was taken:
 *
 *  - recursive acquisition and, serially, acquisition of a lock another
 *    CPU holds;
 *  - release of a lock this CPU does not hold;
 *  - a lock class used in hardirq context and also with irqs enabled;
 *  - lock-order inversion between classes (A->B here, B->A anywhere
 *    before), reported even though no deadlock happened;
 *  - locks of one class nested out of ascending address order;
 *  - schedule() or a sleep while atomic, and a lock still held when
 *    control goes back to the machine (compat/machine.c).
 *
 * A lock's class is its spin_lock_init() call site, or the lock itself
 * for a statically initialised lock, as lockdep does.
 */
#ifndef _LINUX_SPINLOCK_H
#define _LINUX_SPINLOCK_H

#include <linux/types.h>
#include <linux/preempt.h>
#include <linux/irqflags.h>

struct lock_class_key {
	char dummy;
};

struct lock_class;
struct task_struct;

struct lock_check {
	struct lock_class_key *key;	/* NULL: class keyed by the lock */
	const char *name;
	int owner_cpu;			/* -1 when free */
	struct task_struct *owner;	/* current at acquisition */
	const char *file;		/* where it was taken */
	int line;
	unsigned int cls;		/* its class, if still that (lock.c) */
};

typedef struct {
	volatile unsigned int slock;
	struct lock_check dep;
} spinlock_t;

typedef struct {
	volatile int readers;		/* -1: write-locked */
	struct lock_check dep;
} rwlock_t;

#define __LOCK_CHECK_INIT(lockname) \
	{ .key = NULL, .name = lockname, .owner_cpu = -1 }

#define __SPIN_LOCK_UNLOCKED(lockname) \
	{ .slock = 0, .dep = __LOCK_CHECK_INIT(#lockname) }
#define SPIN_LOCK_UNLOCKED	__SPIN_LOCK_UNLOCKED(static)
#define DEFINE_SPINLOCK(x)	spinlock_t x = __SPIN_LOCK_UNLOCKED(x)

#define __RW_LOCK_UNLOCKED(lockname) \
	{ .readers = 0, .dep = __LOCK_CHECK_INIT(#lockname) }
#define RW_LOCK_UNLOCKED	__RW_LOCK_UNLOCKED(static)
#define DEFINE_RWLOCK(x)	rwlock_t x = __RW_LOCK_UNLOCKED(x)

extern void __spin_lock_init(spinlock_t *lock, const char *name,
			     struct lock_class_key *key);
extern void __rwlock_init(rwlock_t *lock, const char *name,
			  struct lock_class_key *key);

#define spin_lock_init(lock)						\
	do {								\
		static struct lock_class_key __key;			\
		__spin_lock_init((lock), #lock, &__key);		\
	} while (0)

#define rwlock_init(lock)						\
	do {								\
		static struct lock_class_key __key;			\
		__rwlock_init((lock), #lock, &__key);			\
	} while (0)

/*
 * preempt_enable() after a release: the release was the point where
 * another CPU may run (compat/lock.c), so this is not one again.
 */
#define __preempt_enable_unlocked()					\
	do {								\
		preempt_enable_no_resched();				\
		barrier();						\
		preempt_check_resched();				\
	} while (0)

/* The checked primitives, in compat/lock.c; no preemption change. */
extern void __lock_acquire(spinlock_t *lock, const char *file, int line);
extern int __lock_tryacquire(spinlock_t *lock, const char *file, int line);
extern void __lock_release(spinlock_t *lock, const char *file, int line);
extern void __read_acquire(rwlock_t *lock, const char *file, int line);
extern void __read_release(rwlock_t *lock, const char *file, int line);
extern void __write_acquire(rwlock_t *lock, const char *file, int line);
extern void __write_release(rwlock_t *lock, const char *file, int line);

#define _raw_spin_lock(l)	__lock_acquire((l), __FILE__, __LINE__)
#define _raw_spin_trylock(l)	__lock_tryacquire((l), __FILE__, __LINE__)
#define _raw_spin_unlock(l)	__lock_release((l), __FILE__, __LINE__)
#define spin_is_locked(l)	((l)->slock != 0)
#define spin_unlock_wait(l)	do { } while (0)

#define spin_lock(l)		do { preempt_disable(); _raw_spin_lock(l); } \
				while (0)
#define spin_unlock(l)							\
	do { _raw_spin_unlock(l); __preempt_enable_unlocked(); } while (0)
#define spin_unlock_no_resched(l) \
	do { _raw_spin_unlock(l); preempt_enable_no_resched(); } while (0)

#define spin_trylock(l) ({						\
	int __got;							\
	preempt_disable();						\
	__got = _raw_spin_trylock(l);					\
	if (!__got)							\
		__preempt_enable_unlocked();				\
	__got; })

#define spin_lock_irq(l)	do { local_irq_disable(); spin_lock(l); } \
				while (0)
#define spin_unlock_irq(l)						\
	do {								\
		_raw_spin_unlock(l);					\
		local_irq_enable();					\
		__preempt_enable_unlocked();				\
	} while (0)
#define spin_lock_irqsave(l, flags) \
	do { local_irq_save(flags); spin_lock(l); } while (0)
#define spin_unlock_irqrestore(l, flags)				\
	do {								\
		_raw_spin_unlock(l);					\
		local_irq_restore(flags);				\
		__preempt_enable_unlocked();				\
	} while (0)
#define spin_lock_bh(l)		spin_lock(l)
#define spin_unlock_bh(l)	spin_unlock(l)

#define read_lock(l)							\
	do { preempt_disable(); __read_acquire((l), __FILE__, __LINE__); } \
	while (0)
#define read_unlock(l)							\
	do {								\
		__read_release((l), __FILE__, __LINE__);		\
		__preempt_enable_unlocked();				\
	} while (0)
#define write_lock(l)							\
	do { preempt_disable(); __write_acquire((l), __FILE__, __LINE__); } \
	while (0)
#define write_unlock(l)							\
	do {								\
		__write_release((l), __FILE__, __LINE__);		\
		__preempt_enable_unlocked();				\
	} while (0)
#define read_lock_irq(l)	do { local_irq_disable(); read_lock(l); } \
				while (0)
#define read_unlock_irq(l)						\
	do {								\
		__read_release((l), __FILE__, __LINE__);		\
		local_irq_enable();					\
		__preempt_enable_unlocked();				\
	} while (0)
#define write_lock_irq(l)	do { local_irq_disable(); write_lock(l); } \
				while (0)
#define write_unlock_irq(l)						\
	do {								\
		__write_release((l), __FILE__, __LINE__);		\
		local_irq_enable();					\
		__preempt_enable_unlocked();				\
	} while (0)
#define read_lock_irqsave(l, flags) \
	do { local_irq_save(flags); read_lock(l); } while (0)
#define read_unlock_irqrestore(l, flags)				\
	do {								\
		__read_release((l), __FILE__, __LINE__);		\
		local_irq_restore(flags);				\
		__preempt_enable_unlocked();				\
	} while (0)
#define write_lock_irqsave(l, flags) \
	do { local_irq_save(flags); write_lock(l); } while (0)
#define write_unlock_irqrestore(l, flags)				\
	do {								\
		__write_release((l), __FILE__, __LINE__);		\
		local_irq_restore(flags);				\
		__preempt_enable_unlocked();				\
	} while (0)

#endif /* _LINUX_SPINLOCK_H */
