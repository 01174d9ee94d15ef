/*
 * tests/unit/check_locks.c - the machine's lock and atomic-context checks.
 *
 * Every check of compat/lock.c, the atomic-context checks of
 * compat/report.c and compat/machine.c, BUG_ON and WARN_ON: each provoked
 * by a fixture of kfixtures.c from a task body, and each report read
 * back from sim_report().  A report must name the lock, the CPU, the task
 * ("comm/pid") and the source place ("kfixtures.c:<line>", compared with
 * the line the fixture recorded).  The clean cases show that the checks
 * stay silent when the rules are kept.
 *
 * Every task here burns 1 ms before each fixture, so the fixture runs in
 * a later event than the spawn and the report ends a sim_run_for().
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "testlib.h"
#include "kfixtures.h"

#define STEPS_MAX	4
#define REPORT_WITHIN	MS(100)	/* fixtures run within a few ms */
#define CLEAN_RUN	SEC(1)

typedef void (*fixture_t)(void);

struct steps {
	fixture_t step[STEPS_MAX];	/* NULL-terminated */
};

/* Burn 1 ms before each step and after the last one. */
static void body_steps(void *arg)
{
	const struct steps *s = arg;
	int i;

	for (i = 0; i < STEPS_MAX && s->step[i]; i++) {
		sim_burn(MS(1));
		s->step[i]();
	}
	sim_burn(MS(1));
}

/* Loop: the steps, then 10 ms of work, forever. */
static void body_steps_forever(void *arg)
{
	for (;;) {
		body_steps(arg);
		sim_burn(MS(10));
	}
}

/* A task named "locker" running @s, pinned to @cpus (NULL: any CPU). */
static int spawn_locker(const char *cpus, sim_body_t body,
			const struct steps *s)
{
	struct sim_task_attr a;
	int pid;

	sim_task_attr_init(&a);
	a.name = "locker";
	a.cpus = cpus;
	pid = sim_spawn(&a, body, (void *)s);
	ck_assert_msg(pid > 0, "spawn failed (%d): %s", pid, sim_error());
	return pid;
}

static int run_steps(const struct steps *s)
{
	return spawn_locker(NULL, body_steps, s);
}

static void teardown(void)
{
	t_shutdown();
}

static void setup_one_cpu(void)
{
	kfix_reset();
	t_boot(1, NULL);
}

static void setup_two_cpus(void)
{
	kfix_reset();
	t_boot(2, NULL);
}

/* ---- reading reports ----------------------------------------------------- */

static void expect_report(void)
{
	ck_assert_msg(sim_run_for(REPORT_WITHIN) == -1,
		      "no report within 100 ms; log:\n%s", sim_log());
	ck_assert(sim_failed());
}

static void expect_clean(unsigned long long ns)
{
	ck_assert_msg(sim_run_for(ns) == 0, "unexpected report: %s",
		      sim_report());
	ck_assert_str_eq(sim_report(), "");
	ck_assert_int_eq(sim_check(), 0);
}

static void expect_text(const char *needle)
{
	ck_assert_msg(strstr(sim_report(), needle) != NULL,
		      "report lacks \"%s\": %s", needle, sim_report());
}

static void expect_no_text(const char *needle)
{
	ck_assert_msg(strstr(sim_report(), needle) == NULL,
		      "report has \"%s\": %s", needle, sim_report());
}

/* "<what><n>" followed by a non-digit: "cpu1" never matches "cpu12". */
static int has_number(const char *text, const char *what, long n)
{
	char needle[96];
	const char *at = text;
	size_t len;

	snprintf(needle, sizeof(needle), "%s%ld", what, n);
	len = strlen(needle);
	while ((at = strstr(at, needle)) != NULL) {
		if (at[len] < '0' || at[len] > '9')
			return 1;
		at++;
	}
	return 0;
}

