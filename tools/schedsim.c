/*
 * tools/schedsim.c - run a plugsched driver on the simulated machine.
 *
 * Boots a machine with the chosen driver, runs the bundled example
 * workload for a simulated duration and prints what each task and each
 * CPU got.  The workload: three CPU hogs at nice 0, 10 and 19, an
 * interactive task that runs 1 ms every 10 ms, and a SCHED_FIFO task
 * that runs 2 ms every 20 ms.
 *
 * With --script FILE it runs an rt-mutex tester script instead (the
 * format of Linux's scripts/rt-tester, see run_script() below) and prints
 * "Pass", or "Test failed in line N" / "Syntax error in line N".
 *
 * --trace=FILE.txt|FILE.json records the run's scheduling events (see
 * trace.h); --schedstat prints /proc/schedstat at the end.
 *
 * Exit status: 0 on success, 1 if the machine reported a bug (or a
 * script test failed), 2 for bad usage (or a malformed script).
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <plugsched/sim.h>

#include "trace.h"

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
	const char *script;		/* --script: an rt-tester file */
	const char *trace;		/* --trace: FILE.txt or FILE.json */
	int schedstat;			/* --schedstat */
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
		"                   write /sys/cpusched/DRIVER/TUNABLE before\n"
		"                   the run (DRIVER: the one chosen)\n"
		"  --list-tunables  print the chosen driver's tunables\n"
		"  --script=FILE    run an rt-mutex tester script (.tst)\n"
		"                   instead of the workload: prints Pass\n"
		"                   (exit 0), Test failed in line N (1)\n"
		"                   or Syntax error in line N (2)\n"
		"  --trace=FILE     write the run's scheduling events to FILE:\n"
		"                   FILE.txt ftrace text (Perfetto opens it),\n"
		"                   FILE.json Chrome/Perfetto JSON events\n"
		"  --schedstat      print /proc/schedstat at the end\n"
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
		{ "script", required_argument, NULL, 'S' },
		{ "trace", required_argument, NULL, 'T' },
		{ "schedstat", no_argument, NULL, 'P' },
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
		case 'S':
			o->script = optarg;
			break;
		case 'T':
			if (trace_format_of(optarg) == TRACE_BAD)
				die_usage("--trace: '%s' does not end in .txt "
					  "(ftrace text) or .json "
					  "(Chrome/Perfetto JSON)", optarg);
			o->trace = optarg;
			break;
		case 'P':
			o->schedstat = 1;
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

/* ---- rt-mutex tester scripts --------------------------------------------- */

/*
 * The format of the .tst files of Linux's scripts/rt-tester, one step a
 * line:
 *
 *	C|T|W: opcode: thread: argument
 *
 * C posts a command to tester thread 0..7, T tests the thread's state
 * now, W waits until the test holds (running the machine in steps of
 * SCRIPT_WAIT_STEP_NS, failing after SCRIPT_WAIT_NS).  Blank lines and
 * lines starting with '#' are skipped; the letter and the opcode are
 * case-insensitive, blanks around fields are ignored.  The whole file
 * is parsed before the machine boots, so a malformed script never runs.
 */
#define SCRIPT_WAIT_NS		(5 * NSEC_PER_SEC)	/* bound of a W */
#define SCRIPT_WAIT_STEP_NS	100000ULL		/* 100 us */
#define SCRIPT_MAX_LINE		512

enum step_kind { STEP_CMD = 'C', STEP_TEST = 'T', STEP_WAIT = 'W' };

struct step {
	int line;
	enum step_kind kind;
	char opcode[32];
	int thread;
	long arg;
	char text[SCRIPT_MAX_LINE];	/* the line, for messages */
};

struct script {
	struct step *steps;
	int nr, size;
};

/* Prints "Syntax error in line N" and a reason; returns exit status 2. */
static int __attribute__((format(printf, 3, 4)))
syntax_error(const char *file, int line, const char *fmt, ...)
{
	va_list args;

	printf("Syntax error in line %d\n", line);
	fprintf(stderr, "schedsim: %s:%d: ", file, line);
	va_start(args, fmt);
	vfprintf(stderr, fmt, args);
	va_end(args);
	fputc('\n', stderr);
	return 2;
}

