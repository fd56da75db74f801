/* SHA-1 (FIPS 180-4 §6.1), written from the standard for UTS's splittable RNG.
 *
 * Two entry points: a general streaming hash (checked against the standard's test
 * vectors in tests/uts/test_sha1.c) and sha1_compress(), the bare compression function
 * on one 16-word block, which the UTS RNG calls directly because every message it hashes
 * (20 or 24 bytes) fits in one padded block. */
#ifndef LADRO_UTS_SHA1_H
#define LADRO_UTS_SHA1_H

#include <stddef.h>
#include <stdint.h>

#define SHA1_DIGEST_BYTES 20

typedef struct sha1_ctx {
    uint32_t h[5];
    uint64_t bytes;        /* message length so far */
    unsigned char buf[64]; /* partial block */
    size_t fill;
} sha1_ctx_t;

/* FIPS 180-4 §5.3.1: the initial hash value H(0). */
extern const uint32_t sha1_iv[5];

void sha1_init(sha1_ctx_t *c);
void sha1_update(sha1_ctx_t *c, const void *data, size_t n);
void sha1_final(sha1_ctx_t *c, unsigned char out[SHA1_DIGEST_BYTES]);
void sha1(const void *data, size_t n, unsigned char out[SHA1_DIGEST_BYTES]);

/* h <- h + compress(h, w): FIPS 180-4 §6.1.2 steps 1-4 on one block of 16 message words
 * (already decoded from big-endian to host order). */
typedef void (*sha1_compress_fn)(uint32_t h[5], const uint32_t w[16]);
void sha1_compress_portable(uint32_t h[5], const uint32_t w[16]);
/* The same with the x86 SHA extensions; call only when sha1_have_ni() is 1. */
void sha1_compress_ni(uint32_t h[5], const uint32_t w[16]);
/* 1 when the SHA extensions are compiled in and this CPU has them. */
int sha1_have_ni(void);
/* The fastest usable implementation: sha1_compress_ni or sha1_compress_portable. */
sha1_compress_fn sha1_compress_best(void);
/* Which implementation f is, for the results line: "ladro (x86 SHA extensions)" or
 * "ladro (portable C)". Both are this file's; there is no external SHA-1. */
const char *sha1_compress_name(sha1_compress_fn f);

#endif
