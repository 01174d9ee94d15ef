/*
 * tests/unit/check_rbtree.c - libsched/rbtree.c, the kernel's lib/rbtree
 * interface, and libsched/fair.c, the fair designs' nice weights.
 *
 * The tree is driven through kfix_rbtree.c, which uses it as a design
 * would and checks every red-black property by walking it:
 *   1. the root is black;
 *   2. no red node has a red child;
 *   3. every path from a node down passes the same number of blacks;
 * and besides them the parent links, the order (equal keys in the order
 * they came), the count, the cached leftmost node and, in augmented
 * mode, each node's smallest key and size of its subtree.  The random
 * sequences use a fixed seed: the same sequence every run.
 *
 * The weights are the kernel's sched_prio_to_weight and its inverse; the
 * scaled deltas are checked against the exact quotient, within what the
 * 32-bit inverse loses (named where used).
 *
 * Nothing here boots the machine.  Not tested: concurrent use (the
 * user's lock protects a tree).
 */
#include <stdio.h>
#include <string.h>

#include "testlib.h"
#include "kfix_rbtree.h"

#define BUF	160

/* A small LCG (Knuth's MMIX constants): the same sequence every run. */
static unsigned long long rng_state;

static void rng_seed(unsigned long long seed)
{
	rng_state = seed;
}

static unsigned int rng(unsigned int bound)
{
	rng_state = rng_state * 6364136223846793005ULL +
		    1442695040888963407ULL;
	return (unsigned int)(rng_state >> 33) % bound;
}

static void assert_tree_ok(void)
{
	char buf[BUF] = "";

	ck_assert_msg(kfix_rb_check(buf, sizeof(buf)) == 0, "%s", buf);
}

/* floor(log2(n + 1)) */
static int log2_floor(int n)
{
	int l = 0;

	while ((n + 1) >> (l + 1))
		l++;
	return l;
}

/* ---- empty, first, last, next, prev -------------------------------------- */

START_TEST(rb_empty_tree_has_no_first_or_last)
{
	kfix_rb_reset(0);
	ck_assert_int_eq(kfix_rb_empty(), 1);
	ck_assert_int_eq(kfix_rb_first(), -1);
	ck_assert_int_eq(kfix_rb_last(), -1);
	ck_assert_int_eq(kfix_rb_leftmost(), -1);
	ck_assert_int_eq(kfix_rb_height(), 0);
	assert_tree_ok();
}
END_TEST

/*
 * Keys 40, 10, 30, 20, 50 into slots 0..4: in order the slots read
 * 1 (10), 3 (20), 2 (30), 0 (40), 4 (50), and backwards the reverse.
 */
START_TEST(rb_walk_is_in_key_order_both_ways)
{
	static const long keys[] = { 40, 10, 30, 20, 50 };
	static const int order[] = { 1, 3, 2, 0, 4 };
	int i, slot;

	kfix_rb_reset(0);
	for (i = 0; i < 5; i++)
		ck_assert_int_eq(kfix_rb_insert(i, keys[i]), 0);
	ck_assert_int_eq(kfix_rb_empty(), 0);
	for (i = 0, slot = kfix_rb_first(); i < 5; i++) {
		ck_assert_int_eq(slot, order[i]);
		slot = kfix_rb_next(slot);
	}
	ck_assert_int_eq(slot, -1);
	for (i = 4, slot = kfix_rb_last(); i >= 0; i--) {
		ck_assert_int_eq(slot, order[i]);
		slot = kfix_rb_prev(slot);
	}
	ck_assert_int_eq(slot, -1);
	assert_tree_ok();
}
END_TEST

/* Five nodes of key 7 walk in the order they were inserted: 0..4. */
START_TEST(rb_equal_keys_keep_insertion_order)
{
	int i, slot;

	kfix_rb_reset(0);
	for (i = 0; i < 5; i++)
		ck_assert_int_eq(kfix_rb_insert(i, 7), 0);
	for (i = 0, slot = kfix_rb_first(); i < 5; i++) {
		ck_assert_int_eq(slot, i);
		slot = kfix_rb_next(slot);
	}
	assert_tree_ok();
}
END_TEST

/* A slot already in the tree cannot go in twice; the tree stays. */
START_TEST(rb_insert_of_a_queued_node_refused)
{
	kfix_rb_reset(0);
	ck_assert_int_eq(kfix_rb_insert(3, 5), 0);
	ck_assert_int_eq(kfix_rb_insert(3, 9), -1);
	ck_assert_int_eq(kfix_rb_link(3, 9), -1);
	ck_assert_int_eq(kfix_rb_insert(KFIX_RB_NODES, 9), -1);
	ck_assert_int_eq(kfix_rb_count(), 1);
	ck_assert_int_eq(kfix_rb_key(3), 5);
	assert_tree_ok();
}
END_TEST

