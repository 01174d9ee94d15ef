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

#endif /* _LINUX_TOPOLOGY_H */
