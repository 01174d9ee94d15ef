/*
 * tests/unit/check_ingo_smp.c - the SMP half of the Linux 2.6.10 O(1)
 * scheduler (drivers/ingosched.c, "cpusched=ingosched") against 2.6.10's
 * rules: the sched domains and groups built for SMP, SMT and NUMA
 * machines, periodic load balancing, moving tasks, active balancing,
 * wake-up and exec placement, CPU hotplug and the SMT sibling rules.
 *
 * The domains are read through sim_sched_domain() and sim_sched_group()
 * (docs/harness.md): their tables, their balancing state (interval, last
 * balance, failures) and their schedstat counters.
 *
 * Periodic balancing is checked by an oracle (the "balance" case): on a
 * machine whose tasks are all pinned hogs, so that no balancing can move
 * anything, it recomputes tick by tick what 2.6.10's rebalance_tick()
 * must do on every CPU (FACTS.md, SMP): the cpu_load decay, which
 * domains are due (balance_interval times busy_factor unless idle,
 * staggered by HZ * cpu / NR_CPUS), what find_busiest_group() finds (the
 * busiest group, balanced or not by imbalance_pct and the average, the
 * imbalance in tasks, the small-imbalance rule, the idle overrides),
 * find_busiest_queue(), and the bookkeeping that follows (the interval
 * doubled or stepped, nr_balance_failed and its reset after an active
 * balance kick, and the kicked migration thread counted on its CPU until
 * the machine runs it); then compares every counter and field of every
 * domain after each tick.  Each hand-made scenario also says which of
 * find_busiest_group's outcomes it must exercise, so a scenario that no
 * longer reaches its case fails instead of passing quietly; 48 more are
 * drawn at random, machine and loads.
 *
 * The other cases build one situation each, timed to the tick: a task
 * made cache hot or cold at a balance (kfix_ingo.h sets the slices that
 * place a switch), cpu_load driven to a value between whole tasks, a
 * CPU going idle between two ticks.  Where a task went is read from the
 * trace (sim_trace_set_sink()): an idle CPU may move it again at once.
 *
 * Not checked here: the uniprocessor rules (check_ingosched), the
 * generic invariants (the machine checks them after every event in every
 * test below, affinity included).
 *
 * The whole suite exits 77 (skipped) with a message when the library was
 * built without the ingosched driver.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"
#include "kfix_ingo.h"
#include "kfixtures.h"

#define CMDLINE			"cpusched=ingosched"
#define TICK_NS			MS(1)		/* HZ 1000 */
#define HZ			1000

#define SCHED_LOAD_SCALE	128UL		/* one task, one CPU */

/* ---- 2.6.10's domain tables (FACTS.md, compat/include/linux/topology.h) -- */

#define LB		SIM_SD_LOAD_BALANCE
#define NEWIDLE		SIM_SD_BALANCE_NEWIDLE
#define EXEC		SIM_SD_BALANCE_EXEC
#define WIDLE		SIM_SD_WAKE_IDLE
#define AFFINE		SIM_SD_WAKE_AFFINE
#define WBALANCE	SIM_SD_WAKE_BALANCE
#define SHARE		SIM_SD_SHARE_CPUPOWER

struct sd_table {
	const char *name;
	int flags;
	unsigned long min_interval, max_interval;	/* ms */
	unsigned int busy_factor, imbalance_pct;
	unsigned long long cache_hot_time;		/* ns */
	unsigned int cache_nice_tries, per_cpu_gain;
};

/* SMT threads of a core. */
static const struct sd_table SIBLING = {
	"SD_SIBLING_INIT", LB | NEWIDLE | EXEC | AFFINE | WIDLE | SHARE,
	1, 2, 8, 110, 0, 0, 25,
};

/* The CPUs (cores) of a node; cache_hot_time 2.5 ms (2.6.11's). */
static const struct sd_table PHYS = {
	"SD_CPU_INIT", LB | NEWIDLE | EXEC | AFFINE | WBALANCE,
	1, 4, 64, 125, 2500000ULL, 1, 100,
};

/* The nodes (i386's SD_NODE_INIT). */
static const struct sd_table NODE = {
	"SD_NODE_INIT", LB | EXEC | WBALANCE,
	8, 32, 32, 125, 10000000ULL, 1, 100,
};

/*
 * cpu_power of a group (2.6.10): SCHED_LOAD_SCALE for a CPU; a core of
 * s SMT threads 128 + 128 * (s - 1) / 10; a node the sum of its cores.
 */
#define CORE_POWER(s)	(128 + 128 * ((s) - 1) / 10)

/* ---- fixtures and helpers ------------------------------------------------ */

static void teardown(void)
{
	t_shutdown();
}

/* Boot @cpus CPUs, @smt threads a core, @nodes nodes, at @hz (0: 1000). */
static void boot_hz(int cpus, int smt, int nodes, int hz, const char *extra)
{
	static char cmdline[128];
	struct sim_config cfg;

	snprintf(cmdline, sizeof(cmdline), "%s%s%s", CMDLINE,
		 extra ? " " : "", extra ? extra : "");
	sim_config_init(&cfg);
	cfg.nr_cpus = cpus;
	cfg.smt = smt;
	cfg.nr_nodes = nodes;
	if (hz)
		cfg.hz = hz;
	cfg.cmdline = cmdline;
	t_boot_cfg(&cfg);
	ck_assert_str_eq(sim_cpusched(), "ingosched");
}

/* The same at HZ 1000, with @extra boot options. */
static void boot_full(int cpus, int smt, int nodes, const char *extra)
{
	boot_hz(cpus, smt, nodes, 0, extra);
}

static struct sim_cpu_info cpu_info(int cpu)
{
	struct sim_cpu_info ci;

	ck_assert_int_eq(sim_cpu_info(cpu, &ci), 0);
	return ci;
}

static int curr(int cpu)
{
	return cpu_info(cpu).curr_pid;
}

/* A task allowed on @cpus (NULL: all); a script task if !@body. */
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
	pid = body ? sim_spawn(&a, body, arg) : sim_spawn_script(&a);
	ck_assert_msg(pid > 0, "spawn of %s failed (%d): %s", name, pid,
		      sim_error());
	return pid;
}

/* "N" for CPU @cpu. */
static const char *cpu_name(int cpu)
{
	static char buf[8][12];
	static int next;
	char *s = buf[next++ % 8];

	snprintf(s, 12, "%d", cpu);
	return s;
}

static int hog_on(const char *name, int cpu)
{
	return spawn_on(name, SIM_SCHED_NORMAL, 0, 0,
			cpu < 0 ? NULL : cpu_name(cpu), t_body_hog, NULL);
}

static int script_on(const char *name, const char *cpus)
{
	return spawn_on(name, SIM_SCHED_NORMAL, 0, 0, cpus, NULL, NULL);
}

/* Queue a command for script task @pid without waiting for it. */
static void post(int pid, int op, long a0, long a1)
{
	int ret = sim_cmd(pid, op, a0, a1, 0, 0);

	ck_assert_msg(ret == 0, "sim_cmd(%d, %d) = %d: %s", pid, op, ret,
		      sim_error());
}

static void run_until(unsigned long long when)
{
	int ret = sim_run_until(when);

	ck_assert_msg(ret == 0, "run failed: %s %s", sim_report(), sim_error());
}

static struct sim_domain_info domain(int cpu, int level)
{
	struct sim_domain_info d;
	int ret = sim_sched_domain(cpu, level, &d);

	ck_assert_msg(ret == 0, "cpu%d level %d: %d: %s", cpu, level, ret,
		      sim_error());
	return d;
}

/* @cpu's groups at @level as "cpus:power ..." from group 0 on. */
static const char *groups_of(int cpu, int level)
{
	static char buf[512];
	struct sim_group_info g;
	int i, n = 0, nr = domain(cpu, level).nr_groups;

	buf[0] = '\0';
	for (i = 0; i < nr; i++) {
		ck_assert_int_eq(sim_sched_group(cpu, level, i, &g), 0);
		n += snprintf(buf + n, sizeof(buf) - n, "%s%s:%lu",
			      i ? " " : "", g.cpus, g.cpu_power);
	}
	ck_assert_int_eq(sim_sched_group(cpu, level, nr, &g), -2 /* ENOENT */);
	return buf;
}

/* A CPU mask written into @pid's memory (the workload's): its address. */
static unsigned long user_mask(int pid, unsigned long mask)
{
	unsigned long uaddr = sim_user_map(pid, sizeof(mask));

	ck_assert_msg(uaddr != 0, "sim_user_map: %s", sim_error());
	ck_assert_int_eq(sim_user_write(pid, uaddr, &mask, sizeof(mask)), 0);
	return uaddr;
}

/* sched_setaffinity(@pid, @mask) made by script task @setter. */
static long set_affinity(int setter, int pid, unsigned long mask)
{
	return t_syscall(setter, SIM_SYS_sched_setaffinity, pid,
			 sizeof(mask), user_mask(setter, mask));
}

/* The pid of the task called @name, or 0. */
static int find_task(const char *name)
{
	struct sim_task_info info;
	int pid;

	for (pid = 1; pid < 512; pid++)
		if (!sim_task_info(pid, &info) && !strcmp(info.name, name))
			return pid;
	return 0;
}

static int migration_thread(int cpu)
{
	char name[16];

	snprintf(name, sizeof(name), "migration/%d", cpu);
	return find_task(name);
}


/* ---- the domain tables --------------------------------------------------- */

/*
 * expect_domain - @cpu's domain at @level is a @t domain over @span with
 * the groups @groups ("cpus:power ...", its own group first); @fresh: it
 * was just built (interval 1, no failure, last balance now, counters 0).
 */
static void expect_domain(int cpu, int level, const struct sd_table *t,
			  const char *span, const char *groups, int fresh)
{
	struct sim_domain_info d = domain(cpu, level);
	const char *got = groups_of(cpu, level);
	int i;

	ck_assert_msg(!strcmp(d.span, span), "cpu%d level %d (%s): span "
		      "\"%s\", want \"%s\"", cpu, level, t->name, d.span,
		      span);
	ck_assert_msg(d.flags == t->flags, "cpu%d level %d: flags %#x, %s "
		      "has %#x", cpu, level, d.flags, t->name, t->flags);
	ck_assert_uint_eq(d.min_interval, t->min_interval);
	ck_assert_uint_eq(d.max_interval, t->max_interval);
	ck_assert_uint_eq(d.busy_factor, t->busy_factor);
	ck_assert_uint_eq(d.imbalance_pct, t->imbalance_pct);
	ck_assert_uint_eq(d.cache_hot_time, t->cache_hot_time);
	ck_assert_uint_eq(d.cache_nice_tries, t->cache_nice_tries);
	ck_assert_uint_eq(d.per_cpu_gain, t->per_cpu_gain);
	ck_assert_msg(!strcmp(got, groups), "cpu%d level %d (%s): groups "
		      "\"%s\", want \"%s\"", cpu, level, t->name, got, groups);
	if (!fresh)
		return;
	ck_assert_uint_eq(d.balance_interval, 1);
	ck_assert_uint_eq(d.nr_balance_failed, 0);
	ck_assert_uint_eq(d.last_balance, sim_jiffies());
	/* a CPU going idle at boot may have balanced as newly idle */
	for (i = SIM_IDLE_SCHED; i <= SIM_IDLE_NOT; i++)
		ck_assert_uint_eq(d.lb_cnt[i], 0);
}

static void expect_no_domain(int cpu, int level)
{
	struct sim_domain_info d;

	ck_assert_msg(sim_sched_domain(cpu, level, &d) == -2 /* ENOENT */,
		      "cpu%d has a domain at level %d", cpu, level);
}

/*
 * 4 CPUs, one node, no SMT: each CPU has one domain, SD_CPU_INIT over
 * all CPUs, with a group per CPU of power 128, its own first and the
 * others in CPU order round the list.
 */
START_TEST(dom_smp_one_level_per_cpu)
{
	static const char *const groups[] = {
		"0:128 1:128 2:128 3:128", "1:128 2:128 3:128 0:128",
		"2:128 3:128 0:128 1:128", "3:128 0:128 1:128 2:128",
	};
	int cpu;

	boot_full(4, 1, 1, NULL);
	for (cpu = 0; cpu < 4; cpu++) {
		expect_domain(cpu, 0, &PHYS, "0-3", groups[cpu], 1);
		expect_no_domain(cpu, 1);
	}
}
END_TEST

/* One CPU: one SD_CPU_INIT domain over it, one group. */
START_TEST(dom_up_has_one_domain_of_itself)
{
	boot_full(1, 1, 1, NULL);
	expect_domain(0, 0, &PHYS, "0", "0:128", 1);
	expect_no_domain(0, 1);
}
END_TEST

/*
 * 2 cores of 2 SMT threads: level 0 is the core (SD_SIBLING_INIT, a
 * group per thread of power 128), level 1 all CPUs (SD_CPU_INIT, a group
 * per core of power 128 + 128 * 1 / 10 = 140).
 */
START_TEST(dom_smt_siblings_then_cores)
{
	static const char *const cores[] = { "0-1:140 2-3:140",
					     "2-3:140 0-1:140" };
	static const char *const threads[] = { "0:128 1:128", "1:128 0:128",
					       "2:128 3:128", "3:128 2:128" };
	int cpu;

	boot_full(4, 2, 1, NULL);
	ck_assert_int_eq(CORE_POWER(2), 140);
	for (cpu = 0; cpu < 4; cpu++) {
		expect_domain(cpu, 0, &SIBLING, cpu < 2 ? "0-1" : "2-3",
			      threads[cpu], 1);
		expect_domain(cpu, 1, &PHYS, "0-3", cores[cpu / 2], 1);
		expect_no_domain(cpu, 2);
	}
}
END_TEST

/* 2 cores of 4 threads: a core's power is 128 + 128 * 3 / 10 = 166. */
START_TEST(dom_smt_four_threads_core_power)
{
	int cpu;

	boot_full(8, 4, 1, NULL);
	ck_assert_int_eq(CORE_POWER(4), 166);
	for (cpu = 0; cpu < 8; cpu++)
		expect_domain(cpu, 1, &PHYS, "0-7",
			      cpu < 4 ? "0-3:166 4-7:166" : "4-7:166 0-3:166",
			      1);
	expect_domain(5, 0, &SIBLING, "4-7", "5:128 6:128 7:128 4:128", 1);
}
END_TEST

/*
 * 2 nodes of 2 CPUs: level 0 the node's CPUs (SD_CPU_INIT), level 1 all
 * CPUs (SD_NODE_INIT) with a group per node of power 128 + 128 = 256.
 */
START_TEST(dom_numa_cpus_then_nodes)
{
	static const char *const cpus[] = { "0:128 1:128", "1:128 0:128",
					    "2:128 3:128", "3:128 2:128" };
	int cpu;

	boot_full(4, 1, 2, NULL);
	for (cpu = 0; cpu < 4; cpu++) {
		expect_domain(cpu, 0, &PHYS, cpu < 2 ? "0-1" : "2-3",
			      cpus[cpu], 1);
		expect_domain(cpu, 1, &NODE, "0-3",
			      cpu < 2 ? "0-1:256 2-3:256" : "2-3:256 0-1:256",
			      1);
		expect_no_domain(cpu, 2);
	}
}
END_TEST

/*
 * 2 nodes of 2 cores of 2 threads: siblings, then the node's cores
 * (power 140 each), then the nodes (power 140 + 140 = 280 each).
 */
START_TEST(dom_numa_smt_three_levels)
{
	int cpu;

	boot_full(8, 2, 2, NULL);
	for (cpu = 0; cpu < 8; cpu++) {
		int core = cpu / 2 * 2, node = cpu / 4 * 4;
		int sibling = cpu ^ 1;
		char span[16], groups[64];

		snprintf(span, sizeof(span), "%d-%d", core, core + 1);
		snprintf(groups, sizeof(groups), "%d:128 %d:128", cpu,
			 sibling);
		expect_domain(cpu, 0, &SIBLING, span, groups, 1);
		snprintf(span, sizeof(span), "%d-%d", node, node + 3);
		snprintf(groups, sizeof(groups), "%d-%d:140 %d-%d:140", core,
			 core + 1, core ^ 2, (core ^ 2) + 1);
		expect_domain(cpu, 1, &PHYS, span, groups, 1);
		expect_domain(cpu, 2, &NODE, "0-7",
			      node ? "4-7:280 0-3:280" : "0-3:280 4-7:280", 1);
		expect_no_domain(cpu, 3);
	}
}
END_TEST

