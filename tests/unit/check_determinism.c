/*
 * tests/unit/check_determinism.c - a run is a pure function of its
 * inputs: the configuration, the workload and the seed.
 *
 * Each test boots, runs and shuts down the machine several times in one
 * process and compares what the runs left behind: sim_trace_digest()
 * (FNV-1a over every switch, wake-up and migration with its time and
 * CPU), the number of events, and every workload task's own numbers.
 * Same inputs must give the same bytes; a changed input must show in
 * the digest, or the digest would prove nothing.
 */
#include <string.h>

#include "testlib.h"

#define MAX_TASKS	64

/* What one run leaves behind. */
struct outcome {
	unsigned long long digest, events, now;
	char schedule[16384], points[16384];	/* when CPUs interleave */
	int nr;
	int pid[MAX_TASKS];
	struct sim_task_info info[MAX_TASKS];
};

struct workload {
	int nr_cpus;
	unsigned long long seed;
	void (*spawn)(int variant);	/* the tasks */
	int variant;
	unsigned long long duration;
	unsigned long long step;	/* 0: one call; else run in steps */
	const char *interleave;		/* NULL: serial */
};

/* ---- bodies -------------------------------------------------------------- */

#define NR_DRAWS	8

/* The first draws of sim_random() made by a task body in the last run. */
static unsigned long long draws[NR_DRAWS];
static int nr_draws;

/* Burns 1..20 ms and sleeps 1..10 ms, lengths drawn from sim_random(). */
static void random_body(void *unused)
{
	unsigned long long r;

	for (;;) {
		r = sim_random();
		if (nr_draws < NR_DRAWS)
			draws[nr_draws++] = r;
		sim_burn(MS(1) + r % MS(20));
		sim_sleep(MS(1) + sim_random() % MS(10));
	}
}

static void child_body(void *arg)
{
	sim_burn(MS((unsigned long)arg));
}

/* Forks a child every 50 ms that burns 3 ms and exits. */
static void forker_body(void *unused)
{
	for (;;) {
		sim_fork(child_body, (void *)3UL);
		sim_sleep(MS(50));
	}
}

/* ---- running a workload -------------------------------------------------- */

static void run(const struct workload *w, struct outcome *out)
{
	struct sim_config cfg;
	int i;

	sim_config_init(&cfg);
	cfg.nr_cpus = w->nr_cpus;
	cfg.seed = w->seed;
	cfg.interleave = w->interleave;
	t_boot_cfg(&cfg);
	nr_draws = 0;
	w->spawn(w->variant);
	if (!w->step)
		t_run(w->duration);
	while (w->step && sim_now() < w->duration)
		ck_assert_int_eq(sim_run_until(sim_now() + w->step), 0);

	memset(out, 0, sizeof(*out));
	out->digest = sim_trace_digest();
	out->events = sim_nr_events();
	out->now = sim_now();
	ck_assert_int_lt(sim_schedule(out->schedule, sizeof(out->schedule)),
			 (int)sizeof(out->schedule));
	ck_assert_int_lt(sim_schedule_points(out->points,
					     sizeof(out->points)),
			 (int)sizeof(out->points));
	out->nr = sim_task_pids(out->pid, MAX_TASKS);
	ck_assert_int_le(out->nr, MAX_TASKS);
	for (i = 0; i < out->nr; i++)
		out->info[i] = t_info(out->pid[i]);
	t_shutdown();
}

/* Two outcomes are the same run: digest, events and every task's numbers. */
static void assert_same(const struct outcome *a, const struct outcome *b)
{
	const struct sim_task_info *x, *y;
	int i;

	ck_assert_uint_eq(a->digest, b->digest);
	ck_assert_uint_eq(a->events, b->events);
	ck_assert_uint_eq(a->now, b->now);
	ck_assert_str_eq(a->schedule, b->schedule);
	ck_assert_str_eq(a->points, b->points);
	ck_assert_int_eq(a->nr, b->nr);
	for (i = 0; i < a->nr; i++) {
		x = &a->info[i];
		y = &b->info[i];
		ck_assert_int_eq(x->pid, y->pid);
		ck_assert_str_eq(x->name, y->name);
		ck_assert_int_eq(x->state, y->state);
		ck_assert_int_eq(x->cpu, y->cpu);
		ck_assert_uint_eq(x->runtime_ns, y->runtime_ns);
		ck_assert_uint_eq(x->wait_ns, y->wait_ns);
		ck_assert_uint_eq(x->sleep_ns, y->sleep_ns);
		ck_assert_uint_eq(x->switches, y->switches);
		ck_assert_uint_eq(x->nvcsw, y->nvcsw);
		ck_assert_uint_eq(x->nivcsw, y->nivcsw);
		ck_assert_uint_eq(x->wakeups, y->wakeups);
		ck_assert_uint_eq(x->migrations, y->migrations);
		ck_assert_uint_eq(x->utime, y->utime);
		ck_assert_uint_eq(x->stime, y->stime);
	}
}

/* ---- workloads ----------------------------------------------------------- */

