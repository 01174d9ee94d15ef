/*
 * tests/unit/check_compat.c - the simulated machine itself: virtual time,
 * jiffies and ticks, sleep granularity, per-CPU identity, user memory,
 * boot configuration and its errors, spawn attributes, signals, the
 * kernel threads and the topologies it boots.
 *
 * What the machine promises (compat/machine.c, compat/harness.c):
 *   - time is virtual and advances exactly as far as it is told;
 *   - each online CPU takes a tick every 1/HZ; jiffies advance once per
 *     tick period; an idle tick counts as cpustat idle (one jiffy);
 *   - sleeps are whole jiffies, rounded up (schedule_timeout());
 *   - user memory exists only where sim_user_map() put it; any access
 *     outside faults, in a syscall as -EFAULT;
 *   - a bad configuration or bad attributes change nothing and say why.
 *
 * Not checked here: the sibling and node masks themselves (they are
 * kernel-side, seen only by drivers that build sched domains).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "kfixtures.h"
#include "testlib.h"

#define SIGUSR1_NR	10

/* user space's struct sched_param */
struct u_sched_param {
	int sched_priority;
};

/* ---- fixtures and helpers ------------------------------------------------ */

static void teardown(void)
{
	t_shutdown();
}

static struct sim_cpu_info cpu_info(int cpu)
{
	struct sim_cpu_info ci;

	ck_assert_int_eq(sim_cpu_info(cpu, &ci), 0);
	return ci;
}

static void boot_hz(int cpus, int hz)
{
	struct sim_config cfg;

	sim_config_init(&cfg);
	cfg.nr_cpus = cpus;
	cfg.hz = hz;
	t_boot_cfg(&cfg);
}

/* A configuration that must not boot: -EINVAL, a reason, nothing up. */
static void boot_fails(const struct sim_config *cfg, const char *reason)
{
	int ret = sim_boot(cfg);

	ck_assert_int_eq(ret, -EINVAL);
	ck_assert_msg(strstr(sim_error(), reason) != NULL,
		      "error \"%s\" does not mention \"%s\"", sim_error(),
		      reason);
	ck_assert_int_eq(sim_booted(), 0);
}

static void post(int pid, int op, long a0)
{
	int ret = sim_cmd(pid, op, a0, 0, 0, 0);

	ck_assert_msg(ret == 0, "sim_cmd(%d, %d) = %d: %s", pid, op, ret,
		      sim_error());
}

/* ---- time ---------------------------------------------------------------- */

/* sim_now() moves by exactly what sim_run_for() is given, ticks or not. */
START_TEST(compat_time_now_advances_exactly)
{
	static const unsigned long long steps[] = {
		1, 999, MS(1), 1234567, SEC(1), 0, 7,
	};
	unsigned long long before;
	unsigned int i;

	t_boot(2, NULL);
	ck_assert_uint_eq(sim_now(), 0);
	for (i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		before = sim_now();
		t_run(steps[i]);
		ck_assert_uint_eq(sim_now(), before + steps[i]);
	}
}
END_TEST

/*
 * jiffies advance by HZ in one second, for HZ 100, 250 and 1000, on a
 * 2-CPU machine: every CPU ticks, but only one keeps time.
 */
static const int hz_table[] = { 100, 250, 1000 };

START_TEST(compat_time_jiffies_per_second)
{
	int hz = hz_table[_i];
	unsigned long j0;

	boot_hz(2, hz);
	ck_assert_int_eq(sim_hz(), hz);
	j0 = sim_jiffies();
	t_run(SEC(1));
	ck_assert_uint_eq(sim_jiffies() - j0, hz);
	t_run(SEC(2));
	ck_assert_uint_eq(sim_jiffies() - j0, 3 * hz);
}
END_TEST

/*
 * jiffies start 300 s before the 32-bit wrap, as 2.6's INITIAL_JIFFIES
 * ((unsigned long)(unsigned int)(-300 * HZ)) does even on 64-bit, so
 * code that compares them wrongly fails early; they wrap after 300 s.
 */
#define INITIAL_JIFFIES_1000	((unsigned long)(unsigned int)(-300 * 1000))

START_TEST(compat_time_jiffies_start_before_wrap)
{
	t_boot(1, NULL);
	ck_assert_uint_eq(sim_jiffies(), INITIAL_JIFFIES_1000);
}
END_TEST

/*
 * 2 idle CPUs at HZ 1000 for 1 s: each takes 1000 ticks, all counted as
 * idle (+-1 for the tick on the boundary), none as user or system; the
 * machine's own clock agrees: 1 s idle, 0 busy.
 */
START_TEST(compat_time_idle_ticks_per_cpu)
{
	struct sim_cpu_info ci;
	int cpu;

	t_boot(2, NULL);
	t_run(SEC(1));
	for (cpu = 0; cpu < 2; cpu++) {
		ci = cpu_info(cpu);
		ck_assert_msg(ci.idle >= 999 && ci.idle <= 1001,
			      "cpu%d: %llu idle ticks", cpu, ci.idle);
		ck_assert_uint_eq(ci.user, 0);
		ck_assert_uint_eq(ci.system, 0);
		ck_assert_uint_eq(ci.busy_ns, 0);
		ck_assert_uint_eq(ci.idle_ns, SEC(1));
	}
}
END_TEST

/*
 * A hog on 1 CPU for 1 s at HZ 1000: its ticks are user time, 1000 of
 * them (+-1), in the task's utime and the CPU's cpustat user.
 */
START_TEST(compat_time_busy_ticks_are_user)
{
	struct sim_cpu_info ci;
	struct sim_task_info ti;
	int pid;

	t_boot(1, NULL);
	pid = t_spawn("hog", SIM_SCHED_NORMAL, 0, 0, t_body_hog, NULL);
	t_run(SEC(1));
	ci = cpu_info(0);
	ti = t_info(pid);
	ck_assert_msg(ci.user >= 999 && ci.user <= 1001, "%llu user ticks",
		      ci.user);
	ck_assert_uint_eq(ti.utime, ci.user);
	ck_assert_uint_eq(ci.busy_ns, SEC(1));
}
END_TEST

/* ---- sleep granularity --------------------------------------------------- */

/* How long a script task's sleep of @ns takes, started on a tick. */
static unsigned long long sleep_lasts(unsigned long long ns)
{
	unsigned long long start;
	int pid;

	pid = t_spawn_script("sleeper", SIM_SCHED_NORMAL, 0, 0);
	start = sim_now();
	t_cmd(pid, SIM_CMD_SLEEP, ns, 0, 0, 0);
	return sim_now() - start;
}

/* HZ 1000: a 1.5 ms sleep is schedule_timeout(2), over after 2 ticks. */
START_TEST(compat_sleep_rounds_up_to_jiffies)
{
	boot_hz(1, 1000);
	ck_assert_uint_eq(sleep_lasts(1500000), MS(2));
}
END_TEST

