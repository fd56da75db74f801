/* ladro-sim policy: run ladro's policies side by side on the same simulated workload. */
#include "cli.h"
#include "opts.h"
#include "paje.h"
#include "policy.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int ladro__bad(const char *flag, const char *v, const char *acc)
{
    return ladro_sim_usage_error("policy", "%s '%s': %s", flag, v, acc);
}

/* A duration in microseconds, stored in ns (dest: int64_t) */
static int ladro__opt_us(const ladroi_opt_t *opt, const char *v, void *ctx, char *msg,
                         size_t msglen)
{
    (void)ctx, (void)msg, (void)msglen;
    double d;
    if (ladroi_parse_double(v, 0, 1e9, false, &d))
        return -1;
    *(int64_t *)opt->dest = (int64_t)llround(d * 1000);
    return 0;
}

static int ladro__opt_wl(const ladroi_opt_t *opt, const char *v, void *ctx, char *msg,
                         size_t msglen)
{
    (void)ctx, (void)msg, (void)msglen;
    return opt->data ? wl_parse_init(opt->dest, v) : wl_parse_dist(opt->dest, v);
}

static const char *const ladro__off_on[] = {"off", "on", NULL};

#define US "accepted: a number of microseconds in [0, 1e9]"
#define HIDDEN LADROI_OPT_HIDDEN

