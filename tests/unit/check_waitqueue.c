/*
 * tests/unit/check_waitqueue.c - wait queues, completions, wake-ups from
 * interrupts, signals and timed sleeps, as 2.6.10 defines them.
 *
 * Each waiter is a script task blocked in one command (a script task runs
 * one command at a time, so a blocked task cannot be told anything else);
 * another script task does the waking.  Whether a waiter was woken is
 * read from its cmds_done counter: its command returns only when its wait
 * is over.  A script task with no command also sleeps interruptibly, so
 * 'S' alone does not tell "blocked in the wait" from "idle": the tests
 * always look at cmds_done too.
 *
 * Queue order (2.6.10): prepare_to_wait() adds a non-exclusive waiter at
 * the head, prepare_to_wait_exclusive() and wait_for_completion() add at
 * the tail; __wake_up() wakes every non-exclusive waiter it meets and
 * stops after nr_exclusive exclusive ones (0: no limit).
 *
 * All tests run on one CPU at HZ 1000 (a tick per ms).
 */
#include <errno.h>

#include "testlib.h"
#include "kfixtures.h"

#define ERESTARTSYS	512	/* kernel-internal, not in the host errno.h */
#define SIG_USR1	10

#define WQ		3	/* the wait queue index the tests use */
#define COMPLETION	5	/* the completion index the tests use */

/* Time for posted commands to reach the point where they block. */
#define SETTLE_NS	MS(2)

#define NR_WAITERS	3

static void setup(void)
{
	kfix_reset();
	t_boot(1, NULL);
}

static void teardown(void)
{
	t_shutdown();
}

static int spawn(const char *name)
{
	return t_spawn_script(name, SIM_SCHED_NORMAL, 0, 0);
}

static unsigned long done(int pid)
{
	return t_info(pid).cmds_done;
}

/* Post a command to @pid without waiting, then let it run up to blocking. */
static void post(int pid, int op, long a0, long a1)
{
	int ret = sim_cmd(pid, op, a0, a1, 0, 0);

	ck_assert_msg(ret == 0, "sim_cmd(%d, %d) = %d: %s", pid, op, ret,
		      sim_error());
	t_run(SETTLE_NS);
}

/* @pid is blocked in its first command, in state @state. */
static void assert_blocked(int pid, char state)
{
	struct sim_task_info info = t_info(pid);

	ck_assert_msg(info.cmds_done == 0, "pid %d finished its wait", pid);
	ck_assert_msg(info.state == state, "pid %d is '%c', not '%c'", pid,
		      info.state, state);
}

/* @pid's first command has returned. */
static void assert_woken(int pid)
{
	ck_assert_msg(done(pid) == 1, "pid %d is still waiting", pid);
}

/* Spawn @n tasks, each left blocked in @op on @idx, in spawn order. */
static void block_all(int *pids, int n, int op, long idx)
{
	int i;

	for (i = 0; i < n; i++) {
		pids[i] = spawn("waiter");
		post(pids[i], op, idx, 0);
		assert_blocked(pids[i], op == SIM_CMD_COMPLETION_WAIT ?
			       'D' : 'S');
	}
}

/* A separate task runs the wake-up; the woken then get time to finish. */
static void wake_wq(int nr_exclusive)
{
	int waker = spawn("waker");

	ck_assert_int_eq(t_cmd(waker, SIM_CMD_WQ_WAKE, WQ, nr_exclusive,
			       0, 0), 0);
	t_run(SETTLE_NS);
}

static void complete_from(int op)
{
	int waker = spawn("completer");

	ck_assert_int_eq(t_cmd(waker, op, COMPLETION, 0, 0, 0), 0);
	t_run(SETTLE_NS);
}

/* ---- the open-coded wait: add_wait_queue(), remove_wait_queue() ------- */

static void body_wait(void *exclusive)
{
	if (exclusive)
		kfix_wait_open_coded_exclusive();
	else
		kfix_wait_open_coded();
}

static void body_wake(void *unused)
{
	kfix_wake_open_coded();
}

static int spawn_body(const char *name, sim_body_t body, void *arg)
{
	return t_spawn(name, SIM_SCHED_NORMAL, 0, 0, body, arg);
}

