/*
 * linux/security.h - the LSM hooks the scheduler calls.  The simulated
 * machine has no security module, so every hook allows, as the kernel's
 * dummy module does.
 */
#ifndef _LINUX_SECURITY_H
#define _LINUX_SECURITY_H

struct task_struct;
struct sched_param;

static inline int security_task_setnice(struct task_struct *p, int nice)
{
	return 0;
}

static inline int security_task_setscheduler(struct task_struct *p,
					     int policy,
					     struct sched_param *lp)
{
	return 0;
}

static inline int security_task_getscheduler(struct task_struct *p)
{
	return 0;
}

#endif /* _LINUX_SECURITY_H */
