/*
 * tests/unit/kfix_rbtree.c - a red-black tree and the fair weights for
 * check_rbtree.
 *
 * Kernel-world code, compiled like libsched: it uses <linux/rbtree.h>
 * and <linux/rbtree_augmented.h> as a design would, and checks every
 * red-black property by walking the tree itself.  The interface is
 * kfix_rbtree.h.
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/rbtree.h>
#include <linux/rbtree_augmented.h>
#include <linux/sched_fair.h>

#include "kfix_rbtree.h"

/* What augmented mode keeps of a node's subtree. */
struct kfix_rb_summary {
	long min_key;		/* the smallest key */
	int size;		/* how many nodes */
};

struct kfix_rb {
	struct rb_node node;
	long key;
	unsigned long seq;	/* insertion order, to check equal keys */
	struct kfix_rb_summary sum;
};

static struct kfix_rb pool[KFIX_RB_NODES];
static struct rb_root_cached tree = RB_ROOT_CACHED;
static int augmented, count;
static unsigned long seq;

static struct kfix_rb *rb_kfix(const struct rb_node *node)
{
	return rb_entry_safe(node, struct kfix_rb, node);
}

static int slot_of(const struct rb_node *node)
{
	return node ? rb_kfix(node) - pool : -1;
}

/* ---- the augmented summaries --------------------------------------------- */

static long subtree_min(const struct rb_node *node, long min)
{
	if (node && rb_kfix(node)->sum.min_key < min)
		return rb_kfix(node)->sum.min_key;
	return min;
}

static int subtree_size(const struct rb_node *node)
{
	return node ? rb_kfix(node)->sum.size : 0;
}

/* @k's summaries from its key and its children's; true if unchanged. */
static bool kfix_rb_compute(struct kfix_rb *k, bool exit)
{
	long min = subtree_min(k->node.rb_right,
			       subtree_min(k->node.rb_left, k->key));
	int size = 1 + subtree_size(k->node.rb_left) +
		   subtree_size(k->node.rb_right);

	if (exit && k->sum.min_key == min && k->sum.size == size)
		return true;
	k->sum.min_key = min;
	k->sum.size = size;
	return false;
}

RB_DECLARE_CALLBACKS(static, kfix_rb_callbacks, struct kfix_rb, node, sum,
		     kfix_rb_compute);

/* ---- building ------------------------------------------------------------ */

static bool kfix_rb_less(struct rb_node *a, const struct rb_node *b)
{
	return rb_kfix(a)->key < rb_kfix(b)->key;
}

void kfix_rb_reset(int aug)
{
	int i;

	tree = RB_ROOT_CACHED;
	for (i = 0; i < KFIX_RB_NODES; i++)
		RB_CLEAR_NODE(&pool[i].node);
	augmented = aug;
	count = 0;
	seq = 0;
}

/* The slot's node, ready to be inserted with @key, or NULL. */
static struct kfix_rb *new_node(int slot, long key)
{
	struct kfix_rb *k;

	if (slot < 0 || slot >= KFIX_RB_NODES)
		return NULL;
	k = &pool[slot];
	if (!RB_EMPTY_NODE(&k->node))
		return NULL;
	k->key = k->sum.min_key = key;
	k->sum.size = 1;
	k->seq = seq++;
	count++;
	return k;
}

int kfix_rb_insert(int slot, long key)
{
	struct kfix_rb *k = new_node(slot, key);

	if (!k)
		return -1;
	if (augmented)
		rb_add_augmented_cached(&k->node, &tree, kfix_rb_less,
					&kfix_rb_callbacks);
	else
		rb_add_cached(&k->node, &tree, kfix_rb_less);
	return 0;
}

