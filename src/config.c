/* Configuration: defaults, one table of keys shared by ladro_config_set, the LADRO_*
 * environment and ladro_print_config, and validation with messages that name the key,
 * the value and what is accepted. */
#include "ladro_int.h"
#include "speed.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

extern char **environ;

void ladro_config_init(ladro_config_t *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    snprintf(cfg->policy, sizeof cfg->policy, "%s", "random");
    cfg->seed = 1;
    cfg->task_bytes = 0;
    cfg->capacity = 4096;
    cfg->chunk = 1;
    cfg->steal_fraction = 0.5;
    cfg->radius = 0;
    cfg->backoff_min_us = 20;
    cfg->backoff_max_us = 2000;
    cfg->poll_interval = 1;
    cfg->delay_us = 0;
    snprintf(cfg->speed, sizeof cfg->speed, "%s", "1");
    cfg->emulate_spin = 0;
    cfg->result_bytes = 0;
    cfg->sw_degree = 0;
    cfg->successonly_nocycle = 0;
    cfg->trace[0] = 0;
    cfg->watchdog_s = 0;
    cfg->progress_s = 0;
    cfg->load_threshold = 0;
    cfg->successonly_withdraw = 0;
    cfg->ctws_log[0] = 0;
    cfg->leader_thread = -1;
}

/* ---- value parsers: 0 on success ---------------------------------------------------- */
static int ladro__parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    if (!s || !*s || *s == '-' || isspace((unsigned char)*s))
        return -1;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* ---- speed specs: resolved by src/speed.c (shared with ladro-sim) ---------------- */
int ladro_speed_of(const char *spec, int rank, int nranks, double *speed, char *err,
                   size_t errlen)
{
    return ladroi_speed_of(spec, rank, nranks, speed, err, errlen) == 0 ? LADRO_OK
                                                                          : LADRO_EINVAL;
}

/* ---- the key table -------------------------------------------------------------------- */
typedef struct ladro__key {
    const char *key;
    const char *help;
    int (*set)(ladro_config_t *cfg, const char *v, char *err, size_t errlen);
    void (*show)(const ladro_config_t *cfg, char *buf, size_t n);
} ladro__key_t;

#define LADRO__BAD(key, v, what) \
    ladroi_failbuf(err, errlen, LADRO_EINVAL, "%s='%.*s%s': %s", key, LADROI_SHOW(v), what)

static int ladro__set_policy(ladro_config_t *c, const char *v, char *err, size_t errlen)
{
    if (!ladroi_policy_find(v)) {
        char names[256] = "";
        for (const char *const *n = ladro_policy_names(); *n; n++) {
            strncat(names, *n, sizeof names - strlen(names) - 1);
            if (n[1])
                strncat(names, ", ", sizeof names - strlen(names) - 1);
        }
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "policy='%.*s%s': unknown; accepted: %s",
                              LADROI_SHOW(v), names);
    }
    snprintf(c->policy, sizeof c->policy, "%s", v);
    return 0;
}
static void ladro__show_policy(const ladro_config_t *c, char *b, size_t n)
{
    snprintf(b, n, "%s", c->policy);
}

static int ladro__set_seed(ladro_config_t *c, const char *v, char *err, size_t errlen)
{
    uint64_t x;
    if (ladro__parse_u64(v, 0, UINT64_MAX, &x))
        return LADRO__BAD("seed", v, "accepted: an unsigned 64-bit integer");
    c->seed = x;
    return 0;
}
static void ladro__show_seed(const ladro_config_t *c, char *b, size_t n)
{
    snprintf(b, n, "%llu", (unsigned long long)c->seed);
}

static int ladro__set_task_bytes(ladro_config_t *c, const char *v, char *err, size_t errlen)
{
    uint64_t x;
    if (ladro__parse_u64(v, 0, 1u << 20, &x))
        return LADRO__BAD("task_bytes", v, "accepted: an integer in [0, 1048576]");
    c->task_bytes = (size_t)x;
    return 0;
}
static void ladro__show_task_bytes(const ladro_config_t *c, char *b, size_t n)
{
    snprintf(b, n, "%zu", c->task_bytes);
}

