/*
 * compat/rttest.c - the machine side of the rt-mutex tester.
 *
 * Linux's scripts/rt-tester drives eight kernel threads through sysfs:
 * each takes commands (lock, unlock, change policy, ...) on eight PI
 * mutexes, and reports its state, which a script tests and waits for.
 * This file is that tester on the simulated machine, behind the harness
 * API (plugsched/sim.h, "rt-mutex tester"); tools/schedsim.c reads the
 * scripts.
 *
 * The pieces:
 *  - eight tester threads, rt-test-0..7, workload tasks whose body is
 *    rttest_thread(): SCHED_NORMAL at nice 0 when started, sleeping
 *    until a command is posted, running it in their own context;
 *  - eight rt_mutexes, locks 0..7, and one plain sleeping lock without
 *    inheritance standing in for the big kernel lock (lockbkl);
 *  - a controller, rt-test-ctl, SCHED_FIFO 99: the sysfs writer.  It
 *    posts commands, and itself applies what the kernel's writer applies
 *    at once, whatever the thread is doing: policy changes (schedother,
 *    schedfifo) and signals (SIGHUP);
 *  - rt_mutex_schedule_hook: a tester thread that sleeps in an
 *    rt_mutex's wait loop goes through rttest_schedule(), which records
 *    "blocked" and, for the waiting variants of lock, holds the thread
 *    in a wake-up loop once woken until lockcont lets it go on.
 *
 * Per thread the tester keeps, as the kernel's does: the opcode (the
 * command being run, 0 when done, a negative errno when it failed), an
 * event stamp (the global event counter after the thread's last step),
 * and one status digit per lock: 0 unlocked, 1 about to lock, 2 blocked,
 * 3 woken in the wake-up loop, 4 locked.  P and N, the effective and
 * normal priority, are 99 - prio on the kernel's scale (a SCHED_NORMAL
 * task at prio 120 has P = -21).
 *
 * Semaphores (ours, numbered from 20 so that the kernel's numbers stay
 * free): eight semaphores, init_MUTEX() when started, and eight
 * rw_semaphores, with status digits of their own per thread: 0 not
 * held, 1 about to take it, 2 blocked (the thread sleeps on it), 4
 * held (down, or as the writer), 5 held as a reader.  "up" may be run
 * by any thread, as up() may; the holder's digit then stays 4, since a
 * semaphore does not know who holds it.
 *
 * Where the simulation differs: the wake-up loop sleeps uninterruptibly
 * (a pending signal would make the kernel's interruptible sleep spin,
 * which virtual time cannot afford; only the controller wakes it), and
 * "lockintdetect" (12) is an addition: lockintnowait with deadlock
 * detection, whose result is the error itself (-EDEADLK is -35).
 */
#include <linux/sched.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/rtmutex.h>
#include <linux/rwsem.h>
#include <asm/uaccess.h>

#include "internal.h"

#define RTTEST_THREADS		SIM_RTTEST_THREADS
#define RTTEST_LOCKS		SIM_RTTEST_LOCKS
#define RTTEST_SIGHUP		1	/* the signal the tester sends */
#define RTTEST_CTL_PRIO		(MAX_RT_PRIO - 1)	/* controller, FIFO */
#define RTTEST_CTL_STEP_NS	100000ULL	/* 100 us */
#define RTTEST_CTL_PATIENCE_NS	1000000000ULL	/* 1 s */

