/*
 * tests/fuzz/sched_tool.c - main() of the plain build of fuzz_sched: the
 * replay that make check runs, and the tools for the people who read
 * what the fuzzer found.
 *
 *	fuzz_sched [--print] [--trace] FILE|DIR...
 *	fuzz_sched --encode FILE.seq -o FILE
 *	fuzz_sched --encode FILE.seq... -o DIR
 *	fuzz_sched --shrink FILE [-o FILE.seq]
 *
 * Encoding several files at once writes each into DIR under its own
 * name, ".seq" replaced by ".bin"; the first that does not encode stops
 * it, named with its line.
 * Shrinking is delta debugging (Zeller's ddmin) over the operations of
 * the text form: it drops ever smaller runs of lines while what is left
 * still fails the same check, so the result stays a readable sequence.
 * Each candidate runs in a child process, which a report aborts; "the
 * same check" is the first line of the report with its numbers blanked
 * (CPUs, pids and source lines move as operations go).  A run that takes
 * more than TRY_SECONDS is a hang, and fails as SIGALRM kills it.
 */
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fuzz_sched.h"
#include "replay.h"

#define MAX_LINE	256
#define TRY_SECONDS	10	/* a run longer than this hangs */

static struct fuzz_run opt = { .event_checks = 1, .report_fd = -1 };

static int replay_one(const char *path, const uint8_t *data, size_t size)
{
	struct fuzz_run run = opt;

	run.path = path;
	run.data = data;
	run.size = size;
	if (run.print)
		fprintf(run.print, "# %s\n", path);
	return fuzz_sched_run(&run);
}

static int write_file(const char *path, const void *data, size_t len)
{
	FILE *f = path ? fopen(path, "wb") : stdout;

	if (!f || fwrite(data, 1, len, f) != len || (path && fclose(f))) {
		fprintf(stderr, "fuzz_sched: cannot write %s\n", path);
		return 1;
	}
	return 0;
}

static int encode(const char *in, const char *out)
{
	static uint8_t bytes[FUZZ_MAX_BYTES];
	struct fuzz_run run = opt;

	if (!out) {
		fprintf(stderr, "fuzz_sched: --encode needs -o FILE\n");
		return 2;
	}
	run.path = in;
	run.out = bytes;
	if (replay_read(in, (uint8_t **)&run.data, &run.size) ||
	    fuzz_sched_run(&run))
		return 2;
	return write_file(out, bytes, run.out_len);
}

/* encode_into - each of the @n files @in into the directory @dir. */
static int encode_into(int n, char **in, const char *dir)
{
	const char *base;
	size_t len;
	char *out;
	int i, ret = 0;

	if (!dir) {
		fprintf(stderr, "fuzz_sched: --encode needs -o DIR\n");
		return 2;
	}
	for (i = 0; i < n && !ret; i++) {
		base = strrchr(in[i], '/');
		base = base ? base + 1 : in[i];
		len = strlen(base);
		if (len > 4 && !strcmp(base + len - 4, ".seq"))
			len -= 4;
		out = malloc(strlen(dir) + len + 6);
		if (!out) {
			fprintf(stderr, "fuzz_sched: out of memory\n");
			return 2;
		}
		sprintf(out, "%s/%.*s.bin", dir, (int)len, base);
		ret = encode(in[i], out);
		free(out);
	}
	return ret;
}

/* ---- shrinking ----------------------------------------------------------- */

struct outcome {
	int failed;			/* the machine reported (or crashed) */
	int bad;			/* the text is not a sequence */
	char check[MAX_LINE];		/* the check, numbers blanked */
	char *text;			/* with print: the text form */
};

/* The first line of @report, every run of digits made one '#'. */
static void blank_numbers(const char *report, char *out, size_t len)
{
	size_t n = 0;

	for (; *report && *report != '\n' && n + 1 < len; report++) {
		if (!isdigit((unsigned char)*report))
			out[n++] = *report;
		else if (!n || out[n - 1] != '#')
			out[n++] = '#';
	}
	out[n] = '\0';
}

