/*
 * linux/topology.h - the machine's CPU topology.
 *
 * The machine is booted with a number of NUMA nodes, packages per node and
 * SMT threads per core; CPUs are numbered node by node, core by core,
 * thread by thread.
 */
#ifndef _LINUX_TOPOLOGY_H
#define _LINUX_TOPOLOGY_H

#include <linux/cpumask.h>
#include <linux/sched.h>

#define MAX_NUMNODES	NR_CPUS

extern cpumask_t cpu_sibling_map[NR_CPUS];	/* SMT threads of a core */
extern int sim_cpu_node[NR_CPUS];
extern int sim_nr_nodes;

static inline int cpu_to_node(int cpu)
{
	return sim_cpu_node[cpu];
}

extern cpumask_t node_to_cpumask(int node);
#define num_online_nodes()	(sim_nr_nodes)
#define node_online(node)	((node) >= 0 && (node) < sim_nr_nodes)

/*
 * Default sched-domain parameters, per level (2.6.10 values; the CPU
 * level's cache_hot_time is 2.6.11's 2.5 ms, 2.6.10 had a units bug).
 * Intervals in ms, cache_hot_time in ns.
 */
#define SD_SIBLING_INIT (struct sched_domain) {		\
	.span			= CPU_MASK_NONE,	\
	.parent			= NULL,			\
	.groups			= NULL,			\
	.min_interval		= 1,			\
	.max_interval		= 2,			\
	.busy_factor		= 8,			\
	.imbalance_pct		= 110,			\
	.cache_hot_time		= 0,			\
	.cache_nice_tries	= 0,			\
	.per_cpu_gain		= 25,			\
	.flags			= SD_LOAD_BALANCE	\
				| SD_BALANCE_NEWIDLE	\
				| SD_BALANCE_EXEC	\
				| SD_WAKE_AFFINE	\
				| SD_WAKE_IDLE		\
				| SD_SHARE_CPUPOWER,	\
	.last_balance		= jiffies,		\
	.balance_interval	= 1,			\
	.nr_balance_failed	= 0,			\
}

#define SD_CPU_INIT (struct sched_domain) {		\
	.span			= CPU_MASK_NONE,	\
	.parent			= NULL,			\
	.groups			= NULL,			\
	.min_interval		= 1,			\
	.max_interval		= 4,			\
	.busy_factor		= 64,			\
	.imbalance_pct		= 125,			\
	.cache_hot_time		= 2500000ULL,		\
	.cache_nice_tries	= 1,			\
	.per_cpu_gain		= 100,			\
	.flags			= SD_LOAD_BALANCE	\
				| SD_BALANCE_NEWIDLE	\
				| SD_BALANCE_EXEC	\
				| SD_WAKE_AFFINE	\
				| SD_WAKE_BALANCE,	\
	.last_balance		= jiffies,		\
	.balance_interval	= 1,			\
	.nr_balance_failed	= 0,			\
}

/* The NUMA level is arch-defined; these are i386's. */
#define SD_NODE_INIT (struct sched_domain) {		\
	.span			= CPU_MASK_NONE,	\
	.parent			= NULL,			\
	.groups			= NULL,			\
	.min_interval		= 8,			\
	.max_interval		= 32,			\
	.busy_factor		= 32,			\
	.imbalance_pct		= 125,			\
	.cache_hot_time		= 10000000ULL,		\
	.cache_nice_tries	= 1,			\
	.per_cpu_gain		= 100,			\
	.flags			= SD_LOAD_BALANCE	\
				| SD_BALANCE_EXEC	\
				| SD_WAKE_BALANCE,	\
	.last_balance		= jiffies,		\
	.balance_interval	= 1,			\
	.nr_balance_failed	= 0,			\
}

#endif /* _LINUX_TOPOLOGY_H */
