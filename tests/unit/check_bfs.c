/*
 * tests/unit/check_bfs.c - the bfs driver's published rules, one test
 * each, on the simulated machine.
 *
 * The rules are those of drivers/bfs.c's design note (BFS 0.3xx/0.4xx,
 * sched-BFS.txt):
 *   - the prio ratio is 128 at nice -20 and each nice level multiplies
 *     it by 11/10, truncated: 836 at nice 0, 2161 at nice 10, 5089 at
 *     nice 19;
 *   - a refill gives a SCHED_NORMAL task a slice of rr_interval (6 ms by
 *     default, 1..1000 ms) and the deadline now + ratio * rr_interval /
 *     128: 39.1875 ms ahead at nice 0;
 *   - RT tasks run first, by priority; then the earliest deadline among
 *     the queued tasks a CPU may run;
 *   - a woken task keeps its deadline while it has slice left, takes an
 *     idle CPU (where it last ran first), else preempts the CPU running
 *     the latest deadline if its own is earlier; a task that loses its
 *     CPU, or whose mask grows, takes an idle CPU at once;
 *   - one queue: every CPU takes from it, no balancing is needed;
 *   - two hogs of nice a < b on one CPU share it as
 *     (ratio[b] - ratio[a]) : 128 - nice 0 runs one slice per
 *     rr_interval of deadline gap to nice 10's: 1325 / 128 = 10.35 : 1.
 *     (Not ratio[b] : ratio[a], 2.58 : 1, as a design that shares CPU in
 *     proportion to weights would: BFS's nice levels are steeper.)
 *   - a new task takes half its parent's slice and its deadline.
 *
 * Times come from the machine's clock (sim_now()) and accounting; the
 * deadlines and slices left through kfix_bfs.  HZ is 1000: a tick is
 * 1 ms, a 6 ms slice six ticks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"
#include "kfix_bfs.h"
#include "kfixtures.h"

#define BFS_CMDLINE		"cpusched=bfs"
#define RR_INTERVAL_MS		6		/* the default */
#define RESCHED_NS		100000LL	/* less left: slice out */

/* The prio ratios the tests use (128 * 1.1^n, truncated each step). */
#define RATIO_NICE_M20		128
#define RATIO_NICE_0		836
#define RATIO_NICE_10		2161
#define RATIO_NICE_19		5089

/* How far ahead a refill puts a deadline: ratio * rr_interval / 128. */
#define OFFSET_NS(ratio, rr_ms)	((ratio) * MS(rr_ms) / 128)

/* ---- fixtures and helpers ------------------------------------------------ */

static void teardown(void)
{
	t_shutdown();
}

static void boot(int cpus)
{
	t_boot(cpus, BFS_CMDLINE);
	ck_assert_msg(kfix_bfs_available(), "bfs is not running");
}

static struct kfix_bfs rd(int pid)
{
	struct kfix_bfs b;

	ck_assert_int_eq(kfix_bfs_read(pid, &b), 0);
	return b;
}

static int curr(int cpu)
{
	struct sim_cpu_info ci;

	ck_assert_int_eq(sim_cpu_info(cpu, &ci), 0);
	return ci.curr_pid;
}

static unsigned long long runtime(int pid)
{
	return t_info(pid).runtime_ns;
}

/* A task allowed on the CPUs of list @cpus (NULL: all). */
static int spawn(const char *name, int policy, int rt_priority, int nice,
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
	pid = sim_spawn(&a, body, NULL);
	ck_assert_msg(pid > 0, "spawn of %s failed (%d): %s", name, pid,
		      sim_error());
	return pid;
}

static int hog(const char *name, int nice, const char *cpus)
{
	return spawn(name, SIM_SCHED_NORMAL, 0, nice, cpus, t_body_hog);
}

/* Sleeps (interruptibly) until woken, then burns forever. */
static void body_sleep_then_hog(void *unused)
{
	sim_sleep(SEC(1000));
	for (;;)
		sim_burn(SEC(1));
}

/*
 * A task of nice @nice asleep on CPU @cpu (pinned there to fall asleep,
 * then allowed on every CPU of @mask), with @slice ns of slice left and
 * deadline @deadline (0: as it is).
 */
static int sleeper(int nice, int cpu, unsigned long mask, long long slice,
		   unsigned long long deadline)
{
	char cpus[8];
	int pid;

	snprintf(cpus, sizeof(cpus), "%d", cpu);
	pid = spawn("sleeper", SIM_SCHED_NORMAL, 0, nice, cpus,
		    body_sleep_then_hog);
	t_run(MS(1));
	ck_assert_int_eq(t_info(pid).state, 'S');
	ck_assert_int_eq(rd(pid).cpu, cpu);
	ck_assert_int_eq(kfix_bfs_set_allowed(pid, mask), 0);
	ck_assert_int_eq(kfix_bfs_set_time_slice(pid, slice), 0);
	if (deadline)
		ck_assert_int_eq(kfix_bfs_set_deadline(pid, deadline), 0);
	return pid;
}

