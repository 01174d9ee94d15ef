/*
 * tests/fuzz/fuzz_sched.c - sequences of scheduler operations under a
 * fuzzer, with the machine's checks as the oracle.
 *
 * An input is decoded into a machine (driver, 1..8 CPUs, SMT or not,
 * HZ) and a sequence of operations, each carried out where it belongs:
 * system calls, sleeps, wake-ups, forks and exits inside the task that
 * makes them (a script task running a harness command), time, hotplug,
 * signals and tunables from outside.  The generic invariants and the
 * driver's own check run after every event; the first report aborts,
 * which is what a fuzzing engine sees as a crash.
 *
 * Builds: libFuzzer/AFL++ with -DFUZZ_ENGINE (make fuzz-sched), or plain
 * for make check, where it replays files and directories:
 *
 *	fuzz_sched [--print] FILE|DIR...
 *
 * --print shows each operation as it is done, with the CPU of the task,
 * and its result once the machine has run a tick.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <plugsched/sim.h>

#include "replay.h"

#define MAX_OPS		256
#define MAX_TASKS	8
#define PARAM_LEN	64	/* user memory of each task */
#define BAD_UADDR	0x10UL	/* never mapped */

struct input {
	const uint8_t *data;
	size_t size, pos;
};

struct fuzz_task {
	int pid;
	unsigned long uaddr;	/* its user memory (copied on fork) */
	unsigned long issued;	/* commands queued */
};

struct fuzz {
	struct input in;
	struct fuzz_task *last;		/* the task of the last command */
	struct fuzz_task task[MAX_TASKS];
	int nr_tasks;
	unsigned long long tick_ns;
	int print;
};

enum fuzz_op {
	OP_SPAWN, OP_FORK, OP_EXIT, OP_BURN, OP_SLEEP, OP_SLEEP_UNINT,
	OP_WQ_WAIT, OP_WQ_WAKE, OP_COMPLETION_WAIT, OP_COMPLETE,
	OP_SETSCHEDULER, OP_SETPARAM, OP_NICE, OP_SETAFFINITY,
	OP_GETAFFINITY, OP_YIELD, OP_ADVANCE, OP_CPU_DOWN, OP_CPU_UP,
	OP_TUNABLE, OP_LOCK, OP_UNLOCK, OP_SIGNAL, OP_WAKE,
	NR_OPS
};

static unsigned int next(struct input *in)
{
	return in->pos < in->size ? in->data[in->pos++] : 0;
}

static int more(const struct input *in)
{
	return in->pos < in->size;
}

/* ---- the machine -------------------------------------------------------- */

static void check(struct fuzz *f, int ret)
{
	if (ret >= 0 && !sim_failed())
		return;
	fflush(stdout);		/* the --print trail up to here */
	fprintf(stderr, "fuzz_sched: the machine reported:\n%s\n",
		sim_report());
	abort();
}

static int boot(struct fuzz *f)
{
	static const int hz[] = { 100, 250, 1000, 1000 };
	struct sim_config cfg;
	char cmdline[64];
	unsigned int drv = next(&f->in), cpus = next(&f->in);
	unsigned int flags = next(&f->in);

	sim_config_init(&cfg);
	cfg.nr_cpus = 1 + cpus % 8;
	if (cfg.nr_cpus > sim_max_cpus())
		cfg.nr_cpus = sim_max_cpus();
	cfg.smt = (flags & 1) && !(cfg.nr_cpus % 2) ? 2 : 1;
	cfg.hz = hz[(flags >> 1) & 3];
	cfg.seed = flags >> 3;
	snprintf(cmdline, sizeof(cmdline), "cpusched=%s",
		 sim_driver_name(drv % sim_nr_drivers()));
	cfg.cmdline = cmdline;
	if (sim_boot(&cfg)) {
		fprintf(stderr, "fuzz_sched: boot: %s\n", sim_error());
		abort();
	}
	f->tick_ns = 1000000000ULL / cfg.hz;
	if (f->print)
		printf("machine: %s, %d cpus, smt %d, HZ=%d\n",
		       sim_cpusched(), cfg.nr_cpus, cfg.smt, cfg.hz);
	return 0;
}

