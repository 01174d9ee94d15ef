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
#	00-cover.txt		0/3: what the driver is, what the options
#				give, and the evidence
#	01-framework.patch	1/3: what the drivers here need of the
#				framework beyond the tree: the members of
#				struct sched_drv after show_schedstat in
#				libsched/include/linux/scheduler.h
#				(priority inheritance under
#				CONFIG_CPUSCHED_PI; the tunables under
#				CONFIG_CPUSCHED_TUNABLES; the self-test
#				hooks under CONFIG_CPUSCHED_SELFTEST), the
#				helpers the drivers share, declared there
#				and defined in kernel/scheduler.c as in
#				libsched/scheduler.c, and the three options
#				in init/Kconfig; for a driver on the
#				runqueue plumbing (it includes
#				<linux/sched_rq.h>), that header and
#				libsched/runqueue.c as kernel/runqueue.c,
#				built with CONFIG_CPUSCHED_RUNQUEUE, which
#				the driver's option selects
#	02-DRIVER-task-data.patch
#				2/3: its per-task struct and union cpusched
#				member in include/linux/scheduler.h
#	03-DRIVER-scheduler.patch
#				3/3: kernel/DRIVER.c, byte for byte the file
#				of drivers/; CPUSCHED_<NAME> and the default
#				choice in init/Kconfig; the kernel/Makefile
#				line; the registration in kernel/scheduler.c
#
# The diffs are taken against tools/upstream/tree, the files the series
# touches as the seeds lay them out after 23/28 (ingosched the only
# driver).  What 1/3 and 2/3 add is taken from libsched/ as it is: the
# per-task struct and union member under CONFIG_CPUSCHED_<NAME>, the
# framework's members, declarations and code.
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
sched_c=$srcdir/libsched/scheduler.c
rq_h=$srcdir/libsched/include/linux/sched_rq.h
rq_c=$srcdir/libsched/runqueue.c
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
subject1="Self-test hooks, tunables and priority inheritance for drivers"
subject2="Add $driver per-task data to union cpusched"
subject3="Add the $driver cpu scheduler"

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

# ---- what the framework patch adds (1/3) ---------------------------------

# The members of struct sched_drv after show_schedstat's #endif: those
# the framework grew beyond the 2.6.10 series.
framework_members() {
	awk '/^struct sched_drv {/ { on = 1; next }
	     on && /^};/ { exit }
	     on && /show_schedstat/ { seen = 1; next }
	     on && seen && !past && /^#endif/ { past = 1; next }
	     past { print }' "$sched_h"
}

# struct sched_tunable, under CONFIG_CPUSCHED_TUNABLES.
framework_tunable_struct() {
	awk '/^#ifdef CONFIG_CPUSCHED_TUNABLES$/ { on = 1 }
	     on { print }
	     on && /^#endif/ { exit }' "$sched_h"
}

# The declarations of the code several designs share and sched_sum_rq
# (without the project's clang-format markers), then those of the
# tunables' code, under CONFIG_CPUSCHED_TUNABLES.
framework_helpers() {
	awk '/^ \* Code that several designs share/ { on = 1; print "/*" }
	     on && /clang-format on/ { on = 0 }
	     on && !/clang-format/ { print }
	     prev ~ /^#ifdef CONFIG_CPUSCHED_TUNABLES$/ &&
		/running driver.s tunables/ { tun = 1; print ""; print prev }
	     tun { print }
	     tun && /^#endif/ { exit }
	     { prev = $0 }' "$sched_h"
}

# Their code in libsched/scheduler.c: the section "shared by the
# drivers", then the /sys/cpusched/ one under CONFIG_CPUSCHED_TUNABLES.
framework_code() {
	awk '/^\/\* ---- shared by the drivers / { on = 1 }
	     on && /^\/\* ---- wake-ups and completions / { exit }
	     on { print }' "$sched_c" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
}

[ -n "$(framework_members)" ] && [ -n "$(framework_tunable_struct)" ] &&
[ -n "$(framework_helpers)" ] && [ -n "$(framework_code)" ] ||
	die "libsched/ lacks the shape the framework patch is taken from"

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

# The runqueue plumbing, if the driver sits on it: its option, selected
# by the driver's.
uses_rq=
rq_select=
rq_kconfig=
if grep -q '^#include <linux/sched_rq.h>' "$drv_c"; then
	uses_rq=1
	rq_select="
	select CPUSCHED_RUNQUEUE"
	rq_kconfig="
config CPUSCHED_RUNQUEUE
	bool
	depends on PLUGSCHED
	---help---
	  The SMP runqueue plumbing several cpu schedulers share
	  (kernel/runqueue.c): runqueue locking, placement of new and
	  woken tasks, idle pulling, affinity changes, CPU hotplug and
	  schedstat.  Selected by the cpu schedulers that use it.
"
fi

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

# ---- the four states of the tree -----------------------------------------

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

