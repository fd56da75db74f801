/* The journal's file format (src/journal.h), without MPI: a journal cut short at every
 * byte reads back as its complete records; a damaged byte anywhere in a record followed
 * by others is refused with a one-line message naming the file and the offset; a foreign
 * header (another task layout or journal_id, not a journal) is refused. */
#include "journal.h"
#include "ladro.h"

#include "check.h"

#include <stdlib.h>

#define NREC 5

typedef struct seen {
    int n;
    uint64_t ids[64];
    uint32_t kids[64];
    int bad;
} seen_t;

static const ladroi_jnl_layout_t lay = {.task_bytes = 8, .result_bytes = 16, .journal_id = 42};

static int collect(void *ctx, const ladroi_jnl_rec_t *r)
{
    seen_t *s = ctx;
    unsigned char want[16];
    for (int i = 0; i < 16; i++)
        want[i] = (unsigned char)(r->id * 7 + (uint64_t)i);
    if (memcmp(r->result, want, 16) != 0 || r->origin != (int32_t)(r->id % 3))
        s->bad++;
    for (uint32_t c = 0; c < r->nchildren; c++) {
        uint64_t kid, pay;
        memcpy(&kid, r->children + c * 16, 8);
        memcpy(&pay, r->children + c * 16 + 8, 8);
        if (kid != r->id * 10 + c || pay != kid * 3)
            s->bad++;
    }
    s->ids[s->n] = r->id;
    s->kids[s->n] = r->nchildren;
    s->n++;
    return 0;
}

/* header + NREC records (record i: id 100+i, i % 3 children); ends[i] = end of record i */
static unsigned char *build(size_t *len, size_t ends[NREC])
{
    size_t cap = LADROI_JNL_HDR_BYTES;
    for (uint32_t i = 0; i < NREC; i++)
        cap += ladroi_jnl_rec_bytes(&lay, i % 3);
    unsigned char *b = malloc(cap);
    ladroi_jnl_header(b, &lay);
    size_t off = LADROI_JNL_HDR_BYTES;
    for (uint32_t i = 0; i < NREC; i++) {
        uint64_t id = 100 + i;
        unsigned char res[16], kids[2 * 16];
        for (int k = 0; k < 16; k++)
            res[k] = (unsigned char)(id * 7 + (uint64_t)k);
        for (uint32_t c = 0; c < i % 3; c++) {
            uint64_t kid = id * 10 + c, pay = kid * 3;
            memcpy(kids + c * 16, &kid, 8);
            memcpy(kids + c * 16 + 8, &pay, 8);
        }
        off += ladroi_jnl_frame(b + off, &lay, id, (int32_t)(id % 3), 0, res, i % 3, kids);
        ends[i] = off;
    }
    CHECK_EQ(off, cap);
    *len = off;
    return b;
}

