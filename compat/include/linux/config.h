/*
 * linux/config.h - the configuration of this build.
 *
 * configure writes linux/autoconf.h (CONFIG_NR_CPUS, CONFIG_SMP, one
 * CONFIG_CPUSCHED_<NAME> per driver built, CONFIG_CPUSCHED_DEFAULT_NAME,
 * and always CONFIG_CPUSCHED_SELFTEST, CONFIG_CPUSCHED_TUNABLES and
 * CONFIG_CPUSCHED_PI: the machine calls the drivers' self-test hooks,
 * simulates their /sys/cpusched/ controls and has the PI mutex and
 * semaphores), exactly as Kconfig does for the real kernel.
 */
#ifndef _LINUX_CONFIG_H
#define _LINUX_CONFIG_H

#include <linux/autoconf.h>

#endif /* _LINUX_CONFIG_H */