static void set_rr_interval(const char *ms)
{
	ck_assert_int_eq(sim_sysfs_write("/sys/cpusched/bfs/rr_interval", ms),
			 0);
}

/* ---- deadlines and slices ------------------------------------------------ */

static const struct {
	int nice, ratio;
} ratio_table[] = {
	{ -20, RATIO_NICE_M20 },	/* 6 ms ahead */
	{ 0, RATIO_NICE_0 },		/* 39.1875 ms */
	{ 10, RATIO_NICE_10 },		/* 101.296875 ms */
	{ 19, RATIO_NICE_19 },		/* 238.546875 ms */
};

#define NR_RATIOS	((int)(sizeof(ratio_table) / sizeof(ratio_table[0])))

/*
 * A task whose slice ran out while it slept (50 us left, under the
 * 100 us that counts as out) is refilled when woken at T: its slice is
 * 6 ms and its deadline T + ratio(nice) * 6 ms / 128.
 */
START_TEST(bfs_refill_deadline_is_ratio_times_rr_interval)
{
	unsigned long long t;
	int s;

	boot(1);
	s = sleeper(ratio_table[_i].nice, 0, 0x1, 50000, 0);
	t = sim_now();
	ck_assert_int_eq(sim_wake(s), 0);
	ck_assert_uint_eq(rd(s).deadline,
			  t + OFFSET_NS(ratio_table[_i].ratio,
					RR_INTERVAL_MS));
	ck_assert_int_eq(rd(s).time_slice, MS(RR_INTERVAL_MS));
}
END_TEST

/*
 * rr_interval 10 ms: a nice 0 task refilled at T gets a 10 ms slice and
 * the deadline T + 836 * 10 ms / 128 = T + 65.3125 ms.
 */
START_TEST(bfs_refill_scales_with_rr_interval)
{
	unsigned long long t;
	int s;

	boot(1);
	set_rr_interval("10");
	s = sleeper(0, 0, 0x1, 0, 0);
	t = sim_now();
	ck_assert_int_eq(sim_wake(s), 0);
	ck_assert_uint_eq(rd(s).deadline, t + 65312500ULL);
	ck_assert_int_eq(rd(s).time_slice, MS(10));
}
END_TEST

/*
 * A task woken with 3 ms of slice left keeps the deadline it had (set
 * to T + 7 ms) and the slice: BFS refills only a slice that ran out.
 */
START_TEST(bfs_wake_keeps_deadline_with_slice_left)
{
	unsigned long long d;
	int s;

	boot(1);
	d = sim_now() + MS(8);
	s = sleeper(0, 0, 0x1, MS(3), d);
	ck_assert_int_eq(sim_wake(s), 0);
	ck_assert_uint_eq(rd(s).deadline, d);
	ck_assert_int_eq(rd(s).time_slice, MS(3));
}
END_TEST

/*
 * A lone nice 0 hog, watched tick by tick: each time its deadline moves,
 * the tick has just refilled it - slice 6 ms, deadline now + 39.1875 ms
 * - and that happens every 6 ms.
 */
START_TEST(bfs_slice_out_refills_at_the_tick)
{
	unsigned long long last = 0, prev_refill = 0;
	int h, refills = 0, ms;

	boot(1);
	h = hog("hog", 0, NULL);
	last = rd(h).deadline;
	for (ms = 0; ms < 40; ms++) {
		t_run(MS(1));
		if (rd(h).deadline == last)
			continue;
		last = rd(h).deadline;
		ck_assert_uint_eq(last, sim_now() + 39187500ULL);
		ck_assert_int_eq(rd(h).time_slice, MS(RR_INTERVAL_MS));
		if (prev_refill)
			ck_assert_uint_eq(sim_now() - prev_refill,
					  MS(RR_INTERVAL_MS));
		prev_refill = sim_now();
		refills++;
	}
	ck_assert_int_ge(refills, 5);
}
END_TEST

/* ---- picking ------------------------------------------------------------- */

/*
 * 2 CPUs.  Hogs A (pinned to cpu0) and B (pinned to cpu1) run; Z, X
 * (pinned to cpu1) and Y wait, queued in that order, with deadlines
 * now + 5, + 1 and + 2 ms; A's and B's are now + 30 ms.  A's slice is
 * made to run out: at the next tick cpu0 picks Y - the earliest
 * deadline it may run (X is earlier, but not allowed there; Z was queued
 * first).  cpu1 goes on with B; when B's slice runs out, it picks X.
 */
