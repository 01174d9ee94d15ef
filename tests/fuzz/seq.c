/*
 * tests/fuzz/seq.c - the byte and text forms of fuzzer operations.
 *
 * Each operation is a code byte and one byte per field.  A field's kind
 * is the one rule that turns its byte into a value, given the fields
 * before it and the tasks alive; seq_encode() inverts the rule by trying
 * the 256 bytes, so only the decoder has to be right.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <plugsched/sim.h>

#include "seq.h"

enum seq_kind {
	K_INT,		/* lo + b % n */
	K_NAME,		/* names[b % n], worth values[] or lo + index */
	K_DRIVER,	/* a driver built in, by name */
	K_CPUS,		/* 1 + b % 8, at most sim_max_cpus() */
	K_SMT,		/* SMT pairs; only with an even cpus before */
	K_TASK,		/* a task alive: its pid */
	K_PID,		/* 0 (the caller), a task alive, or SEQ_NO_PID */
	K_UPTR,		/* SEQ_UMEM, SEQ_UBAD or SEQ_UNULL */
	K_UVAL,		/* what the memory before holds; 0 without it */
	K_RTPRIO,	/* 0 for SCHED_NORMAL (field 0), else 1..99 */
	K_TUNABLE,	/* a tunable of the booted driver: its index */
	K_TVALUE,	/* a value around the range of the tunable before */
};

struct seq_field {
	enum seq_kind kind;
	int lo, n;
	const char *label;		/* printed as label=value */
	const char *const *names;
	const int *values;
	int hex;			/* printed in hex */
};

struct seq_desc {
	const char *name;
	int in_task;			/* field 0 is the task doing it */
	int nr_fields;
	struct seq_field field[SEQ_MAX_FIELDS];
};

static const char *const policy_names[] = {
	"SCHED_NORMAL", "SCHED_FIFO", "SCHED_RR",
};
/* sched_setscheduler(): -1 keeps the policy in 2.6.10; 3 is invalid */
static const char *const sys_policy_names[] = {
	"-1", "SCHED_NORMAL", "SCHED_FIFO", "SCHED_RR", "3",
};
static const char *const user_names[] = { "root", "user" };
static const char *const smt_names[] = { "nosmt", "smt" };
static const char *const hz_names[] = { "100", "250", "1000" };
static const int hz_values[] = { 100, 250, 1000 };
static const char *const excl_names[] = { "shared", "exclusive" };
static const char *const all_names[] = { "one", "all" };

#define TASK		{ K_TASK }
#define PID		{ K_PID }
#define UPTR		{ K_UPTR }
#define INT(lo, n)	{ K_INT, lo, n }
#define NAMES(a, lo)	{ K_NAME, lo, sizeof(a) / sizeof(a[0]), NULL, a }

