/* The UTS tree definitions against the reference's published numbers (exact node, leaf
 * and depth counts from a plain sequential DFS): its five small sample trees T1 (geometric
 * fixed) and T3 (binomial) with both SHA-1 paths, T2 (geometric cyclic), T4 (hybrid), T5
 * (geometric linear) and its default tree; balanced trees against their closed form; the
 * type rules the samples do not reach (hybrid's shift depth at 0 and 1, the child-count
 * cap and who is exempt from it, -g); and the flag parser's error messages. */
#include "../check.h"
#include "uts_tree.h"

#include <string.h>

static int set(uts_params_t *p, const char *f, const char *v)
{
    char err[256] = "";
    return uts_params_set(p, f, v, err, sizeof err);
}

static uts_counts_t search(const char *const *flags, sha1_compress_fn fn)
{
    uts_params_t p;
    uts_params_default(&p);
    for (int i = 0; flags[i]; i += 2)
        CHECK_EQ(set(&p, flags[i], flags[i + 1]), 0);
    uts_tree_t t;
    uts_tree_init(&t, &p, fn);
    uts_node_t root;
    uts_root(&t, &root);
    uts_counts_t c = {0, 0, 0};
    CHECK_EQ(uts_dfs(&t, &root, &c), 0);
    return c;
}

static void counts(const char *name, const char *const *flags, sha1_compress_fn fn,
                   uint64_t nodes, uint64_t leaves, int64_t depth)
{
    uts_counts_t c = search(flags, fn);
    printf("%s (%s): nodes %llu, leaves %llu, depth %lld\n", name,
           fn == sha1_compress_portable ? "portable" : "best", (unsigned long long)c.nodes,
           (unsigned long long)c.leaves, (long long)c.max_depth);
    CHECK_EQ(c.nodes, nodes);
    CHECK_EQ(c.leaves, leaves);
    CHECK_EQ(c.max_depth, depth);
}

