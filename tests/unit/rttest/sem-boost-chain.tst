#
# Semaphores lend priority like rt_mutexes, and along the same chains:
# T0 (SCHED_NORMAL) holds rt_mutex L0; T1 (FIFO 50) holds semaphore S0
# and blocks on L0; T2 (FIFO 80) blocks on S0.  T1 and, through it, T0
# run at 80.  up() hands S0 to T2 and drops T1 back; L0's unlock drops
# T0.  Semaphores and rw_semaphores are numbered apart from the locks.
#
# Threads: T0 SCHED_NORMAL, T1 FIFO 50, T2 FIFO 80.  L0, S0.
#

C: schedother:		0:	0
C: schedfifo:		1:	50
C: schedfifo:		2:	80

C: locknowait:		0:	0
W: locked:		0:	0
C: down:		1:	0
W: semlocked:		1:	0
T: semunlocked:		0:	0

# T1 -> L0 (T0): T0 at 50
C: locknowait:		1:	0
W: blocked:		1:	0
T: prioeq:		0:	50

# T2 -> S0 (T1) -> L0 (T0): both at 80
C: down:		2:	0
W: semblocked:		2:	0
T: opcodeeq:		2:	down
T: prioeq:		1:	80
T: prioeq:		0:	80
T: nprioeq:		1:	50

# T0 lets go of L0: T1 takes it, keeps 80 while T2 waits for S0.
C: unlock:		0:	0
W: locked:		1:	0
T: priolt:		0:	1
T: prioeq:		1:	80

# T1 ups S0: T2 holds it, T1 is back at 50.
C: up:			1:	0
W: semlocked:		2:	0
W: opcodeeq:		2:	0
T: prioeq:		1:	50
T: semunlocked:		1:	0

C: reset:		1:	0
C: reset:		2:	0
W: unlocked:		1:	0
W: semunlocked:		2:	0
