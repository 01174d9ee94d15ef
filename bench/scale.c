/*
 * bench/scale.c - a big machine: 10,000 tasks on 64 CPUs.
 *
 * Boots 64 CPUs (2 threads per core, 4 NUMA nodes) with the invariant
 * checks off (on with --checks), spawns 10,000 tasks (2,000 CPU hogs at
 * nices -5..14 and 8,000 tasks that run 1 ms and sleep 199..998 ms),
 * runs them for some simulated seconds and prints host time, events,
 * the CPUs' use and the peak resident memory of the process.  The
 * target (docs/performance.md): under 1 GiB; task stacks are
 * mmap(MAP_NORESERVE), so only the pages a task touches count.
 *
 * Each driver runs in a child process of its own, so that the peak memory
 * of one is not that of another.
 *
 * usage: bench-scale [--checks] [SECONDS [DRIVER...]]
 * (default 10 s, every driver, checks off)
 * Exit status 0 when every machine ran clean within the memory limit, 1
 * otherwise, 2 for bad arguments.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <plugsched/sim.h>

#include "bench.h"

#define NR_CPUS_WANTED	64
#define SMT		2
#define NR_NODES	4
#define NR_HOGS		2000
#define NR_SLEEPERS	8000
#define NR_TASKS	(NR_HOGS + NR_SLEEPERS)
#define RSS_LIMIT_KIB	(1024L * 1024)
#define MS		1000000ULL
#define MAX_SECONDS	3600

static int checks;		/* --checks: the invariants after each event */

struct result {
	double spawn_s, run_s;		/* host CPU time */
	unsigned long long switches, events, busy_ns;
	unsigned long migrations;
	int hogs_ran, sleepers_ran;
	long maxrss_kib;
};




static int boot(const char *driver)
{
	char cmdline[64];
	struct sim_config cfg;

	sim_config_init(&cfg);
	cfg.nr_cpus = NR_CPUS_WANTED;
	cfg.smt = SMT;
	cfg.nr_nodes = NR_NODES;
	cfg.checks = checks;
	snprintf(cmdline, sizeof(cmdline), "cpusched=%s", driver);
	cfg.cmdline = cmdline;
	if (sim_boot(&cfg)) {
		fprintf(stderr, "bench-scale: %s: boot: %s\n", driver,
			sim_error());
		return -1;
	}
	return 0;
}

/* One hog in every five tasks, spawned in turn with four sleepers. */
static int spawn_tasks(void)
{
	struct sim_task_attr a;
	int i;

	sim_task_attr_init(&a);
	for (i = 0; i < NR_TASKS; i++) {
		int is_hog = i % (NR_TASKS / NR_HOGS) == 0;
		void *arg = (void *)(uintptr_t)(200 + i % 800);

		a.name = is_hog ? "hog" : "sleeper";
		a.nice = is_hog ? i / 5 % 20 - 5 : 0;
		if (sim_spawn(&a, is_hog ? bench_hog : bench_sleeper, arg) < 0) {
			fprintf(stderr, "bench-scale: spawn %d: %s\n", i,
				sim_error());
			return -1;
		}
	}
	return 0;
}

/* Which of the tasks got a CPU at all, and the CPUs' totals. */
static void collect(struct result *r)
{
	static int pids[NR_TASKS + 64];
	struct sim_task_info ti;
	struct sim_cpu_info c;
	int i, nr;

	nr = sim_task_pids(pids, NR_TASKS + 64);
	for (i = 0; i < nr; i++) {
		if (sim_task_info(pids[i], &ti) || !ti.runtime_ns)
			continue;
		if (!strcmp(ti.name, "hog"))
			r->hogs_ran++;
		else if (!strcmp(ti.name, "sleeper"))
			r->sleepers_ran++;
		r->migrations += ti.migrations;
	}
	for (i = 0; i < sim_nr_cpus(); i++) {
		sim_cpu_info(i, &c);
		r->switches += c.switches;
		r->busy_ns += c.busy_ns;
	}
	r->events = sim_nr_events();
}

static long peak_rss_kib(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_maxrss;	/* KiB on Linux */
}

