/*
 * tools/trace.c - schedsim's trace writer: see trace.h.
 *
 * Events are written as they come, so a run's memory does not grow with
 * its length.  The JSON form streams as it is; the ftrace text starts
 * with a header that counts its lines, so its lines go to a scratch
 * file beside the destination (unlinked at once) and are copied after
 * the header at the end; trace.dat is tracedat.c's.  The writers keep,
 * per CPU, the task current there: the task column of an ftrace line,
 * the open run of a JSON row, the common_pid of a trace.dat event.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <plugsched/sim.h>

#include "jsonout.h"
#include "trace.h"
#include "tracedat.h"

#define NSEC_PER_USEC	1000ULL
#define NSEC_PER_SEC	1000000000ULL
#define COPY_CHUNK	65536

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
	struct out_file *out;
	struct out_file spool;	/* ftrace text: the lines, until the end */
	FILE *f;		/* where the events go: spool or out */
	enum trace_format format;
	int nr_cpus;
	size_t lines;		/* ftrace text: for the header */
	int nr_json;		/* JSON: events written, for the commas */
	int failed;		/* an event could not be made: out of memory */
	struct current *curr;	/* per CPU */
	struct tracedat *dat;	/* trace.dat: its writer */
};

enum trace_format trace_format_of(const char *path)
{
	const char *dot = strrchr(path, '.');

