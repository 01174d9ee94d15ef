#!/bin/sh
# tests/unit/style.sh - the style gate: every .c and .h file under
# libsched/ and drivers/ is in the Linux kernel coding style, as the
# repository's .clang-format describes it (docs/style.md).
#
# For each file, clang-format with that configuration must change
# nothing but the blanks inside a line: indentation, line breaks, braces
# and the spacing of every token are checked exactly, but a run of tabs
# or spaces after the first character of a line counts as one blank.
# The kernel lines up columns (#define values, trailing comments, the
# backslashes of a macro, struct tables) with tabs, clang-format 14 only
# with spaces; the file keeps its tabs.  A file that differs otherwise
# fails, with the first lines of the change under the FAIL line.  Controls prove the gate
# works: a misformatted snippet must fail it, a well-formatted one (loop
# macros, a switch, a wrapped parameter list) must pass it, and
# .clang-format must keep the kernel's tabs, 8 columns, 80 columns and
# brace placement.
#
# Environment (make check sets srcdir):
#   CLANG_FORMAT       the clang-format to run (default: clang-format on
#                      PATH); skipped (exit 77) if there is none
#   srcdir             top source directory (default: .)
#   STYLE_DIFF_LINES   lines of each file's diff to print (default 20;
#                      "all" for the whole diff, as `make style` does)
set -u

srcdir=${srcdir:-.}
cfg=$(cd "$srcdir" && pwd)/.clang-format
lines=${STYLE_DIFF_LINES:-20}

CLANG_FORMAT=${CLANG_FORMAT:-clang-format}
if ! command -v "$CLANG_FORMAT" >/dev/null 2>&1; then
	echo "SKIP: $CLANG_FORMAT not found: install clang-format 14" \
		"(Debian 12: apt-get install clang-format), or set CLANG_FORMAT"
	exit 77
fi

. "$srcdir/tests/unit/testlib.sh"

# The configuration is written for clang-format 14; another version may
# lay out some lines differently.
version=$("$CLANG_FORMAT" --version 2>/dev/null |
	sed -n 's/.*clang-format version \([0-9][0-9]*\).*/\1/p')
case $version in
14) ;;
*)	echo "NOTE: $CLANG_FORMAT is version ${version:-unknown}," \
		".clang-format is written for 14" ;;
esac

# style FILE...: clang-format with the repository's configuration.
style() {
	"$CLANG_FORMAT" --style="file:$cfg" "$@"
}

# inner_blanks_as_one: stdin with each run of blanks after a line's
# indentation made one space, and trailing blanks dropped.
inner_blanks_as_one() {
	awk '{
		match($0, /^[ \t]*/)
		lead = substr($0, 1, RLENGTH)
		rest = substr($0, RLENGTH + 1)
		gsub(/[ \t]+/, " ", rest)
		sub(/ $/, "", rest)
		print lead rest
	}'
}

# differs FILE: clang-format would change FILE beyond inner alignment.
differs() {
	inner_blanks_as_one <"$1" >"$tmp/as-is"
	style "$1" | inner_blanks_as_one >"$tmp/formatted"
	! cmp -s "$tmp/as-is" "$tmp/formatted"
}

# show_diff FILE: FILE against its formatted self (inner alignment made
# one blank in both), indented under a FAIL line, the first $lines lines
# only unless $lines is "all".
show_diff() {
	differs "$1"
	diff -u --label "$1" --label "$1 (clang-format)" "$tmp/as-is" \
		"$tmp/formatted" >"$tmp/diff"
	if [ "$lines" = all ]; then
		sed 's/^/	/' "$tmp/diff"
	else
		sed -n "1,${lines}s/^/	/p" "$tmp/diff"
	fi
}

# ---- the configuration ---------------------------------------------------

if [ ! -f "$cfg" ]; then
	ko ".clang-format: $cfg not found"
	finish
fi
if style --dump-config >/dev/null 2>"$tmp/cfg.err"; then
	ok ".clang-format: $CLANG_FORMAT accepts it"
else
	ko ".clang-format: $CLANG_FORMAT rejects it: $(head -3 "$tmp/cfg.err")"
	finish
fi
setting() {	# KEY VALUE-ERE: .clang-format sets KEY to a matching value
	if grep -Eq "^$1:[[:space:]]*($2)[[:space:]]*(#.*)?\$" "$cfg"; then
		ok ".clang-format sets $1: $2"
	else
		ko ".clang-format sets $1: $2 ($(grep "^$1:" "$cfg" ||
			echo unset))"
	fi
}
setting UseTab 'Always|ForIndentation|ForContinuationAndIndentation'
setting TabWidth 8
setting IndentWidth 8
setting ColumnLimit 80
setting BreakBeforeBraces Linux

# ---- controls ------------------------------------------------------------

# Kernel code with a 4-space indent and the function brace on its line.
cat >"$tmp/bad.c" <<'EOF'
static int control(int n) {
    if (n > 0) {
        return n;
    }
    return 0;
}
EOF
if differs "$tmp/bad.c"; then
	ok "control: a misformatted snippet is reported"
else
	ko "control: a function indented by 4 spaces, its brace on the" \
		"same line, passes the gate; the gate is broken"
fi

# Kernel code as the configuration must leave it: a loop macro's brace
# on its line (ForEachMacros), case labels level with their switch, the
# pointer star on the name, parameters continued under the first one.
cat >"$tmp/good.c" <<'EOF'
struct item {
	struct list_head list; /* on the owner's list */
	unsigned long value;
};

static unsigned long sum_items(struct list_head *head, const char *name,
			       int verbose)
{
	struct item *it, *next;
	unsigned long total = 0;
	int cpu;

	list_for_each_entry_safe(it, next, head, list) {
		switch (it->value) {
		case 0:
			list_del(&it->list);
			break;
		default:
			total += it->value;
		}
	}
	for_each_online_cpu(cpu)
		total += per_cpu_value(cpu, name);
	if (!total && verbose)
		printk(KERN_WARNING "%s: nothing on any list or cpu\n", name);
	return total;
}
EOF
if differs "$tmp/good.c"; then
	ko "control: well-formatted kernel code is reported:"
	show_diff "$tmp/good.c"
else
	ok "control: well-formatted kernel code passes"
fi

# ---- the kernel sources --------------------------------------------------

files=$(cd "$srcdir" && find libsched drivers -type f \
	\( -name '*.c' -o -name '*.h' \) | LC_ALL=C sort)
if [ -z "$files" ]; then
	ko "no .c or .h files found under $srcdir/libsched or $srcdir/drivers"
fi
for f in $files; do
	if differs "$srcdir/$f"; then
		ko "$f: not in kernel style (make style-fix rewrites it)"
		(cd "$srcdir" && show_diff "$f")
	else
		ok "$f"
	fi
done

finish
