/*
 * tests/unit/check_ingosched.c - the Linux 2.6.10 O(1) scheduler
 * (drivers/ingosched.c, "cpusched=ingosched") against the rules of
 * 2.6.10's kernel/sched.c.
 *
 * Each test boots its own machine with "cpusched=ingosched" and checks one
 * rule.  Numbers come from 2.6.10 and are named below; where a test expects
 * an exact value, the comment derives it from the rule.  HZ is 1000: a
 * jiffy is 1 ms, and the timeslices are whole ticks.
 *
 * What the harness API cannot show (sleep_avg, interactive_credit, the
 * slice left, which array a task is queued in) is read through
 * kfix_ingo.h; the same functions prepare a task before the event under
 * test (a sleep_avg, a credit, the slice left).  Those writes happen
 * between events, only on numbers the driver reads at its next event.
 *
 * How the exact numbers are made exact:
 *   - a script task that has just been spawned (or has just finished a
 *     command) went to sleep at this very instant; a command posted now
 *     wakes it after a sleep of 0 ns, which recalc_task_prio() ignores,
 *     and when nothing else runs it runs 0 ns, so schedule() takes 0 ns
 *     off its sleep_avg: what we set is what the event under test sees;
 *   - sleeps start at a tick, so a sleep of n ms lasts exactly n ms;
 *   - a task spawned by the harness is forked by init, so its first slice
 *     is half of what init had left: tests that need a known slice set it.
 *
 * The SMP tests that pin tasks fill or leave the other CPUs with care: an
 * idle CPU that keeps failing to pull a pinned task wakes the pinned
 * CPU's migration thread again and again (2.6.10 has no "all pinned"
 * check), and each visit is a preemption on that CPU.
 *
 * Not checked here: the syscalls' argument checking (check_syscalls),
 * the generic invariants (the machine checks them after every event in
 * every test below, affinity included).
 *
 * The whole suite exits 77 (skipped) with a message when the library was
 * built without the ingosched driver.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"
#include "kfix_ingo.h"
#include "kfixtures.h"

#define CMDLINE			"cpusched=ingosched"
#define TICK_NS			MS(1)		/* HZ 1000 */

/* ---- 2.6.10's constants -------------------------------------------------- */

#define MAX_RT_PRIO		100
#define MAX_PRIO		140
#define NICE_TO_PRIO(nice)	(120 + (nice))

#define MIN_TIMESLICE		5	/* ms */
#define DEF_TIMESLICE		100	/* ms, nice 0 */
#define MAX_BONUS		10	/* prio levels of bonus, -5..+5 */
#define MAX_SLEEP_AVG_MS	1000	/* DEF_TIMESLICE * MAX_BONUS */
#define NS_MAX_SLEEP_AVG	MS(MAX_SLEEP_AVG_MS)
#define CHILD_PENALTY		95	/* % */
#define PARENT_PENALTY		100	/* % */
#define EXIT_WEIGHT		3
#define STARVATION_LIMIT	1000	/* jiffies, per running task */
#define CREDIT_LIMIT		100
#define INTERACTIVE_DELTA	2

/* sleep_avg a long sleep leaves: MAX_SLEEP_AVG - DEF_TIMESLICE */
#define JUST_INTERACTIVE_MS	(MAX_SLEEP_AVG_MS - DEF_TIMESLICE)

/* sleep_avg (ns) that gives CURRENT_BONUS @b: b * 100 ms */
#define SLEEP_AVG_OF_BONUS(b)	MS((b) * MAX_SLEEP_AVG_MS / MAX_BONUS)

/*
 * task_timeslice(), ms: SCALE_PRIO(x, static_prio) = x * (140 - prio) / 20,
 * at least MIN_TIMESLICE, x = 4 * DEF_TIMESLICE below nice 0.
 */
static int timeslice_ms(int nice)
{
	int prio = NICE_TO_PRIO(nice);
	int x = prio < NICE_TO_PRIO(0) ? 4 * DEF_TIMESLICE : DEF_TIMESLICE;
	int ms = x * (MAX_PRIO - prio) / 20;

	return ms < MIN_TIMESLICE ? MIN_TIMESLICE : ms;
}

/* TIMESLICE_GRANULARITY in ms for CURRENT_BONUS @bonus on @cpus CPUs. */
static int granularity_ms(int bonus, int cpus)
{
	int shift = (MAX_BONUS - bonus) ? MAX_BONUS - bonus : 1;

	return MIN_TIMESLICE * (1 << (shift - 1)) * cpus;
}

/* ---- machine configurations ---------------------------------------------- */

struct machine {
	int cpus;
	int smt;			/* threads per core */
};

/* Every machine the core tests run on; the first is the uniprocessor. */
static const struct machine machines[] = {
	{ 1, 1 }, { 2, 1 }, { 4, 1 }, { 8, 1 },
	{ 2, 2 }, { 4, 2 }, { 8, 2 },
};

#define NR_MACHINES	((int)(sizeof(machines) / sizeof(machines[0])))
#define FIRST_SMP	1		/* machines[FIRST_SMP..] have 2+ CPUs */

/* ---- fixtures and helpers ------------------------------------------------ */

static void teardown(void)
{
	t_shutdown();
}

static void boot_smt(int cpus, int smt)
{
	struct sim_config cfg;

	sim_config_init(&cfg);
	cfg.nr_cpus = cpus;
	cfg.smt = smt;
	cfg.cmdline = CMDLINE;
	t_boot_cfg(&cfg);
	ck_assert_str_eq(sim_cpusched(), "ingosched");
	ck_assert_msg(kfix_ingo_available(),
		      "kfix_ingo cannot see the ingosched driver");
}

static void boot(int cpus)
{
	boot_smt(cpus, 1);
}

static void boot_machine(int i)
{
	boot_smt(machines[i].cpus, machines[i].smt);
}

/* A task of @policy/@nice allowed on @cpus (NULL: all); a script if !body. */
static int spawn_on(const char *name, int policy, int rt_priority, int nice,
		    const char *cpus, sim_body_t body, void *arg)
{
	struct sim_task_attr a;
	int pid;

	sim_task_attr_init(&a);
	a.name = name;
	a.policy = policy;
	a.rt_priority = rt_priority;
	a.nice = nice;
	a.cpus = cpus;
	pid = body ? sim_spawn(&a, body, arg) : sim_spawn_script(&a);
	ck_assert_msg(pid > 0, "spawn of %s failed (%d): %s", name, pid,
		      sim_error());
	return pid;
}

static int hog(const char *name, int nice)
{
	return t_spawn(name, SIM_SCHED_NORMAL, 0, nice, t_body_hog, NULL);
}

static int hog_on(const char *name, int nice, const char *cpus)
{
	return spawn_on(name, SIM_SCHED_NORMAL, 0, nice, cpus, t_body_hog,
			NULL);
}

static int script(const char *name, int nice)
{
	return t_spawn_script(name, SIM_SCHED_NORMAL, 0, nice);
}

static int script_on(const char *name, int nice, const char *cpus)
{
	return spawn_on(name, SIM_SCHED_NORMAL, 0, nice, cpus, NULL, NULL);
}

static struct kfix_ingo ingo(int pid)
{
	struct kfix_ingo k;

	ck_assert_msg(kfix_ingo_read(pid, &k) == 0,
		      "no ingosched fields for pid %d", pid);
	return k;
}

static void set_sleep_avg(int pid, unsigned long long ns)
{
	ck_assert_int_eq(kfix_ingo_set_sleep_avg(pid, ns), 0);
}

static void set_credit(int pid, long credit)
{
	ck_assert_int_eq(kfix_ingo_set_credit(pid, credit), 0);
}

static void set_slice(int pid, unsigned int ticks)
{
	ck_assert_int_eq(kfix_ingo_set_time_slice(pid, ticks), 0);
}

/*
 * Script task @pid, asleep again from now (so that its next wake-up
 * credits nothing), with @sleep_avg ns and @slice ticks left.
 */
static void prime(int pid, unsigned long long sleep_avg, unsigned int slice)
{
	t_cmd(pid, SIM_CMD_BURN, 0, 0, 0, 0);
	set_sleep_avg(pid, sleep_avg);
	set_slice(pid, slice);
}

#define TUNABLE_DIR	"/sys/cpusched/ingosched/"

/* Write @value to the control /sys/cpusched/ingosched/@name. */
static void set_tunable(const char *name, int value)
{
	char path[64], text[16];

	snprintf(path, sizeof(path), TUNABLE_DIR "%s", name);
	snprintf(text, sizeof(text), "%d", value);
	ck_assert_msg(sim_sysfs_write(path, text) == 0, "%s = %s refused",
		      path, text);
}

static struct sim_cpu_info cpu_info(int cpu)
{
	struct sim_cpu_info ci;

	ck_assert_int_eq(sim_cpu_info(cpu, &ci), 0);
	return ci;
}

static int curr(int cpu)
{
	return cpu_info(cpu).curr_pid;
}

static unsigned long long runtime(int pid)
{
	return t_info(pid).runtime_ns;
}

/* Queue a command without waiting for it. */
static void post(int pid, int op, long a0, long a1)
{
	int ret = sim_cmd(pid, op, a0, a1, 0, 0);

	ck_assert_msg(ret == 0, "sim_cmd(%d, %d) = %d: %s", pid, op, ret,
		      sim_error());
}

static void wait_cmds(int pid)
{
	int ret = sim_cmd_wait(pid, SEC(10));

	ck_assert_msg(ret == 0, "pid %d did not finish its commands (%d): %s",
		      pid, ret, sim_failed() ? sim_report() : sim_error());
}

/* sched_setaffinity(@pid, 1 << @cpu) made by script task @setter. */
static long set_affinity(int setter, int pid, unsigned long mask)
{
	unsigned long uaddr = sim_user_map(setter, sizeof(mask));

	ck_assert_msg(uaddr != 0, "sim_user_map: %s", sim_error());
	ck_assert_int_eq(sim_user_write(setter, uaddr, &mask, sizeof(mask)),
			 0);
	return t_syscall(setter, SIM_SYS_sched_setaffinity, pid,
			 sizeof(mask), uaddr);
}

/* The pid of the kernel thread called @name, or 0. */
#define MAX_SCAN_PID	512

static int find_task(const char *name)
{
	struct sim_task_info info;
	int pid;

	for (pid = 1; pid < MAX_SCAN_PID; pid++)
		if (!sim_task_info(pid, &info) && !strcmp(info.name, name))
			return pid;
	return 0;
}

static int migration_thread(int cpu)
{
	char name[16];

	snprintf(name, sizeof(name), "migration/%d", cpu);
	return find_task(name);
}

/*
 * The runs of tasks on one CPU, seen by sampling its current task every
 * tick: who ran (0: idle), from when, for how long.  A run is recorded
 * when it ends; a 0 ns visit (a migration thread) is never seen.
 */
#define MAX_RUNS	512

struct run {
	int pid;
	unsigned long long start, len;
};

struct runlog {
	int cpu, nr;
	int curr;
	unsigned long long since;
	struct run run[MAX_RUNS];
};

static void runlog_start(struct runlog *l, int cpu)
{
	memset(l, 0, sizeof(*l));
	l->cpu = cpu;
	l->curr = curr(cpu);
	l->since = sim_now();
}

static void runlog_step(struct runlog *l)
{
	int next;

	t_run(TICK_NS);
	next = curr(l->cpu);
	if (next == l->curr)
		return;
	if (l->nr < MAX_RUNS)
		l->run[l->nr++] = (struct run){ l->curr, l->since,
						sim_now() - l->since };
	l->curr = next;
	l->since = sim_now();
}

static void runlog_run(struct runlog *l, unsigned long long ns)
{
	unsigned long long end = sim_now() + ns;

	while (sim_now() < end)
		runlog_step(l);
}

static int nr_runs(const struct runlog *l, int pid)
{
	int i, n = 0;

	for (i = 0; i < l->nr; i++)
		n += l->run[i].pid == pid;
	return n;
}

/* ---- more machines: NUMA nodes and boot options -------------------------- */

/* Boot @cpus CPUs, @smt threads per core, @nodes nodes, @extra options. */
static void boot_full(int cpus, int smt, int nodes, const char *extra)
{
	static char cmdline[128];
	struct sim_config cfg;

	snprintf(cmdline, sizeof(cmdline), "%s%s%s", CMDLINE,
		 extra ? " " : "", extra ? extra : "");
	sim_config_init(&cfg);
	cfg.nr_cpus = cpus;
	cfg.smt = smt;
	cfg.nr_nodes = nodes;
	cfg.cmdline = cmdline;
	t_boot_cfg(&cfg);
	ck_assert_str_eq(sim_cpusched(), "ingosched");
	ck_assert_msg(kfix_ingo_available(),
		      "kfix_ingo cannot see the ingosched driver");
}

/* "N" for CPU @cpu, in @buf of at least 12 bytes. */
static const char *cpu_list(char *buf, int cpu)
{
	snprintf(buf, 12, "%d", cpu);
	return buf;
}

#define ALL_CPUS(n)	((1ULL << (n)) - 1)

/* ---- timeslices ---------------------------------------------------------- */

static const struct {
	int nice;
	int slice_ms;
} slice_table[] = {
	{ -20, 800 },	/* 400 * 40 / 20 */
	{ -10, 600 },	/* 400 * 30 / 20 */
	{   0, 100 },	/* 100 * 20 / 20 */
	{  10,  50 },	/* 100 * 10 / 20 */
	{  19,   5 },	/* 100 * 1 / 20 = 5, MIN_TIMESLICE */
};

#define NR_SLICES	((int)(sizeof(slice_table) / sizeof(slice_table[0])))

/*
 * The O(1) scheduler says so (struct sched_drv.o1): check_conformance
 * then holds it to a pick that costs the same with 500 runnable tasks
 * as with 5.
 */
START_TEST(ingo_declares_o1_picking)
{
	boot(1);
	ck_assert(kfix_driver_o1());
}
END_TEST

/* SCHED_NORMAL: sched_rr_get_interval reports task_timeslice(). */
START_TEST(ingo_slice_by_nice_normal)
{
	int nice = slice_table[_i].nice;
	int pid;

	boot(1);
	ck_assert_int_eq(timeslice_ms(nice), slice_table[_i].slice_ms);
	pid = script("normal", nice);
	ck_assert_uint_eq(t_rr_interval_ns(pid, 0),
			  MS(slice_table[_i].slice_ms));
}
END_TEST

/* SCHED_RR gets the same nice-based slice as SCHED_NORMAL. */
START_TEST(ingo_slice_by_nice_rr)
{
	int pid;

	boot(1);
	pid = t_spawn_script("rr", SIM_SCHED_RR, 10, slice_table[_i].nice);
	ck_assert_uint_eq(t_rr_interval_ns(pid, 0),
			  MS(slice_table[_i].slice_ms));
}
END_TEST

/* SCHED_FIFO has no slice: 0. */
START_TEST(ingo_slice_fifo_is_zero)
{
	int pid;

	boot(1);
	pid = t_spawn_script("fifo", SIM_SCHED_FIFO, 10, 0);
	ck_assert_uint_eq(t_rr_interval_ns(pid, 0), 0);
}
END_TEST

/*
 * The slice in jiffies at another HZ, and with other min_timeslice_ms and
 * def_timeslice_ms: MIN_TIMESLICE = max(min_ms * HZ / 1000, 1) and
 * DEF_TIMESLICE = max(def_ms * HZ / 1000, 1), task_timeslice() =
 * max(x * (140 - static_prio) / 20, MIN_TIMESLICE), x = 4 * DEF_TIMESLICE
 * below nice 0, else DEF_TIMESLICE; a jiffy is 1 s / HZ.
 */
static const struct {
	int hz, min_ms, def_ms, nice;
	unsigned long long slice_ns;
} hz_slice_table[] = {
	/* DEF 10 jiffies: 10 * 1 / 20 = 0, MIN 5 * 100 / 1000 = 0 -> 1 */
	{ 100, 5, 100, 19, MS(10) },
	/* 10 * 20 / 20 = 10 jiffies of 10 ms */
	{ 100, 5, 100, 0, MS(100) },
	/* DEF 100 * 10 / 1000 = 1 jiffy of 100 ms */
	{ 10, 5, 100, 0, MS(100) },
	/* DEF 10 * 10 / 1000 = 0 -> 1; 4 * 1 * 40 / 20 = 8 */
	{ 10, 5, 10, 0, MS(100) },
	{ 10, 5, 10, -20, MS(800) },
	/* MIN 5 * 250 / 1000 = 1 jiffy of 4 ms; 25 * 1 / 20 = 1 */
	{ 250, 5, 100, 19, MS(4) },
	/* MIN 100 * 10000 / 1000 = 1000 jiffies of 100 us */
	{ 10000, 100, 100, 19, MS(100) },
	/* def_timeslice_ms at its top: 1000 jiffies; 4 * 1000 * 40 / 20 */
	{ 1000, 5, 1000, 0, SEC(1) },
	{ 1000, 5, 1000, -20, SEC(8) },
	/* 200 * 10 / 20 = 100; 200 * 1 / 20 = 10, above MIN */
	{ 1000, 5, 200, 10, MS(100) },
	{ 1000, 5, 200, 19, MS(10) },
	/* min_timeslice_ms 20: 100 * 1 / 20 = 5 -> 20; 50 stays */
	{ 1000, 20, 100, 19, MS(20) },
	{ 1000, 20, 100, 10, MS(50) },
	{ 1000, 60, 100, 10, MS(60) },
};

#define NR_HZ_SLICES	((int)(sizeof(hz_slice_table) / sizeof(hz_slice_table[0])))

START_TEST(ingo_slice_at_hz_and_tunables)
{
	struct sim_config cfg;
	int pid;

	sim_config_init(&cfg);
	cfg.hz = hz_slice_table[_i].hz;
	cfg.cmdline = CMDLINE;
	t_boot_cfg(&cfg);
	set_tunable("min_timeslice_ms", hz_slice_table[_i].min_ms);
	set_tunable("def_timeslice_ms", hz_slice_table[_i].def_ms);
	pid = script("normal", hz_slice_table[_i].nice);
	ck_assert_uint_eq(t_rr_interval_ns(pid, 0),
			  hz_slice_table[_i].slice_ns);
}
END_TEST

/*
 * The starvation bound the conformance suite holds the driver to, in
 * jiffies: nr_running * (STARVATION_LIMIT + the longest slice, nice
 * -20's) + 1, with STARVATION_LIMIT = 10 * DEF_TIMESLICE and the longest
 * slice 8 * DEF_TIMESLICE: 1801 per task at HZ 1000, 181 at HZ 100.
 */
static const struct {
	int hz, def_ms;
	unsigned long nr_running, bound;
} bound_table[] = {
	{ 1000, 100, 1, 1801 },
	{ 1000, 100, 3, 5401 },
	{ 100, 100, 1, 181 },
	{ 1000, 200, 2, 7201 },
};

START_TEST(ingo_starvation_bound_values)
{
	struct sim_config cfg;

	sim_config_init(&cfg);
	cfg.hz = bound_table[_i].hz;
	cfg.cmdline = CMDLINE;
	t_boot_cfg(&cfg);
	set_tunable("def_timeslice_ms", bound_table[_i].def_ms);
	ck_assert_uint_eq(kfix_starvation_bound(bound_table[_i].nr_running),
			  bound_table[_i].bound);
}
END_TEST

/*
 * Every boot starts from empty runqueues, also the second in one process
 * (per-CPU data is not zero then): boot, run hogs, shut down, boot again.
 * The machine, checking after every event that nr_context_switches()
 * agrees with the switches it saw, finds none of the old machine's; the
 * new pick_work starts over too.
 */
START_TEST(ingo_second_boot_starts_from_scratch)
{
	unsigned long long work;

	boot(2);
	hog("a", 0);
	hog("b", 0);
	t_run(MS(300));
	work = kfix_pick_work();
	t_shutdown();
	boot(2);
	ck_assert_uint_lt(kfix_pick_work(), work);
	hog("a", 0);
	t_run(MS(50));
}
END_TEST

/* ---- tunables ------------------------------------------------------------ */

/* The controls in table order, each with its 2.6.10 value by default. */
static const struct {
	const char *name;
	int min, max, def;
} tunable_table[] = {
	{ "min_timeslice_ms", 1, 100, MIN_TIMESLICE },
	{ "def_timeslice_ms", 10, 1000, DEF_TIMESLICE },
	{ "on_runqueue_weight", 0, 100, 30 },
	{ "child_penalty", 0, 100, CHILD_PENALTY },
	{ "parent_penalty", 0, 100, PARENT_PENALTY },
	{ "exit_weight", 0, 100, EXIT_WEIGHT },
	{ "interactive_delta", 0, 10, INTERACTIVE_DELTA },
	{ "credit_limit", 0, 1000, CREDIT_LIMIT },
};

#define NR_TUNABLES	((int)(sizeof(tunable_table) / sizeof(tunable_table[0])))

/* Each control: its place, range and default, and it reads as that. */
START_TEST(ingo_tunable_defaults)
{
	char path[64], buf[32], want[32];
	int min, max, def;

	boot(1);
	ck_assert_int_eq(sim_nr_tunables(), NR_TUNABLES);
	ck_assert_str_eq(sim_tunable_name(_i), tunable_table[_i].name);
	ck_assert_int_eq(sim_tunable_limits(_i, &min, &max, &def), 0);
	ck_assert_int_eq(min, tunable_table[_i].min);
	ck_assert_int_eq(max, tunable_table[_i].max);
	ck_assert_int_eq(def, tunable_table[_i].def);
	snprintf(path, sizeof(path), TUNABLE_DIR "%s", tunable_table[_i].name);
	ck_assert_int_ge(sim_sysfs_read(path, buf, sizeof(buf)), 0);
	snprintf(want, sizeof(want), "%d\n", tunable_table[_i].def);
	ck_assert_str_eq(buf, want);
}
END_TEST

/* ---- sleep_avg on wake-up (recalc_task_prio) ----------------------------- */

/*
 * One sleep of a script task at @nice, from sleep_avg @start_ms and
 * credit @credit, interruptible or not; what it leaves:
 *   sleep = min(slept, 1 s);
 *   if interruptible and sleep > INTERACTIVE_SLEEP(nice):
 *	sleep_avg = 900 ms, credit++ unless HIGH_CREDIT (> 100);
 *   else:
 *	sleep *= (10 - bonus) ?: 1;
 *	LOW_CREDIT (< -100): sleep capped at task_timeslice;
 *	uninterruptible and not HIGH_CREDIT: sleep_avg stops at
 *	    INTERACTIVE_SLEEP (stays if already there);
 *	sleep_avg += sleep, clamped at 1 s (credit++ unless HIGH_CREDIT).
 * INTERACTIVE_SLEEP(nice) = 1000 * (5 + DELTA + 1) / 10 - 1 ms with
 * DELTA = nice * 10 / 40 + 2: nice 0 799 ms, -20 299 ms, 10 999 ms,
 * 19 1199 ms (more than the 1 s cap: never).
 * prio = static_prio - (bonus - 5), bonus = sleep_avg * 10 / 1 s,
 * clamped to 100..139.
 */