static void expect_place(int line)
{
	ck_assert_msg(line > 0, "the fixture did not record its line");
	ck_assert_msg(has_number(sim_report(), KFIX_FILE ":", line),
		      "report lacks %s:%d: %s", KFIX_FILE, line, sim_report());
}

static void expect_cpu(int cpu)
{
	ck_assert_msg(has_number(sim_report(), "cpu", cpu),
		      "report lacks cpu%d: %s", cpu, sim_report());
}

/*
 * The report names where schedule() was called from: "<symbol>+0x<off>"
 * when the host can name it (an exported symbol), else the bare address.
 * Test code lives in the executable, whose symbols are not exported, so
 * an address inside the fixture counts too.
 */
#define FIXTURE_SIZE_MAX	512	/* bytes: a fixture is a few lines */

static void expect_caller(const char *name, void (*fn)(void))
{
	const char *at = strstr(sim_report(), "called from ");
	size_t len = strlen(name);
	unsigned long addr, start = (unsigned long)fn;

	ck_assert_msg(at != NULL, "report names no caller: %s", sim_report());
	at += strlen("called from ");
	if (!strncmp(at, name, len) && at[len] == '+')
		return;
	ck_assert_msg(sscanf(at, "%lx", &addr) == 1 && addr > start &&
		      addr < start + FIXTURE_SIZE_MAX,
		      "caller is not %s (%p): %s", name, (void *)start,
		      sim_report());
}

static void expect_task(const char *comm, int pid)
{
	char who[64];

	snprintf(who, sizeof(who), "%s/", comm);
	ck_assert_msg(has_number(sim_report(), who, pid),
		      "report lacks task %s%d: %s", who, pid, sim_report());
}

/* ---- recursion, foreign CPUs, unlocked releases -------------------------- */

/* a held by locker on cpu0; locker takes a again -> recursion report. */
START_TEST(locks_recursive_lock_is_reported)
{
	static const struct steps s = { { kfix_recursive_lock } };
	int pid = run_steps(&s);

	expect_report();
	expect_text("BUG: recursive locking: " KFIX_LOCK_A " taken at");
	expect_place(kfix_line_recursive);
	expect_place(kfix_line_recursive_first);	/* "held since" */
	expect_cpu(0);
	expect_task("locker", pid);
}
END_TEST

/*
 * a taken by locker on cpu0, released by code running as cpu1 ->
 * "released ... on cpu1 ... held by cpu0 (task locker/pid)".
 */
START_TEST(locks_release_on_other_cpu_is_reported)
{
	static const struct steps s = { { kfix_release_on_other_cpu } };
	int pid = spawn_locker("0", body_steps, &s);

	expect_report();
	expect_text("BUG: " KFIX_LOCK_A " released at");
	expect_text("on cpu1 by task swapper/1");
	expect_text("but it is held by cpu0");
	expect_place(kfix_line_other_cpu_unlock);
	expect_place(kfix_line_other_cpu_lock);
	expect_task("locker", pid);
}
END_TEST

/* a held on cpu0; cpu1 takes it -> a deadlock, naming the holder. */
START_TEST(locks_take_held_on_other_cpu_is_deadlock)
{
	static const struct steps s = { { kfix_take_held_on_other_cpu } };
	int pid = spawn_locker("0", body_steps, &s);

	expect_report();
	expect_text("BUG: deadlock: " KFIX_LOCK_A " taken at");
	expect_text("on cpu1 by task swapper/1");
	expect_text("is held by cpu0");
	expect_place(kfix_line_other_cpu_take);
	expect_place(kfix_line_other_cpu_lock);
	expect_task("locker", pid);
}
END_TEST

/* a free; locker releases it -> "not locked". */
START_TEST(locks_release_unlocked_is_reported)
{
	static const struct steps s = { { kfix_release_unlocked } };
	int pid = run_steps(&s);

	expect_report();
	expect_text("BUG: " KFIX_LOCK_A " released at");
	expect_text("but it is not locked");
	expect_place(kfix_line_release_unlocked);
	expect_cpu(0);
	expect_task("locker", pid);
}
END_TEST

