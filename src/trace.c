/* Task traces (cfg.trace = path; off and free when empty).
 *
 * Each rank buffers spans (task, idle, steal attempt) and instants (policy messages,
 * termination) in memory with its local monotonic clock. At ladro_create the ranks
 * estimate their clock offset to rank 0 by ping-pong (the round of smallest round trip
 * wins), so every time written is seconds since rank 0's start of the makespan. At
 * ladro_destroy rank 0 gathers every rank's buffer and writes one file, in the format
 * the path's extension names:
 *   .paje / .trace  Paje (ViTE, pj_dump): one container per rank, nested states
 *                   (task from rank r / idle / steal), links for successful steals;
 *                   with threads > 1 one container per worker inside its rank's, for
 *                   the tasks (the rank's own keeps idle, steals and messages)
 *   .json           Chrome trace-event JSON (Perfetto, chrome://tracing): a row per
 *                   rank, and with threads > 1 a row per worker under it
 *   .csv            one line per record (ladro-gantt reads it); column `worker` names
 *                   the worker that ran a task with threads > 1 (-1 otherwise)
 * The file is written to a temporary name and renamed, so a failed write leaves
 * nothing half-written. Nothing here runs between the makespan's start and
 * LADRO_DONE except the appends of ladroi_trace_add. */
#include "trace.h"
#include "ladro_int.h"

#include <inttypes.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LADROI_TRACE_MAX_EVENTS (4u << 20) /* per rank: 4 Mi records, 160 MiB */

static const char *const ladro__msg_names[LADROI_MSG_N] = {
    "token", "info", "request", "reply", "result", "other", "wave", "wave_end",
};

int ladroi_trace_format(const char *path)
{
    const char *dot = strrchr(path, '.');
    if (!dot)
        return -1;
    if (!strcmp(dot, ".paje") || !strcmp(dot, ".trace"))
        return LADROI_TRACE_PAJE;
    if (!strcmp(dot, ".json"))
        return LADROI_TRACE_JSON;
    if (!strcmp(dot, ".csv"))
        return LADROI_TRACE_CSV;
    return -1;
}

/* Collective over lb->comm when tracing: clock offsets, writability of the path. */
int ladroi_trace_init(ladro_t *lb)
{
    ladroi_trace_t *tr = &lb->trace;
    memset(tr, 0, sizeof *tr);
    if (!lb->cfg.trace[0])
        return LADRO_OK;
    tr->fmt = ladroi_trace_format(lb->cfg.trace);
    int rc = ladroi_net_chan_dup(lb, lb->comm, &tr->comm);
    if (rc)
        return rc;
    int ok = 1;
    if (lb->rank == 0) { /* fail now, not after a long run */
        char tmp[LADRO_PATH_MAX + 32];
        snprintf(tmp, sizeof tmp, "%s.tmp%ld", lb->cfg.trace, (long)getpid());
        FILE *f = fopen(tmp, "w");
        if (!f)
            ladroi_fail(lb, LADRO_EIO, "trace '%s': cannot write there: %s", lb->cfg.trace,
                        strerror(errno));
        else
            fclose(f), remove(tmp);
        ok = f != NULL;
    }
    if ((rc = ladroi_net_bcast(lb, tr->comm, &ok, sizeof ok, 0)) != 0)
        return rc;
    if (!ok)
        return lb->rank == 0 ? LADRO_EIO
                             : ladroi_fail(lb, LADRO_EIO, "trace '%s': rank 0 cannot write "
                                           "there", lb->cfg.trace);
    /* Clock offset to rank 0: 4 ping-pongs per rank, keep the smallest round trip; none
     * with one clock for all (the simulated engine: there the ping-pongs, O(P) on rank 0,
     * would also change the run's start and so the run that is traced). */
    double off = 0, best = INFINITY;
    for (int r = 1; r < lb->size && !ladroi_net_clock_global(); r++) {
        for (int k = 0; k < 4; k++) {
            if (lb->rank == 0) {
                double t;
                if ((rc = ladroi_net_recv(lb, tr->comm, &t, sizeof t, r, 7, NULL)) != 0)
                    return rc;
                t = ladroi_net_now();
                if ((rc = ladroi_net_send(lb, tr->comm, &t, sizeof t, r, 7)) != 0)
                    return rc;
            } else if (lb->rank == r) {
                double a = ladroi_net_now(), b;
                if ((rc = ladroi_net_send(lb, tr->comm, &a, sizeof a, 0, 7)) != 0 ||
                    (rc = ladroi_net_recv(lb, tr->comm, &b, sizeof b, 0, 7, NULL)) != 0)
                    return rc;
                double c = ladroi_net_now();
                if (c - a < best)
                    best = c - a, off = b - 0.5 * (a + c);
            }
        }
    }
    tr->offset = off;
    tr->cap = 1024;
    tr->ev = malloc(tr->cap * sizeof *tr->ev);
    if (!tr->ev)
        return ladroi_fail(lb, LADRO_ENOMEM, "trace: out of memory");
    tr->on = true;
    return LADRO_OK;
}