static const struct wake_case {
	int nice;
	long credit;
	int start_ms, sleep_ms, unint;
	int expect_ms, expect_prio;
	long expect_credit;
} wake_table[] = {
	/* 50 * (10 - 1) = 450 */
	{ 0, 0, 100, 50, 0,		550, 120, 0 },
	/* 40 * (10 - 5) = 200: bonus 7, just interactive at nice 0 */
	{ 0, 0, 500, 40, 0,		700, 118, 0 },
	/* bonus 9: 30 * 1 = 30, no clamp */
	{ 0, 0, 950, 30, 0,		980, 116, 0 },
	/* bonus 10: 30 * (0 ?: 1) = 30, clamped at 1 s */
	{ 0, 0, 1000, 30, 0,		1000, 115, 1 },
	/* 200 * 9 = 1800: clamped at 1 s, credit + 1 */
	{ 0, 0, 100, 200, 0,		1000, 115, 1 },
	/* 799 ms is not > INTERACTIVE_SLEEP (799 ms): scaled, clamped */
	{ 0, 0, 100, 799, 0,		1000, 115, 1 },
	/* 800 ms > 799 ms: just interactive, 900 ms, bonus 9 */
	{ 0, 0, 100, 800, 0,		900, 116, 1 },
	/* nice -20: INTERACTIVE_SLEEP 299 ms; prio 96 clamped to 100 */
	{ -20, 0, 100, 300, 0,		900, 100, 1 },
	{ -20, 0, 100, 299, 0,		1000, 100, 1 },
	/* nice 10: INTERACTIVE_SLEEP 999 ms */
	{ 10, 0, 100, 1000, 0,		900, 126, 1 },
	/* nice 19: never just interactive; 1000 * 9, clamped */
	{ 19, 0, 100, 1000, 0,		1000, 134, 1 },
	/* uninterruptible: 200 * 9 stops at INTERACTIVE_SLEEP, 799 ms */
	{ 0, 0, 100, 200, 1,		799, 118, 0 },
	/* uninterruptible 800 ms: no 900 ms jump, stops at 799 ms */
	{ 0, 0, 100, 800, 1,		799, 118, 0 },
	/* uninterruptible 30 ms: 270 ms stays below INTERACTIVE_SLEEP */
	{ 0, 0, 100, 30, 1,		370, 122, 0 },
	/* 100 * 9 lands on 1 s exactly: not above it, no credit */
	{ 0, 0, 100, 100, 0,		1000, 115, 0 },
	/* uninterruptible, already above INTERACTIVE_SLEEP: no gain */
	{ 0, 0, 850, 10, 1,		850, 117, 0 },
	/* LOW_CREDIT: 50 * 9 = 450 capped at one timeslice, 100 ms */
	{ 0, -101, 100, 50, 0,		200, 123, -101 },
	/* HIGH_CREDIT: clamped, but the credit stays at 101 */
	{ 0, 101, 100, 200, 0,		1000, 115, 101 },
	/* HIGH_CREDIT and uninterruptible: no INTERACTIVE_SLEEP stop */
	{ 0, 101, 100, 200, 1,		1000, 115, 101 },
	/* nice 19, LOW_CREDIT: 1 s * 10 capped at one timeslice, 5 ms */
	{ 19, -101, 0, 3000, 0,		5, 139, -101 },
	/* uninterruptible 3 s: stops at INTERACTIVE_SLEEP */
	{ 0, 0, 100, 3000, 1,		799, 118, 0 },
	/* nice 19, 3 s: 1 s * 9, clamped */
	{ 19, 0, 100, 3000, 0,		1000, 134, 1 },
};

#define NR_WAKE_CASES	((int)(sizeof(wake_table) / sizeof(wake_table[0])))

/*
 * 1 CPU, one script task: set sleep_avg and credit, then one sleep of the
 * table's length.  After it (and a 0 ns run) sleep_avg, credit and prio
 * are the table's.
 */
/* One sleep of wake case @c on a booted machine; checks what it leaves. */
static void check_wake_case(const struct wake_case *c)
{
	struct kfix_ingo k;
	int pid;

	pid = script("sleeper", c->nice);
	set_sleep_avg(pid, MS(c->start_ms));
	set_credit(pid, c->credit);
	t_cmd(pid, c->unint ? SIM_CMD_SLEEP_UNINT : SIM_CMD_SLEEP,
	      MS(c->sleep_ms), 0, 0, 0);

	k = ingo(pid);
	ck_assert_msg(k.sleep_avg == MS(c->expect_ms),
		      "nice %d, %d ms + %s sleep %d ms: sleep_avg %llu ns, "
		      "expected %d ms", c->nice, c->start_ms,
		      c->unint ? "unint" : "intr", c->sleep_ms, k.sleep_avg,
		      c->expect_ms);
	ck_assert_int_eq(k.interactive_credit, c->expect_credit);
	ck_assert_int_eq(k.prio, c->expect_prio);
	ck_assert_int_eq(t_info(pid).prio, c->expect_prio);
}

START_TEST(ingo_wake_updates_sleep_avg)
{
	boot(1);
	check_wake_case(&wake_table[_i]);
}
END_TEST

/*
 * Every nanosecond of sleep counts: 1 CPU, script task S (nice 0,
 * sleep_avg 100 ms, bonus 1) has just gone to sleep; an interrupt wakes
 * it 1 ns later: sleep_avg + 1 * (10 - 1) ns.
 */
START_TEST(ingo_wake_counts_every_ns)
{
	int s;

	boot(1);
	s = script("s", 0);
	set_sleep_avg(s, MS(100));
	t_run(1);
	ck_assert_int_eq(sim_wake(s), 0);
	t_run(TICK_NS);
	ck_assert_uint_eq(ingo(s).sleep_avg, MS(100) + 9);
}
END_TEST

/*
 * The same with other controls.  def_timeslice_ms D scales the sleep_avg
 * range: MAX_SLEEP_AVG = 10 * D, a long sleep leaves 9 * D, the bonus is
 * sleep_avg * 10 / (10 * D).  interactive_delta I moves DELTA = nice * 10
 * / 40 + I, and so INTERACTIVE_SLEEP = MAX_SLEEP_AVG * (5 + DELTA + 1) /
 * 10 - 1 jiffies.
 */
static const struct {
	int def_ms, delta;
	struct wake_case c;
} wake_tunable_table[] = {
	/* D 200: INTERACTIVE_SLEEP 2000 * 8 / 10 - 1 = 1599; 1800, bonus 9 */
	{ 200, 2, { 0, 0, 100, 1600, 0,	1800, 116, 1 } },
	/* bonus 100 * 10 / 2000 = 0: 1599 * 10, clamped at 2000 */
	{ 200, 2, { 0, 0, 100, 1599, 0,	2000, 115, 1 } },
	/* 50 * 10 = 500 -> 600, bonus 3 */
	{ 200, 2, { 0, 0, 100, 50, 0,	600, 122, 0 } },
	/* D 50: INTERACTIVE_SLEEP 500 * 8 / 10 - 1 = 399; 450, bonus 9 */
	{ 50, 2, { 0, 0, 100, 400, 0,	450, 116, 1 } },
	/*
	 * sleep_avg 900 ms left above D 50's 500: a wake-up after no sleep
	 * at all changes nothing (the bonus is capped at 10)
	 */
	{ 50, 2, { 0, 0, 900, 0, 0,	900, 115, 0 } },
	/* I 0: INTERACTIVE_SLEEP 1000 * 6 / 10 - 1 = 599 */
	{ 100, 0, { 0, 0, 100, 600, 0,	900, 116, 1 } },
	{ 100, 0, { 0, 0, 100, 599, 0,	1000, 115, 1 } },
	/* uninterruptible, I 0: 100 * 9 stops at 599 */
	{ 100, 0, { 0, 0, 100, 100, 1,	599, 120, 0 } },
	/* I 10, nice -20: DELTA 5, 1000 * 11 / 10 - 1 = 1099: not reached */
	{ 100, 10, { -20, 0, 100, 1000, 0, 1000, 100, 1 } },
};

#define NR_WAKE_TUNABLE	\
	((int)(sizeof(wake_tunable_table) / sizeof(wake_tunable_table[0])))

START_TEST(ingo_wake_sleep_avg_follows_tunables)
{
	boot(1);
	set_tunable("def_timeslice_ms", wake_tunable_table[_i].def_ms);
	set_tunable("interactive_delta", wake_tunable_table[_i].delta);
	check_wake_case(&wake_tunable_table[_i].c);
}
END_TEST

/*
 * The wait on the runqueue of a woken task counts as sleep when it is
 * picked: fully if an interrupt woke it (activated 2), else weighted by
 * on_runqueue_weight (ON_RUNQUEUE_WEIGHT, 30 %) as W * 128 / 100 / 128
 * (activated 1); not at all after an uninterruptible sleep (activated -1).
 * 1 CPU: script task S (nice 0, sleep_avg 100 ms) sleeps from t; FIFO
 * task X burns 1 ms, then S is woken (by X, or by an interrupt) and waits
 * while X burns 40 ms more.  The 1 ms sleep gives 1 * (10 - 1) = 9 ms at
 * the wake-up (109 ms, bonus 1), then the 40 ms wait:
 *   irq wake:              40 ms * (10 - 1) = 360 ms    -> 469 ms
 *   task wake, 30 %:       40 ms * 38 / 128 = 11.875 ms, * 9 = 106.875 ms
 *                                                       -> 215.875 ms
 *   task wake, 100 %:      40 ms * 128 / 128 * 9        -> 469 ms
 *   task wake, 0 %:        nothing                      -> 109 ms
 *   irq wake, 0 %:         full, as ever                -> 469 ms
 *   uninterruptible sleep: the 1 ms sleep counts (9 ms), the wait does
 *                          not                          -> 109 ms
 */
#define QUEUE_WAIT		MS(40)

static const struct {
	int by_irq, unint, weight;
	unsigned long long expect_ns;
} queue_wait_table[] = {
	{ 1, 0, 30, 469000000ULL },
	{ 0, 0, 30, 215875000ULL },
	{ 0, 0, 100, 469000000ULL },
	{ 0, 0, 0, 109000000ULL },
	{ 1, 0, 0, 469000000ULL },
	{ 0, 1, 30, 109000000ULL },
};

#define NR_QUEUE_WAIT	\
	((int)(sizeof(queue_wait_table) / sizeof(queue_wait_table[0])))

START_TEST(ingo_wake_credits_queue_wait)
{
	int by_irq = queue_wait_table[_i].by_irq;
	int x, s;

	boot(1);
	set_tunable("on_runqueue_weight", queue_wait_table[_i].weight);
	x = t_spawn_script("x", SIM_SCHED_FIFO, 50, 0);
	s = script("s", 0);
	/* asleep uninterruptibly from this instant, until X wakes it */
	if (queue_wait_table[_i].unint)
		post(s, SIM_CMD_SLEEP_UNINT, SEC(10), 0);
	set_sleep_avg(s, MS(100));
	post(x, SIM_CMD_BURN, TICK_NS, 0);
	if (!by_irq)
		post(x, SIM_CMD_WAKE, s, 0);
	post(x, SIM_CMD_BURN, QUEUE_WAIT, 0);
	if (by_irq) {
		t_run(TICK_NS);
		ck_assert_int_eq(sim_wake(s), 0);
	}
	wait_cmds(x);
	t_run(TICK_NS);

	ck_assert_uint_eq(t_info(s).wait_ns, QUEUE_WAIT);
	ck_assert_msg(ingo(s).sleep_avg == queue_wait_table[_i].expect_ns,
		      "%s wake, weight %d: sleep_avg %llu ns, expected %llu",
		      by_irq ? "irq" : "task", queue_wait_table[_i].weight,
		      ingo(s).sleep_avg, queue_wait_table[_i].expect_ns);
}
END_TEST

/* ---- TASK_INTERACTIVE at slice expiry ------------------------------------ */

/*
 * TASK_INTERACTIVE(p): prio <= static_prio - DELTA(p), DELTA = nice * 10
 * / 40 + interactive_delta (2 by default).  nice 0 needs bonus 7 (prio
 * 118), -20 bonus 2 (103), -10 bonus 5 (110), 10 bonus 9 (126); nice 19
 * (DELTA 6, prio <= 133) never.
 */
static const struct {
	int delta;		/* interactive_delta */
	int nice, bonus;
	int prio, interactive;
} interactive_table[] = {
	{ INTERACTIVE_DELTA,   0,  7, 118, 1 },
	{ INTERACTIVE_DELTA,   0,  6, 119, 0 },
	{ INTERACTIVE_DELTA, -20,  2, 103, 1 },
	{ INTERACTIVE_DELTA, -20,  1, 104, 0 },
	/* 100 - 5 clamped to 100, the best SCHED_NORMAL level */
	{ INTERACTIVE_DELTA, -20, 10, 100, 1 },
	{ INTERACTIVE_DELTA, -10,  5, 110, 1 },
	{ INTERACTIVE_DELTA, -10,  4, 111, 0 },
	{ INTERACTIVE_DELTA,  10,  9, 126, 1 },
	{ INTERACTIVE_DELTA,  10,  8, 127, 0 },
	{ INTERACTIVE_DELTA,  19, 10, 134, 0 },
	/* interactive_delta 0: DELTA(nice 0) = 0, bonus 5 (prio 120) will do */
	{ 0, 0,  5, 120, 1 },
	{ 0, 0,  4, 121, 0 },
	/* interactive_delta 10: DELTA(nice 0) = 10, prio 110: never */
	{ 10, 0, 10, 115, 0 },
	/* interactive_delta 5: DELTA(nice -20) = 0, prio 100 */
	{ 5, -20,  5, 100, 1 },
	{ 5, -20,  4, 101, 0 },
};

#define NR_INTERACTIVE	\
	((int)(sizeof(interactive_table) / sizeof(interactive_table[0])))

/*
 * 1 CPU: hog H at the table's nice runs, hog E (nice 19, worse) is queued
 * in the active array.  H gets the table's bonus and 1 tick of slice:
 *   before:  cpu: H    active: E
 * At the tick H's slice expires: prio recomputed, slice refilled, and
 *   interactive:      cpu: H    active: E, H    (H is better than E)
 *   not interactive:  cpu: E    active: E       expired: H
 */
START_TEST(ingo_interactive_decides_array_at_expiry)
{
	int nice = interactive_table[_i].nice;
	int interactive = interactive_table[_i].interactive;
	struct kfix_ingo k;
	int h, e;

	boot(1);
	set_tunable("interactive_delta", interactive_table[_i].delta);
	h = hog("h", nice);
	e = hog("e", 19);
	ck_assert_int_eq(curr(0), h);
	set_sleep_avg(h, SLEEP_AVG_OF_BONUS(interactive_table[_i].bonus));
	set_slice(h, 1);
	t_run(TICK_NS);

	k = ingo(h);
	ck_assert_int_eq(k.prio, interactive_table[_i].prio);
	ck_assert_uint_eq(k.time_slice, timeslice_ms(nice));
	ck_assert_uint_eq(k.first_time_slice, 0);
	ck_assert_int_eq(curr(0), interactive ? h : e);
	ck_assert_int_eq(kfix_ingo_same_array(h, e), interactive);
}
END_TEST

/* ---- wake-up preemption -------------------------------------------------- */

/*
 * TASK_PREEMPTS_CURR: a woken task preempts the running one only if its
 * prio is strictly better.  1 CPU: hog H at @hog_nice runs, its prio
 * static + 5 (sleep_avg 0, clamped to 139); script task S at @nice,
 * sleep_avg 0, is woken after a sleep of 0 ns, so its prio is static + 5
 * too.  Nice 18 and 19 both give 139.
 */
static const struct {
	int hog_nice, nice, preempts;
} wake_preempt_table[] = {
	{ 0, -1, 1 },	/* 124 < 125: better */
	{ 0, 0, 0 },	/* 125 = 125: equal */
	{ 0, 1, 0 },	/* 126 > 125: worse */
	{ 19, 18, 0 },	/* 139 = 139: equal, though a better nice */
	{ 19, 10, 1 },	/* 135 < 139 */
};

#define NR_WAKE_PREEMPT	\
	((int)(sizeof(wake_preempt_table) / sizeof(wake_preempt_table[0])))

START_TEST(ingo_wake_preempts_only_a_worse_prio)
{
	int preempts = wake_preempt_table[_i].preempts;
	int h, s;

	boot(1);
	h = hog("h", wake_preempt_table[_i].hog_nice);
	s = script("s", wake_preempt_table[_i].nice);
	/* an expiry now recomputes H's prio from sleep_avg 0 */
	set_sleep_avg(h, 0);
	set_slice(h, 1);
	t_run(TICK_NS);
	ck_assert_int_eq(curr(0), h);
	set_sleep_avg(s, 0);

	post(s, SIM_CMD_BURN, MS(10), 0);
	ck_assert_int_eq(curr(0), preempts ? s : h);
	ck_assert_int_eq(t_info(preempts ? h : s).state, 'Q');
}
END_TEST

/*
 * Equal priority does not preempt even a running task that is no longer
 * the first of its level (schedule() requeues a woken task it picks at
 * the tail of its level, for its queue-wait credit).  1 CPU, nice 19
 * script tasks, prio 139 at any sleep_avg up to 500 ms (bonus 5): C,
 * then X wake while FIFO task R burns 10 ms; when R sleeps, C is picked,
 * requeued behind X, and runs.  Then S wakes at 139: C keeps the CPU.
 *   R done:   cpu: C    active[139]: X, C
 *   S wakes:  cpu: C    active[139]: X, C, S
 */
START_TEST(ingo_wake_equal_does_not_preempt_a_requeued_task)
{
	int r, c, x, s;

	boot(1);
	r = t_spawn_script("r", SIM_SCHED_FIFO, 50, 0);
	c = script("c", 19);
	x = script("x", 19);
	s = script("s", 19);
	post(r, SIM_CMD_BURN, MS(10), 0);
	post(c, SIM_CMD_BURN, MS(50), 0);
	post(x, SIM_CMD_BURN, MS(50), 0);
	wait_cmds(r);
	ck_assert_int_eq(curr(0), c);
	ck_assert_int_eq(ingo(c).prio, MAX_PRIO - 1);
	ck_assert_int_eq(ingo(x).prio, MAX_PRIO - 1);

	post(s, SIM_CMD_BURN, MS(50), 0);
	ck_assert_int_eq(ingo(s).prio, MAX_PRIO - 1);
	ck_assert_int_eq(curr(0), c);
}
END_TEST

/*
 * try_to_wake_up() returns 1 if it woke the task, 0 if there was nothing
 * to do (wake_up_process() hands that back to SIM_CMD_WAKE).  1 CPU:
 * script task W (nice -5: it preempts S) wakes sleeping S (1); with S
 * runnable (burning), W wakes S (0) and itself, running (0).
 */
START_TEST(ingo_wake_returns_whether_it_woke)
{
	int w, s;

	boot(1);
	w = script("w", -5);
	s = script("s", 0);
	ck_assert_int_eq(t_cmd(w, SIM_CMD_WAKE, s, 0, 0, 0), 1);
	post(s, SIM_CMD_BURN, MS(50), 0);
	ck_assert_int_eq(t_cmd(w, SIM_CMD_WAKE, s, 0, 0, 0), 0);
	ck_assert_int_eq(t_cmd(w, SIM_CMD_WAKE, w, 0, 0, 0), 0);
	ck_assert_uint_eq(t_info(s).wakeups, 2);
}
END_TEST

/*
 * A wake-up for some states leaves a task asleep in another: a signal
 * wakes TASK_INTERRUPTIBLE sleepers only.  1 CPU: script task S sleeps
 * 50 ms uninterruptibly; a signal 10 ms in does not wake it; it wakes
 * at 50 ms.
 */
START_TEST(ingo_wake_needs_a_matching_state)
{
	unsigned long long start;
	int s;

	boot(1);
	s = script("s", 0);
	start = sim_now();
	post(s, SIM_CMD_SLEEP_UNINT, MS(50), 0);
	t_run(MS(10));
	ck_assert_int_eq(sim_signal(s, 10), 0);
	t_run(MS(10));
	ck_assert_int_eq(t_info(s).state, 'D');
	ck_assert_uint_eq(t_info(s).wakeups, 1);
	wait_cmds(s);
	ck_assert_uint_eq(sim_now(), start + MS(50));
	ck_assert_uint_eq(t_info(s).wakeups, 2);
}
END_TEST

/*
 * A task that goes to sleep interruptibly with a signal pending stays
 * runnable: schedule() leaves it queued, and its sleep ends at once; an
 * uninterruptible sleep is slept all the same.  1 CPU: task B burns 2 ms,
 * is sent a signal 1 ms in, then sleeps 50 ms: interruptibly, the sleep
 * is over at 2 ms, without a switch; uninterruptibly, at 52 ms.
 */
static volatile unsigned long long signalled_woke_at;
static volatile int signalled_unint;

static void signalled_body(void *unused)
{
	sim_burn(MS(2));
	if (signalled_unint)
		sim_sleep_unint(MS(50));
	else
		sim_sleep(MS(50));
	signalled_woke_at = sim_now();
	for (;;)
		sim_burn(SEC(1000));
}

START_TEST(ingo_sleep_with_signal_pending_does_not_sleep)
{
	unsigned long long start;
	int b;

	boot(1);
	signalled_woke_at = 0;
	signalled_unint = _i;
	b = t_spawn("b", SIM_SCHED_NORMAL, 0, 0, signalled_body, NULL);
	start = sim_now();
	t_run(MS(1));
	ck_assert_int_eq(sim_signal(b, 10), 0);
	t_run(MS(60));
	ck_assert_uint_eq(signalled_woke_at, start + MS(_i ? 52 : 2));
	ck_assert_uint_eq(t_info(b).nvcsw, _i);
}
END_TEST

/*
 * A task woken on another CPU's runqueue takes that runqueue's clock:
 * its timestamp is the waker's time moved by the difference of the two
 * CPUs' last ticks.  At one instant the CPUs tick in order, so a task
 * on cpu0 whose burn ends at a tick has seen cpu0's tick but not yet
 * cpu1's: 2 CPUs, FIFO hog F and script task S pinned to cpu1 (S asleep,
 * F keeps it queued once woken), script task W pinned to cpu0 burns to a
 * tick, then wakes S: S's timestamp is one tick before the wake-up.
 */
START_TEST(ingo_wake_remote_takes_the_remote_clock)
{
	unsigned long long woken_at;
	int w, s;

	boot(2);
	s = script_on("s", 0, "1");
	w = script_on("w", 0, "0");
	spawn_on("f", SIM_SCHED_FIFO, 50, 0, "1", t_body_hog, NULL);
	t_run(MS(10));
	post(w, SIM_CMD_BURN, MS(5), 0);
	post(w, SIM_CMD_WAKE, s, 0);
	woken_at = sim_now() + MS(5);
	wait_cmds(w);
	ck_assert_int_eq(sim_cmd_result(w), 1);
	ck_assert_int_eq(t_info(s).state, 'Q');
	ck_assert_uint_eq(ingo(s).timestamp, woken_at - TICK_NS);
}
END_TEST

/*
 * The waker's side of a sync wake-up, on @cpu: 1 ms of CPU, then wake
 * wait queue WQ_SYNC sync and sleep 50 ms, then sleep for ever.
 */
#define WQ_SYNC		1

static void sync_waker_body(void *unused)
{
	sim_burn(MS(1));
	kfix_ingo_wake_sync_and_sleep(WQ_SYNC, MS(50));
	for (;;)
		sim_sleep(SEC(1000));
}

/* Script task @name on @cpus, asleep on wait queue WQ_SYNC. */
static int sync_sleeper(const char *name, int nice, const char *cpus)
{
	int s = script_on(name, nice, cpus);

	post(s, SIM_CMD_WQ_WAIT, WQ_SYNC, 0);
	while (t_info(s).state != 'S' || t_info(s).cmds_done)
		t_run(TICK_NS);
	return s;
}

