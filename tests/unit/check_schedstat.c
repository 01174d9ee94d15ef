/*
 * tests/unit/check_schedstat.c - /proc/schedstat (version 10) and
 * /proc/<pid>/schedstat checked, field by field, against what the
 * machine saw happen.
 *
 * Every test runs on every driver of the build (sim_nr_drivers()), most
 * on machines of 1, 2 and 4 CPUs, some on an SMT and a NUMA machine for
 * the domain lines.  It installs the machine's fact sink
 * (sim_stat_set_sink()), reads /proc/schedstat, runs a workload, reads
 * it again, and compares the growth of EVERY number of every line with
 * what the facts say it must be; a failure names the CPU (and domain),
 * the field, the value, what was expected and how it was derived.
 *
 * Meanings.  A driver either keeps 2.6.10's meaning of each counter (the
 * default, and ingosched's), or says in its show_schedstat() comment
 * that it reuses the line (profiles[] below mirrors those comments):
 * the fields it does not use must stay 0, and tiny, staircase and bfs
 * count context switches in sched_switch and picks without one in
 * sched_noswitch (they have no expired array), and count a new task as
 * moved when wake_up_new_task() put it on another CPU than it came in
 * with (2.6.10 never moves it: it is "moved" when not on the parent's).
 * bfs pulls nothing (one queue serves every CPU): every pulled and lost
 * field stays 0.
 * The scenarios that pin what the facts leave open (the tests of the
 * "linux-2.6.10" case) run on 2.6.10's scheduler itself, ingosched:
 * their numbers come from its rules.
 *
 * How each field is checked (F: facts, exact unless a range is said):
 *   yld_cnt          F: sched_yield() calls on the CPU.
 *   yld_both_empty   F: yields of the only runnable task of the CPU (the
 *                    yielder alone in the active array and the expired
 *                    one empty means alone on the CPU, and back).
 *   yld_act_empty    range: at least the lone yields; at most the yields
 *                    less those that found only RT tasks beside them.
 *   yld_exp_empty    range: at least the yields with others beside them
 *                    all RT (RT tasks never expire: the expired array is
 *                    empty); at most the yields less the lone ones.
 *                    Exact numbers: schedstat_yields_alternate_arrays.
 *   sched_cnt        F: picks (schedule() clears prev's need_resched
 *                    once per pick: the machine counts that).
 *   sched_goidle     F: picks of the idle task: switches to it, and
 *                    picks that leave it running.
 *   sched_switch,    context switches, and picks without one; 2.6.10:
 *   sched_noswitch   picks of a task with and without switching the
 *                    expired array in: their sum is the picks of a task
 *                    (a dying CPU's idle task, queued by
 *                    sched_idle_next(), may count too: range).  Exact
 *                    numbers: schedstat_lone_hog_switches_arrays.
 *   alb_cnt          F: migration-thread kicks from the tick (a wake-up
 *                    from scheduler_tick(), each consumed once).
 *   alb_gained/lost  F: moves by a kernel thread outside any entry point
 *                    that nobody asked for (no set_cpus_allowed() or
 *                    sched_exec() waiting): active balancing.
 *   alb_failed       range: lost + failed at most kicks x (CPUs - 1).
 *                    Exact: schedstat_active_balance_tries_each_idle_core.
 *   ttwu_cnt,        F: wake-ups of an asleep task whose state matches,
 *   ttwu_attempts    on the CPU it slept on.
 *   ttwu_moved       F: those placed on another CPU, on the CPU left.
 *   wunt_cnt/moved   F: wake_up_new_task(), by the meaning above.
 *   smt_cnt          F: sched_exec()s that moved the task (2.6.10:
 *                    sched_migrate_task() calls).
 *   sbe_cnt          F: sched_exec() calls on the CPU.
 *   cpu_time         F: jiffies non-idle tasks ran on the CPU, charged
 *                    at their switch out and at each of their picks
 *                    (2.6.10 charges prev at every pick, switch or not).
 *   pcnt             F: picks of a task other than idle.
 *   run_delay        range: at least, per wake-up ending on the CPU, the
 *                    jiffies from the wake-up to the switch in; and the
 *                    sum over CPUs is the sum over every task's own.
 *   pt_gained/lost   F: pulls, by type: the tick's (idle or busy), a CPU
 *                    going idle in schedule() (newly idle), and for
 *                    2.6.10 active balancing counts as idle.  2.6.10's
 *                    tick balances domain by domain, lowest first, as
 *                    idle until one domain pulled: a pull belongs to the
 *                    lowest domain that spans its source (its groups are
 *                    those of the level below), and with SMT an idle CPU
 *                    with queued work balances as busy.
 * Domain lines (2.6.10), from the facts of each domain since it was
 * built (hotplug rebuilds them from zero):
 *   lb_cnt - lb_failed - lb_nobusyq - lb_nobusyg = balancings that
 *                    pulled (ticks, or picks, that pulled from the
 *                    domain); lb_nobusyq = 0 (a busiest group always
 *                    has a CPU with load); lb_imbalance between the
 *                    tasks pulled and (lb_cnt - nobusy*) x tasks.
 *   sbe_attempts     F: on the highest domain (every level balances at
 *                    exec), sched_exec() with more than one task.
 *   sbe_pushed       F: ... that moved the task; lower domains 0.
 *   ttwu_wake_affine + ttwu_wake_balance: wake-ups that came to the
 *                    waker's CPU (with SMT: its core) from another
 *                    core, on the waker's lowest domain spanning the
 *                    source; from an SMT sibling, or while a CPU comes
 *                    or goes (a fallback may place it), the placement
 *                    cannot tell (range).  The split: schedstat_wake_*.
 * /proc/<pid>/schedstat: cpu_time and pcnt exact as above, run_delay at
 * least the task's wake-up waits and at most its time from first to
 * last pick; drivers without sched_info show 0.
 *
 * Not checked: what the machine cannot see and no identity pins down
 * (the affine/balance split outside the scenarios, lb_failed beyond the
 * identity).
 *
 * SCHEDSTAT_DUMP=1 prints every move with the type and domain given it,
 * and every exec, when a test checks its fields.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"
#include "kfixtures.h"

#define SCHEDSTAT_VERSION	10
#define MAX_CPUS		8
#define MAX_DOMAINS		3
#define MAX_PIDS		1024
#define MAX_RECORDS		8192

/* ---- the version 10 line ------------------------------------------------- */

enum cpu_field {
	YLD_BOTH_EMPTY, YLD_ACT_EMPTY, YLD_EXP_EMPTY, YLD_CNT,
	SCHED_NOSWITCH, SCHED_SWITCH, SCHED_CNT, SCHED_GOIDLE,
	ALB_CNT, ALB_GAINED, ALB_LOST, ALB_FAILED,
	TTWU_CNT, TTWU_MOVED, TTWU_ATTEMPTS, WUNT_CNT, WUNT_MOVED,
	SMT_CNT, SBE_CNT, CPU_TIME, RUN_DELAY, PCNT,
	PT_GAINED_IDLE, PT_LOST_IDLE, PT_GAINED_BUSY, PT_LOST_BUSY,
	PT_GAINED_NEWIDLE, PT_LOST_NEWIDLE,
	NR_CPU_FIELDS		/* 28 */
};

static const char *const cpu_field_name[NR_CPU_FIELDS] = {
	"yld_both_empty", "yld_act_empty", "yld_exp_empty", "yld_cnt",
	"sched_noswitch", "sched_switch", "sched_cnt", "sched_goidle",
	"alb_cnt", "alb_gained", "alb_lost", "alb_failed",
	"ttwu_cnt", "ttwu_moved", "ttwu_attempts", "wunt_cnt", "wunt_moved",
	"smt_cnt", "sbe_cnt", "cpu_time", "run_delay", "pcnt",
	"pt_gained[idle]", "pt_lost[idle]", "pt_gained[busy]",
	"pt_lost[busy]", "pt_gained[newidle]", "pt_lost[newidle]",
};

/* 2.6.10's enum idle_type, the order of the per-type groups. */
enum idle_type { T_IDLE, T_BUSY, T_NEWIDLE, NR_TYPES };
static const char *const type_name[NR_TYPES] = { "idle", "busy", "newidle" };

/* A domain line: 5 per type, then 4. */
enum lb_field { LB_CNT, LB_FAILED, LB_IMBALANCE, LB_NOBUSYQ, LB_NOBUSYG,
		NR_LB_FIELDS };
#define DOM(type, f)		((type) * NR_LB_FIELDS + (f))
enum { SBE_PUSHED = NR_TYPES * NR_LB_FIELDS, SBE_ATTEMPTS, WAKE_AFFINE,
       WAKE_BALANCE, NR_DOMAIN_FIELDS };	/* 19 */

static const char *const lb_field_name[NR_LB_FIELDS] = {
	"lb_cnt", "lb_failed", "lb_imbalance", "lb_nobusyq", "lb_nobusyg",
};

struct cpu_line {
	int cpu;
	unsigned long v[NR_CPU_FIELDS];
	int nr_domains;
	unsigned long long span[MAX_DOMAINS];
	unsigned long dom[MAX_DOMAINS][NR_DOMAIN_FIELDS];
};

struct snapshot {
	int nr;
	struct cpu_line line[MAX_CPUS];
};

static int parse_numbers(const char *s, unsigned long *v, int n)
{
	char *end;
	int i;

	for (i = 0; i < n; i++) {
		while (*s == ' ')
			s++;
		if (*s < '0' || *s > '9')
			return -1;
		v[i] = strtoul(s, &end, 10);
		s = end;
	}
	return *s ? -1 : 0;
}

