/*
 * bench/fuzzrate.c - executions per second of the scheduler fuzz target
 * as a fuzzing engine runs it (tests/fuzz/fuzz_sched.c: a fresh machine
 * per input, the checks after every operation), on inputs of 64
 * operations.
 *
 *	fuzzrate [INPUTS [SEED [DRIVER [PREEMPT]]]]
 *
 * For each driver (or DRIVER; "all" for every one), makes INPUTS inputs
 * (default 2000) from a seeded PRNG: the driver's machine with random
 * CPUs, SMT, HZ and seed, then 64 operations of a random code (any but
 * preempt) and random field bytes, so that each decodes to exactly 64
 * operations.  With PREEMPT (a percentage, default 0) each operation is
 * preceded that often by a preempt(k, c) of random k and c, drawn from a
 * PRNG of their own: the inputs keep the same 64 operations, and a
 * preempt takes no time, so the difference in speed is the cost of the
 * interleavings alone.  Runs them through LLVMFuzzerTestOneInput() and
 * prints executions per host CPU second.  Build it against a tree
 * configured as the fuzz builds are (--with-nr-cpus=8): `make
 * bench-fuzz`.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <plugsched/sim.h>

#include "bench.h"
#include "replay.h"
#include "seq.h"

#define OPS	64
/* the operations drawn: all but preempt, which is drawn apart */
#define DRAWN_CODES	SEQ_PREEMPT

static uint64_t rng, preempt_rng;

static unsigned int next_byte(uint64_t *r)
{
	*r = *r * 6364136223846793005ULL + 1442695040888963407ULL;
	return *r >> 56;
}

/*
 * A machine of @driver and OPS operations, each preceded by a preempt
 * @pct percent of the time; the length.
 */
static size_t make_input(uint8_t *buf, int driver, long pct)
{
	size_t n = 0;
	int i, k, code;

	buf[n++] = driver;
	for (k = 1; k < seq_nr_fields(SEQ_MACHINE); k++)
		buf[n++] = next_byte(&rng);
	for (i = 0; i < OPS; i++) {
		if (next_byte(&preempt_rng) * 100 < pct * 256) {
			buf[n++] = SEQ_PREEMPT;
			for (k = 0; k < seq_nr_fields(SEQ_PREEMPT); k++)
				buf[n++] = next_byte(&preempt_rng);
		}
		code = next_byte(&rng) % DRAWN_CODES;
		buf[n++] = code;
		for (k = 0; k < seq_nr_fields(code); k++)
			buf[n++] = next_byte(&rng);
	}
	return n;
}

int main(int argc, char **argv)
{
	static uint8_t buf[1 + SEQ_MAX_FIELDS + 2 * OPS * (1 + SEQ_MAX_FIELDS)];
	long inputs = 2000, seed = 1, pct = 0;
	int d, i, only = -1;
	double t0, t;
	size_t len;

	if ((argc > 1 && bench_parse_long(argv[1], 1, 10000000, &inputs)) ||
	    (argc > 2 && bench_parse_long(argv[2], 0, 1L << 30, &seed)) ||
	    (argc > 3 && strcmp(argv[3], "all") &&
	     (only = sim_driver_index(argv[3])) < 0) ||
	    (argc > 4 && bench_parse_long(argv[4], 0, 100, &pct))) {
		fprintf(stderr, "usage: fuzzrate [INPUTS [SEED [DRIVER|all "
			"[PREEMPT]]]]\n");
		return 2;
	}
	for (d = 0; d < sim_nr_drivers(); d++) {
		if (only >= 0 && d != only)
			continue;
		rng = seed;
		preempt_rng = ~seed;
		t0 = bench_cpu_seconds();
		for (i = 0; i < inputs; i++) {
			len = make_input(buf, d, pct);
			LLVMFuzzerTestOneInput(buf, len);
		}
		t = bench_cpu_seconds() - t0;
		printf("fuzzrate: %-10s %ld inputs of %d operations, %ld%% "
		       "preempted, in %.2f s: %.0f exec/s (NR_CPUS %d)\n",
		       sim_driver_name(d), inputs, OPS, pct, t, inputs / t,
		       sim_max_cpus());
	}
	return 0;
}
