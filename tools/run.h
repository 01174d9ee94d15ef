/*
 * tools/run.h - one run of a workload on one driver, as schedsim does it
 * for a single run, for each driver of --compare and for each example
 * of --suite: boot, write the tunables, start the workload, run it with
 * a progress line, collect the metrics, write the trace, shut down.
 */
#ifndef SCHEDSIM_RUN_H
#define SCHEDSIM_RUN_H

#include "metrics.h"
#include "output.h"
#include "workload.h"

#define NSEC_PER_MSEC		1000000ULL
#define NSEC_PER_SEC		1000000000ULL
#define RUN_DEFAULT_NS		(10 * NSEC_PER_SEC)
#define RUN_MAX_SETS		32

struct run_config {
	int cpus, smt, nodes, hz;
	unsigned long long seed;
	unsigned long long duration_ns;	/* 0: the workload's, or 10 s */
	const char *cmdline;		/* more boot parameters, or NULL */
	const char *sets[RUN_MAX_SETS];	/* DRIVER.TUNABLE=VALUE */
	int nr_sets;
	const char *trace;		/* --trace: FILE.txt|.json, or NULL */
	int schedstat;			/* print /proc/schedstat after */
	int checks;			/* invariants after every event */
	const char *interleave;		/* strategy, or NULL: serial */
	int ignore_unsupported;		/* run without what 2.6.10 lacks */
};

/* The workload_parse_flags() flags of @rc. */
static inline int run_parse_flags(const struct run_config *rc)
{
	return rc->ignore_unsupported ? WL_PARSE_IGNORE_UNSUPPORTED : 0;
}

/*
 * run_boot - boot the machine of @rc with @driver and apply the
 * --set tunables.  Returns 0, 1 (boot failed) or 2 (a bad --set), with
 * a one-line message on stderr; on failure nothing is left booted.
 */
int run_boot(const struct run_config *rc, const char *driver);

/*
 * run_preflight - before anything runs: every --set is of the form
 * DRIVER.TUNABLE=VALUE for one of the @nr @drivers, and with several
 * drivers each boots with its --set values.  Returns 0, 1 (a boot
 * failed) or 2 (bad input), after a one-line message.
 */
int run_preflight(const struct run_config *rc, const char *const *drivers,
		  int nr);

/*
 * run_workload - run @wl (named @name in reports) on @driver for the
 * configured duration, or until every task of a finite workload has
 * exited, and fill @m (metrics_free() it).  With @trace (an open
 * output) the run's events are written to it; the caller commits it.
 * Returns the exit status: 0, 1 (the machine reported a bug: @m->failed,
 * the report on stderr; or the trace could not be written), 2 (bad
 * --set) or 128 + the signal that stopped the run.
 */
int run_workload(const struct run_config *rc, const char *driver,
		 const struct workload *wl, const char *name,
		 struct out_file *trace, struct run_metrics *m);

#endif /* SCHEDSIM_RUN_H */
