#ifndef _LINUX_ERRNO_H
#define _LINUX_ERRNO_H

/* The values of asm-generic/errno-base.h and errno.h on i386/x86_64. */
#define EPERM		1
#define ENOENT		2
#define ESRCH		3
#define EINTR		4
#define EIO		5
#define ENXIO		6
#define E2BIG		7
#define EBADF		9
#define ECHILD		10
#define EAGAIN		11
#define ENOMEM		12
#define EACCES		13
#define EFAULT		14
#define EBUSY		16
#define EEXIST		17
#define ENODEV		19
#define EINVAL		22
#define ENOSPC		28
#define ERANGE		34
#define EDEADLK		35
#define ENOSYS		38
#define ETIMEDOUT	110
#define ERESTARTSYS	512

#endif /* _LINUX_ERRNO_H */
