#!/bin/bash
# tests/mutate/mutate.sh - mutation testing of the drivers and libsched:
# which lines of a scheduler does no test pin down?  `make mutate` runs
# it (docs/mutation.md).
#
#	mutate.sh [options] TEST...
#
# Each mutant of tests/mutate/mutagen.c is written into a worker's copy
# of the tree, the library is rebuilt and the tests that run the line
# it changed are run in turn until one fails.  A mutant is then
#
#	killed		a test failed (the first one is named)
#	timeout		a test ran past its time limit (counted as killed)
#	survived	every test that runs its line passed
#	uncovered	no test runs its line (counted as survived)
#	equivalent	it survived, and tests/mutate/equivalent says why it
#			cannot change behaviour (not counted)
#	same-code	the compiler made the same object code of it: it is
#			no change at all (not counted)
#	stillborn	it does not compile (not counted)
#	warned		it survived, but gcc warns about it (-Wall), which
#			it does not about the pristine code: the developer
#			is told before any test runs (not counted)
#
# The score of a file is killed / (killed + survived + uncovered); the
# run fails if a file's score is below --target.  Each mutant's line of
# results.tsv holds: ID FILE LINE OP FUNCTION STATUS KILLED-BY ORIGINAL
# MUTATED MILLISECONDS.
#
# Which tests run a line comes from a coverage build of the same tree:
# each test is run alone and gcov says which lines of the mutated files
# it executed.  A mutant is run through the tests that executed one of
# its lines; a mutant on lines gcov does not see as code (a #define, an
# initialiser) through all of them.  A test that never executes a line
# cannot see it change, so this only saves time.  Without lcov and gcov
# (--enable-code-coverage does not configure) every mutant runs every
# test.
#
# Workers (--jobs, default every CPU) each have a configured copy of
# the source tree under --out, as has the coverage build; they are kept
# and brought up to date for the next run.
#
# Options:
#	--srcdir DIR		a pristine source tree, as make distdir
#				writes it (default .)
#	--out DIR		work and report directory (default mutate-out)
#	--mutagen PATH		the mutant generator (default: built from
#				tests/mutate/mutagen.c into --out)
#	--file FILE		only the mutants of FILE (repeatable)
#	--sample N		N mutants picked at random (default: all)
#	--seed S		the random pick's seed (default 1)
#	--ids FILE		only the mutants whose IDs start the lines of
#				FILE (the survivors of results.tsv, say)
#	--jobs N		workers (default: nproc)
#	--target PCT		the lowest score that passes (default 95)
#	--configure "ARGS"	extra arguments for the trees' configure
#	--time-factor K		a test may take K times as long as it takes
#				without a mutant, at least 10 s (default 10)
#	--pool			hold the sample as a whole to --target, not
#				each file (a small sample has few mutants of
#				a file: one survivor would decide)
#	--no-coverage		no coverage build: every mutant runs every
#				test (quickest first) until one fails; for
#				small samples, where the build costs more
#				than it saves
set -u

srcdir=.
out=mutate-out
files=
sample=
seed=1
ids=
jobs=$(nproc 2>/dev/null || echo 1)
target=95
configure_args=
factor=10
mutagen=
coverage=yes
pool=no

die() {
	echo "mutate: $*" >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case $1 in
	--srcdir) srcdir=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	--mutagen) mutagen=$2; shift 2 ;;
	--file) files="$files $2"; shift 2 ;;
	--sample) sample=$2; shift 2 ;;
	--seed) seed=$2; shift 2 ;;
	--ids) ids=$2; shift 2 ;;
	--jobs) jobs=$2; shift 2 ;;
	--target) target=$2; shift 2 ;;
	--configure) configure_args=$2; shift 2 ;;
	--time-factor) factor=$2; shift 2 ;;
	--no-coverage) coverage=no; shift ;;
	--pool) pool=yes; shift ;;
	--) shift; break ;;
	-*) die "unknown option $1" ;;
	*) break ;;
	esac
done
tests="$*"
[ -n "$tests" ] || die "no tests to run (usage: mutate.sh [options] TEST...)"
case $jobs in ''|*[!0-9]*|0) die "--jobs wants a number from 1 up" ;; esac
case $target in ''|*[!0-9]*) die "--target wants a percentage" ;; esac
case $factor in ''|*[!0-9]*|0) die "--time-factor wants a number" ;; esac
case $seed in ''|*[!0-9]*) die "--seed wants a number from 0 up" ;; esac
[ -z "$sample" ] || case $sample in *[!0-9]*) die "--sample wants a number" ;; esac

