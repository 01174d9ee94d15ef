/*
 * tools/report.h - schedsim's HTML report (--report=DIR).
 *
 * One self-contained page, DIR/index.html, with inline SVG charts and no
 * script or resource from the network: per driver a per-CPU timeline of
 * the first seconds, the wake-up latency distribution of each driver,
 * and the CPU share of each task under each driver.
 */
#ifndef SCHEDSIM_REPORT_H
#define SCHEDSIM_REPORT_H

#include <stddef.h>

#include "metrics.h"

/*
 * report_write - write DIR/index.html for the @nr runs (one per driver,
 * same workload and seed), creating DIR if needed.  Returns 0, or -1 with
 * a one-line reason in @err.
 */
int report_write(const char *dir, const struct run_metrics *runs, int nr,
		 char *err, size_t len);

#endif /* SCHEDSIM_REPORT_H */
