/*
 * tests/fuzz/replay.h - the plain (engine-less) build of a fuzz target:
 * tests/fuzz/replay.c's main() feeds files and directories to the
 * target's LLVMFuzzerTestOneInput(), as make check's regression replay.
 */
#ifndef PLUGSCHED_FUZZ_REPLAY_H
#define PLUGSCHED_FUZZ_REPLAY_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#ifdef FUZZ_ENGINE
#define fuzz_print	0
#else
/* --print: the target describes what it does, on stdout. */
extern int fuzz_print;
#endif

#endif /* PLUGSCHED_FUZZ_REPLAY_H */