srcdir=$(cd "$srcdir" && pwd) || die "no source tree $srcdir"
[ -f "$srcdir/tests/mutate/mutagen.c" ] ||
	die "$srcdir is not plugsched's source tree"
mkdir -p "$out" || die "cannot create $out"
out=$(cd "$out" && pwd)
equivalent="$srcdir/tests/mutate/equivalent"

# The files: by default every driver and libsched's own files.
all_files=$(cd "$srcdir" && ls drivers/*.c libsched/*.c)
[ -n "$files" ] || files=$all_files
files=$(echo $files)
for f in $files; do
	case $f in
	drivers/*.c|libsched/*.c) ;;
	*) die "$f: only the files of drivers/ and libsched/ are mutated" ;;
	esac
	[ -f "$srcdir/$f" ] || die "no file $f in the tree"
done

# ---- the mutants ------------------------------------------------------------

if [ -z "$mutagen" ]; then
	mutagen="$out/mutagen"
	if [ ! -x "$mutagen" ] ||
	   [ "$srcdir/tests/mutate/mutagen.c" -nt "$mutagen" ]; then
		${CC:-cc} -O2 -o "$mutagen" "$srcdir/tests/mutate/mutagen.c" ||
			die "cannot build the mutant generator"
	fi
fi
[ -x "$mutagen" ] || die "no mutant generator $mutagen"

list="$out/mutants.tsv"
if [ -n "$ids" ]; then
	[ -r "$ids" ] || die "cannot read $ids"
	awk '{ print $1 }' "$ids" | grep -E '^[0-9a-f]{8}$' >"$out/only.ids"
	(cd "$srcdir" && "$mutagen" $files) | grep -Ff "$out/only.ids" \
		>"$list.all" || die "none of the IDs in $ids is a mutant now"
	if [ -n "$sample" ]; then
		shuf -n "$sample" --random-source=<(yes "$seed") "$list.all" \
			>"$list"
	else
		mv "$list.all" "$list"
	fi
else
	(cd "$srcdir" && "$mutagen" ${sample:+--sample "$sample"} \
		--seed "$seed" $files) >"$list" ||
		die "cannot list the mutants"
fi
echo "mutate: $(wc -l <"$list") mutants of $files"

# Entries of the equivalent list: "ID FILE:LINE REASON".  Every ID must
# be a mutant of today's files: a stale entry is an error, so that the
# list only ever names mutants someone has looked at.
: >"$out/equivalent.ids"
if [ -f "$equivalent" ]; then
	(cd "$srcdir" && "$mutagen" $all_files) | cut -f1 >"$out/all.ids"
	grep -v '^#' "$equivalent" | awk 'NF { print $1 }' \
		>"$out/equivalent.ids"
	stale=$(grep -vxFf "$out/all.ids" "$out/equivalent.ids")
	if [ -n "$stale" ]; then
		echo "mutate: tests/mutate/equivalent names mutants that no" \
			"longer exist (the code changed: review them):" >&2
		echo "$stale" >&2
		exit 2
	fi
fi

# ---- the trees --------------------------------------------------------------

# build_tree DIR CONFIGURE-ARGS... - DIR, a copy of the source tree,
# configured and built with the tests.  Copies keep their times, so an
# unchanged file is not rebuilt on the next run.
build_tree() {
	d=$1
	shift
	mkdir -p "$d" && cp -pR "$srcdir/." "$d/" && cd "$d" || return 1
	# a run stopped half-way may have left a mutant's object newer
	# than the source: the files mutated are always compiled afresh
	touch $all_files
	# configure finds the drivers by their files: a tree configured
	# before a driver came (or went) is configured again
	drivers=$(ls drivers/*.c)
	if [ ! -f Makefile ] ||
	   [ "$(cat mutate-drivers 2>/dev/null)" != "$drivers" ]; then
		./configure -q --disable-static --disable-valgrind "$@" \
			$configure_args >build.log 2>&1 || return 1
		echo "$drivers" >mutate-drivers
	fi
	make -j1 all >>build.log 2>&1 &&
	make -j1 $(printf '%s\n' $tests | grep -v '\.sh$') \
		tests/fuzz/fuzz_sched tests/fuzz/fuzz_workload \
		>>build.log 2>&1
}

# object_of FILE - libtool's objects of FILE (the .lo and the PIC .o).
object_of() {
	d=$(dirname "$1")
	b=$(basename "$1" .c)
	echo "$d/libkernel_la-$b.lo $d/.libs/libkernel_la-$b.o"
}

# run_test T LIMIT - one test in this tree: 0 passed (or skipped: its
# tool is missing), 1 failed, 124 ran past its limit.  Each of its
# processes may use LIMIT seconds of CPU (a mutant that loops spins:
# CPU time, unlike the clock, does not stretch when the machine is
# busy), and the whole test ten times that on the clock.
run_test() {
	case $1 in
	*.sh)
		set -- env srcdir="$PWD" top_srcdir="$PWD" builddir="$PWD" \
			top_builddir="$PWD" CC="${CC:-cc}" \
			LIBTOOL="$PWD/libtool" EXEEXT= bash "$1" "$2"
		;;
	*)
		set -- env CK_VERBOSITY=silent "./$1" "$2"
		;;
	esac
	limit_s=${!#}
	(ulimit -t "$limit_s" && exec timeout -k 5 $((limit_s * 10)) \
		"${@:1:$#-1}") >/dev/null 2>&1
	case $? in
	0|77) return 0 ;;
	124|137|152)
		# what the test started and left running goes too
		pkill -KILL -f "^[^ ]*$PWD/" 2>/dev/null
		return 124
		;;
	*) return 1 ;;
	esac
}

# coverage - the coverage tree: for each test, the lines of the mutated
# files it executes ("FILE LINE" in cov/N, N the test's place in the
# list) and, in cov/code, every line gcov sees as code.
coverage() {
	build_tree "$out/cov" --enable-code-coverage CFLAGS=-O0 || return 1
	rm -rf cov && mkdir cov && : >cov/code.all || return 1
	i=0
	for t in $tests; do
		find . -name '*.gcda' -delete
		run_test "$t" 900 || {
			echo "mutate: $t fails in the coverage build" >&2
			return 1
		}
		for f in $files; do
			o=$(object_of "$f")
			o=${o#* }
			gcov -t -o "$(dirname "$o")" "${o%.o}.gcda" 2>/dev/null |
			awk -v f="$f" '
				/^ *-: *0:Source:/ {
					src = $0; sub(/^ *-: *0:Source:/, "", src)
					on = (src == f || src ~ ("/" f "$"))
					next
				}
				on {
					split($0, a, ":"); c = a[1]; n = a[2]
					gsub(/ /, "", c); gsub(/ /, "", n)
					if (c == "-")
						next
					print f, n >> "cov/code.all"
					# "5" or "5*" ran, "#####" did not
					if (c ~ /^[0-9]/ && c + 0 > 0)
						print f, n
				}'
		done | sort -u >"cov/$i"
		i=$((i + 1))
	done
	sort -u cov/code.all >cov/code && rm -f cov/code.all
}

# plan - each mutant with the tests that run one of the lines whose code
# it changes (their places in the list), "-" if none does, "*" for all
# of them: gcov sees none of those lines as code, or mutagen could not
# tell them (a macro used in a table).
plan() {
	if [ ! -f "$out/cov/cov/code" ]; then
		awk '{ print $0 "\t*" }' "$list"
		return
	fi
	awk -F'\t' -v n="$(echo $tests | wc -w)" -v dir="$out/cov/cov" '
	BEGIN {
		while ((getline l < (dir "/code")) > 0) code[l] = 1
		for (t = 0; t < n; t++)
			while ((getline l < (dir "/" t)) > 0)
				hit[t, l] = 1
	}
	{
		nc = 0
		if ($9 != "*") {
			nr = split($9, range, ",")
			for (r = 1; r <= nr; r++) {
				if (split(range[r], ab, "-") == 1) ab[2] = ab[1]
				for (l = ab[1]; l <= ab[2]; l++)
					if (($2 " " l) in code) c[++nc] = $2 " " l
			}
		}
		if (!nc) {
			print $0 "\t*"
			next
		}
		sel = ""
		for (t = 0; t < n; t++)
			for (k = 1; k <= nc; k++)
				if ((t, c[k]) in hit) {
					sel = sel " " t
					break
				}
		print $0 "\t" (sel == "" ? "-" : substr(sel, 2))
	}' "$list"
}

# worker N - build the tree, time the tests on it, then judge every
# mutant of its share of the plan (lines N, N + jobs, ...).
worker() {
	n=$1
	results="$out/results.$n"
	: >"$results"
	if ! build_tree "$out/w$n" CFLAGS=-O2; then
		echo "mutate: worker $n: the tree does not build:" \
			"see $out/w$n/build.log" >&2
		return 1
	fi
	# "warned" means a warning the pristine file does not have
	touch $files
	make -s libplugsched.la >pristine.log 2>&1 || return 1
	for f in $files; do
		if grep -q "^$f:.*warning:" pristine.log; then
			echo "mutate: worker $n: $f has warnings without a" \
				"mutant: see $out/w$n/pristine.log" >&2
			return 1
		fi
		for o in $(object_of "$f"); do
			mkdir -p "pristine/$(dirname "$o")" &&
				cp "$o" "pristine/$o" || return 1
		done
	done
	# each test's limit: --time-factor times its time here, >= 10 s
	: >"$out/speed.$n"
	i=0
	for t in $tests; do
		start=$(date +%s%N)
		if ! run_test "$t" 900; then
			echo "mutate: worker $n: $t fails without a mutant" >&2
			return 1
		fi
		ms=$((($(date +%s%N) - start) / 1000000))
		echo "$ms $i" >>"$out/speed.$n"
		limit[$i]=$((ms * factor / 1000 + 1))
		[ "${limit[$i]}" -ge 10 ] || limit[$i]=10
		name[$i]=$t
		i=$((i + 1))
	done
	# tests are tried quickest first, after those that killed lately
	fastest=$(echo $(sort -n "$out/speed.$n" | cut -d' ' -f2))
	# the workers wait for the plan: it needs the coverage build
	while [ ! -f "$out/plan.ready" ]; do
		[ ! -f "$out/plan.failed" ] || return 1
		sleep 1
	done
	awk -v n="$n" -v j="$jobs" '(NR - 1) % j == n' "$out/plan.tsv" \
		>"$out/share.$n"
	order=
	# the share on descriptor 3: the tests must not read it
	while IFS='	' read -r -u 3 id file line last op func orig mut lines sel
	do
		t0=$(date +%s%N)
		judge </dev/null
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$id" \
			"$file" "$line" "$op" "$func" "$status" "$by" "$orig" \
			"$mut" $((($(date +%s%N) - t0) / 1000000)) >>"$results"
	done 3<"$out/share.$n"
}

# restore FILE - FILE and its objects as they were before the mutant,
# the objects newer than the source, so that make only relinks.
restore() {
	cp -p "$srcdir/$1" "$1"
	for o in $(object_of "$1"); do
		cp "pristine/$o" "$o"
	done
}

# judge - the status of mutant $id of $file ($status, the test $by).
# The test that kills a mutant goes first for the next one: the same
# tests kill the mutants of a function.
judge() {
	status= by= tried=
	if ! (cd "$srcdir" && "$mutagen" --apply "$id" "$file") \
		>"$file.mut" || ! mv "$file.mut" "$file"; then
		status=error
		restore "$file"
		return
	fi
	warns=
	if ! make -s libplugsched.la >mutant.log 2>&1; then
		status=stillborn
	else
		grep -q "^$file:.*warning:" mutant.log && warns=1
		o=$(object_of "$file")
		o=${o#* }
		cmp -s "$o" "pristine/$o" && status=same-code
	fi
	if [ -z "$status" ]; then
		case $sel in
		'*') sel=$(echo $(seq 0 $((${#name[@]} - 1)))) ;;
		-) status=uncovered ;;
		esac
	fi
	if [ -z "$status" ]; then
		status=survived
		for t in $order $fastest; do
			case " $sel " in *" $t "*) ;; *) continue ;; esac
			case " $tried " in *" $t "*) continue ;; esac
			tried="$tried $t"
			run_test "${name[$t]}" "${limit[$t]}"
			rc=$?
			[ "$rc" = 0 ] && continue
			if [ "$rc" = 124 ]; then
				status=timeout
			else
				status=killed
			fi
			by=${name[$t]}
			order="$t $(echo " $order " | sed "s/ $t / /")"
			break
		done
		tried=
	fi
	case $status in
	survived|uncovered)
		if [ -n "$warns" ]; then
			status=warned
		elif grep -qxF "$id" "$out/equivalent.ids"; then
			status=equivalent
		fi
		;;
	esac
	restore "$file"
}

# run_all - the workers and the coverage build, side by side.
run_all() {
	start=$(date +%s)
	rm -f "$out/plan.ready" "$out/plan.failed" "$out"/results.*
	pids=
	i=0
	while [ "$i" -lt "$jobs" ]; do
		(worker "$i") &
		pids="$pids $!"
		i=$((i + 1))
	done
	if [ "$coverage" = no ]; then
		awk '{ print $0 "\t*" }' "$list" >"$out/plan.tsv"
	elif (coverage) >"$out/coverage.log" 2>&1; then
		plan >"$out/plan.tsv"
	else
		echo "mutate: no coverage build (see $out/coverage.log):" \
			"every mutant runs every test"
		awk '{ print $0 "\t*" }' "$list" >"$out/plan.tsv"
	fi
	touch "$out/plan.ready"
	failed=0
	for p in $pids; do
		wait "$p" || failed=1
	done
	[ "$failed" = 0 ] || die "a worker could not run (above)"
}

# ---- the report -------------------------------------------------------------

# report - the table per file and the survivors; fails below --target.
report() {
	cat "$out"/results.* | sort -t '	' -k2,2 -k3,3n >"$out/results.tsv"
	elapsed=$(($(date +%s) - start))
	report="$out/report.txt"
	awk -F'\t' -v target="$target" -v elapsed="$elapsed" -v pool="$pool" '
	function pct(k, s) { return k + s ? sprintf("%.1f%%", 100 * k / (k + s)) : "-" }
	{
		f = $2
		if (!(f in seen)) { seen[f] = 1; order[++nf] = f }
		n[f, $6]++
		total[f]++
		if ($6 == "killed" || $6 == "timeout") kill[f]++
		if ($6 == "survived" || $6 == "uncovered") {
			surv[f]++
			lines[f] = lines[f] sprintf("  %s:%s  %s%s in %s  [%s]\n" \
				"      - %s\n      + %s\n", $2, $3, \
				$6 == "uncovered" ? "(no test runs it) " : "", \
				$4, $5, $1, $8, $9)
		}
	}
	END {
		printf "%-22s %7s %6s %7s %8s %9s %5s %5s %6s %6s %6s\n", \
			"file", "mutants", "killed", "timeout", "survived", \
			"uncovered", "equiv", "same", "warned", "stillb", \
			"score"
		bad = 0
		for (i = 1; i <= nf; i++) {
			f = order[i]
			printf "%-22s %7d %6d %7d %8d %9d %5d %5d %6d %6d %6s\n", \
				f, total[f], n[f, "killed"], n[f, "timeout"], \
				n[f, "survived"], n[f, "uncovered"], \
				n[f, "equivalent"], n[f, "same-code"], \
				n[f, "warned"], n[f, "stillborn"], \
				pct(kill[f], surv[f])
			if (pool == "no" &&
			    100 * kill[f] < target * (kill[f] + surv[f]))
				bad = 1
			if (n[f, "error"])
				bad = 1
			K += kill[f]; S += surv[f]
		}
		printf "%-22s %7s %6d %7s %8s %9s %5s %5s %6s %6s %6s\n", "all", \
			"", K, "", "", "", "", "", "", "", pct(K, S)
		if (pool == "yes" && 100 * K < target * (K + S))
			bad = 1
		printf "\n%d s; the target is %d%% %s\n", elapsed, target, \
			pool == "yes" ? "for the sample as a whole" : \
					"for each file"

		for (i = 1; i <= nf; i++)
			if (lines[order[i]] != "")
				printf "\nsurvivors in %s:\n%s", order[i], lines[order[i]]
		exit bad
	}' "$out/results.tsv" >"$report"
	status=$?
	cat "$report"
	if [ "$status" != 0 ]; then
		echo "mutate: below the target of $target% (or a mutant could" \
			"not be applied): $report" >&2
		exit 1
	fi
}

# Everything above is read before anything runs: an edit to this file
# during a run cannot change the run.
run_all && report; exit
