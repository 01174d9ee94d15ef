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

/*
 * The scheduler entry point a CPU's code is in, innermost first: the
 * dispatcher marks where each begins and ends, so the machine can tell
 * what made a task change CPU (a wake-up's placement, the tick's
 * balancing, a pull by a CPU going idle...) without asking the driver.
 * Code outside all of them (a kernel thread's own loop, such as a
 * migration thread's) is SCHED_CTX_NONE.
 */
enum sched_ctx {
	SCHED_CTX_NONE,
	SCHED_CTX_WAKEUP,	/* try_to_wake_up() */
	SCHED_CTX_NEW,		/* wake_up_new_task() */
	SCHED_CTX_TICK,		/* scheduler_tick() */
	SCHED_CTX_SCHEDULE,	/* schedule(), schedule_tail() */
	SCHED_CTX_AFFINITY,	/* set_cpus_allowed() */
	SCHED_CTX_EXEC,		/* sched_exec() */
	SCHED_CTX_HOTPLUG,	/* a CPU hotplug notifier */
	SCHED_CTX_MACHINE,	/* the machine places a task (kthread_bind) */
	SCHED_NR_CTX
};

/*
 * trace_sched_enter - this CPU's code enters @ctx; returns the context
 * it was in, for trace_sched_leave().
 */
extern int trace_sched_enter(int ctx);
extern void trace_sched_leave(int old_ctx);

/*
 * try_to_wake_up(@p, @state) is about to run, and has run (@success):
 * the pair also marks SCHED_CTX_WAKEUP, @old_ctx being what the first
 * returned.
 */
extern int trace_sched_waking(struct task_struct *p, unsigned int state);
extern void trace_sched_wakeup(struct task_struct *p, int success,
			       int old_ctx);
/*
 * wake_up_new_task() of @p begins (it always wakes @p): SCHED_CTX_NEW,
 * left as any other.
 */
extern int trace_sched_wakeup_new(struct task_struct *p);
/* sys_sched_yield() by current, before the driver's. */
extern void trace_sched_yield(void);
/* sched_exec() by current, before and after: SCHED_CTX_EXEC. */
extern int trace_sched_exec(void);
extern void trace_sched_exec_done(int old_ctx);
/* cpu_attach_domain() gave @cpu new sched domains (or none). */
extern void trace_sched_attach_domain(int cpu);
/*
 * set_cpus_allowed() of @p begins (@done 0) and returns (1): in between
 * its mask is new but the move to an allowed CPU may still be pending.
 */
extern void trace_sched_set_cpus_allowed(struct task_struct *p, int done);

#endif /* _LINUX_SCHED_TRACE_H */
