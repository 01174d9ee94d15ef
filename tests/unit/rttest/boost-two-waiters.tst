#
# The owner runs at the priority of its best waiter: a second, better
# waiter raises it, a third, weaker one does not.  On unlock the lock
# goes to the best waiter first, then the next best.
#
# Threads: T0 SCHED_NORMAL, T1 FIFO 60, T2 FIFO 75, T3 FIFO 65.  L0.
#

C: schedother:		0:	0
C: schedfifo:		1:	60
C: schedfifo:		2:	75
C: schedfifo:		3:	65

C: locknowait:		0:	0
W: locked:		0:	0

C: locknowait:		1:	0
W: blocked:		1:	0
T: prioeq:		0:	60

C: locknowait:		2:	0
W: blocked:		2:	0
T: prioeq:		0:	75

C: locknowait:		3:	0
W: blocked:		3:	0
T: prioeq:		0:	75

# T2 (75), the best waiter, gets L0; T3 (65) waits on it now, which
# changes nothing: 75 is better.
C: unlock:		0:	0
W: locked:		2:	0
T: priolt:		0:	1
T: prioeq:		2:	75
T: blocked:		1:	0
T: blocked:		3:	0

# Then T3 (65), the better of the two left...
C: unlock:		2:	0
W: locked:		3:	0
T: prioeq:		3:	65
T: blocked:		1:	0

# ...and last T1 (60).
C: unlock:		3:	0
W: locked:		1:	0
C: unlock:		1:	0
W: unlocked:		1:	0
