/*
 * tests/unit/kfixtures.c - deliberately broken kernel code for the tests.
 *
 * Kernel-world code, compiled like compat/ and the drivers: each fixture
 * commits one bug that the simulated machine must catch (a lock misused,
 * a sleep in atomic context, a task's state changed behind the driver's
 * back, a driver that lies) and is named for it.  Before the statement
 * the machine should blame, a fixture stores that statement's line in a
 * kfix_line_* variable, so the tests compare the report's
 * "kfixtures.c:<line>" exactly.  The interface is kfixtures.h.
 *
 * A few fixtures reach into the machine (compat/internal.h) to do what
 * no real kernel path can, such as running code as another CPU; each
 * says why.
 */
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/completion.h>
#include <linux/cpu.h>
#include <linux/kthread.h>
#include <linux/interrupt.h>
#include <linux/kernel_stat.h>
#include <linux/topology.h>
#include <linux/scheduler.h>
#include <linux/seq_file.h>
#include <asm/uaccess.h>

#include "../../compat/internal.h"
#include "kfixtures.h"

/* Record the line of the statement that follows. */
#define KFIX_NEXT_LINE(var)	((var) = __LINE__ + 1)

int kfix_line_recursive_first, kfix_line_recursive;
int kfix_line_a_then_b, kfix_line_b_then_a;
int kfix_line_b_then_c, kfix_line_c_then_a;
int kfix_line_other_cpu_lock, kfix_line_other_cpu_unlock;
int kfix_line_other_cpu_take;
int kfix_line_release_unlocked;
int kfix_line_nest_high, kfix_line_nest_low;
int kfix_line_irq_hardirq, kfix_line_irq_irqs_on;
int kfix_line_schedule_under_lock;
int kfix_line_might_sleep_under_lock, kfix_line_might_sleep_irqs_off;
int kfix_line_return_holding_lock;
int kfix_line_irq_enable_in_hardirq, kfix_line_hardirq_exit_holding_lock;
int kfix_line_write_while_reading, kfix_line_read_while_writing;
int kfix_line_bug_on, kfix_line_warn_on;
int kfix_line_percpu_past_end, kfix_line_cpumask_past_end;
int kfix_line_lock_outside_events;

/* ---- the fixture locks --------------------------------------------------- */

/* Statically initialised: each is a lock class of its own. */
static DEFINE_SPINLOCK(kfix_lock_a);
static DEFINE_SPINLOCK(kfix_lock_b);
static DEFINE_SPINLOCK(kfix_lock_c);
static DEFINE_SPINLOCK(kfix_irq_lock);
static DEFINE_RWLOCK(kfix_rwlock);

/* Initialised at one spin_lock_init() site: one class for both. */
static spinlock_t kfix_pair[2];

static struct completion kfix_never_done;

/* The wait queue of the open-coded waits, and their condition. */
static wait_queue_head_t kfix_wq;
static int kfix_wq_cond;

void kfix_reset(void)
{
	kfix_lock_a = (spinlock_t)__SPIN_LOCK_UNLOCKED(kfix_lock_a);
	kfix_lock_b = (spinlock_t)__SPIN_LOCK_UNLOCKED(kfix_lock_b);
	kfix_lock_c = (spinlock_t)__SPIN_LOCK_UNLOCKED(kfix_lock_c);
	kfix_irq_lock = (spinlock_t)__SPIN_LOCK_UNLOCKED(kfix_irq_lock);
	kfix_rwlock = (rwlock_t)__RW_LOCK_UNLOCKED(kfix_rwlock);
	memset(kfix_pair, 0, sizeof(kfix_pair));
	init_waitqueue_head(&kfix_wq);
	kfix_wq_cond = 0;
}

static void init_pair(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(kfix_pair); i++)
		spin_lock_init(&kfix_pair[i]);
}

/* The next CPU after this one: where "foreign CPU" fixtures run code. */
static int other_cpu(void)
{
	return (smp_processor_id() + 1) % sim.nr_cpus;
}

/* ---- lock misuse --------------------------------------------------------- */

void kfix_recursive_lock(void)
{
	KFIX_NEXT_LINE(kfix_line_recursive_first);
	spin_lock(&kfix_lock_a);
	KFIX_NEXT_LINE(kfix_line_recursive);
	spin_lock(&kfix_lock_a);
}

void kfix_lock_a_then_b(void)
{
	spin_lock(&kfix_lock_a);
	KFIX_NEXT_LINE(kfix_line_a_then_b);
	spin_lock(&kfix_lock_b);
	spin_unlock(&kfix_lock_b);
	spin_unlock(&kfix_lock_a);
}

void kfix_lock_b_then_a(void)
{
	spin_lock(&kfix_lock_b);
	KFIX_NEXT_LINE(kfix_line_b_then_a);
	spin_lock(&kfix_lock_a);
	spin_unlock(&kfix_lock_a);
	spin_unlock(&kfix_lock_b);
}

void kfix_lock_b_then_c(void)
{
	spin_lock(&kfix_lock_b);
	KFIX_NEXT_LINE(kfix_line_b_then_c);
	spin_lock(&kfix_lock_c);
	spin_unlock(&kfix_lock_c);
	spin_unlock(&kfix_lock_b);
}

void kfix_lock_c_then_a(void)
{
	spin_lock(&kfix_lock_c);
	KFIX_NEXT_LINE(kfix_line_c_then_a);
	spin_lock(&kfix_lock_a);
	spin_unlock(&kfix_lock_a);
	spin_unlock(&kfix_lock_c);
}

/* A trylock never waits, so holding b while trying a is no inversion. */
void kfix_lock_b_trylock_a(void)
{
	spin_lock(&kfix_lock_b);
	if (spin_trylock(&kfix_lock_a))
		spin_unlock(&kfix_lock_a);
	spin_unlock(&kfix_lock_b);
}

/*
 * kfix_release_on_other_cpu - take kfix_lock_a here, release it as code
 * of another CPU.
 *
 * No real path gets this far without tripping an earlier check: a lock
 * changes CPU only with its holder, and a holder leaves its CPU only
 * through schedule() (scheduling while atomic) or by giving control back
 * to the machine (lock held when returning to the machine); nor may a
 * lock stay taken between events for another task to find.  So the
 * fixture switches CPU by hand, with the machine's interrupt entry.
 */
