/*
 * tools/interbench.c - schedsim --interbench: see interbench.h.
 *
 * The loads are interbench's, as rt-app workloads (tools/workload.h):
 * each cell of the grid is one workload, the background load's tasks
 * started at once and the foreground load's task a second later (the
 * warm-up interbench gives its loads), run for the measured time after
 * that.  The figures come from the executor's timer accounting and the
 * machine's wake-up latencies (tools/metrics.h):
 *
 * - latency of a period: for a period the task slept into, the time from
 *   its wake-up to its first run on a CPU; for one it reached at or past
 *   its deadline (so never slept), how late it was.  interbench measures
 *   the same two cases (its timing thread takes the timer's own lateness
 *   out of the first);
 * - deadlines: a period is met when its work finished before the next
 *   period began (rt-app's missed period is one that did not), and a
 *   late period also misses every whole period it overran, as in
 *   interbench;
 * - desired CPU: the CPU time the task got over what its load asks for
 *   in the measured time (run / period of its frames).
 *
 * Every run is deterministic: the same options print the same bytes.
 */
#define _GNU_SOURCE		/* asprintf, open_memstream */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <plugsched/sim.h>

#include "interbench.h"
#include "report.h"

#define IB_WARMUP_NS		NSEC_PER_SEC	/* interbench's sleep(1) */
#define IB_NICE_NS		(10 * NSEC_PER_SEC)
#define IB_TIMER		"\"timer\": { \"ref\": \"unique\", \"period\": "

/* One task description of a load: its name's suffix and rt-app body. */
struct ib_part {
	const char *name;
	int instances;
	const char *body;
};

struct ib_load {
	const char *name;
	int bench;		/* a foreground load */
	int load;		/* a background load */
	int deadlines;		/* scored by deadlines (not Gaming) */
	double share;		/* of a CPU it wants as foreground */
	struct ib_part parts[3];
	int nr_parts;
};

/* Audio: 5% of a CPU every 50 ms (interbench's AUDIO_INTERVAL, _RUN). */
#define AUDIO	"\"run\": 2500, " IB_TIMER "50000 }"
/* Video: 40% of a CPU 60 times a second (VIDEO_INTERVAL, VIDEO_RUN). */
#define VIDEO	"\"run\": 6666, " IB_TIMER "16666 }"
/*
 * X: a window dragged across an idle desktop, from 0 to 90% of a CPU in
 * 100 ms frames, a step of 10% a frame; interbench ramps 0..100% in
 * steps of 1% over 10 s, which a short cell would not see the end of.
 */
#define X_FRAME(n, us)	"\"f" #n "\": { \"run\": " #us ", " IB_TIMER \
			"100000 } }"
#define X	"\"phases\": { " X_FRAME(0, 0) ", " X_FRAME(1, 10000) ", " \
		X_FRAME(2, 20000) ", " X_FRAME(3, 30000) ", " \
		X_FRAME(4, 40000) ", " X_FRAME(5, 50000) ", " \
		X_FRAME(6, 60000) ", " X_FRAME(7, 70000) ", " \
		X_FRAME(8, 80000) ", " X_FRAME(9, 90000) " }"
/* Gaming: frames of 100 ms of CPU as fast as it can, no deadlines. */
#define GAMING	"\"run\": 100000, " IB_TIMER "100000 }"
/* Burn: interbench's default of 4 threads fully CPU bound. */
#define BURN	"\"run\": 100000"
/* Write: dirtying the page cache, then held in writeback. */
#define WRITE	"\"run\": 5000, \"iorun\": 500000"
/* Read: waiting for the disk, then copying out what it read. */
#define READ	"\"iorun\": 400000, \"run\": 1000"
/* Memload: touching memory beyond RAM, then waiting for swap. */
#define MEMLOAD	"\"mem\": 16777216, \"iorun\": 200000"