/* Indexed by enum seq_code; the byte of an operation is code % this size. */
static const struct seq_desc descs[] = {
	[SEQ_SPAWN] = { "spawn", 0, 4, {
		NAMES(policy_names, SIM_SCHED_NORMAL), { K_RTPRIO },
		{ K_INT, -20, 40, "nice" }, NAMES(user_names, 0) } },
	[SEQ_FORK] = { "fork", 1, 1, { TASK } },
	[SEQ_EXIT] = { "exit", 1, 2, { TASK, INT(0, 256) } },
	/* burn(q): q quarters of a tick */
	[SEQ_BURN] = { "burn", 1, 2, { TASK, INT(0, 32) } },
	[SEQ_SLEEP] = { "sleep", 1, 2, { TASK, INT(0, 16) } },
	[SEQ_SLEEP_UNINT] = { "sleep_uninterruptible", 1, 2,
		{ TASK, INT(0, 16) } },
	[SEQ_WQ_WAIT] = { "wait_event", 1, 3,
		{ TASK, INT(0, 4), NAMES(excl_names, 0) } },
	[SEQ_WQ_WAKE] = { "wake_up", 1, 3, { TASK, INT(0, 4), INT(0, 4) } },
	[SEQ_COMPLETION_WAIT] = { "wait_for_completion", 1, 2,
		{ TASK, INT(0, 4) } },
	[SEQ_COMPLETE] = { "complete", 1, 3,
		{ TASK, INT(0, 4), NAMES(all_names, 0) } },
	[SEQ_SETSCHEDULER] = { "sched_setscheduler", 1, 5, {
		TASK, PID, NAMES(sys_policy_names, -1), UPTR,
		{ K_UVAL, -1, 102 } } },
	[SEQ_SETPARAM] = { "sched_setparam", 1, 4,
		{ TASK, PID, UPTR, { K_UVAL, -1, 102 } } },
	[SEQ_GETSCHEDULER] = { "sched_getscheduler", 1, 2, { TASK, PID } },
	[SEQ_GETPARAM] = { "sched_getparam", 1, 3, { TASK, PID, UPTR } },
	[SEQ_RR_INTERVAL] = { "sched_rr_get_interval", 1, 3,
		{ TASK, PID, UPTR } },
	[SEQ_NICE] = { "nice", 1, 2, { TASK, INT(-25, 50) } },
	[SEQ_SETAFFINITY] = { "sched_setaffinity", 1, 5, {
		TASK, PID, INT(0, 17), UPTR,
		{ K_UVAL, 0, 256, NULL, NULL, NULL, 1 } } },
	[SEQ_GETAFFINITY] = { "sched_getaffinity", 1, 4,
		{ TASK, PID, INT(0, 17), UPTR } },
	[SEQ_YIELD] = { "sched_yield", 1, 1, { TASK } },
	[SEQ_IO_WAIT] = { "io_schedule_timeout", 1, 2, { TASK, INT(0, 16) } },
	[SEQ_TASK_WAKE] = { "wake_up_process", 1, 2, { TASK, TASK } },
	[SEQ_LOCK] = { "rt_mutex_lock_interruptible", 1, 2,
		{ TASK, INT(0, SIM_NR_MUTEX) } },
	[SEQ_TRYLOCK] = { "rt_mutex_trylock", 1, 2,
		{ TASK, INT(0, SIM_NR_MUTEX) } },
	[SEQ_UNLOCK] = { "rt_mutex_unlock", 1, 2,
		{ TASK, INT(0, SIM_NR_MUTEX) } },
	[SEQ_ADVANCE] = { "advance", 0, 1, { INT(0, 64) } },
	[SEQ_CPU_DOWN] = { "cpu_down", 0, 1, { INT(0, 8) } },
	[SEQ_CPU_UP] = { "cpu_up", 0, 1, { INT(0, 8) } },
	[SEQ_TUNABLE] = { "tunable", 0, 2, { { K_TUNABLE }, { K_TVALUE } } },
	[SEQ_SIGNAL] = { "send_sig", 0, 1, { TASK } },
	[SEQ_WAKE] = { "wake_up_process", 0, 1, { TASK } },
	/*
	 * preempt(k, c): at the k-th decision from now, go on with the c-th
	 * CPU ready there (0 the default).  Last, so that the codes of the
	 * operations before it kept their bytes.
	 */
	[SEQ_PREEMPT] = { "preempt", 0, 2, { INT(1, 64), INT(0, 8) } },
	[SEQ_MACHINE] = { "machine", 0, 5, {
		{ K_DRIVER }, { K_CPUS, 0, 0, "cpus" }, { K_SMT },
		{ K_NAME, 0, 3, "hz", hz_names, hz_values },
		{ K_INT, 0, 256, "seed" } } },
};

/* ---- bytes to values ----------------------------------------------------- */

/*
 * The value byte @b gives field @i of @op, whose fields before it are
 * decoded already; 0 in *@ok when the field cannot be had (no task
 * alive, no tunable).
 */
static long field_value(const struct seq_op *op, int i, unsigned int b,
			const struct seq_ctx *ctx, int *ok)
{
	const struct seq_field *fd = &descs[op->code].field[i];
	int min, max, def, span;

	*ok = 1;
	switch (fd->kind) {
	case K_INT:
	case K_NAME:
		return fd->values ? fd->values[b % fd->n] :
		       fd->lo + (int)(b % fd->n);
	case K_DRIVER:
		return b % sim_nr_drivers();
	case K_CPUS:
		return 1 + b % 8 > sim_max_cpus() ? sim_max_cpus() : 1 + b % 8;
	case K_SMT:
		return (b & 1) && !(op->v[i - 1] % 2);
	case K_TASK:
		*ok = ctx->nr_tasks > 0;
		return *ok ? ctx->pid[b % ctx->nr_tasks] : 0;
	case K_PID:
		if (b % 4 == 3)
			return SEQ_NO_PID;
		if (b % 4 == 2 && ctx->nr_tasks)
			return ctx->pid[(b >> 2) % ctx->nr_tasks];
		return 0;
	case K_UPTR:
		return b % 8 < 6 ? SEQ_UMEM : b % 8 == 6 ? SEQ_UBAD : SEQ_UNULL;
	case K_UVAL:
		return op->v[i - 1] == SEQ_UMEM ? fd->lo + (int)(b % fd->n) : 0;
	case K_RTPRIO:
		return op->v[0] == SIM_SCHED_NORMAL ? 0 : 1 + (int)(b % 99);
	case K_TUNABLE:
		*ok = sim_nr_tunables() > 0;
		return *ok ? b % sim_nr_tunables() : 0;
	case K_TVALUE:
		sim_tunable_limits(op->v[i - 1], &min, &max, &def);
		span = max - min + 3 > 256 ? 256 : max - min + 3;
		return min - 1 + (int)(b % span);
	}
	return 0;
}

