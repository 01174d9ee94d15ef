/*
 * tests/fuzz/fuzz_workload.c - the rt-app workload parser under a fuzzer.
 *
 * schedsim reads workload files that users write by hand, so
 * workload_parse() must answer any bytes with a workload or a message,
 * never a crash, a leak or undefined behaviour.  One file, three builds:
 *
 *	libFuzzer	clang -fsanitize=fuzzer,address,undefined
 *			-DFUZZ_ENGINE (make fuzz-workload)
 *	AFL++		afl-clang-fast with -DFUZZ_ENGINE and libFuzzer's
 *			driver (AFL++'s -fsanitize=fuzzer)
 *	replay		the plain build in make check: runs every file
 *			named on the command line, or every file of the
 *			directories named, through the same function
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay.h"
#include "workload.h"

/*
 * Parse @data as a workload file.  The parser wants a C string: a NUL
 * inside the data ends the text there, as it does for json-c's
 * tokener reading a C string.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct workload wl;
	char err[1024];
	char *text;

	text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	if (!workload_parse("fuzz.json", text, 0, &wl, NULL, err, sizeof(err)))
		workload_free(&wl);
	else if (!err[0])
		abort();	/* a refusal must say why */
	free(text);
	return 0;
}

#ifndef FUZZ_ENGINE
static int replay_one(const char *path, const uint8_t *data, size_t size)
{
	return LLVMFuzzerTestOneInput(data, size);
}

int main(int argc, char **argv)
{
	return replay_paths(argc - 1, argv + 1, replay_one);
}
#endif
