/*
 * tests/unit/check_explore.c - bounded exhaustive exploration of short
 * operation sequences, for every built driver.
 *
 * A small machine (2 CPUs, 3 script tasks at SCHED_NORMAL nice 0, checks
 * on) and a small alphabet of operations (a task burns, sleeps, changes
 * policy or nice, yields or changes affinity; time advances a tick; CPU 1
 * goes offline or online).  Every sequence of up to EXPLORE_DEPTH
 * operations is replayed from a fresh boot - the machine is
 * deterministic, so a sequence is its own snapshot - and after each step
 * the machine's checks must hold.  A failure names the whole sequence,
 * with each operation's result.
 *
 * State hashing prunes the search: after each step the observable state
 * is hashed, and a sequence is not extended when its state was already
 * reached by a sequence no longer than it.  Virtual time is left out of
 * the state on purpose: it grows with every step, so with it no two
 * sequences would ever meet and nothing would be pruned.  The price is
 * that states differing only in what is not observed (time, slices left,
 * the driver's sleep averages beyond what prio shows) are merged: this
 * is a bounded, pruned search, not a proof over all hidden states.
 *
 * The CPUs interleave too.  The machine boots with "choices" and no
 * bytes, so every decision (a point where another CPU could go on at the
 * same instant) takes its serial default unless a choice is pushed.  A
 * step of a sequence is an operation, run serially, or the same
 * operation with one preemption: at its k-th decision the other CPU
 * goes on.  Each operation is tried serially first, which says how many
 * decisions it makes; then once preempted at each of them (up to
 * MAX_PREEMPT_AT).  Preempted steps are sequences like the others: their
 * states are hashed, pruned and extended the same way, so a sequence may
 * hold one preemption per step.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kfixtures.h"
#include "testlib.h"

#define NR_CPUS_EXPLORED	2
#define NR_SCRIPTS		3
#define TICK_NS			MS(1)		/* HZ 1000 */
#define CMD_WAIT_NS		MS(100)
#define MAX_DEPTH		8
/* The depth `make check` runs; EXPLORE_DEPTH overrides. */
#define DEFAULT_DEPTH		3
#define SEQ_TEXT_LEN		1024
/*
 * The decisions of a step that are preempted, each in a schedule of its
 * own: all of them, but a step that makes more (an IPI storm makes
 * thousands) only at its first ones.
 */
#define MAX_PREEMPT_AT		64

/* ---- the alphabet -------------------------------------------------------- */

enum op_kind {
	OP_BURN,	/* task burns a tick */
	OP_SLEEP,	/* task sleeps two ticks */
	OP_FIFO,	/* sched_setscheduler(self, FIFO, 10) */
	OP_NORMAL,	/* sched_setscheduler(self, NORMAL, 0) */
	OP_NICE,	/* nice(5) */
	OP_YIELD,	/* sched_yield() */
	OP_AFF_CPU1,	/* sched_setaffinity(self, {1}) */
	OP_AFF_ALL,	/* sched_setaffinity(self, {0,1}) */
	NR_TASK_OPS,
	OP_TICK = NR_TASK_OPS,	/* time advances a tick */
	OP_CPU1_OFF,
	OP_CPU1_ON,
	NR_OP_KINDS
};

static const char *const op_names[NR_OP_KINDS] = {
	[OP_BURN] = "burn(1 tick)",
	[OP_SLEEP] = "sleep(2 ticks)",
	[OP_FIFO] = "sched_setscheduler(FIFO,10)",
	[OP_NORMAL] = "sched_setscheduler(NORMAL,0)",
	[OP_NICE] = "nice(5)",
	[OP_YIELD] = "sched_yield()",
	[OP_AFF_CPU1] = "sched_setaffinity({1})",
	[OP_AFF_ALL] = "sched_setaffinity({0,1})",
	[OP_TICK] = "tick",
	[OP_CPU1_OFF] = "cpu1 offline",
	[OP_CPU1_ON] = "cpu1 online",
};

/* Ops 0..NR_TASK_OPS*NR_SCRIPTS-1 are (task, kind); then the others. */
#define ALPHABET	(NR_TASK_OPS * NR_SCRIPTS + NR_OP_KINDS - NR_TASK_OPS)

static int op_kind(int op)
{
	if (op < NR_TASK_OPS * NR_SCRIPTS)
		return op % NR_TASK_OPS;
	return op - NR_TASK_OPS * NR_SCRIPTS + NR_TASK_OPS;
}

