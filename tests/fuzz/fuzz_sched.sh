#!/bin/sh
# tests/fuzz/fuzz_sched.sh - every input kept by fuzzing the scheduler
# replays through the machine's checks without a report: the corpus
# (tests/fuzz/corpus/sched: bytes a fuzzer kept for new coverage of the
# machine and the drivers) and the regressions (tests/fuzz/regressions:
# every crash once fixed, shrunk to a readable sequence).  A report
# aborts the replayer with the machine's message on stderr.
set -u

src="${srcdir:-.}/tests/fuzz"
. "${srcdir:-.}/tests/unit/testlib.sh"
replay=$(vg_tool "${builddir:-.}/tests/fuzz/fuzz_sched${EXEEXT:-}")

replay_dir() {
	dir=$1 least=$2
	# a hang is a failure too, not a test that never ends
	out=$(timeout 300 "$replay" "$dir") || {
		ko "an input of $dir made the machine report (or hang)"
		return
	}
	n=$(echo "$out" | sed -n 's/^replay: \([0-9]*\) inputs replayed$/\1/p')
	files=$(ls "$dir" | wc -l)
	if [ -n "$n" ] && [ "$n" = "$files" ] && [ "$files" -ge "$least" ]
	then
		ok "$dir: $n inputs replayed"
	else
		ko "$dir: replayed '$n' inputs of $files ($least at least)"
	fi
}

replay_dir "$(corpus "$src/corpus/sched")" $((100 / ${FUZZ_CORPUS_STRIDE:-1}))
replay_dir "$src/regressions" 5
finish
