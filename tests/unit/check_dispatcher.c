/*
 * tests/unit/check_dispatcher.c - libsched's dispatcher: every public
 * wrapper reaches the driver, "cpusched=" picks the driver at boot, and
 * /proc/schedstat has the 2.6.10 shape.
 *
 * The spy (kfixtures.c) wraps every hook of the default driver's table in
 * place, before boot, with one that counts its calls and forwards to the
 * original.  Each row of the entry table drives one public entry point
 * through the harness (a sleep, a tick, a syscall, a spawn...) and checks
 * that the counter of every hook it must reach went up.  Hooks that no
 * harness entry reaches (rt_task, idle_cpu, sched_exec, cpu_attach_domain,
 * ...) are driven by a fixture that calls the public wrapper itself; the
 * boot-only hooks (init, init_smp, init_idle, migration_init) are counted
 * during boot.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"
#include "kfixtures.h"

/* cpu1's idle task goes through init_idle() at boot. */
#define SPY_CPUS		2
#define SCHEDSTAT_VERSION	10
#define SCHEDSTAT_CPU_FIELDS	28	/* numbers after "cpuN" */
#define COMPLETION_IDX		3

/* ---- driving the public entry points ------------------------------------- */

static int sleeper(void)
{
	return t_spawn_script("script", SIM_SCHED_NORMAL, 0, 0);
}

/* Map @len bytes in the workload address space, holding @data. */
static unsigned long user_copy_of(int pid, const void *data, unsigned long len)
{
	unsigned long uaddr = sim_user_map(pid, len);

	ck_assert(uaddr != 0);
	ck_assert_int_eq(sim_user_write(pid, uaddr, data, len), 0);
	return uaddr;
}

/* Run in 1 ms steps until @cond(@arg) holds; at most 1 s. */
static void run_until(int (*cond)(int), int arg, const char *what)
{
	int ms;

	for (ms = 0; ms < 1000 && !cond(arg); ms++)
		t_run(MS(1));
	ck_assert_msg(cond(arg), "%s did not happen within 1 s", what);
}

static int is_sleeping_unint(int pid)
{
	return t_info(pid).state == 'D';
}

static int has_exited(int pid)
{
	return t_info(pid).state == 'Z';
}

/* Nothing to do: boot already did it (the spy was attached before). */
static void drive_boot(void)
{
}

static void drive_spawn(void)
{
	sleeper();
}

static void drive_sleep(void)
{
	t_cmd(sleeper(), SIM_CMD_SLEEP, MS(5), 0, 0, 0);
}

static void drive_outside_wake(void)
{
	ck_assert_int_eq(sim_wake(sleeper()), 0);
}

/* A hog for 10 ms on cpu0 or cpu1; the other CPU ticks idle. */
static void drive_running(void)
{
	t_spawn("hog", SIM_SCHED_NORMAL, 0, 0, t_body_hog, NULL);
	t_run(MS(10));
}

static void drive_exit(void)
{
	int pid = sleeper();

	t_cmd(pid, SIM_CMD_EXIT, 0, 0, 0, 0);
	ck_assert_int_eq(t_info(pid).state, 'Z');
}

static void drive_nice(void)
{
	ck_assert_int_eq(t_syscall(sleeper(), SIM_SYS_nice, 5, 0, 0), 0);
}

static void drive_setscheduler(void)
{
	int pid = sleeper(), prio = 10;
	unsigned long param = user_copy_of(pid, &prio, sizeof(prio));

	ck_assert_int_eq(t_syscall(pid, SIM_SYS_sched_setscheduler, 0,
				   SIM_SCHED_RR, param), 0);
}

static void drive_rr_get_interval(void)
{
	long ts[2] = { -1, -1 };
	int pid = sleeper();
	unsigned long uts = user_copy_of(pid, ts, sizeof(ts));

	ck_assert_int_eq(t_syscall(pid, SIM_SYS_sched_rr_get_interval, 0,
				   uts, 0), 0);
}

static void drive_yield(void)
{
	ck_assert_int_eq(t_syscall(sleeper(), SIM_SYS_sched_yield, 0, 0, 0),
			 0);
}

static void drive_setaffinity(void)
{
	unsigned long cpu0 = 1;
	int pid = sleeper();
	unsigned long mask = user_copy_of(pid, &cpu0, sizeof(cpu0));

	ck_assert_int_eq(t_syscall(pid, SIM_SYS_sched_setaffinity, 0,
				   sizeof(cpu0), mask), 0);
}

static void drive_task_info(void)
{
	t_info(sleeper());
}

static void drive_sim_check(void)
{
	sleeper();
	ck_assert_int_eq(sim_check(), 0);
}

static void drive_io_wait(void)
{
	t_cmd(sleeper(), SIM_CMD_IO_WAIT, 2, 0, 0, 0);
}

static void body_io_schedule(void *unused)
{
	kfix_io_schedule();
}

static void drive_io_schedule(void)
{
	int pid = t_spawn("io", SIM_SCHED_NORMAL, 0, 0, body_io_schedule,
			  NULL);

	run_until(is_sleeping_unint, pid, "io_schedule()");
	ck_assert_int_eq(sim_wake(pid), 0);
	run_until(has_exited, pid, "the exit after io_schedule()");
}

static void drive_completion(void)
{
	int waiter = sleeper(), completer = sleeper();

	ck_assert_int_eq(sim_cmd(waiter, SIM_CMD_COMPLETION_WAIT,
				 COMPLETION_IDX, 0, 0, 0), 0);
	t_cmd(completer, SIM_CMD_COMPLETE, COMPLETION_IDX, 0, 0, 0);
	ck_assert_int_eq(sim_cmd_wait(waiter, SEC(1)), 0);
}

static void drive_schedstat(void)
{
	ck_assert(sim_schedstat() != NULL);
}

struct wrapper_call {
	int hook;
	int target;
	int calling;		/* the call has begun */
	int returned;
	long result;
};

static struct wrapper_call the_call;

static void body_call_wrapper(void *arg)
{
	struct wrapper_call *c = arg;

	sim_burn(MS(1));
	c->calling = 1;
	c->result = kfix_call_wrapper(c->hook, c->target);
	c->returned = 1;
	sim_burn(MS(1));
}

