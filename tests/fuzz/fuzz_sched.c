/*
 * tests/fuzz/fuzz_sched.c - sequences of scheduler operations under a
 * fuzzer, with the machine's checks as the oracle.
 *
 * An input is a machine (driver, 1..8 CPUs, SMT or not, HZ, seed) and up
 * to 256 operations (tests/fuzz/seq.c), each carried out where it
 * belongs: system calls, sleeps, wake-ups, forks and exits inside the
 * task that makes them (a script task running a harness command); time,
 * hotplug, signals and tunables from outside.  The machine runs a tick
 * after each operation; the generic invariants and the driver's own
 * check run after every event (after every operation under an engine,
 * for speed), and the first report aborts, which is what a fuzzing
 * engine sees as a crash.
 *
 * The CPUs interleave by "choices" pushed as the operations go: every
 * decision takes its default, the serial order, except those a
 * preempt(k, c) operation chose, so the engine mutates interleavings
 * with the operations, and an input without a preempt runs serially.
 *
 * Built with -DFUZZ_ENGINE it is a libFuzzer/AFL++ target (make fuzz,
 * make fuzz-sched).  The plain build links the tool around it
 * (tests/fuzz/sched_tool.c):
 *
 *	fuzz_sched [--print] [--trace] FILE|DIR...
 *	fuzz_sched --encode FILE.seq -o FILE
 *	fuzz_sched --shrink FILE [-o FILE.seq]
 *
 * A FILE ending in .seq is a sequence in text; any other is bytes.
 * --print writes each input as text, one operation a line, with the CPU
 * of the task and the result in a comment (for a preempt, the decision
 * it reached and what happened there): the output is itself a sequence
 * file.  --trace adds the scheduling events of each tick as
 * comments.  --encode turns text into the bytes a fuzzer mutates;
 * --shrink reduces a failing input to a sequence that fails the same
 * check with as few operations as it can (docs/fuzzing.md).
 */
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <plugsched/sim.h>

#include "fuzz_sched.h"
#include "replay.h"
#include "seq.h"

#define PARAM_LEN	64	/* user memory of each task */
#define BAD_UADDR	0x10UL	/* never mapped */
#define NO_SUCH_PID	30000	/* SEQ_NO_PID in a system call */

struct fuzz_task {
	int pid;
	unsigned long uaddr;	/* its user memory (copied on fork) */
	unsigned long issued;	/* commands queued */
};

/* Where the operations come from: bytes, or lines of text. */
struct source {
	struct seq_in in;		/* bytes */
	const char *text, *path;	/* text: what is left, and its name */
	int line;
};

struct fuzz {
	struct source src;
	struct fuzz_task task[SEQ_MAX_TASKS];
	int nr_tasks;
	unsigned long long tick_ns;
	int event_checks;		/* invariants after every event */
	/* one operation */
	const struct seq_op *op;	/* printed, its outcome not yet */
	char line[256];			/* its text */
	int op_len;
	int cpu;			/* of its task when it began */
	struct fuzz_task *last;		/* the task given a command */
	const char *skipped;		/* why it did nothing */
	long result;			/* an outside operation's */
	int has_result;
	struct fuzz_run *run;		/* options and output */
	size_t events_len;		/* in events[] */
	/* the printed text held back until its preempts are resolved */
	FILE *held;
	char *held_text;
	size_t held_len;
	unsigned long preempt[FUZZ_MAX_OPS];	/* their decisions */
	int nr_preempts;
};

/* This tick's scheduling events, for --trace (not cleared per input). */
static char events[8192];

/* ---- the machine -------------------------------------------------------- */

static void print_op_end(struct fuzz *f);
static void release(struct fuzz *f);
static struct fuzz *holding;	/* whose printed text is held, if any */

/* The run is over: say why, where a fuzzing engine and --shrink look. */
static void fail(struct fuzz *f, const char *who, const char *report)
{
	if (f->run->print) {	/* the trail up to here, this operation too */
		if (f->op)
			print_op_end(f);
		release(f);
		fflush(f->run->print);
	}
	if (f->run->report_fd >= 0 && write(f->run->report_fd, report,
				       strlen(report)) < 0)
		perror("fuzz_sched: report");
	fprintf(stderr, "fuzz_sched: %s reported:\n%s\n", who, report);
	abort();
}

static void check(struct fuzz *f, int ret)
{
	if (ret < 0 || sim_failed())
		fail(f, "the machine", sim_report());
}

