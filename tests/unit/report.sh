#!/bin/sh
# tests/unit/report.sh - schedsim --report writes one self-contained,
# deterministic page with the task names escaped, and headless Chromium
# draws its charts: every timeline lane covered where the CPUs were
# busy, one latency curve per driver reaching 100%, and CPU share bars as
# tall as the shares the workload fixes.  Two broken copies of the page
# (marks of zero size, charts hidden) must fail the same checks.
#
# Chromium: $CHROMIUM, else chromium on the PATH.  Without it the
# checks that need no browser still run, then the test skips.
set -u

. "${srcdir:-.}/tests/unit/testlib.sh"
sim=$(vg_tool "${builddir:-.}/tools/schedsim${EXEEXT:-}")

# Every driver of the build, compared.
drivers=$("$sim" --help | sed -n 's/.*built: \(.*\))$/\1/p')
nr=$(echo "$drivers" | wc -w)
if [ "$nr" -lt 1 ]; then
	echo "FAIL: no driver listed by schedsim --help"
	exit 1
fi
list=$(echo "$drivers" | tr ' ' ',')

# 2 CPUs kept busy all the time by three hogs; a FIFO task with exactly
# 2 ms of every 20 ms (10% of a CPU under any driver); a task whose name
# is HTML.  Two seconds: the whole run is on the timeline.
cat >"$tmp/mix.json" <<'EOF'
{
	"global": { "duration": 2 },
	"tasks": {
		"hog1": { "run": 1000000 },
		"hog2": { "run": 1000000 },
		"hog3": { "run": 1000000 },
		"fifo": {
			"policy": "SCHED_FIFO", "priority": 50, "run": 2000,
			"timer": { "ref": "t20", "period": 20000 }
		},
		"<b>x&\"y'": { "run": 1000, "sleep": 9000 }
	}
}
EOF
ntasks=5

run_report() {
	"$sim" --cpus=2 --compare="$list" --report="$1" "$tmp/mix.json" \
		>"$tmp/out" 2>"$tmp/err"
}

if run_report "$tmp/r1" && [ -s "$tmp/r1/index.html" ]; then
	ok "--report=DIR writes DIR/index.html"
else
	ko "--report=DIR writes DIR/index.html: $(cat "$tmp/err")"
	exit 1
fi
page="$tmp/r1/index.html"

run_report "$tmp/r2/deeper"
if cmp -s "$page" "$tmp/r2/deeper/index.html"; then
	ok "same runs, same page byte for byte (DIR created with parents)"
else
	ko "same runs, same page byte for byte (DIR created with parents)"
fi

# Self-contained: nothing fetched, no script.
if grep -Eiq '(https?|ftp):|<script|<link|<img|<iframe|<object|@import|url\(' \
	"$page"; then
	ko "the page loads nothing and has no script"
else
	ok "the page loads nothing and has no script"
fi

if grep -q '&lt;b&gt;x&amp;&quot;y&#39;' "$page" &&
   ! grep -q '<b>x' "$page"; then
	ok "task names are escaped"
else
	ko "task names are escaped"
fi

n_tl=$(grep -c '<svg class="chart" data-chart="timeline"' "$page")
n_lat=$(grep -c '<svg class="chart" data-chart="latency"' "$page")
n_share=$(grep -c '<svg class="chart" data-chart="share"' "$page")
if [ "$n_tl" = "$nr" ] && [ "$n_lat" = 1 ] && [ "$n_share" = 1 ]; then
	ok "$nr timelines, a latency chart, a share chart"
else
	ko "$nr timelines, a latency chart, a share chart" \
	   "(got $n_tl, $n_lat, $n_share)"
fi

# A directory that cannot be made: one line on stderr, exit status not 0.
: >"$tmp/file"
"$sim" --duration=0.1 --report="$tmp/file/sub" >/dev/null 2>"$tmp/err"
st=$?
if [ "$st" -ne 0 ] && [ "$(wc -l <"$tmp/err")" = 1 ] &&
   grep -q -- "--report: cannot create '$tmp/file/sub'" "$tmp/err"; then
	ok "an impossible DIR: one-line error, exit $st"