static int op_task(int op)
{
	return op < NR_TASK_OPS * NR_SCRIPTS ? op / NR_TASK_OPS : -1;
}

/*
 * A step: an operation of the alphabet and the decision of it that
 * another CPU takes (0: none, the serial run).
 */
static int step(int op, int preempt_at)
{
	return op + ALPHABET * preempt_at;
}

static int step_op(int s)
{
	return s % ALPHABET;
}

static int step_preempt_at(int s)
{
	return s / ALPHABET;
}

/* ---- one machine --------------------------------------------------------- */

/* The booted machine of one replay and what the explorer knows of it. */
struct machine {
	int pid[NR_SCRIPTS];
	unsigned long queued[NR_SCRIPTS];	/* commands posted */
	unsigned char mask[NR_SCRIPTS];		/* last affinity set */
	long uparam_fifo, uparam_normal;	/* user addresses */
	long umask_cpu1, umask_all;
};

static void user_put(int pid, long uaddr, const void *buf, unsigned long len)
{
	ck_assert_int_eq(sim_user_write(pid, uaddr, buf, len), 0);
}

static long user_alloc(int pid, unsigned long len)
{
	unsigned long uaddr = sim_user_map(pid, len);

	ck_assert_msg(uaddr != 0, "sim_user_map: %s", sim_error());
	return (long)uaddr;
}

/* Boot @driver and spawn the script tasks and their user memory. */
static void machine_boot(struct machine *m, const char *driver)
{
	static const int fifo = 10, normal;
	static const unsigned char cpu1 = 0x02, all = 0x03;
	char cmdline[64];
	struct sim_config cfg;
	char name[16];
	int i;

	memset(m, 0, sizeof(*m));
	snprintf(cmdline, sizeof(cmdline), "cpusched=%s", driver);
	sim_config_init(&cfg);
	cfg.nr_cpus = NR_CPUS_EXPLORED;
	cfg.cmdline = cmdline;
	cfg.checks = 1;
	/* serial but where a step pushes a choice */
	cfg.interleave = "choices";
	t_boot_cfg(&cfg);
	for (i = 0; i < NR_SCRIPTS; i++) {
		snprintf(name, sizeof(name), "t%d", i);
		m->pid[i] = t_spawn_script(name, SIM_SCHED_NORMAL, 0, 0);
		m->mask[i] = all;
	}
	/* the script tasks share one address space: map once */
	m->uparam_fifo = user_alloc(m->pid[0], sizeof(int));
	m->uparam_normal = user_alloc(m->pid[0], sizeof(int));
	m->umask_cpu1 = user_alloc(m->pid[0], 1);
	m->umask_all = user_alloc(m->pid[0], 1);
	user_put(m->pid[0], m->uparam_fifo, &fifo, sizeof(fifo));
	user_put(m->pid[0], m->uparam_normal, &normal, sizeof(normal));
	user_put(m->pid[0], m->umask_cpu1, &cpu1, 1);
	user_put(m->pid[0], m->umask_all, &all, 1);
}

/* Post the command of a task op; its arguments in @a. */
static void task_op_args(const struct machine *m, int kind, long a[5])
{
	memset(a, 0, 5 * sizeof(long));
	a[0] = SIM_CMD_SYSCALL;
	switch (kind) {
	case OP_BURN:
		a[0] = SIM_CMD_BURN;
		a[1] = TICK_NS;
		break;
	case OP_SLEEP:
		a[0] = SIM_CMD_SLEEP;
		a[1] = 2 * TICK_NS;
		break;
	case OP_FIFO:
	case OP_NORMAL:
		a[1] = SIM_SYS_sched_setscheduler;
		a[3] = kind == OP_FIFO ? SIM_SCHED_FIFO : SIM_SCHED_NORMAL;
		a[4] = kind == OP_FIFO ? m->uparam_fifo : m->uparam_normal;
		break;
	case OP_NICE:
		a[1] = SIM_SYS_nice;
		a[2] = 5;
		break;
	case OP_YIELD:
		a[1] = SIM_SYS_sched_yield;
		break;
	case OP_AFF_CPU1:
	case OP_AFF_ALL:
		a[1] = SIM_SYS_sched_setaffinity;
		a[3] = 1;	/* a one-byte mask, zero-extended */
		a[4] = kind == OP_AFF_CPU1 ? m->umask_cpu1 : m->umask_all;
		break;
	}
}

/*
 * Apply @op; returns its result for the log (a syscall's return, 0 for
 * a finished command, -ETIMEDOUT if it did not finish in time).  A check
 * that reports shows in sim_failed().
 */