# 1: the framework: struct sched_tunable before struct sched_drv, the
# members at its end, the shared helpers after it (before the comment
# on the per-task data), their code at the end of kernel/scheduler.c,
# and the options after PLUGSCHED.
cp -R "$work/t0" "$work/t1"
h=$work/t1/include/linux/scheduler.h
insert "$h" '^struct sched_drv$' '^struct sched_drv$' \
	"$(framework_tunable_struct)
" || edit_fail include/linux/scheduler.h
insert "$h" '^struct sched_drv$' '^};' "$(framework_members)" ||
	edit_fail include/linux/scheduler.h
insert "$h" '^struct sched_drv$' '^/[*]$' "$(framework_helpers)
" || edit_fail include/linux/scheduler.h
printf '\n%s\n' "$(framework_code)" >>"$work/t1/kernel/scheduler.c"
insert "$work/t1/init/Kconfig" '^config PLUGSCHED' '^choice' \
"config CPUSCHED_TUNABLES
	bool \"Cpu scheduler tunables\"
	depends on PLUGSCHED
	default n
	---help---
	  Each cpu scheduler names its controls in a table
	  (struct sched_tunable: name, unit, range, default), read and
	  written through sched_tunable_find(), sched_tunable_show() and
	  sched_tunable_store(), the backing of a /sys/cpusched/<name>/
	  interface.  Without it each control keeps its default.

config CPUSCHED_SELFTEST
	bool \"Cpu scheduler self-test hooks\"
	depends on PLUGSCHED
	default n
	---help---
	  Each cpu scheduler provides the hooks a test harness checks it
	  with from outside: every task it holds queued on a cpu
	  (for_each_queued), a check of its private runqueue structures
	  (check), the longest a runnable task may wait with n runnable
	  on its cpu (starvation_bound), and the queue entries examined
	  per pick with its claim of O(1) picking (pick_work, o1).
	  Nothing in the kernel calls them; say N unless you run such a
	  harness.

config CPUSCHED_PI
	bool \"Cpu scheduler priority inheritance hooks\"
	depends on PLUGSCHED
	default n
	---help---
	  Each cpu scheduler tells a priority-inheriting mutex or
	  semaphore a task's priority without inheritance (normal_prio)
	  and applies the priority such a lock lends it (task_struct's
	  pi_prio, set before pi_setprio is called) wherever it computes
	  a priority.  It needs that lock and the pi_prio field, which
	  this series does not add; say N unless your tree has them.
$rq_kconfig" || edit_fail init/Kconfig
if [ -n "$uses_rq" ]; then
	sed 's|libsched/runqueue\.c|kernel/runqueue.c|g' "$rq_h" \
		>"$work/t1/include/linux/sched_rq.h"
	sed 's|libsched/runqueue\.c|kernel/runqueue.c|g' "$rq_c" \
		>"$work/t1/kernel/runqueue.c"
	append_after_last "$work/t1/kernel/Makefile" '^obj-$(CONFIG_CPUSCHED_' \
		"obj-\$(CONFIG_CPUSCHED_RUNQUEUE) += runqueue.o" ||
		edit_fail kernel/Makefile
fi

# 2: the per-task data.
cp -R "$work/t1" "$work/t2"
h=$work/t2/include/linux/scheduler.h
insert "$h" '^union cpusched' '^union cpusched' "$(task_struct_block)
" || edit_fail include/linux/scheduler.h
insert "$h" '^union cpusched' '^};' "$(union_member)" ||
	edit_fail include/linux/scheduler.h

# 3: the driver, its configuration and its registration.
cp -R "$work/t2" "$work/t3"
help=$(design_first_sentence | fmt -w 64 | sed 's/^/\t  /')
k=$work/t3/init/Kconfig
insert "$k" '^choice' '^endchoice' "config CPUSCHED_DEFAULT_$upper
	bool \"$capital cpu scheduler\"
	select $config
	---help---
$help
" || edit_fail init/Kconfig
insert "$k" '^menuconfig EMBEDDED' '^config KALLSYMS' "config $config
	bool \"$capital cpu scheduler\" if EMBEDDED
	depends on PLUGSCHED$rq_select
	default y
	---help---
$help
	  Boot it, if it is not the default, with \"cpusched=$driver\".
" || edit_fail init/Kconfig
append_after_last "$work/t3/kernel/Makefile" '^obj-$(CONFIG_CPUSCHED_' \
	"obj-\$(CONFIG_$config) += $driver.o" || edit_fail kernel/Makefile
s=$work/t3/kernel/scheduler.c
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
cp "$drv_c" "$work/t3/kernel/$driver.c"

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

# header N SUBJECT BODY: the mail header and body of patch N of 3.
header() {
	printf 'From: %s\nDate: %s\nSubject: [PATCH][plugsched %s/3] %s\n\n' \
		"$from" "$date_mail" "$1" "$2"
	printf '%s\n\nSigned-off-by: %s\n\n\n' "$3" "$from"
}

