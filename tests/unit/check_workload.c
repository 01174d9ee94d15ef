/*
 * tests/unit/check_workload.c - rt-app JSON workloads (tools/workload.c):
 * what the parser reads, warns about and refuses (with the exact
 * FILE:LINE:COL), and what each event does on the machine.
 *
 * Machines boot with the tiny driver (testlib's default) on one CPU
 * unless a test needs two, and the workload starts at virtual time 0.
 * The refused files are tests/unit/workloads/bad-*.json, each with a
 * sidecar bad-*.err holding the expected "LINE:COL: message"; needs
 * $srcdir (exported by `make check`; "." otherwise).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"
#include "workload.h"

#define US(n)		((unsigned long long)(n) * 1000ULL)
#define ERR_LEN		512

static struct workload wl;
static struct wl_run run;
static int booted;

static void teardown(void)
{
	if (booted)
		t_shutdown();
	booted = 0;
	workload_run_free(&run);
	workload_free(&wl);
}

/* Parse @text (no warnings); fails the test if it is refused. */
static void parse(const char *text)
{
	char err[ERR_LEN];
	int ret = workload_parse("test.json", text, 0, &wl, NULL, err,
				 sizeof(err));

	ck_assert_msg(ret == 0, "refused: %s", err);
}

/* The message @text is refused with. */
static const char *refusal(const char *text)
{
	static char err[ERR_LEN];

	ck_assert_int_eq(workload_parse("test.json", text, 0, &wl, NULL, err,
					sizeof(err)), -1);
	ck_assert_int_eq(wl.nr_tasks, 0);
	return err;
}

/* Boot tiny on @cpus CPUs, parse @text and start it at time 0. */
static void start(int cpus, const char *text)
{
	char err[ERR_LEN];

	parse(text);
	t_boot(cpus, NULL);
	booted = 1;
	ck_assert_msg(workload_start(&wl, &run, err, sizeof(err)) == 0,
		      "start: %s", err);
}

/* Run until virtual time @ns. */
static void run_until(unsigned long long ns)
{
	ck_assert_msg(sim_run_until(ns) == 0, "run failed: %s", sim_report());
}

static struct sim_task_info inst_info(int i)
{
	ck_assert_int_lt(i, run.nr_inst);
	return t_info(run.inst[i].pid);
}

/* ---- parsing ------------------------------------------------------------ */

START_TEST(defaults_of_a_task_with_one_event)
{
	parse("{\"tasks\": {\"t\": {\"run\": 1000}}}");
	ck_assert_int_eq(wl.nr_tasks, 1);
	ck_assert_str_eq(wl.tasks[0].name, "t");
	ck_assert_int_eq(wl.tasks[0].instances, 1);
	ck_assert_int_eq(wl.tasks[0].loop, -1);
	ck_assert_uint_eq(wl.tasks[0].delay_ns, 0);
	ck_assert_int_eq(wl.tasks[0].policy, SIM_SCHED_NORMAL);
	ck_assert_int_eq(wl.tasks[0].priority, 0);
	ck_assert_ptr_null(wl.tasks[0].cpus);
	ck_assert_int_eq(wl.tasks[0].periodic, 0);
	ck_assert_int_eq(wl.tasks[0].nr_phases, 1);
	ck_assert_int_eq(wl.tasks[0].phases[0].loop, 1);
	ck_assert_int_eq(wl.tasks[0].phases[0].policy, -1);
	ck_assert_int_eq(wl.tasks[0].phases[0].nr_events, 1);
	ck_assert_int_eq(wl.tasks[0].phases[0].events[0].type, WL_RUN);
	ck_assert_uint_eq(wl.tasks[0].phases[0].events[0].ns, US(1000));
	ck_assert_uint_eq(wl.duration_ns, 0);
	ck_assert_int_eq(wl.nr_mutexes, 0);
	ck_assert_int_eq(wl.nr_timers, 0);
}
END_TEST

START_TEST(rt_default_policy_gives_priority_ten)
{
	parse("{\"global\": {\"default_policy\": \"SCHED_FIFO\"},"
	      " \"tasks\": {\"t\": {\"run\": 1}, "
	      "\"u\": {\"policy\": \"SCHED_OTHER\", \"run\": 1}}}");
	ck_assert_int_eq(wl.tasks[0].policy, SIM_SCHED_FIFO);
	ck_assert_int_eq(wl.tasks[0].priority, 10);
	ck_assert_int_eq(wl.tasks[1].policy, SIM_SCHED_NORMAL);
	ck_assert_int_eq(wl.tasks[1].priority, 0);
}
END_TEST

START_TEST(duration_in_seconds_and_minus_one_for_none)
{
	parse("{\"global\": {\"duration\": 2}, \"tasks\": {\"t\": "
	      "{\"run\": 1}}}");
	ck_assert_uint_eq(wl.duration_ns, SEC(2));
	workload_free(&wl);
	parse("{\"global\": {\"duration\": -1}, \"tasks\": {\"t\": "
	      "{\"run\": 1}}}");
	ck_assert_uint_eq(wl.duration_ns, 0);
}
END_TEST

START_TEST(event_keys_match_by_prefix)
{
	static const int types[] = {
		WL_RUN, WL_RUNTIME, WL_SLEEP, WL_TIMER, WL_YIELD, WL_LOCK,
		WL_UNLOCK, WL_RUNTIME, WL_RUN,
	};
	int i;

	parse("{\"tasks\": {\"t\": {\"run0\": 1, \"runtime1\": 2, "
	      "\"sleep2\": 3, \"timer3\": {\"ref\": \"a\", \"period\": 4},"
	      " \"yield4\": 0, \"lock5\": \"m\", \"unlock6\": \"m\", "
	      "\"runtime\": 7, \"running\": 8}}}");
	ck_assert_int_eq(wl.tasks[0].phases[0].nr_events, 9);
	for (i = 0; i < 9; i++)
		ck_assert_msg(wl.tasks[0].phases[0].events[i].type ==
			      types[i], "event %d is type %d, not %d", i,
			      wl.tasks[0].phases[0].events[i].type, types[i]);
	ck_assert_uint_eq(wl.tasks[0].phases[0].events[7].ns, US(7));
}
END_TEST

START_TEST(synchronisation_and_io_keys_match_by_prefix)
{
	static const int types[] = {
		WL_MEM, WL_IORUN, WL_LOCK, WL_SIGNAL, WL_BROADCAST, WL_WAIT,
		WL_SYNC, WL_UNLOCK, WL_BARRIER, WL_RESUME, WL_SUSPEND,
	};
	int i;

	parse("{\"tasks\": {\"t\": {\"loop\": 1, \"memory\": 8, "
	      "\"iorun1\": 100, \"lock\": \"m\", \"signal_c\": \"c\", "
	      "\"broadcast\": \"c\", "
	      "\"wait1\": {\"ref\": \"c\", \"mutex\": \"m\"}, "
	      "\"sync2\": {\"ref\": \"c\", \"mutex\": \"m\"}, "
	      "\"unlock\": \"m\", \"barrier3\": \"b\", "
	      "\"resume_t\": \"t\", \"suspend_t\": \"t\"}}}");
	ck_assert_int_eq(wl.tasks[0].phases[0].nr_events, 11);
	for (i = 0; i < 11; i++)
		ck_assert_msg(wl.tasks[0].phases[0].events[i].type ==
			      types[i], "event %d is type %d, not %d", i,
			      wl.tasks[0].phases[0].events[i].type, types[i]);
	/* 8 bytes of memset: 2 ns of CPU; 100 bytes of I/O: 1 us */
	ck_assert_uint_eq(wl.tasks[0].phases[0].events[0].ns, 2);
	ck_assert_uint_eq(wl.tasks[0].phases[0].events[1].ns, US(1));
}
END_TEST

