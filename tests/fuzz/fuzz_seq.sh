#!/bin/sh
# tests/fuzz/fuzz_seq.sh - the text form of fuzzer inputs and the tools
# around it: every corpus input printed as text and encoded again runs
# the same operations with the same results; text is encoded one byte per
# field; bad text is refused with FILE:LINE and nothing run; --shrink
# reduces a failing sequence to one that fails the same check and fails
# no more without any one of its lines; --trace output is a sequence
# too; FUZZ_SCHED_DRIVER pins the driver; a preempt line takes no time,
# chooses a CPU at the decision it names, says what happened there, and
# shrinks with the rest.
set -u

src="${srcdir:-.}/tests/fuzz"
. "${srcdir:-.}/tests/unit/testlib.sh"
fz=$(vg_tool "${builddir:-.}/tests/fuzz/fuzz_sched${EXEEXT:-}")
# The loops that run the tool once per token or line: under Valgrind the
# tool's start alone costs them minutes, and one run of each kind is
# checked by memcheck already.
fz_loop="${builddir:-.}/tests/fuzz/fuzz_sched${EXEEXT:-}"

# The operations of a text form: no comments, no blank lines.
ops() { sed -e 's/#.*//' -e 's/ *$//' -e '/^$/d' "$@"; }

# The lines of $1 (a sequence without comments), but its machine, without
# which what is left still fails (aborts).
still_fails_without() {
	lines=$(wc -l <"$1")
	i=2
	while [ $i -le "$lines" ]; do
		sed "${i}d" "$1" >"$tmp/less.seq"
		"$fz_loop" "$tmp/less.seq" >/dev/null 2>&1
		[ $? -ge 128 ] && printf ' %s' $i
		i=$((i + 1))
	done
}

# ---- every corpus input round-trips through its text -------------------

# One run prints them all ("# PATH" before each); one encodes them all;
# one run prints the encodings, which must read the same.
mkdir "$tmp/rt"
sched_corpus=$(corpus "$src/corpus/sched")
"$fz" --print "$sched_corpus" | grep -v '^replay:' |
	awk -v dir="$tmp/rt" '/^# / { n++; out = sprintf("%s/%04d.seq",
		dir, n); next } { print > out }'