#ifndef FUZZ_ENGINE
/*
 * The controls of the tools' tests: with FUZZ_SCHED_CONTROL in the
 * environment, a state no driver gets wrong fails as a check would, so
 * that shrinking has something known to find: with "preempt", a run
 * whose schedule took another CPU than the default twice, which only
 * preempt lines make; with any other value, a SCHED_FIFO task at nice 5
 * while cpu1 is offline.
 */
static void control_check(struct fuzz *f)
{
	static const char *control;
	static int looked;
	struct sim_task_info info;
	struct sim_cpu_info cpu;
	char report[128];
	int i;

	if (!looked++)
		control = getenv("FUZZ_SCHED_CONTROL");
	if (control && !strcmp(control, "preempt")) {
		if (sim_schedule_length() >= 2)
			fail(f, "the control check", "CONTROL: two decisions "
			     "took another CPU");
		return;
	}
	if (!control || sim_cpu_info(1, &cpu) || cpu.online)
		return;
	for (i = 0; i < f->nr_tasks; i++)
		if (!sim_task_info(f->task[i].pid, &info) &&
		    info.policy == SIM_SCHED_FIFO && info.nice == 5) {
			snprintf(report, sizeof(report), "CONTROL: t%d is "
				 "SCHED_FIFO at nice 5 with cpu1 offline",
				 info.pid);
			fail(f, "the control check", report);
		}
}
#else
static void control_check(struct fuzz *f)
{
}
#endif

static int boot(struct fuzz *f, const struct seq_op *m)
{
	struct sim_config cfg;
	char cmdline[64];

	sim_config_init(&cfg);
	cfg.nr_cpus = m->v[1];
	cfg.smt = m->v[2] ? 2 : 1;
	cfg.hz = m->v[3];
	cfg.seed = m->v[4];
	cfg.checks = f->event_checks;
	/* no bytes: the defaults, but where a preempt pushed a choice */
	cfg.interleave = "choices";
	snprintf(cmdline, sizeof(cmdline), "cpusched=%s",
		 sim_driver_name(m->v[0]));
	cfg.cmdline = cmdline;
	if (sim_boot(&cfg)) {
		fprintf(stderr, "fuzz_sched: boot: %s\n", sim_error());
		abort();
	}
	f->tick_ns = 1000000000ULL / cfg.hz;
	return 0;
}

static void context(const struct fuzz *f, struct seq_ctx *ctx)
{
	int i;

	ctx->nr_tasks = f->nr_tasks;
	for (i = 0; i < f->nr_tasks; i++)
		ctx->pid[i] = f->task[i].pid;
}

static void add_task(struct fuzz *f, int pid, unsigned long issued)
{
	struct fuzz_task *t = &f->task[f->nr_tasks++];

	t->pid = pid;
	t->uaddr = sim_user_map(pid, PARAM_LEN);
	t->issued = issued;
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
	for (i = 0; i < n && f->nr_tasks < SEQ_MAX_TASKS; i++) {
		if (sim_task_info(pids[i], &info) || info.state == 'Z')
			continue;
		for (known = 0, j = 0; j < f->nr_tasks; j++)
			known |= f->task[j].pid == pids[i];
		if (!known)	/* a forked child, with its own memory */
			add_task(f, pids[i], info.cmds_done);
	}
}

static struct fuzz_task *find_task(struct fuzz *f, long pid)
{
	int i;

	for (i = 0; i < f->nr_tasks; i++)
		if (f->task[i].pid == pid)
			return &f->task[i];
	return NULL;
}

/* Commands @t has not run yet. */
static unsigned long pending(const struct fuzz_task *t)
{
	struct sim_task_info info;

	if (sim_task_info(t->pid, &info))
		return 0;
	return t->issued - info.cmds_done;
}

static int holds_mutex(const struct fuzz_task *t)
{
	int i;

	for (i = 0; i < SIM_NR_MUTEX; i++)
		if (sim_mutex_owner(i, NULL) == t->pid)
			return 1;
	return 0;
}

/* ---- the operations ------------------------------------------------------ */

static void cmd(struct fuzz *f, struct fuzz_task *t, int op, long a0,
		long a1, long a2, long a3)
{
	if (!sim_cmd(t->pid, op, a0, a1, a2, a3)) {
		t->issued++;
		f->last = t;
	}
}

