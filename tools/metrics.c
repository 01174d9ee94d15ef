/*
 * tools/metrics.c - what a run of a workload measured.
 *
 * Wake-up latency is the time from a successful try_to_wake_up() of a
 * task to the context switch that puts it on a CPU, taken from the
 * machine's trace events as they happen.  A task woken while it is
 * still on its CPU (it had set its state but not yet called schedule())
 * never waited, and gives no sample; nor does a wake-up whose task has
 * not run yet when the run ends.  Everything else is read from the task
 * and CPU state when the run ends: for a task that exited, the policy
 * and priorities it had when it exited (the machine keeps them).
 */
#include <stdlib.h>
#include <string.h>


#include "grow.h"
#include "metrics.h"

/* Per pid while collecting. */
struct pid_state {
	unsigned long long woken;	/* wake-up not yet followed by a run */
	int pending;
	int on_cpu;
	unsigned long long *lat;
	size_t nr_lat, size_lat;
};

struct collect {
	struct pid_state *pids;
	size_t nr_pids;
	int *curr;			/* per CPU: pid on it (0 idle) */
	unsigned long long *since;	/* per CPU: when curr started */
	unsigned long long start;	/* of the recording */
	unsigned long long events;	/* sim_nr_events() at the start */
	int oom;
};

static struct pid_state *pid_state(struct collect *c, int pid)
{
	if (pid <= 0)
		return NULL;
	if (grow((void **)&c->pids, &c->nr_pids, pid, sizeof(*c->pids))) {
		c->oom = 1;
		return NULL;
	}
	return &c->pids[pid];
}

static void add_sample(struct collect *c, struct pid_state *ps,
		       unsigned long long ns)
{
	if (grow((void **)&ps->lat, &ps->size_lat, ps->nr_lat,
		 sizeof(*ps->lat))) {
		c->oom = 1;
		return;
	}
	ps->lat[ps->nr_lat++] = ns;
}

static void add_seg(struct run_metrics *m, int cpu, int pid,
		    unsigned long long start, unsigned long long end)
{
	struct collect *c = m->priv;
	unsigned long long limit = c->start + METRICS_TIMELINE_NS;

	if (!pid || start >= limit)
		return;
	if (end > limit)
		end = limit;
	if (grow((void **)&m->segs, &m->size_segs, m->nr_segs,
		 sizeof(*m->segs))) {
		c->oom = 1;
		return;
	}
	m->segs[m->nr_segs++] = (struct timeline_seg){
		.cpu = cpu, .pid = pid,
		.start = start - c->start, .end = end - c->start,
	};
}

static void on_switch(struct run_metrics *m, const struct sim_trace_event *ev)
{
	struct collect *c = m->priv;
	struct pid_state *prev, *next;
	int cpu = ev->cpu;

	if (cpu < 0 || cpu >= m->nr_cpus)
		return;
	add_seg(m, cpu, c->curr[cpu], c->since[cpu], ev->ns);
	c->curr[cpu] = ev->next_pid;
	c->since[cpu] = ev->ns;
	/* a lookup may move the table: done with prev before next's */
	prev = pid_state(c, ev->pid);
	if (prev)
		prev->on_cpu = 0;
	next = pid_state(c, ev->next_pid);
	if (!next)
		return;
	next->on_cpu = 1;
	if (next->pending) {
		add_sample(c, next, ev->ns - next->woken);
		next->pending = 0;
	}
}

static void on_wakeup(struct collect *c, const struct sim_trace_event *ev)
{
	struct pid_state *ps = pid_state(c, ev->pid);

	if (!ps || !ev->success || ps->on_cpu || ps->pending)
		return;
	ps->woken = ev->ns;
	ps->pending = 1;
}

/**
 * metrics_event - record one scheduling event of the machine into @arg,
 * a struct run_metrics being collected.  Runs inside the machine: it
 * only records.
 */
