/*
 * compat/report.c - printk, the machine's reports, and the small library
 * functions of the kernel (lib/).
 *
 * A report is the machine saying a check failed: it goes to the log and
 * to sim_report(), and the run is abandoned at once (host_escape()), so
 * the test or the fuzzer sees the failure at the point it happened.
 */
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "internal.h"

static void log_append(const char *s, unsigned long len)
{
	char *bigger;

	if (sim.log_len + len + 1 > sim.log_size) {
		unsigned long size = sim.log_size ? sim.log_size : 4096;

		while (sim.log_len + len + 1 > size)
			size *= 2;
		bigger = host_alloc(size);
		if (!bigger)
			return;
		if (sim.log)
			memcpy(bigger, sim.log, sim.log_len);
		host_free(sim.log);
		sim.log = bigger;
		sim.log_size = size;
	}
	memcpy(sim.log + sim.log_len, s, len);
	sim.log_len += len;
	sim.log[sim.log_len] = '\0';
	if (sim.cfg.echo_log)
		host_write_err(s, len);
}

void sim_log_append(const char *s, unsigned long len)
{
	sim_hb_ignore_begin();	/* the machine's log, not the CPU's */
	log_append(s, len);
	sim_hb_ignore_end();
}

/*
 * printk - append to the machine's log.  Each line is prefixed with the
 * virtual time, as printk's timestamps do; the "<N>" level prefix is kept
 * for the reader to filter on.
 */
asmlinkage int printk(const char *fmt, ...)
{
	char buf[1024];
	char stamp[32];
	va_list args;
	int n;

	va_start(args, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, args);
	va_end(args);
	if (n < 0)
		return n;
	if (n >= (int)sizeof(buf))
		n = sizeof(buf) - 1;
	snprintf(stamp, sizeof(stamp), "[%5llu.%06llu] ",
		 sim.now / 1000000000ULL, sim.now / 1000ULL % 1000000ULL);
	sim_log_append(stamp, strlen(stamp));
	sim_log_append(buf, n);
	return n;
}

/**
 * __printk_ratelimit - may a rate-limited message be printed now?
 * @ratelimit_jiffies: the credit one message costs
 * @ratelimit_burst: how many messages the credit may pile up for
 *
 * 2.6.10's token bucket: credit grows by one per jiffy, up to
 * @ratelimit_burst messages' worth (and starts full), and a message
 * that finds a whole @ratelimit_jiffies of it spends that and passes.
 * The first to pass after some were refused says how many first.
 *
 * Return: 1 if the caller may print, 0 if it must not.
 */
int __printk_ratelimit(int ratelimit_jiffies, int ratelimit_burst)
{
	unsigned long cap = (unsigned long)ratelimit_burst * ratelimit_jiffies;
	unsigned long now = jiffies;
	int lost = 0, ok = 0;

	sim_hb_ignore_begin();	/* the machine's log, not the CPU's */
	if (!sim.ratelimit.started) {
		sim.ratelimit.started = 1;
		sim.ratelimit.toks = cap;
		sim.ratelimit.last = now;
	}
	sim.ratelimit.toks += now - sim.ratelimit.last;
	sim.ratelimit.last = now;
	if (sim.ratelimit.toks > cap)
		sim.ratelimit.toks = cap;
	if (sim.ratelimit.toks >= (unsigned long)ratelimit_jiffies) {
		lost = sim.ratelimit.missed;
		sim.ratelimit.missed = 0;
		sim.ratelimit.toks -= ratelimit_jiffies;
		ok = 1;
	} else {
		sim.ratelimit.missed++;
	}
	sim_hb_ignore_end();
	if (ok && lost)
		printk(KERN_WARNING "printk: %d messages suppressed.\n", lost);
	return ok;
}

/**
 * printk_ratelimit - __printk_ratelimit() with 2.6.10's defaults (the
 * kernel.printk_ratelimit sysctls): 10 messages, then one per 5 s.
 */
int printk_ratelimit(void)
{
	return __printk_ratelimit(5 * HZ, 10);
}

const char *sim_task_name(struct task_struct *p)
{
	static char names[4][48];
	static int turn;
	char *buf;

	if (!p)
		return "(none)";
	buf = names[turn++ % 4];
	snprintf(buf, sizeof(names[0]), "%s/%d", p->comm, p->pid);
	return buf;
}

