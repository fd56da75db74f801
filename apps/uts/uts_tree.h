/* The Unbalanced Tree Search tree, from the UTS benchmark's definition (Olivier et al.,
 * "UTS: An Unbalanced Tree Search Benchmark", LCPC 2006).
 *
 * A node is its RNG state (a SHA-1 digest) and its depth. The tree is implicit: a node's
 * number of children is a function of its own state, and child i's state is
 * SHA-1(parent state || i as 32-bit big-endian). So any rank can expand any node, and
 * the tree (size, leaves, depth) is the same however the nodes are distributed.
 *
 * No MPI here: the tree, the sequential DFS, and the command-line parser are shared by
 * ladro-uts and the unit tests. */
#ifndef LADRO_UTS_TREE_H
#define LADRO_UTS_TREE_H

#include "sha1.h"

#include <stdint.h>
#include <stdio.h>

/* Tree types (-t): a node's child count is binomial (BIN), geometric with a per-depth mean
 * (GEO), geometric above a shift depth and binomial below it (HYBRID), or fixed (BALANCED). */
enum uts_type { UTS_BIN = 0, UTS_GEO = 1, UTS_HYBRID = 2, UTS_BALANCED = 3 };
/* Geometric tree shape functions (-a). */
enum uts_shape { UTS_LINEAR = 0, UTS_EXPDEC = 1, UTS_CYCLIC = 2, UTS_FIXED = 3 };

/* The reference truncates child counts to this, except a binomial root's and a balanced
 * tree's. */
#define UTS_MAX_CHILDREN 100

typedef struct uts_params {
    int type;          /* -t: enum uts_type */
    double b0;         /* -b: root branching factor (GEO: expected, BIN: exact, BALANCED:
                          every node's, truncated to an integer) */
    int shape;         /* -a: geometric shape function */
    int gen_mx;        /* -d: GEO/HYBRID depth parameter, BALANCED depth */
    double q;          /* -q: binomial probability of a non-leaf */
    int m;             /* -m: binomial children of a non-leaf */
    int root_seed;     /* -r */
    double shift;      /* -f: HYBRID: GEO above depth shift * gen_mx, BIN from there on */
    int gran;          /* -g: compute granularity, SHA-1 evaluations per child (same child) */
    int chunk;         /* -c: nodes per released chunk (a ladro task) */
    int poll;          /* -i: polling interval, in nodes */
} uts_params_t;

/* A node as it travels: state words in host order (the digest's big-endian words). */
typedef struct uts_node {
    uint32_t s[5];
    int32_t depth;
} uts_node_t;

/* Per-run derived constants (precomputed per depth where it helps). */
#define UTS_DEPTH_CACHE 64
typedef struct uts_tree {
    uts_params_t p;
    sha1_compress_fn compress;
    double log1mp[UTS_DEPTH_CACHE]; /* GEO: ln(1 - p_d), p_d = 1/(1 + b_d) */
    int root_children;              /* BIN: floor(b0) */
    int bal_children;               /* BALANCED: (int)b0 */
    double shift_depth;             /* HYBRID: shift * gen_mx, compared with a node's depth */
} uts_tree_t;

typedef struct uts_counts {
    uint64_t nodes;
    uint64_t leaves;
    int64_t max_depth;
} uts_counts_t;

/* Reference defaults (-t 1 -b 4 -a 0 -d 6 -q 15/64 -m 4 -r 0 -f 0.5 -g 1), -c 8 -i 10. */
void uts_params_default(uts_params_t *p);
/* Apply one flag ("-t", "-b", ...) with its value. Returns 0; 2 for a bad value, with
 * a one-line message in err naming the flag, the value and what is accepted; -1 when
 * the flag is not a tree flag (err untouched). */
int uts_params_set(uts_params_t *p, const char *flag, const char *value, char *err,
                   size_t errlen);
/* Set the tree's derived constants. compress: NULL = fastest available. */
void uts_tree_init(uts_tree_t *t, const uts_params_t *p, sha1_compress_fn compress);
/* The reference's parameter lines, "Tree type:" to "Compute granularity:". */
void uts_params_print(FILE *out, const uts_params_t *p);
/* The reference's result lines: "Tree size = ..., tree depth = ..., num leaves = ... (x%)"
 * and, when wall_s > 0, "Wallclock time = ... sec, performance = ... nodes/sec (... per PE)". */
void uts_counts_print(FILE *out, const uts_counts_t *c, double wall_s, int npes);
/* BALANCED: the tree's exact size, (b^(d+1) - 1)/(b - 1) nodes and b^d leaves, b = (int)b0
 * (UINT64_MAX when it does not fit). */
void uts_balanced_size(const uts_params_t *p, uint64_t *nodes, uint64_t *leaves);

/* RNG (reference definitions). */
void uts_rng_init(const uts_tree_t *t, uint32_t state[5], int seed);
/* Child i's state; -g > 1 repeats the same hash g times (the reference's extra work knob). */
void uts_rng_spawn(const uts_tree_t *t, const uint32_t parent[5], uint32_t child[5],
                   uint32_t i);
static inline int32_t uts_rng_rand(const uint32_t state[5])
{
    return (int32_t)(state[4] & 0x7fffffffu); /* digest bytes 16..19, big-endian */
}
static inline double uts_rng_prob(int32_t r)
{
    return (double)r / 2147483648.0;
}

void uts_root(const uts_tree_t *t, uts_node_t *root);
/* Number of children of a node (its own RNG state and depth decide). */
int uts_num_children(const uts_tree_t *t, const uts_node_t *n);

/* One node of a depth-first search: count v in c (a node, its depth, a leaf when it has no
 * children) and return its number of children (<= 0: none). Inline: the searches' inner
 * loop. */
static inline int uts_visit(const uts_tree_t *t, const uts_node_t *v, uts_counts_t *c)
{
    c->nodes++;
    if (v->depth > c->max_depth)
        c->max_depth = v->depth;
    int nc = uts_num_children(t, v);
    if (nc <= 0)
        c->leaves++;
    return nc;
}

/* v's nc children into kids[0 .. nc-1]. */
static inline void uts_children(const uts_tree_t *t, const uts_node_t *v, uts_node_t *kids,
                                int nc)
{
    for (int i = 0; i < nc; i++) {
        uts_rng_spawn(t, v->s, kids[i].s, (uint32_t)i);
        kids[i].depth = v->depth + 1;
    }
}

/* Plain sequential depth-first search of the subtree under root, added to *c. */
int uts_dfs(const uts_tree_t *t, const uts_node_t *root, uts_counts_t *c);

#endif
