/*
 * compat/task.c - task creation and exit, the pid table, kernel threads,
 * credentials, signals, CPU notifiers, and init: pid 1, which forks the
 * harness's workload tasks.
 *
 * Forking follows 2.6.10's copy_process() in what the scheduler sees: the
 * child is a copy of its parent, goes through sched_fork() and is woken
 * with wake_up_new_task() (or, for kernel threads, left sleeping until
 * kthread_bind() and wake_up_process(), like CLONE_STOPPED).  A new task
 * first runs in schedule_tail(), as after ret_from_fork.
 */
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/cpu.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/uaccess.h>
#include <linux/sched_trace.h>

#include "internal.h"

#define TASK_STACK_SIZE	(256UL * 1024)

DEFINE_RWLOCK(tasklist_lock);
LIST_HEAD(sim_task_list);

/* ---- pids ---------------------------------------------------------------- */

struct sim_task *sim_find(int pid)
{
	if (pid <= 0 || pid >= sim.nr_pid_slots)
		return NULL;
	return sim.by_pid[pid];
}

struct task_struct *find_task_by_pid(pid_t pid)
{
	struct sim_task *st = sim_find(pid);

	if (!st || st->exited)
		return NULL;
	/* whoever looks a task up may change it */
	sim_inv_touch(st->task);
	return st->task;
}

int sim_alloc_pid(void)
{
	int i, pid = sim.last_pid;

	for (i = 1; i < PID_MAX_DEFAULT; i++) {
		pid = pid + 1 < PID_MAX_DEFAULT ? pid + 1 : 1;
		if (!sim_find(pid) || sim_find(pid)->exited) {
			sim.last_pid = pid;
			return pid;
		}
	}
	return -EAGAIN;
}

/* ---- task structures ----------------------------------------------------- */

void get_task_struct(struct task_struct *t)
{
	atomic_inc(&t->usage);
}

/*
 * put_task_struct - drop a reference; the last one frees the task.  The
 * stack may be the one we run on (finish_task_switch() of the next task
 * drops the dead one's reference right after the switch, but a driver
 * could do it earlier), so the machine frees it after control is back.
 */
void put_task_struct(struct task_struct *t)
{
	if (atomic_read(&t->usage) <= 0)
		sim_fail("BUG: put_task_struct(%s) with usage %d",
			 sim_task_name(t), atomic_read(&t->usage));
	if (atomic_dec_and_test(&t->usage)) {
		if (!t->sim->exited)
			sim_fail("BUG: last reference to %s dropped while it "
				 "lives", sim_task_name(t));
		list_add_tail(&t->sim->free_list, &sim.dead);
	}
}

void sim_free_dead_tasks(void)
{
	struct sim_task *st, *n;

	list_for_each_entry_safe(st, n, &sim.dead, free_list) {
		list_del(&st->free_list);
#ifdef CONFIG_SCHEDSTATS
		st->final_sched_info = st->task->sched_info;
#endif
		host_ctx_free(st->ctx);
		st->ctx = NULL;
		kfree(st->task);
		st->task = NULL;
	}
}

static void task_entry(void *data);
static void kthread_entry(void *data);

/**
 * sim_task_start_context - give @p its own stack, starting at @entry, or
 * at the ret_from_fork path of a forked task or kernel thread when @entry
 * is NULL.
 */
void sim_task_start_context(struct task_struct *p, void (*entry)(void *))
{
	if (!entry)
		entry = p->sim->kfn ? kthread_entry : task_entry;
	p->sim->ctx = host_ctx_new(TASK_STACK_SIZE, entry, p->sim);
	if (!p->sim->ctx)
		sim_fail("out of host memory for the stack of %s",
			 sim_task_name(p));
}

/*
 * The pid table doubles as pids grow: a machine that runs a few tasks
 * (a fuzzer boots one per input) does not clear PID_MAX_DEFAULT slots.
 */
static void grow_pid_slots(int pid)
{
	int n = sim.nr_pid_slots ? sim.nr_pid_slots : 64;
	struct sim_task **slots;

	while (n <= pid)
		n *= 2;
	if (n > PID_MAX_DEFAULT)
		n = PID_MAX_DEFAULT;
	slots = kzalloc(n * sizeof(slots[0]), GFP_ATOMIC);
	if (sim.by_pid)
		memcpy(slots, sim.by_pid,
		       sim.nr_pid_slots * sizeof(slots[0]));
	kfree(sim.by_pid);
	sim.by_pid = slots;
	sim.nr_pid_slots = n;
}