static int call_begun(int unused)
{
	return the_call.calling;
}

/* A task calls the public wrapper of @hook on a sleeping script task. */
static void call_wrapper(int hook)
{
	struct wrapper_call *c = &the_call;

	memset(c, 0, sizeof(*c));
	c->hook = hook;
	c->target = sleeper();
	t_spawn("caller", SIM_SCHED_NORMAL, 0, 0, body_call_wrapper, c);
	run_until(call_begun, 0, "the wrapper call");
	t_run(MS(1));
	ck_assert_msg(!c->returned || c->result != -1,
		      "no public wrapper for %s", kfix_spy_hook_name(hook));
}

#define DRIVE_WRAPPER(hook)						\
	static void drive_wrapper_##hook(void)				\
	{								\
		call_wrapper(KFIX_HOOK_##hook);				\
	}

DRIVE_WRAPPER(rt_task)
DRIVE_WRAPPER(idle_cpu)
DRIVE_WRAPPER(task_curr)
DRIVE_WRAPPER(set_oom_timeslice)
DRIVE_WRAPPER(account_steal_time)
DRIVE_WRAPPER(exec)
DRIVE_WRAPPER(wait_task_inactive)
DRIVE_WRAPPER(cpu_attach_domain)

/*
 * A SCHED_FIFO task blocking on an rt_mutex a normal task holds: the
 * holder is boosted (pi_setprio) from what the PI rules compute with
 * its normal priority (normal_prio).
 */
static void drive_pi_boost(void)
{
	int holder = t_spawn_script("holder", SIM_SCHED_NORMAL, 0, 0);
	int waiter = t_spawn_script("waiter", SIM_SCHED_FIFO, 10, 0);

	t_cmd(holder, SIM_CMD_MUTEX_LOCK, 0, 0, 0, 0);
	ck_assert_int_eq(sim_cmd(waiter, SIM_CMD_MUTEX_LOCK, 0, 0, 0, 0), 0);
	t_run(MS(1));
	ck_assert_int_eq(t_info(holder).prio, 99 - 10);
	t_cmd(holder, SIM_CMD_MUTEX_UNLOCK, 0, 0, 0, 0);
	ck_assert_int_eq(sim_cmd_wait(waiter, SEC(1)), 0);
}

/*
 * sched_idle_next() belongs to a CPU on its way down (2.6.10 drivers
 * BUG() when it is still online): reach it by taking the last CPU down.
 */
static void drive_cpu_offline(void)
{
	ck_assert_int_eq(sim_cpu_offline(SPY_CPUS - 1), 0);
}

/* ---- the hook table ------------------------------------------------------ */

#define MAX_HOOKS_PER_ENTRY	6

/* An entry point and the hooks it must reach (list ends at 0 after [0]). */
struct entry_case {
	const char *entry;
	void (*drive)(void);
	int hooks[MAX_HOOKS_PER_ENTRY];
};

#define HOOK(h)		KFIX_HOOK_##h

/*
 * Every hook of struct sched_drv is in at least one row.  Hook 0
 * (account_steal_time) only ever comes first, so 0 ends a list.
 * The CPU going offline comes last: it leaves one CPU fewer.
 */
static const struct entry_case entry_cases[] = {
	{ "boot", drive_boot,
	  { HOOK(init), HOOK(init_smp), HOOK(init_idle),
	    HOOK(migration_init) } },
	{ "sim_spawn()", drive_spawn,
	  { HOOK(fork), HOOK(wake_up_new_task), HOOK(tail),
	    HOOK(setscheduler), HOOK(set_user_nice) } },
	{ "a sleep", drive_sleep, { HOOK(schedule) } },
	{ "sim_wake()", drive_outside_wake, { HOOK(try_to_wake_up) } },
	{ "10 ms of running", drive_running,
	  { HOOK(tick), HOOK(account_user_time),
	    HOOK(account_system_time) } },
	{ "exit", drive_exit, { HOOK(exit) } },
	{ "nice()", drive_nice, { HOOK(set_user_nice) } },
	{ "sched_setscheduler()", drive_setscheduler,
	  { HOOK(setscheduler) } },
	{ "sched_rr_get_interval()", drive_rr_get_interval,
	  { HOOK(rr_get_interval) } },
	{ "sched_yield()", drive_yield, { HOOK(yield) } },
	{ "sched_setaffinity()", drive_setaffinity,
	  { HOOK(set_cpus_allowed) } },
	{ "sim_task_info()", drive_task_info,
	  { HOOK(task_nice), HOOK(task_prio) } },
	{ "sim_check()", drive_sim_check,
	  { HOOK(nr_running), HOOK(nr_uninterruptible),
	    HOOK(nr_context_switches), HOOK(nr_iowait),
	    HOOK(for_each_queued), HOOK(check) } },
	{ "SIM_CMD_IO_WAIT", drive_io_wait, { HOOK(io_schedule_timeout) } },
	{ "io_schedule()", drive_io_schedule, { HOOK(io_schedule) } },
	{ "SIM_CMD_COMPLETION_WAIT", drive_completion,
	  { HOOK(wait_for_completion) } },
	{ "sim_schedstat()", drive_schedstat, { HOOK(show_schedstat) } },
	{ "rt_task()", drive_wrapper_rt_task, { HOOK(rt_task) } },
	{ "idle_cpu()", drive_wrapper_idle_cpu, { HOOK(idle_cpu) } },
	{ "task_curr()", drive_wrapper_task_curr, { HOOK(task_curr) } },
	{ "set_oom_timeslice()", drive_wrapper_set_oom_timeslice,
	  { HOOK(set_oom_timeslice) } },
	{ "account_steal_time()", drive_wrapper_account_steal_time,
	  { HOOK(account_steal_time) } },
	{ "sched_exec()", drive_wrapper_exec, { HOOK(exec) } },
	{ "wait_task_inactive()", drive_wrapper_wait_task_inactive,
	  { HOOK(wait_task_inactive) } },
	{ "cpu_attach_domain()", drive_wrapper_cpu_attach_domain,
	  { HOOK(cpu_attach_domain) } },
	{ "rt_mutex boost", drive_pi_boost,
	  { HOOK(normal_prio), HOOK(pi_setprio) } },
	{ "sim_cpu_offline()", drive_cpu_offline,
	  { HOOK(sched_idle_next) } },
};

#define NR_ENTRY_CASES \
	((int)(sizeof(entry_cases) / sizeof(entry_cases[0])))

static void setup_spy(void)
{
	kfix_spy_attach();
	t_boot(SPY_CPUS, "");	/* no cpusched=: the default */
}

static void teardown_spy(void)
{
	t_shutdown();
	kfix_spy_detach();
}

/* Each hook of the row's list is called when its entry point is used. */
START_TEST(dispatcher_entry_point_reaches_driver_hooks)
{
	const struct entry_case *c = &entry_cases[_i];
	unsigned long before[MAX_HOOKS_PER_ENTRY];
	int i, hook;

	for (i = 0; i < MAX_HOOKS_PER_ENTRY; i++)
		before[i] = c->drive == drive_boot ? 0 :
			kfix_spy_calls(c->hooks[i]);
	c->drive();
	for (i = 0; i < MAX_HOOKS_PER_ENTRY; i++) {
		hook = c->hooks[i];
		if (i && !hook)
			break;
		if (!kfix_spy_hook_present(hook))
			continue;	/* not built, or optional and unset */
		ck_assert_msg(kfix_spy_calls(hook) > before[i],
			      "%s did not reach the driver's %s (%lu calls)",
			      c->entry, kfix_spy_hook_name(hook),
			      kfix_spy_calls(hook));
	}
}
END_TEST

/* Drive every entry point; no present hook may be left uncalled. */
static void expect_every_hook_reached(void)
{
	char missing[1024] = "";
	int i;

	for (i = 0; i < NR_ENTRY_CASES; i++)
		entry_cases[i].drive();
	for (i = 0; i < KFIX_NR_HOOKS; i++)
		if (kfix_spy_hook_present(i) && !kfix_spy_calls(i)) {
			strcat(missing, " ");
			strcat(missing, kfix_spy_hook_name(i));
		}
	ck_assert_msg(!missing[0], "%s: never reached:%s", sim_cpusched(),
		      missing);
}

/*
 * Every driver of the build fills every hook struct sched_drv makes
 * mandatory: the machine would refuse to boot the build otherwise.
 */
START_TEST(dispatcher_each_driver_fills_its_mandatory_hooks)
{
	const char *hook = kfix_driver_missing_hook(_i);

	ck_assert_msg(hook == NULL, "%s has no %s", sim_driver_name(_i),
		      hook ? hook : "");
}
END_TEST

/*
 * A table without schedule or pi_setprio is caught and the hook named;
 * one without the optional check_cpu is not.
 */
START_TEST(dispatcher_missing_mandatory_hook_is_named)
{
	const char *hook;

	hook = kfix_default_driver_missing_hook_without(KFIX_DROP_SCHEDULE);
	ck_assert_str_eq(hook ? hook : "(none)", "schedule");
	hook = kfix_default_driver_missing_hook_without(KFIX_DROP_PI_SETPRIO);
	ck_assert_str_eq(hook ? hook : "(none)", "pi_setprio");
	hook = kfix_default_driver_missing_hook_without(KFIX_DROP_CHECK_CPU);
	ck_assert_msg(hook == NULL, "check_cpu is optional, not %s", hook);
}
END_TEST

/*
 * All entry points on one machine: afterwards no present hook of struct
 * sched_drv has a zero count.  A new hook without a row fails here.
 */
START_TEST(dispatcher_every_hook_is_reached)
{
	expect_every_hook_reached();
}
END_TEST

/*
 * The same on every driver built, booted with cpusched=: each driver
 * implements every hook it declares, and each is reached from its
 * public entry point.
 */
START_TEST(dispatcher_every_hook_of_each_driver_is_reached)
{
	char cmdline[64];

	snprintf(cmdline, sizeof(cmdline), "cpusched=%s",
		 sim_driver_name(_i));
	kfix_spy_attach_driver(_i);
	t_boot(SPY_CPUS, cmdline);
	ck_assert_str_eq(sim_cpusched(), sim_driver_name(_i));
	expect_every_hook_reached();
}
END_TEST

/* The spy forwards: results through the wrappers are the driver's. */
START_TEST(dispatcher_spy_forwards_results)
{
	int pid = t_spawn("niced", SIM_SCHED_NORMAL, 0, 7, t_body_hog, NULL);
	struct sim_task_info info = t_info(pid);

	ck_assert_int_eq(info.nice, 7);
	ck_assert_int_eq(info.static_prio, 120 + 7);	/* NICE_TO_PRIO */
	ck_assert_str_eq(sim_cpusched(), sim_default_driver());
}
END_TEST

/* ---- cpusched= ----------------------------------------------------------- */

static void teardown_boot(void)
{
	t_shutdown();
}

/* No "cpusched=": the build's default runs, and nothing is logged. */
START_TEST(dispatcher_default_driver_without_cpusched)
{
	t_boot(1, "");
	ck_assert_str_eq(sim_cpusched(), sim_default_driver());
	ck_assert(!sim_log_contains("cpusched:"));
}
END_TEST

START_TEST(dispatcher_cpusched_tiny_selects_tiny)
{
	t_boot(1, "cpusched=tiny");
	ck_assert_str_eq(sim_cpusched(), "tiny");
	ck_assert(sim_log_contains("cpusched: tiny cpu scheduler"));
}
END_TEST

/* Each built driver boots by name and runs a task. */
START_TEST(dispatcher_cpusched_selects_each_built_driver)
{
	char cmdline[64], line[64];
	int i, pid;

	for (i = 0; i < sim_nr_drivers(); i++) {
		snprintf(cmdline, sizeof(cmdline), "cpusched=%s",
			 sim_driver_name(i));
		snprintf(line, sizeof(line), "cpusched: %s cpu scheduler",
			 sim_driver_name(i));
		t_boot(2, cmdline);
		ck_assert_str_eq(sim_cpusched(), sim_driver_name(i));
		ck_assert_msg(sim_log_contains(line), "log lacks \"%s\"",
			      line);
		pid = t_spawn("hog", SIM_SCHED_NORMAL, 0, 0, t_body_hog,
			      NULL);
		t_run(MS(10));
		ck_assert(t_info(pid).runtime_ns > 0);
		t_shutdown();
	}
}
END_TEST

/* An unknown name keeps the default and says so. */
START_TEST(dispatcher_unknown_cpusched_keeps_default)
{
	t_boot(1, "cpusched=nosuch");
	ck_assert_str_eq(sim_cpusched(), sim_default_driver());
	ck_assert(sim_log_contains("unknown cpu scheduler \"nosuch\""));
}
END_TEST

/*
 * The cpusched= handler takes its option, known name or not (a handler
 * that returns 0 leaves it to be passed on to init): called again on
 * the running machine with the running driver's name and with an
 * unknown one, it answers nonzero both times.
 */
START_TEST(dispatcher_cpusched_option_is_taken)
{
	t_boot(1, "cpusched=tiny");
	ck_assert_int_ne(kfix_boot_option("cpusched=", "tiny"), 0);
	ck_assert_int_ne(kfix_boot_option("cpusched=", "nosuch"), 0);
	ck_assert_str_eq(sim_cpusched(), "tiny");
}
END_TEST

/*
 * "cpusched=" naming another driver than the default starts it over from
 * the boot task as it was before the default driver's sched_init(): the
 * chosen driver's init finds init_task equal to the saved copy.
 */
START_TEST(dispatcher_cpusched_starts_from_saved_boot_task)
{
	char cmdline[64];

	snprintf(cmdline, sizeof(cmdline), "cpusched=%s",
		 sim_driver_name(_i));
	kfix_spy_attach_driver(_i);
	t_boot(1, cmdline);
	ck_assert_str_eq(sim_cpusched(), sim_driver_name(_i));
	ck_assert(kfix_spy_init_from_boot_task());
}
END_TEST

/* No function counts as a scheduler function on the host (wchan). */
START_TEST(dispatcher_no_sched_functions)
{
	t_boot(1, "cpusched=tiny");
	ck_assert_int_eq(kfix_in_sched_functions(), 0);
}
END_TEST

START_TEST(dispatcher_driver_list_has_default_first)
{
	int n = sim_nr_drivers(), i, j;

	ck_assert_int_ge(n, 1);
	ck_assert_str_eq(sim_driver_name(0), sim_default_driver());
	ck_assert_ptr_eq(sim_driver_name(n), NULL);
	ck_assert_ptr_eq(sim_driver_name(-1), NULL);
	for (i = 0; i < n; i++) {
		ck_assert(sim_driver_name(i)[0] != '\0');
		for (j = 0; j < i; j++)
			ck_assert_str_ne(sim_driver_name(i),
					 sim_driver_name(j));
	}
}
END_TEST

/* ---- io_schedule() and preemption ---------------------------------------- */

static void body_io_schedule_then_live(void *unused)
{
	kfix_io_schedule();
	sim_sleep(MS(50));
}

/*
 * A task woken from io_schedule() is no I/O waiter any more: it lives
 * on, sleeping, and nr_iowait() (0) and the machine's count of tasks
 * marked in_iowait agree (its invariant checks them after every event).
 */
START_TEST(dispatcher_io_schedule_ends_the_io_wait)
{
	int pid;

	t_boot(1, "cpusched=tiny");
	pid = t_spawn("io", SIM_SCHED_NORMAL, 0, 0,
		      body_io_schedule_then_live, NULL);
	run_until(is_sleeping_unint, pid, "io_schedule()");
	ck_assert_int_eq(sim_wake(pid), 0);
	t_run(MS(5));
	ck_assert_int_eq(t_info(pid).state, 'S');
}
END_TEST

static int waker_done;

static void body_wake_in_sleeping_state(void *pid)
{
	waker_done = kfix_wake_in_sleeping_state((int)(long)pid) + 1;
}

/*
 * Preemption does not put a task to sleep, whatever its state: a task
 * that is TASK_UNINTERRUPTIBLE while it wakes a better one (FIFO 50
 * over its FIFO 10) is preempted right there, stays queued
 * (PREEMPT_ACTIVE), and runs on to set itself TASK_RUNNING and exit.
 */
START_TEST(dispatcher_preempted_task_is_not_put_to_sleep)
{
	int better, waker;

	t_boot(1, "cpusched=tiny");
	better = t_spawn_script("better", SIM_SCHED_FIFO, 50, 0);
	t_run(MS(1));
	waker_done = 0;
	waker = t_spawn("waker", SIM_SCHED_FIFO, 10, 0,
			body_wake_in_sleeping_state, (void *)(long)better);
	t_run(MS(5));
	ck_assert_int_eq(waker_done, 2);	/* the wake-up succeeded */
	ck_assert_int_eq(t_info(waker).state, 'Z');
	ck_assert_uint_eq(t_info(waker).nivcsw, 1);
}
END_TEST

/* ---- time accounting: sched_account_*() ---------------------------------- */

static void boot_driver(int i)
{
	char cmdline[64];

	snprintf(cmdline, sizeof(cmdline), "cpusched=%s", sim_driver_name(i));
	t_boot(1, cmdline);
}

static struct sim_cpu_info cpu0(void)
{
	struct sim_cpu_info c;

	ck_assert_int_eq(sim_cpu_info(0, &c), 0);
	return c;
}

#define ACCT_BURN_MS	5

/*
 * User time is "user" up to nice 0 and "nice" from nice 1 on: a nice 0
 * task burning 5 ms adds its utime (4 or 5 ticks) to user, a nice 1 task
 * to nice.  (The machine also checks every tick's share.)
 */
START_TEST(accounting_user_time_of_positive_nice_is_nice)
{
	struct sim_cpu_info a, b;
	int nice0, nice1;

	boot_driver(_i);
	nice0 = t_spawn_script("nice0", SIM_SCHED_NORMAL, 0, 0);
	nice1 = t_spawn_script("nice1", SIM_SCHED_NORMAL, 0, 1);
	a = cpu0();
	t_cmd(nice0, SIM_CMD_BURN, MS(ACCT_BURN_MS), 0, 0, 0);
	b = cpu0();
	ck_assert_uint_ge(b.user - a.user, ACCT_BURN_MS - 1);
	ck_assert_uint_eq(b.user - a.user, t_info(nice0).utime);
	ck_assert_uint_eq(b.nice - a.nice, 0);
	t_cmd(nice1, SIM_CMD_BURN, MS(ACCT_BURN_MS), 0, 0, 0);
	a = cpu0();
	ck_assert_uint_ge(a.nice - b.nice, ACCT_BURN_MS - 1);
	ck_assert_uint_eq(a.nice - b.nice, t_info(nice1).utime);
	ck_assert_uint_eq(a.user - b.user, 0);
}
END_TEST

static void body_kernel_spin(void *unused)
{
	kfix_kernel_spin(MS(ACCT_BURN_MS));
}

/*
 * A task spinning in the kernel for 5 ms is charged system time: its
 * stime and cpustat system grow by its 4 or 5 ticks.
 */
START_TEST(accounting_kernel_time_is_system)
{
	struct sim_cpu_info a, b;
	int pid;

	boot_driver(_i);
	a = cpu0();
	pid = t_spawn("spin", SIM_SCHED_NORMAL, 0, 0, body_kernel_spin, NULL);
	run_until(has_exited, pid, "the spin");
	b = cpu0();
	ck_assert_uint_ge(t_info(pid).stime, ACCT_BURN_MS - 1);
	ck_assert_uint_eq(b.system - a.system, t_info(pid).stime);
	ck_assert_uint_eq(b.user - a.user, 0);
}
END_TEST

static void body_tick_in(void *unused)
{
	kfix_account_tick_in(0, 0);
	kfix_account_tick_in(1, 0);
	kfix_account_tick_in(0, 1);
	kfix_account_tick_in(1, 1);
}

/*
 * account_system_time() of a tick (its own hardirq discounted) charges
 * the task one jiffy of stime each time, and the CPU: system in task
 * context, irq when the tick came in a hardirq (also over a softirq),
 * softirq when it came in a softirq.
 */
START_TEST(accounting_system_time_split_by_context)
{
	struct sim_cpu_info a, b;
	int pid;

	boot_driver(_i);
	a = cpu0();
	pid = t_spawn("ticked", SIM_SCHED_NORMAL, 0, 0, body_tick_in, NULL);
	run_until(has_exited, pid, "the fixture");
	b = cpu0();
	ck_assert_uint_eq(t_info(pid).stime, 4);
	ck_assert_uint_eq(b.system - a.system, 1);
	ck_assert_uint_eq(b.irq - a.irq, 2);
	ck_assert_uint_eq(b.softirq - a.softirq, 1);
}
END_TEST

#define IO_JIFFIES	10

/*
 * An idle CPU's ticks are idle time, or iowait while a task of this CPU
 * sleeps in io_schedule(): 10 jiffies of I/O wait are 10 of iowait (the
 * first tick may fall just before), none of them idle.
 */
START_TEST(accounting_idle_time_is_idle_or_iowait)
{
	struct sim_cpu_info a, b;
	int pid;

	boot_driver(_i);
	pid = t_spawn_script("io", SIM_SCHED_NORMAL, 0, 0);
	a = cpu0();
	t_run(MS(5));
	b = cpu0();
	ck_assert_uint_eq(b.idle - a.idle, 5);
	ck_assert_uint_eq(b.iowait - a.iowait, 0);
	t_cmd(pid, SIM_CMD_IO_WAIT, IO_JIFFIES, 0, 0, 0);
	a = cpu0();
	ck_assert_uint_ge(a.iowait - b.iowait, IO_JIFFIES - 1);
	ck_assert_uint_le(a.iowait - b.iowait, IO_JIFFIES);
	ck_assert_uint_le(a.idle - b.idle, 1);
}
END_TEST

static struct kfix_acct steal_from_task, steal_from_idle;

static void body_steal(void *unused)
{
	kfix_account_steal(0, 3, &steal_from_task);
	kfix_account_steal(1, 3, &steal_from_idle);
}

/*
 * Stolen time (account_steal_time()), 3 jiffies: taken from a task it
 * is steal time, and not the task's; taken from the idle task, it is
 * idle time and the idle task's stime, or iowait while a task of this
 * CPU waits for I/O.
 */
START_TEST(accounting_steal_time)
{
	int pid, io;

	boot_driver(_i);
	pid = t_spawn("steal", SIM_SCHED_NORMAL, 0, 0, body_steal, NULL);
	run_until(has_exited, pid, "the fixture");
	ck_assert_uint_eq(steal_from_task.steal, 3);
	ck_assert_uint_eq(steal_from_task.stime, 0);
	ck_assert_uint_eq(steal_from_task.idle + steal_from_task.iowait +
			  steal_from_task.system, 0);
	ck_assert_uint_eq(steal_from_idle.idle, 3);
	ck_assert_uint_eq(steal_from_idle.stime, 3);
	ck_assert_uint_eq(steal_from_idle.steal + steal_from_idle.iowait, 0);

	io = t_spawn_script("io", SIM_SCHED_NORMAL, 0, 0);
	ck_assert_int_eq(sim_cmd(io, SIM_CMD_IO_WAIT, 100, 0, 0, 0), 0);
	t_run(MS(2));
	pid = t_spawn("steal", SIM_SCHED_NORMAL, 0, 0, body_steal, NULL);
	run_until(has_exited, pid, "the fixture");
	ck_assert_uint_eq(steal_from_idle.iowait, 3);
	ck_assert_uint_eq(steal_from_idle.stime, 3);
	ck_assert_uint_eq(steal_from_idle.idle + steal_from_idle.steal, 0);
}
END_TEST

/* ---- /proc/schedstat ----------------------------------------------------- */

static char *schedstat_copy(void)
{
	const char *text = sim_schedstat();

	ck_assert_msg(text != NULL, "no /proc/schedstat: %s", sim_error());
	return strdup(text);
}

START_TEST(dispatcher_schedstat_starts_with_version_10)
{
	char *text, first[32];

	t_boot(1, "");
	text = schedstat_copy();
	snprintf(first, sizeof(first), "version %d\n", SCHEDSTAT_VERSION);
	ck_assert_msg(!strncmp(text, first, strlen(first)),
		      "schedstat starts: %.40s", text);
	free(text);
}
END_TEST

/* Second line: "timestamp <jiffies>", the jiffies of the moment read. */
START_TEST(dispatcher_schedstat_timestamp_is_jiffies)
{
	char *text, *line;
	unsigned long stamp;

	t_boot(1, "");
	t_run(MS(25));
	text = schedstat_copy();
	line = strchr(text, '\n');
	ck_assert(line != NULL);
	ck_assert_int_eq(sscanf(line + 1, "timestamp %lu\n", &stamp), 1);
	ck_assert_uint_eq(stamp, sim_jiffies());
	free(text);
}
END_TEST

static const int schedstat_cpus[] = { 1, 2, 4, 32 };

/*
 * One "cpuN" line per online CPU, in order, each with exactly 28
 * numbers; "domainN" lines (drivers with sched domains) may follow each.
 */
START_TEST(dispatcher_schedstat_has_28_numbers_per_online_cpu)
{
	int cpus = schedstat_cpus[_i], seen = 0, fields, cpu;
	char *text, *line, *save, *tok, *save2, *end;

	if (cpus > sim_max_cpus())
		cpus = sim_max_cpus();
	t_boot(cpus, "");
	t_spawn("hog", SIM_SCHED_NORMAL, 0, 0, t_body_hog, NULL);
	t_run(MS(10));
	text = schedstat_copy();
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(line, "version ", 8) ||
		    !strncmp(line, "timestamp ", 10) ||
		    !strncmp(line, "domain", 6))
			continue;
		ck_assert_msg(sscanf(line, "cpu%d", &cpu) == 1,
			      "unexpected line: %s", line);
		ck_assert_int_eq(cpu, seen);
		fields = 0;
		tok = strtok_r(line, " ", &save2);	/* "cpuN" */
		while ((tok = strtok_r(NULL, " ", &save2)) != NULL) {
			strtoul(tok, &end, 10);
			ck_assert_msg(*tok && !*end, "cpu%d: \"%s\" is no "
				      "number", cpu, tok);
			fields++;
		}
		ck_assert_int_eq(fields, SCHEDSTAT_CPU_FIELDS);
		seen++;
	}
	ck_assert_int_eq(seen, cpus);
	free(text);
}
END_TEST


