#!/bin/sh
# tests/fuzz/fuzz_workload.sh - every input the workload parser has been
# fuzzed with and kept (tests/fuzz/corpus/workload: the examples, the
# test fixtures, and what libFuzzer found that reached new code), plus
# the examples and fixtures as they are now, replays without a crash.
# A crash found by `make fuzz-workload` goes into the corpus once fixed.
set -u

replay="${builddir:-.}/tests/fuzz/fuzz_workload${EXEEXT:-}"
src="${srcdir:-.}"

out=$("$replay" "$src/tests/fuzz/corpus/workload" "$src/examples" \
	"$src/tests/unit/workloads") || {
	echo "FAIL: an input crashed the parser or could not be read"
	exit 1
}
echo "$out"
n=$(echo "$out" | sed -n 's/^replay: \([0-9]*\) inputs replayed$/\1/p')
corpus=$(ls "$src/tests/fuzz/corpus/workload" | wc -l)
# The corpus itself, plus the examples and fixtures again.
if [ -n "$n" ] && [ "$n" -gt "$corpus" ] && [ "$corpus" -ge 400 ]; then
	echo "PASS: $n inputs replayed ($corpus in the corpus)"
	exit 0
fi
echo "FAIL: replayed '$n' inputs, corpus has $corpus"
exit 1