/* The opcodes, numbered as the kernel's tester numbers them. */
enum rttest_op {
	RTTEST_NOP = 0,
	RTTEST_SCHEDOT = 1,		/* arg: nice */
	RTTEST_SCHEDRT = 2,		/* arg: SCHED_FIFO priority */
	RTTEST_LOCK = 3,		/* arg: lock; stops in wake-up loop */
	RTTEST_LOCKNOWAIT = 4,		/* arg: lock */
	RTTEST_LOCKINT = 5,		/* arg: lock; stops in wake-up loop */
	RTTEST_LOCKINTNOWAIT = 6,	/* arg: lock */
	RTTEST_LOCKCONT = 7,		/* arg: lock; leave the wake-up loop */
	RTTEST_UNLOCK = 8,		/* arg: lock */
	RTTEST_LOCKBKL = 9,		/* the plain big lock */
	RTTEST_UNLOCKBKL = 10,
	RTTEST_SIGNAL = 11,		/* SIGHUP to the thread itself */
	RTTEST_LOCKINTDETECT = 12,	/* ours: lockintnowait, detecting */
	RTTEST_DOWN = 20,		/* ours, arg: semaphore; down() */
	RTTEST_DOWNINT = 21,		/* down_interruptible() */
	RTTEST_DOWNTRYLOCK = 22,	/* down_trylock(): -EAGAIN if busy */
	RTTEST_UP = 23,			/* up() */
	RTTEST_DOWNREAD = 24,		/* arg: rw_semaphore; down_read() */
	RTTEST_DOWNWRITE = 25,		/* down_write() */
	RTTEST_UPREAD = 26,		/* up_read() */
	RTTEST_UPWRITE = 27,		/* up_write() */
	RTTEST_DOWNGRADE = 28,		/* downgrade_write() */
	RTTEST_RESETEVENT = 98,		/* event counter back to 0 */
	RTTEST_RESET = 99,		/* unlock whatever the thread holds */
};

/* Lock status digits. */
enum {
	RTTEST_UNLOCKED = 0,
	RTTEST_ABOUT = 1,
	RTTEST_BLOCKED = 2,
	RTTEST_WOKEN = 3,
	RTTEST_LOCKED = 4,
	RTTEST_READ = 5,		/* semaphores: held as a reader */
};

static const struct {
	const char *name;
	int op;
} rttest_ops[] = {
	{ "schedother",		RTTEST_SCHEDOT },
	{ "schedfifo",		RTTEST_SCHEDRT },
	{ "lock",		RTTEST_LOCK },
	{ "locknowait",		RTTEST_LOCKNOWAIT },
	{ "lockint",		RTTEST_LOCKINT },
	{ "lockintnowait",	RTTEST_LOCKINTNOWAIT },
	{ "lockcont",		RTTEST_LOCKCONT },
	{ "unlock",		RTTEST_UNLOCK },
	{ "lockbkl",		RTTEST_LOCKBKL },
	{ "unlockbkl",		RTTEST_UNLOCKBKL },
	{ "signal",		RTTEST_SIGNAL },
	{ "lockintdetect",	RTTEST_LOCKINTDETECT },
	{ "down",		RTTEST_DOWN },
	{ "downint",		RTTEST_DOWNINT },
	{ "downtrylock",	RTTEST_DOWNTRYLOCK },
	{ "up",			RTTEST_UP },
	{ "downread",		RTTEST_DOWNREAD },
	{ "downwrite",		RTTEST_DOWNWRITE },
	{ "upread",		RTTEST_UPREAD },
	{ "upwrite",		RTTEST_UPWRITE },
	{ "downgrade",		RTTEST_DOWNGRADE },
	{ "resetevent",		RTTEST_RESETEVENT },
	{ "reset",		RTTEST_RESET },
};

/*
 * struct rttest_thread - one tester thread.  Written by the thread
 * itself, except opcode/opdata, which the controller sets when the
 * thread has no command (opcode <= 0).
 */
struct rttest_thread {
	int id;
	int pid;
	struct task_struct *task;
	int opcode;
	long opdata;
	int event;
	int mutexes[RTTEST_LOCKS];
	int bkl;
	int sems[RTTEST_LOCKS];
	int rwsems[RTTEST_LOCKS];
};

/* The big lock: no inheritance, sleeping waiters, woken one by one. */
struct rttest_bkl {
	spinlock_t lock;		/* protects owner */
	struct task_struct *owner;
	wait_queue_head_t wait;
};

/* A request for the controller, from sim_rttest_cmd(). */
struct rttest_req {
	int pending;
	int done;
	int thread;
	int op;
	long arg;
	int result;
};

static struct {
	int started;
	struct rttest_thread thread[RTTEST_THREADS];
	struct rt_mutex mutex[RTTEST_LOCKS];
	struct semaphore sem[RTTEST_LOCKS];
	struct rw_semaphore rwsem[RTTEST_LOCKS];
	struct rttest_bkl bkl;
	atomic_t event;
	int ctl_pid;
	struct rttest_req req;
} rttest;

