#ifndef _LINUX_CPUSET_H
#define _LINUX_CPUSET_H

#include <linux/cpumask.h>

struct task_struct;

/* No cpusets: every task may use every possible CPU. */
static inline cpumask_t cpuset_cpus_allowed(const struct task_struct *p)
{
	return cpu_possible_map;
}

#endif /* _LINUX_CPUSET_H */