static void syscall3(struct fuzz *f, struct fuzz_task *t, int nr, long a0,
		     long a1, long a2)
{
	cmd(f, t, SIM_CMD_SYSCALL, nr, a0, a1, a2);
}

static void outside(struct fuzz *f, long result)
{
	f->result = result;
	f->has_result = 1;
}

static long sys_pid(long v)
{
	return v == SEQ_NO_PID ? NO_SUCH_PID : v;
}

/* A user pointer of @t, holding @len bytes of @val if it is its memory. */
static unsigned long uptr(struct fuzz_task *t, long kind, const void *val,
			  size_t len)
{
	if (kind == SEQ_UBAD)
		return BAD_UADDR;
	if (kind == SEQ_UNULL)
		return 0;
	if (len)
		sim_user_write(t->pid, t->uaddr, val, len);
	return t->uaddr;
}

static void op_spawn(struct fuzz *f, const struct seq_op *op)
{
	struct sim_task_attr attr;
	int pid;

	if (f->nr_tasks == SEQ_MAX_TASKS) {
		f->skipped = "tasks enough";
		return;
	}
	sim_task_attr_init(&attr);
	attr.name = "fuzz";
	attr.policy = op->v[0];
	attr.rt_priority = op->v[1];
	attr.nice = op->v[2];
	if (op->v[3]) {		/* an unprivileged user */
		attr.uid = attr.euid = 1000;
		attr.cap_sys_nice = 0;
	}
	pid = sim_spawn_script(&attr);
	if (pid >= 0)
		add_task(f, pid, 0);
	outside(f, pid);
}

/* Lock only a mutex the task does not hold, unlock only one it holds. */
static void op_mutex(struct fuzz *f, struct fuzz_task *t, int code, int idx)
{
	int owner = sim_mutex_owner(idx, NULL);

	if (pending(t)) {
		f->skipped = "commands pending";
		return;
	}
	if (code == SEQ_UNLOCK ? owner != t->pid : owner == t->pid) {
		f->skipped = code == SEQ_UNLOCK ? "not the owner" :
			     "the owner already";
		return;
	}
	cmd(f, t, code == SEQ_LOCK ? SIM_CMD_MUTEX_LOCK_INT :
	    code == SEQ_TRYLOCK ? SIM_CMD_MUTEX_TRYLOCK : SIM_CMD_MUTEX_UNLOCK,
	    idx, 1, 0, 0);
}

/* The system calls a task makes. */
static void op_syscall(struct fuzz *f, struct fuzz_task *t,
		       const struct seq_op *op)
{
	const long *v = op->v;
	unsigned long mask = v[4];
	int prio;

	switch (op->code) {
	case SEQ_SETSCHEDULER:
		prio = v[4];
		syscall3(f, t, SIM_SYS_sched_setscheduler, sys_pid(v[1]), v[2],
			 uptr(t, v[3], &prio, sizeof(prio)));
		break;
	case SEQ_SETPARAM:
		prio = v[3];
		syscall3(f, t, SIM_SYS_sched_setparam, sys_pid(v[1]),
			 uptr(t, v[2], &prio, sizeof(prio)), 0);
		break;
	case SEQ_GETSCHEDULER:
		syscall3(f, t, SIM_SYS_sched_getscheduler, sys_pid(v[1]), 0,
			 0);
		break;
	case SEQ_GETPARAM:
	case SEQ_RR_INTERVAL:
		syscall3(f, t, op->code == SEQ_GETPARAM ?
			 SIM_SYS_sched_getparam : SIM_SYS_sched_rr_get_interval,
			 sys_pid(v[1]), uptr(t, v[2], NULL, 0), 0);
		break;
	case SEQ_NICE:
		syscall3(f, t, SIM_SYS_nice, v[1], 0, 0);
		break;
	case SEQ_SETAFFINITY:
		syscall3(f, t, SIM_SYS_sched_setaffinity, sys_pid(v[1]), v[2],
			 uptr(t, v[3], &mask, sizeof(mask)));
		break;
	case SEQ_GETAFFINITY:
		syscall3(f, t, SIM_SYS_sched_getaffinity, sys_pid(v[1]), v[2],
			 uptr(t, v[3], NULL, 0));
		break;
	case SEQ_YIELD:
		syscall3(f, t, SIM_SYS_sched_yield, 0, 0, 0);
		break;
	}
}

