/* The journal: restartable runs (cfg.journal = a directory; docs/user-guide.md,
 * "Restarting a run").
 *
 * Each rank appends one record per task it completes to DIR/rank-<r>.jnl: the task's id
 * and origin, its result bytes, and the tasks it spawned (ids and payloads; a push
 * dropped because the child is completed in the journal included: a later resume finds
 * that child's result through this record), so a parent's completion and its children's
 * existence become durable in one record. Records
 * wait in a buffer and go out together (group commit: one write, one fdatasync) when
 * LADRO__COMMIT_RECS records or LADRO__COMMIT_BYTES bytes wait, when the oldest waited
 * LADRO__COMMIT_S, and whenever the rank is idle.
 *
 * A completion counts only once durable: the record is committed first, then the task
 * counts as completed for the termination waves (or its result starts its way home, and
 * the owner counts it at delivery). So LADRO_DONE means every completion of the run is on
 * disk, and a result the owner took with ladro_result_next is on disk. The pool and the
 * termination protocol are unchanged: a completion is only delayed, and the counters stay
 * monotone with completed <= created (src/term.c's argument holds as it is).
 *
 * Resume (ladro_create with a journal holding records): every rank reads every rank
 * file (a file system every rank sees is assumed) and keeps
 *   - the set of ids completed (all files): ladro_push drops a task whose id is in it,
 *     so the program pushes its seeds again as usual and a rerun parent's children that
 *     completed are not created again;
 *   - the results of completed tasks whose origin maps to it (origin mod nranks): handed
 *     out by ladro_result_next as if just computed;
 *   - the children recorded in files whose writer maps to it (writer rank mod nranks)
 *     that are not completed: pushed again at creation, as this rank's seeds.
 * A task that was running (or whose completion was not yet durable) when the job died
 * runs again; it and every task that exists at the start of a resumed run carry
 * LADRO_TASK_RERUN, and so do the tasks they spawn. The exactly-once argument:
 * docs/user-guide.md, "Restarting a run". */
#include "journal.h"
#include "ladro_int.h"
#include "results.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define LADRO__COMMIT_RECS 4096
#define LADRO__COMMIT_BYTES (1u << 20)
#define LADRO__COMMIT_S 0.05

/* ---- the pure part: CRC, framing, checking ----------------------------------------- */
/* Bitwise, no table: no state at all, and a record costs a microsecond or so. */
uint32_t ladroi_crc32c(uint32_t crc, const void *data, size_t n)
{
    const unsigned char *p = data;
    crc = ~crc;
    for (size_t i = 0; i < n; i++) {
        crc ^= p[i];
        for (int k = 0; k < 8; k++)
            crc = crc & 1 ? (crc >> 1) ^ 0x82F63B78u : crc >> 1;
    }
    return ~crc;
}

