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
#include <stdio.h>

#include "metrics.h"
#include "output.h"

/*
 * report_open - before the run: create @dir (and its parents) and open
 * its page DIR/index.html as an output (tools/output.h), which must not
 * be one of the @nr_inputs files of @inputs.  Returns 0, or -1 with a
 * one-line reason in @err.
 */
int report_open(struct out_file *out, const char *dir,
		const char *const *inputs, int nr_inputs, char *err,
		size_t len);

/*
 * report_write - write the page for the @nr runs (one per driver, same
 * workload and seed) into @out, with @warnings (from
 * workload_read(), or NULL) at the top; the caller commits it (a
 * failed write shows then).  Returns 0, or -1 with a one-line reason in
 * @err when memory ran out.
 */
int report_write(struct out_file *out, const struct run_metrics *runs,
		 int nr, const char *warnings, char *err, size_t len);

/*
 * The parts every page of schedsim shares, for pages other than the
 * report of a run (the interbench scoreboard, tools/interbench.c): the
 * head and style up to the <h1> "schedsim WHAT: NAME", the end, HTML
 * escaping, and the colour of each driver.
 */
void report_page_begin(FILE *f, const char *what, const char *name);
void report_page_end(FILE *f);
void report_text(FILE *f, const char *s);
const char *report_colour(int i);

#endif /* SCHEDSIM_REPORT_H */
