/*
 * include/linux/scheduler.h - the interface between the public scheduler
 * code (kernel/scheduler.c, here libsched/scheduler.c) and the private
 * cpu scheduler drivers.
 *
 * Each driver fills one struct sched_drv with its own version of every
 * design-dependent function; scheduler.c calls through the driver chosen
 * at boot with "cpusched=".  Per-task data that differs between designs
 * lives in the driver's member of union cpusched, inside task_struct.
 *
 * Adding a driver: its private struct and union member here, under its
 * CONFIG_CPUSCHED_<NAME>, and the driver file itself (docs/drivers.md).
 */
#ifndef _LINUX_SCHEDULER_H
#define _LINUX_SCHEDULER_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/cpumask.h>

struct task_struct;
struct completion;
struct sched_domain;
struct sched_param;
struct seq_file;
struct timespec;

#define SCHED_NAME_MAX	16

#ifdef CONFIG_CPUSCHED_TUNABLES
/**
 * struct sched_tunable - one control of a design, under
 * /sys/cpusched/<driver>/<name> (later plugsched's per-scheduler sysfs
 * entry, promised by the cover letter)
 * @name: the file name
 * @desc: one line: what it means, with its unit
 * @min: smallest value accepted
 * @max: largest value accepted
 * @def: the value at boot
 * @value: the variable the driver reads
 * @store: optional; applies a new value the range check let through
 *	(e.g. one control implying another) and may refuse it with -errno.
 *	Called with interrupts off; must not sleep.
 *
 * A driver's table ends with an entry whose @name is NULL.
 */
struct sched_tunable {
	const char *name;
	const char *desc;
	int min, max, def;
	int *value;
	int (*store)(const struct sched_tunable *t, int value);
};
#endif /* CONFIG_CPUSCHED_TUNABLES */

/**
 * struct sched_drv - one cpu scheduler design
 *
 * Every hook is mandatory unless marked optional; the dispatcher in
 * scheduler.c calls them under the same rules as the 2.6.10 functions
 * whose names they carry.
 */
struct sched_drv {
	char cpusched_name[SCHED_NAME_MAX];

	void (*account_steal_time)(struct task_struct *, cputime_t);
	void (*account_system_time)(struct task_struct *, int, cputime_t);
	void (*account_user_time)(struct task_struct *, cputime_t);
	int (*rt_task)(struct task_struct *);
	void (*wait_for_completion)(struct completion *);
	void (*io_schedule)(void);
	long (*io_schedule_timeout)(long);
	void (*set_oom_timeslice)(struct task_struct *);
	unsigned long (*nr_running)(void);
	unsigned long (*nr_uninterruptible)(void);
	unsigned long long (*nr_context_switches)(void);
	unsigned long (*nr_iowait)(void);
	int (*idle_cpu)(int);
	void (*init_idle)(struct task_struct *, int);
	void (*exit)(struct task_struct *);
	void (*fork)(struct task_struct *);
	void (*init)(void);
	void (*init_smp)(void);
	void (*schedule)(void);
	void (*tick)(void);
	void (*tail)(struct task_struct *);
	int (*setscheduler)(pid_t, int, struct sched_param __user *);
	void (*set_user_nice)(struct task_struct *, long);
	long (*rr_get_interval)(pid_t, struct timespec __user *);
	long (*yield)(void);
	int (*task_curr)(const struct task_struct *);
	int (*task_nice)(const struct task_struct *);
	int (*task_prio)(const struct task_struct *);
	int (*try_to_wake_up)(struct task_struct *, unsigned, int);
	void (*wake_up_new_task)(struct task_struct *, unsigned long);
#ifdef CONFIG_SMP
	int (*migration_init)(void);
	void (*exec)(void);
	int (*set_cpus_allowed)(struct task_struct *, cpumask_t);
	void (*wait_task_inactive)(struct task_struct *);
	void (*cpu_attach_domain)(struct sched_domain *, int);
#endif
	/* CPU hotplug: make the idle task next to run on this CPU. */
	void (*sched_idle_next)(void);
#ifdef CONFIG_SCHEDSTATS
	int (*show_schedstat)(struct seq_file *, void *);
#endif