/* ---- cpucontrol: lock_cpu_hotplug() -------------------------------------- */

START_TEST(locks_hotplug_lock_twice_is_reported)
{
	static const struct steps s = { { kfix_hotplug_lock_twice } };
	int pid = run_steps(&s);

	expect_report();
	expect_text("BUG: locker/");
	expect_text("takes cpucontrol twice");
	expect_task("locker", pid);
}
END_TEST

START_TEST(locks_hotplug_unlock_unheld_is_reported)
{
	static const struct steps s = { { kfix_hotplug_unlock_unheld } };

	run_steps(&s);
	expect_report();
	expect_text("releases cpucontrol, held by nobody");
}
END_TEST

/*
 * cpu_down() takes cpucontrol, as 2.6.10's does: while a task holds it
 * (sched_setaffinity() across set_cpus_allowed()), the CPU stays up.
 * The locker takes it at 1 ms and sleeps 50 ms with it.
 */
START_TEST(locks_cpu_down_waits_for_hotplug_lock)
{
	static const struct steps s = { { kfix_hotplug_hold_50ms } };
	struct sim_cpu_info cpu;

	run_steps(&s);
	ck_assert_int_eq(sim_run_for(MS(5)), 0);
	ck_assert_int_eq(sim_cpu_offline(1), 0);
	ck_assert_msg(sim_now() >= MS(51), "cpu1 went down at %llu ns, "
		      "while the locker held cpucontrol", sim_now());
	ck_assert_int_eq(sim_cpu_info(1, &cpu), 0);
	ck_assert_int_eq(cpu.online, 0);
	expect_clean(MS(10));
}
END_TEST

/*
 * Held for 2 s: sim_cpu_offline() gives up after a second (-EAGAIN), and
 * init takes the CPU down when it gets the lock.
 */
START_TEST(locks_cpu_down_finishes_after_a_long_hold)
{
	static const struct steps s = { { kfix_hotplug_hold_2s } };
	struct sim_cpu_info cpu;

	run_steps(&s);
	ck_assert_int_eq(sim_run_for(MS(5)), 0);
	ck_assert_int_eq(sim_cpu_offline(1), -EAGAIN);
	ck_assert_int_eq(sim_cpu_info(1, &cpu), 0);
	ck_assert_int_eq(cpu.online, 1);
	expect_clean(SEC(2));
	ck_assert_int_eq(sim_cpu_info(1, &cpu), 0);
	ck_assert_int_eq(cpu.online, 0);
}
END_TEST

/* ---- lock order ---------------------------------------------------------- */

/*
 * a -> b (both released), later b -> a: an inversion although no
 * deadlock happened; the report points at both places.
 */
START_TEST(locks_ab_ba_inversion_is_reported)
{
	static const struct steps s = {
		{ kfix_lock_a_then_b, kfix_lock_b_then_a }
	};
	int pid = run_steps(&s);

	expect_report();
	expect_text("BUG: possible lock inversion: " KFIX_LOCK_A " taken at");
	expect_text("while holding " KFIX_LOCK_B);
	expect_place(kfix_line_b_then_a);
	expect_place(kfix_line_a_then_b);	/* "established at" */
	expect_cpu(0);
	expect_task("locker", pid);
}
END_TEST

/*
 * Interleaved, a on cpu0 then b, b on cpu1 then a, at the same instant:
 * some schedule has each CPU spin on the lock the other holds, and the
 * machine stops with a deadlock naming both locks, CPUs and places.
 * The others finish one side first and the inversion is reported.
 */
