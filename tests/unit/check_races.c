/*
 * tests/unit/check_races.c - races between CPUs, on every driver.
 *
 * The machine interleaves CPUs at lock, atomic, interrupt and preemption
 * points (docs/machine.md, "Interleaving").  Each scenario below makes
 * kernel paths of different CPUs meet at the same instants - tasks burn
 * and sleep whole ticks, so their system calls come at the ticks, with
 * the load balancing and the timer wake-ups of the other CPUs - and runs
 * under many schedules:
 *
 *   affinity	sched_setaffinity(), sched_setscheduler() and
 *		sched_setparam() from a task on each of two CPUs, on tasks
 *		that burn, sleep, wake and are balanced meanwhile;
 *   wakers	wake_up_process() of the same sleepers from tasks on two
 *		CPUs at once, the sleepers on a third, with yields;
 *   chains	rt_mutex chains across three CPUs: SCHED_FIFO tasks take
 *		two mutexes in order and let them go, others are boosted
 *		and deboosted by sched_setscheduler() meanwhile;
 *   meet	the smallest: two tasks on two CPUs changing each other's
 *		affinity and parameters for 5 ms, for the bounded search;
 *   forks	tasks on four CPUs forking children that live a tick at
 *		most, while RT tasks wake sleepers (reschedule IPIs): a
 *		parent preempted, even moved, inside its fork.
 *
 * Budget: RACES_RUNS PCT (depth 3) and as many random schedules per
 * scenario and driver (default 60; `make races` sets more), and every
 * schedule of "meet" with at most RACES_PREEMPTIONS (default 1)
 * decisions not the default.  RACES_CONTROLS=0 leaves the controls out
 * (make check-valgrind does: they search thousands of schedules).
 * Nothing needs to collide by luck: the machine's invariants after every
 * event say when a race did harm.
 *
 * A failure names the report, the schedule shrunk to the fewest
 * decisions that are not the default (ddmin over them, each anchored to
 * its point, as long as the first line of the report, numbers aside,
 * stays the same) and the one command that replays it:
 *
 *	RACES_REPLAY=SCENARIO:DRIVER:points:... tests/unit/check_races
 *
 * Controls prove that the suite can fail: copies of drivers made wrong
 * in ways that are right when one CPU runs at a time (task_rq_lock()
 * without its retry, a wake-up or set_cpus_allowed() that does not look
 * again after retaking a lock: tests/unit/races/NAME.sed) pass serially
 * and must be reported by some schedule, shrunk, and replayed to the
 * same report.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testlib.h"

#define TICK		MS(1)		/* HZ 1000 */
#define NR_WORKERS	4
#define MAX_STEPS	4096		/* decisions in a shrunk schedule */

struct scenario {
	const char *name;
	int cpus;
	unsigned long long ns;
	void (*spawn)(void);
};

/* ---- the scenarios ------------------------------------------------------- */

/* Shared by the bodies of one machine; spawn() sets them. */
static int workers[NR_WORKERS];
static unsigned long uparam;	/* a struct sched_param in user memory */
static unsigned long umask;	/* an affinity mask in user memory */

/* Outside Check (RACES_REPLAY) a failed setup is a message and exit 2. */
static int replaying;

