/*
 * tools/schedsim.c - run plugsched drivers on the simulated machine.
 *
 *	schedsim [options] [WORKLOAD.json]
 *
 * Boots a machine with the chosen driver, runs a workload in rt-app's
 * JSON format (tools/workload.h; without one, the bundled workload
 * below) and prints what each task and each CPU got (tools/metrics.h),
 * as tables or, with --format=json, as one JSON object.
 *
 *	--compare=A,B,...	the same workload and seed on each driver,
 *				side by side
 *	--report=DIR		an HTML page with SVG charts of the runs
 *	--suite=DIR		every workload of DIR on every driver, and
 *				a scoreboard
 *	--interbench		interbench's loads on every driver, and its
 *				tables (tools/interbench.h)
 *	--script=FILE.tst	an rt-mutex tester script instead
 *	--trace=FILE.txt|.json|.dat	the scheduling events of the run
 *
 * Every input is checked before the machine boots; every output file is
 * written beside its destination and renamed into place only when the
 * whole run succeeded (tools/output.h).
 *
 * Exit status: 0 on success; 1 if the machine reported a bug, a script
 * test failed or an output could not be written; 2 for bad usage or a
 * malformed input; 130 or 143 when SIGINT or SIGTERM stopped the run.
 */
#define _GNU_SOURCE		/* asprintf */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <plugsched/sim.h>

#include "interbench.h"
#include "jsonout.h"
#include "metrics.h"
#include "output.h"
#include "report.h"
#include "run.h"
#include "script.h"
#include "suite.h"
#include "trace.h"
#include "workload.h"

#define MAX_DRIVERS	16

enum format { FORMAT_TEXT, FORMAT_JSON };

struct options {
	struct run_config rc;
	const char *drivers[MAX_DRIVERS];	/* --cpusched or --compare */
	int nr_drivers;
	int compare;
	const char *workload;		/* WORKLOAD.json, or NULL: bundled */
	const char *script;		/* --script: an rt-tester file */
	const char *report;		/* --report=DIR */
	const char *suite;		/* --suite=DIR */
	int interbench;			/* --interbench */
	char *cell;			/* --interbench-cell=FG:BG */
	enum format format;
	int list_tunables;
};

/*
 * The bundled workload: three CPU hogs at nice 0, 10 and 19, an
 * interactive task that runs 1 ms every 10 ms and a SCHED_FIFO task
 * that runs 2 ms every 20 ms.
 */
static const char bundled_workload[] =
	"{\n"
	"  \"global\": { \"duration\": 10 },\n"
	"  \"tasks\": {\n"
	"    \"hog-nice0\": { \"priority\": 0, \"run\": 1000000 },\n"
	"    \"hog-nice10\": { \"priority\": 10, \"run\": 1000000 },\n"
	"    \"hog-nice19\": { \"priority\": 19, \"run\": 1000000 },\n"
	"    \"interactive\": { \"run\": 1000, \"sleep\": 9000 },\n"
	"    \"fifo-50\": { \"policy\": \"SCHED_FIFO\", \"priority\": 50,\n"
	"                 \"run\": 2000, \"sleep\": 18000 }\n"
	"  }\n"
	"}\n";

/* ---- command line -------------------------------------------------------- */

