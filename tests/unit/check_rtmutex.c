/*
 * tests/unit/check_rtmutex.c - the priority inheriting rt_mutex
 * (libsched/rtmutex.c) on every driver of the build.
 *
 * Each test is a Check loop test over the drivers (loop index i boots
 * sim_driver_name(i) on one CPU); every failure message starts with
 * "[<driver>]".  The tasks are script tasks pinned to CPU 0, taking the
 * harness's rt_mutexes 0..7 with SIM_CMD_MUTEX_*; a command that blocks
 * is posted with sim_cmd() and the machine run for SETTLE_NS.
 *
 * Priorities are the kernel's: a SCHED_FIFO task of rt_priority r has
 * prio 99 - r (sim_task_info.prio is task_prio() + 100, the effective
 * priority).  The holders are SCHED_FIFO tasks so that the expected
 * numbers are the same on every driver; where a SCHED_NORMAL holder is
 * boosted, only "in the RT range" (< 100) and "back in the SCHED_NORMAL
 * range" (>= 100) are checked, since its dynamic priority is the
 * driver's own.  The machine's PI invariant (compat/invariants.c) is
 * checked after every event throughout.
 *
 * Not checked here: several CPUs (the walk is the same), time limits.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "testlib.h"
#include "kfixtures.h"

#define SETTLE_NS	MS(2)		/* a posted command runs by then */
#define CMD_WAIT_NS	SEC(10)

#define SIGHUP_NR	1

/* SCHED_FIFO rt_priority -> the kernel's prio */
#define RT_PRIO(r)	(99 - (r))
#define MAX_RT_PRIO	100

/* The tasks' RT priorities: lower, middle, higher, highest. */
#define LOW		10
#define MID		30
#define HIGH		50
#define TOP		90

/* Harness rt_mutex indexes. */
#define M0		0
#define M1		1
#define M2		2

/* RT_MUTEX_MAX_CHAIN (libsched/include/linux/rtmutex.h), as 2.6.18's
 * max_lock_depth. */
#define MAX_CHAIN	1024

struct u_sched_param {
	int sched_priority;
};

static char where[64];

