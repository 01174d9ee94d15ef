#!/bin/sh
# purity.sh - the kernel purity gate.
#
# Every .c file under libsched/ and drivers/ is kernel code: it must build
# freestanding, with no libc headers, against the simulated kernel headers
# only.  For each file:
#   1. it compiles with $CC -fsyntax-only -nostdinc -ffreestanding and the
#      kernel include path plus the generated linux/autoconf.h;
#   2. its only #include <...> lines are <linux/...>, <asm/...>.
# A negative control proves the gate works: a driver that includes
# <stdio.h> must fail both rules.
#
# Environment (set by make check through AM_TESTS_ENVIRONMENT):
#   CC        the compiler (default: cc)
#   srcdir    top source directory (default: .)
#   builddir  top build directory, holding compat/gen (default: .)
#
# Exit status: 0 all passed, 1 something failed, 99 hard error.

CC=${CC:-cc}
srcdir=${srcdir:-.}
builddir=${builddir:-.}

gen=$builddir/compat/gen
autoconf_h=$gen/linux/autoconf.h
if test ! -f "$autoconf_h"; then
	echo "ERROR: $autoconf_h not found: run configure first" >&2
	exit 99
fi

# Word-split on purpose: CC may carry options ("ccache gcc", "gcc -m32").
KFLAGS="-fsyntax-only -nostdinc -ffreestanding
	-I$srcdir/compat/include -I$srcdir/libsched/include
	-I$srcdir/compat/api -I$gen -include $autoconf_h"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/purity.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 99' HUP INT TERM

passed=0
failed=0

pass() {
	echo "PASS: $1"
	passed=$((passed + 1))
}

fail() {
	echo "FAIL: $1"
	failed=$((failed + 1))
}

# Header directories kernel code may #include <...> from (an ERE).
ALLOWED='linux|asm'

# Print a file's #include <...> lines that name a header outside $ALLOWED,
# as "LINE:text".
forbidden_includes() {
	grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*<' "$1" |
		grep -v -E "^[0-9]+:[[:space:]]*#[[:space:]]*include[[:space:]]*<($ALLOWED)/"
}

# Rule 1: compiles freestanding.  Diagnostics go to $tmp/cc.out.  Extra
# arguments go to the compiler.
compiles() {
	cfile=$1
	shift
	# shellcheck disable=SC2086
	$CC $KFLAGS "$@" "$cfile" >"$tmp/cc.out" 2>&1
}

# Indent a file's first lines under a FAIL line.
details() {
	sed -n '1,15s/^/	/p' "$1"
}

# check_file LABEL FILE [CC-ARGS...]
check_file() {
	label=$1
	file=$2
	shift 2
	why=
	cc_ok=1
	if ! compiles "$file" "$@"; then
		cc_ok=0
		why="does not compile freestanding (-nostdinc -ffreestanding)"
	fi
	if forbidden_includes "$file" >"$tmp/inc.out"; then
		why="${why:+$why; }includes headers other than <linux/...>, <asm/...>"
	fi
	if test -z "$why"; then
		pass "$label"
		return
	fi
	fail "$label: $why"
	test $cc_ok = 1 || details "$tmp/cc.out"
	details "$tmp/inc.out"
}

# ---- the kernel sources --------------------------------------------------

files=$(cd "$srcdir" && find libsched drivers -type f -name '*.c' 2>/dev/null | LC_ALL=C sort)
if test -z "$files"; then
	fail "no .c files found under $srcdir/libsched or $srcdir/drivers"
fi
for f in $files; do
	case $f in
	drivers/*)
		# Check every driver, built in this configuration or not, as
		# it is compiled when selected: with its CONFIG_CPUSCHED_<NAME>.
		name=$(basename "$f" .c | tr abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ)
		check_file "$f" "$srcdir/$f" "-DCONFIG_CPUSCHED_$name=1"
		;;
	*)
		check_file "$f" "$srcdir/$f"
		;;
	esac
done

# ---- negative control ----------------------------------------------------

# The same flags must accept a trivial file, so that a rejection below is
# about <stdio.h> and not about a broken compiler or flag set.
printf 'int purity_positive_control;\n' >"$tmp/positive.c"
cat >"$tmp/negative.c" <<'EOF'
#include <stdio.h>

int negative_control(void)
{
	return printf("kernel code must not use libc\n");
}
EOF

if ! compiles "$tmp/positive.c"; then
	# shellcheck disable=SC2086,SC2116
	fail "negative control: the compiler rejects even an empty file with these flags: $CC $(echo $KFLAGS)"
	details "$tmp/cc.out"
elif compiles "$tmp/negative.c"; then
	fail "negative control: a driver including <stdio.h> compiled with -nostdinc; the gate is broken"
elif ! grep 'stdio\.h' "$tmp/cc.out" >/dev/null; then
	fail "negative control: rejected, but not because of <stdio.h>"
	details "$tmp/cc.out"
elif ! forbidden_includes "$tmp/negative.c" >/dev/null; then
	fail "negative control: the include rule does not catch <stdio.h>; the gate is broken"
else
	pass "negative control (<stdio.h> rejected by the compiler and by the include rule)"
fi

echo "$passed passed, $failed failed"
test $failed = 0
