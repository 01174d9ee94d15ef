/*
 * linux/sched.h - tasks, scheduling policies and the scheduler's API.
 *
 * The shape of struct task_struct follows 2.6.10 after the plugsched
 * series: the fields every scheduler shares are public, the rest lives in
 * the driver's member of union cpusched (<linux/scheduler.h>).  The
 * machine's own bookkeeping for a task sits behind ->sim and is never
 * touched by libsched or the drivers.
 */
#ifndef _LINUX_SCHED_H
#define _LINUX_SCHED_H

#include <linux/config.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/cpumask.h>
#include <linux/spinlock.h>
#include <linux/atomic.h>
#include <linux/smp.h>
#include <linux/percpu.h>
#include <linux/jiffies.h>
#include <linux/time.h>
#include <linux/timer.h>
#include <linux/wait.h>
#include <linux/completion.h>
#include <linux/capability.h>
#include <linux/errno.h>
#include <linux/seq_file.h>
#include <asm/thread_info.h>

struct task_struct;
typedef struct task_struct task_t;

/* Task states (->state). */
#define TASK_RUNNING		0
#define TASK_INTERRUPTIBLE	1
#define TASK_UNINTERRUPTIBLE	2
#define TASK_STOPPED		4
#define TASK_TRACED		8
#define EXIT_ZOMBIE		16
#define EXIT_DEAD		32

#define __set_task_state(tsk, state_value)	\
	do { (tsk)->state = (state_value); } while (0)
#define set_task_state(tsk, state_value)	\
	do { (tsk)->state = (state_value); mb(); } while (0)
#define __set_current_state(state_value)	\
	do { current->state = (state_value); } while (0)
#define set_current_state(state_value)		\
	do { current->state = (state_value); mb(); } while (0)

/* Scheduling policies: only these three exist in 2.6.10. */
#define SCHED_NORMAL		0
#define SCHED_FIFO		1
#define SCHED_RR		2

struct sched_param {
	int sched_priority;
};

/*
 * Priorities: 0..MAX_RT_PRIO-1 real time, MAX_RT_PRIO..MAX_PRIO-1 for
 * SCHED_NORMAL tasks (nice -20..19).  Lower value, higher priority.
 */
#define MAX_USER_RT_PRIO	100
#define MAX_RT_PRIO		MAX_USER_RT_PRIO
#define MAX_PRIO		(MAX_RT_PRIO + 40)

/* Per-process flags (->flags). */
#define PF_ALIGNWARN	0x00000001
#define PF_STARTING	0x00000002
#define PF_EXITING	0x00000004
#define PF_DEAD		0x00000008
#define PF_FORKNOEXEC	0x00000040
#define PF_SUPERPRIV	0x00000100
#define PF_MEMALLOC	0x00000800
#define PF_KTHREAD	0x00200000	/* not in 2.6.10; the machine's mark */

/* Clone flags the scheduler looks at. */
#define CSIGNAL		0x000000ff
#define CLONE_VM	0x00000100
#define CLONE_FS	0x00000200
#define CLONE_FILES	0x00000400
#define CLONE_SIGHAND	0x00000800
#define CLONE_THREAD	0x00010000
#define CLONE_KERNEL	(CLONE_FS | CLONE_FILES | CLONE_SIGHAND)

#define TASK_COMM_LEN	16

/* A user address space: what copy_from_user() may read (compat/user.c). */
struct mm_struct {
	atomic_t mm_users;
	atomic_t mm_count;
	struct list_head regions;	/* struct sim_user_region */
	unsigned long next_uaddr;	/* where the next mapping goes */
};

extern struct mm_struct init_mm;

#ifdef CONFIG_SCHEDSTATS
struct sched_info {
	/* cumulative counters */
	unsigned long cpu_time,		/* time spent on the cpu */
		      run_delay,	/* time spent waiting on a runqueue */
		      pcnt;		/* # of timeslices run on this cpu */

	/* timestamps */
	unsigned long last_arrival,	/* when we last ran on a cpu */
		      last_queued;	/* when we were last queued to run */
};

extern struct file_operations proc_schedstat_operations;
#endif

/* sched-domains (multi-level SMP balancing), as in 2.6.10. */
#define SD_LOAD_BALANCE		1	/* Do load balancing on this domain. */
#define SD_BALANCE_NEWIDLE	2	/* Balance when about to become idle */
#define SD_BALANCE_EXEC		4	/* Balance on exec */
#define SD_WAKE_IDLE		8	/* Wake to idle CPU on task wakeup */
#define SD_WAKE_AFFINE		16	/* Wake task to waking CPU */
#define SD_WAKE_BALANCE		32	/* Perform balancing at task wakeup */
#define SD_SHARE_CPUPOWER	64	/* Domain members share cpu power */

struct sched_group {
	struct sched_group *next;	/* Must be a circular list */
	cpumask_t cpumask;

	/*
	 * CPU power of this group, SCHED_LOAD_SCALE being max power for a
	 * single CPU.  This is read only (except for setup, hotplug CPU).
	 */
	unsigned long cpu_power;
};

