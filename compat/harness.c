/*
 * compat/harness.c - the harness API (plugsched/sim.h): booting, running,
 * tasks, commands, user memory and state, for tests, fuzzers and tools.
 *
 * Calls from outside the machine that must run kernel code (waking a
 * task, queueing a spawn) do so as an interrupt on a CPU at the current
 * virtual time, then let the machine settle at that instant.
 */
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/syscalls.h>
#include <linux/kernel_stat.h>
#include <linux/rtmutex.h>
#include <linux/rwsem.h>
#include <asm/uaccess.h>

#include "internal.h"

#define SPAWN_PATIENCE_NS	1000000000ULL	/* init must fork by then */

/* ---- errors -------------------------------------------------------------- */

/**
 * sim_set_error - say why a harness call failed, for sim_error().
 * @err: what the call returns
 * @fmt: the reason
 *
 * Returns @err, so that the call can end with "return sim_set_error()".
 */
int sim_set_error(int err, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	vsnprintf(sim.error, sizeof(sim.error), fmt, args);
	va_end(args);
	return err;
}

/* 0 when a machine is booted; else -EINVAL, saying so. */
int sim_need_machine(void)
{
	return sim.booted ? 0 : sim_bad_arg("no machine is booted");
}

/* 0 when @v is in @lo..@hi; else -EINVAL, naming @what. */
int sim_check_range(long v, long lo, long hi, const char *what)
{
	if (v >= lo && v <= hi)
		return 0;
	return sim_bad_arg("%s %ld is not in %ld..%ld", what, v, lo, hi);
}

/* 0 when @cpu is a CPU of the booted machine; else -EINVAL. */
static int check_cpu(int cpu)
{
	if (sim_need_machine())
		return -EINVAL;
	if (cpu < 0 || cpu >= sim.nr_cpus)
		return sim_bad_arg("no cpu%d on a %d-CPU machine", cpu,
				   sim.nr_cpus);
	return 0;
}

const char *sim_error(void)
{
	return sim.error;
}

const char *sim_report(void)
{
	return sim.report;
}

int sim_failed(void)
{
	return sim.failed;
}

const char *sim_log(void)
{
	return sim.log ? sim.log : "";
}

extern char *strstr(const char *haystack, const char *needle);

int sim_log_contains(const char *needle)
{
	if (sim_null_arg(needle))
		return -EINVAL;
	return strstr(sim_log(), needle) != NULL;
}

/* ---- drivers ------------------------------------------------------------- */

int sim_nr_drivers(void)
{
	int n = 0;

	while (sched_drivers[n])
		n++;
	return n;
}

const char *sim_driver_name(int i)
{
	if (sim_check_range(i, 0, sim_nr_drivers() - 1, "driver"))
		return NULL;
	return sched_drivers[i]->cpusched_name;
}

int sim_driver_index(const char *name)
{
	int i;

	if (sim_null_arg(name))
		return -EINVAL;
	for (i = 0; sched_drivers[i]; i++)
		if (!strcmp(sched_drivers[i]->cpusched_name, name))
			return i;
	return sim_set_error(-1, "no driver \"%s\" in this build", name);
}

/*
 * The hooks struct sched_drv makes mandatory, under the options that
 * declare them: the dispatcher calls each one without looking.
 */
struct drv_hook {
	const char *name;
	unsigned long offset;
};

#define DRV_HOOK(m)	{ #m, offsetof(struct sched_drv, m) }

static const struct drv_hook mandatory_hooks[] = {
	DRV_HOOK(account_steal_time), DRV_HOOK(account_system_time),
	DRV_HOOK(account_user_time), DRV_HOOK(rt_task),
	DRV_HOOK(wait_for_completion), DRV_HOOK(io_schedule),
	DRV_HOOK(io_schedule_timeout), DRV_HOOK(set_oom_timeslice),
	DRV_HOOK(nr_running), DRV_HOOK(nr_uninterruptible),
	DRV_HOOK(nr_context_switches), DRV_HOOK(nr_iowait),
	DRV_HOOK(idle_cpu), DRV_HOOK(init_idle), DRV_HOOK(exit),
	DRV_HOOK(fork), DRV_HOOK(init), DRV_HOOK(init_smp),
	DRV_HOOK(schedule), DRV_HOOK(tick), DRV_HOOK(tail),
	DRV_HOOK(setscheduler), DRV_HOOK(set_user_nice),
	DRV_HOOK(rr_get_interval), DRV_HOOK(yield), DRV_HOOK(task_curr),
	DRV_HOOK(task_nice), DRV_HOOK(task_prio), DRV_HOOK(try_to_wake_up),
	DRV_HOOK(wake_up_new_task),
#ifdef CONFIG_SMP
	DRV_HOOK(migration_init), DRV_HOOK(exec), DRV_HOOK(set_cpus_allowed),
	DRV_HOOK(wait_task_inactive), DRV_HOOK(cpu_attach_domain),
#endif
	DRV_HOOK(sched_idle_next),
#ifdef CONFIG_SCHEDSTATS
	DRV_HOOK(show_schedstat),
#endif
#ifdef CONFIG_CPUSCHED_PI
	DRV_HOOK(normal_prio), DRV_HOOK(pi_setprio),
#endif
#ifdef CONFIG_CPUSCHED_SELFTEST
	DRV_HOOK(for_each_queued), DRV_HOOK(starvation_bound),
#endif
};

/**
 * sim_drv_missing_hook - the first mandatory hook @drv leaves NULL
 * @drv: a driver's table
 *
 * Returns the hook's name, or NULL when @drv fills every one.  A driver
 * without one would crash the first time the dispatcher called it: the
 * machine refuses to boot it instead (sim_check_drivers()).
 */
const char *sim_drv_missing_hook(const struct sched_drv *drv)
{
	const char *base = (const char *)drv;
	void (*fn)(void);
	unsigned long i;

	for (i = 0; i < ARRAY_SIZE(mandatory_hooks); i++) {
		memcpy(&fn, base + mandatory_hooks[i].offset, sizeof(fn));
		if (!fn)
			return mandatory_hooks[i].name;
	}
	return NULL;
}

/**
 * sim_check_drivers - stop the boot with a report if a driver of the
 * build lacks a mandatory hook: every built one, chosen or not, so that
 * the build's first boot names it.
 */
void sim_check_drivers(void)
{
	const char *hook;
	int i;

	for (i = 0; sched_drivers[i]; i++) {
		hook = sim_drv_missing_hook(sched_drivers[i]);
		if (hook)
			sim_fail("BUG: driver %s: struct sched_drv has no %s, "
				 "a mandatory hook",
				 sched_drivers[i]->cpusched_name, hook);
	}
}

const char *sim_default_driver(void)
{
	return sched_drivers[0]->cpusched_name;
}

const char *sim_cpusched(void)
{
	return sim_need_machine() ? NULL : scheduler->cpusched_name;
}

int sim_max_cpus(void)
{
	return NR_CPUS;
}

/* ---- boot and shutdown --------------------------------------------------- */

void sim_config_init(struct sim_config *cfg)
{
	if (sim_null_arg(cfg))
		return;
	memset(cfg, 0, sizeof(*cfg));
	cfg->nr_cpus = 1;
	cfg->smt = 1;
	cfg->nr_nodes = 1;
	cfg->hz = 1000;
	cfg->seed = 1;
	cfg->checks = 1;
}

static int check_config(const struct sim_config *cfg)
{
	if (cfg->nr_cpus < 1 || cfg->nr_cpus > NR_CPUS)
		return sim_bad_arg("nr_cpus %d is not in 1..%d", cfg->nr_cpus,
				   NR_CPUS);
	if (cfg->smt < 1 || cfg->nr_cpus % cfg->smt)
		return sim_bad_arg("%d CPUs cannot be split into cores of %d "
				   "threads", cfg->nr_cpus, cfg->smt);
	if (cfg->nr_nodes < 1 || cfg->nr_cpus % cfg->nr_nodes ||
	    (cfg->nr_cpus / cfg->nr_nodes) % cfg->smt)
		return sim_bad_arg("%d CPUs of %d threads per core "
				   "cannot be split into %d nodes",
				   cfg->nr_cpus, cfg->smt, cfg->nr_nodes);
	if (cfg->hz < 10 || cfg->hz > 10000)
		return sim_bad_arg("hz %d is not in 10..10000", cfg->hz);
	if (cfg->cmdline && strlen(cfg->cmdline) >= 1024)
		return sim_bad_arg("boot command line longer than 1023 "
				   "characters");
	return 0;
}

