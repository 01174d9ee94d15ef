/*
 * tools/workload.c - rt-app JSON workloads on the simulated machine.
 *
 * The parser reads the file as rt-app does, with json-c's default
 * tokener: comments and trailing commas are accepted.  A key repeated in
 * one object is renamed first, as rt-app's workgen script does ("run",
 * "run" -> "run", "run1"), so that a phase's events all reach json-c
 * and stay in file order.  Then every value is checked and a struct
 * workload built; the machine is not involved, so a bad file is refused
 * before anything boots.  json-c gives the offset of a syntax error; for
 * the errors found later (a value out of range, a missing key) a small
 * scanner walks the text down the path of keys to the offending one.
 * Offsets in the renamed text are mapped back to the file's, and
 * reported as line and column.
 *
 * The executor spawns one task per thread instance.  Its body is
 * rt-app's thread loop: for each pass, each phase (loop times), apply
 * the phase's policy and affinity, then run the events in order.  What
 * rt-app does with pthreads and clock_nanosleep() the body does with the
 * machine's primitives, so every effect goes through the simulated
 * kernel.  docs/workloads.md is the user's reference.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include <plugsched/sim.h>

#include "grow.h"
#include "workload.h"

#define NSEC_PER_USEC		1000ULL
#define NSEC_PER_SEC		1000000000ULL

#define WL_MAX_DEPTH		8	/* our deepest path is 6 */
#define WL_MAX_FILE		(64 << 20)
#define WL_MAX_US		2147483647LL	/* rt-app reads C ints */
#define WL_MAX_DURATION		1000000.0	/* s, as --duration */
#define WL_MAX_WARNINGS		100	/* then one line saying so */
#define WL_MAX_NESTING		64	/* objects tracked by the renamer */

#define RT_DEFAULT_PRIORITY	10	/* rt-app's for FIFO and RR */
#define NORMAL_DEFAULT_NICE	0

#define RUNTIME_CHUNK_NS	(32 * NSEC_PER_USEC)	/* rt-app's step */
#define NR_RT_PARAMS		100	/* sched_param slots 0..99 */

/* ---- small helpers ------------------------------------------------------ */

static char *xstrdup(const char *s)
{
	return s ? strdup(s) : NULL;
}

static int prefix(const char *s, const char *pre)
{
	return !strncmp(s, pre, strlen(pre));
}

/* ---- positions in the text ---------------------------------------------- */

/*
 * The scanner walks text json-c accepts (or, for the renamer, any text),
 * so it knows json-c's extensions: comments, single-quoted strings and
 * trailing commas.  It checks every bound: a wrong guess must give a
 * wrong position, not a crash.
 */
struct scan {
	const char *s;
	size_t len;
	size_t i;
};

