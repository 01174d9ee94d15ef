#!/bin/sh
# tests/unit/schedsim.sh - schedsim runs the bundled workload, prints its
# tables, is deterministic, and answers bad input with one line on stderr
# and exit status 2.
set -u

sim="${builddir:-.}/tools/schedsim${EXEEXT:-}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); echo "PASS: $1"; }
ko() { fail=$((fail + 1)); echo "FAIL: $1"; }

# A normal run: exit 0, one row per bundled task, one row per CPU.
if "$sim" --cpus=2 --duration=1 >"$tmp/out" 2>"$tmp/err"; then
	ok "default workload runs"
else
	ko "default workload runs (exit $?): $(cat "$tmp/err")"
fi
for task in hog-nice0 hog-nice10 hog-nice19 interactive fifo-50; do
	if grep -q " $task " "$tmp/out"; then
		ok "table lists $task"
	else
		ko "table lists $task"
	fi
done
if [ "$(grep -cE '^ +[01] +[0-9]+\.[0-9]+ ' "$tmp/out")" = 2 ]; then
	ok "one row per CPU"
else
	ko "one row per CPU"
fi
# The FIFO task runs 2 ms every 20 ms: 100 ms of 1 s.
if grep -E ' fifo-50 .* 100\.000 ' "$tmp/out" >/dev/null; then
	ok "fifo-50 gets 2 ms per 20 ms period"
else
	ko "fifo-50 gets 2 ms per 20 ms period"
fi

# Same options, same output, byte for byte.
"$sim" --cpus=2 --duration=1 >"$tmp/again" 2>&1
if cmp -s "$tmp/out" "$tmp/again"; then
	ok "deterministic output"
else
	ko "deterministic output"
fi

if "$sim" --help | grep -q -- '--cpusched'; then
	ok "--help lists the options"
else
	ko "--help lists the options"
fi

# Tunables: listed with their values; --set changes the run.  These use
# tiny's one control, so a build without tiny skips them.
if "$sim" --help | grep -q 'built:.* tiny'; then
if "$sim" --cpusched=tiny --list-tunables | grep -qE '^  timeslice +100  \[5\.\.1000, default 100\]'; then
	ok "--list-tunables shows tiny's timeslice"
else
	ko "--list-tunables shows tiny's timeslice"
fi
# A 20 ms slice gives another schedule than the default 100 ms one.
"$sim" --cpusched=tiny --set=tiny.timeslice=20 --duration=1 >"$tmp/set" 2>&1
"$sim" --cpusched=tiny --duration=1 >"$tmp/noset" 2>&1
if ! cmp -s "$tmp/set" "$tmp/noset" && grep -q ' hog-nice0 ' "$tmp/set"; then
	ok "--set=tiny.timeslice=20 changes the run"
else
	ko "--set=tiny.timeslice=20 changes the run"
fi
fi

# Bad input: exit 2, exactly one line on stderr, nothing on stdout.
bad() {
	"$sim" "$@" >"$tmp/bad.out" 2>"$tmp/bad.err"
	status=$?
	lines=$(wc -l <"$tmp/bad.err")
	if [ "$status" = 2 ] && [ "$lines" = 1 ] && [ ! -s "$tmp/bad.out" ]; then
		ok "rejects $*: $(cat "$tmp/bad.err")"
	else
		ko "rejects $* (exit $status, $lines lines on stderr)"
	fi
}
bad --cpusched=nosuch
bad --cpus=0
bad --cpus=100000
bad --duration=-1
bad --duration=0
bad --duration=abc
bad --hz=abc
bad --hz=5
bad --seed=-3
bad --bogus
bad extra-argument
if "$sim" --help | grep -q 'built:.* tiny'; then
bad --cpusched=tiny --set=tiny.timeslice=4
bad --cpusched=tiny --set=tiny.timeslice=abc
bad --cpusched=tiny --set=tiny.nosuch=1
bad --cpusched=tiny --set=ingosched.def_timeslice_ms=50
bad --cpusched=tiny --set=timeslice
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