static void reset_globals(void)
{
	int i;

	memset(&sim, 0, sizeof(sim));
	INIT_LIST_HEAD(&sim.tasks);
	INIT_LIST_HEAD(&sim.spawn_reqs);
	INIT_LIST_HEAD(&sim.dead);
	INIT_LIST_HEAD(&sim_task_list);
	/*
	 * What a kernel image initialises statically starts over with each
	 * boot.  Driver state is the driver's sched_init()'s to set up.
	 */
	tasklist_lock = (rwlock_t)__RW_LOCK_UNLOCKED(tasklist_lock);
	cpus_clear(cpu_isolated_map);
	sim_this_cpu = 0;
	memset(sim_current, 0, sizeof(sim_current));
	memset(sim_current_ti, 0, sizeof(sim_current_ti));
	cpus_clear(cpu_possible_map);
	cpus_clear(cpu_present_map);
	cpus_clear(cpu_online_map);
	for (i = 0; i < NR_CPUS; i++)
		memset(&per_cpu(kstat, i), 0, sizeof(per_cpu(kstat, i)));
	sim_locks_reset();
	sim_timers_reset();
	sim_trace_set_sink(NULL, NULL);
	sim_stat_set_sink(NULL, NULL);
}

/* The harness's rt_mutexes (SIM_CMD_MUTEX_*, sim_mutex_*()). */
static struct rt_mutex sim_mutexes[SIM_NR_MUTEX];
/* And its semaphores (SIM_CMD_SEM_*, SIM_CMD_RWSEM_*, sim_down()...). */
static struct semaphore sim_sems[SIM_NR_SEM];
static struct rw_semaphore sim_rwsems[SIM_NR_RWSEM];

static void init_harness_queues(void)
{
	int i;

	for (i = 0; i < SIM_NR_MUTEX; i++)
		__rt_mutex_init(&sim_mutexes[i], "sim_mutex");
	for (i = 0; i < SIM_NR_SEM; i++)
		__sema_init(&sim_sems[i], 1, "sim_sem");
	for (i = 0; i < SIM_NR_RWSEM; i++)
		__init_rwsem(&sim_rwsems[i], "sim_rwsem");

	init_waitqueue_head(&sim.spawn_wait);
	init_waitqueue_head(&sim.hotplug_wait);
	for (i = 0; i < SIM_NR_WQ; i++) {
		init_waitqueue_head(&sim.wq[i]);
		init_completion(&sim.completion[i]);
	}
}

int sim_boot(const struct sim_config *cfg)
{
	static char cmdline[1024];
	int ret;

	if (sim_null_arg(cfg))
		return -EINVAL;
	if (sim.booted)
		return sim_set_error(-EBUSY, "a machine is already booted");
	ret = check_config(cfg);
	if (ret)
		return ret;
	/* the last machine's log, kept readable since its shutdown */
	host_free(sim.log);
	reset_globals();
	sim.cfg = *cfg;
	strlcpy(cmdline, cfg->cmdline ? cfg->cmdline : "", sizeof(cmdline));
	sim.cfg.cmdline = cmdline;
	init_harness_queues();
	ret = sim_ilv_setup(cfg);
	if (ret) {
		char error[sizeof(sim.error)];

		memcpy(error, sim.error, sizeof(error));
		sim_free_all_allocs();
		reset_globals();
		memcpy(sim.error, error, sizeof(error));
		return ret;
	}
	sim.booted = 1;
	sim.in_run = 1;
	ret = host_guard(sim_machine_boot, NULL);
	sim.in_run = 0;
	if (ret) {
		if (sim.failed)
			sim_set_error(-EIO, "boot failed: %s", sim.report);
		sim_shutdown();
		return -EIO;
	}
	return 0;
}

int sim_booted(void)
{
	return sim.booted;
}

/**
 * sim_shutdown - throw the machine away: every stack, every allocation.
 * The log and the report stay readable until the next boot.  From inside
 * the machine (a task body, a sink) it does nothing but say so: the
 * stack it runs on would go.
 */
void sim_shutdown(void)
{
	struct sim_task *st;
	char *log = sim.log;
	unsigned long log_len = sim.log_len, log_size = sim.log_size;
	char report[sizeof(sim.report)], error[sizeof(sim.error)];
	int i;

	if (!sim.booted)
		return;
	if (sim.in_run) {
		sim_bad_arg("sim_shutdown() called from inside the machine");
		return;
	}
	memcpy(report, sim.report, sizeof(report));
	memcpy(error, sim.error, sizeof(error));
	list_for_each_entry(st, &sim.tasks, all)
		host_ctx_free(st->ctx);
	for (i = 0; i < NR_CPUS; i++)
		host_ctx_free(sim.cpu[i].irq_stack);
	sim_free_all_allocs();
	reset_globals();
	sim.log = log;
	sim.log_len = log_len;
	sim.log_size = log_size;
	memcpy(sim.report, report, sizeof(report));
	memcpy(sim.error, error, sizeof(error));
}

/* ---- running ------------------------------------------------------------- */

struct drain_args {
	unsigned long long limit;
	int (*done)(void *);
	void *arg;
	int result;
};

static int drain_fn(void *data)
{
	struct drain_args *d = data;

	d->result = sim_drain(d->limit, d->done, d->arg);
	sim_free_dead_tasks();
	return 0;
}

/*
 * run_guarded - run @fn(@arg) inside the machine, where a failed check
 * escapes back here.  Returns @fn's value, or -1 with sim_error() set.
 */
static int run_guarded(int (*fn)(void *), void *arg)
{
	int ret;

	if (!sim.booted)
		return sim_set_error(-1, "no machine is booted");
	if (sim.failed)
		return sim_set_error(-1, "the machine failed: %s", sim.report);
	if (sim.in_run)
		return sim_set_error(-1, "the harness was called from inside "
				     "the machine");
	sim.in_run = 1;
	ret = host_guard(fn, arg);
	sim.in_run = 0;
	if (ret < 0 && sim.failed)
		sim_set_error(-1, "the machine failed: %s", sim.report);
	return ret;
}

static int guarded_drain(struct drain_args *d)
{
	return run_guarded(drain_fn, d);
}

int sim_run_until(unsigned long long when)
{
	struct drain_args d = { .limit = when };

	if (when < sim.now)
		return sim_bad_arg("time %llu is in the past (now %llu)", when,
				   sim.now);
	return guarded_drain(&d);
}

int sim_run_for(unsigned long long ns)
{
	if (ns > ~0ULL - 1 - sim.now)
		return sim_bad_arg("run of %llu ns overflows the clock", ns);
	return sim_run_until(sim.now + ns);
}

unsigned long long sim_now(void)
{
	return sim.now;
}

unsigned long sim_jiffies(void)
{
	return jiffies;
}

int sim_hz(void)
{
	return HZ;
}

int sim_nr_cpus(void)
{
	return sim.nr_cpus;
}

unsigned long long sim_trace_digest(void)
{
	return sim.digest;
}

unsigned long long sim_nr_events(void)
{
	return sim.nr_events;
}

static int check_fn(void *unused)
{
	return sim_check_invariants();
}

int sim_check(void)
{
	return run_guarded(check_fn, NULL);
}

/* ---- interrupts from outside --------------------------------------------- */

struct inject {
	int cpu;
	void (*fn)(void *);
	void *arg;
	struct drain_args drain;
};

static int inject_fn(void *data)
{
	struct inject *in = data;

	sim_hb_borrow(in->cpu);
	sim_irq_enter(in->cpu);
	in->fn(in->arg);
	sim_irq_exit(in->cpu);
	sim_hb_unborrow(in->cpu);
	in->drain.result = sim_drain(in->drain.limit, in->drain.done,
				     in->drain.arg);
	sim_free_dead_tasks();
	return 0;
}

