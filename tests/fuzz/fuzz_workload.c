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
#include <dirent.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "workload.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * Parse @data as a workload file.  The parser wants a C string: a NUL
 * inside the data ends the text there, as it would for a file read by
 * jansson's string loader.
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
	if (!workload_parse("fuzz.json", text, &wl, NULL, err, sizeof(err)))
		workload_free(&wl);
	else if (!err[0])
		abort();	/* a refusal must say why */
	free(text);
	return 0;
}

#ifndef FUZZ_ENGINE

static int replay_file(const char *path)
{
	uint8_t *data;
	long size;
	FILE *f;

	f = fopen(path, "rb");
	if (!f || fseek(f, 0, SEEK_END) || (size = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET)) {
		fprintf(stderr, "fuzz_workload: cannot read %s\n", path);
		if (f)
			fclose(f);
		return -1;
	}
	data = malloc(size ? size : 1);
	if (!data || fread(data, 1, size, f) != (size_t)size) {
		fprintf(stderr, "fuzz_workload: cannot read %s\n", path);
		free(data);
		fclose(f);
		return -1;
	}
	fclose(f);
	LLVMFuzzerTestOneInput(data, size);
	free(data);
	return 0;
}

/* Every regular file of @dir; the number replayed, or -1. */
static int replay_dir(const char *dir)
{
	char path[4096];
	struct dirent *d;
	int n = 0;
	DIR *dp;

	dp = opendir(dir);
	if (!dp) {
		fprintf(stderr, "fuzz_workload: cannot open %s\n", dir);
		return -1;
	}
	while ((d = readdir(dp))) {
		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, d->d_name);
		if (replay_file(path)) {
			n = -1;
			break;
		}
		n++;
	}
	closedir(dp);
	return n;
}

int main(int argc, char **argv)
{
	struct stat st;
	int i, n, total = 0;

	for (i = 1; i < argc; i++) {
		if (stat(argv[i], &st)) {
			fprintf(stderr, "fuzz_workload: no %s\n", argv[i]);
			return 1;
		}
		n = S_ISDIR(st.st_mode) ? replay_dir(argv[i]) :
			replay_file(argv[i]) ? -1 : 1;
		if (n < 0)
			return 1;
		total += n;
	}
	printf("fuzz_workload: %d inputs replayed\n", total);
	return 0;
}

#endif /* !FUZZ_ENGINE */
