#
# rw_semaphores: readers share, a writer excludes and inherits, a
# waiting writer holds new readers back, downgrade lets readers in.
#
# Threads: T0 SCHED_NORMAL, T1 FIFO 60, T2 FIFO 70, T3 FIFO 40.  RW0.
#

C: schedother:		0:	0
C: schedfifo:		1:	60
C: schedfifo:		2:	70
C: schedfifo:		3:	40

# T0 writes; T1 (a reader) waits and lends T0 60.
C: downwrite:		0:	0
W: rwwritelocked:	0:	0
C: downread:		1:	0
W: rwblocked:		1:	0
T: prioeq:		0:	60

# T2 (a writer) waits too: T0 at 70.
C: downwrite:		2:	0
W: rwblocked:		2:	0
T: prioeq:		0:	70

# Downgrade: T0 and T1 read (T1 came first); T2 waits for them and
# lends nobody: T0 back to its normal priority.
C: downgrade:		0:	0
W: rwreadlocked:	0:	0
W: rwreadlocked:	1:	0
T: rwblocked:		2:	0
T: priolt:		0:	1

# A new reader queues behind the waiting writer.
C: downread:		3:	0
W: rwblocked:		3:	0

# Both readers leave: T2 writes, T3 still waits, T2's up_write lets it.
C: upread:		0:	0
C: upread:		1:	0
W: rwwritelocked:	2:	0
T: rwblocked:		3:	0
T: prioeq:		2:	70
C: upwrite:		2:	0
W: rwreadlocked:	3:	0
C: upread:		3:	0
W: rwunlocked:		3:	0
