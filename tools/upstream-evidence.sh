#!/bin/sh
# tools/upstream-evidence.sh - the verification evidence for one cpu
# scheduler driver, as plain text for the cover letter of its patch
# series.
#
#	sh $srcdir/tools/upstream-evidence.sh [--fuzz-seconds N] DRIVER
#
# Run from a configured build directory (the one with the Makefile);
# DRIVER is drivers/DRIVER.c, built in that build.  It gathers, and
# reports with the figures the tools printed and the command of each:
#
#   1. check_conformance, check_DRIVER, check_dispatcher and
#      check_syscalls, in this build;
#   2. the same tests under Valgrind memcheck, in this build;
#   3. the whole suite and the coverage gate in upstream-out/cov, a
#      build configured with --enable-code-coverage;
#   4. the same tests under ASan and UBSan, then libFuzzer on DRIVER
#      for N seconds (default 60), in upstream-out/san, a build
#      configured with --enable-sanitizers;
#   5. the driver's tunables;
#   6. the examples suite on ingosched and DRIVER side by side.
#
# upstream-out/cov and upstream-out/san are configured once, from the
# copy of the source tree that `make sub-source` makes again each time
# (this build's SUB_SRCDIR: a tree configured in place cannot configure
# another build), and only brought up to date afterwards.  The evidence
# goes to stdout, progress to stderr, the output of every command to
# upstream-out/DRIVER/*.log.
#
# Exit 0 when every check passed; 1 when one failed (the evidence is
# printed whole and says which); 2 on bad usage, outside a build
# directory, or for a driver this build lacks, with nothing run.
set -u

prog=upstream-evidence.sh
fuzz_seconds=60
# Each make runs two jobs: the machines this runs on have two cores.
jobs=-j2
# The sections that failed, space separated.
failures=

die() {
	echo "$prog: $*" >&2
	exit 2
}

usage() {
	echo "usage: sh $prog [--fuzz-seconds N] DRIVER"
}

progress() {
	echo "$prog: $*" >&2
}

# ---- arguments and the build ---------------------------------------------

parse_args() {
	while [ $# -gt 0 ]; do
		case $1 in
		--fuzz-seconds)
			[ $# -ge 2 ] || die "--fuzz-seconds needs a number"
			fuzz_seconds=$2
			shift ;;
		--fuzz-seconds=*)
			fuzz_seconds=${1#*=} ;;
		-h|--help)
			usage
			exit 0 ;;
		-*)
			die "unknown option $1 ($(usage))" ;;
		*)
			break ;;
		esac
		shift
	done
	[ $# -eq 1 ] || die "$(usage)"
	# drivers/tiny.c and tiny.c name the driver tiny too.
	driver=${1#drivers/}
	driver=${driver%.c}
	case $fuzz_seconds in
	''|*[!0-9]*)
		die "--fuzz-seconds: '$fuzz_seconds' is not a number" ;;
	esac
	# libFuzzer takes -max_total_time=0 as "run for ever".
	[ "$fuzz_seconds" -gt 0 ] || die "--fuzz-seconds must be above 0"
}

# The value of the variable NAME in the Makefile of the build DIR.
make_var() {	# DIR NAME
	sed -n "s|^$2 = ||p" "$1/Makefile" 2>/dev/null
}

find_srcdir() {
	[ -f Makefile ] ||
		die "no Makefile here: run it from a configured build directory"
	srcdir=$(make_var . abs_top_srcdir)
	[ -n "$srcdir" ] && [ -d "$srcdir/drivers" ] ||
		die "the Makefile here names no plugsched source directory"
}

# The drivers schedsim was built with, from the --cpusched line of its
# --help: "(default ingosched; built: ingosched staircase tiny)".
built_drivers() {
	./tools/schedsim --help 2>/dev/null |
		sed -n 's/.*--cpusched=.*built: \([^)]*\)).*/\1/p'
}

