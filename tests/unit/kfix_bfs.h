/*
 * tests/unit/kfix_bfs.h - a window on the bfs driver's per-task fields
 * and its global queue.
 *
 * kfix_bfs.c is kernel-world code (compiled like the drivers) that reads
 * and, for the setup of a test, writes p->u.bfs of a task; this header
 * is host-includable and uses plain C types only.
 *
 * Every function is "outside": call it from the test program between
 * runs, never from a task body.  The setup writes change only numbers
 * the driver reads at its next event (a deadline, the slice left, the
 * affinity), never a task's place in the queue.
 *
 * Without the driver in the build, or with another driver booted, every
 * function returns -1 (kfix_bfs_available() returns 0).
 */
#ifndef _PLUGSCHED_KFIX_BFS_H
#define _PLUGSCHED_KFIX_BFS_H

#ifdef __cplusplus
extern "C" {
#endif

/* A copy of the u.bfs fields of one task, and its CPU. */
struct kfix_bfs {
	int prio;			/* 0..99 RT, static_prio for NORMAL */
	int on_rq;			/* on the global queue */
	int cpu;			/* task_cpu() */
	long long time_slice;		/* ns left of the slice */
	unsigned long long deadline;	/* ns of the machine's clock */
};

/* 1 if bfs is built and the booted machine runs it, else 0. */
int kfix_bfs_available(void);

/* Read @pid's fields into @out: 0, or -1 (no driver, no such task). */
int kfix_bfs_read(int pid, struct kfix_bfs *out);

/* Setup writes: @pid's deadline (ns) or slice left (ns).  0, or -1. */
int kfix_bfs_set_deadline(int pid, unsigned long long deadline);
int kfix_bfs_set_time_slice(int pid, long long ns);

/*
 * Setup write: @pid's cpus_allowed becomes @mask (bit n: CPU n), which
 * must hold the CPU the task is on.  0, or -1.
 */
int kfix_bfs_set_allowed(int pid, unsigned long mask);

/*
 * Breaking writes, for the tests of the driver's own check: @pid's
 * ->prio, on_rq flag or task_cpu() (its accounting left behind) set
 * behind the driver's back; @pid moved onto queued task @behind's list,
 * just behind it (the levels' bits stay); @cpu's idle task given @prio
 * and @on_rq.
 * 0, or -1 (no driver, no such task or CPU).
 */
int kfix_bfs_break_prio(int pid, int prio);
int kfix_bfs_break_on_rq(int pid, int on_rq);
int kfix_bfs_break_cpu(int pid, int cpu);
int kfix_bfs_break_move(int pid, int behind);
int kfix_bfs_break_idle(int cpu, int prio, int on_rq);

/* Breaking write: @cpu's runqueue back on its own lock.  0, or -1. */
int kfix_bfs_break_lock(int cpu);

/*
 * Task context (from a task body, unlike everything above): the
 * kernel's set_cpus_allowed(@pid, @mask), as sched_setaffinity() calls
 * it.  Its result, or -1 (no driver, no such task).
 */
int kfix_bfs_set_cpus_allowed(int pid, unsigned long mask);

/*
 * set_oom_timeslice(@pid), as the OOM killer does to its victim.  0, or
 * -1 (no driver, no such task).
 */
int kfix_bfs_oom(int pid);

#ifdef __cplusplus
}
#endif

#endif /* _PLUGSCHED_KFIX_BFS_H */
