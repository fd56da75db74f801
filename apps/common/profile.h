/* The DLB_Bench workload profiles (TITUS_DLB Table 1), pure: shared by ladro-synth and
 * ladro-sim policy (--profile, --profile-scale). Not part of the library's API. */
#ifndef LADRO_PROFILE_H
#define LADRO_PROFILE_H

#include "opts.h" /* src/: the option rows */
#include "workload_gen.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Average work W and problem size S per process, tasks per process, cycles per byte as
 * printed in Table 1 (see docs/policies/smallworld.md). */
typedef struct wl_profile {
    const char *name;
    double work_s, size_mb;
    unsigned tasks;
    double paper_cpb;
} wl_profile_t;

/* The table, paper's and scaled columns, on f. */
void wl_profile_list(FILE *f, double scale);
/* A --profile value, as ladro-synth and ladro-sim take it: "list" prints the table on
 * `list` (if not NULL) and returns 1; a profile's name sets w's tasks per rank (the
 * paper's x scale, at least 1), payload (S / tasks: 2 KiB) and work per task (W / tasks),
 * *cap to the task capacity that holds half of a rank's tasks (the paper's shared segment,
 * S/2; a power of two >= 2) and *name (if name is not NULL) to the profile's, and returns
 * 0; anything else returns -1 with "accepted: list, 10s-4M, ..." in msg. */
int wl_profile_opt(const char *v, double scale, FILE *list, wl_spec_t *w, uint32_t *cap,
                   const char **name, char *msg, size_t msglen);

/* The rows of --profile NAME|list (fn: the program's, calling wl_profile_opt with its
 * context) and --profile-scale F into *scale (EARLY: --profile uses it wherever it
 * stands; the programs' default is WL_PROFILE_SCALE); seen: each row's .seen, or NULL. */
ladroi_opt_t wl_opt_profile(ladroi_opt_fn fn, int *seen);
/* --profile-scale's default: the paper's seconds per process become tens to hundreds of
 * milliseconds (docs/policies/smallworld.md). */
#define WL_PROFILE_SCALE 0.02
ladroi_opt_t wl_opt_profile_scale(double *scale, int *seen);

#endif