/*
 * A sync wake-up on the waker's own CPU does not preempt it: the waker
 * sleeps next.  1 CPU: S (nice 0, prio 125) waits on the queue; W (nice
 * 19, prio 139) wakes it sync and sleeps.  S is better, yet W goes to
 * sleep without being preempted (no involuntary switch), and S runs
 * from that instant.
 */
START_TEST(ingo_wake_sync_does_not_preempt_the_waker)
{
	struct sim_task_info w0;
	int s, w;

	boot(1);
	s = sync_sleeper("s", 0, NULL);
	w = t_spawn("w", SIM_SCHED_NORMAL, 0, 19, sync_waker_body, NULL);
	w0 = t_info(w);
	t_run(MS(2));
	ck_assert_uint_eq(t_info(s).cmds_done, 1);
	ck_assert_uint_eq(t_info(w).nvcsw, w0.nvcsw + 1);
	ck_assert_uint_eq(t_info(w).nivcsw, w0.nivcsw);
	ck_assert_int_eq(t_info(w).state, 'S');
}
END_TEST

/*
 * The same when the wake-up moves the task to the waker's CPU: 2 CPUs,
 * hog H pinned to cpu1; S (nice 0) last ran on cpu1 but may run on both
 * and has slept 10 ms (cache cold); W (nice 19) pinned to cpu0 wakes it
 * sync.  Wake affine pulls S to cpu0, W's CPU: W is not preempted, it
 * sleeps and S runs there.
 */
START_TEST(ingo_wake_sync_pulled_to_the_waker_does_not_preempt)
{
	struct sim_task_info w0;
	int a, s, w;

	boot(2);
	hog_on("h", 0, "1");
	a = script_on("a", 0, "0");
	s = sync_sleeper("s", 0, "1");
	post(s, SIM_CMD_BURN, MS(20), 0);
	ck_assert_int_eq(set_affinity(a, s, ALL_CPUS(2)), 0);
	t_run(MS(10));
	w = spawn_on("w", SIM_SCHED_NORMAL, 0, 19, "0", sync_waker_body,
		     NULL);
	w0 = t_info(w);
	t_run(MS(2));
	ck_assert_uint_eq(t_info(s).cmds_done, 1);
	ck_assert_int_eq(t_info(s).cpu, 0);
	ck_assert_int_eq(curr(0), s);
	ck_assert_uint_eq(t_info(w).nivcsw, w0.nivcsw);
	ck_assert_int_eq(t_info(w).state, 'S');
}
END_TEST

/*
 * A sync wake-up of a task on another CPU preempts there as any other.
 * 2 CPUs: hog H (nice 19) and S (nice 0, asleep on the queue) pinned to
 * cpu1, W (nice 19) pinned to cpu0 wakes S sync: S runs on cpu1 at the
 * instant of the wake-up, H is preempted.
 */
START_TEST(ingo_wake_sync_other_cpu_preempts)
{
	unsigned long h_out;
	int h, s;

	boot(2);
	h = hog_on("h", 19, "1");
	s = sync_sleeper("s", 0, "1");
	post(s, SIM_CMD_BURN, MS(20), 0);
	while (curr(1) != h)
		t_run(TICK_NS);
	h_out = t_info(h).nivcsw;
	spawn_on("w", SIM_SCHED_NORMAL, 0, 19, "0", sync_waker_body, NULL);
	t_run(MS(2));
	ck_assert_int_eq(t_info(s).cmds_done, 1);
	ck_assert_int_eq(curr(1), s);
	ck_assert_uint_eq(t_info(h).nivcsw, h_out + 1);
	ck_assert_uint_eq(t_info(s).runtime_ns, MS(1));
}
END_TEST

/*
 * Level 100, the best SCHED_NORMAL one, is not RT: a task there still
 * uses up its slice.  1 CPU, a nice -20 hog at sleep_avg 1 s: its first
 * expiry puts it at 100 - 5, clamped to 100; given 1 tick again, the
 * next tick expires it again (slice refilled, 800 ms) and it stays at
 * 100, interactive, in the active array.
 */
START_TEST(ingo_prio_100_is_not_rt)
{
	int h;

	boot(1);
	h = hog("h", -20);
	set_sleep_avg(h, NS_MAX_SLEEP_AVG);
	set_slice(h, 1);
	t_run(TICK_NS);
	ck_assert_int_eq(ingo(h).prio, MAX_RT_PRIO);
	ck_assert_int_eq(t_info(h).prio, MAX_RT_PRIO);

	set_sleep_avg(h, NS_MAX_SLEEP_AVG);
	set_slice(h, 1);
	t_run(TICK_NS);
	ck_assert_uint_eq(ingo(h).time_slice, timeslice_ms(-20));
	ck_assert_int_eq(ingo(h).prio, MAX_RT_PRIO);
}
END_TEST

/* ---- sleep_avg while running --------------------------------------------- */

/*
 * 1 CPU, a lone nice 0 hog.  schedule() takes the run time since the last
 * switch off sleep_avg; a lone hog passes schedule() once per expired
 * slice (100 ms).  From 500 ms: 400, 300, 200, 100, 0.  The prio set at
 * each expiry is that of the sleep_avg before the slice's run is taken:
 * 120, 121, 122, 123, 124.  Reaching 0 costs one credit.
 */
START_TEST(ingo_run_drains_sleep_avg)
{
	struct kfix_ingo k;
	int h, i;

	boot(1);
	h = hog("hog", 0);
	/* an expiry now, so that the next run starts at a switch */
	set_slice(h, 1);
	t_run(TICK_NS);
	set_sleep_avg(h, MS(500));
	set_credit(h, 0);

	for (i = 1; i <= 5; i++) {
		t_run(MS(DEF_TIMESLICE));
		k = ingo(h);
		ck_assert_msg(k.sleep_avg == MS(500 - 100 * i),
			      "slice %d: sleep_avg %llu ns", i, k.sleep_avg);
		ck_assert_int_eq(k.prio, 120 + i - 1);
		ck_assert_int_eq(k.interactive_credit, i == 5 ? -1 : 0);
	}
}
END_TEST

/*
 * The same from @start_ms with high credit (HIGH_CREDIT: above
 * credit_limit, 100 by default): the run of one slice of @slice ms is
 * divided by the bonus (?: 1), so from 500 ms (bonus 5) a 100 ms slice
 * costs 20 ms: 480 ms.  At the limit itself it costs all 100 ms.  A high
 * credit that runs sleep_avg down to 0 is kept.
 */
static const struct {
	int limit;
	long credit;
	unsigned long long start_ns;
	int slice_ms;
	unsigned long long expect_ns;
	long expect_credit;
} high_credit_table[] = {
	{ CREDIT_LIMIT, CREDIT_LIMIT + 1, MS(500), 100, MS(480), CREDIT_LIMIT + 1 },
	{ CREDIT_LIMIT, CREDIT_LIMIT, MS(500), 100, MS(400), CREDIT_LIMIT },
	{ 10, 11, MS(500), 100, MS(480), 11 },
	{ 10, 10, MS(500), 100, MS(400), 10 },
	{ 0, 1, MS(500), 100, MS(480), 1 },
	/* bonus 0: 40 / (0 ?: 1) = 40 */
	{ CREDIT_LIMIT, CREDIT_LIMIT + 1, MS(90), 40, MS(50), CREDIT_LIMIT + 1 },
	/* down to 0: the high credit stays; a middling one loses 1 */
	{ CREDIT_LIMIT, CREDIT_LIMIT + 1, MS(10), 100, MS(0), CREDIT_LIMIT + 1 },
	{ CREDIT_LIMIT, CREDIT_LIMIT, MS(10), 100, MS(0), CREDIT_LIMIT - 1 },
	/* 1 ns left is not 0: no credit lost */
	{ CREDIT_LIMIT, 0, MS(100) + 1, 100, 1, 0 },
};

#define NR_HIGH_CREDIT \
	((int)(sizeof(high_credit_table) / sizeof(high_credit_table[0])))

START_TEST(ingo_run_high_credit_drains_slower)
{
	int h;

	boot(1);
	set_tunable("credit_limit", high_credit_table[_i].limit);
	h = hog("hog", 0);
	set_slice(h, 1);
	t_run(TICK_NS);
	set_sleep_avg(h, high_credit_table[_i].start_ns);
	set_credit(h, high_credit_table[_i].credit);
	set_slice(h, high_credit_table[_i].slice_ms);
	t_run(MS(high_credit_table[_i].slice_ms));
	ck_assert_uint_eq(ingo(h).sleep_avg, high_credit_table[_i].expect_ns);
	ck_assert_int_eq(ingo(h).interactive_credit,
			 high_credit_table[_i].expect_credit);
}
END_TEST

/*
 * 1 CPU, a lone nice 19 hog (5 ms slices) at sleep_avg 0, credit 0: each
 * schedule() finds sleep_avg at 0 and takes a credit, until LOW_CREDIT
 * (< -100) stops it at -101.  1 s is 200 slices.
 */
START_TEST(ingo_credit_floor_is_below_minus_limit)
{
	int h;

	boot(1);
	h = hog("hog", 19);
	set_sleep_avg(h, 0);
	set_credit(h, 0);
	t_run(SEC(1));
	ck_assert_uint_eq(ingo(h).sleep_avg, 0);
	ck_assert_int_eq(ingo(h).interactive_credit, -CREDIT_LIMIT - 1);
}
END_TEST

/*
 * 1 CPU, a task that runs 1 ms and sleeps 9 ms: each wake-up clamps
 * sleep_avg at 1 s and earns a credit, until HIGH_CREDIT (> 100) stops
 * it at 101.  3 s is 300 wake-ups.
 */
START_TEST(ingo_credit_ceiling_is_above_limit)
{
	int s;

	boot(1);
	s = t_spawn("sleeper", SIM_SCHED_NORMAL, 0, 0, t_body_sleeper,
		    (void *)10UL);
	t_run(SEC(3));
	ck_assert_int_eq(ingo(s).interactive_credit, CREDIT_LIMIT + 1);
	ck_assert_uint_ge(ingo(s).sleep_avg, NS_MAX_SLEEP_AVG - MS(1));
}
END_TEST

/* ---- TIMESLICE_GRANULARITY ----------------------------------------------- */

/*
 * The length of the run that starts with @used ms of a 100 ms slice used:
 * it ends at the next multiple of @gran that leaves at least @gran of the
 * slice, or at the end of the slice.
 */
static int granular_run_ms(int used, int gran)
{
	int end = used;

	do
		end++;
	while (end < DEF_TIMESLICE &&
	       (end % gran || DEF_TIMESLICE - end < gran));
	return end - used;
}

/*
 * Two interactive nice 0 hogs A and B at sleep_avg 1 s (bonus 10, prio
 * 115, granularity 5 ms * CPUs) with full slices, both allowed on cpu0
 * only.  A is requeued behind B each granularity of its slice (and at
 * its expiry it goes back to the active array: interactive):
 *   cpu0: A gran | B gran | A ... | B ...
 * The first four runs alternate with the lengths granular_run_ms() gives.
 *
 * Every other CPU gets two hogs of its own first (FILLERS_PER_CPU), so
 * that the machine is balanced: an idle CPU would fail to pull the
 * pinned A or B and wake migration/0 again and again, and each of its
 * visits preempts the task on cpu0.  A picked task that was woken is
 * requeued at the tail of its level (2.6.10's schedule() credits its
 * wait that way), so such a preemption hands cpu0 back to the other
 * task: right for 2.6.10, but not what this test measures.
 */
#define FILLERS_PER_CPU		2
#define SETTLE			MS(100)	/* < INTERACTIVE_SLEEP (799 ms) */
START_TEST(ingo_granularity_round_robin)
{
	int cpus = machines[_i].cpus;
	int gran = granularity_ms(MAX_BONUS, cpus);
	const struct run *r;
	struct runlog l;
	int a, b, i, pid, used[2] = { 0, 0 };
	char cpu_list[12];

	boot_machine(_i);
	for (i = FILLERS_PER_CPU; i < FILLERS_PER_CPU * cpus; i++) {
		snprintf(cpu_list, sizeof(cpu_list), "%d", i / FILLERS_PER_CPU);
		hog_on("filler", 0, cpu_list);
	}
	a = script_on("a", 0, "0");
	b = script_on("b", 0, "0");
	t_run(SETTLE);
	set_sleep_avg(a, NS_MAX_SLEEP_AVG);
	set_sleep_avg(b, NS_MAX_SLEEP_AVG);
	set_slice(a, DEF_TIMESLICE);
	set_slice(b, DEF_TIMESLICE);
	post(a, SIM_CMD_BURN, SEC(10), 0);
	post(b, SIM_CMD_BURN, SEC(10), 0);
	ck_assert_int_eq(curr(0), a);
	ck_assert_int_eq(ingo(a).prio, 115);
	ck_assert_int_eq(ingo(b).prio, 115);

	runlog_start(&l, 0);
	runlog_run(&l, MS(4 * DEF_TIMESLICE));
	for (i = 0; i < 4; i++) {
		pid = i % 2 ? b : a;
		r = &l.run[i];
		ck_assert_msg(i < l.nr && r->pid == pid,
			      "run %d: pid %d, expected %d", i,
			      i < l.nr ? r->pid : -1, pid);
		ck_assert_msg(r->len == MS(granular_run_ms(used[i % 2], gran)),
			      "%d CPUs, run %d of %s: %llu ns, expected %d ms",
			      cpus, i, i % 2 ? "b" : "a", r->len,
			      granular_run_ms(used[i % 2], gran));
		used[i % 2] += granular_run_ms(used[i % 2], gran);
	}
}
END_TEST

/*
 * TIMESLICE_GRANULARITY G = 5 ms * 2^((10 - bonus ?: 1) - 1) * CPUs: an
 * interactive task is requeued at the tick where the part of its slice
 * used, task_timeslice T minus the slice left, is a multiple of G and at
 * least G is left.  Two interactive script tasks A and B at @nice and
 * sleep_avg bonus * 100 ms (prio static - (bonus - 5)), pinned to cpu0,
 * each with @slice_ms left (other CPUs busy with hogs of their own): A's
 * first run ends at the first such tick, or at the end of its slice; B's
 * first run is as long (its wait, credited when it is picked, leaves its
 * bonus as it was).  nice 0 is interactive from bonus 7 (prio 118), nice
 * 5 (T 75 ms, DELTA 3) from bonus 8 (prio 122).
 */
static const struct {
	int nice, bonus, cpus, slice_ms;
} gran_table[] = {
	{ 0, 10, 1, 100 },	/* G 5 */
	{ 0, 9, 1, 100 },	/* G 5 */
	{ 0, 8, 1, 100 },	/* G 10 */
	{ 0, 7, 1, 100 },	/* G 20 */
	{ 0, 10, 1, 10 },	/* G 5: requeued with exactly G left */
	{ 0, 7, 1, 40 },	/* G 20: the same */
	{ 5, 8, 2, 40 },	/* G 20, T 75: used 35, requeued 5 ms in */
	{ 5, 8, 2, 75 },	/* used 0: 20 ms in */
	{ 0, 10, 2, 100 },	/* G 10 */
};

/* The first run of a task with @slice of @t used, granule @g. */
static int first_granule_ms(int t, int slice, int g)
{
	int k;

	for (k = 1; k < slice; k++)
		if (!((t - (slice - k)) % g) && slice - k >= g)
			return k;
	return slice;
}

START_TEST(ingo_granularity_by_bonus)
{
	int nice = gran_table[_i].nice, bonus = gran_table[_i].bonus;
	int cpus = gran_table[_i].cpus, slice = gran_table[_i].slice_ms;
	int gran = granularity_ms(bonus, cpus);
	int run = first_granule_ms(timeslice_ms(nice), slice, gran);
	struct runlog l;
	char cpu_list[12];
	int a, b, i;

	boot(cpus);
	for (i = FILLERS_PER_CPU; i < FILLERS_PER_CPU * cpus; i++) {
		snprintf(cpu_list, sizeof(cpu_list), "%d", i / FILLERS_PER_CPU);
		hog_on("filler", 0, cpu_list);
	}
	a = script_on("a", nice, "0");
	b = script_on("b", nice, "0");
	t_run(SETTLE);
	prime(a, SLEEP_AVG_OF_BONUS(bonus), slice);
	prime(b, SLEEP_AVG_OF_BONUS(bonus), slice);
	post(a, SIM_CMD_BURN, SEC(10), 0);
	post(b, SIM_CMD_BURN, SEC(10), 0);
	ck_assert_int_eq(curr(0), a);
	ck_assert_int_eq(ingo(a).prio, NICE_TO_PRIO(nice) - (bonus - 5));

	runlog_start(&l, 0);
	runlog_run(&l, MS(2 * run + 1));
	ck_assert_int_ge(l.nr, 2);
	ck_assert_int_eq(l.run[0].pid, a);
	ck_assert_msg(l.run[0].len == MS(run), "nice %d, bonus %d, %d CPUs, "
		      "slice %d: A ran %llu ns, expected %d ms", nice, bonus,
		      cpus, slice, l.run[0].len, run);
	ck_assert_int_eq(l.run[1].pid, b);
	ck_assert_uint_eq(l.run[1].len, MS(run));
}
END_TEST

/*
 * The round-robin turn recomputes the priority (the seeds' 2.6.10-rc1-mm2
 * scheduler_tick(): dequeue_task(), p->prio = effective_prio(p),
 * enqueue_task() at the tail of the new level; 2.6.11's requeue_task()
 * keeps the old level).  sleep_avg drops only when the task is switched
 * out (schedule() takes the run off it), and each turn switches it out:
 * a task that runs on loses its bonus turn by turn, not at its expiry.
 *
 * 1 CPU, nice 0 script task A at sleep_avg 1 s (bonus 10, prio 115,
 * granularity 5 ms), a full 100 ms slice, burning alone:
 *   t=5   turn: effective_prio() still sees 1 s -> 115; picked again,
 *         schedule() takes 5 ms: sleep_avg 995 ms, bonus 995 * 10 / 1000
 *         = 9, granularity 5 * 2^(1 - 1) = 5 ms;
 *   t=10  turn: prio 120 - (9 - 5) = 116 (the old level kept 115 until
 *         the expiry at t=100).
 */
START_TEST(ingo_granularity_turn_recomputes_prio)
{
	int a;

	boot(1);
	a = script("a", 0);
	t_run(SETTLE);
	prime(a, NS_MAX_SLEEP_AVG, DEF_TIMESLICE);
	post(a, SIM_CMD_BURN, SEC(10), 0);
	ck_assert_int_eq(ingo(a).prio, 115);

	t_run(MS(10) - MS(1) / 2);
	ck_assert_int_eq(curr(0), a);
	ck_assert_uint_eq(ingo(a).sleep_avg, NS_MAX_SLEEP_AVG - MS(5));
	ck_assert_int_eq(ingo(a).prio, 115);
	t_run(MS(1));
	ck_assert_int_eq(ingo(a).prio, 116);
	ck_assert_uint_eq(ingo(a).time_slice, DEF_TIMESLICE - 10);
}
END_TEST

/*
 * What the recomputed level does: 1 CPU, nice 0 script tasks A at
 * sleep_avg 1 s (prio 115) and B at 900 ms (bonus 9, prio 116), full
 * slices.  A runs; its turn at t=5 keeps 115 (A ahead of B again), the
 * one at t=10 puts it at 116 behind B (sleep_avg 995 ms, see above): B
 * runs from t=10.  Kept at 115, A would run its whole slice first, B
 * from t=100.
 */
START_TEST(ingo_granularity_turn_lets_better_task_run)
{
	struct runlog l;
	int a, b;

	boot(1);
	a = script("a", 0);
	b = script("b", 0);
	t_run(SETTLE);
	prime(a, NS_MAX_SLEEP_AVG, DEF_TIMESLICE);
	prime(b, SLEEP_AVG_OF_BONUS(9), DEF_TIMESLICE);
	post(a, SIM_CMD_BURN, SEC(10), 0);
	post(b, SIM_CMD_BURN, SEC(10), 0);
	ck_assert_int_eq(curr(0), a);
	ck_assert_int_eq(ingo(a).prio, 115);
	ck_assert_int_eq(ingo(b).prio, 116);

	runlog_start(&l, 0);
	runlog_run(&l, MS(2 * DEF_TIMESLICE));
	ck_assert_int_ge(l.nr, 2);
	ck_assert_int_eq(l.run[0].pid, a);
	ck_assert_msg(l.run[0].len == MS(10), "A ran %llu ns, expected 10 ms",
		      l.run[0].len);
	ck_assert_int_eq(l.run[1].pid, b);
}
END_TEST

/* ---- starvation ---------------------------------------------------------- */

/*
 * 1 CPU, two nice 0 script tasks at sleep_avg 1 s (prio 115).  I burns;
 * its sleep_avg is put back to 1 s every tick, so it stays interactive
 * and goes back to the active array at each expiry.  E yields once into
 * the expired array:
 *   t=0    I runs, E queued behind it;  t=5: I requeued (granularity),
 *          E runs and yields:  active: I    expired: E
 *   t=100  I's first expiry: expired_timestamp = now (X)
 *   I's slices end every 100 ms after X; EXPIRED_STARVING once
 *   jiffies - X >= STARVATION_LIMIT * nr_running + 1 = 2001: at X + 2100
 *   I goes to the expired array, the arrays switch and E (ahead of I at
 *   prio 115) runs, at t = 2200 ms.
 * With I's slice cut to one tick at X + 2000 (where it was just refilled,
 * not starving yet), its expiry at X + 2001 is the first that starves:
 * E runs at t = 2101 ms.
 */
static const struct {
	int cut_at_ms;		/* 0: no cut */
	int e_runs_ms;
} starve_table[] = {
	{ 0, DEF_TIMESLICE + 21 * DEF_TIMESLICE },
	{ DEF_TIMESLICE + 2000, DEF_TIMESLICE + 2001 },
};

START_TEST(ingo_starvation_limit_lets_expired_run)
{
	int cut = starve_table[_i].cut_at_ms, want = starve_table[_i].e_runs_ms;
	unsigned long long start, e_back = 0;
	int i_pid, e_pid;

	boot(1);
	i_pid = script("i", 0);
	e_pid = script("e", 0);
	set_sleep_avg(i_pid, NS_MAX_SLEEP_AVG);
	set_sleep_avg(e_pid, NS_MAX_SLEEP_AVG);
	set_slice(i_pid, DEF_TIMESLICE);
	set_slice(e_pid, DEF_TIMESLICE);
	start = sim_now();
	post(i_pid, SIM_CMD_BURN, SEC(10), 0);
	post(e_pid, SIM_CMD_SYSCALL, SIM_SYS_sched_yield, 0);
	post(e_pid, SIM_CMD_BURN, SEC(10), 0);

	while (sim_now() < start + SEC(3)) {
		t_run(TICK_NS);
		set_sleep_avg(i_pid, NS_MAX_SLEEP_AVG);
		if (cut && sim_now() == start + MS(cut)) {
			ck_assert_uint_eq(ingo(i_pid).time_slice,
					  DEF_TIMESLICE);
			set_slice(i_pid, 1);
		}
		if (t_info(e_pid).cmds_done == 1 && curr(0) == e_pid) {
			e_back = sim_now();
			break;
		}
	}
	/* E yielded at the first granularity requeue of I */
	ck_assert_uint_eq(t_info(e_pid).cmds_done, 1);
	ck_assert_msg(e_back, "the expired task never ran again in 3 s");
	ck_assert_msg(e_back - start == MS(want),
		      "the expired task ran again after %llu ns, expected "
		      "%d ms", e_back - start, want);
}
END_TEST