/* CPUs @lo to @hi as cpumask_scnprintf() prints them, into @buf. */
static const char *mask_string(char *buf, int len, int lo, int hi)
{
	int w, c, n = 0;

	buf[0] = '\0';
	for (w = (sim_max_cpus() + 31) / 32 - 1; w >= 0; w--) {
		unsigned long bits = 0;

		for (c = 32 * w; c < 32 * w + 32; c++)
			if (c >= lo && c <= hi)
				bits |= 1UL << (c - 32 * w);
		n += snprintf(buf + n, len - n, "%s%08lx", n ? "," : "", bits);
	}
	return buf;
}

/* The span that /proc/schedstat shows for @cpu's domain @level. */
static const char *schedstat_span(int cpu, int level, char *buf, int len)
{
	char head[32];
	const char *p = sim_schedstat();
	int k;

	ck_assert_ptr_nonnull(p);
	snprintf(head, sizeof(head), "\ncpu%d ", cpu);
	p = strstr(p, head);
	ck_assert_ptr_nonnull(p);
	for (k = 0; k <= level; k++) {
		p = strstr(p + 1, "\ndomain");
		ck_assert_ptr_nonnull(p);
	}
	p = strchr(p + 1, ' ') + 1;
	snprintf(buf, len, "%.*s", (int)strcspn(p, " "), p);
	return buf;
}

/*
 * /proc/schedstat shows a domain's span as cpumask_scnprintf() does:
 * NR_CPUS / 32 words of eight hex digits, the highest first, every bit
 * of every word in its place.  64 CPUs (or NR_CPUS, if fewer) in two
 * nodes: cpu0's lowest domain spans its node, the first half, the
 * last CPU's the second half ("ffffffff,00000000" at NR_CPUS 64), and
 * both CPUs' node level spans them all.
 */
START_TEST(dom_schedstat_mask_shows_every_cpu)
{
	int nr = sim_max_cpus() < 64 ? sim_max_cpus() : 64, half = nr / 2;
	char want[300], got[300];

	if (nr < 2)
		return;
	boot_full(nr, 1, 2, NULL);
	ck_assert_str_eq(schedstat_span(0, 0, got, sizeof(got)),
			 mask_string(want, sizeof(want), 0, half - 1));
	ck_assert_str_eq(schedstat_span(nr - 1, 0, got, sizeof(got)),
			 mask_string(want, sizeof(want), half, nr - 1));
	ck_assert_str_eq(schedstat_span(0, 1, got, sizeof(got)),
			 mask_string(want, sizeof(want), 0, nr - 1));
	ck_assert_str_eq(schedstat_span(nr - 1, 1, got, sizeof(got)),
			 mask_string(want, sizeof(want), 0, nr - 1));
}
END_TEST

/*
 * 2 cores of 2 threads, "isolcpus=3": cpu3 has no domain; the others'
 * domains leave it out: cpu2's core is cpu2 alone (power 128), the top
 * level spans 0-2.
 */
START_TEST(dom_isolcpus_left_out)
{
	boot_full(4, 2, 1, "isolcpus=3");
	expect_no_domain(3, 0);
	expect_domain(0, 0, &SIBLING, "0-1", "0:128 1:128", 1);
	expect_domain(1, 1, &PHYS, "0-2", "0-1:140 2:128", 1);
	expect_domain(2, 0, &SIBLING, "2", "2:128", 1);
	expect_domain(2, 1, &PHYS, "0-2", "2:128 0-1:140", 1);
	expect_no_domain(2, 2);
}
END_TEST

/*
 * 2 cores of 2 threads: cpu1 goes offline: it has no domain, cpu0's core
 * is cpu0 alone, the top level spans 0,2-3 with a core of power 128 and
 * one of 140.  Back online, the tables are whole again.
 */
START_TEST(dom_hotplug_rebuilds)
{
	int cpu;

	boot_full(4, 2, 1, NULL);
	ck_assert_int_eq(sim_cpu_offline(1), 0);
	expect_no_domain(1, 0);
	expect_domain(0, 0, &SIBLING, "0", "0:128", 0);
	expect_domain(0, 1, &PHYS, "0,2-3", "0:128 2-3:140", 0);
	expect_domain(3, 0, &SIBLING, "2-3", "3:128 2:128", 0);
	expect_domain(3, 1, &PHYS, "0,2-3", "2-3:140 0:128", 0);

	ck_assert_int_eq(sim_cpu_online(1), 0);
	for (cpu = 0; cpu < 4; cpu++)
		expect_domain(cpu, 1, &PHYS, "0-3",
			      cpu < 2 ? "0-1:140 2-3:140" : "2-3:140 0-1:140",
			      0);
	expect_domain(1, 0, &SIBLING, "0-1", "1:128 0:128", 0);
}
END_TEST

/*
 * 2 nodes of 2 CPUs: cpu3 goes offline: node 1 is cpu2 alone (its node
 * group power 128), cpu2's node level spans 2 only.
 */
START_TEST(dom_hotplug_numa_node_shrinks)
{
	boot_full(4, 1, 2, NULL);
	ck_assert_int_eq(sim_cpu_offline(3), 0);
	expect_no_domain(3, 0);
	expect_domain(2, 0, &PHYS, "2", "2:128", 0);
	expect_domain(2, 1, &NODE, "0-2", "2:128 0-1:256", 0);
	expect_domain(0, 1, &NODE, "0-2", "0-1:256 2:128", 0);
}
END_TEST

/*
 * A driver without sched domains booted after ingosched: no CPU shows
 * the previous machine's domains.
 */
START_TEST(dom_none_after_a_driver_without)
{
	struct sim_config cfg;

	if (!t_driver_built("tiny"))
		return;
	boot_full(2, 1, 1, NULL);
	domain(1, 0);
	t_shutdown();
	sim_config_init(&cfg);
	cfg.nr_cpus = 2;
	cfg.cmdline = "cpusched=tiny";
	t_boot_cfg(&cfg);
	expect_no_domain(0, 0);
	expect_no_domain(1, 0);
}
END_TEST

/* ---- periodic balancing: the oracle -------------------------------------- */

#define MAX_CPUS	8
#define MAX_LEVELS	3
#define MAX_GROUPS	8

/* What find_busiest_group() can conclude; a scenario names those it needs. */
enum fbg_outcome {
	FBG_NO_BUSIEST,		/* no other group has load above ours */
	FBG_AT_OR_ABOVE_AVG,	/* this_load >= the domain's average */
	FBG_WITHIN_PCT,		/* 100 * max <= imbalance_pct * this */
	FBG_TASKS,		/* imbalance of a task or more */
	FBG_SMALL_GAP,		/* under one task, but a gap of two */
	FBG_SMALL_GAIN,		/* under one task, moving one gains 1/8 */
	FBG_SMALL_NONE,		/* under one task, nothing to gain */
	FBG_IDLE_PULL_ONE,	/* balanced, but an idle CPU takes one */
	NR_FBG
};

static const char *const fbg_names[NR_FBG] = {
	"no busiest group", "at or above the average",
	"within imbalance_pct", "an imbalance of tasks",
	"a small imbalance with a gap of two tasks",
	"a small imbalance worth an eighth of a CPU",
	"a small imbalance not worth moving",
	"balanced, an idle CPU pulls one",
};

struct o_group {
	unsigned long long cpus;	/* bit per CPU */
	unsigned long power;
};

struct o_domain {
	unsigned long long span;
	int flags;
	unsigned long min_interval, max_interval;
	unsigned int busy_factor, imbalance_pct, cache_nice_tries;
	int nr_groups;
	struct o_group group[MAX_GROUPS];
	/* the state the rules predict */
	unsigned long last_balance;
	unsigned int balance_interval, nr_balance_failed;
	unsigned long lb_cnt[2], lb_failed[2], lb_imbalance[2];
	unsigned long lb_nobusyq[2], lb_nobusyg[2];
};

struct oracle {
	int nr_cpus, nr_cpus_max;
	unsigned int hz;
	unsigned long long tick_ns;
	int levels[MAX_CPUS];
	struct o_domain dom[MAX_CPUS][MAX_LEVELS];
	unsigned long cpu_load[MAX_CPUS];
	int nr_running[MAX_CPUS];	/* at the tick */
	int idle[MAX_CPUS];		/* the idle task was running */
	unsigned long long kicked;	/* migration threads woken, this tick */
	unsigned long seen[NR_FBG];	/* outcomes met */
	unsigned long ticks;
};

static unsigned long long parse_cpulist(const char *s)
{
	unsigned long long mask = 0;
	char *end;
	long a, b;

	while (*s) {
		a = strtol(s, &end, 10);
		b = a;
		if (*end == '-')
			b = strtol(end + 1, &end, 10);
		for (; a <= b; a++)
			mask |= 1ULL << a;
		s = *end == ',' ? end + 1 : end;
	}
	return mask;
}

/* Runnable workload tasks on @cpu now. */
static int nr_runnable(int cpu)
{
	int pids[64], n = sim_task_pids(pids, 64), i, nr = 0;
	struct sim_task_info info;

	ck_assert_int_le(n, 64);
	for (i = 0; i < n; i++) {
		ck_assert_int_eq(sim_task_info(pids[i], &info), 0);
		nr += info.cpu == cpu && (info.state == 'R' ||
					  info.state == 'Q');
	}
	return nr;
}

/*
 * oracle_start - take every domain's table and state as they are now;
 * the machine must have run long enough with its present tasks for
 * each cpu_load to equal nr_running * 128.
 */
static void oracle_start(struct oracle *o, unsigned int hz)
{
	struct sim_domain_info d;
	struct sim_group_info g;
	int cpu, l, i;

	memset(o, 0, sizeof(*o));
	o->hz = hz;
	o->tick_ns = 1000000000ULL / hz;
	o->nr_cpus = sim_nr_cpus();
	o->nr_cpus_max = sim_max_cpus();
	ck_assert_int_le(o->nr_cpus, MAX_CPUS);
	for (cpu = 0; cpu < o->nr_cpus; cpu++) {
		o->cpu_load[cpu] = nr_runnable(cpu) * SCHED_LOAD_SCALE;
		for (l = 0; !sim_sched_domain(cpu, l, &d); l++) {
			struct o_domain *od = &o->dom[cpu][l];

			ck_assert_int_lt(l, MAX_LEVELS);
			od->span = parse_cpulist(d.span);
			od->flags = d.flags;
			od->min_interval = d.min_interval;
			od->max_interval = d.max_interval;
			od->busy_factor = d.busy_factor;
			od->imbalance_pct = d.imbalance_pct;
			od->cache_nice_tries = d.cache_nice_tries;
			od->nr_groups = d.nr_groups;
			ck_assert_int_le(d.nr_groups, MAX_GROUPS);
			for (i = 0; i < d.nr_groups; i++) {
				ck_assert_int_eq(sim_sched_group(cpu, l, i,
								 &g), 0);
				od->group[i].cpus = parse_cpulist(g.cpus);
				od->group[i].power = g.cpu_power;
			}
			od->last_balance = d.last_balance;
			od->balance_interval = d.balance_interval;
			od->nr_balance_failed = d.nr_balance_failed;
			for (i = 0; i < 2; i++) {
				od->lb_cnt[i] = d.lb_cnt[i];
				od->lb_failed[i] = d.lb_failed[i];
				od->lb_imbalance[i] = d.lb_imbalance[i];
				od->lb_nobusyq[i] = d.lb_nobusyq[i];
				od->lb_nobusyg[i] = d.lb_nobusyg[i];
			}
		}
		o->levels[cpu] = l;
	}
}

/* A CPU's load as a source (low guess) and as a target (high guess). */
static unsigned long source_load(const struct oracle *o, int cpu)
{
	unsigned long now = o->nr_running[cpu] * SCHED_LOAD_SCALE;

	return o->cpu_load[cpu] < now ? o->cpu_load[cpu] : now;
}

static unsigned long target_load(const struct oracle *o, int cpu)
{
	unsigned long now = o->nr_running[cpu] * SCHED_LOAD_SCALE;

	return o->cpu_load[cpu] > now ? o->cpu_load[cpu] : now;
}

static unsigned long min_ul(unsigned long a, unsigned long b)
{
	return a < b ? a : b;
}

/*
 * Under one task of imbalance: is moving one task worth it?  The
 * throughput of the two groups (each CPU counts up to one task's load)
 * must grow by an eighth of a CPU.
 */
static int worth_one_task(const struct o_group *busiest,
			  const struct o_group *this, unsigned long max_load,
			  unsigned long this_load)
{
	unsigned long now, moved, lost, gained;

	now = (busiest->power * min_ul(SCHED_LOAD_SCALE, max_load) +
	       this->power * min_ul(SCHED_LOAD_SCALE, this_load)) /
	      SCHED_LOAD_SCALE;
	/* one task's load in each group's scale */
	lost = SCHED_LOAD_SCALE * SCHED_LOAD_SCALE / busiest->power;
	gained = SCHED_LOAD_SCALE * SCHED_LOAD_SCALE / this->power;
	if (gained > max_load)
		gained = max_load;
	moved = 0;
	if (max_load > lost)
		moved += busiest->power *
			 min_ul(SCHED_LOAD_SCALE, max_load - lost);
	moved += this->power * min_ul(SCHED_LOAD_SCALE, this_load + gained);
	moved /= SCHED_LOAD_SCALE;
	return moved >= now + SCHED_LOAD_SCALE / 8;
}

/*
 * busiest_group - 2.6.10's find_busiest_group() from FACTS.md: the index
 * of the busiest group of @od seen from @cpu (-1: balanced), the
 * imbalance in tasks in *@imbalance, and which outcome it was.
 */
static int busiest_group(struct oracle *o, const struct o_domain *od,
			 int cpu, int idle, unsigned long *imbalance)
{
	unsigned long max_load = 0, this_load = 0, total = 0, pwr = 0;
	unsigned long avg, sum, imb;
	int i, c, busiest = -1, this = -1;
	enum fbg_outcome why;

	for (i = 0; i < od->nr_groups; i++) {
		const struct o_group *g = &od->group[i];
		int local = (g->cpus >> cpu) & 1;

		sum = 0;
		for (c = 0; c < o->nr_cpus; c++)
			if ((g->cpus >> c) & 1)
				sum += local ? target_load(o, c) :
					       source_load(o, c);
		total += sum;
		pwr += g->power;
		avg = sum * SCHED_LOAD_SCALE / g->power;
		if (local) {
			this_load = avg;
			this = i;
		} else if (avg > max_load) {
			max_load = avg;
			busiest = i;
		}
	}
	ck_assert_int_ge(this, 0);
	if (busiest < 0 || this_load >= max_load) {
		why = FBG_NO_BUSIEST;
		goto balanced;
	}
	avg = SCHED_LOAD_SCALE * total / pwr;
	if (this_load >= avg) {
		why = FBG_AT_OR_ABOVE_AVG;
		goto balanced;
	}
	if (100 * max_load <= od->imbalance_pct * this_load) {
		why = FBG_WITHIN_PCT;
		goto balanced;
	}
	/* to the average, neither side past it, in the weaker group's power */
	imb = min_ul(max_load - avg, avg - this_load) *
	      min_ul(od->group[busiest].power, od->group[this].power) /
	      SCHED_LOAD_SCALE;
	if (imb < SCHED_LOAD_SCALE - 1) {
		if (max_load - this_load >= 2 * SCHED_LOAD_SCALE) {
			why = FBG_SMALL_GAP;
		} else if (worth_one_task(&od->group[busiest],
					  &od->group[this], max_load,
					  this_load)) {
			why = FBG_SMALL_GAIN;
		} else {
			why = FBG_SMALL_NONE;
			goto balanced;
		}
		o->seen[why]++;
		*imbalance = 1;
		return busiest;
	}
	o->seen[FBG_TASKS]++;
	*imbalance = (imb + 1) / SCHED_LOAD_SCALE;
	return busiest;

balanced:
	o->seen[why]++;
	if (busiest >= 0 && idle == SIM_IDLE_SCHED &&
	    max_load > SCHED_LOAD_SCALE) {
		o->seen[FBG_IDLE_PULL_ONE]++;
		*imbalance = 1;
		return busiest;
	}
	*imbalance = 0;
	return -1;
}

/* find_busiest_queue(): the first CPU of the group with most source load. */
static int busiest_queue(const struct oracle *o, const struct o_group *g)
{
	unsigned long max_load = 0;
	int c, busiest = -1;

	for (c = 0; c < o->nr_cpus; c++)
		if (((g->cpus >> c) & 1) && source_load(o, c) > max_load) {
			max_load = source_load(o, c);
			busiest = c;
		}
	return busiest;
}

/*
 * kick - an active balance kicked on @q wakes q's migration thread, once
 * until it has run: it counts in q's nr_running until then.
 */
static void kick(struct oracle *o, int q)
{
	if (o->kicked & (1ULL << q))
		return;
	o->kicked |= 1ULL << q;
	o->nr_running[q]++;
}

