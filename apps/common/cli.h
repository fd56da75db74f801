/* Flag-value parsers shared by the applications' command lines (header only, so the
 * fuzz harnesses that compile an app's parser from its source need nothing more). */
#ifndef LADRO_APP_CLI_H
#define LADRO_APP_CLI_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

/* A non-negative integer for flag; 0, or 2 with a one-line message in err. */
static inline int app_parse_nonneg(const char *flag, const char *v, long long *out, char *err,
                                   size_t errlen)
{
    char *end;
    errno = 0;
    long long x = strtoll(v, &end, 10);
    if (errno || end == v || *end || x < 0) {
        snprintf(err, errlen, "bad value '%s' for %s: expected a non-negative integer", v, flag);
        return 2;
    }
    *out = x;
    return 0;
}

#endif