static void ladro__put32(unsigned char *p, uint32_t v)
{
    memcpy(p, &v, 4);
}
static void ladro__put64(unsigned char *p, uint64_t v)
{
    memcpy(p, &v, 8);
}
static uint32_t ladro__get32(const unsigned char *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}
static uint64_t ladro__get64(const unsigned char *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

void ladroi_jnl_header(unsigned char out[LADROI_JNL_HDR_BYTES], const ladroi_jnl_layout_t *l)
{
    memset(out, 0, LADROI_JNL_HDR_BYTES);
    memcpy(out, "LADROJNL", 8);
    ladro__put32(out + 8, LADROI_JNL_VERSION);
    ladro__put32(out + 12, LADROI_JNL_HDR_BYTES);
    ladro__put64(out + 16, l->task_bytes);
    ladro__put64(out + 24, l->result_bytes);
    ladro__put64(out + 32, l->journal_id);
    ladro__put32(out + 40, ladroi_crc32c(0, out, 40));
}

size_t ladroi_jnl_rec_bytes(const ladroi_jnl_layout_t *l, uint32_t nchildren)
{
    return LADROI_JNL_FRAME_BYTES + LADROI_JNL_BODY_FIXED + l->result_bytes +
           (size_t)nchildren * (8 + l->task_bytes);
}

size_t ladroi_jnl_frame(unsigned char *out, const ladroi_jnl_layout_t *l, uint64_t id,
                        int32_t origin, uint32_t flags, const void *result,
                        uint32_t nchildren, const void *children)
{
    size_t total = ladroi_jnl_rec_bytes(l, nchildren);
    uint32_t n = (uint32_t)(total - LADROI_JNL_FRAME_BYTES);
    unsigned char *b = out + LADROI_JNL_FRAME_BYTES;
    ladro__put64(b, id);
    ladro__put32(b + 8, (uint32_t)origin);
    ladro__put32(b + 12, flags);
    ladro__put32(b + 16, nchildren);
    ladro__put32(b + 20, 0);
    if (l->result_bytes)
        memcpy(b + 24, result, l->result_bytes);
    if (nchildren)
        memcpy(b + 24 + l->result_bytes, children, (size_t)nchildren * (8 + l->task_bytes));
    ladro__put32(out, n);
    ladro__put32(out + 4, ~n);
    ladro__put32(out + 8, ladroi_crc32c(0, b, n));
    ladro__put32(out + 12, 0);
    return total;
}

static bool ladro__zeros(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i])
            return false;
    return true;
}

int ladroi_jnl_check(const unsigned char *buf, size_t len, const char *name,
                     const ladroi_jnl_layout_t *want, ladroi_jnl_fn fn, void *ctx,
                     size_t *valid, char *err, size_t errlen)
{
    *valid = 0;
    if (len < LADROI_JNL_HDR_BYTES) { /* the file's creation was cut short */
        if (len >= 8 && memcmp(buf, "LADROJNL", 8) != 0)
            return ladroi_failbuf(err, errlen, LADRO_EINVAL, "journal %s: not a ladro "
                                  "journal (no LADROJNL header)", name);
        return LADRO_OK;
    }
    if (memcmp(buf, "LADROJNL", 8) != 0)
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "journal %s: not a ladro journal "
                              "(no LADROJNL header)", name);
    if (ladro__get32(buf + 40) != ladroi_crc32c(0, buf, 40))
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "journal %s: header damaged "
                              "(checksum mismatch)", name);
    if (ladro__get32(buf + 8) != LADROI_JNL_VERSION ||
        ladro__get32(buf + 12) != LADROI_JNL_HDR_BYTES)
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "journal %s: format version %u, "
                              "this library reads version %u", name, ladro__get32(buf + 8),
                              LADROI_JNL_VERSION);
    uint64_t tb = ladro__get64(buf + 16), rb = ladro__get64(buf + 24),
             jid = ladro__get64(buf + 32);
    if (tb != want->task_bytes || rb != want->result_bytes || jid != want->journal_id)
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "journal %s: written by another "
                              "program or configuration (task_bytes %llu, result_bytes "
                              "%llu, journal_id %llu; this run: %llu, %llu, %llu)", name,
                              (unsigned long long)tb, (unsigned long long)rb,
                              (unsigned long long)jid,
                              (unsigned long long)want->task_bytes,
                              (unsigned long long)want->result_bytes,
                              (unsigned long long)want->journal_id);
    size_t off = LADROI_JNL_HDR_BYTES;
    *valid = off;
    size_t kid = 8 + tb;
    while (off < len) {
        size_t rest = len - off;
        if (rest < LADROI_JNL_FRAME_BYTES)
            return LADRO_OK; /* cut short */
        const unsigned char *f = buf + off;
        uint32_t n = ladro__get32(f);
        if (ladro__get32(f + 4) != ~n || ladro__get32(f + 12) != 0) {
            if (ladro__zeros(f, rest)) /* space allocated, never written */
                return LADRO_OK;
            return ladroi_failbuf(err, errlen, LADRO_EINVAL, "journal %s: damaged record "
                                  "frame at byte %zu", name, off);
        }
        if (rest - LADROI_JNL_FRAME_BYTES < n)
            return LADRO_OK; /* the last write was cut short */
        const unsigned char *b = f + LADROI_JNL_FRAME_BYTES;
        size_t end = off + LADROI_JNL_FRAME_BYTES + n;
        if (ladro__get32(f + 8) != ladroi_crc32c(0, b, n)) {
            if (end == len || ladro__zeros(buf + end, len - end))
                return LADRO_OK; /* the last record, never made durable */
            return ladroi_failbuf(err, errlen, LADRO_EINVAL, "journal %s: record at byte "
                                  "%zu damaged (checksum mismatch) with %zu bytes after it",
                                  name, off, len - end);
        }
        if (n < LADROI_JNL_BODY_FIXED + rb ||
            (n - LADROI_JNL_BODY_FIXED - rb) != (uint64_t)ladro__get32(b + 16) * kid)
            return ladroi_failbuf(err, errlen, LADRO_EINVAL, "journal %s: record at byte "
                                  "%zu inconsistent (%u bytes for %u children)", name, off,
                                  n, ladro__get32(b + 16));
        if (fn) {
            ladroi_jnl_rec_t r = {.id = ladro__get64(b),
                                  .origin = (int32_t)ladro__get32(b + 8),
                                  .flags = ladro__get32(b + 12),
                                  .nchildren = ladro__get32(b + 16),
                                  .result = b + 24,
                                  .children = b + 24 + rb};
            int rc = fn(ctx, &r);
            if (rc)
                return rc;
        }
        off = end;
        *valid = off;
    }
    return LADRO_OK;
}

