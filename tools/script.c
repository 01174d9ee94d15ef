/*
 * tools/script.c - schedsim --script: Linux's rt-mutex tester scripts.
 *
 * Reads a .tst file of scripts/rt-tester and runs it against the
 * machine's rt-mutex tester (compat/rttest.c, sim_rttest_*()), printing
 * "Pass", "Test failed in line N" or "Syntax error in line N" as the
 * kernel's rt-tester.py does.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <plugsched/sim.h>

#include "grow.h"
#include "output.h"
#include "script.h"

#define NSEC_PER_SEC	1000000000ULL

/*
 * The format of the .tst files of Linux's scripts/rt-tester, one step a
 * line:
 *
 *	C|T|W: opcode: thread: argument
 *
 * C posts a command to tester thread 0..7, T tests the thread's state
 * now, W waits until the test holds (running the machine in steps of
 * SCRIPT_WAIT_STEP_NS, failing after SCRIPT_WAIT_NS).  Blank lines and
 * lines starting with '#' are skipped; the letter and the opcode are
 * case-insensitive, blanks around fields are ignored.  The whole file
 * is parsed before the machine boots, so a malformed script never runs.
 */
#define SCRIPT_WAIT_NS		(5 * NSEC_PER_SEC)	/* bound of a W */
#define SCRIPT_WAIT_STEP_NS	100000ULL		/* 100 us */
#define SCRIPT_MAX_LINE		512

enum step_kind { STEP_CMD = 'C', STEP_TEST = 'T', STEP_WAIT = 'W' };

struct step {
	int line;
	enum step_kind kind;
	char opcode[32];
	int thread;
	long arg;
	char text[SCRIPT_MAX_LINE];	/* the line, for messages */
};

/* Prints "Syntax error in line N" and a reason; returns exit status 2. */
static int __attribute__((format(printf, 3, 4)))
syntax_error(const char *file, int line, const char *fmt, ...)
{
	va_list args;

	printf("Syntax error in line %d\n", line);
	fprintf(stderr, "schedsim: %s:%d: ", file, line);
	va_start(args, fmt);
	vfprintf(stderr, fmt, args);
	va_end(args);
	fputc('\n', stderr);
	return 2;
}

/* Trim blanks at both ends of @s in place. */
static char *trim(char *s)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

static int parse_int(const char *s, long lo, long hi, long *v)
{
	char *end;

	errno = 0;
	*v = strtol(s, &end, 10);
	return !errno && end != s && !*end && *v >= lo && *v <= hi;
}

static void lower(char *s)
{
	for (; *s; s++)
		*s = tolower((unsigned char)*s);
}

/* Is @op a command whose argument is a lock number? */
static int lock_command(const char *op)
{
	static const char *const names[] = {
		"lock", "locknowait", "lockint", "lockintnowait",
		"lockcont", "unlock", "lockintdetect",
		/* ours: a semaphore or rw_semaphore, 0..7 */
		"down", "downint", "downtrylock", "up", "downread",
		"downwrite", "upread", "upwrite", "downgrade",
	};
	unsigned int i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(op, names[i]))
			return 1;
	return 0;
}

/* The argument of a command: 0, or the reason it is wrong. */
static const char *check_cmd_arg(const char *op, const char *arg, long *v)
{
	if (lock_command(op))
		return parse_int(arg, 0, SIM_RTTEST_LOCKS - 1, v) ? NULL :
			"the argument is not a lock (0..7)";
	if (!strcmp(op, "schedfifo"))
		return parse_int(arg, 1, 99, v) ? NULL :
			"the argument is not a SCHED_FIFO priority (1..99)";
	if (!strcmp(op, "schedother"))
		return parse_int(arg, -20, 19, v) ? NULL :
			"the argument is not a nice value (-20..19)";
	return parse_int(arg, LONG_MIN, LONG_MAX, v) ? NULL :
		"the argument is not an integer";
}

