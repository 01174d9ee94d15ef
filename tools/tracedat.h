/*
 * tools/tracedat.h - trace-cmd's trace.dat for --trace=FILE.dat.
 *
 * The file format of trace-cmd, version 6 (trace-cmd.dat.v6(5)): the
 * "tracing" header, the ring buffer's header_page and header_event, the
 * format files of the sched events (sched_switch, sched_waking,
 * sched_wakeup, sched_wakeup_new, sched_migrate_task) as a kernel's
 * tracefs shows them, the pid-to-comm list, then per CPU the ring
 * buffer's 4096-byte pages of events with their time deltas.  It is
 * always written little-endian with 64-bit longs, so a run gives the
 * same bytes on any host.
 *
 * The pages go to one scratch file per CPU as they fill, so the memory
 * of a run holds one page per CPU and one comm per task, whatever its
 * length; the header and the pages follow each other at the end.
 */
#ifndef SCHEDSIM_TRACEDAT_H
#define SCHEDSIM_TRACEDAT_H

#include <stddef.h>

#include <plugsched/sim.h>

#include "output.h"

struct tracedat;

/*
 * tracedat_start - a writer into @out (open, nothing written yet) for a
 * machine of @nr_cpus CPUs.  Returns it, or NULL with a one-line reason
 * in @err.
 */
struct tracedat *tracedat_start(struct out_file *out, int nr_cpus,
				char *err, size_t len);

/*
 * tracedat_event - record machine event @e (a wake-up is sched_waking
 * then sched_wakeup) while the task @common_pid is current on e->cpu.
 * Returns 0, or -1 out of memory.
 */
int tracedat_event(struct tracedat *d, const struct sim_trace_event *e,
		   int common_pid);

/* A write to a scratch file failed: the errno, or 0. */
int tracedat_error(const struct tracedat *d);

/*
 * tracedat_end - write the whole file into the output and free the
 * writer.  Returns 0, or -1 out of memory; a failed write is kept in
 * the output's err for its commit.
 */
int tracedat_end(struct tracedat *d);

/* tracedat_free - free the writer without writing; NULL is allowed. */
void tracedat_free(struct tracedat *d);

#endif /* SCHEDSIM_TRACEDAT_H */
