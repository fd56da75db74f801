/* Paje trace of a simulated run: one container per processor, states Compute / Steal /
 * Idle, one link per message (Request, Fail, Work). Format: Paje generic trace format
 * (Schnorr et al.), readable by ViTE and PajeNG's pj_dump. */
#include "paje.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int32_t from, to;
    uint8_t kind, open;
} ladro__link_t;

struct ladro_sim_paje {
    FILE *f;
    int32_t p;
    int64_t last_t;
    ladro__link_t *links;
    size_t nlinks, caplinks;
    int err;
};

static const char ladro__header[] =
    "%EventDef PajeDefineContainerType 0\n%       Alias string\n%       Type string\n"
    "%       Name string\n%EndEventDef\n"
    "%EventDef PajeDefineStateType 1\n%       Alias string\n%       Type string\n"
    "%       Name string\n%EndEventDef\n"
    "%EventDef PajeDefineLinkType 2\n%       Alias string\n%       Type string\n"
    "%       StartContainerType string\n%       EndContainerType string\n"
    "%       Name string\n%EndEventDef\n"
    "%EventDef PajeDefineEntityValue 3\n%       Alias string\n%       Type string\n"
    "%       Name string\n%       Color color\n%EndEventDef\n"
    "%EventDef PajeCreateContainer 4\n%       Time date\n%       Alias string\n"
    "%       Type string\n%       Container string\n%       Name string\n%EndEventDef\n"
    "%EventDef PajeDestroyContainer 5\n%       Time date\n%       Type string\n"
    "%       Name string\n%EndEventDef\n"
    "%EventDef PajeSetState 6\n%       Time date\n%       Type string\n"
    "%       Container string\n%       Value string\n%EndEventDef\n"
    "%EventDef PajeStartLink 7\n%       Time date\n%       Type string\n"
    "%       Container string\n%       Value string\n%       StartContainer string\n"
    "%       Key string\n%EndEventDef\n"
    "%EventDef PajeEndLink 8\n%       Time date\n%       Type string\n"
    "%       Container string\n%       Value string\n%       EndContainer string\n"
    "%       Key string\n%EndEventDef\n";

static const char *const ladro__state_val[3] = {"C", "S", "I"};
static const char *const ladro__link_val[3] = {"R", "F", "T"};

ladro_sim_paje_t *ladro_sim_paje_open(const char *path, int32_t p)
{
    ladro_sim_paje_t *pj = calloc(1, sizeof *pj);
    if (!pj)
        return NULL;
    pj->f = fopen(path, "w");
    if (!pj->f) {
        free(pj);
        return NULL;
    }
    pj->p = p;
    FILE *f = pj->f;
    fputs(ladro__header, f);
    fputs("0 PL 0 Platform\n"
          "0 PR PL Processor\n"
          "1 ST PR \"Processor state\"\n"
          "2 LK PL PR PR \"Message\"\n"
          "3 C ST Compute \"0.2 0.7 0.2\"\n"
          "3 S ST Steal \"0.9 0.4 0.1\"\n"
          "3 I ST Idle \"0.8 0.8 0.8\"\n"
          "3 R LK Request \"0.2 0.2 0.9\"\n"
          "3 F LK Fail \"0.9 0.1 0.1\"\n"
          "3 T LK Work \"0.1 0.6 0.1\"\n"
          "4 0 root PL 0 \"Platform\"\n",
          f);
    for (int32_t i = 0; i < p; i++)
        fprintf(f, "4 0 p%d PR root \"P%d\"\n", i, i);
    return pj;
}

static void ladro__state(void *ctx, int64_t t, int32_t proc, int st)
{
    ladro_sim_paje_t *pj = ctx;
    fprintf(pj->f, "6 %lld ST p%d %s\n", (long long)t, proc, ladro__state_val[st]);
    pj->last_t = t;
}

static void ladro__send(void *ctx, int64_t t, int32_t from, int32_t to, int kind,
                        int64_t amount, uint64_t id)
{
    (void)amount;
    ladro_sim_paje_t *pj = ctx;
    if (id >= pj->caplinks) {
        size_t cap = pj->caplinks ? pj->caplinks : 1024;
        while (cap <= id)
            cap *= 2;
        ladro__link_t *n = realloc(pj->links, cap * sizeof *n);
        if (!n) {
            pj->err = 1;
            return;
        }
        memset(n + pj->caplinks, 0, (cap - pj->caplinks) * sizeof *n);
        pj->links = n;
        pj->caplinks = cap;
    }
    pj->links[id] = (ladro__link_t){from, to, (uint8_t)kind, 1};
    if (id + 1 > pj->nlinks)
        pj->nlinks = id + 1;
    fprintf(pj->f, "7 %lld LK root %s p%d m%llu\n", (long long)t, ladro__link_val[kind], from,
            (unsigned long long)id);
    pj->last_t = t;
}