void kfix_release_on_other_cpu(void)
{
	int cpu = other_cpu();

	KFIX_NEXT_LINE(kfix_line_other_cpu_lock);
	spin_lock(&kfix_lock_a);
	sim_irq_enter(cpu);
	KFIX_NEXT_LINE(kfix_line_other_cpu_unlock);
	spin_unlock(&kfix_lock_a);
}

/* The same trick: another CPU takes a lock this one holds (a deadlock). */
void kfix_take_held_on_other_cpu(void)
{
	int cpu = other_cpu();

	KFIX_NEXT_LINE(kfix_line_other_cpu_lock);
	spin_lock(&kfix_lock_a);
	sim_irq_enter(cpu);
	KFIX_NEXT_LINE(kfix_line_other_cpu_take);
	spin_lock(&kfix_lock_a);
}

void kfix_release_unlocked(void)
{
	KFIX_NEXT_LINE(kfix_line_release_unlocked);
	spin_unlock(&kfix_lock_a);
}

/*
 * Correct: the open-coded wait of 2.6.10 code that predates
 * prepare_to_wait(): add_wait_queue() (or the exclusive one), sleep
 * until the condition holds, remove_wait_queue().
 */
static void wait_open_coded(int exclusive)
{
	DECLARE_WAITQUEUE(wait, current);

	if (exclusive)
		add_wait_queue_exclusive(&kfix_wq, &wait);
	else
		add_wait_queue(&kfix_wq, &wait);
	for (;;) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		if (kfix_wq_cond)
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&kfix_wq, &wait);
}

void kfix_wait_open_coded(void)
{
	wait_open_coded(0);
}

void kfix_wait_open_coded_exclusive(void)
{
	wait_open_coded(1);
}

/*
 * Correct: the open-coded wait with an entry that waited exclusively
 * before; add_wait_queue() makes it a plain (non-exclusive) waiter again.
 */
void kfix_wait_open_coded_reused(void)
{
	DECLARE_WAITQUEUE(wait, current);

	add_wait_queue_exclusive(&kfix_wq, &wait);
	remove_wait_queue(&kfix_wq, &wait);
	add_wait_queue(&kfix_wq, &wait);
	for (;;) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		if (kfix_wq_cond)
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	remove_wait_queue(&kfix_wq, &wait);
}

/* The same with prepare_to_wait_exclusive(), then prepare_to_wait(). */
void kfix_wait_event_reused(void)
{
	DEFINE_WAIT(wait);

	prepare_to_wait_exclusive(&kfix_wq, &wait, TASK_UNINTERRUPTIBLE);
	finish_wait(&kfix_wq, &wait);
	for (;;) {
		prepare_to_wait(&kfix_wq, &wait, TASK_UNINTERRUPTIBLE);
		if (kfix_wq_cond)
			break;
		schedule();
	}
	finish_wait(&kfix_wq, &wait);
}

/* Unlocked, as kfix_wq_waiters(): one CPU executes at a time. */
int kfix_wq_len(int idx)
{
	struct list_head *pos;
	int n = 0;

	list_for_each(pos, &sim.wq[idx].task_list)
		n++;
	return n;
}

/* The condition made true, and one exclusive waiter woken with the rest. */
void kfix_wake_open_coded(void)
{
	kfix_wq_cond = 1;
	wake_up(&kfix_wq);
}

/* The same with a sync wake-up: the waker says it is about to sleep. */
void kfix_wake_open_coded_sync(void)
{
	kfix_wq_cond = 1;
	__wake_up_sync(&kfix_wq, TASK_UNINTERRUPTIBLE | TASK_INTERRUPTIBLE, 1);
}

/*
 * Correct: the loop of wait_event_exclusive(), prepare_to_wait_exclusive()
 * before every look at the condition.  Woken by anything but the queue,
 * the entry is still queued, and preparing again must leave it so.
 */
void kfix_wait_event_exclusive(void)
{
	DEFINE_WAIT(wait);

	for (;;) {
		prepare_to_wait_exclusive(&kfix_wq, &wait,
					  TASK_UNINTERRUPTIBLE);
		if (kfix_wq_cond)
			break;
		schedule();
	}
	finish_wait(&kfix_wq, &wait);
}

/* Outside: the entries queued on the fixtures' wait queue. */
int kfix_wq_waiters(void)
{
	struct list_head *pos;
	int n = 0;

	list_for_each(pos, &kfix_wq.task_list)
		n++;
	return n;
}

/* cpucontrol (lock_cpu_hotplug()) taken again by the task holding it. */
void kfix_hotplug_lock_twice(void)
{
	lock_cpu_hotplug();
	lock_cpu_hotplug();
}

/* cpucontrol released by a task that does not hold it. */
void kfix_hotplug_unlock_unheld(void)
{
	unlock_cpu_hotplug();
}

static void hold_hotplug(unsigned int ms)
{
	lock_cpu_hotplug();
	set_current_state(TASK_UNINTERRUPTIBLE);
	schedule_timeout(msecs_to_jiffies(ms));
	unlock_cpu_hotplug();
}

/* Correct: cpucontrol held across a sleep of 50 ms, then of 2 s. */
void kfix_hotplug_hold_50ms(void)
{
	hold_hotplug(50);
}

void kfix_hotplug_hold_2s(void)
{
	hold_hotplug(2000);
}

/* Two locks of one class, the higher address first. */
void kfix_nest_descending(void)
{
	init_pair();
	KFIX_NEXT_LINE(kfix_line_nest_high);
	spin_lock(&kfix_pair[1]);
	KFIX_NEXT_LINE(kfix_line_nest_low);
	spin_lock(&kfix_pair[0]);
	spin_unlock(&kfix_pair[0]);
	spin_unlock(&kfix_pair[1]);
}

/*
 * Two copies of kfix_lock_a, taken the higher address first.  A lock
 * initialised statically is keyed by its address, so each copy is a
 * class of its own, not kfix_lock_a's: no address-order rule between
 * them, although each starts with what kfix_lock_a knew of its class.
 */
