/* Option rows shared by the programs: app_opts.h. */
#include "app_opts.h"

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
