/* ladro-sim-s4u: the runtime's own code (src/, every policy unchanged) on P simulated
 * ranks, SimGrid S4U actors over the simulated engine (sim/engine_s4u.c), running
 * ladro-synth's workload (apps/common/workload_gen.c) and checking that every task ran
 * exactly once. */
#include "engine_s4u.h"
#include "workload_gen.h"

#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <xbt/config.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    int p;
    wl_spec_t wl;
    ladro_config_t cfg;
    ladro_s4u_world_t *world;
    uint64_t ntasks;
    uint64_t **own;  /* per rank: the ids it seeds */
    uint64_t *nown;
    uint32_t *runs;  /* per task id: times run */
    double *done_s, *last_end_s; /* per rank */
    int err_rank, err_rc;
    char err[512];
    uint64_t bad_payloads;
} ladro__run_t;

static int ladro__fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "ladro-sim-s4u: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    return 2;
}

static void ladro__rank_error(ladro__run_t *run, int rank, int rc, const char *what)
{
    if (run->err_rc == 0) {
        run->err_rank = rank;
        run->err_rc = rc;
        snprintf(run->err, sizeof run->err, "%s", what);
    }
}

/* One rank: seed its tasks, run them (a task's run is its duration of simulated time;
 * the runtime pads it to duration / speed), until LADRO_DONE. */
static void ladro__rank_main(int argc, char **argv)
{
    (void)argc;
    ladro__run_t *run = sg_actor_self_get_data();
    int rank = atoi(argv[1]);
    char err[256] = "";
    ladro_t *lb = NULL;
    int rc = ladro_s4u_create(run->world, rank, &run->cfg, &lb, err, sizeof err);
    if (rc) {
        ladro__rank_error(run, rank, rc, err);
        return;
    }
    size_t pb = run->cfg.task_bytes;
    unsigned char *pay = malloc(pb ? pb : 1);
    for (uint64_t i = 0; i < run->nown[rank] && rc == 0; i++) {
        uint64_t id = run->own[rank][i];
        wl_fill_payload(pay, pb, id, wl_task_seconds(&run->wl, id));
        ladro_task_t t = {.id = id, .payload = pay};
        rc = ladro_push(lb, &t);
    }
    free(pay);
    double t0 = simgrid_get_clock();
    while (rc == 0) {
        ladro_task_t t;
        rc = ladro_next(lb, &t);
        if (rc == LADRO_OK) {
            if (t.id >= run->ntasks || !wl_check_payload(t.payload, pb, t.id))
                run->bad_payloads++;
            else
                run->runs[t.id]++;
            double d = wl_task_seconds(&run->wl, t.id);
            if (d >= 1e-9) /* SimGrid's accuracy */
                sg_actor_sleep_for(d);
        }
    }
    if (rc == LADRO_DONE) {
        ladro_rank_stats_t st;
        run->done_s[rank] = simgrid_get_clock() - t0;
        if (ladro_stats_local(lb, &st) == 0)
            run->last_end_s[rank] = st.last_task_end_s;
        rc = LADRO_OK;
    } else {
        ladro__rank_error(run, rank, rc, ladro_last_error(lb));
    }
    rc = ladro_destroy(&lb);
    if (rc)
        ladro__rank_error(run, rank, rc, "ladro_destroy failed");
}

/* The default platform: a flat cluster of p hosts (1 Gflop/s) where a message between two
 * hosts takes lambda (two private links of lambda/2) and 10 GB/s. */