int ladroi_jnl_read_file(const char *path, unsigned char **buf, size_t *len, char *err,
                         size_t errlen)
{
    *buf = NULL;
    *len = 0;
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return ladroi_failbuf(err, errlen, LADRO_EIO, "journal %s: cannot open: %s", path,
                              strerror(errno));
    struct stat sb;
    if (fstat(fd, &sb) != 0) {
        int e = errno;
        close(fd);
        return ladroi_failbuf(err, errlen, LADRO_EIO, "journal %s: cannot stat: %s", path,
                              strerror(e));
    }
    size_t n = (size_t)sb.st_size, got = 0;
    unsigned char *b = malloc(n ? n : 1);
    if (!b) {
        close(fd);
        return ladroi_failbuf(err, errlen, LADRO_ENOMEM, "journal %s: cannot hold its %zu "
                              "bytes in memory", path, n);
    }
    while (got < n) {
        ssize_t r = read(fd, b + got, n - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            int e = r < 0 ? errno : EIO;
            free(b);
            close(fd);
            return ladroi_failbuf(err, errlen, LADRO_EIO, "journal %s: cannot read: %s",
                                  path, strerror(e));
        }
        got += (size_t)r;
    }
    close(fd);
    *buf = b;
    *len = n;
    return LADRO_OK;
}

/* ---- the handle's journal ----------------------------------------------------------- */
struct ladroi_journal {
    ladroi_jnl_layout_t lay;
    char path[LADRO_PATH_MAX + 32]; /* this rank's file */
    int fd;
    bool resumed;       /* a journal existed: the tasks at the start may have run before */
    size_t own_valid;   /* this rank's file: its intact prefix (0: absent or header cut) */
    bool own_exists;
    off_t committed;    /* the file's size after the last commit */
    /* tasks completed in the journal: entries 0..n-1 (origin, flags, result), found by
     * id through an open-addressing table whose slots hold entry + 1 (0: empty) */
    uint64_t *ids;
    uint32_t *slot_ent;
    size_t cap, n, ecap;
    int32_t *e_origin;
    uint64_t *e_id;
    unsigned char *e_flag; /* LADRO__CHILD_DONE, LADRO__GIVEN */
    unsigned char *e_res;  /* n x result_bytes */
    size_t e_res_cap;
    /* resume: children to push here {id, payload} */
    unsigned char *kids;
    size_t kids_n, kids_cap;
    /* group commit */
    unsigned char *wbuf;
    size_t wlen, wcap, wrecs;
    double oldest;
    /* children of the running task: nkids x (8 + task_bytes) */
    unsigned char *ck;
    size_t ck_len, ck_cap;
    uint32_t nck;
};