static int ladro__set_capacity(ladro_config_t *c, const char *v, char *err, size_t errlen)
{
    uint64_t x;
    if (ladro__parse_u64(v, 2, 1u << 22, &x) || (x & (x - 1)))
        return LADRO__BAD("task_capacity", v, "accepted: a power of two in [2, 4194304]");
    c->capacity = (uint32_t)x;
    return 0;
}
static void ladro__show_capacity(const ladro_config_t *c, char *b, size_t n)
{
    snprintf(b, n, "%u", c->capacity);
}

static int ladro__set_chunk(ladro_config_t *c, const char *v, char *err, size_t errlen)
{
    uint64_t x;
    if (ladro__parse_u64(v, 1, 1u << 16, &x))
        return LADRO__BAD("chunk", v, "accepted: an integer in [1, 65536]");
    c->chunk = (uint32_t)x;
    return 0;
}
static void ladro__show_chunk(const ladro_config_t *c, char *b, size_t n)
{
    snprintf(b, n, "%u", c->chunk);
}

static int ladro__set_fraction(ladro_config_t *c, const char *v, char *err, size_t errlen)
{
    double x;
    if (ladroi_parse_double(v, 0, 1, true, &x))
        return LADRO__BAD("steal_fraction", v, "accepted: a number in (0, 1]");
    c->steal_fraction = x;
    return 0;
}
static void ladro__show_fraction(const ladro_config_t *c, char *b, size_t n)
{
    snprintf(b, n, "%g", c->steal_fraction);
}

static int ladro__set_radius(ladro_config_t *c, const char *v, char *err, size_t errlen)
{
    uint64_t x;
    if (ladro__parse_u64(v, 0, 1u << 24, &x))
        return LADRO__BAD("radius", v,
                          "accepted: 0 (= a quarter of the ranks, rounded up) or an integer >= 1");
    c->radius = (int)x;
    return 0;
}
static void ladro__show_radius(const ladro_config_t *c, char *b, size_t n)
{
    snprintf(b, n, "%d", c->radius);
}

static int ladro__set_bmin(ladro_config_t *c, const char *v, char *err, size_t errlen)
{
    double x;
    if (ladroi_parse_double(v, 0, 1e6, false, &x))
        return LADRO__BAD("backoff_min_us", v, "accepted: a number of microseconds in [0, 1e6]");
    c->backoff_min_us = x;
    return 0;
}
static void ladro__show_bmin(const ladro_config_t *c, char *b, size_t n)
{
    snprintf(b, n, "%g", c->backoff_min_us);
}

static int ladro__set_bmax(ladro_config_t *c, const char *v, char *err, size_t errlen)
{
    double x;
    if (ladroi_parse_double(v, 0, 1e7, false, &x))
        return LADRO__BAD("backoff_max_us", v, "accepted: a number of microseconds in [0, 1e7]");
    c->backoff_max_us = x;
    return 0;
}
static void ladro__show_bmax(const ladro_config_t *c, char *b, size_t n)
{
    snprintf(b, n, "%g", c->backoff_max_us);
}

static int ladro__set_poll(ladro_config_t *c, const char *v, char *err, size_t errlen)
{
    uint64_t x;
    if (ladro__parse_u64(v, 1, 1000000, &x))
        return LADRO__BAD("poll_interval", v, "accepted: an integer in [1, 1000000]");
    c->poll_interval = (int)x;
    return 0;
}
static void ladro__show_poll(const ladro_config_t *c, char *b, size_t n)
{
    snprintf(b, n, "%d", c->poll_interval);
}

static int ladro__set_delay(ladro_config_t *c, const char *v, char *err, size_t errlen)
{
    double x;
    if (ladroi_parse_double(v, 0, 1e6, false, &x))
        return LADRO__BAD("delay_us", v, "accepted: a number of microseconds in [0, 1e6]");
    c->delay_us = x;
    return 0;
}
static void ladro__show_delay(const ladro_config_t *c, char *b, size_t n)
{
    snprintf(b, n, "%g", c->delay_us);
}

static int ladro__set_speed(ladro_config_t *c, const char *v, char *err, size_t errlen)
{
    double s;
    if (strlen(v) >= sizeof c->speed)
        return LADRO__BAD("speed", v, "longer than 255 characters; accepted: a comma list of "
                          "positive numbers or C1..C5");
    int rc = ladro_speed_of(v, 0, 1, &s, err, errlen);
    if (rc)
        return rc;
    snprintf(c->speed, sizeof c->speed, "%s", v);
    return 0;
}
static void ladro__show_speed(const ladro_config_t *c, char *b, size_t n)
{
    snprintf(b, n, "%s", c->speed);
}

