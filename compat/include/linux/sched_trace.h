/*
 * linux/sched_trace.h - scheduler trace points.
 *
 * Later kernels have these as tracepoints; here the machine records them
 * for its trace, its statistics and its determinism digest
 * (compat/trace.c).  sched_switch and sched_migrate_task are recorded by
 * switch_to() and set_task_cpu() themselves.
 */
#ifndef _LINUX_SCHED_TRACE_H
#define _LINUX_SCHED_TRACE_H

struct task_struct;

extern void trace_sched_wakeup(struct task_struct *p, int success);
extern void trace_sched_wakeup_new(struct task_struct *p, int success);
/*
 * set_cpus_allowed() of @p begins (@done 0) and returns (1): in between
 * its mask is new but the move to an allowed CPU may still be pending.
 */
extern void trace_sched_set_cpus_allowed(struct task_struct *p, int done);

#endif /* _LINUX_SCHED_TRACE_H */