/* A hex digit's value, or -1: lower case only, as the kernel's %x. */
static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/*
 * A domain's span into a bit mask, in cpumask_scnprintf()'s format:
 * (NR_CPUS + 31) / 32 words of eight hex digits, the most significant
 * first, one comma between two words and none elsewhere.
 */
static int parse_mask(const char *s, unsigned long long *mask)
{
	int words = 0, digits;

	*mask = 0;
	for (;;) {
		for (digits = 0; hex_digit(*s) >= 0; s++, digits++)
			*mask = *mask << 4 | hex_digit(*s);
		if (digits != 8)
			return -1;
		words++;
		if (*s != ',')
			break;
		s++;
	}
	if (*s && *s != ' ')
		return -1;
	return words == (sim_max_cpus() + 31) / 32 ? 0 : -1;
}

/* Read /proc/schedstat: "version 10", "timestamp J", cpu and domain lines. */
static void snap(struct snapshot *s)
{
	const char *text = sim_schedstat(), *p, *nl;
	char buf[1024];
	struct cpu_line *c = NULL;
	unsigned long ts;
	int ver, k, n, line = 0;

	ck_assert_msg(text != NULL, "no /proc/schedstat: %s", sim_error());
	memset(s, 0, sizeof(*s));
	for (p = text; *p; p = nl + 1) {
		nl = strchr(p, '\n');
		ck_assert_msg(nl && nl - p < (long)sizeof(buf),
			      "bad /proc/schedstat line: %s", p);
		memcpy(buf, p, nl - p);
		buf[nl - p] = '\0';
		if (++line == 1) {
			ck_assert_msg(sscanf(buf, "version %d", &ver) == 1 &&
				      ver == SCHEDSTAT_VERSION, "%s", buf);
			continue;
		}
		if (line == 2) {
			ck_assert_msg(sscanf(buf, "timestamp %lu", &ts) == 1 &&
				      ts == sim_jiffies(), "%s", buf);
			continue;
		}
		if (sscanf(buf, "cpu%d%n", &k, &n) == 1) {
			ck_assert_int_lt(s->nr, MAX_CPUS);
			c = &s->line[s->nr++];
			c->cpu = k;
			ck_assert_msg(!parse_numbers(buf + n, c->v,
						     NR_CPU_FIELDS),
				      "not cpuN + 28 numbers: %s", buf);
			continue;
		}
		ck_assert_msg(c && sscanf(buf, "domain%d %n", &k, &n) == 1 &&
			      k == c->nr_domains && k < MAX_DOMAINS,
			      "unexpected line: %s", buf);
		ck_assert_msg(!parse_mask(buf + n, &c->span[k]), "%s", buf);
		ck_assert_msg(!parse_numbers(strchr(buf + n, ' '), c->dom[k],
					     NR_DOMAIN_FIELDS),
			      "not domainN mask + 19 numbers: %s", buf);
		c->nr_domains++;
	}
}

static const struct cpu_line *line_of(const struct snapshot *s, int cpu)
{
	int i;

	for (i = 0; i < s->nr; i++)
		if (s->line[i].cpu == cpu)
			return &s->line[i];
	return NULL;
}

/* ---- what each driver means by the fields -------------------------------- */

#define F(f)		(1ULL << (f))
/* Fields a driver without arrays, active balancing, exec balancing and
 * sched_info leaves at 0. */
#define NO_2_6_10_EXTRAS						\
	(F(YLD_BOTH_EMPTY) | F(YLD_ACT_EMPTY) | F(YLD_EXP_EMPTY) |	\
	 F(ALB_CNT) | F(ALB_GAINED) | F(ALB_LOST) | F(ALB_FAILED) |	\
	 F(SMT_CNT) | F(SBE_CNT) | F(CPU_TIME) | F(RUN_DELAY) | F(PCNT))

struct profile {
	const char *driver;
	unsigned long long unused;	/* F(field): always 0 */
	int context_switches;	/* sched_switch: context switches */
	int wunt_placed;	/* wunt_moved: placed off the CPU it came on */
	int is_2_6_10;		/* 2.6.10's scheduler itself: its scenarios */
};

/* The drivers that say they reuse the line, as their comments say. */
static const struct profile profiles[] = {
	{ "ingosched", 0, 0, 0, 1 },
	{ "tiny", NO_2_6_10_EXTRAS | F(PT_GAINED_IDLE) | F(PT_LOST_IDLE) |
		  F(PT_GAINED_BUSY) | F(PT_LOST_BUSY), 1, 1 },
	{ "staircase", NO_2_6_10_EXTRAS, 1, 1 },
	{ "cfs", NO_2_6_10_EXTRAS | F(PT_GAINED_IDLE) | F(PT_LOST_IDLE) |
		 F(PT_GAINED_BUSY) | F(PT_LOST_BUSY), 1, 1 },
	{ "eevdf", NO_2_6_10_EXTRAS | F(PT_GAINED_IDLE) | F(PT_LOST_IDLE) |
		   F(PT_GAINED_BUSY) | F(PT_LOST_BUSY), 1, 1 },
	{ "bfs", NO_2_6_10_EXTRAS | F(PT_GAINED_IDLE) | F(PT_LOST_IDLE) |
		 F(PT_GAINED_BUSY) | F(PT_LOST_BUSY) | F(PT_GAINED_NEWIDLE) |
		 F(PT_LOST_NEWIDLE), 1, 1 },
};

/* Everyone else: 2.6.10's meaning of every field. */
static const struct profile linux_2_6_10 = { NULL, 0, 0, 0, 0 };

static const struct profile *profile_of(const char *driver)
{
	size_t i;

	for (i = 0; i < sizeof(profiles) / sizeof(profiles[0]); i++)
		if (!strcmp(profiles[i].driver, driver))
			return &profiles[i];
	return &linux_2_6_10;
}

/* ---- the facts ----------------------------------------------------------- */

/* A wake-up, a new task or an exec, and where the task ended up. */
struct placement {
	unsigned long seq;
	int pid, cpu, from, to, success, ctx, unsure;
	int busy;		/* exec: more than one task on the CPU */
};

struct move {
	unsigned long seq;
	unsigned long long ns;
	int pid, cpu, from, to, ctx, pending, by_kthread, tick_idle;
	int tick_queued;
	unsigned long pass;	/* newidle: the pick of cpu it precedes */
};

struct cpu_facts {
	unsigned long passes, idle_passes, switches, to_idle, from_idle;
	unsigned long off_idle_passes, off_to_idle, off_from_idle;
	unsigned long yields, yields_alone, yields_rt_others;
	unsigned long run_jiffies, delay_lo;
	unsigned long dom_seq;	/* last SIM_STAT_DOMAIN, 0: none */
};

struct task_facts {
	int seen;
	unsigned long switch_in, switch_out, passes;
	int running;
	unsigned long in_jiffies, cpu_time;
	int waiting;
	unsigned long wake_jiffies, delay_lo, delay_hi;
	unsigned long last_pick;	/* jiffies; U bound */
	struct sim_task_schedstat before;
};

static struct facts {
	unsigned long seq;
	unsigned long boot_jiffies;
	int hotplug;		/* a hotplug request is being served */
	struct cpu_facts cpu[MAX_CPUS];
	struct task_facts task[MAX_PIDS];
	struct placement wake[MAX_RECORDS], new[MAX_RECORDS], exec[256];
	int nr_wake, nr_new, nr_exec;
	int last_wake[MAX_PIDS], last_new[MAX_PIDS], last_exec[MAX_PIDS];
	struct move move[MAX_RECORDS];
	int nr_move;
} *facts;

static struct task_facts *task_of(int pid)
{
	ck_assert_msg(pid > 0 && pid < MAX_PIDS, "pid %d", pid);
	facts->task[pid].seen = 1;
	return &facts->task[pid];
}

static void fact_pass(const struct sim_stat_event *ev)
{
	struct cpu_facts *c = &facts->cpu[ev->cpu];
	struct task_facts *t;

	c->passes++;
	if (ev->idle) {
		c->idle_passes++;
		c->off_idle_passes += !ev->online;
		return;
	}
	t = task_of(ev->pid);
	t->passes++;
	/* 2.6.10 charges prev's run at every pick, switch or not */
	if (t->running) {
		t->cpu_time += ev->jiffies - t->in_jiffies;
		c->run_jiffies += ev->jiffies - t->in_jiffies;
		t->in_jiffies = ev->jiffies;
	}
	t->delay_hi += ev->jiffies - t->last_pick;
	t->last_pick = ev->jiffies;
}

static void fact_switch(const struct sim_stat_event *ev)
{
	struct cpu_facts *c = &facts->cpu[ev->cpu];
	struct task_facts *t;

	c->switches++;
	if (ev->idle) {
		c->from_idle++;
		c->off_from_idle += !ev->online;
	} else {
		t = task_of(ev->pid);
		t->switch_out++;
		if (t->running) {
			t->cpu_time += ev->jiffies - t->in_jiffies;
			c->run_jiffies += ev->jiffies - t->in_jiffies;
		}
		t->running = 0;
	}
	if (ev->next_idle) {
		c->to_idle++;
		c->off_to_idle += !ev->online;
		return;
	}
	t = task_of(ev->next_pid);
	t->switch_in++;
	t->running = 1;
	t->in_jiffies = ev->jiffies;
	t->delay_hi += ev->jiffies - t->last_pick;
	t->last_pick = ev->jiffies;
	if (t->waiting) {
		t->delay_lo += ev->jiffies - t->wake_jiffies;
		c->delay_lo += ev->jiffies - t->wake_jiffies;
		t->waiting = 0;
	}
}

