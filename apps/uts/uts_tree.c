/* The UTS tree: RNG, child-count distributions, sequential DFS, flags. */
#include "uts_tree.h"

#include "util.h"

#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

void uts_params_default(uts_params_t *p)
{
    *p = (uts_params_t){.type = UTS_GEO, .b0 = 4.0, .shape = UTS_LINEAR, .gen_mx = 6,
                        .q = 15.0 / 64.0, .m = 4, .root_seed = 0, .shift = 0.5, .gran = 1,
                        .chunk = 8, .poll = 10};
}

/* The tree flags: the field each sets (an int, or a double when real), its range and what
 * it accepts. */
typedef struct uts__flag {
    char flag;
    bool real;
    size_t off;
    double lo, hi;
    const char *accepted;
} uts__flag_t;

#define UTS__INT(c, field, lo, hi, what) {c, false, offsetof(uts_params_t, field), lo, hi, what}
#define UTS__REAL(c, field, lo, hi, what) {c, true, offsetof(uts_params_t, field), lo, hi, what}

static const uts__flag_t uts__flags[] = {
    UTS__INT('t', type, 0, 3,
             "a tree type 0 (binomial), 1 (geometric), 2 (hybrid) or 3 (balanced)"),
    UTS__INT('a', shape, 0, 3, "a shape 0 (linear), 1 (exp. decreasing), 2 (cyclic) or 3 (fixed)"),
    UTS__REAL('f', shift, 0.0, 1.0, "a fraction of the depth -d in [0, 1]"),
    UTS__INT('g', gran, 1, 1000000, "a compute granularity, an integer in [1, 1000000]"),
    UTS__INT('d', gen_mx, 1, 1000000, "a depth parameter, an integer in [1, 1000000]"),
    UTS__REAL('b', b0, 0.0, 1e9, "a branching factor, a number in [0, 1e9]"),
    UTS__REAL('q', q, 0.0, 1.0, "a probability in [0, 1]"),
    UTS__INT('m', m, 0, UTS_MAX_CHILDREN, "a number of children, an integer in [0, 100]"),
    UTS__INT('r', root_seed, INT32_MIN, INT32_MAX, "a root seed, a 32-bit integer"),
    UTS__INT('c', chunk, 1, 1024, "a chunk size in nodes, an integer in [1, 1024]"),
    UTS__INT('i', poll, 1, 1000000, "a polling interval in nodes, an integer in [1, 1000000]"),
};

int uts_params_set(uts_params_t *p, const char *flag, const char *value, char *err,
                   size_t errlen)
{
    if (flag[0] != '-' || !flag[1] || flag[2])
        return -1;
    for (size_t i = 0; i < sizeof uts__flags / sizeof uts__flags[0]; i++) {
        const uts__flag_t *f = &uts__flags[i];
        if (f->flag != flag[1])
            continue;
        void *field = (char *)p + f->off;
        int bad = f->real ? ladroi_parse_double(value, f->lo, f->hi, false, field)
                          : ladroi_parse_int(value, (int)f->lo, (int)f->hi, field);
        if (!bad)
            return 0;
        snprintf(err, errlen, "%s '%s': accepted: %s", flag, value, f->accepted);
        return 2;
    }
    return -1;
}

static const char *const uts__type_names[] = {"Binomial", "Geometric", "Hybrid", "Balanced"};
static const char *const uts__shape_names[] = {"Linear decrease", "Exponential decrease",
                                               "Cyclic", "Fixed branching factor"};

void uts_balanced_size(const uts_params_t *p, uint64_t *nodes, uint64_t *leaves)
{
    uint64_t b = (uint64_t)p->b0, level = 1, n = 1;
    for (int d = 1; d <= p->gen_mx && b > 0; d++) {
        if (level > UINT64_MAX / b || n > UINT64_MAX - level * b) {
            *nodes = *leaves = UINT64_MAX;
            return;
        }
        level *= b;
        n += level;
    }
    *nodes = n;
    *leaves = b > 0 ? level : 1;
}