static unsigned int next(struct seq_in *in)
{
	return in->pos < in->size ? in->data[in->pos++] : 0;
}

static int decode_fields(struct seq_in *in, const struct seq_ctx *ctx,
			 struct seq_op *op)
{
	int i, ok, all = 1;

	op->nr_fields = descs[op->code].nr_fields;
	for (i = 0; i < op->nr_fields; i++) {
		op->v[i] = field_value(op, i, next(in), ctx, &ok);
		all &= ok;
	}
	return all;
}

/**
 * seq_decode_machine - the machine an input starts with
 * @in: the input, at its start
 * @op: the machine line: driver index, cpus, smt, hz, seed
 *
 * Return: 0.  Any bytes make a machine.
 */
int seq_decode_machine(struct seq_in *in, struct seq_op *op)
{
	static const struct seq_ctx none;

	op->code = SEQ_MACHINE;
	decode_fields(in, &none, op);
	return 0;
}

/**
 * seq_decode - the next operation of an input
 * @in: the input
 * @ctx: the tasks alive now
 * @op: the operation
 *
 * An operation that needs what the machine does not have (a task before
 * any is spawned, a tunable of a driver without any) becomes advance(0),
 * which does nothing: every byte string is an input.
 *
 * Return: 0.
 */
int seq_decode(struct seq_in *in, const struct seq_ctx *ctx,
	       struct seq_op *op)
{
	op->code = next(in) % SEQ_NR_CODES;
	if (!decode_fields(in, ctx, op)) {
		op->code = SEQ_ADVANCE;
		op->nr_fields = 1;
		op->v[0] = 0;
	}
	return 0;
}

/**
 * seq_in_task - whether a task does @op itself (a command it runs)
 * @op: the operation
 *
 * Return: 1 if field 0 of @op is the task doing it, 0 if it is done
 * from outside the machine's tasks.
 */
int seq_in_task(const struct seq_op *op)
{
	return descs[op->code].in_task;
}

/**
 * seq_nr_fields - how many field bytes follow the code byte of @code
 * @code: an enum seq_code (or SEQ_MACHINE, which has no code byte)
 *
 * Return: the number of fields.
 */
int seq_nr_fields(int code)
{
	return descs[code].nr_fields;
}

/* ---- values to text ------------------------------------------------------ */

struct buf {
	char *p;
	size_t len, used;
};

static void put(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(b->p + b->used, b->used < b->len ? b->len - b->used : 0,
		      fmt, ap);
	va_end(ap);
	if (n > 0)
		b->used += n;
}

static void put_value(struct buf *b, const struct seq_op *op, int i)
{
	const struct seq_field *fd = &descs[op->code].field[i];
	long v = op->v[i];
	int k;

	if (fd->label)
		put(b, "%s=", fd->label);
	switch (fd->kind) {
	case K_NAME:
		for (k = 0; k < fd->n; k++)
			if (fd->values ? fd->values[k] == v : fd->lo + k == v)
				put(b, "%s", fd->names[k]);
		return;
	case K_DRIVER:
		put(b, "%s", sim_driver_name(v));
		return;
	case K_SMT:
		put(b, "%s", smt_names[v]);
		return;
	case K_TASK:
		put(b, "t%ld", v);
		return;
	case K_PID:
		if (v == SEQ_NO_PID)
			put(b, "none");
		else
			put(b, v ? "t%ld" : "%ld", v);
		return;
	case K_TUNABLE:
		put(b, "%s", sim_tunable_name(v));
		return;
	default:
		put(b, fd->hex ? "%#lx" : "%ld", v);
	}
}

/**
 * seq_format - an operation (or the machine) as a line of text
 * @op: the operation
 * @buf: where to write it, NUL-terminated
 * @len: size of @buf
 *
 * The line is what seq_parse() reads back into @op.
 *
 * Return: the length of the whole line, as snprintf() counts.
 */