/* Trim blanks at both ends of @s in place. */
static char *trim(char *s)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

static int parse_int(const char *s, long lo, long hi, long *v)
{
	char *end;

	errno = 0;
	*v = strtol(s, &end, 10);
	return !errno && end != s && !*end && *v >= lo && *v <= hi;
}

static void lower(char *s)
{
	for (; *s; s++)
		*s = tolower((unsigned char)*s);
}

/* Is @op a command whose argument is a lock number? */
static int lock_command(const char *op)
{
	static const char *const names[] = {
		"lock", "locknowait", "lockint", "lockintnowait",
		"lockcont", "unlock", "lockintdetect",
	};
	unsigned int i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(op, names[i]))
			return 1;
	return 0;
}

/* The argument of a command: 0, or the reason it is wrong. */
static const char *check_cmd_arg(const char *op, const char *arg, long *v)
{
	if (lock_command(op))
		return parse_int(arg, 0, SIM_RTTEST_LOCKS - 1, v) ? NULL :
			"the argument is not a lock (0..7)";
	if (!strcmp(op, "schedfifo"))
		return parse_int(arg, 1, 99, v) ? NULL :
			"the argument is not a SCHED_FIFO priority (1..99)";
	if (!strcmp(op, "schedother"))
		return parse_int(arg, -20, 19, v) ? NULL :
			"the argument is not a nice value (-20..19)";
	return parse_int(arg, LONG_MIN, LONG_MAX, v) ? NULL :
		"the argument is not an integer";
}

static const char *check_test_arg(const char *op, const char *arg, long *v)
{
	switch (sim_rttest_test_arg(op)) {
	case SIM_RTTEST_ARG_LOCK:
		return parse_int(arg, 0, SIM_RTTEST_LOCKS - 1, v) ? NULL :
			"the argument is not a lock (0..7)";
	case SIM_RTTEST_ARG_OPCODE:
		*v = sim_rttest_opcode(arg);
		if (*v >= 0)
			return NULL;
		/* fall through: a number then */
	case SIM_RTTEST_ARG_NUMBER:
	case SIM_RTTEST_ARG_IGNORED:
		return parse_int(arg, INT_MIN, INT_MAX, v) ? NULL :
			"the argument is not an integer";
	}
	return "unknown test";
}

/* parse_line - one non-blank, non-comment line into @st; 0 or 2. */
static int parse_line(const char *file, int nr, char *line, struct step *st)
{
	char *field[4], *p = line, *colon;
	const char *why;
	long v;
	int i;

	for (i = 0; i < 4; i++) {
		colon = strchr(p, ':');
		if (i < 3 && !colon)
			return syntax_error(file, nr, "expected 'C|T|W: "
					    "opcode: thread: argument'");
		if (i == 3 && colon)
			return syntax_error(file, nr, "more than four fields");
		if (colon)
			*colon = '\0';
		field[i] = trim(p);
		if (!*field[i])
			return syntax_error(file, nr, "field %d is empty",
					    i + 1);
		p = colon + 1;
	}
	lower(field[0]);
	lower(field[1]);
	if (strlen(field[0]) != 1 || !strchr("ctw", field[0][0]))
		return syntax_error(file, nr, "'%s' is not C, T or W",
				    field[0]);
	st->kind = toupper((unsigned char)field[0][0]);
	if (strlen(field[1]) >= sizeof(st->opcode))
		return syntax_error(file, nr, "unknown opcode '%s'", field[1]);
	strcpy(st->opcode, field[1]);
	if (!parse_int(field[2], 0, SIM_RTTEST_THREADS - 1, &v))
		return syntax_error(file, nr, "'%s' is not a thread (0..7)",
				    field[2]);
	st->thread = v;
	if (st->kind == STEP_CMD) {
		if (sim_rttest_opcode(st->opcode) <= 0)
			return syntax_error(file, nr, "unknown command '%s'",
					    st->opcode);
		why = check_cmd_arg(st->opcode, field[3], &st->arg);
	} else {
		if (!sim_rttest_test_arg(st->opcode))
			return syntax_error(file, nr, "unknown test '%s'",
					    st->opcode);
		why = check_test_arg(st->opcode, field[3], &st->arg);
	}
	if (why)
		return syntax_error(file, nr, "%s: '%s'", why, field[3]);
	return 0;
}

