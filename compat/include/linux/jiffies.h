/*
 * linux/jiffies.h - the tick counter and its conversions.
 *
 * jiffies is a real variable: the simulated timer interrupt of the boot
 * CPU advances it, and drivers read it directly.  HZ is chosen when the
 * machine boots (default 1000), so it is a variable too; drivers must not
 * use it in static initialisers.
 */
#ifndef _LINUX_JIFFIES_H
#define _LINUX_JIFFIES_H

#include <linux/types.h>

extern volatile unsigned long jiffies;
extern u64 jiffies_64;
extern int __sim_hz;

#define HZ		__sim_hz
#define USER_HZ		100
#define NSEC_PER_SEC	1000000000L
#define NSEC_PER_USEC	1000L
#define USEC_PER_SEC	1000000L
#define TICK_NSEC	((unsigned long)(NSEC_PER_SEC / HZ))

/* 2.6 starts jiffies five minutes before the wrap, to catch wrap bugs. */
#define INITIAL_JIFFIES	((unsigned long)(unsigned int)(-300 * HZ))

#define time_after(a, b)	((long)(b) - (long)(a) < 0)
#define time_before(a, b)	time_after(b, a)
#define time_after_eq(a, b)	((long)(a) - (long)(b) >= 0)
#define time_before_eq(a, b)	time_after_eq(b, a)

extern unsigned long msecs_to_jiffies(unsigned int m);
extern unsigned int jiffies_to_msecs(unsigned long j);
extern u64 get_jiffies_64(void);

#define jiffies_to_cputime(j)	((cputime_t)(j))
#define cputime_to_jiffies(c)	((unsigned long)(c))
#define cputime_add(a, b)	((a) + (b))
#define cputime64_add(a, b)	((a) + (b))
#define cputime_to_cputime64(c)	((cputime64_t)(c))
#define cputime_zero		((cputime_t)0)

#endif /* _LINUX_JIFFIES_H */
