/*
 *  libsched/scheduler.c (kernel/scheduler.c in the plugsched series)
 *
 *  The public part of the CPU scheduler: the code every scheduler design
 *  shares - the nice and affinity system calls, wake-ups and completions,
 *  sched-domain helpers, the schedstat file - and the dispatcher that
 *  calls the private functions of the driver chosen at boot.
 *
 *  History: Con Kolivas split kernel/sched.c of 2.6.10 this way in
 *  October 2004 (plugsched), on a design by William Lee Irwin III.  This
 *  file follows the series and adds, for every driver alike, the
 *  scheduling-while-atomic check at schedule() and trace points at the
 *  entry points (linux/sched_trace.h).
 */
#include <linux/sched.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/slab.h>
#include <linux/cpu.h>
#include <linux/cpuset.h>
#include <linux/security.h>
#include <linux/syscalls.h>
#include <linux/seq_file.h>
#include <linux/kernel_stat.h>
#include <asm/uaccess.h>
#include <linux/sched_trace.h>
#include <linux/rtmutex.h>

/*
 * The drivers configure built; the default one comes first.  Each driver
 * file defines one struct sched_drv, found here by its symbol.
 */
#define CPUSCHED_DRIVER(drv)	extern struct sched_drv drv;
#include <linux/cpusched_drivers.h>
#undef CPUSCHED_DRIVER

#define CPUSCHED_DRIVER(drv)	&drv,
struct sched_drv *const sched_drivers[] = {
#include <linux/cpusched_drivers.h>
	NULL
};
#undef CPUSCHED_DRIVER

/*
 * The driver running: the default until cpusched= chooses another.  The
 * machine points it at sched_drivers[0] at every boot (an array element
 * is no constant initialiser in C, and clang says so).
 */
struct sched_drv *scheduler;

/*
 * scheduler_setup - "cpusched=NAME" on the boot command line.
 *
 * It runs after sched_init() of the default driver, so a different choice
 * starts again from the saved init_task and runs sched_init() of the new
 * one.  An unknown name keeps the default.
 */
static int __init scheduler_setup(char *str)
{
	struct sched_drv *chosen = NULL;
	int i;

	for (i = 0; sched_drivers[i]; i++)
		if (!strcmp(str, sched_drivers[i]->cpusched_name))
			chosen = sched_drivers[i];
	if (!chosen) {
		printk(KERN_WARNING "cpusched: unknown cpu scheduler \"%s\", "
				    "keeping %s\n",
		       str, scheduler->cpusched_name);
		return 1;
	}
	if (chosen != scheduler) {
		scheduler = chosen;
		init_task = base_init_task;
		sched_init();
		/*
		 * init_idle() made the boot task preemptible again, but
		 * start_kernel() runs with preemption off until cpu_idle().
		 */
		preempt_disable();
	}
	printk(KERN_INFO "cpusched: %s cpu scheduler\n",
	       scheduler->cpusched_name);
	return 1;
}
__setup("cpusched=", scheduler_setup);

/* ---- the dispatcher ------------------------------------------------------ */

void account_steal_time(struct task_struct *p, cputime_t steal)
{
	scheduler->account_steal_time(p, steal);
}

void account_system_time(struct task_struct *p, int hardirq_offset,
			 cputime_t cputime)
{
	scheduler->account_system_time(p, hardirq_offset, cputime);
}

void account_user_time(struct task_struct *p, cputime_t cputime)
{
	scheduler->account_user_time(p, cputime);
}

int rt_task(task_t *p)
{
	return scheduler->rt_task(p);
}

void fastcall __sched wait_for_completion(struct completion *x)
{
	scheduler->wait_for_completion(x);
}
EXPORT_SYMBOL(wait_for_completion);

/*
 * io_schedule - sleep waiting for I/O.  ->in_iowait tells anyone looking
 * from outside which tasks the driver counts in nr_iowait().
 */
void __sched io_schedule(void)
{
	current->in_iowait = 1;
	scheduler->io_schedule();
	current->in_iowait = 0;
}
EXPORT_SYMBOL(io_schedule);

long __sched io_schedule_timeout(long timeout)
{
	long ret;

	current->in_iowait = 1;
	ret = scheduler->io_schedule_timeout(timeout);
	current->in_iowait = 0;
	return ret;
}

void set_oom_timeslice(task_t *p)
{
	scheduler->set_oom_timeslice(p);
}

