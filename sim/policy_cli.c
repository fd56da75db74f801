/* ladro-sim policy: run ladro's policies side by side on the same simulated workload. */
#include "cli.h"
#include "paje.h"
#include "policy.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void ladro__help(void)
{
    printf(
        "usage: ladro-sim policy --policy LIST --p N [options]\n"
        "Independent tasks on p simulated ranks of given speeds, under each policy's decision\n"
        "rule (docs/sim.md, 'Policy-level simulation'); one line per policy, same workload.\n"
        "  --policy LIST        comma list or 'all': static, leader, random, ctws, a2ws,\n"
        "                       baseline, successonly, smallworld\n"
        "  --p N                simulated ranks (default 8)\n"
        "  --tasks-per-rank K   tasks per rank on average (default 10)\n"
        "  --work-ms X          mean task duration at full speed, ms (default 10)\n"
        "  --dist D             const | uniform:A,B | gauss:MEAN,SD | exp | bimodal:P,A,B\n"
        "                       (in units of --work-ms, as ladro-synth --work-dist)\n"
        "  --init I             even | one | gauss70-10 (initial placement; default even)\n"
        "  --speed SPEC         C1..C5 (A2WS Table 2 profiles) or a list '1,0.5' cycled over\n"
        "                       ranks (default 1)\n"
        "  --lambda-us L        latency of one message, microseconds (default 5; --lambda too)\n"
        "  --hop-us H           + H per unit of ring distance between the ranks (default 0)\n"
        "  --poll-us P          busy ranks serve requests every P us of task (default 1000)\n"
        "  --msg-us M           CPU cost of serving one request (default 1)\n"
        "  --task-overhead-us X fixed cost added to every task whatever the speed (default 0;\n"
        "                       calibration: the runtime's per-task cost on a given machine)\n"
        "  --backoff-min-us X / --backoff-max-us Y   after a failed round (default 20 / 2000)\n"
        "  --chunk N            tasks an owner keeps private (default 1)\n"
        "  --steal-fraction F   share of the victim's stealable tasks taken (default 0.5)\n"
        "  --radius R           a2ws ring radius (default 20%% of p)\n"
        "  --candidates C       a2ws victims sampled per decision (default 8)\n"
        "  --degree D           smallworld shortcut draws per rank (runtime's sw_degree;\n"
        "                       default 2 floor(log2(p-1)), average degree ~ 4 log2 p)\n"
        "  --leader-thread on|off  leader answers from a service thread on arrival (on,\n"
        "                       default) or from its main thread at progress calls (off)\n"
        "  --seed S             workload and simulation seed (default 1)\n"
        "  --csv FILE           one CSV row per policy ('-' = stdout)\n"
        "  --json               JSON {\"params\": ..., \"policies\": [...]} on stdout\n"
        "  --paje FILE          Paje trace (one policy only)\n");
}

static int ladro__bad(const char *flag, const char *v, const char *acc)
{
    return ladro_sim_usage_error("policy", "%s '%s': %s", flag, v, acc);
}

