/*
 * tests/fuzz/seq.h - operation sequences for the scheduler fuzzer, as
 * bytes (what a fuzzing engine mutates) and as text (what a person reads
 * and writes).
 *
 * An input is a machine followed by operations.  Every field of an
 * operation is one byte, decoded by one rule of its kind, so any bytes
 * mean something and a line of text is turned back into bytes by asking
 * the same rules which byte gives the value written: one decoder serves
 * fuzzing, printing and encoding, and they cannot disagree.
 *
 * The text form, one line each ('#' starts a comment):
 *
 *	machine(tiny, cpus=2, smt, hz=1000, seed=7)
 *	spawn(SCHED_FIFO, 50, nice=0, root)
 *	t9 sched_setscheduler(0, SCHED_RR, &{10})
 *	preempt(2, 1)
 *	advance(3)
 *
 * Tasks are named by pid ("t9"), as the machine numbers them; the
 * operations and their fields are listed in docs/fuzzing.md.
 */
#ifndef PLUGSCHED_FUZZ_SEQ_H
#define PLUGSCHED_FUZZ_SEQ_H

#include <stddef.h>
#include <stdint.h>

#define SEQ_MAX_TASKS	8
#define SEQ_MAX_FIELDS	5
#define SEQ_NO_PID	(-1)	/* a pid argument naming no task */

enum seq_code {
	SEQ_SPAWN, SEQ_FORK, SEQ_EXIT, SEQ_BURN, SEQ_SLEEP, SEQ_SLEEP_UNINT,
	SEQ_WQ_WAIT, SEQ_WQ_WAKE, SEQ_COMPLETION_WAIT, SEQ_COMPLETE,
	SEQ_SETSCHEDULER, SEQ_SETPARAM, SEQ_GETSCHEDULER, SEQ_GETPARAM,
	SEQ_RR_INTERVAL, SEQ_NICE, SEQ_SETAFFINITY, SEQ_GETAFFINITY,
	SEQ_YIELD, SEQ_IO_WAIT, SEQ_TASK_WAKE, SEQ_LOCK, SEQ_TRYLOCK,
	SEQ_UNLOCK, SEQ_ADVANCE, SEQ_CPU_DOWN, SEQ_CPU_UP, SEQ_TUNABLE,
	SEQ_SIGNAL, SEQ_WAKE, SEQ_PREEMPT,
	SEQ_NR_CODES,
	SEQ_MACHINE = SEQ_NR_CODES,	/* the first line, not an operation */
};

/* A user pointer argument: the task's own memory, unmapped, or NULL. */
enum { SEQ_UMEM, SEQ_UBAD, SEQ_UNULL };

/* What decoding needs to know of the machine: the tasks alive. */
struct seq_ctx {
	int nr_tasks;
	int pid[SEQ_MAX_TASKS];
};

struct seq_op {
	int code;
	int nr_fields;
	long v[SEQ_MAX_FIELDS];	/* each field's value (see seq.c) */
};

struct seq_in {
	const uint8_t *data;
	size_t size, pos;
};

/* Is there more to decode? */
static inline int seq_more(const struct seq_in *in)
{
	return in->pos < in->size;
}

int seq_decode_machine(struct seq_in *in, struct seq_op *op);
int seq_decode(struct seq_in *in, const struct seq_ctx *ctx,
	       struct seq_op *op);
int seq_in_task(const struct seq_op *op);
int seq_nr_fields(int code);
int seq_format(const struct seq_op *op, char *buf, size_t len);
int seq_parse(const char *line, const struct seq_ctx *ctx,
	      struct seq_op *op, char *err, size_t errlen);
int seq_encode(const struct seq_op *op, const struct seq_ctx *ctx,
	       uint8_t *out, char *err, size_t errlen);

#endif /* PLUGSCHED_FUZZ_SEQ_H */
