/*
 * tests/unit/check_rttest.c - every rt-tester script in tests/unit/rttest/
 * passes on every driver the build contains, run the way a user runs it:
 * `schedsim --cpusched=DRIVER --script=FILE.tst` must print "Pass" and
 * exit 0.  (tests/unit/rttest.sh adds the negative cases and several CPU
 * counts.)
 *
 * One test per driver; it runs the whole directory and names each
 * script that fails with what schedsim said.  Needs $srcdir and $builddir
 * (exported by `make check`; "." otherwise).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "testlib.h"

#define MAX_OUTPUT	4096

static const char *dir_of(const char *var)
{
	const char *d = getenv(var);

	return d && *d ? d : ".";
}

/* Run schedsim on @script with @driver; its stdout into @out. */
static int run_script(const char *driver, const char *script, char *out,
		      size_t len)
{
	char cmd[4096];
	size_t n;
	FILE *f;

	snprintf(cmd, sizeof(cmd),
		 "'%s/tools/schedsim' --cpusched=%s --script='%s' 2>&1",
		 dir_of("builddir"), driver, script);
	f = popen(cmd, "r");
	ck_assert_msg(f != NULL, "cannot run %s", cmd);
	n = fread(out, 1, len - 1, f);
	out[n] = '\0';
	return pclose(f);
}

static int is_script(const char *name)
{
	size_t n = strlen(name);

	return n > 4 && !strcmp(name + n - 4, ".tst");
}

START_TEST(rttest_scripts_pass_on_driver)
{
	const char *driver = sim_driver_name(_i);
	char path[2048], dir[1024], out[MAX_OUTPUT];
	struct dirent *e;
	int status, ran = 0, failed = 0;
	DIR *d;

	snprintf(dir, sizeof(dir), "%s/tests/unit/rttest", dir_of("srcdir"));
	d = opendir(dir);
	ck_assert_msg(d != NULL, "no directory %s", dir);
	while ((e = readdir(d))) {
		if (!is_script(e->d_name))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		status = run_script(driver, path, out, sizeof(out));
		ran++;
		if (status != 0 || strncmp(out, "Pass\n", 5)) {
			failed++;
			fprintf(stderr, "[%s] %s: exit %d: %s", driver,
				e->d_name, WEXITSTATUS(status), out);
		}
	}
	closedir(d);
	ck_assert_msg(ran >= 9, "[%s] only %d scripts found in %s", driver,
		      ran, dir);
	ck_assert_msg(!failed, "[%s] %d of %d scripts failed", driver, failed,
		      ran);
}
END_TEST

static Suite *rttest_suite(void)
{
	Suite *s = suite_create("rttest");
	TCase *tc = tcase_create("scripts");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, rttest_scripts_pass_on_driver, 0,
			    sim_nr_drivers());
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return t_run_suite(rttest_suite());
}
