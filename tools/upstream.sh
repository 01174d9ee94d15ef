#!/bin/sh
# tools/upstream.sh - a driver of drivers/ as a plugsched patch series.
#
#	tools/upstream.sh [-o DIR] [--evidence FILE] [--srcdir DIR] DRIVER
#
# Writes, into DIR (default upstream-DRIVER), the series that adds
# drivers/DRIVER.c to a plugsched 2.6.10 tree the way patch 23/28 makes
# ingosched selectable, in the seeds' own mail form (From, Date, Subject
# "[PATCH][plugsched i/n]", a body, Signed-off-by, then one "Index:"
# section and unified diff per file):
#
#	00-cover.txt		0/2: what the driver is, and the evidence
#	01-DRIVER-task-data.patch
#				1/2: its per-task struct and union cpusched
#				member in include/linux/scheduler.h
#	02-DRIVER-scheduler.patch
#				2/2: kernel/DRIVER.c, byte for byte the file
#				of drivers/; CPUSCHED_<NAME> and the default
#				choice in init/Kconfig; the kernel/Makefile
#				line; the registration in kernel/scheduler.c
#
# The diffs are taken against tools/upstream/tree, the files the series
# touches as the seeds lay them out after 23/28 (ingosched the only
# driver).  The per-task struct and union member are those of
# libsched/include/linux/scheduler.h, under CONFIG_CPUSCHED_<NAME>.
# From and Signed-off-by are git's user.name and user.email in the
# source tree ($UPSTREAM_FROM, "Name <mail>", overrides them).
# --evidence FILE is put into the cover letter as it is; `make upstream`
# gathers it (tools/upstream-evidence.sh).
#
# Exit 0 with the series written; 2 on bad arguments, an unknown
# driver, one already in the tree, or no author, with nothing written.
set -u

prog=tools/upstream.sh
tree_name=linux-2.6.10-rc1-mm2-plugsched1
orig_stamp="1970-01-01 00:00:00.000000000 +0000"
list="linux kernel mailing list <linux-kernel@vger.kernel.org>"

die() {
	echo "$prog: $*" >&2
	exit 2
}

usage() {
	die "usage: $prog [-o DIR] [--evidence FILE] [--srcdir DIR] DRIVER"
}

# ---- arguments -----------------------------------------------------------

srcdir=${srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
out= evidence= driver=
while [ $# -gt 0 ]; do
	case $1 in
	-o) [ $# -ge 2 ] || usage; out=$2; shift ;;
	--evidence) [ $# -ge 2 ] || usage; evidence=$2; shift ;;
	--srcdir) [ $# -ge 2 ] || usage; srcdir=$2; shift ;;
	-*) usage ;;
	*) [ -z "$driver" ] || usage; driver=$1 ;;
	esac
	shift
done
[ -n "$driver" ] || usage
out=${out:-upstream-$driver}

case $driver in
*[!a-z0-9_]*) die "'$driver' is not a driver name (drivers/NAME.c)" ;;
esac
drv_c=$srcdir/drivers/$driver.c
sched_h=$srcdir/libsched/include/linux/scheduler.h
base=$srcdir/tools/upstream/tree
if [ ! -f "$drv_c" ]; then
	die "no driver $driver: drivers/$driver.c does not exist (drivers:" \
	    "$(cd "$srcdir/drivers" && ls *.c | sed 's/\.c$//' | xargs))"
fi
[ -d "$base" ] || die "no tree to diff against: $base"
if [ -n "$evidence" ] && [ ! -r "$evidence" ]; then
	die "cannot read the evidence file $evidence"
fi

# ---- what the driver is --------------------------------------------------

sym=$(sed -n 's/^struct sched_drv \([A-Za-z0-9_]*\) = {.*/\1/p' "$drv_c")
[ -n "$sym" ] || die "drivers/$driver.c defines no struct sched_drv"
upper=$(echo "$driver" | tr a-z A-Z)
config=CPUSCHED_$upper
capital=$(echo "$driver" | sed 's/^./\U&/')
subject1="Add $driver per-task data to union cpusched"
subject2="Add the $driver cpu scheduler"

if grep -q "^extern struct sched_drv $sym;" "$base/kernel/scheduler.c"; then
	die "$driver ($sym) is plugsched's own kernel/sched.c already;" \
	    "send a change to it as a diff of that file"
fi

# The head comment's "NAME - what it is." paragraph, without the full
# stop.
summary=$(awk -v head=" *  $driver - " '
	index($0, head) == 1 { on = 1; $0 = substr($0, length(head) + 1) }
	on && /^ \*\/?$/ { exit }
	on { sub(/^ \*  /, ""); printf "%s%s", sep, $0; sep = " " }' "$drv_c" |
	sed 's/\.$//')
[ -n "$summary" ] || die "drivers/$driver.c: its head comment lacks the" \
			 "line \" *  $driver - what it is.\""

