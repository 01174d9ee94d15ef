/*
 * tools/tracedat.c - trace-cmd's trace.dat, version 6: see tracedat.h.
 *
 * The layout is the one trace-cmd.dat.v6(5) documents; the ring
 * buffer's own (pages, event headers, time extends) is the one the
 * header_page and header_event sections of the file describe, which
 * readers (libtraceevent's kbuffer) follow.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "tracedat.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

#define DAT_VERSION	"6"
#define DAT_LONG_SIZE	8
#define DAT_PAGE_SIZE	4096
#define DAT_PAGE_HEADER	16	/* u64 timestamp, local_t commit */
#define DAT_PAGE_DATA	(DAT_PAGE_SIZE - DAT_PAGE_HEADER)
#define DAT_FIRST_ID	300	/* the events' IDs: any that are unique */
#define DAT_COMM_LEN	16	/* TASK_COMM_LEN */

/* The event header: type_len in the low 5 bits, time delta above. */
#define RB_TYPE_BITS		5
#define RB_DELTA_BITS		27
#define RB_DELTA_MAX		((1ULL << RB_DELTA_BITS) - 1)
#define RB_TYPE_TIME_EXTEND	30
#define RB_EVENT_HEADER		4
#define RB_TIME_EXTEND		8

/* What the ftrace text's "d..2." says: irqs off, preempt count 2. */
#define DAT_FLAGS_IRQS_OFF	0x01
#define DAT_PREEMPT_COUNT	2

static const char header_page[] =
	"\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
	"\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n"
	"\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
	"\tfield: char data;\toffset:16;\tsize:4080;\tsigned:1;\n";

static const char header_event[] =
	"# compressed entry header\n"
	"\ttype_len    :    5 bits\n"
	"\ttime_delta  :   27 bits\n"
	"\tarray       :   32 bits\n"
	"\n"
	"\tpadding     : type == 29\n"
	"\ttime_extend : type == 30\n"
	"\ttime_stamp : type == 31\n"
	"\tdata max type_len  == 28\n";

/* A field of an event's record, as its format file describes it. */
struct dat_field {
	const char *decl;	/* "int prio": a char array is a comm */
	unsigned char offset;
	unsigned char size;
	unsigned char is_signed;
};

static const struct dat_field common_fields[] = {
	{ "unsigned short common_type", 0, 2, 0 },
	{ "unsigned char common_flags", 2, 1, 0 },
	{ "unsigned char common_preempt_count", 3, 1, 0 },
	{ "int common_pid", 4, 4, 1 },
};

static const struct dat_field switch_fields[] = {
	{ "char prev_comm[16]", 8, 16, 0 },
	{ "pid_t prev_pid", 24, 4, 1 },
	{ "int prev_prio", 28, 4, 1 },
	{ "long prev_state", 32, 8, 1 },
	{ "char next_comm[16]", 40, 16, 0 },
	{ "pid_t next_pid", 56, 4, 1 },
	{ "int next_prio", 60, 4, 1 },
};

static const struct dat_field wakeup_fields[] = {
	{ "char comm[16]", 8, 16, 0 },
	{ "pid_t pid", 24, 4, 1 },
	{ "int prio", 28, 4, 1 },
	{ "int target_cpu", 32, 4, 1 },
};

static const struct dat_field migrate_fields[] = {
	{ "char comm[16]", 8, 16, 0 },
	{ "pid_t pid", 24, 4, 1 },
	{ "int prio", 28, 4, 1 },
	{ "int orig_cpu", 32, 4, 1 },
	{ "int dest_cpu", 36, 4, 1 },
};

#define WAKEUP_FMT \
	"\"comm=%s pid=%d prio=%d target_cpu=%03d\", REC->comm, " \
	"REC->pid, REC->prio, REC->target_cpu"

/*
 * The ftrace text's letters of prev_state, in its order (trace.c's
 * state_letters()); 0x3f masks the bits that have one.
 */
#define STATE_FLAGS \
	"{ 0x01, \"S\" }, { 0x02, \"D\" }, { 0x04, \"T\" }, " \
	"{ 0x08, \"t\" }, { 0x20, \"X\" }, { 0x10, \"Z\" }"

