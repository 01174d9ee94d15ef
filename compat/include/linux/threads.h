#ifndef _LINUX_THREADS_H
#define _LINUX_THREADS_H

#include <linux/config.h>

/* NR_CPUS comes from configure --with-nr-cpus (default 64). */
#define NR_CPUS		CONFIG_NR_CPUS

#define PID_MAX_DEFAULT	0x8000

#endif /* _LINUX_THREADS_H */