else
	ko "an impossible DIR: one-line error (exit $st): $(cat "$tmp/err")"
fi

# ---- in the browser ------------------------------------------------------
chromium=${CHROMIUM:-$(command -v chromium || true)}
if [ -z "$chromium" ] || [ ! -x "$chromium" ]; then
	echo "$pass passed, $fail failed"
	[ "$fail" = 0 ] || exit 1
	echo "SKIP: chromium is not installed (apt-get install chromium):" \
	     "the charts were not rendered"
	exit 77
fi

# The probe, added before </body> of a copy of the page: after layout it
# measures what the browser drew and writes it into the DOM, one line a
# fact.  A mark counts as drawn if its box has width and height, it is
# painted (a fill or a stroke, not hidden, not transparent) and its svg
# takes room on the page.
cat >"$tmp/probe.html" <<'EOF'
<script>
(function () {
	var lines = [];

	function drawn(el, svg) {
		var b = el.getBBox(), cs = getComputedStyle(el);
		var r = svg.getBoundingClientRect();
		var fill = cs.fill !== 'none' && cs.fill !== 'rgba(0, 0, 0, 0)';
		var stroke = cs.stroke !== 'none' &&
			parseFloat(cs.strokeWidth) > 0;

		if (r.width <= 0 || r.height <= 0 || b.width <= 0 ||
		    b.height <= 0 || cs.display === 'none' ||
		    cs.visibility === 'hidden' ||
		    !(parseFloat(cs.opacity) > 0) || !(fill || stroke))
			return null;
		return b;
	}
	function pct(v) {
		return (100 * v).toFixed(1);
	}
	document.querySelectorAll('svg.chart').forEach(function (svg) {
		var kind = svg.dataset.chart, run = svg.dataset.run || '-';
		var p = svg.querySelector('.plot').getBBox();
		var n = 0, x0 = 1e9, x1 = -1e9, y0 = 1e9, y1 = -1e9;

		svg.querySelectorAll('.mk').forEach(function (m) {
			var b = drawn(m, svg), name;

			if (!b)
				return;
			n++;
			x0 = Math.min(x0, b.x);
			x1 = Math.max(x1, b.x + b.width);
			y0 = Math.min(y0, b.y);
			y1 = Math.max(y1, b.y + b.height);
			if (kind === 'latency')
				lines.push('curve ' + m.dataset.runIndex +
					' reach=' + pct((p.y + p.height - b.y) /
							p.height));
			if (kind === 'share') {
				name = m.querySelector('title').textContent;
				name = name.replace(/ under .*/, '');
				lines.push('bar ' + name + ' share=' +
					(b.height / p.height * parseFloat(
					m.parentNode.dataset.ymax)).toFixed(2));
			}
		});
		svg.querySelectorAll('g.lane').forEach(function (g) {
			var bg = g.querySelector('.lanebg').getBBox(), w = 0;

			g.querySelectorAll('.mk').forEach(function (m) {
				var b = drawn(m, svg);

				if (b && b.y >= bg.y - 0.5 &&
				    b.y + b.height <= bg.y + bg.height + 0.5)
					w += b.width;
			});
			lines.push('lane ' + run + ' ' + g.dataset.cpu +
				' cover=' +
				pct(bg.width > 0 ? w / bg.width : 0));
		});
		lines.push('chart ' + kind + ' ' + run + ' drawn=' + n +
			' inside=' + (n && x0 >= p.x - 0.5 && y0 >= p.y - 0.5 &&
				x1 <= p.x + p.width + 0.5 &&
				y1 <= p.y + p.height + 0.5 ? 1 : 0) +
			' width=' + (n ? pct((x1 - x0) / p.width) : 0));
	});
	var out = document.createElement('pre');

	out.id = 'probe';
	out.textContent = '\n' + lines.join('\n') + '\n';
	document.body.appendChild(out);
})();
</script>
EOF

