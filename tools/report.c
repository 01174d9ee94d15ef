/*
 * tools/report.c - schedsim's HTML report: see report.h.
 *
 * The page is written in one pass with stdio: a header, a summary table,
 * the three kinds of chart as inline SVG, and a table of the tasks of
 * each driver.  Everything on it comes from the runs' metrics, nothing
 * from the host (no date, no host CPU time), so the same runs give the
 * same bytes.  Every string that came from a user's file (task and
 * workload names) or from the machine goes through put_text().
 *
 * Big runs stay drawable: a timeline lane has at most one rectangle per
 * pixel column (the task that ran longest in it), coarser columns when a
 * timeline would still have more than TL_MAX_RECTS of them; the CPU
 * share chart and the legends show the tasks with the most CPU time
 * only, and the page says so.
 */
#define _GNU_SOURCE		/* asprintf */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <plugsched/sim.h>

#include "report.h"

#define NSEC_PER_USEC	1000ULL
#define NSEC_PER_MSEC	1000000ULL
#define NSEC_PER_SEC	1000000000ULL

/* Geometry of every chart: a plot area with room for axis labels. */
#define CHART_LEFT	64
#define PLOT_W		880
#define CHART_W		(CHART_LEFT + PLOT_W + 24)
#define CHART_TOP	12

#define TL_MAX_RECTS	12000	/* rectangles in one timeline */
#define TL_LANE_MAX	18	/* px per CPU lane, few CPUs */
#define TL_LANE_MIN	4	/* px per CPU lane, many CPUs */
#define TL_LANES_H	320	/* px the lanes share before hitting MIN */

#define LAT_PLOT_H	260
#define SHARE_PLOT_H	240
#define SHARE_MAX_TASKS	24	/* tasks in the share chart */
#define LEGEND_MAX	40	/* tasks in a timeline's legend */
#define LEGEND_COLS	6
#define LEGEND_COL_W	(PLOT_W / LEGEND_COLS)
#define TABLE_MAX_TASKS	64	/* rows of a driver's task table */

/* Driver colours: the curves and bars of driver i use colour i % 8. */
static const char *const driver_colour[] = {
	"#2166ac", "#c0392b", "#1e9a4c", "#e08214",
	"#6e3d9a", "#8a6a2e", "#d4559c", "#2a9d9a",
};
#define NR_DRIVER_COLOURS \
	(int)(sizeof(driver_colour) / sizeof(driver_colour[0]))

/*
 * Latency curves of different drivers often coincide (every wake-up ran
 * at once, or the drivers made the same choices): each driver has its
 * own dash pattern, and the curves drawn first are wider, so a curve
 * drawn on top of an equal one leaves it showing on both sides.
 */
static const char *const driver_dash[] = {
	"none", "9 4", "2 3", "12 3 2 3", "5 5", "1 2", "14 4 4 4", "6 2",
};
#define NR_DRIVER_DASHES \
	(int)(sizeof(driver_dash) / sizeof(driver_dash[0]))
#define CURVE_W		2	/* px, the last driver's curve */
#define CURVE_STEP	1.5	/* px wider per driver drawn after */

/*
 * A task of the workload: the nth task of that name in a run.  The
 * drivers start different kernel threads, so one task has different
 * pids under different drivers, but the same name and occurrence; it
 * keeps one colour on every chart.
 */
struct task_key {
	char name[sizeof(((struct task_metrics *)0)->name) + 1];
	int nth;
	unsigned long long runtime;	/* over all runs */
	unsigned long long drawn;	/* ns in the current timeline */
	int colour;			/* its rank in order of appearance */
};

/* A run's pids, sorted, and the task each one is. */
struct pid_key {
	int pid;
	int key;
};

struct page {
	FILE *f;
	const struct run_metrics *runs;
	int nr;
	struct task_key *keys;	/* in order of appearance */
	int nr_keys;
	int *by_time;		/* indices in keys, most CPU time first */
	int *key_task;		/* [key * nr + run]: task index, or -1 */
	struct pid_key **pids;	/* per run, by pid */
	struct lat_set *lat;	/* per run */
	const char *warnings;	/* the workload's, as printed; or NULL */
};

/* ---- text ---------------------------------------------------------------- */

/*
 * Writes at most @max bytes of @s as HTML text, safe in an element and
 * in a quoted attribute.  Control characters are not allowed in HTML:
 * they become U+FFFD.
 */
static void put_text_n(FILE *f, const char *s, size_t max)
{
	size_t i;

	for (i = 0; i < max && s[i]; i++) {
		unsigned char c = s[i];

		switch (c) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		case '\'':
			fputs("&#39;", f);
			break;
		default:
			if (c < 0x20 || c == 0x7f)
				fputs("&#xfffd;", f);
			else
				fputc(c, f);
		}
	}
}

#define put_text(f, field)	put_text_n((f), (field), sizeof(field))

/* The longest fmt_ns(): a 20-digit title and "18446744073.710 s". */
#define NS_CELL_LEN	64

/*
 * @ns for a table cell: three or four significant digits, which fit the
 * page, and the exact figure (the machine measures in ns) on hover.
 */
static const char *fmt_ns(char *buf, size_t len, unsigned long long ns)
{
	int n = snprintf(buf, len, "<span title=\"%llu ns\">", ns);

	if (ns < NSEC_PER_USEC)
		n += snprintf(buf + n, len - n, "%llu ns", ns);
	else if (ns < NSEC_PER_MSEC)
		n += snprintf(buf + n, len - n, "%.2f &micro;s",
			      (double)ns / NSEC_PER_USEC);
	else if (ns < NSEC_PER_SEC)
		n += snprintf(buf + n, len - n, "%.2f ms",
			      (double)ns / NSEC_PER_MSEC);
	else
		n += snprintf(buf + n, len - n, "%.3f s",
			      (double)ns / NSEC_PER_SEC);
	snprintf(buf + n, len - n, "</span>");
	return buf;
}

static double ms(unsigned long long ns)
{
	return (double)ns / NSEC_PER_MSEC;
}

/* A table cell of @ns in ms, to the µs, and exact on hover. */
static const char *ms_cell(char *buf, size_t len, unsigned long long ns)
{
	snprintf(buf, len, "<td title=\"%llu ns\">%.3f</td>", ns, ms(ns));
	return buf;
}

static const char *fmt_policy(char *buf, size_t len,
			      const struct task_metrics *t)
{
	switch (t->policy) {
	case SIM_SCHED_FIFO:
		snprintf(buf, len, "FIFO %d", t->rt_priority);
		break;
	case SIM_SCHED_RR:
		snprintf(buf, len, "RR %d", t->rt_priority);
		break;
	default:
		snprintf(buf, len, "nice %d", t->nice);
	}
	return buf;
}

/* ---- the tasks of all runs ----------------------------------------------- */

static int cmp_ull(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a;
	unsigned long long y = *(const unsigned long long *)b;

	return (x > y) - (x < y);
}

/* The task that ran as @pid in run @ri, or NULL for another thread. */
static struct task_key *find_key(const struct page *p, int ri, int pid)
{
	const struct pid_key *v = p->pids[ri];
	int lo = 0, hi = p->runs[ri].nr_tasks;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;

