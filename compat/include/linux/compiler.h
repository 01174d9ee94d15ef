/*
 * linux/compiler.h - compiler attributes the kernel sources expect.
 *
 * The simulated machine has no address spaces or sections of its own, so
 * the annotations that mean something to the real kernel's linker or
 * sparse (__user, __init, __sched...) expand to nothing here.
 */
#ifndef _LINUX_COMPILER_H
#define _LINUX_COMPILER_H

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)

#define __user
#define __kernel
#define __iomem
#define __force
#define __init
#define __exit
#define __initdata
#define __devinit
#define __devinitdata
#define __cpuinit
#define __sched
#define __read_mostly
#define asmlinkage
#define fastcall
#define FASTCALL(x)	x
#define __always_inline	inline __attribute__((always_inline))
#define noinline	__attribute__((noinline))
#define __attribute_used__	__attribute__((used))
#define __must_check	__attribute__((warn_unused_result))
#define __noreturn	__attribute__((noreturn))
#define __maybe_unused	__attribute__((unused))

#define barrier()	__asm__ __volatile__("" : : : "memory")

/*
 * A point where SMP hardware lets another CPU's work become visible:
 * when the machine interleaves CPUs (compat/interleave.c), another CPU
 * may run here.  An out-of-line call, so also a compiler barrier.
 */
extern void __sim_point(const char *file, int line);
#define sim_point()	__sim_point(__FILE__, __LINE__)

#define ACCESS_ONCE(x)	(*(volatile __typeof__(x) *)&(x))

/*
 * __SIM_TSAN: this file is built for the race detector (configure
 * --enable-tsan instruments libsched/ and the drivers).  What the kernel
 * makes atomic - atomic_t, the atomic bitops, thread flags - is then
 * done with the compiler's atomics, which ThreadSanitizer knows are no
 * race and order as the hardware's locked instructions do.  Elsewhere
 * one simulated CPU executes at a time and plain C is atomic enough.
 */
#if defined(__SANITIZE_THREAD__)
#define __SIM_TSAN	1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define __SIM_TSAN	1
#endif
#endif

#endif /* _LINUX_COMPILER_H */
