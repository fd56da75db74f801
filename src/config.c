/* Configuration: one descriptor table of the core's keys (and, in each policy's file, a
 * table of that policy's options, same type), with one parser, one printer and one
 * validator for both: ladro_config_set, the LADRO_* environment, ladro_print_config,
 * ladro_config_validate and docs/envvars.md all read the tables. */
#include "config.h"
#include "ladro_int.h"
#include "policy.h"
#include "speed.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h> /* strcasecmp: policy names */

extern char **environ;

/* ---- speed specs: resolved by src/speed.c (shared with ladro-sim) ---------------- */
int ladro_speed_of(const char *spec, int rank, int nranks, double *speed, char *err,
                   size_t errlen)
{
    return ladroi_speed_of(spec, rank, nranks, speed, err, errlen) == 0 ? LADRO_OK
                                                                          : LADRO_EINVAL;
}

/* ---- checks beyond a key's type and range --------------------------------------------- */
static int ladro__check_policy(const char *v, char *err, size_t errlen)
{
    if (ladroi_policy_find(v))
        return 0;
    char names[256] = "";
    for (const char *const *n = ladro_policy_names(); *n; n++) {
        strncat(names, *n, sizeof names - strlen(names) - 1);
        if (n[1])
            strncat(names, ", ", sizeof names - strlen(names) - 1);
    }
    const char *best = ladroi_closest_in(v, ladro_policy_names());
    return ladroi_failbuf(err, errlen, LADRO_ENOPOLICY, "policy='%.*s%s': unknown;%s%s%s "
                          "accepted: %s", LADROI_SHOW(v), best ? " did you mean '" : "",
                          best ? best : "", best ? "'?" : "", names);
}

static int ladro__check_pow2(const char *v, char *err, size_t errlen)
{
    uint64_t x = strtoull(v, NULL, 0); /* the type's parse accepted v */
    if (x & (x - 1))
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "task_capacity='%.*s%s': accepted: "
                              "a power of two in [2, 4194304]", LADROI_SHOW(v));
    return 0;
}

static int ladro__check_trace(const char *v, char *err, size_t errlen)
{
    if (*v && ladroi_trace_format(v) < 0)
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "trace='%.*s%s': accepted: empty "
                              "(off) or a path ending in .paje, .trace (Paje), .json (Chrome "
                              "trace) or .csv", LADROI_SHOW(v));
    return 0;
}

/* ---- the core's keys: every key is the field of the same name ------------------------ */
#define LADRO__F(field) LADROI_OPT_FIELD(ladro_config_t, field)
static const char *const ladro__idle_names[] = {"auto", "spin", "backoff", NULL};
static const char *const ladro__guard_names[] = {"off", "pace", "auto", NULL};

