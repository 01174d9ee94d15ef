/*
 * compat/user.c - user address spaces, copy_{from,to}_user() and
 * seq_file.
 *
 * An mm is a list of mapped regions at made-up user addresses; anything
 * outside them faults.  Kernel code that set_fs(KERNEL_DS) passes kernel
 * pointers instead, as 2.6 code does.
 */
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/seq_file.h>
#include <asm/uaccess.h>

#include "internal.h"

#define USER_BASE	0x10000000UL	/* first mapping; 0 stays unmapped */
#define USER_GAP	0x1000UL	/* unmapped space between mappings */

struct sim_user_region {
	struct list_head list;
	unsigned long start, len;
	char *mem;
};

struct mm_struct *sim_mm_new(void)
{
	struct mm_struct *mm = kzalloc(sizeof(*mm), GFP_KERNEL);

	atomic_set(&mm->mm_users, 1);
	INIT_LIST_HEAD(&mm->regions);
	mm->next_uaddr = USER_BASE;
	return mm;
}

static struct sim_user_region *map_region(struct mm_struct *mm,
					  unsigned long start,
					  unsigned long len)
{
	struct sim_user_region *r = kzalloc(sizeof(*r), GFP_KERNEL);

	r->start = start;
	r->len = len;
	r->mem = kzalloc(len, GFP_KERNEL);
	list_add_tail(&r->list, &mm->regions);
	return r;
}

struct mm_struct *sim_mm_copy(struct mm_struct *old)
{
	struct mm_struct *mm = sim_mm_new();
	struct sim_user_region *r, *n;

	if (!old)
		return mm;
	list_for_each_entry(r, &old->regions, list) {
		n = map_region(mm, r->start, r->len);
		sim_hb_ignore_begin();	/* user memory: no kernel data */
		memcpy(n->mem, r->mem, r->len);
		sim_hb_ignore_end();
	}
	mm->next_uaddr = old->next_uaddr;
	return mm;
}

void sim_mm_put(struct mm_struct *mm)
{
	struct sim_user_region *r, *n;

	if (!atomic_dec_and_test(&mm->mm_users))
		return;
	list_for_each_entry_safe(r, n, &mm->regions, list) {
		kfree(r->mem);
		kfree(r);
	}
	kfree(mm);
}

/* sim_mm_map - map @len zeroed bytes; returns the user address. */
unsigned long sim_mm_map(struct mm_struct *mm, unsigned long len)
{
	unsigned long start = mm->next_uaddr;

	if (!len || len > SIM_USER_MAP_MAX)
		return 0;
	map_region(mm, start, len);
	mm->next_uaddr = (start + len + USER_GAP + 15) & ~15UL;
	return start;
}

/* The host memory behind [@uaddr, @uaddr + @n) of @mm, or NULL. */
char *sim_mm_lookup(struct mm_struct *mm, unsigned long uaddr,
		    unsigned long n)
{
	struct sim_user_region *r;

	if (!mm)
		return NULL;
	list_for_each_entry(r, &mm->regions, list)
		if (uaddr >= r->start && n <= r->len &&
		    uaddr - r->start <= r->len - n)
			return r->mem + (uaddr - r->start);
	return NULL;
}

int access_ok(int type, const void __user *addr, unsigned long size)
{
	return current->sim->kernel_ds ||
		sim_mm_lookup(current->mm, (unsigned long)addr, size) != NULL;
}

/* Copy what is mapped, byte by byte at a region's end, as a fault would. */
static unsigned long user_copy(void *dst, const void *src, unsigned long n,
			       int to_user)
{
	unsigned long uaddr = to_user ? (unsigned long)dst :
		(unsigned long)src;
	char *mem;

	might_sleep();
	if (current->sim->kernel_ds) {
		memcpy(dst, src, n);
		return 0;
	}
	mem = sim_mm_lookup(current->mm, uaddr, n);
	if (!mem) {
		unsigned long ok = 0;

		while (ok < n && sim_mm_lookup(current->mm, uaddr + ok, 1))
			ok++;
		if (ok)
			user_copy(dst, src, ok, to_user);
		return n - ok;
	}
	sim_hb_ignore_begin();		/* user memory: no kernel data */
	if (to_user)
		memcpy(mem, src, n);
	else
		memcpy(dst, mem, n);
	sim_hb_ignore_end();
	return 0;
}