static int is_ws(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* A comment at sc->i: skip it and say so. */
static int skip_comment(struct scan *sc)
{
	const char *end;

	if (sc->i + 1 >= sc->len || sc->s[sc->i] != '/')
		return 0;
	if (sc->s[sc->i + 1] == '/') {
		end = memchr(sc->s + sc->i, '\n', sc->len - sc->i);
		sc->i = end ? (size_t)(end - sc->s) + 1 : sc->len;
		return 1;
	}
	if (sc->s[sc->i + 1] != '*')
		return 0;
	for (sc->i += 2; sc->i + 1 < sc->len; sc->i++)
		if (sc->s[sc->i] == '*' && sc->s[sc->i + 1] == '/')
			break;
	sc->i = sc->i + 1 < sc->len ? sc->i + 2 : sc->len;
	return 1;
}

/* White space and comments. */
static void skip_ws(struct scan *sc)
{
	while (sc->i < sc->len &&
	       (is_ws(sc->s[sc->i]) || skip_comment(sc)))
		if (sc->i < sc->len && is_ws(sc->s[sc->i]))
			sc->i++;
}

static int is_quote(char c)
{
	return c == '"' || c == '\'';
}

/* The string at sc->i, in double or single quotes. */
static void skip_string(struct scan *sc)
{
	char q = sc->s[sc->i++];

	while (sc->i < sc->len && sc->s[sc->i] != q) {
		if (sc->s[sc->i] == '\\')
			sc->i++;
		sc->i++;
	}
	if (sc->i < sc->len)
		sc->i++;
}

/* A number or a word: up to a separator, a comment or white space. */
static void skip_word(struct scan *sc)
{
	size_t start = sc->i;

	while (sc->i < sc->len && !is_ws(sc->s[sc->i]) &&
	       !strchr(",:{}[]/\"'", sc->s[sc->i]))
		sc->i++;
	if (sc->i == start)
		sc->i++;
}

/* Skip one value: a string, a container (brackets counted) or a word. */
static void skip_value(struct scan *sc)
{
	int depth = 0;
	char c;

	skip_ws(sc);
	if (sc->i >= sc->len)
		return;
	c = sc->s[sc->i];
	if (is_quote(c)) {
		skip_string(sc);
		return;
	}
	if (c != '{' && c != '[') {
		skip_word(sc);
		return;
	}
	while (sc->i < sc->len) {
		c = sc->s[sc->i];
		if (is_quote(c)) {
			skip_string(sc);
			continue;
		}
		if (skip_comment(sc))
			continue;
		if (c == '{' || c == '[')
			depth++;
		else if (c == '}' || c == ']')
			depth--;
		sc->i++;
		if (!depth)
			return;
	}
}

static int hex4(struct scan *sc, unsigned int *v)
{
	int k;
	char c;

	*v = 0;
	for (k = 0; k < 4; k++) {
		if (sc->i >= sc->len)
			return -1;
		c = sc->s[sc->i++];
		*v <<= 4;
		if (c >= '0' && c <= '9')
			*v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			*v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			*v |= c - 'A' + 10;
		else
			return -1;
	}
	return 0;
}

static int utf8(unsigned int cp, unsigned char *out)
{
	if (cp < 0x80) {
		out[0] = cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = 0xc0 | (cp >> 6);
		out[1] = 0x80 | (cp & 0x3f);
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = 0xe0 | (cp >> 12);
		out[1] = 0x80 | ((cp >> 6) & 0x3f);
		out[2] = 0x80 | (cp & 0x3f);
		return 3;
	}
	out[0] = 0xf0 | (cp >> 18);
	out[1] = 0x80 | ((cp >> 12) & 0x3f);
	out[2] = 0x80 | ((cp >> 6) & 0x3f);
	out[3] = 0x80 | (cp & 0x3f);
	return 4;
}

/* The bytes of the escape at sc->i (just past the backslash). */
static int unescape(struct scan *sc, unsigned char *out)
{
	static const char from[] = "\"'\\/bfnrt";
	static const char to[] = "\"'\\/\b\f\n\r\t";
	unsigned int cp, lo;
	const char *k;
	size_t back;

	if (sc->i >= sc->len)
		return 0;
	k = strchr(from, sc->s[sc->i]);
	if (k && *k) {
		sc->i++;
		out[0] = to[k - from];
		return 1;
	}
	if (sc->s[sc->i++] != 'u' || hex4(sc, &cp))
		return 0;
	if (cp >= 0xd800 && cp < 0xdc00) {
		back = sc->i;
		if (sc->i + 1 < sc->len && sc->s[sc->i] == '\\' &&
		    sc->s[sc->i + 1] == 'u') {
			sc->i += 2;
			if (!hex4(sc, &lo) && lo >= 0xdc00 && lo < 0xe000)
				return utf8(0x10000 + ((cp - 0xd800) << 10) +
					    (lo - 0xdc00), out);
		}
		sc->i = back;
	}
	return utf8(cp, out);
}

/* Consume the string at sc->i; does it decode to @want? */
static int string_is(struct scan *sc, const char *want)
{
	size_t w = 0, wlen = strlen(want);
	char q = sc->s[sc->i++];
	unsigned char buf[4];
	int n, same = 1;

	while (sc->i < sc->len && sc->s[sc->i] != q) {
		if (sc->s[sc->i] == '\\') {
			sc->i++;
			n = unescape(sc, buf);
		} else {
			buf[0] = sc->s[sc->i++];
			n = 1;
		}
		if (same && (w + n > wlen || memcmp(want + w, buf, n)))
			same = 0;
		w += n;
	}
	if (sc->i < sc->len)
		sc->i++;
	return same && w == wlen;
}

/* A path of keys (or array indexes, key NULL) from the root. */
struct jpath {
	int depth;
	const char *key[WL_MAX_DEPTH];
	size_t idx[WL_MAX_DEPTH];
};

/* Move into the member @key of the object at sc->i; 0 or -1. */
static int enter_key(struct scan *sc, const char *key, size_t *key_at)
{
	skip_ws(sc);
	if (sc->i >= sc->len || sc->s[sc->i] != '{')
		return -1;
	sc->i++;
	for (;;) {
		skip_ws(sc);
		if (sc->i >= sc->len || !is_quote(sc->s[sc->i]))
			return -1;
		*key_at = sc->i;
		if (string_is(sc, key)) {
			skip_ws(sc);
			if (sc->i < sc->len && sc->s[sc->i] == ':')
				sc->i++;
			skip_ws(sc);
			return 0;
		}
		skip_ws(sc);
		if (sc->i < sc->len && sc->s[sc->i] == ':')
			sc->i++;
		skip_value(sc);
		skip_ws(sc);
		if (sc->i >= sc->len || sc->s[sc->i] != ',')
			return -1;
		sc->i++;
	}
}

static int enter_index(struct scan *sc, size_t idx)
{
	size_t k;

	skip_ws(sc);
	if (sc->i >= sc->len || sc->s[sc->i] != '[')
		return -1;
	sc->i++;
	for (k = 0; k < idx; k++) {
		skip_value(sc);
		skip_ws(sc);
		if (sc->i >= sc->len || sc->s[sc->i] != ',')
			return -1;
		sc->i++;
	}
	skip_ws(sc);
	return 0;
}

/*
 * locate - the offset in @s of the last element of @path: its key (the
 * opening quote) when @want_key, else its value.  The root value for an
 * empty path.  When the walk fails, the best offset found so far.
 */
static size_t locate(const char *s, size_t len, const struct jpath *path,
		     int want_key)
{
	struct scan sc = { s, len, 0 };
	size_t key_at = 0, at;
	int d, last;

	skip_ws(&sc);
	at = sc.i;
	for (d = 0; d < path->depth; d++) {
		last = d == path->depth - 1;
		if (path->key[d]) {
			if (enter_key(&sc, path->key[d], &key_at))
				break;
			at = last && want_key ? key_at : sc.i;
		} else {
			if (enter_index(&sc, path->idx[d]))
				break;
			at = sc.i;
		}
	}
	return at < len ? at : (len ? len - 1 : 0);
}

/* Line and column (1-based, in characters) of @off. */
static void line_col(const char *s, size_t len, size_t off, int *line,
		     int *col)
{
	size_t k;

	*line = 1;
	*col = 1;
	for (k = 0; k < off && k < len; k++) {
		if (s[k] == '\n') {
			(*line)++;
			*col = 1;
		} else if (((unsigned char)s[k] & 0xc0) != 0x80) {
			(*col)++;
		}
	}
}

/* ---- repeated keys, renamed as workgen renames them --------------------- */

/* Digits put into the text: @n bytes at offset @at of the renamed text. */
struct insertion {
	size_t at;
	size_t n;
};

struct renamed {
	char *text;		/* NULL: nothing was renamed */
	size_t len;
	struct insertion *ins;	/* in order of offset */
	int nr_ins;
	size_t size_ins;
};

/* One object being read: the keys seen in it, workgen's counter. */
struct frame {
	struct json_object *seen;	/* NULL: an array */
	int key_next;			/* the next string is a key */
	unsigned long id;
};

/* The first "key<id>" not seen yet; workgen's id goes up from 1. */
static int new_key(struct frame *f, const char *key, char *buf, size_t len)
{
	do {
		if ((size_t)snprintf(buf, len, "%s%lu", key, f->id) >= len)
			return -1;
		if (json_object_object_get_ex(f->seen, buf, NULL))
			f->id++;
		else
			return 0;
	} while (1);
}

/*
 * Append @s[from..to) and then @digits (may be NULL) to @r->text, and
 * note the digits' place.
 */
static int put_text(struct renamed *r, size_t *size, const char *s,
		    size_t from, size_t to, const char *digits)
{
	size_t n = to - from, d = digits ? strlen(digits) : 0;

	if (grow((void **)&r->text, size, r->len + n + d + 1, 1))
		return -1;
	memcpy(r->text + r->len, s + from, n);
	r->len += n;
	if (!d)
		return 0;
	if (grow((void **)&r->ins, &r->size_ins, r->nr_ins, sizeof(*r->ins)))
		return -1;
	r->ins[r->nr_ins].at = r->len;
	r->ins[r->nr_ins++].n = d;
	memcpy(r->text + r->len, digits, d);
	r->len += d;
	return 0;
}

/*
 * The key (raw, between its quotes) ending before @end: seen before in
 * @f?  Then the digits that make it new go in before its closing quote.
 */
static int check_key(struct frame *f, struct renamed *r, size_t *size,
		     const char *s, size_t start, size_t end, size_t *copied)
{
	char *key, *name;
	int ret = -1;

	if (end - start < 2 || s[end - 1] != s[start])
		return 0;	/* unterminated: json-c will say so */
	key = strndup(s + start + 1, end - start - 2);
	if (!key)
		return -1;
	name = key;
	if (json_object_object_get_ex(f->seen, key, NULL)) {
		name = malloc(strlen(key) + 24);
		if (!name || new_key(f, key, name, strlen(key) + 24) ||
		    put_text(r, size, s, *copied, end - 1,
			     name + strlen(key)))
			goto out;
		*copied = end - 1;
	}
	ret = json_object_object_add(f->seen, name, NULL);
out:
	if (name != key)
		free(name);
	free(key);
	return ret;
}

static void drop_frames(struct frame *stack, int depth)
{
	while (depth-- > 0)
		json_object_put(stack[depth].seen);
}

/* Open a container at sc->i; those deeper than the stack go unchecked. */
static int open_frame(struct frame *stack, int *depth, char c)
{
	struct frame *f;

	if (++*depth > WL_MAX_NESTING)
		return 0;
	f = &stack[*depth - 1];
	f->seen = c == '{' ? json_object_new_object() : NULL;
	f->key_next = c == '{';
	f->id = 1;
	return c == '{' && !f->seen ? -1 : 0;
}

static void close_frame(struct frame *stack, int *depth)
{
	if (*depth > 0 && *depth <= WL_MAX_NESTING)
		json_object_put(stack[*depth - 1].seen);
	if (*depth > 0)
		--*depth;
}

/*
 * rename_repeated - rename each key repeated in its object, in @s of
 * @len bytes, the way rt-app's workgen does: the second "run" becomes
 * "run1", a third "run2" (the first free number from workgen's counter,
 * which starts at 1 in each object).  @r->text stays NULL when no key
 * repeats.  Returns 0, or -1 out of memory.
 */
static int rename_repeated(const char *s, size_t len, struct renamed *r)
{
	struct frame stack[WL_MAX_NESTING], *top;
	struct scan sc = { s, len, 0 };
	size_t size = 0, copied = 0, start;
	int depth = 0, ret = 0;
	char c;

	memset(r, 0, sizeof(*r));
	while (!ret && (skip_ws(&sc), sc.i < len)) {
		c = s[sc.i];
		top = depth > 0 && depth <= WL_MAX_NESTING ?
			&stack[depth - 1] : NULL;
		if (c == '{' || c == '[') {
			sc.i++;
			ret = open_frame(stack, &depth, c);
		} else if (c == '}' || c == ']') {
			sc.i++;
			close_frame(stack, &depth);
		} else if (c == ',' && top && top->seen) {
			sc.i++;
			top->key_next = 1;
		} else if (is_quote(c) && top && top->seen && top->key_next) {
			start = sc.i;
			skip_string(&sc);
			top->key_next = 0;
			ret = check_key(top, r, &size, s, start, sc.i,
					&copied);
		} else {
			skip_value(&sc);
		}
	}
	drop_frames(stack, depth < WL_MAX_NESTING ? depth : WL_MAX_NESTING);
	if (!ret && r->text)
		ret = put_text(r, &size, s, copied, len, NULL);
	if (r->text)
		r->text[r->len] = '\0';
	return ret;
}

/* The offset in the file of offset @off of the renamed text. */
static size_t file_offset(const struct renamed *r, size_t off)
{
	size_t back = 0;
	int k;

	for (k = 0; k < r->nr_ins && r->ins[k].at < off; k++)
		back += off - r->ins[k].at < r->ins[k].n ?
			off - r->ins[k].at : r->ins[k].n;
	return off - back;
}

/* ---- the parser's state and messages ------------------------------------ */

struct parser {
	const char *file;
	const char *text;	/* what json-c read: renamed keys */
	size_t len;
	const char *orig;	/* the file as written, for positions */
	size_t orig_len;
	const struct renamed *renamed;
	struct workload *wl;
	FILE *warn;
	char *err;
	size_t errlen;
	int failed;
	int flags;		/* WL_PARSE_* */
	struct jpath path;
	int default_policy;
	int nr_started;		/* instances of all tasks */
	int nr_cpus;		/* of the machine the workload will run on */
	int nr_warnings;
	size_t size_timers;
	size_t size_conds;
	size_t size_barriers;
	size_t size_ignored;
	struct json_object *timer_map;	/* ref -> index in wl->timers */
	struct json_object *cond_map;	/* name -> index in wl->conds */
	struct json_object *barrier_map;	/* name -> in wl->barriers */
	struct json_object *task_map;	/* name -> index in wl->tasks */
};

/* "FILE:LINE:COL" of offset @off of the text json-c read. */
static void position(const struct parser *p, size_t off, char *buf,
		     size_t len)
{
	int line, col;

	line_col(p->orig, p->orig_len, file_offset(p->renamed, off), &line,
		 &col);
	snprintf(buf, len, "%s:%d:%d", p->file, line, col);
}

static void push_key(struct parser *p, const char *key)
{
	if (p->path.depth < WL_MAX_DEPTH) {
		p->path.key[p->path.depth] = key;
		p->path.idx[p->path.depth] = 0;
	}
	p->path.depth++;
}

static void push_index(struct parser *p, size_t idx)
{
	if (p->path.depth < WL_MAX_DEPTH) {
		p->path.key[p->path.depth] = NULL;
		p->path.idx[p->path.depth] = idx;
	}
	p->path.depth++;
}

static void pop(struct parser *p)
{
	p->path.depth--;
}

/* "tasks.t1.cpus[2]", control characters shown as '?', for one line. */
static void path_text(const struct jpath *path, char *buf, size_t len)
{
	size_t n = 0;
	const char *k;
	int d;

	buf[0] = '\0';
	for (d = 0; d < path->depth && d < WL_MAX_DEPTH && n + 1 < len; d++) {
		if (!path->key[d]) {
			n += snprintf(buf + n, len - n, "[%zu]", path->idx[d]);
			continue;
		}
		if (d)
			buf[n++] = '.';
		for (k = path->key[d]; *k && n + 1 < len; k++)
			buf[n++] = (unsigned char)*k < 0x20 || *k == 0x7f ?
				'?' : *k;
		buf[n] = '\0';
	}
	if (n >= len)
		buf[len - 1] = '\0';
}

/* "FILE:LINE:COL: PATH: " for the current path into @buf. */
static void where(const struct parser *p, int want_key, char *buf,
		  size_t len)
{
	struct jpath path = p->path;
	char ptext[256], pos[256];

	if (path.depth > WL_MAX_DEPTH)
		path.depth = WL_MAX_DEPTH;
	position(p, locate(p->text, p->len, &path, want_key), pos,
		 sizeof(pos));
	path_text(&path, ptext, sizeof(ptext));
	snprintf(buf, len, "%s: %s%s", pos, ptext, path.depth ? ": " : "");
}

static int __attribute__((format(printf, 3, 4)))
fail(struct parser *p, int at_key, const char *fmt, ...)
{
	char pos[512];
	va_list args;
	size_t n;

	if (p->failed++)
		return -1;
	where(p, at_key, pos, sizeof(pos));
	n = snprintf(p->err, p->errlen, "%s", pos);
	if (n < p->errlen) {
		va_start(args, fmt);
		vsnprintf(p->err + n, p->errlen - n, fmt, args);
		va_end(args);
	}
	return -1;
}

static void warn_line(struct parser *p, const char *line)
{
	if (!p->warn || p->nr_warnings > WL_MAX_WARNINGS)
		return;
	if (p->nr_warnings++ == WL_MAX_WARNINGS) {
		fprintf(p->warn, "schedsim: warning: %s: more keys not "
			"supported, not listed\n", p->file);
		return;
	}
	fprintf(p->warn, "schedsim: warning: %s\n", line);
}

/* One line on @p->warn: "FILE:LINE:COL: PATH: " and the message. */
static void __attribute__((format(printf, 2, 3)))
warn(struct parser *p, const char *fmt, ...)
{
	char line[1024];
	va_list args;
	size_t n;

	where(p, 1, line, sizeof(line));
	n = strlen(line);
	va_start(args, fmt);
	vsnprintf(line + n, sizeof(line) - n, fmt, args);
	va_end(args);
	warn_line(p, line);
}

static int no_memory(struct parser *p)
{
	return fail(p, 1, "out of memory");
}

/*
 * refuse - what a 2.6.10 kernel cannot do (@what), at the current key
 * (@at_key) or its value: an error, or with WL_PARSE_IGNORE_UNSUPPORTED
 * a warning and a line in wl->ignored saying what the run does instead
 * (@instead).  Returns -1 (refused) or 0 (ignored).
 */
static int refuse(struct parser *p, int at_key, const char *what,
		  const char *instead)
{
	struct workload *wl = p->wl;
	char line[1024];
	size_t n;

	if (!(p->flags & WL_PARSE_IGNORE_UNSUPPORTED))
		return fail(p, at_key, "%s: not on the simulated 2.6.10 "
			    "machine; --ignore-unsupported runs without it",
			    what);
	where(p, at_key, line, sizeof(line));
	n = strlen(line);
	snprintf(line + n, sizeof(line) - n, "%s: not on the simulated 2.6.10 "
		 "machine, ignored: %s", what, instead);
	warn_line(p, line);
	if (grow((void **)&wl->ignored, &p->size_ignored, wl->nr_ignored,
		 sizeof(*wl->ignored)))
		return no_memory(p);
	wl->ignored[wl->nr_ignored] = xstrdup(line);
	if (!wl->ignored[wl->nr_ignored])
		return no_memory(p);
	wl->nr_ignored++;
	return 0;
}

/* ---- values ------------------------------------------------------------- */

#define KEEP_POLICY	"the policy stays what it is without this key"
#define UNKNOWN_KEY	"unknown key, ignored: rt-app does not read it either"

/* The members of @obj in file order (none if it is not an object). */
#define for_each_member(obj, name, val, ent)				\
	for (ent = json_object_is_type(obj, json_type_object) ?	\
		     json_object_get_object(obj)->head : NULL;		\
	     ent && ((name = (const char *)ent->k),			\
		     (val = (struct json_object *)ent->v), (void)val, 1);\
	     ent = ent->next)

/* Member @key of @obj; NULL when absent or null, as rt-app reads it. */
static struct json_object *member(struct json_object *obj, const char *key)
{
	struct json_object *v;

	return json_object_object_get_ex(obj, key, &v) ? v : NULL;
}

static int is_number(struct json_object *v)
{
	return json_object_is_type(v, json_type_int) ||
		json_object_is_type(v, json_type_double);
}

static int want_object(struct parser *p, struct json_object *v)
{
	return json_object_is_type(v, json_type_object) ? 0 :
		fail(p, 0, "expected an object");
}

static int get_int(struct parser *p, struct json_object *v, long long lo,
		   long long hi, long long *out)
{
	if (!json_object_is_type(v, json_type_int))
		return fail(p, 0, "expected an integer in %lld..%lld", lo, hi);
	*out = json_object_get_int64(v);
	if (*out < lo || *out > hi)
		return fail(p, 0, "%lld is out of range %lld..%lld", *out, lo,
			    hi);
	return 0;
}

/* Microseconds, 0..WL_MAX_US, into ns. */
static int get_us(struct parser *p, struct json_object *v, long long lo,
		  unsigned long long *ns)
{
	long long us;

	if (!json_object_is_type(v, json_type_int))
		return fail(p, 0, "expected an integer number of "
			    "microseconds, %lld..%lld", lo, WL_MAX_US);
	if (get_int(p, v, lo, WL_MAX_US, &us))
		return -1;
	*ns = (unsigned long long)us * NSEC_PER_USEC;
	return 0;
}

/*
 * The policy @v names into *@policy: 0, -1 (refused) or 1 (a policy
 * 2.6.10 lacks, ignored: *@policy is left as it was).
 */
static int get_policy(struct parser *p, struct json_object *v, int *policy)
{
	const char *s;

	if (!json_object_is_type(v, json_type_string))
		return fail(p, 0, "expected a policy string (SCHED_OTHER, "
			    "SCHED_FIFO or SCHED_RR)");
	s = json_object_get_string(v);
	if (!strcmp(s, "SCHED_OTHER"))
		*policy = SIM_SCHED_NORMAL;
	else if (!strcmp(s, "SCHED_FIFO"))
		*policy = SIM_SCHED_FIFO;
	else if (!strcmp(s, "SCHED_RR"))
		*policy = SIM_SCHED_RR;
	else if (!strcmp(s, "SCHED_IDLE"))
		return refuse(p, 0, "SCHED_IDLE (Linux 2.6.23)", KEEP_POLICY) ?
			-1 : 1;
	else if (!strcmp(s, "SCHED_DEADLINE"))
		return refuse(p, 0, "SCHED_DEADLINE (Linux 3.14)",
			      KEEP_POLICY) ? -1 : 1;
	else
		return fail(p, 0, "unknown policy (SCHED_OTHER, SCHED_FIFO "
			    "or SCHED_RR)");
	return 0;
}

/**
 * wl_policy_name - "SCHED_OTHER", "SCHED_FIFO" or "SCHED_RR": a
 * SIM_SCHED_* policy as rt-app files (and schedsim's output) spell it.
 */
const char *wl_policy_name(int policy)
{
	switch (policy) {
	case SIM_SCHED_FIFO:
		return "SCHED_FIFO";
	case SIM_SCHED_RR:
		return "SCHED_RR";
	}
	return "SCHED_OTHER";
}

static int default_priority(int policy)
{
	return policy == SIM_SCHED_NORMAL ? NORMAL_DEFAULT_NICE :
		RT_DEFAULT_PRIORITY;
}

static int min_priority(int policy)
{
	return policy == SIM_SCHED_NORMAL ? -20 : 1;
}

static int max_priority(int policy)
{
	return policy == SIM_SCHED_NORMAL ? 19 : 99;
}

static int valid_priority(long long prio, int policy)
{
	return prio >= min_priority(policy) && prio <= max_priority(policy);
}

/* A priority for @policy: nice -20..19, or an RT priority 1..99. */
static int get_priority(struct parser *p, struct json_object *v, int policy,
			int *prio)
{
	long long n;

	if (!json_object_is_type(v, json_type_int))
		return fail(p, 0, "expected an integer priority");
	n = json_object_get_int64(v);
	if (!valid_priority(n, policy))
		return fail(p, 0, "%lld is out of range %d..%d for %s", n,
			    min_priority(policy), max_priority(policy),
			    wl_policy_name(policy));
	*prio = n;
	return 0;
}

/* "cpus": [0, 2, 3] -> "0,2-3" (sorted, ranges joined). */
static int get_cpus(struct parser *p, struct json_object *v, char **list)
{
	int max = sim_max_cpus(), cpu, first, n = 0;
	char *set, *out;
	long long c;
	size_t i;

	if (!json_object_is_type(v, json_type_array) ||
	    !json_object_array_length(v))
		return fail(p, 0, "expected a non-empty array of CPU numbers");
	set = calloc(max, 1);
	out = malloc((size_t)max * 12 + 1);
	if (!set || !out) {
		free(set);
		free(out);
		return no_memory(p);
	}
	for (i = 0; i < json_object_array_length(v); i++) {
		push_index(p, i);
		if (get_int(p, json_object_array_get_idx(v, i), 0, max - 1,
			    &c) ||
		    (c >= p->nr_cpus &&
		     fail(p, 0, "CPU %lld is not on the machine (%d CPU%s: "
			  "0..%d)", c, p->nr_cpus, p->nr_cpus > 1 ? "s" : "",
			  p->nr_cpus - 1))) {
			free(set);
			free(out);
			return -1;
		}
		pop(p);
		set[c] = 1;
	}
	out[0] = '\0';
	for (cpu = 0; cpu < max; cpu++) {
		if (!set[cpu])
			continue;
		first = cpu;
		while (cpu + 1 < max && set[cpu + 1])
			cpu++;
		n += sprintf(out + n, n ? ",%d" : "%d", first);
		if (cpu > first)
			n += sprintf(out + n, "-%d", cpu);
	}
	free(set);
	*list = out;
	return 0;
}

/* ---- resources: mutexes and timers -------------------------------------- */

static int find_name(char **names, int nr, const char *name)
{
	int i;

	for (i = 0; i < nr; i++)
		if (!strcmp(names[i], name))
			return i;
	return -1;
}

/* The index of mutex @name, declared on first use. */
static int mutex_index(struct parser *p, const char *name)
{
	struct workload *wl = p->wl;
	int i = find_name(wl->mutexes, wl->nr_mutexes, name);

	if (i >= 0)
		return i;
	if (wl->nr_mutexes == SIM_NR_MUTEX)
		return fail(p, 0, "mutex \"%s\" is one more than the "
			    "machine's %d", name, SIM_NR_MUTEX);
	if (!wl->mutexes) {
		wl->mutexes = calloc(SIM_NR_MUTEX, sizeof(*wl->mutexes));
		if (!wl->mutexes)
			return no_memory(p);
	}
	wl->mutexes[wl->nr_mutexes] = xstrdup(name);
	if (!wl->mutexes[wl->nr_mutexes])
		return no_memory(p);
	return wl->nr_mutexes++;
}

/* A map name -> index (json-c's hash table) for big files. */
static int map_get(struct json_object *map, const char *name)
{
	struct json_object *v = member(map, name);

	return v ? json_object_get_int(v) : -1;
}

static int map_set(struct json_object *map, const char *name, int i)
{
	struct json_object *v = json_object_new_int(i);

	return v ? json_object_object_add(map, name, v) : -1;
}

/*
 * The index of @name in @map; a name not seen yet gets the next one,
 * @nr, with room made for it in @arr (of @elsize entries) and *@added
 * set.  -1 out of memory.
 */
static int name_slot(struct parser *p, struct json_object *map,
		     const char *name, int nr, void **arr, size_t *size,
		     size_t elsize, int *added)
{
	int i = map_get(map, name);

	*added = i < 0;
	if (i >= 0)
		return i;
	if (grow(arr, size, nr, elsize) || map_set(map, name, nr))
		return no_memory(p);
	return nr;
}

static int timer_index(struct parser *p, const char *ref)
{
	struct workload *wl = p->wl;
	int added, i = name_slot(p, p->timer_map, ref, wl->nr_timers,
				 (void **)&wl->timers, &p->size_timers,
				 sizeof(*wl->timers), &added);

	if (i < 0 || !added)
		return i;
	wl->timers[i].ref = xstrdup(ref);
	if (!wl->timers[i].ref)
		return no_memory(p);
	wl->timers[i].absolute = 0;
	wl->timers[i].unique = prefix(ref, "unique");
	return wl->nr_timers++;
}

/* The index of condition @name (rt-app's "wait" resource), on first use. */
static int cond_index(struct parser *p, const char *name)
{
	struct workload *wl = p->wl;
	int added, i = name_slot(p, p->cond_map, name, wl->nr_conds,
				 (void **)&wl->conds, &p->size_conds,
				 sizeof(*wl->conds), &added);

	if (i < 0 || !added)
		return i;
	wl->conds[i] = xstrdup(name);
	if (!wl->conds[i])
		return no_memory(p);
	return wl->nr_conds++;
}

static int barrier_index(struct parser *p, const char *name)
{
	struct workload *wl = p->wl;
	int added, i = name_slot(p, p->barrier_map, name, wl->nr_barriers,
				 (void **)&wl->barriers, &p->size_barriers,
				 sizeof(*wl->barriers), &added);

	if (i < 0 || !added)
		return i;
	wl->barriers[i].name = xstrdup(name);
	wl->barriers[i].users = 0;
	if (!wl->barriers[i].name)
		return no_memory(p);
	return wl->nr_barriers++;
}

/*
 * The old "resources" section: mutexes and timers are declared there
 * (rt-app now creates them on first use, so this only fixes the order);
 * other kinds are named in a warning.
 */
static int parse_resources(struct parser *p, struct json_object *res)
{
	struct lh_entry *e;
	const char *name, *type;
	struct json_object *v, *t;

	if (want_object(p, res))
		return -1;
	for_each_member(res, name, v, e) {
		push_key(p, name);
		if (want_object(p, v))
			return -1;
		t = member(v, "type");
		type = t ? json_object_get_string(t) : "mutex";
		if (t && !json_object_is_type(t, json_type_string)) {
			push_key(p, "type");
			return fail(p, 0, "expected a string");
		}
		if (!strcmp(type, "mutex")) {
			if (mutex_index(p, name) < 0)
				return -1;
		} else if (!strcmp(type, "timer")) {
			if (timer_index(p, name) < 0)
				return -1;
		} else if (!strcmp(type, "wait")) {
			if (cond_index(p, name) < 0)
				return -1;
		} else if (!strcmp(type, "barrier")) {
			if (barrier_index(p, name) < 0)
				return -1;
		} else {
			warn(p, "resource type \"%s\" not supported, ignored: "
			     "so are the events that use it", type);
		}
		pop(p);
	}
	return 0;
}

/* ---- global ------------------------------------------------------------- */

/*
 * rt-app's logging, calibration and memory keys: they change nothing
 * on the machine (docs/workloads.md says why for each) and every LISA
 * file has them, so they are read without a word.
 */
static const char *const global_silent[] = {
	"calibration", "logdir", "log_basename", "lock_pages", "ftrace",
	"gnuplot", "io_device", "mem_buffer_size", "cumulative_slack",
	"log_size", NULL,
};

static int in_list(const char *const *list, const char *key)
{
	for (; *list; list++)
		if (!strcmp(*list, key))
			return 1;
	return 0;
}

static int parse_duration(struct parser *p, struct json_object *v)
{
	double sec;

	if (!is_number(v))
		return fail(p, 0, "expected a number of seconds (-1: none)");
	sec = json_object_get_double(v);
	if (sec == -1 || sec == 0) {
		p->wl->duration_ns = 0;
		return 0;
	}
	if (!(sec > 0 && sec <= WL_MAX_DURATION))
		return fail(p, 0, "%g is not -1 (none) or a number of "
			    "seconds up to %.0f", sec, WL_MAX_DURATION);
	p->wl->duration_ns = (unsigned long long)(sec * NSEC_PER_SEC + 0.5);
	return 0;
}

static int parse_global(struct parser *p, struct json_object *g)
{
	struct lh_entry *e;
	const char *key;
	struct json_object *v;

	if (want_object(p, g))
		return -1;
	for_each_member(g, key, v, e) {
		push_key(p, key);
		if (!strcmp(key, "duration")) {
			if (parse_duration(p, v))
				return -1;
		} else if (!strcmp(key, "default_policy")) {
			if (get_policy(p, v, &p->default_policy) < 0)
				return -1;
		} else if (!strcmp(key, "pi_enabled")) {
			if (!json_object_is_type(v, json_type_boolean))
				return fail(p, 0, "expected true or false");
			p->wl->pi_enabled = json_object_get_boolean(v);
		} else if (!in_list(global_silent, key)) {
			warn(p, UNKNOWN_KEY);
		}
		pop(p);
	}
	return 0;
}

/* ---- events ------------------------------------------------------------- */

#define EV_NONE		(-1)

/*
 * rt-app's memory and I/O events write bytes; the machine has neither
 * memory bandwidth nor a disk, so a byte costs a fixed time: a memset()
 * at 4 bytes per ns of CPU, a device at 100 MB/s (10 ns per byte) of
 * I/O wait.
 */
#define MEM_BYTES_PER_NS	4
#define IO_NS_PER_BYTE		10

static const struct {
	const char *prefix;
	int type;
} event_prefixes[] = {
	/* rt-app's order: "runtime" before "run" */
	{ "sleep", WL_SLEEP }, { "runtime", WL_RUNTIME }, { "run", WL_RUN },
	{ "mem", WL_MEM }, { "iorun", WL_IORUN }, { "lock", WL_LOCK },
	{ "unlock", WL_UNLOCK }, { "signal", WL_SIGNAL },
	{ "broad", WL_BROADCAST }, { "wait", WL_WAIT }, { "sync", WL_SYNC },
	{ "barrier", WL_BARRIER }, { "timer", WL_TIMER },
	{ "resume", WL_RESUME }, { "suspend", WL_SUSPEND },
	{ "yield", WL_YIELD }, { "fork", WL_FORK }, { NULL, 0 },
};

/* rt-app's event of a key, matched by prefix in rt-app's order. */
static int event_of(const char *key)
{
	int i;

	for (i = 0; event_prefixes[i].prefix; i++)
		if (prefix(key, event_prefixes[i].prefix))
			return event_prefixes[i].type;
	return EV_NONE;
}

static int parse_timer(struct parser *p, struct json_object *v,
		       struct wl_event *ev)
{
	struct lh_entry *e;
	struct json_object *ref = member(v, "ref");
	struct json_object *period = member(v, "period");
	struct json_object *mode = member(v, "mode");
	const char *key;
	struct json_object *k;
	int absolute = 0;

	if (want_object(p, v))
		return -1;
	if (ref && !json_object_is_type(ref, json_type_string)) {
		push_key(p, "ref");
		return fail(p, 0, "expected a timer name");
	}
	if (!period)
		return fail(p, 1, "a timer needs a \"period\"");
	push_key(p, "period");
	if (get_us(p, period, 1, &ev->ns))
		return -1;
	pop(p);
	if (mode) {
		push_key(p, "mode");
		if (!json_object_is_type(mode, json_type_string) ||
		    (strcmp(json_object_get_string(mode), "absolute") &&
		     strcmp(json_object_get_string(mode), "relative")))
			return fail(p, 0, "expected \"absolute\" or "
				    "\"relative\"");
		absolute = !strcmp(json_object_get_string(mode), "absolute");
		pop(p);
	}
	for_each_member(v, key, k, e) {
		if (strcmp(key, "ref") && strcmp(key, "period") &&
		    strcmp(key, "mode")) {
			push_key(p, key);
			warn(p, UNKNOWN_KEY);
			pop(p);
		}
	}
	/* rt-app's default name; and "absolute" anywhere makes it so */
	ev->res = timer_index(p, ref ? json_object_get_string(ref) : "unknown");
	if (ev->res < 0)
		return -1;
	if (absolute)
		p->wl->timers[ev->res].absolute = 1;
	return 0;
}

/* A string naming a resource; -1 (failed) if @v is not a string. */
static const char *get_name(struct parser *p, struct json_object *v,
			    const char *what)
{
	if (json_object_is_type(v, json_type_string))
		return json_object_get_string(v);
	fail(p, 0, "expected %s name", what);
	return NULL;
}

/* Member @key of a wait or sync, a name; rt-app's default "unknown". */
static const char *member_name(struct parser *p, struct json_object *v,
			       const char *key, const char *what)
{
	struct json_object *m = member(v, key);
	const char *name;

	if (!m)
		return "unknown";
	push_key(p, key);
	name = get_name(p, m, what);
	if (name)
		pop(p);
	return name;
}

/* wait, sync: {"ref": condition, "mutex": the mutex it releases} */
static int parse_wait(struct parser *p, struct json_object *v,
		      struct wl_event *ev)
{
	struct lh_entry *e;
	struct json_object *k;
	const char *key, *ref, *mutex;

	if (want_object(p, v))
		return -1;
	ref = member_name(p, v, "ref", "a condition");
	mutex = ref ? member_name(p, v, "mutex", "a mutex") : NULL;
	if (!ref || !mutex)
		return -1;
	for_each_member(v, key, k, e) {
		if (strcmp(key, "ref") && strcmp(key, "mutex")) {
			push_key(p, key);
			warn(p, UNKNOWN_KEY);
			pop(p);
		}
	}
	ev->res = cond_index(p, ref);
	ev->dep = ev->res < 0 ? -1 : mutex_index(p, mutex);
	return ev->dep < 0 ? -1 : 0;
}

/* mem, iorun: a number of bytes, into the time they take. */
static int parse_bytes(struct parser *p, struct json_object *v,
		       struct wl_event *ev)
{
	long long bytes;

	if (get_int(p, v, 0, WL_MAX_US, &bytes))
		return -1;
	if (ev->type == WL_MEM)
		ev->ns = (bytes + MEM_BYTES_PER_NS - 1) / MEM_BYTES_PER_NS;
	else
		ev->ns = bytes * IO_NS_PER_BYTE;
	return 0;
}

/* Events naming one resource: a condition, a barrier, a task. */
static int parse_named(struct parser *p, struct json_object *v,
		       struct wl_event *ev)
{
	const char *name;

	switch (ev->type) {
	case WL_SIGNAL:
	case WL_BROADCAST:
		name = get_name(p, v, "a condition");
		ev->res = name ? cond_index(p, name) : -1;
		break;
	case WL_SUSPEND:
	case WL_RESUME:
		/* rt-app's condition and mutex of that name */
		name = get_name(p, v, "a condition");
		ev->res = name ? cond_index(p, name) : -1;
		ev->dep = ev->res < 0 ? -1 : mutex_index(p, name);
		if (ev->dep < 0)
			return -1;
		break;
	case WL_BARRIER:
		name = get_name(p, v, "a barrier");
		ev->res = name ? barrier_index(p, name) : -1;
		break;
	}
	return ev->res < 0 ? -1 : 0;
}

/* One event; the current path is its key. */
static int parse_event(struct parser *p, int type, struct json_object *v,
		       struct wl_event *ev)
{
	ev->type = type;
	ev->dep = -1;
	switch (type) {
	case WL_RUN:
	case WL_RUNTIME:
	case WL_SLEEP:
		return get_us(p, v, 0, &ev->ns);
	case WL_TIMER:
		return parse_timer(p, v, ev);
	case WL_YIELD:
		return 0;
	case WL_LOCK:
	case WL_UNLOCK:
		if (!json_object_is_type(v, json_type_string))
			return fail(p, 0, "expected a mutex name");
		ev->res = mutex_index(p, json_object_get_string(v));
		return ev->res < 0 ? -1 : 0;
	case WL_FORK:
		if (!json_object_is_type(v, json_type_string))
			return fail(p, 0, "expected a task name");
		ev->res = map_get(p->task_map, json_object_get_string(v));
		if (ev->res < 0)
			return fail(p, 0, "no task \"%s\" to fork",
				    json_object_get_string(v));
		return 0;
	case WL_WAIT:
	case WL_SYNC:
		return parse_wait(p, v, ev);
	case WL_MEM:
	case WL_IORUN:
		return parse_bytes(p, v, ev);
	}
	return parse_named(p, v, ev);
}

/* ---- phases and tasks --------------------------------------------------- */

/* rt-app's keys for what a 2.6.10 kernel cannot do, and the run without. */
struct unsupported {
	const char *key, *what, *instead;
};

static const struct unsupported sched_unsupported[] = {
	{ "taskgroup", "task groups (cgroups, Linux 2.6.24)",
	  "the task runs in the one group there is" },
	{ "util_min", "uclamp (Linux 5.3)", "no utilisation floor" },
	{ "util_max", "uclamp (Linux 5.3)", "no utilisation cap" },
	{ "nodes_membind", "NUMA memory binding (no simulated memory)",
	  "no binding" },
	{ "membind_nodes", "NUMA memory binding (no simulated memory)",
	  "no binding" },
	{ "dl-runtime", "SCHED_DEADLINE's runtime (Linux 3.14)",
	  "the task runs with the policy its \"policy\" gives" },
	{ "dl-period", "SCHED_DEADLINE's period (Linux 3.14)",
	  "the task runs with the policy its \"policy\" gives" },
	{ "dl-deadline", "SCHED_DEADLINE's deadline (Linux 3.14)",
	  "the task runs with the policy its \"policy\" gives" },
	{ NULL, NULL, NULL },
};

static const struct unsupported *unsupported_key(const char *key)
{
	const struct unsupported *u;

	for (u = sched_unsupported; u->key; u++)
		if (!strcmp(u->key, key))
			return u;
	return NULL;
}

/* Keys a phase or a phase-less task reads itself. */
static int phase_key(const char *key)
{
	return !strcmp(key, "loop") || !strcmp(key, "cpus") ||
		!strcmp(key, "policy") || !strcmp(key, "priority");
}

static int task_key(const char *key)
{
	return phase_key(key) || !strcmp(key, "instance") ||
		!strcmp(key, "delay") || !strcmp(key, "phases");
}

/*
 * Mutexes a task holds, followed through its events in execution order
 * while they are parsed (the phases are parsed in the order they run).
 */
struct lock_state {
	unsigned int held;		/* bit i: mutex i */
	int has_time;			/* time-spending event */
	int periodic;			/* a timer */
};

static int take_mutex(struct parser *p, int m, struct lock_state *ls,
		      const char *how)
{
	if (ls->held & (1u << m))
		return fail(p, 1, "mutex \"%s\" is already held here (%sthe "
			    "task would deadlock on itself)",
			    p->wl->mutexes[m], how);
	ls->held |= 1u << m;
	return 0;
}

static int give_mutex(struct parser *p, int m, struct lock_state *ls)
{
	if (!(ls->held & (1u << m)))
		return fail(p, 1, "mutex \"%s\" is not held here",
			    p->wl->mutexes[m]);
	ls->held &= ~(1u << m);
	return 0;
}

/* A wait (or sync) releases its mutex while it waits: it must hold it. */
static int wait_holding(struct parser *p, const struct wl_event *ev,
			struct lock_state *ls)
{
	if (!(ls->held & (1u << ev->dep)))
		return fail(p, 1, "waits on \"%s\" without holding mutex "
			    "\"%s\" (pthread_cond_wait() needs it locked: "
			    "\"lock\" it first)", p->wl->conds[ev->res],
			    p->wl->mutexes[ev->dep]);
	ls->has_time = 1;	/* it blocks */
	return 0;
}

static int follow_event(struct parser *p, const struct wl_event *ev,
			struct lock_state *ls)
{
	switch (ev->type) {
	case WL_RUN:
	case WL_RUNTIME:
	case WL_SLEEP:
	case WL_MEM:
	case WL_IORUN:
		ls->has_time |= ev->ns > 0;
		break;
	case WL_TIMER:
		ls->has_time = ls->periodic = 1;
		break;
	case WL_LOCK:
		return take_mutex(p, ev->res, ls, "");
	case WL_UNLOCK:
		return give_mutex(p, ev->res, ls);
	case WL_WAIT:
	case WL_SYNC:
		return wait_holding(p, ev, ls);
	case WL_SUSPEND:
		ls->has_time = 1;	/* it blocks */
		/* fall through: it locks its mutex as resume does */
	case WL_RESUME:
		if (take_mutex(p, ev->dep, ls, ev->type == WL_SUSPEND ?
			       "suspend locks it: " : "resume locks it: "))
			return -1;
		ls->held &= ~(1u << ev->dep);
		break;
	}
	return 0;
}

/* The first mutex in @held, for messages. */
static const char *first_held(const struct parser *p, unsigned int held)
{
	int i;

	for (i = 0; i < p->wl->nr_mutexes; i++)
		if (held & (1u << i))
			return p->wl->mutexes[i];
	return "?";
}

/* Append the supported events of @obj, in file order, to @ph. */
static int parse_events(struct parser *p, struct json_object *obj,
			struct wl_phase *ph, struct lock_state *ls)
{
	struct lh_entry *e;
	int type, nr_keys = 0;
	size_t size = 0;
	unsigned int before = ls->held;
	const char *key;
	struct json_object *v;

	for_each_member(obj, key, v, e) {
		type = event_of(key);
		if (type == EV_NONE)
			continue;
		nr_keys++;
		push_key(p, key);
		if (grow((void **)&ph->events, &size, ph->nr_events,
			 sizeof(*ph->events)))
			return no_memory(p);
		if (parse_event(p, type, v, &ph->events[ph->nr_events++]) ||
		    follow_event(p, &ph->events[ph->nr_events - 1], ls))
			return -1;
		pop(p);
	}
	if (!nr_keys)
		return fail(p, 1, "no event (run, sleep, timer, ...)");
	/* a second pass of the phase would trip over the first's locks */
	if (ph->loop > 1 && ls->held != before)
		return fail(p, 1, "loops %ld times but does not give back "
			    "what it locks (mutex \"%s\")", ph->loop,
			    first_held(p, ls->held ^ before));
	return 0;
}

/*
 * Every key of @obj that is not read and not an event: refused if it
 * asks for what 2.6.10 cannot do, else named in a warning.
 */
static int warn_unknown(struct parser *p, struct json_object *obj,
			int (*known)(const char *))
{
	const struct unsupported *u;
	struct json_object *v;
	struct lh_entry *e;
	const char *key;

	for_each_member(obj, key, v, e) {
		if (known(key) || event_of(key) != EV_NONE)
			continue;
		push_key(p, key);
		u = unsupported_key(key);
		if (u && refuse(p, 1, u->what, u->instead))
			return -1;
		if (!u)
			warn(p, UNKNOWN_KEY);
		pop(p);
	}
	return 0;
}

/* A phase's "policy" (its "priority" comes later: see below). */
static int parse_phase(struct parser *p, struct json_object *obj,
		       struct wl_phase *ph, struct lock_state *ls)
{
	struct json_object *v;
	long long n;
	int ret;

	ph->loop = 1;
	ph->policy = -1;
	ph->priority = WL_PRIO_UNCHANGED;
	if ((v = member(obj, "loop"))) {
		push_key(p, "loop");
		if (get_int(p, v, 1, WL_MAX_US, &n))
			return -1;
		ph->loop = n;
		pop(p);
	}
	if ((v = member(obj, "cpus"))) {
		push_key(p, "cpus");
		if (get_cpus(p, v, &ph->cpus))
			return -1;
		pop(p);
	}
	if ((v = member(obj, "policy"))) {
		push_key(p, "policy");
		ret = get_policy(p, v, &ph->policy);
		if (ret < 0)
			return -1;
		if (!ret)
			ph->priority = default_priority(ph->policy);
		pop(p);
	}
	if (parse_events(p, obj, ph, ls))
		return -1;
	return warn_unknown(p, obj, phase_key);
}

/*
 * A phase's "priority" without a "policy" is one of the policy the task
 * has when the phase starts: the task's or the last earlier phase's with
 * a policy in the first pass; in later passes the last phase's may
 * still be in force.  It must be valid in each case that happens.
 */
static int phase_priorities(struct parser *p, struct wl_task *t,
			    struct json_object *phases)
{
	struct lh_entry *e;
	int i = 0, first = t->policy, later = t->policy, prio;
	const char *key;
	struct json_object *obj, *v;

	for (i = 0; i < t->nr_phases; i++)
		if (t->phases[i].policy >= 0)
			later = t->phases[i].policy;
	i = 0;
	for_each_member(phases, key, obj, e) {
		struct wl_phase *ph = &t->phases[i++];

		if (ph->policy >= 0)
			first = later = ph->policy;
		v = member(obj, "priority");
		if (!v)
			continue;
		push_key(p, key);
		push_key(p, "priority");
		if (get_priority(p, v, ph->policy >= 0 ? ph->policy : first,
				 &prio))
			return -1;
		if (ph->policy < 0 && later != first &&
		    (t->loop < 0 || t->loop > 1) &&
		    !valid_priority(prio, later))
			return fail(p, 0, "%d is out of range %d..%d for %s, "
				    "the policy a later phase leaves when "
				    "the task loops", prio, min_priority(later),
				    max_priority(later), wl_policy_name(later));
		ph->priority = prio;
		pop(p);
		pop(p);
	}
	return 0;
}

static int parse_phases(struct parser *p, struct json_object *task,
			struct json_object *phases, struct wl_task *t,
			struct lock_state *ls)
{
	struct lh_entry *e;
	const char *key;
	struct json_object *v;
	int i = 0;

	push_key(p, "phases");
	if (want_object(p, phases))
		return -1;
	if (!json_object_object_length(phases))
		return fail(p, 1, "no phase");
	t->phases = calloc(json_object_object_length(phases),
			   sizeof(*t->phases));
	if (!t->phases)
		return no_memory(p);
	t->nr_phases = json_object_object_length(phases);
	for_each_member(phases, key, v, e) {
		push_key(p, key);
		if (want_object(p, v) ||
		    parse_phase(p, v, &t->phases[i++], ls))
			return -1;
		pop(p);
	}
	if (phase_priorities(p, t, phases))
		return -1;
	pop(p);
	/* rt-app reads no event of a task with phases */
	for_each_member(task, key, v, e) {
		if (event_of(key) == EV_NONE)
			continue;
		push_key(p, key);
		warn(p, "ignored: the task has \"phases\", and rt-app "
		     "reads no event beside them");
		pop(p);
	}
	return 0;
}

/* No "phases": the task's own events make its one phase. */
static int parse_single_phase(struct parser *p, struct json_object *task,
			      struct wl_task *t, struct lock_state *ls)
{
	t->phases = calloc(1, sizeof(*t->phases));
	if (!t->phases)
		return no_memory(p);
	t->nr_phases = 1;
	t->phases[0].loop = 1;
	t->phases[0].policy = -1;
	t->phases[0].priority = WL_PRIO_UNCHANGED;
	return parse_events(p, task, &t->phases[0], ls);
}

static int parse_task_sched(struct parser *p, struct json_object *obj,
			    struct wl_task *t)
{
	struct json_object *v;

	t->policy = p->default_policy;
	if ((v = member(obj, "policy"))) {
		push_key(p, "policy");
		if (get_policy(p, v, &t->policy) < 0)
			return -1;
		pop(p);
	}
	t->priority = default_priority(t->policy);
	if ((v = member(obj, "priority"))) {
		push_key(p, "priority");
		if (get_priority(p, v, t->policy, &t->priority))
			return -1;
		pop(p);
	}
	return 0;
}

static int parse_task_counts(struct parser *p, struct json_object *obj,
			     struct wl_task *t)
{
	long long n;
	struct json_object *v;

	t->instances = 1;
	t->loop = -1;
	if ((v = member(obj, "instance"))) {
		push_key(p, "instance");
		if (get_int(p, v, 0, WL_MAX_INSTANCES, &n))
			return -1;
		t->instances = n;
		pop(p);
	}
	/* a task without "instance" is one: it counts as much */
	if (p->nr_started + t->instances > WL_MAX_INSTANCES)
		return fail(p, 0, "more than %d instances in all",
			    WL_MAX_INSTANCES);
	p->nr_started += t->instances;
	if ((v = member(obj, "loop"))) {
		push_key(p, "loop");
		if (get_int(p, v, -1, WL_MAX_US, &n))
			return -1;
		t->loop = n;
		pop(p);
	}
	if ((v = member(obj, "delay"))) {
		push_key(p, "delay");
		if (get_us(p, v, 0, &t->delay_ns))
			return -1;
		pop(p);
	}
	return 0;
}

/* One task; the current path is its key. */
/*
 * A barrier holds its users until all arrived: rt-app counts as users
 * the instances (at start; forks are not counted) of each task that
 * names it.
 */
static int count_barrier_users(struct parser *p, const struct wl_task *t)
{
	int *seen = calloc(p->wl->nr_barriers + 1, sizeof(*seen));
	const struct wl_event *ev;
	int i, j;

	if (!seen)
		return no_memory(p);
	for (i = 0; i < t->nr_phases; i++) {
		for (j = 0; j < t->phases[i].nr_events; j++) {
			ev = &t->phases[i].events[j];
			if (ev->type != WL_BARRIER || seen[ev->res]++)
				continue;
			p->wl->barriers[ev->res].users += t->instances;
		}
	}
	free(seen);
	return 0;
}

static int parse_task(struct parser *p, struct json_object *obj,
		      struct wl_task *t)
{
	struct lock_state ls = { 0, 0, 0 };
	struct json_object *v;

	if (want_object(p, obj) || parse_task_sched(p, obj, t) ||
	    parse_task_counts(p, obj, t))
		return -1;
	if ((v = member(obj, "cpus"))) {
		push_key(p, "cpus");
		if (get_cpus(p, v, &t->cpus))
			return -1;
		pop(p);
	}
	v = member(obj, "phases");
	if (v ? parse_phases(p, obj, v, t, &ls) :
	    parse_single_phase(p, obj, t, &ls))
		return -1;
	if (warn_unknown(p, obj, task_key) || count_barrier_users(p, t))
		return -1;
	if (ls.held)
		return fail(p, 1, "a pass ends with mutex \"%s\" held",
			    first_held(p, ls.held));
	if (t->loop < 0 && !ls.has_time)
		return fail(p, 1, "loops forever but never spends time (no "
			    "run, runtime or sleep above 0, no timer): give "
			    "it a \"loop\" count");
	t->periodic = ls.periodic;
	return 0;
}

static int parse_tasks(struct parser *p, struct json_object *tasks)
{
	struct lh_entry *e;
	struct workload *wl = p->wl;
	const char *name;
	struct json_object *v;
	int i = 0;

	push_key(p, "tasks");
	if (want_object(p, tasks))
		return -1;
	if (!json_object_object_length(tasks))
		return fail(p, 1, "no task");
	wl->tasks = calloc(json_object_object_length(tasks),
			   sizeof(*wl->tasks));
	if (!wl->tasks)
		return no_memory(p);
	/* every name first: a fork may name a task further down */
	for_each_member(tasks, name, v, e) {
		wl->tasks[wl->nr_tasks].name = xstrdup(name);
		if (!wl->tasks[wl->nr_tasks].name ||
		    map_set(p->task_map, name, wl->nr_tasks++))
			return no_memory(p);
	}
	for_each_member(tasks, name, v, e) {
		push_key(p, name);
		if (parse_task(p, v, &wl->tasks[i++]))
			return -1;
		pop(p);
	}
	if (!p->nr_started)
		return fail(p, 1, "every task has \"instance\": 0, nothing "
			    "starts");
	pop(p);
	return 0;
}

static int parse_root(struct parser *p, struct json_object *root)
{
	struct lh_entry *e;
	const char *key;
	struct json_object *v;

	if (!json_object_is_type(root, json_type_object))
		return fail(p, 0, "expected an object with \"tasks\"");
	for_each_member(root, key, v, e) {
		if (strcmp(key, "global") && strcmp(key, "resources") &&
		    strcmp(key, "tasks")) {
			push_key(p, key);
			warn(p, UNKNOWN_KEY);
			pop(p);
		}
	}
	p->default_policy = SIM_SCHED_NORMAL;
	if ((v = member(root, "global"))) {
		push_key(p, "global");
		if (parse_global(p, v))
			return -1;
		pop(p);
	}
	if ((v = member(root, "resources"))) {
		push_key(p, "resources");
		if (parse_resources(p, v))
			return -1;
		pop(p);
	}
	v = member(root, "tasks");
	if (!v)
		return fail(p, 0, "no \"tasks\"");
	return parse_tasks(p, v);
}

/* ---- workload_parse ----------------------------------------------------- */

static int read_text(const char *file, char **text, size_t *len, char *err,
		     size_t errlen)
{
	size_t size = 0, n;
	char *buf = NULL, *p;
	FILE *f = fopen(file, "rb");

	if (!f) {
		snprintf(err, errlen, "%s: cannot open: %s", file,
			 strerror(errno));
		return -1;
	}
	*len = 0;
	for (;;) {
		if (*len + 65536 + 1 > size) {
			size = size ? 2 * size : 65536 * 2;
			if (size > WL_MAX_FILE + 65536 * 2)
				goto too_big;
			p = realloc(buf, size);
			if (!p)
				goto nomem;
			buf = p;
		}
		n = fread(buf + *len, 1, 65536, f);
		*len += n;
		if (n < 65536)
			break;
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: cannot read: %s", file,
			 strerror(errno));
		goto out;
	}
	if (*len > WL_MAX_FILE)
		goto too_big;
	buf[*len] = '\0';
	fclose(f);
	*text = buf;
	return 0;
too_big:
	snprintf(err, errlen, "%s: larger than %d MiB", file,
		 WL_MAX_FILE >> 20);
	goto out;
nomem:
	snprintf(err, errlen, "%s: out of memory", file);
out:
	free(buf);
	fclose(f);
	return -1;
}

