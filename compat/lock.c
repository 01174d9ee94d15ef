/*
 * compat/lock.c - spinlocks and rwlocks, stubbed but checked.
 *
 * Serially nothing ever spins: one simulated CPU executes at a time and no
 * lock may be held when control goes back to the machine, so a lock found
 * taken is always a bug.  When the machine interleaves CPUs, a lock
 * another CPU holds is spun on (sim_spin_wait()): the holder goes on, and
 * CPUs that spin on each other are a deadlock, reported.  Acquire,
 * trylock and release are points where another CPU may run.
 *
 * Each CPU keeps the stack of locks it holds; each lock
 * class (an init call site, or a static lock) keeps which classes were
 * taken while it was held and where it was used with interrupts on and
 * in hardirq context.  From those, as lockdep does, the checks below find
 * deadlocks that did not happen this time but can:
 *
 *   recursion      - taking a lock this CPU already holds
 *   foreign owner  - taking (serially) or releasing a lock another CPU
 *                    holds
 *   not held       - releasing a lock nobody holds
 *   irq safety     - a class used in hardirq and also with irqs enabled
 *   order          - A then B here, B then A (possibly via others) before
 *   nesting        - two locks of one class not in ascending address
 *                    order (the runqueue locking rule)
 *
 * Trylocks never wait, so they add no ordering constraint.
 *
 * The common case is cheap: a lock remembers its class (checked against
 * the class's key, so a reset or a copied lock is never trusted), a held
 * lock its class, and an order already recorded needs no search.  Every
 * edge is added only after the search found no path back, and the first
 * report ends the run, so the graph has no cycle: a known edge A -> B
 * proves B cannot reach A, and taking B under A again can report nothing
 * new.  Likewise a class already seen in hardirq context (or with
 * interrupts on) that is used so again changes nothing.
 */
#include <linux/sched.h>
#include <linux/string.h>

#include "internal.h"

/* The checks' slow paths, out of the way of the common one. */
#define __slowpath	noinline __attribute__((cold))

#define MAX_CLASSES	512
#define CLASS_WORDS	(MAX_CLASSES / BITS_PER_LONG)

struct lock_place {
	const char *file;
	int line;
};

struct lock_class {
	const void *key;
	const char *name;
	struct lock_place hardirq;	/* first use in hardirq context */
	struct lock_place irqs_on;	/* first use with irqs enabled */
	unsigned long after[CLASS_WORDS];	/* taken while this held */
	struct lock_place edge[MAX_CLASSES];	/* where each edge began */
};

static struct lock_class classes[MAX_CLASSES];
static int nr_classes;

/*
 * Only the classes the last boot used hold anything, and their edges only
 * name each other: clearing those keeps a boot cheap (the whole table is
 * 4 MiB, and a fuzzer boots for every input).
 */
void sim_locks_reset(void)
{
	int i;

	for (i = 0; i < nr_classes; i++) {
		struct lock_class *c = &classes[i];

		c->key = NULL;
		c->name = NULL;
		c->hardirq = c->irqs_on = (struct lock_place){ NULL, 0 };
		memset(c->after, 0, sizeof(c->after));
		memset(c->edge, 0, nr_classes * sizeof(c->edge[0]));
	}
	nr_classes = 0;
}

static const void *class_key(struct lock_check *dep, void *lock)
{
	return dep->key ? (const void *)dep->key : lock;
}

/* class_of() the slow way: search the classes, or make a new one. */
static __slowpath int class_find(struct lock_check *dep, const void *key)
{
	int i;

	for (i = 0; i < nr_classes; i++)
		if (classes[i].key == key)
			goto found;
	if (nr_classes == MAX_CLASSES)
		sim_fail("BUG: more than %d lock classes", MAX_CLASSES);
	classes[nr_classes].key = key;
	classes[nr_classes].name = dep->name;
	i = nr_classes++;
found:
	dep->cls = i;
	return i;
}

/*
 * class_of - the class of @lock, by its key.  The class @dep remembers
 * is used if it still has that key: a class not in use has none, so one
 * cleared by sim_locks_reset(), or a lock copied elsewhere (keyed by its
 * address), is looked up again.
 */