int kfix_rb_link(int slot, long key)
{
	struct kfix_rb *k = new_node(slot, key);
	struct rb_node **link = &tree.rb_root.rb_node, *parent = NULL;
	bool leftmost = true;

	if (!k)
		return -1;
	while (*link) {
		parent = *link;
		if (augmented)
			rb_kfix(parent)->sum.size++;
		if (augmented && key < rb_kfix(parent)->sum.min_key)
			rb_kfix(parent)->sum.min_key = key;
		if (key < rb_kfix(parent)->key) {
			link = &parent->rb_left;
		} else {
			link = &parent->rb_right;
			leftmost = false;
		}
	}
	rb_link_node(&k->node, parent, link);
	if (augmented)
		rb_insert_augmented_cached(&k->node, &tree, leftmost,
					   &kfix_rb_callbacks);
	else
		rb_insert_color_cached(&k->node, &tree, leftmost);
	return 0;
}

int kfix_rb_erase(int slot)
{
	struct kfix_rb *k;

	if (kfix_rb_in_tree(slot) != 1)
		return -1;
	k = &pool[slot];
	if (augmented)
		rb_erase_augmented_cached(&k->node, &tree, &kfix_rb_callbacks);
	else
		rb_erase_cached(&k->node, &tree);
	RB_CLEAR_NODE(&k->node);
	count--;
	return 0;
}

int kfix_rb_in_tree(int slot)
{
	if (slot < 0 || slot >= KFIX_RB_NODES)
		return -1;
	return !RB_EMPTY_NODE(&pool[slot].node);
}

int kfix_rb_count(void)
{
	return count;
}

int kfix_rb_empty(void)
{
	return RB_EMPTY_ROOT(&tree.rb_root);
}

/* ---- checking ------------------------------------------------------------ */

static bool is_red(const struct rb_node *node)
{
	return node && !(node->__rb_parent_color & RB_BLACK);
}

struct walk {
	char *buf;
	int len;
	int nodes;
	const struct kfix_rb *prev;	/* in order */
};

/* The check failed: the reason into the walk's buffer, -1. */
#define FAIL(w, ...) ({ snprintf((w)->buf, (w)->len, __VA_ARGS__); -1; })

static int check_links(struct walk *w, const struct rb_node *node)
{
	const struct rb_node *child[2] = { node->rb_left, node->rb_right };
	int i;

	for (i = 0; i < 2; i++) {
		if (child[i] && rb_parent(child[i]) != node)
			return FAIL(w, "slot %d: child %d's parent is %d",
				    slot_of(node), slot_of(child[i]),
				    slot_of(rb_parent(child[i])));
		if (is_red(node) && is_red(child[i]))
			return FAIL(w, "slot %d: red with red child %d",
				    slot_of(node), slot_of(child[i]));
	}
	return 0;
}

static int check_order(struct walk *w, const struct kfix_rb *k)
{
	const struct kfix_rb *p = w->prev;

	w->prev = k;
	w->nodes++;
	if (!p || p->key < k->key || (p->key == k->key && p->seq < k->seq))
		return 0;
	return FAIL(w, "slot %d (key %ld) after slot %d (key %ld)",
		    slot_of(&k->node), k->key, slot_of(&p->node), p->key);
}

static int check_summary(struct walk *w, struct kfix_rb *k)
{
	long min = k->sum.min_key;
	int size = k->sum.size;

	if (!augmented || kfix_rb_compute(k, true))
		return 0;
	return FAIL(w, "slot %d: summary min %ld size %d, subtree has %ld %d",
		    slot_of(&k->node), min, size, k->sum.min_key, k->sum.size);
}

/* The black height of @node's subtree, or -1 with the reason written. */
static int check_subtree(struct walk *w, const struct rb_node *node)
{
	int left, right;

	if (!node)
		return 1;
	if (check_links(w, node))
		return -1;
	left = check_subtree(w, node->rb_left);
	if (left < 0 || check_order(w, rb_kfix(node)))
		return -1;
	right = check_subtree(w, node->rb_right);
	if (right < 0 || check_summary(w, rb_kfix(node)))
		return -1;
	if (left != right)
		return FAIL(w, "slot %d: black heights %d left, %d right",
			    slot_of(node), left, right);
	return left + !is_red(node);
}