/* HZ 100: a 1 ms sleep is one jiffy, 10 ms. */
START_TEST(compat_sleep_hz100_one_ms_is_one_tick)
{
	boot_hz(1, 100);
	ck_assert_uint_eq(sleep_lasts(MS(1)), MS(10));
}
END_TEST

/* HZ 1000: a whole number of ms sleeps exactly that long. */
START_TEST(compat_sleep_whole_jiffies_exact)
{
	boot_hz(1, 1000);
	ck_assert_uint_eq(sleep_lasts(MS(25)), MS(25));
}
END_TEST

/*
 * The machine's time accounting of a task that burns 30 ms and sleeps
 * 20 ms on an idle CPU: run 30 ms, sleep 20 ms, no wait.
 */
START_TEST(compat_sleep_accounted_as_sleep)
{
	struct sim_task_info before, after;
	int pid;

	t_boot(1, NULL);
	pid = t_spawn_script("s", SIM_SCHED_NORMAL, 0, 0);
	before = t_info(pid);
	t_cmd(pid, SIM_CMD_BURN, MS(30), 0, 0, 0);
	t_cmd(pid, SIM_CMD_SLEEP, MS(20), 0, 0, 0);
	after = t_info(pid);
	ck_assert_uint_eq(after.runtime_ns - before.runtime_ns, MS(30));
	ck_assert_uint_eq(after.sleep_ns - before.sleep_ns, MS(20));
	ck_assert_uint_eq(after.wait_ns, before.wait_ns);
}
END_TEST

/* ---- per-CPU identity ---------------------------------------------------- */

static volatile int cpu_seen[2] = { -1, -1 };

static void where_body(void *unused)
{
	cpu_seen[0] = sim_this_cpu_id();
	sim_sleep(MS(5));
	cpu_seen[1] = sim_this_cpu_id();
	for (;;)
		sim_burn(SEC(1));
}

/*
 * 4 CPUs, a task allowed only on cpu2: smp_processor_id() in its body is
 * 2, before and after a sleep, and cpu2's current task is that task.
 */
START_TEST(compat_percpu_this_cpu_id_pinned)
{
	struct sim_task_attr a;
	int pid;

	t_boot(4, NULL);
	sim_task_attr_init(&a);
	a.name = "on2";
	a.cpus = "2";
	pid = sim_spawn(&a, where_body, NULL);
	ck_assert_int_gt(pid, 0);
	t_run(MS(20));

	ck_assert_int_eq(cpu_seen[0], 2);
	ck_assert_int_eq(cpu_seen[1], 2);
	ck_assert_int_eq(cpu_info(2).curr_pid, pid);
	ck_assert_int_eq(t_info(pid).cpu, 2);
	ck_assert_int_eq(t_info(pid).state, 'R');
}
END_TEST

/*
 * 4 CPUs after boot: each online and idle (curr_pid 0); cpu4 and cpu-1
 * do not exist (-EINVAL); sim_nr_cpus() is 4.
 */
START_TEST(compat_percpu_cpu_info_online_idle)
{
	struct sim_cpu_info ci;
	int cpu;

	t_boot(4, NULL);
	ck_assert_int_eq(sim_nr_cpus(), 4);
	for (cpu = 0; cpu < 4; cpu++) {
		ci = cpu_info(cpu);
		ck_assert_int_eq(ci.cpu, cpu);
		ck_assert_int_eq(ci.online, 1);
		ck_assert_int_eq(ci.curr_pid, 0);
	}
	ck_assert_int_eq(sim_cpu_info(4, &ci), -EINVAL);
	ck_assert_int_eq(sim_cpu_info(-1, &ci), -EINVAL);
}
END_TEST

/* ---- user memory --------------------------------------------------------- */

/* A fresh mapping is non-zero, zero-filled and keeps what is written. */
START_TEST(compat_user_map_round_trip)
{
	unsigned char in[64], out[64], zero[64];
	unsigned long uaddr;
	unsigned int i;
	int pid;

	t_boot(1, NULL);
	pid = t_spawn_script("u", SIM_SCHED_NORMAL, 0, 0);
	uaddr = sim_user_map(pid, sizeof(in));
	ck_assert_uint_ne(uaddr, 0);

	memset(zero, 0, sizeof(zero));
	ck_assert_int_eq(sim_user_read(pid, uaddr, out, sizeof(out)), 0);
	ck_assert_mem_eq(out, zero, sizeof(out));

	for (i = 0; i < sizeof(in); i++)
		in[i] = (unsigned char)(i * 7 + 1);
	ck_assert_int_eq(sim_user_write(pid, uaddr, in, sizeof(in)), 0);
	ck_assert_int_eq(sim_user_read(pid, uaddr, out, sizeof(out)), 0);
	ck_assert_mem_eq(out, in, sizeof(in));
	/* a part of it, from the middle */
	ck_assert_int_eq(sim_user_read(pid, uaddr + 10, out, 5), 0);
	ck_assert_mem_eq(out, in + 10, 5);
}
END_TEST

/*
 * Accesses that reach past a 16-byte mapping fault: one byte too many,
 * starting at its end, or at an address never mapped.  Nothing is
 * written by a faulting write.
 */
START_TEST(compat_user_past_end_faults)
{
	unsigned char buf[32], out[16], zero[16];
	unsigned long uaddr;
	int pid;

	t_boot(1, NULL);
	pid = t_spawn_script("u", SIM_SCHED_NORMAL, 0, 0);
	uaddr = sim_user_map(pid, 16);
	ck_assert_uint_ne(uaddr, 0);
	memset(buf, 0xaa, sizeof(buf));
	memset(zero, 0, sizeof(zero));

	ck_assert_int_eq(sim_user_read(pid, uaddr, buf, 17), -EFAULT);
	ck_assert_int_eq(sim_user_read(pid, uaddr + 16, buf, 1), -EFAULT);
	ck_assert_int_eq(sim_user_read(pid, uaddr + 15, buf, 2), -EFAULT);
	ck_assert_int_eq(sim_user_read(pid, 0x1000, buf, 1), -EFAULT);
	ck_assert_int_eq(sim_user_write(pid, uaddr + 8, buf, 9), -EFAULT);
	ck_assert_int_eq(sim_user_read(pid, uaddr, out, 16), 0);
	ck_assert_mem_eq(out, zero, 16);
	/* the last byte itself is fine */
	ck_assert_int_eq(sim_user_read(pid, uaddr + 15, buf, 1), 0);
}
END_TEST

/*
 * A syscall writing a 4-byte struct sched_param: into a 4-byte mapping
 * it works and the value arrives; into a 2-byte mapping, or at the end
 * of a mapping, it gets -EFAULT.
 */