static char *read_all(FILE *f)
{
	long len;
	char *buf;

	fflush(f);
	len = ftell(f);
	buf = calloc(1, len + 1);
	rewind(f);
	if (buf && fread(buf, 1, len, f) != (size_t)len)
		buf[0] = '\0';
	return buf;
}

/*
 * Run one input in a child, which a report aborts: whether it failed,
 * and how; with TRY_PRINT, the text form it printed (up to and with the
 * operation that failed) as well.
 */
#define TRY_PRINT	1	/* keep the text form */
#define TRY_LOUD	2	/* let the child's messages through */

static int try_input(const char *path, const void *data, size_t size,
		     int flags, struct outcome *o)
{
	int print = flags & TRY_PRINT;
	char report[4096];
	FILE *log = print ? tmpfile() : NULL;
	int fds[2], status;
	ssize_t n;
	pid_t pid;

	memset(o, 0, sizeof(*o));
	if ((print && !log) || pipe(fds))
		return -1;
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid) {
		struct fuzz_run run = opt;

		close(fds[0]);
		if (!(flags & TRY_LOUD) &&
		    !freopen("/dev/null", "w", stderr))
			_exit(3);
		if (log)	/* what was printed survives a crash */
			setvbuf(log, NULL, _IOLBF, 0);
		alarm(TRY_SECONDS);	/* a hang fails as SIGALRM */
		run.path = path;
		run.data = data;
		run.size = size;
		run.print = log;
		run.report_fd = fds[1];
		_exit(fuzz_sched_run(&run) ? 2 : 0);
	}
	close(fds[1]);
	n = read(fds[0], report, sizeof(report) - 1);
	report[n > 0 ? n : 0] = '\0';
	close(fds[0]);
	waitpid(pid, &status, 0);
	o->failed = WIFSIGNALED(status);
	o->bad = WIFEXITED(status) && WEXITSTATUS(status) == 2;
	if (report[0])
		blank_numbers(report, o->check, sizeof(o->check));
	else if (o->failed)
		snprintf(o->check, sizeof(o->check), "killed by signal %d",
			 WTERMSIG(status));
	if (log) {
		o->text = read_all(log);
		fclose(log);
	}
	return 0;
}

struct lines {
	char **line;
	int nr;
};

/* The operations of a text form: its lines without comments. */
static void split_lines(char *text, struct lines *l)
{
	char *s, *save = NULL;

	l->nr = 0;
	l->line = calloc(strlen(text) / 2 + 2, sizeof(*l->line));
	for (s = strtok_r(text, "\n", &save); s;
	     s = strtok_r(NULL, "\n", &save)) {
		s[strcspn(s, "#")] = '\0';
		while (*s && isspace((unsigned char)s[strlen(s) - 1]))
			s[strlen(s) - 1] = '\0';
		if (*s)
			l->line[l->nr++] = s;
	}
}

/* The machine line and @l's lines but those in [from, to). */
static char *join(const char *machine, const struct lines *l, int from,
		  int to, size_t *len)
{
	size_t size = strlen(machine) + 2;
	char *text, *p;
	int i;

	for (i = 0; i < l->nr; i++)
		size += strlen(l->line[i]) + 1;
	p = text = malloc(size);
	p += sprintf(p, "%s\n", machine);
	for (i = 0; i < l->nr; i++)
		if (i < from || i >= to)
			p += sprintf(p, "%s\n", l->line[i]);
	*len = p - text;
	return text;
}

/* Does @l without [from, to) still fail @check? */
static int still_fails(const char *machine, const struct lines *l, int from,
		       int to, const char *check, int *runs)
{
	struct outcome o;
	size_t len;
	char *text = join(machine, l, from, to, &len);
	int same;

	same = !try_input("candidate.seq", text, len, 0, &o) && o.failed &&
	       !strcmp(o.check, check);
	free(text);
	++*runs;
	return same;
}

static void drop(struct lines *l, int from, int to)
{
	memmove(&l->line[from], &l->line[to],
		(l->nr - to) * sizeof(l->line[0]));
	l->nr -= to - from;
}