/* An erased, cleared node is in no tree, and has no neighbours. */
START_TEST(rb_erased_node_is_empty_without_neighbours)
{
	kfix_rb_reset(0);
	ck_assert_int_eq(kfix_rb_insert(0, 1), 0);
	ck_assert_int_eq(kfix_rb_insert(1, 2), 0);
	ck_assert_int_eq(kfix_rb_insert(2, 3), 0);
	ck_assert_int_eq(kfix_rb_in_tree(1), 1);
	ck_assert_int_eq(kfix_rb_erase(1), 0);
	ck_assert_int_eq(kfix_rb_in_tree(1), 0);
	ck_assert_int_eq(kfix_rb_next(1), -1);
	ck_assert_int_eq(kfix_rb_prev(1), -1);
	ck_assert_int_eq(kfix_rb_erase(1), -1);
	ck_assert_int_eq(kfix_rb_next(0), 2);
	assert_tree_ok();
}
END_TEST

/* ---- the cached leftmost node -------------------------------------------- */

/*
 * Keys 50, 10, 30 then erase 10, 30, 50: the leftmost goes
 * 50 -> 10 -> 10, then 30 -> 50 -> none.
 */
START_TEST(rb_cached_leftmost_follows_the_smallest_key)
{
	kfix_rb_reset(_i);
	kfix_rb_insert(0, 50);
	ck_assert_int_eq(kfix_rb_leftmost(), 0);
	kfix_rb_link(1, 10);
	ck_assert_int_eq(kfix_rb_leftmost(), 1);
	kfix_rb_insert(2, 30);
	ck_assert_int_eq(kfix_rb_leftmost(), 1);
	kfix_rb_erase(1);
	ck_assert_int_eq(kfix_rb_leftmost(), 2);
	kfix_rb_erase(2);
	ck_assert_int_eq(kfix_rb_leftmost(), 0);
	kfix_rb_erase(0);
	ck_assert_int_eq(kfix_rb_leftmost(), -1);
	ck_assert_int_eq(kfix_rb_empty(), 1);
}
END_TEST

/* ---- balance and the red-black properties ------------------------------- */

/*
 * 1023 keys in ascending order, the worst case of a plain search tree
 * (it would be a list 1023 deep): a red-black tree of n nodes is at
 * most 2 log2(n + 1) = 20 high, and here every insertion is checked.
 */
START_TEST(rb_ascending_inserts_stay_balanced)
{
	const int n = KFIX_RB_NODES - 1;
	int i;

	kfix_rb_reset(_i);
	for (i = 0; i < n; i++) {
		ck_assert_int_eq(kfix_rb_insert(i, i), 0);
		assert_tree_ok();
	}
	ck_assert_int_le(kfix_rb_height(), 2 * log2_floor(n));
	ck_assert_int_eq(kfix_rb_first(), 0);
	ck_assert_int_eq(kfix_rb_last(), n - 1);
}
END_TEST

/*
 * 20000 random operations (seed 21): insert a free slot with a key in
 * 0..99 (so many keys are equal), or erase a queued slot, with the two
 * ways of inserting alternating; every property checked after each.
 * Loop 0 plain, 1 augmented.
 */
#define RANDOM_OPS	20000

START_TEST(rb_random_inserts_and_erases_keep_the_properties)
{
	int op, slot, inserts = 0, erases = 0;

	kfix_rb_reset(_i);
	rng_seed(21);
	for (op = 0; op < RANDOM_OPS; op++) {
		slot = rng(KFIX_RB_NODES / 2);
		if (kfix_rb_in_tree(slot)) {
			ck_assert_int_eq(kfix_rb_erase(slot), 0);
			erases++;
		} else if (op & 1) {
			ck_assert_int_eq(kfix_rb_insert(slot, rng(100)), 0);
			inserts++;
		} else {
			ck_assert_int_eq(kfix_rb_link(slot, rng(100)), 0);
			inserts++;
		}
		assert_tree_ok();
	}
	/* both kinds of operation ran many times */
	ck_assert_int_gt(inserts, RANDOM_OPS / 4);
	ck_assert_int_gt(erases, RANDOM_OPS / 4);
	ck_assert_int_le(kfix_rb_height(), 2 * log2_floor(kfix_rb_count()));
}
END_TEST

/* Erasing everything in random order ends with an empty, valid tree. */
START_TEST(rb_erasing_every_node_empties_the_tree)
{
	int i, slot, left = 300;

	kfix_rb_reset(_i);
	rng_seed(7);
	for (i = 0; i < left; i++)
		kfix_rb_insert(i, rng(1000));
	while (left) {
		slot = rng(300);
		if (kfix_rb_erase(slot) == 0) {
			left--;
			assert_tree_ok();
		}
	}
	ck_assert_int_eq(kfix_rb_empty(), 1);
	ck_assert_int_eq(kfix_rb_leftmost(), -1);
}
END_TEST