unsigned long nr_running(void)
{
	return scheduler->nr_running();
}

unsigned long nr_uninterruptible(void)
{
	return scheduler->nr_uninterruptible();
}

unsigned long long nr_context_switches(void)
{
	return scheduler->nr_context_switches();
}

unsigned long nr_iowait(void)
{
	return scheduler->nr_iowait();
}

int idle_cpu(int cpu)
{
	return scheduler->idle_cpu(cpu);
}
EXPORT_SYMBOL_GPL(idle_cpu);

void __devinit init_idle(task_t *idle, int cpu)
{
	scheduler->init_idle(idle, cpu);
}

void fastcall sched_exit(task_t *p)
{
	scheduler->exit(p);
}

void fastcall sched_fork(task_t *p)
{
	scheduler->fork(p);
}

#ifdef CONFIG_CPUSCHED_TUNABLES
/* Every control of the running driver back to its boot value. */
static void reset_tunables(void)
{
	const struct sched_tunable *t;

	for (t = scheduler->tunables; t && t->name; t++)
		*t->value = t->def;
}
#else
static inline void reset_tunables(void)
{
}
#endif /* CONFIG_CPUSCHED_TUNABLES */

void __init sched_init(void)
{
#ifdef CONFIG_SMP
	/* a previous boot's or driver's domains are none of this one's */
	memset(sched_domain_attached, 0, sizeof(sched_domain_attached));
#endif
	reset_tunables();
	scheduler->init();
}

void __init sched_init_smp(void)
{
	scheduler->init_smp();
}

/**
 * schedule - the main scheduler function: pick the next task to run.
 *
 * Called with interrupts enabled, never from atomic context; the machine
 * checks that for every driver before the driver's schedule() runs.
 */
asmlinkage void __sched schedule(void)
{
	int ctx;

	schedule_debug();
	ctx = trace_sched_enter(SCHED_CTX_SCHEDULE);
	scheduler->schedule();
	trace_sched_leave(ctx);
}
EXPORT_SYMBOL(schedule);

/*
 * preempt_schedule - entry from preempt_enable() when need_resched is
 * set.  PREEMPT_ACTIVE tells schedule() that the task is being preempted,
 * not going to sleep, so it stays on the runqueue whatever its state.
 */
asmlinkage void __sched preempt_schedule(void)
{
	struct thread_info *ti = current_thread_info();

	if (unlikely(ti->preempt_count || irqs_disabled()))
		return;
	do {
		ti->preempt_count = PREEMPT_ACTIVE;
		schedule();
		ti->preempt_count = 0;
		barrier();
	} while (unlikely(test_thread_flag(TIF_NEED_RESCHED)));
}
EXPORT_SYMBOL(preempt_schedule);

void scheduler_tick(void)
{
	int ctx = trace_sched_enter(SCHED_CTX_TICK);

	scheduler->tick();
	trace_sched_leave(ctx);
}

/* schedule_tail - the end of the switch that first ran a new task. */
asmlinkage void schedule_tail(task_t *prev)
{
	int ctx = trace_sched_enter(SCHED_CTX_SCHEDULE);

	scheduler->tail(prev);
	trace_sched_leave(ctx);
}

/*
 * setscheduler - the driver changes the policy; a task waiting on an
 * rt_mutex is then requeued at its new priority along its chain.
 */
int setscheduler(pid_t pid, int policy, struct sched_param __user *param)
{
	int retval = scheduler->setscheduler(pid, policy, param);
	task_t *p;

	if (retval)
		return retval;
	read_lock_irq(&tasklist_lock);
	p = find_process_by_pid(pid);
	if (p)
		get_task_struct(p);
	read_unlock_irq(&tasklist_lock);
	if (p) {
		rt_mutex_adjust_pi(p);
		put_task_struct(p);
	}
	return 0;
}

void set_user_nice(task_t *p, long nice)
{
	scheduler->set_user_nice(p, nice);
	rt_mutex_adjust_pi(p);
}
EXPORT_SYMBOL(set_user_nice);

asmlinkage long sys_sched_rr_get_interval(pid_t pid,
					  struct timespec __user *interval)
{
	return scheduler->rr_get_interval(pid, interval);
}

asmlinkage long sys_sched_yield(void)
{
	trace_sched_yield();
	return scheduler->yield();
}

int task_curr(const task_t *p)
{
	return scheduler->task_curr(p);
}