#define LADRO__CHILD_DONE 1 /* a child of a completed task: nobody pushes it again */
#define LADRO__GIVEN 2      /* its result was handed to its owner in this run */

static size_t ladro__slot(const ladroi_journal_t *j, uint64_t id)
{
    uint64_t h = id * 0x9E3779B97F4A7C15ull;
    size_t i = (size_t)(h ^ (h >> 29)) & (j->cap - 1);
    while (j->slot_ent[i] && j->ids[i] != id)
        i = (i + 1) & (j->cap - 1);
    return i;
}

/* The entry of a completed id, or -1. */
static long ladro__find(const ladroi_journal_t *j, uint64_t id)
{
    if (!j || j->n == 0)
        return -1;
    uint32_t e = j->slot_ent[ladro__slot(j, id)];
    return e ? (long)e - 1 : -1;
}

bool ladroi_journal_has(const ladroi_journal_t *j, uint64_t id)
{
    return ladro__find(j, id) >= 0;
}

/* Insert a completed task: 0, 1 when its id was there already, -1 out of memory. */
static int ladro__insert(ladroi_journal_t *j, uint64_t id, int32_t origin, const void *res)
{
    if (j->n >= UINT32_MAX - 1)
        return -1;
    if (2 * (j->n + 1) > j->cap) {
        size_t oc = j->cap, nc = oc ? 2 * oc : 1024;
        uint64_t *oi = j->ids;
        uint32_t *oe = j->slot_ent;
        j->ids = malloc(nc * sizeof *j->ids);
        j->slot_ent = calloc(nc, sizeof *j->slot_ent);
        if (!j->ids || !j->slot_ent) {
            free(j->ids);
            free(j->slot_ent);
            j->ids = oi;
            j->slot_ent = oe;
            return -1;
        }
        j->cap = nc;
        for (size_t i = 0; i < oc; i++)
            if (oe[i]) {
                size_t s = ladro__slot(j, oi[i]);
                j->slot_ent[s] = oe[i];
                j->ids[s] = oi[i];
            }
        free(oi);
        free(oe);
    }
    size_t s = ladro__slot(j, id);
    if (j->slot_ent[s])
        return 1;
    if (j->n == j->ecap) {
        size_t nc = j->ecap ? 2 * j->ecap : 1024;
        int32_t *o = realloc(j->e_origin, nc * sizeof *o);
        if (!o)
            return -1;
        j->e_origin = o;
        uint64_t *ei = realloc(j->e_id, nc * sizeof *ei);
        if (!ei)
            return -1;
        j->e_id = ei;
        unsigned char *f = realloc(j->e_flag, nc);
        if (!f)
            return -1;
        j->e_flag = f;
        j->ecap = nc;
    }
    size_t rb = j->lay.result_bytes;
    if (rb && ladroi_grow_bytes(&j->e_res, &j->e_res_cap, (j->n + 1) * rb, 4096))
        return -1;
    j->e_origin[j->n] = origin;
    j->e_id[j->n] = id;
    j->e_flag[j->n] = 0;
    if (rb)
        memcpy(j->e_res + j->n * rb, res, rb);
    j->n++;
    j->slot_ent[s] = (uint32_t)j->n;
    j->ids[s] = id;
    return 0;
}

typedef struct ladro__scan {
    ladroi_journal_t *j;
    int rank, size, writer, pass;
    const char *name;
    char *err;
    size_t errlen;
} ladro__scan_t;