START_TEST(bfs_pick_earliest_deadline_among_allowed)
{
	unsigned long long now;
	int a, b, x, y, z;

	boot(2);
	a = hog("a", 0, "0");
	b = hog("b", 0, "1");
	t_run(MS(3));
	z = hog("z", 0, NULL);
	x = hog("x", 0, "1");
	y = hog("y", 0, NULL);
	ck_assert_int_eq(curr(0), a);
	ck_assert_int_eq(curr(1), b);
	now = sim_now();
	kfix_bfs_set_deadline(z, now + MS(5));
	kfix_bfs_set_deadline(x, now + MS(1));
	kfix_bfs_set_deadline(y, now + MS(2));
	kfix_bfs_set_deadline(a, now + MS(30));
	kfix_bfs_set_deadline(b, now + MS(30));
	kfix_bfs_set_time_slice(a, RESCHED_NS);
	t_run(MS(1));
	ck_assert_int_eq(curr(0), y);
	ck_assert_int_eq(curr(1), b);
	kfix_bfs_set_time_slice(b, RESCHED_NS);
	t_run(MS(1));
	ck_assert_int_eq(curr(1), x);
}
END_TEST

/*
 * A FIFO 10 hog runs; a normal task with a deadline in the past (1 ns
 * after boot) wakes: it does not preempt, and has not run 50 ms later.
 * RT tasks come first whatever the deadlines.
 */
START_TEST(bfs_rt_runs_before_any_deadline)
{
	int f, s;

	boot(1);
	s = sleeper(0, 0, 0x1, MS(3), 1);
	f = spawn("fifo", SIM_SCHED_FIFO, 10, 0, NULL, t_body_hog);
	t_run(MS(1));
	ck_assert_int_eq(curr(0), f);
	ck_assert_int_eq(sim_wake(s), 0);
	t_run(MS(50));
	ck_assert_int_eq(curr(0), f);
	ck_assert_uint_eq(runtime(s), 0);
}
END_TEST

/* ---- wake-ups ------------------------------------------------------------ */

/*
 * 2 CPUs running hogs A (cpu0, deadline now + 25 ms) and B (cpu1, now +
 * 30 ms).  A task that last ran on cpu0, allowed on both, wakes with
 * deadline now + 20 ms and slice left: it preempts cpu1, whose task has
 * the latest deadline - not cpu0, where it last ran and whose task it
 * beats too.
 */
START_TEST(bfs_wake_preempts_the_latest_deadline)
{
	unsigned long long now;
	int a, b, s;

	boot(2);
	s = sleeper(0, 0, 0x3, MS(3), 0);
	a = hog("a", 0, "0");
	b = hog("b", 0, "1");
	t_run(MS(2));
	ck_assert_int_eq(curr(0), a);
	ck_assert_int_eq(curr(1), b);
	now = sim_now();
	kfix_bfs_set_deadline(a, now + MS(25));
	kfix_bfs_set_deadline(b, now + MS(30));
	kfix_bfs_set_deadline(s, now + MS(20));
	ck_assert_int_eq(sim_wake(s), 0);
	t_run(MS(1));
	ck_assert_int_eq(curr(1), s);
	ck_assert_int_eq(curr(0), a);
}
END_TEST

/* schedule() calls so far on every CPU: schedstat's sched_cnt, summed. */
static unsigned long long schedule_calls(void)
{
	const char *line = sim_schedstat();
	unsigned long long sum = 0, v[7];
	int cpu;

	while ((line = strstr(line, "\ncpu")) != NULL) {
		line++;
		ck_assert_int_eq(sscanf(line, "cpu%d %llu %llu %llu %llu %llu "
					"%llu %llu", &cpu, &v[0], &v[1], &v[2],
					&v[3], &v[4], &v[5], &v[6]), 8);
		sum += v[6];
	}
	return sum;
}

/*
 * As above, but the woken task's deadline (now + 40 ms) is later than
 * both running ones (whose slices, 5 ms left, do not run out): it
 * preempts nobody - no CPU even reschedules - and waits.
 */
START_TEST(bfs_wake_later_deadline_preempts_nothing)
{
	unsigned long long now, calls;
	int a, b, s;

	boot(2);
	s = sleeper(0, 0, 0x3, MS(3), 0);
	a = hog("a", 0, "0");
	b = hog("b", 0, "1");
	t_run(MS(2));
	now = sim_now();
	kfix_bfs_set_deadline(a, now + MS(25));
	kfix_bfs_set_deadline(b, now + MS(30));
	kfix_bfs_set_deadline(s, now + MS(40));
	kfix_bfs_set_time_slice(a, MS(5));
	kfix_bfs_set_time_slice(b, MS(5));
	calls = schedule_calls();
	ck_assert_int_eq(sim_wake(s), 0);
	t_run(MS(1));
	ck_assert_uint_eq(schedule_calls(), calls);
	ck_assert_int_eq(curr(0), a);
	ck_assert_int_eq(curr(1), b);
	ck_assert_int_eq(t_info(s).state, 'Q');
}
END_TEST

/*
 * 2 idle CPUs; a task that last ran on cpu1, allowed on both, wakes: it
 * runs on cpu1, its last CPU, not on the first idle one.
 */
