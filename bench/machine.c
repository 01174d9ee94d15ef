/*
 * bench/machine.c - how fast the simulated machine runs.
 *
 * Boots a 4-CPU machine with 50 tasks (20 CPU hogs at nices -5..14, 30
 * tasks that run 1 ms and sleep 4..33 ms) at HZ=1000, runs it for a
 * simulated duration and prints host CPU time, the speed factor
 * (simulated seconds per host CPU second), events and context switches
 * per host second, and the digest.  The target (docs/performance.md):
 * one simulated hour in under 10 s of host CPU, a speed factor of 360.
 *
 * usage: bench-machine [simulated-seconds [checks(0|1) [cpus [driver]]]]
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <plugsched/sim.h>

#include "bench.h"

#define NR_HOGS		20
#define NR_SLEEPERS	30
#define TARGET_FACTOR	360	/* an hour in 10 s */
#define MAX_SECONDS	(100 * 3600)




static int bad_usage(const char *what)
{
	fprintf(stderr, "bench-machine: %s (usage: bench-machine "
		"[simulated-seconds [checks(0|1) [cpus [driver]]]])\n", what);
	return 2;
}




static void print_result(double sim_s, double t, int cpus, int checks,
			 unsigned long switches)
{
	double factor = t > 0 ? sim_s / t : 0;

	printf("driver %s: %d CPUs, %d tasks, HZ %d, checks %s\n",
	       sim_cpusched(), cpus, NR_HOGS + NR_SLEEPERS, sim_hz(),
	       checks ? "on" : "off");
	printf("  %.0f s simulated in %.3f s host CPU: speed factor %.0fx "
	       "(target with checks off %dx), %.2f s per simulated hour\n",
	       sim_s, t, factor, TARGET_FACTOR, t * 3600 / sim_s);
	printf("  events %llu (%.2f M/s host), context switches %lu "
	       "(%.2f M/s host)\n", sim_nr_events(),
	       t > 0 ? sim_nr_events() / t / 1e6 : 0, switches,
	       t > 0 ? switches / t / 1e6 : 0);
	printf("  digest %016llx\n", sim_trace_digest());
}

int main(int argc, char **argv)
{
	double sim_s = 60;
	long checks = 0, cpus = 4;
	const char *driver = argc > 4 ? argv[4] : NULL;
	char cmdline[64];
	struct sim_config cfg;
	struct sim_task_attr a;
	unsigned long switches = 0;
	double t0, t;
	int i;

	if (argc > 5)
		return bad_usage("too many arguments");
	if (argc > 1 &&
	    bench_parse_double(argv[1], 0.001, MAX_SECONDS, &sim_s))
		return bad_usage("simulated-seconds must be in (0, 360000]");
	if (argc > 2 && bench_parse_long(argv[2], 0, 1, &checks))
		return bad_usage("checks must be 0 or 1");
	if (argc > 3 && bench_parse_long(argv[3], 1, sim_max_cpus(), &cpus))
		return bad_usage("cpus must be 1..NR_CPUS of this build");
	if (driver && sim_driver_index(driver) < 0)
		return bad_usage("no such driver in this build");

	sim_config_init(&cfg);
	cfg.nr_cpus = cpus;
	cfg.checks = checks;
	if (driver) {
		snprintf(cmdline, sizeof(cmdline), "cpusched=%s", driver);
		cfg.cmdline = cmdline;
	}
	if (sim_boot(&cfg)) {
		fprintf(stderr, "bench-machine: %s\n", sim_error());
		return 1;
	}
	sim_task_attr_init(&a);
	for (i = 0; i < NR_HOGS; i++) {
		a.name = "hog";
		a.nice = i % 20 - 5;
		sim_spawn(&a, bench_hog, NULL);
	}
	for (i = 0; i < NR_SLEEPERS; i++) {
		a.name = "sleeper";
		a.nice = 0;
		sim_spawn(&a, bench_sleeper, (void *)(uintptr_t)(5 + i));
	}
	t0 = bench_cpu_seconds();
	if (sim_run_for((unsigned long long)(sim_s * 1e9))) {
		fprintf(stderr, "bench-machine: %s\n", sim_report());
		return 1;
	}
	t = bench_cpu_seconds() - t0;
	for (i = 0; i < cpus; i++) {
		struct sim_cpu_info c;

		sim_cpu_info(i, &c);
		switches += c.switches;
	}
	print_result(sim_s, t, cpus, checks, switches);
	sim_shutdown();
	return 0;
}
