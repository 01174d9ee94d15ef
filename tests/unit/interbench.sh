#!/bin/sh
# tests/unit/interbench.sh - schedsim --interbench, the short form: the
# grid of interbench's loads (a second of each, after a second of
# warm-up) on every driver of the build, on 1 and on 2 CPUs.
#
# It prints interbench's tables with the right rows and columns, the
# same bytes on every run, and the figures hold what each design
# promises:
# - alone on the machine, Audio and Gaming get all the CPU they want,
#   at once: 0 ms latency, 100% desired CPU, every deadline met;
# - under Burn (4 CPU hogs), Audio (2.5 ms every 50 ms) meets at least
#   99% of its deadlines - on every design that favours a task that
#   sleeps.  tiny does not, by design (drivers/tiny.c: no
#   interactivity estimate, one round-robin level where nice changes
#   only the slice): there Audio waits at most one 100 ms slice of
#   each hog on its CPU, 4 on 1 CPU, 2 on 2 CPUs, and in a cell too
#   short for its turn it reaches no period and meets no deadline;
# - hogs of nice 0, 10 and 19 sharing a CPU get the shares of their
#   design's nice rule, each within 10% of it: the timeslices of
#   ingosched and tiny (100, 50, 5 ms) and of staircase (200, 100,
#   10 ms), the kernel's load weights of cfs and eevdf (1024, 110,
#   15); a design with no rule here still gives nice 0 more than nice
#   10, and nice 10 more than nice 19;
# - under Burn on 1 CPU, Gaming (a fifth hog) gets less CPU than it
#   wants and its frames end late.
# And --report writes one self-contained, well-formed page that
# headless Chromium draws (skipped without Chromium).
set -u

. "${srcdir:-.}/tests/unit/testlib.sh"
sim=$(vg_tool "${builddir:-.}/tools/schedsim${EXEEXT:-}")

built_drivers "$sim"

# The expected shares (%) of the nice 0, 10 and 19 hogs, per design.
nice_rule() {
	case $1 in
	ingosched | tiny | staircase)
		# slices in the ratio 20 : 10 : 1
		echo "64.52 32.26 3.23" ;;
	cfs | eevdf)
		# weights 1024 : 110 : 15
		echo "89.12 9.57 1.31" ;;
	bfs)
		# one 6 ms slice each per deadline offset (ratio * 6 ms / 128:
		# 39.19, 101.30, 238.55 ms) less the lag that fills the CPU
		# (32.40 ms): every 6.79, 68.90, 206.15 ms
		echo "88.38 8.71 2.91" ;;
	esac
}

# Audio's worst latency (ms) under Burn on CPUS CPUs where a design
# makes no promise to sleepers: one 100 ms slice per hog on its CPU.
audio_burn_bound() {
	case $1 in
	tiny) echo $((4 * 100 / $2)) ;;
	esac
}

# flat OUTPUT: one line per table row, "cell DRIVER FG BG avg sd max
# desired met" and "nice DRIVER NICE share".
flat() {
	awk '/^--- .*: benchmarking simulated cpu of / {
		drv = $2; sub(/:$/, "", drv); fg = $7; kind = "cell"; next
	}
	/^--- .*: CPU hogs of nice / {
		drv = $2; sub(/:$/, "", drv); kind = "nice"; next
	}
	/^--- summary: / { kind = "summary"; next }
	/^(Load|Nice|Driver) / || /^$/ || /^schedsim / { next }
	kind == "cell" { print "cell", drv, fg, $0; next }
	kind == "nice" { print "nice", drv, $1, $3; next }
	kind == "summary" { print "summary", $0 }' "$1"
}

for cpus in 1 2; do
	out="$tmp/ib$cpus.txt"
	"$sim" --interbench --duration=1 --cpus=$cpus --report="$tmp/r$cpus" \
		>"$out" 2>"$tmp/err"
	st=$?
	if [ "$st" = 0 ] && [ ! -s "$tmp/err" ]; then
		ok "$cpus cpu: the grid ran on $nr drivers"
	else
		ko "$cpus cpu: the grid ran (exit $st): $(head -3 "$tmp/err")"
		continue
	fi
	flat "$out" >"$tmp/flat$cpus"

	# The rows of each table, in interbench's order: every background
	# load but the foreground itself.
	want="Audio:None,Video,X,Burn,Write,Read,Compile,Memload
