/*
 * tools/trace.h - schedsim's trace writer (--trace=FILE).
 *
 * Records the machine's scheduling events (sim_trace_set_sink()) during
 * a run and writes them at the end, in the format the file's extension
 * names:
 *
 *	.txt	ftrace text, as the kernel's tracing/trace file shows it
 *		(sched_switch, sched_waking, sched_wakeup, sched_wakeup_new,
 *		sched_migrate_task), which Perfetto's UI opens as a per-CPU
 *		timeline;
 *	.json	Chrome/Perfetto JSON events: one row per CPU, a complete
 *		event per run of a task, instants for wake-ups and
 *		migrations.
 */
#ifndef SCHEDSIM_TRACE_H
#define SCHEDSIM_TRACE_H

#include <stddef.h>

#include <plugsched/sim.h>

enum trace_format {
	TRACE_BAD = -1,
	TRACE_TXT,
	TRACE_JSON,
};

struct trace;

/* The format @path's extension names, or TRACE_BAD. */
enum trace_format trace_format_of(const char *path);

/*
 * trace_open - check @path's extension and create the file, before the
 * machine boots.  Returns the writer, or NULL with a one-line reason in
 * @err.
 */
struct trace *trace_open(const char *path, char *err, size_t len);

/*
 * trace_attach - after sim_boot(): start recording.  The caller owns the
 * machine's trace sink and passes every event on to trace_event(), which
 * only records (it runs inside the machine); the caller removes the sink
 * before trace_finish() or trace_discard().
 */
void trace_attach(struct trace *t);
void trace_event(const struct sim_trace_event *ev, void *t);

/*
 * trace_finish - stop recording, write everything up to @end_ns (runs
 * still open end there), close the file and free @t.  Returns 0, or -1
 * with a one-line reason in @err.
 */
int trace_finish(struct trace *t, unsigned long long end_ns, char *err,
		 size_t len);

/* trace_discard - stop recording and free @t (a failed run). */
void trace_discard(struct trace *t);

#endif /* SCHEDSIM_TRACE_H */
