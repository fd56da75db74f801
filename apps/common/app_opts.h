/* The options the programs that run a problem under one policy, a list of them or every
 * one in turn share (ladro-nqueens, ladro-uts; --policy also ladro-seismic and ladro-rtm):
 * where their values go, and their rows for a program's table (src/opts.h). Pure (no MPI
 * call): the fuzz harnesses of the programs' parsers link it. */
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

/* --policy NAME|LIST|all into the buffer buf of size bytes. */
ladroi_opt_t app_opt_policy(char *buf, size_t size);
/* --threads T, an integer in [1, 1024], into *dest; help: the program's text. */
ladroi_opt_t app_opt_threads(int *dest, const char *help);
/* --max-failed N into *dest (the caller's default: -1, off). */
ladroi_opt_t app_opt_max_failed(int64_t *dest);

#endif
