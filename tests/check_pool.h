/* check.h for the MPI tests of the pool's internals (test_promise, test_share): tasks
 * whose 8-byte payload follows from their id, pushed and counted by id, and a barrier
 * during which a rank keeps serving the others' one-sided operations. */
#ifndef LADRO_CHECK_POOL_H
#define LADRO_CHECK_POOL_H
#include "../src/ladro_int.h"
#include "check.h"

#include <string.h>
#include <time.h>

/* The payload of task `id`. */
#define CHECK_PAY(id) ((uint64_t)(id) ^ 0xA5A5A5A5ull)

/* Push task `id` (8 bytes of payload, CHECK_PAY(id)) on p, private. */
static inline int check_push_id(ladro_t *lb, ladroi_pool_t *p, uint64_t id)
{
    ladroi_rec_hdr_t h = {.id = id, .origin = 0};
    uint64_t pay = CHECK_PAY(id);
    return ladroi_pool_push(lb, p, &h, &pay, 8);
}

/* A record popped or stolen: taken[id]++ for ids below max; *bad counts payloads that
 * are not their id's. */
static inline void check_count_rec(const unsigned char *rec, uint32_t *taken, uint64_t max,
                                   uint64_t *bad)
{
    ladroi_rec_hdr_t h;
    uint64_t pay;
    memcpy(&h, rec, sizeof h);
    memcpy(&pay, rec + sizeof h, 8);
    *bad += pay != CHECK_PAY(h.id);
    if (h.id < max)
        taken[h.id]++;
}

/* A barrier during which this rank stays in MPI: under osc pt2pt a rank serves the
 * others' one-sided operations on its windows only from inside MPI calls. */
static inline void check_barrier_serving(void)
{
    MPI_Request bar;
    MPI_Ibarrier(MPI_COMM_WORLD, &bar);
    for (int done = 0; !done;) {
        MPI_Test(&bar, &done, MPI_STATUS_IGNORE);
        if (!done) {
            struct timespec ts = {0, 20000};
            nanosleep(&ts, NULL);
        }
    }
}
#endif