/*
 * Two tasks wait with add_wait_queue(), a third makes the condition true
 * and wakes the queue: both see it, leave the queue and exit.
 */
START_TEST(open_coded_wait_wakes_every_waiter)
{
	int a = spawn_body("waiter", body_wait, NULL);
	int b = spawn_body("waiter", body_wait, NULL);

	t_run(SETTLE_NS);
	ck_assert_int_eq(t_info(a).state, 'D');
	ck_assert_int_eq(t_info(b).state, 'D');
	spawn_body("waker", body_wake, NULL);
	t_run(SETTLE_NS);
	ck_assert_int_eq(t_info(a).state, 'Z');
	ck_assert_int_eq(t_info(b).state, 'Z');
}
END_TEST

/*
 * With add_wait_queue_exclusive(), wake_up() wakes the first exclusive
 * waiter only: one exits, the other sleeps on although the condition
 * holds (nobody woke it to look).
 */
START_TEST(open_coded_exclusive_wakes_one)
{
	int a = spawn_body("waiter", body_wait, (void *)1);
	int b = spawn_body("waiter", body_wait, (void *)1);

	t_run(SETTLE_NS);
	spawn_body("waker", body_wake, NULL);
	t_run(SETTLE_NS);
	ck_assert_int_eq(t_info(a).state, 'Z');
	ck_assert_int_eq(t_info(b).state, 'D');
}
END_TEST

/* Woken and gone, the open-coded waiter has left the queue. */
START_TEST(open_coded_waiter_leaves_the_queue)
{
	int a = spawn_body("waiter", body_wait, NULL);

	t_run(SETTLE_NS);
	ck_assert_int_eq(kfix_wq_waiters(), 1);
	spawn_body("waker", body_wake, NULL);
	t_run(SETTLE_NS);
	ck_assert_int_eq(t_info(a).state, 'Z');
	ck_assert_int_eq(kfix_wq_waiters(), 0);
}
END_TEST

static void body_wait_reused(void *prepare)
{
	if (prepare)
		kfix_wait_event_reused();
	else
		kfix_wait_open_coded_reused();
}

/*
 * An entry that waited exclusively before and is queued again with
 * add_wait_queue() (or prepare_to_wait()) is a plain waiter: queued
 * ahead of the exclusive waiter E, wake_up() wakes it and goes on to E,
 * so both exit.
 */
START_TEST(requeued_entry_is_not_exclusive)
{
	int e = spawn_body("exclusive", body_wait, (void *)1);
	int r = spawn_body("reused", body_wait_reused, (void *)(long)_i);

	t_run(SETTLE_NS);
	ck_assert_int_eq(kfix_wq_waiters(), 2);
	spawn_body("waker", body_wake, NULL);
	t_run(SETTLE_NS);
	ck_assert_int_eq(t_info(r).state, 'Z');
	ck_assert_int_eq(t_info(e).state, 'Z');
}
END_TEST

static void body_wait_event_exclusive(void *unused)
{
	kfix_wait_event_exclusive();
}

/*
 * The wait_event_exclusive() loop, woken by wake_up_process() while its
 * condition is false: it prepares again, finds its entry still queued
 * and sleeps on, queued once.  The queue's wake-up then ends the wait
 * and finish_wait() leaves the queue empty.
 */
START_TEST(exclusive_rewait_keeps_one_entry)
{
	int w = spawn_body("waiter", body_wait_event_exclusive, NULL);
	unsigned long wakeups;

	t_run(SETTLE_NS);
	ck_assert_int_eq(t_info(w).state, 'D');
	ck_assert_int_eq(kfix_wq_waiters(), 1);
	wakeups = t_info(w).wakeups;
	ck_assert_int_eq(sim_wake(w), 0);
	t_run(SETTLE_NS);
	ck_assert_uint_eq(t_info(w).wakeups, wakeups + 1);
	ck_assert_int_eq(t_info(w).state, 'D');
	ck_assert_int_eq(kfix_wq_waiters(), 1);
	spawn_body("waker", body_wake, NULL);
	t_run(SETTLE_NS);
	ck_assert_int_eq(t_info(w).state, 'Z');
	ck_assert_int_eq(kfix_wq_waiters(), 0);
}
END_TEST