int ladro_sim_policy_main(int argc, char **argv)
{
    ladro_sim_pol_params_t prm;
    ladro_sim_pol_defaults(&prm);
    const char *pols = "random", *speed = "1", *csvp = NULL, *paje = NULL;
    int json = 0;
    for (int i = 0; i < argc; i++) {
        const char *k = argv[i];
        if (!strcmp(k, "--help") || !strcmp(k, "-h")) {
            ladro__help();
            return 0;
        }
        if (!strcmp(k, "--json")) {
            json = 1;
            continue;
        }
        if (!strcmp(k, "--quiet") || !strcmp(k, "--progress"))
            continue;
        if (strncmp(k, "--", 2) != 0)
            return ladro_sim_usage_error("policy", "unexpected argument '%s'", k);
        if (i + 1 >= argc)
            return ladro_sim_usage_error("policy", "option %s needs a value", k);
        const char *v = argv[++i];
        int64_t x;
        double d;
        if (!strcmp(k, "--policy"))
            pols = v;
        else if (!strcmp(k, "--speed"))
            speed = v;
        else if (!strcmp(k, "--csv"))
            csvp = v;
        else if (!strcmp(k, "--paje"))
            paje = v;
        else if (!strcmp(k, "--leader-thread")) {
            if (!strcmp(v, "on"))
                prm.leader_thread = 1;
            else if (!strcmp(v, "off"))
                prm.leader_thread = 0;
            else
                return ladro__bad(k, v, "accepted: on or off");
        }
        else if (!strcmp(k, "--p")) {
            if (ladro_sim_parse_i64(v, 1, 1 << 24, &x))
                return ladro__bad(k, v, "accepted: an integer in [1, 16777216]");
            prm.p = (int32_t)x;
        } else if (!strcmp(k, "--tasks-per-rank")) {
            if (ladro_sim_parse_i64(v, 1, 10000000, &x))
                return ladro__bad(k, v, "accepted: an integer in [1, 1e7]");
            prm.wl.tasks_per_rank = (uint64_t)x;
        } else if (!strcmp(k, "--work-ms")) {
            if (ladro_sim_parse_f64(v, 1e-6, 1e9, &d))
                return ladro__bad(k, v, "accepted: a number of ms in [1e-6, 1e9]");
            prm.wl.work_ms = d;
        } else if (!strcmp(k, "--dist") || !strcmp(k, "--work-dist")) {
            if (wl_parse_dist(&prm.wl, v))
                return ladro__bad(k, v, wl_dist_accepted);
        } else if (!strcmp(k, "--init")) {
            if (wl_parse_init(&prm.wl, v))
                return ladro__bad(k, v, wl_init_accepted);
        } else if (!strcmp(k, "--lambda-us") || !strcmp(k, "--lambda") || !strcmp(k, "--hop-us") ||
                   !strcmp(k, "--poll-us") || !strcmp(k, "--msg-us") ||
                   !strcmp(k, "--task-overhead-us") ||
                   !strcmp(k, "--backoff-min-us") || !strcmp(k, "--backoff-max-us")) {
            if (ladro_sim_parse_f64(v, 0, 1e9, &d))
                return ladro__bad(k, v, "accepted: a number of microseconds in [0, 1e9]");
            int64_t ns = (int64_t)llround(d * 1000);
            if (!strcmp(k, "--hop-us"))
                prm.hop_ns = ns;
            else if (!strcmp(k, "--poll-us"))
                prm.poll_ns = ns;
            else if (!strcmp(k, "--msg-us"))
                prm.msg_ns = ns;
            else if (!strcmp(k, "--task-overhead-us"))
                prm.task_overhead_ns = ns;
            else if (!strcmp(k, "--backoff-min-us"))
                prm.backoff_min_ns = ns;
            else if (!strcmp(k, "--backoff-max-us"))
                prm.backoff_max_ns = ns;
            else
                prm.lambda_ns = ns;
        } else if (!strcmp(k, "--chunk")) {
            if (ladro_sim_parse_i64(v, 0, 65536, &x))
                return ladro__bad(k, v, "accepted: an integer in [0, 65536]");
            prm.chunk = (uint32_t)x;
        } else if (!strcmp(k, "--steal-fraction")) {
            if (ladro_sim_parse_f64(v, 1e-9, 1, &d))
                return ladro__bad(k, v, "accepted: a number in (0, 1]");
            prm.steal_fraction = d;
        } else if (!strcmp(k, "--radius")) {
            if (ladro_sim_parse_i64(v, 1, 1 << 24, &x))
                return ladro__bad(k, v, "accepted: an integer >= 1");
            prm.radius = (int32_t)x;
        } else if (!strcmp(k, "--candidates")) {
            if (ladro_sim_parse_i64(v, 1, 256, &x))
                return ladro__bad(k, v, "accepted: an integer in [1, 256]");
            prm.candidates = (int32_t)x;
        } else if (!strcmp(k, "--degree")) {
            if (ladro_sim_parse_i64(v, 1, 4096, &x))
                return ladro__bad(k, v, "accepted: an integer in [1, 4096]");
            prm.degree = (int32_t)x;
        } else if (!strcmp(k, "--seed")) {
            if (ladro_sim_parse_i64(v, 0, INT64_MAX, &x))
                return ladro__bad(k, v, "accepted: a non-negative integer");
            prm.seed = (uint64_t)x;
            prm.wl.seed = (uint64_t)x;
        } else
            return ladro_sim_usage_error("policy", "unknown option '%s'", k);
    }
    if (prm.backoff_max_ns < prm.backoff_min_ns)
        return ladro_sim_usage_error("policy", "--backoff-max-us is below --backoff-min-us");
    uint64_t ntasks = prm.wl.tasks_per_rank * (uint64_t)prm.p;
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
    int rc = 0;
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