/* Reading /proc/schedstat (open, read, release) leaves no allocation. */
START_TEST(dispatcher_schedstat_read_frees_what_it_takes)
{
	unsigned long before;

	t_boot(2, "");
	t_run(MS(5));
	before = kfix_nr_allocs();
	ck_assert_ptr_nonnull(sim_schedstat());
	ck_assert_uint_eq(kfix_nr_allocs(), before);
}
END_TEST

/* ---- sched-domain groups: init_sched_build_groups() ---------------------- */

/*
 * Groups 2 = {0, 3}, 5 = {1}, 1 = {2}, over the span {0..3}: the list
 * goes round 2 -> 5 -> 1 -> 2 (in the order of each group's first CPU),
 * each group's mask its CPUs of the span, its cpu_power zeroed.
 */
START_TEST(groups_circular_list_of_each_group_once)
{
	static const int group_of[64] = { 2, 5, 1, 2 };
	unsigned long long masks[8];
	unsigned long powers[8];
	int order[8], i;

	t_boot(1, "cpusched=tiny");
	ck_assert_int_eq(kfix_build_groups(group_of, 0xf, order, masks,
					   powers, 8), 3);
	ck_assert_int_eq(order[0], 2);
	ck_assert_int_eq(order[1], 5);
	ck_assert_int_eq(order[2], 1);
	ck_assert_uint_eq(masks[0], 0x9);
	ck_assert_uint_eq(masks[1], 0x2);
	ck_assert_uint_eq(masks[2], 0x4);
	for (i = 0; i < 3; i++)
		ck_assert_uint_eq(powers[i], 0);
}
END_TEST