void kfix_nest_copies_descending(void)
{
	static spinlock_t copy[2];

	spin_lock(&kfix_lock_a);		/* its class is known */
	spin_unlock(&kfix_lock_a);
	copy[0] = kfix_lock_a;
	copy[1] = kfix_lock_a;
	spin_lock(&copy[1]);
	spin_lock(&copy[0]);
	spin_unlock(&copy[0]);
	spin_unlock(&copy[1]);
}

void kfix_nest_ascending(void)
{
	init_pair();
	spin_lock(&kfix_pair[0]);
	spin_lock(&kfix_pair[1]);
	spin_unlock(&kfix_pair[1]);
	spin_unlock(&kfix_pair[0]);
}

/*
 * A hardirq on this CPU, entered by hand: the machine only delivers its
 * own interrupts (ticks, IPIs, the harness's wake-ups), none of which
 * runs test code.
 */
void kfix_lock_in_hardirq(void)
{
	int cpu = smp_processor_id();

	sim_irq_enter(cpu);
	KFIX_NEXT_LINE(kfix_line_irq_hardirq);
	spin_lock(&kfix_irq_lock);
	spin_unlock(&kfix_irq_lock);
	sim_irq_exit(cpu);
}

/* Process context, interrupts on: the hardirq user can interrupt us. */
void kfix_lock_irqs_on(void)
{
	KFIX_NEXT_LINE(kfix_line_irq_irqs_on);
	spin_lock(&kfix_irq_lock);
	spin_unlock(&kfix_irq_lock);
}

void kfix_lock_irqsave(void)
{
	unsigned long flags;

	spin_lock_irqsave(&kfix_irq_lock, flags);
	spin_unlock_irqrestore(&kfix_irq_lock, flags);
}

/* ---- atomic context ------------------------------------------------------ */

void kfix_schedule_under_lock(void)
{
	spin_lock(&kfix_lock_a);
	KFIX_NEXT_LINE(kfix_line_schedule_under_lock);
	schedule();
	spin_unlock(&kfix_lock_a);
}

/* The same from inside the library: schedule_timeout() calls schedule(). */
void kfix_schedule_timeout_under_lock(void)
{
	spin_lock(&kfix_lock_a);
	set_current_state(TASK_INTERRUPTIBLE);
	schedule_timeout(1);
	spin_unlock(&kfix_lock_a);
}

void kfix_might_sleep_under_lock(void)
{
	spin_lock(&kfix_lock_a);
	KFIX_NEXT_LINE(kfix_line_might_sleep_under_lock);
	might_sleep();
	spin_unlock(&kfix_lock_a);
}

void kfix_might_sleep_irqs_off(void)
{
	local_irq_disable();
	KFIX_NEXT_LINE(kfix_line_might_sleep_irqs_off);
	might_sleep();
	local_irq_enable();
}

/* copy_from_user() may fault and sleep: never under a spinlock. */
void kfix_copy_from_user_under_lock(void)
{
	char byte;

	spin_lock(&kfix_lock_a);
	if (copy_from_user(&byte, (const void __user *)0x1000, 1))
		byte = 0;
	spin_unlock(&kfix_lock_a);
}

void kfix_wait_for_completion_under_lock(void)
{
	init_completion(&kfix_never_done);
	spin_lock(&kfix_lock_a);
	wait_for_completion(&kfix_never_done);
	spin_unlock(&kfix_lock_a);
}

void kfix_return_holding_lock(void)
{
	KFIX_NEXT_LINE(kfix_line_return_holding_lock);
	spin_lock(&kfix_lock_a);
}

void kfix_return_preempt_disabled(void)
{
	preempt_disable();
}

void kfix_return_irqs_disabled(void)
{
	local_irq_disable();
}

void kfix_irq_enable_in_hardirq(void)
{
	sim_irq_enter(smp_processor_id());
	KFIX_NEXT_LINE(kfix_line_irq_enable_in_hardirq);
	local_irq_enable();
}

void kfix_hardirq_exit_holding_lock(void)
{
	int cpu = smp_processor_id();

	sim_irq_enter(cpu);
	KFIX_NEXT_LINE(kfix_line_hardirq_exit_holding_lock);
	spin_lock(&kfix_lock_a);
	sim_irq_exit(cpu);
}

/* Nothing else runs while an interrupt spins: the wait never ends. */
void kfix_busy_wait_in_hardirq(void)
{
	sim_irq_enter(smp_processor_id());
	cpu_relax();
}

/* ---- rwlocks ------------------------------------------------------------- */

void kfix_read_nested(void)
{
	read_lock(&kfix_rwlock);
	read_lock(&kfix_rwlock);
	read_unlock(&kfix_rwlock);
	read_unlock(&kfix_rwlock);
}

void kfix_write_while_reading(void)
{
	read_lock(&kfix_rwlock);
	KFIX_NEXT_LINE(kfix_line_write_while_reading);
	write_lock(&kfix_rwlock);
}

void kfix_read_while_writing(void)
{
	write_lock(&kfix_rwlock);
	KFIX_NEXT_LINE(kfix_line_read_while_writing);
	read_lock(&kfix_rwlock);
}

/* ---- BUG and WARN -------------------------------------------------------- */

/* A helper that wants its caller to hold kfix_lock_a, called without. */
void kfix_bug_on(void)
{
	KFIX_NEXT_LINE(kfix_line_bug_on);
	BUG_ON(!spin_is_locked(&kfix_lock_a));
}

void kfix_warn_on(void)
{
	KFIX_NEXT_LINE(kfix_line_warn_on);
	WARN_ON(!spin_is_locked(&kfix_lock_a));
}

/* ---- CPU numbers past NR_CPUS -------------------------------------------- */

static DEFINE_PER_CPU(int, kfix_per_cpu_count);

/* Not a constant, so that the compiler cannot see the index is bad. */
static volatile int kfix_nr_cpus = NR_CPUS;

/* The loop a mistyped "i <= NR_CPUS" makes, over a per-CPU variable. */
void kfix_percpu_past_end(void)
{
	int cpu = kfix_nr_cpus;

	KFIX_NEXT_LINE(kfix_line_percpu_past_end);
	per_cpu(kfix_per_cpu_count, cpu)++;
}

/* The same over a cpumask. */
void kfix_cpumask_past_end(void)
{
	cpumask_t mask = CPU_MASK_NONE;
	int cpu = kfix_nr_cpus;

	KFIX_NEXT_LINE(kfix_line_cpumask_past_end);
	cpu_set(cpu, mask);
}

