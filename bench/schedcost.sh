#!/bin/sh
# bench/schedcost.sh - the O(1) check: instructions per schedule() with 10
# and with 10,000 runnable tasks, for every driver that claims O(1)
# picking (.o1 = 1 in its struct sched_drv).  Exit 0 when every ratio is
# within 10%, 1 when one is not, 2 when the check cannot run.
#
# The count is callgrind's, of exactly the sched_yield() -> schedule() ->
# switch -> return paths (bench/schedcost.c says how); instruction counts
# do not depend on the host's speed or load.  With --differential it is
# checked against a second method that needs no toggling: cachegrind's
# count of the whole program at CALLS and at 2 * CALLS calls, whose
# difference per call is the whole loop of a yielder (the same path plus
# a few instructions of the loop itself).
#
# usage: schedcost.sh [--differential]
# environment: builddir (default .), top_srcdir (for drivers/*.c),
#              LIBTOOL (default $builddir/libtool), CALLS (default 50000)
set -u

builddir=${builddir:-.}
top_srcdir=${top_srcdir:-$(dirname "$0")/..}
LIBTOOL=${LIBTOOL:-$builddir/libtool}
CALLS=${CALLS:-50000}
SMALL=10
LARGE=10000
TOLERANCE=0.10
prog="$builddir/bench/schedcost${EXEEXT:-}"
differential=0

die() {
	echo "schedcost.sh: $*" >&2
	exit 2
}

case "${1:-}" in
--differential) differential=1 ;;
"") ;;
*) die "unknown argument '$1' (usage: schedcost.sh [--differential])" ;;
esac
[ -x "$prog" ] || die "no $prog: run 'make bench/schedcost' first"
command -v valgrind >/dev/null 2>&1 || die "valgrind is not installed"

tmp=$(mktemp -d) || die "cannot make a temporary directory"
trap 'rm -rf "$tmp"' EXIT

# Under libtool's wrapper the program itself runs under valgrind.
vg() {
	$LIBTOOL --mode=execute valgrind -q "$@"
}

# claims_o1 DRIVER: the driver's source sets .o1 = 1.  Without the
# source at hand every driver is held to it.
claims_o1() {
	src="$top_srcdir/drivers/$1.c"
	[ -r "$src" ] || return 0
	grep -Eq '^[[:space:]]*\.o1[[:space:]]*=[[:space:]]*1,' "$src"
}

# measured DRIVER TASKS: a run outside valgrind checks that every measured
# interval held one switch, to a yielder; prints the calls measured.
measured() {
	"$prog" "$1" "$2" "$CALLS" >"$tmp/native" 2>&1 ||
		die "$1 with $2 tasks: $(tail -n 1 "$tmp/native")"
	sed -n 's/.*: measured \([0-9]*\) .*/\1/p' "$tmp/native"
}

# callgrind_per_call DRIVER TASKS CALLS_MEASURED
callgrind_per_call() {
	out="$tmp/callgrind.$1.$2"
	vg --tool=callgrind --collect-atstart=no --callgrind-out-file="$out" \
		"$prog" "$1" "$2" "$CALLS" >/dev/null 2>"$tmp/err" ||
		die "callgrind on $1 with $2 tasks: $(tail -n 1 "$tmp/err")"
	awk -v n="$3" '/^totals:/ { printf "%.1f\n", $2 / n; found = 1 }
		END { exit !found }' "$out" ||
		die "no totals in callgrind's output for $1"
}

# cachegrind_total DRIVER TASKS CALLS
cachegrind_total() {
	out="$tmp/cachegrind.$1.$2.$3"
	vg --tool=cachegrind --cache-sim=no --cachegrind-out-file="$out" \
		"$prog" "$1" "$2" "$3" >/dev/null 2>"$tmp/err" ||
		die "cachegrind on $1 with $2 tasks: $(tail -n 1 "$tmp/err")"
	awk '/^summary:/ { print $2 }' "$out"
}

# differential_per_call DRIVER TASKS
differential_per_call() {
	a=$(cachegrind_total "$1" "$2" "$CALLS")
	b=$(cachegrind_total "$1" "$2" $((2 * CALLS)))
	awk -v a="$a" -v b="$b" -v n="$CALLS" \
		'BEGIN { printf "%.1f\n", (b - a) / n }'
}

# verdict SMALL_COST LARGE_COST: prints the ratio and ok/OFF; status 1
# when off by more than the tolerance.
verdict() {
	awk -v s="$1" -v l="$2" -v tol="$TOLERANCE" 'BEGIN {
		r = l / s
		off = r > 1 + tol || r < 1 - tol
		printf "%.3f %s\n", r, off ? "OFF" : "ok"
		exit off
	}'
}

drivers=$("$prog" --list) || die "$prog --list failed"
status=0
echo "instructions per sched_yield() -> schedule() -> switch, 1 CPU," \
	"$CALLS calls, limit ratio 1 +- $TOLERANCE"
printf '%-10s %12s %12s %7s %s\n' driver "$SMALL tasks" "$LARGE tasks" \
	ratio verdict
for d in $drivers; do
	if ! claims_o1 "$d"; then
		printf '%-10s (does not claim O(1): not checked)\n' "$d"
		continue
	fi
	ns=$(measured "$d" $SMALL) || exit 2
	nl=$(measured "$d" $LARGE) || exit 2
	cs=$(callgrind_per_call "$d" $SMALL "$ns") || exit 2
	cl=$(callgrind_per_call "$d" $LARGE "$nl") || exit 2
	v=$(verdict "$cs" "$cl") || status=1
	printf '%-10s %12s %12s %7s %s\n' "$d" "$cs" "$cl" $v
	[ $differential = 1 ] || continue
	ds=$(differential_per_call "$d" $SMALL) || exit 2
	dl=$(differential_per_call "$d" $LARGE) || exit 2
	v=$(verdict "$ds" "$dl") || status=1
	printf '%-10s %12s %12s %7s %s\n' "  (diff.)" "$ds" "$dl" $v
done
exit $status