static const ladroi_opt_t ladro__keys[] = {
    {.key = "policy", .type = LADROI_OPT_STR, LADRO__F(policy), .check = ladro__check_policy,
     .def = "random", .accepted = "a registered policy (`ladro_policy_names()`)",
     .doc = "load-balancing policy"},
    {.key = "paper", .type = LADROI_OPT_INT, LADRO__F(paper), .max = 1, .def = "0",
     .accepted = "0, 1",
     .doc = "1: the policy runs as its paper describes (docs/policies/<policy>.md, \"The "
            "paper's configuration\"; steal guard and back-off pacing off); `ladro_create` "
            "refuses a rule ladro cannot give; 0: ladro's best measured configuration"},
    {.key = "seed", .type = LADROI_OPT_U64, LADRO__F(seed), .max = UINT64_MAX, .def = "1",
     .accepted = "an unsigned 64-bit integer", .doc = "RNG seed, same on every rank"},
    {.key = "task_bytes", .type = LADROI_OPT_SIZE, LADRO__F(task_bytes), .max = 1u << 20,
     .def = "0", .accepted = "an integer in [0, 1048576]",
     .doc = "inline payload bytes per task (same on every rank)"},
    {.key = "task_capacity", .type = LADROI_OPT_U32, LADRO__F(task_capacity), .min = 2,
     .max = 1u << 22, .check = ladro__check_pow2, .def = "4096",
     .accepted = "a power of two in [2, 4194304]",
     .doc = "stealable task slots per rank; more tasks stay private, never lost"},
    {.key = "chunk", .type = LADROI_OPT_U32, LADRO__F(chunk), .min = 1, .max = 1u << 16,
     .def = "1", .accepted = "an integer in [1, 65536], at most task_capacity/2",
     .doc = "tasks a rank keeps private before exposing more to thieves"},
    {.key = "backoff_min_us", .type = LADROI_OPT_DOUBLE, LADRO__F(backoff_min_us),
     .dmax = 1e6, .def = "5", .accepted = "a number of microseconds in [0, 1e6]",
     .doc = "pause between two idle rounds when spinning; first idle sleep after a "
            "failed round when backing off"},
    {.key = "backoff_max_us", .type = LADROI_OPT_DOUBLE, LADRO__F(backoff_max_us),
     .dmax = 1e7, .def = "2000",
     .accepted = "a number of microseconds in [0, 1e7], at least backoff_min_us",
     .doc = "cap of the doubling idle sleep"},
    {.key = "backoff_pace", .type = LADROI_OPT_DOUBLE, LADRO__F(backoff_pace), .dmax = 100,
     .def = "0.25", .accepted = "a number in [0, 100]",
     .doc = "caps the idle sleep also at this share of the rank's mean task time so far "
            "(never under `backoff_min_us`): a thief does not sleep through most of a "
            "short task; 0, or before the rank's first task: `backoff_max_us` alone"},
    {.key = "idle", .type = LADROI_OPT_ENUM, LADRO__F(idle), .names = ladro__idle_names,
     .def = "auto", .accepted = "auto, spin, backoff",
     .doc = "how an idle rank waits between rounds: `spin` polls for messages for "
            "`backoff_min_us` (returning as soon as one arrives), `backoff` sleeps "
            "`backoff_min_us` doubling to `backoff_max_us`; `auto` spins when the ranks on "
            "the node have a core each (their CPU affinity), else backs off"},
    {.key = "result_bytes", .type = LADROI_OPT_SIZE, LADRO__F(result_bytes),
     .max = 1u << 20, .def = "0", .accepted = "an integer in [0, 1048576]",
     .doc = "result bytes a task sends back to its owner (same on every rank): "
            "`ladro_result` sets them, `ladro_result_next` takes them at the owner; the "
            "task completes when its result is home"},
    {.key = "trace", .type = LADROI_OPT_STR, LADRO__F(trace), .check = ladro__check_trace,
     .def = "", .accepted = "empty (off) or a path shorter than 256 characters ending in "
                            ".paje, .trace (Paje), .json (Chrome trace) or .csv",
     .doc = "write a task trace of the run there at `ladro_destroy` (docs/tracing.md)"},
    {.key = "watchdog", .type = LADROI_OPT_DOUBLE, LADRO__F(watchdog), .dmax = 1e6,
     .def = "0", .accepted = "0 (off) or seconds in (0, 1e6]",
     .doc = "seconds: fail with `LADRO_ETIMEDOUT` when no task completes anywhere for that "
            "long"},
    {.key = "progress", .type = LADROI_OPT_DOUBLE, LADRO__F(progress), .dmax = 1e6,
     .def = "0", .accepted = "0 (off) or seconds in (0, 1e6]",
     .doc = "seconds: busy ranks also join a termination wave that often, so "
            "`ladro_global_counts` (progress lines, ETA) stays fresh; 0 = waves only from "
            "idle ranks"},
    {.key = "threads", .type = LADROI_OPT_U32, LADRO__F(threads), .min = 1, .max = 1024,
     .def = "1", .accepted = "an integer in [1, 1024]",
     .doc = "worker threads per rank, run by `ladro_run` (1: the calling thread runs the "
            "tasks, as `ladro_next` does; docs/user-guide.md, \"Threads inside a rank\")"},
    {.key = "steal_guard", .type = LADROI_OPT_ENUM, LADRO__F(steal_guard),
     .names = ladro__guard_names, .def = "auto", .accepted = "auto, off, pace",
     .doc = "`pace`: a rank over 2.5 times as slow as the fastest takes no task it would "
            "end after the run, once its tasks are alike (docs/user-guide.md, "
            "\"Heterogeneous ranks\"); `off`: the policy's own rule; `auto`: `pace`, under a2ws "
            "only where its view is not the whole ring"},
    {.key = "journal", .type = LADROI_OPT_STR, LADRO__F(journal), .def = "",
     .accepted = "empty (off) or a directory path shorter than 256 characters",
     .doc = "restartable runs: every rank records each task it completes in DIR/rank-<r>.jnl; "
            "a run given a directory holding records resumes it (docs/user-guide.md, "
            "\"Restarting a run\")"},
    {.key = "journal_id", .type = LADROI_OPT_U64, LADRO__F(journal_id), .max = UINT64_MAX,
     .def = "0", .accepted = "an unsigned 64-bit integer",
     .doc = "the program's fingerprint, kept in the journal's header: a resume with "
            "another value is refused"},
};
#define LADRO__NKEYS (sizeof ladro__keys / sizeof ladro__keys[0])

/* LADRO_* variables read elsewhere (not config keys) — accepted by from_env. */
static const char *const ladro__other_env[] = {"LADRO_EXPECT_NP", NULL};

/* Keys that were removed: research variants that lost to the default, settings that the
 * tools and tests own (injected delays, speed emulation), or settings that
 * `paper` now selects. Setting one is an error saying what replaced it ("{paper}" is
 * written as the way the key was set: paper=1 or LADRO_PAPER=1). */
