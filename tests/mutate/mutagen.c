/*
 * tests/mutate/mutagen.c - the mutants of a kernel-style C file, for
 * make mutate (tests/mutate/mutate.sh runs them).
 *
 *	mutagen [--sample N --seed S] FILE...	list the mutants
 *	mutagen --apply ID FILE [-o OUT]	FILE with mutant ID applied
 *
 * A mutant is one small change of the kind a real patch makes by
 * mistake, each on one statement:
 *
 *	ror	a relational operator moved by one or negated (< to <= and >=)
 *	lor	&& and || swapped
 *	aor	+ and -, * and /, % to *, << and >> swapped
 *	bor	& and | swapped, ^ to |
 *	asr	+= and -=, *= and /=, |= and &=, <<= and >>= swapped, ^= to |=
 *	inc	++ and -- swapped
 *	not	a unary ! or ~ dropped
 *	cst	an integer constant plus or minus one
 *	cond	an if or while condition negated
 *	call	a call swapped for its twin: list_add and list_add_tail,
 *		__set_bit and __clear_bit, min and max, atomic_inc and
 *		atomic_dec...
 *	del	an expression statement deleted (an assignment, a call, an
 *		increment; several lines if it spans them)
 *
 * and three that are right on a machine that runs one CPU at a time and
 * wrong on SMP, for the interleaved tests (check_races, interleave.sh):
 *
 *	lock	a lock taken and let go around an update, both dropped: an
 *		acquire statement (spin_lock*, read_lock*, write_lock*,
 *		double_rq_lock, rq = task_rq_lock(p, &flags)) and the first
 *		release of the same lock after it, in the same block, with
 *		no other primitive on that lock between and no path out of
 *		or into the section (return, break, goto, case) but through
 *		its ends.  Their interrupt and preemption work stays:
 *		spin_lock_irqsave(l, f) becomes "local_irq_save(f);
 *		preempt_disable();", task_rq_lock() adds "rq = task_rq(p);"
 *	recheck	an if among the first three statements after the acquire
 *		of a retaken lock never taken: if (0 && (X)).  Retaken: a
 *		release of the lock comes earlier in the function, or a goto
 *		from after the acquire to a label before it, or a loop
 *		around it lets the lock go
 *	retry	a retry cut: a goto to a label earlier in the function
 *		never taken (if (0) goto L;, not deleted: gcc would warn
 *		about the label left unused); while (X) cpu_relax(); spins
 *		no more (while (0 && (X))); a for (;;) loop that calls
 *		cpu_relax() leaves at its first "if (X) break;": if (1 ||
 *		(X))
 *
 * Not mutated: comments, strings, #include and #if lines, and the
 * assertions (BUG_ON(), WARN_ON(), BUG(), might_sleep()): deleting one
 * cannot change what a correct program does, and flipping one makes it
 * fire at once.
 *
 * A mutant changes one statement, or for lock two: its first line
 * names it, and LAST and LINES cover both.
 *
 * Each mutant is printed as one line of tab-separated fields:
 *
 *	ID  FILE  LINE  LAST  OP  FUNCTION  ORIGINAL  MUTATED  LINES
 *
 * LINE and LAST are the first and the last line it changes.  LINES are
 * the lines whose code it changes, as "a-b,c,...": its statement's, and
 * for a change to a #define or to an object's initialiser, those of the
 * statements that use the macro or the object (through other macros
 * too); "*" when one is used outside any function, in a table, say.
 * ORIGINAL and MUTATED are the first line the mutant changes, trimmed
 * (tabs inside turned into blanks).  ID is 8 hex digits, a hash of the
 * file name, the function, the operator, the two lines and how many
 * mutants before it in the file share all of those: it stays the same
 * while the code around it moves, so that the reviewed list of
 * equivalent mutants (tests/mutate/equivalent) can name mutants by it.
 *
 * The list is a pure function of the files: the same files, the same
 * mutants in the same order.  --sample N picks N of them (all of them
 * if there are fewer) and keeps their order: those whose IDs, hashed
 * with --seed, come lowest.  A mutant's place in the pick depends on
 * its own ID, not on its place in the list, so a change elsewhere in
 * the files leaves the rest of a sample as it was: a mutant added can
 * take one place, a mutant gone frees one.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- data structures ----------------------------------------------------- */

enum tok_kind { T_IDENT, T_NUMBER, T_PUNCT, T_STRING, T_CHAR };

/* Where a token is: what runs it, if anything. */
enum context { C_NONE, C_BODY, C_MACRO, C_OBJECT };

struct token {
	enum tok_kind kind;
	int start, len;		/* bytes of the file */
	int line;		/* 1-based */
	int directive;		/* 0: code, 1: in a #define, 2: other # line */
	int match;		/* index of the matching bracket, or -1 */
};

/* One change to the file's bytes: @del bytes at @off become @ins. */
struct edit {
	int off, del;
	const char *ins;
};

#define MAX_EDITS	2

struct mutant {
	unsigned int id;
	int line, last;		/* first and last line changed */
	const char *op;
	const char *func;
	char *orig, *mut;	/* first changed line, trimmed, for reading */
	char *lines;		/* lines whose code it changes: "a-b,c" or "*" */
	int nr_edits;
	struct edit edits[MAX_EDITS];
	char *buf;		/* owns inserted text that is not static */
};

struct source {
	const char *name;	/* as given: it goes into the IDs */
	char *text;
	int size;
	int *line_start;	/* offset of each line, 1-based; [nr+1] = size */
	int nr_lines;
	struct token *tok;
	int nr_tok;
	char **func;		/* function (or macro, object) of each token */
	char **names;		/* owns the names func[] points to */
	int nr_names;
	char *ctx;		/* where each token is: one of enum context */
	struct mutant *mut;
	int nr_mut, cap_mut;
};

/* ---- small helpers ------------------------------------------------------- */

