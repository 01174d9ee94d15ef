/*
 * compat/interleave.c - who runs next when the CPUs interleave.
 *
 * With an interleaving strategy the machine (compat/machine.c) stops a
 * CPU's kernel path at each point where SMP hardware would let another
 * CPU's work become visible: spinlock acquire, trylock and release,
 * atomic read-modify-write operations and bitops, local_irq_enable(),
 * preempt_enable(), memory barriers, sending an IPI.  Wherever more than
 * one CPU could go on - the stopped one, one stopped earlier, one with an
 * interrupt or the end of a burn due at this instant - that is a
 * decision, and this file makes it:
 *
 *   serial   no decisions at all: each path runs to its end (the default)
 *   random   any CPU that can go on, uniformly, from the seed
 *   pct      probabilistic concurrency testing (Burckhardt et al., ASPLOS
 *            2010): each CPU a random priority, the highest ready one
 *            runs, and at DEPTH-1 random decisions of each STEPS the
 *            running CPU drops below all others.  A simulation runs for
 *            many rounds of the same code; PCT is meant for one, so it
 *            starts afresh every STEPS decisions (new priorities, new
 *            change points), which gives each round its chance
 *   replay   the decisions listed, the default everywhere else
 *   points   the same, each anchored to its point and how often the CPU
 *            stopped there before, not to its number: what a shrinker
 *            drops leaves the others where they were
 *   choices  one byte per decision from a fuzzer; 0 is the default
 *
 * Each decision has a default, the choice serial order would make: go
 * on with the CPU at the point, or, when none runs, the one serial order
 * picks.  A schedule is the list of decisions that took another; it is
 * what a report prints and what "replay:" reads, and its length is the
 * number of preemptions a systematic search counts.
 */
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/bitops.h>

#include "internal.h"

#define PCT_STEPS	200UL	/* default: decisions of a PCT round */

static unsigned long long ilv_random(void)
{
	struct sim_ilv *v = &sim.ilv;

	v->rng ^= v->rng << 13;
	v->rng ^= v->rng >> 7;
	v->rng ^= v->rng << 17;
	return v->rng;
}

/* ---- the strategy string ------------------------------------------------- */

static int spec_error(const char *spec, const char *at, const char *what)
{
	return sim_bad_arg("interleave \"%s\": column %d: %s", spec,
			   (int)(at - spec) + 1, what);
}

/* A decimal number at *@p, which moves past it; -1 if there is none. */
static int parse_number(const char **p, unsigned long long max,
			unsigned long long *val)
{
	const char *s = *p;
	unsigned long long v = 0;

	if (*s < '0' || *s > '9')
		return -1;
	while (*s >= '0' && *s <= '9') {
		if (v > (max - (*s - '0')) / 10)
			return -1;
		v = v * 10 + (*s++ - '0');
	}
	*p = s;
	*val = v;
	return 0;
}

static int parse_pct(const char *spec, const char *p)
{
	struct sim_ilv *v = &sim.ilv;
	unsigned long long n;

	if (parse_number(&p, ~0ULL, &n))
		return spec_error(spec, p, "expected the seed, a number");
	v->rng = n ? n : 1;
	v->depth = 3;
	v->steps = PCT_STEPS;
	if (*p == ':') {
		p++;
		if (parse_number(&p, ILV_MAX_DEPTH, &n) || n < 1)
			return spec_error(spec, p, "expected the depth, 1..16");
		v->depth = n;
	}
	if (*p == ':') {
		p++;
		if (parse_number(&p, 1UL << 30, &n) || n < 1)
			return spec_error(spec, p, "expected the decisions of "
					  "a round, 1..2^30");
		v->steps = n;
	}
	if (*p)
		return spec_error(spec, p, "unexpected text after pct's "
				  "SEED[:DEPTH[:STEPS]]");
	return 0;
}

/* ---- the books --------------------------------------------------------- */

