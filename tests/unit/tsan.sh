#!/bin/sh
# tests/unit/tsan.sh - the race detector's gate: `make check-tsan` in a
# build configured with --enable-tsan CC=clang (docs/machine.md, "The
# race detector").  Exit 77, a skip, in any other build.
#
# First the control (tests/unit/race_control.c) proves the detector
# works: two CPUs updating one counter without its lock are reported,
# with both lines, serially (the two never collide) and interleaved; the
# same under the lock, or on one CPU, is not.  Then the suites run under
# each interleaving strategy of $TSAN_MODES: the Check programs of
# $TSAN_SUITES, and every rt-tester script on two CPUs with every driver
# (through schedsim).  A race that tests/unit/tsan.supp does not name
# fails the run, and its report is printed.
set -u

. "${srcdir:-.}/tests/unit/testlib.sh"
build=${builddir:-.}
TSAN_MODES=${TSAN_MODES:-pct:1 random:1 serial}
TSAN_SUITES=${TSAN_SUITES:-check_conformance check_rtmutex check_waitqueue}

# make check-tsan passes TSAN_CFLAGS; run by hand, the Makefile has it.
if [ -z "${TSAN_CFLAGS+set}" ]; then
	TSAN_CFLAGS=$(sed -n 's/^TSAN_CFLAGS = //p' "$build/Makefile" \
		2>/dev/null)
fi
case $TSAN_CFLAGS in
*-fsanitize=thread*) ;;
*)
	echo "SKIP: not a race detector build (configure --enable-tsan)"
	exit 77
	;;
esac

supp="${srcdir:-.}/tests/unit/tsan.supp"
mkdir "$tmp/log"

# tsan_env NAME [HALT] - TSAN_OPTIONS for one run, its reports in
# $tmp/log/NAME.*: a race that is not suppressed makes the exit status
# 66, at once (HALT 1, the default) or at exit (HALT 0).
tsan_env() {
	echo "suppressions=$supp halt_on_error=${2:-1} exitcode=66" \
	     "report_signal_unsafe=0 log_path=$tmp/log/$1"
}

# reports NAME - the reports of run NAME, or nothing.
reports() {
	cat "$tmp/log/$1".* 2>/dev/null
}

# verdict WHAT NAME STATUS - a run that must exit 0 and report nothing.
verdict() {
	if [ "$3" = 0 ] && [ -z "$(reports "$2")" ]; then
		ok "$1"
	else
		ko "$1 (exit $3)"
		reports "$2" | head -80
		tail -20 "$tmp/out"
	fi
}

# ---- the control ---------------------------------------------------------

control=$build/tests/unit/race_control${EXEEXT:-}
n=0
for mode in serial pct:1; do
	n=$((n + 1))
	TSAN_OPTIONS=$(tsan_env race$n 0) "$control" unlocked "$mode" \
		>"$tmp/out" 2>&1
	status=$?
	lines=$(sed -n \
		's/^kfix_race\.c:\([0-9]*\) kfix_race\.c:\([0-9]*\)$/\1 \2/p' \
		"$tmp/out")
	set -- $lines
	if [ "$status" = 66 ] && [ $# = 2 ] &&
	   reports race$n | grep -q "WARNING: ThreadSanitizer: data race" &&
	   reports race$n | grep -q "kfix_race\.c:$1:" &&
	   reports race$n | grep -q "kfix_race\.c:$2:"; then
		ok "control: two CPUs, no lock ($mode): the race is reported" \
		   "at kfix_race.c:$1 and kfix_race.c:$2"
	else
		ko "control: two CPUs, no lock ($mode): no report naming" \
		   "both lines (exit $status)"
		cat "$tmp/out"
		reports race$n | head -60
	fi
done
for mode in serial pct:1; do
	for what in locked samecpu; do
		n=$((n + 1))
		TSAN_OPTIONS=$(tsan_env race$n) "$control" "$what" "$mode" \
			>"$tmp/out" 2>&1
		verdict "control: $what ($mode): no report" race$n $?
	done
done

# ---- the suites ----------------------------------------------------------

for mode in $TSAN_MODES; do
	for suite in $TSAN_SUITES; do
		name=$suite-$(echo "$mode" | tr -c 'a-z0-9\n' _)
		PLUGSCHED_INTERLEAVE=$mode CK_VERBOSITY=normal \
			TSAN_OPTIONS=$(tsan_env "$name") \
			"$build/tests/unit/$suite${EXEEXT:-}" >"$tmp/out" 2>&1
		verdict "$suite, interleave $mode: $(grep -o \
			'Checks: [0-9]*, Failures: [0-9]*, Errors: [0-9]*' \
			"$tmp/out")" "$name" $?
	done
done

sim=$build/tools/schedsim${EXEEXT:-}
drivers=$("$sim" --help | sed -n 's/.*built:\([^)]*\)).*/\1/p')
for mode in $TSAN_MODES; do
	bad=0
	count=0
	for tst in "${srcdir:-.}"/tests/unit/rttest/*.tst; do
		for drv in $drivers; do
			name=rt$count
			count=$((count + 1))
			TSAN_OPTIONS=$(tsan_env $name) "$sim" \
				--cpusched="$drv" --cpus=2 \
				--interleave="$mode" --script="$tst" \
				>"$tmp/out" 2>"$tmp/err"
			status=$?
			if [ "$status" != 0 ] ||
			   [ "$(cat "$tmp/out")" != Pass ] ||
			   [ -n "$(reports $name)" ]; then
				bad=$((bad + 1))
				echo "$(basename "$tst") on $drv: exit $status"
				cat "$tmp/out" "$tmp/err" | head -20
				reports $name | head -80
			fi
		done
	done
	if [ "$bad" = 0 ] && [ "$count" -gt 0 ]; then
		ok "rt-tester scripts, 2 CPUs, interleave $mode: $count runs"
	else
		ko "rt-tester scripts, 2 CPUs, interleave $mode: $bad of" \
		   "$count runs failed"
	fi
done

finish