START_TEST(locks_ab_ba_on_two_cpus_deadlock_when_interleaved)
{
	static const struct steps ab = { { kfix_lock_a_then_b } };
	static const struct steps ba = { { kfix_lock_b_then_a } };
	struct sim_config cfg;
	char spec[32], where[128];
	int seed, deadlocks = 0;

	for (seed = 1; seed <= 50; seed++) {
		kfix_reset();
		sim_config_init(&cfg);
		cfg.nr_cpus = 2;
		snprintf(spec, sizeof(spec), "random:%d", seed);
		cfg.interleave = spec;
		t_boot_cfg(&cfg);
		spawn_locker("0", body_steps, &ab);
		spawn_locker("1", body_steps, &ba);
		expect_report();
		if (strstr(sim_report(), "BUG: possible lock inversion")) {
			t_shutdown();
			continue;
		}
		deadlocks++;
		expect_text("BUG: deadlock: ");
		/* KFIX_FILE: a VPATH build's __FILE__ has a prefix */
		snprintf(where, sizeof(where), "%s:%d on cpu0", KFIX_FILE,
			 kfix_line_a_then_b);
		expect_text(KFIX_LOCK_B " taken at ");
		expect_text(where);
		snprintf(where, sizeof(where), "%s:%d on cpu1", KFIX_FILE,
			 kfix_line_b_then_a);
		expect_text(KFIX_LOCK_A " taken at ");
		expect_text(where);
		expect_text("is held by cpu1");
		expect_text("is held by cpu0");
		expect_text("schedule: replay:");
		t_shutdown();
	}
	printf("locks: %d of 50 random schedules deadlocked, the others "
	       "reported the inversion\n", deadlocks);
	ck_assert_int_gt(deadlocks, 0);
}
END_TEST

/* a -> b, b -> c, then c -> a closes a cycle through b. */
START_TEST(locks_three_lock_cycle_is_reported)
{
	static const struct steps s = {
		{ kfix_lock_a_then_b, kfix_lock_b_then_c, kfix_lock_c_then_a }
	};
	int pid = run_steps(&s);

	expect_report();
	expect_text("BUG: possible lock inversion: " KFIX_LOCK_A " taken at");
	expect_text("while holding " KFIX_LOCK_C);
	expect_text("established at (a chain)");
	expect_no_text("(a chain):");		/* no made-up line */
	expect_place(kfix_line_c_then_a);
	expect_cpu(0);
	expect_task("locker", pid);
}
END_TEST

/* a -> b established; b held, trylock a: a trylock never waits. */
START_TEST(locks_trylock_against_order_is_no_inversion)
{
	static const struct steps s = {
		{ kfix_lock_a_then_b, kfix_lock_b_trylock_a }
	};

	run_steps(&s);
	expect_clean(MS(10));
}
END_TEST

/* b held, trylock a first: no b -> a edge, so a -> b later is fine. */
START_TEST(locks_trylock_adds_no_order_edge)
{
	static const struct steps s = {
		{ kfix_lock_b_trylock_a, kfix_lock_a_then_b }
	};

	run_steps(&s);
	expect_clean(MS(10));
}
END_TEST

/* pair[1] then pair[0], one class: against the address-order rule. */
START_TEST(locks_same_class_descending_is_reported)
{
	static const struct steps s = { { kfix_nest_descending } };
	int pid = run_steps(&s);

	expect_report();
	expect_text("BUG: lock nesting out of address order: &"
		    KFIX_PAIR_LOCK "[i]");
	expect_text("same class");
	expect_place(kfix_line_nest_low);
	expect_place(kfix_line_nest_high);
	expect_cpu(0);
	expect_task("locker", pid);
}
END_TEST

/* pair[0] then pair[1]: the runqueue locking rule, kept. */
START_TEST(locks_same_class_ascending_is_clean)
{
	static const struct steps s = { { kfix_nest_ascending } };

	run_steps(&s);
	expect_clean(MS(10));
}
END_TEST

/*
 * Two copies of a statically initialised lock whose class is known,
 * the higher one first: each copy is keyed by its own address, so two
 * classes and no address-order rule, although each copy starts with
 * the class its original remembered.
 */
