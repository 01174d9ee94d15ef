#
# Malformed on purpose: line 9 names thread 8 (threads are 0..7).  The
# runner must answer "Syntax error in line 9", exit status 2, without
# running the lines before it.
#
C: schedfifo:		0:	80
C: locknowait:		0:	0
W: locked:		0:	0
C: locknowait:		8:	0
