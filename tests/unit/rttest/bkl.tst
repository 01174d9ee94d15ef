#
# The big kernel lock (lockbkl/unlockbkl) is a plain sleeping lock: a
# waiter does not boost its owner.  Also: reset releases every lock a
# thread holds.
#
# Threads: T0 SCHED_NORMAL, T1 FIFO 80.
#

C: schedother:		0:	0
C: schedfifo:		1:	80

C: lockbkl:		0:	0
W: lockedbkl:		0:	0
W: opcodeeq:		0:	0
C: lockbkl:		1:	0
W: blockedbkl:		1:	0
T: priolt:		0:	1

C: unlockbkl:		0:	0
W: lockedbkl:		1:	0
T: unlockedbkl:		0:	0
C: unlockbkl:		1:	0
W: unlockedbkl:		1:	0

# reset: T0 takes L0 and L1, reset drops both.
W: opcodeeq:		0:	0
C: locknowait:		0:	0
W: locked:		0:	0
W: opcodeeq:		0:	0
C: locknowait:		0:	1
W: locked:		0:	1
W: opcodeeq:		0:	0
C: reset:		0:	0
W: unlocked:		0:	0
W: unlocked:		0:	1
C: locknowait:		1:	1
W: locked:		1:	1