/* The operations a task makes itself. */
static void op_task(struct fuzz *f, const struct seq_op *op)
{
	struct fuzz_task *t = find_task(f, op->v[0]);
	long a = op->v[1], tick = f->tick_ns;

	switch (op->code) {
	case SEQ_FORK:
		if (f->nr_tasks < SEQ_MAX_TASKS)
			cmd(f, t, SIM_CMD_FORK, 0, 0, 0, 0);
		else
			f->skipped = "tasks enough";
		break;
	case SEQ_EXIT:
		if (pending(t) || holds_mutex(t))
			f->skipped = "commands pending or a mutex held";
		else
			cmd(f, t, SIM_CMD_EXIT, a, 0, 0, 0);
		break;
	case SEQ_BURN:
		cmd(f, t, SIM_CMD_BURN, a * tick / 4, 0, 0, 0);
		break;
	case SEQ_SLEEP:
	case SEQ_SLEEP_UNINT:
		cmd(f, t, op->code == SEQ_SLEEP ? SIM_CMD_SLEEP :
		    SIM_CMD_SLEEP_UNINT, a * tick, 0, 0, 0);
		break;
	case SEQ_WQ_WAIT:
		cmd(f, t, op->v[2] ? SIM_CMD_WQ_WAIT_EXCL : SIM_CMD_WQ_WAIT, a,
		    0, 0, 0);
		break;
	case SEQ_WQ_WAKE:
		cmd(f, t, SIM_CMD_WQ_WAKE, a, op->v[2], 0, 0);
		break;
	case SEQ_COMPLETION_WAIT:
		cmd(f, t, SIM_CMD_COMPLETION_WAIT, a, 0, 0, 0);
		break;
	case SEQ_COMPLETE:
		cmd(f, t, op->v[2] ? SIM_CMD_COMPLETE_ALL : SIM_CMD_COMPLETE,
		    a, 0, 0, 0);
		break;
	case SEQ_IO_WAIT:
		cmd(f, t, SIM_CMD_IO_WAIT, a, 0, 0, 0);
		break;
	case SEQ_TASK_WAKE:
		cmd(f, t, SIM_CMD_WAKE, a, 0, 0, 0);
		break;
	case SEQ_LOCK:
	case SEQ_TRYLOCK:
	case SEQ_UNLOCK:
		op_mutex(f, t, op->code, a);
		break;
	default:
		op_syscall(f, t, op);
	}
}

/*
 * preempt(k, c): the k-th decision from now goes on with the c-th CPU
 * ready there.  It takes no time, so it chooses among the decisions of
 * the operations after it, and --print tells which one it reached.
 */
static void op_preempt(struct fuzz *f, long after, long index)
{
	if (sim_schedule_push(after, index)) {
		f->skipped = "not pushed";
		return;
	}
	f->preempt[f->nr_preempts++] = sim_nr_decisions() + after;
}

/* The operations from outside: time, hotplug, tunables, interrupts. */
static void op_outside(struct fuzz *f, const struct seq_op *op)
{
	char path[128], value[32];
	long v = op->v[0];

	switch (op->code) {
	case SEQ_SPAWN:
		op_spawn(f, op);
		break;
	case SEQ_ADVANCE:
		if (v)
			check(f, sim_run_for(v * f->tick_ns));
		break;
	case SEQ_CPU_DOWN:
		outside(f, sim_cpu_offline(v));
		break;
	case SEQ_CPU_UP:
		outside(f, sim_cpu_online(v));
		break;
	case SEQ_TUNABLE:
		snprintf(path, sizeof(path), "/sys/cpusched/%s/%s",
			 sim_cpusched(), sim_tunable_name(v));
		snprintf(value, sizeof(value), "%ld", op->v[1]);
		outside(f, sim_sysfs_write(path, value));
		break;
	case SEQ_SIGNAL:
		outside(f, sim_signal(v, 1));
		break;
	case SEQ_WAKE:
		outside(f, sim_wake(v));
		break;
	case SEQ_PREEMPT:
		op_preempt(f, v, op->v[1]);
		break;
	}
}

/* ---- one input ----------------------------------------------------------- */

/* Scheduling events, collected as comments while a tick runs. */
static const char *who(const char *comm, int pid, char *buf, size_t len)
{
	if (!strcmp(comm, "fuzz"))
		snprintf(buf, len, "t%d", pid);
	else
		snprintf(buf, len, "%s", comm);
	return buf;
}

