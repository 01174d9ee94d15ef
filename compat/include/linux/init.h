/*
 * linux/init.h - __setup() boot parameters.
 *
 * As in the kernel, each __setup() puts an entry into a section; the
 * machine walks it when it parses the boot command line
 * (compat/machine.c).
 */
#ifndef _LINUX_INIT_H
#define _LINUX_INIT_H

#include <linux/compiler.h>

struct obs_kernel_param {
	const char *str;
	int (*setup_func)(char *);
	int early;
};

#define __setup_param(str, unique_id, fn, early)			\
	static const char __setup_str_##unique_id[] = str;		\
	static const struct obs_kernel_param __setup_##unique_id	\
		__attribute__((used, section("plugsched_setup"),	\
			       aligned(sizeof(long)))) =		\
		{ __setup_str_##unique_id, fn, early }

#define __setup(str, fn)	__setup_param(str, fn, fn, 0)
#define early_param(str, fn)	__setup_param(str, fn, fn, 1)

#endif /* _LINUX_INIT_H */