START_TEST(bfs_wake_takes_its_last_cpu_when_idle)
{
	int s;

	boot(2);
	s = sleeper(0, 1, 0x3, MS(3), 0);
	ck_assert_int_eq(sim_wake(s), 0);
	t_run(MS(1));
	ck_assert_int_eq(curr(1), s);
}
END_TEST

/*
 * 2 CPUs: hog A runs on cpu0 (allowed on both), cpu1 idles; a FIFO 10
 * task pinned to cpu0 wakes and preempts A there.  A, left waiting,
 * takes idle cpu1 at once (BFS's resched_suitable_idle()).
 */
START_TEST(bfs_preempted_task_takes_an_idle_cpu)
{
	int a, r;

	boot(2);
	r = spawn("rt", SIM_SCHED_FIFO, 10, 0, "0", body_sleep_then_hog);
	a = hog("a", 0, "0");
	t_run(MS(2));
	ck_assert_int_eq(curr(0), a);
	ck_assert_int_eq(t_info(r).state, 'S');
	ck_assert_int_eq(kfix_bfs_set_allowed(a, 0x3), 0);
	ck_assert_int_eq(sim_wake(r), 0);
	t_run(MS(1));
	ck_assert_int_eq(curr(0), r);
	ck_assert_int_eq(curr(1), a);
}
END_TEST

/* ---- one queue ----------------------------------------------------------- */

/*
 * 2 CPUs, three nice 0 hogs, 3 s: one queue serves both CPUs, so each
 * hog gets 2/3 of a CPU, 2 s, within 10%.  Per-CPU queues without
 * balancing would give two of them 1.5 s and the third 3 s.
 */
START_TEST(bfs_one_queue_three_hogs_share_two_cpus)
{
	int pid[3], k;

	boot(2);
	for (k = 0; k < 3; k++)
		pid[k] = hog("hog", 0, NULL);
	t_run(SEC(3));
	for (k = 0; k < 3; k++) {
		ck_assert_uint_ge(runtime(pid[k]), MS(1800));
		ck_assert_uint_le(runtime(pid[k]), MS(2200));
	}
}
END_TEST

/*
 * 3 CPUs: hogs A (running) and B (waiting) pinned to cpu0, cpu1 idle, a
 * script task on cpu2 that lets B run on cpu0 and cpu1
 * (sched_setaffinity()) and burns on.  B runs on cpu1 at once: a task
 * whose mask grows to an idle CPU is offered it.
 */
/* The task whose mask body_widen() grows to cpu0 and cpu1. */
static int widen_pid;

/* Lets widen_pid run on cpu0 and cpu1, then burns on, never sleeping. */
static void body_widen(void *unused)
{
	ck_assert_int_eq(kfix_bfs_set_cpus_allowed(widen_pid, 0x3), 0);
	for (;;)
		sim_burn(SEC(1));
}

/*
 * 3 CPUs: hogs A (running) and B (waiting) pinned to cpu0, cpu1 idle.
 * A task on cpu2 lets B run on cpu0 and cpu1 (set_cpus_allowed(), as
 * sched_setaffinity() does) and burns on: nothing reschedules, yet B
 * runs on cpu1 at once - a task whose mask grows to an idle CPU is
 * offered it.
 */
START_TEST(bfs_affinity_grown_to_an_idle_cpu_runs_there)
{
	int w;

	boot(3);
	hog("a", 0, "0");
	widen_pid = hog("b", 0, "0");
	t_run(MS(2));
	ck_assert_int_eq(t_info(widen_pid).state, 'Q');
	w = spawn("widen", SIM_SCHED_NORMAL, 0, 0, "2", body_widen);
	t_run(MS(1));
	ck_assert_int_eq(curr(2), w);
	ck_assert_int_eq(curr(1), widen_pid);
}
END_TEST

/* ---- sharing ------------------------------------------------------------- */

/*
 * One CPU, two nice 0 hogs: they take turns of exactly one slice,
 * 6 ms, each refill putting the runner's deadline behind the other's.
 */
START_TEST(bfs_equal_hogs_alternate_every_rr_interval)
{

	int a, b, last, ms, turns = 0, since = -1;

	boot(1);
	a = hog("a", 0, NULL);
	b = hog("b", 0, NULL);
	t_run(MS(20));
	last = curr(0);
	for (ms = 0; ms < 120; ms++) {
		t_run(MS(1));
		if (since >= 0)
			since++;
		if (curr(0) == last)
			continue;
		/* the first turn seen may have begun before the watch */
		if (since >= 0)
			ck_assert_int_eq(since, RR_INTERVAL_MS);
		ck_assert(curr(0) == a || curr(0) == b);
		last = curr(0);
		since = 0;
		turns++;
	}
	ck_assert_int_ge(turns, 19);
}
END_TEST

/*
 * One CPU, a nice 0 and a nice 10 hog, 10 s: CPU shares in the ratio
 * (2161 - 836) : 128 = 10.35 : 1, within 10%.  (Measured: 11.08 : 1.
 * Whole slices: after each nice 10 slice the nice 0 hog runs until its
 * refilled deadline passes nice 10's, 101.3 - 39.2 = 62.1 ms, which is
 * 11 slices of 6 ms, the last one refilled just behind.)
 */
