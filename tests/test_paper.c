/* paper=1 (the papers' configurations) and the removed keys, at the configuration level:
 * what paper=1 sets (ladro_print_config shows the values in force), the refusal of a
 * paper's rule ladro does not implement, and every removed key answering, as a key and as
 * a LADRO_* variable, with what replaced it. The runs themselves: ctest -R paper_. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include <ladro.h>
#include <stdbool.h>
#include <stdlib.h>

/* The value column of key's line in ladro_print_config's output ("" if absent). Core
 * lines are "key LADRO_KEY value ...", a policy's settings "key value ...". */
static void value_of(const char *out, const char *key, char *val, size_t n)
{
    val[0] = 0;
    for (const char *l = out; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        char k[64], a[300], b[300], c[300];
        int got = sscanf(l, "%63s %299s %299s %299s", k, a, b, c);
        if (got < 2 || strcmp(k, key) != 0)
            continue;
        bool core = got >= 3 && strncmp(a, "LADRO_", 6) == 0;
        const char *v = core ? b : a, *next = core ? (got == 4 ? c : "") : (got >= 3 ? b : "");
        snprintf(val, n, "%s", v);
        if (strcmp(next, "(paper)") == 0 && strlen(val) + 9 <= n)
            memcpy(val + strlen(val), " (paper)", 9);
        return;
    }
}

/* ladro_print_config of policy with paper (0/1) and the extra key=value pairs. */
static char *printed(const char *policy, int paper, const char *const *kv)
{
    ladro_config_t c;
    char err[256], num[8];
    ladro_config_init(&c);
    CHECK_EQ(ladro_config_set(&c, "policy", policy, err, sizeof err), LADRO_OK);
    snprintf(num, sizeof num, "%d", paper);
    CHECK_EQ(ladro_config_set(&c, "paper", num, err, sizeof err), LADRO_OK);
    for (; kv && kv[0]; kv += 2)
        CHECK_EQ(ladro_config_set(&c, kv[0], kv[1], err, sizeof err), LADRO_OK);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    CHECK(f != NULL);
    ladro_print_config(f, &c);
    fclose(f);
    return buf;
}

static void expect(const char *out, const char *key, const char *want)
{
    char v[300];
    value_of(out, key, v, sizeof v);
    if (strcmp(v, want) != 0)
        fprintf(stderr, "%s: '%s', expected '%s'\n", key, v, want);
    CHECK(strcmp(v, want) == 0);
}