static struct step *add_step(struct script *sc)
{
	if (sc->nr == sc->size) {
		sc->size = sc->size ? 2 * sc->size : 64;
		sc->steps = realloc(sc->steps, sc->size * sizeof(*sc->steps));
		if (!sc->steps) {
			fprintf(stderr, "schedsim: out of memory\n");
			exit(2);
		}
	}
	memset(&sc->steps[sc->nr], 0, sizeof(sc->steps[0]));
	return &sc->steps[sc->nr++];
}

/* load_script - read and check every line of @file: 0, or exit status 2. */
static int load_script(const char *file, struct script *sc)
{
	char buf[SCRIPT_MAX_LINE], copy[SCRIPT_MAX_LINE], *line;
	struct step *st;
	FILE *f;
	int nr = 0, ret = 0;

	f = fopen(file, "r");
	if (!f) {
		fprintf(stderr, "schedsim: --script: cannot open '%s': %s\n",
			file, strerror(errno));
		return 2;
	}
	while (!ret && fgets(buf, sizeof(buf), f)) {
		nr++;
		if (!strchr(buf, '\n') && !feof(f)) {
			ret = syntax_error(file, nr, "line longer than %d "
					   "characters", SCRIPT_MAX_LINE - 2);
			break;
		}
		line = trim(buf);
		if (!*line || *line == '#')
			continue;
		strcpy(copy, line);
		st = add_step(sc);
		st->line = nr;
		strcpy(st->text, copy);
		ret = parse_line(file, nr, line, st);
	}
	fclose(f);
	return ret;
}

/* The kernel's status line of a tester thread, for failure messages. */
static void print_status(int thread)
{
	struct sim_rttest_status s;
	int i;

	if (sim_rttest_status(thread, &s))
		return;
	fprintf(stderr, "schedsim: thread %d (pid %d): O: %d, E: %d, P: %d, "
		"N: %d, M: ", thread, s.pid, s.opcode, s.event, s.prio,
		s.normal_prio);
	for (i = SIM_RTTEST_LOCKS - 1; i >= 0; i--)
		fprintf(stderr, "%d", s.mutexes[i]);
	fprintf(stderr, "\n");
}

/* Prints "Test failed in line N" and why; returns exit status 1. */
static int __attribute__((format(printf, 3, 4)))
test_failed(const char *file, const struct step *st, const char *fmt, ...)
{
	va_list args;

	printf("Test failed in line %d\n", st->line);
	fprintf(stderr, "schedsim: %s:%d: %s: ", file, st->line, st->text);
	va_start(args, fmt);
	vfprintf(stderr, fmt, args);
	va_end(args);
	fputc('\n', stderr);
	if (sim_failed())
		fprintf(stderr, "schedsim: %s\n", sim_report());
	else
		print_status(st->thread);
	return 1;
}

/* run_step - one step on the booted machine: 0, or exit status 1. */
static int run_step(const char *file, const struct step *st)
{
	unsigned long long give_up = sim_now() + SCRIPT_WAIT_NS;
	int ret;

	if (st->kind == STEP_CMD) {
		ret = sim_rttest_cmd(st->thread, st->opcode, st->arg);
		return ret ? test_failed(file, st, "%s", sim_error()) : 0;
	}
	for (;;) {
		ret = sim_rttest_check(st->thread, st->opcode, st->arg);
		if (ret < 0)
			return test_failed(file, st, "%s", sim_error());
		if (ret)
			return 0;
		if (st->kind == STEP_TEST)
			return test_failed(file, st, "false");
		if (sim_now() >= give_up)
			return test_failed(file, st, "still false after %llu "
					   "s", SCRIPT_WAIT_NS / NSEC_PER_SEC);
		if (sim_run_for(SCRIPT_WAIT_STEP_NS))
			return test_failed(file, st, "the machine failed");
	}
}

