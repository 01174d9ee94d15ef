/*
 * tests/unit/check_syscalls.c - the scheduler system calls, as Linux
 * 2.6.10 defines them: results, error codes and the order of the checks.
 *
 * Every call is made by a script task (a real task in its own context),
 * through the syscall entry the harness gives it; parameters live in the
 * workload's user address space (sim_user_map), so copy_{from,to}_user
 * fault exactly where an unmapped address is passed.
 *
 * The order of checks matters to callers that pass several bad things at
 * once, so where two errors compete a test passes both and names the one
 * 2.6.10 reports:
 *   setscheduler/setparam: NULL or pid < 0 (EINVAL), copy (EFAULT),
 *   lookup (ESRCH), policy, priority range, NORMAL <=> 0 (EINVAL),
 *   RT without CAP_SYS_NICE, foreign euid without it (EPERM).
 *
 * Scope: one driver (the build's default, tiny) supplies setscheduler and
 * rr_get_interval; the timeslice values are tiny's
 * (100 ms * (140 - static_prio) / 20, at least 5 ms).
 */
#include <errno.h>
#include <limits.h>
#include <string.h>

#include "testlib.h"
#include "kfixtures.h"

/* struct sched_param and struct timespec as user space lays them out. */
struct u_sched_param {
	int sched_priority;
};

struct u_timespec {
	long tv_sec;
	long tv_nsec;
};

#define BAD_UADDR	0x1000L		/* below every mapping: faults */
#define NO_SUCH_PID	30000		/* never allocated in these tests */
#define BAD_POLICY	7		/* not NORMAL 0, FIFO 1 or RR 2 */
#define SCHED_BATCH_ID	3		/* a later kernel's policy: unknown */

#define MAX_USER_RT_PRIO	100	/* valid RT priorities 1..99 */
#define RT_PRIO_TO_PRIO(rt)	(MAX_USER_RT_PRIO - 1 - (rt))

#define NICE_MIN	(-20)
#define NICE_MAX	19

#define USER_UID	1000		/* an unprivileged user */
#define OTHER_UID	2000

/* ---- fixtures and helpers ----------------------------------------------- */

static void setup_up(void)
{
	t_boot(1, NULL);
}

static void setup_smp4(void)
{
	t_boot(4, NULL);
}

static void teardown(void)
{
	t_shutdown();
}

/* A script task with explicit credentials, SCHED_NORMAL at nice 0. */
static int spawn_cred(const char *name, unsigned int uid, unsigned int euid,
		      int cap_sys_nice)
{
	struct sim_task_attr a;
	int pid;

	sim_task_attr_init(&a);
	a.name = name;
	a.uid = uid;
	a.euid = euid;
	a.cap_sys_nice = cap_sys_nice;
	pid = sim_spawn_script(&a);
	ck_assert_msg(pid > 0, "spawn of %s failed (%d): %s", name, pid,
		      sim_error());
	return pid;
}

static int spawn_normal(const char *name)
{
	return t_spawn_script(name, SIM_SCHED_NORMAL, 0, 0);
}

/* A mapped struct sched_param holding @prio; returns its user address. */
static long param_at(int pid, int prio)
{
	struct u_sched_param sp = { .sched_priority = prio };
	unsigned long uaddr = sim_user_map(pid, sizeof(sp));

	ck_assert_msg(uaddr != 0, "sim_user_map: %s", sim_error());
	ck_assert_int_eq(sim_user_write(pid, uaddr, &sp, sizeof(sp)), 0);
	return (long)uaddr;
}

/* A mapped buffer of @len bytes, each set to @fill. */
static long buffer_at(int pid, unsigned long len, unsigned char fill)
{
	unsigned char buf[256];
	unsigned long uaddr = sim_user_map(pid, len);

	ck_assert(len <= sizeof(buf));
	ck_assert_msg(uaddr != 0, "sim_user_map: %s", sim_error());
	memset(buf, fill, len);
	ck_assert_int_eq(sim_user_write(pid, uaddr, buf, len), 0);
	return (long)uaddr;
}

static int read_param(int pid, long uaddr)
{
	struct u_sched_param sp;

	ck_assert_int_eq(sim_user_read(pid, uaddr, &sp, sizeof(sp)), 0);
	return sp.sched_priority;
}

static long setscheduler(int caller, int pid, int policy, long uparam)
{
	return t_syscall(caller, SIM_SYS_sched_setscheduler, pid, policy,
			 uparam);
}

static void assert_no_such_pid(void)
{
	struct sim_task_info info;

	ck_assert_int_eq(sim_task_info(NO_SUCH_PID, &info), -ESRCH);
}

/* sizeof(cpumask_t): NR_CPUS bits rounded up to whole longs. */
static unsigned long cpumask_bytes(void)
{
	unsigned long bits_per_long = 8 * sizeof(long);

	return (sim_max_cpus() + bits_per_long - 1) / bits_per_long *
		sizeof(long);
}

/* The low byte of @pid's affinity as sched_getaffinity() reports it. */
static unsigned int affinity_of(int caller, int pid)
{
	unsigned long len = cpumask_bytes();
	long uaddr = buffer_at(caller, len, 0xaa);
	unsigned char mask[256];
	unsigned long i;

	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_getaffinity, pid,
				   len, uaddr), (long)len);
	ck_assert_int_eq(sim_user_read(caller, uaddr, mask, len), 0);
	for (i = 1; i < len; i++)
		ck_assert_int_eq(mask[i], 0);
	return mask[0];
}