static int ladro__set_emulate(ladro_config_t *c, const char *v, char *err, size_t errlen)
{
    if (!strcmp(v, "sleep"))
        c->emulate_spin = 0;
    else if (!strcmp(v, "spin"))
        c->emulate_spin = 1;
    else
        return LADRO__BAD("emulate", v, "accepted: sleep, spin");
    return 0;
}
static void ladro__show_emulate(const ladro_config_t *c, char *b, size_t n)
{
    snprintf(b, n, "%s", c->emulate_spin ? "spin" : "sleep");
}

static int ladro__set_result_bytes(ladro_config_t *c, const char *v, char *err, size_t errlen)
{
    uint64_t x;
    if (ladro__parse_u64(v, 0, 1u << 20, &x))
        return LADRO__BAD("result_bytes", v, "accepted: an integer in [0, 1048576]");
    c->result_bytes = (size_t)x;
    return 0;
}
static void ladro__show_result_bytes(const ladro_config_t *c, char *b, size_t n)
{
    snprintf(b, n, "%zu", c->result_bytes);
}

static int ladro__set_sw_degree(ladro_config_t *c, const char *v, char *err, size_t errlen)
{
    uint64_t x;
    if (ladro__parse_u64(v, 0, 4096, &x))
        return LADRO__BAD("sw_degree", v, "accepted: 0 (= 2*floor(log2(P-1))) or an integer "
                          "in [1, 4096]");
    c->sw_degree = (int)x;
    return 0;
}
static void ladro__show_sw_degree(const ladro_config_t *c, char *b, size_t n)
{
    snprintf(b, n, "%d", c->sw_degree);
}

static int ladro__set_nocycle(ladro_config_t *c, const char *v, char *err, size_t errlen)
{
    if (!strcmp(v, "0"))
        c->successonly_nocycle = 0;
    else if (!strcmp(v, "1"))
        c->successonly_nocycle = 1;
    else
        return LADRO__BAD("successonly_nocycle", v, "accepted: 0, 1");
    return 0;
}
static void ladro__show_nocycle(const ladro_config_t *c, char *b, size_t n)
{
    snprintf(b, n, "%d", c->successonly_nocycle);
}

static int ladro__set_trace(ladro_config_t *c, const char *v, char *err, size_t errlen)
{
    if (strlen(v) >= sizeof c->trace)
        return LADRO__BAD("trace", v, "accepted: a file path shorter than 256 characters");
    if (*v && ladroi_trace_format(v) < 0)
        return LADRO__BAD("trace", v, "accepted: empty (off) or a path ending in .paje, "
                          ".trace (Paje), .json (Chrome trace) or .csv");
    snprintf(c->trace, sizeof c->trace, "%s", v);
    return 0;
}
static void ladro__show_trace(const ladro_config_t *c, char *b, size_t n)
{
    snprintf(b, n, "%s", c->trace);
}

static int ladro__set_watchdog(ladro_config_t *c, const char *v, char *err, size_t errlen)
{
    double x;
    if (ladroi_parse_double(v, 0, 1e6, false, &x))
        return LADRO__BAD("watchdog", v, "accepted: 0 (off) or seconds in (0, 1e6]");
    c->watchdog_s = x;
    return 0;
}
static void ladro__show_watchdog(const ladro_config_t *c, char *b, size_t n)
{
    snprintf(b, n, "%g", c->watchdog_s);
}

static int ladro__set_progress(ladro_config_t *c, const char *v, char *err, size_t errlen)
{
    double x;
    if (ladroi_parse_double(v, 0, 1e6, false, &x))
        return LADRO__BAD("progress", v, "accepted: 0 (off) or seconds in (0, 1e6]");
    c->progress_s = x;
    return 0;
}
static void ladro__show_progress(const ladro_config_t *c, char *b, size_t n)
{
    snprintf(b, n, "%g", c->progress_s);
}

static int ladro__set_load_threshold(ladro_config_t *c, const char *v, char *err,
                                     size_t errlen)
{
    uint64_t x;
    if (ladro__parse_u64(v, 0, 1u << 24, &x))
        return LADRO__BAD("load_threshold", v, "accepted: an integer in [0, 16777216]");
    c->load_threshold = (uint32_t)x;
    return 0;
}
static void ladro__show_load_threshold(const ladro_config_t *c, char *b, size_t n)
{
    snprintf(b, n, "%u", c->load_threshold);
}