void ladroi_trace_fini(ladroi_trace_t *tr)
{
    free(tr->ev);
    tr->ev = NULL;
    tr->on = false;
    ladroi_net_chan_free(&tr->comm);
}

void ladroi_trace_add(ladro_t *lb, unsigned kind, double t0, double t1, uint64_t id,
                      int peer, uint32_t n)
{
    ladroi_trace_t *tr = &lb->trace;
    if (tr->n == tr->cap) {
        size_t cap = tr->cap * 2;
        ladroi_tev_t *ev = cap <= LADROI_TRACE_MAX_EVENTS ? realloc(tr->ev, cap * sizeof *ev)
                                                          : NULL;
        if (!ev) {
            tr->dropped++;
            return;
        }
        tr->ev = ev;
        tr->cap = cap;
    }
    /* a task's record names the worker that ran it (threads > 1); the rest is the rank's */
    int32_t worker = kind == LADROI_TEV_TASK ? lb->trace_worker - 1 : -1;
    tr->ev[tr->n++] = (ladroi_tev_t){.t0 = t0, .t1 = t1, .id = id, .rank = lb->rank,
                                     .peer = peer, .kind = kind, .n = n, .worker = worker};
}

/* ---- writers (rank 0) ------------------------------------------------------------- */
void ladroi_hue(int i, int n, double rgb[3])
{
    /* Evenly spaced hues, muted: distinct for neighbouring ranks at small n. */
    double h = 6.0 * i / (n > 1 ? n : 1), x = 1 - fabs(fmod(h, 2) - 1);
    int s = (int)h % 6;
    double r = 0, g = 0, b = 0;
    switch (s) {
    case 0: r = 1, g = x; break;
    case 1: r = x, g = 1; break;
    case 2: g = 1, b = x; break;
    case 3: g = x, b = 1; break;
    case 4: r = x, b = 1; break;
    default: r = 1, b = x; break;
    }
    rgb[0] = 0.25 + 0.65 * r;
    rgb[1] = 0.25 + 0.65 * g;
    rgb[2] = 0.25 + 0.65 * b;
}

static int ladro__cmp_t0(const void *a, const void *b)
{
    const ladroi_tev_t *x = a, *y = b;
    if (x->t0 != y->t0)
        return x->t0 < y->t0 ? -1 : 1;
    return (x->rank > y->rank) - (x->rank < y->rank);
}

/* Rows of the JSON and Paje outputs: per rank its own, then nw workers (nw = 0: one
 * thread per rank, one row). */
static int ladro__row(const ladroi_tev_t *e, int nw)
{
    return e->rank * (nw + 1) + (nw > 0 && e->worker >= 0 ? e->worker + 1 : 0);
}