static void print_result(const char *driver, double secs,
			 const struct result *r, int clean)
{
	double cpu_s = (double)NR_CPUS_WANTED * secs;

	printf("driver %s: %d CPUs (smt %d, %d nodes), %d tasks (%d hogs, "
	       "%d sleepers), checks %s\n", driver, NR_CPUS_WANTED, SMT,
	       NR_NODES, NR_TASKS, NR_HOGS, NR_SLEEPERS, checks ? "on" : "off");
	printf("  boot+spawn %.2f s host CPU; %.0f s simulated in %.2f s "
	       "host CPU (%.2fx real time)\n", r->spawn_s, secs, r->run_s,
	       r->run_s > 0 ? secs / r->run_s : 0);
	printf("  events %llu (%.2f M/s host), context switches %llu, "
	       "migrations %lu\n", r->events,
	       r->run_s > 0 ? r->events / r->run_s / 1e6 : 0, r->switches,
	       r->migrations);
	printf("  CPUs busy %.1f%%, hogs that ran %d/%d, sleepers that ran "
	       "%d/%d\n", r->busy_ns / 1e9 / cpu_s * 100, r->hogs_ran,
	       NR_HOGS, r->sleepers_ran, NR_SLEEPERS);
	printf("  peak RSS %.1f MiB (limit %ld MiB): %s; machine %s\n",
	       r->maxrss_kib / 1024.0, RSS_LIMIT_KIB / 1024,
	       r->maxrss_kib < RSS_LIMIT_KIB ? "ok" : "OVER",
	       clean ? "clean" : "FAILED");
}

/* One driver's run, in the child: the exit status of the child. */
static int bench_driver(const char *driver, double secs)
{
	struct result r = { 0 };
	int clean, ret = 1;
	double t0;

	t0 = bench_cpu_seconds();
	if (boot(driver))
		return 1;
	if (spawn_tasks())
		goto out;
	r.spawn_s = bench_cpu_seconds() - t0;
	t0 = bench_cpu_seconds();
	sim_run_for((unsigned long long)(secs * 1e9));
	r.run_s = bench_cpu_seconds() - t0;
	clean = !sim_failed();
	if (!clean)
		fprintf(stderr, "bench-scale: %s: %s\n", driver, sim_report());
	collect(&r);
	r.maxrss_kib = peak_rss_kib();
	print_result(driver, secs, &r, clean);
	ret = clean && r.maxrss_kib < RSS_LIMIT_KIB ? 0 : 1;
out:
	sim_shutdown();
	return ret;
}

static int run_in_child(const char *driver, double secs)
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		perror("bench-scale: fork");
		return 1;
	}
	if (!pid) {
		status = bench_driver(driver, secs);
		fflush(stdout);
		_exit(status);
	}
	if (waitpid(pid, &status, 0) < 0) {
		perror("bench-scale: waitpid");
		return 1;
	}
	if (!WIFEXITED(status)) {
		fprintf(stderr, "bench-scale: %s: killed by signal %d\n",
			driver, WTERMSIG(status));
		return 1;
	}
	return WEXITSTATUS(status);
}



int main(int argc, char **argv)
{
	double secs = 10;
	int i, failed = 0;

	if (argc > 1 && !strcmp(argv[1], "--checks")) {
		checks = 1;
		argv++;
		argc--;
	}
	if (argc > 1 &&
	    bench_parse_double(argv[1], 1e-9, MAX_SECONDS, &secs)) {
		fprintf(stderr, "bench-scale: SECONDS must be a number in "
			"(0, %d] (usage: bench-scale [--checks] [SECONDS "
			"[DRIVER...]])\n",
			MAX_SECONDS);
		return 2;
	}
	for (i = 2; i < argc; i++) {
		if (sim_driver_index(argv[i]) < 0) {
			fprintf(stderr, "bench-scale: no driver '%s' in this "
				"build\n", argv[i]);
			return 2;
		}
	}
	if (argc > 2) {
		for (i = 2; i < argc; i++)
			failed |= run_in_child(argv[i], secs);
	} else {
		for (i = 0; i < sim_nr_drivers(); i++)
			failed |= run_in_child(sim_driver_name(i), secs);
	}
	return failed ? 1 : 0;
}