#define SCHED_LOAD_SCALE	128UL	/* increase resolution of load */

enum idle_type {
	SCHED_IDLE,
	NOT_IDLE,
	NEWLY_IDLE,
	MAX_IDLE_TYPES
};

struct sched_domain {
	/* These fields must be setup */
	struct sched_domain *parent;	/* top domain must be null terminated */
	struct sched_group *groups;	/* the balancing groups of the domain */
	cpumask_t span;			/* span of all CPUs in this domain */
	unsigned long min_interval;	/* Minimum balance interval ms */
	unsigned long max_interval;	/* Maximum balance interval ms */
	unsigned int busy_factor;	/* less balancing by factor if busy */
	unsigned int imbalance_pct;	/* No balance until over watermark */
	unsigned long long cache_hot_time; /* Task considered cache hot (ns) */
	unsigned int cache_nice_tries;	/* Leave cache hot tasks for # tries */
	unsigned int per_cpu_gain;	/* CPU % gained by adding domain cpus */
	int flags;			/* See SD_* */

	/* Runtime fields. */
	unsigned long last_balance;	/* init to jiffies. units in jiffies */
	unsigned int balance_interval;	/* initialise to 1. units in ms. */
	unsigned int nr_balance_failed; /* initialise to 0 */

#ifdef CONFIG_SCHEDSTATS
	/* load_balance() stats */
	unsigned long lb_cnt[MAX_IDLE_TYPES];
	unsigned long lb_failed[MAX_IDLE_TYPES];
	unsigned long lb_imbalance[MAX_IDLE_TYPES];
	unsigned long lb_nobusyg[MAX_IDLE_TYPES];
	unsigned long lb_nobusyq[MAX_IDLE_TYPES];

	/* sched_balance_exec() stats */
	unsigned long sbe_attempts;
	unsigned long sbe_pushed;

	/* try_to_wake_up() stats */
	unsigned long ttwu_wake_affine;
	unsigned long ttwu_wake_balance;
#endif
};

extern void cpu_attach_domain(struct sched_domain *sd, int cpu);
extern void init_sched_build_groups(struct sched_group groups[],
				    cpumask_t span, int (*group_fn)(int cpu));
extern cpumask_t cpu_isolated_map;

struct sim_task;
struct sim_user_region;
struct rt_mutex_waiter;

#include <linux/scheduler.h>

struct task_struct {
	volatile long state;	/* -1 unrunnable, 0 runnable, >0 stopped */
	struct thread_info *thread_info;
	atomic_t usage;
	unsigned long flags;	/* per process flags, defined above */

	int lock_depth;		/* Lock depth */

	int static_prio;	/* A commonality between cpu schedulers */
	union cpusched u;

	unsigned long policy;
	cpumask_t cpus_allowed;
	unsigned long rt_priority;

#ifdef CONFIG_SCHEDSTATS
	struct sched_info sched_info;
#endif

	struct list_head tasks;
	struct mm_struct *mm, *active_mm;

	long exit_state;
	int exit_code;
	pid_t pid;
	pid_t tgid;
	struct task_struct *real_parent;
	struct task_struct *parent;
	struct list_head children;	/* list of my children */
	struct list_head sibling;	/* linkage in my parent's children */

	unsigned long nvcsw, nivcsw;	/* context switch counts */
	cputime_t utime, stime;
	unsigned long long start_time;

	uid_t uid, euid, suid, fsuid;
	gid_t gid, egid, sgid, fsgid;
	kernel_cap_t cap_effective, cap_inheritable, cap_permitted;

	char comm[TASK_COMM_LEN];

	/* Protection of the scheduler switch (prepare_arch_switch). */
	spinlock_t switch_lock;

#ifdef CONFIG_CPUSCHED_PI
	/* Priority inheritance (libsched/rtmutex.c), under ->pi_lock: */
	spinlock_t pi_lock;
	struct list_head pi_waiters;	/* top waiter of each rt_mutex held */
	struct rt_mutex_waiter *pi_blocked_on;	/* what it waits for */
	int pi_prio;			/* inherited prio; MAX_PRIO: none */
#endif

	unsigned long pending_signals;	/* bit n-1: signal n is pending */
	unsigned int in_iowait;		/* inside io_schedule() */

	struct sim_task *sim;		/* the machine's; not for drivers */
};

/* The task running on the executing CPU. */
extern struct task_struct *sim_current[NR_CPUS];
#define current		(sim_current[smp_processor_id()])
#define get_current()	current

extern struct task_struct init_task;
extern struct task_struct base_init_task;
extern union thread_union init_thread_union;

extern rwlock_t tasklist_lock;
extern struct list_head sim_task_list;	/* every task, via ->tasks */

#define next_task(p)	list_entry((p)->tasks.next, struct task_struct, tasks)
#define for_each_process(p) \
	list_for_each_entry(p, &sim_task_list, tasks)
#define do_each_thread(g, t)	for_each_process(t) { g = t; (void)g;
#define while_each_thread(g, t)	}

