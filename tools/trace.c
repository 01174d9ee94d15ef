/*
 * tools/trace.c - schedsim's trace writer: see trace.h.
 *
 * The sink only appends the machine's events to an array; everything is
 * written at the end, when the number of entries (for the ftrace header)
 * and the end of the open runs (for the JSON) are known.  Both writers
 * replay the events in order and keep, per CPU, the task current there:
 * the task column of an ftrace line, the open run of a JSON row.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <plugsched/sim.h>

#include "grow.h"
#include "trace.h"

#define NSEC_PER_USEC	1000ULL
#define NSEC_PER_SEC	1000000000ULL

/* 2.6.10's task states (include/linux/sched.h), as prev_state has them. */
#define ST_INTERRUPTIBLE	1
#define ST_UNINTERRUPTIBLE	2
#define ST_STOPPED		4
#define ST_TRACED		8
#define ST_ZOMBIE		16
#define ST_DEAD			32

/*
 * Fifteen significant digits print every timestamp of a run of up to
 * 10^6 s (schedsim's longest) in microseconds with its three decimals
 * (nanoseconds) exactly, without binary noise.
 */
#define JSON_TS_DIGITS		15

struct current {
	int pid;
	char comm[24];		/* room for "swapper/N" of any N */
	unsigned long long since;	/* JSON: start of the open run */
};

struct trace {
	char *path;
	FILE *file;
	enum trace_format format;
	int nr_cpus;
	unsigned long long start;	/* when the recording started */
	struct sim_trace_event *ev;
	size_t nr, size;
	int oom;		/* an append failed: the trace is incomplete */
	struct current *curr;	/* per CPU, while writing */
};

enum trace_format trace_format_of(const char *path)
{
	const char *dot = strrchr(path, '.');

	if (!dot || dot == path || strchr(dot, '/'))
		return TRACE_BAD;
	if (!strcmp(dot, ".txt"))
		return TRACE_TXT;
	if (!strcmp(dot, ".json"))
		return TRACE_JSON;
	return TRACE_BAD;
}

struct trace *trace_open(const char *path, char *err, size_t len)
{
	struct trace *t;

	if (trace_format_of(path) == TRACE_BAD) {
		snprintf(err, len, "--trace: '%s' does not end in .txt "
			 "(ftrace text) or .json (Chrome/Perfetto JSON)", path);
		return NULL;
	}
	t = calloc(1, sizeof(*t));
	if (!t || !(t->path = strdup(path))) {
		free(t);
		snprintf(err, len, "--trace: out of memory");
		return NULL;
	}
	t->format = trace_format_of(path);
	t->file = fopen(path, "w");
	if (!t->file) {
		snprintf(err, len, "--trace: cannot create '%s': %s", path,
			 strerror(errno));
		free(t->path);
		free(t);
		return NULL;
	}
	return t;
}

/* Runs inside the machine (from the sink), so it only appends. */
void trace_event(const struct sim_trace_event *ev, void *arg)
{
	struct trace *t = arg;

	if (grow((void **)&t->ev, &t->size, t->nr, sizeof(*t->ev))) {
		t->oom = 1;
		return;
	}
	t->ev[t->nr++] = *ev;
}

void trace_attach(struct trace *t)
{
	t->nr_cpus = sim_nr_cpus();
	t->start = sim_now();
}

/* ---- the tasks current on each CPU ---------------------------------- */

/* An idle task is "swapper/N", pid 0, as the kernel shows it. */
static void set_idle(struct current *c, int cpu)
{
	c->pid = 0;
	snprintf(c->comm, sizeof(c->comm), "swapper/%d", cpu);
}

static void set_task(struct current *c, int cpu, int pid, const char *comm)
{
	if (!pid) {
		set_idle(c, cpu);
		return;
	}
	c->pid = pid;
	snprintf(c->comm, sizeof(c->comm), "%s", comm);
}

/* What ran on each CPU when the recording started. */
static int init_current(struct trace *t)
{
	struct sim_cpu_info ci;
	struct sim_task_info ti;
	int cpu;

	t->curr = calloc(t->nr_cpus, sizeof(*t->curr));
	if (!t->curr)
		return -1;
	for (cpu = 0; cpu < t->nr_cpus; cpu++) {
		set_idle(&t->curr[cpu], cpu);
		t->curr[cpu].since = t->start;
	}
	/* The first switch on a CPU says who ran there before it. */
	for (cpu = 0; cpu < t->nr_cpus; cpu++) {
		size_t i;

		for (i = 0; i < t->nr; i++)
			if (t->ev[i].type == SIM_TRACE_SWITCH &&
			    t->ev[i].cpu == cpu)
				break;
		if (i < t->nr) {
			set_task(&t->curr[cpu], cpu, t->ev[i].pid,
				 t->ev[i].comm);
		} else if (!sim_cpu_info(cpu, &ci) && ci.curr_pid &&
			   !sim_task_info(ci.curr_pid, &ti)) {
			set_task(&t->curr[cpu], cpu, ti.pid, ti.name);
		}
	}
	return 0;
}

