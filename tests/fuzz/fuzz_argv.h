/* Shared by the command-line fuzz harnesses: the input is an argument vector, one
 * argument per line ('\n' separates arguments; a NUL ends one early), at most 48
 * arguments after argv[0]. Readable corpus files: one flag or value per line. */
#ifndef LADRO_FUZZ_ARGV_H
#define LADRO_FUZZ_ARGV_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_MAXARGS 48

typedef struct fuzz_argv {
    char *buf;
    int argc;
    char *argv[FUZZ_MAXARGS + 2];
} fuzz_argv_t;

static inline void fuzz_argv_make(fuzz_argv_t *a, const char *prog, const uint8_t *data,
                                  size_t size)
{
    a->buf = malloc(size + 1);
    memcpy(a->buf, data, size);
    a->buf[size] = 0;
    a->argc = 0;
    a->argv[a->argc++] = (char *)prog;
    char *p = a->buf, *end = a->buf + size;
    while (p < end && a->argc <= FUZZ_MAXARGS) {
        char *nl = memchr(p, '\n', (size_t)(end - p));
        if (nl)
            *nl = 0;
        a->argv[a->argc++] = p;
        if (!nl)
            break;
        p = nl + 1;
    }
    a->argv[a->argc] = NULL;
}

static inline void fuzz_argv_free(fuzz_argv_t *a)
{
    free(a->buf);
}

#endif
