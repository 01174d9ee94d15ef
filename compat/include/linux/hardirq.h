#ifndef _LINUX_HARDIRQ_H
#define _LINUX_HARDIRQ_H

#include <linux/preempt.h>

#endif /* _LINUX_HARDIRQ_H */
