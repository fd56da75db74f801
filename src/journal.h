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

#endif
