/*
 * tests/unit/check_cfs.c - the cfs driver's published rules, one per
 * test, with the numbers derived where they are used.
 *
 * The rules (drivers/cfs.c's design note):
 *   - CPU time is shared in proportion to the nice weights (1024 at
 *     nice 0, 335 at nice 5, 110 at nice 10);
 *   - each task runs its slice, period * weight / the queue's weight,
 *     where the period is sched_latency, or nr_running * min_granularity
 *     with more than sched_latency / min_granularity tasks; the tick ends
 *     it at the first tick past it (HZ 1000: a slice of s ms runs
 *     floor(s) + 1 ticks);
 *   - the leftmost task (smallest vruntime) runs next;
 *   - min_vruntime never decreases;
 *   - a new task starts at min_vruntime plus its virtual slice
 *     (start_debit), a waking one at no less than min_vruntime -
 *     sched_latency / 2 (gentle_fair_sleepers; the whole latency
 *     without);
 *   - a woken task preempts only if its vruntime is below the running
 *     task's by more than wakeup_granularity in its own virtual time;
 *   - yield puts a task behind every other;
 *   - a task moved to another CPU keeps its distance from min_vruntime;
 *   - the tunables, in ns, refuse values out of range.
 *
 * Times come from the machine (sim_task_info, sim_cpu_info); virtual
 * runtimes and min_vruntime through kfix_cfs.  HZ is 1000: a tick is
 * 1 ms, and every hog switches at a tick, so the machine is sampled half
 * way between ticks.  Not tested here: what the conformance suite holds
 * every driver to (RT strictness, affinity, PI, counts).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "testlib.h"
#include "kfix_cfs.h"
#include "kfixtures.h"

#define CMDLINE		"cpusched=cfs"
#define TICK		MS(1)
#define HALF_TICK	(TICK / 2)

/* The defaults, ns. */
#define LATENCY		MS(6)
#define MIN_GRAN	750000ULL
#define WAKEUP_GRAN	MS(1)

#define TUNABLE(name)	"/sys/cpusched/cfs/" name

/* ---- fixtures and helpers ------------------------------------------------ */

static void teardown(void)
{
	t_shutdown();
}

static void boot(int cpus)
{
	t_boot(cpus, CMDLINE);
	ck_assert_int_eq(kfix_cfs_available(), 1);
	/* half way between ticks from now on */
	t_run(HALF_TICK);
}

static void set_tunable(const char *name, unsigned long long value)
{
	char path[96], text[32];

	snprintf(path, sizeof(path), TUNABLE("%s"), name);
	snprintf(text, sizeof(text), "%llu", value);
	ck_assert_msg(sim_sysfs_write(path, text) == 0, "write %s %s", path,
		      text);
}

static int hog(int nice)
{
	return t_spawn("hog", SIM_SCHED_NORMAL, 0, nice, t_body_hog, NULL);
}

static int pinned_hog(const char *cpus, int nice)
{
	struct sim_task_attr a;
	int pid;

	sim_task_attr_init(&a);
	a.name = "hog";
	a.cpus = cpus;
	a.nice = nice;
	pid = sim_spawn(&a, t_body_hog, NULL);
	ck_assert_int_gt(pid, 0);
	return pid;
}

static int curr_pid(int cpu)
{
	struct sim_cpu_info ci;

	ck_assert_int_eq(sim_cpu_info(cpu, &ci), 0);
	return ci.curr_pid;
}

static struct kfix_cfs fields(int pid)
{
	struct kfix_cfs f;

	ck_assert_int_eq(kfix_cfs_read(pid, &f), 0);
	return f;
}

static long long lag(int pid, int cpu)
{
	long long l;

	ck_assert_int_eq(kfix_cfs_lag(pid, cpu, &l), 0);
	return l;
}

static unsigned long long min_vruntime(int cpu)
{
	unsigned long long m;

	ck_assert_int_eq(kfix_cfs_min_vruntime(cpu, &m), 0);
	return m;
}

static unsigned long long runtime(int pid)
{
	return t_info(pid).runtime_ns;
}

static unsigned long nivcsw(int pid)
{
	return t_info(pid).nivcsw;
}

/* @a within @tol of @b */
#define assert_near(a, b, tol)						\
	do {								\
		long long __a = (a), __b = (b), __t = (tol);		\
									\
		ck_assert_msg(__a + __t >= __b && __a <= __b + __t,	\
			      "%s = %lld, expected %lld +- %lld", #a,	\
			      __a, __b, __t);				\
	} while (0)

/*
 * The runs of each task on CPU 0, sampled once a tick half way between
 * ticks for @ticks ticks: the lengths, in ticks, of the runs that began
 * and ended inside the window.  Runs of @pid are written to @len, at
 * most @max; returns how many.
 */
static int runs_of(int pid, int ticks, int *len, int max)
{
	int i, n = 0, run = 0, prev = -1, started = 0;

	for (i = 0; i < ticks; i++) {
		int cur = curr_pid(0);

		if (cur != prev) {
			if (prev == pid && started && n < max)
				len[n++] = run;
			started = prev != -1;
			run = 0;
		}
		run++;
		prev = cur;
		t_run(TICK);
	}
	return n;
}

