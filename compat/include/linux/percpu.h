/*
 * linux/percpu.h - per-CPU variables as arrays indexed by CPU.
 */
#ifndef _LINUX_PERCPU_H
#define _LINUX_PERCPU_H

#include <linux/threads.h>
#include <linux/smp.h>

#define DEFINE_PER_CPU(type, name) \
	__typeof__(type) per_cpu__##name[NR_CPUS]
#define DECLARE_PER_CPU(type, name) \
	extern __typeof__(type) per_cpu__##name[NR_CPUS]
#define EXPORT_PER_CPU_SYMBOL(var)
#define EXPORT_PER_CPU_SYMBOL_GPL(var)

#define per_cpu(var, cpu)	(per_cpu__##var[(cpu)])
#define __get_cpu_var(var)	per_cpu(var, smp_processor_id())
#define get_cpu_var(var)	(*({ preempt_disable(); &__get_cpu_var(var); }))
#define put_cpu_var(var)	preempt_enable()

#endif /* _LINUX_PERCPU_H */
