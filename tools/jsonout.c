/*
 * tools/jsonout.c - schedsim's JSON output in its historical layout.
 *
 * The trees are json-c objects; this file prints them the way jansson
 * did (see jsonout.h), so the --format=json output, the --suite JSON and
 * the Chrome trace stay the same byte for byte across the change of
 * library.  Only the types schedsim builds are printed: objects, arrays,
 * strings, integers, reals made by jo_real(), booleans and null.
 */
#include <inttypes.h>
#include <string.h>

#include "jsonout.h"

/*
 * jansson's form of a real: %.*g, ".0" when it reads as an integer,
 * exponents without '+' and without leading zeros ("1e20", "1e-5").
 */
static void real_text(double d, int digits, char *buf, size_t len)
{
	char *e, *from;

	snprintf(buf, len, "%.*g", digits, d);
	if (!strchr(buf, '.') && !strchr(buf, 'e') && strlen(buf) + 3 <= len)
		strcat(buf, ".0");
	e = strchr(buf, 'e');
	if (!e)
		return;
	e++;
	from = e + 1;
	if (*e == '-')
		e++;
	while (*from == '0')
		from++;
	if (from != e)
		memmove(e, from, strlen(from) + 1);
}

/**
 * jo_real - a json-c real that prints as jansson printed it
 * @d: the value
 * @digits: significant digits, 17 for an exact round trip
 *
 * Return: a new object (its text is kept with it), or NULL.
 */
struct json_object *jo_real(double d, int digits)
{
	char buf[64];

	real_text(d, digits, buf, sizeof(buf));
	return json_object_new_double_s(d, buf);
}

/**
 * jo_add - set member @key of object @o to @v
 * @o: an object, or NULL (a failed allocation upstream)
 * @key: the member's name
 * @v: its value; the reference is taken, and dropped on failure
 *
 * Members keep the order they were added in.
 *
 * Return: 0, or -1 when @o or @v is NULL or memory ran out.
 */
int jo_add(struct json_object *o, const char *key, struct json_object *v)
{
	if (!o || !v || json_object_object_add(o, key, v)) {
		json_object_put(v);
		return -1;
	}
	return 0;
}

/** jo_add_str - jo_add() of a new string @s. */
int jo_add_str(struct json_object *o, const char *key, const char *s)
{
	return jo_add(o, key, json_object_new_string(s));
}

/** jo_add_int - jo_add() of a new integer @n. */
int jo_add_int(struct json_object *o, const char *key, long long n)
{
	return jo_add(o, key, json_object_new_int64(n));
}

/** jo_add_real - jo_add() of jo_real(@d, 17). */
int jo_add_real(struct json_object *o, const char *key, double d)
{
	return jo_add(o, key, jo_real(d, 17));
}

/** jo_add_bool - jo_add() of a new boolean @b. */
int jo_add_bool(struct json_object *o, const char *key, int b)
{
	return jo_add(o, key, json_object_new_boolean(b));
}

/**
 * jo_append - append @v to the array @a
 * @a: an array, or NULL
 * @v: the element; the reference is taken, and dropped on failure
 *
 * Return: 0, or -1.
 */
int jo_append(struct json_object *a, struct json_object *v)
{
	if (!a || !v || json_object_array_add(a, v)) {
		json_object_put(v);
		return -1;
	}
	return 0;
}

/* A string with jansson's escapes: \" \\ \b \f \n \r \t, else \u00XX. */
static void put_string(const char *s, FILE *f)
{
	static const char from[] = "\"\\\b\f\n\r\t", to[] = "\"\\bfnrt";
	const char *k;

	fputc('"', f);
	for (; *s; s++) {
		k = strchr(from, *s);
		if (k)
			fprintf(f, "\\%c", to[k - from]);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\u%04X", (unsigned char)*s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

/* The line break and indentation before a member at @depth. */
static void newline(FILE *f, int indent, int depth)
{
	if (indent)
		fprintf(f, "\n%*s", indent * depth, "");
}

static void put_value(struct json_object *o, FILE *f, int indent,
		      int depth);

static void put_object(struct json_object *o, FILE *f, int indent,
		       int depth)
{
	int first = 1;

	fputc('{', f);
	json_object_object_foreach(o, key, v) {
		if (!first)
			fputc(',', f);
		first = 0;
		newline(f, indent, depth + 1);
		put_string(key, f);
		fputs(indent ? ": " : ":", f);
		put_value(v, f, indent, depth + 1);
	}
	if (!first)
		newline(f, indent, depth);
	fputc('}', f);
}

static void put_array(struct json_object *o, FILE *f, int indent,
		      int depth)
{
	size_t i, n = json_object_array_length(o);

	fputc('[', f);
	for (i = 0; i < n; i++) {
		if (i)
			fputc(',', f);
		newline(f, indent, depth + 1);
		put_value(json_object_array_get_idx(o, i), f, indent,
			  depth + 1);
	}
	if (n)
		newline(f, indent, depth);
	fputc(']', f);
}

static void put_value(struct json_object *o, FILE *f, int indent,
		      int depth)
{
	char buf[64];

	switch (json_object_get_type(o)) {
	case json_type_object:
		put_object(o, f, indent, depth);
		break;
	case json_type_array:
		put_array(o, f, indent, depth);
		break;
	case json_type_string:
		put_string(json_object_get_string(o), f);
		break;
	case json_type_int:
		fprintf(f, "%" PRId64, json_object_get_int64(o));
		break;
	case json_type_double:
		/* jo_real()'s text; another real gets the same form */
		if (json_object_get_userdata(o)) {
			fputs(json_object_get_userdata(o), f);
			break;
		}
		real_text(json_object_get_double(o), 17, buf, sizeof(buf));
		fputs(buf, f);
		break;
	case json_type_boolean:
		fputs(json_object_get_boolean(o) ? "true" : "false", f);
		break;
	default:
		fputs("null", f);
		break;
	}
}

/**
 * jo_dump - write the tree @o to @f in schedsim's layout
 * @o: the tree, or NULL (a failed allocation while building it)
 * @f: the output
 * @indent: spaces per level, or 0 for one line without spaces
 *
 * Return: 0, or -1 when @o is NULL or writing failed.
 */
int jo_dump(struct json_object *o, FILE *f, int indent)
{
	if (!o)
		return -1;
	put_value(o, f, indent, 0);
	return ferror(f) ? -1 : 0;
}