/* json-c's reason for a syntax error, in words a user can act on. */
static const char *syntax_reason(enum json_tokener_error e)
{
	switch (e) {
	case json_tokener_continue:
		return "the file ends before the JSON does";
	case json_tokener_error_depth:
		return "nested too deep";
	case json_tokener_error_parse_eof:
		return "unexpected end of the text";
	default:
		return json_tokener_error_desc(e);
	}
}

/*
 * parse_text - json-c's tree of p->text, read as rt-app reads its files
 * (json_tokener_parse_ex() with the default, non-strict tokener); NULL
 * with "FILE:LINE:COL: JSON syntax error: why" in p->err.  Text after the
 * JSON is ignored as rt-app ignores it, with a warning.
 */
static struct json_object *parse_text(struct parser *p)
{
	struct json_tokener *tok = json_tokener_new();
	enum json_tokener_error e;
	struct json_object *root;
	struct scan sc = { p->text, p->len, 0 };
	char pos[256];

	if (!tok || p->len > INT_MAX) {
		snprintf(p->err, p->errlen, "%s: %s", p->file, !tok ?
			 "out of memory" : "too large for json-c");
		json_tokener_free(tok);
		return NULL;
	}
	root = json_tokener_parse_ex(tok, p->text, (int)p->len);
	e = json_tokener_get_error(tok);
	sc.i = json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	if (e != json_tokener_success) {
		json_object_put(root);
		position(p, sc.i < p->len ? sc.i : p->len, pos, sizeof(pos));
		snprintf(p->err, p->errlen, "%s: JSON syntax error: %s", pos,
			 syntax_reason(e));
		return NULL;
	}
	skip_ws(&sc);
	if (sc.i < p->len && p->text[sc.i]) {
		position(p, sc.i, pos, sizeof(pos));
		snprintf(p->err, p->errlen, "%s: text after the workload, "
			 "ignored (rt-app ignores it too)", pos);
		warn_line(p, p->err);
		p->err[0] = '\0';
	}
	return root;
}