/* Formats as the reference's uts_paramsToStr, so scripts reading its output keep working. */
void uts_params_print(FILE *out, const uts_params_t *p)
{
    fprintf(out, "Tree type:  %d (%s)\n", p->type, uts__type_names[p->type]);
    fprintf(out, "Tree shape parameters:\n");
    fprintf(out, "  root branching factor b_0 = %.1f, root seed = %d\n", p->b0, p->root_seed);
    if (p->type == UTS_GEO || p->type == UTS_HYBRID)
        fprintf(out, "  GEO parameters: gen_mx = %d, shape function = %d (%s)\n", p->gen_mx,
                p->shape, uts__shape_names[p->shape]);
    if (p->type == UTS_BIN || p->type == UTS_HYBRID)
        fprintf(out, "  BIN parameters:  q = %f, m = %d, E(n) = %f, E(s) = %.2f\n", p->q, p->m,
                p->q * p->m, 1.0 / (1.0 - p->q * p->m));
    if (p->type == UTS_HYBRID)
        fprintf(out, "  HYBRID:  GEO from root to depth %d, then BIN\n",
                (int)ceil(p->shift * p->gen_mx));
    if (p->type == UTS_BALANCED) {
        uint64_t n, l;
        uts_balanced_size(p, &n, &l);
        fprintf(out, "  BALANCED parameters: gen_mx = %d\n", p->gen_mx);
        fprintf(out, "        Expected size: %" PRIu64 " nodes, %" PRIu64 " leaves\n", n, l);
    }
    fprintf(out, "Random number generator: SHA-1 (state size = %uB)\n", SHA1_DIGEST_BYTES);
    fprintf(out, "Compute granularity: %d\n", p->gran);
}

void uts_counts_print(FILE *out, const uts_counts_t *c, double wall_s, int npes)
{
    /* the reference's percentage is computed in float */
    float frac = c->nodes ? (float)c->leaves / (float)c->nodes : 0.0f;
    fprintf(out, "Tree size = %" PRIu64 ", tree depth = %" PRId64 ", num leaves = %" PRIu64
            " (%.2f%%)\n", c->nodes, c->max_depth, c->leaves, frac * 100.0);
    if (wall_s > 0)
        fprintf(out, "Wallclock time = %.3f sec, performance = %.0f nodes/sec (%.0f nodes/sec "
                "per PE)\n", wall_s, (double)c->nodes / wall_s,
                (double)c->nodes / wall_s / npes);
}

/* Expected branching factor at a depth > 0 (UTS, geometric shape functions). */
static double uts__geo_b(const uts_params_t *p, int depth)
{
    double b0 = p->b0, mx = (double)p->gen_mx, d = (double)depth;
    switch (p->shape) {
    case UTS_EXPDEC: /* expected size polynomial in depth */
        return b0 * pow(d, -log(b0) / log(mx));
    case UTS_CYCLIC:
        if (depth > 5 * p->gen_mx)
            return 0.0;
        return pow(b0, sin(2.0 * 3.141592653589793 * d / mx));
    case UTS_FIXED:
        return depth < p->gen_mx ? b0 : 0.0;
    case UTS_LINEAR:
    default:
        return b0 * (1.0 - d / mx);
    }
}

/* ln(1 - p) where p = 1 / (1 + b_d) makes the geometric distribution's mean b_d. */
static double uts__geo_log1mp(const uts_params_t *p, int depth)
{
    double b = depth > 0 ? uts__geo_b(p, depth) : p->b0;
    double prob = 1.0 / (1.0 + b);
    return log(1.0 - prob);
}

void uts_tree_init(uts_tree_t *t, const uts_params_t *p, sha1_compress_fn compress)
{
    memset(t, 0, sizeof *t);
    t->p = *p;
    t->compress = compress ? compress : sha1_compress_best();
    for (int d = 0; d < UTS_DEPTH_CACHE; d++)
        t->log1mp[d] = uts__geo_log1mp(p, d);
    t->root_children = (int)floor(p->b0);
    t->bal_children = (int)p->b0;
    t->shift_depth = p->shift * p->gen_mx;
}

