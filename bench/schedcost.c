/*
 * bench/schedcost.c - instructions per schedule(), for the O(1) check.
 *
 * Boots a 1-CPU machine with the invariant checks off and spawns @tasks
 * SCHED_NORMAL tasks that do nothing but sched_yield().  Under valgrind's
 * callgrind it counts only the instructions from a task entering
 * sched_yield() to the next task returning from its own: the system
 * call, the driver's yield, schedule(), the switch of stacks and the way
 * back out.  Everything else (boot, spawn, the start) runs with
 * collection off, so nothing that is O(tasks) by design is counted.
 *
 * Collection is switched with callgrind's client request, one global
 * switch, not tied to a call stack: it does not matter that the
 * instructions before the switch of stacks belong to one task and those
 * after it to another.  bench/schedcost.sh divides callgrind's total by
 * the number of calls measured that this program prints.
 *
 * A measured interval is clean only if the task switched to was waiting
 * in sched_yield(); one resumed anywhere else would run on with
 * collection on.  So the yielders burn no CPU time: virtual time stands
 * still while they yield, and no tick, timer or wake-up can come in
 * between.  Run outside valgrind, the program checks through the trace
 * sink that each interval held exactly one switch, to a yielder.
 *
 * usage: bench-schedcost DRIVER TASKS [CALLS]   (CALLS default 50000)
 *        bench-schedcost --list
 * Exit status 0, 1 if the machine failed or a check did not hold, 2 for
 * bad arguments.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <plugsched/sim.h>

#include "bench.h"

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define HAVE_CALLGRIND	1
#endif
#endif

#ifndef HAVE_CALLGRIND
#define CALLGRIND_TOGGLE_COLLECT	do { } while (0)
#define RUNNING_ON_VALGRIND		0
#endif

#define YIELDER		"yielder"
#define START_WQ	0		/* where the yielders wait */
#define STEP_NS		1000000ULL	/* virtual time per sim_run_for() */
#define LIMIT_NS	(3600ULL * 1000000000ULL)	/* give up after */
#define MAX_TASKS	100000
#define DEFAULT_CALLS	50000

/*
 * Volatile: the tasks change it behind each other's calls, which the
 * compiler cannot see (a switch of stacks inside sched_yield()).
 */
static volatile struct {
	long nr_tasks;
	long calls;		/* intervals to measure */
	long started;		/* intervals begun */
	long measured;		/* intervals ended where they should */
	long waiting;		/* tasks waiting for the start */
	long warm;		/* tasks past their first yield */
	long switches;		/* context switches while collecting */
	long foreign;		/* of them, to a task that is no yielder */
	int collecting;
} bench;

static void collect_on(void)
{
	bench.collecting = 1;
	CALLGRIND_TOGGLE_COLLECT;
}

static void collect_off(void)
{
	CALLGRIND_TOGGLE_COLLECT;
	bench.collecting = 0;
}

static void yield(void)
{
	sim_syscall(SIM_SYS_sched_yield, 0, 0, 0);
}

/*
 * measured_yield - sched_yield(), with collection on from here until
 * whichever task returns from its sched_yield() next (perhaps this one
 * much later, after a round of the others).
 */
static void measured_yield(void)
{
	if (bench.warm == bench.nr_tasks && bench.started < bench.calls) {
		bench.started++;
		collect_on();
	}
	yield();
	if (bench.collecting) {
		collect_off();
		bench.measured++;
	}
}

/*
 * yielder - wait until all are spawned, then one round of plain yields
 * until every task is waiting in sched_yield(), then the measured ones.
 * No burn: virtual time stands still, so no tick, timer or wake-up can
 * come between a yield and the next task's return from its own; once
 * all is measured, sleep.
 */
static void yielder(void *unused)
{
	bench.waiting++;
	sim_wq_wait(START_WQ, 0);
	yield();
	bench.warm++;
	while (bench.started < bench.calls)
		measured_yield();
	for (;;)
		sim_sleep(LIMIT_NS);
}

/*
 * starter - wake every yielder at once, when all wait: a yielder alone
 * on the CPU would yield to itself for ever without time passing.
 */
static void starter(void *unused)
{
	while (bench.waiting < bench.nr_tasks)
		sim_sleep(STEP_NS);
	sim_wq_wake(START_WQ, 0);
}