static void register_pid(struct task_struct *p, int pid)
{
	if (pid >= sim.nr_pid_slots)
		grow_pid_slots(pid);
	p->pid = pid;
	p->tgid = pid;
	p->sim->pid = pid;
	sim.by_pid[pid] = p->sim;
}

/**
 * sim_copy_process - a child of current, as copy_process() makes it.
 * @clone_flags: CLONE_* flags; CLONE_VM shares @mm
 * @mm: the child's address space; NULL for a kernel thread
 *
 * The child has a pid, is on the task list and went through
 * sched_fork(); nobody has woken it yet.
 */
struct task_struct *sim_copy_process(unsigned long clone_flags,
				     struct mm_struct *mm)
{
	struct task_struct *parent = current, *p;
	struct sim_task *st;
	int pid = sim_alloc_pid();

	if (pid < 0)
		sim_fail("BUG: out of pids");
	p = kmalloc(sizeof(*p), GFP_KERNEL);
	st = kzalloc(sizeof(*st), GFP_KERNEL);
	if (!p || !st)
		sim_fail("out of host memory for a task");
	/*
	 * dup_task_struct()'s copy reads fields other CPUs may be changing;
	 * what the scheduler uses, sched_fork() sets again.
	 */
	sim_hb_ignore_begin();
	*p = *parent;
	st->ti = *parent->thread_info;
	sim_hb_ignore_end();
	st->task = p;
	st->ti.task = p;
	st->ti.flags = 0;
	st->ti.cpu = smp_processor_id();
	st->unborn = 1;
	st->seg = SEG_SLEEP;
	st->seg_start = sim.now;
	strlcpy(st->name, parent->comm, sizeof(st->name));
	init_waitqueue_head(&st->cmd_wait);
	init_completion(&st->kthread_done);
	list_add_tail(&st->all, &sim.tasks);

	p->sim = st;
	p->thread_info = &st->ti;
	p->state = TASK_RUNNING;
	atomic_set(&p->usage, 2);
	p->flags = PF_FORKNOEXEC | (mm ? 0 : PF_KTHREAD);
	p->exit_state = 0;
	p->exit_code = 0;
	p->mm = mm;
	p->active_mm = mm ? mm : parent->active_mm;
	p->pending_signals = 0;
	p->in_iowait = 0;
	p->utime = p->stime = 0;
	p->nvcsw = p->nivcsw = 0;
	p->start_time = sim.now;
	p->real_parent = p->parent = parent;
	INIT_LIST_HEAD(&p->children);
	spin_lock_init(&p->switch_lock);
	spin_lock_init(&p->pi_lock);
	INIT_LIST_HEAD(&p->pi_waiters);
	p->pi_blocked_on = NULL;
	p->pi_prio = MAX_PRIO;
#ifdef CONFIG_SCHEDSTATS
	memset(&p->sched_info, 0, sizeof(p->sched_info));
#endif
	register_pid(p, pid);

	sched_fork(p);

	write_lock_irq(&tasklist_lock);
	list_add_tail(&p->sibling, &parent->children);
	list_add_tail(&p->tasks, &sim_task_list);
	write_unlock_irq(&tasklist_lock);
	return p;
}

/**
 * fork_idle - the idle task of a secondary CPU, as smp_boot does it.
 */
struct task_struct *fork_idle(int cpu)
{
	struct task_struct *p = sim_copy_process(CLONE_VM, NULL);

	p->sim->is_idle = 1;
	snprintf(p->comm, sizeof(p->comm), "swapper/%d", cpu);
	strlcpy(p->sim->name, p->comm, sizeof(p->sim->name));
	init_idle(p, cpu);
	/* The idle task is no process: unhash it, as fork_idle() does. */
	write_lock_irq(&tasklist_lock);
	list_del_init(&p->sibling);
	list_del_init(&p->tasks);
	write_unlock_irq(&tasklist_lock);
	sim.by_pid[p->pid] = NULL;
	p->pid = 0;
	return p;
}

/* ---- running and exiting ------------------------------------------------- */

/*
 * After ret_from_fork: finish the switch that brought us here, then run
 * the task's body in user mode; returning from it is exit(0).
 */