static const struct ib_load loads[] = {
	{ "None", 0, 1, 0, 0, { { NULL } }, 0 },
	{ "Audio", 1, 0, 1, 0.05, { { "audio", 1, AUDIO } }, 1 },
	{ "Video", 1, 1, 1, 0.4, { { "video", 1, VIDEO } }, 1 },
	{ "X", 1, 1, 1, 0.45, { { "x", 1, X } }, 1 },
	{ "Gaming", 1, 0, 0, 1, { { "gaming", 1, GAMING } }, 1 },
	{ "Burn", 0, 1, 0, 0, { { "burn", 4, BURN } }, 1 },
	{ "Write", 0, 1, 0, 0, { { "write", 1, WRITE } }, 1 },
	{ "Read", 0, 1, 0, 0, { { "read", 1, READ } }, 1 },
	{ "Compile", 0, 1, 0, 0, { { "burn", 4, BURN }, { "write", 1, WRITE },
				   { "read", 1, READ } }, 3 },
	{ "Memload", 0, 1, 0, 0, { { "memload", 1, MEMLOAD } }, 1 },
};
#define NR_LOADS	(int)(sizeof(loads) / sizeof(loads[0]))

/* The hogs of the nice table, all on CPU 0. */
static const int hog_nice[] = { 0, 10, 19 };
#define NR_HOGS		(int)(sizeof(hog_nice) / sizeof(hog_nice[0]))

/* How one foreground load fared under one background load. */
struct ib_score {
	int ran;
	int failed;		/* the machine reported a bug */
	unsigned long samples;
	double avg_ns, sd_ns;
	unsigned long long max_ns;
	double desired_pct;	/* of the CPU it wanted, what it got */
	double met_pct;		/* of its deadlines, those met */
};

/* Everything the grid measured, for the tables and the page. */
struct ib_grid {
	const struct run_config *rc;
	const char *const *drivers;
	int nr;
	unsigned long long measured_ns;	/* per cell, after the warm-up */
	unsigned long long nice_ns;
	struct ib_score *score;		/* [driver][fg][bg] */
	unsigned long long *hog_ns;	/* [driver][hog] */
	int *nice_failed;		/* [driver] */
};

static struct ib_score *score_of(const struct ib_grid *g, int d, int fg,
				 int bg)
{
	return &g->score[(d * NR_LOADS + fg) * NR_LOADS + bg];
}

/* Whether foreground @fg is scored under background @bg. */
static int in_grid(int fg, int bg)
{
	return loads[fg].bench && loads[bg].load && fg != bg;
}

/* ---- the workloads ------------------------------------------------------ */

static void put_part(FILE *f, const char *prefix, const struct ib_part *p,
		     unsigned long long delay_ns, int *first)
{
	fprintf(f, "%s    \"%s%s\": { \"instance\": %d, ", *first ? "" : ",\n",
		prefix, p->name, p->instances);
	if (delay_ns)
		fprintf(f, "\"delay\": %llu, ", delay_ns / 1000);
	fprintf(f, "%s }", p->body);
	*first = 0;
}

/*
 * The rt-app JSON of foreground @fg under background @bg (or, @fg < 0,
 * of the nice hogs), run for @total_ns; free() it.  NULL out of memory.
 */
static char *cell_text(int fg, int bg, unsigned long long total_ns)
{
	char *text = NULL;
	size_t size;
	int i, first = 1;
	FILE *f = open_memstream(&text, &size);

	if (!f)
		return NULL;
	fprintf(f, "{\n  \"global\": { \"duration\": %llu.%09llu },\n"
		"  \"tasks\": {\n", total_ns / NSEC_PER_SEC,
		total_ns % NSEC_PER_SEC);
	for (i = 0; fg < 0 && i < NR_HOGS; i++) {
		fprintf(f, "%s    \"nice%d\": { \"priority\": %d, "
			"\"cpus\": [0], " BURN " }", first ? "" : ",\n",
			hog_nice[i], hog_nice[i]);
		first = 0;
	}
	for (i = 0; fg >= 0 && i < loads[bg].nr_parts; i++)
		put_part(f, "bg-", &loads[bg].parts[i], 0, &first);
	if (fg >= 0) {
		struct ib_part p = loads[fg].parts[0];

		p.name = loads[fg].name;
		put_part(f, "", &p, IB_WARMUP_NS, &first);
	}
	fputs("\n  }\n}\n", f);
	if (fclose(f)) {
		free(text);
		return NULL;
	}
	return text;
}

/* The load named @name (any case) that is a @bench or a background. */
static int find_load(const char *name, int bench)
{
	int i;

	for (i = 0; i < NR_LOADS; i++)
		if (!strcasecmp(loads[i].name, name) &&
		    (bench ? loads[i].bench : loads[i].load))
			return i;
	return -1;
}

static unsigned long long measured_ns(const struct run_config *rc)
{
	return rc->duration_ns ? rc->duration_ns : IB_DEFAULT_NS;
}

