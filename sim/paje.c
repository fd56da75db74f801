/* Paje trace of a simulated run: one container per processor, states Compute / Steal /
 * Idle, one link per message (Request, Fail, Work). Format: Paje generic trace format
 * (Schnorr et al.), readable by ViTE and PajeNG's pj_dump. */
#include "paje.h"

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

int ladro_sim_paje_check(const char *path, char *msg, size_t msglen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(msg, msglen, "cannot read '%s'", path);
        return -1;
    }
    ladro__def_t defs[LADRO__MAXDEF];
    int ids[LADRO__MAXDEF];
    int ndef = 0, in_def = 0;
    ladro__set_t types = {0}, values = {0}, conts = {0}, links = {0};
    char line[4096];
    long ln = 0, nev = 0, nstates = 0, nlinks = 0;
    double last_t = -1e300;
    int rc = 0;
#define LADRO__FAIL(...)                                                                     \
    do {                                                                                     \
        int o_ = snprintf(msg, msglen, "%s:%ld: ", path, ln);                                \
        if (o_ >= 0 && (size_t)o_ < msglen)                                                  \
            snprintf(msg + o_, msglen - (size_t)o_, __VA_ARGS__);                            \
        rc = -1;                                                                             \
        goto out;                                                                            \
    } while (0)
    while (fgets(line, sizeof line, f)) {
        ln++;
        char *tok[LADRO__MAXF + 2];
        if (line[0] == '%') {
            int n = ladro__tokens(line + 1, tok, LADRO__MAXF + 1);
            if (n >= 3 && !strcmp(tok[0], "EventDef")) {
                if (in_def)
                    LADRO__FAIL("%%EventDef inside an %%EventDef");
                if (ndef == LADRO__MAXDEF)
                    LADRO__FAIL("too many event definitions");
                snprintf(defs[ndef].name, sizeof defs[ndef].name, "%s", tok[1]);
                ids[ndef] = atoi(tok[2]);
                for (int i = 0; i < ndef; i++)
                    if (ids[i] == ids[ndef])
                        LADRO__FAIL("event id %d defined twice", ids[ndef]);
                defs[ndef].nf = 0;
                defs[ndef].used = 0;
                in_def = 1;
            } else if (n >= 1 && !strcmp(tok[0], "EndEventDef")) {
                if (!in_def)
                    LADRO__FAIL("%%EndEventDef without %%EventDef");
                in_def = 0;
                ndef++;
            } else if (n == 2 && in_def) {
                if (defs[ndef].nf == LADRO__MAXF)
                    LADRO__FAIL("too many fields");
                snprintf(defs[ndef].field[defs[ndef].nf++], 32, "%s", tok[0]);
            } else if (n > 0)
                LADRO__FAIL("malformed header line");
            continue;
        }
        if (in_def)
            LADRO__FAIL("event line inside an %%EventDef");
        int n = ladro__tokens(line, tok, LADRO__MAXF + 1);
        if (n == 0)
            continue;
        int id = atoi(tok[0]), d = -1;
        for (int i = 0; i < ndef; i++)
            if (ids[i] == id)
                d = i;
        if (d < 0)
            LADRO__FAIL("event id '%s' is not defined", tok[0]);
        ladro__def_t *def = &defs[d];
        if (n - 1 != def->nf)
            LADRO__FAIL("%s has %d fields, its definition %d", def->name, n - 1, def->nf);
        def->used++;
        nev++;
        int it = ladro__field(def, "Time");
        if (it > 0) {
            double t = strtod(tok[it], NULL);
            if (t < last_t)
                LADRO__FAIL("time %s goes backwards (previous %g)", tok[it], last_t);
            last_t = t;
        }
        int found;
        long s;
        const char *nm = def->name;
        if (!strcmp(nm, "PajeDefineContainerType") || !strcmp(nm, "PajeDefineStateType") ||
            !strcmp(nm, "PajeDefineLinkType")) {
            const char *parent = tok[ladro__field(def, "Type")];
            if (strcmp(parent, "0")) {
                s = ladro__set_slot(&types, parent, 0, &found);
                if (!found)
                    LADRO__FAIL("parent type '%s' not defined", parent);
            }
            s = ladro__set_slot(&types, tok[ladro__field(def, "Alias")], 1, &found);
            if (s < 0 || found)
                LADRO__FAIL("type '%s' defined twice", tok[ladro__field(def, "Alias")]);
            types.v[s] = !strcmp(nm, "PajeDefineStateType")  ? 2
                         : !strcmp(nm, "PajeDefineLinkType") ? 3
                                                             : 1;
        } else if (!strcmp(nm, "PajeDefineEntityValue")) {
            const char *ty = tok[ladro__field(def, "Type")];
            s = ladro__set_slot(&types, ty, 0, &found);
            if (!found)
                LADRO__FAIL("value of undefined type '%s'", ty);
            char key[256];
            snprintf(key, sizeof key, "%s/%s", ty, tok[ladro__field(def, "Alias")]);
            s = ladro__set_slot(&values, key, 1, &found);
            if (s < 0 || found)
                LADRO__FAIL("value '%s' defined twice", key);
        } else if (!strcmp(nm, "PajeCreateContainer")) {
            const char *parent = tok[ladro__field(def, "Container")];
            if (strcmp(parent, "0")) {
                s = ladro__set_slot(&conts, parent, 0, &found);
                if (!found || conts.v[s] != 1)
                    LADRO__FAIL("parent container '%s' does not exist", parent);
            }
            const char *ty = tok[ladro__field(def, "Type")];
            s = ladro__set_slot(&types, ty, 0, &found);
            if (!found || types.v[s] != 1)
                LADRO__FAIL("'%s' is not a container type", ty);
            s = ladro__set_slot(&conts, tok[ladro__field(def, "Alias")], 1, &found);
            if (s < 0 || found)
                LADRO__FAIL("container '%s' created twice", tok[ladro__field(def, "Alias")]);
            conts.v[s] = 1;
        } else if (!strcmp(nm, "PajeDestroyContainer")) {
            s = ladro__set_slot(&conts, tok[ladro__field(def, "Name")], 0, &found);
            if (!found || conts.v[s] != 1)
                LADRO__FAIL("destroying container '%s' that is not alive",
                            tok[ladro__field(def, "Name")]);
            conts.v[s] = 2;
        } else if (!strcmp(nm, "PajeSetState") || !strcmp(nm, "PajeStartLink") ||
                   !strcmp(nm, "PajeEndLink")) {
            /* a state or a link end: on a live container, with a defined value */
            int state = !strcmp(nm, "PajeSetState"), start = !strcmp(nm, "PajeStartLink");
            const char *c = tok[ladro__field(def, state   ? "Container"
                                                  : start ? "StartContainer"
                                                          : "EndContainer")];
            s = ladro__set_slot(&conts, c, 0, &found);
            if (!found || conts.v[s] != 1)
                LADRO__FAIL("%s on container '%s' that is not alive",
                            state ? "state" : "link end", c);
            char key[256];
            snprintf(key, sizeof key, "%s/%s", tok[ladro__field(def, "Type")],
                     tok[ladro__field(def, "Value")]);
            ladro__set_slot(&values, key, 0, &found);
            if (!found)
                LADRO__FAIL("%s value '%s' not defined", state ? "state" : "link", key);
            if (state) {
                nstates++;
                continue;
            }
            const char *k = tok[ladro__field(def, "Key")];
            s = ladro__set_slot(&links, k, start, &found);
            if (start) {
                if (s < 0 || found)
                    LADRO__FAIL("link key '%s' started twice", k);
                links.v[s] = 1;
                nlinks++;
            } else {
                if (!found || links.v[s] != 1)
                    LADRO__FAIL("link key '%s' ended but not open", k);
                links.v[s] = 2;
            }
        }
    }
    ln++;
    if (in_def)
        LADRO__FAIL("unterminated %%EventDef");
    for (size_t i = 0; i < links.cap; i++)
        if (links.k[i] && links.v[i] == 1)
            LADRO__FAIL("link '%s' never ended", links.k[i]);
    for (size_t i = 0; i < conts.cap; i++)
        if (conts.k[i] && conts.v[i] == 1)
            LADRO__FAIL("container '%s' never destroyed (its state is never closed)",
                        conts.k[i]);
    {
        int unused = 0;
        for (int i = 0; i < ndef; i++)
            unused += defs[i].used == 0;
        snprintf(msg, msglen,
                 "%ld events, %d definitions (%d unused), %zu containers, %ld states, "
                 "%ld links, all links ended, all containers destroyed",
                 nev, ndef, unused, conts.n, nstates, nlinks);
    }
out:
#undef LADRO__FAIL
    fclose(f);
    ladro__set_free(&types);
    ladro__set_free(&values);
    ladro__set_free(&conts);
    ladro__set_free(&links);
    return rc;
}
