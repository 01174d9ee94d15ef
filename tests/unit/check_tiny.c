/*
 * tests/unit/check_tiny.c - the tiny driver's behaviour on the simulated
 * machine: timeslices by nice, sharing between hogs, strict RT priority,
 * yield, fork and exit, affinity, SMP placement and the idle pull, nice
 * changes and I/O wait.
 *
 * The rules tested are those of drivers/tiny.c's design note:
 *   - RT tasks (FIFO and RR) are queued by priority and always run before
 *     SCHED_NORMAL ones; a better RT task preempts at once;
 *   - SCHED_FIFO runs until it blocks or yields; SCHED_RR and
 *     SCHED_NORMAL run for a timeslice and go to the tail of their level;
 *   - the slice is 100 ms * (20 - nice) / 20, at least 5 ms
 *     (100 ms * (140 - static_prio) / 20);
 *   - nice never changes the order, so no SCHED_NORMAL task starves;
 *   - a new task goes to the least loaded allowed CPU, a waking one to an
 *     idle allowed CPU, and a CPU going idle pulls one queued task.
 *
 * Times come from the machine's own accounting (sim_task_info run, wait
 * and sleep ns; sim_cpu_info busy/idle ns and cpustat ticks), which is
 * independent of the driver.  HZ is 1000 throughout: a tick is 1 ms and
 * every slice is a whole number of ticks, so most numbers are exact; a
 * tolerance is named where the phase of a run can move one slice.
 */
#include <stdio.h>
#include <string.h>

#include "testlib.h"
#include "kfix_tiny.h"
#include "kfixtures.h"

/* Timeslices of tiny, in ms, and the formula behind them. */
#define DEF_SLICE_MS		100	/* nice 0 */
#define MIN_SLICE_MS		5	/* floor: nice 19 */
#define SLICE_MS(nice)		(DEF_SLICE_MS * (20 - (nice)) / 20 < \
				 MIN_SLICE_MS ? MIN_SLICE_MS : \
				 DEF_SLICE_MS * (20 - (nice)) / 20)

#define TICK_NS			MS(1)	/* HZ 1000 */

/* ---- fixtures and helpers ------------------------------------------------ */

static void teardown(void)
{
	t_shutdown();
}

static unsigned long long runtime(int pid)
{
	return t_info(pid).runtime_ns;
}

static struct sim_cpu_info cpu_info(int cpu)
{
	struct sim_cpu_info ci;

	ck_assert_int_eq(sim_cpu_info(cpu, &ci), 0);
	return ci;
}

static int hog(const char *name, int policy, int rt_priority, int nice)
{
	return t_spawn(name, policy, rt_priority, nice, t_body_hog, NULL);
}

/* A hog allowed only on the CPUs of the list @cpus. */
static int pinned_hog(const char *name, const char *cpus)
{
	struct sim_task_attr a;
	int pid;

	sim_task_attr_init(&a);
	a.name = name;
	a.cpus = cpus;
	pid = sim_spawn(&a, t_body_hog, NULL);
	ck_assert_msg(pid > 0, "spawn of %s failed (%d): %s", name, pid,
		      sim_error());
	return pid;
}

/*
 * The runs of tasks on one CPU, seen by sampling its current task every
 * tick: how many runs each task completed, how long they were, and the
 * longest time a task was off the CPU between two of its runs.
 */
#define MAX_WATCHED	4

struct run_watch {
	int cpu, nr;
	int pid[MAX_WATCHED];
	unsigned long runs[MAX_WATCHED];
	unsigned long long first_run[MAX_WATCHED];
	unsigned long long min_run[MAX_WATCHED], max_run[MAX_WATCHED];
	unsigned long long max_gap[MAX_WATCHED];
	unsigned long long last_off[MAX_WATCHED];
	int curr;			/* index running, -1: another */
	unsigned long long run_start;
};

static int watched(const struct run_watch *w, int pid)
{
	int i;

	for (i = 0; i < w->nr; i++)
		if (w->pid[i] == pid)
			return i;
	return -1;
}

/* Start watching @cpu now for the @nr tasks of @pid. */
static void watch_start(struct run_watch *w, int cpu, const int *pid, int nr)
{
	int i;

	memset(w, 0, sizeof(*w));
	w->cpu = cpu;
	w->nr = nr;
	for (i = 0; i < nr; i++) {
		w->pid[i] = pid[i];
		w->min_run[i] = ~0ULL;
		w->last_off[i] = sim_now();
	}
	w->curr = watched(w, cpu_info(cpu).curr_pid);
	w->run_start = sim_now();
}

/*
 * Run @ns in steps of @tick_ns (one tick of the machine's HZ), recording
 * every change of the CPU's task.
 */
static void watch_run_ticks(struct run_watch *w, unsigned long long ns,
			    unsigned long long tick_ns)
{
	unsigned long long end = sim_now() + ns, now, len, gap;
	int next, i;

	while (sim_now() < end) {
		t_run(tick_ns);
		now = sim_now();
		next = watched(w, cpu_info(w->cpu).curr_pid);
		if (next == w->curr)
			continue;
		i = w->curr;
		if (i >= 0) {
			len = now - w->run_start;
			if (!w->runs[i]++)
				w->first_run[i] = len;
			if (len < w->min_run[i])
				w->min_run[i] = len;
			if (len > w->max_run[i])
				w->max_run[i] = len;
			w->last_off[i] = now;
		}
		if (next >= 0) {
			gap = now - w->last_off[next];
			if (gap > w->max_gap[next])
				w->max_gap[next] = gap;
		}
		w->curr = next;
		w->run_start = now;
	}
}