check_driver() {
	case $driver in
	''|*[!A-Za-z0-9_]*)
		die "'$driver' is not a driver name (drivers/NAME.c)" ;;
	esac
	[ -f "$srcdir/drivers/$driver.c" ] ||
		die "no driver $driver: drivers/$driver.c does not exist" \
		    "(drivers: $(ls "$srcdir/drivers" | sed -n 's/\.c$//p' |
				 xargs))"
	if [ ! -x tools/schedsim ]; then
		progress "building tools/schedsim"
		make $jobs tools/schedsim >&2 ||
			die "cannot build tools/schedsim"
	fi
	built=$(built_drivers)
	[ -n "$built" ] || die "./tools/schedsim --help lists no driver"
	case " $built " in
	*" $driver "*) ;;
	*) die "$driver is not built in this build (built: $built)" ;;
	esac
}

# The suites every section runs.  The driver's own is left out, and the
# evidence says so, if it has none.
choose_tests() {
	own=tests/unit/check_$driver
	[ -f "$srcdir/$own.c" ] || own=
	tests="tests/unit/check_conformance${own:+ $own}"
	tests="$tests tests/unit/check_dispatcher tests/unit/check_syscalls"
}

# ---- reporting -------------------------------------------------------------

# A section's title and, under it, the command its figures come from.
heading() {	# TITLE COMMAND
	printf '\n%s\n' "$1"
	command_line "$2"
}

command_line() {	# COMMAND
	printf '    $ %s\n\n' "$1"
}

# Text of the evidence, wrapped for a mail and indented.
prose() {	# TEXT...
	echo "$*" | fold -s -w 68 | sed 's/ *$//; s/^/    /'
}

# Output of a tool, as it is, indented; blanks at the ends of lines
# would only trouble the mail.
verbatim() {	# FILE
	sed 's/ *$//; s/^./    &/' "$1"
}

# State a failure in the evidence and remember its section.
failed() {	# SECTION WHY...
	fail_section=$1
	shift
	prose "FAILED: $*"
	case " $failures " in
	*" $fail_section "*) ;;
	*) failures="${failures:+$failures }$fail_section" ;;
	esac
}

# Run COMMAND... in the build DIR, its output appended to LOG (a path
# from here: the redirection is made before the cd).
run_in() {	# DIR LOG COMMAND...
	run_dir=$1 run_log=$2
	shift 2
	(cd "$run_dir" && "$@") >>"$run_log" 2>&1
}

# Check's summary line in the log of the suite NAME run in the build
# DIR, as "CHECKS FAILURES ERRORS"; nothing when there is none (the
# program crashed before Check counted, or did not run).
check_re='.*Checks: \([0-9]*\), Failures: \([0-9]*\), Errors: \([0-9]*\).*'
check_counts() {	# DIR NAME
	sed -n "s/$check_re/\\1 \\2 \\3/p" "$1/tests/unit/$2.log" \
		2>/dev/null | tail -n 1
}