/*
 * inject - run @fn(@arg) as a hardirq on @cpu now, then run the machine
 * until @done holds or @limit.  Returns -1 if a check failed, else 1 if
 * @done held and 0 if not.
 */
static int inject(int cpu, void (*fn)(void *), void *arg,
		  unsigned long long limit, int (*done)(void *), void *darg)
{
	struct inject in = {
		.cpu = cpu, .fn = fn, .arg = arg,
		.drain = { .limit = limit, .done = done, .arg = darg },
	};

	if (run_guarded(inject_fn, &in) < 0)
		return -1;
	return in.drain.result;
}

static void irq_wake_task(void *arg)
{
	wake_up_process(arg);
}

static void irq_wake_queue(void *arg)
{
	wake_up(arg);
}

struct signal_arg {
	struct task_struct *p;
	int sig;
};

static void irq_signal(void *arg)
{
	struct signal_arg *s = arg;

	send_sig(s->sig, s->p, 1);
}

static struct task_struct *live_task(int pid)
{
	struct task_struct *p = find_task_by_pid(pid);

	if (!p)
		sim_set_error(-ESRCH, "no task with pid %d", pid);
	return p;
}

int sim_wake(int pid)
{
	struct task_struct *p;

	if (sim_need_machine())
		return -EINVAL;
	p = live_task(pid);
	if (!p)
		return -ESRCH;
	return inject(task_cpu(p), irq_wake_task, p, sim.now, NULL, NULL) < 0 ?
		-EIO : 0;
}

int sim_signal(int pid, int sig)
{
	struct signal_arg s = { .sig = sig };

	if (sim_need_machine() || sim_check_range(sig, 1, 64, "signal"))
		return -EINVAL;
	s.p = live_task(pid);
	if (!s.p)
		return -ESRCH;
	return inject(task_cpu(s.p), irq_signal, &s, sim.now, NULL, NULL) < 0 ?
		-EIO : 0;
}

/* ---- spawning ------------------------------------------------------------ */

void sim_task_attr_init(struct sim_task_attr *attr)
{
	if (sim_null_arg(attr))
		return;
	memset(attr, 0, sizeof(*attr));
	attr->name = "task";
	attr->policy = SIM_SCHED_NORMAL;
	attr->cap_sys_nice = 1;
}

/* Parse a CPU list such as "0-2,5" into @mask; 0 or -EINVAL. */
static int parse_cpus(const char *s, cpumask_t *mask)
{
	char *end;
	unsigned long lo, hi, i;

	cpus_clear(*mask);
	if (!s)
		return -EINVAL;
	while (*s) {
		if (*s < '0' || *s > '9')
			return -EINVAL;
		lo = simple_strtoul(s, &end, 10);
		hi = lo;
		s = end;
		if (*s == '-') {
			s++;
			if (*s < '0' || *s > '9')
				return -EINVAL;
			hi = simple_strtoul(s, &end, 10);
			s = end;
		}
		if (hi < lo || hi >= (unsigned long)sim.nr_cpus)
			return -EINVAL;
		for (i = lo; i <= hi; i++)
			cpu_set(i, *mask);
		if (*s == ',')
			s++;
		else if (*s)
			return -EINVAL;
	}
	return cpus_empty(*mask) ? -EINVAL : 0;
}

static int check_attr(const struct sim_task_attr *a, cpumask_t *cpus)
{
	if (a->policy < SIM_SCHED_NORMAL || a->policy > SIM_SCHED_RR)
		return sim_bad_arg("policy %d is not NORMAL, FIFO or RR",
				   a->policy);
	if (a->policy == SIM_SCHED_NORMAL && a->rt_priority)
		return sim_bad_arg("a SCHED_NORMAL task has rt_priority 0, "
				   "not %d", a->rt_priority);
	if (a->policy != SIM_SCHED_NORMAL &&
	    (a->rt_priority < 1 || a->rt_priority > 99))
		return sim_bad_arg("rt_priority %d is not in 1..99",
				   a->rt_priority);
	if (a->nice < -20 || a->nice > 19)
		return sim_bad_arg("nice %d is not in -20..19", a->nice);
	if (!a->cpus) {
		*cpus = CPU_MASK_ALL;
		return 0;
	}
	if (parse_cpus(a->cpus, cpus))
		return sim_bad_arg("bad CPU list \"%s\" for %d CPUs", a->cpus,
				   sim.nr_cpus);
	return 0;
}

static int spawn_done(void *arg)
{
	return ((struct sim_spawn_req *)arg)->done;
}

/*
 * init_request - hand @req to init and run the machine until init has
 * served it (at most SPAWN_PATIENCE_NS of virtual time).  0, -EIO when a
 * check failed, -EAGAIN when init could not get to it (the request is
 * withdrawn then) or took it but sleeps in it still (the request is
 * init's then: it carries it out when it wakes, and frees it).
 */
static int init_request(struct sim_spawn_req *req)
{
	int ret;

	list_add_tail(&req->list, &sim.spawn_reqs);
	ret = inject(task_cpu(sim.init), irq_wake_queue, &sim.spawn_wait,
		     sim.now + SPAWN_PATIENCE_NS, spawn_done, req);
	if (ret < 0)
		return -EIO;
	if (!req->done && list_empty(&req->list)) {
		/* init took it and sleeps in it, on cpucontrol */
		req->orphan = 1;
		return sim_set_error(-EAGAIN, "init still waits to finish the "
				     "request after 1 s of virtual time; it "
				     "will when it can");
	}
	if (!req->done) {
		list_del(&req->list);
		return sim_set_error(-EAGAIN, "init could not run within 1 s "
				     "of virtual time");
	}
	/* Served: now let the rest of this instant (IPIs) happen too. */
	if (sim_run_until(sim.now) < 0)
		return -EIO;
	return 0;
}

static int spawn(const struct sim_task_attr *attr, sim_body_t body,
		 void *arg, int script)
{
	struct sim_spawn_req *req;
	int ret;

	if (sim_need_machine())
		return -EINVAL;
	if (sim.failed)
		return sim_set_error(-EIO, "the machine failed: %s",
				     sim.report);
	if (!attr)
		return sim_bad_arg("no task attributes");
	req = kzalloc(sizeof(*req), GFP_KERNEL);
	ret = check_attr(attr, &req->cpus);
	if (ret)
		goto out;
	req->kind = REQ_SPAWN;
	req->attr = *attr;
	strlcpy(req->name, attr->name ? attr->name : "task",
		sizeof(req->name));
	req->body = body;
	req->arg = arg;
	req->script = script;
	ret = init_request(req);
	if (!ret)
		ret = req->pid;
out:
	if (!req->orphan)
		kfree(req);
	return ret;
}

static int hotplug(int cpu, enum sim_req_kind kind)
{
	struct sim_spawn_req *req;
	int ret;

	if (check_cpu(cpu))
		return -EINVAL;
	if (sim.failed)
		return sim_set_error(-EIO, "the machine failed: %s",
				     sim.report);
	req = kzalloc(sizeof(*req), GFP_KERNEL);
	req->kind = kind;
	req->cpu = cpu;
	ret = init_request(req);
	if (!ret && req->result)
		ret = sim_set_error(req->result, "cpu%d: %s failed: %d", cpu,
				    kind == REQ_CPU_DOWN ? "cpu_down()" :
				    "cpu_up()", req->result);
	if (!req->orphan)
		kfree(req);
	return ret;
}

int sim_cpu_offline(int cpu)
{
	return hotplug(cpu, REQ_CPU_DOWN);
}

int sim_cpu_online(int cpu)
{
	return hotplug(cpu, REQ_CPU_UP);
}

int sim_spawn(const struct sim_task_attr *attr, sim_body_t body, void *arg)
{
	if (!body)
		return sim_bad_arg("no task body");
	return spawn(attr, body, arg, 0);
}

int sim_spawn_script(const struct sim_task_attr *attr)
{
	return spawn(attr, NULL, NULL, 1);
}

/* ---- commands ------------------------------------------------------------ */

/*
 * The index a command names is checked when it is queued: the task
 * that runs it would report a BUG, far from the call that was wrong.
 */