static void die(const char *fmt, ...)
{
	va_list ap;

	fputs("mutagen: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		die("out of memory");
	return p;
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die("out of memory");
	return p;
}

static char *xstrndup(const char *s, size_t n)
{
	char *d = xmalloc(n + 1);

	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

static int tok_is(const struct source *src, int i, const char *s)
{
	const struct token *t;

	if (i < 0 || i >= src->nr_tok)
		return 0;
	t = &src->tok[i];
	return t->len == (int)strlen(s) &&
	       !memcmp(src->text + t->start, s, t->len);
}

static int in_list(const struct source *src, int i, const char *const *list)
{
	for (; *list; list++)
		if (tok_is(src, i, *list))
			return 1;
	return 0;
}

/* ---- reading and tokenising ---------------------------------------------- */

static void read_source(struct source *src, const char *path)
{
	FILE *f = fopen(path, "rb");
	long n;

	if (!f)
		die("cannot open %s: %s", path, strerror(errno));
	if (fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET))
		die("cannot read %s: %s", path, strerror(errno));
	src->text = xmalloc(n + 1);
	if (fread(src->text, 1, n, f) != (size_t)n)
		die("cannot read %s", path);
	fclose(f);
	src->text[n] = '\0';
	if (memchr(src->text, '\0', n))
		die("%s: a NUL byte: not a C source file", path);
	src->size = n;
}

static void split_lines(struct source *src)
{
	int i, n = 1;

	for (i = 0; i < src->size; i++)
		if (src->text[i] == '\n')
			n++;
	src->line_start = xmalloc((n + 2) * sizeof(int));
	src->line_start[1] = 0;
	n = 1;
	for (i = 0; i < src->size; i++)
		if (src->text[i] == '\n')
			src->line_start[++n] = i + 1;
	/* a final newline ends the last line, it does not start one */
	if (src->size && src->text[src->size - 1] == '\n')
		n--;
	src->nr_lines = n;
	src->line_start[n + 1] = src->size;
}

static int line_of(const struct source *src, int off)
{
	int lo = 1, hi = src->nr_lines;

	while (lo < hi) {
		int mid = (lo + hi + 1) / 2;

		if (src->line_start[mid] <= off)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

/* Line @n without its newline: [*start, *end). */
static void line_bounds(const struct source *src, int n, int *start, int *end)
{
	*start = src->line_start[n];
	*end = n < src->nr_lines ? src->line_start[n + 1] - 1 : src->size;
	if (*end < *start)
		*end = *start;
}

static const char *const punct3[] = { "<<=", ">>=", "...", NULL };
static const char *const punct2[] = {
	"->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
	"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "##", NULL
};

static int punct_len(const char *s)
{
	const char *const *p;

	for (p = punct3; *p; p++)
		if (!strncmp(s, *p, 3))
			return 3;
	for (p = punct2; *p; p++)
		if (!strncmp(s, *p, 2))
			return 2;
	return 1;
}

static void add_token(struct source *src, int *cap, enum tok_kind kind,
		      int start, int len, int directive)
{
	struct token *t;

	if (src->nr_tok == *cap) {
		*cap = *cap ? *cap * 2 : 1024;
		src->tok = xrealloc(src->tok, *cap * sizeof(*src->tok));
	}
	t = &src->tok[src->nr_tok++];
	t->kind = kind;
	t->start = start;
	t->len = len;
	t->line = line_of(src, start);
	t->directive = directive;
	t->match = -1;
}

/* skip_quoted - past the closing @q of a string or character literal. */
static int skip_quoted(const struct source *src, int i, char q)
{
	for (i++; i < src->size && src->text[i] != q; i++) {
		if (src->text[i] == '\\' && i + 1 < src->size)
			i++;
		if (src->text[i] == '\n' && src->text[i - 1] != '\\')
			break;	/* unterminated: stop at the line's end */
	}
	return i < src->size ? i + 1 : i;
}

/*
 * directive_kind - called at a '#' that starts a line: 1 for #define
 * (its body is code to mutate), 2 for any other directive.
 */
static int directive_kind(const struct source *src, int i)
{
	i++;
	while (i < src->size && (src->text[i] == ' ' || src->text[i] == '\t'))
		i++;
	return strncmp(src->text + i, "define", 6) ? 2 : 1;
}

static void tokenise(struct source *src)
{
	const char *s = src->text;
	int i = 0, cap = 0, directive = 0, line_begins = 1;

	while (i < src->size) {
		char c = s[i];

		if (c == '\n') {
			if (!(i > 0 && s[i - 1] == '\\'))
				directive = 0;
			line_begins = 1;
			i++;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' ||
		    c == '\v' || c == '\\') {
			i++;
			continue;
		}
		if (c == '/' && s[i + 1] == '*') {
			const char *end = strstr(s + i + 2, "*/");

			i = end ? (int)(end - s) + 2 : src->size;
			continue;
		}
		if (c == '/' && s[i + 1] == '/') {
			while (i < src->size && s[i] != '\n')
				i++;
			continue;
		}
		if (c == '#' && line_begins) {
			directive = directive_kind(src, i);
			add_token(src, &cap, T_PUNCT, i, 1, directive);
			line_begins = 0;
			i++;
			continue;
		}
		line_begins = 0;
		if (c == '"' || c == '\'') {
			int end = skip_quoted(src, i, c);

			add_token(src, &cap, c == '"' ? T_STRING : T_CHAR, i,
				  end - i, directive);
			i = end;
		} else if (isalpha((unsigned char)c) || c == '_') {
			int j = i;

			while (j < src->size &&
			       (isalnum((unsigned char)s[j]) || s[j] == '_'))
				j++;
			add_token(src, &cap, T_IDENT, i, j - i, directive);
			i = j;
		} else if (isdigit((unsigned char)c)) {
			int j = i;

			while (j < src->size &&
			       (isalnum((unsigned char)s[j]) || s[j] == '.'))
				j++;
			add_token(src, &cap, T_NUMBER, i, j - i, directive);
			i = j;
		} else {
			int n = punct_len(s + i);

			add_token(src, &cap, T_PUNCT, i, n, directive);
			i += n;
		}
	}
}

/* match_brackets - pair each ( [ { with its closer, within a directive. */
static void match_brackets(struct source *src)
{
	int *stack = xmalloc(src->nr_tok * sizeof(int));
	int sp = 0, i;

	for (i = 0; i < src->nr_tok; i++) {
		struct token *t = &src->tok[i];
		char c = src->text[t->start];

		if (t->kind != T_PUNCT || t->len != 1)
			continue;
		if (c == '(' || c == '[' || c == '{') {
			stack[sp++] = i;
		} else if ((c == ')' || c == ']' || c == '}') && sp) {
			int o = stack[--sp];

			/* #define bodies and code never pair up */
			if (src->tok[o].directive != t->directive) {
				sp++;
				continue;
			}
			t->match = o;
			src->tok[o].match = i;
		}
	}
	free(stack);
}

/* ---- which function each token is in ------------------------------------- */

/*
 * new_name - a copy of token @t's text, owned by @src: several tokens
 * point to it, so unload() frees it once, from here.
 */
static char *new_name(struct source *src, const struct token *t)
{
	src->names = xrealloc(src->names,
			      (src->nr_names + 1) * sizeof(char *));
	src->names[src->nr_names] = xstrndup(src->text + t->start, t->len);
	return src->names[src->nr_names++];
}

/*
 * name_functions - the name a mutant is filed under: the function whose
 * body holds the token, the macro a #define line defines, or the object
 * a top-level initialiser fills ("tiny_sched_drv").
 */
static void name_functions(struct source *src)
{
	char *current = NULL, *macro = NULL;
	int depth = 0, parens = 0, last_named = -1, object = 0, i;

	src->func = xmalloc(src->nr_tok * sizeof(char *));
	src->ctx = xmalloc(src->nr_tok);
	for (i = 0; i < src->nr_tok; i++) {
		struct token *t = &src->tok[i];

		src->ctx[i] = C_NONE;
		if (t->directive == 1) {
			if (tok_is(src, i - 1, "define") &&
			    src->tok[i - 1].directive == 1)
				macro = new_name(src, t);
			src->func[i] = macro;
			src->ctx[i] = C_MACRO;
			continue;
		}
		src->func[i] = current;
		if (current)
			src->ctx[i] = depth > 0 && !object ? C_BODY : C_OBJECT;
		if (t->directive)
			continue;
		/* a parameter list's names are not the function's */
		if (depth == 0 && tok_is(src, i, "("))
			parens++;
		else if (depth == 0 && tok_is(src, i, ")") && parens)
			parens--;
		if (depth == 0 && !parens && t->kind == T_IDENT &&
		    (tok_is(src, i + 1, "(") || tok_is(src, i + 1, "=") ||
		     tok_is(src, i + 1, "[")))
			last_named = i;
		/* static int x[] = { 5 };: the initialiser's tokens are x's */
		if (depth == 0 && !parens && tok_is(src, i, "=") &&
		    last_named >= 0) {
			current = new_name(src, &src->tok[last_named]);
			object = 1;
		}
		if (tok_is(src, i, "{")) {
			if (depth++ == 0 && last_named >= 0 && !current) {
				current = new_name(src, &src->tok[last_named]);
				src->func[i] = current;
			}
		} else if (tok_is(src, i, "}") && depth > 0) {
			if (--depth == 0 && !object) {
				current = NULL;
				last_named = -1;
			}
		} else if (depth == 0 && tok_is(src, i, ";")) {
			last_named = -1;
			current = NULL;
			object = 0;
		}
	}
}

static const char *func_of(const struct source *src, int i)
{
	return src->func[i] ? src->func[i] : "-";
}

/* ---- what a token is ----------------------------------------------------- */

static const char *const type_words[] = {
	"int", "long", "char", "short", "unsigned", "signed", "void",
	"const", "volatile", "float", "double", "_Bool", "bool", "__user",
	NULL
};

static const char *const statement_words[] = {
	"return", "case", "sizeof", "if", "while", "for", "switch", "do",
	"else", "goto", "typeof", "__typeof__", NULL
};

/* type_name - whether the identifier at @i names a type. */
static int type_name(const struct source *src, int i)
{
	const struct token *t = &src->tok[i];

	if (t->kind != T_IDENT)
		return 0;
	if (in_list(src, i, type_words))
		return 1;
	if (tok_is(src, i - 1, "struct") || tok_is(src, i - 1, "union") ||
	    tok_is(src, i - 1, "enum"))
		return 1;
	return t->len > 2 && !memcmp(src->text + t->start + t->len - 2, "_t", 2);
}

/* is_cast - whether the ')' at @i closes a cast such as (task_t *). */
static int is_cast(const struct source *src, int i)
{
	int o = src->tok[i].match, j;

	if (o < 0 || o + 1 >= i)
		return 0;
	if (!type_name(src, o + 1) && !tok_is(src, o + 1, "struct") &&
	    !tok_is(src, o + 1, "union"))
		return 0;
	for (j = o + 1; j < i; j++)
		if (src->tok[j].kind != T_IDENT && !tok_is(src, j, "*"))
			return 0;
	return 1;
}

/*
 * binary_at - whether the operator at @i has a left operand: then + - *
 * & are arithmetic and bitwise, not sign, dereference or address.
 */
static int binary_at(const struct source *src, int i)
{
	const struct token *p;

	if (i == 0)
		return 0;
	p = &src->tok[i - 1];
	if (p->directive != src->tok[i].directive)
		return 0;
	switch (p->kind) {
	case T_NUMBER:
	case T_STRING:
	case T_CHAR:
		return 1;
	case T_IDENT:
		if (in_list(src, i - 1, statement_words))
			return 0;
		/* task_t *p, struct rq *rq: a declaration, not a product */
		return !(tok_is(src, i, "*") && type_name(src, i - 1));
	case T_PUNCT:
		if (tok_is(src, i - 1, ")"))
			return !is_cast(src, i - 1);
		return tok_is(src, i - 1, "]");
	}
	return 0;
}

/* An assertion's arguments are not mutated: see the file's comment. */
static const char *const assertions[] = {
	"BUG_ON", "WARN_ON", "BUG", "might_sleep", "BUILD_BUG_ON", NULL
};

/* in_assertion - whether token @i is inside an assertion's parentheses. */
static int in_assertion(const struct source *src, int i, int *cache_lo,
			int *cache_hi)
{
	int j;

	if (i >= *cache_lo && i <= *cache_hi)
		return 1;
	for (j = i; j >= 0; j--) {
		/* an assertion's arguments hold no statement boundary */
		if (tok_is(src, j, ";") || tok_is(src, j, "{") ||
		    tok_is(src, j, "}"))
			break;
		if (!tok_is(src, j, "(") || src->tok[j].match < i)
			continue;
		if (in_list(src, j - 1, assertions)) {
			*cache_lo = j;
			*cache_hi = src->tok[j].match;
			return 1;
		}
	}
	return 0;
}

/* ---- the lines a mutant changes the code of ------------------------------ */

static int boundary(const struct source *src, int i)
{
	return tok_is(src, i, ";") || tok_is(src, i, "{") || tok_is(src, i, "}");
}

/*
 * mark_statement - the lines of the statement that holds token @i, from
 * the boundary before it to the one after: gcov counts a statement on
 * the line it starts on, which may not be the token's.
 */
static void mark_statement(const struct source *src, int i, char *lines)
{
	int a = i, b = i, l;

	while (a > 0 && !boundary(src, a - 1) &&
	       src->tok[a - 1].directive == src->tok[i].directive)
		a--;
	while (b + 1 < src->nr_tok && !boundary(src, b) &&
	       src->tok[b + 1].directive == src->tok[i].directive)
		b++;
	for (l = src->tok[a].line; l <= src->tok[b].line; l++)
		lines[l] = 1;
}

/* defines - whether token @i is where its macro or object is defined. */
static int defines(const struct source *src, int i)
{
	if (tok_is(src, i - 1, "define") && src->tok[i].directive == 1)
		return 1;
	return src->ctx[i] == C_NONE &&
	       (tok_is(src, i + 1, "=") || tok_is(src, i + 1, "["));
}

/*
 * mark_uses - the statements that use the macro or object @name, and
 * those of the macros whose bodies use it, in turn.  *@all is set when
 * a use is outside any function (a table, another object's
 * initialiser): no line tells who runs that.
 */
static void mark_uses(const struct source *src, const char *name,
		      char *lines, char *seen, int *all)
{
	int n = strlen(name), i;

	for (i = 0; i < src->nr_tok && !*all; i++) {
		if (src->tok[i].kind != T_IDENT || src->tok[i].len != n ||
		    memcmp(src->text + src->tok[i].start, name, n) ||
		    defines(src, i))
			continue;
		switch (src->ctx[i]) {
		case C_BODY:
			mark_statement(src, i, lines);
			break;
		case C_MACRO:
			if (seen[i])
				break;
			seen[i] = 1;
			/* every token of that macro is marked seen too */
			{
				int j;

				for (j = 0; j < src->nr_tok; j++)
					if (src->func[j] == src->func[i])
						seen[j] = 1;
			}
			mark_uses(src, src->func[i], lines, seen, all);
			break;
		default:
			*all = 1;
		}
	}
}

/* affected_lines - "a-b,c,..." of @lines, or "*" if @all. */
static char *affected_lines(const struct source *src, const char *lines,
			    int all)
{
	size_t cap = 64, len = 0;
	char *out = xmalloc(cap);
	int l = 1;

	if (all) {
		strcpy(out, "*");
		return out;
	}
	out[0] = '\0';
	while (l <= src->nr_lines) {
		int end;

		if (!lines[l]) {
			l++;
			continue;
		}
		for (end = l; end + 1 <= src->nr_lines && lines[end + 1]; end++)
			;
		if (len + 32 > cap) {
			cap *= 2;
			out = xrealloc(out, cap);
		}
		len += sprintf(out + len, end > l ? "%s%d-%d" : "%s%d",
			       len ? "," : "", l, end);
		l = end + 1;
	}
	return out;
}

/*
 * note_lines - the lines of @m's changed statement, and where its macro
 * or object is used, for make mutate to pick the tests that run them.
 */
static void note_lines(struct source *src, struct mutant *m, int tok_i)
{
	char *lines = xmalloc(src->nr_lines + 2), *seen;
	int all = 0, k;

	memset(lines, 0, src->nr_lines + 2);
	/* every line an edit touches: a lock mutant's release too */
	for (k = 0; k < m->nr_edits; k++) {
		const struct edit *e = &m->edits[k];
		int l = line_of(src, e->off);
		int last = line_of(src, e->off + (e->del ? e->del - 1 : 0));

		for (; l <= last; l++)
			lines[l] = 1;
	}
	if (src->ctx[tok_i] == C_BODY) {
		mark_statement(src, tok_i, lines);
	} else if (src->ctx[tok_i] == C_MACRO ||
		   src->ctx[tok_i] == C_OBJECT) {
		seen = xmalloc(src->nr_tok);
		memset(seen, 0, src->nr_tok);
		for (k = 0; k < src->nr_tok; k++)
			if (src->func[k] == src->func[tok_i])
				seen[k] = 1;
		mark_uses(src, src->func[tok_i], lines, seen, &all);
		free(seen);
	}
	m->lines = affected_lines(src, lines, all);
	free(lines);
}

/* ---- making mutants ------------------------------------------------------ */

static uint32_t fnv1a(uint32_t h, const char *s)
{
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 16777619u;
	}
	h ^= 0xff;		/* field separator */
	h *= 16777619u;
	return h;
}

/*
 * trimmed - the line in [@start, @end) of @text without its indentation
 * and trailing blanks, up to a newline a deletion left in it.
 */
static char *trimmed(const char *text, int start, int end)
{
	const char *nl = memchr(text + start, '\n', end - start);
	char *s;
	int i;

	if (nl)
		end = nl - text;
	while (start < end && (text[start] == ' ' || text[start] == '\t'))
		start++;
	while (end > start && (text[end - 1] == ' ' || text[end - 1] == '\t' ||
			       text[end - 1] == '\r'))
		end--;
	s = xstrndup(text + start, end - start);
	for (i = 0; s[i]; i++)
		if (s[i] == '\t')
			s[i] = ' ';
	return s;
}

/* mutated_line - line @n as the edits leave it. */
static char *mutated_line(const struct source *src, int n,
			  const struct edit *e, int nr)
{
	int start, end, k, len = 0, pos;
	char *out;

	line_bounds(src, n, &start, &end);
	for (k = 0; k < nr; k++)
		len += strlen(e[k].ins);
	out = xmalloc(end - start + len + 1);
	pos = start;
	len = 0;
	for (k = 0; k < nr; k++) {
		int off = e[k].off, stop = e[k].off + e[k].del;

		if (off < start || off > end)
			continue;
		memcpy(out + len, src->text + pos, off - pos);
		len += off - pos;
		strcpy(out + len, e[k].ins);
		len += strlen(e[k].ins);
		pos = stop < end ? stop : end;
	}
	memcpy(out + len, src->text + pos, end - pos);
	len += end - pos;
	out[len] = '\0';
	return out;
}

static void add_mutant(struct source *src, int tok_i, const char *op,
		       const struct edit *e, int nr, char *buf)
{
	struct mutant *m;
	int start, end, k, line = line_of(src, e[0].off);
	char *mline;

	if (src->nr_mut == src->cap_mut) {
		src->cap_mut = src->cap_mut ? src->cap_mut * 2 : 256;
		src->mut = xrealloc(src->mut, src->cap_mut * sizeof(*m));
	}
	m = &src->mut[src->nr_mut++];
	memset(m, 0, sizeof(*m));
	m->line = line;
	m->last = line;
	for (k = 0; k < nr; k++) {
		int end = line_of(src, e[k].off + (e[k].del ? e[k].del - 1 : 0));

		if (end > m->last)
			m->last = end;
	}
	m->op = op;
	m->func = func_of(src, tok_i);
	memcpy(m->edits, e, nr * sizeof(*e));
	m->nr_edits = nr;
	m->buf = buf;
	line_bounds(src, line, &start, &end);
	m->orig = trimmed(src->text, start, end);
	mline = mutated_line(src, line, e, nr);
	m->mut = trimmed(mline, 0, strlen(mline));
	free(mline);
	note_lines(src, m, tok_i);
}

/* replace - a mutant that turns token @i into @with. */
static void replace(struct source *src, int i, const char *op,
		    const char *with)
{
	struct edit e = { src->tok[i].start, src->tok[i].len, with };

	add_mutant(src, i, op, &e, 1, NULL);
}

struct swap {
	const char *from, *to, *op;
	int binary;		/* only where the operator is binary */
};

static const struct swap swaps[] = {
	{ "<", "<=", "ror", 0 },	{ "<", ">=", "ror", 0 },
	{ "<=", "<", "ror", 0 },	{ "<=", ">", "ror", 0 },
	{ ">", ">=", "ror", 0 },	{ ">", "<=", "ror", 0 },
	{ ">=", ">", "ror", 0 },	{ ">=", "<", "ror", 0 },
	{ "==", "!=", "ror", 0 },	{ "!=", "==", "ror", 0 },
	{ "&&", "||", "lor", 0 },	{ "||", "&&", "lor", 0 },
	{ "+", "-", "aor", 1 },		{ "-", "+", "aor", 1 },
	{ "*", "/", "aor", 1 },		{ "/", "*", "aor", 1 },
	{ "%", "*", "aor", 1 },		{ "<<", ">>", "aor", 0 },
	{ ">>", "<<", "aor", 0 },	{ "&", "|", "bor", 1 },
	{ "|", "&", "bor", 0 },		{ "^", "|", "bor", 0 },
	{ "+=", "-=", "asr", 0 },	{ "-=", "+=", "asr", 0 },
	{ "*=", "/=", "asr", 0 },	{ "/=", "*=", "asr", 0 },
	{ "|=", "&=", "asr", 0 },	{ "&=", "|=", "asr", 0 },
	{ "^=", "|=", "asr", 0 },	{ "<<=", ">>=", "asr", 0 },
	{ ">>=", "<<=", "asr", 0 },	{ "++", "--", "inc", 0 },
	{ "--", "++", "inc", 0 },
	/* calls with a twin */
	{ "list_add", "list_add_tail", "call", 0 },
	{ "list_add_tail", "list_add", "call", 0 },
	{ "list_move", "list_move_tail", "call", 0 },
	{ "list_move_tail", "list_move", "call", 0 },
	{ "__set_bit", "__clear_bit", "call", 0 },
	{ "__clear_bit", "__set_bit", "call", 0 },
	{ "set_bit", "clear_bit", "call", 0 },
	{ "clear_bit", "set_bit", "call", 0 },
	{ "cpu_set", "cpu_clear", "call", 0 },
	{ "cpu_clear", "cpu_set", "call", 0 },
	{ "cpus_and", "cpus_or", "call", 0 },
	{ "cpus_or", "cpus_and", "call", 0 },
	{ "min", "max", "call", 0 },	{ "max", "min", "call", 0 },
	{ "min_t", "max_t", "call", 0 }, { "max_t", "min_t", "call", 0 },
	{ "atomic_inc", "atomic_dec", "call", 0 },
	{ "atomic_dec", "atomic_inc", "call", 0 },
	{ "set_tsk_need_resched", "clear_tsk_need_resched", "call", 0 },
	{ "clear_tsk_need_resched", "set_tsk_need_resched", "call", 0 },
	{ NULL }
};

static void mutate_swaps(struct source *src, int i)
{
	const struct swap *s;

	for (s = swaps; s->from; s++) {
		if (!tok_is(src, i, s->from))
			continue;
		if (s->binary && !binary_at(src, i))
			continue;
		/* a call's twin only where it is called */
		if (!strcmp(s->op, "call") && !tok_is(src, i + 1, "("))
			continue;
		replace(src, i, s->op, s->to);
	}
}

/* mutate_constant - an integer literal plus one and, above 0, minus one. */
static void mutate_constant(struct source *src, int i)
{
	const struct token *t = &src->tok[i];
	const char *s = src->text + t->start;
	int hex = t->len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
	unsigned long long v;
	char *end, suffix[8];
	int d, k;

	if (!hex && t->len > 1 && s[0] == '0')
		return;		/* octal: none in this code */
	errno = 0;
	v = strtoull(s, &end, hex ? 16 : 10);
	if (errno || end - s > t->len || t->len - (end - s) >= (int)sizeof(suffix))
		return;
	for (k = 0; k < t->len - (end - s); k++) {
		if (!strchr("uUlL", end[k]))
			return;	/* a float or something odd */
		suffix[k] = end[k];
	}
	suffix[k] = '\0';
	for (d = 1; d >= -1; d -= 2) {
		char *buf;

		if (d < 0 && v == 0)
			continue;
		buf = xmalloc(32);
		snprintf(buf, 32, hex ? "0x%llx%s" : "%llu%s", v + d, suffix);
		{
			struct edit e = { t->start, t->len, buf };

			add_mutant(src, i, "cst", &e, 1, buf);
		}
	}
}

/* mutate_unary - drop a unary ! or ~. */
static void mutate_unary(struct source *src, int i)
{
	if (!tok_is(src, i, "!") && !tok_is(src, i, "~"))
		return;
	if (tok_is(src, i, "~") && binary_at(src, i))
		return;
	replace(src, i, "not", "");
}

static const char *const comparisons[] = {
	"<", "<=", ">", ">=", "==", "!=", "&&", "||", NULL
};

/*
 * plain_condition - whether the condition between the brackets @o and
 * @c is neither a comparison nor a negation: those already have their
 * negations among the ror, lor and not mutants.
 */
static int plain_condition(const struct source *src, int o, int c)
{
	int j;

	/* if (likely(X)): X is the condition */
	if ((tok_is(src, o + 1, "likely") || tok_is(src, o + 1, "unlikely")) &&
	    tok_is(src, o + 2, "(") && src->tok[o + 2].match == c - 1)
		return plain_condition(src, o + 2, c - 1);
	if (tok_is(src, o + 1, "!"))
		return 0;
	for (j = o + 1; j < c; j++) {
		if (in_list(src, j, comparisons))
			return 0;
		if (src->tok[j].match > j)
			j = src->tok[j].match;
	}
	return 1;
}

/* mutate_condition - if (X) and while (X) become if (!(X)). */
static void mutate_condition(struct source *src, int i)
{
	struct edit e[2];
	int o = i + 1, c;

	if (!tok_is(src, i, "if") && !tok_is(src, i, "while"))
		return;
	if (!tok_is(src, o, "(") || (c = src->tok[o].match) < 0)
		return;
	if (!plain_condition(src, o, c))
		return;
	e[0].off = src->tok[o].start + 1;
	e[0].del = 0;
	e[0].ins = "!(";
	e[1].off = src->tok[c].start;
	e[1].del = 0;
	e[1].ins = ")";
	add_mutant(src, i, "cond", e, 2, NULL);
}

static const char *const not_statements[] = {
	"return", "break", "continue", "goto", "if", "for", "while", "do",
	"switch", "case", "default", "else", "struct", "union", "enum",
	"static", "extern", "typedef", "register", "inline", "asm",
	"__asm__", "int", "long", "char", "short", "unsigned", "signed",
	"void", "const", "volatile", "float", "double", "_Bool", "bool", NULL
};

/* statement_start - whether token @i begins a statement in a body. */
static int statement_start(const struct source *src, int i)
{
	if (src->tok[i].directive || !src->func[i] || i == 0)
		return 0;
	if (tok_is(src, i - 1, ";") || tok_is(src, i - 1, "{") ||
	    tok_is(src, i - 1, "}") || tok_is(src, i - 1, ":"))
		return 1;
	/* the body of an if, while or for without braces */
	return tok_is(src, i - 1, ")") && src->tok[i - 1].match > 0 &&
	       (tok_is(src, src->tok[i - 1].match - 1, "if") ||
		tok_is(src, src->tok[i - 1].match - 1, "while") ||
		tok_is(src, src->tok[i - 1].match - 1, "for"));
}

/*
 * mutate_deletion - an expression statement that starts at token @i
 * (an identifier, a dereference, an increment) is deleted: its first
 * line becomes ";" and the lines it continues on become empty, so that
 * every later line keeps its number.  Declarations and labels are not
 * statements; the assertions are not deleted.
 */
static void mutate_deletion(struct source *src, int i)
{
	const struct token *t = &src->tok[i];
	int j, end, sline, eline, first_start, last_end;
	struct edit e;

	if (!statement_start(src, i))
		return;
	if (t->kind == T_IDENT) {
		if (in_list(src, i, not_statements) ||
		    in_list(src, i, assertions) || type_name(src, i))
			return;
		/* label: */
		if (tok_is(src, i + 1, ":"))
			return;
		/* a declaration: "foo_t x", "struct_name *p = ..." */
		j = i + 1;
		while (tok_is(src, j, "*"))
			j++;
		if (j < src->nr_tok && src->tok[j].kind == T_IDENT &&
		    src->tok[j].directive == t->directive)
			return;
	} else if (!tok_is(src, i, "*") && !tok_is(src, i, "++") &&
		   !tok_is(src, i, "--") && !tok_is(src, i, "(")) {
		return;
	}
	/* find the ';' that ends it, skipping over brackets */
	for (j = i; j < src->nr_tok; j++) {
		if (tok_is(src, j, ";"))
			break;
		if (tok_is(src, j, "{") || tok_is(src, j, "}"))
			return;		/* a block: not one statement */
		if (src->tok[j].match > j)
			j = src->tok[j].match;
	}
	if (j >= src->nr_tok)
		return;
	end = src->tok[j].start + 1;
	sline = t->line;
	eline = src->tok[j].line;
	/* only statements that have their lines to themselves */
	line_bounds(src, sline, &first_start, &last_end);
	for (j = first_start; j < t->start; j++)
		if (src->text[j] != ' ' && src->text[j] != '\t')
			return;
	line_bounds(src, eline, &first_start, &last_end);
	for (j = end; j < last_end; j++)
		if (src->text[j] != ' ' && src->text[j] != '\t')
			return;
	{
		/* ";" then as many newlines as the statement had */
		int n = eline - sline, k;
		char *buf = xmalloc(n + 2);

		buf[0] = ';';
		for (k = 0; k < n; k++)
			buf[1 + k] = '\n';
		buf[1 + n] = '\0';
		e.off = t->start;
		e.del = end - t->start;
		e.ins = buf;
		add_mutant(src, i, "del", &e, 1, buf);
	}
}

/* ---- the SMP operators: lock, recheck, retry ----------------------------- */

/*
 * These mutants are right on a machine that runs one CPU at a time and
 * wrong where another CPU can run in between: a lock dropped around an
 * update, a test of shared state skipped after a lock was retaken, a
 * retry loop that gives up.  Serially no test can tell; the interleaved
 * suites (check_races, interleave.sh) can.
 */

/*
 * The lock primitives the drivers and libsched use.  @pair is the
 * release that ends an acquire's section: only those pairs are dropped.
 * @stay is what is left of a dropped one: its interrupt and preemption
 * work, so that only the lock goes ("%s": the saved flags).  @keys
 * says which arguments name the lock: 1 the first, 2 the first two, -1
 * the variable the call is assigned to (rq = task_rq_lock(p, &flags)
 * locks rq).  @byref: the flags are passed by address.  The entries
 * without a pair are there so that a section holding one of them is
 * left alone: it lets the lock go or takes it another way.
 */
struct lock_prim {
	const char *name;
	int acquire;
	const char *pair;
	const char *stay;
	int keys, byref;
};

#define PRE_ON		"preempt_disable();"
#define PRE_OFF		"preempt_enable();"
#define IRQ_ON		"local_irq_disable(); preempt_disable();"
#define IRQ_OFF		"local_irq_enable(); preempt_enable();"
#define SAVE_ON		"local_irq_save(%s); preempt_disable();"
#define SAVE_OFF	"local_irq_restore(%s); preempt_enable();"

static const struct lock_prim lock_prims[] = {
	{ "spin_lock", 1, "spin_unlock", PRE_ON, 1, 0 },
	{ "spin_unlock", 0, NULL, PRE_OFF, 1, 0 },
	{ "spin_lock_irq", 1, "spin_unlock_irq", IRQ_ON, 1, 0 },
	{ "spin_unlock_irq", 0, NULL, IRQ_OFF, 1, 0 },
	{ "spin_lock_irqsave", 1, "spin_unlock_irqrestore", SAVE_ON, 1, 0 },
	{ "spin_unlock_irqrestore", 0, NULL, SAVE_OFF, 1, 0 },
	{ "read_lock", 1, "read_unlock", PRE_ON, 1, 0 },
	{ "read_unlock", 0, NULL, PRE_OFF, 1, 0 },
	{ "read_lock_irq", 1, "read_unlock_irq", IRQ_ON, 1, 0 },
	{ "read_unlock_irq", 0, NULL, IRQ_OFF, 1, 0 },
	{ "read_lock_irqsave", 1, "read_unlock_irqrestore", SAVE_ON, 1, 0 },
	{ "read_unlock_irqrestore", 0, NULL, SAVE_OFF, 1, 0 },
	{ "write_lock", 1, "write_unlock", PRE_ON, 1, 0 },
	{ "write_unlock", 0, NULL, PRE_OFF, 1, 0 },
	{ "write_lock_irq", 1, "write_unlock_irq", IRQ_ON, 1, 0 },
	{ "write_unlock_irq", 0, NULL, IRQ_OFF, 1, 0 },
	{ "write_lock_irqsave", 1, "write_unlock_irqrestore", SAVE_ON, 1, 0 },
	{ "write_unlock_irqrestore", 0, NULL, SAVE_OFF, 1, 0 },
	/* both runqueues; the caller has interrupts off already */
	{ "double_rq_lock", 1, "double_rq_unlock", ";", 2, 0 },
	{ "double_rq_unlock", 0, NULL, ";", 2, 0 },
	/* mutate_lock() adds "rq = task_rq(p);" */
	{ "task_rq_lock", 1, "task_rq_unlock", SAVE_ON, -1, 1 },
	{ "task_rq_unlock", 0, NULL, SAVE_OFF, 1, 1 },
	{ "_raw_spin_lock", 1, NULL, NULL, 1, 0 },
	{ "_raw_spin_unlock", 0, NULL, NULL, 1, 0 },
	{ "spin_unlock_no_resched", 0, NULL, NULL, 1, 0 },
	{ "spin_trylock", 1, NULL, NULL, 1, 0 },
	{ "double_lock_balance", 1, NULL, NULL, 2, 0 },
	{ "this_rq_lock", 1, NULL, NULL, -1, 0 },
	{ "lock_siblings", 1, NULL, NULL, 1, 0 },
	{ "unlock_siblings", 0, NULL, NULL, 1, 0 },
	{ NULL }
};

/* lock_prim_at - the lock primitive called at @i in a body, or NULL. */
static const struct lock_prim *lock_prim_at(const struct source *src, int i)
{
	const struct lock_prim *l;

	if (src->tok[i].kind != T_IDENT || src->tok[i].directive ||
	    src->ctx[i] != C_BODY || !tok_is(src, i + 1, "(") ||
	    src->tok[i + 1].match < 0)
		return NULL;
	for (l = lock_prims; l->name; l++)
		if (tok_is(src, i, l->name))
			return l;
	return NULL;
}

/* joined - the tokens @a to @b with no blanks between: for comparing. */
static char *joined(const struct source *src, int a, int b)
{
	size_t n = 0;
	char *s;
	int j;

	for (j = a; j <= b; j++)
		n += src->tok[j].len;
	s = xmalloc(n + 1);
	for (n = 0, j = a; j <= b; j++) {
		memcpy(s + n, src->text + src->tok[j].start, src->tok[j].len);
		n += src->tok[j].len;
	}
	s[n] = '\0';
	return s;
}

/* written - the tokens @a to @b as the file has them. */
static char *written(const struct source *src, int a, int b)
{
	return xstrndup(src->text + src->tok[a].start,
			src->tok[b].start + src->tok[b].len -
			src->tok[a].start);
}

/* call_arg - the first and last token of argument @k of the call at @o. */
static int call_arg(const struct source *src, int o, int k, int *first,
		    int *last)
{
	int c = src->tok[o].match, j, n = 0;

	*first = o + 1;
	for (j = o + 1; j < c; j++) {
		if (tok_is(src, j, ",")) {
			if (n++ == k) {
				*last = j - 1;
				return *last >= *first;
			}
			*first = j + 1;
		} else if (src->tok[j].match > j) {
			j = src->tok[j].match;
		}
	}
	*last = c - 1;
	return n == k && *last >= *first;
}

/*
 * lock_key - the @k-th lock the primitive @l at @i names, or NULL:
 * &rq->lock and rq (as double_rq_lock() and task_rq_lock() name it)
 * are the same lock.
 */
static char *lock_key(const struct source *src, int i,
		      const struct lock_prim *l, int k)
{
	int first, last;

	if (l->keys < 0) {
		if (k || i < 2 || !tok_is(src, i - 1, "=") ||
		    src->tok[i - 2].kind != T_IDENT)
			return NULL;
		return joined(src, i - 2, i - 2);
	}
	if (k >= l->keys || !call_arg(src, i + 1, k, &first, &last))
		return NULL;
	if (tok_is(src, first, "&"))
		first++;
	if (last - first >= 2 && tok_is(src, last, "lock") &&
	    tok_is(src, last - 1, "->"))
		last -= 2;
	return first <= last ? joined(src, first, last) : NULL;
}

/* shares_lock - whether the primitives at @i and @j name a lock alike. */
static int shares_lock(const struct source *src, int i,
		       const struct lock_prim *l, int j,
		       const struct lock_prim *r)
{
	int a, b, same = 0;

	for (a = 0; a < 2 && !same; a++) {
		char *x = lock_key(src, i, l, a);

		for (b = 0; x && b < 2 && !same; b++) {
			char *y = lock_key(src, j, r, b);

			same = y && !strcmp(x, y);
			free(y);
		}
		free(x);
	}
	return same;
}

/*
 * block_statement - whether a statement starts at @i that runs whenever
 * the code before it in its block does: not the body of an if, else,
 * while or for without braces, nor a case of a switch.
 */
static int block_statement(const struct source *src, int i)
{
	if (tok_is(src, i - 1, ";") || tok_is(src, i - 1, "{") ||
	    tok_is(src, i - 1, "}"))
		return 1;
	/* label: but not case X: or default: */
	return i >= 3 && tok_is(src, i - 1, ":") &&
	       src->tok[i - 2].kind == T_IDENT &&
	       !tok_is(src, i - 2, "default") && !tok_is(src, i - 3, "case") &&
	       block_statement(src, i - 2);
}

/*
 * lock_statement - whether the primitive @l at @i is a statement of its
 * own in a block ("f(x);", or "rq = f(x);" for an assigned one): its
 * first token in *@s, its ';' in *@semi.
 */
static int lock_statement(const struct source *src, int i,
			  const struct lock_prim *l, int *s, int *semi)
{
	int c = src->tok[i + 1].match;

	*s = i;
	if (l->keys < 0) {
		if (!tok_is(src, i - 1, "=") || i < 2 ||
		    src->tok[i - 2].kind != T_IDENT)
			return 0;
		*s = i - 2;
	}
	if (*s < 1 || !block_statement(src, *s) || !tok_is(src, c + 1, ";"))
		return 0;
	*semi = c + 1;
	return 1;
}

/* block_of - the '{' of the innermost block around token @i, or -1. */
static int block_of(const struct source *src, int i)
{
	int j;

	for (j = i - 1; j >= 0; j--) {
		if (tok_is(src, j, "}") && src->tok[j].match >= 0)
			j = src->tok[j].match;
		else if (tok_is(src, j, "{"))
			return j;
	}
	return -1;
}

/* body_end - the last token of the body of the loop or switch at @kw. */
static int body_end(const struct source *src, int kw)
{
	int j = kw + 1;

	if (!tok_is(src, kw, "do")) {
		if (!tok_is(src, j, "(") || src->tok[j].match < 0)
			return -1;
		j = src->tok[j].match + 1;
	}
	if (tok_is(src, j, "{"))
		return src->tok[j].match;
	for (; j < src->nr_tok && !tok_is(src, j, ";"); j++)
		if (src->tok[j].match > j)
			j = src->tok[j].match;
	return j;
}

/* func_bounds - the first and the last token of @i's function. */
static void func_bounds(const struct source *src, int i, int *lo, int *hi)
{
	for (*lo = i; *lo > 0 && src->func[*lo - 1] == src->func[i]; (*lo)--)
		;
	for (*hi = i; *hi + 1 < src->nr_tok &&
	     src->func[*hi + 1] == src->func[i]; (*hi)++)
		;
}

/* label_in - where the label named by token @name is, in [@a, @b), or -1. */
static int label_in(const struct source *src, int name, int a, int b)
{
	const struct token *t = &src->tok[name];
	int j;

	for (j = a; j < b; j++)
		if (src->tok[j].kind == T_IDENT && src->tok[j].len == t->len &&
		    !memcmp(src->text + src->tok[j].start,
			    src->text + t->start, t->len) &&
		    tok_is(src, j + 1, ":") && block_statement(src, j + 2))
			return j;
	return -1;
}

/* jumped_into - whether a goto outside (@a, @b) goes to a label in it. */
static int jumped_into(const struct source *src, int a, int b)
{
	int lo, hi, j;

	func_bounds(src, a, &lo, &hi);
	for (j = lo; j < hi; j++)
		if ((j <= a || j >= b) && tok_is(src, j, "goto") &&
		    label_in(src, j + 1, a + 1, b) >= 0)
			return 1;
	return 0;
}

/* loop_around - whether a loop (or a switch, for a break) in (@a, @k)
 * holds the break or continue at @k. */
static int loop_around(const struct source *src, int a, int k)
{
	int j;

	for (j = a + 1; j < k; j++)
		if ((tok_is(src, j, "for") || tok_is(src, j, "while") ||
		     tok_is(src, j, "do") ||
		     (tok_is(src, j, "switch") && tok_is(src, k, "break"))) &&
		    body_end(src, j) > k)
			return 1;
	return 0;
}

/*
 * escapes - whether a path leaves the tokens between @a and @b other
 * than through @b, or comes into them other than through @a: a return,
 * a goto across either end, a break or continue of a loop around them,
 * a case label.  The lock is then let go, or taken, somewhere else.
 */
static int escapes(const struct source *src, int a, int b)
{
	int k;

	for (k = a + 1; k < b; k++) {
		if (tok_is(src, k, "return") || tok_is(src, k, "case") ||
		    tok_is(src, k, "default"))
			return 1;
		if (tok_is(src, k, "goto") && label_in(src, k + 1, a, b) < 0)
			return 1;
		if ((tok_is(src, k, "break") || tok_is(src, k, "continue")) &&
		    !loop_around(src, a, k))
			return 1;
	}
	return jumped_into(src, a, b);
}

/*
 * stay_text - what is left of the statement @s..@semi of the primitive
 * @l at @i when its lock goes (see struct lock_prim), with a newline
 * for each line it continued on, so that no line moves.  NULL when its
 * flags are not written as the primitive wants them.
 */
static char *stay_text(const struct source *src, int i,
		       const struct lock_prim *l, int s, int semi)
{
	int lines = src->tok[semi].line - src->tok[s].line;
	char *flags = NULL, *out, *p;
	int first, last;
	size_t n;

	if (strstr(l->stay, "%s")) {
		if (!call_arg(src, i + 1, 1, &first, &last) ||
		    tok_is(src, first, "&") != l->byref)
			return NULL;
		flags = written(src, first + l->byref, last);
	}
	n = strlen(l->stay) + (flags ? strlen(flags) : 0) + lines + 1;
	if (l->keys < 0)	/* rq = task_rq(p); */
		n += src->tok[s].len + (src->tok[i + 1].match - i) * 8 + 32;
	out = p = xmalloc(n);
	p += sprintf(p, l->stay, flags ? flags : "");
	if (l->keys < 0 && call_arg(src, i + 1, 0, &first, &last)) {
		char *obj = written(src, first, last);

		p += sprintf(p, " %.*s = task_rq(%s);", src->tok[s].len,
			     src->text + src->tok[s].start, obj);
		free(obj);
	}
	memset(p, '\n', lines);
	p[lines] = '\0';
	free(flags);
	return out;
}

/* same_section - whether the release at @j lets go what @i took. */
static int same_section(const struct source *src, int i,
			const struct lock_prim *l, int j)
{
	char *took = joined(src, i + 2, src->tok[i + 1].match - 1);
	char *gave = joined(src, j + 2, src->tok[j + 1].match - 1);
	int same;

	if (l->keys < 0) {	/* rq = task_rq_lock(p, &f): (rq, &f) */
		int first, last;
		char *rq = lock_key(src, i, l, 0), *f;

		if (!rq || !call_arg(src, i + 1, 1, &first, &last)) {
			free(rq);
			free(took);
			free(gave);
			return 0;
		}
		f = joined(src, first, last);
		took = xrealloc(took, strlen(rq) + strlen(f) + 2);
		sprintf(took, "%s,%s", rq, f);
		free(rq);
		free(f);
	}
	same = !strcmp(took, gave);
	free(took);
	free(gave);
	return same;
}

/*
 * drop_section - the lock mutant: the acquire @s..@semi (primitive at
 * @i) and the release @rs..@rsemi (at @j) both become what stays of
 * them.  One buffer owns both texts.
 */
static void drop_section(struct source *src, int i, int s, int semi, int j,
			 int rs, int rsemi)
{
	char *on = stay_text(src, i, lock_prim_at(src, i), s, semi);
	char *off = stay_text(src, j, lock_prim_at(src, j), rs, rsemi);
	struct edit e[2];
	char *buf;

	if (on && off) {
		buf = xmalloc(strlen(on) + strlen(off) + 2);
		strcpy(buf, on);
		strcpy(buf + strlen(on) + 1, off);
		e[0].off = src->tok[s].start;
		e[0].del = src->tok[semi].start + 1 - e[0].off;
		e[0].ins = buf;
		e[1].off = src->tok[rs].start;
		e[1].del = src->tok[rsemi].start + 1 - e[1].off;
		e[1].ins = buf + strlen(on) + 1;
		add_mutant(src, i, "lock", e, 2, buf);
	}
	free(on);
	free(off);
}

/*
 * mutate_lock - an acquire and the release that ends its section, in
 * the same block, both dropped.  Any other primitive on the same lock
 * between them, or a path out of or into the section, and the pair is
 * left alone: a missing mutant is better than one wrong serially.
 */
static void mutate_lock(struct source *src, int i)
{
	const struct lock_prim *l = lock_prim_at(src, i), *r;
	int s, semi, blk, j, rs, rsemi;

	if (!l || !l->pair || !lock_statement(src, i, l, &s, &semi) ||
	    (blk = block_of(src, s)) < 0)
		return;
	for (j = semi + 1; j < src->tok[blk].match; j++) {
		r = lock_prim_at(src, j);
		if (!r || !shares_lock(src, i, l, j, r))
			continue;
		if (strcmp(r->name, l->pair) ||
		    !lock_statement(src, j, r, &rs, &rsemi) ||
		    block_of(src, rs) != blk || !same_section(src, i, l, j) ||
		    escapes(src, semi, rs))
			return;
		drop_section(src, i, s, semi, j, rs, rsemi);
		return;
	}
}

/*
 * retaken - whether the lock the acquire @l at @i takes may have been
 * let go on the way there: a release of it earlier in the function, a
 * goto from after it back to a label before it, or a loop around it
 * that releases it.  Whatever was true before may have changed.
 */
static int retaken(const struct source *src, int i, const struct lock_prim *l)
{
	const struct lock_prim *r;
	int lo, hi, j, k, end;

	func_bounds(src, i, &lo, &hi);
	for (j = lo; j < i; j++) {
		r = lock_prim_at(src, j);
		if (r && !r->acquire && shares_lock(src, i, l, j, r))
			return 1;
	}
	for (j = i + 1; j <= hi; j++)
		if (tok_is(src, j, "goto") && label_in(src, j + 1, lo, i) >= 0)
			return 1;
	for (k = lo; k < i; k++) {
		if (!tok_is(src, k, "for") && !tok_is(src, k, "while") &&
		    !tok_is(src, k, "do"))
			continue;
		end = body_end(src, k);
		for (j = i + 1; j < end; j++) {
			r = lock_prim_at(src, j);
			if (r && !r->acquire && shares_lock(src, i, l, j, r))
				return 1;
		}
	}
	return 0;
}

/* RECHECK_STATEMENTS - how far after an acquire an if is its recheck. */
#define RECHECK_STATEMENTS	3

/* never_taken - if (X) at @i becomes if (0 && (X)). */
static void never_taken(struct source *src, int i)
{
	int o = i + 1, c = src->tok[o].match;
	struct edit e[2];

	if (!tok_is(src, o, "(") || c < 0)
		return;
	e[0].off = src->tok[o].start + 1;
	e[0].del = 0;
	e[0].ins = "0 && (";
	e[1].off = src->tok[c].start;
	e[1].del = 0;
	e[1].ins = ")";
	add_mutant(src, i, "recheck", e, 2, NULL);
}

/*
 * mutate_recheck - the ifs among the first statements of the block
 * after a retaken lock's acquire (retaken()), up to a statement that
 * takes or lets go a lock, are never taken.
 */
static void mutate_recheck(struct source *src, int i)
{
	const struct lock_prim *l = lock_prim_at(src, i);
	int s, semi, blk, j, depth = 0, ends = 0;

	if (!l || !l->acquire || !lock_statement(src, i, l, &s, &semi) ||
	    (blk = block_of(src, s)) < 0 || !retaken(src, i, l))
		return;
	for (j = semi + 1; j < src->tok[blk].match &&
	     ends < RECHECK_STATEMENTS; j++) {
		if (tok_is(src, j, "(") || tok_is(src, j, "[")) {
			j = src->tok[j].match;
			if (j < 0)
				return;
		} else if (tok_is(src, j, "{")) {
			depth++;
		} else if (tok_is(src, j, "}")) {
			ends += --depth == 0;
		} else if (depth) {
			continue;
		} else if (tok_is(src, j, ";")) {
			ends++;
		} else if (lock_prim_at(src, j)) {
			return;
		} else if (tok_is(src, j, "if") && block_statement(src, j)) {
			never_taken(src, j);
		}
	}
}

/*
 * cut_goto - goto LABEL; with LABEL earlier in the function becomes
 * if (0) goto LABEL;: gone, as deleted, but the label is still used,
 * so gcc -Wall does not point at it (unused label) before a test runs.
 */
static void cut_goto(struct source *src, int i)
{
	struct edit e;
	int lo, hi;

	if (src->tok[i + 1].kind != T_IDENT || !tok_is(src, i + 2, ";"))
		return;
	func_bounds(src, i, &lo, &hi);
	if (label_in(src, i + 1, lo, i) < 0)
		return;
	e.off = src->tok[i].start;
	e.del = 0;
	e.ins = "if (0) ";
	add_mutant(src, i, "retry", &e, 1, NULL);
}

/* relax_at - whether "cpu_relax();" is at @j. */
static int relax_at(const struct source *src, int j)
{
	return tok_is(src, j, "cpu_relax") && tok_is(src, j + 1, "(") &&
	       tok_is(src, j + 2, ")") && tok_is(src, j + 3, ";");
}

/* retry_condition - the condition at @o, (X), becomes (@pre(X)). */
static void retry_condition(struct source *src, int kw, int o,
			    const char *pre)
{
	struct edit e[2];

	e[0].off = src->tok[o].start + 1;
	e[0].del = 0;
	e[0].ins = pre;
	e[1].off = src->tok[src->tok[o].match].start;
	e[1].del = 0;
	e[1].ins = ")";
	add_mutant(src, kw, "retry", e, 2, NULL);
}

/*
 * spin_loop - while (X) cpu_relax(); spins no more: while (0 && (X)).
 * for (;;) { ... cpu_relax(); } gives up after one try: its first
 * "if (X) break;" becomes if (1 || (X)).
 */
static void spin_loop(struct source *src, int i)
{
	int o = i + 1, c = src->tok[o].match, end, j;

	if (!tok_is(src, o, "(") || c < 0 || !block_statement(src, i))
		return;
	if (tok_is(src, i, "while") &&
	    (relax_at(src, c + 1) ||
	     (tok_is(src, c + 1, "{") && relax_at(src, c + 2) &&
	      tok_is(src, c + 6, "}")))) {
		retry_condition(src, i, o, "0 && (");
		return;
	}
	if (!(tok_is(src, i, "for") && c == o + 3 && tok_is(src, o + 1, ";") &&
	      tok_is(src, o + 2, ";")) && !(tok_is(src, i, "while") &&
	      c == o + 2 && tok_is(src, o + 1, "1")))
		return;
	if (!tok_is(src, c + 1, "{") || (end = src->tok[c + 1].match) < 0)
		return;
	for (j = c + 2; j < end && !relax_at(src, j); j++)
		if (src->tok[j].match > j)
			j = src->tok[j].match;
	if (j >= end)
		return;
	for (j = c + 2; j < end; j++) {
		if (tok_is(src, j, "if") && tok_is(src, j + 1, "(") &&
		    src->tok[j + 1].match > 0 &&
		    tok_is(src, src->tok[j + 1].match + 1, "break")) {
			retry_condition(src, j, j + 1, "1 || (");
			return;
		}
		if (src->tok[j].match > j)
			j = src->tok[j].match;
	}
}

static void mutate_smp(struct source *src, int i)
{
	if (src->tok[i].directive || src->ctx[i] != C_BODY)
		return;
	mutate_lock(src, i);
	mutate_recheck(src, i);
	if (tok_is(src, i, "goto"))
		cut_goto(src, i);
	else if (tok_is(src, i, "while") || tok_is(src, i, "for"))
		spin_loop(src, i);
}

static void make_mutants(struct source *src)
{
	int i, lo = -1, hi = -2;

	for (i = 0; i < src->nr_tok; i++) {
		const struct token *t = &src->tok[i];

		if (t->directive == 2)
			continue;
		/*
		 * Outside a function, an initialiser or a #define's body
		 * (struct definitions, prototypes, a #define's name) there
		 * is nothing to run.
		 */
		if (!src->func[i])
			continue;
		if (in_assertion(src, i, &lo, &hi))
			continue;
		mutate_deletion(src, i);
		mutate_condition(src, i);
		if (t->kind == T_NUMBER)
			mutate_constant(src, i);
		else if (t->kind == T_PUNCT || t->kind == T_IDENT)
			mutate_swaps(src, i);
		mutate_unary(src, i);
		mutate_smp(src, i);
	}
}

/* name_mutants - the IDs: see the file's comment. */
static void name_mutants(struct source *src)
{
	int i, j;

	for (i = 0; i < src->nr_mut; i++) {
		struct mutant *m = &src->mut[i];
		uint32_t h = 2166136261u;
		int seen = 0;
		char n[16];

		for (j = 0; j < i; j++) {
			const struct mutant *o = &src->mut[j];

			if (o->op == m->op && !strcmp(o->func, m->func) &&
			    !strcmp(o->orig, m->orig) && !strcmp(o->mut, m->mut))
				seen++;
		}
		h = fnv1a(h, src->name);
		h = fnv1a(h, m->func);
		h = fnv1a(h, m->op);
		h = fnv1a(h, m->orig);
		h = fnv1a(h, m->mut);
		snprintf(n, sizeof(n), "%d", seen);
		m->id = fnv1a(h, n);
	}
}

static void load(struct source *src, const char *path)
{
	memset(src, 0, sizeof(*src));
	src->name = path;
	read_source(src, path);
	split_lines(src);
	tokenise(src);
	match_brackets(src);
	name_functions(src);
	make_mutants(src);
	name_mutants(src);
}

/* unload - free all that load() made of @src. */
static void unload(struct source *src)
{
	int i;

	for (i = 0; i < src->nr_mut; i++) {
		free(src->mut[i].orig);
		free(src->mut[i].mut);
		free(src->mut[i].lines);
		free(src->mut[i].buf);
	}
	for (i = 0; i < src->nr_names; i++)
		free(src->names[i]);
	free(src->mut);
	free(src->names);
	free(src->func);
	free(src->ctx);
	free(src->tok);
	free(src->line_start);
	free(src->text);
}

/* ---- output -------------------------------------------------------------- */

static void print_mutant(const struct source *src, const struct mutant *m)
{
	printf("%08x\t%s\t%d\t%d\t%s\t%s\t%s\t%s\t%s\n", m->id, src->name,
	       m->line, m->last, m->op, m->func, m->orig, m->mut, m->lines);
}

static int edit_cmp(const void *a, const void *b)
{
	return ((const struct edit *)a)->off - ((const struct edit *)b)->off;
}

static int apply(const struct source *src, const struct mutant *m,
		 const char *out)
{
	struct edit e[MAX_EDITS];
	FILE *f = out ? fopen(out, "wb") : stdout;
	int pos = 0, k;

	if (!f) {
		fprintf(stderr, "mutagen: cannot write %s: %s\n", out,
			strerror(errno));
		return 2;
	}
	memcpy(e, m->edits, m->nr_edits * sizeof(*e));
	qsort(e, m->nr_edits, sizeof(*e), edit_cmp);
	for (k = 0; k < m->nr_edits; k++) {
		fwrite(src->text + pos, 1, e[k].off - pos, f);
		fputs(e[k].ins, f);
		pos = e[k].off + e[k].del;
	}
	fwrite(src->text + pos, 1, src->size - pos, f);
	if (ferror(f) || (out && fclose(f))) {
		fprintf(stderr, "mutagen: cannot write %s\n", out);
		return 2;
	}
	return 0;
}

/* ---- sampling ------------------------------------------------------------ */

struct pick {
	uint64_t key;
	int index;
};

/* sample_key - @id mixed with @seed (splitmix64's finaliser). */
static uint64_t sample_key(unsigned int id, unsigned long long seed)
{
	uint64_t x = seed * 0x9e3779b97f4a7c15ull + id;

	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

static int pick_cmp(const void *a, const void *b)
{
	const struct pick *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->index - y->index;
}

/*
 * sample - mark @want of the @n mutants of @src (@nfiles files): those
 * whose keys (sample_key()) are lowest.
 */
static char *sample(const struct source *src, int nfiles, int n, int want,
		    unsigned long long seed)
{
	struct pick *picks = xmalloc(n * sizeof(*picks));
	char *chosen = xmalloc(n);
	int i, k, j;

	memset(chosen, want >= n, n);
	if (want >= n)
		goto out;
	for (i = 0, k = 0; k < nfiles; k++)
		for (j = 0; j < src[k].nr_mut; j++, i++) {
			picks[i].key = sample_key(src[k].mut[j].id, seed);
			picks[i].index = i;
		}
	qsort(picks, n, sizeof(*picks), pick_cmp);
	for (i = 0; i < want; i++)
		chosen[picks[i].index] = 1;
out:
	free(picks);
	return chosen;
}

/* ---- main ---------------------------------------------------------------- */

static void usage(void)
{
	fputs("usage: mutagen [--sample N --seed S] FILE...\n"
	      "       mutagen --apply ID FILE [-o OUT]\n",
	      stderr);
	exit(2);
}

static long parse_number(const char *opt, const char *s)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < 0)
		die("%s wants a number from 0 up, not '%s'", opt, s);
	return v;
}

static int run_apply(const char *id_text, int nfiles, char **files,
		     const char *out)
{
	struct source src;
	unsigned long id;
	char *end;
	int i, ret;

	if (nfiles != 1)
		usage();
	errno = 0;
	id = strtoul(id_text, &end, 16);
	if (errno || end == id_text || *end || strlen(id_text) != 8)
		die("--apply: '%s' is not a mutant ID (8 hex digits)", id_text);
	load(&src, files[0]);
	for (i = 0; i < src.nr_mut; i++) {
		if (src.mut[i].id == id) {
			ret = apply(&src, &src.mut[i], out);
			unload(&src);
			return ret;
		}
	}
	die("%s: no mutant %s (the file changed since the list was made?)",
	    files[0], id_text);
	return 2;
}

int main(int argc, char **argv)
{
	const char *apply_id = NULL, *out = NULL;
	long want = -1;
	unsigned long long seed = 1;
	struct source *src;
	char **files = xmalloc(argc * sizeof(char *)), *chosen;
	int i, k, total = 0, nfiles = 0;

	for (i = 1; i < argc; i++) {
		if (argv[i][0] != '-')
			files[nfiles++] = argv[i];
		else if (!strcmp(argv[i], "--apply") && i + 1 < argc)
			apply_id = argv[++i];
		else if (!strcmp(argv[i], "-o") && i + 1 < argc)
			out = argv[++i];
		else if (!strcmp(argv[i], "--sample") && i + 1 < argc)
			want = parse_number("--sample", argv[++i]);
		else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
			seed = parse_number("--seed", argv[++i]);
		else
			usage();
	}
	if (nfiles < 1)
		usage();
	if (apply_id) {
		i = run_apply(apply_id, nfiles, files, out);
		free(files);
		return i;
	}

	src = xmalloc(nfiles * sizeof(*src));
	for (k = 0; k < nfiles; k++) {
		load(&src[k], files[k]);
		total += src[k].nr_mut;
	}
	chosen = sample(src, nfiles, total, want < 0 ? total : (int)want, seed);
	total = 0;
	for (k = 0; k < nfiles; k++) {
		int j;

		for (j = 0; j < src[k].nr_mut; j++)
			if (chosen[total++])
				print_mutant(&src[k], &src[k].mut[j]);
	}
	if (fflush(stdout) || ferror(stdout))
		die("cannot write the list: %s", strerror(errno));
	for (k = 0; k < nfiles; k++)
		unload(&src[k]);
	free(src);
	free(chosen);
	free(files);
	return 0;
}