# What the options give, for the framework patch and the cover letter.
options_text() {
	fmt -w 72 <<EOF
With CONFIG_CPUSCHED_SELFTEST a cpu scheduler fills the self-test
hooks of struct sched_drv: for_each_queued (every task it holds queued
on a cpu), check (its private runqueue structures are consistent: the
bitmaps, counts, levels and the running task), starvation_bound (the
longest a runnable SCHED_NORMAL task may wait with n runnable on its
cpu) and pick_work with o1 (the queue entries schedule() examines per
pick, bounded whatever the number of runnable tasks if o1 is claimed).
A harness calls them after every event; the kernel itself never does,
and with the option off (the default) they are not built.

With CONFIG_CPUSCHED_TUNABLES a cpu scheduler names its controls in
a table (struct sched_tunable: name, unit, range and default) that
sched_tunable_find(), sched_tunable_show() and sched_tunable_store()
read and write, the backing of a /sys/cpusched/<name>/ interface;
without it every control keeps its default.
EOF
}

# The runqueue plumbing, for the framework patch of a driver on it.
rq_text() {
	fmt -w 72 <<EOF
$driver sits on the SMP runqueue plumbing several cpu schedulers share,
added here as kernel/runqueue.c with include/linux/sched_rq.h, under
CONFIG_CPUSCHED_RUNQUEUE (selected by the schedulers that use it): the
runqueue locks with their retry, double locking, placement of new and
woken tasks, idle pulling, affinity changes, CPU hotplug and schedstat.
EOF
}

# The priority inheritance the drivers are written for.
pi_text() {
	fmt -w 72 <<EOF
With CONFIG_CPUSCHED_PI a cpu scheduler fills normal_prio and
pi_setprio for a priority-inheriting mutex or semaphore, which calls
pi_setprio when the priority it lends a task (task_struct's pi_prio,
MAX_PRIO for none) changes; every priority the driver computes honours
task_inherited_prio(p). Without the option task_inherited_prio() is MAX_PRIO, nothing
is lent and the hooks are not built. The pi_prio field of task_struct
(MAX_PRIO in INIT_TASK) and the locks are not part of this series: say
N unless the tree has them.
EOF
}

mkdir -p "$out" || die "cannot create $out"
p1=$out/01-framework.patch
p2=$out/02-$driver-task-data.patch
p3=$out/03-$driver-scheduler.patch
{
	header 1 "$subject1" \
"$(fmt -w 72 <<EOF
The cpu schedulers verified on plugsched's host framework use more of
struct sched_drv than the series has: add the members they fill, the
helpers they share (cpu time accounting, the checks of
sched_setscheduler(), sched_rr_get_interval() from a timeslice, a
completion wait, sched_sum_rq(), task_inherited_prio()), and three options.
EOF
)${uses_rq:+

$(rq_text)}

$(options_text)

$(pi_text)"
	index_diff t0 t1 include/linux/scheduler.h
	index_diff t0 t1 init/Kconfig
	index_diff t0 t1 kernel/scheduler.c
	if [ -n "$uses_rq" ]; then
		index_diff t0 t1 include/linux/sched_rq.h
		index_diff t0 t1 kernel/Makefile
		index_diff t0 t1 kernel/runqueue.c
	fi
} >"$p1"
{
	header 2 "$subject2" \
"The $driver cpu scheduler keeps its own data in each task_struct: add
struct cpusched_$driver and its member of union cpusched, both under
CONFIG_$config, so that a kernel without it pays nothing."
	index_diff t1 t2 include/linux/scheduler.h
} >"$p2"
{
	header 3 "$subject3" \
"$(echo "$driver - $summary." | fmt -w 72)

$(design)

$(echo "It is built with CONFIG_$config, can be made the default cpu" \
	"scheduler (CONFIG_CPUSCHED_DEFAULT_$upper), and is booted otherwise" \
	"with \"cpusched=$driver\"." | fmt -w 72)"
	for f in init/Kconfig kernel/Makefile kernel/scheduler.c \
		 "kernel/$driver.c"; do
		index_diff t2 t3 "$f"
	done
} >"$p3"

# ---- the cover letter ----------------------------------------------------

{
	printf 'From: %s\nTo: %s\nSubject: [PATCH][plugsched 0/3] %s\n' \
		"$from" "$list" "The $driver cpu scheduler"
	printf 'Date: %s\n\n' "$date_mail"
	echo "This series adds $driver, $summary, to plugsched:" \
	     "a cpu scheduler selectable at boot with \"cpusched=$driver\"." |
		fmt -w 72
	echo
	design
	echo
	echo "[PATCH][plugsched 1/3] $subject1"
	echo "[PATCH][plugsched 2/3] $subject2"
	echo "[PATCH][plugsched 3/3] $subject3"
	echo
	echo "kernel/$driver.c is the driver exactly as it was verified on"
	echo "plugsched's host framework, which compiles it unmodified against"
	echo "a simulated SMP machine with both options of 1/3 on.  It also"
	echo "compiles with them off, against the tree's headers with this"
	echo "series applied."
	echo
	options_text
	echo
	pi_text
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
echo "$p3"
