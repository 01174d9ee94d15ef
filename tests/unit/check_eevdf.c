/*
 * tests/unit/check_eevdf.c - the eevdf driver (drivers/eevdf.c,
 * "cpusched=eevdf") against the published rules of EEVDF as Linux 6.6
 * runs it (Stoica and Abdel-Wahab 1995; Zijlstra 2023):
 *   - the task picked is eligible (its lag w * (V - v) is not negative)
 *     and no eligible task has an earlier virtual deadline;
 *   - V is the weighted average of the queued virtual runtimes, so the
 *     lags of the queued tasks sum to zero: a new task joins at V;
 *   - a sleeper comes back with the lag it left with, and that lag is
 *     at most two of its requests (or a tick);
 *   - hogs share a CPU by weight: nice 0 and nice 5 as 1024 to 335;
 *   - a request is one slice, base_slice (0.75 ms) times 1 + log2 of
 *     the CPUs (at most 8); a new task's first deadline is half a
 *     request away; the CPU is picked again at the tick after a
 *     deadline passes, never before;
 *   - a woken task preempts when the pick would choose it: eligible and
 *     due first; with run_to_parity (the default) not before the
 *     running task, still eligible, has finished its request;
 *   - a boost by a better-niced waiter lends that nice's weight;
 *   - the tunables refuse values out of their range and change nothing;
 *   - the driver's own check (check_cpu) reports each broken rule of its
 *     private structures.
 *
 * Virtual runtimes, deadlines and lags are read through kfix_eevdf.h,
 * and what the queue should say (V, who is eligible) is recomputed there
 * from the tasks' fields alone.  Times come from the machine's own
 * accounting (sim_task_info), independent of the driver.  HZ is 1000:
 * a tick is 1 ms.
 *
 * The whole suite exits 77 (skipped) with a message when the library was
 * built without the eevdf driver.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"
#include "kfix_eevdf.h"
#include "kfixtures.h"

#define CMDLINE			"cpusched=eevdf"
#define TICK_NS			MS(1)	/* HZ 1000 */
#define SYSFS			"/sys/cpusched/eevdf/"

/* ---- eevdf's numbers ----------------------------------------------------- */

#define NICE_0_LOAD		1024
#define NICE_5_LOAD		335
#define NICE_MINUS_10_LOAD	9548
#define BASE_SLICE_NS		750000ULL	/* one CPU */

/* ---- fixtures and helpers ------------------------------------------------ */

static void teardown(void)
{
	sim_trace_set_sink(NULL, NULL);
	t_shutdown();
}

static void boot(int cpus)
{
	t_boot(cpus, CMDLINE);
}

static int hog(const char *name, int nice)
{
	return t_spawn(name, SIM_SCHED_NORMAL, 0, nice, t_body_hog, NULL);
}

static struct kfix_eevdf task(int pid)
{
	struct kfix_eevdf k;

	ck_assert_int_eq(kfix_eevdf_read(pid, &k), 0);
	return k;
}

static struct kfix_eevdf_queue queue(int cpu)
{
	struct kfix_eevdf_queue q;

	ck_assert_int_eq(kfix_eevdf_queue(cpu, &q), 0);
	return q;
}

/* lag_of - V - v of queued @pid, V recomputed from its CPU's queue. */
static long long lag_of(int pid)
{
	struct kfix_eevdf k = task(pid);

	ck_assert(k.on_rq);
	return (long long)(queue(t_info(pid).cpu).v - k.vruntime);
}

static void tunable(const char *name, const char *value)
{
	char path[64];

	snprintf(path, sizeof(path), SYSFS "%s", name);
	ck_assert_int_eq(sim_sysfs_write(path, value), 0);
}

/* the pid @cpu runs, 0 for its idle task */
static int curr_pid(int cpu)
{
	struct sim_cpu_info ci;

	ck_assert_int_eq(sim_cpu_info(cpu, &ci), 0);
	return ci.curr_pid;
}

static unsigned long long runtime(int pid)
{
	return t_info(pid).runtime_ns;
}

/* user memory of script task @pid holding a struct sched_param */
static unsigned long user_param(int pid, int prio)
{
	unsigned long uaddr = sim_user_map(pid, sizeof(prio));

	ck_assert_msg(uaddr != 0, "sim_user_map: %s", sim_error());
	ck_assert_int_eq(sim_user_write(pid, uaddr, &prio, sizeof(prio)), 0);
	return uaddr;
}

/* ---- the pick ------------------------------------------------------------ */

/*
 * What the trace sink saw: every switch to a task, audited right there
 * (the pick has just been made): eligible and earliest among eligible.
 */
struct audit {
	unsigned long switches, failures;
	char first[160];
};

static void audit_switch(const struct sim_trace_event *ev, void *arg)
{
	struct audit *a = arg;
	char why[160];

	if (ev->type != SIM_TRACE_SWITCH || !ev->next_pid)
		return;
	a->switches++;
	if (kfix_eevdf_audit_pick(ev->cpu, why, sizeof(why)) == 0)
		return;
	if (!a->failures++)
		snprintf(a->first, sizeof(a->first), "%s", why);
}

static void body_periodic(void *period_ms)
{
	unsigned long ms = (unsigned long)period_ms;

	for (;;) {
		sim_burn(MS(1));
		sim_sleep(MS(ms));
	}
}

/*
 * 1 and 2 CPUs, 2 s: hogs at nice -5, 0, 0, 5 and 19, one with its own
 * 0.2 ms request, one with 5 ms, and periodic tasks (1 ms of work every
 * 4 and 13 ms).  At every one of the hundreds of switches to a fair
 * task, that task is eligible and no eligible task is due sooner.
 */
START_TEST(eevdf_pick_is_eligible_with_earliest_deadline)
{
	static const int nice[] = { -5, 0, 0, 5, 19 };
	struct audit a = { 0, 0, "" };
	int k, pid[5];

	boot(1 + _i);
	for (k = 0; k < 5; k++)
		pid[k] = hog("hog", nice[k]);
	ck_assert_int_eq(kfix_eevdf_set_slice(pid[1], 200), 0);
	ck_assert_int_eq(kfix_eevdf_set_slice(pid[2], 5000), 0);
	t_spawn("p4", SIM_SCHED_NORMAL, 0, 0, body_periodic, (void *)4UL);
	t_spawn("p13", SIM_SCHED_NORMAL, 0, -3, body_periodic, (void *)13UL);
	sim_trace_set_sink(audit_switch, &a);
	t_run(SEC(2));
	sim_trace_set_sink(NULL, NULL);
	ck_assert_msg(a.switches > 500, "only %lu switches", a.switches);
	ck_assert_msg(a.failures == 0, "%lu of %lu picks wrong, first: %s",
		      a.failures, a.switches, a.first);
}
END_TEST