static struct placement *record(struct placement *r, int *nr, int max,
				const struct sim_stat_event *ev)
{
	struct placement *p;

	ck_assert_msg(*nr < max, "more than %d records", max);
	p = &r[(*nr)++];
	p->seq = ++facts->seq;
	p->pid = ev->pid;
	p->cpu = ev->cpu;
	p->from = ev->from;
	p->to = ev->to;
	p->success = ev->success;
	p->ctx = ev->ctx;
	p->unsure = facts->hotplug;
	return p;
}

static void fact_wake(const struct sim_stat_event *ev, int is_new)
{
	struct task_facts *t = task_of(ev->pid);

	if (is_new) {
		record(facts->new, &facts->nr_new, MAX_RECORDS, ev);
		facts->last_new[ev->pid] = facts->nr_new;
		t->last_pick = ev->jiffies;
	} else {
		record(facts->wake, &facts->nr_wake, MAX_RECORDS, ev);
		facts->last_wake[ev->pid] = facts->nr_wake;
	}
	if (ev->success) {
		t->waiting = 1;
		t->wake_jiffies = ev->jiffies;
	}
}

static void fact_move(const struct sim_stat_event *ev)
{
	struct move *m;
	int i;

	if (ev->idle)
		return;		/* an idle task set up on its CPU */
	if (ev->ctx == SIM_CTX_WAKEUP && (i = facts->last_wake[ev->pid]))
		facts->wake[i - 1].to = ev->to;
	if (ev->ctx == SIM_CTX_NEW && (i = facts->last_new[ev->pid]))
		facts->new[i - 1].to = ev->to;
	if ((ev->pending & SIM_PENDING_EXEC) &&
	    (i = facts->last_exec[ev->pid]))
		facts->exec[i - 1].to = ev->to;
	ck_assert_msg(facts->nr_move < MAX_RECORDS, "too many moves");
	m = &facts->move[facts->nr_move++];
	m->seq = ++facts->seq;
	m->ns = ev->ns;
	m->pid = ev->pid;
	m->cpu = ev->cpu;
	m->from = ev->from;
	m->to = ev->to;
	m->ctx = ev->ctx;
	m->pending = ev->pending;
	m->by_kthread = ev->by_kthread;
	m->tick_idle = ev->tick_idle;
	m->tick_queued = ev->tick_queued;
	m->pass = facts->cpu[ev->cpu].passes;
}

static void fact_yield(const struct sim_stat_event *ev)
{
	struct cpu_facts *c = &facts->cpu[ev->cpu];

	c->yields++;
	c->yields_alone += ev->nr_running == 1;
	c->yields_rt_others += ev->nr_running > 1 && !ev->nr_normal;
}

static void fact_exec(const struct sim_stat_event *ev)
{
	struct placement *p = record(facts->exec, &facts->nr_exec, 256, ev);

	p->busy = ev->nr_running > 1;
	facts->last_exec[ev->pid] = facts->nr_exec;
}

static void sink(const struct sim_stat_event *ev, void *unused)
{
	ck_assert_msg(ev->cpu >= 0 && ev->cpu < MAX_CPUS, "cpu%d", ev->cpu);
	switch (ev->type) {
	case SIM_STAT_PASS:
		fact_pass(ev);
		break;
	case SIM_STAT_SWITCH:
		fact_switch(ev);
		break;
	case SIM_STAT_YIELD:
		fact_yield(ev);
		break;
	case SIM_STAT_WAKEUP:
		fact_wake(ev, 0);
		break;
	case SIM_STAT_WAKEUP_NEW:
		fact_wake(ev, 1);
		break;
	case SIM_STAT_EXEC:
		fact_exec(ev);
		break;
	case SIM_STAT_MOVE:
		fact_move(ev);
		break;
	case SIM_STAT_DOMAIN:
		facts->cpu[ev->cpu].dom_seq = ++facts->seq;
		break;
	default:
		ck_abort_msg("unknown fact %d", ev->type);
	}
}

/* ---- the machine under test ---------------------------------------------- */

static const struct profile *prof;
/* Read at boot, for check_all(); start: where a scenario counts from. */
static struct snapshot before, start;
static int nr_cpus, smt;
static char where[96];

