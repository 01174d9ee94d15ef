/*
 * tests/unit/check_conformance.c - what every cpu scheduler driver must
 * do, whatever its design.
 *
 * One set of tests, run on every driver this build contains (the list
 * comes from sim_nr_drivers()/sim_driver_name(), so a new driver is
 * covered by adding it to the build) and on machines of 1, 2 and 4 CPUs.
 * Each test is a Check loop test over (driver x CPU count): loop index
 * i runs driver i / NR_CPU_SETUPS on cpu_setups[i % NR_CPU_SETUPS] CPUs,
 * and every failure message starts with "[<driver>, <n> CPUs]".
 *
 * The properties are those every design must keep (2.6.10 semantics):
 *   - RT priority is strict on each CPU: a higher RT task always runs
 *     before a lower one;
 *   - SCHED_FIFO is never preempted by an equal or lower priority;
 *   - SCHED_RR rotates at the interval sched_rr_get_interval() reports;
 *   - sched_setscheduler(), sched_setparam() and nice() act at once;
 *   - no SCHED_NORMAL task waits longer than the bound its driver
 *     declares (struct sched_drv.starvation_bound);
 *   - lower nice never gets less CPU than higher nice, equal nice gets
 *     an equal share;
 *   - affinity holds, sched_setaffinity() moves a task, sleepers wake
 *     (a signal only interruptible ones),
 *     fork and exit keep the counts, yield lets an equal-priority task
 *     run;
 *   - a refused cpu_up() leaves no trace, and the CPU comes up later;
 *   - the machine's generic invariants and the driver's own check hold
 *     through a mixed workload;
 *   - a driver that claims O(1) picking (o1) does no more pick work per
 *     context switch with 500 runnable tasks than with 5;
 *   - stolen time is the idle task's idle or iowait time, and no task's;
 *     task_curr() names the running task only;
 *   - semaphores (libsched/semaphore.c) lend priority through the
 *     driver's pi_setprio: a SCHED_NORMAL mutex owner or rwsem writer
 *     runs at its RT waiter's priority until it lets go; a mutex wakes
 *     its best waiter, a counting semaphore its first.
 *
 * What a driver declares is read through kfixtures (kfix_starvation_bound,
 * kfix_pick_work, kfix_driver_o1).  Times come from the machine's own
 * accounting (sim_task_info, sim_cpu_info), independent of the driver.
 * HZ is 1000 throughout: a tick is 1 ms.  Where tasks are "pinned to one
 * CPU", they are pinned to CPU 0 of every machine, so the same property
 * is checked with and without other CPUs around.  The two 20 s share
 * runs boot with the per-event invariant checks off for speed; every
 * other test keeps them on (the default), so any broken invariant fails
 * the test that caused it.
 *
 * Not checked here: the design's own numbers (slices, bonuses), which
 * are each driver's own suite's business.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "testlib.h"
#include "kfixtures.h"

#define TICK_NS			MS(1)	/* HZ 1000 */
#define NS_PER_JIFFY		TICK_NS

/* The machines every property is checked on. */
static const int cpu_setups[] = { 1, 2, 4 };
#define NR_CPU_SETUPS		\
	((int)(sizeof(cpu_setups) / sizeof(cpu_setups[0])))

/* "<driver>, <n> CPUs": the prefix of every failure message. */
static char where[64];

#define conf_assert(cond, fmt, ...) \
	ck_assert_msg(cond, "[%s] " fmt, where, ##__VA_ARGS__)

/* user space's struct sched_param and struct timespec */
struct u_sched_param {
	int sched_priority;
};

/* ---- the machine of loop index i ----------------------------------------- */

static void teardown(void)
{
	t_shutdown();
}

/*
 * conf_boot - boot the machine of loop index @i: its driver chosen with
 * "cpusched=<name>" on the command line, its CPU count; @checks as
 * struct sim_config.checks (generic invariants after every event).
 */
static void conf_boot_checks(int i, int checks)
{
	const char *drv = sim_driver_name(i / NR_CPU_SETUPS);
	int cpus = cpu_setups[i % NR_CPU_SETUPS];
	struct sim_config cfg;
	char cmdline[64];

	ck_assert_msg(drv != NULL, "no driver %d", i / NR_CPU_SETUPS);
	snprintf(where, sizeof(where), "%s, %d CPU%s", drv, cpus,
		 cpus > 1 ? "s" : "");
	conf_assert(cpus <= sim_max_cpus(), "NR_CPUS is %d", sim_max_cpus());
	snprintf(cmdline, sizeof(cmdline), "cpusched=%s", drv);
	sim_config_init(&cfg);
	cfg.nr_cpus = cpus;
	cfg.cmdline = cmdline;
	cfg.checks = checks;
	t_boot_cfg(&cfg);
	conf_assert(strcmp(sim_cpusched(), drv) == 0, "booted %s",
		    sim_cpusched());
}

static void conf_boot(int i)
{
	conf_boot_checks(i, 1);
}

static void run(unsigned long long ns)
{
	int ret = sim_run_for(ns);

	conf_assert(ret == 0, "run failed: %s", sim_report());
}

/* ---- tasks --------------------------------------------------------------- */

/* A task (a script task if @body is NULL) allowed on the CPU list @cpus. */
static int spawn(const char *name, int policy, int rt_priority, int nice,
		 const char *cpus, sim_body_t body, void *arg)
{
	struct sim_task_attr a;
	int pid;

	sim_task_attr_init(&a);
	a.name = name;
	a.policy = policy;
	a.rt_priority = rt_priority;
	a.nice = nice;
	a.cpus = cpus;
	pid = body ? sim_spawn(&a, body, arg) : sim_spawn_script(&a);
	conf_assert(pid > 0, "spawn of %s failed (%d): %s", name, pid,
		    sim_error());
	return pid;
}

static int hog(const char *name, int policy, int rt_priority, int nice,
	       const char *cpus)
{
	return spawn(name, policy, rt_priority, nice, cpus, t_body_hog, NULL);
}

static struct sim_task_info info(int pid)
{
	struct sim_task_info ti;

	conf_assert(sim_task_info(pid, &ti) == 0, "no task %d", pid);
	return ti;
}

static struct sim_cpu_info cpu_info(int cpu)
{
	struct sim_cpu_info ci;

	conf_assert(sim_cpu_info(cpu, &ci) == 0, "no cpu%d", cpu);
	return ci;
}

static unsigned long long runtime(int pid)
{
	return info(pid).runtime_ns;
}

static int runnable(char state)
{
	return state == 'R' || state == 'Q';
}

/* Queue a command for script task @pid without waiting for it. */
static void post(int pid, int op, long a0, long a1, long a2, long a3)
{
	int ret = sim_cmd(pid, op, a0, a1, a2, a3);

	conf_assert(ret == 0, "sim_cmd(%d, %d) = %d: %s", pid, op, ret,
		    sim_error());
}

/* A user copy of a struct sched_param in @pid's address space. */
static unsigned long user_param(int pid, int prio)
{
	struct u_sched_param sp = { .sched_priority = prio };
	unsigned long uaddr = sim_user_map(pid, sizeof(sp));

	conf_assert(uaddr != 0, "sim_user_map: %s", sim_error());
	conf_assert(sim_user_write(pid, uaddr, &sp, sizeof(sp)) == 0,
		    "sim_user_write: %s", sim_error());
	return uaddr;
}

/* The driver's starvation bound for @nr_running tasks on a CPU, in ns. */
static unsigned long long starvation_bound_ns(unsigned long nr_running)
{
	return kfix_starvation_bound(nr_running) * NS_PER_JIFFY;
}

/* ---- task bodies --------------------------------------------------------- */

/* Burn @ms of CPU, then exit. */
static void body_burn_then_exit(void *ms)
{
	sim_burn(MS((uintptr_t)ms));
}

/* Sleep @ms, then burn forever. */
static void body_sleep_then_hog(void *ms)
{
	sim_sleep(MS((uintptr_t)ms));
	t_body_hog(NULL);
}

struct period {
	unsigned int burn_ms, sleep_ms;
};

/* Burn, sleep, forever: a periodic task. */
static void body_periodic(void *arg)
{
	const struct period *p = arg;

	for (;;) {
		sim_burn(MS(p->burn_ms));
		sim_sleep(MS(p->sleep_ms));
	}
}

/* Burn 1 ms, then wait 5 jiffies for "I/O", forever. */
#define IO_WAIT_JIFFIES		5
static void body_io(void *unused)
{
	for (;;) {
		sim_burn(MS(1));
		sim_io_wait(IO_WAIT_JIFFIES);
	}
}

/* A short-lived child: burn 3 ms and exit. */
static void body_short_child(void *unused)
{
	sim_burn(MS(3));
}

/* Fork a short-lived child every 25 ms, forever. */
static void body_forker(void *unused)
{
	for (;;) {
		sim_fork(body_short_child, NULL);
		sim_sleep(MS(25));
	}
}

/* ---- RT priority is strict on each CPU ----------------------------------- */

/*
 * On every CPU c, four tasks pinned to c, spawned at one instant:
 *   FIFO 30, RR 20 and FIFO 10 each burn RT_BURN_MS and exit; a
 *   SCHED_NORMAL hog runs forever.
 * Before/after: c runs FIFO 30 for RT_BURN_MS, then RR 20, then FIFO 10,
 * then the hog.  In the middle of each phase the one expected is
 * running, every task below it has never run (runtime 0), every task
 * above it has exited.
 */
#define RT_BURN_MS		100
#define RT_LEVELS		4	/* FIFO 30, RR 20, FIFO 10, NORMAL */

START_TEST(rt_strict_priority_on_each_cpu)
{
	static const struct {
		const char *name;
		int policy, rt_priority;
	} level[RT_LEVELS] = {	/* best first */
		{ "fifo30", SIM_SCHED_FIFO, 30 },
		{ "rr20", SIM_SCHED_RR, 20 },
		{ "fifo10", SIM_SCHED_FIFO, 10 },
		{ "normal", SIM_SCHED_NORMAL, 0 },
	};
	int pid[4][RT_LEVELS];
	int cpu, nr_cpus, phase, l;
	char cpus[8];
	struct sim_task_info ti;

	conf_boot(_i);
	nr_cpus = sim_nr_cpus();
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		snprintf(cpus, sizeof(cpus), "%d", cpu);
		/* worst first: each new one must preempt the last */
		for (l = RT_LEVELS - 1; l >= 0; l--)
			pid[cpu][l] = spawn(level[l].name, level[l].policy,
					    level[l].rt_priority, 0, cpus,
					    level[l].policy == SIM_SCHED_NORMAL
					    ? t_body_hog : body_burn_then_exit,
					    (void *)(uintptr_t)RT_BURN_MS);
	}

	for (phase = 0; phase < RT_LEVELS; phase++) {
		/* to the middle of phase @phase */
		run(phase ? MS(RT_BURN_MS) : MS(RT_BURN_MS / 2));
		for (cpu = 0; cpu < nr_cpus; cpu++) {
			conf_assert(cpu_info(cpu).curr_pid == pid[cpu][phase],
				    "cpu%d at %llu ms runs pid %d, not %s",
				    cpu, sim_now() / MS(1),
				    cpu_info(cpu).curr_pid,
				    level[phase].name);
			for (l = 0; l < RT_LEVELS; l++) {
				ti = info(pid[cpu][l]);
				if (l < phase)
					conf_assert(ti.state == 'Z',
						    "cpu%d: %s in state %c",
						    cpu, ti.name, ti.state);
				if (l > phase)
					conf_assert(ti.runtime_ns == 0,
						    "cpu%d: %s ran %llu ns "
						    "under %s", cpu, ti.name,
						    ti.runtime_ns,
						    level[phase].name);
			}
		}
	}
}
END_TEST