		if (v[mid].pid == pid)
			return &p->keys[v[mid].key];
		if (v[mid].pid < pid)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* Run @ri's metrics of the task @k, NULL if it has none. */
static const struct task_metrics *task_of(const struct page *p, int ri,
					  int k)
{
	int ti = p->key_task[k * p->nr + ri];

	return ti < 0 ? NULL : &p->runs[ri].tasks[ti];
}

/* A task of some run, while the keys are made. */
struct entry {
	const char *name;
	int nth, run, ti;
	int key;		/* while making the keys: its group */
};

static int cmp_name(const struct entry *x, const struct entry *y)
{
	return strncmp(x->name, y->name, sizeof(((struct task_key *)0)->name)
		       - 1);
}

/* By name, then run and position: the order occurrences count in. */
static int cmp_entry_run(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	int d = cmp_name(x, y);

	if (d)
		return d;
	if (x->run != y->run)
		return x->run - y->run;
	return x->ti - y->ti;
}

/* By appearance: the first run's tasks in its order, then new ones. */
static int cmp_entry_first(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;

	if (x->run != y->run)
		return x->run - y->run;
	return x->ti - y->ti;
}

static int cmp_pid_key(const void *a, const void *b)
{
	const struct pid_key *x = a, *y = b;

	return (x->pid > y->pid) - (x->pid < y->pid);
}

/* The qsort() comparator for by_time needs the keys: one page at a time. */
static const struct task_key *sort_keys;

static int cmp_by_time(const void *a, const void *b)
{
	int i = *(const int *)a, j = *(const int *)b;
	const struct task_key *x = &sort_keys[i], *y = &sort_keys[j];

	if (x->runtime != y->runtime)
		return x->runtime < y->runtime ? 1 : -1;
	return i - j;
}

static int alloc_keys(struct page *p, int total)
{
	int i, n = total ? total : 1;

	p->keys = calloc(n, sizeof(*p->keys));
	p->by_time = malloc(n * sizeof(*p->by_time));
	p->key_task = malloc((size_t)n * p->nr * sizeof(*p->key_task));
	p->pids = calloc(p->nr, sizeof(*p->pids));
	if (!p->keys || !p->by_time || !p->key_task || !p->pids)
		return -1;
	for (i = 0; i < n * p->nr; i++)
		p->key_task[i] = -1;
	for (i = 0; i < p->nr; i++) {
		int nt = p->runs[i].nr_tasks;

		p->pids[i] = malloc((nt > 0 ? nt : 1) * sizeof(**p->pids));
		if (!p->pids[i])
			return -1;
	}
	return 0;
}

/* By name and occurrence, then appearance: a task's entries together. */
static int cmp_entry_key(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	int d = cmp_name(x, y);

	if (d)
		return d;
	if (x->nth != y->nth)
		return x->nth - y->nth;
	return cmp_entry_first(a, b);
}

/*
 * Numbers the occurrences of each name in each run (@e sorted by
 * name, run and position), then makes a key of each name and number,
 * numbered in order of first appearance.  @first and @rank are room
 * for @n entries.
 */
static void make_keys(struct page *p, struct entry *e, struct entry *first,
		      int *rank, int n)
{
	int i, k, g = -1;

	for (i = 0; i < n; i++)
		e[i].nth = i && !cmp_name(&e[i - 1], &e[i]) &&
			   e[i - 1].run == e[i].run ? e[i - 1].nth + 1 : 0;
	qsort(e, n, sizeof(*e), cmp_entry_key);
	for (i = 0; i < n; i++) {
		if (!i || cmp_name(&e[i - 1], &e[i]) ||
		    e[i - 1].nth != e[i].nth) {
			first[++g] = e[i];
			first[g].key = g;
		}
		e[i].key = g;
	}
	p->nr_keys = g + 1;
	qsort(first, p->nr_keys, sizeof(*first), cmp_entry_first);
	for (k = 0; k < p->nr_keys; k++) {
		rank[first[k].key] = k;
		memcpy(p->keys[k].name, first[k].name,
		       sizeof(p->keys[k].name) - 1);
		p->keys[k].nth = first[k].nth;
		p->keys[k].colour = k;
	}
	for (i = 0; i < n; i++) {
		const struct run_metrics *r = &p->runs[e[i].run];
		const struct task_metrics *t = &r->tasks[e[i].ti];

		k = rank[e[i].key];
		p->key_task[k * p->nr + e[i].run] = e[i].ti;
		p->keys[k].runtime += t->runtime_ns;
		p->pids[e[i].run][e[i].ti] = (struct pid_key){
			.pid = t->pid, .key = k,
		};
	}
}

static int collect_tasks(struct page *p)
{
	struct entry *e, *first;
	int total = 0, n = 0, i, j, ret = -1;
	int *rank;

	for (i = 0; i < p->nr; i++)
		total += p->runs[i].nr_tasks > 0 ? p->runs[i].nr_tasks : 0;
	e = malloc((total ? total : 1) * sizeof(*e));
	first = malloc((total ? total : 1) * sizeof(*first));
	rank = malloc((total ? total : 1) * sizeof(*rank));
	if (!e || !first || !rank || alloc_keys(p, total))
		goto out;
	for (i = 0; i < p->nr; i++)
		for (j = 0; j < p->runs[i].nr_tasks; j++)
			e[n++] = (struct entry){
				.name = p->runs[i].tasks[j].name,
				.run = i, .ti = j,
			};
	qsort(e, n, sizeof(*e), cmp_entry_run);
	make_keys(p, e, first, rank, n);
	for (i = 0; i < p->nr; i++)
		qsort(p->pids[i], p->runs[i].nr_tasks, sizeof(**p->pids),
		      cmp_pid_key);
	for (i = 0; i < p->nr_keys; i++)
		p->by_time[i] = i;
	sort_keys = p->keys;
	qsort(p->by_time, p->nr_keys, sizeof(*p->by_time), cmp_by_time);
	ret = 0;
out:
	free(e);
	free(first);
	free(rank);
	return ret;
}

/* A task's name, and which of that name when there are several. */
static void put_key(FILE *f, const struct task_key *k)
{
	put_text(f, k->name);
	if (k->nth)
		fprintf(f, " #%d", k->nth + 1);
}

/*
 * A colour per task: twelve well-apart colours for the first tasks,
 * then golden-angle steps of hue (neighbours in order of appearance get
 * far-apart hues) at three lightnesses, so hues that come round again
 * still differ.  Grey is for threads outside the workload.
 */
static const char *task_colour(char *buf, size_t len,
			       const struct task_key *k)
{
	static const char *const first[] = {
		"#3c78b4", "#f0913a", "#52a447", "#d94a48", "#8f6cc0",
		"#94613d", "#de7fbd", "#7a7a3a", "#2eb3c1", "#c9b53a",
		"#2d4f8a", "#a3d27a",
	};
	static const int light[] = { 45, 62, 32 };
	int n = sizeof(first) / sizeof(first[0]);
	unsigned long hue;

	if (!k)
		return "#9e9e9e";
	if (k->colour < n)
		return first[k->colour];
	hue = (unsigned long)(k->colour - n) * 137508UL / 1000UL % 360UL;
	snprintf(buf, len, "hsl(%lu,%d%%,%d%%)", hue,
		 k->colour % 2 ? 55 : 70, light[k->colour / 7 % 3]);
	return buf;
}

/* ---- wake-up latencies --------------------------------------------------- */

static int collect_latencies(struct page *p)
{
	int i;

	p->lat = calloc(p->nr, sizeof(*p->lat));
	if (!p->lat)
		return -1;
	for (i = 0; i < p->nr; i++)
		if (metrics_merge_latencies(&p->runs[i], NULL, NULL,
					    &p->lat[i]))
			return -1;
	return 0;
}

/* Nearest rank: the smallest sample with at least @pct % at or below. */
static unsigned long long percentile(const struct lat_set *l, int pct)
{
	return metrics_percentile(l->v, l->n, pct);
}

/* 10^@x, without libm (schedsim does not link it). */
static double exp10_of(double x)
{
	static const double ln10 = 2.30258509299404568402;
	double scale = 1, y, term = 1, sum = 1;
	int n;

	while (x >= 1) {
		x -= 1;
		scale *= 10;
	}
	while (x < 0) {
		x += 1;
		scale /= 10;
	}
	/* e^y by its series, 0 <= y < ln 10: 40 terms are plenty */
	y = x * ln10;
	for (n = 1; n < 40; n++) {
		term *= y / n;
		sum += term;
	}
	return scale * sum;
}

/* ---- axes and shared pieces ---------------------------------------------- */

/* A step of 1, 2 or 5 times a power of ten giving about @ticks ticks. */
static double nice_step(double range, int ticks)
{
	double step = 1e-9, raw = range / ticks;

	while (step * 10 <= raw)
		step *= 10;
	if (step * 5 <= raw)
		return step * 5;
	if (step * 2 <= raw)
		return step * 2;
	return step;
}

static void svg_open(FILE *f, const char *kind, const struct run_metrics *r,
		     int height, const char *label)
{
	fprintf(f, "<svg class=\"chart\" data-chart=\"%s\"", kind);
	if (r) {
		fputs(" data-run=\"", f);
		put_text(f, r->cpusched);
		fputc('"', f);
	}
	fprintf(f, " width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\""
		" role=\"img\" aria-label=\"%s\">\n",
		CHART_W, height, CHART_W, height, label);
}

static void plot_frame(FILE *f, int top, int height)
{
	fprintf(f, "<rect class=\"plot\" x=\"%d\" y=\"%d\" width=\"%d\""
		" height=\"%d\"/>\n", CHART_LEFT, top, PLOT_W, height);
}

/* Ticks and labels under a plot for @span of time, in ms. */
static void time_axis(FILE *f, unsigned long long span, int y)
{
	double span_ms = ms(span), step = nice_step(span_ms, 10), t;
	int i;

	fprintf(f, "<g class=\"axis\">\n");
	for (i = 0; (t = i * step) <= span_ms * (1 + 1e-9); i++) {
		double x = CHART_LEFT + PLOT_W * t / span_ms;

		fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>"
			"<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%g"
			"</text>\n", x, y, x, y + 4, x, y + 16, t);
	}
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">"
		"time since the start of the run (ms)</text>\n</g>\n",
		CHART_LEFT + PLOT_W / 2, y + 32);
}

