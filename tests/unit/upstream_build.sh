#!/bin/sh
# tests/unit/upstream_build.sh - every driver builds in a plugsched 2.6.10
# tree, without the host.
#
# For every driver tools/upstream.sh exports, its series is applied with
# `patch -p1` to a copy of tools/upstream/tree; for ingosched, the tree's
# kernel/sched.c already, the framework patch (1/3) of such a series is,
# and its struct cpusched_ingo is libsched's (as a change to it would
# carry).  Each driver file is then compiled -fsyntax-only, -nostdinc
# -ffreestanding, with the kernel's warnings as errors, against the
# patched tree's include/ (not libsched/include, the host's version of
# linux/scheduler.h) and compat/include standing in for 2.6.10's other
# headers, in a configuration of our own:
#
#   - CONFIG_CPUSCHED_SELFTEST, CONFIG_CPUSCHED_TUNABLES and
#     CONFIG_CPUSCHED_PI off, as a kernel is configured by default: a
#     host-only member or function outside its #ifdef is an unknown
#     member, an undeclared function or an unused one, and fails (so is
#     p->pi_prio read directly: compat's task_struct has it only with
#     CONFIG_CPUSCHED_PI);
#   - all three on, as the host builds the drivers.
#
# Negative controls: a copy of tiny.c with one self-test member (.check)
# moved out of its #ifdef must fail with the options off, and build with
# them on, so that the check cannot pass by building nothing; a copy
# that reads p->pi_prio instead of task_inherited_prio(p) must fail with them
# off.
set -u

. "${srcdir:-.}/tests/unit/testlib.sh"
top=${srcdir:-.}
CC=${CC:-cc}
base=$top/tools/upstream/tree

HOME=$tmp
GIT_CONFIG_NOSYSTEM=1
UPSTREAM_FROM="Ada Tester <ada@example.org>"
export HOME GIT_CONFIG_NOSYSTEM UPSTREAM_FROM

# What 2.6.10's include/linux/sched.h defines before it includes
# <linux/scheduler.h>, and compat's sched.h leaves to the host's
# scheduler.h.
cat >"$tmp/sched-2.6.10.h" <<'EOF'
#define SCHED_NAME_MAX 16
typedef struct prio_array prio_array_t;
EOF

# config DIR CONFIG_NAME ON: DIR/linux/autoconf.h for one driver, the
# three options on (ON=1) or off.
config() {
	mkdir -p "$1/linux"
	{
		printf '#define CONFIG_%s 1\n' SMP PREEMPT SCHEDSTATS \
			PLUGSCHED "$2"
		echo "#define CONFIG_NR_CPUS 8"
		if [ "$3" = 1 ]; then
			echo "#define CONFIG_CPUSCHED_SELFTEST 1"
			echo "#define CONFIG_CPUSCHED_TUNABLES 1"
			echo "#define CONFIG_CPUSCHED_PI 1"
		fi
	} >"$1/linux/autoconf.h"
}

# builds TREE CONFIG_NAME ON FILE: FILE compiles against TREE's headers;
# the diagnostics in $tmp/cc.out.
builds() {
	rm -rf "$tmp/cfg"
	config "$tmp/cfg" "$2" "$3"
	# shellcheck disable=SC2086
	$CC -fsyntax-only -nostdinc -ffreestanding -Wall \
		-Wno-unused-parameter -Wno-sign-compare -Werror \
		-I"$tmp/cfg" -I"$1/include" -I"$top/compat/include" \
		-I"$top/compat/api" -include "$tmp/sched-2.6.10.h" \
		"$4" >"$tmp/cc.out" 2>&1
}

# check_file TREE DRIVER CONFIG_NAME FILE NAME: FILE, called NAME, in both
# configurations.
check_file() {
	for on in 0 1; do
		opts=off
		[ $on = 1 ] && opts=on
		if builds "$1" "$3" $on "$4"; then
			ok "$5: builds in the patched tree, SELFTEST," \
			   "TUNABLES and PI $opts"
		else
			ko "$5: does not build in the patched tree with" \
			   "SELFTEST, TUNABLES and PI $opts:"
			sed -n '1,12s/^/	/p' "$tmp/cc.out"
		fi
	done
}

# check_driver TREE DRIVER CONFIG_NAME: the driver, and the runqueue
# plumbing its series carries if it sits on it.
check_driver() {
	check_file "$1" "$2" "$3" "$top/drivers/$2.c" "$2"
	if [ -f "$1/kernel/runqueue.c" ]; then
		check_file "$1" "$2" "$3" "$1/kernel/runqueue.c" \
			"$2: kernel/runqueue.c"
	fi
}

# apply TREE PATCH...: each patch, in order.
apply() {
	t=$1
	shift
	for p in "$@"; do
		if ! (cd "$t" && patch -p1 -s <"$p") >"$tmp/err" 2>&1; then
			ko "$(basename "$p") does not apply: $(cat "$tmp/err")"
			return 1
		fi
	done
}