/* ---- SCHED_FIFO keeps its CPU -------------------------------------------- */

/*
 * All pinned to CPU 0.  Before: a FIFO 50 and a FIFO 10 task are asleep
 * for FIFO_WAKE_MS; a FIFO 50 hog starts running.  At FIFO_WAKE_MS the
 * sleepers wake on its CPU.  After FIFO_RUN_MS: the hog has run every
 * nanosecond; the other two are queued and have not been switched in
 * once since it started.  On one CPU the hog was switched in exactly
 * once.  On SMP a higher-priority kernel thread may legitimately
 * interrupt it for no virtual time (2.6.10's active balancing wakes
 * migration/0, FIFO 99, when idle CPUs fail to pull the pinned tasks),
 * so there the switch count is not the measure.
 */
#define FIFO_PRIO		50
#define FIFO_LOW_PRIO		10
#define FIFO_WAKE_MS		20
#define FIFO_RUN_MS		200

START_TEST(fifo_not_preempted_by_equal_or_lower)
{
	int hog0, other[2], k;
	unsigned long long start;
	unsigned long switches0[2];
	struct sim_task_info ti;

	conf_boot(_i);
	other[0] = spawn("eq_sleeper", SIM_SCHED_FIFO, FIFO_PRIO, 0, "0",
			 body_sleep_then_hog, (void *)(uintptr_t)FIFO_WAKE_MS);
	other[1] = spawn("low_sleeper", SIM_SCHED_FIFO, FIFO_LOW_PRIO, 0, "0",
			 body_sleep_then_hog, (void *)(uintptr_t)FIFO_WAKE_MS);
	for (k = 0; k < 2; k++) {
		ti = info(other[k]);
		ck_assert_int_eq(ti.state, 'S');
		switches0[k] = ti.switches;
	}

	start = sim_now();
	hog0 = hog("fifo_hog", SIM_SCHED_FIFO, FIFO_PRIO, 0, "0");
	conf_assert(cpu_info(0).curr_pid == hog0, "the hog is not running");
	run(MS(FIFO_RUN_MS));

	ti = info(hog0);
	conf_assert(ti.state == 'R', "hog in state %c", ti.state);
	conf_assert(ti.runtime_ns == sim_now() - start,
		    "hog ran %llu of %llu ns", ti.runtime_ns,
		    sim_now() - start);
	if (sim_nr_cpus() == 1)
		conf_assert(ti.switches == 1, "hog switched in %lu times",
			    ti.switches);
	for (k = 0; k < 2; k++) {
		ti = info(other[k]);
		conf_assert(ti.wakeups >= 1, "%s never woke", ti.name);
		conf_assert(ti.state == 'Q', "%s in state %c", ti.name,
			    ti.state);
		conf_assert(ti.switches == switches0[k],
			    "%s (FIFO %d) switched in %lu times under the "
			    "FIFO %d hog", ti.name, ti.rt_priority,
			    ti.switches - switches0[k], FIFO_PRIO);
	}
}
END_TEST

/* ---- SCHED_RR rotates at its interval ------------------------------------ */

/*
 * The runs of two tasks on one CPU, seen by sampling its current task
 * every tick: the length of each completed run, and how often the CPU
 * was seen running anything else.
 */
#define MAX_RUNS		16

struct run_log {
	int cpu;
	int pid[2];
	int curr;			/* 0 or 1, -1: neither */
	unsigned long long run_start;
	int nr_runs[2];
	unsigned long long run[2][MAX_RUNS];
	int strangers;			/* samples with neither running */
};

static int log_index(const struct run_log *log, int pid)
{
	return pid == log->pid[0] ? 0 : pid == log->pid[1] ? 1 : -1;
}

static void log_run(struct run_log *log, unsigned long long ns)
{
	unsigned long long end = sim_now() + ns;
	int next, i;

	while (sim_now() < end) {
		run(TICK_NS);
		next = log_index(log, cpu_info(log->cpu).curr_pid);
		if (next < 0)
			log->strangers++;
		if (next == log->curr)
			continue;
		i = log->curr;
		if (i >= 0 && log->nr_runs[i] < MAX_RUNS)
			log->run[i][log->nr_runs[i]++] =
				sim_now() - log->run_start;
		log->curr = next;
		log->run_start = sim_now();
	}
}

/*
 * Two RR 10 hogs pinned to CPU 0, and a FIFO 99 script task there that
 * reads their sched_rr_get_interval() and goes back to sleep.
 * After RR_ROUNDS rounds: CPU 0 ran only the two, in turn, and every
 * run but each one's first (which the reader may have cut) lasted that
 * task's interval, to RR_TOLERANCE_NS (one tick: the sampling step).
 */
#define RR_PRIO			10
#define RR_ROUNDS		4
#define RR_TOLERANCE_NS		TICK_NS

