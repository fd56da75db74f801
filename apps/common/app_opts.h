/* The options every ladro program shares (docs/cli.md): where their values go, and their
 * rows for a program's table (src/opts.h). The rows written as macros here need no
 * library (ladro-synth, ladro-bench and ladro-sim use them too); the functions are for
 * the programs that run a problem under one policy, a list of them or every one in turn
 * (ladro-nqueens, ladro-uts, ladro-seismic, ladro-rtm). Pure (no MPI call): the fuzz
 * harnesses of the programs' parsers link it. */
#ifndef LADRO_APP_OPTS_H
#define LADRO_APP_OPTS_H

#include "opts.h"

#include <stddef.h>
#include <stdint.h>

typedef struct app_run_opts {
    char policy[256];   /* --policy: NAME, NAME,NAME... or all ("": LADRO_POLICY, else the
                           default); app_policy_next walks it */
    int threads;        /* --threads: worker threads per rank (0 = not given) */
    int64_t max_failed; /* --max-failed: fail when more remote steals failed (-1 = off) */
} app_run_opts_t;

/* The last lines of such a program's --help. */
#define APP_ENV_EPILOG                                                                      \
    "environment: every LADRO_* variable (docs/envvars.md); LADRO_EXPECT_NP=P makes the\n"  \
    "program fail unless it runs on exactly P ranks.\n"

/* The shared rows' texts: the same words in every program's --help. */
#define APP_POLICY_HELP                                                                   \
    "load-balancing policy: NAME, a comma list, or 'all' for every\n"                     \
    "registered one (any case; an entry NAME:key=value[:key=value]\n"                     \
    "runs NAME with those configuration keys; default: LADRO_POLICY,\n"                   \
    "else random)"
#define APP_POLICY_ACCEPTED                                                               \
    "accepted: a policy name, a comma list of them (each optionally NAME:key=value) or 'all'"
#define APP_QUIET_HELP "only the results: no progress line, banner or notes"
#define APP_CHUNK_HELP                                                                    \
    "ladro tasks a rank keeps private before exposing more (the\n"                        \
    "configuration key chunk; default: LADRO_CHUNK, else 1)"
#define APP_WORK_DIST_HELP                                                                \
    "task durations: const | uniform:A,B | gauss:MEAN,SD | exp |\n"                       \
    "bimodal:P,A,B (A, B, MEAN, SD in units of --work-ms; bimodal: a\n"                   \
    "fraction P of tasks takes B, the rest A; default const)"

/* --quiet into the int *dest (APP_QUIET_HELP). */
#define APP_OPT_QUIET(dest) {"--quiet", 0, LADROI_OPT_FLAG, (dest), .help = APP_QUIET_HELP}
/* --progress / --no-progress: the progress line on stderr only, into the int *dest (the
 * caller's default); help: what the line shows and when it is on by default. */
#define APP_OPT_PROGRESS(dest, text)                                                      \
    {"--progress", 0, LADROI_OPT_FLAG, (dest), .help = (text)},                           \
    {"--no-progress", 0, LADROI_OPT_UNFLAG, (dest), .help = "no progress line"}
/* --json [FILE] into the const char **dest: "-" (stdout) without FILE; help: what the
 * JSON holds. A program writes FILE whole or not at all (a temporary, renamed). */
#define APP_OPT_JSON(dest, text)                                                          \
    {"--json", 0, LADROI_OPT_OPTSTR, (dest), .arg = "FILE", .help = (text), .data = "-"}
/* The old spellings, refused with "<old> was renamed <new>": last in every table (a row
 * of the program's own with the same name, earlier, wins). */
#define APP_OPT_RENAMED                                                                   \
    {"--policies", 0, LADROI_OPT_RENAMED, .data = "--policy"},                             \
    {"--keep", 0, LADROI_OPT_RENAMED, .data = "--chunk"},                                  \
    {"--dist", 0, LADROI_OPT_RENAMED, .data = "--work-dist"}

/* --policy NAME|LIST|all into the buffer buf of size bytes. */
ladroi_opt_t app_opt_policy(char *buf, size_t size);
/* --threads T, an integer in [1, 1024], into *dest; help: the program's text. */
ladroi_opt_t app_opt_threads(int *dest, const char *help);
/* --max-failed N into *dest (the caller's default: -1, off). */
ladroi_opt_t app_opt_max_failed(int64_t *dest);

/* Heterogeneity emulation, the programs' (ladro_emulate in ladro.h; app_emulate, after
 * ladro_create, applies it): --speed SPEC, the ranks' speeds ("1", a comma list cycled
 * over the ranks, or an A2WS profile C1..C5), and --emulate sleep|spin, how a slow rank
 * pads its tasks (and how ladro-synth's and ladro-bench's tasks burn their time). */
typedef struct app_emulation {
    char speed[256]; /* the spec ("1": every rank at full speed) */
    int spin;        /* 0: sleep (LADRO_EMULATE_SLEEP), 1: spin (LADRO_EMULATE_SPIN) */
} app_emulation_t;
void app_emulation_init(app_emulation_t *e);
ladroi_opt_t app_opt_speed(app_emulation_t *e, const char *help);
ladroi_opt_t app_opt_emulate(app_emulation_t *e, const char *help);

#endif