START_TEST(bfs_share_nice0_nice10_by_ratio_difference)
{
	unsigned long long r0, r10;
	double ratio, want = (RATIO_NICE_10 - RATIO_NICE_0) / 128.0;
	int h0, h10;

	boot(1);
	h0 = hog("nice0", 0, NULL);
	h10 = hog("nice10", 10, NULL);
	t_run(SEC(10));
	r0 = runtime(h0);
	r10 = runtime(h10);
	ck_assert_uint_gt(r10, 0);
	ratio = (double)r0 / r10;
	ck_assert_msg(ratio >= want * 0.9 && ratio <= want * 1.1,
		      "nice 0 ran %llu ms, nice 10 %llu ms: %.2f : 1, "
		      "want %.2f : 1", r0 / MS(1), r10 / MS(1), ratio, want);
}
END_TEST

/* ---- fork and yield ------------------------------------------------------ */

/*
 * A nice 0 script task with 4 ms of slice left and deadline T + 10 ms
 * forks: the child takes 2 ms, half of it, and the deadline T + 10 ms;
 * the parent keeps the other 2 ms.
 */
START_TEST(bfs_fork_child_takes_half_slice_and_deadline)
{
	unsigned long long d;
	long child;
	int p;

	boot(1);
	p = t_spawn_script("parent", SIM_SCHED_NORMAL, 0, 0);
	t_run(MS(1));
	d = sim_now() + MS(10);
	ck_assert_int_eq(kfix_bfs_set_time_slice(p, MS(4)), 0);
	ck_assert_int_eq(kfix_bfs_set_deadline(p, d), 0);
	child = t_cmd(p, SIM_CMD_FORK, 0, 0, 0, 0);
	ck_assert_int_gt(child, 0);
	ck_assert_uint_eq(rd(child).deadline, d);
	ck_assert_int_eq(rd(child).time_slice, MS(2));
	ck_assert_int_eq(rd(p).time_slice, MS(2));
	ck_assert_uint_eq(rd(p).deadline, d);
}
END_TEST

/*
 * A nice 0 script task yields at T with slice left and an early
 * deadline: sched_yield() gives it a new slice and the deadline
 * T + 39.1875 ms, behind a waiting hog's (T + 20 ms), which runs next.
 */
START_TEST(bfs_yield_takes_a_new_deadline)
{
	unsigned long long t;
	int y, h;

	boot(1);
	y = t_spawn_script("yielder", SIM_SCHED_NORMAL, 0, 0);
	h = hog("hog", 0, NULL);
	t_run(MS(1));
	t = sim_now();
	ck_assert_int_eq(kfix_bfs_set_deadline(y, t + MS(1)), 0);
	ck_assert_int_eq(kfix_bfs_set_time_slice(y, MS(5)), 0);
	ck_assert_int_eq(kfix_bfs_set_deadline(h, t + MS(20)), 0);
	ck_assert_int_eq(t_syscall(y, SIM_SYS_sched_yield, 0, 0, 0), 0);
	ck_assert_uint_eq(rd(y).deadline, t + 39187500ULL);
	ck_assert_int_eq(rd(y).time_slice, MS(RR_INTERVAL_MS));
	ck_assert_int_eq(curr(0), h);
}
END_TEST

/* ---- nice ---------------------------------------------------------------- */

/*
 * A nice 0 script task makes itself nice 10 (nice()): its deadline stays
 * as it was; the refill at the end of its slice puts the next one
 * 2161 * 6 ms / 128 = 101.296875 ms ahead.
 */
START_TEST(bfs_nice_shapes_the_next_deadline)
{
	unsigned long long d, last;
	int s, ms;

	boot(1);
	s = t_spawn_script("s", SIM_SCHED_NORMAL, 0, 0);
	t_run(MS(1));
	d = rd(s).deadline;
	ck_assert_int_eq(t_syscall(s, SIM_SYS_nice, 10, 0, 0), 0);
	ck_assert_uint_eq(rd(s).deadline, d);
	ck_assert_int_eq(sim_cmd(s, SIM_CMD_BURN, MS(100), 0, 0, 0), 0);
	last = d;
	for (ms = 0; ms < 20 && rd(s).deadline == last; ms++)
		t_run(MS(1));
	ck_assert_uint_eq(rd(s).deadline, sim_now() + 101296875ULL);
}
END_TEST

/* ---- rr_interval --------------------------------------------------------- */

/*
 * /sys/cpusched/bfs/rr_interval takes 1..1000 ms: 0 and 1001 are refused
 * and leave it as it was; 1 and 1000 are taken.
 */