static void ladro__endlink(ladro_sim_paje_t *pj, int64_t t, uint64_t id)
{
    ladro__link_t *l = &pj->links[id];
    fprintf(pj->f, "8 %lld LK root %s p%d m%llu\n", (long long)t, ladro__link_val[l->kind],
            l->to, (unsigned long long)id);
    l->open = 0;
}

static void ladro__recv(void *ctx, int64_t t, uint64_t id)
{
    ladro_sim_paje_t *pj = ctx;
    if (id < pj->nlinks && pj->links[id].open)
        ladro__endlink(pj, t, id);
    pj->last_t = t;
}

static void ladro__end(void *ctx, int64_t t)
{
    ladro_sim_paje_t *pj = ctx;
    /* messages still in flight at the end of the run are dropped (R12): cut them at t */
    for (size_t id = 0; id < pj->nlinks; id++)
        if (pj->links[id].open)
            ladro__endlink(pj, t, id);
    for (int32_t i = 0; i < pj->p; i++)
        fprintf(pj->f, "6 %lld ST p%d I\n", (long long)t, i);
    pj->last_t = t;
}

void ladro_sim_paje_observer(ladro_sim_paje_t *pj, ladro_sim_lat_observer_t *ob)
{
    ob->ctx = pj;
    ob->state = ladro__state;
    ob->send = ladro__send;
    ob->recv = ladro__recv;
    ob->end = ladro__end;
}

int ladro_sim_paje_close(ladro_sim_paje_t **ppj)
{
    if (!ppj || !*ppj)
        return 0;
    ladro_sim_paje_t *pj = *ppj;
    for (size_t id = 0; id < pj->nlinks; id++)
        if (pj->links[id].open)
            ladro__endlink(pj, pj->last_t, id);
    for (int32_t i = 0; i < pj->p; i++)
        fprintf(pj->f, "5 %lld PR p%d\n", (long long)pj->last_t, i);
    fprintf(pj->f, "5 %lld PL root\n", (long long)pj->last_t);
    int rc = pj->err || ferror(pj->f) ? -1 : 0;
    if (fclose(pj->f) != 0)
        rc = -1;
    free(pj->links);
    free(pj);
    *ppj = NULL;
    return rc;
}

/* ------------------------------------------------------------------ checker ---------- */

#define LADRO__MAXDEF 64
#define LADRO__MAXF 16

typedef struct {
    char name[64];
    int nf;
    char field[LADRO__MAXF][32];
    int used;
} ladro__def_t;

typedef struct {
    char **k;
    int *v; /* container: 1 alive, 2 destroyed; link: 1 open, 2 closed */
    char **typ;
    size_t n, cap;
} ladro__set_t;

static size_t ladro__hash(const char *s)
{
    size_t h = 1469598103934665603ull;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 1099511628211ull;
    return h;
}

static int ladro__set_grow(ladro__set_t *s)
{
    size_t cap = s->cap ? s->cap * 2 : 1024;
    char **k = calloc(cap, sizeof *k);
    int *v = calloc(cap, sizeof *v);
    char **typ = calloc(cap, sizeof *typ);
    if (!k || !v || !typ) {
        free(k);
        free(v);
        free(typ);
        return -1;
    }
    for (size_t i = 0; i < s->cap; i++)
        if (s->k[i]) {
            size_t j = ladro__hash(s->k[i]) & (cap - 1);
            while (k[j])
                j = (j + 1) & (cap - 1);
            k[j] = s->k[i];
            v[j] = s->v[i];
            typ[j] = s->typ[i];
        }
    free(s->k);
    free(s->v);
    free(s->typ);
    s->k = k;
    s->v = v;
    s->typ = typ;
    s->cap = cap;
    return 0;
}