int main(void)
{
    static const char *const t1[] = {"-t", "1", "-a", "3", "-d", "10", "-b", "4", "-r", "19", NULL};
    static const char *const t3[] = {"-t", "0", "-b", "2000", "-q", "0.124875", "-m", "8",
                                     "-r", "42", NULL};
    counts("T1", t1, sha1_compress_portable, 4130071, 3305118, 10);
    counts("T3", t3, sha1_compress_portable, 4112897, 3599034, 1572);
    if (sha1_have_ni()) {
        counts("T1", t1, NULL, 4130071, 3305118, 10);
        counts("T3", t3, NULL, 4112897, 3599034, 1572);
    }
    /* The reference's other small samples: T5 (linear), T2 (cyclic), T4 (hybrid: linear
     * geometric to depth 8 = 0.5 x 16, binomial below), and its default tree (-t 1 -a 0 -d 6
     * -b 4 -r 0: 1732 nodes, 1050 leaves; the reference publishes no depth for it, 6 is
     * the linear shape's bound). */
    static const char *const t5[] = {"-t", "1", "-a", "0", "-d", "20", "-b", "4", "-r", "34", NULL};
    static const char *const t2[] = {"-t", "1", "-a", "2", "-d", "16", "-b", "6", "-r", "502", NULL};
    static const char *const t4[] = {"-t", "2", "-a", "0", "-d", "16", "-b", "6", "-r", "1",
                                     "-q", "0.234375", "-m", "4", NULL};
    static const char *const dflt[] = {NULL};
    counts("T5", t5, NULL, 4147582, 2181318, 20);
    counts("T2", t2, NULL, 4117769, 2342762, 81);
    counts("T4", t4, NULL, 4132453, 3108986, 134);
    counts("default", dflt, NULL, 1732, 1050, 6);
    if (sha1_have_ni())
        counts("T4", t4, sha1_compress_portable, 4132453, 3108986, 134);
    /* -g repeats the same hash: the tree does not change. */
    static const char *const gran[] = {"-g", "7", NULL};
    counts("default -g 7", gran, NULL, 1732, 1050, 6);
    /* Exp. decreasing: the reference publishes no sample; pinned from this DFS (and run
     * under every policy by uts_small_expdec_np8). */
    static const char *const expdec[] = {"-t", "1", "-a", "1", "-d", "8", "-b", "4", "-r", "7", NULL};
    counts("expdec", expdec, NULL, 13345, 6848, 24);

    /* Hybrid at the ends of -f. -f 1 -q 0: geometric to depth gen_mx, then binomial nodes
     * that are all leaves: T1's tree exactly. -f 0: even the root is binomial (not
     * floor(b0) children as a binomial tree's root), so -q 0 leaves the root alone. */
    static const char *const hyb1[] = {"-t", "2", "-f", "1", "-q", "0", "-a", "3", "-d", "10",
                                       "-b", "4", "-r", "19", NULL};
    counts("hybrid -f 1 -q 0 = T1", hyb1, NULL, 4130071, 3305118, 10);
    static const char *const hyb0[] = {"-t", "2", "-f", "0", "-q", "0", "-b", "50", NULL};
    counts("hybrid -f 0 -q 0", hyb0, NULL, 1, 1, 0);
    /* ... and when that root does get children, it gets m of them: the tree is then the
     * binomial tree with b0 = m (q m = 0.8, finite). */
    int rooted = 0;
    for (int r = 0; r < 40; r++) {
        char seed[8];
        snprintf(seed, sizeof seed, "%d", r);
        const char *const h[] = {"-t", "2", "-f", "0", "-q", "0.2", "-m", "4", "-b", "50",
                                 "-r", seed, NULL};
        const char *const b[] = {"-t", "0", "-q", "0.2", "-m", "4", "-b", "4", "-r", seed, NULL};
        uts_counts_t hc = search(h, NULL), bc = search(b, NULL);
        if (hc.nodes > 1) {
            rooted++;
            CHECK_EQ(hc.nodes, bc.nodes);
            CHECK_EQ(hc.leaves, bc.leaves);
            CHECK_EQ(hc.max_depth, bc.max_depth);
        }
    }
    CHECK(rooted > 0);

    /* Balanced: b^d leaves, (b^(d+1)-1)/(b-1) nodes, b = (int)b0, no cap at 100. */
    static const char *const bal[] = {"-t", "3", "-b", "4", "-d", "10", NULL};
    counts("balanced 4^10", bal, NULL, 1398101, 1048576, 10);
    static const char *const bal_frac[] = {"-t", "3", "-b", "2.9", "-d", "5", NULL};
    counts("balanced 2.9 -> 2", bal_frac, NULL, 63, 32, 5);
    static const char *const bal_wide[] = {"-t", "3", "-b", "150", "-d", "2", NULL};
    counts("balanced 150, uncapped", bal_wide, NULL, 1 + 150 + 22500, 22500, 2);
    static const char *const bal_none[] = {"-t", "3", "-b", "0.5", "-d", "3", NULL};
    counts("balanced 0.5 -> root only", bal_none, NULL, 1, 1, 0);
    uts_params_t bp;
    uts_params_default(&bp);
    bp.b0 = 4;
    bp.gen_mx = 10;
    uint64_t bn, bl;
    uts_balanced_size(&bp, &bn, &bl);
    CHECK_EQ(bn, 1398101);
    CHECK_EQ(bl, 1048576);
    bp.gen_mx = 1000; /* 4^1000: does not fit */
    uts_balanced_size(&bp, &bn, &bl);
    CHECK(bn == UINT64_MAX && bl == UINT64_MAX);

    /* The cap: a binomial root is exempt (150 children), a geometric root is not (mean
     * 1000, so almost every seed hits the cap of 100; none may exceed it). */
    static const char *const bin_wide[] = {"-t", "0", "-b", "150", "-q", "0", NULL};
    counts("binomial root 150, uncapped", bin_wide, NULL, 151, 150, 1);
    int capped = 0;
    for (int r = 0; r < 8; r++) {
        char seed[8];
        snprintf(seed, sizeof seed, "%d", r);
        const char *const geo_wide[] = {"-t", "1", "-a", "3", "-d", "1", "-b", "1000",
                                        "-r", seed, NULL};
        uts_counts_t c = search(geo_wide, NULL);
        CHECK(c.nodes <= 1 + UTS_MAX_CHILDREN);
        capped += c.nodes == 1 + UTS_MAX_CHILDREN;
    }
    CHECK(capped > 0);

    /* Flag errors name the flag, the value and what is accepted. */
    uts_params_t p;
    uts_params_default(&p);
    char err[256];
    CHECK_EQ(uts_params_set(&p, "-t", "4", err, sizeof err), 2);
    CHECK_STR_CONTAINS(err, "-t");
    CHECK_STR_CONTAINS(err, "'4'");
    CHECK_STR_CONTAINS(err, "3 (balanced)");
    CHECK_EQ(uts_params_set(&p, "-t", "2", err, sizeof err), 0);
    CHECK_EQ(p.type, UTS_HYBRID);
    CHECK_EQ(uts_params_set(&p, "-f", "1.5", err, sizeof err), 2);
    CHECK_STR_CONTAINS(err, "-f '");
    CHECK_STR_CONTAINS(err, "[0, 1]");
    CHECK_EQ(uts_params_set(&p, "-f", "-0.1", err, sizeof err), 2);
    CHECK_EQ(uts_params_set(&p, "-f", "nan", err, sizeof err), 2);
    CHECK_EQ(uts_params_set(&p, "-f", "0.25", err, sizeof err), 0);
    CHECK(p.shift == 0.25);
    CHECK_EQ(uts_params_set(&p, "-g", "0", err, sizeof err), 2);
    CHECK_STR_CONTAINS(err, "granularity");
    CHECK_EQ(uts_params_set(&p, "-a", "4", err, sizeof err), 2);
    CHECK_STR_CONTAINS(err, "3 (fixed)");
    CHECK_EQ(uts_params_set(&p, "-b", "-1", err, sizeof err), 2);
    CHECK_EQ(uts_params_set(&p, "-q", "1.5", err, sizeof err), 2);
    CHECK_STR_CONTAINS(err, "[0, 1]");
    CHECK_EQ(uts_params_set(&p, "-a", "x", err, sizeof err), 2);
    CHECK_STR_CONTAINS(err, "'x'");
    CHECK_EQ(uts_params_set(&p, "-c", "0", err, sizeof err), 2);
    CHECK_EQ(uts_params_set(&p, "-d", "7x", err, sizeof err), 2);
    CHECK_EQ(uts_params_set(&p, "-z", "1", err, sizeof err), -1);
    CHECK_EQ(uts_params_set(&p, "--tree", "1", err, sizeof err), -1);
    CHECK_EQ(uts_params_set(&p, "-m", "8", err, sizeof err), 0);
    CHECK_EQ(p.m, 8);
    return CHECK_REPORT("uts_tree");
}
