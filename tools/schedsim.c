/*
 * tools/schedsim.c - run a plugsched driver on the simulated machine.
 *
 * Boots a machine with the chosen driver, runs the bundled example
 * workload for a simulated duration and prints what each task and each
 * CPU got.  The workload: three CPU hogs at nice 0, 10 and 19, an
 * interactive task that runs 1 ms every 10 ms, and a SCHED_FIFO task
 * that runs 2 ms every 20 ms.
 *
 * Exit status: 0 on success, 1 if the machine reported a bug, 2 for bad
 * usage.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <plugsched/sim.h>

#define NSEC_PER_MSEC	1000000ULL
#define NSEC_PER_SEC	1000000000ULL

#define MAX_SETS	32

struct options {
	const char *cpusched;
	int cpus;
	int hz;
	unsigned long long seed;
	unsigned long long duration_ns;
	int list_tunables;
	int nr_sets;
	const char *sets[MAX_SETS];	/* DRIVER.TUNABLE=VALUE */
};

struct workload_task {
	const char *name;
	int policy;
	int rt_priority;
	int nice;
	sim_body_t body;
	void *arg;
};

/* ---- the bundled workload ---------------------------------------------- */

static void body_hog(void *unused)
{
	for (;;)
		sim_burn(1000 * NSEC_PER_SEC);
}

/* Runs @arg[0] ms, then sleeps the rest of a period of @arg[1] ms. */
static void body_periodic(void *arg)
{
	const unsigned int *ms = arg;

	for (;;) {
		sim_burn(ms[0] * NSEC_PER_MSEC);
		sim_sleep((ms[1] - ms[0]) * NSEC_PER_MSEC);
	}
}

static const unsigned int interactive_ms[2] = { 1, 10 };
static const unsigned int fifo_ms[2] = { 2, 20 };

static const struct workload_task workload[] = {
	{ "hog-nice0", SIM_SCHED_NORMAL, 0, 0, body_hog, NULL },
	{ "hog-nice10", SIM_SCHED_NORMAL, 0, 10, body_hog, NULL },
	{ "hog-nice19", SIM_SCHED_NORMAL, 0, 19, body_hog, NULL },
	{ "interactive", SIM_SCHED_NORMAL, 0, 0, body_periodic,
	  (void *)interactive_ms },
	{ "fifo-50", SIM_SCHED_FIFO, 50, 0, body_periodic, (void *)fifo_ms },
};

#define NR_WORKLOAD	(sizeof(workload) / sizeof(workload[0]))

/* ---- command line -------------------------------------------------------- */

static void usage(FILE *out)
{
	int i;

	fprintf(out,
		"usage: schedsim [options]\n"
		"Run the bundled workload on a simulated SMP machine.\n\n"
		"  --cpusched=NAME  cpu scheduler driver (default %s; built:",
		sim_default_driver());
	for (i = 0; i < sim_nr_drivers(); i++)
		fprintf(out, " %s", sim_driver_name(i));
	fprintf(out, ")\n"
		"  --cpus=N         number of CPUs, 1..%d (default 1)\n"
		"  --duration=SEC   simulated seconds, > 0 (default 10)\n"
		"  --seed=N         seed of the machine (default 1)\n"
		"  --hz=N           timer frequency, 10..10000 (default 1000)\n"
		"  --set=DRIVER.TUNABLE=VALUE\n"
		"                   write /sys/cpusched/DRIVER/TUNABLE before the\n"
		"                   run (DRIVER must be the one chosen)\n"
		"  --list-tunables  print the chosen driver's tunables and exit\n"
		"  --help           this text\n",
		sim_max_cpus());
}

static void __attribute__((noreturn, format(printf, 1, 2)))
die_usage(const char *fmt, ...)
{
	va_list args;

	fputs("schedsim: ", stderr);
	va_start(args, fmt);
	vfprintf(stderr, fmt, args);
	va_end(args);
	fputc('\n', stderr);
	exit(2);
}

static long parse_long(const char *opt, const char *s, long lo, long hi)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < lo || v > hi)
		die_usage("--%s: '%s' is not an integer in %ld..%ld", opt, s,
			  lo, hi);
	return v;
}

static unsigned long long parse_seed(const char *s)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno || end == s || *end || *s == '-')
		die_usage("--seed: '%s' is not a non-negative integer", s);
	return v;
}

