/*
 * tools/suite.h - schedsim --suite=DIR: every workload of a directory on
 * every driver, and a scoreboard in the spirit of Con Kolivas'
 * interbench: how the interactive (periodic) tasks of each workload fare
 * under each driver.
 */
#ifndef SCHEDSIM_SUITE_H
#define SCHEDSIM_SUITE_H

#include "run.h"

/*
 * suite_run - parse every DIR/\*.json (all of them first: a malformed
 * one stops the suite before anything runs), run each on each of the
 * @nr_drivers drivers with @rc, and print the scoreboard (text, or with
 * @json one JSON object).  With @report_dir, the HTML report of each
 * workload goes to REPORT_DIR/<workload>/.  The outputs are committed,
 * or removed after a failure, before it returns (out_end_run()).
 * Returns the exit status: 0, 1 (a run or a write failed), 2 (bad
 * input) or 128 + the signal that stopped it.
 */
int suite_run(const char *dir, const struct run_config *rc,
	      const char *const *drivers, int nr_drivers, int json,
	      const char *report_dir);

#endif /* SCHEDSIM_SUITE_H */
