/* Files of the seismic apps: SU trace layout (SEG-Y byte offsets as in SU's segy.h), PNG
 * structure and pixels (decoded by an independent minimal inflate), CRC-32 known answer,
 * the velocity models and their refusal messages. */
#include "seis.h"
#include "../check.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int16_t get16(const unsigned char *b, int off)
{
    int16_t v;
    memcpy(&v, b + off, 2);
    return v;
}

/* A minimal inflate (RFC 1951: stored and fixed-Huffman blocks), independent of the
 * writer, to check the pictures decode to the right pixels. Returns bytes out, -1 bad. */
typedef struct bitr {
    const unsigned char *p;
    size_t n, pos; /* in bits */
} bitr_t;

static int getbit(bitr_t *b)
{
    if (b->pos >= 8 * b->n)
        return -1;
    int v = (b->p[b->pos / 8] >> (b->pos % 8)) & 1;
    b->pos++;
    return v;
}

static int getbits(bitr_t *b, int n) /* LSB first */
{
    int v = 0;
    for (int q = 0; q < n; q++) {
        int x = getbit(b);
        if (x < 0)
            return -1;
        v |= x << q;
    }
    return v;
}

static int fixed_sym(bitr_t *b) /* MSB-first code of RFC 1951 §3.2.6 */
{
    int c = 0, len;
    for (len = 1; len <= 9; len++) {
        int x = getbit(b);
        if (x < 0)
            return -1;
        c = (c << 1) | x;
        if (len == 7 && c <= 23)
            return 256 + c;
        if (len == 8 && c >= 0x30 && c <= 0xBF)
            return c - 0x30;
        if (len == 8 && c >= 0xC0 && c <= 0xC7)
            return 280 + c - 0xC0;
        if (len == 9 && c >= 0x190)
            return 144 + c - 0x190;
    }
    return -1;
}

