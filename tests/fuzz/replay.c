/*
 * tests/fuzz/replay.c - main() of a fuzz target built without an engine.
 *
 *	NAME [--print] FILE|DIR...
 *
 * Runs every file named, and every file of every directory named (not
 * those starting with '.'), through LLVMFuzzerTestOneInput(), then says
 * how many: make check replays each corpus this way, so every input a
 * fuzzer kept and every crash once fixed stays a regression test.  A
 * crash of the target is a crash of this program.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "replay.h"

#define MAX_INPUT	(1 << 20)

int fuzz_print;

static int replay_file(const char *path)
{
	static uint8_t buf[MAX_INPUT];
	size_t n;
	FILE *f = fopen(path, "rb");

	if (!f) {
		fprintf(stderr, "replay: cannot read %s\n", path);
		return -1;
	}
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	if (fuzz_print)
		printf("== %s (%zu bytes)\n", path, n);
	LLVMFuzzerTestOneInput(buf, n);
	return 0;
}

/* Every file of @dir: how many, or -1. */
static int replay_dir(const char *dir)
{
	char path[4096];
	struct dirent *d;
	int n = 0;
	DIR *dp = opendir(dir);

	if (!dp) {
		fprintf(stderr, "replay: cannot open %s\n", dir);
		return -1;
	}
	while (n >= 0 && (d = readdir(dp))) {
		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, d->d_name);
		n = replay_file(path) ? -1 : n + 1;
	}
	closedir(dp);
	return n;
}

int main(int argc, char **argv)
{
	int i, n, total = 0;
	struct stat st;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--print")) {
			fuzz_print = 1;
			continue;
		}
		if (stat(argv[i], &st)) {
			fprintf(stderr, "replay: no %s\n", argv[i]);
			return 1;
		}
		n = S_ISDIR(st.st_mode) ? replay_dir(argv[i]) :
			replay_file(argv[i]) ? -1 : 1;
		if (n < 0)
			return 1;
		total += n;
	}
	printf("replay: %d inputs replayed\n", total);
	return 0;
}