/*
 * run_kicked - the machine takes an instant's events in CPU order, each
 * CPU's reschedule IPI before its tick: before CPU @upto ticks, the
 * migration threads kicked on CPUs up to it have run (pushing nothing:
 * all is pinned) and sleep again.
 */
static void run_kicked(struct oracle *o, int upto)
{
	int q;

	for (q = 0; q <= upto; q++)
		if (o->kicked & (1ULL << q)) {
			o->kicked &= ~(1ULL << q);
			o->nr_running[q]--;
		}
}

/*
 * balance - load_balance() of @od for @cpu, where nothing can move (every
 * task is pinned): count, find, fail, and tune the interval.
 */
static void balance(struct oracle *o, struct o_domain *od, int cpu, int idle)
{
	unsigned long imbalance;
	int g, q;

	od->lb_cnt[idle]++;
	g = busiest_group(o, od, cpu, idle, &imbalance);
	if (g < 0) {
		od->lb_nobusyg[idle]++;
		goto balanced;
	}
	q = busiest_queue(o, &od->group[g]);
	if (q < 0) {
		od->lb_nobusyq[idle]++;
		goto balanced;
	}
	ck_assert_int_ne(q, cpu);
	od->lb_imbalance[idle] += imbalance;
	/* nothing moved: a failure; too many kick the active balance */
	od->lb_failed[idle]++;
	if (++od->nr_balance_failed > od->cache_nice_tries + 2) {
		od->nr_balance_failed = od->cache_nice_tries;
		kick(o, q);
	}
	if (od->balance_interval < od->max_interval)
		od->balance_interval++;
	return;
balanced:
	if (od->balance_interval < od->max_interval)
		od->balance_interval *= 2;
}

/* msecs_to_jiffies(): rounded up to whole ticks */
static unsigned long msecs_to_jiffies(const struct oracle *o, unsigned long ms)
{
	return (ms * o->hz + 999) / 1000;
}

/* rebalance_tick() of @cpu at jiffies @j. */
static void rebalance(struct oracle *o, int cpu, unsigned long j)
{
	unsigned long old = o->cpu_load[cpu], interval;
	unsigned long now = o->nr_running[cpu] * SCHED_LOAD_SCALE;
	int idle = o->idle[cpu] ? SIM_IDLE_SCHED : SIM_IDLE_NOT, l;

	/* rounded up when rising: a load of n settles at n * 128 */
	o->cpu_load[cpu] = (old + (now > old) + now) / 2;
	/* an idle SMT thread with work held back counts as busy */
	if (o->idle[cpu] && o->nr_running[cpu] &&
	    (o->dom[cpu][0].flags & SHARE))
		idle = SIM_IDLE_NOT;
	/* staggered: cpu balances HZ * cpu / NR_CPUS jiffies early */
	j += o->hz * cpu / o->nr_cpus_max;
	for (l = 0; l < o->levels[cpu]; l++) {
		struct o_domain *od = &o->dom[cpu][l];

		if (!(od->flags & LB))
			continue;
		interval = od->balance_interval;
		if (idle != SIM_IDLE_SCHED)
			interval *= od->busy_factor;
		interval = msecs_to_jiffies(o, interval);
		if (!interval)
			interval = 1;
		if (j - od->last_balance < interval)
			continue;
		balance(o, od, cpu, idle);
		od->last_balance += interval;
	}
}

#define EXPECT_FIELD(field, i)						\
	ck_assert_msg(d.field i == od->field i,				\
		      "tick %lu, cpu%d level %d: " #field #i " %lu, the "	\
		      "rules say %lu (cpu_load %lu, nr_running %d)",	\
		      o->ticks, cpu, l, (unsigned long)d.field i,		\
		      (unsigned long)od->field i, o->cpu_load[cpu],	\
		      o->nr_running[cpu])

static void oracle_compare(struct oracle *o)
{
	struct sim_domain_info d;
	int cpu, l, i;

	for (cpu = 0; cpu < o->nr_cpus; cpu++)
		for (l = 0; l < o->levels[cpu]; l++) {
			struct o_domain *od = &o->dom[cpu][l];

			ck_assert_int_eq(sim_sched_domain(cpu, l, &d), 0);
			for (i = 0; i < 2; i++) {
				EXPECT_FIELD(lb_cnt, [i]);
				EXPECT_FIELD(lb_nobusyg, [i]);
				EXPECT_FIELD(lb_nobusyq, [i]);
				EXPECT_FIELD(lb_imbalance, [i]);
				EXPECT_FIELD(lb_failed, [i]);
			}
			EXPECT_FIELD(balance_interval, );
			EXPECT_FIELD(nr_balance_failed, );
			EXPECT_FIELD(last_balance, );
		}
}

/*
 * oracle_tick - run the machine through its next tick and check that
 * every CPU balanced as the rules say.  The CPUs tick in order at one
 * instant; each sees the cpu_load the others have so far.
 */
static void oracle_tick(struct oracle *o)
{
	unsigned long long t = (sim_now() / o->tick_ns + 1) * o->tick_ns;
	int cpu;

	run_until(t - 1);
	for (cpu = 0; cpu < o->nr_cpus; cpu++) {
		o->nr_running[cpu] = nr_runnable(cpu);
		o->idle[cpu] = curr(cpu) == 0;
	}
	run_until(t);
	o->ticks++;
	for (cpu = 0; cpu < o->nr_cpus; cpu++) {
		run_kicked(o, cpu);
		rebalance(o, cpu, sim_jiffies());
	}
	run_kicked(o, o->nr_cpus - 1);
	oracle_compare(o);
}

static void oracle_run(struct oracle *o, unsigned long long ns)
{
	unsigned long long end = sim_now() + ns;

	while (sim_now() < end)
		oracle_tick(o);
}

/* ---- periodic balancing: the scenarios ----------------------------------- */

/* A pinned task that burns @arg ns of CPU, then exits. */
static void body_burn_then_exit(void *ns)
{
	sim_burn((unsigned long long)(unsigned long)ns);
}

#define SETTLE_MS	30	/* cpu_load settles at n * 128 within it */
#define OUTCOME(x)	(1U << (x))

struct scenario {
	int cpus, smt, nodes;
	int hogs[MAX_CPUS];	/* pinned hogs per CPU */
	int timed[MAX_CPUS];	/* pinned hogs that exit after... */
	unsigned long timed_us;	/* ...this much CPU each */
	int run_ms;
	unsigned int need;	/* OUTCOME()s it must meet */
	unsigned int offline;	/* CPUs taken offline after the boot */
	int hz;			/* 0: 1000 */
};

static void run_scenario(const struct scenario *sc)
{
	unsigned int hz = sc->hz ? sc->hz : 1000;
	struct oracle o;
	int cpu, i, k;

	boot_hz(sc->cpus, sc->smt, sc->nodes, hz, NULL);
	for (cpu = 0; cpu < sc->cpus; cpu++)
		if ((sc->offline >> cpu) & 1)
			ck_assert_int_eq(sim_cpu_offline(cpu), 0);
	for (cpu = 0; cpu < sc->cpus; cpu++) {
		for (i = 0; i < sc->hogs[cpu]; i++)
			hog_on("hog", cpu);
		for (i = 0; i < sc->timed[cpu]; i++)
			spawn_on("timed", SIM_SCHED_NORMAL, 0, 0,
				 cpu_name(cpu), body_burn_then_exit,
				 (void *)(sc->timed_us * 1000UL));
	}
	/* as many ticks to settle at any HZ */
	run_until(SETTLE_MS * 1000000000ULL / hz);
	oracle_start(&o, hz);
	oracle_run(&o, MS(sc->run_ms));
	for (k = 0; k < NR_FBG; k++) {
		if (getenv("ORACLE_DEBUG"))
			printf("  %s: %lu\n", fbg_names[k], o.seen[k]);
		ck_assert_msg(!(sc->need & OUTCOME(k)) || o.seen[k],
			      "the scenario never met \"%s\"",
			      fbg_names[k]);
	}
}

/*
 * The scenarios, pinned hogs per CPU; loads in units of 128 (one task).
 * cpu0's view is worked out in each comment; the other CPUs are checked
 * alike.
 */
#define O(x)	OUTCOME(FBG_##x)

static const struct scenario scenarios[] = {
	/*
	 * 4 vs 5: 100 * 640 <= 125 * 512, exactly at imbalance_pct 125:
	 * balanced, the interval doubles to max_interval 4 (256 ms busy).
	 */
	{ 2, 1, 1, { 4, 5 }, { 0 }, 0, 600, O(WITHIN_PCT) },
	/*
	 * 8 vs 10: 100 * 1280 <= 125 * 1024, exactly again, where the gap
	 * to the average (128) would otherwise be a whole task to move.
	 */
	{ 2, 1, 1, { 8, 10 }, { 0 }, 0, 300, O(WITHIN_PCT) },
	/*
	 * 4 vs 6: 768 over 125% of 512; to the average 640: 128 -> one
	 * task, which cannot move (pinned): failures; the fourth kicks an
	 * active balance and nr_balance_failed drops to cache_nice_tries.
	 */
	{ 2, 1, 1, { 4, 6 }, { 0 }, 0, 600, O(TASKS) },
	/* idle cpu0 vs 3: average 192, (192 + 1) / 128 = one task a ms */
	{ 2, 1, 1, { 0, 3 }, { 0 }, 0, 300, O(TASKS) },
	/*
	 * idle cpu0 vs 1: 64 under a task; moving it gains nothing (128 of
	 * throughput either way) and 128 is no more than one task: balanced.
	 */
	{ 2, 1, 1, { 0, 1 }, { 0 }, 0, 300, O(SMALL_NONE) },
	/* 2 vs 3: 384 over 125% of 256, but half a task to the average */
	{ 2, 1, 1, { 2, 3 }, { 0 }, 0, 600, O(SMALL_NONE) },
	/* 2 of 3, 0, 0: max 384 but 256 is above the average 160 */
	{ 4, 1, 1, { 2, 3, 0, 0 }, { 0 }, 0, 300, O(AT_OR_ABOVE_AVG) },
	/* 1 of 3, 3, 3: 64 to the average 320, yet a gap of two tasks */
	{ 4, 1, 1, { 1, 3, 3, 3 }, { 0 }, 0, 600, O(SMALL_GAP) },
	/* 2 cores of 2 threads: cores of power 140 */
	{ 4, 2, 1, { 1, 0, 2, 1 }, { 0 }, 0, 300, O(TASKS) | O(SMALL_NONE) },
	{ 4, 2, 1, { 2, 1, 3, 2 }, { 0 }, 0, 600, O(NO_BUSIEST) },
	/* 2 nodes of 2 CPUs: nodes of power 256, NUMA intervals 8..32 */
	{ 4, 1, 2, { 0, 0, 1, 2 }, { 0 }, 0, 300, O(TASKS) },
	{ 4, 1, 2, { 1, 2, 2, 3 }, { 0 }, 0, 600, O(TASKS) },
	/*
	 * Loads that change, so cpu_load lags nr_running: three hogs on
	 * cpu0 burn 60.5 ms each and exit; as cpu0's load decays while it
	 * idles, it passes under one task of imbalance where moving one is
	 * still worth an eighth of a CPU.
	 */
	{ 2, 1, 1, { 0, 2 }, { 3, 0 }, 60500, 400, O(SMALL_GAIN) },
	/*
	 * The same on SMT threads: an idle thread whose decaying load is
	 * still within imbalance_pct of the busiest pulls one task all
	 * the same.
	 */
	{ 4, 2, 1, { 0, 1, 2, 0 }, { 2, 0, 0, 1 }, 40500, 400,
	  O(IDLE_PULL_ONE) | O(SMALL_GAIN) },
	/* 2 nodes of 2 cores of 2 threads: three levels */
	{ 8, 2, 2, { 1, 0, 2, 1, 0, 3, 1, 1 }, { 0 }, 0, 300,
	  O(TASKS) | O(IDLE_PULL_ONE) },
	/*
	 * idle cpu0 vs 3, 3, 3: max 384, average 288; the gap to the
	 * average is the smaller, 96 (under a task), though cpu0 is 288
	 * under it: one task for the gap of two, not (288 + 1) / 128 = 2.
	 */
	{ 4, 1, 1, { 0, 3, 3, 3 }, { 0 }, 0, 300, O(SMALL_GAP) },
	/*
	 * Groups of unequal power: 2 nodes of 2 CPUs, cpu3 offline, so
	 * node 1 is cpu2 alone (power 128) and node 0 has power 256.
	 * Busy cpu0 (one hog, cpu1 idle: 128 * 128 / 256 = 64) vs cpu2's
	 * two (256): average 384 * 128 / 384 = 128, to it 64 * 128 / 128
	 * = 64, under a task, gap 192.  Throughput now 128 + 256 * 64 /
	 * 128 = 256; after a move, cpu2 loses 128 * 128 / 128 = 128 and
	 * keeps a whole CPU busy (128), node 0 gains 128 * 128 / 256 = 64
	 * and is busy through (256): 384 >= 256 + 16, worth a task even
	 * for a busy CPU, which the idle rule does not cover.
	 */
	{ 4, 1, 2, { 1, 0, 2, 0 }, { 0 }, 0, 600, O(SMALL_GAIN), 1U << 3 },
	/*
	 * The same machine, idle node 0 vs cpu2's one hog (128): average
	 * 128 * 128 / 384 = 42.  Node 0's gain is one task in its own
	 * scale, 64, not cpu2's whole load 128: throughput 128 before and
	 * 256 * 64 / 128 = 128 after, not worth it; and 128 is no more than
	 * one task, so the idle CPUs do not pull either.
	 */
	{ 4, 1, 2, { 0, 0, 1, 0 }, { 0 }, 0, 600, O(SMALL_NONE), 1U << 3 },
	/*
	 * The same machine, idle node 0 vs cpu2's three hogs (384): average
	 * 384 * 128 / 384 = 128, 128 to it from either side, in the weaker
	 * group's power: 128 * min(256, 128) / 128 = 128, (128 + 1) / 128 =
	 * one task (in the stronger's, two).
	 */
	{ 4, 1, 2, { 0, 0, 3, 0 }, { 0 }, 0, 300, O(TASKS), 1U << 3 },
	/*
	 * At HZ 100 the intervals are whole ticks of 10 ms, rounded up:
	 * busy, 1 ms * 64 is 7 ticks, 4 ms * 64 is 26; CPU1's stagger is
	 * 100 * 1 / NR_CPUS ticks.  4 vs 6 as above: failures, kicks.
	 */
	{ 2, 1, 1, { 4, 6 }, { 0 }, 0, 3000, O(TASKS), 0, 100 },
	/* NUMA at HZ 250: 8 ms * 32 busy is 64 ticks of 4 ms, 32 * 32 256 */
	{ 4, 1, 2, { 1, 2, 2, 3 }, { 0 }, 0, 3000, O(TASKS), 0, 250 },
};

/*
 * Every CPU of every scenario balances every domain at the ticks, with
 * the outcomes and bookkeeping that 2.6.10's rules give (the oracle
 * above), for the scenario's run.
 */
static int oracle_stride = 1;	/* ORACLE_STRIDE: every Nth scenario */

START_TEST(bal_periodic_follows_the_rules)
{
	run_scenario(&scenarios[_i * oracle_stride]);
}
END_TEST

/*
 * The same oracle on machines and loads drawn at random, so that the
 * rules are checked where no one thought to look: per draw a machine
 * (SMP, SMT, NUMA, a NUMA node cut to one CPU, at HZ 1000, 250 or 100),
 * 0 to 4 pinned hogs per CPU and 0 to 2 that burn up to 61 ms more than
 * the settling time and exit (so that loads decay through the
 * small-imbalance cases).  The draw is the loop index: a failure of draw
 * N is rerun as it was.  ORACLE_DRAWS changes their number.
 */
#define NR_RANDOM_SCENARIOS	48

static unsigned int draw(unsigned long long *state, unsigned int n)
{
	unsigned long long x = *state;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	*state = x;
	return (unsigned int)(x % n);
}