static int ladro__on_rec(void *ctx, const ladroi_jnl_rec_t *r)
{
    ladro__scan_t *s = ctx;
    ladroi_journal_t *j = s->j;
    size_t kb = 8 + j->lay.task_bytes;
    if (s->pass == 0) {
        if (r->origin < 0)
            return ladroi_failbuf(s->err, s->errlen, LADRO_EINVAL, "journal %s: task %llu "
                                  "has origin %d", s->name, (unsigned long long)r->id,
                                  (int)r->origin);
        int ins = ladro__insert(j, r->id, r->origin, r->result);
        if (ins < 0)
            return ladroi_failbuf(s->err, s->errlen, LADRO_ENOMEM, "journal %s: out of "
                                  "memory for %zu completed tasks", s->name, j->n);
        if (ins > 0)
            return ladroi_failbuf(s->err, s->errlen, LADRO_EINVAL, "journal %s: task id "
                                  "%llu recorded as completed twice (task ids must be "
                                  "unique within a run)", s->name,
                                  (unsigned long long)r->id);
        return 0;
    }
    for (uint32_t c = 0; c < r->nchildren; c++) { /* completed children of a completed task */
        long e = ladro__find(j, ladro__get64(r->children + (size_t)c * kb));
        if (e >= 0)
            j->e_flag[e] |= LADRO__CHILD_DONE;
    }
    if (s->writer % s->size != s->rank)
        return 0;
    for (uint32_t c = 0; c < r->nchildren; c++) {
        const unsigned char *k = r->children + (size_t)c * kb;
        if (ladroi_journal_has(j, ladro__get64(k)))
            continue;
        if (ladroi_grow_bytes(&j->kids, &j->kids_cap, (j->kids_n + 1) * kb, 4096))
            return ladroi_failbuf(s->err, s->errlen, LADRO_ENOMEM, "journal %s: out of "
                                  "memory", s->name);
        memcpy(j->kids + j->kids_n * kb, k, kb);
        j->kids_n++;
    }
    return 0;
}

/* "rank-<r>.jnl" with r in decimal, no sign, no leading zeros: r, else -1. */
static int ladro__rank_file(const char *name)
{
    int r = -1, used = 0;
    if (sscanf(name, "rank-%d.jnl%n", &r, &used) != 1 || name[used] != '\0' || r < 0)
        return -1;
    char canon[48];
    snprintf(canon, sizeof canon, "rank-%d.jnl", r);
    return strcmp(canon, name) == 0 ? r : -1;
}

/* The rank files of dir, in rank order (a deterministic scan: the same on every rank):
 * *pranks (malloc'd, *pnr of them; NULL on error). */
static int ladro__list_ranks(const char *dir, int **pranks, int *pnr, char *err,
                             size_t errlen)
{
    DIR *d = opendir(dir);
    if (!d)
        return ladroi_failbuf(err, errlen, LADRO_EIO, "journal %s: cannot list the "
                              "directory: %s", dir, strerror(errno));
    int *ranks = NULL, nr = 0, cr = 0, rc = LADRO_OK;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        int r = ladro__rank_file(e->d_name);
        if (r < 0)
            continue;
        if (nr == cr) {
            int nc = cr ? 2 * cr : 16;
            int *n = realloc(ranks, (size_t)nc * sizeof *n);
            if (!n) {
                rc = ladroi_failbuf(err, errlen, LADRO_ENOMEM, "journal: out of memory");
                break;
            }
            ranks = n;
            cr = nc;
        }
        ranks[nr++] = r;
    }
    closedir(d);
    for (int a = 1; a < nr; a++) /* insertion sort: a few hundred files at most */
        for (int b = a; b > 0 && ranks[b - 1] > ranks[b]; b--) {
            int t = ranks[b];
            ranks[b] = ranks[b - 1];
            ranks[b - 1] = t;
        }
    if (rc) {
        free(ranks);
        ranks = NULL;
        nr = 0;
    }
    *pranks = ranks;
    *pnr = nr;
    return rc;
}