static inline int class_of(struct lock_check *dep, void *lock)
{
	const void *key = class_key(dep, lock);
	unsigned int cls = dep->cls % MAX_CLASSES;

	if (likely(classes[cls].key == key))
		return cls;
	return class_find(dep, key);
}

/* Is @to reachable from @from in the lock-order graph? */
static int class_reaches(int from, int to, unsigned long *seen)
{
	int i;

	if (from == to)
		return 1;
	__set_bit(from, seen);
	for (i = find_first_bit(classes[from].after, MAX_CLASSES);
	     i < MAX_CLASSES;
	     i = find_next_bit(classes[from].after, MAX_CLASSES, i + 1)) {
		if (test_bit(i, seen))
			continue;
		if (class_reaches(i, to, seen))
			return 1;
	}
	return 0;
}

static const char *owner_name(struct lock_check *dep)
{
	return dep->owner ? sim_task_name(dep->owner) : "?";
}

/*
 * first_irq_use - class @c used for the first time in hardirq context
 * (@where its hardirq place) or with interrupts on (its irqs_on place):
 * note where; having been used both ways is a report.
 */
static __slowpath void first_irq_use(struct lock_class *c,
				     struct lock_place *where,
				     struct lock_check *dep, const char *file,
				     int line)
{
	*where = (struct lock_place){ file, line };
	if (c->hardirq.file && c->irqs_on.file)
		sim_fail("BUG: irq-unsafe lock: %s taken in hardirq context at "
			 "%s:%d and with interrupts enabled at %s:%d (cpu%d, "
			 "task %s)", dep->name, c->hardirq.file,
			 c->hardirq.line, c->irqs_on.file, c->irqs_on.line,
			 smp_processor_id(), sim_task_name(current));
}

/*
 * check_irq_safety - a use of class @cls in hardirq context or with
 * interrupts on.  One of a kind already noted changes nothing: had the
 * other kind been noted too, the run would have ended with the second.
 */
static inline void check_irq_safety(struct sim_cpu *cpu, int cls,
				    struct lock_check *dep, const char *file,
				    int line)
{
	struct lock_class *c = &classes[cls];

	if (in_irq()) {
		if (unlikely(!c->hardirq.file))
			first_irq_use(c, &c->hardirq, dep, file, line);
	} else if (!cpu->irqs_off) {
		if (unlikely(!c->irqs_on.file))
			first_irq_use(c, &c->irqs_on, dep, file, line);
	}
}

/* "file:line" of @p, or "(a chain)" for an order implied by other edges. */
static const char *place_str(const struct lock_place *p, char *buf, int len)
{
	if (!p->file)
		return "(a chain)";
	snprintf(buf, len, "%s:%d", p->file, p->line);
	return buf;
}

/*
 * check_new_order - @cls taken while holding @h, whose class is @held,
 * for the first time: a report if @cls leads to @held already, else the
 * edge @held -> @cls is recorded, with where it began.
 */
static __slowpath void check_new_order(struct sim_cpu *c, struct held_lock *h,
			    int held, int cls, struct lock_check *dep,
			    const char *file, int line)
{
	unsigned long seen[CLASS_WORDS];
	char where[256];

	memset(seen, 0, sizeof(seen));
	if (class_reaches(cls, held, seen))
		sim_fail("BUG: possible lock inversion: %s taken at %s:%d "
			 "while holding %s (taken at %s:%d) on cpu%d, task %s; "
			 "the opposite order was established at %s", dep->name,
			 file, line, h->dep->name, h->file, h->line, c->id,
			 sim_task_name(current),
			 place_str(&classes[cls].edge[held], where,
				   sizeof(where)));
	__set_bit(cls, classes[held].after);
	classes[held].edge[cls] = (struct lock_place){ file, line };
}