/**
 * interbench_workload - print the workload of one cell of the grid.
 * @rc: the machine and --duration (the measured time)
 * @fg: the foreground load's name
 * @bg: the background load's name
 *
 * Return: 0, 1 when memory ran out, or 2 after a message when @fg is
 * not a foreground load, @bg not a background one, or they are the same.
 */
int interbench_workload(const struct run_config *rc, const char *fg,
			const char *bg)
{
	int f = find_load(fg, 1), b = find_load(bg, 0);
	char shown[2][128], *text;

	if (f < 0 || b < 0 || f == b) {
		fprintf(stderr, "schedsim: --interbench-cell: '%s:%s' is not a "
			"cell: the foreground one of Audio, Video, X, Gaming; "
			"the background one of None, Video, X, Burn, Write, "
			"Read, Compile, Memload; not the same\n",
			out_shown(fg, shown[0], sizeof(shown[0])),
			out_shown(bg, shown[1], sizeof(shown[1])));
		return 2;
	}
	text = cell_text(f, b, IB_WARMUP_NS + measured_ns(rc));
	if (!text) {
		fprintf(stderr, "schedsim: out of memory\n");
		return 1;
	}
	fputs(text, stdout);
	free(text);
	return 0;
}

/* ---- scoring ------------------------------------------------------------ */

/* The figures of rt-app task @task of run @m into @s. */
static void score_task(const struct run_metrics *m, int task,
		       const struct ib_load *fg, unsigned long long ns,
		       struct ib_score *s)
{
	unsigned long long runtime = 0, sum = 0, max = 0;
	unsigned long periods = 0, missed = 0, skipped = 0, n = 0, i;
	double sq = 0, var;
	int t;

	for (t = 0; t < m->nr_tasks; t++) {
		const struct task_metrics *tm = &m->tasks[t];

		if (tm->wl_task != task)
			continue;
		runtime += tm->runtime_ns;
		periods += tm->periods;
		missed += tm->missed;
		skipped += tm->late.skipped;
		n += tm->lat.count + tm->late.n;
		sum += tm->late.sum_ns;
		sq += tm->late.sq_ns2;
		if (tm->late.max_ns > max)
			max = tm->late.max_ns;
		for (i = 0; i < tm->lat.count; i++) {
			sum += tm->lat_ns[i];
			sq += (double)tm->lat_ns[i] * tm->lat_ns[i];
		}
		if (tm->lat.count && tm->lat.max > max)
			max = tm->lat.max;
	}
	s->samples = n;
	s->avg_ns = n ? (double)sum / n : 0;
	var = n > 1 ? (sq - n * s->avg_ns * s->avg_ns) / (n - 1) : 0;
	s->sd_ns = var > 0 ? sqrt(var) : 0;
	s->max_ns = max;
	s->desired_pct = 100.0 * runtime / (ns * fg->share);
	if (s->desired_pct > 100)
		s->desired_pct = 100;
	/* no period reached in the whole time: none met */
	s->met_pct = periods ? 100.0 * (periods - missed) /
		(periods + skipped) : 0;
}

/*
 * Parse @text (the cell @name) and run it on driver @d for @total_ns;
 * @m is filled for metrics_free().  Returns run_workload()'s status,
 * or 1 after a message.
 */
static int run_cell(const struct ib_grid *g, int d, const char *name,
		    char *text, unsigned long long total_ns,
		    struct run_metrics *m)
{
	struct run_config rc = *g->rc;
	struct workload wl;
	char err[512];
	int ret;

	memset(m, 0, sizeof(*m));
	if (!text) {
		fprintf(stderr, "schedsim: out of memory\n");
		return 1;
	}
	ret = workload_parse(name, text, rc.cpus, &wl, stderr, err,
			     sizeof(err));
	free(text);
	if (ret) {
		fprintf(stderr, "schedsim: %s\n", err);	/* a bug here */
		return 1;
	}
	rc.duration_ns = total_ns;
	ret = run_workload(&rc, g->drivers[d], &wl, name, NULL, m);
	workload_free(&wl);
	return ret;
}