static void task_entry(void *data)
{
	struct sim_task *st = data;

	sim_hb_cpu_enter();
	schedule_tail(this_sim_cpu()->switch_from);
	if (st->script)
		sim_script_body(NULL);
	else if (st->body)
		st->body(st->arg);
	sim_do_exit(0);
}

static void kthread_entry(void *data)
{
	struct sim_task *st = data;
	int ret = 0;

	sim_hb_cpu_enter();
	schedule_tail(this_sim_cpu()->switch_from);
	if (!st->should_stop)
		ret = st->kfn(st->kdata);
	st->kthread_ret = ret;
	if (st->should_stop)
		complete(&st->kthread_done);
	sim_do_exit(ret);
}

static void reparent_children(struct task_struct *p)
{
	struct task_struct *child, *n;

	list_for_each_entry_safe(child, n, &p->children, sibling) {
		child->parent = child->real_parent = sim.init;
		list_move_tail(&child->sibling, &sim.init->children);
	}
}

/**
 * sim_do_exit - exit the current task, as do_exit() does for the
 * scheduler: sched_exit() gives the parent its share back, the task is
 * unhashed and marked PF_DEAD, and a last schedule() never returns.  Its
 * stack is freed once the next task's finish_task_switch() dropped the
 * last reference.
 */
void sim_do_exit(int code)
{
	struct task_struct *p = current;
	struct sim_task *st = p->sim;

	if (st->is_idle || p == sim.init)
		sim_fail("BUG: %s exits", sim_task_name(p));
	might_sleep();
	sim_mutex_check_exit(p);
	p->flags |= PF_EXITING;

	write_lock_irq(&tasklist_lock);
	reparent_children(p);
	list_del_init(&p->sibling);
	list_del_init(&p->tasks);
	write_unlock_irq(&tasklist_lock);

	sched_exit(p);
	/* which may change the parent too (its sleep_avg, its slice) */
	sim_inv_touch(p->parent);

	st->exit_code = code;
	st->final_utime = p->utime;
	st->final_stime = p->stime;
	st->final_nvcsw = p->nvcsw;
	st->final_nivcsw = p->nivcsw;
	st->final_cpu = task_cpu(p);
	st->final_policy = p->policy;
	st->final_rt_priority = p->rt_priority;
	st->final_static_prio = p->static_prio;
	st->final_nice = task_nice(p);
	st->exited = 1;
	if (p->mm)
		sim_mm_put(p->mm);

	preempt_disable();
	p->exit_code = code;
	p->exit_state = EXIT_DEAD;
	p->state = EXIT_DEAD;
	put_task_struct(p);		/* release_task()'s reference */
	p->flags |= PF_DEAD;
	schedule();
	BUG();
	for (;;)
		;
}

/* ---- kernel threads ------------------------------------------------------ */

/**
 * kthread_create - create a kernel thread, stopped.
 *
 * The thread exists and went through sched_fork() but sleeps until the
 * caller wakes it with wake_up_process(), usually after kthread_bind().
 */
struct task_struct *kthread_create(int (*threadfn)(void *data), void *data,
				   const char namefmt[], ...)
{
	struct task_struct *p;
	va_list args;

	p = sim_copy_process(CLONE_VM | CLONE_KERNEL, NULL);
	p->sim->kfn = threadfn;
	p->sim->kdata = data;
	va_start(args, namefmt);
	vsnprintf(p->comm, sizeof(p->comm), namefmt, args);
	va_end(args);
	strlcpy(p->sim->name, p->comm, sizeof(p->sim->name));
	p->state = TASK_INTERRUPTIBLE;
	sim_task_start_context(p, NULL);
	return p;
}

/**
 * kthread_bind - bind a just-created kthread to @cpu.
 */
void kthread_bind(struct task_struct *k, unsigned int cpu)
{
	int ctx;

	BUG_ON(k->state != TASK_INTERRUPTIBLE);
	wait_task_inactive(k);
	ctx = trace_sched_enter(SCHED_CTX_MACHINE);
	set_task_cpu(k, cpu);
	trace_sched_leave(ctx);
	k->cpus_allowed = cpumask_of_cpu(cpu);
}

int kthread_should_stop(void)
{
	return current->sim->should_stop;
}