static long inflate_min(const unsigned char *in, size_t n, unsigned char *out, size_t cap)
{
    static const int lb[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                               31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
    static const int le[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                               2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
    static const int db[30] = {1,    2,    3,    4,    5,    7,     9,     13,    17,  25,
                               33,   49,   65,   97,   129,  193,   257,   385,   513, 769,
                               1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
    bitr_t b = {in, n, 0};
    size_t o = 0;
    int final = 0;
    while (!final) {
        final = getbit(&b);
        int type = getbits(&b, 2);
        if (final < 0 || type < 0)
            return -1;
        if (type == 0) {
            b.pos = (b.pos + 7) / 8 * 8;
            int len = getbits(&b, 16), nlen = getbits(&b, 16);
            if (len < 0 || (len ^ 0xFFFF) != nlen || o + (size_t)len > cap)
                return -1;
            for (int q = 0; q < len; q++)
                out[o++] = (unsigned char)getbits(&b, 8);
            continue;
        }
        if (type != 1)
            return -1;
        for (;;) {
            int sym = fixed_sym(&b);
            if (sym < 0 || sym > 285)
                return -1;
            if (sym < 256) {
                if (o >= cap)
                    return -1;
                out[o++] = (unsigned char)sym;
                continue;
            }
            if (sym == 256)
                break;
            int len = lb[sym - 257] + getbits(&b, le[sym - 257]);
            int dc = 0;
            for (int q = 0; q < 5; q++)
                dc = (dc << 1) | getbit(&b);
            if (dc > 29)
                return -1;
            int dist = db[dc] + getbits(&b, dc < 4 ? 0 : dc / 2 - 1);
            if ((size_t)dist > o || o + (size_t)len > cap)
                return -1;
            for (int q = 0; q < len; q++, o++)
                out[o] = out[o - (size_t)dist];
        }
    }
    return (long)o;
}

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

int main(void)
{
    char err[512];
    /* CRC-32 of "123456789" is 0xCBF43926 */
    CHECK_EQ(seis_crc32(0, "123456789", 9), 0xCBF43926u);

    /* SU: 2 traces of 5 samples */
    float s0[5] = {1, 2, 3, 4, 5}, s1[5] = {-1, -2, -3, -4, -5};
    size_t n = seis_su_size(2, 5);
    CHECK_EQ(n, 2 * (240 + 20));
    unsigned char *su = malloc(n);
    seis_su_trace_info_t ti = {.tracl = 1, .fldr = 7, .tracf = 1, .offset = 120, .sx = 100,
                               .sy = 200, .gx = 220, .gy = 200, .sdepth = 20, .gelev = -20};
    seis_su_put(su, 0, &ti, s0, 5, 0.004);
    ti.tracl = ti.tracf = 2;
    seis_su_put(su, 1, &ti, s1, 5, 0.004);
    int ntr, ns;
    double dt;
    CHECK_EQ(seis_su_parse(su, n, &ntr, &ns, &dt, err, sizeof err), 0);
    CHECK_EQ(ntr, 2);
    CHECK_EQ(ns, 5);
    CHECK_EQ((long)(dt * 1e6 + 0.5), 4000);
    CHECK_EQ(seis_su_hdr_i32(su, 1, 5, 0), 2);    /* tracl */
    CHECK_EQ(seis_su_hdr_i32(su, 1, 5, 8), 7);    /* fldr */
    CHECK_EQ(seis_su_hdr_i32(su, 1, 5, 36), 120); /* offset */
    CHECK_EQ(seis_su_hdr_i32(su, 1, 5, 72), 100); /* sx */
    CHECK_EQ(seis_su_hdr_i32(su, 1, 5, 80), 220); /* gx */
    CHECK_EQ(get16(su + 260, 28), 1);             /* trid */
    CHECK_EQ(get16(su + 260, 114), 5);            /* ns */
    CHECK_EQ((uint16_t)get16(su + 260, 116), 4000); /* dt, us */
    CHECK(seis_su_samples(su, 1, 5)[2] == -3.0f);
    CHECK_EQ(seis_su_parse(su, n - 1, &ntr, &ns, &dt, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "not a whole number of traces");

    /* PNG: signature, IHDR size, ends with IEND */
    char dir[] = "/tmp/seis_io_XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char path[256];
    snprintf(path, sizeof path, "%s/a.png", dir);
    float img[6] = {-1, 0, 1, 0.5f, -0.5f, 0};
    CHECK_EQ(seis_png_write(path, img, 2, 3, 100, 2, 3, err, sizeof err), 0);
    void *buf;
    size_t len;
    CHECK_EQ(seis_read_file(path, &buf, &len, err, sizeof err), 0);
    const unsigned char *p = buf;
    CHECK(len > 57 && !memcmp(p, "\x89PNG\r\n\x1a\n", 8) && !memcmp(p + 12, "IHDR", 4));
    CHECK_EQ((p[16] << 24 | p[17] << 16 | p[18] << 8 | p[19]), 9); /* width 3 * 3 */
    CHECK_EQ((p[20] << 24 | p[21] << 16 | p[22] << 8 | p[23]), 4); /* height 2 * 2 */
    CHECK(!memcmp(p + len - 8, "IEND", 4));
    /* every chunk's CRC; IDAT inflates to 4 rows of 1 + 9 * 3 bytes; pixels after "Up" */
    unsigned char pix[4 * 28];
    long got = -2;
    for (size_t q = 8; q + 12 <= len;) {
        uint32_t cn = be32(p + q);
        CHECK_EQ(seis_crc32(0, p + q + 4, cn + 4), be32(p + q + 8 + cn));
        if (!memcmp(p + q + 4, "IDAT", 4)) {
            CHECK_EQ(p[q + 8], 0x78); /* zlib header */
            got = inflate_min(p + q + 10, cn - 6, pix, sizeof pix);
            CHECK_EQ(got, (long)sizeof pix);
            uint32_t s1 = 1, s2 = 0; /* Adler-32 of the filtered rows */
            for (long k = 0; k < got; k++)
                s1 = (s1 + pix[k]) % 65521, s2 = (s2 + s1) % 65521;
            CHECK_EQ(be32(p + q + 8 + cn - 4), (s2 << 16) | s1);
        }
        q += 12 + cn;
    }
    if (got == (long)sizeof pix) {
        for (int y = 0; y < 4; y++) {
            CHECK(pix[y * 28] <= 2); /* filter type none/sub/up */
            if (pix[y * 28] == 2 && y > 0)
                for (int k = 1; k < 28; k++)
                    pix[y * 28 + k] = (unsigned char)(pix[y * 28 + k] + pix[(y - 1) * 28 + k]);
        }
        /* img = {-1, 0, 1 / 0.5, -0.5, 0}, clip 1: blue, white, red / light red, light blue,
         * white; each sample a 2 x 3 block of pixels */
        static const unsigned char want[6][3] = {{0, 0, 255},     {255, 255, 255},
                                                 {255, 0, 0},     {255, 128, 128},
                                                 {128, 128, 255}, {255, 255, 255}};
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 9; x++) {
                const unsigned char *px = pix + y * 28 + 1 + 3 * x, *w = want[(y / 2) * 3 + x / 3];
                if (memcmp(px, w, 3)) {
                    fprintf(stderr, "pixel (%d,%d) = %u,%u,%u, expected %u,%u,%u\n", x, y,
                            px[0], px[1], px[2], w[0], w[1], w[2]);
                    CHECK(0);
                }
            }
    }
    free(buf);

    /* models */
    seis_model_t m;
    CHECK_EQ(seis_model_alloc(&m, 4, 4, 10, 10, 10, 10, err, sizeof err), 0);
    CHECK_EQ(seis_model_generate(&m, "two-layer", err, sizeof err), 0);
    CHECK(m.vel[4 * 4 * 4] == 1400.0f && m.vel[4 * 4 * 5] == 2000.0f);
    CHECK_EQ(seis_model_generate(&m, "layered:1500,2500,3000@20,70", err, sizeof err), 0);
    CHECK(m.vel[16 * 1] == 1500.0f && m.vel[16 * 2] == 2500.0f && m.vel[16 * 7] == 3000.0f);
    CHECK_EQ(seis_model_generate(&m, "layered:1500,2500@", err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "bad model");
    CHECK_EQ(seis_model_generate(&m, "homogeneous:-3", err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "must be positive");
    /* raw file with header, and a wrong size */
    unsigned char raw[16 + 160 * 4];
    memcpy(raw, "LDRV", 4);
    int32_t d[3] = {4, 4, 10};
    memcpy(raw + 4, d, sizeof d);
    for (int q = 0; q < 160; q++) {
        float v = 1000.0f + q;
        memcpy(raw + 16 + 4 * q, &v, 4);
    }
    snprintf(path, sizeof path, "%s/v.bin", dir);
    CHECK_EQ(seis_write_atomic(path, raw, sizeof raw, err, sizeof err), 0);
    CHECK_EQ(seis_model_read_raw(&m, path, err, sizeof err), 0);
    CHECK(m.vel[159] == 1159.0f);
    CHECK_EQ(seis_write_atomic(path, raw + 16, 100, err, sizeof err), 0);
    CHECK_EQ(seis_model_read_raw(&m, path, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "expected 640");
    seis_model_free(&m);
    free(su);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    CHECK_EQ(system(cmd), 0);
    return CHECK_REPORT("seismic io");
}