static inline void check_order(struct sim_cpu *c, int cls,
			       struct lock_check *dep, void *lock,
			       const char *file, int line)
{
	int i, held;

	for (i = 0; i < c->nr_held; i++) {
		struct held_lock *h = &c->held[i];

		held = h->cls;
		if (held == cls) {
			if ((unsigned long)h->lock > (unsigned long)lock)
				sim_fail("BUG: lock nesting out of address "
					 "order: %s (%p) taken at %s:%d while "
					 "holding %s (%p, same class) taken at "
					 "%s:%d (cpu%d, task %s)", dep->name,
					 lock, file, line, h->dep->name,
					 h->lock, h->file, h->line, c->id,
					 sim_task_name(current));
			continue;
		}
		if (likely(test_bit(cls, classes[held].after)))
			continue;	/* known: no cycle, nothing new */
		check_new_order(c, h, held, cls, dep, file, line);
	}
}

static void push_held(struct sim_cpu *c, struct lock_check *dep, void *lock,
		      int cls, const char *file, int line, int trylock,
		      int read)
{
	struct held_lock *h;

	if (unlikely(c->nr_held == SIM_MAX_HELD))
		sim_fail("BUG: cpu%d holds more than %d locks", c->id,
			 SIM_MAX_HELD);
	h = &c->held[c->nr_held++];
	h->dep = dep;
	h->lock = lock;
	h->file = file;
	h->line = line;
	h->cls = cls;
	h->trylock = trylock;
	h->read = read;
}

/* Where this CPU holds @lock, looking from the last taken, or -1. */
static inline int find_held(struct sim_cpu *c, void *lock)
{
	int i;

	for (i = c->nr_held - 1; i >= 0; i--)
		if (c->held[i].lock == lock)
			return i;
	return -1;
}

static void pop_held(struct sim_cpu *c, int i)
{
	c->nr_held--;
	if (i < c->nr_held)	/* not the last taken: close the gap */
		memmove(&c->held[i], &c->held[i + 1],
			(c->nr_held - i) * sizeof(c->held[0]));
}

static __slowpath void __attribute__((noreturn))
report_taken(struct lock_check *dep, const char *file, int line)
{
	struct sim_cpu *c = this_sim_cpu();

	if (dep->owner_cpu == c->id)
		sim_fail("BUG: recursive locking: %s taken at %s:%d on cpu%d "
			 "by task %s, already held since %s:%d", dep->name,
			 file, line, c->id, sim_task_name(current), dep->file,
			 dep->line);
	sim_fail("BUG: deadlock: %s taken at %s:%d on cpu%d by task %s is "
		 "held by cpu%d (task %s) since %s:%d", dep->name, file, line,
		 c->id, sim_task_name(current), dep->owner_cpu,
		 owner_name(dep), dep->file, dep->line);
}

/* A lock found taken is a report: recursion, or (serially) deadlock. */
static inline void check_free(struct lock_check *dep, int taken,
			      const char *file, int line)
{
	if (unlikely(taken))
		report_taken(dep, file, line);
}

static void note_owner(struct lock_check *dep, const char *file, int line)
{
	dep->owner_cpu = smp_processor_id();
	dep->owner = current;
	dep->file = file;
	dep->line = line;
}

static __always_inline void acquire(struct lock_check *dep, void *lock,
				    int taken, const char *file, int line,
				    int read)
{
	struct sim_cpu *c = this_sim_cpu();
	int cls;

	check_free(dep, taken, file, line);
	cls = class_of(dep, lock);
	check_irq_safety(c, cls, dep, file, line);
	check_order(c, cls, dep, lock, file, line);
	push_held(c, dep, lock, cls, file, line, 0, read);
	note_owner(dep, file, line);
}

/* @dep released at file:line, but this CPU does not hold it. */
static __slowpath void __attribute__((noreturn))
report_not_held(struct lock_check *dep, int taken, const char *file, int line)
{
	struct sim_cpu *c = this_sim_cpu();

	if (taken)
		sim_fail("BUG: %s released at %s:%d on cpu%d by task %s, but "
			 "it is held by cpu%d (task %s) since %s:%d",
			 dep->name, file, line, c->id, sim_task_name(current),
			 dep->owner_cpu, owner_name(dep), dep->file,
			 dep->line);
	sim_fail("BUG: %s released at %s:%d on cpu%d by task %s, but it is "
		 "not locked", dep->name, file, line, c->id,
		 sim_task_name(current));
}

/*
 * acquire_known - the common acquire, which can report nothing: no CPU
 * may interleave, the lock is free, its class is the one it remembers,
 * its use in this context is noted already, and its order after every
 * lock held is known (none of its own class: their addresses need a
 * look).  Then only the bookkeeping, and 1.  Else 0, nothing done: the
 * whole checked path runs.
 */
