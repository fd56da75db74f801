/* Pool promises (ladroi_pool_reserve, used by the baseline and successonly replies):
 * rank 0 pushes, releases and pops in random bursts on a tiny ring (capacity 16, indices
 * started just below the 24-bit wrap), promising k public tasks to the thieves in turn
 * and telling each its k by a message; it sometimes takes a promise back at once
 * (ladroi_pool_unreserve). Its own pops (reacquire) must never take a promised task, so
 * every thief's ladroi_pool_steal(0, 1.0, k) must bring exactly k tasks. Every task id
 * must be taken exactly once. Runs with 2 or more ranks.
 * With the argument `claims` (3 or more ranks) the last rank claims one task at a time
 * meanwhile, ungranted, as successonly's thieves do by name: a promise is then only the
 * owner's (its pops never take a promised task), a granted steal may bring fewer than k,
 * and still every task id must be taken exactly once. Rank 0 stops only once the claimer
 * has claimed a task. */
#include "check_pool.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define ROUNDS 600
#define MAXB 10
#define MAXID (ROUNDS * MAXB + 64)
#define TAG_GRANT 1
#define TAG_STOP 2
#define TAG_CLAIMED 3

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const char *np = getenv("LADRO_EXPECT_NP");
    bool claims = argc > 1 && strcmp(argv[1], "claims") == 0;
    int min = claims ? 3 : 2, nthieves = claims ? size - 2 : size - 1;
    if ((np && atoi(np) != size) || size < min) {
        fprintf(stderr, "expected %s ranks (at least %d), got %d\n", np ? np : "2+", min,
                size);
        MPI_Finalize();
        return 1;
    }
    ladro_config_t cfg;
    ladro_config_init(&cfg);
    cfg.task_capacity = 16;
    cfg.task_bytes = 8;
    ladro_t *lb;
    char err[256];
    int rc = ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err);
    CHECK_EQ(rc, LADRO_OK);
    if (rc)
        return CHECK_REPORT("test_promise");
    ladroi_pool_t *p = &lb->pool;
    if (rank == 0)
        CHECK_EQ(ladroi_pool_debug_start(lb, p, 0xFFFFFFu - 40), LADRO_OK);
    MPI_Barrier(MPI_COMM_WORLD);

    uint32_t *taken = calloc(MAXID, sizeof *taken);
    unsigned char *rec = malloc(p->rec_bytes);
    uint64_t next_id = 0, bad = 0, promised = 0, grants = 0, short_steals = 0, stolen = 0;
    uint64_t claimed = 0;
    ladroi_rng_t rng;
    ladroi_rng_seed(&rng, 11, (uint64_t)rank);
    uint32_t *kbuf = calloc(ROUNDS + (size_t)size, sizeof *kbuf);
    MPI_Request *reqs = calloc(ROUNDS + (size_t)size, sizeof *reqs);
    int nreq = 0;

    if (rank == 0) {
        int thief = 1;
        for (int round = 0; round < ROUNDS; round++) {
            uint64_t nb = ladroi_rng_below(&rng, MAXB + 1);
            for (uint64_t i = 0; i < nb; i++, next_id++)
                CHECK_EQ(check_push_id(lb, p, next_id), LADRO_OK);
            CHECK_EQ(ladroi_pool_release(lb, p, (uint32_t)ladroi_rng_below(&rng, 3)), LADRO_OK);
            uint32_t k = 0;
            double f = 0.1 + 0.9 * ladroi_rng_unit(&rng);
            CHECK_EQ(ladroi_pool_reserve(lb, p, f, (uint32_t)ladroi_rng_below(&rng, 4),
                                         (uint32_t)ladroi_rng_below(&rng, 2), &k), LADRO_OK);
            if (k > 0 && ladroi_rng_below(&rng, 5) == 0) {
                ladroi_pool_unreserve(p, k); /* a promise never sent */
            } else if (k > 0) {
                kbuf[nreq] = k;
                MPI_Isend(&kbuf[nreq], 1, MPI_UINT32_T, thief, TAG_GRANT, MPI_COMM_WORLD,
                          &reqs[nreq]);
                nreq++;
                promised += k;
                grants++;
                thief = thief + 1 <= nthieves ? thief + 1 : 1;
            }
            /* Pop greedily: once the private part is empty every pop reacquires. */
            uint64_t npop = ladroi_rng_below(&rng, MAXB);
            for (uint64_t i = 0; i < npop && ladroi_pool_pop(lb, p, rec) == 1; i++)
                check_count_rec(rec, taken, MAXID, &bad);
            int flag;
            MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
        }
        if (claims) {
            /* The claimer says when it has claimed a task. If it has not yet (ranks
             * scheduled late on a loaded machine), rank 0 publishes a few more tasks,
             * grants none and pops none, until it does: the claim is then certain. */
            int said = 0;
            for (int extra = 0; !said;) {
                MPI_Iprobe(size - 1, TAG_CLAIMED, MPI_COMM_WORLD, &said, MPI_STATUS_IGNORE);
                if (said)
                    break;
                for (; extra < 4; extra++, next_id++)
                    CHECK_EQ(check_push_id(lb, p, next_id), LADRO_OK);
                CHECK_EQ(ladroi_pool_release(lb, p, 0), LADRO_OK);
                ladroi_sleep_us(20);
            }
            MPI_Recv(NULL, 0, MPI_UINT32_T, size - 1, TAG_CLAIMED, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        }
        for (int t = 1; t < size; t++, nreq++)
            MPI_Isend(NULL, 0, MPI_UINT32_T, t, TAG_STOP, MPI_COMM_WORLD, &reqs[nreq]);
        int got;
        while ((got = ladroi_pool_pop(lb, p, rec)) == 1) /* everything not promised */
            check_count_rec(rec, taken, MAXID, &bad);
        CHECK_EQ(got, 0);
    } else if (claims && rank == size - 1) { /* the ungranted claimer */
        for (int stop = 0; !stop;) {
            uint32_t got = 0;
            rc = ladroi_pool_steal(lb, p, 0, LADROI_STEAL_FRACTION, 1, &got);
            CHECK(rc >= 0);
            if (got && !claimed) /* tells rank 0 once (a synchronous send would wait) */
                MPI_Isend(NULL, 0, MPI_UINT32_T, 0, TAG_CLAIMED, MPI_COMM_WORLD, &reqs[nreq++]);
            claimed += got;
            while (ladroi_pool_pop(lb, p, rec) == 1)
                check_count_rec(rec, taken, MAXID, &bad);
            MPI_Iprobe(0, TAG_STOP, MPI_COMM_WORLD, &stop, MPI_STATUS_IGNORE);
        }
        MPI_Recv(NULL, 0, MPI_UINT32_T, 0, TAG_STOP, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        for (;;) {
            uint32_t k;
            MPI_Status st;
            MPI_Recv(&k, 1, MPI_UINT32_T, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            if (st.MPI_TAG == TAG_STOP)
                break;
            uint32_t got = 0;
            rc = ladroi_pool_steal(lb, p, 0, 1.0, k, &got);
            if (!claims)
                CHECK_EQ(rc, LADROI_STEAL_GOT);
            else /* the claimer may have taken the promised tasks first */
                CHECK(rc >= 0 && got <= k);
            short_steals += got != k;
            stolen += got;
            while (ladroi_pool_pop(lb, p, rec) == 1)
                check_count_rec(rec, taken, MAXID, &bad);
        }
    }
    check_barrier_serving(); /* the owner serves the thieves until every rank is done */
    if (nreq) { /* real statuses: MPICH's MPI_STATUSES_IGNORE trips gcc's -Wstringop-overflow */
        MPI_Status *sts = malloc((size_t)nreq * sizeof *sts);
        MPI_Waitall(nreq, reqs, sts ? sts : MPI_STATUSES_IGNORE);
        free(sts);
    }

    uint64_t in[4] = {bad, short_steals, stolen, claimed}, out[4];
    MPI_Allreduce(in, out, 4, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    MPI_Bcast(&next_id, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    MPI_Bcast(&promised, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    MPI_Bcast(&grants, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    uint32_t *all = calloc(MAXID, sizeof *all);
    MPI_Allreduce(taken, all, MAXID, MPI_UINT32_T, MPI_SUM, MPI_COMM_WORLD);
    uint64_t lost = 0, dup = 0;
    for (uint64_t i = 0; i < next_id; i++) {
        lost += all[i] == 0;
        dup += all[i] > 1;
    }
    CHECK_EQ(lost, 0);
    CHECK_EQ(dup, 0);
    CHECK_EQ(out[0], 0);         /* payloads intact */
    if (!claims) {
        CHECK_EQ(out[1], 0);        /* every granted steal brought exactly its k */
        CHECK_EQ(out[2], promised); /* the thieves got exactly what was promised */
    } else {
        CHECK(out[2] <= promised); /* a granted steal brings at most its k */
        CHECK(out[3] > 0);         /* the claimer did take tasks beside the grants */
    }
    CHECK(grants >= 5);          /* the test did exercise promises */
    if (rank == 0)
        printf("promise: %llu tasks, %llu grants promising %llu tasks, %llu stolen, %llu "
               "short steals, %llu claimed, %llu lost, %llu duplicated\n",
               (unsigned long long)next_id, (unsigned long long)grants,
               (unsigned long long)promised, (unsigned long long)out[2],
               (unsigned long long)out[1], (unsigned long long)out[3],
               (unsigned long long)lost, (unsigned long long)dup);
    free(all);
    free(taken);
    free(rec);
    free(kbuf);
    free(reqs);
    ladro_destroy(&lb);
    int fails = check_failures, any = 0;
    MPI_Allreduce(&fails, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    if (rank == 0)
        printf("test_promise: %d checks, %d failed\n", check_count, any);
    return any ? 1 : 0;
}
