/*
 * tools/jsonout.h - schedsim's JSON output: trees built with json-c,
 * written in the layout schedsim has always printed.
 *
 * schedsim reads workloads with json-c, the parser rt-app itself uses,
 * and one program cannot link json-c and jansson together (they export
 * functions of the same names).  The outputs were jansson's: indented by
 * two, "key": value, [] and {} when empty, reals as %.17g with a ".0"
 * when they look like integers, exponents without '+' or leading zeros.
 * json-c's own printer differs in the empty containers and the
 * exponents, so these trees are written here, byte for byte as before.
 */
#ifndef SCHEDSIM_JSONOUT_H
#define SCHEDSIM_JSONOUT_H

#include <stdio.h>

#include <json-c/json.h>

/* A real printed with @digits significant digits (17: exact). */
struct json_object *jo_real(double d, int digits);

/* @o[@key] = @v, taking @v's reference; -1 when @o or @v is NULL. */
int jo_add(struct json_object *o, const char *key, struct json_object *v);
int jo_add_str(struct json_object *o, const char *key, const char *s);
int jo_add_int(struct json_object *o, const char *key, long long n);
int jo_add_real(struct json_object *o, const char *key, double d);
int jo_add_bool(struct json_object *o, const char *key, int b);
/* Append @v to the array @a, taking @v's reference. */
int jo_append(struct json_object *a, struct json_object *v);

/*
 * jo_dump - write @o to @f: indented by @indent spaces per level, or on
 * one line without spaces when @indent is 0.  No newline at the end.
 * Returns 0, or -1 when @o is NULL or the write failed.
 */
int jo_dump(struct json_object *o, FILE *f, int indent);

#endif /* SCHEDSIM_JSONOUT_H */