/* Only the CPUs of the span count: span {1, 2} gives 5 -> 1 -> 5. */
START_TEST(groups_only_cpus_of_the_span)
{
	static const int group_of[64] = { 2, 5, 1, 2 };
	unsigned long long masks[8];
	unsigned long powers[8];
	int order[8];

	t_boot(1, "cpusched=tiny");
	ck_assert_int_eq(kfix_build_groups(group_of, 0x6, order, masks,
					   powers, 8), 2);
	ck_assert_int_eq(order[0], 5);
	ck_assert_int_eq(order[1], 1);
	ck_assert_uint_eq(masks[0], 0x2);
	ck_assert_uint_eq(masks[1], 0x4);
}
END_TEST

/* One group for the whole span points to itself. */
START_TEST(groups_single_group_is_its_own_next)
{
	static const int group_of[64] = { 0 };
	unsigned long long masks[8];
	unsigned long powers[8];
	int order[8];

	t_boot(1, "cpusched=tiny");
	ck_assert_int_eq(kfix_build_groups(group_of, 0xf, order, masks,
					   powers, 8), 1);
	ck_assert_int_eq(order[0], 0);
	ck_assert_uint_eq(masks[0], 0xf);
	ck_assert_uint_eq(powers[0], 0);
}
END_TEST