	/*
	 * Beyond the 2.6.10 series: the members the framework patch of an
	 * exported driver's series adds (docs/upstreaming.md).
	 *
	 * Priority inheritance (the PI mutex and semaphores, libsched/
	 * rtmutex.c here), under CONFIG_CPUSCHED_PI, mandatory with it:
	 *
	 * normal_prio returns @p's priority without inheritance, on the
	 * 0..MAX_PRIO-1 scale: MAX_RT_PRIO-1 - rt_priority for RT tasks,
	 * the design's own (dynamic) priority for others.
	 *
	 * pi_setprio is called after p->pi_prio changed (MAX_PRIO: no
	 * boost): the driver makes min(its own priority, p->pi_prio) @p's
	 * effective priority, requeues @p at that level if queued and
	 * preempts as due, and from then on keeps applying p->pi_prio
	 * wherever it recomputes @p's priority (ticks, wake-ups,
	 * setscheduler, nice), so a boosted task stays boosted and takes
	 * its new normal priority when the boost ends.  task_prio() reports
	 * the effective priority.  Called with p->pi_lock held, interrupts
	 * off; it takes the runqueue lock itself.
	 */
#ifdef CONFIG_CPUSCHED_PI
	int (*normal_prio)(struct task_struct *p);
	void (*pi_setprio)(struct task_struct *p);
#endif

#ifdef CONFIG_CPUSCHED_TUNABLES
	/*
	 * tunables (optional): the design's controls, the files of
	 * /sys/cpusched/<driver>/, each at its default after boot.
	 */
	const struct sched_tunable *tunables;
#endif

#ifdef CONFIG_CPUSCHED_SELFTEST
	/*
	 * The self-test hooks: what checks a driver from outside.
	 *
	 * for_each_queued (mandatory) calls @fn once for every task the
	 * driver has queued on @cpu's runqueue, in any order, and may
	 * include the running task if the design keeps it queued.
	 *
	 * check (optional) verifies the driver's private structures; it
	 * returns 0, or writes a one-line reason into @buf and returns
	 * nonzero.  Both are called with interrupts disabled and no
	 * runqueue lock held, while every CPU is between events.
	 *
	 * check_cpu (optional) verifies what of them belongs to @cpu
	 * alone, its runqueue and the tasks queued there, the same way, for
	 * any possible CPU, online or not.  The machine runs it after each
	 * event on the CPUs the event touched; its whole check, check_cpu
	 * of every possible CPU and then check, at a bounded rate.  Without
	 * check_cpu, check runs after every event.
	 *
	 * What the conformance suite holds a driver to:
	 *
	 * starvation_bound (mandatory): the longest a runnable SCHED_NORMAL
	 * task may wait for a CPU, in jiffies, when @nr_running tasks are
	 * runnable on its CPU and no RT task is.
	 *
	 * pick_work (optional): the queue entries and priority levels
	 * schedule() has examined to pick tasks since boot.  A driver that
	 * claims O(1) picking (o1 set) must keep the work per pick bounded
	 * whatever the number of runnable tasks.
	 */
	void (*for_each_queued)(int cpu,
				void (*fn)(struct task_struct *, void *),
				void *arg);
	int (*check)(char *buf, int len);
	int (*check_cpu)(int cpu, char *buf, int len);
	unsigned long (*starvation_bound)(unsigned long nr_running);
	unsigned long long (*pick_work)(void);
	int o1;
#endif /* CONFIG_CPUSCHED_SELFTEST */
};

/*
 * Code that several designs share, in scheduler.c, for the drivers to call
 * or to put straight into their sched_drv.
 */
extern void sched_account_user(struct task_struct *p, cputime_t cputime);
extern void sched_account_system(struct task_struct *p, int hardirq_offset,
				 cputime_t cputime, int idle, int iowait);
extern void sched_account_steal(struct task_struct *p, cputime_t steal,
				int idle, int iowait);
extern void default_wait_for_completion(struct completion *x);
extern int sched_setscheduler_find(pid_t pid, int *policy,
				   struct sched_param __user *param,
				   struct sched_param *lp,
				   struct task_struct **pp);
