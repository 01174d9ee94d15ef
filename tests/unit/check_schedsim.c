/*
 * check_schedsim.c - schedsim's metrics output: --format=json carries the
 * keys and figures a scheduler developer scripts against, --compare runs
 * every driver on the same workload and seed, --suite runs the workload
 * library.
 *
 * The tests run the built tools/schedsim and read its JSON with json-c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include <check.h>
#include <json-c/json.h>

#include "testlib.h"

#define MSEC	1000000LL		/* ns */

static char *tool(void)
{
	static char path[4096];
	const char *dir = getenv("builddir");

	snprintf(path, sizeof(path), "%s/tools/schedsim%s", dir ? dir : ".",
		 getenv("EXEEXT") ? getenv("EXEEXT") : "");
	return path;
}

static const char *srcdir(void)
{
	const char *dir = getenv("srcdir");

	return dir ? dir : ".";
}

/* Each element @v of the array @a, @i its index. */
#define for_each_element(a, i, v)					\
	for (i = 0; i < json_object_array_length(a) &&			\
		    ((v = json_object_array_get_idx(a, i)), 1); i++)

static int is_false(struct json_object *v)
{
	return json_object_is_type(v, json_type_boolean) &&
		!json_object_get_boolean(v);
}

/* Member @key of @o, or NULL. */
static struct json_object *get(struct json_object *o, const char *key)
{
	struct json_object *v;

	return json_object_object_get_ex(o, key, &v) ? v : NULL;
}

/* Run schedsim with @args; its stdout as JSON, and its exit status. */
static struct json_object *run_json(int *status, const char *fmt, ...)
{
	char cmd[16384], args[4096], *text = NULL;
	struct json_object *root;
	size_t len = 0, n;
	va_list ap;
	FILE *f;
	int st;

	va_start(ap, fmt);
	vsnprintf(args, sizeof(args), fmt, ap);
	va_end(ap);
	snprintf(cmd, sizeof(cmd), "%s --format=json %s 2>/dev/null",
		 tool(), args);
	f = popen(cmd, "r");
	ck_assert_msg(f, "cannot run %s", cmd);
	do {
		text = realloc(text, len + 65536 + 1);
		ck_assert_ptr_nonnull(text);
		n = fread(text + len, 1, 65536, f);
		len += n;
	} while (n);
	text[len] = '\0';
	st = pclose(f);
	*status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
	root = json_tokener_parse(text);
	ck_assert_msg(root, "%s: not JSON: %.200s", cmd, text);
	free(text);
	return root;
}

static long long int_of(struct json_object *o, const char *key)
{
	struct json_object *v = get(o, key);

	ck_assert_msg(json_object_is_type(v, json_type_int),
		      "'%s' is not an integer", key);
	return json_object_get_int64(v);
}

static struct json_object *task_named(struct json_object *root,
				      const char *name)
{
	struct json_object *t;
	size_t i;

	for_each_element(get(root, "tasks"), i, t)
		if (!strcmp(json_object_get_string(get(t, "name")),
			    name))
			return t;
	ck_abort_msg("no task '%s' in the output", name);
	return NULL;
}

START_TEST(json_has_the_documented_keys)
{
	static const char *const top[] = {
		"cpusched", "nr_cpus", "hz", "seed", "duration_ns", "tasks",
		"cpu",
	};
	static const char *const task[] = {
		"name", "pid", "policy", "nice", "rt_priority", "runtime_ns",
		"wait_ns", "sleep_ns", "switches", "migrations", "wakeups",
		"wakeup_latency_ns",
	};
	static const char *const lat[] = { "p50", "p95", "p99", "max" };
	struct json_object *root, *t;
	size_t i, k;
	int status;

	root = run_json(&status, "--duration=1");
	ck_assert_int_eq(status, 0);
	for (k = 0; k < sizeof(top) / sizeof(top[0]); k++)
		ck_assert_msg(get(root, top[k]), "no '%s'",
			      top[k]);
	ck_assert_int_eq(json_object_array_length(get(root, "tasks")), 5);
	for_each_element(get(root, "tasks"), i, t) {
		for (k = 0; k < sizeof(task) / sizeof(task[0]); k++)
			ck_assert_msg(get(t, task[k]),
				      "task %zu has no '%s'", i, task[k]);
		for (k = 0; k < sizeof(lat) / sizeof(lat[0]); k++)
			int_of(get(t, "wakeup_latency_ns"),
			       lat[k]);
	}
	json_object_put(root);
}
END_TEST