/* ---- sched_setscheduler: argument checks, in order ---------------------- */

/* A NULL param is EINVAL; the target keeps SCHED_NORMAL. */
START_TEST(setscheduler_null_param_einval)
{
	int caller = spawn_normal("caller");

	ck_assert_int_eq(setscheduler(caller, 0, SIM_SCHED_FIFO, 0), -EINVAL);
	ck_assert_int_eq(t_info(caller).policy, SIM_SCHED_NORMAL);
}
END_TEST

/*
 * pid < 0 is EINVAL, tested before the copy: with an unmapped param the
 * answer is still EINVAL, not EFAULT.
 */
START_TEST(setscheduler_negative_pid_einval_before_copy)
{
	int caller = spawn_normal("caller");
	long param = param_at(caller, 10);

	ck_assert_int_eq(setscheduler(caller, -1, SIM_SCHED_FIFO, param),
			 -EINVAL);
	ck_assert_int_eq(setscheduler(caller, -1, SIM_SCHED_FIFO, BAD_UADDR),
			 -EINVAL);
}
END_TEST

/* An unmapped param faults: EFAULT, nothing changed. */
START_TEST(setscheduler_unmapped_param_efault)
{
	int caller = spawn_normal("caller");

	ck_assert_int_eq(setscheduler(caller, 0, SIM_SCHED_FIFO, BAD_UADDR),
			 -EFAULT);
	ck_assert_int_eq(t_info(caller).policy, SIM_SCHED_NORMAL);
}
END_TEST

/* The copy comes before the lookup: bad pointer + no such pid = EFAULT. */
START_TEST(setscheduler_copy_before_lookup)
{
	int caller = spawn_normal("caller");

	assert_no_such_pid();
	ck_assert_int_eq(setscheduler(caller, NO_SUCH_PID, SIM_SCHED_FIFO,
				      BAD_UADDR), -EFAULT);
}
END_TEST

/* A pid nobody has is ESRCH. */
START_TEST(setscheduler_no_such_pid_esrch)
{
	int caller = spawn_normal("caller");

	assert_no_such_pid();
	ck_assert_int_eq(setscheduler(caller, NO_SUCH_PID, SIM_SCHED_FIFO,
				      param_at(caller, 10)), -ESRCH);
}
END_TEST

/* The lookup comes before the policy check: no such pid + bad policy. */
START_TEST(setscheduler_lookup_before_policy)
{
	int caller = spawn_normal("caller");

	assert_no_such_pid();
	ck_assert_int_eq(setscheduler(caller, NO_SUCH_PID, BAD_POLICY,
				      param_at(caller, 0)), -ESRCH);
}
END_TEST

/* Policies other than 0, 1, 2 (3 = a later SCHED_BATCH, 7) are EINVAL. */
START_TEST(setscheduler_unknown_policy_einval)
{
	int caller = spawn_normal("caller");
	int target = spawn_normal("target");

	ck_assert_int_eq(setscheduler(caller, target, SCHED_BATCH_ID,
				      param_at(caller, 0)), -EINVAL);
	ck_assert_int_eq(setscheduler(caller, target, BAD_POLICY,
				      param_at(caller, 10)), -EINVAL);
	ck_assert_int_eq(t_info(target).policy, SIM_SCHED_NORMAL);
}
END_TEST

/* RT priorities outside 0..99 (-1, 100) are EINVAL. */
START_TEST(setscheduler_priority_out_of_range_einval)
{
	int caller = spawn_normal("caller");
	int target = spawn_normal("target");

	ck_assert_int_eq(setscheduler(caller, target, SIM_SCHED_FIFO,
				      param_at(caller, -1)), -EINVAL);
	ck_assert_int_eq(setscheduler(caller, target, SIM_SCHED_RR,
				      param_at(caller, 100)), -EINVAL);
	ck_assert_int_eq(t_info(target).policy, SIM_SCHED_NORMAL);
	ck_assert_int_eq(t_info(target).rt_priority, 0);
}
END_TEST

/* SCHED_NORMAL takes priority 0 only; FIFO/RR never take 0. */
START_TEST(setscheduler_normal_iff_priority_zero)
{
	int caller = spawn_normal("caller");
	int target = spawn_normal("target");

	ck_assert_int_eq(setscheduler(caller, target, SIM_SCHED_NORMAL,
				      param_at(caller, 5)), -EINVAL);
	ck_assert_int_eq(setscheduler(caller, target, SIM_SCHED_FIFO,
				      param_at(caller, 0)), -EINVAL);
	ck_assert_int_eq(setscheduler(caller, target, SIM_SCHED_RR,
				      param_at(caller, 0)), -EINVAL);
	ck_assert_int_eq(t_info(target).policy, SIM_SCHED_NORMAL);
}
END_TEST

/*
 * The policy is checked before the priority, and both before privilege:
 * bad policy + bad priority is EINVAL, and so is an unprivileged caller's
 * FIFO at priority 0 (not EPERM).
 */
START_TEST(setscheduler_einval_before_eperm)
{
	int caller = spawn_cred("caller", 0, 0, 0);

	ck_assert_int_eq(setscheduler(caller, 0, BAD_POLICY,
				      param_at(caller, 100)), -EINVAL);
	ck_assert_int_eq(setscheduler(caller, 0, SIM_SCHED_FIFO,
				      param_at(caller, 0)), -EINVAL);
	ck_assert_int_eq(setscheduler(caller, 0, SIM_SCHED_RR,
				      param_at(caller, 100)), -EINVAL);
}
END_TEST