/* ddmin over complements: drop one of @n chunks while the check fails. */
static int ddmin(const char *machine, struct lines *l, const char *check)
{
	int n = 2, runs = 0, i, size, dropped;

	while (l->nr >= 1) {
		size = (l->nr + n - 1) / n;
		for (dropped = 0, i = 0; i < l->nr; i += size) {
			int to = i + size < l->nr ? i + size : l->nr;

			if (still_fails(machine, l, i, to, check, &runs)) {
				drop(l, i, to);
				dropped = 1;
				break;
			}
		}
		if (dropped) {
			n = n > 2 ? n - 1 : 2;
			continue;
		}
		if (size == 1)
			break;
		n = n * 2 < l->nr ? n * 2 : l->nr;
	}
	return runs;
}

static int shrink(const char *in, const char *out)
{
	struct outcome first, last;
	struct lines l;
	const uint8_t *data;
	size_t size, len;
	char *machine, *text;
	int ops, runs, ret = 1;

	if (replay_read(in, (uint8_t **)&data, &size) ||
	    try_input(in, data, size, TRY_PRINT | TRY_LOUD, &first))
		return 2;
	if (!first.failed) {
		fprintf(stderr, "fuzz_sched: %s %s: nothing to shrink\n", in,
			first.bad ? "is not a sequence" : "does not fail");
		goto out;
	}
	split_lines(first.text, &l);
	if (!l.nr) {
		fprintf(stderr, "fuzz_sched: %s fails before its machine is "
			"up (%s): nothing to shrink\n", in, first.check);
		free(l.line);
		goto out;
	}
	machine = l.line[0];
	l.line++;
	l.nr--;
	ops = l.nr;
	runs = ddmin(machine, &l, first.check);
	text = join(machine, &l, 0, 0, &len);
	if (try_input("shrunk.seq", text, len, TRY_PRINT, &last) ||
	    strcmp(last.check, first.check)) {
		fprintf(stderr, "fuzz_sched: the shrunk sequence does not "
			"fail as %s did\n", in);
		goto out_free;
	}
	fprintf(stderr, "fuzz_sched: %d operations to %d in %d runs: %s\n",
		ops, l.nr, runs, first.check);
	free(text);
	len = strlen(first.check) + strlen(in) + strlen(last.text) + 64;
	text = malloc(len);
	len = snprintf(text, len, "# shrunk from %s; fails: %s\n%s", in,
		       first.check, last.text);
	ret = write_file(out, text, len);
	free(last.text);
out_free:
	free(text);
	free(l.line - 1);
out:
	free(first.text);
	return ret;
}

static int usage(void)
{
	fprintf(stderr,
		"usage: fuzz_sched [--print] [--trace] FILE|DIR...\n"
		"       fuzz_sched --encode FILE.seq -o FILE\n"
		"       fuzz_sched --encode FILE.seq... -o DIR\n"
		"       fuzz_sched --shrink FILE [-o FILE.seq]\n");
	return 2;
}

int main(int argc, char **argv)
{
	const char *out = NULL, *mode = NULL;
	int i, n = 0;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--print"))
			opt.print = stdout;
		else if (!strcmp(argv[i], "--trace"))
			opt.print = stdout, opt.trace = 1;
		else if (!strcmp(argv[i], "--encode") ||
			 !strcmp(argv[i], "--shrink"))
			mode = argv[i];
		else if (!strcmp(argv[i], "-o") && i + 1 < argc)
			out = argv[++i];
		else if (argv[i][0] == '-')
			return usage();
		else
			argv[n++] = argv[i];
	}
	if (opt.print)		/* the trail up to a crash is not lost */
		setvbuf(stdout, NULL, _IOLBF, 0);
	if (!mode)
		return n ? replay_paths(n, argv, replay_one) : usage();
	if (!strcmp(mode, "--encode") && n > 1)
		return encode_into(n, argv, out);
	if (n != 1)
		return usage();
	return !strcmp(mode, "--encode") ? encode(argv[0], out) :
	       shrink(argv[0], out);
}