# One line per suite of $tests run in the build DIR: checks and passed.
report_suites() {	# DIR SECTION
	for t in $tests; do
		name=${t##*/}
		counts=$(check_counts "$1" "$name")
		if [ -z "$counts" ]; then
			printf '    %-20s no Check summary\n' "$name"
			failed "$2" "no Check summary in $1/$t.log"
			continue
		fi
		set -- "$1" "$2" $counts
		printf '    %-20s %5d checks, %5d passed\n' "$name" "$3" \
			$(($3 - $4 - $5))
		[ "$4$5" = 00 ] ||
			failed "$2" "$name: Failures: $4, Errors: $5" \
				"($1/$t.log)"
	done
}

# A make that failed though every suite may have passed (a build error,
# a crash after Check's summary) fails its section too.
report_status() {	# SECTION STATUS LOG
	[ "$2" = 0 ] ||
		failed "$1" "the command exited with status $2 (see $3)"
}

# Make the sub-builds' copy of the source tree again, $subsrc, as
# every sub-build of this Makefile does (Makefile.am, "Sub-builds").
copy_source() {	# LOG
	subsrc=$(make_var . SUB_SRCDIR)
	[ -n "$subsrc" ] ||
		{ why="the Makefile here names no SUB_SRCDIR"; return 1; }
	subsrc=$(pwd)/$subsrc
	run_in . "$1" make -s sub-source ||
		{ why="make sub-source failed (see $1)"; return 1; }
}

# Configure the build DIR from the copy with OPTION unless it has a
# Makefile already, then bring it up to date.  A build configured from
# another tree, or without OPTION (its Makefile's VAR does not match
# the case PATTERN), is refused: its figures would not be this driver's.
# On failure $why says what went wrong.
prepare_tree() {	# DIR OPTION VAR PATTERN LOG
	copy_source "$5" || return 1
	mkdir -p "$1" || { why="cannot create $1"; return 1; }
	if [ ! -f "$1/Makefile" ]; then
		progress "configuring $1 ($2)"
		run_in "$1" "$5" "$subsrc/configure" -q "$2" ||
			{ why="configure $2 in $1 failed (see $5)"; return 1; }
	fi
	if [ "$(make_var "$1" abs_top_srcdir)" != "$subsrc" ]; then
		why="$1 was configured from another source tree; remove it"
		return 1
	fi
	case $(make_var "$1" "$3") in
	$4) ;;
	*) why="$1 was not configured $2; remove it"; return 1 ;;
	esac
	progress "building $1"
	run_in "$1" "$5" make $jobs || { why="make in $1 failed (see $5)"
					 return 1; }
}

# ---- the sections ----------------------------------------------------------

print_header() {
	describe=$(git -C "$srcdir" describe --always --dirty 2>/dev/null) ||
		describe="not a git tree"
	echo "Verification evidence for the $driver cpu scheduler driver"
	echo "plugsched $(make_var . PACKAGE_VERSION), git $describe," \
	     "$(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "on $(uname -sm), $(getconf _NPROCESSORS_ONLN) CPUs;" \
	     "source $srcdir"
}

evidence_tests() {
	log=$logdir/tests.log
	cmd="make $jobs check TESTS=\"$tests\""
	progress "1/6 tests: $cmd"
	: >"$log"
	run_in . "$log" make $jobs check TESTS="$tests"
	st=$?
	heading "1. Tests, in this build" "$cmd"
	report_suites . tests
	report_status tests "$st" "$log"
	[ -n "$own" ] || prose "drivers/$driver.c has no suite of its own" \
			       "(no tests/unit/check_$driver.c)."
	# The CPU counts as the suite has them, not as remembered.
	cpus=$(sed -n 's/.*cpu_setups\[\] = { *\([0-9, ]*[0-9]\) *};.*/\1/p' \
		"$srcdir/tests/unit/check_conformance.c" |
		sed 's/, \([0-9]*\)$/ and \1/')
	echo
	prose "check_conformance runs each of its tests on every driver" \
	      "of this build ($built) on machines of ${cpus:-?} CPUs."
}

# The memcheck reports in LOG...: "PROCESSES ERRORS DEFINITE_BYTES".
# Each process (Check forks one per test) ends with an ERROR SUMMARY,
# and with a LEAK SUMMARY when it left blocks.
memcheck_totals() {	# LOG...
	cat "$@" 2>/dev/null | awk '
	/ERROR SUMMARY:/ {
		n++
		for (i = 1; i < NF; i++)
			if ($i == "SUMMARY:")
				errors += $(i + 1)
	}
	/definitely lost:/ {
		for (i = 1; i < NF; i++)
			if ($i == "lost:") {
				bytes = $(i + 1)
				gsub(",", "", bytes)
				lost += bytes
			}
	}
	END { print n + 0, errors + 0, lost + 0 }'
}

