#
# Simple boost: a SCHED_NORMAL owner runs at the priority of the
# SCHED_FIFO task waiting for its lock, and drops back when it unlocks.
# The waiter uses "lock", so once the lock is handed to it, it stops in
# the wake-up loop until lockcont.
#
# Threads: T0 SCHED_NORMAL, T1 SCHED_FIFO 70.  Lock: L0.
#

C: resetevent:		0:	0
W: opcodeeq:		0:	0

C: schedother:		0:	0
C: schedfifo:		1:	70
T: prioeq:		1:	70
T: nprioeq:		1:	70
T: priolt:		0:	1
T: npriolt:		0:	1

# T0 takes L0: one event before the attempt, one after.
C: lock:		0:	0
W: locked:		0:	0
W: opcodeeq:		0:	0
T: eventeq:		0:	2

# T1 blocks on L0 and lends T0 its priority; T0's normal one stays.
C: lock:		1:	0
W: blocked:		1:	0
T: opcodeeq:		1:	lock
T: eventgt:		1:	2
T: prioeq:		0:	70
T: npriolt:		0:	1

# T0 unlocks: T1 is woken as the pending owner and waits in the
# wake-up loop; T0 is back at its normal priority.
C: unlock:		0:	0
W: unlocked:		0:	0
W: blockedwake:		1:	0
T: priolt:		0:	1
T: prioeq:		1:	70

# Let T1 go on: it takes L0.
C: lockcont:		1:	0
W: locked:		1:	0
W: opcodeeq:		1:	0
C: unlock:		1:	0
W: unlocked:		1:	0
T: prioeq:		1:	70
