#ifndef _LINUX_TIME_H
#define _LINUX_TIME_H

#include <linux/types.h>
#include <linux/jiffies.h>

struct timespec {
	time_t tv_sec;
	long tv_nsec;
};

struct timeval {
	time_t tv_sec;
	long tv_usec;
};

static inline void jiffies_to_timespec(unsigned long j, struct timespec *ts)
{
	u64 nsec = (u64)j * TICK_NSEC;

	ts->tv_sec = nsec / NSEC_PER_SEC;
	ts->tv_nsec = nsec % NSEC_PER_SEC;
}

static inline unsigned long timespec_to_jiffies(const struct timespec *ts)
{
	u64 nsec = (u64)ts->tv_sec * NSEC_PER_SEC + ts->tv_nsec;

	return (nsec + TICK_NSEC - 1) / TICK_NSEC;
}

#endif /* _LINUX_TIME_H */
