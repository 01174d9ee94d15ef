/*
 *  libsched/semaphore.c - Linux 2.6.10's semaphores and read/write
 *  semaphores, with priority inheritance where the holder is known,
 *  shared by every cpu scheduler driver.
 *
 *  After the semaphores of Ingo Molnar's -RT-2.6.10-rc1-mm2-V0.7: the
 *  semantics of Linux's semaphores (a count, any task may up(), up()
 *  from an interrupt), and a task that blocks lends its priority to the
 *  holder.  They are built on the rt_mutex machinery (rtmutex.c): each
 *  semaphore has an rt_mutex whose wait list holds its waiters in
 *  priority order and whose owner is its holder when there is one, so
 *  a boost through a semaphore goes on along rt_mutexes, and back, and
 *  the machine's PI invariant covers it.  The semaphore code decides
 *  who holds it (lock->sem): the rt_mutex may have waiters and no owner.
 *
 *  Who owns what:
 *   - a mutex (a semaphore initialised with 0 or 1): the task whose
 *     down() took its last unit, or the waiter up() handed it to; up()
 *     hands it to the best waiter (priority order, FIFO among equals),
 *     as an rt_mutex would.  Locked at init, it has no owner until a
 *     waiter is handed it.
 *   - a counting semaphore (initialised with more): no owner, as in
 *     -RT V0.7; up() hands a unit to the waiter that came first, as
 *     2.6.10's exclusive wait queue wakes them.
 *   - an rw_semaphore: the writer holding it; readers are not tracked.
 *     Waiters are served in the order they came and a waiting writer
 *     makes new readers queue, as 2.6.10's generic rwsem.
 *
 *  up(), up_read(), up_write() and downgrade_write() hand the semaphore
 *  over to the waiters they wake: a task that comes later cannot take
 *  it before them (2.6.10's woken waiter retried, and could lose).
 *
 *  Locking: the rt_mutex's wait_lock protects the count, the lists and
 *  the owner; it nests outside task->pi_lock as in rtmutex.c.
 */
#include <linux/sched.h>
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/hardirq.h>
#include <linux/rwsem.h>

/* ---- waiting and handing over -------------------------------------------- */

static struct sem_waiter *first_waiter(struct list_head *fifo)
{
	return list_entry(fifo->next, struct sem_waiter, list);
}

static struct sem_waiter *top_waiter(struct rt_mutex *lock)
{
	return list_entry(lock->wait_list.next, struct sem_waiter,
			  pi.list_entry);
}

/*
 * sem_wait - current waits in @state on @lock, queued on @fifo too,
 * until the semaphore is handed to it.  Returns 0 with it, -EINTR when
 * a signal ended an interruptible wait (the waiter gone).  Called and
 * returns with lock->wait_lock held, interrupts off; drops it to sleep.
 */
static int sem_wait(struct rt_mutex *lock, struct list_head *fifo,
		    struct sem_waiter *w, long state)
{
	struct task_struct *owner;
	int ret = 0;

	w->granted = 0;
	list_add_tail(&w->list, fifo);
	rt_mutex_block(lock, &w->pi, state);
	for (;;) {
		set_current_state(state);
		if (w->granted)
			break;
		if (state == TASK_INTERRUPTIBLE && signal_pending(current)) {
			ret = -EINTR;
			break;
		}
		spin_unlock_irq(&lock->wait_lock);
		schedule();
		spin_lock_irq(&lock->wait_lock);
	}
	__set_current_state(TASK_RUNNING);
	if (!ret)
		return 0;
	list_del(&w->list);
	owner = rt_mutex_dequeue(lock, &w->pi);
	spin_unlock(&lock->wait_lock);
	rt_mutex_adjust_chain(owner);
	spin_lock(&lock->wait_lock);
	return ret;
}

/*
 * sem_grant - hand the semaphore of @lock to @w's task: it leaves both
 * lists and is woken.  Returns the task.  Called with lock->wait_lock
 * held, interrupts off, and no owner (nobody's boost to move).
 */
static struct task_struct *sem_grant(struct rt_mutex *lock,
				     struct sem_waiter *w)
{
	struct task_struct *task = w->pi.task;

	BUG_ON(lock->owner);
	list_del(&w->list);
	rt_mutex_dequeue(lock, &w->pi);
	w->granted = 1;
	wake_up_process(task);
	return task;
}

/* ---- semaphores ---------------------------------------------------------- */

