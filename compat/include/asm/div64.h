#ifndef _ASM_DIV64_H
#define _ASM_DIV64_H

#include <linux/types.h>

/* do_div - divide @n in place by @base and yield the remainder. */
#define do_div(n, base) ({					\
	u32 __base = (base);					\
	u32 __rem = (u32)((u64)(n) % __base);			\
	(n) = (u64)(n) / __base;				\
	__rem; })

#endif /* _ASM_DIV64_H */