evidence_valgrind() {
	log=$logdir/valgrind.log
	cmd="make $jobs check-valgrind-memcheck TESTS=\"$tests\""
	if [ "$(make_var . VALGRIND_ENABLED)" != yes ]; then
		heading "2. Valgrind memcheck, in this build" "$cmd"
		prose "not run: configure found no valgrind"
		return
	fi
	progress "2/6 valgrind: $cmd"
	: >"$log"
	run_in . "$log" make $jobs check-valgrind-memcheck TESTS="$tests"
	st=$?
	heading "2. Valgrind memcheck, in this build" "$cmd"
	report_suites . valgrind
	report_status valgrind "$st" "$log"
	logs=
	for t in $tests; do
		logs="$logs $t.log"
	done
	set -- $(memcheck_totals $logs)
	echo
	prose "memcheck (--leak-check=full): $1 processes, $2 errors," \
	      "$3 bytes definitely lost."
	if [ "$1" = 0 ]; then
		failed valgrind "no memcheck report in the tests' logs"
	elif [ "$2$3" != 00 ]; then
		failed valgrind "memcheck found errors or leaks (see$logs)"
	fi
}

# The last "# NAME: N" of the Automake test summary in LOG.
suite_count() {	# LOG NAME
	sed -n "s/^# $2: *\([0-9]*\)$/\1/p" "$1" | tail -n 1
}

evidence_coverage() {
	cov=upstream-out/cov
	log=$logdir/coverage.log
	cmd="cd $cov && make $jobs coverage-gate"
	title="3. Coverage, in a build configured --enable-code-coverage"
	progress "3/6 coverage: $cmd"
	: >"$log"
	if ! prepare_tree $cov --enable-code-coverage \
	     CODE_COVERAGE_ENABLED yes "$log"; then
		heading "$title" "$cmd"
		failed coverage "$why"
		return
	fi
	run_in $cov "$log" make $jobs coverage-gate
	st=$?
	heading "$title" "$cmd"
	total=$(suite_count "$log" TOTAL)
	if [ -n "$total" ]; then
		pass=$(suite_count "$log" PASS)
		bad=$(($(suite_count "$log" FAIL) +
		       $(suite_count "$log" ERROR)))
		prose "the whole suite: $total tests, $pass passed, $bad" \
		      "failed."
	else
		prose "the whole suite: no test summary in $log"
	fi
	row=$(awk -v f="drivers/$driver.c" '$1 == f { r = $0 }
					     END { print r }' "$log")
	if [ -n "$row" ]; then
		set -- $row
		prose "drivers/$driver.c: lines $2 of $3, branches $4 of $5."
	else
		failed coverage "no row for drivers/$driver.c in the gate's" \
			"table"
	fi
	# The gate's verdict: its "coverage gate:" lines, wrapped, and the
	# files they list, as they are; not make's own complaint.
	sed -n '/^coverage gate:/,$p' "$log" | grep -v '^make' |
	while IFS= read -r line; do
		case $line in
		"coverage gate:"*) prose "$line" ;;
		*) printf '    %s\n' "$line" ;;
		esac
	done
	report_status coverage "$st" "$log"
}

evidence_sanitizers() {
	san=upstream-out/san
	log=$logdir/sanitizers.log
	cmd="cd $san && make $jobs check TESTS=\"$tests\""
	title="4. Sanitizers and fuzzing, in a build configured"
	title="$title --enable-sanitizers"
	progress "4/6 sanitizers: $cmd"
	: >"$log"
	if ! prepare_tree $san --enable-sanitizers \
	     CFLAGS '*-fsanitize=address,undefined*' "$log"; then
		heading "$title" "$cmd"
		failed sanitizers "$why"
		return
	fi
	run_in $san "$log" make $jobs check TESTS="$tests"
	st=$?
	heading "$title" "$cmd"
	report_suites $san sanitizers
	report_status sanitizers "$st" "$log"
	echo
	prose "CFLAGS: $(make_var $san CFLAGS)"
	echo
	fuzz_driver
}