/* One line whatever the file and its keys contain. */
static void one_line(char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			*s = '?';
}

/**
 * workload_parse_flags - read an rt-app JSON workload into @wl
 * @file: its name, for messages (and to read when @text is NULL)
 * @text: the file's contents (NUL-terminated), or NULL
 * @nr_cpus: the CPUs of the machine it will run on (0: sim_max_cpus())
 * @flags: WL_PARSE_IGNORE_UNSUPPORTED or 0
 * @wl: filled on success, left empty on failure
 * @warn: one line per key the subset ignores, or NULL
 * @err: "FILE:LINE:COL: message" when the file is refused
 * @len: size of @err
 *
 * Return: 0, or -1 with @err set.
 */
int workload_parse_flags(const char *file, const char *text, int nr_cpus,
			 int flags, struct workload *wl, FILE *warn,
			 char *err, size_t len)
{
	struct renamed renamed;
	struct json_object *root = NULL;
	struct parser p;
	char *buf = NULL, dummy[8];
	int ret = -1;

	memset(wl, 0, sizeof(*wl));
	memset(&renamed, 0, sizeof(renamed));
	if (!err || !len) {
		err = dummy;
		len = sizeof(dummy);
	}
	err[0] = '\0';
	memset(&p, 0, sizeof(p));
	p.file = file ? file : "-";
	p.nr_cpus = nr_cpus > 0 && nr_cpus < sim_max_cpus() ? nr_cpus :
		sim_max_cpus();
	if (!text) {
		if (read_text(p.file, &buf, &p.len, err, len))
			goto out;
		text = buf;
	} else {
		p.len = strlen(text);
	}
	p.orig = text;
	p.orig_len = p.len;
	p.renamed = &renamed;
	p.wl = wl;
	p.warn = warn;
	p.err = err;
	p.errlen = len;
	p.flags = flags;
	if (rename_repeated(text, p.len, &renamed)) {
		snprintf(err, len, "%s: out of memory", p.file);
		goto out;
	}
	p.text = renamed.text ? renamed.text : text;
	p.len = renamed.text ? renamed.len : p.len;
	root = parse_text(&p);
	if (!root)
		goto out;
	wl->file = xstrdup(p.file);
	p.timer_map = json_object_new_object();
	p.task_map = json_object_new_object();
	p.cond_map = json_object_new_object();
	p.barrier_map = json_object_new_object();
	ret = wl->file && p.timer_map && p.task_map && p.cond_map &&
		p.barrier_map ? parse_root(&p, root) : no_memory(&p);
	json_object_put(p.timer_map);
	json_object_put(p.task_map);
	json_object_put(p.cond_map);
	json_object_put(p.barrier_map);
	json_object_put(root);
out:
	one_line(err);
	if (ret)
		workload_free(wl);
	free(renamed.text);
	free(renamed.ins);
	free(buf);
	return ret;
}