static const struct {
    const char *key, *why;
} ladro__removed[] = {
    {"steal_fraction", "random's and baseline's thieves take the victim's oldest task, the "
                       "other policies' half of its stealable tasks (one once tasks spawn "
                       "tasks); {paper} gives every paper's half"},
    {"ctws_termination", "ctws ends by the runtime's termination waves; {paper} gives the "
                         "paper's finish token"},
    {"ctws_tokens", "ctws uses one token per 4 ranks; {paper} gives the paper's single "
                    "token"},
    {"ctws_probe", "a ctws holder whose list ran dry reads 16 random ranks; {paper} gives the "
                   "paper's none"},
    {"ctws_ring", "ctws's rings are consecutive ranks, spread under steal_guard=pace; "
                  "{paper} gives the paper's consecutive ring"},
    {"whole_max", "a2ws's default radius is the whole ring up to 1024 ranks (radius sets "
                  "another); {paper} gives the paper's 20 % of the ranks"},
    {"radius_max", "beyond 1024 ranks a2ws's default radius is ceil(P/4) at most 256 "
                   "(radius sets another)"},
    {"a2ws_probe", "an a2ws rank whose subsystem offers no victim reads one random rank "
                   "beyond it; {paper} gives the paper's none"},
    {"load_draws", "a baseline or successonly thief reads at most 8 random ranks' loads per "
                   "search step; {paper} gives the paper's search until a loaded rank"},
    {"load_threshold", "a rank with a stealable task is a victim (a threshold of 0, also "
                       "under {paper})"},
    {"successonly_nocycle", "the no-cycle variant did not beat successonly "
                            "(bench/loadaware/README.md); cyclic_steals counts the cycles"},
    {"successonly_withdraw", "the withdrawing variant did not beat successonly "
                             "(bench/loadaware/README.md)"},
    {"sw_degree", "smallworld draws 2*floor(log2(P-1)) shortcuts per rank"},
    {"sw_ring", "smallworld's ring is consecutive ranks, spread under steal_guard=pace"},
    {"leader_thread", "the leader serves from a thread when MPI provides "
                      "MPI_THREAD_MULTIPLE, else from ladro_next and ladro_progress; "
                      "{paper} requires the thread"},
    {"poll_interval", "a busy rank serves the protocol by itself, every 20 us of "
                      "ladro_next and ladro_progress calls"},
    {"delay_us", "injected delays are the stress tools' (ladro-synth --delay-us, "
                 "apps/common/rma_delay.h)"},
    {"speed", "speeds are emulated by the programs' --speed SPEC (ladro-synth, ladro-bench, "
              "ladro-sim, ladro-seismic, ladro-rtm) or by ladro_emulate()"},
    {"emulate", "the padding's mode is the programs' --emulate (sleep, spin: ladro-synth, "
                "ladro-bench, ladro-seismic, ladro-rtm) or ladro_emulate()'s"},
};

/* The message of a removed key, named as it was set (key or LADRO_ variable), or 0. */
static int ladro__removed_key(const char *key, const char *name, const char *paper,
                              char *err, size_t errlen)
{
    for (size_t i = 0; i < sizeof ladro__removed / sizeof ladro__removed[0]; i++) {
        if (strcmp(ladro__removed[i].key, key) != 0)
            continue;
        char why[512];
        const char *w = ladro__removed[i].why, *at = strstr(w, "{paper}");
        if (at)
            snprintf(why, sizeof why, "%.*s%s%s", (int)(at - w), w, paper, at + 7);
        else
            snprintf(why, sizeof why, "%s", w);
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "%s was removed: %s", name, why);
    }
    return 0;
}

/* ---- the generic parser and printer ---------------------------------------------------- */
int ladroi_opt_parse(const ladroi_opt_t *o, void *base, const char *v, char *err,
                     size_t errlen)
{
    char *f = (char *)base + o->off;
    uint64_t u = 0;
    double d = 0;
    int idx = -1;
    bool ok;
    switch (o->type) {
    case LADROI_OPT_DOUBLE:
        ok = ladroi_parse_double(v, o->dmin, o->dmax, o->open, &d) == 0;
        break;
    case LADROI_OPT_STR:
        ok = strlen(v) < o->size;
        break;
    case LADROI_OPT_ENUM:
        for (int i = 0; o->names[i]; i++)
            if (strcmp(o->names[i], v) == 0)
                idx = i;
        ok = idx >= 0;
        break;
    default:
        ok = ladroi_parse_u64(v, o->min, o->max, &u) == 0;
    }
    if (!ok)
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "%s='%.*s%s': accepted: %s", o->key,
                              LADROI_SHOW(v), o->accepted);
    if (o->check) {
        int rc = o->check(v, err, errlen);
        if (rc)
            return rc;
    }
    switch (o->type) {
    case LADROI_OPT_U64: memcpy(f, &u, sizeof u); break;
    case LADROI_OPT_U32: { uint32_t x = (uint32_t)u; memcpy(f, &x, sizeof x); } break;
    case LADROI_OPT_SIZE: { size_t x = (size_t)u; memcpy(f, &x, sizeof x); } break;
    case LADROI_OPT_INT: { int x = (int)u; memcpy(f, &x, sizeof x); } break;
    case LADROI_OPT_ENUM: { int x = o->base + idx; memcpy(f, &x, sizeof x); } break;
    case LADROI_OPT_DOUBLE: memcpy(f, &d, sizeof d); break;
    case LADROI_OPT_STR: snprintf(f, o->size, "%s", v); break;
    }
    return 0;
}