START_TEST(bfs_rr_interval_range_is_1_to_1000_ms)
{
	const char *path = "/sys/cpusched/bfs/rr_interval";
	char buf[32];

	boot(1);
	ck_assert_int_ne(sim_sysfs_write(path, "0"), 0);
	ck_assert_int_ne(sim_sysfs_write(path, "1001"), 0);
	ck_assert_int_gt(sim_sysfs_read(path, buf, sizeof(buf)), 0);
	ck_assert_int_eq(atoi(buf), RR_INTERVAL_MS);
	ck_assert_int_eq(sim_sysfs_write(path, "1"), 0);
	ck_assert_int_eq(sim_sysfs_write(path, "1000"), 0);
	ck_assert_int_gt(sim_sysfs_read(path, buf, sizeof(buf)), 0);
	ck_assert_int_eq(atoi(buf), 1000);
}
END_TEST

/*
 * sched_rr_get_interval() says rr_interval for SCHED_RR and
 * SCHED_NORMAL tasks of any nice (6 ms; 20 ms once the tunable says
 * 20), 0 for SCHED_FIFO.
 */
START_TEST(bfs_rr_get_interval_is_rr_interval)
{
	int s, rr, fifo;

	boot(1);
	s = t_spawn_script("s", SIM_SCHED_NORMAL, 0, 19);
	rr = t_spawn_script("rr", SIM_SCHED_RR, 10, 0);
	fifo = t_spawn_script("fifo", SIM_SCHED_FIFO, 10, 0);
	ck_assert_uint_eq(t_rr_interval_ns(s, 0), MS(RR_INTERVAL_MS));
	ck_assert_uint_eq(t_rr_interval_ns(s, rr), MS(RR_INTERVAL_MS));
	ck_assert_uint_eq(t_rr_interval_ns(s, fifo), 0);
	set_rr_interval("20");
	ck_assert_uint_eq(t_rr_interval_ns(s, 0), MS(20));
}
END_TEST

/* ---- what the driver promises -------------------------------------------- */

/*
 * starvation_bound(n) in jiffies at HZ 1000: nice 19's offset in ms,
 * 5089 * rr / 128 (+ 1), then n slices of rr + 1 tick, + 1:
 *   rr 6:  238 + 1 = 239; n = 6: 239 + 6 * 7 + 1 = 282; n = 1: 247
 *   rr 10: 397 + 1 = 398; n = 4: 398 + 4 * 11 + 1 = 443
 *   n = 0: 0
 */
static const struct {
	const char *rr;
	unsigned long nr_running, bound;
} bound_table[] = {
	{ "6", 0, 0 },
	{ "6", 1, 247 },
	{ "6", 6, 282 },
	{ "10", 4, 443 },
};

#define NR_BOUNDS	((int)(sizeof(bound_table) / sizeof(bound_table[0])))

START_TEST(bfs_starvation_bound_formula)
{
	boot(1);
	set_rr_interval(bound_table[_i].rr);
	ck_assert_uint_eq(kfix_starvation_bound(bound_table[_i].nr_running),
			  bound_table[_i].bound);
}
END_TEST

/* The OOM killer's victim gets a slice of one second. */
START_TEST(bfs_oom_victim_gets_a_second)
{
	int h;

	boot(1);
	h = hog("victim", 0, NULL);
	t_run(MS(1));
	ck_assert_int_eq(kfix_bfs_oom(h), 0);
	ck_assert_int_eq(rd(h).time_slice, SEC(1));
}
END_TEST

/* ---- the driver's own check ---------------------------------------------- */

/*
 * Two nice 0 hogs on one CPU, 5 ms in: the check passes, and the one
 * queued but not running is returned.
 */
static int queued_hog(void)
{
	int a, b, q;

	boot(1);
	a = hog("hog", 0, NULL);
	b = hog("hog", 0, NULL);
	t_run(MS(5));
	q = curr(0) == a ? b : a;
	ck_assert_int_eq(t_info(q).state, 'Q');
	ck_assert_int_eq(sim_check(), 0);
	return q;
}

/*
 * 2 CPUs: hogs A (running) and B (waiting) pinned to cpu0, and with
 * @busy a hog C on cpu1, 5 ms in: the check passes; B is returned.
 */
static int waiting_on_cpu0(int busy)
{
	int a, b;

	boot(2);
	a = hog("a", 0, "0");
	b = hog("b", 0, "0");
	if (busy)
		hog("c", 0, "1");
	t_run(MS(5));
	ck_assert_int_eq(curr(0), a);
	ck_assert_int_eq(sim_check(), 0);
	return b;
}

static void assert_reported(const char *want)
{
	ck_assert_int_ne(sim_check(), 0);
	ck_assert_msg(strstr(sim_report(), want) != NULL,
		      "report \"%s\" lacks \"%s\"", sim_report(), want);
}

/*
 * A queued task whose ->prio (110) is not its effective one (120), and
 * one that is not marked on_rq: each reported on its own.
 */
static const struct {
	int prio, on_rq;
} bad_mark[] = {
	{ 110, 1 },
	{ 120, 0 },
};

