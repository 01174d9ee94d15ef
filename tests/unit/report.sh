#!/bin/sh
# tests/unit/report.sh - schedsim --report writes one self-contained,
# deterministic page with the task names escaped, and headless Chromium
# draws its charts: every timeline lane covered where the CPUs were
# busy, one latency curve per driver reaching 100%, and CPU share bars as
# tall as the shares the workload fixes.  Two broken copies of the page
# (marks of zero size, charts hidden) must fail the same checks.
#
# Then the page tells the truth, as a reader sees it in a window 1280 px
# wide: it fits the window, its latency curves stay visible where they
# coincide, everything the runs went without is listed at its top, and
# every figure it shows is the JSON's of the same run.  A control for
# each: a wide table, curves of one stroke, a JSON or a figure off.
#
# Chromium: $CHROMIUM, else chromium on the PATH.  Without it the
# checks that need no browser still run, then the test skips.
set -u

. "${srcdir:-.}/tests/unit/testlib.sh"
sim=$(vg_tool "${builddir:-.}/tools/schedsim${EXEEXT:-}")

# Every driver of the build, compared.
built_drivers "$sim"
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
	var lines = window.probe_lines = [];

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
})();
</script>
EOF

# After a probe: its window.probe_lines, one a line, into the DOM.
cat >"$tmp/emit.html" <<'EOF'
<script>
(function () {
	var out = document.createElement('pre');

	out.id = 'probe';
	out.textContent = '\n' + window.probe_lines.join('\n') + '\n';
	document.body.appendChild(out);
})();
</script>
EOF

# browse PROBE FILE.html: the lines PROBE writes for a copy of the page,
# or nothing, in a window 1280 px wide: the width the page must fit.
browse() {
	awk -v page="$2" 'FILENAME != page { probe = probe $0 "\n"; next }
	     /^<\/body>/ { printf "%s", probe } { print }' \
		"$1" "$tmp/emit.html" "$2" >"$2.$(basename "$1")"
	timeout 60 "$chromium" --headless --no-sandbox --disable-gpu \
		--disable-dev-shm-usage --window-size=1280,800 \
		--user-data-dir="$tmp/profile" \
		--dump-dom "file://$2.$(basename "$1")" 2>/dev/null |
		sed -n '/<pre id="probe">$/,/^<\/pre>/p' |
		sed '1d;$d'
}

