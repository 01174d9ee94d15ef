#!/bin/sh
# tests/fuzz/fuzz_sched.sh - every input kept by fuzzing the scheduler
# replays through the machine's checks without a report: the corpus
# (tests/fuzz/corpus/sched: bytes a fuzzer kept for new coverage of the
# machine and the drivers) and the regressions (tests/fuzz/regressions:
# every crash once fixed, shrunk to a readable sequence).  A report
# aborts the replayer with the machine's message on stderr.
set -u

replay="${builddir:-.}/tests/fuzz/fuzz_sched${EXEEXT:-}"
src="${srcdir:-.}/tests/fuzz"
status=0

replay_dir() {
	dir=$1 least=$2
	# a hang is a failure too, not a test that never ends
	out=$(timeout 300 "$replay" "$dir") || {
		echo "FAIL: an input of $dir made the machine report (or hang)"
		status=1
		return
	}
	n=$(echo "$out" | sed -n 's/^replay: \([0-9]*\) inputs replayed$/\1/p')
	files=$(ls "$dir" | wc -l)
	if [ -n "$n" ] && [ "$n" = "$files" ] && [ "$files" -ge "$least" ]
	then
		echo "PASS: $dir: $n inputs replayed"
	else
		echo "FAIL: $dir: replayed '$n' inputs of $files" \
		     "($least at least)"
		status=1
	fi
}

replay_dir "$src/corpus/sched" 100
replay_dir "$src/regressions" 5
exit $status
