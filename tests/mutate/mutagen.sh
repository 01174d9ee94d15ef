#!/bin/sh
# tests/mutate/mutagen.sh - the mutant generator of make mutate: each
# operator makes the mutants it names and no others, nothing in a
# comment, a string, an #include or an assertion is touched, a mutant
# applied changes exactly its line and keeps every line number, the SMP
# operators (lock, recheck, retry) find their pairs, rechecks and retry
# loops and leave alone what they cannot match safely, IDs stay
# while the code around moves, samples are the same for the same seed
# and keep their picks when code elsewhere changes,
# and bad requests get exit status 2 and a message.
set -u

. "${srcdir:-.}/tests/unit/testlib.sh"
mg=$(vg_tool "${builddir:-.}/tests/mutate/mutagen${EXEEXT:-}")

# check NAME COMMAND... - a PASS or FAIL line for the command's status.
check() {
	name=$1
	shift
	if "$@"; then ok "$name"; else ko "$name"; fi
}

# has OP ORIGINAL MUTATED - the list in $tmp/list has that mutant.
has() {
	awk -F'\t' -v op="$1" -v o="$2" -v m="$3" \
		'$5 == op && $7 == o && $8 == m { found = 1 }
		END { exit !found }' "$tmp/list"
}

# count OP - how many mutants of kind OP the list has.
count() {
	awk -F'\t' -v op="$1" '$5 == op { n++ } END { print n + 0 }' \
		"$tmp/list"
}

cat >"$tmp/a.c" <<'EOF'
#include <linux/sched.h>
#define LIMIT	(MAX + 1)
/* a < b in a comment, x = y + 1; */
static int table[] = { 7 };

static int pick(int a, int b, task_t *p)
{
	int c = a * b;

	BUG_ON(a < 0);
	if (a < b && b != 4)
		c += LIMIT;
	list_add(&p->run, head);
	p->count++;
	printk("a < b: %d\n", a);
	if (ready(p))
		c = ~c;
	return !c;
}
EOF
(cd "$tmp" && "$mg" a.c) >"$tmp/list" 2>"$tmp/err"
check "lists the mutants of a file" test -s "$tmp/list"

check "ror: < moved by one" has ror "if (a < b && b != 4)" \
	"if (a <= b && b != 4)"
check "ror: < negated" has ror "if (a < b && b != 4)" \
	"if (a >= b && b != 4)"
check "ror: != negated" has ror "if (a < b && b != 4)" \
	"if (a < b && b == 4)"
check "lor: && to ||" has lor "if (a < b && b != 4)" \
	"if (a < b || b != 4)"
check "aor: * to / (not the pointer's *)" has aor "int c = a * b;" \
	"int c = a / b;"
check "asr: += to -=" has asr "c += LIMIT;" "c -= LIMIT;"
check "inc: ++ to --" has inc "p->count++;" "p->count--;"
check "cst: plus one" has cst "if (a < b && b != 4)" \
	"if (a < b && b != 5)"
check "cst: minus one" has cst "if (a < b && b != 4)" \
	"if (a < b && b != 3)"
check "cst: in a #define's body" has cst "#define LIMIT (MAX + 1)" \
	"#define LIMIT (MAX + 2)"
check "cst: in an initialiser" has cst "static int table[] = { 7 };" \
	"static int table[] = { 8 };"
check "call: list_add to list_add_tail" has call \
	"list_add(&p->run, head);" "list_add_tail(&p->run, head);"
check "not: ~ dropped" has not "c = ~c;" "c = c;"
check "not: ! dropped" has not "return !c;" "return c;"
check "cond: a plain condition negated" has cond "if (ready(p))" \
	"if (!(ready(p)))"
check "del: a call deleted" has del "list_add(&p->run, head);" ";"
check "del: an increment deleted" has del "p->count++;" ";"
check "del: an assignment deleted" has del "c = ~c;" ";"
check "the function is named" awk -F'\t' \
	'$7 == "c += LIMIT;" && $6 != "pick" { bad = 1 } END { exit bad }' \
	"$tmp/list"

check "no mutant in a comment" \
	sh -c "! grep -q 'a < b in a comment' '$tmp/list'"
check "no mutant of a string" sh -c "! cut -f8 '$tmp/list' |
	grep -q '\"a <= b\\|\"a >= b'"
check "no mutant of an assertion" sh -c "! grep -q BUG_ON '$tmp/list'"
check "no mutant of an #include" sh -c "! grep -q include '$tmp/list'"
check "no declaration deleted" sh -c "! awk -F'\t' \
	'\$5 == \"del\" && \$7 ~ /^int /' '$tmp/list' | grep -q ."