/* ---- wait queues -------------------------------------------------------- */

/* [wq] -> N -> N -> N; wake(nr_exclusive 1) -> all three run. */
START_TEST(wq_nonexclusive_all_wake)
{
	int w[NR_WAITERS], i;

	block_all(w, NR_WAITERS, SIM_CMD_WQ_WAIT, WQ);
	wake_wq(1);
	for (i = 0; i < NR_WAITERS; i++)
		assert_woken(w[i]);
}
END_TEST

/* [wq] -> E0 -> E1 -> E2; wake(1) -> E0 runs, E1 and E2 still wait. */
START_TEST(wq_exclusive_one_wakes_first_queued)
{
	int w[NR_WAITERS];

	block_all(w, NR_WAITERS, SIM_CMD_WQ_WAIT_EXCL, WQ);
	wake_wq(1);
	assert_woken(w[0]);
	assert_blocked(w[1], 'S');
	assert_blocked(w[2], 'S');
}
END_TEST

/* [wq] -> E0 -> E1 -> E2; wake(2) -> E0, E1 run, E2 still waits. */
START_TEST(wq_exclusive_two_wakes_two)
{
	int w[NR_WAITERS];

	block_all(w, NR_WAITERS, SIM_CMD_WQ_WAIT_EXCL, WQ);
	wake_wq(2);
	assert_woken(w[0]);
	assert_woken(w[1]);
	assert_blocked(w[2], 'S');
}
END_TEST

/* [wq] -> E0 -> E1 -> E2; wake(0) -> no limit, all three run. */
START_TEST(wq_exclusive_zero_wakes_all)
{
	int w[NR_WAITERS], i;

	block_all(w, NR_WAITERS, SIM_CMD_WQ_WAIT_EXCL, WQ);
	wake_wq(0);
	for (i = 0; i < NR_WAITERS; i++)
		assert_woken(w[i]);
}
END_TEST

static void body_wake_locked(void *unused)
{
	kfix_wq_wake_locked(WQ);
}

/*
 * __wake_up_locked(), for a caller holding the queue's lock, wakes one
 * exclusive waiter: [wq] -> E0 -> E1 -> E2 -> E0 runs.
 */
START_TEST(wq_wake_up_locked_wakes_one_exclusive)
{
	int w[NR_WAITERS];

	block_all(w, NR_WAITERS, SIM_CMD_WQ_WAIT_EXCL, WQ);
	spawn_body("waker", body_wake_locked, NULL);
	t_run(SETTLE_NS);
	assert_woken(w[0]);
	assert_blocked(w[1], 'S');
	assert_blocked(w[2], 'S');
}
END_TEST

static void body_wake_sync(void *nr_exclusive)
{
	kfix_wq_wake_sync(WQ, (int)(long)nr_exclusive);
}

/*
 * __wake_up_sync() wakes as __wake_up() does: [wq] -> E0 -> E1 -> E2;
 * sync wake(1) -> E0 runs; sync wake(0) -> E1 and E2 run.
 */
START_TEST(wq_wake_up_sync_wakes_as_wake_up)
{
	int w[NR_WAITERS];

	block_all(w, NR_WAITERS, SIM_CMD_WQ_WAIT_EXCL, WQ);
	spawn_body("waker", body_wake_sync, (void *)1);
	t_run(SETTLE_NS);
	assert_woken(w[0]);
	assert_blocked(w[1], 'S');
	assert_blocked(w[2], 'S');
	spawn_body("waker", body_wake_sync, (void *)0);
	t_run(SETTLE_NS);
	assert_woken(w[1]);
	assert_woken(w[2]);
}
END_TEST

static int queued_after_wake = -1;

static void body_wake_and_count(void *unused)
{
	sim_wq_wake(WQ, 1);
	queued_after_wake = kfix_wq_len(WQ);
}

/*
 * autoremove_wake_function(): the waiter woken leaves the queue at once,
 * before it runs: [wq] -> E0 -> E1, wake(1) by a FIFO task that keeps
 * the CPU, then E1 alone is queued.
 */