/* ---- the checker's own limits -------------------------------------------- */

static spinlock_t kfix_chain[KFIX_TOO_MANY_HELD];
static spinlock_t kfix_classes[KFIX_TOO_MANY_CLASSES];

/* One class, ascending addresses: only the depth is wrong. */
void kfix_hold_too_many_locks(void)
{
	int i;

	for (i = 0; i < KFIX_TOO_MANY_HELD; i++)
		spin_lock_init(&kfix_chain[i]);
	for (i = 0; i < KFIX_TOO_MANY_HELD; i++)
		spin_lock(&kfix_chain[i]);
}

/* Statically initialised locks are a class each: take them one by one. */
void kfix_make_too_many_classes(void)
{
	int i;

	for (i = 0; i < KFIX_TOO_MANY_CLASSES; i++) {
		kfix_classes[i] =
			(spinlock_t)__SPIN_LOCK_UNLOCKED(kfix_classes);
		spin_lock(&kfix_classes[i]);
		spin_unlock(&kfix_classes[i]);
	}
}

/* ---- a clean run --------------------------------------------------------- */

/*
 * kfix_clean_locking - every rule kept: one global order (a, b, c, the
 * pair in address order, the rwlock, the irq lock), readers nested,
 * interrupts saved around every lock a hardirq also takes.
 */
void kfix_clean_locking(void)
{
	unsigned long flags;

	init_pair();
	spin_lock_irqsave(&kfix_lock_a, flags);
	spin_lock(&kfix_lock_b);
	spin_lock(&kfix_lock_c);
	spin_lock(&kfix_pair[0]);
	spin_lock(&kfix_pair[1]);
	read_lock(&kfix_rwlock);
	read_lock(&kfix_rwlock);
	spin_lock(&kfix_irq_lock);
	spin_unlock(&kfix_irq_lock);
	read_unlock(&kfix_rwlock);
	read_unlock(&kfix_rwlock);
	spin_unlock(&kfix_pair[1]);
	spin_unlock(&kfix_pair[0]);
	spin_unlock(&kfix_lock_c);
	spin_unlock(&kfix_lock_b);
	spin_unlock_irqrestore(&kfix_lock_a, flags);
	kfix_lock_in_hardirq();
}

/*
 * kfix_lock_outside_events - called from outside the machine, between
 * runs.  Every path inside the machine is caught earlier (returning to
 * the machine, leaving a hardirq), so only code run outside any event
 * can leave a lock for the between-events check to find.
 */
void kfix_lock_outside_events(void)
{
	KFIX_NEXT_LINE(kfix_line_lock_outside_events);
	spin_lock(&kfix_lock_a);
}

/* ---- state changed behind the driver's back ------------------------------ */

/* Sleeping without schedule(): the driver keeps it queued. */
int kfix_sleep_behind_drivers_back(int pid)
{
	struct task_struct *p = find_task_by_pid(pid);

	if (!p)
		return -1;
	p->state = TASK_INTERRUPTIBLE;
	return 0;
}

/* Woken without try_to_wake_up(): runnable, but nobody enqueued it. */
int kfix_wake_behind_drivers_back(int pid)
{
	struct task_struct *p = find_task_by_pid(pid);

	if (!p)
		return -1;
	p->state = TASK_RUNNING;
	return 0;
}

/* An interruptible sleep turned uninterruptible: nobody counted it. */
int kfix_unint_behind_drivers_back(int pid)
{
	struct task_struct *p = find_task_by_pid(pid);

	if (!p)
		return -1;
	p->state = TASK_UNINTERRUPTIBLE;
	return 0;
}

/* Marked as waiting for I/O without io_schedule(). */
int kfix_iowait_behind_drivers_back(int pid)
{
	struct task_struct *p = find_task_by_pid(pid);

	if (!p)
		return -1;
	p->in_iowait = 1;
	return 0;
}

/* set_task_cpu() on a queued task, without moving it between queues. */
int kfix_move_behind_drivers_back(int pid, int cpu)
{
	struct task_struct *p = find_task_by_pid(pid);

	if (!p || cpu < 0 || cpu >= sim.nr_cpus)
		return -1;
	set_task_cpu(p, cpu);
	return 0;
}

/* A policy change without requeue or reschedule: setscheduler gone bad. */
int kfix_make_fifo_behind_drivers_back(int pid, int rt_priority)
{
	struct task_struct *p = find_task_by_pid(pid);

	if (!p)
		return -1;
	p->policy = SCHED_FIFO;
	p->rt_priority = rt_priority;
	return 0;
}

/* An affinity change without set_cpus_allowed(): no reschedule. */
void kfix_leave_allowed_cpus(void)
{
	cpu_clear(smp_processor_id(), current->cpus_allowed);
}

int kfix_set_own_cpus_allowed_all(void)
{
	return set_cpus_allowed(current, CPU_MASK_ALL);
}

/*
 * kfix_corrupt_tiny_level - give a queued task of tiny an RT level while
 * it stays queued at the SCHED_NORMAL one.  Its policy is untouched, so
 * only tiny's own check can see it.
 */
int kfix_corrupt_tiny_level(int pid)
{
#ifdef CONFIG_CPUSCHED_TINY
	struct task_struct *p = find_task_by_pid(pid);

	if (!p || strcmp(scheduler->cpusched_name, "tiny"))
		return -1;
	p->u.tiny.prio = MAX_RT_PRIO / 2;
	return 0;
#else
	return -1;
#endif
}

/* ---- a lying driver ------------------------------------------------------ */

static struct sched_drv kfix_liar;
static struct sched_drv *kfix_truth;

static unsigned long liar_nr_running(void)
{
	return kfix_truth->nr_running() + 1;
}

static unsigned long long liar_nr_context_switches(void)
{
	return kfix_truth->nr_context_switches() + 1;
}

static int liar_check(char *buf, int len)
{
	snprintf(buf, len, "%s", KFIX_LIE_REASON);
	return 1;
}