START_TEST(phases_and_events_keep_file_order)
{
	parse("{\"tasks\": {\"t\": {\"phases\": {"
	      "\"zz\": {\"sleep\": 1, \"run\": 2},"
	      "\"aa\": {\"loop\": 3, \"run\": 4},"
	      "\"mm\": {\"run\": 5}}}}}");
	ck_assert_int_eq(wl.tasks[0].nr_phases, 3);
	ck_assert_int_eq(wl.tasks[0].phases[0].events[0].type, WL_SLEEP);
	ck_assert_int_eq(wl.tasks[0].phases[0].events[1].type, WL_RUN);
	ck_assert_int_eq(wl.tasks[0].phases[1].loop, 3);
	ck_assert_uint_eq(wl.tasks[0].phases[1].events[0].ns, US(4));
	ck_assert_uint_eq(wl.tasks[0].phases[2].events[0].ns, US(5));
}
END_TEST

START_TEST(tasks_keep_file_order)
{
	parse("{\"tasks\": {\"b\": {\"run\": 1}, \"a\": {\"run\": 1}, "
	      "\"c\": {\"run\": 1}}}");
	ck_assert_str_eq(wl.tasks[0].name, "b");
	ck_assert_str_eq(wl.tasks[1].name, "a");
	ck_assert_str_eq(wl.tasks[2].name, "c");
}
END_TEST

START_TEST(cpus_become_a_sorted_list_with_ranges)
{
	parse("{\"tasks\": {\"t\": {\"cpus\": [3, 0, 2, 5, 4], "
	      "\"run\": 1}}}");
	ck_assert_str_eq(wl.tasks[0].cpus, "0,2-5");
}
END_TEST

START_TEST(phase_priority_without_policy_keeps_the_policy)
{
	parse("{\"tasks\": {\"t\": {\"policy\": \"SCHED_RR\", \"priority\": "
	      "30, \"phases\": {\"p0\": {\"priority\": 40, \"run\": 1}, "
	      "\"p1\": {\"policy\": \"SCHED_FIFO\", \"run\": 1}, "
	      "\"p2\": {\"run\": 1}}}}}");
	ck_assert_int_eq(wl.tasks[0].policy, SIM_SCHED_RR);
	ck_assert_int_eq(wl.tasks[0].priority, 30);
	ck_assert_int_eq(wl.tasks[0].phases[0].policy, -1);
	ck_assert_int_eq(wl.tasks[0].phases[0].priority, 40);
	ck_assert_int_eq(wl.tasks[0].phases[1].policy, SIM_SCHED_FIFO);
	ck_assert_int_eq(wl.tasks[0].phases[1].priority, 10);
	ck_assert_int_eq(wl.tasks[0].phases[2].policy, -1);
	ck_assert_int_eq(wl.tasks[0].phases[2].priority, WL_PRIO_UNCHANGED);
}
END_TEST

START_TEST(timers_are_shared_by_ref)
{
	parse("{\"tasks\": {"
	      "\"a\": {\"run\": 1, \"timer\": {\"ref\": \"x\", \"period\": 5,"
	      " \"mode\": \"absolute\"}},"
	      "\"b\": {\"run\": 1, \"timer\": {\"ref\": \"y\", \"period\": 6}},"
	      "\"c\": {\"run\": 1, \"timer\": {\"ref\": \"x\", \"period\": 7}},"
	      "\"d\": {\"run\": 1, \"timer\": {\"ref\": \"unique1\", "
	      "\"period\": 8}}}}");
	ck_assert_int_eq(wl.nr_timers, 3);
	ck_assert_int_eq(wl.tasks[0].phases[0].events[1].res, 0);
	ck_assert_int_eq(wl.tasks[1].phases[0].events[1].res, 1);
	ck_assert_int_eq(wl.tasks[2].phases[0].events[1].res, 0);
	ck_assert_uint_eq(wl.tasks[2].phases[0].events[1].ns, US(7));
	ck_assert_int_eq(wl.timers[0].absolute, 1);
	ck_assert_int_eq(wl.timers[1].absolute, 0);
	ck_assert_int_eq(wl.timers[2].unique, 1);
	ck_assert_int_eq(wl.tasks[0].periodic, 1);
}
END_TEST

START_TEST(mutexes_are_numbered_by_first_use_after_resources)
{
	parse("{\"resources\": {\"r\": {\"type\": \"mutex\"}, "
	      "\"w\": {\"type\": \"wait\"}},"
	      " \"tasks\": {\"t\": {\"lock\": \"m\", \"lock2\": \"r\", "
	      "\"run\": 1, \"unlock\": \"r\", \"unlock2\": \"m\"}}}");
	ck_assert_int_eq(wl.nr_mutexes, 2);
	ck_assert_str_eq(wl.mutexes[0], "r");
	ck_assert_str_eq(wl.mutexes[1], "m");
	ck_assert_int_eq(wl.tasks[0].phases[0].events[0].res, 1);
	ck_assert_int_eq(wl.tasks[0].phases[0].events[1].res, 0);
}
END_TEST

START_TEST(barrier_users_are_the_instances_of_the_tasks_naming_it)
{
	parse("{\"tasks\": {"
	      "\"a\": {\"instance\": 2, \"loop\": 1, \"barrier\": \"b\", "
	      "\"run\": 1, \"barrier2\": \"b\"},"
	      "\"c\": {\"instance\": 3, \"loop\": 1, \"barrier\": \"b\"},"
	      "\"d\": {\"loop\": 1, \"barrier\": \"e\"}}}");
	ck_assert_int_eq(wl.nr_barriers, 2);
	/* a twice counts once: 2 + 3 */
	ck_assert_int_eq(wl.barriers[0].users, 5);
	ck_assert_int_eq(wl.barriers[1].users, 1);
}
END_TEST

START_TEST(suspend_and_resume_use_the_condition_and_mutex_of_the_name)
{
	parse("{\"resources\": {\"q\": {\"type\": \"wait\"}}, "
	      "\"tasks\": {\"t\": {\"loop\": 1, \"suspend\": \"t\"},"
	      "\"u\": {\"loop\": 1, \"resume\": \"t\"}}}");
	ck_assert_int_eq(wl.nr_conds, 2);
	ck_assert_str_eq(wl.conds[0], "q");
	ck_assert_str_eq(wl.conds[1], "t");
	ck_assert_str_eq(wl.mutexes[0], "t");
	ck_assert_int_eq(wl.tasks[0].phases[0].events[0].type, WL_SUSPEND);
	ck_assert_int_eq(wl.tasks[0].phases[0].events[0].res, 1);
	ck_assert_int_eq(wl.tasks[0].phases[0].events[0].dep, 0);
	ck_assert_int_eq(wl.tasks[1].phases[0].events[0].type, WL_RESUME);
}
END_TEST

START_TEST(pi_enabled_is_read_and_off_by_default)
{
	parse("{\"tasks\": {\"t\": {\"run\": 1}}}");
	ck_assert_int_eq(wl.pi_enabled, 0);
	workload_free(&wl);
	parse("{\"global\": {\"pi_enabled\": true}, "
	      "\"tasks\": {\"t\": {\"run\": 1}}}");
	ck_assert_int_eq(wl.pi_enabled, 1);
}
END_TEST