/* ---- shares -------------------------------------------------------------- */

/*
 * Two nice 0 hogs on one CPU, one second: 500 ms each.  Each runs its
 * 3 ms slice in turn: within one turn.
 */
START_TEST(cfs_two_nice0_hogs_share_equally)
{
	int a, b;
	unsigned long long ra, rb;

	boot(1);
	a = hog(0);
	b = hog(0);
	t_run(SEC(1));
	ra = runtime(a);
	rb = runtime(b);
	assert_near(ra, MS(500), MS(3));
	assert_near(rb, MS(500), MS(3));
}
END_TEST

/*
 * Hogs of nice 0 and nice N on one CPU share it 1024 : weight(N), over
 * 3 s after a second to settle: nice 1 55.5%, nice 5 75.4%, nice 10
 * 90.3% for the nice 0 one, within 1% of the 3 s.
 */
static const struct {
	int nice;
	unsigned int weight;
} share_table[] = {
	{ 1, 820 },
	{ 5, 335 },
	{ 10, 110 },
};

START_TEST(cfs_nice_shares_follow_the_weights)
{
	int a, b, nice = share_table[_i].nice;
	unsigned long long ra, rb;
	double want;

	boot(1);
	a = hog(0);
	b = hog(nice);
	t_run(SEC(1));
	ra = runtime(a);
	rb = runtime(b);
	t_run(SEC(3));
	ra = runtime(a) - ra;
	rb = runtime(b) - rb;
	want = 3e9 * 1024 / (1024 + share_table[_i].weight);
	assert_near(ra, (long long)want, MS(30));
	assert_near(rb, (long long)(3e9 - want), MS(30));
}
END_TEST

/* ---- slices -------------------------------------------------------------- */

/*
 * With sched_latency 9 ms and min_granularity 2.5 ms (so the period
 * stretches past ceil(9 / 2.5) = 4 tasks), N nice 0 hogs each run a
 * slice of max(9 / N, 2.5) ms, ended at the first tick that reaches it
 * (the slice, divided by the 32-bit inverse of the weight, comes out a
 * few ns short: a whole number of ticks ends on its last tick):
 *   N = 2: 4.5 ms -> 5 ticks; N = 4: 2.25 ms -> 3; N = 6: the period
 *   is 6 * 2.5 = 15 ms, 2.5 ms -> 3 (9 / 6 = 1.5 ms would give 2).
 */
static const struct {
	int nr, ticks;
} slice_table[] = {
	{ 2, 5 },
	{ 4, 3 },
	{ 6, 3 },
};

START_TEST(cfs_slice_is_the_share_of_the_period)
{
	int pid[8], len[64], i, n;

	boot(1);
	set_tunable("sched_latency_ns", MS(9));
	set_tunable("sched_min_granularity_ns", 2500000);
	for (i = 0; i < slice_table[_i].nr; i++)
		pid[i] = hog(0);
	t_run(MS(100));
	n = runs_of(pid[0], 300, len, 64);
	ck_assert_int_ge(n, 5);
	for (i = 0; i < n; i++)
		ck_assert_msg(len[i] == slice_table[_i].ticks,
			      "run %d of %d ticks, expected %d", i, len[i],
			      slice_table[_i].ticks);
}
END_TEST

/*
 * sched_setscheduler(SCHED_NORMAL) of a fair task that stays fair,
 * asked by a FIFO task on CPU 1 at every tick for 300 ticks, changes
 * nothing of its turn: two nice 0 hogs on CPU 0 (latency 9 ms,
 * min_granularity 2.5 ms) still run turns of 5 ticks.  Only a task
 * entering the fair class is placed as a waking one with a new turn.
 */
START_TEST(cfs_setscheduler_within_the_class_keeps_the_turn)
{
	struct sim_task_attr at;
	int a, s, i, n = 0, run = 0, prev = -1, len[64];
	unsigned long param;

	boot(2);
	set_tunable("sched_latency_ns", MS(9));
	set_tunable("sched_min_granularity_ns", 2500000);
	a = pinned_hog("0", 0);
	pinned_hog("0", 0);
	sim_task_attr_init(&at);
	at.name = "s";
	at.cpus = "1";
	at.policy = SIM_SCHED_FIFO;
	at.rt_priority = 10;
	s = sim_spawn_script(&at);
	ck_assert_int_gt(s, 0);
	param = sim_user_map(s, sizeof(int));
	ck_assert_int_ne(param, 0);
	ck_assert_int_eq(sim_user_write(s, param, &n, sizeof(n)), 0);
	t_run(MS(100));
	for (i = 0; i < 300; i++) {
		int cur = curr_pid(0);

		if (cur != prev) {
			if (prev == a && i > 1 && n < 64)
				len[n++] = run;
			run = 0;
		}
		run++;
		prev = cur;
		ck_assert_int_eq(t_syscall(s, SIM_SYS_sched_setscheduler, cur,
					   SIM_SCHED_NORMAL, param), 0);
		t_run(TICK);
	}
	ck_assert_int_ge(n, 5);
	for (i = 0; i < n; i++)
		ck_assert_msg(len[i] == 5, "run %d of %d ticks, expected 5", i,
			      len[i]);
}
END_TEST

