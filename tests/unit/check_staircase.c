/*
 * tests/unit/check_staircase.c - Con Kolivas' staircase scheduler
 * (drivers/staircase.c, "cpusched=staircase") against the rules and
 * numbers of the staircase section of FACTS.md.
 *
 * Each test boots its own machine with "cpusched=staircase" and checks
 * one rule.  HZ is 1000: a jiffy is 1 ms, so the slices read through
 * kfix_stair.h (in jiffies) are the milliseconds of the rules.
 *
 * What the harness API cannot show (burst, the slice and interval left,
 * the "has forked" flag) is read through kfix_stair.h; the same
 * functions prepare a task before the event under test.
 *
 * How the exact numbers are made exact:
 *   - a script task that has just finished a command went to sleep at
 *     this very instant; a command posted now wakes it after 0 ns of
 *     sleep, and the command runs in 0 ns of CPU unless it burns;
 *   - sleeps start at a tick and last whole ticks;
 *   - a wake-up with the "has forked" flag set continues the slice it
 *     has and recomputes the level only: tests set the flag to see the
 *     level a given slice and burst give.
 *
 * Not checked here: the syscalls' argument checking (check_syscalls),
 * the generic invariants (the machine checks them after every event in
 * every test below, the driver's own check included).
 *
 * The whole suite exits 77 (skipped) with a message when the library was
 * built without the staircase driver.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"
#include "kfix_stair.h"
#include "kfixtures.h"

#define CMDLINE			"cpusched=staircase"
#define TICK_NS			MS(1)		/* HZ 1000 */
#define HALF_TICK		(TICK_NS / 2)

/* ---- the staircase's numbers (FACTS.md) ---------------------------------- */

#define RR_INTERVAL		10	/* ms, one step */
#define COMPUTE_RR_INTERVAL	100	/* ms, x10 with compute on */
#define CACHE_DELAY		10	/* ms, compute: preemption delay */
#define STATIC_PRIO(nice)	(120 + (nice))
#define BOTTOM			139	/* the last step */
#define SF_FORKED		1	/* kfix_stair sflags: has forked */

#define INTERACTIVE_PATH	"/sys/cpusched/staircase/interactive"
#define COMPUTE_PATH		"/sys/cpusched/staircase/compute"

/* max burst = 19 - nice: 19 at nice 0, 0 at 19, 39 at -20 */
static unsigned int max_burst(int nice)
{
	return 19 - nice;
}

/* slice = RR_INTERVAL * (1 + max burst), ms */
static unsigned int slice_ms(int nice, int rr)
{
	return rr * (1 + max_burst(nice));
}

/* ---- fixtures and helpers ------------------------------------------------ */

static void teardown(void)
{
	t_shutdown();
}

static void boot(int cpus)
{
	t_boot(cpus, CMDLINE);
	ck_assert_str_eq(sim_cpusched(), "staircase");
	ck_assert_msg(kfix_stair_available(),
		      "kfix_stair cannot see the staircase driver");
}

static int spawn_on(const char *name, int policy, int rt_priority, int nice,
		    const char *cpus, sim_body_t body)
{
	struct sim_task_attr a;
	int pid;

	sim_task_attr_init(&a);
	a.name = name;
	a.policy = policy;
	a.rt_priority = rt_priority;
	a.nice = nice;
	a.cpus = cpus;
	pid = body ? sim_spawn(&a, body, NULL) : sim_spawn_script(&a);
	ck_assert_msg(pid > 0, "spawn of %s failed (%d): %s", name, pid,
		      sim_error());
	return pid;
}

static int hog(const char *name, int nice)
{
	return t_spawn(name, SIM_SCHED_NORMAL, 0, nice, t_body_hog, NULL);
}

static int hog_on(const char *name, const char *cpus)
{
	return spawn_on(name, SIM_SCHED_NORMAL, 0, 0, cpus, t_body_hog);
}

static int rt_hog(const char *name, int policy, int rt_priority)
{
	return t_spawn(name, policy, rt_priority, 0, t_body_hog, NULL);
}

static int script(const char *name, int nice)
{
	return t_spawn_script(name, SIM_SCHED_NORMAL, 0, nice);
}

static int script_on(const char *name, const char *cpus)
{
	return spawn_on(name, SIM_SCHED_NORMAL, 0, 0, cpus, NULL);
}

static struct kfix_stair stair(int pid)
{
	struct kfix_stair k;

	ck_assert_msg(kfix_stair_read(pid, &k) == 0,
		      "no staircase fields for pid %d", pid);
	return k;
}

static void set_burst(int pid, unsigned int burst)
{
	ck_assert_int_eq(kfix_stair_set_burst(pid, burst), 0);
}

static void set_slice(int pid, unsigned int slice, unsigned int time_slice)
{
	ck_assert_int_eq(kfix_stair_set_slice(pid, slice, time_slice), 0);
}

static void set_forked(int pid)
{
	ck_assert_int_eq(kfix_stair_set_sflags(pid, SF_FORKED), 0);
}

static unsigned long long runtime(int pid)
{
	return t_info(pid).runtime_ns;
}

static int curr_pid(int cpu)
{
	struct sim_cpu_info ci;

	ck_assert_int_eq(sim_cpu_info(cpu, &ci), 0);
	return ci.curr_pid;
}

static char state(int pid)
{
	return t_info(pid).state;
}

/* Queue a command without waiting for it. */
static void post(int pid, int op, long a0)
{
	int ret = sim_cmd(pid, op, a0, 0, 0, 0);

	ck_assert_msg(ret == 0, "sim_cmd(%d, %d) = %d: %s", pid, op, ret,
		      sim_error());
}

/* A command that takes no CPU time: just a wake-up of the script. */
static void poke(int pid)
{
	t_syscall(pid, SIM_SYS_getpid, 0, 0, 0);
}

static void write_tunable(const char *path, const char *text)
{
	ck_assert_int_eq(sim_sysfs_write(path, text), 0);
}

static int read_tunable(const char *path)
{
	char buf[32];

	ck_assert_int_ge(sim_sysfs_read(path, buf, sizeof(buf)), 0);
	return atoi(buf);
}

/* The /proc/schedstat cpu line's fields: yld_cnt 3, sched_noswitch 4. */
#define SCHEDSTAT_NOSWITCH	4
#define SCHEDSTAT_CNT		6
#define SCHEDSTAT_GOIDLE	7

/* The first eight numbers of cpu @cpu's /proc/schedstat line: 0 if none. */
static int schedstat_cpu(int cpu, unsigned long f[8])
{
	const char *text = sim_schedstat();
	char tag[16];

	ck_assert_msg(text != NULL, "no /proc/schedstat: %s", sim_report());
	snprintf(tag, sizeof(tag), "\ncpu%d ", cpu);
	text = strstr(text, tag);
	if (!text)
		return 0;
	ck_assert_int_eq(sscanf(text + strlen(tag),
				"%lu %lu %lu %lu %lu %lu %lu %lu", &f[0], &f[1],
				&f[2], &f[3], &f[4], &f[5], &f[6], &f[7]),
			 8);
	return 1;
}

/* schedule() calls of @cpu that picked the task already running. */
static unsigned long noswitch(int cpu)
{
	unsigned long f[8];

	ck_assert(schedstat_cpu(cpu, f));
	return f[SCHEDSTAT_NOSWITCH];
}

/* user space's struct timespec */
struct u_timespec {
	long tv_sec;
	long tv_nsec;
};

/* sched_rr_get_interval(@target) asked by script task @asker, in ms. */
static unsigned long long rr_interval_ms(int asker, int target)
{
	struct u_timespec ts;
	unsigned long uaddr = sim_user_map(asker, sizeof(ts));

	ck_assert_msg(uaddr != 0, "sim_user_map: %s", sim_error());
	ck_assert_int_eq(t_syscall(asker, SIM_SYS_sched_rr_get_interval,
				   target, uaddr, 0), 0);
	ck_assert_int_eq(sim_user_read(asker, uaddr, &ts, sizeof(ts)), 0);
	return ((unsigned long long)ts.tv_sec * SEC(1) + ts.tv_nsec) /
	       NSEC_PER_MSEC;
}

/* sched_setaffinity(@pid, @mask) made by script task @setter. */
static long set_affinity(int setter, int pid, unsigned long mask)
{
	unsigned long uaddr = sim_user_map(setter, sizeof(mask));

	ck_assert_msg(uaddr != 0, "sim_user_map: %s", sim_error());
	ck_assert_int_eq(sim_user_write(setter, uaddr, &mask, sizeof(mask)),
			 0);
	return t_syscall(setter, SIM_SYS_sched_setaffinity, pid,
			 sizeof(mask), uaddr);
}

/* A SCHED_FIFO script pinned to @cpus: its system calls act at once. */
static int ctl_on(const char *cpus)
{
	return spawn_on("ctl", SIM_SCHED_FIFO, 50, 0, cpus, NULL);
}

/* ---- the numbers: intervals and slices ----------------------------------- */

struct slice_case {
	int nice;
	unsigned int ms;	/* FACTS.md's slice */
};

static const struct slice_case slices[] = {
	{ 0, 200 }, { 10, 100 }, { 19, 10 }, { -20, 400 },
};

#define NR_SLICES	((int)(sizeof(slices) / sizeof(slices[0])))

/*
 * A SCHED_NORMAL task's slice is RR_INTERVAL * (1 + 19 - nice): 200, 100,
 * 10 and 400 ms at nice 0, 10, 19, -20; sched_rr_get_interval() reports
 * it, and a new task starts with all of it.
 */
START_TEST(stair_slice_by_nice)
{
	const struct slice_case *c = &slices[_i];
	int pid, asker;

	boot(1);
	pid = script("t", c->nice);
	asker = script("asker", 0);
	ck_assert_uint_eq(slice_ms(c->nice, RR_INTERVAL), c->ms);
	ck_assert_uint_eq(rr_interval_ms(asker, pid), c->ms);
	ck_assert_uint_eq(stair(pid).slice, c->ms);
	ck_assert_uint_eq(stair(pid).time_slice, RR_INTERVAL);
}
END_TEST

/* An RT task's slice is one RR_INTERVAL: 10 ms for SCHED_RR. */
START_TEST(stair_slice_rr_is_one_interval)
{
	int pid, asker;

	boot(1);
	pid = t_spawn_script("rr", SIM_SCHED_RR, 10, 0);
	asker = script("asker", 0);
	ck_assert_uint_eq(rr_interval_ms(asker, pid), RR_INTERVAL);
	ck_assert_uint_eq(stair(pid).slice, RR_INTERVAL);
}
END_TEST

/* SCHED_FIFO has no interval: sched_rr_get_interval() gives 0. */
START_TEST(stair_slice_fifo_is_zero)
{
	int pid, asker;

	boot(1);
	pid = t_spawn_script("fifo", SIM_SCHED_FIFO, 10, 0);
	asker = script("asker", 0);
	ck_assert_uint_eq(rr_interval_ms(asker, pid), 0);
}
END_TEST

/*
 * max burst = 19 - nice.  Before: burst max - 1.  A long interruptible
 * sleep adds one (now max); a second one adds nothing.  Nice 0, 19, -20.
 */
static const int burst_nices[] = { 0, 19, -20 };

START_TEST(stair_burst_capped_at_nineteen_minus_nice)
{
	int nice = burst_nices[_i];
	unsigned int max = max_burst(nice);
	int pid;

	boot(1);
	pid = script("t", nice);
	poke(pid);			/* the first wake-up: run 0 */
	set_burst(pid, max ? max - 1 : 0);
	t_cmd(pid, SIM_CMD_SLEEP, MS(2 * RR_INTERVAL), 0, 0, 0);
	ck_assert_uint_eq(stair(pid).burst, max);
	t_cmd(pid, SIM_CMD_SLEEP, MS(2 * RR_INTERVAL), 0, 0, 0);
	ck_assert_uint_eq(stair(pid).burst, max);
}
END_TEST

/* ---- the effective priority ---------------------------------------------- */

struct prio_case {
	int nice;
	unsigned int burst;
	int interactive, compute;
	unsigned int used;	/* ms of the slice used */
	int prio;		/* what FACTS.md's formula gives */
};

/*
 * first = RR * (burst + 1) if interactive && !compute, else RR;
 * prio = static_prio while used < first, else
 * static_prio + 1 + (used - first) / RR, at most 139.
 */
static const struct prio_case prios[] = {
	{ 0, 0, 1, 0, 0, 120 },		/* top step */
	{ 0, 0, 1, 0, 9, 120 },		/* first = 10: still on top */
	{ 0, 0, 1, 0, 10, 121 },	/* one step down */
	{ 0, 0, 1, 0, 25, 122 },	/* 121 + 15 / 10 */
	{ 0, 5, 1, 0, 59, 120 },	/* first = 60 */
	{ 0, 5, 1, 0, 60, 121 },
	{ 0, 5, 1, 0, 100, 125 },	/* 121 + 40 / 10 */
	{ 0, 0, 1, 0, 199, 139 },	/* last ms of the slice: bottom */
	{ -20, 0, 1, 0, 399, 139 },	/* 101 + 389 / 10 = 139 */
	{ 10, 3, 1, 0, 45, 131 },	/* first 40: 131 + 5 / 10 */
	{ 0, 5, 0, 0, 10, 121 },	/* interactive 0: first = RR */
	{ 0, 5, 1, 1, 99, 120 },	/* compute: first = 100 */
	{ 0, 5, 1, 1, 100, 121 },
	{ 0, 5, 1, 1, 350, 123 },	/* 121 + 250 / 100 */
};

#define NR_PRIOS	((int)(sizeof(prios) / sizeof(prios[0])))

/*
 * Before: a sleeping script task with the case's burst, slice used (and
 * so much of its interval: the interval ends with each step) and the
 * "has forked" flag.  A wake-up continues that slice and sets the
 * level from the formula.  After: prio as in the table.
 */
START_TEST(stair_effective_prio_formula)
{
	const struct prio_case *c = &prios[_i];
	int rr = c->compute ? COMPUTE_RR_INTERVAL : RR_INTERVAL;
	unsigned int full = slice_ms(c->nice, rr);
	int pid;

	boot(1);
	pid = script("t", c->nice);
	if (c->compute)
		write_tunable(COMPUTE_PATH, "1");
	write_tunable(INTERACTIVE_PATH, c->interactive ? "1" : "0");
	set_burst(pid, c->burst);
	set_slice(pid, full - c->used, rr - c->used % rr);
	set_forked(pid);
	poke(pid);
	ck_assert_int_eq(stair(pid).prio, c->prio);
	ck_assert_int_eq(t_info(pid).prio, c->prio);
}
END_TEST

/* ---- the tick ------------------------------------------------------------ */

/*
 * A lone nice 0 hog, burst 0: one step down every RR_INTERVAL of CPU:
 * 120 for its first 10 ms, then 121, 122 ... 139 at 190 ms.
 */
START_TEST(stair_tick_steps_down_each_interval)
{
	int pid, step;

	boot(1);
	pid = hog("hog", 0);
	t_run(MS(RR_INTERVAL) - HALF_TICK);
	ck_assert_int_eq(stair(pid).prio, STATIC_PRIO(0));
	for (step = 1; step <= 19; step++) {
		t_run(MS(RR_INTERVAL));
		ck_assert_int_eq(stair(pid).prio, STATIC_PRIO(0) + step);
	}
}
END_TEST

/*
 * The OOM killer's victim gets a whole fresh slice to exit with
 * (set_oom_timeslice()): 1 CPU, nice 0 hogs A and B share it for 100 ms,
 * so B has used some of its 200 ms and stepped down; a SCHED_FIFO task
 * then makes B the victim and keeps the CPU, and B waits with slice 200
 * and interval 10 on the top step of a full slice, 120.
 */
static void body_oom_then_burn(void *victim)
{
	kfix_call_wrapper(KFIX_HOOK_set_oom_timeslice, (int)(long)victim);
	for (;;)
		sim_burn(SEC(1));
}