static inline int task_cpu(const struct task_struct *p)
{
	return p->thread_info->cpu;
}

extern void set_task_cpu(struct task_struct *p, unsigned int cpu);

static inline void set_tsk_thread_flag(struct task_struct *tsk, int flag)
{
	set_ti_thread_flag(tsk->thread_info, flag);
}

static inline void clear_tsk_thread_flag(struct task_struct *tsk, int flag)
{
	clear_ti_thread_flag(tsk->thread_info, flag);
}

static inline int test_tsk_thread_flag(struct task_struct *tsk, int flag)
{
	return test_ti_thread_flag(tsk->thread_info, flag);
}

static inline void set_tsk_need_resched(struct task_struct *tsk)
{
	set_tsk_thread_flag(tsk, TIF_NEED_RESCHED);
}

/*
 * The machine counts each time schedule() clears prev's need_resched:
 * once per pick, the only count of a pick that switches nothing.
 */
extern void __sim_need_resched_cleared(struct task_struct *tsk);

static inline void clear_tsk_need_resched(struct task_struct *tsk)
{
	clear_tsk_thread_flag(tsk, TIF_NEED_RESCHED);
	__sim_need_resched_cleared(tsk);
}

static inline int need_resched(void)
{
	return unlikely(test_thread_flag(TIF_NEED_RESCHED));
}

static inline void set_need_resched(void)
{
	set_thread_flag(TIF_NEED_RESCHED);
}

static inline int signal_pending(struct task_struct *p)
{
	return unlikely(test_tsk_thread_flag(p, TIF_SIGPENDING));
}

extern void get_task_struct(struct task_struct *t);
extern void put_task_struct(struct task_struct *t);
extern struct task_struct *find_task_by_pid(pid_t pid);

/* Kernel-context sleeping, in compat/timer.c. */
#define MAX_SCHEDULE_TIMEOUT	LONG_MAX
extern signed long schedule_timeout(signed long timeout);

/* The scheduler's public API, libsched/scheduler.c. */
asmlinkage void schedule(void);
extern void scheduler_tick(void);
extern void sched_init(void);
extern void sched_init_smp(void);
extern int migration_init(void);
extern void init_idle(task_t *idle, int cpu);
extern void sched_fork(task_t *p);
extern void wake_up_new_task(task_t *p, unsigned long clone_flags);
extern void sched_exit(task_t *p);
extern void schedule_tail(task_t *prev);
extern int try_to_wake_up(task_t *p, unsigned int state, int sync);
extern int wake_up_state(task_t *p, unsigned int state);
extern int wake_up_process(task_t *p);
extern void set_user_nice(task_t *p, long nice);
extern int task_prio(const task_t *p);
extern int task_nice(const task_t *p);
extern int task_curr(const task_t *p);
extern int idle_cpu(int cpu);
extern int rt_task(task_t *p);
extern unsigned long nr_running(void);
extern unsigned long nr_uninterruptible(void);
extern unsigned long long nr_context_switches(void);
extern unsigned long nr_iowait(void);
extern void io_schedule(void);
extern long io_schedule_timeout(long timeout);
extern void set_oom_timeslice(task_t *p);
extern int set_cpus_allowed(task_t *p, cpumask_t new_mask);
extern void wait_task_inactive(task_t *p);
extern void sched_exec(void);
extern void sched_idle_next(void);
extern int setscheduler(pid_t pid, int policy, struct sched_param __user *p);
extern task_t *find_process_by_pid(pid_t pid);
extern long sched_setaffinity(pid_t pid, cpumask_t new_mask);
extern long sched_getaffinity(pid_t pid, cpumask_t *mask);
extern void account_user_time(struct task_struct *p, cputime_t cputime);
extern void account_system_time(struct task_struct *p, int hardirq_offset,
				cputime_t cputime);
extern void account_steal_time(struct task_struct *p, cputime_t steal);
extern int show_schedstat(struct seq_file *seq, void *v);
extern int in_sched_functions(unsigned long addr);

/*
 * schedule_debug - the machine's "scheduling while atomic" check, made at
 * the top of schedule() for every driver.  A macro so that the return
 * address taken is schedule()'s own: the report names schedule()'s caller.
 */
extern void __schedule_debug(void *caller);
#define schedule_debug()	__schedule_debug(__builtin_return_address(0))

/* The machine's clock: nanoseconds of virtual time. */
extern unsigned long long sched_clock(void);

/* Signals: enough for signal_pending() and interrupting a sleep. */
extern int send_sig(int sig, struct task_struct *p, int priv);
extern void flush_signals(struct task_struct *p);

/* Context switch support for the drivers (compat/machine.c). */
extern struct task_struct *__sim_switch_to(struct task_struct *prev,
					   struct task_struct *next);
#define switch_to(prev, next, last) \
	do { (last) = __sim_switch_to((prev), (next)); } while (0)

/*
 * The idle tasks of other CPUs are made by fork_idle() at boot; the boot
 * CPU's idle task is init_task.
 */
extern struct task_struct *fork_idle(int cpu);

#endif /* _LINUX_SCHED_H */
