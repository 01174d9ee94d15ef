#!/bin/sh
# tests/unit/workload.sh - `schedsim FILE.json` on rt-app workloads: every
# refused fixture (tests/unit/workloads/bad-*.json) exits 2 with one line
# on stderr, "FILE:LINE:COL: message" as its sidecar bad-*.err says;
# warnings for unsupported keys do not stop a run; a good file runs.
set -u

dir="${srcdir:-.}/tests/unit/workloads"
. "${srcdir:-.}/tests/unit/testlib.sh"
sim=$(vg_tool "${builddir:-.}/tools/schedsim${EXEEXT:-}")

nbad=0
for f in "$dir"/bad-*.json; do
	name=$(basename "$f" .json)
	nbad=$((nbad + 1))
	if [ ! -f "$dir/$name.err" ]; then
		ko "$name has a sidecar $name.err"
		continue
	fi
	want="$f:$(head -n 1 "$dir/$name.err")"
	"$sim" "$f" >"$tmp/out" 2>"$tmp/err"
	st=$?
	if [ "$st" -ne 2 ]; then
		ko "$name exits 2 (got $st)"
	elif [ "$(wc -l <"$tmp/err")" -ne 1 ]; then
		ko "$name: one line on stderr: $(cat "$tmp/err")"
	elif ! grep -qxF "schedsim: $want" "$tmp/err"; then
		ko "$name: stderr '$(cat "$tmp/err")', want 'schedsim: $want'"
	elif [ -s "$tmp/out" ]; then
		ko "$name: nothing on stdout"
	else
		ok "$name refused at $(head -n 1 "$dir/$name.err" | cut -d: -f1,2)"
	fi
done
if [ "$nbad" -ge 30 ]; then
	ok "$nbad refused fixtures found"
else
	ko "only $nbad refused fixtures found in $dir"
fi

# A file that cannot be read: exit 2, one line naming it.
"$sim" "$tmp/none.json" >"$tmp/out" 2>"$tmp/err"
st=$?
if [ "$st" -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
   grep -q "none.json: cannot open" "$tmp/err"; then
	ok "a missing file exits 2 with one line"
else
	ko "a missing file exits 2 with one line (exit $st): $(cat "$tmp/err")"
fi

# Warnings: one line each, FILE:LINE:COL and the key's path; the run goes on.
f="$dir/warn-unknown.json"
"$sim" --duration=0.2 "$f" >"$tmp/out" 2>"$tmp/err"
st=$?
if [ "$st" -eq 0 ]; then
	ok "warnings do not stop a run"
else
	ko "warnings do not stop a run (exit $st): $(cat "$tmp/err")"
fi
if [ "$(grep -c '^schedsim: warning: ' "$tmp/err")" -eq 4 ]; then
	ok "one warning line per unknown key (4)"
else
	ko "one warning line per unknown key: $(cat "$tmp/err")"
fi
if grep -qxF "schedsim: warning: $f:20:13: tasks.t2.nice: unknown key, ignored: rt-app does not read it either" "$tmp/err"; then
	ok "a warning names FILE:LINE:COL and the path"
else
	ko "a warning names FILE:LINE:COL and the path: $(cat "$tmp/err")"
fi
for task in t1-0 t2-1; do
	if grep -q " $task " "$tmp/out"; then
		ok "the warned-about workload runs $task"
	else
		ko "the warned-about workload runs $task"
	fi
done

# --ignore-unsupported: a refused part is left out, named on stderr and
# in the JSON, and the run goes on.
f="$dir/bad-taskgroup.json"
"$sim" --ignore-unsupported --duration=0.1 --format=json "$f" \
	>"$tmp/out" 2>"$tmp/err"
st=$?
if [ "$st" -eq 0 ] &&
   grep -qF "schedsim: warning: $f:3:13: tasks.t1.taskgroup: task groups (cgroups, Linux 2.6.24): not on the simulated 2.6.10 machine, ignored: " "$tmp/err" &&
   grep -qF '"ignored": [' "$tmp/out"; then
	ok "--ignore-unsupported runs without the taskgroup and lists it"
else
	ko "--ignore-unsupported (exit $st): $(cat "$tmp/err")"
fi
"$sim" --ignore-unsupported --duration=0.1 --report="$tmp/rep" "$f" \
	>/dev/null 2>&1
if grep -q '<div id="ignored" class="bad">' "$tmp/rep/index.html" &&
   grep -qF "tasks.t1.taskgroup: task groups (cgroups" "$tmp/rep/index.html"
then
	ok "the report lists what --ignore-unsupported left out"
else
	ko "the report lists what --ignore-unsupported left out"
fi

# A LISA-style periodic file: no warning, runs, the same twice.
f="$dir/periodic.json"
if "$sim" "$f" >"$tmp/out" 2>"$tmp/err" && [ ! -s "$tmp/err" ] &&
   grep -q " periodic-0 " "$tmp/out"; then
	ok "periodic.json runs without a warning"
else
	ko "periodic.json runs without a warning: $(cat "$tmp/err")"
fi
"$sim" "$f" >"$tmp/again" 2>&1
if cmp -s "$tmp/out" "$tmp/again"; then
	ok "periodic.json runs the same twice"
else
	ko "periodic.json runs the same twice"
fi

finish