START_TEST(bal_periodic_follows_the_rules_at_random)
{
	static const struct { int cpus, smt, nodes; unsigned int offline; }
	machines[] = {
		{ 2, 1, 1, 0 }, { 3, 1, 1, 0 }, { 4, 1, 1, 0 },
		{ 4, 2, 1, 0 }, { 4, 1, 2, 0 }, { 4, 1, 2, 1U << 3 },
		{ 8, 2, 2, 0 },
	};
	static const int hzs[] = { 1000, 1000, 250, 100 };
	unsigned long long state = 0x9e3779b97f4a7c15ULL * (_i + 1);
	struct scenario sc;
	int m, cpu;

	memset(&sc, 0, sizeof(sc));
	m = draw(&state, sizeof(machines) / sizeof(machines[0]));
	sc.cpus = machines[m].cpus;
	sc.smt = machines[m].smt;
	sc.nodes = machines[m].nodes;
	sc.offline = machines[m].offline;
	sc.hz = hzs[draw(&state, 4)];
	/* not before the loads have settled, whatever the tasks' shares */
	sc.timed_us = SETTLE_MS * 1000000UL / sc.hz + 1000 +
		      draw(&state, 60000);
	sc.run_ms = sc.hz == 1000 ? 300 : 600;
	for (cpu = 0; cpu < sc.cpus; cpu++) {
		if ((sc.offline >> cpu) & 1)
			continue;
		sc.hogs[cpu] = draw(&state, 5);
		sc.timed[cpu] = draw(&state, 3);
	}
	if (getenv("ORACLE_DEBUG")) {
		printf("draw %d: %d cpus, smt %d, nodes %d, offline %#x, hz %d, "
		       "timed %lu us:", _i, sc.cpus, sc.smt, sc.nodes,
		       sc.offline, sc.hz, sc.timed_us);
		for (cpu = 0; cpu < sc.cpus; cpu++)
			printf(" %d+%d", sc.hogs[cpu], sc.timed[cpu]);
		printf("\n");
	}
	run_scenario(&sc);
}
END_TEST

/*
 * One core of 2 threads: X (nice -20, 800 ms left) runs on cpu0, N
 * (nice 19, slice 5 ms) is queued on cpu1 and held back (800 * 75 / 100
 * > 5 until X has under 7 ms left).  At each tick the idle thread sees
 * its queued N and balances as a busy CPU: its interval is the busy one,
 * balance_interval * busy_factor 8, not the idle one.
 */
START_TEST(bal_held_back_smt_thread_balances_as_busy)
{
	struct oracle o;
	int x;

	boot_full(2, 2, 1, NULL);
	x = spawn_on("x", SIM_SCHED_NORMAL, 0, -20, "0", t_body_hog, NULL);
	run_until(MS(1));
	ck_assert_int_eq(kfix_ingo_set_time_slice(x, 800), 0);
	spawn_on("n", SIM_SCHED_NORMAL, 0, 19, "1", t_body_hog, NULL);
	run_until(MS(SETTLE_MS));
	ck_assert_int_eq(curr(1), 0);
	oracle_start(&o, HZ);
	oracle_run(&o, MS(100));
	ck_assert_int_eq(curr(1), 0);
}
END_TEST

/* ---- moving tasks -------------------------------------------------------- */

/* Virtual ns at which jiffies reaches @j (a tick), from now. */
static unsigned long long time_of_jiffy(unsigned long j)
{
	unsigned long long tick = sim_now() / TICK_NS * TICK_NS;

	return tick + (unsigned long long)(long)(j - sim_jiffies()) * TICK_NS;
}

static struct kfix_ingo ingo_of(int pid)
{
	struct kfix_ingo k;

	ck_assert_int_eq(kfix_ingo_read(pid, &k), 0);
	return k;
}

static unsigned long long ingo_timestamp(int pid)
{
	return ingo_of(pid).timestamp;
}

static unsigned long long ingo_sleep_avg(int pid)
{
	return ingo_of(pid).sleep_avg;
}

/* Make @pid the task running on @cpu: the others' slices end at once. */
static void make_current(int cpu, int pid)
{
	int i;

	for (i = 0; i < 10 && curr(cpu) != pid; i++) {
		ck_assert_int_eq(kfix_ingo_set_time_slice(curr(cpu), 1), 0);
		run_until((sim_now() / TICK_NS + 1) * TICK_NS);
	}
	ck_assert_int_eq(curr(cpu), pid);
}

/*
 * 2 CPUs: cpu0 runs a pinned hog, cpu1 two pinned hogs and B, whose
 * slice ends at cpu1's tick @d ms before cpu0's next periodic balance
 * (fresh domains: nr_balance_failed 0).  B is let go half a tick before
 * that balance, which wants one task (1 vs 3).  At the balance, cpu1's
 * last tick was 1 ms earlier:
 *   d = 1: B stopped 0 ms before it, cache hot: skipped, since the
 *	domain has not failed cache_nice_tries (1) times; a failure, the
 *	interval steps up by one.  The next balance, having failed, takes
 *	B whatever its cache.
 *   d = 4: 3 ms, cold: B moves at once.
 * A balance that moved a task resets the interval to min_interval and
 * nr_balance_failed to 0.
 */
START_TEST(bal_cache_hot_task_waits_for_a_failure)
{
	int d = _i ? 4 : 1, a1, a2, b, setter;
	struct sim_domain_info before, after;
	unsigned long long t;

	boot_full(2, 1, 1, NULL);
	hog_on("h", 0);
	a1 = hog_on("a1", 1);
	a2 = hog_on("a2", 1);
	b = hog_on("b", 1);
	setter = spawn_on("setter", SIM_SCHED_NORMAL, 0, -5, "0", NULL, NULL);
	ck_assert_int_eq(kfix_ingo_set_sleep_avg(a1, 0), 0);
	ck_assert_int_eq(kfix_ingo_set_sleep_avg(a2, 0), 0);
	ck_assert_int_eq(kfix_ingo_set_sleep_avg(b, 0), 0);
	run_until(MS(20));
	before = domain(0, 0);
	ck_assert_uint_eq(before.nr_balance_failed, 0);
	ck_assert_uint_eq(before.lb_cnt[SIM_IDLE_NOT], 0);
	t = time_of_jiffy(before.last_balance + before.balance_interval *
			  PHYS.busy_factor);

	make_current(1, b);
	ck_assert_int_eq(kfix_ingo_set_time_slice(b, (t - sim_now()) /
						  TICK_NS - d), 0);
	run_until(t - TICK_NS / 2);
	ck_assert_int_ne(curr(1), b);
	ck_assert_int_eq(t_info(b).cpu, 1);
	ck_assert_int_eq(set_affinity(setter, b, 0x3), 0);
	run_until(t);

	after = domain(0, 0);
	ck_assert_uint_eq(after.lb_cnt[SIM_IDLE_NOT], 1);
	ck_assert_uint_eq(after.lb_imbalance[SIM_IDLE_NOT], 1);
	if (d == 4) {
		ck_assert_int_eq(t_info(b).cpu, 0);
		/*
		 * B's timestamp (t - 4 ms, when it stopped) moves onto
		 * cpu0's clock: cpu1's last tick was t - 1 ms, cpu0's t.
		 */
		ck_assert_uint_eq(ingo_timestamp(b), t - MS(3));
		ck_assert_uint_eq(after.lb_failed[SIM_IDLE_NOT], 0);
		ck_assert_uint_eq(after.balance_interval, PHYS.min_interval);
		return;
	}
	ck_assert_int_eq(t_info(b).cpu, 1);
	ck_assert_uint_eq(after.lb_failed[SIM_IDLE_NOT], 1);
	ck_assert_uint_eq(after.nr_balance_failed, 1);
	ck_assert_uint_eq(after.balance_interval, before.balance_interval + 1);

	/* the next balance: failed once, so aggressive */
	make_current(1, b);
	t = time_of_jiffy(after.last_balance + after.balance_interval *
			  PHYS.busy_factor);
	ck_assert_int_eq(kfix_ingo_set_time_slice(b, (t - sim_now()) /
						  TICK_NS - 1), 0);
	run_until(t);
	ck_assert_int_eq(t_info(b).cpu, 0);
	after = domain(0, 0);
	ck_assert_uint_eq(after.lb_cnt[SIM_IDLE_NOT], 2);
	ck_assert_uint_eq(after.nr_balance_failed, 0);
	ck_assert_uint_eq(after.balance_interval, PHYS.min_interval);
}
END_TEST

/* cpuN's line of /proc/schedstat: its 28 numbers (version 10). */
enum {
	SCHED_CNT = 6, SCHED_GOIDLE, ALB_CNT, ALB_GAINED, ALB_LOST,
	ALB_FAILED,
	CPU_FIELDS = 28
};

static void cpu_stats(int cpu, unsigned long v[CPU_FIELDS])
{
	const char *text = sim_schedstat(), *p;
	char head[16];
	int i, n;

	ck_assert_ptr_nonnull(text);
	snprintf(head, sizeof(head), "\ncpu%d ", cpu);
	p = strstr(text, head);
	ck_assert_msg(p != NULL, "no %s line", head + 1);
	p += strlen(head);
	for (i = 0; i < CPU_FIELDS; i++) {
		ck_assert_int_eq(sscanf(p, "%lu%n", &v[i], &n), 1);
		p += n;
	}
}

/* The migrations (or wake-ups) of one task, as the trace shows them. */
struct moves {
	int pid, nr;
	struct sim_trace_event ev[8];
};

static void record_moves(const struct sim_trace_event *ev, void *arg)
{
	struct moves *m = arg;

	if (ev->type == SIM_TRACE_MIGRATE && ev->pid == m->pid && m->nr < 8)
		m->ev[m->nr++] = *ev;
}

static void record_wakeups(const struct sim_trace_event *ev, void *arg)
{
	struct moves *m = arg;

	if (ev->type == SIM_TRACE_WAKEUP && ev->pid == m->pid && m->nr < 8)
		m->ev[m->nr++] = *ev;
}

/*
 * 4 CPUs: cpu1 runs M (a long slice left) beside two hogs pinned there;
 * the other CPUs are idle (variant 1: a pinned hog keeps cpu2 busy).
 * The idle CPUs cannot pull (M runs, the rest is pinned); the fourth
 * failure in a row (nr_balance_failed > cache_nice_tries + 2) wakes
 * migration/1, which pushes M - no longer running - to the first group
 * of cpu1's domain after its own that is wholly idle: cpu2, or cpu3 when
 * cpu2 is busy.  One push: alb_cnt and alb_lost of cpu1 and alb_gained
 * of the target grow by 1; the other idle groups count a failure each.
 */
START_TEST(bal_active_balance_pushes_running_task)
{
	int dest = _i ? 3 : 2, m, setter, i, cpu;
	unsigned long before[4][CPU_FIELDS], after[4][CPU_FIELDS];
	struct moves moves = { 0 };

	boot_full(4, 1, 1, NULL);
	m = hog_on("m", 1);
	hog_on("p", 1);
	hog_on("p", 1);
	if (_i)
		hog_on("busy", 2);
	setter = spawn_on("setter", SIM_SCHED_NORMAL, 0, -5, "0", NULL, NULL);
	run_until(MS(20));
	make_current(1, m);
	ck_assert_int_eq(kfix_ingo_set_time_slice(m, 400), 0);
	moves.pid = m;
	sim_trace_set_sink(record_moves, &moves);
	ck_assert_int_eq(set_affinity(setter, m, 0xf), 0);
	for (i = 0; i < 100 && !moves.nr; i++) {
		for (cpu = 0; cpu < 4; cpu++)
			cpu_stats(cpu, before[cpu]);
		run_until((sim_now() / TICK_NS + 1) * TICK_NS);
	}
	sim_trace_set_sink(NULL, NULL);
	ck_assert_int_eq(moves.nr, 1);
	ck_assert_int_eq(moves.ev[0].cpu, 1);		/* by migration/1 */
	ck_assert_int_eq(moves.ev[0].orig_cpu, 1);
	ck_assert_int_eq(moves.ev[0].target_cpu, dest);
	ck_assert_int_eq(t_info(m).cpu, dest);
	/* an idle CPU given a task runs it at once */
	ck_assert_int_eq(curr(dest), m);
	ck_assert_int_gt(t_info(migration_thread(1)).switches, 0);
	for (cpu = 0; cpu < 4; cpu++)
		cpu_stats(cpu, after[cpu]);
	ck_assert_uint_eq(after[1][ALB_CNT] - before[1][ALB_CNT], 1);
	ck_assert_uint_eq(after[1][ALB_LOST] - before[1][ALB_LOST], 1);
	ck_assert_uint_eq(after[dest][ALB_GAINED] - before[dest][ALB_GAINED],
			  1);
	/* the wholly idle groups after the target: nothing left to push */
	ck_assert_uint_eq(after[1][ALB_FAILED] - before[1][ALB_FAILED],
			  dest == 2 ? 2 : 1);
}
END_TEST

/*
 * 2 CPUs: T, alone on cpu0, sleeps at 30.5 ms, between two ticks; cpu1
 * runs A (pinned, a long slice) with B, movable (a setter there lets it
 * go) and cold, queued.  cpu0
 * balances as newly idle at that very instant and pulls B:
 *   variant 0: a second pinned hog on cpu1: 1 vs 3 tasks, an imbalance
 *	of one task;
 *   variant 1: 1 vs 2: half a task, not worth moving - balanced, but a
 *	newly idle CPU still takes one.
 * One newly idle balance, an imbalance of 1 counted, no failure.
 */
START_TEST(bal_newly_idle_pulls_one_at_once)
{
	struct sim_domain_info before, after;
	struct moves moves = { 0 };
	int a, b, t, setter;

	boot_full(2, 1, 1, NULL);
	a = hog_on("a", 1);
	if (!_i)
		hog_on("a2", 1);
	b = hog_on("b", 1);
	t = script_on("t", "0");
	setter = spawn_on("setter", SIM_SCHED_NORMAL, 0, -5, "1", NULL, NULL);
	run_until(MS(5));
	make_current(1, a);
	ck_assert_int_eq(kfix_ingo_set_time_slice(a, 500), 0);
	ck_assert_int_eq(kfix_ingo_set_time_slice(t, 500), 0);
	post(t, SIM_CMD_BURN, MS(30) + 500000 - sim_now(), 0);
	ck_assert_int_eq(set_affinity(setter, b, 0x3), 0);
	post(t, SIM_CMD_SLEEP, MS(200), 0);
	moves.pid = b;
	sim_trace_set_sink(record_moves, &moves);
	before = domain(0, 0);
	run_until(MS(40));
	sim_trace_set_sink(NULL, NULL);
	after = domain(0, 0);
	ck_assert_int_eq(moves.nr, 1);
	ck_assert_uint_eq(moves.ev[0].ns, MS(30) + 500000);
	ck_assert_int_eq(moves.ev[0].cpu, 0);
	ck_assert_int_eq(t_info(b).cpu, 0);
	ck_assert_uint_eq(after.lb_cnt[SIM_IDLE_NEWLY] -
			  before.lb_cnt[SIM_IDLE_NEWLY], 1);
	ck_assert_uint_eq(after.lb_imbalance[SIM_IDLE_NEWLY] -
			  before.lb_imbalance[SIM_IDLE_NEWLY], 1);
	ck_assert_uint_eq(after.lb_failed[SIM_IDLE_NEWLY],
			  before.lb_failed[SIM_IDLE_NEWLY]);
}
END_TEST

/*
 * 2 cores of 2 threads: T, alone on cpu0, sleeps at 30.5 ms; core 1 has
 * a pinned hog on each thread and B, movable and cold, queued on cpu2.
 * Going idle, cpu0 balances each SD_BALANCE_NEWIDLE domain, lowest
 * first, until one pulls a task:
 *   variant 0: cpu1 is idle: the sibling level finds no busiest group,
 *	the core level pulls B;
 *   variant 1: cpu1 has a pinned hog and B' movable: the sibling level
 *	pulls B' and the core level is not tried.
 * (Slices stay short, 40 ms: a sibling's long slice would hold the
 * other thread back.)
 */
START_TEST(bal_newly_idle_stops_at_the_first_pull)
{
	struct sim_domain_info sib0, sib1, core0, core1;
	int a1 = 0, a2, b, b2 = 0, t, setter, moved;

	boot_full(4, 2, 1, NULL);
	b = hog_on("b", 2);
	a2 = hog_on("a", 2);
	hog_on("c", 3);
	if (_i) {
		b2 = hog_on("b2", 1);
		a1 = hog_on("a", 1);
	}
	t = script_on("t", "0");
	/* a FIFO setter acts at once */
	setter = spawn_on("setter", SIM_SCHED_FIFO, 50, 0, "3", NULL, NULL);
	run_until(MS(5));
	make_current(2, a2);
	ck_assert_int_eq(kfix_ingo_set_time_slice(a2, 40), 0);
	if (_i) {
		make_current(1, a1);
		ck_assert_int_eq(kfix_ingo_set_time_slice(a1, 40), 0);
	}
	ck_assert_int_eq(kfix_ingo_set_time_slice(t, 40), 0);
	post(t, SIM_CMD_BURN, MS(30) + 500000 - sim_now(), 0);
	post(t, SIM_CMD_SLEEP, MS(200), 0);
	/* let them go between cpu1's ticks, just before cpu0 goes idle */
	run_until(MS(30) + 400000);
	ck_assert_int_eq(set_affinity(setter, b, 0xf), 0);
	if (_i)
		ck_assert_int_eq(set_affinity(setter, b2, 0xf), 0);
	sib0 = domain(0, 0);
	core0 = domain(0, 1);
	run_until(MS(30) + 600000);
	sib1 = domain(0, 0);
	core1 = domain(0, 1);
	moved = _i ? b2 : b;
	ck_assert_int_eq(t_info(moved).cpu, 0);
	ck_assert_int_eq(curr(0), moved);
	ck_assert_uint_eq(sib1.lb_cnt[SIM_IDLE_NEWLY] -
			  sib0.lb_cnt[SIM_IDLE_NEWLY], 1);
	ck_assert_uint_eq(sib1.lb_nobusyg[SIM_IDLE_NEWLY] -
			  sib0.lb_nobusyg[SIM_IDLE_NEWLY], _i ? 0 : 1);
	ck_assert_uint_eq(core1.lb_cnt[SIM_IDLE_NEWLY] -
			  core0.lb_cnt[SIM_IDLE_NEWLY], _i ? 0 : 1);
	if (_i)
		ck_assert_int_eq(t_info(b).cpu, 2);
}
END_TEST