static const char *const rttest_lock_names[RTTEST_LOCKS] = {
	"rttest-0", "rttest-1", "rttest-2", "rttest-3",
	"rttest-4", "rttest-5", "rttest-6", "rttest-7",
};

static void rttest_thread(void *arg);

/* ---- in a tester thread ------------------------------------------------ */

/* The tester thread current is, or NULL for any other task. */
static struct rttest_thread *rttest_current(void)
{
	struct sim_task *st = current->sim;

	if (!st || st->body != rttest_thread)
		return NULL;
	return st->arg;
}

static void rttest_stamp(struct rttest_thread *td)
{
	td->event = atomic_inc_return(&rttest.event);
}

static int rttest_valid_lock(long id)
{
	return id >= 0 && id < RTTEST_LOCKS;
}

static int rttest_bkl_trylock(void)
{
	int ok;

	spin_lock_irq(&rttest.bkl.lock);
	ok = !rttest.bkl.owner;
	if (ok)
		rttest.bkl.owner = current;
	spin_unlock_irq(&rttest.bkl.lock);
	return ok;
}

/* lockbkl: status 1 while trying, 2 while asleep, 4 once it has it. */
static void rttest_bkl_lock(struct rttest_thread *td)
{
	DEFINE_WAIT(wait);

	td->bkl = RTTEST_ABOUT;
	for (;;) {
		prepare_to_wait_exclusive(&rttest.bkl.wait, &wait,
					  TASK_UNINTERRUPTIBLE);
		if (rttest_bkl_trylock())
			break;
		td->bkl = RTTEST_BLOCKED;
		schedule();
	}
	finish_wait(&rttest.bkl.wait, &wait);
	td->bkl = RTTEST_LOCKED;
}

static void rttest_bkl_unlock(struct rttest_thread *td)
{
	spin_lock_irq(&rttest.bkl.lock);
	rttest.bkl.owner = NULL;
	spin_unlock_irq(&rttest.bkl.lock);
	wake_up(&rttest.bkl.wait);
	td->bkl = RTTEST_UNLOCKED;
}

static int rttest_unlock_all(struct rttest_thread *td, int in_wakeup)
{
	int i;

	for (i = 0; i < RTTEST_LOCKS; i++) {
		if (td->mutexes[i] != RTTEST_LOCKED)
			continue;
		rt_mutex_unlock(&rttest.mutex[i]);
		td->mutexes[i] = RTTEST_UNLOCKED;
	}
	if (!in_wakeup && td->bkl == RTTEST_LOCKED)
		rttest_bkl_unlock(td);
	for (i = 0; i < RTTEST_LOCKS; i++) {
		if (td->sems[i] == RTTEST_LOCKED)
			up(&rttest.sem[i]);
		if (td->rwsems[i] == RTTEST_LOCKED)
			up_write(&rttest.rwsem[i]);
		if (td->rwsems[i] == RTTEST_READ)
			up_read(&rttest.rwsem[i]);
		td->sems[i] = td->rwsems[i] = RTTEST_UNLOCKED;
	}
	return 0;
}

/*
 * rttest_take - run @take on semaphore @id for @td, its status @digit
 * going "about to" then, if @take answers 0, @held; returns what @take
 * answered.
 */
static int rttest_take(struct rttest_thread *td, int *digit, int held,
		       int (*take)(long id), long id)
{
	int ret;

	*digit = RTTEST_ABOUT;
	rttest_stamp(td);
	ret = take(id);
	rttest_stamp(td);
	*digit = ret ? RTTEST_UNLOCKED : held;
	return ret;
}

static int rttest_down(long id)
{
	down(&rttest.sem[id]);
	return 0;
}

static int rttest_downint(long id)
{
	return down_interruptible(&rttest.sem[id]);
}

static int rttest_downtrylock(long id)
{
	return down_trylock(&rttest.sem[id]) ? -EAGAIN : 0;
}

static int rttest_downread(long id)
{
	down_read(&rttest.rwsem[id]);
	return 0;
}

static int rttest_downwrite(long id)
{
	down_write(&rttest.rwsem[id]);
	return 0;
}

