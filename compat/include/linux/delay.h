#ifndef _LINUX_DELAY_H
#define _LINUX_DELAY_H

/* Busy waits take no virtual time; the machine never spins. */
#define udelay(n)	do { } while (0)
#define mdelay(n)	do { } while (0)

#endif /* _LINUX_DELAY_H */