int task_nice(const task_t *p)
{
	return scheduler->task_nice(p);
}
EXPORT_SYMBOL(task_nice);

int task_prio(const task_t *p)
{
	return scheduler->task_prio(p);
}

/*
 * The kernel traces a wake-up inside try_to_wake_up(), before it drops
 * the runqueue lock; a waker preempted at that unlock must not record
 * it later, after the wakee ran and slept again.  So preemption waits
 * until the wake-up is traced.
 */
int try_to_wake_up(task_t *p, unsigned int state, int sync)
{
	int ctx, success;

	preempt_disable();
	ctx = trace_sched_waking(p, state);
	success = scheduler->try_to_wake_up(p, state, sync);
	trace_sched_wakeup(p, success, ctx);
	preempt_enable();
	return success;
}

void fastcall wake_up_new_task(task_t *p, unsigned long clone_flags)
{
	int ctx = trace_sched_wakeup_new(p);

	scheduler->wake_up_new_task(p, clone_flags);
	trace_sched_leave(ctx);
}

#ifdef CONFIG_SMP
int migration_init(void)
{
	return scheduler->migration_init();
}

int set_cpus_allowed(task_t *p, cpumask_t new_mask)
{
	int ret, ctx;

	trace_sched_set_cpus_allowed(p, 0);
	ctx = trace_sched_enter(SCHED_CTX_AFFINITY);
	ret = scheduler->set_cpus_allowed(p, new_mask);
	trace_sched_leave(ctx);
	trace_sched_set_cpus_allowed(p, 1);
	return ret;
}
EXPORT_SYMBOL_GPL(set_cpus_allowed);

void wait_task_inactive(task_t *p)
{
	scheduler->wait_task_inactive(p);
}

void sched_exec(void)
{
	int ctx = trace_sched_exec();

	scheduler->exec();
	trace_sched_exec_done(ctx);
}

/* The domain each CPU's driver attached last; see scheduler.h. */
struct sched_domain *sched_domain_attached[NR_CPUS];

void __devinit cpu_attach_domain(struct sched_domain *sd, int cpu)
{
	scheduler->cpu_attach_domain(sd, cpu);
	sched_domain_attached[cpu] = sd;
	trace_sched_attach_domain(cpu);
}
#endif /* CONFIG_SMP */

void sched_idle_next(void)
{
	scheduler->sched_idle_next();
}

#ifdef CONFIG_CPUSCHED_PI
/* The priority inheritance hooks, for libsched/rtmutex.c. */
int sched_normal_prio(task_t *p)
{
	return scheduler->normal_prio(p);
}

void sched_pi_setprio(task_t *p)
{
	scheduler->pi_setprio(p);
}
#endif

#ifdef CONFIG_SCHEDSTATS
int show_schedstat(struct seq_file *seq, void *v)
{
	return scheduler->show_schedstat(seq, v);
}
#endif

/* No __sched text section on the host: nothing is a scheduler function. */
int in_sched_functions(unsigned long addr)
{
	return 0;
}

/* ---- shared by the drivers ----------------------------------------------- */

/**
 * sched_account_user - charge @cputime of user time to @p and its CPU
 * @p: the task that was running
 * @cputime: time to charge
 *
 * Time of a task with positive nice counts as "nice" in cpustat.
 */
void sched_account_user(struct task_struct *p, cputime_t cputime)
{
	struct cpu_usage_stat *cpustat = &kstat_this_cpu.cpustat;

	p->utime = cputime_add(p->utime, cputime);
	if (p->static_prio > MAX_RT_PRIO + 20)
		cpustat->nice = cputime64_add(cpustat->nice, cputime);
	else
		cpustat->user = cputime64_add(cpustat->user, cputime);
}

/**
 * sched_account_system - charge @cputime of system time to @p
 * @p: the task that was running
 * @hardirq_offset: the hardirq count of the tick itself, not to be counted
 * @cputime: time to charge
 * @idle: @p is this CPU's idle task
 * @iowait: the runqueue has tasks waiting for I/O
 *
 * The CPU's share goes to irq, softirq, system, iowait or idle time.
 */