/* rttest_sem_op - the semaphore commands; -EINVAL for any other. */
static int rttest_sem_op(struct rttest_thread *td, int op, long id)
{
	int *rw = &td->rwsems[id];

	switch (op) {
	case RTTEST_DOWN:
		return rttest_take(td, &td->sems[id], RTTEST_LOCKED,
				   rttest_down, id);
	case RTTEST_DOWNINT:
		return rttest_take(td, &td->sems[id], RTTEST_LOCKED,
				   rttest_downint, id);
	case RTTEST_DOWNTRYLOCK:
		return rttest_take(td, &td->sems[id], RTTEST_LOCKED,
				   rttest_downtrylock, id);
	case RTTEST_UP:
		up(&rttest.sem[id]);
		td->sems[id] = RTTEST_UNLOCKED;
		break;
	case RTTEST_DOWNREAD:
		return rttest_take(td, rw, RTTEST_READ, rttest_downread, id);
	case RTTEST_DOWNWRITE:
		return rttest_take(td, rw, RTTEST_LOCKED, rttest_downwrite, id);
	case RTTEST_UPREAD:
		if (*rw != RTTEST_READ)
			return -EINVAL;
		up_read(&rttest.rwsem[id]);
		*rw = RTTEST_UNLOCKED;
		break;
	case RTTEST_UPWRITE:
	case RTTEST_DOWNGRADE:
		if (*rw != RTTEST_LOCKED)
			return -EINVAL;
		if (op == RTTEST_UPWRITE)
			up_write(&rttest.rwsem[id]);
		else
			downgrade_write(&rttest.rwsem[id]);
		*rw = op == RTTEST_UPWRITE ? RTTEST_UNLOCKED : RTTEST_READ;
		break;
	default:
		return -EINVAL;
	}
	rttest_stamp(td);
	return 0;
}

/*
 * rttest_run_op - run the thread's command; returns what its opcode
 * becomes: 0 done, or a negative errno.  @in_wakeup: the thread sits in
 * the wake-up loop of a lock, where only lockcont, reset, resetevent
 * and nop make sense (anything else is -EINVAL).
 */
static int rttest_run_op(struct rttest_thread *td, int in_wakeup)
{
	long id = td->opdata;
	int held, ret;

	switch (td->opcode) {
	case RTTEST_NOP:
		return 0;
	case RTTEST_LOCKCONT:
		if (!rttest_valid_lock(id))
			return -EINVAL;
		td->mutexes[id] = RTTEST_ABOUT;
		rttest_stamp(td);
		return 0;
	case RTTEST_RESET:
		return rttest_unlock_all(td, in_wakeup);
	case RTTEST_RESETEVENT:
		atomic_set(&rttest.event, 0);
		return 0;
	}
	if (in_wakeup)
		return -EINVAL;

	switch (td->opcode) {
	case RTTEST_LOCK:
	case RTTEST_LOCKNOWAIT:
		if (!rttest_valid_lock(id))
			return -EINVAL;
		td->mutexes[id] = RTTEST_ABOUT;
		rttest_stamp(td);
		rt_mutex_lock(&rttest.mutex[id]);
		rttest_stamp(td);
		td->mutexes[id] = RTTEST_LOCKED;
		return 0;
	case RTTEST_LOCKINT:
	case RTTEST_LOCKINTNOWAIT:
	case RTTEST_LOCKINTDETECT:
		if (!rttest_valid_lock(id))
			return -EINVAL;
		/* A lock it holds already stays held if the attempt fails. */
		held = td->mutexes[id] == RTTEST_LOCKED;
		td->mutexes[id] = RTTEST_ABOUT;
		rttest_stamp(td);
		ret = rt_mutex_lock_interruptible(&rttest.mutex[id],
				td->opcode == RTTEST_LOCKINTDETECT);
		rttest_stamp(td);
		td->mutexes[id] = ret && !held ? RTTEST_UNLOCKED :
			RTTEST_LOCKED;
		/* The kernel's tester reports every failure as -EINTR. */
		if (ret && td->opcode != RTTEST_LOCKINTDETECT)
			ret = -EINTR;
		return ret;
	case RTTEST_UNLOCK:
		if (!rttest_valid_lock(id) ||
		    td->mutexes[id] != RTTEST_LOCKED)
			return -EINVAL;
		rttest_stamp(td);
		rt_mutex_unlock(&rttest.mutex[id]);
		rttest_stamp(td);
		td->mutexes[id] = RTTEST_UNLOCKED;
		return 0;
	case RTTEST_LOCKBKL:
		if (td->bkl == RTTEST_UNLOCKED)
			rttest_bkl_lock(td);
		return 0;
	case RTTEST_UNLOCKBKL:
		if (td->bkl != RTTEST_LOCKED)
			return -EINVAL;
		rttest_bkl_unlock(td);
		return 0;
	}
	if (!rttest_valid_lock(id))
		return -EINVAL;
	return rttest_sem_op(td, td->opcode, id);
}

