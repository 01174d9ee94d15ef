/*
 * linux/string.h - the kernel's string helpers.
 *
 * The kernel has its own lib/string.c; on the host the library's final
 * link resolves these to the C library's functions, which have the same
 * contract.
 */
#ifndef _LINUX_STRING_H
#define _LINUX_STRING_H

#include <linux/types.h>

extern void *memset(void *s, int c, size_t n);
extern void *memcpy(void *dst, const void *src, size_t n);
extern void *memmove(void *dst, const void *src, size_t n);
extern int memcmp(const void *a, const void *b, size_t n);
extern size_t strlen(const char *s);
extern size_t strnlen(const char *s, size_t n);
extern int strcmp(const char *a, const char *b);
extern int strncmp(const char *a, const char *b, size_t n);
extern char *strchr(const char *s, int c);
extern char *strcpy(char *dst, const char *src);
extern char *strncpy(char *dst, const char *src, size_t n);
extern size_t strlcpy(char *dst, const char *src, size_t n);

#endif /* _LINUX_STRING_H */