int ladroi_journal_open(ladro_t *lb, char *err, size_t errlen)
{
    const char *dir = lb->cfg.journal;
    ladroi_journal_t *j = calloc(1, sizeof *j);
    if (!j)
        return ladroi_failbuf(err, errlen, LADRO_ENOMEM, "journal: out of memory");
    lb->jnl = j;
    j->fd = -1;
    j->lay = (ladroi_jnl_layout_t){lb->cfg.task_bytes, lb->cfg.result_bytes,
                                   lb->cfg.journal_id};
    snprintf(j->path, sizeof j->path, "%s/rank-%d.jnl", dir, lb->rank);
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return ladroi_failbuf(err, errlen, LADRO_EIO, "journal %s: cannot create the "
                              "directory: %s", dir, strerror(errno));
    struct stat sb;
    if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode))
        return ladroi_failbuf(err, errlen, LADRO_EIO, "journal %s: not a directory", dir);
    if (access(dir, W_OK | X_OK) != 0)
        return ladroi_failbuf(err, errlen, LADRO_EIO, "journal %s: directory not writable: "
                              "%s", dir, strerror(errno));
    int *ranks = NULL, nr = 0;
    int rc = ladro__list_ranks(dir, &ranks, &nr, err, errlen);
    if (rc)
        return rc;
    unsigned char **bufs = calloc((size_t)(nr ? nr : 1), sizeof *bufs);
    size_t *lens = calloc((size_t)(nr ? nr : 1), sizeof *lens);
    if (!bufs || !lens)
        rc = ladroi_failbuf(err, errlen, LADRO_ENOMEM, "journal: out of memory");
    char path[LADRO_PATH_MAX + 32];
    for (int i = 0; i < nr && !rc; i++) {
        snprintf(path, sizeof path, "%s/rank-%d.jnl", dir, ranks[i]);
        rc = ladroi_jnl_read_file(path, &bufs[i], &lens[i], err, errlen);
    }
    for (int pass = 0; pass < 2 && !rc; pass++)
        for (int i = 0; i < nr && !rc; i++) {
            snprintf(path, sizeof path, "%s/rank-%d.jnl", dir, ranks[i]);
            ladro__scan_t s = {j, lb->rank, lb->size, ranks[i], pass, path, err, errlen};
            size_t valid;
            rc = ladroi_jnl_check(bufs[i], lens[i], path, &j->lay, ladro__on_rec, &s,
                                  &valid, err, errlen);
            if (!rc && pass == 0) {
                j->resumed = true;
                if (ranks[i] == lb->rank) {
                    j->own_exists = true;
                    j->own_valid = valid;
                }
            }
        }
    for (int i = 0; bufs && i < nr; i++)
        free(bufs[i]);
    free(bufs);
    free(lens);
    free(ranks);
    return rc;
}

static int ladro__give(ladro_t *lb, long e);