/*
 * 1 CPU: hogs at nice 0 and 5, a 10 ms sleeper, an RR 5 sleeper; with
 * variant 1 one more hog, with variant 2 the second hog at nice 6.
 */
static void spawn_mixed(int variant)
{
	t_spawn("hog0", SIM_SCHED_NORMAL, 0, 0, t_body_hog, NULL);
	t_spawn("hog5", SIM_SCHED_NORMAL, 0, variant == 2 ? 6 : 5,
		t_body_hog, NULL);
	t_spawn("sleep10", SIM_SCHED_NORMAL, 0, 0, t_body_sleeper,
		(void *)10UL);
	t_spawn("rr", SIM_SCHED_RR, 5, 0, t_body_sleeper, (void *)7UL);
	if (variant == 1)
		t_spawn("extra", SIM_SCHED_NORMAL, 0, 0, t_body_hog, NULL);
}

/* 2 CPUs: three tasks with random burn and sleep lengths, and a hog. */
static void spawn_random(int variant)
{
	int i;

	for (i = 0; i < 3; i++)
		t_spawn("random", SIM_SCHED_NORMAL, 0, i * 5, random_body,
			NULL);
	t_spawn("hog", SIM_SCHED_NORMAL, 0, 0, t_body_hog, NULL);
}

/*
 * 4 CPUs: six hogs at mixed nice (more than CPUs, so queues form), four
 * sleepers of different periods, an RR sleeper, and a task forking
 * short-lived children.
 */
static void spawn_smp(int variant)
{
	static const int nices[] = { 0, 0, 5, 10, -5, 19 };
	static const unsigned long periods[] = { 3, 10, 17, 40 };
	int i;

	for (i = 0; i < 6; i++)
		t_spawn("hog", SIM_SCHED_NORMAL, 0, nices[i], t_body_hog,
			NULL);
	for (i = 0; i < 4; i++)
		t_spawn("sleeper", SIM_SCHED_NORMAL, 0, 0, t_body_sleeper,
			(void *)periods[i]);
	t_spawn("rr", SIM_SCHED_RR, 20, 0, t_body_sleeper, (void *)5UL);
	t_spawn("forker", SIM_SCHED_NORMAL, 0, 0, forker_body, NULL);
}

static const struct workload mixed = {
	.nr_cpus = 1, .seed = 1, .spawn = spawn_mixed, .duration = SEC(2),
};

static const struct workload random2 = {
	.nr_cpus = 2, .seed = 1, .spawn = spawn_random, .duration = SEC(2),
};

static const struct workload smp4 = {
	.nr_cpus = 4, .seed = 1, .spawn = spawn_smp, .duration = SEC(2),
};

/* The CPUs interleaving by PCT, and at random on another machine. */
static const struct workload pct4 = {
	.nr_cpus = 4, .seed = 1, .spawn = spawn_smp, .duration = MS(50),
	.interleave = "pct:7:2:200",
};

static const struct workload random2_ilv = {
	.nr_cpus = 2, .seed = 2, .spawn = spawn_random, .duration = MS(100),
	.interleave = "random:3",
};

/* ---- tests --------------------------------------------------------------- */

/* The same workload twice: the same run, digest and all numbers. */
START_TEST(determinism_same_workload_same_run)
{
	struct outcome a, b;

	run(&mixed, &a);
	run(&mixed, &b);
	ck_assert_int_eq(a.nr, 4);
	ck_assert_uint_gt(a.events, 0);
	assert_same(&a, &b);
}
END_TEST

/* One more task: a different digest. */
START_TEST(determinism_extra_task_changes_digest)
{
	struct workload w = mixed;
	struct outcome a, b;

	run(&mixed, &a);
	w.variant = 1;
	run(&w, &b);
	ck_assert_int_eq(b.nr, a.nr + 1);
	ck_assert_uint_ne(a.digest, b.digest);
}
END_TEST

/* One nice changed by one (5 -> 6, slice 75 -> 70 ms): a new digest. */
START_TEST(determinism_nice_change_changes_digest)
{
	struct workload w = mixed;
	struct outcome a, b;

	run(&mixed, &a);
	w.variant = 2;
	run(&w, &b);
	ck_assert_int_eq(b.nr, a.nr);
	ck_assert_uint_ne(a.digest, b.digest);
}
END_TEST

/* A longer run of the same workload: a different digest. */
START_TEST(determinism_duration_changes_digest)
{
	struct workload w = mixed;
	struct outcome a, b;

	run(&mixed, &a);
	w.duration += MS(100);
	run(&w, &b);
	ck_assert_uint_ne(a.digest, b.digest);
	ck_assert_uint_gt(b.events, a.events);
}
END_TEST

/*
 * Bodies drawing burn and sleep lengths from sim_random(): with the same
 * seed the same draws and the same run.
 */
START_TEST(determinism_random_same_seed_same_run)
{
	unsigned long long first[NR_DRAWS];
	struct outcome a, b;

	run(&random2, &a);
	ck_assert_int_eq(nr_draws, NR_DRAWS);
	memcpy(first, draws, sizeof(first));
	run(&random2, &b);
	ck_assert_int_eq(nr_draws, NR_DRAWS);
	ck_assert_mem_eq(draws, first, sizeof(first));
	assert_same(&a, &b);
}
END_TEST