START_TEST(rr_rotates_at_its_interval)
{
	struct run_log log;
	unsigned long long interval[2], len;
	int asker, i, r;

	conf_boot(_i);
	asker = spawn("asker", SIM_SCHED_FIFO, 99, 0, "0", NULL, NULL);
	memset(&log, 0, sizeof(log));
	log.pid[0] = hog("rr_a", SIM_SCHED_RR, RR_PRIO, 0, "0");
	log.pid[1] = hog("rr_b", SIM_SCHED_RR, RR_PRIO, 0, "0");
	for (i = 0; i < 2; i++) {
		interval[i] = t_rr_interval_ns(asker, log.pid[i]);
		conf_assert(interval[i] >= TICK_NS,
			    "RR interval of pid %d is %llu ns", log.pid[i],
			    interval[i]);
	}

	log.cpu = 0;
	log.curr = log_index(&log, cpu_info(0).curr_pid);
	log.run_start = sim_now();
	log_run(&log, (RR_ROUNDS + 1) * (interval[0] + interval[1]) +
		TICK_NS);

	conf_assert(log.strangers == 0,
		    "cpu0 ran another task for %d ticks", log.strangers);
	for (i = 0; i < 2; i++) {
		conf_assert(log.nr_runs[i] >= RR_ROUNDS,
			    "pid %d completed %d runs, want >= %d",
			    log.pid[i], log.nr_runs[i], RR_ROUNDS);
		for (r = 1; r < log.nr_runs[i]; r++) {
			len = log.run[i][r];
			conf_assert(len + RR_TOLERANCE_NS >= interval[i] &&
				    len <= interval[i] + RR_TOLERANCE_NS,
				    "run %d of pid %d lasted %llu ns, its "
				    "interval is %llu ns", r, log.pid[i],
				    len, interval[i]);
		}
	}
}
END_TEST

/* ---- setscheduler, setparam and nice act at once ------------------------- */

/*
 * change_preempts_caller - script task @caller, made runnable on CPU 0
 * by a posted syscall and a BURN after it, raises @target (queued on
 * CPU 0) above itself with that syscall, to @policy and @rt_priority.
 * From that instant the target must run: the caller is preempted inside
 * the syscall and never gets to burn (its runtime stays exactly what it
 * was, since a syscall takes no virtual time; at a tick's sampling any
 * delay would show as caller runtime), and the target runs every
 * nanosecond of the following CHANGE_RUN_MS.  The change is seen from
 * outside (sim_task_info of the target), not from the caller's
 * completed commands: the syscall returns only when the caller runs
 * again.
 */
#define CHANGE_RUN_MS		50
/* how long the caller may wait for the CPU */
#define CHANGE_WAIT_MS		1000

static void change_preempts_caller(int caller, int target, int policy,
				   int rt_priority, long nr, long a0, long a1,
				   long a2)
{
	unsigned long long caller_rt = runtime(caller), target_rt;
	unsigned long long waited = 0;
	struct sim_task_info ti;

	post(caller, SIM_CMD_SYSCALL, nr, a0, a1, a2);
	post(caller, SIM_CMD_BURN, MS(CHANGE_RUN_MS), 0, 0, 0);
	/* tick by tick until the change is made */
	for (;;) {
		ti = info(target);
		if (ti.policy == policy && ti.rt_priority == rt_priority)
			break;
		conf_assert(waited < MS(CHANGE_WAIT_MS),
			    "caller %d did not make syscall %ld in %d ms",
			    caller, nr, CHANGE_WAIT_MS);
		run(TICK_NS);
		waited += TICK_NS;
	}
	conf_assert(runtime(caller) == caller_rt,
		    "caller ran %llu ns after raising pid %d",
		    runtime(caller) - caller_rt, target);
	conf_assert(cpu_info(0).curr_pid == target,
		    "cpu0 runs pid %d, not the raised pid %d",
		    cpu_info(0).curr_pid, target);
	target_rt = runtime(target);
	run(MS(CHANGE_RUN_MS));
	conf_assert(runtime(target) - target_rt == MS(CHANGE_RUN_MS),
		    "raised pid %d ran %llu of %d ms", target,
		    runtime(target) - target_rt, CHANGE_RUN_MS);
	conf_assert(runtime(caller) == caller_rt, "caller ran %llu ns",
		    runtime(caller) - caller_rt);
	conf_assert(info(caller).state == 'Q', "caller in state %c",
		    info(caller).state);
}

/*
 * Pinned to CPU 0: SCHED_NORMAL hogs a and b, a script task (NORMAL).
 * The script calls sched_setscheduler(queued hog, SCHED_FIFO, 50):
 * that hog runs at the same instant and keeps running.
 */
#define RAISED_FIFO_PRIO	50

START_TEST(setscheduler_takes_effect_at_once)
{
	int a, b, caller, target;

	conf_boot(_i);
	caller = spawn("caller", SIM_SCHED_NORMAL, 0, 0, "0", NULL, NULL);
	a = hog("a", SIM_SCHED_NORMAL, 0, 0, "0");
	b = hog("b", SIM_SCHED_NORMAL, 0, 0, "0");
	run(MS(10));
	target = info(a).state == 'Q' ? a : b;
	conf_assert(info(target).state == 'Q', "neither hog is queued");
	change_preempts_caller(caller, target, SIM_SCHED_FIFO,
			       RAISED_FIFO_PRIO, SIM_SYS_sched_setscheduler,
			       target, SIM_SCHED_FIFO,
			       user_param(caller, RAISED_FIFO_PRIO));
}
END_TEST

/*
 * Pinned to CPU 0: RR 10 hog running, RR 5 hog starved behind it, an
 * RR 20 script task.  The script calls sched_setparam(RR 5 hog, 30):
 * it now outranks the script and the other hog, and runs at once.
 */
#define SETPARAM_RUNNING_PRIO	10
#define SETPARAM_LOW_PRIO	5
#define SETPARAM_CALLER_PRIO	20
#define SETPARAM_NEW_PRIO	30

START_TEST(setparam_takes_effect_at_once)
{
	int running, low, caller;

	conf_boot(_i);
	caller = spawn("caller", SIM_SCHED_RR, SETPARAM_CALLER_PRIO, 0, "0",
		       NULL, NULL);
	running = hog("running", SIM_SCHED_RR, SETPARAM_RUNNING_PRIO, 0, "0");
	low = hog("low", SIM_SCHED_RR, SETPARAM_LOW_PRIO, 0, "0");
	run(MS(10));
	conf_assert(cpu_info(0).curr_pid == running, "RR %d hog not running",
		    SETPARAM_RUNNING_PRIO);
	conf_assert(info(low).runtime_ns == 0, "RR %d hog ran",
		    SETPARAM_LOW_PRIO);
	change_preempts_caller(caller, low, SIM_SCHED_RR, SETPARAM_NEW_PRIO,
			       SIM_SYS_sched_setparam, low,
			       user_param(caller, SETPARAM_NEW_PRIO), 0);
	conf_assert(info(running).state == 'Q', "old RR hog in state %c",
		    info(running).state);
}
END_TEST

/*
 * A script task at nice 0 on a machine with a hog beside it calls
 * nice(5), then nice(-7): task_nice() reads 5, then -2 (static_prio
 * 125, then 118) the instant each call returns.
 */
#define NICE_UP			5
#define NICE_DOWN		(-7)

START_TEST(nice_takes_effect_at_once)
{
	struct sim_task_info ti;
	int s;

	conf_boot(_i);
	s = spawn("nicer", SIM_SCHED_NORMAL, 0, 0, "0", NULL, NULL);
	hog("hog", SIM_SCHED_NORMAL, 0, 0, "0");
	ck_assert_int_eq(info(s).nice, 0);

	conf_assert(t_syscall(s, SIM_SYS_nice, NICE_UP, 0, 0) == 0,
		    "nice(%d) failed", NICE_UP);
	ti = info(s);
	conf_assert(ti.nice == NICE_UP && ti.static_prio == 120 + NICE_UP,
		    "after nice(%d): nice %d, static_prio %d", NICE_UP,
		    ti.nice, ti.static_prio);

	conf_assert(t_syscall(s, SIM_SYS_nice, NICE_DOWN, 0, 0) == 0,
		    "nice(%d) failed", NICE_DOWN);
	ti = info(s);
	conf_assert(ti.nice == NICE_UP + NICE_DOWN &&
		    ti.static_prio == 120 + NICE_UP + NICE_DOWN,
		    "after nice(%d): nice %d, static_prio %d", NICE_DOWN,
		    ti.nice, ti.static_prio);
}
END_TEST