void metrics_event(const struct sim_trace_event *ev, void *arg)
{
	struct run_metrics *m = arg;

	switch (ev->type) {
	case SIM_TRACE_SWITCH:
		on_switch(m, ev);
		break;
	case SIM_TRACE_WAKEUP:
		on_wakeup(m->priv, ev);
		break;
	}
}

/**
 * metrics_begin - start collecting the booted machine's run into @m.
 *
 * Zeroes @m, notes the machine's configuration and what runs on each
 * CPU now, and installs metrics_event() as the machine's trace sink.
 */
void metrics_begin(struct run_metrics *m)
{
	struct sim_cpu_info ci;
	struct collect *c;
	int cpu;

	memset(m, 0, sizeof(*m));
	snprintf(m->cpusched, sizeof(m->cpusched), "%s", sim_cpusched());
	m->nr_cpus = sim_nr_cpus();
	m->hz = sim_hz();
	c = calloc(1, sizeof(*c));
	if (c) {
		c->curr = calloc(m->nr_cpus, sizeof(*c->curr));
		c->since = calloc(m->nr_cpus, sizeof(*c->since));
	}
	if (!c || !c->curr || !c->since) {
		if (c) {
			free(c->curr);
			free(c->since);
		}
		free(c);
		m->priv = NULL;
		return;
	}
	c->start = sim_now();
	c->events = sim_nr_events();
	for (cpu = 0; cpu < m->nr_cpus; cpu++) {
		if (!sim_cpu_info(cpu, &ci))
			c->curr[cpu] = ci.curr_pid;
		c->since[cpu] = c->start;
	}
	m->priv = c;
	sim_trace_set_sink(metrics_event, m);
}

static int cmp_ull(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a;
	unsigned long long y = *(const unsigned long long *)b;

	return x < y ? -1 : x > y;
}

/**
 * metrics_percentile - the nearest-rank percentile @pct of the sorted
 * samples @v[@n]: the smallest sample with at least @pct % of them at or
 * below it; 0 for no samples.
 */
unsigned long long metrics_percentile(const unsigned long long *v,
				      unsigned long n, int pct)
{
	unsigned long rank = (n * (unsigned long long)pct + 99) / 100;

	if (!n)
		return 0;
	return v[rank ? rank - 1 : 0];
}

/**
 * metrics_merge_latencies - the wake-up latencies of the tasks of @m
 * that @want (every task when NULL), in one sorted set.
 *
 * Returns 0 with @set filled (free(set->v) when done), or -1 when
 * memory ran out.
 */
int metrics_merge_latencies(const struct run_metrics *m,
			    int (*want)(const struct task_metrics *t,
					void *arg),
			    void *arg, struct lat_set *set)
{
	const struct task_metrics *t;
	unsigned long n = 0;
	int i;

	for (i = 0; i < m->nr_tasks; i++)
		if (!want || want(&m->tasks[i], arg))
			n += m->tasks[i].lat.count;
	set->n = 0;
	set->v = malloc((n ? n : 1) * sizeof(*set->v));
	if (!set->v)
		return -1;
	for (i = 0; i < m->nr_tasks; i++) {
		t = &m->tasks[i];
		if (!t->lat.count || (want && !want(t, arg)))
			continue;
		memcpy(set->v + set->n, t->lat_ns,
		       t->lat.count * sizeof(*set->v));
		set->n += t->lat.count;
	}
	qsort(set->v, set->n, sizeof(*set->v), cmp_ull);
	return 0;
}

/**
 * metrics_wakeups - the successful wake-ups (try_to_wake_up()) of every
 * task of @m: the count each table shows.  A wake-up is a latency sample
 * too unless its task was still on its CPU or had not run by the end.
 */
unsigned long metrics_wakeups(const struct run_metrics *m)
{
	unsigned long n = 0;
	int i;

	for (i = 0; i < m->nr_tasks; i++)
		n += m->tasks[i].wakeups;
	return n;
}

