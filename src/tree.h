/* The spanning tree of the runtime's collectives (src/coll.c) as a pure function: no MPI,
 * no handle, so it is unit-tested at any size without ranks (tests/test_tree.c).
 *
 * A k-ary tree over the ranks [0, size) whose subtrees are contiguous ranges: the node of
 * rank r owns [r, end); the ranks after it, [r + 1, end), are cut into at most k nearly
 * equal consecutive pieces, the first rank of each piece is a child and the piece is its
 * subtree. So every rank but 0 has exactly one parent, a node has at most k children
 * (the fan-in of a sum does not grow with the number of ranks), a subtree of n ranks has
 * pieces of at most ceil((n - 1) / k) ranks, hence the depth is about log_k(size), and an
 * all-gather moves contiguous blocks. */
#ifndef LADRO_TREE_H
#define LADRO_TREE_H

#define LADROI_TREE_FANIN 16 /* the default k: depth 3 at 1 024 ranks, 5 at 100 000 */
#define LADROI_TREE_FANIN_MAX 64

/* Rank r's place in the k-ary tree of size ranks (1 <= r+1 <= size, 2 <= k <=
 * LADROI_TREE_FANIN_MAX): *parent (-1 for rank 0), *end (its subtree is [r, *end)), its
 * children in rank order into child[k] (NULL: not wanted); returns how many children
 * there are, or -1 for arguments out of range. O(k * depth) time, no memory. */
int ladroi_tree_node(int size, int k, int r, int *parent, int *end, int *child);
/* Depth of the tree (edges from rank 0 to the deepest rank; 0 for one rank), or -1. */
int ladroi_tree_depth(int size, int k);

#endif
