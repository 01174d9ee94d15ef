#ifndef _LINUX_NMI_H
#define _LINUX_NMI_H

#define touch_nmi_watchdog()	do { } while (0)

#endif /* _LINUX_NMI_H */