/*
 * EXPIRED_STARVING's second clause: curr->static_prio > best_expired_prio.
 * 1 CPU: E1 (nice -10 or 0, sleep_avg 0) expires into the expired array
 * while hog E2 (nice 0) is queued; then I (nice -5, static 115, sleep_avg
 * 1 s, prio 110, interactive) preempts E2 and its 1-tick slice expires:
 *   E1 nice -10 (best_expired_prio 110 < 115): starving, I is expired
 *	cpu: E2    expired: E1, I
 *   E1 nice 0 (best_expired_prio 120): not starving, I stays active
 *	cpu: I     active: E2, I    expired: E1
 */
static const struct {
	int e1_nice;
	int starving;
} static_starve_table[] = {
	{ -10, 1 },
	{   0, 0 },
	/* best_expired_prio 115, I's own static prio: not better */
	{  -5, 0 },
};

START_TEST(ingo_starving_by_better_expired_static_prio)
{
	int starving = static_starve_table[_i].starving;
	int e1, e2, i_pid;

	boot(1);
	e1 = hog("e1", static_starve_table[_i].e1_nice);
	e2 = hog("e2", 0);
	i_pid = script("i", -5);
	ck_assert_int_eq(curr(0), e1);
	set_sleep_avg(e1, 0);
	set_slice(e1, 1);
	t_run(TICK_NS);
	ck_assert_int_eq(curr(0), e2);

	set_sleep_avg(i_pid, NS_MAX_SLEEP_AVG);
	set_slice(i_pid, 1);
	post(i_pid, SIM_CMD_BURN, SEC(10), 0);
	ck_assert_int_eq(curr(0), i_pid);
	ck_assert_int_eq(ingo(i_pid).prio, 110);
	t_run(TICK_NS);

	ck_assert_int_eq(curr(0), starving ? e2 : i_pid);
	ck_assert_int_eq(kfix_ingo_same_array(i_pid, e1), starving);
}
END_TEST

/*
 * The expired array's timestamp starts anew at each array switch.  1 CPU:
 * I (nice 0, kept at sleep_avg 1 s: prio 115, interactive) and hog Z
 * (nice 19, prio 139, never interactive).  I holds the CPU, Z waiting in
 * the active array; I's first expiry stamps the expired array (t = 100),
 * and I starves at its expiry at 2200 (100 + 2001 passed): Z runs its
 * 5 ms and expires too; the arrays switch at 2205.  Anew, I runs, and
 * its next expiry (2305) only stamps the expired array: Z waits until
 * I's expiry at 4405 (2305 + 2001 passed).
 */
START_TEST(ingo_switch_arrays_starts_expired_anew)
{
	unsigned long long start, z_run;
	int i, z;

	boot(1);
	i = script("i", 0);
	z = script("z", 19);
	set_sleep_avg(i, NS_MAX_SLEEP_AVG);
	set_slice(i, DEF_TIMESLICE);
	set_slice(z, MIN_TIMESLICE);
	start = sim_now();
	post(i, SIM_CMD_BURN, SEC(10), 0);
	post(z, SIM_CMD_BURN, SEC(10), 0);
	while (sim_now() < start + MS(2400)) {
		t_run(TICK_NS);
		set_sleep_avg(i, NS_MAX_SLEEP_AVG);
	}
	z_run = runtime(z);
	ck_assert_uint_eq(z_run, MS(MIN_TIMESLICE));
	while (sim_now() < start + MS(4405)) {
		t_run(TICK_NS);
		set_sleep_avg(i, NS_MAX_SLEEP_AVG);
		ck_assert_uint_eq(runtime(z), z_run);
	}
	t_run(TICK_NS);
	ck_assert_int_eq(curr(0), z);
}
END_TEST

/*
 * The best static prio of the expired array starts anew at each switch
 * too.  1 CPU: interactive tasks J (nice 1: 95 ms slices; kept at
 * sleep_avg 1 s: prio 116) and I (nice 0, kept at 800 ms: prio 117), hog
 * Z (nice 19, 5 ms slices).  J runs; stamped at its expiry at 100, the
 * expired array starves J at its expiry at 3140 (3001 passed, 3 tasks),
 * then I at 3240 (best static prio 120, I's); Z runs and expires; the
 * arrays switch at 3245.  J's next expiry, at 3340, finds
 * best_expired_prio reset: J (static 121) is not starving, it goes on.
 */
START_TEST(ingo_switch_arrays_resets_best_expired)
{
	unsigned long long start;
	int i, j, z;

	boot(1);
	j = script("j", 1);
	i = script("i", 0);
	z = script("z", 19);
	set_sleep_avg(j, NS_MAX_SLEEP_AVG);
	set_sleep_avg(i, MS(800));
	set_slice(j, DEF_TIMESLICE);
	set_slice(i, DEF_TIMESLICE);
	set_slice(z, MIN_TIMESLICE);
	start = sim_now();
	post(j, SIM_CMD_BURN, SEC(10), 0);
	post(i, SIM_CMD_BURN, SEC(10), 0);
	post(z, SIM_CMD_BURN, SEC(10), 0);
	while (sim_now() < start + MS(3341)) {
		t_run(TICK_NS);
		set_sleep_avg(j, NS_MAX_SLEEP_AVG);
		set_sleep_avg(i, MS(800));
		if (sim_now() == start + MS(3241))
			ck_assert_int_eq(curr(0), z);
	}
	ck_assert_uint_eq(runtime(z), MS(MIN_TIMESLICE));
	ck_assert_int_eq(curr(0), j);
}
END_TEST

/*
 * The expired array's timestamp is also reset when the CPU goes idle.
 * 1 CPU: I (nice 0, sleep_avg 1 s) runs a slice alone, its expiry stamps
 * the expired array, then it sleeps 3 s; woken with hog X (nice 0, prio
 * 125) its expiries stamp anew: the first at 100 ms, and X first runs
 * when I starves, at the first expiry 2001 ms after that: 2200.
 */
START_TEST(ingo_idle_resets_expired_timestamp)
{
	unsigned long long start;
	int i, x;

	boot(1);
	i = script("i", 0);
	x = script("x", 0);
	set_sleep_avg(i, NS_MAX_SLEEP_AVG);
	set_slice(i, 1);
	t_cmd(i, SIM_CMD_BURN, MS(2), 0, 0, 0);
	t_cmd(i, SIM_CMD_SLEEP, SEC(3), 0, 0, 0);
	set_sleep_avg(i, NS_MAX_SLEEP_AVG);
	set_sleep_avg(x, 0);
	set_slice(i, DEF_TIMESLICE);
	start = sim_now();
	post(i, SIM_CMD_BURN, SEC(10), 0);
	post(x, SIM_CMD_BURN, SEC(10), 0);
	while (sim_now() < start + SEC(3) && !runtime(x)) {
		t_run(TICK_NS);
		set_sleep_avg(i, NS_MAX_SLEEP_AVG);
	}
	ck_assert_msg(sim_now() - TICK_NS == start + MS(2200),
		      "X first ran at %llu ms", (sim_now() - TICK_NS - start) /
		      MS(1));
}
END_TEST

/*
 * pick_work counts the bitmap searches of schedule()'s picks: one per
 * pick, one more when the arrays switch.  1 CPU, a lone nice 0 hog: each
 * of its 10 slices in 1 s ends in a pick that switches the arrays.
 */
START_TEST(ingo_pick_work_counts_array_switches)
{
	unsigned long long work;
	int h;

	boot(1);
	h = hog("h", 0);
	set_slice(h, 1);
	t_run(TICK_NS);
	work = kfix_pick_work();
	t_run(SEC(1));
	ck_assert_uint_eq(kfix_pick_work() - work, 2 * 10);
}
END_TEST

/* ---- fork ---------------------------------------------------------------- */

/*
 * A script task P with 61 ticks left forks: the child gets (61 + 1) >> 1
 * = 31 on its first slice, P keeps 61 >> 1 = 30.  P itself is past its
 * own first slice (it expired once), the child is on its first.
 */
START_TEST(ingo_fork_splits_slice)
{
	struct kfix_ingo kp, kc;
	long child;
	int p;

	boot(1);
	p = script("parent", 0);
	set_slice(p, 1);
	t_cmd(p, SIM_CMD_BURN, MS(2), 0, 0, 0);
	ck_assert_uint_eq(ingo(p).first_time_slice, 0);
	set_slice(p, 61);
	child = t_cmd(p, SIM_CMD_FORK, 0, 0, 0, 0);
	ck_assert_int_gt(child, 0);
	kp = ingo(p);
	kc = ingo(child);
	ck_assert_uint_eq(kc.time_slice, 31);
	ck_assert_uint_eq(kc.first_time_slice, 1);
	ck_assert_uint_eq(kp.time_slice, 30);
	ck_assert_uint_eq(kp.first_time_slice, 0);
}
END_TEST

/*
 * P with 1 tick left forks: the child gets 1, P's 0 becomes 1 and
 * scheduler_tick() runs at once, which ends P's slice: P is refilled to
 * its task_timeslice (100 ms) and is no longer on its first slice.
 */
START_TEST(ingo_fork_last_tick_expires_parent)
{
	long child;
	int p;

	boot(1);
	p = script("parent", 0);
	set_slice(p, 1);
	child = t_cmd(p, SIM_CMD_FORK, 0, 0, 0, 0);
	ck_assert_int_gt(child, 0);
	ck_assert_uint_eq(ingo(child).time_slice, 1);
	ck_assert_uint_eq(ingo(p).time_slice, timeslice_ms(0));
	ck_assert_uint_eq(ingo(p).first_time_slice, 0);
}
END_TEST

/*
 * P at sleep_avg 750 ms (bonus 7, prio 118) and credit 42 forks; with
 * child_penalty C and parent_penalty P (% of sleep_avg kept, 95 and 100
 * by default), quantised to the bonus:
 *   child sleep_avg = 7 * C / 100 * 1000 / 10 ms, credit 0;
 *   P's sleep_avg   = 7 * P / 100 * 1000 / 10 ms, credit kept;
 *   the child (no CLONE_VM, same CPU) takes P's prio, 118, whatever its
 *   own sleep_avg gives.
 */
static const struct {
	int child_penalty, parent_penalty, child_ms, parent_ms;
} fork_penalty_table[] = {
	{ 95, 100, 600, 700 },	/* 665 / 100 = 6; 700 / 100 = 7 */
	{ 50, 100, 300, 700 },	/* 350 / 100 = 3 */
	{ 95, 50, 600, 300 },
	{ 100, 30, 700, 200 },	/* 210 / 100 = 2 */
	{ 99, 99, 600, 600 },	/* 693 / 100 = 6 */
};

#define NR_FORK_PENALTIES \
	((int)(sizeof(fork_penalty_table) / sizeof(fork_penalty_table[0])))

START_TEST(ingo_fork_penalises_sleep_avg)
{
	struct kfix_ingo kp, kc;
	long child;
	int p;

	boot(1);
	set_tunable("child_penalty", fork_penalty_table[_i].child_penalty);
	set_tunable("parent_penalty", fork_penalty_table[_i].parent_penalty);
	p = script("parent", 0);
	set_sleep_avg(p, MS(750));
	set_credit(p, 42);
	child = t_cmd(p, SIM_CMD_FORK, 0, 0, 0, 0);
	ck_assert_int_gt(child, 0);
	kp = ingo(p);
	kc = ingo(child);
	ck_assert_uint_eq(kc.sleep_avg, MS(fork_penalty_table[_i].child_ms));
	ck_assert_int_eq(kc.interactive_credit, 0);
	ck_assert_uint_eq(kp.sleep_avg, MS(fork_penalty_table[_i].parent_ms));
	ck_assert_int_eq(kp.interactive_credit, 42);
	ck_assert_int_eq(kp.prio, 118);
	ck_assert_int_eq(kc.prio, 118);
}
END_TEST

/* A fork without CLONE_VM on the same CPU: the child runs first. */
static volatile int fork_child_ran, fork_parent_saw;

static void fork_child_body(void *unused)
{
	fork_child_ran = 1;
	sim_sleep(MS(1));
}

static void fork_parent_body(void *unused)
{
	fork_child_ran = 0;
	sim_fork(fork_child_body, NULL);
	fork_parent_saw = fork_child_ran;
	sim_sleep(MS(10));
}

/*
 * 1 CPU: a task forks; by the time sim_fork() returns to the parent, the
 * child has run (it was queued just ahead of the parent, need_resched
 * set).  Both at the same instant.
 */
START_TEST(ingo_fork_child_runs_first)
{
	boot(1);
	fork_parent_saw = -1;
	t_spawn("parent", SIM_SCHED_NORMAL, 0, 0, fork_parent_body, NULL);
	t_run(TICK_NS);
	ck_assert_int_eq(fork_child_ran, 1);
	ck_assert_int_eq(fork_parent_saw, 1);
}
END_TEST

/*
 * The child of a fork without CLONE_VM is queued just ahead of its
 * parent, at the parent's level: after the child, the parent runs again
 * before the tasks of its level queued behind it.  1 CPU, nice 0 script
 * tasks P and Q at sleep_avg 0 (prio 125): P burns, Q wakes and queues
 * behind it (equal prio); P forks; its child (a script task with nothing
 * to do) runs at once and sleeps; then P finishes the fork before Q ever
 * runs.
 *   P forks:  cpu: C    active[125]: C, P, Q
 *   C sleeps: cpu: P    active[125]: P, Q
 */
START_TEST(ingo_fork_child_queued_ahead_of_parent)
{
	int p, q;
	long child;

	boot(1);
	p = script("p", 0);
	q = script("q", 0);
	set_sleep_avg(p, 0);
	set_sleep_avg(q, 0);
	set_slice(p, DEF_TIMESLICE);
	post(p, SIM_CMD_BURN, MS(5), 0);
	post(p, SIM_CMD_FORK, 0, 0);
	post(q, SIM_CMD_BURN, MS(5), 0);
	ck_assert_int_eq(curr(0), p);
	ck_assert_int_eq(t_info(q).state, 'Q');
	ck_assert_int_eq(ingo(q).prio, ingo(p).prio);

	while (t_info(p).cmds_done < 2)
		t_run(TICK_NS);
	child = sim_cmd_result(p);
	ck_assert_int_gt(child, 0);
	ck_assert_uint_eq(t_info(child).switches, 1);
	ck_assert_int_eq(t_info(child).state, 'S');
	ck_assert_uint_eq(runtime(q), 0);
}
END_TEST

/* ---- exit ---------------------------------------------------------------- */

/* P forks a script child with P at @slice ticks; returns the child. */
static int fork_with_slice(int p, unsigned int slice)
{
	long child;

	set_slice(p, slice);
	child = t_cmd(p, SIM_CMD_FORK, 0, 0, 0, 0);
	ck_assert_int_gt(child, 0);
	return child;
}

/*
 * P at 60 ticks forks (child 30, P 30); the child exits at once, still on
 * its first slice: its 30 go back to P, 60.
 */
START_TEST(ingo_exit_first_slice_returns_to_parent)
{
	int p, c;

	boot(1);
	p = script("parent", 0);
	c = fork_with_slice(p, 60);
	ck_assert_uint_eq(ingo(p).time_slice, 30);
	t_cmd(c, SIM_CMD_EXIT, 0, 0, 0, 0);
	ck_assert_int_eq(t_info(c).state, 'Z');
	ck_assert_uint_eq(ingo(p).time_slice, 60);
}
END_TEST

/*
 * P at 100 forks (child 50, P 50), then P is given 90: the child's 50
 * would make 140, capped at task_timeslice (100 ms at nice 0).
 */
START_TEST(ingo_exit_give_back_capped_at_timeslice)
{
	int p, c;

	boot(1);
	p = script("parent", 0);
	c = fork_with_slice(p, 100);
	set_slice(p, 90);
	t_cmd(c, SIM_CMD_EXIT, 0, 0, 0, 0);
	ck_assert_uint_eq(ingo(p).time_slice, timeslice_ms(0));
}
END_TEST

/*
 * P at 60 forks (child 30, P 30); the child burns 40 ms, so its first
 * slice ends (refilled, first_time_slice 0), then exits: P keeps 30.
 * The same for SCHED_RR, whose slice ends in the tick's RR branch (the
 * child inherits the policy).
 */
START_TEST(ingo_exit_after_first_slice_gives_nothing)
{
	int p, c;

	boot(1);
	if (_i)
		p = t_spawn_script("parent", SIM_SCHED_RR, 10, 0);
	else
		p = script("parent", 0);
	c = fork_with_slice(p, 60);
	ck_assert_int_eq(t_info(c).policy, _i ? SIM_SCHED_RR : SIM_SCHED_NORMAL);
	ck_assert_uint_eq(ingo(c).first_time_slice, 1);
	t_cmd(c, SIM_CMD_BURN, MS(40), 0, 0, 0);
	ck_assert_uint_eq(ingo(c).first_time_slice, 0);
	t_cmd(c, SIM_CMD_EXIT, 0, 0, 0, 0);
	ck_assert_uint_eq(ingo(p).time_slice, 30);
}
END_TEST

/*
 * A child exits with a lower sleep_avg than its parent's: with exit_weight
 * W (EXIT_WEIGHT, 3 by default) the parent's becomes parent / (W + 1) * W
 * + child / (W + 1); a higher one leaves the parent's alone.
 */
static const struct {
	int weight;
	unsigned long long parent_ns, child_ns, expect_ns;
} exit_weight_table[] = {
	{ 3, MS(800), MS(400), MS(700) },	/* 600 + 100 */
	{ 3, MS(1000), 0, MS(750) },		/* 750 + 0 */
	{ 3, MS(800), MS(900), MS(800) },	/* child higher: unchanged */
	/* equal: unchanged (weighted, 249999999 * 3 + 249999999 is less) */
	{ 3, 999999999, 999999999, 999999999 },
	{ 1, MS(800), MS(400), MS(600) },	/* 400 + 200 */
	{ 0, MS(800), MS(400), MS(400) },	/* 0 + 400: the child's */
};

#define NR_EXIT_WEIGHTS \
	((int)(sizeof(exit_weight_table) / sizeof(exit_weight_table[0])))

START_TEST(ingo_exit_weights_parent_sleep_avg)
{
	int p, c;

	boot(1);
	set_tunable("exit_weight", exit_weight_table[_i].weight);
	p = script("parent", 0);
	c = fork_with_slice(p, 60);
	set_sleep_avg(p, exit_weight_table[_i].parent_ns);
	set_sleep_avg(c, exit_weight_table[_i].child_ns);
	t_cmd(c, SIM_CMD_EXIT, 0, 0, 0, 0);
	ck_assert_uint_eq(ingo(p).sleep_avg, exit_weight_table[_i].expect_ns);
}
END_TEST

/* ---- real-time ----------------------------------------------------------- */

/*
 * Two SCHED_RR 50 hogs at nice 0, allowed on cpu0 only, for 1 s: after
 * the first run of each (a slice halved at spawn), they alternate in
 * runs of exactly task_timeslice (100 ms): RR refills on expiry and goes
 * to the tail of its level.
 */
START_TEST(ingo_rt_rr_rotates_every_slice)
{
	const struct run *r;
	struct runlog l;
	int a, b, i;

	boot_machine(_i);
	a = spawn_on("rr_a", SIM_SCHED_RR, 50, 0, "0", t_body_hog, NULL);
	b = spawn_on("rr_b", SIM_SCHED_RR, 50, 0, "0", t_body_hog, NULL);
	runlog_start(&l, 0);
	runlog_run(&l, SEC(1));

	ck_assert_int_ge(nr_runs(&l, a), 4);
	ck_assert_int_ge(nr_runs(&l, b), 4);
	for (i = 2; i < l.nr; i++) {
		r = &l.run[i];
		ck_assert_msg(r->pid == a || r->pid == b,
			      "pid %d ran between the RR tasks", r->pid);
		ck_assert_int_ne(r->pid, l.run[i - 1].pid);
		ck_assert_uint_eq(r->len, MS(timeslice_ms(0)));
	}
}
END_TEST

/* At nice 10 the RR slice is 50 ms: runs after the first are 50 ms. */
START_TEST(ingo_rt_rr_slice_follows_nice)
{
	const struct run *r;
	struct runlog l;
	int a, b, i;

	boot(1);
	a = t_spawn("rr_a", SIM_SCHED_RR, 50, 10, t_body_hog, NULL);
	b = t_spawn("rr_b", SIM_SCHED_RR, 50, 10, t_body_hog, NULL);
	runlog_start(&l, 0);
	runlog_run(&l, MS(500));
	ck_assert_int_ge(l.nr, 6);
	for (i = 2; i < l.nr; i++) {
		r = &l.run[i];
		ck_assert(r->pid == a || r->pid == b);
		ck_assert_uint_eq(r->len, MS(timeslice_ms(10)));
	}
}
END_TEST

/*
 * 1 CPU, two FIFO 50 hogs for 3 s: the first is never switched out, the
 * second never runs.
 */
START_TEST(ingo_rt_fifo_never_expires)
{
	struct sim_task_info before;
	int first, second;

	boot(1);
	first = t_spawn("fifo_a", SIM_SCHED_FIFO, 50, 0, t_body_hog, NULL);
	second = t_spawn("fifo_b", SIM_SCHED_FIFO, 50, 0, t_body_hog, NULL);
	before = t_info(first);
	t_run(SEC(3));
	ck_assert_uint_eq(t_info(first).switches, before.switches);
	ck_assert_uint_eq(runtime(first), before.runtime_ns + SEC(3));
	ck_assert_uint_eq(runtime(second), 0);
}
END_TEST

/*
 * 1 CPU, a NORMAL hog at nice -20 runs; a FIFO 50 script task woken at
 * t is on the CPU at t, the hog queued.
 */
START_TEST(ingo_rt_preempts_at_once)
{
	unsigned long long woken_at;
	int rt, normal;

	boot(1);
	rt = t_spawn_script("fifo", SIM_SCHED_FIFO, 50, 0);
	normal = hog("normal", -20);
	t_run(MS(10));
	ck_assert_int_eq(curr(0), normal);

	woken_at = sim_now();
	post(rt, SIM_CMD_BURN, MS(20), 0);
	ck_assert_uint_eq(sim_now(), woken_at);
	ck_assert_int_eq(curr(0), rt);
	ck_assert_int_eq(t_info(normal).state, 'Q');
	wait_cmds(rt);
	ck_assert_uint_eq(sim_now(), woken_at + MS(20));
}
END_TEST

/* ---- yield --------------------------------------------------------------- */

/*
 * 1 CPU: hog L at nice 19 (prio 134..139) runs with 3 ticks of slice
 * left; script task Y at nice 0 (prio <= 125) wakes, preempts L and
 * yields.  A normal task's yield goes to the expired array, so the worse
 * L runs (still in the active array) until its slice ends; then L expires,
 * the arrays switch and Y's yield returns 0, 3 ms later.
 *   after the yield:  cpu: L    expired: Y
 *   t + 3 ms:         cpu: Y    active: Y, L
 */