# The head comment from "Design:" to its end, as plain text: what the
# driver's author wrote for its readers, given to the maintainer as is.
design() {
	awk '/^ \*  Design: / { on = 1 }
	     on && /^ \*\// { exit }
	     on { sub(/^ \*/, ""); sub(/^  /, ""); print }' "$drv_c"
}

# Its first sentence, capitalised: the Kconfig help.
design_first_sentence() {
	design | sed -e 's/^Design: //' -e '/^$/,$d' | tr '\n' ' ' |
		sed -e 's/\.  .*/./' -e 's/^./\U&/'
}

# The members the driver's struct sched_drv initialises that the tree's
# struct sched_drv lacks: hooks of the host framework (its checks, the
# conformance suite's numbers, priority inheritance, tunables) that a
# plugsched 2.6.10 kernel must gain before the driver builds there.
hooks_beyond_tree() {
	awk -v sym="$sym" '
	$0 ~ "^struct sched_drv " sym " = {" { on = 1; next }
	on && /^};/ { exit }
	on && match($0, /^\t\.[a-z_0-9]+/) {
		print substr($0, 3, RLENGTH - 2)
	}' "$drv_c" | while read -r m; do
		grep -Eq "[ (*]$m(\[[A-Z_]+\])?\)?[;(]" \
			"$base/include/linux/scheduler.h" || printf ' .%s' "$m"
	done
}

# The #ifdef CONFIG_<config> ... #endif block before union cpusched; a
# comment naming drivers/DRIVER.c names kernel/DRIVER.c, where it goes.
task_struct_block() {
	awk -v guard="#ifdef CONFIG_$config" '
	/^union cpusched/ { exit }
	$0 == guard { on = 1 }
	on { print }
	on && /^#endif/ { exit }' "$sched_h" |
	sed "s|drivers/$driver\.c|kernel/$driver.c|g"
}

# The member of union cpusched, with its #ifdef and #endif.
union_member() {
	awk -v guard="#ifdef CONFIG_$config" '
	/^union cpusched/ { in_union = 1 }
	in_union && $0 == guard { on = 1 }
	on { print }
	on && /^#endif/ { exit }' "$sched_h"
}

[ -n "$(task_struct_block)" ] && [ -n "$(union_member)" ] ||
	die "libsched/include/linux/scheduler.h has no per-task struct or" \
	    "union cpusched member under CONFIG_$config"

# ---- who sends it --------------------------------------------------------

from=${UPSTREAM_FROM:-}
if [ -z "$from" ]; then
	name=$(git -C "$srcdir" config user.name 2>/dev/null)
	mail=$(git -C "$srcdir" config user.email 2>/dev/null)
	[ -n "$name" ] && [ -n "$mail" ] && from="$name <$mail>"
fi
[ -n "$from" ] || die "no author: set git config user.name and" \
		      "user.email (or UPSTREAM_FROM=\"Name <mail>\")"
date_mail=$(LC_ALL=C date -R)
stamp=$(date '+%Y-%m-%d %H:%M:%S.%N %z')

# ---- the three states of the tree ----------------------------------------

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R "$base" "$work/t0"

# insert FILE FROM_RE AT_RE TEXT: TEXT as lines before the first line
# matching AT_RE at or after the first line matching FROM_RE.
insert() {
	printf '%s\n' "$4" >"$work/text"
	awk -v from="$2" -v at="$3" -v text="$work/text" '
	!done && $0 ~ from { armed = 1 }
	!done && armed && $0 ~ at {
		while ((getline l < text) > 0)
			print l
		done = 1
	}
	{ print }
	END { exit !done }' "$1" >"$work/edit" || return 1
	cat "$work/edit" >"$1"
}

# append_after_last FILE RE TEXT: TEXT after the last line matching RE.
append_after_last() {
	printf '%s\n' "$3" >"$work/text"
	last=$(grep -n -e "$2" "$1" | tail -1 | cut -d: -f1)
	[ -n "$last" ] || return 1
	{ head -n "$last" "$1"; cat "$work/text"; tail -n "+$((last + 1))" \
		"$1"; } >"$work/edit"
	cat "$work/edit" >"$1"
}

edit_fail() {
	die "tools/upstream/tree/$1 does not have the shape the seeds give it"
}

# 1: the per-task data.
cp -R "$work/t0" "$work/t1"
h=$work/t1/include/linux/scheduler.h
insert "$h" '^union cpusched' '^union cpusched' "$(task_struct_block)
" || edit_fail include/linux/scheduler.h
insert "$h" '^union cpusched' '^};' "$(union_member)" ||
	edit_fail include/linux/scheduler.h

# 2: the driver, its configuration and its registration.
cp -R "$work/t1" "$work/t2"
help=$(design_first_sentence | fmt -w 64 | sed 's/^/\t  /')
k=$work/t2/init/Kconfig
insert "$k" '^choice' '^endchoice' "config CPUSCHED_DEFAULT_$upper
	bool \"$capital cpu scheduler\"
	select $config
	---help---