START_TEST(wq_woken_waiter_leaves_queue_at_once)
{
	int w[2];

	block_all(w, 2, SIM_CMD_WQ_WAIT_EXCL, WQ);
	ck_assert_int_eq(kfix_wq_len(WQ), 2);
	t_spawn("waker", SIM_SCHED_FIFO, 10, 0, body_wake_and_count, NULL);
	t_run(SETTLE_NS);
	ck_assert_int_eq(queued_after_wake, 1);
	assert_woken(w[0]);
	assert_blocked(w[1], 'S');
	ck_assert_int_eq(kfix_wq_len(WQ), 1);
}
END_TEST

/*
 * Queued E0, N0, E1, N1, E2 gives [wq] -> N1 -> N0 -> E0 -> E1 -> E2
 * (non-exclusive at the head); wake(1) -> N1, N0, E0 run; E1, E2 wait.
 */
START_TEST(wq_mixed_wakes_nonexclusive_plus_nr)
{
	int e[3], n[2], i;

	for (i = 0; i < 3; i++)
		e[i] = spawn("excl");
	for (i = 0; i < 2; i++)
		n[i] = spawn("shared");
	post(e[0], SIM_CMD_WQ_WAIT_EXCL, WQ, 0);
	post(n[0], SIM_CMD_WQ_WAIT, WQ, 0);
	post(e[1], SIM_CMD_WQ_WAIT_EXCL, WQ, 0);
	post(n[1], SIM_CMD_WQ_WAIT, WQ, 0);
	post(e[2], SIM_CMD_WQ_WAIT_EXCL, WQ, 0);

	wake_wq(1);
	assert_woken(n[0]);
	assert_woken(n[1]);
	assert_woken(e[0]);
	assert_blocked(e[1], 'S');
	assert_blocked(e[2], 'S');
}
END_TEST

/* A wake-up on another queue index leaves these waiters alone. */
START_TEST(wq_wake_other_queue_no_effect)
{
	int w = spawn("waiter");
	int waker = spawn("waker");

	post(w, SIM_CMD_WQ_WAIT, WQ, 0);
	ck_assert_int_eq(t_cmd(waker, SIM_CMD_WQ_WAKE, WQ + 1, 0, 0, 0), 0);
	t_run(SETTLE_NS);
	assert_blocked(w, 'S');
}
END_TEST

/* An interruptible wait ends on a signal with -ERESTARTSYS (-512). */
START_TEST(wq_wait_interrupted_by_signal)
{
	int w = spawn("waiter");

	post(w, SIM_CMD_WQ_WAIT, WQ, 0);
	assert_blocked(w, 'S');
	ck_assert_int_eq(sim_signal(w, SIG_USR1), 0);
	t_run(SETTLE_NS);
	assert_woken(w);
	ck_assert_int_eq(sim_cmd_result(w), -ERESTARTSYS);
}
END_TEST

/* ---- completions -------------------------------------------------------- */

/*
 * [x] -> W0 -> W1; complete -> W0 runs and W1 is not even woken (no
 * wake-up counted: it is not woken to find done taken and sleep again);
 * complete again -> W1 runs.
 */
START_TEST(completion_complete_wakes_one)
{
	unsigned long wakeups;
	int w[2];

	block_all(w, 2, SIM_CMD_COMPLETION_WAIT, COMPLETION);
	wakeups = t_info(w[1]).wakeups;
	complete_from(SIM_CMD_COMPLETE);
	assert_woken(w[0]);
	assert_blocked(w[1], 'D');
	ck_assert_uint_eq(t_info(w[1]).wakeups, wakeups);
	complete_from(SIM_CMD_COMPLETE);
	assert_woken(w[1]);
}
END_TEST

/*
 * done counts: two complete() with nobody waiting let the next two waits
 * pass at once; the third sleeps.
 */
