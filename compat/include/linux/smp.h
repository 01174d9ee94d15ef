/*
 * linux/smp.h - which simulated CPU is executing, and IPIs.
 *
 * The machine runs the code of one simulated CPU at a time (interleaving
 * switches between them only at points); sim_this_cpu is that CPU.  It
 * changes only when the machine hands control to another CPU, never
 * inside switch_to(), exactly as a real CPU keeps its identity while the
 * task on it changes.
 */
#ifndef _LINUX_SMP_H
#define _LINUX_SMP_H

#include <linux/config.h>
#include <linux/compiler.h>
#include <linux/cpumask.h>

extern int sim_this_cpu;

#define smp_processor_id()	(sim_this_cpu)
#define _smp_processor_id()	(sim_this_cpu)
#define raw_smp_processor_id()	(sim_this_cpu)
#define get_cpu()		({ preempt_disable(); smp_processor_id(); })
#define put_cpu()		preempt_enable()
#define put_cpu_no_resched()	preempt_enable_no_resched()

/* Barriers order this CPU's accesses: points where others may run. */
#define smp_mb()	sim_point()
#define smp_rmb()	sim_point()
#define smp_wmb()	sim_point()
#define mb()		sim_point()
#define rmb()		sim_point()
#define wmb()		sim_point()

/*
 * cpu_relax - a busy-wait loop's pause: lets the other simulated CPUs run
 * for a moment, so that what the loop waits for can happen.
 */
extern void cpu_relax(void);

/* smp_send_reschedule - interrupt @cpu so that it reschedules if needed. */
extern void smp_send_reschedule(int cpu);

#endif /* _LINUX_SMP_H */
