/*
 * tests/unit/check_semaphore.c - 2.6.10's semaphores and rw_semaphores
 * with priority inheritance (libsched/semaphore.c) on every driver of
 * the build.
 *
 * Each test is a Check loop test over the drivers (loop index i boots
 * sim_driver_name(i) on one CPU); the tests' own failure messages start
 * with "[<driver>]".  The tasks are SCHED_FIFO script tasks on that CPU
 * using the harness's semaphores (SIM_CMD_SEM_*, init_MUTEX() at boot
 * unless the test says otherwise) and rw_semaphores (SIM_CMD_RWSEM_*); a
 * command that may block is posted with sim_cmd() and the machine run
 * for SETTLE_NS.  Priorities are the kernel's: FIFO rt_priority r is
 * prio 99 - r.  The machine's PI and semaphore invariants
 * (compat/invariants.c) are checked after every event throughout.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "testlib.h"

#define SETTLE_NS	MS(2)

#define SIGHUP_NR	1

#define RT_PRIO(r)	(99 - (r))

/* The tasks' RT priorities: lower, middle, higher, highest. */
#define LOW		10
#define MID		30
#define HIGH		50
#define TOP		90

#define S0		0	/* harness semaphores */
#define M0		0	/* harness rt_mutex */
#define S1		1	/* another */
#define RW0		0	/* harness rw_semaphore */

static char where[64];

