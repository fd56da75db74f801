/* ladro-gantt: a task trace (CSV here; Paje and Chrome JSON in gantt_formats.c) -> SVG
 * Gantt chart.
 *
 * One row per rank (with threads > 1: the rank's row for its idle time and steals, then
 * one row per worker for the tasks it ran), one bar per task coloured by the rank the task came from (so stolen
 * tasks stand out against a row's own colour and carry a dark top edge), idle time
 * shaded, successful steals as arrows from the victim's row to the thief's (marks only
 * when there are many), failed steal attempts as small red ticks, the number of tasks
 * each rank ran at the end of its row (as A2WS Fig. 5), and a time axis with units. */
#define _POSIX_C_SOURCE 200809L
#include "gantt.h"

#include "ladro_int.h" /* ladroi_hue: the same colours as the Paje writer */

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

rec_t *gantt_read_trace_stream(FILE *f, const char *path, size_t *n, int *nranks)
{
    int c0 = getc(f);
    if (c0 != EOF)
        ungetc(c0, f);
    if (c0 == '{')
        return gantt_read_json(f, path, n, nranks);
    if (c0 == '%')
        return gantt_read_paje(f, path, n, nranks);
    size_t cap = 1024, m = 0, line = 0;
    rec_t *r = malloc(cap * sizeof *r);
    char buf[512];
    int hdr_ranks = 0, max_rank = -1;
    bool header = false, bad = false, has_worker = false;
    while (r && fgets(buf, sizeof buf, f)) {
        line++;
        if (buf[0] == '#') {
            if (sscanf(buf, "# ladro trace, %d ranks", &hdr_ranks) == 1 &&
                (hdr_ranks < 1 || hdr_ranks > 1000000)) {
                /* a corrupt count must not size the per-rank arrays */
                fprintf(stderr, "ladro-gantt: %s:%zu: rank count %d in the header is out of "
                        "range (accepted: 1..1000000)\n", path, line, hdr_ranks);
                bad = true;
                break;
            }
            continue;
        }
        if (!header) {
            if (strncmp(buf, "kind,rank,start,end,task_id,peer,count,what", 43) != 0) {
                fprintf(stderr, "ladro-gantt: %s:%zu: not a ladro CSV trace (expected the "
                        "header 'kind,rank,start,end,task_id,peer,count,what')\n", path, line);
                bad = true;
                break;
            }
            header = true;
            has_worker = strncmp(buf + 43, ",worker", 7) == 0; /* older traces: none */
            continue;
        }
        char kind[16];
        rec_t x;
        if (sscanf(buf, "%15[a-z],%d,%lf,%lf,%llu,%d,%u", kind, &x.rank, &x.t0, &x.t1, &x.id,
                   &x.peer, &x.count) != 7 || x.rank < 0 || x.rank > 1000000 ||
            !isfinite(x.t0) || !isfinite(x.t1) || x.t1 < x.t0 ||
            (strcmp(kind, "task") && strcmp(kind, "idle") && strcmp(kind, "steal") &&
             strcmp(kind, "msg") && strcmp(kind, "done"))) {
            fprintf(stderr, "ladro-gantt: %s:%zu: malformed record (expected kind in "
                    "task|idle|steal|msg|done, rank >= 0, start <= end)\n", path, line);
            bad = true;
            break;
        }
        x.kind = kind[0] == 'i' ? 'i' : kind[0];
        x.worker = -1;
        x.has_id = true;
        if (has_worker) { /* the last field */
            const char *c = strrchr(buf, ',');
            char *end;
            long w = strtol(c + 1, &end, 10);
            if (w < -1 || w > 100000 || end == c + 1) {
                fprintf(stderr, "ladro-gantt: %s:%zu: malformed record (worker: expected -1 "
                        "or a worker index in [0, 100000])\n", path, line);
                bad = true;
                break;
            }
            x.worker = x.kind == 't' ? (int)w : -1;
        }
        if (m == cap) {
            rec_t *g = realloc(r, 2 * cap * sizeof *r);
            if (!g) {
                free(r);
                r = NULL;
                break;
            }
            r = g, cap *= 2;
        }
        r[m++] = x;
        if (x.rank > max_rank)
            max_rank = x.rank;
    }
    fclose(f);
    if (!r)
        fprintf(stderr, "ladro-gantt: out of memory reading '%s'\n", path);
    if (r && !bad && !header) {
        fprintf(stderr, "ladro-gantt: %s: empty, no CSV header\n", path);
        bad = true;
    }
    if (bad) {
        free(r);
        return NULL;
    }
    *n = m;
    *nranks = hdr_ranks > max_rank ? hdr_ranks : max_rank + 1;
    if (*nranks < 1)
        *nranks = 1;
    return r;
}

rec_t *gantt_read_trace(const char *path, size_t *n, int *nranks)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "ladro-gantt: cannot read '%s': %s\n", path, strerror(errno));
        return NULL;
    }
    return gantt_read_trace_stream(f, path, n, nranks);
}