bad=0
"$fz" --encode "$tmp"/rt/*.seq -o "$tmp/rt" 2>"$tmp/err" || {
	ko "the corpus texts do not encode: $(cat "$tmp/err")"
	bad=1
}
"$fz" --print "$tmp"/rt/*.bin | grep -v '^replay:' |
	awk -v dir="$tmp/rt" '/^# / { n++; out = sprintf("%s/%04d.again",
		dir, n); next } { print > out }'
n=0
for f in "$tmp"/rt/*.seq; do
	n=$((n + 1))
	cmp -s "$f" "${f%.seq}.again" && continue
	ko "$f: the encoded text runs differently"
	diff "$f" "${f%.seq}.again" | head -5
	bad=1
	break
done
corpus=$(ls "$sched_corpus" | wc -l)
[ $bad = 0 ] && [ "$n" = "$corpus" ] &&
	ok "$n corpus inputs: text, encoded, runs alike"

# ---- text to bytes -------------------------------------------------------

cat >"$tmp/hand.seq" <<'EOF'
# written by hand
machine(tiny, cpus=2, nosmt, hz=1000, seed=7)
advance(3)
spawn(SCHED_FIFO, 50, nice=0, root)
EOF
"$fz" --encode "$tmp/hand.seq" -o "$tmp/hand.bin" && ok "a hand-written sequence encodes"
# machine: 5 field bytes; advance: code 24 and 1 field; spawn: code 0, 4
bytes=$(od -An -tu1 -v "$tmp/hand.bin" | tr -s ' \n' ' ' | sed 's/^ //;s/ $//')
set -- $bytes
if [ $# = 12 ] && [ "$2 $3 $4 $5" = "1 0 2 7" ] && [ "$6 $7" = "24 3" ] &&
   [ "$8 $9 ${10} ${11} ${12}" = "0 1 49 20 0" ]; then
	ok "one byte per field: $bytes"
else
	ko "bytes of the hand-written sequence: $bytes"
fi
"$fz" --print "$tmp/hand.bin" | grep -v '^replay:' | ops >"$tmp/back.seq"
if ops "$tmp/hand.seq" | cmp -s - "$tmp/back.seq"; then
	ok "the bytes print as the lines written"
else
	ko "the bytes print differently:"; cat "$tmp/back.seq"
fi

# ---- the dictionary ------------------------------------------------------

# Each token of tests/fuzz/sched.dict is the encoding of the operation in
# the comment above it, done by t3, the first task of a tiny machine.
pre='machine(tiny, cpus=2, nosmt, hz=1000, seed=1)
spawn(SCHED_NORMAL, 0, nice=0, root)'
printf '%s\n' "$pre" >"$tmp/pre.seq"
"$fz" --encode "$tmp/pre.seq" -o "$tmp/pre.bin"
skip=$(($(wc -c <"$tmp/pre.bin") + 1))
bad=0
n=0
op=
while IFS= read -r line; do
	case $line in
	'# '*'('*')') op=${line#\# } ;;
	op*=*)
		n=$((n + 1))
		want=$(echo "$line" | sed 's/^[^"]*"\(.*\)"$/\1/')
		printf '%s\n%s\n' "$pre" "$op" >"$tmp/op.seq"
		"$fz_loop" --encode "$tmp/op.seq" -o "$tmp/op.bin" 2>"$tmp/err"
		got=$(tail -c +"$skip" "$tmp/op.bin" | od -An -tx1 -v |
		      tr -d ' \n' | sed 's/../\\x&/g')
		if [ "$got" != "$want" ]; then
			ko "sched.dict: $op is $got, the token says $want"
			bad=1
		fi ;;
	esac
done <"$src/sched.dict"
[ $bad = 0 ] && [ $n -ge 30 ] &&
	ok "every one of the $n tokens of sched.dict encodes its operation"

# ---- bad text ------------------------------------------------------------

refuse() {	# NAME EXPECTED-MESSAGE LINES...
	name=$1 want=$2
	shift 2
	printf '%s\n' "$@" >"$tmp/$name.seq"
	rm -f "$tmp/$name.bin"
	"$fz" --encode "$tmp/$name.seq" -o "$tmp/$name.bin" 2>"$tmp/err"
	st=$?
	if [ $st = 2 ] && grep -q "^$tmp/$name.seq:[0-9]*: $want" \
		"$tmp/err" && [ ! -e "$tmp/$name.bin" ]; then
		ok "refused: $want"
	else
		ko "$name: status $st, $(cat "$tmp/err")"
	fi
}
m='machine(tiny, cpus=2, nosmt, hz=1000, seed=7)'
refuse unknown "no operation frobnicate" "$m" "frobnicate(1)"
refuse dead "t99 is not a task alive here" "$m" "t99 fork()"
refuse range "advance: 64 is not a value argument 1 can have here" \
	"$m" "advance(64)"
refuse rtprio "spawn: 5 is not a value argument 2 can have here" \
	"$m" "spawn(SCHED_NORMAL, 5, nice=0, root)"
refuse few "cpu_down: too few arguments" "$m" "cpu_down()"
refuse many "cpu_down: too many arguments" "$m" "cpu_down(1, 2)"
refuse shape 'expected NAME(ARGS)' "$m" "advance 3"
refuse first "the first line must be machine" "advance(1)"
refuse second "a second machine line" "$m" "$m"
refuse hz "machine: argument 4, \"hz=999\"" \
	'machine(tiny, cpus=2, nosmt, hz=999, seed=7)'
refuse soon "preempt: 0 is not a value argument 1 can have here" \
	"$m" "preempt(0, 1)"
refuse late "preempt: 65 is not a value argument 1 can have here" \
	"$m" "preempt(65, 1)"
refuse index "preempt: 8 is not a value argument 2 can have here" \
	"$m" "preempt(1, 8)"
refuse intask "no operation preempt done by a task" "$m" \
	"spawn(SCHED_NORMAL, 0, nice=0, root)" "t3 preempt(1, 1)"
# Several files: the first bad one stops the run, named by its line.
mkdir "$tmp/several"
"$fz" --encode "$tmp/hand.seq" "$tmp/unknown.seq" "$tmp/hz.seq" \
	-o "$tmp/several" 2>"$tmp/err"
if [ $? = 2 ] && [ -s "$tmp/several/hand.bin" ] &&
   grep -q "^$tmp/unknown.seq:2: no operation" "$tmp/err" &&
   [ ! -e "$tmp/several/unknown.bin" ] && [ ! -e "$tmp/several/hz.bin" ]
then
	ok "several files: encoded up to the first bad one, which is named"
else
	ko "several files: $(cat "$tmp/err"; ls "$tmp/several")"
fi
{ echo "$m"; i=0; while [ $i -lt 257 ]; do echo "advance(0)"; \
	i=$((i + 1)); done; } >"$tmp/long.seq"
"$fz" --encode "$tmp/long.seq" -o "$tmp/long.bin" 2>"$tmp/err"
if [ $? = 2 ] && grep -q "long.seq:258: more than 256 operations" \
	"$tmp/err"; then
	ok "refused: more than 256 operations"
else
	ko "257 operations: $(cat "$tmp/err")"
fi
FUZZ_SCHED_DRIVER=nosuch "$fz" "$tmp/hand.seq" >/dev/null 2>"$tmp/err"
if [ $? != 0 ] && grep -q "FUZZ_SCHED_DRIVER=nosuch: no such driver" \
	"$tmp/err"; then
	ok "an unknown FUZZ_SCHED_DRIVER is refused"
else
	ko "FUZZ_SCHED_DRIVER=nosuch: $(cat "$tmp/err")"
fi

# ---- FUZZ_SCHED_DRIVER ---------------------------------------------------

sed 's/machine(tiny,/machine(ingosched,/' "$tmp/hand.seq" >"$tmp/ingo.seq"
if FUZZ_SCHED_DRIVER=tiny "$fz" --print "$tmp/ingo.seq" |
   grep -q '^machine(tiny,'; then
	ok "FUZZ_SCHED_DRIVER=tiny runs an ingosched input on tiny"
else
	ko "FUZZ_SCHED_DRIVER does not pin the driver"
fi

# ---- shrinking -----------------------------------------------------------

# The control check fails a state no driver gets wrong: a SCHED_FIFO
# task at nice 5 with cpu1 offline.  Nineteen operations get there; the
# five that matter are t3's spawn, its two nice() calls (3 + 2), its
# switch to FIFO, and cpu1 going down at the end.
cat >"$tmp/control.seq" <<'EOF'
machine(tiny, cpus=2, nosmt, hz=1000, seed=1)
spawn(SCHED_NORMAL, 0, nice=0, root)
spawn(SCHED_RR, 20, nice=5, root)
cpu_down(1)
advance(3)
cpu_up(1)
spawn(SCHED_NORMAL, 0, nice=-5, user)
t6 sleep(2)
t4 burn(8)
t3 nice(3)
advance(10)
t3 sched_setscheduler(0, SCHED_FIFO, &{10})
t4 sched_yield()
t6 sched_setaffinity(0, 8, &{0x1})
t3 nice(2)
advance(5)
t4 sched_setscheduler(t6, SCHED_FIFO, BAD)
t6 wake_up(0, 1)
send_sig(t6)
cpu_down(1)
EOF
cat >"$tmp/minimal.seq" <<'EOF'
machine(tiny, cpus=2, nosmt, hz=1000, seed=1)
spawn(SCHED_NORMAL, 0, nice=0, root)
t3 nice(3)
t3 sched_setscheduler(0, SCHED_FIFO, &{10})
t3 nice(2)
cpu_down(1)
EOF
export FUZZ_SCHED_CONTROL=1
"$fz" "$tmp/control.seq" >/dev/null 2>"$tmp/err"
if [ $? != 0 ] && grep -q "CONTROL: t3 is SCHED_FIFO at nice 5" \
	"$tmp/err"; then
	ok "the control fails the long sequence"
else
	ko "the control does not fail: $(cat "$tmp/err")"
fi
"$fz" --shrink "$tmp/control.seq" -o "$tmp/shrunk.seq" 2>"$tmp/err"
if ops "$tmp/shrunk.seq" | cmp -s - "$tmp/minimal.seq"; then
	ok "--shrink: 19 operations to the 5 that matter"
else
	ko "--shrink gave:"; cat "$tmp/shrunk.seq" "$tmp/err"
fi
grep -q "19 operations to 5 in [0-9]* runs" "$tmp/err" &&
	ok "--shrink says what it did"
"$fz" "$tmp/shrunk.seq" >/dev/null 2>"$tmp/err"
grep -q "CONTROL: t3 is SCHED_FIFO at nice 5" "$tmp/err" &&
	ok "the shrunk sequence fails the same check"
ops "$tmp/shrunk.seq" >"$tmp/min.seq"
still=$(still_fails_without "$tmp/min.seq")
if [ -z "$still" ]; then
	ok "without any one of its operations it no longer fails"
else
	ko "still fails without line(s)$still"
fi
unset FUZZ_SCHED_CONTROL
"$fz" --shrink "$tmp/hand.seq" -o "$tmp/none.seq" 2>"$tmp/err"
if [ $? = 1 ] && grep -q "does not fail: nothing to shrink" "$tmp/err" &&
   [ ! -e "$tmp/none.seq" ]; then
	ok "--shrink of an input that does not fail says so"
else
	ko "--shrink of a passing input: $(cat "$tmp/err")"
fi

# ---- preempt -------------------------------------------------------------

# Two tasks burn, one on each CPU, so that their ticks meet at points.
cat >"$tmp/p.seq" <<'EOF'
machine(tiny, cpus=2, nosmt, hz=1000, seed=1)
spawn(SCHED_NORMAL, 0, nice=0, root)
spawn(SCHED_NORMAL, 0, nice=0, root)
t3 sched_setaffinity(0, 8, &{0x1})
t4 sched_setaffinity(0, 8, &{0x2})
t3 burn(8)
t4 burn(8)
preempt(1, 1)
preempt(2, 1)
preempt(3, 0)
advance(1)
preempt(64, 1)
EOF
# preempt: code 30, then k - 1 and c
"$fz" --encode "$tmp/p.seq" -o "$tmp/p.bin" &&
	tail -c 3 "$tmp/p.bin" | od -An -tu1 | grep -q '^ *30 *63 *1$' &&
	ok "preempt(64, 1) encodes as 30 63 1"
# Each preempt line says which decision it chose for and what happened
# there: the CPU stopped at a point (or none running), the one that went
# on; or that the run ended first.
"$fz" --print "$tmp/p.seq" | grep -v '^replay:' >"$tmp/p-out.seq"
d='^preempt([0-9]*, [0-9])  *# decision [0-9]*'
if grep -q "$d: no CPU running -> cpu1$" "$tmp/p-out.seq" &&
   grep -q "$d: cpu[01] at [^ ]*\.c:[0-9]* -> cpu[01]$" "$tmp/p-out.seq" &&
   grep -q "$d: .* -> cpu[01], the default$" "$tmp/p-out.seq" &&
   grep -q "$d, not reached$" "$tmp/p-out.seq"; then
	ok "--print tells what each preempt did, or that it was not reached"
else
	ko "--print of preempt lines:"; cat "$tmp/p-out.seq"
fi
"$fz" --encode "$tmp/p-out.seq" -o "$tmp/p2.bin" &&
	cmp -s "$tmp/p.bin" "$tmp/p2.bin" &&
	ok "the printed preempt lines encode to the same bytes"
# Index 0 is the default at every decision: the serial run, and no time.
grep -v '^preempt' "$tmp/p.seq" >"$tmp/p-none.seq"
sed 's/^preempt(\([0-9]*\), [0-9])$/preempt(\1, 0)/' "$tmp/p.seq" \
	>"$tmp/p-dflt.seq"
"$fz" --trace "$tmp/p-none.seq" | sed 1d >"$tmp/p-none.trace"
"$fz" --trace "$tmp/p-dflt.seq" | sed 1d | grep -v '^preempt(' \
	>"$tmp/p-dflt.trace"
if cmp -s "$tmp/p-none.trace" "$tmp/p-dflt.trace"; then
	ok "preempt lines of index 0 take no time and change nothing"
else
	ko "preempt(k, 0) changed the run:"
	diff "$tmp/p-none.trace" "$tmp/p-dflt.trace" | head -10
fi

# Shrinking keeps the preempt lines that matter and drops the others:
# this control fails a run whose schedule took another CPU twice.
cat >"$tmp/pcontrol.seq" <<'EOF'
machine(tiny, cpus=2, nosmt, hz=1000, seed=1)
spawn(SCHED_NORMAL, 0, nice=0, root)
preempt(3, 0)
t3 burn(4)
spawn(SCHED_NORMAL, 0, nice=0, root)
preempt(2, 1)
t4 sched_yield()
t3 nice(3)
preempt(1, 2)
advance(2)
preempt(64, 1)
t4 sleep(1)
preempt(1, 1)
t3 burn(2)
advance(1)
EOF
export FUZZ_SCHED_CONTROL=preempt
"$fz" --shrink "$tmp/pcontrol.seq" -o "$tmp/pshrunk.seq" 2>"$tmp/err"
ops "$tmp/pshrunk.seq" >"$tmp/pmin.seq"
if grep -q "^# shrunk from .*; fails: CONTROL: two decisions took" \
	"$tmp/pshrunk.seq" &&
   [ "$(grep -c '^preempt' "$tmp/pmin.seq")" = 2 ] &&
   [ "$(grep -c '^preempt.* -> cpu[01]$' "$tmp/pshrunk.seq")" = 2 ]; then
	ok "--shrink keeps the 2 of 5 preempt lines that took another CPU"
else
	ko "--shrink with preempt lines gave:"
	cat "$tmp/pshrunk.seq" "$tmp/err"
fi
still=$(still_fails_without "$tmp/pmin.seq")
if [ -z "$still" ]; then
	ok "without any one of its lines, preempts too, it no longer fails"
else
	ko "the shrunk preempt control still fails without line(s)$still"
fi
unset FUZZ_SCHED_CONTROL

# ---- --trace -------------------------------------------------------------

"$fz" --trace "$tmp/hand.seq" >"$tmp/trace.seq"
if grep -q '^#   0\.[0-9]\{6\} cpu[01] switch .* -> t[0-9]*$' \
	"$tmp/trace.seq" &&
   grep -q '^#   0\.[0-9]\{6\} cpu[01] wake new t[0-9]* on cpu[01]$' \
	"$tmp/trace.seq"; then
	ok "--trace shows switches and wake-ups as comments"
else
	ko "--trace output:"; head -20 "$tmp/trace.seq"
fi
grep -v '^replay:' "$tmp/trace.seq" >"$tmp/trace2.seq"
"$fz" --encode "$tmp/trace2.seq" -o "$tmp/trace.bin" &&
	cmp -s "$tmp/trace.bin" "$tmp/hand.bin" &&
	ok "--trace output is the same sequence"

# ---- each input starts from the same machine ------------------------------

# A fuzzer runs every input in one process, and what the machine keeps
# from boot to boot (the interleaving's books, the stack cache) must not
# carry one input into the next: the corpus traced forward and backward
# in one process each reads the same, input by input.
split_traces() {	# DIR: one file per input of the --print text on stdin
	mkdir "$1"
	awk -v dir="$1" '/^# [0-9a-f]+$/ && length($2) == 40 {
		out = dir "/" $2; next } /^replay:/ { next } out { print > out }'
}
(cd "$src/corpus/sched" && "$fz_loop" --print --trace $(ls)) |
	split_traces "$tmp/fwd"
(cd "$src/corpus/sched" && "$fz_loop" --print --trace $(ls -r)) |
	split_traces "$tmp/rev"
differ=$(cd "$tmp/fwd" && for f in *; do
	cmp -s "$f" "../rev/$f" || echo "$f"; done)
n=$(ls "$tmp/fwd" | wc -l)
if [ -z "$differ" ] && [ "$n" -gt 1000 ] &&
   [ "$(ls "$tmp/rev" | wc -l)" -eq "$n" ]; then
	ok "the $n corpus inputs run alike after any others in one process"
else
	ko "inputs that ran otherwise after others ($n traced):" $differ
fi

finish