# render FILE.html: the probe's lines for a copy of the page, or nothing.
render() {
	awk 'FNR == NR { probe = probe $0 "\n"; next }
	     /^<\/body>/ { printf "%s", probe } { print }' \
		"$tmp/probe.html" "$1" >"$1.probe.html"
	timeout 60 "$chromium" --headless --no-sandbox --disable-gpu \
		--disable-dev-shm-usage \
		--user-data-dir="$tmp/profile" \
		--dump-dom "file://$1.probe.html" 2>/dev/null |
		sed -n '/<pre id="probe">$/,/^<\/pre>/p' |
		sed '1d;$d'
}

# check PROBE-OUTPUT: prints what is wrong, fails if anything is.
check() {
	awk -v nr="$nr" -v ntasks="$ntasks" '
	function bad(what) { print "  " what; wrong++ }
	/^chart timeline / {
		tl++
		if ($4 == "drawn=0" || $5 != "inside=1" || $6 != "width=100.0")
			bad("timeline " $3 " not drawn across the plot: " $0)
	}
	/^lane / {
		lanes++
		split($4, c, "=")
		# three hogs on two CPUs: never idle
		if (c[2] + 0 < 99)
			bad("lane " $2 " CPU " $3 " covered " c[2] "%")
	}
	/^chart latency / {
		if ($4 != "drawn=" nr || $5 != "inside=1")
			bad("latency chart: " $0 ", want drawn=" nr)
	}
	/^curve / {
		curves++
		if ($3 != "reach=100.0")
			bad("latency curve " $2 " ends at " $3 ", not 100%")
	}
	/^chart share / {
		if ($4 != "drawn=" nr * ntasks || $5 != "inside=1")
			bad("share chart: " $0 ", want drawn=" nr * ntasks)
	}
	/^bar fifo-/ {
		fifo++
		split($3, s, "=")
		if (s[2] < 9.8 || s[2] > 10.2)
			bad("fifo share bar " s[2] "%, not 10%")
	}
	END {
		if (tl != nr) bad(tl + 0 " timelines drawn, not " nr)
		if (lanes != 2 * nr) bad(lanes + 0 " lanes, not " 2 * nr)
		if (curves != nr) bad(curves + 0 " latency curves, not " nr)
		if (fifo != nr) bad(fifo + 0 " fifo bars, not " nr)
		exit wrong > 0
	}' "$1"
}

render "$page" >"$tmp/probe.txt"
if [ -s "$tmp/probe.txt" ]; then
	ok "chromium renders the page ($(wc -l <"$tmp/probe.txt") facts)"
else
	ko "chromium renders the page: no probe output"
fi
if check "$tmp/probe.txt" >"$tmp/why"; then
	ok "the charts are drawn: lanes busy, $nr curves to 100%," \
	   "fifo bars at 10%"
else
	ko "the charts are drawn:"
	cat "$tmp/why"
fi
if grep -q '^bar &lt;b&gt;x&amp;"y'"'"'-' "$tmp/probe.txt"; then
	ok "the browser shows the HTML task name as text"
else
	ko "the browser shows the HTML task name as text"
fi

# Controls: the same checks must catch charts that are not drawn.
sed '/class="mk"/ { s/ width="[0-9.]*"/ width="0"/; s/ d="[^"]*"/ d=""/; }' \
	"$page" >"$tmp/empty.html"
render "$tmp/empty.html" >"$tmp/empty.txt"
if [ -s "$tmp/empty.txt" ] && ! check "$tmp/empty.txt" >/dev/null; then
	ok "control: marks of zero size fail the check"
else
	ko "control: marks of zero size fail the check"
fi
sed 's|^</head>|<style>svg.chart{display:none}</style></head>|' \
	"$page" >"$tmp/hidden.html"
render "$tmp/hidden.html" >"$tmp/hidden.txt"
if [ -s "$tmp/hidden.txt" ] && ! check "$tmp/hidden.txt" >/dev/null; then
	ok "control: hidden charts fail the check"
else
	ko "control: hidden charts fail the check"
fi

finish
