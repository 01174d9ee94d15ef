/*
 * compat/internal.h - the simulated machine's own structures, shared by
 * the kernel-side files of compat/ and by nothing else.
 */
#ifndef _COMPAT_INTERNAL_H
#define _COMPAT_INTERNAL_H

#include <linux/sched.h>
#include <linux/timer.h>
#include <linux/wait.h>
#include <linux/completion.h>
#include <plugsched/sim.h>
#include <linux/notifier.h>
#include <linux/slab.h>
#include "host/hostif.h"

/* Where a CPU's current task handed control back to the machine. */
enum sim_park {
	PARK_NONE,		/* executing, or never started */
	PARK_BURN,		/* user mode, using the CPU until burn_end */
	PARK_IDLE,		/* the idle loop, until need_resched */
	PARK_SPIN,		/* cpu_relax() in the kernel, until burn_end */
};

/* What the machine counts a task's time as. */
enum sim_seg {
	SEG_NONE,
	SEG_RUN,
	SEG_WAIT,
	SEG_SLEEP,
};

#define SIM_MAX_HELD	48	/* lock nesting depth per CPU */

struct held_lock {
	struct lock_check *dep;
	void *lock;
	const char *file;
	int line;
	int cls;			/* its lock class (compat/lock.c) */
	int trylock;
	int read;
};

struct sim_cpu {
	int id;
	int online;
	int started;			/* idle context entered once */
	struct task_struct *idle;
	enum sim_park park;
	unsigned long long burn_end;	/* PARK_BURN: when the burn is done */
	unsigned long long next_tick;
	int ipi_pending;
	int irqs_off;
	struct task_struct *switch_from;	/* "last" of switch_to() */
	struct list_head timers;	/* sorted by expiry, then order */

	struct held_lock held[SIM_MAX_HELD];
	int nr_held;

	/* statistics */
	unsigned long long busy_ns, idle_ns, last_acct;
	unsigned long switches;

	/* schedstat facts: the entry point interrupt context is in (trace.c) */
	int irq_ctx;
	int tick_queued;		/* queued here when it came; -1 unknown */

	/* interleaving (compat/interleave.c); unused when serial */
	struct host_ctx *irq_stack;	/* where its interrupts run */
	int irq_event;			/* the one to run there, or 0 */
	int in_irq_stack;		/* executing there */
	struct host_ctx *irq_return;	/* the kernel path it interrupted */
	int at_point;			/* suspended at a choice point */
	const char *point_file;		/* ... this one */
	int point_line;
	unsigned long steps;		/* points it passed */
	void *spin_lock;		/* spinning for this lock, or NULL */
	int spin_kind;			/* SPIN_*: how it wants it */
};

enum sim_spin_kind {
	SPIN_EXCL,			/* spin_lock() */
	SPIN_READ,			/* read_lock() */
	SPIN_WRITE,			/* write_lock() */
};

struct sim_cmd {
	int op;
	long a[4];
};

#define SIM_CMDQ	64

struct sim_task {
	struct task_struct *task;	/* NULL once released */
	struct thread_info ti;
	struct host_ctx *ctx;
	struct list_head all;		/* machine.tasks, never unlinked */

	int pid;
	char name[TASK_COMM_LEN];
	int workload;			/* spawned for the harness */
	int unborn;			/* forked, its wake-up not done */
	int waking_new;			/* pid of the child it wakes */
	int is_idle;
	int moving;			/* in set_cpus_allowed() */

	/* what the context runs */
	sim_body_t body;
	void *arg;
	int (*kfn)(void *);		/* kernel threads */
	void *kdata;
	int script;

	/* kernel threads */
	int should_stop;
	int kthread_ret;
	struct completion kthread_done;

	/* time accounting, in virtual ns */
	enum sim_seg seg;
	unsigned long long seg_start;
	unsigned long long run_ns, wait_ns, sleep_ns;
	unsigned long switches, wakeups, migrations;
	int preempted;			/* switched out by preemption */
	int on_cpu;			/* current of some CPU */