static __always_inline int acquire_known(struct lock_check *dep, void *lock,
					 int taken, const char *file,
					 int line, int read)
{
	struct sim_cpu *c = this_sim_cpu();
	unsigned int cls = dep->cls % MAX_CLASSES;
	struct lock_class *k = &classes[cls];
	int i;

	if (unlikely(sim.ilv.executing || taken ||
		     k->key != class_key(dep, lock)))
		return 0;
	if (in_irq() ? !k->hardirq.file : !c->irqs_off && !k->irqs_on.file)
		return 0;
	if (unlikely(c->nr_held == SIM_MAX_HELD))
		return 0;
	for (i = 0; i < c->nr_held; i++) {
		int held = c->held[i].cls;

		if (held == cls || !test_bit(cls, classes[held].after))
			return 0;
	}
	push_held(c, dep, lock, cls, file, line, 0, read);
	note_owner(dep, file, line);
	return 1;
}

static __always_inline void release(struct lock_check *dep, void *lock,
				    int taken, const char *file, int line)
{
	struct sim_cpu *c = this_sim_cpu();
	int i = find_held(c, lock);

	if (unlikely(i < 0))
		report_not_held(dep, taken, file, line);
	pop_held(c, i);
}

void __spin_lock_init(spinlock_t *lock, const char *name,
		      struct lock_class_key *key)
{
	memset(lock, 0, sizeof(*lock));
	lock->dep.key = key;
	lock->dep.name = name;
	lock->dep.owner_cpu = -1;
}

void __rwlock_init(rwlock_t *lock, const char *name,
		   struct lock_class_key *key)
{
	memset(lock, 0, sizeof(*lock));
	lock->dep.key = key;
	lock->dep.name = name;
	lock->dep.owner_cpu = -1;
}

/*
 * spin_while_held - interleaving, wait for a lock another CPU holds;
 * the checks then find it free.  Serially, or held by this CPU, the
 * checks report it.
 */
static void spin_while_held(void *lock, struct lock_check *dep, int taken,
			    int kind, const char *file, int line)
{
	if (taken && sim.ilv.executing && dep->owner_cpu != smp_processor_id())
		sim_spin_wait(lock, kind, file, line);
}

/**
 * sim_spin_blocked - is the lock @c spins on still unavailable to it?
 */
int sim_spin_blocked(const struct sim_cpu *c)
{
	switch (c->spin_kind) {
	case SPIN_READ:
		return ((rwlock_t *)c->spin_lock)->readers < 0;
	case SPIN_WRITE:
		return ((rwlock_t *)c->spin_lock)->readers != 0;
	default:
		return ((spinlock_t *)c->spin_lock)->slock != 0;
	}
}

/**
 * sim_describe_spin - what @c spins on and who holds it, for a report.
 */
void sim_describe_spin(const struct sim_cpu *c, char *buf, int len)
{
	struct lock_check *dep = c->spin_kind == SPIN_EXCL ?
		&((spinlock_t *)c->spin_lock)->dep :
		&((rwlock_t *)c->spin_lock)->dep;

	snprintf(buf, len, "%s taken at %s:%d on cpu%d by task %s is held by "
		 "cpu%d (task %s) since %s:%d", dep->name, c->point_file,
		 c->point_line, c->id, sim_task_name(sim_current[c->id]),
		 dep->owner_cpu, owner_name(dep), dep->file, dep->line);
}

/* __lock_acquire() with every check: a CPU may interleave here, too. */
static noinline void lock_acquire_checked(spinlock_t *lock, const char *file,
					  int line)
{
	sim_point_at(file, line);
	spin_while_held(lock, &lock->dep, lock->slock, SPIN_EXCL, file, line);
	acquire(&lock->dep, lock, lock->slock, file, line, 0);
	lock->slock = 1;
	sim_hb_acquire(lock);
}

void __lock_acquire(spinlock_t *lock, const char *file, int line)
{
	if (unlikely(!acquire_known(&lock->dep, lock, lock->slock, file, line,
				    0))) {
		lock_acquire_checked(lock, file, line);
		return;
	}
	lock->slock = 1;
	sim_hb_acquire(lock);
}