/* ---- lag ----------------------------------------------------------------- */

static void body_short(void *unused)
{
	sim_burn(MS(2));
}

static void body_burn_then_sleep(void *unused)
{
	sim_burn(400000);
	sim_sleep(MS(100));
}

/*
 * A nice 0 task alone on 1 CPU runs 400 us and sleeps: its virtual
 * runtime has grown by the 400 us it ran (weight 1024: one virtual ns a
 * ns), the part since the last tick charged as it leaves the queue.
 */
START_TEST(eevdf_sleeper_is_charged_up_to_its_sleep)
{
	unsigned long long v0;
	int p;

	boot(1);
	p = t_spawn("p", SIM_SCHED_NORMAL, 0, 0, body_burn_then_sleep, NULL);
	v0 = task(p).vruntime;
	t_run(MS(50));
	ck_assert_int_eq(task(p).on_rq, 0);
	ck_assert_uint_eq(task(p).vruntime - v0, 400000);
}
END_TEST

/*
 * 1 CPU, hogs at nice -5, 0, 5 and 10 and a periodic task; every 37 ms
 * for 1 s a new task joins (2 ms of work, then it exits).  A new task
 * has no lag: it joins at V.  Then the lags of all the queued tasks,
 * sum w_i * (v_new - v_i), add up to zero within rounding: V is kept in
 * whole virtual ns, so less than one ns per unit of weight, |sum| < W.
 */
START_TEST(eevdf_new_task_joins_where_lags_sum_to_zero)
{
	static const int nice[] = { -5, 0, 5, 10 };
	struct kfix_eevdf_queue q;
	struct kfix_eevdf k;
	long long sum;
	int i, pid;

	boot(1);
	for (i = 0; i < 4; i++)
		hog("hog", nice[i]);
	t_spawn("p7", SIM_SCHED_NORMAL, 0, 0, body_periodic, (void *)7UL);
	t_run(MS(100));
	for (i = 0; i < 27; i++) {
		pid = t_spawn("new", SIM_SCHED_NORMAL, 0, 0, body_short, NULL);
		k = task(pid);
		q = queue(0);
		/* sum w_i (v_new - v_i) = W * (v_new - V exact) */
		sum = (long long)q.load * (long long)(k.vruntime - q.v);
		ck_assert_msg(q.nr >= 5, "%d fair tasks queued", q.nr);
		ck_assert_msg(sum > -(long long)q.load && sum <= 0,
			      "join %d: new task at %llu, V %llu, W %lu", i,
			      k.vruntime, q.v, q.load);
		t_run(MS(37));
	}
}
END_TEST

/*
 * 1 CPU, two nice 0 hogs, script task S (nice 0) asleep.  S is given a
 * lag of +300 us and -300 us of virtual time (V - v) while it sleeps;
 * woken, it is at V - lag again, to within 3 ns of rounding: joining
 * scales its lag by (W + w) / W first, since its own weight pulls V
 * toward it.  Without the scaling it would come back with 2/3 of it.
 */
static const long long sleeper_lag[] = { 300000, -300000 };

START_TEST(eevdf_sleeper_comes_back_with_its_lag)
{
	int s;
	long long lag;

	boot(1);
	hog("hog", 0);
	hog("hog", 0);
	s = t_spawn_script("s", SIM_SCHED_NORMAL, 0, 0);
	t_run(MS(50));
	ck_assert_int_eq(t_info(s).state, 'S');
	ck_assert_int_eq(kfix_eevdf_set_vlag(s, sleeper_lag[_i]), 0);
	ck_assert_int_eq(sim_cmd(s, SIM_CMD_BURN, MS(1), 0, 0, 0), 0);
	lag = lag_of(s);
	ck_assert_msg(llabs(lag - sleeper_lag[_i]) <= 3,
		      "came back with lag %lld, left with %lld", lag,
		      sleeper_lag[_i]);
}
END_TEST

/*
 * 1 CPU: hog A asks for 100 ms requests, hog B for the default 0.75 ms
 * or its own 0.2 ms.  While A runs one request, B waits and its lag
 * (V - v) grows past 10 ms.  A FIFO script task then calls
 * sched_setscheduler(B, NORMAL): B leaves the queue and rejoins,
 * keeping at most two of its requests of lag, or a tick if that is
 * more: 1.5 ms, and 1 ms for the 0.2 ms requests.
 */
#define BIG_REQUEST_US		100000

static const struct {
	unsigned int request_us;
	long long lag_kept;
} lag_clamp[] = {
	{ 0, 2 * BASE_SLICE_NS },
	{ 200, TICK_NS },
};

START_TEST(eevdf_lag_kept_is_at_most_two_requests)
{
	int a, b, s, n;

	boot(1);
	s = t_spawn_script("s", SIM_SCHED_FIFO, 10, 0);
	a = hog("a", 0);
	ck_assert_int_eq(kfix_eevdf_set_slice(a, BIG_REQUEST_US), 0);
	b = hog("b", 0);
	ck_assert_int_eq(kfix_eevdf_set_slice(b, lag_clamp[_i].request_us),
			 0);
	for (n = 0; n < 300 && lag_of(b) < (long long)MS(10); n++)
		t_run(MS(1));
	ck_assert_msg(lag_of(b) >= (long long)MS(10), "B's lag is %lld",
		      lag_of(b));
	ck_assert_int_eq(t_syscall(s, SIM_SYS_sched_setscheduler, b,
				   SIM_SCHED_NORMAL, user_param(s, 0)), 0);
	ck_assert_int_eq(lag_of(b), lag_clamp[_i].lag_kept);
}
END_TEST

/* The renicer's target and nice, for body_renice(). */
static int renice_pid, renice_nice;

static void body_renice(void *unused)
{
	kfix_eevdf_renice(renice_pid, renice_nice);
}

/*
 * 1 CPU, two nice 0 hogs, script task S (nice 0) asleep with a lag of
 * +300 us of virtual time.  Reniced to 5 while it sleeps, it keeps what
 * it is owed, w * (V - v) = 1024 * 300 us: its virtual lag becomes
 * 300 us * 1024 / 335 = 917 us, and woken, it is there (to within
 * rounding: 3 ns of virtual time).
 */