/**
 * kthread_stop - ask @k to stop and wait for it to exit.
 * Returns the thread function's result.
 */
int kthread_stop(struct task_struct *k)
{
	struct sim_task *st = k->sim;

	get_task_struct(k);
	st->should_stop = 1;
	wake_up_process(k);
	put_task_struct(k);
	wait_for_completion(&st->kthread_done);
	return st->kthread_ret;
}

/* ---- credentials and signals --------------------------------------------- */

int capable(int cap)
{
	if (cap_raised(current->cap_effective, cap)) {
		current->flags |= PF_SUPERPRIV;
		return 1;
	}
	return 0;
}

mm_segment_t get_fs(void)
{
	return current->sim->kernel_ds ? KERNEL_DS : USER_DS;
}

void set_fs(mm_segment_t fs)
{
	current->sim->kernel_ds = fs.seg != 0;
}

/**
 * send_sig - make @sig pending for @p and interrupt an interruptible
 * sleep, as signal_wake_up() does.
 */
int send_sig(int sig, struct task_struct *p, int priv)
{
	if (sig < 1 || sig > 64)
		return -EINVAL;
	p->pending_signals |= 1UL << (sig - 1);
	set_tsk_thread_flag(p, TIF_SIGPENDING);
	wake_up_state(p, TASK_INTERRUPTIBLE);
	return 0;
}

void flush_signals(struct task_struct *p)
{
	p->pending_signals = 0;
	clear_tsk_thread_flag(p, TIF_SIGPENDING);
}

/* ---- CPU hotplug notifiers ----------------------------------------------- */

int register_cpu_notifier(struct notifier_block *nb)
{
	struct notifier_block **pp = &sim.cpu_chain;

	while (*pp && (*pp)->priority >= nb->priority)
		pp = &(*pp)->next;
	nb->next = *pp;
	*pp = nb;
	return 0;
}

void unregister_cpu_notifier(struct notifier_block *nb)
{
	struct notifier_block **pp = &sim.cpu_chain;

	while (*pp && *pp != nb)
		pp = &(*pp)->next;
	if (*pp)
		*pp = nb->next;
}

int sim_cpu_notify(unsigned long action, int cpu)
{
	struct notifier_block *nb;
	int ret = 0, ctx = trace_sched_enter(SCHED_CTX_HOTPLUG);

	for (nb = sim.cpu_chain; nb; nb = nb->next)
		if (nb->notifier_call(nb, action, (void *)(long)cpu) &
		    NOTIFY_STOP_MASK) {
			ret = -EINVAL;
			break;
		}
	trace_sched_leave(ctx);
	return ret;
}

/*
 * lock_cpu_hotplug - down(&cpucontrol), as in 2.6.10: a sleeping lock
 * that sched_setaffinity() holds across set_cpus_allowed() (which sleeps
 * until the migration thread has moved the task) and cpu_down()/cpu_up()
 * hold across the notifiers, so that no CPU leaves while a task is on its
 * way to it.
 */
void lock_cpu_hotplug(void)
{
	DEFINE_WAIT(wait);

	might_sleep();
	while (sim.hotplug_owner) {
		if (sim.hotplug_owner == current)
			sim_fail("BUG: %s takes cpucontrol twice",
				 sim_task_name(current));
		prepare_to_wait_exclusive(&sim.hotplug_wait, &wait,
					  TASK_UNINTERRUPTIBLE);
		if (sim.hotplug_owner)
			schedule();
		finish_wait(&sim.hotplug_wait, &wait);
	}
	sim.hotplug_owner = current;
	sim_hb_acquire(&sim.hotplug_owner);
}

void unlock_cpu_hotplug(void)
{
	if (sim.hotplug_owner != current)
		sim_fail("BUG: %s releases cpucontrol, held by %s",
			 sim_task_name(current),
			 sim.hotplug_owner ?
			 sim_task_name(sim.hotplug_owner) : "nobody");
	sim_hb_release(&sim.hotplug_owner);
	sim.hotplug_owner = NULL;
	wake_up(&sim.hotplug_wait);
}

/* ---- init: pid 1 --------------------------------------------------------- */