START_TEST(stair_oom_victim_gets_a_whole_slice)
{
	struct sim_task_attr a;
	int b;

	boot(1);
	hog("a", 0);
	b = hog("b", 0);
	t_run(MS(100));
	ck_assert_uint_lt(stair(b).slice, slice_ms(0, RR_INTERVAL));
	ck_assert_int_gt(stair(b).prio, STATIC_PRIO(0));

	sim_task_attr_init(&a);
	a.name = "killer";
	a.policy = SIM_SCHED_FIFO;
	a.rt_priority = 10;
	ck_assert_msg(sim_spawn(&a, body_oom_then_burn, (void *)(long)b) > 0,
		      "%s", sim_report());
	t_run(MS(5));
	ck_assert_uint_eq(stair(b).slice, slice_ms(0, RR_INTERVAL));
	ck_assert_uint_eq(stair(b).time_slice, RR_INTERVAL);
	ck_assert_int_eq(stair(b).prio, STATIC_PRIO(0));
}
END_TEST

/* When the killer made its victim, and when it ran on after that. */
static volatile unsigned long long oom_call_at, oom_back_at;

/* Burns 1 ms, makes @victim the OOM victim, burns on. */
static void body_burn_oom_burn(void *victim)
{
	sim_burn(MS(1));
	oom_call_at = sim_now();
	kfix_call_wrapper(KFIX_HOOK_set_oom_timeslice, (int)(long)victim);
	oom_back_at = sim_now();
	for (;;)
		sim_burn(SEC(1));
}

/*
 * The victim's fresh slice puts it on its top step, from which it
 * preempts a killer below it at once, as a wake-up there would: 1 CPU,
 * nice 0 hogs A and B, and a nice 19 killer K, which runs only when they
 * are down on its step, 139.  K makes B the victim: B (now 120) takes
 * the CPU at the call and K runs again only when B has walked back down
 * to 139, 190 ms on (19 intervals of 10 ms), B's runtime all of them.
 */
START_TEST(stair_oom_victim_preempts_a_worse_killer)
{
	unsigned long long b_ran;
	int b;

	boot(1);
	hog("a", 0);
	b = hog("b", 0);
	oom_call_at = oom_back_at = 0;
	t_spawn("killer", SIM_SCHED_NORMAL, 0, 19, body_burn_oom_burn,
		(void *)(long)b);
	while (!oom_call_at)
		t_run(MS(1) / 10);
	b_ran = t_info(b).runtime_ns;
	while (!oom_back_at)
		t_run(MS(1) / 10);
	ck_assert_uint_eq(oom_back_at - oom_call_at, MS(190));
	ck_assert_uint_eq(t_info(b).runtime_ns - b_ran, MS(190));
}
END_TEST

/*
 * The slice runs out: burst - 1, a new slice, back to the top step.
 * Before: a new hog given burst 3 runs 197 ms: 3 ms of slice left, level
 * 136 (121 + (197 - 40) / 10).  After 3 ticks: burst 2, slice 200,
 * time_slice 10, prio 120.
 */
START_TEST(stair_tick_slice_end_refills_and_costs_burst)
{
	int pid;

	boot(1);
	pid = hog("hog", 0);
	set_burst(pid, 3);
	t_run(MS(197) + HALF_TICK);
	ck_assert_uint_eq(stair(pid).slice, 3);
	ck_assert_int_eq(stair(pid).prio, 136);
	t_run(MS(3));
	ck_assert_uint_eq(stair(pid).burst, 2);
	ck_assert_uint_eq(stair(pid).slice, slice_ms(0, RR_INTERVAL));
	ck_assert_uint_eq(stair(pid).time_slice, RR_INTERVAL);
	ck_assert_int_eq(stair(pid).prio, STATIC_PRIO(0));
}
END_TEST

/* Burst 0 stays 0 at the slice's end: 139 at 199 ms, 120 at 200 ms. */
START_TEST(stair_tick_slice_end_back_to_top)
{
	int pid;

	boot(1);
	pid = hog("hog", 0);
	t_run(MS(200) - HALF_TICK);
	ck_assert_int_eq(stair(pid).prio, BOTTOM);
	t_run(MS(1));
	ck_assert_int_eq(stair(pid).prio, STATIC_PRIO(0));
	ck_assert_uint_eq(stair(pid).burst, 0);
}
END_TEST

/*
 * With burst 19 (max at nice 0) a hog stays on 120 for its whole first
 * slice: first = RR * 20 = 200 ms.
 */
START_TEST(stair_tick_burst_keeps_top_step)
{
	int pid;

	boot(1);
	pid = hog("hog", 0);
	set_burst(pid, max_burst(0));
	t_run(MS(150));
	ck_assert_int_eq(stair(pid).prio, STATIC_PRIO(0));
}
END_TEST

/* ---- wake-ups ------------------------------------------------------------ */

/*
 * A parent's first wake-up after it forked continues its slice, however
 * long the sleep: P, with 30 ms of its slice used (170 left, level 123:
 * 121 + 20 / 10), forks, sleeps 20 ms and wakes: slice 170, burst 0,
 * level 123, flag gone.  Its child wakes after the same sleep like any
 * task: a new slice and one more burst.  (P is given the flag to reach
 * the fork with its slice as it was.)
 */
START_TEST(stair_wake_after_fork_continues_slice)
{
	int pid, child;

	boot(1);
	pid = script("p", 0);
	poke(pid);
	set_slice(pid, 170, RR_INTERVAL);
	set_forked(pid);
	child = t_cmd(pid, SIM_CMD_FORK, 0, 0, 0, 0);
	ck_assert_uint_eq(stair(pid).slice, 170);
	ck_assert_uint_eq(stair(pid).sflags & SF_FORKED, SF_FORKED);
	ck_assert_uint_eq(stair(child).sflags & SF_FORKED, 0);
	t_run(MS(20));
	poke(pid);
	ck_assert_uint_eq(stair(pid).sflags & SF_FORKED, 0);
	ck_assert_uint_eq(stair(pid).slice, 170);
	ck_assert_uint_eq(stair(pid).burst, 0);
	ck_assert_int_eq(stair(pid).prio, 123);
	poke(child);
	ck_assert_uint_eq(stair(child).slice, 200);
	ck_assert_uint_eq(stair(child).burst, 1);
}
END_TEST

/*
 * A wake-up after RR_INTERVAL or more of run + sleep refills: slice 200,
 * time_slice 10, burst + 1, top step.  Before: burst 2, slice 154,
 * time_slice 4; the task sleeps 10 ms interruptibly.
 */
START_TEST(stair_wake_refills_and_adds_burst)
{
	int pid;

	boot(1);
	pid = script("t", 0);
	poke(pid);
	set_burst(pid, 2);
	set_slice(pid, 154, 4);
	t_cmd(pid, SIM_CMD_SLEEP, MS(RR_INTERVAL), 0, 0, 0);
	ck_assert_uint_eq(stair(pid).slice, 200);
	ck_assert_uint_eq(stair(pid).time_slice, RR_INTERVAL);
	ck_assert_uint_eq(stair(pid).burst, 3);
	ck_assert_int_eq(stair(pid).prio, STATIC_PRIO(0));
}
END_TEST

/* An uninterruptible sleep refills the slice but earns no burst. */
START_TEST(stair_wake_uninterruptible_no_burst)
{
	int pid;

	boot(1);
	pid = script("t", 0);
	poke(pid);
	set_burst(pid, 2);
	set_slice(pid, 154, 4);
	t_cmd(pid, SIM_CMD_SLEEP_UNINT, MS(2 * RR_INTERVAL), 0, 0, 0);
	ck_assert_uint_eq(stair(pid).slice, 200);
	ck_assert_uint_eq(stair(pid).burst, 2);
}
END_TEST

/*
 * Run + sleep under RR_INTERVAL continues the old slice.  Before: burst
 * 2, slice 154; it sleeps 5 ms having run nothing.  After: slice 154,
 * time_slice 4, burst 2.
 */
START_TEST(stair_wake_short_sleep_continues_slice)
{
	int pid;

	boot(1);
	pid = script("t", 0);
	poke(pid);
	set_burst(pid, 2);
	set_slice(pid, 154, 4);
	t_cmd(pid, SIM_CMD_SLEEP, MS(5), 0, 0, 0);
	ck_assert_uint_eq(stair(pid).slice, 154);
	ck_assert_uint_eq(stair(pid).time_slice, 4);
	ck_assert_uint_eq(stair(pid).burst, 2);
}
END_TEST

/*
 * Run and sleep add up: burn @ran ms, then sleep 5 ms at once (both
 * commands queued together, so the script does not stop between them).
 * 3 + 5 < 10: the slice goes on (burst 0, less than 200 left); 5 + 5
 * and 6 + 5 >= 10: refill (slice 200, burst 1).  The sleep starts when
 * the run ends: counted from when the run began, 3 + 8 would refill.
 */
static const unsigned int ran_ms[] = { 3, 5, 6 };

START_TEST(stair_wake_counts_run_and_sleep)
{
	unsigned int ran = ran_ms[_i];
	int refill = ran + 5 >= RR_INTERVAL;
	int pid;

	boot(1);
	pid = script("t", 0);
	poke(pid);
	set_slice(pid, 150, RR_INTERVAL);
	post(pid, SIM_CMD_BURN, MS(ran));
	post(pid, SIM_CMD_SLEEP, MS(5));
	ck_assert_int_eq(sim_cmd_wait(pid, SEC(1)), 0);
	if (refill) {
		ck_assert_uint_eq(stair(pid).slice, 200);
		ck_assert_uint_eq(stair(pid).burst, 1);
	} else {
		ck_assert_uint_lt(stair(pid).slice, 150);
		ck_assert_uint_eq(stair(pid).burst, 0);
	}
}
END_TEST

/*
 * The run that counts towards RR_INTERVAL is CPU time since the slice
 * began, not the wait for the CPU.  S runs 20 ms, then wakes from a
 * long sleep (a new slice, run 0) while a FIFO task burns 20 ms, so it
 * waits 20 ms, runs 3 ms and sleeps 5 ms: 3 + 5 < 10, it continues its
 * slice (197 left, burst 1 as before).
 */
START_TEST(stair_wake_counts_cpu_time_not_waiting)
{
	int s, f;

	boot(1);
	s = script("s", 0);
	f = t_spawn_script("fifo", SIM_SCHED_FIFO, 10, 0);
	t_cmd(s, SIM_CMD_BURN, MS(20), 0, 0, 0);
	t_run(MS(50));
	post(f, SIM_CMD_BURN, MS(20));
	post(s, SIM_CMD_BURN, MS(3));
	ck_assert_int_eq(sim_cmd_wait(s, SEC(1)), 0);
	ck_assert_uint_eq(stair(s).runtime, MS(3));
	ck_assert_uint_eq(stair(s).burst, 1);
	t_cmd(s, SIM_CMD_SLEEP, MS(5), 0, 0, 0);
	ck_assert_uint_eq(stair(s).slice, 197);
	ck_assert_uint_eq(stair(s).burst, 1);
}
END_TEST

/*
 * A slice that runs out while the task runs starts its count afresh: a
 * new script S burns 203 ms, 3 of them in its second slice, and sleeps
 * 5 ms: 3 + 5 < 10, it continues that slice (192 left), burst 0.
 */
START_TEST(stair_wake_counts_run_since_the_slice_began)
{
	int s;

	boot(1);
	s = script("s", 0);
	t_cmd(s, SIM_CMD_BURN, MS(203), 0, 0, 0);
	ck_assert_uint_eq(stair(s).slice, 197);
	ck_assert_uint_eq(stair(s).runtime, MS(3));
	t_cmd(s, SIM_CMD_SLEEP, MS(5), 0, 0, 0);
	ck_assert_uint_eq(stair(s).slice, 197);
	ck_assert_uint_eq(stair(s).burst, 0);
}
END_TEST

/*
 * A task that sleeps counts a voluntary switch, one that is preempted
 * an involuntary one: a sleeper (1 ms every 20 ms) preempts a hog at
 * each wake-up; at 200 ms it sleeps once more than it has woken.
 */
START_TEST(stair_wake_switches_voluntary_or_not)
{
	struct sim_task_info h, z;
	int hp, zp;

	boot(1);
	hp = hog("hog", 0);
	zp = t_spawn("sleeper", SIM_SCHED_NORMAL, 0, 0, t_body_sleeper,
		     (void *)20UL);
	t_run(MS(200));
	h = t_info(hp);
	z = t_info(zp);
	ck_assert_uint_gt(z.wakeups, 5);
	ck_assert_int_eq(z.state, 'S');
	ck_assert_uint_eq(z.nvcsw, z.wakeups + 1);
	ck_assert_uint_eq(z.nivcsw, 0);
	ck_assert_uint_eq(h.nvcsw, 0);
	ck_assert_uint_ge(h.nivcsw, z.wakeups);
}
END_TEST

/*
 * wake_up_process() says whether it woke the task: 1 for a sleeping
 * one, 0 for one that runs or waits for the CPU.
 */
START_TEST(stair_wake_of_a_runnable_task_is_no_wakeup)
{
	int w, s, h;

	boot(1);
	w = t_spawn_script("waker", SIM_SCHED_FIFO, 10, 0);
	s = t_spawn("sleeper", SIM_SCHED_NORMAL, 0, 0, t_body_sleeper,
		    (void *)1000UL);
	h = hog("hog", 0);
	t_run(MS(5));
	ck_assert_int_eq(state(s), 'S');
	ck_assert_int_eq(t_cmd(w, SIM_CMD_WAKE, s, 0, 0, 0), 1);
	ck_assert_int_eq(t_cmd(w, SIM_CMD_WAKE, h, 0, 0, 0), 0);
}
END_TEST

/* ---- fork ---------------------------------------------------------------- */

/*
 * Fork: the child has burst 0 and a full slice of its own; the parent's
 * slice and burst do not change (no splitting), and the parent, not the
 * child, is marked to continue its slice at its next wake-up.
 */
START_TEST(stair_fork_child_burst_zero_full_slice)
{
	struct kfix_stair before, after;
	int parent, child;

	boot(1);
	parent = script("parent", 0);
	poke(parent);
	set_burst(parent, 7);
	set_slice(parent, 125, 5);
	before = stair(parent);
	child = t_cmd(parent, SIM_CMD_FORK, 0, 0, 0, 0);
	ck_assert_int_gt(child, 0);
	after = stair(parent);
	ck_assert_uint_eq(after.slice, before.slice);
	ck_assert_uint_eq(after.burst, 7);
	ck_assert_uint_eq(stair(child).burst, 0);
	ck_assert_uint_eq(stair(child).slice, 200);
	ck_assert_uint_eq(stair(child).sflags & SF_FORKED, 0);
	ck_assert_uint_eq(after.sflags & SF_FORKED, SF_FORKED);
}
END_TEST

/*
 * No child-first: a parent that forks and goes on burning keeps the CPU
 * (the child is at the tail of the same level).  3 ms after the fork
 * the parent runs and the child has not run yet.
 */
static int forked_child;

static void forking_body(void *unused)
{
	forked_child = sim_fork(t_body_hog, NULL);
	t_body_hog(NULL);
}

START_TEST(stair_fork_parent_keeps_cpu)
{
	int parent;

	boot(1);
	parent = t_spawn("parent", SIM_SCHED_NORMAL, 0, 0, forking_body,
			 NULL);
	t_run(MS(3));
	ck_assert_int_gt(forked_child, 0);
	ck_assert_int_eq(state(parent), 'R');
	ck_assert_int_eq(state(forked_child), 'Q');
	ck_assert_uint_eq(runtime(forked_child), 0);
	ck_assert_uint_eq(stair(forked_child).burst, 0);
}
END_TEST