static void color(int i, int n, char out[8])
{
    double c[3];
    ladroi_hue(i, n, c);
    snprintf(out, 8, "#%02x%02x%02x", (int)(255 * c[0]), (int)(255 * c[1]), (int)(255 * c[2]));
}

static void xml_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default:
            if ((unsigned char)*s >= 0x20)
                fputc(*s, f);
        }
    }
}

/* A "nice" tick step (1, 2, 5 x 10^k) giving about `want` ticks over span. */
static double tick_step(double span, int want)
{
    double raw = span / want, p = pow(10, floor(log10(raw))), m = raw / p;
    return p * (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10);
}

/* Row of a record: with W workers per rank, the rank's own row then one per worker. */
static int row_of(const rec_t *e, int W)
{
    return e->rank * (W + 1) + (e->worker >= 0 ? e->worker + 1 : 0);
}

int gantt_write_svg(const gantt_opts_t *o, const char *out, const rec_t *r, size_t n, int P)
{
    double tmax = 0;
    int W = 0; /* workers per rank (threads > 1), 0: one row per rank */
    for (size_t i = 0; i < n; i++)
        if (r[i].worker + 1 > W)
            W = r[i].worker + 1;
    int R = P * (W + 1); /* rows */
    unsigned long long *tasks = calloc((size_t)R, sizeof *tasks);
    size_t nsteal = 0;
    if (!tasks) {
        fprintf(stderr, "ladro-gantt: out of memory\n");
        return 1;
    }
    for (size_t i = 0; i < n; i++) {
        tmax = fmax(tmax, r[i].t1);
        if (r[i].kind == 't')
            tasks[row_of(&r[i], W)]++;
        if (r[i].kind == 's' && r[i].count > 0)
            nsteal++;
    }
    if (tmax <= 0)
        tmax = 1e-6;
    double rowh = fmin(22, fmax(3, 560.0 / R)), gap = rowh > 8 ? 2 : 0.5;
    double left = W > 0 ? 100 : 64, right = 70, top = 44, legend = P <= 16 ? 22 : 0;
    double plotw = o->width - left - right, ploth = rowh * R;
    double height = top + ploth + 48 + legend;
    double sx = plotw / tmax;
    bool arrows = (int)nsteal <= o->max_arrows;
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", out);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        free(tasks);
        fprintf(stderr, "ladro-gantt: cannot write '%s': %s\n", out, strerror(errno));
        return 1;
    }
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
               "viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"%.0f\">\n"
               "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
               "<defs><marker id=\"arr\" viewBox=\"0 0 6 6\" refX=\"6\" refY=\"3\" "
               "markerWidth=\"5\" markerHeight=\"5\" orient=\"auto\"><path d=\"M0,0 L6,3 L0,6 "
               "z\" fill=\"#222\"/></marker></defs>\n",
            o->width, height, o->width, height, rowh >= 12 ? 11.0 : fmax(6, rowh));
    fprintf(f, "<text x=\"%.0f\" y=\"20\" font-size=\"14\" font-weight=\"bold\">", left);
    xml_text(f, o->title ? o->title : o->in);
    char shape[64];
    if (W > 0) /* a rank's first row: its communication thread (idle, steals) */
        snprintf(shape, sizeof shape, "%d ranks x %d workers", P, W);
    else
        snprintf(shape, sizeof shape, "%d ranks", P);
    fprintf(f, "</text>\n<text x=\"%.0f\" y=\"36\" font-size=\"11\" fill=\"#444\">%s, "
               "%zu records; bars: tasks coloured by the rank they came from; grey: idle; "
               "arrows: steals (victim to thief); red ticks: failed steals</text>\n",
            left, shape, n);
    /* rows */
    for (int k = 0; k < R; k++) {
        double y = top + k * rowh;
        int rank = k / (W + 1), w = k % (W + 1) - 1;
        fprintf(f, "<g class=\"row\" data-rank=\"%d\" data-worker=\"%d\">\n<rect x=\"%.1f\" "
                   "y=\"%.2f\" width=\"%.1f\" height=\"%.2f\" fill=\"%s\"/>\n",
                rank, w, left, y, plotw, rowh, rank % 2 ? "#fafafa" : "#f2f2f2");
        if (rowh >= 6 || k % (int)ceil(6 / rowh) == 0) {
            char label[48];
            if (w >= 0)
                snprintf(label, sizeof label, "worker %d", w);
            else
                snprintf(label, sizeof label, "rank %d", rank);
            fprintf(f, "<text x=\"%.0f\" y=\"%.2f\" text-anchor=\"end\" "
                       "dominant-baseline=\"middle\">%s</text>\n",
                    left - 6, y + rowh / 2, label);
        }
        fprintf(f, "<text x=\"%.0f\" y=\"%.2f\" dominant-baseline=\"middle\">%llu</text>\n"
                   "</g>\n", left + plotw + 6, y + rowh / 2, tasks[k]);
    }
    /* idle, then tasks, then failed steals */
    for (size_t i = 0; i < n; i++) {
        const rec_t *e = &r[i];
        double y = top + row_of(e, W) * rowh, x = left + e->t0 * sx, w = (e->t1 - e->t0) * sx;
        if (e->kind == 'i')
            fprintf(f, "<rect class=\"idle\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" "
                       "height=\"%.2f\" fill=\"#cfcfcf\"/>\n", x, y + gap, fmax(w, 0.2),
                    rowh - 2 * gap);
    }
    for (size_t i = 0; i < n; i++) {
        const rec_t *e = &r[i];
        if (e->kind != 't')
            continue;
        double y = top + row_of(e, W) * rowh, x = left + e->t0 * sx, w = (e->t1 - e->t0) * sx;
        char col[8];
        color(e->peer >= 0 && e->peer < P ? e->peer : 0, P, col);
        char id[32] = "";
        if (e->has_id)
            snprintf(id, sizeof id, " %llu", e->id);
        fprintf(f, "<rect class=\"task\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
                   "fill=\"%s\" stroke=\"white\" stroke-width=\"0.3\"><title>task%s from "
                   "rank %d, %.3f ms</title></rect>\n",
                x, y + gap, fmax(w, 0.4), rowh - 2 * gap, col, id, e->peer,
                1e3 * (e->t1 - e->t0));
        if (e->peer != e->rank) /* stolen: dark top edge */
            fprintf(f, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
                       "fill=\"#222\"/>\n", x, y + gap, fmax(w, 0.4), fmax(1, rowh / 8));
    }
    for (size_t i = 0; i < n; i++) {
        const rec_t *e = &r[i];
        /* a failed steal is a tick on the thief's row (a Paje trace does not name its
         * victim); a successful one needs its victim */
        if (e->kind != 's' || (e->count > 0 && (e->peer < 0 || e->peer >= P)))
            continue;
        double yt = top + row_of(e, W) * rowh, x = left + e->t1 * sx;
        if (e->count == 0)
            fprintf(f, "<line class=\"failed\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
                       "stroke=\"#d22\" stroke-width=\"0.6\"/>\n",
                    x, yt + rowh - gap - fmax(1.5, rowh / 4), x, yt + rowh - gap);
        else if (arrows)
            fprintf(f, "<line class=\"steal\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
                       "stroke=\"#222\" stroke-width=\"0.8\" marker-end=\"url(#arr)\"><title>"
                       "%u tasks from rank %d</title></line>\n",
                    left + e->t0 * sx, top + (e->peer * (W + 1) + 0.5) * rowh, x, yt + rowh / 2,
                    e->count, e->peer);
        else
            fprintf(f, "<circle class=\"steal\" cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" "
                       "fill=\"#222\"/>\n", x, yt + rowh / 2, fmax(0.8, rowh / 6));
    }
    /* time axis */
    double unit = tmax < 2 ? 1e3 : 1, step = tick_step(tmax, 8);
    double ya = top + ploth;
    fprintf(f, "<line x1=\"%.0f\" y1=\"%.2f\" x2=\"%.0f\" y2=\"%.2f\" stroke=\"black\"/>\n",
            left, ya, left + plotw, ya);
    for (double t = 0; t <= tmax * 1.0001; t += step) {
        double x = left + t * sx;
        fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"black\"/>"
                   "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\" font-size=\"10\">%g</text>\n",
                x, ya, x, ya + 4, x, ya + 15, round(t * unit * 1e6) / 1e6);
    }
    fprintf(f, "<text x=\"%.0f\" y=\"%.2f\" text-anchor=\"middle\" font-size=\"11\">time (%s) "
               "since the start of the makespan</text>\n<text x=\"%.0f\" y=\"%.2f\" "
               "font-size=\"10\">tasks</text>\n",
            left + plotw / 2, ya + 30, unit > 1 ? "ms" : "s", left + plotw + 6, top - 4);
    if (legend > 0) {
        double y = ya + 40;
        fprintf(f, "<g class=\"legend\">");
        for (int k = 0; k < P; k++) {
            char col[8];
            color(k, P, col);
            fprintf(f, "<rect x=\"%.0f\" y=\"%.0f\" width=\"10\" height=\"10\" fill=\"%s\"/>"
                       "<text x=\"%.0f\" y=\"%.0f\" font-size=\"10\">from %d</text>",
                    left + k * 62, y, col, left + k * 62 + 13, y + 9, k);
        }
        fprintf(f, "</g>\n");
    }
    fprintf(f, "</svg>\n");
    free(tasks);
    if (fclose(f) != 0 || rename(tmp, out) != 0) {
        fprintf(stderr, "ladro-gantt: cannot write '%s': %s\n", out, strerror(errno));
        remove(tmp);
        return 1;
    }
    return 0;
}

