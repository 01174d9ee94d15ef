# tests/unit/testlib.sh - what the shell tests share, sourced at their
# top: a scratch directory $tmp removed on exit, ok/ko to count and print
# checks as PASS/FAIL lines, and finish to print the tally and exit with
# the test's status.

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); echo "PASS: $*"; }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }

finish() {
	echo "$pass passed, $fail failed"
	[ "$fail" = 0 ]
	exit
}