unsigned long copy_from_user(void *to, const void __user *from,
			     unsigned long n)
{
	unsigned long left = user_copy(to, (const void *)from, n, 0);

	if (left)
		memset((char *)to + (n - left), 0, left);
	return left;
}

unsigned long copy_to_user(void __user *to, const void *from,
			   unsigned long n)
{
	return user_copy((void *)to, from, n, 1);
}

/* ---- seq_file ------------------------------------------------------------ */

int seq_printf(struct seq_file *m, const char *fmt, ...)
{
	va_list args;
	int len;

	if (m->count >= m->size)
		return -1;
	va_start(args, fmt);
	len = vsnprintf(m->buf + m->count, m->size - m->count, fmt, args);
	va_end(args);
	if (len < 0 || m->count + len >= m->size) {
		m->count = m->size;
		return -1;
	}
	m->count += len;
	return 0;
}

int seq_puts(struct seq_file *m, const char *s)
{
	return seq_printf(m, "%s", s);
}

int seq_putc(struct seq_file *m, char c)
{
	return seq_printf(m, "%c", c);
}

int single_open(struct file *file, int (*show)(struct seq_file *, void *),
		void *data)
{
	struct seq_file *m = kzalloc(sizeof(*m), GFP_KERNEL);

	if (!m)
		return -ENOMEM;
	m->show = show;
	m->private = data;
	file->private_data = m;
	file->f_pos = 0;
	return 0;
}

int single_release(struct inode *inode, struct file *file)
{
	struct seq_file *m = file->private_data;

	kfree(m->buf);
	kfree(m);
	file->private_data = NULL;
	return 0;
}

/*
 * seq_show_failed - ->show returned @err, not 0.  2.6.10's seq_read()
 * drops the record and returns @err from read(): an errno reaches the
 * reader as one, but a positive value reads as that many bytes copied
 * when none were.  No driver means that: the machine reports it.
 */
static ssize_t seq_show_failed(struct seq_file *m, int err)
{
	m->count = 0;
	if (err > 0)
		sim_fail("a seq_file's ->show() returned %d: read() would "
			 "say %d bytes were copied, and none were", err, err);
	return err;
}

/*
 * seq_read - run ->show into the buffer (growing it until the output
 * fits, as seq_read() does) and copy from *@ppos to the user.
 */
ssize_t seq_read(struct file *file, char __user *buf, size_t size,
		 loff_t *ppos)
{
	struct seq_file *m = file->private_data;
	size_t n;
	int err;

	if (!m->buf || *ppos == 0) {
		if (!m->buf) {
			m->size = PAGE_SIZE;
			m->buf = kmalloc(m->size, GFP_KERNEL);
		}
		for (;;) {
			m->count = 0;
			err = m->show(m, m->private);
			if (err)
				return seq_show_failed(m, err);
			if (m->count < m->size)
				break;
			kfree(m->buf);
			m->size *= 2;
			m->buf = kmalloc(m->size, GFP_KERNEL);
		}
	}
	if (*ppos >= (loff_t)m->count)
		return 0;
	n = min_t(size_t, size, m->count - *ppos);
	if (copy_to_user(buf, m->buf + *ppos, n))
		return -EFAULT;
	*ppos += n;
	return n;
}

loff_t seq_lseek(struct file *file, loff_t offset, int origin)
{
	if (origin != 0 || offset < 0)
		return -EINVAL;
	file->f_pos = offset;
	return offset;
}
