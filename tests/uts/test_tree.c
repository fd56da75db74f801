/* The UTS tree definitions against the reference's sample trees (exact node, leaf and
 * depth counts from a plain sequential DFS): T1 (geometric fixed) and T3 (binomial) with
 * both SHA-1 paths, T5 (geometric linear) and T2 (geometric cyclic) with the fastest one;
 * and the flag parser's error messages. */
#include "../check.h"
#include "uts_tree.h"

#include <string.h>

static int set(uts_params_t *p, const char *f, const char *v)
{
    char err[256] = "";
    return uts_params_set(p, f, v, err, sizeof err);
}

static void counts(const char *name, const char *const *flags, sha1_compress_fn fn,
                   uint64_t nodes, uint64_t leaves, int64_t depth)
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
    /* The reference's other geometric samples: T5 (linear) and T2 (cyclic). */
    static const char *const t5[] = {"-t", "1", "-a", "0", "-d", "20", "-b", "4", "-r", "34", NULL};
    static const char *const t2[] = {"-t", "1", "-a", "2", "-d", "16", "-b", "6", "-r", "502", NULL};
    counts("T5", t5, NULL, 4147582, 2181318, 20);
    counts("T2", t2, NULL, 4117769, 2342762, 81);
    /* Degenerate trees whose counts follow from the definition alone. */
    static const char *const root_only[] = {"-t", "0", "-b", "0.5", NULL}; /* floor(b0)=0 */
    counts("binomial root only", root_only, NULL, 1, 1, 0);
    static const char *const star[] = {"-t", "0", "-b", "37", "-q", "0", NULL};
    counts("binomial star", star, NULL, 38, 37, 1);
    static const char *const full[] = {"-t", "0", "-b", "3", "-q", "1", "-m", "0", NULL};
    counts("binomial q=1 m=0", full, NULL, 4, 3, 1);

    /* Flag errors name the flag, the value and what is accepted. */
    uts_params_t p;
    uts_params_default(&p);
    char err[256];
    CHECK_EQ(uts_params_set(&p, "-t", "2", err, sizeof err), 2);
    CHECK_STR_CONTAINS(err, "-t");
    CHECK_STR_CONTAINS(err, "'2'");
    CHECK_STR_CONTAINS(err, "not implemented");
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