framework=
drivers=$(cd "$top/drivers" && ls *.c | sed 's/\.c$//' |
	  grep -v '^ingosched$')
for drv in $drivers; do
	out=$tmp/out-$drv
	if ! sh "$top/tools/upstream.sh" -o "$out" "$drv" >/dev/null \
		2>"$tmp/err"; then
		ko "$drv: tools/upstream.sh failed: $(cat "$tmp/err")"
		continue
	fi
	framework=$out/01-framework.patch
	cp -R "$base" "$tmp/tree-$drv"
	apply "$tmp/tree-$drv" "$out"/0[123]-*.patch || continue
	check_driver "$tmp/tree-$drv" "$drv" \
		"CPUSCHED_$(echo "$drv" | tr a-z A-Z)"
done

# ingosched: the tree's own, with the framework and libsched's per-task
# struct.
if [ -n "$framework" ]; then
	t=$tmp/tree-ingosched
	cp -R "$base" "$t"
	if apply "$t" "$framework"; then
		awk '/^#ifdef CONFIG_CPUSCHED_INGOSCHED$/ { on = 1 }
		     on { print }
		     on && /^#endif/ { exit }' \
			"$top/libsched/include/linux/scheduler.h" |
			sed 's/CONFIG_CPUSCHED_INGOSCHED/CONFIG_CPUSCHED_INGO/' \
			>"$tmp/ingo-struct"
		awk -v text="$tmp/ingo-struct" '
		/^#ifdef CONFIG_CPUSCHED_INGO$/ && !done { skip = 1 }
		skip && /^#endif/ {
			while ((getline l < text) > 0)
				print l
			skip = 0
			done = 1
			next
		}
		!skip { print }' "$t/include/linux/scheduler.h" >"$tmp/h"
		cat "$tmp/h" >"$t/include/linux/scheduler.h"
		check_driver "$t" ingosched CPUSCHED_INGO
	fi
else
	ko "no series exported: nothing to take the framework patch from"
fi

# ---- negative control ----------------------------------------------------

t=$tmp/tree-tiny
if [ -d "$t" ]; then
	# .check_cpu moved from the table's #ifdef block to its head
	awk '/^\t\.check_cpu\t/ { next }
	     { print }
	     /^\t\.cpusched_name\t/ { print "\t.check_cpu\t\t= tiny_check_cpu," }' \
		"$top/drivers/tiny.c" >"$tmp/unguarded.c"
	if cmp -s "$tmp/unguarded.c" "$top/drivers/tiny.c"; then
		ko "negative control: could not move .check_cpu in tiny.c's table"
	elif builds "$t" CPUSCHED_TINY 0 "$tmp/unguarded.c"; then
		ko "negative control: tiny.c with an unguarded .check_cpu builds" \
		   "with CONFIG_CPUSCHED_SELFTEST off; the check is broken"
	elif ! grep -q "no member named .check_cpu\|.check_cpu. does not refer" \
		"$tmp/cc.out"; then
		ko "negative control: refused, but not for .check_cpu:"
		sed -n '1,12s/^/	/p' "$tmp/cc.out"
	elif ! builds "$t" CPUSCHED_TINY 1 "$tmp/unguarded.c"; then
		ko "negative control: the copy does not build even with the" \
		   "options on:"
		sed -n '1,12s/^/	/p' "$tmp/cc.out"
	else
		ok "negative control: an unguarded .check_cpu fails with the" \
		   "options off (no member named 'check_cpu'), builds with them on"
	fi
	# the inherited priority read from task_struct, not through
	# task_inherited_prio() (sched_rq_effective_prio() reads it so)
	direct='min(sched_rq_normal_prio(p), p->pi_prio)'
	sed "s/= sched_rq_effective_prio(p);/= $direct;/" \
		"$top/drivers/tiny.c" >"$tmp/direct.c"
	if cmp -s "$tmp/direct.c" "$top/drivers/tiny.c"; then
		ko "negative control: no sched_rq_effective_prio(p) in tiny.c" \
		   "to replace"
	elif builds "$t" CPUSCHED_TINY 0 "$tmp/direct.c"; then
		ko "negative control: tiny.c reading p->pi_prio builds" \
		   "with CONFIG_CPUSCHED_PI off; the check is broken"
	elif ! grep -q "no member named .pi_prio\|.pi_prio. does not refer" \
		"$tmp/cc.out"; then
		ko "negative control: p->pi_prio refused, but not for it:"
		sed -n '1,12s/^/	/p' "$tmp/cc.out"
	else
		ok "negative control: p->pi_prio read directly fails with" \
		   "CONFIG_CPUSCHED_PI off (no member named 'pi_prio')"
	fi
else
	ko "negative control: no patched tree for tiny"
fi

finish