/*
 * watch_switch - the trace sink of a run outside valgrind: every measured
 * interval must hold exactly one context switch, to a yielder.  The run
 * under callgrind has no sink (it would add its own instructions); the
 * machine is deterministic, so the check of one run holds for the other.
 */
static void watch_switch(const struct sim_trace_event *ev, void *unused)
{
	if (ev->type != SIM_TRACE_SWITCH || !bench.collecting)
		return;
	bench.switches++;
	if (strcmp(ev->next_comm, YIELDER))
		bench.foreign++;
}



static void list_drivers(void)
{
	int i;

	for (i = 0; i < sim_nr_drivers(); i++)
		printf("%s\n", sim_driver_name(i));
}

static int usage_error(const char *what)
{
	fprintf(stderr, "bench-schedcost: %s (usage: bench-schedcost DRIVER "
		"TASKS [CALLS] | --list)\n", what);
	return 2;
}

static int boot(const char *driver)
{
	char cmdline[64];
	struct sim_config cfg;

	sim_config_init(&cfg);
	cfg.nr_cpus = 1;
	cfg.checks = 0;
	snprintf(cmdline, sizeof(cmdline), "cpusched=%s", driver);
	cfg.cmdline = cmdline;
	if (sim_boot(&cfg)) {
		fprintf(stderr, "bench-schedcost: boot: %s\n", sim_error());
		return -1;
	}
	return 0;
}

static int spawn_tasks(void)
{
	struct sim_task_attr a;
	long i;

	sim_task_attr_init(&a);
	a.name = YIELDER;
	for (i = 0; i < bench.nr_tasks; i++) {
		if (sim_spawn(&a, yielder, NULL) < 0) {
			fprintf(stderr, "bench-schedcost: spawn: %s\n",
				sim_error());
			return -1;
		}
	}
	a.name = "starter";
	if (sim_spawn(&a, starter, NULL) < 0) {
		fprintf(stderr, "bench-schedcost: spawn: %s\n", sim_error());
		return -1;
	}
	return 0;
}

/* Run until every interval is measured; 0, or -1 if the machine failed. */
static int run(void)
{
	while (bench.measured < bench.calls) {
		if (sim_run_for(STEP_NS)) {
			fprintf(stderr, "bench-schedcost: %s\n", sim_report());
			return -1;
		}
		if (sim_now() > LIMIT_NS) {
			fprintf(stderr, "bench-schedcost: only %ld of %ld "
				"calls measured in an hour\n",
				bench.measured, bench.calls);
			return -1;
		}
	}
	return 0;
}

/* Report; 0 if the intervals were as they should be (or unchecked). */
static int report(void)
{
	int checked = !RUNNING_ON_VALGRIND;

	printf("driver %s tasks %ld: measured %ld sched_yield() -> schedule() "
	       "calls, digest %016llx\n", sim_cpusched(), bench.nr_tasks,
	       bench.measured, sim_trace_digest());
	if (!checked) {
		printf("under valgrind: the count is callgrind's total\n");
		return 0;
	}
	printf("context switches in them %ld, to another task than a "
	       "yielder %ld: %s\n", bench.switches, bench.foreign,
	       bench.switches == bench.measured && !bench.foreign ?
	       "clean" : "NOT CLEAN");
	return bench.switches == bench.measured && !bench.foreign ? 0 : 1;
}

int main(int argc, char **argv)
{
	long tasks, calls = DEFAULT_CALLS;
	const char *driver;
	int ret = 1;

	if (argc == 2 && !strcmp(argv[1], "--list")) {
		list_drivers();
		return 0;
	}
	if (argc < 3 || argc > 4)
		return usage_error("wrong number of arguments");
	driver = argv[1];
	if (sim_driver_index(driver) < 0)
		return usage_error("no such driver");
	if (bench_parse_long(argv[2], 2, MAX_TASKS, &tasks))
		return usage_error("TASKS must be 2..100000");
	if (argc > 3 && bench_parse_long(argv[3], 1, LONG_MAX / 2, &calls))
		return usage_error("CALLS must be a positive number");
	bench.nr_tasks = tasks;
	bench.calls = calls;

	if (boot(driver))
		return 1;
	if (!RUNNING_ON_VALGRIND)
		sim_trace_set_sink(watch_switch, NULL);
	if (spawn_tasks() || run())
		goto out;
	ret = report();
out:
	sim_shutdown();
	return ret;
}
