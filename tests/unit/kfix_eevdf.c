/*
 * tests/unit/kfix_eevdf.c - read and set the eevdf driver's per-task
 * fields, and recompute what its queues should say from them.
 *
 * Kernel-world code, compiled like the drivers, for check_eevdf: the
 * tests see through it what the harness API cannot show (virtual
 * runtimes, deadlines, lags) and check the driver's picks against a
 * recomputation that shares none of its code: a plain walk over the
 * queued tasks, no tree, no incremental sums.  The interface, and when
 * it may be called, is kfix_eevdf.h.
 *
 * Everything is under CONFIG_CPUSCHED_EEVDF: a build without the driver
 * gets the same functions, answering "not available".
 */
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/scheduler.h>
#include <linux/sched_rq.h>

#include "../../compat/internal.h"
#include "kfix_eevdf.h"

#ifdef CONFIG_CPUSCHED_EEVDF

int kfix_eevdf_available(void)
{
	return sim.booted && !strcmp(scheduler->cpusched_name, "eevdf");
}

/* The task @pid if the booted driver is eevdf, else NULL. */
static struct task_struct *eevdf_task(int pid)
{
	if (!kfix_eevdf_available())
		return NULL;
	return find_task_by_pid(pid);
}

static int valid_cpu(int cpu)
{
	return kfix_eevdf_available() && cpu >= 0 && cpu < sim.nr_cpus;
}

/* The fair task @cpu runs, queued, or NULL. */
static struct task_struct *fair_curr(int cpu)
{
	struct sched_rq *rq = sched_cpu_rq(cpu);
	struct task_struct *p = rq->curr;

	if (p == rq->idle || p->u.eevdf.prio < MAX_RT_PRIO ||
	    !p->u.eevdf.on_rq)
		return NULL;
	return p;
}

int kfix_eevdf_read(int pid, struct kfix_eevdf *out)
{
	struct task_struct *p = eevdf_task(pid);
	struct cpusched_eevdf *se;

	if (!p)
		return -1;
	se = &p->u.eevdf;
	out->prio = se->prio;
	out->on_rq = se->on_rq;
	out->curr = fair_curr(task_cpu(p)) == p;
	out->weight = se->load.weight;
	out->vruntime = se->vruntime;
	out->deadline = se->deadline;
	out->min_deadline = se->min_deadline;
	out->vlag = se->vlag;
	out->slice = se->slice;
	return 0;
}

/*
 * What a walk over one CPU's queued fair tasks adds up, relative to the
 * first one's virtual runtime (@ref): sum w * (v - ref) and sum w.
 */
struct walk {
	int nr;
	u64 ref;
	s64 sum;
	unsigned long load;
	/* the audit's second pass */
	struct task_struct *earliest;
};

static void add_task(struct task_struct *p, void *arg)
{
	struct walk *w = arg;
	struct cpusched_eevdf *se = &p->u.eevdf;

	if (se->prio < MAX_RT_PRIO)
		return;
	if (!w->nr++)
		w->ref = se->vruntime;
	w->sum += (s64)(se->vruntime - w->ref) * (s64)se->load.weight;
	w->load += se->load.weight;
}

static int walk_queue(int cpu, struct walk *w)
{
	memset(w, 0, sizeof(*w));
	scheduler->for_each_queued(cpu, add_task, w);
	return w->nr;
}

/* Whether @p is eligible in the queue @w summed: (v - ref) * W <= sum. */
static int eligible(const struct walk *w, struct task_struct *p)
{
	s64 key = (s64)(p->u.eevdf.vruntime - w->ref);

	return key * (s64)w->load <= w->sum;
}

static s64 floor_div(s64 a, s64 b)
{
	s64 q = a / b;

	return (a % b && a < 0) ? q - 1 : q;
}

int kfix_eevdf_queue(int cpu, struct kfix_eevdf_queue *out)
{
	struct walk w;

	if (!valid_cpu(cpu))
		return -1;
	out->nr = walk_queue(cpu, &w);
	out->load = w.load;
	out->v = w.nr ? w.ref + floor_div(w.sum, w.load) : 0;
	return 0;
}

static void find_earliest(struct task_struct *p, void *arg)
{
	struct walk *w = arg;

	if (p->u.eevdf.prio < MAX_RT_PRIO || !eligible(w, p))
		return;
	if (!w->earliest || (s64)(p->u.eevdf.deadline -
				  w->earliest->u.eevdf.deadline) < 0)
		w->earliest = p;
}

int kfix_eevdf_audit_pick(int cpu, char *buf, int len)
{
	struct task_struct *curr;
	struct walk w;

	if (!valid_cpu(cpu))
		return -1;
	curr = fair_curr(cpu);
	if (!curr)
		return 0;
	walk_queue(cpu, &w);
	if (!eligible(&w, curr)) {
		snprintf(buf, len, "cpu%d runs %s/%d, not eligible", cpu,
			 curr->comm, curr->pid);
		return 1;
	}
	scheduler->for_each_queued(cpu, find_earliest, &w);
	if (w.earliest->u.eevdf.deadline != curr->u.eevdf.deadline) {
		snprintf(buf, len, "cpu%d runs %s/%d, deadline %llu; "
			 "%s/%d is eligible, deadline %llu", cpu, curr->comm,
			 curr->pid, curr->u.eevdf.deadline, w.earliest->comm,
			 w.earliest->pid, w.earliest->u.eevdf.deadline);
		return 1;
	}
	return 0;
}

