/*
 * plugsched/sim.h - the harness API of the simulated SMP machine.
 *
 * One API for tests, fuzzers and tools: boot a machine with a scheduler
 * driver, spawn tasks whose bodies run in their own context, drive them,
 * advance virtual time, read task and CPU state, the printk log and the
 * reports of the machine's checks.
 *
 * Only plain C types cross this header, so host programs (with libc) and
 * kernel-side code (without) both include it.  One machine exists per
 * process at a time: the drivers keep their runqueues in globals, as in
 * the kernel.
 *
 * Functions marked "task context" may only be called from a task body
 * running on the machine; the others only from outside (the program that
 * drives the machine), never from a task body.
 *
 * Every function checks its arguments, with or without a machine
 * booted, and a bad one changes nothing: a NULL pointer (a buffer may be
 * NULL when its length is 0), a negative length, a CPU, index, level or
 * number out of its range, or a call that needs a booted machine when
 * none is.  A function returning int answers -EINVAL then (unless said
 * otherwise below: -ESRCH for a pid no task has, -1 where noted), one
 * returning a pointer NULL, a void one nothing; each says why in
 * sim_error().  A task-context function called from outside the machine
 * does nothing and answers -EINVAL likewise; called inside the machine
 * but not from a task (an interrupt, an idle task), or naming a wait
 * queue, completion, rt_mutex, semaphore or rw_semaphore that does not
 * exist, it is a kernel BUG:
 * the machine reports it and the run is over.
 */
#ifndef _PLUGSCHED_SIM_H
#define _PLUGSCHED_SIM_H