void sched_account_system(struct task_struct *p, int hardirq_offset,
			  cputime_t cputime, int idle, int iowait)
{
	struct cpu_usage_stat *cpustat = &kstat_this_cpu.cpustat;

	p->stime = cputime_add(p->stime, cputime);
	if (hardirq_count() - hardirq_offset)
		cpustat->irq = cputime64_add(cpustat->irq, cputime);
	else if (softirq_count())
		cpustat->softirq = cputime64_add(cpustat->softirq, cputime);
	else if (!idle)
		cpustat->system = cputime64_add(cpustat->system, cputime);
	else if (iowait)
		cpustat->iowait = cputime64_add(cpustat->iowait, cputime);
	else
		cpustat->idle = cputime64_add(cpustat->idle, cputime);
}

/**
 * sched_account_steal - charge time a hypervisor took from this CPU
 * @p: the task that was running
 * @steal: the time stolen
 * @idle: @p is this CPU's idle task (then it is idle or iowait time)
 * @iowait: the runqueue has tasks waiting for I/O
 */
void sched_account_steal(struct task_struct *p, cputime_t steal, int idle,
			 int iowait)
{
	struct cpu_usage_stat *cpustat = &kstat_this_cpu.cpustat;

	if (!idle) {
		cpustat->steal = cputime64_add(cpustat->steal, steal);
		return;
	}
	p->stime = cputime_add(p->stime, steal);
	if (iowait)
		cpustat->iowait = cputime64_add(cpustat->iowait, steal);
	else
		cpustat->idle = cputime64_add(cpustat->idle, steal);
}

/**
 * default_wait_for_completion - wait_for_completion() for designs that
 * sleep through schedule(): queue exclusively, sleep uninterruptibly
 * until ->done, consume one.
 * @x: the completion
 */
void __sched default_wait_for_completion(struct completion *x)
{
	might_sleep();
	spin_lock_irq(&x->wait.lock);
	if (!x->done) {
		DECLARE_WAITQUEUE(wait, current);

		wait.flags |= WQ_FLAG_EXCLUSIVE;
		__add_wait_queue_tail(&x->wait, &wait);
		do {
			__set_current_state(TASK_UNINTERRUPTIBLE);
			spin_unlock_irq(&x->wait.lock);
			schedule();
			spin_lock_irq(&x->wait.lock);
		} while (!x->done);
		__remove_wait_queue(&x->wait, &wait);
	}
	x->done--;
	spin_unlock_irq(&x->wait.lock);
}

static int setscheduler_allowed(task_t *p, int policy, struct sched_param *lp)
{
	if (policy != SCHED_FIFO && policy != SCHED_RR &&
	    policy != SCHED_NORMAL)
		return -EINVAL;
	if (lp->sched_priority < 0 || lp->sched_priority > MAX_USER_RT_PRIO - 1)
		return -EINVAL;
	if ((policy == SCHED_NORMAL) != (lp->sched_priority == 0))
		return -EINVAL;
	if ((policy == SCHED_FIFO || policy == SCHED_RR) &&
	    !capable(CAP_SYS_NICE))
		return -EPERM;
	if (current->euid != p->euid && current->euid != p->uid &&
	    !capable(CAP_SYS_NICE))
		return -EPERM;
	return security_task_setscheduler(p, policy, lp);
}

/**
 * sched_setscheduler_find - the checks of sched_setscheduler(), in 2.6.10's
 * order, before a driver changes anything
 * @pid: the target, 0 for the caller
 * @policy: the new policy; negative keeps the target's (sched_setparam)
 *	and is replaced by it
 * @param: user pointer to the new priority
 * @lp: the priority, copied in
 * @pp: the target
 *
 * Returns 0 with tasklist_lock read-held and interrupts off, for the
 * caller to release with read_unlock_irq() once it has applied the
 * change; or a negative errno with nothing held: -EINVAL (NULL @param,
 * negative @pid, unknown policy, priority out of 0..99, SCHED_NORMAL
 * with a priority or RT without one), -EFAULT, -ESRCH, -EPERM (RT
 * without CAP_SYS_NICE, or another user's task without it).
 */
int sched_setscheduler_find(pid_t pid, int *policy,
			    struct sched_param __user *param,
			    struct sched_param *lp, task_t **pp)
{
	task_t *p;
	int retval;

	if (!param || pid < 0)
		return -EINVAL;
	if (copy_from_user(lp, param, sizeof(struct sched_param)))
		return -EFAULT;

	read_lock_irq(&tasklist_lock);
	p = find_process_by_pid(pid);
	if (!p) {
		retval = -ESRCH;
		goto out_unlock;
	}
	if (*policy < 0)
		*policy = p->policy;
	retval = setscheduler_allowed(p, *policy, lp);
	if (retval)
		goto out_unlock;
	*pp = p;
	return 0;

out_unlock:
	read_unlock_irq(&tasklist_lock);
	return retval;
}