/*
 * Nice 0 and nice 5 hogs, default tunables: the slices are 6 ms * 1024
 * / 1359 = 4.52 ms (5 ticks) and 6 ms * 335 / 1359 = 1.48 ms (2 ticks).
 * The nice 5 one gains 2 ms * 1024 / 335 = 6.1 ms of vruntime a turn,
 * the nice 0 one 5 ms, so the nice 0 one sometimes runs two turns in a
 * row (10 ticks seen), the nice 5 one never.
 */
START_TEST(cfs_slice_follows_the_weight)
{
	int a, b, len[64], i, n;

	boot(1);
	a = hog(0);
	b = hog(5);
	t_run(MS(100));
	n = runs_of(b, 300, len, 64);
	ck_assert_int_ge(n, 20);
	for (i = 0; i < n; i++)
		ck_assert_msg(len[i] == 2, "nice 5 run %d of %d ticks", i,
			      len[i]);
	n = runs_of(a, 300, len, 64);
	ck_assert_int_ge(n, 20);
	for (i = 0; i < n; i++)
		ck_assert_msg(len[i] % 5 == 0, "nice 0 run %d of %d ticks", i,
			      len[i]);
}
END_TEST

/* schedule() calls on CPU 0 so far: sched_cnt of /proc/schedstat. */
static unsigned long sched_calls(void)
{
	const char *line = strstr(sim_schedstat(), "cpu0 ");
	unsigned long f[7];

	ck_assert_ptr_nonnull(line);
	ck_assert_int_eq(sscanf(line, "cpu0 %lu %lu %lu %lu %lu %lu %lu",
				f, f + 1, f + 2, f + 3, f + 4, f + 5, f + 6),
			 7);
	return f[6];
}

/*
 * A hog alone keeps the CPU and is never even asked to give it up:
 * with nothing to share with, the tick does not check its slice (6 ms),
 * so 100 ms bring no schedule() call.
 */
START_TEST(cfs_lone_hog_is_never_preempted)
{
	unsigned long calls;
	int a;

	boot(1);
	a = hog(0);
	t_run(MS(10));
	calls = sched_calls();
	t_run(MS(100));
	ck_assert_uint_eq(sched_calls(), calls);
	ck_assert_uint_eq(t_info(a).switches, 1);
	ck_assert_uint_eq(nivcsw(a), 0);
}
END_TEST

/* ---- the leftmost runs next ---------------------------------------------- */

/*
 * Four hogs of nice 0, 3, 6 and 9 on one CPU for 200 ms: whenever the
 * running task changes, the new one is the one that was first in the
 * tree (smallest vruntime) a tick before, and the tree is in vruntime
 * order at every sample.
 */
START_TEST(cfs_leftmost_runs_next)
{
	int q[8], n, i, k, cur, changes = 0;
	long long prev_v, v;

	boot(1);
	for (i = 0; i < 4; i++)
		hog(3 * i);
	t_run(MS(20));
	for (i = 0; i < 200; i++) {
		/* the running task first, then the tree from its leftmost */
		cur = curr_pid(0);
		n = kfix_cfs_queue(0, q, 8);
		ck_assert_int_eq(n, 4);
		ck_assert_int_eq(q[0], cur);
		for (k = 2, prev_v = fields(q[1]).vruntime; k < n; k++) {
			v = fields(q[k]).vruntime;
			ck_assert_msg(v >= prev_v, "tree unordered at %d", k);
			prev_v = v;
		}
		t_run(TICK);
		if (curr_pid(0) != cur) {
			ck_assert_int_eq(curr_pid(0), q[1]);
			changes++;
		}
	}
	ck_assert_int_gt(changes, 20);
}
END_TEST

/*
 * A tie goes to the waiting task: the kernel puts the running task back
 * in the tree after its equals before it picks.  Two nice 0 hogs; two
 * ticks into a turn of A (its slice, 3 ms, ends at the next tick), B's
 * vruntime is set to what A's will be then, A's + 1 ms: at that tick B
 * runs.
 */
START_TEST(cfs_equal_vruntime_goes_to_the_waiting_task)
{
	int h[2], a, b, first;

	boot(1);
	h[0] = hog(0);
	h[1] = hog(0);
	t_run(MS(20));
	/* wait for a turn to begin, then two ticks into it */
	first = curr_pid(0);
	while (curr_pid(0) == first)
		t_run(TICK);
	a = curr_pid(0);
	b = a == h[0] ? h[1] : h[0];
	t_run(2 * TICK);
	ck_assert_int_eq(curr_pid(0), a);
	ck_assert_int_eq(kfix_cfs_break_vruntime(b, fields(a).vruntime +
						    (long long)TICK), 0);
	t_run(TICK);
	ck_assert_int_eq(curr_pid(0), b);
}
END_TEST

/* ---- min_vruntime -------------------------------------------------------- */