check "a condition with a comparison is not also negated whole" \
	test "$(awk -F'\t' '$5 == "cond" && $7 ~ /a < b/' "$tmp/list" |
	wc -l)" = 0
check "a declaration's * is not an operator" sh -c "! awk -F'\t' \
	'\$7 ~ /task_t \\*p/ && \$5 == \"aor\"' '$tmp/list' | grep -q ."

# LINES: a change to LIMIT changes the code of the line that uses it.
check "a macro's mutants name the lines that use it" awk -F'\t' '
	$6 == "LIMIT" {
		n++
		split($9, r, ",")
		for (i in r) {
			if (split(r[i], ab, "-") == 1) ab[2] = ab[1]
			if (ab[1] <= 12 && 12 <= ab[2]) found++
		}
	}
	END { exit !(n && found == n) }' "$tmp/list"
check "an initialiser's mutants, used nowhere in a function" awk -F'\t' \
	'$6 == "table" && $9 != "4" { bad = 1 } END { exit bad }' \
	"$tmp/list"

# ---- applying ---------------------------------------------------------------

id=$(awk -F'\t' '$5 == "asr" { print $1; exit }' "$tmp/list")
(cd "$tmp" && "$mg" --apply "$id" a.c -o b.c) 2>"$tmp/err"
check "--apply writes the mutant" grep -q 'c -= LIMIT;' "$tmp/b.c"
check "--apply changes that line only" \
	test "$(diff "$tmp/a.c" "$tmp/b.c" | grep -c '^[<>]')" = 2
id=$(awk -F'\t' '$5 == "del" && $7 ~ /^list_add/ { print $1; exit }' \
	"$tmp/list")
(cd "$tmp" && "$mg" --apply "$id" a.c) >"$tmp/c.c"
check "--apply to standard output" grep -qx '	;' "$tmp/c.c"
check "a deletion keeps the line count" \
	test "$(wc -l <"$tmp/a.c")" = "$(wc -l <"$tmp/c.c")"

# A statement over three lines is deleted with its lines kept.
cat >"$tmp/m.c" <<'EOF'
static void f(int a)
{
	g(a,
	  a + 1,
	  a + 2);
	h();
}
EOF
(cd "$tmp" && "$mg" m.c) >"$tmp/mlist"
id=$(awk -F'\t' '$5 == "del" && $7 ~ /^g\(/ { print $1 }' "$tmp/mlist")
(cd "$tmp" && "$mg" --apply "$id" m.c) >"$tmp/m2.c"
check "a multi-line statement is deleted whole" \
	sh -c "! grep -q 'a + 2' '$tmp/m2.c' && grep -q 'h();' '$tmp/m2.c'"
check "... its lines kept" test "$(wc -l <"$tmp/m2.c")" = 7
check "... and its LAST is its last line" awk -F'\t' \
	'$5 == "del" && $7 ~ /^g\(/ && ($3 != 3 || $4 != 5) { bad = 1 }
	END { exit bad }' "$tmp/mlist"

# ---- identity and sampling --------------------------------------------------

{ echo '/* a new first line */'; cat "$tmp/a.c"; } >"$tmp/moved.c"
(cd "$tmp" && cp a.c keep.c && cp moved.c a.c && "$mg" a.c) \
	>"$tmp/list2"
cp "$tmp/keep.c" "$tmp/a.c"
check "IDs stay when the code moves" \
	test "$(cut -f1 "$tmp/list" | sort)" = "$(cut -f1 "$tmp/list2" |
	sort)"
check "... while the lines move" \
	test "$(cut -f3 "$tmp/list" | head -1)" != \
	"$(cut -f3 "$tmp/list2" | head -1)"
check "IDs are unique" test "$(cut -f1 "$tmp/list" | sort | uniq -d)" = ""

total=$(wc -l <"$tmp/list")
(cd "$tmp" && "$mg" --sample 5 --seed 7 a.c) >"$tmp/s1"
(cd "$tmp" && "$mg" --sample 5 --seed 7 a.c) >"$tmp/s2"
(cd "$tmp" && "$mg" --sample 5 --seed 8 a.c) >"$tmp/s3"
check "--sample 5 picks 5" test "$(wc -l <"$tmp/s1")" = 5
check "the same seed, the same pick" cmp -s "$tmp/s1" "$tmp/s2"
check "another seed, another pick" sh -c "! cmp -s '$tmp/s1' '$tmp/s3'"
check "a pick keeps the list's order" \
	sh -c "grep -Fxf '$tmp/s1' '$tmp/list' | cmp -s - '$tmp/s1'"