/* Hand the samples of @ps over to @t, sorted, with their percentiles. */
static void take_latencies(struct task_metrics *t, struct pid_state *ps)
{
	size_t n = ps->nr_lat;

	t->lat_ns = ps->lat;
	t->lat.count = n;
	ps->lat = NULL;
	ps->nr_lat = ps->size_lat = 0;
	if (!n)
		return;
	qsort(t->lat_ns, n, sizeof(*t->lat_ns), cmp_ull);
	t->lat.p50 = metrics_percentile(t->lat_ns, n, 50);
	t->lat.p95 = metrics_percentile(t->lat_ns, n, 95);
	t->lat.p99 = metrics_percentile(t->lat_ns, n, 99);
	t->lat.max = t->lat_ns[n - 1];
}

/*
 * Did the task ask for CPU time?  It did if it used some, or if it is
 * still waiting for a CPU at the end: it may never have had one.  A task
 * that only ran to go to sleep (or to wait on a lock, a condition) used
 * none and asked for none; its wait before that first run is latency,
 * not a share it was denied.
 */
static int wanted_cpu(const struct sim_task_info *info)
{
	if (info->runtime_ns)
		return 1;
	return (info->state == 'R' || info->state == 'Q') && info->wait_ns;
}

static void fill_task(struct run_metrics *m, struct task_metrics *t,
		      const struct wl_run *run, const struct wl_instance *in)
{
	struct collect *c = m->priv;
	struct pid_state *ps = pid_state(c, in->pid);
	struct sim_task_info info;

	t->pid = in->pid;
	if (!sim_task_info(in->pid, &info)) {
		memcpy(t->name, info.name, sizeof(t->name));
		t->policy = info.policy;
		t->nice = info.nice;
		t->rt_priority = info.rt_priority;
		t->runtime_ns = info.runtime_ns;
		t->wait_ns = info.wait_ns;
		t->sleep_ns = info.sleep_ns;
		t->switches = info.switches;
		t->migrations = info.migrations;
		t->wakeups = info.wakeups;
		t->wanted_cpu = wanted_cpu(&info);
	}
	t->wl_task = in->task;
	t->periodic = run->wl->tasks[in->task].periodic;
	t->periods = in->periods;
	t->missed = in->missed;
	t->late = in->late;
	t->loops = in->loops;
	if (ps)
		take_latencies(t, ps);
}

/* The CPU share a task got while it wanted one. */
static double share(const struct task_metrics *t)
{
	unsigned long long wanted = t->runtime_ns + t->wait_ns;

	return wanted ? (double)t->runtime_ns / wanted : 0;
}

static struct fairness_group *fair_group(struct run_metrics *m, int nice)
{
	int i;

	for (i = 0; i < m->nr_fair; i++)
		if (m->fair[i].nice == nice)
			return &m->fair[i];
	return NULL;
}

/*
 * Jain's index (sum x)^2 / (n * sum x^2) of the CPU share of the
 * SCHED_NORMAL tasks that wanted a CPU, for each nice level that has two
 * or more of them; 1 is perfectly fair, 1/n is one task taking
 * everything.
 */
static int compute_fairness(struct run_metrics *m)
{
	struct fairness_group *g;
	double *sum, *sum2, x;
	int i, n = 0;

	m->fairness = 1;
	m->fair = calloc(40, sizeof(*m->fair));
	sum = calloc(40, sizeof(*sum));
	sum2 = calloc(40, sizeof(*sum2));
	if (!m->fair || !sum || !sum2)
		goto oom;
	for (i = 0; i < m->nr_tasks; i++) {
		if (m->tasks[i].policy != SIM_SCHED_NORMAL ||
		    !m->tasks[i].wanted_cpu)
			continue;
		g = fair_group(m, m->tasks[i].nice);
		if (!g) {
			g = &m->fair[m->nr_fair++];
			g->nice = m->tasks[i].nice;
		}
		x = share(&m->tasks[i]);
		sum[g - m->fair] += x;
		sum2[g - m->fair] += x * x;
		g->nr_tasks++;
	}
	for (i = 0; i < m->nr_fair; i++) {
		g = &m->fair[i];
		if (g->nr_tasks < 2)
			continue;
		g->jain = sum2[i] > 0 ?
			sum[i] * sum[i] / (g->nr_tasks * sum2[i]) : 1;
		m->fair[n++] = *g;
		if (g->jain < m->fairness)
			m->fairness = g->jain;
	}
	m->nr_fair = n;
	free(sum);
	free(sum2);
	return 0;
oom:
	free(sum);
	free(sum2);
	return -1;
}

