# tests/unit/testlib.sh - what the shell tests share, sourced at their
# top: a scratch directory $tmp removed on exit, ok/ko to count and print
# checks as PASS/FAIL lines, vg_tool to run a program of the build under
# Valgrind when the test runs under `make check-valgrind`, and finish to
# print the tally and exit with the test's status.

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); echo "PASS: $*"; }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }

# vg_tool PROG - the command to run PROG by.  Under `make check-valgrind`
# ($VALGRIND set by AX_VALGRIND_CHECK) it is a wrapper in $tmp that runs
# the real binary (through libtool, past its wrapper script) under
# memcheck, each process logging to its own file; finish then fails the
# test on any error or definite leak logged.  Exit statuses are the
# program's own, so the test's checks of them are unchanged.
vg_tool() {
	if [ -z "${VALGRIND:-}" ]; then
		echo "$1"
		return
	fi
	mkdir -p "$tmp/vg"
	vg_wrapper="$tmp/vg/$(basename "$1")"
	cat >"$vg_wrapper" <<EOF
#!/bin/sh
exec "${builddir:-.}/libtool" --mode=execute $VALGRIND --tool=memcheck \\
	--quiet --num-callers=30 --leak-check=full \\
	--errors-for-leak-kinds=definite --show-leak-kinds=definite \\
	--log-file="$tmp/vg/log.%p" "$1" "\$@"
EOF
	chmod +x "$vg_wrapper"
	echo "$vg_wrapper"
}

# vg_verdict - under Valgrind, one check: every log of vg_tool's
# wrappers is empty (--quiet logs only errors and definite leaks).
vg_verdict() {
	[ -d "$tmp/vg" ] || return 0
	vg_logs=$(find "$tmp/vg" -name 'log.*' -size +0 | sort)
	vg_runs=$(find "$tmp/vg" -name 'log.*' | wc -l)
	if [ -z "$vg_logs" ]; then
		ok "valgrind: $vg_runs processes checked, no error," \
		   "no definite leak"
		return 0
	fi
	ko "valgrind reported errors or leaks:"
	for vg_log in $vg_logs; do
		cat "$vg_log"
	done
}

# vg_drivers TURN DRIVER... - the drivers a scenario runs on: all of
# them, or under `make check-valgrind` the one whose turn TURN is (TURN
# modulo their number).  Each scenario then starts one process under
# memcheck, not one per driver, and over a loop of scenarios every
# driver still takes its share; every other build runs each scenario
# on every driver.
vg_drivers() {
	vg_turn=$1
	shift
	if [ -z "${VALGRIND:-}" ]; then
		echo "$@"
		return
	fi
	shift $((vg_turn % $#))
	echo "$1"
}

# corpus DIR - DIR, or under `make check-valgrind` a directory of links
# to every FUZZ_CORPUS_STRIDE-th of its files (AM_TESTS_ENVIRONMENT):
# memcheck replays a sample, every other build the whole corpus.
corpus() {
	stride=${FUZZ_CORPUS_STRIDE:-1}
	if [ "$stride" -le 1 ]; then
		echo "$1"
		return
	fi
	sample="$tmp/sample.$(basename "$1")"
	whole=$(cd "$1" && pwd)
	mkdir -p "$sample"
	ls "$whole" | awk -v s="$stride" 'NR % s == 1' | while read -r f; do
		ln -s "$whole/$f" "$sample/$f"
	done
	echo "$sample"
}

# built_drivers SIM - sets $drivers to the drivers SIM (schedsim) lists
# as built and $nr to how many; with none the test fails at once.
built_drivers() {
	drivers=$("$1" --help | sed -n 's/.*built: \(.*\))$/\1/p')
	nr=$(echo "$drivers" | wc -w)
	if [ "$nr" -lt 1 ]; then
		echo "FAIL: no driver listed by schedsim --help"
		exit 1
	fi
}

finish() {
	vg_verdict
	echo "$pass passed, $fail failed"
	[ "$fail" = 0 ]
	exit
}