void kfix_install_liar(int lie)
{
	kfix_truth = scheduler;
	kfix_liar = *scheduler;
	switch (lie) {
	case KFIX_LIE_NR_RUNNING:
		kfix_liar.nr_running = liar_nr_running;
		break;
	case KFIX_LIE_NR_SWITCHES:
		kfix_liar.nr_context_switches = liar_nr_context_switches;
		break;
	case KFIX_LIE_CHECK:
		kfix_liar.check = liar_check;
		break;
	}
	scheduler = &kfix_liar;
}

void kfix_sweep_every_event(void)
{
	sim.inv.always = 1;
}

/* ---- the dispatcher spy -------------------------------------------------- */

static struct sched_drv spy_orig;	/* the driver's own hooks */
static struct sched_drv *spy_target;	/* the driver patched in place */
static unsigned long spy_calls[KFIX_NR_HOOKS];

#define SPY_COUNT(hook)	(spy_calls[KFIX_HOOK_##hook]++)

static void spy_account_steal_time(struct task_struct *p, cputime_t steal)
{
	SPY_COUNT(account_steal_time);
	spy_orig.account_steal_time(p, steal);
}

static void spy_account_system_time(struct task_struct *p, int hardirq_offset,
				    cputime_t cputime)
{
	SPY_COUNT(account_system_time);
	spy_orig.account_system_time(p, hardirq_offset, cputime);
}

static void spy_account_user_time(struct task_struct *p, cputime_t cputime)
{
	SPY_COUNT(account_user_time);
	spy_orig.account_user_time(p, cputime);
}

static int spy_rt_task(struct task_struct *p)
{
	SPY_COUNT(rt_task);
	return spy_orig.rt_task(p);
}

static void spy_wait_for_completion(struct completion *x)
{
	SPY_COUNT(wait_for_completion);
	spy_orig.wait_for_completion(x);
}

static void spy_io_schedule(void)
{
	SPY_COUNT(io_schedule);
	spy_orig.io_schedule();
}

static long spy_io_schedule_timeout(long timeout)
{
	SPY_COUNT(io_schedule_timeout);
	return spy_orig.io_schedule_timeout(timeout);
}

static void spy_set_oom_timeslice(struct task_struct *p)
{
	SPY_COUNT(set_oom_timeslice);
	spy_orig.set_oom_timeslice(p);
}

static unsigned long spy_nr_running(void)
{
	SPY_COUNT(nr_running);
	return spy_orig.nr_running();
}

static unsigned long spy_nr_uninterruptible(void)
{
	SPY_COUNT(nr_uninterruptible);
	return spy_orig.nr_uninterruptible();
}

static unsigned long long spy_nr_context_switches(void)
{
	SPY_COUNT(nr_context_switches);
	return spy_orig.nr_context_switches();
}

static unsigned long spy_nr_iowait(void)
{
	SPY_COUNT(nr_iowait);
	return spy_orig.nr_iowait();
}

static int spy_idle_cpu(int cpu)
{
	SPY_COUNT(idle_cpu);
	return spy_orig.idle_cpu(cpu);
}

static void spy_init_idle(struct task_struct *idle, int cpu)
{
	SPY_COUNT(init_idle);
	spy_orig.init_idle(idle, cpu);
}

static void spy_exit(struct task_struct *p)
{
	SPY_COUNT(exit);
	spy_orig.exit(p);
}

static void spy_fork(struct task_struct *p)
{
	SPY_COUNT(fork);
	spy_orig.fork(p);
}

static int spy_init_from_base;

static void spy_init(void)
{
	SPY_COUNT(init);
	spy_init_from_base = !memcmp(&init_task, &base_init_task,
				     sizeof(init_task));
	spy_orig.init();
}

int kfix_spy_init_from_boot_task(void)
{
	return spy_init_from_base;
}

static void spy_init_smp(void)
{
	SPY_COUNT(init_smp);
	spy_orig.init_smp();
}

static void spy_schedule(void)
{
	SPY_COUNT(schedule);
	spy_orig.schedule();
}

static void spy_tick(void)
{
	SPY_COUNT(tick);
	spy_orig.tick();
}

static void spy_tail(struct task_struct *prev)
{
	SPY_COUNT(tail);
	spy_orig.tail(prev);
}

static int spy_setscheduler(pid_t pid, int policy,
			    struct sched_param __user *param)
{
	SPY_COUNT(setscheduler);
	return spy_orig.setscheduler(pid, policy, param);
}

static void spy_set_user_nice(struct task_struct *p, long nice)
{
	SPY_COUNT(set_user_nice);
	spy_orig.set_user_nice(p, nice);
}

static long spy_rr_get_interval(pid_t pid, struct timespec __user *interval)
{
	SPY_COUNT(rr_get_interval);
	return spy_orig.rr_get_interval(pid, interval);
}

static long spy_yield(void)
{
	SPY_COUNT(yield);
	return spy_orig.yield();
}

static int spy_task_curr(const struct task_struct *p)
{
	SPY_COUNT(task_curr);
	return spy_orig.task_curr(p);
}

static int spy_task_nice(const struct task_struct *p)
{
	SPY_COUNT(task_nice);
	return spy_orig.task_nice(p);
}

static int spy_task_prio(const struct task_struct *p)
{
	SPY_COUNT(task_prio);
	return spy_orig.task_prio(p);
}

static int spy_try_to_wake_up(struct task_struct *p, unsigned int state,
			      int sync)
{
	SPY_COUNT(try_to_wake_up);
	return spy_orig.try_to_wake_up(p, state, sync);
}

static void spy_wake_up_new_task(struct task_struct *p,
				 unsigned long clone_flags)
{
	SPY_COUNT(wake_up_new_task);
	spy_orig.wake_up_new_task(p, clone_flags);
}

#ifdef CONFIG_SMP
static int spy_migration_init(void)
{
	SPY_COUNT(migration_init);
	return spy_orig.migration_init();
}

static void spy_exec(void)
{
	SPY_COUNT(exec);
	spy_orig.exec();
}

static int spy_set_cpus_allowed(struct task_struct *p, cpumask_t new_mask)
{
	SPY_COUNT(set_cpus_allowed);
	return spy_orig.set_cpus_allowed(p, new_mask);
}

static void spy_wait_task_inactive(struct task_struct *p)
{
	SPY_COUNT(wait_task_inactive);
	spy_orig.wait_task_inactive(p);
}

