#!/bin/sh
# tests/unit/schedsim.sh - schedsim runs the bundled workload, prints its
# tables, is deterministic, and answers bad input with one line on stderr
# and exit status 2.
set -u

. "${srcdir:-.}/tests/unit/testlib.sh"
sim=$(vg_tool "${builddir:-.}/tools/schedsim${EXEEXT:-}")

# A normal run: exit 0, one row per bundled task, one row per CPU.
if "$sim" --cpus=2 --duration=1 >"$tmp/out" 2>"$tmp/err"; then
	ok "default workload runs"
else
	ko "default workload runs (exit $?): $(cat "$tmp/err")"
fi
for task in hog-nice0 hog-nice10 hog-nice19 interactive fifo-50; do
	if grep -qE " $task-[0-9]+ " "$tmp/out"; then
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
if grep -E ' fifo-50-4 +FIFO +50 +100\.0 ' "$tmp/out" >/dev/null; then
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
if ! cmp -s "$tmp/set" "$tmp/noset" && grep -q ' hog-nice0-0 ' "$tmp/set"; then
	ok "--set=tiny.timeslice=20 changes the run"
else
	ko "--set=tiny.timeslice=20 changes the run"
fi
fi

# Traces.  The run with --trace prints the same tables as without it:
# recording does not change the schedule.
if "$sim" --cpus=2 --duration=1 --trace="$tmp/t.txt" >"$tmp/txt.out" 2>&1 &&
   cmp -s "$tmp/out" "$tmp/txt.out"; then
	ok "--trace=FILE.txt leaves the run unchanged"
else
	ko "--trace=FILE.txt leaves the run unchanged"
fi
# The kernel's header: tracer, entry count (= event lines), CPU count,
# the column titles.
events=$(grep -vc '^#' "$tmp/t.txt")
if [ "$(sed -n 1p "$tmp/t.txt")" = "# tracer: nop" ] &&
   grep -qx "# entries-in-buffer/entries-written: $events/$events   #P:2" "$tmp/t.txt" &&
   grep -qx '#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION' "$tmp/t.txt"; then
	ok "ftrace header names $events entries on 2 CPUs"
else
	ko "ftrace header (tracer, entries $events, #P:2, column titles)"
fi
# Every event line in the kernel's format: the task column 16 wide,
# pid, [CPU] in 3 digits, flags, seconds.microseconds, the event.
ctx='^[ -~]{16}-[0-9]+ +\[[0-9]{3}\] d\.\.2\. +[0-9]+\.[0-9]{6}: '
task='comm=[^ ]+ pid=[0-9]+ prio=[0-9]+'
state='(R|[SDTtXZ](\|[SDTtXZ])*)'
switch="sched_switch: prev_comm=[^ ]+ prev_pid=[0-9]+ prev_prio=[0-9]+ prev_state=$state ==> next_comm=[^ ]+ next_pid=[0-9]+ next_prio=[0-9]+\$"
wake="sched_(waking|wakeup|wakeup_new): $task target_cpu=[0-9]{3}\$"
migrate="sched_migrate_task: $task orig_cpu=[0-9]+ dest_cpu=[0-9]+\$"
odd=$(grep -v '^#' "$tmp/t.txt" | LC_ALL=C grep -vE "$ctx($switch|$wake|$migrate)" | head -1)
if [ "$events" -gt 0 ] && [ -z "$odd" ]; then
	ok "every trace line is in the kernel's format"
else
	ko "every trace line is in the kernel's format: '$odd'"
fi
for cpu in 000 001; do
	if LC_ALL=C grep -E "$ctx$switch" "$tmp/t.txt" |
	   grep -q "^.\{16\}-[0-9]* *\[$cpu\] "; then
		ok "sched_switch lines on CPU $cpu"
	else
		ko "sched_switch lines on CPU $cpu"
	fi
