/* Error codes, messages, and per-handle error recording. */
#include "ladro_int.h"
#include "threads.h"

#include <stdarg.h>
#include <stdio.h>

const char *ladro_strerror(int code)
{
    switch (code) {
#define LADRO__MSG(name, val, msg)                                                     \
    case LADRO_##name:                                                                 \
        return msg;
        LADRO_ERRNO_MAP(LADRO__MSG)
#undef LADRO__MSG
    }
    return "unknown error";
}

const char *ladro_err_name(int code)
{
    switch (code) {
#define LADRO__NAME(name, val, msg)                                                    \
    case LADRO_##name:                                                                 \
        return "LADRO_" #name;
        LADRO_ERRNO_MAP(LADRO__NAME)
#undef LADRO__NAME
    }
    return "LADRO_UNKNOWN";
}

const char *ladro_version(void)
{
    return LADRO_VERSION_STRING;
}

int ladroi_fail(ladro_t *lb, int rc, const char *fmt, ...)
{
    if (lb) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(ladroi_errbuf(lb, true), LADROI_ERRLEN, fmt, ap);
        va_end(ap);
    }
    return rc;
}

const char *ladro_last_error(const ladro_t *lb)
{
    /* a worker's buffer is its own: no other thread writes it (const as errno is) */
    return lb ? ladroi_errbuf((ladro_t *)lb, false) : "";
}