static int ladro__flat_platform(char *path, size_t n, int p, double lambda_us)
{
    snprintf(path, n, "%s/ladro-sim-s4u-XXXXXX.xml", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    int fd = mkstemps(path, 4);
    if (fd < 0)
        return -1;
    FILE *f = fdopen(fd, "w");
    if (!f) {
        close(fd);
        return -1;
    }
    fprintf(f, "<?xml version='1.0'?>\n"
               "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
               "<platform version=\"4.1\">\n"
               "  <cluster id=\"ladro\" prefix=\"r\" suffix=\"\" radical=\"0-%d\" speed=\"1Gf\"\n"
               "           bw=\"10GBps\" lat=\"%.9fs\"/>\n"
               "</platform>\n",
            p - 1, lambda_us * 0.5e-6);
    return fclose(f) == 0 ? 0 : -1;
}

static int ladro__host_cmp(const void *a, const void *b)
{
    const char *x = sg_host_get_name(*(const sg_host_t *)a);
    const char *y = sg_host_get_name(*(const sg_host_t *)b);
    size_t lx = strlen(x), ly = strlen(y); /* r2 before r10 */
    return lx != ly ? (lx < ly ? -1 : 1) : strcmp(x, y);
}

static double ladro__cpu_s(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec +
           (double)ru.ru_stime.tv_sec + 1e-6 * (double)ru.ru_stime.tv_usec;
}

static void ladro__help(void)
{
    printf("usage: ladro-sim-s4u --policy LIST --p N [options] [KEY=VALUE | POLICY:KEY=VALUE ...]\n"
           "ladro's runtime (every policy's own code) on N simulated ranks (SimGrid S4U actors),\n"
           "on ladro-synth's workload; checks that every task ran exactly once.\n"
           "  --policy LIST        comma list or 'all' (default random)\n"
           "  --p N                simulated ranks (default 8)\n"
           "  --tasks-per-rank K   tasks per rank on average (default 10)\n"
           "  --work-ms X          mean task duration at full speed, ms (default 10)\n"
           "  --dist D             const | uniform:A,B | gauss:MEAN,SD | exp | bimodal:P,A,B\n"
           "  --init I             even | one | gauss70-10 (default even)\n"
           "  --speed SPEC         C1..C5 or a list '1,0.5' cycled over ranks (default 1)\n"
           "  --lambda-us L        latency of the default flat cluster, us (default 5)\n"
           "  --platform FILE      a SimGrid platform XML instead (ranks on its hosts, by name)\n"
           "  --seed S             workload and runtime seed (default 1)\n"
           "  --json               JSON {\"params\": ..., \"policies\": [...]} on stdout\n"
           "  KEY=VALUE            a runtime configuration key for every policy;\n"
           "  POLICY:KEY=VALUE     for that policy only (keys: ladro_print_config)\n");
}

int main(int argc, char **argv)
{
    ladro__run_t run;
    memset(&run, 0, sizeof run);
    run.p = 8;
    wl_spec_init(&run.wl);
    run.wl.tasks_per_rank = 10;
    const char *pols = "random", *speed = "1", *platform = NULL;
    double lambda_us = 5;
    int json = 0;
    const char **keys = calloc((size_t)argc + 1, sizeof *keys);
    int nkeys = 0;
    for (int i = 1; i < argc; i++) {
        const char *k = argv[i];
        if (!strcmp(k, "--help") || !strcmp(k, "-h")) {
            ladro__help();
            return 0;
        }
        if (!strcmp(k, "--json")) {
            json = 1;
            continue;
        }
        if (strncmp(k, "--", 2) != 0) {
            if (!strchr(k, '='))
                return ladro__fail("unexpected argument '%s' (options start with --, "
                                   "configuration is KEY=VALUE or POLICY:KEY=VALUE)", k);
            keys[nkeys++] = k;
            continue;
        }
        if (i + 1 >= argc)
            return ladro__fail("option %s needs a value", k);
        const char *v = argv[++i];
        char *end;
        if (!strcmp(k, "--policy"))
            pols = v;
        else if (!strcmp(k, "--speed"))
            speed = v;
        else if (!strcmp(k, "--platform"))
            platform = v;
        else if (!strcmp(k, "--p")) {
            long x = strtol(v, &end, 10);
            if (*end || x < 1 || x > 1000000)
                return ladro__fail("--p '%s': an integer in [1, 1000000]", v);
            run.p = (int)x;
        } else if (!strcmp(k, "--tasks-per-rank")) {
            long long x = strtoll(v, &end, 10);
            if (*end || x < 0 || x > 100000000)
                return ladro__fail("--tasks-per-rank '%s': an integer in [0, 1e8]", v);
            run.wl.tasks_per_rank = (uint64_t)x;
        } else if (!strcmp(k, "--work-ms")) {
            double x = strtod(v, &end);
            if (*end || !(x >= 0 && x < 1e9))
                return ladro__fail("--work-ms '%s': a number >= 0", v);
            run.wl.work_ms = x;
        } else if (!strcmp(k, "--lambda-us") || !strcmp(k, "--lambda")) {
            double x = strtod(v, &end);
            if (*end || !(x >= 0 && x < 1e9))
                return ladro__fail("--lambda-us '%s': a number >= 0", v);
            lambda_us = x;
        } else if (!strcmp(k, "--seed")) {
            unsigned long long x = strtoull(v, &end, 10);
            if (*end || !*v)
                return ladro__fail("--seed '%s': a non-negative integer", v);
            run.wl.seed = x;
        } else if (!strcmp(k, "--dist")) {
            if (wl_parse_dist(&run.wl, v))
                return ladro__fail("--dist '%s': %s", v, wl_dist_accepted);
        } else if (!strcmp(k, "--init")) {
            if (wl_parse_init(&run.wl, v))
                return ladro__fail("--init '%s': %s", v, wl_init_accepted);
        } else {
            return ladro__fail("unknown option '%s' (see --help)", k);
        }
    }
    /* the policy list, checked before anything is simulated */
    const char *const *names = ladro_policy_names();
    char polbuf[512];
    if (!strcmp(pols, "all")) {
        polbuf[0] = 0;
        for (int i = 0; names[i]; i++)
            snprintf(polbuf + strlen(polbuf), sizeof polbuf - strlen(polbuf), "%s%s",
                     i ? "," : "", names[i]);
    } else {
        snprintf(polbuf, sizeof polbuf, "%s", pols);
    }
    char *list[64];
    int npol = 0;
    for (char *tok = strtok(polbuf, ","); tok && npol < 64; tok = strtok(NULL, ","))
        list[npol++] = tok;
    ladro_config_t cfgs[64];
    for (int i = 0; i < npol; i++) {
        char err[256];
        ladro_config_init(&cfgs[i]);
        if (ladro_config_set(&cfgs[i], "policy", list[i], err, sizeof err))
            return ladro__fail("--policy: %s", err);
        if (ladro_config_set(&cfgs[i], "speed", speed, err, sizeof err))
            return ladro__fail("--speed: %s", err);
        char seed[32];
        snprintf(seed, sizeof seed, "%llu", (unsigned long long)run.wl.seed);
        ladro_config_set(&cfgs[i], "seed", seed, err, sizeof err);
        char tb[32];
        snprintf(tb, sizeof tb, "%zu", run.wl.payload);
        ladro_config_set(&cfgs[i], "task_bytes", tb, err, sizeof err);
        for (int k = 0; k < nkeys; k++) {
            char kv[512];
            snprintf(kv, sizeof kv, "%s", keys[k]);
            char *key = kv, *colon = strchr(kv, ':'), *eq = strchr(kv, '=');
            if (colon && colon < eq) {
                *colon = 0;
                int known = 0;
                for (int n = 0; names[n]; n++)
                    known |= !strcmp(names[n], kv);
                if (!known)
                    return ladro__fail("'%s': unknown policy '%s' (see --policy)", keys[k], kv);
                if (strcmp(kv, list[i]) != 0)
                    continue;
                key = colon + 1;
            }
            *eq = 0;
            if (ladro_config_set(&cfgs[i], key, eq + 1, err, sizeof err))
                return ladro__fail("'%s': %s", keys[k], err);
        }
        if (cfgs[i].emulate == LADRO_EMULATE_SPIN)
            return ladro__fail("emulate=spin: a simulated rank cannot spin (its speed is "
                               "emulated in simulated time); use emulate=sleep");
        if (ladro_config_validate(&cfgs[i], err, sizeof err))
            return ladro__fail("policy %s: %s", list[i], err);
    }
    free(keys);
    if (platform && access(platform, R_OK) != 0)
        return ladro__fail("--platform '%s': cannot read that file", platform);

    /* SimGrid: many actors need small stacks and no guard pages (docs/sim.md) */
    int one = 1;
    char *sgargv[] = {argv[0], NULL};
    simgrid_init(&one, sgargv); /* registers the keys, which the platform's loading reads */
    sg_cfg_set_int("contexts/stack-size", 256);
    sg_cfg_set_int("contexts/guard-size", 0);
    char tmp[512] = "";
    if (!platform) {
        if (ladro__flat_platform(tmp, sizeof tmp, run.p, lambda_us))
            return ladro__fail("cannot write the platform file '%s'", tmp);
        platform = tmp;
    }
    simgrid_load_platform(platform);
    if (tmp[0])
        remove(tmp);
    size_t nh = sg_host_count();
    if (nh == 0)
        return ladro__fail("--platform '%s': no host", platform);
    sg_host_t *all = sg_host_list(), *hosts = malloc((size_t)run.p * sizeof *hosts);
    qsort(all, nh, sizeof *all, ladro__host_cmp);
    for (int r = 0; r < run.p; r++)
        hosts[r] = all[(size_t)r % nh];

    run.ntasks = run.wl.tasks_per_rank * (uint64_t)run.p;
    run.own = calloc((size_t)run.p, sizeof *run.own);
    run.nown = calloc((size_t)run.p, sizeof *run.nown);
    run.runs = calloc(run.ntasks ? run.ntasks : 1, sizeof *run.runs);
    run.done_s = calloc((size_t)run.p, sizeof *run.done_s);
    run.last_end_s = calloc((size_t)run.p, sizeof *run.last_end_s);
    int *owner = malloc((run.ntasks ? run.ntasks : 1) * sizeof *owner);
    double work = 0, speed_sum = 0;
    for (uint64_t id = 0; id < run.ntasks; id++) {
        owner[id] = wl_task_owner(&run.wl, id, run.ntasks, run.p);
        run.nown[owner[id]]++;
        work += wl_task_seconds(&run.wl, id);
    }
    for (int r = 0; r < run.p; r++) {
        run.own[r] = malloc((run.nown[r] ? run.nown[r] : 1) * sizeof **run.own);
        run.nown[r] = 0;
        double s;
        ladro_speed_of(speed, r, run.p, &s, NULL, 0);
        speed_sum += s;
    }
    for (uint64_t id = 0; id < run.ntasks; id++)
        run.own[owner[id]][run.nown[owner[id]]++] = id;
    free(owner);
    double lower = speed_sum > 0 ? work / speed_sum : 0;

    if (json)
        printf("{\"params\": {\"p\": %d, \"tasks_per_rank\": %llu, \"work_ms\": %g, "
               "\"speed\": \"%s\", \"lambda_us\": %g, \"seed\": %llu, \"engine\": \"s4u\"},\n"
               " \"policies\": [",
               run.p, (unsigned long long)run.wl.tasks_per_rank, run.wl.work_ms, speed,
               lambda_us, (unsigned long long)run.wl.seed);
    int status = 0;
    for (int i = 0; i < npol; i++) {
        run.cfg = cfgs[i];
        run.err_rc = 0;
        run.bad_payloads = 0;
        memset(run.runs, 0, (run.ntasks ? run.ntasks : 1) * sizeof *run.runs);
        run.world = ladro_s4u_world_new(run.p, hosts);
        if (!run.world)
            return ladro__fail("out of memory for %d ranks", run.p);
        double cpu0 = ladro__cpu_s(), clock0 = simgrid_get_clock();
        for (int r = 0; r < run.p; r++) {
            char name[32], rs[16];
            snprintf(name, sizeof name, "rank%d", r);
            snprintf(rs, sizeof rs, "%d", r);
            const char *av[] = {name, rs};
            sg_actor_t a = sg_actor_init(name, hosts[r]);
            sg_actor_set_data(a, &run);
            sg_actor_start_(a, ladro__rank_main, 2, av);
        }
        simgrid_run();
        double cpu = ladro__cpu_s() - cpu0;
        (void)clock0;
        ladro_s4u_world_free(run.world);
        run.world = NULL;
        uint64_t lost = 0, twice = 0;
        for (uint64_t id = 0; id < run.ntasks; id++) {
            lost += run.runs[id] == 0;
            twice += run.runs[id] > 1;
        }
        double makespan = 0, done = 0;
        for (int r = 0; r < run.p; r++) {
            if (run.last_end_s[r] > makespan)
                makespan = run.last_end_s[r];
            if (run.done_s[r] > done)
                done = run.done_s[r];
        }
        bool verified = run.err_rc == 0 && lost == 0 && twice == 0 && run.bad_payloads == 0;
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        double rss_mb = (double)ru.ru_maxrss / 1024.0;
        if (run.err_rc)
            fprintf(stderr, "ladro-sim-s4u: %s: rank %d: %s: %s\n", list[i], run.err_rank,
                    ladro_err_name(run.err_rc), run.err);
        if (!verified)
            status = 1;
        double eff = makespan > 0 ? lower / makespan : 0;
        if (json)
            printf("%s\n  {\"policy\": \"%s\", \"makespan_s\": %.9g, \"lower_bound_s\": %.9g, "
                   "\"efficiency\": %.6f, \"tasks\": %llu, \"lost\": %llu, \"twice\": %llu, "
                   "\"verified\": %s, \"done_s\": %.9g, \"cpu_s\": %.3f, \"peak_rss_mb\": %.1f}",
                   i ? "," : "", list[i], makespan, lower, eff, (unsigned long long)run.ntasks,
                   (unsigned long long)lost, (unsigned long long)twice,
                   verified ? "true" : "false", done, cpu, rss_mb);
        else
            printf("%-12s makespan %.6f s  lower bound %.6f s  efficiency %.3f  done %.6f s  "
                   "verified %s (lost %llu, twice %llu)  cpu %.2f s  rss %.0f MB\n",
                   list[i], makespan, lower, eff, done, verified ? "yes" : "NO",
                   (unsigned long long)lost, (unsigned long long)twice, cpu, rss_mb);
    }
    if (json)
        printf("\n ]}\n");
    for (int r = 0; r < run.p; r++)
        free(run.own[r]);
    free(run.own);
    free(run.nown);
    free(run.runs);
    free(run.done_s);
    free(run.last_end_s);
    free(hosts);
    free(all);
    return status;
}