START_TEST(eevdf_reniced_sleeper_keeps_its_weighted_lag)
{
	long long lag, want = 300000LL * NICE_0_LOAD / NICE_5_LOAD;
	int s;

	boot(1);
	hog("hog", 0);
	hog("hog", 0);
	s = t_spawn_script("s", SIM_SCHED_NORMAL, 0, 0);
	t_run(MS(50));
	ck_assert_int_eq(kfix_eevdf_set_vlag(s, 300000), 0);
	renice_pid = s;
	renice_nice = 5;
	t_spawn("renicer", SIM_SCHED_FIFO, 10, 0, body_renice, NULL);
	t_run(MS(1));
	ck_assert_uint_eq(task(s).weight, NICE_5_LOAD);
	ck_assert_int_eq(sim_cmd(s, SIM_CMD_BURN, MS(1), 0, 0, 0), 0);
	lag = lag_of(s);
	ck_assert_msg(llabs(lag - want) <= 3, "came back with lag %lld, want "
		      "%lld", lag, want);
}
END_TEST

/* ---- shares -------------------------------------------------------------- */

/*
 * 1 CPU, hogs at nice 0 and nice 5 for 10 s: they share it as their
 * weights, 1024 to 335 (3.06), within 10%: 2.75 .. 3.36.
 */
#define SHARE_RATIO		((double)NICE_0_LOAD / NICE_5_LOAD)

START_TEST(eevdf_nice_0_and_5_share_1024_to_335)
{
	int a, b;
	double ratio;

	boot(1);
	a = hog("nice0", 0);
	b = hog("nice5", 5);
	t_run(SEC(10));
	ratio = (double)runtime(a) / runtime(b);
	ck_assert_msg(ratio >= SHARE_RATIO * 0.9 && ratio <= SHARE_RATIO * 1.1,
		      "nice 0 ran %llu ms, nice 5 %llu ms: %.3f, want %.3f",
		      runtime(a) / MS(1), runtime(b) / MS(1), ratio,
		      SHARE_RATIO);
}
END_TEST

/* ---- requests and deadlines ---------------------------------------------- */

/*
 * The wake-ups of one task and how long each waited for its CPU: from
 * the successful wake-up to the switch to it.
 */
struct wake_wait {
	int pid;
	unsigned long n;
	unsigned long long woke, sum, max;
};

static void note_wake_wait(const struct sim_trace_event *ev, void *arg)
{
	struct wake_wait *w = arg;
	unsigned long long waited;

	if (ev->type == SIM_TRACE_WAKEUP && ev->pid == w->pid && ev->success)
		w->woke = ev->ns + 1;	/* 0: not waiting */
	if (ev->type != SIM_TRACE_SWITCH || ev->next_pid != w->pid ||
	    !w->woke)
		return;
	waited = ev->ns + 1 - w->woke;
	w->n++;
	w->sum += waited;
	if (waited > w->max)
		w->max = waited;
	w->woke = 0;
}

static void body_1_in_10(void *unused)
{
	for (;;) {
		sim_burn(MS(1));
		sim_sleep(MS(9));
	}
}

/*
 * 1 CPU, base_slice 10000 us, two nice 0 hogs and task P, 1 ms of work
 * every 10 ms, for 2 s.  P's wake-ups leave it eligible (it uses less
 * than its third), so its deadline decides: asking for 1 ms requests,
 * it is due before the running hog and runs at the instant of every one
 * of its ~150 wake-ups; asking for the default 10 ms, it waits 1 ms or
 * more on average (about 2 ms measured, 11 ms at worst).
 */
static const unsigned int p_request_us[] = { 1000, 0 };

START_TEST(eevdf_shorter_request_runs_sooner_after_wakeup)
{
	struct wake_wait w = { 0, 0, 0, 0, 0 };

	boot(1);
	tunable("base_slice", "10000");
	hog("a", 0);
	hog("b", 0);
	w.pid = t_spawn("p", SIM_SCHED_NORMAL, 0, 0, body_1_in_10, NULL);
	ck_assert_int_eq(kfix_eevdf_set_slice(w.pid, p_request_us[_i]), 0);
	sim_trace_set_sink(note_wake_wait, &w);
	t_run(SEC(2));
	sim_trace_set_sink(NULL, NULL);
	ck_assert_msg(w.n > 100, "%lu wake-ups", w.n);
	if (p_request_us[_i])
		ck_assert_msg(w.max == 0, "a wake-up waited %llu us",
			      w.max / 1000);
	else
		ck_assert_msg(w.sum / w.n >= MS(1), "waited %llu us on average",
			      w.sum / w.n / 1000);
}
END_TEST

/*
 * A new task's request is base_slice (750 us) times 1 + log2(CPUs),
 * the CPUs counted up to 8: 1, 2, 4, 8, 16 CPUs give 0.75, 1.5, 2.25,
 * 3 and 3 ms.
 */
static const struct {
	int cpus;
	unsigned long long slice;
} request_table[] = {
	{ 1, 750000 }, { 2, 1500000 }, { 4, 2250000 }, { 8, 3000000 },
	{ 16, 3000000 },
};

START_TEST(eevdf_request_scales_with_log2_of_cpus)
{
	int pid;

	if (request_table[_i].cpus > sim_max_cpus())
		return;
	boot(request_table[_i].cpus);
	pid = t_spawn_script("s", SIM_SCHED_NORMAL, 0, 0);
	ck_assert_uint_eq(task(pid).slice, request_table[_i].slice);
}
END_TEST

/*
 * 1 CPU, a nice 0 hog running: a new task at nice 0 and one at nice 5
 * join at V with their first deadline half a request away, in virtual
 * time: 750 us * 1024 / 1024 / 2 = 375000 ns and 750 us * 1024 / 335
 * / 2 = 1146268 ns (to 1 ns: the weight divides as a multiply by its
 * inverse).
 */
START_TEST(eevdf_new_task_first_deadline_is_half_a_request)
{
	struct kfix_eevdf k;
	long long ahead;
	int a, b;

	boot(1);
	hog("hog", 0);
	t_run(MS(10));
	a = t_spawn_script("a", SIM_SCHED_NORMAL, 0, 0);
	k = task(a);
	ck_assert_uint_eq(k.deadline - k.vruntime, 375000);
	b = t_spawn_script("b", SIM_SCHED_NORMAL, 0, 5);
	k = task(b);
	ahead = k.deadline - k.vruntime;
	ck_assert_msg(llabs(ahead - 1146268) <= 1, "nice 5: %lld ahead",
		      ahead);
}
END_TEST

