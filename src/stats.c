/* Statistics in the vocabulary of docs/architecture.md §Measurements. Every field comes
 * from one list, LADROI_STATS_FIELDS (stats.h), plus the policy's named counters
 * (its ops table): the gather, ladro_stats_field, the JSON/CSV writers and the printout
 * walk them, so a new field or counter is added in one place. */
#include "stats.h"
#include "ladro_int.h"
#include "policy.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { LADRO__U64, LADRO__DBL };

typedef struct ladro__field {
    const char *name;
    size_t off;
    int type, gather;
    bool summary;
} ladro__field_t;

static const ladro__field_t ladro__fields[] = {
#define LADRO__ROW(f, ty, g, name, sum)                                                    \
    {name, offsetof(ladro_rank_stats_t, f), LADRO__##ty, LADROI_##g, sum},
    LADROI_STATS_FIELDS(LADRO__ROW)
#undef LADRO__ROW
};
#define LADRO__NFIELDS (sizeof ladro__fields / sizeof ladro__fields[0])

/* The summary's derived measures, first in the summary's columns. */
static const char *const ladro__derived[] = {"ranks", "makespan", "lower_bound", "efficiency",
                                             "imbalance", "idle_mean", "idle_max",
                                             "steal_us"};
#define LADRO__NDERIVED (sizeof ladro__derived / sizeof ladro__derived[0])

/* One output column: a name and a value, integral (u) or not (d). */
typedef struct ladro__col {
    const char *name;
    bool integral, counter;
    uint64_t u;
    double d;
} ladro__col_t;

static uint64_t ladro__u64(const ladro_rank_stats_t *x, const ladro__field_t *f)
{
    uint64_t v;
    memcpy(&v, (const char *)x + f->off, sizeof v);
    return v;
}

static double ladro__dbl(const ladro_rank_stats_t *x, const ladro__field_t *f)
{
    double v;
    memcpy(&v, (const char *)x + f->off, sizeof v);
    return v;
}

/* Workers of a rank (1 for statistics made before the field existed). */
static uint64_t ladro__threads(const ladro_rank_stats_t *x)
{
    return x->threads ? x->threads : 1;
}

int ladro_stats_local(const ladro_t *lb, ladro_rank_stats_t *out)
{
    if (!lb)
        return LADRO_EINVAL;
    if (!out) /* the message is not part of what const protects (as errno) */
        return ladroi_fail((ladro_t *)lb, LADRO_EINVAL, "ladro_stats_local: out is NULL");
    *out = lb->st;
    if (lb->state != LADROI_DONE) {
        out->wall_s = ladroi_net_now() - lb->t0;
        out->idle_s = (double)out->threads * out->wall_s - out->busy_s;
        out->term_waves = lb->term.waves;
    }
    return LADRO_OK;
}

/* t = t (+ or max) x, field by field, counter by counter. */
static void ladro__accumulate(ladro_rank_stats_t *t, const ladro_rank_stats_t *x,
                              const ladroi_policy_ops_t *ops)
{
    for (size_t i = 0; i < LADRO__NFIELDS; i++) {
        const ladro__field_t *f = &ladro__fields[i];
        char *p = (char *)t + f->off;
        if (f->type == LADRO__U64) {
            uint64_t a = ladro__u64(t, f), b = ladro__u64(x, f);
            uint64_t v = f->gather == LADROI_SUM ? a + b : a > b ? a : b;
            memcpy(p, &v, sizeof v);
        } else {
            double a = ladro__dbl(t, f), b = ladro__dbl(x, f);
            double v = f->gather == LADROI_SUM ? a + b : a > b ? a : b;
            memcpy(p, &v, sizeof v);
        }
    }
    for (size_t i = 0; i < ops->ncounters && i < LADRO_STATS_COUNTERS_MAX; i++)
        t->counters[i] = ops->counters[i].gather == LADROI_SUM
                             ? t->counters[i] + x->counters[i]
                             : fmax(t->counters[i], x->counters[i]);
}

int ladro_stats_gather(ladro_t *lb, ladro_stats_t *st)
{
    if (!lb)
        return LADRO_EINVAL;
    if (!st)
        return ladroi_fail(lb, LADRO_EINVAL, "ladro_stats_gather: st is NULL");
    memset(st, 0, sizeof *st);
    ladro_rank_stats_t mine;
    ladro_stats_local(lb, &mine);
    st->ranks = calloc((size_t)lb->size, sizeof *st->ranks);
    int all_ok = ladroi_net_agree(lb, lb->comm, st->ranks ? LADRO_OK : LADRO_ENOMEM);
    if (all_ok != LADRO_OK) {
        free(st->ranks);
        st->ranks = NULL;
        return ladroi_fail(lb, LADRO_ENOMEM, "ladro_stats_gather: out of memory");
    }
    int rc = ladroi_net_allgather(lb, lb->comm, &mine, sizeof mine, st->ranks);
    if (rc)
        return rc;
    const ladroi_policy_ops_t *ops = lb->policy;
    st->struct_size = sizeof *st;
    st->nranks = lb->size;
    snprintf(st->policy, sizeof st->policy, "%s", ops->name);
    st->ncounters = (int)(ops->ncounters < LADRO_STATS_COUNTERS_MAX ? ops->ncounters
                                                                    : LADRO_STATS_COUNTERS_MAX);
    for (int i = 0; i < st->ncounters; i++)
        st->counter_names[i] = ops->counters[i].name;
    ladro_rank_stats_t *t = &st->total;
    t->struct_size = sizeof *t;
    double busy_max = 0, busy_sum = 0; /* busy time per worker of each rank */
    for (int r = 0; r < lb->size; r++) {
        ladro__accumulate(t, &st->ranks[r], ops);
        double b = st->ranks[r].busy_s / (double)ladro__threads(&st->ranks[r]);
        busy_max = fmax(busy_max, b);
        busy_sum += b;
    }
    st->makespan = t->wall_s;
    /* Fluid bound over every worker (speed x threads per rank), and no faster than the
     * longest task on the fastest rank (speed 1). */
    double capacity = 0;
    for (int r = 0; r < lb->size; r++)
        capacity += st->ranks[r].speed * (double)ladro__threads(&st->ranks[r]);
    st->lower_bound = capacity > 0 ? t->work_s / capacity : 0;
    if (t->max_task_s > st->lower_bound)
        st->lower_bound = t->max_task_s;
    st->efficiency = st->makespan > 0 ? st->lower_bound / st->makespan : 0;
    st->imbalance = busy_max > 0 ? (busy_max - busy_sum / lb->size) / busy_max : 0;
    for (int r = 0; r < lb->size; r++) {
        double span = st->makespan * (double)ladro__threads(&st->ranks[r]);
        double f = span > 0 ? (span - st->ranks[r].busy_s) / span : 0;
        st->idle_mean += f / lb->size;
        if (f > st->idle_max)
            st->idle_max = f;
    }
    return LADRO_OK;
}

void ladro_stats_free(ladro_stats_t *st)
{
    if (st) {
        free(st->ranks);
        st->ranks = NULL;
    }
}

static bool ladro__valid(const ladro_stats_t *st, int rank)
{
    return st && st->struct_size == sizeof *st && st->ncounters >= 0 &&
           st->ncounters <= LADRO_STATS_COUNTERS_MAX && rank < st->nranks &&
           (rank < 0 || st->ranks);
}

double ladro_stats_steal_latency(const ladro_stats_t *st)
{
    if (!st || st->total.steals_tried == 0)
        return 0.0;
    return st->total.steal_time_s / (double)st->total.steals_tried;
}

int ladro_stats_counter(const ladro_stats_t *st, const char *name, double *value)
{
    if (!ladro__valid(st, -1) || !name || !value)
        return LADRO_EINVAL;
    for (int i = 0; i < st->ncounters; i++)
        if (st->counter_names[i] && strcmp(st->counter_names[i], name) == 0) {
            *value = st->total.counters[i];
            return LADRO_OK;
        }
    return LADRO_EINVAL;
}

/* Column i of the summary (rank < 0) or of one rank: derived measures (summary only),
 * the core's fields, the policy's counters. false past the last. */
static bool ladro__column(const ladro_stats_t *st, int rank, size_t i, ladro__col_t *c)
{
    const ladro_rank_stats_t *x = rank < 0 ? &st->total : &st->ranks[rank];
    memset(c, 0, sizeof *c);
    if (rank < 0) {
        if (i < LADRO__NDERIVED) {
            const double d[LADRO__NDERIVED] = {
                st->nranks, st->makespan, st->lower_bound, st->efficiency, st->imbalance,
                st->idle_mean, st->idle_max, 1e6 * ladro_stats_steal_latency(st)};
            c->name = ladro__derived[i];
            c->d = d[i];
            c->integral = i == 0;
            c->u = (uint64_t)st->nranks;
            return true;
        }
        i -= LADRO__NDERIVED;
    }
    for (size_t k = 0; k < LADRO__NFIELDS; k++) {
        const ladro__field_t *f = &ladro__fields[k];
        if (rank < 0 && !f->summary)
            continue;
        if (i-- > 0)
            continue;
        c->name = f->name;
        c->integral = f->type == LADRO__U64;
        if (c->integral) {
            c->u = ladro__u64(x, f);
            c->d = (double)c->u;
        } else
            c->d = ladro__dbl(x, f);
        return true;
    }
    if (i >= (size_t)st->ncounters)
        return false;
    c->name = st->counter_names[i];
    c->counter = true;
    c->d = x->counters[i];
    c->integral = c->d == floor(c->d) && fabs(c->d) < 9e15;
    c->u = c->integral ? (uint64_t)c->d : 0;
    return true;
}

int ladro_stats_field(const ladro_stats_t *st, int rank, size_t i, const char **name,
                      double *value)
{
    ladro__col_t c;
    if (!ladro__valid(st, rank) || !name || !value || !ladro__column(st, rank, i, &c))
        return LADRO_EINVAL;
    *name = c.name;
    *value = c.d;
    return LADRO_OK;
}

static void ladro__value(FILE *out, const ladro__col_t *c)
{
    if (c->integral)
        fprintf(out, "%llu", (unsigned long long)c->u);
    else
        fprintf(out, "%.6f", c->d);
}

int ladro_stats_write(FILE *out, const ladro_stats_t *st, int rank, int format)
{
    ladro_stats_t none = {.struct_size = sizeof none}; /* a header needs no statistics */
    if (!st && format == LADRO_STATS_CSV_HEADER)
        st = &none;
    if (!out || !ladro__valid(st, rank) ||
        (format != LADRO_STATS_JSON && format != LADRO_STATS_CSV &&
         format != LADRO_STATS_CSV_HEADER))
        return LADRO_EINVAL;
    ladro__col_t c;
    bool counters = false; /* CSV: inside the policy_counters column */
    for (size_t i = 0; ladro__column(st, rank, i, &c); i++) {
        if (format == LADRO_STATS_JSON) {
            fprintf(out, "%s\"%s\": ", i ? ", " : "", c.name);
            ladro__value(out, &c);
        } else if (c.counter) {
            if (!counters && format == LADRO_STATS_CSV_HEADER)
                fprintf(out, ",policy_counters");
            if (format == LADRO_STATS_CSV) {
                fprintf(out, "%s%s=", counters ? ";" : ",", c.name);
                ladro__value(out, &c);
            }
            counters = true;
        } else if (format == LADRO_STATS_CSV_HEADER)
            fprintf(out, "%s%s", i ? "," : "", c.name);
        else {
            fprintf(out, "%s", i ? "," : "");
            ladro__value(out, &c);
        }
    }
    if (!counters && format != LADRO_STATS_JSON) /* the same columns under every policy */
        fprintf(out, format == LADRO_STATS_CSV_HEADER ? ",policy_counters" : ",");
    return ferror(out) ? LADRO_EIO : LADRO_OK;
}

void ladro_stats_print(FILE *out, const ladro_stats_t *st, const char *policy)
{
    if (!ladro__valid(st, -1)) {
        fprintf(out, "ladro_stats_print: statistics not filled by ladro_stats_gather\n");
        return;
    }
    const ladro_rank_stats_t *t = &st->total;
    fprintf(out, "policy %-12s ranks %d  tasks %llu  makespan %.4f s  lower bound %.4f s  "
            "efficiency %.3f\n", policy ? policy : st->policy, st->nranks,
            (unsigned long long)t->tasks_run, st->makespan, st->lower_bound, st->efficiency);
    fprintf(out, "  idle mean %.1f%%  max %.1f%%  imbalance %.3f  steals %llu ok / %llu "
            "failed (%llu tried, %.1f us each)  tasks moved %llu  stolen twice %llu  waves "
            "%llu (done %.1f ms after the last task)\n", 100 * st->idle_mean,
            100 * st->idle_max, st->imbalance,
            (unsigned long long)t->steals_ok, (unsigned long long)t->steals_failed,
            (unsigned long long)t->steals_tried, 1e6 * ladro_stats_steal_latency(st),
            (unsigned long long)t->tasks_stolen, (unsigned long long)t->tasks_stolen_twice,
            (unsigned long long)t->term_waves, 1e3 * (st->makespan - t->last_task_end_s));
    if (t->result_msgs > 0 || t->result_chunks > 0) /* results routing (src/results.c) */
        fprintf(out, "  results: %llu chunks routed, %llu messages (%.3f per chunk, %.2f "
                "records each), %llu bytes; route mean %.2f hops, max %llu\n",
                (unsigned long long)t->result_chunks, (unsigned long long)t->result_msgs,
                t->result_chunks ? (double)t->result_msgs / (double)t->result_chunks : 0.0,
                t->result_msgs ? (double)t->result_records_sent / (double)t->result_msgs : 0.0,
                (unsigned long long)t->result_bytes_sent,
                t->results_home ? (double)t->route_hops / (double)t->results_home : 0.0,
                (unsigned long long)t->route_hops_max);
    if (t->threads > (uint64_t)st->nranks) /* threads inside ranks (src/threads.c) */
        fprintf(out, "  threads: %llu workers; %llu tasks taken from sibling workers (%llu "
                "races retried); busiest worker ran %llu tasks\n",
                (unsigned long long)t->threads, (unsigned long long)t->worker_steals,
                (unsigned long long)t->worker_steal_races,
                (unsigned long long)t->worker_tasks_max);
    if (t->journal_syncs > 0 || t->journal_done > 0) /* the journal (src/journal.c) */
        fprintf(out, "  journal: %llu tasks taken from it as completed, %llu run again; "
                "%llu commits, %llu bytes (%.1f per task run)\n",
                (unsigned long long)t->journal_done, (unsigned long long)t->journal_reruns,
                (unsigned long long)t->journal_syncs, (unsigned long long)t->journal_bytes,
                t->tasks_run ? (double)t->journal_bytes / (double)t->tasks_run : 0.0);
    const ladroi_policy_ops_t *ops = ladroi_policy_find(st->policy);
    if (ops && ops->print_stats) {
        ops->print_stats(out, st);
    } else if (st->ncounters > 0) {
        fprintf(out, "  %s:", st->policy);
        for (int i = 0; i < st->ncounters; i++)
            fprintf(out, " %s %.6g", st->counter_names[i], t->counters[i]);
        fprintf(out, "\n");
    }
}
