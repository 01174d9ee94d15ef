/*
 * tools/output.c - schedsim's output files, all or nothing: see output.h.
 *
 * The stream of an output is a glibc cookie stream over the temporary
 * file's descriptor, so the errno of the first failed write(2) is kept
 * whatever stdio call made it, and the message can say why.  The
 * registry of temporary files and created directories is a fixed array
 * the signal handler can read without taking anything.
 */
#define _GNU_SOURCE		/* fopencookie */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output.h"

#define OUT_MAX_FILES	1024	/* temporary files open at once */
#define OUT_MAX_DIRS	256	/* directories created */
#define OUT_TMP_TRIES	100
#define OUT_COPY_CHUNK	65536

static struct out_file *out_files[OUT_MAX_FILES];
static char *volatile out_tmps[OUT_MAX_FILES];
static char *volatile out_dirs[OUT_MAX_DIRS];
static volatile sig_atomic_t out_nr_dirs;
static volatile sig_atomic_t stop_signal;
static unsigned int out_serial;

/**
 * out_shown - @s as one line of a message.
 * @s: a name from the user (a path, an option's value)
 * @buf: where the shown form goes
 * @len: its size
 *
 * Control characters, DEL and backslashes become \xNN, so a name cannot
 * break a line or move the cursor of the terminal it is printed on.
 *
 * Return: @buf.
 */
const char *out_shown(const char *s, char *buf, size_t len)
{
	size_t n = 0;
	unsigned char c;

	for (; *s && n + 1 < len; s++) {
		c = *s;
		if (c >= 0x20 && c != 0x7f && c != '\\') {
			buf[n++] = c;
			continue;
		}
		if (n + 5 > len)
			break;
		n += snprintf(buf + n, len - n, "\\x%02x", c);
	}
	buf[n] = '\0';
	return buf;
}

/* ---- checks before the run ------------------------------------------ */

static int same_inode(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

static int same_file(const struct stat *a, const char *path)
{
	struct stat b;

	return path && !stat(path, &b) && same_inode(a, &b);
}

/**
 * out_check_path - may @path be written as an output?
 * @opt: the option that named it, for the message ("--trace")
 * @path: the destination
 * @inputs: files the run reads, which it must not overwrite
 * @nr_inputs: how many (NULL entries are skipped)
 * @err: where the reason goes
 * @len: its size
 *
 * Return: 0, or -1 with "OPT: 'PATH' ..." in @err.
 */
int out_check_path(const char *opt, const char *path,
		   const char *const *inputs, int nr_inputs, char *err,
		   size_t len)
{
	char shown[256];
	struct stat st;
	int i, exists;

	if (!*path) {
		snprintf(err, len, "%s: the path is empty", opt);
		return -1;
	}
	out_shown(path, shown, sizeof(shown));
	exists = !stat(path, &st);
	if (path[strlen(path) - 1] == '/' || (exists && S_ISDIR(st.st_mode))) {
		snprintf(err, len, "%s: '%s' is a directory, not a file", opt,
			 shown);
		return -1;
	}
	if (!exists)
		return 0;
	for (i = 0; i < nr_inputs; i++) {
		if (same_file(&st, inputs[i])) {
			snprintf(err, len, "%s: '%s' is an input of the run "
				 "and would be overwritten", opt, shown);
			return -1;
		}
	}
	return 0;
}

/**
 * out_make_dirs - create @dir and its missing parents.
 * @opt: the option that named it, for messages
 * @dir: the directory
 * @err: where the reason goes
 * @len: its size
 *
 * The directories created are remembered, newest last, so that
 * out_abort_all() can remove them (rmdir(2): only while empty).
 *
 * Return: 0, or -1 with a reason in @err.
 */
int out_make_dirs(const char *opt, const char *dir, char *err, size_t len)
{
	char *path, *slash, shown[256], c;
	struct stat st;
	int ret = -1;

	if (!*dir) {
		snprintf(err, len, "%s: the path is empty", opt);
		return -1;
	}
	path = strdup(dir);
	if (!path) {
		snprintf(err, len, "%s: out of memory", opt);
		return -1;
	}
	for (slash = path + 1; ; slash++) {
		if (*slash && *slash != '/')
			continue;
		if (*slash == '/' && slash[-1] == '/')
			continue;
		c = *slash;
		*slash = '\0';
		if (!mkdir(path, 0777)) {
			if (out_nr_dirs == OUT_MAX_DIRS ||
			    !(out_dirs[out_nr_dirs] = strdup(path))) {
				rmdir(path);
				snprintf(err, len, "%s: out of memory", opt);
				goto out;
			}
			out_nr_dirs++;
		} else if (errno != EEXIST) {
			snprintf(err, len, "%s: cannot create '%s': %s", opt,
				 out_shown(path, shown, sizeof(shown)),
				 strerror(errno));
			goto out;
		}
		*slash = c;
		if (!c)
			break;
	}
	if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
		snprintf(err, len, "%s: '%s' is not a directory", opt,
			 out_shown(dir, shown, sizeof(shown)));
		goto out;
	}
	ret = 0;
out:
	free(path);
	return ret;
}

