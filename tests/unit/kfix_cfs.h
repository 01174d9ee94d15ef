/*
 * tests/unit/kfix_cfs.h - a window on the cfs driver's per-task fields
 * and its runqueues.
 *
 * kfix_cfs.c is kernel-world code (compiled like the drivers) that reads
 * and, to break a check on purpose, writes p->u.cfs of a task, and reads
 * a CPU's min_vruntime; this header is host-includable and uses plain C
 * types only.
 *
 * Every function is "outside": call it from the test program between
 * runs, never from a task body.  Without the driver in the build, or
 * with another driver booted, every function returns -1
 * (kfix_cfs_available() returns 0).
 */
#ifndef _PLUGSCHED_KFIX_CFS_H
#define _PLUGSCHED_KFIX_CFS_H

#ifdef __cplusplus
extern "C" {
#endif

/* A copy of the u.cfs fields of one task. */
struct kfix_cfs {
	int prio;			/* 0..99 RT, static_prio fair */
	int on_rq;			/* queued, running or not */
	int in_tree;			/* in its CPU's tree (waiting, fair) */
	unsigned long weight;		/* load.weight */
	long long vruntime;		/* ns */
	unsigned long long sum_exec_runtime;	/* ns */
	unsigned int time_slice;	/* SCHED_RR: jiffies left */
};

/* 1 if cfs is built and the booted machine runs it, else 0. */
int kfix_cfs_available(void);

/* Read @pid's fields into @out: 0, or -1 (no driver, no such task). */
int kfix_cfs_read(int pid, struct kfix_cfs *out);

/* @pid's vruntime less @cpu's min_vruntime, in ns (*@lag); 0 or -1. */
int kfix_cfs_lag(int pid, int cpu, long long *lag);

/* @cpu's min_vruntime in ns (*@min); 0, or -1 (no driver, no CPU). */
int kfix_cfs_min_vruntime(int cpu, unsigned long long *min);

/*
 * The pids queued on @cpu in the driver's order (RT by level, then the
 * fair task running, then the tree from its leftmost): how many, at
 * most @max written to @pids; -1 without cfs.
 */
int kfix_cfs_queue(int cpu, int *pids, int max);

/*
 * Break a queued task on purpose, for the tests of the driver's check:
 * its vruntime (ns, absolute), its weight, its on_rq flag, its prio.
 * 0, or -1 (no driver, no such task).
 */
int kfix_cfs_break_vruntime(int pid, long long vruntime);
int kfix_cfs_break_weight(int pid, unsigned long weight);
int kfix_cfs_break_on_rq(int pid, int on_rq);
int kfix_cfs_break_prio(int pid, int prio);

/* @cpu's idle task's prio, broken on purpose.  0, or -1. */
int kfix_cfs_break_idle_prio(int cpu, int prio);

/* set_oom_timeslice(@pid), as the OOM killer calls it.  0, or -1. */
int kfix_cfs_oom(int pid);

/* The driver's rt_task(@pid): 1 or 0, or -1 (no driver, no task). */
int kfix_cfs_rt_task(int pid);

/*
 * Queue sleeping task @pid on its CPU as a wake-up would, but without
 * asking for a reschedule: the idle task then runs while it waits.
 * 0, or -1 (no driver, no such task, or it is queued).
 */
int kfix_cfs_queue_silently(int pid);

#ifdef __cplusplus
}
#endif

#endif /* _PLUGSCHED_KFIX_CFS_H */
