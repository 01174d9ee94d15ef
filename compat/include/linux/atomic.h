#ifndef _LINUX_ATOMIC_H
#define _LINUX_ATOMIC_H

/*
 * One simulated CPU executes at a time, so plain operations are atomic
 * with respect to every other simulated CPU.
 */
typedef struct {
	volatile int counter;
} atomic_t;

#define ATOMIC_INIT(i)		{ (i) }
#define atomic_read(v)		((v)->counter)
#define atomic_set(v, i)	(((v)->counter) = (i))
#define atomic_inc(v)		((void)((v)->counter++))
#define atomic_dec(v)		((void)((v)->counter--))
#define atomic_add(i, v)	((void)((v)->counter += (i)))
#define atomic_sub(i, v)	((void)((v)->counter -= (i)))
#define atomic_dec_and_test(v)	(--(v)->counter == 0)
#define atomic_inc_return(v)	(++(v)->counter)

#endif /* _LINUX_ATOMIC_H */
