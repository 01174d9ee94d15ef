#
# Priority changes in the middle of a chain, then signals unwinding it:
# each change walks down the chain from the task whose priority moved,
# each waiter that leaves drops every owner below it to what it still
# inherits.
#
# Threads: T0 SCHED_NORMAL, T1 FIFO 40, T2 FIFO 50, T3 FIFO 60.
# Chain: T3 -> L2 (T2) -> L1 (T1) -> L0 (T0); the waits are
# interruptible.
#

C: schedother:		0:	0
C: schedfifo:		1:	40
C: schedfifo:		2:	50
C: schedfifo:		3:	60

C: locknowait:		0:	0
W: locked:		0:	0
C: locknowait:		1:	1
W: locked:		1:	1
C: locknowait:		2:	2
W: locked:		2:	2

C: lockintnowait:	1:	0
W: blocked:		1:	0
C: lockintnowait:	2:	1
W: blocked:		2:	1
C: lockintnowait:	3:	2
W: blocked:		3:	2
T: prioeq:		2:	60
T: prioeq:		1:	60
T: prioeq:		0:	60

# The top waiter drops to 30: every owner falls back to T2's 50.
C: schedfifo:		3:	30
T: prioeq:		3:	30
T: prioeq:		2:	50
T: prioeq:		1:	50
T: prioeq:		0:	50

# ... and rises to 70: all follow.
C: schedfifo:		3:	70
T: prioeq:		2:	70
T: prioeq:		1:	70
T: prioeq:		0:	70

# T1, in the middle, rises to 75: T0 follows, T2 (above) does not.
C: schedfifo:		1:	75
T: prioeq:		1:	75
T: prioeq:		0:	75
T: prioeq:		2:	70
T: nprioeq:		2:	50

# T1 drops to 45: it and T0 keep the 70 they inherit from above.
C: schedfifo:		1:	45
T: prioeq:		1:	70
T: nprioeq:		1:	45
T: prioeq:		0:	70

# T3 leaves on a signal: T2 is back at 50, which T1 and T0 inherit.
C: signal:		3:	0
W: unlocked:		3:	2
W: opcodeeq:		3:	-4
T: prioeq:		2:	50
T: prioeq:		1:	50
T: prioeq:		0:	50

# T2 leaves: T1 at its own 45, T0 inherits it.
C: signal:		2:	0
W: unlocked:		2:	1
T: prioeq:		1:	45
T: prioeq:		0:	45

# T1 leaves: T0 inherits nothing.
C: signal:		1:	0
W: unlocked:		1:	0
T: priolt:		0:	1

C: unlock:		2:	2
C: unlock:		1:	1
C: unlock:		0:	0
W: unlocked:		2:	2
W: unlocked:		1:	1
W: unlocked:		0:	0