START_TEST(completion_done_counts)
{
	int w[3], i;

	complete_from(SIM_CMD_COMPLETE);
	complete_from(SIM_CMD_COMPLETE);
	for (i = 0; i < 3; i++) {
		w[i] = spawn("waiter");
		post(w[i], SIM_CMD_COMPLETION_WAIT, COMPLETION, 0);
	}
	assert_woken(w[0]);
	assert_woken(w[1]);
	assert_blocked(w[2], 'D');
}
END_TEST

/* complete_all wakes W0..W2 and lets a later waiter through at once. */
START_TEST(completion_complete_all)
{
	int w[NR_WAITERS], later, i;

	block_all(w, NR_WAITERS, SIM_CMD_COMPLETION_WAIT, COMPLETION);
	complete_from(SIM_CMD_COMPLETE_ALL);
	for (i = 0; i < NR_WAITERS; i++)
		assert_woken(w[i]);
	later = spawn("later");
	post(later, SIM_CMD_COMPLETION_WAIT, COMPLETION, 0);
	assert_woken(later);
}
END_TEST

/*
 * complete_all() after two complete() with nobody waiting: every later
 * wait passes (done stays far above any number of waiters).
 */
START_TEST(completion_complete_all_after_completes)
{
	int w[NR_WAITERS], i;

	complete_from(SIM_CMD_COMPLETE);
	complete_from(SIM_CMD_COMPLETE);
	complete_from(SIM_CMD_COMPLETE_ALL);
	for (i = 0; i < NR_WAITERS; i++) {
		w[i] = spawn("waiter");
		post(w[i], SIM_CMD_COMPLETION_WAIT, COMPLETION, 0);
		assert_woken(w[i]);
	}
}
END_TEST

/* complete_all() twice: still every later wait passes. */
START_TEST(completion_complete_all_twice)
{
	int w[NR_WAITERS], i;

	complete_from(SIM_CMD_COMPLETE_ALL);
	complete_from(SIM_CMD_COMPLETE_ALL);
	for (i = 0; i < NR_WAITERS; i++) {
		w[i] = spawn("waiter");
		post(w[i], SIM_CMD_COMPLETION_WAIT, COMPLETION, 0);
		assert_woken(w[i]);
	}
}
END_TEST

/*
 * wait_for_completion sleeps uninterruptibly: 'D', and a signal leaves it
 * asleep; only complete() ends it.
 */
START_TEST(completion_wait_ignores_signals)
{
	int w = spawn("waiter");

	post(w, SIM_CMD_COMPLETION_WAIT, COMPLETION, 0);
	assert_blocked(w, 'D');
	ck_assert_int_eq(sim_signal(w, SIG_USR1), 0);
	t_run(MS(10));
	assert_blocked(w, 'D');
	complete_from(SIM_CMD_COMPLETE);
	assert_woken(w);
}
END_TEST

/* ---- wake_up_process from an interrupt, timed sleeps -------------------- */

/*
 * sim_wake on a task in a 1 s sleep wakes it now: one more successful
 * wake-up, and its sleep command returns long before the second is over.
 */
START_TEST(sim_wake_wakes_sleeper)
{
	int w = spawn("sleeper");
	unsigned long wakeups;

	post(w, SIM_CMD_SLEEP, SEC(1), 0);
	assert_blocked(w, 'S');
	wakeups = t_info(w).wakeups;
	ck_assert_int_eq(sim_wake(w), 0);
	t_run(SETTLE_NS);
	assert_woken(w);
	ck_assert_uint_eq(t_info(w).wakeups, wakeups + 1);
	ck_assert_uint_lt(sim_now(), SEC(1));
}
END_TEST

/* sim_wake on the running task counts no wake-up and changes nothing. */
START_TEST(sim_wake_running_task_not_counted)
{
	int w = spawn("burner");
	unsigned long wakeups;

	post(w, SIM_CMD_BURN, MS(100), 0);
	ck_assert_int_eq(t_info(w).state, 'R');
	wakeups = t_info(w).wakeups;
	ck_assert_int_eq(sim_wake(w), 0);
	t_run(SETTLE_NS);
	ck_assert_int_eq(t_info(w).state, 'R');
	ck_assert_uint_eq(t_info(w).wakeups, wakeups);
	ck_assert_uint_eq(done(w), 0);
}
END_TEST

#define SLEEP_MS	50

