/*
 * tests/unit/kfix_stair.h - a window on the staircase driver's per-task
 * fields and numbers.
 *
 * kfix_stair.c is kernel-world code (compiled like the drivers) that
 * reads and, for the setup of a test, writes p->u.staircase of a task;
 * this header is host-includable and uses plain C types only.
 *
 * Every function is "outside": call it from the test program between
 * runs, never from a task body.  The writes change only numbers the
 * driver reads at its next event (burst, the slice and interval left),
 * never a task's place in a queue.  The driver's check holds every
 * queued task to the design after each event (its interval ending on a
 * step of its slice, its level the formula's), so write what the driver
 * could have reached: to a sleeping task, or a burst to one that has
 * used none of its slice yet.
 *
 * Without the driver in the build, or with another driver booted, every
 * function returns -1 (kfix_stair_available() returns 0).
 */
#ifndef _PLUGSCHED_KFIX_STAIR_H
#define _PLUGSCHED_KFIX_STAIR_H

#ifdef __cplusplus
extern "C" {
#endif

/* A copy of the u.staircase fields of one task. */
struct kfix_stair {
	int prio;			/* the level it is queued on, 0..139 */
	int static_prio;		/* 100..139 (nice + 120) */
	unsigned int burst;		/* 0..19 - nice */
	unsigned int slice;		/* jiffies left of the slice */
	unsigned int time_slice;	/* jiffies left of the interval */
	unsigned int sflags;		/* 1: has forked, 2: has yielded */
	int queued;			/* on_rq */
	unsigned long long runtime;	/* ns run since the slice refill */
};

/* 1 if the staircase is built and the booted machine runs it, else 0. */
int kfix_stair_available(void);

/* Read @pid's fields into @out: 0, or -1 (no driver, no such task). */
int kfix_stair_read(int pid, struct kfix_stair *out);

/* Setup writes: 0, or -1 (no driver, no such task). */
int kfix_stair_set_burst(int pid, unsigned int burst);
int kfix_stair_set_slice(int pid, unsigned int slice,
			 unsigned int time_slice);
int kfix_stair_set_sflags(int pid, unsigned int sflags);

/*
 * Breaking writes, for the tests of the driver's own check: after one,
 * only sim_check() (which must report) and sim_shutdown() make sense.
 * set_prio writes ->prio and ->normal_prio without requeueing; set_on_rq
 * writes ->on_rq; queue_behind moves queued @pid into the queue of
 * queued @other, behind it, the bitmap and counts as they were.
 */
int kfix_stair_set_prio(int pid, int prio, int normal_prio);
int kfix_stair_set_on_rq(int pid, int on_rq);
int kfix_stair_queue_behind(int pid, int other);

/* The driver's starvation_bound(@nr_running) and pick_work() now. */
long kfix_stair_starvation_bound(unsigned long nr_running);
long long kfix_stair_pick_work(void);

#ifdef __cplusplus
}
#endif

#endif /* _PLUGSCHED_KFIX_STAIR_H */