/* ---- /sys/cpusched/<driver>/ tunables ------------------------------------ */

/*
 * The framework's side of the tunables, on tiny's one control:
 * /sys/cpusched/tiny/timeslice, ms at nice 0, 5..1000, default 100.
 */
#define TINY_SLICE_PATH		"/sys/cpusched/tiny/timeslice"
#define TINY_SLICE_DEFAULT	100
#define TINY_SLICE_MIN		5
#define TINY_SLICE_MAX		1000

static int read_int(const char *path)
{
	char buf[32];
	int n = sim_sysfs_read(path, buf, sizeof(buf));

	ck_assert_msg(n > 0, "read %s: %d %s", path, n, sim_error());
	ck_assert_msg(buf[n - 1] == '\n', "\"%s\" lacks its newline", buf);
	return atoi(buf);
}

/* sched_rr_get_interval() of a nice 0 SCHED_RR script task, in ms. */
static long rr_interval_ms(void)
{
	struct { long tv_sec, tv_nsec; } ts;
	int pid = t_spawn_script("rr", SIM_SCHED_RR, 1, 0);
	unsigned long u = sim_user_map(pid, sizeof(ts));

	ck_assert_int_eq(t_syscall(pid, SIM_SYS_sched_rr_get_interval, 0,
				   (long)u, 0), 0);
	ck_assert_int_eq(sim_user_read(pid, u, &ts, sizeof(ts)), 0);
	return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

START_TEST(dispatcher_tunables_listed_with_limits)
{
	int min, max, def;

	t_boot(1, "cpusched=tiny");
	ck_assert_int_eq(sim_nr_tunables(), 1);
	ck_assert_str_eq(sim_tunable_name(0), "timeslice");
	ck_assert_ptr_nonnull(sim_tunable_desc(0));
	ck_assert_ptr_null(sim_tunable_name(1));
	ck_assert_int_eq(sim_tunable_limits(0, &min, &max, &def), 0);
	ck_assert_int_eq(min, TINY_SLICE_MIN);
	ck_assert_int_eq(max, TINY_SLICE_MAX);
	ck_assert_int_eq(def, TINY_SLICE_DEFAULT);
	ck_assert_int_eq(read_int(TINY_SLICE_PATH), TINY_SLICE_DEFAULT);
}
END_TEST

/* A write takes effect at once: the next slice asked for is the new one. */
START_TEST(dispatcher_tunable_write_takes_effect)
{
	t_boot(1, "cpusched=tiny");
	ck_assert_int_eq(rr_interval_ms(), TINY_SLICE_DEFAULT);
	ck_assert_int_eq(sim_sysfs_write(TINY_SLICE_PATH, "40\n"), 0);
	ck_assert_int_eq(read_int(TINY_SLICE_PATH), 40);
	ck_assert_int_eq(rr_interval_ms(), 40);
}
END_TEST

/* The limits themselves are accepted. */
START_TEST(dispatcher_tunable_limits_accepted)
{
	t_boot(1, "cpusched=tiny");
	ck_assert_int_eq(sim_sysfs_write(TINY_SLICE_PATH, "5"), 0);
	ck_assert_int_eq(read_int(TINY_SLICE_PATH), TINY_SLICE_MIN);
	ck_assert_int_eq(sim_sysfs_write(TINY_SLICE_PATH, "1000"), 0);
	ck_assert_int_eq(read_int(TINY_SLICE_PATH), TINY_SLICE_MAX);
}
END_TEST

/* Out of range or malformed: -EINVAL, and the value stays. */
static const char *const bad_values[] = {
	"4", "1001", "-5", "", "abc", "12x", " 50", "50 ", "50\n\n",
	"+50", "99999999999999999999", "0x20",
};

START_TEST(dispatcher_tunable_bad_write_changes_nothing)
{
	const char *bad = bad_values[_i];

	t_boot(1, "cpusched=tiny");
	ck_assert_int_eq(sim_sysfs_write(TINY_SLICE_PATH, "70"), 0);
	ck_assert_msg(sim_sysfs_write(TINY_SLICE_PATH, bad) == -EINVAL,
		      "\"%s\" was accepted", bad);
	ck_assert_int_eq(read_int(TINY_SLICE_PATH), 70);
	ck_assert_int_eq(rr_interval_ms(), 70);
}
END_TEST

/* sched_tunable_store() of @text into [-100, 100]: its result, *@v. */
static int store(const char *text, int *v)
{
	*v = 42;
	return kfix_tunable_store(text, -100, 100, v);
}

/*
 * The parser itself, on a tunable of range -100..100: a leading minus
 * sign is taken ("-0" is 0), as is every leading digit.
 */
START_TEST(dispatcher_tunable_parses_sign_and_digits)
{
	static const char *const texts[] = {
		"-5", "-0", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9",
		"90\n",
	};
	static const int values[] = {
		-5, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 90,
	};
	unsigned int i;
	int v;

	t_boot(1, "cpusched=tiny");
	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		ck_assert_msg(store(texts[i], &v) == 0, "\"%s\" refused",
			      texts[i]);
		ck_assert_int_eq(v, values[i]);
	}
	ck_assert_int_eq(store("+5", &v), -EINVAL);
	ck_assert_int_eq(store("-", &v), -EINVAL);
	ck_assert_int_eq(v, 42);
}
END_TEST