START_TEST(ingo_yield_normal_goes_to_expired)
{
	unsigned long long start, l_before;
	int l, y;

	boot(1);
	l = hog("l", 19);
	y = script("y", 0);
	t_run(TICK_NS);
	ck_assert_int_eq(curr(0), l);
	set_slice(l, 3);
	start = sim_now();
	l_before = runtime(l);
	post(y, SIM_CMD_SYSCALL, SIM_SYS_sched_yield, 0);

	ck_assert_int_eq(curr(0), l);
	ck_assert_int_eq(t_info(y).state, 'Q');
	ck_assert_uint_eq(t_info(y).cmds_done, 0);
	wait_cmds(y);
	ck_assert_int_eq(sim_cmd_result(y), 0);
	ck_assert_uint_eq(sim_now(), start + MS(3));
	ck_assert_uint_eq(runtime(l), l_before + MS(3));
}
END_TEST

/*
 * 1 CPU, script tasks A and B of one RT @policy and priority.  A burns
 * 10 ms then yields: an RT yield goes to the tail of its level in the
 * active array, so B (queued behind A) burns its 10 ms first; A's yield
 * returns at 20 ms.
 */
static void rt_yield_gives_way(int policy)
{
	unsigned long long start;
	int a, b;

	boot(1);
	a = t_spawn_script("a", policy, 30, 0);
	b = t_spawn_script("b", policy, 30, 0);
	start = sim_now();
	post(a, SIM_CMD_BURN, MS(10), 0);
	post(a, SIM_CMD_SYSCALL, SIM_SYS_sched_yield, 0);
	post(b, SIM_CMD_BURN, MS(10), 0);
	ck_assert_int_eq(curr(0), a);

	wait_cmds(a);
	ck_assert_int_eq(sim_cmd_result(a), 0);
	ck_assert_uint_eq(t_info(b).cmds_done, 1);
	ck_assert_uint_eq(sim_now(), start + MS(20));
}

START_TEST(ingo_yield_fifo_to_tail_of_level)
{
	rt_yield_gives_way(SIM_SCHED_FIFO);
}
END_TEST

START_TEST(ingo_yield_rr_to_tail_of_level)
{
	rt_yield_gives_way(SIM_SCHED_RR);
}
END_TEST

/*
 * 1 CPU, a FIFO 50 script task and a NORMAL hog: the FIFO task's yield
 * finds nobody at its level and keeps the CPU; the hog gets nothing.
 */
START_TEST(ingo_yield_fifo_keeps_cpu_over_normal)
{
	unsigned long long start, hog_before;
	int rt, normal;

	boot(1);
	rt = t_spawn_script("fifo", SIM_SCHED_FIFO, 50, 0);
	normal = hog("normal", -20);
	t_run(MS(10));
	start = sim_now();
	hog_before = runtime(normal);
	post(rt, SIM_CMD_BURN, MS(10), 0);
	post(rt, SIM_CMD_SYSCALL, SIM_SYS_sched_yield, 0);
	post(rt, SIM_CMD_BURN, MS(10), 0);
	wait_cmds(rt);
	ck_assert_uint_eq(sim_now(), start + MS(20));
	ck_assert_uint_eq(runtime(normal), hog_before);
}
END_TEST

/* ---- accounting and the kernel's other callers -------------------------- */

/*
 * A tick of the idle task is idle time, or iowait time while a task of
 * the CPU waits in io_schedule().  1 CPU: 100 ms idle, then 100 ms with
 * script task S in io_schedule_timeout() (IO_WAIT of 100 jiffies).
 */
START_TEST(ingo_idle_tick_is_iowait_while_io_waits)
{
	struct sim_cpu_info c0, c1, c2;
	int s;

	boot(1);
	s = script("s", 0);
	t_run(MS(10));
	c0 = cpu_info(0);
	t_run(MS(100));
	c1 = cpu_info(0);
	ck_assert_uint_eq(c1.idle - c0.idle, 100);
	ck_assert_uint_eq(c1.iowait, c0.iowait);
	post(s, SIM_CMD_IO_WAIT, 100, 0);
	t_run(MS(100));
	c2 = cpu_info(0);
	ck_assert_uint_eq(c2.iowait - c1.iowait, 100);
	ck_assert_uint_eq(c2.idle, c1.idle);
}
END_TEST

/*
 * io_schedule() without a timeout: the task is counted in nr_iowait()
 * (the machine checks the count after every event) until woken.  1 CPU:
 * task I burns 1 ms and waits in io_schedule(); 50 ms later an interrupt
 * wakes it; the CPU's idle ticks meanwhile are iowait time.
 */
static volatile int io_done;

static void io_body(void *unused)
{
	sim_burn(MS(1));
	kfix_io_schedule();
	io_done = 1;
	for (;;)
		sim_sleep(SEC(1000));
}

START_TEST(ingo_io_schedule_counts_iowait)
{
	struct sim_cpu_info c0, c1;
	int i;

	boot(1);
	io_done = 0;
	i = t_spawn("io", SIM_SCHED_NORMAL, 0, 0, io_body, NULL);
	t_run(MS(5));
	ck_assert_int_eq(t_info(i).state, 'D');
	c0 = cpu_info(0);
	t_run(MS(50));
	c1 = cpu_info(0);
	ck_assert_uint_eq(c1.iowait - c0.iowait, 50);
	ck_assert_int_eq(io_done, 0);
	ck_assert_int_eq(sim_wake(i), 0);
	t_run(TICK_NS);
	ck_assert_int_eq(io_done, 1);
	c0 = cpu_info(0);
	t_run(MS(50));
	c1 = cpu_info(0);
	ck_assert_uint_eq(c1.iowait, c0.iowait);
}
END_TEST

/*
 * The OOM killer's victim gets a slice of a second, HZ ticks; task_curr()
 * is true of the running task only.  1 CPU: task K, running, asks both
 * of itself and of script task S, asleep.
 */
static volatile long kernel_calls[3];
static int kernel_calls_other;

static void kernel_calls_body(void *unused)
{
	kernel_calls[0] = kfix_call_wrapper(KFIX_HOOK_task_curr, sim_self());
	kernel_calls[1] = kfix_call_wrapper(KFIX_HOOK_task_curr,
					    kernel_calls_other);
	kernel_calls[2] = kfix_call_wrapper(KFIX_HOOK_set_oom_timeslice,
					    sim_self());
	for (;;)
		sim_sleep(SEC(1000));
}

START_TEST(ingo_oom_slice_and_task_curr)
{
	int k;

	boot(1);
	kernel_calls_other = script("s", 0);
	k = t_spawn("k", SIM_SCHED_NORMAL, 0, 0, kernel_calls_body, NULL);
	t_run(TICK_NS);
	ck_assert_int_eq(kernel_calls[0], 1);
	ck_assert_int_eq(kernel_calls[1], 0);
	ck_assert_int_eq(kernel_calls[2], 0);
	ck_assert_uint_eq(ingo(k).time_slice, 1000);
}
END_TEST

/*
 * A wake-up onto another CPU preempts there at the same instant (an IPI),
 * not at that CPU's next tick.  2 CPUs: nice 19 hog H and S (nice 0,
 * asleep on a wait queue, a burn to do) pinned to cpu1; script task W on
 * cpu0 burns half a tick, then wakes S: one tick later S has run 1 ms.
 */
START_TEST(ingo_wake_remote_preempts_at_once)
{
	int w, s;

	boot(2);
	hog_on("h", 19, "1");
	s = sync_sleeper("s", 0, "1");
	post(s, SIM_CMD_BURN, MS(20), 0);
	w = script_on("w", 0, "0");
	t_run(MS(10));
	post(w, SIM_CMD_BURN, TICK_NS / 2, 0);
	post(w, SIM_CMD_WQ_WAKE, WQ_SYNC, 1);
	t_run(TICK_NS + TICK_NS / 2);
	ck_assert_int_eq(t_info(w).cmds_done, 2);
	ck_assert_int_eq(curr(1), s);
	ck_assert_uint_eq(runtime(s), TICK_NS);
}
END_TEST

/* ---- priority inheritance ------------------------------------------------ */

#define M0		0	/* harness rt_mutex */

/*
 * A task boosted into the RT levels through an rt_mutex is RT while
 * boosted: it leaves the expired array for the active one (no RT level
 * waits there) and its slice does not run down; de-boosted, it gets its
 * normal prio back where it is.  1 CPU: hog E (nice 0, prio 125); script
 * task L (nice -5, sleep_avg 0: prio 120, slice 500 ms) takes rt_mutex
 * M0 and burns; its slice is cut to 1 tick so that it expires into the
 * expired array (not interactive: 120 > 115 - DELTA 1).  FIFO 50 task H
 * blocks on M0: L inherits prio 49 and runs from the active array.
 *   L expired:  cpu: E      active: E        expired: L (120)
 *   H blocks:   cpu: L (49) active: E, L
 *   L unlocks:  H runs and sleeps holding M0; L (120) runs before E
 */
START_TEST(ingo_pi_boost_moves_to_active_and_back)
{
	unsigned int slice;
	int e, l, h;

	boot(1);
	e = hog("e", 0);
	l = script("l", -5);
	h = t_spawn_script("h", SIM_SCHED_FIFO, 50, 0);
	set_sleep_avg(l, 0);
	post(l, SIM_CMD_MUTEX_LOCK, M0, 0);
	post(l, SIM_CMD_BURN, MS(200), 0);
	post(l, SIM_CMD_MUTEX_UNLOCK, M0, 0);
	post(l, SIM_CMD_BURN, MS(50), 0);
	ck_assert_int_eq(curr(0), l);
	set_slice(l, 1);
	t_run(TICK_NS);
	ck_assert_int_eq(curr(0), e);
	ck_assert_int_eq(kfix_ingo_same_array(l, e), 0);
	ck_assert_int_eq(ingo(l).prio, 120);
	slice = ingo(l).time_slice;
	ck_assert_uint_eq(slice, timeslice_ms(-5));

	post(h, SIM_CMD_MUTEX_LOCK, M0, 0);
	ck_assert_int_eq(t_info(h).state, 'D');
	ck_assert_int_eq(curr(0), l);
	ck_assert_int_eq(ingo(l).prio, MAX_RT_PRIO - 1 - 50);
	ck_assert_int_eq(kfix_ingo_same_array(l, e), 1);
	t_run(MS(50));
	ck_assert_int_eq(curr(0), l);
	ck_assert_uint_eq(ingo(l).time_slice, slice);

	while (t_info(l).cmds_done < 3)
		t_run(TICK_NS);
	ck_assert_int_eq(t_info(h).cmds_done, 1);
	ck_assert_int_eq(curr(0), l);
	ck_assert_int_eq(ingo(l).prio, 120);
	ck_assert_int_eq(kfix_ingo_same_array(l, e), 1);
}
END_TEST

/*
 * The child of a boosted parent inherits no boost: it is queued at its
 * own prio, the parent's normal one, at the tail of that level in the
 * parent's array, and the boosted parent goes on.  1 CPU: script task L
 * (nice 0, sleep_avg 0: prio 125) holds rt_mutex M0, FIFO 50 task H
 * blocks on it (L runs at 49); L forks.
 */
START_TEST(ingo_pi_boosted_parent_forks_unboosted_child)
{
	int l, h, e;
	long child;

	boot(1);
	e = hog("e", 0);
	l = script("l", 0);
	h = t_spawn_script("h", SIM_SCHED_FIFO, 50, 0);
	set_sleep_avg(l, 0);
	set_sleep_avg(e, 0);
	t_cmd(l, SIM_CMD_MUTEX_LOCK, M0, 0, 0, 0);
	post(l, SIM_CMD_BURN, MS(10), 0);
	post(l, SIM_CMD_FORK, 0, 0);
	post(l, SIM_CMD_BURN, MS(10), 0);
	post(h, SIM_CMD_MUTEX_LOCK, M0, 0);
	while (t_info(l).cmds_done < 3)
		t_run(TICK_NS);
	child = sim_cmd_result(l);
	ck_assert_int_gt(child, 0);
	ck_assert_int_eq(ingo(l).prio, MAX_RT_PRIO - 1 - 50);
	ck_assert_int_eq(ingo(child).prio, 125);
	ck_assert_int_eq(t_info(child).state, 'Q');
	ck_assert_int_eq(curr(0), l);
	ck_assert_int_eq(kfix_ingo_same_array(child, l), 1);
	ck_assert_uint_eq(t_info(child).switches, 0);
}
END_TEST

/*
 * A boost or a de-boost preempts as due, on the CPU of the task whose
 * priority changed.  2 CPUs: on cpu0, script task L (nice 0, sleep_avg
 * 0: prio 125) holds rt_mutex M0 and burns; hog E (nice -5: 120) runs
 * ahead of it.  FIFO 50 task H on cpu1 waits for M0, interruptibly: L,
 * queued, inherits prio 49 and preempts E at once.  A signal ends H's
 * wait: L, running, drops back to 125, behind E, and gives way at once.
 */
START_TEST(ingo_pi_boost_and_deboost_preempt)
{
	int l, e, h;

	boot(2);
	hog_on("f", 0, "1");
	hog_on("f", 0, "1");
	l = script_on("l", 0, "0");
	h = spawn_on("h", SIM_SCHED_FIFO, 50, 0, "1", NULL, NULL);
	set_sleep_avg(l, 0);
	t_cmd(l, SIM_CMD_MUTEX_LOCK, M0, 0, 0, 0);
	post(l, SIM_CMD_BURN, SEC(1), 0);
	e = hog_on("e", -5, "0");
	set_slice(e, timeslice_ms(-5));
	t_run(MS(5));
	ck_assert_int_eq(curr(0), e);
	ck_assert_int_eq(ingo(l).prio, 125);

	post(h, SIM_CMD_MUTEX_LOCK_INT, M0, 0);
	t_run(TICK_NS / 2);
	ck_assert_int_eq(t_info(h).state, 'S');
	ck_assert_int_eq(ingo(l).prio, MAX_RT_PRIO - 1 - 50);
	ck_assert_int_eq(curr(0), l);

	ck_assert_int_eq(sim_signal(h, 10), 0);
	t_run(TICK_NS / 2);
	ck_assert_int_eq(t_info(h).cmds_done, 1);
	ck_assert_int_eq(ingo(l).prio, 125);
	ck_assert_int_eq(curr(0), e);
}
END_TEST

/* ---- behaviour ----------------------------------------------------------- */

/*
 * Hogs at nice 0 and 19, allowed on cpu0 only.  Once both are CPU hogs
 * (2 s: their sleep_avg no longer makes the nice 0 one interactive),
 * each array switch gives one 100 ms and one 5 ms slice: 100:5 = 20.
 * Over 10 s a part of one round (105 ms) can be left: 19..21.
 */
#define SHARE_WARMUP		SEC(2)
#define SHARE_WINDOW		SEC(10)
#define NICE0_TO_19_MIN		19.0
#define NICE0_TO_19_MAX		21.0

START_TEST(ingo_share_nice0_vs_nice19)
{
	unsigned long long a0, b0, ra, rb;
	double ratio;
	int a, b;

	boot_machine(_i);
	a = hog_on("nice0", 0, "0");
	b = hog_on("nice19", 19, "0");
	t_run(SHARE_WARMUP);
	a0 = runtime(a);
	b0 = runtime(b);
	t_run(SHARE_WINDOW);
	ra = runtime(a) - a0;
	rb = runtime(b) - b0;

	ck_assert_uint_gt(rb, 0);
	ratio = (double)ra / rb;
	ck_assert_msg(ratio >= NICE0_TO_19_MIN && ratio <= NICE0_TO_19_MAX,
		      "%d CPUs: nice0:nice19 = %.2f, expected 20 (19..21)",
		      machines[_i].cpus, ratio);
	ck_assert_uint_eq(ra + rb, SHARE_WINDOW);
}
END_TEST

/*
 * 1 CPU, a nice 0 hog and a task that runs 1 ms and sleeps 9 ms.  After
 * 2 s the sleeper is interactive (prio <= 118, bonus >= 7) and the hog is
 * not (sleep_avg 0: prio 125).
 */
#define SLEEPER_PERIOD_MS	10
#define BEHAVIOUR_WARMUP	SEC(2)

START_TEST(ingo_sleeper_earns_interactive_bonus)
{
	int h, s;

	boot(1);
	h = hog("hog", 0);
	s = t_spawn("sleeper", SIM_SCHED_NORMAL, 0, 0, t_body_sleeper,
		    (void *)(unsigned long)SLEEPER_PERIOD_MS);
	t_run(BEHAVIOUR_WARMUP);
	ck_assert_int_le(t_info(s).prio, 118);
	ck_assert_uint_ge(ingo(s).sleep_avg, SLEEP_AVG_OF_BONUS(7));
	ck_assert_int_eq(t_info(h).prio, 125);
}
END_TEST

/*
 * The same pair after the warm-up, for 1 s: every wake-up of the
 * sleeper (about 100) preempts the hog at once; in total it waits less
 * than one tick for the CPU.
 */
START_TEST(ingo_sleeper_preempts_hog_on_wakeup)
{
	struct sim_task_info before, after;
	int s;

	boot(1);
	hog("hog", 0);
	s = t_spawn("sleeper", SIM_SCHED_NORMAL, 0, 0, t_body_sleeper,
		    (void *)(unsigned long)SLEEPER_PERIOD_MS);
	t_run(BEHAVIOUR_WARMUP);
	before = t_info(s);
	t_run(SEC(1));
	after = t_info(s);
	ck_assert_uint_ge(after.wakeups - before.wakeups, 99);
	ck_assert_msg(after.wait_ns - before.wait_ns < TICK_NS,
		      "the sleeper waited %llu ns in 1 s",
		      after.wait_ns - before.wait_ns);
	ck_assert_uint_eq(after.runtime_ns - before.runtime_ns, MS(100));
}
END_TEST

/* ---- SMP ----------------------------------------------------------------- */

/*
 * N hogs on N CPUs (all forked on init's CPU): within 1 s the balancer
 * gives each CPU one hog; for the next 500 ms every CPU is busy and no
 * hog moves.
 */
START_TEST(ingo_smp_hogs_spread_one_per_cpu)
{
	int cpus = machines[_i].cpus;
	unsigned long long busy[8];
	unsigned long moves[8];
	int pid[8], i, cpu;
	unsigned long seen = 0;

	boot_machine(_i);
	for (i = 0; i < cpus; i++)
		pid[i] = hog("hog", 0);
	t_run(SEC(1));
	for (i = 0; i < cpus; i++) {
		cpu = t_info(pid[i]).cpu;
		ck_assert_msg(!(seen & (1UL << cpu)), "%d CPUs: two hogs on "
			      "cpu%d after 1 s", cpus, cpu);
		seen |= 1UL << cpu;
		moves[i] = t_info(pid[i]).migrations;
		busy[cpu] = cpu_info(cpu).busy_ns;
	}
	t_run(MS(500));
	for (i = 0; i < cpus; i++) {
		cpu = t_info(pid[i]).cpu;
		ck_assert_uint_eq(t_info(pid[i]).migrations, moves[i]);
		ck_assert_uint_eq(cpu_info(cpu).busy_ns, busy[cpu] + MS(500));
	}
}
END_TEST

/*
 * Three hogs allowed on cpu0 only, other CPUs idle for 1 s: the
 * balancer (and the migration threads it wakes) never moves them; the
 * other CPUs stay idle; the three share cpu0 fully.
 */
START_TEST(ingo_smp_pinned_hogs_never_move)
{
	unsigned long moves[3];
	int pid[3], i, cpu;

	boot_machine(_i);
	for (i = 0; i < 3; i++) {
		pid[i] = hog_on("pinned", 0, "0");
		/* placed on cpu0 when forked: maybe one move from init's */
		moves[i] = t_info(pid[i]).migrations;
	}
	t_run(SEC(1));
	for (i = 0; i < 3; i++) {
		ck_assert_int_eq(t_info(pid[i]).cpu, 0);
		ck_assert_uint_eq(t_info(pid[i]).migrations, moves[i]);
	}
	for (cpu = 1; cpu < machines[_i].cpus; cpu++)
		ck_assert_uint_eq(cpu_info(cpu).busy_ns, 0);
	ck_assert_uint_eq(runtime(pid[0]) + runtime(pid[1]) +
			  runtime(pid[2]), SEC(1));
}
END_TEST

/*
 * 2 CPUs: hogs A and B (forked on init's CPU), script task T allowed on
 * cpu1 only, burning 300 ms then sleeping.  When T sleeps, cpu1 goes idle
 * and pulls a hog: cpu1 is idle for at most the time a just-run task
 * stays cache hot (2.5 ms) plus the longest idle balance interval (4 ms),
 * then busy for the rest; afterwards both CPUs are busy all the time.
 */
#define PULL_MAX_IDLE	(MS(2) + MS(1) / 2 + MS(4))

START_TEST(ingo_smp_newly_idle_cpu_pulls)
{
	unsigned long long idle0;
	int a, b, t;

	boot(2);
	a = hog("a", 0);
	b = hog("b", 0);
	t = script_on("t", 0, "1");
	t_cmd(t, SIM_CMD_BURN, MS(300), 0, 0, 0);
	idle0 = cpu_info(1).idle_ns;
	t_run(MS(100));
	ck_assert_msg(cpu_info(1).idle_ns - idle0 <= PULL_MAX_IDLE,
		      "cpu1 idle %llu ns after its task slept",
		      cpu_info(1).idle_ns - idle0);
	idle0 = cpu_info(1).idle_ns;
	t_run(SEC(1));
	ck_assert_uint_eq(cpu_info(1).idle_ns, idle0);
	ck_assert_uint_eq(cpu_info(0).curr_pid != 0, 1);
	ck_assert_int_ne(t_info(a).cpu, t_info(b).cpu);
}
END_TEST

/*
 * N CPUs (2, 4, 8; SMT off and on): hog H runs on cpu h; a script task
 * on the next CPU o sets H's affinity to {o}.  set_cpus_allowed() hands
 * the running H to migration/h (which runs, so its switch count grows)
 * and returns once H is on o; a tick later H runs there and h is idle.
 */
START_TEST(ingo_smp_setaffinity_moves_running_hog)
{
	unsigned long mig_switches;
	int h, o, pid, setter, mig;
	char cpus[12];

	boot_machine(_i);
	pid = hog("hog", 0);
	t_run(MS(10));
	h = t_info(pid).cpu;
	o = (h + 1) % machines[_i].cpus;
	ck_assert_int_eq(curr(h), pid);
	snprintf(cpus, sizeof(cpus), "%d", o);
	setter = script_on("setter", 0, cpus);
	mig = migration_thread(h);
	ck_assert_int_gt(mig, 0);
	mig_switches = t_info(mig).switches;

	ck_assert_int_eq(set_affinity(setter, pid, 1UL << o), 0);
	ck_assert_int_eq(t_info(pid).cpu, o);
	ck_assert_uint_gt(t_info(mig).switches, mig_switches);
	t_run(TICK_NS);
	ck_assert_int_eq(curr(o), pid);
	ck_assert_int_eq(curr(h), 0);
}
END_TEST

/* The SMT machines of machines[] (2 threads a core, 2+ cores). */
static const struct machine smt_machines[] = { { 4, 2 }, { 8, 2 } };

/*
 * 4 or 8 CPUs as cores of 2 threads: one hog on each thread of core 0
 * (placed there by affinity, then allowed everywhere), the other cores
 * idle.  No
 * runqueue has a queued task to pull, so only active balancing can fix
 * it: the balancer wakes the migration thread of a busy thread, which
 * pushes its hog to the idle core.  Within 1 s the hogs are on different
 * cores, and a migration thread of core 0 has run.
 */