/* An RT policy needs CAP_SYS_NICE, even for the caller itself. */
START_TEST(setscheduler_rt_without_cap_eperm)
{
	int caller = spawn_cred("caller", 0, 0, 0);

	ck_assert_int_eq(setscheduler(caller, 0, SIM_SCHED_FIFO,
				      param_at(caller, 10)), -EPERM);
	ck_assert_int_eq(setscheduler(caller, 0, SIM_SCHED_RR,
				      param_at(caller, 10)), -EPERM);
	ck_assert_int_eq(t_info(caller).policy, SIM_SCHED_NORMAL);
	/* SCHED_NORMAL on itself needs no privilege. */
	ck_assert_int_eq(setscheduler(caller, 0, SIM_SCHED_NORMAL,
				      param_at(caller, 0)), 0);
}
END_TEST

/*
 * Without CAP_SYS_NICE a caller may change only tasks whose euid or uid
 * is its euid: even SCHED_NORMAL on a root task is EPERM.
 */
START_TEST(setscheduler_foreign_euid_eperm)
{
	int caller = spawn_cred("caller", USER_UID, USER_UID, 0);
	int target = spawn_cred("target", 0, 0, 1);

	ck_assert_int_eq(setscheduler(caller, target, SIM_SCHED_NORMAL,
				      param_at(caller, 0)), -EPERM);
}
END_TEST

/* The caller's euid may match either the target's euid or its uid. */
START_TEST(setscheduler_same_user_allowed)
{
	int caller = spawn_cred("caller", OTHER_UID, USER_UID, 0);
	int by_euid = spawn_cred("by_euid", 0, USER_UID, 0);
	int by_uid = spawn_cred("by_uid", USER_UID, OTHER_UID, 0);
	int neither = spawn_cred("neither", OTHER_UID, OTHER_UID, 0);

	ck_assert_int_eq(setscheduler(caller, by_euid, SIM_SCHED_NORMAL,
				      param_at(caller, 0)), 0);
	ck_assert_int_eq(setscheduler(caller, by_uid, SIM_SCHED_NORMAL,
				      param_at(caller, 0)), 0);
	/* the caller's own uid (OTHER_UID) does not count, only its euid */
	ck_assert_int_eq(setscheduler(caller, neither, SIM_SCHED_NORMAL,
				      param_at(caller, 0)), -EPERM);
}
END_TEST

/* CAP_SYS_NICE overrides the euid rule. */
START_TEST(setscheduler_cap_overrides_euid)
{
	int caller = spawn_cred("caller", USER_UID, USER_UID, 1);
	int target = spawn_cred("target", 0, 0, 1);

	ck_assert_int_eq(setscheduler(caller, target, SIM_SCHED_FIFO,
				      param_at(caller, 5)), 0);
	ck_assert_int_eq(t_info(target).policy, SIM_SCHED_FIFO);
}
END_TEST

/*
 * The task looked up for the rt_mutex walk after the change is held by
 * a reference only while it is used: the target's count is the same
 * before and after.
 */
START_TEST(setscheduler_keeps_target_references)
{
	int caller = spawn_normal("caller");
	int target = spawn_normal("target");
	int before = kfix_task_usage(target);

	ck_assert_int_gt(before, 0);
	ck_assert_int_eq(setscheduler(caller, target, SIM_SCHED_FIFO,
				      param_at(caller, 5)), 0);
	ck_assert_int_eq(kfix_task_usage(target), before);
}
END_TEST

/*
 * Success: NORMAL -> FIFO 50.  getscheduler says FIFO, getparam 50, and
 * the kernel's prio is 99 - 50 = 49.
 */
START_TEST(setscheduler_fifo_success)
{
	int caller = spawn_normal("caller");
	int target = spawn_normal("target");
	long out = buffer_at(caller, sizeof(struct u_sched_param), 0xff);
	struct sim_task_info info;

	ck_assert_int_eq(setscheduler(caller, target, SIM_SCHED_FIFO,
				      param_at(caller, 50)), 0);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_getscheduler, target,
				   0, 0), SIM_SCHED_FIFO);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_getparam, target,
				   out, 0), 0);
	ck_assert_int_eq(read_param(caller, out), 50);
	info = t_info(target);
	ck_assert_int_eq(info.policy, SIM_SCHED_FIFO);
	ck_assert_int_eq(info.rt_priority, 50);
	ck_assert_int_eq(info.prio, RT_PRIO_TO_PRIO(50));
}
END_TEST

/* pid 0 is the caller: it makes itself SCHED_RR 20. */
START_TEST(setscheduler_pid_zero_is_caller)
{
	int caller = spawn_normal("caller");
	int other = spawn_normal("other");

	ck_assert_int_eq(setscheduler(caller, 0, SIM_SCHED_RR,
				      param_at(caller, 20)), 0);
	ck_assert_int_eq(t_info(caller).policy, SIM_SCHED_RR);
	ck_assert_int_eq(t_info(caller).rt_priority, 20);
	ck_assert_int_eq(t_info(other).policy, SIM_SCHED_NORMAL);
}
END_TEST