static void fill_cpus(struct run_metrics *m)
{
	struct sim_cpu_info ci;
	unsigned long long busy = 0;
	int cpu;

	for (cpu = 0; cpu < m->nr_cpus; cpu++) {
		m->cpus[cpu].cpu = cpu;
		if (sim_cpu_info(cpu, &ci))
			continue;
		m->cpus[cpu].busy_ns = ci.busy_ns;
		m->cpus[cpu].idle_ns = ci.idle_ns;
		m->cpus[cpu].switches = ci.switches;
		busy += ci.busy_ns;
	}
	if (m->duration_ns)
		m->utilisation = (double)busy / m->nr_cpus / m->duration_ns;
}

/**
 * metrics_end - finish collecting @m after the run of @run.
 *
 * Removes the trace sink, closes the timeline at sim_now(), reads every
 * instance's task and every CPU, sorts the latency samples and computes
 * fairness, throughput and utilisation.  Returns 0, or -1 when memory
 * ran out (now or while collecting).
 */
int metrics_end(struct run_metrics *m, const struct wl_run *run)
{
	struct collect *c = m->priv;
	unsigned long loops = 0;
	int cpu, i;

	sim_trace_set_sink(NULL, NULL);
	if (!c)
		return -1;
	m->duration_ns = sim_now() - c->start;
	m->events = sim_nr_events() - c->events;
	m->failed = sim_failed();
	if (m->failed)
		snprintf(m->report, sizeof(m->report), "%.*s",
			 (int)strcspn(sim_report(), "\n"), sim_report());
	for (cpu = 0; cpu < m->nr_cpus; cpu++)
		add_seg(m, cpu, c->curr[cpu], c->since[cpu], sim_now());

	m->cpus = calloc(m->nr_cpus, sizeof(*m->cpus));
	m->tasks = calloc(run->nr_inst ? run->nr_inst : 1, sizeof(*m->tasks));
	if (!m->cpus || !m->tasks)
		return -1;
	fill_cpus(m);
	for (i = 0; i < run->nr_inst; i++) {
		fill_task(m, &m->tasks[m->nr_tasks++], run, &run->inst[i]);
		loops += run->inst[i].loops;
	}
	if (m->duration_ns)
		m->throughput = loops * 1e9 / m->duration_ns;
	if (compute_fairness(m))
		return -1;
	return c->oom ? -1 : 0;
}

/**
 * metrics_free - free everything @m holds (it may be half collected).
 */
void metrics_free(struct run_metrics *m)
{
	struct collect *c = m->priv;
	int i;

	if (c) {
		for (i = 0; i < c->nr_pids; i++)
			free(c->pids[i].lat);
		free(c->pids);
		free(c->curr);
		free(c->since);
		free(c);
	}
	for (i = 0; m->tasks && i < m->nr_tasks; i++)
		free(m->tasks[i].lat_ns);
	free(m->tasks);
	free(m->cpus);
	free(m->fair);
	free(m->segs);
	free(m->schedstat);
	memset(m, 0, sizeof(*m));
}

/* ---- output -------------------------------------------------------------- */

static double ms(unsigned long long ns)
{
	return ns / 1e6;
}

static double us(unsigned long long ns)
{
	return ns / 1e3;
}

