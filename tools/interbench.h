/*
 * tools/interbench.h - schedsim --interbench: Con Kolivas' interbench
 * (2006) on the simulated machine.
 *
 * Each foreground load (Audio, Video, X, Gaming) runs under each
 * background load (None, Video, X, Burn, Write, Read, Compile, Memload)
 * on every driver, and is scored as interbench scores it: its latency
 * (average, standard deviation, maximum), the share of the CPU it
 * wanted that it got and the share of its deadlines it met.  A last
 * table gives the CPU share of hogs of different nice levels sharing
 * one CPU.  docs/interbench.md describes the loads and the measures.
 */
#ifndef SCHEDSIM_INTERBENCH_H
#define SCHEDSIM_INTERBENCH_H

#include "run.h"

/* The measured time of a cell when --duration is not given. */
#define IB_DEFAULT_NS		(3 * NSEC_PER_SEC)

/*
 * interbench_run - the grid on each of the @nr_drivers @drivers, on the
 * machine of @rc, each cell measured for @rc->duration_ns (0: the
 * default) after a second of warm-up.  Prints interbench's tables and,
 * with @report_dir, writes REPORT_DIR/index.html.  The outputs are
 * committed, or removed after a failure, before it returns.  Returns
 * the exit status: 0, 1 (a run or a write failed), 2 (bad input) or
 * 128 + the signal that stopped it.
 */
int interbench_run(const struct run_config *rc, const char *const *drivers,
		   int nr_drivers, const char *report_dir);

/*
 * interbench_workload - print the rt-app JSON of the cell @fg under @bg
 * (load names, any case) for a machine of @rc, as the grid runs it.
 * Returns 0, or 2 after a message naming the loads when either is not
 * one.
 */
int interbench_workload(const struct run_config *rc, const char *fg,
			const char *bg);

#endif /* SCHEDSIM_INTERBENCH_H */
