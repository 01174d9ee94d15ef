/*
 * tests/unit/kfix_ingo.c - read and set ingosched's per-task fields.
 *
 * Kernel-world code, compiled like the drivers, for check_ingosched:
 * the tests see through it what the harness API cannot show (sleep_avg,
 * interactive_credit, the slice left, which array a task is queued in)
 * and prepare a task's state before the event under test.  The
 * interface, and when it may be called, is kfix_ingo.h.
 *
 * Everything is under CONFIG_CPUSCHED_INGOSCHED: a build without the
 * driver gets the same functions, answering "not available".
 */
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/scheduler.h>

#include "../../compat/internal.h"
#include "kfix_ingo.h"

#ifdef CONFIG_CPUSCHED_INGOSCHED

int kfix_ingo_available(void)
{
	return sim.booted && !strcmp(scheduler->cpusched_name, "ingosched");
}

/* The task @pid if the booted driver is ingosched, else NULL. */
static struct task_struct *ingo_task(int pid)
{
	if (!kfix_ingo_available())
		return NULL;
	return find_task_by_pid(pid);
}

/* kfix_ingo_NAME(pid, value): @pid's u.ingosched.FIELD = value. */
#define KFIX_INGO_WRITE(name, type, field)				\
int kfix_ingo_##name(int pid, type value)				\
{									\
	struct task_struct *p = ingo_task(pid);				\
									\
	if (!p)								\
		return -1;						\
	p->u.ingosched.field = value;					\
	return 0;							\
}

int kfix_ingo_read(int pid, struct kfix_ingo *out)
{
	struct task_struct *p = ingo_task(pid);

	if (!p)
		return -1;
	out->prio = p->u.ingosched.prio;
	out->static_prio = p->static_prio;
	out->time_slice = p->u.ingosched.time_slice;
	out->first_time_slice = p->u.ingosched.first_time_slice;
	out->sleep_avg = p->u.ingosched.sleep_avg;
	out->interactive_credit = p->u.ingosched.interactive_credit;
	out->activated = p->u.ingosched.activated;
	out->queued = p->u.ingosched.array != NULL;
	out->timestamp = p->u.ingosched.timestamp;
	return 0;
}

int kfix_ingo_same_array(int a, int b)
{
	struct task_struct *p = ingo_task(a), *q = ingo_task(b);

	if (!p || !q || !p->u.ingosched.array || !q->u.ingosched.array)
		return -1;
	return p->u.ingosched.array == q->u.ingosched.array;
}

int kfix_ingo_renice(int pid, int nice)
{
	struct task_struct *p = ingo_task(pid);

	if (!p)
		return -1;
	set_user_nice(p, nice);
	return 0;
}

/*
 * The head of drivers/ingosched.c's struct prio_array and struct runqueue,
 * as far as the check looks: member for member the same, so the offsets
 * are too.  kfix_ingo_rq() proves it on every use.
 */
struct kfix_prio_array {
	unsigned int nr_active;
	unsigned long bitmap[BITS_TO_LONGS(MAX_PRIO + 1)];
	struct list_head queue[MAX_PRIO];
};

struct kfix_rq {
	spinlock_t lock;
	unsigned long nr_running;
#ifdef CONFIG_SMP
	unsigned long cpu_load;
#endif
	unsigned long long nr_switches;
	long nr_uninterruptible;
	unsigned long expired_timestamp;
	unsigned long long timestamp_last_tick;
	unsigned long long pick_work;
	struct task_struct *curr, *idle;
	struct kfix_prio_array *active, *expired, arrays[2];
	int best_expired_prio;
	struct task_struct *fork_resched;
};

/*
 * @cpu's runqueue, found from the array of a task queued there: the
 * array is the first or the second of the runqueue's two, and the right
 * guess names @cpu's idle and running tasks and that array.  NULL if no
 * task is queued on @cpu.
 */