START_TEST(fork_names_a_task_further_down)
{
	parse("{\"tasks\": {\"p\": {\"loop\": 1, \"fork\": \"c\"}, "
	      "\"c\": {\"instance\": 0, \"loop\": 1, \"run\": 1}}}");
	ck_assert_int_eq(wl.tasks[0].phases[0].events[0].type, WL_FORK);
	ck_assert_int_eq(wl.tasks[0].phases[0].events[0].res, 1);
	ck_assert_int_eq(wl.tasks[1].instances, 0);
}
END_TEST

/*
 * Parse @file (or @text, when not NULL) with @flags, its warnings into
 * @out; returns the warning lines.
 */
static int warnings_in(const char *file, const char *text, int flags,
		       char *out, size_t len)
{
	char err[ERR_LEN];
	FILE *f = tmpfile();
	size_t n;
	int lines = 0;
	char *s;

	ck_assert_ptr_nonnull(f);
	ck_assert_msg(workload_parse_flags(file, text, 0, flags, &wl, f, err,
					   sizeof(err)) == 0,
		      "refused: %s", err);
	rewind(f);
	n = fread(out, 1, len - 1, f);
	out[n] = '\0';
	fclose(f);
	for (s = out; (s = strchr(s, '\n')); s++)
		lines++;
	return lines;
}

/* Parse a fixture with warnings into @out; returns the warning lines. */
static int warnings_of(const char *name, char *out, size_t len)
{
	char path[1024];
	const char *dir = getenv("srcdir");

	snprintf(path, sizeof(path), "%s/tests/unit/workloads/%s",
		 dir && *dir ? dir : ".", name);
	return warnings_in(path, NULL, 0, out, len);
}

START_TEST(unknown_keys_warn_one_line_each)
{
	char out[4096];

	ck_assert_int_eq(warnings_of("warn-unknown.json", out, sizeof(out)),
			 4);
	ck_assert_msg(strstr(out, "warn-unknown.json:20:13: tasks.t2.nice: "
			     "unknown key, ignored: rt-app does not read it "
			     "either\n") != NULL, "%s", out);
	ck_assert_msg(strstr(out, "schedsim: warning: ") == out, "%s", out);
	ck_assert_msg(strstr(out, "global.frequency") != NULL, "%s", out);
	ck_assert_msg(strstr(out, "tasks.t1.phases.p0.timer.color") != NULL,
		      "%s", out);
	/* every event is there: run, mem, timer; run, sleep */
	ck_assert_int_eq(wl.tasks[0].phases[0].nr_events, 3);
	ck_assert_int_eq(wl.tasks[1].phases[0].nr_events, 2);
}
END_TEST

START_TEST(rt_app_logging_keys_are_silent)
{
	char out[4096];

	ck_assert_int_eq(warnings_of("periodic.json", out, sizeof(out)), 0);
	ck_assert_uint_eq(wl.duration_ns, SEC(1));
	ck_assert_int_eq(wl.tasks[0].phases[0].loop, 100);
}
END_TEST

START_TEST(never_more_than_one_line_of_error)
{
	const char *e = refusal("{\"tasks\": {\"a\\nb\": {\"run\": -1}}}");

	ck_assert_ptr_null(strchr(e, '\n'));
	ck_assert_str_eq(e, "test.json:1:28: tasks.a?b.run: -1 is out of "
			 "range 0..2147483647");
}
END_TEST

START_TEST(error_position_counts_characters_not_bytes)
{
	ck_assert_str_eq(refusal("{\"tasks\": {\"\xc3\xa9t\xc3\xa9\": "
				 "{\"run\": \"x\"}}}"),
			 "test.json:1:27: tasks.\xc3\xa9t\xc3\xa9.run: "
			 "expected an integer number of microseconds, "
			 "0..2147483647");
}
END_TEST

START_TEST(escaped_keys_are_located)
{
	ck_assert_str_eq(refusal("{\"tasks\": {\"t\\u00e9\": {\"run\": 1},"
				 "\n \"t\\u00e9x\": {\"sleep\": 1.5}}}"),
			 "test.json:2:24: tasks.t\xc3\xa9x.sleep: expected an "
			 "integer number of microseconds, 0..2147483647");
}
END_TEST

/* ---- rt-app's reading: json-c, workgen's renaming ---------------------- */

START_TEST(comments_are_read_as_rt_app_reads_them)
{
	parse("/* a workload */\n{\"tasks\": {\"t\": {\n"
	      "  // one event\n  \"run\": 1000 /* us */}}}");
	ck_assert_int_eq(wl.tasks[0].phases[0].nr_events, 1);
	ck_assert_uint_eq(wl.tasks[0].phases[0].events[0].ns, US(1000));
}
END_TEST

START_TEST(trailing_commas_are_accepted)
{
	parse("{\"tasks\": {\"t\": {\"cpus\": [0,], \"run\": 1000,},},}");
	ck_assert_str_eq(wl.tasks[0].cpus, "0");
	ck_assert_uint_eq(wl.tasks[0].phases[0].events[0].ns, US(1000));
}
END_TEST

START_TEST(repeated_event_keys_run_in_file_order)
{
	static const int types[] = { WL_RUN, WL_SLEEP, WL_RUN, WL_SLEEP,
				     WL_RUN };
	int i;

	parse("{\"tasks\": {\"t\": {\"run\": 1000, \"sleep\": 2000, "
	      "\"run\": 3000, \"sleep\": 4000, \"run\": 5000}}}");
	ck_assert_int_eq(wl.tasks[0].phases[0].nr_events, 5);
	for (i = 0; i < 5; i++) {
		ck_assert_int_eq(wl.tasks[0].phases[0].events[i].type,
				 types[i]);
		ck_assert_uint_eq(wl.tasks[0].phases[0].events[i].ns,
				  US(1000 * (i + 1)));
	}
}
END_TEST

/* workgen's name for a third "run" when "run1" is taken is "run2". */
START_TEST(repeated_keys_are_renamed_as_workgen_renames_them)
{
	ck_assert_str_eq(refusal("{\"tasks\": {\"t\": {\"run\": 1, "
				 "\"run1\": 2,\n \"run\": -3}}}"),
			 "test.json:2:9: tasks.t.run2: -3 is out of range "
			 "0..2147483647");
}
END_TEST

/* The digits a renaming adds do not shift the positions after it. */
START_TEST(positions_after_a_renamed_key_are_the_files)
{
	ck_assert_str_eq(refusal("{\"tasks\": {\"t\": {\"run\": 1, "
				 "\"run\": 2, \"sleep\": \"x\"}}}"),
			 "test.json:1:47: tasks.t.sleep: expected an "
			 "integer number of microseconds, 0..2147483647");
}
END_TEST

START_TEST(syntax_error_is_located_past_comments)
{
	ck_assert_str_eq(refusal("// w\n/* x\n */ {\"tasks\": {\"t\": "
				 "{\"run\": 1 \"sleep\": 2}}}"),
			 "test.json:3:31: JSON syntax error: object value "
			 "separator ',' expected");
}
END_TEST

START_TEST(unknown_key_warns_at_its_position_with_its_effect)
{
	char out[1024];

	ck_assert_int_eq(warnings_in("w.json", "{\"tasks\": {\"t\": "
				     "{\"phases\": {\"p1\": {\n"
				     "  \"run\": 1, \"foo\": 2}}}}}", 0, out,
				     sizeof(out)), 1);
	ck_assert_str_eq(out, "schedsim: warning: w.json:2:13: "
			 "tasks.t.phases.p1.foo: unknown key, ignored: "
			 "rt-app does not read it either\n");
}
END_TEST