/*
 * At most 12 characters, the newline counted (an int's sign, 10 digits
 * and a newline fit): "-00000000005" and "00000000005\n" are 12 and
 * taken; one more leading zero is refused.
 */
START_TEST(dispatcher_tunable_text_at_most_12_chars)
{
	int v;

	t_boot(1, "cpusched=tiny");
	ck_assert_int_eq(store("-00000000005", &v), 0);
	ck_assert_int_eq(v, -5);
	ck_assert_int_eq(store("00000000005\n", &v), 0);
	ck_assert_int_eq(v, 5);
	ck_assert_int_eq(store("-000000000005", &v), -EINVAL);
	ck_assert_int_eq(store("000000000005\n", &v), -EINVAL);
	ck_assert_int_eq(v, 42);
}
END_TEST

/* Paths that are not a tunable of the running driver: -ENOENT. */
static const char *const bad_paths[] = {
	"/sys/cpusched/tiny", "/sys/cpusched/tiny/", "/sys/cpusched/tiny/x",
	"/sys/cpusched/ingosched/timeslice", "/sys/cpusched//timeslice",
	"/sys/cpusched/tinytimeslice", "timeslice", "",
};

START_TEST(dispatcher_tunable_bad_path_enoent)
{
	char buf[16];

	t_boot(1, "cpusched=tiny");
	ck_assert_int_eq(sim_sysfs_read(bad_paths[_i], buf, sizeof(buf)),
			 -ENOENT);
	ck_assert_int_eq(sim_sysfs_write(bad_paths[_i], "50"), -ENOENT);
	ck_assert_int_eq(read_int(TINY_SLICE_PATH), TINY_SLICE_DEFAULT);
}
END_TEST

