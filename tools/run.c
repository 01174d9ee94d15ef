/*
 * tools/run.c - one run of a workload on one driver.
 *
 * The machine runs in steps of RUN_STEP_NS of virtual time.  The steps
 * change nothing in what happens (the machine processes its events in
 * time order whatever the bound of a call), they only let schedsim stop
 * a finite workload when its last task has exited and show progress.
 */
#define _GNU_SOURCE		/* asprintf */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <plugsched/sim.h>

#include "run.h"
#include "trace.h"

#define RUN_STEP_NS		(100 * NSEC_PER_MSEC)
#define PROGRESS_AFTER_S	1.0	/* host seconds before a line shows */
#define PROGRESS_ENV		"SCHEDSIM_PROGRESS_AFTER"	/* tests */
#define PROGRESS_EVERY_S	0.2	/* host seconds between updates */

static double host_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Does "DRIVER.TUNABLE=VALUE" name @driver? */
static int set_names(const char *set, const char *driver)
{
	const char *dot = strchr(set, '.');

	return dot && (size_t)(dot - set) == strlen(driver) &&
		!strncmp(set, driver, dot - set);
}

/*
 * "DRIVER.TUNABLE=VALUE" for the driver running: write the value to its
 * sysfs file.  A --set of another driver is for that driver's run.
 * Returns 0, or 2 after a one-line error.
 */
static int apply_set(const char *set)
{
	const char *dot = strchr(set, '.'), *eq = strchr(set, '=');
	char path[256];

	if (!set_names(set, sim_cpusched()))
		return 0;
	snprintf(path, sizeof(path), "/sys/cpusched/%s/%.*s", sim_cpusched(),
		 (int)(eq - dot - 1), dot + 1);
	if (sim_sysfs_write(path, eq + 1)) {
		fprintf(stderr, "schedsim: --set=%s: %s\n", set, sim_error());
		return 2;
	}
	return 0;
}

/*
 * Is every --set of @rc of the form DRIVER.TUNABLE=VALUE for one of the
 * @nr @drivers that will run?  0, or 2 after a one-line error.
 */
static int check_sets(const struct run_config *rc, const char *const *drivers,
		      int nr)
{
	const char *set, *dot, *eq;
	int i, d;

	for (i = 0; i < rc->nr_sets; i++) {
		set = rc->sets[i];
		dot = strchr(set, '.');
		eq = strchr(set, '=');
		if (!dot || !eq || eq < dot || dot == set || eq == dot + 1) {
			fprintf(stderr, "schedsim: --set: '%s' is not "
				"DRIVER.TUNABLE=VALUE\n", set);
			return 2;
		}
		for (d = 0; d < nr && !set_names(set, drivers[d]); d++)
			;
		if (d == nr) {
			fprintf(stderr, "schedsim: --set: '%.*s' is not a "
				"driver of this run\n", (int)(dot - set), set);
			return 2;
		}
	}
	return 0;
}

/* Does the boot command line @cmdline name the driver itself? */
static int names_driver(const char *cmdline)
{
	const char *p = cmdline;

	while (p && (p = strstr(p, "cpusched="))) {
		if (p == cmdline || p[-1] == ' ')
			return 1;
		p++;
	}
	return 0;
}

/**
 * run_boot - boot the machine @rc describes with @driver.
 *
 * The boot command line is "cpusched=@driver" followed by --cmdline;
 * a --cmdline naming the driver itself is used as it is.  Then every
 * --set is written, for the driver running.  Returns 0, 1 when the boot
 * failed or 2 for a bad --set, after a one-line message; on failure
 * nothing is left booted.
 */
int run_boot(const struct run_config *rc, const char *driver)
{
	struct sim_config cfg;
	char *cmdline;
	int i, ret;

	sim_config_init(&cfg);
	cfg.nr_cpus = rc->cpus;
	cfg.smt = rc->smt;
	cfg.nr_nodes = rc->nodes;
	cfg.hz = rc->hz;
	cfg.seed = rc->seed;
	cfg.checks = rc->checks;
	cfg.interleave = rc->interleave;
	if (rc->cmdline && names_driver(rc->cmdline))
		ret = asprintf(&cmdline, "%s", rc->cmdline);
	else
		ret = asprintf(&cmdline, "cpusched=%s%s%s", driver,
			       rc->cmdline ? " " : "",
			       rc->cmdline ? rc->cmdline : "");
	if (ret < 0) {
		fprintf(stderr, "schedsim: out of memory\n");
		return 1;
	}
	cfg.cmdline = cmdline;
	ret = sim_boot(&cfg);
	free(cmdline);
	if (ret == -EINVAL) {
		fprintf(stderr, "schedsim: %s\n", sim_error());
		return 2;
	}
	if (ret) {
		fprintf(stderr, "schedsim: boot failed: %s\n", sim_error());
		return 1;
	}
	for (i = 0; i < rc->nr_sets; i++) {
		if (apply_set(rc->sets[i])) {
			sim_shutdown();
			return 2;
		}
	}
	return 0;
}