void ladroi_opt_show(const ladroi_opt_t *o, const void *base, char *buf, size_t n)
{
    const char *f = (const char *)base + o->off;
    uint64_t u = 0; /* the unsigned types, widened */
    uint32_t u32;
    size_t sz;
    int i = 0;
    double d;
    switch (o->type) {
    case LADROI_OPT_U64:
        memcpy(&u, f, sizeof u);
        break;
    case LADROI_OPT_U32:
        memcpy(&u32, f, sizeof u32);
        u = u32;
        break;
    case LADROI_OPT_SIZE:
        memcpy(&sz, f, sizeof sz);
        u = sz;
        break;
    case LADROI_OPT_INT:
    case LADROI_OPT_ENUM:
        memcpy(&i, f, sizeof i);
        break;
    }
    if (o->type == LADROI_OPT_INT)
        snprintf(buf, n, "%d", i);
    else if (o->type == LADROI_OPT_DOUBLE) {
        memcpy(&d, f, sizeof d);
        snprintf(buf, n, "%.17g", d);
    } else if (o->type == LADROI_OPT_STR)
        snprintf(buf, n, "%.*s", (int)strnlen(f, o->size), f);
    else if (o->type == LADROI_OPT_ENUM) {
        int k = 0;
        while (o->names[k] && k != i - o->base)
            k++;
        snprintf(buf, n, "%s", o->names[k] ? o->names[k] : "?");
    } else
        snprintf(buf, n, "%llu", (unsigned long long)u);
}

/* ---- lookups: the core's keys, then the registered policies' options ------------------- */
static const ladroi_opt_t *ladro__core_key(const char *key)
{
    for (size_t i = 0; i < LADRO__NKEYS; i++)
        if (strcmp(ladro__keys[i].key, key) == 0)
            return &ladro__keys[i];
    return NULL;
}

static const ladroi_opt_t *ladro__policy_key(const ladroi_policy_ops_t *ops, const char *key)
{
    for (size_t i = 0; ops && i < ops->nopts; i++)
        if (!ops->opts[i].fixed && strcmp(ops->opts[i].key, key) == 0)
            return &ops->opts[i];
    return NULL;
}

/* The first registered policy declaring `key` (its descriptor in *opt), or NULL. Policies
 * sharing a key (baseline and successonly's load_threshold) share its descriptor. */
static const ladroi_policy_ops_t *ladro__owner(const char *key, const ladroi_opt_t **opt)
{
    for (size_t p = 0; ladroi_policy_at(p); p++)
        if ((*opt = ladro__policy_key(ladroi_policy_at(p), key)) != NULL)
            return ladroi_policy_at(p);
    return NULL;
}

const char *ladroi_config_key(size_t i)
{
    if (i < LADRO__NKEYS)
        return ladro__keys[i].key;
    i -= LADRO__NKEYS;
    for (size_t p = 0; ladroi_policy_at(p); p++) {
        const ladroi_policy_ops_t *ops = ladroi_policy_at(p);
        for (size_t k = 0; k < ops->nopts; k++) {
            const ladroi_opt_t *first;
            if (ops->opts[k].fixed || ladro__owner(ops->opts[k].key, &first) != ops)
                continue;
            if (i-- == 0)
                return ops->opts[k].key;
        }
    }
    return NULL;
}

static const char *ladro__key_at(size_t i, const void *ctx)
{
    (void)ctx;
    return ladroi_config_key(i);
}

/* The key closest to `key` (ladroi_closest), or NULL. */
static const char *ladro__close_key(const char *key)
{
    return ladroi_closest(key, ladro__key_at, NULL);
}

/* One line naming a close key, or else the accepted ones. */
static int ladro__unknown_key(const char *key, char *err, size_t errlen)
{
    const char *best = ladro__close_key(key);
    char names[1024] = "";
    for (size_t i = 0; ladroi_config_key(i); i++)
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "",
                 ladroi_config_key(i));
    if (best)
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "unknown configuration key "
                              "'%.*s%s'; did you mean '%s'? (docs/envvars.md lists them)",
                              LADROI_SHOW(key), best);
    return ladroi_failbuf(err, errlen, LADRO_EINVAL, "unknown configuration key '%.*s%s'; "
                          "accepted: %s", LADROI_SHOW(key), names);
}

static int ladro__check_size(const ladro_config_t *cfg, const char *fn, char *err,
                             size_t errlen)
{
    if (!cfg)
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "%s: NULL configuration", fn);
    if (cfg->struct_size != sizeof *cfg)
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "%s: configuration of %zu bytes, "
                              "this library's is %zu: call ladro_config_init first (or "
                              "rebuild against this ladro.h)", fn, cfg->struct_size,
                              sizeof *cfg);
    return LADRO_OK;
}

/* A policy option's value, parsed by its declaration into scratch memory. */
static int ladro__check_option(const ladroi_opt_t *o, const char *value, char *err,
                               size_t errlen)
{
    unsigned char scratch[LADRO_PATH_MAX + 64];
    if (o->off + o->size > sizeof scratch)
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "%s: option field out of range",
                              o->key);
    return ladroi_opt_parse(o, scratch, value, err, errlen);
}

/* ---- public functions ------------------------------------------------------------------ */
void ladro_config_init(ladro_config_t *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->struct_size = sizeof *cfg;
    for (size_t i = 0; i < LADRO__NKEYS; i++) /* the defaults are valid (test_config) */
        ladroi_opt_parse(&ladro__keys[i], cfg, ladro__keys[i].def, NULL, 0);
}