/* FIFO 30 -> NORMAL 0: back at its nice level, rt_priority 0. */
START_TEST(setscheduler_back_to_normal)
{
	int caller = spawn_normal("caller");
	int target = t_spawn_script("target", SIM_SCHED_FIFO, 30, 0);
	struct sim_task_info info;

	ck_assert_int_eq(setscheduler(caller, target, SIM_SCHED_NORMAL,
				      param_at(caller, 0)), 0);
	info = t_info(target);
	ck_assert_int_eq(info.policy, SIM_SCHED_NORMAL);
	ck_assert_int_eq(info.rt_priority, 0);
	ck_assert_int_eq(info.prio, info.static_prio);
}
END_TEST

/* ---- sched_setparam ----------------------------------------------------- */

/* setparam keeps the policy: RR 10 becomes RR 30. */
START_TEST(setparam_keeps_policy)
{
	int caller = spawn_normal("caller");
	int target = t_spawn_script("target", SIM_SCHED_RR, 10, 0);

	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_setparam, target,
				   param_at(caller, 30), 0), 0);
	ck_assert_int_eq(t_info(target).policy, SIM_SCHED_RR);
	ck_assert_int_eq(t_info(target).rt_priority, 30);
	ck_assert_int_eq(t_info(target).prio, RT_PRIO_TO_PRIO(30));
}
END_TEST

/* A SCHED_NORMAL task takes only priority 0 through setparam. */
START_TEST(setparam_normal_nonzero_einval)
{
	int caller = spawn_normal("caller");
	int target = spawn_normal("target");

	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_setparam, target,
				   param_at(caller, 5), 0), -EINVAL);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_setparam, target,
				   param_at(caller, 0), 0), 0);
	ck_assert_int_eq(t_info(target).policy, SIM_SCHED_NORMAL);
}
END_TEST

/* setparam shares setscheduler's early checks: NULL and EFAULT. */
START_TEST(setparam_null_and_unmapped)
{
	int caller = spawn_normal("caller");

	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_setparam, 0, 0, 0),
			 -EINVAL);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_setparam, 0,
				   BAD_UADDR, 0), -EFAULT);
}
END_TEST

/* ---- sched_getscheduler / sched_getparam -------------------------------- */

/* pid < 0: EINVAL; no such pid: ESRCH. */
START_TEST(getscheduler_errors)
{
	int caller = spawn_normal("caller");

	assert_no_such_pid();
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_getscheduler, -1,
				   0, 0), -EINVAL);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_getscheduler,
				   NO_SUCH_PID, 0, 0), -ESRCH);
}
END_TEST

/* The policy of NORMAL, FIFO and RR tasks, and of the caller (pid 0). */
START_TEST(getscheduler_reports_policy)
{
	int caller = spawn_normal("caller");
	int fifo = t_spawn_script("fifo", SIM_SCHED_FIFO, 10, 0);
	int rr = t_spawn_script("rr", SIM_SCHED_RR, 10, 0);

	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_getscheduler, 0,
				   0, 0), SIM_SCHED_NORMAL);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_getscheduler, fifo,
				   0, 0), SIM_SCHED_FIFO);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_getscheduler, rr,
				   0, 0), SIM_SCHED_RR);
	ck_assert_int_eq(t_syscall(rr, SIM_SYS_sched_getscheduler, 0, 0, 0),
			 SIM_SCHED_RR);
}
END_TEST

/* NULL buffer or pid < 0: EINVAL; no such pid: ESRCH. */
START_TEST(getparam_errors)
{
	int caller = spawn_normal("caller");
	long out = buffer_at(caller, sizeof(struct u_sched_param), 0);

	assert_no_such_pid();
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_getparam, 0, 0, 0),
			 -EINVAL);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_getparam, -1, out,
				   0), -EINVAL);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_getparam,
				   NO_SUCH_PID, out, 0), -ESRCH);
}
END_TEST

/*
 * getparam looks the task up before it copies out: an unmapped buffer is
 * EFAULT for a real task, ESRCH for a missing one.
 */
START_TEST(getparam_unmapped_efault_after_lookup)
{
	int caller = spawn_normal("caller");

	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_getparam, 0,
				   BAD_UADDR, 0), -EFAULT);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_getparam,
				   NO_SUCH_PID, BAD_UADDR, 0), -ESRCH);
}
END_TEST

/* getparam writes rt_priority: 42 for FIFO 42, 0 for a NORMAL task. */
START_TEST(getparam_writes_rt_priority)
{
	int caller = spawn_normal("caller");
	int fifo = t_spawn_script("fifo", SIM_SCHED_FIFO, 42, 0);
	long out = buffer_at(caller, sizeof(struct u_sched_param), 0x55);

	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_getparam, fifo, out,
				   0), 0);
	ck_assert_int_eq(read_param(caller, out), 42);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_getparam, 0, out, 0),
			 0);
	ck_assert_int_eq(read_param(caller, out), 0);
}
END_TEST

/* ---- nice --------------------------------------------------------------- */

/* Raising nice needs no privilege: nice(5) from 0 gives 5. */
START_TEST(nice_positive_without_cap)
{
	int caller = spawn_cred("caller", USER_UID, USER_UID, 0);

	ck_assert_int_eq(t_syscall(caller, SIM_SYS_nice, 5, 0, 0), 0);
	ck_assert_int_eq(t_info(caller).nice, 5);
}
END_TEST

/* Lowering nice without CAP_SYS_NICE is EPERM, even back to 0. */
START_TEST(nice_negative_without_cap_eperm)
{
	int caller = spawn_cred("caller", USER_UID, USER_UID, 0);

	ck_assert_int_eq(t_syscall(caller, SIM_SYS_nice, 5, 0, 0), 0);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_nice, -1, 0, 0), -EPERM);
	ck_assert_int_eq(t_info(caller).nice, 5);
}
END_TEST