/**
 * sched_rr_interval - sched_rr_get_interval() for a design whose round
 * robin interval is a timeslice
 * @pid: the task, 0 for the caller
 * @interval: user pointer for the result
 * @timeslice: the design's slice of a task, in jiffies
 *
 * SCHED_FIFO has no interval: 0.
 */
long sched_rr_interval(pid_t pid, struct timespec __user *interval,
		       sched_timeslice_fn timeslice)
{
	struct timespec t;
	task_t *p;
	long retval;

	if (pid < 0)
		return -EINVAL;
	read_lock(&tasklist_lock);
	p = find_process_by_pid(pid);
	retval = p ? security_task_getscheduler(p) : -ESRCH;
	if (retval) {
		read_unlock(&tasklist_lock);
		return retval;
	}
	jiffies_to_timespec(p->policy == SCHED_FIFO ? 0 : timeslice(p), &t);
	read_unlock(&tasklist_lock);
	return copy_to_user(interval, &t, sizeof(t)) ? -EFAULT : 0;
}

#ifdef CONFIG_CPUSCHED_TUNABLES
/* ---- /sys/cpusched/<driver>/ --------------------------------------------- */

/**
 * sched_tunable_find - the running driver's tunable called @name
 * @name: its file name under /sys/cpusched/<driver>/
 *
 * Returns NULL when the driver has none of that name.
 */
const struct sched_tunable *sched_tunable_find(const char *name)
{
	const struct sched_tunable *t;

	for (t = scheduler->tunables; t && t->name; t++)
		if (!strcmp(t->name, name))
			return t;
	return NULL;
}

/**
 * sched_tunable_show - read a tunable, as its sysfs file does
 * @t: the tunable
 * @buf: the text, "<value>\n"
 * @len: size of @buf
 *
 * Returns the length of the text.
 */
int sched_tunable_show(const struct sched_tunable *t, char *buf, int len)
{
	return snprintf(buf, len, "%d\n", *t->value);
}

/**
 * sched_tunable_store - write a tunable, as its sysfs file does
 * @t: the tunable
 * @buf: a decimal integer, optionally followed by one newline
 *
 * Returns 0, or -EINVAL for text that is not such a number, is longer
 * than 12 characters with the newline (a sign, the ten digits of an int
 * and a newline fit), or a value outside [min, max]; nothing changes
 * then.  The driver's ->store may refuse a value too.
 */
int sched_tunable_store(const struct sched_tunable *t, const char *buf)
{
	const char *s = buf;
	char *end;
	long value;

	if (*s == '-' || *s == '+')
		s++;
	if (*s < '0' || *s > '9')
		return -EINVAL;
	value = simple_strtol(buf, &end, 10);
	if (*end == '\n')
		end++;
	if (*end || end - buf > 12)
		return -EINVAL;
	if (value < t->min || value > t->max)
		return -EINVAL;
	if (t->store)
		return t->store(t, value);
	*t->value = value;
	return 0;
}
#endif /* CONFIG_CPUSCHED_TUNABLES */

/* ---- wake-ups and completions -------------------------------------------- */

int fastcall wake_up_state(task_t *p, unsigned int state)
{
	return try_to_wake_up(p, state, 0);
}

int fastcall wake_up_process(task_t *p)
{
	return try_to_wake_up(p,
			      TASK_STOPPED | TASK_TRACED | TASK_INTERRUPTIBLE |
				      TASK_UNINTERRUPTIBLE,
			      0);
}
EXPORT_SYMBOL(wake_up_process);

int default_wake_function(wait_queue_t *curr, unsigned mode, int sync,
			  void *key)
{
	return try_to_wake_up(curr->task, mode, sync);
}
EXPORT_SYMBOL(default_wake_function);

/*
 * __wake_up_common - wake every non-exclusive waiter and up to
 * @nr_exclusive exclusive ones (0: all of them), in queue order.
 *
 * A waiter that is already running is not counted: try_to_wake_up()
 * returns 0 for it and the walk goes on to the next one.
 */
