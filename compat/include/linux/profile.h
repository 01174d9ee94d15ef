#ifndef _LINUX_PROFILE_H
#define _LINUX_PROFILE_H

#define SCHED_PROFILING		2
#define profile_hit(type, ip)	do { } while (0)
#define profile_tick(type, regs) do { } while (0)

#endif /* _LINUX_PROFILE_H */