static int check_cmd_index(int op, long idx)
{
	switch (op) {
	case SIM_CMD_WQ_WAIT:
	case SIM_CMD_WQ_WAIT_EXCL:
	case SIM_CMD_WQ_WAKE:
		return sim_check_range(idx, 0, SIM_NR_WQ - 1, "wait queue");
	case SIM_CMD_COMPLETION_WAIT:
	case SIM_CMD_COMPLETE:
	case SIM_CMD_COMPLETE_ALL:
		return sim_check_range(idx, 0, SIM_NR_WQ - 1, "completion");
	case SIM_CMD_MUTEX_LOCK:
	case SIM_CMD_MUTEX_LOCK_INT:
	case SIM_CMD_MUTEX_TRYLOCK:
	case SIM_CMD_MUTEX_UNLOCK:
		return sim_check_range(idx, 0, SIM_NR_MUTEX - 1, "rt_mutex");
	case SIM_CMD_SEM_DOWN:
	case SIM_CMD_SEM_DOWN_INT:
	case SIM_CMD_SEM_TRYLOCK:
	case SIM_CMD_SEM_UP:
		return sim_check_range(idx, 0, SIM_NR_SEM - 1, "semaphore");
	case SIM_CMD_RWSEM_DOWN_READ:
	case SIM_CMD_RWSEM_DOWN_WRITE:
	case SIM_CMD_RWSEM_READ_TRYLOCK:
	case SIM_CMD_RWSEM_WRITE_TRYLOCK:
	case SIM_CMD_RWSEM_UP_READ:
	case SIM_CMD_RWSEM_UP_WRITE:
	case SIM_CMD_RWSEM_DOWNGRADE:
		return sim_check_range(idx, 0, SIM_NR_RWSEM - 1,
				       "rw_semaphore");
	}
	return 0;
}

int sim_cmd(int pid, int op, long a0, long a1, long a2, long a3)
{
	struct sim_task *st = sim_find(pid);
	struct task_struct *p;

	if (sim_need_machine())
		return -EINVAL;
	p = live_task(pid);
	if (!p)
		return -ESRCH;
	if (!st->script)
		return sim_bad_arg("pid %d is not a script task", pid);
	if (op < SIM_CMD_BURN || op > SIM_CMD_LAST)
		return sim_bad_arg("unknown command %d", op);
	if (check_cmd_index(op, a0))
		return -EINVAL;
	if (st->cmd_head - st->cmd_tail >= SIM_CMDQ)
		return sim_set_error(-EBUSY, "pid %d has %d commands queued",
				     pid, SIM_CMDQ);
	st->cmdq[st->cmd_head % SIM_CMDQ] =
		(struct sim_cmd){ .op = op, .a = { a0, a1, a2, a3 } };
	st->cmd_head++;
	return inject(task_cpu(p), irq_wake_queue, &st->cmd_wait, sim.now,
		      NULL, NULL) < 0 ? -EIO : 0;
}

static int cmds_finished(void *arg)
{
	struct sim_task *st = arg;

	return st->exited || st->cmd_tail == st->cmd_head;
}

int sim_cmd_wait(int pid, unsigned long long max_ns)
{
	struct sim_task *st = sim_find(pid);
	struct drain_args d = { .done = cmds_finished, .arg = st };

	if (!st)
		return sim_set_error(-ESRCH, "no task with pid %d", pid);
	d.limit = max_ns > ~0ULL - 1 - sim.now ? ~0ULL - 1 : sim.now + max_ns;
	if (guarded_drain(&d) < 0)
		return -1;
	return d.result ? 0 : -ETIMEDOUT;
}

long sim_cmd_result(int pid)
{
	struct sim_task *st = sim_find(pid);

	if (!st)
		return sim_set_error(-ESRCH, "no task with pid %d", pid);
	return st->cmd_result;
}

/*
 * fork() for the current task: a body's child runs @body(@arg), a script
 * task's (@script) runs commands.  A pid that no task was given means
 * the fork path read its child after the child could be freed.
 */
static int fork_current(sim_body_t body, void *arg, int script)
{
	int pid;

	pid = sim_do_fork_body(0, body, arg, script,
			       sim_mm_copy(current->mm), NULL);
	if (!sim_find(pid))
		sim_fail("BUG: fork returned pid %d, which no task has", pid);
	return pid;
}

/* exec_sem_cmd - the semaphore commands of a script task. */
static long exec_sem_cmd(struct sim_cmd *c)
{
	int idx = c->a[0];

	switch (c->op) {
	case SIM_CMD_SEM_DOWN:
		sim_down(idx);
		return 0;
	case SIM_CMD_SEM_DOWN_INT:
		return sim_down_interruptible(idx);
	case SIM_CMD_SEM_TRYLOCK:
		return sim_down_trylock(idx);
	case SIM_CMD_SEM_UP:
		sim_up(idx);
		return 0;
	case SIM_CMD_RWSEM_DOWN_READ:
		sim_down_read(idx);
		return 0;
	case SIM_CMD_RWSEM_DOWN_WRITE:
		sim_down_write(idx);
		return 0;
	case SIM_CMD_RWSEM_READ_TRYLOCK:
		return sim_down_read_trylock(idx);
	case SIM_CMD_RWSEM_WRITE_TRYLOCK:
		return sim_down_write_trylock(idx);
	case SIM_CMD_RWSEM_UP_READ:
		sim_up_read(idx);
		return 0;
	case SIM_CMD_RWSEM_UP_WRITE:
		sim_up_write(idx);
		return 0;
	case SIM_CMD_RWSEM_DOWNGRADE:
		sim_downgrade_write(idx);
		return 0;
	}
	return -EINVAL;
}

static long exec_cmd(struct sim_cmd *c)
{
	switch (c->op) {
	case SIM_CMD_BURN:
		sim_burn(c->a[0]);
		return 0;
	case SIM_CMD_SLEEP:
		sim_sleep(c->a[0]);
		return 0;
	case SIM_CMD_SLEEP_UNINT:
		sim_sleep_unint(c->a[0]);
		return 0;
	case SIM_CMD_SYSCALL:
		return sim_syscall(c->a[0], c->a[1], c->a[2], c->a[3]);
	case SIM_CMD_WAKE:
		return sim_wake_pid(c->a[0]);
	case SIM_CMD_WQ_WAIT:
	case SIM_CMD_WQ_WAIT_EXCL:
		return sim_wq_wait(c->a[0], c->op == SIM_CMD_WQ_WAIT_EXCL);
	case SIM_CMD_WQ_WAKE:
		sim_wq_wake(c->a[0], c->a[1]);
		return 0;
	case SIM_CMD_COMPLETION_WAIT:
		sim_completion_wait(c->a[0]);
		return 0;
	case SIM_CMD_COMPLETE:
	case SIM_CMD_COMPLETE_ALL:
		sim_complete(c->a[0], c->op == SIM_CMD_COMPLETE_ALL);
		return 0;
	case SIM_CMD_IO_WAIT:
		return sim_io_wait(c->a[0]);
	case SIM_CMD_FORK:
		return fork_current(NULL, NULL, 1);
	case SIM_CMD_EXIT:
		sim_do_exit(c->a[0]);
	case SIM_CMD_MUTEX_LOCK:
		sim_mutex_lock(c->a[0]);
		return 0;
	case SIM_CMD_MUTEX_LOCK_INT:
		return sim_mutex_lock_interruptible(c->a[0], c->a[1]);
	case SIM_CMD_MUTEX_TRYLOCK:
		return sim_mutex_trylock(c->a[0]);
	case SIM_CMD_MUTEX_UNLOCK:
		sim_mutex_unlock(c->a[0]);
		return 0;
	}
	return exec_sem_cmd(c);
}

/*
 * sim_script_body - the body of a script task: wait for a command, run
 * it in this task's context, record its result, and so on.  A signal
 * that arrives while it waits is consumed, as a handler would.
 */
void sim_script_body(void *unused)
{
	struct sim_task *st = current->sim;
	struct sim_cmd cmd;

	for (;;) {
		wait_event_interruptible(st->cmd_wait,
					 st->cmd_head != st->cmd_tail);
		flush_signals(current);
		if (st->cmd_head == st->cmd_tail)
			continue;
		cmd = st->cmdq[st->cmd_tail % SIM_CMDQ];
		st->cmd_result = exec_cmd(&cmd);
		flush_signals(current);
		st->cmds_done++;
		st->cmd_tail++;
	}
}

