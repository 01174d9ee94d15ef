#!/bin/sh
# tests/unit/upstream.sh - tools/upstream.sh, for every driver not yet in
# the plugsched tree: the series it writes (the framework patch, the
# per-task data, the driver) applies with `patch -p1`
# (--dry-run first, then for real, patch by patch) to the tree it is
# meant for, tools/upstream/tree (the files the series touches, laid out
# as the seeds give them after 23/28); kernel/DRIVER.c of the patched
# tree, and the file as the patch carries it, are byte for byte
# drivers/DRIVER.c; the tree then configures, builds and registers the
# driver as it does ingosched; the mails have the seeds' headers, the
# author from git config, and the evidence in the cover letter; the
# framework patch gives the tree the members, helpers and options the
# driver uses.  Bad requests exit 2 with one line and write nothing.
# That the patched tree then compiles each driver is
# tests/unit/upstream_build.sh.
set -u

. "${srcdir:-.}/tests/unit/testlib.sh"
up="${srcdir:-.}/tools/upstream.sh"
base="${srcdir:-.}/tools/upstream/tree"
tree_name=linux-2.6.10-rc1-mm2-plugsched1

# The author comes from git config: a global one of our own.  Without
# git, from UPSTREAM_FROM.  One the caller set (CI sets one for make
# upstream) would override ours.
HOME=$tmp
GIT_CONFIG_NOSYSTEM=1
export HOME GIT_CONFIG_NOSYSTEM
unset UPSTREAM_FROM
if command -v git >/dev/null 2>&1; then
	git config --global user.name "Ada Tester"
	git config --global user.email ada@example.org
	author="$(git -C "${srcdir:-.}" config user.name)"
	author="$author <$(git -C "${srcdir:-.}" config user.email)>"
else
	UPSTREAM_FROM="Ada Tester <ada@example.org>"
	export UPSTREAM_FROM
	author=$UPSTREAM_FROM
fi

# The drivers the tree does not hold yet: every one but ingosched.
drivers=$(cd "${srcdir:-.}/drivers" && ls *.c | sed 's/\.c$//' |
	  grep -v '^ingosched$')
[ -n "$drivers" ] || { ko "no driver to export"; finish; }

printf 'tests: 42 of 42 passed\n' >"$tmp/evidence"

# The + lines of the hunk creating kernel/DRIVER.c in PATCH.
carried_file() {	# PATCH DRIVER
	awk -v idx="Index: $tree_name/kernel/$2.c" '
	$0 == idx { found = 1; next }
	found && /^Index: / { exit }
	found && /^@@ / { body = 1; next }
	body { print substr($0, 2) }' "$1"
}

