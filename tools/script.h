/*
 * tools/script.h - schedsim --script: Linux's rt-mutex tester scripts.
 */
#ifndef SCHEDSIM_SCRIPT_H
#define SCHEDSIM_SCRIPT_H

#include <stddef.h>

struct step;

struct script {
	struct step *steps;
	size_t nr, size;
};

int script_load(const char *file, struct script *sc);
int script_run(const char *file, const struct script *sc);
void script_free(struct script *sc);

#endif /* SCHEDSIM_SCRIPT_H */