#define st_assert(cond, fmt, ...) \
	ck_assert_msg(cond, "[%s] " fmt, where, ##__VA_ARGS__)

static void teardown(void)
{
	sim_shutdown();
	free(facts);
	facts = NULL;
}

/*
 * Boot @driver on @cpus CPUs (@threads per core, @nodes nodes), start
 * taking the facts, and read /proc/schedstat and every task's
 * /proc/<pid>/schedstat as they are now: the check compares growth.
 */
static void boot(const char *driver, int cpus, int threads, int nodes)
{
	struct sim_config cfg;
	struct sim_cpu_info ci;
	char cmdline[64];
	int pid, i;

	snprintf(where, sizeof(where), "%s, %d CPUs%s%s", driver, cpus,
		 threads > 1 ? ", SMT" : "", nodes > 1 ? ", NUMA" : "");
	snprintf(cmdline, sizeof(cmdline), "cpusched=%s", driver);
	sim_config_init(&cfg);
	cfg.nr_cpus = nr_cpus = cpus;
	cfg.smt = smt = threads;
	cfg.nr_nodes = nodes;
	cfg.cmdline = cmdline;
	t_boot_cfg(&cfg);
	st_assert(!strcmp(sim_cpusched(), driver), "booted %s",
		  sim_cpusched());
	prof = profile_of(driver);

	facts = calloc(1, sizeof(*facts));
	ck_assert(facts != NULL);
	facts->boot_jiffies = sim_jiffies();
	/* every CPU idle: no task's run is cut in two by the start */
	for (i = 0; i < cpus; i++) {
		ck_assert_int_eq(sim_cpu_info(i, &ci), 0);
		st_assert(!ci.curr_pid, "cpu%d runs pid %d at boot", i,
			  ci.curr_pid);
	}
	for (pid = 1; pid < MAX_PIDS; pid++) {
		struct task_facts *t = &facts->task[pid];

		t->last_pick = facts->boot_jiffies;
		if (sim_task_schedstat(pid, &t->before))
			memset(&t->before, 0, sizeof(t->before));
	}
	sim_stat_set_sink(sink, NULL);
	snap(&before);
	start = before;
}

/* The driver of loop index @i and its machine: 1, 2, 4 CPUs. */
static const int loop_cpus[] = { 1, 2, 4 };
#define NR_LOOP_CPUS	3

static void boot_loop(int i)
{
	const char *driver = sim_driver_name(i / NR_LOOP_CPUS);

	ck_assert(driver != NULL);
	boot(driver, loop_cpus[i % NR_LOOP_CPUS], 1, 1);
}

/* The driver of loop index @i on an SMT (even) or NUMA (odd) machine. */
static void boot_domains(int i)
{
	const char *driver = sim_driver_name(i / 2);

	ck_assert(driver != NULL);
	if (i % 2)
		boot(driver, 4, 1, 2);
	else
		boot(driver, 4, 2, 1);
}

static int core_of(int cpu)
{
	return cpu / smt;
}

/* ---- the derivations ----------------------------------------------------- */

struct range {
	unsigned long lo, hi;
	const char *how;
};

#define EXACT(v, text)	((struct range){ (v), (v), (text) })
#define RANGE(l, h, text) ((struct range){ (l), (h), (text) })

static char errors[8192];
static int nr_errors;

static void complain(const char *fmt, ...)
{
	size_t len = strlen(errors);
	va_list args;

	nr_errors++;
	if (len > sizeof(errors) - 200)
		return;
	va_start(args, fmt);
	vsnprintf(errors + len, sizeof(errors) - len, fmt, args);
	va_end(args);
}

static void expect(const char *what, unsigned long got, struct range r)
{
	if (got >= r.lo && got <= r.hi)
		return;
	if (r.lo == r.hi)
		complain("\n  %s is %lu, the machine counts %lu (%s)", what,
			 got, r.lo, r.how);
	else
		complain("\n  %s is %lu, the machine says %lu..%lu (%s)", what,
			 got, r.lo, r.hi, r.how);
}

/* The idle type of each tick pull, and the domain that made it. */
struct pull {
	int type;
	int domain;		/* -1: no domain line spans the source */
};

/* The lowest domain of @l spanning @cpu, -1 for none. */
static int domain_of(const struct cpu_line *l, int cpu)
{
	int k;

	for (k = 0; l && k < l->nr_domains; k++)
		if (l->span[k] & (1ULL << cpu))
			return k;
	return -1;
}

/*
 * explained - is @m one of the moves the checks know?  A wake-up's or a
 * new task's placement, a pull by the tick or by a CPU going idle, a
 * push of a task off a CPU by schedule(), an affinity change moving its
 * task, an exec moving its task, a kernel thread's own moves (requests,
 * active balancing), hotplug, the machine.  Anything else would be
 * counted nowhere: so the facts' contexts are checked too.
 */
static int explained(const struct move *m)
{
	switch (m->ctx) {
	case SIM_CTX_WAKEUP:
	case SIM_CTX_NEW:
	case SIM_CTX_HOTPLUG:
	case SIM_CTX_MACHINE:
		return 1;
	case SIM_CTX_TICK:
		return m->to == m->cpu;
	case SIM_CTX_SCHEDULE:
		return m->to == m->cpu || m->from == m->cpu;
	case SIM_CTX_AFFINITY:
		return m->pending & SIM_PENDING_AFFINITY;
	case SIM_CTX_EXEC:
		return m->pending & SIM_PENDING_EXEC;
	case SIM_CTX_NONE:
		return m->by_kthread;
	}
	return 0;
}

/* Is @m a pull by the tick, by a CPU going idle, by active balancing? */
static int tick_pull(const struct move *m)
{
	return m->ctx == SIM_CTX_TICK && m->to == m->cpu && !m->pending;
}

static int newidle_pull(const struct move *m)
{
	return m->ctx == SIM_CTX_SCHEDULE && m->to == m->cpu && !m->pending;
}

static int active_push(const struct move *m)
{
	return m->ctx == SIM_CTX_NONE && !m->pending;
}

/* The first move of the tick that made move @i. */
static const struct move *tick_start(int i)
{
	const struct move *m = &facts->move[i];

	while (i > 0 && tick_pull(&facts->move[i - 1]) &&
	       facts->move[i - 1].cpu == m->cpu &&
	       facts->move[i - 1].ns == m->ns)
		i--;
	return &facts->move[i];
}

/*
 * classify - the idle type and domain of every pull, by the rules of
 * the header: a tick on an idle CPU balances as idle (as busy with SMT
 * when work was queued), until a domain pulled (the one of the tick's
 * first pull); later domains as busy.
 */
static void classify(const struct snapshot *now, struct pull *pull)
{
	int i, type;

	for (i = 0; i < facts->nr_move; i++) {
		const struct move *m = &facts->move[i];
		const struct cpu_line *l = line_of(now, m->cpu);

		pull[i].domain = domain_of(l, m->from);
		pull[i].type = -1;
		if (newidle_pull(m)) {
			pull[i].type = T_NEWIDLE;
		} else if (active_push(m)) {
			pull[i].type = T_IDLE;
		} else if (tick_pull(m) && prof->context_switches) {
			/* no domains: the CPU's state when the tick came */
			pull[i].type = m->tick_idle ? T_IDLE : T_BUSY;
		} else if (tick_pull(m)) {
			type = m->tick_idle && !(smt > 1 && m->tick_queued) ?
				T_IDLE : T_BUSY;
			if (pull[i].domain != domain_of(l, tick_start(i)->from))
				type = T_BUSY;
			pull[i].type = type;
		}
	}
}

struct cpu_expect {
	struct range r[NR_CPU_FIELDS];
	unsigned long picks_lo, picks_hi;	/* noswitch + switch */
};

static unsigned long idle_picks(const struct cpu_facts *c)
{
	return c->to_idle + c->idle_passes - c->from_idle;
}

static unsigned long off_idle_picks(const struct cpu_facts *c)
{
	return c->off_to_idle + c->off_idle_passes - c->off_from_idle;
}

static void expect_cpu(int cpu, const struct pull *pull,
		       struct cpu_expect *e)
{
	const struct cpu_facts *c = &facts->cpu[cpu];
	unsigned long ttwu = 0, moved = 0, wunt = 0, wmoved = 0, kicks = 0;
	unsigned long execs = 0, pushed = 0, alb_in = 0, alb_out = 0;
	unsigned long gained[NR_TYPES] = { 0 }, lost[NR_TYPES] = { 0 };
	unsigned long picks = c->passes - idle_picks(c), max;
	int i;

	for (i = 0; i < facts->nr_wake; i++) {
		const struct placement *w = &facts->wake[i];

		if (w->from != cpu)
			continue;
		kicks += w->ctx == SIM_CTX_TICK;
		if (!w->success)
			continue;
		ttwu++;
		moved += w->to != w->from;
	}
	for (i = 0; i < facts->nr_new; i++) {
		const struct placement *n = &facts->new[i];

		if (prof->wunt_placed) {
			wunt += n->from == cpu;
			wmoved += n->to == cpu && n->to != n->from;
		} else {
			wunt += n->to == cpu;
			wmoved += n->to == cpu && n->to != n->cpu;
		}
	}
	for (i = 0; i < facts->nr_exec; i++) {
		execs += facts->exec[i].cpu == cpu;
		pushed += facts->exec[i].cpu == cpu &&
			facts->exec[i].to != facts->exec[i].from;
	}
	for (i = 0; i < facts->nr_move; i++) {
		const struct move *m = &facts->move[i];

		if (pull[i].type < 0)
			continue;
		gained[pull[i].type] += m->to == cpu;
		lost[pull[i].type] += m->from == cpu;
		if (active_push(m)) {
			alb_in += m->to == cpu;
			alb_out += m->from == cpu;
		}
	}

	e->r[YLD_CNT] = EXACT(c->yields, "sched_yield() calls");
	e->r[YLD_BOTH_EMPTY] = EXACT(c->yields_alone,
				     "yields by the only runnable task");
	e->r[YLD_ACT_EMPTY] = RANGE(c->yields_alone,
				    c->yields - c->yields_rt_others,
				    "lone yields .. yields not among RT tasks");
	e->r[YLD_EXP_EMPTY] = RANGE(c->yields_rt_others,
				    c->yields - c->yields_alone,
				    "yields among RT tasks only .. not alone");
	e->r[SCHED_CNT] = EXACT(c->passes, "picks");
	e->r[SCHED_GOIDLE] = EXACT(idle_picks(c), "picks of the idle task");
	if (prof->context_switches) {
		e->r[SCHED_SWITCH] = EXACT(c->switches, "context switches");
		e->r[SCHED_NOSWITCH] = EXACT(c->passes - c->switches,
					     "picks without a switch");
		e->picks_lo = e->picks_hi = c->passes;
	} else {
		e->picks_lo = picks;
		e->picks_hi = picks + off_idle_picks(c);
		e->r[SCHED_SWITCH] = RANGE(0, e->picks_hi,
					   "at most the picks of a task");
		e->r[SCHED_NOSWITCH] = RANGE(0, e->picks_hi,
					     "at most the picks of a task");
	}
	e->r[ALB_CNT] = EXACT(kicks, "migration thread kicks by the tick");
	e->r[ALB_GAINED] = EXACT(alb_in, "active balancing moves here");
	e->r[ALB_LOST] = EXACT(alb_out, "active balancing moves away");
	max = kicks * (nr_cpus - 1);
	e->r[ALB_FAILED] = RANGE(0, max > alb_out ? max - alb_out : 0,
				 "pushes tried less done");
	e->r[TTWU_CNT] = EXACT(ttwu, "wake-ups of tasks asleep here");
	e->r[TTWU_ATTEMPTS] = EXACT(ttwu, "wake-ups of tasks asleep here");
	e->r[TTWU_MOVED] = EXACT(moved, "of those, woken elsewhere");
	e->r[WUNT_CNT] = EXACT(wunt, prof->wunt_placed ?
			       "new tasks that came on this CPU" :
			       "new tasks queued here");
	e->r[WUNT_MOVED] = EXACT(wmoved, prof->wunt_placed ?
				 "new tasks placed here from another CPU" :
				 "new tasks queued here, parent elsewhere");
	e->r[SMT_CNT] = EXACT(pushed, "sched_exec() that moved the task");
	e->r[SBE_CNT] = EXACT(execs, "sched_exec() calls");
	e->r[CPU_TIME] = EXACT(c->run_jiffies, "jiffies tasks ran here");
	e->r[PCNT] = EXACT(picks, "picks of a task");
	e->r[RUN_DELAY] = RANGE(c->delay_lo, ~0UL, "at least the wake-up "
				"waits of tasks that ran here");
	e->r[PT_GAINED_IDLE] = EXACT(gained[T_IDLE], "idle pulls here");
	e->r[PT_LOST_IDLE] = EXACT(lost[T_IDLE], "idle pulls from here");
	e->r[PT_GAINED_BUSY] = EXACT(gained[T_BUSY], "busy pulls here");
	e->r[PT_LOST_BUSY] = EXACT(lost[T_BUSY], "busy pulls from here");
	e->r[PT_GAINED_NEWIDLE] = EXACT(gained[T_NEWIDLE],
					"newly idle pulls here");
	e->r[PT_LOST_NEWIDLE] = EXACT(lost[T_NEWIDLE],
				      "newly idle pulls from here");
	for (i = 0; i < NR_CPU_FIELDS; i++)
		if (prof->unused & F(i))
			e->r[i] = EXACT(0, "unused by the driver");
}

static void check_cpu(const struct cpu_line *now, const struct pull *pull)
{
	const struct cpu_line *was = line_of(&before, now->cpu);
	struct cpu_expect e;
	unsigned long d[NR_CPU_FIELDS];
	char what[64];
	int f;

	st_assert(was != NULL, "cpu%d was offline at the start", now->cpu);
	expect_cpu(now->cpu, pull, &e);
	for (f = 0; f < NR_CPU_FIELDS; f++) {
		d[f] = now->v[f] - was->v[f];
		snprintf(what, sizeof(what), "cpu%d %s", now->cpu,
			 cpu_field_name[f]);
		expect(what, d[f], e.r[f]);
	}
	snprintf(what, sizeof(what), "cpu%d sched_noswitch + sched_switch",
		 now->cpu);
	expect(what, d[SCHED_NOSWITCH] + d[SCHED_SWITCH],
	       RANGE(e.picks_lo, e.picks_hi, "picks of a task"));
	snprintf(what, sizeof(what), "cpu%d yld_act_empty + yld_exp_empty",
		 now->cpu);
	expect(what, d[YLD_ACT_EMPTY] + d[YLD_EXP_EMPTY],
	       RANGE(0, d[YLD_CNT], "at most the yields"));
}

/* ---- domains (2.6.10) ---------------------------------------------------- */

struct dom_expect {
	unsigned long success[NR_TYPES], pulled[NR_TYPES];
	unsigned long attempts, pushed, wake_lo, wake_hi;
};

/* Is @seq a fact of @cpu's present domains (built after it, if ever)? */
static int current_domain(int cpu, unsigned long seq)
{
	return seq > facts->cpu[cpu].dom_seq;
}

static void expect_domains(const struct cpu_line *l, const struct pull *pull,
			   struct dom_expect *e)
{
	int cpu = l->cpu, i, k, top = l->nr_domains - 1;
	long last_group[MAX_DOMAINS][NR_TYPES];

	if (!l->nr_domains)
		return;
	memset(e, 0, sizeof(*e) * l->nr_domains);
	memset(last_group, -1, sizeof(last_group));
	for (i = 0; i < facts->nr_move; i++) {
		const struct move *m = &facts->move[i];
		long group;

		k = pull[i].domain;
		if (m->to != cpu || k < 0 || !current_domain(cpu, m->seq) ||
		    (!tick_pull(m) && !newidle_pull(m)))
			continue;
		/* a balancing: one tick, or the pulls before one pick */
		group = newidle_pull(m) ? (long)m->pass : (long)(m->ns / 1000);
		e[k].pulled[pull[i].type]++;
		if (last_group[k][pull[i].type] != group)
			e[k].success[pull[i].type]++;
		last_group[k][pull[i].type] = group;
	}
	for (i = 0; i < facts->nr_exec; i++) {
		const struct placement *x = &facts->exec[i];

		if (x->cpu != cpu || !current_domain(cpu, x->seq))
			continue;
		e[top].attempts += x->busy;
		e[top].pushed += x->to != x->from;
	}
	for (i = 0; i < facts->nr_wake; i++) {
		const struct placement *w = &facts->wake[i];

		if (w->cpu != cpu || !w->success || w->from == cpu ||
		    !current_domain(cpu, w->seq))
			continue;
		k = domain_of(l, w->from);
		if (k < 0)
			continue;
		if (w->unsure || core_of(w->from) == core_of(cpu))
			e[k].wake_hi++;		/* cannot tell */
		else if (core_of(w->to) == core_of(cpu)) {
			e[k].wake_lo++;
			e[k].wake_hi++;
		}
	}
}

static void check_domains(const struct cpu_line *now, const struct pull *pull,
			  unsigned long tasks)
{
	const struct cpu_line *was = line_of(&before, now->cpu);
	struct dom_expect e[MAX_DOMAINS];
	unsigned long d[NR_DOMAIN_FIELDS], busy;
	char what[96];
	int k, f, t, fresh = facts->cpu[now->cpu].dom_seq != 0;

	expect_domains(now, pull, e);
	for (k = 0; k < now->nr_domains; k++) {
		for (f = 0; f < NR_DOMAIN_FIELDS; f++)
			d[f] = now->dom[k][f] -
				(fresh || !was ? 0 : was->dom[k][f]);
		for (t = 0; t < NR_TYPES; t++) {
			const unsigned long *lb = d + DOM(t, 0);

			snprintf(what, sizeof(what),
				 "cpu%d domain%d lb_cnt - lb_failed - "
				 "lb_nobusyq - lb_nobusyg [%s]", now->cpu, k,
				 type_name[t]);
			expect(what, lb[LB_CNT] - lb[LB_FAILED] -
			       lb[LB_NOBUSYQ] - lb[LB_NOBUSYG],
			       EXACT(e[k].success[t], "balancings that "
				     "pulled"));
			snprintf(what, sizeof(what), "cpu%d domain%d %s[%s]",
				 now->cpu, k, lb_field_name[LB_NOBUSYQ],
				 type_name[t]);
			expect(what, lb[LB_NOBUSYQ],
			       EXACT(0, "a busiest group has a busy CPU"));
			busy = lb[LB_CNT] - lb[LB_NOBUSYG] - lb[LB_NOBUSYQ];
			snprintf(what, sizeof(what), "cpu%d domain%d %s[%s]",
				 now->cpu, k, lb_field_name[LB_IMBALANCE],
				 type_name[t]);
			expect(what, lb[LB_IMBALANCE],
			       RANGE(e[k].pulled[t], busy * tasks,
				     "tasks pulled .. balancings x tasks"));
			snprintf(what, sizeof(what), "cpu%d domain%d %s[%s]",
				 now->cpu, k, lb_field_name[LB_FAILED],
				 type_name[t]);
			expect(what, lb[LB_FAILED], RANGE(0, lb[LB_CNT],
							  "at most lb_cnt"));
		}
		snprintf(what, sizeof(what), "cpu%d domain%d sbe_attempts",
			 now->cpu, k);
		expect(what, d[SBE_ATTEMPTS],
		       EXACT(e[k].attempts, "sched_exec() with company, on "
			     "the highest domain"));
		snprintf(what, sizeof(what), "cpu%d domain%d sbe_pushed",
			 now->cpu, k);
		expect(what, d[SBE_PUSHED],
		       EXACT(e[k].pushed, "sched_exec() that moved"));
		snprintf(what, sizeof(what), "cpu%d domain%d ttwu_wake_affine "
			 "+ ttwu_wake_balance", now->cpu, k);
		expect(what, d[WAKE_AFFINE] + d[WAKE_BALANCE],
		       RANGE(e[k].wake_lo, e[k].wake_hi,
			     "wake-ups pulled to the waker's core"));
	}
}

/* ---- /proc/<pid>/schedstat ----------------------------------------------- */

/* Every task's line; in *@sum_delay their run_delay, in *@tasks how many. */
static void check_tasks(unsigned long *sum_delay, unsigned long *tasks)
{
	struct sim_task_schedstat now;
	unsigned long cpu_time, delay, pcnt;
	char what[64];
	int pid, keeps = !(prof->unused & F(CPU_TIME));

	*sum_delay = *tasks = 0;
	for (pid = 1; pid < MAX_PIDS; pid++) {
		const struct task_facts *t = &facts->task[pid];

		if (sim_task_schedstat(pid, &now))
			continue;
		(*tasks)++;
		cpu_time = now.cpu_time - t->before.cpu_time;
		delay = now.run_delay - t->before.run_delay;
		pcnt = now.pcnt - t->before.pcnt;
		*sum_delay += delay;
		snprintf(what, sizeof(what), "pid %d cpu_time", pid);
		expect(what, cpu_time, EXACT(keeps ? t->cpu_time : 0,
					     "jiffies between switches"));
		snprintf(what, sizeof(what), "pid %d pcnt", pid);
		expect(what, pcnt, EXACT(keeps ? t->switch_in + t->passes -
					 t->switch_out : 0, "picks"));
		snprintf(what, sizeof(what), "pid %d run_delay", pid);
		expect(what, delay, keeps ?
		       RANGE(t->delay_lo, t->delay_hi, "wake-up waits .. "
			     "time between picks") :
		       EXACT(0, "no sched_info"));
	}
}

/*
 * check_all - every field of every line, and every task's own line,
 * against the facts since boot().
 */
static void dump(const struct pull *pull)
{
	int i;

	if (!getenv("SCHEDSTAT_DUMP"))
		return;
	for (i = 0; i < facts->nr_move; i++) {
		const struct move *m = &facts->move[i];

		struct sim_task_info ti;

		sim_task_info(m->pid, &ti);
		fprintf(stderr, "move %llu pid %d %s cpu%d %d->%d ctx %d pend %d "
			"tick_idle %d q %d pass %lu: type %d dom %d\n", m->ns,
			m->pid, ti.name, m->cpu, m->from, m->to, m->ctx, m->pending,
			m->tick_idle, m->tick_queued, m->pass, pull[i].type,
			pull[i].domain);
	}
	for (i = 0; i < facts->nr_exec; i++)
		fprintf(stderr, "exec pid %d cpu%d %d->%d busy %d\n",
			facts->exec[i].pid, facts->exec[i].cpu,
			facts->exec[i].from, facts->exec[i].to,
			facts->exec[i].busy);
}

static void check_all(void)
{
	static struct snapshot now;
	static struct pull pull[MAX_RECORDS];
	unsigned long tasks_delay, tasks, cpus_delay = 0, was;
	int i;

	sim_stat_set_sink(NULL, NULL);
	snap(&now);
	errors[0] = '\0';
	nr_errors = 0;
	classify(&now, pull);
	dump(pull);
	check_tasks(&tasks_delay, &tasks);
	for (i = 0; i < facts->nr_move; i++)
		if (!explained(&facts->move[i]))
			complain("\n  pid %d moved from cpu%d to cpu%d by cpu%d in "
				 "context %d: no such move", facts->move[i].pid,
				 facts->move[i].from, facts->move[i].to,
				 facts->move[i].cpu, facts->move[i].ctx);
	for (i = 0; i < now.nr; i++) {
		check_cpu(&now.line[i], pull);
		check_domains(&now.line[i], pull, tasks);
		was = line_of(&before, now.line[i].cpu)->v[RUN_DELAY];
		cpus_delay += now.line[i].v[RUN_DELAY] - was;
	}
	expect("the CPUs' run_delay", cpus_delay,
	       EXACT(tasks_delay, "the sum of the tasks' run_delay"));
	st_assert(!nr_errors, "%d wrong:%s", nr_errors, errors);
}

/* ---- workloads ----------------------------------------------------------- */

static int spawn_on(const char *name, int policy, int rt_priority, int nice,
		    const char *cpus, sim_body_t body, void *arg)
{
	struct sim_task_attr a;
	int pid;

	sim_task_attr_init(&a);
	a.name = name;
	a.policy = policy;
	a.rt_priority = rt_priority;
	a.nice = nice;
	a.cpus = cpus;
	pid = sim_spawn(&a, body, arg);
	st_assert(pid > 0, "spawn of %s: %s", name, sim_error());
	return pid;
}

static int spawn(const char *name, sim_body_t body, void *arg)
{
	return spawn_on(name, SIM_SCHED_NORMAL, 0, 0, NULL, body, arg);
}

static void run(unsigned long long ns)
{
	st_assert(sim_run_for(ns) == 0, "run failed: %s", sim_report());
}

/* The last CPU of the machine, "N" for cpus lists. */
static char last_cpu[16];

static const char *on_last(void)
{
	snprintf(last_cpu, sizeof(last_cpu), "%d", nr_cpus - 1);
	return last_cpu;
}

/* Sleeps for good. */
static void body_asleep(void *unused)
{
	for (;;)
		sim_sleep(SEC(1000));
}

/*
 * Masks of every CPU, of CPU 0 and of the last CPU in user memory, for
 * sched_setaffinity(): mapped in the workload's address space through a
 * task that sleeps, before any task that uses them is spawned.
 */
static unsigned long all_mask_uaddr, cpu0_mask_uaddr, last_mask_uaddr;

static unsigned long map_mask(int pid, unsigned long mask)
{
	unsigned long uaddr = sim_user_map(pid, sizeof(mask));

	st_assert(uaddr, "sim_user_map: %s", sim_error());
	ck_assert_int_eq(sim_user_write(pid, uaddr, &mask, sizeof(mask)), 0);
	return uaddr;
}

static void map_masks(void)
{
	int pid = spawn_on("masks", SIM_SCHED_NORMAL, 0, 0, NULL, body_asleep,
			   NULL);

	all_mask_uaddr = map_mask(pid, (1UL << nr_cpus) - 1);
	cpu0_mask_uaddr = map_mask(pid, 1);
	last_mask_uaddr = map_mask(pid, 1UL << (nr_cpus - 1));
}

static void set_affinity(unsigned long uaddr)
{
	sim_syscall(SIM_SYS_sched_setaffinity, 0, sizeof(unsigned long), uaddr);
}

#define ARG(n)		((void *)(unsigned long)(n))
#define NUM(arg)	((unsigned long)(arg))

/* Burns 1 ms and yields, @arg times, then exits. */
static void body_yielder(void *arg)
{
	unsigned long i;

	for (i = 0; i < NUM(arg); i++) {
		sim_burn(MS(1));
		sim_syscall(SIM_SYS_sched_yield, 0, 0, 0);
	}
}

static void body_hog(void *unused)
{
	t_body_hog(NULL);
}

/* Waits on wait queue @arg, burns 1 ms, again; forever. */
static void body_waiter(void *arg)
{
	for (;;) {
		sim_wq_wait(NUM(arg), 0);
		sim_burn(MS(1));
	}
}

/* Burns 2 ms and wakes wait queue @arg, forever. */
static void body_waker(void *arg)
{
	for (;;) {
		sim_burn(MS(2));
		sim_wq_wake(NUM(arg), 0);
	}
}

/* Burns 1 ms, sleeps @arg ms uninterruptibly, forever. */
static void body_unint(void *arg)
{
	for (;;) {
		sim_burn(MS(1));
		sim_sleep_unint(MS(NUM(arg)));
	}
}

static void body_child(void *arg)
{
	sim_burn(MS(3));
}

/* Forks a 3 ms child every 4 ms, @arg times. */
static void body_forker(void *arg)
{
	unsigned long i;

	for (i = 0; i < NUM(arg); i++) {
		sim_burn(MS(1));
		sim_fork(body_child, NULL);
		sim_sleep(MS(3));
	}
}

/* Widens its affinity to every CPU, then burns forever. */
static void body_widening_hog(void *unused)
{
	set_affinity(all_mask_uaddr);
	t_body_hog(NULL);
}

/* Execs every 5 ms of CPU, for ever. */
static void body_exec(void *unused)
{
	set_affinity(all_mask_uaddr);
	for (;;) {
		sim_burn(MS(5));
		kfix_call_wrapper(KFIX_HOOK_exec, 0);
	}
}

/* Runs on CPU 0 only and on every CPU by turns, 3 ms each. */
static void body_flipper(void *unused)
{
	for (;;) {
		set_affinity(cpu0_mask_uaddr);
		sim_burn(MS(3));
		set_affinity(all_mask_uaddr);
		sim_burn(MS(3));
	}
}

/* ---- the tests: every field after each kind of work ---------------------- */

/*
 * Nothing yields while the machine boots: at boot each CPU's four yield
 * counters read 0.  The other tests count growth from boot; this one
 * sees a counter that starts elsewhere (an initialisation spilling into
 * it, say).
 */
START_TEST(schedstat_yield_counts_start_at_zero)
{
	const struct cpu_line *l;
	int cpu, f;

	boot_loop(_i);
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		l = line_of(&before, cpu);
		st_assert(l != NULL, "no line for cpu%d", cpu);
		for (f = YLD_BOTH_EMPTY; f <= YLD_CNT; f++)
			st_assert(l->v[f] == 0, "cpu%d %s is %lu at boot", cpu,
				  cpu_field_name[f], l->v[f]);
	}
}
END_TEST

