/* Bad-input catalogue, library side (docs/errors.md §2): every key of the configuration
 * table -- including keys added after this test was written -- must refuse a junk value
 * through ladro_config_set and through its LADRO_* variable, with LADRO_EINVAL, a
 * one-line message naming the key and the value and saying what is accepted, and the
 * configuration left unchanged. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "ladro_int.h"

#include <ctype.h>
#include <stdlib.h>

static void env_name(const char *key, char *env, size_t len)
{
    size_t n = (size_t)snprintf(env, len, "LADRO_");
    for (const char *p = key; *p && n + 1 < len; p++)
        env[n++] = (char)toupper((unsigned char)*p);
    env[n] = 0;
}

int main(void)
{
    static const char *const junk[] = {"junk", "", "-1e999", NULL};
    char env[64];
    for (size_t i = 0; ladroi_config_key(i); i++) { /* a clean environment */
        env_name(ladroi_config_key(i), env, sizeof env);
        unsetenv(env);
    }
    size_t nkeys = 0;
    for (const char *key; (key = ladroi_config_key(nkeys)) != NULL; nkeys++) {
        for (int j = 0; junk[j]; j++) {
            ladro_config_t c, before;
            char err[LADROI_ERRLEN] = "";
            ladro_config_init(&c);
            before = c;
            int rc = ladro_config_set(&c, key, junk[j], err, sizeof err);
            if (rc == LADRO_OK && !strcmp(key, "trace") && !junk[j][0])
                continue; /* trace='' means off: the one valid empty value */
            if (rc != LADRO_EINVAL)
                fprintf(stderr, "key %s accepted '%s'\n", key, junk[j]);
            CHECK_EQ(rc, LADRO_EINVAL);
            CHECK_STR_CONTAINS(err, key);
            CHECK(strchr(err, '\n') == NULL);
            CHECK(strstr(err, "accepted") != NULL || strstr(err, "C1..C5") != NULL);
            CHECK(memcmp(&c, &before, sizeof c) == 0);
            /* the same through the environment */
            env_name(key, env, sizeof env);
            setenv(env, junk[j], 1);
            err[0] = 0;
            CHECK_EQ(ladro_config_from_env(&c, err, sizeof err), LADRO_EINVAL);
            CHECK_STR_CONTAINS(err, env);
            unsetenv(env);
        }
    }
    CHECK(nkeys >= 19);
    printf("test_badinput: %zu keys refuse junk values\n", nkeys);
    return CHECK_REPORT("test_badinput");
}