/* A new boot starts from the defaults, whatever the last one set. */
START_TEST(dispatcher_tunables_reset_at_boot)
{
	t_boot(1, "cpusched=tiny");
	ck_assert_int_eq(sim_sysfs_write(TINY_SLICE_PATH, "300"), 0);
	t_shutdown();
	t_boot(1, "cpusched=tiny");
	ck_assert_int_eq(read_int(TINY_SLICE_PATH), TINY_SLICE_DEFAULT);
	ck_assert_int_eq(rr_interval_ms(), TINY_SLICE_DEFAULT);
}
END_TEST

/* Every built driver's tunables read back as their defaults at boot. */
START_TEST(dispatcher_each_driver_tunables_at_default)
{
	char cmdline[64], path[128];
	int d, i, min, max, def;

	for (d = 0; d < sim_nr_drivers(); d++) {
		snprintf(cmdline, sizeof(cmdline), "cpusched=%s",
			 sim_driver_name(d));
		t_boot(2, cmdline);
		for (i = 0; i < sim_nr_tunables(); i++) {
			ck_assert_int_eq(sim_tunable_limits(i, &min, &max,
							    &def), 0);
			ck_assert_int_le(min, def);
			ck_assert_int_le(def, max);
			snprintf(path, sizeof(path), "/sys/cpusched/%s/%s",
				 sim_driver_name(d), sim_tunable_name(i));
			ck_assert_int_eq(read_int(path), def);
		}
		t_shutdown();
	}
}
END_TEST