	/* the invariant checks (invariants.c) */
	unsigned long inv_round;	/* touched in this round of checks */
	unsigned int inv_class;		/* how the machine's counts have it */

	/* script commands */
	struct sim_cmd cmdq[SIM_CMDQ];
	unsigned int cmd_head, cmd_tail;
	unsigned long cmds_done;
	long cmd_result;
	wait_queue_head_t cmd_wait;

	/* schedstat facts: the entry point this task's code is in */
	int sched_ctx;
	int in_exec;
#ifdef CONFIG_SCHEDSTATS
	struct sched_info final_sched_info;	/* once the task is freed */
#endif

	int kernel_ds;			/* set_fs(KERNEL_DS) in effect */
	struct list_head free_list;	/* waiting for the machine to free */

	int exited;
	int exit_code;
	unsigned long final_utime, final_stime, final_nvcsw, final_nivcsw;
	int final_cpu;
	/* what it last ran with: its info still says so once it exited */
	int final_policy, final_rt_priority, final_static_prio, final_nice;
};

/* Work for init (pid 1), queued by the harness. */
enum sim_req_kind {
	REQ_SPAWN,
	REQ_CPU_DOWN,
	REQ_CPU_UP,
};

struct sim_spawn_req {
	struct list_head list;
	enum sim_req_kind kind;
	int cpu;			/* REQ_CPU_* */
	int result;			/* REQ_CPU_*: 0 or -errno */
	struct sim_task_attr attr;
	char name[TASK_COMM_LEN];
	cpumask_t cpus;
	sim_body_t body;
	void *arg;
	int script;
	int pid;			/* result */
	int done;
	int orphan;			/* init frees it: the caller gave up */
};

/* Who runs next when CPUs interleave: compat/interleave.c. */
enum sim_ilv_mode {
	ILV_SERIAL,			/* each path to its end: no decisions */
	ILV_RANDOM,			/* any ready CPU, uniformly */
	ILV_PCT,			/* priorities with change points */
	ILV_REPLAY,			/* the listed decisions, else default */
	ILV_POINTS,			/* the same, each anchored to its point */
	ILV_CHOICES,			/* bytes given by a fuzzer */
};

#define ILV_MAX_DEPTH	16		/* PCT change points + 1 */
#define ILV_LOG_MAX	(1UL << 16)	/* decisions kept for sim_decision() */

/* One decision that did not take the default: the schedule. */
struct ilv_step {
	unsigned long n;		/* the decision's number, from 1 */
	int cpu;			/* the CPU chosen */
	/* "points:" anchors it instead: the seen-th time @at stops there */
	int at;
	const char *file;
	int line;
	unsigned long seen;
	unsigned long long when;	/* no CPU running: the instant */
	int done;
};

/* How often a CPU stopped at a point: the anchors of "points:". */
struct ilv_count {
	int at, line;
	const char *file;
	unsigned long seen;
	unsigned int gen;		/* in use when the machine's */
};

#define ILV_COUNTS	1024		/* distinct (CPU, point) pairs */

struct sim_ilv {
	enum sim_ilv_mode mode;
	int executing;			/* a CPU's path runs: points yield */
	int forced;			/* CPU chosen at a point, or -1 */
	int running;			/* the CPU that ran last */
	unsigned long long rng;
	unsigned long decisions;

	/* PCT: higher runs first; change points lower the running CPU */
	int depth;
	unsigned long steps;
	int prio[NR_CPUS];
	unsigned long change[ILV_MAX_DEPTH];

	/* replay */
	struct ilv_step *want;
	int nr_want, next_want;

	/* fuzzer-chosen: bytes, or pushed choices (n: decision, cpu: index) */
	const unsigned char *bytes;
	unsigned long nr_bytes;
	struct ilv_step *push;
	int nr_push;

	/* what happened */
	struct ilv_step *taken;
	int nr_taken;
	struct sim_decision *log;
	unsigned long nr_log;
	struct ilv_count *counts;	/* hashed by CPU, line, file */
	int nr_counts;
	unsigned int count_gen;		/* this boot's, for counts[] */
	unsigned long long free_when;	/* the instant of ... */
	unsigned long free_seen;	/* ... so many decisions, no CPU on */
	int schedule_error;		/* a decision the schedule got wrong */
};