/*
 * The runs of one CPU, seen from the switches: how long each lasted.
 */
struct runs {
	unsigned long n, off_grid;
	unsigned long long start, min, max, grid;
};

static void note_switch(const struct sim_trace_event *ev, void *arg)
{
	struct runs *r = arg;
	unsigned long long len = ev->ns - r->start;

	if (ev->type != SIM_TRACE_SWITCH)
		return;
	if (r->start) {
		r->n++;
		if (len < r->min)
			r->min = len;
		if (len > r->max)
			r->max = len;
		if (len % r->grid)
			r->off_grid++;
	}
	r->start = ev->ns;
}

/*
 * 1 CPU, two nice 0 hogs, base_slice 3000 us: a request lasts 3 ms and
 * only the tick after its deadline ends it, so for 2 s every run is a
 * whole number of 3 ms requests.  And they alternate: a run ends once
 * the runner is no longer eligible, at most two requests (6 ms) in.
 */
START_TEST(eevdf_request_ends_at_the_tick_after_its_deadline)
{
	struct runs r = { 0, 0, 0, ~0ULL, 0, MS(3) };

	boot(1);
	tunable("base_slice", "3000");
	hog("a", 0);
	hog("b", 0);
	t_run(MS(20));
	sim_trace_set_sink(note_switch, &r);
	t_run(SEC(2));
	sim_trace_set_sink(NULL, NULL);
	ck_assert_msg(r.n > 150, "%lu runs", r.n);
	ck_assert_msg(r.off_grid == 0 && r.min >= MS(3),
		      "%lu of %lu runs not whole requests, shortest %llu us",
		      r.off_grid, r.n, r.min / 1000);
	ck_assert_msg(r.max <= MS(6), "a run of %llu ms", r.max / MS(1));
}
END_TEST

static void body_nap_then_hog(void *unused)
{
	sim_sleep(MS(1));
	t_body_hog(NULL);
}

/*
 * 1 CPU, base_slice 20000 us: hog H naps 1 ms, so that its wake-up
 * picks it for a whole 20 ms request.  At 5 ms script task S, asleep,
 * given no lag and its own 2 ms request, is woken: it joins at V (H's
 * vruntime), due 2 ms later, sooner than H, which has more than 10 ms
 * of its request left (*@left, read once S's joining charged H).
 * Returns S.
 */
static int wake_during_request(const char *parity, unsigned long long *left)
{
	struct kfix_eevdf k;
	int h, s;

	boot(1);
	tunable("base_slice", "20000");
	tunable("run_to_parity", parity);
	s = t_spawn_script("s", SIM_SCHED_NORMAL, 0, 0);
	ck_assert_int_eq(kfix_eevdf_set_slice(s, 2000), 0);
	h = t_spawn("h", SIM_SCHED_NORMAL, 0, 0, body_nap_then_hog, NULL);
	t_run(MS(5));
	ck_assert_int_eq(curr_pid(0), h);
	ck_assert_int_eq(kfix_eevdf_set_vlag(s, 0), 0);
	ck_assert_int_eq(sim_cmd(s, SIM_CMD_BURN, MS(5), 0, 0, 0), 0);
	k = task(h);
	*left = k.deadline - k.vruntime;
	ck_assert_msg(*left > MS(10) && *left < MS(20), "H has %llu us left",
		      *left / 1000);
	return s;
}

/* run_to_parity 0: S, eligible and due sooner, runs at once. */
START_TEST(eevdf_woken_task_due_sooner_preempts_without_parity)
{
	unsigned long long left;
	int s = wake_during_request("0", &left);

	ck_assert_int_eq(curr_pid(0), s);
}
END_TEST

/*
 * run_to_parity 1: H keeps the CPU to the end of its request, the tick
 * after *left; then S, eligible and due sooner, runs.
 */
START_TEST(eevdf_run_to_parity_finishes_the_request_first)
{
	unsigned long long left;
	int n = wake_during_request("1", &left);

	t_run(left - TICK_NS);
	ck_assert_msg(runtime(n) == 0, "S ran before H's request ended");
	t_run(2 * TICK_NS);
	ck_assert_msg(runtime(n) > 0, "S still waits after H's request");
}
END_TEST

/*
 * 1 CPU, base_slice 20000 us, hog H alone from 0 ms: its first request
 * (half a slice) ends at 10 ms and the next one follows without a pick,
 * so it no longer runs a request it was picked for.  At 12 ms script
 * task S, given no lag and its own 2 ms request, wakes, due sooner: with
 * run_to_parity on, it runs at once all the same.
 */
START_TEST(eevdf_run_to_parity_protects_only_a_picked_request)
{
	int h, s;

	boot(1);
	tunable("base_slice", "20000");
	s = t_spawn_script("s", SIM_SCHED_NORMAL, 0, 0);
	ck_assert_int_eq(kfix_eevdf_set_slice(s, 2000), 0);
	h = hog("h", 0);
	t_run(MS(12));
	ck_assert_int_eq(curr_pid(0), h);
	ck_assert_int_eq(kfix_eevdf_set_vlag(s, 0), 0);
	ck_assert_int_eq(sim_cmd(s, SIM_CMD_BURN, MS(5), 0, 0, 0), 0);
	ck_assert_int_eq(curr_pid(0), s);
}
END_TEST

/*
 * 1 CPU, script task Y and a hog, nice 0.  Y yields: its deadline moves
 * one request (750 us of virtual time) further, so after the call,
 * which runs in no time, it is two requests ahead of its vruntime.
 */
START_TEST(eevdf_yield_pushes_the_deadline_one_request)
{
	struct kfix_eevdf k;
	int y;

	boot(1);
	y = t_spawn_script("y", SIM_SCHED_NORMAL, 0, 0);
	hog("hog", 0);
	t_run(MS(10));
	ck_assert_int_eq(t_syscall(y, SIM_SYS_sched_yield, 0, 0, 0), 0);
	k = task(y);
	ck_assert_uint_eq(k.deadline - k.vruntime, 2 * BASE_SLICE_NS);
}
END_TEST

/* A task body that waits for @go, makes one system call, then burns. */
struct call_then_burn {
	volatile int go;
	int nr;
	long a0, a1, a2;
};

static void body_call_then_burn(void *arg)
{
	struct call_then_burn *c = arg;

	sim_wait_flag(&c->go);
	sim_syscall(c->nr, c->a0, c->a1, c->a2);
	sim_burn(MS(10));
}