/* Forget tasks that exited, learn children that forks made. */
static void refresh_tasks(struct fuzz *f)
{
	struct sim_task_info info;
	int pids[256], n, i, j, known;

	n = sim_task_pids(pids, 256);
	for (i = 0; i < f->nr_tasks; i++) {
		if (sim_task_info(f->task[i].pid, &info) || info.state == 'Z')
			f->task[i--] = f->task[--f->nr_tasks];
	}
	for (i = 0; i < n && f->nr_tasks < MAX_TASKS; i++) {
		if (sim_task_info(pids[i], &info) || info.state == 'Z')
			continue;
		for (known = 0, j = 0; j < f->nr_tasks; j++)
			known |= f->task[j].pid == pids[i];
		if (known)
			continue;
		/* a forked child: memory of its own for its syscalls */
		f->task[f->nr_tasks].pid = pids[i];
		f->task[f->nr_tasks].uaddr = sim_user_map(pids[i], PARAM_LEN);
		f->task[f->nr_tasks].issued = info.cmds_done;
		f->nr_tasks++;
	}
}

static struct fuzz_task *pick(struct fuzz *f)
{
	unsigned int b = next(&f->in);

	return f->nr_tasks ? &f->task[b % f->nr_tasks] : NULL;
}

/* Commands @t has not run yet. */
static unsigned long pending(const struct fuzz_task *t)
{
	struct sim_task_info info;

	if (sim_task_info(t->pid, &info))
		return 0;
	return t->issued - info.cmds_done;
}

static void cmd(struct fuzz *f, struct fuzz_task *t, int op, long a0,
		long a1, long a2, long a3)
{
	if (!sim_cmd(t->pid, op, a0, a1, a2, a3)) {
		t->issued++;
		f->last = t;
	}
}

static void say(struct fuzz *f, struct fuzz_task *t, const char *fmt,
		long a, long b)
{
	struct sim_task_info info;

	if (!f->print)
		return;
	if (t && !sim_task_info(t->pid, &info))
		printf("cpu%d: t%d ", info.cpu, t->pid);
	printf(fmt, a, b);
	printf("\n");
}

/* ---- the operations ------------------------------------------------------ */

static void op_spawn(struct fuzz *f)
{
	static const int policies[] = {
		SIM_SCHED_NORMAL, SIM_SCHED_NORMAL, SIM_SCHED_FIFO,
		SIM_SCHED_RR,
	};
	unsigned int a = next(&f->in), b = next(&f->in);
	struct sim_task_attr attr;
	struct fuzz_task *t;
	int pid;

	if (f->nr_tasks == MAX_TASKS)
		return;
	sim_task_attr_init(&attr);
	attr.name = "fuzz";
	attr.policy = policies[a & 3];
	attr.rt_priority = 1 + b % 99;
	attr.nice = (int)(b % 40) - 20;
	if (a & 4) {		/* an unprivileged user */
		attr.uid = attr.euid = 1000;
		attr.cap_sys_nice = 0;
	}
	pid = sim_spawn_script(&attr);
	if (pid < 0)
		return;
	t = &f->task[f->nr_tasks++];
	t->pid = pid;
	t->issued = 0;
	t->uaddr = sim_user_map(pid, PARAM_LEN);
	if (f->print)
		printf("t%d spawned: policy %d, rt_priority %d, nice %d, "
		       "uid %u\n", pid, attr.policy, attr.rt_priority,
		       attr.nice, attr.uid);
}

/* A user pointer: the task's memory, a bad address, or NULL. */
static unsigned long uptr(struct fuzz_task *t, unsigned int b)
{
	switch (b % 8) {
	case 6:
		return BAD_UADDR;
	case 7:
		return 0;
	}
	return t->uaddr;
}

/* The pid a syscall names: 0 (self), another task, or none at all. */
static long target(struct fuzz *f, unsigned int b)
{
	switch (b % 4) {
	case 0:
	case 1:
		return 0;
	case 2:
		return f->task[(b >> 2) % f->nr_tasks].pid;
	}
	return 30000 + b;
}

static void op_setscheduler(struct fuzz *f, struct fuzz_task *t, int setparam)
{
	unsigned int a = next(&f->in), b = next(&f->in), c = next(&f->in);
	int policy = (int)(a % 5) - 1;	/* -1: keep (2.6.10); 3: invalid */
	int prio = (int)(b % 102) - 1;		/* -1..100 */
	unsigned long u = uptr(t, c);

	if (u == t->uaddr)
		sim_user_write(t->pid, u, &prio, sizeof(prio));
	if (setparam)
		cmd(f, t, SIM_CMD_SYSCALL, SIM_SYS_sched_setparam,
		    target(f, c >> 3), u, 0);
	else
		cmd(f, t, SIM_CMD_SYSCALL, SIM_SYS_sched_setscheduler,
		    target(f, c >> 3), policy, u);
	if (f->print)
		printf("t%d sched_%s(pid %ld, %s, prio %d, %s)\n", t->pid,
		       setparam ? "setparam" : "setscheduler",
		       target(f, c >> 3), setparam ? "-" :
		       policy == SIM_SCHED_NORMAL ? "SCHED_NORMAL" :
		       policy == SIM_SCHED_FIFO ? "SCHED_FIFO" :
		       policy == SIM_SCHED_RR ? "SCHED_RR" :
		       policy < 0 ? "-1 (keep)" : "bad policy 3",
		       prio, u == t->uaddr ? "&param" :
		       u ? "bad pointer" : "NULL");
}

