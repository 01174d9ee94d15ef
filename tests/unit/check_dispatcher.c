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

static const int schedstat_cpus[] = { 1, 2, 4 };

/*
 * One "cpuN" line per online CPU, in order, each with exactly 28
 * numbers; "domainN" lines (drivers with sched domains) may follow each.
 */
START_TEST(dispatcher_schedstat_has_28_numbers_per_online_cpu)
{
	int cpus = schedstat_cpus[_i], seen = 0, fields, cpu;
	char *text, *line, *save, *tok, *save2, *end;

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
	suite_add_tcase(s, every);

	tcase_add_checked_fixture(boot, NULL, teardown_boot);
	tcase_add_test(boot, dispatcher_default_driver_without_cpusched);
	tcase_add_test(boot, dispatcher_cpusched_tiny_selects_tiny);
	tcase_add_test(boot, dispatcher_cpusched_selects_each_built_driver);
	tcase_add_test(boot, dispatcher_unknown_cpusched_keeps_default);
	tcase_add_test(boot, dispatcher_driver_list_has_default_first);

	tcase_add_checked_fixture(stat, NULL, teardown_boot);
	tcase_add_test(stat, dispatcher_schedstat_starts_with_version_10);
	tcase_add_test(stat, dispatcher_schedstat_timestamp_is_jiffies);
	tcase_add_loop_test(stat,
			    dispatcher_schedstat_has_28_numbers_per_online_cpu,
			    0, 3);

	tcase_add_checked_fixture(tun, NULL, teardown_boot);
	tcase_add_test(tun, dispatcher_tunables_listed_with_limits);
	tcase_add_test(tun, dispatcher_tunable_write_takes_effect);
	tcase_add_test(tun, dispatcher_tunable_limits_accepted);
	tcase_add_loop_test(tun, dispatcher_tunable_bad_write_changes_nothing,
			    0, (int)(sizeof(bad_values) /
				     sizeof(bad_values[0])));
	tcase_add_loop_test(tun, dispatcher_tunable_bad_path_enoent, 0,
			    (int)(sizeof(bad_paths) / sizeof(bad_paths[0])));
	tcase_add_test(tun, dispatcher_tunables_reset_at_boot);
	tcase_add_test(tun, dispatcher_each_driver_tunables_at_default);

	suite_add_tcase(s, spy);
	suite_add_tcase(s, boot);
	suite_add_tcase(s, stat);
	suite_add_tcase(s, tun);
	return s;
}

int main(void)
{
	return t_run_suite_on(dispatcher_suite(), "tiny");
}