/* watch_run_ticks() at HZ 1000. */
static void watch_run(struct run_watch *w, unsigned long long ns)
{
	watch_run_ticks(w, ns, TICK_NS);
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

/* ---- timeslices by nice -------------------------------------------------- */

static const struct {
	int nice;
	int slice_ms;
} slice_table[] = {
	{ -20, 200 },
	{ -10, 150 },
	{   0, 100 },
	{  10,  50 },
	{  19,   5 },
};

#define NR_SLICES	((int)(sizeof(slice_table) / sizeof(slice_table[0])))

/*
 * SCHED_NORMAL at each nice of the table: rr_get_interval reports
 * 100 ms * (20 - nice) / 20, never below 5 ms.
 */
START_TEST(tiny_slice_by_nice_normal)
{
	int nice = slice_table[_i].nice;
	int pid;

	t_boot(1, NULL);
	ck_assert_int_eq(SLICE_MS(nice), slice_table[_i].slice_ms);
	pid = t_spawn_script("normal", SIM_SCHED_NORMAL, 0, nice);
	ck_assert_uint_eq(t_rr_interval_ns(pid, 0),
			  MS(slice_table[_i].slice_ms));
}
END_TEST

/* SCHED_RR uses the same nice-scaled slice as SCHED_NORMAL. */
START_TEST(tiny_slice_by_nice_rr)
{
	int pid;

	t_boot(1, NULL);
	pid = t_spawn_script("rr", SIM_SCHED_RR, 10, slice_table[_i].nice);
	ck_assert_uint_eq(t_rr_interval_ns(pid, 0),
			  MS(slice_table[_i].slice_ms));
}
END_TEST

/* SCHED_FIFO has no slice: rr_get_interval reports 0. */
START_TEST(tiny_slice_fifo_is_zero)
{
	int pid;

	t_boot(1, NULL);
	pid = t_spawn_script("fifo", SIM_SCHED_FIFO, 10, 0);
	ck_assert_uint_eq(t_rr_interval_ns(pid, 0), 0);
}
END_TEST

/*
 * The slice in jiffies is msecs_to_jiffies() of the slice in ms, which
 * rounds up to whole jiffies, so at HZ other than 1000 a slice is a
 * little longer than its ms; rr_get_interval reports the jiffies.
 *   HZ 250 (4 ms):  50 ms -> 12.5 -> 13 jiffies = 52 ms; 5 ms -> 2 = 8 ms
 *   HZ 100 (10 ms): 5 ms -> 0.5 -> 1 jiffy = 10 ms
 *   HZ 10 (100 ms): 100 ms -> 1 jiffy, 200 ms -> 2, 50 and 5 ms -> 1
 */
static const struct {
	int hz, nice;
	unsigned long long slice_ns;
} slice_hz_table[] = {
	{ 250, -20, MS(200) },	/* 50 jiffies */
	{ 250,   0, MS(100) },	/* 25 */
	{ 250,  10, MS(52) },	/* 12.5 -> 13 */
	{ 250,  19, MS(8) },	/* 1.25 -> 2 */
	{ 100,   0, MS(100) },	/* 10 */
	{ 100,  10, MS(50) },	/* 5 */
	{ 100,  19, MS(10) },	/* 0.5 -> 1 */
	{  10, -20, MS(200) },	/* 2 */
	{  10,   0, MS(100) },	/* 1 */
	{  10,  10, MS(100) },	/* 0.5 -> 1 */
	{  10,  19, MS(100) },	/* 0.05 -> 1 */
};

#define NR_SLICES_HZ \
	((int)(sizeof(slice_hz_table) / sizeof(slice_hz_table[0])))

static void boot_hz(int cpus, int hz)
{
	struct sim_config cfg;

	sim_config_init(&cfg);
	cfg.nr_cpus = cpus;
	cfg.hz = hz;
	cfg.cmdline = "cpusched=tiny";
	t_boot_cfg(&cfg);
}

START_TEST(tiny_slice_rounds_up_to_jiffies)
{
	int pid;

	boot_hz(1, slice_hz_table[_i].hz);
	pid = t_spawn_script("normal", SIM_SCHED_NORMAL, 0,
			     slice_hz_table[_i].nice);
	ck_assert_uint_eq(t_rr_interval_ns(pid, 0),
			  slice_hz_table[_i].slice_ns);
}
END_TEST

/*
 * HZ 100, two nice 19 hogs on one CPU: the 5 ms slice is one 10 ms
 * jiffy, so they take turns of exactly one tick, 50 runs each in 1 s.
 */
START_TEST(tiny_slice_one_jiffy_turns_at_hz100)
{
	struct run_watch w;
	int pid[2];

	boot_hz(1, 100);
	pid[0] = hog("a", SIM_SCHED_NORMAL, 0, 19);
	pid[1] = hog("b", SIM_SCHED_NORMAL, 0, 19);
	watch_start(&w, 0, pid, 2);
	watch_run_ticks(&w, SEC(1), MS(10));

	ck_assert_uint_eq(w.min_run[0], MS(10));
	ck_assert_uint_eq(w.max_run[0], MS(10));
	ck_assert_uint_eq(w.min_run[1], MS(10));
	ck_assert_uint_eq(w.max_run[1], MS(10));
	ck_assert_uint_eq(runtime(pid[0]), MS(500));
	ck_assert_uint_eq(runtime(pid[1]), MS(500));
}
END_TEST

/*
 * The timeslice tunable (ms at nice 0) scales every nice alike, and the
 * 5 ms floor holds below it: at 40 ms, nice -20 gets 40 * 40 / 20 = 80,
 * nice 10 gets 20, nice 19 gets 40 / 20 = 2 -> 5; at the tunable's
 * lowest, 5 ms, nice 0 and 19 both get 5 and nice -20 gets 10.
 */
static const struct {
	const char *tunable;
	int nice, slice_ms;
} slice_tunable_table[] = {
	{ "40", -20, 80 },
	{ "40",   0, 40 },
	{ "40",  10, 20 },
	{ "40",  19,  5 },
	{ "5",  -20, 10 },
	{ "5",    0,  5 },
	{ "5",   19,  5 },
	{ "1000", -20, 2000 },
};

#define NR_SLICES_TUNABLE \
	((int)(sizeof(slice_tunable_table) / sizeof(slice_tunable_table[0])))

START_TEST(tiny_slice_tunable_scales_by_nice)
{
	int pid;

	t_boot(1, NULL);
	ck_assert_int_eq(sim_sysfs_write("/sys/cpusched/tiny/timeslice",
					 slice_tunable_table[_i].tunable), 0);
	pid = t_spawn_script("normal", SIM_SCHED_NORMAL, 0,
			     slice_tunable_table[_i].nice);
	ck_assert_uint_eq(t_rr_interval_ns(pid, 0),
			  MS(slice_tunable_table[_i].slice_ms));
}
END_TEST

/* ---- sharing among SCHED_NORMAL hogs ------------------------------------- */

/*
 * 1 CPU, hogs at nice 0 and 19 for 10 s.  Each round is one 100 ms slice
 * plus one 5 ms slice, so they share the CPU 100:5 = 20.  Tolerance: a
 * part of a round at the end of the window, 19..21.
 */
#define SHARE_WINDOW		SEC(10)
#define NICE0_TO_19_MIN		19.0
#define NICE0_TO_19_MAX		21.0

START_TEST(tiny_share_nice0_vs_nice19)
{
	int a, b;
	double ratio;

	t_boot(1, NULL);
	a = hog("nice0", SIM_SCHED_NORMAL, 0, 0);
	b = hog("nice19", SIM_SCHED_NORMAL, 0, 19);
	t_run(SHARE_WINDOW);

	ck_assert_uint_gt(runtime(b), 0);
	ratio = (double)runtime(a) / runtime(b);
	ck_assert_msg(ratio >= NICE0_TO_19_MIN && ratio <= NICE0_TO_19_MAX,
		      "nice0:nice19 = %.2f, expected 20 (19..21)", ratio);
	/* nobody else ran: the two shares fill the window */
	ck_assert_uint_eq(runtime(a) + runtime(b), SHARE_WINDOW);
}
END_TEST

/*
 * 1 CPU, two nice 0 hogs for 10 s: equal shares within 1% of the window
 * (100 ms, one slice).
 */
START_TEST(tiny_share_equal_nice)
{
	unsigned long long ra, rb, diff;
	int a, b;

	t_boot(1, NULL);
	a = hog("a", SIM_SCHED_NORMAL, 0, 0);
	b = hog("b", SIM_SCHED_NORMAL, 0, 0);
	t_run(SHARE_WINDOW);

	ra = runtime(a);
	rb = runtime(b);
	diff = ra > rb ? ra - rb : rb - ra;
	ck_assert_msg(diff <= SHARE_WINDOW / 100,
		      "a ran %llu ns, b %llu ns: more than 1%% apart", ra, rb);
	ck_assert_uint_eq(ra + rb, SHARE_WINDOW);
}
END_TEST

/*
 * 1 CPU, three nice 0 hogs for 3 s, watched tick by tick: they take
 * turns of one full slice (100 ms), each is off the CPU for exactly the
 * other two hogs' turns (200 ms) at a time, and each gets 1/3 of the
 * time.
 */
#define NR_RR_HOGS	3

START_TEST(tiny_share_round_robin_no_starvation)
{
	struct run_watch w;
	int pid[NR_RR_HOGS];
	int i;

	t_boot(1, NULL);
	for (i = 0; i < NR_RR_HOGS; i++)
		pid[i] = hog("hog", SIM_SCHED_NORMAL, 0, 0);
	watch_start(&w, 0, pid, NR_RR_HOGS);
	watch_run(&w, SEC(3));

	for (i = 0; i < NR_RR_HOGS; i++) {
		ck_assert_msg(w.max_gap[i] <= MS(2 * DEF_SLICE_MS),
			      "hog %d waited %llu ns", i, w.max_gap[i]);
		ck_assert_uint_eq(w.min_run[i], MS(DEF_SLICE_MS));
		ck_assert_uint_eq(w.max_run[i], MS(DEF_SLICE_MS));
		ck_assert_uint_eq(w.runs[i], 10);
		ck_assert_uint_eq(runtime(pid[i]), SEC(1));
	}
}
END_TEST

/*
 * 1 CPU, hogs at nice -20 and 0 for 3 s, watched tick by tick: nice -20
 * is the best SCHED_NORMAL priority (static_prio 100) but still sliced:
 * they take turns of 200 and 100 ms.  The nice -20 hog's first slice is
 * the nice 0 one it was forked with (its nice is set after the fork and
 * a longer slice waits for the refill):
 *   0  A 100  B 200  A 400  B 500 ... A 2900  B 3000
 * so A runs 100 + 9 * 200 + 100 (cut) = 2 s and B 10 * 100 ms = 1 s.
 */
START_TEST(tiny_share_nice_minus20_is_sliced)
{
	struct run_watch w;
	int pid[2];

	t_boot(1, NULL);
	pid[0] = hog("nice-20", SIM_SCHED_NORMAL, 0, -20);
	pid[1] = hog("nice0", SIM_SCHED_NORMAL, 0, 0);
	watch_start(&w, 0, pid, 2);
	watch_run(&w, SEC(3));

	ck_assert_uint_eq(w.first_run[0], MS(SLICE_MS(0)));
	ck_assert_uint_eq(w.max_run[0], MS(SLICE_MS(-20)));
	ck_assert_uint_eq(w.min_run[1], MS(SLICE_MS(0)));
	ck_assert_uint_eq(w.max_run[1], MS(SLICE_MS(0)));
	ck_assert_uint_eq(runtime(pid[0]), SEC(2));
	ck_assert_uint_eq(runtime(pid[1]), SEC(1));
}
END_TEST

/* ---- strict RT priority -------------------------------------------------- */

/*
 * 1 CPU: a FIFO 50 hog and a NORMAL hog.  For 2 s the normal one never
 * runs (runtime 0) and the FIFO one has the whole CPU.
 */
START_TEST(tiny_rt_fifo_starves_normal)
{
	int rt, normal;

	t_boot(1, NULL);
	rt = hog("fifo50", SIM_SCHED_FIFO, 50, 0);
	normal = hog("normal", SIM_SCHED_NORMAL, 0, -20);
	t_run(SEC(2));

	ck_assert_uint_eq(runtime(normal), 0);
	ck_assert_int_eq(t_info(normal).state, 'Q');
	ck_assert_uint_eq(runtime(rt), SEC(2));
}
END_TEST

/*
 * 1 CPU: FIFO 50 hog running, FIFO 60 script task asleep.  Waking the
 * FIFO 60 task (a command) puts it on the CPU at that same instant; the
 * FIFO 50 hog is preempted (queued) and resumes when it is done.
 */
START_TEST(tiny_rt_higher_fifo_preempts_at_once)
{
	unsigned long long woken_at;
	int high, low;

	t_boot(1, NULL);
	high = t_spawn_script("fifo60", SIM_SCHED_FIFO, 60, 0);
	low = hog("fifo50", SIM_SCHED_FIFO, 50, 0);
	t_run(MS(10));
	ck_assert_int_eq(cpu_info(0).curr_pid, low);

	woken_at = sim_now();
	post(high, SIM_CMD_BURN, MS(20), 0);
	ck_assert_uint_eq(sim_now(), woken_at);
	ck_assert_int_eq(cpu_info(0).curr_pid, high);
	ck_assert_int_eq(t_info(low).state, 'Q');
	ck_assert_uint_eq(t_info(low).nivcsw, 1);

	wait_cmds(high);
	ck_assert_uint_eq(sim_now(), woken_at + MS(20));
	t_run(MS(1));
	ck_assert_int_eq(cpu_info(0).curr_pid, low);
}
END_TEST

/*
 * 1 CPU: FIFO 50 hog running, FIFO 50 script task asleep.  Waking the
 * script task queues it behind the hog, which keeps the CPU: 1 s later
 * the script task has not run its command.
 */
START_TEST(tiny_rt_equal_fifo_does_not_preempt)
{
	int waker, running;

	t_boot(1, NULL);
	waker = t_spawn_script("fifo50b", SIM_SCHED_FIFO, 50, 0);
	running = hog("fifo50", SIM_SCHED_FIFO, 50, 0);
	t_run(MS(10));

	post(waker, SIM_CMD_BURN, MS(1), 0);
	ck_assert_int_eq(cpu_info(0).curr_pid, running);
	ck_assert_int_eq(t_info(waker).state, 'Q');
	t_run(SEC(1));
	ck_assert_int_eq(cpu_info(0).curr_pid, running);
	ck_assert_uint_eq(t_info(waker).cmds_done, 0);
	ck_assert_uint_eq(t_info(running).switches, 1);
}
END_TEST

/*
 * 1 CPU, two SCHED_RR 50 hogs at nice 0 for 1 s, watched tick by tick:
 * they alternate, every run lasting one 100 ms slice, 5 runs and 500 ms
 * each.
 */
START_TEST(tiny_rt_rr_rotates_every_slice)
{
	struct run_watch w;
	int pid[2];

	t_boot(1, NULL);
	pid[0] = hog("rr_a", SIM_SCHED_RR, 50, 0);
	pid[1] = hog("rr_b", SIM_SCHED_RR, 50, 0);
	watch_start(&w, 0, pid, 2);
	watch_run(&w, SEC(1));

	ck_assert_uint_eq(runtime(pid[0]), MS(500));
	ck_assert_uint_eq(runtime(pid[1]), MS(500));
	ck_assert_uint_eq(w.runs[0], 5);
	ck_assert_uint_eq(w.runs[1], 5);
	ck_assert_uint_eq(w.min_run[0], MS(DEF_SLICE_MS));
	ck_assert_uint_eq(w.max_run[0], MS(DEF_SLICE_MS));
	ck_assert_uint_eq(w.min_run[1], MS(DEF_SLICE_MS));
	ck_assert_uint_eq(w.max_run[1], MS(DEF_SLICE_MS));
}
END_TEST

/*
 * 1 CPU, two FIFO 50 hogs for 3 s: the first never expires, so once the
 * spawning is over it is never switched out and runs all the time; the
 * second never runs.
 */
START_TEST(tiny_rt_fifo_never_expires)
{
	struct sim_task_info before, after;
	int first, second;

	t_boot(1, NULL);
	first = hog("fifo_a", SIM_SCHED_FIFO, 50, 0);
	second = hog("fifo_b", SIM_SCHED_FIFO, 50, 0);
	before = t_info(first);
	t_run(SEC(3));
	after = t_info(first);

	ck_assert_uint_eq(after.switches, before.switches);
	ck_assert_uint_eq(after.nivcsw, before.nivcsw);
	ck_assert_int_eq(after.state, 'R');
	ck_assert_uint_eq(after.runtime_ns, SEC(3));
	ck_assert_uint_eq(runtime(second), 0);
}
END_TEST

/*
 * A SCHED_RR 50 task wakes on a CPU running a NORMAL hog at nice -20:
 * RT always runs first, whatever the nice, and at the same instant.
 */
START_TEST(tiny_rt_rr_preempts_normal)
{
	unsigned long long woken_at;
	int rr, normal;

	t_boot(1, NULL);
	rr = t_spawn_script("rr", SIM_SCHED_RR, 1, 19);
	normal = hog("normal", SIM_SCHED_NORMAL, 0, -20);
	t_run(MS(10));

	woken_at = sim_now();
	post(rr, SIM_CMD_BURN, MS(300), 0);
	ck_assert_int_eq(cpu_info(0).curr_pid, rr);
	wait_cmds(rr);
	/* its 5 ms slices expire but it stays first: no normal time */
	ck_assert_uint_eq(sim_now(), woken_at + MS(300));
	ck_assert_uint_eq(runtime(normal), MS(10));
}
END_TEST

/* ---- wake-up preemption ------------------------------------------------- */

/*
 * The rule of tiny's design: a waking task preempts the running one at
 * once when its level is better (a lower RT level, or any RT level over
 * SCHED_NORMAL), and never at an equal or worse level; SCHED_NORMAL is
 * one level, so nice never preempts.
 */

/* A script task pinned to @cpus, of @policy. */
static int pinned_script(const char *name, int policy, int rt_priority,
			 const char *cpus)
{
	struct sim_task_attr a;
	int pid;

	sim_task_attr_init(&a);
	a.name = name;
	a.policy = policy;
	a.rt_priority = rt_priority;
	a.cpus = cpus;
	pid = sim_spawn_script(&a);
	ck_assert_msg(pid > 0, "spawn of %s failed (%d): %s", name, pid,
		      sim_error());
	return pid;
}

/* A user copy of struct sched_param { int sched_priority; } for @pid. */
static unsigned long user_param(int pid, int prio)
{
	unsigned long uaddr = sim_user_map(pid, sizeof(prio));

	ck_assert_msg(uaddr != 0, "sim_user_map: %s", sim_error());
	ck_assert_int_eq(sim_user_write(pid, uaddr, &prio, sizeof(prio)), 0);
	return uaddr;
}

/*
 * 1 CPU: FIFO 50 hog running, FIFO 40 script task asleep.  Waking the
 * FIFO 40 task queues it; the hog never gives the CPU up, so 1 s later
 * the waker has not run.
 */
START_TEST(tiny_wake_worse_rt_does_not_preempt)
{
	int waker, running;

	t_boot(1, NULL);
	waker = t_spawn_script("fifo40", SIM_SCHED_FIFO, 40, 0);
	running = hog("fifo50", SIM_SCHED_FIFO, 50, 0);
	t_run(MS(10));

	post(waker, SIM_CMD_BURN, MS(1), 0);
	ck_assert_int_eq(cpu_info(0).curr_pid, running);
	ck_assert_int_eq(t_info(waker).state, 'Q');
	t_run(SEC(1));
	ck_assert_uint_eq(runtime(waker), 0);
	ck_assert_uint_eq(t_info(running).nivcsw, 0);
}
END_TEST

/* 1 CPU: a FIFO 50 hog; a SCHED_NORMAL task at nice -20 wakes: no run. */
START_TEST(tiny_wake_normal_does_not_preempt_rt)
{
	int waker, running;

	t_boot(1, NULL);
	waker = t_spawn_script("normal", SIM_SCHED_NORMAL, 0, -20);
	running = hog("fifo1", SIM_SCHED_FIFO, 1, 0);
	t_run(MS(10));

	post(waker, SIM_CMD_BURN, MS(1), 0);
	ck_assert_int_eq(t_info(waker).state, 'Q');
	t_run(SEC(1));
	ck_assert_uint_eq(runtime(waker), 0);
	ck_assert_uint_eq(t_info(running).nivcsw, 0);
}
END_TEST

/*
 * 1 CPU: a SCHED_NORMAL hog at nice @hog_nice runs, a SCHED_NORMAL
 * script task at nice @waker_nice wakes with a 2 ms burn (shorter than
 * any slice).  Whatever the two nices, the waker waits for the end of
 * the hog's slice: it is done exactly (slice - hog's runtime so far) +
 * 2 ms after it woke.
 */
static const struct {
	int hog_nice, waker_nice;
} wake_normal_table[] = {
	{ 0, 0 },	/* equal */
	{ 0, -20 },	/* a better nice: still one level */
	{ 10, 19 },	/* a worse nice */
};

#define NR_WAKE_NORMAL \
	((int)(sizeof(wake_normal_table) / sizeof(wake_normal_table[0])))

START_TEST(tiny_wake_normal_does_not_preempt_normal)
{
	int hog_nice = wake_normal_table[_i].hog_nice;
	unsigned long long woken_at, ran;
	int waker, running;

	t_boot(1, NULL);
	waker = t_spawn_script("waker", SIM_SCHED_NORMAL, 0,
			       wake_normal_table[_i].waker_nice);
	running = hog("hog", SIM_SCHED_NORMAL, 0, hog_nice);
	t_run(MS(10));
	/* precondition: the hog is in its first slice */
	ran = runtime(running);
	ck_assert_uint_lt(ran, MS(SLICE_MS(hog_nice)));

	woken_at = sim_now();
	post(waker, SIM_CMD_BURN, MS(2), 0);
	ck_assert_int_eq(cpu_info(0).curr_pid, running);
	ck_assert_int_eq(t_info(waker).state, 'Q');
	wait_cmds(waker);
	ck_assert_uint_eq(sim_now() - woken_at,
			  MS(SLICE_MS(hog_nice)) - ran + MS(2));
	ck_assert_uint_eq(t_info(running).nivcsw, 1);
}
END_TEST

/*
 * 1 CPU, FIFO 50 tasks: script A, then hog B queued behind it.
 *   A burns:            cpu: A   [49]: A B
 *   A setparam(50):     cpu: A   [49]: B A   (requeued at the tail; its
 *                                             level is not worse: it runs on)
 *   script C wakes:     cpu: A   [49]: B A C
 * C's level is A's: no preemption, even though B is now ahead of A in
 * the queue.  A finishes its 50 ms burn without losing the CPU.
 */
START_TEST(tiny_wake_equal_rt_does_not_preempt_from_behind)
{
	unsigned long long start;
	unsigned long preempted;
	int a, b, c;

	t_boot(1, NULL);
	a = t_spawn_script("a", SIM_SCHED_FIFO, 50, 0);
	c = t_spawn_script("c", SIM_SCHED_FIFO, 50, 0);
	start = sim_now();
	post(a, SIM_CMD_BURN, MS(10), 0);
	b = hog("b", SIM_SCHED_FIFO, 50, 0);
	ck_assert_int_eq(t_info(b).state, 'Q');
	ck_assert_int_eq(sim_cmd(a, SIM_CMD_SYSCALL, SIM_SYS_sched_setparam,
				 0, user_param(a, 50), 0), 0);
	post(a, SIM_CMD_BURN, MS(50), 0);
	t_run(MS(20));
	ck_assert_int_eq(cpu_info(0).curr_pid, a);
	/* init preempted A to spawn B: that one switch is allowed */
	preempted = t_info(a).nivcsw;

	post(c, SIM_CMD_BURN, MS(1), 0);
	ck_assert_int_eq(t_info(c).state, 'Q');
	wait_cmds(a);
	ck_assert_uint_eq(sim_now(), start + MS(60));
	ck_assert_uint_eq(runtime(b), 0);
	ck_assert_uint_eq(t_info(a).nivcsw, preempted);
}
END_TEST

/*
 * 2 CPUs: a NORMAL hog pinned to cpu1; a FIFO 10 script task R pinned to
 * cpu1 waits on harness wait queue 0 with a burn queued after it; a
 * script task W pinned to cpu0 burns 0.5 ms (off the tick) and wakes the
 * queue.  The wake-up runs on cpu0 and must interrupt cpu1: R runs at
 * that instant, without waiting for cpu1's next tick.
 */
START_TEST(tiny_wake_better_rt_preempts_other_cpu_at_once)
{
	int r, w, h;

	t_boot(2, NULL);
	h = pinned_hog("hog", "1");
	r = pinned_script("r", SIM_SCHED_FIFO, 10, "1");
	w = pinned_script("w", SIM_SCHED_NORMAL, 0, "0");
	post(r, SIM_CMD_WQ_WAIT, 0, 0);
	post(r, SIM_CMD_BURN, MS(10), 0);
	t_run(MS(10));
	ck_assert_int_eq(t_info(r).state, 'S');
	ck_assert_int_eq(cpu_info(1).curr_pid, h);

	post(w, SIM_CMD_BURN, MS(1) / 2, 0);
	post(w, SIM_CMD_WQ_WAKE, 0, 1);
	wait_cmds(w);
	wait_cmds(r);
	ck_assert_uint_eq(t_info(r).wait_ns, 0);
	ck_assert_uint_eq(runtime(r), MS(10));
}
END_TEST

/* ---- a running task made worse ------------------------------------------ */

/*
 * 1 CPU: FIFO 50 script task S runs, a NORMAL hog H waits.  S makes
 * itself SCHED_NORMAL: it goes to the tail of the normal level, behind
 * H, and gives the CPU up at once (its level got worse), so H runs
 * from that instant.
 */
START_TEST(tiny_setscheduler_lower_running_gives_way_at_once)
{
	unsigned long uaddr;
	int s, h;

	t_boot(1, NULL);
	s = t_spawn_script("s", SIM_SCHED_FIFO, 50, 0);
	h = hog("hog", SIM_SCHED_NORMAL, 0, 0);
	post(s, SIM_CMD_BURN, MS(10), 0);
	t_run(MS(5));
	ck_assert_int_eq(cpu_info(0).curr_pid, s);
	ck_assert_uint_eq(runtime(h), 0);

	uaddr = user_param(s, 0);
	wait_cmds(s);
	/* S is preempted inside the call: it returns when S runs again */
	ck_assert_int_eq(sim_cmd(s, SIM_CMD_SYSCALL,
				 SIM_SYS_sched_setscheduler, 0,
				 SIM_SCHED_NORMAL, uaddr), 0);
	ck_assert_int_eq(t_info(s).policy, SIM_SCHED_NORMAL);
	ck_assert_int_eq(cpu_info(0).curr_pid, h);
	ck_assert_int_eq(t_info(s).state, 'Q');
}
END_TEST

/*
 * 2 CPUs: a NORMAL script task S holds harness rt_mutex 0, a NORMAL hog
 * H waits behind it on cpu0; a FIFO 10 task on cpu1 blocks on the mutex
 * and boosts S (prio 89).  When S unlocks, its boost ends: back at the
 * normal level, at the tail, it gives cpu0 to H at once.
 */
START_TEST(tiny_boost_end_gives_way_at_once)
{
	int s, h, w;

	t_boot(2, NULL);
	s = pinned_script("s", SIM_SCHED_NORMAL, 0, "0");
	w = pinned_script("w", SIM_SCHED_FIFO, 10, "1");
	t_cmd(s, SIM_CMD_MUTEX_LOCK, 0, 0, 0, 0);
	h = pinned_hog("hog", "0");
	t_run(MS(5));
	ck_assert_int_eq(cpu_info(0).curr_pid, h);

	post(w, SIM_CMD_MUTEX_LOCK, 0, 0);
	post(s, SIM_CMD_BURN, MS(5), 0);
	t_run(MS(1));
	ck_assert_int_eq(t_info(s).prio, 99 - 10);
	ck_assert_int_eq(cpu_info(0).curr_pid, s);
	wait_cmds(s);

	post(s, SIM_CMD_MUTEX_UNLOCK, 0, 0);
	ck_assert_int_eq(t_info(s).prio, 120);
	ck_assert_int_eq(cpu_info(0).curr_pid, h);
	ck_assert_int_eq(t_info(s).state, 'Q');
}
END_TEST

/*
 * 2 CPUs: NORMAL script task S holds harness rt_mutex 0 and burns on
 * cpu0, a NORMAL hog H waits behind it; a NORMAL task on cpu1 blocks on
 * the mutex and lends S its prio (120, nice 0): S's level stays the
 * normal one, so S keeps cpu0 though it was requeued behind H.
 */
START_TEST(tiny_boost_within_level_keeps_cpu)
{
	int s, h, w;

	t_boot(2, NULL);
	s = pinned_script("s", SIM_SCHED_NORMAL, 0, "0");
	w = pinned_script("w", SIM_SCHED_NORMAL, 0, "1");
	t_cmd(s, SIM_CMD_MUTEX_LOCK, 0, 0, 0, 0);
	h = pinned_hog("hog", "0");
	t_run(MS(1));
	ck_assert_int_eq(cpu_info(0).curr_pid, h);
	/* S burns once H's slice is over */
	post(s, SIM_CMD_BURN, MS(50), 0);
	while (cpu_info(0).curr_pid != s)
		t_run(TICK_NS);
	ck_assert_uint_le(sim_now(), MS(101));
	t_run(MS(10));

	post(w, SIM_CMD_MUTEX_LOCK, 0, 0);
	t_run(MS(1));
	ck_assert_int_eq(t_info(w).state, 'D');
	ck_assert_int_eq(cpu_info(0).curr_pid, s);
	ck_assert_int_eq(t_info(h).state, 'Q');
}
END_TEST

/*
 * A task forked by a task halfway through its slice gets a whole slice
 * of its own (tiny never splits the parent's): a nice 0 script task
 * burns 30 ms of its 100 and forks; the child has 100 ticks.
 */
START_TEST(tiny_fork_child_gets_a_whole_slice)
{
	struct kfix_tiny k;
	long child;
	int parent;

	t_boot(1, NULL);
	parent = t_spawn_script("parent", SIM_SCHED_NORMAL, 0, 0);
	t_cmd(parent, SIM_CMD_BURN, MS(30), 0, 0, 0);
	ck_assert_int_eq(kfix_tiny_read(parent, &k), 0);
	ck_assert_uint_eq(k.time_slice, SLICE_MS(0) - 30);
	child = t_cmd(parent, SIM_CMD_FORK, 0, 0, 0, 0);
	ck_assert_int_gt(child, 0);
	ck_assert_int_eq(kfix_tiny_read(child, &k), 0);
	ck_assert_uint_eq(k.time_slice, SLICE_MS(0));
}
END_TEST

/* ---- yield --------------------------------------------------------------- */

/*
 * 1 CPU, script tasks A and B of @policy at equal priority.  A burns
 * 10 ms then yields; B is queued behind it with a 10 ms burn.
 *   before the yield:  cpu: A   queue: B
 *   after the yield:   cpu: B   queue: A   (B burns 10 ms, sleeps)
 * A's yield returns 0 once B is done: at 20 ms, not 10 ms.
 */
static void yield_gives_way(int policy, int rt_priority)
{
	unsigned long long start;
	int a, b;

	t_boot(1, NULL);
	a = t_spawn_script("a", policy, rt_priority, 0);
	b = t_spawn_script("b", policy, rt_priority, 0);
	start = sim_now();
	post(a, SIM_CMD_BURN, MS(10), 0);
	post(a, SIM_CMD_SYSCALL, SIM_SYS_sched_yield, 0);
	post(b, SIM_CMD_BURN, MS(10), 0);
	ck_assert_int_eq(cpu_info(0).curr_pid, a);

	wait_cmds(a);
	ck_assert_int_eq(sim_cmd_result(a), 0);
	ck_assert_uint_eq(t_info(b).cmds_done, 1);
	ck_assert_uint_eq(sim_now(), start + MS(20));
	ck_assert_uint_eq(runtime(b), MS(10));
}

START_TEST(tiny_yield_normal_gives_way)
{
	yield_gives_way(SIM_SCHED_NORMAL, 0);
}
END_TEST

START_TEST(tiny_yield_rr_gives_way)
{
	yield_gives_way(SIM_SCHED_RR, 30);
}
END_TEST

/*
 * 1 CPU, a FIFO 50 script task and a NORMAL hog.  The FIFO task burns
 * 10 ms, yields and burns 10 ms more: the yield finds nothing at its
 * level, so it keeps the CPU and the hog gets no time meanwhile.
 */
START_TEST(tiny_yield_fifo_keeps_cpu_over_lower)
{
	unsigned long long start, hog_before;
	int rt, normal;

	t_boot(1, NULL);
	rt = t_spawn_script("fifo", SIM_SCHED_FIFO, 50, 0);
	normal = hog("normal", SIM_SCHED_NORMAL, 0, 0);
	t_run(MS(10));

	start = sim_now();
	hog_before = runtime(normal);
	post(rt, SIM_CMD_BURN, MS(10), 0);
	post(rt, SIM_CMD_SYSCALL, SIM_SYS_sched_yield, 0);
	post(rt, SIM_CMD_BURN, MS(10), 0);
	wait_cmds(rt);

	ck_assert_uint_eq(sim_now(), start + MS(20));
	ck_assert_uint_eq(runtime(normal), hog_before);
	ck_assert_uint_eq(runtime(rt), MS(20));
}
END_TEST

/* A yield with nothing else runnable returns 0 at once. */
START_TEST(tiny_yield_alone_returns_zero)
{
	unsigned long long start;
	int a;

	t_boot(1, NULL);
	a = t_spawn_script("a", SIM_SCHED_NORMAL, 0, 0);
	start = sim_now();
	ck_assert_int_eq(t_syscall(a, SIM_SYS_sched_yield, 0, 0, 0), 0);
	ck_assert_uint_eq(sim_now(), start);
}
END_TEST

/* ---- fork and exit ------------------------------------------------------- */

#define NR_CHILDREN	3
#define CHILD_EXIT	7
#define CHILD_BURN	MS(5)

static int child_pid[NR_CHILDREN];

static void child_body(void *unused)
{
	sim_burn(CHILD_BURN);
	sim_exit(CHILD_EXIT);
}

static void parent_body(void *unused)
{
	int i;

	for (i = 0; i < NR_CHILDREN; i++)
		child_pid[i] = sim_fork(child_body, NULL);
	sim_sleep(MS(50));
}

/*
 * 1 CPU: a task forks 3 children, each burns 5 ms and exits with 7; the
 * parent sleeps 50 ms and returns (exit 0).  Afterwards: every count is
 * consistent (sim_check), all four are 'Z' with their exit codes, the
 * CPU is idle, and the workload lists 1 + 3 pids.
 */
START_TEST(tiny_fork_exit_counts)
{
	struct sim_task_info ci;
	int pids[8];
	int parent, i;

	t_boot(1, NULL);
	parent = t_spawn("parent", SIM_SCHED_NORMAL, 0, 0, parent_body, NULL);
	t_run(MS(100));

	ck_assert_int_eq(sim_check(), 0);
	for (i = 0; i < NR_CHILDREN; i++) {
		ck_assert_int_gt(child_pid[i], parent);
		ci = t_info(child_pid[i]);
		ck_assert_int_eq(ci.state, 'Z');
		ck_assert_int_eq(ci.exit_code, CHILD_EXIT);
		ck_assert_uint_eq(ci.runtime_ns, CHILD_BURN);
	}
	ck_assert_int_eq(t_info(parent).state, 'Z');
	ck_assert_int_eq(t_info(parent).exit_code, 0);
	ck_assert_int_eq(cpu_info(0).curr_pid, 0);
	ck_assert_int_eq(sim_task_pids(pids, 8), 1 + NR_CHILDREN);
}
END_TEST

/*
 * 2 CPUs: a script task forks a script child (SIM_CMD_FORK), which
 * exits on command.  The child's pid is the command's result; the child
 * is 'Z' afterwards and the checks pass.
 */
START_TEST(tiny_fork_script_child_exits)
{
	long child;
	int parent;

	t_boot(2, NULL);
	parent = t_spawn_script("parent", SIM_SCHED_NORMAL, 0, 0);
	child = t_cmd(parent, SIM_CMD_FORK, 0, 0, 0, 0);
	ck_assert_int_gt(child, parent);
	ck_assert_int_ne(t_info(child).state, 'Z');
	post(child, SIM_CMD_EXIT, 3, 0);
	t_run(MS(1));
	ck_assert_int_eq(t_info(child).state, 'Z');
	ck_assert_int_eq(t_info(child).exit_code, 3);
	ck_assert_int_eq(sim_check(), 0);
}
END_TEST

/* ---- affinity ------------------------------------------------------------ */

/*
 * 2 CPUs, a hog allowed only on cpu1 and nothing else: for 1 s cpu0 is
 * never busy and the hog runs all the time on cpu1.
 */
START_TEST(tiny_affinity_pinned_hog_stays)
{
	int pid;

	t_boot(2, NULL);
	pid = pinned_hog("pinned", "1");
	t_run(SEC(1));

	ck_assert_uint_eq(cpu_info(0).busy_ns, 0);
	ck_assert_uint_eq(cpu_info(1).busy_ns, SEC(1));
	ck_assert_int_eq(t_info(pid).cpu, 1);
	ck_assert_uint_eq(runtime(pid), SEC(1));
}
END_TEST

/*
 * 2 CPUs: a hog runs on CPU h; a script task on the other CPU o sets the
 * hog's affinity to {o}.  The hog is moved as soon as it is off CPU h
 * and then runs on o (once the script task has gone back to sleep).
 */
START_TEST(tiny_affinity_setaffinity_moves_running)
{
	unsigned long mask, uaddr;
	unsigned long long busy_h;
	int h, o, pid, setter;
	char cpus[4];

	t_boot(2, NULL);
	pid = hog("hog", SIM_SCHED_NORMAL, 0, 0);
	t_run(MS(10));
	h = t_info(pid).cpu;
	o = !h;
	ck_assert_int_eq(cpu_info(h).curr_pid, pid);
	cpus[0] = '0' + o;
	cpus[1] = '\0';
	{
		struct sim_task_attr a;

		sim_task_attr_init(&a);
		a.name = "setter";
		a.cpus = cpus;
		setter = sim_spawn_script(&a);
		ck_assert_int_gt(setter, 0);
	}

	mask = 1UL << o;
	uaddr = sim_user_map(setter, sizeof(mask));
	ck_assert_int_eq(sim_user_write(setter, uaddr, &mask, sizeof(mask)),
			 0);
	ck_assert_int_eq(t_syscall(setter, SIM_SYS_sched_setaffinity, pid,
				   sizeof(mask), uaddr), 0);
	t_run(MS(10));

	ck_assert_int_eq(t_info(pid).cpu, o);
	ck_assert_int_eq(cpu_info(o).curr_pid, pid);
	ck_assert_int_eq(cpu_info(h).curr_pid, 0);
	ck_assert_uint_ge(t_info(pid).migrations, 1);
	busy_h = cpu_info(h).busy_ns;
	t_run(SEC(1));
	/* nothing runs on h any more */
	ck_assert_uint_eq(cpu_info(h).busy_ns, busy_h);
}
END_TEST

/* ---- SMP placement ------------------------------------------------------- */

/*
 * 4 CPUs, 4 hogs spawned at once: each gets a CPU of its own and runs
 * the whole second.
 */
START_TEST(tiny_smp_four_hogs_four_cpus)
{
	struct sim_task_info placed[4];
	int pid[4], seen = 0, i, cpu;

	t_boot(4, NULL);
	for (i = 0; i < 4; i++)
		pid[i] = hog("hog", SIM_SCHED_NORMAL, 0, 0);
	for (i = 0; i < 4; i++)
		placed[i] = t_info(pid[i]);
	t_run(SEC(1));

	for (i = 0; i < 4; i++) {
		cpu = t_info(pid[i]).cpu;
		ck_assert_msg(!(seen & (1 << cpu)), "two hogs on cpu%d", cpu);
		seen |= 1 << cpu;
		ck_assert_int_eq(cpu_info(cpu).curr_pid, pid[i]);
		ck_assert_uint_eq(runtime(pid[i]), SEC(1));
		/* placed once at fork, never moved afterwards */
		ck_assert_int_eq(placed[i].cpu, cpu);
		ck_assert_uint_eq(t_info(pid[i]).migrations,
				  placed[i].migrations);
	}
	ck_assert_int_eq(seen, 0xf);
}
END_TEST

/*
 * 2 CPUs: script task S sleeps; its CPU c is then taken by a hog pinned
 * there.  Waking S puts it on the other, idle CPU at once, and the hog
 * keeps c.
 */
START_TEST(tiny_smp_wakeup_to_idle_cpu)
{
	int s, h, c, other;
	char cpus[2];

	t_boot(2, NULL);
	s = t_spawn_script("sleeper", SIM_SCHED_NORMAL, 0, 0);
	t_run(MS(5));
	c = t_info(s).cpu;
	other = !c;
	cpus[0] = '0' + c;
	cpus[1] = '\0';
	h = pinned_hog("hog", cpus);
	t_run(MS(5));
	ck_assert_int_eq(cpu_info(c).curr_pid, h);
	ck_assert_int_eq(cpu_info(other).curr_pid, 0);

	post(s, SIM_CMD_BURN, MS(10), 0);
	ck_assert_int_eq(cpu_info(other).curr_pid, s);
	ck_assert_int_eq(t_info(s).cpu, other);
	ck_assert_int_eq(cpu_info(c).curr_pid, h);
	wait_cmds(s);
	ck_assert_uint_eq(runtime(s), MS(10));
}
END_TEST

/* The body of a task that burns 100 ms and exits. */
static void short_body(void *unused)
{
	sim_burn(MS(100));
}

/*
 * 2 CPUs: hog A, a 100 ms task T and hog B are spawned in that order.
 * New tasks go to the least loaded CPU (init counts while it forks), so
 * A and B share one CPU and T has the other alone:
 *   cpu(T): T          cpu(A): A, B
 * When T exits, its CPU pulls the queued hog, and from then on both
 * CPUs are busy all the time.
 */
START_TEST(tiny_smp_idle_cpu_pulls)
{
	unsigned long moved_at_fork;
	int a, b, t, tc, ac;
	unsigned long long busy0;

	t_boot(2, NULL);
	a = hog("a", SIM_SCHED_NORMAL, 0, 0);
	t = t_spawn("t", SIM_SCHED_NORMAL, 0, 0, short_body, NULL);
	b = hog("b", SIM_SCHED_NORMAL, 0, 0);
	tc = t_info(t).cpu;
	ac = t_info(a).cpu;
	/* precondition: the placement drawn above */
	ck_assert_int_ne(tc, ac);
	ck_assert_int_eq(t_info(b).cpu, ac);
	moved_at_fork = t_info(a).migrations + t_info(b).migrations;

	t_run(MS(100));
	ck_assert_int_eq(t_info(t).state, 'Z');
	busy0 = cpu_info(tc).busy_ns;
	ck_assert_uint_eq(busy0, MS(100));
	t_run(SEC(1));
	ck_assert_uint_eq(cpu_info(tc).busy_ns, busy0 + SEC(1));
	ck_assert_uint_eq(cpu_info(ac).busy_ns, MS(100) + SEC(1));
	ck_assert_uint_eq(runtime(a) + runtime(b), MS(100) + 2 * SEC(1));
	/* exactly one of them was pulled, once */
	ck_assert_uint_eq(t_info(a).migrations + t_info(b).migrations,
			  moved_at_fork + 1);
}
END_TEST

/* 2 CPUs, 3 hogs: both CPUs are busy the whole time. */
START_TEST(tiny_smp_three_hogs_fill_two_cpus)
{
	int i;

	t_boot(2, NULL);
	for (i = 0; i < 3; i++)
		hog("hog", SIM_SCHED_NORMAL, 0, 0);
	t_run(SEC(1));
	ck_assert_uint_eq(cpu_info(0).busy_ns, SEC(1));
	ck_assert_uint_eq(cpu_info(1).busy_ns, SEC(1));
}
END_TEST

/* ---- placement: fork, wake-up, pull, affinity, hotplug ------------------- */

/*
 * 4 CPUs, 5 hogs spawned in a row by init (which runs on cpu0 while it
 * forks, so cpu0 counts 1): a new task goes to the allowed CPU with the
 * fewest tasks, the lowest of equals.
 *   hog 0: loads 1 0 0 0 -> cpu1      hog 3: 1 1 1 1 -> cpu0
 *   hog 1: 1 1 0 0 -> cpu2            hog 4: 2 1 1 1 -> cpu1
 *   hog 2: 1 1 1 0 -> cpu3
 */
START_TEST(tiny_fork_to_least_loaded_lowest_first)
{
	static const int want[] = { 1, 2, 3, 0, 1 };
	int i, pid;

	t_boot(4, NULL);
	for (i = 0; i < 5; i++) {
		pid = hog("hog", SIM_SCHED_NORMAL, 0, 0);
		ck_assert_msg(t_info(pid).cpu == want[i], "hog %d on cpu%d, "
			      "not cpu%d", i, t_info(pid).cpu, want[i]);
	}
}
END_TEST

/*
 * 4 CPUs, a script task S asleep on cpu2 and allowed everywhere.  A
 * waking task goes to its own CPU if that is idle, else to the lowest
 * idle allowed CPU, else stays on its own CPU:
 *   all idle                   -> cpu2 (its own)
 *   cpu0, cpu2 busy            -> cpu1 (lowest idle)
 *   every CPU busy             -> cpu2 (queued there)
 * Busy CPUs run a hog pinned there.
 */
static int sleeper_on_cpu2(void)
{
	int s = pinned_script("s", SIM_SCHED_NORMAL, 0, "2");

	t_run(MS(1));
	ck_assert_int_eq(t_info(s).cpu, 2);
	ck_assert_int_eq(kfix_tiny_set_allowed(s, 0xf), 0);
	return s;
}

START_TEST(tiny_wake_on_own_idle_cpu)
{
	int s;

	t_boot(4, NULL);
	s = sleeper_on_cpu2();
	post(s, SIM_CMD_BURN, MS(5), 0);
	ck_assert_int_eq(t_info(s).cpu, 2);
	ck_assert_int_eq(cpu_info(2).curr_pid, s);
}
END_TEST

START_TEST(tiny_wake_on_lowest_idle_cpu)
{
	int s;

	t_boot(4, NULL);
	s = sleeper_on_cpu2();
	pinned_hog("hog0", "0");
	pinned_hog("hog2", "2");
	t_run(MS(1));
	post(s, SIM_CMD_BURN, MS(5), 0);
	ck_assert_int_eq(t_info(s).cpu, 1);
	ck_assert_int_eq(cpu_info(1).curr_pid, s);
}
END_TEST

START_TEST(tiny_wake_on_own_cpu_when_all_busy)
{
	int s;

	t_boot(4, NULL);
	s = sleeper_on_cpu2();
	pinned_hog("hog0", "0");
	pinned_hog("hog1", "1");
	pinned_hog("hog2", "2");
	pinned_hog("hog3", "3");
	t_run(MS(1));
	post(s, SIM_CMD_BURN, MS(5), 0);
	ck_assert_int_eq(t_info(s).cpu, 2);
	ck_assert_int_eq(t_info(s).state, 'Q');
}
END_TEST

/* The body of a task that burns 10 ms and exits. */
static void brief_body(void *unused)
{
	sim_burn(MS(10));
}

/*
 * 4 CPUs: cpu0 runs a 10 ms task T, cpu1 2 hogs, cpu2 and cpu3 3 hogs
 * each (placed by pinning, then allowed everywhere).  When T exits cpu0
 * pulls one queued task from the busiest CPU, the lowest of equals
 * (cpu2), and the first one queued there that is not running (the
 * second hog spawned on it); nothing else moves.
 */
START_TEST(tiny_pull_from_busiest_lowest_first)
{
	static const char *const cpus[] = { "1", "1", "2", "2", "2",
					    "3", "3", "3" };
	struct sim_task_attr a;
	int pid[8], t, i;

	t_boot(4, NULL);
	sim_task_attr_init(&a);
	a.name = "t";
	a.cpus = "0";
	t = sim_spawn(&a, brief_body, NULL);
	ck_assert_int_gt(t, 0);
	for (i = 0; i < 8; i++)
		pid[i] = pinned_hog("hog", cpus[i]);
	t_run(MS(1));
	for (i = 0; i < 8; i++)
		ck_assert_int_eq(kfix_tiny_set_allowed(pid[i], 0xf), 0);
	ck_assert_int_eq(cpu_info(2).curr_pid, pid[2]);

	t_run(MS(20));
	ck_assert_int_eq(t_info(t).state, 'Z');
	ck_assert_int_eq(cpu_info(0).curr_pid, pid[3]);
	for (i = 0; i < 8; i++)
		ck_assert_int_eq(t_info(pid[i]).cpu,
				 i == 3 ? 0 : cpus[i][0] - '0');
}
END_TEST

/*
 * 2 CPUs.  cpu1: FIFO 20 hog R running, then queued: FIFO 15 Z (pinned
 * to cpu1), FIFO 10 Y and NORMAL X (both allowed on cpu0 too):
 *   cpu1: [79] R   [84] Z   [89] Y   [100] X
 * cpu0 runs a 10 ms task; when it exits cpu0 pulls the best queued task
 * it may run that is not running there: not R (running), not Z (not
 * allowed), but Y, though X was queued first.
 */
START_TEST(tiny_pull_takes_best_allowed_waiting_task)
{
	struct sim_task_attr a;
	int r, z, y, x, t;

	t_boot(2, NULL);
	sim_task_attr_init(&a);
	a.name = "t";
	a.cpus = "0";
	t = sim_spawn(&a, brief_body, NULL);
	ck_assert_int_gt(t, 0);
	sim_task_attr_init(&a);
	a.cpus = "1";
	a.policy = SIM_SCHED_FIFO;
	a.name = "r";
	a.rt_priority = 20;
	r = sim_spawn(&a, t_body_hog, NULL);
	a.name = "z";
	a.rt_priority = 15;
	z = sim_spawn(&a, t_body_hog, NULL);
	x = pinned_hog("x", "1");
	a.name = "y";
	a.rt_priority = 10;
	y = sim_spawn(&a, t_body_hog, NULL);
	t_run(MS(1));
	ck_assert_int_eq(kfix_tiny_set_allowed(x, 0x3), 0);
	ck_assert_int_eq(kfix_tiny_set_allowed(y, 0x3), 0);
	ck_assert_int_eq(cpu_info(1).curr_pid, r);
	ck_assert_int_eq(t_info(z).state, 'Q');

	t_run(MS(20));
	ck_assert_int_eq(t_info(t).state, 'Z');
	ck_assert_int_eq(cpu_info(0).curr_pid, y);
	ck_assert_int_eq(t_info(y).cpu, 0);
	ck_assert_int_eq(t_info(x).cpu, 1);
	ck_assert_int_eq(t_info(z).cpu, 1);
	ck_assert_int_eq(cpu_info(1).curr_pid, r);
}
END_TEST

/*
 * 2 CPUs: script task W on cpu0 wakes script task T, which last ran on
 * idle cpu1: T goes there.  W then sleeps and cpu0 goes idle with T
 * queued but not yet running on cpu1: a CPU's only task is not pulled.
 */
START_TEST(tiny_pull_leaves_a_cpu_its_only_task)
{
	unsigned long moves;
	int w, t;

	t_boot(2, NULL);
	w = pinned_script("w", SIM_SCHED_NORMAL, 0, "0");
	t = pinned_script("t", SIM_SCHED_NORMAL, 0, "1");
	t_run(MS(1));
	ck_assert_int_eq(kfix_tiny_set_allowed(t, 0x3), 0);
	post(t, SIM_CMD_WQ_WAIT, 0, 0);
	post(t, SIM_CMD_BURN, MS(5), 0);
	t_run(MS(1));
	ck_assert_int_eq(t_info(t).state, 'S');
	moves = t_info(t).migrations;

	post(w, SIM_CMD_WQ_WAKE, 0, 1);
	wait_cmds(w);
	wait_cmds(t);
	ck_assert_int_eq(t_info(t).cpu, 1);
	ck_assert_uint_eq(t_info(t).migrations, moves);
}
END_TEST

/* Where body_set_affinity finds its target and the user copy of the mask. */
struct affinity_call {
	int pid;
	unsigned long uaddr;
	long result;
};

/*
 * Sleep 1 ms (the test maps the mask meanwhile), then
 * sched_setaffinity() and straight back to user mode: a 1 ms burn.
 */
static void body_set_affinity(void *arg)
{
	struct affinity_call *c = arg;

	sim_sleep(MS(1));
	c->result = sim_syscall(SIM_SYS_sched_setaffinity, c->pid,
				sizeof(unsigned long), c->uaddr);
	sim_burn(MS(1));
}

/*
 * 2 CPUs: nice 0 hogs A (running) and B (queued) pinned to cpu0, cpu1
 * idle.  A FIFO 1 task on cpu0 preempts A and sets B's affinity to cpu1:
 * B moves there at once and runs at that instant; the caller returns to
 * user mode with interrupts on.
 */
START_TEST(tiny_affinity_moves_queued_task_at_once)
{
	static struct affinity_call c;
	unsigned long mask = 0x2, moves;
	struct sim_task_attr attr;
	int a, b, setter;

	t_boot(2, NULL);
	a = pinned_hog("a", "0");
	b = pinned_hog("b", "0");
	t_run(MS(10));
	ck_assert_int_eq(cpu_info(0).curr_pid, a);
	ck_assert_int_eq(cpu_info(1).curr_pid, 0);
	moves = t_info(b).migrations;

	c.pid = b;
	c.result = 1;
	sim_task_attr_init(&attr);
	attr.name = "setter";
	attr.policy = SIM_SCHED_FIFO;
	attr.rt_priority = 1;
	attr.cpus = "0";
	setter = sim_spawn(&attr, body_set_affinity, &c);
	ck_assert_int_gt(setter, 0);
	c.uaddr = sim_user_map(setter, sizeof(mask));
	ck_assert_int_eq(sim_user_write(setter, c.uaddr, &mask, sizeof(mask)),
			 0);
	while (c.result == 1)
		t_run(TICK_NS);
	ck_assert_int_eq(c.result, 0);
	ck_assert_int_eq(t_info(b).cpu, 1);
	ck_assert_int_eq(cpu_info(1).curr_pid, b);
	ck_assert_uint_eq(t_info(b).migrations, moves + 1);
	t_run(MS(2));
	ck_assert_int_eq(t_info(setter).state, 'Z');
}
END_TEST

/*
 * 3 CPUs: a script task S asleep on cpu0; its affinity set to {1, 2}
 * moves it at once, while it sleeps, to the least loaded of them (cpu2,
 * cpu1 runs a hog); it wakes there.
 */
START_TEST(tiny_affinity_moves_sleeping_task_at_once)
{
	unsigned long mask = 0x6, uaddr;
	int s, setter;

	t_boot(3, NULL);
	s = pinned_script("s", SIM_SCHED_NORMAL, 0, "0");
	setter = pinned_script("setter", SIM_SCHED_NORMAL, 0, "0");
	pinned_hog("hog", "1");
	t_run(MS(1));

	uaddr = sim_user_map(setter, sizeof(mask));
	ck_assert_int_eq(sim_user_write(setter, uaddr, &mask, sizeof(mask)),
			 0);
	ck_assert_int_eq(t_syscall(setter, SIM_SYS_sched_setaffinity, s,
				   sizeof(mask), uaddr), 0);
	ck_assert_int_eq(t_info(s).state, 'S');
	ck_assert_int_eq(t_info(s).cpu, 2);
	post(s, SIM_CMD_BURN, MS(5), 0);
	ck_assert_int_eq(cpu_info(2).curr_pid, s);
}
END_TEST

/*
 * 3 CPUs: hog H runs on cpu0; cpu1 runs 3 pinned hogs, cpu2 1.  A FIFO 99
 * script task on cpu2 sets H's affinity to {1, 2}: H is rescheduled, and
 * once off cpu0 it is pushed onto the least loaded allowed CPU, cpu2,
 * where it waits its turn (cpu0 goes idle).
 */
START_TEST(tiny_affinity_pushes_running_task_to_least_loaded)
{
	unsigned long mask = 0x6, uaddr;
	int h, setter;

	t_boot(3, NULL);
	setter = pinned_script("setter", SIM_SCHED_FIFO, 99, "2");
	h = pinned_hog("h", "0");
	pinned_hog("one", "1");
	pinned_hog("two", "1");
	pinned_hog("three", "1");
	pinned_hog("four", "2");
	ck_assert_int_eq(kfix_tiny_set_allowed(h, 0x7), 0);
	t_run(MS(10));
	ck_assert_int_eq(cpu_info(0).curr_pid, h);

	uaddr = sim_user_map(setter, sizeof(mask));
	ck_assert_int_eq(sim_user_write(setter, uaddr, &mask, sizeof(mask)),
			 0);
	ck_assert_int_eq(t_syscall(setter, SIM_SYS_sched_setaffinity, h,
				   sizeof(mask), uaddr), 0);
	t_run(MS(1));
	ck_assert_int_eq(t_info(h).cpu, 2);
	ck_assert_int_eq(cpu_info(0).curr_pid, 0);
	ck_assert_int_eq(t_info(h).state, 'Q');
}
END_TEST

/*
 * 3 CPUs; cpu1 runs 3 pinned hogs.  On cpu2: hog P pinned there
 * (running), hog Q allowed on {1, 2} (queued), script task S pinned
 * there and script task U allowed on {0, 2}, both asleep.  Taking cpu2
 * down moves every one of them: the queued ones (P first, it was queued
 * first) each onto the least loaded allowed CPU, the sleeping ones so
 * that they wake there.  P and S may run nowhere else: each is "no
 * longer affine to cpu2", as printk says, and may now run anywhere.
 *   P: {2} -> every CPU, cpu0 (fewest)    Q: {1, 2} -> cpu1
 *   S: {2} -> every CPU, cpu0 (fewest)    U: {0, 2} -> cpu0
 */
START_TEST(tiny_hotplug_moves_every_task)
{
	char line[96];
	int p, q, s, u, i;

	t_boot(3, NULL);
	for (i = 0; i < 3; i++)
		pinned_hog("busy", "1");
	s = pinned_script("s", SIM_SCHED_NORMAL, 0, "2");
	u = pinned_script("u", SIM_SCHED_NORMAL, 0, "2");
	p = pinned_hog("p", "2");
	q = pinned_hog("q", "2");
	t_run(MS(10));
	ck_assert_int_eq(kfix_tiny_set_allowed(q, 0x6), 0);
	ck_assert_int_eq(kfix_tiny_set_allowed(u, 0x5), 0);
	ck_assert_int_eq(cpu_info(2).curr_pid, p);
	ck_assert_int_eq(t_info(q).state, 'Q');
	ck_assert_int_eq(t_info(s).cpu, 2);
	ck_assert_int_eq(t_info(u).cpu, 2);

	ck_assert_int_eq(sim_cpu_offline(2), 0);
	t_run(MS(1));
	ck_assert_int_eq(t_info(p).cpu, 0);
	ck_assert_int_eq(t_info(q).cpu, 1);
	ck_assert_int_eq(t_info(s).cpu, 0);
	ck_assert_int_eq(t_info(u).cpu, 0);
	ck_assert_int_eq(cpu_info(0).curr_pid, p);
	snprintf(line, sizeof(line), "process %d (p) no longer affine to "
		 "cpu2", p);
	ck_assert_msg(sim_log_contains(line), "log lacks \"%s\"", line);
	snprintf(line, sizeof(line), "process %d (s) no longer affine to "
		 "cpu2", s);
	ck_assert_msg(sim_log_contains(line), "log lacks \"%s\"", line);
	snprintf(line, sizeof(line), "process %d (q) no longer", q);
	ck_assert(!sim_log_contains(line));
	snprintf(line, sizeof(line), "process %d (u) no longer", u);
	ck_assert(!sim_log_contains(line));

	/* no CPU is idle: S wakes on its new home, behind P */
	post(s, SIM_CMD_BURN, MS(5), 0);
	ck_assert_int_eq(t_info(s).cpu, 0);
	ck_assert_int_eq(t_info(s).state, 'Q');
}
END_TEST

/*
 * 3 CPUs; cpu0 and cpu1 run a pinned hog each, cpu2 four hogs allowed
 * everywhere (placed by pinning, then widened), and a script task W
 * sleeps on cpu0, allowed everywhere.  Taking cpu2 down deals its
 * queued hogs out one by one, each to the least loaded CPU, the lower
 * of equals:
 *   cpu0 cpu1:  1 1 -> cpu0;  2 1 -> cpu1;  2 2 -> cpu0;  3 2 -> cpu1
 * (init, which takes the CPU down, sleeps meanwhile).  Tasks of the
 * living CPUs stay where they are, W too.
 */
START_TEST(tiny_hotplug_deals_queued_tasks_out)
{
	static const int want[] = { 0, 1, 0, 1 };
	int pid[4], w, h0, h1, i;

	t_boot(3, NULL);
	h0 = pinned_hog("h0", "0");
	h1 = pinned_hog("h1", "1");
	w = pinned_script("w", SIM_SCHED_NORMAL, 0, "0");
	for (i = 0; i < 4; i++)
		pid[i] = pinned_hog("hog", "2");
	t_run(MS(10));
	for (i = 0; i < 4; i++)
		ck_assert_int_eq(kfix_tiny_set_allowed(pid[i], 0x7), 0);
	ck_assert_int_eq(kfix_tiny_set_allowed(w, 0x7), 0);
	ck_assert_int_eq(t_info(w).cpu, 0);

	ck_assert_int_eq(sim_cpu_offline(2), 0);
	t_run(MS(1));
	for (i = 0; i < 4; i++)
		ck_assert_msg(t_info(pid[i]).cpu == want[i], "hog %d on cpu%d, "
			      "not cpu%d", i, t_info(pid[i]).cpu, want[i]);
	ck_assert_int_eq(t_info(w).cpu, 0);
	ck_assert_int_eq(t_info(h0).cpu, 0);
	ck_assert_int_eq(t_info(h1).cpu, 1);
	ck_assert(!sim_log_contains("no longer affine"));
}
END_TEST

/*
 * 2 CPUs: cpu1 goes down and comes back; it runs its queue again at
 * once: a hog spawned next goes to it (the least loaded CPU) and runs.
 */
START_TEST(tiny_hotplug_cpu_back_runs_tasks)
{
	int h;

	t_boot(2, NULL);
	ck_assert_int_eq(sim_cpu_offline(1), 0);
	t_run(MS(1));
	ck_assert_int_eq(sim_cpu_online(1), 0);
	t_run(MS(1));
	h = hog("hog", SIM_SCHED_NORMAL, 0, 0);
	t_run(MS(10));
	ck_assert_int_eq(t_info(h).cpu, 1);
	ck_assert_int_eq(cpu_info(1).curr_pid, h);
}
END_TEST

/* ---- sleeping ------------------------------------------------------------ */

/* When the body below ended its 100 ms sleep, and how much it slept. */
static unsigned long long sleep_returned_at;

static void body_burn_sleep_burn(void *unused)
{
	sim_burn(MS(10));
	sim_sleep(MS(100));
	sleep_returned_at = sim_now();
	sim_burn(MS(10));
}

/*
 * 1 CPU: a task burns 10 ms, meanwhile a signal comes; then it sleeps
 * 100 ms interruptibly.  The pending signal makes the sleep moot:
 * schedule() leaves the task runnable and queued, the sleep returns at
 * once, and the task never left the CPU.
 */
START_TEST(tiny_sleep_with_signal_pending_returns_at_once)
{
	unsigned long long start;
	int s;

	t_boot(1, NULL);
	start = sim_now();
	s = t_spawn("s", SIM_SCHED_NORMAL, 0, 0, body_burn_sleep_burn, NULL);
	t_run(MS(5));
	ck_assert_int_eq(sim_signal(s, 10), 0);
	t_run(MS(30));
	ck_assert_int_eq(t_info(s).state, 'Z');
	ck_assert_uint_eq(sleep_returned_at, start + MS(10));
	ck_assert_uint_eq(t_info(s).sleep_ns, 0);
	ck_assert_uint_eq(t_info(s).runtime_ns, MS(20));
}
END_TEST

/*
 * 1 CPU: a script task that sleeps leaves the CPU voluntarily (nvcsw):
 * once waiting for its first command, then twice per SLEEP command (the
 * sleep, then the wait for the next command), 1 + 2 * 3 times in all.
 * Two hogs preempted by their slices' ends leave it involuntarily
 * (nivcsw): in 1 s (less a tick) of 100 ms turns, 5 and 4 times, the
 * first once more when init, forking the second, preempted it.
 */
START_TEST(tiny_switches_voluntary_and_involuntary)
{
	int s, a, b, i;

	t_boot(1, NULL);
	s = t_spawn_script("s", SIM_SCHED_NORMAL, 0, 0);
	for (i = 0; i < 3; i++)
		t_cmd(s, SIM_CMD_SLEEP, MS(1), 0, 0, 0);
	ck_assert_uint_eq(t_info(s).nvcsw, 1 + 2 * 3);
	ck_assert_uint_eq(t_info(s).nivcsw, 0);

	a = hog("a", SIM_SCHED_NORMAL, 0, 0);
	b = hog("b", SIM_SCHED_NORMAL, 0, 0);
	t_run(SEC(1) - MS(1));
	ck_assert_uint_eq(t_info(a).nivcsw, 1 + 5);
	ck_assert_uint_eq(t_info(b).nivcsw, 4);
	ck_assert_uint_eq(t_info(a).nvcsw, 0);
	ck_assert_uint_eq(t_info(b).nvcsw, 0);
}
END_TEST

/* ---- nice changes -------------------------------------------------------- */

/*
 * 1 CPU: script task S at nice 0 (slice 100 ms) calls nice(10): its slice
 * becomes 50 ms, as rr_get_interval says, and as the CPU split with a
 * nice 0 hog shows: S burns 1 s in 20 slices of 50 ms, the hog runs its
 * 100 ms between them, so the burn ends after 3 s (+- one hog slice)
 * with the hog at 2 s.
 */
START_TEST(tiny_nice_changes_slice)
{
	unsigned long long start, elapsed;
	int s, h;

	t_boot(1, NULL);
	s = t_spawn_script("s", SIM_SCHED_NORMAL, 0, 0);
	ck_assert_uint_eq(t_rr_interval_ns(s, 0), MS(SLICE_MS(0)));
	ck_assert_int_eq(t_syscall(s, SIM_SYS_nice, 10, 0, 0), 0);
	ck_assert_int_eq(t_info(s).nice, 10);
	ck_assert_uint_eq(t_rr_interval_ns(s, 0), MS(SLICE_MS(10)));

	h = hog("hog", SIM_SCHED_NORMAL, 0, 0);
	start = sim_now();
	post(s, SIM_CMD_BURN, SEC(1), 0);
	wait_cmds(s);
	elapsed = sim_now() - start;
	ck_assert_msg(elapsed >= SEC(3) - MS(DEF_SLICE_MS) &&
		      elapsed <= SEC(3) + MS(DEF_SLICE_MS),
		      "a 1 s burn in 50 ms slices took %llu ns", elapsed);
	ck_assert_uint_eq(runtime(h), elapsed - SEC(1));
}
END_TEST

/*
 * 1 CPU, a nice 0 hog H and script task S at nice 10 (slice 50 ms).  S
 * burns 10 ms of a fresh slice, calls nice(-10) and burns 300 ms more.
 * A longer slice only comes with the next refill: S's first run lasts
 * the 50 ms it had, later ones 100 ms (300 - 40 = 100 + 100 + 60).
 */
START_TEST(tiny_nice_longer_slice_at_next_refill)
{
	struct run_watch w;
	int s, h;

	t_boot(1, NULL);
	h = hog("hog", SIM_SCHED_NORMAL, 0, 0);
	s = t_spawn_script("s", SIM_SCHED_NORMAL, 0, 10);
	t_run(MS(150));
	ck_assert_int_eq(cpu_info(0).curr_pid, h);

	post(s, SIM_CMD_BURN, MS(10), 0);
	post(s, SIM_CMD_SYSCALL, SIM_SYS_nice, -10);
	post(s, SIM_CMD_BURN, MS(300), 0);
	watch_start(&w, 0, &s, 1);
	watch_run(&w, SEC(1));

	ck_assert_uint_eq(t_info(s).cmds_done, 3);
	ck_assert_int_eq(t_info(s).nice, 0);
	ck_assert_uint_eq(w.runs[0], 4);
	ck_assert_uint_eq(w.first_run[0], MS(SLICE_MS(10)));
	ck_assert_uint_eq(w.max_run[0], MS(SLICE_MS(0)));
}
END_TEST

/*
 * The same with nice(19) from nice 0: a slice shorter than what is left
 * takes effect at once (tiny clamps the slice left).  S's first run is
 * 10 ms + 5 ms, then 5 ms runs (each after a 100 ms turn of the hog)
 * until its 50 ms are done: 1 + 45 / 5 = 10 runs.
 */
START_TEST(tiny_nice_shorter_slice_clamped_at_once)
{
	struct run_watch w;
	int s, h;

	t_boot(1, NULL);
	h = hog("hog", SIM_SCHED_NORMAL, 0, 0);
	s = t_spawn_script("s", SIM_SCHED_NORMAL, 0, 0);
	t_run(MS(150));
	ck_assert_int_eq(cpu_info(0).curr_pid, h);

	post(s, SIM_CMD_BURN, MS(10), 0);
	post(s, SIM_CMD_SYSCALL, SIM_SYS_nice, 19);
	post(s, SIM_CMD_BURN, MS(50), 0);
	watch_start(&w, 0, &s, 1);
	watch_run(&w, SEC(2));

	ck_assert_uint_eq(t_info(s).cmds_done, 3);
	ck_assert_uint_eq(w.first_run[0], MS(10 + SLICE_MS(19)));
	ck_assert_uint_eq(w.min_run[0], MS(SLICE_MS(19)));
	ck_assert_uint_eq(w.runs[0], 10);
}
END_TEST

/* ---- the hooks no harness entry point reaches ------------------------------ */

/* What a FIFO 99 task pinned to cpu1 got from the wrapper of a hook. */
static long hook_result;

struct hook_call {
	int hook, target;
};

static void body_ask_hook(void *arg)
{
	struct hook_call *c = arg;

	hook_result = kfix_call_wrapper(c->hook, c->target);
}

/*
 * The public wrapper of @hook on @target, called by a FIFO 99 task on
 * cpu1 (which preempts whatever runs there); 1 ms later it is done.
 */
static long ask_hook(int hook, int target)
{
	static struct hook_call c;
	struct sim_task_attr a;

	c.hook = hook;
	c.target = target;
	hook_result = -2;
	sim_task_attr_init(&a);
	a.name = "asker";
	a.policy = SIM_SCHED_FIFO;
	a.rt_priority = 99;
	a.cpus = "1";
	ck_assert_int_gt(sim_spawn(&a, body_ask_hook, &c), 0);
	t_run(MS(1));
	ck_assert_int_ne(hook_result, -2);
	return hook_result;
}

/*
 * 2 CPUs: nice 0 hogs R and Q pinned to cpu0, one running, one queued,
 * and a sleeping script task S there.  task_curr() is true for the one
 * running only.
 */
START_TEST(tiny_task_curr_only_the_running_task)
{
	int a, b, s, r, q;

	t_boot(2, NULL);
	s = pinned_script("s", SIM_SCHED_NORMAL, 0, "0");
	a = pinned_hog("a", "0");
	b = pinned_hog("b", "0");
	t_run(MS(10));
	r = cpu_info(0).curr_pid;
	q = r == a ? b : a;
	ck_assert_int_eq(t_info(q).state, 'Q');
	ck_assert_int_eq(t_info(s).state, 'S');

	ck_assert_int_eq(ask_hook(KFIX_HOOK_task_curr, r), 1);
	ck_assert_int_eq(ask_hook(KFIX_HOOK_task_curr, q), 0);
	ck_assert_int_eq(ask_hook(KFIX_HOOK_task_curr, s), 0);
}
END_TEST

/*
 * rt_task() and the "PR" column (task_prio() + 100 in sim_task_info)
 * follow the priority a task is queued at: FIFO 50 is prio 49, RR 1 is
 * 98, both RT; SCHED_NORMAL is its static_prio (nice -20: 100, 19: 139)
 * and never RT, whatever the nice; a SCHED_NORMAL holder of an rt_mutex
 * a FIFO 10 task waits for runs at prio 89, as an RT task, until it
 * unlocks.
 */
START_TEST(tiny_rt_task_and_prio_follow_the_level)
{
	int fifo, rr, best, worst, holder, waiter;

	t_boot(2, NULL);
	fifo = t_spawn_script("fifo", SIM_SCHED_FIFO, 50, 0);
	rr = t_spawn_script("rr", SIM_SCHED_RR, 1, 0);
	best = t_spawn_script("best", SIM_SCHED_NORMAL, 0, -20);
	worst = t_spawn_script("worst", SIM_SCHED_NORMAL, 0, 19);
	ck_assert_int_eq(t_info(fifo).prio, 49);
	ck_assert_int_eq(t_info(rr).prio, 98);
	ck_assert_int_eq(t_info(best).prio, 100);
	ck_assert_int_eq(t_info(worst).prio, 139);
	ck_assert_int_eq(ask_hook(KFIX_HOOK_rt_task, fifo), 1);
	ck_assert_int_eq(ask_hook(KFIX_HOOK_rt_task, rr), 1);
	ck_assert_int_eq(ask_hook(KFIX_HOOK_rt_task, best), 0);
	ck_assert_int_eq(ask_hook(KFIX_HOOK_rt_task, worst), 0);

	holder = best;
	waiter = t_spawn_script("waiter", SIM_SCHED_FIFO, 10, 0);
	t_cmd(holder, SIM_CMD_MUTEX_LOCK, 0, 0, 0, 0);
	post(waiter, SIM_CMD_MUTEX_LOCK, 0, 0);
	t_run(MS(1));
	ck_assert_int_eq(t_info(holder).prio, 99 - 10);
	ck_assert_int_eq(ask_hook(KFIX_HOOK_rt_task, holder), 1);
	t_cmd(holder, SIM_CMD_MUTEX_UNLOCK, 0, 0, 0, 0);
	ck_assert_int_eq(t_info(holder).prio, 100);
	ck_assert_int_eq(ask_hook(KFIX_HOOK_rt_task, holder), 0);
}
END_TEST

/*
 * The OOM killer gives its victim a slice of HZ jiffies (one second) so
 * that it exits soon: 1 CPU, nice 0 hogs A (running) and B (queued); B
 * is made the victim, and when A's 100 ms slice ends B runs 1 s in one
 * go (seen over 1.1 s: 50 ms of A, 1 s of B, then A again).  At HZ 100
 * the slice is 100 jiffies: still one second.
 */
START_TEST(tiny_oom_victim_runs_one_second)
{
	static const int hz[] = { 1000, 100 };
	struct kfix_tiny k;
	struct run_watch w;
	int pid[2], a, b;

	boot_hz(1, hz[_i]);
	a = hog("a", SIM_SCHED_NORMAL, 0, 0);
	b = hog("b", SIM_SCHED_NORMAL, 0, 0);
	t_run(MS(50));
	ck_assert_int_eq(cpu_info(0).curr_pid, a);
	ck_assert_int_eq(kfix_tiny_oom(b), 0);
	ck_assert_int_eq(kfix_tiny_read(b, &k), 0);
	ck_assert_uint_eq(k.time_slice, hz[_i]);

	pid[0] = a;
	pid[1] = b;
	watch_start(&w, 0, pid, 2);
	watch_run_ticks(&w, MS(1100), SEC(1) / hz[_i]);
	ck_assert_uint_eq(w.first_run[1], SEC(1));
	ck_assert_uint_eq(w.runs[1], 1);
}
END_TEST

/*
 * 1 CPU: script task S at nice 0 with a hog beside it; S is given 500
 * ticks of slice (more than its 100 ms, as after an OOM kill or a
 * smaller tunable) and calls nice(0): its nice does not change, so
 * neither does its slice.  nice(1) then clamps it to 95 ms.
 */
START_TEST(tiny_nice_unchanged_keeps_the_slice)
{
	struct kfix_tiny k;
	int s;

	t_boot(1, NULL);
	s = t_spawn_script("s", SIM_SCHED_NORMAL, 0, 0);
	hog("hog", SIM_SCHED_NORMAL, 0, 0);
	ck_assert_int_eq(kfix_tiny_set_time_slice(s, 500), 0);
	ck_assert_int_eq(t_syscall(s, SIM_SYS_nice, 0, 0, 0), 0);
	ck_assert_int_eq(kfix_tiny_read(s, &k), 0);
	ck_assert_uint_eq(k.time_slice, 500);
	ck_assert_int_eq(t_syscall(s, SIM_SYS_nice, 1, 0, 0), 0);
	ck_assert_int_eq(kfix_tiny_read(s, &k), 0);
	ck_assert_uint_eq(k.time_slice, SLICE_MS(1));
}
END_TEST

/* set_user_nice() results of a renicing body, in call order. */
#define NR_RENICE	4

static const int renice_to[NR_RENICE] = { 20, -21, -20, 19 };
static int renice_target;
static int renice_static_prio[NR_RENICE];

static void body_renice(void *unused)
{
	struct kfix_tiny k;
	int i;

	for (i = 0; i < NR_RENICE; i++) {
		kfix_tiny_renice(renice_target, renice_to[i]);
		kfix_tiny_read(renice_target, &k);
		renice_static_prio[i] = k.prio;
	}
}

/*
 * set_user_nice() takes nice values -20..19 only: 20 and -21 leave a
 * nice 0 task at static_prio 120; -20 and 19 give 100 and 139.
 */
START_TEST(tiny_nice_out_of_range_refused)
{
	static const int want[NR_RENICE] = { 120, 120, 100, 139 };
	int i;

	t_boot(1, NULL);
	renice_target = t_spawn_script("target", SIM_SCHED_NORMAL, 0, 0);
	t_spawn("renicer", SIM_SCHED_NORMAL, 0, 0, body_renice, NULL);
	t_run(MS(1));
	for (i = 0; i < NR_RENICE; i++)
		ck_assert_msg(renice_static_prio[i] == want[i], "nice %d: prio "
			      "%d, not %d", renice_to[i],
			      renice_static_prio[i], want[i]);
}
END_TEST

/* When the waiter's wait_task_inactive() returned. */
static unsigned long long inactive_at;

static void body_wait_inactive(void *arg)
{
	kfix_call_wrapper(KFIX_HOOK_wait_task_inactive, *(int *)arg);
	inactive_at = sim_now();
}

/*
 * 2 CPUs: script task T burns 10 ms on cpu1; a task on cpu0 calls
 * wait_task_inactive(T) 2 ms in: it spins until T is off cpu1, at the
 * end of the burn, not before, and returns at the next turn of its
 * busy-wait loop (cpu_relax() takes 1 us).
 */
#define CPU_RELAX_NS	1000ULL

START_TEST(tiny_wait_task_inactive_until_off_cpu)
{
	static int target;
	struct sim_task_attr a;
	unsigned long long start;

	t_boot(2, NULL);
	target = pinned_script("t", SIM_SCHED_NORMAL, 0, "1");
	start = sim_now();
	post(target, SIM_CMD_BURN, MS(10), 0);
	t_run(MS(2));
	sim_task_attr_init(&a);
	a.name = "waiter";
	a.cpus = "0";
	ck_assert_int_gt(sim_spawn(&a, body_wait_inactive, &target), 0);
	t_run(MS(20));
	ck_assert_uint_ge(inactive_at, start + MS(10));
	ck_assert_uint_le(inactive_at, start + MS(10) + CPU_RELAX_NS);
}
END_TEST

/* ---- I/O wait ------------------------------------------------------------ */

/*
 * 1 CPU, otherwise idle: a script task waits 100 jiffies in
 * io_schedule_timeout().  Meanwhile it is 'D' and every idle tick counts
 * as iowait, not idle; io_schedule_timeout returns 0 when it times out.
 */
#define IO_WAIT_JIFFIES	100

START_TEST(tiny_iowait_counts_on_idle_cpu)
{
	struct sim_cpu_info before, during, after;
	int s;

	t_boot(1, NULL);
	s = t_spawn_script("io", SIM_SCHED_NORMAL, 0, 0);
	t_run(MS(1));
	before = cpu_info(0);

	post(s, SIM_CMD_IO_WAIT, IO_WAIT_JIFFIES, 0);
	t_run(MS(50));
	ck_assert_int_eq(t_info(s).state, 'D');
	during = cpu_info(0);
	ck_assert_uint_eq(during.iowait - before.iowait, 50);
	ck_assert_uint_eq(during.idle, before.idle);

	wait_cmds(s);
	ck_assert_int_eq(sim_cmd_result(s), 0);
	after = cpu_info(0);
	ck_assert_uint_eq(after.iowait - before.iowait, IO_WAIT_JIFFIES);
	t_run(MS(10));
	ck_assert_uint_eq(cpu_info(0).iowait, after.iowait);
	ck_assert_uint_eq(cpu_info(0).idle - after.idle, 10);
}
END_TEST

/* ---- what tiny promises the conformance suite ---------------------------- */

/*
 * starvation_bound(n), in jiffies: a runnable SCHED_NORMAL task waits at
 * most one slice of each of the n - 1 others, each at most a nice -20
 * slice (twice the tunable, rounded up to jiffies), plus the tick it
 * takes to notice; 0 with nothing runnable.
 *   HZ 1000, 100 ms: n = 4 -> 3 * 200 + 1 = 601
 *   HZ 1000,  40 ms: n = 4 -> 3 * 80 + 1 = 241
 *   HZ 100,  100 ms: n = 4 -> 3 * 20 + 1 = 61
 *   HZ 250,    5 ms: n = 3 -> 2 * 3 + 1 = 7 (10 ms is 2.5 -> 3 jiffies)
 */
static const struct {
	int hz;
	const char *tunable;
	unsigned long nr_running, bound;
} bound_table[] = {
	{ 1000, "100", 0, 0 },
	{ 1000, "100", 1, 1 },
	{ 1000, "100", 4, 601 },
	{ 1000, "40", 4, 241 },
	{ 100, "100", 4, 61 },
	{ 250, "5", 3, 7 },
};

#define NR_BOUNDS	((int)(sizeof(bound_table) / sizeof(bound_table[0])))

START_TEST(tiny_starvation_bound_formula)
{
	boot_hz(1, bound_table[_i].hz);
	ck_assert_int_eq(sim_sysfs_write("/sys/cpusched/tiny/timeslice",
					 bound_table[_i].tunable), 0);
	ck_assert_uint_eq(kfix_starvation_bound(bound_table[_i].nr_running),
			  bound_table[_i].bound);
}
END_TEST

/* schedule() calls so far on every CPU: schedstat's sched_cnt, summed. */
static unsigned long long schedule_calls(void)
{
	const char *line = sim_schedstat();
	unsigned long long sum = 0, v[8];
	int cpu;

	while ((line = strstr(line, "\ncpu")) != NULL) {
		line++;
		ck_assert_int_eq(sscanf(line, "cpu%d %llu %llu %llu %llu %llu "
					"%llu %llu %llu", &cpu, &v[0], &v[1],
					&v[2], &v[3], &v[4], &v[5], &v[6],
					&v[7]), 9);
		sum += v[6];
	}
	return sum;
}

/*
 * tiny picks in O(1): each schedule() looks at the bitmap once, so the
 * pick work it reports is exactly one per call, from boot on (2 CPUs,
 * hogs, sleepers and a yield for 1 s).
 */
START_TEST(tiny_pick_work_one_per_schedule)
{
	unsigned long long work, calls;
	int s;

	t_boot(2, NULL);
	/* tiny says so */
	ck_assert(kfix_driver_o1());
	work = kfix_pick_work();
	calls = schedule_calls();
	ck_assert_uint_eq(work, calls);
	hog("a", SIM_SCHED_NORMAL, 0, 0);
	hog("b", SIM_SCHED_NORMAL, 0, 0);
	hog("c", SIM_SCHED_RR, 10, 0);
	t_spawn("sleeper", SIM_SCHED_NORMAL, 0, 0, t_body_sleeper,
		(void *)10L);
	s = t_spawn_script("s", SIM_SCHED_NORMAL, 0, 0);
	post(s, SIM_CMD_SYSCALL, SIM_SYS_sched_yield, 0);
	t_run(SEC(1));
	ck_assert_uint_gt(schedule_calls() - calls, 0);
	ck_assert_uint_eq(kfix_pick_work() - work, schedule_calls() - calls);
}
END_TEST

/* ---- the driver's own check --------------------------------------------- */

/*
 * Two nice 0 hogs on one CPU, 5 ms in: the check passes, and the one
 * queued but not running is returned.
 */
static int queued_hog(void)
{
	int a, b, q;

	t_boot(1, NULL);
	a = hog("hog", SIM_SCHED_NORMAL, 0, 0);
	b = hog("hog", SIM_SCHED_NORMAL, 0, 0);
	t_run(MS(5));
	q = cpu_info(0).curr_pid == a ? b : a;
	ck_assert_int_eq(t_info(q).state, 'Q');
	ck_assert_int_eq(sim_check(), 0);
	return q;
}

static void assert_reported(const char *want)
{
	ck_assert_msg(strstr(sim_report(), want) != NULL, "report \"%s\" "
		      "lacks \"%s\"", sim_report(), want);
}

/*
 * A queued task whose ->prio is not what effective_prio() gives (its
 * static_prio 120, nothing inherited: 140), though still on the level of
 * that prio (every SCHED_NORMAL prio is level 100).
 */
START_TEST(tiny_check_reports_prio_not_effective)
{
	char want[80];
	int q = queued_hog();

	ck_assert_int_eq(kfix_tiny_break_prio(q, 110), 0);
	ck_assert_int_ne(sim_check(), 0);
	snprintf(want, sizeof(want), "hog/%d has prio 110, normal 120, "
		 "inherited 140", q);
	assert_reported(want);
}
END_TEST

/* A queued task with no slice left: the tick refills it at 0. */
START_TEST(tiny_check_reports_empty_slice)
{
	char want[64];
	int q = queued_hog();

	ck_assert_int_eq(kfix_tiny_break_time_slice(q, 0), 0);
	ck_assert_int_ne(sim_check(), 0);
	snprintf(want, sizeof(want), "hog/%d has no slice left", q);
	assert_reported(want);
}
END_TEST

/* A task on a queue that is not marked on_rq. */
START_TEST(tiny_check_reports_queued_task_not_marked)
{
	char want[80];
	int q = queued_hog();

	ck_assert_int_eq(kfix_tiny_break_on_rq(q, 0), 0);
	ck_assert_int_ne(sim_check(), 0);
	snprintf(want, sizeof(want), "cpu0: hog/%d queued at level 100, "
		 "prio 120, on_rq 0", q);
	assert_reported(want);
}
END_TEST

/* The running task stays queued in tiny: one that is not is reported. */
START_TEST(tiny_check_reports_running_task_not_queued)
{
	char want[64];
	int r;

	queued_hog();
	r = cpu_info(0).curr_pid;
	ck_assert_int_eq(kfix_tiny_break_on_rq(r, 0), 0);
	ck_assert_int_ne(sim_check(), 0);
	snprintf(want, sizeof(want), "cpu0: running hog/%d is not queued", r);
	assert_reported(want);
}
END_TEST

/*
 * FIFO 50 hog running (level 49), FIFO 40 hog queued (level 59); the
 * running one's prio is made 69 behind the driver's back: it now runs
 * at a level worse than one queued (its own old one), and no
 * reschedule is pending.
 */
START_TEST(tiny_check_reports_running_below_a_waiting_level)
{
	char want[96];
	int r;

	t_boot(1, NULL);
	r = hog("fifo50", SIM_SCHED_FIFO, 50, 0);
	hog("fifo40", SIM_SCHED_FIFO, 40, 0);
	t_run(MS(5));
	ck_assert_int_eq(cpu_info(0).curr_pid, r);
	ck_assert_int_eq(sim_check(), 0);
	ck_assert_int_eq(kfix_tiny_break_prio(r, 69), 0);
	ck_assert_int_ne(sim_check(), 0);
	snprintf(want, sizeof(want), "cpu0: fifo50/%d runs at level 69 "
		 "while level 49 waits, no reschedule pending", r);
	assert_reported(want);
}
END_TEST

/*
 * FIFO 50 hog running (level 49), FIFO 40 hog alone at level 59, a
 * NORMAL hog at 100; the FIFO 40 one is moved onto level 100's list
 * behind the driver's back: level 59's bit is set over an empty queue.
 */
START_TEST(tiny_check_reports_empty_level)
{
	int f, n;

	t_boot(1, NULL);
	hog("fifo50", SIM_SCHED_FIFO, 50, 0);
	f = hog("fifo40", SIM_SCHED_FIFO, 40, 0);
	n = hog("normal", SIM_SCHED_NORMAL, 0, 0);
	t_run(MS(5));
	ck_assert_int_eq(sim_check(), 0);
	ck_assert_int_eq(kfix_tiny_break_move(f, n), 0);
	ck_assert_int_ne(sim_check(), 0);
	assert_reported("cpu0 level 59: bit set, queue empty");
}
END_TEST

/*
 * 2 CPUs: hogs A (running) and B (queued) pinned to cpu0, hog C on
 * cpu1; B is moved onto cpu1's queue behind the driver's back, its CPU
 * with it, the counts not: every task is queued once on the CPU it
 * names, so only tiny's count per CPU is wrong.
 */
START_TEST(tiny_check_reports_count_off_per_cpu)
{
	int a, b, c;

	t_boot(2, NULL);
	a = pinned_hog("a", "0");
	b = pinned_hog("b", "0");
	c = pinned_hog("c", "1");
	t_run(MS(5));
	ck_assert_int_eq(cpu_info(0).curr_pid, a);
	ck_assert_int_eq(sim_check(), 0);
	ck_assert_int_eq(kfix_tiny_break_move(b, c), 0);
	ck_assert_int_ne(sim_check(), 0);
	assert_reported("cpu0: 1 queued, nr_running 2, nr_active 2");
}
END_TEST

/*
 * The idle task is below every level (prio 140) and never queued: a
 * prio of 139 or an on_rq flag is reported, each on its own.
 */
START_TEST(tiny_check_reports_idle_task_out_of_place)
{
	static const int prio[] = { 139, 140 }, on_rq[] = { 0, 1 };
	char want[64];

	t_boot(2, NULL);
	t_run(MS(1));
	ck_assert_int_eq(kfix_tiny_break_idle(1, prio[_i], on_rq[_i]), 0);
	ck_assert_int_ne(sim_check(), 0);
	snprintf(want, sizeof(want), "cpu1: idle task at prio %d, on_rq %d",
		 prio[_i], on_rq[_i]);
	assert_reported(want);
}
END_TEST

/* sched_idle_next() on a CPU that stays online. */
START_TEST(tiny_check_reports_idle_next_on_online_cpu)
{
	queued_hog();
	ck_assert_int_eq(kfix_tiny_idle_next(0), 0);
	ck_assert_int_ne(sim_check(), 0);
	assert_reported("cpu0: online with idle_next set");
}
END_TEST

/* ---- the suite ----------------------------------------------------------- */

static Suite *tiny_suite(void)
{
	Suite *s = suite_create("tiny");
	TCase *tc;

	tc = tcase_create("timeslice");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_loop_test(tc, tiny_slice_by_nice_normal, 0, NR_SLICES);
	tcase_add_loop_test(tc, tiny_slice_by_nice_rr, 0, NR_SLICES);
	tcase_add_test(tc, tiny_slice_fifo_is_zero);
	tcase_add_loop_test(tc, tiny_slice_rounds_up_to_jiffies, 0,
			    NR_SLICES_HZ);
	tcase_add_test(tc, tiny_slice_one_jiffy_turns_at_hz100);
	tcase_add_loop_test(tc, tiny_slice_tunable_scales_by_nice, 0,
			    NR_SLICES_TUNABLE);
	suite_add_tcase(s, tc);

	tc = tcase_create("share");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, tiny_share_nice0_vs_nice19);
	tcase_add_test(tc, tiny_share_equal_nice);
	tcase_add_test(tc, tiny_share_round_robin_no_starvation);
	tcase_add_test(tc, tiny_share_nice_minus20_is_sliced);
	suite_add_tcase(s, tc);

	tc = tcase_create("rt");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, tiny_rt_fifo_starves_normal);
	tcase_add_test(tc, tiny_rt_higher_fifo_preempts_at_once);
	tcase_add_test(tc, tiny_rt_equal_fifo_does_not_preempt);
	tcase_add_test(tc, tiny_rt_rr_rotates_every_slice);
	tcase_add_test(tc, tiny_rt_fifo_never_expires);
	tcase_add_test(tc, tiny_rt_rr_preempts_normal);
	suite_add_tcase(s, tc);

	tc = tcase_create("wake");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, tiny_wake_worse_rt_does_not_preempt);
	tcase_add_test(tc, tiny_wake_normal_does_not_preempt_rt);
	tcase_add_loop_test(tc, tiny_wake_normal_does_not_preempt_normal, 0,
			    NR_WAKE_NORMAL);
	tcase_add_test(tc, tiny_wake_equal_rt_does_not_preempt_from_behind);
	tcase_add_test(tc, tiny_wake_better_rt_preempts_other_cpu_at_once);
	suite_add_tcase(s, tc);

	tc = tcase_create("lower");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, tiny_setscheduler_lower_running_gives_way_at_once);
	tcase_add_test(tc, tiny_boost_end_gives_way_at_once);
	tcase_add_test(tc, tiny_boost_within_level_keeps_cpu);
	tcase_add_test(tc, tiny_fork_child_gets_a_whole_slice);
	suite_add_tcase(s, tc);

	tc = tcase_create("yield");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, tiny_yield_normal_gives_way);
	tcase_add_test(tc, tiny_yield_rr_gives_way);
	tcase_add_test(tc, tiny_yield_fifo_keeps_cpu_over_lower);
	tcase_add_test(tc, tiny_yield_alone_returns_zero);
	suite_add_tcase(s, tc);

	tc = tcase_create("fork");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, tiny_fork_exit_counts);
	tcase_add_test(tc, tiny_fork_script_child_exits);
	suite_add_tcase(s, tc);

	tc = tcase_create("smp");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, tiny_affinity_pinned_hog_stays);
	tcase_add_test(tc, tiny_affinity_setaffinity_moves_running);
	tcase_add_test(tc, tiny_smp_four_hogs_four_cpus);
	tcase_add_test(tc, tiny_smp_wakeup_to_idle_cpu);
	tcase_add_test(tc, tiny_smp_idle_cpu_pulls);
	tcase_add_test(tc, tiny_smp_three_hogs_fill_two_cpus);
	tcase_add_test(tc, tiny_fork_to_least_loaded_lowest_first);
	tcase_add_test(tc, tiny_wake_on_own_idle_cpu);
	tcase_add_test(tc, tiny_wake_on_lowest_idle_cpu);
	tcase_add_test(tc, tiny_wake_on_own_cpu_when_all_busy);
	tcase_add_test(tc, tiny_pull_from_busiest_lowest_first);
	tcase_add_test(tc, tiny_pull_takes_best_allowed_waiting_task);
	tcase_add_test(tc, tiny_pull_leaves_a_cpu_its_only_task);
	tcase_add_test(tc, tiny_affinity_moves_queued_task_at_once);
	tcase_add_test(tc, tiny_affinity_moves_sleeping_task_at_once);
	tcase_add_test(tc, tiny_affinity_pushes_running_task_to_least_loaded);
	tcase_add_test(tc, tiny_hotplug_moves_every_task);
	tcase_add_test(tc, tiny_hotplug_deals_queued_tasks_out);
	tcase_add_test(tc, tiny_hotplug_cpu_back_runs_tasks);
	suite_add_tcase(s, tc);

	tc = tcase_create("sleep");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, tiny_sleep_with_signal_pending_returns_at_once);
	tcase_add_test(tc, tiny_switches_voluntary_and_involuntary);
	suite_add_tcase(s, tc);

	tc = tcase_create("nice");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, tiny_nice_changes_slice);
	tcase_add_test(tc, tiny_nice_longer_slice_at_next_refill);
	tcase_add_test(tc, tiny_nice_shorter_slice_clamped_at_once);
	tcase_add_test(tc, tiny_nice_unchanged_keeps_the_slice);
	tcase_add_test(tc, tiny_nice_out_of_range_refused);
	tcase_add_test(tc, tiny_iowait_counts_on_idle_cpu);
	suite_add_tcase(s, tc);

	tc = tcase_create("promises");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_loop_test(tc, tiny_starvation_bound_formula, 0, NR_BOUNDS);
	tcase_add_test(tc, tiny_pick_work_one_per_schedule);
	suite_add_tcase(s, tc);

	tc = tcase_create("check");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, tiny_check_reports_prio_not_effective);
	tcase_add_test(tc, tiny_check_reports_empty_slice);
	tcase_add_test(tc, tiny_check_reports_queued_task_not_marked);
	tcase_add_test(tc, tiny_check_reports_running_task_not_queued);
	tcase_add_test(tc, tiny_check_reports_running_below_a_waiting_level);
	tcase_add_test(tc, tiny_check_reports_empty_level);
	tcase_add_test(tc, tiny_check_reports_idle_next_on_online_cpu);
	tcase_add_test(tc, tiny_check_reports_count_off_per_cpu);
	tcase_add_loop_test(tc, tiny_check_reports_idle_task_out_of_place, 0,
			    2);
	suite_add_tcase(s, tc);

	tc = tcase_create("hooks");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, tiny_task_curr_only_the_running_task);
	tcase_add_test(tc, tiny_rt_task_and_prio_follow_the_level);
	tcase_add_loop_test(tc, tiny_oom_victim_runs_one_second, 0, 2);
	tcase_add_test(tc, tiny_wait_task_inactive_until_off_cpu);
	suite_add_tcase(s, tc);

	return s;
}

int main(void)
{
	return t_run_suite_on(tiny_suite(), "tiny");
}