/* Forks, burns 250 ms (through its slice's end), sleeps 20 ms, burns. */
static void fork_then_run_body(void *unused)
{
	sim_fork(t_body_hog, NULL);
	sim_burn(MS(250));
	sim_sleep(MS(20));
	t_body_hog(NULL);
}

/*
 * The mark of a fork lasts until the parent's next wake-up, whatever
 * happens to its slice meanwhile.  2 CPUs (the child goes to the other
 * one): P forks, runs its 200 ms slice out and 50 ms of the next, then
 * sleeps 20 ms: it wakes continuing that slice (150 left), burst 0.
 */
START_TEST(stair_fork_mark_lasts_until_the_wakeup)
{
	int parent;

	boot(2);
	parent = t_spawn("parent", SIM_SCHED_NORMAL, 0, 0, fork_then_run_body,
			 NULL);
	t_run(MS(250) + HALF_TICK);
	ck_assert_uint_eq(stair(parent).sflags & SF_FORKED, SF_FORKED);
	ck_assert_int_eq(state(parent), 'S');
	t_run(MS(20));
	ck_assert_int_eq(state(parent), 'R');
	ck_assert_uint_eq(stair(parent).sflags & SF_FORKED, 0);
	ck_assert_uint_eq(stair(parent).slice, 150);
	ck_assert_uint_eq(stair(parent).burst, 0);
}
END_TEST

static int twin[2];

static void fork_twice_body(void *unused)
{
	twin[0] = sim_fork(t_body_hog, NULL);
	twin[1] = sim_fork(t_body_hog, NULL);
	t_body_hog(NULL);
}

/*
 * A child starts unmarked even when its parent is marked already: P
 * forks twice without sleeping; P is marked, neither child is.
 */
START_TEST(stair_fork_child_starts_unmarked)
{
	int parent;

	boot(1);
	parent = t_spawn("parent", SIM_SCHED_NORMAL, 0, 0, fork_twice_body,
			 NULL);
	t_run(MS(1));
	ck_assert_int_gt(twin[1], 0);
	ck_assert_uint_eq(stair(parent).sflags & SF_FORKED, SF_FORKED);
	ck_assert_uint_eq(stair(twin[0]).sflags & SF_FORKED, 0);
	ck_assert_uint_eq(stair(twin[1]).sflags & SF_FORKED, 0);
}
END_TEST

/* ---- yield --------------------------------------------------------------- */

/*
 * Yield: the yielder waits at 139 with burst 0 and a new slice.  Before:
 * a hog at 125 (60 ms run); the yielder has burst 5 and continues a
 * slice with 50 ms used (level 120: its first 60 ms are on top).  After
 * the yield: queued at 139, burst 0, slice 200, interval 10.
 */
START_TEST(stair_yield_to_bottom_with_fresh_slice)
{
	int pid;

	boot(1);
	pid = script("t", 0);
	poke(pid);
	hog("hog", 0);
	t_run(MS(60));
	set_burst(pid, 5);
	set_slice(pid, 150, RR_INTERVAL);
	set_forked(pid);
	post(pid, SIM_CMD_SYSCALL, SIM_SYS_sched_yield);
	t_run(HALF_TICK);
	ck_assert_int_eq(state(pid), 'Q');
	ck_assert_int_eq(stair(pid).prio, BOTTOM);
	ck_assert_uint_eq(stair(pid).burst, 0);
	ck_assert_uint_eq(stair(pid).slice, 200);
	ck_assert_uint_eq(stair(pid).time_slice, RR_INTERVAL);
}
END_TEST

/*
 * A yielder goes behind a task on a lower step: hog H (nice 0) at 125
 * and yielder Y at 120; Y yields and H runs next.
 */
START_TEST(stair_yield_lets_lower_step_run)
{
	int h, y;

	boot(1);
	y = script("y", 0);
	poke(y);
	h = hog("hog", 0);
	t_run(MS(60));
	ck_assert_int_gt(stair(h).prio, STATIC_PRIO(0));
	post(y, SIM_CMD_SYSCALL, SIM_SYS_sched_yield);
	post(y, SIM_CMD_BURN, MS(50));
	t_run(MS(5));
	ck_assert_int_eq(state(h), 'R');
	ck_assert_int_eq(state(y), 'Q');
}
END_TEST

/*
 * A yielder runs at its own level once picked, not at 139: hog H (nice
 * 0) has run 60 ms (level 125); yielder Y wakes at 120, yields to 139
 * and waits.  H walks down and reaches 139 at 190 ms of its slice, at
 * the tail behind Y, so Y is picked at 190 ms: with burst 0 and a fresh
 * slice its level is its top step, 120.
 */
START_TEST(stair_yield_picked_runs_at_its_top_step)
{
	int h, y;

	boot(1);
	y = script("y", 0);
	poke(y);
	h = hog("hog", 0);
	t_run(MS(60));
	post(y, SIM_CMD_SYSCALL, SIM_SYS_sched_yield);
	post(y, SIM_CMD_BURN, MS(50));
	t_run(MS(5));
	ck_assert_int_eq(stair(y).prio, BOTTOM);
	ck_assert_int_eq(state(y), 'Q');
	t_run(MS(190 - 60 - 5) + HALF_TICK);
	ck_assert_int_eq(state(h), 'Q');
	ck_assert_int_eq(state(y), 'R');
	ck_assert_int_eq(stair(y).prio, STATIC_PRIO(0));
	ck_assert_int_eq(t_info(y).prio, STATIC_PRIO(0));
}
END_TEST

/*
 * A picked yielder runs at the head of its level, first again among its
 * equals.  All nice 19, so all on 139 with 10 ms slices: hogs A, B and
 * script Y.  Y wakes at 5 ms at the tail (A, B, Y: A keeps the head),
 * runs at 20 ms after A and B and yields to the tail (A, B, Y); A runs
 * 20-30 ms, B 30-40 ms, then Y is picked and burns.  At 40.5 ms script S
 * (nice 0, 120) preempts it for 1 ms: then Y, at the head of 139, runs
 * again, not A.
 */
START_TEST(stair_yield_picked_yielder_heads_its_level)
{
	int y, s;

	boot(1);
	y = script("y", 19);
	s = script("s", 0);
	poke(y);
	poke(s);
	hog("a", 19);
	hog("b", 19);
	t_run(MS(5));
	post(y, SIM_CMD_SYSCALL, SIM_SYS_sched_yield);
	post(y, SIM_CMD_BURN, MS(20));
	t_run(MS(35) + HALF_TICK);
	ck_assert_int_eq(state(y), 'R');
	post(s, SIM_CMD_BURN, MS(1));
	t_run(HALF_TICK / 2);
	ck_assert_int_eq(state(s), 'R');
	t_run(MS(1));
	ck_assert_int_eq(state(s), 'S');
	ck_assert_int_eq(state(y), 'R');
}
END_TEST

/* An RT yielder stays on its RT level. */
START_TEST(stair_yield_rt_keeps_level)
{
	int pid;

	boot(1);
	pid = t_spawn_script("fifo", SIM_SCHED_FIFO, 30, 0);
	ck_assert_int_eq(t_syscall(pid, SIM_SYS_sched_yield, 0, 0, 0), 0);
	ck_assert_int_eq(stair(pid).prio, 99 - 30);
}
END_TEST

/*
 * An RT yielder starts afresh too, as a normal one does: a SCHED_RR
 * script (rt 50) with burst 4 burns 3 ms of its 10 ms interval and
 * yields: it has a whole interval again, 10 ms, and burst 0.
 */
START_TEST(stair_yield_rr_gets_a_whole_interval)
{
	int pid;

	boot(1);
	pid = t_spawn_script("rr", SIM_SCHED_RR, 50, 0);
	poke(pid);
	set_burst(pid, 4);
	t_cmd(pid, SIM_CMD_BURN, MS(3), 0, 0, 0);
	ck_assert_uint_eq(stair(pid).time_slice, RR_INTERVAL - 3);
	ck_assert_int_eq(t_syscall(pid, SIM_SYS_sched_yield, 0, 0, 0), 0);
	ck_assert_int_eq(stair(pid).prio, 99 - 50);
	ck_assert_uint_eq(stair(pid).time_slice, RR_INTERVAL);
	ck_assert_uint_eq(stair(pid).slice, RR_INTERVAL);
	ck_assert_uint_eq(stair(pid).burst, 0);
}
END_TEST

/* ---- preemption ---------------------------------------------------------- */

/*
 * A waking task on a better step preempts at once: hog at 125 after
 * 60 ms, a nice 0 script wakes at 120 and runs within half a tick.
 */
START_TEST(stair_preempt_better_step_at_once)
{
	int h, s;

	boot(1);
	s = script("s", 0);
	poke(s);
	h = hog("hog", 0);
	t_run(MS(60));
	post(s, SIM_CMD_BURN, MS(5));
	t_run(HALF_TICK);
	ck_assert_int_eq(state(s), 'R');
	ck_assert_int_eq(state(h), 'Q');
}
END_TEST

/* A waking task on a worse step waits: hog at nice -5 (115) runs on. */
START_TEST(stair_preempt_not_by_worse_step)
{
	int h, s;

	boot(1);
	s = script("s", 0);
	poke(s);
	h = hog("hog", -5);
	set_burst(h, max_burst(-5));
	t_run(MS(30));
	post(s, SIM_CMD_BURN, MS(5));
	t_run(MS(2));
	ck_assert_int_eq(state(h), 'R');
	ck_assert_int_eq(state(s), 'Q');
}
END_TEST

/*
 * Equal step, full slice, more interval left than curr: the waker's
 * claim is made (Con's task_preempts_curr() sets need_resched), but curr
 * keeps the head of its level, so schedule() picks it again and the
 * waker runs when curr's interval ends.  Hog H with burst 19 stays on
 * 120; 13 ms in, its interval has 7 ms left.  Script S slept 13 ms: it
 * wakes on 120 with a full slice and 10 ms, at the tail.  Half a tick
 * later H runs, S waits and sched_noswitch has grown by 1.  At 20 ms H's
 * interval ends, H goes to the tail of 120 behind S, and S runs.
 */
START_TEST(stair_preempt_equal_step_waits_for_the_interval)
{
	unsigned long before;
	int h, s;

	boot(1);
	s = script("s", 0);
	poke(s);
	h = hog("hog", 0);
	set_burst(h, max_burst(0));
	t_run(MS(13) + HALF_TICK);
	ck_assert_uint_eq(stair(h).time_slice, 7);
	before = noswitch(0);
	post(s, SIM_CMD_BURN, MS(5));
	t_run(HALF_TICK);
	ck_assert_int_eq(stair(s).prio, STATIC_PRIO(0));
	ck_assert_int_eq(state(h), 'R');
	ck_assert_int_eq(state(s), 'Q');
	ck_assert_uint_eq(noswitch(0), before + 1);
	t_run(MS(20 - 14) + HALF_TICK);
	ck_assert_int_eq(stair(h).prio, STATIC_PRIO(0));
	ck_assert_int_eq(state(h), 'Q');
	ck_assert_int_eq(state(s), 'R');
}
END_TEST

/*
 * Equal step, but the waker continues a partial slice (150 of 200 left,
 * burst 19 keeps it on 120): no claim, no reschedule (sched_noswitch
 * stays), H runs on.
 */
START_TEST(stair_preempt_equal_step_partial_slice_waits)
{
	unsigned long before;
	int h, s;

	boot(1);
	s = script("s", 0);
	poke(s);
	h = hog("hog", 0);
	set_burst(h, max_burst(0));
	t_run(MS(13) + HALF_TICK);
	set_burst(s, max_burst(0));
	set_slice(s, 150, RR_INTERVAL);
	set_forked(s);
	before = noswitch(0);
	post(s, SIM_CMD_BURN, MS(5));
	t_run(HALF_TICK);
	ck_assert_int_eq(stair(s).prio, STATIC_PRIO(0));
	ck_assert_int_eq(state(s), 'Q');
	ck_assert_int_eq(state(h), 'R');
	ck_assert_uint_eq(noswitch(0), before);
}
END_TEST

/*
 * Equal step and full slice, but no more interval left than curr: the
 * hog (burst 19, on 120) has just begun its third interval at 20 ms, so
 * both have 10 ms: no preemption.
 */
START_TEST(stair_preempt_equal_step_needs_more_interval)
{
	int h, s;

	boot(1);
	s = script("s", 0);
	poke(s);
	h = hog("hog", 0);
	set_burst(h, max_burst(0));
	t_run(MS(2 * RR_INTERVAL) + HALF_TICK);
	ck_assert_uint_eq(stair(h).time_slice, RR_INTERVAL);
	ck_assert_int_eq(stair(h).prio, STATIC_PRIO(0));
	post(s, SIM_CMD_BURN, MS(5));
	t_run(HALF_TICK);
	ck_assert_int_eq(state(s), 'Q');
}
END_TEST

/*
 * Never an RT current at its own level: SCHED_RR hog (rt 50) 3 ms into
 * its interval; an RR script of the same priority with a full interval
 * wakes and waits.
 */
START_TEST(stair_preempt_never_rt_at_equal_level)
{
	int h, s;

	boot(1);
	s = t_spawn_script("s", SIM_SCHED_RR, 50, 0);
	poke(s);
	h = rt_hog("hog", SIM_SCHED_RR, 50);
	t_run(MS(3) + HALF_TICK);
	post(s, SIM_CMD_BURN, MS(5));
	t_run(HALF_TICK);
	ck_assert_int_eq(state(h), 'R');
	ck_assert_int_eq(state(s), 'Q');
}
END_TEST

/*
 * compute: a wake-up preempts only once curr has run cache_delay
 * (10 ms, ten ticks) since it got the CPU.  Script S (nice 0) and hog H
 * (nice 5).  S burns 5 ms and sleeps at 55 ms: H gets the CPU; S is
 * woken at once.  compute 0: S runs within half a tick.  compute 1: S
 * waits through H's tenth tick on the CPU, at 65 ms, and runs then.
 */
START_TEST(stair_compute_delays_preemption)
{
	int compute = _i, h, s;

	boot(1);
	if (compute)
		write_tunable(COMPUTE_PATH, "1");
	s = script("s", 0);
	poke(s);
	h = hog("hog", 5);
	t_run(MS(50));
	t_cmd(s, SIM_CMD_BURN, MS(5), 0, 0, 0);
	ck_assert_int_eq(state(h), 'R');
	post(s, SIM_CMD_BURN, MS(5));
	if (!compute) {
		t_run(HALF_TICK);
		ck_assert_int_eq(state(s), 'R');
		return;
	}
	t_run(MS(CACHE_DELAY) - HALF_TICK);
	ck_assert_int_eq(state(s), 'Q');
	t_run(MS(1));
	ck_assert_int_eq(state(s), 'R');
}
END_TEST

/*
 * compute: curr that has run cache_delay already is preempted at once.
 * As above, but S is woken the instant H has run its tenth tick.
 */
START_TEST(stair_compute_no_delay_after_cache_delay)
{
	int h, s;

	boot(1);
	write_tunable(COMPUTE_PATH, "1");
	s = script("s", 0);
	poke(s);
	h = hog("hog", 5);
	t_run(MS(50));
	t_cmd(s, SIM_CMD_BURN, MS(5), 0, 0, 0);
	t_run(MS(CACHE_DELAY));
	ck_assert_int_eq(state(h), 'R');
	post(s, SIM_CMD_BURN, MS(5));
	t_run(HALF_TICK);
	ck_assert_int_eq(state(s), 'R');
}
END_TEST

/*
 * compute: an RT task never waits for cache_delay.  Hog H (nice 0) got
 * the CPU 2 ms ago; a FIFO script wakes and runs at once.
 */