/* ---- 1: per-CPU timelines ------------------------------------------------ */

struct tl_col {
	int pid;			/* ran longest in the column */
	unsigned long long len;		/* that long; 0: idle */
	unsigned long long busy;	/* all tasks in the column */
};

struct timeline {
	const struct run_metrics *r;
	int ri;
	unsigned long long span;	/* the time the lanes show */
	int *idx;			/* segs drawn, by CPU and start */
	int n;
	struct tl_col *col;
	int cols, res;			/* columns of res px */
	int lane_h, top;
	unsigned long long other;	/* drawn for non-workload threads */
};

static const struct run_metrics *sort_run;

static int cmp_seg(const void *a, const void *b)
{
	int i = *(const int *)a, j = *(const int *)b;
	const struct timeline_seg *x = &sort_run->segs[i];
	const struct timeline_seg *y = &sort_run->segs[j];

	if (x->cpu != y->cpu)
		return x->cpu < y->cpu ? -1 : 1;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return (i > j) - (i < j);
}

/* The run's first seconds, or all of a shorter one. */
static unsigned long long timeline_span(const struct run_metrics *r)
{
	unsigned long long span = r->duration_ns, end = 0;
	int i;

	if (!span) {
		for (i = 0; i < r->nr_segs; i++)
			if (r->segs[i].end > end)
				end = r->segs[i].end;
		span = end;
	}
	if (span > METRICS_TIMELINE_NS)
		span = METRICS_TIMELINE_NS;
	return span ? span : NSEC_PER_MSEC;
}

static int timeline_init(struct timeline *tl, const struct page *p, int ri)
{
	const struct run_metrics *r = &p->runs[ri];
	int i;

	memset(tl, 0, sizeof(*tl));
	tl->r = r;
	tl->ri = ri;
	tl->span = timeline_span(r);
	tl->idx = malloc((r->nr_segs > 0 ? r->nr_segs : 1) * sizeof(int));
	tl->col = malloc(PLOT_W * sizeof(*tl->col));
	if (!tl->idx || !tl->col)
		return -1;
	for (i = 0; i < r->nr_segs; i++) {
		const struct timeline_seg *s = &r->segs[i];

		if (s->pid && s->cpu >= 0 && s->cpu < r->nr_cpus &&
		    s->start < s->end && s->start < tl->span)
			tl->idx[tl->n++] = i;
	}
	sort_run = r;
	qsort(tl->idx, tl->n, sizeof(int), cmp_seg);

	tl->lane_h = r->nr_cpus > 0 ? TL_LANES_H / r->nr_cpus : TL_LANE_MAX;
	if (tl->lane_h > TL_LANE_MAX)
		tl->lane_h = TL_LANE_MAX;
	if (tl->lane_h < TL_LANE_MIN)
		tl->lane_h = TL_LANE_MIN;
	tl->top = CHART_TOP;
	return 0;
}

static void timeline_free(struct timeline *tl)
{
	free(tl->idx);
	free(tl->col);
}

/* Column @c covers [c * span / cols, (c + 1) * span / cols). */
static unsigned long long col_start(const struct timeline *tl, int c)
{
	return tl->span * c / tl->cols;
}

/* A column busy less than half the time is drawn faded. */
static int col_part(const struct timeline *tl, int c)
{
	return 2 * tl->col[c].busy < col_start(tl, c + 1) - col_start(tl, c);
}

static void fill_col(struct tl_col *col, int pid, unsigned long long len)
{
	col->busy += len;
	if (len > col->len) {
		col->len = len;
		col->pid = pid;
	}
}

/* Puts the segments of one lane, from *@at on, into the columns. */
static void fill_lane(struct timeline *tl, int cpu, int *at)
{
	int c;

	memset(tl->col, 0, tl->cols * sizeof(*tl->col));
	for (; *at < tl->n; (*at)++) {
		const struct timeline_seg *s = &tl->r->segs[tl->idx[*at]];
		unsigned long long end = s->end < tl->span ? s->end : tl->span;
		int first = s->start * tl->cols / tl->span;
		int last = (end - 1) * tl->cols / tl->span;

		if (s->cpu != cpu)
			break;
		for (c = first; c <= last; c++) {
			unsigned long long a = col_start(tl, c);
			unsigned long long b = col_start(tl, c + 1);

			a = s->start > a ? s->start : a;
			b = end < b ? end : b;
			fill_col(&tl->col[c], s->pid, b - a);
		}
	}
}

static int same_rect(const struct timeline *tl, int c, int d)
{
	return tl->col[d].len && tl->col[d].pid == tl->col[c].pid &&
	       col_part(tl, d) == col_part(tl, c);
}

static void put_tl_rect(struct page *p, const struct timeline *tl, int y,
			int c0, int c1)
{
	FILE *f = p->f;
	int pid = tl->col[c0].pid;
	struct task_key *k = find_key(p, tl->ri, pid);
	int x = c0 * tl->res, w = (c1 - c0) * tl->res;
	char colour[32];

	if (x + w > PLOT_W)
		w = PLOT_W - x;
	fprintf(f, "<rect class=\"mk\" data-pid=\"%d\" x=\"%d\" y=\"%d\""
		" width=\"%d\" height=\"%d\" fill=\"%s\"%s><title>", pid,
		CHART_LEFT + x, y, w,
		tl->lane_h > 6 ? tl->lane_h - 1 : tl->lane_h,
		task_colour(colour, sizeof(colour), k),
		col_part(tl, c0) ? " fill-opacity=\"0.45\"" : "");
	if (k)
		put_key(f, k);
	else
		fputs("a thread outside the workload", f);
	fprintf(f, ", pid %d: %.2f&#8211;%.2f ms</title></rect>\n", pid,
		ms(col_start(tl, c0)), ms(col_start(tl, c1)));
}

