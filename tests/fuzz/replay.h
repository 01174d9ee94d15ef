/*
 * tests/fuzz/replay.h - the plain (engine-less) build of a fuzz target:
 * its main() hands files and directories to replay_paths(), which is
 * make check's regression replay of each corpus.
 */
#ifndef PLUGSCHED_FUZZ_REPLAY_H
#define PLUGSCHED_FUZZ_REPLAY_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef int (*replay_fn)(const char *path, const uint8_t *data,
			 size_t size);

int replay_paths(int nr, char **paths, replay_fn fn);
int replay_read(const char *path, uint8_t **data, size_t *size);

#endif /* PLUGSCHED_FUZZ_REPLAY_H */