int ladroi_journal_start(ladro_t *lb)
{
    ladroi_journal_t *j = lb->jnl;
    int fd = open(j->path, O_WRONLY | O_CREAT, 0644);
    if (fd < 0)
        return ladroi_fail(lb, LADRO_EIO, "journal %s: cannot open for writing: %s", j->path,
                           strerror(errno));
    j->fd = fd;
    /* a run still alive on this journal (a rank the kill missed) must not write with us */
    if (flock(fd, LOCK_EX | LOCK_NB) != 0)
        return ladroi_fail(lb, LADRO_EIO, "journal %s: in use by another run (%s): stop "
                           "it before resuming", j->path, strerror(errno));
    int rc = LADRO_OK;
    if (j->own_valid < LADROI_JNL_HDR_BYTES) { /* new, or its creation was cut short */
        unsigned char h[LADROI_JNL_HDR_BYTES];
        ladroi_jnl_header(h, &j->lay);
        if (ftruncate(fd, 0) != 0 || pwrite(fd, h, sizeof h, 0) != (ssize_t)sizeof h ||
            fdatasync(fd) != 0)
            rc = ladroi_fail(lb, LADRO_EIO, "journal %s: cannot write the header: %s",
                             j->path, strerror(errno));
        j->committed = (off_t)sizeof h;
        if (!rc && !j->own_exists) { /* the new file's name must be durable too */
            char dir[LADRO_PATH_MAX];
            snprintf(dir, sizeof dir, "%s", lb->cfg.journal);
            int dfd = open(dir, O_RDONLY);
            if (dfd >= 0) {
                fsync(dfd);
                close(dfd);
            }
        }
    } else { /* drop a cut-short tail: the records after it continue the file */
        j->committed = (off_t)j->own_valid;
        if (ftruncate(fd, j->committed) != 0)
            rc = ladroi_fail(lb, LADRO_EIO, "journal %s: cannot truncate a cut-short last "
                             "record at byte %zu: %s", j->path, j->own_valid,
                             strerror(errno));
    }
    if (!rc && lseek(fd, j->committed, SEEK_SET) < 0)
        rc = ladroi_fail(lb, LADRO_EIO, "journal %s: cannot seek: %s", j->path,
                         strerror(errno));
    if (rc)
        return rc;
    /* results of completed children of completed tasks (nobody pushes them again) go to
     * (their origin) mod nranks now; the others when this run pushes them again */
    size_t kb = 8 + j->lay.task_bytes;
    for (size_t e = 0; e < j->n; e++)
        if ((j->e_flag[e] & LADRO__CHILD_DONE) && j->e_origin[e] % lb->size == lb->rank &&
            (rc = ladro__give(lb, (long)e)) != 0)
            return rc;
    for (size_t i = 0; i < j->kids_n; i++) {
        const unsigned char *k = j->kids + i * kb;
        ladroi_rec_hdr_t h = {.id = ladro__get64(k), .origin = lb->rank,
                              .moves = LADROI_MOVES_RERUN};
        if ((rc = ladroi_pool_push(lb, &lb->pool, &h, k + 8, j->lay.task_bytes)) != 0)
            return rc;
        lb->st.tasks_pushed++;
    }
    free(j->kids);
    j->kids = NULL;
    return LADRO_OK;
}

/* Hand entry e's result to this rank's ladro_result_next (once). */
static int ladro__give(ladro_t *lb, long e)
{
    ladroi_journal_t *j = lb->jnl;
    if (j->e_flag[e] & LADRO__GIVEN)
        return LADRO_OK;
    j->e_flag[e] |= LADRO__GIVEN;
    lb->st.journal_done++;
    size_t rb = j->lay.result_bytes;
    if (!lb->res || rb == 0)
        return LADRO_OK;
    return ladroi_results_put(lb, j->e_id[e], j->e_res + (size_t)e * rb);
}

int ladroi_journal_take(ladro_t *lb, uint64_t id, bool *completed)
{
    long e = ladro__find(lb->jnl, id);
    *completed = e >= 0;
    if (e < 0 || (lb->jnl->e_flag[e] & LADRO__CHILD_DONE))
        return LADRO_OK;
    return ladro__give(lb, e);
}

bool ladroi_journal_resumed(const ladro_t *lb)
{
    return lb->jnl && lb->jnl->resumed;
}

int ladroi_journal_child(ladro_t *lb, uint64_t id, const void *payload)
{
    ladroi_journal_t *j = lb->jnl;
    if (ladroi_journal_kid_put(&j->ck, &j->ck_len, &j->ck_cap, &j->nck, id, payload,
                               j->lay.task_bytes))
        return ladroi_fail(lb, LADRO_ENOMEM, "journal: out of memory for a task's children");
    return LADRO_OK;
}

int ladroi_journal_kid_put(unsigned char **b, size_t *len, size_t *cap, uint32_t *n,
                           uint64_t id, const void *payload, size_t task_bytes)
{
    if (ladroi_grow_bytes(b, cap, *len + 8 + task_bytes, 4096))
        return -1;
    ladro__put64(*b + *len, id);
    if (task_bytes)
        memcpy(*b + *len + 8, payload, task_bytes);
    *len += 8 + task_bytes;
    ++*n;
    return 0;
}

/* Write and sync the waiting records, then count them complete (or send their results
 * home). On a write error the file is cut back to its last commit. */
