/*
 * linux/kthread.h - kernel threads: create, bind, stop.
 */
#ifndef _LINUX_KTHREAD_H
#define _LINUX_KTHREAD_H

#include <linux/sched.h>

extern struct task_struct *kthread_create(int (*threadfn)(void *data),
					  void *data, const char namefmt[],
					  ...)
	__attribute__((format(printf, 3, 4)));

#define kthread_run(threadfn, data, namefmt, ...)			   \
({									   \
	struct task_struct *__k						   \
		= kthread_create(threadfn, data, namefmt, ## __VA_ARGS__); \
	if (!IS_ERR(__k))						   \
		wake_up_process(__k);					   \
	__k;								   \
})

extern void kthread_bind(struct task_struct *k, unsigned int cpu);
extern int kthread_stop(struct task_struct *k);
extern int kthread_should_stop(void);

#define MAX_ERRNO	4095
#define IS_ERR_VALUE(x)	((unsigned long)(x) >= (unsigned long)-MAX_ERRNO)

static inline void *ERR_PTR(long error)
{
	return (void *)error;
}

static inline long PTR_ERR(const void *ptr)
{
	return (long)ptr;
}

static inline long IS_ERR(const void *ptr)
{
	return IS_ERR_VALUE((unsigned long)ptr);
}

#endif /* _LINUX_KTHREAD_H */
