#!/bin/sh
# tests/unit/tracedat.sh - --trace=FILE.dat writes trace-cmd's trace.dat:
# `trace-cmd report` reads it back event for event as the ftrace text of
# the same run has it - the same events on each CPU in the same order,
# with the same timestamps, task columns and fields - on one and several
# CPUs, with wake-ups of new tasks, migrations, gaps that need time
# extends and CPUs without events, on every driver.  Controls show that
# the comparison catches a corrupted file, a dropped event and two events
# out of order.  Skipped (77) without trace-cmd, which CI installs
# (.ci/run).
set -u

. "${srcdir:-.}/tests/unit/testlib.sh"
sim=$(vg_tool "${builddir:-.}/tools/schedsim${EXEEXT:-}")
examples="${srcdir:-.}/examples"

if ! command -v trace-cmd >/dev/null 2>&1; then
	echo "SKIP: no trace-cmd (Debian's package trace-cmd)"
	exit 77
fi

# compare.py TXT REPORT CPUS: the events of the ftrace text and of
# `trace-cmd report -N` agree, per CPU and in order.  Prints how many on
# success, else the first difference, and exits 1.
cat >"$tmp/compare.py" <<'PY'
import re, sys

TXT = re.compile(r'^\s*(.*)-(\d+)\s+\[(\d+)\] d\.\.2\.\s+(\d+\.\d{6}): '
                 r'(\w+): (.*)$')
REPORT = re.compile(r'^\s*(.*)-(\d+)\s+\[(\d+)\]\s+(\d+\.\d{6}): '
                    r'(\w+):\s+(.*)$')

def parse(lines, regex, what):
    events = {}
    for line in lines:
        m = regex.match(line.rstrip())
        if not m:
            sys.exit('%s: not an event: %r' % (what, line))
        comm, pid, cpu, ts, name, fields = m.groups()
        cpu = int(cpu)
        if pid == '0' and comm == '<idle>':
            comm = 'swapper/%d' % cpu    # trace-cmd's name for pid 0
        events.setdefault(cpu, []).append((ts, comm, pid, name, fields))
    return events

txt_path, report_path, cpus = sys.argv[1], sys.argv[2], int(sys.argv[3])
txt = parse([l for l in open(txt_path) if not l.startswith('#')], TXT,
            '.txt')
report = open(report_path).read().splitlines()
if not report or report[0] != 'cpus=%d' % cpus:
    sys.exit('report: first line %r, not cpus=%d' % (report[:1], cpus))
dat = parse(report[1:], REPORT, 'report')
total = 0
for cpu in sorted(set(txt) | set(dat)):
    a, b = txt.get(cpu, []), dat.get(cpu, [])
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            sys.exit('CPU %d, event %d: .txt %s, .dat %s' % (cpu, i, x, y))
    if len(a) != len(b):
        sys.exit('CPU %d: %d events in .txt, %d in .dat'
                 % (cpu, len(a), len(b)))
    total += len(a)
if not total:
    sys.exit('no events')
print(total)
PY

same() {
	python3 "$tmp/compare.py" "$@" 2>&1
}

# gap TXT: the longest time in ns between two events of one CPU.
gap() {
	awk '!/^#/ {
		cpu = $2; t = $4; sub(/:$/, "", t); split(t, st, ".")
		ns = st[1] * 1000000000 + st[2] * 1000
		if (cpu in last && ns - last[cpu] > g)
			g = ns - last[cpu]
		last[cpu] = ns
	} END { printf "%d\n", g }' "$1"
}

# A sleeper: 1 ms of work every 400 ms, so a CPU stays quiet for longer
# than the 27 bits of an event's time delta (134 ms) hold.
cat >"$tmp/sleeper.json" <<'EOF'
{
	"global": { "duration": 2 },
	"tasks": {
		"sleeper": { "run": 1000, "sleep": 400000 },
		"short": { "loop": 3, "run": 5000, "sleep": 300000 }
	}
}
EOF