/* Find or insert key; returns slot index or -1 (out of memory). *found = existed. */
static long ladro__set_slot(ladro__set_t *s, const char *key, int insert, int *found)
{
    if (insert && (s->n + 1) * 2 > s->cap && ladro__set_grow(s) != 0)
        return -1;
    *found = 0;
    if (!s->cap)
        return -1;
    size_t j = ladro__hash(key) & (s->cap - 1);
    while (s->k[j]) {
        if (!strcmp(s->k[j], key)) {
            *found = 1;
            return (long)j;
        }
        j = (j + 1) & (s->cap - 1);
    }
    if (!insert)
        return -1;
    s->k[j] = strdup(key);
    if (!s->k[j])
        return -1;
    s->n++;
    return (long)j;
}

static void ladro__set_free(ladro__set_t *s)
{
    for (size_t i = 0; i < s->cap; i++) {
        free(s->k[i]);
        free(s->typ[i]);
    }
    free(s->k);
    free(s->v);
    free(s->typ);
    memset(s, 0, sizeof *s);
}

/* Split a line into tokens, honouring double quotes. Returns count. */
static int ladro__tokens(char *line, char **tok, int max)
{
    int n = 0;
    char *c = line;
    while (*c) {
        while (*c == ' ' || *c == '\t' || *c == '\n' || *c == '\r')
            c++;
        if (!*c)
            break;
        if (n == max)
            return max + 1;
        if (*c == '"') {
            tok[n++] = ++c;
            while (*c && *c != '"')
                c++;
            if (*c)
                *c++ = 0;
        } else {
            tok[n++] = c;
            while (*c && *c != ' ' && *c != '\t' && *c != '\n' && *c != '\r')
                c++;
            if (*c)
                *c++ = 0;
        }
    }
    return n;
}

static int ladro__field(const ladro__def_t *d, const char *name)
{
    for (int i = 0; i < d->nf; i++)
        if (!strcmp(d->field[i], name))
            return i + 1; /* token index (token 0 is the id) */
    return -1;
}

/* The checker's state while it reads a trace. */
typedef struct {
    const char *path;
    char *msg;
    size_t msglen;
    long ln;
    ladro__def_t defs[LADRO__MAXDEF];
    int ids[LADRO__MAXDEF];
    int ndef, in_def;
    ladro__set_t types, values, conts, links;
    long nev, nstates, nlinks;
    double last_t;
} ladro__chk_t;