START_TEST(compat_user_syscall_efault_at_end)
{
	struct u_sched_param sp = { .sched_priority = -1 };
	unsigned long fits, short2;
	int pid;

	t_boot(1, NULL);
	pid = t_spawn_script("rt", SIM_SCHED_FIFO, 7, 0);
	fits = sim_user_map(pid, sizeof(sp));
	short2 = sim_user_map(pid, 2);
	ck_assert_uint_ne(fits, 0);
	ck_assert_uint_ne(short2, 0);

	ck_assert_int_eq(t_syscall(pid, SIM_SYS_sched_getparam, 0, fits, 0),
			 0);
	ck_assert_int_eq(sim_user_read(pid, fits, &sp, sizeof(sp)), 0);
	ck_assert_int_eq(sp.sched_priority, 7);

	ck_assert_int_eq(t_syscall(pid, SIM_SYS_sched_getparam, 0, short2, 0),
			 -EFAULT);
	ck_assert_int_eq(t_syscall(pid, SIM_SYS_sched_getparam, 0,
				   fits + sizeof(sp), 0), -EFAULT);
}
END_TEST

/* Kernel threads have no user memory: init (pid 1) cannot map any. */
START_TEST(compat_user_map_kthread_fails)
{
	t_boot(1, NULL);
	ck_assert_uint_eq(sim_user_map(1, 16), 0);
	ck_assert_uint_eq(sim_user_map(12345, 16), 0);
}
END_TEST

/* ---- seq_file ------------------------------------------------------------ */

static long seq_read_result;

static void body_seq_read(void *show_ret)
{
	seq_read_result = kfix_seq_read((int)(long)show_ret);
}

/*
 * A task reads a seq_file whose ->show() returns @show_ret; what read()
 * returned is in seq_read_result.  0, or -1 if the machine failed.
 */
static int read_seq_file(int show_ret)
{
	struct sim_task_attr a;

	seq_read_result = -1;
	sim_task_attr_init(&a);
	a.name = "reader";
	if (sim_spawn(&a, body_seq_read, (void *)(long)show_ret) < 0)
		return -1;
	return sim_run_for(MS(1));
}

/* ->show() returns 0: read() copies its two bytes "x\n". */
START_TEST(compat_seq_read_copies_the_record)
{
	t_boot(1, NULL);
	ck_assert_int_eq(read_seq_file(0), 0);
	ck_assert_int_eq(seq_read_result, 2);
}
END_TEST

/* ->show() returns -EIO: read() returns -EIO, as 2.6.10's seq_read(). */
START_TEST(compat_seq_read_passes_show_errno)
{
	t_boot(1, NULL);
	ck_assert_int_eq(read_seq_file(-EIO), 0);
	ck_assert_int_eq(seq_read_result, -EIO);
}
END_TEST

/*
 * ->show() returns 1: 2.6.10's read() would return 1, a byte it never
 * copied.  The machine reports the driver bug instead.
 */
START_TEST(compat_seq_read_reports_positive_show)
{
	t_boot(1, NULL);
	ck_assert_int_eq(read_seq_file(1), -1);
	ck_assert(sim_failed());
	ck_assert_msg(strstr(sim_report(), "->show() returned 1") != NULL,
		      "report: %s", sim_report());
}
END_TEST

/* ---- boot configuration -------------------------------------------------- */

/* nr_cpus 0 and sim_max_cpus() + 1 do not boot. */
START_TEST(compat_boot_bad_nr_cpus)
{
	struct sim_config cfg;

	sim_config_init(&cfg);
	cfg.nr_cpus = 0;
	boot_fails(&cfg, "nr_cpus");
	cfg.nr_cpus = sim_max_cpus() + 1;
	boot_fails(&cfg, "nr_cpus");
	cfg.nr_cpus = -1;
	boot_fails(&cfg, "nr_cpus");
}
END_TEST

/* sim_max_cpus() CPUs do boot, every one online. */
START_TEST(compat_boot_max_cpus)
{
	t_boot(sim_max_cpus(), NULL);
	ck_assert_int_eq(sim_nr_cpus(), sim_max_cpus());
	ck_assert_int_eq(cpu_info(sim_max_cpus() - 1).online, 1);
	t_run(MS(10));
}
END_TEST

/* 4 CPUs cannot be cores of 3 threads; smt 0 is no topology either. */
START_TEST(compat_boot_bad_smt)
{
	struct sim_config cfg;

	sim_config_init(&cfg);
	cfg.nr_cpus = 4;
	cfg.smt = 3;
	boot_fails(&cfg, "cores of 3 threads");
	cfg.smt = 0;
	boot_fails(&cfg, "cores of 0 threads");
}
END_TEST

/*
 * 4 CPUs cannot be 3 nodes, nor 4 nodes of 2-thread cores (a core would
 * straddle nodes); 0 nodes is nothing.
 */
START_TEST(compat_boot_bad_nodes)
{
	struct sim_config cfg;

	sim_config_init(&cfg);
	cfg.nr_cpus = 4;
	cfg.nr_nodes = 3;
	boot_fails(&cfg, "nodes");
	cfg.nr_nodes = 4;
	cfg.smt = 2;
	boot_fails(&cfg, "nodes");
	cfg.smt = 1;
	cfg.nr_nodes = 0;
	boot_fails(&cfg, "nodes");
}
END_TEST

/* HZ must be in 10..10000: 5 and 20000 fail, both ends boot. */
START_TEST(compat_boot_hz_range)
{
	struct sim_config cfg;

	sim_config_init(&cfg);
	cfg.hz = 5;
	boot_fails(&cfg, "hz");
	cfg.hz = 20000;
	boot_fails(&cfg, "hz");

	cfg.hz = 10;
	t_boot_cfg(&cfg);
	ck_assert_int_eq(sim_hz(), 10);
	t_shutdown();
	cfg.hz = 10000;
	t_boot_cfg(&cfg);
	ck_assert_int_eq(sim_hz(), 10000);
}
END_TEST

/*
 * One machine per process: a second boot is -EBUSY and leaves the first
 * running as it was.
 */
START_TEST(compat_boot_twice_ebusy)
{
	struct sim_config cfg;
	int pid;

	t_boot(2, NULL);
	pid = t_spawn("hog", SIM_SCHED_NORMAL, 0, 0, t_body_hog, NULL);
	t_run(MS(10));
	sim_config_init(&cfg);
	ck_assert_int_eq(sim_boot(&cfg), -EBUSY);
	ck_assert_ptr_nonnull(strstr(sim_error(), "already"));
	ck_assert_int_eq(sim_booted(), 1);
	ck_assert_int_eq(sim_nr_cpus(), 2);
	ck_assert_uint_eq(sim_now(), MS(10));
	t_run(MS(10));
	ck_assert_uint_eq(t_info(pid).runtime_ns, MS(20));
}
END_TEST

