/*
 * tests/unit/race_control.c - the race detector's control, run by
 * tests/unit/tsan.sh in a configure --enable-tsan build.
 *
 * usage: race_control unlocked|locked|samecpu INTERLEAVE
 *
 * Boots a machine of two CPUs with the interleaving strategy
 * INTERLEAVE ("serial", "pct:1", ...) and runs two tasks, each adding to
 * one counter a few times (tests/unit/kfix_race.c, built with
 * ThreadSanitizer).  "unlocked": one task on each CPU, no lock, a race
 * the detector must report with both lines, however the CPUs were
 * scheduled; "locked": the same under the counter's spinlock, and
 * "samecpu": both tasks on CPU 0, no lock - no race in either.  Prints
 * the two lines as "kfix_race.c:A kfix_race.c:B" and the counter, and
 * exits 0; ThreadSanitizer's own exit status tells whether it reported.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <plugsched/sim.h>

#include "kfixtures.h"

#define ROUNDS	5
#define NSEC_PER_MSEC	1000000ULL

static int locked;

struct updater {
	void (*update)(int locked);
};

static const struct updater update_a = { kfix_race_a };
static const struct updater update_b = { kfix_race_b };

static void body(void *arg)
{
	const struct updater *u = arg;
	int i;

	for (i = 0; i < ROUNDS; i++) {
		u->update(locked);
		sim_burn(NSEC_PER_MSEC);
	}
}

static int spawn(const char *name, const char *cpus,
		 const struct updater *u)
{
	struct sim_task_attr a;
	int pid;

	sim_task_attr_init(&a);
	a.name = name;
	a.cpus = cpus;
	pid = sim_spawn(&a, body, (void *)u);
	if (pid <= 0)
		fprintf(stderr, "race_control: spawn of %s: %s\n", name,
			sim_error());
	return pid;
}

int main(int argc, char **argv)
{
	const char *cpu_b = "1";
	struct sim_config cfg;

	if (argc != 3 || (strcmp(argv[1], "unlocked") &&
			  strcmp(argv[1], "locked") &&
			  strcmp(argv[1], "samecpu"))) {
		fprintf(stderr, "usage: race_control unlocked|locked|samecpu "
			"INTERLEAVE\n");
		return 2;
	}
	locked = !strcmp(argv[1], "locked");
	if (!strcmp(argv[1], "samecpu"))
		cpu_b = "0";

	sim_config_init(&cfg);
	cfg.nr_cpus = 2;
	cfg.interleave = argv[2];
	if (sim_boot(&cfg)) {
		fprintf(stderr, "race_control: boot: %s\n", sim_error());
		return 1;
	}
	if (spawn("race-a", "0", &update_a) <= 0 ||
	    spawn("race-b", cpu_b, &update_b) <= 0)
		return 1;
	if (sim_run_for(ROUNDS * 4 * NSEC_PER_MSEC)) {
		fprintf(stderr, "race_control: run: %s\n", sim_report());
		return 1;
	}
	printf("kfix_race.c:%d kfix_race.c:%d\ncount %lu\n", kfix_line_race_a,
	       kfix_line_race_b, kfix_race_count());
	sim_shutdown();
	return 0;
}
