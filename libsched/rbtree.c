/*
 * libsched/rbtree.c - red-black trees: the kernel's lib/rbtree interface
 * (<linux/rbtree.h>, <linux/rbtree_augmented.h>), written for the fair
 * designs of this tree (cfs, eevdf).
 *
 * The red-black properties, which keep the tree's height below
 * 2 log2(n + 1):
 *   1. every node is red or black, and the root is black;
 *   2. a red node has no red child;
 *   3. every path from a node down to a missing child passes the same
 *      number of black nodes (the node's black height).
 * Insertion links a red node and repairs (2) upwards; erasure may take a
 * black node off a path and repairs (3) upwards.  Both rotate at most
 * three times; recolouring may climb to the root.
 *
 * Each left/right case is written once, for a direction @dir and its
 * opposite !dir, instead of twice mirrored.
 *
 * History: the kernel's rbtree came from Andrea Arcangeli (1999), gained
 * the parent and colour in one word (2006), the augmented callbacks
 * (2010-2012) and the cached leftmost node (2017).
 */
#include <linux/rbtree.h>
#include <linux/rbtree_augmented.h>
#include <linux/module.h>

#define RB_LEFT	 0
#define RB_RIGHT 1

/* ---- one node ------------------------------------------------------------ */

/* A missing child counts as black. */
static inline bool rb_is_black(const struct rb_node *node)
{
	return !node || (node->__rb_parent_color & RB_BLACK);
}

static inline bool rb_is_red(const struct rb_node *node)
{
	return !rb_is_black(node);
}

static inline void rb_set_colour(struct rb_node *node, unsigned long colour)
{
	node->__rb_parent_color = (node->__rb_parent_color & ~1UL) | colour;
}

static inline void rb_set_parent(struct rb_node *node, struct rb_node *parent)
{
	node->__rb_parent_color = (unsigned long)parent |
		(node->__rb_parent_color & 1UL);
}

/* The link to @node's child on side @dir. */
static inline struct rb_node **rb_link(struct rb_node *node, int dir)
{
	return dir == RB_LEFT ? &node->rb_left : &node->rb_right;
}

/* The side of @parent on which @child hangs (@child may be NULL). */
static inline int rb_side(const struct rb_node *parent,
			  const struct rb_node *child)
{
	return parent->rb_left == child ? RB_LEFT : RB_RIGHT;
}

/* Make @new hang where @old hung under @parent (NULL: the root). */
static void rb_change_child(struct rb_node *old, struct rb_node *new,
			    struct rb_node *parent, struct rb_root *root)
{
	if (!parent)
		root->rb_node = new;
	else
		*rb_link(parent, rb_side(parent, old)) = new;
}

/*
 * rb_rotate - turn @node down to side @dir; its child on the other side
 * takes its place and hands its inner subtree over to @node.
 *
 *        node                 pivot            (@dir == RB_LEFT)
 *       /    \               /     \
 *      a    pivot   ->    node      c
 *          /     \       /    \
 *         b       c     a      b
 *
 * Colours are the caller's; the augmented summaries follow.
 */
static void rb_rotate(struct rb_node *node, int dir, struct rb_root *root,
		      const struct rb_augment_callbacks *augment)
{
	struct rb_node *pivot = *rb_link(node, !dir);
	struct rb_node *inner = *rb_link(pivot, dir);
	struct rb_node *parent = rb_parent(node);

	*rb_link(node, !dir) = inner;
	if (inner)
		rb_set_parent(inner, node);
	rb_change_child(node, pivot, parent, root);
	rb_set_parent(pivot, parent);
	*rb_link(pivot, dir) = node;
	rb_set_parent(node, pivot);
	if (augment)
		augment->rotate(node, pivot);
}

/* ---- insertion ----------------------------------------------------------- */

/*
 * rb_insert_fixup - restore property 2 above @node, just linked red.
 *
 * While @node's parent is red (so not the root, and the grandparent is
 * black): with a red uncle, the grandparent's blackness moves down to
 * parent and uncle and the problem two levels up; with a black uncle,
 * one or two rotations put a black node over the two reds and end it.
 */
