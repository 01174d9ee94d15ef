/*
 * tests/unit/kfix_eevdf.h - a window on the eevdf driver's per-task
 * fields and its queues, recomputed from them.
 *
 * kfix_eevdf.c is kernel-world code (compiled like the drivers) that
 * reads and, for the setup of a test, writes p->u.eevdf of a task; this
 * header is host-includable and uses plain C types only.
 *
 * Every function is "outside": call it from the test program between
 * runs (or from a trace sink, which runs between two statements of the
 * machine), never from a task body.  The setup writes change only
 * numbers the driver reads at its next event (a sleeper's lag, a
 * task's next request size), never a task's place in a queue.
 *
 * Without the driver in the build, or with another driver booted, every
 * function returns -1 (kfix_eevdf_available() returns 0).
 */
#ifndef _PLUGSCHED_KFIX_EEVDF_H
#define _PLUGSCHED_KFIX_EEVDF_H

#ifdef __cplusplus
extern "C" {
#endif

/* A copy of the u.eevdf fields of one task. */
struct kfix_eevdf {
	int prio;			/* 0..99 RT, 100..139 fair */
	int on_rq;			/* queued, running included */
	int curr;			/* the fair task its CPU runs */
	unsigned long weight;		/* 15..88761 */
	unsigned long long vruntime;	/* virtual ns */
	unsigned long long deadline;	/* virtual ns */
	unsigned long long min_deadline;	/* of its subtree */
	long long vlag;			/* V - vruntime when it left */
	unsigned long long slice;	/* ns: the request in force */
};

/* 1 if eevdf is built and the booted machine runs it, else 0. */
int kfix_eevdf_available(void);

/* Read @pid's fields into @out: 0, or -1 (no driver, no such task). */
int kfix_eevdf_read(int pid, struct kfix_eevdf *out);

/*
 * The fair queue of @cpu, recomputed from its tasks' fields alone: how
 * many (the running one included), their weights summed, and V, their
 * weighted average virtual runtime rounded down.  0, or -1.
 */
struct kfix_eevdf_queue {
	int nr;
	unsigned long load;
	unsigned long long v;
};

int kfix_eevdf_queue(int cpu, struct kfix_eevdf_queue *out);

/*
 * kfix_eevdf_audit_pick - the fair task @cpu runs is eligible (v <= V,
 * exactly: (v - v') * W <= sum w_i (v_i - v')) and no eligible queued
 * fair task has an earlier deadline, both recomputed from the tasks'
 * fields.  0 if so, or if the CPU runs no fair task; 1 with the reason
 * in @buf; -1 without the driver.  Meant for a trace sink at a switch,
 * when the pick has just been made.
 */
int kfix_eevdf_audit_pick(int cpu, char *buf, int len);

/*
 * Setup writes: @pid's own request size in us (0: base_slice), taken at
 * its next request; the lag (virtual ns, V - vruntime) a sleeping task
 * comes back with.  0, or -1 (no driver, no such task; for the lag, a
 * task that is queued).
 */
int kfix_eevdf_set_slice(int pid, unsigned int us);
int kfix_eevdf_set_vlag(int pid, long long vlag);

/*
 * Task context (from a task body, unlike everything above): the
 * kernel's set_user_nice(@pid, @nice) on another task, as
 * sys_setpriority() would call it.  0, or -1 (no driver, no such task).
 */
int kfix_eevdf_renice(int pid, int nice);

/* Breaking writes, for the tests of the driver's own check. */
enum kfix_eevdf_field {
	KFIX_EEVDF_VRUNTIME,
	KFIX_EEVDF_DEADLINE,		/* min_deadline follows */
	KFIX_EEVDF_MIN_DEADLINE,
	KFIX_EEVDF_WEIGHT,
	KFIX_EEVDF_ON_RQ,
	KFIX_EEVDF_PRIO,		/* of a SCHED_NORMAL task */
	KFIX_EEVDF_RT_LEVEL,		/* prio and rt_priority, not the list */
};

/* @pid's @field set to @value behind the driver's back.  0, or -1. */
int kfix_eevdf_break(int pid, enum kfix_eevdf_field field, long long value);

/*
 * More: @cpu's idle task given @prio and @on_rq; RT task @pid moved on
 * its list to just behind RT task @behind (the levels' bits stay);
 * running fair @pid's tree node marked as linked; @cpu's nr_running
 * moved by @delta; the reschedule pending on @cpu taken back (from a
 * trace sink, right after the wake-up that asked for it).  0, or -1.
 */
int kfix_eevdf_break_idle(int cpu, int prio, int on_rq);
int kfix_eevdf_break_move(int pid, int behind);
int kfix_eevdf_break_in_tree(int pid);
int kfix_eevdf_break_nr_running(int cpu, long delta);
int kfix_eevdf_break_resched(int cpu);

#ifdef __cplusplus
}
#endif

#endif /* _PLUGSCHED_KFIX_EEVDF_H */
