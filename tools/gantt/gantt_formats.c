/* ladro-gantt's readers of the two other formats ladro's tracer writes (src/trace.c):
 * Chrome trace-event JSON and Paje. Each reads what ladro writes, line by line, into the
 * records the chart draws (gantt.h); anything else is refused with a one-line message
 * naming the file, the line and what was expected.
 *
 * What a format carries: the JSON everything the CSV does. Paje has no task ids (the
 * chart's tooltips then show none), no message peers, and no states of zero length (a
 * task that took no time at all is not in a Paje trace); a failed steal's victim is not
 * recorded either (the chart draws it on the thief's row only). */
#define _POSIX_C_SOURCE 200809L
#include "gantt.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define GANTT_MAX_RANK 1000000
#define GANTT_MAX_WORKER 100000

typedef struct {
    rec_t *r;
    size_t n, cap;
} recs_t;

static bool recs_add(recs_t *v, const rec_t *x)
{
    if (v->n == v->cap) {
        size_t cap = v->cap ? 2 * v->cap : 1024;
        rec_t *g = realloc(v->r, cap * sizeof *g);
        if (!g)
            return false;
        v->r = g, v->cap = cap;
    }
    v->r[v->n++] = *x;
    return true;
}

/* The number after "key": in line (JSON), or false. */
static bool jnum(const char *line, const char *key, double *out)
{
    char pat[40];
    snprintf(pat, sizeof pat, "\"%s\": ", key);
    const char *p = strstr(line, pat);
    if (!p)
        return false;
    char *end;
    double v = strtod(p + strlen(pat), &end);
    if (end == p + strlen(pat) || !isfinite(v))
        return false;
    *out = v;
    return true;
}

/* The string after "key": in line (JSON, no escapes in ladro's names), or false. */
static bool jstr(const char *line, const char *key, char *buf, size_t len)
{
    char pat[40];
    snprintf(pat, sizeof pat, "\"%s\": \"", key);
    const char *p = strstr(line, pat);
    if (!p)
        return false;
    p += strlen(pat);
    size_t k = strcspn(p, "\"");
    if (p[k] != '"' || k >= len)
        return false;
    memcpy(buf, p, k);
    buf[k] = 0;
    return true;
}

static bool jint(const char *line, const char *key, long lo, long hi, long *out)
{
    double v;
    if (!jnum(line, key, &v) || v != floor(v) || v < (double)lo || v > (double)hi)
        return false;
    *out = (long)v;
    return true;
}

typedef struct {
    int rank, worker; /* worker -1: the rank's own row */
} row_t;

static rec_t *gantt__fail(recs_t *v, row_t *rows, char *line, const char *path, size_t at,
                          const char *what)
{
    fprintf(stderr, "ladro-gantt: %s:%zu: %s\n", path, at, what);
    free(v->r);
    free(rows);
    free(line);
    return NULL;
}