static void trace_event(const struct sim_trace_event *ev, void *arg)
{
	struct fuzz *f = arg;
	size_t room = sizeof(events) - f->events_len;
	char *p = events + f->events_len, a[24], b[24];
	int n = 0;

	switch (ev->type) {
	case SIM_TRACE_SWITCH:
		n = snprintf(p, room, "#   %llu.%06llu cpu%d switch %s -> %s"
			     "\n", ev->ns / 1000000000, ev->ns / 1000 % 1000000,
			     ev->cpu, who(ev->comm, ev->pid, a, sizeof(a)),
			     who(ev->next_comm, ev->next_pid, b, sizeof(b)));
		break;
	case SIM_TRACE_WAKEUP:
	case SIM_TRACE_WAKEUP_NEW:
		n = snprintf(p, room, "#   %llu.%06llu cpu%d %s %s on cpu%d\n",
			     ev->ns / 1000000000, ev->ns / 1000 % 1000000,
			     ev->cpu, ev->type == SIM_TRACE_WAKEUP ? "wake" :
			     "wake new", who(ev->comm, ev->pid, a, sizeof(a)),
			     ev->target_cpu);
		break;
	case SIM_TRACE_MIGRATE:
		n = snprintf(p, room, "#   %llu.%06llu cpu%d migrate %s cpu%d "
			     "-> cpu%d\n", ev->ns / 1000000000,
			     ev->ns / 1000 % 1000000, ev->cpu,
			     who(ev->comm, ev->pid, a, sizeof(a)),
			     ev->orig_cpu, ev->target_cpu);
		break;
	}
	if (n > 0 && (size_t)n < room)
		f->events_len += n;
}

/*
 * A preempt line's comment tells what happened at its decision, which
 * only the operations after it reach.  So from a preempt on, the text is
 * held, with a HOLE where each such comment goes, until every decision
 * pushed is reached; then, or when the run ends or fails, it is written
 * with the holes filled.
 */
#define HOLE	'\001'

static void say(struct fuzz *f, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(f->held ? f->held : f->run->print, fmt, ap);
	va_end(ap);
}

/* What became of the choice for decision @n. */
static void preempt_note(unsigned long n, char *buf, size_t len)
{
	struct sim_decision d;
	int k;

	k = snprintf(buf, len, " decision %lu", n);
	if (sim_nr_decisions() < n)
		snprintf(buf + k, len - k, ", not reached");
	else if (sim_decision(n, &d))
		snprintf(buf + k, len - k, ", past those kept");
	else if (d.cpu >= 0)
		snprintf(buf + k, len - k, ": cpu%d at %s:%d -> cpu%d%s",
			 d.cpu, d.file, d.line, d.chosen,
			 d.chosen == d.dflt ? ", the default" : "");
	else
		snprintf(buf + k, len - k, ": no CPU running -> cpu%d%s",
			 d.chosen, d.chosen == d.dflt ? ", the default" : "");
}

/* Write the held text, each hole filled with what is known now. */
static void release(struct fuzz *f)
{
	char note[256];
	const char *p;
	size_t n;
	int i = 0;

	if (!f->held)
		return;
	fclose(f->held);
	f->held = NULL;
	holding = NULL;
	for (p = f->held_text; *p; p += n) {
		n = strcspn(p, (char []){ HOLE, '\0' });
		fwrite(p, 1, n, f->run->print);
		if (p[n] == HOLE) {
			preempt_note(f->preempt[i++], note, sizeof(note));
			fputs(note, f->run->print);
			n++;
		}
	}
	fflush(f->run->print);
	free(f->held_text);
	f->held_text = NULL;
	f->nr_preempts = 0;
}

/* Is every decision a held preempt chose for behind the machine? */
static int all_reached(const struct fuzz *f)
{
	int i;

	for (i = 0; i < f->nr_preempts; i++)
		if (f->preempt[i] > sim_nr_decisions())
			return 0;
	return 1;
}

#ifndef FUZZ_ENGINE
/*
 * A crash or a hang (--shrink's alarm) while text is held would lose the
 * lines --shrink reads: write them out on the way down.  The machine
 * only reads here; the process is dying anyway.
 */
static void release_on_signal(int sig)
{
	if (holding)
		release(holding);
	raise(sig);		/* SA_RESETHAND: the default action now */
}