static void ladro__write_csv(FILE *f, const ladroi_tev_t *ev, size_t n, int nranks, int nw)
{
    static const char *const kinds[] = {"task", "idle", "steal", "msg", "done"};
    fprintf(f, "# ladro trace, %d ranks, %d worker threads per rank, times in seconds since "
               "the start of the makespan\n"
               "kind,rank,start,end,task_id,peer,count,what,worker\n", nranks,
            nw > 0 ? nw : 1);
    for (size_t i = 0; i < n; i++) {
        const ladroi_tev_t *e = &ev[i];
        const char *what = "";
        if (e->kind == LADROI_TEV_MSG)
            what = e->n < LADROI_MSG_N ? ladro__msg_names[e->n] : "other";
        else if (e->kind == LADROI_TEV_STEAL)
            what = e->n ? "ok" : "failed";
        else if (e->kind == LADROI_TEV_TASK)
            what = e->peer == e->rank ? "local" : "stolen";
        fprintf(f, "%s,%d,%.9f,%.9f,%llu,%d,%u,%s,%d\n", kinds[e->kind], e->rank, e->t0,
                e->t1, (unsigned long long)e->id, e->peer, e->n, what, e->worker);
    }
}

static void ladro__write_json(FILE *f, const ladroi_tev_t *ev, size_t n, int nranks, int nw)
{
    fprintf(f, "{\"displayTimeUnit\": \"ms\", \"traceEvents\": [\n"
               "{\"name\": \"process_name\", \"ph\": \"M\", \"pid\": 0, \"args\": "
               "{\"name\": \"ladro\"}}");
    for (int r = 0; r < nranks; r++)
        for (int w = -1; w < nw; w++) {
            fprintf(f, ",\n{\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 0, "
                       "\"tid\": %d, \"args\": {\"name\": \"rank %d", r * (nw + 1) + w + 1, r);
            if (w >= 0)
                fprintf(f, " worker %d", w);
            fprintf(f, "\"}}");
        }
    for (size_t i = 0; i < n; i++) {
        const ladroi_tev_t *e = &ev[i];
        double ts = e->t0 * 1e6, dur = (e->t1 - e->t0) * 1e6;
        int row = ladro__row(e, nw);
        switch (e->kind) {
        case LADROI_TEV_TASK:
            fprintf(f, ",\n{\"name\": \"task %llu\", \"cat\": \"%s\", \"ph\": \"X\", "
                       "\"ts\": %.3f, \"dur\": %.3f, \"pid\": 0, \"tid\": %d, \"args\": "
                       "{\"id\": %llu, \"origin\": %d, \"moves\": %u}}",
                    (unsigned long long)e->id, e->peer == e->rank ? "task" : "stolen task", ts,
                    dur, row, (unsigned long long)e->id, e->peer, e->n);
            break;
        case LADROI_TEV_IDLE:
            fprintf(f, ",\n{\"name\": \"idle\", \"cat\": \"idle\", \"ph\": \"X\", \"ts\": %.3f, "
                       "\"dur\": %.3f, \"pid\": 0, \"tid\": %d}", ts, dur, row);
            break;
        case LADROI_TEV_STEAL:
            fprintf(f, ",\n{\"name\": \"steal %s\", \"cat\": \"steal\", \"ph\": \"X\", "
                       "\"ts\": %.3f, \"dur\": %.3f, \"pid\": 0, \"tid\": %d, \"args\": "
                       "{\"victim\": %d, \"tasks\": %u}}", e->n ? "ok" : "failed", ts, dur,
                    row, e->peer, e->n);
            break;
        case LADROI_TEV_MSG:
            fprintf(f, ",\n{\"name\": \"%s\", \"cat\": \"message\", \"ph\": \"i\", \"s\": "
                       "\"t\", \"ts\": %.3f, \"pid\": 0, \"tid\": %d, \"args\": {\"peer\": %d}}",
                    e->n < LADROI_MSG_N ? ladro__msg_names[e->n] : "other", ts, row,
                    e->peer);
            break;
        default:
            fprintf(f, ",\n{\"name\": \"done\", \"cat\": \"termination\", \"ph\": \"i\", "
                       "\"s\": \"t\", \"ts\": %.3f, \"pid\": 0, \"tid\": %d}", ts, row);
            break;
        }
    }
    fprintf(f, "\n]}\n");
}

/* Paje needs one time-ordered stream in which the states of a container nest. */
typedef struct ladro_edge {
    double t, len;
    const ladroi_tev_t *e;
    int what; /* 0 pop, 1 push, 2 link end, 3 link start, 4 event */
} ladro_edge_t;

