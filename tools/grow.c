/*
 * tools/grow.c - arrays that grow by doubling.
 */
#include <stdlib.h>
#include <string.h>

#include "grow.h"

/**
 * grow - make room for element @nr of *@arr (room for *@size elements of
 * @elem bytes), doubling it until @nr fits and zeroing the new room.
 *
 * Returns 0, or -1 when memory ran out; *@arr is unchanged then.
 */
int grow(void **arr, size_t *size, size_t nr, size_t elem)
{
	size_t n;
	void *p;

	if (nr < *size)
		return 0;
	for (n = *size ? 2 * *size : 8; n <= nr; n *= 2)
		;
	p = realloc(*arr, n * elem);
	if (!p)
		return -1;
	memset((char *)p + *size * elem, 0, (n - *size) * elem);
	*arr = p;
	*size = n;
	return 0;
}
