#ifndef _LINUX_SMP_LOCK_H
#define _LINUX_SMP_LOCK_H

/* The big kernel lock is never taken in the simulated machine. */
#define kernel_locked()		0
#define lock_kernel()		do { } while (0)
#define unlock_kernel()		do { } while (0)
#define release_kernel_lock(tsk)	do { } while (0)
#define reacquire_kernel_lock(tsk)	0

#endif /* _LINUX_SMP_LOCK_H */
