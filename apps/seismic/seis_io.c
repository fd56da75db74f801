/* Files: CRC-32, atomic whole-file writes, Seismic Unix traces, PNG pictures. */
#include "seis.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), bitwise: files are small. */
uint32_t seis_crc32(uint32_t crc, const void *buf, size_t n)
{
    const unsigned char *b = buf;
    crc = ~crc;
    for (size_t q = 0; q < n; q++) {
        crc ^= b[q];
        for (int k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

static int seis__write_all(int fd, const void *buf, size_t n)
{
    const char *p = buf;
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static void seis__fsync_dir(const char *path)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash == dir)
        dir[1] = 0;
    else if (slash)
        *slash = 0;
    else
        snprintf(dir, sizeof dir, ".");
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

int seis_write_atomic(const char *path, const void *buf, size_t n, char *err, size_t errlen)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        snprintf(err, errlen, "cannot create %s: %s", tmp, strerror(errno));
        return -1;
    }
    if (seis__write_all(fd, buf, n) || fsync(fd)) {
        snprintf(err, errlen, "cannot write %s: %s", tmp, strerror(errno));
        close(fd);
        unlink(tmp);
        return -1;
    }
    close(fd);
    if (rename(tmp, path)) {
        snprintf(err, errlen, "cannot rename %s to %s: %s", tmp, path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    seis__fsync_dir(path);
    return 0;
}

int seis_read_file(const char *path, void **buf, size_t *n, char *err, size_t errlen)
{
    *buf = NULL;
    *n = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    size_t cap = 1 << 16, len = 0;
    unsigned char *b = malloc(cap);
    while (b) {
        size_t r = fread(b + len, 1, cap - len, f);
        len += r;
        if (len < cap)
            break;
        unsigned char *nb = realloc(b, cap * 2);
        if (!nb) {
            free(b);
            b = NULL;
            break;
        }
        b = nb;
        cap *= 2;
    }
    int bad = ferror(f);
    fclose(f);
    if (!b || bad) {
        snprintf(err, errlen, "cannot read %s: %s", path, b ? "read error" : "out of memory");
        free(b);
        return -1;
    }
    *buf = b;
    *n = len;
    return 0;
}

/* ---- Seismic Unix ------------------------------------------------------------------- */
#define SU_HDR 240

size_t seis_su_size(int ntr, int ns)
{
    return (size_t)ntr * (SU_HDR + (size_t)ns * sizeof(float));
}

static void seis__put32(unsigned char *h, int off, int32_t v)
{
    memcpy(h + off, &v, 4);
}

static void seis__put16(unsigned char *h, int off, int16_t v)
{
    memcpy(h + off, &v, 2);
}

void seis_su_put(unsigned char *dst, int itr, const seis_su_trace_info_t *ti,
                 const float *samples, int ns, double dt)
{
    unsigned char *h = dst + (size_t)itr * (SU_HDR + (size_t)ns * sizeof(float));
    memset(h, 0, SU_HDR);
    /* SEG-Y rev 0 trace header byte offsets, as in SU's segy.h */
    seis__put32(h, 0, ti->tracl);   /* tracl: trace number within line */
    seis__put32(h, 4, ti->tracl);   /* tracr: trace number within reel */
    seis__put32(h, 8, ti->fldr);    /* fldr: field record (shot) number */
    seis__put32(h, 12, ti->tracf);  /* tracf: trace within field record */
    seis__put32(h, 20, ti->fldr);   /* cdp (used as ensemble number) */
    seis__put16(h, 28, 1);          /* trid: seismic data */
    seis__put32(h, 36, ti->offset); /* offset, m */
    seis__put32(h, 40, ti->gelev);  /* gelev: receiver elevation (negative depth), m */
    seis__put32(h, 48, ti->sdepth); /* sdepth: source depth, m */
    seis__put16(h, 68, 1);          /* scalel */
    seis__put16(h, 70, 1);          /* scalco */
    seis__put32(h, 72, ti->sx);
    seis__put32(h, 76, ti->sy);
    seis__put32(h, 80, ti->gx);
    seis__put32(h, 84, ti->gy);
    seis__put16(h, 88, 1); /* counit: length (metres) */
    uint16_t ns16 = (uint16_t)ns, dt16 = (uint16_t)lround(dt * 1e6);
    memcpy(h + 114, &ns16, 2);
    memcpy(h + 116, &dt16, 2);
    memcpy(h + SU_HDR, samples, (size_t)ns * sizeof(float));
}

int seis_su_parse(const unsigned char *buf, size_t n, int *ntr, int *ns, double *dt,
                  char *err, size_t errlen)
{
    if (n < SU_HDR) {
        snprintf(err, errlen, "SU data of %zu bytes is shorter than one 240-byte header", n);
        return -1;
    }
    uint16_t ns16, dt16;
    memcpy(&ns16, buf + 114, 2);
    memcpy(&dt16, buf + 116, 2);
    size_t tr = SU_HDR + (size_t)ns16 * sizeof(float);
    if (ns16 == 0 || n % tr) {
        snprintf(err, errlen, "SU data of %zu bytes is not a whole number of traces of "
                 "%u samples (%zu bytes)", n, ns16, tr);
        return -1;
    }
    *ntr = (int)(n / tr);
    *ns = ns16;
    *dt = dt16 * 1e-6;
    return 0;
}

const float *seis_su_samples(const unsigned char *buf, int itr, int ns)
{
    return (const float *)(const void *)(buf + (size_t)itr * (SU_HDR + (size_t)ns * 4) +
                                         SU_HDR);
}

int32_t seis_su_hdr_i32(const unsigned char *buf, int itr, int ns, int byte_offset)
{
    int32_t v;
    memcpy(&v, buf + (size_t)itr * (SU_HDR + (size_t)ns * 4) + byte_offset, 4);
    return v;
}

/* ---- PNG ------------------------------------------------------------------------------ */
static void seis__be32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

static unsigned char *seis__chunk(unsigned char *o, const char *type, const unsigned char *d,
                                  size_t n)
{
    seis__be32(o, (uint32_t)n);
    memcpy(o + 4, type, 4);
    if (n)
        memcpy(o + 8, d, n);
    seis__be32(o + 8 + n, seis_crc32(0, o + 4, n + 4));
    return o + 12 + n;
}

static int seis__fcmp(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/* Deflate (RFC 1951), one block with the fixed Huffman code; LZ77 matches are looked for
 * at distances 1 and 3 only (runs of bytes, runs of RGB pixels). With the PNG "Up" filter,
 * the rows an upscaled picture repeats become runs of zeros, so this small encoder
 * compresses our pictures by one to two orders of magnitude. */
typedef struct seis_bitw {
    unsigned char *o;
    uint32_t bits;
    int n;
} seis_bitw_t;

static void seis__bits(seis_bitw_t *b, uint32_t v, int n) /* LSB first */
{
    b->bits |= v << b->n;
    b->n += n;
    while (b->n >= 8) {
        *b->o++ = (unsigned char)b->bits;
        b->bits >>= 8;
        b->n -= 8;
    }
}

static void seis__huff(seis_bitw_t *b, uint32_t code, int len) /* Huffman codes: MSB first */
{
    uint32_t r = 0;
    for (int q = 0; q < len; q++)
        r |= ((code >> q) & 1u) << (len - 1 - q);
    seis__bits(b, r, len);
}

static void seis__sym(seis_bitw_t *b, int v) /* RFC 1951 §3.2.6 fixed literal/length code */
{
    if (v < 144)
        seis__huff(b, 0x30u + (uint32_t)v, 8);
    else if (v < 256)
        seis__huff(b, 0x190u + (uint32_t)(v - 144), 9);
    else if (v < 280)
        seis__huff(b, (uint32_t)(v - 256), 7);
    else
        seis__huff(b, 0xC0u + (uint32_t)(v - 280), 8);
}

static const uint16_t seis__lbase[29] = {3,  4,  5,  6,  7,  8,  9,  10,  11,  13,
                                         15, 17, 19, 23, 27, 31, 35, 43,  51,  59,
                                         67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t seis__lext[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                       2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};

static void seis__match(seis_bitw_t *b, int len, int dist) /* dist 1 or 3: codes 0, 2 */
{
    int c = 28;
    while (seis__lbase[c] > len)
        c--;
    seis__sym(b, 257 + c);
    if (seis__lext[c])
        seis__bits(b, (uint32_t)(len - seis__lbase[c]), seis__lext[c]);
    seis__huff(b, (uint32_t)(dist - 1), 5); /* distance codes 0..3 are 1..4, no extra bits */
}

/* Deflate src into dst (room for n * 9 / 8 + 16 bytes); returns the bytes written. */
static size_t seis__deflate(const unsigned char *src, size_t n, unsigned char *dst)
{
    seis_bitw_t b = {dst, 0, 0};
    seis__bits(&b, 1, 1); /* BFINAL */
    seis__bits(&b, 1, 2); /* BTYPE 01: fixed Huffman */
    static const int dists[2] = {1, 3};
    for (size_t i = 0; i < n;) {
        int best = 0, bd = 0;
        for (int q = 0; q < 2; q++) {
            size_t d = (size_t)dists[q];
            if (i < d)
                continue;
            int l = 0;
            while (l < 258 && i + (size_t)l < n && src[i + l] == src[i + l - d])
                l++;
            if (l > best)
                best = l, bd = (int)d;
        }
        if (best >= 3) {
            seis__match(&b, best, bd);
            i += (size_t)best;
        } else {
            seis__sym(&b, src[i]);
            i++;
        }
    }
    seis__sym(&b, 256); /* end of block */
    if (b.n > 0)
        seis__bits(&b, 0, 8 - b.n);
    return (size_t)(b.o - dst);
}

/* Blue (negative) - white (zero) - red (positive). */
static void seis__color(float x, unsigned char rgb[3])
{
    x = x < -1 ? -1 : x > 1 ? 1 : x;
    unsigned char fade = (unsigned char)lroundf(255.0f * (1.0f - fabsf(x)));
    rgb[0] = x < 0 ? fade : 255;
    rgb[1] = fade;
    rgb[2] = x > 0 ? fade : 255;
}

int seis_png_write(const char *path, const float *a, int rows, int cols, double clip_pct,
                   int uprows, int upcols, char *err, size_t errlen)
{
    size_t n = (size_t)rows * cols;
    float *s = malloc(n * sizeof(float));
    if (!s) {
        snprintf(err, errlen, "out of memory for a picture");
        return -1;
    }
    for (size_t q = 0; q < n; q++)
        s[q] = fabsf(a[q]);
    qsort(s, n, sizeof(float), seis__fcmp);
    size_t qi = (size_t)(clip_pct / 100.0 * (double)(n - 1));
    float clip = s[qi < n ? qi : n - 1];
    free(s);
    if (!(clip > 0))
        clip = 1;
    int ur = uprows < 1 ? 1 : uprows, uc = upcols < 1 ? 1 : upcols;
    int W = cols * uc, H = rows * ur;
    size_t raw = (size_t)H * (1 + (size_t)W * 3);
    size_t idat = 2 + raw + raw / 8 + 16 + 4;
    unsigned char *rawb = malloc(raw), *z = malloc(idat), *png = malloc(idat + 100);
    if (!rawb || !z || !png) {
        free(rawb);
        free(z);
        free(png);
        snprintf(err, errlen, "out of memory for a picture");
        return -1;
    }
    size_t rowb = 1 + (size_t)W * 3;
    for (int y = 0; y < H; y++) {
        unsigned char *row = rawb + (size_t)y * rowb;
        for (int x = 0; x < W; x++)
            seis__color(a[(size_t)(y / ur) * cols + x / uc] / clip, row + 1 + 3 * x);
    }
    /* PNG filter 2 ("Up"): each byte minus the one above (bottom row first, in place) */
    for (int y = H - 1; y >= 0; y--) {
        unsigned char *row = rawb + (size_t)y * rowb;
        row[0] = 2;
        if (y > 0)
            for (size_t q = 1; q < rowb; q++)
                row[q] = (unsigned char)(row[q] - row[q - rowb]);
    }
    /* zlib stream: header (deflate, 32 KiB window, no dictionary), data, Adler-32 */
    unsigned char *o = z;
    *o++ = 0x78;
    *o++ = 0x01;
    o += seis__deflate(rawb, raw, o);
    uint32_t s1 = 1, s2 = 0;
    for (size_t q = 0; q < raw; q++) {
        s1 = (s1 + rawb[q]) % 65521;
        s2 = (s2 + s1) % 65521;
    }
    seis__be32(o, (s2 << 16) | s1);
    o += 4;
    unsigned char ihdr[13];
    seis__be32(ihdr, (uint32_t)W);
    seis__be32(ihdr + 4, (uint32_t)H);
    ihdr[8] = 8;  /* bit depth */
    ihdr[9] = 2;  /* RGB */
    ihdr[10] = ihdr[11] = ihdr[12] = 0;
    unsigned char *p = png;
    memcpy(p, "\x89PNG\r\n\x1a\n", 8);
    p = seis__chunk(p + 8, "IHDR", ihdr, 13);
    p = seis__chunk(p, "IDAT", z, (size_t)(o - z));
    p = seis__chunk(p, "IEND", NULL, 0);
    int rc = seis_write_atomic(path, png, (size_t)(p - png), err, errlen);
    free(rawb);
    free(z);
    free(png);
    return rc;
}