static int ladro__commit(ladro_t *lb)
{
    ladroi_journal_t *j = lb->jnl;
    if (j->wlen == 0)
        return LADRO_OK;
    size_t done = 0;
    while (done < j->wlen) {
        ssize_t w = write(j->fd, j->wbuf + done, j->wlen - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            int e = w < 0 ? errno : ENOSPC;
            int t = ftruncate(j->fd, j->committed);
            (void)t;
            lseek(j->fd, j->committed, SEEK_SET);
            return ladroi_fail(lb, LADRO_EIO, "journal %s: cannot write %zu bytes: %s (the "
                               "file keeps its %lld bytes of complete records)", j->path,
                               j->wlen, strerror(e), (long long)j->committed);
        }
        done += (size_t)w;
    }
    if (fdatasync(j->fd) != 0) {
        int e = errno;
        int t = ftruncate(j->fd, j->committed);
        (void)t;
        lseek(j->fd, j->committed, SEEK_SET);
        return ladroi_fail(lb, LADRO_EIO, "journal %s: cannot sync: %s", j->path,
                           strerror(e));
    }
    j->committed += (off_t)j->wlen;
    lb->st.journal_syncs++;
    lb->st.journal_bytes += j->wlen;
    /* durable: now the completions count */
    size_t rb = j->lay.result_bytes;
    for (size_t off = 0; off < j->wlen;) {
        const unsigned char *b = j->wbuf + off + LADROI_JNL_FRAME_BYTES;
        uint32_t n = ladro__get32(j->wbuf + off);
        if (lb->res) {
            int rc = ladroi_results_send(lb, ladro__get64(b), (int)ladro__get32(b + 8),
                                         rb ? b + 24 : NULL);
            if (rc)
                return rc;
        } else {
            lb->completed++;
        }
        off += LADROI_JNL_FRAME_BYTES + n;
    }
    j->wlen = 0;
    j->wrecs = 0;
    return LADRO_OK;
}

int ladroi_journal_done(ladro_t *lb, uint64_t id, int32_t origin, bool rerun,
                        const void *result)
{
    ladroi_journal_t *j = lb->jnl;
    size_t need = ladroi_jnl_rec_bytes(&j->lay, j->nck);
    if (ladroi_grow_bytes(&j->wbuf, &j->wcap, j->wlen + need, 4096))
        return ladroi_fail(lb, LADRO_ENOMEM, "journal: out of memory for a record");
    ladroi_jnl_frame(j->wbuf + j->wlen, &j->lay, id, origin, rerun ? LADROI_JNL_RERUN : 0,
                     result, j->nck, j->ck);
    j->wlen += need;
    j->ck_len = 0;
    j->nck = 0;
    double now = ladroi_net_now();
    if (j->wrecs++ == 0)
        j->oldest = now;
    if (j->wrecs >= LADRO__COMMIT_RECS || j->wlen >= LADRO__COMMIT_BYTES ||
        now - j->oldest >= LADRO__COMMIT_S)
        return ladro__commit(lb);
    return LADRO_OK;
}

int ladroi_journal_poll(ladro_t *lb, bool idle)
{
    ladroi_journal_t *j = lb->jnl;
    if (j->wrecs == 0)
        return LADRO_OK;
    if (idle || ladroi_net_now() - j->oldest >= LADRO__COMMIT_S)
        return ladro__commit(lb);
    return LADRO_OK;
}

void ladroi_journal_fini(ladro_t *lb)
{
    ladroi_journal_t *j = lb->jnl;
    if (!j)
        return;
    if (j->fd >= 0)
        close(j->fd); /* records still waiting were never counted complete: they rerun */
    free(j->ids);
    free(j->slot_ent);
    free(j->e_origin);
    free(j->e_id);
    free(j->e_flag);
    free(j->e_res);
    free(j->kids);
    free(j->wbuf);
    free(j->ck);
    free(j);
    lb->jnl = NULL;
}

int ladro_journal_completed(const ladro_t *lb, uint64_t id)
{
    return lb && ladroi_journal_has(lb->jnl, id) ? 1 : 0;
}