#define rt_assert(cond, fmt, ...) \
	ck_assert_msg(cond, "[%s] " fmt, where, ##__VA_ARGS__)

/* ---- the machine of loop index i ----------------------------------------- */

static void boot(int i)
{
	const char *drv = sim_driver_name(i);
	struct sim_config cfg;
	char cmdline[64];

	ck_assert_msg(drv != NULL, "no driver %d", i);
	snprintf(where, sizeof(where), "%s", drv);
	snprintf(cmdline, sizeof(cmdline), "cpusched=%s", drv);
	sim_config_init(&cfg);
	cfg.nr_cpus = 1;
	cfg.cmdline = cmdline;
	t_boot_cfg(&cfg);
}

static void run(unsigned long long ns)
{
	int ret = sim_run_for(ns);

	rt_assert(ret == 0, "run failed: %s", sim_report());
}

static int task(const char *name, int policy, int rt_priority)
{
	struct sim_task_attr a;
	int pid;

	sim_task_attr_init(&a);
	a.name = name;
	a.policy = policy;
	a.rt_priority = rt_priority;
	a.cpus = "0";
	pid = sim_spawn_script(&a);
	rt_assert(pid > 0, "spawn of %s failed (%d): %s", name, pid,
		  sim_error());
	return pid;
}

static int fifo(const char *name, int rt_priority)
{
	return task(name, SIM_SCHED_FIFO, rt_priority);
}

/* cmd - run a command that does not block; its result. */
static long cmd(int pid, int op, long a0, long a1)
{
	int ret = sim_cmd(pid, op, a0, a1, 0, 0);

	rt_assert(ret == 0, "sim_cmd(%d, %d) = %d: %s", pid, op, ret,
		  sim_error());
	ret = sim_cmd_wait(pid, CMD_WAIT_NS);
	rt_assert(ret == 0, "command %d of pid %d did not finish (%d): %s",
		  op, pid, ret, sim_failed() ? sim_report() : sim_error());
	return sim_cmd_result(pid);
}

/* post - queue a command (it may block) and let the machine settle. */
static void post(int pid, int op, long a0, long a1)
{
	int ret = sim_cmd(pid, op, a0, a1, 0, 0);

	rt_assert(ret == 0, "sim_cmd(%d, %d) = %d: %s", pid, op, ret,
		  sim_error());
	run(SETTLE_NS);
}

static void lock(int pid, int idx)
{
	rt_assert(cmd(pid, SIM_CMD_MUTEX_LOCK, idx, 0) == 0, "lock %d", idx);
}

static void unlock(int pid, int idx)
{
	rt_assert(cmd(pid, SIM_CMD_MUTEX_UNLOCK, idx, 0) == 0, "unlock %d",
		  idx);
}

static int prio(int pid)
{
	return t_info(pid).prio;
}

static int owner(int idx)
{
	return sim_mutex_owner(idx, NULL);
}

static int pending(int idx)
{
	int p = -1;

	sim_mutex_owner(idx, &p);
	return p;
}

static int done(int pid)
{
	return t_info(pid).cmds_done;
}

/* blocked - @pid sleeps in a command it has not finished. */
static void assert_blocked(int pid, unsigned long cmds_before)
{
	struct sim_task_info info = t_info(pid);

	rt_assert(info.state == 'D' || info.state == 'S',
		  "%s is in state %c, not blocked", info.name, info.state);
	rt_assert(info.cmds_done == cmds_before,
		  "%s finished its command", info.name);
}

/* setscheduler - @by sets @pid to SCHED_FIFO @rt_priority. */
static void set_fifo(int by, int pid, int rt_priority)
{
	struct u_sched_param sp = { .sched_priority = rt_priority };
	unsigned long u = sim_user_map(by, sizeof(sp));
	long ret;

	rt_assert(u != 0, "sim_user_map: %s", sim_error());
	rt_assert(sim_user_write(by, u, &sp, sizeof(sp)) == 0, "user write");
	ret = t_syscall(by, SIM_SYS_sched_setscheduler, pid, SIM_SCHED_FIFO,
			u);
	rt_assert(ret == 0, "sched_setscheduler = %ld", ret);
}

/* ---- boosting ------------------------------------------------------------ */

/*
 * rtmutex_boost_simple: low holds M0, high blocks on it.
 * Before: low prio 89.  After: low prio 49 (high's), its policy and
 * rt_priority unchanged; high blocked.
 */
START_TEST(rtmutex_boost_simple)
{
	int low, high;
	struct sim_task_info info;

	boot(_i);
	low = fifo("low", LOW);
	high = fifo("high", HIGH);
	lock(low, M0);
	rt_assert(prio(low) == RT_PRIO(LOW), "low prio %d", prio(low));
	post(high, SIM_CMD_MUTEX_LOCK, M0, 0);
	assert_blocked(high, 0);
	info = t_info(low);
	rt_assert(info.prio == RT_PRIO(HIGH), "low prio %d, want %d",
		  info.prio, RT_PRIO(HIGH));
	rt_assert(info.policy == SIM_SCHED_FIFO && info.rt_priority == LOW,
		  "low's own policy %d/%d changed", info.policy,
		  info.rt_priority);
	rt_assert(prio(high) == RT_PRIO(HIGH), "high prio %d", prio(high));
}
END_TEST

/*
 * rtmutex_boost_normal_into_rt: a SCHED_NORMAL holder is boosted into
 * the RT range (prio 49) by a SCHED_FIFO 50 waiter; after unlock it is
 * back in the SCHED_NORMAL range (>= 100) with its nice unchanged.
 */
START_TEST(rtmutex_boost_normal_into_rt)
{
	int low, high;

	boot(_i);
	low = task("normal", SIM_SCHED_NORMAL, 0);
	high = fifo("high", HIGH);
	lock(low, M0);
	rt_assert(prio(low) >= MAX_RT_PRIO, "normal prio %d", prio(low));
	post(high, SIM_CMD_MUTEX_LOCK, M0, 0);
	rt_assert(prio(low) == RT_PRIO(HIGH), "boosted prio %d", prio(low));
	unlock(low, M0);
	rt_assert(prio(low) >= MAX_RT_PRIO, "prio %d after unlock",
		  prio(low));
	rt_assert(t_info(low).nice == 0, "nice %d", t_info(low).nice);
}
END_TEST

/*
 * rtmutex_boost_by_better_of_two: low holds M0; mid blocks (low 69),
 * then high blocks (low 49): the better waiter wins.
 */
START_TEST(rtmutex_boost_by_better_of_two)
{
	int low, mid, high;

	boot(_i);
	low = fifo("low", LOW);
	mid = fifo("mid", MID);
	high = fifo("high", HIGH);
	lock(low, M0);
	post(mid, SIM_CMD_MUTEX_LOCK, M0, 0);
	rt_assert(prio(low) == RT_PRIO(MID), "low prio %d after mid",
		  prio(low));
	post(high, SIM_CMD_MUTEX_LOCK, M0, 0);
	rt_assert(prio(low) == RT_PRIO(HIGH), "low prio %d after high",
		  prio(low));
}
END_TEST

/*
 * rtmutex_boost_keeps_better_waiter: high blocks first (low 49), then
 * mid: low stays at 49.
 */
START_TEST(rtmutex_boost_keeps_better_waiter)
{
	int low, mid, high;

	boot(_i);
	low = fifo("low", LOW);
	mid = fifo("mid", MID);
	high = fifo("high", HIGH);
	lock(low, M0);
	post(high, SIM_CMD_MUTEX_LOCK, M0, 0);
	post(mid, SIM_CMD_MUTEX_LOCK, M0, 0);
	rt_assert(prio(low) == RT_PRIO(HIGH), "low prio %d", prio(low));
}
END_TEST

/*
 * rtmutex_chain_of_three_locks:
 *   low holds M0; m20 holds M1, waits M0; m30 holds M2, waits M1;
 *   high (50) waits M2.
 * After: m30, m20 and low all run at prio 49.
 */
START_TEST(rtmutex_chain_of_three_locks)
{
	int low, m20, m30, high;

	boot(_i);
	low = fifo("low", LOW);
	m20 = fifo("m20", 20);
	m30 = fifo("m30", 30);
	high = fifo("high", HIGH);
	lock(low, M0);
	lock(m20, M1);
	post(m20, SIM_CMD_MUTEX_LOCK, M0, 0);
	rt_assert(prio(low) == RT_PRIO(20), "low prio %d", prio(low));
	lock(m30, M2);
	post(m30, SIM_CMD_MUTEX_LOCK, M1, 0);
	rt_assert(prio(m20) == RT_PRIO(30) && prio(low) == RT_PRIO(30),
		  "m20 %d, low %d after m30", prio(m20), prio(low));
	post(high, SIM_CMD_MUTEX_LOCK, M2, 0);
	rt_assert(prio(m30) == RT_PRIO(HIGH), "m30 prio %d", prio(m30));
	rt_assert(prio(m20) == RT_PRIO(HIGH), "m20 prio %d", prio(m20));
	rt_assert(prio(low) == RT_PRIO(HIGH), "low prio %d", prio(low));
}
END_TEST

/* ---- de-boosting --------------------------------------------------------- */

/*
 * rtmutex_deboost_on_unlock: low (89) boosted to 49 by high; low
 * unlocks: low back at 89, high owns M0 and finished its lock.
 */
START_TEST(rtmutex_deboost_on_unlock)
{
	int low, high;

	boot(_i);
	low = fifo("low", LOW);
	high = fifo("high", HIGH);
	lock(low, M0);
	post(high, SIM_CMD_MUTEX_LOCK, M0, 0);
	unlock(low, M0);
	run(SETTLE_NS);
	rt_assert(prio(low) == RT_PRIO(LOW), "low prio %d", prio(low));
	rt_assert(owner(M0) == high && pending(M0) == 0,
		  "M0 owner %d pending %d", owner(M0), pending(M0));
	rt_assert(done(high) == 1, "high's lock did not finish");
	rt_assert(sim_cmd_result(high) == 0, "lock = %ld",
		  sim_cmd_result(high));
}
END_TEST

/*
 * rtmutex_unlock_keeps_boost_of_other_lock: low holds M0 (high waits)
 * and M1 (mid waits): prio 49; unlocking M0 leaves mid's 69.
 */
START_TEST(rtmutex_unlock_keeps_boost_of_other_lock)
{
	int low, mid, high;

	boot(_i);
	low = fifo("low", LOW);
	mid = fifo("mid", MID);
	high = fifo("high", HIGH);
	lock(low, M0);
	lock(low, M1);
	post(mid, SIM_CMD_MUTEX_LOCK, M1, 0);
	post(high, SIM_CMD_MUTEX_LOCK, M0, 0);
	rt_assert(prio(low) == RT_PRIO(HIGH), "low prio %d", prio(low));
	unlock(low, M0);
	rt_assert(prio(low) == RT_PRIO(MID), "low prio %d after unlock",
		  prio(low));
}
END_TEST

/*
 * rtmutex_signal_deboosts_to_next_waiter: mid and high wait on M0
 * interruptibly (low 49); high gets a signal: its lock returns -EINTR
 * and low drops to mid's 69.
 */
START_TEST(rtmutex_signal_deboosts_to_next_waiter)
{
	int low, mid, high;

	boot(_i);
	low = fifo("low", LOW);
	mid = fifo("mid", MID);
	high = fifo("high", HIGH);
	lock(low, M0);
	post(mid, SIM_CMD_MUTEX_LOCK_INT, M0, 0);
	post(high, SIM_CMD_MUTEX_LOCK_INT, M0, 0);
	rt_assert(prio(low) == RT_PRIO(HIGH), "low prio %d", prio(low));
	rt_assert(sim_signal(high, SIGHUP_NR) == 0, "signal");
	run(SETTLE_NS);
	rt_assert(done(high) == 1, "high still waits");
	rt_assert(sim_cmd_result(high) == -EINTR, "lock = %ld",
		  sim_cmd_result(high));
	rt_assert(prio(low) == RT_PRIO(MID), "low prio %d", prio(low));
	rt_assert(owner(M0) == low, "M0 owner %d", owner(M0));
}
END_TEST

/*
 * rtmutex_signal_deboosts_to_normal: the only waiter leaves on a
 * signal: low back at 89.
 */
START_TEST(rtmutex_signal_deboosts_to_normal)
{
	int low, high;

	boot(_i);
	low = fifo("low", LOW);
	high = fifo("high", HIGH);
	lock(low, M0);
	post(high, SIM_CMD_MUTEX_LOCK_INT, M0, 0);
	rt_assert(prio(low) == RT_PRIO(HIGH), "low prio %d", prio(low));
	rt_assert(sim_signal(high, SIGHUP_NR) == 0, "signal");
	run(SETTLE_NS);
	rt_assert(sim_cmd_result(high) == -EINTR, "lock = %ld",
		  sim_cmd_result(high));
	rt_assert(prio(low) == RT_PRIO(LOW), "low prio %d", prio(low));
}
END_TEST

/*
 * rtmutex_signal_deboosts_along_chain: low holds M0; mid holds M1 and
 * waits on M0 (low 69); high waits on M1 interruptibly (mid and low
 * 49).  high gets a signal: mid drops to its own 69, and so does low,
 * two locks away, which inherited high's 49 through mid.
 */
START_TEST(rtmutex_signal_deboosts_along_chain)
{
	int low, mid, high;

	boot(_i);
	low = fifo("low", LOW);
	mid = fifo("mid", MID);
	high = fifo("high", HIGH);
	lock(low, M0);
	lock(mid, M1);
	post(mid, SIM_CMD_MUTEX_LOCK, M0, 0);
	post(high, SIM_CMD_MUTEX_LOCK_INT, M1, 0);
	rt_assert(prio(mid) == RT_PRIO(HIGH) && prio(low) == RT_PRIO(HIGH),
		  "mid %d, low %d", prio(mid), prio(low));
	rt_assert(sim_signal(high, SIGHUP_NR) == 0, "signal");
	run(SETTLE_NS);
	rt_assert(sim_cmd_result(high) == -EINTR, "lock = %ld",
		  sim_cmd_result(high));
	rt_assert(prio(mid) == RT_PRIO(MID), "mid prio %d", prio(mid));
	rt_assert(prio(low) == RT_PRIO(MID), "low prio %d", prio(low));
}
END_TEST

/*
 * rtmutex_waiting_keeps_owner_references: blocking on a lock and
 * leaving it, by a signal or with the lock, each take a reference to
 * the owner's task_struct for the chain walk and drop it again: low's
 * count is the same before and after.
 */
START_TEST(rtmutex_waiting_keeps_owner_references)
{
	int low, high, before;

	boot(_i);
	low = fifo("low", LOW);
	high = fifo("high", HIGH);
	lock(low, M0);
	before = kfix_task_usage(low);
	rt_assert(before > 0, "usage %d", before);
	post(high, SIM_CMD_MUTEX_LOCK_INT, M0, 0);
	rt_assert(sim_signal(high, SIGHUP_NR) == 0, "signal");
	run(SETTLE_NS);
	rt_assert(sim_cmd_result(high) == -EINTR, "lock = %ld",
		  sim_cmd_result(high));
	rt_assert(kfix_task_usage(low) == before,
		  "usage %d after a waiter left, %d before",
		  kfix_task_usage(low), before);
	post(high, SIM_CMD_MUTEX_LOCK, M0, 0);
	unlock(low, M0);
	run(SETTLE_NS);
	rt_assert(owner(M0) == high, "M0 owner %d", owner(M0));
	rt_assert(kfix_task_usage(low) == before,
		  "usage %d after a waiter took the lock, %d before",
		  kfix_task_usage(low), before);
}
END_TEST

/* ---- the pending owner --------------------------------------------------- */

#define BURN_NS		MS(5)

/*
 * top_unlocks_while_busy - @top (owning M0) burns BURN_NS, unlocks M0,
 * burns BURN_NS again; the machine runs until the unlock is past.
 */
static void top_unlocks_while_busy(int top)
{
	post(top, SIM_CMD_BURN, BURN_NS, 0);
	rt_assert(sim_cmd(top, SIM_CMD_MUTEX_UNLOCK, M0, 0, 0, 0) == 0,
		  "post unlock");
	rt_assert(sim_cmd(top, SIM_CMD_BURN, BURN_NS, 0, 0, 0) == 0,
		  "post burn");
	run(BURN_NS);
}

/*
 * rtmutex_pending_owner_after_unlock: top (90) unlocks M0 that high
 * waits for while top keeps the CPU: high is the pending owner (owner,
 * pending 1, runnable but not run); once top is done, high takes it.
 */
START_TEST(rtmutex_pending_owner_after_unlock)
{
	int top, high;

	boot(_i);
	top = fifo("top", TOP);
	high = fifo("high", HIGH);
	lock(top, M0);
	post(high, SIM_CMD_MUTEX_LOCK, M0, 0);
	top_unlocks_while_busy(top);
	rt_assert(owner(M0) == high && pending(M0) == 1,
		  "M0 owner %d pending %d", owner(M0), pending(M0));
	rt_assert(t_info(high).state == 'Q', "high in state %c",
		  t_info(high).state);
	rt_assert(sim_cmd_wait(top, CMD_WAIT_NS) == 0, "top busy");
	run(SETTLE_NS);
	rt_assert(owner(M0) == high && pending(M0) == 0,
		  "M0 owner %d pending %d", owner(M0), pending(M0));
	rt_assert(done(high) == 1, "high's lock did not finish");
}
END_TEST

/*
 * rtmutex_better_task_steals_from_pending_owner: while high (50) is the
 * pending owner, mid70 (70, better) locks M0: it takes it at once,
 * high goes back to waiting and gets M0 when mid70 unlocks.
 */
START_TEST(rtmutex_better_task_steals_from_pending_owner)
{
	int top, high, thief;

	boot(_i);
	top = fifo("top", TOP);
	high = fifo("high", HIGH);
	thief = fifo("thief", 70);
	lock(top, M0);
	post(high, SIM_CMD_MUTEX_LOCK, M0, 0);
	top_unlocks_while_busy(top);
	rt_assert(pending(M0) == 1, "M0 not pending");
	/* thief is queued behind top, before high */
	rt_assert(sim_cmd(thief, SIM_CMD_MUTEX_LOCK, M0, 0, 0, 0) == 0,
		  "post lock");
	rt_assert(sim_cmd_wait(thief, CMD_WAIT_NS) == 0, "thief blocked");
	rt_assert(owner(M0) == thief && pending(M0) == 0,
		  "M0 owner %d pending %d", owner(M0), pending(M0));
	run(SETTLE_NS);
	assert_blocked(high, 0);
	unlock(thief, M0);
	run(SETTLE_NS);
	rt_assert(owner(M0) == high && done(high) == 1,
		  "M0 owner %d, high done %d", owner(M0), done(high));
}
END_TEST

/*
 * rtmutex_thief_inherits_from_waiters: as above, with w40 (40) waiting
 * behind high: high, the pending owner, inherits from w40; when thief
 * (70) steals M0 and burns a while, it owns the lock w40 waits on and
 * inherits from it instead (the machine's PI invariant checks that
 * after every event), then from high, which queues again (50) once it
 * runs.  thief drops itself to FIFO 20 (prio 79): it runs at high's 49.
 */
START_TEST(rtmutex_thief_inherits_from_waiters)
{
	int top, high, w40, thief;

	boot(_i);
	top = fifo("top", TOP);
	high = fifo("high", HIGH);
	w40 = fifo("w40", 40);
	thief = fifo("thief", 70);
	lock(top, M0);
	post(high, SIM_CMD_MUTEX_LOCK, M0, 0);
	post(w40, SIM_CMD_MUTEX_LOCK, M0, 0);
	top_unlocks_while_busy(top);
	rt_assert(owner(M0) == high && pending(M0) == 1,
		  "M0 owner %d pending %d", owner(M0), pending(M0));
	/* thief keeps the CPU a while with M0: high cannot queue again */
	rt_assert(sim_cmd(thief, SIM_CMD_MUTEX_LOCK, M0, 0, 0, 0) == 0 &&
		  sim_cmd(thief, SIM_CMD_BURN, BURN_NS, 0, 0, 0) == 0,
		  "post lock, burn");
	run(BURN_NS);
	rt_assert(owner(M0) == thief && pending(M0) == 0,
		  "M0 owner %d pending %d", owner(M0), pending(M0));
	rt_assert(t_info(high).state == 'Q', "high in state %c",
		  t_info(high).state);
	rt_assert(sim_cmd_wait(thief, CMD_WAIT_NS) == 0, "thief busy");
	run(SETTLE_NS);
	assert_blocked(high, 0);
	set_fifo(thief, 0, 20);
	rt_assert(prio(thief) == RT_PRIO(HIGH), "thief prio %d", prio(thief));
}
END_TEST

/*
 * rtmutex_equal_task_blocks_behind_pending_owner: same (50, queued
 * before high) locks M0 while high (50) is its pending owner: not
 * better, so it blocks and high takes M0; same gets it after high.
 */
START_TEST(rtmutex_equal_task_blocks_behind_pending_owner)
{
	int top, high, same;

	boot(_i);
	top = fifo("top", TOP);
	high = fifo("high", HIGH);
	same = fifo("same", HIGH);
	lock(top, M0);
	post(high, SIM_CMD_MUTEX_LOCK, M0, 0);
	/* same is woken before the unlock wakes high: queued ahead of it */
	post(top, SIM_CMD_BURN, BURN_NS, 0);
	rt_assert(sim_cmd(same, SIM_CMD_MUTEX_LOCK, M0, 0, 0, 0) == 0,
		  "post lock");
	rt_assert(sim_cmd(top, SIM_CMD_MUTEX_UNLOCK, M0, 0, 0, 0) == 0,
		  "post unlock");
	rt_assert(sim_cmd_wait(top, CMD_WAIT_NS) == 0, "top busy");
	run(SETTLE_NS);
	rt_assert(owner(M0) == high && pending(M0) == 0 && done(high) == 1,
		  "M0 owner %d pending %d", owner(M0), pending(M0));
	assert_blocked(same, 0);
	unlock(high, M0);
	run(SETTLE_NS);
	rt_assert(owner(M0) == same && done(same) == 1, "M0 owner %d",
		  owner(M0));
}
END_TEST

/* ---- deadlocks ----------------------------------------------------------- */

/*
 * rtmutex_deadlock_detected: a holds M0 and waits M1; b holds M1 and
 * locks M0 with detection: -EDEADLK, b still owns M1, a still waits.
 */
START_TEST(rtmutex_deadlock_detected)
{
	int a, b;

	boot(_i);
	a = fifo("a", HIGH);
	b = fifo("b", LOW);
	lock(a, M0);
	lock(b, M1);
	post(a, SIM_CMD_MUTEX_LOCK, M1, 0);
	rt_assert(prio(b) == RT_PRIO(HIGH), "b prio %d", prio(b));
	rt_assert(cmd(b, SIM_CMD_MUTEX_LOCK_INT, M0, 1) == -EDEADLK,
		  "lock = %ld", sim_cmd_result(b));
	rt_assert(owner(M1) == b && owner(M0) == a, "owners %d %d",
		  owner(M0), owner(M1));
	assert_blocked(a, 1);
	rt_assert(prio(b) == RT_PRIO(HIGH), "b prio %d after", prio(b));
}
END_TEST

/* rtmutex_self_deadlock_detected: locking M0 again gives -EDEADLK. */
START_TEST(rtmutex_self_deadlock_detected)
{
	int a;

	boot(_i);
	a = fifo("a", HIGH);
	lock(a, M0);
	rt_assert(cmd(a, SIM_CMD_MUTEX_LOCK_INT, M0, 1) == -EDEADLK,
		  "lock = %ld", sim_cmd_result(a));
	rt_assert(owner(M0) == a, "M0 owner %d", owner(M0));
}
END_TEST

/*
 * rtmutex_deadlock_without_detection_reported: the same cycle with the
 * plain lock: where the kernel hangs, the machine reports a kernel BUG
 * in rtmutex.c and the log names the deadlock.
 */
START_TEST(rtmutex_deadlock_without_detection_reported)
{
	int a, b;

	boot(_i);
	a = fifo("a", HIGH);
	b = fifo("b", LOW);
	lock(a, M0);
	lock(b, M1);
	post(a, SIM_CMD_MUTEX_LOCK, M1, 0);
	rt_assert(sim_cmd(b, SIM_CMD_MUTEX_LOCK, M0, 0, 0, 0) == -EIO ||
		  sim_run_for(SETTLE_NS) == -1, "no report");
	rt_assert(sim_failed(), "the machine did not fail");
	rt_assert(strstr(sim_report(), "kernel BUG at ") != NULL &&
		  strstr(sim_report(), "libsched/rtmutex.c") != NULL,
		  "report: %s", sim_report());
	rt_assert(sim_log_contains("rtmutex deadlock: b/"), "log: %s",
		  sim_log());
}
END_TEST

/*
 * deadlock_ab - the cycle the tests below start from: a (50) holds M2
 * and M0 and waits on M1; b (40) holds M1 and waits on M0, both
 * interruptibly without detection, so both stay blocked.
 */
static void deadlock_ab(int *a, int *b)
{
	*a = fifo("a", HIGH);
	*b = fifo("b", 40);
	lock(*a, M2);
	lock(*a, M0);
	lock(*b, M1);
	post(*a, SIM_CMD_MUTEX_LOCK_INT, M1, 0);
	post(*b, SIM_CMD_MUTEX_LOCK_INT, M0, 0);
	assert_blocked(*a, 2);
	assert_blocked(*b, 1);
}

/*
 * rtmutex_deadlock_without_detection_waits_for_signal: b closes the
 * cycle without detection: the log names it ("rtmutex deadlock: b/<pid>
 * blocks on sim_mutex, owned by a/<pid>, ... waiting for a signal"),
 * b stays blocked until a signal ends its lock with -EINTR; b's unlock
 * of M1 then lets a have it.
 */
START_TEST(rtmutex_deadlock_without_detection_waits_for_signal)
{
	char line[128];
	int a, b;

	boot(_i);
	deadlock_ab(&a, &b);
	snprintf(line, sizeof(line), "rtmutex deadlock: b/%d blocks on "
		 "sim_mutex, owned by a/%d,", b, a);
	rt_assert(sim_log_contains(line), "no \"%s\" in the log: %s", line,
		  sim_log());
	rt_assert(sim_log_contains("; waiting for a signal"), "log: %s",
		  sim_log());
	rt_assert(sim_signal(b, SIGHUP_NR) == 0, "signal");
	run(SETTLE_NS);
	rt_assert(done(b) == 2 && sim_cmd_result(b) == -EINTR,
		  "b done %d, lock = %ld", done(b), sim_cmd_result(b));
	assert_blocked(a, 2);
	unlock(b, M1);
	run(SETTLE_NS);
	rt_assert(owner(M1) == a && done(a) == 3, "M1 owner %d", owner(M1));
}
END_TEST

/*
 * depth_limit_line - the warning of a walk that went MAX_CHAIN steps
 * round the a-b cycle and stopped on the next: a walk from a visits a
 * at odd steps, so step 1025 is a's.
 */
static const char *depth_limit_line(int a)
{
	static char line[96];

	snprintf(line, sizeof(line), "rtmutex: maximum lock depth %d "
		 "reached at a/%d", MAX_CHAIN, a);
	return line;
}

/*
 * rtmutex_chain_beyond_limit_detected: c (30) locks M2, owned by a, with
 * detection: the walk from a goes round the a-b cycle, which never
 * comes back to M2 or c, and gives up after MAX_CHAIN steps: -EDEADLK
 * and a warning; M2 stays a's, c does not wait.
 */
START_TEST(rtmutex_chain_beyond_limit_detected)
{
	int a, b, c;

	boot(_i);
	deadlock_ab(&a, &b);
	c = fifo("c", MID);
	rt_assert(cmd(c, SIM_CMD_MUTEX_LOCK_INT, M2, 1) == -EDEADLK,
		  "lock = %ld", sim_cmd_result(c));
	rt_assert(sim_log_contains(depth_limit_line(a)), "no \"%s\" in the "
		  "log: %s", depth_limit_line(a), sim_log());
	rt_assert(owner(M2) == a, "M2 owner %d", owner(M2));
	rt_assert(prio(a) == RT_PRIO(HIGH), "a prio %d", prio(a));
}
END_TEST

/*
 * rtmutex_chain_beyond_limit_waits_without_detection: the same lock of
 * M2 without detection (plain and interruptible): the walk gives up
 * with the same warning and c waits for M2, lending a its 69 - no
 * error, no BUG: the chain is long, not a cycle through c.
 */
START_TEST(rtmutex_chain_beyond_limit_waits_without_detection)
{
	int a, b, c, d;

	boot(_i);
	deadlock_ab(&a, &b);
	c = fifo("c", MID);
	d = fifo("d", 20);
	post(c, SIM_CMD_MUTEX_LOCK, M2, 0);
	assert_blocked(c, 0);
	rt_assert(sim_log_contains(depth_limit_line(a)), "log: %s",
		  sim_log());
	post(d, SIM_CMD_MUTEX_LOCK_INT, M2, 0);
	assert_blocked(d, 0);
	rt_assert(owner(M2) == a, "M2 owner %d", owner(M2));
}
END_TEST

/*
 * rtmutex_setscheduler_walks_only_on_change: setting a, blocked in the
 * cycle, to the FIFO 50 it has changes no priority, so nothing walks
 * the cycle (no depth warning); FIFO 60 does, and the walk round the
 * cycle stops at the limit, on a: b then runs at a's 39.
 */
START_TEST(rtmutex_setscheduler_walks_only_on_change)
{
	int a, b, top;

	boot(_i);
	deadlock_ab(&a, &b);
	top = fifo("top", TOP);
	set_fifo(top, a, HIGH);
	rt_assert(!sim_log_contains("maximum lock depth"), "log: %s",
		  sim_log());
	set_fifo(top, a, 60);
	rt_assert(sim_log_contains(depth_limit_line(a)), "log: %s",
		  sim_log());
	rt_assert(prio(b) == RT_PRIO(60), "b prio %d", prio(b));
}
END_TEST

/* ---- priority changes while boosted -------------------------------------- */

/*
 * rtmutex_setscheduler_keeps_boost: low (10) boosted to 49 sets itself
 * to FIFO 20: still 49, rt_priority 20; after unlock 79.
 */
START_TEST(rtmutex_setscheduler_keeps_boost)
{
	int low, high;

	boot(_i);
	low = fifo("low", LOW);
	high = fifo("high", HIGH);
	lock(low, M0);
	post(high, SIM_CMD_MUTEX_LOCK, M0, 0);
	set_fifo(low, 0, 20);
	rt_assert(prio(low) == RT_PRIO(HIGH), "low prio %d", prio(low));
	rt_assert(t_info(low).rt_priority == 20, "rt_priority %d",
		  t_info(low).rt_priority);
	unlock(low, M0);
	rt_assert(prio(low) == RT_PRIO(20), "low prio %d after unlock",
		  prio(low));
}
END_TEST

/*
 * rtmutex_setscheduler_above_boost: low boosted to 49 sets itself to
 * FIFO 60: its own 39 is better and takes over at once.
 */
START_TEST(rtmutex_setscheduler_above_boost)
{
	int low, high;

	boot(_i);
	low = fifo("low", LOW);
	high = fifo("high", HIGH);
	lock(low, M0);
	post(high, SIM_CMD_MUTEX_LOCK, M0, 0);
	set_fifo(low, 0, 60);
	rt_assert(prio(low) == RT_PRIO(60), "low prio %d", prio(low));
}
END_TEST

/*
 * rtmutex_nice_keeps_boost: a SCHED_NORMAL holder boosted to 49 renices
 * itself to +5: still 49; after unlock nice 5 in the normal range.
 */
START_TEST(rtmutex_nice_keeps_boost)
{
	int low, high;

	boot(_i);
	low = task("normal", SIM_SCHED_NORMAL, 0);
	high = fifo("high", HIGH);
	lock(low, M0);
	post(high, SIM_CMD_MUTEX_LOCK, M0, 0);
	rt_assert(t_syscall(low, SIM_SYS_nice, 5, 0, 0) == 0, "nice");
	rt_assert(prio(low) == RT_PRIO(HIGH), "prio %d", prio(low));
	rt_assert(t_info(low).nice == 5, "nice %d", t_info(low).nice);
	unlock(low, M0);
	rt_assert(prio(low) >= MAX_RT_PRIO && t_info(low).nice == 5,
		  "prio %d nice %d after unlock", prio(low),
		  t_info(low).nice);
}
END_TEST

/*
 * rtmutex_setscheduler_of_waiter_propagates: mid (30) waits on M0 held
 * by low (69); top sets mid to FIFO 60: low follows to 39.
 */
START_TEST(rtmutex_setscheduler_of_waiter_propagates)
{
	int low, mid, top;

	boot(_i);
	low = fifo("low", LOW);
	mid = fifo("mid", MID);
	top = fifo("top", TOP);
	lock(low, M0);
	post(mid, SIM_CMD_MUTEX_LOCK, M0, 0);
	rt_assert(prio(low) == RT_PRIO(MID), "low prio %d", prio(low));
	set_fifo(top, mid, 60);
	rt_assert(prio(low) == RT_PRIO(60), "low prio %d after", prio(low));
}
END_TEST

/* ---- trylock, order, wake-up --------------------------------------------- */

/* rtmutex_trylock_free_takes: trylock of a free M0 returns 1, owns it. */
START_TEST(rtmutex_trylock_free_takes)
{
	int a;

	boot(_i);
	a = fifo("a", LOW);
	rt_assert(cmd(a, SIM_CMD_MUTEX_TRYLOCK, M0, 0) == 1, "trylock");
	rt_assert(owner(M0) == a, "M0 owner %d", owner(M0));
}
END_TEST

/*
 * rtmutex_lock_interruptible_free_takes: the interruptible lock of a free
 * M0, with or without detection, returns 0 and owns it.
 */
START_TEST(rtmutex_lock_interruptible_free_takes)
{
	int a;

	boot(_i);
	a = fifo("a", LOW);
	rt_assert(cmd(a, SIM_CMD_MUTEX_LOCK_INT, M0, 0) == 0, "lock = %ld",
		  sim_cmd_result(a));
	rt_assert(cmd(a, SIM_CMD_MUTEX_LOCK_INT, M1, 1) == 0, "lock = %ld",
		  sim_cmd_result(a));
	rt_assert(owner(M0) == a && owner(M1) == a, "owners %d %d",
		  owner(M0), owner(M1));
}
END_TEST

/*
 * rtmutex_trylock_held_fails: trylock of M0 held by a returns 0 at once
 * for b (better), which neither blocks nor boosts a.
 */
START_TEST(rtmutex_trylock_held_fails)
{
	int a, b;

	boot(_i);
	a = fifo("a", LOW);
	b = fifo("b", HIGH);
	lock(a, M0);
	rt_assert(cmd(b, SIM_CMD_MUTEX_TRYLOCK, M0, 0) == 0, "trylock");
	rt_assert(owner(M0) == a, "M0 owner %d", owner(M0));
	rt_assert(prio(a) == RT_PRIO(LOW), "a prio %d", prio(a));
}
END_TEST

/*
 * rtmutex_fifo_among_equal_waiters: w1 then w2 (both 50) wait on M0;
 * unlock hands it to w1, w1's unlock to w2.
 */
START_TEST(rtmutex_fifo_among_equal_waiters)
{
	int low, w1, w2;

	boot(_i);
	low = fifo("low", LOW);
	w1 = fifo("w1", HIGH);
	w2 = fifo("w2", HIGH);
	lock(low, M0);
	post(w1, SIM_CMD_MUTEX_LOCK, M0, 0);
	post(w2, SIM_CMD_MUTEX_LOCK, M0, 0);
	unlock(low, M0);
	run(SETTLE_NS);
	rt_assert(owner(M0) == w1 && done(w1) == 1, "M0 owner %d",
		  owner(M0));
	assert_blocked(w2, 0);
	unlock(w1, M0);
	run(SETTLE_NS);
	rt_assert(owner(M0) == w2 && done(w2) == 1, "M0 owner %d",
		  owner(M0));
}
END_TEST

/*
 * rtmutex_unlock_wakes_top_waiter: mid waits on M0 before high; the
 * unlock hands M0 to high, mid keeps waiting.
 */
START_TEST(rtmutex_unlock_wakes_top_waiter)
{
	int low, mid, high;

	boot(_i);
	low = fifo("low", LOW);
	mid = fifo("mid", MID);
	high = fifo("high", HIGH);
	lock(low, M0);
	post(mid, SIM_CMD_MUTEX_LOCK, M0, 0);
	post(high, SIM_CMD_MUTEX_LOCK, M0, 0);
	unlock(low, M0);
	run(SETTLE_NS);
	rt_assert(owner(M0) == high && done(high) == 1, "M0 owner %d",
		  owner(M0));
	assert_blocked(mid, 0);
}
END_TEST

/* rtmutex_exit_holding_reported: exiting with M0 held is a BUG. */
START_TEST(rtmutex_exit_holding_reported)
{
	int a;

	boot(_i);
	a = fifo("a", LOW);
	lock(a, M0);
	sim_cmd(a, SIM_CMD_EXIT, 0, 0, 0, 0);
	sim_run_for(SETTLE_NS);
	rt_assert(sim_failed(), "the machine did not fail");
	rt_assert(strstr(sim_report(), "exits holding rt_mutex 0") != NULL,
		  "report: %s", sim_report());
}
END_TEST

/*
 * rtmutex_boot_starts_with_free_mutexes: a machine shut down while M0 is
 * handed to a pending owner; the next boot in the same process finds
 * every harness rt_mutex free and not pending.
 */
START_TEST(rtmutex_boot_starts_with_free_mutexes)
{
	int top, high, i;

	boot(_i);
	top = fifo("top", TOP);
	high = fifo("high", HIGH);
	lock(top, M0);
	post(high, SIM_CMD_MUTEX_LOCK, M0, 0);
	top_unlocks_while_busy(top);
	rt_assert(pending(M0) == 1, "M0 not pending");
	t_shutdown();
	boot(_i);
	run(SETTLE_NS);
	for (i = 0; i < 8; i++)
		rt_assert(owner(i) == 0 && pending(i) == 0,
			  "mutex %d: owner %d pending %d", i, owner(i),
			  pending(i));
}
END_TEST

/* ---- the suite ----------------------------------------------------------- */

static void add(Suite *s, const char *name, const TTest *test)
{
	t_add_per_driver(s, name, test, 10);
}

static Suite *rtmutex_suite(void)
{
	Suite *s = suite_create("rtmutex");

	add(s, "boost_simple", rtmutex_boost_simple);
	add(s, "boost_normal_into_rt", rtmutex_boost_normal_into_rt);
	add(s, "boost_by_better_of_two", rtmutex_boost_by_better_of_two);
	add(s, "boost_keeps_better_waiter",
	    rtmutex_boost_keeps_better_waiter);
	add(s, "chain_of_three_locks", rtmutex_chain_of_three_locks);
	add(s, "deboost_on_unlock", rtmutex_deboost_on_unlock);
	add(s, "unlock_keeps_boost_of_other_lock",
	    rtmutex_unlock_keeps_boost_of_other_lock);
	add(s, "signal_deboosts_to_next_waiter",
	    rtmutex_signal_deboosts_to_next_waiter);
	add(s, "signal_deboosts_to_normal",
	    rtmutex_signal_deboosts_to_normal);
	add(s, "signal_deboosts_along_chain",
	    rtmutex_signal_deboosts_along_chain);
	add(s, "waiting_keeps_owner_references",
	    rtmutex_waiting_keeps_owner_references);
	add(s, "pending_owner_after_unlock",
	    rtmutex_pending_owner_after_unlock);
	add(s, "better_task_steals_from_pending_owner",
	    rtmutex_better_task_steals_from_pending_owner);
	add(s, "thief_inherits_from_waiters",
	    rtmutex_thief_inherits_from_waiters);
	add(s, "equal_task_blocks_behind_pending_owner",
	    rtmutex_equal_task_blocks_behind_pending_owner);
	add(s, "deadlock_detected", rtmutex_deadlock_detected);
	add(s, "self_deadlock_detected", rtmutex_self_deadlock_detected);
	add(s, "deadlock_without_detection_reported",
	    rtmutex_deadlock_without_detection_reported);
	add(s, "deadlock_without_detection_waits_for_signal",
	    rtmutex_deadlock_without_detection_waits_for_signal);
	add(s, "chain_beyond_limit_detected",
	    rtmutex_chain_beyond_limit_detected);
	add(s, "chain_beyond_limit_waits_without_detection",
	    rtmutex_chain_beyond_limit_waits_without_detection);
	add(s, "setscheduler_walks_only_on_change",
	    rtmutex_setscheduler_walks_only_on_change);
	add(s, "setscheduler_keeps_boost", rtmutex_setscheduler_keeps_boost);
	add(s, "setscheduler_above_boost", rtmutex_setscheduler_above_boost);
	add(s, "nice_keeps_boost", rtmutex_nice_keeps_boost);
	add(s, "setscheduler_of_waiter_propagates",
	    rtmutex_setscheduler_of_waiter_propagates);
	add(s, "trylock_free_takes", rtmutex_trylock_free_takes);
	add(s, "lock_interruptible_free_takes",
	    rtmutex_lock_interruptible_free_takes);
	add(s, "trylock_held_fails", rtmutex_trylock_held_fails);
	add(s, "fifo_among_equal_waiters", rtmutex_fifo_among_equal_waiters);
	add(s, "unlock_wakes_top_waiter", rtmutex_unlock_wakes_top_waiter);
	add(s, "exit_holding_reported", rtmutex_exit_holding_reported);
	add(s, "boot_starts_with_free_mutexes",
	    rtmutex_boot_starts_with_free_mutexes);
	return s;
}

int main(void)
{
	return t_run_suite(rtmutex_suite());
}