START_TEST(text_after_the_workload_is_ignored_with_a_warning)
{
	char out[1024];

	ck_assert_int_eq(warnings_in("w.json", "{\"tasks\": {\"t\": "
				     "{\"run\": 1}}}\n x", 0, out,
				     sizeof(out)), 1);
	ck_assert_str_eq(out, "schedsim: warning: w.json:2:2: text after "
			 "the workload, ignored (rt-app ignores it too)\n");
	ck_assert_int_eq(wl.nr_tasks, 1);
}
END_TEST

#define ALL_UNSUPPORTED							\
	"{\"tasks\": {\"t\": {\"policy\": \"SCHED_DEADLINE\", "		\
	"\"dl-runtime\": 1000, \"util_min\": 1, \"taskgroup\": "	\
	"\"/a\", \"nodes_membind\": [0], \"phases\": {\"p\": "		\
	"{\"policy\": \"SCHED_IDLE\", \"run\": 1000}}}}}"

START_TEST(ignore_unsupported_lists_each_part_it_runs_without)
{
	static const char *const parts[] = {
		"1:28: tasks.t.policy: SCHED_DEADLINE (Linux 3.14)",
		"1:149: tasks.t.phases.p.policy: SCHED_IDLE (Linux 2.6.23)",
		"1:46: tasks.t.dl-runtime: SCHED_DEADLINE's runtime",
		"1:66: tasks.t.util_min: uclamp (Linux 5.3)",
		"1:81: tasks.t.taskgroup: task groups (cgroups",
		"1:100: tasks.t.nodes_membind: NUMA memory binding",
	};
	char out[4096], want[256];
	int i;

	ck_assert_int_eq(warnings_in("test.json", ALL_UNSUPPORTED,
				     WL_PARSE_IGNORE_UNSUPPORTED, out,
				     sizeof(out)), 6);
	ck_assert_int_eq(wl.nr_ignored, 6);
	for (i = 0; i < 6; i++) {
		snprintf(want, sizeof(want), "test.json:%s", parts[i]);
		ck_assert_msg(!strncmp(wl.ignored[i], want, strlen(want)),
			      "%s", wl.ignored[i]);
		ck_assert_msg(strstr(wl.ignored[i], ": not on the simulated "
				     "2.6.10 machine, ignored: "), "%s",
			      wl.ignored[i]);
		ck_assert_msg(strstr(out, wl.ignored[i]), "%s", out);
	}
	/* the task runs with the default policy, the phase keeps it */
	ck_assert_int_eq(wl.tasks[0].policy, SIM_SCHED_NORMAL);
	ck_assert_int_eq(wl.tasks[0].priority, 0);
	ck_assert_int_eq(wl.tasks[0].phases[0].policy, -1);
}
END_TEST

START_TEST(without_the_option_the_first_unsupported_part_is_refused)
{
	ck_assert_str_eq(refusal(ALL_UNSUPPORTED),
			 "test.json:1:28: tasks.t.policy: SCHED_DEADLINE "
			 "(Linux 3.14): not on the simulated 2.6.10 machine; "
			 "--ignore-unsupported runs without it");
	ck_assert_int_eq(wl.nr_ignored, 0);
}
END_TEST

/* ---- the refused fixtures ------------------------------------------------ */

static const char *const bad_files[] = {
	"bad-cpus-empty", "bad-cpus-range", "bad-deadline-policy",
	"bad-delay-real", "bad-dl-runtime", "bad-double-lock",
	"bad-duration", "bad-empty", "bad-empty-tasks",
	"bad-forever-no-time", "bad-fork-unknown", "bad-global-type",
	"bad-idle-policy", "bad-instance-negative", "bad-iorun-negative",
	"bad-lock-held-at-end", "bad-lock-phase-loop", "bad-loop-range",
	"bad-membind", "bad-nice-range",
	"bad-no-tasks", "bad-not-object", "bad-nothing-starts",
	"bad-phase-loop-zero", "bad-phase-no-event",
	"bad-phase-priority-later", "bad-phases-type", "bad-pi-enabled",
	"bad-policy", "bad-priority-range", "bad-run-negative",
	"bad-run-type", "bad-signal-type", "bad-suspend-held",
	"bad-syntax", "bad-task-type", "bad-taskgroup", "bad-timer-mode",
	"bad-timer-no-period", "bad-timer-period-zero",
	"bad-too-many-mutexes", "bad-uclamp", "bad-unlock-not-held",
	"bad-wait-not-held",
};

#define NR_BAD	((int)(sizeof(bad_files) / sizeof(bad_files[0])))

static const char *srcdir(void)
{
	const char *d = getenv("srcdir");

	return d && *d ? d : ".";
}

START_TEST(bad_file_is_refused_at_its_position)
{
	char path[1024], side[1024], want[ERR_LEN], err[ERR_LEN];
	char expected[1024 + ERR_LEN + 16];
	FILE *f;

	snprintf(path, sizeof(path), "%s/tests/unit/workloads/%s.json",
		 srcdir(), bad_files[_i]);
	snprintf(side, sizeof(side), "%s/tests/unit/workloads/%s.err",
		 srcdir(), bad_files[_i]);
	f = fopen(side, "r");
	ck_assert_msg(f != NULL, "no %s", side);
	ck_assert_ptr_nonnull(fgets(want, sizeof(want), f));
	fclose(f);
	want[strcspn(want, "\n")] = '\0';
	snprintf(expected, sizeof(expected), "%s:%s", path, want);
	ck_assert_int_eq(workload_parse(path, NULL, 0, &wl, NULL, err,
					sizeof(err)), -1);
	ck_assert_str_eq(err, expected);
}
END_TEST

START_TEST(every_bad_fixture_is_listed)
{
	char dir[1024], name[256];
	struct dirent *e;
	int i, found, listed = 0;
	DIR *d;

	snprintf(dir, sizeof(dir), "%s/tests/unit/workloads", srcdir());
	d = opendir(dir);
	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d))) {
		if (strncmp(e->d_name, "bad-", 4) ||
		    !strstr(e->d_name, ".json"))
			continue;
		snprintf(name, sizeof(name), "%s", e->d_name);
		*strstr(name, ".json") = '\0';
		for (found = i = 0; i < NR_BAD; i++)
			found |= !strcmp(name, bad_files[i]);
		ck_assert_msg(found, "%s is not in bad_files[]", e->d_name);
		listed++;
	}
	closedir(d);
	ck_assert_int_eq(listed, NR_BAD);
}
END_TEST

START_TEST(missing_file_is_one_line)
{
	char err[ERR_LEN];

	ck_assert_int_eq(workload_parse("/nonexistent/w.json", NULL, 0, &wl,
					NULL, err, sizeof(err)), -1);
	ck_assert_str_eq(err, "/nonexistent/w.json: cannot open: No such "
			 "file or directory");
}
END_TEST

/* ---- events on the machine ----------------------------------------------- */

#define PERIODIC(run_us, period_us) \
	"{\"tasks\": {\"p\": {\"run\": " #run_us ", \"timer\": {\"ref\": " \
	"\"t\", \"period\": " #period_us "}}}}"

START_TEST(periodic_task_alone_gets_its_share_and_meets_every_period)
{
	struct sim_task_info ti;

	start(1, PERIODIC(3000, 10000));
	run_until(SEC(1));
	ti = inst_info(0);
	ck_assert_uint_eq(ti.runtime_ns, MS(300));
	ck_assert_uint_eq(run.inst[0].periods, 100);
	ck_assert_uint_eq(run.inst[0].missed, 0);
	ck_assert_uint_eq(run.inst[0].loops, 100);
	ck_assert_str_eq(run.inst[0].name, "p-0");
	ck_assert_str_eq(ti.name, "p-0");
}
END_TEST