static int run_score(struct ib_grid *g, int d, int fg, int bg)
{
	struct ib_score *s = score_of(g, d, fg, bg);
	struct run_metrics m;
	char name[64];
	int ret;

	snprintf(name, sizeof(name), "%s+%s", loads[fg].name, loads[bg].name);
	ret = run_cell(g, d, name, cell_text(fg, bg, IB_WARMUP_NS +
					     g->measured_ns),
		       IB_WARMUP_NS + g->measured_ns, &m);
	if (ret < 2) {
		/* the foreground task is the workload's last */
		score_task(&m, loads[bg].nr_parts, &loads[fg], g->measured_ns,
			   s);
		s->ran = 1;
		s->failed = m.failed;
	}
	metrics_free(&m);
	return ret;
}

static int run_nice(struct ib_grid *g, int d)
{
	unsigned long long *hog = &g->hog_ns[d * NR_HOGS];
	struct run_metrics m;
	int ret, t;

	ret = run_cell(g, d, "nice", cell_text(-1, 0, g->nice_ns),
		       g->nice_ns, &m);
	for (t = 0; ret < 2 && t < m.nr_tasks; t++)
		if (m.tasks[t].wl_task >= 0 && m.tasks[t].wl_task < NR_HOGS)
			hog[m.tasks[t].wl_task] += m.tasks[t].runtime_ns;
	g->nice_failed[d] = m.failed;
	metrics_free(&m);
	return ret;
}

/* Every cell of driver @d, then its hogs; the worst status. */
static int run_driver(struct ib_grid *g, int d)
{
	int fg, bg, ret = 0, st;

	for (fg = 0; fg < NR_LOADS; fg++)
		for (bg = 0; bg < NR_LOADS && ret < 2; bg++) {
			if (!in_grid(fg, bg))
				continue;
			st = run_score(g, d, fg, bg);
			ret = st > ret ? st : ret;
		}
	if (ret < 2) {
		st = run_nice(g, d);
		ret = st > ret ? st : ret;
	}
	return ret;
}

/* The figure that scores foreground @fg: deadlines met, or CPU. */
static double bar_value(const struct ib_score *s, int fg)
{
	return loads[fg].deadlines ? s->met_pct : s->desired_pct;
}

/* ---- the tables --------------------------------------------------------- */

static void print_row(const struct ib_load *fg, const char *bg,
		      const struct ib_score *s)
{
	printf("%-8s %11.3f %9.3f %9.3f %14.1f", bg, s->avg_ns / 1e6,
	       s->sd_ns / 1e6, s->max_ns / 1e6, s->desired_pct);
	if (fg->deadlines)
		printf(" %16.1f", s->met_pct);
	else
		printf(" %16s", "-");
	printf("%s\n", s->failed ? "  FAILED" : "");
}

static void print_bench(const struct ib_grid *g, int d, int fg)
{
	int bg;

	printf("\n--- %s: benchmarking simulated cpu of %s in the presence "
	       "of simulated ---\n"
	       "%-8s %11s %9s %9s %14s %16s\n", g->drivers[d],
	       loads[fg].name, "Load", "Latency ms", "+/- SD", "Max",
	       "% Desired CPU", "% Deadlines Met");
	for (bg = 0; bg < NR_LOADS; bg++)
		if (in_grid(fg, bg) && score_of(g, d, fg, bg)->ran)
			print_row(&loads[fg], loads[bg].name,
				  score_of(g, d, fg, bg));
}

static unsigned long long hogs_total(const struct ib_grid *g, int d)
{
	unsigned long long sum = 0;
	int i;

	for (i = 0; i < NR_HOGS; i++)
		sum += g->hog_ns[d * NR_HOGS + i];
	return sum;
}

static void print_nice(const struct ib_grid *g, int d)
{
	unsigned long long sum = hogs_total(g, d);
	int i;

	printf("\n--- %s: CPU hogs of nice 0, 10 and 19 sharing CPU 0 for "
	       "%.3f s ---\n%-8s %11s %9s%s\n", g->drivers[d],
	       g->nice_ns / 1e9, "Nice", "CPU ms", "% CPU",
	       g->nice_failed[d] ? "  FAILED" : "");
	for (i = 0; i < NR_HOGS; i++)
		printf("%-8d %11.1f %9.2f\n", hog_nice[i],
		       g->hog_ns[d * NR_HOGS + i] / 1e6,
		       sum ? 100.0 * g->hog_ns[d * NR_HOGS + i] / sum : 0);
}

static void print_driver(const struct ib_grid *g, int d)
{
	int fg;

	for (fg = 0; fg < NR_LOADS; fg++)
		if (loads[fg].bench)
			print_bench(g, d, fg);
	print_nice(g, d);
}