/*
 * The interleaving's books - the choices wanted and pushed, the schedule
 * taken, the decision log and the point counts - are host memory that
 * outlives the machine.  A fuzzer boots a machine for every input, and
 * growing them from nothing at each boot (allocated, zeroed, copied a
 * doubling at a time) cost it more than the decisions they record.  A
 * boot empties them by their counts; the point counts, found by
 * hashing, are emptied by a new generation instead.
 */
struct ilv_store {
	void *buf;
	unsigned long size;		/* elements of room */
};

static struct ilv_store want_store, push_store, taken_store, log_store;
static struct ilv_count point_counts[ILV_COUNTS];
static unsigned int count_gen;

/*
 * Room in @st for element @n (from 0) of @elem bytes, the first @n kept:
 * the buffer, or NULL when the host has no memory left.
 */
static void *ilv_room(struct ilv_store *st, unsigned long n,
		      unsigned long elem)
{
	unsigned long size = st->size ? st->size : 16;
	void *buf;

	if (n < st->size)
		return st->buf;
	while (size <= n)
		size *= 2;
	buf = host_alloc(size * elem);
	if (!buf)
		return NULL;
	if (n)
		memcpy(buf, st->buf, n * elem);
	host_free(st->buf);
	st->buf = buf;
	st->size = size;
	return buf;
}

/* The books of the machine booting, empty. */
static void ilv_open_books(struct sim_ilv *v)
{
	v->want = want_store.buf;
	v->push = push_store.buf;
	v->taken = taken_store.buf;
	v->log = log_store.buf;
	v->counts = point_counts;
	if (++count_gen == 0) {		/* wrapped: every entry looks used */
		memset(point_counts, 0, sizeof(point_counts));
		count_gen = 1;
	}
	v->count_gen = count_gen;
}

#define ILV_APPEND(v, store, arr, nr)					\
	({								\
		typeof((v)->arr) __a = likely((v)->nr < (store).size) ?	\
			(v)->arr : ilv_room(&(store), (v)->nr,		\
					    sizeof(*(v)->arr));		\
		if (!__a)						\
			sim_fail("out of host memory for the "		\
				 "interleaving's books");		\
		(v)->arr = __a;						\
		&__a[(v)->nr++];					\
	})

static struct ilv_step *grow_want(void)
{
	struct sim_ilv *v = &sim.ilv;

	return ILV_APPEND(v, want_store, want, nr_want);
}

static int parse_replay(const char *spec, const char *p, int nr_cpus)
{
	struct sim_ilv *v = &sim.ilv;
	unsigned long long n, cpu;
	const char *start;

	while (*p) {
		start = p;
		if (parse_number(&p, 1UL << 40, &n) || !n)
			return spec_error(spec, p, "expected a decision "
					  "number, from 1");
		if (v->nr_want && n <= v->want[v->nr_want - 1].n)
			return spec_error(spec, start, "decisions must be "
					  "listed in increasing order");
		if (*p != '@')
			return spec_error(spec, p, "expected '@' and a CPU");
		p++;
		if (parse_number(&p, NR_CPUS, &cpu) || cpu >= (unsigned)nr_cpus)
			return spec_error(spec, p, "expected a CPU of this "
					  "machine");
		*grow_want() = (struct ilv_step){ .n = n, .cpu = cpu };
		if (*p == ',' && p[1])
			p++;
		else if (*p)
			return spec_error(spec, p, "expected ',' and the next "
					  "decision");
	}
	return 0;
}

/* "CPU@FILE:LINE#SEEN>CPU" or "-@NS#SEEN>CPU", a decision's anchor. */
static int parse_anchor(const char *spec, const char **pp,
			struct ilv_step *w, int nr_cpus)
{
	const char *p = *pp, *colon = NULL, *q;
	unsigned long long n;
	char *file;

