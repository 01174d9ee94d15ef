# ingosched whose try_to_wake_up() does not look at the task again after
# retaking the lock of the CPU it moved the task to: another CPU may have
# woken it meanwhile.  Serially nobody can.
s/\<ingo_sched_drv\>/ingo_ttwu_nochk_sched_drv/
s/"ingosched"/"ingo_ttwu_nochk"/
/it may have been woken by someone else meanwhile/{n;n;N;N;N;N;d}