/*
 * 2 CPUs: cpu0 runs a pinned hog, cpu1 runs A (pinned) with four
 * movable hogs queued, all cold: 1 vs 5 tasks, average 384, so the
 * imbalance is (256 + 1) / 128 = 2 tasks, and cpu0's balance moves two.
 */
START_TEST(bal_pull_moves_the_imbalance)
{
	int a, m[4], setter, i, on0 = 0;
	struct sim_domain_info d;
	unsigned long long t;

	boot_full(2, 1, 1, NULL);
	hog_on("h", 0);
	a = hog_on("a", 1);
	for (i = 0; i < 4; i++)
		m[i] = hog_on("m", 1);
	setter = spawn_on("setter", SIM_SCHED_FIFO, 50, 0, "0", NULL, NULL);
	make_current(1, a);
	ck_assert_int_eq(kfix_ingo_set_time_slice(a, 100), 0);
	d = domain(0, 0);
	t = time_of_jiffy(d.last_balance + d.balance_interval *
			  PHYS.busy_factor);
	run_until(t - TICK_NS / 2);
	for (i = 0; i < 4; i++)
		ck_assert_int_eq(set_affinity(setter, m[i], 0x3), 0);
	run_until(t);
	for (i = 0; i < 4; i++)
		on0 += t_info(m[i]).cpu == 0;
	ck_assert_int_eq(on0, 2);
	d = domain(0, 0);
	ck_assert_uint_eq(d.lb_imbalance[SIM_IDLE_NOT], 2);
	ck_assert_uint_eq(d.lb_failed[SIM_IDLE_NOT], 0);
}
END_TEST

/* The first migration onto cpu0, whichever the task. */
static void record_first_to_cpu0(const struct sim_trace_event *ev, void *arg)
{
	struct moves *m = arg;

	if (ev->type == SIM_TRACE_MIGRATE && ev->target_cpu == 0 && !m->nr)
		m->ev[m->nr++] = *ev;
}

/*
 * 2 nodes of 2 CPUs, cpu1 offline: idle cpu0 is node 0 alone.  Node 1's
 * cpu2 and cpu3 each run two hogs that may also run on cpu0: equal
 * loads, 256 each.  find_busiest_queue() keeps the first CPU of the
 * busiest group with the most load; a later one only if it has more, so
 * cpu0's first pull is from cpu2.
 */
START_TEST(bal_busiest_queue_first_of_equals)
{
	struct moves moves = { 0 };
	int t[4], setter, i;

	boot_full(4, 1, 2, NULL);
	ck_assert_int_eq(sim_cpu_offline(1), 0);
	for (i = 0; i < 4; i++)
		t[i] = hog_on("h", 2 + i / 2);
	setter = spawn_on("setter", SIM_SCHED_FIFO, 50, 0, "0", NULL, NULL);
	run_until(MS(SETTLE_MS));
	sim_trace_set_sink(record_first_to_cpu0, &moves);
	for (i = 0; i < 4; i++)
		ck_assert_int_eq(set_affinity(setter, t[i],
					      1UL | 1UL << (2 + i / 2)), 0);
	run_until(MS(SETTLE_MS + 100));
	sim_trace_set_sink(NULL, NULL);
	ck_assert_int_eq(moves.nr, 1);
	ck_assert_int_eq(moves.ev[0].cpu, 0);
	ck_assert_int_eq(moves.ev[0].orig_cpu, 2);
}
END_TEST

/* Is @d due for a balance at jiffies @j on CPU 0 (no stagger)? */
static int due(const struct sim_domain_info *d, unsigned long j, int idle)
{
	unsigned long interval = d->balance_interval;

	if (!idle)
		interval *= d->busy_factor;
	return j - d->last_balance >= interval;
}

/*
 * 2 cores of 2 threads: cpu0 idle, its sibling cpu1 runs A (pinned) with
 * B queued; core 1 idle.  B is let go half a tick before a tick at which
 * both of cpu0's levels are due by the idle intervals.  At that tick
 * the sibling level pulls B (cache_hot_time 0); cpu0 is then no longer
 * idle, so the core level waits for its busy interval (times 64) and
 * does not balance.
 */
START_TEST(bal_pull_makes_the_cpu_busy_for_higher_levels)
{
	struct sim_domain_info sib, core, after;
	unsigned long j = 0;
	int a, b, setter, i;

	boot_full(4, 2, 1, NULL);
	a = hog_on("a", 1);
	b = hog_on("b", 1);
	/* on cpu1: a setter elsewhere would go newly idle and pull B */
	setter = spawn_on("setter", SIM_SCHED_FIFO, 50, 0, "1", NULL, NULL);
	make_current(1, a);
	ck_assert_int_eq(kfix_ingo_set_time_slice(a, 100), 0);
	run_until(MS(20) + 500000);
	for (i = 0; i < 16; i++) {
		sib = domain(0, 0);
		core = domain(0, 1);
		j = sim_jiffies() + 1;
		if (due(&sib, j, 1) && due(&core, j, 1))
			break;
		run_until(sim_now() + TICK_NS);
	}
	ck_assert_msg(i < 16, "no tick with both levels due");
	ck_assert_int_eq(curr(0), 0);
	ck_assert_int_eq(set_affinity(setter, b, 0xf), 0);
	run_until((sim_now() / TICK_NS + 1) * TICK_NS);
	ck_assert_uint_eq(sim_jiffies(), j);
	ck_assert_int_eq(t_info(b).cpu, 0);
	after = domain(0, 0);
	ck_assert_uint_eq(after.lb_cnt[SIM_IDLE_SCHED],
			  sib.lb_cnt[SIM_IDLE_SCHED] + 1);
	after = domain(0, 1);
	ck_assert_uint_eq(after.lb_cnt[SIM_IDLE_SCHED],
			  core.lb_cnt[SIM_IDLE_SCHED]);
	ck_assert_uint_eq(after.lb_cnt[SIM_IDLE_NOT],
			  core.lb_cnt[SIM_IDLE_NOT]);
}
END_TEST

/*
 * 2 CPUs: cpu1 runs interactive A (pinned) with B (nice -5, not
 * interactive, movable, its slice just spent: in the expired array) and
 * C (nice 5,
 * movable, cold, waiting behind A in the active array) queued; cpu0
 * runs a pinned hog.
 * cpu0's balance wants one task (1 vs 3) and takes it from the expired
 * array first (least likely to be cache hot): B, not C.
 */
START_TEST(bal_pull_takes_expired_first)
{
	int a, b, c, setter;
	unsigned long long t;
	struct sim_domain_info d;

	boot_full(2, 1, 1, NULL);
	hog_on("h", 0);
	a = hog_on("a", 1);
	b = spawn_on("b", SIM_SCHED_NORMAL, 0, -5, "1", t_body_hog, NULL);
	c = spawn_on("c", SIM_SCHED_NORMAL, 0, 5, "1", t_body_hog, NULL);
	setter = spawn_on("setter", SIM_SCHED_FIFO, 50, 0, "0", NULL, NULL);
	/* forked off init's short slice: full ones */
	ck_assert_int_eq(kfix_ingo_set_time_slice(a, 100), 0);
	ck_assert_int_eq(kfix_ingo_set_time_slice(c, 50), 0);
	/* A interactive: a slice spent keeps it in the active array */
	ck_assert_int_eq(kfix_ingo_set_sleep_avg(a, SEC(1)), 0);
	/* B (nice -5) runs first and spends its slice: it expires */
	ck_assert_int_eq(curr(1), b);
	ck_assert_int_eq(kfix_ingo_set_sleep_avg(b, 0), 0);
	ck_assert_int_eq(kfix_ingo_set_time_slice(b, 1), 0);
	run_until((sim_now() / TICK_NS + 1) * TICK_NS);
	/* then A; C, nice 5, waits behind it */
	ck_assert_int_eq(curr(1), a);
	ck_assert_int_eq(kfix_ingo_same_array(a, b), 0);
	ck_assert_int_eq(kfix_ingo_same_array(a, c), 1);
	d = domain(0, 0);
	t = time_of_jiffy(d.last_balance + d.balance_interval *
			  PHYS.busy_factor);
	run_until(t - TICK_NS / 2);
	ck_assert_int_eq(kfix_ingo_same_array(a, b), 0);
	ck_assert_int_eq(set_affinity(setter, b, 0x3), 0);
	ck_assert_int_eq(set_affinity(setter, c, 0x3), 0);
	run_until(t);
	ck_assert_int_eq(t_info(b).cpu, 0);
	ck_assert_int_eq(t_info(c).cpu, 1);
}
END_TEST

/* ---- wake-up placement ---------------------------------------------------- */

#define WQ		7		/* the harness wait queue S sleeps on */

/*
 * sleeper_on_cpu1 - script task S pinned to cpu1 at nice -5 with a full
 * slice, so that it preempts cpu1's nice 0 hogs at once: at @when it
 * burns until @sleep_at, then sleeps on WQ.  Returns S; its affinity
 * is widened by the waker just before the wake-up.
 */
static int sleeper_on_cpu1(unsigned long long when,
			   unsigned long long sleep_at)
{
	int s = spawn_on("s", SIM_SCHED_NORMAL, 0, -5, "1", NULL, NULL);

	run_until(when);
	ck_assert_int_eq(kfix_ingo_set_time_slice(s, 500), 0);
	post(s, SIM_CMD_BURN, sleep_at - when, 0);
	post(s, SIM_CMD_WQ_WAIT, WQ, 0);
	run_until(sleep_at);
	ck_assert_int_eq(t_info(s).state, 'S');
	ck_assert_int_eq(t_info(s).cpu, 1);
	return s;
}

/* Run the machine to @when: the wake-ups of @pid, from the trace. */
static struct moves wakeups_until(int pid, unsigned long long when)
{
	struct moves wakes = { .pid = pid };

	sim_trace_set_sink(record_wakeups, &wakes);
	run_until(when);
	sim_trace_set_sink(NULL, NULL);
	return wakes;
}

/*
 * W wakes S (asleep on WQ) now: the CPU S was woken on, as the trace
 * says (an idle CPU may pull it right after).
 */
static int wake_cpu(int w, int s)
{
	struct moves wakes = { .pid = s };

	sim_trace_set_sink(record_wakeups, &wakes);
	ck_assert_int_eq(t_cmd(w, SIM_CMD_WQ_WAKE, WQ, 1, 0, 0), 0);
	sim_trace_set_sink(NULL, NULL);
	ck_assert_int_eq(wakes.nr, 1);
	return wakes.ev[0].target_cpu;
}

/* Waker W (on cpu0) lets S run anywhere and wakes it now: S's CPU. */
static int wake_from_cpu0(int w, int s)
{
	ck_assert_int_eq(set_affinity(w, s, 0x3), 0);
	return wake_cpu(w, s);
}

/*
 * 2 CPUs: S sleeps on cpu1 at 61.5 ms beside a nice 19 hog; W wakes it
 * from the otherwise idle cpu0 (one task each: no wake balance).  S is
 * cache hot while cpu1's last tick is less than cache_hot_time (2.5 ms)
 * after it ran: woken between the ticks of 63 and 64 ms (1.5 ms) it
 * stays on cpu1; woken after the tick of 64 ms (2.5 ms: no longer
 * hot) wake affine pulls it to cpu0.
 */
START_TEST(wake_affine_needs_cache_hot_time_passed)
{
	static const struct {
		unsigned long long wake_at;
		int cpu;
	} c[] = { { MS(63) + 200000, 1 }, { MS(64) + 200000, 0 } };
	int s, w, cpu;

	boot_full(2, 1, 1, NULL);
	spawn_on("b", SIM_SCHED_NORMAL, 0, 19, "1", t_body_hog, NULL);
	w = script_on("w", "0");
	s = sleeper_on_cpu1(MS(40), MS(61) + 500000);
	run_until(c[_i].wake_at);
	cpu = wake_from_cpu0(w, s);
	ck_assert_msg(cpu == c[_i].cpu, "woken at %llu ns: on cpu%d, want "
		      "cpu%d", c[_i].wake_at, cpu, c[_i].cpu);
	ck_assert_uint_eq(domain(0, 0).ttwu_wake_affine, (unsigned)_i);
}
END_TEST

/*
 * 2 CPUs: S sleeps on cpu1, now idle, long enough to be cold; W wakes it
 * from cpu0, where it is the only task: at once (cpu0's cpu_load still
 * 0, but W itself counts: target load 128), or after burning 5 ms.  A
 * task is never pulled off an idle CPU (load under half a task) onto a
 * busy one (over half a task): S wakes on cpu1.
 */
START_TEST(wake_never_pulls_from_an_idle_cpu)
{
	int s, w;

	boot_full(2, 1, 1, NULL);
	w = script_on("w", "0");
	s = sleeper_on_cpu1(MS(20), MS(21));
	run_until(MS(40));
	ck_assert_int_eq(curr(1), 0);
	ck_assert_int_eq(set_affinity(w, s, 0x3), 0);
	if (_i)
		ck_assert_int_eq(t_cmd(w, SIM_CMD_BURN, MS(5), 0, 0, 0), 0);
	ck_assert_int_eq(wake_cpu(w, s), 1);
	ck_assert_uint_eq(domain(0, 0).ttwu_wake_affine, 0);
}
END_TEST

/*
 * 2 CPUs: S, cold, sleeps on cpu1; W, alone on cpu0 (target load 128),
 * wakes it while cpu1's load (source: the lower of cpu_load and
 * nr_running * 128) is
 *   variant 0: 64 (one tick of B1 after idling): not under half a
 *	task: wake affine pulls S to cpu0;
 *   variant 1: 96 (two ticks of B1): the same;
 *   variant 2: 60 (four ticks of B1, then one idle, and B1 back since):
 *	under half a task, so S is not pulled off the (nearly) idle CPU.
 */
START_TEST(wake_pulls_only_from_half_busy_cpu)
{
	static const int cpu[] = { 0, 0, 1 };
	int b1, s, w;

	boot_full(2, 1, 1, NULL);
	w = script_on("w", "0");
	b1 = script_on("b1", "1");
	s = sleeper_on_cpu1(MS(20), MS(21));
	ck_assert_int_eq(set_affinity(w, s, 0x3), 0);
	run_until(MS(100) + 500000);
	if (_i < 2) {
		post(b1, SIM_CMD_BURN, MS(20), 0);
		run_until(MS(101 + _i) + 500000);
	} else {
		post(b1, SIM_CMD_BURN, MS(4), 0);
		run_until(MS(105) + 300000);
		post(b1, SIM_CMD_BURN, MS(20), 0);
		run_until(MS(105) + 500000);
	}
	ck_assert_int_eq(t_info(b1).state, 'R');
	ck_assert_int_eq(wake_cpu(w, s), cpu[_i]);
	ck_assert_uint_eq(domain(0, 0).ttwu_wake_affine, cpu[_i] == 0);
}
END_TEST

/*
 * 2 CPUs, W alone on cpu0 (target load 128).  cpu1's cpu_load is made
 * to sit between whole tasks: each tick it moves halfway to nr_running
 * * 128, rounded up when rising, so from idle, with hogs B1 and B2
 *   variant 0: 1, 1, then 2 tasks:		64, 96, 176
 *   variant 1: 1, 1, 1, 1, 0, 1, then 2:	64, 96, 112, 120, 60, 94, 175
 * and S, hot (it ran 0.3 ms before), is woken from cpu0 before cpu1's
 * next tick.  Wake balance moves it when 137 * 128 = 17536 <= 100 *
 * load: at 176 (17600) it moves, at 175 (17500) it stays.
 */
