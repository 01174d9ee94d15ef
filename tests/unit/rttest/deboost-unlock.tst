#
# De-boost on unlock, to the right level: an owner of two locks runs at
# the better of their top waiters; unlocking the lock with the better
# waiter leaves it at the other waiter's priority, unlocking the last
# one at its own.
#
# Threads: T0 SCHED_FIFO 10, T1 FIFO 70, T2 FIFO 80.  Locks: L0, L1.
#

C: schedfifo:		0:	10
C: schedfifo:		1:	70
C: schedfifo:		2:	80

C: locknowait:		0:	0
W: locked:		0:	0
W: opcodeeq:		0:	0
C: locknowait:		0:	1
W: locked:		0:	1

C: locknowait:		1:	0
W: blocked:		1:	0
T: prioeq:		0:	70

C: locknowait:		2:	1
W: blocked:		2:	1
T: prioeq:		0:	80
T: nprioeq:		0:	10

# Unlock L1 (waiter 80): T2 takes it, T0 still lends from T1 (70).
C: unlock:		0:	1
W: locked:		2:	1
W: opcodeeq:		0:	0
T: prioeq:		0:	70

# Unlock L0 (waiter 70): back to its own 10.
C: unlock:		0:	0
W: locked:		1:	0
W: opcodeeq:		0:	0
T: prioeq:		0:	10
T: nprioeq:		0:	10

C: unlock:		1:	0
C: unlock:		2:	1
W: unlocked:		1:	0
W: unlocked:		2:	1
T: prioeq:		1:	70
T: prioeq:		2:	80