/* ---- task context -------------------------------------------------------- */

/*
 * From outside the machine (the program that drives it, booted or not)
 * there is no task for a task-context call to act for, nor a CPU: the
 * call does nothing and answers -EINVAL.
 */
static int from_outside(const char *what)
{
	if (sim.in_run)
		return 0;
	return sim_bad_arg("%s() called from outside the machine", what);
}

/*
 * check_task_context - 0 when called from a task body, as @what must
 * be.  Inside the machine but not in a task (an interrupt, an idle task)
 * the kernel would BUG, and so does the machine: the run is over.
 */
static int check_task_context(const char *what)
{
	if (from_outside(what))
		return -EINVAL;
	if (in_interrupt() || current->sim->is_idle)
		sim_fail("BUG: %s() called outside a task body", what);
	return 0;
}

/* Each task-context call begins with "if (not_in_task()) return ...". */
#define not_in_task()	check_task_context(__func__)

/* The return-to-user path: reschedule if it was asked for. */
static void ret_to_user(void)
{
	if (need_resched())
		schedule();
}

/*
 * The end of a burn of @ns from @start: past the end of virtual time,
 * the end of time (a wrapped sum would lie in the past).
 */
static unsigned long long burn_end(unsigned long long start,
				   unsigned long long ns)
{
	return ns > ~0ULL - 1 - start ? ~0ULL - 1 : start + ns;
}

void sim_burn(unsigned long long ns)
{
	unsigned long long start, used;

	if (not_in_task())
		return;
	while (ns) {
		start = sim.now;
		sim_park(PARK_BURN, burn_end(start, ns));
		used = sim.now - start;
		ns -= used < ns ? used : ns;
		ret_to_user();
	}
}

/* Whole jiffies, rounded up; a sum with the tick would wrap. */
static unsigned long ns_to_jiffies_up(unsigned long long ns)
{
	return ns / sim.tick_ns + (ns % sim.tick_ns != 0);
}

void sim_sleep(unsigned long long ns)
{
	if (not_in_task() || !ns)
		return;
	set_current_state(TASK_INTERRUPTIBLE);
	schedule_timeout(ns_to_jiffies_up(ns));
	ret_to_user();
}

void sim_sleep_unint(unsigned long long ns)
{
	if (not_in_task() || !ns)
		return;
	set_current_state(TASK_UNINTERRUPTIBLE);
	schedule_timeout(ns_to_jiffies_up(ns));
	ret_to_user();
}