/* Sleeps SLEEP_MS once, then burns: its sleep_ns is that one sleep. */
static void body_sleep_once(void *unused)
{
	sim_sleep(MS(SLEEP_MS));
	t_body_hog(NULL);
}

/*
 * A 50 ms sleep, started at a tick: asleep ('S') 1 ms before its end,
 * running right after it, and exactly 50 ms of sleep_ns accounted.
 */
START_TEST(sleep_lasts_n_ms)
{
	int w;

	t_run(MS(1));
	w = t_spawn("sleeper", SIM_SCHED_NORMAL, 0, 0, body_sleep_once, NULL);
	t_run(MS(SLEEP_MS - 1));
	ck_assert_int_eq(t_info(w).state, 'S');
	t_run(MS(1));
	ck_assert_int_eq(t_info(w).state, 'R');
	ck_assert_uint_eq(t_info(w).sleep_ns, MS(SLEEP_MS));
}
END_TEST

/* An uninterruptible sleep is 'D' and a signal does not cut it short. */
START_TEST(sleep_unint_ignores_signals)
{
	int w = spawn("sleeper");

	post(w, SIM_CMD_SLEEP_UNINT, MS(SLEEP_MS), 0);
	assert_blocked(w, 'D');
	ck_assert_int_eq(sim_signal(w, SIG_USR1), 0);
	t_run(MS(SLEEP_MS / 2));
	assert_blocked(w, 'D');
	t_run(MS(SLEEP_MS / 2));
	assert_woken(w);
}
END_TEST

static int stopped_resumed;

static void body_stop(void *unused)
{
	kfix_stop_self();
	stopped_resumed = 1;
	sim_sleep(SEC(1));
}

/*
 * wake_up_process() wakes a stopped task too (TASK_STOPPED, as
 * SIGCONT's wake-up does), not only sleepers.
 */
START_TEST(wake_up_process_wakes_stopped_task)
{
	int pid;

	stopped_resumed = 0;
	pid = spawn_body("stopped", body_stop, NULL);
	t_run(SETTLE_NS);
	ck_assert_int_eq(stopped_resumed, 0);
	ck_assert_int_eq(sim_wake(pid), 0);
	t_run(SETTLE_NS);
	ck_assert_int_eq(stopped_resumed, 1);
}
END_TEST

/* ---- sync wake-ups (ingosched) ------------------------------------------- */

/*
 * A sync wake-up tells the driver the waker is about to sleep, so on its
 * own CPU the woken task need not preempt it; ingosched (2.6.10) then
 * leaves the waker running.  The waker is nice 10 and burns 5 ms after
 * the wake-up; the waiter, nice -10, preempts it at once unless the
 * wake-up was sync, and then runs only once the burn is over.
 */
#define SYNC_BURN_NS	MS(5)

enum { BY_WAKE_SYNC_1, BY_WAKE_SYNC_0, BY_WAKE_LOCKED, BY_COMPLETE,
       BY_COMPLETE_ALL };

static void setup_ingosched(void)
{
	kfix_reset();
	t_boot(1, "cpusched=ingosched");
}

static void body_wake_then_burn(void *how)
{
	switch ((long)how) {
	case BY_WAKE_SYNC_1:
		kfix_wq_wake_sync(WQ, 1);
		break;
	case BY_WAKE_SYNC_0:
		kfix_wq_wake_sync(WQ, 0);
		break;
	case BY_WAKE_LOCKED:
		kfix_wq_wake_locked(WQ);
		break;
	case BY_COMPLETE:
		sim_complete(COMPLETION, 0);
		break;
	case BY_COMPLETE_ALL:
		sim_complete(COMPLETION, 1);
		break;
	}
	sim_burn(SYNC_BURN_NS);
}

/* The waiter is done within 1 ms of a wake-up @how, or only after the
 * waker's burn if @sync. */