/*
 * The worst of foreground @fg under any background load on driver @d:
 * its lowest % deadlines met, or for Gaming its lowest % desired CPU.
 */
static double worst_of(const struct ib_grid *g, int d, int fg)
{
	double worst = 100;
	int bg;

	for (bg = 0; bg < NR_LOADS; bg++)
		if (in_grid(fg, bg) &&
		    bar_value(score_of(g, d, fg, bg), fg) < worst)
			worst = bar_value(score_of(g, d, fg, bg), fg);
	return worst;
}

/* One line per driver: how each foreground load fared at worst. */
static void print_summary(const struct ib_grid *g)
{
	int d, fg;

	printf("\n--- summary: the lowest %% deadlines met of each load "
	       "(Gaming: %% desired CPU) ---\n%-12s", "Driver");
	for (fg = 0; fg < NR_LOADS; fg++)
		if (loads[fg].bench)
			printf(" %8s", loads[fg].name);
	printf("\n");
	for (d = 0; d < g->nr; d++) {
		printf("%-12s", g->drivers[d]);
		for (fg = 0; fg < NR_LOADS; fg++)
			if (loads[fg].bench)
				printf(" %8.1f", worst_of(g, d, fg));
		printf("\n");
	}
}

/* ---- the page ----------------------------------------------------------- */

#define BAR_PLOT_W	880
#define BAR_PLOT_H	160
#define BAR_LEFT	48
#define BAR_TOP		8

static int nr_rows(int fg)
{
	int bg, n = 0;

	for (bg = 0; bg < NR_LOADS; bg++)
		n += in_grid(fg, bg);
	return n;
}

/* The y of @pct% in the plot. */
static int bar_y(double pct)
{
	return BAR_TOP + BAR_PLOT_H - (int)(pct * BAR_PLOT_H / 100 + 0.5);
}

static void bar_axes(FILE *f, int fg)
{
	int pct, row = 0, bg, w = BAR_PLOT_W / nr_rows(fg);

	fprintf(f, "<rect class=\"plot\" x=\"%d\" y=\"%d\" width=\"%d\" "
		"height=\"%d\"/>\n<g class=\"axis\">", BAR_LEFT, BAR_TOP,
		BAR_PLOT_W, BAR_PLOT_H);
	for (pct = 0; pct <= 100; pct += 25)
		fprintf(f, "<line class=\"grid\" x1=\"%d\" x2=\"%d\" "
			"y1=\"%d\" y2=\"%d\"/><text x=\"%d\" y=\"%d\" "
			"text-anchor=\"end\">%d%%</text>", BAR_LEFT,
			BAR_LEFT + BAR_PLOT_W, bar_y(pct), bar_y(pct),
			BAR_LEFT - 4, bar_y(pct) + 4, pct);
	for (bg = 0; bg < NR_LOADS; bg++)
		if (in_grid(fg, bg))
			fprintf(f, "<text x=\"%d\" y=\"%d\" "
				"text-anchor=\"middle\">%s</text>",
				BAR_LEFT + w * row++ + w / 2,
				bar_y(0) + 16, loads[bg].name);
	fputs("</g>\n", f);
}

/* Grouped bars: per background load, one bar per driver. */
static void bar_chart(FILE *f, const struct ib_grid *g, int fg)
{
	int w = BAR_PLOT_W / nr_rows(fg), bw = (w - 12) / g->nr;
	int bg, d, row = 0;

	fprintf(f, "<svg class=\"chart\" width=\"%d\" height=\"%d\" viewBox=\""
		"0 0 %d %d\" role=\"img\"><title>%s: %s under each load"
		"</title>\n", BAR_LEFT + BAR_PLOT_W + 8, BAR_PLOT_H + 32,
		BAR_LEFT + BAR_PLOT_W + 8, BAR_PLOT_H + 32, loads[fg].name,
		loads[fg].deadlines ? "deadlines met" : "desired CPU got");
	bar_axes(f, fg);
	for (bg = 0; bg < NR_LOADS; bg++) {
		if (!in_grid(fg, bg))
			continue;
		for (d = 0; d < g->nr; d++) {
			double v = bar_value(score_of(g, d, fg, bg), fg);

			fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" "
				"height=\"%d\" fill=\"%s\"><title>",
				BAR_LEFT + w * row + 6 + bw * d, bar_y(v), bw,
				bar_y(0) - bar_y(v), report_colour(d));
			report_text(f, g->drivers[d]);
			fprintf(f, ", %s: %.1f%%</title></rect>\n",
				loads[bg].name, v);
		}
		row++;
	}
	fputs("</svg>\n", f);
}