/**
 * run_preflight - check what can be checked of a run before it starts.
 * @rc: the machine and the run
 * @drivers: the drivers it will boot, in order
 * @nr: how many
 *
 * Every --set must name one of @drivers.  With more than one driver,
 * each is booted with its --set values and shut down again, so that a
 * bad boot parameter or tunable of the last driver is found before the
 * first one runs; a single driver's boot is its own check.
 *
 * Return: 0, 1 (a boot failed) or 2 (bad input), after a message.
 */
int run_preflight(const struct run_config *rc, const char *const *drivers,
		  int nr)
{
	int d, ret = check_sets(rc, drivers, nr);

	for (d = 0; !ret && nr > 1 && d < nr; d++) {
		ret = run_boot(rc, drivers[d]);
		if (!ret)
			sim_shutdown();
	}
	return ret;
}

/* The machine's sink: the metrics always, the trace when asked for. */
struct sinks {
	struct run_metrics *m;
	struct trace *trace;
};

static void fan_out(const struct sim_trace_event *ev, void *arg)
{
	struct sinks *s = arg;

	metrics_event(ev, s->m);
	if (s->trace)
		trace_event(ev, s->trace);
}

/* Host seconds before the progress line shows; tests set it to 0. */
static double progress_after(void)
{
	const char *env = getenv(PROGRESS_ENV);
	char *end;
	double v;

	if (!env)
		return PROGRESS_AFTER_S;
	v = strtod(env, &end);
	return end != env && !*end && v >= 0 ? v : PROGRESS_AFTER_S;
}

/*
 * Update the progress line if it is time; *@last is the host time of
 * the last update.  Returns 1 if it printed.
 */
static int show_progress(const char *driver, unsigned long long done,
			 unsigned long long total, double start, double *last)
{
	double now = host_seconds();

	if (now - start < progress_after() ||
	    now - *last < PROGRESS_EVERY_S || !isatty(STDERR_FILENO))
		return 0;
	fprintf(stderr, "\rschedsim: %s: %.1f / %.1f s simulated (%d%%)",
		driver, done / 1e9, total / 1e9, (int)(100 * done / total));
	*last = now;
	return 1;
}

/*
 * Run until @end_ns, until a finite workload is over, until a write of
 * the trace failed or until a signal asks to stop.  Returns 0, -1 when
 * the machine reported a bug or the trace failed, or 128 + the signal.
 */
static int run_steps(const char *driver, const struct wl_run *run,
		     const struct sinks *sinks, unsigned long long end_ns)
{
	unsigned long long begin = sim_now(), next;
	double start = host_seconds(), last = -PROGRESS_EVERY_S;
	int shown = 0, ret = 0;

	while (sim_now() < end_ns && !workload_done(run)) {
		if (out_stop_signal()) {
			ret = out_stopped(" at %.3f s of %.3f s simulated "
					  "(%s)", (sim_now() - begin) / 1e9,
					  (end_ns - begin) / 1e9, driver);
			break;
		}
		next = sim_now() + RUN_STEP_NS;
		if (next > end_ns)
			next = end_ns;
		ret = sim_run_until(next);
		if (!ret && sinks->trace && trace_failed(sinks->trace))
			ret = -1;
		if (ret)
			break;
		shown |= show_progress(driver, sim_now() - begin,
				       end_ns - begin, start, &last);
	}
	if (shown)
		fprintf(stderr, "\r\033[K");
	return ret;
}

/* End the trace (even of a failed run: it shows what led there). */
static int end_trace(struct trace *trace)
{
	char err[512];

	if (!trace || !trace_end(trace, sim_now(), err, sizeof(err)))
		return 0;
	fprintf(stderr, "schedsim: %s\n", err);
	return 1;
}

