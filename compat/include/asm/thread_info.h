/*
 * asm/thread_info.h - the low-level per-task data.
 *
 * The real kernel finds thread_info from the stack pointer; the simulated
 * machine keeps the current task of every CPU (compat/machine.c), so
 * current_thread_info() is that task's thread_info, kept beside it.
 */
#ifndef _ASM_THREAD_INFO_H
#define _ASM_THREAD_INFO_H

#include <linux/compiler.h>

struct task_struct;

struct thread_info {
	struct task_struct *task;
	unsigned long flags;		/* TIF_* bits */
	int cpu;			/* the CPU it runs or is queued on */
	int preempt_count;		/* 0: preemptible, <0: bug */
};

#define TIF_SIGPENDING		2
#define TIF_NEED_RESCHED	3
#define TIF_POLLING_NRFLAG	16

#define _TIF_SIGPENDING		(1 << TIF_SIGPENDING)
#define _TIF_NEED_RESCHED	(1 << TIF_NEED_RESCHED)
#define _TIF_POLLING_NRFLAG	(1 << TIF_POLLING_NRFLAG)

/*
 * The thread_info of each CPU's current task, kept by the machine with
 * sim_current[] (compat/machine.c): two loads, as cheap as the stack
 * pointer arithmetic it stands for, without linux/sched.h.
 */
extern int sim_this_cpu;
extern struct thread_info *sim_current_ti[];
#define current_thread_info()	(sim_current_ti[sim_this_cpu])

/*
 * The kernel's are atomic bitops: another CPU sets need_resched.  For
 * the race detector (linux/compiler.h) they are the compiler's atomics.
 */
#ifdef __SIM_TSAN
static inline void set_ti_thread_flag(struct thread_info *ti, int flag)
{
	__atomic_fetch_or(&ti->flags, 1UL << flag, __ATOMIC_SEQ_CST);
}

static inline void clear_ti_thread_flag(struct thread_info *ti, int flag)
{
	__atomic_fetch_and(&ti->flags, ~(1UL << flag), __ATOMIC_SEQ_CST);
}

static inline int test_ti_thread_flag(struct thread_info *ti, int flag)
{
	return (__atomic_load_n(&ti->flags, __ATOMIC_RELAXED) >> flag) & 1;
}
#else
static inline void set_ti_thread_flag(struct thread_info *ti, int flag)
{
	ti->flags |= 1UL << flag;
}

static inline void clear_ti_thread_flag(struct thread_info *ti, int flag)
{
	ti->flags &= ~(1UL << flag);
}

static inline int test_ti_thread_flag(struct thread_info *ti, int flag)
{
	return (ti->flags >> flag) & 1;
}
#endif

static inline int test_and_clear_ti_thread_flag(struct thread_info *ti,
						int flag)
{
	int old = test_ti_thread_flag(ti, flag);

	clear_ti_thread_flag(ti, flag);
	return old;
}

#define set_thread_flag(flag)	set_ti_thread_flag(current_thread_info(), flag)
#define clear_thread_flag(flag)	\
	clear_ti_thread_flag(current_thread_info(), flag)
#define test_thread_flag(flag)	test_ti_thread_flag(current_thread_info(), flag)

#endif /* _ASM_THREAD_INFO_H */