START_TEST(overloaded_periodic_task_misses_periods)
{
	start(1, PERIODIC(15000, 10000));
	run_until(SEC(1));
	/* 15 ms of work per 10 ms: every timer event is late */
	ck_assert_uint_eq(inst_info(0).runtime_ns, SEC(1));
	ck_assert_uint_eq(run.inst[0].periods, 66);
	ck_assert_uint_eq(run.inst[0].missed, 66);
}
END_TEST

START_TEST(periodic_task_misses_periods_under_a_fifo_hog)
{
	start(1, "{\"tasks\": {"
	      "\"p\": {\"run\": 3000, \"timer\": {\"ref\": \"t\", "
	      "\"period\": 10000}},"
	      "\"hog\": {\"policy\": \"SCHED_FIFO\", \"delay\": 100000, "
	      "\"loop\": 1, \"run\": 50000}}}");
	run_until(SEC(1));
	/*
	 * Stalled from 100 to 150 ms: its next timer event comes at 153 ms
	 * instead of 103, past the 110 ms deadline; the relative timer
	 * restarts from there and its events come at 156, 166, ... 996
	 * ms: 10 before, the late one, 85 after.
	 */
	ck_assert_uint_eq(run.inst[0].missed, 1);
	ck_assert_uint_eq(run.inst[0].periods, 96);
	ck_assert_uint_eq(run.inst[1].exited, 1);
}
END_TEST

/* One late pass, then ten that fit: the modes differ in what follows. */
#define LATE_THEN_ON_TIME(mode) \
	"{\"tasks\": {\"t\": {\"loop\": 1, \"phases\": {" \
	"\"late\": {\"run\": 25000, \"timer\": {\"ref\": \"t\", " \
	"\"period\": 10000, \"mode\": \"" mode "\"}}," \
	"\"fit\": {\"loop\": 10, \"run\": 2000, \"timer\": {\"ref\": \"t\"," \
	" \"period\": 10000}}}}}}"

START_TEST(absolute_timer_catches_up_relative_timer_restarts)
{
	unsigned long long rel_end, abs_end;

	start(1, LATE_THEN_ON_TIME("relative"));
	while (!workload_done(&run))
		run_until(sim_now() + US(100));
	rel_end = sim_now();
	ck_assert_uint_eq(run.inst[0].periods, 11);
	ck_assert_uint_eq(run.inst[0].missed, 1);
	teardown();

	start(1, LATE_THEN_ON_TIME("absolute"));
	while (!workload_done(&run))
		run_until(sim_now() + US(100));
	abs_end = sim_now();
	ck_assert_uint_eq(run.inst[0].periods, 11);
	/* deadline 20 ms is missed too (25 + 2 ms) */
	ck_assert_uint_eq(run.inst[0].missed, 2);
	/* relative: 25 ms + 10 x 10 ms; absolute: its last deadline */
	ck_assert_uint_eq(rel_end, MS(125));
	ck_assert_uint_eq(abs_end, MS(110));
}
END_TEST

START_TEST(a_shared_timer_ref_splits_its_periods)
{
	start(1, "{\"global\": {}, \"tasks\": {"
	      "\"a\": {\"run\": 1000, \"timer\": {\"ref\": \"s\", "
	      "\"period\": 10000}},"
	      "\"b\": {\"run\": 1000, \"timer\": {\"ref\": \"s\", "
	      "\"period\": 10000}}}}");
	run_until(SEC(1));
	/*
	 * One deadline every 10 ms, taken in turn: a and b both reach the
	 * timer at 1 and 2 ms, then one of them at 11, 21, ... 991 ms
	 * (two timers of their own: 200 events).
	 */
	ck_assert_uint_eq(run.inst[0].periods + run.inst[1].periods, 101);
	ck_assert_uint_eq(inst_info(0).runtime_ns + inst_info(1).runtime_ns,
			  MS(101));
}
END_TEST

START_TEST(unique_timers_are_per_instance)
{
	start(1, "{\"tasks\": {\"a\": {\"instance\": 2, \"run\": 1000, "
	      "\"timer\": {\"ref\": \"unique\", \"period\": 10000}}}}");
	run_until(SEC(1));
	ck_assert_uint_eq(run.inst[0].periods, 100);
	ck_assert_uint_eq(run.inst[1].periods, 100);
	ck_assert_uint_eq(run.inst[1].missed, 0);
}
END_TEST

START_TEST(sleep_event_sleeps)
{
	start(1, "{\"tasks\": {\"s\": {\"run\": 1000, \"sleep\": 9000}}}");
	run_until(SEC(1));
	ck_assert_uint_eq(run.inst[0].loops, 100);
	ck_assert_uint_eq(inst_info(0).runtime_ns, MS(100));
}
END_TEST

START_TEST(runtime_counts_wall_time_run_counts_cpu_time)
{
	const char *fmt = "{\"tasks\": {"
		"\"a\": {\"policy\": \"SCHED_FIFO\", \"loop\": 1, "
		"\"%s\": 20000},"
		"\"b\": {\"policy\": \"SCHED_FIFO\", \"priority\": 90, "
		"\"delay\": 5000, \"loop\": 1, \"run\": 10000}}}";
	char text[512];

	snprintf(text, sizeof(text), fmt, "runtime");
	start(1, text);
	run_until(MS(40));
	/* preempted 5..15 ms: 20 ms of wall time hold 10 ms of CPU */
	ck_assert_uint_le(inst_info(0).runtime_ns, MS(10) + US(32));
	ck_assert_uint_ge(inst_info(0).runtime_ns, MS(10));
	teardown();

	snprintf(text, sizeof(text), fmt, "run");
	start(1, text);
	run_until(MS(40));
	ck_assert_uint_eq(inst_info(0).runtime_ns, MS(20));
}
END_TEST

START_TEST(yield_lets_an_equal_fifo_task_run)
{
	start(1, "{\"global\": {\"default_policy\": \"SCHED_FIFO\"}, "
	      "\"tasks\": {"
	      "\"a\": {\"loop\": 1, \"run\": 10000, \"yield\": 0, "
	      "\"run2\": 10000},"
	      "\"b\": {\"loop\": 1, \"run\": 10000}}}");
	run_until(MS(21));
	ck_assert_int_eq(run.inst[1].exited, 1);
	ck_assert_int_eq(run.inst[0].exited, 0);
	run_until(MS(31));
	ck_assert_int_eq(run.inst[0].exited, 1);
}
END_TEST

START_TEST(lock_serialises_and_leaves_the_mutex_free)
{
	start(2, "{\"global\": {\"pi_enabled\": true}, "
	      "\"tasks\": {\"t\": {\"instance\": 2, \"loop\": 1, "
	      "\"lock\": \"m\", \"run\": 10000, \"unlock\": \"m\"}}}");
	run_until(MS(15));
	/* one holds it and runs, the other waits */
	ck_assert_int_ne(sim_mutex_owner(0, NULL), 0);
	ck_assert_uint_eq(inst_info(0).runtime_ns + inst_info(1).runtime_ns,
			  MS(15));
	run_until(MS(25));
	ck_assert_int_eq(workload_done(&run), 1);
	ck_assert_int_eq(sim_mutex_owner(0, NULL), 0);
}
END_TEST

