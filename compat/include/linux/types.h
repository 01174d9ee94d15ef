/*
 * linux/types.h - the kernel's fixed-size and POSIX types.
 *
 * Built with -nostdinc, so nothing here may come from libc.  The sizes
 * match the LP64 host ABI because the machine's host side passes some of
 * these through plain C prototypes.
 */
#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H

#include <linux/config.h>
#include <linux/compiler.h>
#include <linux/stddef.h>

typedef signed char		s8;
typedef unsigned char		u8;
typedef signed short		s16;
typedef unsigned short		u16;
typedef signed int		s32;
typedef unsigned int		u32;
typedef signed long long	s64;
typedef unsigned long long	u64;

typedef s8	__s8;
typedef u8	__u8;
typedef s16	__s16;
typedef u16	__u16;
typedef s32	__s32;
typedef u32	__u32;
typedef s64	__s64;
typedef u64	__u64;

typedef unsigned long	size_t;
typedef long		ssize_t;
typedef long		ptrdiff_t;
typedef long		loff_t;
typedef int		pid_t;
typedef unsigned int	uid_t;
typedef unsigned int	gid_t;
typedef unsigned int	gfp_t;
typedef long		time_t;
typedef long		clock_t;
typedef unsigned long	uintptr_t;
typedef unsigned int	mode_t;
typedef unsigned int	dev_t;

typedef _Bool		bool;
#define true	1
#define false	0

/* cputime is kept in jiffies, as on every 2.6.10 architecture. */
typedef unsigned long		cputime_t;
typedef unsigned long long	cputime64_t;

#endif /* _LINUX_TYPES_H */