rec_t *gantt_read_json(FILE *f, const char *path, size_t *n, int *nranks)
{
    recs_t v = {0};
    row_t *rows = NULL; /* by tid */
    size_t nrows = 0, at = 0, cap = 0;
    char *line = NULL;
    int maxr = -1;
    bool head = false;
    ssize_t len;
    while ((len = getline(&line, &cap, f)) >= 0) {
        at++;
        if (!head) {
            if (!strstr(line, "\"traceEvents\""))
                return gantt__fail(&v, rows, line, path, at, "not a ladro Chrome JSON trace "
                                   "(expected '{\"displayTimeUnit\": \"ms\", \"traceEvents\": "
                                   "[')");
            head = true;
            continue;
        }
        char name[64], cat[32];
        long tid;
        if (!strchr(line, '{') || (!jstr(line, "name", name, sizeof name)))
            continue; /* the closing "]}" */
        if (!strcmp(name, "process_name"))
            continue;
        if (!jint(line, "tid", 0, 100000000, &tid))
            return gantt__fail(&v, rows, line, path, at, "malformed event (expected a \"tid\" "
                               "in [0, 1e8])");
        if (!strcmp(name, "thread_name")) { /* "rank R" or "rank R worker W" */
            char label[64];
            int r, w = -1, k = 0;
            if (!jstr(line + (strstr(line, "\"args\"") ? strstr(line, "\"args\"") - line : 0),
                      "name", label, sizeof label) ||
                (sscanf(label, "rank %d worker %d%n", &r, &w, &k) != 2 &&
                 (w = -1, sscanf(label, "rank %d%n", &r, &k) != 1)) ||
                label[k] || r < 0 || r >= GANTT_MAX_RANK || w < -1 || w >= GANTT_MAX_WORKER)
                return gantt__fail(&v, rows, line, path, at, "malformed thread name (expected "
                                   "'rank R' or 'rank R worker W')");
            if ((size_t)tid >= nrows) {
                size_t m = (size_t)tid + 1 > 2 * nrows ? (size_t)tid + 1 : 2 * nrows;
                row_t *g = realloc(rows, m * sizeof *g);
                if (!g)
                    return gantt__fail(&v, rows, line, path, at, "out of memory");
                for (size_t i = nrows; i < m; i++)
                    g[i] = (row_t){-1, -1};
                rows = g, nrows = m;
            }
            rows[tid] = (row_t){r, w};
            if (r > maxr)
                maxr = r;
            continue;
        }
        if ((size_t)tid >= nrows || rows[tid].rank < 0)
            return gantt__fail(&v, rows, line, path, at, "event of a row with no thread_name "
                               "before it");
        double ts, dur = 0;
        if (!jstr(line, "cat", cat, sizeof cat) || !jnum(line, "ts", &ts) ||
            (strstr(line, "\"ph\": \"X\"") && (!jnum(line, "dur", &dur) || dur < 0)))
            return gantt__fail(&v, rows, line, path, at, "malformed event (expected \"cat\", "
                               "\"ts\" and, for a span, \"dur\" >= 0)");
        rec_t x = {.rank = rows[tid].rank, .peer = -1, .worker = -1, .t0 = ts * 1e-6,
                   .t1 = (ts + dur) * 1e-6, .has_id = false};
        long a = 0, b = 0;
        if (!strcmp(cat, "task") || !strcmp(cat, "stolen task")) {
            long id;
            if (!jint(line, "id", 0, 9007199254740992L, &id) ||
                !jint(line, "origin", 0, GANTT_MAX_RANK - 1, &a) ||
                !jint(line, "moves", 0, 4294967295L, &b))
                return gantt__fail(&v, rows, line, path, at, "malformed task (expected args "
                                   "id, origin, moves)");
            x.kind = 't', x.id = (unsigned long long)id, x.has_id = true, x.peer = (int)a;
            x.count = (unsigned)b, x.worker = rows[tid].worker;
        } else if (!strcmp(cat, "idle")) {
            x.kind = 'i';
        } else if (!strcmp(cat, "steal")) {
            if (!jint(line, "victim", 0, GANTT_MAX_RANK - 1, &a) ||
                !jint(line, "tasks", 0, 4294967295L, &b))
                return gantt__fail(&v, rows, line, path, at, "malformed steal (expected args "
                                   "victim, tasks)");
            x.kind = 's', x.peer = (int)a, x.count = (unsigned)b;
        } else if (!strcmp(cat, "message")) {
            x.kind = 'm';
            if (jint(line, "peer", -1, GANTT_MAX_RANK - 1, &a))
                x.peer = (int)a;
        } else if (!strcmp(cat, "termination")) {
            x.kind = 'd';
        } else {
            return gantt__fail(&v, rows, line, path, at, "unknown event category (expected "
                               "task, stolen task, idle, steal, message, termination)");
        }
        if (x.peer > maxr)
            maxr = x.peer;
        if (!recs_add(&v, &x))
            return gantt__fail(&v, rows, line, path, at, "out of memory");
    }
    fclose(f);
    free(line);
    free(rows);
    if (!head) {
        fprintf(stderr, "ladro-gantt: %s: empty, no JSON trace\n", path);
        free(v.r);
        return NULL;
    }
    *n = v.n;
    *nranks = maxr + 1 > 0 ? maxr + 1 : 1;
    return v.r ? v.r : calloc(1, sizeof(rec_t));
}

/* Paje: a stack of open states per container ("r3", "r3w1"), created in order. */
typedef struct {
    int rank, worker;
    struct open {
        int value; /* >= 0 a task from that rank, -1 idle, -2 steal */
        double t;
    } *st;
    size_t n, cap;
} cont_t;

typedef struct {
    unsigned long long key;
    int victim, thief;
    unsigned count;
    double t0, t1;
} link_t;