/*
 * On two CPUs, hogs of nice -5..10, sleepers (placed behind
 * min_vruntime when they wake) and nice changes, for 500 ms sampled
 * every half tick: each CPU's min_vruntime never decreases, and it
 * advances (a CPU busy for 500 ms).
 */
START_TEST(cfs_min_vruntime_never_decreases)
{
	unsigned long long last[2], m;
	int i, cpu, r;

	boot(2);
	hog(-5);
	hog(0);
	hog(10);
	t_spawn("sleeper", SIM_SCHED_NORMAL, 0, 0, t_body_sleeper,
		(void *)10UL);
	t_spawn("sleeper", SIM_SCHED_NORMAL, 0, 5, t_body_sleeper,
		(void *)3UL);
	for (cpu = 0; cpu < 2; cpu++)
		last[cpu] = min_vruntime(cpu);
	for (i = 0; i < 1000; i++) {
		if (i == 500) {
			r = t_spawn_script("renicer", SIM_SCHED_NORMAL, 0, 0);
			sim_cmd(r, SIM_CMD_SYSCALL, SIM_SYS_nice, 10, 0, 0);
			sim_cmd(r, SIM_CMD_BURN, MS(50), 0, 0, 0);
		}
		t_run(HALF_TICK);
		for (cpu = 0; cpu < 2; cpu++) {
			m = min_vruntime(cpu);
			ck_assert_msg(m >= last[cpu], "cpu%d: min_vruntime "
				      "%llu after %llu", cpu, m, last[cpu]);
			last[cpu] = m;
		}
	}
	for (cpu = 0; cpu < 2; cpu++)
		ck_assert_uint_gt(last[cpu], MS(10));
}
END_TEST

/* ---- placement ----------------------------------------------------------- */

/*
 * A hog runs alone 10 ms; then a new task of nice N starts at
 * min_vruntime plus its virtual slice: the period (6 ms) * 1024 / the
 * queue's weight with it, 6 ms * 1024 / 2048 = 3 ms at nice 0, 6 ms *
 * 1024 / 1359 = 4.52 ms at nice 5; with start_debit 0, at min_vruntime.
 * It does not preempt the hog.  (The inverses of the weights, 2^32 /
 * weight rounded down, make each a few ns short.)
 */
static const struct {
	int nice, debit;
	long long lag;
} new_table[] = {
	{ 0, 1, 3000000 },
	{ 5, 1, 4520971 },	/* 6e6 * 1024 / 1359 */
	{ 0, 0, 0 },
};

START_TEST(cfs_new_task_starts_a_virtual_slice_late)
{
	int a, b;

	boot(1);
	set_tunable("start_debit", new_table[_i].debit);
	a = hog(0);
	t_run(MS(10));
	b = hog(new_table[_i].nice);
	/* the 32-bit inverses round down by a few ns */
	assert_near(lag(b, 0), new_table[_i].lag, 5);
	ck_assert_int_eq(lag(a, 0), 0);
	ck_assert_int_eq(curr_pid(0), a);
	ck_assert_int_eq(fields(b).in_tree, 1);
}
END_TEST

/*
 * A new task starts no earlier than its parent.  A nice 0 script task
 * shares the CPU with a nice 5 hog, and so runs past the hog's vruntime
 * in some of its turns (5 ms turns against 2 ms, 6.1 ms of vruntime),
 * ahead of min_vruntime; it burns 10..29 ms, forks and sleeps.  With
 * start_debit 0 the child starts at the parent's vruntime, or at
 * min_vruntime where that is later, never behind the parent.
 */
START_TEST(cfs_new_task_starts_no_earlier_than_its_parent)
{
	int p, child, ms, ahead = 0;
	long long vp, vc;

	boot(1);
	set_tunable("start_debit", 0);
	p = t_spawn_script("parent", SIM_SCHED_NORMAL, 0, 0);
	hog(5);
	t_run(MS(20));
	for (ms = 10; ms < 30; ms++) {
		sim_cmd(p, SIM_CMD_BURN, MS(ms), 0, 0, 0);
		sim_cmd(p, SIM_CMD_FORK, 0, 0, 0, 0);
		ck_assert_int_eq(sim_cmd_wait(p, SEC(1)), 0);
		child = sim_cmd_result(p);
		ck_assert_int_gt(child, 0);
		vp = fields(p).vruntime;
		vc = fields(child).vruntime;
		ck_assert_msg(vc >= vp, "burn %d ms: child at %lld, parent at "
			      "%lld", ms, vc, vp);
		ahead += vc == vp && lag(p, 0) > 0;
	}
	/* the parent was ahead of min_vruntime at some forks */
	ck_assert_int_gt(ahead, 0);
}
END_TEST

/*
 * A script task sleeps (no commands) while a hog runs alone for 100 ms,
 * its vruntime left far behind.  Woken (an interrupt, half way between
 * ticks), it is placed sched_latency / 2 = 3 ms behind min_vruntime (the
 * hog's), 6 ms with gentle_fair_sleepers 0; and, 3 ms > 1 ms of
 * wakeup_granularity behind, it preempts the hog at once.  It runs no
 * time (nothing to do) and sleeps again, all within the wake-up.
 */
