/*
 * tests/fuzz/replay.c - feeding files to a fuzz target built without an
 * engine.
 *
 * replay_paths() runs every file named, and every file of every directory
 * named (not those starting with '.'), through the target, then says how
 * many: make check replays each corpus this way, so every input a fuzzer
 * kept and every crash once fixed stays a regression test.  A crash of
 * the target is a crash of the program.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "replay.h"

#define REPLAY_MAX	(1 << 20)

/**
 * replay_read - the contents of a file, at most 1 MiB of it
 * @path: the file
 * @data: a buffer the next call reuses
 * @size: its length
 *
 * Return: 0, or -1 with a message on stderr.
 */
int replay_read(const char *path, uint8_t **data, size_t *size)
{
	static uint8_t buf[REPLAY_MAX];
	FILE *f = fopen(path, "rb");

	if (!f) {
		fprintf(stderr, "replay: cannot read %s\n", path);
		return -1;
	}
	*size = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	*data = buf;
	return 0;
}

static int replay_file(const char *path, replay_fn fn)
{
	uint8_t *data;
	size_t size;

	if (replay_read(path, &data, &size))
		return -1;
	return fn(path, data, size) ? -1 : 0;
}

/* Every file of @dir: how many, or -1. */
static int replay_dir(const char *dir, replay_fn fn)
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
		n = replay_file(path, fn) ? -1 : n + 1;
	}
	closedir(dp);
	return n;
}

/**
 * replay_paths - run files and directories of inputs through a target
 * @nr: how many paths
 * @paths: files, or directories whose files are inputs
 * @fn: runs one input; non-zero stops the replay
 *
 * Prints "replay: N inputs replayed" at the end.
 *
 * Return: 0, or 1 when a path could not be read or @fn failed.
 */
int replay_paths(int nr, char **paths, replay_fn fn)
{
	int i, n, total = 0;
	struct stat st;

	for (i = 0; i < nr; i++) {
		if (stat(paths[i], &st)) {
			fprintf(stderr, "replay: no %s\n", paths[i]);
			return 1;
		}
		n = S_ISDIR(st.st_mode) ? replay_dir(paths[i], fn) :
			replay_file(paths[i], fn) ? -1 : 1;
		if (n < 0)
			return 1;
		total += n;
	}
	printf("replay: %d inputs replayed\n", total);
	return 0;
}