	w->at = -1;
	w->file = NULL;
	w->line = 0;
	if (*p == '-') {
		if (*++p != '@' || (p++, parse_number(&p, ~0ULL, &n)))
			return spec_error(spec, p, "expected '-@' and the "
					  "virtual time in ns");
		w->when = n;
	} else {
		if (parse_number(&p, NR_CPUS, &n) || n >= (unsigned)nr_cpus ||
		    *p != '@')
			return spec_error(spec, p, "expected CPU@FILE:LINE or "
					  "'-' (no CPU running)");
		w->at = n;
		for (q = ++p; *q && *q != '#' && *q != ','; q++)
			if (*q == ':')
				colon = q;
		if (!colon || colon == p)
			return spec_error(spec, p, "expected FILE:LINE");
		file = kmalloc(colon - p + 1, GFP_KERNEL);
		memcpy(file, p, colon - p);
		file[colon - p] = '\0';
		w->file = file;
		p = colon + 1;
		if (parse_number(&p, 1UL << 30, &n))
			return spec_error(spec, p, "expected a line number");
		w->line = n;
	}
	if (*p != '#')
		return spec_error(spec, p, "expected '#' and how often "
				  "before");
	p++;
	if (parse_number(&p, 1UL << 40, &n))
		return spec_error(spec, p, "expected how often before, a "
				  "number");
	w->seen = n;
	if (*p != '>')
		return spec_error(spec, p, "expected '>' and a CPU");
	p++;
	if (parse_number(&p, NR_CPUS, &n) || n >= (unsigned)nr_cpus)
		return spec_error(spec, p, "expected a CPU of this machine");
	w->cpu = n;
	*pp = p;
	return 0;
}

static int parse_points(const char *spec, const char *p, int nr_cpus)
{
	while (*p) {
		struct ilv_step *w = grow_want();

		memset(w, 0, sizeof(*w));
		if (parse_anchor(spec, &p, w, nr_cpus))
			return -EINVAL;
		if (*p == ',' && p[1])
			p++;
		else if (*p)
			return spec_error(spec, p, "expected ',' and the next "
					  "decision");
	}
	return 0;
}

/*
 * Lay out a PCT round from decision @first: priorities DEPTH and up,
 * shuffled; DEPTH-1 change points among its STEPS decisions.
 */
static void pct_start(int nr_cpus, unsigned long first)
{
	struct sim_ilv *v = &sim.ilv;
	int i, j, t;

	for (i = 0; i < nr_cpus; i++)
		v->prio[i] = v->depth + i;
	for (i = nr_cpus - 1; i > 0; i--) {
		j = ilv_random() % (i + 1);
		t = v->prio[i];
		v->prio[i] = v->prio[j];
		v->prio[j] = t;
	}
	for (i = 0; i < v->depth - 1; i++)
		v->change[i] = first + ilv_random() % v->steps;
}

/**
 * sim_ilv_setup - read @cfg's interleaving strategy before a boot.
 *
 * Returns 0, or -EINVAL with sim_error() naming the column at fault.
 */