int kfix_rb_check(char *buf, int len)
{
	struct walk w = { .buf = buf, .len = len };
	const struct rb_node *root = tree.rb_root.rb_node;

	if (root && (is_red(root) || rb_parent(root)))
		return FAIL(&w, "root slot %d: red or with a parent",
			    slot_of(root));
	if (check_subtree(&w, root) < 0)
		return -1;
	if (w.nodes != count)
		return FAIL(&w, "%d nodes in the tree, %d inserted", w.nodes,
			    count);
	if (rb_first_cached(&tree) != rb_first(&tree.rb_root))
		return FAIL(&w, "leftmost cached slot %d, first slot %d",
			    slot_of(rb_first_cached(&tree)),
			    slot_of(rb_first(&tree.rb_root)));
	return 0;
}

static int height(const struct rb_node *node)
{
	if (!node)
		return 0;
	return 1 + max(height(node->rb_left), height(node->rb_right));
}

int kfix_rb_height(void)
{
	return height(tree.rb_root.rb_node);
}

int kfix_rb_black_height(void)
{
	const struct rb_node *node;
	int h = 0;

	for (node = tree.rb_root.rb_node; node; node = node->rb_left)
		h += !is_red(node);
	return h;
}

/* ---- walking ------------------------------------------------------------- */

int kfix_rb_first(void)
{
	return slot_of(rb_first(&tree.rb_root));
}

int kfix_rb_last(void)
{
	return slot_of(rb_last(&tree.rb_root));
}

int kfix_rb_leftmost(void)
{
	return slot_of(rb_first_cached(&tree));
}

int kfix_rb_next(int slot)
{
	return slot_of(rb_next(&pool[slot].node));
}

int kfix_rb_prev(int slot)
{
	return slot_of(rb_prev(&pool[slot].node));
}

long kfix_rb_key(int slot)
{
	return pool[slot].key;
}

long kfix_rb_root_min(void)
{
	return rb_kfix(tree.rb_root.rb_node)->sum.min_key;
}

int kfix_rb_root_size(void)
{
	return subtree_size(tree.rb_root.rb_node);
}

void kfix_rb_corrupt(int what)
{
	struct kfix_rb *first = rb_kfix(rb_first(&tree.rb_root));
	struct kfix_rb *last = rb_kfix(rb_last(&tree.rb_root));
	long key;

	if (what == 0) {
		tree.rb_root.rb_node->__rb_parent_color &= ~1UL;
		return;
	}
	key = first->key;
	first->key = last->key;
	last->key = key;
}

/* ---- the weights --------------------------------------------------------- */

unsigned long kfix_fair_weight(int nice)
{
	return sched_prio_to_weight[nice + 20];
}

unsigned long kfix_fair_wmult(int nice)
{
	return sched_prio_to_wmult[nice + 20];
}

unsigned long long kfix_fair_delta(unsigned long long delta,
				   unsigned long weight, unsigned long load)
{
	struct load_weight lw = { .weight = load };

	return calc_delta_weight(delta, weight, &lw);
}

unsigned long long kfix_fair_vdelta(unsigned long long delta, int nice)
{
	struct load_weight lw;

	load_weight_of_prio(&lw, MAX_RT_PRIO + 20 + nice);
	return calc_delta_fair(delta, &lw);
}

unsigned long long kfix_fair_queue_delta(unsigned long long delta,
					 const int *nices, int n, int gone)
{
	struct load_weight queue = { 0, 0 }, task;
	int i;

	for (i = 0; i < n; i++) {
		load_weight_of_prio(&task, MAX_RT_PRIO + 20 + nices[i]);
		update_load_add(&queue, task.weight);
	}
	for (i = 0; i < gone; i++) {
		load_weight_of_prio(&task, MAX_RT_PRIO + 20 + nices[i]);
		update_load_sub(&queue, task.weight);
	}
	return calc_delta_weight(delta, NICE_0_LOAD, &queue);
}