/*
 * Yields of every kind on CPU 0: a task alone, two RT tasks that find
 * only each other, two SCHED_NORMAL ones; meanwhile one alone on the
 * last CPU too (the same CPU on one CPU).
 */
START_TEST(schedstat_counts_yields)
{
	boot_loop(_i);
	spawn_on("alone", SIM_SCHED_NORMAL, 0, 0, "0", body_yielder, ARG(20));
	spawn_on("other", SIM_SCHED_NORMAL, 0, 0, on_last(), body_yielder,
		 ARG(20));
	run(MS(50));
	spawn_on("rt-a", SIM_SCHED_FIFO, 10, 0, "0", body_yielder, ARG(20));
	spawn_on("rt-b", SIM_SCHED_FIFO, 10, 0, "0", body_yielder, ARG(20));
	run(MS(50));
	spawn_on("pair-a", SIM_SCHED_NORMAL, 0, 0, "0", body_yielder, ARG(20));
	spawn_on("pair-b", SIM_SCHED_NORMAL, 0, 0, "0", body_yielder, ARG(20));
	run(MS(100));
	check_all();
}
END_TEST

/*
 * Sleeps and wake-ups: timer wake-ups of sleepers, uninterruptible
 * ones, waiters woken from other CPUs, wake-ups from outside, among
 * hogs; the CPUs go idle and busy.
 */