static long apply_op(struct machine *m, int op)
{
	int kind = op_kind(op), t = op_task(op);
	long a[5], ret;

	switch (kind) {
	case OP_TICK:
		return sim_run_for(TICK_NS);
	case OP_CPU1_OFF:
		return sim_cpu_offline(1);
	case OP_CPU1_ON:
		return sim_cpu_online(1);
	}
	task_op_args(m, kind, a);
	ret = sim_cmd(m->pid[t], a[0], a[1], a[2], a[3], a[4]);
	ck_assert_msg(ret == 0, "sim_cmd: %s", sim_error());
	m->queued[t]++;
	ret = sim_cmd_wait(m->pid[t], CMD_WAIT_NS);
	if (ret)
		return ret;
	ret = sim_cmd_result(m->pid[t]);
	if (!ret && kind == OP_AFF_CPU1)
		m->mask[t] = 0x02;
	if (!ret && kind == OP_AFF_ALL)
		m->mask[t] = 0x03;
	return ret;
}

/* ---- the observable state ------------------------------------------------ */

/* All ints, so the hash sees no padding. */
struct task_obs {
	int state, cpu, policy, rt_priority, prio, nice, mask;
	int pending;			/* commands posted, not done */
};

struct state_obs {
	struct task_obs task[NR_SCRIPTS];
	int online[NR_CPUS_EXPLORED], curr[NR_CPUS_EXPLORED];
};

static struct state_obs observe(const struct machine *m)
{
	struct sim_task_info ti;
	struct sim_cpu_info ci;
	struct state_obs s;
	int i, j;

	memset(&s, 0, sizeof(s));
	for (i = 0; i < NR_SCRIPTS; i++) {
		ck_assert_int_eq(sim_task_info(m->pid[i], &ti), 0);
		s.task[i].state = ti.state;
		s.task[i].cpu = ti.cpu;
		s.task[i].policy = ti.policy;
		s.task[i].rt_priority = ti.rt_priority;
		s.task[i].prio = ti.prio;
		s.task[i].nice = ti.nice;
		s.task[i].mask = m->mask[i];
		s.task[i].pending = (int)(m->queued[i] - ti.cmds_done);
	}
	for (i = 0; i < NR_CPUS_EXPLORED; i++) {
		ck_assert_int_eq(sim_cpu_info(i, &ci), 0);
		s.online[i] = ci.online;
		/* by script index, so pids never leak into the state */
		s.curr[i] = -1;
		for (j = 0; j < NR_SCRIPTS; j++)
			if (ci.curr_pid == m->pid[j])
				s.curr[i] = j;
		if (ci.curr_pid && s.curr[i] < 0)
			s.curr[i] = NR_SCRIPTS;	/* init or a kthread */
	}
	return s;
}

/* FNV-1a over the observation's bytes. */
static unsigned long long state_hash(const struct state_obs *s)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned long long h = 0xcbf29ce484222325ULL;
	size_t i;

	for (i = 0; i < sizeof(*s); i++) {
		h ^= p[i];
		h *= 0x100000001b3ULL;
	}
	return h ? h : 1;	/* 0 marks a free slot */
}

/* ---- the set of states seen ---------------------------------------------- */

#define SEEN_BITS	20
#define SEEN_SLOTS	(1UL << SEEN_BITS)

struct seen_slot {
	unsigned long long hash;
	int depth;		/* the shortest sequence that reached it */
};

static struct seen_slot *seen;
static unsigned long nr_seen;

static struct seen_slot *seen_lookup(unsigned long long h)
{
	unsigned long i = h & (SEEN_SLOTS - 1);

	while (seen[i].hash && seen[i].hash != h)
		i = (i + 1) & (SEEN_SLOTS - 1);
	return &seen[i];
}

/*
 * Record state @h reached at @depth; returns 1 if the sequence should be
 * extended (a new state, or one reached before only by longer ones).
 */
static int seen_visit(unsigned long long h, int depth)
{
	struct seen_slot *slot = seen_lookup(h);

	if (!slot->hash) {
		ck_assert_msg(nr_seen < SEEN_SLOTS / 2, "state table full");
		slot->hash = h;
		slot->depth = depth;
		nr_seen++;
		return 1;
	}
	if (slot->depth <= depth)
		return 0;
	slot->depth = depth;
	return 1;
}

/* ---- the explorer -------------------------------------------------------- */

/* An extra check on the observed state, for the control test. */
typedef void (*explore_hook_t)(const struct state_obs *s);