static int sleeper_woken_behind(int nice, int gentle, unsigned long gran,
				unsigned long *preempted)
{
	int a, s;
	unsigned long before;

	boot(1);
	set_tunable("gentle_fair_sleepers", gentle);
	set_tunable("sched_wakeup_granularity_ns", gran);
	s = t_spawn_script("sleeper", SIM_SCHED_NORMAL, 0, nice);
	a = hog(0);
	t_run(MS(100));
	ck_assert_int_eq(curr_pid(0), a);
	before = nivcsw(a);
	ck_assert_int_eq(sim_wake(s), 0);
	*preempted = nivcsw(a) - before;
	return s;
}

START_TEST(cfs_waking_sleeper_gets_half_a_latency_of_credit)
{
	unsigned long preempted;
	int s;

	s = sleeper_woken_behind(0, 1, WAKEUP_GRAN, &preempted);
	ck_assert_int_eq(preempted, 1);
	ck_assert_int_eq(lag(s, 0), -(long long)(LATENCY / 2));
}
END_TEST

START_TEST(cfs_waking_sleeper_without_gentle_gets_a_latency)
{
	unsigned long preempted;
	int s;

	s = sleeper_woken_behind(0, 0, WAKEUP_GRAN, &preempted);
	ck_assert_int_eq(preempted, 1);
	ck_assert_int_eq(lag(s, 0), -(long long)LATENCY);
}
END_TEST

/*
 * A sleeper that ran more than the others keeps its own vruntime: the
 * credit is a floor, not a reset.  A hog and a script task; the script
 * burns 30 ms while the hog sleeps... here: the script burns 20 ms with
 * the hog, then sleeps 1 ms: woken, it is ahead of min_vruntime.
 */
START_TEST(cfs_waking_sleeper_keeps_a_later_vruntime)
{
	int s;
	long long before;

	boot(1);
	hog(0);
	s = t_spawn_script("burner", SIM_SCHED_NORMAL, 0, 0);
	t_cmd(s, SIM_CMD_BURN, MS(20), 0, 0, 0);
	before = fields(s).vruntime;
	t_cmd(s, SIM_CMD_SLEEP, TICK, 0, 0, 0);
	ck_assert_int_ge(fields(s).vruntime, before);
	ck_assert_int_gt(lag(s, 0), -(long long)(LATENCY / 2));
}
END_TEST

/* ---- wake-up preemption -------------------------------------------------- */

/*
 * The woken sleeper above is 3 ms of vruntime behind the hog.  It
 * preempts when that is more than wakeup_granularity in its own virtual
 * time: with 2.999 ms yes, with exactly 3 ms no (more, not as much); at
 * nice 4 (weight 423) the default 1 ms is 1 ms * 1024 / 423 = 2.42 ms:
 * yes; at nice 5 (335), 3.06 ms: no.
 */
static const struct {
	int nice;
	unsigned long gran;
	int preempts;
} wake_table[] = {
	{ 0, 2999999, 1 },
	{ 0, 3000000, 0 },
	{ 4, 1000000, 1 },
	{ 5, 1000000, 0 },
};

START_TEST(cfs_wakeup_preempts_only_beyond_the_granularity)
{
	unsigned long preempted;
	int s;

	s = sleeper_woken_behind(wake_table[_i].nice, 1, wake_table[_i].gran,
				 &preempted);
	ck_assert_int_eq(preempted, wake_table[_i].preempts);
	/* preempted, the sleeper ran and slept again; else it waits */
	ck_assert_int_eq(t_info(s).state, wake_table[_i].preempts ? 'S' : 'Q');
}
END_TEST

/* ---- yield, moves -------------------------------------------------------- */

/*
 * A script task yields among two hogs: it goes behind both (last in
 * the tree, after the one still waiting), 1 ns past the larger of
 * their vruntimes, the 0.25 ms it burnt first charged before, not
 * after, the yield.
 */
START_TEST(cfs_yield_goes_behind_every_task)
{
	int y, a, b, q[4];
	long long va, vb;

	boot(1);
	y = t_spawn_script("yielder", SIM_SCHED_NORMAL, 0, 0);
	a = hog(0);
	b = hog(0);
	t_run(MS(20));
	/* woken, it preempts, burns, yields, then has a second to burn */
	sim_cmd(y, SIM_CMD_BURN, TICK / 4, 0, 0, 0);
	sim_cmd(y, SIM_CMD_SYSCALL, SIM_SYS_sched_yield, 0, 0, 0);
	sim_cmd(y, SIM_CMD_BURN, SEC(1), 0, 0, 0);
	t_run(TICK / 10 * 3);
	ck_assert_int_eq(t_info(y).state, 'Q');
	ck_assert_int_eq(kfix_cfs_queue(0, q, 4), 3);
	ck_assert_int_eq(q[2], y);
	ck_assert_int_eq(fields(y).in_tree, 1);
	va = fields(a).vruntime;
	vb = fields(b).vruntime;
	ck_assert_int_eq(fields(y).vruntime, (va > vb ? va : vb) + 1);
}
END_TEST