START_TEST(ingo_smp_smt_active_balance_spreads_cores)
{
	unsigned long mig0, mig1;
	int cpus = smt_machines[_i].cpus;
	int a, b, setter;
	char last[12];

	boot_smt(cpus, smt_machines[_i].smt);
	a = hog_on("a", 0, "0");
	b = hog_on("b", 0, "1");
	setter = script_on("setter", 0, cpu_list(last, cpus - 1));
	t_run(MS(10));
	ck_assert_int_eq(t_info(a).cpu, 0);
	ck_assert_int_eq(t_info(b).cpu, 1);
	mig0 = t_info(migration_thread(0)).switches;
	mig1 = t_info(migration_thread(1)).switches;

	ck_assert_int_eq(set_affinity(setter, a, ALL_CPUS(cpus)), 0);
	ck_assert_int_eq(set_affinity(setter, b, ALL_CPUS(cpus)), 0);
	t_run(SEC(1));
	ck_assert_msg(t_info(a).cpu / 2 != t_info(b).cpu / 2,
		      "hogs still share a core: cpu%d and cpu%d",
		      t_info(a).cpu, t_info(b).cpu);
	ck_assert_uint_gt(t_info(migration_thread(0)).switches +
			  t_info(migration_thread(1)).switches,
			  mig0 + mig1);
}
END_TEST

/*
 * Every CPU has a kernel thread "migration/N", SCHED_FIFO at rt_priority
 * 99 (prio 0), bound to CPU N.
 */
START_TEST(ingo_smp_migration_threads_per_cpu)
{
	struct sim_task_info info;
	int cpu, pid;

	boot_machine(_i);
	for (cpu = 0; cpu < machines[_i].cpus; cpu++) {
		pid = migration_thread(cpu);
		ck_assert_msg(pid > 0, "no migration/%d", cpu);
		info = t_info(pid);
		ck_assert_int_eq(info.policy, SIM_SCHED_FIFO);
		ck_assert_int_eq(info.rt_priority, 99);
		ck_assert_int_eq(info.prio, 0);
		ck_assert_int_eq(info.cpu, cpu);
	}
}
END_TEST

/*
 * 2 hogs per CPU, spread for 1 s; the last CPU L goes offline: every hog
 * leaves it and it stays idle for 500 ms while the others are all busy.
 * L comes back online and, within 1 s, runs hogs again.
 */
START_TEST(ingo_smp_offline_cpu_sheds_and_returns)
{
	int cpus = machines[_i].cpus, last = cpus - 1;
	unsigned long long busy_last;
	int pid[16], i, cpu, on_last = 0;

	boot_machine(_i);
	for (i = 0; i < 2 * cpus; i++)
		pid[i] = hog("hog", 0);
	t_run(SEC(1));

	ck_assert_int_eq(sim_cpu_offline(last), 0);
	ck_assert_int_eq(cpu_info(last).online, 0);
	for (i = 0; i < 2 * cpus; i++)
		ck_assert_int_ne(t_info(pid[i]).cpu, last);
	busy_last = cpu_info(last).busy_ns;
	t_run(MS(500));
	ck_assert_uint_eq(cpu_info(last).busy_ns, busy_last);
	for (cpu = 0; cpu < last; cpu++)
		ck_assert_int_ne(curr(cpu), 0);

	ck_assert_int_eq(sim_cpu_online(last), 0);
	t_run(SEC(1));
	ck_assert_int_eq(cpu_info(last).online, 1);
	ck_assert_uint_gt(cpu_info(last).busy_ns, busy_last);
	for (i = 0; i < 2 * cpus; i++)
		on_last += t_info(pid[i]).cpu == last;
	ck_assert_int_ge(on_last, 1);
}
END_TEST

/* ---- /proc/schedstat ----------------------------------------------------- */

#define SCHEDSTAT_VERSION	10
#define CPU_FIELDS		28	/* 22 + pt_gained/lost x 3 idle types */
#define DOMAIN_FIELDS		19	/* 5 x 3 idle types + 4 */
#define MAX_DOMAINS		4

/* Indexes in a cpu line. */
enum {
	YLD_CNT = 3, SCHED_NOSWITCH = 4, SCHED_SWITCH = 5, SCHED_CNT = 6,
	SCHED_GOIDLE = 7, TTWU_CNT = 12, TTWU_MOVED = 13, SBE_CNT = 18,
};

/* Indexes in a domain line, after the mask. */
enum {
	SBE_PUSHED = 15, SBE_ATTEMPTS = 16, TTWU_WAKE_AFFINE = 17,
	TTWU_WAKE_BALANCE = 18,
};

struct cpu_stat {
	int cpu;
	unsigned long v[CPU_FIELDS];
	int nr_domains;
	unsigned long long span[MAX_DOMAINS];
	unsigned long dom[MAX_DOMAINS][DOMAIN_FIELDS];
};

struct schedstat {
	int version;
	unsigned long timestamp;
	int nr_cpus;
	struct cpu_stat cpu[8];
};

/* Parse "hex[,hex...]" into a mask of up to 64 bits; -1 on junk. */
static int parse_mask(const char *s, unsigned long long *mask)
{
	unsigned long long m = 0;
	int digits = 0, d;

	for (; *s; s++) {
		if (*s == ',')
			continue;
		if (*s >= '0' && *s <= '9')
			d = *s - '0';
		else if (*s >= 'a' && *s <= 'f')
			d = *s - 'a' + 10;
		else
			return -1;
		m = m << 4 | d;
		digits++;
	}
	*mask = m;
	return digits ? 0 : -1;
}

/* @line holds exactly @n unsigned numbers: read them, else -1. */
static int parse_numbers(const char *line, unsigned long *v, int n)
{
	char *end;
	int i;

	for (i = 0; i < n; i++) {
		while (*line == ' ')
			line++;
		if (*line < '0' || *line > '9')
			return -1;
		v[i] = strtoul(line, &end, 10);
		line = end;
	}
	while (*line == ' ')
		line++;
	return *line ? -1 : 0;
}

/*
 * parse_schedstat - check the version 10 format while reading it:
 * "version 10", "timestamp J", then per online CPU "cpuN" and 28 numbers,
 * each followed by its "domainK <mask>" lines of 19 numbers, K counting
 * from 0.
 */
static void parse_schedstat(struct schedstat *st)
{
	const char *text = sim_schedstat();
	char buf[1024], word[64];
	struct cpu_stat *c = NULL;
	int n, off, k, line = 0;
	const char *p, *nl;

	ck_assert_msg(text != NULL, "no /proc/schedstat");
	memset(st, 0, sizeof(*st));
	for (p = text; *p; p = nl + 1) {
		nl = strchr(p, '\n');
		ck_assert_msg(nl != NULL, "unterminated line \"%s\"", p);
		ck_assert_int_lt(nl - p, (long)sizeof(buf));
		memcpy(buf, p, nl - p);
		buf[nl - p] = '\0';
		line++;
		if (line == 1) {
			ck_assert_int_eq(sscanf(buf, "version %d%n",
						&st->version, &off), 1);
			ck_assert_int_eq(buf[off], '\0');
			continue;
		}
		if (line == 2) {
			ck_assert_int_eq(sscanf(buf, "timestamp %lu%n",
						&st->timestamp, &off), 1);
			ck_assert_int_eq(buf[off], '\0');
			continue;
		}
		ck_assert_int_eq(sscanf(buf, "%63s%n", word, &off), 1);
		if (!strncmp(word, "cpu", 3)) {
			ck_assert_int_lt(st->nr_cpus, 8);
			c = &st->cpu[st->nr_cpus++];
			ck_assert_int_eq(sscanf(word + 3, "%d%n", &c->cpu, &n),
					 1);
			ck_assert_int_eq(word[3 + n], '\0');
			ck_assert_msg(!parse_numbers(buf + off, c->v,
						     CPU_FIELDS),
				      "not cpuN + %d numbers: \"%s\"",
				      CPU_FIELDS, buf);
			continue;
		}
		ck_assert_msg(c && !strncmp(word, "domain", 6),
			      "unexpected line \"%s\"", buf);
		ck_assert_int_eq(sscanf(word + 6, "%d%n", &k, &n), 1);
		ck_assert_int_eq(word[6 + n], '\0');
		ck_assert_int_eq(k, c->nr_domains);
		ck_assert_int_lt(k, MAX_DOMAINS);
		ck_assert_int_eq(sscanf(buf + off, "%63s%n", word, &n), 1);
		ck_assert_msg(!parse_mask(word, &c->span[k]),
			      "bad domain mask \"%s\"", word);
		ck_assert_msg(!parse_numbers(buf + off + n, c->dom[k],
					     DOMAIN_FIELDS),
			      "not domainN mask + %d numbers: \"%s\"",
			      DOMAIN_FIELDS, buf);
		c->nr_domains++;
	}
}

static unsigned long stat_sum(const struct schedstat *st, int field)
{
	unsigned long sum = 0;
	int i;

	for (i = 0; i < st->nr_cpus; i++)
		sum += st->cpu[i].v[field];
	return sum;
}

/*
 * After 200 ms of hogs and a sleeper: version 10, the timestamp is
 * jiffies, one cpu line per online CPU in order, each with its domains:
 * one (all CPUs) without SMT, two with (its core, then all CPUs), each
 * span holding the CPU and the lower level's span.
 */
START_TEST(ingo_schedstat_format)
{
	int cpus = machines[_i].cpus, smt = machines[_i].smt;
	unsigned long long all = (1ULL << cpus) - 1, core;
	struct schedstat st;
	struct cpu_stat *c;
	int i, k;

	boot_machine(_i);
	hog("hog", 0);
	hog("hog", 5);
	t_spawn("sleeper", SIM_SCHED_NORMAL, 0, 0, t_body_sleeper,
		(void *)10UL);
	t_run(MS(200));
	parse_schedstat(&st);

	ck_assert_int_eq(st.version, SCHEDSTAT_VERSION);
	ck_assert_uint_eq(st.timestamp, sim_jiffies());
	ck_assert_int_eq(st.nr_cpus, cpus);
	for (i = 0; i < cpus; i++) {
		c = &st.cpu[i];
		ck_assert_int_eq(c->cpu, i);
		ck_assert_int_eq(c->nr_domains, smt > 1 ? 2 : 1);
		for (k = 0; k < c->nr_domains; k++) {
			ck_assert(c->span[k] & (1ULL << i));
			ck_assert_uint_eq(c->span[k] & ~all, 0);
			if (k)
				ck_assert_uint_eq(c->span[k - 1] &
						  ~c->span[k], 0);
		}
		ck_assert_uint_eq(c->span[c->nr_domains - 1], all);
		if (smt > 1) {
			core = ((1ULL << smt) - 1) << (i / smt * smt);
			ck_assert_uint_eq(c->span[0], core);
		}
	}
}
END_TEST

/* A script task yields 7 times: yld_cnt grows by exactly 7. */
#define NR_YIELDS	7

START_TEST(ingo_schedstat_counts_yields)
{
	struct schedstat before, after;
	int y, i;

	boot(1);
	y = script("y", 0);
	parse_schedstat(&before);
	for (i = 0; i < NR_YIELDS; i++)
		ck_assert_int_eq(t_syscall(y, SIM_SYS_sched_yield, 0, 0, 0),
				 0);
	parse_schedstat(&after);
	ck_assert_uint_eq(stat_sum(&after, YLD_CNT) -
			  stat_sum(&before, YLD_CNT), NR_YIELDS);
}
END_TEST

/*
 * 1 CPU, a nice 19 hog and a 10 ms sleeper at nice 0 (which preempts the
 * hog at each wake-up) for 200 ms: ttwu_cnt grows at least by the
 * sleeper's wake-ups, sched_cnt at least by the CPU's switches, and
 * sched_switch (array switches) by no more than sched_cnt.
 */
START_TEST(ingo_schedstat_counts_wakeups_and_schedules)
{
	struct schedstat before, after;
	unsigned long wakeups, switches;
	int s;

	boot(1);
	hog("hog", 19);
	s = t_spawn("sleeper", SIM_SCHED_NORMAL, 0, 0, t_body_sleeper,
		    (void *)10UL);
	parse_schedstat(&before);
	wakeups = t_info(s).wakeups;
	switches = cpu_info(0).switches;
	t_run(MS(200));
	parse_schedstat(&after);
	wakeups = t_info(s).wakeups - wakeups;
	switches = cpu_info(0).switches - switches;

	ck_assert_uint_ge(wakeups, 19);
	ck_assert_uint_ge(stat_sum(&after, TTWU_CNT) -
			  stat_sum(&before, TTWU_CNT), wakeups);
	ck_assert_uint_ge(stat_sum(&after, SCHED_CNT) -
			  stat_sum(&before, SCHED_CNT), switches);
	ck_assert_uint_le(stat_sum(&after, SCHED_SWITCH) -
			  stat_sum(&before, SCHED_SWITCH),
			  stat_sum(&after, SCHED_CNT) -
			  stat_sum(&before, SCHED_CNT));
}
END_TEST

/*
 * A de-boosted running task that still comes first is not rescheduled:
 * cpu0 passes through schedule() no more.  2 CPUs: script task L (nice
 * 0) alone on cpu0 holds rt_mutex M0 and burns; FIFO 50 task H on cpu1
 * waits for M0 interruptibly (L runs at 49), then a signal ends the wait
 * (L back at its normal prio, first of cpu0 all the same).
 */
START_TEST(ingo_pi_deboost_still_first_keeps_cpu)
{
	struct schedstat before, after;
	int l, h;

	boot(2);
	l = script_on("l", 0, "0");
	h = spawn_on("h", SIM_SCHED_FIFO, 50, 0, "1", NULL, NULL);
	t_cmd(l, SIM_CMD_MUTEX_LOCK, M0, 0, 0, 0);
	post(l, SIM_CMD_BURN, SEC(1), 0);
	post(h, SIM_CMD_MUTEX_LOCK_INT, M0, 0);
	t_run(MS(5));
	ck_assert_int_eq(ingo(l).prio, MAX_RT_PRIO - 1 - 50);
	ck_assert_int_eq(curr(0), l);
	parse_schedstat(&before);
	ck_assert_int_eq(sim_signal(h, 10), 0);
	t_run(TICK_NS / 2);
	parse_schedstat(&after);
	ck_assert_int_eq(t_info(h).cmds_done, 1);
	ck_assert_int_gt(ingo(l).prio, MAX_RT_PRIO - 1);
	ck_assert_int_eq(curr(0), l);
	ck_assert_uint_eq(after.cpu[0].v[SCHED_CNT], before.cpu[0].v[SCHED_CNT]);
}
END_TEST

/*
 * pick_work, against schedstat: every pick that finds a task costs one
 * bitmap search, and the array switch before it one more, so the sum is
 * 2 * sched_switch + sched_noswitch over the CPUs, from boot.  2 CPUs,
 * 500 ms of hogs and sleepers of several nices.
 */
START_TEST(ingo_pick_work_matches_schedstat)
{
	struct schedstat st;

	boot(2);
	hog("a", 0);
	hog("b", 5);
	hog("c", -5);
	t_spawn("s", SIM_SCHED_NORMAL, 0, 0, t_body_sleeper, (void *)7UL);
	t_spawn("t", SIM_SCHED_NORMAL, 0, 10, t_body_sleeper, (void *)3UL);
	t_run(MS(500));
	parse_schedstat(&st);
	ck_assert_uint_gt(stat_sum(&st, SCHED_SWITCH), 0);
	ck_assert_uint_eq(kfix_pick_work(), 2 * stat_sum(&st, SCHED_SWITCH) +
			  stat_sum(&st, SCHED_NOSWITCH));
}
END_TEST

/* ---- sched_exec ---------------------------------------------------------- */

/*
 * The exec task's body: burns 50 ms on cpu0 (its only CPU when spawned),
 * allows itself every CPU (mask at exec_mask_uaddr), calls sched_exec()
 * and records the CPU before and after.  Then it burns forever.
 */
static unsigned long exec_mask_uaddr;
static volatile int exec_cpu_before, exec_cpu_after;

static void exec_body(void *unused)
{
	sim_burn(MS(50));
	sim_syscall(SIM_SYS_sched_setaffinity, 0, sizeof(unsigned long),
		    exec_mask_uaddr);
	exec_cpu_before = sim_this_cpu_id();
	kfix_call_wrapper(KFIX_HOOK_exec, 0);
	exec_cpu_after = sim_this_cpu_id();
	for (;;)
		sim_burn(SEC(1000));
}

/* Spawn the exec task pinned to cpu0; its mask will be all @cpus. */
static int spawn_exec_task(int cpus)
{
	unsigned long mask = ALL_CPUS(cpus);
	int pid;

	exec_cpu_before = exec_cpu_after = -1;
	pid = spawn_on("exec", SIM_SCHED_NORMAL, 0, 0, "0", exec_body, NULL);
	exec_mask_uaddr = sim_user_map(pid, sizeof(mask));
	ck_assert_msg(exec_mask_uaddr != 0, "sim_user_map: %s", sim_error());
	ck_assert_int_eq(sim_user_write(pid, exec_mask_uaddr, &mask,
					sizeof(mask)), 0);
	return pid;
}

/*
 * N CPUs (2, 4, 8; SMT off and on): a hog pinned to each of CPUs
 * 0..N-2, the last CPU idle; task E on cpu0 with the hog there execs.
 * sched_exec() looks at the highest SD_BALANCE_EXEC domain (all CPUs):
 * cpu0's load with E counted once more (2 + 1 tasks) is more than 112%
 * (half of imbalance_pct 125's margin) of the idlest CPU's (0, the last
 * one), so E is pushed there by the migration thread.
 *   before:  cpu0: hog, E    cpu1..N-2: hog    cpuN-1: idle
 *   after:   cpu0: hog       cpu1..N-2: hog    cpuN-1: E
 * cpu0's sbe_cnt and its top domain's sbe_attempts and sbe_pushed each
 * grow by exactly 1.
 */
START_TEST(ingo_exec_pushes_to_idlest_cpu)
{
	int cpus = machines[_i].cpus, last = cpus - 1;
	struct schedstat before, after;
	struct cpu_stat *b0, *a0;
	int e, cpu, top;
	char buf[12];

	boot_machine(_i);
	for (cpu = 0; cpu < last; cpu++)
		hog_on("hog", 0, cpu_list(buf, cpu));
	e = spawn_exec_task(cpus);
	parse_schedstat(&before);
	t_run(SEC(1) / 2);

	ck_assert_int_eq(exec_cpu_before, 0);
	ck_assert_int_eq(exec_cpu_after, last);
	ck_assert_int_eq(t_info(e).cpu, last);
	ck_assert_int_eq(curr(last), e);
	parse_schedstat(&after);
	b0 = &before.cpu[0];
	a0 = &after.cpu[0];
	top = a0->nr_domains - 1;
	ck_assert_uint_eq(a0->span[top], ALL_CPUS(cpus));
	ck_assert_uint_eq(a0->v[SBE_CNT] - b0->v[SBE_CNT], 1);
	ck_assert_uint_eq(a0->dom[top][SBE_ATTEMPTS] -
			  b0->dom[top][SBE_ATTEMPTS], 1);
	ck_assert_uint_eq(a0->dom[top][SBE_PUSHED] -
			  b0->dom[top][SBE_PUSHED], 1);
}
END_TEST

/*
 * N CPUs, E alone on cpu0, every other CPU idle: sched_exec() keeps a
 * task that is alone on its runqueue (nr_running <= 1) where it is,
 * without even looking at the domains: sbe_cnt grows by 1, sbe_attempts
 * and sbe_pushed stay.
 */
START_TEST(ingo_exec_alone_stays)
{
	struct schedstat before, after;
	int top;

	boot_machine(_i);
	spawn_exec_task(machines[_i].cpus);
	parse_schedstat(&before);
	t_run(MS(100));

	ck_assert_int_eq(exec_cpu_before, 0);
	ck_assert_int_eq(exec_cpu_after, 0);
	parse_schedstat(&after);
	top = after.cpu[0].nr_domains - 1;
	ck_assert_uint_eq(after.cpu[0].v[SBE_CNT] - before.cpu[0].v[SBE_CNT],
			  1);
	ck_assert_uint_eq(after.cpu[0].dom[top][SBE_ATTEMPTS],
			  before.cpu[0].dom[top][SBE_ATTEMPTS]);
	ck_assert_uint_eq(after.cpu[0].dom[top][SBE_PUSHED],
			  before.cpu[0].dom[top][SBE_PUSHED]);
}
END_TEST

/* ---- NUMA ---------------------------------------------------------------- */

#define NUMA_CPUS	8
#define NUMA_NODES	2
#define NODE_CPUS	(NUMA_CPUS / NUMA_NODES)	/* 4: cpu0-3, cpu4-7 */

/*
 * 8 CPUs in 2 nodes, SMT 1 + _i (off, then 2 threads): each CPU's
 * domains, lowest first, are its core (SMT only: 2 threads, 0x3 << 2k),
 * its node (0x0f or 0xf0), then the NUMA level over all CPUs (0xff).
 */
START_TEST(ingo_numa_domain_spans)
{
	int smt = 1 + _i, i, k;
	unsigned long long node, core;
	struct schedstat st;
	struct cpu_stat *c;

	boot_full(NUMA_CPUS, smt, NUMA_NODES, NULL);
	parse_schedstat(&st);
	ck_assert_int_eq(st.nr_cpus, NUMA_CPUS);
	for (i = 0; i < NUMA_CPUS; i++) {
		c = &st.cpu[i];
		node = ALL_CPUS(NODE_CPUS) << (i / NODE_CPUS * NODE_CPUS);
		core = ALL_CPUS(smt) << (i / smt * smt);
		k = 0;
		ck_assert_int_eq(c->nr_domains, smt > 1 ? 3 : 2);
		if (smt > 1)
			ck_assert_uint_eq(c->span[k++], core);
		ck_assert_uint_eq(c->span[k++], node);
		ck_assert_uint_eq(c->span[k], ALL_CPUS(NUMA_CPUS));
	}
}
END_TEST

/*
 * 8 CPUs in 2 nodes, SMT off/on: 8 hogs all forked on init's CPU.  The
 * CPU level spreads them within the first node, the NUMA level (every
 * 8..32 ms) across the nodes: within 2 s every CPU runs one hog, four
 * per node, and for the next 500 ms no hog moves.
 */
START_TEST(ingo_numa_hogs_spread_across_nodes)
{
	int smt = 1 + _i, pid[NUMA_CPUS], per_node[NUMA_NODES] = { 0 };
	unsigned long moves[NUMA_CPUS];
	unsigned long seen = 0;
	int i, cpu;

	boot_full(NUMA_CPUS, smt, NUMA_NODES, NULL);
	for (i = 0; i < NUMA_CPUS; i++)
		pid[i] = hog("hog", 0);
	t_run(SEC(2));
	for (i = 0; i < NUMA_CPUS; i++) {
		cpu = t_info(pid[i]).cpu;
		ck_assert_msg(!(seen & (1UL << cpu)),
			      "two hogs on cpu%d after 2 s", cpu);
		seen |= 1UL << cpu;
		per_node[cpu / NODE_CPUS]++;
		moves[i] = t_info(pid[i]).migrations;
	}
	ck_assert_int_eq(per_node[0], NODE_CPUS);
	ck_assert_int_eq(per_node[1], NODE_CPUS);
	t_run(MS(500));
	for (i = 0; i < NUMA_CPUS; i++)
		ck_assert_uint_eq(t_info(pid[i]).migrations, moves[i]);
}
END_TEST

/* ---- isolcpus= ----------------------------------------------------------- */

#define ISOLATED	3
#define ISOLCPUS	"isolcpus=3"
#define ISOL_CPUS	4
#define USABLE		0x7ULL		/* cpu0-2 */