struct explore {
	const char *driver;
	int depth;
	int serial;			/* no preempted steps */
	explore_hook_t hook;
	/* results */
	unsigned long sequences;	/* replayed */
	unsigned long preempted;	/* of them, the last step preempted */
	unsigned long steps;		/* ops applied, over all replays */
	unsigned long timeouts;		/* commands not done in time */
	unsigned long states;		/* distinct */
	/* states by the length of the shortest sequence reaching them */
	unsigned long per_depth[MAX_DEPTH + 1];
	int failed;
	char failure[SEQ_TEXT_LEN + 512];
};

/*
 * Step @s, which returned @ret, as text; a preemption with its decision
 * (@first is the step's first), its point and the CPUs.
 */
static void append_step(char *buf, size_t len, int s, long ret,
			unsigned long first)
{
	size_t used = strlen(buf);
	int op = step_op(s), t = op_task(op), k = step_preempt_at(s);
	struct sim_decision d;

	if (used >= len - 1)
		return;
	if (t >= 0)
		used += snprintf(buf + used, len - used, "%st%d %s = %ld",
				 used ? "; " : "", t, op_names[op_kind(op)],
				 ret);
	else
		used += snprintf(buf + used, len - used, "%s%s = %ld",
				 used ? "; " : "", op_names[op_kind(op)], ret);
	if (!k || used >= len - 1)
		return;
	if (sim_decision(first + k - 1, &d))
		snprintf(buf + used, len - used, " [preempt %d: decision %lu "
			 "not reached]", k, first + k - 1);
	else if (d.cpu >= 0)
		snprintf(buf + used, len - used, " [preempt %d: cpu%d at "
			 "%s:%d -> cpu%d]", k, d.cpu, d.file, d.line,
			 d.chosen);
	else
		snprintf(buf + used, len - used, " [preempt %d: no CPU "
			 "running -> cpu%d]", k, d.chosen);
}

/*
 * Replay @seq[0..n-1] from a fresh boot, checking the machine after every
 * step.  Returns 0 with the final state's hash in *@h and the number of
 * decisions the last step made in *@decisions, or -1 with the failure
 * (the readable sequence and the report) recorded in @ex.
 */
static int replay(struct explore *ex, const int *seq, int n,
		  unsigned long long *h, int *decisions)
{
	char text[SEQ_TEXT_LEN] = "";
	struct state_obs s;
	struct machine m;
	unsigned long first = 1;
	long ret;
	int i;

	machine_boot(&m, ex->driver);
	for (i = 0; i < n; i++) {
		first = sim_nr_decisions() + 1;
		if (step_preempt_at(seq[i]))
			ck_assert_int_eq(sim_schedule_push(
					 step_preempt_at(seq[i]), 1), 0);
		ret = apply_op(&m, step_op(seq[i]));
		append_step(text, sizeof(text), seq[i], ret, first);
		ex->steps++;
		if (ret == -ETIMEDOUT)
			ex->timeouts++;
		if (sim_failed() || sim_check())
			goto fail;
		if (ex->hook) {
			s = observe(&m);
			ex->hook(&s);
			if (sim_check())
				goto fail;
		}
	}
	s = observe(&m);
	*h = state_hash(&s);
	*decisions = sim_nr_decisions() + 1 - first;
	t_shutdown();
	return 0;
fail:
	ex->failed = 1;
	snprintf(ex->failure, sizeof(ex->failure), "%s: %s: %s", ex->driver,
		 text, sim_report());
	t_shutdown();
	return -1;
}

static int explore_from(struct explore *ex, int *seq, int n);

/*
 * Replay @seq[0..n-1] and extend it if its state is new; 0, or -1 on a
 * failure.  The decisions its last step made go to *@decisions.
 */
static int visit(struct explore *ex, int *seq, int n, int *decisions)
{
	unsigned long long h;

	ex->sequences++;
	if (replay(ex, seq, n, &h, decisions))
		return -1;
	if (!seen_visit(h, n) || n == ex->depth)
		return 0;
	return explore_from(ex, seq, n);
}

/*
 * Depth-first: every one-step extension of @seq[0..n-1]: each operation
 * serially, then preempted at each of its first decisions.
 */