/*
 * Two CPUs: two nice -10 hogs pinned to CPU 0, whose min_vruntime grows
 * at 1024 / 9548 / 2 of real time, and two nice 0 hogs pinned to CPU 1,
 * at 1 / 2.  After 200 ms the two min_vruntimes are more than 80 ms
 * apart, the nice 0 hogs within a period (6 ms) of CPU 1's.  CPU 1
 * goes offline: its hogs move to CPU 0 (no longer affine) and are
 * within a period of CPU 0's min_vruntime, not 80 ms ahead of it.
 */
START_TEST(cfs_moved_task_keeps_its_lag)
{
	int c, d;

	boot(2);
	pinned_hog("0", -10);
	pinned_hog("0", -10);
	c = pinned_hog("1", 0);
	d = pinned_hog("1", 0);
	ck_assert_int_eq(t_info(c).cpu, 1);
	ck_assert_int_eq(t_info(d).cpu, 1);
	t_run(MS(200));
	ck_assert_uint_gt(min_vruntime(1), min_vruntime(0) + MS(80));
	assert_near(lag(c, 1), 0, LATENCY);
	assert_near(lag(d, 1), 0, LATENCY);
	ck_assert_int_eq(sim_cpu_offline(1), 0);
	ck_assert_int_eq(t_info(c).cpu, 0);
	ck_assert_int_eq(t_info(d).cpu, 0);
	assert_near(lag(c, 0), 0, LATENCY);
	assert_near(lag(d, 0), 0, LATENCY);
}
END_TEST

/* ---- controls ------------------------------------------------------------ */

static const struct {
	const char *name;
	const char *def;
	const char *low, *high;	/* just out of range */
	const char *edge;	/* in range, at an end */
} tunable_table[] = {
	{ "sched_latency_ns", "6000000", "99999", "1000000001", "100000" },
	{ "sched_min_granularity_ns", "750000", "99999", "1000000001",
	  "1000000000" },
	{ "sched_wakeup_granularity_ns", "1000000", "-1", "1000000001", "0" },
	{ "start_debit", "1", "-1", "2", "0" },
	{ "gentle_fair_sleepers", "1", "-1", "2", "0" },
};

static void assert_reads(const char *path, const char *value)
{
	char buf[32], want[32];

	snprintf(want, sizeof(want), "%s\n", value);
	ck_assert_int_ge(sim_sysfs_read(path, buf, sizeof(buf)), 0);
	ck_assert_str_eq(buf, want);
}

/*
 * Each control reads its default, refuses a value just out of range
 * with -EINVAL, unchanged, and takes one at the end of its range.
 */
START_TEST(cfs_tunables_read_write_and_range)
{
	char path[96];

	boot(1);
	snprintf(path, sizeof(path), TUNABLE("%s"), tunable_table[_i].name);
	assert_reads(path, tunable_table[_i].def);
	ck_assert_int_eq(sim_sysfs_write(path, tunable_table[_i].low),
			 -EINVAL);
	ck_assert_int_eq(sim_sysfs_write(path, tunable_table[_i].high),
			 -EINVAL);
	assert_reads(path, tunable_table[_i].def);
	ck_assert_int_eq(sim_sysfs_write(path, tunable_table[_i].edge), 0);
	assert_reads(path, tunable_table[_i].edge);
}
END_TEST

/* ---- RT tasks ------------------------------------------------------------ */

/*
 * A SCHED_FIFO hog woken beside a fair hog takes the CPU at once and
 * keeps it: the fair one gets nothing for 100 ms.  A SCHED_RR one, and
 * sched_rr_get_interval() says 100 ms for it.
 */
START_TEST(cfs_rt_runs_before_every_fair_task)
{
	int f, r;
	unsigned long long before;

	boot(1);
	f = hog(0);
	t_run(MS(10));
	r = t_spawn("rt", _i ? SIM_SCHED_RR : SIM_SCHED_FIFO, 10, 0,
		    t_body_hog, NULL);
	ck_assert_int_eq(curr_pid(0), r);
	before = runtime(f);
	t_run(MS(100));
	ck_assert_uint_eq(runtime(f), before);
	ck_assert_int_eq(curr_pid(0), r);
}
END_TEST

/*
 * rt_task(): true for SCHED_FIFO and SCHED_RR, false for SCHED_NORMAL.
 */
START_TEST(cfs_rt_task_is_the_rt_class)
{
	boot(1);
	ck_assert_int_eq(kfix_cfs_rt_task(t_spawn_script("f", SIM_SCHED_FIFO,
							 1, 0)), 1);
	ck_assert_int_eq(kfix_cfs_rt_task(t_spawn_script("r", SIM_SCHED_RR,
							 99, 0)), 1);
	ck_assert_int_eq(kfix_cfs_rt_task(t_spawn_script("n",
							 SIM_SCHED_NORMAL, 0,
							 -20)), 0);
}
END_TEST

/*
 * Two SCHED_RR hogs at one level rotate every 100 ms; the one the OOM
 * killer picked gets a second of slice (set_oom_timeslice(): HZ
 * jiffies), so it runs 1000 ms from then (to a tick) before the other
 * gets the CPU back.
 */
