/*
 * tools/workload.h - workloads in rt-app's JSON format, run on the
 * simulated machine.
 *
 * rt-app (github.com/scheduler-tools/rt-app, the generator behind
 * Linaro's LISA) describes a workload as threads that loop over phases
 * of events: run, sleep, timer, lock, ...  schedsim reads the subset
 * LISA's periodic/ramp/step workloads and hand-written files use (see
 * docs/workloads.md) with json-c as rt-app does, checks all of it before
 * the machine boots, and runs each thread instance as a task whose body
 * executes the events with the machine's own primitives (sim_burn(),
 * sim_sleep(), sim_mutex_lock(), sched_yield() ...).  Times in the file are in
 * microseconds; here everything is in nanoseconds.
 */
#ifndef SCHEDSIM_WORKLOAD_H
#define SCHEDSIM_WORKLOAD_H

#include <limits.h>
#include <stddef.h>
#include <stdio.h>

#define WL_PRIO_UNCHANGED	INT_MIN	/* phase priority not given */
#define WL_FORKS_LIMIT		1024	/* forks of a task (rt-app) */
#define WL_MAX_INSTANCES	4096	/* started at once, all tasks */

enum wl_event_type {
	WL_RUN = 1,	/* use the CPU for ns of CPU time */
	WL_RUNTIME,	/* use the CPU until ns of virtual time passed */
	WL_SLEEP,	/* sleep ns */
	WL_TIMER,	/* wait for the next period of timer res */
	WL_YIELD,	/* sched_yield() */
	WL_LOCK,	/* take PI mutex res */
	WL_UNLOCK,	/* release PI mutex res */
	WL_FORK,	/* fork a new instance of task res */
	WL_WAIT,	/* wait on condition res, releasing mutex dep */
	WL_SIGNAL,	/* wake one waiter of condition res */
	WL_BROADCAST,	/* wake every waiter of condition res */
	WL_SYNC,	/* signal res, then wait on it (mutex dep) */
	WL_SUSPEND,	/* lock dep, wait on res, unlock dep */
	WL_RESUME,	/* lock dep, broadcast res, unlock dep */
	WL_BARRIER,	/* wait until every user of barrier res came */
	WL_MEM,		/* write memory: ns of CPU work */
	WL_IORUN,	/* write to a device: ns of I/O wait */
};

struct wl_event {
	int type;
	unsigned long long ns;	/* run, runtime, sleep, mem, iorun; timer:
				 * period */
	int res;		/* timer, mutex, condition or barrier; fork:
				 * the task */
	int dep;		/* wait, sync, suspend, resume: the mutex */
};

struct wl_phase {
	long loop;		/* times in a row, >= 1 */
	int policy;		/* SIM_SCHED_*, or -1: unchanged */
	int priority;		/* nice or rt priority; without a policy
				 * (-1) one in the current policy, or
				 * WL_PRIO_UNCHANGED */
	char *cpus;		/* affinity "0,2-3", or NULL: the task's */
	struct wl_event *events;
	int nr_events;
};

struct wl_task {
	char *name;
	int instances;		/* >= 0; 0: only started by a fork event */
	long loop;		/* times through the phases, -1: forever */
	unsigned long long delay_ns;	/* before the first phase */
	int policy;		/* SIM_SCHED_* */
	int priority;		/* nice for NORMAL, 1..99 for FIFO/RR */
	char *cpus;		/* affinity list, NULL: all CPUs */
	struct wl_phase *phases;
	int nr_phases;
	int periodic;		/* has a timer event: missed periods count */
};

struct wl_timer {
	char *ref;
	int absolute;		/* "mode": "absolute" (default relative) */
	int unique;		/* ref "unique...": one timer per instance */
};

struct wl_barrier {
	char *name;
	int users;		/* instances of the tasks that name it */
};