/* run_script - the loaded @sc on the booted machine: exit status. */
static int run_script(const char *file, const struct script *sc)
{
	int i, ret;

	ret = sim_rttest_start();
	if (ret) {
		fprintf(stderr, "schedsim: cannot start the rt-mutex tester: "
			"%s\n", sim_failed() ? sim_report() : sim_error());
		return 1;
	}
	for (i = 0; i < sc->nr && !ret; i++)
		ret = run_step(file, &sc->steps[i]);
	if (!ret && sim_check()) {
		fprintf(stderr, "schedsim: %s\n", sim_report());
		ret = 1;
	}
	if (!ret)
		printf("Pass\n");
	return ret;
}

/*
 * finish_run - after the run: write the trace (even of a failed run: it
 * shows what led there) and print /proc/schedstat.  Returns @status, or
 * 1 if the trace could not be written.
 */
static int finish_run(const struct options *o, struct trace *trace,
		      int status)
{
	const char *text;
	char err[512];

	if (trace && trace_finish(trace, sim_now(), err, sizeof(err))) {
		fprintf(stderr, "schedsim: %s\n", err);
		if (!status)
			status = 1;
	}
	if (!o->schedstat || sim_failed())
		return status;
	text = sim_schedstat();
	if (text)
		printf("\n/proc/schedstat:\n%s", text);
	else
		fprintf(stderr, "schedsim: %s has no /proc/schedstat\n",
			sim_cpusched());
	return status;
}

int main(int argc, char **argv)
{
	struct options o;
	struct script sc = { NULL, 0, 0 };
	struct sim_config cfg;
	struct trace *trace = NULL;
	char cmdline[128], err[512];
	int pids[NR_WORKLOAD];
	int i;

	parse_options(argc, argv, &o);
	if (o.script && !o.list_tunables) {
		i = load_script(o.script, &sc);
		if (i) {
			free(sc.steps);
			return i;
		}
	}
	if (o.trace && !o.list_tunables) {
		trace = trace_open(o.trace, err, sizeof(err));
		if (!trace) {
			fprintf(stderr, "schedsim: %s\n", err);
			free(sc.steps);
			return 2;
		}
	}

	sim_config_init(&cfg);
	cfg.nr_cpus = o.cpus;
	cfg.hz = o.hz;
	cfg.seed = o.seed;
	snprintf(cmdline, sizeof(cmdline), "cpusched=%s", o.cpusched);
	cfg.cmdline = cmdline;
	if (sim_boot(&cfg)) {
		fprintf(stderr, "schedsim: boot failed: %s\n", sim_error());
		if (trace)
			trace_discard(trace);
		return 1;
	}
	if (o.list_tunables) {
		list_tunables();
		sim_shutdown();
		return 0;
	}
	for (i = 0; i < o.nr_sets; i++) {
		if (apply_set(o.sets[i])) {
			if (trace)
				trace_discard(trace);
			sim_shutdown();
			return 2;
		}
	}
	if (trace)
		trace_attach(trace);
	if (o.script) {
		i = run_script(o.script, &sc);
		free(sc.steps);
		i = finish_run(&o, trace, i);
		sim_shutdown();
		return i;
	}
	if (spawn_workload(pids) || sim_run_for(o.duration_ns)) {
		if (sim_failed())
			fprintf(stderr, "schedsim: %s\n", sim_report());
		finish_run(&o, trace, 1);
		sim_shutdown();
		return 1;
	}

	printf("schedsim: %s on %d cpu%s, HZ=%d, seed %llu, %.3f s "
	       "simulated\n", sim_cpusched(), o.cpus, o.cpus == 1 ? "" : "s",
	       o.hz, o.seed, o.duration_ns / 1e9);
	print_tasks(pids);
	print_cpus(o.duration_ns);
	i = finish_run(&o, trace, 0);
	sim_shutdown();
	return i;
}