static void usage(FILE *out)
{
	int i;

	fprintf(out,
		"usage: schedsim [options] [WORKLOAD.json]\n"
		"Run a workload (rt-app JSON; default: a bundled one) on a "
		"simulated SMP machine.\n\n"
		"machine:\n"
		"  --cpusched=NAME  cpu scheduler driver (default %s; built:",
		sim_default_driver());
	for (i = 0; i < sim_nr_drivers(); i++)
		fprintf(out, " %s", sim_driver_name(i));
	fprintf(out, ")\n"
		"  --cpus=N         number of CPUs, 1..%d (default 1)\n"
		"  --smt=N          threads per core, dividing the CPUs of a "
		"node (default 1)\n"
		"  --nodes=N        NUMA nodes, dividing --cpus (default 1)\n"
		"  --hz=N           timer frequency, 10..10000 (default 1000)\n"
		"  --seed=N         seed of the machine (default 1)\n"
		"  --cmdline=TEXT   more boot parameters, e.g. "
		"'isolcpus=1'\n"
		"  --set=DRIVER.TUNABLE=VALUE\n"
		"                   write /sys/cpusched/DRIVER/TUNABLE before\n"
		"                   the run (DRIVER: the one running)\n"
		"  --no-checks      skip the invariant checks after every "
		"event (faster)\n"
		"  --interleave=S   who runs when CPUs could interleave: "
		"serial (default),\n"
		"                   random:SEED, pct:SEED[:DEPTH[:STEPS]] or\n"
		"                   replay:N@CPU,... (docs/machine.md)\n"
		"run:\n"
		"  --duration=SEC   simulated seconds, > 0 (default: the "
		"workload's, else 10)\n"
		"  --ignore-unsupported  run without what 2.6.10 cannot do "
		"(SCHED_DEADLINE,\n"
		"                   SCHED_IDLE, uclamp, taskgroup, NUMA "
		"binding), listed\n"
		"                   in the JSON and the report (default: "
		"refused, exit 2)\n"
		"  --format=text|json  the metrics as tables (default) or one "
		"JSON object\n"
		"  --compare=A,B    the same workload and seed on each driver, "
		"side by side\n"
		"  --report=DIR     write DIR/index.html: SVG charts of the "
		"run(s)\n"
		"  --suite=DIR      every DIR/*.json on every driver (or the "
		"--compare ones)\n"
		"                   and a scoreboard of the periodic tasks\n"
		"  --interbench     interbench's loads on every driver (or the "
		"--compare ones):\n"
		"                   its tables; --duration is each load's "
		"measured time\n"
		"                   (default 3); with --report=DIR one page\n"
		"  --interbench-cell=FG:BG\n"
		"                   print the rt-app workload of one cell, "
		"e.g. Audio:Burn\n"
		"  --trace=FILE     write the run's scheduling events to FILE:\n"
		"                   FILE.txt ftrace text (Perfetto opens it),\n"
		"                   FILE.json Chrome/Perfetto JSON events,\n"
		"                   FILE.dat trace-cmd's trace.dat "
		"(KernelShark);\n"
		"                   with --compare one FILE-DRIVER.ext per "
		"driver\n"
		"  --schedstat      add /proc/schedstat at the end\n"
		"other:\n"
		"  --list-tunables  print the chosen driver's tunables\n"
		"  --script=FILE    run an rt-mutex tester script (.tst)\n"
		"                   instead of a workload: prints Pass\n"
		"                   (exit 0), Test failed in line N (1)\n"
		"                   or Syntax error in line N (2)\n"
		"  --help           this text\n",
		sim_max_cpus());
}

/* One line on stderr, whatever the user's values in it; exit status 2. */
static void __attribute__((noreturn, format(printf, 1, 2)))
die_usage(const char *fmt, ...)
{
	char msg[1024], shown[1024];
	va_list args;

	va_start(args, fmt);
	vsnprintf(msg, sizeof(msg), fmt, args);
	va_end(args);
	fprintf(stderr, "schedsim: %s\n", out_shown(msg, shown, sizeof(shown)));
	exit(2);
}

static long parse_long(const char *opt, const char *s, long lo, long hi)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < lo || v > hi ||
	    !(isdigit((unsigned char)*s) || *s == '-'))
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
	if (errno || end == s || *end || !isdigit((unsigned char)*s))
		die_usage("--seed: '%s' is not a non-negative integer", s);
	return v;
}

static unsigned long long parse_duration(const char *s)
{
	unsigned long long ns;
	char *end;
	double sec;

	errno = 0;
	sec = strtod(s, &end);
	if (errno || end == s || *end || !isfinite(sec) || sec <= 0 ||
	    sec > 1e6 || isspace((unsigned char)*s))
		die_usage("--duration: '%s' is not a number of seconds in "
			  "(0, 1000000]", s);
	ns = (unsigned long long)(sec * NSEC_PER_SEC + 0.5);
	if (!ns)
		die_usage("--duration: '%s' seconds round to 0 ns", s);
	return ns;
}