#define SIM_INV_TOUCHED	256	/* tasks one event may touch, then a sweep */

/*
 * What the invariant checks know between events (invariants.c): what the
 * events since the last check touched, and the machine's counts of the
 * tasks as of then.
 */
struct sim_inv {
	unsigned long round;		/* checks since boot */
	int swept;			/* a full sweep ran since boot */
	int full;			/* the next check is a full sweep */
	int always;			/* every check is (tests) */
	int lock_ops;			/* a harness lock was used since */
	int locks_busy;			/* one was held or waited on then */
	unsigned long since_sweep;	/* events checked since the last */
	unsigned long sweep_every;	/* the tasks the last one walked */
	struct sched_drv *drv;		/* the driver it saw */
	cpumask_t online;		/* and the online CPUs */
	unsigned char cpu[NR_CPUS];	/* touched since the last check */
	struct sim_task *task[SIM_INV_TOUCHED];
	int nr_task;
	unsigned long nr_run, nr_unint, nr_io;
};

struct sim_machine {
	int booted;
	int failed;
	int in_run;
	struct sim_config cfg;
	int nr_cpus;
	unsigned long long now;
	unsigned long long tick_ns;
	unsigned long long rng;
	unsigned long long nr_events;
	unsigned long long nr_storms;	/* IPI storms cut (sim_drain()) */
	unsigned long long digest;
	int timekeeper;			/* CPU that advances jiffies */
	int new_cpus;			/* a CPU came online: start it */

	/* printk_ratelimit()'s bucket (report.c), full at boot */
	struct {
		int started;
		unsigned long toks;	/* jiffies of credit */
		unsigned long last;	/* jiffies at the last call */
		int missed;		/* refused since the last passed */
	} ratelimit;

	struct sim_cpu cpu[NR_CPUS];

	struct list_head tasks;		/* every struct sim_task */
	struct sim_task **by_pid;	/* pid -> sim_task */
	int nr_pid_slots;		/* of by_pid; grows to PID_MAX_DEFAULT */
	int last_pid;
	unsigned long nr_switches;	/* as the machine saw them */
	struct sim_inv inv;

	struct task_struct *init;	/* pid 1, the spawner */
	struct list_head spawn_reqs;
	wait_queue_head_t spawn_wait;
	struct mm_struct *workload_mm;
	int boot_done;

	/* 2.6.10's cpucontrol semaphore (lock_cpu_hotplug()) */
	struct task_struct *hotplug_owner;
	wait_queue_head_t hotplug_wait;

	wait_queue_head_t wq[SIM_NR_WQ];
	struct completion completion[SIM_NR_WQ];

	char *log;
	unsigned long log_len, log_size;
	/*
	 * Room for a test's line before it in one Check message, whose
	 * limit is 4 KB (raising it costs every message time).
	 */
	char report[3584];
	char error[256];
	struct list_head dead;		/* tasks whose stacks can go */
	struct notifier_block *cpu_chain;
	void *allocs;			/* every kmalloc of this machine */
	unsigned long nr_allocs;

	struct sim_ilv ilv;
};

extern struct sim_machine sim;
extern struct thread_info *sim_current_ti[NR_CPUS];	/* with sim_current */

/*
 * sim_point - __sim_point() for compat's own primitives, whose callers
 * are out of line already: serially, one test and no call.
 */
static inline void sim_point_at(const char *file, int line)
{
	if (unlikely(sim.ilv.executing))
		__sim_point(file, line);
}

static inline struct sim_cpu *this_sim_cpu(void)
{
	return &sim.cpu[smp_processor_id()];
}

/*
 * The race detector (configure --enable-tsan; docs/machine.md): what
 * the hardware orders, said to ThreadSanitizer, for which every context
 * is a fiber of its own and a switch orders nothing.  Elsewhere these
 * compile to nothing.  The keys are addresses used as names: each CPU's
 * program order, the IPIs sent to it.
 */
