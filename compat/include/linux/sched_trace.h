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

#endif /* _LINUX_SCHED_TRACE_H */