# run NAME CPUS ARGS...: the same run with --trace=NAME.txt and NAME.dat,
# then `trace-cmd report -N` (no plugins: the format files' print fmt)
# of NAME.dat, and the comparison.
run() {
	name=$1
	cpus=$2
	shift 2
	if "$sim" --cpus="$cpus" --trace="$tmp/$name.txt" "$@" \
		>"$tmp/$name.txt.out" 2>&1 &&
	   "$sim" --cpus="$cpus" --trace="$tmp/$name.dat" "$@" \
		>"$tmp/$name.dat.out" 2>&1 &&
	   cmp -s "$tmp/$name.txt.out" "$tmp/$name.dat.out"; then
		ok "$name: --trace=FILE.dat runs as --trace=FILE.txt does"
	else
		ko "$name: --trace=FILE.dat runs as --trace=FILE.txt does:" \
		   "$(cat "$tmp/$name.dat.out")"
	fi
	trace-cmd report -N -i "$tmp/$name.dat" >"$tmp/$name.report" \
		2>"$tmp/$name.report.err"
	if n=$(same "$tmp/$name.txt" "$tmp/$name.report" "$cpus"); then
		ok "$name: trace-cmd report reads the $n events of the" \
		   ".txt, per CPU in order, fields alike"
	else
		ko "$name: trace-cmd report agrees with the .txt: $n" \
		   "$(head -3 "$tmp/$name.report.err")"
	fi
}

run default-1cpu 1 --duration=1
run build-4cpus 4 --duration=2 "$examples/desktop-build.json"
run stress-2cpus 2 --duration=0.5 "$examples/stress.json"
run sleeper-2cpus 2 "$tmp/sleeper.json"
run idle-8cpus 8 --duration=1	# CPUs 5 to 7 have no event at all
for d in $("$sim" --help | sed -n 's/.*built: \([a-z ]*\)).*/\1/p'); do
	run "rt-$d" 3 --duration=1 --cpusched="$d" \
		"$examples/rt-periodic.json"
done
# The rest of the bundled workloads (the --suite set), briefly.
for f in desktop-hogs desktop-idle nice-fairness ramp; do
	run "$f-2cpus" 2 --duration=0.5 "$examples/$f.json"
done

# What the runs covered: every event kind, and time extends.
for ev in sched_switch sched_waking sched_wakeup sched_wakeup_new \
	  sched_migrate_task; do
	if grep -q " $ev: " "$tmp/build-4cpus.report"; then
		ok "the 4-CPU build run has $ev events"
	else
		ko "the 4-CPU build run has $ev events"
	fi
done
g=$(gap "$tmp/sleeper-2cpus.txt")
if [ "$g" -gt 134217727 ]; then
	ok "the sleeper's CPUs stay quiet $g ns: time extends were read"
else
	ko "the sleeper's CPUs stay quiet more than 2^27 ns (only $g)"
fi
if [ "$(stat -c %s "$tmp/stress-2cpus.dat")" -gt $((64 * 4096)) ]; then
	ok "the stress run's trace.dat spans more than 64 pages"
else
	ko "the stress run's trace.dat spans more than 64 pages"
fi

# Per CPU, `trace-cmd report --cpu N` counts what the .txt has there.
for cpu in 0 1 2 3; do
	want=$(grep -c "\[00$cpu\] " "$tmp/build-4cpus.txt")
	got=$(trace-cmd report -N --cpu "$cpu" -i "$tmp/build-4cpus.dat" |
	      grep -c "\[00$cpu\] ")
	if [ "$want" -gt 0 ] && [ "$want" = "$got" ]; then
		ok "trace-cmd report --cpu $cpu: $got events, as the .txt"
	else
		ko "trace-cmd report --cpu $cpu: $got events, .txt $want"
	fi
done

# The format files parse, and with trace-cmd's plugins (as KernelShark
# shows sched_switch and sched_wakeup) every event is read too.
if trace-cmd report --check-events -i "$tmp/build-4cpus.dat" \
	>"$tmp/check.out" 2>&1; then
	ok "trace-cmd report --check-events parses every format"
else
	ko "trace-cmd report --check-events: $(cat "$tmp/check.out")"