/**
 * sim_fail - report a failed check and abandon the run.
 *
 * The report names what failed and where (the callers put lock, CPU,
 * task and source place into @fmt), followed by the locks the executing
 * CPU holds.
 */
/* Interleaving: the schedule that led here, on the lines below. */
static void append_schedule(void)
{
	int n = strlen(sim.report);

	if (n >= (int)sizeof(sim.report) - 2)
		return;
	sim.report[n++] = '\n';
	sim_ilv_describe(sim.report + n, sizeof(sim.report) - n);
}

void sim_fail(const char *fmt, ...)
{
	char held[512];
	va_list args;
	int n = 0;

	if (!sim.failed) {
		va_start(args, fmt);
		n = vsnprintf(sim.report, sizeof(sim.report), fmt, args);
		va_end(args);
		if (n < 0)
			n = 0;
		if (n >= (int)sizeof(sim.report))
			n = sizeof(sim.report) - 1;
		sim_describe_held(smp_processor_id(), held, sizeof(held));
		if (held[0])
			n += snprintf(sim.report + n, sizeof(sim.report) - n,
				      "; cpu%d holds %s", smp_processor_id(),
				      held);
		if (sim.ilv.mode != ILV_SERIAL)
			append_schedule();
		printk(KERN_EMERG "%s\n", sim.report);
		sim.failed = 1;
	}
	host_escape();
}

void __bug(const char *file, int line, const char *func)
{
	sim_fail("kernel BUG at %s:%d in %s() on cpu%d, task %s", file, line,
		 func, smp_processor_id(), sim_task_name(current));
}

void sim_cpumask_bad(long cpu, const char *file, int line)
{
	sim_fail("BUG: CPU %ld used in a cpumask at %s:%d, outside 0..%d, "
		 "on cpu%d, task %s", cpu, file, line, NR_CPUS - 1,
		 smp_processor_id(), sim_task_name(current));
}

long __percpu_checked(long cpu, const char *var, const char *file, int line)
{
	if ((unsigned long)cpu < NR_CPUS)
		return cpu;
	sim_fail("BUG: per_cpu(%s, %ld) at %s:%d, outside 0..%d, on cpu%d, "
		 "task %s", var, cpu, file, line, NR_CPUS - 1,
		 smp_processor_id(), sim_task_name(current));
}

void __warn(const char *file, int line, const char *func, const char *cond)
{
	sim_fail("WARNING at %s:%d in %s(): %s on cpu%d, task %s", file, line,
		 func, cond, smp_processor_id(), sim_task_name(current));
}

void dump_stack(void)
{
	char where[128];

	host_symbolize(__builtin_return_address(0), where, sizeof(where));
	printk(KERN_ERR "  called from %s\n", where);
}

/*
 * __might_sleep - a function that may sleep was called; in atomic context
 * or with interrupts off that is a bug.
 */
void __might_sleep(const char *file, int line)
{
	if (!sim.booted || !sim.boot_done)
		return;
	if (in_atomic() || irqs_disabled())
		sim_fail("BUG: sleeping function called from invalid context "
			 "at %s:%d: in_atomic() %d, irqs_disabled() %d, cpu%d, "
			 "task %s", file, line, in_atomic() ? 1 : 0,
			 irqs_disabled(), smp_processor_id(),
			 sim_task_name(current));
}

/*
 * __schedule_debug - schedule() from atomic context: a spinlock held, in
 * an interrupt, or with preemption disabled.  Tasks on their way out may
 * schedule with preemption off (do_exit()).  @caller is where schedule()
 * was called from (the schedule_debug() macro passes it).
 */
void __schedule_debug(void *caller)
{
	char where[128];

	if (likely(!in_atomic()) || current->exit_state)
		return;
	host_symbolize(caller, where, sizeof(where));
	sim_fail("BUG: scheduling while atomic: %s on cpu%d, preempt_count "
		 "0x%x, schedule() called from %s", sim_task_name(current),
		 smp_processor_id(), preempt_count(), where);
}

int __cond_resched(void)
{
	if (need_resched()) {
		schedule();
		return 1;
	}
	return 0;
}

/* ---- memory -------------------------------------------------------------- */

/* What kfree() leaves behind, as the slab allocator's debugging does. */
#define FREE_POISON	0x6b

/*
 * Every kmalloc() of the booted machine is linked into sim.allocs so that
 * sim_shutdown() frees what was left, whatever a driver did.
 */
struct alloc_hdr {
	struct alloc_hdr *next, *prev;
	unsigned long size;
	unsigned long pad;
};