/* At 5 ms, @pid, given no lag, is let go: woken to make its call. */
static void let_go_at_5_ms(int pid, struct call_then_burn *c)
{
	t_run(MS(5));
	ck_assert_int_eq(kfix_eevdf_set_vlag(pid, 0), 0);
	c->go = 1;
	ck_assert_int_eq(sim_wake(pid), 0);
}

/*
 * 1 CPU, a hog H asking for 0.2 ms requests.  At 5 ms task S, FIFO 50,
 * no lag, wakes, takes the CPU and makes itself SCHED_NORMAL: it joins
 * at V with a whole request (0.75 ms), due after H, and gives the CPU
 * up at once, not at the next tick, though it has 10 ms to burn.
 */
START_TEST(eevdf_rt_made_normal_gives_way_at_once)
{
	static struct call_then_burn c = { 0, SIM_SYS_sched_setscheduler,
					   0, SIM_SCHED_NORMAL, 0 };
	int s, h;

	boot(1);
	s = t_spawn("s", SIM_SCHED_FIFO, 50, 0, body_call_then_burn, &c);
	c.a2 = user_param(s, 0);
	h = hog("h", 0);
	ck_assert_int_eq(kfix_eevdf_set_slice(h, 200), 0);
	let_go_at_5_ms(s, &c);
	t_run(TICK_NS / 2);
	ck_assert_int_eq(t_info(s).policy, SIM_SCHED_NORMAL);
	ck_assert_int_eq(curr_pid(0), h);
}
END_TEST

/*
 * 1 CPU, a nice 0 hog H.  At 5 ms task S, nice 0, no lag, asking for
 * 0.1 ms requests, wakes, due first, takes the CPU and makes itself
 * nice 19: lighter, its request is now 0.1 ms * 1024 / 15 of virtual
 * time, due after H's; the CPU is picked again at once, not at the next
 * tick, and H runs, though S has 10 ms to burn.
 */
START_TEST(eevdf_renice_lighter_gives_way_at_once)
{
	static struct call_then_burn c = { 0, SIM_SYS_nice, 19, 0, 0 };
	int s, h;

	boot(1);
	h = hog("h", 0);
	s = t_spawn("s", SIM_SCHED_NORMAL, 0, 0, body_call_then_burn, &c);
	ck_assert_int_eq(kfix_eevdf_set_slice(s, 100), 0);
	let_go_at_5_ms(s, &c);
	t_run(TICK_NS / 2);
	ck_assert_int_eq(t_info(s).nice, 19);
	ck_assert_int_eq(curr_pid(0), h);
}
END_TEST

/* A task of @policy and @rt_priority on the CPUs of list @cpus. */
static int spawn_on(const char *name, int policy, int rt_priority,
		    const char *cpus, sim_body_t body, void *arg)
{
	struct sim_task_attr a;
	int pid;

	sim_task_attr_init(&a);
	a.name = name;
	a.policy = policy;
	a.rt_priority = rt_priority;
	a.cpus = cpus;
	pid = sim_spawn(&a, body, arg);
	ck_assert_msg(pid > 0, "spawn of %s: %s", name, sim_error());
	return pid;
}

static volatile int unlock_go;

/* Hold harness rt_mutex 0 until let go, then burn. */
static void body_hold_then_burn(void *unused)
{
	sim_mutex_lock(0);
	sim_wait_flag(&unlock_go);
	sim_mutex_unlock(0);
	sim_burn(MS(10));
}

static void body_lock(void *unused)
{
	sim_mutex_lock(0);
	sim_mutex_unlock(0);
}

/*
 * 2 CPUs.  On cpu0 a hog H asking for 0.2 ms requests, and S, nice 0,
 * holding harness rt_mutex 0, asleep; on cpu1 W, FIFO 10, blocks on
 * the mutex and lends S prio 89.  At 5 ms S, no lag, is woken: as RT it
 * takes cpu0, unlocks, and its boost ends: fair again, at V with a
 * whole request, due after H, it gives the CPU up at once, not at the
 * next tick, though it has 10 ms to burn.
 */
START_TEST(eevdf_boost_end_gives_way_at_once)
{
	int s, h;

	boot(2);
	h = spawn_on("h", SIM_SCHED_NORMAL, 0, "0", t_body_hog, NULL);
	ck_assert_int_eq(kfix_eevdf_set_slice(h, 200), 0);
	unlock_go = 0;
	s = spawn_on("s", SIM_SCHED_NORMAL, 0, "0", body_hold_then_burn, NULL);
	t_run(MS(2));
	spawn_on("w", SIM_SCHED_FIFO, 10, "1", body_lock, NULL);
	t_run(MS(3));
	ck_assert_int_eq(t_info(s).prio, 89);
	ck_assert_int_eq(kfix_eevdf_set_vlag(s, 0), 0);
	unlock_go = 1;
	ck_assert_int_eq(sim_wake(s), 0);
	t_run(TICK_NS / 2);
	ck_assert_int_eq(t_info(s).prio, 120);
	ck_assert_int_eq(curr_pid(0), h);
}
END_TEST

/*
 * sched_rr_get_interval() of a SCHED_NORMAL task is its request in
 * ticks, rounded up: 0.75 ms is 1 tick on 1 CPU, 2.25 ms 3 ticks on 4;
 * SCHED_RR's is 100 ms.
 */
START_TEST(eevdf_rr_interval_is_the_request_in_ticks)
{
	int s, rr;

	boot(1);
	s = t_spawn_script("s", SIM_SCHED_NORMAL, 0, 0);
	rr = t_spawn_script("rr", SIM_SCHED_RR, 10, 0);
	ck_assert_uint_eq(t_rr_interval_ns(s, 0), MS(1));
	ck_assert_uint_eq(t_rr_interval_ns(s, rr), MS(100));
	t_shutdown();
	if (sim_max_cpus() < 4)
		return;
	boot(4);
	s = t_spawn_script("s", SIM_SCHED_NORMAL, 0, 0);
	ck_assert_uint_eq(t_rr_interval_ns(s, 0), MS(3));
}
END_TEST

/* ---- priority inheritance ------------------------------------------------ */

/*
 * 1 CPU: script task S at nice 19 holds harness rt_mutex 0; W at nice
 * -10 blocks on it.  S inherits W's priority, 110 (PR 10), and with it
 * nice -10's weight, 9548; when S unlocks it is nice 19 again: 15.
 */
