#
# Lock stealing: unlock hands the lock to the top waiter as pending
# owner; until it runs and takes it, a task of better priority steals
# the lock (the pending owner then blocks again), while one of equal
# priority blocks behind the pending owner.
#
# Threads: T0 SCHED_NORMAL, T1 FIFO 70 (stops in the wake-up loop),
# T2 FIFO 80, T3 FIFO 70.  L0.
#

C: schedother:		0:	0
C: schedfifo:		1:	70
C: schedfifo:		2:	80
C: schedfifo:		3:	70

C: locknowait:		0:	0
W: locked:		0:	0
C: lock:		1:	0
W: blocked:		1:	0
T: prioeq:		0:	70

# T1 becomes the pending owner and waits in the wake-up loop.
C: unlock:		0:	0
W: blockedwake:		1:	0
W: unlocked:		0:	0
T: priolt:		0:	1

# T2 (80 > 70) steals L0 from it.
C: locknowait:		2:	0
W: locked:		2:	0

# T1 goes on, finds L0 taken and blocks again, lending nothing (70 < 80).
C: lockcont:		1:	0
W: blocked:		1:	0
T: prioeq:		2:	80

# T2 unlocks: T1 is the pending owner again.
C: unlock:		2:	0
W: blockedwake:		1:	0

# T3 (70, not better than T1) may not steal: it blocks.
C: locknowait:		3:	0
W: blocked:		3:	0
T: blockedwake:		1:	0

# T1 goes on and takes L0; T3 then waits for T1.
C: lockcont:		1:	0
W: locked:		1:	0
T: blocked:		3:	0
C: unlock:		1:	0
W: locked:		3:	0
C: unlock:		3:	0
W: unlocked:		3:	0