/* "r3" or "r3w1" */
static bool paje_cont(const char *s, int *rank, int *worker)
{
    int k = 0;
    *worker = -1;
    if (sscanf(s, "r%d%n", rank, &k) != 1)
        return false;
    if (s[k] == 'w') {
        int k2 = 0;
        if (sscanf(s + k, "w%d%n", worker, &k2) != 1)
            return false;
        k += k2;
    }
    return !s[k] && *rank >= 0 && *rank < GANTT_MAX_RANK && *worker >= -1 &&
           *worker < GANTT_MAX_WORKER;
}

static cont_t *paje_find(cont_t *c, size_t n, int rank, int worker)
{
    size_t lo = 0, hi = n; /* created in (rank, worker) order, the rank's own first */
    while (lo < hi) {
        size_t m = (lo + hi) / 2;
        if (c[m].rank < rank || (c[m].rank == rank && c[m].worker < worker))
            lo = m + 1;
        else
            hi = m;
    }
    return lo < n && c[lo].rank == rank && c[lo].worker == worker ? &c[lo] : NULL;
}

static int cmp_steal(const void *a, const void *b)
{
    const rec_t *x = a, *y = b;
    if (x->kind != y->kind)
        return x->kind < y->kind ? -1 : 1;
    if (x->rank != y->rank)
        return x->rank < y->rank ? -1 : 1;
    if (x->t0 != y->t0)
        return x->t0 < y->t0 ? -1 : 1;
    return (x->t1 > y->t1) - (x->t1 < y->t1);
}

