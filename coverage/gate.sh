#!/bin/sh
# coverage/gate.sh - the coverage gate, over an lcov tracefile.
#
#	coverage/gate.sh INFO SRCDIR [MIN_LINES MIN_BRANCHES]
#
# Prints line and branch coverage per directory and per driver from
# INFO (what `make check-code-coverage` captured with lcov, branch
# coverage on), then holds every file of libsched/ and every driver
# (drivers/*.c) to MIN_LINES % of lines and MIN_BRANCHES % of branches
# (default 95 and 85).  Code that cannot run on the host is left out
# with lcov's own markers (LCOV_EXCL_LINE, LCOV_EXCL_START/STOP,
# LCOV_EXCL_BR_LINE...), and each marker in those files must give its
# reason after a colon on the same line:
#
#	BUG();	/* LCOV_EXCL_LINE: unreachable unless the lock is broken */
#
# Exit 0 when every gated file is at or above the bar and every marker
# has a reason; 1 with the files below the bar (and markers without a
# reason) listed; 2 for bad arguments.
set -u

if [ $# -ne 2 ] && [ $# -ne 4 ]; then
	echo "usage: coverage/gate.sh INFO SRCDIR [MIN_LINES MIN_BRANCHES]" >&2
	exit 2
fi
info=$1 src=$2 min_lines=${3:-95} min_branches=${4:-85}
# lcov records canonical paths: SRCDIR may be "build/../src" or a link.
src=$(cd "$src" 2>/dev/null && pwd -P) || {
	echo "coverage/gate.sh: no directory $2" >&2
	exit 2
}
if [ ! -r "$info" ]; then
	echo "coverage/gate.sh: cannot read $info" >&2
	exit 2
fi
case "$min_lines$min_branches" in
*[!0-9.]*)
	echo "coverage/gate.sh: thresholds are percentages" >&2
	exit 2 ;;
esac

status=0

# Per file: "path lines_hit lines_found branches_hit branches_found",
# paths made relative to SRCDIR.
awk -v src="$src/" '
/^SF:/ { f = substr($0, 4); if (index(f, src) == 1) f = substr(f, length(src) + 1) }
/^LH:/ { lh[f] += substr($0, 4) }
/^LF:/ { lf[f] += substr($0, 4) }
/^BRH:/ { bh[f] += substr($0, 5) }
/^BRF:/ { bf[f] += substr($0, 5) }
END { for (f in lf) print f, lh[f] + 0, lf[f] + 0, bh[f] + 0, bf[f] + 0 }
' "$info" | sort >"${TMPDIR:-/tmp}/gate.$$"
trap 'rm -f "${TMPDIR:-/tmp}/gate.$$"' EXIT
files="${TMPDIR:-/tmp}/gate.$$"

if [ ! -s "$files" ]; then
	echo "coverage/gate.sh: $info holds no file" >&2
	exit 2
fi

# The summary: per top directory, then per driver.
echo "                              lines            branches"
awk '{
	split($1, part, "/")
	dir = part[1] "/"
	if ($1 ~ /^drivers\/[^/]*\.c$/)
		print "2", $1, $2, $3, $4, $5
	LH[dir] += $2; LF[dir] += $3; BH[dir] += $4; BF[dir] += $5
}
END { for (d in LF) print "1", d, LH[d], LF[d], BH[d], BF[d] }' "$files" |
sort | awk '
function pct(h, n) { return n ? sprintf("%5.1f%%", 100 * h / n) : "     -" }
$1 == 2 && !drivers++ { print "per driver:" }
{ printf "%-28s %s %6d   %s %6d\n", $2, pct($3, $4), $4, pct($5, $6), $6 }'

# The gate.
below=$(awk -v minl="$min_lines" -v minb="$min_branches" '
$1 ~ /^libsched\// || $1 ~ /^drivers\/[^/]*\.c$/ {
	l = $3 ? 100 * $2 / $3 : 100
	b = $5 ? 100 * $4 / $5 : 100
	if (l < minl || b < minb)
		printf "%s: lines %.1f%% (%d of %d), branches %.1f%% (%d of %d)\n",
		       $1, l, $2, $3, b, $4, $5
}' "$files")
if [ -n "$below" ]; then
	echo "coverage gate: below ${min_lines}% of lines or ${min_branches}% of branches:"
	echo "$below" | sed 's/^/  /'
	status=1
fi

gated=$(awk '$1 ~ /^libsched\// || $1 ~ /^drivers\/[^/]*\.c$/ { print $1 }' \
	"$files")
if [ -z "$gated" ]; then
	echo "coverage gate: no file of libsched/ or drivers/ in $info"
	status=1
elif awk '($1 ~ /^libsched\// || $1 ~ /^drivers\//) && $5 { n++ }
	  END { exit n > 0 }' "$files"; then
	echo "coverage gate: no branch data in $info (lcov needs" \
	     "--rc lcov_branch_coverage=1)"
	status=1
fi
for f in $gated; do
	[ -r "$src/$f" ] || continue
	grep -n 'LCOV_EXCL' "$src/$f" | grep -v 'LCOV_EXCL[A-Z_]*: *[^ *]' |
		sed "s|^|  $f:|" >"$files.x"
	if [ -s "$files.x" ]; then
		echo "coverage gate: exclusions without a reason:"
		cat "$files.x"
		status=1
	fi
	rm -f "$files.x"
done

[ $status = 0 ] && echo "coverage gate: passed (libsched/ and drivers/ at or above ${min_lines}% of lines and ${min_branches}% of branches)"
exit $status