	if (!dot || dot == path || strchr(dot, '/') || dot[-1] == '/')
		return TRACE_BAD;
	if (!strcmp(dot, ".txt"))
		return TRACE_TXT;
	if (!strcmp(dot, ".json"))
		return TRACE_JSON;
	if (!strcmp(dot, ".dat"))
		return TRACE_DAT;
	return TRACE_BAD;
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

/* What runs on each CPU as the recording starts. */
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
		t->curr[cpu].since = sim_now();
		if (!sim_cpu_info(cpu, &ci) && ci.curr_pid &&
		    !sim_task_info(ci.curr_pid, &ti))
			set_task(&t->curr[cpu], cpu, ti.pid, ti.name);
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

static void write_txt_header(FILE *f, size_t entries, int nr_cpus)
{
	fprintf(f,
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
		entries, entries, nr_cpus);
}

/* One line's context: the task current on @cpu, the CPU, the time. */
static void write_context(const struct trace *t, int cpu,
			  unsigned long long ns)
{
	const struct current *c = &t->curr[cpu];

	fprintf(t->f, "%16s-%-7d [%03d] d..2. %5llu.%06llu: ", c->comm,
		c->pid, cpu, ns / NSEC_PER_SEC,
		ns % NSEC_PER_SEC / NSEC_PER_USEC);
}

static void write_txt_event(struct trace *t, const struct sim_trace_event *e)
{
	char prev[24], next[24], state[32];
	const char *name = NULL;

	t->lines++;
	write_context(t, e->cpu, e->ns);
	switch (e->type) {
	case SIM_TRACE_SWITCH:
		fprintf(t->f, "sched_switch: prev_comm=%s prev_pid=%d "
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
		fprintf(t->f, "sched_waking: comm=%s pid=%d prio=%d "
			"target_cpu=%03d\n", e->comm, e->pid, e->prio,
			e->target_cpu);
		t->lines++;
		write_context(t, e->cpu, e->ns);
		name = "sched_wakeup";
		break;
	case SIM_TRACE_WAKEUP_NEW:
		name = "sched_wakeup_new";
		break;
	case SIM_TRACE_MIGRATE:
		fprintf(t->f, "sched_migrate_task: comm=%s pid=%d prio=%d "
			"orig_cpu=%d dest_cpu=%d\n", e->comm, e->pid, e->prio,
			e->orig_cpu, e->target_cpu);
		return;
	default:
		fprintf(t->f, "sched_unknown: type=%d\n", e->type);
		return;
	}
	fprintf(t->f, "%s: comm=%s pid=%d prio=%d target_cpu=%03d\n", name,
		e->comm, e->pid, e->prio, e->target_cpu);
}

/* ---- Chrome/Perfetto JSON ------------------------------------------- */

/* The machine's rows: process 0 "machine", thread N "CPU N". */
#define JSON_PID	0

static double usecs(unsigned long long ns)
{
	return ns / 1e3;
}

/* One element of the traceEvents array, on one line without spaces. */
static int json_put(struct trace *t, struct json_object *ev)
{
	int ret;

	if (!ev)
		return -1;
	if (t->nr_json++)
		fputc(',', t->f);
	ret = jo_dump(ev, t->f, 0);
	json_object_put(ev);
	return ret;
}

/* {"ph": ph, "name": name, "pid": JSON_PID, "tid": tid} (tid < 0: none) */
static struct json_object *json_event(const char *ph, const char *name,
				      int tid)
{
	struct json_object *o = json_object_new_object();

	jo_add_str(o, "ph", ph);
	jo_add_str(o, "name", name);
	jo_add_int(o, "pid", JSON_PID);
	if (tid >= 0)
		jo_add_int(o, "tid", tid);
	return o;
}

static struct json_object *json_meta(const char *name, int cpu,
				     const char *key, const char *s, int n)
{
	struct json_object *o = json_event("M", name, cpu);
	struct json_object *args = json_object_new_object();

	if (s)
		jo_add_str(args, key, s);
	else
		jo_add_int(args, key, n);
	jo_add(o, "args", args);
	return o;
}

static int json_metadata(struct trace *t, int nr_cpus)
{
	char name[32];
	int cpu, ret;

	ret = json_put(t, json_meta("process_name", -1, "name", "machine",
				    0));
	for (cpu = 0; cpu < nr_cpus && !ret; cpu++) {
		snprintf(name, sizeof(name), "CPU %d", cpu);
		ret = json_put(t, json_meta("thread_name", cpu, "name", name,
					    0));
		if (ret)
			break;
		ret = json_put(t, json_meta("thread_sort_index", cpu,
					    "sort_index", NULL, cpu));
	}
	return ret;
}

/* The run of @c's task on @cpu from c->since to @end, if it is a task. */
static int json_run(struct trace *t, int cpu, const struct current *c,
		    unsigned long long end)
{
	struct json_object *o, *args;
	char name[32];

	if (!c->pid)
		return 0;
	snprintf(name, sizeof(name), "%s/%d", c->comm, c->pid);
	o = json_event("X", name, cpu);
	jo_add(o, "ts", jo_real(usecs(c->since), JSON_TS_DIGITS));
	jo_add(o, "dur", jo_real(usecs(end - c->since), JSON_TS_DIGITS));
	args = json_object_new_object();
	jo_add_str(args, "comm", c->comm);
	jo_add_int(args, "pid", c->pid);
	jo_add(o, "args", args);
	return json_put(t, o);
}

static int json_instant(struct trace *t, const struct sim_trace_event *e)
{
	const char *name = e->type == SIM_TRACE_WAKEUP ? "sched_wakeup" :
		e->type == SIM_TRACE_WAKEUP_NEW ? "sched_wakeup_new" :
		"sched_migrate_task";
	struct json_object *o = json_object_new_object();
	struct json_object *args = json_object_new_object();

	jo_add_str(args, "comm", e->comm);
	jo_add_int(args, "pid", e->pid);
	jo_add_int(args, "prio", e->prio);
	if (e->type == SIM_TRACE_MIGRATE) {
		jo_add_int(args, "orig_cpu", e->orig_cpu);
		jo_add_int(args, "dest_cpu", e->target_cpu);
	} else {
		jo_add_int(args, "target_cpu", e->target_cpu);
	}
	jo_add_str(o, "ph", "i");
	jo_add_str(o, "s", "t");
	jo_add_str(o, "name", name);
	jo_add_int(o, "pid", JSON_PID);
	jo_add_int(o, "tid", e->cpu);
	jo_add(o, "ts", jo_real(usecs(e->ns), JSON_TS_DIGITS));
	jo_add(o, "args", args);
	return json_put(t, o);
}

/* ---- the writer ------------------------------------------------------ */

/**
 * trace_start - record the machine's events into @out from now on.
 * @out: an open output (out_open()), the trace file
 * @err: where the reason goes
 * @len: its size
 *
 * Return: the writer, or NULL with a one-line reason in @err.
 */
struct trace *trace_start(struct out_file *out, char *err, size_t len)
{
	struct trace *t = calloc(1, sizeof(*t));

	if (!t)
		goto oom;
	t->out = out;
	t->f = out->f;
	t->format = trace_format_of(out->path);
	t->nr_cpus = sim_nr_cpus();
	if (init_current(t))
		goto oom;
	if (t->format == TRACE_TXT) {
		if (out_open_scratch(&t->spool, out, err, len))
			goto fail;
		t->f = t->spool.f;
		return t;
	}
	if (t->format == TRACE_DAT) {
		t->dat = tracedat_start(out, t->nr_cpus, err, len);
		if (!t->dat)
			goto fail;
		return t;
	}
	fputs("{\"traceEvents\":[", t->f);
	if (json_metadata(t, t->nr_cpus))
		goto oom;
	return t;
oom:
	snprintf(err, len, "--trace: out of memory");
fail:
	trace_discard(t);
	return NULL;
}

/**
 * trace_event - the machine's trace sink: write one event.
 * @ev: the event
 * @arg: the writer
 *
 * Runs inside the machine, so it only writes; a failed write is kept by
 * the output and reported by trace_end().
 */
void trace_event(const struct sim_trace_event *ev, void *arg)
{
	struct trace *t = arg;
	struct current *c;

	if (t->format == TRACE_TXT) {
		write_txt_event(t, ev);
		return;
	}
	if (t->format == TRACE_DAT) {
		c = &t->curr[ev->cpu];
		t->failed |= tracedat_event(t->dat, ev, c->pid);
		if (ev->type == SIM_TRACE_SWITCH)
			set_task(c, ev->cpu, ev->next_pid, ev->next_comm);
		return;
	}
	if (ev->type != SIM_TRACE_SWITCH) {
		t->failed |= json_instant(t, ev);
		return;
	}
	c = &t->curr[ev->cpu];
	t->failed |= json_run(t, ev->cpu, c, ev->ns);
	set_task(c, ev->cpu, ev->next_pid, ev->next_comm);
	c->since = ev->ns;
}

/**
 * trace_failed - has writing the trace failed already?
 * @t: the writer
 *
 * Return: non-zero once a write failed: the run need not go on.
 */
int trace_failed(const struct trace *t)
{
	return t->failed || t->out->err || t->spool.err ||
	       (t->dat && tracedat_error(t->dat));
}

/* The ftrace text: the header, then the lines from the scratch file. */
static void end_txt(struct trace *t)
{
	write_txt_header(t->out->f, t->lines, t->nr_cpus);
	out_append(t->out, &t->spool);
}

static int end_json(struct trace *t, unsigned long long end_ns)
{
	int cpu, ret = 0;

	for (cpu = 0; cpu < t->nr_cpus && !ret; cpu++)
		ret = json_run(t, cpu, &t->curr[cpu], end_ns);
	fputs("],\"displayTimeUnit\":\"ns\"}\n", t->f);
	return ret;
}

/* trace.dat: the whole file, or after a failed write only its reason. */
static void end_dat(struct trace *t)
{
	int err = tracedat_error(t->dat);

	if (err && !t->out->err)
		t->out->err = err;	/* the reason, at commit */
	if (!trace_failed(t))
		t->failed = tracedat_end(t->dat);
	else
		tracedat_free(t->dat);
	t->dat = NULL;
}

/**
 * trace_end - write the end of the trace and free the writer.
 * @t: the writer
 * @end_ns: when the recording ends: runs still open end there
 * @err: where the reason goes
 * @len: its size
 *
 * The output stays open: the caller commits it with the run's others,
 * and out_commit_all() reports a write that failed.
 *
 * Return: 0, or -1 with a one-line reason in @err when an event could
 * not be written for want of memory.
 */
int trace_end(struct trace *t, unsigned long long end_ns, char *err,
	      size_t len)
{
	int ret;

	if (!trace_failed(t) && t->format == TRACE_TXT)
		end_txt(t);
	else if (t->format == TRACE_DAT)
		end_dat(t);
	else if (!trace_failed(t))
		t->failed = end_json(t, end_ns);
	if (t->spool.err && !t->out->err)
		t->out->err = t->spool.err;	/* the reason, at commit */
	ret = t->failed ? -1 : 0;
	if (ret)
		snprintf(err, len, "--trace: out of memory");
	trace_discard(t);
	return ret;
}

/**
 * trace_discard - free the writer without ending the trace.
 * @t: the writer, or NULL
 */
void trace_discard(struct trace *t)
{
	if (!t)
		return;
	out_abort(&t->spool);
	tracedat_free(t->dat);
	free(t->curr);
	free(t);
}
