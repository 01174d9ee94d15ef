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
 * What kfix_ingo_check_broken() breaks on a CPU: its runqueue's fields,
 * its arrays, its running task's fields.
 */
enum kfix_ingo_break {
	KFIX_INGO_SAME_ARRAYS,		/* expired = active */
	KFIX_INGO_SWAP_ARRAYS,		/* active <-> expired */
	KFIX_INGO_NR_RUNNING,		/* nr_running += value */
	KFIX_INGO_NR_ACTIVE,		/* active->nr_active += value */
	KFIX_INGO_DELIMITER,		/* bit MAX_PRIO of active cleared */
	KFIX_INGO_EMPTY_LEVEL,		/* bit value of active set */
	KFIX_INGO_BEST_EXPIRED,		/* best_expired_prio = value */
	KFIX_INGO_EXPIRED_STAMP,	/* expired_timestamp = jiffies + value */
	KFIX_INGO_FORK_RESCHED,		/* fork_resched = the running task */
	KFIX_INGO_IDLE_QUEUED,		/* the idle task's array = active */
	KFIX_INGO_IDLE_PRIO,		/* the idle task's prio = value */
	KFIX_INGO_UNQUEUE_CURR,		/* the running task off its array */
	KFIX_INGO_CURR_STATIC_PRIO,	/* the running task's static prio */
	KFIX_INGO_CURR_TIME_SLICE,	/* ... time_slice = value */
	KFIX_INGO_CURR_FIRST_SLICE,	/* ... first_time_slice = value */
	KFIX_INGO_CURR_ACTIVATED,	/* ... activated = value */
	KFIX_INGO_CURR_NO_RESCHED,	/* ... need_resched cleared */
};

/*
 * Break @what (@value) on @cpu, run ingosched's own check alone (not the
 * machine's), and undo the damage: the check's result (0 or nonzero),
 * its report in @buf; -1 if there is no driver, no such CPU, or no task
 * queued there to find its runqueue by.  The breaks a driver can never
 * make are how the tests show that each rule of the check reports.
 * Outside, or in task context to look at another CPU between a wake-up
 * this task made and the interrupt that acts on it.
 */
int kfix_ingo_check_broken(int cpu, int what, long value, char *buf,
			   int len);

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