START_TEST(stair_compute_rt_waker_not_delayed)
{
	int f, h;

	boot(1);
	write_tunable(COMPUTE_PATH, "1");
	f = t_spawn_script("fifo", SIM_SCHED_FIFO, 10, 0);
	h = hog("hog", 0);
	t_cmd(f, SIM_CMD_BURN, MS(5), 0, 0, 0);
	t_run(MS(2));
	ck_assert_int_eq(state(h), 'R');
	post(f, SIM_CMD_BURN, MS(5));
	t_run(HALF_TICK);
	ck_assert_int_eq(state(f), 'R');
}
END_TEST

/*
 * compute: a task that wakes on an idle CPU runs at once (the idle task
 * never "runs for cache_delay").
 */
START_TEST(stair_compute_idle_cpu_not_delayed)
{
	int s;

	boot(1);
	write_tunable(COMPUTE_PATH, "1");
	s = script("s", 0);
	poke(s);
	t_run(MS(20));
	post(s, SIM_CMD_BURN, MS(5));
	t_run(HALF_TICK);
	ck_assert_int_eq(state(s), 'R');
}
END_TEST

/*
 * compute: a delayed preemption ends when curr leaves the CPU.  Script H
 * (nice 5) burns 5 ms; S (nice 0) wakes 2 ms in and waits (H has run 2
 * ticks); when H sleeps, S runs at once, and when S sleeps the CPU
 * idles with nothing owed.
 */
START_TEST(stair_compute_delay_ends_with_the_switch)
{
	int h, s;

	boot(1);
	write_tunable(COMPUTE_PATH, "1");
	h = script("h", 5);
	s = script("s", 0);
	poke(h);
	poke(s);
	t_run(MS(50));
	post(h, SIM_CMD_BURN, MS(5));
	t_run(MS(2) + HALF_TICK);
	post(s, SIM_CMD_BURN, MS(1));
	t_run(HALF_TICK);
	ck_assert_int_eq(state(s), 'Q');
	t_run(MS(3));
	ck_assert_int_eq(state(h), 'S');
	ck_assert_int_eq(state(s), 'S');
	ck_assert_uint_eq(runtime(s), MS(1));
}
END_TEST

/*
 * compute: a delayed preemption whose waker went elsewhere is dropped at
 * cache_delay, after one reschedule.  2 CPUs: hog H (nice 5) on cpu0,
 * script T on cpu1 burns 20..30 ms.  S (nice 0, last on cpu0) runs
 * 20..22 ms, then wakes at 24.5 ms: both CPUs busy, so on cpu0, where
 * H has run 2 ticks: it waits.  At 30 ms T sleeps and cpu1 pulls S.  At
 * 32 ms H's tenth tick reschedules it once (H runs on); from then on no
 * pick at all until H's or S's 100 ms interval ends.
 */
START_TEST(stair_compute_delay_dropped_when_the_waker_leaves)
{
	long long picks;
	int ctl, s, t;

	boot(2);
	write_tunable(COMPUTE_PATH, "1");
	ctl = ctl_on("1");
	t = script_on("t", "1");
	s = script_on("s", "0");
	spawn_on("h", SIM_SCHED_NORMAL, 0, 5, "0", t_body_hog);
	t_run(MS(20));
	ck_assert_int_eq(set_affinity(ctl, s, 3), 0);
	post(t, SIM_CMD_BURN, MS(10));
	post(s, SIM_CMD_BURN, MS(2));
	t_run(MS(4) + HALF_TICK);
	post(s, SIM_CMD_BURN, MS(100));
	t_run(HALF_TICK);
	ck_assert_int_eq(state(s), 'Q');
	t_run(MS(10));
	ck_assert_int_eq(t_info(s).cpu, 1);
	ck_assert_int_eq(state(s), 'R');
	picks = kfix_stair_pick_work();
	t_run(MS(25));
	ck_assert_int_eq(kfix_stair_pick_work(), picks);
}
END_TEST

/*
 * compute: a boost of curr keeps the delay, even to the level of the
 * waiting waker.  2 CPUs.  On cpu0, O (nice 5, 125) holds mutex 0 and
 * starts a burn at 20 ms; S (nice 0, 120) wakes at 21.5 ms and waits
 * for cache_delay.  At 22.5 ms W (nice 0) blocks on the mutex from
 * cpu1: O is boosted to 120, behind S, and still runs until 30 ms.
 */
START_TEST(stair_compute_boost_of_curr_keeps_the_delay)
{
	int o, s, w;

	boot(2);
	write_tunable(COMPUTE_PATH, "1");
	o = spawn_on("o", SIM_SCHED_NORMAL, 0, 5, "0", NULL);
	s = script_on("s", "0");
	w = script_on("w", "1");
	t_cmd(o, SIM_CMD_MUTEX_LOCK, 0, 0, 0, 0);
	poke(s);
	poke(w);
	t_run(MS(20));
	post(o, SIM_CMD_BURN, MS(50));
	t_run(MS(1) + HALF_TICK);
	post(s, SIM_CMD_BURN, MS(5));
	t_run(MS(1));
	ck_assert_int_eq(state(s), 'Q');
	post(w, SIM_CMD_MUTEX_LOCK, 0);
	t_run(HALF_TICK / 2);
	ck_assert_int_eq(state(w), 'D');
	ck_assert_int_eq(t_info(o).prio, STATIC_PRIO(0));
	ck_assert_int_eq(state(o), 'R');
	ck_assert_int_eq(state(s), 'Q');
	t_run(MS(CACHE_DELAY - 2));
	ck_assert_int_eq(state(s), 'R');
}
END_TEST

#define SIGUSR1_NR	10

/* Burns 3 ms, sleeps 50 ms (interruptibly), then burns for ever. */
static void burn_sleep_body(void *unused)
{
	sim_burn(MS(3));
	sim_sleep(MS(50));
	t_body_hog(NULL);
}

/*
 * A task that goes to sleep with a signal pending stays runnable and
 * queued.  compute: B (nice 5) starts at 0 and burns 3 ms; S (nice 0)
 * wakes at 1.5 ms and waits for cache_delay; at 2 ms B gets a signal.
 * At 3 ms B sleeps: it stays queued, runnable, and S runs.
 */
START_TEST(stair_sleep_with_signal_pending_stays_queued)
{
	int b, s;

	boot(1);
	write_tunable(COMPUTE_PATH, "1");
	s = script("s", 0);
	poke(s);
	b = t_spawn("b", SIM_SCHED_NORMAL, 0, 5, burn_sleep_body, NULL);
	t_run(MS(1) + HALF_TICK);
	post(s, SIM_CMD_BURN, MS(5));
	t_run(HALF_TICK);
	ck_assert_int_eq(state(s), 'Q');
	ck_assert_int_eq(sim_signal(b, SIGUSR1_NR), 0);
	t_run(MS(1) + HALF_TICK);
	ck_assert_int_eq(state(s), 'R');
	ck_assert_int_eq(state(b), 'Q');
}
END_TEST

/* ---- RT ------------------------------------------------------------------ */

/* Two SCHED_RR hogs of one priority alternate every 10 ms: 50/50. */
START_TEST(stair_rt_rr_alternates_each_interval)
{
	int a, b;

	boot(1);
	a = rt_hog("a", SIM_SCHED_RR, 20);
	b = rt_hog("b", SIM_SCHED_RR, 20);
	t_run(MS(5 * RR_INTERVAL) + HALF_TICK);
	ck_assert_uint_ge(runtime(b), MS(2 * RR_INTERVAL) - TICK_NS);
	ck_assert_uint_le(runtime(b), MS(2 * RR_INTERVAL) + TICK_NS);
	ck_assert_uint_ge(runtime(a), MS(3 * RR_INTERVAL) - TICK_NS);
}
END_TEST

/*
 * An RR task's interval goes on across a sleep: it burns 3 ms, sleeps
 * 20 ms and wakes with 7 ms of its turn left (no refill: that is for
 * normal tasks).
 */
START_TEST(stair_rt_rr_interval_goes_on_across_sleep)
{
	int pid;

	boot(1);
	pid = t_spawn_script("rr", SIM_SCHED_RR, 20, 0);
	t_cmd(pid, SIM_CMD_BURN, MS(3), 0, 0, 0);
	ck_assert_uint_eq(stair(pid).time_slice, RR_INTERVAL - 3);
	t_cmd(pid, SIM_CMD_SLEEP, MS(20), 0, 0, 0);
	ck_assert_uint_eq(stair(pid).time_slice, RR_INTERVAL - 3);
}
END_TEST

/*
 * Equal RT tasks woken together onto an idle CPU run in the order they
 * woke (the idle task, on MAX_PRIO, is no equal of any of them): FIFO
 * 99 scripts A and B wait on a completion on cpu1; a script on cpu0
 * completes it for all: A runs, B waits.
 */
START_TEST(stair_rt_equal_wakers_run_in_wake_order)
{
	int c, a, b;

	boot(2);
	c = script_on("completer", "0");
	a = spawn_on("a", SIM_SCHED_FIFO, 99, 0, "1", NULL);
	b = spawn_on("b", SIM_SCHED_FIFO, 99, 0, "1", NULL);
	post(a, SIM_CMD_COMPLETION_WAIT, 0);
	post(b, SIM_CMD_COMPLETION_WAIT, 0);
	t_run(MS(1));
	ck_assert_int_eq(state(a), 'D');
	ck_assert_int_eq(state(b), 'D');
	post(a, SIM_CMD_BURN, MS(5));
	post(b, SIM_CMD_BURN, MS(5));
	t_cmd(c, SIM_CMD_COMPLETE_ALL, 0, 0, 0, 0);
	t_run(HALF_TICK);
	ck_assert_int_eq(state(a), 'R');
	ck_assert_int_eq(state(b), 'Q');
}
END_TEST

/* SCHED_FIFO never expires: a second FIFO hog of one priority never runs. */
START_TEST(stair_rt_fifo_never_expires)
{
	int a, b;

	boot(1);
	a = rt_hog("a", SIM_SCHED_FIFO, 20);
	b = rt_hog("b", SIM_SCHED_FIFO, 20);
	t_run(SEC(1));
	ck_assert_uint_eq(runtime(b), 0);
	ck_assert_uint_ge(runtime(a), SEC(1) - TICK_NS);
}
END_TEST

/* Any RT task runs before any normal one, nice -20 with full burst too. */
START_TEST(stair_rt_before_normal)
{
	int n, r;

	boot(1);
	n = hog("n", -20);
	set_burst(n, max_burst(-20));
	r = rt_hog("r", SIM_SCHED_RR, 1);
	t_run(MS(300));
	ck_assert_uint_le(runtime(n), TICK_NS);
	ck_assert_int_eq(state(r), 'R');
}
END_TEST

/* ---- tunables ------------------------------------------------------------ */

/* At boot: interactive 1, compute 0. */
START_TEST(stair_tunables_defaults)
{
	char buf[16];

	boot(1);
	ck_assert_int_ge(sim_sysfs_read(INTERACTIVE_PATH, buf, sizeof(buf)),
			 0);
	ck_assert_str_eq(buf, "1\n");
	ck_assert_int_ge(sim_sysfs_read(COMPUTE_PATH, buf, sizeof(buf)), 0);
	ck_assert_str_eq(buf, "0\n");
}
END_TEST

/* Out of 0..1 or not a number: -EINVAL and nothing changes. */
static const char *const bad_values[] = { "2", "-1", "abc", "" };

START_TEST(stair_tunables_reject_out_of_range)
{
	boot(1);
	ck_assert_int_eq(sim_sysfs_write(INTERACTIVE_PATH, bad_values[_i]),
			 -22);
	ck_assert_int_eq(sim_sysfs_write(COMPUTE_PATH, bad_values[_i]), -22);
	ck_assert_int_eq(read_tunable(INTERACTIVE_PATH), 1);
	ck_assert_int_eq(read_tunable(COMPUTE_PATH), 0);
}
END_TEST

/*
 * compute 1: interactive reads 0, a nice 0 slice is 2000 ms (x10) and
 * an RR task's interval 100 ms.  compute back to 0 leaves interactive 0.
 */
START_TEST(stair_tunables_compute_multiplies_and_disables_interactive)
{
	int pid, rr, asker;

	boot(1);
	pid = script("t", 0);
	rr = t_spawn_script("rr", SIM_SCHED_RR, 10, 0);
	asker = script("asker", 0);
	write_tunable(COMPUTE_PATH, "1\n");
	ck_assert_int_eq(read_tunable(COMPUTE_PATH), 1);
	ck_assert_int_eq(read_tunable(INTERACTIVE_PATH), 0);
	ck_assert_uint_eq(rr_interval_ms(asker, pid),
			  slice_ms(0, COMPUTE_RR_INTERVAL));
	ck_assert_uint_eq(rr_interval_ms(asker, pid), 2000);
	ck_assert_uint_eq(rr_interval_ms(asker, rr), COMPUTE_RR_INTERVAL);
	write_tunable(COMPUTE_PATH, "0");
	ck_assert_int_eq(read_tunable(INTERACTIVE_PATH), 0);
	ck_assert_uint_eq(rr_interval_ms(asker, pid), 200);
}
END_TEST

/* compute 1: a hog steps down every 100 ms instead of every 10 ms. */
START_TEST(stair_tunables_compute_steps_every_hundred_ms)
{
	int pid;

	boot(1);
	write_tunable(COMPUTE_PATH, "1");
	pid = hog("hog", 0);
	t_run(MS(COMPUTE_RR_INTERVAL) - HALF_TICK);
	ck_assert_int_eq(stair(pid).prio, STATIC_PRIO(0));
	t_run(MS(1));
	ck_assert_int_eq(stair(pid).prio, STATIC_PRIO(0) + 1);
}
END_TEST

/*
 * A tunable write acts on a running task at its next step; its slice
 * goes on.  A nice 0 hog has run 15 ms (level 121, slice 185, interval
 * 5 left) when compute goes on (RR 100 ms, slices 2000 ms, no burst
 * extension).  At 20 ms its interval ends: a new one of 100 ms, and the
 * level of 1820 ms used of 2000: 121 + (1820 - 100) / 100 = 138.  At
 * 200 ms its slice ends: a whole new one, on the top step.
 */
START_TEST(stair_tunables_compute_acts_at_next_step)
{
	int pid;

	boot(1);
	pid = hog("hog", 0);
	t_run(MS(15) + HALF_TICK);
	ck_assert_int_eq(stair(pid).prio, STATIC_PRIO(0) + 1);
	write_tunable(COMPUTE_PATH, "1");
	t_run(MS(4));
	ck_assert_int_eq(stair(pid).prio, STATIC_PRIO(0) + 1);
	t_run(MS(1));
	ck_assert_int_eq(stair(pid).prio, 138);
	ck_assert_uint_eq(stair(pid).slice, 180);
	ck_assert_uint_eq(stair(pid).time_slice, COMPUTE_RR_INTERVAL);
	t_run(MS(180));
	ck_assert_int_eq(stair(pid).prio, STATIC_PRIO(0));
	ck_assert_uint_eq(stair(pid).slice, slice_ms(0, COMPUTE_RR_INTERVAL));
	ck_assert_uint_eq(stair(pid).time_slice, COMPUTE_RR_INTERVAL);
}
END_TEST

/*
 * interactive 0 acts at the next step too.  A hog with burst 5 stays on
 * 120 for 60 ms; 30 ms in, interactive goes off (first = 10 ms): still
 * 120 until its interval ends at 40 ms, then 121 + (40 - 10) / 10 = 124.
 */
START_TEST(stair_tunables_interactive_acts_at_next_step)
{
	int pid;

	boot(1);
	pid = hog("hog", 0);
	set_burst(pid, 5);
	t_run(MS(30) + HALF_TICK);
	ck_assert_int_eq(stair(pid).prio, STATIC_PRIO(0));
	write_tunable(INTERACTIVE_PATH, "0");
	t_run(MS(9));
	ck_assert_int_eq(stair(pid).prio, STATIC_PRIO(0));
	t_run(MS(1));
	ck_assert_int_eq(stair(pid).prio, 124);
}
END_TEST