int seq_format(const struct seq_op *op, char *buf, size_t len)
{
	const struct seq_desc *d = &descs[op->code];
	struct buf b = { buf, len, 0 };
	int i = 0, first = 1;

	if (d->in_task)
		put(&b, "t%ld ", op->v[i++]);
	put(&b, "%s(", d->name);
	for (; i < op->nr_fields; i++, first = 0) {
		if (!first)
			put(&b, ", ");
		if (d->field[i].kind != K_UPTR) {
			put_value(&b, op, i);
			continue;
		}
		if (op->v[i] != SEQ_UMEM) {
			put(&b, op->v[i] == SEQ_UBAD ? "BAD" : "NULL");
			i += i + 1 < op->nr_fields;	/* no contents */
		} else if (i + 1 < op->nr_fields) {
			put(&b, "&{");
			put_value(&b, op, ++i);
			put(&b, "}");
		} else {
			put(&b, "&buf");
		}
	}
	put(&b, ")");
	return b.used;
}

/* ---- text to values ------------------------------------------------------ */

static int parse_error(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return -1;
}

static const char *skip_space(const char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	return s;
}

static int task_alive(const struct seq_ctx *ctx, long pid)
{
	int i;

	for (i = 0; i < ctx->nr_tasks; i++)
		if (ctx->pid[i] == pid)
			return 1;
	return 0;
}

/* "tN" naming a task alive. */
static int parse_task(const char *s, const struct seq_ctx *ctx, long *v)
{
	char *end;

	if (*s != 't' || !isdigit((unsigned char)s[1]))
		return -1;
	*v = strtol(s + 1, &end, 10);
	return *end || !task_alive(ctx, *v) ? -1 : 0;
}

static int parse_number(const char *s, long *v)
{
	int hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
	char *end;

	*v = strtol(s, &end, hex ? 16 : 10);
	return end == s || *end ? -1 : 0;
}

static int parse_name(const char *s, const char *(*name)(int), int n,
		      long *v)
{
	int i;

	for (i = 0; i < n; i++)
		if (name(i) && !strcmp(s, name(i))) {
			*v = i;
			return 0;
		}
	return -1;
}

static const char *smt_name(int i)
{
	return smt_names[i];
}

/* One argument, @s, into field @i of @op. */
static int parse_value(struct seq_op *op, int i, const char *s,
		       const struct seq_ctx *ctx)
{
	const struct seq_field *fd = &descs[op->code].field[i];
	size_t n = fd->label ? strlen(fd->label) : 0;
	int k;

	if (n && !strncmp(s, fd->label, n) && s[n] == '=')
		s += n + 1;
	switch (fd->kind) {
	case K_NAME:
		for (k = 0; k < fd->n; k++)
			if (!strcmp(s, fd->names[k])) {
				op->v[i] = fd->values ? fd->values[k] :
					   fd->lo + k;
				return 0;
			}
		return -1;
	case K_DRIVER:
		return parse_name(s, sim_driver_name, sim_nr_drivers(),
				  &op->v[i]);
	case K_SMT:
		return parse_name(s, smt_name, 2, &op->v[i]);
	case K_TUNABLE:
		return parse_name(s, sim_tunable_name, sim_nr_tunables(),
				  &op->v[i]);
	case K_TASK:
		return parse_task(s, ctx, &op->v[i]);
	case K_PID:
		if (!strcmp(s, "none")) {
			op->v[i] = SEQ_NO_PID;
			return 0;
		}
		if (!strcmp(s, "0")) {
			op->v[i] = 0;
			return 0;
		}
		return parse_task(s, ctx, &op->v[i]);
	default:
		return parse_number(s, &op->v[i]);
	}
}

/* A user pointer argument, and the contents after it if it has any. */
static int parse_uptr(struct seq_op *op, int *i, char *s,
		      const struct seq_ctx *ctx)
{
	int has_val = *i + 1 < op->nr_fields;
	size_t n = strlen(s);

	if (!strcmp(s, "BAD") || !strcmp(s, "NULL")) {
		op->v[*i] = *s == 'B' ? SEQ_UBAD : SEQ_UNULL;
		if (has_val)
			op->v[++*i] = 0;
		return 0;
	}
	op->v[*i] = SEQ_UMEM;
	if (!has_val)
		return strcmp(s, "&buf") ? -1 : 0;
	if (n < 4 || strncmp(s, "&{", 2) || s[n - 1] != '}')
		return -1;
	s[n - 1] = '\0';
	return parse_value(op, ++*i, s + 2, ctx);
}

static const struct seq_desc *find_desc(const char *name, int in_task,
					int *code)
{
	int c;

	for (c = 0; c <= SEQ_MACHINE; c++)
		if (!strcmp(descs[c].name, name) &&
		    descs[c].in_task == in_task) {
			*code = c;
			return &descs[c];
		}
	return NULL;
}

