/*
 * bench/machine.c - how fast the simulated machine runs.
 *
 * Boots a 4-CPU machine with 50 tasks (20 CPU hogs at nices -5..14, 30
 * tasks that run 1 ms and sleep 4..33 ms), runs it for a simulated
 * duration and prints host CPU time, events and context switches per
 * host second, and the digest.  The target (docs/performance.md): one
 * simulated hour in under 10 s of host CPU.
 *
 * usage: bench-machine [simulated-seconds [checks(0|1) [cpus [driver]]]]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <plugsched/sim.h>

#define NR_HOGS		20
#define NR_SLEEPERS	30

static void hog(void *unused)
{
	for (;;)
		sim_burn(1000000000000ULL);
}

static void sleeper(void *period)
{
	unsigned long long ms = (uintptr_t)period;

	for (;;) {
		sim_burn(1000000ULL);
		sim_sleep((ms - 1) * 1000000ULL);
	}
}

static double cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	double sim_s = argc > 1 ? atof(argv[1]) : 60;
	int checks = argc > 2 ? atoi(argv[2]) : 0;
	int cpus = argc > 3 ? atoi(argv[3]) : 4;
	const char *driver = argc > 4 ? argv[4] : NULL;
	char cmdline[64];
	struct sim_config cfg;
	struct sim_task_attr a;
	unsigned long switches = 0;
	double t0, t;
	int i;

	sim_config_init(&cfg);
	cfg.nr_cpus = cpus;
	cfg.checks = checks;
	if (driver) {
		snprintf(cmdline, sizeof(cmdline), "cpusched=%s", driver);
		cfg.cmdline = cmdline;
	}
	if (sim_boot(&cfg)) {
		fprintf(stderr, "bench: %s\n", sim_error());
		return 1;
	}
	sim_task_attr_init(&a);
	for (i = 0; i < NR_HOGS; i++) {
		a.name = "hog";
		a.nice = i % 20 - 5;
		sim_spawn(&a, hog, NULL);
	}
	for (i = 0; i < NR_SLEEPERS; i++) {
		a.name = "sleeper";
		a.nice = 0;
		sim_spawn(&a, sleeper, (void *)(uintptr_t)(5 + i));
	}
	t0 = cpu_seconds();
	if (sim_run_for((unsigned long long)(sim_s * 1e9))) {
		fprintf(stderr, "bench: %s\n", sim_report());
		return 1;
	}
	t = cpu_seconds() - t0;
	for (i = 0; i < cpus; i++) {
		struct sim_cpu_info c;

		sim_cpu_info(i, &c);
		switches += c.switches;
	}
	printf("driver %s cpus %d tasks %d checks %d: %.0f s simulated in "
	       "%.3f s host CPU (%.1f s per simulated hour)\n",
	       sim_cpusched(), cpus, NR_HOGS + NR_SLEEPERS, checks, sim_s, t,
	       t * 3600 / sim_s);
	printf("events %llu (%.2f M/s), switches %lu (%.2f M/s), digest %016llx\n",
	       sim_nr_events(), sim_nr_events() / t / 1e6, switches,
	       switches / t / 1e6, sim_trace_digest());
	sim_shutdown();
	return 0;
}
