#!/bin/sh
# tests/unit/robust.sh - schedsim as a careless or hostile user meets it:
# bad flags, bad paths, planted links, a full disk, a file size limit
# and signals in the middle of a run.  Each case asserts the exit status
# (docs/schedsim.md), the one line that explains it, and that every file
# that was there before is byte for byte as it was, with nothing left
# beside it.
set -u

. "${srcdir:-.}/tests/unit/testlib.sh"
sim=$(vg_tool "${builddir:-.}/tools/schedsim${EXEEXT:-}")
esc=$(printf '\033')

# The user's directory: a workload, an earlier trace and report, a
# script, a victim file and a link planted where schedsim used to put
# its report's temporary file.
w=$tmp/w
mkdir "$w" "$w/rep" "$w/dir.txt"
cat >"$w/load.json" <<'EOF'
{ "global": { "duration": 1 },
  "tasks": { "t": { "run": 1000, "sleep": 1000 } } }
EOF
cat >"$w/cpu3.json" <<'EOF'
{ "tasks": { "t": { "cpus": [3], "run": 1000, "sleep": 1000 } } }
EOF
printf 'C: locknowait: 0: 0\000 trailing\n' >"$w/nul.tst"
echo "an earlier trace" >"$w/old.txt"
echo "an earlier page" >"$w/rep/index.html"
echo "a file nobody asked to write" >"$w/victim"
ln -s ../victim "$w/rep/index.html.tmp"
ln -s /dev/full "$w/full.txt"
awk 'BEGIN { printf "{ \"tasks\": {"
	for (i = 0; i < 4097; i++)
		printf "%s \"t%d\": { \"run\": 1000 }", i ? "," : "", i
	print " } }" }' >"$w/many.json"

# Every name in $w with its type and link target, and every file's sum.
snapshot() {
	(cd "$w" && find . -printf '%p %y %l\n' | LC_ALL=C sort &&
	 find . -type f -exec md5sum {} + | LC_ALL=C sort)
}
before=$(snapshot)

# expect STATUS REGEX -- ARGS...: schedsim ARGS (stdin from /dev/null,
# stdout to $out, default $tmp/out) exits with STATUS, says REGEX on
# stderr, prints no raw escape character, and $w is as it was.
out=$tmp/out
expect() {
	want=$1 re=$2
	shift 3
	"$sim" "$@" </dev/null >"$out" 2>"$tmp/err"
	got=$?
	what="$(printf '%s' "$*" | cut -c 1-150) (exit $got;"
	what="$what $(head -c 300 "$tmp/err"))"
	if [ "$got" != "$want" ]; then
		ko "exit $want for $what"
	elif ! grep -Eq -- "$re" "$tmp/err"; then
		ko "message /$re/ for $what"
	elif grep -q "$esc" "$tmp/err"; then
		ko "no raw control character in the message of $what"
	elif [ "$(snapshot)" != "$before" ]; then
		ko "nothing changed by $what"
		snapshot | diff -u /dev/null - | grep -v "^+\./\(old\|rep\)" |
			head -5
	else
		ok "$what"
	fi
	out=$tmp/out
}

drivers=$("$sim" --help | sed -n 's/.*built: \([a-z ]*\)).*/\1/p')
d0=${drivers%% *}
d1=$(echo "$drivers" | cut -d' ' -f2)

# ---- flags: exit 2 before anything starts ----------------------------
expect 2 '^schedsim: --report: give a directory$' -- --report=
expect 2 '^schedsim: --report: give a directory$' -- \
	--suite="${srcdir:-.}/examples" --report=
expect 2 'empty driver name' -- --compare=,,,
expect 2 'empty driver name' -- --compare="$d0,"
expect 2 "'1e-10' seconds round to 0 ns" -- --duration=1e-10
expect 2 "--seed: '-1' is not" -- --seed=-1
expect 2 "--seed: ' 1' is not" -- "--seed= 1"
expect 2 "--cpus: ' 2' is not" -- "--cpus= 2"
expect 2 'boot command line longer than 1023' -- \
	--cmdline="$(printf '%01100d' 0)" --trace="$w/old.txt"
expect 2 "is not DRIVER.TUNABLE=VALUE" -- --set=nodot --trace="$w/old.txt"
expect 2 "'nosuch' is not a driver of this run" -- \
	--cpusched="$d0" --set=nosuch.x=1 --trace="$w/old.txt"
# The --set of the second driver of --compare is checked before the
# first runs: nothing printed, no trace.
[ "$d0" != "$d1" ] &&
	expect 2 "--set=$d1.nosuch=1: .*no such" -- --compare="$d0,$d1" \
		--set="$d1.nosuch=1" --trace="$w/old.txt" --duration=0.05
if [ "$d0" != "$d1" ] && [ ! -s "$tmp/out" ]; then
	ok "a bad --set of the second driver runs nothing"
else
	ko "a bad --set of the second driver runs nothing"
fi

# ---- inputs ------------------------------------------------------------
expect 2 'cpu3.json:1:[0-9]+: tasks.t.cpus\[0\]: CPU 3 is not on the machine' \
	-- --cpus=2 --trace="$w/old.txt" "$w/cpu3.json"
