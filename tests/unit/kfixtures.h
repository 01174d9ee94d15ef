/*
 * tests/unit/kfixtures.h - deliberately broken kernel code for the tests.
 *
 * The fixtures live in kfixtures.c, which is kernel-world code (compiled
 * like compat/ and the drivers); this header is host-includable and uses
 * plain C types only.  Each fixture is named for the bug it commits and
 * records, in a kfix_line_* variable, the source line of the statement
 * the machine should blame, so a test can compare "kfixtures.c:<line>"
 * exactly.  A line variable is set when its fixture runs, before the bug.
 *
 * "Task context" fixtures are called from a task body running on the
 * machine; "outside" ones from the test program between runs.
 */
#ifndef _PLUGSCHED_KFIXTURES_H
#define _PLUGSCHED_KFIXTURES_H

#ifdef __cplusplus
extern "C" {
#endif

/* The names the lock checks print for the fixture locks. */
#define KFIX_LOCK_A		"kfix_lock_a"
#define KFIX_LOCK_B		"kfix_lock_b"
#define KFIX_LOCK_C		"kfix_lock_c"
#define KFIX_IRQ_LOCK		"kfix_irq_lock"
#define KFIX_RWLOCK		"kfix_rwlock"
/* The pair's locks print as "&kfix_pair[i]". */
#define KFIX_PAIR_LOCK		"kfix_pair"
#define KFIX_FILE		"kfixtures.c"

/* Outside: put every fixture lock back to its initial, unlocked state. */
void kfix_reset(void);

/* ---- lock misuse (task context) ------------------------------------------ */

extern int kfix_line_recursive_first, kfix_line_recursive;
void kfix_recursive_lock(void);

extern int kfix_line_a_then_b, kfix_line_b_then_a;
extern int kfix_line_b_then_c, kfix_line_c_then_a;
void kfix_lock_a_then_b(void);		/* correct on its own */
void kfix_lock_b_then_a(void);
void kfix_lock_b_then_c(void);		/* correct on its own */
void kfix_lock_c_then_a(void);
void kfix_lock_b_trylock_a(void);	/* trylock: never an inversion */

extern int kfix_line_other_cpu_lock, kfix_line_other_cpu_unlock;
void kfix_release_on_other_cpu(void);	/* needs a second CPU */
extern int kfix_line_other_cpu_take;
void kfix_take_held_on_other_cpu(void);	/* needs a second CPU */

extern int kfix_line_release_unlocked;
void kfix_release_unlocked(void);

void kfix_wait_open_coded(void);		/* correct */
void kfix_wait_open_coded_exclusive(void);	/* correct */
void kfix_wake_open_coded(void);		/* correct */
void kfix_wake_open_coded_sync(void);		/* correct, a sync wake-up */
void kfix_wait_open_coded_reused(void);	/* correct: was exclusive */
void kfix_wait_event_reused(void);		/* correct: was exclusive */
int kfix_wq_len(int idx);		/* harness wait queue @idx's entries */
void kfix_wait_event_exclusive(void);		/* correct */
int kfix_wq_waiters(void);			/* outside */

void kfix_hotplug_lock_twice(void);
void kfix_hotplug_unlock_unheld(void);
void kfix_hotplug_hold_50ms(void);	/* correct */
void kfix_hotplug_hold_2s(void);	/* correct */

extern int kfix_line_nest_high, kfix_line_nest_low;
void kfix_nest_descending(void);
void kfix_nest_ascending(void);		/* correct */
void kfix_nest_copies_descending(void);	/* correct: two classes */

extern int kfix_line_irq_hardirq, kfix_line_irq_irqs_on;
void kfix_lock_in_hardirq(void);	/* correct on its own */
void kfix_lock_irqs_on(void);		/* correct on its own */
void kfix_lock_irqsave(void);		/* correct, with the hardirq use */

extern int kfix_line_schedule_under_lock;
void kfix_schedule_under_lock(void);
void kfix_schedule_timeout_under_lock(void);
extern int kfix_line_might_sleep_under_lock;
void kfix_might_sleep_under_lock(void);
extern int kfix_line_might_sleep_irqs_off;
void kfix_might_sleep_irqs_off(void);
void kfix_copy_from_user_under_lock(void);
void kfix_wait_for_completion_under_lock(void);

extern int kfix_line_return_holding_lock;
void kfix_return_holding_lock(void);
void kfix_return_preempt_disabled(void);
void kfix_return_irqs_disabled(void);

extern int kfix_line_irq_enable_in_hardirq;
void kfix_irq_enable_in_hardirq(void);
extern int kfix_line_hardirq_exit_holding_lock;
void kfix_hardirq_exit_holding_lock(void);
void kfix_busy_wait_in_hardirq(void);

void kfix_read_nested(void);		/* correct */
extern int kfix_line_write_while_reading;
void kfix_write_while_reading(void);
extern int kfix_line_read_while_writing;
void kfix_read_while_writing(void);

extern int kfix_line_bug_on, kfix_line_warn_on;
void kfix_bug_on(void);
void kfix_warn_on(void);
/* per_cpu() and cpu_set() of CPU NR_CPUS: the machine reports either. */
extern int kfix_line_percpu_past_end, kfix_line_cpumask_past_end;
void kfix_percpu_past_end(void);
void kfix_cpumask_past_end(void);

#define KFIX_TOO_MANY_HELD	49	/* one over the machine's 48 */
#define KFIX_TOO_MANY_CLASSES	513	/* one over the machine's 512 */
void kfix_hold_too_many_locks(void);
void kfix_make_too_many_classes(void);

void kfix_clean_locking(void);		/* everything done right */

/* Outside: take kfix_lock_a on the executing CPU, outside any event. */
extern int kfix_line_lock_outside_events;
void kfix_lock_outside_events(void);

/* ---- state changed behind the driver's back (task context) --------------- */

/* Each returns 0, or -1 if @pid is not a live task. */
int kfix_sleep_behind_drivers_back(int pid);	/* queued -> S, queued */
int kfix_wake_behind_drivers_back(int pid);	/* S -> R, not enqueued */
int kfix_unint_behind_drivers_back(int pid);	/* S -> D, not counted */
int kfix_iowait_behind_drivers_back(int pid);	/* in_iowait, uncounted */
int kfix_move_behind_drivers_back(int pid, int cpu); /* task_cpu() */
int kfix_make_fifo_behind_drivers_back(int pid, int rt_priority);
void kfix_leave_allowed_cpus(void);		/* current, no resched */
int kfix_set_own_cpus_allowed_all(void);	/* set_cpus_allowed() */
/* -1 too if the booted driver is not tiny. */
int kfix_corrupt_tiny_level(int pid);

/* Outside: make the booted driver report wrong numbers. */
enum kfix_lie {
	KFIX_LIE_NR_RUNNING,		/* nr_running() one too many */
	KFIX_LIE_NR_SWITCHES,	/* nr_context_switches() one too many */
	KFIX_LIE_CHECK,			/* its own check fails */
};
#define KFIX_LIE_REASON		"the liar's check says no"
void kfix_install_liar(int lie);

/* The invariants swept after every event, not only what each touched. */
void kfix_sweep_every_event(void);

/* ---- the dispatcher spy -------------------------------------------------- */

/* One per hook of struct sched_drv, in its order. */
enum kfix_hook {
	KFIX_HOOK_account_steal_time,
	KFIX_HOOK_account_system_time,
	KFIX_HOOK_account_user_time,
	KFIX_HOOK_rt_task,
	KFIX_HOOK_wait_for_completion,
	KFIX_HOOK_io_schedule,
	KFIX_HOOK_io_schedule_timeout,
	KFIX_HOOK_set_oom_timeslice,
	KFIX_HOOK_nr_running,
	KFIX_HOOK_nr_uninterruptible,
	KFIX_HOOK_nr_context_switches,
	KFIX_HOOK_nr_iowait,
	KFIX_HOOK_idle_cpu,
	KFIX_HOOK_init_idle,
	KFIX_HOOK_exit,
	KFIX_HOOK_fork,
	KFIX_HOOK_init,
	KFIX_HOOK_init_smp,
	KFIX_HOOK_schedule,
	KFIX_HOOK_tick,
	KFIX_HOOK_tail,
	KFIX_HOOK_setscheduler,
	KFIX_HOOK_set_user_nice,
	KFIX_HOOK_rr_get_interval,
	KFIX_HOOK_yield,
	KFIX_HOOK_task_curr,
	KFIX_HOOK_task_nice,
	KFIX_HOOK_task_prio,
	KFIX_HOOK_try_to_wake_up,
	KFIX_HOOK_wake_up_new_task,
	KFIX_HOOK_migration_init,	/* CONFIG_SMP */
	KFIX_HOOK_exec,			/* CONFIG_SMP */
	KFIX_HOOK_set_cpus_allowed,	/* CONFIG_SMP */
	KFIX_HOOK_wait_task_inactive,	/* CONFIG_SMP */
	KFIX_HOOK_cpu_attach_domain,	/* CONFIG_SMP */
	KFIX_HOOK_sched_idle_next,
	KFIX_HOOK_show_schedstat,	/* CONFIG_SCHEDSTATS */
	KFIX_HOOK_for_each_queued,
	KFIX_HOOK_check,		/* optional */
	KFIX_HOOK_normal_prio,
	KFIX_HOOK_pi_setprio,
	KFIX_NR_HOOKS
};

/*
 * Outside, before boot: wrap every hook of the default driver in place
 * with one that counts its calls and forwards to the original, so that
 * hooks used while booting are counted too.  Detach after shutdown.
 */
void kfix_spy_attach(void);		/* the default driver */
void kfix_spy_attach_driver(int i);	/* driver i of sim_driver_name() */
void kfix_spy_detach(void);
/*
 * 1 if the spied driver's sched_init() found init_task as the machine
 * saved it before any driver's init (base_init_task), at its last call.
 */
int kfix_spy_init_from_boot_task(void);
unsigned long kfix_spy_calls(int hook);
const char *kfix_spy_hook_name(int hook);
int kfix_spy_hook_present(int hook);	/* built and filled by the driver */

/*
 * Task context: call the public wrapper of a hook that no harness entry
 * point reaches (rt_task, idle_cpu, task_curr, set_oom_timeslice,
 * sched_exec, wait_task_inactive on @pid, cpu_attach_domain,
 * account_steal_time).  Returns its result, or -1 for
 * any other hook.
 */
long kfix_call_wrapper(int hook, int pid);

/*
 * Outside: account_steal_time() of @ticks jiffies to @pid's task (0:
 * @cpu's idle task), on @cpu with interrupts off, as @cpu's timer
 * interrupt charges time a hypervisor took.  0, or -1 (no such task or
 * CPU).
 */
int kfix_steal(int cpu, int pid, unsigned long ticks);

/*
 * Outside: 1 if task @pid has exited and its task_struct is freed (its
 * last reference dropped: finish_task_switch() drops the one of the
 * exit once the task is off its CPU), 0 if not yet, -1 if the machine
 * never had such a task.
 */
int kfix_task_released(int pid);

/* Task context: io_schedule() in TASK_UNINTERRUPTIBLE until woken. */
void kfix_io_schedule(void);

/*
 * Task context: read() of a seq_file whose ->show() prints "x\n" and
 * returns @show_ret, into a kernel buffer; what seq_read() returned.
 */
long kfix_seq_read(int show_ret);

/* ---- libsched's shared helpers, called directly ------------------------ */

/*
 * Task context: spin in the kernel (cpu_relax()) for @ns; the ticks
 * meanwhile are system time.
 */
void kfix_kernel_spin(unsigned long long ns);

/*
 * Task context: account_system_time(current, HARDIRQ_OFFSET, 1), the
 * tick's call, as if the tick had interrupted a hardirq (@in_hardirq)
 * or a softirq (@in_softirq) of current.
 */
void kfix_account_tick_in(int in_hardirq, int in_softirq);

/* What one accounting call added: to cpustat, to the task's stime. */
struct kfix_acct {
	unsigned long long steal, idle, iowait, system;
	unsigned long stime;
};

/*
 * Task context: account_steal_time() of @steal jiffies on this CPU,
 * charged to current or, if @on_idle, to the CPU's idle task; what it
 * added into *@d.
 */
void kfix_account_steal(int on_idle, unsigned long steal,
			struct kfix_acct *d);

/*
 * Outside: the __setup() handler of boot option @opt ("cpusched=") on
 * @arg, as the boot command line calls it: its result, or -1 if no
 * handler has that name.  Only for options safe to repeat on a running
 * machine (cpusched= with the running or an unknown driver).
 */
int kfix_boot_option(const char *opt, const char *arg);

/*
 * Outside: sched_tunable_store() of @text into a tunable of range
 * [@min, @max] whose variable is *@value: its result.
 */
int kfix_tunable_store(const char *text, int min, int max, int *value);

/*
 * Task context: set current TASK_UNINTERRUPTIBLE, wake @pid (which the
 * driver may let preempt current there), then TASK_RUNNING again:
 * current must be back whatever happened in between.  Returns the
 * wake-up's result.
 */
int kfix_wake_in_sleeping_state(int pid);

/* Task context: stop current (TASK_STOPPED) until someone wakes it. */
void kfix_stop_self(void);

/*
 * Task context: __wake_up_sync() on harness wait queue @idx with
 * @nr_exclusive, and __wake_up_locked() (which wakes one exclusive
 * waiter) on it under its lock.
 */
void kfix_wq_wake_sync(int idx, int nr_exclusive);
void kfix_wq_wake_locked(int idx);

/*
 * Outside: init_sched_build_groups() on groups 0..NR_CPUS-1 over the
 * CPUs of @span (bit c: CPU c, c < 64), CPU c in group @group_of[c].
 * Each group's cpu_power and cpumask are set to garbage first.  Follows
 * ->next from the first group touched until it comes back to it (at most
 * @max steps): each group visited into @order, its ->cpumask (CPUs 0..63)
 * into @masks and its ->cpu_power into @powers.  Returns the number of
 * groups in the cycle, or -1 if it did not come back.
 */
int kfix_build_groups(const int *group_of, unsigned long long span,
		      int *order, unsigned long long *masks,
		      unsigned long *powers, int max);

/* Outside: how many kmalloc()ed blocks the machine holds. */
unsigned long kfix_nr_allocs(void);

/* ---- kernel threads and boot parameters ------------------------------ */

/*
 * Task context: one kernel thread, made with kthread_create(); its
 * function records the CPU it runs on, sleeps a tick at a time until
 * kthread_should_stop(), then returns KFIX_KTHREAD_RET.
 */
#define KFIX_KTHREAD_RET	42
int kfix_kthread_create(void);		/* its pid */
void kfix_kthread_bind(int cpu);
void kfix_kthread_wake(void);
int kfix_kthread_stop(void);		/* kthread_stop()'s result */
int kfix_kthread_ran_on(void);		/* -1 until its function runs */
int kfix_kthread_loops(void);

/*
 * Outside: while on, a CPU notifier asked after the scheduler's refuses
 * every CPU_UP_PREPARE (cpu_up() fails with -EINVAL); and the live tasks
 * on @cpu, its idle task apart.
 */
void kfix_refuse_cpu_up(int on);
int kfix_live_tasks_on(int cpu);

/* Outside: in_sched_functions() of schedule() or of a fixture, or'd. */
int kfix_in_sched_functions(void);

/* Outside: the reference count of @pid's task_struct; -1: no such task. */
int kfix_task_usage(int pid);

/* Outside: is @cpu in cpu_isolated_map ("isolcpus=")? */
int kfix_cpu_isolated(int cpu);

/* Outside: the topology as the kernel sees it (CPUs 0..63 only). */
unsigned long long kfix_cpu_siblings(int cpu);	/* cpu_sibling_map */
int kfix_cpu_node(int cpu);			/* cpu_to_node() */

/* ---- what the booted driver promises (outside) --------------------------- */

/*
 * The numbers struct sched_drv declares for the conformance suite:
 * starvation_bound(@nr_running) in jiffies; the pick work so far, or
 * KFIX_NO_PICK_WORK when the driver does not count it; its o1 flag.
 */
#define KFIX_NO_PICK_WORK	(~0ULL)
unsigned long kfix_starvation_bound(unsigned long nr_running);
unsigned long long kfix_pick_work(void);
int kfix_driver_o1(void);
/*
 * The first mandatory hook of built driver @i left NULL (NULL: none),
 * and of a copy of the default driver's table with one hook dropped:
 * what the machine refuses to boot (sim_check_drivers()).
 */
const char *kfix_driver_missing_hook(int i);
enum { KFIX_DROP_SCHEDULE, KFIX_DROP_PI_SETPRIO, KFIX_DROP_CHECK_CPU };
const char *kfix_default_driver_missing_hook_without(int hook);

/*
 * The pids the booted driver has queued on @cpu, in its for_each_queued
 * order: how many, at most @max written to @pids; -1 for no such CPU.
 */
int kfix_queued(int cpu, int *pids, int max);

/* ---- the race detector's control (kfix_race.c; task context) ------------ */

/*
 * Add 1 (a) or 2 (b) to one counter, under its spinlock if @locked.
 * kfix_line_race_a and _b: the lines of the two updates.
 */
extern int kfix_line_race_a, kfix_line_race_b;
void kfix_race_a(int locked);
void kfix_race_b(int locked);
unsigned long kfix_race_count(void);	/* outside */

#ifdef __cplusplus
}
#endif

#endif /* _PLUGSCHED_KFIXTURES_H */
