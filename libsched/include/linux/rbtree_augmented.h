/*
 * include/linux/rbtree_augmented.h - red-black trees whose nodes carry a
 * value summarising their subtree (the kernel's interface, Linux 2.6.37
 * and later), such as EEVDF's smallest vruntime below a node.
 *
 * The tree calls three functions of the user, so that the summaries stay
 * right through its rebalancing:
 *   propagate(node, stop)  recompute @node and its ancestors, up to but
 *                          not including @stop (NULL: up to the root);
 *                          it may stop early where a value is unchanged;
 *   copy(old, new)         @new takes @old's place in the tree: give it
 *                          @old's summary;
 *   rotate(old, new)       a rotation put @new where @old was, and @old
 *                          below it: @new takes @old's summary and @old's
 *                          is recomputed from its new children.
 *
 * Insertion: link the node as usual and make its summary cover itself
 * and its ancestors' include it (propagate(parent, NULL) after
 * rb_link_node() does both if the node's own value is set), then call
 * rb_insert_augmented() instead of rb_insert_color().  Erasure:
 * rb_erase_augmented() instead of rb_erase(); it recomputes what the
 * removal changed.  RB_DECLARE_CALLBACKS() writes the three functions
 * from one that computes a node's summary.
 */
#ifndef _LINUX_RBTREE_AUGMENTED_H
#define _LINUX_RBTREE_AUGMENTED_H

#include <linux/rbtree.h>

struct rb_augment_callbacks {
	void (*propagate)(struct rb_node *node, struct rb_node *stop);
	void (*copy)(struct rb_node *old, struct rb_node *new);
	void (*rotate)(struct rb_node *old, struct rb_node *new);
};

extern void rb_insert_augmented(struct rb_node *node, struct rb_root *root,
				const struct rb_augment_callbacks *augment);
extern void rb_erase_augmented(struct rb_node *node, struct rb_root *root,
			       const struct rb_augment_callbacks *augment);

/* rb_insert_augmented() keeping the leftmost node (see rbtree.h). */
static inline void
rb_insert_augmented_cached(struct rb_node *node, struct rb_root_cached *root,
			   bool leftmost,
			   const struct rb_augment_callbacks *augment)
{
	if (leftmost)
		root->rb_leftmost = node;
	rb_insert_augmented(node, &root->rb_root, augment);
}

/* rb_erase_augmented() keeping the leftmost node (see rbtree.h). */
static inline struct rb_node *
rb_erase_augmented_cached(struct rb_node *node, struct rb_root_cached *root,
			  const struct rb_augment_callbacks *augment)
{
	struct rb_node *leftmost = NULL;

	if (root->rb_leftmost == node)
		leftmost = root->rb_leftmost = rb_next(node);
	rb_erase_augmented(node, &root->rb_root, augment);
	return leftmost;
}

/**
 * rb_add_augmented_cached - rb_add_cached() for an augmented tree
 * @node: the node to insert, its own summary already set
 * @tree: the tree
 * @less: true if its first node sorts before its second
 * @augment: the tree's callbacks
 *
 * Returns @node if it became the leftmost, else NULL.
 */
static inline struct rb_node *
rb_add_augmented_cached(struct rb_node *node, struct rb_root_cached *tree,
			bool (*less)(struct rb_node *, const struct rb_node *),
			const struct rb_augment_callbacks *augment)
{
	struct rb_node *parent;
	bool leftmost;
	struct rb_node **link = rb_add_link(node, tree, less, &parent,
					    &leftmost);

	rb_link_node(node, parent, link);
	augment->propagate(parent, NULL);
	rb_insert_augmented_cached(node, tree, leftmost, augment);
	return leftmost ? node : NULL;
}

/*
 * RB_DECLARE_CALLBACKS - define @RBNAME, a struct rb_augment_callbacks,
 * and its three functions for nodes @RBFIELD of @RBSTRUCT whose summary
 * is the member @RBAUGMENTED.  @RBCOMPUTE(node, exit) sets node's
 * summary from its own value and its children's; with @exit true it
 * returns true, changing nothing, when the summary was already right.
 * @RBSTATIC is "static" or empty.
 */
/* clang-format off */
#define RB_DECLARE_CALLBACKS(RBSTATIC, RBNAME, RBSTRUCT, RBFIELD,	\
			     RBAUGMENTED, RBCOMPUTE)			\
static void RBNAME ## _propagate(struct rb_node *rb,			\
				 struct rb_node *stop)			\
{									\
	while (rb != stop) {						\
		RBSTRUCT *node = rb_entry(rb, RBSTRUCT, RBFIELD);	\
									\
		if (RBCOMPUTE(node, true))				\
			break;						\
		rb = rb_parent(&node->RBFIELD);				\
	}								\
}									\
static void RBNAME ## _copy(struct rb_node *rb_old,			\
			    struct rb_node *rb_new)			\
{									\
	RBSTRUCT *old = rb_entry(rb_old, RBSTRUCT, RBFIELD);		\
	RBSTRUCT *new = rb_entry(rb_new, RBSTRUCT, RBFIELD);		\
									\
	new->RBAUGMENTED = old->RBAUGMENTED;				\
}									\
static void RBNAME ## _rotate(struct rb_node *rb_old,			\
			      struct rb_node *rb_new)			\
{									\
	RBSTRUCT *old = rb_entry(rb_old, RBSTRUCT, RBFIELD);		\
	RBSTRUCT *new = rb_entry(rb_new, RBSTRUCT, RBFIELD);		\
									\
	new->RBAUGMENTED = old->RBAUGMENTED;				\
	RBCOMPUTE(old, false);						\
}									\
RBSTATIC const struct rb_augment_callbacks RBNAME = {			\
	.propagate = RBNAME ## _propagate,				\
	.copy = RBNAME ## _copy,					\
	.rotate = RBNAME ## _rotate,					\
}
/* clang-format on */

#endif /* _LINUX_RBTREE_AUGMENTED_H */