static void print_task_row(FILE *out, const struct task_metrics *t)
{
	char missed[32] = "-";

	if (t->periodic)
		snprintf(missed, sizeof(missed), "%lu/%lu", t->missed,
			 t->periods);
	fprintf(out, "%6d %-15s %-5s %4d %9.1f %9.1f %9.1f %7lu %5lu %6lu "
		"%10.3f %10.3f %10.3f %10.3f %9s\n", t->pid, t->name,
		wl_policy_name(t->policy) + 6,
		t->policy == SIM_SCHED_NORMAL ? t->nice : t->rt_priority,
		ms(t->runtime_ns), ms(t->wait_ns), ms(t->sleep_ns),
		t->switches, t->migrations, t->wakeups, us(t->lat.p50),
		us(t->lat.p95), us(t->lat.p99), us(t->lat.max), missed);
}

static void print_summary(FILE *out, const struct run_metrics *m)
{
	int i;

	fprintf(out, "\nfairness (Jain's index of CPU share while "
		"runnable, SCHED_OTHER tasks of equal nice that wanted a "
		"CPU):");
	for (i = 0; i < m->nr_fair; i++)
		fprintf(out, " nice %d (%d tasks): %.3f;", m->fair[i].nice,
			m->fair[i].nr_tasks, m->fair[i].jain);
	if (!m->nr_fair)
		fprintf(out, " no two tasks of equal nice");
	fprintf(out, "\nthroughput: %.2f loops/s   utilisation: %.1f%%   "
		"events: %llu\n", m->throughput, 100 * m->utilisation,
		m->events);
}

/**
 * metrics_print_text - @m as tables: tasks, CPUs, the whole run.
 */
void metrics_print_text(FILE *out, const struct run_metrics *m)
{
	const struct cpu_metrics *c;
	int i;

	fprintf(out, "schedsim: %s on %d cpu%s, HZ=%d, seed %llu, %.3f s "
		"simulated%s%s\n", m->cpusched, m->nr_cpus,
		m->nr_cpus == 1 ? "" : "s", m->hz, m->seed,
		m->duration_ns / 1e9, m->workload[0] ? ", workload " : "",
		m->workload);
	fprintf(out, "\n%6s %-15s %-5s %4s %9s %9s %9s %7s %5s %6s %10s %10s "
		"%10s %10s %9s\n", "PID", "TASK", "POL", "PRIO", "CPU(ms)",
		"WAIT(ms)", "SLEEP(ms)", "SWITCH", "MIGR", "WAKEUP",
		"LAT50(us)", "LAT95", "LAT99", "LATMAX", "MISSED");
	for (i = 0; i < m->nr_tasks; i++)
		print_task_row(out, &m->tasks[i]);
	fprintf(out, "\n%4s %10s %10s %6s %9s\n", "CPU", "BUSY(ms)",
		"IDLE(ms)", "BUSY%", "SWITCHES");
	for (i = 0; i < m->nr_cpus; i++) {
		c = &m->cpus[i];
		fprintf(out, "%4d %10.3f %10.3f %5.1f%% %9lu\n", c->cpu,
			ms(c->busy_ns), ms(c->idle_ns), m->duration_ns ?
			100.0 * c->busy_ns / m->duration_ns : 0, c->switches);
	}
	print_summary(out, m);
	if (m->schedstat)
		fprintf(out, "\n/proc/schedstat:\n%s", m->schedstat);
}

/*
 * Rows of a comparison are tasks matched by name and occurrence: the
 * same workload gives the same names on every driver, but not the same
 * pids (the drivers start different kernel threads).
 */
static const struct task_metrics *find_task(const struct run_metrics *m,
					    const char *name, int nth)
{
	int i;

	for (i = 0; i < m->nr_tasks; i++)
		if (!strcmp(m->tasks[i].name, name) && !nth--)
			return &m->tasks[i];
	return NULL;
}