START_TEST(cfs_oom_victim_gets_a_second_of_rr_slice)
{
	int a, b;
	unsigned long long start;

	boot(1);
	a = t_spawn("rr", SIM_SCHED_RR, 10, 0, t_body_hog, NULL);
	b = t_spawn("rr", SIM_SCHED_RR, 10, 0, t_body_hog, NULL);
	t_run(MS(50));
	ck_assert_int_eq(curr_pid(0), a);
	t_run(MS(100));
	ck_assert_int_eq(curr_pid(0), b);
	ck_assert_int_eq(kfix_cfs_oom(b), 0);
	start = runtime(b);
	t_run(MS(900));
	ck_assert_int_eq(curr_pid(0), b);
	t_run(MS(150));
	ck_assert_int_eq(curr_pid(0), a);
	assert_near(runtime(b) - start, MS(1000), TICK);
}
END_TEST

/*
 * sched_rr_get_interval(): 100 ms for SCHED_RR; for a fair task its
 * slice now, in whole ticks rounded up: alone 6 ms, beside a nice 0
 * hog 3 ms, beside a nice -5 one 6 ms * 1024 / 4145 = 1.48 ms -> 2.
 */
START_TEST(cfs_rr_interval_is_the_slice)
{
	int s, rr;

	boot(1);
	s = t_spawn_script("asker", SIM_SCHED_NORMAL, 0, 0);
	rr = t_spawn_script("rr", SIM_SCHED_RR, 5, 0);
	ck_assert_uint_eq(t_rr_interval_ns(s, rr), MS(100));
	ck_assert_uint_eq(t_rr_interval_ns(s, 0), MS(6));
	hog(0);
	ck_assert_uint_eq(t_rr_interval_ns(s, 0), MS(3));
	t_shutdown();
	boot(1);
	s = t_spawn_script("asker", SIM_SCHED_NORMAL, 0, 0);
	hog(-5);
	ck_assert_uint_eq(t_rr_interval_ns(s, 0), MS(2));
}
END_TEST

/* ---- the driver's own check ---------------------------------------------- */

/*
 * Three nice 0 hogs on one CPU, 10 ms in: the check passes; the queue
 * is the running one and two in the tree, the leftmost first.
 */
static void three_hogs(int *q)
{
	boot(1);
	hog(0);
	hog(0);
	hog(0);
	t_run(MS(10));
	ck_assert_int_eq(kfix_cfs_queue(0, q, 3), 3);
	ck_assert_int_eq(sim_check(), 0);
}

static void assert_reported(const char *want)
{
	ck_assert_msg(strstr(sim_report(), want) != NULL, "report \"%s\" "
		      "lacks \"%s\"", sim_report(), want);
}

/* The leftmost moved a second past the other: the tree is out of order. */
START_TEST(cfs_check_reports_tree_out_of_order)
{
	int q[3];

	three_hogs(q);
	kfix_cfs_break_vruntime(q[1], fields(q[2]).vruntime + SEC(1));
	ck_assert_int_ne(sim_check(), 0);
	assert_reported("tree out of order");
}
END_TEST

/* A waiting task's weight changed behind the queue's back. */
START_TEST(cfs_check_reports_load_off)
{
	char want[80];
	int q[3];

	three_hogs(q);
	kfix_cfs_break_weight(q[1], 2048);
	ck_assert_int_ne(sim_check(), 0);
	snprintf(want, sizeof(want), "3 fair queued weighing %d, nr_fair 3, "
		 "load %d", 4096, 3072);
	assert_reported(want);
}
END_TEST

/* The leftmost 2 s behind min_vruntime: more than any sleeper's credit. */
START_TEST(cfs_check_reports_vruntime_far_behind)
{
	int q[3];

	three_hogs(q);
	kfix_cfs_break_vruntime(q[1], min_vruntime(0) - SEC(2));
	ck_assert_int_ne(sim_check(), 0);
	assert_reported("min_vruntime");
}
END_TEST

/* A task in the tree not marked on_rq. */
START_TEST(cfs_check_reports_tree_task_not_queued)
{
	int q[3];

	three_hogs(q);
	kfix_cfs_break_on_rq(q[2], 0);
	ck_assert_int_ne(sim_check(), 0);
	assert_reported("in the tree, on_rq 0");
}
END_TEST

/* The running fair task's prio made RT: it is no fair curr any more. */
START_TEST(cfs_check_reports_running_task_out_of_class)
{
	int q[3];

	three_hogs(q);
	kfix_cfs_break_prio(q[0], 50);
	ck_assert_int_ne(sim_check(), 0);
	assert_reported("fair curr hog");
}
END_TEST

/* Two FIFO hogs at one level; the waiting one's prio is changed. */
START_TEST(cfs_check_reports_rt_task_off_its_level)
{
	int a, b;

	boot(1);
	a = t_spawn("rt", SIM_SCHED_FIFO, 10, 0, t_body_hog, NULL);
	b = t_spawn("rt", SIM_SCHED_FIFO, 10, 0, t_body_hog, NULL);
	t_run(MS(5));
	ck_assert_int_eq(curr_pid(0), a);
	ck_assert_int_eq(sim_check(), 0);
	kfix_cfs_break_prio(b, 80);
	ck_assert_int_ne(sim_check(), 0);
	assert_reported("on RT level 89, prio 80");
}
END_TEST

