/*
 * tools/trace.h - schedsim's trace writer (--trace=FILE).
 *
 * Writes the machine's scheduling events (sim_trace_set_sink()) of a run
 * as they come, in the format the file's extension names:
 *
 *	.txt	ftrace text, as the kernel's tracing/trace file shows it
 *		(sched_switch, sched_waking, sched_wakeup, sched_wakeup_new,
 *		sched_migrate_task), which Perfetto's UI opens as a per-CPU
 *		timeline;
 *	.json	Chrome/Perfetto JSON events: one row per CPU, a complete
 *		event per run of a task, instants for wake-ups and
 *		migrations;
 *	.dat	trace-cmd's trace.dat (version 6, tracedat.h): the same
 *		events as the ftrace text, with their format files, for
 *		trace-cmd report, KernelShark, Perfetto and LISA.
 *
 * The file itself is an output of tools/output.h: opened before the
 * machine boots, committed by the caller once the whole run is over.
 */
#ifndef SCHEDSIM_TRACE_H
#define SCHEDSIM_TRACE_H

#include <stddef.h>

#include <plugsched/sim.h>

#include "output.h"

enum trace_format {
	TRACE_BAD = -1,
	TRACE_TXT,
	TRACE_JSON,
	TRACE_DAT,
};

struct trace;

/* The format @path's extension names, or TRACE_BAD. */
enum trace_format trace_format_of(const char *path);

/*
 * trace_start - after sim_boot(): record from now on into @out (an open
 * output whose path has a good extension).  The caller owns the
 * machine's trace sink and passes every event on to trace_event(),
 * which only writes (it runs inside the machine); the caller removes
 * the sink before trace_end() or trace_discard().  Returns the writer,
 * or NULL with a one-line reason in @err.
 */
struct trace *trace_start(struct out_file *out, char *err, size_t len);
void trace_event(const struct sim_trace_event *ev, void *t);

/* A write of the trace failed: the run may stop. */
int trace_failed(const struct trace *t);

/*
 * trace_end - write the end (runs still open end at @end_ns) and free
 * the writer; the output stays open for the caller to commit.  Returns
 * 0, or -1 with a one-line reason in @err.
 */
int trace_end(struct trace *t, unsigned long long end_ns, char *err,
	      size_t len);

/* trace_discard - free the writer (a failed run); NULL is allowed. */
void trace_discard(struct trace *t);

#endif /* SCHEDSIM_TRACE_H */