START_TEST(wake_balance_threshold_exact)
{
	int b1, b2, s, w;
	unsigned long long t = MS(100);

	boot_full(2, 1, 1, NULL);
	w = spawn_on("w", SIM_SCHED_NORMAL, 0, -5, "0", NULL, NULL);
	b1 = script_on("b1", "1");
	b2 = script_on("b2", "1");
	s = spawn_on("s", SIM_SCHED_NORMAL, 0, -10, "1", NULL, NULL);
	ck_assert_int_eq(set_affinity(w, s, 0x3), 0);
	/* B1 from t + 0.5 ms: the ticks t + 1 and t + 2 see one task */
	run_until(t + 500000);
	if (_i) {
		/* ... and t + 3, t + 4; none at t + 5; one again at t + 6 */
		post(b1, SIM_CMD_BURN, MS(4), 0);
		run_until(t + MS(5) + 500000);
		t += MS(4);
	}
	post(b1, SIM_CMD_BURN, MS(20), 0);
	/* B2 too from t + 2.5 ms: the tick t + 3 sees two */
	run_until(t + MS(2) + 500000);
	post(b2, SIM_CMD_BURN, MS(20), 0);
	run_until(t + MS(3) + 200000);
	post(s, SIM_CMD_BURN, 100000, 0);
	post(s, SIM_CMD_WQ_WAIT, WQ, 0);
	run_until(t + MS(3) + 500000);
	ck_assert_int_eq(t_info(s).state, 'S');
	ck_assert_int_eq(wake_cpu(w, s), _i ? 1 : 0);
	ck_assert_uint_eq(domain(0, 0).ttwu_wake_balance, _i ? 0 : 1);
}
END_TEST

/*
 * 2 nodes of 2 CPUs: S, cold, sleeps on cpu2 (node 1) beside a hog; W
 * wakes it from cpu0 (node 0), where it is alone.  The node level has
 * no SD_WAKE_AFFINE, and one task each is no wake balance: S stays in
 * its node.
 */
START_TEST(wake_affine_not_across_nodes)
{
	int s, w;

	boot_full(4, 1, 2, NULL);
	hog_on("hog", 2);
	w = script_on("w", "0");
	s = spawn_on("s", SIM_SCHED_NORMAL, 0, -5, "2", NULL, NULL);
	run_until(MS(20));
	ck_assert_int_eq(kfix_ingo_set_time_slice(s, 100), 0);
	post(s, SIM_CMD_BURN, MS(1), 0);
	post(s, SIM_CMD_WQ_WAIT, WQ, 0);
	run_until(MS(40));
	ck_assert_int_eq(t_info(s).state, 'S');
	ck_assert_int_eq(set_affinity(w, s, 0xf), 0);
	ck_assert_int_eq(wake_cpu(w, s), 2);
	ck_assert_uint_eq(domain(0, 1).ttwu_wake_affine, 0);
}
END_TEST



/*
 * 2 CPUs: S, hot (it ran 0.3 ms ago), last ran on cpu1 among @sleeper
 * pinned hogs; W wakes it from cpu0 among @waker pinned hogs.  Wake
 * balance moves a hot task to the waker when the waker's CPU has room
 * by imbalance_pct's margin and a half: 125 + 25 / 2 = 137, 137 *
 * this_load <= 100 * load.  1 + 1 (W) vs 3 tasks: 137 * 256 <= 38400,
 * S moves; 2 + 1 vs 4: 137 * 384 > 51200, it stays.
 */
START_TEST(wake_balance_at_137_percent)
{
	static const struct {
		int waker, sleeper, cpu;
	} c[] = { { 1, 3, 0 }, { 2, 4, 1 } };
	int i, s, w;

	boot_full(2, 1, 1, NULL);
	for (i = 0; i < c[_i].waker; i++)
		hog_on("hog", 0);
	for (i = 0; i < c[_i].sleeper; i++)
		hog_on("hog", 1);
	w = spawn_on("w", SIM_SCHED_NORMAL, 0, -5, "0", NULL, NULL);
	s = sleeper_on_cpu1(MS(40), MS(40) + 300000);
	ck_assert_int_eq(wake_from_cpu0(w, s), c[_i].cpu);
	ck_assert_uint_eq(domain(0, 0).ttwu_wake_balance, (unsigned)!_i ? 1 : 0);
	ck_assert_uint_eq(domain(0, 0).ttwu_wake_affine, 0);
}
END_TEST

/* S's body: may run anywhere (mask at *arg), runs 0.1 ms, sleeps. */
static void sync_sleeper(void *mask_uaddr)
{
	sim_syscall(SIM_SYS_sched_setaffinity, 0, sizeof(unsigned long),
		    (long)(unsigned long)mask_uaddr);
	sim_burn(100000);
	kfix_wait_open_coded();
	for (;;)
		sim_burn(SEC(1000));
}

/* W's body: at the next tick, wakes S, sync or not (@arg). */
static void sync_waker(void *sync)
{
	sim_sleep(TICK_NS);
	if (sync)
		kfix_wake_open_coded_sync();
	else
		kfix_wake_open_coded();
	for (;;)
		sim_sleep(SEC(1000));
}

/*
 * 2 CPUs: S sleeps, hot, on cpu1 beside a hog (load 128); W, alone on
 * cpu0 (target load 128), wakes it.  One task each is no wake balance
 * (137 * 128 > 100 * 128): S wakes on cpu1.  A sync waker is about to
 * sleep and does not count (this_load 0): wake balance moves S to cpu0.
 */
START_TEST(wake_sync_waker_does_not_count)
{
	struct moves wakes;
	unsigned long mask = 0x3, uaddr;
	int hog, s;

	boot_full(2, 1, 1, NULL);
	kfix_reset();
	hog = hog_on("hog", 1);
	uaddr = user_mask(hog, mask);
	run_until(MS(20));
	s = spawn_on("s", SIM_SCHED_NORMAL, 0, -10, "1", sync_sleeper,
		     (void *)uaddr);
	spawn_on("w", SIM_SCHED_NORMAL, 0, 0, "0", sync_waker,
		 (void *)(unsigned long)_i);
	wakes = wakeups_until(s, MS(22));
	ck_assert_int_eq(wakes.nr, 1);
	ck_assert_uint_eq(wakes.ev[0].ns, MS(21));
	ck_assert_int_eq(wakes.ev[0].cpu, 0);
	ck_assert_int_eq(wakes.ev[0].target_cpu, _i ? 0 : 1);
}
END_TEST

/*
 * Wake balance compares 137 * this_load with 100 * load, and equal is
 * enough: 0 <= 0.  S sleeps, hot, on idle cpu1 (load 0: nothing runs
 * there); W, alone on idle cpu0, wakes it sync (W does not count: 128 -
 * 128 = 0).  Not wake affine (hot), but wake balance: S moves to cpu0.
 */
START_TEST(wake_balance_between_two_empty_cpus)
{
	struct moves wakes;
	unsigned long mask = 0x3, uaddr;
	int w, s;

	boot_full(2, 1, 1, NULL);
	kfix_reset();
	run_until(MS(20));
	w = spawn_on("w", SIM_SCHED_NORMAL, 0, 0, "0", sync_waker,
		     (void *)1UL);
	uaddr = user_mask(w, mask);
	s = spawn_on("s", SIM_SCHED_NORMAL, 0, -10, "1", sync_sleeper,
		     (void *)uaddr);
	wakes = wakeups_until(s, MS(22));
	ck_assert_int_eq(wakes.nr, 1);
	ck_assert_uint_eq(wakes.ev[0].ns, MS(21));
	ck_assert_int_eq(wakes.ev[0].cpu, 0);
	ck_assert_int_eq(wakes.ev[0].target_cpu, 0);
	ck_assert_uint_eq(domain(0, 0).ttwu_wake_balance, 1);
	ck_assert_uint_eq(domain(0, 0).ttwu_wake_affine, 0);
}
END_TEST

/* When X, burning @ns and exiting, exited. */
static volatile unsigned long long x_exit_at;

static void body_burn_note_exit(void *ns)
{
	sim_burn((unsigned long long)(unsigned long)ns);
	x_exit_at = sim_now();
	sim_exit(0);
}

/* W's body: burns @ns, wakes S sync, sleeps. */
static void body_burn_wake_sync(void *ns)
{
	sim_burn((unsigned long long)(unsigned long)ns);
	kfix_wake_open_coded_sync();
	for (;;)
		sim_sleep(SEC(1000));
}

/*
 * The idle-CPU rule holds back a wake-up only onto a CPU loaded more
 * than half a task: at exactly half it may pull.  S sleeps, cold, on
 * idle cpu1 (load 0).  On cpu0, X (nice -20) burns 20 ms and exits at
 * 20 ms while W waits behind it: cpu_load 256 then; at 21 ms, W alone,
 * (256 + 128) / 2 = 192.  W wakes S sync at 21.5 ms: W does not count,
 * so the target load is 192 - 128 = 64, half a task, not over it: wake
 * affine takes S to cpu0.
 */
START_TEST(wake_pulls_onto_a_cpu_at_half_a_task)
{
	struct moves wakes;
	unsigned long mask = 0x3, uaddr;
	int x, s;

	boot_full(2, 1, 1, NULL);
	kfix_reset();
	x_exit_at = 0;
	x = spawn_on("x", SIM_SCHED_NORMAL, 0, -20, "0", body_burn_note_exit,
		     (void *)(unsigned long)MS(20));
	uaddr = user_mask(x, mask);
	s = spawn_on("s", SIM_SCHED_NORMAL, 0, -10, "1", sync_sleeper,
		     (void *)uaddr);
	spawn_on("w", SIM_SCHED_NORMAL, 0, 0, "0", body_burn_wake_sync,
		 (void *)(unsigned long)(MS(1) + MS(1) / 2));
	wakes = wakeups_until(s, MS(40));
	ck_assert_uint_eq(x_exit_at, MS(20));
	ck_assert_int_eq(wakes.nr, 1);
	ck_assert_uint_eq(wakes.ev[0].ns, MS(21) + MS(1) / 2);
	ck_assert_int_eq(wakes.ev[0].cpu, 0);
	ck_assert_int_eq(wakes.ev[0].target_cpu, 0);
}
END_TEST

/* W's body: burns in steps of 0.1 ms until told to wake S sync. */
static volatile int wake_now;

static void body_wake_sync_when_told(void *unused)
{
	while (!wake_now)
		sim_burn(MS(1) / 10);
	kfix_wake_open_coded_sync();
	for (;;)
		sim_sleep(SEC(1000));
}

/*
 * SMT siblings share a core's cache: SD_SIBLING_INIT has no
 * SD_WAKE_BALANCE, so at their level only wake affine moves a task, and
 * wake balance waits for the cores' level, whose margin is wider (137%,
 * not the siblings' 115%).  2 cores of 2 threads.  S sleeps on cpu1
 * beside two pinned hogs (load 256), hot even for the siblings'
 * cache_hot_time 0: it ran after cpu1's last tick.  cpu0 runs W and
 * three hogs (cpu_load 512) until the hogs are sent to the other core at
 * 20.5 ms: at 21 ms its cpu_load is (512 + 128) / 2 = 320, and W wakes S
 * sync: this_load 320 - 128 = 192.  115 * 192 <= 100 * 256 would
 * balance between siblings; 137 * 192 > 100 * 256 does not between
 * cores: S stays on cpu1.
 */
START_TEST(wake_balance_not_between_smt_siblings)
{
	struct moves wakes;
	unsigned long mask = 0x3, uaddr;
	int hog[3], setter, s, i;

	boot_full(4, 2, 1, NULL);
	kfix_reset();
	wake_now = 0;
	setter = script_on("setter", "2");
	uaddr = user_mask(setter, mask);
	hog_on("h1", 1);
	hog_on("h1", 1);
	for (i = 0; i < 3; i++)
		hog[i] = hog_on("h0", 0);
	spawn_on("w", SIM_SCHED_NORMAL, 0, 0, "0", body_wake_sync_when_told,
		 NULL);
	run_until(MS(20) + MS(1) / 2);
	for (i = 0; i < 3; i++)
		ck_assert_int_eq(set_affinity(setter, hog[i], 0xc), 0);
	run_until(MS(21) + 1);
	s = spawn_on("s", SIM_SCHED_NORMAL, 0, -10, "1", sync_sleeper,
		     (void *)uaddr);
	run_until(MS(21) + MS(1) / 5);
	ck_assert_int_eq(t_info(s).state, 'D');
	wake_now = 1;
	wakes = wakeups_until(s, MS(21) + MS(1) / 2);
	ck_assert_int_eq(wakes.nr, 1);
	ck_assert_int_eq(wakes.ev[0].cpu, 0);
	ck_assert_int_eq(wakes.ev[0].target_cpu, 1);
	ck_assert_uint_eq(domain(0, 0).ttwu_wake_affine, 0);
	ck_assert_uint_eq(domain(0, 1).ttwu_wake_balance, 0);
}
END_TEST

/*
 * 2 CPUs: S, cold, sleeps on idle cpu1 whose cpu_load decays from a
 * hog's 4 ms (60 at the wake; variant 1: 1, six idle ticks on); W,
 * alone on cpu0, wakes it: it stays on cpu1 (under half a task).  W then sleeps and cpu0, going idle, looks
 * for a task before cpu1 has even switched to S: cpu1 is the busiest,
 * but a runqueue of one task has nothing to give - S is left there
 * (and runs there, its command done), and the balance counts as
 * failed.
 */
START_TEST(bal_lone_waiting_task_not_pulled)
{
	struct sim_domain_info before, after;
	unsigned long migrations;
	int b1, s, w;

	boot_full(2, 1, 1, NULL);
	w = script_on("w", "0");
	b1 = script_on("b1", "1");
	s = sleeper_on_cpu1(MS(20), MS(21));
	ck_assert_int_eq(set_affinity(w, s, 0x3), 0);
	run_until(MS(100) + 500000);
	post(b1, SIM_CMD_BURN, MS(4), 0);
	run_until(MS(_i ? 110 : 105) + 500000);
	ck_assert_int_eq(curr(1), 0);
	before = domain(0, 0);
	migrations = t_info(s).migrations;
	ck_assert_int_eq(wake_cpu(w, s), 1);
	after = domain(0, 0);
	run_until(sim_now() + 1000);
	ck_assert_int_eq(t_info(s).cpu, 1);
	ck_assert_uint_eq(t_info(s).migrations, migrations);
	ck_assert_uint_eq(after.lb_cnt[SIM_IDLE_NEWLY] -
			  before.lb_cnt[SIM_IDLE_NEWLY], 1);
	ck_assert_uint_eq(after.lb_failed[SIM_IDLE_NEWLY] -
			  before.lb_failed[SIM_IDLE_NEWLY], 1);
}
END_TEST

/* ---- wait_task_inactive ------------------------------------------------ */

static volatile int inactive_returned;

/* W's body: wait_task_inactive() of the task @arg, then note it. */
static void inactive_waiter(void *pid)
{
	kfix_call_wrapper(KFIX_HOOK_wait_task_inactive, (int)(long)pid);
	inactive_returned = 1;
	for (;;)
		sim_sleep(SEC(1000));
}

/*
 * 2 CPUs: T runs on cpu0 with 3 ms of work left when W (nice -5)
 * is spawned there, preempts it and waits for T to go inactive.  T is
 * queued, not running: it waits for W's own CPU, so W yields to it
 * (else it would spin through its whole slice, set to 100 ms here):
 * T finishes and sleeps at 4 ms, and W returns.
 */
START_TEST(wait_task_inactive_yields_to_a_queued_task)
{
	int t, w;

	boot_full(2, 1, 1, NULL);
	t = script_on("t", "0");
	run_until(MS(1));
	post(t, SIM_CMD_BURN, MS(3), 0);
	run_until(MS(1) + 1000);
	ck_assert_int_eq(curr(0), t);
	inactive_returned = 0;
	w = spawn_on("w", SIM_SCHED_NORMAL, 0, -5, "0", inactive_waiter,
		     (void *)(long)t);
	ck_assert_int_eq(kfix_ingo_set_time_slice(w, 100), 0);
	ck_assert_int_eq(inactive_returned, 0);
	run_until(MS(3));
	ck_assert_int_eq(inactive_returned, 0);
	run_until(MS(10));
	ck_assert_int_eq(t_info(t).state, 'S');
	ck_assert_int_eq(inactive_returned, 1);
}
END_TEST

/* ---- sched_exec ---------------------------------------------------------- */

/* E's body: allows itself every CPU (mask at *arg), then execs. */
static volatile int exec_cpu_after;

static void exec_body(void *mask_uaddr)
{
	sim_syscall(SIM_SYS_sched_setaffinity, 0, sizeof(unsigned long),
		    (long)(unsigned long)mask_uaddr);
	kfix_call_wrapper(KFIX_HOOK_exec, 0);
	exec_cpu_after = sim_this_cpu_id();
	for (;;)
		sim_burn(SEC(1000));
}