/*
 * The same with another seed: other draws, another digest (the random
 * tasks burn different lengths, so their runtimes differ too).
 */
START_TEST(determinism_random_other_seed_differs)
{
	struct workload w = random2;
	unsigned long long first[NR_DRAWS];
	struct outcome a, b;

	run(&random2, &a);
	memcpy(first, draws, sizeof(first));
	w.seed = 2;
	run(&w, &b);
	ck_assert_int_ne(memcmp(draws, first, sizeof(first)), 0);
	ck_assert_uint_ne(a.digest, b.digest);
	ck_assert_uint_ne(a.info[0].runtime_ns, b.info[0].runtime_ns);
}
END_TEST

/*
 * 4 CPUs with hogs, sleepers, an RR task and forks, three times: the
 * same digest, the same number of events, the same per-task numbers.
 */
#define NR_REPEATS	3

START_TEST(determinism_smp_repeats_identically)
{
	struct outcome out[NR_REPEATS];
	int i;

	for (i = 0; i < NR_REPEATS; i++)
		run(&smp4, &out[i]);
	/* the forker's children are part of the workload */
	ck_assert_int_gt(out[0].nr, 12);
	for (i = 1; i < NR_REPEATS; i++)
		assert_same(&out[0], &out[i]);
}
END_TEST

/*
 * How a run is cut into calls changes nothing: schedsim runs in steps
 * of 100 ms, tests in one call, and 7 ms steps fall between ticks.
 */
START_TEST(determinism_run_in_steps_same_run)
{
	struct workload steps = smp4;
	struct outcome whole, cut;

	run(&smp4, &whole);
	steps.step = MS(100);
	run(&steps, &cut);
	assert_same(&whole, &cut);
	steps.step = MS(7) + 1;
	run(&steps, &cut);
	ck_assert_uint_ge(cut.now, smp4.duration);
	/* the last step ran past the end: compare the runs up to there */
	steps.duration = cut.now;
	steps.step = 0;
	run(&steps, &whole);
	assert_same(&whole, &cut);
}
END_TEST

/*
 * A machine starts from the same state whatever ran before it in the
 * process: the interleaving's books (decision log, schedule, the counts
 * of each point that "points:" anchors to) are kept from boot to boot
 * for speed, and must start empty.  A PCT run, a longer run on another
 * machine that stops at other points, then the PCT run again: the same
 * run, schedule and point-anchored schedule included.
 */
START_TEST(determinism_interleaved_run_same_after_another)
{
	struct outcome first, other, again;

	run(&pct4, &first);
	ck_assert_str_ne(first.schedule, "");
	run(&random2_ilv, &other);
	ck_assert_str_ne(other.points, first.points);
	run(&pct4, &again);
	assert_same(&first, &again);
}
END_TEST

/*
 * Script tasks driven from outside (commands, yield, nice, signals) are
 * inputs too: the same sequence twice is the same run.
 */
static unsigned long long scripted_run(void)
{
	unsigned long long digest;
	int a, b;

	t_boot(2, NULL);
	t_spawn("hog", SIM_SCHED_NORMAL, 0, 0, t_body_hog, NULL);
	a = t_spawn_script("a", SIM_SCHED_NORMAL, 0, 0);
	b = t_spawn_script("b", SIM_SCHED_RR, 10, 0);
	t_cmd(a, SIM_CMD_BURN, MS(30), 0, 0, 0);
	t_syscall(a, SIM_SYS_sched_yield, 0, 0, 0);
	t_syscall(a, SIM_SYS_nice, 3, 0, 0);
	sim_cmd(b, SIM_CMD_SLEEP, SEC(1), 0, 0, 0);
	t_run(MS(7));
	ck_assert_int_eq(sim_signal(b, 10), 0);
	t_cmd(b, SIM_CMD_BURN, MS(250), 0, 0, 0);
	t_run(MS(300));
	digest = sim_trace_digest();
	t_shutdown();
	return digest;
}

START_TEST(determinism_scripted_same_run)
{
	ck_assert_uint_eq(scripted_run(), scripted_run());
}
END_TEST

/* ---- the suite ----------------------------------------------------------- */

static Suite *determinism_suite(void)
{
	Suite *s = suite_create("determinism");
	TCase *tc;

	tc = tcase_create("digest");
	tcase_add_test(tc, determinism_same_workload_same_run);
	tcase_add_test(tc, determinism_extra_task_changes_digest);
	tcase_add_test(tc, determinism_nice_change_changes_digest);
	tcase_add_test(tc, determinism_duration_changes_digest);
	tcase_add_test(tc, determinism_random_same_seed_same_run);
	tcase_add_test(tc, determinism_random_other_seed_differs);
	tcase_add_test(tc, determinism_smp_repeats_identically);
	tcase_add_test(tc, determinism_scripted_same_run);
	tcase_add_test(tc, determinism_run_in_steps_same_run);
	tcase_add_test(tc, determinism_interleaved_run_same_after_another);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return t_run_suite(determinism_suite());
}
