#ifndef _LINUX_BLKDEV_H
#define _LINUX_BLKDEV_H

/* Nothing of this header is simulated; it exists so that kernel files
 * keep their #include lines. */
#include <linux/sched.h>

#endif /* _LINUX_BLKDEV_H */