static void page_table(FILE *f, const struct ib_grid *g, int d, int fg)
{
	const struct ib_score *s;
	int bg;

	fprintf(f, "<h3 style=\"color:%s\">", report_colour(d));
	report_text(f, g->drivers[d]);
	fputs("</h3>\n<table class=\"num\"><tr><th>Load</th><th>Latency ms"
	      "</th><th>+/- SD</th><th>Max</th><th>% Desired CPU</th>"
	      "<th>% Deadlines Met</th></tr>\n", f);
	for (bg = 0; bg < NR_LOADS; bg++) {
		if (!in_grid(fg, bg))
			continue;
		s = score_of(g, d, fg, bg);
		fprintf(f, "<tr><td>%s%s</td><td>%.3f</td><td>%.3f</td>"
			"<td>%.3f</td><td>%.1f</td>", loads[bg].name,
			s->failed ? " <b class=\"bad\">failed</b>" : "",
			s->avg_ns / 1e6, s->sd_ns / 1e6, s->max_ns / 1e6,
			s->desired_pct);
		if (loads[fg].deadlines)
			fprintf(f, "<td>%.1f</td></tr>\n", s->met_pct);
		else
			fputs("<td>-</td></tr>\n", f);
	}
	fputs("</table>\n", f);
}

static void page_nice(FILE *f, const struct ib_grid *g)
{
	int d, i;

	fprintf(f, "<h2 id=\"nice\">Nice</h2>\n<p class=\"note\">CPU hogs of "
		"nice 0, 10 and 19 sharing CPU 0 for %.3f s: the share of "
		"their CPU time each got.</p>\n<table class=\"num\"><tr>"
		"<th>driver</th>", g->nice_ns / 1e9);
	for (i = 0; i < NR_HOGS; i++)
		fprintf(f, "<th>nice %d</th>", hog_nice[i]);
	fputs("</tr>\n", f);
	for (d = 0; d < g->nr; d++) {
		unsigned long long sum = hogs_total(g, d);

		fputs("<tr><td>", f);
		report_text(f, g->drivers[d]);
		fputs("</td>", f);
		for (i = 0; i < NR_HOGS; i++)
			fprintf(f, "<td>%.2f%%</td>", sum ? 100.0 *
				g->hog_ns[d * NR_HOGS + i] / sum : 0);
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

static void page_summary(FILE *f, const struct ib_grid *g)
{
	int d, fg;

	fputs("<h2 id=\"summary\">Summary</h2>\n<p class=\"note\">The lowest"
	      " % deadlines met of each load under any background load "
	      "(Gaming: % desired CPU).</p>\n<table class=\"num\"><tr>"
	      "<th>driver</th>", f);
	for (fg = 0; fg < NR_LOADS; fg++)
		if (loads[fg].bench)
			fprintf(f, "<th>%s</th>", loads[fg].name);
	fputs("</tr>\n", f);
	for (d = 0; d < g->nr; d++) {
		fprintf(f, "<tr><td style=\"color:%s\">", report_colour(d));
		report_text(f, g->drivers[d]);
		fputs("</td>", f);
		for (fg = 0; fg < NR_LOADS; fg++)
			if (loads[fg].bench)
				fprintf(f, "<td>%.1f</td>", worst_of(g, d, fg));
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

static void write_page(FILE *f, const struct ib_grid *g)
{
	char name[64];
	int d, fg;

	snprintf(name, sizeof(name), "%d CPU%s", g->rc->cpus,
		 g->rc->cpus == 1 ? "" : "s");
	report_page_begin(f, "interbench", name);
	fprintf(f, "<p>Con Kolivas' interbench on the simulated machine: "
		"%d CPU%s, HZ=%d, seed %llu; each foreground load measured "
		"for %.3f s of virtual time, a second after its background "
		"load started. Drivers:", g->rc->cpus,
		g->rc->cpus == 1 ? "" : "s", g->rc->hz, g->rc->seed,
		g->measured_ns / 1e9);
	for (d = 0; d < g->nr; d++) {
		fprintf(f, "%s <span style=\"color:%s\">", d ? "," : "",
			report_colour(d));
		report_text(f, g->drivers[d]);
		fputs("</span>", f);
	}
	fputs(".</p>\n<p class=\"note\">Latency: from a period's wake-up (or "
	      "its deadline, when it was already late) to its work "
	      "starting on a CPU. Deadlines met: periods whose work ended "
	      "before the next began. Desired CPU: the CPU time got over "
	      "the CPU time the load asks for. The bars show deadlines met "
	      "(Gaming, which has none: desired CPU).</p>\n", f);
	page_summary(f, g);
	for (fg = 0; fg < NR_LOADS; fg++) {
		if (!loads[fg].bench)
			continue;
		fprintf(f, "<h2 id=\"%s\">%s</h2>\n<div class=\"wide\">",
			loads[fg].name, loads[fg].name);
		bar_chart(f, g, fg);
		fputs("</div>\n", f);
		for (d = 0; d < g->nr; d++)
			page_table(f, g, d, fg);
	}
	page_nice(f, g);
	report_page_end(f);
}

/* ---- the grid ----------------------------------------------------------- */

static int grid_alloc(struct ib_grid *g)
{
	g->score = calloc((size_t)g->nr * NR_LOADS * NR_LOADS,
			  sizeof(*g->score));
	g->hog_ns = calloc((size_t)g->nr * NR_HOGS, sizeof(*g->hog_ns));
	g->nice_failed = calloc(g->nr, sizeof(*g->nice_failed));
	return g->score && g->hog_ns && g->nice_failed ? 0 : -1;
}

static void grid_free(struct ib_grid *g)
{
	free(g->score);
	free(g->hog_ns);
	free(g->nice_failed);
}

/*
 * Before the first run: the drivers boot with their --set values and
 * the page can be written.  0, or 2 after a message.
 */
static int grid_preflight(const struct ib_grid *g, const char *report_dir,
			  struct out_file *page)
{
	char err[1024];
	int ret = run_preflight(g->rc, g->drivers, g->nr);

	if (ret || !report_dir)
		return ret;
	if (!report_open(page, report_dir, NULL, 0, err, sizeof(err)))
		return 0;
	fprintf(stderr, "schedsim: %s\n", err);
	return 2;
}

/**
 * interbench_run - interbench's grid on each driver, and its tables.
 * @rc: the machine; --duration is the measured time of a cell
 * @drivers: the drivers, in the order of the tables
 * @nr_drivers: how many
 * @report_dir: where the HTML page goes, or NULL
 *
 * Every foreground load runs under every background load but itself,
 * then three hogs of nice 0, 10 and 19 share CPU 0 for ten seconds (or
 * a cell's time, if longer).  The tables are printed per driver once
 * its runs are over.
 *
 * Return: 0, 1 (a run found a bug, or a write failed), 2 (bad input) or
 * 128 + the signal that stopped it.
 */
int interbench_run(const struct run_config *rc, const char *const *drivers,
		   int nr_drivers, const char *report_dir)
{
	struct ib_grid g = {
		.rc = rc, .drivers = drivers, .nr = nr_drivers,
		.measured_ns = measured_ns(rc),
	};
	struct out_file page;
	int d, ret, st;

	g.nice_ns = IB_WARMUP_NS + g.measured_ns > IB_NICE_NS ?
		IB_WARMUP_NS + g.measured_ns : IB_NICE_NS;
	if (grid_alloc(&g)) {
		fprintf(stderr, "schedsim: out of memory\n");
		grid_free(&g);
		return 1;
	}
	ret = grid_preflight(&g, report_dir, &page);
	if (!ret)
		printf("schedsim --interbench: %d driver%s on %d cpu%s, HZ=%d, "
		       "seed %llu; each load measured for %.3f s after %.3f s"
		       " of warm-up; latencies in ms\n", nr_drivers,
		       nr_drivers == 1 ? "" : "s", rc->cpus,
		       rc->cpus == 1 ? "" : "s", rc->hz, rc->seed,
		       g.measured_ns / 1e9, IB_WARMUP_NS / 1e9);
	for (d = 0; d < nr_drivers && ret < 2; d++) {
		st = run_driver(&g, d);
		ret = st > ret ? st : ret;
		if (st < 2)
			print_driver(&g, d);
	}
	if (ret < 2)
		print_summary(&g);
	if (ret < 2 && report_dir)
		write_page(page.f, &g);
	grid_free(&g);
	return out_end_run(ret);
}