static unsigned long long parse_duration(const char *s)
{
	char *end;
	double sec;

	errno = 0;
	sec = strtod(s, &end);
	if (errno || end == s || *end || !isfinite(sec) || sec <= 0 ||
	    sec > 1e6)
		die_usage("--duration: '%s' is not a number of seconds in "
			  "(0, 1000000]", s);
	return (unsigned long long)(sec * NSEC_PER_SEC + 0.5);
}

static int driver_built(const char *name)
{
	int i;

	for (i = 0; i < sim_nr_drivers(); i++)
		if (!strcmp(name, sim_driver_name(i)))
			return 1;
	return 0;
}

static void parse_options(int argc, char **argv, struct options *o)
{
	static const struct option longopts[] = {
		{ "cpusched", required_argument, NULL, 'c' },
		{ "cpus", required_argument, NULL, 'n' },
		{ "duration", required_argument, NULL, 'd' },
		{ "seed", required_argument, NULL, 's' },
		{ "hz", required_argument, NULL, 'z' },
		{ "set", required_argument, NULL, 't' },
		{ "list-tunables", no_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	memset(o, 0, sizeof(*o));
	o->cpusched = sim_default_driver();
	o->cpus = 1;
	o->hz = 1000;
	o->seed = 1;
	o->duration_ns = 10 * NSEC_PER_SEC;

	opterr = 0;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case 'c':
			o->cpusched = optarg;
			break;
		case 'n':
			o->cpus = parse_long("cpus", optarg, 1, sim_max_cpus());
			break;
		case 'd':
			o->duration_ns = parse_duration(optarg);
			break;
		case 's':
			o->seed = parse_seed(optarg);
			break;
		case 'z':
			o->hz = parse_long("hz", optarg, 10, 10000);
			break;
		case 't':
			if (o->nr_sets == MAX_SETS)
				die_usage("--set: at most %d of them",
					  MAX_SETS);
			o->sets[o->nr_sets++] = optarg;
			break;
		case 'l':
			o->list_tunables = 1;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		default:
			die_usage("unknown or incomplete option '%s' (try "
				  "--help)", argv[optind - 1]);
		}
	}
	if (optind < argc)
		die_usage("unexpected argument '%s' (try --help)",
			  argv[optind]);
	if (!driver_built(o->cpusched))
		die_usage("unknown cpu scheduler '%s' (try --help for the "
			  "built ones)", o->cpusched);
}

/* ---- running and reporting ----------------------------------------------- */

static const char *policy_name(int policy)
{
	switch (policy) {
	case SIM_SCHED_FIFO:
		return "FIFO";
	case SIM_SCHED_RR:
		return "RR";
	}
	return "NORMAL";
}

static double ms(unsigned long long ns)
{
	return ns / 1e6;
}

static void print_tasks(const int *pids)
{
	struct sim_task_info t;
	unsigned int i;

	printf("\n%5s %-12s %-6s %4s %4s %10s %10s %9s %8s\n", "PID", "TASK",
	       "POLICY", "PRIO", "NICE", "CPU(ms)", "WAIT(ms)", "SWITCHES",
	       "WAKEUPS");
	for (i = 0; i < NR_WORKLOAD; i++) {
		if (sim_task_info(pids[i], &t))
			continue;
		printf("%5d %-12s %-6s %4d %4d %10.3f %10.3f %9lu %8lu\n",
		       t.pid, t.name, policy_name(workload[i].policy),
		       workload[i].rt_priority, workload[i].nice,
		       ms(t.runtime_ns), ms(t.wait_ns), t.switches,
		       t.wakeups);
	}
}

static void print_cpus(unsigned long long duration)
{
	struct sim_cpu_info c;
	int cpu;

	printf("\n%4s %10s %10s %6s %9s\n", "CPU", "BUSY(ms)", "IDLE(ms)",
	       "BUSY%", "SWITCHES");
	for (cpu = 0; cpu < sim_nr_cpus(); cpu++) {
		if (sim_cpu_info(cpu, &c))
			continue;
		printf("%4d %10.3f %10.3f %5.1f%% %9lu\n", cpu, ms(c.busy_ns),
		       ms(c.idle_ns), 100.0 * c.busy_ns / duration,
		       c.switches);
	}
}