fi
if trace-cmd report -i "$tmp/build-4cpus.dat" >"$tmp/plugins" 2>&1 &&
   [ "$(wc -l <"$tmp/plugins")" = "$(wc -l <"$tmp/build-4cpus.report")" ] &&
   grep -q 'sched_switch: .* ==> ' "$tmp/plugins"; then
	ok "trace-cmd report with its plugins reads every event"
else
	ko "trace-cmd report with its plugins reads every event"
fi

# Same inputs, same trace.dat, byte for byte.
if "$sim" --cpus=4 --duration=2 --trace="$tmp/again.dat" \
	"$examples/desktop-build.json" >/dev/null 2>&1 &&
   cmp -s "$tmp/build-4cpus.dat" "$tmp/again.dat"; then
	ok "the same run writes the same trace.dat"
else
	ko "the same run writes the same trace.dat"
fi

# A write that fails (past a file size limit) says why, exits 1 and
# leaves an earlier file of the name as it was.
echo earlier >"$tmp/old.dat"
(ulimit -f 40; "$sim" --cpus=2 --duration=0.5 --trace="$tmp/old.dat" \
	"$examples/stress.json") >/dev/null 2>"$tmp/limit.err"
status=$?
if [ "$status" = 1 ] && grep -q "File too large" "$tmp/limit.err" &&
   [ "$(cat "$tmp/old.dat")" = earlier ] &&
   [ "$(ls -A "$tmp" | grep -c '^\.old\.dat')" = 0 ]; then
	ok "a failed write of the trace.dat says why, keeps the old file"
else
	ko "a failed write of the trace.dat (exit $status):" \
	   "$(cat "$tmp/limit.err")"
fi

# --compare: one FILE-DRIVER.dat per driver, each read back alike.
if "$sim" --duration=1 --compare=ingosched,tiny --trace="$tmp/c.txt" \
	>/dev/null 2>&1 &&
   "$sim" --duration=1 --compare=ingosched,tiny --trace="$tmp/c.dat" \
	>/dev/null 2>&1 &&
   trace-cmd report -N -i "$tmp/c-tiny.dat" >"$tmp/c-tiny.report" 2>&1 &&
   same "$tmp/c-tiny.txt" "$tmp/c-tiny.report" 1 >/dev/null &&
   trace-cmd report -N -i "$tmp/c-ingosched.dat" >"$tmp/c-ingo.report" \
	2>&1 &&
   same "$tmp/c-ingosched.txt" "$tmp/c-ingo.report" 1 >/dev/null; then
	ok "--compare writes a trace.dat per driver, each read back alike"
else
	ko "--compare writes a trace.dat per driver, each read back alike"
fi

# Controls: the comparison fails, naming the difference, on a corrupted
# trace.dat (a comm of a record changed), a dropped event and two events
# swapped.
python3 - "$tmp/default-1cpu.dat" "$tmp/corrupt.dat" <<'PY'
import sys
data = bytearray(open(sys.argv[1], 'rb').read())
at = data.index(b'hog-nice0-0\0')      # in a record, not the cmdlines
data[at] = ord('H')
open(sys.argv[2], 'wb').write(data)
PY
trace-cmd report -N -i "$tmp/corrupt.dat" >"$tmp/corrupt.report" 2>&1
# control WHAT REPORT PATTERN: the comparison of REPORT fails on PATTERN.
control() {
	if ! out=$(same "$tmp/default-1cpu.txt" "$2" 1) &&
	   echo "$out" | grep -q "$3"; then
		ok "control: the comparison catches $1"
	else
		ko "control: the comparison catches $1: $out"
	fi
}
control "a corrupted record" "$tmp/corrupt.report" "comm=Hog-nice0-0 "
# Line 100 of the report is event 99 of CPU 0 (after "cpus=1").
sed 100d "$tmp/default-1cpu.report" >"$tmp/dropped.report"
control "a dropped event" "$tmp/dropped.report" "CPU 0, event 98: "
awk 'NR == 100 { held = $0; next } { print } NR == 101 { print held }' \
	"$tmp/default-1cpu.report" >"$tmp/swapped.report"
control "two events out of order" "$tmp/swapped.report" \
	"CPU 0, event 98: "

finish