START_TEST(schedstat_counts_wakeups)
{
	int pid, i;

	boot_loop(_i);
	for (i = 0; i < nr_cpus; i++)
		spawn("hog", body_hog, NULL);
	spawn("sleeper", t_body_sleeper, ARG(7));
	spawn("unint", body_unint, ARG(4));
	spawn_on("waiter", SIM_SCHED_NORMAL, 0, 0, on_last(), body_waiter,
		 ARG(0));
	spawn_on("waker", SIM_SCHED_NORMAL, 0, 0, "0", body_waker, ARG(0));
	pid = spawn("waiter-2", body_waiter, ARG(1));
	for (i = 0; i < 10; i++) {
		run(MS(20));
		st_assert(sim_wake(pid) == 0, "sim_wake: %s", sim_error());
	}
	check_all();
}
END_TEST

/* Tasks fork children that run 3 ms and exit, among hogs. */
START_TEST(schedstat_counts_forks_and_exits)
{
	boot_loop(_i);
	spawn("hog", body_hog, NULL);
	spawn("forker", body_forker, ARG(30));
	spawn_on("forker-0", SIM_SCHED_NORMAL, 0, 0, "0", body_forker,
		 ARG(30));
	run(MS(200));
	check_all();
}
END_TEST

/*
 * Pulls: hogs start on CPU 0 and may then run anywhere; sleepers pinned
 * to the other CPUs make them go idle now and then.
 */
START_TEST(schedstat_counts_pulls)
{
	int i;

	boot_loop(_i);
	map_masks();
	spawn_on("hog", SIM_SCHED_NORMAL, 0, 0, "0", body_widening_hog,
		       NULL);
	for (i = 1; i < 2 * nr_cpus + 1; i++)
		spawn_on("hog", SIM_SCHED_NORMAL, 0, 0, "0",
			 body_widening_hog, NULL);
	for (i = 1; i < nr_cpus; i++) {
		char cpu[16];

		snprintf(cpu, sizeof(cpu), "%d", i);
		spawn_on("sleeper", SIM_SCHED_NORMAL, 0, 0, cpu,
			 t_body_sleeper, ARG(5));
	}
	run(MS(400));
	check_all();
}
END_TEST

/* sched_exec() by tasks among hogs. */
START_TEST(schedstat_counts_execs)
{
	boot_loop(_i);
	map_masks();
	spawn_on("exec", SIM_SCHED_NORMAL, 0, 0, "0", body_exec, NULL);
	spawn_on("exec", SIM_SCHED_NORMAL, 0, 0, "0", body_exec, NULL);
	spawn_on("hog", SIM_SCHED_NORMAL, 0, 0, "0", body_hog, NULL);
	run(MS(200));
	check_all();
}
END_TEST

/*
 * Affinity changes move tasks, running (their own affinity), queued and
 * asleep (another's): moves no counter of balancing may count.
 */
START_TEST(schedstat_ignores_affinity_moves)
{
	struct sim_task_attr a;
	int mover, sleeper, i;

	boot_loop(_i);
	map_masks();
	spawn("flipper", body_flipper, NULL);
	spawn("flipper", body_flipper, NULL);
	spawn("hog", body_hog, NULL);
	sleeper = spawn("sleeper", t_body_sleeper, ARG(2));
	sim_task_attr_init(&a);
	a.name = "mover";
	mover = sim_spawn_script(&a);
	st_assert(mover > 0, "script: %s", sim_error());
	/* the sleeper, asleep or queued, is sent from CPU to CPU */
	for (i = 0; i < 20; i++) {
		t_syscall(mover, SIM_SYS_sched_setaffinity, sleeper,
			  sizeof(unsigned long),
			  i % 2 ? cpu0_mask_uaddr : last_mask_uaddr);
		run(MS(5) + MS(1) / 3);
	}
	check_all();
}
END_TEST