int sim_ilv_setup(const struct sim_config *cfg)
{
	struct sim_ilv *v = &sim.ilv;
	const char *spec = cfg->interleave;
	unsigned long long n;
	const char *p;

	memset(v, 0, sizeof(*v));
	ilv_open_books(v);
	v->forced = -1;
	if (!spec || !strcmp(spec, "serial"))
		return 0;
	if (cfg->nr_cpus > BITS_PER_LONG)
		return spec_error(spec, spec, "interleaving handles at most "
				  "64 CPUs");
	if (!strncmp(spec, "random:", 7)) {
		v->mode = ILV_RANDOM;
		p = spec + 7;
		if (parse_number(&p, ~0ULL, &n))
			return spec_error(spec, p, "expected the seed, a "
					  "number");
		if (*p)
			return spec_error(spec, p, "unexpected text after "
					  "the seed");
		v->rng = n ? n : 1;
		return 0;
	}
	if (!strncmp(spec, "pct:", 4)) {
		v->mode = ILV_PCT;
		if (parse_pct(spec, spec + 4))
			return -EINVAL;
		pct_start(cfg->nr_cpus, 1);
		return 0;
	}
	if (!strncmp(spec, "replay:", 7)) {
		v->mode = ILV_REPLAY;
		return parse_replay(spec, spec + 7, cfg->nr_cpus);
	}
	if (!strncmp(spec, "points:", 7)) {
		v->mode = ILV_POINTS;
		return parse_points(spec, spec + 7, cfg->nr_cpus);
	}
	if (!strcmp(spec, "choices")) {
		v->mode = ILV_CHOICES;
		v->bytes = cfg->choices;
		v->nr_bytes = cfg->choices ? cfg->nr_choices : 0;
		return 0;
	}
	return spec_error(spec, spec, "expected serial, random:SEED, "
			  "pct:SEED[:DEPTH[:STEPS]], replay:N@CPU,..., "
			  "points:... or choices");
}

/* ---- decisions ----------------------------------------------------------- */

/* The @i-th CPU of @ready in the order: @dflt first, then ascending. */
static int nth_ready(unsigned long ready, int dflt, unsigned long i)
{
	int cpu;

	if (!i)
		return dflt;
	ready &= ~(1UL << dflt);
	for (cpu = 0; ready; cpu++, ready >>= 1)
		if ((ready & 1) && !--i)
			return cpu;
	return dflt;
}

static int pct_pick(int at, unsigned long ready, unsigned long n)
{
	struct sim_ilv *v = &sim.ilv;
	int i, cpu, best = -1;
	int running = at >= 0 ? at : v->running;

	if (n > 1 && (n - 1) % v->steps == 0)
		pct_start(sim.nr_cpus, n);
	for (i = 0; i < v->depth - 1; i++)
		if (v->change[i] == n)
			v->prio[running] = v->depth - 1 - i;
	for (cpu = 0; cpu < BITS_PER_LONG; cpu++)
		if ((ready & (1UL << cpu)) &&
		    (best < 0 || v->prio[cpu] > v->prio[best]))
			best = cpu;
	return best;
}

static void note_taken(unsigned long n, int cpu)
{
	struct sim_ilv *v = &sim.ilv;

	*ILV_APPEND(v, taken_store, taken, nr_taken) =
		(struct ilv_step){ .n = n, .cpu = cpu };
}

static void note_decision(const struct sim_decision *d)
{
	struct sim_ilv *v = &sim.ilv;

	if (v->nr_log < ILV_LOG_MAX)
		*ILV_APPEND(v, log_store, log, nr_log) = *d;
}

/* The choice pushed for decision @n, if any; those passed are dropped. */
static int pushed_pick(unsigned long ready, int dflt, unsigned long n)
{
	struct sim_ilv *v = &sim.ilv;
	int i, cpu = dflt;

	for (i = 0; i < v->nr_push; i++) {
		if (v->push[i].n != n)
			continue;
		cpu = nth_ready(ready, dflt, v->push[i].cpu %
				hweight_long(ready));
		v->push[i--] = v->push[--v->nr_push];
	}
	return cpu;
}

int sim_schedule_push(unsigned long after, int index)
{
	struct sim_ilv *v = &sim.ilv;

	if (sim_need_machine())
		return -EINVAL;
	if (v->mode != ILV_CHOICES || v->bytes)
		return sim_bad_arg("the machine takes no pushed choices: its "
				   "interleave is not \"choices\" without "
				   "bytes");
	if (!after || after > (1UL << 30))
		return sim_bad_arg("decision %lu from now is not in 1..%lu",
				   after, 1UL << 30);
	if (index < 0)
		return sim_bad_arg("index %d is negative", index);
	*ILV_APPEND(v, push_store, push, nr_push) = (struct ilv_step){
		.n = v->decisions + after, .cpu = index };
	return 0;
}