static int ladro__cmp_edge(const void *a, const void *b)
{
    const ladro_edge_t *x = a, *y = b;
    if (x->t != y->t)
        return x->t < y->t ? -1 : 1;
    /* same time: closes before opens; outer opens first, inner closes first */
    int kx = x->what == 1 || x->what == 3, ky = y->what == 1 || y->what == 3;
    if (kx != ky)
        return kx - ky;
    if (x->what == 1 && y->what == 1 && x->len != y->len)
        return x->len > y->len ? -1 : 1;
    if (x->what == 0 && y->what == 0 && x->e->t0 != y->e->t0)
        return x->e->t0 > y->e->t0 ? -1 : 1;
    return (x < y) ? -1 : (x > y); /* stable: input order */
}

static const char ladro__paje_header[] =
    "%EventDef PajeDefineContainerType 0\n% Alias string\n% Type string\n% Name string\n"
    "%EndEventDef\n"
    "%EventDef PajeDefineStateType 1\n% Alias string\n% Type string\n% Name string\n"
    "%EndEventDef\n"
    "%EventDef PajeDefineEntityValue 2\n% Alias string\n% Type string\n% Name string\n"
    "% Color color\n%EndEventDef\n"
    "%EventDef PajeCreateContainer 3\n% Time date\n% Alias string\n% Type string\n"
    "% Container string\n% Name string\n%EndEventDef\n"
    "%EventDef PajeDestroyContainer 4\n% Time date\n% Type string\n% Name string\n"
    "%EndEventDef\n"
    "%EventDef PajePushState 5\n% Time date\n% Type string\n% Container string\n"
    "% Value string\n%EndEventDef\n"
    "%EventDef PajePopState 6\n% Time date\n% Type string\n% Container string\n"
    "%EndEventDef\n"
    "%EventDef PajeDefineLinkType 7\n% Alias string\n% Type string\n"
    "% StartContainerType string\n% EndContainerType string\n% Name string\n%EndEventDef\n"
    "%EventDef PajeStartLink 8\n% Time date\n% Type string\n% Container string\n"
    "% StartContainer string\n% Value string\n% Key string\n%EndEventDef\n"
    "%EventDef PajeEndLink 9\n% Time date\n% Type string\n% Container string\n"
    "% EndContainer string\n% Value string\n% Key string\n%EndEventDef\n"
    "%EventDef PajeDefineEventType 10\n% Alias string\n% Type string\n% Name string\n"
    "%EndEventDef\n"
    "%EventDef PajeNewEvent 11\n% Time date\n% Type string\n% Container string\n"
    "% Value string\n%EndEventDef\n";

/* The container of a record: its rank's, or with workers a task's worker's. */
static void ladro__paje_cont(char *buf, size_t len, const ladroi_tev_t *e, int nw)
{
    if (nw > 0 && e->kind == LADROI_TEV_TASK && e->worker >= 0)
        snprintf(buf, len, "r%dw%d", e->rank, e->worker);
    else
        snprintf(buf, len, "r%d", e->rank);
}

/* The records' edges in time order (*m of them): a state's push and pop, a steal's link
 * start and end, an event; *tmax the last time. NULL when out of memory. */
static ladro_edge_t *ladro__paje_edges(const ladroi_tev_t *ev, size_t n, size_t *m,
                                       double *tmax)
{
    ladro_edge_t *ed = malloc((4 * n + 1) * sizeof *ed); /* push+pop, link start+end */
    if (!ed)
        return NULL;
    *m = 0;
    *tmax = 0;
    for (size_t i = 0; i < n; i++) {
        const ladroi_tev_t *e = &ev[i];
        *tmax = fmax(*tmax, e->t1);
        if (e->kind == LADROI_TEV_MSG || e->kind == LADROI_TEV_DONE) {
            ed[(*m)++] = (ladro_edge_t){e->t0, 0, e, 4};
        } else if (e->t1 > e->t0) { /* zero-length states carry nothing */
            ed[(*m)++] = (ladro_edge_t){e->t0, e->t1 - e->t0, e, 1};
            ed[(*m)++] = (ladro_edge_t){e->t1, e->t1 - e->t0, e, 0};
            if (e->kind == LADROI_TEV_STEAL && e->n > 0) { /* the transfer: victim -> thief */
                ed[(*m)++] = (ladro_edge_t){e->t0, 0, e, 3};
                ed[(*m)++] = (ladro_edge_t){e->t1, 0, e, 2};
            }
        }
    }
    qsort(ed, *m, sizeof *ed, ladro__cmp_edge);
    return ed;
}

