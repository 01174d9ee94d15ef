/*
 * compat/host/context.c - coroutines for simulated tasks.
 *
 * Each simulated task runs on its own stack.  A context is created once
 * with makecontext() (one system call for the signal mask, paid at
 * creation) and from then on switched with setjmp()/longjmp() that do
 * not touch the signal mask (the compiler's own on x86-64, else libc's
 * _setjmp()/_longjmp()): a switch costs a few nanoseconds instead of two
 * system calls.
 *
 * Stacks are mmap()ed with MAP_NORESERVE and a guard page below, so a
 * task costs memory only for the pages its code touches and an overflow
 * faults instead of corrupting a neighbour.  A freed stack is kept for
 * the next context (up to STACK_CACHE of them): a fuzzer boots a machine
 * per input, and mapping, protecting, faulting in and unmapping a stack
 * for every task of it took half the time.  Under Valgrind each stack is
 * registered, and under AddressSanitizer each switch is announced
 * (__sanitizer_start_switch_fiber() before, ..._finish_...() after), so
 * that the switches are understood.
 *
 * Under the race detector (configure --enable-tsan) each context is a
 * ThreadSanitizer fiber, and a switch orders nothing: what orders one
 * simulated CPU's work before another's is said by the machine through
 * host_hb_acquire() and host_hb_release().  The machine's own context
 * takes no part at all: its reads and writes and its synchronisation
 * are ignored (docs/machine.md, "The race detector").
 */
#undef _FORTIFY_SOURCE		/* __longjmp_chk rejects switching stacks */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include "hostif.h"

#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define HAVE_VALGRIND 1
#endif
#endif

#if defined(__SANITIZE_ADDRESS__)
#define HAVE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HAVE_ASAN 1
#endif
#endif
#ifdef HAVE_ASAN
#include <sanitizer/common_interface_defs.h>
#endif

#ifdef PLUGSCHED_TSAN
#include <sanitizer/tsan_interface.h>

/*
 * The runtime has these, but no header of clang 14 declares them: the
 * thread's (here: the fiber's) reads and writes, and its
 * synchronisation, ignored.
 */
void __tsan_ignore_thread_begin(void);
void __tsan_ignore_thread_end(void);
void AnnotateIgnoreSyncBegin(const char *file, int line);
void AnnotateIgnoreSyncEnd(const char *file, int line);
#endif

/*
 * A switch between contexts resumes the other one where it left: no
 * frame is unwound, and nothing of libc's _longjmp() (its cleanup
 * handlers, pointer mangling) is needed.  On x86-64, without a
 * sanitizer that must see the switch, the compiler's own setjmp saves
 * the stack and frame pointers and the place to resume, and the
 * function calling it keeps every other register in its frame: about a
 * fifth of libc's instructions.
 */
#if defined(__x86_64__) && !defined(HAVE_ASAN) && !defined(PLUGSCHED_TSAN)
typedef void *ctx_jmp_buf[5];
#define ctx_setjmp(buf)		__builtin_setjmp(buf)

/* Not in the function that called ctx_setjmp(): the compiler's rule. */
static __attribute__((noinline, noreturn)) void ctx_longjmp(void **buf)
{
	__builtin_longjmp(buf, 1);
}
#else
typedef jmp_buf ctx_jmp_buf;
#define ctx_setjmp(buf)		_setjmp(buf)
#define ctx_longjmp(buf)	_longjmp(buf, 1)
#endif

struct host_ctx {
	ctx_jmp_buf jb;
	void *map;			/* guard page + stack */
	unsigned long map_size;
	void (*entry)(void *);
	void *arg;
	unsigned int vg_stack_id;
	const void *stack_lo;		/* for ASan: the stack in use */
	size_t stack_size;
	void *asan_fake;		/* ASan's, while switched away */
	void *tsan_fiber;		/* TSan's view of the context */
};

#define STACK_CACHE	64

static struct host_ctx main_ctx;

/* Stacks of freed contexts, ready for new ones. */
static struct {
	void *map;
	unsigned long size;
} stack_cache[STACK_CACHE];
static int nr_cached;

