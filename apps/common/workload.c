/* Running the synthetic workload under MPI (ladro-synth, ladro-bench); see workload.h. */
#ifndef _DEFAULT_SOURCE /* smpicc defines it already */
#define _DEFAULT_SOURCE /* nanosleep */
#endif
#include "workload.h"

#include "app_cli.h" /* app_stderr_tty */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int wl_next_result(void *lb, uint64_t *id, void *bytes)
{
    return ladro_result_next(lb, id, bytes) != LADRO_OK;
}

bool wl_verify_results(ladro_t *lb, const wl_spec_t *w, const char *prog,
                       wl_results_check_t *out)
{
    int rank = ladro_rank(lb), size = ladro_size(lb);
    uint64_t ntasks = wl_ntasks(w, size), n = 0;
    wl_results_check_t mine = {0, 0, 0, 0};
    for (uint64_t id = 0; id < ntasks; id++) /* this rank's tasks, then their ids */
        n += wl_task_owner(w, id, ntasks, size) == rank;
    uint64_t *ids = malloc((n ? n : 1) * sizeof *ids);
    n = 0;
    if (!ids) {
        fprintf(stderr, "%s: rank %d: out of memory for the results check\n", prog, rank);
        mine.wrong = 1;
    }
    for (uint64_t id = 0; ids && id < ntasks; id++)
        if (wl_task_owner(w, id, ntasks, size) == rank)
            ids[n++] = id;
    if (ids)
        wl_check_owner_results(w, rank, ids, n, ladro_config(lb)->result_bytes, wl_next_result,
                               lb, prog, &mine);
    free(ids);
    uint64_t in[4] = {mine.received, mine.wrong, mine.missing, mine.bad_sums}, all[4];
    MPI_Allreduce(in, all, 4, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    out->received = all[0];
    out->wrong = all[1];
    out->missing = all[2];
    out->bad_sums = all[3];
    return all[0] == ntasks && all[1] == 0 && all[2] == 0 && all[3] == 0;
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

void wl_burn(ladro_t *lb, double secs, bool spin)
{
    /* Long tasks call ladro_progress about every millisecond (CTWS's updateList). */
    double start = now_s(), now = start;
    while (now - start < secs) {
        double left = secs - (now - start), slice = left < 1e-3 ? left : 1e-3;
        if (spin) {
            double end = now + slice;
            while (now_s() < end)
                ;
        } else {
            struct timespec ts = {0, (long)(slice * 1e9)};
            while (nanosleep(&ts, &ts) && errno == EINTR)
                ;
        }
        ladro_progress(lb);
        now = now_s();
    }
}

int wl_seed(ladro_t *lb, const wl_spec_t *w)
{
    int rank = ladro_rank(lb), size = ladro_size(lb), rc = 0;
    uint64_t ntasks = wl_ntasks(w, size);
    unsigned char *buf = malloc(w->payload);
    if (!buf)
        return LADRO_ENOMEM;
    for (uint64_t id = 0; id < ntasks && rc == 0; id++) {
        if (wl_task_owner(w, id, ntasks, size) != rank)
            continue;
        wl_fill_payload(buf, w->payload, id, wl_task_seconds(w, id));
        rc = ladro_push(lb, &(ladro_task_t){.id = id, .payload = buf});
    }
    free(buf);
    return rc;
}

/* One run's state shared by the tasks, which run on several threads when cfg.threads > 1:
 * counters are updated atomically. */
typedef struct wl_ctx {
    const wl_spec_t *w;
    uint32_t *seen;
    wl_result_t *res;
    uint64_t ntasks;
    size_t rb;
    double start;
    uint64_t shown_ms; /* progress line: last shown, ms after start (atomic) */
    bool show, tty;    /* tty: stderr is a terminal (the line is rewritten in place) */
} wl_ctx_t;

static void wl_progress_line(ladro_t *lb, wl_ctx_t *c)
{
    uint64_t was = __atomic_load_n(&c->shown_ms, __ATOMIC_RELAXED);
    uint64_t ms = (uint64_t)((now_s() - c->start) * 1e3);
    if (ms - was < 1000 ||
        !__atomic_compare_exchange_n(&c->shown_ms, &was, ms, false, __ATOMIC_RELAXED,
                                     __ATOMIC_RELAXED))
        return; /* not yet, or another thread shows it */
    uint64_t created, done;
    ladro_global_counts(lb, &created, &done);
    double el = ms * 1e-3, frac = c->ntasks ? (double)done / (double)c->ntasks : 0;
    const char *cr = c->tty ? "\r" : "", *end = c->tty ? "   " : "\n";
    if (done > 0)
        fprintf(stderr, "%s%s: %llu/%llu tasks done (%.1f%%), %.1f s, ETA %.1f s%s", cr,
                c->w->progress, (unsigned long long)done, (unsigned long long)c->ntasks,
                100 * frac, el, el * (1 - frac) / frac + c->w->progress_after_s, end);
    else
        fprintf(stderr, "%s%s: %.1f s, no task completed yet%s", cr, c->w->progress, el, end);
}

static int wl_task(ladro_t *lb, const ladro_task_t *t, void *arg)
{
    wl_ctx_t *c = arg;
    const wl_spec_t *w = c->w;
    if (c->show)
        wl_progress_line(lb, c);
    double secs;
    memcpy(&secs, t->payload, 8);
    if (!wl_check_payload(t->payload, w->payload, t->id))
        __atomic_fetch_add(&c->res->corrupt, 1, __ATOMIC_RELAXED);
    if (c->rb) {
        unsigned char *out = malloc(c->rb);
        int rc = out ? LADRO_OK : LADRO_ENOMEM;
        if (out) {
            wl_task_result(t->payload, w->payload, t->id, out, c->rb);
            rc = ladro_result(lb, out);
            free(out);
        }
        if (rc)
            return rc;
    }
    if (t->id >= c->ntasks)
        __atomic_fetch_add(&c->res->out_of_range, 1, __ATOMIC_RELAXED);
    else if (c->seen)
        __atomic_fetch_add(&c->seen[t->id], 1, __ATOMIC_RELAXED);
    wl_burn(lb, secs, w->spin);
    return 0;
}

int wl_run(ladro_t *lb, const wl_spec_t *w, uint32_t *seen, wl_result_t *res)
{
    memset(res, 0, sizeof *res);
    wl_ctx_t c = {.w = w, .seen = seen, .res = res, .ntasks = wl_ntasks(w, ladro_size(lb)),
                  .rb = ladro_config(lb)->result_bytes, .start = now_s(),
                  .show = w->progress && ladro_rank(lb) == 0, .tty = ladro_rank(lb) == 0 && app_stderr_tty()};
    /* ladro_run: ladro_next's loop with one thread, cfg.threads workers otherwise */
    int rc = ladro_run(lb, wl_task, &c);
    if (c.show && c.tty && c.shown_ms > 0)
        fprintf(stderr, "\r\033[K"); /* the caller's next line takes its place */
    return rc == LADRO_OK ? LADRO_DONE : rc;
}

bool wl_verify(MPI_Comm comm, const char *prog, const uint32_t *seen, uint64_t ntasks,
               uint64_t *missing, uint64_t *dup)
{
    int rank;
    MPI_Comm_rank(comm, &rank);
    uint32_t *all = rank == 0 ? calloc(ntasks ? ntasks : 1, sizeof *all) : NULL;
    int ok = 1;
    if (rank == 0 && !all) {
        fprintf(stderr, "%s: out of memory for the exactly-once check\n", prog);
        ok = 0;
    }
    for (uint64_t off = 0; off < ntasks; off += 1u << 24) { /* int counts */
        int n = (int)(ntasks - off < (1u << 24) ? ntasks - off : (1u << 24));
        MPI_Reduce(seen + off, all ? all + off : NULL, n, MPI_UINT32_T, MPI_SUM, 0, comm);
    }
    uint64_t counts[2] = {0, 0};
    if (rank == 0 && all) {
        for (uint64_t i = 0; i < ntasks; i++) {
            if (all[i] == 0) {
                if (counts[0]++ < 5)
                    fprintf(stderr, "%s: task %llu never ran\n", prog, (unsigned long long)i);
            } else if (all[i] > 1) {
                if (counts[1]++ < 5)
                    fprintf(stderr, "%s: task %llu ran %u times\n", prog,
                            (unsigned long long)i, all[i]);
            }
        }
        ok = counts[0] == 0 && counts[1] == 0;
    }
    free(all);
    MPI_Bcast(counts, 2, MPI_UINT64_T, 0, comm);
    MPI_Bcast(&ok, 1, MPI_INT, 0, comm);
    *missing = counts[0];
    *dup = counts[1];
    return ok != 0;
}