static struct kfix_rq *kfix_ingo_rq(int cpu)
{
	struct kfix_prio_array *array;
	struct sim_task *st;
	struct kfix_rq *rq;
	int i;

	list_for_each_entry(st, &sim.tasks, all) {
		if (!st->task || st->exited || task_cpu(st->task) != cpu ||
		    !st->task->u.ingosched.array)
			continue;
		array = (struct kfix_prio_array *)st->task->u.ingosched.array;
		for (i = 0; i < 2; i++) {
			rq = (struct kfix_rq *)((char *)(array - i) -
						offsetof(struct kfix_rq,
							 arrays));
			if (rq->idle == sim.cpu[cpu].idle &&
			    rq->curr == sim_current[cpu] &&
			    (rq->active == array || rq->expired == array))
				return rq;
		}
	}
	return NULL;
}

/* Damage undone after the check: the values to put back. */
struct kfix_undo {
	unsigned long nr_running, expired_timestamp;
	struct kfix_prio_array *active, *expired;
	unsigned int nr_active;
	unsigned long bitmap[BITS_TO_LONGS(MAX_PRIO + 1)];
	int best_expired_prio;
	struct task_struct *fork_resched;
	struct cpusched_ingo curr, idle;
	int static_prio, resched;
	struct list_head *prev;
};

static void kfix_break(struct kfix_rq *rq, int what, long value,
		       struct kfix_undo *u)
{
	struct task_struct *curr = rq->curr;
	struct cpusched_ingo *c = &curr->u.ingosched;
	struct kfix_prio_array *array;

	switch (what) {
	case KFIX_INGO_SAME_ARRAYS:
		rq->expired = rq->active;
		break;
	case KFIX_INGO_SWAP_ARRAYS:
		rq->active = u->expired;
		rq->expired = u->active;
		break;
	case KFIX_INGO_NR_RUNNING:
		rq->nr_running += value;
		break;
	case KFIX_INGO_NR_ACTIVE:
		rq->active->nr_active += value;
		break;
	case KFIX_INGO_DELIMITER:
		__clear_bit(MAX_PRIO, rq->active->bitmap);
		break;
	case KFIX_INGO_EMPTY_LEVEL:
		__set_bit(value, rq->active->bitmap);
		break;
	case KFIX_INGO_BEST_EXPIRED:
		rq->best_expired_prio = value;
		break;
	case KFIX_INGO_EXPIRED_STAMP:
		rq->expired_timestamp = jiffies + value;
		break;
	case KFIX_INGO_FORK_RESCHED:
		rq->fork_resched = curr;
		break;
	case KFIX_INGO_IDLE_QUEUED:
		rq->idle->u.ingosched.array = (void *)rq->active;
		break;
	case KFIX_INGO_IDLE_PRIO:
		rq->idle->u.ingosched.prio = value;
		break;
	case KFIX_INGO_UNQUEUE_CURR:
		array = (struct kfix_prio_array *)c->array;
		u->prev = c->run_list.prev;
		list_del(&c->run_list);
		if (list_empty(array->queue + c->prio))
			__clear_bit(c->prio, array->bitmap);
		array->nr_active--;
		rq->nr_running--;
		c->array = NULL;
		break;
	case KFIX_INGO_CURR_STATIC_PRIO:
		curr->static_prio = value;
		break;
	case KFIX_INGO_CURR_TIME_SLICE:
		c->time_slice = value;
		break;
	case KFIX_INGO_CURR_FIRST_SLICE:
		c->first_time_slice = value;
		break;
	case KFIX_INGO_CURR_ACTIVATED:
		c->activated = value;
		break;
	case KFIX_INGO_CURR_NO_RESCHED:
		clear_tsk_need_resched(curr);
		break;
	}
}