/* A CPU goes offline and comes back while tasks run and sleep. */
START_TEST(schedstat_survives_hotplug)
{
	int i, ret;

	boot_loop(_i);
	if (nr_cpus == 1) {
		/* nothing to take down: just the rest of the checks */
		spawn("hog", body_hog, NULL);
		run(MS(20));
		check_all();
		return;
	}
	for (i = 0; i < nr_cpus + 1; i++)
		spawn("hog", body_hog, NULL);
	spawn("sleeper", t_body_sleeper, ARG(3));
	spawn("waiter", body_waiter, ARG(0));
	spawn("waker", body_waker, ARG(0));
	run(MS(30));
	facts->hotplug = 1;
	ret = sim_cpu_offline(nr_cpus - 1);
	facts->hotplug = 0;
	st_assert(ret == 0, "offline: %d %s", ret, sim_error());
	run(MS(30));
	facts->hotplug = 1;
	ret = sim_cpu_online(nr_cpus - 1);
	facts->hotplug = 0;
	st_assert(ret == 0, "online: %d %s", ret, sim_error());
	run(MS(50));
	check_all();
}
END_TEST

/*
 * The domain lines: an SMT and a NUMA machine with imbalance, sleepers,
 * remote wake-ups and execs.
 */
START_TEST(schedstat_counts_domains)
{
	int i;

	boot_domains(_i);
	map_masks();
	spawn_on("hog", SIM_SCHED_NORMAL, 0, 0, "0", body_widening_hog,
		       NULL);
	for (i = 0; i < 5; i++)
		spawn_on("hog", SIM_SCHED_NORMAL, 0, 0, "0",
			 body_widening_hog, NULL);
	spawn_on("sleeper", SIM_SCHED_NORMAL, 0, 0, "3", t_body_sleeper,
		 ARG(4));
	spawn_on("waiter", SIM_SCHED_NORMAL, 0, 0, "2", body_waiter, ARG(0));
	spawn_on("waker", SIM_SCHED_NORMAL, 0, 0, "1", body_waker, ARG(0));
	spawn("waiter", body_waiter, ARG(1));
	spawn("waker", body_waker, ARG(1));
	spawn_on("exec", SIM_SCHED_NORMAL, 0, 0, "1", body_exec, NULL);
	run(MS(400));
	check_all();
}
END_TEST

/*
 * Active balancing on SMT: two hogs on the two threads of core 0, core
 * 1 idle: the core balance finds one task per CPU to pull, fails, and
 * kicks a migration thread to push one (2.6.10's active_load_balance).
 */
START_TEST(schedstat_counts_active_balance)
{
	boot_domains(2 * _i);
	map_masks();
	spawn_on("hog", SIM_SCHED_NORMAL, 0, 0, "0", body_widening_hog,
		       NULL);
	spawn_on("hog", SIM_SCHED_NORMAL, 0, 0, "1", body_widening_hog, NULL);
	run(MS(300));
	check_all();
}
END_TEST

/* ---- 2.6.10's meanings: what only a scenario pins down ------------------- */

/*
 * The drivers that are 2.6.10's scheduler (ingosched), for the
 * scenarios below, whose numbers come from its rules: loop index i is
 * the i-th of them.
 */
static int linux_drivers[16], nr_linux_drivers;

static void boot_linux(int i, int cpus, int threads)
{
	boot(sim_driver_name(linux_drivers[i]), cpus, threads, 1);
}


static unsigned long grown(const struct snapshot *now, int cpu, int field)
{
	return line_of(now, cpu)->v[field] - line_of(&start, cpu)->v[field];
}

static unsigned long grown_all(const struct snapshot *now, int field)
{
	unsigned long sum = 0;
	int i;

	for (i = 0; i < now->nr; i++)
		sum += grown(now, now->line[i].cpu, field);
	return sum;
}

/* Sleeps 10 ms (so that both start together), then yields @arg times. */
static void body_late_yielder(void *arg)
{
	sim_sleep(MS(10));
	body_yielder(arg);
}

#define NR_YIELDS	10

/*
 * 1 CPU, two SCHED_NORMAL tasks A and B yielding 10 times each, 1 ms
 * apart.  2.6.10's sched_yield() sends a normal task to the expired
 * array.  A yields with B beside it in the active array and the expired
 * one empty: yld_exp_empty.  B then yields alone in the active array
 * while A waits in the expired one: yld_act_empty (not both), and the
 * arrays switch (sched_switch) to bring both back, A first.  So each
 * counts 10, yld_both_empty 0, and the arrays switch 10 times.  (The
 * slices, at least 63 ms, outlast the 20 ms of work.)
 */
START_TEST(schedstat_yields_alternate_arrays)
{
	struct snapshot now;

	boot_linux(_i, 1, 1);
	spawn("a", body_late_yielder, ARG(NR_YIELDS));
	spawn("b", body_late_yielder, ARG(NR_YIELDS));
	run(MS(5));
	snap(&start);
	run(MS(100));
	snap(&now);
	check_all();
	st_assert(grown(&now, 0, YLD_CNT) == 2 * NR_YIELDS, "yld_cnt %lu",
		  grown(&now, 0, YLD_CNT));
	st_assert(grown(&now, 0, YLD_EXP_EMPTY) == NR_YIELDS,
		  "yld_exp_empty %lu", grown(&now, 0, YLD_EXP_EMPTY));
	st_assert(grown(&now, 0, YLD_ACT_EMPTY) == NR_YIELDS,
		  "yld_act_empty %lu", grown(&now, 0, YLD_ACT_EMPTY));
	st_assert(grown(&now, 0, YLD_BOTH_EMPTY) == 0, "yld_both_empty %lu",
		  grown(&now, 0, YLD_BOTH_EMPTY));
	st_assert(grown(&now, 0, SCHED_SWITCH) == NR_YIELDS,
		  "sched_switch %lu", grown(&now, 0, SCHED_SWITCH));
}
END_TEST

#define SLICE_MS	100	/* DEF_TIMESLICE at nice 0 */

/*
 * 1 CPU, one nice 0 hog, after 2 s (its sleep_avg inherited at fork is
 * used up: it is no longer interactive).  In the next second its 100 ms
 * slice runs out 10 times; each time it goes to the expired array, the
 * active one is empty, and the pick switches the arrays and picks it
 * again: sched_switch grows by 10, sched_noswitch and sched_goidle by 0,
 * sched_cnt by 10.
 */
START_TEST(schedstat_lone_hog_switches_arrays)
{
	struct snapshot now;
	unsigned long expiries = 1000 / SLICE_MS;

	boot_linux(_i, 1, 1);
	spawn("hog", body_hog, NULL);
	run(SEC(2));
	snap(&start);
	run(SEC(1));
	snap(&now);
	check_all();
	st_assert(grown(&now, 0, SCHED_SWITCH) == expiries,
		  "sched_switch %lu", grown(&now, 0, SCHED_SWITCH));
	st_assert(grown(&now, 0, SCHED_NOSWITCH) == 0, "sched_noswitch %lu",
		  grown(&now, 0, SCHED_NOSWITCH));
	st_assert(grown(&now, 0, SCHED_GOIDLE) == 0, "sched_goidle %lu",
		  grown(&now, 0, SCHED_GOIDLE));
	st_assert(grown(&now, 0, SCHED_CNT) == expiries, "sched_cnt %lu",
		  grown(&now, 0, SCHED_CNT));
}
END_TEST

/* Widens its affinity, then burns 1 ms and waits on wait queue 0. */
static void body_cold(void *unused)
{
	set_affinity(all_mask_uaddr);
	for (;;) {
		sim_burn(MS(1));
		sim_wq_wait(0, 0);
	}
}

/* Burns 1 ms, wakes wait queue 0 once, sleeps for good. */
static void body_wake_once(void *unused)
{
	sim_burn(MS(1));
	sim_wq_wake(0, 0);
	sim_sleep(SEC(1000));
}

/*
 * Widens its affinity, then: burns 1 ms, wakes wait queue 1, waits on
 * wait queue 0; forever.
 */
static void body_ping(void *unused)
{
	set_affinity(all_mask_uaddr);
	for (;;) {
		sim_burn(MS(1));
		sim_wq_wake(1, 0);
		sim_wq_wait(0, 0);
	}
}

/* Waits on wait queue 1, burns 1 ms, wakes wait queue 0; forever. */
static void body_pong(void *unused)
{
	for (;;) {
		sim_wq_wait(1, 0);
		sim_burn(MS(1));
		sim_wq_wake(0, 0);
	}
}

static unsigned long wake_grown(const struct snapshot *now, int field)
{
	return line_of(now, 0)->dom[0][field] -
		line_of(&start, 0)->dom[0][field];
}

/*
 * 2 CPUs.  T sleeps on cpu1, where a hog runs; W, pinned to cpu0, wakes
 * it once.  Asleep 50 ms, T is cache cold (cache_hot_time 2.5 ms):
 * wake affine pulls it to cpu0, counted once on cpu0's domain:
 * ttwu_wake_affine 1, ttwu_wake_balance 0.
 */