done
# A consistent timeline per CPU: a switch's prev is the previous switch's
# next there and is the line's task; every other line's task is the one
# current there; timestamps never go back.
if awk '
	/^#/ { next }
	{
		cpu = $2; ts = $4; sub(/:$/, "", ts)
		if (cpu in last && ts + 0 < last[cpu] + 0) {
			print "time goes back: " $0; bad = 1
		}
		last[cpu] = ts
		if ($5 != "sched_switch:") {
			if (cpu in cur && $1 != cur[cpu]) {
				print "not the current task: " $0; bad = 1
			}
			next
		}
		for (i = 6; i <= NF; i++) {
			split($i, kv, "="); f[kv[1]] = kv[2]
		}
		prev = f["prev_comm"] "-" f["prev_pid"]
		if ($1 != prev || (cpu in cur && cur[cpu] != prev)) {
			print "prev is not the last next: " $0; bad = 1
		}
		cur[cpu] = f["next_comm"] "-" f["next_pid"]
	}
	END { exit bad }' "$tmp/t.txt" >"$tmp/awk.err"; then
	ok "trace is a consistent timeline per CPU"
else
	ko "trace is a consistent timeline per CPU: $(head -1 "$tmp/awk.err")"
fi
# The idle task is swapper/N with pid 0 and prio 140.
if grep -q '\[001\] .*next_comm=swapper/1 next_pid=0 next_prio=140$' "$tmp/t.txt" ||
   grep -q '\[001\] .*prev_comm=swapper/1 prev_pid=0 prev_prio=140 ' "$tmp/t.txt"; then
	ok "idle task is swapper/1, pid 0, prio 140"
else
	ko "idle task is swapper/1, pid 0, prio 140"
fi

# JSON: valid, one "CPU N" row per CPU, and per CPU the complete events
# add up to the busy time in schedsim's table (within 1 ms).
if "$sim" --cpus=2 --duration=1 --trace="$tmp/t.json" >"$tmp/json.out" 2>&1 &&
   cmp -s "$tmp/out" "$tmp/json.out" &&
   python3 -m json.tool "$tmp/t.json" >/dev/null 2>&1; then
	ok "--trace=FILE.json writes valid JSON, run unchanged"
else
	ko "--trace=FILE.json writes valid JSON, run unchanged"
fi
awk '$1 ~ /^[01]$/ && $2 ~ /^[0-9]+\.[0-9]+$/ { print $1, $2 }' \
	"$tmp/json.out" >"$tmp/busy"
if python3 - "$tmp/t.json" "$tmp/busy" >"$tmp/py.err" 2>&1 <<'PY'
import json, sys
trace = json.load(open(sys.argv[1]))
busy = dict((int(c), float(ms)) for c, ms in
            (line.split() for line in open(sys.argv[2])))
events = trace["traceEvents"]
assert trace["displayTimeUnit"] == "ns"
names = dict((e["tid"], e["args"]["name"]) for e in events
             if e["ph"] == "M" and e["name"] == "thread_name")
assert names == {0: "CPU 0", 1: "CPU 1"}, names
run_us = {}
for e in events:
    if e["ph"] == "X":
        assert e["dur"] >= 0, e
        run_us[e["tid"]] = run_us.get(e["tid"], 0.0) + e["dur"]
assert any(e["ph"] == "i" for e in events), "no instant events"
assert sorted(busy) == [0, 1], busy
for cpu, ms in busy.items():
    got = run_us.get(cpu, 0.0) / 1000.0
    assert abs(got - ms) <= 1.0, "cpu%d: runs %.3f ms, busy %.3f ms" % (cpu, got, ms)
PY
then
	ok "JSON runs add up to each CPU's busy time"
else
	ko "JSON runs add up to each CPU's busy time: $(tail -1 "$tmp/py.err")"
fi

# --schedstat: the driver's /proc/schedstat after the tables (the default
# driver has one).
if "$sim" --duration=0.1 --schedstat 2>&1 | grep -qx 'version 10'; then
	ok "--schedstat prints version 10"
else
	ko "--schedstat prints version 10"
fi

# The progress line is for terminals only.  SCHEDSIM_PROGRESS_AFTER=0
# shows it from the start instead of after a second of host time.
if SCHEDSIM_PROGRESS_AFTER=0 "$sim" --duration=5 >/dev/null 2>"$tmp/progress" &&
   [ ! -s "$tmp/progress" ]; then
	ok "no progress line when stderr is not a terminal"
