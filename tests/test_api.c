/* API contract and error paths: bad configuration agreed on every rank, mismatched
 * configuration between ranks, pushes in the wrong state, NULL arguments, double
 * destroy, ladro_run/ladro_run_range, statistics. */
#define _POSIX_C_SOURCE 200809L
#include "check_mpi.h"
#include <ladro.h>

#include <stdlib.h>

static int count_task(ladro_t *lb, const ladro_task_t *t, void *ud)
{
    (void)lb;
    uint64_t *c = ud;
    c[0]++;
    c[1] += t->id;
    return 0;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    if (check_mpi_world(&rank, &size))
        return 1;
    ladro_config_t cfg;
    ladro_t *lb = (ladro_t *)0x1;
    char err[256] = "";

    /* invalid configuration: every rank gets the error, no handle */
    ladro_config_init(&cfg);
    cfg.task_capacity = 3;
    CHECK_EQ(ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err), LADRO_EINVAL);
    CHECK(lb == NULL);
    CHECK_STR_CONTAINS(err, "task_capacity");

    /* bad on one rank only: all ranks fail together (with the worst code: an unknown
     * policy is LADRO_ENOPOLICY), none hangs */
    ladro_config_init(&cfg);
    if (rank == size - 1)
        snprintf(cfg.policy, sizeof cfg.policy, "%s", "nonexistent");
    err[0] = 0;
    CHECK_EQ(ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err), LADRO_ENOPOLICY);
    CHECK(lb == NULL);
    CHECK(err[0] != 0);

    /* mismatched task_bytes between ranks */
    if (size > 1) {
        ladro_config_init(&cfg);
        cfg.task_bytes = (size_t)rank;
        CHECK_EQ(ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err), LADRO_EINVAL);
        CHECK_STR_CONTAINS(err, "same on every rank");
    }

    /* NULL arguments */
    CHECK_EQ(ladro_create(MPI_COMM_WORLD, &cfg, NULL, err, sizeof err), LADRO_EINVAL);
    CHECK_EQ(ladro_push(NULL, NULL), LADRO_EINVAL);
    CHECK_EQ(ladro_next(NULL, NULL), LADRO_EINVAL);
    CHECK_EQ(ladro_destroy(NULL), LADRO_OK);

    /* a proper run: push outside a task after the first next is refused */
    ladro_config_init(&cfg);
    cfg.task_bytes = 16;
    CHECK_EQ(ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err), LADRO_OK);
    ladro_task_t t = {.id = 1, .payload = NULL};
    CHECK_EQ(ladro_push(lb, &t), LADRO_EINVAL); /* task_bytes > 0 needs a payload */
    CHECK_STR_CONTAINS(ladro_last_error(lb), "payload");
    char pay[16] = "0123456789abcde";
    for (int i = 0; i < 10; i++) {
        t.id = (uint64_t)rank * 10 + (uint64_t)i;
        t.payload = pay;
        CHECK_EQ(ladro_push(lb, &t), LADRO_OK);
    }
    int rc, n = 0;
    while ((rc = ladro_next(lb, &t)) == LADRO_OK) {
        CHECK(memcmp(t.payload, pay, 16) == 0);
        n++;
    }
    CHECK_EQ(rc, LADRO_DONE);
    CHECK_EQ(ladro_push(lb, &t), LADRO_ESTATE);
    CHECK_STR_CONTAINS(ladro_last_error(lb), "after LADRO_DONE");
    ladro_stats_t st;
    CHECK_EQ(ladro_stats_gather(lb, &st), LADRO_OK);
    CHECK_EQ(st.nranks, size);
    CHECK_EQ(st.total.tasks_run, 10 * size);
    CHECK(st.makespan > 0);
    CHECK(st.efficiency >= 0 && st.efficiency <= 1.0 + 1e-9);
    ladro_stats_free(&st);
    ladro_stats_free(&st); /* harmless twice */
    CHECK_EQ(ladro_destroy(&lb), LADRO_OK);
    CHECK(lb == NULL);
    CHECK_EQ(ladro_destroy(&lb), LADRO_OK); /* double destroy is harmless */

    /* ESTATE: push outside a task once running */
    ladro_config_init(&cfg);
    CHECK_EQ(ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err), LADRO_OK);
    t.payload = NULL;
    while ((rc = ladro_next(lb, &t)) == LADRO_OK)
        ;
    CHECK_EQ(rc, LADRO_DONE); /* no tasks at all still terminates */
    ladro_destroy(&lb);

    /* heterogeneity emulation (ladro_emulate): refused values, then a rank of speed 0.25
     * whose 10 ms tasks (static: no steal) end 40 ms apart; the statistics count the
     * speed and the unpadded work; refused once tasks ran */
    ladro_config_init(&cfg);
    CHECK_EQ(ladro_config_set(&cfg, "policy", "static", err, sizeof err), LADRO_OK);
    CHECK_EQ(ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err), LADRO_OK);
    CHECK(ladro_speed(lb) == 1.0);
    CHECK_EQ(ladro_emulate(lb, 0, LADRO_EMULATE_SLEEP), LADRO_EINVAL);
    CHECK_STR_CONTAINS(ladro_last_error(lb), "(0, 1]");
    CHECK_EQ(ladro_emulate(lb, 1.5, LADRO_EMULATE_SLEEP), LADRO_EINVAL);
    CHECK_EQ(ladro_emulate(lb, 0.5, 7), LADRO_EINVAL);
    CHECK_EQ(ladro_emulate(NULL, 0.5, LADRO_EMULATE_SLEEP), LADRO_EINVAL);
    CHECK_EQ(ladro_emulate(lb, 0.25, LADRO_EMULATE_SPIN), LADRO_OK);
    CHECK(ladro_speed(lb) == 0.25);
    for (int i = 0; i < 3; i++) {
        t.id = (uint64_t)i;
        CHECK_EQ(ladro_push(lb, &t), LADRO_OK);
    }
    double t0 = MPI_Wtime();
    while ((rc = ladro_next(lb, &t)) == LADRO_OK) {
        double end = MPI_Wtime() + 0.010;
        while (MPI_Wtime() < end) /* 10 ms of "work" */
            ;
    }
    CHECK_EQ(rc, LADRO_DONE);
    CHECK(MPI_Wtime() - t0 >= 3 * 0.040 * 0.99); /* each task padded to 10 ms / 0.25 */
    CHECK_EQ(ladro_emulate(lb, 0.5, LADRO_EMULATE_SLEEP), LADRO_ESTATE);
    ladro_rank_stats_t rs;
    CHECK_EQ(ladro_stats_local(lb, &rs), LADRO_OK);
    CHECK(rs.speed == 0.25);
    CHECK(rs.work_s >= 0.030);                /* the unpadded 3 x 10 ms (or more, when
                                                 oversubscribed) */
    CHECK(rs.busy_s >= 4 * rs.work_s * 0.99); /* each padded to 4 times its time */
    ladro_destroy(&lb);

    /* callback forms */
    uint64_t c[2] = {0, 0}, g[2];
    strcpy(err, "stale");
    CHECK_EQ(ladro_run_range(MPI_COMM_WORLD, 1000, count_task, c, err, sizeof err), LADRO_OK);
    CHECK(err[0] == '\0'); /* cleared on success */
    MPI_Allreduce(c, g, 2, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    CHECK_EQ(g[0], 1000);
    CHECK_EQ(g[1], 999 * 1000 / 2);

    int fails = check_failures, any = 0;
    MPI_Allreduce(&fails, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    if (rank == 0)
        printf("test_api: %d checks, %d failed\n", check_count, any);
    return any ? 1 : 0;
}