static int rttest_waits_in_wakeup(int op)
{
	return op == RTTEST_LOCK || op == RTTEST_LOCKINT;
}

static int rttest_is_lock_op(int op)
{
	return rttest_waits_in_wakeup(op) || op == RTTEST_LOCKNOWAIT ||
		op == RTTEST_LOCKINTNOWAIT || op == RTTEST_LOCKINTDETECT;
}

/*
 * rttest_wakeup_loop - a waiting lock variant was woken: stay here,
 * running the few commands allowed, until lockcont.  The lock command
 * and its argument come back afterwards, as it is still running.
 */
static void rttest_wakeup_loop(struct rttest_thread *td, int op, long dat)
{
	td->opcode = 0;
	for (;;) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		if (td->opcode > 0) {
			int ret;

			__set_current_state(TASK_RUNNING);
			ret = rttest_run_op(td, 1);
			if (td->opcode == RTTEST_LOCKCONT)
				break;
			td->opcode = ret;
			continue;
		}
		schedule();
	}
	td->opcode = op;
	td->opdata = dat;
}

/*
 * rttest_schedule - rt_mutex_schedule_hook: the sleep of an rt_mutex
 * wait loop.  For the lock the thread's command is about, "about to
 * lock" becomes "blocked" before the sleep; after it, a woken waiting
 * variant goes to "woken" and the wake-up loop, a no-wait variant back
 * to "about to lock".  Any other task just sleeps.
 */
static void rttest_schedule(struct rt_mutex *lock)
{
	struct rttest_thread *td = rttest_current();
	int op, ours;
	long dat;

	if (!td) {
		schedule();
		return;
	}
	op = td->opcode;
	dat = td->opdata;
	ours = rttest_is_lock_op(op) && rttest_valid_lock(dat) &&
		lock == &rttest.mutex[dat];

	if (ours && td->mutexes[dat] == RTTEST_ABOUT) {
		td->mutexes[dat] = RTTEST_BLOCKED;
		rttest_stamp(td);
	}
	schedule();
	if (!ours || td->mutexes[dat] != RTTEST_BLOCKED)
		return;
	if (!rttest_waits_in_wakeup(op)) {
		td->mutexes[dat] = RTTEST_ABOUT;
		rttest_stamp(td);
		return;
	}
	td->mutexes[dat] = RTTEST_WOKEN;
	rttest_stamp(td);
	rttest_wakeup_loop(td, op, dat);
}

/* The body of a tester thread: run each command posted, then sleep. */
static void rttest_thread(void *arg)
{
	struct rttest_thread *td = arg;
	int ret;

	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (td->opcode > 0) {
			__set_current_state(TASK_RUNNING);
			ret = rttest_run_op(td, 0);
			set_current_state(TASK_INTERRUPTIBLE);
			td->opcode = ret;
		}
		schedule();
		if (signal_pending(current))
			flush_signals(current);
	}
}

/* ---- in the controller -------------------------------------------------- */

static int rttest_setscheduler(struct rttest_thread *td, int policy,
			       int prio)
{
	struct sched_param param = { .sched_priority = prio };
	mm_segment_t old = get_fs();
	int ret;

	set_fs(KERNEL_DS);
	ret = setscheduler(td->pid, policy,
			   (struct sched_param __user *)&param);
	set_fs(old);
	return ret;
}