START_TEST(locks_copied_static_lock_is_a_class_of_its_own)
{
	static const struct steps s = { { kfix_nest_copies_descending } };

	run_steps(&s);
	expect_clean(MS(10));
}
END_TEST

/* ---- interrupt safety ---------------------------------------------------- */

/* irq lock taken in a hardirq, then with irqs on: an irq could deadlock. */
START_TEST(locks_hardirq_then_irqs_on_is_irq_unsafe)
{
	static const struct steps s = {
		{ kfix_lock_in_hardirq, kfix_lock_irqs_on }
	};
	int pid = run_steps(&s);

	expect_report();
	expect_text("BUG: irq-unsafe lock: " KFIX_IRQ_LOCK
		    " taken in hardirq context at");
	expect_place(kfix_line_irq_hardirq);
	expect_place(kfix_line_irq_irqs_on);
	expect_cpu(0);
	expect_task("locker", pid);
}
END_TEST

/* The same two uses the other way round: reported at the hardirq. */
START_TEST(locks_irqs_on_then_hardirq_is_irq_unsafe)
{
	static const struct steps s = {
		{ kfix_lock_irqs_on, kfix_lock_in_hardirq }
	};
	int pid = run_steps(&s);

	expect_report();
	expect_text("BUG: irq-unsafe lock: " KFIX_IRQ_LOCK);
	expect_place(kfix_line_irq_hardirq);
	expect_place(kfix_line_irq_irqs_on);
	expect_cpu(0);
	expect_task("locker", pid);
}
END_TEST

/* Hardirq use plus spin_lock_irqsave() in process context: correct. */
START_TEST(locks_hardirq_and_irqsave_is_clean)
{
	static const struct steps s = {
		{ kfix_lock_in_hardirq, kfix_lock_irqsave,
		  kfix_lock_in_hardirq }
	};

	run_steps(&s);
	expect_clean(MS(10));
}
END_TEST

/* ---- atomic context ------------------------------------------------------ */

/* schedule() with a held: preempt_count 1, and the caller is named. */
START_TEST(locks_schedule_under_lock_is_atomic)
{
	static const struct steps s = { { kfix_schedule_under_lock } };
	int pid = run_steps(&s);

	expect_report();
	expect_text("BUG: scheduling while atomic: locker/");
	expect_text("preempt_count 0x1");
	expect_caller("kfix_schedule_under_lock", kfix_schedule_under_lock);
	expect_text("holds " KFIX_LOCK_A);
	expect_cpu(0);
	expect_task("locker", pid);
}
END_TEST

/* A caller inside libplugsched has an exported name: it is printed. */
START_TEST(locks_schedule_timeout_under_lock_names_library_caller)
{
	static const struct steps s = { { kfix_schedule_timeout_under_lock } };
	int pid = run_steps(&s);

	expect_report();
	expect_text("BUG: scheduling while atomic: locker/");
	expect_text("schedule() called from schedule_timeout+0x");
	expect_task("locker", pid);
}
END_TEST

START_TEST(locks_might_sleep_under_lock_is_invalid_context)
{
	static const struct steps s = { { kfix_might_sleep_under_lock } };
	int pid = run_steps(&s);

	expect_report();
	expect_text("BUG: sleeping function called from invalid context at");
	expect_text("in_atomic() 1, irqs_disabled() 0");
	expect_place(kfix_line_might_sleep_under_lock);
	expect_text("holds " KFIX_LOCK_A);
	expect_cpu(0);
	expect_task("locker", pid);
}
END_TEST

START_TEST(locks_might_sleep_irqs_off_is_invalid_context)
{
	static const struct steps s = { { kfix_might_sleep_irqs_off } };
	int pid = run_steps(&s);

	expect_report();
	expect_text("BUG: sleeping function called from invalid context at");
	expect_text("in_atomic() 0, irqs_disabled() 1");
	expect_place(kfix_line_might_sleep_irqs_off);
	expect_cpu(0);
	expect_task("locker", pid);
}
END_TEST