int __lock_tryacquire(spinlock_t *lock, const char *file, int line)
{
	struct sim_cpu *c;
	int cls;

	sim_point_at(file, line);
	c = this_sim_cpu();
	if (lock->slock)
		return 0;
	cls = class_of(&lock->dep, lock);
	check_irq_safety(c, cls, &lock->dep, file, line);
	push_held(c, &lock->dep, lock, cls, file, line, 1, 0);
	note_owner(&lock->dep, file, line);
	lock->slock = 1;
	sim_hb_acquire(lock);
	return 1;
}

void __lock_release(spinlock_t *lock, const char *file, int line)
{
	sim_hb_release(lock);
	release(&lock->dep, lock, lock->slock, file, line);
	lock->slock = 0;
	lock->dep.owner_cpu = -1;
	lock->dep.owner = NULL;
	sim_point_at(file, line);
}

void __read_acquire(rwlock_t *lock, const char *file, int line)
{
	sim_point_at(file, line);
	spin_while_held(lock, &lock->dep, lock->readers < 0, SPIN_READ, file,
			line);
	if (lock->readers < 0)
		report_taken(&lock->dep, file, line);
	if (lock->readers > 0) {
		/* Readers nest: only the first one takes part in ordering. */
		push_held(this_sim_cpu(), &lock->dep, lock,
			  class_of(&lock->dep, lock), file, line, 0, 1);
		lock->readers++;
		sim_hb_acquire(lock);
		return;
	}
	acquire(&lock->dep, lock, 0, file, line, 1);
	lock->readers = 1;
	sim_hb_acquire(lock);
}

void __read_release(rwlock_t *lock, const char *file, int line)
{
	sim_hb_release(lock);
	release(&lock->dep, lock, lock->readers > 0, file, line);
	if (--lock->readers == 0) {
		lock->dep.owner_cpu = -1;
		lock->dep.owner = NULL;
	}
	sim_point_at(file, line);
}

static noinline void write_acquire_checked(rwlock_t *lock, const char *file,
					   int line)
{
	sim_point_at(file, line);
	spin_while_held(lock, &lock->dep, lock->readers != 0, SPIN_WRITE, file,
			line);
	acquire(&lock->dep, lock, lock->readers != 0, file, line, 0);
	lock->readers = -1;
	sim_hb_acquire(lock);
}

void __write_acquire(rwlock_t *lock, const char *file, int line)
{
	if (unlikely(!acquire_known(&lock->dep, lock, lock->readers != 0,
				    file, line, 0))) {
		write_acquire_checked(lock, file, line);
		return;
	}
	lock->readers = -1;
	sim_hb_acquire(lock);
}

void __write_release(rwlock_t *lock, const char *file, int line)
{
	sim_hb_release(lock);
	release(&lock->dep, lock, lock->readers < 0, file, line);
	lock->readers = 0;
	lock->dep.owner_cpu = -1;
	lock->dep.owner = NULL;
	sim_point_at(file, line);
}

/**
 * sim_report_held_lock - the report of sim_check_no_locks(): @cpu holds
 * a lock at @where; the one taken last is named.
 */
void sim_report_held_lock(int cpu, const char *where)
{
	struct sim_cpu *c = &sim.cpu[cpu];
	struct held_lock *h;

	h = &c->held[c->nr_held - 1];
	sim_fail("BUG: lock held when %s: %s taken at %s:%d on cpu%d by task "
		 "%s", where, h->dep->name, h->file, h->line, cpu,
		 h->dep->owner ? sim_task_name(h->dep->owner) :
		 sim_task_name(sim_current[cpu]));
}

/**
 * sim_describe_held - the locks @cpu holds, for a report.
 */
void sim_describe_held(int cpu, char *buf, int len)
{
	struct sim_cpu *c = &sim.cpu[cpu];
	int i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < c->nr_held && n < len; i++)
		n += snprintf(buf + n, len - n, "%s%s (taken at %s:%d)",
			      i ? ", " : "", c->held[i].dep->name,
			      c->held[i].file, c->held[i].line);
}