static void kfix_unbreak(struct kfix_rq *rq, int what, struct kfix_undo *u)
{
	struct task_struct *curr = rq->curr;
	struct cpusched_ingo *c = &curr->u.ingosched;

	rq->active = u->active;
	rq->expired = u->expired;
	rq->nr_running = u->nr_running;
	rq->active->nr_active = u->nr_active;
	memcpy(rq->active->bitmap, u->bitmap, sizeof(u->bitmap));
	rq->best_expired_prio = u->best_expired_prio;
	rq->expired_timestamp = u->expired_timestamp;
	rq->fork_resched = u->fork_resched;
	*c = u->curr;
	if (what == KFIX_INGO_UNQUEUE_CURR)
		list_add(&c->run_list, u->prev);
	rq->idle->u.ingosched = u->idle;
	curr->static_prio = u->static_prio;
	if (u->resched)
		set_tsk_need_resched(curr);
}

int kfix_ingo_check_broken(int cpu, int what, long value, char *buf, int len)
{
	struct kfix_undo u;
	struct kfix_rq *rq;
	int ret;

	if (!kfix_ingo_available() || cpu < 0 || cpu >= sim.nr_cpus)
		return -1;
	rq = kfix_ingo_rq(cpu);
	if (!rq)
		return -1;
	u.active = rq->active;
	u.expired = rq->expired;
	u.nr_running = rq->nr_running;
	u.nr_active = rq->active->nr_active;
	memcpy(u.bitmap, rq->active->bitmap, sizeof(u.bitmap));
	u.best_expired_prio = rq->best_expired_prio;
	u.expired_timestamp = rq->expired_timestamp;
	u.fork_resched = rq->fork_resched;
	u.curr = rq->curr->u.ingosched;
	u.idle = rq->idle->u.ingosched;
	u.static_prio = rq->curr->static_prio;
	u.resched = test_tsk_thread_flag(rq->curr, TIF_NEED_RESCHED);
	/* the machine's look at the driver, as the invariant checks are */
	sim_hb_ignore_begin();
	kfix_break(rq, what, value, &u);
	ret = sim_driver_check(buf, len);
	kfix_unbreak(rq, what, &u);
	sim_hb_ignore_end();
	return ret;
}

int kfix_ingo_wake_sync_and_sleep(int wq, unsigned long long sleep_ns)
{
	if (!kfix_ingo_available() || wq < 0 || wq >= SIM_NR_WQ)
		return -1;
	wake_up_interruptible_sync(&sim.wq[wq]);
	sim_sleep(sleep_ns);
	return 0;
}

#else /* !CONFIG_CPUSCHED_INGOSCHED */

/* Without the driver every write answers "not available". */
#define KFIX_INGO_WRITE(name, type, field)				\
int kfix_ingo_##name(int pid, type value)				\
{									\
	return -1;							\
}

int kfix_ingo_available(void)
{
	return 0;
}

int kfix_ingo_read(int pid, struct kfix_ingo *out)
{
	return -1;
}

int kfix_ingo_same_array(int a, int b)
{
	return -1;
}

int kfix_ingo_renice(int pid, int nice)
{
	return -1;
}

int kfix_ingo_wake_sync_and_sleep(int wq, unsigned long long sleep_ns)
{
	return -1;
}

int kfix_ingo_check_broken(int cpu, int what, long value, char *buf, int len)
{
	return -1;
}

#endif /* CONFIG_CPUSCHED_INGOSCHED */

/* The setup writes: numbers the driver reads at its next event. */
KFIX_INGO_WRITE(set_sleep_avg, unsigned long long, sleep_avg)
KFIX_INGO_WRITE(set_credit, long, interactive_credit)
KFIX_INGO_WRITE(set_time_slice, unsigned int, time_slice)

/*
 * The breaking writes: ->prio or ->normal_prio changed where the task
 * stays queued, which no driver path does.  Only the driver's check
 * should see them; the machine is failed once it has.
 */
KFIX_INGO_WRITE(break_prio, int, prio)
KFIX_INGO_WRITE(break_normal_prio, int, normal_prio)