/* Without a machine, running, spawning and commands fail and say so. */
START_TEST(compat_boot_nothing_without_machine)
{
	struct sim_task_attr a;
	struct sim_cpu_info ci;

	ck_assert_int_eq(sim_booted(), 0);
	ck_assert_int_eq(sim_run_for(MS(1)), -1);
	ck_assert_ptr_nonnull(strstr(sim_error(), "no machine"));
	sim_task_attr_init(&a);
	ck_assert_int_lt(sim_spawn(&a, t_body_hog, NULL), 0);
	ck_assert_int_lt(sim_cmd(2, SIM_CMD_BURN, 1, 0, 0, 0), 0);
	ck_assert_int_lt(sim_cpu_info(0, &ci), 0);
	ck_assert_int_eq(sim_task_pids(NULL, 0), 0);
	ck_assert_int_eq(sim_check(), -1);
	ck_assert_ptr_null(sim_cpusched());
}
END_TEST

/* The workload of the boot/shutdown cycles below. */
static void cycle_workload(void)
{
	t_spawn("hog0", SIM_SCHED_NORMAL, 0, 0, t_body_hog, NULL);
	t_spawn("hog5", SIM_SCHED_NORMAL, 0, 5, t_body_hog, NULL);
	t_spawn("sleeper", SIM_SCHED_NORMAL, 0, 0, t_body_sleeper,
		(void *)10UL);
	t_spawn("rr", SIM_SCHED_RR, 5, 0, t_body_sleeper, (void *)7UL);
}

/*
 * Boot, run, shut down, three times in one process: after each shutdown
 * nothing is booted, and each cycle is the same run (same digest, same
 * number of events, same pids, same clock): no state leaks across.
 */
#define NR_CYCLES	3

START_TEST(compat_boot_cycles_do_not_leak)
{
	unsigned long long digest[NR_CYCLES], events[NR_CYCLES];
	int pids[NR_CYCLES][8], n[NR_CYCLES];
	int i;

	for (i = 0; i < NR_CYCLES; i++) {
		t_boot(2, NULL);
		ck_assert_uint_eq(sim_now(), 0);
		ck_assert_int_eq(sim_task_pids(NULL, 0), 0);
		cycle_workload();
		t_run(MS(500));
		digest[i] = sim_trace_digest();
		events[i] = sim_nr_events();
		n[i] = sim_task_pids(pids[i], 8);
		t_shutdown();
		ck_assert_int_eq(sim_booted(), 0);
	}
	for (i = 1; i < NR_CYCLES; i++) {
		ck_assert_uint_eq(digest[i], digest[0]);
		ck_assert_uint_eq(events[i], events[0]);
		ck_assert_int_eq(n[i], n[0]);
		ck_assert_mem_eq(pids[i], pids[0], n[0] * sizeof(int));
	}
}
END_TEST

/* ---- spawn attributes ---------------------------------------------------- */

static const struct bad_attr {
	const char *what;	/* what sim_error() mentions */
	int policy, rt_priority, nice;
	const char *cpus;
} bad_attrs[] = {
	{ "policy",	3,		  0,   0, NULL },
	{ "policy",	-1,		  0,   0, NULL },
	{ "rt_priority", SIM_SCHED_FIFO,  0,   0, NULL },
	{ "rt_priority", SIM_SCHED_FIFO,  100, 0, NULL },
	{ "rt_priority", SIM_SCHED_RR,	  0,   0, NULL },
	{ "nice",	SIM_SCHED_NORMAL, 0,   20, NULL },
	{ "nice",	SIM_SCHED_NORMAL, 0,   -21, NULL },
	{ "rt_priority", SIM_SCHED_NORMAL, 5,  0, NULL },
	{ "CPU list",	SIM_SCHED_NORMAL, 0,   0, "9" },
	{ "CPU list",	SIM_SCHED_NORMAL, 0,   0, "4" },
	{ "CPU list",	SIM_SCHED_NORMAL, 0,   0, "1-0" },
	{ "CPU list",	SIM_SCHED_NORMAL, 0,   0, "2,1-0" },
	{ "CPU list",	SIM_SCHED_NORMAL, 0,   0, "x" },
	{ "CPU list",	SIM_SCHED_NORMAL, 0,   0, "" },
	{ "CPU list",	SIM_SCHED_NORMAL, 0,   0, "0-" },
};

#define NR_BAD_ATTRS	((int)(sizeof(bad_attrs) / sizeof(bad_attrs[0])))

/*
 * 4 CPUs with one task: each bad attribute set is -EINVAL with a reason,
 * and nothing changed: still one workload task, and the next good spawn
 * gets the very next pid.
 */
START_TEST(compat_spawn_bad_attr)
{
	const struct bad_attr *b = &bad_attrs[_i];
	struct sim_task_attr a;
	int first, next, ret;

	t_boot(4, NULL);
	first = t_spawn_script("first", SIM_SCHED_NORMAL, 0, 0);
	sim_task_attr_init(&a);
	a.name = "bad";
	a.policy = b->policy;
	a.rt_priority = b->rt_priority;
	a.nice = b->nice;
	a.cpus = b->cpus;

	ret = sim_spawn(&a, t_body_hog, NULL);
	ck_assert_int_eq(ret, -EINVAL);
	ck_assert_msg(strstr(sim_error(), b->what) != NULL,
		      "error \"%s\" does not mention \"%s\"", sim_error(),
		      b->what);
	ck_assert_int_eq(sim_spawn_script(&a), -EINVAL);
	ck_assert_int_eq(sim_task_pids(NULL, 0), 1);
	ck_assert_int_eq(sim_check(), 0);

	next = t_spawn_script("next", SIM_SCHED_NORMAL, 0, 0);
	ck_assert_int_eq(next, first + 1);
}
END_TEST

/* Good edge values spawn: FIFO 1 and 99, nice -20 and 19, CPUs "0-3". */
START_TEST(compat_spawn_edge_attrs)
{
	struct sim_task_attr a;
	struct sim_task_info ti;
	int pid;

	t_boot(4, NULL);
	ti = t_info(t_spawn_script("f1", SIM_SCHED_FIFO, 1, 0));
	ck_assert_int_eq(ti.rt_priority, 1);
	ti = t_info(t_spawn_script("f99", SIM_SCHED_FIFO, 99, 0));
	ck_assert_int_eq(ti.rt_priority, 99);
	ck_assert_int_eq(ti.policy, SIM_SCHED_FIFO);
	ti = t_info(t_spawn_script("n-20", SIM_SCHED_NORMAL, 0, -20));
	ck_assert_int_eq(ti.nice, -20);
	ck_assert_int_eq(ti.static_prio, 100);
	ti = t_info(t_spawn_script("n19", SIM_SCHED_NORMAL, 0, 19));
	ck_assert_int_eq(ti.nice, 19);
	ck_assert_int_eq(ti.static_prio, 139);

	sim_task_attr_init(&a);
	a.cpus = "0-1,3";
	pid = sim_spawn_script(&a);
	ck_assert_int_gt(pid, 0);
	ck_assert_int_ne(t_info(pid).cpu, 2);
}
END_TEST