/* With CAP_SYS_NICE nice goes down: 10 - 15 = -5. */
START_TEST(nice_negative_with_cap)
{
	int caller = t_spawn_script("caller", SIM_SCHED_NORMAL, 0, 10);

	ck_assert_int_eq(t_syscall(caller, SIM_SYS_nice, -15, 0, 0), 0);
	ck_assert_int_eq(t_info(caller).nice, -5);
}
END_TEST

/* The result is clamped to -20..19: +100 gives 19, -100 gives -20. */
START_TEST(nice_clamps_to_range)
{
	int caller = spawn_normal("caller");

	ck_assert_int_eq(t_syscall(caller, SIM_SYS_nice, 100, 0, 0), 0);
	ck_assert_int_eq(t_info(caller).nice, NICE_MAX);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_nice, -100, 0, 0), 0);
	ck_assert_int_eq(t_info(caller).nice, NICE_MIN);
}
END_TEST

/* nice(0) lowers nothing: no privilege needed, even for a user task. */
START_TEST(nice_zero_without_cap)
{
	int caller = spawn_cred("caller", USER_UID, USER_UID, 0);

	ck_assert_int_eq(t_syscall(caller, SIM_SYS_nice, 5, 0, 0), 0);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_nice, 0, 0, 0), 0);
	ck_assert_int_eq(t_info(caller).nice, 5);
}
END_TEST

/*
 * The result is clamped, not the sum taken past it: from 19, nice(1)
 * stays at 19; from 0, nice(20) gives 19.
 */
START_TEST(nice_clamps_at_19)
{
	int caller = t_spawn_script("caller", SIM_SCHED_NORMAL, 0, NICE_MAX);

	ck_assert_int_eq(t_syscall(caller, SIM_SYS_nice, 1, 0, 0), 0);
	ck_assert_int_eq(t_info(caller).nice, NICE_MAX);
	caller = spawn_normal("caller0");
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_nice, 20, 0, 0), 0);
	ck_assert_int_eq(t_info(caller).nice, NICE_MAX);
}
END_TEST

/*
 * The increment is clamped to -40..40 before it is added, so the
 * extremes of an int cannot overflow the sum: INT_MAX from nice 5 gives
 * 19, INT_MIN from nice -5 gives -20.
 */
START_TEST(nice_extreme_increments_clamped_first)
{
	int up = t_spawn_script("up", SIM_SCHED_NORMAL, 0, 5);
	int down = t_spawn_script("down", SIM_SCHED_NORMAL, 0, -5);

	ck_assert_int_eq(t_syscall(up, SIM_SYS_nice, INT_MAX, 0, 0), 0);
	ck_assert_int_eq(t_info(up).nice, NICE_MAX);
	ck_assert_int_eq(t_syscall(down, SIM_SYS_nice, INT_MIN, 0, 0), 0);
	ck_assert_int_eq(t_info(down).nice, NICE_MIN);
}
END_TEST

/* ---- sched_setaffinity / sched_getaffinity (4 CPUs) --------------------- */

/* All CPUs allowed on a 4-CPU machine reads back 0xf; the size returned. */
START_TEST(getaffinity_returns_size_and_mask)
{
	int caller = spawn_normal("caller");

	ck_assert_uint_eq(affinity_of(caller, 0), 0xf);
}
END_TEST

/* A buffer shorter than cpumask_t is EINVAL. */
START_TEST(getaffinity_short_len_einval)
{
	int caller = spawn_normal("caller");
	unsigned long len = cpumask_bytes();
	long out = buffer_at(caller, len, 0);

	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_getaffinity, 0,
				   len - 1, out), -EINVAL);
}
END_TEST

/* No such pid: ESRCH; an unmapped buffer: EFAULT. */
START_TEST(getaffinity_errors)
{
	int caller = spawn_normal("caller");
	unsigned long len = cpumask_bytes();
	long out = buffer_at(caller, len, 0);

	assert_no_such_pid();
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_getaffinity,
				   NO_SUCH_PID, len, out), -ESRCH);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_getaffinity, 0, len,
				   BAD_UADDR), -EFAULT);
}
END_TEST

/*
 * A mask shorter than cpumask_t is zero-extended: a one-byte mask (0x04:
 * CPU 2), with only that byte mapped, is read without a fault and sets
 * {2}; a zero-length one is the empty mask, so EINVAL.
 */
START_TEST(setaffinity_short_mask_zero_extended)
{
	int caller = spawn_normal("caller");
	long mask = buffer_at(caller, 1, 0x04);

	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_setaffinity, 0, 0,
				   mask), -EINVAL);
	ck_assert_uint_eq(affinity_of(caller, 0), 0xf);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_setaffinity, 0, 1,
				   mask), 0);
	ck_assert_uint_eq(affinity_of(caller, 0), 0x04);
}
END_TEST

/*
 * A longer mask is truncated to cpumask_t: only sizeof(cpumask_t) bytes
 * are mapped, yet len + 64 succeeds (nothing past them is read).
 */
START_TEST(setaffinity_long_mask_truncated)
{
	int caller = spawn_normal("caller");
	unsigned long len = cpumask_bytes();
	long mask = buffer_at(caller, len, 0);
	unsigned char cpus01 = 0x03;

	ck_assert_int_eq(sim_user_write(caller, mask, &cpus01, 1), 0);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_setaffinity, 0,
				   len + 64, mask), 0);
	ck_assert_uint_eq(affinity_of(caller, 0), 0x03);
}
END_TEST