/*
 * 4 CPUs with "isolcpus=3", SMT off/on: cpu3 has no domain at all (its
 * cpu line has no domain lines); the others' top domain spans cpu0-2
 * only, and with SMT cpu2's core domain is cpu2 alone (its sibling
 * cpu3 is out).
 */
START_TEST(ingo_isolcpus_cpu_has_no_domains)
{
	int smt = 1 + _i, i;
	struct schedstat st;
	struct cpu_stat *c;

	boot_full(ISOL_CPUS, smt, 1, ISOLCPUS);
	parse_schedstat(&st);
	ck_assert_int_eq(st.nr_cpus, ISOL_CPUS);
	ck_assert_int_eq(st.cpu[ISOLATED].nr_domains, 0);
	for (i = 0; i < ISOLATED; i++) {
		c = &st.cpu[i];
		ck_assert_int_eq(c->nr_domains, smt);
		ck_assert_uint_eq(c->span[c->nr_domains - 1], USABLE);
		if (smt > 1)
			ck_assert_uint_eq(c->span[0],
					  (ALL_CPUS(smt) << (i / smt * smt)) &
					  USABLE);
	}
}
END_TEST

/*
 * 4 CPUs, "isolcpus=3", SMT off/on: 6 hogs and 2 sleepers allowed
 * everywhere, for 2 s.  Balancing (periodic, newly idle, active, and
 * wake-up placement) only looks inside domains, so nothing ever runs on
 * cpu3 (busy 0 ns, no task's CPU is 3) while cpu0-2 are kept busy.
 */
START_TEST(ingo_isolcpus_balancing_never_uses_cpu)
{
	int smt = 1 + _i, pid[8], i, cpu;

	boot_full(ISOL_CPUS, smt, 1, ISOLCPUS);
	for (i = 0; i < 6; i++)
		pid[i] = hog("hog", 0);
	for (; i < 8; i++)
		pid[i] = t_spawn("sleeper", SIM_SCHED_NORMAL, 0, 0,
				 t_body_sleeper, (void *)10UL);
	for (i = 0; i < 20; i++) {
		t_run(MS(100));
		for (cpu = 0; cpu < ISOLATED; cpu++)
			ck_assert_int_ne(curr(cpu), 0);
	}
	ck_assert_uint_eq(cpu_info(ISOLATED).busy_ns, 0);
	for (i = 0; i < 8; i++)
		ck_assert_int_ne(t_info(pid[i]).cpu, ISOLATED);
}
END_TEST

/*
 * 4 CPUs, "isolcpus=3": a hog allowed on cpu3 only is moved there when
 * spawned and runs there all the time (cpu3 busy for the whole 500 ms
 * after the first 10 ms).
 */
START_TEST(ingo_isolcpus_pinned_task_runs_there)
{
	unsigned long long busy;
	int pid;

	boot_full(ISOL_CPUS, 1, 1, ISOLCPUS);
	pid = hog_on("pinned", 0, "3");
	t_run(MS(10));
	ck_assert_int_eq(t_info(pid).cpu, ISOLATED);
	ck_assert_int_eq(curr(ISOLATED), pid);
	busy = cpu_info(ISOLATED).busy_ns;
	t_run(MS(500));
	ck_assert_uint_eq(cpu_info(ISOLATED).busy_ns, busy + MS(500));
	ck_assert_int_eq(curr(ISOLATED), pid);
}
END_TEST

/* ---- set_user_nice ------------------------------------------------------- */

/*
 * 1 CPU: script task S at nice 0 with sleep_avg 1 s (bonus 10: prio
 * 120 - 5 = 115) runs nice(+5).  2.6.10's set_user_nice() adds to prio
 * the difference between the new static_prio and the OLD DYNAMIC prio,
 * which leaves prio at exactly the new static_prio (125): the bonus is
 * gone until the next recalculation (not 115 + 5 = 120).
 */
#define RENICE_BONUS_PRIO	(NICE_TO_PRIO(0) - MAX_BONUS / 2) /* 115 */
#define RENICE_BY		5

START_TEST(ingo_nice_running_task_gets_new_static_prio)
{
	struct kfix_ingo k;
	int s;

	boot(1);
	s = script("s", 0);
	set_sleep_avg(s, NS_MAX_SLEEP_AVG);
	post(s, SIM_CMD_BURN, 0, 0);
	wait_cmds(s);
	ck_assert_int_eq(ingo(s).prio, RENICE_BONUS_PRIO);

	ck_assert_int_eq(t_syscall(s, SIM_SYS_nice, RENICE_BY, 0, 0), 0);
	k = ingo(s);
	ck_assert_int_eq(k.static_prio, NICE_TO_PRIO(RENICE_BY));
	ck_assert_int_eq(k.prio, NICE_TO_PRIO(RENICE_BY));
	ck_assert_int_eq(t_info(s).nice, RENICE_BY);
}
END_TEST

/*
 * 1 CPU: hog H (nice 0, prio >= 120) and script task S with sleep_avg
 * 1 s (prio 115), which wakes, preempts H, burns 2 ms and runs nice(+19)
 * then a 50 ms burn.  The running S now has prio 139, worse than H: its CPU is
 * rescheduled at once and H runs, S queued with its burn not started.
 *   before the nice:  cpu: S (115)   queued: H
 *   right after:      cpu: H         queued: S (139)
 */
START_TEST(ingo_nice_worse_running_task_gives_way)
{
	int h, s;

	boot(1);
	s = script("s", 0);
	t_cmd(s, SIM_CMD_BURN, 0, 0, 0, 0);
	h = hog("h", 0);
	t_run(MS(10));
	ck_assert_int_eq(curr(0), h);
	ck_assert_int_eq(t_info(s).state, 'S');
	set_sleep_avg(s, NS_MAX_SLEEP_AVG);
	post(s, SIM_CMD_BURN, MS(2), 0);
	post(s, SIM_CMD_SYSCALL, SIM_SYS_nice, 19);
	post(s, SIM_CMD_BURN, MS(50), 0);
	t_run(TICK_NS);
	ck_assert_int_eq(curr(0), s);

	while (t_info(s).cmds_done < 2)
		t_run(TICK_NS);
	ck_assert_int_eq(ingo(s).prio, NICE_TO_PRIO(19));
	ck_assert_int_eq(curr(0), h);
	ck_assert_int_eq(t_info(s).state, 'Q');
	ck_assert_uint_eq(t_info(s).cmds_done, 2);
}
END_TEST

/*
 * The renicer's body: 2 ms of CPU, then set_user_nice(*pid, -10) as
 * setpriority() would, then burns forever.
 */
#define RENICE_TO		(-10)

static void renicer_body(void *pid)
{
	sim_burn(MS(2));
	kfix_ingo_renice(*(int *)pid, RENICE_TO);
	for (;;)
		sim_burn(SEC(1000));
}

/*
 * 1 CPU: hog Q at nice 19 (prio >= 134) queued behind renicer R (nice
 * 0, a full 100 ms slice), which makes Q nice -10.  Q, queued, moves to
 * prio 110 (its new static_prio), better than R's: R's CPU is
 * rescheduled at once and Q runs.
 *   before:  cpu: R   queued: Q (139)
 *   after:   cpu: Q (110)   queued: R
 */
START_TEST(ingo_nice_better_queued_task_preempts)
{
	static int q;
	unsigned long long r_run;
	int r;

	boot(1);
	q = hog("q", 19);
	r = t_spawn("r", SIM_SCHED_NORMAL, 0, 0, renicer_body, &q);
	set_slice(r, DEF_TIMESLICE);
	set_slice(q, DEF_TIMESLICE);
	t_run(MS(1));
	ck_assert_int_eq(curr(0), r);
	ck_assert_int_eq(t_info(q).state, 'Q');

	t_run(MS(2));
	r_run = runtime(r);
	ck_assert_int_eq(ingo(q).static_prio, NICE_TO_PRIO(RENICE_TO));
	ck_assert_int_eq(ingo(q).prio, NICE_TO_PRIO(RENICE_TO));
	ck_assert_int_eq(curr(0), q);
	t_run(MS(10));
	ck_assert_int_eq(curr(0), q);
	ck_assert_uint_eq(runtime(r), r_run);
}
END_TEST

/*
 * 1 CPU: a SCHED_FIFO 50 script task runs nice(+10): only its
 * static_prio (and so its nice) changes, to 130; its prio stays
 * 99 - 50 = 49.
 */
START_TEST(ingo_nice_rt_changes_only_static_prio)
{
	int f;

	boot(1);
	f = t_spawn_script("fifo", SIM_SCHED_FIFO, 50, 0);
	ck_assert_int_eq(t_syscall(f, SIM_SYS_nice, 10, 0, 0), 0);
	ck_assert_int_eq(t_info(f).static_prio, NICE_TO_PRIO(10));
	ck_assert_int_eq(t_info(f).nice, 10);
	ck_assert_int_eq(ingo(f).prio, MAX_RT_PRIO - 1 - 50);
	ck_assert_int_eq(t_info(f).prio, MAX_RT_PRIO - 1 - 50);
}
END_TEST

/*
 * set_user_nice() takes nice -20..19 and ignores anything else.  1 CPU:
 * task R renices script task T (nice 0) to the table's value.
 */
static const struct {
	int nice, expect;
} renice_range_table[] = {
	{ -21, 0 }, { 20, 0 }, { -20, -20 }, { 19, 19 },
};

static int renice_target, renice_value;

static void renice_once_body(void *unused)
{
	kfix_ingo_renice(renice_target, renice_value);
	for (;;)
		sim_sleep(SEC(1000));
}

START_TEST(ingo_nice_range)
{
	boot(1);
	renice_target = script("t", 0);
	renice_value = renice_range_table[_i].nice;
	t_spawn("r", SIM_SCHED_NORMAL, 0, 0, renice_once_body, NULL);
	t_run(TICK_NS);
	ck_assert_int_eq(t_info(renice_target).nice,
			 renice_range_table[_i].expect);
	ck_assert_int_eq(ingo(renice_target).static_prio,
			 NICE_TO_PRIO(renice_range_table[_i].expect));
}
END_TEST

/*
 * A running task reniced keeps its CPU when its prio stays where it was,
 * and gives way when it is one level worse.  1 CPU: script task R runs
 * (nice 0) and Q waits at R's prio, queued 1 ms after R started; R
 * renices itself by @by, its prio becoming its new static prio:
 *   bonus 10 (115), nice -5: 115, no change: R goes on
 *   bonus 5 (120), nice +1: 121, one worse than Q: Q runs at once
 */
static const struct {
	int bonus, q_nice, by, r_keeps;
} renice_running_table[] = {
	{ 10, -5, -5, 1 },	/* Q: nice -5, bonus 5: 115 */
	{ 5, 0, 1, 0 },		/* Q: nice 0, bonus 5: 120 */
};

START_TEST(ingo_nice_running_gives_way_only_if_worse)
{
	int bonus = renice_running_table[_i].bonus, r, q;

	boot(1);
	r = script("r", 0);
	q = script("q", renice_running_table[_i].q_nice);
	set_sleep_avg(r, SLEEP_AVG_OF_BONUS(bonus));
	set_sleep_avg(q, SLEEP_AVG_OF_BONUS(5));
	set_slice(r, DEF_TIMESLICE);
	/* 3 ms: before R's first granule (5 ms at bonus 10) */
	post(r, SIM_CMD_BURN, MS(3), 0);
	post(r, SIM_CMD_SYSCALL, SIM_SYS_nice, renice_running_table[_i].by);
	post(r, SIM_CMD_BURN, MS(50), 0);
	t_run(TICK_NS);
	post(q, SIM_CMD_BURN, MS(50), 0);
	ck_assert_int_eq(curr(0), r);
	ck_assert_int_eq(ingo(q).prio, ingo(r).prio);
	/* until the renice: once R gave way, it finishes it much later */
	while (ingo(r).static_prio == NICE_TO_PRIO(0))
		t_run(TICK_NS / 4);
	ck_assert_int_eq(curr(0), renice_running_table[_i].r_keeps ? r : q);
}
END_TEST

/* ---- setscheduler -------------------------------------------------------- */

/* sched_setscheduler(@pid, @policy, @prio) by script task @caller, posted. */
static void post_setscheduler(int caller, int pid, int policy, int prio)
{
	unsigned long uaddr = sim_user_map(caller, sizeof(int));

	ck_assert_msg(uaddr != 0, "sim_user_map: %s", sim_error());
	ck_assert_int_eq(sim_user_write(caller, uaddr, &prio, sizeof(prio)),
			 0);
	ck_assert_int_eq(sim_cmd(caller, SIM_CMD_SYSCALL,
				 SIM_SYS_sched_setscheduler, pid, policy,
				 uaddr), 0);
}

/*
 * setscheduler() acts at once: a running task lowered gives way, a
 * running task set to its own priority keeps its CPU (it goes to the
 * tail of its level, but nothing better waits), a queued task raised
 * above the running one preempts it.  1 CPU, script tasks R (running)
 * and Q (queued), R calls sched_setscheduler(@target, @policy, @prio):
 */
static const struct {
	int r_policy, r_prio, q_policy, q_prio;
	int target_q, policy, prio;
	int r_keeps;
} setscheduler_table[] = {
	/* FIFO 50 R lowers itself to FIFO 5, below Q's FIFO 10 */
	{ SIM_SCHED_FIFO, 50, SIM_SCHED_FIFO, 10, 0, SIM_SCHED_FIFO, 5, 0 },
	/* FIFO 50 R sets FIFO 50 again, Q FIFO 50 behind it: R goes on */
	{ SIM_SCHED_FIFO, 50, SIM_SCHED_FIFO, 50, 0, SIM_SCHED_FIFO, 50, 1 },
	/* FIFO 50 R raises itself to FIFO 60 */
	{ SIM_SCHED_FIFO, 50, SIM_SCHED_FIFO, 10, 0, SIM_SCHED_FIFO, 60, 1 },
	/* NORMAL R makes queued NORMAL Q FIFO 10 */
	{ SIM_SCHED_NORMAL, 0, SIM_SCHED_NORMAL, 0, 1, SIM_SCHED_FIFO, 10, 0 },
	/* FIFO 50 R makes queued FIFO 10 Q FIFO 20: still below, R goes on */
	{ SIM_SCHED_FIFO, 50, SIM_SCHED_FIFO, 10, 1, SIM_SCHED_FIFO, 20, 1 },
};

START_TEST(ingo_setscheduler_acts_at_once)
{
	int target_q = setscheduler_table[_i].target_q, r, q;

	boot(1);
	r = t_spawn_script("r", setscheduler_table[_i].r_policy,
			   setscheduler_table[_i].r_prio, 0);
	q = t_spawn_script("q", setscheduler_table[_i].q_policy,
			   setscheduler_table[_i].q_prio, 0);
	set_slice(r, DEF_TIMESLICE);
	post(r, SIM_CMD_BURN, MS(5), 0);
	post_setscheduler(r, target_q ? q : 0, setscheduler_table[_i].policy,
			  setscheduler_table[_i].prio);
	post(r, SIM_CMD_BURN, MS(50), 0);
	post(q, SIM_CMD_BURN, MS(50), 0);
	ck_assert_int_eq(curr(0), r);
	/* just after the call (if R gave way, it returns from it later) */
	t_run(MS(5) + TICK_NS / 4);
	ck_assert_int_eq(t_info(target_q ? q : r).rt_priority,
			 setscheduler_table[_i].prio);
	ck_assert_int_eq(curr(0), setscheduler_table[_i].r_keeps ? r : q);
}
END_TEST

/* ---- wake-up placement --------------------------------------------------- */

#define WQ		0

/*
 * 2 CPUs: hog B pinned to cpu1, script task S, last run on cpu1, asleep
 * on wait queue 0 (its affinity widened to both CPUs while it sleeps),
 * script task W pinned to cpu0.  Returns S; W in *@w.
 */
static int wake_setup(int cpus, int smt, int *w, const char *w_cpu,
		      int hogs_on_1)
{
	int s, i;

	boot_smt(cpus, smt);
	for (i = 0; i < hogs_on_1; i++)
		hog_on("b", 0, "1");
	*w = script_on("w", 0, w_cpu);
	s = script_on("s", 0, "1");
	post(s, SIM_CMD_WQ_WAIT, WQ, 0);
	while (t_info(s).state != 'S')
		t_run(TICK_NS);
	ck_assert_int_eq(t_info(s).cpu, 1);
	ck_assert_int_eq(set_affinity(*w, s, ALL_CPUS(cpus)), 0);
	return s;
}

/*
 * 2 CPUs, SMT off: S slept 10 ms (cache cold: more than cache_hot_time
 * 2.5 ms) on the busy cpu1; W on cpu0 wakes it.  The CPU domain has
 * SD_WAKE_AFFINE and S is cold: wake affine puts S on the waker's CPU.
 * ttwu_moved and cpu0's ttwu_wake_affine grow by 1.
 *   before:  cpu0: W       cpu1: B    S asleep, last on cpu1
 *   after:   S on cpu0
 */
START_TEST(ingo_wake_affine_pulls_cold_task)
{
	struct schedstat before, after;
	int s, w;

	s = wake_setup(2, 1, &w, "0", 1);
	t_run(MS(10));
	parse_schedstat(&before);
	ck_assert_int_eq(t_cmd(w, SIM_CMD_WQ_WAKE, WQ, 1, 0, 0), 0);
	parse_schedstat(&after);
	ck_assert_int_eq(t_info(s).cpu, 0);
	ck_assert_uint_eq(stat_sum(&after, TTWU_MOVED) -
			  stat_sum(&before, TTWU_MOVED), 1);
	ck_assert_uint_eq(after.cpu[0].dom[0][TTWU_WAKE_AFFINE] -
			  before.cpu[0].dom[0][TTWU_WAKE_AFFINE], 1);
}
END_TEST

/*
 * 2 CPUs, SMT off: as above but S went to sleep less than a tick before
 * the wake-up: cache hot, so no wake affine; the loads are equal (one
 * task each: 137% of cpu0's is not <= cpu1's), so no wake balance
 * either: S wakes on cpu1, where it last ran.
 */
START_TEST(ingo_wake_hot_task_stays)
{
	struct schedstat before, after;
	int s, w;

	s = wake_setup(2, 1, &w, "0", 1);
	parse_schedstat(&before);
	ck_assert_int_eq(t_cmd(w, SIM_CMD_WQ_WAKE, WQ, 1, 0, 0), 0);
	parse_schedstat(&after);
	ck_assert_int_eq(t_info(s).cpu, 1);
	ck_assert_uint_eq(stat_sum(&after, TTWU_MOVED),
			  stat_sum(&before, TTWU_MOVED));
}
END_TEST

/*
 * 2 CPUs, SMT off: S hot, but cpu1 runs 2 hogs (load 256) and cpu0 only
 * W (128): 137 * 128 <= 100 * 256, so wake balance (SD_WAKE_BALANCE,
 * 125 + 25/2 = 137%) puts S on cpu0; cpu0's ttwu_wake_balance grows by 1.
 */
START_TEST(ingo_wake_balance_pulls_hot_task)
{
	struct schedstat before, after;
	int s, w;

	s = wake_setup(2, 1, &w, "0", 2);
	parse_schedstat(&before);
	ck_assert_int_eq(t_cmd(w, SIM_CMD_WQ_WAKE, WQ, 1, 0, 0), 0);
	parse_schedstat(&after);
	ck_assert_int_eq(t_info(s).cpu, 0);
	ck_assert_uint_eq(after.cpu[0].dom[0][TTWU_WAKE_BALANCE] -
			  before.cpu[0].dom[0][TTWU_WAKE_BALANCE], 1);
}
END_TEST

/*
 * 2 CPUs as one core of 2 threads: S last ran on the busy cpu1 and is
 * woken by W, also on cpu1 (no affine question: the waker's CPU is
 * S's).  cpu1 is busy; the sibling domain has SD_WAKE_IDLE and cpu0 is
 * idle: S wakes on cpu0 (ttwu_moved grows by 1).
 */
START_TEST(ingo_wake_idle_picks_idle_sibling)
{
	struct schedstat before, after;
	int s, w;

	s = wake_setup(2, 2, &w, "1", 1);
	t_run(MS(10));
	ck_assert_int_eq(curr(0), 0);
	parse_schedstat(&before);
	ck_assert_int_eq(t_cmd(w, SIM_CMD_WQ_WAKE, WQ, 1, 0, 0), 0);
	parse_schedstat(&after);
	ck_assert_int_eq(t_info(s).cpu, 0);
	ck_assert_uint_eq(stat_sum(&after, TTWU_MOVED) -
			  stat_sum(&before, TTWU_MOVED), 1);
}
END_TEST

/*
 * The same on 2 CPUs without SMT: no SD_WAKE_IDLE domain, so S wakes on
 * cpu1 although cpu0 is idle.
 */
START_TEST(ingo_wake_no_smt_stays_on_busy_cpu)
{
	int s, w;

	s = wake_setup(2, 1, &w, "1", 1);
	t_run(MS(10));
	ck_assert_int_eq(curr(0), 0);
	ck_assert_int_eq(t_cmd(w, SIM_CMD_WQ_WAKE, WQ, 1, 0, 0), 0);
	ck_assert_int_eq(t_info(s).cpu, 1);
}
END_TEST

/* ---- SMT: dependent sleeper ---------------------------------------------- */

#define PER_CPU_GAIN		25	/* SD_SIBLING_INIT, % */
#define HELD_MS			400

/*
 * 2 CPUs as one core of 2 threads: a SCHED_FIFO 50 hog pinned to cpu0,
 * a NORMAL hog N pinned to cpu1.  A user task never runs beside an RT
 * sibling: for 400 ms N gets no CPU and cpu1 stays idle, and cpu1's
 * sched_goidle grows at every tick (the idle sibling retries each tick
 * and picks its idle task again).
 */
START_TEST(ingo_smt_rt_sibling_holds_normal_back)
{
	struct schedstat before, after;
	unsigned long long n_run, busy1;
	int n;

	boot_smt(2, 2);
	spawn_on("rt", SIM_SCHED_FIFO, 50, 0, "0", t_body_hog, NULL);
	n = hog_on("n", 0, "1");
	t_run(MS(10));
	n_run = runtime(n);
	busy1 = cpu_info(1).busy_ns;
	parse_schedstat(&before);
	t_run(MS(HELD_MS));
	parse_schedstat(&after);
	ck_assert_uint_eq(runtime(n), n_run);
	ck_assert_uint_eq(cpu_info(1).busy_ns, busy1);
	ck_assert_int_eq(curr(1), 0);
	ck_assert_uint_ge(after.cpu[1].v[SCHED_GOIDLE] -
			  before.cpu[1].v[SCHED_GOIDLE], HELD_MS);
}
END_TEST

/*
 * 2 CPUs as one core of 2 threads: hog X at nice -20 pinned to cpu0,
 * given its full 800 ms slice; then hog N at nice 0 (slice 100 ms) is
 * spawned pinned to cpu1.  When cpu1 would pick N, X's slice left, less
 * per_cpu_gain 25%, is more than N's full slice: 800 * 75 / 100 = 600 >
 * 100, so cpu1 stays idle instead (until X has fewer than 134 ms left).
 * For 400 ms N gets no CPU at all, cpu1 stays idle and picks its idle
 * task again (sched_goidle grows).  (The rule is applied when a CPU
 * schedules, not at each tick.)
 */
