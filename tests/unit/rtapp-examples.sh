#!/bin/sh
# tests/unit/rtapp-examples.sh - rt-app's own example workloads, rewritten
# in tests/unit/workloads/rt-app/examples/, run as rt-app would run them
# (comments, trailing commas and repeated keys as written) on every driver
# built, two CPUs, each for a short --duration.  Each file's checks read
# the --format=json metrics and assert what the workload's numbers imply:
# the load of each task, the periods of its timer, that a task parked in
# suspend, wait or sync runs only when woken, that a mutex makes tasks
# wait.  Every bound is spelt out next to its check; each fails if the
# event it is about were ignored.  Then, on one driver, each file's
# --trace=F.dat reads back under `trace-cmd report` with as many events
# as the --trace=F.txt of the same run (skipped without trace-cmd, and
# under memcheck).
set -u

dir="${srcdir:-.}/tests/unit/workloads/rt-app/examples"
. "${srcdir:-.}/tests/unit/testlib.sh"
sim=$(vg_tool "${builddir:-.}/tools/schedsim${EXEEXT:-}")

drivers=$("${builddir:-.}/tools/schedsim${EXEEXT:-}" --help |
	sed -n 's/.*built: \([a-z ]*\)).*/\1/p')
# Under memcheck one driver is enough: the drivers differ in the
# scheduler, not in how schedsim reads and runs the file.
if [ -n "${VALGRIND:-}" ]; then
	drivers=${drivers%% *}
fi

# run FILE DRIVER SECONDS: FILE on DRIVER and two CPUs, the metrics in
# $tmp/m.json; fails (and says why) on an exit other than 0 or a warning
# other than for "frag", an rt-app key that rt-app does not read either.
run() {
	"$sim" --cpusched="$2" --cpus=2 --duration="$3" --format=json \
		"$dir/$1.json" >"$tmp/m.json" 2>"$tmp/err"
	st=$?
	if [ "$st" -ne 0 ]; then
		ko "$1 on $2 runs (exit $st): $(head -3 "$tmp/err")"
		return 1
	fi
	if grep -v 'global\.frag: unknown key' "$tmp/err" | grep -q .; then
		ko "$1 on $2 runs all of it: $(head -3 "$tmp/err")"
		return 1
	fi
	return 0
}