/* An unmapped mask: EFAULT; no such pid: ESRCH; both: EFAULT. */
START_TEST(setaffinity_errors)
{
	int caller = spawn_normal("caller");
	unsigned long len = cpumask_bytes();
	long mask = buffer_at(caller, len, 0x01);

	assert_no_such_pid();
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_setaffinity, 0, len,
				   BAD_UADDR), -EFAULT);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_setaffinity,
				   NO_SUCH_PID, len, mask), -ESRCH);
	/* the copy comes first: bad pointer + no such pid is EFAULT */
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_setaffinity,
				   NO_SUCH_PID, len, BAD_UADDR), -EFAULT);
}
END_TEST

/* No online CPU in the mask (none, or only CPU 4 of 0..3): EINVAL. */
START_TEST(setaffinity_no_online_cpu_einval)
{
	int caller = spawn_normal("caller");
	unsigned long len = cpumask_bytes();
	long none = buffer_at(caller, len, 0);
	long cpu4 = buffer_at(caller, len, 0);
	unsigned char bit4 = 0x10;

	ck_assert_int_eq(sim_user_write(caller, cpu4, &bit4, 1), 0);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_setaffinity, 0, len,
				   none), -EINVAL);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_setaffinity, 0, len,
				   cpu4), -EINVAL);
	ck_assert_uint_eq(affinity_of(caller, 0), 0xf);
}
END_TEST

/* A foreign euid without CAP_SYS_NICE: EPERM, the mask unchanged. */
START_TEST(setaffinity_foreign_euid_eperm)
{
	int caller = spawn_cred("caller", USER_UID, USER_UID, 0);
	int target = spawn_cred("target", 0, 0, 1);
	unsigned long len = cpumask_bytes();
	long mask = buffer_at(caller, len, 0);
	unsigned char cpu1 = 0x02;

	ck_assert_int_eq(sim_user_write(caller, mask, &cpu1, 1), 0);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_setaffinity, target,
				   len, mask), -EPERM);
	ck_assert_uint_eq(affinity_of(caller, target), 0xf);
}
END_TEST

/*
 * Without CAP_SYS_NICE the caller's euid must be the target's euid or
 * uid (the caller's own uid does not count), as for setscheduler.
 */
START_TEST(setaffinity_same_user_allowed)
{
	int caller = spawn_cred("caller", OTHER_UID, USER_UID, 0);
	int by_euid = spawn_cred("by_euid", 0, USER_UID, 0);
	int by_uid = spawn_cred("by_uid", USER_UID, OTHER_UID, 0);
	int neither = spawn_cred("neither", OTHER_UID, OTHER_UID, 0);
	long mask = buffer_at(caller, 1, 0x02);

	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_setaffinity, by_euid,
				   1, mask), 0);
	ck_assert_uint_eq(affinity_of(caller, by_euid), 0x02);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_setaffinity, by_uid,
				   1, mask), 0);
	ck_assert_uint_eq(affinity_of(caller, by_uid), 0x02);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_setaffinity, neither,
				   1, mask), -EPERM);
	ck_assert_uint_eq(affinity_of(caller, neither), 0xf);
}
END_TEST

/*
 * setaffinity holds a reference to the target while set_cpus_allowed()
 * may sleep, and drops it: the count is the same before and after.
 */
START_TEST(setaffinity_keeps_target_references)
{
	int caller = spawn_normal("caller");
	int target = spawn_normal("target");
	long mask = buffer_at(caller, 1, 0x04);
	int before = kfix_task_usage(target);

	ck_assert_int_gt(before, 0);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_setaffinity, target,
				   1, mask), 0);
	ck_assert_int_eq(kfix_task_usage(target), before);
}
END_TEST

/*
 * After setaffinity({2}) the task sits on CPU 2 and its 20 ms burn is
 * CPU 2's busy time.
 */
START_TEST(setaffinity_pins_task)
{
	int caller = spawn_normal("caller");
	int target = spawn_normal("target");
	unsigned long len = cpumask_bytes();
	long mask = buffer_at(caller, len, 0);
	unsigned char cpu2 = 0x04;
	struct sim_cpu_info before, after;

	ck_assert_int_eq(sim_user_write(caller, mask, &cpu2, 1), 0);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_setaffinity, target,
				   len, mask), 0);
	ck_assert_int_eq(t_info(target).cpu, 2);
	ck_assert_int_eq(sim_cpu_info(2, &before), 0);
	ck_assert_int_eq(t_cmd(target, SIM_CMD_BURN, MS(20), 0, 0, 0), 0);
	ck_assert_int_eq(sim_cpu_info(2, &after), 0);
	ck_assert_int_eq(t_info(target).cpu, 2);
	ck_assert_uint_ge(after.busy_ns - before.busy_ns, MS(20));
}
END_TEST

/*
 * A task running on CPU 0 (spawned pinned there) and then given {2} is
 * moved off CPU 0 and keeps running on CPU 2.
 */