expect 2 'many.json:1:[0-9]+: tasks.t4096: more than 4096 instances' \
	-- "$w/many.json"
expect 2 "nul.tst:1: a NUL byte at column 20" -- --script="$w/nul.tst"
expect 2 "--script: cannot read '.*': it is a directory" -- --script="$w"
expect 2 "--suite: cannot read '.*load.json': Not a directory" -- \
	--suite="$w/load.json"

# ---- outputs: refused before the run ---------------------------------
expect 2 "--trace: '.*load.json' is an input of the run" -- \
	--trace="$w/load.json" "$w/load.json"
expect 2 "--trace: '.*dir.txt' is a directory" -- --trace="$w/dir.txt"
expect 2 "--trace: cannot create '.*load.json/t.txt': Not a directory" -- \
	--trace="$w/load.json/t.txt"
expect 2 "--trace: cannot create '.*no-dir/t.txt': No such file" -- \
	--trace="$w/no-dir/t.txt"
expect 2 "cannot create '.*no\\\\x1bdir/t.txt'" -- \
	--trace="$w/no${esc}dir/t.txt"
expect 2 "--report: '.*load.json' is not a directory" -- \
	--report="$w/load.json"
expect 2 "--report: cannot create '.*load.json/sub'" -- \
	--report="$w/load.json/sub"
# DIR/index.html, through a link, is the workload.
ln -s load.json "$w/index.html"
before=$(snapshot)
expect 2 "--report: '.*index.html' is an input of the run" -- \
	--report="$w" "$w/index.html"
rm "$w/index.html"
before=$(snapshot)

# ---- outputs: write errors -------------------------------------------
out=/dev/full
expect 1 '^schedsim: cannot write standard output: No space left' -- \
	--duration=0.05 --trace="$w/old.txt"
out=/dev/full
expect 1 '^schedsim: cannot write standard output: No space left' -- \
	--duration=0.05 --format=json
expect 1 "--trace: cannot write '.*full.txt': No space left" -- \
	--duration=0.05 --trace="$w/full.txt"
# A file size limit: the write fails with EFBIG, not a SIGXFSZ death.
(ulimit -f 8 && expect 1 "--trace: cannot write '.*old.txt': File too large" \
	-- --duration=5 --trace="$w/old.txt") >"$tmp/ulimit"
cat "$tmp/ulimit"
pass=$((pass + $(grep -c '^PASS' "$tmp/ulimit")))
fail=$((fail + $(grep -c '^FAIL' "$tmp/ulimit")))

# ---- planted links -----------------------------------------------------
# The old fixed temporary name is a link to the victim: the report is
# written all the same, and the victim is untouched.
if "$sim" --duration=0.05 --report="$w/rep" >/dev/null 2>"$tmp/err" &&
   [ "$(tail -n 1 "$w/rep/index.html")" = "</html>" ] &&
   [ "$(cat "$w/victim")" = "a file nobody asked to write" ] &&
   [ -L "$w/rep/index.html.tmp" ]; then
	ok "a planted link beside the report is never followed"
else
	ko "a planted link beside the report is never followed:" \
	   "$(cat "$tmp/err")"
fi
# A link at the destination itself is the user's: the file it names is
# replaced, the link stays.
ln -s linked.txt "$w/lnk.txt"
echo "linked" >"$w/linked.txt"
if "$sim" --duration=0.05 --trace="$w/lnk.txt" >/dev/null 2>&1 &&
   [ -L "$w/lnk.txt" ] &&
   [ "$(head -n 1 "$w/linked.txt")" = "# tracer: nop" ]; then
	ok "a link at the destination is followed and kept"
else
	ko "a link at the destination is followed and kept"
fi
leftover=$(find "$w" -name '.*' ! -name . | head -3)
if [ -z "$leftover" ]; then
	ok "no temporary file is left after a run"
else
	ko "no temporary file is left after a run: $leftover"
fi
before=$(snapshot)

# ---- signals -----------------------------------------------------------
# stop SIG STATUS NAME: a long run with a trace and a new report
# directory gets SIG once its trace is open; it exits STATUS, says where
# it stopped, and leaves $w as it was.
stop() {
	"$sim" --cpus=2 --duration=100000 --trace="$w/old.txt" \
		--report="$w/new/rep" >/dev/null 2>"$tmp/err" &
	pid=$!
	i=0
	while [ $i -lt 600 ] &&
	      ! ls -A "$w" | grep -q '^\.old\.txt\.'; do
		sleep 0.1
		i=$((i + 1))
	done
	kill -"$1" "$pid"
	wait "$pid"
	got=$?
	if [ "$got" = "$2" ] &&
	   grep -Eq "^schedsim: stopped by SIG$1( at [0-9.]+ s of |$)" \
		"$tmp/err" &&
	   [ "$(snapshot)" = "$before" ]; then
		ok "SIG$1 stops the run: exit $2, nothing left behind"
	else
		ko "SIG$1 stops the run: exit $got: $(cat "$tmp/err")"
	fi
}
stop INT 130
stop TERM 143

finish
