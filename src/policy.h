/* The policies' interface: the ops table each src/policy/<name>.c defines, its counters,
 * and the registry (src/policy/registry.c). Never installed. */
#ifndef LADRO_POLICY_H
#define LADRO_POLICY_H

#include "ladro.h"
#include "config.h" /* ladroi_opt_t */

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* A policy's counters: lb->st.counters[i] for entry i of its table, gathered like the
 * core's fields (sum, or max over ranks). */
enum { LADROI_SUM, LADROI_MAX };
typedef struct ladroi_counter {
    const char *name; /* unique among all keys of ladro_stats_field */
    int gather;       /* LADROI_SUM or LADROI_MAX */
    const char *doc;
} ladroi_counter_t;

typedef struct ladroi_policy_ops {
    const char *name;
    const char *summary;
    bool steals; /* tasks are exposed in the public ring */
    bool local_only; /* no task ever leaves the rank that pushed it (static) */
    /* ladro_hungry is 1 whenever a task could leave, not only when thieves find nothing
     * public: the policy's steal amounts count tasks, so a search must keep splitting its
     * stack into them (a2ws: with a search's surplus on its stack, UTS at 128 simulated
     * ranks took 3.91 s instead of 0.339); outside paper=1 only until this rank's tasks
     * push tasks, when a2ws steals one task as random does (src/policy/a2ws.c) */
    bool push_always;
    /* steal_guard=pace applies (ladroi_guard_on): random, baseline, successonly,
     * smallworld and ctws, whose thieves weigh no speeds, and a2ws, whose equations weigh
     * only the speeds its information vector shows and which caps their amount itself
     * (ladroi_guard_room).
     * smallworld's and ctws's thieves reach only some ranks (their overlay neighbours,
     * their token's list), so under the guard they spread their rings: a slow rank that
     * leaves a task to faster ones must have faster ones among its thieves
     * (docs/user-guide.md, "Heterogeneous ranks"). */
    bool guard;
    /* Its thieves draw victims among all ranks (random, baseline, successonly): under the
     * guard a slow thief whose task would end after the run holds back (ladroi_guard_late),
     * as faster thieves will come for that task. Not where thieves reach only some ranks: a
     * slow rank's task there may have no faster thief, and one held back would leave it
     * to the slow rank itself. */
    bool guard_hold;
    /* steal_guard=auto (the default) turns the guard on: every stealing policy whose
     * thieves weigh no speed (random, ctws, baseline, successonly, smallworld). On the C5
     * speeds at 1 024 simulated ranks they took 6.0-9.6 s without it and 4.95-5.23 s with
     * it (leader: 4.81; bench/defaults/README.md). a2ws weighs the speeds its view
     * shows: the guard only once its view is not the whole ring (guard_auto_on). */
    bool guard_auto;
    /* ... or, where it depends on the run, its answer (may be NULL: guard_auto) */
    bool (*guard_auto_on)(const ladro_t *lb);
    /* Options: settable as LADRO_<KEY>, ladro_config_set(cfg, key, value) and
     * NAME:key=value in tool lists; parsed into a struct of opts_size bytes that the
     * policy reads as lb->popts (defaults applied, checked at ladro_create). */
    const ladroi_opt_t *opts;
    size_t nopts, opts_size;
    /* Under cfg.paper: the paper's runtime has a communication worker beside the
     * computation workers (threads inside the rank: threads raised to at least 2). */
    bool paper_workers;
    /* Counters: names and how they are gathered (at most LADRO_STATS_COUNTERS_MAX). */
    const ladroi_counter_t *counters;
    size_t ncounters;
    /* ladro_stats_print: the policy's lines about its counters (may be NULL: then they
     * are printed as name value pairs). */
    void (*print_stats)(FILE *out, const ladro_stats_t *st);
    /* Termination waves: while it returns true, idle ranks do not start waves (the
     * paper's barrier gates them, smallworld); may be NULL. */
    bool (*gate_waves)(const ladro_t *lb, const void *state);
    /* The policy's own termination (ctws's token): true once this idle rank may return
     * LADRO_DONE; NULL or false: the waves decide. */
    bool (*finished)(const ladro_t *lb, const void *state);
    /* ladro_push from inside a task (spawning): a negative code refuses it, with a
     * message on lb (may be NULL: accepted). */
    int (*on_spawn)(ladro_t *lb, void *state);
    /* On failure, the handle still calls fini on whatever *state init had set: fini
     * releases a partial state. */
    int (*init)(ladro_t *lb, void **state);
    void (*fini)(ladro_t *lb, void *state);
    /* No local task: try to obtain some. Return >0 when tasks arrived locally, 0 when
     * none (the core backs off), <0 on error. */
    int (*on_idle)(ladro_t *lb, void *state);
    /* Called from ladro_progress and ladro_next (may be NULL). */
    int (*on_progress)(ladro_t *lb, void *state);
    /* Once per rank, at its first ladro_next, after seeding (may be NULL). */
    int (*on_start)(ladro_t *lb, void *state);
    /* After each task completed on this rank; elapsed_s is its unpadded time, padded_s
     * the time including the speed emulation's padding (may be NULL). */
    int (*on_task_end)(ladro_t *lb, void *state, double elapsed_s, double padded_s);
    /* ladro_dump_state: a few lines about the policy's state, each starting with
     * "  " (pending steals, token, requests...); local, no MPI (may be NULL). */
    void (*dump)(const ladro_t *lb, const void *state, FILE *out);
    /* Collective: every rank, from ladro_destroy after its barrier, when no rank failed
     * alone (not after a local watchdog failure). For end-of-run output gathered over
     * lb->comm, e.g. ctws's steal log (may be NULL). */
    int (*on_destroy)(ladro_t *lb, void *state);
} ladroi_policy_ops_t;