(cd "$tmp" && "$mg" --sample 100000 a.c) >"$tmp/s4"
check "a sample larger than the list is the list" \
	test "$(wc -l <"$tmp/s4")" = "$total"
# A function more in the file: its mutants may take places in the pick
# of 5, but no mutant that was there before and not picked comes in.
{ cat "$tmp/a.c"; printf 'int more(int x)\n{\n\treturn x < 3;\n}\n'; } \
	>"$tmp/more.c"
(cd "$tmp" && cp more.c a.c && "$mg" --sample 5 --seed 7 a.c) \
	>"$tmp/s5"
cp "$tmp/keep.c" "$tmp/a.c"
cut -f1 "$tmp/list" | sort >"$tmp/old.ids"
cut -f1 "$tmp/s1" | sort >"$tmp/s1.ids"
cut -f1 "$tmp/s5" | sort | comm -12 - "$tmp/old.ids" >"$tmp/s5.old"
check "a change elsewhere brings no other mutant into a pick" \
	test -z "$(comm -23 "$tmp/s5.old" "$tmp/s1.ids")"
check "... and the pick is still 5" test "$(wc -l <"$tmp/s5")" = 5

# ---- the SMP operators ------------------------------------------------------

cat >"$tmp/s.c" <<'EOF'
static void locked(task_t *p, struct runqueue *rq, struct runqueue *dst)
{
	unsigned long flags;

	spin_lock(&rq->lock);
	rq->nr_running++;
	spin_unlock(&rq->lock);
	spin_lock_irqsave(&dst->lock, flags);
	dst->nr_running--;
	spin_unlock_irqrestore(&dst->lock,
			       flags);
	rq = task_rq_lock(p, &flags);
	p->prio = 3;
	spin_unlock(&rq->lock);
	double_rq_lock(rq, dst);
	move(rq, dst);
	double_rq_unlock(rq, dst);
	task_rq_unlock(rq, &flags);
}

static void paths(struct runqueue *rq, wait_queue_head_t *q, int x)
{
	spin_lock(&rq->lock);
	if (x) {
		spin_unlock(&rq->lock);
		return;
	}
	spin_unlock(&rq->lock);
	spin_lock_irq(&q->lock);
	if (x > 1)
		return;
	spin_unlock_irq(&q->lock);
}

static int wake(task_t *p, unsigned long state)
{
	struct runqueue *rq;
	unsigned long flags;
	long old;

	rq = task_rq_lock(p, &flags);
	old = p->state;
	if (!(old & state))
		goto out;
	task_rq_unlock(rq, &flags);
	rq = task_rq_lock(p, &flags);
	old = p->state;
	if (!(old & state))
		goto out;
	if (p->array)
		goto out;
	p->state = 0;
out:
	task_rq_unlock(rq, &flags);
	return 0;
}

static struct runqueue *lock_it(task_t *p, unsigned long *flags)
{
	struct runqueue *rq;

repeat:
	local_irq_save(*flags);
	rq = task_rq(p);
	spin_lock(&rq->lock);
	if (unlikely(rq != task_rq(p))) {
		spin_unlock_irqrestore(&rq->lock, *flags);
		goto repeat;
	}
	if (rq->nr_running)
		goto done;
	rq->idle_at = 1;
done:
	return rq;
}

static void wait_for(task_t *p, struct runqueue *rq)
{
	while (p->oncpu)
		cpu_relax();
	for (;;) {
		if (!task_running(rq, p))
			break;
		cpu_relax();
	}
	while (p->count)
		p->count--;
}
EOF
(cd "$tmp" && "$mg" s.c) >"$tmp/list" 2>"$tmp/err"

# smp OP FUNCTION - how many mutants of kind OP in FUNCTION.
smp() {
	awk -F'\t' -v op="$1" -v f="$2" '$5 == op && $6 == f { n++ }
		END { print n + 0 }' "$tmp/list"
}

check "lock: spin_lock and spin_unlock dropped, preemption kept" \
	has lock "spin_lock(&rq->lock);" "preempt_disable();"
check "lock: an irqsave pair keeps its interrupt state" \
	has lock "spin_lock_irqsave(&dst->lock, flags);" \
	"local_irq_save(flags); preempt_disable();"
check "lock: double_rq_lock and double_rq_unlock dropped" \
	has lock "double_rq_lock(rq, dst);" ";"