/*
 * sim_spawn() returns with its instant settled: on a 2-CPU machine the
 * new hog placed on the idle CPU is already running there (the IPI that
 * woke that CPU has been delivered), with no virtual time gone by.
 */
START_TEST(compat_spawn_settles_instant)
{
	int pid, cpu;

	t_boot(2, NULL);
	pid = t_spawn("hog", SIM_SCHED_NORMAL, 0, 0, t_body_hog, NULL);
	cpu = t_info(pid).cpu;
	ck_assert_uint_eq(sim_now(), 0);
	ck_assert_int_eq(cpu_info(cpu).curr_pid, pid);
	ck_assert_int_eq(t_info(pid).state, 'R');
}
END_TEST

/* Commands to a missing task, to a body task, or unknown, are refused. */
START_TEST(compat_cmd_errors)
{
	int body, script;

	t_boot(1, NULL);
	body = t_spawn("body", SIM_SCHED_NORMAL, 0, 0, t_body_hog, NULL);
	script = t_spawn_script("script", SIM_SCHED_NORMAL, 0, 0);
	ck_assert_int_eq(sim_cmd(12345, SIM_CMD_BURN, 1, 0, 0, 0), -ESRCH);
	ck_assert_int_eq(sim_cmd(body, SIM_CMD_BURN, 1, 0, 0, 0), -EINVAL);
	ck_assert_int_eq(sim_cmd(script, 0, 0, 0, 0, 0), -EINVAL);
	ck_assert_int_eq(sim_cmd(script, SIM_CMD_LAST + 1, 0, 0, 0, 0),
			 -EINVAL);
	ck_assert_uint_eq(t_info(script).cmds_done, 0);
}
END_TEST

/* ---- signals ------------------------------------------------------------- */

/*
 * A script task in a 1 s interruptible sleep gets a signal 10 ms in: the
 * sleep ends at that instant (the command is done, the task waits for
 * the next one).
 */
START_TEST(compat_signal_ends_interruptible_sleep)
{
	unsigned long long at;
	int pid;

	t_boot(1, NULL);
	pid = t_spawn_script("s", SIM_SCHED_NORMAL, 0, 0);
	post(pid, SIM_CMD_SLEEP, SEC(1));
	t_run(MS(10));
	ck_assert_int_eq(t_info(pid).state, 'S');
	ck_assert_uint_eq(t_info(pid).cmds_done, 0);

	at = sim_now();
	ck_assert_int_eq(sim_signal(pid, SIGUSR1_NR), 0);
	ck_assert_uint_eq(sim_now(), at);
	ck_assert_uint_eq(t_info(pid).cmds_done, 1);
	ck_assert_uint_eq(t_info(pid).sleep_ns, MS(10));
}
END_TEST

/*
 * The same in an uninterruptible sleep: the signal changes nothing; the
 * task stays 'D' and wakes when the second is over.
 */
START_TEST(compat_signal_spares_uninterruptible_sleep)
{
	unsigned long long start;
	int pid;

	t_boot(1, NULL);
	pid = t_spawn_script("d", SIM_SCHED_NORMAL, 0, 0);
	start = sim_now();
	post(pid, SIM_CMD_SLEEP_UNINT, SEC(1));
	t_run(MS(10));
	ck_assert_int_eq(sim_signal(pid, SIGUSR1_NR), 0);
	t_run(MS(1));
	ck_assert_int_eq(t_info(pid).state, 'D');
	ck_assert_uint_eq(t_info(pid).cmds_done, 0);

	ck_assert_int_eq(sim_cmd_wait(pid, SEC(2)), 0);
	ck_assert_uint_eq(sim_now(), start + SEC(1));
}
END_TEST

/* Bad signals and missing tasks are refused. */
START_TEST(compat_signal_errors)
{
	int pid;

	t_boot(1, NULL);
	pid = t_spawn_script("s", SIM_SCHED_NORMAL, 0, 0);
	ck_assert_int_eq(sim_signal(pid, 0), -EINVAL);
	ck_assert_int_eq(sim_signal(pid, 65), -EINVAL);
	ck_assert_int_eq(sim_signal(12345, SIGUSR1_NR), -ESRCH);
}
END_TEST

/* ---- kernel threads and topology ----------------------------------------- */

/*
 * After boot pid 1 is "init", SCHED_FIFO 99, asleep waiting for work,
 * and it is no workload task.
 */
START_TEST(compat_kthread_init_is_fifo_99)
{
	struct sim_task_info ti;

	t_boot(2, NULL);
	ti = t_info(1);
	ck_assert_str_eq(ti.name, "init");
	ck_assert_int_eq(ti.policy, SIM_SCHED_FIFO);
	ck_assert_int_eq(ti.rt_priority, 99);
	ck_assert_int_eq(ti.prio, 0);		/* 99 - rt_priority */
	ck_assert_int_eq(ti.state, 'S');
	ck_assert_int_eq(sim_task_pids(NULL, 0), 0);
}
END_TEST

/* A topology of @cpus CPUs, @smt threads per core and @nodes nodes
 * boots, and @cpus hogs keep every CPU busy. */
static void topology_runs(int cpus, int smt, int nodes)
{
	struct sim_config cfg;
	int i;

	sim_config_init(&cfg);
	cfg.nr_cpus = cpus;
	cfg.smt = smt;
	cfg.nr_nodes = nodes;
	t_boot_cfg(&cfg);
	ck_assert_int_eq(sim_nr_cpus(), cpus);
	for (i = 0; i < cpus; i++)
		t_spawn("hog", SIM_SCHED_NORMAL, 0, 0, t_body_hog, NULL);
	t_run(MS(100));
	for (i = 0; i < cpus; i++)
		ck_assert_uint_eq(cpu_info(i).busy_ns, MS(100));
}

START_TEST(compat_topology_smt2_boots)
{
	topology_runs(4, 2, 1);
}
END_TEST

START_TEST(compat_topology_two_nodes_boots)
{
	topology_runs(4, 1, 2);
}
END_TEST

START_TEST(compat_topology_smt_and_nodes_boots)
{
	topology_runs(8, 2, 2);
}
END_TEST


/* With smt=2 on 4 CPUs, cores are {0,1} and {2,3}: cpu_sibling_map. */
START_TEST(compat_topology_sibling_maps)
{
	struct sim_config cfg;

	sim_config_init(&cfg);
	cfg.nr_cpus = 4;
	cfg.smt = 2;
	t_boot_cfg(&cfg);
	ck_assert_uint_eq(kfix_cpu_siblings(0), 0x3);
	ck_assert_uint_eq(kfix_cpu_siblings(1), 0x3);
	ck_assert_uint_eq(kfix_cpu_siblings(2), 0xc);
	ck_assert_uint_eq(kfix_cpu_siblings(3), 0xc);
}
END_TEST