static void __wake_up_common(wait_queue_head_t *q, unsigned int mode,
			     int nr_exclusive, int sync, void *key)
{
	struct list_head *tmp, *next;

	list_for_each_safe(tmp, next, &q->task_list) {
		wait_queue_t *curr = list_entry(tmp, wait_queue_t, task_list);
		unsigned int flags = curr->flags;

		if (curr->func(curr, mode, sync, key) &&
		    (flags & WQ_FLAG_EXCLUSIVE) && !--nr_exclusive)
			break;
	}
}

/**
 * __wake_up - wake up threads blocked on a waitqueue.
 * @q: the waitqueue
 * @mode: which sleep states to wake
 * @nr_exclusive: how many exclusive waiters to wake (0: all)
 * @key: passed to the wake functions
 */
void fastcall __wake_up(wait_queue_head_t *q, unsigned int mode,
			int nr_exclusive, void *key)
{
	unsigned long flags;

	spin_lock_irqsave(&q->lock, flags);
	__wake_up_common(q, mode, nr_exclusive, 0, key);
	spin_unlock_irqrestore(&q->lock, flags);
}
EXPORT_SYMBOL(__wake_up);

/* __wake_up_locked - __wake_up() for a caller that holds q->lock. */
void fastcall __wake_up_locked(wait_queue_head_t *q, unsigned int mode)
{
	__wake_up_common(q, mode, 1, 0, NULL);
}

/**
 * __wake_up_sync - wake up threads, telling the scheduler that the waker
 * is about to sleep, so the wakee need not move to another CPU.
 * @q: the waitqueue
 * @mode: which sleep states to wake
 * @nr_exclusive: how many exclusive waiters to wake (0: all, not sync)
 */
void fastcall __wake_up_sync(wait_queue_head_t *q, unsigned int mode,
			     int nr_exclusive)
{
	unsigned long flags;
	int sync = nr_exclusive != 0;

	if (unlikely(!q))
		return;
	spin_lock_irqsave(&q->lock, flags);
	__wake_up_common(q, mode, nr_exclusive, sync, NULL);
	spin_unlock_irqrestore(&q->lock, flags);
}
EXPORT_SYMBOL_GPL(__wake_up_sync);

void fastcall complete(struct completion *x)
{
	unsigned long flags;

	spin_lock_irqsave(&x->wait.lock, flags);
	x->done++;
	__wake_up_common(&x->wait, TASK_UNINTERRUPTIBLE | TASK_INTERRUPTIBLE, 1,
			 0, NULL);
	spin_unlock_irqrestore(&x->wait.lock, flags);
}
EXPORT_SYMBOL(complete);

/* complete_all - let every present and future waiter through. */
void fastcall complete_all(struct completion *x)
{
	unsigned long flags;

	spin_lock_irqsave(&x->wait.lock, flags);
	x->done += UINT_MAX / 2;
	__wake_up_common(&x->wait, TASK_UNINTERRUPTIBLE | TASK_INTERRUPTIBLE, 0,
			 0, NULL);
	spin_unlock_irqrestore(&x->wait.lock, flags);
}
EXPORT_SYMBOL(complete_all);

/* ---- nice and the scheduling system calls -------------------------------- */

/**
 * sys_nice - change the priority of the current process.
 * @increment: priority increment, clamped to -40..40
 *
 * Lowering nice needs CAP_SYS_NICE; the result is clamped to -20..19.
 */
asmlinkage long sys_nice(int increment)
{
	long nice;
	int retval;

	if (increment < 0) {
		if (!capable(CAP_SYS_NICE))
			return -EPERM;
		if (increment < -40)
			increment = -40;
	}
	if (increment > 40)
		increment = 40;

	nice = task_nice(current) + increment;
	if (nice < -20)
		nice = -20;
	if (nice > 19)
		nice = 19;

	retval = security_task_setnice(current, nice);
	if (retval)
		return retval;

	set_user_nice(current, nice);
	return 0;
}

/**
 * find_process_by_pid - the task with @pid, or current for pid 0.
 */
task_t *find_process_by_pid(pid_t pid)
{
	return pid ? find_task_by_pid(pid) : current;
}

/**
 * sys_sched_setscheduler - set the policy and RT priority of a thread
 * @pid: the thread, 0 for the caller
 * @policy: SCHED_NORMAL, SCHED_FIFO or SCHED_RR
 * @param: user pointer to the new RT priority
 */
asmlinkage long sys_sched_setscheduler(pid_t pid, int policy,
				       struct sched_param __user *param)
{
	return setscheduler(pid, policy, param);
}