/**
 * __sema_init - a semaphore of @val units called @name (for reports):
 * a mutex for 0 or 1, a counting semaphore for more
 */
void __sema_init(struct semaphore *sem, int val, const char *name)
{
	BUG_ON(val < 0);
	__rt_mutex_init(&sem->lock, name);
	sem->lock.sem = 1;
	sem->count = val;
	sem->counting = val > 1;
	INIT_LIST_HEAD(&sem->fifo);
}

/*
 * sem_take - current takes a free unit; a mutex's last makes it the
 * owner, unless taken by an interrupt (down_trylock()), whose current
 * is only the task it interrupted.
 */
static void sem_take(struct semaphore *sem)
{
	if (--sem->count == 0 && !sem->counting && !in_interrupt())
		rt_mutex_set_owner(&sem->lock, current);
}

static int __down_common(struct semaphore *sem, long state)
{
	struct rt_mutex *lock = &sem->lock;
	struct sem_waiter w;
	int ret = 0;

	might_sleep();
	spin_lock_irq(&lock->wait_lock);
	if (sem->count > 0)
		sem_take(sem);
	else if (state == TASK_INTERRUPTIBLE && signal_pending(current))
		ret = -EINTR;
	else
		ret = sem_wait(lock, &sem->fifo, &w, state);
	spin_unlock_irq(&lock->wait_lock);
	return ret;
}

/**
 * down - take a unit of @sem, sleeping uninterruptibly while none is
 * free.  Waiting on a mutex lends current's priority to its owner; a
 * deadlock through owners is reported as a kernel BUG.
 */
void down(struct semaphore *sem)
{
	__down_common(sem, TASK_UNINTERRUPTIBLE);
}

/**
 * down_interruptible - take a unit of @sem, or stop waiting on a signal
 *
 * Returns 0 with it, -EINTR without (a signal was pending, or came while
 * it waited).  A free unit is taken even with a signal pending, as in
 * 2.6.10.
 */
int down_interruptible(struct semaphore *sem)
{
	return __down_common(sem, TASK_INTERRUPTIBLE);
}

/**
 * down_trylock - take a unit of @sem if one is free, without sleeping.
 * Returns 0 when taken and 1 when not, as 2.6.10 does (the opposite of
 * spin_trylock()).  Any context.
 */
int down_trylock(struct semaphore *sem)
{
	unsigned long flags;
	int busy;

	spin_lock_irqsave(&sem->lock.wait_lock, flags);
	busy = sem->count <= 0;
	if (!busy)
		sem_take(sem);
	spin_unlock_irqrestore(&sem->lock.wait_lock, flags);
	return busy;
}

/**
 * up - give a unit of @sem back: to its next waiter, if any (a mutex's
 * best, a counting semaphore's first), who becomes a mutex's owner;
 * else to the count.  Any task may call it, and any context; the owner
 * stops inheriting from the waiters.
 */
void up(struct semaphore *sem)
{
	struct rt_mutex *lock = &sem->lock;
	struct task_struct *old, *task;
	unsigned long flags;

	spin_lock_irqsave(&lock->wait_lock, flags);
	old = rt_mutex_set_owner(lock, NULL);
	if (list_empty(&sem->fifo)) {
		sem->count++;
	} else if (sem->counting) {
		sem_grant(lock, first_waiter(&sem->fifo));
	} else {
		task = sem_grant(lock, top_waiter(lock));
		rt_mutex_set_owner(lock, task);
	}
	spin_unlock_irqrestore(&lock->wait_lock, flags);
	rt_mutex_adjust_chain(old);
}

/* ---- read/write semaphores ----------------------------------------------- */

/**
 * __init_rwsem - an unlocked rw_semaphore called @name (for reports)
 */
void __init_rwsem(struct rw_semaphore *sem, const char *name)
{
	__rt_mutex_init(&sem->lock, name);
	sem->lock.sem = 1;
	sem->activity = 0;
	INIT_LIST_HEAD(&sem->fifo);
}

/* A waiter first in line, or an active writer, keeps a reader out. */
static int rwsem_free_for(struct rw_semaphore *sem, int write)
{
	if (!list_empty(&sem->fifo))
		return 0;
	return write ? sem->activity == 0 : sem->activity >= 0;
}

static void rwsem_take(struct rw_semaphore *sem, int write)
{
	if (write) {
		sem->activity = -1;
		rt_mutex_set_owner(&sem->lock, current);
	} else {
		sem->activity++;
	}
}

