/*
 * tools/output.h - schedsim's output files, all or nothing.
 *
 * Every file schedsim writes (a trace, a report page) is opened before
 * the machine boots, as a new temporary file beside its destination,
 * created exclusively (O_EXCL: a planted file or link is never opened)
 * and renamed over the destination only once it is complete, flushed
 * and synced.  A destination that cannot be replaced (a device, a FIFO,
 * schedsim's own standard output) is written in place instead.  A run
 * that fails to write, meets bad input or is interrupted removes its
 * temporary files and any directory it created, so an earlier file of
 * the same name is left as it was.
 *
 * SIGINT and SIGTERM are caught: the first one asks the run to stop at
 * its next step (out_stop_signal()), a second one removes the temporary
 * files at once and exits.  SIGXFSZ is ignored, so a file size limit
 * shows as a write error (EFBIG) with its reason.
 */
#ifndef SCHEDSIM_OUTPUT_H
#define SCHEDSIM_OUTPUT_H

#include <stddef.h>
#include <stdio.h>

struct out_file {
	const char *opt;	/* the option that named it, for messages */
	char *path;		/* the destination as given, for messages */
	char *dest;		/* ... through its links: renamed over */
	char *tmp;		/* the temporary file, while open; NULL:
				 * written in place */
	FILE *f;		/* over @fd: see output.c */
	int fd;
	int err;		/* errno of the first failed write, or 0 */
	int slot;		/* in the registry the signal handler reads */
};

/*
 * out_check_path - can @path be an output?  Not empty, not a directory,
 * not the same file as any of the @nr_inputs files of @inputs (NULL
 * entries skipped).  Returns 0, or -1 with a one-line reason in @err
 * naming the option @opt.
 */
int out_check_path(const char *opt, const char *path,
		   const char *const *inputs, int nr_inputs, char *err,
		   size_t len);

/*
 * out_make_dirs - create directory @dir and its missing parents,
 * remembering the ones created (out_abort_all() removes them again if
 * they stay empty).  Returns 0, or -1 with a reason in @err.
 */
int out_make_dirs(const char *opt, const char *dir, char *err, size_t len);

/*
 * out_open - create the temporary file of destination @path in @o.
 * Returns 0, or -1 with a one-line reason (naming @opt) in @err.
 */
int out_open(struct out_file *o, const char *opt, const char *path,
	     char *err, size_t len);

/*
 * out_open_scratch - a scratch file for output @o, unlinked at once, for
 * a writer that must write its end first; out_append() copies it into
 * @o.  Returns 0, or -1 with a reason in @err.
 */
int out_open_scratch(struct out_file *s, struct out_file *o, char *err,
		     size_t len);
int out_append(struct out_file *o, struct out_file *s);

/*
 * out_write - write @n bytes; a failure is remembered in @o->err and
 * later writes are skipped.  Returns 0 or -1.  Writers may also use
 * @o->f directly: the errno of a failed write is kept all the same.
 */
int out_write(struct out_file *o, const void *buf, size_t n);

/* out_abort - close and remove the temporary (or scratch) file of @o. */
void out_abort(struct out_file *o);

/*
 * out_commit_all - the end of a run that succeeded: flush and sync every
 * output still open, then rename each over its destination.  Returns 0,
 * or 1 after a message naming the output and the reason; then no
 * output replaced its destination (unless a rename(2) itself failed
 * half way) and all are aborted.
 */
int out_commit_all(void);

/*
 * out_abort_all - the end of a failed run: remove every temporary file
 * still open and the empty directories out_make_dirs() created.
 */
void out_abort_all(void);

/*
 * out_end_run - the end of a run whose exit status so far is @ret: a run
 * that went well or found a bug commits its outputs once standard output
 * is known to be written, any other removes them.  Returns the exit
 * status: @ret, 1 when a write failed, 128 + the stopping signal.
 */
int out_end_run(int ret);

/*
 * out_catch_signals - from now on SIGINT and SIGTERM ask the run to
 * stop (see above); SIGXFSZ is ignored.
 */
void out_catch_signals(void);

/* The signal that asked the run to stop, or 0. */
int out_stop_signal(void);

/*
 * out_stopped - "schedsim: stopped by SIGINT" and @fmt's where, on
 * stderr.  Returns the exit status, 128 + the signal.
 */
int out_stopped(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * out_finish_stdout - flush standard output and check that every write
 * to it succeeded.  Returns 0, or 1 after a message with the reason.
 */
int out_finish_stdout(void);

/*
 * out_shown - @s for a one-line message: control characters and
 * backslashes as \xNN, cut to @len - 1 bytes.  Returns @buf.
 */
const char *out_shown(const char *s, char *buf, size_t len);

#endif /* SCHEDSIM_OUTPUT_H */