static int explore_from(struct explore *ex, int *seq, int n)
{
	int op, k, decisions, ignored;

	for (op = 0; op < ALPHABET; op++) {
		seq[n] = step(op, 0);
		if (visit(ex, seq, n + 1, &decisions))
			return -1;
		if (ex->serial)
			continue;
		for (k = 1; k <= decisions && k <= MAX_PREEMPT_AT; k++) {
			seq[n] = step(op, k);
			ex->preempted++;
			if (visit(ex, seq, n + 1, &ignored))
				return -1;
		}
	}
	return 0;
}

static void count_states(struct explore *ex)
{
	unsigned long i;

	ex->states = nr_seen;
	for (i = 0; i < SEEN_SLOTS; i++)
		if (seen[i].hash)
			ex->per_depth[seen[i].depth]++;
}

/* Explore every sequence of up to ex->depth ops; 0, or -1 on a failure. */
static int explore(struct explore *ex)
{
	int seq[MAX_DEPTH], decisions;
	unsigned long long h;

	seen = calloc(SEEN_SLOTS, sizeof(*seen));
	ck_assert_ptr_nonnull(seen);
	nr_seen = 0;
	ck_assert_int_eq(replay(ex, seq, 0, &h, &decisions), 0);
	seen_visit(h, 0);
	explore_from(ex, seq, 0);
	count_states(ex);
	free(seen);
	seen = NULL;
	return ex->failed ? -1 : 0;
}

static int explore_depth(void)
{
	const char *env = getenv("EXPLORE_DEPTH");
	int d;

	if (!env || !*env)
		return DEFAULT_DEPTH;
	d = atoi(env);
	ck_assert_msg(d >= 1 && d <= MAX_DEPTH, "EXPLORE_DEPTH=%s: not 1..%d",
		      env, MAX_DEPTH);
	return d;
}

static unsigned long power(unsigned long base, int exp)
{
	unsigned long r = 1;

	while (exp--)
		r *= base;
	return r;
}

/* All sequences of 0..@depth ops: what an unpruned search replays. */
static unsigned long all_sequences(int depth)
{
	unsigned long sum = 0;
	int d;

	for (d = 1; d <= depth; d++)
		sum += power(ALPHABET, d);
	return sum;
}

static double seconds_since(const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (t1.tv_sec - t0->tv_sec) + (t1.tv_nsec - t0->tv_nsec) / 1e9;
}

/* ---- tests --------------------------------------------------------------- */

/*
 * Fewest distinct states each driver must reach at depth 3 (measured:
 * see the report on stdout), so a change that stops the explorer from
 * reaching states fails the test instead of passing vacuously.
 */
#define MIN_STATES_DEPTH3	200

/*
 * Every driver: every sequence up to the depth keeps the machine's checks
 * quiet, the search covers at least MIN_STATES_DEPTH3 states, and hashing
 * prunes (fewer replays than all sequences).
 */
START_TEST(explore_every_sequence_passes_checks)
{
	struct explore ex = { .driver = sim_driver_name(_i) };
	struct timespec t0;
	int d;

	ex.depth = explore_depth();
	clock_gettime(CLOCK_MONOTONIC, &t0);
	explore(&ex);
	printf("explore %s: depth %d, alphabet %d: %lu states, %lu sequences "
	       "(of %lu) and %lu schedules preempted, %lu steps (%lu timed "
	       "out), %.2f s; states by depth:", ex.driver, ex.depth,
	       ALPHABET, ex.states, ex.sequences - ex.preempted,
	       all_sequences(ex.depth), ex.preempted, ex.steps, ex.timeouts,
	       seconds_since(&t0));
	for (d = 0; d <= ex.depth; d++)
		printf(" %lu", ex.per_depth[d]);
	printf("\n");
	fflush(stdout);
	ck_assert_msg(!ex.failed, "%s", ex.failure);
	if (ex.depth >= 2)
		ck_assert_uint_lt(ex.sequences - ex.preempted,
				  all_sequences(ex.depth));
	ck_assert_uint_gt(ex.preempted, 0);
	for (d = 1; d <= ex.depth; d++)
		ck_assert_msg(ex.per_depth[d] > 0, "no new state at depth %d",
			      d);
	if (ex.depth >= 3)
		ck_assert_uint_ge(ex.states, MIN_STATES_DEPTH3);
}
END_TEST

/*
 * The control: a driver that goes wrong only in a state three operations
 * deep (t2 SCHED_FIFO at nice 5 with CPU 1 offline): the machine's own
 * check must catch it, and the explorer name a three-op sequence that
 * gets there, although pruning cuts most of the tree.
 */
static void break_when_deep(const struct state_obs *s)
{
	if (s->task[2].policy == SIM_SCHED_FIFO && s->task[2].nice == 5 &&
	    !s->online[1])
		kfix_install_liar(KFIX_LIE_CHECK);
}