START_TEST(eevdf_inherited_nice_lends_its_weight)
{
	int s, w;

	boot(1);
	s = t_spawn_script("s", SIM_SCHED_NORMAL, 0, 19);
	w = t_spawn_script("w", SIM_SCHED_NORMAL, 0, -10);
	ck_assert_int_eq(t_cmd(s, SIM_CMD_MUTEX_LOCK, 0, 0, 0, 0), 0);
	ck_assert_int_eq(sim_cmd(w, SIM_CMD_MUTEX_LOCK, 0, 0, 0, 0), 0);
	t_run(MS(5));
	ck_assert_int_eq(t_info(s).prio, 110);
	ck_assert_uint_eq(task(s).weight, NICE_MINUS_10_LOAD);
	ck_assert_int_eq(t_cmd(s, SIM_CMD_MUTEX_UNLOCK, 0, 0, 0, 0), 0);
	ck_assert_int_eq(t_info(s).prio, 139);
	ck_assert_uint_eq(task(s).weight, 15);
}
END_TEST

/* What a FIFO 99 task pinned to cpu1 got from rt_task() of a task. */
static long rt_task_result;

static void body_ask_rt_task(void *pid)
{
	rt_task_result = kfix_call_wrapper(KFIX_HOOK_rt_task,
					   (int)(long)pid);
}

/* rt_task(@pid), asked by a FIFO 99 task on cpu1; 1 ms later it is done. */
static long rt_task(int pid)
{
	struct sim_task_attr a;

	rt_task_result = -2;
	sim_task_attr_init(&a);
	a.name = "asker";
	a.policy = SIM_SCHED_FIFO;
	a.rt_priority = 99;
	a.cpus = "1";
	ck_assert_int_gt(sim_spawn(&a, body_ask_rt_task, (void *)(long)pid),
			 0);
	t_run(MS(1));
	ck_assert_int_ne(rt_task_result, -2);
	return rt_task_result;
}

/*
 * 2 CPUs: rt_task() is true of FIFO 50 and RR 1 tasks, false of a nice
 * 0 one; true of that one while a FIFO 10 waiter lends it prio 89
 * through harness rt_mutex 0, false again once it unlocks.
 */
START_TEST(eevdf_rt_task_follows_the_effective_priority)
{
	int fifo, rr, s, w;

	boot(2);
	fifo = t_spawn_script("fifo", SIM_SCHED_FIFO, 50, 0);
	rr = t_spawn_script("rr", SIM_SCHED_RR, 1, 0);
	s = t_spawn_script("s", SIM_SCHED_NORMAL, 0, 0);
	w = t_spawn_script("w", SIM_SCHED_FIFO, 10, 0);
	ck_assert_int_eq(rt_task(fifo), 1);
	ck_assert_int_eq(rt_task(rr), 1);
	ck_assert_int_eq(rt_task(s), 0);
	ck_assert_int_eq(t_cmd(s, SIM_CMD_MUTEX_LOCK, 0, 0, 0, 0), 0);
	ck_assert_int_eq(sim_cmd(w, SIM_CMD_MUTEX_LOCK, 0, 0, 0, 0), 0);
	t_run(MS(1));
	ck_assert_int_eq(t_info(s).prio, 89);
	ck_assert_int_eq(rt_task(s), 1);
	ck_assert_int_eq(t_cmd(s, SIM_CMD_MUTEX_UNLOCK, 0, 0, 0, 0), 0);
	ck_assert_int_eq(t_info(s).prio, 120);
	ck_assert_int_eq(rt_task(s), 0);
}
END_TEST

/* ---- tunables ------------------------------------------------------------ */

/*
 * base_slice takes 100 .. 100000 us, run_to_parity 0 or 1; a value
 * outside is refused with -EINVAL and the value stays.
 */
static const struct {
	const char *name, *value;
	int ok;
} tunable_table[] = {
	{ "base_slice", "99", 0 },	{ "base_slice", "100", 1 },
	{ "base_slice", "100000", 1 },	{ "base_slice", "100001", 0 },
	{ "run_to_parity", "-1", 0 },	{ "run_to_parity", "0", 1 },
	{ "run_to_parity", "1", 1 },	{ "run_to_parity", "2", 0 },
};

START_TEST(eevdf_tunables_refuse_out_of_range)
{
	char path[64], buf[32], before[32];
	int ret;

	boot(1);
	snprintf(path, sizeof(path), SYSFS "%s", tunable_table[_i].name);
	ck_assert_int_gt(sim_sysfs_read(path, before, sizeof(before)), 0);
	ret = sim_sysfs_write(path, tunable_table[_i].value);
	ck_assert_int_gt(sim_sysfs_read(path, buf, sizeof(buf)), 0);
	if (tunable_table[_i].ok) {
		ck_assert_int_eq(ret, 0);
		ck_assert_int_eq(atoi(buf), atoi(tunable_table[_i].value));
	} else {
		ck_assert_int_eq(ret, -EINVAL);
		ck_assert_str_eq(buf, before);
	}
}
END_TEST

/* base_slice 750 at boot (6.6's 0.75 ms), run_to_parity 1. */
START_TEST(eevdf_tunables_boot_at_6_6_defaults)
{
	char buf[32];

	boot(1);
	ck_assert_int_gt(sim_sysfs_read(SYSFS "base_slice", buf, sizeof(buf)),
			 0);
	ck_assert_int_eq(atoi(buf), 750);
	ck_assert_int_gt(sim_sysfs_read(SYSFS "run_to_parity", buf,
					sizeof(buf)), 0);
	ck_assert_int_eq(atoi(buf), 1);
}
END_TEST

/* ---- the driver's own check ---------------------------------------------- */

/*
 * Three nice 0 hogs on one CPU, 10 ms in: the check passes.  @pid gets
 * the running one, then the two in the tree by vruntime.
 */
enum { RUNNING, FIRST, SECOND };

static void three_hogs(int *pid)
{
	int k, hogs[3];

	boot(1);
	for (k = 0; k < 3; k++)
		hogs[k] = hog("hog", 0);
	t_run(MS(10));
	ck_assert_int_eq(sim_check(), 0);
	pid[FIRST] = pid[SECOND] = 0;
	for (k = 0; k < 3; k++) {
		if (task(hogs[k]).curr)
			pid[RUNNING] = hogs[k];
		else if (!pid[FIRST])
			pid[FIRST] = hogs[k];
		else
			pid[SECOND] = hogs[k];
	}
	if (task(pid[SECOND]).vruntime < task(pid[FIRST]).vruntime) {
		k = pid[FIRST];
		pid[FIRST] = pid[SECOND];
		pid[SECOND] = k;
	}
}