#ifdef __cplusplus
extern "C" {
#endif

/* ---- the machine ---------------------------------------------------- */

struct sim_config {
	int nr_cpus;		/* 1..sim_max_cpus(), default 1 */
	int smt;		/* threads per core, default 1 */
	int nr_nodes;		/* NUMA nodes, must divide nr_cpus; default 1 */
	int hz;			/* timer frequency, 10..10000, default 1000 */
	const char *cmdline;	/* boot command line, e.g. "cpusched=tiny" */
	unsigned long long seed;	/* for sim_random(); default 1 */
	int checks;		/* generic invariants after every event (1) */
	int echo_log;		/* copy printk output to stderr (0) */
	/*
	 * Who runs next when several CPUs could (docs/machine.md,
	 * "Interleaving"): NULL or "serial" runs each CPU's kernel path
	 * to its end; "random:SEED", "pct:SEED[:DEPTH[:STEPS]]",
	 * "replay:N@CPU,..." and "choices" (the bytes below, one per
	 * decision) let CPUs interleave at lock, atomic, interrupt and
	 * preemption points.
	 */
	const char *interleave;
	const unsigned char *choices;
	unsigned long nr_choices;
};

void sim_config_init(struct sim_config *cfg);

/*
 * sim_boot - boot a machine.  Returns 0, or -EINVAL with the reason in
 * sim_error() for a bad (or NULL) configuration, -EBUSY when one is
 * booted already; on failure nothing is left booted.
 * The machine is at virtual time 0 afterwards, idle, with pid 1 ("init",
 * the harness's spawner) and any kernel threads of the driver created.
 */
int sim_boot(const struct sim_config *cfg);
void sim_shutdown(void);		/* never from inside the machine */
int sim_booted(void);
int sim_max_cpus(void);			/* NR_CPUS of this build */

/* Drivers built into this library, and the default of the build. */
int sim_nr_drivers(void);
const char *sim_driver_name(int i);	/* NULL past the end */
int sim_driver_index(const char *name);	/* -1: not built */
const char *sim_default_driver(void);
const char *sim_cpusched(void);		/* of the booted machine, or NULL */

/*
 * sim_run_for / sim_run_until - advance virtual time, processing every
 * event (ticks, IPIs, timers, task wake-ups) in global time order.
 * Return 0, or -1 when a check of the machine reported a bug: the run is
 * then over, sim_report() says what, where and on which CPU and task, and
 * only sim_shutdown() is allowed.  -1 too with no machine booted or from
 * inside the machine; -EINVAL for a time in the past or past the end of
 * the clock.
 */
int sim_run_for(unsigned long long ns);
int sim_run_until(unsigned long long when_ns);

unsigned long long sim_now(void);	/* virtual ns since boot */
unsigned long sim_jiffies(void);
int sim_hz(void);
int sim_nr_cpus(void);

int sim_failed(void);
const char *sim_report(void);		/* "" when nothing was reported */
const char *sim_error(void);		/* why the last call failed */
const char *sim_log(void);		/* the printk log since boot */
int sim_log_contains(const char *needle);	/* 1, 0; NULL: -EINVAL */

/*
 * Interleaving.  A decision is a point where more than one CPU could go
 * on: the one at a lock, atomic, interrupt or preemption point (@cpu,
 * at @file:@line) or, when no CPU is running (@cpu -1), the CPUs with
 * work at this instant.  @dflt is the serial choice; a schedule lists
 * the decisions that took another.  The first 65536 are kept.
 */
struct sim_decision {
	unsigned long n;		/* from 1 */
	int cpu;			/* the CPU at the point, or -1 */
	const char *file;
	int line;
	unsigned long ready;		/* the CPUs that could go on */
	int dflt;
	int chosen;
	unsigned long seen;		/* decisions before it at its point
					   (@cpu, @file:@line); with no CPU
					   running, at its instant */
	unsigned long long when;	/* its virtual time, ns */
	unsigned long long digest;	/* sim_trace_digest() then */
	unsigned long long progress;	/* a hash of the points each CPU
					   passed so far */
};

unsigned long sim_nr_decisions(void);
int sim_schedule_length(void);		/* decisions not the default */
/* Decision @n (from 1): 0, or -EINVAL if it was not made or not kept. */
int sim_decision(unsigned long n, struct sim_decision *d);
/* "N@CPU,..." of this run, for "replay:"; returns its length. */
int sim_schedule(char *buf, int len);
/*
 * The same decisions anchored to their points, for "points:":
 * "CPU@FILE:LINE#SEEN>CPU,..." (the SEEN-th time that CPU stopped
 * there; "-@NS#SEEN>CPU" for the SEEN-th decision with no CPU running
 * at virtual time NS).
 * Dropping one keeps the others where they were, which "replay:"
 * numbers do not: a shrinker's form.  Empty past 65536 decisions.
 */
int sim_schedule_points(char *buf, int len);
/*
 * 0, or -1 with sim_error() set when the schedule asked for what the
 * run did not offer: a decision it never reached, or a CPU that could
 * not go on there.
 */
int sim_schedule_check(void);
/*
 * With "choices" and no bytes: at the @after-th decision from now (1 is
 * the next), go on with the @index-th CPU that can (0 the default, then
 * the others in ascending order; modulo their number).  For a fuzzer's
 * operations, which choose as they go.  0, or -EINVAL.
 */
int sim_schedule_push(unsigned long after, int index);

/* Check the generic invariants (and the driver's own check) now: 0, -1. */
int sim_check(void);
/* A digest of everything scheduled so far: same inputs, same digest. */
unsigned long long sim_trace_digest(void);
unsigned long long sim_nr_events(void);

/*
 * Scheduling events as they happen, for traces: the machine calls @fn for
 * every context switch, successful wake-up, new task's wake-up and
 * migration, in order, with the virtual time and the tasks' kernel
 * priorities (0..139; 140 for an idle task).  @fn runs inside the
 * machine: it must only record.  NULL stops; a boot starts with none.
 */
enum sim_trace_type {
	SIM_TRACE_SWITCH = 1,
	SIM_TRACE_WAKEUP,
	SIM_TRACE_WAKEUP_NEW,
	SIM_TRACE_MIGRATE,
};

struct sim_trace_event {
	int type;
	unsigned long long ns;
	int cpu;		/* the CPU whose code did it */
	int pid;		/* switch: prev; others: the task */
	char comm[16];
	int prio;
	long prev_state;	/* switch: prev's state (0 runnable) */
	int next_pid;		/* switch */
	char next_comm[16];
	int next_prio;
	int target_cpu;		/* wake-ups: task_cpu(); migrate: dest */
	int orig_cpu;		/* migrate: source */
	int success;		/* wake-ups */
};

typedef void (*sim_trace_fn)(const struct sim_trace_event *ev, void *arg);
void sim_trace_set_sink(sim_trace_fn fn, void *arg);

/* /proc/schedstat as the driver prints it; NULL if the driver has none. */
const char *sim_schedstat(void);

/* ---- what the machine sees of the scheduler's work (schedstat) --------- */

/*
 * Facts to check /proc/schedstat and /proc/<pid>/schedstat against
 * (tests/unit/check_schedstat.c): the machine reports, as they happen,
 * the events each counter of the version 10 line counts, observed from
 * outside the driver - in the dispatcher's entry points, in switch_to()
 * and set_task_cpu(), and where schedule() clears need_resched (once per
 * pick, so a pick that switches nothing counts too).
 *
 * A task's change of CPU (SIM_STAT_MOVE) says which scheduler entry
 * point the CPU that made it was in (innermost first): a wake-up's or a
 * new task's placement, the tick (balancing), schedule() (a CPU going
 * idle pulls; a task leaving a CPU it may no longer use is pushed),
 * set_cpus_allowed(), sched_exec(), a CPU hotplug notifier, the machine
 * placing a kernel thread or a new task before the scheduler sees it,
 * or none of them: a kernel thread's own work, such as a migration
 * thread's.
 */
enum sim_stat_type {
	SIM_STAT_PASS = 1,	/* schedule() picks on cpu; pid: prev */
	SIM_STAT_SWITCH,	/* cpu switches from pid to next_pid */
	SIM_STAT_YIELD,		/* pid calls sched_yield() on cpu */
	SIM_STAT_WAKEUP,	/* try_to_wake_up() of pid, by cpu's code */
	SIM_STAT_WAKEUP_NEW,	/* wake_up_new_task() of pid, by cpu's code */
	SIM_STAT_EXEC,		/* pid calls sched_exec() on cpu */
	SIM_STAT_MOVE,		/* pid changes CPU, by cpu's code */
	SIM_STAT_DOMAIN,	/* cpu gets new sched domains (or none) */
};

enum sim_stat_ctx {
	SIM_CTX_NONE,		/* no scheduler entry point */
	SIM_CTX_WAKEUP,		/* try_to_wake_up() */
	SIM_CTX_NEW,		/* wake_up_new_task() */
	SIM_CTX_TICK,		/* scheduler_tick() */
	SIM_CTX_SCHEDULE,	/* schedule(), schedule_tail() */
	SIM_CTX_AFFINITY,	/* set_cpus_allowed() */
	SIM_CTX_EXEC,		/* sched_exec() */
	SIM_CTX_HOTPLUG,	/* a CPU hotplug notifier */
	SIM_CTX_MACHINE,	/* the machine placing a task */
	SIM_NR_CTX
};

/* A move a task waits for, in set_cpus_allowed() or in sched_exec(). */
#define SIM_PENDING_AFFINITY	1
#define SIM_PENDING_EXEC	2

struct sim_stat_event {
	int type;		/* SIM_STAT_* */
	unsigned long long ns;
	unsigned long jiffies;
	int cpu;		/* the CPU whose code it is */
	int online;		/* cpu was in cpu_online_map */
	int pid;		/* the task (prev of a pass or switch) */
	int idle;		/* pid is cpu's idle task (pid 0) */
	int next_pid;		/* SWITCH: next */
	int next_idle;
	int from, to;		/* MOVE: the CPUs; WAKEUP, WAKEUP_NEW, EXEC:
				 * pid's CPU when called (the MOVEs that
				 * follow in that context say where to) */
	int success;		/* WAKEUP: try_to_wake_up() returned 1 */
	int ctx;		/* MOVE: the entry point cpu was in;
				 * WAKEUP: the one the waker was in */
	int tick_idle;		/* MOVE in SIM_CTX_TICK: cpu's idle task was
				 * running when the tick came... */
	int tick_queued;	/* ... with this many tasks queued on cpu */
	int pending;		/* MOVE: SIM_PENDING_*, what pid waits in */
	int by_kthread;		/* MOVE: cpu runs a kernel thread */
	int nr_running;		/* YIELD, EXEC: runnable tasks on cpu (the
				 * caller included) when called */
	int nr_normal;		/* YIELD: SCHED_NORMAL ones among the others */
};

typedef void (*sim_stat_fn)(const struct sim_stat_event *ev, void *arg);
/* Like sim_trace_set_sink(): @fn only records; NULL stops. */
void sim_stat_set_sink(sim_stat_fn fn, void *arg);

/*
 * /proc/<pid>/schedstat: the driver's sched_info of the task, in jiffies
 * (2.6.10 prints "cpu_time run_delay pcnt").  Exited tasks stay readable.
 * 0, or -ESRCH.
 */
struct sim_task_schedstat {
	unsigned long cpu_time;		/* on a CPU */
	unsigned long run_delay;	/* waiting on a runqueue */
	unsigned long pcnt;		/* times picked to run */
};

int sim_task_schedstat(int pid, struct sim_task_schedstat *st);

/* ---- tunables: /sys/cpusched/<driver>/ ------------------------------- */

/*
 * The booted driver's controls.  Each is a file
 * "/sys/cpusched/<driver>/<name>" holding a decimal integer.  Reading
 * gives "<value>\n"; writing takes a decimal integer (one trailing
 * newline allowed) and answers -EINVAL for anything else or a value out
 * of range, -ENOENT for a path that is not such a file; nothing changes
 * on an error.  A write acts at sim_now(), as an interrupt on CPU 0.
 */
int sim_nr_tunables(void);
const char *sim_tunable_name(int i);	/* NULL past the end */
const char *sim_tunable_desc(int i);
int sim_tunable_limits(int i, int *min, int *max, int *def);
int sim_sysfs_read(const char *path, char *buf, unsigned long len);
int sim_sysfs_write(const char *path, const char *text);

/* ---- tasks ---------------------------------------------------------- */

#define SIM_SCHED_NORMAL	0
#define SIM_SCHED_FIFO		1
#define SIM_SCHED_RR		2

struct sim_task_attr {
	const char *name;	/* comm, at most 15 characters kept */
	int policy;		/* SIM_SCHED_*, default NORMAL */
	int rt_priority;	/* 1..99 for FIFO/RR */
	int nice;		/* -20..19 */
	unsigned int uid, euid;	/* default 0 */
	int cap_sys_nice;	/* default 1 */
	const char *cpus;	/* allowed CPUs as a list "0-2,5"; NULL: all */
};

void sim_task_attr_init(struct sim_task_attr *attr);

typedef void (*sim_body_t)(void *arg);

/*
 * sim_spawn - create a task running @body(@arg) in its own context.
 * The task is forked by init (pid 1) at the current virtual time, given
 * its policy and nice through the scheduler's own setscheduler and
 * set_user_nice, then woken with wake_up_new_task().  Returns its pid, or
 * a negative errno (bad attributes: -EINVAL, with sim_error()).  When the
 * body returns, the task exits.
 */
int sim_spawn(const struct sim_task_attr *attr, sim_body_t body, void *arg);

/*
 * sim_spawn_script - a task that executes commands posted with sim_cmd(),
 * one after another, sleeping (TASK_INTERRUPTIBLE) while it has none:
 * the harness's equivalent of an rt-tester thread.
 */
int sim_spawn_script(const struct sim_task_attr *attr);

enum sim_cmd_op {
	SIM_CMD_BURN = 1,	/* a0: ns of CPU time */
	SIM_CMD_SLEEP,		/* a0: ns, interruptible */
	SIM_CMD_SLEEP_UNINT,	/* a0: ns, uninterruptible */
	SIM_CMD_SYSCALL,	/* a0: SIM_SYS_*, a1..a3: arguments */
	SIM_CMD_WAKE,		/* a0: pid to wake_up_process() */
	SIM_CMD_WQ_WAIT,	/* a0: wait queue index, interruptible */
	SIM_CMD_WQ_WAIT_EXCL,	/* a0: wait queue index, exclusive */
	SIM_CMD_WQ_WAKE,	/* a0: wait queue index, a1: nr_exclusive */
	SIM_CMD_COMPLETION_WAIT, /* a0: completion index */
	SIM_CMD_COMPLETE,	/* a0: completion index */
	SIM_CMD_COMPLETE_ALL,	/* a0: completion index */
	SIM_CMD_IO_WAIT,	/* a0: jiffies for io_schedule_timeout() */
	SIM_CMD_FORK,		/* child runs a script task too; result: pid */
	SIM_CMD_EXIT,		/* a0: exit code */
	SIM_CMD_MUTEX_LOCK,	/* a0: harness rt_mutex index; result 0 */
	SIM_CMD_MUTEX_LOCK_INT,	/* a0: index, a1: detect deadlock; result
				 * 0, -EINTR (signal), -EDEADLK */
	SIM_CMD_MUTEX_TRYLOCK,	/* a0: index; result 1 taken, 0 not */
	SIM_CMD_MUTEX_UNLOCK,	/* a0: index; result 0 */
	SIM_CMD_SEM_DOWN,	/* a0: harness semaphore index; result 0 */
	SIM_CMD_SEM_DOWN_INT,	/* a0: index; result 0, -EINTR (signal) */
	SIM_CMD_SEM_TRYLOCK,	/* a0: index; result 0 taken, 1 not */
	SIM_CMD_SEM_UP,		/* a0: index; result 0 */
	SIM_CMD_RWSEM_DOWN_READ,	/* a0: harness rw_semaphore index */
	SIM_CMD_RWSEM_DOWN_WRITE,	/* a0: index */
	SIM_CMD_RWSEM_READ_TRYLOCK,	/* a0: index; result 1 taken, 0 not */
	SIM_CMD_RWSEM_WRITE_TRYLOCK,	/* a0: index; result 1 taken, 0 not */
	SIM_CMD_RWSEM_UP_READ,		/* a0: index */
	SIM_CMD_RWSEM_UP_WRITE,		/* a0: index */
	SIM_CMD_RWSEM_DOWNGRADE,	/* a0: index; downgrade_write() */
};
#define SIM_CMD_LAST		SIM_CMD_RWSEM_DOWNGRADE

/*
 * Queue a command for a script task and wake it; 0 or -ESRCH/-EINVAL (an
 * unknown command, or a wait queue, completion, rt_mutex, semaphore or
 * rw_semaphore index out of range: checked here, not when the task runs it).
 */
int sim_cmd(int pid, int op, long a0, long a1, long a2, long a3);
/*
 * Run the machine until @pid has executed every command queued so far,
 * at most @max_ns of virtual time.  Returns 0, -ETIMEDOUT, or -1 when a
 * check reported.
 */
int sim_cmd_wait(int pid, unsigned long long max_ns);
long sim_cmd_result(int pid);	/* of its last finished command; -ESRCH */

/*
 * CPU hotplug, done by init (cpu_down()/cpu_up() as in 2.6.10): the
 * driver's notifiers move the tasks of a CPU going offline.  0, or
 * -EINVAL (no such CPU, or already in that state), -EBUSY (the last
 * online CPU).
 */
int sim_cpu_offline(int cpu);
int sim_cpu_online(int cpu);

/* Outside actions, delivered as an interrupt on a CPU at sim_now(). */
int sim_wake(int pid);			/* wake_up_process() from an irq */
int sim_signal(int pid, int sig);	/* send_sig() from an irq */

/* ---- inside a task body (task context) ------------------------------- */

void sim_burn(unsigned long long ns);	/* use the CPU for @ns */
void sim_sleep(unsigned long long ns);	/* interruptible, whole ticks */
void sim_sleep_unint(unsigned long long ns);
/*
 * Sleep interruptibly until *@flag is nonzero (at once if it is): a
 * waker sets it, then sim_wake_pid()s the sleeper; the flag is tested
 * after the task state is set, so that wake-up is never lost.  0, or
 * -ERESTARTSYS on a signal; -EINVAL for a NULL @flag.
 */
int sim_wait_flag(const volatile int *flag);
int sim_self(void);			/* current pid */
int sim_this_cpu_id(void);		/* smp_processor_id() */
int sim_wake_pid(int pid);		/* wake_up_process(); 1 if woken */
int sim_fork(sim_body_t body, void *arg);	/* a real fork: child pid */
/* Ends the task; returns only when called from outside the machine. */
void sim_exit(int code);
unsigned long long sim_random(void);	/* the machine's seeded PRNG */

/* Harness wait queues and completions, by index 0..SIM_NR_WQ-1. */
#define SIM_NR_WQ	64
int sim_wq_wait(int idx, int exclusive);	/* -ERESTARTSYS on signal */
void sim_wq_wake(int idx, int nr_exclusive);
void sim_completion_wait(int idx);
void sim_complete(int idx, int all);
long sim_io_wait(long jiffies);		/* io_schedule_timeout() */

/*
 * Harness rt_mutexes (libsched/rtmutex.c, priority inheritance), by
 * index 0..SIM_NR_MUTEX-1, unlocked at boot.  sim_mutex_lock() sleeps
 * uninterruptibly (a deadlock is a kernel BUG, reported); the
 * interruptible one answers -EINTR on a signal and, when @detect,
 * -EDEADLK for a deadlock.  A task exiting with one held is a BUG.
 */
#define SIM_NR_MUTEX	8
void sim_mutex_lock(int idx);
int sim_mutex_lock_interruptible(int idx, int detect);
int sim_mutex_trylock(int idx);
void sim_mutex_unlock(int idx);
/*
 * From outside: the pid owning mutex @idx (0: free), and in *@pending
 * (if not NULL) 1 when that owner was handed it at unlock and has not
 * run to take it yet; -EINVAL for a bad index.
 */
int sim_mutex_owner(int idx, int *pending);

/*
 * Harness semaphores (libsched/semaphore.c, docs/semaphores.md), by
 * index 0..SIM_NR_SEM-1, each init_MUTEX() at boot.  As 2.6.10's
 * down(), down_interruptible() (-EINTR on a signal), down_trylock() (0
 * taken, 1 not) and up(), any task may up().  A semaphore of count 0 or
 * 1 is a mutex: its owner, the task whose down() took it, inherits the
 * priority of its waiters, and up() hands it to the best waiter; one of
 * a higher count is a counting semaphore: no owner, FIFO hand-over.  A
 * task exiting as a semaphore's owner (or an rw_semaphore's writer) is
 * a BUG, reported.
 */
#define SIM_NR_SEM	8
#define SIM_SEM_MAX	65536		/* the highest count to init */
void sim_down(int idx);
int sim_down_interruptible(int idx);
int sim_down_trylock(int idx);
void sim_up(int idx);

/*
 * From outside: sema_init() semaphore @idx with @count (0..SIM_SEM_MAX)
 * units; 0, -EINVAL, -EBUSY while a task holds it as owner or waits.
 */
int sim_sem_init(int idx, int count);

struct sim_sem_info {
	int count;		/* units free */
	int counting;		/* 1: counting semaphore; 0: a mutex */
	int owner;		/* pid of a mutex's owner, 0: none */
	int waiters;		/* tasks waiting */
};

/* From outside: semaphore @idx now; 0 or -EINVAL. */
int sim_sem_info(int idx, struct sim_sem_info *info);

/*
 * Harness rw_semaphores (<linux/rwsem.h>), 0..SIM_NR_RWSEM-1, unlocked
 * at boot.  Readers share one, a writer holds it alone and inherits the
 * priority of its waiters; waiters are served in the order they came,
 * and a waiting writer makes new readers wait (2.6.10's generic rwsem).
 * The trylocks answer 1 taken, 0 not.
 */
#define SIM_NR_RWSEM	8
void sim_down_read(int idx);
void sim_down_write(int idx);
int sim_down_read_trylock(int idx);
int sim_down_write_trylock(int idx);
void sim_up_read(int idx);
void sim_up_write(int idx);
void sim_downgrade_write(int idx);

struct sim_rwsem_info {
	int readers;		/* readers holding it */
	int writer;		/* pid of the writer holding it, 0: none */
	int waiters;		/* tasks waiting */
};

/* From outside: rw_semaphore @idx now; 0 or -EINVAL. */
int sim_rwsem_info(int idx, struct sim_rwsem_info *info);

/* System calls of the current task, by number. */
enum sim_syscall {
	SIM_SYS_nice = 1,		/* (increment) */
	SIM_SYS_sched_setscheduler,	/* (pid, policy, uaddr param) */
	SIM_SYS_sched_setparam,		/* (pid, uaddr param) */
	SIM_SYS_sched_getscheduler,	/* (pid) */
	SIM_SYS_sched_getparam,		/* (pid, uaddr param) */
	SIM_SYS_sched_setaffinity,	/* (pid, len, uaddr mask) */
	SIM_SYS_sched_getaffinity,	/* (pid, len, uaddr mask) */
	SIM_SYS_sched_yield,		/* () */
	SIM_SYS_sched_get_priority_max,	/* (policy) */
	SIM_SYS_sched_get_priority_min,	/* (policy) */
	SIM_SYS_sched_rr_get_interval,	/* (pid, uaddr timespec) */
	SIM_SYS_getpid,			/* () */
	SIM_NR_SYSCALLS
};

long sim_syscall(int nr, long a0, long a1, long a2);

/* ---- user memory ---------------------------------------------------- */

/*
 * Map @len (1..16 MB) zeroed bytes into the address space of @pid and
 * return their user address (0 on failure).  Workload tasks share one
 * address space, as threads of one process do; a task made by sim_fork()
 * gets a copy.
 * Any address outside a mapping faults (-EFAULT in a syscall, and in
 * sim_user_write() and sim_user_read(), as for a pid no task has).
 */
unsigned long sim_user_map(int pid, unsigned long len);
int sim_user_write(int pid, unsigned long uaddr, const void *buf,
		   unsigned long len);
int sim_user_read(int pid, unsigned long uaddr, void *buf,
		  unsigned long len);

/* ---- state ---------------------------------------------------------- */

struct sim_task_info {
	int pid;
	char name[16];
	char state;		/* R running, Q queued, S, D, Z exited */
	int cpu;		/* task_cpu() */
	int policy;
	int rt_priority;
	int static_prio;
	int nice;		/* task_nice() */
	int prio;		/* task_prio() + 100, the kernel's prio */
	unsigned long long runtime_ns;	/* on a CPU */
	unsigned long long wait_ns;	/* runnable, not on a CPU */
	unsigned long long sleep_ns;	/* blocked */
	unsigned long switches;		/* switched in */
	unsigned long nvcsw, nivcsw;	/* voluntary / involuntary out */
	unsigned long wakeups;		/* successful try_to_wake_up() */
	unsigned long migrations;	/* task_cpu() changes */
	unsigned long utime, stime;	/* jiffies, from account_*_time */
	unsigned long cmds_done;
	int exit_code;
};

/*
 * 0, or -ESRCH.  Exited tasks stay readable until sim_shutdown(): state
 * 'Z', and the policy, rt_priority, static_prio and nice they had when
 * they exited (prio 0).
 */
int sim_task_info(int pid, struct sim_task_info *info);
/* The number of workload tasks; the pids of the first @max in @pids. */
int sim_task_pids(int *pids, int max);

struct sim_cpu_info {
	int cpu;
	int online;
	int curr_pid;			/* 0: idle */
	unsigned long long busy_ns;	/* running a non-idle task */
	unsigned long long idle_ns;
	unsigned long switches;		/* context switches on this CPU */
	unsigned long long user, nice, system, idle, iowait; /* cpustat */
	unsigned long long irq, softirq, steal;		 /* cpustat */
};

int sim_cpu_info(int cpu, struct sim_cpu_info *info);

/* ---- sched domains -------------------------------------------------- */

/*
 * The sched domains the booted driver attached to each CPU with
 * cpu_attach_domain(), as they are now (read between runs).  Level 0 is
 * the CPU's lowest domain, each next level its parent; group 0 is the
 * domain's ->groups, each next one ->next, round its circular list once.
 * CPU sets are lists in the format of sim_task_attr.cpus ("0-3,6"; ""
 * when empty).  A driver without domains (or an isolated CPU) has no
 * level 0.
 */
#define SIM_CPULIST_LEN		256

/* The SD_* flags of a domain, 2.6.10's values. */
#define SIM_SD_LOAD_BALANCE	1
#define SIM_SD_BALANCE_NEWIDLE	2
#define SIM_SD_BALANCE_EXEC	4
#define SIM_SD_WAKE_IDLE	8
#define SIM_SD_WAKE_AFFINE	16
#define SIM_SD_WAKE_BALANCE	32
#define SIM_SD_SHARE_CPUPOWER	64

/* The idle types of the balancing counters (2.6.10's enum idle_type). */
#define SIM_IDLE_SCHED		0	/* idle CPU, periodic */
#define SIM_IDLE_NOT		1	/* busy CPU, periodic */
#define SIM_IDLE_NEWLY		2	/* CPU about to go idle */
#define SIM_NR_IDLE_TYPES	3

struct sim_domain_info {
	char span[SIM_CPULIST_LEN];	/* the CPUs it covers */
	int flags;			/* SIM_SD_* */
	unsigned long min_interval;	/* ms */
	unsigned long max_interval;	/* ms */
	unsigned int busy_factor;	/* interval multiplier when busy */
	unsigned int imbalance_pct;	/* % over which it is unbalanced */
	unsigned long long cache_hot_time;	/* ns */
	unsigned int cache_nice_tries;
	unsigned int per_cpu_gain;	/* % */
	unsigned long last_balance;	/* jiffies */
	unsigned int balance_interval;	/* ms */
	unsigned int nr_balance_failed;
	int nr_groups;
	/*
	 * schedstat counters (0 without CONFIG_SCHEDSTATS), per idle type
	 * (SIM_IDLE_*): balancing runs, runs that moved nothing, tasks
	 * the imbalances asked for, runs that found no busiest queue or
	 * group; exec balancing; wake-up placements.
	 */
	unsigned long lb_cnt[SIM_NR_IDLE_TYPES];
	unsigned long lb_failed[SIM_NR_IDLE_TYPES];
	unsigned long lb_imbalance[SIM_NR_IDLE_TYPES];
	unsigned long lb_nobusyq[SIM_NR_IDLE_TYPES];
	unsigned long lb_nobusyg[SIM_NR_IDLE_TYPES];
	unsigned long sbe_attempts, sbe_pushed;
	unsigned long ttwu_wake_affine, ttwu_wake_balance;
};

struct sim_group_info {
	char cpus[SIM_CPULIST_LEN];
	unsigned long cpu_power;	/* 128 (SCHED_LOAD_SCALE) for one CPU */
};

/*
 * 0; -EINVAL: no such CPU (or not booted), a negative @level or @group;
 * -ENOENT: the CPU has no domain at @level (no group @group); -ENOSPC: a
 * list is longer than SIM_CPULIST_LEN.  Reasons in sim_error().
 */
int sim_sched_domain(int cpu, int level, struct sim_domain_info *info);
int sim_sched_group(int cpu, int level, int group,
		    struct sim_group_info *info);

/* ---- rt-mutex tester (compat/rttest.c) ------------------------------- */

/*
 * The machine side of Linux's rt-mutex tester (scripts/rt-tester), read
 * by `schedsim --script FILE.tst`: SIM_RTTEST_THREADS tester threads
 * ("rt-test-0".., SCHED_NORMAL nice 0 when started) and SIM_RTTEST_LOCKS
 * PI mutexes, plus a SCHED_FIFO 99 controller task ("rt-test-ctl") that
 * posts commands as the kernel's sysfs writer does.
 *
 * Commands (sim_rttest_cmd, @arg in brackets): schedother [nice],
 * schedfifo [priority], lock, locknowait, lockint, lockintnowait,
 * lockcont, unlock [lock], lockbkl, unlockbkl [ignored], signal
 * [ignored: SIGHUP to @thread], reset, resetevent [ignored], and
 * lockintdetect [lock] (ours: lockintnowait with deadlock detection;
 * the thread's opcode becomes the error, -EDEADLK).  schedother,
 * schedfifo and signal act at once, whatever the thread is doing; the
 * others are run by the thread: -EBUSY while it still runs one.  The
 * lock and lockint variants stop, once woken, in a wake-up loop (status
 * 3) until lockcont.
 *
 * Tests (sim_rttest_check): prioeq/lt/gt and nprioeq/lt/gt compare P = 99
 * - effective prio and N = 99 - normal prio with @arg; unlocked,
 * trylock, blocked, blockedwake, locked: lock @arg's status digit is 0,
 * 1, 2, 3, 4; unlockedbkl, blockedbkl, lockedbkl: the big lock's; opcodeeq/
 * lt/gt and eventeq/lt/gt compare the opcode and the event stamp.
 *
 * Semaphores (ours, docs/semaphores.md): SIM_RTTEST_LOCKS semaphores
 * (init_MUTEX) and as many rw_semaphores, numbered apart from the
 * locks.  Commands, @arg the semaphore: down, downint, downtrylock
 * (-EAGAIN, -11, when busy), up; downread, downwrite, upread, upwrite,
 * downgrade.  Tests, @arg the semaphore: semunlocked, semblocked,
 * semlocked (status 0, 2, 4); rwunlocked, rwblocked, rwwritelocked,
 * rwreadlocked (0, 2, 4, 5).
 */
#define SIM_RTTEST_THREADS	8
#define SIM_RTTEST_LOCKS	8

struct sim_rttest_status {
	int pid;
	int opcode;		/* running command, 0 done, -errno failed */
	int event;		/* event counter after its last step */
	int prio;		/* P */
	int normal_prio;	/* N */
	int mutexes[SIM_RTTEST_LOCKS];	/* 0 unlocked .. 4 locked */
	int bkl;
	int sems[SIM_RTTEST_LOCKS];	/* 0, 1, 2 blocked, 4 held */
	int rwsems[SIM_RTTEST_LOCKS];	/* the same, 5 held to read */
};

/* Start the tester on the booted machine: 0, -EINVAL, -EBUSY (running). */
int sim_rttest_start(void);
int sim_rttest_pid(int thread);
/* The number of a command name (opcodeeq takes either), or -1. */
int sim_rttest_opcode(const char *name);
/* Post a command; the machine settles at sim_now().  0 or -errno. */
int sim_rttest_cmd(int thread, const char *opcode, long arg);
/* 1 true, 0 false, -EINVAL (unknown test, thread or lock). */
int sim_rttest_check(int thread, const char *test, long arg);
/* What @test's argument is (SIM_RTTEST_ARG_*), 0 for no such test. */
#define SIM_RTTEST_ARG_NUMBER	1	/* a priority, opcode or event */
#define SIM_RTTEST_ARG_LOCK	2	/* a lock, 0..SIM_RTTEST_LOCKS-1 */
#define SIM_RTTEST_ARG_OPCODE	3	/* a number or a command name */
#define SIM_RTTEST_ARG_IGNORED	4	/* the big lock's tests */
int sim_rttest_test_arg(const char *test);
int sim_rttest_status(int thread, struct sim_rttest_status *status);

#ifdef __cplusplus
}
#endif

#endif /* _PLUGSCHED_SIM_H */
