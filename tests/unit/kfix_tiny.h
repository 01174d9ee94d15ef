/*
 * tests/unit/kfix_tiny.h - a window on the tiny driver's per-task fields.
 *
 * kfix_tiny.c is kernel-world code (compiled like the drivers) that reads
 * and, for the setup of a test, writes p->u.tiny of a task; this header
 * is host-includable and uses plain C types only.
 *
 * Every function is "outside": call it from the test program between
 * runs, never from a task body, unless it says otherwise.  The setup
 * writes change only numbers the driver reads at its next event (the
 * slice left), never a task's place in a queue.
 *
 * Without the driver in the build, or with another driver booted, every
 * function returns -1 (kfix_tiny_available() returns 0).
 */
#ifndef _PLUGSCHED_KFIX_TINY_H
#define _PLUGSCHED_KFIX_TINY_H

#ifdef __cplusplus
extern "C" {
#endif

/* A copy of the u.tiny fields of one task. */
struct kfix_tiny {
	int prio;			/* 0..99 RT, static_prio for NORMAL */
	int on_rq;			/* queued on its CPU's runqueue */
	unsigned int time_slice;	/* jiffies left of the slice */
};

/* 1 if tiny is built and the booted machine runs it, else 0. */
int kfix_tiny_available(void);

/* Read @pid's fields into @out: 0, or -1 (no driver, no such task). */
int kfix_tiny_read(int pid, struct kfix_tiny *out);

/*
 * The pids queued on @cpu in the driver's order (best level first, each
 * level from its head), the running task included (tiny keeps it
 * queued): how many, at most @max written to @pids; -1 without tiny.
 */
int kfix_tiny_queue(int cpu, int *pids, int max);

/* Setup write: @pid's slice left.  0, or -1 (no driver, no such task). */
int kfix_tiny_set_time_slice(int pid, unsigned int ticks);

/*
 * Setup write: @pid's cpus_allowed becomes @mask (bit n: CPU n), which
 * must hold the CPU the task is on: what set_cpus_allowed() does then,
 * without the syscall's caller on some CPU.  0, or -1 (no driver, no
 * such task, or a mask without its CPU).
 */
int kfix_tiny_set_allowed(int pid, unsigned long mask);

/*
 * Breaking writes, for the tests of the driver's own check: @pid's
 * ->prio (which its queue level does not follow) or its slice left set
 * behind the driver's back.  0, or -1 (no driver, no such task).
 */
int kfix_tiny_break_prio(int pid, int prio);
int kfix_tiny_break_time_slice(int pid, unsigned int ticks);

/*
 * More breaking writes: @pid's on_rq flag set to @on_rq; @pid moved
 * from its queue's list to just behind queued task @behind, on that
 * one's list and CPU (task_cpu() follows), while the levels' bits and
 * the runqueues' counts stay as they were; @cpu's idle task given
 * @prio and @on_rq.  0, or -1 (no driver, no such task or CPU, not
 * queued).
 */
int kfix_tiny_break_on_rq(int pid, int on_rq);
int kfix_tiny_break_move(int pid, int behind);
int kfix_tiny_break_idle(int cpu, int prio, int on_rq);

/*
 * sched_idle_next() on @cpu, which is online: the hotplug call made
 * where it does not belong (tiny's check says so).  0, or -1.
 */
int kfix_tiny_idle_next(int cpu);

/*
 * set_oom_timeslice(@pid), as the OOM killer does to its victim (tiny
 * takes no lock for it).  0, or -1 (no driver, no such task).
 */
int kfix_tiny_oom(int pid);

/*
 * Task context (from a task body, unlike everything above): the
 * kernel's set_user_nice(@pid, @nice) on another task, as
 * sys_setpriority() would call it.  0, or -1 (no driver, no such task).
 */
int kfix_tiny_renice(int pid, int nice);

#ifdef __cplusplus
}
#endif

#endif /* _PLUGSCHED_KFIX_TINY_H */