/**
 * workload_parse - workload_parse_flags() without flags: what a 2.6.10
 * kernel cannot do is refused.
 */
int workload_parse(const char *file, const char *text, int nr_cpus,
		   struct workload *wl, FILE *warn, char *err, size_t len)
{
	return workload_parse_flags(file, text, nr_cpus, 0, wl, warn, err,
				    len);
}

/**
 * workload_read - read a workload, keeping its warnings
 * @file: as for workload_parse_flags()
 * @text: its contents, or NULL to read @file
 * @nr_cpus: the machine's CPUs
 * @flags: WL_PARSE_*
 * @wl: the workload read
 * @warnings: set to the warning lines, as printed on stderr too, for
 *	report_write(); free() it after (NULL when memory ran out: the
 *	warnings then go to stderr only)
 * @err: where the reason goes
 * @len: its size
 *
 * Return: as workload_parse_flags().
 */
int workload_read(const char *file, const char *text, int nr_cpus, int flags,
		  struct workload *wl, char **warnings, char *err, size_t len)
{
	size_t size = 0;
	FILE *f;
	int ret;

	*warnings = NULL;
	f = open_memstream(warnings, &size);
	ret = workload_parse_flags(file, text, nr_cpus, flags, wl,
				   f ? f : stderr, err, len);
	if (f && fclose(f)) {
		free(*warnings);
		*warnings = NULL;
	}
	if (*warnings)
		fputs(*warnings, stderr);
	return ret;
}

