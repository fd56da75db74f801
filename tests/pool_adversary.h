/* The pool protocol under an adversarial owner, written over the transport interface
 * (src/engine.h) only, so both engines run the same test: tests/test_pool.c on MPI ranks,
 * sim/tests/test_pool_s4u.c on simulated ranks (SimGrid S4U actors).
 *
 * Rank 0 pushes, releases, reacquires and pops in random bursts on a tiny ring
 * (capacity 16, indices started just below the 24-bit wrap) while every other rank
 * steals from it with random fractions. Every task id must end up taken exactly once.
 * Runs with any number of ranks (1 = owner only). With faa, odd thieves claim by
 * fetch-and-add (ladroi_pool_steal_faa, A2WS §2.3.2) asking for 1..12 tasks, more than
 * the tiny ring often holds, so claims past split and their corrections race the owner;
 * even thieves keep claiming by CAS. With mode POOL_ADV_LOCKED, the locked pool of
 * TITUS_DLB §4.3 (ladroi_pool_lock_whole: smallworld with paper=1): thieves take the lock,
 * copy a random amount or the whole set (every other steal) and hand the lock over; the
 * owner's releases and pops rebalance under the lock.
 *
 * Include after check.h and ladro_int.h. The handle comes from pool_adversary_config: the
 * driver creates it (ladro_create on MPI, ladro_s4u_create in a simulation). */
#ifndef LADRO_POOL_ADVERSARY_H
#define LADRO_POOL_ADVERSARY_H

#include <stdlib.h>

#define POOL_ADV_ROUNDS 3000
#define POOL_ADV_MAXB 12
#define POOL_ADV_MAXID (POOL_ADV_ROUNDS * POOL_ADV_MAXB + 64)
#define POOL_ADV_TAG_DONE 1 /* owner -> thieves, on the test's own channel: drained */
enum { POOL_ADV_CAS = 0, POOL_ADV_FAA = 1, POOL_ADV_LOCKED = 2 }; /* the `faa` argument */

static void pool_adversary_config(ladro_config_t *cfg)
{
    ladro_config_init(cfg);
    cfg->task_capacity = 16;
    cfg->task_bytes = 8;
}

static void pool_adversary_take(unsigned char *rec, uint64_t *taken, uint64_t *bad_payload,
                                bool stolen)
{
    ladroi_rec_hdr_t h;
    uint64_t pay;
    memcpy(&h, rec, sizeof h);
    memcpy(&pay, rec + sizeof h, 8);
    *bad_payload += pay != (h.id ^ 0x5A5A5A5Aull);
    if (stolen)
        CHECK_EQ(h.moves, 1);
    if (h.id < POOL_ADV_MAXID)
        taken[h.id]++;
}

/* Collective over lb's ranks; the checks count into check.h's counters. Returns the
 * number of tasks stolen by the thieves (the same on every rank). */
