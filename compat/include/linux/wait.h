/*
 * linux/wait.h - wait queues.
 */
#ifndef _LINUX_WAIT_H
#define _LINUX_WAIT_H

#include <linux/list.h>
#include <linux/spinlock.h>

typedef struct __wait_queue wait_queue_t;
typedef int (*wait_queue_func_t)(wait_queue_t *wait, unsigned mode,
				 int sync, void *key);

#define WQ_FLAG_EXCLUSIVE	0x01

struct __wait_queue {
	unsigned int flags;
	struct task_struct *task;
	wait_queue_func_t func;
	struct list_head task_list;
};

struct __wait_queue_head {
	spinlock_t lock;
	struct list_head task_list;
};
typedef struct __wait_queue_head wait_queue_head_t;

extern int default_wake_function(wait_queue_t *wait, unsigned mode,
				 int sync, void *key);
extern int autoremove_wake_function(wait_queue_t *wait, unsigned mode,
				    int sync, void *key);

#define __WAITQUEUE_INITIALIZER(name, tsk) {				\
	.task		= tsk,						\
	.func		= default_wake_function,			\
	.task_list	= { NULL, NULL } }

#define DECLARE_WAITQUEUE(name, tsk) \
	wait_queue_t name = __WAITQUEUE_INITIALIZER(name, tsk)

#define __WAIT_QUEUE_HEAD_INITIALIZER(name) {				\
	.lock		= __SPIN_LOCK_UNLOCKED(name.lock),		\
	.task_list	= { &(name).task_list, &(name).task_list } }

#define DECLARE_WAIT_QUEUE_HEAD(name) \
	wait_queue_head_t name = __WAIT_QUEUE_HEAD_INITIALIZER(name)

#define DEFINE_WAIT(name)						\
	wait_queue_t name = {						\
		.task		= current,				\
		.func		= autoremove_wake_function,		\
		.task_list	= LIST_HEAD_INIT((name).task_list),	\
	}

extern void __init_waitqueue_head(wait_queue_head_t *q,
				  struct lock_class_key *key);
#define init_waitqueue_head(q)						\
	do {								\
		static struct lock_class_key __key;			\
		__init_waitqueue_head((q), &__key);			\
	} while (0)

static inline void init_waitqueue_entry(wait_queue_t *q,
					struct task_struct *p)
{
	q->flags = 0;
	q->task = p;
	q->func = default_wake_function;
}

static inline int waitqueue_active(wait_queue_head_t *q)
{
	return !list_empty(&q->task_list);
}

static inline void __add_wait_queue(wait_queue_head_t *head,
				    wait_queue_t *new)
{
	list_add(&new->task_list, &head->task_list);
}

static inline void __add_wait_queue_tail(wait_queue_head_t *head,
					 wait_queue_t *new)
{
	list_add_tail(&new->task_list, &head->task_list);
}

static inline void __remove_wait_queue(wait_queue_head_t *head,
				       wait_queue_t *old)
{
	list_del(&old->task_list);
}

extern void add_wait_queue(wait_queue_head_t *q, wait_queue_t *wait);
extern void add_wait_queue_exclusive(wait_queue_head_t *q,
				     wait_queue_t *wait);
extern void remove_wait_queue(wait_queue_head_t *q, wait_queue_t *wait);
extern void prepare_to_wait(wait_queue_head_t *q, wait_queue_t *wait,
			    int state);
extern void prepare_to_wait_exclusive(wait_queue_head_t *q,
				      wait_queue_t *wait, int state);
extern void finish_wait(wait_queue_head_t *q, wait_queue_t *wait);

extern void __wake_up(wait_queue_head_t *q, unsigned int mode,
		      int nr_exclusive, void *key);
extern void __wake_up_locked(wait_queue_head_t *q, unsigned int mode);
extern void __wake_up_sync(wait_queue_head_t *q, unsigned int mode,
			   int nr_exclusive);

#define TASK_NORMAL_WAKE	(TASK_UNINTERRUPTIBLE | TASK_INTERRUPTIBLE)

#define wake_up(x)		__wake_up(x, TASK_NORMAL_WAKE, 1, NULL)
#define wake_up_nr(x, nr)	__wake_up(x, TASK_NORMAL_WAKE, nr, NULL)
#define wake_up_all(x)		__wake_up(x, TASK_NORMAL_WAKE, 0, NULL)
#define wake_up_locked(x)	__wake_up_locked((x), TASK_NORMAL_WAKE)
#define wake_up_interruptible(x) \
	__wake_up(x, TASK_INTERRUPTIBLE, 1, NULL)
#define wake_up_interruptible_nr(x, nr) \
	__wake_up(x, TASK_INTERRUPTIBLE, nr, NULL)
#define wake_up_interruptible_all(x) \
	__wake_up(x, TASK_INTERRUPTIBLE, 0, NULL)
#define wake_up_interruptible_sync(x) \
	__wake_up_sync((x), TASK_INTERRUPTIBLE, 1)

#define __wait_event(wq, condition)					\
do {									\
	DEFINE_WAIT(__wait);						\
									\
	for (;;) {							\
		prepare_to_wait(&wq, &__wait, TASK_UNINTERRUPTIBLE);	\
		if (condition)						\
			break;						\
		schedule();						\
	}								\
	finish_wait(&wq, &__wait);					\
} while (0)

#define wait_event(wq, condition)					\
do {									\
	if (condition)							\
		break;							\
	__wait_event(wq, condition);					\
} while (0)

#define __wait_event_interruptible(wq, condition, ret)			\
do {									\
	DEFINE_WAIT(__wait);						\
									\
	for (;;) {							\
		prepare_to_wait(&wq, &__wait, TASK_INTERRUPTIBLE);	\
		if (condition)						\
			break;						\
		if (!signal_pending(current)) {				\
			schedule();					\
			continue;					\
		}							\
		ret = -ERESTARTSYS;					\
		break;							\
	}								\
	finish_wait(&wq, &__wait);					\
} while (0)

#define wait_event_interruptible(wq, condition)				\
({									\
	int __ret = 0;							\
	if (!(condition))						\
		__wait_event_interruptible(wq, condition, __ret);	\
	__ret;								\
})

#endif /* _LINUX_WAIT_H */