static void spy_cpu_attach_domain(struct sched_domain *sd, int cpu)
{
	SPY_COUNT(cpu_attach_domain);
	spy_orig.cpu_attach_domain(sd, cpu);
}
#endif /* CONFIG_SMP */

static void spy_sched_idle_next(void)
{
	SPY_COUNT(sched_idle_next);
	spy_orig.sched_idle_next();
}

#ifdef CONFIG_SCHEDSTATS
static int spy_show_schedstat(struct seq_file *seq, void *v)
{
	SPY_COUNT(show_schedstat);
	return spy_orig.show_schedstat(seq, v);
}
#endif

static void spy_for_each_queued(int cpu,
				void (*fn)(struct task_struct *, void *),
				void *arg)
{
	SPY_COUNT(for_each_queued);
	spy_orig.for_each_queued(cpu, fn, arg);
}

static int spy_check(char *buf, int len)
{
	SPY_COUNT(check);
	return spy_orig.check(buf, len);
}

static int spy_normal_prio(struct task_struct *p)
{
	SPY_COUNT(normal_prio);
	return spy_orig.normal_prio(p);
}

static void spy_pi_setprio(struct task_struct *p)
{
	SPY_COUNT(pi_setprio);
	spy_orig.pi_setprio(p);
}

#define HOOK_NAME(hook)	[KFIX_HOOK_##hook] = #hook

static const char *const spy_hook_names[KFIX_NR_HOOKS] = {
	HOOK_NAME(account_steal_time),	HOOK_NAME(account_system_time),
	HOOK_NAME(account_user_time),	HOOK_NAME(rt_task),
	HOOK_NAME(wait_for_completion),	HOOK_NAME(io_schedule),
	HOOK_NAME(io_schedule_timeout),	HOOK_NAME(set_oom_timeslice),
	HOOK_NAME(nr_running),		HOOK_NAME(nr_uninterruptible),
	HOOK_NAME(nr_context_switches),	HOOK_NAME(nr_iowait),
	HOOK_NAME(idle_cpu),		HOOK_NAME(init_idle),
	HOOK_NAME(exit),		HOOK_NAME(fork),
	HOOK_NAME(init),		HOOK_NAME(init_smp),
	HOOK_NAME(schedule),		HOOK_NAME(tick),
	HOOK_NAME(tail),		HOOK_NAME(setscheduler),
	HOOK_NAME(set_user_nice),	HOOK_NAME(rr_get_interval),
	HOOK_NAME(yield),		HOOK_NAME(task_curr),
	HOOK_NAME(task_nice),		HOOK_NAME(task_prio),
	HOOK_NAME(try_to_wake_up),	HOOK_NAME(wake_up_new_task),
	HOOK_NAME(migration_init),	HOOK_NAME(exec),
	HOOK_NAME(set_cpus_allowed),	HOOK_NAME(wait_task_inactive),
	HOOK_NAME(cpu_attach_domain),	HOOK_NAME(sched_idle_next),
	HOOK_NAME(show_schedstat),	HOOK_NAME(for_each_queued),
	HOOK_NAME(check),		HOOK_NAME(normal_prio),
	HOOK_NAME(pi_setprio),
};

/*
 * kfix_spy_attach_driver - patch driver @i's table (0: the default) in
 * place, before boot: a copy installed after boot would miss the hooks
 * that only the boot calls (init, init_smp, init_idle, migration_init).
 */
void kfix_spy_attach_driver(int i)
{
	struct sched_drv *d = sched_drivers[i];

	memset(spy_calls, 0, sizeof(spy_calls));
	spy_orig = *d;
	spy_target = d;
	d->account_steal_time = spy_account_steal_time;
	d->account_system_time = spy_account_system_time;
	d->account_user_time = spy_account_user_time;
	d->rt_task = spy_rt_task;
	d->wait_for_completion = spy_wait_for_completion;
	d->io_schedule = spy_io_schedule;
	d->io_schedule_timeout = spy_io_schedule_timeout;
	d->set_oom_timeslice = spy_set_oom_timeslice;
	d->nr_running = spy_nr_running;
	d->nr_uninterruptible = spy_nr_uninterruptible;
	d->nr_context_switches = spy_nr_context_switches;
	d->nr_iowait = spy_nr_iowait;
	d->idle_cpu = spy_idle_cpu;
	d->init_idle = spy_init_idle;
	d->exit = spy_exit;
	d->fork = spy_fork;
	d->init = spy_init;
	d->init_smp = spy_init_smp;
	d->schedule = spy_schedule;
	d->tick = spy_tick;
	d->tail = spy_tail;
	d->setscheduler = spy_setscheduler;
	d->set_user_nice = spy_set_user_nice;
	d->rr_get_interval = spy_rr_get_interval;
	d->yield = spy_yield;
	d->task_curr = spy_task_curr;
	d->task_nice = spy_task_nice;
	d->task_prio = spy_task_prio;
	d->try_to_wake_up = spy_try_to_wake_up;
	d->wake_up_new_task = spy_wake_up_new_task;
#ifdef CONFIG_SMP
	d->migration_init = spy_migration_init;
	d->exec = spy_exec;
	d->set_cpus_allowed = spy_set_cpus_allowed;
	d->wait_task_inactive = spy_wait_task_inactive;
	d->cpu_attach_domain = spy_cpu_attach_domain;
#endif
	d->sched_idle_next = spy_sched_idle_next;
#ifdef CONFIG_SCHEDSTATS
	d->show_schedstat = spy_show_schedstat;
#endif
	d->for_each_queued = spy_for_each_queued;
	if (spy_orig.check)
		d->check = spy_check;
	d->normal_prio = spy_normal_prio;
	d->pi_setprio = spy_pi_setprio;
}

void kfix_spy_attach(void)
{
	kfix_spy_attach_driver(0);
}

void kfix_spy_detach(void)
{
	if (spy_target)
		*spy_target = spy_orig;
	spy_target = NULL;
}

unsigned long kfix_spy_calls(int hook)
{
	return hook >= 0 && hook < KFIX_NR_HOOKS ? spy_calls[hook] : 0;
}

const char *kfix_spy_hook_name(int hook)
{
	return hook >= 0 && hook < KFIX_NR_HOOKS ? spy_hook_names[hook] : "?";
}

