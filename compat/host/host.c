/*
 * compat/host/host.c - memory, output and symbols for the machine.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hostif.h"

void *host_alloc(unsigned long size)
{
	return calloc(1, size ? size : 1);
}

void host_free(void *ptr)
{
	free(ptr);
}

void host_write_err(const char *s, unsigned long len)
{
	fwrite(s, 1, len, stderr);
	fflush(stderr);
}

int host_symbolize(void *addr, char *buf, unsigned long len)
{
	Dl_info info;

	if (!dladdr(addr, &info) || !info.dli_sname) {
		snprintf(buf, len, "%p", addr);
		return 0;
	}
	snprintf(buf, len, "%s+0x%lx", info.dli_sname,
		 (unsigned long)((uintptr_t)addr - (uintptr_t)info.dli_saddr));
	return 1;
}