/* copy_from_user() may sleep: the machine's user copy checks it. */
START_TEST(locks_copy_from_user_under_lock_is_invalid_context)
{
	static const struct steps s = { { kfix_copy_from_user_under_lock } };
	int pid = run_steps(&s);

	expect_report();
	expect_text("BUG: sleeping function called from invalid context at");
	expect_text("user.c:");
	expect_text("holds " KFIX_LOCK_A);
	expect_task("locker", pid);
}
END_TEST

/* wait_for_completion() is the driver's: it must check it too. */
START_TEST(locks_wait_for_completion_under_lock_is_invalid_context)
{
	static const struct steps s = {
		{ kfix_wait_for_completion_under_lock }
	};
	int pid = run_steps(&s);

	expect_report();
	expect_text("BUG: sleeping function called from invalid context at");
	expect_text("holds " KFIX_LOCK_A);
	expect_task("locker", pid);
}
END_TEST

/* ---- returning to the machine -------------------------------------------- */

/* The body burns with a still held: the machine sees it at the park. */
START_TEST(locks_return_holding_lock_is_reported)
{
	static const struct steps s = { { kfix_return_holding_lock } };
	int pid = run_steps(&s);

	expect_report();
	expect_text("BUG: lock held when returning to the machine: "
		    KFIX_LOCK_A " taken at");
	expect_place(kfix_line_return_holding_lock);
	expect_cpu(0);
	expect_task("locker", pid);
}
END_TEST

START_TEST(locks_return_preempt_disabled_is_reported)
{
	static const struct steps s = { { kfix_return_preempt_disabled } };
	int pid = run_steps(&s);

	expect_report();
	expect_text("returns to the machine on cpu0 with preempt_count 0x1");
	expect_task("locker", pid);
}
END_TEST

START_TEST(locks_return_irqs_disabled_is_reported)
{
	static const struct steps s = { { kfix_return_irqs_disabled } };
	int pid = run_steps(&s);

	expect_report();
	expect_text("returns to the machine on cpu0 with interrupts disabled");
	expect_task("locker", pid);
}
END_TEST

/* ---- hardirq context ----------------------------------------------------- */

START_TEST(locks_irq_enable_in_hardirq_is_reported)
{
	static const struct steps s = { { kfix_irq_enable_in_hardirq } };

	run_steps(&s);
	expect_report();
	expect_text("BUG: interrupts enabled in hardirq context at");
	expect_place(kfix_line_irq_enable_in_hardirq);
	expect_cpu(0);
}
END_TEST

START_TEST(locks_hardirq_exit_holding_lock_is_reported)
{
	static const struct steps s = { { kfix_hardirq_exit_holding_lock } };
	int pid = run_steps(&s);

	expect_report();
	expect_text("BUG: lock held when returning from a hardirq: "
		    KFIX_LOCK_A);
	expect_place(kfix_line_hardirq_exit_holding_lock);
	expect_cpu(0);
	expect_task("locker", pid);
}
END_TEST

START_TEST(locks_busy_wait_in_hardirq_is_reported)
{
	static const struct steps s = { { kfix_busy_wait_in_hardirq } };

	run_steps(&s);
	expect_report();
	expect_text("BUG: busy-wait in interrupt context on cpu0");
}
END_TEST

/* ---- rwlocks ------------------------------------------------------------- */

/* Two read_lock()s on one CPU nest: no report. */
START_TEST(locks_readers_nest_cleanly)
{
	static const struct steps s = {
		{ kfix_read_nested, kfix_read_nested }
	};

	run_steps(&s);
	expect_clean(MS(10));
}
END_TEST

/* A reader on this CPU, then write_lock(): this CPU waits for itself. */
START_TEST(locks_write_while_reading_deadlocks)
{
	static const struct steps s = { { kfix_write_while_reading } };
	int pid = run_steps(&s);

	expect_report();
	expect_text("BUG: recursive locking: " KFIX_RWLOCK " taken at");
	expect_place(kfix_line_write_while_reading);
	expect_cpu(0);
	expect_task("locker", pid);
}
END_TEST