int ladro_config_set(ladro_config_t *cfg, const char *key, const char *value, char *err,
                     size_t errlen)
{
    int rc = ladro__check_size(cfg, "ladro_config_set", err, errlen);
    if (rc)
        return rc;
    if (!key || !value)
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "ladro_config_set: NULL argument");
    if ((rc = ladro__removed_key(key, key, "paper=1", err, errlen)) != 0)
        return rc;
    const ladroi_opt_t *o = ladro__core_key(key);
    if (o) {
        if (!strcmp(key, "policy")) /* names are matched case-insensitively, kept lower case */
            for (const char *const *n = ladro_policy_names(); *n; n++)
                if (!strcasecmp(*n, value))
                    value = *n;
        ladro_config_t tmp = *cfg;
        rc = ladroi_opt_parse(o, &tmp, value, err, errlen);
        if (rc == 0)
            *cfg = tmp;
        return rc;
    }
    if (!ladro__owner(key, &o))
        return ladro__unknown_key(key, err, errlen);
    /* A policy's option: check the value with its declaration, keep it as text. */
    if ((rc = ladro__check_option(o, value, err, errlen)) != 0)
        return rc;
    int i = 0;
    while (i < cfg->npolicy_opts && strcmp(cfg->policy_opts[i].key, key) != 0)
        i++;
    if (i == LADRO_POLICY_OPTS_MAX)
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "%s='%.*s%s': accepted: at most %d "
                              "policy options in one configuration", key, LADROI_SHOW(value),
                              LADRO_POLICY_OPTS_MAX);
    if (strlen(key) >= LADRO_NAME_MAX || strlen(value) >= LADRO_PATH_MAX)
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "%s='%.*s%s': accepted: a value "
                              "shorter than %d characters", key, LADROI_SHOW(value),
                              LADRO_PATH_MAX);
    snprintf(cfg->policy_opts[i].key, sizeof cfg->policy_opts[i].key, "%s", key);
    snprintf(cfg->policy_opts[i].value, sizeof cfg->policy_opts[i].value, "%s", value);
    if (i == cfg->npolicy_opts)
        cfg->npolicy_opts++;
    return LADRO_OK;
}

int ladro_config_get(const ladro_config_t *cfg, const char *key, char *buf, size_t buflen)
{
    if (ladro__check_size(cfg, "ladro_config_get", NULL, 0) || !key || !buf || !buflen)
        return LADRO_EINVAL;
    char val[LADRO_PATH_MAX + 32];
    const ladroi_opt_t *o = ladro__core_key(key);
    if (o)
        ladroi_opt_show(o, cfg, val, sizeof val);
    else if (ladro__owner(key, &o)) {
        snprintf(val, sizeof val, "%s", o->def);
        for (int i = 0; i < cfg->npolicy_opts && i < LADRO_POLICY_OPTS_MAX; i++)
            if (strcmp(cfg->policy_opts[i].key, key) == 0)
                snprintf(val, sizeof val, "%s", cfg->policy_opts[i].value);
    } else
        return LADRO_EINVAL;
    if (strlen(val) >= buflen)
        return LADRO_EINVAL;
    memcpy(buf, val, strlen(val) + 1);
    return LADRO_OK;
}

int ladro_config_from_env(ladro_config_t *cfg, char *err, size_t errlen)
{
    int rc = ladro__check_size(cfg, "ladro_config_from_env", err, errlen);
    if (rc)
        return rc;
    for (char **e = environ; e && *e; e++) {
        if (strncmp(*e, "LADRO_", 6) != 0)
            continue;
        const char *eq = strchr(*e, '=');
        if (!eq)
            continue;
        char name[64];
        size_t n = (size_t)(eq - *e);
        if (n >= sizeof name)
            return ladroi_failbuf(err, errlen, LADRO_EINVAL, "environment variable %.40s...: "
                                  "unknown LADRO_ variable", *e);
        memcpy(name, *e, n);
        name[n] = 0;
        bool other = false;
        for (const char *const *o = ladro__other_env; *o; o++)
            other |= strcmp(*o, name) == 0;
        if (other)
            continue;
        char key[64];
        for (size_t i = 6; i <= n; i++)
            key[i - 6] = (char)tolower((unsigned char)name[i]);
        char inner[LADROI_ERRLEN];
        const ladroi_opt_t *o;
        if ((rc = ladro__removed_key(key, name, "LADRO_PAPER=1", err, errlen)) != 0)
            return rc;
        if (!ladro__core_key(key) && !ladro__owner(key, &o)) {
            const char *best = ladro__close_key(key);
            char upper[64] = "";
            for (size_t i = 0; best && best[i] && i + 1 < sizeof upper; i++)
                upper[i] = (char)toupper((unsigned char)best[i]);
            return ladroi_failbuf(err, errlen, LADRO_EINVAL, "environment variable %s: unknown "
                                  "LADRO_ variable%s%s%s (docs/envvars.md lists them)", name,
                                  best ? "; did you mean LADRO_" : "", upper, best ? "?" : "");
        }
        rc = ladro_config_set(cfg, key, eq + 1, inner, sizeof inner);
        if (rc)
            return ladroi_failbuf(err, errlen, rc, "environment variable %s: %s", name, inner);
    }
    return LADRO_OK;
}

