#ifndef _LINUX_RCUPDATE_H
#define _LINUX_RCUPDATE_H

/* No RCU in the simulated machine: quiescent states need no tracking. */
#define rcu_qsctr_inc(cpu)	do { } while (0)
#define rcu_read_lock()		preempt_disable()
#define rcu_read_unlock()	preempt_enable()

#endif /* _LINUX_RCUPDATE_H */