/* "path:line: " and the message into c->msg; returns -1. */
__attribute__((format(printf, 2, 3))) static int ladro__fail(ladro__chk_t *c, const char *fmt,
                                                             ...)
{
    int o = snprintf(c->msg, c->msglen, "%s:%ld: ", c->path, c->ln);
    if (o >= 0 && (size_t)o < c->msglen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(c->msg + o, c->msglen - (size_t)o, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* A header line (after its '%'): an event definition's start, field or end. */
static int ladro__header_line(ladro__chk_t *c, char *line)
{
    char *tok[LADRO__MAXF + 2];
    int n = ladro__tokens(line, tok, LADRO__MAXF + 1);
    ladro__def_t *d = &c->defs[c->ndef];
    if (n >= 3 && !strcmp(tok[0], "EventDef")) {
        if (c->in_def)
            return ladro__fail(c, "%%EventDef inside an %%EventDef");
        if (c->ndef == LADRO__MAXDEF)
            return ladro__fail(c, "too many event definitions");
        snprintf(d->name, sizeof d->name, "%s", tok[1]);
        c->ids[c->ndef] = atoi(tok[2]);
        for (int i = 0; i < c->ndef; i++)
            if (c->ids[i] == c->ids[c->ndef])
                return ladro__fail(c, "event id %d defined twice", c->ids[c->ndef]);
        d->nf = 0;
        d->used = 0;
        c->in_def = 1;
    } else if (n >= 1 && !strcmp(tok[0], "EndEventDef")) {
        if (!c->in_def)
            return ladro__fail(c, "%%EndEventDef without %%EventDef");
        c->in_def = 0;
        c->ndef++;
    } else if (n == 2 && c->in_def) {
        if (d->nf == LADRO__MAXF)
            return ladro__fail(c, "too many fields");
        snprintf(d->field[d->nf++], 32, "%s", tok[0]);
    } else if (n > 0) {
        return ladro__fail(c, "malformed header line");
    }
    return 0;
}

/* The token of field `name` of an event of definition def. */
#define LADRO__TOK(name) tok[ladro__field(def, name)]

/* PajeDefineContainerType, PajeDefineStateType, PajeDefineLinkType: a new type under a
 * defined parent (or "0"). */
static int ladro__ev_type(ladro__chk_t *c, const ladro__def_t *def, char **tok)
{
    int found;
    long s;
    const char *parent = LADRO__TOK("Type");
    if (strcmp(parent, "0")) {
        ladro__set_slot(&c->types, parent, 0, &found);
        if (!found)
            return ladro__fail(c, "parent type '%s' not defined", parent);
    }
    s = ladro__set_slot(&c->types, LADRO__TOK("Alias"), 1, &found);
    if (s < 0 || found)
        return ladro__fail(c, "type '%s' defined twice", LADRO__TOK("Alias"));
    c->types.v[s] = !strcmp(def->name, "PajeDefineStateType")  ? 2
                    : !strcmp(def->name, "PajeDefineLinkType") ? 3
                                                               : 1;
    return 0;
}

/* PajeDefineEntityValue: a new value of a defined type. */
static int ladro__ev_value(ladro__chk_t *c, const ladro__def_t *def, char **tok)
{
    int found;
    const char *ty = LADRO__TOK("Type");
    ladro__set_slot(&c->types, ty, 0, &found);
    if (!found)
        return ladro__fail(c, "value of undefined type '%s'", ty);
    char key[256];
    snprintf(key, sizeof key, "%s/%s", ty, LADRO__TOK("Alias"));
    long s = ladro__set_slot(&c->values, key, 1, &found);
    if (s < 0 || found)
        return ladro__fail(c, "value '%s' defined twice", key);
    return 0;
}

/* PajeCreateContainer: a new container of a container type, in a live parent (or "0"). */
static int ladro__ev_create(ladro__chk_t *c, const ladro__def_t *def, char **tok)
{
    int found;
    long s;
    const char *parent = LADRO__TOK("Container");
    if (strcmp(parent, "0")) {
        s = ladro__set_slot(&c->conts, parent, 0, &found);
        if (!found || c->conts.v[s] != 1)
            return ladro__fail(c, "parent container '%s' does not exist", parent);
    }
    const char *ty = LADRO__TOK("Type");
    s = ladro__set_slot(&c->types, ty, 0, &found);
    if (!found || c->types.v[s] != 1)
        return ladro__fail(c, "'%s' is not a container type", ty);
    s = ladro__set_slot(&c->conts, LADRO__TOK("Alias"), 1, &found);
    if (s < 0 || found)
        return ladro__fail(c, "container '%s' created twice", LADRO__TOK("Alias"));
    c->conts.v[s] = 1;
    return 0;
}

/* PajeDestroyContainer: of a live container. */
static int ladro__ev_destroy(ladro__chk_t *c, const ladro__def_t *def, char **tok)
{
    int found;
    long s = ladro__set_slot(&c->conts, LADRO__TOK("Name"), 0, &found);
    if (!found || c->conts.v[s] != 1)
        return ladro__fail(c, "destroying container '%s' that is not alive",
                           LADRO__TOK("Name"));
    c->conts.v[s] = 2;
    return 0;
}

/* PajeSetState, PajeStartLink, PajeEndLink: a state or a link end, on a live container,
 * with a defined value; a link's key started once, ended once after its start. */
static int ladro__ev_state_link(ladro__chk_t *c, const ladro__def_t *def, char **tok)
{
    int found;
    const char *nm = def->name;
    int state = !strcmp(nm, "PajeSetState"), start = !strcmp(nm, "PajeStartLink");
    const char *cont = LADRO__TOK(state ? "Container" : start ? "StartContainer" : "EndContainer");
    long s = ladro__set_slot(&c->conts, cont, 0, &found);
    if (!found || c->conts.v[s] != 1)
        return ladro__fail(c, "%s on container '%s' that is not alive",
                           state ? "state" : "link end", cont);
    char key[256];
    snprintf(key, sizeof key, "%s/%s", LADRO__TOK("Type"), LADRO__TOK("Value"));
    ladro__set_slot(&c->values, key, 0, &found);
    if (!found)
        return ladro__fail(c, "%s value '%s' not defined", state ? "state" : "link", key);
    if (state) {
        c->nstates++;
        return 0;
    }
    const char *k = LADRO__TOK("Key");
    s = ladro__set_slot(&c->links, k, start, &found);
    if (start) {
        if (s < 0 || found)
            return ladro__fail(c, "link key '%s' started twice", k);
        c->links.v[s] = 1;
        c->nlinks++;
    } else {
        if (!found || c->links.v[s] != 1)
            return ladro__fail(c, "link key '%s' ended but not open", k);
        c->links.v[s] = 2;
    }
    return 0;
}
#undef LADRO__TOK

/* The events the checker follows, by definition name (the others are only counted). */
static const struct {
    const char *name;
    int (*check)(ladro__chk_t *c, const ladro__def_t *def, char **tok);
} ladro__events[] = {
    {"PajeDefineContainerType", ladro__ev_type},
    {"PajeDefineStateType", ladro__ev_type},
    {"PajeDefineLinkType", ladro__ev_type},
    {"PajeDefineEntityValue", ladro__ev_value},
    {"PajeCreateContainer", ladro__ev_create},
    {"PajeDestroyContainer", ladro__ev_destroy},
    {"PajeSetState", ladro__ev_state_link},
    {"PajeStartLink", ladro__ev_state_link},
    {"PajeEndLink", ladro__ev_state_link},
};

/* An event line: a defined id, as many fields as its definition, time never going
 * backwards, then the event's own checks. */
static int ladro__event_line(ladro__chk_t *c, char *line)
{
    if (c->in_def)
        return ladro__fail(c, "event line inside an %%EventDef");
    char *tok[LADRO__MAXF + 2];
    int n = ladro__tokens(line, tok, LADRO__MAXF + 1);
    if (n == 0)
        return 0;
    int id = atoi(tok[0]), d = -1;
    for (int i = 0; i < c->ndef; i++)
        if (c->ids[i] == id)
            d = i;
    if (d < 0)
        return ladro__fail(c, "event id '%s' is not defined", tok[0]);
    ladro__def_t *def = &c->defs[d];
    if (n - 1 != def->nf)
        return ladro__fail(c, "%s has %d fields, its definition %d", def->name, n - 1, def->nf);
    def->used++;
    c->nev++;
    int it = ladro__field(def, "Time");
    if (it > 0) {
        double t = strtod(tok[it], NULL);
        if (t < c->last_t)
            return ladro__fail(c, "time %s goes backwards (previous %g)", tok[it], c->last_t);
        c->last_t = t;
    }
    for (size_t i = 0; i < sizeof ladro__events / sizeof ladro__events[0]; i++)
        if (!strcmp(def->name, ladro__events[i].name))
            return ladro__events[i].check(c, def, tok);
    return 0;
}

/* After the last line: no definition left open, every link ended, every container
 * destroyed; then the summary into c->msg. */
static int ladro__finish(ladro__chk_t *c)
{
    c->ln++;
    if (c->in_def)
        return ladro__fail(c, "unterminated %%EventDef");
    for (size_t i = 0; i < c->links.cap; i++)
        if (c->links.k[i] && c->links.v[i] == 1)
            return ladro__fail(c, "link '%s' never ended", c->links.k[i]);
    for (size_t i = 0; i < c->conts.cap; i++)
        if (c->conts.k[i] && c->conts.v[i] == 1)
            return ladro__fail(c, "container '%s' never destroyed (its state is never "
                               "closed)", c->conts.k[i]);
    int unused = 0;
    for (int i = 0; i < c->ndef; i++)
        unused += c->defs[i].used == 0;
    snprintf(c->msg, c->msglen,
             "%ld events, %d definitions (%d unused), %zu containers, %ld states, "
             "%ld links, all links ended, all containers destroyed",
             c->nev, c->ndef, unused, c->conts.n, c->nstates, c->nlinks);
    return 0;
}

int ladro_sim_paje_check(const char *path, char *msg, size_t msglen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(msg, msglen, "cannot read '%s'", path);
        return -1;
    }
    ladro__chk_t chk = {.path = path, .msg = msg, .msglen = msglen, .last_t = -1e300};
    ladro__chk_t *c = &chk;
    char line[4096];
    int rc = 0;
    while (rc == 0 && fgets(line, sizeof line, f)) {
        c->ln++;
        rc = line[0] == '%' ? ladro__header_line(c, line + 1) : ladro__event_line(c, line);
    }
    if (rc == 0)
        rc = ladro__finish(c);
    fclose(f);
    ladro__set_free(&c->types);
    ladro__set_free(&c->values);
    ladro__set_free(&c->conts);
    ladro__set_free(&c->links);
    return rc;
}
