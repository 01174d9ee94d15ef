/*
 * bench/interleave.c - how fast the machine explores interleavings.
 *
 * A 2-CPU machine with 4 tasks: two that burn and sleep whole ticks and
 * two, one pinned to each CPU, that change the others' affinity and
 * parameters every tick (the race suite's "affinity" scenario, small).
 * Each schedule boots the machine, runs 50 ms of virtual time under one
 * strategy and shuts it down, as tests/unit/check_races does (without
 * its child process).  Prints schedules and decisions per host CPU
 * second, and decisions per schedule, for serial, PCT and random.
 *
 * usage: bench-interleave [schedules [driver]]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <plugsched/sim.h>

#include "bench.h"

#define TICK		1000000ULL
#define RUN_NS		(50 * TICK)

static int workers[2];
static unsigned long umem;

static void worker(void *unused)
{
	for (;;) {
		sim_burn(TICK * (1 + sim_random() % 3));
		sim_sleep(TICK * (sim_random() % 2));
	}
}

static void changer(void *unused)
{
	for (;;) {
		int pid = workers[sim_random() % 2];
		unsigned long mask = 1 + sim_random() % 3;

		sim_burn(TICK);
		if (sim_random() % 2) {
			sim_user_write(pid, umem + 32, &mask, sizeof(mask));
			sim_syscall(SIM_SYS_sched_setaffinity, pid,
				    sizeof(mask), umem + 32);
		} else {
			sim_syscall(SIM_SYS_sched_setparam, pid, umem, 0);
		}
	}
}

static int spawn(const char *name, const char *cpus, sim_body_t body)
{
	struct sim_task_attr a;

	sim_task_attr_init(&a);
	a.name = name;
	a.cpus = cpus;
	return sim_spawn(&a, body, NULL);
}

/* One schedule: its decisions, or -1 if the machine failed. */
static long one_schedule(const char *driver, const char *spec)
{
	struct sim_config cfg;
	char cmdline[64];
	long n;

	sim_config_init(&cfg);
	cfg.nr_cpus = 2;
	snprintf(cmdline, sizeof(cmdline), "cpusched=%s", driver);
	cfg.cmdline = cmdline;
	cfg.interleave = spec;
	if (sim_boot(&cfg)) {
		fprintf(stderr, "bench-interleave: %s\n", sim_error());
		exit(2);
	}
	workers[0] = spawn("w0", NULL, worker);
	workers[1] = spawn("w1", NULL, worker);
	umem = sim_user_map(workers[0], 64);
	spawn("c0", "0", changer);
	spawn("c1", "1", changer);
	n = sim_run_for(RUN_NS) ? -1 : (long)sim_nr_decisions();
	sim_shutdown();
	return n;
}

static void measure(const char *driver, const char *what, long schedules)
{
	unsigned long long decisions = 0;
	char spec[64];
	double t0, t;
	long i, n;

	t0 = bench_cpu_seconds();
	for (i = 1; i <= schedules; i++) {
		if (!strcmp(what, "serial"))
			snprintf(spec, sizeof(spec), "serial");
		else
			snprintf(spec, sizeof(spec), "%s:%ld", what, i);
		n = one_schedule(driver, spec);
		if (n < 0) {
			fprintf(stderr, "bench-interleave: %s on %s: %s\n",
				spec, driver, sim_report());
			exit(1);
		}
		decisions += n;
	}
	t = bench_cpu_seconds() - t0;
	printf("%-9s %-7s %6ld schedules in %6.2f s: %8.0f schedules/s, "
	       "%10.0f decisions/s, %6.0f decisions per schedule\n", driver,
	       what, schedules, t, schedules / t, decisions / t,
	       (double)decisions / schedules);
}

int main(int argc, char **argv)
{
	const char *driver = argc > 2 ? argv[2] : "tiny";
	long schedules = 2000;

	if (argc > 1 && bench_parse_long(argv[1], 1, 10000000, &schedules)) {
		fprintf(stderr, "usage: bench-interleave [schedules "
			"[driver]]\n");
		return 2;
	}
	if (sim_driver_index(driver) < 0) {
		fprintf(stderr, "bench-interleave: no driver %s\n", driver);
		return 2;
	}
	printf("2 CPUs, 4 tasks, %llu ms per schedule (boot to shutdown)\n",
	       RUN_NS / TICK);
	measure(driver, "serial", schedules);
	measure(driver, "pct", schedules);
	measure(driver, "random", schedules);
	return 0;
}
