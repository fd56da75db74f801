/* The journal (src/journal.c): restartable runs. Never installed.
 *
 * File format (one file per rank, DIR/rank-<r>.jnl, little-endian as the machine writes
 * it; a journal is resumed on machines of the same byte order):
 *   header, 48 bytes: "LADROJNL", u32 version, u32 header bytes (48), u64 task_bytes,
 *                     u64 result_bytes, u64 journal_id, u32 CRC-32C of the 44 bytes
 *                     before it, u32 zero
 *   records:          u32 n, u32 ~n, u32 CRC-32C of the n body bytes, u32 zero, body:
 *                     u64 id, i32 origin, u32 flags, u32 nchildren, u32 zero,
 *                     result_bytes of result, nchildren x (u64 id, task_bytes payload)
 * One record per task completed on that rank, appended by group commit (one write and
 * one fdatasync for many records). The pure part below has no handle and no MPI: the
 * unit test (tests/test_journal.c) drives it directly. */
#ifndef LADRO_JOURNAL_H
#define LADRO_JOURNAL_H

#include "ladro.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LADROI_JNL_HDR_BYTES 48u
#define LADROI_JNL_FRAME_BYTES 16u /* n, ~n, crc, zero */
#define LADROI_JNL_BODY_FIXED 24u  /* id, origin, flags, nchildren, zero */
#define LADROI_JNL_VERSION 1u
#define LADROI_JNL_RERUN 1u /* record flag: the task may have run before */

typedef struct ladroi_jnl_layout {
    uint64_t task_bytes, result_bytes, journal_id;
} ladroi_jnl_layout_t;

typedef struct ladroi_jnl_rec {
    uint64_t id;
    int32_t origin;
    uint32_t flags;
    uint32_t nchildren;
    const unsigned char *result;   /* result_bytes bytes */
    const unsigned char *children; /* nchildren x (8 + task_bytes) bytes */
} ladroi_jnl_rec_t;

/* CRC-32C (Castagnoli), software. */
uint32_t ladroi_crc32c(uint32_t crc, const void *data, size_t n);
/* The 48-byte header of a journal with this layout. */
void ladroi_jnl_header(unsigned char out[LADROI_JNL_HDR_BYTES], const ladroi_jnl_layout_t *l);
/* Frame one record into out (ladroi_jnl_rec_bytes bytes): children are nchildren x
 * (8 + task_bytes) bytes already laid out. Returns the bytes written. */
size_t ladroi_jnl_rec_bytes(const ladroi_jnl_layout_t *l, uint32_t nchildren);
size_t ladroi_jnl_frame(unsigned char *out, const ladroi_jnl_layout_t *l, uint64_t id,
                        int32_t origin, uint32_t flags, const void *result,
                        uint32_t nchildren, const void *children);

/* Check a journal file's bytes [0, len): the header against `want`, then every record,
 * calling fn (when non-NULL) on each; fn's non-zero return stops the scan and is
 * returned. *valid is set to the end of the last complete record (the header's end when
 * there is none; 0 when even the header is cut short: a file whose creation was cut
 * short). A cut-short tail (a write interrupted at any byte, or zeros after the last
 * record) is not an error: the scan stops at *valid. A damaged record followed by more
 * data, a foreign header or an inconsistent record is LADRO_EINVAL with a one-line
 * message naming `name` and the byte offset in err. */
typedef int (*ladroi_jnl_fn)(void *ctx, const ladroi_jnl_rec_t *rec);
int ladroi_jnl_check(const unsigned char *buf, size_t len, const char *name,
                     const ladroi_jnl_layout_t *want, ladroi_jnl_fn fn, void *ctx,
                     size_t *valid, char *err, size_t errlen);

/* Read a whole file into *buf (malloc'd; *len bytes). LADRO_OK, or LADRO_EIO with a
 * message naming the file. */
int ladroi_jnl_read_file(const char *path, unsigned char **buf, size_t *len, char *err,
                         size_t errlen);

/* ---- the handle part (src/journal.c) ------------------------------------------------- */
typedef struct ladroi_journal ladroi_journal_t;
/* ladro_create, before the agreement: read and check every rank file of cfg.journal,
 * keep this rank's part (sets lb->jnl). Changes no file. */
int ladroi_journal_open(ladro_t *lb, char *err, size_t errlen);
/* ladro_create, after the results module: open this rank's file for appending (drop a
 * cut-short tail, or write the header), queue the journal's results, push the unfinished
 * children. */
int ladroi_journal_start(ladro_t *lb);
/* The run resumed a journal: the tasks at its start may have run before. */
bool ladroi_journal_resumed(const ladro_t *lb);
/* id is recorded as completed. */
bool ladroi_journal_has(const ladroi_journal_t *j, uint64_t id);
/* ladro_push of id: *completed when the journal records it (the push is dropped); its
 * result, unless it goes to (origin mod nranks) at creation, is handed out here. */
int ladroi_journal_take(ladro_t *lb, uint64_t id, bool *completed);
/* The running task pushed a child. */
int ladroi_journal_child(ladro_t *lb, uint64_t id, const void *payload);
/* Append a child (its id, then task_bytes of payload: the form a completion record
 * holds) to the *n children in *b (*len bytes of *cap); a worker thread's running task
 * keeps its own list with it. 0, or -1 out of memory. */
int ladroi_journal_kid_put(unsigned char **b, size_t *len, size_t *cap, uint32_t *n,
                           uint64_t id, const void *payload, size_t task_bytes);
/* The running task ended: record it (result: result_bytes bytes, or NULL when 0); it
 * counts as completed at the commit. */
int ladroi_journal_done(ladro_t *lb, uint64_t id, int32_t origin, bool rerun,
                        const void *result);
/* Commit when the oldest waiting record is old enough, or at once when idle. */
int ladroi_journal_poll(ladro_t *lb, bool idle);
void ladroi_journal_fini(ladro_t *lb);

#endif
