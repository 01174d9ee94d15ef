/*
 * tests/fuzz/fuzz_sched.h - one input through the scheduler fuzz target,
 * for the tool built around it (tests/fuzz/sched_tool.c).
 */
#ifndef PLUGSCHED_FUZZ_SCHED_H
#define PLUGSCHED_FUZZ_SCHED_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define FUZZ_MAX_OPS	256
/* The most bytes an input of FUZZ_MAX_OPS operations needs. */
#define FUZZ_MAX_BYTES	((FUZZ_MAX_OPS + 1) * 8)

struct fuzz_run {
	const char *path;	/* text if it ends in ".seq"; may be NULL */
	const uint8_t *data;
	size_t size;
	int event_checks;	/* invariants after every event, not op */
	FILE *print;		/* the text form goes here, or NULL */
	int trace;		/* with the scheduling events */
	uint8_t *out;		/* FUZZ_MAX_BYTES for the bytes, or NULL */
	size_t out_len;
	int report_fd;		/* a report is copied here, or -1 */
};

int fuzz_sched_run(struct fuzz_run *run);

#endif /* PLUGSCHED_FUZZ_SCHED_H */
