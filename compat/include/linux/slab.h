/*
 * linux/slab.h - kmalloc and friends.
 *
 * Every allocation belongs to the booted machine, so shutting the machine
 * down frees what a buggy driver leaked (and can count it).
 */
#ifndef _LINUX_SLAB_H
#define _LINUX_SLAB_H

#include <linux/types.h>

#define GFP_ATOMIC	0x20u
#define GFP_KERNEL	0xd0u

extern void *kmalloc(size_t size, gfp_t flags);
extern void *kzalloc(size_t size, gfp_t flags);
extern void kfree(const void *ptr);

#define PAGE_SIZE	4096UL
#define PAGE_SHIFT	12

#endif /* _LINUX_SLAB_H */