/*
 * The hash of a point's file name, remembered by its address: a point is
 * hashed at every decision, and its name is a string constant of the
 * file the point is in.  Two copies of one name hash alike, as they
 * must: same_point() compares names, not addresses.
 */
static unsigned int file_hash(const char *file)
{
	static struct {
		const char *file;
		unsigned int hash;
	} memo[64];
	unsigned int slot = ((unsigned long)file >> 3) % ARRAY_SIZE(memo);
	unsigned int h = 0;
	const char *p;

	if (memo[slot].file == file)
		return memo[slot].hash;
	for (p = file; p && *p; p++)
		h = h * 31 + *p;
	memo[slot].file = file;
	memo[slot].hash = h;
	return h;
}

static unsigned int point_hash(int at, const char *file, int line)
{
	return (at + 1) * 2654435761U ^ line * 40503U ^ file_hash(file);
}

static int same_point(int at, const char *file, int line, int at2,
		      const char *file2, int line2)
{
	return at == at2 && line == line2 &&
		(file == file2 || (file && file2 && !strcmp(file, file2)));
}

/*
 * How often @at stopped at @file:@line before; with no CPU running
 * (@at -1), how many such decisions came before at this instant (the
 * times of ticks do not move when a schedule is shrunk; a count from
 * boot would).  Past ILV_COUNTS distinct points, ~0UL: unanchored.
 */
static unsigned long count_point(int at, const char *file, int line)
{
	struct sim_ilv *v = &sim.ilv;
	unsigned int i = point_hash(at, file, line) % ILV_COUNTS;
	struct ilv_count *c;

	if (at < 0) {
		if (v->free_when != sim.now || !v->free_seen) {
			v->free_when = sim.now;
			v->free_seen = 0;
		}
		return v->free_seen++;
	}
	for (;; i = (i + 1) % ILV_COUNTS) {
		c = &v->counts[i];
		if (c->gen != v->count_gen) {
			if (v->nr_counts == ILV_COUNTS - 1)
				return ~0UL;
			*c = (struct ilv_count){ at, line, file, 0,
						 v->count_gen };
			v->nr_counts++;
		}
		if (same_point(at, file, line, c->at, c->file, c->line))
			return c->seen++;
	}
}

static int points_pick(unsigned long ready, int dflt, unsigned long n,
		       int at, const char *file, int line,
		       unsigned long seen)
{
	struct sim_ilv *v = &sim.ilv;
	struct ilv_step *w;
	int i;

	for (i = 0; i < v->nr_want; i++) {
		w = &v->want[i];
		if (w->done || w->seen != seen ||
		    !same_point(at, file, line, w->at, w->file, w->line) ||
		    (at < 0 && w->when != sim.now))
			continue;
		w->done = 1;
		v->next_want++;
		if (ready & (1UL << w->cpu))
			return w->cpu;
		v->schedule_error = 1;
		if (at >= 0)
			sim_fail("schedule: decision %lu (cpu%d at %s:%d, "
				 "seen %lu times before) cannot go on with "
				 "cpu%d: it is not ready", n, at, file, line,
				 seen, w->cpu);
		sim_fail("schedule: decision %lu (no CPU running, seen %lu "
			 "times before) cannot go on with cpu%d: it is not "
			 "ready", n, seen, w->cpu);
	}
	return dflt;
}

static int replay_pick(unsigned long ready, int dflt, unsigned long n,
		       int at, const char *file, int line)
{
	struct sim_ilv *v = &sim.ilv;
	int cpu;

	if (v->next_want >= v->nr_want || v->want[v->next_want].n != n)
		return dflt;
	cpu = v->want[v->next_want++].cpu;
	if (!(ready & (1UL << cpu))) {
		v->schedule_error = 1;
		if (at >= 0)
			sim_fail("schedule: decision %lu (cpu%d at %s:%d) "
				 "cannot go on with cpu%d: it is not ready", n,
				 at, file, line, cpu);
		sim_fail("schedule: decision %lu (no CPU running) cannot go "
			 "on with cpu%d: it is not ready", n, cpu);
	}
	return cpu;
}

