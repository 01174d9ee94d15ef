/*
 * linux/kernel_stat.h - per-CPU time accounting, fed by the
 * account_*_time() hooks of the driver.
 */
#ifndef _LINUX_KERNEL_STAT_H
#define _LINUX_KERNEL_STAT_H

#include <linux/percpu.h>

struct cpu_usage_stat {
	cputime64_t user;
	cputime64_t nice;
	cputime64_t system;
	cputime64_t softirq;
	cputime64_t irq;
	cputime64_t idle;
	cputime64_t iowait;
	cputime64_t steal;
};

struct kernel_stat {
	struct cpu_usage_stat cpustat;
};

DECLARE_PER_CPU(struct kernel_stat, kstat);

#define kstat_cpu(cpu)	per_cpu(kstat, cpu)
#define kstat_this_cpu	__get_cpu_var(kstat)

#endif /* _LINUX_KERNEL_STAT_H */