# render FILE.html: the first probe's lines for a copy of the page.
render() {
	browse "$tmp/probe.html" "$1"
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

# ---- what the page says, as the browser shows it -------------------------
# The second probe writes what a reader sees, one tab-separated line a
# fact: the page's width (W), whether the list of what the runs went
# without is at the top (O) and its lines (I), each latency curve's
# stroke (C) and its legend's (K), every cell of the tables with the
# header of its column and the exact figure on hover (S summary, L
# latency, T tasks), and the lines under each driver's name (P).
cat >"$tmp/facts.html" <<'EOF'
<script>
(function () {
	var lines = window.probe_lines = [], de = document.documentElement;
	var left = document.getElementById('ignored');
	var summary = document.getElementById('summary');

	function line(a) {
		lines.push(a.join('\t'));
	}
	function text(el) {
		return el.textContent.replace(/\s+/g, ' ').trim();
	}
	function run_of(el) {
		while (el && el.tagName !== 'H3')
			el = el.previousElementSibling || el.parentElement;
		return el ? text(el) : '';
	}
	function hover(c) {
		var s = c.querySelector('[title]');

		return c.getAttribute('title') ||
			(s ? s.getAttribute('title') : '');
	}
	function stroke(el) {
		var cs = getComputedStyle(el);

		return [cs.strokeDasharray, parseFloat(cs.strokeWidth),
			cs.stroke];
	}
	line(['W', de.scrollWidth, de.clientWidth, window.innerWidth]);
	line(['O', left && summary && (left.compareDocumentPosition(
		summary) & Node.DOCUMENT_POSITION_FOLLOWING) &&
		left.getBoundingClientRect().top < window.innerHeight ?
		'top' : 'not at the top']);
	if (left)
		left.querySelectorAll('li').forEach(function (li) {
			line(['I', text(li)]);
		});
	document.querySelectorAll('svg[data-chart="latency"] path.mk')
		.forEach(function (c) {
			line(['C', c.dataset.runIndex].concat(stroke(c),
				[text(c.querySelector('title'))]));
		});
	document.querySelectorAll('svg[data-chart="latency"] .curvekey')
		.forEach(function (k) {
			line(['K', k.dataset.runIndex].concat(stroke(k),
				[text(k.nextElementSibling)]));
		});
	document.querySelectorAll('table').forEach(function (t) {
		var rows = t.querySelectorAll('tr'), heads = [], kind, who = '';

		rows[0].querySelectorAll('th').forEach(function (h) {
			heads.push(text(h));
		});
		if (heads[0] === 'pid') {
			kind = 'T';
			who = run_of(t);
		} else if (heads.indexOf('fairness') >= 0) {
			kind = 'S';
		} else {
			kind = 'L';
		}
		for (var i = 1; i < rows.length; i++) {
			var c = rows[i].children;

			for (var j = 0; j < c.length; j++)
				line([kind, who, text(c[0]), heads[j],
				      text(c[j]), hover(c[j])]);
		}
	});
	document.querySelectorAll('p').forEach(function (p) {
		var t = text(p);

		if (/^(Fairness |CPU busy:|[0-9]+ CPUs, HZ=)/.test(t))
			line(['P', run_of(p), t]);
	});
})();
</script>
EOF

# facts FILE.html: the second probe's lines for a copy of the page, as
# text (the DOM dump writes <, > and & of a text as entities).
facts() {
	browse "$tmp/facts.html" "$1" |
		sed 's/&lt;/</g; s/&gt;/>/g; s/&nbsp;/\xc2\xa0/g; s/&amp;/\&/g'
}

# fits FILE.html: true if the page scrolls no wider than the window;
# $w is its scrollWidth and clientWidth.
fits() {
	w=$(facts "$1" | awk -F '\t' '$1 == "W" { print $2, $3 }')
	[ -n "$w" ] && [ "${w% *}" -le "${w#* }" ]
}

# 1280 px: the pages of one run, of every driver compared and of a suite
# fit the window; no scrolling sideways (wide tables would scroll in
# their own box, but none needs to).
ex="${srcdir:-.}/examples"
mkdir -p "$tmp/suite"
cp "$ex/desktop-build.json" "$ex/rt-periodic.json" "$ex/stress.json" \
	"$tmp/suite/"
"$sim" --cpus=2 --report="$tmp/w1" "$ex/desktop-build.json" >/dev/null 2>&1
"$sim" --cpus=2 --compare="$list" --report="$tmp/w3" \
	"$ex/desktop-build.json" >/dev/null 2>&1
"$sim" --cpus=2 --suite="$tmp/suite" --report="$tmp/ws" >/dev/null 2>&1
for page in "$tmp/w1/index.html" "$tmp/w3/index.html" \
	    "$tmp/ws/desktop-build/index.html" \
	    "$tmp/ws/rt-periodic/index.html" "$tmp/ws/stress/index.html"; do
	what=${page#"$tmp/"}
	if fits "$page"; then
		ok "$what fits a 1280 px window (${w% *} px of ${w#* })"
	else
		ko "$what fits a 1280 px window (scrollWidth, clientWidth:" \
		   "${w:-none})"
	fi
done
wide='.wide{overflow:visible}table{min-width:1300px}'
sed "s|^</head>|<style>$wide</style></head>|" \
	"$tmp/w3/index.html" >"$tmp/wide.html"
if ! fits "$tmp/wide.html" && [ -n "$w" ]; then
	ok "control: a table 1300 px wide out of its box does not fit ($w)"
else
	ko "control: a table 1300 px wide out of its box does not fit ($w)"
fi

# Curves that coincide stay visible: each driver's curve has its own dash
# pattern, those drawn first are wider (the ones drawn over them leave
# them showing), and the legend draws each with the same stroke and name.
facts "$tmp/r1/index.html" >"$tmp/mix.facts"
curves() {
	awk -F '\t' -v nr="$nr" '
	function bad(what) { print "  " what; wrong++ }
	$1 == "C" {
		n++
		if ($3 in dash) bad("curves " dash[$3] " and " $2 \
				    " share the dash pattern " $3)
		dash[$3] = $2
		if (n > 1 && !($4 < width)) bad("curve " $2 " is " $4 \
			" px wide, not narrower than the one under it")
		width = $4
		stroke[$2] = $3 "/" $4 "/" $5
		split($6, t, ":")
		name[$2] = t[1]
	}
	$1 == "K" {
		keys++
		if (stroke[$2] != $3 "/" $4 "/" $5 || name[$2] != $6)
			bad("legend " $2 " (" $6 ": " $3 "/" $4 "/" $5 \
			    ") is not curve " $2 " (" name[$2] ": " \
			    stroke[$2] ")")
	}
	END {
		if (n != nr) bad(n + 0 " curves, not " nr)
		if (keys != nr) bad(keys + 0 " curve legends, not " nr)
		exit wrong > 0
	}' "$1"
}
if curves "$tmp/mix.facts" >"$tmp/why"; then
	ok "$nr latency curves with their own dashes, widths and legend"
else
	ko "$nr latency curves with their own dashes, widths and legend:"
	cat "$tmp/why"
fi
sed 's/ stroke-dasharray="[^"]*"//g
     s/ stroke-width="[0-9.]*"/ stroke-width="2"/g' \
	"$tmp/r1/index.html" >"$tmp/flat.html"
facts "$tmp/flat.html" >"$tmp/flat.facts"
if [ "$nr" -lt 2 ] || { [ -s "$tmp/flat.facts" ] &&
			! curves "$tmp/flat.facts" >/dev/null; }; then
	ok "control: curves of one stroke fail the check"
else
	ko "control: curves of one stroke fail the check"
fi

# Everything the runs went without is at the top: what
# --ignore-unsupported left out and every warning schedsim printed
# (keys rt-app does not read either), each with FILE:LINE:COL and what
# ignoring it changes.
cat >"$tmp/odd.json" <<'EOF'
{
	"global": { "duration": 1, "frobnicate": 3 },
	"tasks": {
		"a": { "run": 1000, "sleep": 1000, "colour": "red" },
		"dl": { "policy": "SCHED_DEADLINE", "run": 1000 }
	}
}
EOF
"$sim" --cpus=2 --ignore-unsupported --format=json --report="$tmp/odd" \
	"$tmp/odd.json" >"$tmp/odd.out" 2>"$tmp/odd.err"
facts "$tmp/odd/index.html" >"$tmp/odd.facts"
sed -n 's/^schedsim: warning: //p' "$tmp/odd.err" >"$tmp/odd.warned"
awk -F '\t' '$1 == "I" { print $2 }' "$tmp/odd.facts" | sort \
	>"$tmp/odd.listed"
if [ "$(wc -l <"$tmp/odd.warned")" -ge 3 ] &&
   sort "$tmp/odd.warned" | cmp -s - "$tmp/odd.listed" &&
   grep -q '^O	top$' "$tmp/odd.facts"; then
	ok "the $(wc -l <"$tmp/odd.warned") warnings are listed at the top"
else
	ko "the warnings are listed at the top: warned"
	cat "$tmp/odd.warned"
	echo "  listed:"
	cat "$tmp/odd.listed"
	grep '^O' "$tmp/odd.facts"
fi
if grep -q ':2:[0-9]*: global.frobnicate: unknown key, ignored: ' \
	"$tmp/odd.listed" &&
   grep -q ':5:[0-9]*: tasks.dl.policy: SCHED_DEADLINE.*ignored: ' \
	"$tmp/odd.listed"; then
	ok "each with FILE:LINE:COL and what ignoring it changes"
else
	ko "each with FILE:LINE:COL and what ignoring it changes"
fi

# Every figure of the page equals the JSON of the same run, rounded as
# the page shows it.  The run-wide latency percentiles (over the samples
# of all tasks together) are not in the JSON: they are named, not
# checked.
cat >"$tmp/agree.py" <<'EOF'
import json, sys

facts, js = sys.argv[1], sys.argv[2]
doc = json.load(open(js))
runs = {r["cpusched"]: r for r in doc.get("runs", [doc])}
wrong, checked = [], [0]
UNCHECKED = {("S", "latency p50"), ("S", "p95"), ("S", "p99"),
             ("L", "ran at once"), ("L", "p50"), ("L", "p95"), ("L", "p99")}


def ns(v):
    if v < 1000:
        shown = "%d ns" % v
    elif v < 10**6:
        shown = "%.2f \u00b5s" % (v / 1e3)
    elif v < 10**9:
        shown = "%.2f ms" % (v / 1e6)
    else:
        shown = "%.3f s" % (v / 1e9)
    return shown, "%d ns" % v


def ms(v):
    return "%.3f" % (v / 1e6), "%d ns" % v


def periods(missed, nr):
    return "%d / %d" % (missed, nr)


def task_figures(r, t):
    lat = t["wakeup_latency_ns"]
    pol = {"SCHED_FIFO": "FIFO %d", "SCHED_RR": "RR %d"}
    return {
        "pid": str(t["pid"]), "task": t["name"],
        "policy": pol[t["policy"]] % t["rt_priority"]
        if t["policy"] in pol else "nice %d" % t["nice"],
        "CPU ms": ms(t["runtime_ns"]),
        "share": "%.2f%%" % (100.0 * t["runtime_ns"] / r["duration_ns"]),
        "wait ms": ms(t["wait_ns"]), "sleep ms": ms(t["sleep_ns"]),
        "switches": str(t["switches"]),
        "migrations": str(t["migrations"]),
        "wake-ups": str(t["wakeups"]),
        "latency p50": ns(lat["p50"]), "p95": ns(lat["p95"]),
        "p99": ns(lat["p99"]), "max": ns(lat["max"]),
        "missed / periods": periods(t["missed_periods"], t["periods"])
        if "periods" in t else "\u2013",
        "loops": str(t["loops"]),
    }


def total(r, key):
    return sum(t[key] for t in r["tasks"])


def run_figures(kind, r):
    lat_max = max([t["wakeup_latency_ns"]["max"] for t in r["tasks"]] + [0])
    f = {"wake-ups": str(total(r, "wakeups")), "max": ns(lat_max)}
    if kind == "L":
        f["samples"] = str(sum(t["wakeup_latency_ns"]["count"]
                               for t in r["tasks"]))
        return f
    f.update({
        "fairness": "%.3f" % r["fairness"]["min"],
        "throughput": "%.2f" % r["throughput_loops_per_s"],
        "utilisation": "%.1f%%" % (100 * r["utilisation"]),
        "switches": str(total(r, "switches")),
        "migrations": str(total(r, "migrations")),
        "missed / periods": periods(
            sum(t.get("missed_periods", 0) for t in r["tasks"]),
            sum(t.get("periods", 0) for t in r["tasks"])),
        "events": str(r["events"]),
    })
    return f


def lines_under(r):
    fair = r["fairness"]
    groups = "; ".join("nice %d: %d tasks, %.3f" % (g["nice"], g["tasks"],
                                                   g["jain"])
                       for g in fair["groups"])
    cpus = ",".join(" CPU %d %.1f%% (%d switches)" % (
        c["cpu"], 100.0 * c["busy_ns"] / (c["busy_ns"] + c["idle_ns"])
        if c["busy_ns"] + c["idle_ns"] else 0.0, c["switches"])
        for c in r["cpu"])
    return [
        "%d CPUs, HZ=%d, seed %d, %.3f s of virtual time, %d events." % (
            r["nr_cpus"], r["hz"], r["seed"], r["duration_ns"] / 1e9,
            r["events"]),
        "Fairness %.3f%s; throughput %.2f loops/s; utilisation %.1f%%." % (
            fair["min"], " (%s)" % groups if groups else "",
            r["throughput_loops_per_s"], 100 * r["utilisation"]),
        "CPU busy:%s." % cpus,
    ]


def same(where, want, text, hover):
    if isinstance(want, tuple):
        want, exact = want
        if hover != exact:
            wrong.append("%s: on hover %r, JSON %r" % (where, hover, exact))
    if text != want:
        wrong.append("%s: shows %r, JSON %r" % (where, text, want))
    checked[0] += 1


seen, paras = set(), {}
for line in open(facts, encoding="utf-8"):
    f = line.rstrip("\n").split("\t")
    if f[0] in "SLT" and len(f) == 6:
        kind, run, row, head, text, hover = f
        if kind == "T":
            r = runs[run]
            t = [t for t in r["tasks"] if str(t["pid"]) == row]
            want = task_figures(r, t[0]) if t else {}
            seen.add((run, row))
        else:
            r = runs[row.replace(" failed", "")]
            want = run_figures(kind, r)
            want["driver"] = r["cpusched"] + (" failed" if r["failed"]
                                              else "")
        where = "%s %s %s %s" % (kind, run, row, head)
        if (kind, head) in UNCHECKED:
            continue
        if head not in want:
            wrong.append("%s: %r is not in the JSON" % (where, text))
        else:
            same(where, want[head], text, hover)
    elif f[0] == "P":
        paras.setdefault(f[1], []).append(f[2])
    elif f[0] == "I":
        paras.setdefault("ignored", []).append(f[1])
for name, r in runs.items():
    for t in r["tasks"]:
        if (name, str(t["pid"])) not in seen:
            wrong.append("%s pid %d: no row" % (name, t["pid"]))
    for want in lines_under(r):
        same("%s: the lines under its name" % name, want,
             want if want in paras.get(name, []) else paras.get(name),
             None)
    for want in r.get("ignored", []):
        same("ignored", want, want if want in paras.get("ignored", [])
             else None, None)
for w in wrong:
    print("  " + w)
print("%d figures checked" % checked[0])
sys.exit(1 if wrong or not checked[0] else 0)
EOF

# agree FACTS JSON: prints the figures that differ, fails if any does.
agree() {
	python3 "$tmp/agree.py" "$1" "$2"
}

"$sim" --cpus=2 --compare="$list" --format=json --report="$tmp/rj" \
	"$tmp/mix.json" >"$tmp/mix.out" 2>/dev/null
facts "$tmp/rj/index.html" >"$tmp/rj.facts"
if agree "$tmp/rj.facts" "$tmp/mix.out" >"$tmp/why"; then
	ok "--compare: the page's figures are the JSON's" \
	   "($(tail -n 1 "$tmp/why"))"
else
	ko "--compare: the page's figures are the JSON's:"
	cat "$tmp/why"
fi
if agree "$tmp/odd.facts" "$tmp/odd.out" >"$tmp/why"; then
	ok "one run, with parts ignored: the page's figures are the" \
	   "JSON's ($(tail -n 1 "$tmp/why"))"
else
	ko "one run, with parts ignored: the page's figures are the JSON's:"
	cat "$tmp/why"
fi

# Controls: one task's wait 1 ms longer in the JSON, or one figure read
# off the page 1 higher, must fail the comparison.
python3 - "$tmp/mix.out" >"$tmp/mix.bad" <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
doc["runs"][0]["tasks"][0]["wait_ns"] += 1000000
json.dump(doc, sys.stdout)
EOF
if ! agree "$tmp/rj.facts" "$tmp/mix.bad" >"$tmp/why" &&
   grep -q 'wait ms' "$tmp/why"; then
	ok "control: a wait 1 ms off in the JSON fails the comparison"
else
	ko "control: a wait 1 ms off in the JSON fails the comparison"
fi
awk -F '\t' 'BEGIN { OFS = "\t" }
	!done && $1 == "T" && $4 == "switches" { $5 = $5 + 1; done = 1 }
	{ print }' "$tmp/rj.facts" >"$tmp/rj.bad"
if ! agree "$tmp/rj.bad" "$tmp/mix.out" >"$tmp/why" &&
   grep -q 'switches' "$tmp/why"; then
	ok "control: a switch count 1 off on the page fails the comparison"
else
	ko "control: a switch count 1 off on the page fails the comparison"
fi

finish