/* The legend lists the tasks drawn, the longest drawn if too many. */
static void mark_drawn(struct page *p, struct timeline *tl, int c0, int c1)
{
	struct task_key *k = find_key(p, tl->ri, tl->col[c0].pid);
	unsigned long long len = col_start(tl, c1) - col_start(tl, c0);

	if (k)
		k->drawn += len;
	else
		tl->other += len;
}

/*
 * Merges the columns of each lane into rectangles of one task; draws
 * them when @draw, else only counts them.  Returns their number.
 */
static int timeline_lanes(struct page *p, struct timeline *tl, int draw)
{
	int cpu, at = 0, rects = 0, c, c0;
	int label_every = (10 + tl->lane_h - 1) / tl->lane_h;
	int h = tl->lane_h > 6 ? tl->lane_h - 1 : tl->lane_h;

	for (c = 0; c < p->nr_keys; c++)
		p->keys[c].drawn = 0;
	tl->other = 0;
	for (cpu = 0; cpu < tl->r->nr_cpus; cpu++) {
		int y = tl->top + cpu * tl->lane_h;

		fill_lane(tl, cpu, &at);
		if (draw)
			fprintf(p->f, "<g class=\"lane\" data-cpu=\"%d\">"
				"<rect class=\"lanebg\" x=\"%d\" y=\"%d\""
				" width=\"%d\" height=\"%d\"/>\n", cpu,
				CHART_LEFT, y, PLOT_W, h);
		if (draw && cpu % label_every == 0)
			fprintf(p->f, "<text x=\"%d\" y=\"%d\""
				" text-anchor=\"end\">CPU %d</text>\n",
				CHART_LEFT - 6, y + h - 2, cpu);
		for (c = 0; c < tl->cols; c = c0) {
			c0 = c + 1;
			if (!tl->col[c].len)
				continue;
			while (c0 < tl->cols && same_rect(tl, c, c0))
				c0++;
			rects++;
			mark_drawn(p, tl, c, c0);
			if (draw)
				put_tl_rect(p, tl, y, c, c0);
		}
		if (draw)
			fputs("</g>\n", p->f);
	}
	return rects;
}

/* How many tasks the legend names: the LEGEND_MAX drawn longest. */
static int legend_entries(const struct page *p, unsigned long long *floor_ns)
{
	unsigned long long *t;
	int i, n = 0;

	*floor_ns = 1;
	for (i = 0; i < p->nr_keys; i++)
		n += !!p->keys[i].drawn;
	if (n <= LEGEND_MAX)
		return n;
	t = malloc(n * sizeof(*t));
	if (!t)
		return -1;
	for (n = 0, i = 0; i < p->nr_keys; i++)
		if (p->keys[i].drawn)
			t[n++] = p->keys[i].drawn;
	qsort(t, n, sizeof(*t), cmp_ull);
	*floor_ns = t[n - LEGEND_MAX];
	free(t);
	return n;
}

static void legend_entry(FILE *f, int i, int y, const char *colour)
{
	int x = CHART_LEFT + i % LEGEND_COLS * LEGEND_COL_W;

	y += i / LEGEND_COLS * 16;
	fprintf(f, "<rect class=\"key\" x=\"%d\" y=\"%d\" width=\"10\""
		" height=\"10\" fill=\"%s\"/><text x=\"%d\" y=\"%d\">", x, y,
		colour, x + 14, y + 9);
}

/* Legend rows under a timeline: the tasks, others, "and N more". */
static int legend_rows(const struct page *p, const struct timeline *tl)
{
	unsigned long long floor_ns;
	int n = legend_entries(p, &floor_ns);

	if (n > LEGEND_MAX)
		n = LEGEND_MAX + LEGEND_COLS;
	n += !!tl->other;
	return (n + LEGEND_COLS - 1) / LEGEND_COLS;
}

/* The tasks drawn, in order of appearance. */
static int timeline_legend(struct page *p, const struct timeline *tl, int y)
{
	unsigned long long floor_ns;
	int n = legend_entries(p, &floor_ns), i, shown = 0;
	char colour[32];

	if (n < 0)
		return -1;
	for (i = 0; i < p->nr_keys; i++) {
		const struct task_key *k = &p->keys[i];

		if (k->drawn < floor_ns || shown == LEGEND_MAX)
			continue;
		legend_entry(p->f, shown++, y,
			     task_colour(colour, sizeof(colour), k));
		put_key(p->f, k);
		fputs("</text>\n", p->f);
	}
	if (tl->other) {
		legend_entry(p->f, shown++, y, task_colour(colour, 0, NULL));
		fputs("other threads</text>\n", p->f);
	}
	if (n > shown - !!tl->other)
		fprintf(p->f, "<text x=\"%d\" y=\"%d\">... and %d more tasks"
			" (hover a bar for its task)</text>\n", CHART_LEFT,
			y + (shown + LEGEND_COLS - 1) / LEGEND_COLS * 16 + 9,
			n - (shown - !!tl->other));
	return 0;
}

static int draw_timeline(struct page *p, int ri)
{
	const struct run_metrics *r = &p->runs[ri];
	struct timeline tl;
	int rects, lanes_h, height, err = -1;

	if (timeline_init(&tl, p, ri))
		goto out;
	for (tl.res = 1; ; tl.res *= 2) {
		tl.cols = (PLOT_W + tl.res - 1) / tl.res;
		rects = timeline_lanes(p, &tl, 0);
		if (rects <= TL_MAX_RECTS || tl.res >= PLOT_W)
			break;
	}

	fputs("<h3>", p->f);
	put_text(p->f, r->cpusched);
	fprintf(p->f, "</h3>\n<p class=\"note\">%d runs of tasks in the"
		" first %.0f ms, drawn as %d rectangles", tl.n, ms(tl.span),
		rects);
	if (tl.res > 1)
		fprintf(p->f, " at least %d px wide (to keep the page small)",
			tl.res);
	fputs(".</p>\n", p->f);

	lanes_h = r->nr_cpus * tl.lane_h;
	height = tl.top + lanes_h + 46 + legend_rows(p, &tl) * 16 + 8;
	svg_open(p->f, "timeline", r, height, "per-CPU timeline");
	plot_frame(p->f, tl.top, lanes_h);
	timeline_lanes(p, &tl, 1);
	time_axis(p->f, tl.span, tl.top + lanes_h + 2);
	if (timeline_legend(p, &tl, tl.top + lanes_h + 46))
		goto out;
	fputs("</svg>\n", p->f);
	err = 0;
out:
	timeline_free(&tl);
	return err;
}

/* ---- 2: wake-up latency distribution ------------------------------------- */

/* The decades the latency axis spans: [10^lo, 10^hi] ns. */
static void lat_decades(const struct page *p, int *lo, int *hi)
{
	unsigned long long min = 0, max = 0, v;
	int i, j;

	for (i = 0; i < p->nr; i++) {
		const struct lat_set *l = &p->lat[i];

		for (j = 0; j < (int)l->n && !l->v[j]; j++)
			;
		if (j < (int)l->n && (!min || l->v[j] < min))
			min = l->v[j];
		if (l->n && l->v[l->n - 1] > max)
			max = l->v[l->n - 1];
	}
	if (!min)
		min = max ? max : NSEC_PER_USEC;
	for (*lo = 0, v = 10; v <= min && *lo < 18; v *= 10)
		(*lo)++;
	/* from 1 us at least: zero latencies sit at the left edge */
	if (*lo > 3)
		*lo = 3;
	for (*hi = 0, v = 1; v < max && *hi < 19; v *= 10)
		(*hi)++;
	if (*hi <= *lo)
		*hi = *lo + 1;
}

static const char *const decade_label[] = {
	"1 ns", "10 ns", "100 ns", "1 &micro;s", "10 &micro;s", "100 &micro;s",
	"1 ms", "10 ms", "100 ms", "1 s", "10 s", "100 s",
};