static int ladro__set_ctws_log(ladro_config_t *c, const char *v, char *err, size_t errlen)
{
    if (strlen(v) >= sizeof c->ctws_log)
        return LADRO__BAD("ctws_log", v, "accepted: a file path shorter than 256 characters");
    snprintf(c->ctws_log, sizeof c->ctws_log, "%s", v);
    return 0;
}
static void ladro__show_ctws_log(const ladro_config_t *c, char *b, size_t n)
{
    snprintf(b, n, "%s", c->ctws_log);
}

static int ladro__set_leader_thread(ladro_config_t *c, const char *v, char *err,
                                    size_t errlen)
{
    if (!strcmp(v, "auto"))
        c->leader_thread = -1;
    else if (!strcmp(v, "on"))
        c->leader_thread = 1;
    else if (!strcmp(v, "off"))
        c->leader_thread = 0;
    else
        return LADRO__BAD("leader_thread", v, "accepted: auto, on, off");
    return 0;
}
static void ladro__show_leader_thread(const ladro_config_t *c, char *b, size_t n)
{
    snprintf(b, n, "%s", c->leader_thread < 0 ? "auto" : c->leader_thread ? "on" : "off");
}

static int ladro__set_withdraw(ladro_config_t *c, const char *v, char *err, size_t errlen)
{
    if (!strcmp(v, "0"))
        c->successonly_withdraw = 0;
    else if (!strcmp(v, "1"))
        c->successonly_withdraw = 1;
    else
        return LADRO__BAD("successonly_withdraw", v, "accepted: 0, 1");
    return 0;
}
static void ladro__show_withdraw(const ladro_config_t *c, char *b, size_t n)
{
    snprintf(b, n, "%d", c->successonly_withdraw);
}

static const ladro__key_t ladro__keys[] = {
    {"policy", "load-balancing policy", ladro__set_policy, ladro__show_policy},
    {"seed", "RNG seed (same on every rank)", ladro__set_seed, ladro__show_seed},
    {"task_bytes", "inline payload bytes per task", ladro__set_task_bytes,
     ladro__show_task_bytes},
    {"task_capacity", "stealable task slots per rank (power of two)", ladro__set_capacity,
     ladro__show_capacity},
    {"chunk", "tasks kept private before exposing more", ladro__set_chunk, ladro__show_chunk},
    {"steal_fraction", "share of a victim's stealable tasks taken", ladro__set_fraction,
     ladro__show_fraction},
    {"radius", "a2ws ring radius (0 = ceil(ranks/4))", ladro__set_radius, ladro__show_radius},
    {"backoff_min_us", "idle back-off first sleep", ladro__set_bmin, ladro__show_bmin},
    {"backoff_max_us", "idle back-off cap", ladro__set_bmax, ladro__show_bmax},
    {"poll_interval", "MPI polls every N ladro_next calls while busy", ladro__set_poll,
     ladro__show_poll},
    {"delay_us", "debug: random delay before each remote op", ladro__set_delay,
     ladro__show_delay},
    {"speed", "emulated speeds: list or C1..C5", ladro__set_speed, ladro__show_speed},
    {"emulate", "pad slow ranks by sleep or spin", ladro__set_emulate, ladro__show_emulate},
    {"result_bytes", "result bytes sent back to a task's owner", ladro__set_result_bytes,
     ladro__show_result_bytes},
    {"sw_degree", "smallworld shortcut draws (0 = 2*floor(log2(P-1)))", ladro__set_sw_degree,
     ladro__show_sw_degree},
    {"successonly_nocycle", "successonly: forbid cyclic steals", ladro__set_nocycle,
     ladro__show_nocycle},
    {"trace", "trace file path (empty = off)", ladro__set_trace, ladro__show_trace},
    {"watchdog", "seconds without a completed task before failing", ladro__set_watchdog,
     ladro__show_watchdog},
    {"progress", "refresh global task counts every N s (ladro_global_counts)",
     ladro__set_progress, ladro__show_progress},
    {"load_threshold", "baseline/successonly: victims publish more stealable tasks than this",
     ladro__set_load_threshold, ladro__show_load_threshold},
    {"successonly_withdraw", "successonly: withdraw other registrations once served",
     ladro__set_withdraw, ladro__show_withdraw},
    {"ctws_log", "ctws: steal log CSV written at destroy", ladro__set_ctws_log,
     ladro__show_ctws_log},
    {"leader_thread", "leader: serve from a thread (auto|on|off)", ladro__set_leader_thread,
     ladro__show_leader_thread},
};
#define LADRO__NKEYS (sizeof ladro__keys / sizeof ladro__keys[0])