START_TEST(setaffinity_moves_running_task)
{
	struct sim_task_attr a;
	struct sim_cpu_info c0, c2;
	int caller = spawn_normal("caller");
	long mask = buffer_at(caller, 1, 0x04);
	int hog;

	sim_task_attr_init(&a);
	a.name = "hog";
	a.cpus = "0";
	hog = sim_spawn(&a, t_body_hog, NULL);
	ck_assert_int_gt(hog, 0);
	t_run(MS(2));
	ck_assert_int_eq(sim_cpu_info(0, &c0), 0);
	ck_assert_int_eq(c0.curr_pid, hog);

	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_setaffinity, hog, 1,
				   mask), 0);
	t_run(MS(5));
	ck_assert_int_eq(sim_cpu_info(0, &c0), 0);
	ck_assert_int_eq(sim_cpu_info(2, &c2), 0);
	ck_assert_int_ne(c0.curr_pid, hog);
	ck_assert_int_eq(c2.curr_pid, hog);
	ck_assert_int_eq(t_info(hog).cpu, 2);
	ck_assert_uint_eq(affinity_of(caller, hog), 0x04);
}
END_TEST

/* ---- yield, priority ranges, rr_get_interval, bad numbers --------------- */

/* sched_yield always succeeds: 0. */
START_TEST(yield_returns_zero)
{
	int caller = spawn_normal("caller");

	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_yield, 0, 0, 0), 0);
}
END_TEST

/* max: FIFO and RR 99, NORMAL 0, anything else EINVAL. */
START_TEST(priority_max_per_policy)
{
	int caller = spawn_normal("caller");
	int nr = SIM_SYS_sched_get_priority_max;

	ck_assert_int_eq(t_syscall(caller, nr, SIM_SCHED_FIFO, 0, 0), 99);
	ck_assert_int_eq(t_syscall(caller, nr, SIM_SCHED_RR, 0, 0), 99);
	ck_assert_int_eq(t_syscall(caller, nr, SIM_SCHED_NORMAL, 0, 0), 0);
	ck_assert_int_eq(t_syscall(caller, nr, SCHED_BATCH_ID, 0, 0),
			 -EINVAL);
	ck_assert_int_eq(t_syscall(caller, nr, -1, 0, 0), -EINVAL);
}
END_TEST

/* min: FIFO and RR 1, NORMAL 0, anything else EINVAL. */
START_TEST(priority_min_per_policy)
{
	int caller = spawn_normal("caller");
	int nr = SIM_SYS_sched_get_priority_min;

	ck_assert_int_eq(t_syscall(caller, nr, SIM_SCHED_FIFO, 0, 0), 1);
	ck_assert_int_eq(t_syscall(caller, nr, SIM_SCHED_RR, 0, 0), 1);
	ck_assert_int_eq(t_syscall(caller, nr, SIM_SCHED_NORMAL, 0, 0), 0);
	ck_assert_int_eq(t_syscall(caller, nr, SCHED_BATCH_ID, 0, 0),
			 -EINVAL);
	ck_assert_int_eq(t_syscall(caller, nr, -1, 0, 0), -EINVAL);
}
END_TEST

/* pid < 0: EINVAL; no such pid: ESRCH; unmapped buffer: EFAULT. */
START_TEST(rr_interval_errors)
{
	int caller = spawn_normal("caller");
	long out = buffer_at(caller, sizeof(struct u_timespec), 0);

	assert_no_such_pid();
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_rr_get_interval, -1,
				   out, 0), -EINVAL);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_rr_get_interval,
				   NO_SUCH_PID, out, 0), -ESRCH);
	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_rr_get_interval, 0,
				   BAD_UADDR, 0), -EFAULT);
}
END_TEST

/* The interval of @pid as {tv_sec, tv_nsec}, read by @caller. */
static struct u_timespec rr_interval(int caller, int pid)
{
	long out = buffer_at(caller, sizeof(struct u_timespec), 0xff);
	struct u_timespec ts;

	ck_assert_int_eq(t_syscall(caller, SIM_SYS_sched_rr_get_interval, pid,
				   out, 0), 0);
	ck_assert_int_eq(sim_user_read(caller, out, &ts, sizeof(ts)), 0);
	return ts;
}

/* SCHED_FIFO has no timeslice: {0, 0}. */
START_TEST(rr_interval_fifo_zero)
{
	int caller = spawn_normal("caller");
	int fifo = t_spawn_script("fifo", SIM_SCHED_FIFO, 10, 0);
	struct u_timespec ts = rr_interval(caller, fifo);

	ck_assert_int_eq(ts.tv_sec, 0);
	ck_assert_int_eq(ts.tv_nsec, 0);
}
END_TEST

/* SCHED_RR at nice 0 has tiny's nice-0 slice, 100 ms. */
START_TEST(rr_interval_rr_slice)
{
	int caller = spawn_normal("caller");
	int rr = t_spawn_script("rr", SIM_SCHED_RR, 10, 0);
	struct u_timespec ts = rr_interval(caller, rr);

	ck_assert_int_eq(ts.tv_sec, 0);
	ck_assert_int_eq(ts.tv_nsec, MS(100));
}
END_TEST

/* SCHED_NORMAL: 100 ms at nice 0, 5 ms at 19, 200 ms at -20. */
START_TEST(rr_interval_normal_scales_with_nice)
{
	int caller = spawn_normal("caller");
	int n19 = t_spawn_script("nice19", SIM_SCHED_NORMAL, 0, NICE_MAX);
	int n20 = t_spawn_script("nice-20", SIM_SCHED_NORMAL, 0, NICE_MIN);
	struct u_timespec ts;

	ts = rr_interval(caller, 0);
	ck_assert_int_eq(ts.tv_sec, 0);
	ck_assert_int_eq(ts.tv_nsec, MS(100));
	ts = rr_interval(caller, n19);
	ck_assert_int_eq(ts.tv_sec, 0);
	ck_assert_int_eq(ts.tv_nsec, MS(5));
	ts = rr_interval(caller, n20);
	ck_assert_int_eq(ts.tv_sec, 0);
	ck_assert_int_eq(ts.tv_nsec, MS(200));
}
END_TEST