/*
 * 2 CPUs: pinned hogs on cpu0 and cpu1; E (nice -10, pinned to cpu0
 * when spawned) lets itself go anywhere and execs.  sched_exec moves it
 * to the idlest CPU only if that beats staying by half imbalance_pct's
 * margin: 112 * its load < 100 * (cpu0's load + E's own 128), in tasks
 * 112 * other < 100 * (here + 1):
 *   27 here, 24 there: 2688 < 2800, E moves;
 *   27 here, 25 there: 2800, not below: it stays, two tasks lighter;
 *   26 here, 24 there: 2688 < 2700, it moves, by a hair.
 */
START_TEST(exec_moves_past_half_the_margin)
{
	static const struct {
		int here, there, moves;
	} c[] = { { 27, 24, 1 }, { 27, 25, 0 }, { 26, 24, 1 } };
	int i, e, hog = 0;
	unsigned long mask = 0x3, uaddr;
	struct sim_domain_info before, after;

	boot_full(2, 1, 1, NULL);
	for (i = 0; i < c[_i].here; i++)
		hog = hog_on("hog", 0);
	for (i = 0; i < c[_i].there; i++)
		hog_on("hog", 1);
	/* workload tasks share one address space: E sees the mask */
	uaddr = user_mask(hog, mask);
	run_until(MS(50));
	before = domain(0, 0);
	exec_cpu_after = -1;
	e = spawn_on("exec", SIM_SCHED_NORMAL, 0, -10, "0", exec_body,
		     (void *)uaddr);
	run_until(MS(51));
	after = domain(0, 0);
	ck_assert_int_eq(exec_cpu_after, c[_i].moves);
	ck_assert_int_eq(t_info(e).cpu, c[_i].moves);
	ck_assert_uint_eq(after.sbe_attempts - before.sbe_attempts, 1);
	ck_assert_uint_eq(after.sbe_pushed - before.sbe_pushed, c[_i].moves);
}
END_TEST

/*
 * 4 CPUs, "isolcpus=3": cpu0 runs two pinned hogs and E, cpu1 and cpu2
 * one each, cpu3 (isolated) none.  E execs allowed on @mask: it goes to
 * the first of the least loaded CPUs of its domain (0-2, not the idle
 * isolated one) that it may use: cpu1, or cpu2 when cpu1 is not
 * allowed.
 */
START_TEST(exec_first_idlest_allowed_cpu_of_the_domain)
{
	static const unsigned long masks[] = { 0xf, 0xd };
	static const int dest[] = { 1, 2 };
	unsigned long mask = masks[_i], uaddr;
	int e, hog;

	boot_full(4, 1, 1, "isolcpus=3");
	hog = hog_on("hog", 0);
	hog_on("hog", 0);
	hog_on("hog", 1);
	hog_on("hog", 2);
	uaddr = user_mask(hog, mask);
	run_until(MS(50));
	exec_cpu_after = -1;
	e = spawn_on("exec", SIM_SCHED_NORMAL, 0, -10, "0", exec_body,
		     (void *)uaddr);
	run_until(MS(51));
	ck_assert_int_eq(exec_cpu_after, dest[_i]);
	ck_assert_int_eq(t_info(e).cpu, dest[_i]);
}
END_TEST

/* The child a forker made, and when. */
static int forked_pid;
static unsigned long long forked_at;

/* Burns 23 ms, forks a hog, burns on. */
static void body_fork_hog(void *unused)
{
	sim_burn(MS(23));
	forked_pid = sim_fork(t_body_hog, NULL);
	forked_at = sim_now();
	sim_burn(MS(1000));
}

/*
 * fork_on_cpu1 - P, allowed on both CPUs of a 2-CPU machine from 6 ms,
 * burns on cpu1 and forks a hog at 27 ms: the hog's pid, at the fork.
 * cpu0 runs nothing but the script task that widened P's mask.
 */
static int fork_on_cpu1(void)
{
	int p, setter;

	boot_full(2, 1, 1, NULL);
	forked_pid = 0;
	p = spawn_on("p", SIM_SCHED_NORMAL, 0, 0, "1", body_fork_hog, NULL);
	setter = script_on("setter", "0");
	run_until(MS(6));
	ck_assert_int_eq(curr(1), p);
	ck_assert_int_eq(set_affinity(setter, p, 0x3), 0);
	ck_assert_int_eq(t_info(p).cpu, 1);
	run_until(MS(27) + 1);
	ck_assert_int_gt(forked_pid, 0);
	ck_assert_uint_eq(forked_at, MS(27));
	return forked_pid;
}

/*
 * 2.6.10 queues a child on the CPU its parent forked on, though the
 * first CPU of its mask is cpu0 and cpu0 is idle: the balancer, not
 * the fork, spreads tasks.
 */
START_TEST(fork_child_starts_on_its_parents_cpu)
{
	int child = fork_on_cpu1();

	ck_assert_int_eq(t_info(child).cpu, 1);
}
END_TEST

/*
 * A queued task moved by its CPU's migration thread keeps its time on
 * the queue across the CPUs' clocks: its timestamp goes onto the new
 * CPU's clock (less the old CPU's last tick, plus the new one's) before
 * activate_task() measures the wait on that clock, and the wait counts
 * as 2.6.10 counts it, as sleep, times (10 - bonus).  cpu1, offline
 * since the boot, comes back at 10.5 ms with its clock's last tick
 * there, half a tick after cpu0's.  T (nice 19), queued behind a nice
 * -20 hog on cpu0 since 10 ms with sleep_avg 0, is sent to cpu1, where
 * a nice 0 hog keeps it queued: 0.5 ms waited, sleep_avg 5 ms.
 */
START_TEST(migrate_task_keeps_its_queue_time_across_clocks)
{
	int t, setter, hog1;

	boot_full(2, 1, 1, NULL);
	ck_assert_int_eq(sim_cpu_offline(1), 0);
	hog_on("hog", 0);
	setter = spawn_on("setter", SIM_SCHED_NORMAL, 0, -20, "0", NULL,
			  NULL);
	run_until(MS(10));
	t = spawn_on("t", SIM_SCHED_NORMAL, 0, 19, "0", t_body_hog, NULL);
	run_until(MS(10) + 1);
	ck_assert_int_ne(curr(0), t);
	ck_assert_uint_eq(ingo_timestamp(t), MS(10));
	ck_assert_int_eq(kfix_ingo_set_sleep_avg(t, 0), 0);
	run_until(MS(10) + MS(1) / 2);
	ck_assert_int_eq(sim_cpu_online(1), 0);
	hog1 = hog_on("hog1", 1);
	ck_assert_int_eq(set_affinity(setter, t, 0x2), 0);
	ck_assert_uint_eq(sim_now(), MS(10) + MS(1) / 2);
	ck_assert_int_eq(curr(1), hog1);
	ck_assert_int_eq(t_info(t).cpu, 1);
	ck_assert_uint_eq(ingo_sleep_avg(t), MS(5));
}
END_TEST

/*
 * 2 CPUs: P (RR 99) burns on cpu0 when a setter on cpu1 narrows its mask
 * to {1}; migration/0 (FIFO 99) cannot preempt it, so P is still on
 * cpu0 when it forks.  The child copies the mask {1}: it starts on cpu1,
 * not on its parent's CPU as 2.6.10 would (the documented deviation of
 * tests/fuzz/regressions/fork-during-set-cpus-allowed.seq).
 */
START_TEST(fork_child_starts_inside_its_mask)
{
	int p, setter, child;

	boot_full(2, 1, 1, NULL);
	p = spawn_on("p", SIM_SCHED_RR, 99, 0, "0", NULL, NULL);
	setter = script_on("setter", "1");
	run_until(MS(5));
	post(p, SIM_CMD_BURN, MS(20), 0);
	post(p, SIM_CMD_FORK, 0, 0);
	run_until(MS(10));
	ck_assert_int_eq(curr(0), p);
	ck_assert_int_eq(set_affinity(setter, p, 0x2), 0);
	ck_assert_int_eq(sim_cmd_wait(p, MS(100)), 0);
	child = (int)sim_cmd_result(p);
	ck_assert_int_gt(child, 0);
	ck_assert_int_eq(t_info(child).cpu, 1);
	run_until(MS(40));
	ck_assert_int_eq(t_info(p).cpu, 1);
}
END_TEST

/*
 * The same, with P's slice down to its last tick when it forks: the
 * fork leaves P nothing, ticks it at once (an RR slice refilled, P to
 * the tail of its level) and asks for a reschedule, which waits until
 * the child is queued on cpu1.  It must not be lost: migration/0 (FIFO
 * 99, P's level, waiting since 10 ms) runs at once and moves P to cpu1,
 * where P burns on.
 */
START_TEST(fork_expired_parent_reschedules_after_the_child)
{
	unsigned long mask = 0x2, uaddr;
	int p, setter;

	boot_full(2, 1, 1, NULL);
	p = spawn_on("p", SIM_SCHED_RR, 99, 0, "0", NULL, NULL);
	setter = script_on("setter", "1");
	run_until(MS(5));
	post(p, SIM_CMD_BURN, MS(20) + MS(1) / 2, 0);
	post(p, SIM_CMD_FORK, 0, 0);
	post(p, SIM_CMD_BURN, MS(50), 0);

	run_until(MS(10));
	ck_assert_int_eq(curr(0), p);
	uaddr = user_mask(setter, mask);
	/* the setter waits for migration/0, which waits for P */
	ck_assert_int_eq(sim_cmd(setter, SIM_CMD_SYSCALL,
				 SIM_SYS_sched_setaffinity, p, sizeof(mask),
				 uaddr),
			 0);
	run_until(MS(25) + MS(1) / 5);
	ck_assert_int_eq(curr(0), p);
	ck_assert_int_eq(kfix_ingo_set_time_slice(p, 1), 0);
	run_until(MS(25) + MS(1) / 2 + 1);
	ck_assert_int_gt((int)sim_cmd_result(p), 0);
	ck_assert_int_eq(t_info(p).cpu, 1);
	ck_assert_int_eq(curr(1), p);
}
END_TEST

/* ---- SMT siblings -------------------------------------------------------- */

/*
 * One core of 2 threads: X (nice -20) runs on cpu0 with @slice ticks
 * left; N (nice 0, slice 100) is spawned pinned to cpu1.  A user task
 * does not run beside a sibling whose slice left, less per_cpu_gain
 * (25%), is longer than its own full slice: 135 * 75 / 100 = 101 > 100,
 * cpu1 stays idle; 134 * 75 / 100 = 100, N runs at once.  Held back,
 * the idle thread tries again at its next tick (X has 134 left): N runs.
 */
START_TEST(smt_sibling_slice_holds_back_by_per_cpu_gain)
{
	int slice = _i ? 135 : 134, x, n;
	unsigned long before[CPU_FIELDS], after[CPU_FIELDS];

	boot_full(2, 2, 1, NULL);
	x = spawn_on("x", SIM_SCHED_NORMAL, 0, -20, "0", t_body_hog, NULL);
	run_until(MS(5) + 500000);
	ck_assert_int_eq(curr(0), x);
	ck_assert_int_eq(kfix_ingo_set_time_slice(x, slice), 0);
	cpu_stats(1, before);
	n = hog_on("n", 1);
	cpu_stats(1, after);
	ck_assert_int_eq(curr(1), _i ? 0 : n);
	/* held back, the thread picked its idle task again */
	ck_assert_uint_eq(after[SCHED_GOIDLE] - before[SCHED_GOIDLE],
			  _i ? 1 : 0);
	run_until(MS(6));
	ck_assert_int_eq(curr(1), n);
}
END_TEST

/*
 * One core of 2 threads: N (nice 0) runs on cpu0; X (nice -20, asleep
 * on cpu1 with @slice ticks left) wakes.  X runs; a sibling task that X
 * outweighs by per_cpu_gain (X's slice * 75 / 100 > N's full 100) is
 * rescheduled and, on its CPU, held back: with 135 cpu0 goes idle, with
 * 134 N keeps running and cpu0 does not even schedule.
 */
START_TEST(smt_waking_long_slice_reschedules_sibling)
{
	int slice = _i ? 135 : 134, x, n;
	unsigned long before[CPU_FIELDS], after[CPU_FIELDS];

	boot_full(2, 2, 1, NULL);
	n = hog_on("n", 0);
	x = spawn_on("x", SIM_SCHED_NORMAL, 0, -20, "1", NULL, NULL);
	run_until(MS(5) + 500000);
	ck_assert_int_eq(curr(0), n);
	ck_assert_int_eq(t_info(x).state, 'S');
	ck_assert_int_eq(kfix_ingo_set_time_slice(x, slice), 0);
	cpu_stats(0, before);
	post(x, SIM_CMD_BURN, MS(100), 0);
	run_until(sim_now() + 100000);
	cpu_stats(0, after);
	ck_assert_int_eq(curr(1), x);
	ck_assert_int_eq(curr(0), _i ? 0 : n);
	/* only a sibling X outweighs is made to schedule at all */
	if (_i)
		ck_assert_uint_gt(after[SCHED_CNT], before[SCHED_CNT]);
	else
		ck_assert_uint_eq(after[SCHED_CNT], before[SCHED_CNT]);
}
END_TEST

/*
 * One core of 2 threads: X (nice -20, 500 ticks of slice) on cpu0 holds
 * back N on cpu1 (500 * 75 / 100 > 100).  X sleeps at 10.5 ms: cpu0,
 * going idle, wakes its held-back sibling at that instant, not at
 * cpu1's next tick.
 */
START_TEST(smt_idle_thread_wakes_held_back_sibling)
{
	int x, n;

	boot_full(2, 2, 1, NULL);
	x = spawn_on("x", SIM_SCHED_NORMAL, 0, -20, "0", NULL, NULL);
	run_until(MS(2));
	ck_assert_int_eq(kfix_ingo_set_time_slice(x, 500), 0);
	post(x, SIM_CMD_BURN, MS(10) + 500000 - sim_now(), 0);
	run_until(MS(5));
	n = hog_on("n", 1);
	run_until(MS(10) + 400000);
	ck_assert_int_eq(curr(0), x);
	ck_assert_int_eq(curr(1), 0);
	ck_assert_uint_eq(t_info(n).runtime_ns, 0);
	run_until(MS(10) + 500000);
	ck_assert_int_eq(curr(0), 0);
	ck_assert_int_eq(curr(1), n);
}
END_TEST

/*
 * One core of 4 threads: X (nice -20, 500 ticks of slice) on cpu0 holds
 * back the hogs N1 on cpu1 and N2 on cpu2 (500 * 75 / 100 > 100).
 * 2.6.10's dependent_sleeper() also reschedules a sibling that is idle
 * with work queued, so the two held-back threads wake each other: cpu1's
 * schedule() wakes cpu2's idle thread, whose schedule() wakes cpu1's,
 * for as long as X holds them back (on hardware at the speed of an IPI).
 * Kernel code takes no time here: once 32 events a CPU (128) have
 * followed the first at one instant, the wake-ups wait for the next
 * tick.  So each tick from 11 to 20 ms is 131 events: the 4 ticks and
 * 127 wake-ups, cpu1 and cpu2 scheduling 129 times in all (twice from
 * their ticks).  Started again at 10.5 ms with the two wake-ups pending,
 * the machine lets 128 events go first.  A storm used to cost 10,000
 * events at every tick.
 */
static int boot_held_back_pair(int *n1, int *n2)
{
	int x;

	boot_full(4, 4, 1, NULL);
	x = spawn_on("x", SIM_SCHED_NORMAL, 0, -20, "0", t_body_hog, NULL);
	run_until(MS(2));
	ck_assert_int_eq(kfix_ingo_set_time_slice(x, 500), 0);
	*n1 = hog_on("n1", 1);
	*n2 = hog_on("n2", 2);
	return x;
}

START_TEST(smt_held_back_siblings_storm_ends_after_32_events_a_cpu)
{
	unsigned long before[3][CPU_FIELDS], after[3][CPU_FIELDS];
	unsigned long long events;
	int x, n1, n2, cpu;

	x = boot_held_back_pair(&n1, &n2);
	run_until(MS(10) + 500000);
	for (cpu = 0; cpu < 3; cpu++)
		cpu_stats(cpu, before[cpu]);
	events = sim_nr_events();
	run_until(MS(20) + 500000);
	for (cpu = 0; cpu < 3; cpu++)
		cpu_stats(cpu, after[cpu]);
	ck_assert_uint_eq(sim_nr_events() - events, 128 + 10 * 131);
	/* the ping-pong of 2.6.10: both held back, both schedule */
	ck_assert_uint_eq(after[1][SCHED_CNT] - before[1][SCHED_CNT] +
				  after[2][SCHED_CNT] - before[2][SCHED_CNT],
			  128 + 10 * 129);
	ck_assert_uint_eq(after[0][SCHED_CNT], before[0][SCHED_CNT]);
	ck_assert_int_eq(curr(0), x);
	ck_assert_int_eq(curr(1), 0);
	ck_assert_int_eq(curr(2), 0);
	ck_assert_uint_eq(t_info(n1).runtime_ns + t_info(n2).runtime_ns, 0);
}
END_TEST

