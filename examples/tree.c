/* tree.c — a tree search whose tasks spawn tasks: each node is a task, and a task pushes
 * its children (ladro_push inside the task) into the pool that every rank steals from.
 *
 * The tree is irregular but deterministic (each node's children come from a hash of the
 * node), so its size is known without running in parallel: rank 0 counts it with a plain
 * recursion, and the parallel count — every rank counts the nodes it visited, summed by
 * MPI_Reduce — must be the same: every node visited exactly once, wherever it was stolen
 * to. Only the root is seeded (on rank 0): all the other work appears while running.
 *
 * Build: mpicc -O2 tree.c $(pkg-config --cflags --libs ladro) -o tree
 * Run:   mpirun -np 4 ./tree [depth]   (default depth 16) */
#include <ladro.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct node { /* the task's payload: where in the tree this node is */
    uint64_t hash;
    uint32_t depth;
} node_t;

static uint64_t mix(uint64_t x) /* splitmix64: a node's children from its hash */
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* How many children a node has: 3 near the root, then 0 to 3 (1.5 on average), none at
 * the maximum depth. */
static int nchildren(const node_t *n, uint32_t max_depth)
{
    if (n->depth >= max_depth)
        return 0;
    return n->depth < 3 ? 3 : (int)(mix(n->hash) % 4);
}

static node_t child(const node_t *n, int i)
{
    return (node_t){.hash = mix(n->hash + (uint64_t)i + 1), .depth = n->depth + 1};
}

/* A little work per node, as a search evaluating a position would do. */
static uint64_t evaluate(const node_t *n)
{
    uint64_t h = n->hash;
    for (int i = 0; i < 500; i++)
        h = mix(h);
    return h;
}

/* The reference: the same tree walked by recursion on one rank (nodes, and the XOR of
 * their evaluations, which does not depend on the order). */
static uint64_t count_serial(const node_t *n, uint32_t max_depth, uint64_t *checksum)
{
    uint64_t total = 1;
    *checksum ^= evaluate(n);
    for (int i = 0, k = nchildren(n, max_depth); i < k; i++) {
        node_t c = child(n, i);
        total += count_serial(&c, max_depth, checksum);
    }
    return total;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    char *end = NULL;
    long depth = argc > 1 ? strtol(argv[1], &end, 10) : 16;
    if (argc > 2 || (end && *end) || depth < 1 || depth > 30) {
        fprintf(stderr, "tree: usage: tree [depth], depth 1..30 (default 16)\n");
        MPI_Finalize();
        return 2;
    }
    uint32_t max_depth = (uint32_t)depth;
    char err[256] = "";
    ladro_config_t cfg;
    ladro_config_init(&cfg);
    cfg.task_bytes = sizeof(node_t);
    ladro_t *lb = NULL;
    int rc = ladro_config_from_env(&cfg, err, sizeof err);
    if (rc == LADRO_OK)
        rc = ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err);
    if (rc != LADRO_OK) {
        fprintf(stderr, "tree: %s: %s\n", ladro_err_name(rc), err);
        MPI_Finalize();
        return 1;
    }
    int rank = ladro_rank(lb);
    node_t root = {.hash = 42, .depth = 0};
    if (rank == 0)
        rc = ladro_push(lb, &(ladro_task_t){.id = 0, .payload = &root});

    ladro_task_t task;
    uint64_t visited = 0, checksum = 0, next_id = 1;
    while (rc == LADRO_OK && (rc = ladro_next(lb, &task)) == LADRO_OK) {
        const node_t *n = task.payload; /* valid until the next ladro_next */
        checksum ^= evaluate(n);
        visited++;
        /* Spawn: the children go into this rank's pool, where thieves may take them.
         * Task ids are the application's: here only for tracing, unique per rank. */
        for (int i = 0, k = nchildren(n, max_depth); i < k && rc == LADRO_OK; i++) {
            node_t c = child(n, i);
            uint64_t id = next_id++ * (uint64_t)ladro_size(lb) + (uint64_t)rank;
            rc = ladro_push(lb, &(ladro_task_t){.id = id, .payload = &c});
        }
    }
    if (rc != LADRO_DONE)
        fprintf(stderr, "tree: rank %d: %s: %s\n", rank, ladro_err_name(rc),
                ladro_last_error(lb));

    uint64_t total = 0, max_visited = 0, xor_all = 0;
    MPI_Reduce(&visited, &total, 1, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(&visited, &max_visited, 1, MPI_UINT64_T, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Reduce(&checksum, &xor_all, 1, MPI_UINT64_T, MPI_BXOR, 0, MPI_COMM_WORLD);
    int bad = rc != LADRO_DONE;
    if (rank == 0) {
        uint64_t xor_serial = 0, expected = count_serial(&root, max_depth, &xor_serial);
        printf("tree: depth %u: %llu nodes visited on %d ranks (busiest rank %llu), "
               "expected %llu; evaluations %s\n", (unsigned)max_depth,
               (unsigned long long)total, ladro_size(lb), (unsigned long long)max_visited,
               (unsigned long long)expected, xor_all == xor_serial ? "match" : "DIFFER");
        bad |= total != expected || xor_all != xor_serial;
    }
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    ladro_destroy(&lb);
    MPI_Finalize();
    return bad ? 1 : 0;
}