static void *stack_get(unsigned long size, long page)
{
	void *map;
	int i;

	for (i = nr_cached - 1; i >= 0; i--)
		if (stack_cache[i].size == size) {
			map = stack_cache[i].map;
			stack_cache[i] = stack_cache[--nr_cached];
			return map;
		}
	map = mmap(NULL, size, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (map == MAP_FAILED)
		return NULL;
	if (mprotect(map, page, PROT_NONE)) {
		munmap(map, size);
		return NULL;
	}
	return map;
}

static void stack_put(void *map, unsigned long size)
{
	if (nr_cached == STACK_CACHE) {
		munmap(map, size);
		return;
	}
	stack_cache[nr_cached].map = map;
	stack_cache[nr_cached].size = size;
	nr_cached++;
}
static struct host_ctx *creating;
static jmp_buf create_return;

static jmp_buf *guard_jb;
static struct host_ctx *guard_ctx;	/* whose stack guard_jb is on */

static struct host_ctx *running = &main_ctx;	/* the stack in use */
static struct host_ctx *switching_from;

#ifdef PLUGSCHED_TSAN
/*
 * What a context freed did happens before all that a context made
 * later does: a machine booted after another one runs on the same
 * static data (the drivers' runqueues) and on reused stacks, and
 * nothing else orders its CPUs after the first machine's.  Within a
 * run, a task is freed only after its exit, which a later task's work
 * follows on hardware too.
 */
static char fiber_generation;

static void tsan_switch(const struct host_ctx *to)
{
	__tsan_switch_to_fiber(to->tsan_fiber,
			       __tsan_switch_to_fiber_no_sync);
}

/*
 * The machine's context: the host thread's own fiber, ignored from the
 * start (a constructor, so before any kernel code runs), for nothing
 * it does is a simulated CPU's work.
 */
static void __attribute__((constructor)) tsan_main_ignore(void)
{
	main_ctx.tsan_fiber = __tsan_get_current_fiber();
	__tsan_ignore_thread_begin();
	AnnotateIgnoreSyncBegin(__FILE__, __LINE__);
}

/* At exit, the runtime wants every ignore ended. */
static void __attribute__((destructor)) tsan_main_unignore(void)
{
	if (running != &main_ctx)
		tsan_switch(&main_ctx);
	AnnotateIgnoreSyncEnd(__FILE__, __LINE__);
	__tsan_ignore_thread_end();
}

/* Release @fiber's work to the contexts made from now on, then drop it. */
static void tsan_destroy(void *fiber)
{
	__tsan_switch_to_fiber(fiber, __tsan_switch_to_fiber_no_sync);
	__tsan_release(&fiber_generation);
	tsan_switch(running);
	__tsan_destroy_fiber(fiber);
}

#define tsan_free(ctx)		tsan_destroy((ctx)->tsan_fiber)

/* The fiber the machine's context runs as, between the two below. */
static void *borrowed;

/**
 * host_hb_context_begin - the machine's context runs as a fiber of its
 * own, made now, until host_hb_context_end() or host_escape().
 */
void host_hb_context_begin(void)
{
	if (running != &main_ctx || borrowed)
		return;
	borrowed = __tsan_create_fiber(0);
	__tsan_switch_to_fiber(borrowed, __tsan_switch_to_fiber_no_sync);
	__tsan_acquire(&fiber_generation);
}

/**
 * host_hb_context_end - back to the machine's own, ignored, fiber; what
 * the borrowed one did happens before every context made later.
 */
void host_hb_context_end(void)
{
	void *fiber = borrowed;

	if (!fiber)
		return;
	borrowed = NULL;
	tsan_destroy(fiber);
}

/**
 * host_hb_ignore_begin - the running fiber's reads, writes and
 * synchronisation are ignored until host_hb_ignore_end().  The machine's
 * own fiber ignores them for good already.
 */
void host_hb_ignore_begin(void)
{
	if (running != &main_ctx || borrowed) {
		__tsan_ignore_thread_begin();
		AnnotateIgnoreSyncBegin(__FILE__, __LINE__);
	}
}

void host_hb_ignore_end(void)
{
	if (running != &main_ctx || borrowed) {
		AnnotateIgnoreSyncEnd(__FILE__, __LINE__);
		__tsan_ignore_thread_end();
	}
}

/**
 * host_hb_acquire - what was released on @addr happens before what the
 * running fiber does next; nothing in the machine's own.
 */
void host_hb_acquire(const void *addr)
{
	if (running != &main_ctx || borrowed)
		__tsan_acquire((void *)addr);
}

/**
 * host_hb_release - what the running fiber did so far happens before
 * what follows a later host_hb_acquire() of @addr; nothing in the
 * machine's own.
 */
void host_hb_release(const void *addr)
{
	if (running != &main_ctx || borrowed)
		__tsan_release((void *)addr);
}
#else
#define tsan_switch(to)		do { } while (0)
#define tsan_free(ctx)		do { } while (0)

void host_hb_context_begin(void)
{
}

void host_hb_context_end(void)
{
}

void host_hb_ignore_begin(void)
{
}

void host_hb_ignore_end(void)
{
}

void host_hb_acquire(const void *addr)
{
}

void host_hb_release(const void *addr)
{
}
#endif

/*
 * Tell ASan that the stack of @to is about to be in use, and, once
 * there, which stack was left: that is how the main context's stack,
 * which nobody allocated, becomes known before anything switches to it.
 */
static void switch_begin(struct host_ctx *from, const struct host_ctx *to)
{
	switching_from = from;
	tsan_switch(to);
#ifdef HAVE_ASAN
	__sanitizer_start_switch_fiber(&from->asan_fake, to->stack_lo,
				       to->stack_size);
#endif
}

static void switch_end(struct host_ctx *self)
{
	struct host_ctx *from = switching_from;

	running = self;
#ifdef HAVE_ASAN
	__sanitizer_finish_switch_fiber(self->asan_fake, &from->stack_lo,
					&from->stack_size);
#else
	(void)from;
#endif
}

static void ctx_trampoline(void)
{
	struct host_ctx *self = creating, *creator;

	switch_end(self);
	creator = switching_from;
	if (!ctx_setjmp(self->jb)) {
		switch_begin(self, creator);
		_longjmp(create_return, 1);
	}
	switch_end(self);	/* first switched to: the task starts */
#ifdef PLUGSCHED_TSAN
	__tsan_acquire(&fiber_generation);
#endif
	self->entry(self->arg);
	fprintf(stderr, "plugsched: a task context returned from its entry\n");
	abort();
}

struct host_ctx *host_ctx_main(void)
{
	return &main_ctx;
}

struct host_ctx *host_ctx_new(unsigned long stack_size,
			      void (*entry)(void *), void *arg)
{
	long page = sysconf(_SC_PAGESIZE);
	struct host_ctx *ctx, *creator = running;
	ucontext_t uc;

	ctx = calloc(1, sizeof(*ctx));
	if (!ctx)
		return NULL;
	stack_size = (stack_size + page - 1) & ~(unsigned long)(page - 1);
	ctx->map_size = stack_size + page;
	ctx->map = stack_get(ctx->map_size, page);
	if (!ctx->map)
		goto out_free;
	ctx->entry = entry;
	ctx->arg = arg;
	ctx->stack_lo = (char *)ctx->map + page;
	ctx->stack_size = stack_size;
#ifdef PLUGSCHED_TSAN
	ctx->tsan_fiber = __tsan_create_fiber(0);
#endif
#ifdef HAVE_VALGRIND
	ctx->vg_stack_id = VALGRIND_STACK_REGISTER((char *)ctx->map + page,
						   (char *)ctx->map +
						   ctx->map_size);
#endif

	if (getcontext(&uc))
		goto out_fiber;
	uc.uc_stack.ss_sp = (char *)ctx->map + page;
	uc.uc_stack.ss_size = stack_size;
	uc.uc_link = NULL;
	makecontext(&uc, ctx_trampoline, 0);

	/*
	 * setcontext(), not swapcontext(): the trampoline comes back by
	 * _longjmp(), and AddressSanitizer warns on every swapcontext().
	 */
	creating = ctx;
	if (!_setjmp(create_return)) {
		switch_begin(creator, ctx);
		setcontext(&uc);
	}
	switch_end(creator);
	creating = NULL;
	return ctx;

out_fiber:
#ifdef PLUGSCHED_TSAN
	__tsan_destroy_fiber(ctx->tsan_fiber);
#endif
	stack_put(ctx->map, ctx->map_size);
out_free:
	free(ctx);
	return NULL;
}

void host_ctx_switch(struct host_ctx *from, struct host_ctx *to)
{
	switch_begin(from, to);
	if (!ctx_setjmp(from->jb))
		ctx_longjmp(to->jb);
	switch_end(from);
}

void host_ctx_free(struct host_ctx *ctx)
{
	if (!ctx || ctx == &main_ctx)
		return;
#ifdef HAVE_VALGRIND
	VALGRIND_STACK_DEREGISTER(ctx->vg_stack_id);
#endif
	tsan_free(ctx);
	stack_put(ctx->map, ctx->map_size);
	free(ctx);
}

int host_guard(int (*fn)(void *), void *arg)
{
	struct host_ctx *outer_ctx = guard_ctx;
	jmp_buf jb, *outer = guard_jb;
	int ret;

	guard_jb = &jb;
	guard_ctx = running;
	if (_setjmp(jb)) {
		if (running != guard_ctx)	/* escaped from another stack */
			switch_end(guard_ctx);
		guard_jb = outer;
		guard_ctx = outer_ctx;
		return -1;
	}
	ret = fn(arg);
	guard_jb = outer;
	guard_ctx = outer_ctx;
	return ret;
}

void host_escape(void)
{
	if (!guard_jb) {
		fprintf(stderr, "plugsched: machine failure outside a run\n");
		abort();
	}
	host_hb_context_end();
	if (running != guard_ctx)
		switch_begin(running, guard_ctx);
	_longjmp(*guard_jb, 1);
}
