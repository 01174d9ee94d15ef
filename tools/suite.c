/*
 * tools/suite.c - schedsim --suite=DIR: the workload library on every
 * driver, scored as interbench scores a desktop.
 *
 * interbench runs interactive tasks (X, audio, video) under background
 * loads and reports their latency and the deadlines they met.  Here the
 * interactive tasks of a workload are its periodic ones (rt-app tasks
 * with a timer event): per task and driver the scoreboard gives the
 * average, p99 and maximum wake-up latency and the share of periods
 * whose deadline was met.  Workloads without periodic tasks are scored
 * by fairness and throughput.
 */
#define _GNU_SOURCE		/* asprintf */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


#include "jsonout.h"
#include "report.h"
#include "suite.h"

#define CELL	"%-28s"

struct example {
	char *path;
	char *name;		/* file name without .json */
	struct workload wl;
	struct out_file report;	/* REPORT_DIR/<name>/index.html */
	char *warnings;		/* its reading's, for the report */
};

/* One periodic task of a workload under one driver, all instances. */
struct score {
	unsigned long samples;
	double avg_ns;
	unsigned long long p99_ns, max_ns;
	unsigned long periods, missed;
};

static int is_json(const struct dirent *d)
{
	size_t n = strlen(d->d_name);

	return n > 5 && !strcmp(d->d_name + n - 5, ".json") &&
		d->d_name[0] != '.';
}

static void free_examples(struct example *ex, int nr)
{
	int i;

	for (i = 0; i < nr; i++) {
		workload_free(&ex[i].wl);
		free(ex[i].path);
		free(ex[i].name);
		free(ex[i].warnings);
	}
	free(ex);
}

/*
 * Parse every example of @dir for the machine of @rc (its CPUs, its
 * --ignore-unsupported), in name order; NULL with *@nr < 0.
 */
static struct example *load_examples(const char *dir,
				      const struct run_config *rc, int *nr)
{
	struct dirent **names;
	struct example *ex;
	char err[1024], shown[256];
	int i, n;

	n = scandir(dir, &names, is_json, alphasort);
	if (n < 0) {
		fprintf(stderr, "schedsim: --suite: cannot read '%s': %s\n",
			out_shown(dir, shown, sizeof(shown)), strerror(errno));
		*nr = -1;
		return NULL;
	}
	ex = calloc(n ? n : 1, sizeof(*ex));
	for (i = 0; i < n; i++) {
		if (ex && asprintf(&ex[i].path, "%s/%s", dir,
				   names[i]->d_name) < 0)
			ex[i].path = NULL;
		if (ex && ex[i].path)
			ex[i].name = strndup(names[i]->d_name,
					     strlen(names[i]->d_name) - 5);
		free(names[i]);
	}
	free(names);
	for (i = 0; ex && i < n; i++) {
		if (!ex[i].path || !ex[i].name) {
			fprintf(stderr, "schedsim: out of memory\n");
			goto fail;
		}
		if (workload_read(ex[i].path, NULL, rc->cpus,
				  run_parse_flags(rc), &ex[i].wl,
				  &ex[i].warnings, err, sizeof(err))) {
			fprintf(stderr, "schedsim: %s\n", err);
			goto fail;
		}
	}
	if (!n)
		fprintf(stderr, "schedsim: --suite: no .json workload in "
			"'%s'\n", out_shown(dir, shown, sizeof(shown)));
	if (ex && n) {
		*nr = n;
		return ex;
	}
fail:
	free_examples(ex, n);
	*nr = -1;
	return NULL;
}

static int of_task(const struct task_metrics *t, void *task)
{
	return t->wl_task == *(int *)task;
}

/* The score of rt-app task @task in the run @m; 0, or -1 out of memory. */
static int score_task(const struct run_metrics *m, int task, struct score *s)
{
	unsigned long long sum = 0;
	struct lat_set set;
	unsigned long i;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < (unsigned long)m->nr_tasks; i++) {
		if (m->tasks[i].wl_task != task)
			continue;
		s->periods += m->tasks[i].periods;
		s->missed += m->tasks[i].missed;
	}
	if (metrics_merge_latencies(m, of_task, &task, &set))
		return -1;
	s->samples = set.n;
	for (i = 0; i < set.n; i++)
		sum += set.v[i];
	if (set.n) {
		s->avg_ns = (double)sum / set.n;
		s->p99_ns = metrics_percentile(set.v, set.n, 99);
		s->max_ns = set.v[set.n - 1];
	}
	free(set.v);
	return 0;
}

static double met_percent(const struct score *s)
{
	return s->periods ? 100.0 * (s->periods - s->missed) / s->periods :
		100.0;
}

static void print_header(const struct example *ex, const char *what,
			 const struct run_metrics *m, int nr)
{
	int d;

	printf("\n%s (%s)\n%-16s", ex->name, what, "TASK");
	for (d = 0; d < nr; d++)
		printf(" " CELL, m[d].cpusched);
	printf("\n");
}

static int print_periodic(const struct example *ex,
			  const struct run_metrics *m, int nr)
{
	const struct workload *wl = &ex->wl;
	struct score s;
	char cell[64];
	int d, task;

	print_header(ex, "latency ms avg/p99/max, deadlines met", m, nr);
	for (task = 0; task < wl->nr_tasks; task++) {
		if (!wl->tasks[task].periodic)
			continue;
		printf("%-16.16s", wl->tasks[task].name);
		for (d = 0; d < nr; d++) {
			if (score_task(&m[d], task, &s))
				return -1;
			snprintf(cell, sizeof(cell), "%.2f/%.2f/%.2f %5.1f%%",
				 s.avg_ns / 1e6, s.p99_ns / 1e6,
				 s.max_ns / 1e6, met_percent(&s));
			printf(" " CELL, cell);
		}
		printf("\n");
	}
	return 0;
}

