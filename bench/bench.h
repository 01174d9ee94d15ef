/*
 * bench/bench.h - what the benchmarks share: their task bodies, host CPU
 * time, and argument parsing.
 */
#ifndef PLUGSCHED_BENCH_H
#define PLUGSCHED_BENCH_H

/* Burns CPU for ever. */
void bench_hog(void *unused);
/* Runs 1 ms, then sleeps the rest of a period of (uintptr_t)@period ms. */
void bench_sleeper(void *period);
/* Host CPU time of the process, in seconds. */
double bench_cpu_seconds(void);
/* @s as a number in [@min, @max] into *@out: 0, or -1. */
int bench_parse_long(const char *s, long min, long max, long *out);
int bench_parse_double(const char *s, double min, double max, double *out);

#endif /* PLUGSCHED_BENCH_H */
