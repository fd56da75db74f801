/* The simulated engine's messages (sim/engine_s4u.c) against the contract of
 * src/engine.h, on 3 ranks of sim/tests/platforms/cluster3.xml (2 us, 1 GB/s between two
 * hosts). Every step happens at a fixed simulated time from 1 s on:
 *   - a message is matched only once it has arrived, and never ahead of an earlier
 *     message of its source still under way: rank 1's 8-byte message, sent after its
 *     1 MB one, arrives first and waits for it, while rank 2's later message is taken by
 *     a receive from any source;
 *   - a receive nothing can match completes nothing;
 *   - a spinning wait returns when a message arrives, a wait ends at most once for a
 *     message, and a sleeping wait sleeps its whole pause;
 *   - ladroi_rma_written tells a rank the span of its window that puts and successful
 *     atomics reached since it last asked, and nothing for gets and failed
 *     compare-and-swaps.
 * Usage: test_sim_msgs PLATFORM */
#include "engine_s4u.h"
#include "ladro_int.h"

#include "../../tests/check.h"

#include <math.h>
#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <stdlib.h>
#include <string.h>

enum { BIG = 1 << 20, TAG = 7 };
#define T0 1.0

static void at(double t) /* sleep until simulated time T0 + t */
{
    sg_actor_sleep_until(T0 + t);
}

static void close_to(double got, double want, double tol, const char *what)
{
    if (!(fabs(got - want) <= tol))
        fprintf(stderr, "%s: at %.9f s, expected %.9f s\n", what, got, want);
    CHECK(fabs(got - want) <= tol);
}

/* A receive that gives up at T0 + until (a check fails): an engine that delivered out of
 * order fails here with its reason instead of waiting for ever. */
static void get(ladro_t *lb, ladroi_chan_t *c, unsigned char *buf, int source, int tag,
                ladroi_msg_t *m, double until)
{
    ladroi_req_t r;
    bool done = false;
    memset(m, 0, sizeof *m);
    CHECK_EQ(ladroi_net_irecv(lb, c, buf, BIG, source, tag, &r), LADRO_OK);
    while (ladroi_net_test(lb, &r, &done, m) == LADRO_OK && !done &&
           simgrid_get_clock() < T0 + until)
        sg_actor_sleep_for(1e-6);
    if (!done)
        fprintf(stderr, "no message from %d with tag %d by %.6f s\n", source, tag, T0 + until);
    CHECK(done);
    ladroi_net_cancel(&r);
}

static void receiver(ladro_t *lb, ladroi_chan_t *c, unsigned char *buf)
{
    bool found = true, done = true, arrived = true;
    ladroi_msg_t m = {0};
    /* 50 us: rank 1's small message has arrived, but its big one, sent before it, has not */
    at(50e-6);
    CHECK_EQ(ladroi_net_iprobe(lb, c, LADROI_ANY, TAG, &found, &m), LADRO_OK);
    CHECK(!found);
    ladroi_req_t r;
    CHECK_EQ(ladroi_net_irecv(lb, c, buf, BIG, 1, 99, &r), LADRO_OK);
    CHECK_EQ(ladroi_net_test(lb, &r, &done, NULL), LADRO_OK);
    CHECK(!done); /* nothing with tag 99 */
    ladroi_net_cancel(&r);
    /* 200 us: rank 2's message (sent at 100 us) is the one a receive from any source takes */
    at(200e-6);
    CHECK_EQ(ladroi_net_iprobe(lb, c, LADROI_ANY, TAG, &found, &m), LADRO_OK);
    CHECK(found);
    CHECK_EQ(m.source, 2);
    CHECK_EQ(ladroi_net_iprobe(lb, c, 1, TAG, &found, &m), LADRO_OK);
    CHECK(!found);
    get(lb, c, buf, LADROI_ANY, TAG, &m, 300e-6);
    CHECK_EQ(m.source, 2);
    CHECK_EQ(m.bytes, 8);
    CHECK_EQ(buf[0], 2);
    /* rank 1's messages in the order sent: the big one once it has arrived (1 MB at
     * 1 GB/s), then the small one */
    get(lb, c, buf, 1, TAG, &m, 2e-3);
    CHECK_EQ(m.bytes, BIG);
    CHECK_EQ(buf[0], 1);
    CHECK(simgrid_get_clock() >= T0 + BIG / 1e9);
    get(lb, c, buf, 1, TAG, &m, 3e-3);
    CHECK_EQ(m.bytes, 8);
    CHECK_EQ(buf[0], 11);
    /* 10 ms: a spinning wait with nothing under way lasts its pause */
    at(10e-3);
    CHECK_EQ(ladroi_net_wait_msg(lb, c, 500, true, &arrived), LADRO_OK);
    CHECK(!arrived);
    close_to(simgrid_get_clock(), T0 + 10.5e-3, 1e-9, "empty spin");
    /* rank 1 sends at 11 ms: a spinning wait returns when it arrives (2 us later) */
    CHECK_EQ(ladroi_net_wait_msg(lb, c, 10000, true, &arrived), LADRO_OK);
    CHECK(arrived);
    close_to(simgrid_get_clock(), T0 + 11e-3 + 2e-6, 0.1e-6, "spin woken by a message");
    /* that message ended one wait: still queued, it does not end the next */
    CHECK_EQ(ladroi_net_wait_msg(lb, c, 100, true, &arrived), LADRO_OK);
    CHECK(!arrived);
    close_to(simgrid_get_clock(), T0 + 11.1e-3 + 2e-6, 0.1e-6, "spin after the message");
    get(lb, c, buf, 1, TAG + 1, &m, 12e-3);
    CHECK_EQ(m.bytes, 8);
    /* rank 1 sends at 21 ms: a sleeping wait from 20 ms sleeps its 2 ms, then sees it */
    at(20e-3);
    CHECK_EQ(ladroi_net_wait_msg(lb, c, 2000, false, &arrived), LADRO_OK);
    CHECK(arrived);
    close_to(simgrid_get_clock(), T0 + 22e-3, 1e-9, "back-off sleep");
    get(lb, c, buf, LADROI_ANY, LADROI_ANY, &m, 23e-3);
    CHECK_EQ(m.tag, TAG + 2);
}