/* 8 CPUs in 2 nodes: CPUs 0-3 on node 0, 4-7 on node 1; no SMT. */
START_TEST(compat_topology_nodes_split_evenly)
{
	struct sim_config cfg;
	int cpu;

	sim_config_init(&cfg);
	cfg.nr_cpus = 8;
	cfg.nr_nodes = 2;
	t_boot_cfg(&cfg);
	for (cpu = 0; cpu < 8; cpu++) {
		ck_assert_int_eq(kfix_cpu_node(cpu), cpu / 4);
		ck_assert_uint_eq(kfix_cpu_siblings(cpu), 1ULL << cpu);
	}
}
END_TEST

/* "isolcpus=1,3" puts exactly CPUs 1 and 3 in cpu_isolated_map. */
START_TEST(compat_boot_isolcpus_sets_map)
{
	t_boot(4, "isolcpus=1,3");
	ck_assert(!kfix_cpu_isolated(0));
	ck_assert(kfix_cpu_isolated(1));
	ck_assert(!kfix_cpu_isolated(2));
	ck_assert(kfix_cpu_isolated(3));
}
END_TEST

/* Without isolcpus= no CPU is isolated, even after a boot that had it. */
START_TEST(compat_boot_isolcpus_default_none)
{
	int cpu;

	t_boot(4, "isolcpus=0-3");
	for (cpu = 0; cpu < 4; cpu++)
		ck_assert(kfix_cpu_isolated(cpu));
	t_shutdown();
	t_boot(4, NULL);
	for (cpu = 0; cpu < 4; cpu++)
		ck_assert(!kfix_cpu_isolated(cpu));
}
END_TEST

/* A later isolcpus= replaces an earlier one: "isolcpus=1 isolcpus=2". */
START_TEST(compat_boot_isolcpus_last_wins)
{
	t_boot(4, "isolcpus=1 isolcpus=2");
	ck_assert(!kfix_cpu_isolated(1));
	ck_assert(kfix_cpu_isolated(2));
}
END_TEST

/*
 * Numbers outside 0..NR_CPUS-1 are skipped (the machine would report a
 * CPU number beyond the mask): "isolcpus=-1,1,NR_CPUS" isolates CPU 1.
 */
START_TEST(compat_boot_isolcpus_out_of_range_skipped)
{
	char cmdline[64];
	int cpu;

	snprintf(cmdline, sizeof(cmdline), "isolcpus=-1,1,%d", sim_max_cpus());
	t_boot(4, cmdline);
	for (cpu = 0; cpu < 4; cpu++)
		ck_assert_int_eq(kfix_cpu_isolated(cpu), cpu == 1);
}
END_TEST

/*
 * isolcpus= reads at most NR_CPUS numbers (2.6.10's ints[NR_CPUS + 1]):
 * after a range of NR_CPUS - 1 numbers out of range, "1" is the last one
 * read and CPU 1 is isolated; after NR_CPUS of them, it is not read.
 */
START_TEST(compat_boot_isolcpus_reads_nr_cpus_numbers)
{
	int filler = sim_max_cpus() - 1 + _i, base = 100000;
	char cmdline[96];

	snprintf(cmdline, sizeof(cmdline), "isolcpus=%d-%d,1", base,
		 base + filler - 1);
	t_boot(4, cmdline);
	ck_assert_int_eq(kfix_cpu_isolated(1), _i == 0);
}
END_TEST

/* The isolcpus= handler takes its option (nonzero), as cpusched='s does. */
START_TEST(compat_boot_isolcpus_option_is_taken)
{
	t_boot(4, "isolcpus=3");
	ck_assert_int_ne(kfix_boot_option("isolcpus=", "3"), 0);
	ck_assert(kfix_cpu_isolated(3));
}
END_TEST

/* ---- kernel threads ------------------------------------------------------ */

static struct {
	int pid;
	char state_created;	/* right after kthread_create() */
	int cpu_bound;		/* task_cpu() after kthread_bind(1) */
	int ran_before_wake;
	int ran_on;
	int stop_ret;
} kt;

/* Creates, binds to CPU 1, wakes, lets it loop 10 ms, stops it. */
static void kthread_driver_body(void *unused)
{
	struct sim_task_info info;

	kt.pid = kfix_kthread_create();
	sim_task_info(kt.pid, &info);
	kt.state_created = info.state;
	kfix_kthread_bind(1);
	sim_task_info(kt.pid, &info);
	kt.cpu_bound = info.cpu;
	kt.ran_before_wake = kfix_kthread_ran_on() != -1;
	kfix_kthread_wake();
	sim_sleep(MS(10));
	kt.ran_on = kfix_kthread_ran_on();
	kt.stop_ret = kfix_kthread_stop();
}

/*
 * kthread_create() leaves the thread asleep until woken; kthread_bind()
 * puts it on CPU 1, where it then runs; kthread_stop() returns its
 * function's result and the thread has exited.
 */
START_TEST(compat_kthread_create_bind_stop)
{
	struct sim_task_info info;

	t_boot(2, NULL);
	t_spawn("kdriver", SIM_SCHED_NORMAL, 0, 0, kthread_driver_body, NULL);
	t_run(MS(50));
	ck_assert_int_eq(kt.state_created, 'S');
	ck_assert(!kt.ran_before_wake);
	ck_assert_int_eq(kt.cpu_bound, 1);
	ck_assert_int_eq(kt.ran_on, 1);
	ck_assert_int_ge(kfix_kthread_loops(), 9);
	ck_assert_int_eq(kt.stop_ret, KFIX_KTHREAD_RET);
	ck_assert_int_eq(sim_task_info(kt.pid, &info), 0);
	ck_assert_int_eq(info.state, 'Z');
	ck_assert_int_eq(sim_check(), 0);
}
END_TEST

/* ---- CPU hotplug --------------------------------------------------------- */

/* Busy time of @cpu now; an offline CPU's stops growing. */
static unsigned long long busy_of(int cpu)
{
	return cpu_info(cpu).busy_ns;
}

/*
 * Four hogs on four CPUs; cpu2 goes offline: it stops, no task is left on
 * it, and every hog keeps running on the three others.
 */