/**
 * sys_sched_setparam - set the RT priority, keeping the policy
 * @pid: the thread, 0 for the caller
 * @param: user pointer to the new RT priority
 */
asmlinkage long sys_sched_setparam(pid_t pid, struct sched_param __user *param)
{
	return setscheduler(pid, -1, param);
}

/**
 * sys_sched_getscheduler - the policy of a thread
 * @pid: the thread, 0 for the caller
 */
asmlinkage long sys_sched_getscheduler(pid_t pid)
{
	task_t *p;
	long retval;

	if (pid < 0)
		return -EINVAL;

	retval = -ESRCH;
	read_lock(&tasklist_lock);
	p = find_process_by_pid(pid);
	if (p) {
		retval = security_task_getscheduler(p);
		if (!retval)
			retval = p->policy;
	}
	read_unlock(&tasklist_lock);
	return retval;
}

/**
 * sys_sched_getparam - the RT priority of a thread
 * @pid: the thread, 0 for the caller
 * @param: user pointer to store it in
 */
asmlinkage long sys_sched_getparam(pid_t pid, struct sched_param __user *param)
{
	struct sched_param lp;
	task_t *p;
	long retval;

	if (!param || pid < 0)
		return -EINVAL;

	read_lock(&tasklist_lock);
	p = find_process_by_pid(pid);
	retval = -ESRCH;
	if (!p)
		goto out_unlock;
	retval = security_task_getscheduler(p);
	if (retval)
		goto out_unlock;
	lp.sched_priority = p->rt_priority;
	read_unlock(&tasklist_lock);

	/* copy_to_user() may fault and sleep: not under tasklist_lock. */
	return copy_to_user(param, &lp, sizeof(*param)) ? -EFAULT : 0;

out_unlock:
	read_unlock(&tasklist_lock);
	return retval;
}

long sched_setaffinity(pid_t pid, cpumask_t new_mask)
{
	cpumask_t cpus_allowed;
	task_t *p;
	int retval;

	lock_cpu_hotplug();
	read_lock(&tasklist_lock);
	p = find_process_by_pid(pid);
	if (!p) {
		read_unlock(&tasklist_lock);
		unlock_cpu_hotplug();
		return -ESRCH;
	}
	/*
	 * set_cpus_allowed() may sleep, so hold a reference to the task
	 * instead of tasklist_lock.
	 */
	get_task_struct(p);
	read_unlock(&tasklist_lock);

	retval = -EPERM;
	if (current->euid != p->euid && current->euid != p->uid &&
	    !capable(CAP_SYS_NICE))
		goto out_unlock;

	cpus_allowed = cpuset_cpus_allowed(p);
	cpus_and(new_mask, new_mask, cpus_allowed);
	retval = set_cpus_allowed(p, new_mask);

out_unlock:
	put_task_struct(p);
	unlock_cpu_hotplug();
	return retval;
}

/*
 * get_user_cpu_mask - read a user CPU mask of @len bytes: a shorter one
 * is zero-extended, a longer one truncated.
 */
static int get_user_cpu_mask(unsigned long __user *user_mask_ptr,
			     unsigned int len, cpumask_t *new_mask)
{
	if (len < sizeof(cpumask_t))
		memset(new_mask, 0, sizeof(cpumask_t));
	else if (len > sizeof(cpumask_t))
		len = sizeof(cpumask_t);
	return copy_from_user(new_mask, user_mask_ptr, len) ? -EFAULT : 0;
}

/**
 * sys_sched_setaffinity - set the CPU affinity of a process
 * @pid: the process, 0 for the caller
 * @len: length in bytes of the mask at @user_mask_ptr
 * @user_mask_ptr: user pointer to the new mask
 */
asmlinkage long sys_sched_setaffinity(pid_t pid, unsigned int len,
				      unsigned long __user *user_mask_ptr)
{
	cpumask_t new_mask;
	int retval;

	retval = get_user_cpu_mask(user_mask_ptr, len, &new_mask);
	if (retval)
		return retval;
	return sched_setaffinity(pid, new_mask);
}

long sched_getaffinity(pid_t pid, cpumask_t *mask)
{
	task_t *p;
	int retval;

	lock_cpu_hotplug();
	read_lock(&tasklist_lock);
	retval = -ESRCH;
	p = find_process_by_pid(pid);
	if (p) {
		retval = 0;
		cpus_and(*mask, p->cpus_allowed, cpu_possible_map);
	}
	read_unlock(&tasklist_lock);
	unlock_cpu_hotplug();
	return retval;
}

