#
# Fails on purpose at line 10: T0 is SCHED_FIFO 80, not 81.  The runner
# must answer "Test failed in line 10", exit status 1.
#
C: schedfifo:		0:	80
C: locknowait:		0:	0
W: locked:		0:	0
T: prioeq:		0:	80
T: nprioeq:		0:	80
T: prioeq:		0:	81
T: prioeq:		0:	80