# get TASK KEY: KEY of task TASK (its "name", e.g. thread0-0) in
# $tmp/m.json, or of the run itself when TASK is "-".
get() {
	awk -v task="$1" -v key="\"$2\":" '
		$1 == "\"name\":" { gsub(/[",]/, "", $2); name = $2 }
		$1 == key && (task == "-" || name == task) {
			gsub(/,/, "", $2); print $2; exit
		}' "$tmp/m.json"
}

# ms TASK: the task's runtime in whole ms.
ms() {
	echo $(($(get "$1" runtime_ns) / 1000000))
}

# within WHAT VALUE LO HI: one check, LO <= VALUE <= HI.
within() {
	if [ -n "$2" ] && [ "$2" -ge "$3" ] && [ "$2" -le "$4" ]; then
		ok "$drv: $1: $2 in $3..$4"
	else
		ko "$drv: $1: ${2:-nothing}, want $3..$4"
	fi
}

# example1 for 1 s: thread0 has no "loop" (forever): 300 us of CPU per
# 300 + 8000 us, 36 ms in 1 s; thread1 5 ms per 5 + 33 ms, 132 ms, give or
# take the 5 ms of the loop the run ends in.  With the sleeps ignored both
# would run flat out.
check_example1() {
	run example1 "$drv" 1 || return
	within "example1: thread0's CPU (ms)" "$(ms thread0-0)" 33 38
	within "example1: thread1's CPU (ms)" "$(ms thread1-1)" 125 140
}

# example2 for 1 s: "run_end" and "runend" are run events (rt-app reads
# any key starting with "run" as one): thread0 300 us per 8000 us, 37.5 ms
# in 1 s (34.5 ms without the 25 us of run_end); thread1 5 ms per 33 ms,
# 30 loops, 150 ms (120 ms without the 1 ms of runend).  thread0 finds
# mutex1 held by thread1 now and then and sleeps on it: it wakes more
# often than it loops.  Without the lock each wake-up is one loop's
# sleep, wakeups = loops; ingosched, keeping both on one CPU, makes it
# wait twice, the others, one task a CPU, over twenty times.
check_example2() {
	run example2 "$drv" 1 || return
	within "example2: thread0's CPU (ms), run and run_end" \
		"$(ms thread0-0)" 35 38
	within "example2: thread1's CPU (ms), run and runend" \
		"$(ms thread1-1)" 145 160
	within "example2: thread0's sleeps on mutex1 (wakeups - loops)" \
		$(($(get thread0-0 wakeups) - $(get thread0-0 loops))) 2 100
}

# example3 for up to 3 s: 100 periods of 10 ms at 1 ms of CPU, then 100
# at 9 ms: 200 periods, none missed, 1000 ms of CPU, and the run over
# once the task is, at 2.0 s.  Ignoring the timer would end it at 1.0 s.
check_example3() {
	run example3 "$drv" 3 || return
	within "example3: timer periods" "$(get thread0-0 periods)" 200 200
	within "example3: missed periods" \
		"$(get thread0-0 missed_periods)" 0 0
	within "example3: CPU (ms), 100 x 1 + 100 x 9" \
		"$(ms thread0-0)" 999 1001
	within "example3: the run ends with the task (ms)" \
		$(($(get - duration_ns) / 1000000)) 1990 2010
}

# example4 for 1 s: the tasks hand the CPU to each other, 10 ms a turn,
# so each runs half the time, 450..550 ms, never both at once.  Without
# the suspend each would run all 1000 ms on its own CPU; without the
# resume both would stop after one turn.
check_example4() {
	run example4 "$drv" 1 || return
	a=$(ms thread0-0)
	b=$(ms thread1-1)
	within "example4: thread0's CPU (ms)" "$a" 450 550
	within "example4: thread1's CPU (ms)" "$b" 450 550
	within "example4: CPU of both, one at a time (ms)" $((a + b)) 990 1020
}

# template for 1 s: 10 ms of CPU per 100 ms timer period, 10 periods,
# 100 ms (the "sleep" of 0 adds nothing).  With the timer ignored the task
# would run the whole second.
check_template() {
	run template "$drv" 1 || return
	within "template: timer periods" "$(get thread0-0 periods)" 10 10
	within "template: CPU (ms), 10% of 1 s" "$(ms thread0-0)" 99 101
}

# test for up to 1 s: thread0 loops twice on a 200 ms timer (40 ms of
# CPU, the run over at 0.4 s); thread1 waits on the queue under the mutex
# and misses thread0's first signal, given before it waits: it sleeps
# until the second, at 200 ms.  Were the wait ignored it would not sleep.
check_test() {
	run test "$drv" 1 || return
	within "test: thread0's timer periods" "$(get thread0-0 periods)" 2 2
	within "test: thread0's CPU (ms)" "$(ms thread0-0)" 40 40
	within "test: thread1 waits for the signal (ms asleep)" \
		$(($(get thread1-1 sleep_ns) / 1000000)) 190 220
	within "test: the run ends after two periods (ms)" \
		$(($(get - duration_ns) / 1000000)) 400 410
}

# mp3-short and mp3-long for 1 s: the tick's 6 ms timer, 166 periods in
# 1 s; every fifth (30 ms) wakes AudioOut, 275 + 4725 us, 167 ms in 1 s.
# The whole chain - AudioOut 5000, AudioTrack 300, mp3.decoder 1000 + 150,
# OMXCall 300 us - is 6750 us per 30 ms, 22.5% of a CPU: 225 ms, bounded
# by 215..235 ms; an ignored suspend or timer would make it spin.  OMXCall
# runs its 300 us only when the decoder signals the queue: no more than
# once per decoder loop (one more for the loop the run ends in).
check_mp3() {
	run "$1" "$drv" 1 || return
	within "$1: tick periods" "$(get AudioTick-0 periods)" 165 167
	within "$1: AudioOut's CPU (ms)" "$(ms AudioOut-1)" 160 172
	sum=0
	for t in AudioTick-0 AudioOut-1 AudioTrack-2 mp3.decoder-3 OMXCall-4
	do
		sum=$((sum + $(get $t runtime_ns)))
	done
	within "$1: CPU of all tasks (ms), 22.5% of 1 s" \
		$((sum / 1000000)) 215 235
	loops=$(get mp3.decoder-3 loops)
	within "$1: OMXCall's CPU (us), 300 per decoder signal" \
		$(($(get OMXCall-4 runtime_ns) / 1000)) $((300 * (loops - 1))) \
		$((300 * (loops + 1)))
}
check_mp3_short() { check_mp3 mp3-short; }
check_mp3_long() { check_mp3 mp3-long; }

# browser-short and browser-long for 2 s: BrowserMain sleeps 400 ms, then
# resumes "BrowserSub" 70 times a loop (render1, render3); it cannot end
# two loops in 2 s, so each of BrowserSub1/2, 100 us per resume, runs at
# most 140 x 100 us = 14 ms, where a hog would run 1000.  Binder-dummy
# waits on queue11 and runs its 200 + 100 us once per sync of
# BrowserDisplay's loop: an ignored wait would make it spin, an ignored
# sync leave it asleep.  Display runs its 16 ms only when Event-Display
# resumes it, once per Event-Display loop.
check_browser() {
	run "$1" "$drv" 2 || return
	within "$1: BrowserSub1's CPU (us), suspended between resumes" \
		$(($(get BrowserSub1-1 runtime_ns) / 1000)) 100 14000
	within "$1: BrowserSub2's CPU (us), suspended between resumes" \
		$(($(get BrowserSub2-2 runtime_ns) / 1000)) 100 14000
	# a task's name is its comm: 15 characters, as in the kernel
	loops=$(get BrowserDisplay- loops)
	within "$1: Binder-dummy's CPU (us), 300 per sync" \
		$(($(get Binder-dummy-4 runtime_ns) / 1000)) \
		$((300 * (loops - 1))) $((300 * (loops + 1)))
	loops=$(get Event-Display-7 loops)
	within "$1: Display's CPU (ms), 16 per resume" \
		"$(ms Display-8)" $((16 * (loops - 1))) $((16 * (loops + 1)))
}
check_browser_short() { check_browser browser-short; }
check_browser_long() { check_browser browser-long; }

# eas-rt-app-6 for 0.5 s: eight instances, each 120 us of CPU per 2 ms
# period of its own timer: 250 periods and 30 ms each.
check_eas_rt_app_6() {
	run eas-rt-app-6 "$drv" 0.5 || return
	i=0
	while [ $i -lt 8 ]; do
		within "eas-rt-app-6: thread0-$i's timer periods" \
			"$(get thread0-$i periods)" 250 250
		within "eas-rt-app-6: thread0-$i's CPU (us)" \
			$(($(get thread0-$i runtime_ns) / 1000)) 29880 30000
		i=$((i + 1))
	done
}

nfiles=0
for f in "$dir"/*.json; do
	name=$(basename "$f" .json)
	nfiles=$((nfiles + 1))
	check=check_$(echo "$name" | tr -- '-' '_')
	if ! type "$check" >/dev/null 2>&1; then
		ko "$name has checks ($check)"
		continue
	fi
	for drv in $drivers; do
		$check
	done
done
drv=all
within "files in the suite" "$nfiles" 11 100

# trace.dat: each file once, on the first driver, 0.3 s: the .dat and the
# .txt of the same run (twice the same seed: schedsim is deterministic)
# hold as many events.  `trace-cmd report` prints one line per event after
# its "cpus=N" line.  Not under memcheck, which tracedat.sh already runs
# the writer under: it would double the cost of the test.
if [ -n "${VALGRIND:-}" ]; then
	echo "SKIP: trace.dat checks under valgrind (tracedat.sh has them)"
elif command -v trace-cmd >/dev/null 2>&1; then
	drv=${drivers%% *}
	for f in "$dir"/*.json; do
		name=$(basename "$f" .json)
		"$sim" --cpusched="$drv" --cpus=2 --duration=0.3 \
			--trace="$tmp/t.txt" "$f" >/dev/null 2>&1 &&
		"$sim" --cpusched="$drv" --cpus=2 --duration=0.3 \
			--trace="$tmp/t.dat" "$f" >/dev/null 2>&1 &&
		trace-cmd report -N -i "$tmp/t.dat" >"$tmp/t.report" 2>&1
		st=$?
		want=$(grep -vc '^#' "$tmp/t.txt")
		got=$(($(wc -l <"$tmp/t.report") - 1))
		if [ "$st" -eq 0 ] && [ "$want" -gt 0 ] &&
		   [ "$got" -eq "$want" ]; then
			ok "$name: trace-cmd report reads the $want events" \
			   "of the .txt"
		else
			ko "$name: trace-cmd report reads $got events," \
			   "the .txt has $want (exit $st)"
		fi
		rm -f "$tmp/t.txt" "$tmp/t.dat"
	done
else
	echo "SKIP: trace.dat checks: no trace-cmd"
fi

finish
