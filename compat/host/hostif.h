/*
 * compat/host/hostif.h - the narrow interface between the kernel-side
 * machine (the files of compat/, built without libc headers) and the host
 * side (compat/host/, plain libc).  Only primitive C types cross it, so
 * both worlds can include this header.
 */
#ifndef _PLUGSCHED_HOSTIF_H
#define _PLUGSCHED_HOSTIF_H

struct host_ctx;

/*
 * Execution contexts with their own stacks.  host_ctx_new() makes a
 * context that starts in @entry(@arg) the first time it is switched to;
 * @entry must never return.  host_ctx_main() is the context of the
 * thread that drives the machine.
 */
struct host_ctx *host_ctx_new(unsigned long stack_size,
			      void (*entry)(void *), void *arg);
struct host_ctx *host_ctx_main(void);
void host_ctx_switch(struct host_ctx *from, struct host_ctx *to);
void host_ctx_free(struct host_ctx *ctx);

/*
 * host_guard() runs @fn(@arg) and returns its value, or -1 if the run was
 * abandoned with host_escape() from any context (a failed check).
 */
int host_guard(int (*fn)(void *), void *arg);
void host_escape(void) __attribute__((noreturn));

/*
 * The race detector (configure --enable-tsan; elsewhere these do
 * nothing).  host_hb_release() makes all that the running context did
 * so far happen before what any context does after a later
 * host_hb_acquire() of the same @addr, an address used as a name only.
 * In the machine's own context both do nothing: it orders no CPU's
 * work.
 */
void host_hb_acquire(const void *addr);
void host_hb_release(const void *addr);

/*
 * From the machine's context: what runs until host_hb_context_end()
 * (or host_escape()) is, for the race detector, a context of its own,
 * made for it, taking part in the orders above.  For work done on the
 * machine's stack that a CPU does on hardware: an interrupt the harness
 * injects.
 */
void host_hb_context_begin(void);
void host_hb_context_end(void);

/*
 * What the running context does until host_hb_ignore_end() is the
 * machine's own bookkeeping, on a CPU's behalf but no work of it: its
 * reads and writes (and the C library's) and its synchronisation are
 * ignored.  No context switch may come in between.
 */
void host_hb_ignore_begin(void);
void host_hb_ignore_end(void);

void *host_alloc(unsigned long size);		/* zeroed; NULL on failure */
void host_free(void *ptr);
void host_write_err(const char *s, unsigned long len);
int host_symbolize(void *addr, char *buf, unsigned long len);

#endif /* _PLUGSCHED_HOSTIF_H */