static void lat_axes(FILE *f, int lo, int hi)
{
	int d, pct, bottom = CHART_TOP + LAT_PLOT_H;

	fputs("<g class=\"axis\">\n", f);
	for (d = lo; d <= hi; d++) {
		double x = CHART_LEFT + (double)PLOT_W * (d - lo) / (hi - lo);

		fprintf(f, "<line class=\"grid\" x1=\"%.1f\" y1=\"%d\""
			" x2=\"%.1f\" y2=\"%d\"/><text x=\"%.1f\" y=\"%d\""
			" text-anchor=\"middle\">", x, CHART_TOP, x, bottom + 4,
			x, bottom + 16);
		if (d < (int)(sizeof(decade_label) / sizeof(*decade_label)))
			fputs(decade_label[d], f);
		else
			fprintf(f, "1e%d ns", d);
		fputs("</text>\n", f);
	}
	for (pct = 0; pct <= 100; pct += 20) {
		int y = bottom - LAT_PLOT_H * pct / 100;

		fprintf(f, "<line class=\"grid\" x1=\"%d\" y1=\"%d\" x2=\"%d\""
			" y2=\"%d\"/><text x=\"%d\" y=\"%d\""
			" text-anchor=\"end\">%d%%</text>\n", CHART_LEFT - 4,
			y, CHART_LEFT + PLOT_W, y, CHART_LEFT - 6, y + 4, pct);
	}
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">"
		"wake-up latency (log scale)</text>\n"
		"<text transform=\"translate(14 %d) rotate(-90)\""
		" text-anchor=\"middle\">wake-ups with this latency or less"
		"</text>\n</g>\n", CHART_LEFT + PLOT_W / 2, bottom + 32,
		CHART_TOP + LAT_PLOT_H / 2);
}

static double curve_width(const struct page *p, int ri)
{
	return CURVE_W + CURVE_STEP * (p->nr - 1 - ri);
}

/* The stroke of driver @ri's curve, for the curve and its legend. */
static void put_curve_stroke(FILE *f, const struct page *p, int ri)
{
	fprintf(f, " stroke=\"%s\" stroke-width=\"%g\""
		" stroke-dasharray=\"%s\"",
		driver_colour[ri % NR_DRIVER_COLOURS], curve_width(p, ri),
		driver_dash[ri % NR_DRIVER_DASHES]);
}

/*
 * The CDF of one run as a step path, one step per pixel column at most:
 * a sample is in the column whose centre is nearest on the log axis.
 */
static void lat_curve(struct page *p, int ri, int lo, int hi)
{
	const struct lat_set *l = &p->lat[ri];
	int bottom = CHART_TOP + LAT_PLOT_H, c;
	unsigned long i = 0, last = 0;
	double edge;

	fprintf(p->f, "<path class=\"mk\" data-run-index=\"%d\""
		" data-n=\"%lu\" fill=\"none\"", ri, l->n);
	put_curve_stroke(p->f, p, ri);
	fprintf(p->f, " d=\"M%d %d", CHART_LEFT, bottom);
	for (c = 0; c <= PLOT_W; c++) {
		/* samples up to half a column right of column c's x */
		edge = c == PLOT_W ? -1 :
		       exp10_of(lo + (c + 0.5) * (hi - lo) / PLOT_W);
		while (i < l->n && (edge < 0 || l->v[i] <= edge))
			i++;
		if (i == last)
			continue;
		last = i;
		fprintf(p->f, "H%dV%.2f", CHART_LEFT + c,
			bottom - (double)LAT_PLOT_H * i / l->n);
	}
	fprintf(p->f, "H%d\"><title>", CHART_LEFT + PLOT_W);
	put_text(p->f, p->runs[ri].cpusched);
	fprintf(p->f, ": %lu latency samples</title></path>\n", l->n);
}

/*
 * The drivers' names under a chart, each after a key: a square of its
 * bars' colour, or with @curves a piece of its latency curve.
 */
static void driver_legend(struct page *p, int y, int curves)
{
	int i, tx;

	for (i = 0; i < p->nr; i++) {
		int x = CHART_LEFT + i % LEGEND_COLS * LEGEND_COL_W;
		int ly = y + i / LEGEND_COLS * 16;

		if (curves) {
			fprintf(p->f, "<line class=\"curvekey\""
				" data-run-index=\"%d\" x1=\"%d\" y1=\"%d\""
				" x2=\"%d\" y2=\"%d\"", i, x, ly + 5, x + 36,
				ly + 5);
			put_curve_stroke(p->f, p, i);
			fputs("/>", p->f);
			tx = x + 42;
		} else {
			fprintf(p->f, "<rect class=\"key\" x=\"%d\" y=\"%d\""
				" width=\"10\" height=\"10\" fill=\"%s\"/>", x,
				ly, driver_colour[i % NR_DRIVER_COLOURS]);
			tx = x + 14;
		}
		fprintf(p->f, "<text x=\"%d\" y=\"%d\">", tx, ly + 9);
		put_text(p->f, p->runs[i].cpusched);
		fputs("</text>\n", p->f);
	}
}

static void lat_table(struct page *p)
{
	char b[4][NS_CELL_LEN], mx[NS_CELL_LEN];
	int i;

	fputs("<div class=\"wide\"><table class=\"num\" data-table=\"latency"
	      "\"><tr><th>driver</th><th title=\"successful"
	      " try_to_wake_up()s, as in the summary and task tables\">"
	      "wake-ups</th><th title=\"wake-ups of a task off its CPU that"
	      " ran before the run ended\">samples</th>"
	      "<th title=\"on a CPU in the same nanosecond\">ran at once</th>"
	      "<th>p50</th><th>p95</th><th>p99</th><th>max</th></tr>\n",
	      p->f);
	for (i = 0; i < p->nr; i++) {
		const struct lat_set *l = &p->lat[i];
		unsigned long zero = 0;

		while (zero < l->n && !l->v[zero])
			zero++;
		fprintf(p->f, "<tr><td style=\"color:%s\">",
			driver_colour[i % NR_DRIVER_COLOURS]);
		put_text(p->f, p->runs[i].cpusched);
		fprintf(p->f, "</td><td>%lu</td><td>%lu</td><td>%.1f%%</td>"
			"<td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n",
			metrics_wakeups(&p->runs[i]), l->n,
			l->n ? 100.0 * zero / l->n : 0.0,
			fmt_ns(b[0], sizeof(b[0]), percentile(l, 50)),
			fmt_ns(b[1], sizeof(b[1]), percentile(l, 95)),
			fmt_ns(b[2], sizeof(b[2]), percentile(l, 99)),
			fmt_ns(mx, sizeof(mx), l->n ? l->v[l->n - 1] : 0));
	}
	fputs("</table></div>\n", p->f);
}

static void draw_latency(struct page *p)
{
	int lo, hi, i, rows = (p->nr + LEGEND_COLS - 1) / LEGEND_COLS;
	int legend_y = CHART_TOP + LAT_PLOT_H + 46;

	fputs("<h2 id=\"latency\">Wake-up latency</h2>\n<p class=\"note\">"
	      "For each driver, the fraction of all wake-ups (of every task)"
	      " that waited at most the time on the x axis between the"
	      " wake-up and the task running on a CPU: the further left and"
	      " the sooner a curve reaches 100%, the better. Wake-ups that"
	      " ran at once (0 ns) count at the left edge. Each driver has"
	      " its own dash pattern, and the first drivers' curves are"
	      " wider: where curves coincide, the ones below show on both"
	      " sides of the ones on top.</p>\n", p->f);
	lat_decades(p, &lo, &hi);
	svg_open(p->f, "latency", NULL, legend_y + rows * 16 + 8,
		 "wake-up latency CDF");
	plot_frame(p->f, CHART_TOP, LAT_PLOT_H);
	lat_axes(p->f, lo, hi);
	for (i = 0; i < p->nr; i++)
		if (p->lat[i].n)
			lat_curve(p, i, lo, hi);
	driver_legend(p, legend_y, 1);
	fputs("</svg>\n", p->f);
	lat_table(p);
}

