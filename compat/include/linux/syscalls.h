/*
 * linux/syscalls.h - the scheduler system calls (libsched/scheduler.c).
 */
#ifndef _LINUX_SYSCALLS_H
#define _LINUX_SYSCALLS_H

#include <linux/types.h>

struct sched_param;
struct timespec;

asmlinkage long sys_nice(int increment);
asmlinkage long sys_sched_setscheduler(pid_t pid, int policy,
				       struct sched_param __user *param);
asmlinkage long sys_sched_setparam(pid_t pid,
				   struct sched_param __user *param);
asmlinkage long sys_sched_getscheduler(pid_t pid);
asmlinkage long sys_sched_getparam(pid_t pid,
				   struct sched_param __user *param);
asmlinkage long sys_sched_setaffinity(pid_t pid, unsigned int len,
				      unsigned long __user *user_mask_ptr);
asmlinkage long sys_sched_getaffinity(pid_t pid, unsigned int len,
				      unsigned long __user *user_mask_ptr);
asmlinkage long sys_sched_yield(void);
asmlinkage long sys_sched_get_priority_max(int policy);
asmlinkage long sys_sched_get_priority_min(int policy);
asmlinkage long sys_sched_rr_get_interval(pid_t pid,
					  struct timespec __user *interval);

#endif /* _LINUX_SYSCALLS_H */
