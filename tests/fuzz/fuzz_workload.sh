#!/bin/sh
# tests/fuzz/fuzz_workload.sh - every input the workload parser has been
# fuzzed with and kept (tests/fuzz/corpus/workload: the examples, the
# test fixtures, and what libFuzzer found that reached new code), plus
# the examples and fixtures as they are now, replays without a crash.
# A crash found by `make fuzz-workload` goes into the corpus once fixed.
set -u

src="${srcdir:-.}"
. "$src/tests/unit/testlib.sh"
replay=$(vg_tool "${builddir:-.}/tests/fuzz/fuzz_workload${EXEEXT:-}")

corpus=$(ls "$src/tests/fuzz/corpus/workload" | wc -l)
if out=$("$replay" "$src/tests/fuzz/corpus/workload" "$src/examples" \
	 "$src/tests/unit/workloads"); then
	echo "$out"
	n=$(echo "$out" |
	    sed -n 's/^replay: \([0-9]*\) inputs replayed$/\1/p')
	# The corpus itself, plus the examples and fixtures again.
	if [ -n "$n" ] && [ "$n" -gt "$corpus" ] && [ "$corpus" -ge 400 ]
	then
		ok "$n inputs replayed ($corpus in the corpus)"
	else
		ko "replayed '$n' inputs, corpus has $corpus"
	fi
else
	ko "an input crashed the parser or could not be read"
fi
finish
