# ingosched with task_rq_lock() that does not retry: it locks the runqueue
# the task was on when it looked, though another CPU may have moved the
# task meanwhile.  Serially nothing moves between the two statements.
s/\<ingo_sched_drv\>/ingo_noretry_sched_drv/
s/"ingosched"/"ingo_noretry"/
/^repeat:$/d
/^	if (unlikely(rq != task_rq(p))) {$/,/^	}$/d