#define must(cond, fmt, ...)						\
	do {								\
		if (!replaying) {					\
			ck_assert_msg(cond, fmt, ##__VA_ARGS__);	\
		} else if (!(cond)) {					\
			fprintf(stderr, fmt "\n", ##__VA_ARGS__);	\
			exit(2);					\
		}							\
	} while (0)

static int any_worker(void)
{
	return workers[sim_random() % NR_WORKERS];
}

static void body_worker(void *unused)
{
	for (;;) {
		sim_burn(TICK * (1 + sim_random() % 3));
		sim_sleep(TICK * (sim_random() % 2));
	}
}

/* A mask of CPUs 0 and 1: one of them, or both. */
static void set_affinity_of(int pid)
{
	unsigned long mask = 1 + sim_random() % 3;

	sim_user_write(pid, umask, &mask, sizeof(mask));
	sim_syscall(SIM_SYS_sched_setaffinity, pid, sizeof(mask), umask);
}

static void body_changer(void *unused)
{
	for (;;) {
		int pid = any_worker();

		sim_burn(TICK);
		switch (sim_random() % 3) {
		case 0:
			set_affinity_of(pid);
			break;
		case 1:
			sim_syscall(SIM_SYS_sched_setscheduler, pid,
				    SIM_SCHED_NORMAL, uparam);
			break;
		default:
			sim_syscall(SIM_SYS_sched_setparam, pid, uparam, 0);
			break;
		}
	}
}

static int spawn_on(const char *name, const char *cpus, int policy,
		    int prio, sim_body_t body)
{
	struct sim_task_attr a;
	int pid;

	sim_task_attr_init(&a);
	a.name = name;
	a.cpus = cpus;
	a.policy = policy;
	a.rt_priority = prio;
	pid = sim_spawn(&a, body, NULL);
	/* a schedule that cannot be followed may end the machine here */
	must(pid > 0 || sim_failed(), "spawn %s: %s", name, sim_error());
	return pid;
}

/* User memory for the system calls: zeroed, so sched_priority is 0. */
static void map_user_memory(int pid)
{
	uparam = sim_user_map(pid, 64);
	umask = uparam + 32;
	must(uparam != 0 || sim_failed(), "sim_user_map: %s", sim_error());
}

static void spawn_affinity(void)
{
	int i;

	for (i = 0; i < NR_WORKERS; i++)
		workers[i] = i < 2 ? spawn_on("worker", NULL, SIM_SCHED_NORMAL,
					      0, body_worker) : workers[i - 2];
	map_user_memory(workers[0]);
	spawn_on("changer0", "0", SIM_SCHED_NORMAL, 0, body_changer);
	spawn_on("changer1", "1", SIM_SCHED_NORMAL, 0, body_changer);
}

static void body_sleeper(void *unused)
{
	for (;;) {
		sim_burn(TICK / 2 * (sim_random() % 3));
		sim_sleep(TICK * (1 + sim_random() % 4));
		if (sim_random() % 4 == 0)
			sim_syscall(SIM_SYS_sched_yield, 0, 0, 0);
	}
}

static void body_waker(void *unused)
{
	for (;;) {
		sim_burn(TICK);
		sim_wake_pid(any_worker());
		sim_wake_pid(any_worker());
	}
}

static void spawn_wakers(void)
{
	int i;

	for (i = 0; i < NR_WORKERS; i++)
		workers[i] = spawn_on("sleeper", i % 2 ? "2" : NULL,
				      SIM_SCHED_NORMAL, 0, body_sleeper);
	spawn_on("waker0", "0", SIM_SCHED_NORMAL, 0, body_waker);
	spawn_on("waker1", "1", SIM_SCHED_NORMAL, 0, body_waker);
}

/* Two mutexes in ascending order, so that no cycle can form. */
static void body_chain(void *unused)
{
	for (;;) {
		int a = sim_random() % 3, b = a + 1 + sim_random() % 2;

		sim_burn(TICK);
		sim_mutex_lock(a);
		sim_mutex_lock(b);
		sim_burn(TICK / 2 * (sim_random() % 3));
		sim_mutex_unlock(b);
		sim_mutex_unlock(a);
		sim_sleep(TICK * (sim_random() % 2));
	}
}

/* Boosts and deboosts chain members: rt_mutex_adjust_pi() walks. */
static void body_booster(void *unused)
{
	int prio;

	for (;;) {
		int pid = any_worker();

		sim_burn(TICK);
		prio = 1 + sim_random() % 60;
		sim_user_write(pid, uparam, &prio, sizeof(prio));
		sim_syscall(SIM_SYS_sched_setscheduler, pid, SIM_SCHED_FIFO,
			    uparam);
	}
}

static void spawn_chains(void)
{
	static const char *const cpus[NR_WORKERS] = { "0", "1", "2", NULL };
	int i;

	for (i = 0; i < NR_WORKERS; i++)
		workers[i] = spawn_on("chain", cpus[i], SIM_SCHED_FIFO,
				      10 * (i + 1), body_chain);
	map_user_memory(workers[0]);
	spawn_on("booster", "1", SIM_SCHED_FIFO, 70, body_booster);
}

static void spawn_meet(void)
{
	workers[0] = spawn_on("a", "0", SIM_SCHED_NORMAL, 0, body_changer);
	workers[1] = spawn_on("b", "1", SIM_SCHED_NORMAL, 0, body_changer);
	workers[2] = workers[0];
	workers[3] = workers[1];
	map_user_memory(workers[0]);
}

/* A child that lives a tick at most, so it can be gone before fork is. */
static void body_child(void *unused)
{
	sim_burn(TICK / 2 * (sim_random() % 3));
}

static void body_forker(void *unused)
{
	for (;;) {
		sim_burn(TICK / 2);
		sim_fork(body_child, NULL);
		if (sim_random() % 2)
			sim_sleep(TICK);
	}
}

static void spawn_forks(void)
{
	int i;

	for (i = 0; i < NR_WORKERS; i++)
		workers[i] = spawn_on("sleeper", NULL, SIM_SCHED_NORMAL, 0,
				      body_sleeper);
	spawn_on("forker", NULL, SIM_SCHED_NORMAL, 0, body_forker);
	spawn_on("forker", NULL, SIM_SCHED_NORMAL, 0, body_forker);
	spawn_on("waker", NULL, SIM_SCHED_FIFO, 50, body_waker);
	spawn_on("waker", NULL, SIM_SCHED_RR, 10, body_waker);
}

static const struct scenario scenarios[] = {
	{ "affinity", 2, MS(200), spawn_affinity },
	{ "wakers", 3, MS(200), spawn_wakers },
	{ "chains", 3, MS(200), spawn_chains },
	{ "meet", 2, MS(5), spawn_meet },
	{ "forks", 4, MS(200), spawn_forks },
};

#define NR_SCENARIOS	((int)(sizeof(scenarios) / sizeof(scenarios[0])))

static const struct scenario *find_scenario(const char *name, size_t len)
{
	int i;

	for (i = 0; i < NR_SCENARIOS; i++)
		if (strlen(scenarios[i].name) == len &&
		    !strncmp(scenarios[i].name, name, len))
			return &scenarios[i];
	return NULL;
}

/* ---- one run ------------------------------------------------------------- */

enum outcome {
	CLEAN,
	REPORTED,	/* the machine reported a bug */
	BAD_SCHEDULE,	/* the schedule asked for what the run did not offer */
};

struct run {
	enum outcome outcome;
	char report[4096];
	unsigned long decisions;
};

/*
 * The whole schedule of the last run, "points:..." or, past what the
 * machine keeps of a run, "replay:...": a report has room for less.
 */
static char last_schedule[MAX_STEPS * 48];

static void save_schedule(void)
{
	int size = sizeof(last_schedule) - 8, n;

	strcpy(last_schedule, "points:");
	n = sim_schedule_points(last_schedule + 7, size);
	if (n > 0 && n < size)
		return;
	strcpy(last_schedule, "replay:");
	n = sim_schedule(last_schedule + 7, size);
	if (!n || n >= size)
		last_schedule[0] = '\0';	/* nothing, or too long */
}

/*
 * run_scenario - boot @drv with @spec and run @sc; the outcome and, if
 * reported, the report go to @r.  The machine is shut down after.
 */
/*
 * A run that fails before the schedule's last decision failed all the
 * same; one that could not follow the schedule did not.
 */
static void note_failure(struct run *r)
{
	snprintf(r->report, sizeof(r->report), "%s", sim_report());
	r->outcome = strncmp(r->report, "schedule:", 9) ? REPORTED :
		BAD_SCHEDULE;
}

static void run_here(const struct scenario *sc, const char *drv,
		     const char *spec, struct run *r)
{
	struct sim_config cfg;
	char cmdline[64];
	int ret;

	sim_config_init(&cfg);
	cfg.nr_cpus = sc->cpus;
	snprintf(cmdline, sizeof(cmdline), "cpusched=%s", drv);
	cfg.cmdline = cmdline;
	cfg.interleave = spec;
	r->decisions = 0;
	last_schedule[0] = '\0';
	ret = sim_boot(&cfg);
	must(ret != -EINVAL, "boot %s with %.200s: %s", drv, spec,
	     sim_error());
	if (ret) {
		/* the boot interleaves too: it may fail, or not follow */
		note_failure(r);
		return;
	}
	sc->spawn();
	ret = sim_failed() ? -1 : sim_run_for(sc->ns);
	r->decisions = sim_nr_decisions();
	save_schedule();
	r->report[0] = '\0';
	r->outcome = CLEAN;
	if (ret) {
		note_failure(r);
	} else if (sim_schedule_check()) {
		r->outcome = BAD_SCHEDULE;
		snprintf(r->report, sizeof(r->report), "%s", sim_error());
	}
	sim_shutdown();
}

static int read_all(int fd, void *buf, size_t len)
{
	size_t done = 0;
	ssize_t n;

	while (done < len && (n = read(fd, (char *)buf + done,
				       len - done)) > 0)
		done += n;
	return done == len ? 0 : -1;
}

static void write_all(int fd, const void *buf, size_t len)
{
	ssize_t n;

	while (len && (n = write(fd, buf, len)) > 0) {
		buf = (const char *)buf + n;
		len -= n;
	}
}

/*
 * run_scenario - boot @drv with @spec and run @sc; the outcome and, if
 * reported, the report go to @r, the whole schedule to last_schedule.
 * In a child process: a driver that corrupts its queues can take the
 * machine's own walk over them down, and that is a report too.
 */
static void run_scenario(const struct scenario *sc, const char *drv,
			 const char *spec, struct run *r)
{
	int fds[2], status;
	pid_t pid;

	if (replaying) {
		run_here(sc, drv, spec, r);
		return;
	}
	must(pipe(fds) == 0, "pipe: %s", strerror(errno));
	fflush(stdout);
	pid = fork();
	must(pid >= 0, "fork: %s", strerror(errno));
	if (!pid) {
		close(fds[0]);
		run_here(sc, drv, spec, r);
		write_all(fds[1], r, sizeof(*r));
		write_all(fds[1], last_schedule, sizeof(last_schedule));
		_exit(0);
	}
	close(fds[1]);
	if (read_all(fds[0], r, sizeof(*r)) ||
	    read_all(fds[0], last_schedule, sizeof(last_schedule))) {
		r->outcome = REPORTED;
		r->decisions = 0;
		last_schedule[0] = '\0';
	}
	close(fds[0]);
	must(waitpid(pid, &status, 0) == pid, "waitpid: %s", strerror(errno));
	if (WIFSIGNALED(status))
		snprintf(r->report, sizeof(r->report), "killed by signal %d",
			 WTERMSIG(status));
}

/* What a report says, numbers aside: the first line, digits as '#'. */
static void signature(const char *report, char *sig, size_t len)
{
	size_t i;

	for (i = 0; i + 1 < len && report[i] && report[i] != '\n'; i++)
		sig[i] = isdigit((unsigned char)report[i]) ? '#' : report[i];
	sig[i] = '\0';
}

/* ---- shrinking ----------------------------------------------------------- */

/*
 * A schedule is shrunk in the "points:" form, each decision anchored to
 * its point and how often its CPU stopped there before: dropping one
 * leaves the others where they were, where "replay:" numbers would all
 * move.  Past what the machine keeps, the "replay:" form is used.
 */
struct schedule {
	const char *kind;		/* "points:" or "replay:" */
	char text[MAX_STEPS * 48];	/* the decisions, ','s made NULs */
	char *step[MAX_STEPS];
	int nr;
};

/* Split @spec ("KIND:STEP,STEP...") into @s. */
static int split_schedule(const char *spec, struct schedule *s)
{
	char *p;

	s->kind = !strncmp(spec, "points:", 7) ? "points:" : "replay:";
	snprintf(s->text, sizeof(s->text), "%s", strchr(spec, ':') + 1);
	s->nr = 0;
	for (p = s->text; *p && s->nr < MAX_STEPS; ) {
		s->step[s->nr++] = p;
		p += strcspn(p, ",");
		if (*p)
			*p++ = '\0';
	}
	return s->nr;
}

/* The spec of @s without its steps [@from, @to). */
static void join_schedule(const struct schedule *s, int from, int to,
			  char *buf, size_t len)
{
	size_t n = snprintf(buf, len, "%s", s->kind);
	int i, first = 1;

	for (i = 0; i < s->nr && n < len; i++) {
		if (i >= from && i < to)
			continue;
		n += snprintf(buf + n, len - n, "%s%s", first ? "" : ",",
			      s->step[i]);
		first = 0;
	}
}

static int same_failure(const struct scenario *sc, const char *drv,
			const char *spec, const char *want)
{
	struct run r;
	char sig[512];

	run_scenario(sc, drv, spec, &r);
	if (r.outcome != REPORTED)
		return 0;
	signature(r.report, sig, sizeof(sig));
	return !strcmp(sig, want);
}

/*
 * shrink - Zeller's ddmin over the decisions of a failing schedule:
 * drop a chunk, keep the drop if the same failure still shows, halve the
 * chunks when none can go.  The result is 1-minimal.  Returns its length.
 */
static int shrink(const struct scenario *sc, const char *drv,
		  struct schedule *s, const char *sig)
{
	static char spec[sizeof(s->text) + 16];
	int chunks = 2, size, i, end, dropped;

	while (s->nr > 0) {
		size = (s->nr + chunks - 1) / chunks;
		dropped = 0;
		for (i = 0; i < s->nr; i += size) {
			end = i + size < s->nr ? i + size : s->nr;
			join_schedule(s, i, end, spec, sizeof(spec));
			if (!same_failure(sc, drv, spec, sig))
				continue;
			memmove(&s->step[i], &s->step[end],
				(s->nr - end) * sizeof(s->step[0]));
			s->nr -= end - i;
			dropped = 1;
			break;
		}
		if (dropped) {
			chunks = chunks > 2 ? chunks - 1 : 2;
			continue;
		}
		if (size == 1)
			break;
		chunks = chunks * 2 < s->nr ? chunks * 2 : s->nr;
	}
	return s->nr;
}

/*
 * explain - the failure of @drv on @sc under @spec, shrunk, as the
 * message of a failed test: the report of the shrunk schedule and the
 * command that replays it.  The shrunk spec goes to @shrunk.  Returns
 * the number of decisions left, or -1 when the schedule could not be
 * replayed (the strategy itself replays it then).
 */
static int explain(const struct scenario *sc, const char *drv,
		   const char *spec, const struct run *first, char *msg,
		   size_t len, char *shrunk, size_t shrunk_len)
{
	static char full[sizeof(last_schedule)];
	static struct schedule s;
	char sig[512];
	struct run r;
	int nr = -1;

	signature(first->report, sig, sizeof(sig));
	/* the schedule of the run, in full: the report may be cut short */
	run_scenario(sc, drv, spec, &r);
	memcpy(full, last_schedule, sizeof(full));
	if (r.outcome == REPORTED && full[0] && split_schedule(full, &s) &&
	    same_failure(sc, drv, full, sig)) {
		nr = shrink(sc, drv, &s, sig);
		join_schedule(&s, 0, 0, shrunk, shrunk_len);
	} else {
		snprintf(shrunk, shrunk_len, "%s", spec);
	}
	run_scenario(sc, drv, shrunk, &r);
	snprintf(msg, len, "[%s on %s] %s found it; shrunk to %d decisions "
		 "not the default:\n%s\nreplay: RACES_REPLAY=%s:%s:%s "
		 "tests/unit/check_races", sc->name, drv, spec, nr, r.report,
		 sc->name, drv, shrunk);
	return nr;
}

/* ---- search -------------------------------------------------------------- */

struct search {
	const struct scenario *sc;
	const char *drv;
	int runs;			/* per strategy */
	unsigned long schedules;	/* run so far */
	int found;
	char spec[64];			/* the one that found it */
	struct run run;
};

/*
 * PCT schedules, then random ones, seeds 1..@s->runs, until one reports.
 * PCT first: it departs from the default far less often than random
 * does, so what it finds shrinks further.
 */
static void search(struct search *s)
{
	static const char *const strategies[] = { "pct:%d:3", "random:%d" };
	int seed, k;

	for (k = 0; k < 2; k++) {
		for (seed = 1; seed <= s->runs; seed++) {
			snprintf(s->spec, sizeof(s->spec), strategies[k],
				 seed);
			run_scenario(s->sc, s->drv, s->spec, &s->run);
			s->schedules++;
			if (s->run.outcome != CLEAN) {
				s->found = 1;
				return;
			}
		}
	}
}

/*
 * struct explore - the bounded search: every schedule with at most
 * @bound decisions not the default, depth first.  A run's own
 * decisions after the last forced one are the branching points.
 */
struct explore {
	const struct scenario *sc;
	const char *drv;
	int bound;
	unsigned long schedules;
	unsigned long long distinct[4096];	/* end digests seen */
	int nr_distinct;
	struct seen_state {
		unsigned long long sig;
		int budget;
	} *states;			/* branch points explored */
	int nr_states, states_size;
	unsigned long pruned;
	int found;
	char spec[MAX_STEPS * 24];
	struct run run;
};

static void note_digest(struct explore *e, unsigned long long d)
{
	int i;

	for (i = 0; i < e->nr_distinct; i++)
		if (e->distinct[i] == d)
			return;
	if (e->nr_distinct < (int)(sizeof(e->distinct) /
				   sizeof(e->distinct[0])))
		e->distinct[e->nr_distinct++] = d;
}

/*
 * What a decision looks like from the machine: every scheduling event so
 * far (the trace digest), when, how many points each CPU passed, who
 * could go on, who is where and how often it stopped there before.  Two
 * branch points alike in all that,
 * reached by different schedules (preemptions that commute), are taken
 * for one state: a heuristic, since a driver's private fields are not in
 * the digest.
 */
static unsigned long long state_of(const struct sim_decision *d)
{
	unsigned long long h = d->digest ^ 0x9e3779b97f4a7c15ULL;
	const char *f;

	h = (h ^ d->when) * 0x100000001b3ULL;
	h = (h ^ d->progress) * 0x100000001b3ULL;
	h = (h ^ d->ready) * 0x100000001b3ULL;
	h = (h ^ (unsigned)(d->cpu + 1)) * 0x100000001b3ULL;
	h = (h ^ (unsigned)d->line) * 0x100000001b3ULL;
	h = (h ^ d->seen) * 0x100000001b3ULL;
	for (f = d->file; f && *f; f++)
		h = (h ^ (unsigned char)*f) * 0x100000001b3ULL;
	return h;
}

/* Was this state explored with at least @budget deviations left? */
static int explored(struct explore *e, unsigned long long sig, int budget)
{
	int i;

	for (i = 0; i < e->nr_states; i++)
		if (e->states[i].sig == sig && e->states[i].budget >= budget)
			return 1;
	if (e->nr_states == e->states_size) {
		e->states_size = e->states_size ? 2 * e->states_size : 256;
		e->states = realloc(e->states, e->states_size *
				    sizeof(*e->states));
		ck_assert(e->states != NULL);
	}
	e->states[e->nr_states++] = (struct seen_state){ sig, budget };
	return 0;
}

/* A decision the search forces: at decision @n, @cpu. */
struct step {
	unsigned long n;
	int cpu;
};

/* "replay:N@CPU,..." of @steps[0..@nr). */
static void replay_spec(const struct step *steps, int nr, char *buf,
			size_t len)
{
	size_t n = snprintf(buf, len, "replay:");
	int i;

	for (i = 0; i < nr && n < len; i++)
		n += snprintf(buf + n, len - n, "%s%lu@%d", i ? "," : "",
			      steps[i].n, steps[i].cpu);
}

static void explore_from(struct explore *e, struct step *prefix, int depth)
{
	struct sim_decision *ds;
	struct sim_config cfg;
	unsigned long nr, i, first;
	char cmdline[64];
	int cpu;

	replay_spec(prefix, depth, e->spec, sizeof(e->spec));
	sim_config_init(&cfg);
	cfg.nr_cpus = e->sc->cpus;
	snprintf(cmdline, sizeof(cmdline), "cpusched=%s", e->drv);
	cfg.cmdline = cmdline;
	cfg.interleave = e->spec;
	ck_assert_int_eq(sim_boot(&cfg), 0);
	e->sc->spawn();
	e->schedules++;
	if (sim_run_for(e->sc->ns) || sim_schedule_check()) {
		snprintf(e->run.report, sizeof(e->run.report), "%s",
			 sim_failed() ? sim_report() : sim_error());
		e->found = 1;
		sim_shutdown();
		return;
	}
	note_digest(e, sim_trace_digest());
	nr = sim_nr_decisions();
	ds = calloc(nr + 1, sizeof(*ds));
	ck_assert(ds != NULL);
	for (i = 1; i <= nr; i++)
		sim_decision(i, &ds[i]);
	sim_shutdown();

	first = depth ? prefix[depth - 1].n + 1 : 1;
	for (i = first; depth < e->bound && i <= nr && !e->found; i++) {
		if (explored(e, state_of(&ds[i]), e->bound - depth)) {
			e->pruned++;
			continue;
		}
		for (cpu = 0; cpu < e->sc->cpus && !e->found; cpu++) {
			if (cpu == ds[i].dflt ||
			    !(ds[i].ready & (1UL << cpu)))
				continue;
			prefix[depth] = (struct step){ i, cpu };
			explore_from(e, prefix, depth + 1);
		}
	}
	free(ds);
}

/* ---- the tests ----------------------------------------------------------- */

static const char *driver_of(int i)
{
	return sim_driver_name(i);
}

struct control {
	const char *driver;
	const struct scenario *sc;
	const char *what;		/* the start of the report */
};

static const struct control controls[] = {
	{ "ingo_noretry", &scenarios[0], "BUG: " },
	{ "ingo_ttwu_nochk", &scenarios[1], "BUG: " },
	{ "tiny_norecheck", &scenarios[0], "BUG: " },
};

#define NR_CONTROLS	((int)(sizeof(controls) / sizeof(controls[0])))

/* The controls are for their own tests, not the ones every driver runs. */
static int is_control(const char *drv)
{
	int i;

	for (i = 0; i < NR_CONTROLS; i++)
		if (!strcmp(controls[i].driver, drv))
			return 1;
	return 0;
}

static void expect_no_race(const struct scenario *sc, int i)
{
	struct search s = { .sc = sc, .drv = driver_of(i),
			    .runs = t_env_int("RACES_RUNS", 60) };
	static char msg[16384], spec[MAX_STEPS * 48];

	if (is_control(s.drv))
		return;
	search(&s);
	if (s.found) {
		explain(sc, s.drv, s.spec, &s.run, msg, sizeof(msg), spec,
			sizeof(spec));
		printf("%s\n", msg);
		ck_abort_msg("%.1500s", msg);
	}
	printf("races %s on %s: %lu schedules, none reported\n", sc->name,
	       s.drv, s.schedules);
}

START_TEST(races_affinity_changes_hold)
{
	expect_no_race(&scenarios[0], _i);
}
END_TEST

START_TEST(races_remote_wakeups_hold)
{
	expect_no_race(&scenarios[1], _i);
}
END_TEST

START_TEST(races_rt_mutex_chains_hold)
{
	expect_no_race(&scenarios[2], _i);
}
END_TEST

START_TEST(races_fork_with_children_exiting_holds)
{
	expect_no_race(&scenarios[4], _i);
}
END_TEST

/* Every schedule of "meet" with at most RACES_PREEMPTIONS deviations. */
START_TEST(races_meet_every_schedule_within_the_bound)
{
	static struct explore e;
	static struct step prefix[8];

	memset(&e, 0, sizeof(e));
	e.sc = &scenarios[3];
	e.drv = driver_of(_i);
	e.bound = t_env_int("RACES_PREEMPTIONS", 1);
	if (is_control(e.drv))
		return;
	if (e.bound > 8)
		e.bound = 8;
	explore_from(&e, prefix, 0);
	ck_assert_msg(!e.found, "[meet on %s] %s under %s", e.drv,
		      e.run.report, e.spec);
	printf("races meet on %s: %lu schedules with at most %d "
	       "preemption(s), %lu branch points pruned as states seen "
	       "before, %d distinct outcomes\n", e.drv, e.schedules,
	       e.bound, e.pruned, e.nr_distinct);
	free(e.states);
	ck_assert_uint_gt(e.schedules, 1);
}
END_TEST

/* ---- regressions --------------------------------------------------------- */

/*
 * Runs that showed a bug before its fix (each checked against the code
 * before it), each stays clean: a strategy and its seed replay the same
 * run as long as the code on its way does not change.
 */
static const struct regression {
	const char *scenario, *driver, *spec, *what;
} regressions[] = {
	{ "chains", "tiny", "random:2",
	  "rt-mutex chain walk: BUG_ON(task->pi_blocked_on != waiter) when "
	  "another CPU handed a lock on the chain over between two steps" },
	{ "chains", "tiny", "pct:203:3",
	  "rt-mutex chain walk: a deadlock that was none, the owner it "
	  "started from having handed the lock to the waiter meanwhile" },
	{ "affinity", "tiny", "random:1",
	  "tiny's set_cpus_allowed(): a task picked meanwhile left running "
	  "outside its new mask" },
	{ "affinity", "staircase", "random:2",
	  "staircase's set_cpus_allowed(): the same" },
};

#define NR_REGRESSIONS	((int)(sizeof(regressions) / sizeof(regressions[0])))

START_TEST(races_regression_stays_clean)
{
	const struct regression *g = &regressions[_i];
	const struct scenario *sc = find_scenario(g->scenario,
						   strlen(g->scenario));
	struct run r;

	if (sim_driver_index(g->driver) < 0)
		return;
	run_scenario(sc, g->driver, g->spec, &r);
	ck_assert_msg(r.outcome == CLEAN, "[%s on %s, %s] was: %s; now: "
		      "%.1500s", g->scenario, g->driver, g->spec, g->what,
		      r.report);
}
END_TEST

/* ---- the controls -------------------------------------------------------- */

/* Serially the wrong copy is right: one CPU's path never meets another. */
START_TEST(races_control_passes_serially)
{
	const struct control *c = &controls[_i];
	struct run r;
	int seed;
	char spec[32];

	for (seed = 1; seed <= 10; seed++) {
		snprintf(spec, sizeof(spec), "serial");
		run_scenario(c->sc, c->driver, spec, &r);
		ck_assert_msg(r.outcome == CLEAN, "%s serially: %s",
			      c->driver, r.report);
	}
}
END_TEST

/*
 * Interleaved, some schedule shows it: the report, a schedule shrunk to
 * a few decisions, and that schedule replays to the same report.
 */
START_TEST(races_control_is_found_and_replays)
{
	const struct control *c = &controls[_i];
	struct search s = { .sc = c->sc, .drv = c->driver,
			    .runs = t_env_int("RACES_CONTROL_RUNS", 2000) };
	static char msg[16384], spec[MAX_STEPS * 48];
	static struct schedule shrunk;
	char sig[512], sig2[512];
	struct run r;
	int nr;

	search(&s);
	ck_assert_msg(s.found, "%s: no schedule of %lu found it", c->driver,
		      s.schedules);
	ck_assert_msg(!strncmp(s.run.report, c->what, strlen(c->what)),
		      "%s: %.1500s", c->driver, s.run.report);
	nr = explain(c->sc, c->driver, s.spec, &s.run, msg, sizeof(msg),
		     spec, sizeof(spec));
	ck_assert_msg(nr >= 0, "%s: the schedule does not replay: %.1500s",
		      c->driver, msg);
	ck_assert_int_eq(split_schedule(spec, &shrunk), nr);

	/* the shrunk schedule, replayed, fails the same way */
	signature(s.run.report, sig, sizeof(sig));
	run_scenario(c->sc, c->driver, spec, &r);
	ck_assert_int_eq(r.outcome, REPORTED);
	signature(r.report, sig2, sizeof(sig2));
	ck_assert_str_eq(sig2, sig);
	printf("races control %s: found after %lu schedules by %s, shrunk "
	       "to %d decision(s): %s\n", c->driver, s.schedules, s.spec, nr,
	       spec);
}
END_TEST

/* ---- replay -------------------------------------------------------------- */

/* The last @lines of the printk log of the machine just shut down. */
static void print_log_tail(int lines)
{
	const char *log = sim_log(), *p = log + strlen(log);

	while (p > log && lines >= 0)
		if (*--p == '\n')
			lines--;
	printf("printk log, its end:\n%s", p == log ? p : p + 1);
}

/*
 * RACES_REPLAY=SCENARIO:DRIVER:SPEC: one run, its report and the end of
 * its printk log; exit 1 if it reported.
 */
static int replay_one(const char *what)
{
	const char *drv = strchr(what, ':'), *spec;
	const struct scenario *sc;
	char name[64];
	struct run r;

	spec = drv ? strchr(drv + 1, ':') : NULL;
	sc = drv ? find_scenario(what, drv - what) : NULL;
	if (!sc || !spec || spec - drv - 1 >= (long)sizeof(name)) {
		fprintf(stderr, "RACES_REPLAY: expected SCENARIO:DRIVER:SPEC, "
			"a scenario of affinity, wakers, chains, meet, "
			"forks\n");
		return 2;
	}
	snprintf(name, sizeof(name), "%.*s", (int)(spec - drv - 1), drv + 1);
	if (sim_driver_index(name) < 0) {
		fprintf(stderr, "RACES_REPLAY: no driver %s here\n", name);
		return 2;
	}
	run_scenario(sc, name, spec + 1, &r);
	printf("%s on %s, %s: %lu decisions: %s\n", sc->name, name, spec + 1,
	       r.decisions, r.outcome == CLEAN ? "clean" : r.report);
	if (r.outcome != CLEAN)
		print_log_tail(20);
	return r.outcome == CLEAN ? 0 : r.outcome == REPORTED ? 1 : 2;
}

static Suite *races_suite(void)
{
	Suite *s = suite_create("races");
	int n = sim_nr_drivers(), nc = 0;
	TCase *tc;

	while (nc < NR_CONTROLS && sim_driver_index(controls[nc].driver) >= 0)
		nc++;
	tc = tcase_create("drivers");
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, races_affinity_changes_hold, 0, n);
	tcase_add_loop_test(tc, races_remote_wakeups_hold, 0, n);
	tcase_add_loop_test(tc, races_rt_mutex_chains_hold, 0, n);
	tcase_add_loop_test(tc, races_fork_with_children_exiting_holds, 0, n);
	tcase_add_loop_test(tc, races_meet_every_schedule_within_the_bound, 0,
			    n);
	tcase_add_loop_test(tc, races_regression_stays_clean, 0,
			    NR_REGRESSIONS);
	suite_add_tcase(s, tc);

	if (!t_env_int("RACES_CONTROLS", 1)) {
		printf("races: controls not run (RACES_CONTROLS=0)\n");
		return s;
	}
	tc = tcase_create("controls");
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, races_control_passes_serially, 0, nc);
	tcase_add_loop_test(tc, races_control_is_found_and_replays, 0, nc);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	const char *replay = getenv("RACES_REPLAY");

	if (replay) {
		replaying = 1;
		return replay_one(replay);
	}
	return t_run_suite(races_suite());
}