START_TEST(ingo_smt_long_slice_sibling_holds_normal_back)
{
	struct schedstat before, after;
	unsigned long long busy1;
	int x, n;

	boot_smt(2, 2);
	x = hog_on("x", -20, "0");
	t_run(MS(5));
	set_slice(x, timeslice_ms(-20));
	ck_assert_int_gt(timeslice_ms(-20) * (100 - PER_CPU_GAIN) / 100,
			 timeslice_ms(0));
	parse_schedstat(&before);
	busy1 = cpu_info(1).busy_ns;
	n = hog_on("n", 0, "1");
	t_run(MS(HELD_MS));
	parse_schedstat(&after);
	ck_assert_int_eq(curr(0), x);
	ck_assert_int_eq(t_info(n).cpu, 1);
	ck_assert_uint_eq(runtime(n), 0);
	ck_assert_uint_eq(cpu_info(1).busy_ns, busy1);
	ck_assert_uint_gt(after.cpu[1].v[SCHED_GOIDLE],
			  before.cpu[1].v[SCHED_GOIDLE]);
}
END_TEST

/* ---- the driver's own check --------------------------------------------- */

/*
 * Two nice 0 hogs on one CPU, 5 ms in: the check passes, and the one
 * queued but not running is returned, its fields in @r.
 */
static int queued_hog(struct kfix_ingo *r)
{
	int a, b, q;

	boot(1);
	a = hog("hog", 0);
	b = hog("hog", 0);
	t_run(MS(5));
	q = curr(0) == a ? b : a;
	ck_assert_int_eq(t_info(q).state, 'Q');
	ck_assert_int_eq(kfix_ingo_read(q, r), 0);
	ck_assert_int_eq(sim_check(), 0);
	return q;
}

static void assert_reported(const char *want)
{
	ck_assert_msg(strstr(sim_report(), want) != NULL, "report \"%s\" "
		      "lacks \"%s\"", sim_report(), want);
}

/* A task on the queue of one level whose ->prio names the next one. */
START_TEST(ingo_check_reports_prio_off_its_level)
{
	struct kfix_ingo r;
	char want[64];
	int q = queued_hog(&r);

	ck_assert_int_eq(kfix_ingo_break_prio(q, r.prio + 1), 0);
	ck_assert_int_ne(sim_check(), 0);
	snprintf(want, sizeof(want), "level %d: hog/%d has prio %d, array "
		 "this", r.prio, q, r.prio + 1);
	assert_reported(want);
}
END_TEST

/*
 * A task whose ->prio is not the better of its normal priority and the
 * inherited one (none: 140): here the normal one moved a level up.
 */
START_TEST(ingo_check_reports_prio_not_normal_or_inherited)
{
	struct kfix_ingo r;
	char want[80];
	int q = queued_hog(&r);

	ck_assert_int_eq(kfix_ingo_break_normal_prio(q, r.prio - 1), 0);
	ck_assert_int_ne(sim_check(), 0);
	snprintf(want, sizeof(want), "hog/%d has prio %d, normal %d, "
		 "inherited %d", q, r.prio, r.prio - 1, MAX_PRIO);
	assert_reported(want);
}
END_TEST

/*
 * Each rule of the check, broken on purpose (kfix_ingo_check_broken(),
 * undone after the check): 1 CPU, nice 0 hogs A and B at sleep_avg 0
 * (prio 125), A running 5 ms in, B queued; the check reports the rule.
 */
#define BROKEN_HOG_PRIO		125

static const struct {
	int what;
	long value;
	const char *report;
} broken_table[] = {
	{ KFIX_INGO_SAME_ARRAYS, 0, "cpu0: active and expired are one" },
	{ KFIX_INGO_NR_RUNNING, 1, "cpu0: 2 queued, nr_running 3" },
	{ KFIX_INGO_NR_ACTIVE, 1, "cpu0 active: 2 queued, nr_active 3" },
	{ KFIX_INGO_DELIMITER, 0, "cpu0 active: delimiter bit clear" },
	{ KFIX_INGO_EMPTY_LEVEL, 130, "active level 130: bit set, queue empty" },
	{ KFIX_INGO_BEST_EXPIRED, MAX_RT_PRIO - 1, "best_expired_prio 99" },
	{ KFIX_INGO_BEST_EXPIRED, MAX_PRIO + 1, "best_expired_prio 141" },
	{ KFIX_INGO_EXPIRED_STAMP, 1, "is after jiffies" },
	{ KFIX_INGO_FORK_RESCHED, 0, "fork is still pending" },
	{ KFIX_INGO_IDLE_QUEUED, 0, "cpu0: idle task queued, prio 140" },
	{ KFIX_INGO_IDLE_PRIO, 139, "cpu0: idle task not queued, prio 139" },
	{ KFIX_INGO_UNQUEUE_CURR, 0, "is not queued, activated 0" },
	/* 125 is out of 110 +- 5 */
	{ KFIX_INGO_CURR_STATIC_PRIO, 110, "has normal prio 125, not in 105..115" },
	{ KFIX_INGO_CURR_STATIC_PRIO, 131, "has normal prio 125, not in 126..136" },
	{ KFIX_INGO_CURR_STATIC_PRIO, 136, "has normal prio 125, not in 131..139" },
	{ KFIX_INGO_CURR_STATIC_PRIO, 104, "has normal prio 125, not in 100..109" },
	{ KFIX_INGO_CURR_TIME_SLICE, 0, "has time_slice 0," },
	{ KFIX_INGO_CURR_FIRST_SLICE, 2, "first_time_slice 2," },
	{ KFIX_INGO_CURR_ACTIVATED, 3, "activated 3" },
	{ KFIX_INGO_CURR_ACTIVATED, -2, "activated -2" },
	/* in range for a queued task, not for a running one */
	{ KFIX_INGO_CURR_ACTIVATED, 1, "is queued, activated 1" },
	{ KFIX_INGO_SWAP_ARRAYS, 0,
	  "is in the expired array, no reschedule pending" },
};

#define NR_BROKEN	((int)(sizeof(broken_table) / sizeof(broken_table[0])))

START_TEST(ingo_check_reports_each_broken_rule)
{
	char report[256];
	int a, b;

	boot(1);
	a = hog("a", 0);
	b = hog("b", 0);
	set_sleep_avg(a, 0);
	set_sleep_avg(b, 0);
	t_run(MS(5));
	ck_assert_int_eq(curr(0), a);
	ck_assert_int_eq(ingo(a).prio, BROKEN_HOG_PRIO);
	ck_assert_int_eq(ingo(b).prio, BROKEN_HOG_PRIO);
	ck_assert_int_eq(kfix_ingo_check_broken(0, KFIX_INGO_NR_RUNNING, 0,
						report, sizeof(report)), 0);

	ck_assert_int_eq(kfix_ingo_check_broken(0, broken_table[_i].what,
						broken_table[_i].value,
						report, sizeof(report)), 1);
	ck_assert_msg(strstr(report, broken_table[_i].report) != NULL,
		      "report \"%s\" lacks \"%s\"", report,
		      broken_table[_i].report);
	/* undone: the machine checks on */
	ck_assert_int_eq(sim_check(), 0);
	t_run(MS(5));
}
END_TEST

/*
 * An RT task in the expired array: 1 CPU, FIFO 50 hog F runs, nice 0 hog
 * N queued; the arrays swapped put F's level, 49, in the expired one.
 */
START_TEST(ingo_check_reports_rt_in_expired)
{
	char report[256];

	boot(1);
	t_spawn("f", SIM_SCHED_FIFO, 50, 0, t_body_hog, NULL);
	hog("n", 0);
	t_run(MS(5));
	ck_assert_int_eq(kfix_ingo_check_broken(0, KFIX_INGO_SWAP_ARRAYS, 0,
						report, sizeof(report)), 1);
	ck_assert_msg(strstr(report, "cpu0: RT level 49 in the expired array"),
		      "report \"%s\"", report);
}
END_TEST

/*
 * The rules of a reschedule that must be pending, seen from cpu0 the
 * instant after a task there woke S on cpu1: cpu1 runs nice 19 hog H
 * (@with_hog) or nothing, S (nice 0, asleep on a wait queue with a burn
 * to do; its 10 ms sleep is worth 10 * 10 = 100 ms, bonus 1: prio 124)
 * is queued there, need_resched is set.  Checked as
 * it is, then without the need_resched.
 */
static volatile int unresched_s, unresched_ok, unresched_broken;
static char unresched_report[256];

static void unresched_body(void *unused)
{
	sim_wake_pid(unresched_s);
	unresched_ok = kfix_ingo_check_broken(1, KFIX_INGO_NR_RUNNING, 0,
					      unresched_report,
					      sizeof(unresched_report));
	unresched_broken = kfix_ingo_check_broken(1, KFIX_INGO_CURR_NO_RESCHED,
						  0, unresched_report,
						  sizeof(unresched_report));
	for (;;)
		sim_sleep(SEC(1000));
}

static void check_unresched(int with_hog, const char *want)
{
	char w[160];
	int h = 0, s;

	boot(2);
	if (with_hog)
		h = hog_on("h", 19, "1");
	s = sync_sleeper("s", 0, "1");
	post(s, SIM_CMD_BURN, MS(50), 0);
	t_run(MS(10));
	unresched_s = s;
	unresched_ok = unresched_broken = -1;
	spawn_on("w", SIM_SCHED_NORMAL, 0, 0, "0", unresched_body, NULL);
	t_run(TICK_NS);
	ck_assert_int_eq(curr(1), s);
	ck_assert_int_eq(unresched_ok, 0);
	ck_assert_int_eq(unresched_broken, 1);
	if (with_hog)
		snprintf(w, sizeof(w), "cpu1: h/%d (prio 139) runs since jiffy",
			 h);
	else
		snprintf(w, sizeof(w), "%s", want);
	ck_assert_msg(strstr(unresched_report, w), "report \"%s\" lacks "
		      "\"%s\"", unresched_report, w);
	if (with_hog) {
		snprintf(w, sizeof(w), "s/%d (prio 124) waits since jiffy", s);
		ck_assert_msg(strstr(unresched_report, w), "report \"%s\" "
			      "lacks \"%s\"", unresched_report, w);
	}
}

START_TEST(ingo_check_reports_idle_left_with_work)
{
	check_unresched(0, "cpu1: idle with 1 tasks queued, no reschedule "
			"pending");
}
END_TEST

START_TEST(ingo_check_reports_better_task_left_waiting)
{
	check_unresched(1, NULL);
}
END_TEST

/*
 * What the check lets off: at its pick a woken task is requeued at its
 * queue-wait credit, and its prio, not recomputed since a renice, may
 * come out worse than that of a task queued before it was picked.  2.6.10
 * runs it all the same.  1 CPU: C (nice 0) and X (nice -5, sleep_avg 0:
 * prio 120) wake while FIFO task R runs; R renices the queued C to -3
 * (prio 117, the new static one) and sleeps 10 ms after C woke; C is
 * picked, credited 10 ms * 10 = 100 ms (bonus 1: 117 + 4 = 121) and runs
 * at 121 with X waiting at 120.  The check passes.
 *   R sleeps:  active[117]: C   active[120]: X
 *   C picked:  cpu: C (121)     active[120]: X   active[121]: C
 */
static int requeue_c;

static void renice_c_body(void *unused)
{
	sim_burn(MS(2));
	kfix_ingo_renice(requeue_c, -3);
	sim_burn(MS(8));
	for (;;)
		sim_sleep(SEC(1000));
}

START_TEST(ingo_check_lets_off_the_pick_requeue)
{
	int x;

	boot(1);
	requeue_c = script("c", 0);
	x = script("x", -5);
	set_sleep_avg(requeue_c, 0);
	set_sleep_avg(x, 0);
	t_spawn("r", SIM_SCHED_FIFO, 50, 0, renice_c_body, NULL);
	post(requeue_c, SIM_CMD_BURN, MS(50), 0);
	post(x, SIM_CMD_BURN, MS(50), 0);
	t_run(MS(5));
	ck_assert_int_eq(ingo(requeue_c).prio, 117);
	ck_assert_int_eq(ingo(x).prio, 120);
	t_run(MS(10));
	ck_assert_int_eq(curr(0), requeue_c);
	ck_assert_int_eq(ingo(requeue_c).prio, 121);
	ck_assert_int_eq(t_info(x).state, 'Q');
	ck_assert_int_eq(sim_check(), 0);
}
END_TEST

/* ---- the suite ----------------------------------------------------------- */

static TCase *tcase(Suite *s, const char *name)
{
	TCase *tc = tcase_create(name);

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return tc;
}

static Suite *ingosched_suite(void)
{
	Suite *s = suite_create("ingosched");
	TCase *tc;

	tc = tcase(s, "timeslice");
	tcase_add_test(tc, ingo_declares_o1_picking);
	tcase_add_loop_test(tc, ingo_slice_by_nice_normal, 0, NR_SLICES);
	tcase_add_loop_test(tc, ingo_slice_by_nice_rr, 0, NR_SLICES);
	tcase_add_test(tc, ingo_slice_fifo_is_zero);
	tcase_add_loop_test(tc, ingo_slice_at_hz_and_tunables, 0,
			    NR_HZ_SLICES);

	tcase_add_loop_test(tc, ingo_starvation_bound_values, 0,
			    (int)(sizeof(bound_table) / sizeof(bound_table[0])));
	tcase_add_test(tc, ingo_second_boot_starts_from_scratch);

	tc = tcase(s, "tunables");
	tcase_add_loop_test(tc, ingo_tunable_defaults, 0, NR_TUNABLES);

	tc = tcase(s, "interactivity");
	tcase_add_loop_test(tc, ingo_wake_updates_sleep_avg, 0,
			    NR_WAKE_CASES);
	tcase_add_loop_test(tc, ingo_wake_sleep_avg_follows_tunables, 0,
			    NR_WAKE_TUNABLE);
	tcase_add_test(tc, ingo_wake_counts_every_ns);
	tcase_add_loop_test(tc, ingo_wake_credits_queue_wait, 0,
			    NR_QUEUE_WAIT);
	tcase_add_loop_test(tc, ingo_interactive_decides_array_at_expiry, 0,
			    NR_INTERACTIVE);
	tcase_add_loop_test(tc, ingo_wake_preempts_only_a_worse_prio, 0,
			    NR_WAKE_PREEMPT);
	tcase_add_test(tc, ingo_wake_equal_does_not_preempt_a_requeued_task);
	tcase_add_test(tc, ingo_wake_returns_whether_it_woke);
	tcase_add_test(tc, ingo_wake_needs_a_matching_state);
	tcase_add_loop_test(tc, ingo_sleep_with_signal_pending_does_not_sleep,
			    0, 2);
	tcase_add_test(tc, ingo_wake_remote_takes_the_remote_clock);
	tcase_add_test(tc, ingo_wake_sync_does_not_preempt_the_waker);
	tcase_add_test(tc, ingo_wake_sync_other_cpu_preempts);
	tcase_add_test(tc, ingo_wake_sync_pulled_to_the_waker_does_not_preempt);
	tcase_add_test(tc, ingo_prio_100_is_not_rt);
	tcase_add_test(tc, ingo_run_drains_sleep_avg);
	tcase_add_loop_test(tc, ingo_run_high_credit_drains_slower, 0,
			    NR_HIGH_CREDIT);
	tcase_add_test(tc, ingo_credit_floor_is_below_minus_limit);
	tcase_add_test(tc, ingo_credit_ceiling_is_above_limit);
	tcase_add_loop_test(tc, ingo_granularity_round_robin, 0, NR_MACHINES);
	tcase_add_loop_test(tc, ingo_granularity_by_bonus, 0,
			    (int)(sizeof(gran_table) / sizeof(gran_table[0])));
	tcase_add_test(tc, ingo_granularity_turn_recomputes_prio);
	tcase_add_test(tc, ingo_granularity_turn_lets_better_task_run);

	tc = tcase(s, "starvation");
	tcase_add_loop_test(tc, ingo_starvation_limit_lets_expired_run, 0,
			    (int)(sizeof(starve_table) / sizeof(starve_table[0])));
	tcase_add_loop_test(tc, ingo_starving_by_better_expired_static_prio,
			    0, 3);

	tcase_add_test(tc, ingo_switch_arrays_starts_expired_anew);
	tcase_add_test(tc, ingo_switch_arrays_resets_best_expired);
	tcase_add_test(tc, ingo_idle_resets_expired_timestamp);
	tcase_add_test(tc, ingo_pick_work_counts_array_switches);

	tc = tcase(s, "fork_exit");
	tcase_add_test(tc, ingo_fork_splits_slice);
	tcase_add_test(tc, ingo_fork_last_tick_expires_parent);
	tcase_add_loop_test(tc, ingo_fork_penalises_sleep_avg, 0,
			    NR_FORK_PENALTIES);
	tcase_add_test(tc, ingo_fork_child_runs_first);
	tcase_add_test(tc, ingo_fork_child_queued_ahead_of_parent);
	tcase_add_test(tc, ingo_exit_first_slice_returns_to_parent);
	tcase_add_test(tc, ingo_exit_give_back_capped_at_timeslice);
	tcase_add_loop_test(tc, ingo_exit_after_first_slice_gives_nothing, 0, 2);
	tcase_add_loop_test(tc, ingo_exit_weights_parent_sleep_avg, 0,
			    NR_EXIT_WEIGHTS);

	tc = tcase(s, "rt");
	tcase_add_loop_test(tc, ingo_rt_rr_rotates_every_slice, 0,
			    NR_MACHINES);
	tcase_add_test(tc, ingo_rt_rr_slice_follows_nice);
	tcase_add_test(tc, ingo_rt_fifo_never_expires);
	tcase_add_test(tc, ingo_rt_preempts_at_once);

	tc = tcase(s, "yield");
	tcase_add_test(tc, ingo_yield_normal_goes_to_expired);
	tcase_add_test(tc, ingo_yield_fifo_to_tail_of_level);
	tcase_add_test(tc, ingo_yield_rr_to_tail_of_level);
	tcase_add_test(tc, ingo_yield_fifo_keeps_cpu_over_normal);

	tc = tcase(s, "accounting");
	tcase_add_test(tc, ingo_idle_tick_is_iowait_while_io_waits);
	tcase_add_test(tc, ingo_io_schedule_counts_iowait);
	tcase_add_test(tc, ingo_oom_slice_and_task_curr);
	tcase_add_test(tc, ingo_wake_remote_preempts_at_once);

	tc = tcase(s, "pi");
	tcase_add_test(tc, ingo_pi_boost_moves_to_active_and_back);
	tcase_add_test(tc, ingo_pi_boosted_parent_forks_unboosted_child);
	tcase_add_test(tc, ingo_pi_boost_and_deboost_preempt);
	tcase_add_test(tc, ingo_pi_deboost_still_first_keeps_cpu);

	tc = tcase(s, "behaviour");
	tcase_add_loop_test(tc, ingo_share_nice0_vs_nice19, 0, NR_MACHINES);
	tcase_add_test(tc, ingo_sleeper_earns_interactive_bonus);
	tcase_add_test(tc, ingo_sleeper_preempts_hog_on_wakeup);

	tc = tcase(s, "smp");
	tcase_add_loop_test(tc, ingo_smp_hogs_spread_one_per_cpu, FIRST_SMP,
			    NR_MACHINES);
	tcase_add_loop_test(tc, ingo_smp_pinned_hogs_never_move, FIRST_SMP,
			    NR_MACHINES);
	tcase_add_test(tc, ingo_smp_newly_idle_cpu_pulls);
	tcase_add_loop_test(tc, ingo_smp_setaffinity_moves_running_hog,
			    FIRST_SMP, NR_MACHINES);
	tcase_add_loop_test(tc, ingo_smp_smt_active_balance_spreads_cores, 0,
			    (int)(sizeof(smt_machines) /
				  sizeof(smt_machines[0])));
	tcase_add_loop_test(tc, ingo_smp_migration_threads_per_cpu, 0,
			    NR_MACHINES);
	tcase_add_loop_test(tc, ingo_smp_offline_cpu_sheds_and_returns,
			    FIRST_SMP, NR_MACHINES);

	tc = tcase(s, "schedstat");
	tcase_add_loop_test(tc, ingo_schedstat_format, 0, NR_MACHINES);
	tcase_add_test(tc, ingo_schedstat_counts_yields);
	tcase_add_test(tc, ingo_schedstat_counts_wakeups_and_schedules);
	tcase_add_test(tc, ingo_pick_work_matches_schedstat);

	tc = tcase(s, "exec");
	tcase_add_loop_test(tc, ingo_exec_pushes_to_idlest_cpu, FIRST_SMP,
			    NR_MACHINES);
	tcase_add_loop_test(tc, ingo_exec_alone_stays, FIRST_SMP,
			    NR_MACHINES);

	tc = tcase(s, "check");
	tcase_add_test(tc, ingo_check_reports_prio_off_its_level);
	tcase_add_test(tc, ingo_check_reports_prio_not_normal_or_inherited);
	tcase_add_loop_test(tc, ingo_check_reports_each_broken_rule, 0,
			    NR_BROKEN);
	tcase_add_test(tc, ingo_check_reports_rt_in_expired);
	tcase_add_test(tc, ingo_check_reports_idle_left_with_work);
	tcase_add_test(tc, ingo_check_reports_better_task_left_waiting);
	tcase_add_test(tc, ingo_check_lets_off_the_pick_requeue);

	tc = tcase(s, "numa");
	tcase_add_loop_test(tc, ingo_numa_domain_spans, 0, 2);
	tcase_add_loop_test(tc, ingo_numa_hogs_spread_across_nodes, 0, 2);

	tc = tcase(s, "isolcpus");
	tcase_add_loop_test(tc, ingo_isolcpus_cpu_has_no_domains, 0, 2);
	tcase_add_loop_test(tc, ingo_isolcpus_balancing_never_uses_cpu, 0, 2);
	tcase_add_test(tc, ingo_isolcpus_pinned_task_runs_there);

	tc = tcase(s, "nice");
	tcase_add_test(tc, ingo_nice_running_task_gets_new_static_prio);
	tcase_add_test(tc, ingo_nice_worse_running_task_gives_way);
	tcase_add_test(tc, ingo_nice_better_queued_task_preempts);
	tcase_add_test(tc, ingo_nice_rt_changes_only_static_prio);
	tcase_add_loop_test(tc, ingo_nice_range, 0,
			    (int)(sizeof(renice_range_table) /
				  sizeof(renice_range_table[0])));
	tcase_add_loop_test(tc, ingo_nice_running_gives_way_only_if_worse, 0,
			    (int)(sizeof(renice_running_table) /
				  sizeof(renice_running_table[0])));
	tcase_add_loop_test(tc, ingo_setscheduler_acts_at_once, 0,
			    (int)(sizeof(setscheduler_table) /
				  sizeof(setscheduler_table[0])));

	tc = tcase(s, "wakeup");
	tcase_add_test(tc, ingo_wake_affine_pulls_cold_task);
	tcase_add_test(tc, ingo_wake_hot_task_stays);
	tcase_add_test(tc, ingo_wake_balance_pulls_hot_task);
	tcase_add_test(tc, ingo_wake_idle_picks_idle_sibling);
	tcase_add_test(tc, ingo_wake_no_smt_stays_on_busy_cpu);

	tc = tcase(s, "smt");
	tcase_add_test(tc, ingo_smt_rt_sibling_holds_normal_back);
	tcase_add_test(tc, ingo_smt_long_slice_sibling_holds_normal_back);

	return s;
}

int main(void)
{
	return t_run_suite_on(ingosched_suite(), "ingosched");
}