static uint64_t pool_adversary(ladro_t *lb, int faa)
{
    int rank = lb->rank, size = lb->size, rc;
    ladroi_pool_t *p = &lb->pool;
    bool locked = faa == POOL_ADV_LOCKED;
    if (locked) {
        ladroi_pool_lock_whole(p);
        faa = 0;
    }
    ladroi_chan_t *ch = NULL; /* the owner's "drained" messages, apart from the runtime's */
    CHECK_EQ(ladroi_net_chan_dup(lb, lb->comm, &ch), LADRO_OK);
    if (rank == 0)
        CHECK_EQ(ladroi_pool_debug_start(lb, p, 0xFFFFFFu - 40), LADRO_OK);
    CHECK_EQ(ladroi_net_barrier(lb, lb->comm), LADRO_OK);

    uint64_t *taken = calloc(POOL_ADV_MAXID, sizeof *taken);
    unsigned char *rec = malloc(p->rec_bytes);
    uint64_t next_id = 0, bad_payload = 0;
    ladroi_rng_t rng;
    ladroi_rng_seed(&rng, 7, (uint64_t)rank);

    if (rank == 0) {
        for (int round = 0; round < POOL_ADV_ROUNDS; round++) {
            uint64_t nb = ladroi_rng_below(&rng, POOL_ADV_MAXB + 1);
            for (uint64_t i = 0; i < nb; i++) {
                ladroi_rec_hdr_t h = {.id = next_id, .origin = 0};
                uint64_t pay = next_id ^ 0x5A5A5A5Aull;
                CHECK_EQ(ladroi_pool_push(lb, p, &h, &pay, 8), LADRO_OK);
                next_id++;
            }
            CHECK_EQ(ladroi_pool_release(lb, p, (uint32_t)ladroi_rng_below(&rng, 4)), LADRO_OK);
            /* let thieves in between the release and the pops: in a simulation the
             * owner's local operations take no time, so without a pause its rounds would
             * run back to back and no steal would ever race them */
            ladroi_net_sleep_us(5 * ladroi_rng_unit(&rng));
            uint64_t npop = ladroi_rng_below(&rng, POOL_ADV_MAXB / 2 + 2);
            for (uint64_t i = 0; i < npop; i++) {
                int got = ladroi_pool_pop(lb, p, rec);
                CHECK(got >= 0);
                if (got != 1)
                    break;
                pool_adversary_take(rec, taken, &bad_payload, false);
            }
            CHECK_EQ(ladroi_net_progress(lb), LADRO_OK);
        }
        /* The owner may outrun its thieves (oversubscribed cores; under osc pt2pt every
         * steal also needs this rank inside MPI): expose a last batch and serve the
         * engine until a thief takes something, so the run always exercises stealing
         * (30 s bound). */
        if (size > 1) {
            for (int i = 0; i < 32; i++, next_id++) {
                ladroi_rec_hdr_t h = {.id = next_id, .origin = 0};
                uint64_t pay = next_id ^ 0x5A5A5A5Aull;
                CHECK_EQ(ladroi_pool_push(lb, p, &h, &pay, 8), LADRO_OK);
            }
            CHECK_EQ(ladroi_pool_release(lb, p, 0), LADRO_OK);
            uint32_t c0 = 0, c = 0;
            CHECK_EQ(ladroi_pool_peek(lb, p, 0, &c0), LADRO_OK);
            for (double t0 = ladroi_net_now(); c0 > 0 && ladroi_net_now() - t0 < 30;) {
                CHECK_EQ(ladroi_pool_peek(lb, p, 0, &c), LADRO_OK);
                if (c < c0)
                    break;
                CHECK_EQ(ladroi_net_progress(lb), LADRO_OK);
                ladroi_net_sleep_us(50);
            }
        }
        int got;
        for (;;) { /* drain (locked: a pop finds nothing while a thief holds the lock) */
            while ((got = ladroi_pool_pop(lb, p, rec)) == 1)
                pool_adversary_take(rec, taken, &bad_payload, false);
            CHECK_EQ(got, 0);
            uint32_t c = 0;
            if (locked)
                CHECK_EQ(ladroi_pool_peek(lb, p, 0, &c), LADRO_OK);
            if (c == 0)
                break;
            CHECK_EQ(ladroi_net_progress(lb), LADRO_OK);
            ladroi_net_sleep_us(20);
        }
        for (int r = 1; r < size; r++)
            CHECK_EQ(ladroi_net_send(lb, ch, NULL, 0, r, POOL_ADV_TAG_DONE), LADRO_OK);
    }
    /* Thieves steal until the owner has drained. */
    uint64_t stolen = 0, corr = 0;
    for (bool done = rank == 0; !done;) {
        CHECK_EQ(ladroi_net_iprobe(lb, ch, 0, POOL_ADV_TAG_DONE, &done, NULL), LADRO_OK);
        uint32_t got = 0;
        double f = 0.1 + 0.9 * ladroi_rng_unit(&rng);
        if (locked && ladroi_rng_below(&rng, 2))
            f = 1.0; /* the paper's whole set */
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
            int g;
            while ((g = ladroi_pool_pop(lb, p, rec)) == 1) {
                pool_adversary_take(rec, taken, &bad_payload, true);
                stolen++;
            }
        } else {
            /* back off as the runtime's idle loop does: without it, Open MPI's osc
             * pt2pt recurses in opal_progress under 7 thieves with no pause */
            ladroi_net_sleep_us(20 + 80 * ladroi_rng_unit(&rng));
        }
    }
    if (rank != 0)
        CHECK_EQ(ladroi_net_recv(lb, ch, NULL, 0, 0, POOL_ADV_TAG_DONE, NULL), LADRO_OK);
    CHECK_EQ(ladroi_net_bcast(lb, lb->comm, &next_id, sizeof next_id, 0), LADRO_OK);
    CHECK_EQ(ladroi_net_allreduce_u64(lb, lb->comm, taken, POOL_ADV_MAXID, LADROI_NET_SUM),
             LADRO_OK);
    uint64_t lost = 0, dup = 0;
    for (uint64_t i = 0; i < next_id; i++) {
        lost += taken[i] == 0;
        dup += taken[i] > 1;
    }
    uint64_t tot[3] = {bad_payload, stolen, corr};
    CHECK_EQ(ladroi_net_allreduce_u64(lb, lb->comm, tot, 3, LADROI_NET_SUM), LADRO_OK);
    CHECK_EQ(lost, 0);
    CHECK_EQ(dup, 0);
    CHECK_EQ(tot[0], 0);
    if (size > 1)
        CHECK(tot[1] > 0); /* the thieves did get work: the test exercised stealing */
    if (faa && size > 1)
        CHECK(tot[2] > 0); /* claims past split were made and corrected */
    if (rank == 0)
        printf("pool%s: %llu tasks, %llu stolen by %d thieves, %llu corrected claims, "
               "%llu lost, %llu duplicated\n",
               faa ? " (faa)" : locked ? " (locked)" : "", (unsigned long long)next_id, (unsigned long long)tot[1],
               size - 1, (unsigned long long)tot[2], (unsigned long long)lost,
               (unsigned long long)dup);
    ladroi_net_chan_free(&ch);
    free(taken);
    free(rec);
    return tot[1];
}

#endif