int kfix_spy_hook_present(int hook)
{
	switch (hook) {
	case KFIX_HOOK_migration_init:
	case KFIX_HOOK_exec:
	case KFIX_HOOK_set_cpus_allowed:
	case KFIX_HOOK_wait_task_inactive:
	case KFIX_HOOK_cpu_attach_domain:
#ifdef CONFIG_SMP
		return 1;
#else
		return 0;
#endif
	case KFIX_HOOK_show_schedstat:
#ifdef CONFIG_SCHEDSTATS
		return 1;
#else
		return 0;
#endif
	case KFIX_HOOK_check:
		return spy_orig.check != NULL;
	}
	return hook >= 0 && hook < KFIX_NR_HOOKS;
}

long kfix_call_wrapper(int hook, int pid)
{
	struct task_struct *p = pid ? find_task_by_pid(pid) : current;

	if (!p)
		return -1;
	switch (hook) {
	case KFIX_HOOK_rt_task:
		return rt_task(p);
	case KFIX_HOOK_idle_cpu:
		return idle_cpu(task_cpu(p));
	case KFIX_HOOK_task_curr:
		return task_curr(p);
	case KFIX_HOOK_set_oom_timeslice:
		set_oom_timeslice(p);
		return 0;
	case KFIX_HOOK_account_steal_time:
		account_steal_time(p, 0);
		return 0;
#ifdef CONFIG_SMP
	case KFIX_HOOK_exec:
		sched_exec();
		return 0;
	case KFIX_HOOK_wait_task_inactive:
		wait_task_inactive(p);
		return 0;
	case KFIX_HOOK_cpu_attach_domain:
		/* NULL: no domain, what a driver without domains has */
		cpu_attach_domain(NULL, task_cpu(p));
		return 0;
#endif
	}
	return -1;
}

int kfix_steal(int cpu, int pid, unsigned long ticks)
{
	struct task_struct *p;
	unsigned long flags;
	int saved = sim_this_cpu;

	if (cpu < 0 || cpu >= sim.nr_cpus || !cpu_online(cpu))
		return -1;
	p = pid ? find_task_by_pid(pid) : sim.cpu[cpu].idle;
	if (!p)
		return -1;
	sim_this_cpu = cpu;
	local_irq_save(flags);
	account_steal_time(p, jiffies_to_cputime(ticks));
	local_irq_restore(flags);
	sim_this_cpu = saved;
	return 0;
}

int kfix_task_released(int pid)
{
	struct sim_task *st;

	list_for_each_entry(st, &sim.tasks, all)
		if (st->pid == pid)
			return st->exited && !st->task;
	return -1;
}

void kfix_io_schedule(void)
{
	set_current_state(TASK_UNINTERRUPTIBLE);
	io_schedule();
}

static int kfix_show_ret;

static int kfix_show(struct seq_file *m, void *v)
{
	seq_printf(m, "x\n");
	return kfix_show_ret;
}

long kfix_seq_read(int show_ret)
{
	char buf[8];
	struct file file;
	mm_segment_t old_fs;
	loff_t pos = 0;
	long n;

	kfix_show_ret = show_ret;
	if (single_open(&file, kfix_show, NULL))
		return -ENOMEM;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = seq_read(&file, (char __user *)buf, sizeof(buf), &pos);
	set_fs(old_fs);
	single_release(NULL, &file);
	return n;
}

/* ---- libsched's shared helpers, called directly ------------------------ */

void kfix_kernel_spin(unsigned long long ns)
{
	unsigned long long end = sched_clock() + ns;

	while (sched_clock() < end)
		cpu_relax();
}

void kfix_account_tick_in(int in_hardirq, int in_softirq)
{
	int offset = HARDIRQ_OFFSET;	/* the tick's own */

	if (in_hardirq)
		offset += HARDIRQ_OFFSET;
	if (in_softirq)
		offset += SOFTIRQ_OFFSET;
	local_irq_disable();
	preempt_count() += offset;
	account_system_time(current, HARDIRQ_OFFSET, jiffies_to_cputime(1));
	preempt_count() -= offset;
	local_irq_enable();
}

void kfix_account_steal(int on_idle, unsigned long steal,
			struct kfix_acct *d)
{
	struct cpu_usage_stat *cs, was;
	struct task_struct *p;
	unsigned long stime;

	local_irq_disable();
	cs = &kstat_this_cpu.cpustat;
	p = on_idle ? sim.cpu[smp_processor_id()].idle : current;
	was = *cs;
	stime = p->stime;
	account_steal_time(p, steal);
	d->steal = cs->steal - was.steal;
	d->idle = cs->idle - was.idle;
	d->iowait = cs->iowait - was.iowait;
	d->system = cs->system - was.system;
	d->stime = p->stime - stime;
	local_irq_enable();
}

int kfix_boot_option(const char *opt, const char *arg)
{
	char buf[64];

	strlcpy(buf, arg, sizeof(buf));
	return sim_setup_handler(opt, buf);
}

int kfix_tunable_store(const char *text, int min, int max, int *value)
{
	struct sched_tunable t = {
		.name = "kfix", .min = min, .max = max, .def = min,
		.value = value,
	};

	return sched_tunable_store(&t, text);
}

int kfix_wake_in_sleeping_state(int pid)
{
	struct task_struct *p = find_task_by_pid(pid);
	int ret;

	if (!p)
		return -1;
	set_current_state(TASK_UNINTERRUPTIBLE);
	ret = wake_up_process(p);
	__set_current_state(TASK_RUNNING);
	return ret;
}

void kfix_stop_self(void)
{
	set_current_state(TASK_STOPPED);
	schedule();
}

void kfix_wq_wake_sync(int idx, int nr_exclusive)
{
	__wake_up_sync(&sim.wq[idx], TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE,
		       nr_exclusive);
}

void kfix_wq_wake_locked(int idx)
{
	wait_queue_head_t *q = &sim.wq[idx];
	unsigned long flags;

	spin_lock_irqsave(&q->lock, flags);
	__wake_up_locked(q, TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE);
	spin_unlock_irqrestore(&q->lock, flags);
}

#ifdef CONFIG_SMP
static const int *kfix_group_of;

static int kfix_group_fn(int cpu)
{
	return kfix_group_of[cpu];
}
#endif