int ladro_sim_policy_main(int argc, char **argv)
{
    ladro_sim_pol_params_t prm;
    ladro_sim_pol_defaults(&prm);
    const char *pols = "random", *speed = "1", *csvp = NULL, *paje = NULL;
    int json = 0, ignored = 0, chunk = (int)prm.chunk;
    const ladroi_opt_t opts[] = {
        {"--policy", 0, LADROI_OPT_STR, &pols, .arg = "LIST",
         .help = "comma list or 'all': static, leader, random, ctws, a2ws,\n"
                 "baseline, successonly, smallworld"},
        {"--p", 0, LADROI_OPT_INT, &prm.p, 1, 1 << 24, .arg = "N",
         .help = "simulated ranks (default 8)"},
        {"--tasks-per-rank", 0, LADROI_OPT_U64, &prm.wl.tasks_per_rank, 1, 1e7, .arg = "K",
         .help = "tasks per rank on average (default 10)",
         .accepted = "accepted: an integer in [1, 1e7]"},
        {"--work-ms", 0, LADROI_OPT_DOUBLE, &prm.wl.work_ms, 1e-6, 1e9, .arg = "X",
         .help = "mean task duration at full speed, ms (default 10)",
         .accepted = "accepted: a number of ms in [1e-6, 1e9]"},
        {"--dist", 0, LADROI_OPT_FN, &prm.wl, .arg = "D",
         .help = "const | uniform:A,B | gauss:MEAN,SD | exp | bimodal:P,A,B\n"
                 "(in units of --work-ms, as ladro-synth --work-dist)",
         .accepted = wl_dist_accepted, .fn = ladro__opt_wl},
        {"--work-dist", 0, LADROI_OPT_FN, &prm.wl, .accepted = wl_dist_accepted,
         .fn = ladro__opt_wl, .flags = HIDDEN},
        {"--init", 0, LADROI_OPT_FN, &prm.wl, .arg = "I",
         .help = "even | one | gauss70-10 (initial placement; default even)",
         .accepted = wl_init_accepted, .fn = ladro__opt_wl, .data = "init"},
        {"--speed", 0, LADROI_OPT_STR, &speed, .arg = "SPEC",
         .help = "C1..C5 (A2WS Table 2 profiles) or a list '1,0.5' cycled over\n"
                 "ranks (default 1)"},
        {"--lambda-us", 0, LADROI_OPT_FN, &prm.lambda_ns, .arg = "L",
         .help = "latency of one message, microseconds (default 5; --lambda too)",
         .accepted = US, .fn = ladro__opt_us},
        {"--lambda", 0, LADROI_OPT_FN, &prm.lambda_ns, .accepted = US, .fn = ladro__opt_us,
         .flags = HIDDEN},
        {"--hop-us", 0, LADROI_OPT_FN, &prm.hop_ns, .arg = "H",
         .help = "+ H per unit of ring distance between the ranks (default 0)",
         .accepted = US, .fn = ladro__opt_us},
        {"--poll-us", 0, LADROI_OPT_FN, &prm.poll_ns, .arg = "P",
         .help = "busy ranks serve requests every P us of task (default 1000)",
         .accepted = US, .fn = ladro__opt_us},
        {"--msg-us", 0, LADROI_OPT_FN, &prm.msg_ns, .arg = "M",
         .help = "CPU cost of serving one request (default 1)", .accepted = US,
         .fn = ladro__opt_us},
        {"--task-overhead-us", 0, LADROI_OPT_FN, &prm.task_overhead_ns, .arg = "X",
         .help = "fixed cost added to every task whatever the speed (default 0;\n"
                 "calibration: the runtime's per-task cost on a given machine)",
         .accepted = US, .fn = ladro__opt_us},
        {"--backoff-min-us", 0, LADROI_OPT_FN, &prm.backoff_min_ns, .arg = "X",
         .help = "pause after a failed round, at first (default 20)", .accepted = US,
         .fn = ladro__opt_us},
        {"--backoff-max-us", 0, LADROI_OPT_FN, &prm.backoff_max_ns, .arg = "Y",
         .help = "... and at most (default 2000)", .accepted = US, .fn = ladro__opt_us},
        {"--chunk", 0, LADROI_OPT_INT, &chunk, 0, 65536, .arg = "N",
         .help = "tasks an owner keeps private (default 1)"},
        {"--steal-fraction", 0, LADROI_OPT_DOUBLE, &prm.steal_fraction, 1e-9, 1, .arg = "F",
         .help = "share of the victim's stealable tasks taken (default 0.5)",
         .accepted = "accepted: a number in (0, 1]"},
        {"--radius", 0, LADROI_OPT_INT, &prm.radius, 1, 1 << 24, .arg = "R",
         .help = "a2ws ring radius (default 20% of p)"},
        {"--candidates", 0, LADROI_OPT_INT, &prm.candidates, 1, 256, .arg = "C",
         .help = "a2ws victims sampled per decision (default 8)"},
        {"--degree", 0, LADROI_OPT_INT, &prm.degree, 1, 4096, .arg = "D",
         .help = "smallworld shortcut draws per rank (runtime's sw_degree;\n"
                 "default 2 floor(log2(p-1)), average degree ~ 4 log2 p)"},
        {"--leader-thread", 0, LADROI_OPT_CHOICE, &prm.leader_thread, .arg = "on|off",
         .help = "leader answers from a service thread on arrival (on,\n"
                 "default) or from its main thread at progress calls (off)",
         .accepted = "accepted: on or off", .data = ladro__off_on},
        {"--seed", 0, LADROI_OPT_U64, &prm.seed, 0, 9223372036854775807.0, .arg = "S",
         .help = "workload and simulation seed (default 1)",
         .accepted = "accepted: a non-negative integer"},
        {"--csv", 0, LADROI_OPT_STR, &csvp, .arg = "FILE",
         .help = "one CSV row per policy ('-' = stdout)"},
        {"--json", 0, LADROI_OPT_FLAG, &json,
         .help = "JSON {\"params\": ..., \"policies\": [...]} on stdout"},
        {"--paje", 0, LADROI_OPT_STR, &paje, .arg = "FILE",
         .help = "Paje trace (one policy only)"},
        {"--quiet", 0, LADROI_OPT_FLAG, &ignored, .flags = HIDDEN},
        {"--progress", 0, LADROI_OPT_FLAG, &ignored, .flags = HIDDEN},
        {"--help", 'h', LADROI_OPT_HELP, .help = "this text"},
        {0},
    };
    const ladroi_cli_t cli = {
        .prog = "ladro-sim policy",
        .usage = "usage: ladro-sim policy --policy LIST --p N [options]\n"
                 "Independent tasks on p simulated ranks of given speeds, under each policy's "
                 "decision\nrule (docs/sim.md, 'Policy-level simulation'); one line per "
                 "policy, same workload.\n",
        .opts = opts,
    };
    int rc = ladroi_cli_parse(&cli, argc, argv, NULL, 0);
    if (rc)
        return rc == 1 ? 0 : rc;
    (void)ignored;
    prm.chunk = (uint32_t)chunk;
    prm.wl.seed = prm.seed;
    if (prm.backoff_max_ns < prm.backoff_min_ns)
        return ladro_sim_usage_error("policy", "--backoff-max-us is below --backoff-min-us");
    uint64_t ntasks = wl_ntasks(&prm.wl, prm.p);
    if (ntasks > 0xFFFFFFF0ull)
        return ladro_sim_usage_error("policy", "--p x --tasks-per-rank = %llu tasks; accepted:"
                                     " fewer than 2^32", (unsigned long long)ntasks);
    /* policy list */
    int list[LADRO_SIM_POL_COUNT], n = 0;
    if (!strcmp(pols, "all")) {
        for (int i = 0; i < LADRO_SIM_POL_COUNT; i++)
            list[n++] = i;
    } else {
        char buf[256];
        if (strlen(pols) >= sizeof buf)
            return ladro__bad("--policy", pols, "too long");
        strcpy(buf, pols);
        char *save = NULL;
        for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
            int f = -1;
            for (int i = 0; i < LADRO_SIM_POL_COUNT; i++)
                if (!strcmp(t, ladro_sim_policy_names[i]))
                    f = i;
            if (f < 0 || n == LADRO_SIM_POL_COUNT)
                return ladro__bad("--policy", pols, "accepted: all or a comma list of static, "
                                  "leader, random, ctws, a2ws, baseline, successonly, "
                                  "smallworld");
            list[n++] = f;
        }
    }
    if (paje && n != 1)
        return ladro_sim_usage_error("policy", "--paje needs exactly one --policy");
    double *sp = malloc((size_t)prm.p * sizeof *sp);
    if (!sp)
        return 1;
    char err[256];
    if (ladro_sim_speeds(speed, prm.p, sp, err, sizeof err)) {
        free(sp);
        return ladro_sim_usage_error("policy", "--speed: %s", err);
    }
    prm.speed = sp;
    FILE *csv = NULL;
    if (csvp) {
        csv = strcmp(csvp, "-") ? fopen(csvp, "w") : stdout;
        if (!csv) {
            free(sp);
            return ladro_sim_usage_error("policy", "cannot write '%s'", csvp);
        }
        fprintf(csv, "policy,p,tasks,speed,lambda_us,makespan_s,lower_bound_s,efficiency,"
                     "idle_mean,steals_tried,steals_ok,steals_failed,probes,tasks_moved,"
                     "messages,token_hops,min_tasks_run,max_tasks_run,events,wall_s\n");
    }
    if (json)
        printf("{\"params\": {\"p\": %d, \"tasks\": %llu, \"speed\": \"%s\", \"lambda_us\": "
               "%.3f, \"hop_us\": %.3f, \"seed\": %llu}, \"policies\": [",
               prm.p, (unsigned long long)ntasks, speed, prm.lambda_ns / 1e3, prm.hop_ns / 1e3,
               (unsigned long long)prm.seed);
    else if (!csv || csv != stdout)
        printf("ladro-sim policy: p=%d tasks=%llu speed=%s lambda=%.3g us hop=%.3g us "
               "seed=%llu\n%-12s %11s %11s %6s %6s %9s %9s %8s %9s %10s %10s %9s %8s\n",
               prm.p, (unsigned long long)ntasks, speed, prm.lambda_ns / 1e3, prm.hop_ns / 1e3,
               (unsigned long long)prm.seed, "policy", "makespan_s", "lower_bd_s", "eff",
               "idle%", "steals_ok", "failed", "probes", "moved", "messages", "events",
               "events/s", "wall_s");
    rc = 0;
    for (int k = 0; k < n; k++) {
        prm.policy = list[k];
        ladro_sim_paje_t *pj = NULL;
        ladro_sim_lat_observer_t ob;
        prm.obs = NULL;
        if (paje) {
            pj = ladro_sim_paje_open(paje, prm.p);
            if (!pj) {
                rc = ladro_sim_usage_error("policy", "cannot write '%s'", paje);
                break;
            }
            ladro_sim_paje_observer(pj, &ob);
            prm.obs = &ob;
        }
        ladro_sim_pol_result_t r;
        int e = ladro_sim_pol_run(&prm, &r, err, sizeof err);
        if (pj && ladro_sim_paje_close(&pj) != 0 && !e) {
            fprintf(stderr, "ladro-sim policy: error writing '%s'\n", paje);
            rc = 1;
        }
        if (e) {
            fprintf(stderr, "ladro-sim policy: %s: %s\n", ladro_sim_policy_names[list[k]], err);
            rc = 1;
            continue;
        }
        double evs = r.wall_s > 0 ? (double)r.events / r.wall_s : 0;
        if (json)
            printf("%s\n {\"policy\": \"%s\", \"makespan_s\": %.9g, \"lower_bound_s\": %.9g, "
                   "\"efficiency\": %.6g, \"idle_mean\": %.6g, \"steals_tried\": %llu, "
                   "\"steals_ok\": %llu, \"steals_failed\": %llu, \"probes\": %llu, "
                   "\"tasks_moved\": %llu, \"messages\": %llu, \"token_hops\": %llu, "
                   "\"min_tasks_run\": %llu, \"max_tasks_run\": %llu, \"events\": %llu, "
                   "\"wall_s\": %.6g, \"events_per_s\": %.6g}",
                   k ? "," : "", ladro_sim_policy_names[list[k]], r.makespan_s,
                   r.lower_bound_s, r.efficiency, r.idle_mean,
                   (unsigned long long)r.steals_tried, (unsigned long long)r.steals_ok,
                   (unsigned long long)r.steals_failed, (unsigned long long)r.probes,
                   (unsigned long long)r.tasks_moved, (unsigned long long)r.messages,
                   (unsigned long long)r.token_hops, (unsigned long long)r.min_tasks_run,
                   (unsigned long long)r.max_tasks_run, (unsigned long long)r.events, r.wall_s,
                   evs);
        else if (!csv || csv != stdout)
            printf("%-12s %11.6f %11.6f %6.3f %6.1f %9llu %9llu %8llu %9llu %10llu %10llu "
                   "%9.3g %8.2f\n",
                   ladro_sim_policy_names[list[k]], r.makespan_s, r.lower_bound_s,
                   r.efficiency, 100 * r.idle_mean, (unsigned long long)r.steals_ok,
                   (unsigned long long)r.steals_failed, (unsigned long long)r.probes,
                   (unsigned long long)r.tasks_moved, (unsigned long long)r.messages,
                   (unsigned long long)r.events, evs, r.wall_s);
        if (csv)
            fprintf(csv, "%s,%d,%llu,%s,%.3f,%.9g,%.9g,%.6g,%.6g,%llu,%llu,%llu,%llu,%llu,%llu,"
                         "%llu,%llu,%llu,%llu,%.6g\n",
                    ladro_sim_policy_names[list[k]], prm.p, (unsigned long long)ntasks, speed,
                    prm.lambda_ns / 1e3, r.makespan_s, r.lower_bound_s, r.efficiency,
                    r.idle_mean, (unsigned long long)r.steals_tried,
                    (unsigned long long)r.steals_ok, (unsigned long long)r.steals_failed,
                    (unsigned long long)r.probes, (unsigned long long)r.tasks_moved,
                    (unsigned long long)r.messages, (unsigned long long)r.token_hops,
                    (unsigned long long)r.min_tasks_run, (unsigned long long)r.max_tasks_run,
                    (unsigned long long)r.events, r.wall_s);
        fflush(stdout);
    }
    if (json)
        printf("\n]}\n");
    if (csv && csv != stdout)
        fclose(csv);
    free(sp);
    return rc;
}
