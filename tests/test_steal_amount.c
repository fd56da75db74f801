/* How much a thief takes. random's, baseline's and successonly's thieves take one task
 * (a claim's is the victim's oldest; a successonly grant is one too): on every rank
 * tasks_stolen equals steals_ok. The other stealing policies take several of the victim's
 * public tasks (ctws's token holder half, as its paper; smallworld a quarter) until a task
 * of the thief has pushed a task: then one (a search's oldest task is the root of its
 * largest subtree). paper=1 takes half (smallworld: all) under every policy. Every task
 * starts on rank 0; the others must steal; every task runs exactly once and the thieves
 * run some.
 * Before the deciding rank has run a task it takes one too (it cannot tell yet whether
 * tasks spawn): a claiming thief's first task arrives with one task taken per steal.
 * The default steal_guard (auto) resolves to pace (off under paper=1); the ranks run at
 * one speed, so it caps no steal. Rank 0 runs only one of its NTASKS until a thief has run
 * one (a message tells it; rank 0 serves thieves inside that task), so a loaded machine
 * that leaves the thieves unscheduled while rank 0 runs all 120 cannot pass for a failed
 * steal. Where the run checks that some steal took more than one task, a thief reports
 * only once one has (by name, smallworld's thief takes one before it has run a task), so
 * rank 0 keeps serving until then. */
#define _GNU_SOURCE
#include "check_mpi.h"
#include <ladro.h>

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define NTASKS 120
#define SEED 1000  /* rank r's seed in the spawning runs: SEED + r */
#define CHILD 2000 /* its child: CHILD + r */
#define TAG_FIRST 91 /* a thief ran one of the NTASKS */

/* What a run checks of the amounts: every steal took one task, some steal took more, or
 * either (ctws by name: its ranks without the token steal at random, one task each, and
 * which ranks steal while holding the token is up to the schedule) */
enum { AMOUNT_ONE, AMOUNT_MORE, AMOUNT_EITHER };