static void hold_signals(struct fuzz *f)
{
	static const int sigs[] = {
		SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGALRM,
	};
	struct sigaction sa = {
		.sa_handler = release_on_signal,
		.sa_flags = SA_RESETHAND | SA_NODEFER,
	};
	size_t i;

	holding = f;
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, NULL);
}
#else
static void hold_signals(struct fuzz *f)
{
}
#endif

static void hold(struct fuzz *f)
{
	if (f->held)
		return;
	f->held = open_memstream(&f->held_text, &f->held_len);
	if (!f->held) {
		perror("fuzz_sched: print");
		abort();
	}
	hold_signals(f);
}

/*
 * The operation as a line of text, written (and flushed) before it runs,
 * so that a crash inside it leaves the line for --shrink to read.
 */
static void print_op_start(struct fuzz *f, const struct seq_op *op)
{
	f->op = op;
	f->op_len = seq_format(op, f->line, sizeof(f->line));
	if (op->code == SEQ_PREEMPT)
		hold(f);
	say(f, "%s", f->line);
	fflush(f->held ? f->held : f->run->print);
}

/* What became of the operation, in a comment, and the events it caused. */
static void print_op_end(struct fuzz *f)
{
	char note[128] = "";
	size_t n = 0;

	if (f->cpu >= 0)
		n += snprintf(note + n, sizeof(note) - n, " cpu%d", f->cpu);
	if (f->skipped)
		n += snprintf(note + n, sizeof(note) - n, " skipped: %s",
			      f->skipped);
	else if (f->has_result)
		n += snprintf(note + n, sizeof(note) - n, " = %ld", f->result);
	else if (f->last && !pending(f->last))
		n += snprintf(note + n, sizeof(note) - n, " = %ld",
			      sim_cmd_result(f->last->pid));
	else if (f->last)
		n += snprintf(note + n, sizeof(note) - n, " pending");
	else if (f->op->code == SEQ_PREEMPT)
		n += snprintf(note + n, sizeof(note) - n, "%c", HOLE);
	if (sim_failed())
		snprintf(note + n, sizeof(note) - n, "%s the machine reported",
			 n ? "," : "");
	if (note[0])
		say(f, "%*s #%s", f->op_len < 56 ? 56 - f->op_len : 0, "",
		    note);
	say(f, "\n%.*s", (int)f->events_len, events);
	f->events_len = 0;
	f->op = NULL;
	if (all_reached(f))
		release(f);
}

static void emit(struct fuzz *f, const struct seq_op *op)
{
	struct fuzz_run *run = f->run;
	struct seq_ctx ctx;
	char err[128];
	int n;

	if (!run->out)
		return;
	context(f, &ctx);
	n = seq_encode(op, &ctx, run->out + run->out_len, err, sizeof(err));
	if (n < 0) {		/* the decoder made @op: it must encode */
		fprintf(stderr, "fuzz_sched: %s\n", err);
		abort();
	}
	run->out_len += n;
}

static void run_op(struct fuzz *f, const struct seq_op *op)
{
	struct sim_task_info info;

	f->cpu = -1;
	f->last = NULL;
	f->skipped = NULL;
	f->has_result = 0;
	emit(f, op);
	if (seq_in_task(op) && !sim_task_info(op->v[0], &info))
		f->cpu = info.cpu;
	if (f->run->print)
		print_op_start(f, op);
	if (seq_in_task(op))
		op_task(f, op);
	else
		op_outside(f, op);
	check(f, 0);
	/*
	 * Let the command run: a tick of the whole machine.  A preempt
	 * takes no time: it chooses for the operations after it, and
	 * adding one changes the interleaving, not the timing.
	 */
	if (op->code != SEQ_PREEMPT) {
		check(f, sim_run_for(f->tick_ns));
		if (!f->event_checks)
			check(f, sim_check());
		control_check(f);
	}
	if (f->run->print)
		print_op_end(f);
	refresh_tasks(f);
}

/* The next line of a text source that is not blank or a comment. */
static const char *next_line(struct source *src, char *buf, size_t len)
{
	size_t n;

	while (*src->text) {
		n = strcspn(src->text, "\n");
		snprintf(buf, len, "%.*s", (int)n, src->text);
		src->text += n + !!src->text[n];
		src->line++;
		buf[strcspn(buf, "#")] = '\0';
		if (buf[strspn(buf, " \t\r")])
			return buf;
	}
	return NULL;
}

