/* What the applications and tools share around their command lines and summaries (MPI):
 * option rows that set a runtime configuration key, and the note that says when a node
 * runs more ranks than it has cores. The parser itself is src/opts.h (pure). */
#ifndef LADRO_APP_CLI_H
#define LADRO_APP_CLI_H

#include "app_opts.h"
#include "opts.h"

#include <ladro.h>

#include <stdbool.h>
#include <stdio.h>

/* ladro_config_set for an option: on error, err says "<opt> '<value>': <what the key
 * accepts>" (opt NULL: only what it accepts), the style of every usage error. */
int app_config_set(ladro_config_t *cfg, const char *opt, const char *key, const char *value,
                   char *err, size_t errlen);

/* One --policy entry into cfg: NAME (any case), or NAME:key=value[:key=value...], the
 * configuration keys (docs/envvars.md) that apply to that entry only. LADRO_OK, or an
 * error with err = "--policy '<entry>': <what was wrong>". */
int app_policy_entry(ladro_config_t *cfg, const char *entry, char *err, size_t errlen);

/* The runtime configuration of a run: cfg (initialised by the caller, who may change
 * defaults first) takes the LADRO_* environment, then the --policy entry when policy is
 * not "" (app_policy_entry).
 * LADRO_OK, or an error with err saying which setting was refused. */
int app_config_env_policy(ladro_config_t *cfg, const char *policy, char *err, size_t errlen);

/* app_config_env_policy, then --threads when threads > 0 (0: not given; the flag wins
 * over LADRO_THREADS). */
int app_config_run(ladro_config_t *cfg, const char *policy, int threads, char *err,
                   size_t errlen);

/* LADROI_OPT_FN for an option that is a configuration key (docs/envvars.md): dest is the
 * ladro_config_t, data the key ("policy", "chunk"); refused values say what the key
 * accepts, as ladro_config_set does. */
int app_opt_config(const ladroi_opt_t *opt, const char *value, void *ctx, char *msg,
                   size_t msglen);

/* After ladro_create: this rank's speed by e->speed (ladro_speed_of over the handle's
 * ranks) and e's padding, through ladro_emulate. Local. 0, or a ladro error code with
 * the message ("--speed 'C5': ...") in err. */
int app_emulate(ladro_t *lb, const app_emulation_t *e, char *err, size_t errlen);
/* e->speed for every rank of a job of `size` ranks, the same answer on every rank (a
 * program checks it before its first handle). 0, or LADRO_EINVAL with the message. */
int app_emulation_check(const app_emulation_t *e, int size, char *err, size_t errlen);

/* The row of such an option: --name ARG sets the configuration key `key` of *cfg. */
ladroi_opt_t app_opt_key(ladro_config_t *cfg, const char *name, const char *key,
                         const char *arg, const char *help);

/* Collective over comm. When some node runs more of comm's ranks than there are cores
 * for them (the union of the node's ranks' CPU affinity masks), busy times include time
 * slicing and the efficiency is not the load balancer's alone: returns true on every
 * rank, with the note for the summary, about the most oversubscribed node, in note:
 *     (4 ranks on 2 cores: busy time includes time-slicing)
 * Otherwise false and note "". */
bool app_oversubscribed(MPI_Comm comm, char *note, size_t notelen);

/* The policies of a --policy value in turn (app_policy_next): every registered one for
 * "all" (any case), the entries of a comma-separated list, or, for "", one run under LADRO_POLICY or
 * the default (the name ""). */
typedef struct app_policy_iter {
    char list[256];
    char *save;
    const char *const *all; /* ladro_policy_names() for "all", else NULL */
    int k;                  /* names given so far */
    bool done;
} app_policy_iter_t;

void app_policy_begin(app_policy_iter_t *it, const char *policy);
/* The next policy name, NULL after the last. */
const char *app_policy_next(app_policy_iter_t *it);

/* Rank 0, after a run under `policy` with the gathered statistics st: 1, with a line on
 * stderr, when more remote steals failed than --max-failed allows (max_failed < 0: off);
 * else 0. */
int app_check_max_failed(int64_t max_failed, const ladro_stats_t *st, const char *policy);

/* The lines naming the registered policies and the default one (ladro_config_init's,
 * used when neither --policy nor LADRO_POLICY names one), for a --help:
 *     "policies: static leader random ...\n" (as ladro_policy_names() orders them)
 *     "default policy: random\n" */
void app_policies_line(char *buf, size_t len);

/* Local. Is what this process writes on stderr shown on a terminal? Its stderr is one,
 * or (Linux) it is a pipe to the launcher that started it, whose own stderr is one: an
 * MPI launcher forwards the ranks' output through pipes (Open MPI's mpirun from a
 * terminal, a singleton run). Decides between a progress line rewritten in place ('\r')
 * and plain lines. */
bool app_stderr_tty(void);

/* Local. One line on stderr (unless quiet) when `threads` (worker threads per rank) is
 * more than the cores this rank may run on: allowed, but the workers then share cores.
 * Call once per program. */
void app_warn_threads(const char *prog, uint32_t threads, bool quiet);

#endif