int ladroi_policy_opts(const ladroi_policy_ops_t *ops, const ladro_config_t *cfg, void *opts,
                       char *err, size_t errlen)
{
    for (size_t i = 0; i < ops->nopts; i++) {
        const ladroi_opt_t *o = &ops->opts[i];
        int rc = ladroi_opt_parse(o, opts, cfg->paper && o->paper ? o->paper : o->def, err,
                                  errlen);
        if (rc)
            return rc;
    }
    for (int i = 0; i < cfg->npolicy_opts; i++) {
        const ladroi_opt_t *o = ladro__policy_key(ops, cfg->policy_opts[i].key);
        if (!o)
            continue; /* another policy's option */
        int rc = ladroi_opt_parse(o, opts, cfg->policy_opts[i].value, err, errlen);
        if (rc)
            return rc;
    }
    return LADRO_OK;
}

int ladro_config_validate(const ladro_config_t *cfg, char *err, size_t errlen)
{
    int rc = ladro__check_size(cfg, "ladro_config_validate", err, errlen);
    if (rc)
        return rc;
    if (memchr(cfg->policy, 0, sizeof cfg->policy) == NULL)
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "policy: not NUL-terminated");
    /* Re-parse every key's shown value: one definition of "valid". The scratch copy is
     * on the heap: the simulator runs this on small actor stacks (sim/policy_cli.c). */
    ladro_config_t *tmp = malloc(sizeof *tmp);
    if (!tmp)
        return ladroi_failbuf(err, errlen, LADRO_ENOMEM, "out of memory");
    for (size_t i = 0; i < LADRO__NKEYS; i++) {
        char buf[LADRO_PATH_MAX + 32];
        *tmp = *cfg;
        ladroi_opt_show(&ladro__keys[i], cfg, buf, sizeof buf);
        if ((rc = ladroi_opt_parse(&ladro__keys[i], tmp, buf, err, errlen)) != 0) {
            free(tmp);
            return rc;
        }
    }
    free(tmp);
    if (cfg->npolicy_opts < 0 || cfg->npolicy_opts > LADRO_POLICY_OPTS_MAX)
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "npolicy_opts=%d: accepted: 0 to %d",
                              cfg->npolicy_opts, LADRO_POLICY_OPTS_MAX);
    for (int i = 0; i < cfg->npolicy_opts; i++) {
        const ladro_policy_opt_t *po = &cfg->policy_opts[i];
        const ladroi_opt_t *o;
        if (!memchr(po->key, 0, sizeof po->key) || !memchr(po->value, 0, sizeof po->value))
            return ladroi_failbuf(err, errlen, LADRO_EINVAL, "policy option %d: not "
                                  "NUL-terminated", i);
        if (!ladro__owner(po->key, &o))
            return ladro__unknown_key(po->key, err, errlen);
        if ((rc = ladro__check_option(o, po->value, err, errlen)) != 0)
            return rc;
    }
    /* The chosen policy's options, as ladro_create will parse them. */
    const ladroi_policy_ops_t *ops = ladroi_policy_find(cfg->policy);
    if (ops && ops->opts_size) {
        void *opts = calloc(1, ops->opts_size);
        if (!opts)
            return ladroi_failbuf(err, errlen, LADRO_ENOMEM, "out of memory");
        rc = ladroi_policy_opts(ops, cfg, opts, err, errlen);
        free(opts);
        if (rc)
            return rc;
    }
    if (cfg->chunk > cfg->task_capacity / 2)
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "chunk=%u: must be at most "
                              "task_capacity/2 = %u", cfg->chunk, cfg->task_capacity / 2);
    if (cfg->backoff_max_us < cfg->backoff_min_us)
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "backoff_max_us=%g: must be >= "
                              "backoff_min_us=%g", cfg->backoff_max_us, cfg->backoff_min_us);
    return LADRO_OK;
}

static void ladro__env_name(const char *key, char *env, size_t n)
{
    size_t k = (size_t)snprintf(env, n, "LADRO_");
    for (const char *p = key; *p && k + 1 < n; p++)
        env[k++] = (char)toupper((unsigned char)*p);
    env[k] = 0;
}

static void ladro__print_line(FILE *out, const ladroi_opt_t *o, const char *val)
{
    char env[64];
    ladro__env_name(o->key, env, sizeof env);
    fprintf(out, "  %-20s %-26s %-20s %s\n", o->key, env, val, o->doc);
}

void ladroi_config_effective(const ladro_config_t *cfg, ladro_config_t *out)
{
    *out = *cfg;
    if (!cfg->paper)
        return;
    out->steal_guard = LADRO_STEAL_GUARD_OFF; /* no paper has the guard or the pacing */
    out->backoff_pace = 0;
}

