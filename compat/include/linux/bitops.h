/*
 * linux/bitops.h - bit operations on unsigned long arrays.
 *
 * The simulated machine runs one simulated CPU at a time, so the atomic
 * and the non-atomic variants are the same code, but for the point.
 */
#ifndef _LINUX_BITOPS_H
#define _LINUX_BITOPS_H

#include <linux/types.h>
#include <linux/compiler.h>

#define BITS_PER_LONG		64
#define BITS_TO_LONGS(nr)	(((nr) + BITS_PER_LONG - 1) / BITS_PER_LONG)
#define BIT_WORD(nr)		((nr) / BITS_PER_LONG)
#define BIT_MASK(nr)		(1UL << ((nr) % BITS_PER_LONG))

static inline void __set_bit(int nr, volatile unsigned long *addr)
{
	addr[BIT_WORD(nr)] |= BIT_MASK(nr);
}

static inline void __clear_bit(int nr, volatile unsigned long *addr)
{
	addr[BIT_WORD(nr)] &= ~BIT_MASK(nr);
}

static inline int test_bit(int nr, const volatile unsigned long *addr)
{
#ifdef __SIM_TSAN
	return (__atomic_load_n(&addr[BIT_WORD(nr)], __ATOMIC_RELAXED) &
		BIT_MASK(nr)) != 0;
#else
	return (addr[BIT_WORD(nr)] & BIT_MASK(nr)) != 0;
#endif
}

static inline int __test_and_set_bit(int nr, volatile unsigned long *addr)
{
	int old = test_bit(nr, addr);

	__set_bit(nr, addr);
	return old;
}

static inline int __test_and_clear_bit(int nr, volatile unsigned long *addr)
{
	int old = test_bit(nr, addr);

	__clear_bit(nr, addr);
	return old;
}

/* The atomic ones are points where, interleaving, another CPU may run. */
#ifdef __SIM_TSAN
/* The race detector: x86's locked instructions, each a full barrier. */
#define __sim_bit_rmw(op, nr, addr, mask)				\
	(__atomic_##op(&(addr)[BIT_WORD(nr)], (mask), __ATOMIC_SEQ_CST) & \
	 BIT_MASK(nr))
#define set_bit(nr, addr)	\
	((void)(sim_point(), __sim_bit_rmw(fetch_or, nr, addr, BIT_MASK(nr))))
#define clear_bit(nr, addr)	\
	((void)(sim_point(),						\
		__sim_bit_rmw(fetch_and, nr, addr, ~BIT_MASK(nr))))
#define test_and_set_bit(nr, addr)	\
	(sim_point(), !!__sim_bit_rmw(fetch_or, nr, addr, BIT_MASK(nr)))
#define test_and_clear_bit(nr, addr)	\
	(sim_point(), !!__sim_bit_rmw(fetch_and, nr, addr, ~BIT_MASK(nr)))
#else
#define set_bit(nr, addr)		(sim_point(), __set_bit(nr, addr))
#define clear_bit(nr, addr)		(sim_point(), __clear_bit(nr, addr))
#define test_and_set_bit(nr, addr)	\
	(sim_point(), __test_and_set_bit(nr, addr))
#define test_and_clear_bit(nr, addr)	\
	(sim_point(), __test_and_clear_bit(nr, addr))
#endif

/* __ffs - index of the lowest set bit; undefined for 0. */
static inline unsigned long __ffs(unsigned long word)
{
	return __builtin_ctzl(word);
}

/* ffz - index of the lowest zero bit; undefined for ~0UL. */
static inline unsigned long ffz(unsigned long word)
{
	return __builtin_ctzl(~word);
}

/* ffs - 1-based index of the lowest set bit, 0 if none (libc semantics). */
static inline int ffs(int x)
{
	return __builtin_ffs(x);
}

static inline int fls(int x)
{
	return x ? 32 - __builtin_clz((unsigned int)x) : 0;
}

static inline unsigned int hweight_long(unsigned long w)
{
	return __builtin_popcountl(w);
}

/**
 * find_next_bit - find the next set bit in a memory region
 * @addr: the address to base the search on
 * @size: the maximum number of bits to search
 * @offset: the bit number to start searching at
 *
 * Returns the bit number of the next set bit, or @size if there is none.
 */
static inline unsigned long find_next_bit(const unsigned long *addr,
					  unsigned long size,
					  unsigned long offset)
{
	unsigned long word;

	while (offset < size) {
		word = addr[BIT_WORD(offset)] >> (offset % BITS_PER_LONG);
		if (word) {
			offset += __ffs(word);
			return offset < size ? offset : size;
		}
		offset = (offset | (BITS_PER_LONG - 1)) + 1;
	}
	return size;
}

static inline unsigned long find_first_bit(const unsigned long *addr,
					   unsigned long size)
{
	return find_next_bit(addr, size, 0);
}

static inline unsigned long find_next_zero_bit(const unsigned long *addr,
					       unsigned long size,
					       unsigned long offset)
{
	unsigned long word;

	while (offset < size) {
		word = ~addr[BIT_WORD(offset)] >> (offset % BITS_PER_LONG);
		if (word) {
			offset += __ffs(word);
			return offset < size ? offset : size;
		}
		offset = (offset | (BITS_PER_LONG - 1)) + 1;
	}
	return size;
}

static inline unsigned long find_first_zero_bit(const unsigned long *addr,
						unsigned long size)
{
	return find_next_zero_bit(addr, size, 0);
}

/*
 * sched_find_first_bit - the O(1) schedulers' priority bitmap search.
 * The bitmap has MAX_PRIO (140) bits plus a delimiter bit, so a set bit
 * is always found.
 */
static inline int sched_find_first_bit(const unsigned long *b)
{
	if (b[0])
		return __ffs(b[0]);
	if (b[1])
		return __ffs(b[1]) + 64;
	return __ffs(b[2]) + 128;
}

#endif /* _LINUX_BITOPS_H */