/* ---- augmented ----------------------------------------------------------- */

/*
 * Keys 1..100 inserted in a shuffled order: the root's summary is the
 * smallest key, 1, and the size 100; erasing the smallest key each time
 * moves the summary to the next one, 2, 3, ..., and the size down.
 */
START_TEST(rb_augmented_summary_follows_erasing_the_minimum)
{
	int slots[100], i, j, t;

	kfix_rb_reset(1);
	for (i = 0; i < 100; i++)
		slots[i] = i;
	rng_seed(3);
	for (i = 99; i > 0; i--) {
		j = rng(i + 1);
		t = slots[i], slots[i] = slots[j], slots[j] = t;
	}
	for (i = 0; i < 100; i++)
		kfix_rb_insert(slots[i], slots[i] + 1);
	ck_assert_int_eq(kfix_rb_root_min(), 1);
	ck_assert_int_eq(kfix_rb_root_size(), 100);
	for (i = 0; i < 99; i++) {
		ck_assert_int_eq(kfix_rb_erase(kfix_rb_leftmost()), 0);
		ck_assert_int_eq(kfix_rb_root_min(), i + 2);
		ck_assert_int_eq(kfix_rb_root_size(), 99 - i);
		assert_tree_ok();
	}
}
END_TEST

/*
 * A key below every other, linked the open-coded way (the walk updates
 * the summaries on its path): the root's summary becomes it at once.
 */
START_TEST(rb_augmented_summary_follows_a_new_minimum)
{
	int i;

	kfix_rb_reset(1);
	for (i = 0; i < 64; i++)
		kfix_rb_insert(i, 100 + i);
	ck_assert_int_eq(kfix_rb_root_min(), 100);
	kfix_rb_link(64, -5);
	ck_assert_int_eq(kfix_rb_root_min(), -5);
	ck_assert_int_eq(kfix_rb_root_size(), 65);
	assert_tree_ok();
}
END_TEST

/* ---- the check itself ---------------------------------------------------- */

/* The property checks catch a broken tree: a red root, keys swapped. */
START_TEST(rb_check_catches_a_broken_tree)
{
	char buf[BUF] = "";
	int i;

	kfix_rb_reset(0);
	for (i = 0; i < 10; i++)
		kfix_rb_insert(i, i);
	kfix_rb_corrupt(_i);
	ck_assert_int_ne(kfix_rb_check(buf, sizeof(buf)), 0);
	ck_assert_ptr_nonnull(strstr(buf, _i ? "after slot" : "root"));
}
END_TEST

/* ---- the nice weights ---------------------------------------------------- */

/* nice 0 weighs 1024, nice -20 88761, nice 19 15 (the kernel's table). */
START_TEST(fair_weight_ends_and_middle)
{
	ck_assert_uint_eq(kfix_fair_weight(0), 1024);
	ck_assert_uint_eq(kfix_fair_weight(-20), 88761);
	ck_assert_uint_eq(kfix_fair_weight(19), 15);
	ck_assert_uint_eq(kfix_fair_weight(5), 335);
}
END_TEST

/*
 * Each nice level weighs about 1.25 times the next: between 1.2 and
 * 1.28 in the table (the small weights are rounded to integers).
 */
START_TEST(fair_weight_steps_about_one_and_a_quarter)
{
	int nice;

	for (nice = -20; nice < 19; nice++) {
		unsigned long a = kfix_fair_weight(nice);
		unsigned long b = kfix_fair_weight(nice + 1);

		ck_assert_msg(a * 100 >= b * 120 && a * 100 <= b * 128,
			      "nice %d: %lu vs %lu", nice, a, b);
	}
}
END_TEST

/* The inverse is 2^32 / weight, to the nearest integer or below it. */
START_TEST(fair_wmult_is_the_inverse)
{
	int nice;

	for (nice = -20; nice <= 19; nice++) {
		unsigned long long w = kfix_fair_weight(nice);
		unsigned long long m = kfix_fair_wmult(nice);
		unsigned long long prod = w * m, one = 1ULL << 32;

		ck_assert_msg(prod + w > one && prod < one + w,
			      "nice %d: %llu * %llu", nice, w, m);
	}
	ck_assert_uint_eq(kfix_fair_wmult(0), 4194304);	/* 2^22 */
}
END_TEST

/* 1 ms at nice 0 is 1 ms of virtual time, exactly. */
START_TEST(fair_vdelta_at_nice_0_is_real_time)
{
	ck_assert_uint_eq(kfix_fair_vdelta(MS(1), 0), MS(1));
}
END_TEST

