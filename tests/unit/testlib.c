/*
 * tests/unit/testlib.c - helpers shared by the Check suites.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"

/**
 * t_boot_cfg - boot @cfg, or fail the test.
 *
 * PLUGSCHED_INTERLEAVE in the environment gives the interleaving
 * strategy of every machine whose @cfg names none, so that a whole suite
 * can run with CPUs interleaving (tests/unit/interleave.sh).
 */
void t_boot_cfg(const struct sim_config *cfg)
{
	struct sim_config c = *cfg;
	int ret;

	if (!c.cmdline)
		c.cmdline = T_DEFAULT_CMDLINE;
	if (!c.interleave)
		c.interleave = getenv("PLUGSCHED_INTERLEAVE");
	ret = sim_boot(&c);
	ck_assert_msg(ret == 0, "boot failed (%d): %s", ret, sim_error());
}

void t_boot(int cpus, const char *cmdline)
{
	struct sim_config cfg;

	sim_config_init(&cfg);
	cfg.nr_cpus = cpus;
	cfg.cmdline = cmdline;
	t_boot_cfg(&cfg);
}

void t_shutdown(void)
{
	sim_shutdown();
}

int t_spawn(const char *name, int policy, int rt_priority, int nice,
	    sim_body_t body, void *arg)
{
	struct sim_task_attr a;
	int pid;

	sim_task_attr_init(&a);
	a.name = name;
	a.policy = policy;
	a.rt_priority = rt_priority;
	a.nice = nice;
	pid = body ? sim_spawn(&a, body, arg) : sim_spawn_script(&a);
	ck_assert_msg(pid > 0, "spawn of %s failed (%d): %s", name, pid,
		      sim_error());
	return pid;
}

int t_spawn_script(const char *name, int policy, int rt_priority, int nice)
{
	return t_spawn(name, policy, rt_priority, nice, NULL, NULL);
}

void t_run(unsigned long long ns)
{
	int ret = sim_run_for(ns);

	ck_assert_msg(ret == 0, "run failed: %s", sim_report());
}

long t_cmd(int pid, int op, long a0, long a1, long a2, long a3)
{
	int ret = sim_cmd(pid, op, a0, a1, a2, a3);

	ck_assert_msg(ret == 0, "sim_cmd(%d, %d) = %d: %s", pid, op, ret,
		      sim_error());
	ret = sim_cmd_wait(pid, SEC(10));
	ck_assert_msg(ret == 0, "command %d of pid %d did not finish (%d): %s",
		      op, pid, ret, sim_failed() ? sim_report() : sim_error());
	return sim_cmd_result(pid);
}

long t_syscall(int pid, int nr, long a0, long a1, long a2)
{
	return t_cmd(pid, SIM_CMD_SYSCALL, nr, a0, a1, a2);
}

struct sim_task_info t_info(int pid)
{
	struct sim_task_info info;

	ck_assert_int_eq(sim_task_info(pid, &info), 0);
	return info;
}

void t_body_hog(void *unused)
{
	for (;;)
		sim_burn(SEC(1000));
}

void t_body_sleeper(void *period_ms)
{
	unsigned long period = (unsigned long)(uintptr_t)period_ms;

	for (;;) {
		sim_burn(MS(1));
		sim_sleep(MS(period - 1));
	}
}

int t_run_suite(Suite *s)
{
	SRunner *sr = srunner_create(s);
	int failed;

	srunner_run_all(sr, CK_ENV);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

void t_add_per_driver(Suite *s, const char *name, const TTest *test,
		      int timeout)
{
	TCase *tc = tcase_create(name);

	tcase_add_checked_fixture(tc, NULL, t_shutdown);
	tcase_set_timeout(tc, timeout);
	tcase_add_loop_test(tc, test, 0, sim_nr_drivers());
	suite_add_tcase(s, tc);
}

/* user space's struct timespec */
struct t_timespec {
	long tv_sec;
	long tv_nsec;
};

unsigned long long t_rr_interval_ns(int asker, int target)
{
	struct t_timespec ts;
	unsigned long uaddr = sim_user_map(asker, sizeof(ts));

	ck_assert_msg(uaddr != 0, "sim_user_map: %s", sim_error());
	ck_assert_int_eq(t_syscall(asker, SIM_SYS_sched_rr_get_interval,
				   target, uaddr, 0), 0);
	ck_assert_int_eq(sim_user_read(asker, uaddr, &ts, sizeof(ts)), 0);
	return (unsigned long long)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

int t_env_int(const char *name, int def)
{
	const char *s = getenv(name);

	return s && *s ? atoi(s) : def;
}

int t_driver_built(const char *name)
{
	int i;

	for (i = 0; i < sim_nr_drivers(); i++)
		if (!strcmp(sim_driver_name(i), name))
			return 1;
	return 0;
}

int t_run_suite_on(Suite *s, const char *driver)
{
	if (!t_driver_built(driver)) {
		printf("SKIP: this suite checks the numbers of the %s driver, "
		       "which this build leaves out\n", driver);
		return T_EXIT_SKIP;
	}
	return t_run_suite(s);
}