/**
 * workload_free - free what workload_parse() built; @wl is left empty.
 */
void workload_free(struct workload *wl)
{
	int i, j;

	for (i = 0; i < wl->nr_tasks; i++) {
		for (j = 0; j < wl->tasks[i].nr_phases; j++) {
			free(wl->tasks[i].phases[j].cpus);
			free(wl->tasks[i].phases[j].events);
		}
		free(wl->tasks[i].phases);
		free(wl->tasks[i].cpus);
		free(wl->tasks[i].name);
	}
	free(wl->tasks);
	for (i = 0; i < wl->nr_timers; i++)
		free(wl->timers[i].ref);
	free(wl->timers);
	for (i = 0; i < wl->nr_mutexes; i++)
		free(wl->mutexes[i]);
	free(wl->mutexes);
	for (i = 0; i < wl->nr_conds; i++)
		free(wl->conds[i]);
	free(wl->conds);
	for (i = 0; i < wl->nr_barriers; i++)
		free(wl->barriers[i].name);
	free(wl->barriers);
	for (i = 0; i < wl->nr_ignored; i++)
		free(wl->ignored[i]);
	free(wl->ignored);
	free(wl->file);
	memset(wl, 0, sizeof(*wl));
}

/* ---- the executor ------------------------------------------------------- */

/*
 * The user memory the bodies' system calls read: sched_param slots for
 * priorities 0..99, then one CPU mask per distinct affinity list (mask 0:
 * every CPU).  It is written from outside, once the first instance
 * exists, into the workload's shared address space; a fork copies it
 * with the rest of that space.
 */
struct wl_exec {
	unsigned long long t_zero;	/* when the workload started */
	unsigned long table;		/* user address, 0: none yet */
	size_t mask_len;		/* bytes of one CPU mask */
	char **masks;			/* affinity list of each mask */
	int nr_masks;
	int *task_mask;			/* per task: mask, -1: none */
	int **phase_mask;		/* per task and phase */
	int *forks;			/* per task: forks of it so far */
	int *made;			/* per task: instances so far */
	struct wl_ctx **ctx;		/* per instance */
	size_t size_ctx;
	int oom;			/* a fork found no memory */
	struct wl_queue *cond;		/* per condition: its waiters */
	struct wl_barrier_state *barrier;
	struct wl_plain_mutex *plain;	/* per mutex, without pi_enabled */
};

/* Instances blocked on a condition, barrier or mutex, first come first. */
struct wl_queue {
	struct wl_ctx *head, *tail;
};

struct wl_barrier_state {
	int arrived;
	struct wl_queue waiting;
};

/* A mutex without priority inheritance. */
struct wl_plain_mutex {
	int locked;
	struct wl_queue waiting;
};

/* What one instance's body knows and runs with. */
struct wl_ctx {
	struct wl_run *run;
	int inst;			/* index in run->inst */
	int task;
	unsigned long uaddr;		/* the table, 0: not yet */
	int waiting;			/* blocked until it is */
	unsigned long long t_first;	/* start of its timers */
	int policy, prio, nice;		/* what it runs with now */
	int mask, def_mask;		/* current, and "no cpus" mask */
	unsigned long long *unext;	/* "unique" timers: own state */
	int *ustarted;
	int pid;
	int woken;			/* set by who wakes it from a queue */
	struct wl_ctx *next;		/* in the queue it waits in */
};

#define PARAM_ADDR(c, prio)	((c)->uaddr + (prio) * sizeof(int))

static struct wl_exec *exec_of(const struct wl_run *run)
{
	return run->priv;
}

static unsigned long mask_addr(const struct wl_ctx *c, int mask)
{
	return c->uaddr + NR_RT_PARAMS * sizeof(int) +
		mask * exec_of(c->run)->mask_len;
}

/* A body that needs the table before it is mapped waits for it. */
static void wait_table(struct wl_ctx *c)
{
	while (!c->uaddr) {
		c->waiting = 1;
		sim_sleep(NSEC_PER_SEC);
	}
	c->waiting = 0;
}

