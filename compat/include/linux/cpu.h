/*
 * linux/cpu.h - CPU hotplug: the lock and the notifier chain.
 */
#ifndef _LINUX_CPU_H
#define _LINUX_CPU_H

#include <linux/notifier.h>

extern void lock_cpu_hotplug(void);
extern void unlock_cpu_hotplug(void);
extern int register_cpu_notifier(struct notifier_block *nb);
extern void unregister_cpu_notifier(struct notifier_block *nb);

#endif /* _LINUX_CPU_H */
