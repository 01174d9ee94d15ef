#ifndef _LINUX_ATOMIC_H
#define _LINUX_ATOMIC_H

#include <linux/compiler.h>

/*
 * One simulated CPU executes at a time, so plain operations are atomic
 * with respect to every other simulated CPU.  Each read-modify-write is
 * a point where, interleaving, another CPU may run first.
 */
typedef struct {
	volatile int counter;
} atomic_t;

#define ATOMIC_INIT(i)		{ (i) }

#ifdef __SIM_TSAN
/* The race detector: x86's locked instructions, each a full barrier. */
#define __sim_atomic_add(v, i)	\
	__atomic_add_fetch(&(v)->counter, (i), __ATOMIC_SEQ_CST)
#define atomic_read(v)	__atomic_load_n(&(v)->counter, __ATOMIC_RELAXED)
#define atomic_set(v, i)	\
	__atomic_store_n(&(v)->counter, (i), __ATOMIC_RELAXED)
#define atomic_add(i, v)	((void)(sim_point(), __sim_atomic_add(v, i)))
#define atomic_sub(i, v)	atomic_add(-(i), v)
#define atomic_inc(v)		atomic_add(1, v)
#define atomic_dec(v)		atomic_add(-1, v)
#define atomic_dec_and_test(v)	\
	(sim_point(), __sim_atomic_add(v, -1) == 0)
#define atomic_inc_return(v)	(sim_point(), __sim_atomic_add(v, 1))
#else
#define atomic_read(v)		((v)->counter)
#define atomic_set(v, i)	(((v)->counter) = (i))
#define atomic_inc(v)		((void)(sim_point(), (v)->counter++))
#define atomic_dec(v)		((void)(sim_point(), (v)->counter--))
#define atomic_add(i, v)	((void)(sim_point(), (v)->counter += (i)))
#define atomic_sub(i, v)	((void)(sim_point(), (v)->counter -= (i)))
#define atomic_dec_and_test(v)	(sim_point(), --(v)->counter == 0)
#define atomic_inc_return(v)	(sim_point(), ++(v)->counter)
#endif

#endif /* _LINUX_ATOMIC_H */