START_TEST(schedstat_wake_affine_pulls_cold_task)
{
	struct snapshot now;
	int t;

	boot_linux(_i, 2, 1);
	map_masks();
	spawn_on("hog", SIM_SCHED_NORMAL, 0, 0, "1", body_hog, NULL);
	t = spawn_on("t", SIM_SCHED_NORMAL, 0, 0, "1", body_cold, NULL);
	run(MS(50));
	snap(&start);
	spawn_on("w", SIM_SCHED_NORMAL, 0, 0, "0", body_wake_once, NULL);
	run(MS(20));
	snap(&now);
	check_all();
	st_assert(t_info(t).cpu == 0, "t on cpu%d", t_info(t).cpu);
	st_assert(wake_grown(&now, WAKE_AFFINE) == 1, "ttwu_wake_affine %lu",
		  wake_grown(&now, WAKE_AFFINE));
	st_assert(wake_grown(&now, WAKE_BALANCE) == 0,
		  "ttwu_wake_balance %lu", wake_grown(&now, WAKE_BALANCE));
}
END_TEST

/*
 * 2 CPUs.  T (SCHED_FIFO, so that it runs at once), among three hogs
 * on cpu1, wakes W (pinned to cpu0) and goes to sleep; W runs 1 ms and
 * wakes it back.  T left cpu1 1 ms ago:
 * cache hot (under 2.5 ms), no wake affine; but cpu1's load (3 tasks,
 * 384) is more than 137% of cpu0's (W's 128: 137 * 128 <= 100 * 384),
 * so wake balance pulls T to cpu0, once (then W and T share cpu0):
 * ttwu_wake_balance 1, ttwu_wake_affine 0.
 */
START_TEST(schedstat_wake_balance_pulls_hot_task)
{
	struct snapshot now;
	int t, i;

	boot_linux(_i, 2, 1);
	map_masks();
	spawn_on("w", SIM_SCHED_NORMAL, 0, 0, "0", body_pong, NULL);
	for (i = 0; i < 3; i++)
		spawn_on("hog", SIM_SCHED_NORMAL, 0, 0, "1", body_hog, NULL);
	run(MS(50));
	snap(&start);
	t = spawn_on("t", SIM_SCHED_FIFO, 10, 0, "1", body_ping, NULL);
	run(MS(300));
	snap(&now);
	check_all();
	st_assert(t_info(t).cpu == 0, "t on cpu%d", t_info(t).cpu);
	st_assert(wake_grown(&now, WAKE_BALANCE) == 1,
		  "ttwu_wake_balance %lu", wake_grown(&now, WAKE_BALANCE));
	st_assert(wake_grown(&now, WAKE_AFFINE) == 0, "ttwu_wake_affine %lu",
		  wake_grown(&now, WAKE_AFFINE));
}
END_TEST

/*
 * 2 CPUs.  Four hogs pinned to cpu0 for 200 ms (its load is 4 x 128 =
 * 512; cpu1 has none), then a SCHED_FIFO script task on cpu0 lets them
 * run anywhere, at one instant.  cpu1's next idle balancing finds an
 * imbalance of min(512 - 256, 256 - 0) = 256, two tasks, and pulls
 * both in one tick: lb_imbalance[idle] and pt_gained[idle] grow by 2
 * (then two hogs on each CPU: balanced).
 */
START_TEST(schedstat_idle_balance_pulls_its_imbalance)
{
	struct snapshot now;
	const struct cpu_line *was, *is;
	unsigned long long tick = 0;
	int hog[4], s, i, first, pulls = 0;

	boot_linux(_i, 2, 1);
	map_masks();
	for (i = 0; i < 4; i++)
		hog[i] = spawn_on("hog", SIM_SCHED_NORMAL, 0, 0, "0",
				  body_hog, NULL);
	s = sim_spawn_script(&(struct sim_task_attr){
		.name = "s", .policy = SIM_SCHED_FIFO, .rt_priority = 50,
		.cpus = "0", .cap_sys_nice = 1 });
	st_assert(s > 0, "script: %s", sim_error());
	run(MS(200));
	for (i = 0; i < 4; i++)
		st_assert(t_syscall(s, SIM_SYS_sched_setaffinity, hog[i],
				    sizeof(unsigned long), all_mask_uaddr) == 0,
			  "setaffinity");
	snap(&start);
	first = facts->nr_move;
	run(MS(10));
	snap(&now);
	check_all();
	for (i = first; i < facts->nr_move; i++) {
		const struct move *m = &facts->move[i];

		if (!tick_pull(m))
			continue;
		st_assert(m->cpu == 1 && (!pulls || m->ns == tick),
			  "a pull by cpu%d at %llu ns", m->cpu, m->ns);
		tick = m->ns;
		pulls++;
	}
	st_assert(pulls == 2, "%d pulls", pulls);
	was = line_of(&start, 1);
	is = line_of(&now, 1);
	st_assert(is->v[PT_GAINED_IDLE] - was->v[PT_GAINED_IDLE] == 2,
		  "pt_gained[idle] %lu",
		  is->v[PT_GAINED_IDLE] - was->v[PT_GAINED_IDLE]);
	st_assert(is->dom[0][DOM(T_IDLE, LB_IMBALANCE)] -
		  was->dom[0][DOM(T_IDLE, LB_IMBALANCE)] == 2,
		  "lb_imbalance[idle] %lu",
		  is->dom[0][DOM(T_IDLE, LB_IMBALANCE)] -
		  was->dom[0][DOM(T_IDLE, LB_IMBALANCE)]);
}
END_TEST

/*
 * 6 CPUs, 3 cores of 2 threads.  Two hogs on the threads of core 0,
 * cores 1 and 2 idle.  The idle CPUs' core-level balancing finds one
 * task per runqueue of core 0: nothing to pull, so it fails, and after
 * cache_nice_tries + 2 = 3 failures kicks the migration thread of the
 * busiest CPU once (alb_cnt 1).  The thread preempts its hog and tries
 * each wholly idle core once: one takes the hog (alb_lost, alb_gained,
 * pt_*[idle]), the other finds only the thread left (alb_failed).
 * Then one hog per core: balanced, no more kicks.
 */
START_TEST(schedstat_active_balance_tries_each_idle_core)
{
	struct snapshot now;

	boot_linux(_i, 6, 2);
	map_masks();
	spawn_on("hog", SIM_SCHED_NORMAL, 0, 0, "0", body_widening_hog,
		       NULL);
	spawn_on("hog", SIM_SCHED_NORMAL, 0, 0, "1", body_widening_hog, NULL);
	run(MS(500));
	snap(&now);
	check_all();
	st_assert(grown_all(&now, ALB_CNT) == 1, "alb_cnt %lu",
		  grown_all(&now, ALB_CNT));
	st_assert(grown_all(&now, ALB_LOST) == 1, "alb_lost %lu",
		  grown_all(&now, ALB_LOST));
	st_assert(grown_all(&now, ALB_GAINED) == 1, "alb_gained %lu",
		  grown_all(&now, ALB_GAINED));
	st_assert(grown_all(&now, ALB_FAILED) == 1, "alb_failed %lu",
		  grown_all(&now, ALB_FAILED));
}
END_TEST

/* ---- the suite ----------------------------------------------------------- */

static Suite *schedstat_suite(void)
{
	Suite *s = suite_create("schedstat");
	TCase *all = tcase_create("fields");
	TCase *dom = tcase_create("domains");
	TCase *v2610 = tcase_create("linux-2.6.10");
	int n = sim_nr_drivers(), i;

	tcase_add_checked_fixture(all, NULL, teardown);
	tcase_set_timeout(all, 60);
	tcase_add_loop_test(all, schedstat_yield_counts_start_at_zero, 0,
			    n * NR_LOOP_CPUS);
	tcase_add_loop_test(all, schedstat_counts_yields, 0, n * NR_LOOP_CPUS);
	tcase_add_loop_test(all, schedstat_counts_wakeups, 0,
			    n * NR_LOOP_CPUS);
	tcase_add_loop_test(all, schedstat_counts_forks_and_exits, 0,
			    n * NR_LOOP_CPUS);
	tcase_add_loop_test(all, schedstat_counts_pulls, 0, n * NR_LOOP_CPUS);
	tcase_add_loop_test(all, schedstat_counts_execs, 0, n * NR_LOOP_CPUS);
	tcase_add_loop_test(all, schedstat_ignores_affinity_moves, 0,
			    n * NR_LOOP_CPUS);
	tcase_add_loop_test(all, schedstat_survives_hotplug, 0,
			    n * NR_LOOP_CPUS);
	suite_add_tcase(s, all);

	tcase_add_checked_fixture(dom, NULL, teardown);
	tcase_set_timeout(dom, 60);
	tcase_add_loop_test(dom, schedstat_counts_domains, 0, n * 2);
	tcase_add_loop_test(dom, schedstat_counts_active_balance, 0, n);
	suite_add_tcase(s, dom);

	for (i = 0; i < n; i++)
		if (profile_of(sim_driver_name(i))->is_2_6_10)
			linux_drivers[nr_linux_drivers++] = i;
	tcase_add_checked_fixture(v2610, NULL, teardown);
	tcase_add_loop_test(v2610, schedstat_yields_alternate_arrays, 0,
			    nr_linux_drivers);
	tcase_add_loop_test(v2610, schedstat_lone_hog_switches_arrays, 0,
			    nr_linux_drivers);
	tcase_add_loop_test(v2610, schedstat_wake_affine_pulls_cold_task, 0,
			    nr_linux_drivers);
	tcase_add_loop_test(v2610, schedstat_wake_balance_pulls_hot_task, 0,
			    nr_linux_drivers);
	tcase_add_loop_test(v2610, schedstat_active_balance_tries_each_idle_core,
			    0, nr_linux_drivers);
	tcase_add_loop_test(v2610, schedstat_idle_balance_pulls_its_imbalance,
			    0, nr_linux_drivers);
	suite_add_tcase(s, v2610);
	return s;
}

int main(void)
{
	return t_run_suite(schedstat_suite());
}
