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
#define atomic_read(v)		((v)->counter)
#define atomic_set(v, i)	(((v)->counter) = (i))
#define atomic_inc(v)		((void)(sim_point(), (v)->counter++))
#define atomic_dec(v)		((void)(sim_point(), (v)->counter--))
#define atomic_add(i, v)	((void)(sim_point(), (v)->counter += (i)))
#define atomic_sub(i, v)	((void)(sim_point(), (v)->counter -= (i)))
#define atomic_dec_and_test(v)	(sim_point(), --(v)->counter == 0)
#define atomic_inc_return(v)	(sim_point(), ++(v)->counter)

#endif /* _LINUX_ATOMIC_H */