static void apply_attr(struct task_struct *p, const struct sim_spawn_req *req)
{
	struct sched_param param = { .sched_priority = req->attr.rt_priority };
	mm_segment_t old = get_fs();
	int ret;

	p->uid = p->suid = p->fsuid = req->attr.uid;
	p->euid = req->attr.euid;
	p->cap_effective = p->cap_permitted =
		req->attr.cap_sys_nice ? CAP_FULL_SET :
		CAP_FULL_SET & ~CAP_TO_MASK(CAP_SYS_NICE);
	p->cpus_allowed = req->cpus;
	if (!cpu_isset(task_cpu(p), p->cpus_allowed)) {
		int ctx = trace_sched_enter(SCHED_CTX_MACHINE);

		set_task_cpu(p, any_online_cpu(p->cpus_allowed));
		trace_sched_leave(ctx);
	}

	set_fs(KERNEL_DS);
	ret = setscheduler(p->pid, req->attr.policy,
			   (struct sched_param __user *)&param);
	set_fs(old);
	if (ret)
		printk(KERN_WARNING "init: setscheduler(%d) of %s: %d\n",
		       req->attr.policy, p->comm, ret);
	set_user_nice(p, req->attr.nice);
}

static void do_spawn(struct sim_spawn_req *req)
{
	struct task_struct *p;

	p = sim_copy_process(CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND,
			     sim.workload_mm);
	atomic_inc(&sim.workload_mm->mm_users);
	p->sim->body = req->body;
	p->sim->arg = req->arg;
	p->sim->script = req->script;
	p->sim->workload = 1;
	strlcpy(p->comm, req->name, sizeof(p->comm));
	strlcpy(p->sim->name, req->name, sizeof(p->sim->name));
	apply_attr(p, req);
	sim_task_start_context(p, NULL);
	req->pid = p->pid;
	wake_up_new_task(p, CLONE_VM);
	req->done = 1;
}

static void do_request(struct sim_spawn_req *req)
{
	switch (req->kind) {
	case REQ_SPAWN:
		do_spawn(req);
		return;
	case REQ_CPU_DOWN:
		req->result = cpu_down(req->cpu);
		break;
	case REQ_CPU_UP:
		req->result = cpu_up(req->cpu);
		break;
	}
	req->done = 1;
}

/*
 * init_main - pid 1.  Brings up the other CPUs and the scheduler's SMP
 * side as init() does in 2.6.10, then serves the harness: it forks each
 * requested workload task and takes CPUs down and up.  It runs
 * SCHED_FIFO at the top priority so that a request is served at the
 * instant it is made.
 */
int init_main(void *unused)
{
	struct sched_param param = { .sched_priority = MAX_RT_PRIO - 1 };
	mm_segment_t old = get_fs();
	struct sim_spawn_req *req;
	int cpu;

	set_fs(KERNEL_DS);
	setscheduler(0, SCHED_FIFO, (struct sched_param __user *)&param);
	set_fs(old);

	migration_init();
	for (cpu = 1; cpu < sim.nr_cpus; cpu++)
		cpu_up(cpu);
	sched_init_smp();
	sim.workload_mm = sim_mm_new();
	sim.boot_done = 1;

	for (;;) {
		wait_event_interruptible(sim.spawn_wait,
					 !list_empty(&sim.spawn_reqs));
		flush_signals(current);
		while (!list_empty(&sim.spawn_reqs)) {
			req = list_entry(sim.spawn_reqs.next,
					 struct sim_spawn_req, list);
			list_del_init(&req->list);
			do_request(req);
			if (req->orphan)
				kfree(req);
		}
	}
	return 0;
}

/**
 * sim_do_fork_body - fork() from a task body: the child copies the
 * parent, address space included, and runs @body (or commands).
 */
int sim_do_fork_body(unsigned long clone_flags, sim_body_t body, void *arg,
		     int script, struct mm_struct *mm,
		     const struct sim_spawn_req *req)
{
	struct task_struct *p;
	int pid;

	p = sim_copy_process(clone_flags, mm);
	p->sim->body = body;
	p->sim->arg = arg;
	p->sim->script = script;
	p->sim->workload = 1;
	strlcpy(p->sim->name, p->comm, sizeof(p->sim->name));
	sim_task_start_context(p, NULL);
	/*
	 * As do_fork() does: once woken, the child may run, exit and be
	 * freed before this path goes on (another CPU takes it, or the
	 * parent is preempted on the way out), so p is not ours to read.
	 */
	pid = p->pid;
	wake_up_new_task(p, clone_flags);
	return pid;
}