/* ---- no SCHED_NORMAL task starves ---------------------------------------- */

/*
 * The longest time each task was runnable without getting the CPU,
 * sampled every tick from its runtime and state: a task whose runtime
 * grew since the last sample ran, one that is not runnable waits for
 * nothing; any other has waited since its last such sample.  The
 * sampling step makes each figure uncertain by one tick either way.
 */
#define MAX_TRACKED		16
#define WAIT_SAMPLE_SLACK_NS	(2 * TICK_NS)

struct wait_track {
	int nr;
	int pid[MAX_TRACKED];
	unsigned long long last_rt[MAX_TRACKED];
	unsigned long long since[MAX_TRACKED];
	unsigned long long longest[MAX_TRACKED];
};

static void track_start(struct wait_track *w, const int *pid, int nr)
{
	int k;

	memset(w, 0, sizeof(*w));
	w->nr = nr;
	for (k = 0; k < nr; k++) {
		w->pid[k] = pid[k];
		w->last_rt[k] = runtime(pid[k]);
		w->since[k] = sim_now();
	}
}

static void track_run(struct wait_track *w, unsigned long long ns)
{
	unsigned long long end = sim_now() + ns, wait;
	struct sim_task_info ti;
	int k;

	while (sim_now() < end) {
		run(TICK_NS);
		for (k = 0; k < w->nr; k++) {
			ti = info(w->pid[k]);
			if (ti.runtime_ns != w->last_rt[k] ||
			    !runnable(ti.state)) {
				w->last_rt[k] = ti.runtime_ns;
				w->since[k] = sim_now();
				continue;
			}
			wait = sim_now() - w->since[k];
			if (wait > w->longest[k])
				w->longest[k] = wait;
		}
	}
}

/*
 * Pinned to CPU 0: hogs at nice -5, 0, 5 and 19 and sleepers of 10 and
 * 50 ms periods (1 ms of CPU each period).  Over STARVE_RUN_MS, no task
 * waits longer than starvation_bound(6) jiffies (plus the sampling
 * slack).
 */
#define STARVE_RUN_MS		10000

START_TEST(normal_never_starves)
{
	static const int hog_nice[] = { -5, 0, 5, 19 };
	static const uintptr_t sleeper_period_ms[] = { 10, 50 };
	int pid[6], n = 0, k;
	unsigned long long bound;
	struct wait_track w;
	struct sim_task_info ti;

	conf_boot(_i);
	for (k = 0; k < 4; k++)
		pid[n++] = hog("hog", SIM_SCHED_NORMAL, 0, hog_nice[k], "0");
	for (k = 0; k < 2; k++)
		pid[n++] = spawn("sleeper", SIM_SCHED_NORMAL, 0, 0, "0",
				 t_body_sleeper,
				 (void *)sleeper_period_ms[k]);
	bound = starvation_bound_ns(n);
	conf_assert(bound > 0, "starvation bound 0 for %d tasks", n);

	track_start(&w, pid, n);
	track_run(&w, MS(STARVE_RUN_MS));
	for (k = 0; k < n; k++) {
		ti = info(pid[k]);
		conf_assert(w.longest[k] <= bound + WAIT_SAMPLE_SLACK_NS,
			    "%s/%d (nice %d) waited %llu ms, bound %llu ms",
			    ti.name, ti.pid, ti.nice, w.longest[k] / MS(1),
			    bound / MS(1));
		conf_assert(ti.runtime_ns > 0, "%s/%d never ran", ti.name,
			    ti.pid);
	}
}
END_TEST

/* ---- CPU share by nice --------------------------------------------------- */

/*
 * Pinned to CPU 0: hogs at nice -5, 0, 5, 10 and 19, FAIR_RUN_MS long
 * (checks off for speed; other tests cover them).  Runtimes are
 * non-increasing as nice increases.
 */
#define FAIR_RUN_MS		20000
#define NR_NICE_HOGS		5

START_TEST(lower_nice_gets_no_less_cpu)
{
	static const int nice[NR_NICE_HOGS] = { -5, 0, 5, 10, 19 };
	int pid[NR_NICE_HOGS], k;
	unsigned long long rt[NR_NICE_HOGS];

	conf_boot_checks(_i, 0);
	for (k = 0; k < NR_NICE_HOGS; k++)
		pid[k] = hog("hog", SIM_SCHED_NORMAL, 0, nice[k], "0");
	run(MS(FAIR_RUN_MS));
	for (k = 0; k < NR_NICE_HOGS; k++)
		rt[k] = runtime(pid[k]);
	for (k = 1; k < NR_NICE_HOGS; k++)
		conf_assert(rt[k - 1] >= rt[k],
			    "nice %d ran %llu ms, less than nice %d's %llu ms",
			    nice[k - 1], rt[k - 1] / MS(1), nice[k],
			    rt[k] / MS(1));
}
END_TEST

/*
 * Nice 0 hogs, not pinned: 3 on one CPU, 2 per CPU on more.  Over
 * FAIR_RUN_MS each gets the mean share to within FAIR_SHARE_PCT %.
 */
#define FAIR_SHARE_PCT		10
#define MAX_FAIR_HOGS		8

START_TEST(equal_nice_shares_equally)
{
	int pid[MAX_FAIR_HOGS], nr, k;
	unsigned long long rt[MAX_FAIR_HOGS], sum = 0, mean, dev;

	conf_boot_checks(_i, 0);
	nr = sim_nr_cpus() == 1 ? 3 : 2 * sim_nr_cpus();
	ck_assert_int_le(nr, MAX_FAIR_HOGS);
	for (k = 0; k < nr; k++)
		pid[k] = hog("hog", SIM_SCHED_NORMAL, 0, 0, NULL);
	run(MS(FAIR_RUN_MS));
	for (k = 0; k < nr; k++)
		sum += rt[k] = runtime(pid[k]);
	mean = sum / nr;
	for (k = 0; k < nr; k++) {
		dev = rt[k] > mean ? rt[k] - mean : mean - rt[k];
		conf_assert(dev * 100 <= mean * FAIR_SHARE_PCT,
			    "hog %d of %d ran %llu ms, mean %llu ms (more "
			    "than %d%% off)", k, nr, rt[k] / MS(1),
			    mean / MS(1), FAIR_SHARE_PCT);
	}
}
END_TEST

/* ---- affinity, wake-ups, fork and exit, yield ---------------------------- */

/*
 * Hogs pinned to a subset of the CPUs (1 CPU: "0"; 2: "1"; 4: "1-2"),
 * two per CPU of the subset plus one, nothing else.  Over AFFINITY_RUN_MS
 * sampled every tick: a running hog is always on a CPU of the subset;
 * the CPUs outside it are never busy, and the hogs' runtimes add up to
 * exactly the busy time of the subset's CPUs.
 */
#define AFFINITY_SETTLE_MS	10
#define AFFINITY_RUN_MS		500

START_TEST(affinity_respected)
{
	int nr_cpus, first, last, nr, k, cpu, pid[MAX_TRACKED];
	unsigned long long busy0[4], rt0 = 0, rt = 0, t0, busy, in_busy = 0;
	char cpus[8];
	struct sim_task_info ti;

	conf_boot(_i);
	nr_cpus = sim_nr_cpus();
	first = nr_cpus == 1 ? 0 : 1;
	last = nr_cpus == 1 ? 0 : nr_cpus / 2;
	snprintf(cpus, sizeof(cpus), first == last ? "%d" : "%d-%d", first,
		 last);
	nr = 2 * (last - first + 1) + 1;
	for (k = 0; k < nr; k++)
		pid[k] = hog("pinned", SIM_SCHED_NORMAL, 0, 0, cpus);
	run(MS(AFFINITY_SETTLE_MS));

	t0 = sim_now();
	for (cpu = 0; cpu < nr_cpus; cpu++)
		busy0[cpu] = cpu_info(cpu).busy_ns;
	for (k = 0; k < nr; k++)
		rt0 += runtime(pid[k]);
	while (sim_now() < t0 + MS(AFFINITY_RUN_MS)) {
		run(TICK_NS);
		for (k = 0; k < nr; k++) {
			ti = info(pid[k]);
			conf_assert(ti.state != 'R' ||
				    (ti.cpu >= first && ti.cpu <= last),
				    "pid %d allowed on %s runs on cpu%d",
				    ti.pid, cpus, ti.cpu);
		}
	}
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		busy = cpu_info(cpu).busy_ns - busy0[cpu];
		if (cpu >= first && cpu <= last)
			in_busy += busy;
		else
			conf_assert(busy == 0, "cpu%d (not in %s) busy "
				    "%llu ns", cpu, cpus, busy);
	}
	for (k = 0; k < nr; k++)
		rt += runtime(pid[k]);
	conf_assert(rt - rt0 == in_busy, "the hogs ran %llu ns, cpus %s "
		    "were busy %llu ns", rt - rt0, cpus, in_busy);
}
END_TEST

