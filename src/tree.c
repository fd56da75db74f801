/* The collectives' k-ary tree (src/tree.h): pure arithmetic on rank ranges. */
#include "tree.h"

#include <stdint.h>

/* Start of piece j of the m pieces of the n ranks after node x (the first rank of child j). */
static int ladro__piece(int x, int64_t n, int m, int j)
{
    return x + 1 + (int)((int64_t)j * n / m);
}

int ladroi_tree_node(int size, int k, int r, int *parent, int *end, int *child)
{
    if (size < 1 || r < 0 || r >= size || k < 2 || k > LADROI_TREE_FANIN_MAX)
        return -1;
    /* Walk down from the root, keeping the node whose range holds r. */
    int x = 0, e = size, up = -1;
    while (x != r) {
        int64_t n = e - x - 1;
        int m = n < k ? (int)n : k, j = m - 1;
        while (ladro__piece(x, n, m, j) > r) /* the last piece starting at or before r */
            j--;
        int lo = ladro__piece(x, n, m, j), hi = j + 1 < m ? ladro__piece(x, n, m, j + 1) : e;
        up = x;
        x = lo;
        e = hi;
    }
    int64_t n = e - x - 1;
    int m = n < k ? (int)n : k;
    if (child)
        for (int j = 0; j < m; j++)
            child[j] = ladro__piece(x, n, m, j);
    if (parent)
        *parent = up;
    if (end)
        *end = e;
    return m;
}

int ladroi_tree_depth(int size, int k)
{
    if (size < 1 || k < 2 || k > LADROI_TREE_FANIN_MAX)
        return -1;
    /* The last piece is the largest (ceil(n / m) ranks) and depth grows with a subtree's
     * size: the deepest path follows the last pieces. */
    int d = 0, x = 0, e = size;
    while (e - x > 1) {
        int64_t n = e - x - 1;
        int m = n < k ? (int)n : k;
        x = ladro__piece(x, n, m, m - 1);
        d++;
    }
    return d;
}
