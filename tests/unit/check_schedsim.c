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

/*
 * tool_open - start schedsim as "TOOL @opts ARGS @redir", ARGS from @fmt
 * and @ap; a stream of its stdout.
 */
static FILE *tool_open(const char *opts, const char *redir, const char *fmt,
		       va_list ap)
{
	char cmd[16384], args[4096];
	FILE *f;

	vsnprintf(args, sizeof(args), fmt, ap);
	snprintf(cmd, sizeof(cmd), "%s %s%s %s", tool(), opts, args, redir);
	f = popen(cmd, "r");
	ck_assert_msg(f, "cannot run %s", cmd);
	return f;
}

/* tool_close - end @f of tool_open(): schedsim's exit status, or -1. */
static int tool_close(FILE *f)
{
	int st = pclose(f);

	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Run schedsim with @args; its stdout as JSON, and its exit status. */
static struct json_object *run_json(int *status, const char *fmt, ...)
{
	struct json_object *root;
	char *text = NULL;
	size_t len = 0, n;
	va_list ap;
	FILE *f;

	va_start(ap, fmt);
	f = tool_open("--format=json ", "2>/dev/null", fmt, ap);
	va_end(ap);
	do {
		text = realloc(text, len + 65536 + 1);
		ck_assert_ptr_nonnull(text);
		n = fread(text + len, 1, 65536, f);
		len += n;
	} while (n);
	text[len] = '\0';
	*status = tool_close(f);
	root = json_tokener_parse(text);
	ck_assert_msg(root, "--format=json gave no JSON: %.200s", text);
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

/* ---- metrics that are right ---------------------------------------------- */

/* The test's own directory, for its workload files and reports. */
#define TEST_DIR	"/tmp/check_schedsim.XXXXXX"
static char test_dir[] = TEST_DIR;
static int made_test_dir;

static void remove_test_dir(void)
{
	char cmd[128];

	if (!made_test_dir)
		return;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", test_dir);
	ck_assert_int_eq(system(cmd), 0);
	memcpy(test_dir, TEST_DIR, sizeof(test_dir));
	made_test_dir = 0;
}

/*
 * A workload file of @text in the test's directory (a --suite of the
 * directory runs it alone); its path, static.
 */
static const char *workload_file(const char *name, const char *text)
{
	static char path[4096];
	FILE *f;

	if (!made_test_dir)
		ck_assert_ptr_nonnull(mkdtemp(test_dir));
	made_test_dir = 1;
	snprintf(path, sizeof(path), "%s/%s", test_dir, name);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
	return path;
}

/* Run schedsim with @args; its stdout and stderr in @out, its status. */
static int run_text(char *out, size_t len, const char *fmt, ...)
{
	size_t n = 0;
	va_list ap;
	FILE *f;

	va_start(ap, fmt);
	f = tool_open("", "2>&1", fmt, ap);
	va_end(ap);
	while (n + 1 < len && !feof(f))
		n += fread(out + n, 1, len - 1 - n, f);
	out[n] = '\0';
	return tool_close(f);
}

/* The row of task @name in schedsim's text table @out (static). */
static const char *text_row(const char *out, const char *name)
{
	static char row[512];
	char key[64];
	const char *p;

	snprintf(key, sizeof(key), " %s ", name);
	p = strstr(out, key);
	ck_assert_msg(p, "no row for '%s' in:\n%s", name, out);
	while (p > out && p[-1] != '\n')
		p--;
	snprintf(row, sizeof(row), "%.*s", (int)strcspn(p, "\n"), p);
	return row;
}

/* The file @path, whole, NUL-terminated (free() it). */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	ck_assert_msg(f, "cannot open %s", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc(n + 1);
	ck_assert_ptr_nonnull(buf);
	ck_assert_int_eq(fread(buf, 1, n, f), n);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/*
 * The report page of a run of workload @wl with @opts (written in the
 * test's directory) has @want after @section.
 */
static void assert_in_report(const char *wl, const char *opts,
			     const char *section, const char *want)
{
	char out[16384];
	char *html, *from;
	int status;

	status = run_text(out, sizeof(out), "%s --report=%s/r %s", opts,
			  test_dir, wl);
	ck_assert_msg(status == 0, "exit %d: %s", status, out);
	snprintf(out, sizeof(out), "%s/r/index.html", test_dir);
	html = slurp(out);
	from = strstr(html, section);
	ck_assert_msg(from, "no '%s' in the report", section);
	ck_assert_msg(strstr(from, want), "no '%s' after '%s' in the report",
		      want, section);
	free(html);
}

/*
 * Tasks that exit before the run ends (a "loop" count, LISA's default):
 * two SCHED_FIFO 42 instances, one that goes from SCHED_FIFO 30 to
 * SCHED_RR 20 in its second phase, one at nice 7; and a hog at nice 5
 * that lives on.
 */
static const char exiting_tasks[] =
	"{ \"global\": { \"duration\": 1 },\n"
	"  \"tasks\": {\n"
	"    \"rt\": { \"instance\": 2, \"loop\": 2, \"policy\": "
	"\"SCHED_FIFO\",\n"
	"            \"priority\": 42, \"run\": 1000, \"sleep\": 1000 },\n"
	"    \"phased\": { \"loop\": 1, \"phases\": {\n"
	"      \"p1\": { \"policy\": \"SCHED_FIFO\", \"priority\": 30, "
	"\"run\": 1000 },\n"
	"      \"p2\": { \"policy\": \"SCHED_RR\", \"priority\": 20, "
	"\"run\": 1000 } } },\n"
	"    \"niced\": { \"loop\": 1, \"priority\": 7, \"run\": 1000 },\n"
	"    \"hog\": { \"loop\": -1, \"priority\": 5, \"run\": 10000 }\n"
	"  } }\n";

static void assert_sched(struct json_object *t, const char *policy,
			 int rt_priority, int nice)
{
	ck_assert_str_eq(json_object_get_string(get(t, "policy")), policy);
	ck_assert_int_eq(int_of(t, "rt_priority"), rt_priority);
	ck_assert_int_eq(int_of(t, "nice"), nice);
}

/* What an exited task ran with, in the JSON: its last policy. */
START_TEST(exited_tasks_keep_their_policy_in_json)
{
	const char *wl = workload_file("exiting.json", exiting_tasks);
	struct json_object *root;
	int status;

	root = run_json(&status, "%s", wl);
	ck_assert_int_eq(status, 0);
	assert_sched(task_named(root, "rt-0"), "SCHED_FIFO", 42, 0);
	assert_sched(task_named(root, "rt-1"), "SCHED_FIFO", 42, 0);
	assert_sched(task_named(root, "phased-2"), "SCHED_RR", 20, 0);
	assert_sched(task_named(root, "niced-3"), "SCHED_OTHER", 0, 7);
	assert_sched(task_named(root, "hog-4"), "SCHED_OTHER", 0, 5);
	json_object_put(root);
}
END_TEST

/* ... in the text table: POL and PRIO (nice, or RT priority). */
START_TEST(exited_tasks_keep_their_policy_in_the_table)
{
	const char *wl = workload_file("exiting.json", exiting_tasks);
	char out[16384], pol[16];
	int status, pid, prio;

	status = run_text(out, sizeof(out), "%s", wl);
	ck_assert_int_eq(status, 0);
	ck_assert_int_eq(sscanf(text_row(out, "rt-1"), "%d rt-1 %15s %d",
				&pid, pol, &prio), 3);
	ck_assert_str_eq(pol, "FIFO");
	ck_assert_int_eq(prio, 42);
	ck_assert_int_eq(sscanf(text_row(out, "phased-2"),
				"%d phased-2 %15s %d", &pid, pol, &prio), 3);
	ck_assert_str_eq(pol, "RR");
	ck_assert_int_eq(prio, 20);
	ck_assert_int_eq(sscanf(text_row(out, "niced-3"),
				"%d niced-3 %15s %d", &pid, pol, &prio), 3);
	ck_assert_str_eq(pol, "OTHER");
	ck_assert_int_eq(prio, 7);
}
END_TEST

/*
 * Fairness groups SCHED_OTHER tasks by nice: the exited RT tasks are in
 * no group, and no group has two tasks here (niced-3 alone at nice 7,
 * hog-4 alone at nice 5).
 */
START_TEST(exited_rt_tasks_are_not_in_fairness)
{
	const char *wl = workload_file("exiting.json", exiting_tasks);
	struct json_object *root, *fair;
	int status;

	root = run_json(&status, "%s", wl);
	ck_assert_int_eq(status, 0);
	fair = get(root, "fairness");
	ck_assert_int_eq(json_object_array_length(get(fair, "groups")), 0);
	ck_assert(json_object_get_double(get(fair, "min")) == 1.0);
	json_object_put(root);
}
END_TEST

/* Jain's index of the CPU share of the time they wanted one of @a, @b. */
static double jain2(struct json_object *a, struct json_object *b)
{
	double x = (double)int_of(a, "runtime_ns") /
		(int_of(a, "runtime_ns") + int_of(a, "wait_ns"));
	double y = (double)int_of(b, "runtime_ns") /
		(int_of(b, "runtime_ns") + int_of(b, "wait_ns"));

	return (x + y) * (x + y) / (2 * (x * x + y * y));
}

/*
 * Two hogs share one CPU; a third task of their nice sleeps the whole
 * run.  It waited for the CPU only to start sleeping and used none: it
 * asked for nothing, so it is not a starved task of the nice 0 group.
 */
START_TEST(a_sleeper_is_not_starved)
{
	const char *wl = workload_file("sleeper.json",
		"{ \"global\": { \"duration\": 1 },\n"
		"  \"tasks\": {\n"
		"    \"hog\": { \"instance\": 2, \"loop\": -1, "
		"\"run\": 10000 },\n"
		"    \"sleeper\": { \"loop\": -1, \"sleep\": 5000000 }\n"
		"  } }\n");
	struct json_object *root, *fair, *group;
	int status;

	root = run_json(&status, "--cpus=1 %s", wl);
	ck_assert_int_eq(status, 0);
	ck_assert_int_eq(int_of(task_named(root, "sleeper-2"), "runtime_ns"),
			 0);
	fair = get(root, "fairness");
	ck_assert_int_eq(json_object_array_length(get(fair, "groups")), 1);
	group = json_object_array_get_idx(get(fair, "groups"), 0);
	ck_assert_int_eq(int_of(group, "nice"), 0);
	ck_assert_int_eq(int_of(group, "tasks"), 2);
	ck_assert_double_eq_tol(json_object_get_double(get(group, "jain")),
				jain2(task_named(root, "hog-0"),
				      task_named(root, "hog-1")), 1e-9);
	ck_assert_double_eq_tol(json_object_get_double(get(fair, "min")),
				json_object_get_double(get(group, "jain")),
				1e-9);
	json_object_put(root);
}
END_TEST

/*
 * A task that never got the CPU it wanted is starved and counts: a FIFO
 * hog takes CPU 0 from the SCHED_OTHER task pinned there, while its
 * peer has CPU 1 to itself.  Shares 0 and 1: Jain's index 1/2.
 */
START_TEST(a_task_that_never_ran_is_starved)
{
	const char *wl = workload_file("starved.json",
		"{ \"global\": { \"duration\": 1 },\n"
		"  \"tasks\": {\n"
		"    \"fifo\": { \"policy\": \"SCHED_FIFO\", \"priority\": 10,"
		" \"cpus\": [0], \"loop\": -1, \"run\": 10000 },\n"
		"    \"pinned\": { \"cpus\": [0], \"delay\": 1000, "
		"\"loop\": -1, \"run\": 10000 },\n"
		"    \"free\": { \"cpus\": [1], \"loop\": -1, "
		"\"run\": 10000 }\n"
		"  } }\n");
	struct json_object *root, *group;
	int status;

	root = run_json(&status, "--cpus=2 %s", wl);
	ck_assert_int_eq(status, 0);
	ck_assert_int_eq(int_of(task_named(root, "pinned-1"), "runtime_ns"),
			 0);
	group = json_object_array_get_idx(get(get(root,
		"fairness"), "groups"), 0);
	ck_assert_ptr_nonnull(group);
	ck_assert_int_eq(int_of(group, "tasks"), 2);
	ck_assert_double_eq_tol(json_object_get_double(get(group, "jain")),
				0.5, 1e-9);
	json_object_put(root);
}
END_TEST

/*
 * One CPU: "napper" runs at once and sleeps 10 ms; at 5 ms a SCHED_FIFO
 * hog wakes from its delay, runs at once (a wake-up, and a sample of
 * 0 ns) and takes the CPU for good.  The napper's one wake-up (at 10 ms)
 * never gets to run: a wake-up, and no latency sample.
 */
static const char one_wakeup[] =
	"{ \"global\": { \"duration\": 0.1 },\n"
	"  \"tasks\": {\n"
	"    \"napper\": { \"loop\": -1, \"sleep\": 10000, \"run\": 1000 },\n"
	"    \"fifo\": { \"policy\": \"SCHED_FIFO\", \"priority\": 10, "
	"\"delay\": 5000, \"loop\": -1, \"run\": 100000 }\n"
	"  } }\n";

START_TEST(wakeups_agree_in_json_and_table)
{
	const char *wl = workload_file("wakeup.json", one_wakeup);
	char out[16384], name[16];
	unsigned long wakeups;
	struct json_object *root, *t;
	int status;

	root = run_json(&status, "--cpus=1 %s", wl);
	ck_assert_int_eq(status, 0);
	t = task_named(root, "napper-0");
	ck_assert_int_eq(int_of(t, "wakeups"), 1);
	ck_assert_int_eq(int_of(get(t, "wakeup_latency_ns"),
				"count"), 0);
	t = task_named(root, "fifo-1");
	ck_assert_int_eq(int_of(t, "wakeups"), 1);
	ck_assert_int_eq(int_of(get(t, "wakeup_latency_ns"),
				"count"), 1);
	json_object_put(root);
	status = run_text(out, sizeof(out), "--cpus=1 %s", wl);
	ck_assert_int_eq(status, 0);
	ck_assert_int_eq(sscanf(text_row(out, "napper-0"), "%*d %15s %*s %*d "
				"%*f %*f %*f %*u %*u %lu", name, &wakeups), 2);
	ck_assert_int_eq(wakeups, 1);
}
END_TEST

/*
 * The report's latency table counts the same wake-ups as its summary and
 * task tables (2: the napper's and the hog's), and the latency samples
 * apart (1: the hog's).
 */
START_TEST(wakeups_agree_in_the_report)
{
	const char *wl = workload_file("wakeup.json", one_wakeup);
	const char *d = sim_driver_name(0);
	char opts[64], row[256];

	snprintf(opts, sizeof(opts), "--cpus=1 --cpusched=%s", d);
	snprintf(row, sizeof(row), ">%s</td><td>2</td><td>1</td>", d);
	assert_in_report(wl, opts, "<h2 id=\"latency\">", row);
}
END_TEST

/*
 * At HZ=300 a tick is 3333333 ns.  A nice 19 task woken while a nice 0
 * hog runs waits for the hog's timeslice to end on a tick: its latency
 * has digits below the microsecond (96666657 ns on every driver built
 * so far), and the table shows it as the JSON does, to the nanosecond.
 */
static const char tick_latency[] =
	"{ \"global\": { \"duration\": 0.5 },\n"
	"  \"tasks\": {\n"
	"    \"hog\": { \"loop\": -1, \"run\": 10000 },\n"
	"    \"napper\": { \"loop\": -1, \"priority\": 19, "
	"\"sleep\": 1000, \"run\": 100 }\n"
	"  } }\n";

/* The largest wake-up latency of the napper of @wl, from the JSON. */
static long long napper_max_ns(const char *wl)
{
	struct json_object *root;
	long long ns;
	int status;

	root = run_json(&status, "--cpus=1 --hz=300 %s", wl);
	ck_assert_int_eq(status, 0);
	ns = int_of(get(task_named(root, "napper-1"),
				    "wakeup_latency_ns"), "max");
	json_object_put(root);
	return ns;
}

START_TEST(latencies_show_to_the_nanosecond)
{
	const char *wl = workload_file("ticks.json", tick_latency);
	long long ns = napper_max_ns(wl);
	char out[16384], want[64];
	int status;

	ck_assert_msg(ns % 100, "max latency %lld ns: no digit below 0.1 us",
		      ns);
	status = run_text(out, sizeof(out), "--cpus=1 --hz=300 %s", wl);
	ck_assert_int_eq(status, 0);
	snprintf(want, sizeof(want), "%lld.%03lld", ns / 1000, ns % 1000);
	ck_assert_msg(strstr(text_row(out, "napper-1"), want),
		      "LATMAX of %lld ns is not '%s' us in:\n%s", ns, want,
		      text_row(out, "napper-1"));
}
END_TEST

/*
 * ... and so do the report's tables, on hover: the cell of 96666657 ns
 * reads 96.67 ms (it fits the page) and its title the exact figure.
 */
START_TEST(the_report_gives_latencies_to_the_nanosecond)
{
	const char *wl = workload_file("ticks.json", tick_latency);
	long long ns = napper_max_ns(wl);
	char want[64];

	snprintf(want, sizeof(want), "<td><span title=\"%lld ns\">%.2f ms"
		 "</span></td>", ns, ns / 1e6);
	assert_in_report(wl, "--cpus=1 --hz=300", "<h2", want);
}
END_TEST

/*
 * A CPU the machine lacks is an input error before anything runs, in a
 * phase's "cpus" as in a task's, and with --suite as alone.
 */
static const char phase_on_cpu3[] =
	"{ \"global\": { \"duration\": 1 },\n"
	"  \"tasks\": {\n"
	"    \"a\": { \"loop\": 2, \"phases\": {\n"
	"      \"p1\": { \"run\": 1000, \"sleep\": 1000 },\n"
	"      \"p2\": { \"cpus\": [3], \"run\": 1000 } } }\n"
	"  } }\n";

/* @out is the one line that refuses the CPU 3 of @wl on 2 CPUs. */
static void assert_cpu3_refused(const char *out, const char *wl)
{
	char want[4200];

	snprintf(want, sizeof(want), "schedsim: %s:5:24: tasks.a.phases.p2."
		 "cpus[0]: CPU 3 is not on the machine (2 CPUs: 0..1)\n", wl);
	ck_assert_str_eq(out, want);
}

START_TEST(a_phase_pinned_off_the_machine_is_refused)
{
	const char *wl = workload_file("cpu3.json", phase_on_cpu3);
	char out[4096];

	ck_assert_int_eq(run_text(out, sizeof(out), "--cpus=2 %s", wl), 2);
	assert_cpu3_refused(out, wl);
	ck_assert_int_eq(run_text(out, sizeof(out), "--cpus=4 --duration=0.1"
				  " %s >/dev/null", wl), 0);
}
END_TEST

START_TEST(a_suite_pinned_off_the_machine_is_refused)
{
	const char *wl = workload_file("cpu3.json", phase_on_cpu3);
	char out[4096];

	ck_assert_int_eq(run_text(out, sizeof(out), "--cpus=2 --suite=%s",
				  test_dir), 2);
	assert_cpu3_refused(out, wl);
}
END_TEST

static Suite *schedsim_suite(void)
{
	Suite *s = suite_create("schedsim");
	TCase *tc = tcase_create("output");

	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, NULL, remove_test_dir);
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
	tcase_add_test(tc, exited_tasks_keep_their_policy_in_json);
	tcase_add_test(tc, exited_tasks_keep_their_policy_in_the_table);
	tcase_add_test(tc, exited_rt_tasks_are_not_in_fairness);
	tcase_add_test(tc, a_sleeper_is_not_starved);
	tcase_add_test(tc, a_task_that_never_ran_is_starved);
	tcase_add_test(tc, wakeups_agree_in_json_and_table);
	tcase_add_test(tc, wakeups_agree_in_the_report);
	tcase_add_test(tc, latencies_show_to_the_nanosecond);
	tcase_add_test(tc, the_report_gives_latencies_to_the_nanosecond);
	tcase_add_test(tc, a_phase_pinned_off_the_machine_is_refused);
	tcase_add_test(tc, a_suite_pinned_off_the_machine_is_refused);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return t_run_suite(schedsim_suite());
}