static void assert_reported(const char *want)
{
	ck_assert_int_ne(sim_check(), 0);
	ck_assert_msg(strstr(sim_report(), want) != NULL,
		      "report \"%s\" lacks \"%s\"", sim_report(), want);
}

/*
 * One field of one of the three hogs set behind the driver's back, and
 * the rule the check reports broken (%d: that hog's pid).  @from: -1,
 * the field becomes @value; else @value plus that hog's vruntime.
 */
static const struct {
	int who;
	enum kfix_eevdf_field field;
	int from;
	long long value;
	const char *report;
} task_breaks[] = {
	/* the second in the tree moved before the first */
	{ SECOND, KFIX_EEVDF_VRUNTIME, FIRST, -1,
	  "tree out of order at hog/%d" },
	/* a summary that is not its subtree's earliest deadline */
	{ FIRST, KFIX_EEVDF_MIN_DEADLINE, -1, 1, "hog/%d min_deadline 1, not" },
	/* a deadline at the task's vruntime: no request asked */
	{ FIRST, KFIX_EEVDF_DEADLINE, FIRST, 0, "hog/%d deadline 0 ahead" },
	/* the sums behind V no longer the tree's (v moved 1 ns) */
	{ SECOND, KFIX_EEVDF_VRUNTIME, SECOND, 1, "cpu0: avg_vruntime" },
	/* a weight that is not its nice's */
	{ FIRST, KFIX_EEVDF_WEIGHT, -1, 1000,
	  "hog/%d at prio 120 weighs 1000, not 1024" },
	/* a task in the tree not marked queued */
	{ FIRST, KFIX_EEVDF_ON_RQ, -1, 0,
	  "hog/%d queued: on_rq 0, cpu 0, prio 120, effective 120" },
	/* the running task made RT: the queue still has it as fair curr */
	{ RUNNING, KFIX_EEVDF_PRIO, -1, 50, "queue's curr is not hog/%d" },
	/* the running task at another nice's priority */
	{ RUNNING, KFIX_EEVDF_PRIO, -1, 125,
	  "hog/%d queued: on_rq 1, cpu 0, prio 125, effective 120" },
};

START_TEST(eevdf_check_reports_broken_task_rule)
{
	long long value = task_breaks[_i].value;
	char want[80];
	int pid[3];

	three_hogs(pid);
	if (task_breaks[_i].from >= 0)
		value += task(pid[task_breaks[_i].from]).vruntime;
	ck_assert_int_eq(kfix_eevdf_break(pid[task_breaks[_i].who],
					  task_breaks[_i].field, value), 0);
	snprintf(want, sizeof(want), task_breaks[_i].report,
		 pid[task_breaks[_i].who]);
	assert_reported(want);
}
END_TEST

/* The running task's node looks linked into the tree. */
START_TEST(eevdf_check_reports_running_task_in_tree)
{
	char want[64];
	int pid[3];

	three_hogs(pid);
	ck_assert_int_eq(kfix_eevdf_break_in_tree(pid[RUNNING]), 0);
	snprintf(want, sizeof(want), "running hog/%d is in the tree",
		 pid[RUNNING]);
	assert_reported(want);
}
END_TEST

/*
 * 2 CPUs, four hogs: nr_running one more than the tasks queued on CPU
 * 0, one less on CPU 1 (the machine's sum still right).
 */
START_TEST(eevdf_check_reports_count_off)
{
	char want[80];
	int k;

	boot(2);
	for (k = 0; k < 4; k++)
		hog("hog", 0);
	t_run(MS(10));
	ck_assert_int_eq(sim_check(), 0);
	ck_assert_int_eq(kfix_eevdf_break_nr_running(0, 1), 0);
	ck_assert_int_eq(kfix_eevdf_break_nr_running(1, -1), 0);
	snprintf(want, sizeof(want), "cpu0: %d fair and 0 RT tasks queued, "
		 "nr_running %d", queue(0).nr, queue(0).nr + 1);
	assert_reported(want);
}
END_TEST

/*
 * FIFO 10 and FIFO 5 hogs queued behind a running FIFO 50 one: the
 * check passes; *@rt5 is the FIFO 5 one.
 */
static int rt_behind_fifo(int *rt5)
{
	int rt;

	boot(1);
	t_spawn("fifo", SIM_SCHED_FIFO, 50, 0, t_body_hog, NULL);
	rt = t_spawn("rt", SIM_SCHED_FIFO, 10, 0, t_body_hog, NULL);
	*rt5 = t_spawn("rt5", SIM_SCHED_FIFO, 5, 0, t_body_hog, NULL);
	t_run(MS(5));
	ck_assert_int_eq(sim_check(), 0);
	return rt;
}

/* The FIFO 10 task moved onto level 94's list: level 89 is empty. */
START_TEST(eevdf_check_reports_empty_rt_level)
{
	int rt5, rt = rt_behind_fifo(&rt5);

	ck_assert_int_eq(kfix_eevdf_break_move(rt, rt5), 0);
	assert_reported("cpu0: RT level 89 empty, bit set");
}
END_TEST

/* The FIFO 10 task given level 70, its list still level 89's. */
START_TEST(eevdf_check_reports_rt_task_at_wrong_level)
{
	char want[64];
	int rt5, rt = rt_behind_fifo(&rt5);

	ck_assert_int_eq(kfix_eevdf_break(rt, KFIX_EEVDF_RT_LEVEL, 70), 0);
	snprintf(want, sizeof(want), "rt/%d at level 89", rt);
	assert_reported(want);
}
END_TEST

/*
 * starvation_bound(n) in jiffies at HZ 1000: a request of r ticks
 * (0.75 ms rounded up on 1 CPU: 1; 1.5 ms on 2: 2), what a task may be
 * owed, owed = ((n - 1) * 2 + 2) * r, and W / w at most (n - 1) *
 * (88761 / 15 + 1) + 1, so ((n - 1) * 5918 + 1) * owed + 1:
 *   1 CPU: n = 1: 1 * 2 + 1 = 3; n = 2: 5919 * 4 + 1 = 23677;
 *          n = 6: 29591 * 12 + 1 = 355093
 *   2 CPUs: n = 2: 5919 * 8 + 1 = 47353
 */
static const struct {
	int cpus;
	unsigned long nr_running, bound;
} bound_table[] = {
	{ 1, 0, 0 }, { 1, 1, 3 }, { 1, 2, 23677 }, { 1, 6, 355093 },
	{ 2, 2, 47353 },
};

