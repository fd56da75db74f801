/* The C side of the Fortran module (src/fortran/ladro.F90): what iso_c_binding cannot
 * reach by itself. The module sees a configuration, a handle and gathered statistics
 * only as opaque pointers, so it never depends on the layout of ladro_config_t,
 * ladro_task_t or ladro_stats_t (this file is compiled against the header of the same
 * build). Communicators arrive as Fortran handles (the `mpi` module's integer, or
 * mpi_f08's MPI_Comm%MPI_VAL) and are converted with MPI_Comm_f2c. Text that C prints to
 * a FILE * comes back as a malloc'd string, which the module writes to a Fortran unit
 * (C's stdout and Fortran's units buffer apart, so mixing them would reorder lines). */
#include <ladro.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#define LADRO_F_API __attribute__((visibility("default")))
#else
#define LADRO_F_API
#endif

/* The summary ladro_stats_t gives the module's ladro_stats_t (a bind(C) type of the
 * same layout in ladro.F90). */
typedef struct ladro_f_summary {
    double makespan, lower_bound, efficiency, imbalance, idle_mean, idle_max;
    int64_t tasks_run, steals_tried, steals_ok, steals_failed, tasks_stolen, results_home;
    int32_t nranks, pad;
} ladro_f_summary_t;

LADRO_F_API ladro_config_t *ladro_f_config_new(void);
LADRO_F_API void ladro_f_config_reset(ladro_config_t *cfg);
LADRO_F_API void ladro_f_config_free(ladro_config_t *cfg);
LADRO_F_API char *ladro_f_config_text(const ladro_config_t *cfg, size_t *len);
LADRO_F_API int ladro_f_create(MPI_Fint comm, const ladro_config_t *cfg, ladro_t **out,
                               char *err, size_t errlen);
LADRO_F_API void ladro_f_sizes(const ladro_t *lb, size_t *task_bytes, size_t *result_bytes);
LADRO_F_API int ladro_f_push(ladro_t *lb, int64_t id, const void *payload);
LADRO_F_API int ladro_f_next(ladro_t *lb, int64_t *id, int32_t *origin, int32_t *moves,
                             void **payload);
LADRO_F_API int ladro_f_result_next(ladro_t *lb, int64_t *id, void *bytes);
LADRO_F_API int ladro_f_global_counts(const ladro_t *lb, int64_t *created,
                                      int64_t *completed);
LADRO_F_API int ladro_f_stats_gather(ladro_t *lb, ladro_stats_t **out,
                                     ladro_f_summary_t *sum);
LADRO_F_API void ladro_f_stats_free(ladro_stats_t *st);
LADRO_F_API char *ladro_f_stats_text(const ladro_stats_t *st, size_t *len);
LADRO_F_API void ladro_f_free(void *p);

ladro_config_t *ladro_f_config_new(void)
{
    ladro_config_t *cfg = malloc(sizeof *cfg);
    if (cfg)
        ladro_config_init(cfg);
    return cfg;
}

void ladro_f_config_reset(ladro_config_t *cfg)
{
    ladro_config_init(cfg);
}

void ladro_f_config_free(ladro_config_t *cfg)
{
    free(cfg);
}

/* What fn writes to a FILE *, as a malloc'd NUL-terminated string (NULL when out of
 * memory); *len its length. */
static char *ladro__capture(void (*fn)(FILE *, const void *), const void *arg, size_t *len)
{
    char *text = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&text, &n);
    if (!f) {
        *len = 0;
        return NULL;
    }
    fn(f, arg);
    if (fclose(f) != 0) {
        free(text);
        *len = 0;
        return NULL;
    }
    *len = n;
    return text;
}

static void ladro__print_config(FILE *out, const void *cfg)
{
    ladro_print_config(out, cfg);
}

static void ladro__print_stats(FILE *out, const void *st)
{
    ladro_stats_print(out, st, NULL);
}