START_TEST(bfs_check_reports_queued_task_out_of_place)
{
	char want[80];
	int q = queued_hog();

	ck_assert_int_eq(kfix_bfs_break_prio(q, bad_mark[_i].prio), 0);
	ck_assert_int_eq(kfix_bfs_break_on_rq(q, bad_mark[_i].on_rq), 0);
	snprintf(want, sizeof(want), "hog/%d queued at level 100, prio %d "
		 "(effective 120), on_rq %d", q, bad_mark[_i].prio,
		 bad_mark[_i].on_rq);
	assert_reported(want);
}
END_TEST

/* A queued normal task without a deadline (0). */
START_TEST(bfs_check_reports_deadline_unset)
{
	char want[64];
	int q = queued_hog();

	ck_assert_int_eq(kfix_bfs_set_deadline(q, 0), 0);
	snprintf(want, sizeof(want), "hog/%d has deadline 0 at", q);
	assert_reported(want);
}
END_TEST

/*
 * A queued deadline further ahead than any refill puts one: nice 19 at
 * rr_interval 1000 ms is 5089 * 1000 ms / 128 = 39.7578125 s ahead.
 */
START_TEST(bfs_check_reports_deadline_too_far)
{
	char want[64];
	int q = queued_hog();

	ck_assert_int_eq(kfix_bfs_set_deadline(q, sim_now() + 39757812500ULL),
			 0);
	ck_assert_int_eq(sim_check(), 0);
	ck_assert_int_eq(kfix_bfs_set_deadline(q, sim_now() + 39757812501ULL),
			 0);
	snprintf(want, sizeof(want), "hog/%d has deadline", q);
	assert_reported(want);
}
END_TEST

/*
 * A queued task's slice is never out (under 100 us: the tick and the
 * switch refill it) nor longer than 1000 ms.
 */
static const long long bad_slice[] = { RESCHED_NS - 1, MS(1000) + 1 };

START_TEST(bfs_check_reports_slice_out_of_range)
{
	char want[64];
	int q = queued_hog();

	ck_assert_int_eq(kfix_bfs_set_time_slice(q, bad_slice[_i]), 0);
	snprintf(want, sizeof(want), "hog/%d has %lld ns of slice left", q,
		 bad_slice[_i]);
	assert_reported(want);
}
END_TEST

/* The running task stays queued in bfs: one that is not is reported. */
START_TEST(bfs_check_reports_running_task_not_queued)
{
	char want[64];
	int r;

	queued_hog();
	r = curr(0);
	ck_assert_int_eq(kfix_bfs_break_on_rq(r, 0), 0);
	snprintf(want, sizeof(want), "cpu0: running hog/%d is not queued", r);
	assert_reported(want);
}
END_TEST

/*
 * 2 CPUs: hogs A (running) and B (queued) pinned to cpu0, C on cpu1; B
 * is accounted on cpu1 behind the driver's back (task_cpu() moves, the
 * counts do not): cpu0 counts one task less than its nr_running.
 */
START_TEST(bfs_check_reports_count_off_per_cpu)
{
	int b = waiting_on_cpu0(1);

	ck_assert_int_eq(kfix_bfs_break_cpu(b, 1), 0);
	assert_reported("cpu0: 1 queued, nr_running 2");
}
END_TEST

/*
 * 2 CPUs, hogs A (running) and B pinned to cpu0, C on cpu1: the running
 * A is accounted on cpu1 behind the driver's back.
 */
START_TEST(bfs_check_reports_running_task_accounted_elsewhere)
{
	char want[64];
	int a;

	waiting_on_cpu0(1);
	a = curr(0);
	ck_assert_int_eq(kfix_bfs_break_cpu(a, 1), 0);
	snprintf(want, sizeof(want), "cpu0: running a/%d is accounted on "
		 "cpu1", a);
	assert_reported(want);
}
END_TEST

/*
 * FIFO 50 running, FIFO 40 alone at level 59, a normal hog at 100; the
 * FIFO 40 one is moved onto level 100's list behind the driver's back:
 * level 59's bit is set over an empty list.
 */
START_TEST(bfs_check_reports_empty_level)
{
	int f, n;

	boot(1);
	spawn("fifo50", SIM_SCHED_FIFO, 50, 0, NULL, t_body_hog);
	f = spawn("fifo40", SIM_SCHED_FIFO, 40, 0, NULL, t_body_hog);
	n = hog("normal", 0, NULL);
	t_run(MS(5));
	ck_assert_int_eq(sim_check(), 0);
	ck_assert_int_eq(kfix_bfs_break_move(f, n), 0);
	assert_reported("level 59: bit set, queue empty");
}
END_TEST

/*
 * 2 CPUs: A runs and B waits, both pinned to cpu0; cpu1 idles.  B is
 * allowed on cpu1 behind the driver's back: cpu1 now idles while a task
 * it may run waits and no CPU is coming for it.
 */