/*
 * compute off trims what is left to the new, shorter slice and interval
 * at the task's next tick: a hog 50 ms into a compute slice (1950 left,
 * 50 of its interval) has, one tick after compute goes off, 200 - 1 and
 * 10 - 1 left.
 */
START_TEST(stair_tunables_compute_off_trims_at_next_tick)
{
	int pid;

		boot(1);
	write_tunable(COMPUTE_PATH, "1");
	pid = hog("hog", 0);
	t_run(MS(50) + HALF_TICK);
	ck_assert_uint_eq(stair(pid).slice, 1950);
	write_tunable(COMPUTE_PATH, "0");
	t_run(MS(1));
	ck_assert_uint_eq(stair(pid).slice, 199);
	ck_assert_uint_eq(stair(pid).time_slice, RR_INTERVAL - 1);
}
END_TEST

/*
 * ... and an RR task's turn: two RR hogs take 100 ms turns with compute
 * on; 30 ms into a turn compute goes off, and the turn ends 10 ms on.
 */
START_TEST(stair_tunables_compute_off_trims_rr_turn)
{
	int a, b;

	boot(1);
	write_tunable(COMPUTE_PATH, "1");
	a = rt_hog("a", SIM_SCHED_RR, 20);
	b = rt_hog("b", SIM_SCHED_RR, 20);
	t_run(MS(30) + HALF_TICK);
	ck_assert_int_eq(state(a), 'R');
	write_tunable(COMPUTE_PATH, "0");
	t_run(MS(RR_INTERVAL - 1));
	ck_assert_int_eq(state(a), 'R');
	t_run(MS(1));
	ck_assert_int_eq(state(b), 'R');
}
END_TEST

/*
 * ... and a sleeping task's slice at its wake-up: a script with 1954 ms
 * of a compute slice (54 of its interval) continues it after compute
 * goes off: 200 and 10 left.
 */
START_TEST(stair_tunables_compute_off_trims_at_wake)
{
	int pid;

	boot(1);
	write_tunable(COMPUTE_PATH, "1");
	pid = script("t", 0);
	poke(pid);
	set_slice(pid, 1954, 54);
	write_tunable(COMPUTE_PATH, "0");
	set_forked(pid);
	poke(pid);
	ck_assert_uint_eq(stair(pid).slice, 200);
	ck_assert_uint_eq(stair(pid).time_slice, RR_INTERVAL);
}
END_TEST

/* ---- behaviour ----------------------------------------------------------- */

/*
 * Hogs at nice 0 and 19 share by their slices: per cycle the nice 0 hog
 * runs its 200 ms slice and the nice 19 one its 10 ms (it runs when the
 * other reaches the bottom step).  Over 20 cycles (4.2 s) the nice 19
 * hog gets 200 ms, within one of its slices.
 */
START_TEST(stair_share_nice0_vs_nice19)
{
	unsigned long long cycle = MS(200 + 10), want = 20 * MS(10);
	int a, b;

	boot(1);
	a = hog("nice0", 0);
	b = hog("nice19", 19);
	t_run(20 * cycle);
	ck_assert_uint_ge(runtime(b), want - MS(RR_INTERVAL));
	ck_assert_uint_le(runtime(b), want + MS(RR_INTERVAL));
	ck_assert_uint_ge(runtime(a), 20 * cycle - want - MS(RR_INTERVAL));
}
END_TEST

/*
 * An interactive task keeps low latency among hogs: a task that runs
 * 1 ms every 20 ms, with two nice 0 hogs, earns the full burst (19) and
 * waits on average under one tick per wake-up.
 */
START_TEST(stair_interactive_task_low_latency)
{
	struct sim_task_info info;
	int s;

	boot(1);
	hog("h1", 0);
	hog("h2", 0);
	s = t_spawn("sleeper", SIM_SCHED_NORMAL, 0, 0, t_body_sleeper,
		    (void *)20UL);
	t_run(SEC(2));
	info = t_info(s);
	ck_assert_uint_eq(stair(s).burst, max_burst(0));
	ck_assert_uint_gt(info.wakeups, 50);
	ck_assert_msg(info.wait_ns / info.wakeups < TICK_NS,
		      "mean wait %llu ns per wake-up",
		      info.wait_ns / info.wakeups);
}
END_TEST

/*
 * Idle time is I/O wait while a task of the CPU waits for I/O: 20 idle
 * ticks count as idle; then a task waits 20 jiffies in
 * io_schedule_timeout(): those 20 count as iowait.
 */
START_TEST(stair_idle_time_is_iowait_while_a_task_waits_for_io)
{
	struct sim_cpu_info ci;
	int pid;

	boot(1);
	pid = script("io", 0);
	t_run(MS(20));
	ck_assert_int_eq(sim_cpu_info(0, &ci), 0);
	ck_assert_uint_eq(ci.idle, 20);
	ck_assert_uint_eq(ci.iowait, 0);
	t_cmd(pid, SIM_CMD_IO_WAIT, 20, 0, 0, 0);
	ck_assert_int_eq(sim_cpu_info(0, &ci), 0);
	ck_assert_uint_eq(ci.idle, 20);
	ck_assert_uint_eq(ci.iowait, 20);
}
END_TEST

/*
 * Nice +10 keeps the used part of the slice: 50 ms used of 200, the new
 * slice is 100, so 50 ms are left.
 */
START_TEST(stair_nice_keeps_used_part_of_slice)
{
	int pid;

	boot(1);
	pid = script("t", 0);
	poke(pid);
	set_slice(pid, 150, RR_INTERVAL);
	ck_assert_int_eq(t_syscall(pid, SIM_SYS_nice, 10, 0, 0), 0);
	ck_assert_int_eq(t_info(pid).nice, 10);
	ck_assert_uint_eq(stair(pid).slice, 100 - 50);
}
END_TEST

/*
 * The starvation bound from the design: (n - 1) * (per task + 1) + 1
 * jiffies, per task rr * 39 * 41 (15990) with the burst extension, else
 * rr * 40 (400, or 4000 with compute's rr of 100).
 */
START_TEST(stair_starvation_bound_numbers)
{
	boot(1);
	ck_assert_int_eq(kfix_stair_starvation_bound(0), 0);
	ck_assert_int_eq(kfix_stair_starvation_bound(1), 1);
	ck_assert_int_eq(kfix_stair_starvation_bound(2), 15990 + 2);
	ck_assert_int_eq(kfix_stair_starvation_bound(3), 2 * 15991 + 1);
	write_tunable(INTERACTIVE_PATH, "0");
	ck_assert_int_eq(kfix_stair_starvation_bound(2), 400 + 2);
	write_tunable(COMPUTE_PATH, "1");
	ck_assert_int_eq(kfix_stair_starvation_bound(2), 4000 + 2);
}
END_TEST

/*
 * A nice 19 hog never waits longer than the bound among nice -20 hogs
 * (burst 0 each): measured by sampling every tick.
 */
START_TEST(stair_starvation_bound_holds)
{
	unsigned long long last, prev_rt, longest = 0, now;
	int victim, i;

	boot(1);
	victim = hog("victim", 19);
	hog("a", -20);
	hog("b", -20);
	last = sim_now();
	prev_rt = runtime(victim);
	for (i = 0; i < 3000; i++) {
		t_run(MS(1));
		now = sim_now();
		if (runtime(victim) != prev_rt) {
			prev_rt = runtime(victim);
			last = now;
		} else if (now - last > longest) {
			longest = now - last;
		}
	}
	ck_assert_uint_gt(prev_rt, 0);
	ck_assert_uint_le(longest, MS(kfix_stair_starvation_bound(3)));
}
END_TEST

/*
 * pick_work: one bitmap search per pick, whatever the load.  With 64
 * hogs, the work per context switch stays at most 2 (a pick that keeps
 * the same task counts too).
 */
START_TEST(stair_pick_work_is_constant)
{
	long long before;
	unsigned long long sw0;
	struct sim_cpu_info ci;
	char name[8];
	int i;

	boot(1);
	for (i = 0; i < 64; i++) {
		snprintf(name, sizeof(name), "h%d", i);
		hog(name, i % 40 - 20);
	}
	t_run(MS(10));
	before = kfix_stair_pick_work();
	ck_assert_int_eq(sim_cpu_info(0, &ci), 0);
	sw0 = ci.switches;
	t_run(SEC(1));
	ck_assert_int_eq(sim_cpu_info(0, &ci), 0);
	ck_assert_uint_gt(ci.switches - sw0, 50);
	ck_assert_int_le(kfix_stair_pick_work() - before,
			 2 * (long long)(ci.switches - sw0) + 2);
}
END_TEST

/*
 * pick_work counts one per pick: two hogs on one CPU reschedule only
 * when an interval ends, every 10 ms (the one on the better step runs
 * on, or the other takes over), so in a second there are 100 picks.
 */
START_TEST(stair_pick_work_one_per_pick)
{
	long long before;

	boot(1);
	hog("a", 0);
	hog("b", 0);
	t_run(MS(5));
	before = kfix_stair_pick_work();
	t_run(SEC(1));
	ck_assert_int_eq(kfix_stair_pick_work() - before,
			 SEC(1) / MS(RR_INTERVAL));
}
END_TEST

/*
 * One bitmap search a pick: staircase claims O(1) picking (struct
 * sched_drv.o1), and check_conformance holds it to a pick that costs the
 * same with 500 runnable tasks as with 5.
 */
START_TEST(stair_declares_o1_picking)
{
	boot(1);
	ck_assert(kfix_driver_o1());
}
END_TEST

/* Picks that found a task, by /proc/schedstat: sched_cnt - sched_goidle. */
static unsigned long long busy_picks(void)
{
	unsigned long f[8], sum = 0;
	int cpu;

	for (cpu = 0; schedstat_cpu(cpu, f); cpu++)
		sum += f[SCHEDSTAT_CNT] - f[SCHEDSTAT_GOIDLE];
	return sum;
}

/*
 * pick_work counts every pick that finds a task, from boot on: it equals
 * the schedule() calls that did not go idle, as /proc/schedstat counts
 * them (sched_cnt - sched_goidle, summed over the CPUs).  2 CPUs, two
 * hogs and a sleeper for 100 ms.
 */
START_TEST(stair_pick_work_counts_from_boot)
{
	boot(2);
	hog("a", 0);
	hog("b", 5);
	t_spawn("s", SIM_SCHED_NORMAL, 0, 0, t_body_sleeper, (void *)5L);
	t_run(MS(100));
	ck_assert_uint_gt(busy_picks(), 10);
	ck_assert_uint_eq(kfix_stair_pick_work(), busy_picks());
}
END_TEST

/* ---- the driver's own check --------------------------------------------- */

/*
 * Each rule of the check (stair_check()) reports a state that breaks
 * it.  Fixture: hogs A, B and C (nice 0) on one CPU.  A runs 10 ms on
 * 120 and steps down to 121; B runs from then on, C waits at 120.  At
 * 15.5 ms: B runs on 120 (slice 195, interval 5), C waits at 120 (200,
 * 10), A at 121 (190, 10): all as the design has them.  Then one write
 * breaks a rule, and sim_check() must say which.
 */
struct check_case {
	const char *broken;		/* the state the writes make */
	void (*breaks)(int a, int b, int c);
	const char *why;		/* the report says so */
};

static void interval_zero(int a, int b, int c)
{
	set_slice(a, 190, 0);
}

static void interval_above_rr(int a, int b, int c)
{
	set_slice(a, 191, RR_INTERVAL + 1);
}

static void slice_below_interval(int a, int b, int c)
{
	set_slice(a, 5, RR_INTERVAL);
}

static void slice_above_whole(int a, int b, int c)
{
	set_slice(a, 210, RR_INTERVAL);
}

static void interval_off_step(int a, int b, int c)
{
	set_slice(a, 190, 5);
}

/* burst 5 mid-slice: first = 60 ms, used 10: the level would be 120 */
static void burst_mid_slice(int a, int b, int c)
{
	set_burst(a, 5);
}

static void burst_above_max(int a, int b, int c)
{
	set_burst(a, max_burst(0) + 1);
}

static void yielder_running(int a, int b, int c)
{
	ck_assert_int_eq(kfix_stair_set_sflags(b, 2), 0);
}

static void prio_not_normal(int a, int b, int c)
{
	ck_assert_int_eq(kfix_stair_set_prio(a, 121, 125), 0);
}

static void normal_below_top(int a, int b, int c)
{
	ck_assert_int_eq(kfix_stair_set_prio(a, 110, 110), 0);
}

static void normal_below_bottom(int a, int b, int c)
{
	ck_assert_int_eq(kfix_stair_set_prio(a, BOTTOM + 1, BOTTOM + 1), 0);
}

/* a yielder may wait at 139: its fields are fine, its place is not */
static void queued_elsewhere(int a, int b, int c)
{
	ck_assert_int_eq(kfix_stair_set_sflags(a, 2), 0);
	ck_assert_int_eq(kfix_stair_set_prio(a, BOTTOM, BOTTOM), 0);
}

static void queued_not_on_rq(int a, int b, int c)
{
	ck_assert_int_eq(kfix_stair_set_on_rq(a, 0), 0);
}

static void running_not_queued(int a, int b, int c)
{
	ck_assert_int_eq(kfix_stair_set_on_rq(b, 0), 0);
}

/* B stays in the queue of 120 but stands on 125: 120 is better */
static void running_not_best(int a, int b, int c)
{
	ck_assert_int_eq(kfix_stair_set_prio(b, 125, 125), 0);
}

/*
 * A into the queue of 120, behind C, as a task of 120 would be (burst 1:
 * its first 20 ms are on top): 121 is left empty with its bit set.
 */
static void level_without_task(int a, int b, int c)
{
	set_burst(a, 1);
	ck_assert_int_eq(kfix_stair_set_prio(a, 120, 120), 0);
	ck_assert_int_eq(kfix_stair_queue_behind(a, c), 0);
}

static const struct check_case check_cases[] = {
	{ "interval 0", interval_zero, "interval left outside" },
	{ "interval 11", interval_above_rr, "interval left outside" },
	{ "slice 5 < interval 10", slice_below_interval, "slice left outside" },
	{ "slice 210 > 200", slice_above_whole, "slice left outside" },
	{ "slice 190, interval 5", interval_off_step, "not on a step" },
	{ "burst 5 at 121", burst_mid_slice, "level not stair_prio()" },
	{ "burst 20", burst_above_max, "burst above 19 - nice" },
	{ "B yielded", yielder_running, "a yielder runs" },
	{ "normal 125, prio 121", prio_not_normal, "prio neither" },
	{ "normal 110", normal_below_top, "normal prio outside" },
	{ "normal 140", normal_below_bottom, "normal prio outside" },
	{ "A at 139 in 121", queued_elsewhere, "queued on another level" },
	{ "A on_rq 0", queued_not_on_rq, "queued, on_rq 0" },
	{ "B on_rq 0", running_not_queued, "running task is not queued" },
	{ "B at 125 in 120", running_not_best, "a better level waits" },
	{ "A from 121 to 120", level_without_task, "level 121: no task" },
};

START_TEST(stair_check_reports_each_broken_rule)
{
	const struct check_case *c = &check_cases[_i];
	int a, b, t;

	boot(1);
	a = hog("a", 0);
	b = hog("b", 0);
	t = hog("c", 0);
	t_run(MS(15) + HALF_TICK);
	ck_assert_int_eq(state(b), 'R');
	ck_assert_int_eq(stair(a).prio, STATIC_PRIO(0) + 1);
	ck_assert_int_eq(stair(t).prio, STATIC_PRIO(0));
	ck_assert_int_eq(sim_check(), 0);
	c->breaks(a, b, t);
	ck_assert_msg(sim_check() != 0, "%s: not reported", c->broken);
	ck_assert_msg(strstr(sim_report(), c->why) != NULL, "%s: %s",
		      c->broken, sim_report());
}
END_TEST