/* What the kernel's sysfs command file does with "op:arg". */
static int rttest_post(struct rttest_thread *td, int op, long arg)
{
	int ret;

	switch (op) {
	case RTTEST_SCHEDOT:
		if (arg < -20 || arg > 19)
			return -EINVAL;
		ret = rttest_setscheduler(td, SCHED_NORMAL, 0);
		if (!ret)
			set_user_nice(td->task, arg);
		return ret;
	case RTTEST_SCHEDRT:
		if (arg < 1 || arg > MAX_USER_RT_PRIO - 1)
			return -EINVAL;
		return rttest_setscheduler(td, SCHED_FIFO, arg);
	case RTTEST_SIGNAL:
		return send_sig(RTTEST_SIGHUP, td->task, 0);
	}
	if (td->opcode > 0)
		return -EBUSY;
	td->opdata = arg;
	td->opcode = op;
	wake_up_process(td->task);
	return 0;
}

/* The controller's body: serve rttest.req, sleep, and so on. */
static void rttest_controller(void *unused)
{
	struct rttest_req *req = &rttest.req;

	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (req->pending) {
			__set_current_state(TASK_RUNNING);
			req->result = rttest_post(&rttest.thread[req->thread],
						  req->op, req->arg);
			req->pending = 0;
			req->done = 1;
			continue;
		}
		schedule();
		if (signal_pending(current))
			flush_signals(current);
	}
}

/* ---- from outside: the harness API -------------------------------------- */

static int rttest_spawn(const char *name, int policy, int prio,
			sim_body_t body, void *arg)
{
	struct sim_task_attr attr;

	sim_task_attr_init(&attr);
	attr.name = name;
	attr.policy = policy;
	attr.rt_priority = prio;
	return sim_spawn(&attr, body, arg);
}

/* Is the tester of this very machine running? */
static int rttest_live(void)
{
	struct sim_task *st;

	if (!rttest.started || !sim_booted())
		return 0;
	st = sim_find(rttest.ctl_pid);
	return st && !st->exited && st->body == rttest_controller;
}

/* sim_rttest_check_mutexes - the invariants of the tester's rt_mutexes. */
void sim_rttest_check_mutexes(void)
{
	int i;

	if (!rttest_live())
		return;
	for (i = 0; i < RTTEST_LOCKS; i++) {
		sim_check_rt_mutex(&rttest.mutex[i]);
		sim_check_semaphore(&rttest.sem[i]);
		sim_check_rwsem(&rttest.rwsem[i]);
	}
}

int sim_rttest_start(void)
{
	static const char *const names[RTTEST_THREADS] = {
		"rt-test-0", "rt-test-1", "rt-test-2", "rt-test-3",
		"rt-test-4", "rt-test-5", "rt-test-6", "rt-test-7",
	};
	struct rttest_thread *td;
	int i, pid;

	if (sim_need_machine())
		return -EINVAL;
	if (rttest_live())
		return sim_set_error(-EBUSY, "the rt-mutex tester is running");
	memset(&rttest, 0, sizeof(rttest));
	for (i = 0; i < RTTEST_LOCKS; i++) {
		__rt_mutex_init(&rttest.mutex[i], rttest_lock_names[i]);
		__sema_init(&rttest.sem[i], 1, rttest_lock_names[i]);
		__init_rwsem(&rttest.rwsem[i], rttest_lock_names[i]);
	}
	spin_lock_init(&rttest.bkl.lock);
	init_waitqueue_head(&rttest.bkl.wait);
	rt_mutex_schedule_hook = rttest_schedule;

	for (i = 0; i < RTTEST_THREADS; i++) {
		td = &rttest.thread[i];
		td->id = i;
		pid = rttest_spawn(names[i], SIM_SCHED_NORMAL, 0,
				   rttest_thread, td);
		if (pid < 0)
			return pid;
		td->pid = pid;
		td->task = find_task_by_pid(pid);
	}
	pid = rttest_spawn("rt-test-ctl", SIM_SCHED_FIFO, RTTEST_CTL_PRIO,
			   rttest_controller, NULL);
	if (pid < 0)
		return pid;
	rttest.ctl_pid = pid;
	rttest.started = 1;
	return 0;
}

static struct rttest_thread *rttest_get(int thread)
{
	if (!rttest_live()) {
		sim_bad_arg("the rt-mutex tester is not running");
		return NULL;
	}
	if (sim_check_range(thread, 0, RTTEST_THREADS - 1, "thread"))
		return NULL;
	return &rttest.thread[thread];
}

int sim_rttest_pid(int thread)
{
	struct rttest_thread *td = rttest_get(thread);

	return td ? td->pid : -EINVAL;
}