static void check_wake(long how, int sync)
{
	int waiter = t_spawn_script("waiter", SIM_SCHED_NORMAL, 0, -10);

	post(waiter, how >= BY_COMPLETE ? SIM_CMD_COMPLETION_WAIT :
	     SIM_CMD_WQ_WAIT_EXCL, how >= BY_COMPLETE ? COMPLETION : WQ, 0);
	assert_blocked(waiter, how >= BY_COMPLETE ? 'D' : 'S');
	t_spawn("waker", SIM_SCHED_NORMAL, 0, 10, body_wake_then_burn,
		(void *)how);
	t_run(MS(1));
	if (!sync) {
		assert_woken(waiter);
		return;
	}
	ck_assert_msg(done(waiter) == 0, "the waiter preempted the waker");
	t_run(SYNC_BURN_NS);
	assert_woken(waiter);
}

START_TEST(sync_wake_up_of_one_leaves_waker_running)
{
	check_wake(BY_WAKE_SYNC_1, 1);
}
END_TEST

/* __wake_up_sync() with no limit (0) is not sync. */
START_TEST(sync_wake_up_of_all_preempts)
{
	check_wake(BY_WAKE_SYNC_0, 0);
}
END_TEST

START_TEST(wake_up_locked_preempts)
{
	check_wake(BY_WAKE_LOCKED, 0);
}
END_TEST

START_TEST(complete_preempts)
{
	check_wake(BY_COMPLETE, 0);
}
END_TEST

START_TEST(complete_all_preempts)
{
	check_wake(BY_COMPLETE_ALL, 0);
}
END_TEST

static Suite *waitqueue_suite(void)
{
	Suite *s = suite_create("waitqueue");
	TCase *tc;

	tc = tcase_create("waitqueue");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, open_coded_wait_wakes_every_waiter);
	tcase_add_test(tc, open_coded_exclusive_wakes_one);
	tcase_add_test(tc, exclusive_rewait_keeps_one_entry);
	tcase_add_test(tc, open_coded_waiter_leaves_the_queue);
	tcase_add_loop_test(tc, requeued_entry_is_not_exclusive, 0, 2);
	tcase_add_test(tc, wq_woken_waiter_leaves_queue_at_once);
	tcase_add_test(tc, wq_nonexclusive_all_wake);
	tcase_add_test(tc, wq_exclusive_one_wakes_first_queued);
	tcase_add_test(tc, wq_exclusive_two_wakes_two);
	tcase_add_test(tc, wq_exclusive_zero_wakes_all);
	tcase_add_test(tc, wq_mixed_wakes_nonexclusive_plus_nr);
	tcase_add_test(tc, wq_wake_other_queue_no_effect);
	tcase_add_test(tc, wq_wait_interrupted_by_signal);
	tcase_add_test(tc, wq_wake_up_locked_wakes_one_exclusive);
	tcase_add_test(tc, wq_wake_up_sync_wakes_as_wake_up);
	suite_add_tcase(s, tc);

	tc = tcase_create("completion");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, completion_complete_wakes_one);
	tcase_add_test(tc, completion_done_counts);
	tcase_add_test(tc, completion_complete_all);
	tcase_add_test(tc, completion_wait_ignores_signals);
	tcase_add_test(tc, completion_complete_all_after_completes);
	tcase_add_test(tc, completion_complete_all_twice);
	suite_add_tcase(s, tc);

	tc = tcase_create("wakeup_sleep");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, sim_wake_wakes_sleeper);
	tcase_add_test(tc, sim_wake_running_task_not_counted);
	tcase_add_test(tc, sleep_lasts_n_ms);
	tcase_add_test(tc, sleep_unint_ignores_signals);
	tcase_add_test(tc, wake_up_process_wakes_stopped_task);
	suite_add_tcase(s, tc);

	if (t_driver_built("ingosched")) {
		tc = tcase_create("sync");
		tcase_add_checked_fixture(tc, setup_ingosched, teardown);
		tcase_add_test(tc, sync_wake_up_of_one_leaves_waker_running);
		tcase_add_test(tc, sync_wake_up_of_all_preempts);
		tcase_add_test(tc, wake_up_locked_preempts);
		tcase_add_test(tc, complete_preempts);
		tcase_add_test(tc, complete_all_preempts);
		suite_add_tcase(s, tc);
	}

	return s;
}

int main(void)
{
	return t_run_suite(waitqueue_suite());
}