/* init: SHA-1(16 zero bytes || seed, 32-bit big-endian): one padded block of 20 bytes. */
void uts_rng_init(const uts_tree_t *t, uint32_t state[5], int seed)
{
    uint32_t w[16] = {0, 0, 0, 0, (uint32_t)seed, 0x80000000u, 0, 0,
                      0, 0, 0, 0, 0,              0,           0, 20 * 8};
    memcpy(state, sha1_iv, 5 * sizeof(uint32_t));
    t->compress(state, w);
}

/* spawn: SHA-1(parent state || i, 32-bit big-endian): one padded block of 24 bytes. */
void uts_rng_spawn(const uts_tree_t *t, const uint32_t parent[5], uint32_t child[5],
                   uint32_t i)
{
    uint32_t w[16] = {parent[0], parent[1], parent[2], parent[3], parent[4], i, 0x80000000u,
                      0,         0,         0,         0,         0,         0, 0,
                      0,         24 * 8};
    int g = t->p.gran;
    do {
        memcpy(child, sha1_iv, 5 * sizeof(uint32_t));
        t->compress(child, w);
    } while (--g > 0);
}

void uts_root(const uts_tree_t *t, uts_node_t *root)
{
    uts_rng_init(t, root->s, t->p.root_seed);
    root->depth = 0;
}

/* A node with m children with probability q, else none. */
static int uts__bin(const uts_tree_t *t, const uts_node_t *n)
{
    return uts_rng_prob(uts_rng_rand(n->s)) < t->p.q ? t->p.m : 0;
}

/* Inverse CDF of the geometric distribution with mean b_depth. The cap is applied here in
 * double: a huge b would overflow the int conversion, and NaN (-d 1 with shape 1) gives no
 * children. */
static int uts__geo(const uts_tree_t *t, const uts_node_t *n)
{
    double l = n->depth < UTS_DEPTH_CACHE ? t->log1mp[n->depth]
                                           : uts__geo_log1mp(&t->p, n->depth);
    double x = floor(log(1.0 - uts_rng_prob(uts_rng_rand(n->s))) / l);
    if (!(x > 0))
        return 0;
    return x >= UTS_MAX_CHILDREN ? UTS_MAX_CHILDREN : (int)x;
}

int uts_num_children(const uts_tree_t *t, const uts_node_t *n)
{
    int nc;
    switch (t->p.type) {
    case UTS_BIN:
        if (n->depth == 0)
            return t->root_children; /* exactly floor(b0), not capped */
        nc = uts__bin(t, n);
        break;
    case UTS_HYBRID: /* the root too is binomial when -f 0 (then with m children) */
        nc = (double)n->depth < t->shift_depth ? uts__geo(t, n) : uts__bin(t, n);
        break;
    case UTS_BALANCED:
        return n->depth < t->p.gen_mx ? t->bal_children : 0; /* not capped */
    default:
        nc = uts__geo(t, n);
        break;
    }
    return nc > UTS_MAX_CHILDREN ? UTS_MAX_CHILDREN : nc;
}

int uts_dfs(const uts_tree_t *t, const uts_node_t *root, uts_counts_t *c)
{
    size_t cap = 1024, n = 0;
    uts_node_t *st = malloc(cap * sizeof *st);
    if (!st)
        return -1;
    st[n++] = *root;
    uts_counts_t k = {0, 0, c->max_depth};
    while (n > 0) {
        uts_node_t v = st[--n];
        int nc = uts_visit(t, &v, &k);
        if (nc <= 0)
            continue;
        if (n + (size_t)nc > cap) {
            size_t ncap = cap * 2 + (size_t)nc;
            uts_node_t *g = realloc(st, ncap * sizeof *st);
            if (!g) {
                free(st);
                return -1;
            }
            st = g;
            cap = ncap;
        }
        uts_children(t, &v, st + n, nc);
        n += (size_t)nc;
    }
    free(st);
    c->nodes += k.nodes;
    c->leaves += k.leaves;
    c->max_depth = k.max_depth;
    return 0;
}