/* An RT task's normal level is its RT level: FIFO 10 is 89, not 95. */
START_TEST(stair_check_reports_rt_off_level)
{
	int q;

	boot(1);
	rt_hog("running", SIM_SCHED_FIFO, 10);
	q = rt_hog("queued", SIM_SCHED_FIFO, 10);
	t_run(MS(1));
	ck_assert_int_eq(sim_check(), 0);
	ck_assert_int_eq(kfix_stair_set_prio(q, 95, 95), 0);
	ck_assert_int_ne(sim_check(), 0);
	ck_assert_msg(strstr(sim_report(), "RT task off its level") != NULL,
		      "report: %s", sim_report());
}
END_TEST

/*
 * A slice refilled after a tunable write is held to the rules like any:
 * interactive is written (to 1, as it was), then a new hog's interval
 * is put off the steps of its slice: reported.
 */
START_TEST(stair_check_holds_slices_refilled_after_a_tunable_write)
{
	int pid;

	boot(1);
	write_tunable(INTERACTIVE_PATH, "1");
	pid = hog("hog", 0);
	t_run(MS(5) + HALF_TICK);
	ck_assert_int_eq(sim_check(), 0);
	set_slice(pid, 195, 4);
	ck_assert_int_ne(sim_check(), 0);
	ck_assert_msg(strstr(sim_report(), "not on a step") != NULL,
		      "report: %s", sim_report());
}
END_TEST

/* ---- other HZ ------------------------------------------------------------ */

static void boot_hz(int cpus, int hz)
{
	struct sim_config cfg;

	sim_config_init(&cfg);
	cfg.nr_cpus = cpus;
	cfg.hz = hz;
	cfg.cmdline = CMDLINE;
	t_boot_cfg(&cfg);
}

struct hz_case {
	int hz;
	unsigned int rr;	/* jiffies: 10 ms rounded up */
	unsigned int slice;	/* nice 0: rr * 20 jiffies */
	unsigned int slice_ms;	/* as sched_rr_get_interval() says it */
};

static const struct hz_case hzs[] = {
	{ 100, 1, 20, 200 },	/* 10 ms is one tick */
	{ 250, 3, 60, 240 },	/* 2.5 ticks round up to 3 (12 ms) */
	{ 1000, 10, 200, 200 },
};

/*
 * The intervals are whole jiffies, at least one: RR_INTERVAL =
 * msecs_to_jiffies(10), a slice rr * (1 + max burst) jiffies.  A new
 * nice 0 task has the whole of both, and a hog steps down after rr
 * ticks.
 */
START_TEST(stair_hz_intervals_in_jiffies)
{
	const struct hz_case *c = &hzs[_i];
	unsigned long long tick = SEC(1) / c->hz;
	int pid, asker;

	boot_hz(1, c->hz);
	pid = script("t", 0);
	asker = script("asker", 0);
	ck_assert_uint_eq(stair(pid).slice, c->slice);
	ck_assert_uint_eq(stair(pid).time_slice, c->rr);
	ck_assert_uint_eq(rr_interval_ms(asker, pid), c->slice_ms);
	pid = hog("hog", 0);
	t_run(c->rr * tick - tick / 2);
	ck_assert_int_eq(stair(pid).prio, STATIC_PRIO(0));
	t_run(tick);
	ck_assert_int_eq(stair(pid).prio, STATIC_PRIO(0) + 1);
}
END_TEST

/*
 * compute at HZ 100: cache_delay is one tick (10 ms).  As in
 * stair_compute_delays_preemption: S waits for H's first tick on the
 * CPU, 10 ms after H got it, and runs then.
 */
START_TEST(stair_hz_compute_delay_one_tick)
{
	unsigned long long tick = SEC(1) / 100;
	int h, s;

	boot_hz(1, 100);
	write_tunable(COMPUTE_PATH, "1");
	s = script("s", 0);
	poke(s);
	h = hog("hog", 5);
	t_run(5 * tick);
	t_cmd(s, SIM_CMD_BURN, tick / 2, 0, 0, 0);
	ck_assert_int_eq(state(h), 'R');
	post(s, SIM_CMD_BURN, tick);
	t_run(tick / 4);
	ck_assert_int_eq(state(s), 'Q');
	t_run(tick / 2);
	ck_assert_int_eq(state(s), 'R');
}
END_TEST

/* ---- priority inheritance ------------------------------------------------ */

/*
 * A boost through an rt_mutex preempts at once.  Owner O (nice 0) holds
 * mutex 0 and waits on cpu0 behind FIFO 5 hog M (level 94); FIFO 10
 * script W (level 89) blocks on the mutex from cpu1: O runs at 89 at
 * that instant and M waits.
 */
START_TEST(stair_pi_boost_of_waiting_owner_preempts)
{
	int o, m, w;

	boot(2);
	o = script_on("o", "0");
	t_cmd(o, SIM_CMD_MUTEX_LOCK, 0, 0, 0, 0);
	m = spawn_on("m", SIM_SCHED_FIFO, 5, 0, "0", t_body_hog);
	post(o, SIM_CMD_BURN, MS(50));
	w = spawn_on("w", SIM_SCHED_FIFO, 10, 0, "1", NULL);
	t_run(MS(5));
	ck_assert_int_eq(state(o), 'Q');
	post(w, SIM_CMD_MUTEX_LOCK, 0);
	t_run(HALF_TICK);
	ck_assert_int_eq(state(w), 'D');
	ck_assert_int_eq(state(o), 'R');
	ck_assert_int_eq(t_info(o).prio, 99 - 10);
	ck_assert_int_eq(state(m), 'Q');
}
END_TEST

/*
 * A boost is no wake-up: to the running task's level it does not
 * preempt.  As above, but the hog M is FIFO 10 too (89): O, boosted to
 * 89, waits behind it.
 */
START_TEST(stair_pi_boost_to_equal_level_does_not_preempt)
{
	int o, m, w;

	boot(2);
	o = script_on("o", "0");
	t_cmd(o, SIM_CMD_MUTEX_LOCK, 0, 0, 0, 0);
	m = spawn_on("m", SIM_SCHED_FIFO, 10, 0, "0", t_body_hog);
	post(o, SIM_CMD_BURN, MS(50));
	w = spawn_on("w", SIM_SCHED_FIFO, 10, 0, "1", NULL);
	t_run(MS(5));
	post(w, SIM_CMD_MUTEX_LOCK, 0);
	t_run(HALF_TICK);
	ck_assert_int_eq(state(w), 'D');
	ck_assert_int_eq(t_info(o).prio, 99 - 10);
	ck_assert_int_eq(state(o), 'Q');
	ck_assert_int_eq(state(m), 'R');
}
END_TEST

/*
 * The end of a boost gives way at once: O, boosted to 89 over FIFO 5
 * hog M (94), unlocks the mutex W waits for: O is back on 120 and M
 * runs.
 */
START_TEST(stair_pi_boost_end_gives_way)
{
	int o, m, w;

	boot(2);
	o = script_on("o", "0");
	t_cmd(o, SIM_CMD_MUTEX_LOCK, 0, 0, 0, 0);
	m = spawn_on("m", SIM_SCHED_FIFO, 5, 0, "0", t_body_hog);
	post(o, SIM_CMD_BURN, MS(5));
	post(o, SIM_CMD_MUTEX_UNLOCK, 0);
	post(o, SIM_CMD_BURN, MS(50));
	w = spawn_on("w", SIM_SCHED_FIFO, 10, 0, "1", NULL);
	t_run(MS(5));
	post(w, SIM_CMD_MUTEX_LOCK, 0);
	t_run(HALF_TICK);
	ck_assert_int_eq(state(o), 'R');
	t_run(MS(5));
	ck_assert_int_eq(state(w), 'S');
	ck_assert_int_eq(t_info(o).prio, STATIC_PRIO(0));
	ck_assert_int_eq(state(o), 'Q');
	ck_assert_int_eq(state(m), 'R');
}
END_TEST

/*
 * A boosted yielder waits at its inherited level, not at 139, and runs
 * there again.  O holds mutex 0 (asleep), W (FIFO 10) blocks on it: O
 * is boosted to 89.  O wakes to yield, on cpu0 where FIFO 5 hog M (94)
 * runs: M does not run again, O does.
 */
START_TEST(stair_pi_boosted_yielder_keeps_inherited_level)
{
	unsigned long long m_ran;
	int o, m, w;

	boot(2);
	o = script_on("o", "0");
	t_cmd(o, SIM_CMD_MUTEX_LOCK, 0, 0, 0, 0);
	m = spawn_on("m", SIM_SCHED_FIFO, 5, 0, "0", t_body_hog);
	w = spawn_on("w", SIM_SCHED_FIFO, 10, 0, "1", NULL);
	post(w, SIM_CMD_MUTEX_LOCK, 0);
	t_run(MS(5));
	ck_assert_int_eq(t_info(o).prio, 99 - 10);
	m_ran = runtime(m);
	post(o, SIM_CMD_SYSCALL, SIM_SYS_sched_yield);
	post(o, SIM_CMD_BURN, MS(5));
	t_run(MS(1));
	ck_assert_int_eq(state(o), 'R');
	ck_assert_int_eq(t_info(o).prio, 99 - 10);
	ck_assert_uint_eq(runtime(m), m_ran);
}
END_TEST

/* ---- nice and policy ----------------------------------------------------- */

struct renice_case {
	unsigned int slice, time_slice;	/* left of 200 ms at nice 0 */
	int nice;			/* the new nice, its slice <= used */
	int prio;			/* the new level */
};

static const struct renice_case renices[] = {
	/* 146 used, nice 19 (slice 10): 1 left, its top step */
	{ 54, 4, 19, 139 },
	/* 100 used, nice 10 (slice 100): 1 left, 131 + (99 - 10) / 10 */
	{ 100, 10, 10, 139 },
};

/*
 * Nice to a slice no longer than what is used leaves one jiffy of it,
 * and of the interval.
 */
START_TEST(stair_nice_shorter_than_used_leaves_one_jiffy)
{
	const struct renice_case *c = &renices[_i];
	int pid;

	boot(1);
	pid = script("t", 0);
	poke(pid);
	set_slice(pid, c->slice, c->time_slice);
	ck_assert_int_eq(t_syscall(pid, SIM_SYS_nice, c->nice, 0, 0), 0);
	ck_assert_uint_eq(stair(pid).slice, 1);
	ck_assert_uint_eq(stair(pid).time_slice, 1);
	ck_assert_int_eq(stair(pid).prio, c->prio);
}
END_TEST

/*
 * Nice caps the burst at the new 19 - nice: burst 19 at nice 0, then
 * nice 10: burst 9.
 */
START_TEST(stair_nice_caps_burst)
{
	int pid;

	boot(1);
	pid = script("t", 0);
	poke(pid);
	set_burst(pid, max_burst(0));
	ck_assert_int_eq(t_syscall(pid, SIM_SYS_nice, 10, 0, 0), 0);
	ck_assert_uint_eq(stair(pid).burst, max_burst(10));
}
END_TEST

/* A task that renices itself by +10 as it starts, then burns. */
static void renice_body(void *unused)
{
	sim_syscall(SIM_SYS_nice, 10, 0, 0);
	t_body_hog(NULL);
}

/*
 * A running task reniced below a waiting one gives way at once: hog H
 * has run 60 ms (125); a new nice 0 task T starts on its top step, 120,
 * preempts H and calls nice(10): its top step is 130 now, H runs.  (A
 * script task would leave the CPU after the call anyway.)
 */
START_TEST(stair_nice_running_lowered_gives_way)
{
	int t, h;

	boot(1);
	h = hog("hog", 0);
	t_run(MS(60));
	t = t_spawn("t", SIM_SCHED_NORMAL, 0, 0, renice_body, NULL);
	t_run(HALF_TICK);
	ck_assert_int_eq(t_info(t).nice, 10);
	ck_assert_int_eq(state(t), 'Q');
	ck_assert_int_eq(state(h), 'R');
}
END_TEST

/* user space's struct sched_param, mapped for script task @pid */
static unsigned long user_param(int pid, int prio)
{
	unsigned long uaddr = sim_user_map(pid, sizeof(int));

	ck_assert_msg(uaddr != 0, "sim_user_map: %s", sim_error());
	ck_assert_int_eq(sim_user_write(pid, uaddr, &prio, sizeof(prio)), 0);
	return uaddr;
}

/* sched_setscheduler(@pid, @policy, @prio) made by script task @caller */
static long set_policy(int caller, int pid, int policy, int prio)
{
	return t_syscall(caller, SIM_SYS_sched_setscheduler, pid, policy,
			 user_param(caller, prio));
}

/*
 * A change between RT and normal starts a fresh slice of the new kind;
 * a change within a kind keeps what is left.  Sleeping S with 154 of
 * 200 ms and 4 of its interval left: normal -> normal keeps 154/4;
 * -> FIFO 10: 10/10 (an RT slice is one interval); interval 4 set
 * again, -> FIFO 20 keeps it; -> normal: 200/10.
 */
START_TEST(stair_setscheduler_refills_between_rt_and_normal)
{
	int s, ctl;

	boot(1);
	ctl = t_spawn_script("ctl", SIM_SCHED_FIFO, 50, 0);
	s = script("s", 0);
	poke(s);
	set_slice(s, 154, 4);
	ck_assert_int_eq(set_policy(ctl, s, SIM_SCHED_NORMAL, 0), 0);
	ck_assert_uint_eq(stair(s).slice, 154);
	ck_assert_uint_eq(stair(s).time_slice, 4);
	ck_assert_int_eq(set_policy(ctl, s, SIM_SCHED_FIFO, 10), 0);
	ck_assert_uint_eq(stair(s).slice, RR_INTERVAL);
	ck_assert_uint_eq(stair(s).time_slice, RR_INTERVAL);
	ck_assert_int_eq(stair(s).prio, 99 - 10);
	set_slice(s, RR_INTERVAL, 4);
	ck_assert_int_eq(set_policy(ctl, s, SIM_SCHED_FIFO, 20), 0);
	ck_assert_uint_eq(stair(s).time_slice, 4);
	ck_assert_int_eq(stair(s).prio, 99 - 20);
	ck_assert_int_eq(set_policy(ctl, s, SIM_SCHED_NORMAL, 0), 0);
	ck_assert_uint_eq(stair(s).slice, 200);
	ck_assert_uint_eq(stair(s).time_slice, RR_INTERVAL);
	ck_assert_int_eq(stair(s).prio, STATIC_PRIO(0));
}
END_TEST

/* A task that runs 2 ms, calls nice(0), then burns. */
static void nice0_body(void *unused)
{
	sim_burn(MS(2));
	sim_syscall(SIM_SYS_nice, 0, 0, 0);
	t_body_hog(NULL);
}

/*
 * Nice to the same value changes nothing, not even a task's place: R
 * runs on 120, hog Q waits behind it on 120; R calls nice(0) at 2 ms.
 * A FIFO script preempts R from 3.5 to 4.5 ms: then R, still at the
 * head of 120, runs again, not Q.
 */
START_TEST(stair_nice_same_value_keeps_place)
{
	int r, q, f;

	boot(1);
	f = t_spawn_script("fifo", SIM_SCHED_FIFO, 10, 0);
	r = t_spawn("r", SIM_SCHED_NORMAL, 0, 0, nice0_body, NULL);
	q = hog("q", 0);
	t_run(MS(3) + HALF_TICK);
	ck_assert_int_eq(state(r), 'R');
	post(f, SIM_CMD_BURN, MS(1));
	t_run(MS(1) + HALF_TICK / 2);
	ck_assert_int_eq(state(f), 'S');
	ck_assert_int_eq(state(r), 'R');
	ck_assert_int_eq(state(q), 'Q');
}
END_TEST