/* Switch to @policy with @prio (nice for SCHED_OTHER), as rt-app does. */
static void set_sched(struct wl_ctx *c, int policy, int prio)
{
	int rt = policy != SIM_SCHED_NORMAL;

	if (policy == c->policy && prio == (rt ? c->prio : c->nice))
		return;
	wait_table(c);
	if (rt || c->policy != policy) {
		sim_syscall(SIM_SYS_sched_setscheduler, 0, policy,
			    PARAM_ADDR(c, rt ? prio : 0));
		c->policy = policy;
		c->prio = rt ? prio : 0;
	}
	if (!rt && prio != c->nice) {
		sim_syscall(SIM_SYS_nice, prio - c->nice, 0, 0);
		c->nice = prio;
	}
}

static void set_mask(struct wl_ctx *c, int mask)
{
	if (mask == c->mask)
		return;
	wait_table(c);
	sim_syscall(SIM_SYS_sched_setaffinity, 0,
		    exec_of(c->run)->mask_len, mask_addr(c, mask));
	c->mask = mask;
}

/* rt-app's phase start: its policy if it has one, its CPUs or the task's */
static void enter_phase(struct wl_ctx *c, const struct wl_task *t, int i)
{
	const struct wl_phase *ph = &t->phases[i];
	struct wl_exec *x = exec_of(c->run);
	int mask = x->phase_mask[c->task][i];

	if (ph->policy >= 0)
		set_sched(c, ph->policy, ph->priority);
	else if (ph->priority != WL_PRIO_UNCHANGED)
		set_sched(c, c->policy, ph->priority);
	if (mask < 0)
		mask = x->task_mask[c->task];
	set_mask(c, mask >= 0 ? mask : c->def_mask);
}

static void sleep_until(unsigned long long when)
{
	unsigned long long now;

	/* whole ticks: a wake-up may come before @when, then sleep on */
	while ((now = sim_now()) < when)
		sim_sleep(when - now);
}

/* Use the CPU until @ns of virtual time passed, in rt-app's steps. */
static void burn_for(unsigned long long ns)
{
	unsigned long long start = sim_now(), done;

	while ((done = sim_now() - start) < ns)
		sim_burn(ns - done < RUNTIME_CHUNK_NS ? ns - done :
			 RUNTIME_CHUNK_NS);
}

/* A timer event reached @late ns after its deadline, of a @period. */
static void count_late(struct wl_late *l, unsigned long long late,
		       unsigned long long period)
{
	l->n++;
	l->sum_ns += late;
	l->sq_ns2 += (double)late * late;
	if (late > l->max_ns)
		l->max_ns = late;
	l->skipped += late / period;
}

/*
 * rt-app's timer: the next deadline is the last one plus the period
 * (the first: the instance's start).  Before it, sleep until it; at or
 * past it, go on at once, and a relative timer restarts from now.
 */
static void wait_timer(struct wl_ctx *c, const struct wl_event *ev)
{
	const struct wl_timer *tm = &c->run->wl->timers[ev->res];
	struct wl_run *run = c->run;
	unsigned long long *next, now;
	int *started;

	if (tm->unique) {
		next = &c->unext[ev->res];
		started = &c->ustarted[ev->res];
	} else {
		next = &run->timer_next[ev->res];
		started = &run->timer_started[ev->res];
	}
	if (!*started) {
		*started = 1;
		*next = c->t_first;
	}
	*next += ev->ns;
	run->inst[c->inst].periods++;
	now = sim_now();
	if (now < *next) {
		sleep_until(*next);
		return;
	}
	if (now > *next)
		run->inst[c->inst].missed++;
	count_late(&run->inst[c->inst].late, now - *next, ev->ns);
	if (!tm->absolute)
		*next = now;
}

/* rt-app's iorun: io_schedule_timeout() in whole ticks, as iowait. */
static void io_wait_for(unsigned long long ns)
{
	unsigned long long end = sim_now() + ns, now;
	unsigned long long tick = NSEC_PER_SEC / sim_hz();

	while ((now = sim_now()) < end)
		sim_io_wait((end - now + tick - 1) / tick);
}

static void enqueue(struct wl_queue *q, struct wl_ctx *c)
{
	c->woken = 0;
	c->next = NULL;
	if (q->tail)
		q->tail->next = c;
	else
		q->head = c;
	q->tail = c;
}

/* Sleep until a waker took @c off its queue (the bodies get no signal). */
static void sleep_queued(struct wl_ctx *c)
{
	while (!c->woken && !sim_wait_flag(&c->woken))
		;
}

static void block_on(struct wl_queue *q, struct wl_ctx *c)
{
	enqueue(q, c);
	sleep_queued(c);
}

static void wake_one(struct wl_ctx *c)
{
	c->woken = 1;
	sim_wake_pid(c->pid);
}

/* Wake the first waiter of @q; 0 if there was none. */
static int wake_first(struct wl_queue *q)
{
	struct wl_ctx *c = q->head;

	if (!c)
		return 0;
	q->head = c->next;
	if (!q->head)
		q->tail = NULL;
	wake_one(c);
	return 1;
}

/*
 * Wake every waiter of @q now.  The queue is emptied first: a woken
 * task may run at once and queue again, for the next round.
 */
static void wake_all(struct wl_queue *q)
{
	struct wl_ctx *c = q->head, *next;

	q->head = q->tail = NULL;
	for (; c; c = next) {
		next = c->next;
		wake_one(c);
	}
}

/*
 * rt-app's mutexes inherit priority only with pi_enabled: then they are
 * the machine's rt_mutexes.  Without, a plain lock: the owner is not
 * boosted, and unlock hands the mutex to its longest waiter.
 */
static void lock_mutex(struct wl_ctx *c, int m)
{
	struct wl_plain_mutex *pm;

	if (c->run->wl->pi_enabled) {
		sim_mutex_lock(m);
		return;
	}
	pm = &exec_of(c->run)->plain[m];
	if (pm->locked)
		block_on(&pm->waiting, c);	/* handed over, locked */
	pm->locked = 1;
}

static void unlock_mutex(struct wl_ctx *c, int m)
{
	struct wl_plain_mutex *pm;

	if (c->run->wl->pi_enabled) {
		sim_mutex_unlock(m);
		return;
	}
	pm = &exec_of(c->run)->plain[m];
	if (!wake_first(&pm->waiting))
		pm->locked = 0;
}

/*
 * pthread_cond_wait(): queue on the condition, release the mutex, sleep
 * until signalled, take the mutex back.  The body runs between machine
 * calls without interruption, so no signal slips in between the queueing
 * and the release.
 */
static void cond_wait(struct wl_ctx *c, int cond, int m)
{
	enqueue(&exec_of(c->run)->cond[cond], c);
	unlock_mutex(c, m);
	sleep_queued(c);
	lock_mutex(c, m);
}

/* pthread_cond_signal() (@all 0) or _broadcast(): who waits now. */
static void cond_signal(struct wl_ctx *c, int cond, int all)
{
	struct wl_queue *q = &exec_of(c->run)->cond[cond];

	if (all)
		wake_all(q);
	else
		wake_first(q);
}

/* rt-app's barrier: the last of its users to arrive wakes the others. */
static void barrier_arrive(struct wl_ctx *c, int b)
{
	struct wl_barrier_state *bs = &exec_of(c->run)->barrier[b];

	if (++bs->arrived < c->run->wl->barriers[b].users) {
		block_on(&bs->waiting, c);
		return;
	}
	bs->arrived = 0;
	wake_all(&bs->waiting);
}

/* Events that wait for or wake other instances. */
static void run_sync_event(struct wl_ctx *c, const struct wl_event *ev)
{
	switch (ev->type) {
	case WL_LOCK:
		lock_mutex(c, ev->res);
		break;
	case WL_UNLOCK:
		unlock_mutex(c, ev->res);
		break;
	case WL_WAIT:
		cond_wait(c, ev->res, ev->dep);
		break;
	case WL_SIGNAL:
	case WL_BROADCAST:
		cond_signal(c, ev->res, ev->type == WL_BROADCAST);
		break;
	case WL_SYNC:
		cond_signal(c, ev->res, 0);
		cond_wait(c, ev->res, ev->dep);
		break;
	case WL_SUSPEND:
		lock_mutex(c, ev->dep);
		cond_wait(c, ev->res, ev->dep);
		unlock_mutex(c, ev->dep);
		break;
	case WL_RESUME:
		lock_mutex(c, ev->dep);
		cond_signal(c, ev->res, 1);
		unlock_mutex(c, ev->dep);
		break;
	case WL_BARRIER:
		barrier_arrive(c, ev->res);
		break;
	}
}

static void instance_body(void *arg);
static struct wl_ctx *new_instance(struct wl_run *run, int task, int forked);

/* A fork event: a new instance of @task, a child of this one. */
static void fork_instance(struct wl_ctx *c, int task)
{
	struct wl_exec *x = exec_of(c->run);
	struct wl_run *run = c->run;
	struct wl_ctx *child;
	int pid, i;

	if (x->forks[task] >= WL_FORKS_LIMIT)
		return;
	child = new_instance(run, task, 1);
	if (!child) {
		x->oom = 1;
		return;
	}
	i = child->inst;
	child->uaddr = c->uaddr;
	child->policy = c->policy;
	child->prio = c->prio;
	child->nice = c->nice;
	child->mask = child->def_mask = c->mask;
	child->t_first = sim_now() + run->wl->tasks[task].delay_ns;
	snprintf(run->inst[i].name, sizeof(run->inst[i].name), "%s-%d-%04d",
		 run->wl->tasks[task].name, i, x->forks[task]++);
	pid = sim_fork(instance_body, child);
	run->inst[i].pid = pid < 0 ? -1 : pid;
	if (pid < 0)
		run->inst[i].exited = 1;
}

static void run_events(struct wl_ctx *c, const struct wl_phase *ph)
{
	const struct wl_event *ev;
	int i;

	for (i = 0; i < ph->nr_events; i++) {
		ev = &ph->events[i];
		switch (ev->type) {
		case WL_RUN:
			sim_burn(ev->ns);
			break;
		case WL_RUNTIME:
			burn_for(ev->ns);
			break;
		case WL_SLEEP:
			sim_sleep(ev->ns);
			break;
		case WL_TIMER:
			wait_timer(c, ev);
			break;
		case WL_YIELD:
			sim_syscall(SIM_SYS_sched_yield, 0, 0, 0);
			break;
		case WL_FORK:
			fork_instance(c, ev->res);
			break;
		case WL_MEM:
			sim_burn(ev->ns);
			break;
		case WL_IORUN:
			io_wait_for(ev->ns);
			break;
		default:
			run_sync_event(c, ev);
			break;
		}
	}
}

/*
 * rt-app's thread: the delay, the task's policy, then the passes.  A
 * spawned instance has its policy from its spawn (see spawn_instance());
 * a forked one starts with its parent's.
 */
static void instance_body(void *arg)
{
	struct wl_ctx *c = arg;
	const struct wl_task *t = &c->run->wl->tasks[c->task];
	struct wl_instance *in = &c->run->inst[c->inst];
	long pass;
	int i, k;

	c->pid = sim_self();
	if (in->forked) {
		/* known before the parent's sim_fork() may return */
		in->pid = c->pid;
	}
	sleep_until(c->t_first);
	if (c->run->inst[c->inst].forked)
		set_sched(c, t->policy, t->priority);
	for (pass = 0; t->loop < 0 || pass < t->loop; pass++) {
		for (i = 0; i < t->nr_phases; i++) {
			for (k = 0; k < t->phases[i].loop; k++) {
				enter_phase(c, t, i);
				run_events(c, &t->phases[i]);
			}
		}
		c->run->inst[c->inst].loops++;
	}
	c->run->inst[c->inst].exited = 1;
}

/* A new instance of @task: its slot in run->inst and its context. */
static struct wl_ctx *new_instance(struct wl_run *run, int task, int forked)
{
	struct wl_exec *x = exec_of(run);
	int n = run->wl->nr_timers;
	struct wl_instance *in;
	struct wl_ctx *c;

