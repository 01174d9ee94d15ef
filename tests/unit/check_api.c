/*
 * tests/unit/check_api.c - the harness API takes any argument: every
 * public function of plugsched/sim.h, given NULL, an index, CPU, length
 * or level out of range, or called without a machine, answers -EINVAL
 * (NULL for a pointer, nothing for a void function; -ESRCH for a pid no
 * task has, -1 where sim.h says so), says why in sim_error(), and
 * changes nothing.  Task-context functions called from outside the
 * machine do nothing and say so; called inside it but not from a task,
 * or naming a harness object that does not exist, they are a BUG the
 * machine reports.
 *
 * Each test checks one call: its answer, that sim_error() names the
 * problem, and that the machine is as it was (booted or not, its clock,
 * its trace digest, its tasks).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "testlib.h"

#define NO_SUCH_PID	12345
#define CPUS		2

/* ---- what must not change ------------------------------------------------ */

struct state {
	int booted, failed, nr_tasks;
	unsigned long long now, digest, events;
	unsigned long decisions;
};

static struct state state(void)
{
	struct state s = {
		.booted = sim_booted(),
		.failed = sim_failed(),
		.nr_tasks = sim_task_pids(NULL, 0),
		.now = sim_now(),
		.digest = sim_trace_digest(),
		.events = sim_nr_events(),
		.decisions = sim_nr_decisions(),
	};

	return s;
}

static void assert_unchanged(const char *call, const struct state *before)
{
	struct state after = state();

	ck_assert_msg(before->booted == after.booted &&
		      before->failed == after.failed &&
		      before->nr_tasks == after.nr_tasks &&
		      before->now == after.now &&
		      before->digest == after.digest &&
		      before->events == after.events &&
		      before->decisions == after.decisions,
		      "%s changed the machine: booted %d->%d, failed %d->%d, "
		      "tasks %d->%d, now %llu->%llu, events %llu->%llu",
		      call, before->booted, after.booted, before->failed,
		      after.failed, before->nr_tasks, after.nr_tasks,
		      before->now, after.now, before->events, after.events);
}

/*
 * A reason no call under test gives, so that a test sees its call set
 * sim_error() rather than read an older reason.
 */
static void mark_error(void)
{
	ck_assert_int_eq(sim_driver_index("(mark)"), -1);
}

static void assert_error(const char *call, const char *what)
{
	ck_assert_msg(strstr(sim_error(), what) != NULL,
		      "%s: sim_error() \"%s\" does not say \"%s\"", call,
		      sim_error(), what);
}

static void check_ret(const char *call, long ret, long want)
{
	ck_assert_msg(ret == want, "%s = %ld, not %ld", call, ret, want);
}

/*
 * FAILS(call, err, what): @call answers @err, sim_error() says @what,
 * nothing changed.  FAILS_NULL for a call returning a pointer, FAILS_VOID
 * for one returning nothing.
 */
