#
# sched_setscheduler on a boosted owner keeps the boost and applies the
# new normal priority, which shows when it is better than the boost or
# when the boost ends; on a blocked waiter, it moves the boost it lends.
#
# Threads: T0 FIFO 20 (the owner), T1 FIFO 70 (the waiter).  L0.
#

C: schedfifo:		0:	20
C: schedfifo:		1:	70

C: locknowait:		0:	0
W: locked:		0:	0
C: locknowait:		1:	0
W: blocked:		1:	0
T: prioeq:		0:	70
T: nprioeq:		0:	20

# Owner to 50: still boosted to 70.
C: schedfifo:		0:	50
T: prioeq:		0:	70
T: nprioeq:		0:	50

# Owner to 90: better than the boost.
C: schedfifo:		0:	90
T: prioeq:		0:	90
T: nprioeq:		0:	90

# Owner to 30: the boost (70) again.
C: schedfifo:		0:	30
T: prioeq:		0:	70
T: nprioeq:		0:	30

# Waiter to 40, then 75: the owner follows.
C: schedfifo:		1:	40
T: prioeq:		1:	40
T: prioeq:		0:	40
C: schedfifo:		1:	75
T: prioeq:		0:	75

# Owner to SCHED_NORMAL: still 75 while T1 waits.
C: schedother:		0:	5
T: prioeq:		0:	75
T: npriolt:		0:	1

# Unlock: the boost ends, the owner runs as SCHED_NORMAL.
C: unlock:		0:	0
W: locked:		1:	0
W: opcodeeq:		0:	0
T: priolt:		0:	1
C: unlock:		1:	0
W: unlocked:		1:	0