static const char *check_test_arg(const char *op, const char *arg, long *v)
{
	switch (sim_rttest_test_arg(op)) {
	case SIM_RTTEST_ARG_LOCK:
		return parse_int(arg, 0, SIM_RTTEST_LOCKS - 1, v) ? NULL :
			"the argument is not a lock (0..7)";
	case SIM_RTTEST_ARG_OPCODE:
		*v = sim_rttest_opcode(arg);
		if (*v >= 0)
			return NULL;
		/* fall through: a number then */
	case SIM_RTTEST_ARG_NUMBER:
	case SIM_RTTEST_ARG_IGNORED:
		return parse_int(arg, INT_MIN, INT_MAX, v) ? NULL :
			"the argument is not an integer";
	}
	return "unknown test";
}

/* parse_line - one non-blank, non-comment line into @st; 0 or 2. */
static int parse_line(const char *file, int nr, char *line, struct step *st)
{
	char *field[4], *p = line, *colon;
	const char *why;
	long v;
	int i;

	for (i = 0; i < 4; i++) {
		colon = strchr(p, ':');
		if (i < 3 && !colon)
			return syntax_error(file, nr, "expected 'C|T|W: "
					    "opcode: thread: argument'");
		if (i == 3 && colon)
			return syntax_error(file, nr, "more than four fields");
		if (colon)
			*colon = '\0';
		field[i] = trim(p);
		if (!*field[i])
			return syntax_error(file, nr, "field %d is empty",
					    i + 1);
		p = colon + 1;
	}
	lower(field[0]);
	lower(field[1]);
	if (strlen(field[0]) != 1 || !strchr("ctw", field[0][0]))
		return syntax_error(file, nr, "'%s' is not C, T or W",
				    field[0]);
	st->kind = toupper((unsigned char)field[0][0]);
	if (strlen(field[1]) >= sizeof(st->opcode))
		return syntax_error(file, nr, "unknown opcode '%s'", field[1]);
	strcpy(st->opcode, field[1]);
	if (!parse_int(field[2], 0, SIM_RTTEST_THREADS - 1, &v))
		return syntax_error(file, nr, "'%s' is not a thread (0..7)",
				    field[2]);
	st->thread = v;
	if (st->kind == STEP_CMD) {
		if (sim_rttest_opcode(st->opcode) <= 0)
			return syntax_error(file, nr, "unknown command '%s'",
					    st->opcode);
		why = check_cmd_arg(st->opcode, field[3], &st->arg);
	} else {
		if (!sim_rttest_test_arg(st->opcode))
			return syntax_error(file, nr, "unknown test '%s'",
					    st->opcode);
		why = check_test_arg(st->opcode, field[3], &st->arg);
	}
	if (why)
		return syntax_error(file, nr, "%s: '%s'", why, field[3]);
	return 0;
}

static struct step *add_step(struct script *sc)
{
	if (grow((void **)&sc->steps, &sc->size, sc->nr, sizeof(*sc->steps))) {
		fprintf(stderr, "schedsim: out of memory\n");
		exit(2);
	}
	return &sc->steps[sc->nr++];
}

/**
 * script_load - read and check every line of @file into @sc, before the
 * machine boots.  Returns 0, or exit status 2 after "Syntax error in
 * line N" (stdout) and the reason (stderr).
 */
int script_load(const char *file, struct script *sc)
{
	char *buf = NULL, copy[SCRIPT_MAX_LINE], *line, *nul, shown[256];
	size_t cap = 0;
	struct step *st;
	struct stat sb;
	ssize_t n;
	FILE *f;
	int nr = 0, ret = 0;

	out_shown(file, shown, sizeof(shown));
	f = fopen(file, "r");
	if (!f || fstat(fileno(f), &sb) || S_ISDIR(sb.st_mode)) {
		fprintf(stderr, "schedsim: --script: cannot read '%s': %s\n",
			shown, f ? "it is a directory" : strerror(errno));
		if (f)
			fclose(f);
		return 2;
	}
	while (!ret && (n = getline(&buf, &cap, f)) >= 0) {
		nr++;
		nul = memchr(buf, '\0', n);
		if (nul) {
			ret = syntax_error(shown, nr, "a NUL byte at column %d",
					   (int)(nul - buf) + 1);
			break;
		}
		if (n - (buf[n - 1] == '\n') > SCRIPT_MAX_LINE - 2) {
			ret = syntax_error(shown, nr, "line longer than %d "
					   "characters", SCRIPT_MAX_LINE - 2);
			break;
		}
		line = trim(buf);
		if (!*line || *line == '#')
			continue;
		strcpy(copy, line);
		st = add_step(sc);
		st->line = nr;
		strcpy(st->text, copy);
		ret = parse_line(shown, nr, line, st);
	}
	if (!ret && ferror(f)) {
		fprintf(stderr, "schedsim: --script: cannot read '%s': %s\n",
			shown, strerror(errno));
		ret = 2;
	}
	free(buf);
	fclose(f);
	return ret;
}