	if (grow((void **)&run->inst, &run->size, run->nr_inst,
		 sizeof(*run->inst)) ||
	    grow((void **)&x->ctx, &x->size_ctx, run->nr_inst,
		 sizeof(*x->ctx)))
		return NULL;
	c = calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	if (n) {
		c->unext = calloc(n, sizeof(*c->unext));
		c->ustarted = calloc(n, sizeof(*c->ustarted));
		if (!c->unext || !c->ustarted) {
			free(c->unext);
			free(c->ustarted);
			free(c);
			return NULL;
		}
	}
	c->run = run;
	c->task = task;
	c->inst = run->nr_inst;
	x->ctx[run->nr_inst] = c;
	in = &run->inst[run->nr_inst++];
	memset(in, 0, sizeof(*in));
	in->task = task;
	in->index = x->made[task]++;
	in->forked = forked;
	return c;
}

/* ---- workload_start ----------------------------------------------------- */

/* The mask of affinity list @cpus, added if new; -1 out of memory. */
static int mask_of(struct wl_exec *x, const char *cpus)
{
	size_t size = x->nr_masks;
	int i;

	for (i = 0; i < x->nr_masks; i++)
		if (!strcmp(x->masks[i], cpus))
			return i;
	if (grow((void **)&x->masks, &size, x->nr_masks, sizeof(*x->masks)))
		return -1;
	x->masks[i] = xstrdup(cpus);
	if (!x->masks[i])
		return -1;
	return x->nr_masks++;
}

/* The highest CPU of a list "0,2-3" (its last number). */
static int last_cpu(const char *cpus)
{
	const char *s = cpus + strlen(cpus);

	while (s > cpus && s[-1] >= '0' && s[-1] <= '9')
		s--;
	return atoi(s);
}

static int check_cpus(const struct workload *wl, const char *cpus,
		      const char *task, char *err, size_t len)
{
	if (!cpus || last_cpu(cpus) < sim_nr_cpus())
		return 0;
	snprintf(err, len, "%s: task %s: CPU %d is not on this machine "
		 "(%d CPUs)", wl->file, task, last_cpu(cpus), sim_nr_cpus());
	return -1;
}

/* Masks for every affinity list of the workload; 0, or -1 with @err. */
static int make_masks(const struct workload *wl, struct wl_exec *x,
		      char *err, size_t len)
{
	const struct wl_task *t;
	int i, j;

	if (mask_of(x, "all") < 0)
		goto nomem;
	for (i = 0; i < wl->nr_tasks; i++) {
		t = &wl->tasks[i];
		if (check_cpus(wl, t->cpus, t->name, err, len))
			return -1;
		x->task_mask[i] = t->cpus ? mask_of(x, t->cpus) : -1;
		x->phase_mask[i] = calloc(t->nr_phases, sizeof(int));
		if (!x->phase_mask[i] || (t->cpus && x->task_mask[i] < 0))
			goto nomem;
		for (j = 0; j < t->nr_phases; j++) {
			if (check_cpus(wl, t->phases[j].cpus, t->name, err,
				       len))
				return -1;
			x->phase_mask[i][j] = t->phases[j].cpus ?
				mask_of(x, t->phases[j].cpus) : -1;
			if (t->phases[j].cpus && x->phase_mask[i][j] < 0)
				goto nomem;
		}
	}
	return 0;
nomem:
	snprintf(err, len, "%s: out of memory", wl->file);
	return -1;
}

static void set_cpu_bit(unsigned char *mask, int cpu)
{
	unsigned long *w = (unsigned long *)mask;

	w[cpu / (8 * sizeof(long))] |= 1UL << (cpu % (8 * sizeof(long)));
}

/* Write the table into the address space of @pid; its address or 0. */
static unsigned long write_table(struct wl_exec *x, int pid)
{
	size_t size = NR_RT_PARAMS * sizeof(int) + x->nr_masks * x->mask_len;
	unsigned char *buf = calloc(1, size), *m;
	unsigned long uaddr = 0;
	const char *s;
	char *end;
	long lo, hi, cpu;
	int i;

	if (!buf)
		return 0;
	for (i = 0; i < NR_RT_PARAMS; i++)
		((int *)buf)[i] = i;
	for (i = 0; i < x->nr_masks; i++) {
		m = buf + NR_RT_PARAMS * sizeof(int) + i * x->mask_len;
		if (!strcmp(x->masks[i], "all")) {
			for (cpu = 0; cpu < sim_nr_cpus(); cpu++)
				set_cpu_bit(m, cpu);
			continue;
		}
		for (s = x->masks[i]; *s; s = *end ? end + 1 : end) {
			lo = hi = strtol(s, &end, 10);
			if (*end == '-')
				hi = strtol(end + 1, &end, 10);
			for (cpu = lo; cpu <= hi; cpu++)
				set_cpu_bit(m, cpu);
		}
	}
	uaddr = sim_user_map(pid, size);
	if (uaddr && sim_user_write(pid, uaddr, buf, size))
		uaddr = 0;
	free(buf);
	return uaddr;
}

/*
 * Give the table to every instance that lacks it: the first spawn maps
 * it into the shared address space; an instance forked before that has
 * a copy of the space without it and gets its own.  A body already
 * waiting for it is woken.
 */
static int share_table(struct wl_run *run, int pid)
{
	struct wl_exec *x = exec_of(run);
	struct wl_ctx *c;
	int i;

	if (!x->table)
		x->table = write_table(x, pid);
	if (!x->table)
		return -1;
	for (i = 0; i < run->nr_inst; i++) {
		c = x->ctx[i];
		if (c->uaddr || run->inst[i].pid <= 0)
			continue;
		c->uaddr = run->inst[i].forked ?
			write_table(x, run->inst[i].pid) : x->table;
		if (!c->uaddr)
			return -1;
		if (c->waiting && !run->inst[i].exited)
			sim_wake(run->inst[i].pid);
	}
	return 0;
}

/* The policy, priority and mask an instance starts its first phase with */
static void first_sched(const struct wl_task *t, const struct wl_exec *x,
			int task, int *policy, int *prio, int *mask)
{
	const struct wl_phase *ph = &t->phases[0];

	*policy = t->policy;
	*prio = t->priority;
	*mask = x->task_mask[task] >= 0 ? x->task_mask[task] : 0;
	if (!t->loop)
		return;
	if (ph->policy >= 0)
		*policy = ph->policy;
	if (ph->priority != WL_PRIO_UNCHANGED)
		*prio = ph->priority;
	if (x->phase_mask[task][0] >= 0)
		*mask = x->phase_mask[task][0];
}

/*
 * Spawn instance @n of task @task.  It starts with the settings of its
 * first phase: the table its system calls need is only mapped once a
 * first task exists, and this way a body needs it at the earliest when
 * a later phase changes them.
 */
static int spawn_instance(struct wl_run *run, int task, char *err,
			  size_t len)
{
	const struct wl_task *t = &run->wl->tasks[task];
	struct wl_exec *x = exec_of(run);
	struct sim_task_attr a;
	struct wl_instance *in;
	struct wl_ctx *c;
	int pid, mask;

	c = new_instance(run, task, 0);
	if (!c) {
		snprintf(err, len, "%s: out of memory", run->wl->file);
		return -1;
	}
	in = &run->inst[c->inst];
	snprintf(in->name, sizeof(in->name), "%s-%d", t->name, c->inst);
	first_sched(t, x, task, &c->policy, &c->prio, &mask);
	c->nice = c->policy == SIM_SCHED_NORMAL ? c->prio : 0;
	if (c->policy == SIM_SCHED_NORMAL)
		c->prio = 0;
	c->mask = mask;
	c->def_mask = 0;
	c->t_first = x->t_zero + t->delay_ns;
	sim_task_attr_init(&a);
	a.name = in->name;
	a.policy = c->policy;
	a.rt_priority = c->prio;
	a.nice = c->nice;
	a.cpus = mask ? x->masks[mask] : NULL;
	pid = sim_spawn(&a, instance_body, c);
	if (pid < 0) {
		snprintf(err, len, "%s: cannot spawn %s: %s", run->wl->file,
			 in->name, sim_error());
		in->pid = -1;
		in->exited = 1;
		return -1;
	}
	in->pid = pid;
	if (share_table(run, pid)) {
		snprintf(err, len, "%s: cannot map the tasks' memory: %s",
			 run->wl->file, sim_error());
		return -1;
	}
	return 0;
}

static int exec_alloc(const struct workload *wl, struct wl_run *run)
{
	struct wl_exec *x = calloc(1, sizeof(*x));
	int n = wl->nr_tasks;

	run->priv = x;
	if (!x)
		return -1;
	x->task_mask = calloc(n, sizeof(*x->task_mask));
	x->phase_mask = calloc(n, sizeof(*x->phase_mask));
	x->forks = calloc(n, sizeof(*x->forks));
	x->made = calloc(n, sizeof(*x->made));
	x->cond = calloc(wl->nr_conds + 1, sizeof(*x->cond));
	x->barrier = calloc(wl->nr_barriers + 1, sizeof(*x->barrier));
	x->plain = calloc(wl->nr_mutexes + 1, sizeof(*x->plain));
	if (!x->cond || !x->barrier || !x->plain)
		return -1;
	if (wl->nr_timers) {
		run->timer_next = calloc(wl->nr_timers,
					 sizeof(*run->timer_next));
		run->timer_started = calloc(wl->nr_timers,
					    sizeof(*run->timer_started));
	}
	if (!x->task_mask || !x->phase_mask || !x->forks || !x->made ||
	    (wl->nr_timers && (!run->timer_next || !run->timer_started)))
		return -1;
	x->mask_len = (sim_max_cpus() + 8 * sizeof(long) - 1) /
		(8 * sizeof(long)) * sizeof(long);
	x->t_zero = sim_now();
	return 0;
}

/**
 * workload_start - spawn every instance of every task of @wl
 * @wl: a parsed workload
 * @run: filled with the instances; free it with workload_run_free()
 * @err: a one-line reason on failure
 * @len: size of @err
 *
 * On the booted machine at sim_now().  Instances are named as rt-app
 * names its threads: "task-N", N counting every instance in file order.
 *
 * Return: 0, or -1 with @err set (the instances spawned so far remain).
 */
int workload_start(const struct workload *wl, struct wl_run *run,
		   char *err, size_t len)
{
	int i, k;

	memset(run, 0, sizeof(*run));
	run->wl = wl;
	if (exec_alloc(wl, run)) {
		snprintf(err, len, "%s: out of memory", wl->file);
		return -1;
	}
	if (make_masks(wl, exec_of(run), err, len))
		return -1;
	for (i = 0; i < wl->nr_tasks; i++)
		for (k = 0; k < wl->tasks[i].instances; k++)
			if (spawn_instance(run, i, err, len))
				return -1;
	return 0;
}

/**
 * workload_done - has every instance exited?
 * @run: a started workload
 *
 * Return: 1 when each instance, forks included, ran its last loop.
 */
int workload_done(const struct wl_run *run)
{
	int i;

	for (i = 0; i < run->nr_inst; i++)
		if (!run->inst[i].exited)
			return 0;
	return run->nr_inst > 0;
}

/**
 * workload_run_free - free what workload_start() allocated.
 * @run: a started workload (after sim_shutdown(): the bodies are gone)
 */
void workload_run_free(struct wl_run *run)
{
	struct wl_exec *x = run->priv;
	int i;

	if (x) {
		for (i = 0; i < run->nr_inst && x->ctx; i++) {
			free(x->ctx[i]->unext);
			free(x->ctx[i]->ustarted);
			free(x->ctx[i]);
		}
		for (i = 0; x->phase_mask && i < run->wl->nr_tasks; i++)
			free(x->phase_mask[i]);
		for (i = 0; i < x->nr_masks; i++)
			free(x->masks[i]);
		free(x->masks);
		free(x->ctx);
		free(x->task_mask);
		free(x->phase_mask);
		free(x->forks);
		free(x->made);
		free(x->cond);
		free(x->barrier);
		free(x->plain);
		free(x);
	}
	free(run->inst);
	free(run->timer_next);
	free(run->timer_started);
	memset(run, 0, sizeof(*run));
}