int sim_rttest_opcode(const char *name)
{
	unsigned int i;

	if (sim_null_arg(name))
		return -EINVAL;
	for (i = 0; i < ARRAY_SIZE(rttest_ops); i++)
		if (!strcmp(name, rttest_ops[i].name))
			return rttest_ops[i].op;
	return sim_set_error(-1, "unknown command \"%s\"", name);
}

int sim_rttest_cmd(int thread, const char *opcode, long arg)
{
	struct rttest_thread *td = rttest_get(thread);
	struct rttest_req *req = &rttest.req;
	unsigned long long give_up;
	int op;

	if (!td || sim_null_arg(opcode))
		return -EINVAL;
	op = sim_rttest_opcode(opcode);
	if (op <= 0)
		return sim_bad_arg("unknown command \"%s\"", opcode);
	*req = (struct rttest_req){
		.pending = 1, .thread = thread, .op = op, .arg = arg,
	};
	if (sim_wake(rttest.ctl_pid))
		return -EIO;
	/* FIFO 99, it runs at once; unless a CPU is busy at 99 too. */
	give_up = sim_now() + RTTEST_CTL_PATIENCE_NS;
	while (!req->done && sim_now() < give_up)
		if (sim_run_for(RTTEST_CTL_STEP_NS))
			return -EIO;
	if (!req->done) {
		req->pending = 0;
		return sim_set_error(-ETIMEDOUT, "the tester's controller did "
				     "not run within 1 s");
	}
	if (req->result)
		return sim_set_error(req->result, "%s: %d: %ld failed: %d",
				     opcode, thread, arg, req->result);
	return 0;
}

/* Normal priority without inheritance, as the driver sees it. */
static int rttest_normal_prio(struct task_struct *p)
{
	if (scheduler->normal_prio)
		return sched_normal_prio(p);
	/* A driver without the hook yet: its RT level, or its prio. */
	if (rt_task(p))
		return MAX_RT_PRIO - 1 - p->rt_priority;
	return task_prio(p) + MAX_RT_PRIO;
}

/*
 * A semaphore's status digit: "about to" while the thread sleeps on it
 * is "blocked", read off its rt_mutex waiter.
 */
static int rttest_sem_digit(struct rttest_thread *td, int digit,
			    struct rt_mutex *lock)
{
	struct rt_mutex_waiter *w = td->task->pi_blocked_on;

	if (digit == RTTEST_ABOUT && w && w->lock == lock)
		return RTTEST_BLOCKED;
	return digit;
}

int sim_rttest_status(int thread, struct sim_rttest_status *status)
{
	struct rttest_thread *td = rttest_get(thread);
	int i;

	if (!td || sim_null_arg(status))
		return -EINVAL;
	memset(status, 0, sizeof(*status));
	status->pid = td->pid;
	status->opcode = td->opcode;
	status->event = td->event;
	status->prio = MAX_RT_PRIO - 1 - (task_prio(td->task) + MAX_RT_PRIO);
	status->normal_prio = MAX_RT_PRIO - 1 - rttest_normal_prio(td->task);
	for (i = 0; i < RTTEST_LOCKS; i++) {
		status->mutexes[i] = td->mutexes[i];
		status->sems[i] = rttest_sem_digit(td, td->sems[i],
						   &rttest.sem[i].lock);
		status->rwsems[i] = rttest_sem_digit(td, td->rwsems[i],
						     &rttest.rwsem[i].lock);
	}
	status->bkl = td->bkl;
	return 0;
}

/* The script's tests: which value, compared how. */
enum rttest_field {
	F_PRIO, F_NPRIO, F_MUTEX, F_BKL, F_OPCODE, F_EVENT, F_SEM, F_RWSEM
};
enum rttest_cmp { CMP_EQ, CMP_LT, CMP_GT };