#define sem_assert(cond, fmt, ...) \
	ck_assert_msg(cond, "[%s] " fmt, where, ##__VA_ARGS__)

/* ---- the machine of loop index i ----------------------------------------- */

/* boot - driver @i on one CPU, named in every message that follows. */
static void boot(int i)
{
	char cmdline[sizeof(where) + 16];

	ck_assert_msg(sim_driver_name(i) != NULL, "no driver %d", i);
	snprintf(where, sizeof(where), "%s", sim_driver_name(i));
	snprintf(cmdline, sizeof(cmdline), "cpusched=%s", where);
	t_boot(1, cmdline);
}

/* A SCHED_FIFO script task (the machine has one CPU). */
static int fifo(const char *name, int rt_priority)
{
	return t_spawn_script(name, SIM_SCHED_FIFO, rt_priority, 0);
}

/* cmd - run a command that does not block; its result. */
static long cmd(int pid, int op, long a0)
{
	return t_cmd(pid, op, a0, 0, 0, 0);
}

/* post - queue a command (it may block) and let the machine settle. */
static void post(int pid, int op, long a0)
{
	int ret = sim_cmd(pid, op, a0, 0, 0, 0);

	sem_assert(ret == 0, "sim_cmd(%d, %d) = %d: %s", pid, op, ret,
		   sim_error());
	t_run(SETTLE_NS);
}

static int prio(int pid)
{
	return t_info(pid).prio;
}

/* holding - @pid finished all @n commands posted to it so far. */
static int finished(int pid, unsigned long n)
{
	return t_info(pid).cmds_done == n;
}

static struct sim_sem_info sem(int idx)
{
	struct sim_sem_info info;

	sem_assert(sim_sem_info(idx, &info) == 0, "sim_sem_info: %s",
		   sim_error());
	return info;
}

static struct sim_rwsem_info rwsem(int idx)
{
	struct sim_rwsem_info info;

	sem_assert(sim_rwsem_info(idx, &info) == 0, "sim_rwsem_info: %s",
		   sim_error());
	return info;
}

static void sem_init(int idx, int count)
{
	sem_assert(sim_sem_init(idx, count) == 0, "sim_sem_init(%d, %d): %s",
		   idx, count, sim_error());
}

static void down(int pid, int idx)
{
	sem_assert(cmd(pid, SIM_CMD_SEM_DOWN, idx) == 0, "down %d", idx);
}

static void up(int pid, int idx)
{
	sem_assert(cmd(pid, SIM_CMD_SEM_UP, idx) == 0, "up %d", idx);
}

/* ---- counting ------------------------------------------------------------ */

/*
 * sem_counting_three_holders_fourth_blocks: a semaphore of count 3 lets
 * three tasks hold it at once (count 3 -> 0, no owner); the fourth
 * down() sleeps until one of them ups, then holds it (count stays 0).
 */
START_TEST(sem_counting_three_holders_fourth_blocks)
{
	int a, b, c, d;

	boot(_i);
	sem_init(S0, 3);
	a = fifo("a", MID);
	b = fifo("b", MID);
	c = fifo("c", MID);
	d = fifo("d", MID);
	down(a, S0);
	down(b, S0);
	down(c, S0);
	sem_assert(sem(S0).count == 0, "count %d, not 0", sem(S0).count);
	sem_assert(sem(S0).counting == 1 && sem(S0).owner == 0,
		   "counting %d owner %d", sem(S0).counting, sem(S0).owner);
	post(d, SIM_CMD_SEM_DOWN, S0);
	sem_assert(!finished(d, 1), "the fourth down() did not sleep");
	sem_assert(sem(S0).waiters == 1, "%d waiters, not 1",
		   sem(S0).waiters);
	up(b, S0);
	t_run(SETTLE_NS);
	sem_assert(finished(d, 1), "the fourth down() still sleeps");
	sem_assert(sem(S0).count == 0 && sem(S0).waiters == 0,
		   "count %d waiters %d, not 0 and 0", sem(S0).count,
		   sem(S0).waiters);
	up(a, S0);
	up(c, S0);
	up(d, S0);
	sem_assert(sem(S0).count == 3, "count %d, not 3", sem(S0).count);
}
END_TEST

/*
 * sem_counting_wakes_first_come: count 2, both held; "first" (FIFO 10)
 * waits, then "second" (FIFO 50).  An up() hands the unit to first,
 * though second has the better priority: 2.6.10's exclusive wait queue
 * order.
 */
START_TEST(sem_counting_wakes_first_come)
{
	int h1, h2, first, second;

	boot(_i);
	sem_init(S0, 2);
	h1 = fifo("h1", TOP);
	h2 = fifo("h2", TOP);
	first = fifo("first", LOW);
	second = fifo("second", HIGH);
	down(h1, S0);
	down(h2, S0);
	post(first, SIM_CMD_SEM_DOWN, S0);
	post(second, SIM_CMD_SEM_DOWN, S0);
	up(h1, S0);
	t_run(SETTLE_NS);
	sem_assert(finished(first, 1), "first, FIFO 10, was not handed it");
	sem_assert(!finished(second, 1), "second, FIFO 50, overtook first");
	up(h2, S0);
	t_run(SETTLE_NS);
	sem_assert(finished(second, 1), "second was not handed the next");
}
END_TEST

/*
 * sem_counting_lends_no_priority: count 2 held by two FIFO 10 tasks; a
 * FIFO 90 waiter boosts neither (no owner): both stay at prio 89.
 */
START_TEST(sem_counting_lends_no_priority)
{
	int h1, h2, top;

	boot(_i);
	sem_init(S0, 2);
	h1 = fifo("h1", LOW);
	h2 = fifo("h2", LOW);
	top = fifo("top", TOP);
	down(h1, S0);
	down(h2, S0);
	post(top, SIM_CMD_SEM_DOWN, S0);
	sem_assert(!finished(top, 1), "top did not sleep");
	sem_assert(prio(h1) == RT_PRIO(LOW) && prio(h2) == RT_PRIO(LOW),
		   "holders at prio %d and %d, not 89", prio(h1), prio(h2));
}
END_TEST

/* ---- mutexes: wake-up order ---------------------------------------------- */

/*
 * sem_mutex_wakes_best_priority: init_MUTEX held by "holder"; "low"
 * (FIFO 10) waits first, then "high" (FIFO 50).  up() hands it to high,
 * which becomes the owner; its up() then to low.
 */
START_TEST(sem_mutex_wakes_best_priority)
{
	int holder, low, high;

	boot(_i);
	holder = fifo("holder", TOP);
	low = fifo("low", LOW);
	high = fifo("high", HIGH);
	down(holder, S0);
	post(low, SIM_CMD_SEM_DOWN, S0);
	post(high, SIM_CMD_SEM_DOWN, S0);
	sem_assert(sem(S0).waiters == 2, "%d waiters, not 2",
		   sem(S0).waiters);
	up(holder, S0);
	t_run(SETTLE_NS);
	sem_assert(finished(high, 1), "high, FIFO 50, was not handed it");
	sem_assert(!finished(low, 1), "low, FIFO 10, was handed it first");
	sem_assert(sem(S0).owner == high, "owner %d, not high %d",
		   sem(S0).owner, high);
	up(high, S0);
	t_run(SETTLE_NS);
	sem_assert(finished(low, 1) && sem(S0).owner == low,
		   "low was not handed it after high (owner %d)",
		   sem(S0).owner);
}
END_TEST

/*
 * sem_mutex_equal_waiters_fifo: two FIFO 30 waiters, "first" then
 * "second": up() hands it to first.
 */
START_TEST(sem_mutex_equal_waiters_fifo)
{
	int holder, first, second;

	boot(_i);
	holder = fifo("holder", TOP);
	first = fifo("first", MID);
	second = fifo("second", MID);
	down(holder, S0);
	post(first, SIM_CMD_SEM_DOWN, S0);
	post(second, SIM_CMD_SEM_DOWN, S0);
	up(holder, S0);
	t_run(SETTLE_NS);
	sem_assert(sem(S0).owner == first, "owner %d, not first %d",
		   sem(S0).owner, first);
	sem_assert(!finished(second, 1), "second was handed it too");
}
END_TEST

/* ---- down_interruptible, down_trylock ------------------------------------ */

/*
 * "holder" (FIFO 10) takes S0, then "waiter" (FIFO 50) sleeps in
 * down_interruptible() on it.
 */
static void sleep_in_down_interruptible(int *holder, int *waiter)
{
	*holder = fifo("holder", LOW);
	*waiter = fifo("waiter", HIGH);
	down(*holder, S0);
	post(*waiter, SIM_CMD_SEM_DOWN_INT, S0);
	sem_assert(!finished(*waiter, 1), "waiter did not sleep");
}

/*
 * sem_down_interruptible_signal: holder (FIFO 10) holds S0; "waiter"
 * (FIFO 50) sleeps in down_interruptible(), boosting holder to 49.  A
 * SIGHUP ends the wait: -EINTR, not the owner, no waiter left, count 0,
 * holder back at 89; the holder's up() then leaves count 1, no owner.
 */
START_TEST(sem_down_interruptible_signal)
{
	int holder, waiter;

	boot(_i);
	sleep_in_down_interruptible(&holder, &waiter);
	sem_assert(prio(holder) == RT_PRIO(HIGH), "holder at %d, not 49",
		   prio(holder));
	sem_assert(sim_signal(waiter, SIGHUP_NR) == 0, "signal: %s",
		   sim_error());
	t_run(SETTLE_NS);
	sem_assert(finished(waiter, 1), "the signal did not end the wait");
	sem_assert(sim_cmd_result(waiter) == -EINTR, "result %ld, not -EINTR",
		   sim_cmd_result(waiter));
	sem_assert(sem(S0).owner == holder && sem(S0).waiters == 0 &&
		   sem(S0).count == 0, "owner %d waiters %d count %d",
		   sem(S0).owner, sem(S0).waiters, sem(S0).count);
	sem_assert(prio(holder) == RT_PRIO(LOW), "holder at %d, not 89",
		   prio(holder));
	up(holder, S0);
	sem_assert(sem(S0).count == 1 && sem(S0).owner == 0,
		   "count %d owner %d after up", sem(S0).count, sem(S0).owner);
}
END_TEST

/*
 * sem_down_interruptible_handed_over: holder holds S0; "waiter" sleeps
 * in down_interruptible() until the holder's up() hands it the
 * semaphore: it returns 0 (not -EINTR, nor any other value) and owns it.
 */
START_TEST(sem_down_interruptible_handed_over)
{
	int holder, waiter;

	boot(_i);
	sleep_in_down_interruptible(&holder, &waiter);
	up(holder, S0);
	t_run(SETTLE_NS);
	sem_assert(finished(waiter, 1), "up() did not end the wait");
	sem_assert(sim_cmd_result(waiter) == 0, "result %ld, not 0",
		   sim_cmd_result(waiter));
	sem_assert(sem(S0).owner == waiter && sem(S0).count == 0,
		   "owner %d count %d, not the waiter and 0", sem(S0).owner,
		   sem(S0).count);
}
END_TEST

/*
 * sem_counting_interrupted_keeps_unit: count 2, both held; a waiter is
 * interrupted; an up() then leaves count 1 (the unit is not lost to
 * the waiter that left).
 */
START_TEST(sem_counting_interrupted_keeps_unit)
{
	int h1, h2, waiter;

	boot(_i);
	sem_init(S0, 2);
	h1 = fifo("h1", MID);
	h2 = fifo("h2", MID);
	waiter = fifo("waiter", MID);
	down(h1, S0);
	down(h2, S0);
	post(waiter, SIM_CMD_SEM_DOWN_INT, S0);
	sem_assert(sim_signal(waiter, SIGHUP_NR) == 0, "signal: %s",
		   sim_error());
	t_run(SETTLE_NS);
	sem_assert(sim_cmd_result(waiter) == -EINTR, "result %ld, not -EINTR",
		   sim_cmd_result(waiter));
	up(h1, S0);
	sem_assert(sem(S0).count == 1 && sem(S0).waiters == 0,
		   "count %d waiters %d, not 1 and 0", sem(S0).count,
		   sem(S0).waiters);
}
END_TEST

/*
 * sem_down_trylock: 0 on a free mutex (count 1 -> 0, owner the caller),
 * then 1 from another task, which changes nothing.
 */
START_TEST(sem_down_trylock)
{
	int a, b;

	boot(_i);
	a = fifo("a", MID);
	b = fifo("b", MID);
	sem_assert(cmd(a, SIM_CMD_SEM_TRYLOCK, S0) == 0, "free: not 0");
	sem_assert(sem(S0).count == 0 && sem(S0).owner == a,
		   "count %d owner %d", sem(S0).count, sem(S0).owner);
	sem_assert(cmd(b, SIM_CMD_SEM_TRYLOCK, S0) == 1, "held: not 1");
	sem_assert(sem(S0).count == 0 && sem(S0).owner == a &&
		   sem(S0).waiters == 0, "count %d owner %d waiters %d",
		   sem(S0).count, sem(S0).owner, sem(S0).waiters);
}
END_TEST

/* ---- inheritance --------------------------------------------------------- */

/*
 * sem_boost_and_deboost: "low" (FIFO 10, prio 89) holds the mutex;
 * "high" (FIFO 50) blocks in down(): low runs at 49 with its
 * rt_priority unchanged; low's up() drops it back to 89 and high owns.
 */
START_TEST(sem_boost_and_deboost)
{
	int low, high;

	boot(_i);
	low = fifo("low", LOW);
	high = fifo("high", HIGH);
	down(low, S0);
	sem_assert(prio(low) == RT_PRIO(LOW), "low at %d before", prio(low));
	post(high, SIM_CMD_SEM_DOWN, S0);
	sem_assert(prio(low) == RT_PRIO(HIGH), "low at %d, not 49",
		   prio(low));
	sem_assert(t_info(low).rt_priority == LOW, "rt_priority changed");
	up(low, S0);
	t_run(SETTLE_NS);
	sem_assert(prio(low) == RT_PRIO(LOW), "low at %d after up, not 89",
		   prio(low));
	sem_assert(sem(S0).owner == high, "owner %d, not high",
		   sem(S0).owner);
}
END_TEST

/*
 * sem_up_by_other_deboosts_owner: low owns the mutex, high waits
 * (low at 49); "other" (FIFO 90) calls up(): low is back at 89, high
 * owns it.
 */
START_TEST(sem_up_by_other_deboosts_owner)
{
	int low, high, other;

	boot(_i);
	low = fifo("low", LOW);
	high = fifo("high", HIGH);
	other = fifo("other", TOP);
	down(low, S0);
	post(high, SIM_CMD_SEM_DOWN, S0);
	sem_assert(prio(low) == RT_PRIO(HIGH), "low at %d, not 49",
		   prio(low));
	up(other, S0);
	t_run(SETTLE_NS);
	sem_assert(prio(low) == RT_PRIO(LOW), "low at %d, not 89",
		   prio(low));
	sem_assert(sem(S0).owner == high, "owner %d, not high",
		   sem(S0).owner);
}
END_TEST

/*
 * sem_up_by_other_deboosts_along_chain: "third" (FIFO 10) holds M0;
 * "owner" (FIFO 20) owns S0 and blocks on M0; "top" (FIFO 90) waits on
 * S0: third runs at 9.  "other" (FIFO 95) ups S0, which top is handed:
 * owner drops to 79 and, along the chain, third to 79 (owner's own).
 */
START_TEST(sem_up_by_other_deboosts_along_chain)
{
	int third, owner, top, other;

	boot(_i);
	third = fifo("third", LOW);
	owner = fifo("owner", 20);
	top = fifo("top", TOP);
	other = fifo("other", 95);
	sem_assert(cmd(third, SIM_CMD_MUTEX_LOCK, M0) == 0, "lock M0");
	down(owner, S0);
	post(owner, SIM_CMD_MUTEX_LOCK, M0);
	post(top, SIM_CMD_SEM_DOWN, S0);
	sem_assert(prio(third) == RT_PRIO(TOP), "third at %d, not 9",
		   prio(third));
	up(other, S0);
	t_run(SETTLE_NS);
	sem_assert(sem(S0).owner == top, "owner %d, not top", sem(S0).owner);
	sem_assert(prio(owner) == RT_PRIO(20), "owner at %d, not 79",
		   prio(owner));
	sem_assert(prio(third) == RT_PRIO(20), "third at %d, not 79",
		   prio(third));
}
END_TEST

/*
 * sem_locked_at_init_has_no_owner: init_MUTEX_LOCKED (count 0): a FIFO
 * 50 waiter boosts nobody; "poster" (FIFO 10) ups it and stays at 89;
 * the waiter is handed it and owns it.
 */
START_TEST(sem_locked_at_init_has_no_owner)
{
	int poster, waiter;

	boot(_i);
	sem_init(S0, 0);
	poster = fifo("poster", LOW);
	waiter = fifo("waiter", HIGH);
	post(waiter, SIM_CMD_SEM_DOWN, S0);
	sem_assert(!finished(waiter, 1), "waiter did not sleep");
	sem_assert(sem(S0).owner == 0, "owner %d, not none", sem(S0).owner);
	up(poster, S0);
	t_run(SETTLE_NS);
	sem_assert(prio(poster) == RT_PRIO(LOW), "poster at %d",
		   prio(poster));
	sem_assert(finished(waiter, 1) && sem(S0).owner == waiter,
		   "waiter not handed it (owner %d)", sem(S0).owner);
}
END_TEST

/*
 * sem_boost_goes_on_through_rt_mutex: "third" (FIFO 10) holds rt_mutex
 * M0; "holder" (FIFO 20) holds semaphore S0 and blocks on M0; "top"
 * (FIFO 90) blocks on S0: holder and third both run at 9.  top leaving
 * (holder's up) drops both back: third 89.
 */
START_TEST(sem_boost_goes_on_through_rt_mutex)
{
	int third, holder, top;

	boot(_i);
	third = fifo("third", LOW);
	holder = fifo("holder", 20);
	top = fifo("top", TOP);
	sem_assert(cmd(third, SIM_CMD_MUTEX_LOCK, M0) == 0, "lock M0");
	down(holder, S0);
	post(holder, SIM_CMD_MUTEX_LOCK, M0);
	sem_assert(prio(third) == RT_PRIO(20), "third at %d, not 79",
		   prio(third));
	post(top, SIM_CMD_SEM_DOWN, S0);
	sem_assert(prio(holder) == RT_PRIO(TOP), "holder at %d, not 9",
		   prio(holder));
	sem_assert(prio(third) == RT_PRIO(TOP), "third at %d, not 9",
		   prio(third));
	sem_assert(cmd(third, SIM_CMD_MUTEX_UNLOCK, M0) == 0, "unlock M0");
	t_run(SETTLE_NS);
	sem_assert(prio(third) == RT_PRIO(LOW), "third at %d, not 89",
		   prio(third));
}
END_TEST

/*
 * sem_rt_mutex_boost_goes_on_through_sem: "third" (FIFO 10) owns S0;
 * "holder" (FIFO 20) holds M0 and blocks on S0; "top" (FIFO 90) blocks
 * on M0: third runs at 9.  The other way round from the test above.
 */
START_TEST(sem_rt_mutex_boost_goes_on_through_sem)
{
	int third, holder, top;

	boot(_i);
	third = fifo("third", LOW);
	holder = fifo("holder", 20);
	top = fifo("top", TOP);
	down(third, S0);
	sem_assert(cmd(holder, SIM_CMD_MUTEX_LOCK, M0) == 0, "lock M0");
	post(holder, SIM_CMD_SEM_DOWN, S0);
	post(top, SIM_CMD_MUTEX_LOCK, M0);
	sem_assert(prio(holder) == RT_PRIO(TOP), "holder at %d, not 9",
		   prio(holder));
	sem_assert(prio(third) == RT_PRIO(TOP), "third at %d, not 9",
		   prio(third));
	up(third, S0);
	t_run(SETTLE_NS);
	sem_assert(prio(third) == RT_PRIO(LOW), "third at %d, not 89",
		   prio(third));
}
END_TEST

/*
 * sem_self_deadlock_reported: the owner of a mutex downs it again: the
 * kernel would hang, the machine reports a BUG naming the deadlock.
 */
START_TEST(sem_self_deadlock_reported)
{
	int a;

	boot(_i);
	a = fifo("a", MID);
	down(a, S0);
	sem_assert(sim_cmd(a, SIM_CMD_SEM_DOWN, S0, 0, 0, 0) == -EIO ||
		   sim_run_for(SETTLE_NS) == -1, "no report");
	sem_assert(sim_failed(), "the machine did not fail");
	sem_assert(strstr(sim_report(), "kernel BUG at ") != NULL,
		   "report: %s", sim_report());
	sem_assert(sim_log_contains("rtmutex deadlock: a/"), "log: %s",
		   sim_log());
}
END_TEST

/*
 * sem_deadlock_interruptible_waits_for_signal: a owns S0 and waits in
 * down_interruptible() on S1, which b owns; b's down_interruptible() on
 * S0 closes the cycle: a warning in the log, no BUG, b waits until a
 * SIGHUP ends its wait with -EINTR.
 */
START_TEST(sem_deadlock_interruptible_waits_for_signal)
{
	int a, b;

	boot(_i);
	a = fifo("a", HIGH);
	b = fifo("b", LOW);
	down(a, S0);
	down(b, S1);
	post(a, SIM_CMD_SEM_DOWN_INT, S1);
	post(b, SIM_CMD_SEM_DOWN_INT, S0);
	sem_assert(sim_log_contains("rtmutex deadlock: b/"), "log: %s",
		   sim_log());
	sem_assert(!finished(b, 2), "b did not wait");
	sem_assert(sim_signal(b, SIGHUP_NR) == 0, "signal: %s", sim_error());
	t_run(SETTLE_NS);
	sem_assert(finished(b, 2) && sim_cmd_result(b) == -EINTR,
		   "b: result %ld", sim_cmd_result(b));
}
END_TEST

/*
 * sem_rt_mutex_chain_stops_at_counting_sem: both units of the counting
 * S1 (count 2) are held by FIFO 10 tasks; "mid" (FIFO 20) holds M0 and
 * waits on S1; "top" (FIFO 90) waits on M0: mid runs at 9, the
 * semaphore's holders stay at 89 (no owner to go on to).
 */
START_TEST(sem_rt_mutex_chain_stops_at_counting_sem)
{
	int h1, h2, mid, top;

	boot(_i);
	sem_init(S1, 2);
	h1 = fifo("h1", LOW);
	h2 = fifo("h2", LOW);
	mid = fifo("mid", 20);
	top = fifo("top", TOP);
	down(h1, S1);
	down(h2, S1);
	sem_assert(cmd(mid, SIM_CMD_MUTEX_LOCK, M0) == 0, "lock M0");
	post(mid, SIM_CMD_SEM_DOWN, S1);
	post(top, SIM_CMD_MUTEX_LOCK, M0);
	sem_assert(prio(mid) == RT_PRIO(TOP), "mid at %d, not 9", prio(mid));
	sem_assert(prio(h1) == RT_PRIO(LOW) && prio(h2) == RT_PRIO(LOW),
		   "holders at %d and %d, not 89", prio(h1), prio(h2));
}
END_TEST

static int pending_busy, pending_free, pending_down;

/*
 * body_signalled - a SIGHUP comes while it sleeps; with the signal
 * still pending it calls down_interruptible() on S0 (held) and on S1
 * (free), then down() on S0.
 */
static void body_signalled(void *unused)
{
	sim_sleep(SEC(1));
	pending_busy = sim_down_interruptible(S0);
	pending_free = sim_down_interruptible(S1);
	sim_up(S1);
	sim_down(S0);
	pending_down = 1;
	sim_up(S0);
}

/*
 * sem_signal_pending: with a signal pending, down_interruptible()
 * answers -EINTR at once on a held semaphore and takes a free one (0),
 * as 2.6.10's, which only looks at signals when it has to wait; down()
 * waits all the same, until the holder's up().
 */
START_TEST(sem_signal_pending)
{
	int holder, pid;

	boot(_i);
	holder = fifo("holder", MID);
	down(holder, S0);
	pending_busy = pending_free = 1;
	pending_down = 0;
	pid = t_spawn("signalled", SIM_SCHED_FIFO, MID, 0, body_signalled,
		      NULL);
	t_run(SETTLE_NS);
	sem_assert(sim_signal(pid, SIGHUP_NR) == 0, "signal: %s",
		   sim_error());
	t_run(SETTLE_NS);
	sem_assert(pending_busy == -EINTR, "held: %d, not -EINTR",
		   pending_busy);
	sem_assert(pending_free == 0, "free: %d, not 0", pending_free);
	sem_assert(!pending_down && t_info(pid).state == 'D',
		   "down() did not wait (state %c)", t_info(pid).state);
	sem_assert(sem(S0).waiters == 1 && sem(S0).owner == holder,
		   "S0: waiters %d owner %d", sem(S0).waiters, sem(S0).owner);
	up(holder, S0);
	t_run(SETTLE_NS);
	sem_assert(pending_down == 1, "down() not handed S0 at up()");
}
END_TEST

/* ---- rw_semaphores ------------------------------------------------------- */

/*
 * rwsem_readers_share: three readers hold it at once (readers 3);
 * down_write_trylock fails (0), a writer's down_write() sleeps.
 */
START_TEST(rwsem_readers_share)
{
	int r1, r2, r3, w;

	boot(_i);
	r1 = fifo("r1", MID);
	r2 = fifo("r2", MID);
	r3 = fifo("r3", MID);
	w = fifo("w", MID);
	cmd(r1, SIM_CMD_RWSEM_DOWN_READ, RW0);
	cmd(r2, SIM_CMD_RWSEM_DOWN_READ, RW0);
	cmd(r3, SIM_CMD_RWSEM_DOWN_READ, RW0);
	sem_assert(rwsem(RW0).readers == 3, "%d readers, not 3",
		   rwsem(RW0).readers);
	sem_assert(cmd(w, SIM_CMD_RWSEM_WRITE_TRYLOCK, RW0) == 0,
		   "down_write_trylock took it from readers");
	post(w, SIM_CMD_RWSEM_DOWN_WRITE, RW0);
	sem_assert(!finished(w, 2), "the writer did not sleep");
}
END_TEST

/*
 * rwsem_writer_excludes: a writer holds it: down_read_trylock fails
 * (0), a reader's down_read() sleeps until up_write().
 */
START_TEST(rwsem_writer_excludes)
{
	int w, r;

	boot(_i);
	w = fifo("w", MID);
	r = fifo("r", MID);
	sem_assert(cmd(w, SIM_CMD_RWSEM_WRITE_TRYLOCK, RW0) == 1,
		   "down_write_trylock on a free rwsem: not 1");
	sem_assert(rwsem(RW0).writer == w, "writer %d", rwsem(RW0).writer);
	sem_assert(cmd(r, SIM_CMD_RWSEM_READ_TRYLOCK, RW0) == 0,
		   "down_read_trylock took it from a writer");
	post(r, SIM_CMD_RWSEM_DOWN_READ, RW0);
	sem_assert(!finished(r, 2), "the reader did not sleep");
	cmd(w, SIM_CMD_RWSEM_UP_WRITE, RW0);
	t_run(SETTLE_NS);
	sem_assert(finished(r, 2) && rwsem(RW0).readers == 1 &&
		   rwsem(RW0).writer == 0, "reader not in: readers %d",
		   rwsem(RW0).readers);
}
END_TEST

/*
 * rwsem_waiting_writer_blocks_new_readers: r1 reads; w waits; r2's
 * down_read() waits too, though only readers hold it (no writer
 * starvation).  r1's up_read() lets w in, w's up_write() lets r2 in.
 */
START_TEST(rwsem_waiting_writer_blocks_new_readers)
{
	int r1, w, r2;

	boot(_i);
	r1 = fifo("r1", MID);
	w = fifo("w", MID);
	r2 = fifo("r2", MID);
	cmd(r1, SIM_CMD_RWSEM_DOWN_READ, RW0);
	post(w, SIM_CMD_RWSEM_DOWN_WRITE, RW0);
	post(r2, SIM_CMD_RWSEM_DOWN_READ, RW0);
	sem_assert(!finished(r2, 1), "r2 overtook the waiting writer");
	sem_assert(rwsem(RW0).readers == 1 && rwsem(RW0).waiters == 2,
		   "readers %d waiters %d", rwsem(RW0).readers,
		   rwsem(RW0).waiters);
	cmd(r1, SIM_CMD_RWSEM_UP_READ, RW0);
	t_run(SETTLE_NS);
	sem_assert(rwsem(RW0).writer == w, "writer %d, not w",
		   rwsem(RW0).writer);
	sem_assert(!finished(r2, 1), "r2 in with the writer");
	cmd(w, SIM_CMD_RWSEM_UP_WRITE, RW0);
	t_run(SETTLE_NS);
	sem_assert(finished(r2, 1) && rwsem(RW0).readers == 1,
		   "r2 not in after the writer");
}
END_TEST

/*
 * rwsem_downgrade_wakes_readers: w writes; r1 and r2 wait, then writer
 * w2, then r3.  downgrade_write(): r1 and r2 share it with w (readers
 * 3); w2 and r3, behind a writer, still wait.
 */
START_TEST(rwsem_downgrade_wakes_readers)
{
	int w, r1, r2, w2, r3;

	boot(_i);
	w = fifo("w", MID);
	r1 = fifo("r1", MID);
	r2 = fifo("r2", MID);
	w2 = fifo("w2", MID);
	r3 = fifo("r3", MID);
	cmd(w, SIM_CMD_RWSEM_DOWN_WRITE, RW0);
	post(r1, SIM_CMD_RWSEM_DOWN_READ, RW0);
	post(r2, SIM_CMD_RWSEM_DOWN_READ, RW0);
	post(w2, SIM_CMD_RWSEM_DOWN_WRITE, RW0);
	post(r3, SIM_CMD_RWSEM_DOWN_READ, RW0);
	cmd(w, SIM_CMD_RWSEM_DOWNGRADE, RW0);
	t_run(SETTLE_NS);
	sem_assert(finished(r1, 1) && finished(r2, 1), "r1, r2 not woken");
	sem_assert(rwsem(RW0).readers == 3 && rwsem(RW0).writer == 0,
		   "readers %d writer %d, not 3 and none", rwsem(RW0).readers,
		   rwsem(RW0).writer);
	sem_assert(!finished(w2, 1) && !finished(r3, 1),
		   "w2 or r3 got in");
	sem_assert(rwsem(RW0).waiters == 2, "%d waiters, not 2",
		   rwsem(RW0).waiters);
}
END_TEST

/*
 * rwsem_downgrade_keeps_writer_first_waiting: w writes; w2 waits, then
 * r.  downgrade_write(): w reads alone (readers 1), w2 first in line
 * keeps waiting and r behind it too.
 */
START_TEST(rwsem_downgrade_keeps_writer_first_waiting)
{
	int w, w2, r;

	boot(_i);
	w = fifo("w", MID);
	w2 = fifo("w2", MID);
	r = fifo("r", MID);
	cmd(w, SIM_CMD_RWSEM_DOWN_WRITE, RW0);
	post(w2, SIM_CMD_RWSEM_DOWN_WRITE, RW0);
	post(r, SIM_CMD_RWSEM_DOWN_READ, RW0);
	cmd(w, SIM_CMD_RWSEM_DOWNGRADE, RW0);
	t_run(SETTLE_NS);
	sem_assert(rwsem(RW0).readers == 1 && rwsem(RW0).waiters == 2,
		   "readers %d waiters %d, not 1 and 2", rwsem(RW0).readers,
		   rwsem(RW0).waiters);
	sem_assert(!finished(w2, 1) && !finished(r, 1), "w2 or r got in");
}
END_TEST

/*
 * rwsem_writer_inherits: "writer" (FIFO 10) holds it; "reader" (FIFO 50)
 * waits: writer at 49; up_write() drops it to 89.
 */
START_TEST(rwsem_writer_inherits)
{
	int writer, reader;

	boot(_i);
	writer = fifo("writer", LOW);
	reader = fifo("reader", HIGH);
	cmd(writer, SIM_CMD_RWSEM_DOWN_WRITE, RW0);
	post(reader, SIM_CMD_RWSEM_DOWN_READ, RW0);
	sem_assert(prio(writer) == RT_PRIO(HIGH), "writer at %d, not 49",
		   prio(writer));
	cmd(writer, SIM_CMD_RWSEM_UP_WRITE, RW0);
	t_run(SETTLE_NS);
	sem_assert(prio(writer) == RT_PRIO(LOW), "writer at %d, not 89",
		   prio(writer));
}
END_TEST

/*
 * rwsem_readers_lend_nothing: "reader" (FIFO 10) reads; "writer" (FIFO
 * 90) waits: the reader stays at 89 (readers are not tracked).
 */
START_TEST(rwsem_readers_lend_nothing)
{
	int reader, writer;

	boot(_i);
	reader = fifo("reader", LOW);
	writer = fifo("writer", TOP);
	cmd(reader, SIM_CMD_RWSEM_DOWN_READ, RW0);
	post(writer, SIM_CMD_RWSEM_DOWN_WRITE, RW0);
	sem_assert(!finished(writer, 1), "writer did not sleep");
	sem_assert(prio(reader) == RT_PRIO(LOW), "reader at %d, not 89",
		   prio(reader));
}
END_TEST

/* ---- several CPUs ------------------------------------------------------- */

#define SMP_TASKS	6
#define SMP_ROUNDS	20
#define SMP_SEEDS	32
#define US(n)		((unsigned long long)(n) * 1000)

/*
 * body_contend - SMP_ROUNDS rounds of: the mutex S0 with rt_mutex M0
 * inside it (a chain), a unit of the counting S1, then RW0 to read (odd
 * tasks) or to write, with a downgrade.
 */
static void body_contend(void *arg)
{
	int k, writer = (int)(long)arg % 2 == 0;

	for (k = 0; k < SMP_ROUNDS; k++) {
		sim_down(S0);
		sim_mutex_lock(M0);
		sim_burn(US(20));
		sim_mutex_unlock(M0);
		sim_up(S0);
		sim_down(S1);
		sim_burn(US(30));
		sim_up(S1);
		if (!writer) {
			sim_down_read(RW0);
			sim_burn(US(10));
			sim_up_read(RW0);
			continue;
		}
		sim_down_write(RW0);
		sim_burn(US(10));
		sim_downgrade_write(RW0);
		sim_up_read(RW0);
	}
}

/* Contenders 0..2 are SCHED_FIFO 10, 30, 50; the others SCHED_NORMAL. */
static int spawn_contender(int t)
{
	if (t < 3)
		return t_spawn("contend", SIM_SCHED_FIFO, 10 + 20 * t, 0,
			       body_contend, (void *)(long)t);
	return t_spawn("contend", SIM_SCHED_NORMAL, 0, 0, body_contend,
		       (void *)(long)t);
}

/*
 * sem_smp_contention_keeps_invariants: SMP_TASKS tasks of six RT and
 * SCHED_NORMAL priorities contend on two CPUs that interleave at every
 * lock (random:1..32): the PI and semaphore invariants hold at every
 * event, every task ends, and everything is free at the end (S0 count
 * 1, S1 count 2, no owner, writer or waiter).
 */
START_TEST(sem_smp_contention_keeps_invariants)
{
	const char *drv = sim_driver_name(_i);
	struct sim_config cfg;
	char cmdline[64], ilv[32];
	int seed, t, pids[SMP_TASKS];

	snprintf(cmdline, sizeof(cmdline), "cpusched=%s", drv);
	for (seed = 1; seed <= SMP_SEEDS; seed++) {
		snprintf(where, sizeof(where), "%s, random:%d", drv, seed);
		snprintf(ilv, sizeof(ilv), "random:%d", seed);
		sim_config_init(&cfg);
		cfg.nr_cpus = 2;
		cfg.cmdline = cmdline;
		cfg.interleave = ilv;
		t_boot_cfg(&cfg);
		sem_init(S1, 2);
		for (t = 0; t < SMP_TASKS; t++)
			pids[t] = spawn_contender(t);
		t_run(SEC(1));
		for (t = 0; t < SMP_TASKS; t++)
			sem_assert(t_info(pids[t]).state == 'Z',
				   "task %d did not end (state %c)", t,
				   t_info(pids[t]).state);
		sem_assert(sem(S0).count == 1 && sem(S0).owner == 0 &&
			   sem(S1).count == 2 && rwsem(RW0).readers == 0 &&
			   rwsem(RW0).writer == 0 && rwsem(RW0).waiters == 0,
			   "not all free at the end");
		t_shutdown();
	}
}
END_TEST

/* ---- the suite ----------------------------------------------------------- */

static void add(Suite *s, const char *name, const TTest *test)
{
	t_add_per_driver(s, name, test, 10);
}

static Suite *semaphore_suite(void)
{
	Suite *s = suite_create("semaphore");

	add(s, "counting_three_holders_fourth_blocks",
	    sem_counting_three_holders_fourth_blocks);
	add(s, "counting_wakes_first_come", sem_counting_wakes_first_come);
	add(s, "counting_lends_no_priority", sem_counting_lends_no_priority);
	add(s, "mutex_wakes_best_priority", sem_mutex_wakes_best_priority);
	add(s, "mutex_equal_waiters_fifo", sem_mutex_equal_waiters_fifo);
	add(s, "down_interruptible_signal", sem_down_interruptible_signal);
	add(s, "down_interruptible_handed_over",
	    sem_down_interruptible_handed_over);
	add(s, "counting_interrupted_keeps_unit",
	    sem_counting_interrupted_keeps_unit);
	add(s, "down_trylock", sem_down_trylock);
	add(s, "boost_and_deboost", sem_boost_and_deboost);
	add(s, "up_by_other_deboosts_owner", sem_up_by_other_deboosts_owner);
	add(s, "up_by_other_deboosts_along_chain",
	    sem_up_by_other_deboosts_along_chain);
	add(s, "locked_at_init_has_no_owner",
	    sem_locked_at_init_has_no_owner);
	add(s, "boost_goes_on_through_rt_mutex",
	    sem_boost_goes_on_through_rt_mutex);
	add(s, "rt_mutex_boost_goes_on_through_sem",
	    sem_rt_mutex_boost_goes_on_through_sem);
	add(s, "self_deadlock_reported", sem_self_deadlock_reported);
	add(s, "deadlock_interruptible_waits_for_signal",
	    sem_deadlock_interruptible_waits_for_signal);
	add(s, "rt_mutex_chain_stops_at_counting_sem",
	    sem_rt_mutex_chain_stops_at_counting_sem);
	add(s, "signal_pending", sem_signal_pending);
	add(s, "rwsem_readers_share", rwsem_readers_share);
	add(s, "rwsem_writer_excludes", rwsem_writer_excludes);
	add(s, "rwsem_waiting_writer_blocks_new_readers",
	    rwsem_waiting_writer_blocks_new_readers);
	add(s, "rwsem_downgrade_wakes_readers", rwsem_downgrade_wakes_readers);
	add(s, "rwsem_downgrade_keeps_writer_first_waiting",
	    rwsem_downgrade_keeps_writer_first_waiting);
	add(s, "rwsem_writer_inherits", rwsem_writer_inherits);
	add(s, "rwsem_readers_lend_nothing", rwsem_readers_lend_nothing);
	add(s, "smp_contention_keeps_invariants",
	    sem_smp_contention_keeps_invariants);
	return s;
}

int main(void)
{
	return t_run_suite(semaphore_suite());
}
