#ifndef _LINUX_FS_H
#define _LINUX_FS_H

#include <linux/types.h>

struct inode {
	int i_dummy;
};

struct file {
	void *private_data;
	loff_t f_pos;
};

struct file_operations {
	int (*open)(struct inode *, struct file *);
	ssize_t (*read)(struct file *, char __user *, size_t, loff_t *);
	loff_t (*llseek)(struct file *, loff_t, int);
	int (*release)(struct inode *, struct file *);
};

#endif /* _LINUX_FS_H */