START_TEST(locks_read_while_writing_deadlocks)
{
	static const struct steps s = { { kfix_read_while_writing } };
	int pid = run_steps(&s);

	expect_report();
	expect_text("BUG: recursive locking: " KFIX_RWLOCK " taken at");
	expect_place(kfix_line_read_while_writing);
	expect_cpu(0);
	expect_task("locker", pid);
}
END_TEST

/* ---- BUG_ON and WARN_ON -------------------------------------------------- */

START_TEST(locks_bug_on_names_its_place)
{
	static const struct steps s = { { kfix_bug_on } };
	int pid = run_steps(&s);

	expect_report();
	expect_text("kernel BUG at ");
	expect_place(kfix_line_bug_on);
	expect_text("in kfix_bug_on()");
	expect_cpu(0);
	expect_task("locker", pid);
}
END_TEST

START_TEST(locks_warn_on_names_its_place_and_condition)
{
	static const struct steps s = { { kfix_warn_on } };
	int pid = run_steps(&s);

	expect_report();
	expect_text("WARNING at ");
	expect_place(kfix_line_warn_on);
	expect_text("in kfix_warn_on(): !spin_is_locked(&kfix_lock_a)");
	expect_cpu(0);
	expect_task("locker", pid);
}
END_TEST

/* ---- CPU numbers ---------------------------------------------------------- */

/*
 * per_cpu() of CPU NR_CPUS would reach past the array: "BUG: per_cpu(
 * <var>, <NR_CPUS>) at <place>, outside 0..NR_CPUS-1", the CPU and the
 * task.
 */
START_TEST(locks_percpu_past_nr_cpus_is_reported)
{
	static const struct steps s = { { kfix_percpu_past_end } };
	char text[64];
	int pid = run_steps(&s);

	expect_report();
	snprintf(text, sizeof(text), "BUG: per_cpu(kfix_per_cpu_count, %d)",
		 sim_max_cpus());
	expect_text(text);
	expect_place(kfix_line_percpu_past_end);
	expect_cpu(0);
	expect_task("locker", pid);
}
END_TEST

/* cpu_set() of CPU NR_CPUS would set a bit past the mask. */
START_TEST(locks_cpumask_past_nr_cpus_is_reported)
{
	static const struct steps s = { { kfix_cpumask_past_end } };
	char text[64];
	int pid = run_steps(&s);

	expect_report();
	snprintf(text, sizeof(text), "BUG: CPU %d used in a cpumask",
		 sim_max_cpus());
	expect_text(text);
	expect_place(kfix_line_cpumask_past_end);
	expect_cpu(0);
	expect_task("locker", pid);
}
END_TEST

/* ---- the checker's limits ------------------------------------------------ */

/* 49 locks held at once: over the machine's per-CPU depth of 48. */
START_TEST(locks_too_many_held_is_reported)
{
	static const struct steps s = { { kfix_hold_too_many_locks } };

	run_steps(&s);
	expect_report();
	expect_text("BUG: cpu0 holds more than 48 locks");
}
END_TEST

/* 513 lock classes: over the machine's table of 512. */
START_TEST(locks_too_many_classes_is_reported)
{
	static const struct steps s = { { kfix_make_too_many_classes } };

	run_steps(&s);
	expect_report();
	expect_text("BUG: more than 512 lock classes");
}
END_TEST

/* ---- a clean run --------------------------------------------------------- */

/*
 * Four tasks on two CPUs nest a, b, c, the pair, the rwlock and the irq
 * lock in one order with interrupts saved, and take the irq lock from a
 * hardirq, every 11 ms for a second: not one report.
 */
START_TEST(locks_clean_run_reports_nothing)
{
	static const struct steps s = { { kfix_clean_locking } };
	int i;

	for (i = 0; i < 4; i++)
		spawn_locker(NULL, body_steps_forever, &s);
	expect_clean(CLEAN_RUN);
}
END_TEST