#ifdef PLUGSCHED_TSAN
#define SIM_TSAN		1
#define sim_hb_acquire(key)	host_hb_acquire(key)
#define sim_hb_release(key)	host_hb_release(key)
#define sim_hb_ignore_begin()	host_hb_ignore_begin()
#define sim_hb_ignore_end()	host_hb_ignore_end()
#else
#define SIM_TSAN		0
#define sim_hb_acquire(key)	do { } while (0)
#define sim_hb_release(key)	do { } while (0)
#define sim_hb_ignore_begin()	do { } while (0)
#define sim_hb_ignore_end()	do { } while (0)
#endif
#define SIM_HB_CPU(n)		(&sim.cpu[n].id)
#define SIM_HB_IPI(n)		(&sim.cpu[n].ipi_pending)

/*
 * Work the machine's context does for @cpu (an interrupt the harness
 * injects) is, for the race detector, that CPU's too.  It comes after
 * all that every CPU did so far: the harness acts on what it saw, as a
 * program's threads do after they synchronised in user space.
 */
#ifdef PLUGSCHED_TSAN
static inline void sim_hb_borrow(int cpu)
{
	int i;

	host_hb_context_begin();
	for (i = 0; i < sim.nr_cpus; i++)
		sim_hb_acquire(SIM_HB_CPU(i));
}

static inline void sim_hb_unborrow(int cpu)
{
	sim_hb_release(SIM_HB_CPU(cpu));
	host_hb_context_end();
}
#else
#define sim_hb_borrow(cpu)	do { } while (0)
#define sim_hb_unborrow(cpu)	do { } while (0)
#endif

/* A context starts or goes on executing for this CPU: after its past. */
static inline void sim_hb_cpu_enter(void)
{
	sim_hb_acquire(SIM_HB_CPU(sim_this_cpu));
}

/*
 * sim_ctx_switch - host_ctx_switch() from a context that executes for
 * a CPU: what the CPU did so far happens before what it does next, in
 * whichever context; and when @from goes on, it does so after what its
 * CPU then (perhaps another one) did before.
 */
static inline void sim_ctx_switch(struct host_ctx *from, struct host_ctx *to)
{
	sim_hb_release(SIM_HB_CPU(sim_this_cpu));
	host_ctx_switch(from, to);
	sim_hb_cpu_enter();
}

/* machine.c */
void sim_park(enum sim_park why, unsigned long long until);
void sim_account_cpu(struct sim_cpu *c);
int sim_drain(unsigned long long limit, int (*done)(void *), void *arg);
void sim_irq_enter(int cpu);
void sim_irq_exit(int cpu);
void sim_seg_set(struct sim_task *st, enum sim_seg seg);
void sim_start_kernel(void);
unsigned long sim_mm_map(struct mm_struct *mm, unsigned long len);
char *sim_mm_lookup(struct mm_struct *mm, unsigned long uaddr,
		    unsigned long n);

/* interleave.c */
int sim_ilv_setup(const struct sim_config *cfg);
int sim_ilv_decide(int at, unsigned long ready, int dflt, const char *file,
		   int line);
void sim_ilv_describe(char *buf, int len);

/*
 * harness.c: the harness API's answers to arguments it cannot take.
 * Each sets sim_error() and returns what the call returns: -EINVAL, or
 * 0 when there is nothing to say.  sim_null_arg() names the function
 * and the parameter that is NULL.
 */
