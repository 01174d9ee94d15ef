#ifndef _LINUX_MODULE_H
#define _LINUX_MODULE_H

#define EXPORT_SYMBOL(sym)
#define EXPORT_SYMBOL_GPL(sym)

#endif /* _LINUX_MODULE_H */