/* ---- ftrace text ------------------------------------------------------ */

static const char *name_of(const char *comm, int pid, int cpu, char *buf,
			   size_t len)
{
	if (pid)
		return comm;
	snprintf(buf, len, "swapper/%d", cpu);
	return buf;
}

/* prev_state as the kernel prints it: R when still runnable, else the
 * letters of the state bits joined by '|'. */
static const char *state_letters(long state, char *buf, size_t len)
{
	static const struct { long bit; const char *letter; } bits[] = {
		{ ST_INTERRUPTIBLE, "S" }, { ST_UNINTERRUPTIBLE, "D" },
		{ ST_STOPPED, "T" }, { ST_TRACED, "t" },
		{ ST_DEAD, "X" }, { ST_ZOMBIE, "Z" },
	};
	unsigned int i;
	size_t n = 0;

	if (!state)
		return "R";
	buf[0] = '\0';
	for (i = 0; i < sizeof(bits) / sizeof(bits[0]); i++) {
		if (!(state & bits[i].bit))
			continue;
		n += snprintf(buf + n, len - n, "%s%s", n ? "|" : "",
			      bits[i].letter);
		if (n >= len)
			break;
	}
	return n ? buf : "R";
}

static void write_txt_header(const struct trace *t, size_t entries)
{
	fprintf(t->file,
		"# tracer: nop\n"
		"#\n"
		"# entries-in-buffer/entries-written: %zu/%zu   #P:%d\n"
		"#\n"
		"#                                _-----=> irqs-off/BH-disabled\n"
		"#                               / _----=> need-resched\n"
		"#                              | / _---=> hardirq/softirq\n"
		"#                              || / _--=> preempt-depth\n"
		"#                              ||| / _-=> migrate-disable\n"
		"#                              |||| /     delay\n"
		"#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION\n"
		"#              | |         |   |||||     |         |\n",
		entries, entries, t->nr_cpus);
}

/* One line's context: the task current on @cpu, the CPU, the time. */
static void write_context(const struct trace *t, int cpu,
			  unsigned long long ns)
{
	const struct current *c = &t->curr[cpu];

	fprintf(t->file, "%16s-%-7d [%03d] d..2. %5llu.%06llu: ", c->comm,
		c->pid, cpu, ns / NSEC_PER_SEC,
		ns % NSEC_PER_SEC / NSEC_PER_USEC);
}

static void write_txt_event(struct trace *t, const struct sim_trace_event *e)
{
	char prev[24], next[24], state[32];
	const char *name = NULL;

	write_context(t, e->cpu, e->ns);
	switch (e->type) {
	case SIM_TRACE_SWITCH:
		fprintf(t->file, "sched_switch: prev_comm=%s prev_pid=%d "
			"prev_prio=%d prev_state=%s ==> next_comm=%s "
			"next_pid=%d next_prio=%d\n",
			name_of(e->comm, e->pid, e->cpu, prev, sizeof(prev)),
			e->pid, e->prio,
			state_letters(e->prev_state, state, sizeof(state)),
			name_of(e->next_comm, e->next_pid, e->cpu, next,
				sizeof(next)),
			e->next_pid, e->next_prio);
		set_task(&t->curr[e->cpu], e->cpu, e->next_pid, e->next_comm);
		return;
	case SIM_TRACE_WAKEUP:
		/* The kernel says sched_waking, then sched_wakeup. */
		fprintf(t->file, "sched_waking: comm=%s pid=%d prio=%d "
			"target_cpu=%03d\n", e->comm, e->pid, e->prio,
			e->target_cpu);
		write_context(t, e->cpu, e->ns);
		name = "sched_wakeup";
		break;
	case SIM_TRACE_WAKEUP_NEW:
		name = "sched_wakeup_new";
		break;
	case SIM_TRACE_MIGRATE:
		fprintf(t->file, "sched_migrate_task: comm=%s pid=%d prio=%d "
			"orig_cpu=%d dest_cpu=%d\n", e->comm, e->pid, e->prio,
			e->orig_cpu, e->target_cpu);
		return;
	default:
		fprintf(t->file, "sched_unknown: type=%d\n", e->type);
		return;
	}
	fprintf(t->file, "%s: comm=%s pid=%d prio=%d target_cpu=%03d\n", name,
		e->comm, e->pid, e->prio, e->target_cpu);
}

static void write_txt(struct trace *t)
{
	size_t i, lines = 0;

	/* A wake-up is two lines: sched_waking and sched_wakeup. */
	for (i = 0; i < t->nr; i++)
		lines += t->ev[i].type == SIM_TRACE_WAKEUP ? 2 : 1;
	write_txt_header(t, lines);
	for (i = 0; i < t->nr; i++)
		write_txt_event(t, &t->ev[i]);
}

/* ---- Chrome/Perfetto JSON ------------------------------------------- */

/* The machine's rows: process 0 "machine", thread N "CPU N". */
#define JSON_PID	0

static double usecs(unsigned long long ns)
{
	return ns / 1e3;
}