static int occurrence(const struct run_metrics *m, int idx)
{
	int i, n = 0;

	for (i = 0; i < idx; i++)
		n += !strcmp(m->tasks[i].name, m->tasks[idx].name);
	return n;
}

static void print_compare_header(FILE *out, const struct run_metrics *m,
				 int nr, const char *what)
{
	int d;

	fprintf(out, "\n%-15s", what);
	for (d = 0; d < nr; d++)
		fprintf(out, " %24s", m[d].cpusched);
	fprintf(out, "\n");
}

/**
 * metrics_print_compare - the @nr runs of one workload side by side:
 * per task CPU time, wait and p99 wake-up latency (and missed periods),
 * then the whole-run figures, one column per driver.
 */
void metrics_print_compare(FILE *out, const struct run_metrics *m, int nr)
{
	const struct task_metrics *t;
	char cell[64];
	int d, i;

	fprintf(out, "schedsim: %d drivers on %d cpu%s, HZ=%d, seed %llu, "
		"%.3f s simulated%s%s\n", nr, m[0].nr_cpus,
		m[0].nr_cpus == 1 ? "" : "s", m[0].hz, m[0].seed,
		m[0].duration_ns / 1e9, m[0].workload[0] ? ", workload " : "",
		m[0].workload);
	print_compare_header(out, m, nr, "TASK  cpu ms / wait ms / p99 us");
	for (i = 0; i < m[0].nr_tasks; i++) {
		fprintf(out, "%-15s", m[0].tasks[i].name);
		for (d = 0; d < nr; d++) {
			t = find_task(&m[d], m[0].tasks[i].name,
				      occurrence(&m[0], i));
			if (t)
				snprintf(cell, sizeof(cell), "%.0f/%.0f/%.3f",
					 ms(t->runtime_ns), ms(t->wait_ns),
					 us(t->lat.p99));
			else
				snprintf(cell, sizeof(cell), "-");
			fprintf(out, " %24s", cell);
		}
		fprintf(out, "\n");
	}
	print_compare_header(out, m, nr, "WHOLE RUN");
	fprintf(out, "%-15s", "fairness");
	for (d = 0; d < nr; d++)
		fprintf(out, " %24.3f", m[d].fairness);
	fprintf(out, "\n%-15s", "loops/s");
	for (d = 0; d < nr; d++)
		fprintf(out, " %24.2f", m[d].throughput);
	fprintf(out, "\n%-15s", "utilisation %");
	for (d = 0; d < nr; d++)
		fprintf(out, " %24.1f", 100 * m[d].utilisation);
	fprintf(out, "\n%-15s", "missed periods");
	for (d = 0; d < nr; d++) {
		unsigned long missed = 0, periods = 0;

		for (i = 0; i < m[d].nr_tasks; i++) {
			missed += m[d].tasks[i].missed;
			periods += m[d].tasks[i].periods;
		}
		snprintf(cell, sizeof(cell), "%lu/%lu", missed, periods);
		fprintf(out, " %24s", cell);
	}
	fprintf(out, "\n");
}

static struct json_object *lat_json(const struct lat_stats *l)
{
	struct json_object *o = json_object_new_object();

	jo_add_int(o, "count", l->count);
	jo_add_int(o, "p50", l->p50);
	jo_add_int(o, "p95", l->p95);
	jo_add_int(o, "p99", l->p99);
	jo_add_int(o, "max", l->max);
	return o;
}

static struct json_object *task_json(const struct task_metrics *t)
{
	struct json_object *o = json_object_new_object();

	jo_add_str(o, "name", t->name);
	jo_add_int(o, "pid", t->pid);
	jo_add_str(o, "policy", wl_policy_name(t->policy));
	jo_add_int(o, "nice", t->nice);
	jo_add_int(o, "rt_priority", t->rt_priority);
	jo_add_int(o, "runtime_ns", t->runtime_ns);
	jo_add_int(o, "wait_ns", t->wait_ns);
	jo_add_int(o, "sleep_ns", t->sleep_ns);
	jo_add_int(o, "switches", t->switches);
	jo_add_int(o, "migrations", t->migrations);
	jo_add_int(o, "wakeups", t->wakeups);
	jo_add(o, "wakeup_latency_ns", lat_json(&t->lat));
	jo_add_int(o, "loops", t->loops);
	if (t->periodic) {
		jo_add_int(o, "periods", t->periods);
		jo_add_int(o, "missed_periods", t->missed);
	}
	return o;
}

