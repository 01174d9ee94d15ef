#
# A boost follows a chain of owners: T3 waits for L2 held by T2, which
# waits for L1 held by T1, which waits for L0 held by T0.  All four end
# up at T3's priority; unwinding the chain drops each owner to what it
# still inherits.
#
# Threads: T0 SCHED_NORMAL, T1 FIFO 50, T2 FIFO 60, T3 FIFO 90.
# Locks: L0, L1, L2.
#

C: schedother:		0:	0
C: schedfifo:		1:	50
C: schedfifo:		2:	60
C: schedfifo:		3:	90

C: locknowait:		0:	0
W: locked:		0:	0
C: locknowait:		1:	1
W: locked:		1:	1
C: locknowait:		2:	2
W: locked:		2:	2

# T1 -> L0 (T0)
C: locknowait:		1:	0
W: blocked:		1:	0
T: prioeq:		0:	50

# T2 -> L1 (T1) -> L0 (T0)
C: locknowait:		2:	1
W: blocked:		2:	1
T: prioeq:		1:	60
T: prioeq:		0:	60

# T3 -> L2 (T2) -> L1 (T1) -> L0 (T0)
C: locknowait:		3:	2
W: blocked:		3:	2
T: prioeq:		2:	90
T: prioeq:		1:	90
T: prioeq:		0:	90
T: nprioeq:		2:	60
T: nprioeq:		1:	50
T: npriolt:		0:	1

# T0 lets go of L0: T1 takes it and keeps 90 (T2 still waits for L1).
C: unlock:		0:	0
W: locked:		1:	0
T: priolt:		0:	1
T: prioeq:		1:	90

# T1 lets go of L1: T2 takes it; T1 keeps L0, with no waiter: 50.
C: unlock:		1:	1
W: locked:		2:	1
T: prioeq:		1:	50
T: prioeq:		2:	90

# T2 lets go of L2: T3 takes it; T2 is back at 60.
C: unlock:		2:	2
W: locked:		3:	2
T: prioeq:		2:	60
T: prioeq:		3:	90

C: reset:		1:	0
C: reset:		2:	0
C: reset:		3:	0
W: unlocked:		1:	0
W: unlocked:		2:	1
W: unlocked:		3:	2
