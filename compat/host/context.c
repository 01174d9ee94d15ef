/*
 * compat/host/context.c - coroutines for simulated tasks.
 *
 * Each simulated task runs on its own stack.  A context is created once
 * with makecontext() (one system call for the signal mask, paid at
 * creation) and from then on switched with _setjmp()/_longjmp(), which do
 * not touch the signal mask: a switch costs a few nanoseconds instead of
 * two system calls.
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

struct host_ctx {
	jmp_buf jb;
	void *map;			/* guard page + stack */
	unsigned long map_size;
	void (*entry)(void *);
	void *arg;
	unsigned int vg_stack_id;
	const void *stack_lo;		/* for ASan: the stack in use */
	size_t stack_size;
	void *asan_fake;		/* ASan's, while switched away */
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

/*
 * Tell ASan that the stack of @to is about to be in use, and, once
 * there, which stack was left: that is how the main context's stack,
 * which nobody allocated, becomes known before anything switches to it.
 */
static void switch_begin(struct host_ctx *from, const struct host_ctx *to)
{
	switching_from = from;
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
	if (!_setjmp(self->jb)) {
		switch_begin(self, creator);
		_longjmp(create_return, 1);
	}
	switch_end(self);	/* first switched to: the task starts */
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
#ifdef HAVE_VALGRIND
	ctx->vg_stack_id = VALGRIND_STACK_REGISTER((char *)ctx->map + page,
						   (char *)ctx->map +
						   ctx->map_size);
#endif

	if (getcontext(&uc))
		goto out_unmap;
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

out_unmap:
	stack_put(ctx->map, ctx->map_size);
out_free:
	free(ctx);
	return NULL;
}

void host_ctx_switch(struct host_ctx *from, struct host_ctx *to)
{
	switch_begin(from, to);
	if (!_setjmp(from->jb))
		_longjmp(to->jb, 1);
	switch_end(from);
}

void host_ctx_free(struct host_ctx *ctx)
{
	if (!ctx || ctx == &main_ctx)
		return;
#ifdef HAVE_VALGRIND
	VALGRIND_STACK_DEREGISTER(ctx->vg_stack_id);
#endif
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
	if (running != guard_ctx)
		switch_begin(running, guard_ctx);
	_longjmp(*guard_jb, 1);
}