check "lock: no pair with another primitive on the lock between" \
	test "$(awk -F'\t' '$5 == "lock" && $7 ~ /task_rq_lock/' \
	"$tmp/list" | wc -l)" = 0
check "lock: three pairs in locked(), none in paths() or wake()" \
	test "$(smp lock locked) $(smp lock paths) $(smp lock wake)" = \
	"3 0 0"
check "lock: LAST is the release's last line, LINES have both" \
	awk -F'\t' '$5 == "lock" && $7 ~ /irqsave/ {
		found = ($4 == 11 && $9 ~ /(^|,)8(,|$)/ && $9 ~ /10-11/)
	} END { exit !found }' "$tmp/list"
id=$(awk -F'\t' '$5 == "lock" && $7 ~ /irqsave/ { print $1 }' "$tmp/list")
(cd "$tmp" && "$mg" --apply "$id" s.c) >"$tmp/s2.c"
check "lock: applied, both statements go, no line moves" \
	test "$(diff "$tmp/s.c" "$tmp/s2.c" | grep -c '^[<>]')" = 6 -a \
	"$(wc -l <"$tmp/s.c")" = "$(wc -l <"$tmp/s2.c")"
check "lock: ... the release keeps the restore" \
	grep -qx '	local_irq_restore(flags); preempt_enable();' "$tmp/s2.c"
cat >"$tmp/t.c" <<'EOF'
static void f(task_t *p)
{
	struct runqueue *rq;
	unsigned long flags;

	rq = task_rq_lock(p, &flags);
	p->prio = 3;
	task_rq_unlock(rq, &flags);
}
EOF
id=$(cd "$tmp" && "$mg" t.c | awk -F'\t' '$5 == "lock" { print $1 }')
(cd "$tmp" && "$mg" --apply "$id" t.c) >"$tmp/t2.c" 2>"$tmp/err"
check "lock: task_rq_lock() leaves the runqueue it would have locked" \
	grep -qxF "$(printf '\tlocal_irq_save(flags); preempt_disable();') \
rq = task_rq(p);" "$tmp/t2.c"

check "recheck: the test after a retaken task_rq_lock()" \
	test "$(awk -F'\t' '$5 == "recheck" && $6 == "wake" &&
	$7 == "if (!(old & state))" && $8 == "if (0 && (!(old & state)))" {
	print $3 }' "$tmp/list")" = 48
check "recheck: ... and the next one" has recheck "if (p->array)" \
	"if (0 && (p->array))"
check "recheck: not after the first acquire (nothing to recheck)" \
	test "$(smp recheck wake)" = 2
check "recheck: after a lock a retry goto retakes" has recheck \
	"if (unlikely(rq != task_rq(p))) {" \
	"if (0 && (unlikely(rq != task_rq(p)))) {"
check "recheck: none where no lock is retaken" \
	test "$(smp recheck locked) $(smp recheck paths)" = "0 0"

check "retry: a backward goto never taken" has retry "goto repeat;" \
	"if (0) goto repeat;"
check "retry: a forward goto is not" \
	sh -c "! awk -F'\t' '\$5 == \"retry\" && \$7 == \"goto done;\"' \
	'$tmp/list' | grep -q ."
check "retry: while (X) cpu_relax(); spins no more" has retry \
	"while (p->oncpu)" "while (0 && (p->oncpu))"
check "retry: a cpu_relax() loop leaves at its first try" has retry \
	"if (!task_running(rq, p))" "if (1 || (!task_running(rq, p)))"
check "retry: no other loop is cut" test "$(smp retry wait_for)" = 2

# ---- bad requests -----------------------------------------------------------

bad() {	# NAME EXPECTED-MESSAGE ARGS...
	name=$1 want=$2
	shift 2
	(cd "$tmp" && "$mg" "$@") >/dev/null 2>"$tmp/err"
	rc=$?
	if [ "$rc" = 2 ] && grep -q "$want" "$tmp/err"; then
		ok "$name"
	else
		ko "$name (exit $rc: $(cat "$tmp/err"))"
	fi
}
bad "an unknown ID" "no mutant 0badf00d" --apply 0badf00d a.c
bad "an ID that is no ID" "not a mutant ID" --apply xyz a.c
bad "a missing file" "cannot open" nope.c
bad "a sample of no number" "wants a number" --sample many a.c
bad "no file at all" "usage" --sample 3
printf 'int a;\0int b;\n' >"$tmp/nul.c"
bad "a file with a NUL byte" "not a C source file" nul.c

finish