static void rb_insert_fixup(struct rb_node *node, struct rb_root *root,
			    const struct rb_augment_callbacks *augment)
{
	struct rb_node *parent, *gparent, *uncle;
	int dir;

	while ((parent = rb_parent(node)) && rb_is_red(parent)) {
		gparent = rb_parent(parent);
		dir = rb_side(gparent, parent);
		uncle = *rb_link(gparent, !dir);
		if (rb_is_red(uncle)) {
			rb_set_colour(parent, RB_BLACK);
			rb_set_colour(uncle, RB_BLACK);
			rb_set_colour(gparent, RB_RED);
			node = gparent;
			continue;
		}
		/* An inner grandchild is first turned into an outer one. */
		if (node == *rb_link(parent, !dir)) {
			rb_rotate(parent, dir, root, augment);
			parent = node;
		}
		rb_set_colour(parent, RB_BLACK);
		rb_set_colour(gparent, RB_RED);
		rb_rotate(gparent, !dir, root, augment);
		break;
	}
	rb_set_colour(root->rb_node, RB_BLACK);
}

/**
 * rb_insert_color - rebalance @root after rb_link_node() added @node
 * @node: the node just linked
 * @root: its tree
 */
void rb_insert_color(struct rb_node *node, struct rb_root *root)
{
	rb_insert_fixup(node, root, NULL);
}
EXPORT_SYMBOL(rb_insert_color);

/**
 * rb_insert_augmented - rb_insert_color() for an augmented tree
 * @node: the node just linked, the summaries on its path already updated
 * @root: its tree
 * @augment: the tree's callbacks; rotate() keeps the summaries right
 */
void rb_insert_augmented(struct rb_node *node, struct rb_root *root,
			 const struct rb_augment_callbacks *augment)
{
	rb_insert_fixup(node, root, augment);
}
EXPORT_SYMBOL(rb_insert_augmented);

/* ---- erasure ------------------------------------------------------------- */

/*
 * rb_erase_fixup - restore property 3 when the paths through @node, a
 * black child of @parent (or a missing one), lost a black node.
 *
 * A red sibling is rotated up first, so that the sibling is black.  A
 * black sibling with two black children turns red: both sides of
 * @parent are short, and the problem climbs.  Otherwise one or two
 * rotations move a black node over to @node's side, and it ends.
 */
static void rb_erase_fixup(struct rb_node *node, struct rb_node *parent,
			   struct rb_root *root,
			   const struct rb_augment_callbacks *augment)
{
	struct rb_node *sibling;
	int dir;

	while (node != root->rb_node && rb_is_black(node)) {
		dir = rb_side(parent, node);
		sibling = *rb_link(parent, !dir);
		if (rb_is_red(sibling)) {
			rb_set_colour(sibling, RB_BLACK);
			rb_set_colour(parent, RB_RED);
			rb_rotate(parent, dir, root, augment);
			sibling = *rb_link(parent, !dir);
		}
		if (rb_is_black(sibling->rb_left) &&
		    rb_is_black(sibling->rb_right)) {
			rb_set_colour(sibling, RB_RED);
			node = parent;
			parent = rb_parent(node);
			continue;
		}
		/* The sibling's far child must be the red one. */
		if (rb_is_black(*rb_link(sibling, !dir))) {
			rb_set_colour(*rb_link(sibling, dir), RB_BLACK);
			rb_set_colour(sibling, RB_RED);
			rb_rotate(sibling, !dir, root, augment);
			sibling = *rb_link(parent, !dir);
		}
		rb_set_colour(sibling, parent->__rb_parent_color & 1UL);
		rb_set_colour(parent, RB_BLACK);
		rb_set_colour(*rb_link(sibling, !dir), RB_BLACK);
		rb_rotate(parent, dir, root, augment);
		return;
	}
	if (node)
		rb_set_colour(node, RB_BLACK);
}

/*
 * rb_erase_node - unlink @node, then rebalance.
 *
 * A node with at most one child is replaced by that child.  A node with
 * two is replaced by its successor (the leftmost node of its right
 * subtree, which has no left child), which takes its place and colour;
 * the successor's old place is then the one removed.  Taking a black
 * node off a path needs rb_erase_fixup(), unless a red child that moves
 * up can turn black instead.
 */
