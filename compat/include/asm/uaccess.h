/*
 * asm/uaccess.h - access to the current task's user memory.
 *
 * A task's user memory is the set of regions mapped in its mm
 * (compat/user.c).  An address outside them faults: the copy functions
 * return the number of bytes not copied, as on real hardware.
 */
#ifndef _ASM_UACCESS_H
#define _ASM_UACCESS_H

#include <linux/types.h>

typedef struct {
	unsigned long seg;
} mm_segment_t;

#define KERNEL_DS	((mm_segment_t){ ~0UL })
#define USER_DS		((mm_segment_t){ 0 })

/*
 * get_fs()/set_fs(KERNEL_DS) let kernel code pass kernel pointers to
 * functions that take __user ones, as 2.6 code does; the limit belongs
 * to the current task.
 */
extern mm_segment_t get_fs(void);
extern void set_fs(mm_segment_t fs);

#define VERIFY_READ	0
#define VERIFY_WRITE	1

extern unsigned long copy_from_user(void *to, const void __user *from,
				    unsigned long n);
extern unsigned long copy_to_user(void __user *to, const void *from,
				  unsigned long n);
extern int access_ok(int type, const void __user *addr, unsigned long size);

#define get_user(x, ptr) ({						\
	__typeof__(*(ptr)) __gu_val;					\
	int __gu_err = copy_from_user(&__gu_val, (ptr),			\
				      sizeof(*(ptr))) ? -EFAULT : 0;	\
	if (!__gu_err)							\
		(x) = __gu_val;						\
	__gu_err; })

#define put_user(x, ptr) ({						\
	__typeof__(*(ptr)) __pu_val = (x);				\
	copy_to_user((ptr), &__pu_val, sizeof(*(ptr))) ? -EFAULT : 0; })

#endif /* _ASM_UACCESS_H */
