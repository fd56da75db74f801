/* A policy added without touching the library: `toy` (tests/policy/toy.c) is registered
 * only in ladro_toy (ladro_add_policy_library), yet it is chosen by name, its option is
 * set by key and through its LADRO_* variable, checked by its own declaration and shown
 * by ladro_print_config, its counters are gathered and read back by name, and every task
 * (all seeded on rank 0, so thieves must steal) runs exactly once. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include <ladro.h>

#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    char err[256] = "";
    ladro_config_t cfg;
    ladro_config_init(&cfg);

    /* the option: declared by the toy's file, checked by that declaration */
    CHECK_EQ(ladro_config_set(&cfg, "policy", "toy", err, sizeof err), LADRO_OK);
    CHECK_EQ(ladro_config_set(&cfg, "toy_stride", "0", err, sizeof err), LADRO_EINVAL);
    CHECK_STR_CONTAINS(err, "toy_stride='0'");
    CHECK_STR_CONTAINS(err, "[1, 1024]");
    setenv("LADRO_TOY_STRIDE", "3", 1);
    CHECK_EQ(ladro_config_from_env(&cfg, err, sizeof err), LADRO_OK);
    unsetenv("LADRO_TOY_STRIDE");
    char val[32];
    CHECK_EQ(ladro_config_get(&cfg, "toy_stride", val, sizeof val), LADRO_OK);
    CHECK(strcmp(val, "3") == 0);
    CHECK_EQ(ladro_config_set(&cfg, "toy_stride", "1", err, sizeof err), LADRO_OK);
    CHECK_EQ(ladro_config_validate(&cfg, err, sizeof err), LADRO_OK);
    char *printed = NULL;
    size_t plen = 0;
    FILE *m = open_memstream(&printed, &plen);
    ladro_print_config(m, &cfg);
    fclose(m);
    CHECK_STR_CONTAINS(printed, "toy options:");
    CHECK_STR_CONTAINS(printed, "LADRO_TOY_STRIDE");
    free(printed);

    ladro_t *lb = NULL;
    int rc = ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err);
    CHECK_EQ(rc, LADRO_OK);
    if (rc) {
        fprintf(stderr, "test_toy: %s\n", err);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    const uint64_t n = 200;
    if (rank == 0)
        for (uint64_t i = 0; i < n; i++) {
            ladro_task_t t = {.id = i};
            CHECK_EQ(ladro_push(lb, &t), LADRO_OK);
        }
    uint8_t *seen = calloc(n, 1), *all = calloc(n, 1);
    ladro_task_t t;
    while ((rc = ladro_next(lb, &t)) == LADRO_OK) {
        if (t.id < n)
            seen[t.id]++;
        struct timespec ts = {0, 200000}; /* 0.2 ms: long enough for thieves to find work */
        nanosleep(&ts, NULL);
    }
    CHECK_EQ(rc, LADRO_DONE);
    MPI_Allreduce(seen, all, (int)n, MPI_UINT8_T, MPI_SUM, MPI_COMM_WORLD);
    uint64_t missing = 0, dup = 0;
    for (uint64_t i = 0; i < n; i++) {
        missing += all[i] == 0;
        dup += all[i] > 1;
    }
    CHECK_EQ(missing, 0);
    CHECK_EQ(dup, 0);

    /* the counters, by name: rounds summed, the busiest thief's by max */
    ladro_stats_t st;
    CHECK_EQ(ladro_stats_gather(lb, &st), LADRO_OK);
    double rounds = -1, rank_rounds = -1, x;
    CHECK_EQ(ladro_stats_counter(&st, "toy_rounds", &rounds), LADRO_OK);
    CHECK_EQ(ladro_stats_counter(&st, "toy_rank_rounds", &rank_rounds), LADRO_OK);
    CHECK_EQ(ladro_stats_counter(&st, "a2ws_preemptive", &x), LADRO_EINVAL); /* not toy's */
    CHECK(rounds == (double)st.total.steals_tried); /* one attempt per round */
    double sum = 0, max = 0;
    for (int r = 0; r < size; r++) {
        sum += st.ranks[r].counters[0];
        max = st.ranks[r].counters[1] > max ? st.ranks[r].counters[1] : max;
    }
    CHECK(rounds == sum);
    CHECK(rank_rounds == max);
    if (size > 1) {
        /* rank 1 started idle, so it tried; whether a try found tasks depends on timing
         * (MPICH moves RMA only when rank 0 polls), so only the accounting is checked */
        CHECK(rounds > 0);
        CHECK_EQ(st.total.steals_ok + st.total.steals_failed, st.total.steals_tried);
    }
    CHECK_EQ(st.ncounters, 2);
    CHECK(strcmp(st.counter_names[0], "toy_rounds") == 0);
    /* the writers carry them too */
    m = open_memstream(&printed, &plen);
    ladro_stats_write(m, &st, -1, LADRO_STATS_JSON);
    fputc('\n', m);
    ladro_stats_write(m, &st, -1, LADRO_STATS_CSV);
    fputc('\n', m);
    ladro_stats_print(m, &st, NULL);
    fclose(m);
    CHECK_STR_CONTAINS(printed, "\"toy_rounds\": ");
    CHECK_STR_CONTAINS(printed, ",toy_rounds=");
    CHECK_STR_CONTAINS(printed, "toy: toy_rounds");
    if (rank == 0)
        printf("test_toy: %d ranks, %llu tasks once each, %.0f rounds (max %.0f on one rank)\n",
               size, (unsigned long long)n, rounds, rank_rounds);
    free(printed);
    ladro_stats_free(&st);
    free(seen);
    free(all);
    CHECK_EQ(ladro_destroy(&lb), LADRO_OK);
    int failed = CHECK_REPORT("test_toy");
    MPI_Finalize();
    return failed;
}
