#
# Fails on purpose at line 8: T1 waits for L0 held by T0, which never
# unlocks it, so the wait gives up (after 5 s of virtual time): "Test
# failed in line 8", exit status 1.
#
C: locknowait:		0:	0
C: locknowait:		1:	0
W: locked:		1:	0