typedef unsigned int (*sched_timeslice_fn)(const struct task_struct *);
extern long sched_rr_interval(pid_t pid, struct timespec __user *interval,
			      sched_timeslice_fn timeslice);

/*
 * task_inherited_prio - the priority @p inherits through the PI mutex and
 * semaphores (MAX_PRIO: none), what every priority a driver computes
 * honours.  Without CONFIG_CPUSCHED_PI nothing is ever lent, task_struct
 * has no pi_prio, and min(own, task_inherited_prio(p)) is the driver's own.
 */
#ifdef CONFIG_CPUSCHED_PI
#define task_inherited_prio(p)	((p)->pi_prio)
#else
#define task_inherited_prio(p)	MAX_PRIO
#endif

/*
 * sched_sum_rq - @field summed over every possible CPU's runqueue, where
 * @rq(cpu) is the driver's runqueue of a CPU: what nr_running() and the
 * other global counters of a per-CPU design add up.
 */
/* clang-format 14 re-indents a ({ }) macro and pads its blank line. */
/* clang-format off */
#define sched_sum_rq(type, rq, field) ({				\
	type __sum = 0;							\
	int __cpu;							\
									\
	for_each_cpu(__cpu)						\
		__sum += rq(__cpu)->field;				\
	__sum;								\
})
/* clang-format on */

#ifdef CONFIG_SMP
/*
 * sched_domain_attached - the lowest sched domain the driver attached to
 * each CPU with cpu_attach_domain() (NULL: none), cleared by sched_init():
 * what the machine shows of a design's domains (sim_sched_domain()).
 */
extern struct sched_domain *sched_domain_attached[NR_CPUS];
#endif

#ifdef CONFIG_CPUSCHED_PI
/* The running driver's priority inheritance hooks (scheduler.c). */
extern int sched_normal_prio(struct task_struct *p);
extern void sched_pi_setprio(struct task_struct *p);
#endif

#ifdef CONFIG_CPUSCHED_TUNABLES
/* The running driver's tunables (scheduler.c): show, store by name. */
extern const struct sched_tunable *sched_tunable_find(const char *name);
extern int sched_tunable_show(const struct sched_tunable *t, char *buf,
			      int len);
extern int sched_tunable_store(const struct sched_tunable *t, const char *buf);
#endif

/*
 * Here are the private per-task structs of each cpu scheduler.  They
 * are placed into the cpusched union in task_struct.
 */

#ifdef CONFIG_CPUSCHED_TINY
/* drivers/tiny.c: strict RT priority, one round-robin level for the rest */
struct cpusched_tiny {
	struct list_head run_list;	/* on the runqueue level of ->prio */
	int prio;			/* 0..99 RT, 100 for SCHED_NORMAL */
	int on_rq;			/* queued on cpu_rq(task_cpu(p)) */
	unsigned int time_slice;	/* jiffies left in this slice */
};
#endif

#ifdef CONFIG_CPUSCHED_INGOSCHED
/* drivers/ingosched.c: the 2.6.10 O(1) scheduler (kernel/sched.c) */
struct prio_array;

struct cpusched_ingo {
	int prio;			/* dynamic priority, 0..MAX_PRIO-1 */
	int normal_prio;		/* ->prio without inheritance */
	struct list_head run_list;	/* on array->queue[prio] */
	struct prio_array *array;	/* active or expired; NULL: off rq */
	unsigned int time_slice;	/* jiffies left */
	unsigned int first_time_slice;	/* still on the slice from fork */
	unsigned long sleep_avg;	/* ns, 0..NS_MAX_SLEEP_AVG */
	long interactive_credit;
	unsigned long long timestamp;	/* ns: last queued or switched */
	unsigned long long last_ran;	/* ns: last switched out */
	int activated;			/* -1 unint wake, 1 wake, 2 irq wake */
};
#endif

