/* Bad-input catalogue, library side (docs/errors.md §2): every key of the configuration
 * table -- including keys added after this test was written -- must refuse at least one
 * of the junk values below (free-form keys such as file paths refuse only the overlong
 * one), and every refusal, through ladro_config_set and through the LADRO_* variable,
 * must be LADRO_EINVAL (LADRO_ENOPOLICY for an unknown policy name) with a one-line
 * message naming the key and saying what is accepted, the configuration left unchanged.
 * The keys include every registered policy's options (ladroi_config_key). */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "ladro_int.h"
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static void env_name(const char *key, char *env, size_t len)
{
    size_t n = (size_t)snprintf(env, len, "LADRO_");
    for (const char *p = key; *p && n + 1 < len; p++)
        env[n++] = (char)toupper((unsigned char)*p);
    env[n] = 0;
}

int main(void)
{
    char overlong[301];
    memset(overlong, 'x', 300);
    overlong[300] = 0;
    const char *const junk[] = {"junk", "", "-1e999", overlong, NULL};
    char env[64];
    for (size_t i = 0; ladroi_config_key(i); i++) { /* a clean environment */
        env_name(ladroi_config_key(i), env, sizeof env);
        unsetenv(env);
    }
    size_t nkeys = 0;
    for (const char *key; (key = ladroi_config_key(nkeys)) != NULL; nkeys++) {
        int refused = 0;
        for (int j = 0; junk[j]; j++) {
            ladro_config_t c, before;
            char err[LADROI_ERRLEN] = "";
            ladro_config_init(&c);
            before = c;
            int rc = ladro_config_set(&c, key, junk[j], err, sizeof err);
            if (rc == LADRO_OK)
                continue; /* a free-form value (a path, '' = off) */
            refused++;
            /* an unknown policy name has its own code */
            CHECK_EQ(rc, strcmp(key, "policy") == 0 && strlen(junk[j]) < LADRO_NAME_MAX
                             ? LADRO_ENOPOLICY : LADRO_EINVAL);
            CHECK_STR_CONTAINS(err, key);
            CHECK(strchr(err, '\n') == NULL);
            if (!strstr(err, "accepted") && !strstr(err, "C1..C5"))
                fprintf(stderr, "key %s: message without what is accepted: %s\n", key, err);
            CHECK(strstr(err, "accepted") != NULL || strstr(err, "C1..C5") != NULL);
            CHECK(memcmp(&c, &before, sizeof c) == 0);
            /* the same through the environment */
            env_name(key, env, sizeof env);
            setenv(env, junk[j], 1);
            err[0] = 0;
            CHECK_EQ(ladro_config_from_env(&c, err, sizeof err), rc);
            CHECK_STR_CONTAINS(err, env);
            unsetenv(env);
        }
        if (!refused)
            fprintf(stderr, "key %s accepted every junk value\n", key);
        CHECK(refused > 0);
    }
    CHECK(nkeys >= 19);
    printf("test_badinput: %zu keys refuse junk values\n", nkeys);
    return CHECK_REPORT("test_badinput");
}