static void rwsem_down(struct rw_semaphore *sem, int write)
{
	struct rt_mutex *lock = &sem->lock;
	struct sem_waiter w;

	might_sleep();
	spin_lock_irq(&lock->wait_lock);
	if (rwsem_free_for(sem, write)) {
		rwsem_take(sem, write);
	} else {
		w.write = write;
		sem_wait(lock, &sem->fifo, &w, TASK_UNINTERRUPTIBLE);
	}
	spin_unlock_irq(&lock->wait_lock);
}

static int rwsem_trylock(struct rw_semaphore *sem, int write)
{
	unsigned long flags;
	int ok;

	spin_lock_irqsave(&sem->lock.wait_lock, flags);
	ok = rwsem_free_for(sem, write);
	if (ok)
		rwsem_take(sem, write);
	spin_unlock_irqrestore(&sem->lock.wait_lock, flags);
	return ok;
}

/*
 * rwsem_wake - the waiters first in line get @sem, which has no writer:
 * a writer alone (unless @readers_only), or every reader up to the next
 * writer.  Called with its wait_lock held, interrupts off.
 */
static void rwsem_wake(struct rw_semaphore *sem, int readers_only)
{
	struct sem_waiter *w;

	if (list_empty(&sem->fifo))
		return;
	w = first_waiter(&sem->fifo);
	if (w->write) {
		if (readers_only || sem->activity)
			return;
		sem->activity = -1;
		rt_mutex_set_owner(&sem->lock, sem_grant(&sem->lock, w));
		return;
	}
	while (!list_empty(&sem->fifo) && !first_waiter(&sem->fifo)->write) {
		sem->activity++;
		sem_grant(&sem->lock, first_waiter(&sem->fifo));
	}
}

/* rwsem_release - the writer lets go: to @readers readers, or to all. */
static void rwsem_release(struct rw_semaphore *sem, int readers)
{
	struct task_struct *old;
	unsigned long flags;

	spin_lock_irqsave(&sem->lock.wait_lock, flags);
	BUG_ON(sem->activity != -1);
	sem->activity = readers;
	old = rt_mutex_set_owner(&sem->lock, NULL);
	rwsem_wake(sem, readers);
	spin_unlock_irqrestore(&sem->lock.wait_lock, flags);
	rt_mutex_adjust_chain(old);
}

/**
 * down_read - share @sem with other readers, sleeping while a writer
 * holds it or any task waits for it.  A reader waiting for a writer
 * lends it its priority.
 */
void down_read(struct rw_semaphore *sem)
{
	rwsem_down(sem, 0);
}

/**
 * down_write - hold @sem alone, sleeping while anyone holds it or any
 * task waits for it; its waiters lend it their priority meanwhile.
 */
void down_write(struct rw_semaphore *sem)
{
	rwsem_down(sem, 1);
}

/**
 * down_read_trylock - down_read() if that needs no wait: 1 if taken,
 * 0 if not, as 2.6.10 does.
 */
int down_read_trylock(struct rw_semaphore *sem)
{
	return rwsem_trylock(sem, 0);
}

/**
 * down_write_trylock - down_write() if that needs no wait: 1 if taken,
 * 0 if not, as 2.6.10 does.
 */
int down_write_trylock(struct rw_semaphore *sem)
{
	return rwsem_trylock(sem, 1);
}

/**
 * up_read - a reader lets go of @sem; the last one hands it to the
 * writer first in line.
 */
void up_read(struct rw_semaphore *sem)
{
	unsigned long flags;

	spin_lock_irqsave(&sem->lock.wait_lock, flags);
	BUG_ON(sem->activity <= 0);
	if (--sem->activity == 0)
		rwsem_wake(sem, 0);
	spin_unlock_irqrestore(&sem->lock.wait_lock, flags);
}

/**
 * up_write - the writer lets go of @sem: to the writer first in line,
 * or to the readers first in line up to the next writer.  It stops
 * inheriting from the waiters.
 */
void up_write(struct rw_semaphore *sem)
{
	rwsem_release(sem, 0);
}

/**
 * downgrade_write - the writer of @sem becomes one of its readers, and
 * the readers first in line share it at once; a writer first in line
 * keeps waiting, and new readers queue behind it.
 */
void downgrade_write(struct rw_semaphore *sem)
{
	rwsem_release(sem, 1);
}
