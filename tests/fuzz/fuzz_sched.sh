#!/bin/sh
# tests/fuzz/fuzz_sched.sh - every input kept by fuzzing the scheduler
# (tests/fuzz/corpus/sched: what libFuzzer kept for new coverage of the
# machine and the drivers, and every crash once fixed) replays through
# the machine's checks without a report.  A report aborts the replayer
# with the machine's message on stderr.
set -u

replay="${builddir:-.}/tests/fuzz/fuzz_sched${EXEEXT:-}"
corpus="${srcdir:-.}/tests/fuzz/corpus/sched"

out=$("$replay" "$corpus") || {
	echo "FAIL: an input made the machine report (or could not be read)"
	exit 1
}
echo "$out"
n=$(echo "$out" | sed -n 's/^replay: \([0-9]*\) inputs replayed$/\1/p')
files=$(ls "$corpus" | wc -l)
if [ -n "$n" ] && [ "$n" = "$files" ] && [ "$files" -ge 100 ]; then
	echo "PASS: $n inputs replayed"
	exit 0
fi
echo "FAIL: replayed '$n' inputs, the corpus has $files (100 at least)"
exit 1