/* The kernel's status line of a tester thread, for failure messages. */
static void print_status(int thread)
{
	struct sim_rttest_status s;
	int i;

	if (sim_rttest_status(thread, &s))
		return;
	fprintf(stderr, "schedsim: thread %d (pid %d): O: %d, E: %d, P: %d, "
		"N: %d, M: ", thread, s.pid, s.opcode, s.event, s.prio,
		s.normal_prio);
	for (i = SIM_RTTEST_LOCKS - 1; i >= 0; i--)
		fprintf(stderr, "%d", s.mutexes[i]);
	fprintf(stderr, "\n");
}

/* Prints "Test failed in line N" and why; returns exit status 1. */
static int __attribute__((format(printf, 3, 4)))
test_failed(const char *file, const struct step *st, const char *fmt, ...)
{
	va_list args;

	printf("Test failed in line %d\n", st->line);
	fprintf(stderr, "schedsim: %s:%d: %s: ", file, st->line, st->text);
	va_start(args, fmt);
	vfprintf(stderr, fmt, args);
	va_end(args);
	fputc('\n', stderr);
	if (sim_failed())
		fprintf(stderr, "schedsim: %s\n", sim_report());
	else
		print_status(st->thread);
	return 1;
}

/* run_step - one step on the booted machine: 0, or exit status 1. */
static int run_step(const char *file, const struct step *st)
{
	unsigned long long give_up = sim_now() + SCRIPT_WAIT_NS;
	int ret;

	if (st->kind == STEP_CMD) {
		ret = sim_rttest_cmd(st->thread, st->opcode, st->arg);
		return ret ? test_failed(file, st, "%s", sim_error()) : 0;
	}
	for (;;) {
		ret = sim_rttest_check(st->thread, st->opcode, st->arg);
		if (ret < 0)
			return test_failed(file, st, "%s", sim_error());
		if (ret)
			return 0;
		if (st->kind == STEP_TEST)
			return test_failed(file, st, "false");
		if (sim_now() >= give_up)
			return test_failed(file, st, "still false after %llu "
					   "s", SCRIPT_WAIT_NS / NSEC_PER_SEC);
		if (sim_run_for(SCRIPT_WAIT_STEP_NS))
			return test_failed(file, st, "the machine failed");
	}
}

/**
 * script_run - run the loaded @sc on the booted machine.  Returns the
 * exit status: 0 after "Pass", 1 after "Test failed in line N".
 */
int script_run(const char *file, const struct script *sc)
{
	int i, ret;

	ret = sim_rttest_start();
	if (ret) {
		fprintf(stderr, "schedsim: cannot start the rt-mutex tester: "
			"%s\n", sim_failed() ? sim_report() : sim_error());
		return 1;
	}
	for (i = 0; i < sc->nr && !ret; i++) {
		if (out_stop_signal())
			return out_stopped(" before line %d",
					   sc->steps[i].line);
		ret = run_step(file, &sc->steps[i]);
	}
	if (!ret && sim_check()) {
		fprintf(stderr, "schedsim: %s\n", sim_report());
		ret = 1;
	}
	if (!ret)
		printf("Pass\n");
	return ret;
}

/**
 * script_free - release what script_load() read.
 */
void script_free(struct script *sc)
{
	free(sc->steps);
	sc->steps = NULL;
	sc->nr = sc->size = 0;
}