int kfix_build_groups(const int *group_of, unsigned long long span,
		      int *order, unsigned long long *masks,
		      unsigned long *powers, int max)
{
#ifdef CONFIG_SMP
	static struct sched_group groups[NR_CPUS];
	struct sched_group *first = NULL, *sg;
	cpumask_t mask = CPU_MASK_NONE;
	int cpu, n = 0;

	for (cpu = 0; cpu < NR_CPUS && cpu < 64; cpu++)
		if (span & (1ULL << cpu)) {
			cpu_set(cpu, mask);
			if (!first)
				first = &groups[group_of[cpu]];
		}
	for (n = 0; n < NR_CPUS; n++) {
		memset(&groups[n].cpumask, 0x5a, sizeof(groups[n].cpumask));
		groups[n].cpu_power = 77;
		groups[n].next = NULL;
	}
	kfix_group_of = group_of;
	init_sched_build_groups(groups, mask, kfix_group_fn);
	n = 0;
	for (sg = first; sg && n < max; n++) {
		order[n] = sg - groups;
		masks[n] = 0;
		for (cpu = 0; cpu < NR_CPUS && cpu < 64; cpu++)
			if (cpu_isset(cpu, sg->cpumask))
				masks[n] |= 1ULL << cpu;
		powers[n] = sg->cpu_power;
		sg = sg->next;
		if (sg == first)
			return n + 1;
	}
#endif
	return -1;
}

unsigned long kfix_nr_allocs(void)
{
	return sim.nr_allocs;
}

/* ---- kernel threads and boot parameters -------------------------------- */

static struct task_struct *kfix_kthread;
static int kfix_kthread_cpu = -1;
static int kfix_kthread_iterations;

static int kfix_kthread_fn(void *unused)
{
	kfix_kthread_cpu = smp_processor_id();
	while (!kthread_should_stop()) {
		kfix_kthread_iterations++;
		set_current_state(TASK_INTERRUPTIBLE);
		schedule_timeout(1);
	}
	return KFIX_KTHREAD_RET;
}

int kfix_kthread_create(void)
{
	kfix_kthread_cpu = -1;
	kfix_kthread_iterations = 0;
	kfix_kthread = kthread_create(kfix_kthread_fn, NULL, "kfix/%d", 0);
	return kfix_kthread->pid;
}

void kfix_kthread_bind(int cpu)
{
	kthread_bind(kfix_kthread, cpu);
}

void kfix_kthread_wake(void)
{
	wake_up_process(kfix_kthread);
}

int kfix_kthread_stop(void)
{
	return kthread_stop(kfix_kthread);
}

int kfix_kthread_ran_on(void)
{
	return kfix_kthread_cpu;
}

int kfix_kthread_loops(void)
{
	return kfix_kthread_iterations;
}

/*
 * A CPU notifier that refuses every CPU_UP_PREPARE.  Its priority is
 * below the schedulers' (0), so it is asked after they have prepared the
 * CPU and they must undo that at CPU_UP_CANCELED.
 */
static int refuse_cpu_up(struct notifier_block *nb, unsigned long action,
			 void *hcpu)
{
	return action == CPU_UP_PREPARE ? NOTIFY_BAD : NOTIFY_OK;
}

static struct notifier_block kfix_refuse_nb = {
	.notifier_call	= refuse_cpu_up,
	.priority	= -1,
};

void kfix_refuse_cpu_up(int on)
{
	if (on)
		register_cpu_notifier(&kfix_refuse_nb);
	else
		unregister_cpu_notifier(&kfix_refuse_nb);
}

/* Tasks on @cpu, its idle task and the exited apart. */
int kfix_live_tasks_on(int cpu)
{
	struct task_struct *p;
	int n = 0;

	read_lock(&tasklist_lock);
	for_each_process(p)
		if (task_cpu(p) == cpu && p != sim.cpu[cpu].idle &&
		    !p->exit_state)
			n++;
	read_unlock(&tasklist_lock);
	return n;
}

int kfix_in_sched_functions(void)
{
	return in_sched_functions((unsigned long)schedule) ||
	       in_sched_functions((unsigned long)kfix_in_sched_functions);
}

int kfix_task_usage(int pid)
{
	struct sim_task *st = sim_find(pid);

	if (!st || !st->task)
		return -1;
	return atomic_read(&st->task->usage);
}

int kfix_cpu_isolated(int cpu)
{
	return cpu_isset(cpu, cpu_isolated_map);
}

unsigned long long kfix_cpu_siblings(int cpu)
{
	return cpu_sibling_map[cpu].bits[0];
}

int kfix_cpu_node(int cpu)
{
	return cpu_to_node(cpu);
}

/* ---- what the booted driver promises ------------------------------------- */

unsigned long kfix_starvation_bound(unsigned long nr_running)
{
	return scheduler->starvation_bound(nr_running);
}

unsigned long long kfix_pick_work(void)
{
	if (!scheduler->pick_work)
		return KFIX_NO_PICK_WORK;
	return scheduler->pick_work();
}

int kfix_driver_o1(void)
{
	return scheduler->o1;
}

const char *kfix_driver_missing_hook(int i)
{
	return sim_drv_missing_hook(sched_drivers[i]);
}

const char *kfix_default_driver_missing_hook_without(int hook)
{
	struct sched_drv drv = *sched_drivers[0];

	switch (hook) {
	case KFIX_DROP_SCHEDULE:
		drv.schedule = NULL;
		break;
#ifdef CONFIG_CPUSCHED_PI
	case KFIX_DROP_PI_SETPRIO:
		drv.pi_setprio = NULL;
		break;
#endif
	case KFIX_DROP_CHECK_CPU:
		drv.check_cpu = NULL;
		break;
	}
	return sim_drv_missing_hook(&drv);
}

struct queue_list {
	int *pids;
	int max, n;
};

static void list_one(struct task_struct *p, void *arg)
{
	struct queue_list *q = arg;

	if (q->n < q->max)
		q->pids[q->n] = p->pid;
	q->n++;
}

int kfix_queued(int cpu, int *pids, int max)
{
	struct queue_list q = { .pids = pids, .max = max, .n = 0 };

	if (cpu < 0 || cpu >= sim.nr_cpus)
		return -1;
	scheduler->for_each_queued(cpu, list_one, &q);
	return q.n;
}