Video:None,X,Burn,Write,Read,Compile,Memload
X:None,Video,Burn,Write,Read,Compile,Memload
Gaming:None,Video,X,Burn,Write,Read,Compile,Memload"
	got=$(for d in $drivers; do
		awk -v d="$d" '$1 == "cell" && $2 == d {
			rows[$3] = rows[$3] (rows[$3] == "" ? "" : ",") $4
		}
		END {
			n = split("Audio Video X Gaming", fg, " ")
			for (i = 1; i <= n; i++) print fg[i] ":" rows[fg[i]]
		}' "$tmp/flat$cpus"
	done | sort -u)
	if [ "$got" = "$(echo "$want" | sort)" ]; then
		ok "$cpus cpu: each driver's 4 tables have interbench's rows"
	else
		ko "$cpus cpu: the tables' rows:" "$got"
	fi
	head='^Load      Latency ms    +/- SD       Max  % Desired CPU  '
	head="$head% Deadlines Met\$"
	if [ "$(grep -c "$head" "$out")" = $((4 * nr)) ] &&
	   awk '$1 == "cell" && NF != 9 { exit 1 }
	        $1 == "cell" && $3 == "Gaming" && $9 != "-" { exit 1 }
	        $1 == "cell" && $3 != "Gaming" && $9 == "-" { exit 1 }' \
		"$tmp/flat$cpus"; then
		ok "$cpus cpu: columns latency avg, SD, max, % desired CPU," \
		   "% deadlines met (none for Gaming)"
	else
		ko "$cpus cpu: the tables' columns"
	fi

	# The summary: per driver, each load's lowest % deadlines met
	# (Gaming: % desired CPU) of its table.
	want=$(awk '$1 == "cell" {
		v = $3 == "Gaming" ? $8 : $9; k = $2 " " $3
		if (!(k in low) || v + 0 < low[k] + 0) low[k] = v
	}
	$1 == "cell" && !($2 in seen) { seen[$2] = 1; order[++n] = $2 }
	END {
		for (i = 1; i <= n; i++)
			printf "summary %s %s %s %s %s\n", order[i],
			       low[order[i] " Audio"], low[order[i] " Video"],
			       low[order[i] " X"], low[order[i] " Gaming"]
	}' "$tmp/flat$cpus")
	got=$(awk '$1 == "summary" { $1 = $1; print }' "$tmp/flat$cpus")
	if [ -n "$got" ] && [ "$got" = "$want" ]; then
		ok "$cpus cpu: the summary gives each driver's lowest figures"
	else
		ko "$cpus cpu: the summary:" "$got" "is not" "$want"
	fi

	# Alone: no latency, all the CPU wanted, every deadline.
	bad=$(awk '$1 == "cell" && $4 == "None" &&
		   ($3 == "Audio" || $3 == "Gaming") &&
		   ($5 != "0.000" || $7 != "0.000" || $8 != "100.0" ||
		    ($9 != "100.0" && $9 != "-"))' "$tmp/flat$cpus")
	if [ -z "$bad" ]; then
		ok "$cpus cpu: alone, Audio and Gaming run at once with all" \
		   "the CPU they want"
	else
		ko "$cpus cpu: alone:" "$bad"
	fi

	# Under Burn on 1 CPU Gaming is a fifth CPU hog: it cannot get
	# all the CPU it wants, and its 100 ms frames end late.
	bad=$(awk '$1 == "cell" && $3 == "Gaming" && $4 == "Burn" &&
		   !($5 > 0 && $8 < 100)' "$tmp/flat$cpus")
	if [ $cpus = 1 ] && [ -z "$bad" ]; then
		ok "1 cpu: under Burn, Gaming's frames are late and it gets" \
		   "less CPU than it wants"
	elif [ $cpus = 1 ]; then
		ko "1 cpu: under Burn, Gaming's frames are late:" "$bad"
	fi

	for d in $drivers; do
		row=$(awk -v d="$d" '$1 == "cell" && $2 == d &&
			$3 == "Audio" && $4 == "Burn"' "$tmp/flat$cpus")
		bound=$(audio_burn_bound "$d" $cpus)
		if [ -n "$bound" ]; then
			if echo "$row" | awk -v b="$bound" '{ exit !($7 <= b) }'
			then
				ok "$cpus cpu: $d: Audio under Burn waits at" \
				   "most ${bound} ms (one slice per hog)"
			else
				ko "$cpus cpu: $d: Audio under Burn waits at" \
				   "most ${bound} ms:" "$row"
			fi
		elif echo "$row" | awk '{ exit !($9 >= 99) }'; then
			ok "$cpus cpu: $d: Audio under Burn meets >= 99% of" \
			   "its deadlines"
		else
			ko "$cpus cpu: $d: Audio under Burn meets >= 99% of" \
			   "its deadlines:" "$row"
		fi

		shares=$(awk -v d="$d" '$1 == "nice" && $2 == d {
			printf "%s%s", sep, $4; sep = " " }' "$tmp/flat$cpus")
		rule=$(nice_rule "$d")
		if [ -n "$rule" ]; then
			what="within 10% of $rule"
			test="{ for (i = 1; i <= 3; i++)
				if (\$i < 0.9 * r[i] || \$i > 1.1 * r[i])
					exit 1 }"
		else
			rule="0 0 0"
			what="nice 0 > nice 10 > nice 19"
			test="{ exit !(\$1 > \$2 && \$2 > \$3) }"
		fi
		if echo "$shares" | awk -v rule="$rule" \
			"BEGIN { split(rule, r, \" \") } $test"; then
			ok "$cpus cpu: $d: hogs of nice 0, 10, 19 get" \
			   "$shares%: $what"
		else
			ko "$cpus cpu: $d: hogs of nice 0, 10, 19 get" \
			   "'$shares'%, not $what"
		fi
	done
done

# Where a design lets Audio wait behind the hogs, a cell shorter than the
# wait (0.1 s, under 3 slices of 100 ms) sees Audio reach no period:
# none of the CPU it wants and no deadline met, not all of them.
for d in $drivers; do
	[ -n "$(audio_burn_bound "$d" 1)" ] || continue
	"$sim" --interbench --compare="$d" --duration=0.1 >"$tmp/short" \
		2>/dev/null
	row=$(flat "$tmp/short" | awk '$3 == "Audio" && $4 == "Burn"')
	if echo "$row" | awk '{ exit !($8 == "0.0" && $9 == "0.0") }'; then
		ok "$d: Audio starved for a whole 0.1 s cell: 0% desired CPU," \
		   "0% deadlines met"
	else
		ko "$d: Audio starved for a whole 0.1 s cell:" "$row"
	fi
done

# Deterministic: the same grid, the same bytes, printed and on the page.
"$sim" --interbench --duration=1 --report="$tmp/again" >"$tmp/again.txt" \
	2>/dev/null
if cmp -s "$tmp/ib1.txt" "$tmp/again.txt" &&
   cmp -s "$tmp/r1/index.html" "$tmp/again/index.html"; then
	ok "the same options print the same bytes and write the same page"
else
	ko "the same options print the same bytes and write the same page"
fi

# One cell as a workload: what the grid runs, runnable by itself.
if "$sim" --interbench-cell=audio:burn >"$tmp/cell.json" &&
   grep -q '"bg-burn": { "instance": 4, "run": 100000 }' "$tmp/cell.json" &&
   "$sim" --duration=0.2 "$tmp/cell.json" >/dev/null; then
	ok "--interbench-cell=audio:burn prints a workload schedsim runs"
else
	ko "--interbench-cell=audio:burn prints a workload schedsim runs"
fi
for bad in "--interbench-cell=Audio:Audio" "--interbench-cell=Burn:None" \
	   "--interbench $tmp/cell.json" "--interbench --format=json" \
	   "--interbench --cmdline=cpusched=${drivers%% *}"; do
	# shellcheck disable=SC2086
	"$sim" $bad >"$tmp/out" 2>"$tmp/err"
	st=$?
	if [ "$st" = 2 ] && [ ! -s "$tmp/out" ] &&
	   [ "$(wc -l <"$tmp/err")" = 1 ]; then
		ok "$bad: exit 2, one line on stderr"
	else
		ko "$bad: exit 2, one line on stderr (exit $st):" \
		   "$(cat "$tmp/err")"
	fi
done

# ---- the page (of the grid on 1 CPU) -------------------------------------
page="$tmp/r1/index.html"
if [ -s "$page" ]; then
	ok "--interbench --report=DIR writes DIR/index.html"
else
	ko "--interbench --report=DIR writes DIR/index.html"
	finish
fi
if grep -Eiq '(https?|ftp):|<script|<link|<img|<iframe|<object|@import|url\(' \
	"$page"; then
	ko "the page loads nothing and has no script"
else
	ok "the page loads nothing and has no script"
fi

# Well formed: every element but the void ones closed, in order.
balance() {
	tr '\n' ' ' <"$1" | grep -o '<[^>]*>' | awk '
	/^<!/ || /\/>$/ || /^<(meta|br|hr|img|input|link)[ >]/ { next }
	/^<\// {
		t = $0; gsub(/[<\/> ]/, "", t)
		if (n == 0 || stack[n] != t) { print "stray </" t ">"; bad = 1 }
		else n--
		next
	}
	{ t = $0; sub(/^</, "", t); sub(/[ >].*/, "", t); stack[++n] = t }
	END {
		if (n) print n " unclosed, the last <" stack[n] ">"
		exit bad || n
	}'
}
if why=$(balance "$page"); then
	ok "the page is well formed: every element closed, in order"
else
	ko "the page is well formed:" "$why"
fi
# The control: a page with one </td> too many must fail the same check.
sed '0,/<\/td>/s//<\/td><\/td>/' "$page" >"$tmp/broken.html"
if balance "$tmp/broken.html" >/dev/null; then
	ko "the check finds a stray </td>"
else
	ok "the check finds a stray </td>"
fi

# Per foreground load a chart of one bar per driver and background
# load (Audio 8, Video 7, X 7, Gaming 8), a table per driver, the
# summary and the nice table.
bars=$(grep -c '^<rect x=.*<title>' "$page")
tables=$(grep -c '<table class="num">' "$page")
if [ "$bars" = $((30 * nr)) ] && [ "$tables" = $((4 * nr + 2)) ]; then
	ok "$bars bars and $tables tables for $nr drivers"
else
	ko "$((30 * nr)) bars and $((4 * nr + 2)) tables for $nr drivers" \
	   "(got $bars, $tables)"
fi

chromium=${CHROMIUM:-$(command -v chromium || true)}
if [ -z "$chromium" ] || [ ! -x "$chromium" ]; then
	vg_verdict
	echo "$pass passed, $fail failed"
	[ "$fail" = 0 ] || exit 1
	echo "SKIP: chromium is not installed: the page was not rendered"
	exit 77
fi
# What the browser parsed: as many rows and bars as the page has.
timeout 60 "$chromium" --headless --no-sandbox --disable-gpu \
	--disable-dev-shm-usage --user-data-dir="$tmp/profile" \
	--dump-dom "file://$page" >"$tmp/dom.html" 2>/dev/null
dom_rows=$(grep -o '<tr>' "$tmp/dom.html" | wc -l)
page_rows=$(grep -o '<tr>' "$page" | wc -l)
dom_bars=$(grep -o '<rect x=' "$tmp/dom.html" | wc -l)
if [ "$page_rows" -gt 0 ] && [ "$dom_rows" = "$page_rows" ] &&
   [ "$dom_bars" = "$bars" ]; then
	ok "chromium parses the page: $dom_rows rows, $dom_bars bars"
else
	ko "chromium parses the page: $dom_rows of $page_rows rows," \
	   "$dom_bars of $bars bars"
fi

finish