int sim_set_error(int err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
#define sim_bad_arg(fmt, ...)	sim_set_error(-EINVAL, fmt, ##__VA_ARGS__)
#define sim_null_arg(p) \
	((p) ? 0 : sim_bad_arg("%s(): " #p " is NULL", __func__))
int sim_need_machine(void);
int sim_check_range(long v, long lo, long hi, const char *what);

/* harness.c: a driver's mandatory hooks (sim_check_drivers() at boot). */
struct sched_drv;
const char *sim_drv_missing_hook(const struct sched_drv *drv);
void sim_check_drivers(void);

/* report.c */
void sim_fail(const char *fmt, ...)
	__attribute__((noreturn, format(printf, 1, 2)));
void sim_describe_held(int cpu, char *buf, int len);
void sim_log_append(const char *s, unsigned long len);
const char *sim_task_name(struct task_struct *p);

/* lock.c */
void sim_locks_reset(void);
void sim_report_held_lock(int cpu, const char *where)
	__attribute__((noreturn));

/* sim_check_no_locks - fail if @cpu still holds a lock at @where. */
static inline void sim_check_no_locks(int cpu, const char *where)
{
	if (unlikely(sim.cpu[cpu].nr_held))
		sim_report_held_lock(cpu, where);
}

int sim_spin_blocked(const struct sim_cpu *c);
void sim_spin_wait(void *lock, int kind, const char *file, int line);
void sim_describe_spin(const struct sim_cpu *c, char *buf, int len);

/* task.c */
struct task_struct *sim_task_alloc(const char *name);
struct task_struct *sim_copy_process(unsigned long clone_flags,
				     struct mm_struct *mm);
void sim_task_start_context(struct task_struct *p, void (*entry)(void *));
int sim_do_fork_body(unsigned long clone_flags, sim_body_t body, void *arg,
		     int script, struct mm_struct *mm,
		     const struct sim_spawn_req *req);
void sim_do_exit(int code) __attribute__((noreturn));
void sim_free_dead_tasks(void);
void sim_free_all_allocs(void);
int sim_cpu_notify(unsigned long action, int cpu);
int cpu_up(unsigned int cpu);
int cpu_down(unsigned int cpu);
void sim_migrate_timers(int from, int to);
void cpu_idle(void) __attribute__((noreturn));
int sim_machine_boot(void *unused);
int sim_alloc_pid(void);
struct sim_task *sim_find(int pid);
int init_main(void *unused);
void sim_tasks_release_all(void);
void sim_script_body(void *unused);
void sim_mutex_check_exit(struct task_struct *p);
int sim_setup_handler(const char *opt, char *arg);
void sim_mutex_check_all(void);
void sim_sem_check_all(void);

/* timer.c */
void sim_run_timers(int cpu);
void sim_timers_reset(void);

/* user.c */
#define SIM_USER_MAP_MAX	(1UL << 24)	/* of one sim_user_map() */
struct mm_struct *sim_mm_new(void);
struct mm_struct *sim_mm_copy(struct mm_struct *old);
void sim_mm_put(struct mm_struct *mm);

/* invariants.c */
int sim_check_invariants(void);
void sim_check_event(int cpu);
int sim_driver_check(char *buf, int len);
void sim_inv_touch(struct task_struct *p);
void sim_inv_touch_cpu(int cpu);
int sim_move_pending(struct task_struct *p);
struct rt_mutex;
void sim_check_rt_mutex(struct rt_mutex *lock);
struct semaphore;
struct rw_semaphore;
void sim_check_semaphore(struct semaphore *sem);
void sim_check_rwsem(struct rw_semaphore *sem);

/* What a tick must charge, noted before the driver's account_*_time(). */
struct sim_tick_account {
	struct task_struct *p;
	int user;
	unsigned long utime, stime;
	cputime64_t before[8];		/* cpustat: user .. steal */
	int field, alt;			/* the one that must grow, or alt */
};

void sim_tick_account_begin(struct sim_cpu *c, struct task_struct *p,
			    int user, struct sim_tick_account *a);
void sim_tick_account_check(struct sim_cpu *c,
			    const struct sim_tick_account *a);

/* rttest.c */
void sim_rttest_check_mutexes(void);

/* trace.c */
void sim_trace_switch(int cpu, struct task_struct *prev,
		      struct task_struct *next);
void sim_check_left_entry(int ctx, const char *where);
void sim_trace_migrate(struct task_struct *p, int from, int to);

/* dispatcher (libsched/scheduler.c) */
extern struct sched_drv *scheduler;
extern struct sched_drv *const sched_drivers[];	/* default first */

#endif /* _COMPAT_INTERNAL_H */