# libFuzzer on the driver alone, in the sanitizer build: make fuzz-sched
# builds its own instrumented tree (fuzz-out/build) and fails on a crash,
# a sanitizer report or a hang.  libFuzzer's last line counts the runs;
# the first report of a failed run says what it found.
done_re='^Done \([0-9]*\) runs in \([0-9]*\) second(s)$'
inited_re='^#\([0-9]*\)[[:space:]]*INITED.*'
crash_re='==[0-9]+== ?ERROR|runtime error:|deadly signal|BUG:'
fuzz_driver() {
	log=$logdir/fuzz.log
	cmd="cd $san && FUZZ_SCHED_DRIVER=$driver make $jobs fuzz-sched"
	cmd="$cmd FUZZ_SECONDS=$fuzz_seconds"
	progress "4/6 fuzzing: $cmd"
	: >"$log"
	run_in $san "$log" env FUZZ_SCHED_DRIVER="$driver" \
		make $jobs fuzz-sched FUZZ_SECONDS="$fuzz_seconds"
	st=$?
	command_line "$cmd"
	done_line=$(sed -n "s/$done_re/\\1 \\2/p" "$log" | tail -n 1)
	if [ $st = 0 ] && [ -n "$done_line" ]; then
		set -- $done_line
		rate=
		[ "$2" = 0 ] || rate=" ($(($1 / $2)) per second)"
		seeds=$(sed -n "s/$inited_re/\\1/p" "$log" | head -n 1)
		prose "libFuzzer: $1 executions in $2 s$rate, the first" \
		      "${seeds:-?} replaying the corpus; no crash."
	else
		crash=$(grep -E "$crash_re" "$log" | head -n 1)
		unit=$(sed -n 's/.*Test unit written to \(\.\/\)*//p' "$log" |
			head -n 1)
		failed fuzzing "make fuzz-sched exited with status" \
			"$st${crash:+: $crash}${unit:+ (input: $san/$unit)}" \
			"(see $log)"
	fi
	prose "FUZZ_SCHED_DRIVER=$driver makes every input boot $driver," \
	      "whatever driver its first byte names (tests/fuzz/fuzz_sched.c)."
}

evidence_tunables() {
	out=$logdir/tunables.txt
	cmd="./tools/schedsim --cpusched=$driver --list-tunables"
	progress "5/6 tunables: $cmd"
	./tools/schedsim --cpusched="$driver" --list-tunables >"$out" 2>&1
	st=$?
	heading "5. Tunables" "$cmd"
	verbatim "$out"
	report_status tunables "$st" "$out"
}

evidence_compare() {
	out=$logdir/compare.txt
	if [ "$driver" = ingosched ]; then
		title="6. The examples suite, on the reference driver"
		drivers=ingosched
	else
		title="6. Against ingosched, the reference driver, on the"
		title="$title examples"
		drivers=ingosched,$driver
	fi
	cmd="./tools/schedsim --compare=$drivers --suite=$srcdir/examples"
	cmd="$cmd --duration=2"
	progress "6/6 the examples: $cmd"
	./tools/schedsim --compare="$drivers" --suite="$srcdir/examples" \
		--duration=2 >"$out" 2>"$logdir/compare.err"
	st=$?
	heading "$title" "$cmd"
	verbatim "$out"
	[ $st = 0 ] || failed compare "schedsim exited with status $st:" \
			      "$(head -n 1 "$logdir/compare.err")"
}

print_summary() {
	elapsed=$(($(date +%s) - started))
	took="$((elapsed / 60)) min $((elapsed % 60)) s"
	echo
	if [ -z "$failures" ]; then
		echo "Every check above passed (gathered in $took)."
	else
		echo "FAILED: $failures (gathered in $took)."
	fi
}

# ---- main ------------------------------------------------------------------

parse_args "$@"
find_srcdir
check_driver
choose_tests
started=$(date +%s)
logdir=upstream-out/$driver
mkdir -p "$logdir" || die "cannot create $logdir"

print_header
evidence_tests
evidence_valgrind
evidence_coverage
evidence_sanitizers
evidence_tunables
evidence_compare
print_summary
[ -z "$failures" ]