/* Keep /proc/schedstat for the output; 0, or 1 if there is none. */
static int keep_schedstat(struct run_metrics *m)
{
	const char *text = sim_schedstat();

	if (!text) {
		fprintf(stderr, "schedsim: %s has no /proc/schedstat\n",
			sim_cpusched());
		return 0;
	}
	m->schedstat = strdup(text);
	if (m->schedstat)
		return 0;
	fprintf(stderr, "schedsim: out of memory\n");
	return 1;
}

static unsigned long long run_length(const struct run_config *rc,
				     const struct workload *wl)
{
	if (rc->duration_ns)
		return rc->duration_ns;
	return wl->duration_ns ? wl->duration_ns : RUN_DEFAULT_NS;
}

/*
 * The end of the run: the interleaving's schedule checked, the metrics
 * collected, the trace ended.  @ret is the run's status so far.
 */
static int end_run(const struct run_config *rc, const char *driver,
		   struct wl_run *run, struct sinks *sinks, int ret)
{
	if (ret > 1)
		goto out;	/* stopped by a signal: nothing more */
	if (sim_schedule_check()) {
		fprintf(stderr, "schedsim: --interleave: %s\n", sim_error());
		ret = 2;
	} else if (rc->interleave && !ret) {
		fprintf(stderr, "schedsim: %s: interleave %s: %lu decisions, "
			"%d not the default\n", driver, rc->interleave,
			sim_nr_decisions(), sim_schedule_length());
	}
	if (metrics_end(sinks->m, run)) {
		fprintf(stderr, "schedsim: out of memory\n");
		ret = ret ? ret : 1;
	}
	if (end_trace(sinks->trace) && !ret)
		ret = 1;
	sinks->trace = NULL;
	if (rc->schedstat && !sim_failed() && keep_schedstat(sinks->m))
		ret = ret ? ret : 1;
out:
	trace_discard(sinks->trace);
	return ret;
}

/**
 * run_workload - run @wl on @driver and measure it into @m.
 * @rc: the machine and the run
 * @driver: the driver to boot
 * @wl: the workload
 * @name: its name in reports
 * @trace: the open trace output of this run, or NULL
 * @m: the metrics, to metrics_free()
 *
 * Boots the machine of @rc, writes its tunables, starts the trace (if
 * any) and the workload and runs it for the --duration, else the
 * workload's own duration, else RUN_DEFAULT_NS, ending early when every
 * task of a finite workload has exited.  The trace output is left for
 * the caller to commit.
 *
 * Return: 0; 1 when the machine reported a bug (@m->failed; the report is
 * printed), the workload could not start or the trace not be written; 2
 * for a bad --set; 128 + the signal that stopped the run.
 */
int run_workload(const struct run_config *rc, const char *driver,
		 const struct workload *wl, const char *name,
		 struct out_file *trace, struct run_metrics *m)
{
	struct sinks sinks = { m, NULL };
	struct wl_run run;
	char err[512];
	double start = host_seconds();
	int ret;

	memset(&run, 0, sizeof(run));
	memset(m, 0, sizeof(*m));
	ret = run_boot(rc, driver);
	if (ret)
		return ret;
	metrics_begin(m);
	m->seed = rc->seed;
	snprintf(m->workload, sizeof(m->workload), "%s", name);
	m->ignored = (const char *const *)wl->ignored;
	m->nr_ignored = wl->nr_ignored;
	if (trace && !(sinks.trace = trace_start(trace, err, sizeof(err)))) {
		fprintf(stderr, "schedsim: %s\n", err);
		ret = 1;
		goto out;
	}
	sim_trace_set_sink(fan_out, &sinks);

	ret = workload_start(wl, &run, err, sizeof(err));
	if (ret && !sim_failed())
		fprintf(stderr, "schedsim: %s\n", err);
	else if (!ret)
		ret = run_steps(driver, &run, &sinks,
				sim_now() + run_length(rc, wl));
	if (ret && sim_failed())
		fprintf(stderr, "schedsim: %s: %s\n", driver, sim_report());
	if (ret < 0)
		ret = 1;
	sim_trace_set_sink(NULL, NULL);
	ret = end_run(rc, driver, &run, &sinks, ret);
	m->host_seconds = host_seconds() - start;
	workload_run_free(&run);
out:
	sim_shutdown();
	return ret;
}