/* expected within 1 part in 10^4 (the 32-bit inverse's error) */
static void assert_close(unsigned long long got, double want)
{
	double d = (double)got - want;

	ck_assert_msg(d <= want / 1e4 + 1 && -d <= want / 1e4 + 1,
		      "%llu, expected %.1f", got, want);
}

/*
 * 1 ms run at nice 5 (weight 335) is 1e6 * 1024 / 335 = 3056716 ns of
 * virtual time; at nice -20 (88761), 11537 ns.
 */
START_TEST(fair_vdelta_scales_by_1024_over_the_weight)
{
	assert_close(kfix_fair_vdelta(MS(1), 5), 1e6 * 1024 / 335);
	assert_close(kfix_fair_vdelta(MS(1), -20), 1e6 * 1024 / 88761);
	assert_close(kfix_fair_vdelta(MS(1), 19), 1e6 * 1024 / 15);
}
END_TEST

/*
 * The share of a 6 ms period of a nice 0 task on a queue with a nice 5
 * one: 6e6 * 1024 / 1359 = 4520971 ns; once the nice 0 task left the
 * queue (update_load_sub), 6e6 * 1024 / 335.
 */
START_TEST(fair_share_of_a_period_by_queue_weight)
{
	static const int nices[] = { 0, 5 };

	assert_close(kfix_fair_queue_delta(MS(6), nices, 2, 0),
		     6e6 * 1024 / 1359);
	assert_close(kfix_fair_queue_delta(MS(6), nices, 2, 1),
		     6e6 * 1024 / 335);
}
END_TEST

/*
 * Deltas past 32 bits keep their top bits: 1000 s at weight 1024 over a
 * queue of 2048 is 500 s.
 */
START_TEST(fair_delta_past_32_bits)
{
	assert_close(kfix_fair_delta(SEC(1000), 1024, 2048), 5e11);
}
END_TEST

/*
 * The limits of the inverse: a weight past 32 bits is shifted down
 * first (2^33 over 1000, 1000 ns: 2^33); a queue of weight 0 counts
 * as 1 (inverse 2^32 - 1); one of 2^32 or more as 2^32 (inverse 1).
 */
START_TEST(fair_delta_at_the_limits)
{
	assert_close(kfix_fair_delta(1000, 1UL << 33, 1000), 8589934592.0);
	assert_close(kfix_fair_delta(1000, 1024, 0), 1024000);
	ck_assert_uint_eq(kfix_fair_delta(1ULL << 32, 1024, 1UL << 32), 1024);
}
END_TEST

static Suite *rbtree_suite(void)
{
	Suite *s = suite_create("rbtree");
	TCase *tc;

	tc = tcase_create("walk");
	tcase_add_test(tc, rb_empty_tree_has_no_first_or_last);
	tcase_add_test(tc, rb_walk_is_in_key_order_both_ways);
	tcase_add_test(tc, rb_equal_keys_keep_insertion_order);
	tcase_add_test(tc, rb_insert_of_a_queued_node_refused);
	tcase_add_test(tc, rb_erased_node_is_empty_without_neighbours);
	tcase_add_loop_test(tc, rb_cached_leftmost_follows_the_smallest_key, 0,
			    2);
	suite_add_tcase(s, tc);

	tc = tcase_create("balance");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, rb_ascending_inserts_stay_balanced, 0, 2);
	tcase_add_loop_test(tc,
			    rb_random_inserts_and_erases_keep_the_properties, 0,
			    2);
	tcase_add_loop_test(tc, rb_erasing_every_node_empties_the_tree, 0, 2);
	suite_add_tcase(s, tc);

	tc = tcase_create("augmented");
	tcase_add_test(tc, rb_augmented_summary_follows_erasing_the_minimum);
	tcase_add_test(tc, rb_augmented_summary_follows_a_new_minimum);
	suite_add_tcase(s, tc);

	tc = tcase_create("check");
	tcase_add_loop_test(tc, rb_check_catches_a_broken_tree, 0, 2);
	suite_add_tcase(s, tc);

	tc = tcase_create("weights");
	tcase_add_test(tc, fair_weight_ends_and_middle);
	tcase_add_test(tc, fair_weight_steps_about_one_and_a_quarter);
	tcase_add_test(tc, fair_wmult_is_the_inverse);
	tcase_add_test(tc, fair_vdelta_at_nice_0_is_real_time);
	tcase_add_test(tc, fair_vdelta_scales_by_1024_over_the_weight);
	tcase_add_test(tc, fair_share_of_a_period_by_queue_weight);
	tcase_add_test(tc, fair_delta_past_32_bits);
	tcase_add_test(tc, fair_delta_at_the_limits);
	suite_add_tcase(s, tc);

	return s;
}

int main(void)
{
	return t_run_suite(rbtree_suite());
}