int main(void)
{
    char err[512];
    ladro_config_t c;

    /* defaults: paper off, ladro's best measured settings in force */
    ladro_config_init(&c);
    CHECK_EQ(c.paper, 0);
    char *o = printed("ctws", 0, NULL);
    expect(o, "paper", "0");
    expect(o, "ctws_tokens", "auto");
    expect(o, "ctws_probe", "16");
    expect(o, "ctws_termination", "waves");
    free(o);

    /* ctws: the paper's single token, its finish token, consecutive ring, no probe */
    o = printed("ctws", 1, NULL);
    expect(o, "paper", "1");
    expect(o, "ctws_tokens", "1");
    expect(o, "ctws_probe", "0");
    expect(o, "ctws_termination", "token");
    expect(o, "ctws_ring", "rank");
    free(o);

    /* a2ws: no probe; radius 0 = the paper's 20 % (unit-tested in test_a2ws_math), a
     * radius given stays (Fig. 4's sweep) */
    o = printed("a2ws", 1, (const char *[]){"radius", "16", NULL});
    expect(o, "a2ws_probe", "0");
    expect(o, "radius", "16");
    free(o);
    o = printed("a2ws", 0, NULL);
    expect(o, "a2ws_probe", "1");
    free(o);

    /* steal guard and back-off pacing off under paper, whatever was set, and marked */
    const char *guard[] = {"steal_guard", "pace", "backoff_pace", "0.25", NULL};
    o = printed("random", 1, guard);
    expect(o, "steal_guard", "off (paper)");
    expect(o, "backoff_pace", "0 (paper)");
    expect(o, "threads", "1");
    free(o);
    o = printed("random", 0, NULL);
    expect(o, "steal_guard", "auto");
    free(o);
    o = printed("random", 0, guard);
    expect(o, "steal_guard", "pace");
    expect(o, "backoff_pace", "0.25");
    free(o);

    /* successonly / baseline: the communication worker beside the computation workers, the
     * paper's search */
    o = printed("successonly", 1, NULL);
    expect(o, "threads", "1");
    expect(o, "communication_worker", "on (paper)");
    expect(o, "load_draws", "0");
    expect(o, "load_threshold", "0");
    free(o);
    o = printed("baseline", 1, (const char *[]){"threads", "4", NULL});
    expect(o, "threads", "4");
    expect(o, "communication_worker", "on (paper)");
    free(o);
    o = printed("baseline", 0, NULL);
    expect(o, "threads", "1");
    expect(o, "load_draws", "8");
    expect(o, "communication_worker", "");
    free(o);

    /* leader: the service thread (refused at ladro_create without MPI_THREAD_MULTIPLE:
     * ctest bad_paper_leader_single) */
    o = printed("leader", 1, NULL);
    expect(o, "leader_thread", "on");
    free(o);
    o = printed("leader", 0, NULL);
    expect(o, "leader_thread", "auto");
    free(o);

    /* smallworld: the paper's locked whole-set theft and overlay are accepted */
    ladro_config_init(&c);
    CHECK_EQ(ladro_config_set(&c, "policy", "smallworld", err, sizeof err), LADRO_OK);
    CHECK_EQ(ladro_config_set(&c, "paper", "1", err, sizeof err), LADRO_OK);
    CHECK_EQ(ladro_config_validate(&c, err, sizeof err), LADRO_OK);
    o = printed("smallworld", 1, NULL);
    CHECK(strstr(o, "policy=smallworld is refused") == NULL);
    CHECK_STR_CONTAINS(o, "4·log2 P");
    free(o);

    /* every removed key: an error naming it and what replaced it, cfg unchanged */
    static const char *const removed[] = {
        "steal_fraction", "ctws_termination", "ctws_tokens", "ctws_probe", "ctws_ring",
        "whole_max", "radius_max", "a2ws_probe", "load_draws", "load_threshold",
        "successonly_nocycle", "successonly_withdraw", "sw_degree", "sw_ring",
        "leader_thread", NULL};
    for (const char *const *k = removed; *k; k++) {
        ladro_config_t before;
        ladro_config_init(&c);
        before = c;
        CHECK_EQ(ladro_config_set(&c, *k, "1", err, sizeof err), LADRO_EINVAL);
        char want[96];
        snprintf(want, sizeof want, "%s was removed: ", *k);
        CHECK_STR_CONTAINS(err, want);
        CHECK(strchr(err, '\n') == NULL);
        CHECK(memcmp(&c, &before, sizeof c) == 0);
        char env[64] = "LADRO_";
        for (size_t i = 0; (*k)[i]; i++)
            env[6 + i] = (char)((*k)[i] >= 'a' && (*k)[i] <= 'z' ? (*k)[i] - 32 : (*k)[i]);
        setenv(env, "1", 1);
        CHECK_EQ(ladro_config_from_env(&c, err, sizeof err), LADRO_EINVAL);
        snprintf(want, sizeof want, "%s was removed: ", env);
        CHECK_STR_CONTAINS(err, want);
        unsetenv(env);
    }
    /* the replacement is named the way the key was set */
    ladro_config_init(&c);
    CHECK_EQ(ladro_config_set(&c, "ctws_tokens", "4", err, sizeof err), LADRO_EINVAL);
    CHECK_STR_CONTAINS(err, "ctws_tokens was removed: ctws uses one token per 4 ranks; "
                            "paper=1 gives the paper's single token");
    setenv("LADRO_CTWS_TOKENS", "4", 1);
    CHECK_EQ(ladro_config_from_env(&c, err, sizeof err), LADRO_EINVAL);
    CHECK_STR_CONTAINS(err, "LADRO_CTWS_TOKENS was removed: ctws uses one token per 4 ranks; "
                            "LADRO_PAPER=1 gives the paper's single token");
    unsetenv("LADRO_CTWS_TOKENS");
    setenv("LADRO_PAPER", "1", 1);
    CHECK_EQ(ladro_config_from_env(&c, err, sizeof err), LADRO_OK);
    CHECK_EQ(c.paper, 1);
    unsetenv("LADRO_PAPER");
    return CHECK_REPORT("test_paper");
}