int kfix_eevdf_set_slice(int pid, unsigned int us)
{
	struct task_struct *p = eevdf_task(pid);

	if (!p)
		return -1;
	p->u.eevdf.custom_slice_us = us;
	return 0;
}

int kfix_eevdf_set_vlag(int pid, long long vlag)
{
	struct task_struct *p = eevdf_task(pid);

	if (!p || p->u.eevdf.on_rq)
		return -1;
	p->u.eevdf.vlag = vlag;
	return 0;
}

int kfix_eevdf_renice(int pid, int nice)
{
	struct task_struct *p = eevdf_task(pid);

	if (!p)
		return -1;
	set_user_nice(p, nice);
	return 0;
}

int kfix_eevdf_break(int pid, enum kfix_eevdf_field field, long long value)
{
	struct task_struct *p = eevdf_task(pid);
	struct cpusched_eevdf *se;

	if (!p)
		return -1;
	se = &p->u.eevdf;
	switch (field) {
	case KFIX_EEVDF_VRUNTIME:
		se->vruntime = value;
		break;
	case KFIX_EEVDF_DEADLINE:
		se->deadline = se->min_deadline = value;
		break;
	case KFIX_EEVDF_MIN_DEADLINE:
		se->min_deadline = value;
		break;
	case KFIX_EEVDF_WEIGHT:
		se->load.weight = value;
		break;
	case KFIX_EEVDF_ON_RQ:
		se->on_rq = value;
		break;
	case KFIX_EEVDF_PRIO:
		se->prio = value;
		break;
	case KFIX_EEVDF_RT_LEVEL:
		se->prio = value;
		p->rt_priority = MAX_USER_RT_PRIO - 1 - value;
		break;
	default:
		return -1;
	}
	return 0;
}

int kfix_eevdf_break_idle(int cpu, int prio, int on_rq)
{
	struct task_struct *idle;

	if (!valid_cpu(cpu))
		return -1;
	idle = sched_cpu_rq(cpu)->idle;
	idle->u.eevdf.prio = prio;
	idle->u.eevdf.on_rq = on_rq;
	return 0;
}

int kfix_eevdf_break_move(int pid, int behind)
{
	struct task_struct *p = eevdf_task(pid), *q = eevdf_task(behind);

	if (!p || !q || list_empty(&p->u.eevdf.run_list) ||
	    list_empty(&q->u.eevdf.run_list))
		return -1;
	list_move(&p->u.eevdf.run_list, &q->u.eevdf.run_list);
	return 0;
}

int kfix_eevdf_break_in_tree(int pid)
{
	struct task_struct *p = eevdf_task(pid);

	if (!p || fair_curr(task_cpu(p)) != p)
		return -1;
	/* a parent pointer not to itself: RB_EMPTY_NODE() says linked */
	p->u.eevdf.run_node.__rb_parent_color = 0;
	return 0;
}

int kfix_eevdf_break_nr_running(int cpu, long delta)
{
	if (!valid_cpu(cpu))
		return -1;
	sched_cpu_rq(cpu)->nr_running += delta;
	return 0;
}

int kfix_eevdf_break_resched(int cpu)
{
	if (!valid_cpu(cpu))
		return -1;
	clear_tsk_need_resched(sched_cpu_rq(cpu)->curr);
	return 0;
}

#else /* !CONFIG_CPUSCHED_EEVDF */

int kfix_eevdf_available(void)
{
	return 0;
}

int kfix_eevdf_read(int pid, struct kfix_eevdf *out)
{
	return -1;
}

int kfix_eevdf_queue(int cpu, struct kfix_eevdf_queue *out)
{
	return -1;
}

int kfix_eevdf_audit_pick(int cpu, char *buf, int len)
{
	return -1;
}

int kfix_eevdf_set_slice(int pid, unsigned int us)
{
	return -1;
}

int kfix_eevdf_set_vlag(int pid, long long vlag)
{
	return -1;
}

int kfix_eevdf_renice(int pid, int nice)
{
	return -1;
}

int kfix_eevdf_break(int pid, enum kfix_eevdf_field field, long long value)
{
	return -1;
}

int kfix_eevdf_break_idle(int cpu, int prio, int on_rq)
{
	return -1;
}

int kfix_eevdf_break_move(int pid, int behind)
{
	return -1;
}

int kfix_eevdf_break_in_tree(int pid)
{
	return -1;
}

int kfix_eevdf_break_nr_running(int cpu, long delta)
{
	return -1;
}

int kfix_eevdf_break_resched(int cpu)
{
	return -1;
}

#endif /* CONFIG_CPUSCHED_EEVDF */