static void add_driver(struct options *o, const char *name)
{
	int i;

	if (sim_driver_index(name) < 0)
		die_usage("unknown cpu scheduler '%s' (try --help for the "
			  "built ones)", name);
	for (i = 0; i < o->nr_drivers; i++)
		if (!strcmp(o->drivers[i], name))
			die_usage("--compare: '%s' given twice", name);
	if (o->nr_drivers == MAX_DRIVERS)
		die_usage("--compare: at most %d drivers", MAX_DRIVERS);
	o->drivers[o->nr_drivers++] = name;
}

/* "A,B,C" into the driver list; the list is modified in place. */
static void parse_compare(struct options *o, char *list)
{
	char *name = list, *comma;

	if (!*list)
		die_usage("--compare: give a list of drivers, e.g. "
			  "--compare=ingosched,staircase");
	for (;;) {
		comma = strchr(name, ',');
		if (comma)
			*comma = '\0';
		if (!*name)
			die_usage("--compare: an empty driver name in the "
				  "list");
		add_driver(o, name);
		if (!comma)
			break;
		name = comma + 1;
	}
	o->compare = 1;
}

/* The value of cpusched= in a boot command line, or NULL. */
static const char *cmdline_driver(const char *cmdline, char *buf,
				  size_t len)
{
	const char *p = cmdline;

	while ((p = strstr(p, "cpusched="))) {
		if (p == cmdline || p[-1] == ' ') {
			p += strlen("cpusched=");
			snprintf(buf, len, "%.*s", (int)strcspn(p, " "), p);
			return buf;
		}
		p++;
	}
	return NULL;
}

static void check_combinations(struct options *o, const char *cpusched)
{
	static char from_cmdline[64];
	const char *named = NULL;

	if (o->rc.cmdline)
		named = cmdline_driver(o->rc.cmdline, from_cmdline,
				       sizeof(from_cmdline));
	if (named && (cpusched || o->compare || o->suite || o->interbench))
		die_usage("--cmdline names the driver (cpusched=%s): do not "
			  "give --cpusched, --compare, --suite or --interbench "
			  "too", named);
	if (cpusched && o->compare)
		die_usage("--cpusched and --compare: give one of them");
	if (!o->compare && !o->suite && !o->interbench)
		add_driver(o, named ? named : cpusched ? cpusched :
			   sim_default_driver());
	if (o->interbench && (o->suite || o->script || o->workload ||
			      o->cell))
		die_usage("--interbench runs its own loads: no workload, "
			  "--suite, --script or --interbench-cell");
	if (o->cell && (o->suite || o->script || o->workload || o->compare ||
			o->report))
		die_usage("--interbench-cell prints one workload: no "
			  "workload, --suite, --script, --compare or "
			  "--report");
	if ((o->suite || o->interbench) && !o->compare && !cpusched)
		o->nr_drivers = 0;	/* every built driver */
	if (o->script && (o->workload || o->compare || o->suite ||
			  o->report))
		die_usage("--script runs alone: no workload, --compare, "
			  "--suite or --report");
	if (o->suite && o->workload)
		die_usage("--suite runs the workloads of its directory: no "
			  "WORKLOAD.json");
	if (o->rc.cpus % o->rc.nodes)
		die_usage("--nodes=%d does not divide --cpus=%d", o->rc.nodes,
			  o->rc.cpus);
	if ((o->rc.cpus / o->rc.nodes) % o->rc.smt)
		die_usage("--smt=%d does not divide the %d CPUs of a node",
			  o->rc.smt, o->rc.cpus / o->rc.nodes);
}

static void parse_format(struct options *o, const char *s)
{
	if (!strcmp(s, "text"))
		o->format = FORMAT_TEXT;
	else if (!strcmp(s, "json"))
		o->format = FORMAT_JSON;
	else
		die_usage("--format: '%s' is not text or json", s);
}