/* A task that runs 2 ms, renices itself by +5, then burns. */
static void renice_later_body(void *unused)
{
	sim_burn(MS(2));
	sim_syscall(SIM_SYS_nice, 5, 0, 0);
	t_body_hog(NULL);
}

/*
 * Nice does not make an RT task give way: FIFO 10 task F runs, an equal
 * FIFO hog E waits behind it; 2 ms in, F renices itself: F runs on.
 */
START_TEST(stair_nice_rt_task_runs_on)
{
	int f, e;

	boot(1);
	f = t_spawn("f", SIM_SCHED_FIFO, 10, 0, renice_later_body, NULL);
	t_run(MS(1));
	e = rt_hog("e", SIM_SCHED_FIFO, 10);
	t_run(MS(5));
	ck_assert_int_eq(t_info(f).nice, 5);
	ck_assert_int_eq(state(f), 'R');
	ck_assert_uint_eq(runtime(e), 0);
}
END_TEST

/* user address of a struct sched_param of 0, for lower_body */
static unsigned long normal_param;

/* A task that makes itself SCHED_NORMAL as it starts, then burns. */
static void lower_body(void *unused)
{
	sim_syscall(SIM_SYS_sched_setscheduler, 0, SIM_SCHED_NORMAL,
		    normal_param);
	t_body_hog(NULL);
}

/* user address of a struct sched_param of 10, for refifo_body */
static unsigned long fifo10_param;

/* A task that runs 2 ms, sets itself to SCHED_FIFO 10 again, burns. */
static void refifo_body(void *unused)
{
	sim_burn(MS(2));
	sim_syscall(SIM_SYS_sched_setscheduler, 0, SIM_SCHED_FIFO,
		    fifo10_param);
	t_body_hog(NULL);
}

/*
 * A running task whose level stays is not rescheduled: FIFO 10 task F
 * runs, an equal FIFO hog E waits; F sets itself FIFO 10 again: F runs
 * on.
 */
START_TEST(stair_setscheduler_same_level_runs_on)
{
	int f, e;

	boot(1);
	fifo10_param = user_param(script("mapper", 0), 10);
	f = t_spawn("f", SIM_SCHED_FIFO, 10, 0, refifo_body, NULL);
	t_run(MS(1));
	e = rt_hog("e", SIM_SCHED_FIFO, 10);
	t_run(MS(5));
	ck_assert_int_eq(state(f), 'R');
	ck_assert_uint_eq(runtime(e), 0);
}
END_TEST

/*
 * A running task made worse gives way at once: hog H (nice -10) runs at
 * 110; a new FIFO 10 task F preempts it and makes itself SCHED_NORMAL
 * (nice 0, 120): H runs again.
 */
START_TEST(stair_setscheduler_running_lowered_gives_way)
{
	int f, h;

	boot(1);
	normal_param = user_param(script("mapper", 0), 0);
	h = hog("hog", -10);
	t_run(MS(5));
	f = t_spawn("f", SIM_SCHED_FIFO, 10, 0, lower_body, NULL);
	t_run(HALF_TICK);
	ck_assert_int_eq(t_info(f).policy, SIM_SCHED_NORMAL);
	ck_assert_int_eq(state(f), 'Q');
	ck_assert_int_eq(state(h), 'R');
}
END_TEST

/* ---- SMP ----------------------------------------------------------------- */

static const int smp_cpus[] = { 2, 4 };

/* N hogs on N CPUs: one on each, each runs the whole time. */
START_TEST(stair_smp_hogs_spread)
{
	int n = smp_cpus[_i], pids[4], i, j;

	boot(n);
	for (i = 0; i < n; i++)
		pids[i] = hog("hog", 0);
	t_run(MS(500));
	for (i = 0; i < n; i++) {
		ck_assert_uint_ge(runtime(pids[i]), MS(500) - TICK_NS);
		for (j = 0; j < i; j++)
			ck_assert_int_ne(t_info(pids[i]).cpu,
					 t_info(pids[j]).cpu);
	}
}
END_TEST

/*
 * Three hogs pinned to cpu0, then allowed everywhere: cpu1 pulls one
 * (3 vs 0), then 2 vs 1 is balanced enough.
 */
START_TEST(stair_smp_idle_cpu_pulls)
{
	int pids[3], ctl, i, on1 = 0;

	boot(2);
	ctl = script_on("ctl", "0");
	for (i = 0; i < 3; i++)
		pids[i] = hog_on("hog", "0");
	t_run(MS(10));
	for (i = 0; i < 3; i++)
		ck_assert_int_eq(set_affinity(ctl, pids[i], 3), 0);
	t_run(MS(100));
	for (i = 0; i < 3; i++)
		on1 += t_info(pids[i]).cpu == 1;
	ck_assert_int_eq(on1, 1);
	ck_assert_int_ne(curr_pid(1), 0);
}
END_TEST

/*
 * Busy balancing: cpu0 has three hogs, cpu1 one (pinned there); the
 * periodic pull (every 50 ms) evens them out at 2 and 2.
 */
START_TEST(stair_smp_busy_cpu_pulls)
{
	int pids[3], ctl, i, on1 = 0;

	boot(2);
	ctl = script_on("ctl", "0");
	hog_on("pinned", "1");
	for (i = 0; i < 3; i++)
		pids[i] = hog_on("hog", "0");
	t_run(MS(10));
	for (i = 0; i < 3; i++)
		ck_assert_int_eq(set_affinity(ctl, pids[i], 3), 0);
	t_run(MS(200));
	for (i = 0; i < 3; i++)
		on1 += t_info(pids[i]).cpu == 1;
	ck_assert_int_eq(on1, 1);
}
END_TEST

/* Pinned hogs never move: three on cpu0, cpu1 stays idle. */
START_TEST(stair_smp_pinned_never_move)
{
	struct sim_cpu_info ci;
	unsigned long moves[3];
	int pids[3], i;

	boot(2);

	for (i = 0; i < 3; i++)
		pids[i] = hog_on("hog", "0");
	t_run(MS(1));
	for (i = 0; i < 3; i++)
		moves[i] = t_info(pids[i]).migrations;
	t_run(MS(500));
	for (i = 0; i < 3; i++) {
		ck_assert_int_eq(t_info(pids[i]).cpu, 0);
		ck_assert_uint_eq(t_info(pids[i]).migrations, moves[i]);
	}
	ck_assert_int_eq(sim_cpu_info(1, &ci), 0);
	ck_assert_uint_eq(ci.busy_ns, 0);
}
END_TEST

/* Affinity: a running hog on cpu0 set to {1} moves there and runs. */
START_TEST(stair_smp_setaffinity_moves_running)
{
	unsigned long long rt;
	int pid, ctl;

	boot(2);
	pid = hog_on("hog", "0");
	ctl = script_on("ctl", "1");
	t_run(MS(10));
	ck_assert_int_eq(set_affinity(ctl, pid, 1UL << 1), 0);
	t_run(MS(5));
	ck_assert_int_eq(t_info(pid).cpu, 1);
	rt = runtime(pid);
	t_run(MS(20));
	ck_assert_uint_ge(runtime(pid) - rt, MS(20) - TICK_NS);
}
END_TEST

/*
 * Hotplug: cpu1 goes offline; its hog and a sleeping script move to
 * cpu0 and keep working.  Back online, the periodic pull gives cpu1 a
 * hog again.
 */
START_TEST(stair_smp_offline_sheds_tasks)
{
	int a, b, s;

	boot(2);
	a = hog("a", 0);
	b = hog("b", 0);
	s = script("s", 0);
	t_run(MS(20));
	ck_assert_int_ne(t_info(a).cpu, t_info(b).cpu);
	ck_assert_int_eq(sim_cpu_offline(1), 0);
	t_run(MS(20));
	ck_assert_int_eq(t_info(a).cpu, 0);
	ck_assert_int_eq(t_info(b).cpu, 0);
	ck_assert_int_eq(t_info(s).cpu, 0);
	poke(s);
	ck_assert_int_eq(sim_cpu_online(1), 0);
	t_run(MS(100));
	ck_assert_int_ne(t_info(a).cpu, t_info(b).cpu);
}
END_TEST

/* ---- SMP placement and balancing, to the jiffy ------------------------- */

/* The migrations the trace shows, in order. */
struct move {
	unsigned long long ns;
	int pid, from, to;
};

static struct move moves[64];
static int nr_moves;

static void record_move(const struct sim_trace_event *ev, void *unused)
{
	if (ev->type != SIM_TRACE_MIGRATE ||
	    nr_moves == (int)(sizeof(moves) / sizeof(moves[0])))
		return;
	moves[nr_moves].ns = ev->ns;
	moves[nr_moves].pid = ev->pid;
	moves[nr_moves].from = ev->orig_cpu;
	moves[nr_moves].to = ev->target_cpu;
	nr_moves++;
}

static void watch_moves(void)
{
	nr_moves = 0;
	sim_trace_set_sink(record_move, NULL);
}

/*
 * The CPU a task spawned at @at was put on: init forks on cpu0, and
 * wake_up_new_task() moves it from there at once, if anywhere.
 */
static int placed_on(int pid, unsigned long long at)
{
	int i;

	for (i = 0; i < nr_moves; i++)
		if (moves[i].pid == pid && moves[i].ns == at)
			return moves[i].to;
	return 0;
}

/*
 * A new task goes to the allowed CPU with the fewest tasks, the lowest
 * of equals.  4 CPUs: init (which forks) on cpu0, hogs pinned to cpu1
 * and cpu3: loads 1 1 0 1, so the first new hog goes to cpu2; then all
 * have 1 and the second goes to cpu0.
 */
START_TEST(stair_smp_new_task_least_loaded_lowest_first)
{
	int a, b;

	boot(4);
	hog_on("p1", "1");
	hog_on("p3", "3");
	t_run(MS(1));
	watch_moves();
	a = hog("a", 0);
	ck_assert_int_eq(placed_on(a, sim_now()), 2);
	b = hog("b", 0);
	ck_assert_int_eq(placed_on(b, sim_now()), 0);
}
END_TEST

/*
 * A waking task goes back to its own CPU when that is idle, before any
 * lower idle one: S last ran on cpu2; every CPU is idle; it wakes on 2.
 */
START_TEST(stair_smp_wake_own_idle_cpu_first)
{
	unsigned long moved;
	int s, ctl;

	boot(4);
	ctl = ctl_on("3");
	s = script_on("s", "2");
	poke(s);
	ck_assert_int_eq(set_affinity(ctl, s, 0xf), 0);
	t_run(MS(1));
	moved = t_info(s).migrations;
	poke(s);
	ck_assert_int_eq(t_info(s).cpu, 2);
	ck_assert_uint_eq(t_info(s).migrations, moved);
}
END_TEST

/*
 * Its own CPU busy, a waking task takes the lowest idle CPU it may use:
 * S last ran on cpu2, now busy with a pinned hog; allowed everywhere it
 * wakes on cpu0, allowed on 1-3 on cpu1.
 */
START_TEST(stair_smp_wake_lowest_idle_allowed_cpu)
{
	int s, ctl;

	boot(4);
	ctl = ctl_on("3");
	s = script_on("s", "2");
	poke(s);
	hog_on("busy", "2");
	ck_assert_int_eq(set_affinity(ctl, s, 0xe), 0);
	t_run(MS(1));
	poke(s);
	ck_assert_int_eq(t_info(s).cpu, 1);
	ck_assert_int_eq(set_affinity(ctl, s, 0xf), 0);
	hog_on("busy1", "1");
	t_run(MS(1));
	poke(s);
	ck_assert_int_eq(t_info(s).cpu, 0);
}
END_TEST

/*
 * Every CPU it may use busy, a waking task stays where it last ran: S
 * last ran on cpu2; hogs pinned on all four CPUs; S wakes on cpu2, not
 * on the first CPU it may use.
 */
START_TEST(stair_smp_wake_all_busy_stays_home)
{
	char cpu[2] = "0";
	unsigned long moved;
	int s, ctl, i;

	boot(4);
	ctl = ctl_on("3");
	s = script_on("s", "2");
	poke(s);
	ck_assert_int_eq(set_affinity(ctl, s, 0xf), 0);
	for (i = 0; i < 4; i++) {
		cpu[0] = '0' + i;
		hog_on("busy", cpu);
	}
	t_run(MS(1));
	moved = t_info(s).migrations;
	poke(s);
	ck_assert_int_eq(t_info(s).cpu, 2);
	ck_assert_uint_eq(t_info(s).migrations, moved);
}
END_TEST

/*
 * Two hogs allowed everywhere wait on cpu0 (hogs @h), cpu1 is idle:
 * make them movable at 10.5 ms (a FIFO ctl does it at once).
 */
static void two_hogs_on_cpu0(int *h)
{
	int ctl, i;

	ctl = ctl_on("0");
	for (i = 0; i < 2; i++)
		h[i] = hog_on("hog", "0");
	t_run(MS(10) + HALF_TICK);
	watch_moves();
	for (i = 0; i < 2; i++)
		ck_assert_int_eq(set_affinity(ctl, h[i], 3), 0);
}

/*
 * An idle CPU pulls at its next tick: cpu1 is idle when the two hogs of
 * cpu0 become movable at 10.5 ms; its tick at 11 ms pulls the queued
 * one (2 tasks against 0), and no more move.
 */
START_TEST(stair_smp_idle_pull_at_tick)
{
	int h[2];

	boot(2);
	two_hogs_on_cpu0(h);
	t_run(MS(100));
	ck_assert_int_eq(nr_moves, 1);
	ck_assert_uint_eq(moves[0].ns, MS(11));
	ck_assert_int_eq(moves[0].from, 0);
	ck_assert_int_eq(moves[0].to, 1);
}
END_TEST

/*
 * A CPU that goes idle pulls at once, in schedule(): script S on cpu1
 * burns from 10.5 ms to 30.5 ms while cpu0 has two movable hogs; when S
 * sleeps, cpu1 takes one of them at that instant, not at a tick.
 */
START_TEST(stair_smp_idle_pull_at_schedule)
{
	int s, h[2], i, ctl;

	boot(2);
	s = script_on("s", "1");
	ctl = ctl_on("0");
	for (i = 0; i < 2; i++)
		h[i] = hog_on("hog", "0");
	t_run(MS(10) + HALF_TICK);
	post(s, SIM_CMD_BURN, MS(20));
	t_run(HALF_TICK / 2);
	ck_assert_int_eq(state(s), 'R');
	for (i = 0; i < 2; i++)
		ck_assert_int_eq(set_affinity(ctl, h[i], 3), 0);
	watch_moves();
	t_run(MS(30));
	ck_assert_int_eq(nr_moves, 1);
	ck_assert_uint_eq(moves[0].ns, MS(30) + HALF_TICK);
	ck_assert_int_eq(moves[0].to, 1);
}
END_TEST

struct balance_case {
	int hz;
	unsigned long interval;	/* jiffies: 50 ms rounded up */
};

static const struct balance_case balances[] = {
	{ 1000, 50 },
	{ 250, 13 },		/* 12.5 ticks */
	{ 10, 1 },		/* half a tick: every tick */
};

/*
 * A busy CPU looks every BALANCE_INTERVAL (50 ms), CPU N at the jiffies
 * where (jiffies + 7 * N) % interval == 0, and takes one task from a CPU
 * with two more than its own.  cpu1 runs a pinned hog; cpu0 gets three
 * movable ones at 11.5 ticks: cpu1 pulls one at its first such jiffy,
 * and then, at 2 against 2, none moves again.
 */
