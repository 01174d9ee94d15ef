#
# An interruptible deadlock without detection, as the kernel's tester
# runs it: two SCHED_FIFO 80 threads each wait for the other's lock and
# stay blocked (the machine logs the cycle); a signal to each ends its
# wait and gives up the lock it was after.
#
C: resetevent:		0:	0
W: opcodeeq:		0:	0
C: schedfifo:		0:	80
C: schedfifo:		1:	80
C: locknowait:		0:	0
W: locked:		0:	0
C: locknowait:		1:	1
W: locked:		1:	1
C: lockintnowait:	0:	1
W: blocked:		0:	1
C: lockintnowait:	1:	0
W: blocked:		1:	0
T: blocked:		0:	1
T: blocked:		1:	0
C: signal:		0:	0
W: unlocked:		0:	1
C: signal:		1:	0
W: unlocked:		1:	0