int main(void)
{
    size_t len, ends[NREC], valid;
    char err[256];
    unsigned char *b = build(&len, ends);

    /* whole: every record, intact */
    seen_t s = {0};
    CHECK_EQ(ladroi_jnl_check(b, len, "j", &lay, collect, &s, &valid, err, sizeof err), 0);
    CHECK_EQ(s.n, NREC);
    CHECK_EQ(s.bad, 0);
    CHECK_EQ(valid, len);
    for (int i = 0; i < NREC; i++) {
        CHECK_EQ(s.ids[i], 100 + i);
        CHECK_EQ(s.kids[i], i % 3);
    }

    /* cut short at every byte: the complete records before the cut, no error */
    int cut_fail = 0;
    for (size_t cut = 0; cut <= len; cut++) {
        seen_t c = {0};
        err[0] = '\0';
        int rc = ladroi_jnl_check(b, cut, "j", &lay, collect, &c, &valid, err, sizeof err);
        int whole = 0;
        while (whole < NREC && ends[whole] <= cut)
            whole++;
        size_t want = cut < LADROI_JNL_HDR_BYTES ? 0
                                                 : whole ? ends[whole - 1]
                                                         : LADROI_JNL_HDR_BYTES;
        if (rc != 0 || c.n != whole || c.bad || valid != want) {
            if (cut_fail++ < 5)
                fprintf(stderr, "cut at %zu: rc %d (%s), %d records (want %d), valid %zu "
                        "(want %zu)\n", cut, rc, err, c.n, whole, valid, want);
        }
    }
    CHECK_EQ(cut_fail, 0);

    /* zeros after the last record (space allocated, never written): the records, no error */
    unsigned char *z = calloc(1, len + 100);
    memcpy(z, b, len);
    s = (seen_t){0};
    CHECK_EQ(ladroi_jnl_check(z, len + 100, "j", &lay, collect, &s, &valid, err, sizeof err), 0);
    CHECK_EQ(s.n, NREC);
    CHECK_EQ(valid, len);
    free(z);

    /* a damaged last record (never made durable): the ones before it */
    b[len - 1] ^= 0x40;
    s = (seen_t){0};
    CHECK_EQ(ladroi_jnl_check(b, len, "j", &lay, collect, &s, &valid, err, sizeof err), 0);
    CHECK_EQ(s.n, NREC - 1);
    CHECK_EQ(valid, ends[NREC - 2]);
    b[len - 1] ^= 0x40;

    /* any byte of a record in the middle damaged: refused, naming the file and offset */
    int mid_fail = 0;
    for (size_t at = ends[1]; at < ends[2]; at++) {
        for (int bit = 0; bit < 8; bit += 3) {
            b[at] ^= (unsigned char)(1u << bit);
            err[0] = '\0';
            int rc = ladroi_jnl_check(b, len, "dir/rank-3.jnl", &lay, NULL, NULL, &valid,
                                      err, sizeof err);
            char want[64];
            snprintf(want, sizeof want, "at byte %zu", ends[1]);
            if (rc != LADRO_EINVAL || !strstr(err, "dir/rank-3.jnl") || !strstr(err, want) ||
                strchr(err, '\n')) {
                if (mid_fail++ < 5)
                    fprintf(stderr, "byte %zu bit %d: rc %d, '%s'\n", at, bit, rc, err);
            }
            b[at] ^= (unsigned char)(1u << bit);
        }
    }
    CHECK_EQ(mid_fail, 0);
    /* a middle record cut short, then more records (an append after a torn write) */
    {
        size_t cut = ends[1] + 20, rest = len - ends[2];
        unsigned char *t = malloc(len);
        memcpy(t, b, cut);
        memcpy(t + cut, b + ends[2], rest);
        int rc = ladroi_jnl_check(t, cut + rest, "j", &lay, NULL, NULL, &valid, err,
                                  sizeof err);
        CHECK_EQ(rc, LADRO_EINVAL);
        CHECK_STR_CONTAINS(err, "damaged");
        free(t);
    }

    /* foreign headers */
    ladroi_jnl_layout_t other = lay;
    other.task_bytes = 16;
    CHECK_EQ(ladroi_jnl_check(b, len, "j", &other, NULL, NULL, &valid, err, sizeof err),
             LADRO_EINVAL);
    CHECK_STR_CONTAINS(err, "another program or configuration");
    other = lay;
    other.result_bytes = 0;
    CHECK_EQ(ladroi_jnl_check(b, len, "j", &other, NULL, NULL, &valid, err, sizeof err),
             LADRO_EINVAL);
    other = lay;
    other.journal_id = 43;
    CHECK_EQ(ladroi_jnl_check(b, len, "j", &other, NULL, NULL, &valid, err, sizeof err),
             LADRO_EINVAL);
    CHECK_STR_CONTAINS(err, "journal_id 42");
    b[0] = 'X';
    CHECK_EQ(ladroi_jnl_check(b, len, "j", &lay, NULL, NULL, &valid, err, sizeof err),
             LADRO_EINVAL);
    CHECK_STR_CONTAINS(err, "not a ladro journal");
    b[0] = 'L';
    b[33] ^= 1; /* the header's checksum catches a changed field */
    CHECK_EQ(ladroi_jnl_check(b, len, "j", &lay, NULL, NULL, &valid, err, sizeof err),
             LADRO_EINVAL);
    CHECK_STR_CONTAINS(err, "header damaged");
    b[33] ^= 1;

    /* CRC-32C check value */
    CHECK_EQ(ladroi_crc32c(0, "123456789", 9), 0xE3069283u);

    /* a file that cannot be read */
    unsigned char *fb;
    size_t fl;
    CHECK_EQ(ladroi_jnl_read_file("/nonexistent/rank-0.jnl", &fb, &fl, err, sizeof err),
             LADRO_EIO);
    CHECK_STR_CONTAINS(err, "/nonexistent/rank-0.jnl");
    free(b);
    return CHECK_REPORT("journal");
}
