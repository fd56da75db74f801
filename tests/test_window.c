/* Windows from ladroi_win_alloc: an RMA put that ends exactly at the requested size must
 * not disturb word 0. MPICH 4.0.2 (ch4, shared memory) writes the last 8 bytes of such a
 * put over word 0 of the target's window — found by ctws's "two tokens" check, reproduced
 * without ladro; ladroi_win_alloc pads every window so ladro never issues such a put.
 * This test passes a token around the ring (the ctws pattern: put the list to disp 8 up
 * to the window's requested end, then compare-and-swap the token word 0) and checks the
 * token word and the list at every pass, under every MPI the suite runs with. */
#include "../src/ladro_int.h"
#include "check.h"

#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    ladro_t *lb = check_static_handle();
    int rank = lb->rank, size = lb->size, next = (rank + 1) % size;
    size_t bytes = 16 + 8 * (size_t)size; /* [token][counter][list of size words] */
    ladroi_win_t w;
    CHECK_EQ(ladroi_win_alloc(lb, bytes, &w), LADRO_OK);
    CHECK_EQ(ladroi_net_barrier(lb, lb->comm), LADRO_OK);
    uint64_t *msg = calloc((size_t)size + 1, 8), *got = calloc((size_t)size + 1, 8);
    int have = rank == 0, passes = 0;
    double deadline = ladroi_now() + 60; /* a lost token must fail the test, not hang it */
    while (passes < 60 && size > 1) {
        if (ladroi_now() > deadline) {
            CHECK(!"the token never came back (word 0 overwritten?)");
            break;
        }
        if (!have) {
            uint64_t t = 0, seen = 0;
            CHECK_EQ(ladroi_rma_fetch_u64(lb, &w, rank, 0, &t), LADRO_OK);
            if (t == 0)
                continue;
            CHECK_EQ(t, 1); /* the token, never list data */
            CHECK_EQ(ladroi_rma_get(lb, &w, rank, 8, got, 8 + 8 * (size_t)size), LADRO_OK);
            for (int i = 0; i < size; i++)
                CHECK_EQ(got[1 + i], got[0] * 1000 + (uint64_t)i);
            CHECK_EQ(ladroi_rma_cas_u64(lb, &w, rank, 0, t, 0, &seen), LADRO_OK);
            CHECK_EQ(seen, t);
            msg[0] = got[0];
        }
        msg[0]++;
        for (int i = 0; i < size; i++)
            msg[1 + i] = msg[0] * 1000 + (uint64_t)i;
        /* ends exactly at the requested window size */
        CHECK_EQ(ladroi_rma_put(lb, &w, next, 8, msg, 8 + 8 * (size_t)size), LADRO_OK);
        uint64_t seen = 99;
        CHECK_EQ(ladroi_rma_cas_u64(lb, &w, next, 0, 0, 1, &seen), LADRO_OK);
        CHECK_EQ(seen, 0); /* the next mailbox was empty: one token */
        have = 0;
        passes++;
        if (check_failures > 5)
            break;
    }
    /* the last holder's token is never taken: everyone waits for the others' passes;
     * after a failure the others may wait for a token that never comes: abort then */
    int64_t any = check_failures;
    CHECK_EQ(ladroi_net_allreduce_i64(lb, lb->comm, &any, 1, LADROI_NET_MAX), LADRO_OK);
    ladroi_win_free(&w);
    free(msg);
    free(got);
    ladro_destroy(&lb);
    int all = 0;
    MPI_Allreduce(&check_failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("window-end puts: %s\n", all ? "FAILED" : "word 0 intact at every pass");
    MPI_Finalize();
    return all != 0;
}