/* ---- the temporary file ---------------------------------------------- */

static ssize_t cookie_write(void *cookie, const char *buf, size_t n)
{
	struct out_file *o = cookie;
	size_t done = 0;
	ssize_t w;

	while (!o->err && done < n) {
		w = write(o->fd, buf + done, n - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			o->err = w < 0 ? errno : EIO;
		else
			done += w;
	}
	if (done || !n)
		return done;
	errno = o->err;
	return -1;
}

static int cookie_close(void *cookie)
{
	struct out_file *o = cookie;
	int ret = close(o->fd);

	o->fd = -1;
	return ret;
}

static int free_slot(void)
{
	int i;

	for (i = 0; i < OUT_MAX_FILES; i++)
		if (!out_files[i])
			return i;
	return -1;
}

/*
 * Create DIR/.BASE.PID-N beside @o->dest, open for @mode, exclusively
 * and without following a link: a name someone planted is skipped,
 * never opened.
 */
static int make_tmp(struct out_file *o, int mode)
{
	const char *slash = strrchr(o->dest, '/');
	const char *base = slash ? slash + 1 : o->dest;
	int dirlen = slash ? (int)(slash - o->dest) + 1 : 0, i;

	for (i = 0; i < OUT_TMP_TRIES; i++) {
		free(o->tmp);
		if (asprintf(&o->tmp, "%.*s.%.200s.%ld-%u", dirlen, o->dest,
			     base, (long)getpid(), out_serial++) < 0) {
			o->tmp = NULL;
			errno = ENOMEM;
			return -1;
		}
		o->fd = open(o->tmp, mode | O_CREAT | O_EXCL | O_NOFOLLOW |
			     O_CLOEXEC, 0666);
		if (o->fd >= 0 || errno != EEXIST)
			break;
	}
	if (o->fd < 0) {
		free(o->tmp);
		o->tmp = NULL;
		return -1;
	}
	return 0;
}

static int is_stdout(const struct stat *st)
{
	struct stat out;

	return !fstat(STDOUT_FILENO, &out) && same_inode(st, &out);
}

/*
 * The file behind @path: a temporary one beside the regular file @path
 * names (through any links: the user's link is theirs to follow), or,
 * for a device, a FIFO or schedsim's own standard output, which cannot
 * be replaced, @path itself, written in place (@o->tmp stays NULL).
 */
static int open_file(struct out_file *o, const char *path, int mode)
{
	struct stat st;

	o->path = strdup(path);
	if (!o->path) {
		errno = ENOMEM;
		return -1;
	}
	if (!stat(path, &st) && (!S_ISREG(st.st_mode) || is_stdout(&st))) {
		o->fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
		return o->fd < 0 ? -1 : 0;
	}
	o->dest = realpath(path, NULL);
	if (!o->dest)
		o->dest = strdup(path);
	if (!o->dest) {
		errno = ENOMEM;
		return -1;
	}
	return make_tmp(o, mode);
}

/* out_open() with the file open for @mode (O_RDWR for scratch files). */
static int open_as(struct out_file *o, const char *opt, const char *path,
		   int mode, char *err, size_t len)
{
	static const cookie_io_functions_t io = {
		.write = cookie_write,
		.close = cookie_close,
	};
	char shown[256];

	memset(o, 0, sizeof(*o));
	o->opt = opt;
	o->fd = -1;
	o->slot = free_slot();
	if (o->slot < 0) {
		snprintf(err, len, "%s: more than %d output files", opt,
			 OUT_MAX_FILES);
		return -1;
	}
	if (open_file(o, path, mode)) {
		snprintf(err, len, "%s: cannot create '%s': %s", opt,
			 out_shown(path, shown, sizeof(shown)),
			 strerror(errno));
		free(o->dest);
		free(o->path);
		o->path = o->dest = NULL;
		return -1;
	}
	o->f = fopencookie(o, "w", io);
	if (!o->f) {
		snprintf(err, len, "%s: out of memory", opt);
		close(o->fd);
		if (o->tmp)
			unlink(o->tmp);
		free(o->tmp);
		free(o->dest);
		free(o->path);
		o->path = o->tmp = o->dest = NULL;
		return -1;
	}
	out_tmps[o->slot] = o->tmp;
	out_files[o->slot] = o;
	return 0;
}

/**
 * out_open - start output @path.
 * @o: the output; it must stay where it is until committed or aborted
 * @opt: the option that named it, for messages
 * @path: the destination, checked with out_check_path()
 * @err: where the reason goes
 * @len: its size
 *
 * Creates the temporary file beside @path now, so that an unwritable
 * destination is found before the run starts.
 *
 * Return: 0, or -1 with a reason in @err.
 */
int out_open(struct out_file *o, const char *opt, const char *path,
	     char *err, size_t len)
{
	return open_as(o, opt, path, O_WRONLY, err, len);
}

/**
 * out_open_scratch - a scratch file for output @o, for a writer that
 * needs to write its end first.
 * @s: the scratch file; it must stay where it is until aborted
 * @o: the output it goes with
 * @err: where the reason goes
 * @len: its size
 *
 * The file is made beside @o's destination (in $TMPDIR, or /tmp, when
 * @o is a device or FIFO written in place) and unlinked as soon as it
 * is created, so nothing is left of it however the run ends.
 * out_append() copies it into @o; out_abort() closes it.
 *
 * Return: 0, or -1 with a reason in @err.
 */
int out_open_scratch(struct out_file *s, struct out_file *o, char *err,
		     size_t len)
{
	const char *dir = getenv("TMPDIR");
	char *beside = NULL;
	int ret;

	if (!o->tmp && asprintf(&beside, "%s/schedsim",
				dir && *dir ? dir : "/tmp") < 0) {
		snprintf(err, len, "%s: out of memory", o->opt);
		return -1;
	}
	ret = open_as(s, o->opt, beside ? beside : o->dest, O_RDWR, err,
		      len);
	free(beside);
	if (ret)
		return -1;
	unlink(s->tmp);
	out_tmps[s->slot] = NULL;
	out_files[s->slot] = NULL;
	free(s->tmp);
	s->tmp = NULL;
	s->slot = -1;
	return 0;
}

/**
 * out_append - copy what scratch file @s holds to the end of @o.
 * @o: an open output
 * @s: a scratch file of out_open_scratch()
 *
 * Return: 0, or -1 when a read or write failed (the errno is kept in
 * @s->err or @o->err).
 */
int out_append(struct out_file *o, struct out_file *s)
{
	char buf[OUT_COPY_CHUNK];
	off_t off = 0;
	ssize_t n;

	if (fflush(s->f) && !s->err)
		s->err = errno ? errno : EIO;
	while (!s->err && !o->err) {
		n = pread(s->fd, buf, sizeof(buf), off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			s->err = errno;
		if (n <= 0)
			break;
		out_write(o, buf, n);
		off += n;
	}
	return s->err || o->err ? -1 : 0;
}

/**
 * out_write - write @n bytes of @buf to @o.
 * @o: an open output
 * @buf: the bytes
 * @n: how many
 *
 * Return: 0, or -1 once any write to @o failed.
 */
int out_write(struct out_file *o, const void *buf, size_t n)
{
	if (!o->err && fwrite(buf, 1, n, o->f) != n && !o->err)
		o->err = EIO;
	return o->err ? -1 : 0;
}

static void out_release(struct out_file *o)
{
	if (o->slot >= 0 && out_files[o->slot] == o) {
		out_tmps[o->slot] = NULL;
		out_files[o->slot] = NULL;
	}
	free(o->tmp);
	free(o->dest);
	free(o->path);
	o->tmp = o->path = o->dest = NULL;
	o->f = NULL;
	o->slot = -1;
}

/* Flush and sync @o; 0, or -1 with the errno kept in @o->err. */
static int out_settle(struct out_file *o)
{
	if (fflush(o->f) && !o->err)
		o->err = errno ? errno : EIO;
	if (!o->err && ferror(o->f))
		o->err = EIO;
	if (!o->err && o->tmp && fsync(o->fd))
		o->err = errno;
	return o->err ? -1 : 0;
}

static void say_failed(const struct out_file *o)
{
	char shown[256];

	fprintf(stderr, "schedsim: %s: cannot write '%s': %s\n", o->opt,
		out_shown(o->path, shown, sizeof(shown)), strerror(o->err));
}

/**
 * out_abort - give up @o: its temporary file is removed.
 * @o: an output or scratch file, open or not (then nothing happens)
 */
void out_abort(struct out_file *o)
{
	if (!o->f)
		return;
	fclose(o->f);
	if (o->tmp)
		unlink(o->tmp);
	out_release(o);
}

/* What a failed run leaves: nothing of its own.  Signal-safe. */
static void remove_all(void)
{
	int i;

	for (i = 0; i < OUT_MAX_FILES; i++)
		if (out_tmps[i])
			unlink(out_tmps[i]);
	for (i = out_nr_dirs - 1; i >= 0; i--)
		rmdir(out_dirs[i]);
}

/* The directories created stay: the run's outputs are in them. */
static void forget_dirs(void)
{
	int i;

	for (i = 0; i < out_nr_dirs; i++) {
		free(out_dirs[i]);
		out_dirs[i] = NULL;
	}
	out_nr_dirs = 0;
}

/**
 * out_abort_all - the end of a failed run: remove what it created.
 *
 * Every output still open is aborted, and the directories
 * out_make_dirs() created are removed when empty.
 */
void out_abort_all(void)
{
	int i;

	for (i = 0; i < OUT_MAX_FILES; i++)
		if (out_files[i])
			out_abort(out_files[i]);
	remove_all();
	forget_dirs();
}

/**
 * out_commit_all - the end of a run that succeeded: every output open
 * replaces its destination.
 *
 * All are flushed and synced first, so a write that failed anywhere
 * leaves every destination as it was; then each is renamed into place.
 *
 * Return: 0, or 1 after "OPT: cannot write 'PATH': REASON" (the run's
 * outputs are then aborted).
 */
int out_commit_all(void)
{
	struct out_file *o;
	int i;

	for (i = 0; i < OUT_MAX_FILES; i++)
		if (out_files[i] && out_settle(out_files[i]))
			goto fail;
	for (i = 0; i < OUT_MAX_FILES; i++) {
		o = out_files[i];
		if (!o)
			continue;
		if (fclose(o->f) && !o->err)
			o->err = errno;
		o->f = NULL;
		if (!o->err && o->tmp && rename(o->tmp, o->dest))
			o->err = errno;
		if (o->err)
			goto fail;
		out_release(o);
	}
	forget_dirs();
	return 0;
fail:
	say_failed(out_files[i]);
	if (!out_files[i]->f) {
		if (out_files[i]->tmp)
			unlink(out_files[i]->tmp);
		out_release(out_files[i]);
	}
	out_abort_all();
	return 1;
}

/**
 * out_stopped - say that a signal stopped the run, and where.
 * @fmt: where, after "schedsim: stopped by SIGINT"
 *
 * Return: the exit status, 128 + the signal.
 */
int out_stopped(const char *fmt, ...)
{
	va_list args;

	fprintf(stderr, "schedsim: stopped by %s",
		stop_signal == SIGINT ? "SIGINT" : "SIGTERM");
	va_start(args, fmt);
	vfprintf(stderr, fmt, args);
	va_end(args);
	fputc('\n', stderr);
	return 128 + stop_signal;
}

/**
 * out_end_run - the end of a run: its outputs committed or removed.
 * @ret: the run's exit status so far
 *
 * A run that went well, or found a bug (its trace shows what led
 * there), commits its outputs once standard output is known to be
 * written; any other run (bad input, a failed write, a signal) leaves
 * nothing behind.
 *
 * Return: the exit status: @ret, 1 when a write failed, or 128 + the
 * signal that asked the run to stop.
 */
int out_end_run(int ret)
{
	int sig = stop_signal;

	if (sig && ret < 128)
		ret = out_stopped("%s", "");
	if (ret >= 2) {
		out_abort_all();
		return ret;
	}
	if (out_finish_stdout()) {
		out_abort_all();
		return 1;
	}
	return out_commit_all() ? 1 : ret;
}

static void on_stop_signal(int sig)
{
	static const char msg[] = "schedsim: stopped at once\n";

	if (!stop_signal) {
		stop_signal = sig;
		return;
	}
	/* A second signal: the run did not get to stop, so stop it here. */
	remove_all();
	if (write(STDERR_FILENO, msg, sizeof(msg) - 1) < 0)
		_exit(128 + sig);
	_exit(128 + sig);
}

/**
 * out_catch_signals - let SIGINT and SIGTERM stop the run cleanly.
 *
 * The first one only sets the flag out_stop_signal() returns; the run
 * checks it between steps.  SIGXFSZ is ignored: a write past the file
 * size limit then fails with EFBIG, which the output reports.
 */
void out_catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	signal(SIGXFSZ, SIG_IGN);
}

/**
 * out_stop_signal - the signal that asked the run to stop.
 *
 * Return: SIGINT, SIGTERM or 0.
 */
int out_stop_signal(void)
{
	return stop_signal;
}

/**
 * out_finish_stdout - check every write to standard output.
 *
 * Return: 0, or 1 after "schedsim: cannot write standard output: ...".
 */
int out_finish_stdout(void)
{
	errno = 0;
	if (!fflush(stdout) && !ferror(stdout))
		return 0;
	fprintf(stderr, "schedsim: cannot write standard output: %s\n",
		errno ? strerror(errno) : "I/O error");
	return 1;
}
