/* The pool protocol under an adversarial owner: rank 0 pushes, releases, reacquires and
 * pops in random bursts on a tiny ring (capacity 16, indices started just below the
 * 24-bit wrap) while every other rank steals from it with random fractions. Every task
 * id must end up taken exactly once. Runs with any number of ranks (1 = owner only).
 * With the argument `faa`, odd thieves claim by fetch-and-add (ladroi_pool_steal_faa,
 * A2WS §2.3.2) asking for 1..12 tasks, more than the tiny ring often holds, so claims
 * past split and their corrections race the owner; even thieves keep claiming by CAS. */
#include "../src/ladro_int.h"
#include "check.h"

#include <stdlib.h>

#define ROUNDS 3000
#define MAXB 12
#define MAXID (ROUNDS * MAXB + 64)

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int faa = argc > 1 && !strcmp(argv[1], "faa");
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const char *np = getenv("LADRO_EXPECT_NP");
    if (np && atoi(np) != size) {
        fprintf(stderr, "expected %s ranks, got %d\n", np, size);
        return 1;
    }
    ladro_config_t cfg;
    ladro_config_init(&cfg);
    cfg.task_capacity = 16;
    cfg.task_bytes = 8;
    if (faa) /* widen the window between a claim and its correction (thieves only delay) */
        cfg.delay_us = 30;
    ladro_t *lb;
    char err[256];
    int rc = ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err);
    CHECK_EQ(rc, LADRO_OK);
    if (rc)
        return CHECK_REPORT("test_pool");
    ladroi_pool_t *p = &lb->pool;
    if (rank == 0)
        CHECK_EQ(ladroi_pool_debug_start(lb, p, 0xFFFFFFu - 40), LADRO_OK);
    MPI_Barrier(MPI_COMM_WORLD);

    uint32_t *taken = calloc(MAXID, sizeof *taken);
    unsigned char *rec = malloc(p->rec_bytes);
    uint64_t next_id = 0, bad_payload = 0;
    ladroi_rng_t rng;
    ladroi_rng_seed(&rng, 7, (uint64_t)rank);

    if (rank == 0) {
        for (int round = 0; round < ROUNDS; round++) {
            uint64_t nb = ladroi_rng_below(&rng, MAXB + 1);
            for (uint64_t i = 0; i < nb; i++) {
                ladroi_rec_hdr_t h = {.id = next_id, .origin = 0};
                uint64_t pay = next_id ^ 0x5A5A5A5Aull;
                CHECK_EQ(ladroi_pool_push(lb, p, &h, &pay, 8), LADRO_OK);
                next_id++;
            }
            CHECK_EQ(ladroi_pool_release(lb, p, (uint32_t)ladroi_rng_below(&rng, 4)), LADRO_OK);
            uint64_t npop = ladroi_rng_below(&rng, MAXB / 2 + 2);
            for (uint64_t i = 0; i < npop; i++) {
                int got = ladroi_pool_pop(lb, p, rec);
                CHECK(got >= 0);
                if (got != 1)
                    break;
                ladroi_rec_hdr_t h;
                uint64_t pay;
                memcpy(&h, rec, sizeof h);
                memcpy(&pay, rec + sizeof h, 8);
                bad_payload += pay != (h.id ^ 0x5A5A5A5Aull);
                if (h.id < MAXID)
                    taken[h.id]++;
            }
            int flag;
            MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
        }
        /* The owner may outrun its thieves (oversubscribed cores; under osc pt2pt every
         * steal also needs this rank inside MPI): expose a last batch and serve MPI until
         * a thief takes something, so the run always exercises stealing (30 s bound). */
        if (size > 1) {
            for (int i = 0; i < 32; i++, next_id++) {
                ladroi_rec_hdr_t h = {.id = next_id, .origin = 0};
                uint64_t pay = next_id ^ 0x5A5A5A5Aull;
                CHECK_EQ(ladroi_pool_push(lb, p, &h, &pay, 8), LADRO_OK);
            }
            CHECK_EQ(ladroi_pool_release(lb, p, 0), LADRO_OK);
            uint32_t c0 = 0, c = 0;
            CHECK_EQ(ladroi_pool_peek(lb, p, 0, &c0), LADRO_OK);
            for (double t0 = ladroi_now(); c0 > 0 && ladroi_now() - t0 < 30;) {
                CHECK_EQ(ladroi_pool_peek(lb, p, 0, &c), LADRO_OK);
                if (c < c0)
                    break;
                int flag;
                MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag,
                           MPI_STATUS_IGNORE);
                ladroi_sleep_us(50);
            }
        }
        int got;
        while ((got = ladroi_pool_pop(lb, p, rec)) == 1) { /* drain */
            ladroi_rec_hdr_t h;
            memcpy(&h, rec, sizeof h);
            if (h.id < MAXID)
                taken[h.id]++;
        }
        CHECK_EQ(got, 0);
    }
    /* Thieves steal until the owner has drained and everyone reached the barrier. */
    MPI_Request bar;
    MPI_Ibarrier(MPI_COMM_WORLD, &bar);
    uint64_t stolen = 0, steals = 0, corr = 0;
    for (;;) {
        int done = 0;
        MPI_Test(&bar, &done, MPI_STATUS_IGNORE);
        if (rank != 0) {
            uint32_t got = 0;
            double f = 0.1 + 0.9 * ladroi_rng_unit(&rng);
            if (faa && rank % 2 == 1) {
                uint32_t want = 1 + (uint32_t)ladroi_rng_below(&rng, 12), avail = 0;
                bool corrected = false;
                rc = ladroi_pool_steal_faa(lb, p, 0, want, &got, &avail, &corrected);
                corr += corrected;
                CHECK(got <= want);
                uint32_t k = want < p->scratch_cap ? want : (uint32_t)p->scratch_cap;
                CHECK(rc != LADROI_STEAL_GOT || got == (avail < k ? avail : k));
            } else {
                rc = ladroi_pool_steal(lb, p, 0, f, 0, &got);
            }
            CHECK(rc >= 0);
            if (rc == LADROI_STEAL_GOT) {
                steals++;
                int g;
                while ((g = ladroi_pool_pop(lb, p, rec)) == 1) {
                    ladroi_rec_hdr_t h;
                    uint64_t pay;
                    memcpy(&h, rec, sizeof h);
                    memcpy(&pay, rec + sizeof h, 8);
                    bad_payload += pay != (h.id ^ 0x5A5A5A5Aull);
                    CHECK_EQ(h.moves, 1);
                    if (h.id < MAXID)
                        taken[h.id]++;
                    stolen++;
                }
            } else {
                /* back off as the runtime's idle loop does: without it, Open MPI's osc
                 * pt2pt recurses in opal_progress under 7 thieves with no pause */
                ladroi_sleep_us(20 + 80 * ladroi_rng_unit(&rng));
            }
        }
        if (done)
            break;
    }
    MPI_Bcast(&next_id, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    uint32_t *all = calloc(MAXID, sizeof *all);
    MPI_Allreduce(taken, all, MAXID, MPI_UINT32_T, MPI_SUM, MPI_COMM_WORLD);
    uint64_t lost = 0, dup = 0, total_bad = 0, total_stolen = 0;
    for (uint64_t i = 0; i < next_id; i++) {
        lost += all[i] == 0;
        dup += all[i] > 1;
    }
    MPI_Allreduce(&bad_payload, &total_bad, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&stolen, &total_stolen, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    CHECK_EQ(lost, 0);
    CHECK_EQ(dup, 0);
    CHECK_EQ(total_bad, 0);
    if (size > 1)
        CHECK(total_stolen > 0); /* the thieves did get work: the test exercised stealing */
    uint64_t total_corr = 0;
    MPI_Allreduce(&corr, &total_corr, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    if (faa && size > 1)
        CHECK(total_corr > 0); /* claims past split were made and corrected */
    if (rank == 0)
        printf("pool%s: %llu tasks, %llu stolen by %d thieves, %llu corrected claims, "
               "%llu lost, %llu duplicated\n",
               faa ? " (faa)" : "", (unsigned long long)next_id,
               (unsigned long long)total_stolen, size - 1, (unsigned long long)total_corr,
               (unsigned long long)lost, (unsigned long long)dup);
    free(all);
    free(taken);
    free(rec);
    ladro_destroy(&lb);
    int fails = check_failures, any = 0;
    MPI_Allreduce(&fails, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    if (rank == 0)
        printf("test_pool: %d checks, %d failed\n", check_count, any);
    return any ? 1 : 0;
}
