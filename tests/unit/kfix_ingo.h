/*
 * tests/unit/kfix_ingo.h - a window on ingosched's per-task fields.
 *
 * kfix_ingo.c is kernel-world code (compiled like the drivers) that reads
 * and, for the setup of a test, writes p->u.ingosched of a task; this
 * header is host-includable and uses plain C types only.
 *
 * Every function is "outside": call it from the test program between
 * runs, never from a task body.  Writes are safe there because every CPU
 * is between events and no runqueue lock is held; they change only
 * numbers the driver reads at its next event (sleep_avg, credit, the
 * slice left), never a task's place in a queue.
 *
 * Without the driver in the build, or with another driver booted, every
 * function returns -1 (kfix_ingo_available() returns 0), so a test can
 * skip with a message.
 */
#ifndef _PLUGSCHED_KFIX_INGO_H
#define _PLUGSCHED_KFIX_INGO_H

#ifdef __cplusplus
extern "C" {
#endif

/* A copy of the u.ingosched fields of one task. */
struct kfix_ingo {
	int prio;			/* dynamic priority, 0..139 */
	int static_prio;		/* 100..139 (nice + 120) */
	unsigned int time_slice;	/* jiffies left */
	unsigned int first_time_slice;	/* still on the slice from fork */
	unsigned long long sleep_avg;	/* ns, 0..1e9 */
	long interactive_credit;
	int activated;			/* -1, 0, 1 or 2 */
	int queued;			/* array != NULL */
	unsigned long long timestamp;	/* ns */
};

/* 1 if ingosched is built and the booted machine runs it, else 0. */
int kfix_ingo_available(void);

/* Read @pid's fields into @out: 0, or -1 (no driver, no such task). */
int kfix_ingo_read(int pid, struct kfix_ingo *out);

/*
 * 1 if @a and @b are queued in the same prio_array (both active or both
 * expired on one CPU), 0 if both are queued in different arrays, -1 if
 * either is not queued or does not exist.
 */
int kfix_ingo_same_array(int a, int b);

/* Setup writes: 0, or -1 (no driver, no such task). */
int kfix_ingo_set_sleep_avg(int pid, unsigned long long ns);
int kfix_ingo_set_credit(int pid, long credit);
int kfix_ingo_set_time_slice(int pid, unsigned int ticks);

/*
 * Breaking writes, for the tests of the driver's own check: @pid's
 * dynamic (->prio) or normal priority set while it stays on its queue
 * level.  0, or -1 (no driver, no such task).
 */
int kfix_ingo_break_prio(int pid, int prio);
int kfix_ingo_break_normal_prio(int pid, int prio);

/*
 * Task context (from a task body, unlike everything above): the kernel's
 * set_user_nice(@pid, @nice), as sys_setpriority() would call it on
 * another task.  0, or -1 (no driver, no such task).
 */
int kfix_ingo_renice(int pid, int nice);

/*
 * Task context: wake one sleeper of harness wait queue @wq as a sync
 * wake-up (wake_up_interruptible_sync(), the waker promising to sleep
 * next), then sleep @sleep_ns interruptibly as that promise says, with
 * nothing in between.  0, or -1 (no driver, no such queue).
 */
int kfix_ingo_wake_sync_and_sleep(int wq, unsigned long long sleep_ns);

#ifdef __cplusplus
}
#endif

#endif /* _PLUGSCHED_KFIX_INGO_H */
