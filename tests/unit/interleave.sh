#!/bin/sh
# tests/unit/interleave.sh - the suites that state what every driver must
# do, run again with CPUs interleaving (docs/machine.md, "Interleaving"):
# the conformance suite, the rt-mutex, wait queue, system call,
# dispatcher and workload suites, and the rt-tester scripts on two CPUs,
# each under PCT and random schedules.  A property that holds serially
# must hold whichever CPU goes on at each lock, atomic, interrupt and
# preemption point.
#
# The suites whose numbers pin serial order (a tick's load balancing
# counted against the jiffy cpu0's tick has or has not advanced yet, an
# exact report string) stay serial: interleaved, those numbers change
# legitimately.
#
# Environment:
#   INTERLEAVE_SEEDS  seeds per strategy (default 4)
#
# Under Valgrind one schedule per suite and per script, PCT and random
# in turn, and each script on one driver, the drivers in turn
# (vg_drivers): the conformance suite alone takes three minutes there,
# and the sanitizer build runs every schedule on every driver.
set -u

. "${srcdir:-.}/tests/unit/testlib.sh"

seeds=${INTERLEAVE_SEEDS:-4}
bdir=${builddir:-.}
suites="check_conformance check_rtmutex check_waitqueue check_syscalls
	check_dispatcher check_workload"
turn=0

# strategies - the schedules of the next run; $turn counts the runs.
strategies() {
	if [ -n "${VALGRIND:-}" ] && [ -z "${INTERLEAVE_SEEDS:-}" ]; then
		if [ $((turn % 2)) = 0 ]; then
			echo "pct:1:3"
		else
			echo "random:1"
		fi
		return
	fi
	i=1
	while [ "$i" -le "$seeds" ]; do
		echo "pct:$i:3 random:$i"
		i=$((i + 1))
	done
}

for suite in $suites; do
	prog=$(vg_tool "$bdir/tests/unit/$suite")
	list=$(strategies)
	turn=$((turn + 1))
	for s in $list; do
		if PLUGSCHED_INTERLEAVE=$s CK_VERBOSITY=normal \
			"$prog" >"$tmp/out" 2>&1
		then
			ok "$suite with --interleave=$s"
		else
			ko "$suite with --interleave=$s:"
			grep -E ':[FE]:|^[0-9]+%' "$tmp/out" | cut -c1-600 |
				head -20 | sed 's/^/    /'
		fi
	done
done

sim=$(vg_tool "$bdir/tools/schedsim${EXEEXT:-}")
drivers=$("$sim" --help | sed -n 's/.*built:\([^)]*\)).*/\1/p')
n=0
for tst in "${srcdir:-.}"/tests/unit/rttest/*.tst; do
	name=$(basename "$tst")
	n=$((n + 1))
	for drv in $(vg_drivers $n $drivers); do
		list=$(strategies)
		turn=$((turn + 1))
		for s in $list; do
			out=$("$sim" --cpusched="$drv" --cpus=2 \
				--interleave="$s" --script="$tst" 2>&1)
			status=$?
			if [ "$status" = 0 ] && [ "$out" = Pass ]; then
				ok "$name on $drv, 2 cpus, $s"
			else
				ko "$name on $drv, 2 cpus, $s (exit $status):" \
					"$(echo "$out" | head -5 | tr '\n' ' ')"
			fi
		done
	done
done

# Control: the interleaving is real.  A strategy that departs from the
# default runs a different machine from serial (other metrics), and
# replay: with no decisions listed is exactly serial.
digest() {
	"$sim" --cpusched=tiny --cpus=2 --duration=0.2 --format=json "$@" \
		"${srcdir:-.}/examples/stress.json" 2>/dev/null |
		grep -v host_ | cksum | cut -d' ' -f1
}
serial=$(digest)
if [ -n "$serial" ] && [ "$(digest --interleave=replay:)" = "$serial" ]; then
	ok "replay: with no decisions is the serial run ($serial)"
else
	ko "replay: with no decisions is the serial run" \
		"($serial vs $(digest --interleave=replay:))"
fi
if [ -n "$serial" ] && [ "$(digest --interleave=random:1)" != "$serial" ]
then
	ok "random:1 runs another machine than serial"
else
	ko "random:1 runs another machine than serial (both $serial)"
fi

# A strategy that does not parse is an input error with its column.
"$sim" --cpusched=tiny --cpus=2 --interleave=pct:x >"$tmp/out" 2>&1
status=$?
if [ "$status" = 2 ] && grep -q 'column 5' "$tmp/out"; then
	ok "--interleave=pct:x: exit 2, column 5"
else
	ko "--interleave=pct:x: exit $status: $(cat "$tmp/out")"
fi
# A schedule naming a decision the run never reaches is an input error.
"$sim" --cpusched=tiny --cpus=2 --duration=0.01 \
	--interleave=replay:99999999@1 >"$tmp/out" 2>&1
status=$?
if [ "$status" = 2 ] && grep -q 'never reached' "$tmp/out"; then
	ok "replay of a decision never reached: exit 2"
else
	ko "replay of a decision never reached: exit $status: $(cat "$tmp/out")"
fi

vg_verdict
finish
