/*
 * tests/unit/kfix_rbtree.h - one red-black tree of libsched/rbtree.c and
 * the weights of libsched/fair.c, seen from a test.
 *
 * kfix_rbtree.c is kernel-world code (compiled like libsched) holding a
 * pool of KFIX_RB_NODES nodes, each with a key, in one cached tree; this
 * header is host-includable and uses plain C types only.  A node is
 * named by its slot in the pool.  In augmented mode every node also
 * keeps the smallest key and the number of nodes of its subtree, kept
 * right by the rb_augment_callbacks of RB_DECLARE_CALLBACKS() (the way
 * EEVDF keeps the smallest vruntime under a node).
 *
 * Nothing here runs on the simulated machine: call it from the test
 * program at any time, no machine booted.
 */
#ifndef _PLUGSCHED_KFIX_RBTREE_H
#define _PLUGSCHED_KFIX_RBTREE_H

#ifdef __cplusplus
extern "C" {
#endif

#define KFIX_RB_NODES	1024

/*
 * Empty the tree and clear every node; @augmented 1: from now on insert
 * and erase with the augmented calls, 0: with the plain ones.
 */
void kfix_rb_reset(int augmented);

/*
 * Insert slot @slot with @key (rb_add_cached() or
 * rb_add_augmented_cached(): an equal key goes after those already in).
 * 0, or -1 if @slot is out of range or in the tree already.
 */
int kfix_rb_insert(int slot, long key);

/*
 * Insert slot @slot with @key by walking down, rb_link_node() and
 * rb_insert_color_cached() (or rb_insert_augmented_cached()): the
 * open-coded way.  0, or -1 as kfix_rb_insert().
 */
int kfix_rb_link(int slot, long key);

/* Erase slot @slot (the cached calls) and clear it.  0, or -1. */
int kfix_rb_erase(int slot);

/* 1 if @slot is in the tree, by RB_EMPTY_NODE(); -1 if out of range. */
int kfix_rb_in_tree(int slot);

/* How many nodes the tree holds. */
int kfix_rb_count(void);

/* 1 if RB_EMPTY_ROOT(). */
int kfix_rb_empty(void);

/*
 * Check the whole tree: the root black without a parent, every child's
 * parent pointer, no red node with a red child, one black height on
 * every path, keys in order (equal keys in insertion order), the count,
 * the cached leftmost equal to rb_first(), and in augmented mode every
 * node's smallest key and size.  0, or nonzero with a one-line reason
 * in @buf.
 */
int kfix_rb_check(char *buf, int len);

/* The height of the tree (0 empty) and its root's black height. */
int kfix_rb_height(void);
int kfix_rb_black_height(void);

/* Slots by rb_first(), rb_last(), rb_first_cached(): -1 when empty. */
int kfix_rb_first(void);
int kfix_rb_last(void);
int kfix_rb_leftmost(void);

/* The slot after / before @slot by rb_next() / rb_prev(): -1 if none. */
int kfix_rb_next(int slot);
int kfix_rb_prev(int slot);

/* The key of @slot. */
long kfix_rb_key(int slot);

/* Augmented mode: the smallest key and the size under the root. */
long kfix_rb_root_min(void);
int kfix_rb_root_size(void);

/*
 * Break the tree on purpose, for the check's own test: paint the root
 * red (what = 0) or swap the keys of the first and last node (1).
 */
void kfix_rb_corrupt(int what);

/* ---- libsched/fair.c ---------------------------------------------------- */

/* sched_prio_to_weight / sched_prio_to_wmult of nice @nice (-20..19). */
unsigned long kfix_fair_weight(int nice);
unsigned long kfix_fair_wmult(int nice);

/* calc_delta_weight(@delta, @weight, a load of weight @load). */
unsigned long long kfix_fair_delta(unsigned long long delta,
				   unsigned long weight, unsigned long load);

/* calc_delta_fair(@delta, the weight of nice @nice). */
unsigned long long kfix_fair_vdelta(unsigned long long delta, int nice);

/*
 * A queue's weight after tasks of nice @nices[0..n-1] joined and the
 * first @gone of them left again (update_load_add/sub), scaled to:
 * calc_delta_weight(@delta, weight of nice 0, that queue).
 */
unsigned long long kfix_fair_queue_delta(unsigned long long delta,
					 const int *nices, int n, int gone);

#ifdef __cplusplus
}
#endif

#endif /* _PLUGSCHED_KFIX_RBTREE_H */