static Suite *locks_suite(void)
{
	Suite *s = suite_create("locks");
	TCase *one = tcase_create("one_cpu");
	TCase *two = tcase_create("two_cpus");
	TCase *plain = tcase_create("own_machines");

	tcase_add_checked_fixture(one, setup_one_cpu, teardown);
	tcase_add_checked_fixture(two, setup_two_cpus, teardown);

	tcase_add_test(one, locks_recursive_lock_is_reported);
	tcase_add_test(two, locks_release_on_other_cpu_is_reported);
	tcase_add_test(two, locks_take_held_on_other_cpu_is_deadlock);
	tcase_add_test(one, locks_release_unlocked_is_reported);

	tcase_add_test(one, locks_ab_ba_inversion_is_reported);
	tcase_add_test(plain, locks_ab_ba_on_two_cpus_deadlock_when_interleaved);
	tcase_add_test(one, locks_three_lock_cycle_is_reported);
	tcase_add_test(one, locks_trylock_against_order_is_no_inversion);
	tcase_add_test(one, locks_trylock_adds_no_order_edge);
	tcase_add_test(one, locks_same_class_descending_is_reported);
	tcase_add_test(one, locks_same_class_ascending_is_clean);
	tcase_add_test(one, locks_copied_static_lock_is_a_class_of_its_own);

	tcase_add_test(one, locks_hardirq_then_irqs_on_is_irq_unsafe);
	tcase_add_test(one, locks_irqs_on_then_hardirq_is_irq_unsafe);
	tcase_add_test(one, locks_hardirq_and_irqsave_is_clean);

	tcase_add_test(one, locks_schedule_under_lock_is_atomic);
	tcase_add_test(one,
		       locks_schedule_timeout_under_lock_names_library_caller);
	tcase_add_test(one, locks_might_sleep_under_lock_is_invalid_context);
	tcase_add_test(one, locks_might_sleep_irqs_off_is_invalid_context);
	tcase_add_test(one, locks_copy_from_user_under_lock_is_invalid_context);
	tcase_add_test(one,
		       locks_wait_for_completion_under_lock_is_invalid_context);

	tcase_add_test(one, locks_return_holding_lock_is_reported);
	tcase_add_test(one, locks_return_preempt_disabled_is_reported);
	tcase_add_test(one, locks_return_irqs_disabled_is_reported);

	tcase_add_test(one, locks_irq_enable_in_hardirq_is_reported);
	tcase_add_test(one, locks_hardirq_exit_holding_lock_is_reported);
	tcase_add_test(one, locks_busy_wait_in_hardirq_is_reported);

	tcase_add_test(one, locks_readers_nest_cleanly);
	tcase_add_test(one, locks_write_while_reading_deadlocks);
	tcase_add_test(one, locks_read_while_writing_deadlocks);

	tcase_add_test(one, locks_bug_on_names_its_place);
	tcase_add_test(one, locks_warn_on_names_its_place_and_condition);
	tcase_add_test(one, locks_percpu_past_nr_cpus_is_reported);
	tcase_add_test(one, locks_cpumask_past_nr_cpus_is_reported);

	tcase_add_test(one, locks_too_many_held_is_reported);
	tcase_add_test(one, locks_too_many_classes_is_reported);

	tcase_add_test(two, locks_clean_run_reports_nothing);
	tcase_add_test(one, locks_hotplug_lock_twice_is_reported);
	tcase_add_test(one, locks_hotplug_unlock_unheld_is_reported);
	tcase_add_test(two, locks_cpu_down_waits_for_hotplug_lock);
	tcase_add_test(two, locks_cpu_down_finishes_after_a_long_hold);

	suite_add_tcase(s, one);
	suite_add_tcase(s, two);
	suite_add_tcase(s, plain);
	return s;
}

int main(void)
{
	return t_run_suite(locks_suite());
}
