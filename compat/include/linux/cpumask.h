/*
 * linux/cpumask.h - sets of CPUs.
 *
 * cpumask_t is a struct so that it is passed and assigned by value, as in
 * the 2.6.10 API.  The maps of possible, present and online CPUs belong to
 * the simulated machine; CPU hotplug changes cpu_online_map.
 */
#ifndef _LINUX_CPUMASK_H
#define _LINUX_CPUMASK_H

#include <linux/threads.h>
#include <linux/bitops.h>
#include <linux/string.h>

typedef struct {
	unsigned long bits[BITS_TO_LONGS(NR_CPUS)];
} cpumask_t;

extern cpumask_t cpu_possible_map;
extern cpumask_t cpu_present_map;
extern cpumask_t cpu_online_map;

/*
 * A CPU number outside 0..NR_CPUS-1 would touch memory beyond the mask:
 * the machine reports it (sim_cpumask_bad()) where the kernel would
 * corrupt or read garbage.
 */
extern void sim_cpumask_bad(long cpu, const char *file, int line);

static inline long __cpu_checked(long cpu, const char *file, int line)
{
	if ((unsigned long)cpu >= NR_CPUS)
		sim_cpumask_bad(cpu, file, line);
	return cpu;
}

#define __CPU(cpu)		__cpu_checked((cpu), __FILE__, __LINE__)
#define cpu_set(cpu, dst)	__set_bit(__CPU(cpu), (dst).bits)
#define cpu_clear(cpu, dst)	__clear_bit(__CPU(cpu), (dst).bits)
#define cpu_isset(cpu, map)	test_bit(__CPU(cpu), (map).bits)
#define cpu_test_and_set(cpu, map) __test_and_set_bit(__CPU(cpu), (map).bits)

static inline void __cpus_and(cpumask_t *d, const cpumask_t *a,
			      const cpumask_t *b)
{
	unsigned int i;

	for (i = 0; i < BITS_TO_LONGS(NR_CPUS); i++)
		d->bits[i] = a->bits[i] & b->bits[i];
}

static inline void __cpus_or(cpumask_t *d, const cpumask_t *a,
			     const cpumask_t *b)
{
	unsigned int i;

	for (i = 0; i < BITS_TO_LONGS(NR_CPUS); i++)
		d->bits[i] = a->bits[i] | b->bits[i];
}

static inline void __cpus_andnot(cpumask_t *d, const cpumask_t *a,
				 const cpumask_t *b)
{
	unsigned int i;

	for (i = 0; i < BITS_TO_LONGS(NR_CPUS); i++)
		d->bits[i] = a->bits[i] & ~b->bits[i];
}

static inline void __cpus_complement(cpumask_t *d, const cpumask_t *s)
{
	unsigned int i;

	for (i = 0; i < BITS_TO_LONGS(NR_CPUS); i++)
		d->bits[i] = ~s->bits[i];
	if (NR_CPUS % BITS_PER_LONG)
		d->bits[BITS_TO_LONGS(NR_CPUS) - 1] &=
			(1UL << (NR_CPUS % BITS_PER_LONG)) - 1;
}

static inline int __cpus_weight(const cpumask_t *m)
{
	unsigned int i;
	int w = 0;

	for (i = 0; i < BITS_TO_LONGS(NR_CPUS); i++)
		w += hweight_long(m->bits[i]);
	return w;
}

static inline int __cpus_empty(const cpumask_t *m)
{
	unsigned int i;

	for (i = 0; i < BITS_TO_LONGS(NR_CPUS); i++)
		if (m->bits[i])
			return 0;
	return 1;
}

static inline int __cpus_equal(const cpumask_t *a, const cpumask_t *b)
{
	unsigned int i;

	for (i = 0; i < BITS_TO_LONGS(NR_CPUS); i++)
		if (a->bits[i] != b->bits[i])
			return 0;
	return 1;
}

static inline int __cpus_intersects(const cpumask_t *a, const cpumask_t *b)
{
	unsigned int i;

	for (i = 0; i < BITS_TO_LONGS(NR_CPUS); i++)
		if (a->bits[i] & b->bits[i])
			return 1;
	return 0;
}

static inline int __cpus_subset(const cpumask_t *a, const cpumask_t *b)
{
	unsigned int i;

	for (i = 0; i < BITS_TO_LONGS(NR_CPUS); i++)
		if (a->bits[i] & ~b->bits[i])
			return 0;
	return 1;
}

#define cpus_and(dst, a, b)	__cpus_and(&(dst), &(a), &(b))
#define cpus_or(dst, a, b)	__cpus_or(&(dst), &(a), &(b))
#define cpus_andnot(dst, a, b)	__cpus_andnot(&(dst), &(a), &(b))
#define cpus_complement(dst, s)	__cpus_complement(&(dst), &(s))
#define cpus_weight(m)		__cpus_weight(&(m))
#define cpus_empty(m)		__cpus_empty(&(m))
#define cpus_equal(a, b)	__cpus_equal(&(a), &(b))
#define cpus_intersects(a, b)	__cpus_intersects(&(a), &(b))
#define cpus_subset(a, b)	__cpus_subset(&(a), &(b))
#define cpus_clear(m)		memset(&(m), 0, sizeof(m))

#define first_cpu(m)	((int)find_first_bit((m).bits, NR_CPUS))
#define next_cpu(n, m)	((int)find_next_bit((m).bits, NR_CPUS, (n) + 1))

#define for_each_cpu_mask(cpu, mask)		\
	for ((cpu) = first_cpu(mask);		\
	     (cpu) < NR_CPUS;			\
	     (cpu) = next_cpu((cpu), (mask)))

#define for_each_cpu(cpu)	  for_each_cpu_mask((cpu), cpu_possible_map)
#define for_each_online_cpu(cpu)  for_each_cpu_mask((cpu), cpu_online_map)

static inline cpumask_t __cpumask_of_cpu(int cpu)
{
	cpumask_t m;
	unsigned int i;

	for (i = 0; i < BITS_TO_LONGS(NR_CPUS); i++)
		m.bits[i] = 0;
	__set_bit(cpu, m.bits);
	return m;
}
#define cpumask_of_cpu(cpu)	__cpumask_of_cpu(cpu)

static inline cpumask_t __cpu_mask_all(void)
{
	cpumask_t m;

	__cpus_complement(&m, &(cpumask_t){ { 0 } });
	return m;
}

#define CPU_MASK_NONE	((cpumask_t){ { 0 } })
#define CPU_MASK_ALL	__cpu_mask_all()

#define num_online_cpus()	cpus_weight(cpu_online_map)
#define num_possible_cpus()	cpus_weight(cpu_possible_map)
#define cpu_online(cpu)		cpu_isset((cpu), cpu_online_map)
#define cpu_possible(cpu)	cpu_isset((cpu), cpu_possible_map)
#define cpu_is_offline(cpu)	(!cpu_online(cpu))

/* any_online_cpu - the first CPU of @mask that is online, or NR_CPUS. */
static inline int __any_online_cpu(const cpumask_t *mask)
{
	cpumask_t m;

	__cpus_and(&m, mask, &cpu_online_map);
	return first_cpu(m);
}
#define any_online_cpu(mask)	__any_online_cpu(&(mask))

#endif /* _LINUX_CPUMASK_H */