void ladro_print_config(FILE *out, const ladro_config_t *cfg)
{
    char val[LADRO_PATH_MAX + 32], was[LADRO_PATH_MAX + 32];
    if (ladro__check_size(cfg, "ladro_print_config", val, sizeof val)) {
        fprintf(out, "%s\n", val);
        return;
    }
    /* The values in force: what paper=1 changed is marked. */
    ladro_config_t eff;
    ladroi_config_effective(cfg, &eff);
    for (size_t i = 0; i < LADRO__NKEYS; i++) {
        ladroi_opt_show(&ladro__keys[i], &eff, val, sizeof val);
        ladroi_opt_show(&ladro__keys[i], cfg, was, sizeof was);
        if (strcmp(val, was) != 0)
            snprintf(val + strlen(val), sizeof val - strlen(val), " (paper)");
        ladro__print_line(out, &ladro__keys[i], val);
    }
    const ladroi_policy_ops_t *ops = ladroi_policy_find(cfg->policy);
    bool any = false, fixed = false;
    for (size_t i = 0; ops && i < ops->nopts; i++) {
        if (ops->opts[i].fixed) {
            fixed = true;
            continue;
        }
        if (!any)
            fprintf(out, "  %s options:\n", ops->name);
        any = true;
        ladro_config_get(cfg, ops->opts[i].key, val, sizeof val);
        ladro__print_line(out, &ops->opts[i], val);
    }
    if (fixed)
        fprintf(out, "  %s settings (not keys; %s):\n", ops->name,
                cfg->paper ? "the paper's, by paper=1" : "paper=1 gives the paper's");
    for (size_t i = 0; ops && fixed && i < ops->nopts; i++) {
        const ladroi_opt_t *o = &ops->opts[i];
        if (!o->fixed)
            continue;
        const char *v = cfg->paper && o->paper ? o->paper : o->def;
        fprintf(out, "  %-20s %-26s %-20s %s\n", o->key, "", *v ? v : "(empty)", o->doc);
    }
    if (ops && cfg->paper && ops->paper_workers)
        fprintf(out, "  %-20s %-26s %-20s %s\n", "communication_worker", "", "on (paper)",
                "ladro_run runs the tasks on `threads` computation worker threads beside the "
                "rank's communication thread (the paper's communication worker)");
}

/* ---- docs/envvars.md: the tables as markdown, and each policy's counters --------------- */
static void ladro__doc_row(FILE *out, const ladroi_opt_t *o)
{
    char env[64];
    ladro__env_name(o->key, env, sizeof env);
    fprintf(out, "| `%s` | %s | %s | %s | %s |\n", env, o->key, *o->def ? o->def : "(empty)",
            o->accepted, o->doc);
}

/* A run of counters numbered name_0, name_1, ... from i: its length (1: not a run). */
static size_t ladro__counter_run(const ladroi_policy_ops_t *ops, size_t i)
{
    const char *n = ops->counters[i].name, *u = strrchr(n, '_');
    if (!u || u[1] < '0' || u[1] > '9')
        return 1;
    size_t len = (size_t)(u - n) + 1, j = i + 1;
    while (j < ops->ncounters && !strncmp(ops->counters[j].name, n, len) &&
           ops->counters[j].name[len] >= '0' && ops->counters[j].name[len] <= '9')
        j++;
    return j - i;
}

static bool ladro__has_counter(const ladroi_policy_ops_t *ops, const char *name)
{
    for (size_t i = 0; i < ops->ncounters; i++)
        if (!strcmp(ops->counters[i].name, name))
            return true;
    return false;
}

/* The counters' list; those of an earlier policy `like` are named by reference. */
static void ladro__doc_counters(FILE *out, const ladroi_policy_ops_t *ops,
                                const ladroi_policy_ops_t *like)
{
    fprintf(out, "\nCounters (`ladro_stats_counter`, JSON/CSV output; summed over ranks "
                 "unless marked max)");
    if (like) {
        fprintf(out, ": `%s`'s", like->name);
        const char *sep = " without ";
        for (size_t i = 0; i < like->ncounters; i++)
            if (!ladro__has_counter(ops, like->counters[i].name)) {
                fprintf(out, "%s`%s`", sep, like->counters[i].name);
                sep = ", ";
            }
        fprintf(out, ", and");
    }
    fprintf(out, ":\n\n");
    for (size_t i = 0; i < ops->ncounters;) {
        const ladroi_counter_t *c = &ops->counters[i];
        size_t run = ladro__counter_run(ops, i);
        if (!(like && ladro__has_counter(like, c->name))) {
            const char *g = c->gather == LADROI_SUM ? "" : " (max)";
            if (run < 3) {
                fprintf(out, "- `%s`%s: %s\n", c->name, g, c->doc);
                run = 1;
            } else { /* one row: the first's text ... the last's past their common start */
                const ladroi_counter_t *z = &ops->counters[i + run - 1];
                size_t k = 0;
                while (c->doc[k] && c->doc[k] == z->doc[k])
                    k++;
                fprintf(out, "- `%s` ... `%s`%s: %s ... %s\n", c->name, z->name, g, c->doc,
                        z->doc + k);
            }
        }
        i += run < 3 ? 1 : run;
    }
}

