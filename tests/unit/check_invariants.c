/*
 * tests/unit/check_invariants.c - the generic invariants of
 * compat/invariants.c.
 *
 * Each invariant is broken once by a fixture of kfixtures.c that changes
 * a task behind the driver's back (or makes the driver lie), and the
 * machine must say so with a "BUG: invariant: ..." report naming the
 * task and the CPU.  Then mixed workloads (hogs, sleepers, FIFO and RR
 * tasks, forks and exits, yields, nice and affinity changes, wait
 * queues, completions, I/O waits) run for seconds on 1, 2 and 4 CPUs
 * without a single report.
 *
 * Not covered: "queued twice" and "a runqueue holds a task of no
 * machine" need a corrupt driver runqueue, which only the driver itself
 * can reach (tiny's runqueues are private to drivers/tiny.c).
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "testlib.h"
#include "kfixtures.h"

#define REPORT_WITHIN	SEC(1)	/* broken cases report at once */
#define CLEAN_RUN	SEC(3)	/* "several simulated seconds" */
#define VICTIM_RT_PRIO	50

/* ---- the meddler: a task that breaks another behind the driver ----------- */

enum meddle_op {
	SLEEP_VICTIM,		/* queued victim -> TASK_INTERRUPTIBLE */
	WAKE_VICTIM,		/* sleeping victim -> TASK_RUNNING */
	UNINT_VICTIM,		/* sleeping victim -> UNINTERRUPTIBLE */
	IOWAIT_VICTIM,		/* sleeping victim -> in_iowait */
	MOVE_VICTIM,		/* queued victim -> task_cpu() 1 */
	FIFO_VICTIM,		/* queued victim -> SCHED_FIFO 50 */
	CORRUPT_VICTIM,		/* queued victim -> tiny level 50 */
	LEAVE_OWN_CPUS,		/* its own CPU out of its cpus_allowed */
	SETAFFINITY_THEN_LEAVE,	/* set_cpus_allowed() returns, then that */
};

struct meddle {
	enum meddle_op op;
	int victim;		/* pid, set before the meddler acts */
	int result;		/* the fixture's: 0 done, -1 not */
	int done;
};

static int meddle(struct meddle *m)
{
	switch (m->op) {
	case SLEEP_VICTIM:
		return kfix_sleep_behind_drivers_back(m->victim);
	case WAKE_VICTIM:
		return kfix_wake_behind_drivers_back(m->victim);
	case UNINT_VICTIM:
		return kfix_unint_behind_drivers_back(m->victim);
	case IOWAIT_VICTIM:
		return kfix_iowait_behind_drivers_back(m->victim);
	case MOVE_VICTIM:
		return kfix_move_behind_drivers_back(m->victim, 1);
	case FIFO_VICTIM:
		return kfix_make_fifo_behind_drivers_back(m->victim,
							  VICTIM_RT_PRIO);
	case CORRUPT_VICTIM:
		return kfix_corrupt_tiny_level(m->victim);
	case LEAVE_OWN_CPUS:
		kfix_leave_allowed_cpus();
		return 0;
	case SETAFFINITY_THEN_LEAVE:
		if (kfix_set_own_cpus_allowed_all())
			return -1;
		kfix_leave_allowed_cpus();
		return 0;
	}
	return -1;
}

/* 1 ms of work, the damage, then work on: the next event sees it. */
static void body_meddler(void *arg)
{
	struct meddle *m = arg;

	sim_burn(MS(1));
	m->result = meddle(m);
	m->done = 1;
	t_body_hog(NULL);
}

static void body_long_sleep(void *unused)
{
	sim_sleep(SEC(100));
}

static int spawn_task(const char *name, int policy, int rt_priority,
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
	ck_assert_msg(pid > 0, "spawn of %s failed (%d): %s", name, pid,
		      sim_error());
	return pid;
}

/*
 * A victim that is queued, not running: a hog preempted by a SCHED_FIFO
 * meddler on the same CPU.  Returns the victim's pid.
 */
static int queued_victim_and_fifo_meddler(struct meddle *m, const char *cpus)
{
	m->victim = spawn_task("victim", SIM_SCHED_NORMAL, 0, cpus,
			       t_body_hog, NULL);
	spawn_task("meddler", SIM_SCHED_FIFO, 10, cpus, body_meddler, m);
	return m->victim;
}

