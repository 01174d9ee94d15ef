/*
 * linux/seq_file.h - sequential files, enough for single_open() users
 * such as /proc/schedstat.
 */
#ifndef _LINUX_SEQ_FILE_H
#define _LINUX_SEQ_FILE_H

#include <linux/types.h>
#include <linux/fs.h>

struct seq_file {
	char *buf;
	size_t size;
	size_t count;
	loff_t index;
	int (*show)(struct seq_file *m, void *v);
	void *private;
};

extern int seq_printf(struct seq_file *m, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
extern int seq_puts(struct seq_file *m, const char *s);
extern int seq_putc(struct seq_file *m, char c);
extern int single_open(struct file *file,
		       int (*show)(struct seq_file *, void *), void *data);
extern int single_release(struct inode *inode, struct file *file);
extern ssize_t seq_read(struct file *file, char __user *buf, size_t size,
			loff_t *ppos);
extern loff_t seq_lseek(struct file *file, loff_t offset, int origin);

#endif /* _LINUX_SEQ_FILE_H */
