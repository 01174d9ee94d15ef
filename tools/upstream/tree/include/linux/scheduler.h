#ifndef _LINUX_SCHEDULER_H
#define _LINUX_SCHEDULER_H

/*
 * include/linux/scheduler.h - the interface between the public scheduler
 * code (kernel/scheduler.c) and each cpu scheduler driver.
 */

struct sched_drv
{
	char cpusched_name[SCHED_NAME_MAX];
	void (*account_steal_time)(struct task_struct *, cputime_t);
	void (*account_system_time)(struct task_struct *, int, cputime_t);
	void (*account_user_time)(struct task_struct *, cputime_t);
	int (*rt_task)(task_t *);
	void (*wait_for_completion)(struct completion *);
	void (*io_schedule)(void);
	long (*io_schedule_timeout)(long);
	void (*set_oom_timeslice)(task_t *);
	unsigned long (*nr_running)(void);
	unsigned long (*nr_uninterruptible)(void);
	unsigned long long (*nr_context_switches)(void);
	unsigned long (*nr_iowait)(void);
	int (*idle_cpu)(int);
	void (*init_idle)(task_t *, int);
	void (*exit)(task_t *);
	void (*fork)(task_t *);
	void (*init)(void);
	void (*init_smp)(void);
	void (*schedule)(void);
	void (*tick)(void);
	void (*tail)(task_t *);
	int (*setscheduler)(pid_t, int, struct sched_param __user *);
	void (*set_user_nice)(task_t *, long);
	long (*rr_get_interval)(pid_t, struct timespec __user *);
	long (*yield)(void);
	int (*task_curr)(const task_t *);
	int (*task_nice)(const task_t *);
	int (*task_prio)(const task_t *);
	int (*try_to_wake_up)(task_t *, unsigned int, int);
	void (*wake_up_new_task)(task_t *, unsigned long);
#ifdef CONFIG_SMP
	int (*migration_init)(void);
	void (*exec)(void);
	int (*set_cpus_allowed)(task_t *, cpumask_t);
	void (*wait_task_inactive)(task_t *);
	void (*cpu_attach_domain)(struct sched_domain *, int);
#endif
	void (*sched_idle_next)(void);
#ifdef CONFIG_SCHEDSTATS
	int (*show_schedstat)(struct seq_file *, void *);
#endif
};

/*
 * The private per-task data of each cpu scheduler, placed in the
 * cpusched union of task_struct.
 */

#ifdef CONFIG_CPUSCHED_INGO
struct cpusched_ingo {
	int prio;
	struct list_head run_list;
	prio_array_t *array;
	unsigned int time_slice;
	unsigned int first_time_slice;
	unsigned long sleep_avg;
	long interactive_credit;
	unsigned long long timestamp;
	unsigned long long last_ran;
	int activated;
};
#endif

union cpusched {
#ifdef CONFIG_CPUSCHED_INGO
		struct cpusched_ingo ingosched;
#endif
};

#endif /* _LINUX_SCHEDULER_H */