START_TEST(eevdf_starvation_bound_formula)
{
	boot(bound_table[_i].cpus);
	ck_assert_uint_eq(kfix_starvation_bound(bound_table[_i].nr_running),
			  bound_table[_i].bound);
}
END_TEST

/* The queued FIFO 10 task no longer marked queued, on its RT level. */
START_TEST(eevdf_check_reports_rt_task_not_marked_queued)
{
	char want[80];
	int rt5, rt = rt_behind_fifo(&rt5);

	ck_assert_int_eq(kfix_eevdf_break(rt, KFIX_EEVDF_ON_RQ, 0), 0);
	snprintf(want, sizeof(want),
		 "rt/%d queued: on_rq 0, cpu 0, prio 89, effective 89", rt);
	assert_reported(want);
}
END_TEST

/* A trace sink that takes back the reschedule a wake-up asked for. */
static void drop_resched(const struct sim_trace_event *ev, void *arg)
{
	if (ev->type == SIM_TRACE_WAKEUP && ev->success)
		kfix_eevdf_break_resched(ev->target_cpu);
}

/*
 * 1 CPU, idle, script task S asleep: S's wake-up queues it, and its
 * reschedule is taken back before the idle task sees it.
 */
START_TEST(eevdf_check_reports_idle_cpu_with_task_queued)
{
	int s;

	boot(1);
	s = t_spawn_script("s", SIM_SCHED_NORMAL, 0, 0);
	t_run(MS(5));
	ck_assert_int_eq(curr_pid(0), 0);
	sim_trace_set_sink(drop_resched, NULL);
	sim_cmd(s, SIM_CMD_BURN, MS(1), 0, 0, 0);
	assert_reported("cpu0: idle with 1 tasks queued, no reschedule "
			"pending");
}
END_TEST

/* CPU 1's idle task at another level, or queued. */
static const int idle_prio[] = { 139, 140 };
static const int idle_on_rq[] = { 0, 1 };

START_TEST(eevdf_check_reports_idle_task_out_of_place)
{
	char want[64];

	boot(2);
	ck_assert_int_eq(kfix_eevdf_break_idle(1, idle_prio[_i],
					       idle_on_rq[_i]), 0);
	snprintf(want, sizeof(want), "cpu1: idle task at prio %d, on_rq %d",
		 idle_prio[_i], idle_on_rq[_i]);
	assert_reported(want);
}
END_TEST

/* ---- the suite ----------------------------------------------------------- */

#define ARRAY_SIZE(a)		((int)(sizeof(a) / sizeof((a)[0])))

static Suite *eevdf_suite(void)
{
	Suite *s = suite_create("eevdf");
	TCase *tc;

	tc = tcase_create("pick");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_loop_test(tc, eevdf_pick_is_eligible_with_earliest_deadline,
			    0, 2);
	suite_add_tcase(s, tc);

	tc = tcase_create("lag");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, eevdf_new_task_joins_where_lags_sum_to_zero);
	tcase_add_loop_test(tc, eevdf_sleeper_comes_back_with_its_lag, 0,
			    ARRAY_SIZE(sleeper_lag));
	tcase_add_loop_test(tc, eevdf_lag_kept_is_at_most_two_requests, 0,
			    ARRAY_SIZE(lag_clamp));
	tcase_add_test(tc, eevdf_reniced_sleeper_keeps_its_weighted_lag);
	tcase_add_test(tc, eevdf_sleeper_is_charged_up_to_its_sleep);
	suite_add_tcase(s, tc);

	tc = tcase_create("share");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, eevdf_nice_0_and_5_share_1024_to_335);
	suite_add_tcase(s, tc);

	tc = tcase_create("request");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_loop_test(tc, eevdf_request_scales_with_log2_of_cpus, 0,
			    ARRAY_SIZE(request_table));
	tcase_add_test(tc, eevdf_new_task_first_deadline_is_half_a_request);
	tcase_add_loop_test(tc, eevdf_starvation_bound_formula, 0,
			    ARRAY_SIZE(bound_table));
	tcase_add_test(tc, eevdf_request_ends_at_the_tick_after_its_deadline);
	tcase_add_loop_test(tc, eevdf_shorter_request_runs_sooner_after_wakeup,
			    0, ARRAY_SIZE(p_request_us));
	tcase_add_test(tc, eevdf_woken_task_due_sooner_preempts_without_parity);
	tcase_add_test(tc, eevdf_run_to_parity_finishes_the_request_first);
	tcase_add_test(tc, eevdf_run_to_parity_protects_only_a_picked_request);
	tcase_add_test(tc, eevdf_yield_pushes_the_deadline_one_request);
	tcase_add_test(tc, eevdf_rt_made_normal_gives_way_at_once);
	tcase_add_test(tc, eevdf_renice_lighter_gives_way_at_once);
	tcase_add_test(tc, eevdf_rr_interval_is_the_request_in_ticks);
	suite_add_tcase(s, tc);

	tc = tcase_create("inherit");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, eevdf_inherited_nice_lends_its_weight);
	tcase_add_test(tc, eevdf_boost_end_gives_way_at_once);
	tcase_add_test(tc, eevdf_rt_task_follows_the_effective_priority);
	suite_add_tcase(s, tc);

	tc = tcase_create("tunables");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_loop_test(tc, eevdf_tunables_refuse_out_of_range, 0,
			    ARRAY_SIZE(tunable_table));
	tcase_add_test(tc, eevdf_tunables_boot_at_6_6_defaults);
	suite_add_tcase(s, tc);

	tc = tcase_create("check");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_loop_test(tc, eevdf_check_reports_broken_task_rule, 0,
			    ARRAY_SIZE(task_breaks));
	tcase_add_test(tc, eevdf_check_reports_running_task_in_tree);
	tcase_add_test(tc, eevdf_check_reports_count_off);
	tcase_add_test(tc, eevdf_check_reports_empty_rt_level);
	tcase_add_test(tc, eevdf_check_reports_rt_task_at_wrong_level);
	tcase_add_test(tc, eevdf_check_reports_rt_task_not_marked_queued);
	tcase_add_test(tc, eevdf_check_reports_idle_cpu_with_task_queued);
	tcase_add_loop_test(tc, eevdf_check_reports_idle_task_out_of_place, 0,
			    ARRAY_SIZE(idle_prio));
	suite_add_tcase(s, tc);

	return s;
}

int main(void)
{
	return t_run_suite_on(eevdf_suite(), "eevdf");
}
