/*
 * tools/grow.h - arrays that grow by doubling, for the host tools.
 */
#ifndef SCHEDSIM_GROW_H
#define SCHEDSIM_GROW_H

#include <stddef.h>

/*
 * grow - make room for element @nr of the array *@arr, which has room
 * for *@size elements of @elem bytes: double it (at least 8) until @nr
 * fits, zeroing the new room.  Returns 0, or -1 out of memory (the array is
 * then as it was).
 */
int grow(void **arr, size_t *size, size_t nr, size_t elem);

#endif /* SCHEDSIM_GROW_H */