/* In an ops table: LADROI_POLICY_OPTS(table, struct type), LADROI_POLICY_COUNTERS(table). */
#define LADROI_POLICY_OPTS(table, type)                                                  \
    .opts = (table), .nopts = sizeof(table) / sizeof((table)[0]), .opts_size = sizeof(type)
#define LADROI_POLICY_COUNTERS(table)                                                    \
    .counters = (table), .ncounters = sizeof(table) / sizeof((table)[0])
/* The ops table ladroi_policy_<id> of a policy with state and options, whose hooks are
 * named <pfx>_init, _fini, _idle, _dump and whose option table is <pfx>_opts (of
 * struct opts_type); further members (.on_progress, counters...) follow as designated
 * initialisers. */
#define LADROI_POLICY_DEFINE(id, pfx, opts_type, steals_, summary_, ...)                   \
    const ladroi_policy_ops_t ladroi_policy_##id = {                                     \
        .name = #id, .summary = (summary_), .steals = (steals_), .init = pfx##_init,     \
        .fini = pfx##_fini, .on_idle = pfx##_idle, .dump = pfx##_dump,                   \
        LADROI_POLICY_OPTS(pfx##_opts, opts_type), __VA_ARGS__}

/* Registry (src/policy/registry.c): the list is generated from src/policy/<name>.c. */
const ladroi_policy_ops_t *ladroi_policy_find(const char *name);
/* Policy i of the registry (ladro_policy_names order), NULL past the last. */
const ladroi_policy_ops_t *ladroi_policy_at(size_t i);
/* The most of a victim's public tasks one steal takes, as the max_take of
 * ladroi_steal_attempt and ladroi_pool_reserve (0: no cap, the policy's fraction): one
 * once a task of this rank pushed a task (a search: the oldest task is the root of the
 * largest subtree, and half of a victim's are mostly stolen again from the thief), and
 * one before this rank has run a task (it cannot tell yet; a search starts on one rank);
 * no cap otherwise, and under paper=1 (the papers take half). For a grant (successonly)
 * the rank is the victim. */
uint32_t ladroi_take_cap(const ladro_t *lb);
/* Count into the policy's counter i (its table's index). */
#define LADROI_COUNT(lb, i, x) ((lb)->st.counters[(i)] += (double)(x))

#endif
