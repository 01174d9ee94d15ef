#!/bin/sh
# bench/tracemem.sh - what a trace costs in memory: schedsim's peak
# resident set (GNU time's %M) for the bundled workload on 2 CPUs at 10,
# 100 and 1000 simulated seconds, without a trace, with --trace=FILE.txt,
# --trace=FILE.json and --trace=FILE.dat.  The trace is written as the
# run goes, so a traced run must stay within TRACE_SLACK_KB of the
# untraced one at every length.  Exit 0 when it does, 1 when not, 2
# when the check cannot run.
#
# usage: tracemem.sh
# environment: builddir (default .), LIBTOOL (default $builddir/libtool)
set -u

builddir=${builddir:-.}
LIBTOOL=${LIBTOOL:-$builddir/libtool}
TRACE_SLACK_KB=1024
sim="$builddir/tools/schedsim${EXEEXT:-}"
gnutime=/usr/bin/time

die() {
	echo "tracemem.sh: $*" >&2
	exit 2
}

[ -x "$sim" ] || die "no $sim: run 'make' first"
"$gnutime" -f %M true >/dev/null 2>&1 || die "needs GNU time ($gnutime)"
tmp=$(mktemp -d) || die "no temporary directory"
trap 'rm -rf "$tmp"' EXIT

# peak SECONDS [ARGS...]: the peak RSS in KB of one run.
peak() {
	sec=$1
	shift
	# $LIBTOOL is a command line ("/bin/bash ./libtool" from make).
	$LIBTOOL --mode=execute "$gnutime" -f %M -o "$tmp/rss" \
		"$sim" --cpus=2 --duration="$sec" "$@" >/dev/null ||
		die "schedsim --duration=$sec $* failed"
	tail -n 1 "$tmp/rss"
}

status=0
printf '%8s %12s %12s %12s %12s %14s\n' "sim s" "untraced KB" ".txt KB" \
	".json KB" ".dat KB" "trace file MB"
for sec in 10 100 1000; do
	# die() in $(...) ends only the subshell: exit with its status.
	none=$(peak "$sec") || exit
	txt=$(peak "$sec" --trace="$tmp/t.txt") || exit
	json=$(peak "$sec" --trace="$tmp/t.json") || exit
	dat=$(peak "$sec" --trace="$tmp/t.dat") || exit
	mb=$(du -m "$tmp/t.txt" | cut -f1)
	printf '%8s %12s %12s %12s %12s %14s\n' "$sec" "$none" "$txt" \
		"$json" "$dat" "$mb"
	for kb in "$txt" "$json" "$dat"; do
		if [ "$kb" -gt $((none + TRACE_SLACK_KB)) ]; then
			echo "a trace costs $((kb - none)) KB at $sec s" \
			     "(more than $TRACE_SLACK_KB)" >&2
			status=1
		fi
	done
done
exit $status