static void parse_options(int argc, char **argv, struct options *o)
{
	static const struct option longopts[] = {
		{ "cpusched", required_argument, NULL, 'c' },
		{ "cpus", required_argument, NULL, 'n' },
		{ "smt", required_argument, NULL, 'm' },
		{ "nodes", required_argument, NULL, 'N' },
		{ "duration", required_argument, NULL, 'd' },
		{ "seed", required_argument, NULL, 's' },
		{ "hz", required_argument, NULL, 'z' },
		{ "cmdline", required_argument, NULL, 'k' },
		{ "set", required_argument, NULL, 't' },
		{ "no-checks", no_argument, NULL, 'C' },
		{ "interleave", required_argument, NULL, 'I' },
		{ "format", required_argument, NULL, 'f' },
		{ "compare", required_argument, NULL, 'v' },
		{ "report", required_argument, NULL, 'r' },
		{ "suite", required_argument, NULL, 'u' },
		{ "interbench", no_argument, NULL, 'B' },
		{ "interbench-cell", required_argument, NULL, 'b' },
		{ "list-tunables", no_argument, NULL, 'l' },
		{ "script", required_argument, NULL, 'S' },
		{ "trace", required_argument, NULL, 'T' },
		{ "schedstat", no_argument, NULL, 'P' },
		{ "ignore-unsupported", no_argument, NULL, 'G' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *cpusched = NULL;
	int c;

	memset(o, 0, sizeof(*o));
	o->rc.cpus = 1;
	o->rc.smt = 1;
	o->rc.nodes = 1;
	o->rc.hz = 1000;
	o->rc.seed = 1;
	o->rc.checks = 1;

	opterr = 0;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case 'c':
			cpusched = optarg;
			break;
		case 'n':
			o->rc.cpus = parse_long("cpus", optarg, 1,
						sim_max_cpus());
			break;
		case 'm':
			o->rc.smt = parse_long("smt", optarg, 1, 8);
			break;
		case 'N':
			o->rc.nodes = parse_long("nodes", optarg, 1,
						 sim_max_cpus());
			break;
		case 'd':
			o->rc.duration_ns = parse_duration(optarg);
			break;
		case 's':
			o->rc.seed = parse_seed(optarg);
			break;
		case 'z':
			o->rc.hz = parse_long("hz", optarg, 10, 10000);
			break;
		case 'k':
			o->rc.cmdline = optarg;
			break;
		case 't':
			if (o->rc.nr_sets == RUN_MAX_SETS)
				die_usage("--set: at most %d of them",
					  RUN_MAX_SETS);
			o->rc.sets[o->rc.nr_sets++] = optarg;
			break;
		case 'C':
			o->rc.checks = 0;
			break;
		case 'I':
			o->rc.interleave = optarg;
			break;
		case 'f':
			parse_format(o, optarg);
			break;
		case 'v':
			parse_compare(o, optarg);
			break;
		case 'r':
			if (!*optarg)
				die_usage("--report: give a directory");
			o->report = optarg;
			break;
		case 'u':
			if (!*optarg)
				die_usage("--suite: give a directory");
			o->suite = optarg;
			break;
		case 'B':
			o->interbench = 1;
			break;
		case 'b':
			if (!strchr(optarg, ':'))
				die_usage("--interbench-cell: give "
					  "FOREGROUND:BACKGROUND, e.g. "
					  "Audio:Burn");
			o->cell = optarg;
			break;
		case 'l':
			o->list_tunables = 1;
			break;
		case 'S':
			if (!*optarg)
				die_usage("--script: give a file");
			o->script = optarg;
			break;
		case 'T':
			if (trace_format_of(optarg) == TRACE_BAD)
				die_usage("--trace: '%s' does not end in .txt "
					  "(ftrace text), .json "
					  "(Chrome/Perfetto JSON) or .dat "
					  "(trace-cmd)", optarg);
			o->rc.trace = optarg;
			break;
		case 'P':
			o->rc.schedstat = 1;
			break;
		case 'G':
			o->rc.ignore_unsupported = 1;
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
		o->workload = argv[optind++];
	if (optind < argc)
		die_usage("unexpected argument '%s' (one WORKLOAD.json at "
			  "most; try --help)", argv[optind]);
	check_combinations(o, cpusched);
	if ((o->suite || o->interbench || o->cell) && o->rc.trace)
		die_usage("--trace records one run: not with --suite or "
			  "--interbench");
	if ((o->interbench || o->cell) && o->format == FORMAT_JSON)
		die_usage("--interbench prints interbench's tables: not with "
			  "--format=json");
}

/* ---- outputs ----------------------------------------------------------- */

/* The trace file of driver @d: FILE, or FILE-<driver>.ext (--compare). */
static char *trace_path(const struct options *o, int d)
{
	const char *dot = strrchr(o->rc.trace, '.');
	char *path;

	if (o->nr_drivers == 1)
		return strdup(o->rc.trace);
	if (asprintf(&path, "%.*s-%s%s", (int)(dot - o->rc.trace),
		     o->rc.trace, o->drivers[d], dot) < 0)
		return NULL;
	return path;
}

/*
 * Before the machine boots: the trace of each driver and the report,
 * none of them one of the run's inputs.  Returns 0, or 2 after a
 * message.
 */
static int open_outputs(const struct options *o, struct out_file *traces,
			struct out_file *report)
{
	const char *inputs[] = { o->workload, o->script };
	char err[1024], *path;
	int d, ret = 0;

	for (d = 0; o->rc.trace && d < o->nr_drivers && !ret; d++) {
		path = trace_path(o, d);
		if (!path) {
			snprintf(err, sizeof(err), "--trace: out of memory");
			ret = -1;
			break;
		}
		ret = out_check_path("--trace", path, inputs, 2, err,
				     sizeof(err));
		if (!ret)
			ret = out_open(&traces[d], "--trace", path, err,
				       sizeof(err));
		free(path);
	}
	if (!ret && o->report)
		ret = report_open(report, o->report, inputs, 2, err,
				  sizeof(err));
	if (!ret)
		return 0;
	fprintf(stderr, "schedsim: %s\n", err);
	return 2;	/* out_end_run() removes what was opened */
}

/* ---- modes --------------------------------------------------------------- */

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

static int do_list_tunables(const struct options *o)
{
	const char *driver = o->nr_drivers ? o->drivers[0] :
		sim_default_driver();
	int ret = run_preflight(&o->rc, &driver, 1);

	if (!ret)
		ret = run_boot(&o->rc, driver);
	if (ret)
		return ret;
	list_tunables();
	sim_shutdown();
	return 0;
}

/* The script's run on the booted machine, traced into @out if any. */
static int run_script(const struct options *o, const struct script *sc,
		      struct out_file *out)
{
	struct trace *trace = NULL;
	char err[512];
	int ret;

	if (out && !(trace = trace_start(out, err, sizeof(err)))) {
		fprintf(stderr, "schedsim: %s\n", err);
		return 1;
	}
	if (trace)
		sim_trace_set_sink(trace_event, trace);
	ret = script_run(o->script, sc);
	sim_trace_set_sink(NULL, NULL);
	if (trace && trace_end(trace, sim_now(), err, sizeof(err))) {
		fprintf(stderr, "schedsim: %s\n", err);
		ret = ret ? ret : 1;
	}
	if (ret < 2 && o->rc.schedstat && !sim_failed() && sim_schedstat())
		printf("\n/proc/schedstat:\n%s", sim_schedstat());
	return ret;
}

static int do_script(const struct options *o)
{
	struct script sc = { NULL, 0, 0 };
	struct out_file trace;
	int ret;

	ret = script_load(o->script, &sc);
	if (!ret)
		ret = run_preflight(&o->rc, o->drivers, 1);
	if (!ret)
		ret = open_outputs(o, &trace, NULL);
	if (!ret)
		ret = run_boot(&o->rc, o->drivers[0]);
	if (!ret) {
		ret = run_script(o, &sc, o->rc.trace ? &trace : NULL);
		sim_shutdown();
	}
	script_free(&sc);
	return out_end_run(ret);
}

/* The workload, and its warnings for the report (free() them). */
static int load_workload(const struct options *o, struct workload *wl,
			 char **warnings)
{
	char err[1024];

	if (!workload_read(o->workload ? o->workload : "(bundled)",
			   o->workload ? NULL : bundled_workload, o->rc.cpus,
			   run_parse_flags(&o->rc), wl, warnings, err,
			   sizeof(err)))
		return 0;
	fprintf(stderr, "schedsim: %s\n", err);
	return 2;
}

/* The name of a workload in reports: its file name without .json. */
static void workload_name(const char *path, char *buf, size_t len)
{
	const char *base = path ? strrchr(path, '/') : NULL;
	size_t n;

	base = base ? base + 1 : path ? path : "bundled";
	n = strlen(base);
	if (n > 5 && !strcmp(base + n - 5, ".json"))
		n -= 5;
	snprintf(buf, len, "%.*s", (int)n, base);
}

static void print_json(const struct run_metrics *m, int nr, int compare)
{
	struct json_object *root, *runs = json_object_new_array();
	int i;

	for (i = 0; i < nr; i++)
		jo_append(runs, metrics_to_json(&m[i]));
	if (compare) {
		root = json_object_new_object();
		jo_add(root, "runs", runs);
	} else {
		root = json_object_get(json_object_array_get_idx(runs, 0));
		json_object_put(runs);
	}
	if (jo_dump(root, stdout, 2))
		fprintf(stderr, "schedsim: cannot write the JSON output\n");
	printf("\n");
	json_object_put(root);
}

static void print_runs(const struct options *o, const struct run_metrics *m,
		       int nr)
{
	if (o->format == FORMAT_JSON)
		print_json(m, nr, o->compare);
	else if (o->compare)
		metrics_print_compare(stdout, m, nr);
	else
		metrics_print_text(stdout, m);
}

/* A workload on one driver, or on each driver of --compare. */
static int do_workload(const struct options *o)
{
	struct run_metrics m[MAX_DRIVERS];
	struct out_file traces[MAX_DRIVERS], report;
	struct workload wl;
	char name[64], err[512], *warnings;
	int d, nr = 0, ret, st;

	ret = load_workload(o, &wl, &warnings);
	if (ret) {
		free(warnings);
		return ret;
	}
	ret = run_preflight(&o->rc, o->drivers, o->nr_drivers);
	if (!ret)
		ret = open_outputs(o, traces, &report);
	if (ret)
		goto out;
	workload_name(o->workload, name, sizeof(name));
	for (d = 0; d < o->nr_drivers; d++) {
		st = run_workload(&o->rc, o->drivers[d], &wl, name,
				  o->rc.trace ? &traces[d] : NULL, &m[nr++]);
		if (st > ret)
			ret = st;
		if (st >= 2)
			goto out;
	}
	print_runs(o, m, nr);
	if (o->report &&
	    report_write(&report, m, nr, warnings, err, sizeof(err))) {
		fprintf(stderr, "schedsim: %s\n", err);
		ret = ret ? ret : 1;
	}
out:
	for (d = 0; d < nr; d++)
		metrics_free(&m[d]);
	workload_free(&wl);
	free(warnings);
	return out_end_run(ret);
}

static int do_suite(struct options *o)
{
	int i, ret;

	if (!o->nr_drivers)
		for (i = 0; i < sim_nr_drivers() && i < MAX_DRIVERS; i++)
			o->drivers[o->nr_drivers++] = sim_driver_name(i);
	ret = suite_run(o->suite, &o->rc, o->drivers, o->nr_drivers,
			o->format == FORMAT_JSON, o->report);
	return ret;
}

static int do_interbench(struct options *o)
{
	int i;

	if (!o->nr_drivers)
		for (i = 0; i < sim_nr_drivers() && i < MAX_DRIVERS; i++)
			o->drivers[o->nr_drivers++] = sim_driver_name(i);
	return interbench_run(&o->rc, o->drivers, o->nr_drivers, o->report);
}

/* --interbench-cell=FG:BG: the workload of one cell, on stdout. */
static int do_cell(struct options *o)
{
	char *colon = strchr(o->cell, ':');

	*colon = '\0';
	return interbench_workload(&o->rc, o->cell, colon + 1) ?:
		out_finish_stdout();
}

int main(int argc, char **argv)
{
	struct options o;

	parse_options(argc, argv, &o);
	if (o.list_tunables)
		return do_list_tunables(&o) ?: out_finish_stdout();
	out_catch_signals();
	if (o.script)
		return do_script(&o);
	if (o.cell)
		return do_cell(&o);
	if (o.suite)
		return do_suite(&o);
	if (o.interbench)
		return do_interbench(&o);
	return do_workload(&o);
}