/* LADRO_* variables read elsewhere (not config keys) — accepted by from_env. */
static const char *const ladro__other_env[] = {"LADRO_EXPECT_NP", NULL};

int ladro_config_set(ladro_config_t *cfg, const char *key, const char *value, char *err,
                     size_t errlen)
{
    if (!cfg || !key || !value)
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "ladro_config_set: NULL argument");
    for (size_t i = 0; i < LADRO__NKEYS; i++) {
        if (strcmp(ladro__keys[i].key, key) == 0) {
            ladro_config_t tmp = *cfg;
            int rc = ladro__keys[i].set(&tmp, value, err, errlen);
            if (rc == 0)
                *cfg = tmp;
            return rc ? LADRO_EINVAL : LADRO_OK;
        }
    }
    char names[512] = "";
    for (size_t i = 0; i < LADRO__NKEYS; i++) {
        strncat(names, ladro__keys[i].key, sizeof names - strlen(names) - 1);
        if (i + 1 < LADRO__NKEYS)
            strncat(names, ", ", sizeof names - strlen(names) - 1);
    }
    return ladroi_failbuf(err, errlen, LADRO_EINVAL, "unknown configuration key '%.*s%s'; "
                          "accepted: %s", LADROI_SHOW(key), names);
}

int ladro_config_from_env(ladro_config_t *cfg, char *err, size_t errlen)
{
    if (!cfg)
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "ladro_config_from_env: NULL cfg");
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
        bool known = false;
        for (size_t i = 0; i < LADRO__NKEYS; i++)
            known |= strcmp(ladro__keys[i].key, key) == 0;
        if (!known)
            return ladroi_failbuf(err, errlen, LADRO_EINVAL, "environment variable %s: unknown "
                                  "LADRO_ variable (docs/envvars.md lists them)", name);
        char inner[LADROI_ERRLEN];
        int rc = ladro_config_set(cfg, key, eq + 1, inner, sizeof inner);
        if (rc)
            return ladroi_failbuf(err, errlen, rc, "environment variable %s: %s", name, inner);
    }
    return LADRO_OK;
}

int ladro_config_validate(const ladro_config_t *cfg, char *err, size_t errlen)
{
    if (!cfg)
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "NULL configuration");
    /* Re-run every setter on the shown value: one definition of "valid". */
    for (size_t i = 0; i < LADRO__NKEYS; i++) {
        char buf[LADRO_PATH_MAX + 32];
        ladro_config_t tmp = *cfg;
        ladro__keys[i].show(cfg, buf, sizeof buf);
        int rc = ladro__keys[i].set(&tmp, buf, err, errlen);
        if (rc)
            return LADRO_EINVAL;
    }
    if (memchr(cfg->policy, 0, sizeof cfg->policy) == NULL)
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "policy: not NUL-terminated");
    if (cfg->chunk > cfg->capacity / 2)
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "chunk=%u: must be at most "
                              "task_capacity/2 = %u", cfg->chunk, cfg->capacity / 2);
    if (cfg->backoff_max_us < cfg->backoff_min_us)
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "backoff_max_us=%g: must be >= "
                              "backoff_min_us=%g", cfg->backoff_max_us, cfg->backoff_min_us);
    return LADRO_OK;
}

void ladro_print_config(FILE *out, const ladro_config_t *cfg)
{
    for (size_t i = 0; i < LADRO__NKEYS; i++) {
        char val[LADRO_PATH_MAX + 32], env[64];
        size_t k = 0;
        ladro__keys[i].show(cfg, val, sizeof val);
        k = (size_t)snprintf(env, sizeof env, "LADRO_");
        for (const char *p = ladro__keys[i].key; *p && k + 1 < sizeof env; p++)
            env[k++] = (char)toupper((unsigned char)*p);
        env[k] = 0;
        fprintf(out, "  %-16s %-22s %-20s %s\n", ladro__keys[i].key, env, val,
                ladro__keys[i].help);
    }
}

const char *ladroi_config_key(size_t i)
{
    return i < LADRO__NKEYS ? ladro__keys[i].key : NULL;
}