static void op_affinity(struct fuzz *f, struct fuzz_task *t, int set)
{
	unsigned int a = next(&f->in), c = next(&f->in);
	unsigned long mask = a, u = uptr(t, c);
	long len = c & 0x40 ? 4 : sizeof(mask);

	if (u == t->uaddr)
		sim_user_write(t->pid, u, &mask, sizeof(mask));
	cmd(f, t, SIM_CMD_SYSCALL, set ? SIM_SYS_sched_setaffinity :
	    SIM_SYS_sched_getaffinity, target(f, c), len, u);
	if (f->print)
		printf("t%d sched_%saffinity(pid %ld, len %ld, %s, mask %#lx)"
		       "\n", t->pid, set ? "set" : "get", target(f, c), len,
		       u == t->uaddr ? "&mask" : u ? "bad pointer" : "NULL",
		       set ? mask : 0);
}

static void op_tunable(struct fuzz *f)
{
	unsigned int a = next(&f->in), b = next(&f->in);
	int min, max, def, i, n = sim_nr_tunables();
	char path[128], value[32];

	if (!n)
		return;
	i = a % n;
	sim_tunable_limits(i, &min, &max, &def);
	snprintf(path, sizeof(path), "/sys/cpusched/%s/%s", sim_cpusched(),
		 sim_tunable_name(i));
	snprintf(value, sizeof(value), "%d", min - 1 + (int)(b % (max - min +
		 3 > 256 ? 256 : max - min + 3)));
	if (f->print)
		printf("echo %s > %s = %d\n", value, path,
		       sim_sysfs_write(path, value));
	else
		sim_sysfs_write(path, value);
}

/* Lock only a mutex the task does not hold, unlock only one it holds. */
static void op_mutex(struct fuzz *f, struct fuzz_task *t, int lock)
{
	unsigned int idx = next(&f->in) % SIM_NR_MUTEX;
	int owner = sim_mutex_owner(idx, NULL);

	if (pending(t) || (lock ? owner == t->pid : owner != t->pid))
		return;
	if (lock)
		cmd(f, t, SIM_CMD_MUTEX_LOCK_INT, idx, 1, 0, 0);
	else
		cmd(f, t, SIM_CMD_MUTEX_UNLOCK, idx, 0, 0, 0);
	say(f, t, lock ? "rt_mutex_lock_interruptible(%ld)" :
	    "rt_mutex_unlock(%ld)", idx, 0);
}

static int holds_mutex(const struct fuzz_task *t)
{
	int i;

	for (i = 0; i < SIM_NR_MUTEX; i++)
		if (sim_mutex_owner(i, NULL) == t->pid)
			return 1;
	return 0;
}

