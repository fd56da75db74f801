/* The collectives' k-ary tree (src/tree.h), pure, at every size from 1 to 300 ranks and
 * at larger ones up to 100 000, for fan-ins 2, 3, 16 and 64: every rank but 0 has one
 * parent, which lists it among its children; nobody has more than k children; the
 * children's subtrees cut the ranks after a node into consecutive ranges, so walking the
 * tree from rank 0 reaches every rank exactly once; and the depth is at most
 * ceil(log_k P), which is what the detection bound of docs/architecture.md counts.
 * Bad arguments are refused. Links ladro_pure only, no MPI. */
#include "check.h"
#include "tree.h"

#include <stdlib.h>

static int ceil_log(int p, int k)
{
    int d = 0;
    for (long long x = 1; x < p; x *= k)
        d++;
    return d;
}

/* One tree: the checks above; returns the deepest level seen. */
static int check_tree(int size, int k)
{
    int *level = malloc((size_t)size * sizeof *level), *seen = calloc((size_t)size, sizeof *seen);
    int child[LADROI_TREE_FANIN_MAX], deepest = 0;
    /* Parents come before their children (a parent's rank is smaller), so one pass in
     * rank order knows each parent's level. */
    for (int r = 0; r < size; r++) {
        int parent = -2, end = -1;
        int n = ladroi_tree_node(size, k, r, &parent, &end, child);
        CHECK(n >= 0 && n <= k);
        CHECK(end > r && end <= size);
        if (r == 0) {
            CHECK_EQ(parent, -1);
            CHECK_EQ(end, size);
            level[r] = 0;
        } else {
            CHECK(parent >= 0 && parent < r);
            if (parent < 0 || parent >= r)
                break;
            int pc[LADROI_TREE_FANIN_MAX], pend;
            int pn = ladroi_tree_node(size, k, parent, NULL, &pend, pc), at = -1;
            for (int i = 0; i < pn; i++)
                if (pc[i] == r)
                    at = i;
            CHECK(at >= 0); /* the parent lists r */
            CHECK_EQ(end, at + 1 < pn ? pc[at + 1] : pend); /* its range is r's subtree */
            level[r] = level[parent] + 1;
        }
        /* The children cut [r + 1, end) into consecutive, non-empty ranges. */
        int next = r + 1;
        for (int i = 0; i < n; i++) {
            CHECK_EQ(child[i], next);
            seen[child[i]]++;
            int cend;
            ladroi_tree_node(size, k, child[i], NULL, &cend, NULL);
            CHECK(cend > child[i]);
            next = cend;
        }
        CHECK_EQ(next, end);
        if (level[r] > deepest)
            deepest = level[r];
    }
    for (int r = 0; r < size; r++)
        if (seen[r] != (r > 0)) {
            CHECK_EQ(seen[r], r > 0);
            break;
        }
    CHECK_EQ(deepest, ladroi_tree_depth(size, k));
    CHECK(deepest <= ceil_log(size, k));
    free(level);
    free(seen);
    return deepest;
}

int main(void)
{
    static const int ks[] = {2, 3, LADROI_TREE_FANIN, LADROI_TREE_FANIN_MAX};
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
        for (int p = 1; p <= 300; p++)
            check_tree(p, ks[i]);
        static const int big[] = {1023, 1024, 1025, 4096, 4097, 9999, 10000};
        for (size_t j = 0; j < sizeof big / sizeof big[0]; j++)
            check_tree(big[j], ks[i]);
    }
    /* The default fan-in at the scales the docs quote: depth 1 up to 17 ranks, 3 at
     * 1 024 and 4 096, 5 at 100 000 (ceil(log16 P) + 0 or less). */
    CHECK_EQ(ladroi_tree_depth(17, LADROI_TREE_FANIN), 1);
    CHECK_EQ(ladroi_tree_depth(18, LADROI_TREE_FANIN), 2);
    CHECK_EQ(ladroi_tree_depth(1024, LADROI_TREE_FANIN), 3);
    CHECK_EQ(check_tree(100000, LADROI_TREE_FANIN), 5);
    CHECK_EQ(ladroi_tree_depth(100000, LADROI_TREE_FANIN), 5);
    CHECK_EQ(ladroi_tree_depth(1, 2), 0);
    /* Refused: no ranks, a rank outside, fan-in out of range. */
    int parent, end, child[LADROI_TREE_FANIN_MAX];
    CHECK_EQ(ladroi_tree_node(0, 4, 0, &parent, &end, child), -1);
    CHECK_EQ(ladroi_tree_node(4, 4, 4, &parent, &end, child), -1);
    CHECK_EQ(ladroi_tree_node(4, 4, -1, &parent, &end, child), -1);
    CHECK_EQ(ladroi_tree_node(4, 1, 0, &parent, &end, child), -1);
    CHECK_EQ(ladroi_tree_node(4, LADROI_TREE_FANIN_MAX + 1, 0, &parent, &end, child), -1);
    CHECK_EQ(ladroi_tree_depth(0, 4), -1);
    return CHECK_REPORT("tree");
}