#define SWITCH_FMT \
	"\"prev_comm=%s prev_pid=%d prev_prio=%d prev_state=%s ==> " \
	"next_comm=%s next_pid=%d next_prio=%d\", REC->prev_comm, " \
	"REC->prev_pid, REC->prev_prio, (REC->prev_state & 0x3f) ? " \
	"__print_flags(REC->prev_state & 0x3f, \"|\", " STATE_FLAGS \
	") : \"R\", REC->next_comm, REC->next_pid, REC->next_prio"

#define MIGRATE_FMT \
	"\"comm=%s pid=%d prio=%d orig_cpu=%d dest_cpu=%d\", REC->comm, " \
	"REC->pid, REC->prio, REC->orig_cpu, REC->dest_cpu"

enum dat_event_id {
	EV_SWITCH,
	EV_WAKING,
	EV_WAKEUP,
	EV_WAKEUP_NEW,
	EV_MIGRATE,
	NR_EVENTS,
};

struct dat_event {
	const char *name;
	const struct dat_field *fields;
	unsigned int nr_fields;
	const char *print_fmt;
};

#define EVENT(name, fields, fmt) { name, fields, ARRAY_SIZE(fields), fmt }

static const struct dat_event events[NR_EVENTS] = {
	[EV_SWITCH] = EVENT("sched_switch", switch_fields, SWITCH_FMT),
	[EV_WAKING] = EVENT("sched_waking", wakeup_fields, WAKEUP_FMT),
	[EV_WAKEUP] = EVENT("sched_wakeup", wakeup_fields, WAKEUP_FMT),
	[EV_WAKEUP_NEW] = EVENT("sched_wakeup_new", wakeup_fields,
				WAKEUP_FMT),
	[EV_MIGRATE] = EVENT("sched_migrate_task", migrate_fields,
			     MIGRATE_FMT),
};

/* A field's value: a comm for a char array, else a number. */
union dat_value {
	const char *comm;
	long long n;
};

/* A CPU's ring buffer: the page being filled, the full ones spooled. */
struct dat_cpu {
	struct out_file spool;
	unsigned long long pages;	/* in the spool */
	unsigned long long last_ns;	/* of the page's last event */
	size_t used;			/* bytes of the page's data */
	unsigned char page[DAT_PAGE_SIZE];
};

struct tracedat {
	struct out_file *out;
	unsigned long long pos;		/* bytes written to @out */
	int nr_cpus;
	char (*comms)[DAT_COMM_LEN];	/* by pid: the saved cmdlines */
	size_t nr_comms;
	struct dat_cpu *cpus;
};

/* ---- little-endian numbers ------------------------------------------ */

static void le_put(unsigned char *p, unsigned long long v, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		p[i] = v >> (8 * i);
}

/* ---- the records ------------------------------------------------------ */

static size_t record_size(const struct dat_event *ev)
{
	const struct dat_field *last = &ev->fields[ev->nr_fields - 1];

	return last->offset + last->size;
}

static int is_comm(const struct dat_field *f)
{
	return !strncmp(f->decl, "char ", 5);
}

/* A record of @ev into @rec: the common fields, then @v's in order. */
static size_t make_record(unsigned char *rec, enum dat_event_id id,
			  int common_pid, const union dat_value *v)
{
	const struct dat_event *ev = &events[id];
	const struct dat_field *f;
	unsigned int i;

	le_put(rec, DAT_FIRST_ID + id, 2);
	rec[2] = DAT_FLAGS_IRQS_OFF;
	rec[3] = DAT_PREEMPT_COUNT;
	le_put(rec + 4, common_pid, 4);
	for (i = 0; i < ev->nr_fields; i++) {
		f = &ev->fields[i];
		if (!is_comm(f)) {
			le_put(rec + f->offset, v[i].n, f->size);
			continue;
		}
		memset(rec + f->offset, 0, f->size);
		strncpy((char *)rec + f->offset, v[i].comm, f->size - 1);
	}
	return record_size(ev);
}