#define FAILS(call, err, what)						\
	do {								\
		struct state before_ = state();				\
		long ret_;						\
									\
		mark_error();						\
		ret_ = (call);						\
		check_ret(#call, ret_, err);				\
		assert_error(#call, what);				\
		assert_unchanged(#call, &before_);			\
	} while (0)

#define FAILS_NULL(call, what)						\
	do {								\
		struct state before_ = state();				\
									\
		mark_error();						\
		ck_assert_msg((call) == NULL, "%s is not NULL", #call);	\
		assert_error(#call, what);				\
		assert_unchanged(#call, &before_);			\
	} while (0)

#define FAILS_VOID(call, what)						\
	do {								\
		struct state before_ = state();				\
									\
		mark_error();						\
		call;							\
		assert_error(#call, what);				\
		assert_unchanged(#call, &before_);			\
	} while (0)

/* ---- fixtures ------------------------------------------------------------ */

static int script;		/* a script task of the booted machine */

static void boot(void)
{
	t_boot(CPUS, NULL);
	script = t_spawn_script("script", SIM_SCHED_NORMAL, 0, 0);
}

static void boot_rttest(void)
{
	t_boot(CPUS, NULL);
	ck_assert_int_eq(sim_rttest_start(), 0);
}

static void teardown(void)
{
	t_shutdown();
}

/* ---- boot, drivers, the log ---------------------------------------------- */

START_TEST(boot_null_config_is_einval)
{
	FAILS(sim_boot(NULL), -EINVAL, "cfg is NULL");
}
END_TEST

START_TEST(boot_null_config_when_booted_is_einval)
{
	FAILS(sim_boot(NULL), -EINVAL, "cfg is NULL");
}
END_TEST

START_TEST(config_init_null_says_so)
{
	FAILS_VOID(sim_config_init(NULL), "cfg is NULL");
}
END_TEST

START_TEST(task_attr_init_null_says_so)
{
	FAILS_VOID(sim_task_attr_init(NULL), "attr is NULL");
}
END_TEST

START_TEST(shutdown_without_machine_does_nothing)
{
	struct state before = state();

	sim_shutdown();
	assert_unchanged("sim_shutdown()", &before);
}
END_TEST

START_TEST(driver_name_negative_is_null)
{
	FAILS_NULL(sim_driver_name(-1), "driver -1 is not in");
}
END_TEST

START_TEST(driver_name_past_end_is_null)
{
	char what[64];

	snprintf(what, sizeof(what), "driver %d is not in", sim_nr_drivers());
	FAILS_NULL(sim_driver_name(sim_nr_drivers()), what);
}
END_TEST

START_TEST(driver_index_null_is_einval)
{
	FAILS(sim_driver_index(NULL), -EINVAL, "name is NULL");
}
END_TEST

START_TEST(driver_index_unknown_is_minus_one)
{
	FAILS(sim_driver_index("nosuch"), -1, "no driver \"nosuch\"");
}
END_TEST

START_TEST(cpusched_without_machine_is_null)
{
	FAILS_NULL(sim_cpusched(), "no machine is booted");
}
END_TEST

START_TEST(log_contains_null_is_einval)
{
	FAILS(sim_log_contains(NULL), -EINVAL, "needle is NULL");
}
END_TEST

/* The calls without arguments answer, machine or not. */
START_TEST(plain_calls_without_machine_answer)
{
	struct state before = state();

	ck_assert_int_eq(sim_booted(), 0);
	ck_assert_int_gt(sim_max_cpus(), 0);
	ck_assert_int_gt(sim_nr_drivers(), 0);
	ck_assert_ptr_nonnull(sim_default_driver());
	ck_assert_int_eq(sim_nr_cpus(), 0);
	ck_assert_int_eq(sim_failed(), 0);
	ck_assert_ptr_nonnull(sim_report());
	ck_assert_ptr_nonnull(sim_log());
	ck_assert_int_eq(sim_schedule_length(), 0);
	ck_assert_int_eq(sim_schedule_check(), 0);
	ck_assert_int_eq(sim_nr_tunables(), 0);
	sim_random();
	sim_trace_set_sink(NULL, NULL);
	sim_stat_set_sink(NULL, NULL);
	assert_unchanged("argument-less calls", &before);
}
END_TEST

/* ---- running ------------------------------------------------------------- */

START_TEST(run_for_without_machine_is_minus_one)
{
	FAILS(sim_run_for(MS(1)), -1, "no machine is booted");
}
END_TEST

START_TEST(run_for_past_clock_end_is_einval)
{
	t_run(MS(1));
	FAILS(sim_run_for(~0ULL), -EINVAL, "overflows the clock");
}
END_TEST

START_TEST(run_until_past_is_einval)
{
	t_run(MS(2));
	FAILS(sim_run_until(MS(1)), -EINVAL, "in the past");
}
END_TEST

START_TEST(check_without_machine_is_minus_one)
{
	FAILS(sim_check(), -1, "no machine is booted");
}
END_TEST

START_TEST(schedstat_without_machine_is_null)
{
	FAILS_NULL(sim_schedstat(), "no machine is booted");
}
END_TEST

/* ---- interleaving -------------------------------------------------------- */

START_TEST(decision_null_is_einval)
{
	FAILS(sim_decision(1, NULL), -EINVAL, "d is NULL");
}
END_TEST

START_TEST(decision_zero_is_einval)
{
	struct sim_decision d;

	FAILS(sim_decision(0, &d), -EINVAL, "no decision 0");
}
END_TEST

START_TEST(decision_not_made_is_einval)
{
	struct sim_decision d;
	char what[64];
	unsigned long n = sim_nr_decisions() + 1;

	snprintf(what, sizeof(what), "no decision %lu", n);
	FAILS(sim_decision(n, &d), -EINVAL, what);
}
END_TEST

START_TEST(schedule_negative_len_is_einval)
{
	char buf[16];

	FAILS(sim_schedule(buf, -1), -EINVAL, "length -1 is negative");
}
END_TEST

START_TEST(schedule_null_buf_is_einval)
{
	FAILS(sim_schedule(NULL, 16), -EINVAL, "no buffer for 16 bytes");
}
END_TEST

/* No buffer and no length asks for the length only. */
START_TEST(schedule_null_empty_buf_gives_length)
{
	ck_assert_int_eq(sim_schedule(NULL, 0), 0);
}
END_TEST

START_TEST(schedule_points_negative_len_is_einval)
{
	char buf[16];

	FAILS(sim_schedule_points(buf, -5), -EINVAL, "length -5 is negative");
}
END_TEST

START_TEST(schedule_points_null_buf_is_einval)
{
	FAILS(sim_schedule_points(NULL, 8), -EINVAL, "no buffer for 8 bytes");
}
END_TEST

START_TEST(schedule_push_without_machine_is_einval)
{
	FAILS(sim_schedule_push(1, 0), -EINVAL, "no machine is booted");
}
END_TEST

START_TEST(schedule_push_serial_is_einval)
{
	FAILS(sim_schedule_push(1, 0), -EINVAL, "takes no pushed choices");
}
END_TEST

static void boot_choices(void)
{
	struct sim_config cfg;

	sim_config_init(&cfg);
	cfg.nr_cpus = CPUS;
	cfg.interleave = "choices";
	t_boot_cfg(&cfg);
}

START_TEST(schedule_push_zero_after_is_einval)
{
	FAILS(sim_schedule_push(0, 1), -EINVAL, "decision 0 from now");
}
END_TEST

START_TEST(schedule_push_far_after_is_einval)
{
	FAILS(sim_schedule_push(1UL << 31, 1), -EINVAL, "is not in 1..");
}
END_TEST

START_TEST(schedule_push_negative_index_is_einval)
{
	FAILS(sim_schedule_push(1, -1), -EINVAL, "index -1 is negative");
}
END_TEST

/* ---- tunables ------------------------------------------------------------ */

START_TEST(tunable_name_without_machine_is_null)
{
	FAILS_NULL(sim_tunable_name(0), "no machine is booted");
}
END_TEST

START_TEST(tunable_name_negative_is_null)
{
	FAILS_NULL(sim_tunable_name(-1), "no tunable -1");
}
END_TEST

START_TEST(tunable_name_past_end_is_null)
{
	char what[32];

	snprintf(what, sizeof(what), "no tunable %d", sim_nr_tunables());
	FAILS_NULL(sim_tunable_name(sim_nr_tunables()), what);
}
END_TEST

START_TEST(tunable_desc_past_end_is_null)
{
	FAILS_NULL(sim_tunable_desc(1000), "no tunable 1000");
}
END_TEST

START_TEST(tunable_limits_null_is_einval)
{
	int min, max;

	FAILS(sim_tunable_limits(0, &min, &max, NULL), -EINVAL,
	      "def is NULL");
}
END_TEST

START_TEST(tunable_limits_past_end_is_einval)
{
	int min, max, def;

	FAILS(sim_tunable_limits(-1, &min, &max, &def), -EINVAL,
	      "no tunable -1");
}
END_TEST

START_TEST(tunable_limits_without_machine_is_einval)
{
	int min, max, def;

	FAILS(sim_tunable_limits(0, &min, &max, &def), -EINVAL,
	      "no machine is booted");
}
END_TEST

#define SLICE_PATH	"/sys/cpusched/tiny/timeslice"

START_TEST(sysfs_read_null_path_is_einval)
{
	char buf[16];

	FAILS(sim_sysfs_read(NULL, buf, sizeof(buf)), -EINVAL,
	      "path is NULL");
}
END_TEST

START_TEST(sysfs_read_null_buf_is_einval)
{
	FAILS(sim_sysfs_read(SLICE_PATH, NULL, 16), -EINVAL, "buf is NULL");
}
END_TEST

START_TEST(sysfs_read_negative_len_is_einval)
{
	char buf[16];

	FAILS(sim_sysfs_read(SLICE_PATH, buf, (unsigned long)-1), -EINVAL,
	      "length -1 is not in");
}
END_TEST

/* No buffer and no length asks for the length of the text only. */
START_TEST(sysfs_read_null_empty_buf_gives_length)
{
	char buf[16];
	int n = sim_sysfs_read(SLICE_PATH, buf, sizeof(buf));

	ck_assert_int_gt(n, 1);
	ck_assert_int_eq(sim_sysfs_read(SLICE_PATH, NULL, 0), n);
}
END_TEST

START_TEST(sysfs_read_without_machine_is_einval)
{
	char buf[16];

	FAILS(sim_sysfs_read(SLICE_PATH, buf, sizeof(buf)), -EINVAL,
	      "no machine is booted");
}
END_TEST

START_TEST(sysfs_write_null_path_is_einval)
{
	FAILS(sim_sysfs_write(NULL, "50"), -EINVAL, "path is NULL");
}
END_TEST

START_TEST(sysfs_write_null_text_is_einval)
{
	char before[16], after[16];

	sim_sysfs_read(SLICE_PATH, before, sizeof(before));
	FAILS(sim_sysfs_write(SLICE_PATH, NULL), -EINVAL, "text is NULL");
	sim_sysfs_read(SLICE_PATH, after, sizeof(after));
	ck_assert_str_eq(before, after);
}
END_TEST

START_TEST(sysfs_write_without_machine_is_einval)
{
	FAILS(sim_sysfs_write(SLICE_PATH, "50"), -EINVAL,
	      "no machine is booted");
}
END_TEST

/* ---- tasks and commands -------------------------------------------------- */

START_TEST(spawn_null_attr_is_einval)
{
	FAILS(sim_spawn(NULL, t_body_hog, NULL), -EINVAL, "no task attributes");
}
END_TEST

START_TEST(spawn_null_body_is_einval)
{
	struct sim_task_attr a;

	sim_task_attr_init(&a);
	FAILS(sim_spawn(&a, NULL, NULL), -EINVAL, "no task body");
}
END_TEST

START_TEST(spawn_without_machine_is_einval)
{
	struct sim_task_attr a;

	sim_task_attr_init(&a);
	FAILS(sim_spawn(&a, t_body_hog, NULL), -EINVAL,
	      "no machine is booted");
}
END_TEST

START_TEST(spawn_script_null_attr_is_einval)
{
	FAILS(sim_spawn_script(NULL), -EINVAL, "no task attributes");
}
END_TEST

START_TEST(cmd_without_machine_is_einval)
{
	FAILS(sim_cmd(2, SIM_CMD_BURN, 1, 0, 0, 0), -EINVAL,
	      "no machine is booted");
}
END_TEST

/* A command naming no harness object is refused; nothing is queued. */
static const struct {
	int op;
	long idx;
	const char *what;
} bad_cmds[] = {
	{ SIM_CMD_WQ_WAIT, -1, "wait queue -1 is not in 0..63" },
	{ SIM_CMD_WQ_WAIT_EXCL, SIM_NR_WQ, "wait queue 64 is not in" },
	{ SIM_CMD_WQ_WAKE, 1L << 32, "wait queue 4294967296 is not in" },
	{ SIM_CMD_COMPLETION_WAIT, SIM_NR_WQ, "completion 64 is not in" },
	{ SIM_CMD_COMPLETE, -1, "completion -1 is not in" },
	{ SIM_CMD_COMPLETE_ALL, 100, "completion 100 is not in" },
	{ SIM_CMD_MUTEX_LOCK, SIM_NR_MUTEX, "rt_mutex 8 is not in 0..7" },
	{ SIM_CMD_MUTEX_LOCK_INT, -1, "rt_mutex -1 is not in" },
	{ SIM_CMD_MUTEX_TRYLOCK, 1L << 32, "rt_mutex 4294967296 is not in" },
	{ SIM_CMD_MUTEX_UNLOCK, SIM_NR_MUTEX, "rt_mutex 8 is not in" },
	{ SIM_CMD_SEM_DOWN, SIM_NR_SEM, "semaphore 8 is not in 0..7" },
	{ SIM_CMD_SEM_DOWN_INT, -1, "semaphore -1 is not in" },
	{ SIM_CMD_SEM_TRYLOCK, 1L << 32, "semaphore 4294967296 is not in" },
	{ SIM_CMD_SEM_UP, SIM_NR_SEM, "semaphore 8 is not in" },
	{ SIM_CMD_RWSEM_DOWN_READ, SIM_NR_RWSEM,
	  "rw_semaphore 8 is not in 0..7" },
	{ SIM_CMD_RWSEM_DOWN_WRITE, -1, "rw_semaphore -1 is not in" },
	{ SIM_CMD_RWSEM_READ_TRYLOCK, SIM_NR_RWSEM, "rw_semaphore 8 is not" },
	{ SIM_CMD_RWSEM_WRITE_TRYLOCK, -1, "rw_semaphore -1 is not" },
	{ SIM_CMD_RWSEM_UP_READ, SIM_NR_RWSEM, "rw_semaphore 8 is not" },
	{ SIM_CMD_RWSEM_UP_WRITE, SIM_NR_RWSEM, "rw_semaphore 8 is not" },
	{ SIM_CMD_RWSEM_DOWNGRADE, -1, "rw_semaphore -1 is not" },
};

#define NR_BAD_CMDS	((int)(sizeof(bad_cmds) / sizeof(bad_cmds[0])))

START_TEST(cmd_bad_index_is_einval)
{
	FAILS(sim_cmd(script, bad_cmds[_i].op, bad_cmds[_i].idx, 0, 0, 0),
	      -EINVAL, bad_cmds[_i].what);
	/* nothing queued: the next command is the first one run */
	ck_assert_int_eq(t_cmd(script, SIM_CMD_BURN, MS(1), 0, 0, 0), 0);
	ck_assert_uint_eq(t_info(script).cmds_done, 1);
}
END_TEST

START_TEST(cmd_wait_no_task_is_esrch)
{
	FAILS(sim_cmd_wait(NO_SUCH_PID, MS(1)), -ESRCH, "no task with pid");
}
END_TEST

START_TEST(cmd_result_no_task_is_esrch)
{
	FAILS(sim_cmd_result(NO_SUCH_PID), -ESRCH, "no task with pid 12345");
}
END_TEST

START_TEST(cmd_result_without_machine_is_esrch)
{
	FAILS(sim_cmd_result(2), -ESRCH, "no task with pid 2");
}
END_TEST

START_TEST(cpu_offline_negative_is_einval)
{
	FAILS(sim_cpu_offline(-1), -EINVAL, "no cpu-1 on a 2-CPU machine");
}
END_TEST

START_TEST(cpu_offline_past_end_is_einval)
{
	FAILS(sim_cpu_offline(CPUS), -EINVAL, "no cpu2 on a 2-CPU machine");
}
END_TEST

START_TEST(cpu_online_past_end_is_einval)
{
	FAILS(sim_cpu_online(CPUS), -EINVAL, "no cpu2 on a 2-CPU machine");
}
END_TEST

START_TEST(cpu_online_without_machine_is_einval)
{
	FAILS(sim_cpu_online(0), -EINVAL, "no machine is booted");
}
END_TEST

START_TEST(wake_without_machine_is_einval)
{
	FAILS(sim_wake(2), -EINVAL, "no machine is booted");
}
END_TEST

START_TEST(wake_no_task_is_esrch)
{
	FAILS(sim_wake(-1), -ESRCH, "no task with pid -1");
}
END_TEST

START_TEST(signal_out_of_range_is_einval)
{
	FAILS(sim_signal(script, 65), -EINVAL, "signal 65 is not in 1..64");
}
END_TEST

START_TEST(signal_without_machine_is_einval)
{
	FAILS(sim_signal(2, 1), -EINVAL, "no machine is booted");
}
END_TEST

START_TEST(mutex_owner_past_end_is_einval)
{
	FAILS(sim_mutex_owner(SIM_NR_MUTEX, NULL), -EINVAL,
	      "rt_mutex 8 is not in 0..7");
}
END_TEST

START_TEST(mutex_owner_negative_is_einval)
{
	int pending;

	FAILS(sim_mutex_owner(-1, &pending), -EINVAL, "rt_mutex -1 is not in");
}
END_TEST

START_TEST(mutex_owner_without_machine_is_einval)
{
	FAILS(sim_mutex_owner(0, NULL), -EINVAL, "no machine is booted");
}
END_TEST

START_TEST(sem_init_past_end_is_einval)
{
	FAILS(sim_sem_init(SIM_NR_SEM, 1), -EINVAL,
	      "semaphore 8 is not in 0..7");
}
END_TEST

START_TEST(sem_init_negative_count_is_einval)
{
	FAILS(sim_sem_init(0, -1), -EINVAL, "count -1 is not in 0..65536");
}
END_TEST

START_TEST(sem_init_count_past_max_is_einval)
{
	FAILS(sim_sem_init(0, SIM_SEM_MAX + 1), -EINVAL,
	      "count 65537 is not in 0..65536");
}
END_TEST

START_TEST(sem_init_without_machine_is_einval)
{
	FAILS(sim_sem_init(0, 1), -EINVAL, "no machine is booted");
}
END_TEST

/* A semaphore held by its owner is not initialised under it. */
START_TEST(sem_init_owned_is_ebusy)
{
	struct sim_sem_info info;

	ck_assert_int_eq(t_cmd(script, SIM_CMD_SEM_DOWN, 0, 0, 0, 0), 0);
	FAILS(sim_sem_init(0, 3), -EBUSY, "semaphore 0 is held or waited on");
	ck_assert_int_eq(sim_sem_info(0, &info), 0);
	ck_assert_int_eq(info.count, 0);
	ck_assert_int_eq(info.owner, script);
}
END_TEST

START_TEST(sem_info_null_is_einval)
{
	FAILS(sim_sem_info(0, NULL), -EINVAL, "info is NULL");
}
END_TEST

START_TEST(sem_info_negative_is_einval)
{
	struct sim_sem_info info;

	FAILS(sim_sem_info(-1, &info), -EINVAL, "semaphore -1 is not in");
}
END_TEST

START_TEST(sem_info_without_machine_is_einval)
{
	struct sim_sem_info info;

	FAILS(sim_sem_info(0, &info), -EINVAL, "no machine is booted");
}
END_TEST

START_TEST(rwsem_info_null_is_einval)
{
	FAILS(sim_rwsem_info(0, NULL), -EINVAL, "info is NULL");
}
END_TEST

START_TEST(rwsem_info_past_end_is_einval)
{
	struct sim_rwsem_info info;

	FAILS(sim_rwsem_info(SIM_NR_RWSEM, &info), -EINVAL,
	      "rw_semaphore 8 is not in 0..7");
}
END_TEST

START_TEST(rwsem_info_without_machine_is_einval)
{
	struct sim_rwsem_info info;

	FAILS(sim_rwsem_info(0, &info), -EINVAL, "no machine is booted");
}
END_TEST

/* ---- task context, called from outside ----------------------------------- */

static long burn(void)
{
	sim_burn(MS(1));
	return -EINVAL;
}

static long sleep_int(void)
{
	sim_sleep(MS(1));
	return -EINVAL;
}

static long sleep_unint(void)
{
	sim_sleep_unint(MS(1));
	return -EINVAL;
}

static long self(void)
{
	return sim_self();
}

static long this_cpu(void)
{
	return sim_this_cpu_id();
}

static long wake_pid(void)
{
	return sim_wake_pid(1);
}

static long fork_hog(void)
{
	return sim_fork(t_body_hog, NULL);
}

static long exit_0(void)
{
	sim_exit(0);
	return -EINVAL;
}

static long wq_wait(void)
{
	return sim_wq_wait(0, 0);
}

static long wq_wake_bad(void)
{
	sim_wq_wake(SIM_NR_WQ, 1);	/* the index is no matter here */
	return -EINVAL;
}

static long completion_wait(void)
{
	sim_completion_wait(0);
	return -EINVAL;
}

static long complete_bad(void)
{
	sim_complete(-1, 1);
	return -EINVAL;
}

static long wait_flag(void)
{
	static int flag = 1;

	return sim_wait_flag(&flag);
}

static long io_wait(void)
{
	return sim_io_wait(1);
}

static long mutex_lock(void)
{
	sim_mutex_lock(0);
	return -EINVAL;
}

static long mutex_lock_int(void)
{
	return sim_mutex_lock_interruptible(0, 1);
}

static long mutex_trylock(void)
{
	return sim_mutex_trylock(0);
}

static long mutex_unlock_bad(void)
{
	sim_mutex_unlock(SIM_NR_MUTEX);
	return -EINVAL;
}

static long sem_down(void)
{
	sim_down(0);
	return -EINVAL;
}

static long sem_down_int(void)
{
	return sim_down_interruptible(0);
}

static long sem_trylock(void)
{
	return sim_down_trylock(0);
}

static long sem_up_bad(void)
{
	sim_up(SIM_NR_SEM);
	return -EINVAL;
}

static long rwsem_down_read(void)
{
	sim_down_read(0);
	return -EINVAL;
}

static long rwsem_down_write(void)
{
	sim_down_write(0);
	return -EINVAL;
}

static long rwsem_read_trylock(void)
{
	return sim_down_read_trylock(0);
}

static long rwsem_write_trylock(void)
{
	return sim_down_write_trylock(0);
}

static long rwsem_up_read(void)
{
	sim_up_read(0);
	return -EINVAL;
}

static long rwsem_up_write(void)
{
	sim_up_write(0);
	return -EINVAL;
}

static long rwsem_downgrade(void)
{
	sim_downgrade_write(0);
	return -EINVAL;
}

static long syscall_getpid(void)
{
	return sim_syscall(SIM_SYS_getpid, 0, 0, 0);
}

/* Void ones answer -EINVAL here, to share the table. */
static const struct {
	const char *name;
	long (*call)(void);
} task_calls[] = {
	{ "sim_burn()", burn },
	{ "sim_sleep()", sleep_int },
	{ "sim_sleep_unint()", sleep_unint },
	{ "sim_self()", self },
	{ "sim_this_cpu_id()", this_cpu },
	{ "sim_wake_pid()", wake_pid },
	{ "sim_fork()", fork_hog },
	{ "sim_exit()", exit_0 },
	{ "sim_wq_wait()", wq_wait },
	{ "sim_wq_wake()", wq_wake_bad },
	{ "sim_completion_wait()", completion_wait },
	{ "sim_complete()", complete_bad },
	{ "sim_io_wait()", io_wait },
	{ "sim_wait_flag()", wait_flag },
	{ "sim_mutex_lock()", mutex_lock },
	{ "sim_mutex_lock_interruptible()", mutex_lock_int },
	{ "sim_mutex_trylock()", mutex_trylock },
	{ "sim_mutex_unlock()", mutex_unlock_bad },
	{ "sim_down()", sem_down },
	{ "sim_down_interruptible()", sem_down_int },
	{ "sim_down_trylock()", sem_trylock },
	{ "sim_up()", sem_up_bad },
	{ "sim_down_read()", rwsem_down_read },
	{ "sim_down_write()", rwsem_down_write },
	{ "sim_down_read_trylock()", rwsem_read_trylock },
	{ "sim_down_write_trylock()", rwsem_write_trylock },
	{ "sim_up_read()", rwsem_up_read },
	{ "sim_up_write()", rwsem_up_write },
	{ "sim_downgrade_write()", rwsem_downgrade },
	{ "sim_syscall()", syscall_getpid },
};

#define NR_TASK_CALLS	((int)(sizeof(task_calls) / sizeof(task_calls[0])))

/* Booted or not: there is no task to act for, and nothing happens. */
START_TEST(task_call_from_outside_is_einval)
{
	struct state before = state();
	const char *name = task_calls[_i].name;
	long ret;

	mark_error();
	ret = task_calls[_i].call();
	check_ret(name, ret, -EINVAL);
	assert_error(name, name);
	assert_error(name, "called from outside the machine");
	assert_unchanged(name, &before);
}
END_TEST

/* ---- task context, misused inside the machine ---------------------------- */

static void burn_in_sink(const struct sim_trace_event *ev, void *arg)
{
	if (ev->type == SIM_TRACE_WAKEUP)
		sim_burn(1);
}

/* A wake-up from an interrupt calls the sink there: a BUG. */
START_TEST(burn_from_interrupt_is_bug)
{
	t_run(MS(1));
	sim_trace_set_sink(burn_in_sink, NULL);
	ck_assert_int_eq(sim_wake(script), -EIO);
	ck_assert_int_eq(sim_failed(), 1);
	ck_assert_ptr_nonnull(strstr(sim_report(), "BUG: sim_burn() called "
				     "outside a task body"));
}
END_TEST

/* Each sleeps first: its spawn is over when it calls. */
static void body_wq_wake_bad(void *unused)
{
	sim_sleep(MS(1));
	sim_wq_wake(SIM_NR_WQ, 1);
}

static void body_complete_bad(void *unused)
{
	sim_sleep(MS(1));
	sim_complete(-1, 0);
}

static void body_mutex_unlock_bad(void *unused)
{
	sim_sleep(MS(1));
	sim_mutex_unlock(SIM_NR_MUTEX);
}

static void body_sem_up_bad(void *unused)
{
	sim_sleep(MS(1));
	sim_up(SIM_NR_SEM);
}

static void body_rwsem_up_write_bad(void *unused)
{
	sim_sleep(MS(1));
	sim_up_write(-1);
}

static const struct {
	sim_body_t body;
	const char *bug;
} bad_index_bodies[] = {
	{ body_wq_wake_bad, "BUG: wait queue index 64 is not in 0..63" },
	{ body_complete_bad, "BUG: completion index -1 is not in 0..63" },
	{ body_mutex_unlock_bad, "BUG: rt_mutex index 8 is not in 0..7" },
	{ body_sem_up_bad, "BUG: semaphore index 8 is not in 0..7" },
	{ body_rwsem_up_write_bad,
	  "BUG: rw_semaphore index -1 is not in 0..7" },
};

#define NR_BAD_INDEX_BODIES \
	((int)(sizeof(bad_index_bodies) / sizeof(bad_index_bodies[0])))

START_TEST(bad_index_in_task_is_bug)
{
	t_spawn("bad", SIM_SCHED_NORMAL, 0, 0, bad_index_bodies[_i].body,
		NULL);
	ck_assert_int_eq(sim_run_for(MS(10)), -1);
	ck_assert_msg(strstr(sim_report(), bad_index_bodies[_i].bug) != NULL,
		      "report \"%s\" does not say \"%s\"", sim_report(),
		      bad_index_bodies[_i].bug);
}
END_TEST

static int fork_ret, fork_said;

static void body_fork_null(void *unused)
{
	fork_ret = sim_fork(NULL, NULL);
	fork_said = strstr(sim_error(), "body is NULL") != NULL;
}

START_TEST(fork_null_body_in_task_is_einval)
{
	int nr = sim_task_pids(NULL, 0);

	t_spawn("forker", SIM_SCHED_NORMAL, 0, 0, body_fork_null, NULL);
	t_run(MS(10));
	ck_assert_int_eq(fork_ret, -EINVAL);
	ck_assert_int_eq(fork_said, 1);
	ck_assert_int_eq(sim_task_pids(NULL, 0), nr + 1);
}
END_TEST

static int flag_ret = 1, flag_said;

static void body_wait_null_flag(void *unused)
{
	flag_ret = sim_wait_flag(NULL);
	flag_said = strstr(sim_error(), "NULL flag") != NULL;
}

START_TEST(wait_flag_null_in_task_is_einval)
{
	t_spawn("waiter", SIM_SCHED_NORMAL, 0, 0, body_wait_null_flag, NULL);
	t_run(MS(10));
	ck_assert_int_eq(flag_ret, -EINVAL);
	ck_assert_int_eq(flag_said, 1);
}
END_TEST

static int flag, flag_waiter, flag_woke_at_ms = -1;

static void body_flag_waiter(void *unused)
{
	sim_wait_flag(&flag);
	flag_woke_at_ms = sim_now() / MS(1);
}

/* At 2 ms a wake without the flag, at 5 ms the flag and a wake. */
static void body_flag_waker(void *unused)
{
	sim_sleep(MS(2));
	sim_wake_pid(flag_waiter);
	sim_sleep(MS(3));
	flag = 1;
	sim_wake_pid(flag_waiter);
}

START_TEST(wait_flag_sleeps_until_the_flag_is_set_and_woken)
{
	flag = 0;
	flag_waiter = t_spawn("waiter", SIM_SCHED_NORMAL, 0, 0,
			      body_flag_waiter, NULL);
	t_spawn("waker", SIM_SCHED_NORMAL, 0, 0, body_flag_waker, NULL);
	t_run(MS(4));
	ck_assert_int_eq(t_info(flag_waiter).state, 'S');
	t_run(MS(2));
	ck_assert_int_eq(flag_woke_at_ms, 5);
}
END_TEST

static int shutdown_booted;

static void body_shutdown(void *unused)
{
	sim_shutdown();
	shutdown_booted = sim_booted();
}

/* The stack it runs on would go: sim_shutdown() refuses. */
START_TEST(shutdown_in_task_does_nothing)
{
	t_spawn("stopper", SIM_SCHED_NORMAL, 0, 0, body_shutdown, NULL);
	t_run(MS(10));
	ck_assert_int_eq(shutdown_booted, 1);
	ck_assert_int_eq(sim_booted(), 1);
	assert_error("sim_shutdown()", "called from inside the machine");
}
END_TEST

static void body_burn_forever(void *unused)
{
	sim_burn(~0ULL);
}

/* A burn to the end of time does not wrap the clock round. */
START_TEST(burn_past_clock_end_burns)
{
	int pid = t_spawn("burner", SIM_SCHED_NORMAL, 0, 0, body_burn_forever,
			  NULL);

	t_run(MS(20));
	ck_assert_uint_eq(sim_now(), MS(20));
	ck_assert_int_eq(t_info(pid).state, 'R');
}
END_TEST

/* ---- user memory --------------------------------------------------------- */

START_TEST(user_map_zero_len_is_zero)
{
	FAILS(sim_user_map(script, 0), 0, "cannot map 0 bytes");
}
END_TEST

START_TEST(user_map_too_long_is_zero)
{
	FAILS(sim_user_map(script, 1UL << 30), 0, "cannot map 1073741824");
}
END_TEST

START_TEST(user_map_no_task_is_zero)
{
	FAILS(sim_user_map(NO_SUCH_PID, 16), 0, "no task with pid 12345");
}
END_TEST

START_TEST(user_map_without_machine_is_zero)
{
	FAILS(sim_user_map(2, 16), 0, "no task with pid 2");
}
END_TEST

START_TEST(user_write_null_buf_is_einval)
{
	unsigned long uaddr = sim_user_map(script, 16);
	char out[16];

	FAILS(sim_user_write(script, uaddr, NULL, 4), -EINVAL,
	      "no buffer for 4 bytes");
	ck_assert_int_eq(sim_user_read(script, uaddr, out, 16), 0);
	ck_assert_int_eq(out[0] | out[1] | out[2] | out[3], 0);
}
END_TEST

START_TEST(user_read_null_buf_is_einval)
{
	unsigned long uaddr = sim_user_map(script, 16);

	FAILS(sim_user_read(script, uaddr, NULL, 16), -EINVAL,
	      "no buffer for 16 bytes");
}
END_TEST

/* No buffer and no length copies nothing: fine where memory is mapped. */
START_TEST(user_read_null_empty_buf_is_ok)
{
	unsigned long uaddr = sim_user_map(script, 16);

	ck_assert_int_eq(sim_user_read(script, uaddr, NULL, 0), 0);
	ck_assert_int_eq(sim_user_write(script, uaddr, NULL, 0), 0);
}
END_TEST

START_TEST(user_write_unmapped_is_efault)
{
	char buf[4] = "abc";

	FAILS(sim_user_write(script, 0x1000, buf, 4), -EFAULT,
	      "no 4 bytes mapped at 0x1000");
}
END_TEST

START_TEST(user_read_without_machine_is_efault)
{
	char buf[4];

	FAILS(sim_user_read(2, 0x10000000, buf, 4), -EFAULT,
	      "no task with pid 2");
}
END_TEST

/* ---- state --------------------------------------------------------------- */

START_TEST(task_info_null_is_einval)
{
	FAILS(sim_task_info(script, NULL), -EINVAL, "info is NULL");
}
END_TEST

START_TEST(task_info_without_machine_is_esrch)
{
	struct sim_task_info info;

	FAILS(sim_task_info(1, &info), -ESRCH, "no task with pid 1");
}
END_TEST

START_TEST(task_schedstat_null_is_einval)
{
	FAILS(sim_task_schedstat(script, NULL), -EINVAL, "stat is NULL");
}
END_TEST

START_TEST(task_schedstat_no_task_is_esrch)
{
	struct sim_task_schedstat st;

	FAILS(sim_task_schedstat(-1, &st), -ESRCH, "no task with pid -1");
}
END_TEST

START_TEST(task_pids_negative_max_is_einval)
{
	int pids[4];

	FAILS(sim_task_pids(pids, -1), -EINVAL, "max -1 is negative");
}
END_TEST

START_TEST(task_pids_null_with_max_is_einval)
{
	FAILS(sim_task_pids(NULL, 4), -EINVAL, "pids is NULL");
}
END_TEST

START_TEST(cpu_info_null_is_einval)
{
	FAILS(sim_cpu_info(0, NULL), -EINVAL, "info is NULL");
}
END_TEST

START_TEST(cpu_info_negative_is_einval)
{
	struct sim_cpu_info ci;

	FAILS(sim_cpu_info(-1, &ci), -EINVAL, "no cpu-1");
}
END_TEST

START_TEST(cpu_info_past_end_is_einval)
{
	struct sim_cpu_info ci;

	FAILS(sim_cpu_info(CPUS, &ci), -EINVAL, "no cpu2 on a 2-CPU machine");
}
END_TEST

START_TEST(cpu_info_without_machine_is_einval)
{
	struct sim_cpu_info ci;

	FAILS(sim_cpu_info(0, &ci), -EINVAL, "no machine is booted");
}
END_TEST

/* ---- sched domains ------------------------------------------------------- */

START_TEST(sched_domain_null_is_einval)
{
	FAILS(sim_sched_domain(0, 0, NULL), -EINVAL, "info is NULL");
}
END_TEST

START_TEST(sched_domain_negative_level_is_einval)
{
	struct sim_domain_info d;

	FAILS(sim_sched_domain(0, -1, &d), -EINVAL, "level -1 is negative");
}
END_TEST

START_TEST(sched_domain_bad_cpu_is_einval)
{
	struct sim_domain_info d;

	FAILS(sim_sched_domain(CPUS, 0, &d), -EINVAL, "no cpu2");
}
END_TEST

START_TEST(sched_domain_without_machine_is_einval)
{
	struct sim_domain_info d;

	FAILS(sim_sched_domain(0, 0, &d), -EINVAL, "no machine is booted");
}
END_TEST

START_TEST(sched_group_null_is_einval)
{
	FAILS(sim_sched_group(0, 0, 0, NULL), -EINVAL, "info is NULL");
}
END_TEST

START_TEST(sched_group_negative_group_is_einval)
{
	struct sim_group_info g;

	FAILS(sim_sched_group(0, 0, -1, &g), -EINVAL, "group -1 is negative");
}
END_TEST

START_TEST(sched_group_negative_cpu_is_einval)
{
	struct sim_group_info g;

	FAILS(sim_sched_group(-1, 0, 0, &g), -EINVAL, "no cpu-1");
}
END_TEST

/* ---- the rt-mutex tester ------------------------------------------------- */

START_TEST(rttest_start_without_machine_is_einval)
{
	FAILS(sim_rttest_start(), -EINVAL, "no machine is booted");
}
END_TEST

START_TEST(rttest_pid_not_started_is_einval)
{
	FAILS(sim_rttest_pid(0), -EINVAL, "tester is not running");
}
END_TEST

START_TEST(rttest_pid_past_end_is_einval)
{
	FAILS(sim_rttest_pid(SIM_RTTEST_THREADS), -EINVAL,
	      "thread 8 is not in 0..7");
}
END_TEST

START_TEST(rttest_opcode_null_is_einval)
{
	FAILS(sim_rttest_opcode(NULL), -EINVAL, "name is NULL");
}
END_TEST

START_TEST(rttest_opcode_unknown_is_minus_one)
{
	FAILS(sim_rttest_opcode("nosuch"), -1, "unknown command \"nosuch\"");
}
END_TEST

START_TEST(rttest_cmd_null_opcode_is_einval)
{
	FAILS(sim_rttest_cmd(0, NULL, 0), -EINVAL, "opcode is NULL");
}
END_TEST

START_TEST(rttest_cmd_negative_thread_is_einval)
{
	FAILS(sim_rttest_cmd(-1, "lock", 0), -EINVAL, "thread -1 is not in");
}
END_TEST

START_TEST(rttest_cmd_unknown_is_einval)
{
	FAILS(sim_rttest_cmd(0, "nosuch", 0), -EINVAL,
	      "unknown command \"nosuch\"");
}
END_TEST

START_TEST(rttest_check_null_test_is_einval)
{
	FAILS(sim_rttest_check(0, NULL, 0), -EINVAL, "test is NULL");
}
END_TEST

START_TEST(rttest_check_lock_past_end_is_einval)
{
	FAILS(sim_rttest_check(0, "locked", SIM_RTTEST_LOCKS), -EINVAL,
	      "lock 8 is not in 0..7");
}
END_TEST

/* A lock number that is only in range once cut to an int. */
START_TEST(rttest_check_lock_past_int_is_einval)
{
	FAILS(sim_rttest_check(0, "unlocked", 1L << 32), -EINVAL,
	      "lock 4294967296 is not in 0..7");
}
END_TEST

START_TEST(rttest_check_bad_thread_is_einval)
{
	FAILS(sim_rttest_check(SIM_RTTEST_THREADS, "prioeq", 0), -EINVAL,
	      "thread 8 is not in 0..7");
}
END_TEST

START_TEST(rttest_test_arg_null_is_einval)
{
	FAILS(sim_rttest_test_arg(NULL), -EINVAL, "test is NULL");
}
END_TEST

START_TEST(rttest_status_null_is_einval)
{
	FAILS(sim_rttest_status(0, NULL), -EINVAL, "status is NULL");
}
END_TEST

START_TEST(rttest_status_negative_thread_is_einval)
{
	struct sim_rttest_status st;

	FAILS(sim_rttest_status(-1, &st), -EINVAL, "thread -1 is not in");
}
END_TEST

/* ---- the suite ----------------------------------------------------------- */

static TCase *tcase(Suite *s, const char *name, void (*setup)(void))
{
	TCase *tc = tcase_create(name);

	tcase_add_checked_fixture(tc, setup, teardown);
	suite_add_tcase(s, tc);
	return tc;
}

static void add_unbooted(Suite *s)
{
	TCase *tc = tcase(s, "unbooted", NULL);

	tcase_add_test(tc, boot_null_config_is_einval);
	tcase_add_test(tc, config_init_null_says_so);
	tcase_add_test(tc, task_attr_init_null_says_so);
	tcase_add_test(tc, shutdown_without_machine_does_nothing);
	tcase_add_test(tc, driver_name_negative_is_null);
	tcase_add_test(tc, driver_name_past_end_is_null);
	tcase_add_test(tc, driver_index_null_is_einval);
	tcase_add_test(tc, driver_index_unknown_is_minus_one);
	tcase_add_test(tc, cpusched_without_machine_is_null);
	tcase_add_test(tc, log_contains_null_is_einval);
	tcase_add_test(tc, plain_calls_without_machine_answer);
	tcase_add_test(tc, run_for_without_machine_is_minus_one);
	tcase_add_test(tc, check_without_machine_is_minus_one);
	tcase_add_test(tc, schedstat_without_machine_is_null);
	tcase_add_test(tc, decision_zero_is_einval);
	tcase_add_test(tc, schedule_negative_len_is_einval);
	tcase_add_test(tc, schedule_null_buf_is_einval);
	tcase_add_test(tc, schedule_push_without_machine_is_einval);
	tcase_add_test(tc, tunable_name_without_machine_is_null);
	tcase_add_test(tc, tunable_limits_without_machine_is_einval);
	tcase_add_test(tc, sysfs_read_without_machine_is_einval);
	tcase_add_test(tc, sysfs_write_without_machine_is_einval);
	tcase_add_test(tc, spawn_without_machine_is_einval);
	tcase_add_test(tc, cmd_without_machine_is_einval);
	tcase_add_test(tc, cmd_result_without_machine_is_esrch);
	tcase_add_test(tc, cpu_online_without_machine_is_einval);
	tcase_add_test(tc, wake_without_machine_is_einval);
	tcase_add_test(tc, signal_without_machine_is_einval);
	tcase_add_test(tc, mutex_owner_without_machine_is_einval);
	tcase_add_test(tc, sem_init_without_machine_is_einval);
	tcase_add_test(tc, sem_info_without_machine_is_einval);
	tcase_add_test(tc, rwsem_info_without_machine_is_einval);
	tcase_add_loop_test(tc, task_call_from_outside_is_einval, 0,
			    NR_TASK_CALLS);
	tcase_add_test(tc, user_map_without_machine_is_zero);
	tcase_add_test(tc, user_read_without_machine_is_efault);
	tcase_add_test(tc, task_info_without_machine_is_esrch);
	tcase_add_test(tc, cpu_info_without_machine_is_einval);
	tcase_add_test(tc, sched_domain_without_machine_is_einval);
	tcase_add_test(tc, rttest_start_without_machine_is_einval);
	tcase_add_test(tc, rttest_opcode_null_is_einval);
	tcase_add_test(tc, rttest_opcode_unknown_is_minus_one);
	tcase_add_test(tc, rttest_test_arg_null_is_einval);
}

static void add_booted(Suite *s)
{
	TCase *tc = tcase(s, "booted", boot);

	tcase_add_test(tc, boot_null_config_when_booted_is_einval);
	tcase_add_test(tc, log_contains_null_is_einval);
	tcase_add_test(tc, run_for_past_clock_end_is_einval);
	tcase_add_test(tc, run_until_past_is_einval);
	tcase_add_test(tc, decision_null_is_einval);
	tcase_add_test(tc, decision_not_made_is_einval);
	tcase_add_test(tc, schedule_null_empty_buf_gives_length);
	tcase_add_test(tc, schedule_points_negative_len_is_einval);
	tcase_add_test(tc, schedule_points_null_buf_is_einval);
	tcase_add_test(tc, schedule_push_serial_is_einval);
	tcase_add_test(tc, tunable_name_negative_is_null);
	tcase_add_test(tc, tunable_name_past_end_is_null);
	tcase_add_test(tc, tunable_desc_past_end_is_null);
	tcase_add_test(tc, tunable_limits_null_is_einval);
	tcase_add_test(tc, tunable_limits_past_end_is_einval);
	tcase_add_test(tc, sysfs_read_null_path_is_einval);
	tcase_add_test(tc, sysfs_read_null_buf_is_einval);
	tcase_add_test(tc, sysfs_read_negative_len_is_einval);
	tcase_add_test(tc, sysfs_read_null_empty_buf_gives_length);
	tcase_add_test(tc, sysfs_write_null_path_is_einval);
	tcase_add_test(tc, sysfs_write_null_text_is_einval);
	tcase_add_test(tc, spawn_null_attr_is_einval);
	tcase_add_test(tc, spawn_null_body_is_einval);
	tcase_add_test(tc, spawn_script_null_attr_is_einval);
	tcase_add_loop_test(tc, cmd_bad_index_is_einval, 0, NR_BAD_CMDS);
	tcase_add_test(tc, cmd_wait_no_task_is_esrch);
	tcase_add_test(tc, cmd_result_no_task_is_esrch);
	tcase_add_test(tc, cpu_offline_negative_is_einval);
	tcase_add_test(tc, cpu_offline_past_end_is_einval);
	tcase_add_test(tc, cpu_online_past_end_is_einval);
	tcase_add_test(tc, wake_no_task_is_esrch);
	tcase_add_test(tc, signal_out_of_range_is_einval);
	tcase_add_test(tc, mutex_owner_past_end_is_einval);
	tcase_add_test(tc, mutex_owner_negative_is_einval);
	tcase_add_test(tc, sem_init_past_end_is_einval);
	tcase_add_test(tc, sem_init_negative_count_is_einval);
	tcase_add_test(tc, sem_init_count_past_max_is_einval);
	tcase_add_test(tc, sem_init_owned_is_ebusy);
	tcase_add_test(tc, sem_info_null_is_einval);
	tcase_add_test(tc, sem_info_negative_is_einval);
	tcase_add_test(tc, rwsem_info_null_is_einval);
	tcase_add_test(tc, rwsem_info_past_end_is_einval);
	tcase_add_loop_test(tc, task_call_from_outside_is_einval, 0,
			    NR_TASK_CALLS);
	tcase_add_test(tc, user_map_zero_len_is_zero);
	tcase_add_test(tc, user_map_too_long_is_zero);
	tcase_add_test(tc, user_map_no_task_is_zero);
	tcase_add_test(tc, user_write_null_buf_is_einval);
	tcase_add_test(tc, user_read_null_buf_is_einval);
	tcase_add_test(tc, user_read_null_empty_buf_is_ok);
	tcase_add_test(tc, user_write_unmapped_is_efault);
	tcase_add_test(tc, task_info_null_is_einval);
	tcase_add_test(tc, task_schedstat_null_is_einval);
	tcase_add_test(tc, task_schedstat_no_task_is_esrch);
	tcase_add_test(tc, task_pids_negative_max_is_einval);
	tcase_add_test(tc, task_pids_null_with_max_is_einval);
	tcase_add_test(tc, cpu_info_null_is_einval);
	tcase_add_test(tc, cpu_info_negative_is_einval);
	tcase_add_test(tc, cpu_info_past_end_is_einval);
	tcase_add_test(tc, sched_domain_null_is_einval);
	tcase_add_test(tc, sched_domain_negative_level_is_einval);
	tcase_add_test(tc, sched_domain_bad_cpu_is_einval);
	tcase_add_test(tc, sched_group_null_is_einval);
	tcase_add_test(tc, sched_group_negative_group_is_einval);
	tcase_add_test(tc, sched_group_negative_cpu_is_einval);
	tcase_add_test(tc, rttest_pid_not_started_is_einval);

	tc = tcase(s, "inside", boot);
	tcase_add_test(tc, burn_from_interrupt_is_bug);
	tcase_add_loop_test(tc, bad_index_in_task_is_bug, 0,
			    NR_BAD_INDEX_BODIES);
	tcase_add_test(tc, fork_null_body_in_task_is_einval);
	tcase_add_test(tc, wait_flag_null_in_task_is_einval);
	tcase_add_test(tc, wait_flag_sleeps_until_the_flag_is_set_and_woken);
	tcase_add_test(tc, shutdown_in_task_does_nothing);
	tcase_add_test(tc, burn_past_clock_end_burns);

	tc = tcase(s, "choices", boot_choices);
	tcase_add_test(tc, schedule_push_zero_after_is_einval);
	tcase_add_test(tc, schedule_push_far_after_is_einval);
	tcase_add_test(tc, schedule_push_negative_index_is_einval);

	tc = tcase(s, "rttest", boot_rttest);
	tcase_add_test(tc, rttest_pid_past_end_is_einval);
	tcase_add_test(tc, rttest_cmd_null_opcode_is_einval);
	tcase_add_test(tc, rttest_cmd_negative_thread_is_einval);
	tcase_add_test(tc, rttest_cmd_unknown_is_einval);
	tcase_add_test(tc, rttest_check_null_test_is_einval);
	tcase_add_test(tc, rttest_check_lock_past_end_is_einval);
	tcase_add_test(tc, rttest_check_lock_past_int_is_einval);
	tcase_add_test(tc, rttest_check_bad_thread_is_einval);
	tcase_add_test(tc, rttest_status_null_is_einval);
	tcase_add_test(tc, rttest_status_negative_thread_is_einval);
}

int main(void)
{
	Suite *s = suite_create("api");

	add_unbooted(s);
	add_booted(s);
	return t_run_suite_on(s, "tiny");
}