/* The next operation: 1, 0 at the end, -1 for a line that is not one. */
static int next_op(struct fuzz *f, struct seq_op *op, int machine)
{
	struct source *src = &f->src;
	struct seq_ctx ctx;
	char line[256], err[256];

	context(f, &ctx);
	if (!src->text) {
		if (machine)
			return seq_decode_machine(&src->in, op), 1;
		return seq_more(&src->in) ? seq_decode(&src->in, &ctx, op), 1 :
					    0;
	}
	if (!next_line(src, line, sizeof(line))) {
		if (!machine)
			return 0;
		fprintf(stderr, "%s: no machine line\n", src->path);
		return -1;
	}
	if (seq_parse(line, &ctx, op, err, sizeof(err)) ||
	    (machine != (op->code == SEQ_MACHINE) &&
	     snprintf(err, sizeof(err), machine ? "the first line must be "
		      "machine(...)" : "a second machine line")) ||
	    seq_encode(op, &ctx, (uint8_t[8]){ 0 }, err, sizeof(err)) < 0) {
		fprintf(stderr, "%s:%d: %s\n", src->path, src->line, err);
		return -1;
	}
	return 1;
}

/*
 * FUZZ_SCHED_DRIVER=NAME in the environment gives every input the driver
 * NAME, whatever its machine says: `make fuzz FUZZ_DRIVER=NAME` fuzzes
 * one driver.  --print shows the driver an input ran on.
 */
static int pin_driver(struct seq_op *machine)
{
	static int pinned = -2;
	const char *name;

	if (pinned == -2) {
		name = getenv("FUZZ_SCHED_DRIVER");
		pinned = name && *name ? sim_driver_index(name) : -1;
		if (name && *name && pinned < 0) {
			fprintf(stderr, "fuzz_sched: FUZZ_SCHED_DRIVER=%s: no "
				"such driver in this build\n", name);
			abort();
		}
	}
	if (pinned >= 0)
		machine->v[0] = pinned;
	return 0;
}

/*
 * Boot the machine of @f's source and run its operations, aborting on
 * the first report.  Return 0, or -1 for text that is not a sequence
 * (with a message; nothing was run beyond the lines before it).
 */
static int run_input(struct fuzz *f)
{
	struct seq_op op;
	int i, ret;

	if (next_op(f, &op, 1) < 0 || pin_driver(&op))
		return -1;
	f->run->out_len = 0;
	emit(f, &op);
	boot(f, &op);
	if (f->run->print) {
		f->cpu = -1;
		print_op_start(f, &op);
		print_op_end(f);
	}
	if (f->run->trace)
		sim_trace_set_sink(trace_event, f);
	for (i = 0; i < FUZZ_MAX_OPS && (ret = next_op(f, &op, 0)) > 0; i++)
		run_op(f, &op);
	/* bytes past the last operation are ignored; text is not */
	if (i == FUZZ_MAX_OPS && f->src.text &&
	    (ret = next_op(f, &op, 0)) > 0) {
		fprintf(stderr, "%s:%d: more than %d operations\n",
			f->src.path, f->src.line, FUZZ_MAX_OPS);
		ret = -1;
	}
	if (ret >= 0) {
		check(f, sim_run_for(4 * f->tick_ns));
		check(f, sim_check());
	}
	if (f->run->print)
		release(f);
	sim_shutdown();
	return ret < 0 ? -1 : 0;
}

static int is_text(const char *path)
{
	size_t n = path ? strlen(path) : 0;

	return n > 4 && !strcmp(path + n - 4, ".seq");
}

/**
 * fuzz_sched_run - run one input, bytes or text, through the machine
 * @run: the input and what to do with it
 *
 * A report of the machine aborts the program, with the report on
 * stderr (and on @run->report_fd if that is not -1).
 *
 * Return: 0, or -1 for text that is not a sequence (with a message).
 */
int fuzz_sched_run(struct fuzz_run *run)
{
	static char text[1 << 20];
	struct fuzz f = {
		.run = run,
		.event_checks = run->event_checks,
	};

	if (is_text(run->path)) {
		snprintf(text, sizeof(text), "%.*s", (int)run->size,
			 (const char *)run->data);
		f.src.text = text;
		f.src.path = run->path;
	} else {
		f.src.in = (struct seq_in){ run->data, run->size, 0 };
	}
	return run_input(&f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_run run = {
		.data = data,
		.size = size,
		.report_fd = -1,
	};

	fuzz_sched_run(&run);
	return 0;
}