static struct json_object *cpu_json(const struct cpu_metrics *c)
{
	struct json_object *o = json_object_new_object();

	jo_add_int(o, "cpu", c->cpu);
	jo_add_int(o, "busy_ns", c->busy_ns);
	jo_add_int(o, "idle_ns", c->idle_ns);
	jo_add_int(o, "switches", c->switches);
	return o;
}

static struct json_object *fairness_json(const struct run_metrics *m)
{
	struct json_object *o = json_object_new_object();
	struct json_object *groups = json_object_new_array(), *g;
	int i;

	for (i = 0; i < m->nr_fair; i++) {
		g = json_object_new_object();
		jo_add_int(g, "nice", m->fair[i].nice);
		jo_add_int(g, "tasks", m->fair[i].nr_tasks);
		jo_add_real(g, "jain", m->fair[i].jain);
		jo_append(groups, g);
	}
	jo_add_real(o, "min", m->fairness);
	jo_add(o, "groups", groups);
	return o;
}

/* What --ignore-unsupported left out of the workload, one line each. */
static struct json_object *ignored_json(const struct run_metrics *m)
{
	struct json_object *a = json_object_new_array();
	int i;

	for (i = 0; i < m->nr_ignored; i++)
		jo_append(a, json_object_new_string(m->ignored[i]));
	return a;
}

/**
 * metrics_to_json - @m as one JSON object (schedsim --format=json):
 * cpusched, nr_cpus, hz, seed, duration_ns, tasks (name, pid, policy,
 * nice, rt_priority, runtime_ns, wait_ns, sleep_ns, switches,
 * migrations, wakeups, wakeup_latency_ns {count, p50, p95, p99, max},
 * loops, and periods/missed_periods for periodic tasks), cpu (busy_ns,
 * idle_ns, switches), then fairness, throughput, utilisation, events,
 * and "ignored" (what --ignore-unsupported left out) when not empty.
 * A json-c tree for jo_dump(); a member is missing when memory ran out.
 */
struct json_object *metrics_to_json(const struct run_metrics *m)
{
	struct json_object *o = json_object_new_object();
	struct json_object *tasks = json_object_new_array();
	struct json_object *cpus = json_object_new_array();
	int i;

	for (i = 0; i < m->nr_tasks; i++)
		jo_append(tasks, task_json(&m->tasks[i]));
	for (i = 0; i < m->nr_cpus; i++)
		jo_append(cpus, cpu_json(&m->cpus[i]));
	jo_add_str(o, "cpusched", m->cpusched);
	jo_add_str(o, "workload", m->workload);
	jo_add_int(o, "nr_cpus", m->nr_cpus);
	jo_add_int(o, "hz", m->hz);
	jo_add_int(o, "seed", m->seed);
	jo_add_int(o, "duration_ns", m->duration_ns);
	jo_add(o, "tasks", tasks);
	jo_add(o, "cpu", cpus);
	jo_add(o, "fairness", fairness_json(m));
	jo_add_real(o, "throughput_loops_per_s", m->throughput);
	jo_add_real(o, "utilisation", m->utilisation);
	jo_add_int(o, "events", m->events);
	jo_add_bool(o, "failed", m->failed);
	if (m->failed)
		jo_add_str(o, "report", m->report);
	if (m->schedstat)
		jo_add_str(o, "schedstat", m->schedstat);
	if (m->nr_ignored)
		jo_add(o, "ignored", ignored_json(m));
	return o;
}