START_TEST(lock_without_pi_enabled_serialises_without_an_rt_mutex)
{
	start(2, "{\"tasks\": {\"t\": {\"instance\": 2, \"loop\": 1, "
	      "\"lock\": \"m\", \"run\": 10000, \"unlock\": \"m\"}}}");
	run_until(MS(15));
	/* one runs 0..10 ms then the other 10..20 ms: 15 ms of CPU */
	ck_assert_int_eq(sim_mutex_owner(0, NULL), 0);
	ck_assert_uint_eq(inst_info(0).runtime_ns + inst_info(1).runtime_ns,
			  MS(15));
	run_until(MS(21));
	ck_assert_int_eq(workload_done(&run), 1);
}
END_TEST

/*
 * One CPU.  low (FIFO 10) locks m at 0 and needs 10 ms of CPU with it;
 * high (FIFO 90) wants m at 2 ms; mid (FIFO 50), a 20 ms hog, wakes at
 * 3 ms.  With pi_enabled low runs at high's priority from 2 ms, mid
 * cannot preempt it, high gets m at 10 ms and exits at 11 ms.  Without,
 * mid runs 3..23 ms, low finishes at 30 ms and high exits at 31 ms.
 */
static const char *const pi_workload =
	"{\"global\": {\"pi_enabled\": %s, "
	"\"default_policy\": \"SCHED_FIFO\"}, \"tasks\": {"
	"\"low\": {\"priority\": 10, \"loop\": 1, \"lock\": \"m\", "
	"\"run\": 10000, \"unlock\": \"m\"},"
	"\"high\": {\"priority\": 90, \"delay\": 2000, \"loop\": 1, "
	"\"lock\": \"m\", \"run\": 1000, \"unlock\": \"m\"},"
	"\"mid\": {\"priority\": 50, \"delay\": 3000, \"loop\": 1, "
	"\"run\": 20000}}}";

START_TEST(pi_enabled_boosts_the_holder_of_a_lock)
{
	char text[1024];

	snprintf(text, sizeof(text), pi_workload, "true");
	start(1, text);
	run_until(MS(5));
	ck_assert_int_eq(inst_info(0).prio, inst_info(1).prio);
	ck_assert_uint_eq(inst_info(2).runtime_ns, 0);
	run_until(MS(11) + US(100));
	ck_assert_int_eq(run.inst[1].exited, 1);
}
END_TEST

START_TEST(without_pi_enabled_the_holder_is_not_boosted)
{
	char text[1024];

	snprintf(text, sizeof(text), pi_workload, "false");
	start(1, text);
	run_until(MS(5));
	ck_assert_int_eq(inst_info(0).prio, 99 - 10);
	ck_assert_uint_eq(inst_info(2).runtime_ns, MS(2));
	run_until(MS(30) + US(100));
	ck_assert_int_eq(run.inst[1].exited, 0);
	run_until(MS(31) + US(100));
	ck_assert_int_eq(run.inst[1].exited, 1);
}
END_TEST

/*
 * Three waiters lock m, wait on c and, woken, run 1 ms and exit; the
 * waker comes at 5 ms and signals (or broadcasts) c once.
 */
static const char *const cond_workload =
	"{\"tasks\": {"
	"\"w\": {\"instance\": 3, \"loop\": 1, \"lock\": \"m\", "
	"\"wait\": {\"ref\": \"c\", \"mutex\": \"m\"}, "
	"\"unlock\": \"m\", \"run\": 1000},"
	"\"waker\": {\"delay\": 5000, \"loop\": 1, \"lock\": \"m\", "
	"\"%s\": \"c\", \"unlock\": \"m\"}}}";

static int waiters_exited(void)
{
	return run.inst[0].exited + run.inst[1].exited + run.inst[2].exited;
}

START_TEST(signal_wakes_exactly_one_waiter)
{
	char text[1024];

	snprintf(text, sizeof(text), cond_workload, "signal");
	start(1, text);
	run_until(MS(4));
	ck_assert_int_eq(waiters_exited(), 0);
	ck_assert_int_eq(inst_info(0).state, 'S');
	run_until(MS(20));
	ck_assert_int_eq(waiters_exited(), 1);
	ck_assert_int_eq(run.inst[3].exited, 1);
}
END_TEST

START_TEST(broad_wakes_every_waiter)
{
	char text[1024];

	snprintf(text, sizeof(text), cond_workload, "broad");
	start(1, text);
	run_until(MS(4));
	ck_assert_int_eq(waiters_exited(), 0);
	/* woken at 5 ms, each runs 1 ms in turn */
	run_until(MS(8) + US(100));
	ck_assert_int_eq(waiters_exited(), 3);
}
END_TEST

START_TEST(sync_wakes_the_waiter_and_waits_in_its_place)
{
	start(1, "{\"tasks\": {"
	      "\"a\": {\"loop\": 1, \"lock\": \"m\", "
	      "\"sync\": {\"ref\": \"c\", \"mutex\": \"m\"}, "
	      "\"unlock\": \"m\", \"run\": 1000},"
	      "\"b\": {\"delay\": 5000, \"loop\": 1, \"lock\": \"m\", "
	      "\"sync\": {\"ref\": \"c\", \"mutex\": \"m\"}, "
	      "\"unlock\": \"m\", \"run\": 1000}}}");
	run_until(MS(4));
	ck_assert_int_eq(run.inst[0].exited, 0);
	run_until(MS(20));
	/* a woke at 5 ms and exited; b waits for a sync that never comes */
	ck_assert_int_eq(run.inst[0].exited, 1);
	ck_assert_uint_eq(inst_info(0).runtime_ns, MS(1));
	ck_assert_int_eq(run.inst[1].exited, 0);
	ck_assert_uint_eq(inst_info(1).runtime_ns, 0);
}
END_TEST

START_TEST(suspend_holds_until_resume)
{
	start(1, "{\"tasks\": {"
	      "\"s\": {\"loop\": 1, \"suspend\": \"s\", \"run\": 1000},"
	      "\"r\": {\"delay\": 10000, \"loop\": 1, "
	      "\"resume\": \"s\"}}}");
	run_until(MS(9));
	ck_assert_int_eq(run.inst[0].exited, 0);
	ck_assert_uint_eq(inst_info(0).runtime_ns, 0);
	run_until(MS(11) + US(100));
	ck_assert_int_eq(run.inst[0].exited, 1);
	ck_assert_uint_eq(inst_info(0).runtime_ns, MS(1));
}
END_TEST

/*
 * Three CPUs: a, b and c run 1, 5 and 9 ms, meet at the barrier, then
 * each runs 1 ms more: all exit at 10 ms.
 */
START_TEST(barrier_holds_its_tasks_until_the_last_arrives)
{
	start(3, "{\"tasks\": {"
	      "\"a\": {\"loop\": 1, \"run\": 1000, \"barrier\": \"b\", "
	      "\"run1\": 1000},"
	      "\"b\": {\"loop\": 1, \"run\": 5000, \"barrier\": \"b\", "
	      "\"run1\": 1000},"
	      "\"c\": {\"loop\": 1, \"run\": 9000, \"barrier\": \"b\", "
	      "\"run1\": 1000}}}");
	ck_assert_int_eq(wl.barriers[0].users, 3);
	run_until(MS(9) - US(100));
	ck_assert_uint_eq(inst_info(0).runtime_ns, MS(1));
	ck_assert_uint_eq(inst_info(1).runtime_ns, MS(5));
	ck_assert_int_eq(run.inst[0].exited + run.inst[1].exited, 0);
	run_until(MS(10) + US(100));
	ck_assert_int_eq(workload_done(&run), 1);
	ck_assert_uint_eq(inst_info(0).runtime_ns, MS(2));
}
END_TEST

