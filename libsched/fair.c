/*
 * libsched/fair.c - the nice weights of the fair designs and time scaled
 * by weight (<linux/sched_fair.h>).
 *
 * The table is the completely fair scheduler's (Linux 2.6.23; its
 * current form since 2.6.24): NICE_0_LOAD at nice 0 and a factor of
 * about 1.25 between neighbouring levels, so that a task one level
 * better gets about 10% more of a CPU shared with one level worse,
 * whatever the levels.  The inverse table is 2^32 / weight, as the
 * kernel rounds it.
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched_fair.h>
#include <linux/module.h>

/* clang-format 14 would put one number a line. */
/* clang-format off */
/* nice -20..19: the weight, NICE_0_LOAD (1024) at nice 0 */
const u32 sched_prio_to_weight[NICE_LEVELS] = {
	/* -20 */  88761,  71755,  56483,  46273,  36291,
	/* -15 */  29154,  23254,  18705,  14949,  11916,
	/* -10 */   9548,   7620,   6100,   4904,   3906,
	/*  -5 */   3121,   2501,   1991,   1586,   1277,
	/*   0 */   1024,    820,    655,    526,    423,
	/*   5 */    335,    272,    215,    172,    137,
	/*  10 */    110,     87,     70,     56,     45,
	/*  15 */     36,     29,     23,     18,     15,
};
EXPORT_SYMBOL(sched_prio_to_weight);

/* nice -20..19: 2^32 / the weight */
const u32 sched_prio_to_wmult[NICE_LEVELS] = {
	/* -20 */      48388,      59856,      76040,      92818,     118348,
	/* -15 */     147320,     184698,     229616,     287308,     360437,
	/* -10 */     449829,     563644,     704093,     875809,    1099582,
	/*  -5 */    1376151,    1717300,    2157191,    2708050,    3363326,
	/*   0 */    4194304,    5237765,    6557202,    8165337,   10153587,
	/*   5 */   12820798,   15790321,   19976592,   24970740,   31350126,
	/*  10 */   39045157,   49367440,   61356676,   76695844,   95443717,
	/*  15 */  119304647,  148102320,  186737708,  238609294,  286331153,
};
/* clang-format on */
EXPORT_SYMBOL(sched_prio_to_wmult);

#define WMULT_CONST (~0U) /* 2^32 - 1: 2^32 / 1, as u32 */

/**
 * load_weight_of_prio - the weight of a SCHED_NORMAL task
 * @lw: set to the weight and its inverse
 * @static_prio: MAX_RT_PRIO..MAX_PRIO-1 (nice -20..19)
 */
void load_weight_of_prio(struct load_weight *lw, int static_prio)
{
	int i = static_prio - MAX_RT_PRIO;

	BUG_ON(i < 0 || i >= NICE_LEVELS);
	lw->weight = sched_prio_to_weight[i];
	lw->inv_weight = sched_prio_to_wmult[i];
}
EXPORT_SYMBOL(load_weight_of_prio);

/**
 * update_load_add - a task of weight @inc joins the queue of weight @lw
 * @lw: the queue's weight
 * @inc: the task's
 */
void update_load_add(struct load_weight *lw, unsigned long inc)
{
	lw->weight += inc;
	lw->inv_weight = 0;
}
EXPORT_SYMBOL(update_load_add);

/**
 * update_load_sub - a task of weight @dec leaves the queue of weight @lw
 * @lw: the queue's weight
 * @dec: the task's
 */
void update_load_sub(struct load_weight *lw, unsigned long dec)
{
	BUG_ON(dec > lw->weight);
	lw->weight -= dec;
	lw->inv_weight = 0;
}
EXPORT_SYMBOL(update_load_sub);

/* The inverse of @lw's weight, computed once after it changed. */
static u32 load_inv_weight(struct load_weight *lw)
{
	if (lw->inv_weight)
		return lw->inv_weight;
	if (lw->weight >= WMULT_CONST)
		lw->inv_weight = 1;
	else if (!lw->weight)
		lw->inv_weight = WMULT_CONST;
	else
		lw->inv_weight = WMULT_CONST / lw->weight;
	return lw->inv_weight;
}

/* (@a * @mul) >> @shift, @shift <= 32, without losing the top bits. */
static u64 mul_u64_u32_shr(u64 a, u32 mul, unsigned int shift)
{
	u64 lo = (u64)(u32)a * mul;
	u64 hi = (a >> 32) * mul;

	return (lo >> shift) + (hi << (32 - shift));
}

/**
 * calc_delta_weight - @delta * @weight / @lw->weight
 * @delta: a time, in ns
 * @weight: the weight to scale to
 * @lw: the weight to scale from (a task's, or a queue's total)
 *
 * Division by the weight is a multiplication by its inverse, 2^32 /
 * weight, and a shift; the factor is shifted down first where it would
 * pass 32 bits, losing only low bits.  So CFS turns ns run into virtual
 * time (@weight NICE_0_LOAD, @lw the task's) and a period into a task's
 * share of it (@weight the task's, @lw the queue's).
 */
u64 calc_delta_weight(u64 delta, unsigned long weight, struct load_weight *lw)
{
	u64 fact = weight;
	unsigned int shift = WMULT_SHIFT;

	while (fact >> 32) {
		fact >>= 1;
		shift--;
	}
	fact *= load_inv_weight(lw);
	while (fact >> 32) {
		fact >>= 1;
		shift--;
	}
	return mul_u64_u32_shr(delta, (u32)fact, shift);
}
EXPORT_SYMBOL(calc_delta_weight);