static const struct {
	const char *name;
	enum rttest_field field;
	enum rttest_cmp cmp;
	int digit;		/* F_MUTEX, F_BKL: the status wanted */
} rttest_tests[] = {
	{ "prioeq",	F_PRIO,		CMP_EQ },
	{ "priolt",	F_PRIO,		CMP_LT },
	{ "priogt",	F_PRIO,		CMP_GT },
	{ "nprioeq",	F_NPRIO,	CMP_EQ },
	{ "npriolt",	F_NPRIO,	CMP_LT },
	{ "npriogt",	F_NPRIO,	CMP_GT },
	{ "unlocked",	F_MUTEX,	CMP_EQ, RTTEST_UNLOCKED },
	{ "trylock",	F_MUTEX,	CMP_EQ, RTTEST_ABOUT },
	{ "blocked",	F_MUTEX,	CMP_EQ, RTTEST_BLOCKED },
	{ "blockedwake", F_MUTEX,	CMP_EQ, RTTEST_WOKEN },
	{ "locked",	F_MUTEX,	CMP_EQ, RTTEST_LOCKED },
	{ "unlockedbkl", F_BKL,		CMP_EQ, RTTEST_UNLOCKED },
	{ "blockedbkl",	F_BKL,		CMP_EQ, RTTEST_BLOCKED },
	{ "lockedbkl",	F_BKL,		CMP_EQ, RTTEST_LOCKED },
	{ "opcodeeq",	F_OPCODE,	CMP_EQ },
	{ "opcodelt",	F_OPCODE,	CMP_LT },
	{ "opcodegt",	F_OPCODE,	CMP_GT },
	{ "eventeq",	F_EVENT,	CMP_EQ },
	{ "eventlt",	F_EVENT,	CMP_LT },
	{ "eventgt",	F_EVENT,	CMP_GT },
	{ "semunlocked", F_SEM,		CMP_EQ, RTTEST_UNLOCKED },
	{ "semblocked",	F_SEM,		CMP_EQ, RTTEST_BLOCKED },
	{ "semlocked",	F_SEM,		CMP_EQ, RTTEST_LOCKED },
	{ "rwunlocked",	F_RWSEM,	CMP_EQ, RTTEST_UNLOCKED },
	{ "rwblocked",	F_RWSEM,	CMP_EQ, RTTEST_BLOCKED },
	{ "rwwritelocked", F_RWSEM,	CMP_EQ, RTTEST_LOCKED },
	{ "rwreadlocked", F_RWSEM,	CMP_EQ, RTTEST_READ },
};

static int rttest_find_test(const char *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(rttest_tests); i++)
		if (test && !strcmp(test, rttest_tests[i].name))
			return i;
	return -1;
}

int sim_rttest_test_arg(const char *test)
{
	int i;

	if (sim_null_arg(test))
		return -EINVAL;
	i = rttest_find_test(test);
	if (i < 0)
		return 0;
	switch (rttest_tests[i].field) {
	case F_MUTEX:
	case F_SEM:
	case F_RWSEM:
		return SIM_RTTEST_ARG_LOCK;
	case F_BKL:
		return SIM_RTTEST_ARG_IGNORED;
	case F_OPCODE:
		return SIM_RTTEST_ARG_OPCODE;
	default:
		return SIM_RTTEST_ARG_NUMBER;
	}
}

int sim_rttest_check(int thread, const char *test, long arg)
{
	struct sim_rttest_status s;
	int i;
	long val, want = arg;

	if (sim_null_arg(test))
		return -EINVAL;
	i = rttest_find_test(test);
	if (i < 0)
		return sim_bad_arg("unknown test \"%s\"", test);
	if (sim_rttest_status(thread, &s))
		return -EINVAL;
	switch (rttest_tests[i].field) {
	case F_PRIO:
		val = s.prio;
		break;
	case F_NPRIO:
		val = s.normal_prio;
		break;
	case F_MUTEX:
	case F_SEM:
	case F_RWSEM:
		if (!rttest_valid_lock(arg))
			return sim_bad_arg("lock %ld is not in 0..%d", arg,
					   RTTEST_LOCKS - 1);
		val = rttest_tests[i].field == F_MUTEX ? s.mutexes[arg] :
			rttest_tests[i].field == F_SEM ? s.sems[arg] :
			s.rwsems[arg];
		want = rttest_tests[i].digit;
		break;
	case F_BKL:
		val = s.bkl;
		want = rttest_tests[i].digit;
		break;
	case F_OPCODE:
		val = s.opcode;
		break;
	default:
		val = s.event;
		break;
	}
	switch (rttest_tests[i].cmp) {
	case CMP_LT:
		return val < want;
	case CMP_GT:
		return val > want;
	default:
		return val == want;
	}
}