/*
 * sched_setaffinity() succeeds with 0 and a task that waits on a CPU it
 * lost moves to one it may use: hogs A and B pinned to CPU 0, and a
 * script task on the last CPU gives the one of them that waits the last
 * CPU alone.  On one CPU that is CPU 0 itself: nothing moves.
 */
START_TEST(setaffinity_returns_zero_and_moves_the_task)
{
	unsigned long mask, uaddr;
	int last, a, b, waiter, caller;
	char cpus[12];
	long ret;

	conf_boot(_i);
	last = sim_nr_cpus() - 1;
	snprintf(cpus, sizeof(cpus), "%d", last);
	a = hog("a", SIM_SCHED_NORMAL, 0, 0, "0");
	b = hog("b", SIM_SCHED_NORMAL, 0, 0, "0");
	caller = spawn("caller", SIM_SCHED_NORMAL, 0, 0, cpus, NULL, NULL);
	run(MS(10));
	waiter = cpu_info(0).curr_pid == a ? b : a;

	mask = 1UL << last;
	uaddr = sim_user_map(caller, sizeof(mask));
	conf_assert(uaddr != 0, "sim_user_map: %s", sim_error());
	conf_assert(sim_user_write(caller, uaddr, &mask, sizeof(mask)) == 0,
		    "sim_user_write: %s", sim_error());
	ret = t_syscall(caller, SIM_SYS_sched_setaffinity, waiter, sizeof(mask),
			uaddr);
	conf_assert(ret == 0, "sched_setaffinity(%d, {%d}) = %ld", waiter, last,
		    ret);
	run(MS(10));
	conf_assert(info(waiter).cpu == last, "pid %d allowed on cpu%d only "
		    "is on cpu%d", waiter, last, info(waiter).cpu);
}
END_TEST

/*
 * cpu_up() of the last CPU refused by a CPU notifier asked after the
 * scheduler's: it fails with -EINVAL, the CPU stays offline with no live
 * task of its own (what the driver prepared at CPU_UP_PREPARE, such as a
 * migration thread, is gone at CPU_UP_CANCELED), and the machine's and
 * driver's checks hold.  Asked again with nothing refusing, the CPU comes
 * up and runs a hog pinned to it all the next 100 ms, to a tick.  A
 * machine of one CPU has no other to bring up: -EINVAL.
 */
#define UP_RUN_MS		100

START_TEST(refused_cpu_up_is_undone)
{
	unsigned long long rt0;
	int last, pid;
	char cpus[12];

	conf_boot(_i);
	last = sim_nr_cpus() - 1;
	if (!last) {
		conf_assert(sim_cpu_online(1) == -EINVAL, "cpu1 came up");
		return;
	}
	conf_assert(sim_cpu_offline(last) == 0, "cpu%d stays up", last);
	run(TICK_NS);
	kfix_refuse_cpu_up(1);
	conf_assert(sim_cpu_online(last) == -EINVAL, "refused cpu_up of "
		    "cpu%d did not fail", last);
	kfix_refuse_cpu_up(0);
	run(TICK_NS);
	conf_assert(!cpu_info(last).online, "cpu%d is online", last);
	conf_assert(kfix_live_tasks_on(last) == 0, "%d live tasks on cpu%d",
		    kfix_live_tasks_on(last), last);
	conf_assert(sim_check() == 0, "%s", sim_report());

	conf_assert(sim_cpu_online(last) == 0, "cpu_up of cpu%d: %s", last,
		    sim_error());
	snprintf(cpus, sizeof(cpus), "%d", last);
	pid = hog("pinned", SIM_SCHED_NORMAL, 0, 0, cpus);
	run(TICK_NS);
	rt0 = runtime(pid);
	run(MS(UP_RUN_MS));
	conf_assert(runtime(pid) - rt0 >= MS(UP_RUN_MS) - TICK_NS,
		    "the hog on cpu%d ran %llu ns of %d ms", last,
		    runtime(pid) - rt0, UP_RUN_MS);
}
END_TEST

/*
 * Pinned to CPU 0: two nice 0 hogs and a script task, asleep waiting for
 * commands.  It is sent "sleep SLEEP_MS, burn 1 ms": the command wakes
 * it (wake-up 1); once on the CPU it sleeps; the sleep's end wakes it
 * (wake-up 2) SLEEP_MS later, to SLEEP_SLACK_NS (sleeps are whole ticks,
 * seen by per-tick samples); from then it is on the CPU within
 * starvation_bound(3) jiffies, to the sampling slack.
 */
#define SLEEP_MS		30
#define SLEEP_SLACK_NS		(2 * TICK_NS)

START_TEST(sleeper_wakes_and_runs)
{
	unsigned long long start, slept = 0, woke = 0, ran = 0, rt0 = 0;
	unsigned long long bound;
	unsigned long wakeups0;
	struct sim_task_info ti;
	int s;

	conf_boot(_i);
	s = spawn("sleeper", SIM_SCHED_NORMAL, 0, 0, "0", NULL, NULL);
	hog("hog", SIM_SCHED_NORMAL, 0, 0, "0");
	hog("hog", SIM_SCHED_NORMAL, 0, 0, "0");
	run(MS(5));
	bound = starvation_bound_ns(3);
	wakeups0 = info(s).wakeups;

	post(s, SIM_CMD_SLEEP, MS(SLEEP_MS), 0, 0, 0);
	post(s, SIM_CMD_BURN, MS(1), 0, 0, 0);
	start = sim_now();
	while (!ran && sim_now() < start + bound + MS(SLEEP_MS) + bound +
	       SLEEP_SLACK_NS) {
		run(TICK_NS);
		ti = info(s);
		if (!slept && ti.wakeups == wakeups0 + 1 && ti.state == 'S')
			slept = sim_now();
		if (!woke && ti.wakeups == wakeups0 + 2) {
			woke = sim_now();
			rt0 = ti.runtime_ns;
		}
		if (woke && (ti.runtime_ns > rt0 || ti.state == 'R'))
			ran = sim_now();
	}
	conf_assert(slept, "the sleeper did not start its sleep");
	conf_assert(woke, "the sleeper did not wake (%lu wake-ups)",
		    info(s).wakeups - wakeups0);
	conf_assert(woke - slept + SLEEP_SLACK_NS >= MS(SLEEP_MS) &&
		    woke - slept <= MS(SLEEP_MS) + SLEEP_SLACK_NS,
		    "slept from %llu to %llu ms, not %d ms", slept / MS(1),
		    woke / MS(1), SLEEP_MS);
	conf_assert(ran && ran - woke <= bound + SLEEP_SLACK_NS,
		    "woke at %llu ms, ran %s%llu ms later, bound %llu ms",
		    woke / MS(1), ran ? "" : "not even ",
		    ((ran ? ran : sim_now()) - woke) / MS(1), bound / MS(1));
}
END_TEST

/*
 * A signal wakes an interruptible sleeper and no other (2.6.10's
 * signal_wake_up(): wake_up_state(p, TASK_INTERRUPTIBLE)): two script
 * tasks on CPU 0 sleep SLEEP_MS, I interruptibly, U not.  A signal to
 * each 5 ms in: I is woken (one more wake-up), U sleeps on in D, its
 * wake-ups as they were until its sleep ends.
 */