static int has_periodic(const struct workload *wl)
{
	int i;

	for (i = 0; i < wl->nr_tasks; i++)
		if (wl->tasks[i].periodic)
			return 1;
	return 0;
}

/* The scoreboard block of one workload. */
static int print_block(const struct example *ex, const struct run_metrics *m,
		       int nr)
{
	char cell[64];
	int d;

	if (has_periodic(&ex->wl) && print_periodic(ex, m, nr))
		return -1;
	if (!has_periodic(&ex->wl))
		print_header(ex, "no periodic tasks", m, nr);
	printf("%-16s", "fairness/util");
	for (d = 0; d < nr; d++) {
		snprintf(cell, sizeof(cell), "%.3f %.1f%%%s", m[d].fairness,
			 100 * m[d].utilisation, m[d].failed ? " FAILED" : "");
		printf(" " CELL, cell);
	}
	printf("\n%-16s", "loops/s");
	for (d = 0; d < nr; d++)
		printf(" %-28.2f", m[d].throughput);
	printf("\n");
	return 0;
}

/*
 * Before the first run: the report page of every workload, none of them
 * one of the workloads.  0, or 2 after a message.
 */
static int open_reports(const char *report_dir, struct example *ex, int nr)
{
	const char **inputs = calloc(nr, sizeof(*inputs));
	char *dir, err[1024];
	int i, ret = 0;

	if (!inputs)
		goto oom;
	for (i = 0; i < nr; i++)
		inputs[i] = ex[i].path;
	for (i = 0; i < nr && !ret; i++) {
		if (asprintf(&dir, "%s/%s", report_dir, ex[i].name) < 0)
			goto oom;
		ret = report_open(&ex[i].report, dir, inputs, nr, err,
				  sizeof(err));
		free(dir);
	}
	free(inputs);
	if (!ret)
		return 0;
	fprintf(stderr, "schedsim: %s\n", err);
	return 2;
oom:
	free(inputs);
	fprintf(stderr, "schedsim: out of memory\n");
	return 2;
}

static int write_report(struct example *ex, const struct run_metrics *m,
			int nr)
{
	char err[512];
	int ret;

	ret = report_write(&ex->report, m, nr, ex->warnings, err,
			   sizeof(err));
	if (ret)
		fprintf(stderr, "schedsim: %s\n", err);
	return ret;
}

/* Run one workload on every driver and print or collect its score. */
static int run_example(struct example *ex, const struct run_config *rc,
		       const char *const *drivers, int nr,
		       struct json_object *out, const char *report_dir)
{
	struct run_metrics *m = calloc(nr, sizeof(*m));
	struct json_object *runs = json_object_new_array(), *o;
	int d, ret = 0, st;

	if (!m || !runs)
		goto oom;
	for (d = 0; d < nr; d++) {
		st = run_workload(rc, drivers[d], &ex->wl, ex->name, NULL,
				  &m[d]);
		if (st > ret)
			ret = st;
		if (st >= 2)
			goto out;
		if (out)
			jo_append(runs, metrics_to_json(&m[d]));
	}
	if (out) {
		o = json_object_new_object();
		jo_add_str(o, "workload", ex->name);
		jo_add(o, "runs", json_object_get(runs));
		jo_append(out, o);
	} else if (print_block(ex, m, nr))
		goto oom;
	if (report_dir && write_report(ex, m, nr))
		ret = ret ? ret : 1;
out:
	for (d = 0; d < nr; d++)
		metrics_free(&m[d]);
	free(m);
	json_object_put(runs);
	return ret;
oom:
	fprintf(stderr, "schedsim: out of memory\n");
	ret = 1;
	goto out;
}

/**
 * suite_run - the workloads of @dir on each of @drivers, scored.
 *
 * Every workload is parsed and every report page opened before the
 * first run, so a malformed workload stops the suite with its
 * FILE:LINE:COL message (exit status 2) before anything ran.  The
 * runs use @rc (the same seed for every driver); the text scoreboard
 * has one block per workload, the JSON form one object
 * {"suite": [{"workload", "runs": [per-driver metrics]}]}.
 */
int suite_run(const char *dir, const struct run_config *rc,
	      const char *const *drivers, int nr_drivers, int json,
	      const char *report_dir)
{
	struct example *ex;
	struct json_object *out = NULL, *root;
	char shown[256];
	int i, nr, ret = 0, st;

	ex = load_examples(dir, rc, &nr);
	if (!ex)
		return 2;
	ret = run_preflight(rc, drivers, nr_drivers);
	if (!ret && report_dir)
		ret = open_reports(report_dir, ex, nr);
	if (ret)
		goto out;
	if (json)
		out = json_object_new_array();
	else
		printf("schedsim --suite %s: %d workloads on %d cpu%s, HZ=%d, "
		       "seed %llu\n", out_shown(dir, shown, sizeof(shown)), nr,
		       rc->cpus,
		       rc->cpus == 1 ? "" : "s", rc->hz, rc->seed);
	for (i = 0; i < nr && ret < 2; i++) {
		st = run_example(&ex[i], rc, drivers, nr_drivers, out,
				 report_dir);
		if (st > ret)
			ret = st;
	}
	if (out && ret < 2) {
		root = json_object_new_object();
		jo_add(root, "suite", out);
		jo_dump(root, stdout, 2);
		printf("\n");
		json_object_put(root);
	} else {
		json_object_put(out);
	}
out:
	ret = out_end_run(ret);
	free_examples(ex, nr);
	return ret;
}