/* ---- 3: CPU share per task ----------------------------------------------- */

static double share_pct(const struct run_metrics *r,
			const struct task_metrics *t)
{
	if (!t || !r->duration_ns)
		return 0;
	return 100.0 * t->runtime_ns / r->duration_ns;
}

static void share_axes(struct page *p, double ymax, int ntasks)
{
	FILE *f = p->f;
	double step = nice_step(ymax, 5), v, group = (double)PLOT_W / ntasks;
	int bottom = CHART_TOP + SHARE_PLOT_H, i;

	fputs("<g class=\"axis\">\n", f);
	for (v = 0; v <= ymax * (1 + 1e-9); v += step) {
		double y = bottom - SHARE_PLOT_H * v / ymax;

		fprintf(f, "<line class=\"grid\" x1=\"%d\" y1=\"%.1f\""
			" x2=\"%d\" y2=\"%.1f\"/><text x=\"%d\" y=\"%.1f\""
			" text-anchor=\"end\">%g%%</text>\n", CHART_LEFT - 4,
			y, CHART_LEFT + PLOT_W, y, CHART_LEFT - 6, y + 4, v);
	}
	for (i = 0; i < ntasks; i++) {
		const struct task_key *k = &p->keys[p->by_time[i]];
		double x = CHART_LEFT + group * (i + 0.5);

		fprintf(f, "<text transform=\"translate(%.1f %d)"
			" rotate(-40)\" text-anchor=\"end\">", x + 4,
			bottom + 12);
		put_key(f, k);
		fputs("</text>\n", f);
	}
	fprintf(f, "<text transform=\"translate(14 %d) rotate(-90)\""
		" text-anchor=\"middle\">CPU time / run time</text>\n</g>\n",
		CHART_TOP + SHARE_PLOT_H / 2);
}

static void share_bar(struct page *p, int ti, int ri, int ntasks,
		      double ymax)
{
	int key = p->by_time[ti];
	const struct task_key *k = &p->keys[key];
	const struct run_metrics *r = &p->runs[ri];
	double v = share_pct(r, task_of(p, ri, key));
	double group = (double)PLOT_W / ntasks, w = group * 0.8 / p->nr;
	double h = SHARE_PLOT_H * v / ymax;
	double x = CHART_LEFT + group * ti + group * 0.1 + w * ri;

	fprintf(p->f, "<rect class=\"mk\" data-run-index=\"%d\""
		" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\""
		" height=\"%.2f\" fill=\"%s\"><title>", ri, x,
		CHART_TOP + SHARE_PLOT_H - h, w, h,
		driver_colour[ri % NR_DRIVER_COLOURS]);
	put_key(p->f, k);
	fputs(" under ", p->f);
	put_text(p->f, r->cpusched);
	fprintf(p->f, ": %.2f%%</title></rect>\n", v);
}

static void draw_share(struct page *p)
{
	int ntasks = p->nr_keys < SHARE_MAX_TASKS ? p->nr_keys :
		     SHARE_MAX_TASKS;
	int rows = (p->nr + LEGEND_COLS - 1) / LEGEND_COLS;
	int legend_y = CHART_TOP + SHARE_PLOT_H + 110;
	double max = 0, ymax, v;
	int i, j;

	fputs("<h2 id=\"share\">CPU share per task</h2>\n<p class=\"note\">"
	      "The CPU time each task got, as a percentage of the run's"
	      " length (100%: it ran all the time on one CPU); one bar per"
	      " driver.", p->f);
	if (ntasks < p->nr_keys)
		fprintf(p->f, " Only the %d tasks with the most CPU time over"
			" all drivers are shown, of %d.", ntasks, p->nr_keys);
	fputs("</p>\n", p->f);
	if (!ntasks) {
		fputs("<p>No tasks.</p>\n", p->f);
		return;
	}
	for (i = 0; i < ntasks; i++)
		for (j = 0; j < p->nr; j++) {
			v = share_pct(&p->runs[j], task_of(p, j,
							   p->by_time[i]));
			max = v > max ? v : max;
		}
	/* the axis ends on the first multiple of 10% above the tallest */
	for (ymax = 10; ymax < max; ymax += 10)
		;
	svg_open(p->f, "share", NULL, legend_y + rows * 16 + 8,
		 "CPU share per task");
	plot_frame(p->f, CHART_TOP, SHARE_PLOT_H);
	share_axes(p, ymax, ntasks);
	fprintf(p->f, "<g class=\"bars\" data-ymax=\"%g\">\n", ymax);
	for (i = 0; i < ntasks; i++)
		for (j = 0; j < p->nr; j++)
			share_bar(p, i, j, ntasks, ymax);
	fputs("</g>\n", p->f);
	driver_legend(p, legend_y, 0);
	fputs("</svg>\n", p->f);
}

/* ---- tables -------------------------------------------------------------- */

static void summary_row(struct page *p, int ri)
{
	const struct run_metrics *r = &p->runs[ri];
	unsigned long sw = 0, mig = 0, periods = 0, missed = 0;
	char b[4][NS_CELL_LEN];
	int i;

	for (i = 0; i < r->nr_tasks; i++) {
		sw += r->tasks[i].switches;
		mig += r->tasks[i].migrations;
		periods += r->tasks[i].periods;
		missed += r->tasks[i].missed;
	}
	fprintf(p->f, "<tr><td><a href=\"#run-%d\" style=\"color:%s\">", ri,
		driver_colour[ri % NR_DRIVER_COLOURS]);
	put_text(p->f, r->cpusched);
	fprintf(p->f, "</a>%s</td><td>%.3f</td><td>%.2f</td><td>%.1f%%</td>"
		"<td>%lu</td><td>%lu</td><td>%lu</td><td>%lu / %lu</td>"
		"<td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%llu</td>"
		"</tr>\n", r->failed ? " <b class=\"bad\">failed</b>" : "",
		r->fairness, r->throughput, 100 * r->utilisation, sw, mig,
		metrics_wakeups(r), missed, periods,
		fmt_ns(b[0], sizeof(b[0]), percentile(&p->lat[ri], 50)),
		fmt_ns(b[1], sizeof(b[1]), percentile(&p->lat[ri], 95)),
		fmt_ns(b[2], sizeof(b[2]), percentile(&p->lat[ri], 99)),
		fmt_ns(b[3], sizeof(b[3]), p->lat[ri].n ?
		       p->lat[ri].v[p->lat[ri].n - 1] : 0), r->events);
}

static void summary_table(struct page *p)
{
	int i;

	fputs("<h2 id=\"summary\">Summary</h2>\n<div class=\"wide\">"
	      "<table class=\"num\" data-table=\"summary\"><tr>"
	      "<th>driver</th><th title=\"Jain's index of the share of the"
	      " time they wanted a CPU that SCHED_NORMAL tasks of one nice"
	      " level got, the lowest over the levels; 1 is perfectly fair"
	      "\">fairness</th>"
	      "<th title=\"workload loops finished per second\">throughput"
	      "</th><th title=\"busy time / (CPUs &#215; run time)\">"
	      "utilisation</th><th>switches</th><th>migrations</th>"
	      "<th>wake-ups</th><th>missed / periods</th><th>latency p50</th>"
	      "<th>p95</th><th>p99</th><th>max</th><th>events</th></tr>\n",
	      p->f);
	for (i = 0; i < p->nr; i++)
		summary_row(p, i);
	fputs("</table></div>\n", p->f);
}

static const struct run_metrics *rank_run;