/*
 * Two CPUs, 1 ms and 3 ms per pass: the passes end together at 3, 6
 * and 9 ms; fast waits 2 ms at each.
 */
START_TEST(barrier_is_met_again_on_each_pass)
{
	start(2, "{\"tasks\": {"
	      "\"fast\": {\"loop\": 3, \"run\": 1000, "
	      "\"barrier\": \"b\"},"
	      "\"slow\": {\"loop\": 3, \"run\": 3000, "
	      "\"barrier\": \"b\"}}}");
	run_until(MS(6) - US(100));
	ck_assert_uint_eq(run.inst[0].loops, 1);
	ck_assert_uint_eq(inst_info(0).runtime_ns, MS(2));
	ck_assert_int_eq(inst_info(0).state, 'S');
	run_until(MS(9) + US(100));
	ck_assert_int_eq(workload_done(&run), 1);
}
END_TEST

/* 1000000 bytes at 100 MB/s: 10 ms of I/O wait, not of CPU. */
START_TEST(iorun_waits_for_io_without_using_the_cpu)
{
	struct sim_cpu_info ci;

	start(1, "{\"tasks\": {\"io\": {\"loop\": 1, "
	      "\"iorun\": 1000000, \"run\": 1000}}}");
	run_until(MS(5));
	ck_assert_int_eq(inst_info(0).state, 'D');
	ck_assert_uint_eq(inst_info(0).runtime_ns, 0);
	ck_assert_int_eq(sim_cpu_info(0, &ci), 0);
	ck_assert_uint_gt(ci.iowait, 0);
	run_until(MS(11) + US(100));
	ck_assert_int_eq(run.inst[0].exited, 1);
	ck_assert_uint_eq(inst_info(0).runtime_ns, MS(1));
}
END_TEST

/* 4000000 bytes at 4 bytes per ns: 1 ms of CPU. */
START_TEST(mem_uses_the_cpu_by_its_size)
{
	start(1, "{\"tasks\": {\"m\": {\"loop\": 1, "
	      "\"mem\": 4000000}}}");
	run_until(MS(5));
	ck_assert_int_eq(run.inst[0].exited, 1);
	ck_assert_uint_eq(inst_info(0).runtime_ns, MS(1));
}
END_TEST

START_TEST(fork_creates_instances_that_exit)
{
	start(1, "{\"tasks\": {"
	      "\"parent\": {\"loop\": 3, \"fork\": \"child\", "
	      "\"sleep\": 10000},"
	      "\"child\": {\"instance\": 0, \"loop\": 1, \"run\": 1000}}}");
	run_until(MS(100));
	ck_assert_int_eq(run.nr_inst, 4);
	ck_assert_str_eq(run.inst[1].name, "child-1-0000");
	ck_assert_str_eq(run.inst[3].name, "child-3-0002");
	ck_assert_int_eq(run.inst[3].task, 1);
	ck_assert_int_eq(run.inst[3].index, 2);
	ck_assert_int_eq(run.inst[3].forked, 1);
	ck_assert_int_gt(run.inst[3].pid, 0);
	ck_assert_uint_eq(inst_info(3).runtime_ns, MS(1));
	ck_assert_int_eq(inst_info(3).state, 'Z');
	ck_assert_int_eq(workload_done(&run), 1);
}
END_TEST

START_TEST(forked_child_takes_its_tasks_policy)
{
	start(1, "{\"tasks\": {"
	      "\"parent\": {\"loop\": 1, \"fork\": \"child\", "
	      "\"sleep\": 50000},"
	      "\"child\": {\"instance\": 0, \"policy\": \"SCHED_FIFO\", "
	      "\"priority\": 33, \"loop\": 1, \"run\": 20000}}}");
	run_until(MS(10));
	ck_assert_int_eq(inst_info(1).policy, SIM_SCHED_FIFO);
	ck_assert_int_eq(inst_info(1).rt_priority, 33);
	ck_assert_int_eq(inst_info(0).policy, SIM_SCHED_NORMAL);
}
END_TEST

START_TEST(fork_before_any_time_passes_still_sets_the_childs_policy)
{
	/* the child's memory is a copy made before the table existed */
	start(1, "{\"tasks\": {"
	      "\"parent\": {\"loop\": 1, \"fork\": \"child\", "
	      "\"sleep\": 50000},"
	      "\"child\": {\"instance\": 0, \"policy\": \"SCHED_RR\", "
	      "\"priority\": 12, \"loop\": 1, \"run\": 20000}}}");
	run_until(MS(10));
	ck_assert_int_eq(inst_info(1).policy, SIM_SCHED_RR);
	ck_assert_int_eq(inst_info(1).rt_priority, 12);
	ck_assert_uint_eq(inst_info(1).runtime_ns, MS(10));
}
END_TEST

START_TEST(delay_postpones_the_first_run)
{
	start(1, "{\"tasks\": {\"d\": {\"delay\": 50000, \"loop\": 1, "
	      "\"run\": 1000}}}");
	run_until(MS(40));
	ck_assert_uint_eq(inst_info(0).runtime_ns, 0);
	run_until(MS(60));
	ck_assert_uint_eq(inst_info(0).runtime_ns, MS(1));
}
END_TEST

START_TEST(loops_are_counted_and_the_task_exits)
{
	start(1, "{\"tasks\": {\"t\": {\"loop\": 5, \"run\": 1000, "
	      "\"sleep\": 1000}}}");
	run_until(MS(100));
	ck_assert_uint_eq(run.inst[0].loops, 5);
	ck_assert_int_eq(run.inst[0].exited, 1);
	ck_assert_int_eq(inst_info(0).state, 'Z');
	ck_assert_int_eq(workload_done(&run), 1);
}
END_TEST

START_TEST(instances_are_named_as_rt_app_names_them)
{
	start(1, "{\"tasks\": {\"a\": {\"instance\": 2, \"run\": 1000, "
	      "\"sleep\": 1000}, \"b\": {\"instance\": 0, \"run\": 1, "
	      "\"sleep\": 1}, \"c\": {\"run\": 1000, \"sleep\": 1000}}}");
	ck_assert_int_eq(run.nr_inst, 3);
	ck_assert_str_eq(run.inst[0].name, "a-0");
	ck_assert_str_eq(run.inst[1].name, "a-1");
	ck_assert_str_eq(run.inst[2].name, "c-2");
	ck_assert_int_eq(run.inst[1].index, 1);
	ck_assert_int_eq(run.inst[2].task, 2);
	ck_assert_str_eq(inst_info(2).name, "c-2");
}
END_TEST

START_TEST(policy_changes_per_phase)
{
	struct sim_task_info ti;

	start(1, "{\"tasks\": {\"t\": {\"phases\": {"
	      "\"p0\": {\"policy\": \"SCHED_FIFO\", \"priority\": 20, "
	      "\"run\": 10000},"
	      "\"p1\": {\"policy\": \"SCHED_OTHER\", \"priority\": 5, "
	      "\"run\": 10000},"
	      "\"p2\": {\"priority\": -3, \"run\": 10000},"
	      "\"p3\": {\"policy\": \"SCHED_RR\", \"run\": 10000}}}}}");
	run_until(MS(5));
	ti = inst_info(0);
	ck_assert_int_eq(ti.policy, SIM_SCHED_FIFO);
	ck_assert_int_eq(ti.rt_priority, 20);
	run_until(MS(15));
	ti = inst_info(0);
	ck_assert_int_eq(ti.policy, SIM_SCHED_NORMAL);
	ck_assert_int_eq(ti.nice, 5);
	run_until(MS(25));
	ck_assert_int_eq(inst_info(0).nice, -3);
	run_until(MS(35));
	ti = inst_info(0);
	ck_assert_int_eq(ti.policy, SIM_SCHED_RR);
	ck_assert_int_eq(ti.rt_priority, 10);
	/* the next pass starts over with p0 */
	run_until(MS(45));
	ck_assert_int_eq(inst_info(0).policy, SIM_SCHED_FIFO);
}
END_TEST

