#ifndef _LINUX_CAPABILITY_H
#define _LINUX_CAPABILITY_H

#include <linux/types.h>

typedef u32 kernel_cap_t;

#define CAP_KILL		5
#define CAP_SETUID		7
#define CAP_SYS_ADMIN		21
#define CAP_SYS_NICE		23
#define CAP_SYS_RESOURCE	24

#define CAP_TO_MASK(x)		(1U << (x))
#define CAP_FULL_SET		(~0U)
#define CAP_EMPTY_SET		0U
#define cap_raised(c, flag)	((c) & CAP_TO_MASK(flag))

extern int capable(int cap);

#endif /* _LINUX_CAPABILITY_H */