/* The header, the types and values (task colours by origin rank), and the containers. */
static void ladro__paje_defs(FILE *f, int nranks, int nw)
{
    fputs(ladro__paje_header, f);
    fprintf(f, "0 CT_Job 0 \"Job\"\n0 CT_Rank CT_Job \"Rank\"\n"
               "1 ST_Act CT_Rank \"Activity\"\n"
               "2 idle ST_Act \"idle\" \"0.85 0.85 0.85\"\n"
               "2 steal ST_Act \"steal attempt\" \"1.0 0.2 0.2\"\n");
    for (int r = 0; r < nranks; r++) { /* task values, coloured by origin rank */
        double c[3];
        ladroi_hue(r, nranks, c);
        fprintf(f, "2 t%d ST_Act \"task from rank %d\" \"%.2f %.2f %.2f\"\n", r, r, c[0], c[1],
                c[2]);
    }
    if (nw > 0) { /* workers: a container each inside the rank's, their own task states */
        fprintf(f, "0 CT_Worker CT_Rank \"Worker\"\n1 ST_Task CT_Worker \"Task\"\n");
        for (int r = 0; r < nranks; r++) {
            double c[3];
            ladroi_hue(r, nranks, c);
            fprintf(f, "2 wt%d ST_Task \"task from rank %d\" \"%.2f %.2f %.2f\"\n", r, r,
                    c[0], c[1], c[2]);
        }
    }
    fprintf(f, "7 LT_Steal CT_Job CT_Rank CT_Rank \"steal\"\n"
               "10 ET_Msg CT_Rank \"message\"\n"
               "3 0.000000000 job CT_Job 0 \"ladro\"\n");
    for (int r = 0; r < nranks; r++) {
        fprintf(f, "3 0.000000000 r%d CT_Rank job \"rank %d\"\n", r, r);
        for (int w = 0; w < nw; w++)
            fprintf(f, "3 0.000000000 r%dw%d CT_Worker r%d \"rank %d worker %d\"\n", r, w, r,
                    r, w);
    }
}

/* One edge's line; key: its record's index (a link's key). */
static void ladro__paje_edge(FILE *f, const ladro_edge_t *x, size_t key, int nw)
{
    const ladroi_tev_t *e = x->e;
    double t = x->t < 0 ? 0 : x->t;
    char cont[32];
    ladro__paje_cont(cont, sizeof cont, e, nw);
    bool on_worker = cont[strcspn(cont, "w")] != 0;
    switch (x->what) {
    case 1:
        if (e->kind == LADROI_TEV_TASK)
            fprintf(f, "5 %.9f %s %s %s%d\n", t, on_worker ? "ST_Task" : "ST_Act", cont,
                    on_worker ? "wt" : "t", e->peer);
        else
            fprintf(f, "5 %.9f ST_Act r%d %s\n", t, e->rank,
                    e->kind == LADROI_TEV_IDLE ? "idle" : "steal");
        break;
    case 0:
        fprintf(f, "6 %.9f %s %s\n", t, on_worker ? "ST_Task" : "ST_Act", cont);
        break;
    case 3:
        fprintf(f, "8 %.9f LT_Steal job r%d \"%u tasks\" s%zu\n", t, e->peer, e->n, key);
        break;
    case 2:
        fprintf(f, "9 %.9f LT_Steal job r%d \"%u tasks\" s%zu\n", t, e->rank, e->n, key);
        break;
    default:
        fprintf(f, "11 %.9f ET_Msg r%d \"%s\"\n", t, e->rank,
                e->kind == LADROI_TEV_DONE ? "done"
                : e->n < LADROI_MSG_N      ? ladro__msg_names[e->n]
                                           : "other");
        break;
    }
}

