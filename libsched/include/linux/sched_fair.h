/*
 * include/linux/sched_fair.h - what the fair designs (cfs, eevdf) share:
 * the nice-to-weight table of the completely fair scheduler (Linux
 * 2.6.23 and later) and time scaled by weight.
 *
 * A task's weight is its share of a CPU: two runnable tasks of weights
 * w1 and w2 get w1 / (w1 + w2) and w2 / (w1 + w2) of it.  Nice 0 weighs
 * NICE_0_LOAD (1024); each nice level is about 1.25 times the next, so
 * one level up or down moves about 10% of the CPU between two tasks:
 * nice -20 weighs 88761, nice 19 weighs 15.  The inverse table holds
 * 2^32 / weight, so that dividing by a weight is a multiply and a shift.
 */
#ifndef _LINUX_SCHED_FAIR_H
#define _LINUX_SCHED_FAIR_H

#include <linux/types.h>

#define NICE_0_LOAD 1024UL /* the weight of nice 0 */
#define WMULT_SHIFT 32	   /* inv_weight is 2^32 / weight */
#define NICE_LEVELS 40	   /* nice -20..19 */

/* Weight and its inverse by nice + 20 (static_prio - MAX_RT_PRIO). */
extern const u32 sched_prio_to_weight[NICE_LEVELS];
extern const u32 sched_prio_to_wmult[NICE_LEVELS];

/**
 * struct load_weight - a weight and its inverse, of a task or a queue
 * @weight: the weight (a queue's: the sum of its tasks')
 * @inv_weight: 2^32 / @weight, 0 until calc_delta_weight() needs it
 */
struct load_weight {
	unsigned long weight;
	u32 inv_weight;
};

extern void load_weight_of_prio(struct load_weight *lw, int static_prio);
extern void update_load_add(struct load_weight *lw, unsigned long inc);
extern void update_load_sub(struct load_weight *lw, unsigned long dec);
extern u64 calc_delta_weight(u64 delta, unsigned long weight,
			     struct load_weight *lw);

/**
 * calc_delta_fair - @delta of real time as virtual time for weight @lw
 * @delta: ns run
 * @lw: the runner's weight
 *
 * delta * NICE_0_LOAD / weight: a nice 0 task's virtual time is its real
 * time, a heavier one's runs slower, a lighter one's faster.
 */
static inline u64 calc_delta_fair(u64 delta, struct load_weight *lw)
{
	if (lw->weight == NICE_0_LOAD)
		return delta;
	return calc_delta_weight(delta, NICE_0_LOAD, lw);
}

#endif /* _LINUX_SCHED_FAIR_H */