char *ladro_f_config_text(const ladro_config_t *cfg, size_t *len)
{
    return ladro__capture(ladro__print_config, cfg, len);
}

char *ladro_f_stats_text(const ladro_stats_t *st, size_t *len)
{
    return ladro__capture(ladro__print_stats, st, len);
}

void ladro_f_free(void *p)
{
    free(p);
}

int ladro_f_create(MPI_Fint comm, const ladro_config_t *cfg, ladro_t **out, char *err,
                   size_t errlen)
{
    return ladro_create(MPI_Comm_f2c(comm), cfg, out, err, errlen);
}

void ladro_f_sizes(const ladro_t *lb, size_t *task_bytes, size_t *result_bytes)
{
    const ladro_config_t *cfg = ladro_config(lb);
    *task_bytes = cfg->task_bytes;
    *result_bytes = cfg->result_bytes;
}

/* Fortran has no unsigned integers: ids travel as int64_t, the same 64 bits. */
int ladro_f_push(ladro_t *lb, int64_t id, const void *payload)
{
    ladro_task_t t = {.id = (uint64_t)id, .payload = (void *)payload};
    return ladro_push(lb, &t);
}

int ladro_f_next(ladro_t *lb, int64_t *id, int32_t *origin, int32_t *moves, void **payload)
{
    ladro_task_t t = {0};
    int rc = ladro_next(lb, &t);
    *id = rc == LADRO_OK ? (int64_t)t.id : -1;
    *origin = rc == LADRO_OK ? t.origin : -1;
    *moves = rc == LADRO_OK ? (int32_t)t.moves : 0;
    *payload = rc == LADRO_OK ? t.payload : NULL;
    return rc;
}

int ladro_f_result_next(ladro_t *lb, int64_t *id, void *bytes)
{
    uint64_t u = 0;
    int rc = ladro_result_next(lb, &u, bytes);
    *id = rc == LADRO_OK ? (int64_t)u : -1;
    return rc;
}

int ladro_f_global_counts(const ladro_t *lb, int64_t *created, int64_t *completed)
{
    uint64_t c = 0, d = 0;
    int rc = ladro_global_counts(lb, &c, &d);
    *created = (int64_t)c;
    *completed = (int64_t)d;
    return rc;
}

int ladro_f_stats_gather(ladro_t *lb, ladro_stats_t **out, ladro_f_summary_t *sum)
{
    *out = NULL;
    memset(sum, 0, sizeof *sum);
    ladro_stats_t *st = calloc(1, sizeof *st);
    /* collective: every rank must call ladro_stats_gather, so a rank short of memory
     * still takes part, through a local struct, and reports LADRO_ENOMEM after */
    ladro_stats_t local = {0};
    int rc = ladro_stats_gather(lb, st ? st : &local);
    if (!st) {
        if (rc == LADRO_OK)
            ladro_stats_free(&local);
        return LADRO_ENOMEM;
    }
    if (rc != LADRO_OK) {
        free(st);
        return rc;
    }
    sum->makespan = st->makespan;
    sum->lower_bound = st->lower_bound;
    sum->efficiency = st->efficiency;
    sum->imbalance = st->imbalance;
    sum->idle_mean = st->idle_mean;
    sum->idle_max = st->idle_max;
    sum->tasks_run = (int64_t)st->total.tasks_run;
    sum->steals_tried = (int64_t)st->total.steals_tried;
    sum->steals_ok = (int64_t)st->total.steals_ok;
    sum->steals_failed = (int64_t)st->total.steals_failed;
    sum->tasks_stolen = (int64_t)st->total.tasks_stolen;
    sum->results_home = (int64_t)st->total.results_home;
    sum->nranks = st->nranks;
    *out = st;
    return LADRO_OK;
}

void ladro_f_stats_free(ladro_stats_t *st)
{
    if (st) {
        ladro_stats_free(st);
        free(st);
    }
}