struct workload {
	char *file;		/* for messages */
	unsigned long long duration_ns;	/* global.duration; 0: not given */
	struct wl_task *tasks;
	int nr_tasks;
	struct wl_timer *timers;
	int nr_timers;
	char **mutexes;		/* names of the lock resources, in order */
	int nr_mutexes;		/* at most SIM_NR_MUTEX */
	int pi_enabled;		/* global.pi_enabled: the mutexes inherit */
	char **conds;		/* names of the conditions ("wait") */
	int nr_conds;
	struct wl_barrier *barriers;
	int nr_barriers;
	char **ignored;		/* "FILE:LINE:COL: PATH: what: ignored, ..."
				 * per part a 2.6.10 kernel cannot do, with
				 * WL_PARSE_IGNORE_UNSUPPORTED */
	int nr_ignored;
};

/* Run without what a 2.6.10 kernel cannot do, listed in wl->ignored. */
#define WL_PARSE_IGNORE_UNSUPPORTED	1

/*
 * workload_parse - read an rt-app JSON workload for a machine of
 * @nr_cpus CPUs (0: any this build has).  @text is the file's contents,
 * or NULL to read @file.  Keys the subset does not support are named in
 * one warning line each on @warn (NULL: quiet), never fatal.  Returns 0,
 * or -1 with "FILE:LINE:COL: message" in @err for a file that is not
 * JSON, does not describe a workload, names a CPU the machine lacks or
 * asks for what a 2.6.10 kernel cannot do (SCHED_DEADLINE, SCHED_IDLE,
 * uclamp, task groups, NUMA memory binding); @wl is then empty.
 * workload_parse_flags() with WL_PARSE_IGNORE_UNSUPPORTED runs without
 * those instead, each listed in wl->ignored.
 */
int workload_parse(const char *file, const char *text, int nr_cpus,
		   struct workload *wl, FILE *warn, char *err, size_t len);
int workload_parse_flags(const char *file, const char *text, int nr_cpus,
			 int flags, struct workload *wl, FILE *warn,
			 char *err, size_t len);
/*
 * workload_read - workload_parse_flags() that also keeps the warnings it
 * printed on stderr (what of the file was ignored, and what that
 * changes), for the top of a report; free(*@warnings) after.
 */
int workload_read(const char *file, const char *text, int nr_cpus, int flags,
		  struct workload *wl, char **warnings, char *err, size_t len);
void workload_free(struct workload *wl);
const char *wl_policy_name(int policy);

/*
 * The timer events an instance reached at or past their deadline, so did
 * not sleep: how late it was for them (0 for exactly on time), in the
 * terms interbench scores a late frame in.
 */
struct wl_late {
	unsigned long n;		/* such events */
	unsigned long long sum_ns, max_ns;
	double sq_ns2;			/* sum of the squares */
	unsigned long skipped;		/* whole periods they overran */
};

/* One running thread instance, and what its body counted. */
struct wl_instance {
	int pid;		/* -1: a fork that failed */
	int task;		/* index in workload.tasks */
	int index;		/* instance number within its task */
	int forked;		/* made by a fork event */
	char name[32];		/* "task-N", forked "task-N-NNNN" */
	unsigned long loops;	/* finished passes through the phases */
	unsigned long periods;	/* timer events reached */
	unsigned long missed;	/* ... already past their deadline */
	struct wl_late late;	/* ... at or past it: how late */
	int exited;
};

struct wl_run {
	const struct workload *wl;
	struct wl_instance *inst;	/* grows as forks happen */
	int nr_inst;
	size_t size;
	unsigned long long *timer_next;	/* per timer: next deadline */
	int *timer_started;
	void *priv;			/* the executor's own state */
};

/*
 * workload_start - on the booted machine, at sim_now(): spawn every
 * instance of every task (an instance with a delay sleeps it first).
 * Returns 0, or -1 with a one-line reason in @err.
 */
int workload_start(const struct workload *wl, struct wl_run *run,
		   char *err, size_t len);
/* Every instance has exited (a finite workload is over). */
int workload_done(const struct wl_run *run);
void workload_run_free(struct wl_run *run);

#endif /* SCHEDSIM_WORKLOAD_H */