rec_t *gantt_read_paje(FILE *f, const char *path, size_t *n, int *nranks)
{
    recs_t v = {0};
    cont_t *c = NULL;
    link_t *links = NULL;
    size_t nc = 0, capc = 0, nl = 0, capl = 0, at = 0, cap = 0;
    char *line = NULL;
    const char *bad = NULL;
    int maxr = -1;
    ssize_t len;
    while (!bad && (len = getline(&line, &cap, f)) >= 0) {
        at++;
        int ev, k = 0;
        if (line[0] == '%' || line[0] == '\n' || line[0] == 0)
            continue;
        if (sscanf(line, "%d%n", &ev, &k) != 1) {
            bad = "not a ladro Paje trace (expected an event number)";
            break;
        }
        const char *p = line + k;
        double t;
        char a1[64], a2[64], a3[64];
        int r, w;
        switch (ev) {
        case 3: /* create: time alias type parent "name" */
            if (sscanf(p, "%lf %63s %63s", &t, a1, a2) != 3) {
                bad = "malformed PajeCreateContainer";
                break;
            }
            if (strcmp(a2, "CT_Rank") && strcmp(a2, "CT_Worker"))
                break; /* the job */
            if (!paje_cont(a1, &r, &w) ||
                (nc && (c[nc - 1].rank > r || (c[nc - 1].rank == r && c[nc - 1].worker >= w)))) {
                bad = "container out of order (expected r0, r0w0, ..., r1, ...)";
                break;
            }
            if (nc == capc) {
                size_t m = capc ? 2 * capc : 64;
                cont_t *g = realloc(c, m * sizeof *g);
                if (!g) {
                    bad = "out of memory";
                    break;
                }
                c = g, capc = m;
            }
            c[nc++] = (cont_t){r, w, NULL, 0, 0};
            if (r > maxr)
                maxr = r;
            break;
        case 5:   /* push: time type container value */
        case 6: { /* pop: time type container */
            if (sscanf(p, "%lf %63s %63s %63s", &t, a1, a2, a3) != (ev == 5 ? 4 : 3) ||
                !paje_cont(a2, &r, &w) || !isfinite(t)) {
                bad = "malformed PajePushState/PajePopState";
                break;
            }
            cont_t *ct = paje_find(c, nc, r, w);
            if (!ct) {
                bad = "state of a container never created";
                break;
            }
            if (ev == 5) {
                int val, kk = 0;
                if (!strcmp(a3, "idle"))
                    val = -1;
                else if (!strcmp(a3, "steal"))
                    val = -2;
                else if ((sscanf(a3, "t%d%n", &val, &kk) == 1 ||
                          sscanf(a3, "wt%d%n", &val, &kk) == 1) &&
                         !a3[kk] && val >= 0 && val < GANTT_MAX_RANK)
                    ;
                else {
                    bad = "unknown state value (expected idle, steal, tR or wtR)";
                    break;
                }
                if (ct->n == ct->cap) {
                    size_t m = ct->cap ? 2 * ct->cap : 8;
                    struct open *g = realloc(ct->st, m * sizeof *g);
                    if (!g) {
                        bad = "out of memory";
                        break;
                    }
                    ct->st = g, ct->cap = m;
                }
                ct->st[ct->n++] = (struct open){val, t};
                break;
            }
            if (ct->n == 0) {
                bad = "PajePopState with no open state";
                break;
            }
            struct open o = ct->st[--ct->n];
            if (t < o.t) {
                bad = "a state ends before it starts";
                break;
            }
            rec_t x = {.rank = r, .peer = -1, .worker = -1, .t0 = o.t, .t1 = t};
            if (o.value >= 0) {
                x.kind = 't', x.peer = o.value, x.worker = w;
                if (o.value > maxr)
                    maxr = o.value;
            } else {
                x.kind = o.value == -1 ? 'i' : 's';
            }
            if (!recs_add(&v, &x))
                bad = "out of memory";
            break;
        }
        case 8:   /* link start: time type container start "value" key */
        case 9: { /* link end: time type container end "value" key */
            unsigned cnt;
            unsigned long long key;
            if (sscanf(p, "%lf %63s %63s %63s \"%u tasks\" s%llu", &t, a1, a2, a3, &cnt,
                       &key) != 6 || !paje_cont(a3, &r, &w) || w != -1 || !isfinite(t)) {
                bad = "malformed steal link (expected ... rR \"N tasks\" sKEY)";
                break;
            }
            if (ev == 8) {
                if (nl == capl) {
                    size_t m = capl ? 2 * capl : 64;
                    link_t *g = realloc(links, m * sizeof *g);
                    if (!g) {
                        bad = "out of memory";
                        break;
                    }
                    links = g, capl = m;
                }
                links[nl++] = (link_t){key, r, -1, cnt, t, 0};
            } else { /* ladro writes a link's end after its start, keys in start order */
                size_t i = nl;
                while (i > 0 && links[i - 1].key != key)
                    i--;
                if (i == 0 || links[i - 1].thief >= 0) {
                    bad = "a steal link ends without its start";
                    break;
                }
                links[i - 1].thief = r, links[i - 1].t1 = t;
            }
            break;
        }
        case 11: { /* event: time type container "value" */
            if (sscanf(p, "%lf %63s %63s \"%63[^\"]\"", &t, a1, a2, a3) != 4 ||
                !paje_cont(a2, &r, &w) || !isfinite(t)) {
                bad = "malformed PajeNewEvent";
                break;
            }
            rec_t x = {.kind = strcmp(a3, "done") ? 'm' : 'd', .rank = r, .peer = -1,
                       .worker = -1, .t0 = t, .t1 = t};
            if (!recs_add(&v, &x))
                bad = "out of memory";
            break;
        }
        case 0: case 1: case 2: case 4: case 7: case 10:
            break; /* definitions; containers destroyed */
        default:
            bad = "unknown Paje event (ladro writes 0-11)";
        }
    }
    fclose(f);
    for (size_t i = 0; i < nc; i++) {
        if (!bad && c[i].n)
            bad = "a state is still open at the end of the trace";
        free(c[i].st);
    }
    free(c);
    if (!bad && at == 0)
        bad = "empty, no Paje trace";
    /* every steal link gives its steal state (same thief, same times) victim and count */
    if (!bad && nl) {
        qsort(v.r, v.n, sizeof *v.r, cmp_steal);
        for (size_t i = 0; i < nl && !bad; i++) {
            if (links[i].thief < 0) {
                bad = "a steal link never ends";
                break;
            }
            rec_t want = {.kind = 's', .rank = links[i].thief, .t0 = links[i].t0,
                          .t1 = links[i].t1};
            rec_t *s = bsearch(&want, v.r, v.n, sizeof *v.r, cmp_steal);
            if (!s) {
                bad = "a steal link with no steal state of the same times on its thief";
                break;
            }
            s->peer = links[i].victim;
            s->count = links[i].count;
            if (s->peer > maxr)
                maxr = s->peer;
        }
    }
    free(links);
    free(line);
    if (bad) {
        fprintf(stderr, "ladro-gantt: %s:%zu: %s\n", path, at, bad);
        free(v.r);
        return NULL;
    }
    *n = v.n;
    *nranks = maxr + 1 > 0 ? maxr + 1 : 1;
    return v.r ? v.r : calloc(1, sizeof(rec_t));
}