START_TEST(stair_smp_busy_pull_every_interval_staggered)
{
	const struct balance_case *c = &balances[_i];
	unsigned long long tick = SEC(1) / c->hz, changed;
	unsigned long j;
	int ctl, h[3], i;

	boot_hz(2, c->hz);
	hog_on("pinned", "1");
	ctl = ctl_on("0");
	for (i = 0; i < 3; i++)
		h[i] = hog_on("hog", "0");
	t_run(11 * tick + tick / 2);
	changed = sim_now();
	watch_moves();
	for (i = 0; i < 3; i++)
		ck_assert_int_eq(set_affinity(ctl, h[i], 3), 0);
	t_run(6 * c->interval * tick);
	ck_assert_int_eq(nr_moves, 1);
	ck_assert_int_eq(moves[0].to, 1);
	ck_assert_uint_eq(moves[0].ns % tick, 0);
	j = sim_jiffies() - sim_now() / tick + moves[0].ns / tick;
	ck_assert_uint_eq((j + 7 * 1) % c->interval, 0);
	ck_assert_uint_lt(moves[0].ns - changed, c->interval * tick);
}
END_TEST

/*
 * One task more is no imbalance: cpu0 has two movable hogs, cpu1 one
 * pinned hog (2 against 1): in 500 ms nothing moves.
 */
START_TEST(stair_smp_one_task_more_is_balanced)
{
	int h[2];

	boot(2);
	hog_on("pinned", "1");
	t_run(MS(1));
	two_hogs_on_cpu0(h);
	t_run(MS(500));
	ck_assert_int_eq(nr_moves, 0);
}
END_TEST

/* sched_getaffinity(@pid) asked by script task @asker. */
static unsigned long get_affinity(int asker, int pid)
{
	unsigned long mask = 0, uaddr = sim_user_map(asker, sizeof(mask));

	ck_assert_msg(uaddr != 0, "sim_user_map: %s", sim_error());
	ck_assert_int_ge(t_syscall(asker, SIM_SYS_sched_getaffinity, pid,
				   sizeof(mask), uaddr), 0);
	ck_assert_int_eq(sim_user_read(asker, uaddr, &mask, sizeof(mask)), 0);
	return mask;
}

/*
 * When a CPU dies every task on it moves to the least loaded CPU it may
 * use, the lowest of equals, sleeping ones too; one allowed nowhere else
 * may then use every CPU ("no longer affine").  3 CPUs: cpu0 runs two
 * pinned hogs and init (which takes cpu2 down): load 3; cpu1 one pinned
 * hog: load 1.  On cpu2: hog X pinned there, hog Y allowed on 1-2, and
 * script S asleep.  X and Y go to cpu1 (1, then 2, against 3); S, with
 * 3 against 3, to cpu0.
 */
START_TEST(stair_smp_offline_moves_each_task_to_least_loaded)
{
	int x, y, s, asker;

	boot(3);
	hog_on("p0", "0");
	hog_on("p0", "0");
	hog_on("p1", "1");
	asker = ctl_on("1");
	x = hog_on("x", "2");
	y = hog_on("y", "1-2");
	s = script_on("s", "2");
	poke(s);
	ck_assert_int_eq(set_affinity(asker, s, 7), 0);
	t_run(MS(20));
	ck_assert_int_eq(sim_cpu_offline(2), 0);
	ck_assert_int_eq(t_info(x).cpu, 1);
	ck_assert_int_eq(t_info(y).cpu, 1);
	ck_assert_int_eq(t_info(s).cpu, 0);
	ck_assert(sim_log_contains("no longer affine to cpu2"));
	ck_assert_uint_eq(get_affinity(asker, x), 3);
	ck_assert_uint_eq(get_affinity(asker, y), 6);
	ck_assert_uint_eq(get_affinity(asker, s), 7);
}
END_TEST

/*
 * Two wake-ups at one instant go to two idle CPUs: a CPU with a task
 * queued for it is not idle, even before it switches.  4 CPUs: S1 and
 * S2 wait on a completion, last ran on cpu1, which a hog keeps busy;
 * the completer runs on cpu0.  complete_all(): S1 goes to cpu2, S2 to
 * cpu3.
 */
START_TEST(stair_smp_simultaneous_wakeups_spread)
{
	int ctl, c, s1, s2;

	boot(4);
	ctl = ctl_on("3");
	c = script_on("completer", "0");
	s1 = script_on("s1", "1");
	s2 = script_on("s2", "1");
	hog_on("busy", "1");
	post(s1, SIM_CMD_COMPLETION_WAIT, 0);
	post(s2, SIM_CMD_COMPLETION_WAIT, 0);
	t_run(MS(25));
	ck_assert_int_eq(state(s1), 'D');
	ck_assert_int_eq(state(s2), 'D');
	ck_assert_int_eq(set_affinity(ctl, s1, 0xf), 0);
	ck_assert_int_eq(set_affinity(ctl, s2, 0xf), 0);
	ck_assert_int_eq(t_info(s1).cpu, 1);
	ck_assert_int_eq(t_info(s2).cpu, 1);
	t_cmd(c, SIM_CMD_COMPLETE_ALL, 0, 0, 0, 0);
	t_run(MS(1));
	ck_assert_int_eq(t_info(s1).cpu + t_info(s2).cpu, 2 + 3);
	ck_assert_int_ne(t_info(s1).cpu, t_info(s2).cpu);
}
END_TEST

/*
 * A sleeping task whose CPU it may no longer use moves at once to the
 * least loaded one it may: S sleeps on cpu2; allowed on 0-1 only, where
 * cpu0 runs a hog, it is on cpu1 before it wakes.
 */
START_TEST(stair_smp_setaffinity_moves_sleeping_task_at_once)
{
	int s, ctl;

	boot(4);
	ctl = ctl_on("3");
	s = script_on("s", "2");
	poke(s);
	hog_on("busy", "0");
	t_run(MS(1));
	ck_assert_int_eq(set_affinity(ctl, s, 0x3), 0);
	ck_assert_int_eq(state(s), 'S');
	ck_assert_int_eq(t_info(s).cpu, 1);
}
END_TEST

/*
 * An idle CPU pulls from the busiest CPU, the first of equals.  4 CPUs:
 * cpu0 and cpu2 run two hogs each, cpu3 one, cpu1 none.  At 10.5 ms
 * all become movable (a FIFO ctl on cpu3 does it); at 11 ms cpu1 takes
 * one from cpu0.
 */
START_TEST(stair_smp_pull_from_the_busiest)
{
	int ctl, h[5], i;

	boot(4);
	ctl = ctl_on("3");
	h[0] = hog_on("a0", "0");
	h[1] = hog_on("b0", "0");
	h[2] = hog_on("a2", "2");
	h[3] = hog_on("b2", "2");
	h[4] = hog_on("a3", "3");
	t_run(MS(10) + HALF_TICK);
	watch_moves();
	for (i = 0; i < 5; i++)
		ck_assert_int_eq(set_affinity(ctl, h[i], 0xf), 0);
	t_run(HALF_TICK);
	ck_assert_int_eq(nr_moves, 1);
	ck_assert_uint_eq(moves[0].ns, MS(11));
	ck_assert_int_eq(moves[0].from, 0);
	ck_assert_int_eq(moves[0].to, 1);
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

#define N(a)	((int)(sizeof(a) / sizeof((a)[0])))

static Suite *staircase_suite(void)
{
	Suite *s = suite_create("staircase");
	TCase *tc;

	tc = tcase(s, "numbers");
	tcase_add_loop_test(tc, stair_slice_by_nice, 0, NR_SLICES);
	tcase_add_test(tc, stair_slice_rr_is_one_interval);
	tcase_add_test(tc, stair_slice_fifo_is_zero);
	tcase_add_loop_test(tc, stair_burst_capped_at_nineteen_minus_nice, 0,
			    N(burst_nices));
	tcase_add_loop_test(tc, stair_effective_prio_formula, 0, NR_PRIOS);

	tc = tcase(s, "tick");
	tcase_add_test(tc, stair_tick_steps_down_each_interval);
	tcase_add_test(tc, stair_oom_victim_gets_a_whole_slice);
	tcase_add_test(tc, stair_oom_victim_preempts_a_worse_killer);
	tcase_add_test(tc, stair_tick_slice_end_refills_and_costs_burst);
	tcase_add_test(tc, stair_tick_slice_end_back_to_top);
	tcase_add_test(tc, stair_tick_burst_keeps_top_step);

	tc = tcase(s, "wakeup");
	tcase_add_test(tc, stair_wake_after_fork_continues_slice);
	tcase_add_test(tc, stair_wake_refills_and_adds_burst);
	tcase_add_test(tc, stair_wake_uninterruptible_no_burst);
	tcase_add_test(tc, stair_wake_short_sleep_continues_slice);
	tcase_add_loop_test(tc, stair_wake_counts_run_and_sleep, 0,
			    N(ran_ms));
	tcase_add_test(tc, stair_wake_counts_cpu_time_not_waiting);
	tcase_add_test(tc, stair_wake_counts_run_since_the_slice_began);
	tcase_add_test(tc, stair_wake_switches_voluntary_or_not);
	tcase_add_test(tc, stair_wake_of_a_runnable_task_is_no_wakeup);

	tc = tcase(s, "fork_yield");
	tcase_add_test(tc, stair_fork_child_burst_zero_full_slice);
	tcase_add_test(tc, stair_fork_parent_keeps_cpu);
	tcase_add_test(tc, stair_fork_child_starts_unmarked);
	tcase_add_test(tc, stair_fork_mark_lasts_until_the_wakeup);
	tcase_add_test(tc, stair_yield_to_bottom_with_fresh_slice);
	tcase_add_test(tc, stair_yield_lets_lower_step_run);
	tcase_add_test(tc, stair_yield_picked_runs_at_its_top_step);
	tcase_add_test(tc, stair_yield_rt_keeps_level);
	tcase_add_test(tc, stair_yield_rr_gets_a_whole_interval);
	tcase_add_test(tc, stair_yield_picked_yielder_heads_its_level);

	tc = tcase(s, "preemption");
	tcase_add_test(tc, stair_preempt_better_step_at_once);
	tcase_add_test(tc, stair_preempt_not_by_worse_step);
	tcase_add_test(tc, stair_preempt_equal_step_waits_for_the_interval);
	tcase_add_test(tc, stair_preempt_equal_step_partial_slice_waits);
	tcase_add_test(tc, stair_preempt_equal_step_needs_more_interval);
	tcase_add_test(tc, stair_preempt_never_rt_at_equal_level);
	tcase_add_loop_test(tc, stair_compute_delays_preemption, 0, 2);
	tcase_add_test(tc, stair_compute_no_delay_after_cache_delay);
	tcase_add_test(tc, stair_compute_rt_waker_not_delayed);
	tcase_add_test(tc, stair_compute_idle_cpu_not_delayed);
	tcase_add_test(tc, stair_compute_delay_ends_with_the_switch);
	tcase_add_test(tc, stair_compute_delay_dropped_when_the_waker_leaves);
	tcase_add_test(tc, stair_sleep_with_signal_pending_stays_queued);
	tcase_add_test(tc, stair_compute_boost_of_curr_keeps_the_delay);

	tc = tcase(s, "rt");
	tcase_add_test(tc, stair_rt_rr_alternates_each_interval);
	tcase_add_test(tc, stair_rt_fifo_never_expires);
	tcase_add_test(tc, stair_rt_rr_interval_goes_on_across_sleep);
	tcase_add_test(tc, stair_rt_equal_wakers_run_in_wake_order);
	tcase_add_test(tc, stair_rt_before_normal);

	tc = tcase(s, "tunables");
	tcase_add_test(tc, stair_tunables_defaults);
	tcase_add_loop_test(tc, stair_tunables_reject_out_of_range, 0,
			    N(bad_values));
	tcase_add_test(tc,
		stair_tunables_compute_multiplies_and_disables_interactive);
	tcase_add_test(tc, stair_tunables_compute_steps_every_hundred_ms);
	tcase_add_test(tc, stair_tunables_compute_acts_at_next_step);
	tcase_add_test(tc, stair_tunables_interactive_acts_at_next_step);
	tcase_add_test(tc, stair_tunables_compute_off_trims_at_next_tick);
	tcase_add_test(tc, stair_tunables_compute_off_trims_rr_turn);
	tcase_add_test(tc, stair_tunables_compute_off_trims_at_wake);

	tc = tcase(s, "behaviour");
	tcase_add_test(tc, stair_share_nice0_vs_nice19);
	tcase_add_test(tc, stair_interactive_task_low_latency);
	tcase_add_test(tc, stair_nice_keeps_used_part_of_slice);
	tcase_add_test(tc, stair_idle_time_is_iowait_while_a_task_waits_for_io);
	tcase_add_test(tc, stair_starvation_bound_numbers);
	tcase_add_test(tc, stair_starvation_bound_holds);
	tcase_add_test(tc, stair_pick_work_is_constant);
	tcase_add_test(tc, stair_pick_work_one_per_pick);
	tcase_add_test(tc, stair_pick_work_counts_from_boot);
	tcase_add_test(tc, stair_declares_o1_picking);

	tc = tcase(s, "check");
	tcase_add_loop_test(tc, stair_check_reports_each_broken_rule, 0,
			    N(check_cases));
	tcase_add_test(tc, stair_check_reports_rt_off_level);
	tcase_add_test(tc,
		stair_check_holds_slices_refilled_after_a_tunable_write);

	tc = tcase(s, "hz");
	tcase_add_loop_test(tc, stair_hz_intervals_in_jiffies, 0, N(hzs));
	tcase_add_test(tc, stair_hz_compute_delay_one_tick);

	tc = tcase(s, "pi_nice_policy");
	tcase_add_test(tc, stair_pi_boost_of_waiting_owner_preempts);
	tcase_add_test(tc, stair_pi_boosted_yielder_keeps_inherited_level);
	tcase_add_test(tc, stair_pi_boost_to_equal_level_does_not_preempt);
	tcase_add_test(tc, stair_pi_boost_end_gives_way);
	tcase_add_loop_test(tc, stair_nice_shorter_than_used_leaves_one_jiffy,
			    0, N(renices));
	tcase_add_test(tc, stair_nice_caps_burst);
	tcase_add_test(tc, stair_nice_running_lowered_gives_way);
	tcase_add_test(tc, stair_setscheduler_refills_between_rt_and_normal);
	tcase_add_test(tc, stair_setscheduler_running_lowered_gives_way);
	tcase_add_test(tc, stair_setscheduler_same_level_runs_on);
	tcase_add_test(tc, stair_nice_rt_task_runs_on);
	tcase_add_test(tc, stair_nice_same_value_keeps_place);

	tc = tcase(s, "smp");
	tcase_add_loop_test(tc, stair_smp_hogs_spread, 0, N(smp_cpus));
	tcase_add_test(tc, stair_smp_idle_cpu_pulls);
	tcase_add_test(tc, stair_smp_busy_cpu_pulls);
	tcase_add_test(tc, stair_smp_pinned_never_move);
	tcase_add_test(tc, stair_smp_setaffinity_moves_running);
	tcase_add_test(tc, stair_smp_offline_sheds_tasks);
	tcase_add_test(tc, stair_smp_new_task_least_loaded_lowest_first);
	tcase_add_test(tc, stair_smp_wake_own_idle_cpu_first);
	tcase_add_test(tc, stair_smp_wake_lowest_idle_allowed_cpu);
	tcase_add_test(tc, stair_smp_wake_all_busy_stays_home);
	tcase_add_test(tc, stair_smp_idle_pull_at_tick);
	tcase_add_test(tc, stair_smp_idle_pull_at_schedule);
	tcase_add_loop_test(tc, stair_smp_busy_pull_every_interval_staggered, 0,
			    N(balances));
	tcase_add_test(tc, stair_smp_one_task_more_is_balanced);
	tcase_add_test(tc, stair_smp_offline_moves_each_task_to_least_loaded);
	tcase_add_test(tc, stair_smp_simultaneous_wakeups_spread);
	tcase_add_test(tc, stair_smp_setaffinity_moves_sleeping_task_at_once);
	tcase_add_test(tc, stair_smp_pull_from_the_busiest);

	return s;
}

int main(void)
{
	return t_run_suite_on(staircase_suite(), "staircase");
}