static void rb_erase_node(struct rb_node *node, struct rb_root *root,
			  const struct rb_augment_callbacks *augment)
{
	struct rb_node *parent = rb_parent(node);
	struct rb_node *child, *succ;
	bool black;

	if (!node->rb_left || !node->rb_right) {
		child = node->rb_left ? node->rb_left : node->rb_right;
		black = rb_is_black(node);
		rb_change_child(node, child, parent, root);
		if (child)
			rb_set_parent(child, parent);
		if (augment)
			augment->propagate(parent, NULL);
		goto rebalance;
	}

	succ = node->rb_right;
	while (succ->rb_left)
		succ = succ->rb_left;
	child = succ->rb_right;
	black = rb_is_black(succ);
	if (succ == node->rb_right) {
		parent = succ;
	} else {
		parent = rb_parent(succ);
		parent->rb_left = child;
		if (child)
			rb_set_parent(child, parent);
		succ->rb_right = node->rb_right;
		rb_set_parent(succ->rb_right, succ);
	}
	succ->rb_left = node->rb_left;
	rb_set_parent(succ->rb_left, succ);
	rb_change_child(node, succ, rb_parent(node), root);
	succ->__rb_parent_color = node->__rb_parent_color;
	if (augment) {
		augment->copy(node, succ);
		augment->propagate(parent, succ);
		augment->propagate(succ, NULL);
	}

rebalance:
	if (!black)
		return;
	if (rb_is_red(child))
		rb_set_colour(child, RB_BLACK);
	else
		rb_erase_fixup(child, parent, root, augment);
}

/**
 * rb_erase - take @node out of @root and rebalance
 * @node: a node of @root
 * @root: its tree
 *
 * @node's own fields are left as they were: RB_CLEAR_NODE() it if
 * RB_EMPTY_NODE() must tell later.
 */
void rb_erase(struct rb_node *node, struct rb_root *root)
{
	rb_erase_node(node, root, NULL);
}
EXPORT_SYMBOL(rb_erase);

/**
 * rb_erase_augmented - rb_erase() for an augmented tree
 * @node: a node of @root
 * @root: its tree
 * @augment: the tree's callbacks; the summaries the removal changed are
 *	recomputed
 */
void rb_erase_augmented(struct rb_node *node, struct rb_root *root,
			const struct rb_augment_callbacks *augment)
{
	rb_erase_node(node, root, augment);
}
EXPORT_SYMBOL(rb_erase_augmented);

/* ---- walking in order ---------------------------------------------------- */

/* The last node on side @dir below @node, @node itself if none. */
static struct rb_node *rb_extreme(struct rb_node *node, int dir)
{
	while (*rb_link(node, dir))
		node = *rb_link(node, dir);
	return node;
}

/*
 * rb_step - the node next to @node in direction @dir (RB_RIGHT: the
 * successor), NULL at the end: the extreme node of the subtree on that
 * side, or else the first ancestor reached from that side's opposite.
 */
static struct rb_node *rb_step(const struct rb_node *node, int dir)
{
	struct rb_node *n = (struct rb_node *)node;
	struct rb_node *parent;

	if (RB_EMPTY_NODE(node))
		return NULL;
	if (*rb_link(n, dir))
		return rb_extreme(*rb_link(n, dir), !dir);
	while ((parent = rb_parent(n)) && n == *rb_link(parent, dir))
		n = parent;
	return parent;
}

/**
 * rb_next - the node after @node in order, or NULL
 * @node: a node in a tree (NULL for one RB_CLEAR_NODE() marked)
 */
struct rb_node *rb_next(const struct rb_node *node)
{
	return rb_step(node, RB_RIGHT);
}
EXPORT_SYMBOL(rb_next);

/**
 * rb_prev - the node before @node in order, or NULL
 * @node: a node in a tree (NULL for one RB_CLEAR_NODE() marked)
 */
struct rb_node *rb_prev(const struct rb_node *node)
{
	return rb_step(node, RB_LEFT);
}
EXPORT_SYMBOL(rb_prev);

/**
 * rb_first - the first node of @root in order, NULL if it is empty
 * @root: the tree
 */
struct rb_node *rb_first(const struct rb_root *root)
{
	return root->rb_node ? rb_extreme(root->rb_node, RB_LEFT) : NULL;
}
EXPORT_SYMBOL(rb_first);

/**
 * rb_last - the last node of @root in order, NULL if it is empty
 * @root: the tree
 */
struct rb_node *rb_last(const struct rb_root *root)
{
	return root->rb_node ? rb_extreme(root->rb_node, RB_RIGHT) : NULL;
}
EXPORT_SYMBOL(rb_last);