START_TEST(bfs_check_reports_idle_cpu_while_a_task_waits)
{
	char want[64];
	int b = waiting_on_cpu0(0);

	ck_assert_int_eq(kfix_bfs_set_allowed(b, 0x3), 0);
	snprintf(want, sizeof(want), "cpu1 idles while b/%d waits, no CPU "
		 "coming for it", b);
	assert_reported(want);
}
END_TEST

/*
 * Every runqueue's lock is the global queue's: cpu1's put back on its
 * own is reported (the serial machine would never notice otherwise).
 */
START_TEST(bfs_check_reports_a_runqueue_lock_of_its_own)
{
	boot(2);
	t_run(MS(1));
	ck_assert_int_eq(sim_check(), 0);
	ck_assert_int_eq(kfix_bfs_break_lock(1), 0);
	assert_reported("cpu1: its runqueue lock is not the global queue's");
}
END_TEST

/* The idle task is below every level (140) and never queued. */
START_TEST(bfs_check_reports_idle_task_out_of_place)
{
	static const int prio[] = { 139, 140 }, on_rq[] = { 0, 1 };
	char want[64];

	boot(2);
	t_run(MS(1));
	ck_assert_int_eq(kfix_bfs_break_idle(1, prio[_i], on_rq[_i]), 0);
	snprintf(want, sizeof(want), "cpu1: idle task at prio %d, on_rq %d",
		 prio[_i], on_rq[_i]);
	assert_reported(want);
}
END_TEST

/* ---- the suite ----------------------------------------------------------- */

static Suite *bfs_suite(void)
{
	Suite *s = suite_create("bfs");
	TCase *tc;

	tc = tcase_create("deadline");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_loop_test(tc, bfs_refill_deadline_is_ratio_times_rr_interval,
			    0, NR_RATIOS);
	tcase_add_test(tc, bfs_refill_scales_with_rr_interval);
	tcase_add_test(tc, bfs_wake_keeps_deadline_with_slice_left);
	tcase_add_test(tc, bfs_slice_out_refills_at_the_tick);
	suite_add_tcase(s, tc);

	tc = tcase_create("pick");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, bfs_pick_earliest_deadline_among_allowed);
	tcase_add_test(tc, bfs_rt_runs_before_any_deadline);
	suite_add_tcase(s, tc);

	tc = tcase_create("wake");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, bfs_wake_preempts_the_latest_deadline);
	tcase_add_test(tc, bfs_wake_later_deadline_preempts_nothing);
	tcase_add_test(tc, bfs_wake_takes_its_last_cpu_when_idle);
	tcase_add_test(tc, bfs_preempted_task_takes_an_idle_cpu);
	suite_add_tcase(s, tc);

	tc = tcase_create("share");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, bfs_one_queue_three_hogs_share_two_cpus);
	tcase_add_test(tc, bfs_affinity_grown_to_an_idle_cpu_runs_there);
	tcase_add_test(tc, bfs_equal_hogs_alternate_every_rr_interval);
	tcase_add_test(tc, bfs_share_nice0_nice10_by_ratio_difference);
	suite_add_tcase(s, tc);

	tc = tcase_create("fork_yield_nice");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, bfs_fork_child_takes_half_slice_and_deadline);
	tcase_add_test(tc, bfs_yield_takes_a_new_deadline);
	tcase_add_test(tc, bfs_nice_shapes_the_next_deadline);
	suite_add_tcase(s, tc);

	tc = tcase_create("promises");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, bfs_rr_interval_range_is_1_to_1000_ms);
	tcase_add_test(tc, bfs_rr_get_interval_is_rr_interval);
	tcase_add_loop_test(tc, bfs_starvation_bound_formula, 0, NR_BOUNDS);
	tcase_add_test(tc, bfs_oom_victim_gets_a_second);
	suite_add_tcase(s, tc);

	tc = tcase_create("check");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_loop_test(tc, bfs_check_reports_queued_task_out_of_place, 0,
			    2);
	tcase_add_test(tc, bfs_check_reports_deadline_unset);
	tcase_add_test(tc, bfs_check_reports_deadline_too_far);
	tcase_add_loop_test(tc, bfs_check_reports_slice_out_of_range, 0, 2);
	tcase_add_test(tc, bfs_check_reports_running_task_not_queued);
	tcase_add_test(tc, bfs_check_reports_count_off_per_cpu);
	tcase_add_test(tc, bfs_check_reports_running_task_accounted_elsewhere);
	tcase_add_test(tc, bfs_check_reports_empty_level);
	tcase_add_test(tc, bfs_check_reports_idle_cpu_while_a_task_waits);
	tcase_add_loop_test(tc, bfs_check_reports_idle_task_out_of_place, 0,
			    2);
	tcase_add_test(tc, bfs_check_reports_a_runqueue_lock_of_its_own);
	suite_add_tcase(s, tc);

	return s;
}

int main(void)
{
	return t_run_suite_on(bfs_suite(), "bfs");
}