/* Most CPU time first, then pid: the rows a long table keeps. */
static int cmp_task_time(const void *a, const void *b)
{
	const struct task_metrics *x = &rank_run->tasks[*(const int *)a];
	const struct task_metrics *y = &rank_run->tasks[*(const int *)b];

	if (x->runtime_ns != y->runtime_ns)
		return x->runtime_ns < y->runtime_ns ? 1 : -1;
	return (x->pid > y->pid) - (x->pid < y->pid);
}

static int cmp_task_pid(const void *a, const void *b)
{
	const struct task_metrics *x = &rank_run->tasks[*(const int *)a];
	const struct task_metrics *y = &rank_run->tasks[*(const int *)b];

	return (x->pid > y->pid) - (x->pid < y->pid);
}

static void task_row(struct page *p, const struct run_metrics *r,
		     const struct task_metrics *t)
{
	char pol[32], b[4][NS_CELL_LEN], c[3][NS_CELL_LEN];

	fprintf(p->f, "<tr><td>%d</td><td class=\"name\">", t->pid);
	put_text(p->f, t->name);
	fprintf(p->f, "</td><td>%s</td>%s<td>%.2f%%</td>%s%s"
		"<td>%lu</td><td>%lu</td>"
		"<td>%lu</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td>",
		fmt_policy(pol, sizeof(pol), t),
		ms_cell(c[0], sizeof(c[0]), t->runtime_ns), share_pct(r, t),
		ms_cell(c[1], sizeof(c[1]), t->wait_ns),
		ms_cell(c[2], sizeof(c[2]), t->sleep_ns),
		t->switches, t->migrations, t->wakeups,
		fmt_ns(b[0], sizeof(b[0]), t->lat.p50),
		fmt_ns(b[1], sizeof(b[1]), t->lat.p95),
		fmt_ns(b[2], sizeof(b[2]), t->lat.p99),
		fmt_ns(b[3], sizeof(b[3]), t->lat.max));
	if (t->periodic)
		fprintf(p->f, "<td>%lu / %lu</td>", t->missed, t->periods);
	else
		fputs("<td>&#8211;</td>", p->f);
	fprintf(p->f, "<td>%lu</td></tr>\n", t->loops);
}

static void run_extras(struct page *p, const struct run_metrics *r)
{
	int i;

	fprintf(p->f, "<p class=\"extras\">Fairness %.3f", r->fairness);
	for (i = 0; i < r->nr_fair; i++)
		fprintf(p->f, "%snice %d: %d tasks, %.3f", i ? "; " : " (",
			r->fair[i].nice, r->fair[i].nr_tasks, r->fair[i].jain);
	fprintf(p->f, "%s; throughput %.2f loops/s; utilisation %.1f%%.</p>\n"
		"<p class=\"busy\">CPU busy:", r->nr_fair ? ")" : "",
		r->throughput, 100 * r->utilisation);
	for (i = 0; r->cpus && i < r->nr_cpus; i++) {
		const struct cpu_metrics *c = &r->cpus[i];
		unsigned long long all = c->busy_ns + c->idle_ns;

		fprintf(p->f, "%s <span class=\"cpu\" title=\"%llu ns busy of"
			" %llu\">CPU %d %.1f%% (%lu switches)</span>",
			i ? "," : "", c->busy_ns, all, c->cpu,
			all ? 100.0 * c->busy_ns / all : 0.0, c->switches);
	}
	fputs(".</p>\n", p->f);
}

static int run_table(struct page *p, int ri)
{
	const struct run_metrics *r = &p->runs[ri];
	int n = r->nr_tasks < TABLE_MAX_TASKS ? r->nr_tasks : TABLE_MAX_TASKS;
	int *rows = malloc((r->nr_tasks > 0 ? r->nr_tasks : 1) * sizeof(int));
	int i;

	if (!rows)
		return -1;
	fprintf(p->f, "<h3 id=\"run-%d\">", ri);
	put_text(p->f, r->cpusched);
	fprintf(p->f, "</h3>\n<p>%d CPUs, HZ=%d, seed %llu, %.3f s of virtual"
		" time, %llu events.</p>\n", r->nr_cpus, r->hz, r->seed,
		(double)r->duration_ns / NSEC_PER_SEC, r->events);
	if (r->failed) {
		fputs("<p class=\"bad\">The machine reported a bug: ", p->f);
		put_text(p->f, r->report);
		fputs("</p>\n", p->f);
	}
	run_extras(p, r);

	/* the TABLE_MAX_TASKS with the most CPU time, in pid order */
	for (i = 0; i < r->nr_tasks; i++)
		rows[i] = i;
	rank_run = r;
	qsort(rows, r->nr_tasks, sizeof(int), cmp_task_time);
	qsort(rows, n, sizeof(int), cmp_task_pid);
	if (n < r->nr_tasks)
		fprintf(p->f, "<p class=\"note\">The %d tasks with the most CPU"
			" time of %d.</p>\n", n, r->nr_tasks);
	fputs("<div class=\"wide\"><table class=\"num\" data-table=\"tasks\""
	      " data-run=\"", p->f);
	put_text(p->f, r->cpusched);
	fputs("\"><tr><th>pid</th><th>task</th>"
	      "<th>policy</th><th>CPU ms</th><th>share</th><th>wait ms</th>"
	      "<th>sleep ms</th><th>switches</th><th>migrations</th>"
	      "<th>wake-ups</th><th>latency p50</th><th>p95</th><th>p99</th>"
	      "<th>max</th><th>missed / periods</th><th>loops</th></tr>\n",
	      p->f);
	for (i = 0; i < n; i++)
		task_row(p, r, &r->tasks[rows[i]]);
	fputs("</table></div>\n", p->f);
	free(rows);
	return 0;
}

/* ---- the page ------------------------------------------------------------ */

static const char style[] =
	"body{font:14px/1.4 sans-serif;margin:1em 1.5em;color:#222}"
	"h1{font-size:1.5em}h2{margin-top:1.6em;border-bottom:1px solid #ccc}"
	"table{border-collapse:collapse;margin:.5em 0}"
	"td,th{padding:2px 5px;border-bottom:1px solid #e4e4e4;"
	"white-space:nowrap}table.num{font-size:13px}"
	".wide{max-width:100%;overflow-x:auto}"
	"#ignored li{overflow-wrap:anywhere}"
	"table.num td{text-align:right}table.num td:first-child,"
	"td.name{text-align:left}th{background:#f2f2f2}"
	".note{color:#555}.bad{color:#b00020}"
	"svg.chart{display:block;font:11px sans-serif;overflow:visible;"
	"max-width:100%;height:auto}"
	"svg .plot{fill:#fafafa;stroke:#888}svg .lanebg{fill:#ececec}"
	"svg .axis line{stroke:#888}svg .axis line.grid{stroke:#ddd}"
	"svg text{fill:#333}svg .key{stroke:#555;stroke-width:.5}";

/* The prefix of the workload's warnings on stderr. */
#define WARNING_PREFIX	"schedsim: warning: "

static int is_ignored(const struct run_metrics *r, const char *line,
		      size_t n)
{
	int i;

	for (i = 0; i < r->nr_ignored; i++)
		if (strlen(r->ignored[i]) == n &&
		    !strncmp(r->ignored[i], line, n))
			return 1;
	return 0;
}

/* The warnings not already listed as parts run without, one <li> each. */
static int put_warnings(struct page *p)
{
	const char *line = p->warnings, *end;
	int n = 0;

	for (; line && *line; line = *end ? end + 1 : end) {
		size_t len;

		end = strchr(line, '\n');
		if (!end)
			end = line + strlen(line);
		if (!strncmp(line, WARNING_PREFIX, strlen(WARNING_PREFIX)))
			line += strlen(WARNING_PREFIX);
		len = end - line;
		if (!len || is_ignored(&p->runs[0], line, len))
			continue;
		if (!n++)
			fputs("<p>Ignored as rt-app ignores them, or not"
			      " supported: the runs went without these.</p>\n"
			      "<ul class=\"warnings\">\n", p->f);
		fputs("<li>", p->f);
		put_text_n(p->f, line, len);
		fputs("</li>\n", p->f);
	}
	if (n)
		fputs("</ul>\n", p->f);
	return n;
}