/* The operations a task makes itself. */
static void op_task(struct fuzz *f, int op, struct fuzz_task *t)
{
	unsigned int a = next(&f->in);

	switch (op) {
	case OP_FORK:
		if (f->nr_tasks < MAX_TASKS)
			cmd(f, t, SIM_CMD_FORK, 0, 0, 0, 0);
		say(f, t, "fork()%.0ld", 0, 0);
		break;
	case OP_EXIT:
		if (!pending(t) && !holds_mutex(t))
			cmd(f, t, SIM_CMD_EXIT, a, 0, 0, 0);
		say(f, t, "exit(%ld)", a, 0);
		break;
	case OP_BURN:
		cmd(f, t, SIM_CMD_BURN, (a % 32) * f->tick_ns / 4, 0, 0, 0);
		say(f, t, "burn(%ld/4 ticks)", a % 32, 0);
		break;
	case OP_SLEEP:
	case OP_SLEEP_UNINT:
		cmd(f, t, op == OP_SLEEP ? SIM_CMD_SLEEP : SIM_CMD_SLEEP_UNINT,
		    (a % 16) * f->tick_ns, 0, 0, 0);
		say(f, t, op == OP_SLEEP ? "sleep(%ld ticks)" :
		    "sleep_uninterruptible(%ld ticks)", a % 16, 0);
		break;
	case OP_WQ_WAIT:
		cmd(f, t, a & 1 ? SIM_CMD_WQ_WAIT_EXCL : SIM_CMD_WQ_WAIT,
		    (a >> 1) % 4, 0, 0, 0);
		say(f, t, "wait_event(wq %ld, exclusive %ld)", (a >> 1) % 4,
		    a & 1);
		break;
	case OP_WQ_WAKE:
		cmd(f, t, SIM_CMD_WQ_WAKE, (a >> 2) % 4, a & 3, 0, 0);
		say(f, t, "wake_up(wq %ld, nr_exclusive %ld)", (a >> 2) % 4,
		    a & 3);
		break;
	case OP_COMPLETION_WAIT:
		cmd(f, t, SIM_CMD_COMPLETION_WAIT, a % 4, 0, 0, 0);
		say(f, t, "wait_for_completion(%ld)", a % 4, 0);
		break;
	case OP_COMPLETE:
		cmd(f, t, a & 4 ? SIM_CMD_COMPLETE_ALL : SIM_CMD_COMPLETE,
		    a % 4, 0, 0, 0);
		say(f, t, "complete(%ld, all %ld)", a % 4, !!(a & 4));
		break;
	case OP_NICE:
		cmd(f, t, SIM_CMD_SYSCALL, SIM_SYS_nice, (long)(a % 50) - 25,
		    0, 0);
		say(f, t, "nice(%ld)", (long)(a % 50) - 25, 0);
		break;
	case OP_YIELD:
		cmd(f, t, SIM_CMD_SYSCALL, SIM_SYS_sched_yield, 0, 0, 0);
		say(f, t, "sched_yield()%.0ld", 0, 0);
		break;
	}
}

/* The operations from outside: time, hotplug, signals, tunables. */
static void op_outside(struct fuzz *f, int op)
{
	unsigned int a = next(&f->in);
	struct fuzz_task *t;

	switch (op) {
	case OP_ADVANCE:
		check(f, sim_run_for((a % 64) * f->tick_ns));
		say(f, NULL, "advance %ld ticks%.0ld", a % 64, 0);
		break;
	case OP_CPU_DOWN:
		say(f, NULL, "cpu_down(%ld) = %ld", a % 8,
		    sim_cpu_offline(a % 8));
		break;
	case OP_CPU_UP:
		say(f, NULL, "cpu_up(%ld) = %ld", a % 8, sim_cpu_online(a % 8));
		break;
	case OP_SIGNAL:
	case OP_WAKE:
		t = f->nr_tasks ? &f->task[a % f->nr_tasks] : NULL;
		if (!t)
			break;
		if (op == OP_SIGNAL)
			sim_signal(t->pid, 1);
		else
			sim_wake(t->pid);
		say(f, t, op == OP_SIGNAL ? "<- SIGHUP%.0ld%.0ld" :
		    "<- wake_up_process()%.0ld%.0ld", 0, 0);
		break;
	}
	check(f, 0);
}

static void run_op(struct fuzz *f)
{
	int op = next(&f->in) % NR_OPS;
	struct fuzz_task *t;

	if (op == OP_SPAWN)
		return op_spawn(f);
	if (op == OP_TUNABLE)
		return op_tunable(f);
	if (op >= OP_ADVANCE && op != OP_LOCK && op != OP_UNLOCK)
		return op_outside(f, op);
	t = pick(f);
	if (!t)
		return;
	if (op == OP_SETSCHEDULER || op == OP_SETPARAM)
		op_setscheduler(f, t, op == OP_SETPARAM);
	else if (op == OP_SETAFFINITY || op == OP_GETAFFINITY)
		op_affinity(f, t, op == OP_SETAFFINITY);
	else if (op == OP_LOCK || op == OP_UNLOCK)
		op_mutex(f, t, op == OP_LOCK);
	else
		op_task(f, op, t);
}

static void run_input(const uint8_t *data, size_t size, int print)
{
	struct fuzz f;
	int i;

	memset(&f, 0, sizeof(f));
	f.in.data = data;
	f.in.size = size;
	f.print = print;
	boot(&f);
	for (i = 0; i < MAX_OPS && more(&f.in); i++) {
		f.last = NULL;
		run_op(&f);
		/* let the command run: a tick of the whole machine */
		check(&f, sim_run_for(f.tick_ns));
		if (print && f.last && !pending(f.last))
			printf("  = %ld\n", sim_cmd_result(f.last->pid));
		refresh_tasks(&f);
	}
	check(&f, sim_run_for(4 * f.tick_ns));
	check(&f, sim_check());
	sim_shutdown();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	run_input(data, size, fuzz_print);
	return 0;
}
