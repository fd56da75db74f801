/* Option rows shared by the programs: app_opts.h. */
#include "app_opts.h"
#include "speed.h" /* ladroi_speed_of */

#include <stdio.h>
#include <string.h>

ladroi_opt_t app_opt_policy(char *buf, size_t size)
{
    return (ladroi_opt_t){
        "--policy", 0, LADROI_OPT_BUF, buf, 0, (double)size, .arg = "LIST",
        .help = APP_POLICY_HELP, .accepted = APP_POLICY_ACCEPTED};
}

ladroi_opt_t app_opt_threads(int *dest, const char *help)
{
    return (ladroi_opt_t){"--threads", 0, LADROI_OPT_INT, dest, 1, 1024, .arg = "T",
                          .help = help, .accepted = "accepted: an integer in [1, 1024]"};
}

ladroi_opt_t app_opt_max_failed(int64_t *dest)
{
    return (ladroi_opt_t){"--max-failed", 0, LADROI_OPT_I64, dest, 0, 9.2e18, .arg = "N",
                          .help = "exit 1 when more than N remote steals failed (all ranks)",
                          .accepted = "accepted: a non-negative integer"};
}

void app_emulation_init(app_emulation_t *e)
{
    snprintf(e->speed, sizeof e->speed, "1");
    e->spin = 0;
}

/* A spec is checked as for one rank of one (ladro_speed_of: the profiles' rank counts are
 * checked again, for the job's, by app_emulate). */
static int app__opt_speed(const ladroi_opt_t *opt, const char *v, void *ctx, char *msg,
                          size_t msglen)
{
    (void)ctx;
    app_emulation_t *e = opt->dest;
    double s;
    if (strlen(v) >= sizeof e->speed || ladroi_speed_of(v, 0, 1, &s, msg, msglen) != 0)
        return -1;
    snprintf(e->speed, sizeof e->speed, "%s", v);
    return 0;
}

ladroi_opt_t app_opt_speed(app_emulation_t *e, const char *help)
{
    return (ladroi_opt_t){"--speed", 0, LADROI_OPT_FN, e, .arg = "SPEC", .help = help,
                          .fn = app__opt_speed,
                          .accepted = "accepted: a comma list of positive numbers (cycled "
                                      "over the ranks), or C1..C5"};
}

static const char *const app__emulate_names[] = {"sleep", "spin", NULL};

ladroi_opt_t app_opt_emulate(app_emulation_t *e, const char *help)
{
    return (ladroi_opt_t){"--emulate", 0, LADROI_OPT_CHOICE, &e->spin, .arg = "sleep|spin",
                          .help = help, .data = app__emulate_names,
                          .accepted = "accepted: sleep, spin"};
}