START_TEST(signal_wakes_only_an_interruptible_sleeper)
{
	unsigned long wi, wu;
	int i, u;

	conf_boot(_i);
	i = spawn("intr", SIM_SCHED_NORMAL, 0, 0, "0", NULL, NULL);
	u = spawn("unint", SIM_SCHED_NORMAL, 0, 0, "0", NULL, NULL);
	run(MS(5));
	post(i, SIM_CMD_SLEEP, MS(SLEEP_MS), 0, 0, 0);
	post(u, SIM_CMD_SLEEP_UNINT, MS(SLEEP_MS), 0, 0, 0);
	run(MS(5));
	conf_assert(info(i).state == 'S' && info(u).state == 'D',
		    "not asleep: %c %c", info(i).state, info(u).state);
	wi = info(i).wakeups;
	wu = info(u).wakeups;
	conf_assert(sim_signal(i, 10 /* SIGUSR1 */) == 0, "%s", sim_error());
	conf_assert(sim_signal(u, 10 /* SIGUSR1 */) == 0, "%s", sim_error());
	run(TICK_NS);
	conf_assert(info(i).wakeups == wi + 1, "the interruptible sleeper "
		    "was woken %lu times", info(i).wakeups - wi);
	conf_assert(info(u).wakeups == wu && info(u).state == 'D',
		    "the uninterruptible sleeper was woken %lu times, state "
		    "%c", info(u).wakeups - wu, info(u).state);
}
END_TEST

/*
 * A parent forks FORK_CHILDREN children with sim_fork() and exits; each
 * child burns 10 ms and exits with FORK_EXIT_BASE + its index.  After
 * FORK_RUN_MS: all of them are zombies (Z) with their exit codes, the
 * workload holds exactly 1 + FORK_CHILDREN pids, every CPU is idle and
 * the machine's checks pass.
 */
#define FORK_CHILDREN		8
#define FORK_EXIT_BASE		100
#define FORK_RUN_MS		500

static int fork_child[FORK_CHILDREN];

static void body_child_exit(void *idx)
{
	sim_burn(MS(10));
	sim_exit(FORK_EXIT_BASE + (int)(uintptr_t)idx);
}

static void body_fork_children(void *unused)
{
	int k;

	for (k = 0; k < FORK_CHILDREN; k++)
		fork_child[k] = sim_fork(body_child_exit, (void *)(uintptr_t)k);
}

START_TEST(fork_exit_keep_counts)
{
	int parent, k, cpu, pids[2 * FORK_CHILDREN];
	struct sim_task_info ti;

	conf_boot(_i);
	parent = spawn("parent", SIM_SCHED_NORMAL, 0, 0, NULL,
		       body_fork_children, NULL);
	run(MS(FORK_RUN_MS));

	ti = info(parent);
	conf_assert(ti.state == 'Z', "parent in state %c", ti.state);
	for (k = 0; k < FORK_CHILDREN; k++) {
		conf_assert(fork_child[k] > 0, "fork %d failed: %d", k,
			    fork_child[k]);
		ti = info(fork_child[k]);
		conf_assert(ti.state == 'Z', "child %d in state %c", k,
			    ti.state);
		conf_assert(ti.exit_code == FORK_EXIT_BASE + k,
			    "child %d exit code %d", k, ti.exit_code);
		conf_assert(ti.runtime_ns == MS(10), "child %d ran %llu ns",
			    k, ti.runtime_ns);
	}
	conf_assert(sim_task_pids(pids, 2 * FORK_CHILDREN) ==
		    1 + FORK_CHILDREN, "%d workload pids",
		    sim_task_pids(pids, 2 * FORK_CHILDREN));
	for (cpu = 0; cpu < sim_nr_cpus(); cpu++)
		conf_assert(cpu_info(cpu).curr_pid == 0, "cpu%d runs pid %d",
			    cpu, cpu_info(cpu).curr_pid);
	conf_assert(sim_check() == 0, "check: %s", sim_report());
}
END_TEST

/*
 * A script task exits.  Until then the machine holds its task_struct;
 * the switch away from it drops the exit's reference, so one tick later
 * the struct has been freed.  A driver that forgets put_task_struct()
 * in its switch leaks every exited task.
 */
START_TEST(exit_releases_the_task)
{
	int s;

	conf_boot(_i);
	s = spawn("exiter", SIM_SCHED_NORMAL, 0, 0, NULL, NULL, NULL);
	run(MS(1));
	conf_assert(kfix_task_released(s) == 0, "released before its exit");
	post(s, SIM_CMD_EXIT, 0, 0, 0, 0);
	run(MS(1));
	conf_assert(info(s).state == 'Z', "state %c", info(s).state);
	conf_assert(kfix_task_released(s) == 1, "not released: %d",
		    kfix_task_released(s));
}
END_TEST

/* ---- wait_task_inactive() ------------------------------------------------ */

static volatile int inactive_returned;

/* W's body: wait_task_inactive() of the task @pid, then note it. */
static void body_wait_inactive(void *pid)
{
	kfix_call_wrapper(KFIX_HOOK_wait_task_inactive, (int)(long)pid);
	inactive_returned = 1;
	for (;;)
		sim_sleep(SEC(1000));
}

/*
 * wait_task_inactive() returns only once its task is off every CPU: T
 * on cpu1 burns 8 ms and sleeps; W on cpu0, spawned at 1 ms, waits for
 * it.  At 7 ms T still runs and W still waits; at 9 ms T sleeps and W
 * has returned.  One CPU cannot run W while T runs: skipped.
 */
START_TEST(wait_task_inactive_waits_while_the_task_runs)
{
	int t;

	conf_boot(_i);
	if (sim_nr_cpus() < 2) {
		printf("[%s] skipped: one CPU\n", where);
		return;
	}
	t = spawn("t", SIM_SCHED_NORMAL, 0, 0, "1", NULL, NULL);
	post(t, SIM_CMD_BURN, MS(8), 0, 0, 0);
	run(MS(1));
	inactive_returned = 0;
	spawn("w", SIM_SCHED_NORMAL, 0, 0, "0", body_wait_inactive,
	      (void *)(long)t);
	run(MS(6));
	conf_assert(!inactive_returned, "returned while the task ran");
	conf_assert(cpu_info(1).curr_pid == t, "cpu1 runs pid %d",
		    cpu_info(1).curr_pid);
	run(MS(2));
	conf_assert(info(t).state == 'S', "state %c", info(t).state);
	conf_assert(inactive_returned, "still waiting after the sleep");
}
END_TEST

/*
 * Pinned to CPU 0: an RR 10 script task, running, burns YIELD_AFTER_MS
 * then yields then burns on; an RR 10 hog spawned after it waits.
 * YIELD_SEEN_MS after the yield, the hog has run every nanosecond since
 * the yield and the script none.  The window is one tick: no RR interval
 * is shorter, so the hog cannot have given the CPU back on its own.
 */
#define YIELD_PRIO		10
#define YIELD_AFTER_MS		5
#define YIELD_SEEN_MS		1

START_TEST(yield_gives_way_to_equal_priority)
{
	unsigned long long s_rt0, h_rt0;
	int s, h;

	conf_boot(_i);
	s = spawn("yielder", SIM_SCHED_RR, YIELD_PRIO, 0, "0", NULL, NULL);
	post(s, SIM_CMD_BURN, MS(YIELD_AFTER_MS), 0, 0, 0);
	post(s, SIM_CMD_SYSCALL, SIM_SYS_sched_yield, 0, 0, 0);
	post(s, SIM_CMD_BURN, SEC(10), 0, 0, 0);
	run(0);
	conf_assert(cpu_info(0).curr_pid == s, "the yielder is not running");
	h = hog("hog", SIM_SCHED_RR, YIELD_PRIO, 0, "0");
	conf_assert(cpu_info(0).curr_pid == s, "the new hog preempted");
	s_rt0 = runtime(s);
	h_rt0 = runtime(h);

	run(MS(YIELD_AFTER_MS + YIELD_SEEN_MS));
	conf_assert(info(s).cmds_done >= 1, "the yielder did not burn");
	conf_assert(runtime(s) - s_rt0 == MS(YIELD_AFTER_MS),
		    "the yielder ran %llu ns, %d ms before its yield",
		    runtime(s) - s_rt0, YIELD_AFTER_MS);
	conf_assert(runtime(h) - h_rt0 == MS(YIELD_SEEN_MS),
		    "the hog ran %llu ns in the %d ms after the yield",
		    runtime(h) - h_rt0, YIELD_SEEN_MS);
}
END_TEST

/* ---- invariants under a mixed workload ----------------------------------- */

/*
 * Checks on (after every event): hogs at nice -5, 0, 10 and 19,
 * sleepers, an RR and a FIFO task that sleep most of the time, an I/O
 * waiter, a forker, a hog whose affinity a script task keeps changing
 * and whose nice it changes, and on SMP the last CPU going offline at
 * 1 s and coming back at 2 s.  Every run of MIXED_STEP_MS passes the
 * checks, and sim_check() passes at the end of MIXED_RUN_MS.
 */
