/*
 * tests/unit/testlib.h - helpers shared by the Check suites.
 *
 * Every test boots its own machine in its fixture (Check forks each test
 * by default, so a crash or a failed check stays in its test) and shuts
 * it down in the teardown.
 */
#ifndef _PLUGSCHED_TESTLIB_H
#define _PLUGSCHED_TESTLIB_H

#include <check.h>
#include <plugsched/sim.h>

#define NSEC_PER_MSEC	1000000ULL
#define MS(n)		((unsigned long long)(n) * NSEC_PER_MSEC)
#define SEC(n)		((unsigned long long)(n) * 1000000000ULL)

/*
 * The suites of the machine and the framework expect tiny's numbers
 * (timeslices, placement), whatever the build's default driver is: a
 * boot without a command line picks tiny.  Driver suites name theirs.
 */
#define T_DEFAULT_CMDLINE	"cpusched=tiny"

/* Boot with @cpus CPUs and @cmdline (NULL: T_DEFAULT_CMDLINE); fails the
 * test if it cannot. */
void t_boot(int cpus, const char *cmdline);
void t_boot_cfg(const struct sim_config *cfg);
void t_shutdown(void);

/* Spawn a task with the given policy, priority and nice; fails if not. */
int t_spawn(const char *name, int policy, int rt_priority, int nice,
	    sim_body_t body, void *arg);
int t_spawn_script(const char *name, int policy, int rt_priority, int nice);

/* Run for @ns; fails the test with the machine's report if a check did. */
void t_run(unsigned long long ns);

/* Queue a command and wait (at most 10 s) until the task has run it. */
long t_cmd(int pid, int op, long a0, long a1, long a2, long a3);

/* A system call made by script task @pid; returns its result. */
long t_syscall(int pid, int nr, long a0, long a1, long a2);

struct sim_task_info t_info(int pid);

/* Task bodies. */
void t_body_hog(void *unused);			/* burns forever */
void t_body_sleeper(void *period_ms);		/* 1 ms burn, sleep rest */

/* The suite runner: runs @s and returns the process exit status. */
int t_run_suite(Suite *s);

/*
 * t_add_per_driver - a test case @name in @s that runs @test once per
 * driver built (its loop index _i is the driver's), each within
 * @timeout seconds and followed by t_shutdown().
 */
void t_add_per_driver(Suite *s, const char *name, const TTest *test,
		      int timeout);

/*
 * t_rr_interval_ns - sched_rr_get_interval(@target) asked by script task
 * @asker, in ns; fails the test if the call does.
 */
unsigned long long t_rr_interval_ns(int asker, int target);

/* Automake's exit status for a skipped test. */
#define T_EXIT_SKIP	77

int t_driver_built(const char *name);

/*
 * t_env_int - the integer in environment variable @name, or @def when it
 * is unset or empty: the knobs that size a suite's heavy loops, which
 * `make check-valgrind` turns down (Makefile.am, AM_TESTS_ENVIRONMENT).
 */
int t_env_int(const char *name, int def);

/*
 * t_run_suite_on - t_run_suite() for a suite whose expected numbers are
 * @driver's: skipped, saying so, when the build lacks that driver.
 */
int t_run_suite_on(Suite *s, const char *driver);

#endif /* _PLUGSCHED_TESTLIB_H */