/* Whether policy a's settings (the fixed rows) are those of b. */
static bool ladro__same_settings(const ladroi_policy_ops_t *a, const ladroi_policy_ops_t *b)
{
    if (a->nopts != b->nopts || a->paper_workers != b->paper_workers)
        return false;
    for (size_t i = 0; i < a->nopts; i++)
        if (!a->opts[i].fixed || !b->opts[i].fixed || strcmp(a->opts[i].key, b->opts[i].key) ||
            strcmp(a->opts[i].doc, b->opts[i].doc) || strcmp(a->opts[i].def, b->opts[i].def) ||
            strcmp(a->opts[i].paper ? a->opts[i].paper : "",
                   b->opts[i].paper ? b->opts[i].paper : ""))
            return false;
    return true;
}

/* Whether key is a setting (a fixed row) of a registered policy. */
static bool ladro__is_setting(const char *key)
{
    const ladroi_policy_ops_t *ops;
    for (size_t p = 0; (ops = ladroi_policy_at(p)) != NULL; p++)
        for (size_t i = 0; i < ops->nopts; i++)
            if (ops->opts[i].fixed && !strcmp(ops->opts[i].key, key))
                return true;
    return false;
}

void ladroi_config_doc(FILE *out)
{
    fprintf(out, "| variable | key | default | accepted | meaning |\n|---|---|---|---|---|\n");
    for (size_t i = 0; i < LADRO__NKEYS; i++)
        ladro__doc_row(out, &ladro__keys[i]);
    for (size_t p = 0; ladroi_policy_at(p); p++) {
        const ladroi_policy_ops_t *ops = ladroi_policy_at(p);
        if (!ops->nopts && !ops->ncounters)
            continue;
        fprintf(out, "\n### `%s` (docs/policies/%s.md)\n", ops->name, ops->name);
        /* an earlier policy with the same settings, and one sharing most counters */
        const ladroi_policy_ops_t *same = NULL, *like = NULL;
        for (size_t q = 0; q < p; q++) {
            const ladroi_policy_ops_t *o = ladroi_policy_at(q);
            size_t shared = 0;
            for (size_t i = 0; i < ops->ncounters; i++)
                shared += ladro__has_counter(o, ops->counters[i].name);
            if (ops->nopts && !same && ladro__same_settings(ops, o))
                same = o;
            if (!like && shared >= 4 && 2 * shared > ops->ncounters)
                like = o;
        }
        if (same)
            fprintf(out, "\nSettings and `paper=1`: as `%s`'s.\n", same->name);
        size_t nfixed = 0;
        for (size_t i = 0; !same && i < ops->nopts; i++)
            nfixed += ops->opts[i].fixed;
        if (!same && ops->nopts > nfixed)
            fprintf(out, "\n| variable | key | default | accepted | meaning |\n"
                         "|---|---|---|---|---|\n");
        for (size_t i = 0; !same && i < ops->nopts; i++)
            if (!ops->opts[i].fixed)
                ladro__doc_row(out, &ops->opts[i]);
        if (nfixed) /* not keys: what the policy runs, and what paper=1 changes */
            fprintf(out, "\nSettings (not keys; `ladro_print_config` shows them):\n\n"
                         "| setting | default | `paper=1` | meaning |\n|---|---|---|---|\n");
        for (size_t i = 0; !same && i < ops->nopts; i++) {
            const ladroi_opt_t *o = &ops->opts[i];
            if (o->fixed)
                fprintf(out, "| %s | %s | %s | %s |\n", o->key, *o->def ? o->def : "(empty)",
                        o->paper ? o->paper : o->def, o->doc);
        }
        if (ops->paper_workers && !same)
            fprintf(out, "\nUnder `paper=1`: the paper's communication worker: `ladro_run` "
                         "runs the tasks on `threads` computation worker threads (1 by "
                         "default) beside the rank's communication thread, as with "
                         "`threads` > 1 (`ladro_next` is refused).\n");
        if (ops->ncounters) /* not configuration, but declared next to it */
            ladro__doc_counters(out, ops, like);
    }
    fprintf(out, "\n### Removed keys\n\nSetting one (key or variable) is an error that says "
                 "what replaced it. The policies' settings above (");
    const char *sep = "";
    for (size_t i = 0; i < sizeof ladro__removed / sizeof ladro__removed[0]; i++)
        if (ladro__is_setting(ladro__removed[i].key)) {
            fprintf(out, "%s`%s`", sep, ladro__removed[i].key);
            sep = ", ";
        }
    fprintf(out, ") are refused so too; the others:\n\n"
                 "| variable | key | what replaced it |\n|---|---|---|\n");
    for (size_t i = 0; i < sizeof ladro__removed / sizeof ladro__removed[0]; i++) {
        char env[64], why[512];
        if (ladro__is_setting(ladro__removed[i].key))
            continue;
        ladro__env_name(ladro__removed[i].key, env, sizeof env);
        const char *w = ladro__removed[i].why, *at = strstr(w, "{paper}");
        if (at)
            snprintf(why, sizeof why, "%.*s`paper=1`%s", (int)(at - w), w, at + 7);
        else
            snprintf(why, sizeof why, "%s", w);
        fprintf(out, "| `%s` | %s | %s |\n", env, ladro__removed[i].key, why);
    }
}
