/*
 * bench/bench.c - what the benchmarks share.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include <plugsched/sim.h>

#include "bench.h"

#define MSEC	1000000ULL

void bench_hog(void *unused)
{
	for (;;)
		sim_burn(3600000 * MSEC);
}

void bench_sleeper(void *period)
{
	unsigned long long ms = (uintptr_t)period;

	for (;;) {
		sim_burn(MSEC);
		sim_sleep((ms - 1) * MSEC);
	}
}

double bench_cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int bench_parse_long(const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int bench_parse_double(const char *s, double min, double max, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end || !(v >= min && v <= max))
		return -1;
	*out = v;
	return 0;
}