/* ---- the pages -------------------------------------------------------- */

/* Write the page of @c to its spool, its commit set; start none. */
static void flush_page(struct dat_cpu *c)
{
	if (!c->used)
		return;
	le_put(c->page + 8, c->used, DAT_LONG_SIZE);
	out_write(&c->spool, c->page, sizeof(c->page));
	c->pages++;
	c->used = 0;
}

static void put_header(struct dat_cpu *c, unsigned int type_len,
		       unsigned long long delta)
{
	le_put(c->page + DAT_PAGE_HEADER + c->used,
	       (delta & RB_DELTA_MAX) << RB_TYPE_BITS | type_len, 4);
	c->used += RB_EVENT_HEADER;
}

/*
 * Append a record of @size bytes at @ns to the page of @c: a new page
 * when it does not fit (or time went back), a time extend before it
 * when its delta needs more than 27 bits.
 */
static void put_record(struct dat_cpu *c, unsigned long long ns,
		       const unsigned char *rec, size_t size)
{
	unsigned long long delta = ns - c->last_ns;
	size_t need = RB_EVENT_HEADER + size;

	if (delta > RB_DELTA_MAX)
		need += RB_TIME_EXTEND;
	if (!c->used || ns < c->last_ns || c->used + need > DAT_PAGE_DATA) {
		flush_page(c);
		memset(c->page, 0, sizeof(c->page));
		le_put(c->page, ns, 8);
		delta = 0;
	}
	if (delta > RB_DELTA_MAX) {
		put_header(c, RB_TYPE_TIME_EXTEND, delta);
		le_put(c->page + DAT_PAGE_HEADER + c->used,
		       delta >> RB_DELTA_BITS, 4);
		c->used += 4;
		delta = 0;
	}
	put_header(c, size / 4, delta);
	memcpy(c->page + DAT_PAGE_HEADER + c->used, rec, size);
	c->used += size;
	c->last_ns = ns;
}

/* ---- the events ------------------------------------------------------- */

/* The comm of @pid for the cmdlines; 0, or -1 out of memory. */
static int save_comm(struct tracedat *d, int pid, const char *comm)
{
	void *comms = d->comms;

	if (pid <= 0)
		return 0;
	if (grow(&comms, &d->nr_comms, pid, sizeof(*d->comms)))
		return -1;
	d->comms = comms;
	snprintf(d->comms[pid], sizeof(d->comms[pid]), "%s", comm);
	return 0;
}

static void put_event(struct tracedat *d, const struct sim_trace_event *e,
		      enum dat_event_id id, int common_pid,
		      const union dat_value *v)
{
	unsigned char rec[64];
	size_t size = make_record(rec, id, common_pid, v);

	put_record(&d->cpus[e->cpu], e->ns, rec, size);
}

static void put_switch(struct tracedat *d, const struct sim_trace_event *e,
		       int common_pid)
{
	char idle[DAT_COMM_LEN];
	union dat_value v[ARRAY_SIZE(switch_fields)];

	/* An idle task is "swapper/N", as the kernel and trace.c say. */
	snprintf(idle, sizeof(idle), "swapper/%d", e->cpu);
	v[0].comm = e->pid ? e->comm : idle;
	v[1].n = e->pid;
	v[2].n = e->prio;
	v[3].n = e->prev_state;
	v[4].comm = e->next_pid ? e->next_comm : idle;
	v[5].n = e->next_pid;
	v[6].n = e->next_prio;
	put_event(d, e, EV_SWITCH, common_pid, v);
}

/**
 * tracedat_event - record one machine event.
 * @d: the writer
 * @e: the event
 * @common_pid: the task current on e->cpu as it happens
 *
 * A wake-up is two events, sched_waking then sched_wakeup, as the
 * kernel and the ftrace text have them.
 *
 * Return: 0, or -1 out of memory.
 */