/*
 * Everything of the workload the runs went without, before anything
 * else: what --ignore-unsupported left out, then every other warning,
 * each with its FILE:LINE:COL and what ignoring it changes.
 */
static void ignored_list(struct page *p)
{
	const struct run_metrics *r = &p->runs[0];
	int i;

	if (!r->nr_ignored && !(p->warnings && *p->warnings))
		return;
	fputs("<div id=\"ignored\" class=\"bad\">\n", p->f);
	if (r->nr_ignored)
		fputs("<p>Left out of the workload (--ignore-unsupported): a"
		      " 2.6.10 kernel cannot do these, and the runs went"
		      " without them.</p>\n<ul class=\"unsupported\">\n",
		      p->f);
	for (i = 0; i < r->nr_ignored; i++) {
		fputs("<li>", p->f);
		put_text_n(p->f, r->ignored[i], strlen(r->ignored[i]));
		fputs("</li>\n", p->f);
	}
	if (r->nr_ignored)
		fputs("</ul>\n", p->f);
	put_warnings(p);
	fputs("</div>\n", p->f);
}

/**
 * report_page_begin - the start of a schedsim page, to its <h1>
 * @f: the page
 * @what: the kind of page, after "schedsim" in the heading
 * @name: what it is of (a workload's name), escaped
 *
 * Every page schedsim writes has this head, style and escaping, and
 * ends with report_page_end().
 */
void report_page_begin(FILE *f, const char *what, const char *name)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	      "<meta charset=\"utf-8\">\n<title>schedsim: ", f);
	report_text(f, name);
	fprintf(f, "</title>\n<style>%s</style>\n</head>\n<body>\n"
		"<h1>schedsim %s: ", style, what);
	report_text(f, name);
	fputs("</h1>\n", f);
}

/**
 * report_page_end - the end of a page report_page_begin() started
 * @f: the page
 */
void report_page_end(FILE *f)
{
	fputs("<p class=\"note\">Written by schedsim.</p>\n</body>\n"
	      "</html>\n", f);
}

/**
 * report_text - @s as HTML text, safe in an element and in a quoted
 * attribute
 * @f: the page
 * @s: the text, from a user or the machine
 */
void report_text(FILE *f, const char *s)
{
	put_text_n(f, s, strlen(s));
}

/**
 * report_colour - the colour of the @i-th driver of a page, the same on
 * every page
 * @i: the driver's rank, from 0
 *
 * Return: a CSS colour.
 */
const char *report_colour(int i)
{
	return driver_colour[i % NR_DRIVER_COLOURS];
}

static void page_head(struct page *p)
{
	const struct run_metrics *r = &p->runs[0];
	int i;

	report_page_begin(p->f, "report", r->workload);
	fprintf(p->f, "<p>Machine: %d CPU%s, HZ=%d, seed %llu; %.3f s"
		" of virtual time per run. Drivers:", r->nr_cpus,
		r->nr_cpus == 1 ? "" : "s", r->hz, r->seed,
		(double)r->duration_ns / NSEC_PER_SEC);
	for (i = 0; i < p->nr; i++) {
		fprintf(p->f, "%s <a href=\"#run-%d\">", i ? "," : "", i);
		put_text(p->f, p->runs[i].cpusched);
		fputs("</a>", p->f);
	}
	fputs(".</p>\n", p->f);
	ignored_list(p);
	for (i = 1; i < p->nr; i++)
		if (p->runs[i].nr_cpus != r->nr_cpus ||
		    p->runs[i].hz != r->hz || p->runs[i].seed != r->seed ||
		    p->runs[i].duration_ns != r->duration_ns)
			fputs("<p class=\"bad\">The runs were not made on the"
			      " same machine: see each driver's table.</p>\n",
			      p->f);
	fputs("<p><a href=\"#summary\">Summary</a> &#183; <a href=\"#timeline"
	      "\">Timelines</a> &#183; <a href=\"#latency\">Wake-up latency"
	      "</a> &#183; <a href=\"#share\">CPU share</a> &#183;"
	      " <a href=\"#tasks\">Tasks</a></p>\n", p->f);
}

static int write_page(struct page *p)
{
	int i;

	page_head(p);
	summary_table(p);
	fputs("<h2 id=\"timeline\">Timelines</h2>\n<p class=\"note\">Which"
	      " task ran on which CPU in the first seconds of each run: a"
	      " lane per CPU, a colour per task (the same under every"
	      " driver), light grey where the CPU was idle, faded where it"
	      " was idle most of a pixel's time. Hover a bar for its"
	      " task and time.</p>\n", p->f);
	for (i = 0; i < p->nr; i++)
		if (draw_timeline(p, i))
			return -1;
	draw_latency(p);
	draw_share(p);
	fputs("<h2 id=\"tasks\">Tasks</h2>\n<p class=\"note\">Times in ms of"
	      " virtual time; latency is from a wake-up to the task running"
	      " on a CPU.</p>\n", p->f);
	for (i = 0; i < p->nr; i++)
		if (run_table(p, i))
			return -1;
	report_page_end(p->f);
	return 0;
}

static void page_free(struct page *p)
{
	int i;

	for (i = 0; p->lat && i < p->nr; i++)
		free(p->lat[i].v);
	for (i = 0; p->pids && i < p->nr; i++)
		free(p->pids[i]);
	free(p->lat);
	free(p->pids);
	free(p->keys);
	free(p->by_time);
	free(p->key_task);
}

/**
 * report_open - open the report page of directory @dir, before the run.
 * @out: the output of the page, DIR/index.html
 * @dir: the directory, created with its parents if missing
 * @inputs: the files the run reads, which the page must not replace
 * @nr_inputs: how many
 * @err: where the reason goes
 * @len: its size
 *
 * Return: 0, or -1 with a one-line reason in @err.
 */
int report_open(struct out_file *out, const char *dir,
		const char *const *inputs, int nr_inputs, char *err,
		size_t len)
{
	char *path;
	int ret = -1;

	if (out_make_dirs("--report", dir, err, len))
		return -1;
	if (asprintf(&path, "%s/index.html", dir) < 0) {
		snprintf(err, len, "--report: out of memory");
		return -1;
	}
	if (!out_check_path("--report", path, inputs, nr_inputs, err, len))
		ret = out_open(out, "--report", path, err, len);
	free(path);
	return ret;
}

/**
 * report_write - write the HTML report of @nr runs into @out
 * @out: the page, from report_open(); the caller commits it, and
 *	out_commit_all() reports a write that failed
 * @runs: one run per driver, same workload and seed
 * @nr: how many
 * @warnings: what the workload's reading printed on stderr (from
 *	workload_read()), listed at the top; or NULL
 * @err: where the reason goes
 * @len: its size
 *
 * Return: 0, or -1 with a one-line reason in @err when memory ran out.
 */
int report_write(struct out_file *out, const struct run_metrics *runs,
		 int nr, const char *warnings, char *err, size_t len)
{
	struct page p = {
		.f = out->f, .runs = runs, .nr = nr, .warnings = warnings,
	};
	int ret = -1;

	if (!runs || nr <= 0) {
		snprintf(err, len, "--report: no runs to report");
		return -1;
	}
	if (collect_tasks(&p) || collect_latencies(&p) || write_page(&p))
		snprintf(err, len, "--report: out of memory");
	else
		ret = 0;
	page_free(&p);
	return ret;
}