/* ---- tunables ------------------------------------------------------------ */

static void list_tunables(void)
{
	int i, min, max, def;
	char path[256], value[64];

	printf("tunables of %s (/sys/cpusched/%s/):\n", sim_cpusched(),
	       sim_cpusched());
	for (i = 0; i < sim_nr_tunables(); i++) {
		sim_tunable_limits(i, &min, &max, &def);
		snprintf(path, sizeof(path), "/sys/cpusched/%s/%s",
			 sim_cpusched(), sim_tunable_name(i));
		if (sim_sysfs_read(path, value, sizeof(value)) < 0)
			snprintf(value, sizeof(value), "?\n");
		value[strcspn(value, "\n")] = '\0';
		printf("  %-20s %6s  [%d..%d, default %d]  %s\n",
		       sim_tunable_name(i), value, min, max, def,
		       sim_tunable_desc(i));
	}
	if (!sim_nr_tunables())
		printf("  (none)\n");
}

/*
 * apply_set - "DRIVER.TUNABLE=VALUE": write the value to the booted
 * driver's sysfs file.  Returns 0, or 2 after a one-line error.
 */
static int apply_set(const char *set)
{
	const char *dot = strchr(set, '.'), *eq = strchr(set, '=');
	char path[256];

	if (!dot || !eq || eq < dot || dot == set || eq == dot + 1) {
		fprintf(stderr, "schedsim: --set: '%s' is not "
			"DRIVER.TUNABLE=VALUE\n", set);
		return 2;
	}
	if ((size_t)(dot - set) != strlen(sim_cpusched()) ||
	    strncmp(set, sim_cpusched(), dot - set)) {
		fprintf(stderr, "schedsim: --set: '%.*s' is not the driver "
			"running (%s)\n", (int)(dot - set), set,
			sim_cpusched());
		return 2;
	}
	snprintf(path, sizeof(path), "/sys/cpusched/%.*s", (int)(eq - set),
		 set);
	path[strlen("/sys/cpusched/") + (dot - set)] = '/';
	if (sim_sysfs_write(path, eq + 1)) {
		fprintf(stderr, "schedsim: --set: %s\n", sim_error());
		return 2;
	}
	return 0;
}

static int spawn_workload(int *pids)
{
	struct sim_task_attr a;
	unsigned int i;

	for (i = 0; i < NR_WORKLOAD; i++) {
		sim_task_attr_init(&a);
		a.name = workload[i].name;
		a.policy = workload[i].policy;
		a.rt_priority = workload[i].rt_priority;
		a.nice = workload[i].nice;
		pids[i] = sim_spawn(&a, workload[i].body, workload[i].arg);
		if (pids[i] < 0) {
			fprintf(stderr, "schedsim: cannot spawn %s: %s\n",
				a.name, sim_error());
			return -1;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct options o;
	struct sim_config cfg;
	char cmdline[128];
	int pids[NR_WORKLOAD];
	int i;

	parse_options(argc, argv, &o);

	sim_config_init(&cfg);
	cfg.nr_cpus = o.cpus;
	cfg.hz = o.hz;
	cfg.seed = o.seed;
	snprintf(cmdline, sizeof(cmdline), "cpusched=%s", o.cpusched);
	cfg.cmdline = cmdline;
	if (sim_boot(&cfg)) {
		fprintf(stderr, "schedsim: boot failed: %s\n", sim_error());
		return 1;
	}
	if (o.list_tunables) {
		list_tunables();
		sim_shutdown();
		return 0;
	}
	for (i = 0; i < o.nr_sets; i++) {
		if (apply_set(o.sets[i])) {
			sim_shutdown();
			return 2;
		}
	}
	if (spawn_workload(pids) || sim_run_for(o.duration_ns)) {
		if (sim_failed())
			fprintf(stderr, "schedsim: %s\n", sim_report());
		sim_shutdown();
		return 1;
	}

	printf("schedsim: %s on %d cpu%s, HZ=%d, seed %llu, %.3f s "
	       "simulated\n", sim_cpusched(), o.cpus, o.cpus == 1 ? "" : "s",
	       o.hz, o.seed, o.duration_ns / 1e9);
	print_tasks(pids);
	print_cpus(o.duration_ns);
	sim_shutdown();
	return 0;
}
