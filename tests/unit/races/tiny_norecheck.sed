# tiny on a copy of the runqueue plumbing whose set_cpus_allowed() moves
# the task after retaking both runqueue locks without looking whether
# another CPU picked it, or it left its queue, meanwhile.  Serially
# neither can happen.  Applied to libsched/runqueue.c and drivers/tiny.c
# one after the other (Makefile.am renames the plumbing's symbols).
s/\<tiny_sched_drv\>/tiny_norecheck_sched_drv/
s/"tiny"/"tiny_norecheck"/
/^	if (sched_rq_running(rq, p)) {$/{N;N;s/^.*\n.*\n	} else if (rq_ops->on_rq(p) && task_sched_rq(p) == rq) {$/	{/}
