/* The DLB_Bench profiles (profile.h).
 *
 * Every profile has 2 KiB tasks (S / tasks). Work is proportional to payload bytes: a task
 * takes payload * cycles_per_byte / 2.4 GHz (the paper's Broadwell nodes), i.e. W / tasks.
 * Scaled by `scale` (ladro-synth's default 1/50): tasks per process are multiplied by it,
 * task size and duration (so cycles per byte) kept, so W becomes tens to hundreds of ms;
 * the segment stays half the tasks (task_capacity). */
#include "profile.h"

#include <math.h>
#include <string.h>

static const wl_profile_t profiles[] = {
    {"10s-4M", 10, 4, 2048, 6000},   {"10s-16M", 10, 16, 8192, 3000},
    {"10s-32M", 10, 32, 16384, 750}, {"5s-2M", 5, 2, 1024, 6000},
    {"5s-8M", 5, 8, 4096, 1500},     {"5s-16M", 5, 16, 8192, 3000},
    {"5s-32M", 5, 32, 16384, 375},   {"1s-1M", 1, 1, 512, 2400},
    {"1s-4M", 1, 4, 2048, 600},      {"1s-8M", 1, 8, 4096, 1200},
    {"1s-16M", 1, 16, 8192, 150},
};
#define NPROFILES (sizeof profiles / sizeof profiles[0])
#define PROFILE_HZ 2.4e9

static const wl_profile_t *profile_find(const char *name)
{
    for (size_t i = 0; i < NPROFILES; i++)
        if (!strcmp(profiles[i].name, name))
            return &profiles[i];
    return NULL;
}

/* Tasks per process scaled (at least 1) and the capacity holding half of them. */
static unsigned profile_tasks(const wl_profile_t *p, double scale, unsigned *cap)
{
    unsigned t = (unsigned)lround(p->tasks * scale);
    if (t < 1)
        t = 1;
    *cap = 2;
    while (*cap < (t + 1) / 2)
        *cap *= 2;
    return t;
}

static unsigned profile_apply(const wl_profile_t *p, double scale, wl_spec_t *w)
{
    unsigned cap;
    w->tasks_per_rank = profile_tasks(p, scale, &cap);
    w->payload = (size_t)lround(p->size_mb * 1048576.0 / p->tasks);
    /* work proportional to payload: payload * cycles_per_byte / clock = W / tasks */
    w->work_ms = 1e3 * p->work_s / p->tasks;
    return cap;
}

void wl_profile_list(FILE *f, double scale)
{
    fprintf(f, "profile   W/proc  S/proc  tasks/proc  segment  cycles/byte | scaled by %g: "
            "tasks/proc  payload  task ms  W/proc ms  task_capacity\n", scale);
    for (size_t i = 0; i < NPROFILES; i++) {
        const wl_profile_t *p = &profiles[i];
        double payload = p->size_mb * 1048576.0 / p->tasks;
        double cpb = p->work_s * PROFILE_HZ / (p->size_mb * 1048576.0);
        unsigned cap, t = profile_tasks(p, scale, &cap);
        fprintf(f, "%-9s %4.0f s  %3.0f MB  %10u  %4.1f MB  %5.0f (%4.0f) | %10u  %7.0f  %7.3f  "
                "%9.1f  %13u\n", p->name, p->work_s, p->size_mb, p->tasks, p->size_mb / 2, cpb,
                p->paper_cpb, t, payload, 1e3 * p->work_s / p->tasks,
                1e3 * p->work_s / p->tasks * t, cap);
    }
}

int wl_profile_opt(const char *v, double scale, FILE *list, wl_spec_t *w, uint32_t *cap,
                   const char **name, char *msg, size_t msglen)
{
    if (!strcmp(v, "list")) {
        if (list)
            wl_profile_list(list, scale);
        return 1;
    }
    const wl_profile_t *p = profile_find(v);
    if (!p) {
        size_t n = (size_t)snprintf(msg, msglen, "accepted: list");
        for (size_t k = 0; k < NPROFILES && n < msglen; k++)
            n += (size_t)snprintf(msg + n, msglen - n, ", %s", profiles[k].name);
        return -1;
    }
    *cap = profile_apply(p, scale, w);
    if (name)
        *name = p->name;
    return 0;
}

ladroi_opt_t wl_opt_profile(ladroi_opt_fn fn, int *seen)
{
    return (ladroi_opt_t){"--profile", 0, LADROI_OPT_FN, NULL, .arg = "NAME",
                          .help = "DLB_Bench profile of TITUS_DLB Table 1 (sets tasks per rank,\n"
                                  "payload, work per task, task capacity; later flags override);\n"
                                  "'list' prints them",
                          .fn = fn, .seen = seen};
}

ladroi_opt_t wl_opt_profile_scale(double *scale, int *seen)
{
    return (ladroi_opt_t){"--profile-scale", 0, LADROI_OPT_DOUBLE, scale, 1e-4, 1, "F",
                          "tasks per rank = paper's x F (default 0.02: seconds -> ms)", /* WL_PROFILE_SCALE */
                          .accepted = "accepted: a factor in [0.0001, 1]",
                          .flags = LADROI_OPT_EARLY, .seen = seen};
}