START_TEST(cpus_change_per_phase)
{
	start(2, "{\"tasks\": {\"t\": {\"cpus\": [1], \"phases\": {"
	      "\"p0\": {\"cpus\": [0], \"run\": 10000},"
	      "\"p1\": {\"run\": 10000}}}}}");
	run_until(MS(5));
	ck_assert_int_eq(inst_info(0).cpu, 0);
	/* a phase without cpus goes back to the task's */
	run_until(MS(15));
	ck_assert_int_eq(inst_info(0).cpu, 1);
	run_until(MS(25));
	ck_assert_int_eq(inst_info(0).cpu, 0);
}
END_TEST

START_TEST(zero_time_first_phase_still_changes_policy)
{
	/* the second phase's change comes before any time passes */
	start(1, "{\"tasks\": {\"t\": {\"loop\": 1, \"phases\": {"
	      "\"p0\": {\"yield\": 0},"
	      "\"p1\": {\"policy\": \"SCHED_FIFO\", \"priority\": 7, "
	      "\"run\": 10000}}}}}");
	run_until(MS(5));
	ck_assert_int_eq(inst_info(0).policy, SIM_SCHED_FIFO);
	ck_assert_int_eq(inst_info(0).rt_priority, 7);
}
END_TEST

START_TEST(cpus_beyond_the_machine_are_refused_at_start)
{
	char err[ERR_LEN];

	parse("{\"tasks\": {\"t\": {\"cpus\": [3], \"run\": 1}}}");
	t_boot(2, NULL);
	booted = 1;
	ck_assert_int_eq(workload_start(&wl, &run, err, sizeof(err)), -1);
	ck_assert_str_eq(err, "test.json: task t: CPU 3 is not on this "
			 "machine (2 CPUs)");
}
END_TEST

static Suite *workload_suite(void)
{
	Suite *s = suite_create("workload");
	TCase *tc;

	tc = tcase_create("parse");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, defaults_of_a_task_with_one_event);
	tcase_add_test(tc, rt_default_policy_gives_priority_ten);
	tcase_add_test(tc, duration_in_seconds_and_minus_one_for_none);
	tcase_add_test(tc, event_keys_match_by_prefix);
	tcase_add_test(tc, synchronisation_and_io_keys_match_by_prefix);
	tcase_add_test(tc, phases_and_events_keep_file_order);
	tcase_add_test(tc, tasks_keep_file_order);
	tcase_add_test(tc, cpus_become_a_sorted_list_with_ranges);
	tcase_add_test(tc, phase_priority_without_policy_keeps_the_policy);
	tcase_add_test(tc, timers_are_shared_by_ref);
	tcase_add_test(tc, mutexes_are_numbered_by_first_use_after_resources);
	tcase_add_test(tc, fork_names_a_task_further_down);
	tcase_add_test(tc,
		       barrier_users_are_the_instances_of_the_tasks_naming_it);
	tcase_add_test(tc,
		suspend_and_resume_use_the_condition_and_mutex_of_the_name);
	tcase_add_test(tc, pi_enabled_is_read_and_off_by_default);
	tcase_add_test(tc, unknown_keys_warn_one_line_each);
	tcase_add_test(tc, rt_app_logging_keys_are_silent);
	suite_add_tcase(s, tc);

	tc = tcase_create("rt-app");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, comments_are_read_as_rt_app_reads_them);
	tcase_add_test(tc, trailing_commas_are_accepted);
	tcase_add_test(tc, repeated_event_keys_run_in_file_order);
	tcase_add_test(tc, repeated_keys_are_renamed_as_workgen_renames_them);
	tcase_add_test(tc, positions_after_a_renamed_key_are_the_files);
	tcase_add_test(tc, syntax_error_is_located_past_comments);
	tcase_add_test(tc, unknown_key_warns_at_its_position_with_its_effect);
	tcase_add_test(tc, text_after_the_workload_is_ignored_with_a_warning);
	tcase_add_test(tc, ignore_unsupported_lists_each_part_it_runs_without);
	tcase_add_test(tc,
		without_the_option_the_first_unsupported_part_is_refused);
	suite_add_tcase(s, tc);

	tc = tcase_create("errors");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, never_more_than_one_line_of_error);
	tcase_add_test(tc, error_position_counts_characters_not_bytes);
	tcase_add_test(tc, escaped_keys_are_located);
	tcase_add_loop_test(tc, bad_file_is_refused_at_its_position, 0,
			    NR_BAD);
	tcase_add_test(tc, every_bad_fixture_is_listed);
	tcase_add_test(tc, missing_file_is_one_line);
	suite_add_tcase(s, tc);

	tc = tcase_create("run");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc,
		periodic_task_alone_gets_its_share_and_meets_every_period);
	tcase_add_test(tc, overloaded_periodic_task_misses_periods);
	tcase_add_test(tc, periodic_task_misses_periods_under_a_fifo_hog);
	tcase_add_test(tc, absolute_timer_catches_up_relative_timer_restarts);
	tcase_add_test(tc, a_shared_timer_ref_splits_its_periods);
	tcase_add_test(tc, unique_timers_are_per_instance);
	tcase_add_test(tc, sleep_event_sleeps);
	tcase_add_test(tc, runtime_counts_wall_time_run_counts_cpu_time);
	tcase_add_test(tc, yield_lets_an_equal_fifo_task_run);
	tcase_add_test(tc, lock_serialises_and_leaves_the_mutex_free);
	tcase_add_test(tc,
		       lock_without_pi_enabled_serialises_without_an_rt_mutex);
	tcase_add_test(tc, pi_enabled_boosts_the_holder_of_a_lock);
	tcase_add_test(tc, without_pi_enabled_the_holder_is_not_boosted);
	tcase_add_test(tc, signal_wakes_exactly_one_waiter);
	tcase_add_test(tc, broad_wakes_every_waiter);
	tcase_add_test(tc, sync_wakes_the_waiter_and_waits_in_its_place);
	tcase_add_test(tc, suspend_holds_until_resume);
	tcase_add_test(tc, barrier_holds_its_tasks_until_the_last_arrives);
	tcase_add_test(tc, barrier_is_met_again_on_each_pass);
	tcase_add_test(tc, iorun_waits_for_io_without_using_the_cpu);
	tcase_add_test(tc, mem_uses_the_cpu_by_its_size);
	tcase_add_test(tc, fork_creates_instances_that_exit);
	tcase_add_test(tc, forked_child_takes_its_tasks_policy);
	tcase_add_test(tc,
		fork_before_any_time_passes_still_sets_the_childs_policy);
	tcase_add_test(tc, delay_postpones_the_first_run);
	tcase_add_test(tc, loops_are_counted_and_the_task_exits);
	tcase_add_test(tc, instances_are_named_as_rt_app_names_them);
	tcase_add_test(tc, policy_changes_per_phase);
	tcase_add_test(tc, cpus_change_per_phase);
	tcase_add_test(tc, zero_time_first_phase_still_changes_policy);
	tcase_add_test(tc, cpus_beyond_the_machine_are_refused_at_start);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return t_run_suite(workload_suite());
}
