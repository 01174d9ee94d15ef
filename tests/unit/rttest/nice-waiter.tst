#
# Renicing a blocked SCHED_NORMAL waiter moves the boost it lends: the
# owner follows the waiter's new priority, as for sched_setscheduler.
#
# Threads: T0 SCHED_NORMAL nice 19 (the owner), T1 SCHED_NORMAL nice 0,
# then -20 (the waiter).  L0.  A SCHED_NORMAL priority is the driver's
# own within a few levels of 120 + nice, so the tests use margins: nice
# 0 is prio 115 or worse (P -16 or less), nice -20 prio 105 or better
# (P -6 or more).
#

C: schedother:		0:	19
C: schedother:		1:	0

C: locknowait:		0:	0
W: locked:		0:	0
C: locknowait:		1:	0
W: blocked:		1:	0
T: priolt:		0:	-15

# T1 to nice -20 while it waits: T0 inherits its better priority.
C: schedother:		1:	-20
T: priogt:		0:	-15

# The boost ends with the unlock: T0 is back at nice 19.
C: unlock:		0:	0
W: locked:		1:	0
T: priolt:		0:	-15
C: unlock:		1:	0
W: unlocked:		1:	0