$help
" || edit_fail init/Kconfig
insert "$k" '^menuconfig EMBEDDED' '^config KALLSYMS' "config $config
	bool \"$capital cpu scheduler\" if EMBEDDED
	depends on PLUGSCHED
	default y
	---help---
$help
	  Boot it, if it is not the default, with \"cpusched=$driver\".
" || edit_fail init/Kconfig
append_after_last "$work/t2/kernel/Makefile" '^obj-$(CONFIG_CPUSCHED_' \
	"obj-\$(CONFIG_$config) += $driver.o" || edit_fail kernel/Makefile
s=$work/t2/kernel/scheduler.c
append_after_last "$s" '^extern struct sched_drv ' \
	"extern struct sched_drv $sym;" || edit_fail kernel/scheduler.c
insert "$s" '^struct sched_drv [*]scheduler =' '^#else' \
	"#elif defined(CONFIG_CPUSCHED_DEFAULT_$upper)
	&$sym;" || edit_fail kernel/scheduler.c
insert "$s" '^static int __init scheduler_setup' '^	if [(]chosen_sched &&' \
	"#if defined(CONFIG_$config)
	if (!strcmp(str, $sym.cpusched_name))
		chosen_sched = &$sym;
#endif" || edit_fail kernel/scheduler.c
cp "$drv_c" "$work/t2/kernel/$driver.c"

# ---- the series ----------------------------------------------------------

# index_diff FROM TO PATH: the "Index:" section of PATH between two
# states; a file missing from FROM is created.
index_diff() {
	old=$work/$1/$3
	[ -e "$old" ] || old=/dev/null
	echo "Index: $tree_name/$3"
	printf '%067d\n' 0 | tr 0 =
	if [ "$old" = /dev/null ]; then
		ostamp=$orig_stamp
	else
		ostamp=$stamp
	fi
	diff -up --label "$tree_name.orig/$3	$ostamp" \
		--label "$tree_name/$3	$stamp" "$old" "$work/$2/$3"
	[ $? -le 1 ] || die "diff of $3 failed"
}

# header N SUBJECT BODY: the mail header and body of patch N of 2.
header() {
	printf 'From: %s\nDate: %s\nSubject: [PATCH][plugsched %s/2] %s\n\n' \
		"$from" "$date_mail" "$1" "$2"
	printf '%s\n\nSigned-off-by: %s\n\n\n' "$3" "$from"
}

mkdir -p "$out" || die "cannot create $out"
p1=$out/01-$driver-task-data.patch
p2=$out/02-$driver-scheduler.patch
{
	header 1 "$subject1" \
"The $driver cpu scheduler keeps its own data in each task_struct: add
struct cpusched_$driver and its member of union cpusched, both under
CONFIG_$config, so that a kernel without it pays nothing."
	index_diff t0 t1 include/linux/scheduler.h
} >"$p1"
{
	header 2 "$subject2" \
"$(echo "$driver - $summary." | fmt -w 72)

$(design)

$(echo "It is built with CONFIG_$config, can be made the default cpu" \
	"scheduler (CONFIG_CPUSCHED_DEFAULT_$upper), and is booted otherwise" \
	"with \"cpusched=$driver\"." | fmt -w 72)"
	for f in init/Kconfig kernel/Makefile kernel/scheduler.c \
		 "kernel/$driver.c"; do
		index_diff t1 t2 "$f"
	done
} >"$p2"

# ---- the cover letter ----------------------------------------------------

{
	printf 'From: %s\nTo: %s\nSubject: [PATCH][plugsched 0/2] %s\n' \
		"$from" "$list" "The $driver cpu scheduler"
	printf 'Date: %s\n\n' "$date_mail"
	echo "This series adds $driver, $summary, to plugsched:" \
	     "a cpu scheduler selectable at boot with \"cpusched=$driver\"." |
		fmt -w 72
	echo
	design
	echo
	echo "[PATCH][plugsched 1/2] $subject1"
	echo "[PATCH][plugsched 2/2] $subject2"
	echo
	echo "kernel/$driver.c is the driver exactly as it was verified on"
	echo "plugsched's host framework, which compiles it unmodified against"
	echo "a simulated SMP machine."
	beyond=$(hooks_beyond_tree)
	if [ -n "$beyond" ]; then
		echo
		echo "It also fills these members of the host framework's" \
		     "struct sched_drv, which plugsched 2.6.10's lacks and" \
		     "which this series does not add:$beyond." | fmt -w 72
	fi
	echo
	echo "The evidence:"
	echo
	if [ -n "$evidence" ]; then
		cat "$evidence"
	else
		echo "(none gathered here: \`make upstream" \
		     "DRIVER=$driver\` gathers it)"
	fi
	echo
	echo "Signed-off-by: $from"
} >"$out/00-cover.txt"

echo "$out/00-cover.txt"
echo "$p1"
echo "$p2"