/* How far each CPU has come: a hash of the points each one passed. */
static unsigned long long progress(void)
{
	unsigned long long h = 0xcbf29ce484222325ULL;
	int i;

	for (i = 0; i < sim.nr_cpus; i++)
		h = (h ^ sim.cpu[i].steps) * 0x100000001b3ULL;
	return h;
}

/**
 * sim_ilv_decide - choose the CPU that goes on.
 * @at: the CPU stopped at a point, or -1 when none runs
 * @ready: the CPUs that could go on (at least two)
 * @dflt: the serial choice
 * @file, @line: the point, when @at is not -1
 *
 * Returns the CPU chosen; records the decision.
 */
int sim_ilv_decide(int at, unsigned long ready, int dflt, const char *file,
		   int line)
{
	struct sim_ilv *v = &sim.ilv;
	unsigned long n = ++v->decisions, seen;
	struct sim_decision d;
	int cpu = dflt;

	sim_hb_ignore_begin();	/* the machine's books, not the CPU's */
	seen = count_point(at, file, line);
	sim_hb_ignore_end();
	switch (v->mode) {
	case ILV_RANDOM:
		cpu = nth_ready(ready, dflt,
				ilv_random() % hweight_long(ready));
		break;
	case ILV_PCT:
		cpu = pct_pick(at, ready, n);
		break;
	case ILV_REPLAY:
		cpu = replay_pick(ready, dflt, n, at, file, line);
		break;
	case ILV_POINTS:
		cpu = points_pick(ready, dflt, n, at, file, line, seen);
		break;
	case ILV_CHOICES:
		if (n <= v->nr_bytes)
			cpu = nth_ready(ready, dflt, v->bytes[n - 1] %
					hweight_long(ready));
		else
			cpu = pushed_pick(ready, dflt, n);
		break;
	case ILV_SERIAL:
		break;
	}
	d = (struct sim_decision){ .n = n, .cpu = at, .file = file,
		.line = line, .ready = ready, .dflt = dflt, .chosen = cpu,
		.seen = seen, .when = sim.now, .digest = sim.digest,
		.progress = progress() };
	sim_hb_ignore_begin();
	note_decision(&d);
	if (cpu != dflt)
		note_taken(n, cpu);
	sim_hb_ignore_end();
	v->running = cpu;
	return cpu;
}

/* ---- the schedule, for reports and replay -------------------------------- */

/* A buffer of @len bytes the caller gives: NULL only when empty. */
static int check_buf(const char *buf, int len)
{
	if (len < 0)
		return sim_bad_arg("length %d is negative", len);
	if (!buf && len)
		return sim_bad_arg("no buffer for %d bytes", len);
	return 0;
}

/**
 * sim_schedule - the schedule of this run, as "replay:" reads it.
 *
 * Writes "N@CPU,..." (the decisions that were not the default) to @buf
 * and returns its full length, as snprintf() does.
 */
int sim_schedule(char *buf, int len)
{
	struct sim_ilv *v = &sim.ilv;
	int i, n = 0;

	if (check_buf(buf, len))
		return -EINVAL;
	if (len > 0)
		buf[0] = '\0';
	for (i = 0; i < v->nr_taken; i++)
		n += snprintf(buf + (n < len ? n : len),
			      n < len ? len - n : 0, "%s%lu@%d", i ? "," : "",
			      v->taken[i].n, v->taken[i].cpu);
	return n;
}

static const struct sim_decision *logged(unsigned long n)
{
	struct sim_ilv *v = &sim.ilv;

	return n >= 1 && n <= v->nr_log ? &v->log[n - 1] : NULL;
}