/* Split "a, b, c" in place; the number of arguments, or -1. */
static int split_args(char *s, char **arg, int max)
{
	int n = 0;
	char *comma;

	s = (char *)skip_space(s);
	if (!*s)
		return 0;
	for (;;) {
		if (n == max)
			return -1;
		arg[n++] = s;
		comma = strchr(s, ',');
		if (comma)
			*comma = '\0';
		while (*s && s[strlen(s) - 1] == ' ')
			s[strlen(s) - 1] = '\0';
		if (!comma)
			return n;
		s = (char *)skip_space(comma + 1);
	}
}

/**
 * seq_parse - a line of text into an operation (or the machine)
 * @line: one line, without its comment
 * @ctx: the tasks alive, which the line may name
 * @op: the operation
 * @err: the reason, on failure
 * @errlen: size of @err
 *
 * Return: 0, or -1 with a message in @err.
 */
int seq_parse(const char *line, const struct seq_ctx *ctx,
	      struct seq_op *op, char *err, size_t errlen)
{
	char text[256], *s = text, *open, *close, *arg[SEQ_MAX_FIELDS];
	const struct seq_desc *d;
	int in_task = 0, nr, i, a = 0;

	snprintf(text, sizeof(text), "%s", skip_space(line));
	memset(op, 0, sizeof(*op));
	if (*s == 't' && isdigit((unsigned char)s[1])) {
		in_task = 1;
		s += strcspn(s, " \t");
		if (!*s)
			return parse_error(err, errlen, "%s does what?", text);
		*s++ = '\0';
		if (parse_task(text, ctx, &op->v[0]))
			return parse_error(err, errlen, "%s is not a task "
					   "alive here", text);
	}
	s = (char *)skip_space(s);
	open = strchr(s, '(');
	close = strrchr(s, ')');
	if (!open || !close || close < open || *skip_space(close + 1))
		return parse_error(err, errlen, "expected NAME(ARGS), not "
				   "\"%s\"", s);
	*open = *close = '\0';
	while (open > s && open[-1] == ' ')
		*--open = '\0';
	d = find_desc(s, in_task, &op->code);
	if (!d)
		return parse_error(err, errlen, "no operation %s%s", s,
				   in_task ? " done by a task" :
				   " done from outside (or tN missing)");
	op->nr_fields = d->nr_fields;
	nr = split_args(open + 1, arg, SEQ_MAX_FIELDS);
	for (i = in_task; i < d->nr_fields; i++, a++) {
		if (a >= nr)
			return parse_error(err, errlen, "%s: too few "
					   "arguments", d->name);
		if (d->field[i].kind == K_UPTR ?
		    parse_uptr(op, &i, arg[a], ctx) :
		    parse_value(op, i, arg[a], ctx))
			return parse_error(err, errlen, "%s: argument %d, "
					   "\"%s\", is not one it takes "
					   "(or names no task alive)",
					   d->name, a + 1, arg[a]);
	}
	if (nr < 0 || a != nr)
		return parse_error(err, errlen, "%s: too many arguments",
				   d->name);
	return 0;
}

/* ---- values to bytes ----------------------------------------------------- */

/**
 * seq_encode - the bytes that decode to @op
 * @op: the operation (or the machine), as seq_parse() gives it
 * @ctx: the tasks alive, as the decoder will see them
 * @out: at least 1 + SEQ_MAX_FIELDS bytes
 * @err: the reason, on failure
 * @errlen: size of @err
 *
 * Each field's byte is the first whose decoded value is the one wanted.
 *
 * Return: the number of bytes, or -1 when some value is not one the
 * decoder can give there (with the reason in @err).
 */
int seq_encode(const struct seq_op *op, const struct seq_ctx *ctx,
	       uint8_t *out, char *err, size_t errlen)
{
	struct seq_op dec = { .code = op->code, .nr_fields = op->nr_fields };
	int n = 0, i, ok;
	unsigned int b;

	if (op->code != SEQ_MACHINE)
		out[n++] = op->code;
	for (i = 0; i < op->nr_fields; i++) {
		for (b = 0; b < 256; b++) {
			dec.v[i] = field_value(&dec, i, b, ctx, &ok);
			if (ok && dec.v[i] == op->v[i])
				break;
		}
		if (b == 256)
			return parse_error(err, errlen, "%s: %ld is not a "
					   "value argument %d can have here",
					   descs[op->code].name, op->v[i],
					   i + 1 - descs[op->code].in_task);
		out[n++] = b;
	}
	return n;
}