export_driver() {	# DRIVER
	drv=$1 upper=$(echo "$1" | tr a-z A-Z)
	out=$tmp/out-$drv
	if ! sh "$up" -o "$out" --evidence "$tmp/evidence" "$drv" \
		>"$tmp/list" 2>"$tmp/err"; then
		ko "$drv: tools/upstream.sh failed: $(cat "$tmp/err")"
		return
	fi
	if [ "$(ls "$out" | tr '\n' ' ')" = "00-cover.txt \
01-framework.patch 02-$drv-task-data.patch 03-$drv-scheduler.patch " ]; then
		ok "$drv: a cover letter and three patches"
	else
		ko "$drv: wrote $(ls "$out")"
		return
	fi

	# the mail headers, as the seeds have them
	n=0
	for f in "$out"/*; do
		subj=$(sed -n 's/^Subject: //p' "$f")
		case $subj in
		"[PATCH][plugsched $n/3] "*) ;;
		*) ko "$drv: $f: subject \"$subj\""; return ;;
		esac
		grep -qx "From: $author" "$f" &&
		grep -q '^Date: [A-Z][a-z][a-z], [0-9]* [A-Z][a-z]* 20' "$f" &&
		grep -qx "Signed-off-by: $author" "$f" || {
			ko "$drv: $f lacks From, Date or Signed-off-by"
			return
		}
		n=$((n + 1))
	done
	ok "$drv: [PATCH][plugsched 0/3..3/3], From and Signed-off-by" \
	   "$author"
	if grep -qx "tests: 42 of 42 passed" "$out/00-cover.txt"; then
		ok "$drv: the evidence is in the cover letter"
	else
		ko "$drv: no evidence in the cover letter"
	fi
	# the cover says what each option of the framework patch gives
	tr '\n' ' ' <"$out/00-cover.txt" | sed 's/  */ /g' >"$tmp/cover1"
	if grep -q "With CONFIG_CPUSCHED_SELFTEST .* check (its private" \
		"$tmp/cover1" && grep -q "With CONFIG_CPUSCHED_TUNABLES" \
		"$tmp/cover1" && grep -q "With CONFIG_CPUSCHED_PI .* fills" \
		"$tmp/cover1"; then
		ok "$drv: the cover says what SELFTEST, TUNABLES and PI give"
	else
		ko "$drv: the cover does not explain the framework patch"
	fi
	if grep -q "^Index: $tree_name/" "$out/03-$drv-scheduler.patch" &&
	   grep -q "^--- $tree_name.orig/kernel/$drv.c" \
		"$out/03-$drv-scheduler.patch"; then
		ok "$drv: Index: lines and quilt paths of $tree_name"
	else
		ko "$drv: no Index: lines"
	fi

	# the series applies, in order, dry run first
	rm -rf "$tmp/tree"
	cp -R "$base" "$tmp/tree"
	for p in "$out"/01-*.patch "$out"/02-*.patch "$out"/03-*.patch; do
		if ! (cd "$tmp/tree" && patch -p1 --dry-run -s <"$p" \
			>"$tmp/err" 2>&1 && patch -p1 -s <"$p" >"$tmp/err" \
			2>&1); then
			ko "$drv: $(basename "$p") does not apply:" \
			   "$(cat "$tmp/err")"
			return
		fi
	done
	if ! find "$tmp/tree" -name '*.rej' -o -name '*.orig' | grep -q .
	then
		ok "$drv: patch -p1 applies all three, no fuzz files left"
	else
		ko "$drv: reject or backup files after patching"
	fi

	# the driver, byte for byte, in the tree and in the patch
	if cmp -s "$tmp/tree/kernel/$drv.c" "${srcdir:-.}/drivers/$drv.c"; then
		ok "$drv: kernel/$drv.c is drivers/$drv.c byte for byte"
	else
		ko "$drv: kernel/$drv.c differs from drivers/$drv.c"
	fi
	carried_file "$out/03-$drv-scheduler.patch" "$drv" >"$tmp/carried"
	if cmp -s "$tmp/carried" "${srcdir:-.}/drivers/$drv.c"; then
		ok "$drv: the patch carries drivers/$drv.c byte for byte"
	else
		ko "$drv: the file in the patch differs from drivers/$drv.c"
	fi

	# and the tree knows it as it knows ingosched
	t=$tmp/tree
	sym=$(sed -n 's/^struct sched_drv \([a-z0-9_]*\) = {.*/\1/p' \
		"${srcdir:-.}/drivers/$drv.c")
	missing=
	grep -qx "config CPUSCHED_$upper" "$t/init/Kconfig" ||
		missing="$missing Kconfig:CPUSCHED_$upper"
	awk '/^choice/,/^endchoice/' "$t/init/Kconfig" |
		grep -qx "config CPUSCHED_DEFAULT_$upper" ||
		missing="$missing Kconfig:choice"
	grep -qxF "obj-\$(CONFIG_CPUSCHED_$upper) += $drv.o" \
		"$t/kernel/Makefile" || missing="$missing Makefile"
	grep -qx "extern struct sched_drv $sym;" "$t/kernel/scheduler.c" &&
	grep -qx "#elif defined(CONFIG_CPUSCHED_DEFAULT_$upper)" \
		"$t/kernel/scheduler.c" &&
	grep -qxF "	if (!strcmp(str, $sym.cpusched_name))" \
		"$t/kernel/scheduler.c" ||
		missing="$missing scheduler.c"
	grep -q "^struct cpusched_[a-z]* {" "$t/include/linux/scheduler.h" &&
	awk '/^union cpusched/,/^};/' "$t/include/linux/scheduler.h" |
		grep -qx "#ifdef CONFIG_CPUSCHED_$upper" ||
		missing="$missing scheduler.h"
	grep -qx "config CPUSCHED_SELFTEST" "$t/init/Kconfig" &&
	grep -qx "config CPUSCHED_TUNABLES" "$t/init/Kconfig" &&
	grep -qx "config CPUSCHED_PI" "$t/init/Kconfig" ||
		missing="$missing Kconfig:options"
	awk '/^#ifdef CONFIG_CPUSCHED_PI$/,/^#endif/' \
		"$t/include/linux/scheduler.h" |
		grep -q "void (\*pi_setprio)(struct task_struct \*p);" &&
	grep -q "^#define task_inherited_prio(p)" \
		"$t/include/linux/scheduler.h" ||
		missing="$missing framework:pi"
	awk '/^#ifdef CONFIG_CPUSCHED_SELFTEST$/,/^#endif/' \
		"$t/include/linux/scheduler.h" |
		grep -q "int (\*check)(char \*buf, int len);" &&
	grep -q "^extern void sched_account_user(" \
		"$t/include/linux/scheduler.h" &&
	grep -q "^void sched_account_user(" "$t/kernel/scheduler.c" ||
		missing="$missing framework"
	if [ -z "$missing" ]; then
		ok "$drv: the framework's options, self-test members and" \
		   "shared helpers in place"
	else
		ko "$drv: missing from the patched tree:$missing"
	fi
	missing=
	if [ -z "$missing" ]; then
		ok "$drv: Kconfig, default choice, Makefile, cpusched=" \
		   "registration and union cpusched member in place"
	else
		ko "$drv: missing from the patched tree:$missing"
	fi
}

for drv in $drivers; do
	export_driver "$drv"
done

# ---- bad requests --------------------------------------------------------

refuse() {	# WHAT EXPECTED-MESSAGE ARGS...
	what=$1 want=$2
	shift 2
	rm -rf "$tmp/bad"
	sh "$up" -o "$tmp/bad" "$@" >"$tmp/out" 2>"$tmp/err"
	st=$?
	if [ $st = 2 ] && [ "$(wc -l <"$tmp/err")" = 1 ] &&
	   grep -q "$want" "$tmp/err" && [ ! -e "$tmp/bad" ]; then
		ok "refused, nothing written: $what"
	else
		ko "$what: status $st, $(cat "$tmp/err")"
	fi
}
refuse "an unknown driver" "no driver nosuch" nosuch
refuse "a name that is not one" "is not a driver name" ../etc
refuse "ingosched, already the tree's kernel/sched.c" \
	"plugsched's own kernel/sched.c" ingosched
refuse "no driver named" "usage" -o x
refuse "an unreadable evidence file" "cannot read" \
	--evidence "$tmp/none" tiny
HOME=$tmp/nobody
unset UPSTREAM_FROM
command -v git >/dev/null 2>&1 &&
	git -C "${srcdir:-.}" config user.name >/dev/null 2>&1 ||
	refuse "no author in git config" "no author" tiny

finish
