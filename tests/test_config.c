/* Configuration: defaults, every key's valid and invalid value classes, env parsing,
 * messages that name the key, the value and what is accepted. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include <ladro.h>
#include <stdlib.h>

static void bad(const char *key, const char *value, const char *needle)
{
    ladro_config_t c, before;
    char err[256] = "";
    ladro_config_init(&c);
    before = c;
    CHECK_EQ(ladro_config_set(&c, key, value, err, sizeof err), LADRO_EINVAL);
    CHECK_STR_CONTAINS(err, key);
    CHECK_STR_CONTAINS(err, needle);
    CHECK(memcmp(&c, &before, sizeof c) == 0); /* unchanged on error */
}

static void good(const char *key, const char *value)
{
    ladro_config_t c;
    char err[256] = "";
    ladro_config_init(&c);
    int rc = ladro_config_set(&c, key, value, err, sizeof err);
    if (rc)
        fprintf(stderr, "unexpected error for %s=%s: %s\n", key, value, err);
    CHECK_EQ(rc, LADRO_OK);
    CHECK_EQ(ladro_config_validate(&c, err, sizeof err), LADRO_OK);
}

int main(void)
{
    ladro_config_t c;
    char err[256];
    ladro_config_init(&c);
    CHECK_EQ(ladro_config_validate(&c, err, sizeof err), LADRO_OK);
    CHECK(strcmp(c.policy, "random") == 0);
    CHECK_EQ(c.task_capacity, 4096);

    good("policy", "static");
    good("policy", "random");
    { /* an unknown policy is LADRO_ENOPOLICY, and names the accepted ones */
        ladro_config_t p;
        ladro_config_init(&p);
        CHECK_EQ(ladro_config_set(&p, "policy", "fastest", err, sizeof err), LADRO_ENOPOLICY);
        CHECK_STR_CONTAINS(err, "accepted");
        CHECK_STR_CONTAINS(err, "successonly");
    }
    good("ctws_log", "/tmp/steals.csv");
    {
        char longp[300];
        memset(longp, 'a', sizeof longp - 1);
        longp[sizeof longp - 1] = 0;
        bad("ctws_log", longp, "ctws_log="); /* the message echoes the value */
    }
    {
        ladro_config_t p;
        ladro_config_init(&p);
        CHECK_EQ(ladro_config_set(&p, "policy", "", err, sizeof err), LADRO_ENOPOLICY);
        CHECK_STR_CONTAINS(err, "unknown");
    }
    good("seed", "0");
    good("seed", "18446744073709551615");
    bad("seed", "-1", "unsigned");
    bad("seed", "12x", "unsigned");
    bad("seed", "18446744073709551616", "unsigned");
    good("task_bytes", "0");
    good("task_bytes", "1048576");
    bad("task_bytes", "1048577", "[0, 1048576]");
    good("task_capacity", "2");
    good("task_capacity", "4194304");
    bad("task_capacity", "100", "power of two");
    bad("task_capacity", "1", "power of two");
    bad("task_capacity", "8388608", "power of two");
    good("chunk", "8");
    bad("chunk", "0", "[1, 65536]");
    good("radius", "0");
    good("radius", "3");
    bad("radius", "-2", "integer");
    good("backoff_min_us", "0");
    bad("backoff_min_us", "abc", "microseconds");
    bad("backoff_max_us", "1e9", "microseconds");
    good("backoff_pace", "0");
    good("backoff_pace", "0.5");
    bad("backoff_pace", "-0.1", "[0, 100]");
    bad("backoff_pace", "101", "[0, 100]");
    /* removed keys: one line naming the key and what replaces it (the environment's
     * below) */
    bad("poll_interval", "10", "poll_interval was removed: a busy rank serves the protocol");
    bad("delay_us", "100", "delay_us was removed: injected delays are the stress tools'");
    bad("speed", "C1", "speed was removed: speeds are emulated by the programs' --speed");
    bad("emulate", "spin", "emulate was removed: the padding's mode is the programs'");
    static const char *const idle_good[] = {"auto", "spin", "backoff"},
                             *const idle_bad[] = {"sleep", "", "Spin"};
    for (int i = 0; i < 3; i++) {
        good("idle", idle_good[i]);
        bad("idle", idle_bad[i], "auto, spin, backoff");
    }
    good("steal_guard", "auto");
    good("steal_guard", "off");
    good("steal_guard", "pace");
    bad("steal_guard", "on", "auto, off, pace");
    bad("no_such_key", "1", "accepted");
    bad("task_capacit", "8", "did you mean 'task_capacity'"); /* a close match is named */

    /* every key is the field of the same name: task_capacity, idle, watchdog, progress */
    ladro_config_init(&c);
    CHECK_EQ(c.idle, LADRO_IDLE_AUTO); /* the default */
    CHECK_EQ(c.steal_guard, LADRO_STEAL_GUARD_AUTO); /* resolved by ladro_create */
    CHECK_EQ(ladro_config_set(&c, "idle", "backoff", err, sizeof err), LADRO_OK);
    CHECK_EQ(c.idle, LADRO_IDLE_BACKOFF);
    CHECK_EQ(ladro_config_set(&c, "idle", "spin", err, sizeof err), LADRO_OK);
    CHECK_EQ(c.idle, LADRO_IDLE_SPIN);
    CHECK_EQ(ladro_config_set(&c, "watchdog", "2.5", err, sizeof err), LADRO_OK);
    CHECK(c.watchdog == 2.5);
    CHECK_EQ(ladro_config_set(&c, "progress", "0.5", err, sizeof err), LADRO_OK);
    CHECK(c.progress == 0.5);

    /* policy options: kept as text, checked against the declaring policy's table */
    char val[64];
    ladro_config_init(&c);
    CHECK_EQ(ladro_config_get(&c, "radius", val, sizeof val), LADRO_OK);
    CHECK(strcmp(val, "0") == 0); /* a2ws's default */
    CHECK_EQ(ladro_config_set(&c, "radius", "4", err, sizeof err), LADRO_OK);
    CHECK_EQ(ladro_config_set(&c, "radius", "5", err, sizeof err), LADRO_OK); /* replaces */
    CHECK_EQ(c.npolicy_opts, 1);
    CHECK_EQ(ladro_config_get(&c, "radius", val, sizeof val), LADRO_OK);
    CHECK(strcmp(val, "5") == 0);
    CHECK_EQ(ladro_config_get(&c, "task_capacity", val, sizeof val), LADRO_OK);
    CHECK(strcmp(val, "4096") == 0);
    CHECK_EQ(ladro_config_get(&c, "nokey", val, sizeof val), LADRO_EINVAL);
    CHECK_EQ(ladro_config_validate(&c, err, sizeof err), LADRO_OK); /* random ignores radius */
    CHECK_EQ(ladro_config_set(&c, "policy", "a2ws", err, sizeof err), LADRO_OK);
    CHECK_EQ(ladro_config_validate(&c, err, sizeof err), LADRO_OK);
    snprintf(c.policy_opts[0].value, sizeof c.policy_opts[0].value, "%s", "-1"); /* direct */
    CHECK_EQ(ladro_config_validate(&c, err, sizeof err), LADRO_EINVAL);
    CHECK_STR_CONTAINS(err, "radius='-1'");
    snprintf(c.policy_opts[0].key, sizeof c.policy_opts[0].key, "%s", "radious");
    CHECK_EQ(ladro_config_validate(&c, err, sizeof err), LADRO_EINVAL);
    CHECK_STR_CONTAINS(err, "radious");
    good("paper", "1");
    bad("paper", "2", "0, 1");
    /* the size field: a configuration not made by ladro_config_init is refused */
    ladro_config_init(&c);
    c.struct_size = 12;
    CHECK_EQ(ladro_config_validate(&c, err, sizeof err), LADRO_EINVAL);
    CHECK_STR_CONTAINS(err, "ladro_config_init");
    CHECK_EQ(ladro_config_set(&c, "seed", "1", err, sizeof err), LADRO_EINVAL);

    /* cross-field checks */
    ladro_config_init(&c);
    c.task_capacity = 8;
    c.chunk = 5;
    CHECK_EQ(ladro_config_validate(&c, err, sizeof err), LADRO_EINVAL);
    CHECK_STR_CONTAINS(err, "chunk");
    ladro_config_init(&c);
    c.backoff_min_us = 100;
    c.backoff_max_us = 10;
    CHECK_EQ(ladro_config_validate(&c, err, sizeof err), LADRO_EINVAL);
    CHECK_STR_CONTAINS(err, "backoff_max_us");

    /* speeds: lists cycle and normalise by the maximum; profiles follow A2WS Table 2 */
    double s;
    CHECK_EQ(ladro_speed_of("2,1", 3, 4, &s, err, sizeof err), LADRO_OK);
    CHECK(s == 0.5);
    CHECK_EQ(ladro_speed_of("C1", 0, 8, &s, err, sizeof err), LADRO_OK);
    CHECK(s == 1.0 / 24);
    CHECK_EQ(ladro_speed_of("C1", 2, 8, &s, err, sizeof err), LADRO_OK);
    CHECK(s == 2.0 / 24);
    CHECK_EQ(ladro_speed_of("C1", 7, 8, &s, err, sizeof err), LADRO_OK);
    CHECK(s == 1.0);
    CHECK_EQ(ladro_speed_of("C2", 15, 16, &s, err, sizeof err), LADRO_OK);
    CHECK(s == 1.0);
    CHECK_EQ(ladro_speed_of("C2", 4, 16, &s, err, sizeof err), LADRO_OK);
    CHECK(s == 2.0 / 24);
    CHECK_EQ(ladro_speed_of("1", 4, 4, &s, err, sizeof err), LADRO_EINVAL);

    /* environment */
    setenv("LADRO_POLICY", "static", 1);
    setenv("LADRO_TASK_CAPACITY", "64", 1);
    ladro_config_init(&c);
    CHECK_EQ(ladro_config_from_env(&c, err, sizeof err), LADRO_OK);
    CHECK(strcmp(c.policy, "static") == 0);
    CHECK_EQ(c.task_capacity, 64);
    setenv("LADRO_RADIUS", "x", 1);
    CHECK_EQ(ladro_config_from_env(&c, err, sizeof err), LADRO_EINVAL);
    CHECK_STR_CONTAINS(err, "LADRO_RADIUS");
    CHECK_STR_CONTAINS(err, "'x'");
    unsetenv("LADRO_RADIUS");
    setenv("LADRO_POLCY", "random", 1); /* a typo must not pass silently */
    CHECK_EQ(ladro_config_from_env(&c, err, sizeof err), LADRO_EINVAL);
    CHECK_STR_CONTAINS(err, "LADRO_POLCY");
    unsetenv("LADRO_POLCY");
    setenv("LADRO_EXPECT_NP", "4", 1); /* read by programs, not a config key */
    CHECK_EQ(ladro_config_from_env(&c, err, sizeof err), LADRO_OK);
    /* a removed key's variable: one line naming it and what replaces it */
    setenv("LADRO_POLL_INTERVAL", "10", 1);
    ladro_config_init(&c);
    CHECK_EQ(ladro_config_from_env(&c, err, sizeof err), LADRO_EINVAL);
    CHECK_STR_CONTAINS(err, "LADRO_POLL_INTERVAL was removed: ");
    unsetenv("LADRO_POLL_INTERVAL");
    setenv("LADRO_DELAY_US", "50", 1);
    CHECK_EQ(ladro_config_from_env(&c, err, sizeof err), LADRO_EINVAL);
    CHECK_STR_CONTAINS(err, "LADRO_DELAY_US was removed: ");
    CHECK(strchr(err, '\n') == NULL);
    unsetenv("LADRO_DELAY_US");
    setenv("LADRO_SPEED", "1,0.5", 1);
    CHECK_EQ(ladro_config_from_env(&c, err, sizeof err), LADRO_EINVAL);
    CHECK_STR_CONTAINS(err, "LADRO_SPEED was removed: ");
    unsetenv("LADRO_SPEED");
    setenv("LADRO_EMULATE", "spin", 1);
    CHECK_EQ(ladro_config_from_env(&c, err, sizeof err), LADRO_EINVAL);
    CHECK_STR_CONTAINS(err, "LADRO_EMULATE was removed: ");
    unsetenv("LADRO_EMULATE");

    /* error strings */
    CHECK(strcmp(ladro_err_name(LADRO_EINVAL), "LADRO_EINVAL") == 0);
    CHECK(strcmp(ladro_err_name(LADRO_DONE), "LADRO_DONE") == 0);
    CHECK(strcmp(ladro_strerror(12345), "unknown error") == 0);
    CHECK(strcmp(ladro_err_name(LADRO_NONE), "LADRO_NONE") == 0);
    for (int code = LADRO_ENOTSUP; code <= LADRO_NONE; code++)
        CHECK(strcmp(ladro_strerror(code), "unknown error") != 0);
    CHECK(strcmp(ladro_version(), LADRO_VERSION_STRING) == 0); /* project(VERSION), generated */
    return CHECK_REPORT("test_config");
}