int tracedat_event(struct tracedat *d, const struct sim_trace_event *e,
		   int common_pid)
{
	union dat_value v[ARRAY_SIZE(migrate_fields)] = {
		{ .comm = e->comm }, { .n = e->pid }, { .n = e->prio },
		{ .n = e->target_cpu }, { .n = e->target_cpu },
	};

	if (save_comm(d, e->pid, e->comm))
		return -1;
	switch (e->type) {
	case SIM_TRACE_SWITCH:
		if (save_comm(d, e->next_pid, e->next_comm))
			return -1;
		put_switch(d, e, common_pid);
		break;
	case SIM_TRACE_WAKEUP:
		put_event(d, e, EV_WAKING, common_pid, v);
		put_event(d, e, EV_WAKEUP, common_pid, v);
		break;
	case SIM_TRACE_WAKEUP_NEW:
		put_event(d, e, EV_WAKEUP_NEW, common_pid, v);
		break;
	case SIM_TRACE_MIGRATE:
		v[3].n = e->orig_cpu;
		put_event(d, e, EV_MIGRATE, common_pid, v);
		break;
	}
	return 0;
}

/* ---- the file --------------------------------------------------------- */

static void put_bytes(struct tracedat *d, const void *p, size_t n)
{
	out_write(d->out, p, n);
	d->pos += n;
}

static void put_number(struct tracedat *d, unsigned long long v,
		       unsigned int n)
{
	unsigned char buf[8];

	le_put(buf, v, n);
	put_bytes(d, buf, n);
}

/* A section of text: its size in @size_len bytes, then the text. */
static void put_text(struct tracedat *d, unsigned int size_len,
		     const char *text, size_t len)
{
	put_number(d, len, size_len);
	put_bytes(d, text, len);
}

static void put_field_line(FILE *f, const struct dat_field *fl)
{
	fprintf(f, "\tfield:%s;\toffset:%u;\tsize:%u;\tsigned:%u;\n",
		fl->decl, fl->offset, fl->size, fl->is_signed);
}

/* Format @id's file, as events/sched/NAME/format shows it. */
static void make_format(FILE *f, const struct tracedat *d, int id)
{
	const struct dat_event *ev = &events[id];
	unsigned int i;

	(void)d;
	fprintf(f, "name: %s\nID: %d\nformat:\n", ev->name,
		DAT_FIRST_ID + id);
	for (i = 0; i < ARRAY_SIZE(common_fields); i++)
		put_field_line(f, &common_fields[i]);
	fputc('\n', f);
	for (i = 0; i < ev->nr_fields; i++)
		put_field_line(f, &ev->fields[i]);
	fprintf(f, "\nprint fmt: %s\n", ev->print_fmt);
}

/* The cmdlines, "PID COMM" a line, as saved_cmdlines has them. */
static void make_cmdlines(FILE *f, const struct tracedat *d, int id)
{
	size_t pid;

	(void)id;
	for (pid = 1; pid < d->nr_comms; pid++)
		if (d->comms[pid][0])
			fprintf(f, "%zu %s\n", pid, d->comms[pid]);
}

/*
 * A text section made by @make (@id: which one): its size in @size_len
 * bytes, then the text.  Returns 0, or -1 out of memory.
 */
static int put_made(struct tracedat *d, unsigned int size_len,
		    void (*make)(FILE *f, const struct tracedat *d, int id),
		    int id)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return -1;
	make(f, d, id);
	if (fclose(f)) {
		free(text);
		return -1;
	}
	put_text(d, size_len, text, len);
	free(text);
	return 0;
}

