/*
 * bench/fuzzrate.c - executions per second of the scheduler fuzz target
 * as a fuzzing engine runs it (tests/fuzz/fuzz_sched.c: a fresh machine
 * per input, the checks after every operation), on inputs of 64
 * operations.
 *
 *	fuzzrate [INPUTS [SEED [DRIVER]]]
 *
 * For each driver (or DRIVER), makes INPUTS inputs (default 2000) from a seeded
 * PRNG: the driver's machine with random CPUs, SMT, HZ and seed, then 64
 * operations of a random code and random field bytes, so that each
 * decodes to exactly 64 operations.  Runs them through
 * LLVMFuzzerTestOneInput() and prints executions per host CPU second.
 * Build it against a tree configured as the fuzz builds are
 * (--with-nr-cpus=8): `make bench-fuzz`.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <plugsched/sim.h>

#include "bench.h"
#include "replay.h"
#include "seq.h"

#define OPS	64

static uint64_t rng;

static unsigned int next_byte(void)
{
	rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
	return rng >> 56;
}

/* A machine of @driver and OPS operations; the length. */
static size_t make_input(uint8_t *buf, int driver)
{
	size_t n = 0;
	int i, k, code;

	buf[n++] = driver;
	for (k = 1; k < seq_nr_fields(SEQ_MACHINE); k++)
		buf[n++] = next_byte();
	for (i = 0; i < OPS; i++) {
		code = next_byte() % SEQ_NR_CODES;
		buf[n++] = code;
		for (k = 0; k < seq_nr_fields(code); k++)
			buf[n++] = next_byte();
	}
	return n;
}

int main(int argc, char **argv)
{
	static uint8_t buf[1 + SEQ_MAX_FIELDS + OPS * (1 + SEQ_MAX_FIELDS)];
	long inputs = 2000, seed = 1;
	int d, i, only = -1;
	double t0, t;
	size_t len;

	if ((argc > 1 && bench_parse_long(argv[1], 1, 10000000, &inputs)) ||
	    (argc > 2 && bench_parse_long(argv[2], 0, 1L << 30, &seed)) ||
	    (argc > 3 && (only = sim_driver_index(argv[3])) < 0)) {
		fprintf(stderr, "usage: fuzzrate [INPUTS [SEED [DRIVER]]]\n");
		return 2;
	}
	for (d = 0; d < sim_nr_drivers(); d++) {
		if (only >= 0 && d != only)
			continue;
		rng = seed;
		t0 = bench_cpu_seconds();
		for (i = 0; i < inputs; i++) {
			len = make_input(buf, d);
			LLVMFuzzerTestOneInput(buf, len);
		}
		t = bench_cpu_seconds() - t0;
		printf("fuzzrate: %-10s %ld inputs of %d operations in %.2f s: "
		       "%.0f exec/s (NR_CPUS %d)\n", sim_driver_name(d), inputs,
		       OPS, t, inputs / t, sim_max_cpus());
	}
	return 0;
}
