#
# De-boost when a waiter leaves: a signal ends an interruptible wait
# (the command fails with -EINTR, -4) and the owner drops to the best
# waiter left, then to its own priority.  A signal does not end an
# uninterruptible wait.
#
# Threads: T0 SCHED_NORMAL, T1 FIFO 70 (lockintnowait), T2 FIFO 85
# (lockintnowait), T3 FIFO 75 (locknowait, uninterruptible).  L0.
#

C: schedother:		0:	0
C: schedfifo:		1:	70
C: schedfifo:		2:	85
C: schedfifo:		3:	75

C: locknowait:		0:	0
W: locked:		0:	0

C: lockintnowait:	1:	0
W: blocked:		1:	0
C: lockintnowait:	2:	0
W: blocked:		2:	0
T: prioeq:		0:	85

# T2 leaves: T0 drops to T1's 70.
C: signal:		2:	0
W: unlocked:		2:	0
W: opcodeeq:		2:	-4
T: prioeq:		0:	70
T: prioeq:		2:	85

# T3 blocks uninterruptibly; a signal leaves it blocked.
C: locknowait:		3:	0
W: blocked:		3:	0
T: prioeq:		0:	75
C: signal:		3:	0
T: blocked:		3:	0
T: opcodeeq:		3:	locknowait
T: prioeq:		0:	75

# T1 leaves too: T3 (75) still lends.
C: signal:		1:	0
W: unlocked:		1:	0
W: opcodeeq:		1:	-4
T: prioeq:		0:	75

# T0 unlocks: T3 takes L0, T0 is back at its own priority.
C: unlock:		0:	0
W: locked:		3:	0
T: priolt:		0:	1
C: unlock:		3:	0
W: unlocked:		3:	0