START_TEST(explore_finds_bug_three_ops_deep)
{
	struct explore ex = {
		.driver = sim_driver_name(_i), .depth = 3,
		.hook = break_when_deep,
	};
	char report[128];
	int nr_ops = 1;
	const char *p;

	ck_assert_int_eq(explore(&ex), -1);
	printf("explore %s control: %lu sequences before: %s\n", ex.driver,
	       ex.sequences, ex.failure);
	snprintf(report, sizeof(report), "BUG: %s's own check: %s",
		 ex.driver, KFIX_LIE_REASON);
	ck_assert_ptr_nonnull(strstr(ex.failure, report));
	ck_assert_ptr_nonnull(strstr(ex.failure, "t2 "
				     "sched_setscheduler(FIFO,10) = 0"));
	ck_assert_ptr_nonnull(strstr(ex.failure, "t2 nice(5) = 0"));
	ck_assert_ptr_nonnull(strstr(ex.failure, "cpu1 offline = 0"));
	for (p = ex.failure; (p = strstr(p, "; ")); p++)
		nr_ops++;
	ck_assert_int_eq(nr_ops, 3);
}
END_TEST

/* The same control two ops short of it: nothing is found at depth 2. */
START_TEST(explore_control_needs_depth_three)
{
	struct explore ex = {
		.driver = sim_driver_name(_i), .depth = 2,
		.hook = break_when_deep,
	};

	ck_assert_int_eq(explore(&ex), 0);
	ck_assert_msg(!ex.failed, "%s", ex.failure);
}
END_TEST

/*
 * The control of interleaving: a driver that goes wrong only once t1 is
 * FIFO and a step was preempted.  The explorer must find it and name the
 * preemption (the decision's point and the CPU that went on), and must
 * not find it with every step serial.
 */
static void break_when_preempted(const struct state_obs *s)
{
	if (s->task[1].policy == SIM_SCHED_FIFO && sim_schedule_length())
		kfix_install_liar(KFIX_LIE_CHECK);
}

START_TEST(explore_finds_bug_behind_a_preemption)
{
	struct explore ex = {
		.driver = sim_driver_name(_i), .depth = 2,
		.hook = break_when_preempted,
	};

	ck_assert_int_eq(explore(&ex), -1);
	printf("explore %s preempt control: %lu sequences before: %s\n",
	       ex.driver, ex.sequences, ex.failure);
	ck_assert_ptr_nonnull(strstr(ex.failure, "own check: "
				     KFIX_LIE_REASON));
	ck_assert_ptr_nonnull(strstr(ex.failure, "t1 "
				     "sched_setscheduler(FIFO,10) = 0"));
	ck_assert_ptr_nonnull(strstr(ex.failure, " [preempt "));
	ck_assert_ptr_nonnull(strstr(ex.failure, "1 not the default"));
}
END_TEST

START_TEST(explore_control_needs_a_preemption)
{
	struct explore ex = {
		.driver = sim_driver_name(_i), .depth = 3, .serial = 1,
		.hook = break_when_preempted,
	};

	ck_assert_int_eq(explore(&ex), 0);
	ck_assert_msg(!ex.failed, "%s", ex.failure);
	ck_assert_uint_eq(ex.preempted, 0);
}
END_TEST

/* ---- the suite ----------------------------------------------------------- */

static Suite *explore_suite(void)
{
	Suite *s = suite_create("explore");
	int n = sim_nr_drivers();
	TCase *tc;

	tc = tcase_create("sequences");
	/* a deeper run from EXPLORE_DEPTH takes as long as it takes */
	tcase_set_timeout(tc, getenv("EXPLORE_DEPTH") ? 86400 : 120);
	tcase_add_loop_test(tc, explore_every_sequence_passes_checks, 0, n);
	suite_add_tcase(s, tc);

	/* the explorer's own controls; EXPLORE_CONTROLS=0 leaves them out */
	if (!t_env_int("EXPLORE_CONTROLS", 1))
		return s;
	tc = tcase_create("control");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, explore_finds_bug_three_ops_deep, 0, n);
	tcase_add_loop_test(tc, explore_control_needs_depth_three, 0, n);
	tcase_add_loop_test(tc, explore_finds_bug_behind_a_preemption, 0, n);
	tcase_add_loop_test(tc, explore_control_needs_a_preemption, 0, n);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return t_run_suite(explore_suite());
}
