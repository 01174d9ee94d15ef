#
# Deadlock detection: a lock attempt whose chain of owners comes back to
# the caller fails at once with -EDEADLK (-35) when it asks for
# detection ("lockintdetect", an addition to the kernel's commands),
# and the caller keeps what it holds.  Cases: the caller's own lock; a
# cycle of two; a cycle of three.
#
# Threads: T0, T1, T2 SCHED_FIFO 80.  Locks: L0, L1, L2.
#

C: schedfifo:		0:	80
C: schedfifo:		1:	80
C: schedfifo:		2:	80

C: locknowait:		0:	0
W: locked:		0:	0
W: opcodeeq:		0:	0
C: locknowait:		1:	1
W: locked:		1:	1
W: opcodeeq:		1:	0
C: locknowait:		2:	2
W: locked:		2:	2
W: opcodeeq:		2:	0

# T0 asks again for L0, which it holds.
C: lockintdetect:	0:	0
W: opcodeeq:		0:	-35
T: locked:		0:	0

# T0 -> L1 (T1); T1 asking for L0 (T0) closes a cycle of two.
C: lockintnowait:	0:	1
W: blocked:		0:	1
C: lockintdetect:	1:	0
W: opcodeeq:		1:	-35
T: unlocked:		1:	0
T: locked:		1:	1
T: blocked:		0:	1

# T1 -> L2 (T2); T2 asking for L0 (T0 -> L1 -> T1 -> L2 -> T2): three.
C: lockintnowait:	1:	2
W: blocked:		1:	2
C: lockintdetect:	2:	0
W: opcodeeq:		2:	-35
T: unlocked:		2:	0
T: locked:		2:	2

# Undo: T2 lets go of L2, T1 gets it and lets go of L1, T0 gets it.
C: unlock:		2:	2
W: locked:		1:	2
W: opcodeeq:		1:	0
C: unlock:		1:	1
W: locked:		0:	1
W: opcodeeq:		0:	0
C: reset:		0:	0
C: reset:		1:	0
W: unlocked:		0:	0
W: unlocked:		0:	1
W: unlocked:		1:	2
