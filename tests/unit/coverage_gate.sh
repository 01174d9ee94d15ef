#!/bin/sh
# tests/unit/coverage_gate.sh - the coverage gate itself: on lcov
# tracefiles of a small tree it passes when libsched/ and every driver
# reach 95% of lines and 85% of branches, and fails, naming the file,
# when one driver falls below either bar; code outside libsched/ and
# drivers/ is not held to it; a tracefile without branch data and an
# exclusion marker without a reason fail it too.
set -u

gate="${srcdir:-.}/coverage/gate.sh"
. "${srcdir:-.}/tests/unit/testlib.sh"

tree="$(cd "$tmp" && pwd -P)/tree"	# lcov records real paths
mkdir -p "$tree/libsched" "$tree/drivers" "$tree/tools"
for f in libsched/core.c drivers/alpha.c drivers/beta.c tools/tool.c; do
	printf 'int x;\n' >"$tree/$f"
done

# One tracefile record: FILE LINES_HIT LINES BRANCHES_HIT BRANCHES
record() {
	printf 'TN:\nSF:%s/%s\nLH:%s\nLF:%s\nBRH:%s\nBRF:%s\nend_of_record\n' \
		"$tree" "$1" "$2" "$3" "$4" "$5"
}

# The tree at the bar or above: core 100% / 90%, alpha 95% / 85%,
# beta 98% / 99%, and the tool far below (not gated).
good() {
	record libsched/core.c 200 200 90 100
	record drivers/alpha.c 95 100 85 100
	record drivers/beta.c 490 500 99 100
	record tools/tool.c 10 100 1 100
}

run_gate() {	# INFO -> $out, $st
	out=$(sh "$gate" "$1" "$tree" 2>&1)
	st=$?
}

good >"$tmp/good.info"
run_gate "$tmp/good.info"
if [ $st = 0 ] && echo "$out" | grep -q "coverage gate: passed"; then
	ok "passes at 95% of lines and 85% of branches exactly"
else
	ko "a tree at the bar: status $st: $out"
fi
if echo "$out" | grep -Eq "^drivers/alpha.c +95.0% +100 +85.0% +100$"; then
	ok "prints each driver's lines and branches"
else
	ko "no row for drivers/alpha.c: $out"
fi
if echo "$out" | grep -Eq "^libsched/ +100.0% +200 +90.0% +100$"; then
	ok "prints each directory's lines and branches"
else
	ko "no row for libsched/: $out"
fi

# One line fewer covered in alpha: 94 of 100.
{ good | sed '/alpha/,/end_of_record/s/^LH:95$/LH:94/'; } >"$tmp/lines.info"
run_gate "$tmp/lines.info"
if [ $st = 1 ] && echo "$out" |
   grep -q "drivers/alpha.c: lines 94.0% (94 of 100)"; then
	ok "fails when a driver covers 94% of its lines, naming it"
else
	ko "a driver at 94% of lines: status $st: $out"
fi
echo "$out" | grep -q "drivers/beta.c:" &&
	ko "names a driver above the bar too" ||
	ok "names only the file below the bar"

# Six branches fewer in libsched/core.c: 84 of 100.
{ good | sed '/core/,/end_of_record/s/^BRH:90$/BRH:84/'; } >"$tmp/br.info"
run_gate "$tmp/br.info"
if [ $st = 1 ] && echo "$out" |
   grep -q "libsched/core.c: .*branches 84.0% (84 of 100)"; then
	ok "fails when libsched/ covers 84% of its branches"
else
	ko "libsched at 84% of branches: status $st: $out"
fi

# No branch data at all.
{ good | grep -v '^BR'; } >"$tmp/nobr.info"
run_gate "$tmp/nobr.info"
if [ $st = 1 ] && echo "$out" | grep -q "no branch data"; then
	ok "fails on a tracefile without branch data"
else
	ko "no branch data: status $st: $out"
fi

# Exclusions: with a reason they pass, without one they fail.
printf 'int x;\nvoid f(void) { BUG(); } /* LCOV_EXCL_LINE: never on the host */\n' \
	>"$tree/drivers/alpha.c"
run_gate "$tmp/good.info"
[ $st = 0 ] && ok "an exclusion with a reason passes" ||
	ko "an exclusion with a reason: status $st: $out"
printf 'int x;\nvoid f(void) { BUG(); } /* LCOV_EXCL_LINE */\n' \
	>"$tree/drivers/alpha.c"
run_gate "$tmp/good.info"
if [ $st = 1 ] && echo "$out" | grep -q "drivers/alpha.c:2:"; then
	ok "an exclusion without a reason fails, with its place"
else
	ko "an exclusion without a reason: status $st: $out"
fi

# The source directory as a configure run as ../src/configure names it.
mkdir "$tmp/build"
printf 'int x;\n' >"$tree/drivers/alpha.c"
out=$(sh "$gate" "$tmp/good.info" "$tmp/build/../tree" 2>&1)
if [ $? = 0 ] && echo "$out" | grep -q "^drivers/alpha.c "; then
	ok "a source directory given as build/../src is found"
else
	ko "SRCDIR build/../tree: $out"
fi

sh "$gate" "$tmp/none.info" "$tree" >/dev/null 2>&1
[ $? = 2 ] && ok "a missing tracefile is refused (status 2)" ||
	ko "a missing tracefile was not refused"

finish