START_TEST(compat_hotplug_offline_moves_tasks)
{
	int pids[4], i;
	unsigned long long before[4], busy2;

	t_boot(4, NULL);
	for (i = 0; i < 4; i++)
		pids[i] = t_spawn("hog", SIM_SCHED_NORMAL, 0, 0, t_body_hog,
				  NULL);
	t_run(MS(100));
	ck_assert_int_eq(sim_cpu_offline(2), 0);
	ck_assert_int_eq(cpu_info(2).online, 0);
	busy2 = busy_of(2);
	for (i = 0; i < 4; i++) {
		ck_assert_int_ne(t_info(pids[i]).cpu, 2);
		before[i] = t_info(pids[i]).runtime_ns;
	}
	t_run(SEC(1));
	ck_assert_uint_eq(busy_of(2), busy2);
	for (i = 0; i < 4; i++) {
		ck_assert_int_ne(t_info(pids[i]).cpu, 2);
		ck_assert_uint_gt(t_info(pids[i]).runtime_ns, before[i]);
	}
	/* three CPUs, four hogs: all three stay busy */
	for (i = 0; i < 4; i++)
		if (i != 2)
			ck_assert_uint_ge(busy_of(i), MS(1100) - MS(1));
}
END_TEST

/* A CPU brought back online takes work again. */
START_TEST(compat_hotplug_online_again_takes_work)
{
	unsigned long long busy1;
	int i;

	t_boot(2, NULL);
	ck_assert_int_eq(sim_cpu_offline(1), 0);
	for (i = 0; i < 2; i++)
		t_spawn("hog", SIM_SCHED_NORMAL, 0, 0, t_body_hog, NULL);
	t_run(MS(100));
	busy1 = busy_of(1);
	ck_assert_uint_eq(busy1, 0);
	ck_assert_int_eq(sim_cpu_online(1), 0);
	ck_assert_int_eq(cpu_info(1).online, 1);
	/* the second hog goes there at the first idle pull or wake-up */
	t_spawn("hog", SIM_SCHED_NORMAL, 0, 0, t_body_hog, NULL);
	t_run(MS(500));
	ck_assert_uint_gt(busy_of(1), MS(400));
}
END_TEST

START_TEST(compat_hotplug_errors)
{
	t_boot(2, NULL);
	ck_assert_int_eq(sim_cpu_offline(2), -EINVAL);
	ck_assert_int_eq(sim_cpu_offline(-1), -EINVAL);
	ck_assert_int_eq(sim_cpu_online(0), -EINVAL);	/* already up */
	ck_assert_int_eq(sim_cpu_offline(1), 0);
	ck_assert_int_eq(sim_cpu_offline(1), -EINVAL);	/* already down */
	ck_assert_int_eq(sim_cpu_offline(0), -EBUSY);	/* the last one */
	ck_assert_int_eq(cpu_info(0).online, 1);
	ck_assert_int_eq(sim_check(), 0);
}
END_TEST

static void sleep_100ms_body(void *done)
{
	sim_sleep(MS(100));
	*(int *)done = 1;
	for (;;)
		sim_sleep(SEC(100));
}

/*
 * A task asleep on a CPU that goes offline still wakes on time: the dead
 * CPU's timers move to a live one.  jiffies keep counting with CPU 0
 * gone too.
 */
START_TEST(compat_hotplug_timers_and_jiffies_survive)
{
	struct sim_task_attr a;
	static int done;
	unsigned long j0;
	int pid;

	t_boot(2, NULL);
	sim_task_attr_init(&a);
	a.name = "sleeper";
	a.cpus = "0";
	pid = sim_spawn(&a, sleep_100ms_body, &done);
	ck_assert_int_gt(pid, 0);
	t_run(MS(10));
	ck_assert_int_eq(t_info(pid).cpu, 0);
	j0 = sim_jiffies();
	ck_assert_int_eq(sim_cpu_offline(0), 0);
	t_run(MS(89));
	ck_assert_int_eq(done, 0);
	t_run(MS(2));
	ck_assert_int_eq(done, 1);
	ck_assert_int_eq(t_info(pid).cpu, 1);
	ck_assert_uint_eq(sim_jiffies() - j0, 91);
}
END_TEST

/* ---- the trace sink ------------------------------------------------------ */

#define MAX_EVENTS	4096

struct recorder {
	int n;
	struct sim_trace_event ev[MAX_EVENTS];
};

static void record(const struct sim_trace_event *ev, void *arg)
{
	struct recorder *r = arg;

	if (r->n < MAX_EVENTS)
		r->ev[r->n++] = *ev;
}

/*
 * On each CPU the switches form one timeline: each switch's prev is the
 * previous switch's next, time never goes back.
 */
START_TEST(compat_trace_switches_chain_per_cpu)
{
	static struct recorder r;
	int last_next[4], i, cpu, per_cpu[4] = { 0 };
	unsigned long long last_ns[4] = { 0 };

	t_boot(4, NULL);
	sim_trace_set_sink(record, &r);
	for (i = 0; i < 6; i++)
		t_spawn("hog", SIM_SCHED_NORMAL, 0, 0, t_body_hog, NULL);
	t_spawn("sleeper", SIM_SCHED_NORMAL, 0, 0, t_body_sleeper,
		(void *)(unsigned long)10);
	t_run(MS(500));
	ck_assert_int_lt(r.n, MAX_EVENTS);
	for (cpu = 0; cpu < 4; cpu++)
		last_next[cpu] = -1;
	for (i = 0; i < r.n; i++) {
		struct sim_trace_event *e = &r.ev[i];

		if (e->type != SIM_TRACE_SWITCH)
			continue;
		cpu = e->cpu;
		ck_assert_int_lt(cpu, 4);
		per_cpu[cpu]++;
		ck_assert_uint_ge(e->ns, last_ns[cpu]);
		if (last_next[cpu] >= 0)
			ck_assert_int_eq(e->pid, last_next[cpu]);
		last_next[cpu] = e->next_pid;
		last_ns[cpu] = e->ns;
	}
	/* six hogs round-robin on four CPUs: every CPU switches often */
	for (cpu = 0; cpu < 4; cpu++)
		ck_assert_int_ge(per_cpu[cpu], 3);
}
END_TEST

/* A wake-up event names the woken task and the CPU it will run on. */
START_TEST(compat_trace_wakeup_names_task_and_cpu)
{
	static struct recorder r;
	int pid, i, wakeups = 0;

	t_boot(2, NULL);
	pid = t_spawn("sleeper", SIM_SCHED_NORMAL, 0, 0, t_body_sleeper,
		      (void *)(unsigned long)10);
	sim_trace_set_sink(record, &r);
	t_run(MS(100));
	for (i = 0; i < r.n; i++) {
		if (r.ev[i].type != SIM_TRACE_WAKEUP)
			continue;
		wakeups++;
		ck_assert_int_eq(r.ev[i].pid, pid);
		ck_assert_str_eq(r.ev[i].comm, "sleeper");
		ck_assert_int_eq(r.ev[i].success, 1);
		ck_assert_int_eq(r.ev[i].target_cpu, t_info(pid).cpu);
	}
	/* 1 ms of work every 10 ms: one wake-up per period */
	ck_assert_int_eq(wakeups, 10);
	ck_assert_uint_eq(t_info(pid).wakeups, 10);
}
END_TEST