START_TEST(json_reports_the_machine_it_ran)
{
	struct json_object *root;
	int status;

	root = run_json(&status, "--cpus=2 --hz=250 --seed=7 "
			"--duration=1.5 --cpusched=%s", sim_driver_name(0));
	ck_assert_int_eq(status, 0);
	ck_assert_str_eq(json_object_get_string(get(root,
							   "cpusched")),
			 sim_driver_name(0));
	ck_assert_int_eq(int_of(root, "nr_cpus"), 2);
	ck_assert_int_eq(int_of(root, "hz"), 250);
	ck_assert_int_eq(int_of(root, "seed"), 7);
	ck_assert_int_eq(int_of(root, "duration_ns"), 1500 * MSEC);
	ck_assert_int_eq(json_object_array_length(get(root, "cpu")), 2);
	json_object_put(root);
}
END_TEST

/* The bundled SCHED_FIFO task runs 2 ms then sleeps 18 ms. */
START_TEST(fifo_task_gets_2ms_of_every_20ms)
{
	struct json_object *root, *fifo;
	int status;

	root = run_json(&status, "--duration=1");
	ck_assert_int_eq(status, 0);
	fifo = task_named(root, "fifo-50-4");
	ck_assert_str_eq(json_object_get_string(get(fifo, "policy")),
			 "SCHED_FIFO");
	ck_assert_int_eq(int_of(fifo, "rt_priority"), 50);
	ck_assert_int_eq(int_of(fifo, "runtime_ns"), 100 * MSEC);
	json_object_put(root);
}
END_TEST

/* A task alive for the whole run was running, waiting or asleep. */
START_TEST(task_time_adds_up_to_the_run)
{
	struct json_object *root, *t;
	long long sum;
	size_t i;
	int status;

	root = run_json(&status, "--duration=2 --cpus=2");
	ck_assert_int_eq(status, 0);
	for_each_element(get(root, "tasks"), i, t) {
		sum = int_of(t, "runtime_ns") + int_of(t, "wait_ns") +
			int_of(t, "sleep_ns");
		ck_assert_int_le(sum, int_of(root, "duration_ns"));
		/* forked by init within the first millisecond */
		ck_assert_int_ge(sum, int_of(root, "duration_ns") -
				 MSEC);
	}
	for_each_element(get(root, "cpu"), i, t)
		ck_assert_int_eq(int_of(t, "busy_ns") + int_of(t, "idle_ns"),
				 int_of(root, "duration_ns"));
	json_object_put(root);
}
END_TEST

START_TEST(latency_percentiles_are_ordered)
{
	struct json_object *root, *t, *l;
	size_t i;
	int status;

	root = run_json(&status, "--duration=2");
	ck_assert_int_eq(status, 0);
	for_each_element(get(root, "tasks"), i, t) {
		l = get(t, "wakeup_latency_ns");
		ck_assert_int_le(int_of(l, "p50"), int_of(l, "p95"));
		ck_assert_int_le(int_of(l, "p95"), int_of(l, "p99"));
		ck_assert_int_le(int_of(l, "p99"), int_of(l, "max"));
	}
	/*
	 * The interactive task wakes at most 200 times in 2 s (1 ms run,
	 * 9 ms asleep), fewer when it waits; each wake-up it waited for is
	 * a sample, but the last one may not have run yet.
	 */
	t = task_named(root, "interactive-3");
	l = get(t, "wakeup_latency_ns");
	ck_assert_int_le(int_of(t, "wakeups"), 200);
	ck_assert_int_gt(int_of(t, "wakeups"), 0);
	ck_assert_int_le(int_of(l, "count"), int_of(t, "wakeups"));
	ck_assert_int_ge(int_of(l, "count"), int_of(t, "wakeups") - 1);
	ck_assert_int_gt(int_of(l, "max"), 0);
	json_object_put(root);
}
END_TEST