/* Rank 0 serves thieves until one reports a task run (at most 30 s); returns reports taken. */
static int wait_first_theft(ladro_t *lb)
{
    int flag = 0, one;
    double t0 = MPI_Wtime();
    while (!flag && MPI_Wtime() - t0 < 30.0) {
        ladro_progress(lb);
        MPI_Iprobe(MPI_ANY_SOURCE, TAG_FIRST, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    }
    CHECK(flag);
    if (!flag)
        return 0;
    MPI_Recv(&one, 1, MPI_INT, MPI_ANY_SOURCE, TAG_FIRST, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return 1;
}

/* Whether a thief that has run one of the NTASKS reports it: at once, unless the run
 * checks that some steal took more than one task; then once one of its steals has. */
static bool bigger_yet(ladro_t *lb, int amount)
{
    ladro_rank_stats_t ls;
    if (amount != AMOUNT_MORE)
        return true;
    CHECK_EQ(ladro_stats_local(lb, &ls), LADRO_OK);
    return ls.tasks_stolen > ls.steals_ok;
}

/* One run of `policy` (paper=1 when `paper`). Unless `spawn`, rank 0 pushes NTASKS tasks
 * before its first ladro_next and runs none until a thief has run one. With `spawn`, every
 * rank pushes one seed: rank 0's pushes the NTASKS tasks from inside itself, then serves
 * until a thief has run one of them; another rank's pushes one child. A lone seed, and
 * that child, stay private, so every rank has spawned before it steals or is stolen from.
 * Checks every task once, thieves ran some, and the steal amount (`amount`). */
static void run(int rank, int size, const char *policy, bool paper, bool spawn, int amount)
{
    ladro_config_t cfg;
    char err[256];
    ladro_config_init(&cfg);
    CHECK_EQ(ladro_config_set(&cfg, "policy", policy, err, sizeof err), LADRO_OK);
    CHECK_EQ(ladro_config_set(&cfg, "paper", paper ? "1" : "0", err, sizeof err), LADRO_OK);
    ladro_t *lb = check_create(&cfg);
    /* steal_guard=auto: the guard is on under these policies, but not under their papers */
    CHECK_EQ(ladro_config(lb)->steal_guard,
             !paper ? LADRO_STEAL_GUARD_PACE : LADRO_STEAL_GUARD_OFF);
    int rc;
    if (spawn) {
        ladro_task_t t = {.id = SEED + (uint64_t)rank};
        CHECK_EQ(ladro_push(lb, &t), LADRO_OK);
    } else if (rank == 0) {
        for (int i = 0; i < NTASKS; i++) {
            ladro_task_t t = {.id = (uint64_t)i};
            CHECK_EQ(ladro_push(lb, &t), LADRO_OK);
        }
    }
    int seen[NTASKS] = {0}, all[NTASKS], extra = 0, extras;
    int taken = 0;
    bool waited = false;
    int reported = 0, checked = 0, one_msg = 1, reporters;
    MPI_Request req = MPI_REQUEST_NULL;
    ladro_task_t t;
    while ((rc = ladro_next(lb, &t)) == LADRO_OK) {
        if (t.id < NTASKS)
            seen[t.id]++;
        else
            extra++;
        if (rank == 0 && !spawn && !waited) { /* in its first task: thieves first */
            waited = true;
            taken = wait_first_theft(lb);
        }
        if (t.id == SEED && rank == 0) { /* the root: its children, then thieves */
            for (int i = 0; i < NTASKS; i++) {
                ladro_task_t c = {.id = (uint64_t)i};
                CHECK_EQ(ladro_push(lb, &c), LADRO_OK);
            }
            taken = wait_first_theft(lb);
            continue;
        }
        if (t.id > SEED && t.id < CHILD) { /* another rank's seed: one child */
            ladro_task_t c = {.id = CHILD + (t.id - SEED)};
            CHECK_EQ(ladro_push(lb, &c), LADRO_OK);
        }
        if (rank != 0 && t.id < NTASKS && !checked++ && !spawn && !paper) {
            /* a thief's first task: the thief decided every amount so far (a claim)
             * before it ran a task, or a successonly grant (one by name), so every steal
             * so far took one */
            ladro_rank_stats_t ls;
            CHECK_EQ(ladro_stats_local(lb, &ls), LADRO_OK);
            CHECK(ls.steals_ok >= 1);
            CHECK_EQ(ls.tasks_stolen, ls.steals_ok);
        }
        if (rank != 0 && t.id < NTASKS && !reported && bigger_yet(lb, amount)) {
            reported = 1;
            MPI_Isend(&one_msg, 1, MPI_INT, 0, TAG_FIRST, MPI_COMM_WORLD, &req);
        }
        check_work(lb, 0.001, 0);
    }
    CHECK_EQ(rc, LADRO_DONE);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    reported = reported > 0;
    MPI_Allreduce(&reported, &reporters, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (; rank == 0 && taken < reporters; taken++)
        MPI_Recv(&one_msg, 1, MPI_INT, MPI_ANY_SOURCE, TAG_FIRST, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    MPI_Allreduce(seen, all, NTASKS, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (int i = 0; i < NTASKS; i++)
        CHECK_EQ(all[i], 1);
    MPI_Allreduce(&extra, &extras, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    CHECK_EQ(extras, spawn ? 2 * size - 1 : 0); /* the seeds and their children */
    ladro_stats_t st;
    CHECK_EQ(ladro_stats_gather(lb, &st), LADRO_OK);
    uint64_t ok = 0, moved = 0, run_elsewhere = 0;
    int bigger = 0; /* ranks where some steal took more than one task */
    for (int r = 0; r < size; r++) {
        const ladro_rank_stats_t *x = &st.ranks[r];
        if (amount == AMOUNT_ONE)
            CHECK_EQ(x->tasks_stolen, x->steals_ok);
        bigger += x->tasks_stolen > x->steals_ok;
        ok += x->steals_ok;
        moved += x->tasks_stolen;
        if (r != 0)
            run_elsewhere += x->tasks_run;
    }
    CHECK(ok > 0);
    CHECK(run_elsewhere > 0);
    if (amount == AMOUNT_MORE)
        CHECK(bigger > 0);
    CHECK_EQ(st.total.tasks_run, (uint64_t)NTASKS + (uint64_t)extras);
    if (rank == 0)
        printf("test_steal_amount: %s paper=%d%s: %llu steals moved %llu tasks; other ranks "
               "ran %llu\n", policy, paper, spawn ? ", spawning" : "", (unsigned long long)ok,
               (unsigned long long)moved, (unsigned long long)run_elsewhere);
    ladro_stats_free(&st);
    CHECK_EQ(ladro_destroy(&lb), LADRO_OK);
}

/* steal_guard=auto under a2ws: off while a rank's view is the whole ring (its default up
 * to 1 024 ranks), on once it is not (radius 1 at 4 ranks sees 3 of them). */
static void a2ws_guard_auto(int size)
{
    static const char *const radii[] = {"0", "1"};
    for (int i = 0; i < 2; i++) {
        ladro_config_t cfg;
        char err[256];
        ladro_config_init(&cfg);
        CHECK_EQ(ladro_config_set(&cfg, "policy", "a2ws", err, sizeof err), LADRO_OK);
        CHECK_EQ(ladro_config_set(&cfg, "radius", radii[i], err, sizeof err), LADRO_OK);
        ladro_t *lb = check_create(&cfg);
        bool partial = i == 1 && size >= 4;
        CHECK_EQ(ladro_config(lb)->steal_guard,
                 partial ? LADRO_STEAL_GUARD_PACE : LADRO_STEAL_GUARD_OFF);
        CHECK_EQ(ladro_destroy(&lb), LADRO_OK);
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    if (check_mpi_world(&rank, &size) || size < 2) {
        fprintf(stderr, "test_steal_amount: needs >= 2 ranks (got %d)\n", size);
        MPI_Finalize();
        return 1;
    }
    /* random, baseline and successonly: one task, spawning or not; random with paper=1:
     * half */
    run(rank, size, "random", false, false, AMOUNT_ONE);
    run(rank, size, "random", true, false, AMOUNT_MORE);
    static const char *const ones[] = {"baseline", "successonly"};
    for (size_t i = 0; i < sizeof ones / sizeof ones[0]; i++) {
        run(rank, size, ones[i], false, false, AMOUNT_ONE);
        run(rank, size, ones[i], false, true, AMOUNT_ONE);
    }
    /* the other stealing policies take several tasks that spawn none (ctws half,
     * smallworld a quarter), one task once a rank's tasks spawn (every steal of the
     * spawning run) */
    static const char *const halves[] = {"ctws", "smallworld"};
    for (size_t i = 0; i < sizeof halves / sizeof halves[0]; i++) {
        bool ctws = strcmp(halves[i], "ctws") == 0;
        run(rank, size, halves[i], false, false, ctws ? AMOUNT_EITHER : AMOUNT_MORE);
        run(rank, size, halves[i], false, true, AMOUNT_ONE);
    }
    /* paper=1: the papers' amount, spawning or not (the paper's ctws does not spawn:
     * ENOTSUP; baseline's and successonly's run by ladro_run, test_paper); only holders
     * steal there, so ctws's half is checked here */
    run(rank, size, "smallworld", true, true, AMOUNT_MORE);
    run(rank, size, "ctws", true, false, AMOUNT_MORE);
    a2ws_guard_auto(size);
    int fails = check_failures, any = 0;
    MPI_Allreduce(&fails, &any, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    int status = CHECK_REPORT("test_steal_amount");
    MPI_Finalize();
    return any ? 1 : status;
}