int sim_wait_flag(const volatile int *flag)
{
	int ret = 0;

	if (not_in_task())
		return -EINVAL;
	if (!flag)
		return sim_set_error(-EINVAL, "sim_wait_flag(): NULL flag");
	for (;;) {
		/* the state before the test: a waker sets, then wakes */
		set_current_state(TASK_INTERRUPTIBLE);
		if (*flag)
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	ret_to_user();
	return ret;
}

int sim_self(void)
{
	if (from_outside(__func__))
		return -EINVAL;
	return current->pid;
}

int sim_this_cpu_id(void)
{
	if (from_outside(__func__))
		return -EINVAL;
	return smp_processor_id();
}

int sim_wake_pid(int pid)
{
	struct task_struct *p;
	int ret;

	if (not_in_task())
		return -EINVAL;
	p = find_task_by_pid(pid);
	if (!p)
		return -ESRCH;
	ret = wake_up_process(p);
	ret_to_user();
	return ret;
}

int sim_fork(sim_body_t body, void *arg)
{
	int pid;

	if (not_in_task() || sim_null_arg(body))
		return -EINVAL;
	pid = fork_current(body, arg, 0);
	ret_to_user();
	return pid;
}

void sim_exit(int code)
{
	if (!not_in_task())
		sim_do_exit(code);
}

unsigned long long sim_random(void)
{
	/* xorshift64*: small, fast and the same on every host */
	sim.rng ^= sim.rng >> 12;
	sim.rng ^= sim.rng << 25;
	sim.rng ^= sim.rng >> 27;
	return sim.rng * 0x2545f4914f6cdd1dULL;
}

/*
 * A task body naming a harness wait queue, completion or rt_mutex that
 * does not exist is a BUG, as a kernel's bad pointer would be.
 */
static int check_index(int idx, int nr, const char *what)
{
	if (idx < 0 || idx >= nr)
		sim_fail("BUG: %s index %d is not in 0..%d", what, idx, nr - 1);
	return idx;
}

static wait_queue_head_t *wq_at(int idx)
{
	return &sim.wq[check_index(idx, SIM_NR_WQ, "wait queue")];
}

static struct completion *completion_at(int idx)
{
	return &sim.completion[check_index(idx, SIM_NR_WQ, "completion")];
}

int sim_wq_wait(int idx, int exclusive)
{
	wait_queue_head_t *q;
	DEFINE_WAIT(wait);
	int ret = 0;

	if (not_in_task())
		return -EINVAL;
	q = wq_at(idx);
	if (exclusive)
		prepare_to_wait_exclusive(q, &wait, TASK_INTERRUPTIBLE);
	else
		prepare_to_wait(q, &wait, TASK_INTERRUPTIBLE);
	if (signal_pending(current))
		ret = -ERESTARTSYS;
	else
		schedule();
	if (!ret && signal_pending(current))
		ret = -ERESTARTSYS;
	finish_wait(q, &wait);
	ret_to_user();
	return ret;
}

void sim_wq_wake(int idx, int nr_exclusive)
{
	if (not_in_task())
		return;
	__wake_up(wq_at(idx), TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE,
		  nr_exclusive, NULL);
	ret_to_user();
}

void sim_completion_wait(int idx)
{
	if (not_in_task())
		return;
	wait_for_completion(completion_at(idx));
	ret_to_user();
}

void sim_complete(int idx, int all)
{
	if (not_in_task())
		return;
	if (all)
		complete_all(completion_at(idx));
	else
		complete(completion_at(idx));
	ret_to_user();
}

long sim_io_wait(long jiffies_to_wait)
{
	long ret;

	if (not_in_task())
		return -EINVAL;
	set_current_state(TASK_UNINTERRUPTIBLE);
	ret = io_schedule_timeout(jiffies_to_wait);
	ret_to_user();
	return ret;
}

/* ---- harness rt_mutexes ------------------------------------------------- */

static struct rt_mutex *mutex_at(int idx)
{
	sim.inv.lock_ops = 1;	/* the checks look at the locks again */
	return &sim_mutexes[check_index(idx, SIM_NR_MUTEX, "rt_mutex")];
}

void sim_mutex_lock(int idx)
{
	if (not_in_task())
		return;
	rt_mutex_lock(mutex_at(idx));
	ret_to_user();
}

int sim_mutex_lock_interruptible(int idx, int detect)
{
	int ret;

	if (not_in_task())
		return -EINVAL;
	ret = rt_mutex_lock_interruptible(mutex_at(idx), detect);
	ret_to_user();
	return ret;
}

int sim_mutex_trylock(int idx)
{
	int ret;

	if (not_in_task())
		return -EINVAL;
	ret = rt_mutex_trylock(mutex_at(idx));
	ret_to_user();
	return ret;
}

void sim_mutex_unlock(int idx)
{
	if (not_in_task())
		return;
	rt_mutex_unlock(mutex_at(idx));
	ret_to_user();
}

int sim_mutex_owner(int idx, int *pending)
{
	struct rt_mutex *lock;

	if (sim_need_machine() ||
	    sim_check_range(idx, 0, SIM_NR_MUTEX - 1, "rt_mutex"))
		return -EINVAL;
	lock = &sim_mutexes[idx];
	if (pending)
		*pending = lock->pending;
	return lock->owner ? lock->owner->pid : 0;
}

/* sim_mutex_check_all - the invariants of each harness rt_mutex. */
void sim_mutex_check_all(void)
{
	int i;

	for (i = 0; i < SIM_NR_MUTEX; i++)
		sim_check_rt_mutex(&sim_mutexes[i]);
}

/* ---- harness semaphores -------------------------------------------------- */

static struct semaphore *sem_at(int idx)
{
	sim.inv.lock_ops = 1;
	return &sim_sems[check_index(idx, SIM_NR_SEM, "semaphore")];
}

static struct rw_semaphore *rwsem_at(int idx)
{
	sim.inv.lock_ops = 1;
	return &sim_rwsems[check_index(idx, SIM_NR_RWSEM, "rw_semaphore")];
}

void sim_down(int idx)
{
	if (not_in_task())
		return;
	down(sem_at(idx));
	ret_to_user();
}

int sim_down_interruptible(int idx)
{
	int ret;

	if (not_in_task())
		return -EINVAL;
	ret = down_interruptible(sem_at(idx));
	ret_to_user();
	return ret;
}

int sim_down_trylock(int idx)
{
	int ret;

	if (not_in_task())
		return -EINVAL;
	ret = down_trylock(sem_at(idx));
	ret_to_user();
	return ret;
}

void sim_up(int idx)
{
	if (not_in_task())
		return;
	up(sem_at(idx));
	ret_to_user();
}

/* rwsem_op - run one of the rw_semaphore calls, @fn, in task context. */
static int rwsem_op(const char *fn, int idx,
		    int (*op)(struct rw_semaphore *sem))
{
	int ret;

	if (check_task_context(fn))
		return -EINVAL;
	ret = op(rwsem_at(idx));
	ret_to_user();
	return ret;
}

static int do_down_read(struct rw_semaphore *sem)
{
	down_read(sem);
	return 0;
}

static int do_down_write(struct rw_semaphore *sem)
{
	down_write(sem);
	return 0;
}

static int do_up_read(struct rw_semaphore *sem)
{
	up_read(sem);
	return 0;
}

static int do_up_write(struct rw_semaphore *sem)
{
	up_write(sem);
	return 0;
}

static int do_downgrade_write(struct rw_semaphore *sem)
{
	downgrade_write(sem);
	return 0;
}

void sim_down_read(int idx)
{
	rwsem_op(__func__, idx, do_down_read);
}

void sim_down_write(int idx)
{
	rwsem_op(__func__, idx, do_down_write);
}

int sim_down_read_trylock(int idx)
{
	return rwsem_op(__func__, idx, down_read_trylock);
}

int sim_down_write_trylock(int idx)
{
	return rwsem_op(__func__, idx, down_write_trylock);
}

void sim_up_read(int idx)
{
	rwsem_op(__func__, idx, do_up_read);
}

void sim_up_write(int idx)
{
	rwsem_op(__func__, idx, do_up_write);
}

void sim_downgrade_write(int idx)
{
	rwsem_op(__func__, idx, do_downgrade_write);
}

static int nr_waiters(struct list_head *fifo)
{
	struct list_head *pos;
	int n = 0;

	list_for_each(pos, fifo)
		n++;
	return n;
}

int sim_sem_init(int idx, int count)
{
	struct semaphore *sem;

	if (sim_need_machine() ||
	    sim_check_range(idx, 0, SIM_NR_SEM - 1, "semaphore") ||
	    sim_check_range(count, 0, SIM_SEM_MAX, "count"))
		return -EINVAL;
	sem = &sim_sems[idx];
	if (sem->lock.owner || !list_empty(&sem->fifo))
		return sim_set_error(-EBUSY, "semaphore %d is held or waited "
				     "on", idx);
	__sema_init(sem, count, "sim_sem");
	sim.inv.lock_ops = 1;
	return 0;
}

int sim_sem_info(int idx, struct sim_sem_info *info)
{
	struct semaphore *sem;

	if (sim_need_machine() ||
	    sim_check_range(idx, 0, SIM_NR_SEM - 1, "semaphore") ||
	    sim_null_arg(info))
		return -EINVAL;
	sem = &sim_sems[idx];
	info->count = sem->count;
	info->counting = sem->counting;
	info->owner = sem->lock.owner ? sem->lock.owner->pid : 0;
	info->waiters = nr_waiters(&sem->fifo);
	return 0;
}

int sim_rwsem_info(int idx, struct sim_rwsem_info *info)
{
	struct rw_semaphore *sem;

	if (sim_need_machine() ||
	    sim_check_range(idx, 0, SIM_NR_RWSEM - 1, "rw_semaphore") ||
	    sim_null_arg(info))
		return -EINVAL;
	sem = &sim_rwsems[idx];
	info->readers = max(sem->activity, 0);
	info->writer = sem->lock.owner ? sem->lock.owner->pid : 0;
	info->waiters = nr_waiters(&sem->fifo);
	return 0;
}

/* sim_sem_check_all - the invariants of each harness semaphore. */
void sim_sem_check_all(void)
{
	int i;

	for (i = 0; i < SIM_NR_SEM; i++)
		sim_check_semaphore(&sim_sems[i]);
	for (i = 0; i < SIM_NR_RWSEM; i++)
		sim_check_rwsem(&sim_rwsems[i]);
}

/*
 * sim_mutex_check_exit - @p exits: holding a harness rt_mutex then is a
 * BUG (its waiters would wait for ever), as is owning any contended
 * rt_mutex or still waiting on one.
 */
void sim_mutex_check_exit(struct task_struct *p)
{
	int i;

	for (i = 0; i < SIM_NR_MUTEX; i++)
		if (sim_mutexes[i].owner == p)
			sim_fail("BUG: %s exits holding rt_mutex %d",
				 sim_task_name(p), i);
	/* A semaphore's owner must outlive its ownership: it is boosted. */
	for (i = 0; i < SIM_NR_SEM; i++)
		if (sim_sems[i].lock.owner == p)
			sim_fail("BUG: %s exits owning semaphore %d",
				 sim_task_name(p), i);
	for (i = 0; i < SIM_NR_RWSEM; i++)
		if (sim_rwsems[i].lock.owner == p)
			sim_fail("BUG: %s exits writing rw_semaphore %d",
				 sim_task_name(p), i);
	if (!list_empty(&p->pi_waiters) || p->pi_blocked_on)
		sim_fail("BUG: %s exits owning a contended rt_mutex or "
			 "blocked on one", sim_task_name(p));
}

/* ---- system calls -------------------------------------------------------- */

#define UPTR(x)	((void __user *)(unsigned long)(x))

static long do_syscall(int nr, long a0, long a1, long a2)
{
	switch (nr) {
	case SIM_SYS_nice:
		return sys_nice(a0);
	case SIM_SYS_sched_setscheduler:
		return sys_sched_setscheduler(a0, a1, UPTR(a2));
	case SIM_SYS_sched_setparam:
		return sys_sched_setparam(a0, UPTR(a1));
	case SIM_SYS_sched_getscheduler:
		return sys_sched_getscheduler(a0);
	case SIM_SYS_sched_getparam:
		return sys_sched_getparam(a0, UPTR(a1));
	case SIM_SYS_sched_setaffinity:
		return sys_sched_setaffinity(a0, a1, UPTR(a2));
	case SIM_SYS_sched_getaffinity:
		return sys_sched_getaffinity(a0, a1, UPTR(a2));
	case SIM_SYS_sched_yield:
		return sys_sched_yield();
	case SIM_SYS_sched_get_priority_max:
		return sys_sched_get_priority_max(a0);
	case SIM_SYS_sched_get_priority_min:
		return sys_sched_get_priority_min(a0);
	case SIM_SYS_sched_rr_get_interval:
		return sys_sched_rr_get_interval(a0, UPTR(a1));
	case SIM_SYS_getpid:
		return current->tgid;
	}
	return -ENOSYS;
}

long sim_syscall(int nr, long a0, long a1, long a2)
{
	long ret;

	if (not_in_task())
		return -EINVAL;
	ret = do_syscall(nr, a0, a1, a2);
	ret_to_user();
	return ret;
}

/* ---- user memory --------------------------------------------------------- */

static struct mm_struct *mm_of(int pid)
{
	struct task_struct *p = find_task_by_pid(pid);

	if (!p) {
		sim_set_error(-ESRCH, "no task with pid %d", pid);
		return NULL;
	}
	if (!p->mm)
		sim_bad_arg("pid %d is a kernel thread", pid);
	return p->mm;
}

unsigned long sim_user_map(int pid, unsigned long len)
{
	struct mm_struct *mm = mm_of(pid);

	if (!mm)
		return 0;
	if (!len || len > SIM_USER_MAP_MAX) {
		sim_bad_arg("cannot map %lu bytes: 1..%lu", len,
			    SIM_USER_MAP_MAX);
		return 0;
	}
	return sim_mm_map(mm, len);
}

/*
 * Copy @len bytes between @buf and @uaddr of @pid (to user memory when
 * @to_user): 0, -EFAULT when @pid has no such memory, -EINVAL without
 * a buffer.
 */
static int user_access(int pid, unsigned long uaddr, void *buf,
		       unsigned long len, int to_user)
{
	struct mm_struct *mm;
	char *mem;

	if (!buf && len)
		return sim_bad_arg("no buffer for %lu bytes", len);
	mm = mm_of(pid);
	if (!mm)
		return -EFAULT;
	mem = sim_mm_lookup(mm, uaddr, len);
	if (!mem)
		return sim_set_error(-EFAULT, "pid %d has no %lu bytes mapped "
				     "at 0x%lx", pid, len, uaddr);
	if (!len)
		return 0;	/* @buf may be NULL: no memcpy() of it */
	if (to_user)
		memcpy(mem, buf, len);
	else
		memcpy(buf, mem, len);
	return 0;
}

int sim_user_write(int pid, unsigned long uaddr, const void *buf,
		   unsigned long len)
{
	return user_access(pid, uaddr, (void *)buf, len, 1);
}

int sim_user_read(int pid, unsigned long uaddr, void *buf, unsigned long len)
{
	return user_access(pid, uaddr, buf, len, 0);
}

/* ---- state --------------------------------------------------------------- */

static char state_char(struct sim_task *st)
{
	struct task_struct *p = st->task;

	if (st->exited || !p)
		return 'Z';
	if (st->on_cpu)
		return 'R';
	if (p->state == TASK_RUNNING || st->preempted)
		return 'Q';
	if (p->state & TASK_INTERRUPTIBLE)
		return 'S';
	if (p->state & TASK_UNINTERRUPTIBLE)
		return 'D';
	return 'T';
}

static void fill_times(struct sim_task *st, struct sim_task_info *info)
{
	unsigned long long open = sim.now - st->seg_start;

	info->runtime_ns = st->run_ns + (st->seg == SEG_RUN ? open : 0);
	info->wait_ns = st->wait_ns + (st->seg == SEG_WAIT ? open : 0);
	info->sleep_ns = st->sleep_ns + (st->seg == SEG_SLEEP ? open : 0);
}

int sim_task_info(int pid, struct sim_task_info *info)
{
	struct sim_task *st = sim_find(pid);
	struct task_struct *p;

	if (sim_null_arg(info))
		return -EINVAL;
	if (!sim.booted || !st)
		return sim_set_error(-ESRCH, "no task with pid %d", pid);
	memset(info, 0, sizeof(*info));
	p = st->exited ? NULL : st->task;
	info->pid = pid;
	strlcpy(info->name, st->name, sizeof(info->name));
	info->state = state_char(st);
	fill_times(st, info);
	info->switches = st->switches;
	info->wakeups = st->wakeups;
	info->migrations = st->migrations;
	info->cmds_done = st->cmds_done;
	info->exit_code = st->exit_code;
	if (!p) {
		info->cpu = st->final_cpu;
		info->utime = st->final_utime;
		info->stime = st->final_stime;
		info->nvcsw = st->final_nvcsw;
		info->nivcsw = st->final_nivcsw;
		info->policy = st->final_policy;
		info->rt_priority = st->final_rt_priority;
		info->static_prio = st->final_static_prio;
		info->nice = st->final_nice;
		return 0;
	}
	info->cpu = task_cpu(p);
	info->policy = p->policy;
	info->rt_priority = p->rt_priority;
	info->static_prio = p->static_prio;
	info->nice = task_nice(p);
	info->prio = task_prio(p) + MAX_RT_PRIO;
	info->utime = p->utime;
	info->stime = p->stime;
	info->nvcsw = p->nvcsw;
	info->nivcsw = p->nivcsw;
	return 0;
}

int sim_task_pids(int *pids, int max)
{
	struct sim_task *st;
	int n = 0;

	if (max < 0)
		return sim_bad_arg("max %d is negative", max);
	if (max && sim_null_arg(pids))
		return -EINVAL;
	if (!sim.booted)
		return 0;
	list_for_each_entry(st, &sim.tasks, all)
		if (st->workload) {
			if (n < max)
				pids[n] = st->pid;
			n++;
		}
	return n;
}

int sim_cpu_info(int cpu, struct sim_cpu_info *info)
{
	struct sim_cpu *c;
	struct cpu_usage_stat *cs;
	unsigned long long open;

	if (sim_null_arg(info) || check_cpu(cpu))
		return -EINVAL;
	c = &sim.cpu[cpu];
	cs = &kstat_cpu(cpu).cpustat;
	memset(info, 0, sizeof(*info));
	open = c->online ? sim.now - c->last_acct : 0;
	info->cpu = cpu;
	info->online = c->online;
	info->curr_pid = sim_current[cpu] == c->idle ? 0 :
		sim_current[cpu]->pid;
	info->busy_ns = c->busy_ns + (info->curr_pid ? open : 0);
	info->idle_ns = c->idle_ns + (info->curr_pid ? 0 : open);
	info->switches = c->switches;
	info->user = cs->user;
	info->nice = cs->nice;
	info->system = cs->system;
	info->idle = cs->idle;
	info->iowait = cs->iowait;
	info->irq = cs->irq;
	info->softirq = cs->softirq;
	info->steal = cs->steal;
	return 0;
}

/* ---- /sys/cpusched/<driver>/ ------------------------------------------ */

static const struct sched_tunable *tunable_at(int i)
{
	const struct sched_tunable *t;
	int n;

	if (!sim.booted || i < 0)
		return NULL;
	t = scheduler->tunables;
	for (n = 0; t && t[n].name; n++)
		if (n == i)
			return &t[n];
	return NULL;
}

int sim_nr_tunables(void)
{
	int n = 0;

	while (tunable_at(n))
		n++;
	return n;
}

/* Tunable @i, or NULL with sim_error() saying why there is none. */
static const struct sched_tunable *tunable_arg(int i)
{
	const struct sched_tunable *t = tunable_at(i);

	if (!t && !sim_need_machine())
		sim_bad_arg("no tunable %d: %s has %d", i,
			    scheduler->cpusched_name, sim_nr_tunables());
	return t;
}

const char *sim_tunable_name(int i)
{
	const struct sched_tunable *t = tunable_arg(i);

	return t ? t->name : NULL;
}

const char *sim_tunable_desc(int i)
{
	const struct sched_tunable *t = tunable_arg(i);

	return t ? t->desc : NULL;
}

int sim_tunable_limits(int i, int *min, int *max, int *def)
{
	const struct sched_tunable *t;

	if (sim_null_arg(min) || sim_null_arg(max) || sim_null_arg(def))
		return -EINVAL;
	t = tunable_arg(i);
	if (!t)
		return -EINVAL;
	*min = t->min;
	*max = t->max;
	*def = t->def;
	return 0;
}

#define SYSFS_DIR	"/sys/cpusched/"

/*
 * The tunable a "/sys/cpusched/<driver>/<name>" path names; NULL, with
 * the call's error in *@err, for none.
 */
static const struct sched_tunable *sysfs_lookup(const char *path, int *err)
{
	const char *name;
	const struct sched_tunable *t;
	size_t n = strlen(SYSFS_DIR), len;

	*err = -EINVAL;
	if (sim_null_arg(path) || sim_need_machine())
		return NULL;
	*err = -ENOENT;
	name = scheduler->cpusched_name;
	len = strlen(name);
	if (strncmp(path, SYSFS_DIR, n) || strncmp(path + n, name, len) ||
	    path[n + len] != '/') {
		sim_set_error(-ENOENT, "%s: no such file", path);
		return NULL;
	}
	t = sched_tunable_find(path + n + len + 1);
	if (!t)
		sim_set_error(-ENOENT, "%s: no such file", path);
	return t;
}

int sim_sysfs_read(const char *path, char *buf, unsigned long len)
{
	const struct sched_tunable *t;
	int err;

	/* a negative length, made unsigned, is past INT_MAX */
	if (len > INT_MAX)
		return sim_bad_arg("length %ld is not in 0..%d", (long)len,
				   INT_MAX);
	if (len && sim_null_arg(buf))
		return -EINVAL;
	t = sysfs_lookup(path, &err);
	if (!t)
		return err;
	return sched_tunable_show(t, buf, len);
}

struct sysfs_store {
	const struct sched_tunable *t;
	const char *text;
	int ret;
};

static void irq_sysfs_store(void *arg)
{
	struct sysfs_store *s = arg;

	s->ret = sched_tunable_store(s->t, s->text);
	/* the driver's rules may change on every CPU */
	sim.inv.full = 1;
}

int sim_sysfs_write(const char *path, const char *text)
{
	struct sysfs_store s = { .text = text };
	int err;

	if (sim_null_arg(text))
		return -EINVAL;
	s.t = sysfs_lookup(path, &err);
	if (!s.t)
		return err;
	if (inject(0, irq_sysfs_store, &s, sim.now, NULL, NULL) < 0)
		return -EIO;
	if (s.ret)
		return sim_set_error(s.ret, "%s: \"%s\" is not an integer in "
				     "%d..%d", path, text, s.t->min, s.t->max);
	return 0;
}

/* ---- /proc/schedstat ----------------------------------------------------- */

static char schedstat_text[1 << 16];

static int schedstat_fn(void *unused)
{
#ifdef CONFIG_SCHEDSTATS
	struct file file;
	loff_t pos = 0;
	mm_segment_t old = get_fs();
	ssize_t n;
	size_t len = 0;
	int ret;

	ret = proc_schedstat_operations.open(NULL, &file);
	if (ret)
		return ret;
	set_fs(KERNEL_DS);
	do {
		n = proc_schedstat_operations.read(&file,
				(char __user *)schedstat_text + len,
				sizeof(schedstat_text) - 1 - len, &pos);
		if (n > 0)
			len += n;
	} while (n > 0 && len < sizeof(schedstat_text) - 1);
	set_fs(old);
	schedstat_text[len] = '\0';
	proc_schedstat_operations.release(NULL, &file);
	return n < 0 ? (int)n : 0;
#else
	return -ENOSYS;
#endif
}

const char *sim_schedstat(void)
{
	return run_guarded(schedstat_fn, NULL) ? NULL : schedstat_text;
}

/* ---- what the machine sees of the scheduler's work (schedstat) --------- */

/* The facts themselves are compat/trace.c's: sim_stat_set_sink(). */

int sim_task_schedstat(int pid, struct sim_task_schedstat *stat)
{
	struct sim_task *st = sim_find(pid);
	const struct sched_info *si;

	if (sim_null_arg(stat))
		return -EINVAL;
	if (!sim.booted || !st)
		return sim_set_error(-ESRCH, "no task with pid %d", pid);
	memset(stat, 0, sizeof(*stat));
#ifdef CONFIG_SCHEDSTATS
	si = st->task ? &st->task->sched_info : &st->final_sched_info;
	stat->cpu_time = si->cpu_time;
	stat->run_delay = si->run_delay;
	stat->pcnt = si->pcnt;
#endif
	return 0;
}

/* ---- sched domains ----------------------------------------------------- */

#ifdef CONFIG_SMP
/* @mask as a list "0-3,6" in @buf: 0, or -ENOSPC. */
static int format_cpulist(char *buf, int len, cpumask_t mask)
{
	int cpu, last, n = 0;

	buf[0] = '\0';
	for_each_cpu_mask(cpu, mask) {
		for (last = cpu; last + 1 < NR_CPUS &&
		     cpu_isset(last + 1, mask); last++)
			;
		n += snprintf(buf + n, len - n, n ? ",%d" : "%d", cpu);
		if (n < len && last > cpu)
			n += snprintf(buf + n, len - n, "-%d", last);
		if (n >= len)
			return sim_set_error(-ENOSPC, "cpu list longer than %d",
					     len - 1);
		cpu = last;
	}
	return 0;
}

/* @cpu's domain at @level, or NULL with the error set in *@err. */
static struct sched_domain *domain_at(int cpu, int level, int *err)
{
	struct sched_domain *sd;
	int i;

	*err = -EINVAL;
	if (check_cpu(cpu))
		return NULL;
	if (level < 0) {
		sim_bad_arg("level %d is negative", level);
		return NULL;
	}
	sd = sched_domain_attached[cpu];
	for (i = 0; sd && i < level; i++)
		sd = sd->parent;
	if (!sd)
		*err = sim_set_error(-ENOENT, "cpu%d has no domain at level %d",
				 cpu, level);
	return sd;
}

/* The schedstat counters of @sd, if the kernel keeps them. */
static void domain_stats(struct sim_domain_info *info,
			 const struct sched_domain *sd)
{
#ifdef CONFIG_SCHEDSTATS
	int i;

	for (i = 0; i < MAX_IDLE_TYPES && i < SIM_NR_IDLE_TYPES; i++) {
		info->lb_cnt[i] = sd->lb_cnt[i];
		info->lb_failed[i] = sd->lb_failed[i];
		info->lb_imbalance[i] = sd->lb_imbalance[i];
		info->lb_nobusyq[i] = sd->lb_nobusyq[i];
		info->lb_nobusyg[i] = sd->lb_nobusyg[i];
	}
	info->sbe_attempts = sd->sbe_attempts;
	info->sbe_pushed = sd->sbe_pushed;
	info->ttwu_wake_affine = sd->ttwu_wake_affine;
	info->ttwu_wake_balance = sd->ttwu_wake_balance;
#endif
}

int sim_sched_domain(int cpu, int level, struct sim_domain_info *info)
{
	struct sched_domain *sd;
	struct sched_group *g;
	int err;

	if (sim_null_arg(info))
		return -EINVAL;
	sd = domain_at(cpu, level, &err);
	if (!sd)
		return err;
	memset(info, 0, sizeof(*info));
	err = format_cpulist(info->span, sizeof(info->span), sd->span);
	info->flags = sd->flags;
	info->min_interval = sd->min_interval;
	info->max_interval = sd->max_interval;
	info->busy_factor = sd->busy_factor;
	info->imbalance_pct = sd->imbalance_pct;
	info->cache_hot_time = sd->cache_hot_time;
	info->cache_nice_tries = sd->cache_nice_tries;
	info->per_cpu_gain = sd->per_cpu_gain;
	info->last_balance = sd->last_balance;
	info->balance_interval = sd->balance_interval;
	info->nr_balance_failed = sd->nr_balance_failed;
	domain_stats(info, sd);
	g = sd->groups;
	if (g)
		do {
			info->nr_groups++;
			g = g->next;
		} while (g && g != sd->groups && info->nr_groups <= NR_CPUS);
	return err;
}

int sim_sched_group(int cpu, int level, int group,
		    struct sim_group_info *info)
{
	struct sched_domain *sd;
	struct sched_group *g;
	int err, i;

	if (sim_null_arg(info))
		return -EINVAL;
	if (group < 0)
		return sim_bad_arg("group %d is negative", group);
	sd = domain_at(cpu, level, &err);
	if (!sd)
		return err;
	g = sd->groups;
	for (i = 0; g && i < group; i++) {
		g = g->next;
		if (g == sd->groups)
			g = NULL;
	}
	if (!g)
		return sim_set_error(-ENOENT, "cpu%d level %d has no group %d",
				     cpu, level, group);
	memset(info, 0, sizeof(*info));
	info->cpu_power = g->cpu_power;
	return format_cpulist(info->cpus, sizeof(info->cpus), g->cpumask);
}
#else /* !CONFIG_SMP */
int sim_sched_domain(int cpu, int level, struct sim_domain_info *info)
{
	if (sim_null_arg(info))
		return -EINVAL;
	return sim_set_error(-ENOENT, "no sched domains without CONFIG_SMP");
}

int sim_sched_group(int cpu, int level, int group,
		    struct sim_group_info *info)
{
	if (sim_null_arg(info))
		return -EINVAL;
	return sim_set_error(-ENOENT, "no sched domains without CONFIG_SMP");
}
#endif /* CONFIG_SMP */