START_TEST(compare_runs_every_driver_on_one_seed)
{
	char list[256] = "";
	struct json_object *root, *run;
	size_t i;
	int status;

	for (i = 0; i < (size_t)sim_nr_drivers(); i++)
		snprintf(list + strlen(list), sizeof(list) - strlen(list),
			 "%s%s", i ? "," : "", sim_driver_name(i));
	root = run_json(&status, "--duration=1 --seed=5 --compare=%s", list);
	ck_assert_int_eq(status, 0);
	ck_assert_int_eq(json_object_array_length(get(root, "runs")),
			 sim_nr_drivers());
	for_each_element(get(root, "runs"), i, run) {
		ck_assert_str_eq(json_object_get_string(get(run,
			"cpusched")), sim_driver_name(i));
		ck_assert_int_eq(int_of(run, "seed"), 5);
		ck_assert_int_eq(json_object_array_length(get(run,
			"tasks")), 5);
	}
	json_object_put(root);
}
END_TEST

/* The same options give the same figures, to the nanosecond. */
START_TEST(json_output_is_deterministic)
{
	struct json_object *a, *b;
	int status;

	a = run_json(&status, "--duration=1 --cpus=2");
	b = run_json(&status, "--duration=1 --cpus=2");
	ck_assert(json_object_equal(a, b));
	json_object_put(a);
	json_object_put(b);
}
END_TEST

/* A periodic rt-app task reports its periods and missed periods. */
START_TEST(periodic_tasks_report_missed_periods)
{
	struct json_object *root, *t;
	int status;

	root = run_json(&status, "--duration=1 %s/examples/rt-periodic.json",
			srcdir());
	ck_assert_int_eq(status, 0);
	t = task_named(root, "rt-5ms-0");
	/* highest priority, 1 ms per 5 ms: never late */
	ck_assert_int_ge(int_of(t, "periods"), 199);
	ck_assert_int_le(int_of(t, "periods"), 200);
	ck_assert_int_eq(int_of(t, "missed_periods"), 0);
	ck_assert_ptr_null(get(task_named(root, "background-3"),
					   "periods"));
	json_object_put(root);
}
END_TEST

/* --ignore-unsupported runs a refused file and lists what it left out. */
START_TEST(json_lists_what_ignore_unsupported_left_out)
{
	struct json_object *root, *ignored;
	int status;

	root = run_json(&status, "--duration=0.1 --ignore-unsupported "
			"%s/tests/unit/workloads/bad-uclamp.json", srcdir());
	ck_assert_int_eq(status, 0);
	ignored = get(root, "ignored");
	ck_assert_int_eq(json_object_array_length(ignored), 1);
	ck_assert_ptr_nonnull(strstr(json_object_get_string(
		json_object_array_get_idx(ignored, 0)),
		"bad-uclamp.json:5:30: tasks.t1.phases.p0.util_max: uclamp "
		"(Linux 5.3): not on the simulated 2.6.10 machine, ignored: "));
	json_object_put(root);
}
END_TEST

/* Every example of the library runs clean on every built driver. */
START_TEST(suite_runs_every_example_on_every_driver)
{
	struct json_object *root, *ex, *run;
	size_t i, j;
	int status;

	root = run_json(&status, "--duration=0.5 --suite=%s/examples",
			srcdir());
	ck_assert_int_eq(status, 0);
	ck_assert_int_eq(json_object_array_length(get(root, "suite")), 7);
	for_each_element(get(root, "suite"), i, ex) {
		ck_assert_int_eq(json_object_array_length(get(ex, "runs")),
				 sim_nr_drivers());
		for_each_element(get(ex, "runs"), j, run) {
			ck_assert(is_false(get(run, "failed")));
			ck_assert_int_gt(json_object_array_length(get(run,
				"tasks")), 0);
		}
	}
	json_object_put(root);
}
END_TEST

static Suite *schedsim_suite(void)
{
	Suite *s = suite_create("schedsim");
	TCase *tc = tcase_create("output");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, json_has_the_documented_keys);
	tcase_add_test(tc, json_reports_the_machine_it_ran);
	tcase_add_test(tc, fifo_task_gets_2ms_of_every_20ms);
	tcase_add_test(tc, task_time_adds_up_to_the_run);
	tcase_add_test(tc, latency_percentiles_are_ordered);
	tcase_add_test(tc, compare_runs_every_driver_on_one_seed);
	tcase_add_test(tc, json_output_is_deterministic);
	tcase_add_test(tc, json_lists_what_ignore_unsupported_left_out);
	tcase_add_test(tc, periodic_tasks_report_missed_periods);
	tcase_add_test(tc, suite_runs_every_example_on_every_driver);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return t_run_suite(schedsim_suite());
}
