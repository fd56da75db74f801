/* The DLB_Bench workload profiles (TITUS_DLB Table 1), pure: shared by ladro-synth and
 * ladro-sim policy (--profile, --profile-scale). Not part of the library's API. */
#ifndef LADRO_PROFILE_H
#define LADRO_PROFILE_H

#include "workload_gen.h"

#include <stddef.h>
#include <stdio.h>

/* Average work W and problem size S per process, tasks per process, cycles per byte as
 * printed in Table 1 (see docs/policies/smallworld.md). */
typedef struct wl_profile {
    const char *name;
    double work_s, size_mb;
    unsigned tasks;
    double paper_cpb;
} wl_profile_t;

/* The profile called name, or NULL. */
const wl_profile_t *wl_profile_find(const char *name);
/* Sets w's tasks per rank (the paper's x scale, at least 1), payload (S / tasks: 2 KiB)
 * and work per task (W / tasks); returns the task capacity that holds half of a rank's
 * tasks (the paper's shared segment, S/2), a power of two >= 2. */
unsigned wl_profile_apply(const wl_profile_t *p, double scale, wl_spec_t *w);
/* The table, paper's and scaled columns, on f. */
void wl_profile_list(FILE *f, double scale);
/* "accepted: list, 10s-4M, ..." into msg. */
void wl_profile_accepted(char *msg, size_t len);

#endif
