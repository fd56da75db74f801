/* Error codes, messages, and per-handle error recording. */
#include "ladro_int.h"

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

/* The calling thread's message buffer on lb; `write`: a message is being written there
 * (counted). */
static char *ladro__errbuf(ladro_t *lb, bool write)
{
    /* lb->hub: only a rank with workers looks the calling thread up */
    const ladroi_errbind_t *b = lb && lb->hub ? ladroi_net_thread_arg() : NULL;
    bool mine = b && b->lb == lb;
    if (write)
        ++*(mine ? b->count : &lb->err_count);
    return mine ? b->msg : lb->err;
}

int ladroi_fail(ladro_t *lb, int rc, const char *fmt, ...)
{
    if (lb) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(ladro__errbuf(lb, true), LADROI_ERRLEN, fmt, ap);
        va_end(ap);
    }
    return rc;
}

const char *ladro_last_error(const ladro_t *lb)
{
    /* a worker's buffer is its own: no other thread writes it (const as errno is) */
    return lb ? ladro__errbuf((ladro_t *)lb, false) : "";
}
