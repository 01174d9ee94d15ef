/*
 * include/linux/rbtree.h - red-black trees, the interface of the kernel's
 * lib/rbtree (Linux 2.6.23 and later), written here for the fair designs.
 *
 * The tree keeps no keys and calls no comparison: the user walks down
 * from the root to the place of a new node, links it there with
 * rb_link_node() and lets rb_insert_color() rebalance.  Every node is
 * embedded in the user's structure and found again with rb_entry().
 *
 * A node's parent pointer and its colour share one word, as in the
 * kernel: nodes are at least word aligned, so bit 0 of the parent's
 * address is free for the colour (0 red, 1 black).  A node that is in no
 * tree points to itself (RB_CLEAR_NODE), which RB_EMPTY_NODE tests.
 *
 * struct rb_root_cached also keeps the leftmost node, so that a design
 * that always runs its smallest key (CFS's vruntime) finds it in O(1).
 *
 * Not thread safe: the user's lock protects the tree.  The augmented
 * interface (a value per node summarising its subtree) is in
 * <linux/rbtree_augmented.h>.
 */
#ifndef _LINUX_RBTREE_H
#define _LINUX_RBTREE_H

#include <linux/types.h>
#include <linux/stddef.h>
#include <linux/kernel.h>

struct rb_node {
	unsigned long __rb_parent_color; /* parent | colour (bit 0) */
	struct rb_node *rb_right;
	struct rb_node *rb_left;
} __attribute__((aligned(sizeof(long))));

struct rb_root {
	struct rb_node *rb_node;
};

/**
 * struct rb_root_cached - a tree that also remembers its leftmost node
 * @rb_root: the tree
 * @rb_leftmost: the node rb_first() would return, NULL when empty
 */
struct rb_root_cached {
	struct rb_root rb_root;
	struct rb_node *rb_leftmost;
};

#define RB_RED	 0
#define RB_BLACK 1

#define RB_ROOT		((struct rb_root){ NULL })
#define RB_ROOT_CACHED	((struct rb_root_cached){ { NULL }, NULL })

/* The parent of @r: its word without the colour bit. */
#define rb_parent(r)	((struct rb_node *)((r)->__rb_parent_color & ~3UL))

#define rb_entry(ptr, type, member)	container_of(ptr, type, member)

/* rb_entry() of a node pointer that may be NULL. */
#define rb_entry_safe(ptr, type, member)				\
	({								\
		typeof(ptr) ____ptr = (ptr);				\
		____ptr ? rb_entry(____ptr, type, member) : NULL;	\
	})

#define RB_EMPTY_ROOT(root)	((root)->rb_node == NULL)

/* A node in no tree points to itself. */
#define RB_EMPTY_NODE(node) ((node)->__rb_parent_color == (unsigned long)(node))
#define RB_CLEAR_NODE(node) ((node)->__rb_parent_color = (unsigned long)(node))

extern void rb_insert_color(struct rb_node *node, struct rb_root *root);
extern void rb_erase(struct rb_node *node, struct rb_root *root);

extern struct rb_node *rb_next(const struct rb_node *node);
extern struct rb_node *rb_prev(const struct rb_node *node);
extern struct rb_node *rb_first(const struct rb_root *root);
extern struct rb_node *rb_last(const struct rb_root *root);

/**
 * rb_link_node - hang @node, red and childless, at @link under @parent
 * @node: the new node
 * @parent: the node @link belongs to, NULL for the root
 * @link: &parent->rb_left, &parent->rb_right or &root->rb_node
 *
 * The caller then calls rb_insert_color() to restore the red-black
 * properties.
 */
static inline void rb_link_node(struct rb_node *node, struct rb_node *parent,
				struct rb_node **link)
{
	node->__rb_parent_color = (unsigned long)parent;
	node->rb_left = node->rb_right = NULL;
	*link = node;
}

/**
 * rb_insert_color_cached - rb_insert_color() keeping the leftmost node
 * @node: the node just linked
 * @root: the tree
 * @leftmost: true if @node went down the left edge the whole way
 */
static inline void rb_insert_color_cached(struct rb_node *node,
					  struct rb_root_cached *root,
					  bool leftmost)
{
	if (leftmost)
		root->rb_leftmost = node;
	rb_insert_color(node, &root->rb_root);
}

/**
 * rb_erase_cached - rb_erase() keeping the leftmost node
 * @node: a node of @root
 * @root: the tree
 *
 * Returns the new leftmost node if @node was the leftmost, else NULL.
 */
static inline struct rb_node *rb_erase_cached(struct rb_node *node,
					      struct rb_root_cached *root)
{
	struct rb_node *leftmost = NULL;

	if (root->rb_leftmost == node)
		leftmost = root->rb_leftmost = rb_next(node);
	rb_erase(node, &root->rb_root);
	return leftmost;
}

/* rb_first_cached - the leftmost node of @root, in O(1). */
#define rb_first_cached(root) ((root)->rb_leftmost)

/*
 * rb_add_link - where @node goes in @tree in the order @less gives:
 * after the nodes of equal key, so that among equals the earliest
 * inserted is leftmost.  Sets *@parent to the node it hangs under and
 * *@leftmost to whether it went left the whole way.
 */
static inline struct rb_node **
rb_add_link(struct rb_node *node, struct rb_root_cached *tree,
	    bool (*less)(struct rb_node *, const struct rb_node *),
	    struct rb_node **parent, bool *leftmost)
{
	struct rb_node **link = &tree->rb_root.rb_node;

	*parent = NULL;
	*leftmost = true;
	while (*link) {
		*parent = *link;
		if (less(node, *parent)) {
			link = &(*parent)->rb_left;
		} else {
			link = &(*parent)->rb_right;
			*leftmost = false;
		}
	}
	return link;
}

/**
 * rb_add_cached - insert @node into @tree in the order @less gives
 * @node: the node to insert
 * @tree: the tree
 * @less: true if its first node sorts before its second
 *
 * Equal keys go to the right of those already there.  Returns @node if
 * it became the leftmost, else NULL.
 */
static inline struct rb_node *
rb_add_cached(struct rb_node *node, struct rb_root_cached *tree,
	      bool (*less)(struct rb_node *, const struct rb_node *))
{
	struct rb_node *parent;
	bool leftmost;
	struct rb_node **link = rb_add_link(node, tree, less, &parent,
					    &leftmost);

	rb_link_node(node, parent, link);
	rb_insert_color_cached(node, tree, leftmost);
	return leftmost ? node : NULL;
}

#endif /* _LINUX_RBTREE_H */