static Suite *dispatcher_suite(void)
{
	Suite *s = suite_create("dispatcher");
	TCase *spy = tcase_create("spy");
	TCase *boot = tcase_create("cpusched");
	TCase *stat = tcase_create("schedstat");
	TCase *tun = tcase_create("tunables");
	TCase *misc = tcase_create("io_schedule_preemption");
	TCase *acct = tcase_create("accounting");
	TCase *groups = tcase_create("groups");
	TCase *every;

	tcase_add_checked_fixture(spy, setup_spy, teardown_spy);
	tcase_add_loop_test(spy, dispatcher_entry_point_reaches_driver_hooks,
			    0, NR_ENTRY_CASES);
	tcase_add_test(spy, dispatcher_every_hook_is_reached);
	tcase_add_test(spy, dispatcher_spy_forwards_results);

	every = tcase_create("every_driver");
	tcase_add_checked_fixture(every, NULL, teardown_spy);
	tcase_add_loop_test(every,
			    dispatcher_every_hook_of_each_driver_is_reached, 0,
			    sim_nr_drivers());
	tcase_add_loop_test(every,
			    dispatcher_each_driver_fills_its_mandatory_hooks, 0,
			    sim_nr_drivers());
	tcase_add_test(every, dispatcher_missing_mandatory_hook_is_named);
	suite_add_tcase(s, every);

	tcase_add_checked_fixture(boot, NULL, teardown_boot);
	tcase_add_test(boot, dispatcher_default_driver_without_cpusched);
	tcase_add_test(boot, dispatcher_cpusched_tiny_selects_tiny);
	tcase_add_test(boot, dispatcher_cpusched_selects_each_built_driver);
	tcase_add_test(boot, dispatcher_unknown_cpusched_keeps_default);
	tcase_add_test(boot, dispatcher_cpusched_option_is_taken);
	tcase_add_test(boot, dispatcher_no_sched_functions);

	every = tcase_create("from_boot_task");
	tcase_add_checked_fixture(every, NULL, teardown_spy);
	tcase_add_loop_test(every,
			    dispatcher_cpusched_starts_from_saved_boot_task, 1,
			    sim_nr_drivers());
	suite_add_tcase(s, every);
	tcase_add_test(boot, dispatcher_driver_list_has_default_first);

	tcase_add_checked_fixture(stat, NULL, teardown_boot);
	tcase_add_test(stat, dispatcher_schedstat_starts_with_version_10);
	tcase_add_test(stat, dispatcher_schedstat_timestamp_is_jiffies);
	tcase_add_loop_test(stat,
			    dispatcher_schedstat_has_28_numbers_per_online_cpu,
			    0, 4);
	tcase_add_test(stat, dispatcher_schedstat_read_frees_what_it_takes);

	tcase_add_checked_fixture(groups, NULL, teardown_boot);
	tcase_add_test(groups, groups_circular_list_of_each_group_once);
	tcase_add_test(groups, groups_only_cpus_of_the_span);
	tcase_add_test(groups, groups_single_group_is_its_own_next);
	suite_add_tcase(s, groups);

	tcase_add_checked_fixture(tun, NULL, teardown_boot);
	tcase_add_test(tun, dispatcher_tunables_listed_with_limits);
	tcase_add_test(tun, dispatcher_tunable_write_takes_effect);
	tcase_add_test(tun, dispatcher_tunable_limits_accepted);
	tcase_add_loop_test(tun, dispatcher_tunable_bad_write_changes_nothing,
			    0, (int)(sizeof(bad_values) /
				     sizeof(bad_values[0])));
	tcase_add_loop_test(tun, dispatcher_tunable_bad_path_enoent, 0,
			    (int)(sizeof(bad_paths) / sizeof(bad_paths[0])));
	tcase_add_test(tun, dispatcher_tunable_parses_sign_and_digits);
	tcase_add_test(tun, dispatcher_tunable_text_at_most_12_chars);
	tcase_add_test(tun, dispatcher_tunables_reset_at_boot);
	tcase_add_test(tun, dispatcher_each_driver_tunables_at_default);

	tcase_add_checked_fixture(misc, NULL, teardown_boot);
	tcase_add_test(misc, dispatcher_io_schedule_ends_the_io_wait);
	tcase_add_test(misc, dispatcher_preempted_task_is_not_put_to_sleep);

	tcase_add_checked_fixture(acct, NULL, teardown_boot);
	tcase_add_loop_test(acct, accounting_user_time_of_positive_nice_is_nice,
			    0, sim_nr_drivers());
	tcase_add_loop_test(acct, accounting_kernel_time_is_system, 0,
			    sim_nr_drivers());
	tcase_add_loop_test(acct, accounting_system_time_split_by_context, 0,
			    sim_nr_drivers());
	tcase_add_loop_test(acct, accounting_idle_time_is_idle_or_iowait, 0,
			    sim_nr_drivers());
	tcase_add_loop_test(acct, accounting_steal_time, 0, sim_nr_drivers());

	suite_add_tcase(s, spy);
	suite_add_tcase(s, boot);
	suite_add_tcase(s, misc);
	suite_add_tcase(s, acct);
	suite_add_tcase(s, stat);
	suite_add_tcase(s, tun);
	return s;
}

int main(void)
{
	return t_run_suite_on(dispatcher_suite(), "tiny");
}