/*
 * The same storm, at every tick while X holds the two back: 19 storms by
 * 20.5 ms, logged at the first and the tenth only, so that a workload
 * storming at every tick does not grow the log by a line a tick.
 */
START_TEST(smt_storms_are_logged_at_powers_of_ten)
{
	const char *log, *p;
	int n1, n2, lines = 0;

	boot_held_back_pair(&n1, &n2);
	run_until(MS(20) + 500000);
	log = sim_log();
	for (p = log; (p = strstr(p, "an IPI storm")); p++)
		lines++;
	ck_assert_int_eq(lines, 2);
	ck_assert_ptr_nonnull(strstr(log, "an IPI storm (1 so far)"));
	ck_assert_ptr_nonnull(strstr(log, "an IPI storm (10 so far)"));
}
END_TEST

/*
 * 2 CPUs, no SMT: a SCHED_FIFO hog on cpu0 and a nice 0 hog on cpu1.
 * The sibling rules hold between SMT threads only (a domain with
 * SD_SHARE_CPUPOWER): cpu1 runs its hog all along.
 */
START_TEST(smt_rules_only_between_siblings)
{
	unsigned long long busy;
	int n;

	boot_full(2, 1, 1, NULL);
	spawn_on("rt", SIM_SCHED_FIFO, 50, 0, "0", t_body_hog, NULL);
	n = hog_on("n", 1);
	run_until(MS(10));
	ck_assert_int_eq(curr(1), n);
	busy = cpu_info(1).busy_ns;
	run_until(MS(110));
	ck_assert_uint_eq(cpu_info(1).busy_ns, busy + MS(100));
}
END_TEST

/* ---- CPU hotplug --------------------------------------------------------- */

/* sched_getaffinity(@pid) asked by script task @asker. */
static unsigned long get_affinity(int asker, int pid)
{
	unsigned long mask = 0, uaddr = sim_user_map(asker, sizeof(mask));

	ck_assert_msg(uaddr != 0, "sim_user_map: %s", sim_error());
	ck_assert_int_eq(t_syscall(asker, SIM_SYS_sched_getaffinity, pid,
				   sizeof(mask), uaddr), sizeof(mask));
	ck_assert_int_eq(sim_user_read(asker, uaddr, &mask, sizeof(mask)), 0);
	return mask;
}

/* One task of the dying CPU: its affinity and where it must land. */
struct refugee {
	unsigned long allowed;
	int dest;		/* the CPU 2.6.10's rules give */
	int pid;
};

/*
 * Every CPU's migration thread, the boot CPU's too, is started at boot:
 * it has run on its CPU, at SCHED_FIFO 99, and sleeps waiting for work.
 */
START_TEST(boot_starts_every_cpus_migration_thread)
{
	struct sim_task_info info;
	int cpu;

	boot_full(4, 1, 1, NULL);
	run_until(TICK_NS);
	for (cpu = 0; cpu < 4; cpu++) {
		info = t_info(migration_thread(cpu));
		ck_assert_msg(info.switches >= 1, "migration/%d never ran",
			      cpu);
		ck_assert_int_eq(info.state, 'S');
		ck_assert_int_eq(info.cpu, cpu);
		ck_assert_int_eq(info.policy, SIM_SCHED_FIFO);
		ck_assert_int_eq(info.rt_priority, 99);
	}
}
END_TEST

/* How many tasks called @name are alive (not exited); *@pid: the last. */
static int nr_alive(const char *name, int *pid)
{
	struct sim_task_info info;
	int i, nr = 0;

	for (i = 1; i < 512; i++)
		if (!sim_task_info(i, &info) && !strcmp(info.name, name) &&
		    info.state != 'Z') {
			*pid = i;
			nr++;
		}
	return nr;
}

/*
 * A CPU's migration thread goes with the CPU: stopped at CPU_DEAD, and
 * at CPU_UP_CANCELED when the CPU is refused; a CPU that comes back
 * gets a new one, and only one.
 */
START_TEST(hotplug_migration_thread_goes_with_its_cpu)
{
	int mt;

	boot_full(2, 1, 1, NULL);
	ck_assert_int_eq(nr_alive("migration/1", &mt), 1);
	ck_assert_int_eq(sim_cpu_offline(1), 0);
	run_until(sim_now() + TICK_NS);
	ck_assert_int_eq(nr_alive("migration/1", &mt), 0);
	kfix_refuse_cpu_up(1);
	ck_assert_int_eq(sim_cpu_online(1), -22 /* EINVAL */);
	kfix_refuse_cpu_up(0);
	run_until(sim_now() + TICK_NS);
	ck_assert_int_eq(nr_alive("migration/1", &mt), 0);
	ck_assert_int_eq(sim_cpu_online(1), 0);
	run_until(sim_now() + TICK_NS);
	ck_assert_int_eq(nr_alive("migration/1", &mt), 1);
	ck_assert_int_eq(t_info(mt).cpu, 1);
}
END_TEST

/*
 * 2 nodes of 2 CPUs (0-1, 2-3).  cpu3 has hogs (queued or running) and
 * script tasks (asleep), each allowed on everything, on {0,3}, on {1,3}
 * or on {3} alone.  cpu3 goes offline: every one of its tasks, queued or
 * asleep, moves to an online CPU of its node it may use (cpu2), else
 * to any CPU it may use (the first), else - affinity lost - to the
 * first online CPU with its affinity widened to every CPU (getaffinity
 * shows the possible ones, 0xf) and a printk "process PID (COMM) no
 * longer affine to cpu3".
 */
START_TEST(hotplug_every_task_lands_by_the_rules)
{
	struct refugee r[] = {
		{ 0xf, 2 }, { 0x9, 0 }, { 0xa, 1 }, { 0x8, 0 },	/* queued */
		{ 0xf, 2 }, { 0x9, 0 }, { 0xa, 1 }, { 0x8, 0 },	/* asleep */
	};
	int nr = (int)(sizeof(r) / sizeof(r[0])), i, setter;
	char line[80];

	boot_full(4, 1, 2, NULL);
	setter = script_on("setter", "1");
	for (i = 0; i < nr; i++)
		r[i].pid = i < nr / 2 ? hog_on("hog", 3) :
					script_on("sleeper", "3");
	run_until(sim_now() + MS(5));
	for (i = 0; i < nr; i++) {
		ck_assert_int_eq(t_info(r[i].pid).cpu, 3);
		ck_assert_int_eq(set_affinity(setter, r[i].pid, r[i].allowed),
				 0);
	}
	for (i = nr / 2; i < nr; i++)
		ck_assert_int_eq(t_info(r[i].pid).state, 'S');

	ck_assert_int_eq(sim_cpu_offline(3), 0);
	for (i = 0; i < nr; i++) {
		struct sim_task_info info = t_info(r[i].pid);
		int lost = r[i].allowed == 0x8;

		ck_assert_msg(info.cpu == r[i].dest, "%s %d allowed on %#lx: "
			      "on cpu%d, want cpu%d", info.name, r[i].pid,
			      r[i].allowed, info.cpu, r[i].dest);
		snprintf(line, sizeof(line), "process %d (%s) no longer affine "
			 "to cpu3", r[i].pid, info.name);
		ck_assert_msg(sim_log_contains(line) == lost, "printk \"%s\" "
			      "%s", line, lost ? "missing" : "unexpected");
		ck_assert_uint_eq(get_affinity(setter, r[i].pid),
				  (lost ? 0xfUL : r[i].allowed));
	}
	/* the sleepers wake where they were put */
	for (i = nr / 2; i < nr; i++) {
		ck_assert_int_eq(t_cmd(r[i].pid, SIM_CMD_BURN, 100000, 0, 0,
				       0), 0);
		ck_assert_int_eq(t_info(r[i].pid).cpu, r[i].dest);
	}
}
END_TEST

/*
 * 2.6.10's migrate_all_tasks() moves the dead CPU's tasks in one pass
 * over the task list, queued or asleep alike, so they move (and any
 * lost affinity is said) in task-list order: the oldest first.  2 CPUs;
 * on cpu1, allowed there alone, spawned in this order: sleepers S1 and
 * S2 interleaved with hogs H1 and H2 (S1, H1, S2, H2).  cpu1 goes
 * offline: all four land on cpu0 with every CPU allowed, and the log
 * says "process PID (COMM) no longer affine to cpu1" for S1, H1, S2,
 * H2 in that order (queued tasks first would give H1, H2, S1, S2).
 */
START_TEST(hotplug_tasks_move_in_task_list_order)
{
	const char *log, *at, *prev = NULL;
	char line[80];
	int pid[4], i;

	boot_full(2, 1, 1, NULL);
	for (i = 0; i < 4; i++)
		pid[i] = i % 2 ? hog_on("hog", 1) : script_on("sleeper", "1");
	run_until(sim_now() + MS(300));	/* each has run */
	ck_assert_int_eq(t_info(pid[0]).state, 'S');
	ck_assert_int_eq(t_info(pid[2]).state, 'S');

	ck_assert_int_eq(sim_cpu_offline(1), 0);
	log = sim_log();
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(t_info(pid[i]).cpu, 0);
		snprintf(line, sizeof(line), "process %d (%s) no longer affine "
			 "to cpu1", pid[i], t_info(pid[i]).name);
		at = strstr(log, line);
		ck_assert_msg(at, "printk \"%s\" missing", line);
		ck_assert_msg(at > prev, "printk \"%s\" out of task-list "
			      "order", line);
		prev = at;
	}
}
END_TEST

/* count_in - how many times @needle occurs in @hay. */
static int count_in(const char *hay, const char *needle)
{
	int n = 0;

	while ((hay = strstr(hay, needle))) {
		n++;
		hay += strlen(needle);
	}
	return n;
}

/*
 * 2.6.10 says "no longer affine" through printk_ratelimit(): 10 lines at
 * once, then one per 5 s, the first after a gap saying how many were
 * dropped.  12 tasks lose cpu1: 10 lines, every task moved; 5.1 s later
 * one loses cpu2: its line, after "printk: 2 messages suppressed.".
 */
START_TEST(hotplug_lost_affinity_printk_is_rate_limited)
{
	const char *gap = "printk: 2 messages suppressed.";
	char line[80];
	int pid[12], last, i;

	boot_full(3, 1, 1, NULL);
	for (i = 0; i < 12; i++)
		pid[i] = hog_on("hog", 1);
	last = hog_on("last", 2);
	run_until(sim_now() + MS(100));

	ck_assert_int_eq(sim_cpu_offline(1), 0);
	ck_assert_int_eq(count_in(sim_log(), "no longer affine to cpu1"), 10);
	for (i = 0; i < 12; i++)
		ck_assert_int_ne(t_info(pid[i]).cpu, 1);
	ck_assert_ptr_null(strstr(sim_log(), gap));

	run_until(sim_now() + MS(5100));
	ck_assert_int_eq(sim_cpu_offline(2), 0);
	snprintf(line, sizeof(line), "process %d (last) no longer affine to "
		 "cpu2", last);
	ck_assert_ptr_nonnull(strstr(sim_log(), line));
	ck_assert_ptr_nonnull(strstr(sim_log(), gap));
	ck_assert_msg(strstr(sim_log(), gap) < strstr(sim_log(), line),
		      "the count of dropped lines comes before the next one");
}
END_TEST

static TCase *tcase(Suite *s, const char *name)
{
	TCase *tc = tcase_create(name);

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return tc;
}

static Suite *ingo_smp_suite(void)
{
	Suite *s = suite_create("ingo_smp");
	TCase *tc;

	tc = tcase(s, "domains");
	tcase_add_test(tc, dom_smp_one_level_per_cpu);
	tcase_add_test(tc, dom_up_has_one_domain_of_itself);
	tcase_add_test(tc, dom_smt_siblings_then_cores);
	tcase_add_test(tc, dom_smt_four_threads_core_power);
	tcase_add_test(tc, dom_numa_cpus_then_nodes);
	tcase_add_test(tc, dom_numa_smt_three_levels);
	tcase_add_test(tc, dom_isolcpus_left_out);
	tcase_add_test(tc, dom_schedstat_mask_shows_every_cpu);
	tcase_add_test(tc, dom_hotplug_rebuilds);
	tcase_add_test(tc, dom_hotplug_numa_node_shrinks);
	tcase_add_test(tc, dom_none_after_a_driver_without);

	tc = tcase(s, "move");
	tcase_add_loop_test(tc, bal_cache_hot_task_waits_for_a_failure, 0, 2);

	tcase_add_loop_test(tc, bal_active_balance_pushes_running_task, 0, 2);

	tcase_add_loop_test(tc, bal_newly_idle_pulls_one_at_once, 0, 2);
	tcase_add_loop_test(tc, bal_newly_idle_stops_at_the_first_pull, 0, 2);
	tcase_add_test(tc, bal_pull_moves_the_imbalance);
	tcase_add_test(tc, bal_pull_makes_the_cpu_busy_for_higher_levels);
	tcase_add_test(tc, bal_pull_takes_expired_first);

	tc = tcase(s, "wakeup");
	tcase_add_loop_test(tc, wake_affine_needs_cache_hot_time_passed, 0, 2);
	tcase_add_loop_test(tc, wake_never_pulls_from_an_idle_cpu, 0, 2);
	tcase_add_loop_test(tc, wake_pulls_only_from_half_busy_cpu, 0, 3);
	tcase_add_loop_test(tc, wake_balance_threshold_exact, 0, 2);
	tcase_add_test(tc, wake_affine_not_across_nodes);
	tcase_add_loop_test(tc, wake_sync_waker_does_not_count, 0, 2);
	tcase_add_test(tc, wake_pulls_onto_a_cpu_at_half_a_task);
	tcase_add_test(tc, wake_balance_between_two_empty_cpus);
	tcase_add_test(tc, wake_balance_not_between_smt_siblings);
	tcase_add_loop_test(tc, bal_lone_waiting_task_not_pulled, 0, 2);
	tcase_add_loop_test(tc, wake_balance_at_137_percent, 0, 2);

	tc = tcase(s, "inactive");
	tcase_add_test(tc, wait_task_inactive_yields_to_a_queued_task);

	tc = tcase(s, "exec");
	tcase_add_loop_test(tc, exec_moves_past_half_the_margin, 0, 3);
	tcase_add_loop_test(tc, exec_first_idlest_allowed_cpu_of_the_domain, 0,
			    2);
	tcase_add_test(tc, fork_child_starts_inside_its_mask);
	tcase_add_test(tc, fork_expired_parent_reschedules_after_the_child);
	tcase_add_test(tc, fork_child_starts_on_its_parents_cpu);
	tcase_add_test(tc, migrate_task_keeps_its_queue_time_across_clocks);

	tc = tcase(s, "smt");
	tcase_add_loop_test(tc, smt_sibling_slice_holds_back_by_per_cpu_gain,
			    0, 2);
	tcase_add_loop_test(tc, smt_waking_long_slice_reschedules_sibling, 0,
			    2);
	tcase_add_test(tc, smt_idle_thread_wakes_held_back_sibling);
	tcase_add_test(tc,
		       smt_held_back_siblings_storm_ends_after_32_events_a_cpu);
	tcase_add_test(tc, smt_storms_are_logged_at_powers_of_ten);
	tcase_add_test(tc, smt_rules_only_between_siblings);

	tc = tcase(s, "hotplug");
	tcase_add_test(tc, hotplug_every_task_lands_by_the_rules);
	tcase_add_test(tc, hotplug_tasks_move_in_task_list_order);
	tcase_add_test(tc, hotplug_lost_affinity_printk_is_rate_limited);
	tcase_add_test(tc, hotplug_migration_thread_goes_with_its_cpu);
	tcase_add_test(tc, boot_starts_every_cpus_migration_thread);

	tc = tcase(s, "balance");
	oracle_stride = t_env_int("ORACLE_STRIDE", 1);
	tcase_add_loop_test(tc, bal_periodic_follows_the_rules, 0,
			    (int)(sizeof(scenarios) / sizeof(scenarios[0]) +
				  oracle_stride - 1) / oracle_stride);
	tcase_add_loop_test(tc, bal_periodic_follows_the_rules_at_random, 0,
			    t_env_int("ORACLE_DRAWS", NR_RANDOM_SCENARIOS));
	tcase_add_test(tc, bal_held_back_smt_thread_balances_as_busy);
	tcase_add_test(tc, bal_busiest_queue_first_of_equals);
	return s;
}

int main(void)
{
	return t_run_suite_on(ingo_smp_suite(), "ingosched");
}