/*
 * wake_up_new_task() traces each new task once, successfully: one
 * wakeup_new event per spawn, naming it.
 */
START_TEST(compat_trace_new_task_woken_once)
{
	static struct recorder r;
	int pid[3], i, j, seen;

	t_boot(2, NULL);
	sim_trace_set_sink(record, &r);
	for (i = 0; i < 3; i++)
		pid[i] = t_spawn("new", SIM_SCHED_NORMAL, 0, 0, t_body_sleeper,
				 (void *)(unsigned long)10);
	t_run(MS(5));
	for (i = 0; i < 3; i++) {
		seen = 0;
		for (j = 0; j < r.n; j++) {
			if (r.ev[j].type != SIM_TRACE_WAKEUP_NEW ||
			    r.ev[j].pid != pid[i])
				continue;
			seen++;
			ck_assert_int_eq(r.ev[j].success, 1);
			ck_assert_str_eq(r.ev[j].comm, "new");
		}
		ck_assert_int_eq(seen, 1);
	}
}
END_TEST

/* Watching a run does not change it: same digest with and without. */
START_TEST(compat_trace_sink_does_not_change_run)
{
	static struct recorder r;
	unsigned long long digest[2];
	int pass, i;

	for (pass = 0; pass < 2; pass++) {
		t_boot(2, NULL);
		if (pass)
			sim_trace_set_sink(record, &r);
		for (i = 0; i < 3; i++)
			t_spawn("hog", SIM_SCHED_NORMAL, 0, i * 5, t_body_hog,
				NULL);
		t_run(MS(300));
		digest[pass] = sim_trace_digest();
		t_shutdown();
	}
	ck_assert_uint_eq(digest[0], digest[1]);
	ck_assert_int_gt(r.n, 0);
}
END_TEST

/* ---- the suite ----------------------------------------------------------- */

static Suite *compat_suite(void)
{
	Suite *s = suite_create("compat");
	TCase *tc;

	tc = tcase_create("time");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, compat_time_now_advances_exactly);
	tcase_add_loop_test(tc, compat_time_jiffies_per_second, 0,
			    (int)(sizeof(hz_table) / sizeof(hz_table[0])));
	tcase_add_test(tc, compat_time_jiffies_start_before_wrap);
	tcase_add_test(tc, compat_time_idle_ticks_per_cpu);
	tcase_add_test(tc, compat_time_busy_ticks_are_user);
	suite_add_tcase(s, tc);

	tc = tcase_create("sleep");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, compat_sleep_rounds_up_to_jiffies);
	tcase_add_test(tc, compat_sleep_hz100_one_ms_is_one_tick);
	tcase_add_test(tc, compat_sleep_whole_jiffies_exact);
	tcase_add_test(tc, compat_sleep_accounted_as_sleep);
	suite_add_tcase(s, tc);

	tc = tcase_create("percpu");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, compat_percpu_this_cpu_id_pinned);
	tcase_add_test(tc, compat_percpu_cpu_info_online_idle);
	suite_add_tcase(s, tc);

	tc = tcase_create("user");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, compat_user_map_round_trip);
	tcase_add_test(tc, compat_user_past_end_faults);
	tcase_add_test(tc, compat_user_syscall_efault_at_end);
	tcase_add_test(tc, compat_user_map_kthread_fails);
	suite_add_tcase(s, tc);

	tc = tcase_create("seq_file");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, compat_seq_read_copies_the_record);
	tcase_add_test(tc, compat_seq_read_passes_show_errno);
	tcase_add_test(tc, compat_seq_read_reports_positive_show);
	suite_add_tcase(s, tc);

	tc = tcase_create("boot");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, compat_boot_bad_nr_cpus);
	tcase_add_test(tc, compat_boot_max_cpus);
	tcase_add_test(tc, compat_boot_bad_smt);
	tcase_add_test(tc, compat_boot_bad_nodes);
	tcase_add_test(tc, compat_boot_hz_range);
	tcase_add_test(tc, compat_boot_twice_ebusy);
	tcase_add_test(tc, compat_boot_nothing_without_machine);
	tcase_add_test(tc, compat_boot_cycles_do_not_leak);
	suite_add_tcase(s, tc);

	tc = tcase_create("spawn");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_loop_test(tc, compat_spawn_bad_attr, 0, NR_BAD_ATTRS);
	tcase_add_test(tc, compat_spawn_edge_attrs);
	tcase_add_test(tc, compat_spawn_settles_instant);
	tcase_add_test(tc, compat_cmd_errors);
	suite_add_tcase(s, tc);

	tc = tcase_create("signal");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, compat_signal_ends_interruptible_sleep);
	tcase_add_test(tc, compat_signal_spares_uninterruptible_sleep);
	tcase_add_test(tc, compat_signal_errors);
	suite_add_tcase(s, tc);

	tc = tcase_create("topology");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, compat_kthread_init_is_fifo_99);
	tcase_add_test(tc, compat_topology_smt2_boots);
	tcase_add_test(tc, compat_topology_two_nodes_boots);
	tcase_add_test(tc, compat_topology_smt_and_nodes_boots);
	tcase_add_test(tc, compat_topology_sibling_maps);
	tcase_add_test(tc, compat_topology_nodes_split_evenly);
	tcase_add_test(tc, compat_boot_isolcpus_sets_map);
	tcase_add_test(tc, compat_boot_isolcpus_default_none);
	tcase_add_test(tc, compat_boot_isolcpus_last_wins);
	tcase_add_test(tc, compat_boot_isolcpus_out_of_range_skipped);
	tcase_add_loop_test(tc, compat_boot_isolcpus_reads_nr_cpus_numbers, 0,
			    2);
	tcase_add_test(tc, compat_boot_isolcpus_option_is_taken);
	tcase_add_test(tc, compat_kthread_create_bind_stop);
	suite_add_tcase(s, tc);

	tc = tcase_create("trace");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, compat_trace_switches_chain_per_cpu);
	tcase_add_test(tc, compat_trace_wakeup_names_task_and_cpu);
	tcase_add_test(tc, compat_trace_new_task_woken_once);
	tcase_add_test(tc, compat_trace_sink_does_not_change_run);
	suite_add_tcase(s, tc);

	tc = tcase_create("hotplug");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, compat_hotplug_offline_moves_tasks);
	tcase_add_test(tc, compat_hotplug_online_again_takes_work);
	tcase_add_test(tc, compat_hotplug_errors);
	tcase_add_test(tc, compat_hotplug_timers_and_jiffies_survive);
	suite_add_tcase(s, tc);

	return s;
}

int main(void)
{
	return t_run_suite_on(compat_suite(), "tiny");
}