void *kmalloc(size_t size, gfp_t flags)
{
	struct alloc_hdr *h = host_alloc(sizeof(*h) + size);

	if (!h)
		return NULL;
	h->size = size;
	h->next = sim.allocs;
	h->prev = NULL;
	if (h->next)
		h->next->prev = h;
	sim.allocs = h;
	sim.nr_allocs++;
	return h + 1;
}

void *kzalloc(size_t size, gfp_t flags)
{
	return kmalloc(size, flags);	/* host_alloc() zeroes */
}

void kfree(const void *ptr)
{
	struct alloc_hdr *h;

	if (!ptr)
		return;
	h = (struct alloc_hdr *)ptr - 1;
	if (h->prev)
		h->prev->next = h->next;
	else
		sim.allocs = h->next;
	if (h->next)
		h->next->prev = h->prev;
	sim.nr_allocs--;
	/* a use after free reads poison, not stale values that look right */
	memset(h + 1, FREE_POISON, h->size);
	host_free(h);
}

void sim_free_all_allocs(void)
{
	struct alloc_hdr *h = sim.allocs, *next;

	for (; h; h = next) {
		next = h->next;
		host_free(h);
	}
	sim.allocs = NULL;
	sim.nr_allocs = 0;
}

/* ---- lib/ ---------------------------------------------------------------- */

size_t strlcpy(char *dst, const char *src, size_t size)
{
	size_t len = strlen(src);

	if (size) {
		size_t n = len >= size ? size - 1 : len;

		memcpy(dst, src, n);
		dst[n] = '\0';
	}
	return len;
}

unsigned long simple_strtoul(const char *cp, char **endp, unsigned int base)
{
	unsigned long result = 0, value;

	if (!base) {
		base = 10;
		if (*cp == '0') {
			base = 8;
			cp++;
			if ((*cp == 'x' || *cp == 'X') &&
			    ((cp[1] >= '0' && cp[1] <= '9') ||
			     (cp[1] >= 'a' && cp[1] <= 'f') ||
			     (cp[1] >= 'A' && cp[1] <= 'F'))) {
				cp++;
				base = 16;
			}
		}
	} else if (base == 16 && cp[0] == '0' &&
		   (cp[1] == 'x' || cp[1] == 'X')) {
		cp += 2;
	}
	for (;; cp++) {
		if (*cp >= '0' && *cp <= '9')
			value = *cp - '0';
		else if (*cp >= 'a' && *cp <= 'f')
			value = *cp - 'a' + 10;
		else if (*cp >= 'A' && *cp <= 'F')
			value = *cp - 'A' + 10;
		else
			break;
		if (value >= base)
			break;
		result = result * base + value;
	}
	if (endp)
		*endp = (char *)cp;
	return result;
}

long simple_strtol(const char *cp, char **endp, unsigned int base)
{
	if (*cp == '-')
		return -(long)simple_strtoul(cp + 1, endp, base);
	return simple_strtoul(cp, endp, base);
}

/*
 * get_option - parse one integer or range "a-b" from *@str; the kernel's
 * lib/cmdline.c contract: 0 none, 1 integer, 2 integer and comma,
 * 3 range (the caller expands it).
 */
static int get_option(char **str, int *pint)
{
	char *cur = *str;

	if (!cur || !*cur)
		return 0;
	*pint = simple_strtol(cur, str, 0);
	if (cur == *str)
		return 0;
	if (**str == ',') {
		(*str)++;
		return 2;
	}
	if (**str == '-')
		return 3;
	return 1;
}

/**
 * get_options - parse a list of integers and ranges ("1,3-5").
 * @str: the string
 * @nints: size of @ints
 * @ints: filled from ints[1]; ints[0] is the count
 *
 * Returns the rest of the string, as lib/cmdline.c does.
 */
char *get_options(const char *str, int nints, int *ints)
{
	int res, i = 1;

	while (i < nints) {
		res = get_option((char **)&str, ints + i);
		if (res == 0)
			break;
		if (res == 3) {
			int lo = ints[i], hi;

			str++;
			res = get_option((char **)&str, &hi);
			if (res == 0 || hi < lo)
				break;
			while (lo <= hi && i < nints)
				ints[i++] = lo++;
			if (res == 1)
				break;
			continue;
		}
		i++;
		if (res == 1)
			break;
	}
	ints[0] = i - 1;
	return (char *)str;
}