/* Numbers outside the table are ENOSYS. */
START_TEST(bad_syscall_number_enosys)
{
	int caller = spawn_normal("caller");

	ck_assert_int_eq(t_syscall(caller, 0, 0, 0, 0), -ENOSYS);
	ck_assert_int_eq(t_syscall(caller, SIM_NR_SYSCALLS, 0, 0, 0),
			 -ENOSYS);
	ck_assert_int_eq(t_syscall(caller, -1, 0, 0, 0), -ENOSYS);
}
END_TEST

static Suite *syscalls_suite(void)
{
	Suite *s = suite_create("syscalls");
	TCase *tc;

	tc = tcase_create("setscheduler");
	tcase_add_checked_fixture(tc, setup_up, teardown);
	tcase_add_test(tc, setscheduler_null_param_einval);
	tcase_add_test(tc, setscheduler_negative_pid_einval_before_copy);
	tcase_add_test(tc, setscheduler_unmapped_param_efault);
	tcase_add_test(tc, setscheduler_copy_before_lookup);
	tcase_add_test(tc, setscheduler_no_such_pid_esrch);
	tcase_add_test(tc, setscheduler_lookup_before_policy);
	tcase_add_test(tc, setscheduler_unknown_policy_einval);
	tcase_add_test(tc, setscheduler_priority_out_of_range_einval);
	tcase_add_test(tc, setscheduler_normal_iff_priority_zero);
	tcase_add_test(tc, setscheduler_einval_before_eperm);
	tcase_add_test(tc, setscheduler_rt_without_cap_eperm);
	tcase_add_test(tc, setscheduler_foreign_euid_eperm);
	tcase_add_test(tc, setscheduler_same_user_allowed);
	tcase_add_test(tc, setscheduler_cap_overrides_euid);
	tcase_add_test(tc, setscheduler_keeps_target_references);
	tcase_add_test(tc, setscheduler_fifo_success);
	tcase_add_test(tc, setscheduler_pid_zero_is_caller);
	tcase_add_test(tc, setscheduler_back_to_normal);
	suite_add_tcase(s, tc);

	tc = tcase_create("setparam_getters");
	tcase_add_checked_fixture(tc, setup_up, teardown);
	tcase_add_test(tc, setparam_keeps_policy);
	tcase_add_test(tc, setparam_normal_nonzero_einval);
	tcase_add_test(tc, setparam_null_and_unmapped);
	tcase_add_test(tc, getscheduler_errors);
	tcase_add_test(tc, getscheduler_reports_policy);
	tcase_add_test(tc, getparam_errors);
	tcase_add_test(tc, getparam_unmapped_efault_after_lookup);
	tcase_add_test(tc, getparam_writes_rt_priority);
	suite_add_tcase(s, tc);

	tc = tcase_create("nice");
	tcase_add_checked_fixture(tc, setup_up, teardown);
	tcase_add_test(tc, nice_positive_without_cap);
	tcase_add_test(tc, nice_negative_without_cap_eperm);
	tcase_add_test(tc, nice_negative_with_cap);
	tcase_add_test(tc, nice_clamps_to_range);
	tcase_add_test(tc, nice_zero_without_cap);
	tcase_add_test(tc, nice_clamps_at_19);
	tcase_add_test(tc, nice_extreme_increments_clamped_first);
	suite_add_tcase(s, tc);

	tc = tcase_create("affinity");
	tcase_add_checked_fixture(tc, setup_smp4, teardown);
	tcase_add_test(tc, getaffinity_returns_size_and_mask);
	tcase_add_test(tc, getaffinity_short_len_einval);
	tcase_add_test(tc, getaffinity_errors);
	tcase_add_test(tc, setaffinity_short_mask_zero_extended);
	tcase_add_test(tc, setaffinity_long_mask_truncated);
	tcase_add_test(tc, setaffinity_errors);
	tcase_add_test(tc, setaffinity_no_online_cpu_einval);
	tcase_add_test(tc, setaffinity_foreign_euid_eperm);
	tcase_add_test(tc, setaffinity_same_user_allowed);
	tcase_add_test(tc, setaffinity_keeps_target_references);
	tcase_add_test(tc, setaffinity_pins_task);
	tcase_add_test(tc, setaffinity_moves_running_task);
	suite_add_tcase(s, tc);

	tc = tcase_create("misc");
	tcase_add_checked_fixture(tc, setup_up, teardown);
	tcase_add_test(tc, yield_returns_zero);
	tcase_add_test(tc, priority_max_per_policy);
	tcase_add_test(tc, priority_min_per_policy);
	tcase_add_test(tc, rr_interval_errors);
	tcase_add_test(tc, rr_interval_fifo_zero);
	tcase_add_test(tc, rr_interval_rr_slice);
	tcase_add_test(tc, rr_interval_normal_scales_with_nice);
	tcase_add_test(tc, bad_syscall_number_enosys);
	suite_add_tcase(s, tc);

	return s;
}

int main(void)
{
	return t_run_suite_on(syscalls_suite(), "tiny");
}
