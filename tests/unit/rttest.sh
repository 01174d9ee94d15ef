#!/bin/sh
# tests/unit/rttest.sh - the rt-mutex tester scripts in tests/unit/rttest
# pass on every built driver (on one CPU and on two); the runner answers
# a failing test with "Test failed in line N" and exit status 1, and a
# malformed line with "Syntax error in line N" and exit status 2.
set -u

dir="${srcdir:-.}/tests/unit/rttest"
. "${srcdir:-.}/tests/unit/testlib.sh"
sim=$(vg_tool "${builddir:-.}/tools/schedsim${EXEEXT:-}")

drivers=$("$sim" --help | sed -n 's/.*built:\([^)]*\)).*/\1/p')
if [ -z "$drivers" ]; then
	ko "schedsim --help lists the built drivers"
	drivers=tiny
fi

# Every scenario, every driver: "Pass" and exit 0 (under Valgrind each
# scenario on one driver, in turn: vg_drivers).
n=0
for tst in "$dir"/*.tst; do
	name=$(basename "$tst")
	n=$((n + 1))
	for drv in $(vg_drivers $n $drivers); do
		for cpus in 1 2; do
			what="$name on $drv, $cpus cpu(s)"
			"$sim" --cpusched="$drv" --cpus="$cpus" \
				--script="$tst" >"$tmp/out" 2>"$tmp/err"
			status=$?
			if [ "$status" = 0 ] && [ "$(cat "$tmp/out")" = Pass ]
			then
				ok "$what"
			else
				ko "$what (exit $status): $(cat "$tmp/out" \
					"$tmp/err" | tr '\n' ' ')"
			fi
		done
	done
done

# expect STATUS "VERDICT" FILE - the runner answers FILE with exactly
# VERDICT on stdout, exit STATUS and a reason on stderr.
expect() {
	"$sim" --script="$3" >"$tmp/out" 2>"$tmp/err"
	status=$?
	if [ "$status" = "$1" ] && [ "$(cat "$tmp/out")" = "$2" ] &&
	   [ -s "$tmp/err" ]; then
		ok "$(basename "$3"): $2"
	else
		ko "$(basename "$3"): wanted '$2', exit $1; got" \
		   "'$(cat "$tmp/out")', exit $status"
	fi
}

expect 2 "Syntax error in line 9" "$dir/negative/syntax-error.tst"
expect 1 "Test failed in line 10" "$dir/negative/test-fails.tst"
expect 1 "Test failed in line 8" "$dir/negative/wait-times-out.tst"

# Malformed lines, each at line 3 after a valid prefix (and a blank line
# and a comment, which are skipped).
n=0
while IFS= read -r line; do
	n=$((n + 1))
	printf 'C: schedfifo: 0: 80\n\n%s\n# comment\n' "$line" \
		>"$tmp/bad$n.tst"
	expect 2 "Syntax error in line 3" "$tmp/bad$n.tst"
done <<'LINES'
X: lock: 0: 0
C: lock: 0
C: lock: 0: 0: 0
C: nosuch: 0: 0
T: nosuch: 0: 0
C: lock: 8: 0
C: lock: -1: 0
C: lock: a: 0
C: lock: 0: 8
C: lock: 0: x
C: schedfifo: 0: 0
C: schedfifo: 0: 100
C: schedother: 0: 20
T: locked: 0: 8
T: prioeq: 0: abc
W: opcodeeq: 0: nosuch
C: lock: : 0
lock: 0: 0
LINES

# Case and blanks do not matter; a command name stands for its number.
printf 'c:SchedFifo:0:80\nc: LockNoWait :0: 0\n  w : LOCKED\t:\t0 :\t 0  \n' \
	>"$tmp/case.tst"
printf 'W: opcodeeq: 0: 0\nT: opcodelt: 0: lock\nT: eventeq: 0: 2\n' \
	>>"$tmp/case.tst"
"$sim" --script="$tmp/case.tst" >"$tmp/out" 2>"$tmp/err"
if [ $? = 0 ] && [ "$(cat "$tmp/out")" = Pass ]; then
	ok "case, blanks and command names in tests"
else
	ko "case, blanks and command names in tests: $(cat "$tmp/err")"
fi

# A missing file: one line on stderr, exit 2.
"$sim" --script="$tmp/nosuch.tst" >"$tmp/out" 2>"$tmp/err"
if [ $? = 2 ] && [ "$(wc -l <"$tmp/err")" = 1 ]; then
	ok "a missing script file: exit 2"
else
	ko "a missing script file: exit 2"
fi

finish