#define MIXED_RUN_MS		3000
#define MIXED_STEP_MS		100
#define MIXED_OFFLINE_MS	1000
#define MIXED_ONLINE_MS		2000

START_TEST(invariants_hold_mixed_workload)
{
	static const int hog_nice[] = { -5, 0, 10, 19 };
	static const struct period rr = { 2, 20 }, fifo = { 1, 15 };
	static const struct period quick = { 1, 9 }, slow = { 1, 49 };
	unsigned long mask[2], umask;
	int nr_cpus, last, ctl, target, k, step;
	long ret;

	conf_boot(_i);
	nr_cpus = sim_nr_cpus();
	last = nr_cpus - 1;
	for (k = 0; k < 4; k++)
		hog("hog", SIM_SCHED_NORMAL, 0, hog_nice[k], NULL);
	spawn("quick", SIM_SCHED_NORMAL, 0, 0, NULL, body_periodic,
	      (void *)&quick);
	spawn("slow", SIM_SCHED_NORMAL, 0, 5, NULL, body_periodic,
	      (void *)&slow);
	spawn("rr", SIM_SCHED_RR, 10, 0, NULL, body_periodic, (void *)&rr);
	spawn("fifo", SIM_SCHED_FIFO, 20, 0, NULL, body_periodic,
	      (void *)&fifo);
	spawn("io", SIM_SCHED_NORMAL, 0, 0, NULL, body_io, NULL);
	spawn("forker", SIM_SCHED_NORMAL, 0, 0, NULL, body_forker, NULL);
	target = hog("moved", SIM_SCHED_NORMAL, 0, 0, NULL);
	ctl = spawn("ctl", SIM_SCHED_NORMAL, 0, -10, NULL, NULL, NULL);

	/* masks: only the last CPU, then all of them */
	mask[0] = 1UL << last;
	mask[1] = (1UL << nr_cpus) - 1;
	umask = sim_user_map(ctl, sizeof(mask));
	conf_assert(umask != 0, "sim_user_map: %s", sim_error());
	conf_assert(sim_user_write(ctl, umask, mask, sizeof(mask)) == 0,
		    "sim_user_write: %s", sim_error());

	for (step = 0; step * MIXED_STEP_MS < MIXED_RUN_MS; step++) {
		if (nr_cpus > 1 && step * MIXED_STEP_MS == MIXED_OFFLINE_MS)
			conf_assert(sim_cpu_offline(last) == 0,
				    "cpu%d offline: %s", last, sim_error());
		if (nr_cpus > 1 && step * MIXED_STEP_MS == MIXED_ONLINE_MS)
			conf_assert(sim_cpu_online(last) == 0,
				    "cpu%d online: %s", last, sim_error());
		/* affinity: last CPU only / all, in turn (offline: fails) */
		post(ctl, SIM_CMD_SYSCALL, SIM_SYS_sched_setaffinity, target,
		     sizeof(mask[0]), umask + (step & 1) * sizeof(mask[0]));
		post(ctl, SIM_CMD_SYSCALL, SIM_SYS_nice, step & 1 ? 1 : -1,
		     0, 0);
		run(MS(MIXED_STEP_MS));
	}
	ret = sim_cmd_wait(ctl, SEC(1));
	conf_assert(ret == 0, "ctl did not finish: %ld", ret);
	conf_assert(sim_check() == 0, "check: %s", sim_report());
}
END_TEST

/* ---- the cost of a pick -------------------------------------------------- */

/*
 * pick_work_per_switch - boot the machine of loop index @i, run @nr
 * nice 19 hogs pinned to CPU 0 (5 ms slices in most designs: many
 * switches) for PICK_RUN_MS after PICK_SETTLE_MS, and return the
 * driver's pick work per context switch over that run.
 */
#define PICK_FEW		5
#define PICK_MANY		500
#define PICK_SETTLE_MS		10
#define PICK_RUN_MS		1000
#define PICK_MIN_SWITCHES	20	/* a ratio worth comparing */
#define PICK_WORK_SLACK		1.0	/* per switch */

static unsigned long long total_switches(void)
{
	unsigned long long sum = 0;
	int cpu;

	for (cpu = 0; cpu < sim_nr_cpus(); cpu++)
		sum += cpu_info(cpu).switches;
	return sum;
}

static double pick_work_per_switch(int i, int nr)
{
	unsigned long long work0, sw0, work, sw;
	int k;

	conf_boot(i);
	for (k = 0; k < nr; k++)
		hog("hog", SIM_SCHED_NORMAL, 0, 19, "0");
	run(MS(PICK_SETTLE_MS));
	work0 = kfix_pick_work();
	sw0 = total_switches();
	run(MS(PICK_RUN_MS));
	work = kfix_pick_work() - work0;
	sw = total_switches() - sw0;
	conf_assert(sw >= PICK_MIN_SWITCHES, "%llu switches with %d hogs",
		    sw, nr);
	t_shutdown();
	return (double)work / sw;
}

/*
 * O(1) drivers: pick work per context switch with PICK_MANY runnable
 * tasks is at most that with PICK_FEW plus PICK_WORK_SLACK.  Drivers
 * that do not claim O(1), or do not count their work, are skipped.
 */
START_TEST(pick_cost_independent_of_nr_running)
{
	double few, many;

	conf_boot(_i);
	if (!kfix_driver_o1() || kfix_pick_work() == KFIX_NO_PICK_WORK) {
		printf("[%s] skipped: the driver %s\n", where,
		       kfix_driver_o1() ? "does not count its pick work"
		       : "does not claim O(1) picking");
		return;
	}
	t_shutdown();

	few = pick_work_per_switch(_i, PICK_FEW);
	many = pick_work_per_switch(_i, PICK_MANY);
	conf_assert(many <= few + PICK_WORK_SLACK,
		    "pick work per switch %.2f with %d tasks, %.2f with %d",
		    many, PICK_MANY, few, PICK_FEW);
}
END_TEST

/*
 * Time a hypervisor steals is charged by the tick to what the CPU runs
 * (account_steal_time()): stolen from the idle task it is idle time, or
 * iowait time while a task of that CPU waits for I/O; stolen from a task
 * it is steal time, none of the CPU's idle, iowait, user or system time
 * and not the task's.  On CPU 0, STOLEN_TICKS jiffies each time.
 */
#define STOLEN_TICKS		7

/* cpu_info(0) across STOLEN_TICKS stolen from @pid (0: the idle task). */
static void steal_on_cpu0(int pid, struct sim_cpu_info *before,
			  struct sim_cpu_info *after)
{
	*before = cpu_info(0);
	conf_assert(kfix_steal(0, pid, STOLEN_TICKS) == 0,
		    "kfix_steal(0, %d) failed", pid);
	*after = cpu_info(0);
}

START_TEST(steal_time_is_idle_iowait_or_steal)
{
	struct sim_cpu_info before, after;
	unsigned long stime;
	int io, h;

	conf_boot(_i);
	run(MS(10));
	steal_on_cpu0(0, &before, &after);
	conf_assert(after.idle - before.idle == STOLEN_TICKS &&
		    after.iowait == before.iowait,
		    "stolen from idle: idle +%llu, iowait +%llu",
		    after.idle - before.idle, after.iowait - before.iowait);

	io = spawn("io", SIM_SCHED_NORMAL, 0, 0, "0", NULL, NULL);
	post(io, SIM_CMD_IO_WAIT, 1000, 0, 0, 0);
	run(MS(10));
	steal_on_cpu0(0, &before, &after);
	conf_assert(after.iowait - before.iowait == STOLEN_TICKS &&
		    after.idle == before.idle,
		    "stolen from idle during I/O: iowait +%llu, idle +%llu",
		    after.iowait - before.iowait, after.idle - before.idle);

	h = hog("hog", SIM_SCHED_NORMAL, 0, 0, "0");
	run(MS(10));
	conf_assert(cpu_info(0).curr_pid == h, "cpu0 runs %d, not the hog",
		    cpu_info(0).curr_pid);
	stime = info(h).stime;
	steal_on_cpu0(h, &before, &after);
	conf_assert(after.idle == before.idle &&
		    after.iowait == before.iowait &&
		    after.user == before.user &&
		    after.system == before.system,
		    "stolen from a task: idle +%llu, iowait +%llu, user +%llu, "
		    "system +%llu",
		    after.idle - before.idle, after.iowait - before.iowait,
		    after.user - before.user, after.system - before.system);
	conf_assert(info(h).stime == stime, "the hog's stime went %lu -> %lu",
		    stime, info(h).stime);
}
END_TEST