/* A victim asleep for 100 s, and a meddler that runs after it slept. */
static int sleeping_victim_and_meddler(struct meddle *m)
{
	m->victim = spawn_task("victim", SIM_SCHED_NORMAL, 0, NULL,
			       body_long_sleep, NULL);
	spawn_task("meddler", SIM_SCHED_NORMAL, 0, NULL, body_meddler, m);
	return m->victim;
}

static void teardown(void)
{
	t_shutdown();
}

static void setup_one_cpu(void)
{
	kfix_reset();
	t_boot(1, NULL);
}

static void setup_two_cpus(void)
{
	kfix_reset();
	t_boot(2, NULL);
}

/* ---- reading reports ----------------------------------------------------- */

static void expect_report(const struct meddle *m)
{
	ck_assert_msg(sim_run_for(REPORT_WITHIN) == -1,
		      "no report within 1 s; log:\n%s", sim_log());
	ck_assert_msg(m->done, "the meddler never ran: %s", sim_report());
	ck_assert_int_eq(m->result, 0);
}

static void expect_text(const char *needle)
{
	ck_assert_msg(strstr(sim_report(), needle) != NULL,
		      "report lacks \"%s\": %s", needle, sim_report());
}

static void expect_textf(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

static void expect_textf(const char *fmt, ...)
{
	char needle[256];
	va_list args;

	va_start(args, fmt);
	vsnprintf(needle, sizeof(needle), fmt, args);
	va_end(args);
	expect_text(needle);
}

/* ---- 1: runnable exactly when queued or running -------------------------- */

/* [cpu0: meddler | victim queued]; victim -> S, still queued. */
START_TEST(invariants_queued_task_put_to_sleep_is_reported)
{
	struct meddle m = { .op = SLEEP_VICTIM };
	int victim = queued_victim_and_fifo_meddler(&m, NULL);

	expect_report(&m);
	expect_textf("BUG: invariant: victim/%d is queued but not runnable "
		     "(state 1)", victim);
}
END_TEST

/* victim asleep, off every queue; victim -> R, still off the queues. */
START_TEST(invariants_woken_task_not_enqueued_is_reported)
{
	struct meddle m = { .op = WAKE_VICTIM };
	int victim = sleeping_victim_and_meddler(&m);

	expect_report(&m);
	expect_textf("BUG: invariant: victim/%d is runnable but neither "
		     "running nor queued", victim);
}
END_TEST

/* victim queued on cpu0; set_task_cpu(victim, 1) without moving it. */
START_TEST(invariants_task_queued_on_other_cpu_is_reported)
{
	struct meddle m = { .op = MOVE_VICTIM };
	int victim = queued_victim_and_fifo_meddler(&m, "0");

	expect_report(&m);
	expect_textf("BUG: invariant: victim/%d is queued on cpu0 but its "
		     "task_cpu() is %d", victim, 1);
}
END_TEST

/* ---- 2: the driver's counters agree with the machine --------------------- */

/* One hog runnable; the driver says two. */
START_TEST(invariants_nr_running_disagreement_is_reported)
{
	t_spawn("hog", SIM_SCHED_NORMAL, 0, 0, t_body_hog, NULL);
	t_run(MS(10));
	kfix_install_liar(KFIX_LIE_NR_RUNNING);
	ck_assert_int_ne(sim_check(), 0);
	expect_text("BUG: invariant: nr_running() is 2, the machine counts "
		    "1 runnable tasks");
}
END_TEST

/* victim S -> D behind the driver's back: the machine counts one more. */
START_TEST(invariants_nr_uninterruptible_disagreement_is_reported)
{
	struct meddle m = { .op = UNINT_VICTIM };

	sleeping_victim_and_meddler(&m);
	expect_report(&m);
	expect_text("BUG: invariant: nr_uninterruptible() is 0, the machine "
		    "counts 1");
}
END_TEST

/* victim marked in_iowait without io_schedule(): the driver counts 0. */
START_TEST(invariants_nr_iowait_disagreement_is_reported)
{
	struct meddle m = { .op = IOWAIT_VICTIM };

	sleeping_victim_and_meddler(&m);
	expect_report(&m);
	expect_text("BUG: invariant: nr_iowait() is 0, the machine counts 1 "
		    "tasks in io_schedule()");
}
END_TEST

START_TEST(invariants_nr_context_switches_disagreement_is_reported)
{
	t_spawn("hog", SIM_SCHED_NORMAL, 0, 0, t_body_hog, NULL);
	t_run(MS(10));
	kfix_install_liar(KFIX_LIE_NR_SWITCHES);
	ck_assert_int_ne(sim_check(), 0);
	expect_text("BUG: invariant: nr_context_switches() is ");
	expect_text(", the machine counted ");
}
END_TEST

/* ---- 3: affinity --------------------------------------------------------- */

/* The meddler clears cpu0 from its own mask, with no reschedule. */
START_TEST(invariants_running_outside_cpus_allowed_is_reported)
{
	struct meddle m = { .op = LEAVE_OWN_CPUS };
	int pid = spawn_task("meddler", SIM_SCHED_NORMAL, 0, NULL,
			     body_meddler, &m);

	expect_report(&m);
	expect_textf("BUG: invariant: cpu0 runs meddler/%d outside its "
		     "cpus_allowed", pid);
}
END_TEST

/*
 * A task may run outside its new mask only while its set_cpus_allowed()
 * runs: once it has returned, leaving the mask is reported as above.
 */
START_TEST(invariants_outside_cpus_allowed_after_set_is_reported)
{
	struct meddle m = { .op = SETAFFINITY_THEN_LEAVE };
	int pid = spawn_task("meddler", SIM_SCHED_NORMAL, 0, NULL,
			     body_meddler, &m);

	expect_report(&m);
	expect_textf("BUG: invariant: cpu0 runs meddler/%d outside its "
		     "cpus_allowed", pid);
}
END_TEST

/* ---- 4: strict RT order per CPU ------------------------------------------ */

/*
 * [cpu0: meddler (NORMAL) | victim (NORMAL) queued]; victim becomes
 * FIFO 50 without a requeue or a reschedule: it waits behind rt 0.
 */
START_TEST(invariants_rt_task_waiting_behind_lower_is_reported)
{
	struct meddle m = { .op = FIFO_VICTIM };
	int meddler = spawn_task("meddler", SIM_SCHED_NORMAL, 0, NULL,
				 body_meddler, &m);

	m.victim = spawn_task("victim", SIM_SCHED_NORMAL, 0, NULL,
			      t_body_hog, NULL);
	expect_report(&m);
	expect_textf("BUG: invariant: RT task victim/%d (rt_priority 50) "
		     "waits on cpu0 while meddler/%d (rt_priority 0) runs",
		     m.victim, meddler);
}
END_TEST

/* ---- 5: no lock between events ------------------------------------------- */

/* A lock taken outside any event (only code outside the machine can). */
START_TEST(invariants_lock_held_between_events_is_reported)
{
	char place[64];

	kfix_lock_outside_events();
	ck_assert_int_ne(sim_check(), 0);
	expect_text("BUG: lock held when the machine is between events: "
		    KFIX_LOCK_A " taken at");
	snprintf(place, sizeof(place), KFIX_FILE ":%d ",
		 kfix_line_lock_outside_events);
	expect_text(place);
	expect_text("on cpu0");
}
END_TEST

/* ---- 6: the driver's own check ------------------------------------------- */

/*
 * [cpu0: meddler | victim queued at tiny's NORMAL level]; the victim's
 * tiny prio becomes 50 while it stays at that level: only tiny's own
 * check can tell.
 */
START_TEST(invariants_driver_check_sees_corrupt_queue)
{
	struct meddle m = { .op = CORRUPT_VICTIM };

	if (strcmp(sim_cpusched(), "tiny")) {
		fprintf(stderr, "%s: not tiny, nothing to corrupt\n",
			__func__);
		return;
	}
	spawn_task("meddler", SIM_SCHED_NORMAL, 0, NULL, body_meddler, &m);
	m.victim = spawn_task("victim", SIM_SCHED_NORMAL, 0, NULL,
			      t_body_hog, NULL);
	expect_report(&m);
	expect_textf("BUG: tiny's own check: cpu0: victim/%d queued at level "
		     "100, prio %d, on_rq 1", m.victim, 50);
}
END_TEST

/* Whatever the driver's check says is the report's reason. */
START_TEST(invariants_driver_check_reason_is_reported)
{
	char expected[128];

	t_run(MS(10));
	kfix_install_liar(KFIX_LIE_CHECK);
	ck_assert_int_ne(sim_check(), 0);
	snprintf(expected, sizeof(expected), "BUG: %s's own check: %s",
		 sim_cpusched(), KFIX_LIE_REASON);
	ck_assert_str_eq(sim_report(), expected);
}
END_TEST

/* ---- the cost of the checks --------------------------------------------- */

#define COST_CPUS	8

static void teardown_spy(void)
{
	t_shutdown();
	kfix_spy_detach();
}

/*
 * The checks after an event walk the queues of the CPUs it touched, and
 * every queue only at a sweep (once per 64 events on a machine this
 * small).  8 CPUs, a hog pinned to each, 1 s: about 8,000 events, each
 * a tick of one CPU; walking every queue after every event is 8 walks
 * an event, the touched ones one and a little.
 */
START_TEST(invariants_event_walks_only_the_queues_it_touched)
{
	unsigned long long events;
	unsigned long walks;
	char cpus[4];
	int i;

	kfix_spy_attach();
	t_boot(COST_CPUS, "");
	for (i = 0; i < COST_CPUS; i++) {
		snprintf(cpus, sizeof(cpus), "%d", i);
		spawn_task("hog", SIM_SCHED_NORMAL, 0, cpus, t_body_hog, NULL);
	}
	t_run(MS(10));
	events = sim_nr_events();
	walks = kfix_spy_calls(KFIX_HOOK_for_each_queued);
	t_run(SEC(1));
	events = sim_nr_events() - events;
	walks = kfix_spy_calls(KFIX_HOOK_for_each_queued) - walks;
	ck_assert_str_eq(sim_report(), "");
	ck_assert_msg(events >= 8000, "only %llu events", events);
	ck_assert_msg(walks < 2 * events, "%lu queue walks in %llu events",
		      walks, events);
}
END_TEST

/*
 * Each meddler above, run twice: checked as the machine checks (what the
 * events touched, a sweep now and then) and with a sweep after every
 * event.  The same report at the same event: the touched checks miss
 * nothing a sweep after every event would find.
 */
struct control {
	enum meddle_op op;
	int cpus;
	const char *victim_cpus;	/* queued victim: pinned there */
	int queued;			/* a queued victim, else asleep */
};

static const struct control controls[] = {
	{ SLEEP_VICTIM, 1, NULL, 1 },
	{ WAKE_VICTIM, 1, NULL, 0 },
	{ UNINT_VICTIM, 1, NULL, 0 },
	{ IOWAIT_VICTIM, 1, NULL, 0 },
	{ MOVE_VICTIM, 2, "0", 1 },
	{ FIFO_VICTIM, 1, NULL, 1 },
	{ LEAVE_OWN_CPUS, 1, NULL, 1 },
	{ SETAFFINITY_THEN_LEAVE, 1, NULL, 1 },
	{ CORRUPT_VICTIM, 1, NULL, 1 },
};

/* Boot, break, run to the report: its event, its text into @report. */
static unsigned long long run_control(const struct control *c, int sweep,
				      char *report, size_t len)
{
	struct meddle m = { .op = c->op };
	unsigned long long events;

	kfix_reset();
	t_boot(c->cpus, NULL);
	/* only tiny's own check sees its level corrupted */
	if (c->op == CORRUPT_VICTIM && strcmp(sim_cpusched(), "tiny")) {
		t_shutdown();
		return 0;
	}
	if (sweep)
		kfix_sweep_every_event();
	if (c->queued)
		queued_victim_and_fifo_meddler(&m, c->victim_cpus);
	else
		sleeping_victim_and_meddler(&m);
	ck_assert_int_eq(sim_run_for(REPORT_WITHIN), -1);
	events = sim_nr_events();
	snprintf(report, len, "%s", sim_report());
	t_shutdown();
	return events;
}

START_TEST(invariants_touched_checks_report_where_a_sweep_would)
{
	char swept[512], touched[512];
	unsigned long long at_sweep, at_touched;
	unsigned int i;

	for (i = 0; i < sizeof(controls) / sizeof(controls[0]); i++) {
		at_sweep = run_control(&controls[i], 1, swept, sizeof(swept));
		at_touched = run_control(&controls[i], 0, touched,
					 sizeof(touched));
		ck_assert_msg(at_touched == at_sweep && !strcmp(touched, swept),
			      "control %u: event %llu \"%s\", swept: event "
			      "%llu \"%s\"", i, at_touched, touched, at_sweep,
			      swept);
	}
}
END_TEST

/* ---- clean mixed workloads ----------------------------------------------- */

static void body_rt_pulse(void *unused)
{
	for (;;) {
		sim_burn(MS(1));
		sim_sleep(MS(20));
	}
}

static void body_rr_worker(void *unused)
{
	for (;;) {
		sim_burn(MS(3));
		sim_sleep(MS(10));
	}
}

static void body_child(void *unused)
{
	sim_burn(MS(3));
}

static void body_forker(void *unused)
{
	for (;;) {
		sim_fork(body_child, NULL);
		sim_sleep(MS(25));
	}
}

static void body_yielder(void *unused)
{
	for (;;) {
		sim_burn(MS(1));
		sim_syscall(SIM_SYS_sched_yield, 0, 0, 0);
	}
}

static void body_nice_swinger(void *unused)
{
	for (;;) {
		sim_burn(MS(2));
		sim_syscall(SIM_SYS_nice, 5, 0, 0);
		sim_burn(MS(2));
		sim_syscall(SIM_SYS_nice, -5, 0, 0);
	}
}

static void body_io_waiter(void *unused)
{
	for (;;) {
		sim_burn(MS(1));
		sim_io_wait(3);
		sim_sleep_unint(MS(2));
	}
}

#define WQ_PING		0
#define COMPLETION_PING	1

static void body_wq_waiter(void *unused)
{
	for (;;) {
		sim_wq_wait(WQ_PING, 0);
		sim_burn(MS(1));
	}
}

static void body_wq_waker(void *unused)
{
	for (;;) {
		sim_burn(MS(2));
		sim_wq_wake(WQ_PING, 1);
		sim_complete(COMPLETION_PING, 0);
		sim_sleep(MS(3));
	}
}

static void body_completion_waiter(void *unused)
{
	for (;;) {
		sim_completion_wait(COMPLETION_PING);
		sim_burn(MS(1));
	}
}

struct hopper {
	unsigned long masks;	/* user address of one mask per CPU */
	int nr_cpus;
	int failures;
};

/* Moves itself to the next CPU every 3 ms through sched_setaffinity(). */
static void body_hopper(void *arg)
{
	struct hopper *h = arg;
	unsigned long i;

	for (i = 0;; i++) {
		unsigned long mask = h->masks + (i % h->nr_cpus) *
			sizeof(unsigned long);

		if (sim_syscall(SIM_SYS_sched_setaffinity, 0,
				sizeof(unsigned long), mask))
			h->failures++;
		sim_burn(MS(3));
	}
}

#define MAX_WORKLOAD	32
/* The forker (RR 10, above every NORMAL task) forks every 25 ms or so. */
#define MIN_FORKS	50

static void clean_mixed_workload(int cpus)
{
	static struct hopper hop;
	unsigned long masks[4] = { 1, 2, 4, 8 };
	int pids[MAX_WORKLOAD], n = 0, all[4096], nr_all, exited = 0, i;

	t_boot(cpus, NULL);
	pids[n++] = t_spawn("hog", SIM_SCHED_NORMAL, 0, 0, t_body_hog, NULL);
	pids[n++] = t_spawn("hog-nice5", SIM_SCHED_NORMAL, 0, 5, t_body_hog,
			    NULL);
	pids[n++] = t_spawn("sleeper10", SIM_SCHED_NORMAL, 0, 0,
			    t_body_sleeper, (void *)(uintptr_t)10);
	pids[n++] = t_spawn("sleeper7", SIM_SCHED_NORMAL, 0, -5,
			    t_body_sleeper, (void *)(uintptr_t)7);
	pids[n++] = t_spawn("fifo", SIM_SCHED_FIFO, 50, 0, body_rt_pulse,
			    NULL);
	pids[n++] = t_spawn("rr-a", SIM_SCHED_RR, 20, 0, body_rr_worker, NULL);
	pids[n++] = t_spawn("rr-b", SIM_SCHED_RR, 20, 0, body_rr_worker, NULL);
	pids[n++] = t_spawn("forker", SIM_SCHED_RR, 10, 0, body_forker,
			    NULL);
	pids[n++] = t_spawn("yielder", SIM_SCHED_NORMAL, 0, 0, body_yielder,
			    NULL);
	pids[n++] = t_spawn("swinger", SIM_SCHED_NORMAL, 0, 0,
			    body_nice_swinger, NULL);
	pids[n++] = t_spawn("io", SIM_SCHED_NORMAL, 0, 0, body_io_waiter,
			    NULL);
	pids[n++] = t_spawn("wq-waiter", SIM_SCHED_NORMAL, 0, 0,
			    body_wq_waiter, NULL);
	pids[n++] = t_spawn("cmp-waiter", SIM_SCHED_NORMAL, 0, 0,
			    body_completion_waiter, NULL);
	pids[n++] = t_spawn("waker", SIM_SCHED_NORMAL, 0, 0, body_wq_waker,
			    NULL);
	if (cpus > 1) {
		hop.nr_cpus = cpus;
		hop.failures = 0;
		hop.masks = sim_user_map(pids[0], sizeof(masks));
		ck_assert(hop.masks != 0);
		ck_assert_int_eq(sim_user_write(pids[0], hop.masks, masks,
						sizeof(masks)), 0);
		pids[n++] = t_spawn("hopper", SIM_SCHED_NORMAL, 0, 0,
				    body_hopper, &hop);
	}

	t_run(CLEAN_RUN);
	ck_assert_str_eq(sim_report(), "");
	ck_assert_int_eq(sim_check(), 0);

	/* The workload really ran: every task was on a CPU... */
	for (i = 0; i < n; i++)
		ck_assert_msg(t_info(pids[i]).switches > 0,
			      "%s never ran", t_info(pids[i]).name);
	/* ...the forker's children came and went... */
	nr_all = sim_task_pids(all, 4096);
	for (i = 0; i < nr_all; i++)
		if (t_info(all[i]).state == 'Z')
			exited++;
	ck_assert_msg(exited >= MIN_FORKS, "only %d children exited",
		      exited);
	/* ...and the hopper moved as it asked. */
	if (cpus > 1) {
		ck_assert_int_eq(hop.failures, 0);
		ck_assert(t_info(pids[n - 1]).migrations > 0);
	}
}

START_TEST(invariants_clean_mixed_workload_one_cpu)
{
	clean_mixed_workload(1);
}
END_TEST

START_TEST(invariants_clean_mixed_workload_two_cpus)
{
	clean_mixed_workload(2);
}
END_TEST

START_TEST(invariants_clean_mixed_workload_four_cpus)
{
	clean_mixed_workload(4);
}
END_TEST

static Suite *invariants_suite(void)
{
	Suite *s = suite_create("invariants");
	TCase *one = tcase_create("one_cpu");
	TCase *two = tcase_create("two_cpus");
	TCase *clean = tcase_create("clean");
	TCase *cost = tcase_create("cost");

	tcase_add_checked_fixture(one, setup_one_cpu, teardown);
	tcase_add_checked_fixture(two, setup_two_cpus, teardown);
	tcase_add_checked_fixture(clean, NULL, teardown);
	tcase_set_timeout(clean, 60);
	tcase_add_checked_fixture(cost, kfix_reset, teardown_spy);

	tcase_add_test(one, invariants_queued_task_put_to_sleep_is_reported);
	tcase_add_test(one, invariants_woken_task_not_enqueued_is_reported);
	tcase_add_test(two, invariants_task_queued_on_other_cpu_is_reported);
	tcase_add_test(one, invariants_nr_running_disagreement_is_reported);
	tcase_add_test(one,
		       invariants_nr_uninterruptible_disagreement_is_reported);
	tcase_add_test(one, invariants_nr_iowait_disagreement_is_reported);
	tcase_add_test(one,
		       invariants_nr_context_switches_disagreement_is_reported);
	tcase_add_test(one,
		       invariants_running_outside_cpus_allowed_is_reported);
	tcase_add_test(one,
		       invariants_outside_cpus_allowed_after_set_is_reported);
	tcase_add_test(one,
		       invariants_rt_task_waiting_behind_lower_is_reported);
	tcase_add_test(one, invariants_lock_held_between_events_is_reported);
	tcase_add_test(one, invariants_driver_check_sees_corrupt_queue);
	tcase_add_test(one, invariants_driver_check_reason_is_reported);

	tcase_add_test(clean, invariants_clean_mixed_workload_one_cpu);
	tcase_add_test(clean, invariants_clean_mixed_workload_two_cpus);
	tcase_add_test(clean, invariants_clean_mixed_workload_four_cpus);

	suite_add_tcase(s, one);
	suite_add_tcase(s, two);
	tcase_add_test(cost, invariants_event_walks_only_the_queues_it_touched);
	tcase_add_test(cost,
		       invariants_touched_checks_report_where_a_sweep_would);

	suite_add_tcase(s, clean);
	suite_add_tcase(s, cost);
	return s;
}

int main(void)
{
	return t_run_suite(invariants_suite());
}