/**
 * sys_sched_getaffinity - get the CPU affinity of a process
 * @pid: the process, 0 for the caller
 * @len: length in bytes of the buffer at @user_mask_ptr
 * @user_mask_ptr: user pointer to store the mask in
 *
 * Returns the size of the kernel's mask on success.
 */
asmlinkage long sys_sched_getaffinity(pid_t pid, unsigned int len,
				      unsigned long __user *user_mask_ptr)
{
	cpumask_t mask;
	long ret;

	if (len < sizeof(cpumask_t))
		return -EINVAL;
	ret = sched_getaffinity(pid, &mask);
	if (ret < 0)
		return ret;
	if (copy_to_user(user_mask_ptr, &mask, sizeof(cpumask_t)))
		return -EFAULT;
	return sizeof(cpumask_t);
}

/**
 * sys_sched_get_priority_max - the highest RT priority of a policy
 * @policy: scheduling class
 */
asmlinkage long sys_sched_get_priority_max(int policy)
{
	switch (policy) {
	case SCHED_FIFO:
	case SCHED_RR:
		return MAX_USER_RT_PRIO - 1;
	case SCHED_NORMAL:
		return 0;
	}
	return -EINVAL;
}

/**
 * sys_sched_get_priority_min - the lowest RT priority of a policy
 * @policy: scheduling class
 */
asmlinkage long sys_sched_get_priority_min(int policy)
{
	switch (policy) {
	case SCHED_FIFO:
	case SCHED_RR:
		return 1;
	case SCHED_NORMAL:
		return 0;
	}
	return -EINVAL;
}

/* ---- sched-domain helpers ------------------------------------------------ */

#ifdef CONFIG_SMP
/* CPUs kept out of load balancing with "isolcpus=". */
cpumask_t cpu_isolated_map = CPU_MASK_NONE;

static int __init isolated_cpu_setup(char *str)
{
	int ints[NR_CPUS + 1], i;

	str = get_options(str, ARRAY_SIZE(ints), ints);
	cpus_clear(cpu_isolated_map);
	for (i = 1; i <= ints[0]; i++)
		if (ints[i] >= 0 && ints[i] < NR_CPUS)
			cpu_set(ints[i], cpu_isolated_map);
	return 1;
}
__setup("isolcpus=", isolated_cpu_setup);

/**
 * init_sched_build_groups - make the groups of a domain
 * @groups: indexed by @group_fn's result, which must be in 0..NR_CPUS-1
 * @span: the CPUs the domain covers
 * @group_fn: which group a CPU belongs to
 *
 * Links the groups that @span touches into a circular list, each with its
 * ->cpumask set and ->cpu_power zeroed for the caller to fill in.
 */
void __devinit init_sched_build_groups(struct sched_group groups[],
				       cpumask_t span, int (*group_fn)(int cpu))
{
	struct sched_group *first = NULL, *last = NULL;
	cpumask_t covered = CPU_MASK_NONE;
	int i, j;

	for_each_cpu_mask(i, span) {
		int group = group_fn(i);
		struct sched_group *sg = &groups[group];

		if (cpu_isset(i, covered))
			continue;

		cpus_clear(sg->cpumask);
		sg->cpu_power = 0;
		for_each_cpu_mask(j, span) {
			if (group_fn(j) != group)
				continue;
			cpu_set(j, covered);
			cpu_set(j, sg->cpumask);
		}
		if (!first)
			first = sg;
		if (last)
			last->next = sg;
		last = sg;
	}
	if (last)
		last->next = first;
}
#endif /* CONFIG_SMP */

/* ---- /proc/schedstat ----------------------------------------------------- */

#ifdef CONFIG_SCHEDSTATS
static int schedstat_open(struct inode *inode, struct file *file)
{
	unsigned int size = PAGE_SIZE * (1 + num_online_cpus() / 32);
	char *buf = kmalloc(size, GFP_KERNEL);
	struct seq_file *m;
	int res;

	if (!buf)
		return -ENOMEM;
	res = single_open(file, show_schedstat, NULL);
	if (!res) {
		m = file->private_data;
		m->buf = buf;
		m->size = size;
	} else {
		kfree(buf);
	}
	return res;
}

struct file_operations proc_schedstat_operations = {
	.open		= schedstat_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
};
#endif /* CONFIG_SCHEDSTATS */