static int ladro__write_paje(FILE *f, const ladroi_tev_t *ev, size_t n, int nranks, int nw)
{
    size_t m;
    double tmax;
    ladro_edge_t *ed = ladro__paje_edges(ev, n, &m, &tmax);
    if (!ed)
        return -1;
    ladro__paje_defs(f, nranks, nw);
    for (size_t i = 0; i < m; i++)
        ladro__paje_edge(f, &ed[i], (size_t)(ed[i].e - ev), nw);
    for (int r = 0; r < nranks; r++) {
        for (int w = 0; w < nw; w++)
            fprintf(f, "4 %.9f CT_Worker r%dw%d\n", tmax, r, w);
        fprintf(f, "4 %.9f CT_Rank r%d\n", tmax, r);
    }
    fprintf(f, "4 %.9f CT_Job job\n", tmax);
    free(ed);
    return 0;
}

/* Collective (lb->trace.comm). Returns LADRO_OK, or LADRO_EIO/ENOMEM on rank 0 when
 * the file could not be written (other ranks return LADRO_OK). */
int ladroi_trace_write(ladro_t *lb)
{
    ladroi_trace_t *tr = &lb->trace;
    if (!tr->on)
        return LADRO_OK;
    /* Local times -> seconds since rank 0's start of the makespan. */
    double t0_root = lb->t0;
    int rc = ladroi_net_bcast(lb, tr->comm, &t0_root, sizeof t0_root, 0);
    if (rc)
        return rc;
    for (size_t i = 0; i < tr->n; i++) {
        tr->ev[i].t0 += tr->offset - t0_root;
        tr->ev[i].t1 += tr->offset - t0_root;
    }
    uint64_t dropped_all = tr->dropped;
    if ((rc = ladroi_net_allreduce_u64(lb, tr->comm, &dropped_all, 1, LADROI_NET_SUM)) != 0)
        return rc;
    void *gathered;
    size_t bytes;
    rc = ladroi_net_gatherv(lb, tr->comm, tr->ev, tr->n * sizeof *tr->ev, 0, &gathered, &bytes);
    if (rc == LADRO_ENOMEM)
        return ladroi_fail(lb, LADRO_ENOMEM, "trace: out of memory gathering the records");
    if (rc || lb->rank != 0)
        return rc;
    ladroi_tev_t *all = gathered;
    size_t total = bytes / sizeof *all;
    qsort(all, total, sizeof *all, ladro__cmp_t0);
    char tmp[LADRO_PATH_MAX + 32];
    snprintf(tmp, sizeof tmp, "%s.tmp%ld", lb->cfg.trace, (long)getpid());
    FILE *f = fopen(tmp, "w");
    int werr = f ? 0 : -1;
    int nw = lb->hub ? (int)lb->cfg.threads : 0; /* rows per worker */
    for (size_t i = 0; i < total; i++) /* a rank configured with more threads */
        if (all[i].worker >= nw)
            nw = all[i].worker + 1;
    if (f) {
        if (tr->fmt == LADROI_TRACE_PAJE)
            werr = ladro__write_paje(f, all, total, lb->size, nw);
        else if (tr->fmt == LADROI_TRACE_JSON)
            ladro__write_json(f, all, total, lb->size, nw);
        else
            ladro__write_csv(f, all, total, lb->size, nw);
        if (dropped_all && tr->fmt == LADROI_TRACE_CSV)
            fprintf(f, "# %" PRIu64 " records dropped (more than %u per rank)\n", dropped_all,
                    LADROI_TRACE_MAX_EVENTS);
        if (fclose(f) != 0)
            werr = -1;
    }
    if (werr == 0 && rename(tmp, lb->cfg.trace) != 0)
        werr = -1;
    if (werr) {
        rc = ladroi_fail(lb, LADRO_EIO, "trace '%s': write failed: %s", lb->cfg.trace,
                         strerror(errno));
        remove(tmp);
    }
    free(all);
    return rc;
}