/* From 30 ms on, after the messages: one window of 256 bytes per rank. */
static void window_part(ladro_t *lb, int rank)
{
    ladroi_win_t win = {0};
    CHECK_EQ(ladroi_win_alloc(lb, 256, &win), LADRO_OK);
    size_t lo = 1, hi = 1;
    uint64_t seen = 0, v[2] = {7, 8};
    if (rank == 0) {
        CHECK(!ladroi_rma_written(lb, &win, &lo, &hi)); /* nothing yet */
        at(35e-3); /* rank 1's put of [64, 80) and compare-and-swap of [200, 208) */
        CHECK(ladroi_rma_written(lb, &win, &lo, &hi));
        CHECK_EQ(lo, 64);
        CHECK_EQ(hi, 208);
        CHECK(!ladroi_rma_written(lb, &win, &lo, &hi)); /* told once */
        CHECK_EQ(hi, 0);
        at(40e-3); /* rank 2's get and failed compare-and-swap wrote nothing */
        CHECK(!ladroi_rma_written(lb, &win, &lo, &hi));
        uint64_t got[2];
        memcpy(got, (unsigned char *)win.base + 64, sizeof got);
        CHECK_EQ(got[0], 7);
        CHECK_EQ(got[1], 8);
    } else if (rank == 1) {
        at(30e-3);
        CHECK_EQ(ladroi_rma_put(lb, &win, 0, 64, v, sizeof v), LADRO_OK);
        CHECK_EQ(ladroi_rma_cas_u64(lb, &win, 0, 200, 0, 5, &seen), LADRO_OK);
        CHECK_EQ(seen, 0);
    } else {
        at(36e-3);
        CHECK_EQ(ladroi_rma_get(lb, &win, 0, 0, v, sizeof v), LADRO_OK);
        CHECK_EQ(ladroi_rma_cas_u64(lb, &win, 0, 8, 1, 5, &seen), LADRO_OK);
        CHECK_EQ(seen, 0); /* expected 1: no swap */
    }
    ladroi_win_free(&win);
}

static void rank_main(int argc, char **argv)
{
    (void)argc;
    ladro_s4u_world_t *w = sg_actor_self_get_data();
    int rank = atoi(argv[1]);
    ladro_config_t cfg;
    ladro_config_init(&cfg);
    ladro_t *lb = NULL;
    char err[256] = "";
    int rc = ladro_s4u_create(w, rank, &cfg, &lb, err, sizeof err);
    CHECK_EQ(rc, LADRO_OK);
    if (rc) {
        fprintf(stderr, "rank %d: ladro_s4u_create: %s\n", rank, err);
        return;
    }
    ladroi_chan_t *c = NULL;
    CHECK_EQ(ladroi_net_chan_dup(lb, lb->comm, &c), LADRO_OK);
    unsigned char *buf = calloc(BIG, 1);
    CHECK(buf != NULL);
    if (c && buf) {
        CHECK(simgrid_get_clock() < T0);
        if (rank == 0) {
            receiver(lb, c, buf);
        } else if (rank == 1) {
            at(0);
            buf[0] = 1;
            CHECK_EQ(ladroi_net_send(lb, c, buf, BIG, 0, TAG), LADRO_OK);
            buf[0] = 11;
            CHECK_EQ(ladroi_net_send(lb, c, buf, 8, 0, TAG), LADRO_OK);
            at(11e-3);
            CHECK_EQ(ladroi_net_send(lb, c, buf, 8, 0, TAG + 1), LADRO_OK);
            at(21e-3);
            CHECK_EQ(ladroi_net_send(lb, c, buf, 8, 0, TAG + 2), LADRO_OK);
        } else {
            at(100e-6);
            buf[0] = 2;
            CHECK_EQ(ladroi_net_send(lb, c, buf, 8, 0, TAG), LADRO_OK);
        }
        window_part(lb, rank);
    }
    free(buf);
    ladroi_net_chan_free(&c);
    CHECK_EQ(ladro_destroy(&lb), LADRO_OK);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_sim_msgs PLATFORM\n");
        return 2;
    }
    int one = 1;
    simgrid_init(&one, argv);
    simgrid_load_platform(argv[1]);
    sg_host_t *hosts = sg_host_list();
    CHECK(sg_host_count() >= 3);
    if (sg_host_count() < 3)
        return CHECK_REPORT("test_sim_msgs");
    ladro_s4u_world_t *w = ladro_s4u_world_new(3, hosts);
    CHECK(w != NULL);
    if (w)
        ladro_s4u_world_start(w, rank_main, w);
    simgrid_run();
    ladro_s4u_world_free(w);
    free(hosts);
    return CHECK_REPORT("test_sim_msgs");
}