else
	ko "no progress line when stderr is not a terminal: $(head -c 80 "$tmp/progress")"
fi
if command -v script >/dev/null 2>&1; then
	SCHEDSIM_PROGRESS_AFTER=0 script -qec "'$sim' --duration=5 >/dev/null" \
		/dev/null >"$tmp/tty" 2>&1
	if LC_ALL=C grep -q 'schedsim: [a-z]*: [0-9.]* / 5\.0 s simulated ([0-9]*%)' "$tmp/tty"; then
		ok "a progress line on a terminal"
	else
		ko "a progress line on a terminal: $(head -c 80 "$tmp/tty")"
	fi
fi

# The machine flags: SMT siblings and nodes, a boot command line.
if "$sim" --cpus=4 --smt=2 --nodes=2 --duration=0.5 >"$tmp/smt" 2>&1 &&
   [ "$(grep -cE '^ +[0-3] +[0-9]+\.[0-9]+ ' "$tmp/smt")" = 4 ]; then
	ok "--cpus=4 --smt=2 --nodes=2 runs on 4 CPUs"
else
	ko "--cpus=4 --smt=2 --nodes=2 runs on 4 CPUs"
fi
# ingosched on one core of 8 threads: the nice 19 tasks, held back by
# their siblings, wake each other at every tick (2.6.10's
# dependent_sleeper(); docs/drivers.md).  The machine cuts each such storm
# after 32 events a CPU: 0.1 s at HZ 10000 (1,000 ticks) costs at most
# 1,000 * 32 * 8 events more than on 8 cores (it cost 10 million).
events_of() {
	"$sim" --cpus=8 --hz=10000 --duration=0.1 --no-checks --format=json \
		"$@" "${srcdir:-.}/examples/nice-fairness.json" 2>/dev/null |
		sed -n 's/^  "events": \([0-9]*\),$/\1/p'
}
cores=$(events_of --smt=1)
threads=$(events_of --smt=8)
if [ -n "$cores" ] && [ -n "$threads" ] &&
   [ "$threads" -le $((cores + 1000 * 32 * 8)) ]; then
	ok "an SMT storm costs at most 32 events a CPU a tick ($threads events)"
else
	ko "an SMT storm costs at most 32 events a CPU a tick: ${threads:-none} events, ${cores:-none} on cores"
fi
# isolcpus=1 keeps every task off CPU 1: it stays idle.
if "$sim" --cpus=2 --duration=0.5 --cmdline=isolcpus=1 >"$tmp/iso" 2>&1 &&
   grep -qE '^ +1 +0\.000 +500\.000 ' "$tmp/iso"; then
	ok "--cmdline=isolcpus=1 leaves CPU 1 idle"
else
	ko "--cmdline=isolcpus=1 leaves CPU 1 idle: $(grep -E '^ +1 ' "$tmp/iso")"
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
bad --trace="$tmp/trace.ctf"
bad --trace="$tmp/trace"
bad --cpus=2 --smt=3
bad --cpus=4 --nodes=3
bad --cpus=4 --nodes=2 --smt=4
bad --format=xml
bad --compare=nosuch
bad --compare=
bad "--cmdline=cpusched=nosuch"
bad --suite="$tmp/no-such-dir"
bad --script="$tmp/x.tst" "$tmp/w.json"
bad "$tmp/no-such-workload.json"
bad "$tmp/a.json" "$tmp/b.json"
d0=$("$sim" --help | sed -n 's/.*built: \([a-z]*\).*/\1/p')
bad --compare="$d0,$d0"
bad --cpusched="$d0" --compare="$d0"
bad "--cmdline=cpusched=$d0" --cpusched="$d0"
if "$sim" --help | grep -q 'built:.* tiny'; then
bad --cpusched=tiny --set=tiny.timeslice=4
bad --cpusched=tiny --set=tiny.timeslice=abc
bad --cpusched=tiny --set=tiny.nosuch=1
bad --cpusched=tiny --set=ingosched.def_timeslice_ms=50
bad --cpusched=tiny --set=timeslice
fi

finish