/**
 * sim_schedule_points - this run's schedule, each decision anchored to
 * its point, as "points:" reads it.
 *
 * Returns the full length as snprintf() does, or 0 (and an empty @buf)
 * when a decision is past the 65536 kept or past ILV_COUNTS distinct
 * points.
 */
int sim_schedule_points(char *buf, int len)
{
	struct sim_ilv *v = &sim.ilv;
	const struct sim_decision *d;
	int i, n = 0;

	if (check_buf(buf, len))
		return -EINVAL;
	if (len > 0)
		buf[0] = '\0';
	for (i = 0; i < v->nr_taken; i++) {
		d = logged(v->taken[i].n);
		if (!d || d->seen == ~0UL) {
			if (len > 0)
				buf[0] = '\0';
			return 0;
		}
		if (d->cpu >= 0)
			n += snprintf(buf + (n < len ? n : len),
				      n < len ? len - n : 0,
				      "%s%d@%s:%d#%lu>%d", i ? "," : "",
				      d->cpu, d->file, d->line, d->seen,
				      d->chosen);
		else
			n += snprintf(buf + (n < len ? n : len),
				      n < len ? len - n : 0, "%s-@%llu#%lu>%d",
				      i ? "," : "", d->when, d->seen,
				      d->chosen);
	}
	return n;
}

/*
 * sim_ilv_describe - the schedule for a report: the strategy, how many
 * decisions were made, the replay string and each decision that was
 * not the default, with its point.
 */
void sim_ilv_describe(char *buf, int len)
{
	struct sim_ilv *v = &sim.ilv;
	const struct sim_decision *d;
	int i, n;

	n = snprintf(buf, len, "interleave %s: %lu decisions, %d not the "
		     "default\nschedule: replay:", sim.cfg.interleave,
		     v->decisions, v->nr_taken);
	if (n >= len)
		return;
	n += sim_schedule(buf + n, len - n);
	for (i = 0; i < v->nr_taken && n < len; i++) {
		d = logged(v->taken[i].n);
		if (d && d->cpu >= 0)
			n += snprintf(buf + n, len - n, "\n  #%lu cpu%d at "
				      "%s:%d -> cpu%d", d->n, d->cpu, d->file,
				      d->line, d->chosen);
		else if (d)
			n += snprintf(buf + n, len - n, "\n  #%lu no CPU "
				      "running -> cpu%d", d->n, d->chosen);
	}
}

unsigned long sim_nr_decisions(void)
{
	return sim.ilv.decisions;
}

int sim_schedule_length(void)
{
	return sim.ilv.nr_taken;
}

/**
 * sim_decision - decision @n (from 1) of this run, if it was kept.
 *
 * Returns 0, or -EINVAL for a decision never made or past the first
 * 65536.
 */
int sim_decision(unsigned long n, struct sim_decision *d)
{
	const struct sim_decision *l = logged(n);

	if (sim_null_arg(d))
		return -EINVAL;
	if (!l)
		return sim_bad_arg("no decision %lu kept: %lu made, the first "
				   "%lu kept", n, sim.ilv.decisions,
				   ILV_LOG_MAX);
	*d = *l;
	return 0;
}

int sim_schedule_check(void)
{
	struct sim_ilv *v = &sim.ilv;

	if (v->schedule_error)
		return sim_set_error(-1, "%s", sim.report);
	if (v->mode == ILV_REPLAY && v->next_want < v->nr_want)
		return sim_set_error(-1, "schedule: decision %lu was never "
				     "reached: the run made %lu",
				     v->want[v->next_want].n, v->decisions);
	if (v->mode == ILV_POINTS && v->next_want < v->nr_want)
		return sim_set_error(-1, "schedule: %d of its %d decisions "
				     "were never reached (the run made %lu)",
				     v->nr_want - v->next_want, v->nr_want,
				     v->decisions);
	return 0;
}