/* A task queued without a reschedule while the idle task runs. */
START_TEST(cfs_check_reports_idle_while_a_task_waits)
{
	int s;

	boot(1);
	s = t_spawn_script("sleeper", SIM_SCHED_NORMAL, 0, 0);
	t_run(MS(5));
	ck_assert_int_eq(curr_pid(0), 0);
	ck_assert_int_eq(kfix_cfs_queue_silently(s), 0);
	ck_assert_int_ne(sim_check(), 0);
	assert_reported("idle while 1 fair tasks wait");
}
END_TEST

/* The idle task must stay below every level (prio 140). */
START_TEST(cfs_check_reports_idle_task_out_of_place)
{
	boot(1);
	ck_assert_int_eq(kfix_cfs_break_idle_prio(0, 120), 0);
	ck_assert_int_ne(sim_check(), 0);
	assert_reported("idle task at prio 120");
}
END_TEST

/*
 * The starvation bound, in jiffies: none for no task, 1 (the tick) for
 * one; for two, the other may run (period + tick) * 1024 / 15 + 3 ms of
 * lead at weight 88761 plus its slice and a tick: 41688.8 ms, rounded
 * up to 41689 ticks, and the tick: 41690.
 */
START_TEST(cfs_starvation_bound_formula)
{
	boot(1);
	ck_assert_uint_eq(kfix_starvation_bound(0), 0);
	ck_assert_uint_eq(kfix_starvation_bound(1), 1);
	ck_assert_uint_eq(kfix_starvation_bound(2), 41690);
}
END_TEST

static Suite *cfs_suite(void)
{
	Suite *s = suite_create("cfs");
	TCase *tc;

	tc = tcase_create("shares");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, cfs_two_nice0_hogs_share_equally);
	tcase_add_loop_test(tc, cfs_nice_shares_follow_the_weights, 0, 3);
	suite_add_tcase(s, tc);

	tc = tcase_create("slices");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, cfs_setscheduler_within_the_class_keeps_the_turn);
	tcase_add_loop_test(tc, cfs_slice_is_the_share_of_the_period, 0, 3);
	tcase_add_test(tc, cfs_slice_follows_the_weight);
	tcase_add_test(tc, cfs_lone_hog_is_never_preempted);
	tcase_add_test(tc, cfs_leftmost_runs_next);
	tcase_add_test(tc, cfs_equal_vruntime_goes_to_the_waiting_task);
	suite_add_tcase(s, tc);

	tc = tcase_create("vruntime");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, cfs_min_vruntime_never_decreases);
	tcase_add_loop_test(tc, cfs_new_task_starts_a_virtual_slice_late, 0,
			    3);
	tcase_add_test(tc, cfs_new_task_starts_no_earlier_than_its_parent);
	tcase_add_test(tc, cfs_waking_sleeper_gets_half_a_latency_of_credit);
	tcase_add_test(tc, cfs_waking_sleeper_without_gentle_gets_a_latency);
	tcase_add_test(tc, cfs_waking_sleeper_keeps_a_later_vruntime);
	tcase_add_loop_test(tc, cfs_wakeup_preempts_only_beyond_the_granularity,
			    0, 4);
	tcase_add_test(tc, cfs_yield_goes_behind_every_task);
	tcase_add_test(tc, cfs_moved_task_keeps_its_lag);
	suite_add_tcase(s, tc);

	tc = tcase_create("rt");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_loop_test(tc, cfs_rt_runs_before_every_fair_task, 0, 2);
	tcase_add_test(tc, cfs_rr_interval_is_the_slice);
	tcase_add_test(tc, cfs_rt_task_is_the_rt_class);
	tcase_add_test(tc, cfs_oom_victim_gets_a_second_of_rr_slice);
	suite_add_tcase(s, tc);

	tc = tcase_create("check");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, cfs_check_reports_tree_out_of_order);
	tcase_add_test(tc, cfs_check_reports_load_off);
	tcase_add_test(tc, cfs_check_reports_vruntime_far_behind);
	tcase_add_test(tc, cfs_check_reports_tree_task_not_queued);
	tcase_add_test(tc, cfs_check_reports_running_task_out_of_class);
	tcase_add_test(tc, cfs_check_reports_rt_task_off_its_level);
	tcase_add_test(tc, cfs_check_reports_idle_while_a_task_waits);
	tcase_add_test(tc, cfs_check_reports_idle_task_out_of_place);
	tcase_add_test(tc, cfs_starvation_bound_formula);
	suite_add_tcase(s, tc);

	tc = tcase_create("tunables");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_loop_test(tc, cfs_tunables_read_write_and_range, 0, 5);
	suite_add_tcase(s, tc);

	return s;
}

int main(void)
{
	return t_run_suite_on(cfs_suite(), "cfs");
}