/* Everything before the flyrecord's table; 0, or -1 out of memory. */
static int put_header_sections(struct tracedat *d)
{
	static const char magic[] = { 0x17, 0x08, 0x44, 't', 'r', 'a', 'c',
				      'i', 'n', 'g' };
	int id;

	put_bytes(d, magic, sizeof(magic));
	put_bytes(d, DAT_VERSION, sizeof(DAT_VERSION));
	put_number(d, 0, 1);			/* little-endian */
	put_number(d, DAT_LONG_SIZE, 1);
	put_number(d, DAT_PAGE_SIZE, 4);
	put_bytes(d, "header_page", sizeof("header_page"));
	put_text(d, 8, header_page, strlen(header_page));
	put_bytes(d, "header_event", sizeof("header_event"));
	put_text(d, 8, header_event, strlen(header_event));
	put_number(d, 0, 4);			/* no ftrace formats */
	put_number(d, 1, 4);			/* one system: sched */
	put_bytes(d, "sched", sizeof("sched"));
	put_number(d, NR_EVENTS, 4);
	for (id = 0; id < NR_EVENTS; id++)
		if (put_made(d, 8, make_format, id))
			return -1;
	put_number(d, 0, 4);			/* no kallsyms */
	put_number(d, 0, 4);			/* no printk formats */
	return put_made(d, 8, make_cmdlines, 0);
}

/* The flyrecord: each CPU's offset and size, then its pages. */
static void put_flyrecord(struct tracedat *d)
{
	unsigned long long data, size;
	int cpu;

	put_number(d, d->nr_cpus, 4);
	put_bytes(d, "flyrecord", sizeof("flyrecord"));
	data = d->pos + 16ULL * d->nr_cpus;
	data = (data + DAT_PAGE_SIZE - 1) / DAT_PAGE_SIZE * DAT_PAGE_SIZE;
	for (cpu = 0; cpu < d->nr_cpus; cpu++) {
		size = d->cpus[cpu].pages * DAT_PAGE_SIZE;
		put_number(d, data, 8);
		put_number(d, size, 8);
		data += size;
	}
	while (d->pos % DAT_PAGE_SIZE)
		put_number(d, 0, 1);
	for (cpu = 0; cpu < d->nr_cpus; cpu++)
		out_append(d->out, &d->cpus[cpu].spool);
}

/**
 * tracedat_start - start a trace.dat.
 * @out: the output, open and empty
 * @nr_cpus: the machine's CPUs
 * @err: where the reason goes
 * @len: its size
 *
 * Return: the writer, or NULL with a one-line reason in @err.
 */
struct tracedat *tracedat_start(struct out_file *out, int nr_cpus,
				char *err, size_t len)
{
	struct tracedat *d = calloc(1, sizeof(*d));
	int cpu;

	if (d)
		d->cpus = calloc(nr_cpus, sizeof(*d->cpus));
	if (!d || !d->cpus) {
		snprintf(err, len, "--trace: out of memory");
		free(d);
		return NULL;
	}
	d->out = out;
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		if (out_open_scratch(&d->cpus[cpu].spool, out, err, len)) {
			tracedat_free(d);
			return NULL;
		}
		d->nr_cpus = cpu + 1;
	}
	return d;
}

/**
 * tracedat_error - has a write to a scratch file failed?
 * @d: the writer
 *
 * Return: the errno of the first failed write, or 0.
 */
int tracedat_error(const struct tracedat *d)
{
	int cpu;

	for (cpu = 0; cpu < d->nr_cpus; cpu++)
		if (d->cpus[cpu].spool.err)
			return d->cpus[cpu].spool.err;
	return 0;
}

/**
 * tracedat_end - write the file and free the writer.
 * @d: the writer
 *
 * A failed write (of the output or a scratch file) is kept in the
 * output's err, which its commit reports.
 *
 * Return: 0, or -1 out of memory.
 */
int tracedat_end(struct tracedat *d)
{
	int cpu, ret;

	for (cpu = 0; cpu < d->nr_cpus; cpu++)
		flush_page(&d->cpus[cpu]);
	ret = put_header_sections(d);
	if (!ret)
		put_flyrecord(d);
	if (tracedat_error(d) && !d->out->err)
		d->out->err = tracedat_error(d);
	tracedat_free(d);
	return ret;
}

/**
 * tracedat_free - free the writer and its scratch files.
 * @d: the writer, or NULL
 */
void tracedat_free(struct tracedat *d)
{
	int cpu;

	if (!d)
		return;
	for (cpu = 0; cpu < d->nr_cpus; cpu++)
		out_abort(&d->cpus[cpu].spool);
	free(d->cpus);
	free(d->comms);
	free(d);
}
