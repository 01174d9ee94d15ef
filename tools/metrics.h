/*
 * tools/metrics.h - what a run of a workload measured.
 *
 * Collected from the machine's trace sink while the run goes (wake-up
 * latencies, the per-CPU timeline of its first seconds) and from the
 * task and CPU state at its end.  One struct run_metrics per driver run;
 * --compare and --suite keep one per driver and print them side by side,
 * --report draws them.
 */
#ifndef SCHEDSIM_METRICS_H
#define SCHEDSIM_METRICS_H

#include <stdio.h>

#include <plugsched/sim.h>

#include "jsonout.h"
#include "workload.h"

/* The per-CPU timeline kept for reports: the first seconds of a run. */
#define METRICS_TIMELINE_NS	(2 * 1000000000ULL)

struct lat_stats {
	unsigned long count;
	unsigned long long p50, p95, p99, max;	/* ns; 0 when count == 0 */
};

struct task_metrics {
	int pid;
	char name[16];
	int policy;		/* SIM_SCHED_*, the last it ran with */
	int nice;
	int rt_priority;
	int wanted_cpu;		/* used CPU time, or still waits for it */
	unsigned long long runtime_ns, wait_ns, sleep_ns;
	unsigned long switches, migrations;
	unsigned long wakeups;	/* successful try_to_wake_up()s */
	struct lat_stats lat;	/* wake-up to first run on a CPU */
	unsigned long long *lat_ns;	/* every sample, sorted */
	int wl_task;		/* index of its rt-app task */
	int periodic;		/* rt-app task with a timer event */
	unsigned long periods, missed;
	struct wl_late late;	/* timer events it did not sleep for */
	unsigned long loops;
};

struct cpu_metrics {
	int cpu;
	unsigned long long busy_ns, idle_ns;
	unsigned long switches;
};

/* A task on a CPU from start to end (pid 0: idle is not recorded). */
struct timeline_seg {
	int cpu;
	int pid;
	unsigned long long start, end;
};

struct fairness_group {
	int nice;
	int nr_tasks;
	double jain;		/* Jain's index of their CPU share */
};

struct run_metrics {
	char cpusched[32];
	char workload[64];	/* the workload's name, for reports */
	int nr_cpus;
	int hz;
	unsigned long long seed;
	unsigned long long duration_ns;	/* virtual time the run lasted */
	unsigned long long events;	/* machine events processed */
	double host_seconds;		/* host CPU time of the run */
	int failed;			/* the machine reported a bug */
	char report[512];		/* its report, first line */

	struct task_metrics *tasks;	/* workload tasks, by pid */
	int nr_tasks;
	struct cpu_metrics *cpus;
	struct fairness_group *fair;	/* SCHED_NORMAL tasks by nice that
					 * wanted a CPU */
	int nr_fair;
	double fairness;	/* the lowest group's index; 1: no group */
	double throughput;	/* workload loops finished per second */
	double utilisation;	/* busy time / (CPUs x duration) */

	char *schedstat;	/* /proc/schedstat at the end, if asked */
	const char *const *ignored;	/* the workload's wl->ignored */
	int nr_ignored;

	struct timeline_seg *segs;	/* the first METRICS_TIMELINE_NS */
	int nr_segs;
	size_t size_segs;

	/* while collecting */
	void *priv;
};

/* Wake-up latencies of several tasks together, sorted. */
struct lat_set {
	unsigned long long *v;
	unsigned long n;
};

/*
 * metrics_merge_latencies - into @set (free(set->v) after), the samples
 * of every task of @m for which @want(task, @arg) holds (every task
 * when @want is NULL), sorted.  Returns 0, or -1 out of memory.
 */
int metrics_merge_latencies(const struct run_metrics *m,
			    int (*want)(const struct task_metrics *t,
					void *arg),
			    void *arg, struct lat_set *set);
/* The wake-ups of every task of @m: what each table calls wake-ups. */
unsigned long metrics_wakeups(const struct run_metrics *m);
/* The nearest-rank percentile @pct of sorted @v[@n]; 0 when @n is 0. */
unsigned long long metrics_percentile(const unsigned long long *v,
				      unsigned long n, int pct);

/*
 * metrics_begin - after sim_boot(), before the workload starts: record
 * the machine's events into @m (it installs the machine's trace sink;
 * a caller with a sink of its own forwards events to metrics_event()).
 */
void metrics_begin(struct run_metrics *m);
void metrics_event(const struct sim_trace_event *ev, void *m);
/*
 * metrics_end - after the run: read the tasks of @run and the CPUs,
 * compute latencies, fairness and throughput.  Returns 0, or -1 out of
 * memory.
 */
int metrics_end(struct run_metrics *m, const struct wl_run *run);
void metrics_free(struct run_metrics *m);

/* @m as the JSON object of --format=json; NULL out of memory. */
struct json_object *metrics_to_json(const struct run_metrics *m);
/* The whole-run metrics as a table (--format=text). */
void metrics_print_text(FILE *out, const struct run_metrics *m);
/* --compare: the runs side by side. */
void metrics_print_compare(FILE *out, const struct run_metrics *m, int nr);

#endif /* SCHEDSIM_METRICS_H */
