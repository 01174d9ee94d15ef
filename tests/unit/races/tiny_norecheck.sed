# tiny whose set_cpus_allowed() moves the task after retaking both
# runqueue locks without looking whether another CPU picked it, or it
# left its queue, meanwhile.  Serially neither can happen.
s/\<tiny_sched_drv\>/tiny_norecheck_sched_drv/
s/"tiny"/"tiny_norecheck"/
/^	if (task_running(rq, p))$/{N;N;s/^.*\n.*\n	else if (p->u\.tiny\.on_rq && task_rq(p) == rq) {$/	{/}