/*
 * task_curr() is true of the task a CPU runs and of no other: on CPU 0 a
 * SCHED_FIFO 10 task asks it of itself and of a hog that waits behind
 * it there.
 */
static long task_curr_of_self, task_curr_of_hog;

static void body_ask_task_curr(void *hog_pid)
{
	task_curr_of_self = kfix_call_wrapper(KFIX_HOOK_task_curr, 0);
	task_curr_of_hog = kfix_call_wrapper(KFIX_HOOK_task_curr,
					     (int)(long)hog_pid);
	for (;;)
		sim_sleep(SEC(1000));
}

START_TEST(task_curr_only_of_the_running_task)
{
	int h;

	conf_boot(_i);
	h = hog("hog", SIM_SCHED_NORMAL, 0, 0, "0");
	run(MS(10));
	task_curr_of_self = task_curr_of_hog = -1;
	spawn("asker", SIM_SCHED_FIFO, 10, 0, "0", body_ask_task_curr,
	      (void *)(long)h);
	run(MS(10));
	conf_assert(task_curr_of_self == 1 && task_curr_of_hog == 0,
		    "task_curr(): %ld of the running task, %ld of the queued "
		    "hog", task_curr_of_self, task_curr_of_hog);
}
END_TEST

/* ---- the suite ----------------------------------------------------------- */

static void add(Suite *s, const char *name, const TTest *test, int timeout)
{
	TCase *tc = tcase_create(name);

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_set_timeout(tc, timeout);
	tcase_add_loop_test(tc, test, 0, sim_nr_drivers() * NR_CPU_SETUPS);
	suite_add_tcase(s, tc);
}

/* ---- semaphores ---------------------------------------------------------- */

#define SEM_SETTLE_NS		MS(2)

/* post_settle - queue a command for @pid, let it run (or block). */
static void post_settle(int pid, int op, long a0)
{
	post(pid, op, a0, 0, 0, 0);
	run(SEM_SETTLE_NS);
}

static unsigned long cmds_done(int pid)
{
	return info(pid).cmds_done;
}

/*
 * inherits - a SCHED_NORMAL "holder" takes harness semaphore (or
 * rw_semaphore) 0 with @take; a SCHED_FIFO @rt "waiter" blocks on it
 * with @wait: the holder runs at prio 99 - @rt, its policy still
 * SCHED_NORMAL; @release lets the waiter in and drops the holder back
 * into the SCHED_NORMAL range (100 or more).
 */
static void inherits(int i, int take, int wait, int release, int rt)
{
	int holder, waiter;

	conf_boot(i);
	holder = spawn("holder", SIM_SCHED_NORMAL, 0, 0, "0", NULL, NULL);
	waiter = spawn("waiter", SIM_SCHED_FIFO, rt, 0, "0", NULL, NULL);
	post_settle(holder, take, 0);
	post_settle(waiter, wait, 0);
	conf_assert(cmds_done(waiter) == 0, "the waiter did not block");
	conf_assert(info(holder).prio == 99 - rt &&
		    info(holder).policy == SIM_SCHED_NORMAL,
		    "holder at prio %d policy %d, not %d SCHED_NORMAL",
		    info(holder).prio, info(holder).policy, 99 - rt);
	post_settle(holder, release, 0);
	conf_assert(cmds_done(waiter) == 1, "the waiter was not let in");
	conf_assert(info(holder).prio >= 100, "holder still at prio %d",
		    info(holder).prio);
}

/* A mutex's owner runs at its FIFO 50 waiter's prio 49 until up(). */
START_TEST(sem_owner_inherits_rt_waiter)
{
	inherits(_i, SIM_CMD_SEM_DOWN, SIM_CMD_SEM_DOWN, SIM_CMD_SEM_UP, 50);
}
END_TEST

/* An rw_semaphore's writer runs at its FIFO 70 reader's prio 29. */
START_TEST(rwsem_writer_inherits_rt_waiter)
{
	inherits(_i, SIM_CMD_RWSEM_DOWN_WRITE, SIM_CMD_RWSEM_DOWN_READ,
		 SIM_CMD_RWSEM_UP_WRITE, 70);
}
END_TEST

/*
 * Wake-up order.  A SCHED_FIFO 90 holder; "first" (FIFO 10) then
 * "second" (FIFO 50) wait.  On a mutex (init_MUTEX) up() hands it to
 * second, the better; on a semaphore of count 2 (both units held) to
 * first, which came first.
 */
static void wake_order(int i, int count, int want_first)
{
	int h1, h2, first, second;

	conf_boot(i);
	conf_assert(sim_sem_init(0, count) == 0, "sim_sem_init: %s",
		    sim_error());
	h1 = spawn("h1", SIM_SCHED_FIFO, 90, 0, "0", NULL, NULL);
	h2 = spawn("h2", SIM_SCHED_FIFO, 90, 0, "0", NULL, NULL);
	first = spawn("first", SIM_SCHED_FIFO, 10, 0, "0", NULL, NULL);
	second = spawn("second", SIM_SCHED_FIFO, 50, 0, "0", NULL, NULL);
	post_settle(h1, SIM_CMD_SEM_DOWN, 0);
	if (count > 1)
		post_settle(h2, SIM_CMD_SEM_DOWN, 0);
	post_settle(first, SIM_CMD_SEM_DOWN, 0);
	post_settle(second, SIM_CMD_SEM_DOWN, 0);
	conf_assert(cmds_done(first) == 0 && cmds_done(second) == 0,
		    "a waiter did not block");
	post_settle(h1, SIM_CMD_SEM_UP, 0);
	conf_assert(cmds_done(first) == !!want_first &&
		    cmds_done(second) == !want_first,
		    "count %d: first %lu, second %lu done; wanted %s", count,
		    cmds_done(first), cmds_done(second),
		    want_first ? "first" : "second");
}

START_TEST(sem_mutex_wakes_best_waiter)
{
	wake_order(_i, 1, 0);
}
END_TEST

START_TEST(sem_counting_wakes_first_waiter)
{
	wake_order(_i, 2, 1);
}
END_TEST

static Suite *conformance_suite(void)
{
	Suite *s = suite_create("conformance");

	add(s, "rt", rt_strict_priority_on_each_cpu, 10);
	add(s, "fifo", fifo_not_preempted_by_equal_or_lower, 10);
	add(s, "rr", rr_rotates_at_its_interval, 10);
	add(s, "setscheduler", setscheduler_takes_effect_at_once, 10);
	add(s, "setparam", setparam_takes_effect_at_once, 10);
	add(s, "nice", nice_takes_effect_at_once, 10);
	add(s, "starvation", normal_never_starves, 30);
	add(s, "nice_share", lower_nice_gets_no_less_cpu, 30);
	add(s, "equal_share", equal_nice_shares_equally, 30);
	add(s, "affinity", affinity_respected, 10);
	add(s, "setaffinity", setaffinity_returns_zero_and_moves_the_task, 10);
	add(s, "cpu_up", refused_cpu_up_is_undone, 10);
	add(s, "sleep", sleeper_wakes_and_runs, 10);
	add(s, "signal", signal_wakes_only_an_interruptible_sleeper, 10);
	add(s, "fork", fork_exit_keep_counts, 10);
	add(s, "exit", exit_releases_the_task, 10);
	add(s, "inactive", wait_task_inactive_waits_while_the_task_runs, 10);
	add(s, "yield", yield_gives_way_to_equal_priority, 10);
	add(s, "invariants", invariants_hold_mixed_workload, 30);
	add(s, "pick_cost", pick_cost_independent_of_nr_running, 30);
	add(s, "steal", steal_time_is_idle_iowait_or_steal, 10);
	add(s, "task_curr", task_curr_only_of_the_running_task, 10);
	add(s, "sem_inherit", sem_owner_inherits_rt_waiter, 10);
	add(s, "rwsem_inherit", rwsem_writer_inherits_rt_waiter, 10);
	add(s, "sem_mutex_order", sem_mutex_wakes_best_waiter, 10);
	add(s, "sem_counting_order", sem_counting_wakes_first_waiter, 10);
	return s;
}

int main(void)
{
	return t_run_suite(conformance_suite());
}
