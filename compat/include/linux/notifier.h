#ifndef _LINUX_NOTIFIER_H
#define _LINUX_NOTIFIER_H

struct notifier_block {
	int (*notifier_call)(struct notifier_block *self,
			     unsigned long action, void *hcpu);
	struct notifier_block *next;
	int priority;
};

#define NOTIFY_DONE		0x0000
#define NOTIFY_OK		0x0001
#define NOTIFY_STOP_MASK	0x8000
#define NOTIFY_BAD		(NOTIFY_STOP_MASK | 0x0002)

#define CPU_ONLINE		0x0002
#define CPU_UP_PREPARE		0x0003
#define CPU_UP_CANCELED		0x0004
#define CPU_DOWN_PREPARE	0x0005
#define CPU_DOWN_FAILED		0x0006
#define CPU_DEAD		0x0007

#endif /* _LINUX_NOTIFIER_H */