static int append(json_t *events, json_t *ev)
{
	return ev ? json_array_append_new(events, ev) : -1;
}

static int json_metadata(json_t *events, int nr_cpus)
{
	char name[32];
	int cpu, ret;

	ret = append(events, json_pack("{s:s, s:s, s:i, s:{s:s}}",
				       "ph", "M", "name", "process_name",
				       "pid", JSON_PID, "args",
				       "name", "machine"));
	for (cpu = 0; cpu < nr_cpus && !ret; cpu++) {
		snprintf(name, sizeof(name), "CPU %d", cpu);
		ret = append(events, json_pack("{s:s, s:s, s:i, s:i, s:{s:s}}",
					       "ph", "M", "name", "thread_name",
					       "pid", JSON_PID, "tid", cpu,
					       "args", "name", name));
		if (!ret)
			ret = append(events,
				     json_pack("{s:s, s:s, s:i, s:i, s:{s:i}}",
					       "ph", "M",
					       "name", "thread_sort_index",
					       "pid", JSON_PID, "tid", cpu,
					       "args", "sort_index", cpu));
	}
	return ret;
}

/* The run of @c's task on @cpu from c->since to @end, if it is a task. */
static int json_run(json_t *events, int cpu, const struct current *c,
		    unsigned long long end)
{
	char name[32];

	if (!c->pid)
		return 0;
	snprintf(name, sizeof(name), "%s/%d", c->comm, c->pid);
	return append(events, json_pack("{s:s, s:s, s:i, s:i, s:f, s:f, "
					"s:{s:s, s:i}}",
					"ph", "X", "name", name,
					"pid", JSON_PID, "tid", cpu,
					"ts", usecs(c->since),
					"dur", usecs(end - c->since),
					"args", "comm", c->comm,
					"pid", c->pid));
}

static int json_instant(json_t *events, const struct sim_trace_event *e)
{
	const char *name = e->type == SIM_TRACE_WAKEUP ? "sched_wakeup" :
		e->type == SIM_TRACE_WAKEUP_NEW ? "sched_wakeup_new" :
		"sched_migrate_task";
	json_t *args;

	if (e->type == SIM_TRACE_MIGRATE)
		args = json_pack("{s:s, s:i, s:i, s:i, s:i}", "comm", e->comm,
				 "pid", e->pid, "prio", e->prio,
				 "orig_cpu", e->orig_cpu,
				 "dest_cpu", e->target_cpu);
	else
		args = json_pack("{s:s, s:i, s:i, s:i}", "comm", e->comm,
				 "pid", e->pid, "prio", e->prio,
				 "target_cpu", e->target_cpu);
	if (!args)
		return -1;
	return append(events, json_pack("{s:s, s:s, s:s, s:i, s:i, s:f, s:o}",
					"ph", "i", "s", "t", "name", name,
					"pid", JSON_PID, "tid", e->cpu,
					"ts", usecs(e->ns), "args", args));
}

static int write_json(struct trace *t, unsigned long long end)
{
	json_t *root, *events;
	struct current *c;
	size_t i;
	int cpu, ret;

	events = json_array();
	root = json_pack("{s:o, s:s}", "traceEvents", events,
			 "displayTimeUnit", "ns");
	if (!root)
		return -1;
	ret = json_metadata(events, t->nr_cpus);
	for (i = 0; i < t->nr && !ret; i++) {
		const struct sim_trace_event *e = &t->ev[i];

		if (e->type != SIM_TRACE_SWITCH) {
			ret = json_instant(events, e);
			continue;
		}
		c = &t->curr[e->cpu];
		ret = json_run(events, e->cpu, c, e->ns);
		set_task(c, e->cpu, e->next_pid, e->next_comm);
		c->since = e->ns;
	}
	for (cpu = 0; cpu < t->nr_cpus && !ret; cpu++)
		ret = json_run(events, cpu, &t->curr[cpu], end);
	if (!ret)
		ret = json_dumpf(root, t->file, JSON_COMPACT |
				 JSON_REAL_PRECISION(JSON_TS_DIGITS));
	if (!ret && fputc('\n', t->file) == EOF)
		ret = -1;
	json_decref(root);
	return ret;
}

/* ---- the end ------------------------------------------------------------ */

static void release(struct trace *t)
{
	free(t->ev);
	free(t->curr);
	free(t->path);
	free(t);
}

int trace_finish(struct trace *t, unsigned long long end_ns, char *err,
		 size_t len)
{
	int ret;

	ret = init_current(t);
	if (!ret && t->oom)
		ret = -1;
	if (!ret && t->format == TRACE_TXT)
		write_txt(t);
	else if (!ret)
		ret = write_json(t, end_ns);
	if (ferror(t->file))
		ret = -1;
	if (fclose(t->file))
		ret = -1;
	if (ret)
		snprintf(err, len, "--trace: cannot write '%s'%s", t->path,
			 t->oom ? ": out of memory" : "");
	release(t);
	return ret;
}

void trace_discard(struct trace *t)
{
	fclose(t->file);
	remove(t->path);
	release(t);
}