#ifdef CONFIG_CPUSCHED_STAIRCASE
/* drivers/staircase.c: Con Kolivas' staircase, one priority array per cpu */
struct cpusched_staircase {
	struct list_head run_list;	/* on the runqueue level of ->prio */
	int prio;			/* 0..99 RT, 100..139 the staircase */
	int normal_prio;		/* ->prio without inheritance */
	int on_rq;			/* queued on cpu_rq(task_cpu(p)) */
	unsigned int burst;		/* 0..19 - nice: longer on top */
	unsigned int slice;		/* jiffies left of the whole slice */
	unsigned int time_slice;	/* jiffies left of this RR_INTERVAL */
	unsigned int sflags;		/* SF_FORKED, SF_UISLEEP */
	unsigned long long timestamp;	/* ns: last switched in or out */
	unsigned long long runtime;	/* ns run since the slice refill */
};
#endif

#ifdef CONFIG_CPUSCHED_CFS
/* drivers/cfs.c: the completely fair scheduler, vruntime in a red-black tree */
#include <linux/rbtree.h>
#include <linux/sched_fair.h>

struct cpusched_cfs {
	struct rb_node run_node;	/* in the tree: waiting, fair */
	struct list_head run_list;	/* RT: on the level of ->prio */
	struct load_weight load;	/* the weight of static_prio */
	int prio;			/* 0..99 RT, static_prio; idle: 140 */
	int on_rq;			/* queued on its CPU, running or not */
	unsigned int time_slice;	/* SCHED_RR: jiffies left */
	u64 vruntime;			/* ns of virtual time run */
	u64 exec_start;			/* ns: sched_clock() last accounted */
	u64 sum_exec_runtime;		/* ns run, in all */
	u64 prev_sum_exec_runtime;	/* the sum as this turn began */
	u64 vbase;			/* ->vcpu's min_vruntime as it left */
	int vcpu;			/* the CPU ->vruntime is measured on */
};
#endif

#ifdef CONFIG_CPUSCHED_EEVDF
/* drivers/eevdf.c: earliest eligible virtual deadline first (Linux 6.6) */
#include <linux/rbtree.h>
#include <linux/sched_fair.h>

struct cpusched_eevdf {
	struct rb_node run_node;	/* fair: in the tree, by ->vruntime */
	struct list_head run_list;	/* RT: on the level of ->prio */
	int prio;			/* 0..99 RT, 100..139 fair, inherited */
	int on_rq;			/* queued on its CPU, running included */
	int fresh;			/* forked, not yet placed */
	int parity;			/* picked; deadline unchanged since */
	struct load_weight load;	/* the weight of ->prio's nice */
	u64 vruntime;			/* virtual ns run */
	u64 deadline;			/* virtual ns: end of this request */
	u64 min_deadline;		/* earliest ->deadline in the subtree */
	s64 vlag;			/* virtual ns: V - vruntime at dequeue */
	u64 slice;			/* ns: this request's size */
	u64 exec_start;			/* ns: sched_clock() of the last charge */
	unsigned int custom_slice_us;	/* own request size; 0: base_slice */
	unsigned int time_slice;	/* SCHED_RR: jiffies left */
};
#endif

#ifdef CONFIG_CPUSCHED_BFS
/* drivers/bfs.c: Con Kolivas' BFS, one global queue by virtual deadline */
struct cpusched_bfs {
	struct list_head run_list;	/* on the global queue's ->prio level */
	int prio;			/* 0..99 RT, else static_prio (PI) */
	int on_rq;			/* queued (the running task stays) */
	long long time_slice;		/* ns left of this slice */
	unsigned long long deadline;	/* ns of sched_clock(): the key */
	unsigned long long last_ran;	/* ns: charged up to here */
};
#endif

union cpusched {
#ifdef CONFIG_CPUSCHED_TINY
	struct cpusched_tiny tiny;
#endif
#ifdef CONFIG_CPUSCHED_INGOSCHED
	struct cpusched_ingo ingosched;
#endif
#ifdef CONFIG_CPUSCHED_STAIRCASE
	struct cpusched_staircase staircase;
#endif
#ifdef CONFIG_CPUSCHED_CFS
	struct cpusched_cfs cfs;
#endif
#ifdef CONFIG_CPUSCHED_EEVDF
	struct cpusched_eevdf eevdf;
#endif
#ifdef CONFIG_CPUSCHED_BFS
	struct cpusched_bfs bfs;
#endif
	char cpusched_none;		/* keeps the union non-empty */
};

#endif /* _LINUX_SCHEDULER_H */
