/*
 * linux/kernel.h - printk, BUG and the small helpers every file uses.
 *
 * printk() writes into the machine's log, which the harness reads.
 * BUG(), BUG_ON() and WARN_ON() are reports of the simulated machine: each
 * names its source place, stops the run and fails the test (compat/report.c).
 */
#ifndef _LINUX_KERNEL_H
#define _LINUX_KERNEL_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/stddef.h>

typedef __builtin_va_list va_list;
#define va_start(v, l)	__builtin_va_start(v, l)
#define va_end(v)	__builtin_va_end(v)
#define va_arg(v, l)	__builtin_va_arg(v, l)

#define INT_MAX		((int)(~0U >> 1))
#define INT_MIN		(-INT_MAX - 1)
#define UINT_MAX	(~0U)
#define LONG_MAX	((long)(~0UL >> 1))
#define LONG_MIN	(-LONG_MAX - 1)
#define ULONG_MAX	(~0UL)
#define LLONG_MAX	((long long)(~0ULL >> 1))
#define ULLONG_MAX	(~0ULL)

#define KERN_EMERG	"<0>"
#define KERN_ALERT	"<1>"
#define KERN_CRIT	"<2>"
#define KERN_ERR	"<3>"
#define KERN_WARNING	"<4>"
#define KERN_NOTICE	"<5>"
#define KERN_INFO	"<6>"
#define KERN_DEBUG	"<7>"

#define ARRAY_SIZE(x)	(sizeof(x) / sizeof((x)[0]))

#define container_of(ptr, type, member) ({			\
	const __typeof__(((type *)0)->member) *__mptr = (ptr);	\
	(type *)((char *)__mptr - offsetof(type, member)); })

#define min(x, y) ({				\
	__typeof__(x) _min1 = (x);		\
	__typeof__(y) _min2 = (y);		\
	(void) (&_min1 == &_min2);		\
	_min1 < _min2 ? _min1 : _min2; })

#define max(x, y) ({				\
	__typeof__(x) _max1 = (x);		\
	__typeof__(y) _max2 = (y);		\
	(void) (&_max1 == &_max2);		\
	_max1 > _max2 ? _max1 : _max2; })

#define min_t(type, x, y) ({ type __x = (x); type __y = (y); \
			     __x < __y ? __x : __y; })
#define max_t(type, x, y) ({ type __x = (x); type __y = (y); \
			     __x > __y ? __x : __y; })

#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))

asmlinkage int printk(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
extern int printk_ratelimit(void);
extern int __printk_ratelimit(int ratelimit_jiffies, int ratelimit_burst);
extern int sprintf(char *buf, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
extern int snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
extern int vsnprintf(char *buf, size_t size, const char *fmt, va_list args);
extern unsigned long simple_strtoul(const char *cp, char **endp,
				    unsigned int base);
extern long simple_strtol(const char *cp, char **endp, unsigned int base);
extern char *get_options(const char *str, int nints, int *ints);
extern void dump_stack(void);

extern void __bug(const char *file, int line, const char *func)
	__attribute__((noreturn));
extern void __warn(const char *file, int line, const char *func,
		   const char *cond);

#define BUG()		__bug(__FILE__, __LINE__, __func__)
#define BUG_ON(cond)	do { if (unlikely(cond)) BUG(); } while (0)
#define WARN_ON(cond) ({						\
	int __ret_warn_on = !!(cond);					\
	if (unlikely(__ret_warn_on))					\
		__warn(__FILE__, __LINE__, __func__, #cond);		\
	unlikely(__ret_warn_on);					\
})

#define might_sleep()	__might_sleep(__FILE__, __LINE__)
#define might_sleep_if(cond) do { if (cond) might_sleep(); } while (0)
extern void __might_sleep(const char *file, int line);

#define cond_resched()	__cond_resched()
extern int __cond_resched(void);

#endif /* _LINUX_KERNEL_H */
