/* libFuzzer harness: the configuration parser over every key.
 * Input: byte 0 picks a key (table order, ladroi_config_key; one value past the last is
 * an unknown key spelled by the input), the rest is the value. The value goes through
 * ladro_config_set, then through the environment (LADRO_<KEY>=value and
 * ladro_config_from_env); the input of an unknown key goes also, as a speed spec (the
 * programs' --speed), through ladro_speed_of for a few rank counts. Checks: no crash or sanitizer report; on error the message is non-empty and
 * the configuration unchanged; on success the configuration validates (or fails with
 * a message) and the key's value is shown back by ladro_print_config. */
#define _POSIX_C_SOURCE 200809L
#include "ladro_int.h"
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t nkeys(void)
{
    size_t n = 0;
    while (ladroi_config_key(n))
        n++;
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static size_t nk;
    if (!nk)
        nk = nkeys();
    if (size < 1)
        return 0;
    size_t k = data[0] % (nk + 1);
    char *val = malloc(size);
    memcpy(val, data + 1, size - 1);
    val[size - 1] = 0;
    const char *key = k < nk ? ladroi_config_key(k) : val;

    ladro_config_t c, before;
    char err[LADROI_ERRLEN];
    ladro_config_init(&c);
    before = c;
    err[0] = 0;
    int rc = ladro_config_set(&c, key, val, err, sizeof err);
    if (rc) {
        if (!err[0] || memcmp(&c, &before, sizeof c) != 0)
            abort(); /* an error must say why and leave the configuration alone */
    } else {
        err[0] = 0;
        if (ladro_config_validate(&c, err, sizeof err) && !err[0])
            abort();
        FILE *devnull = fopen("/dev/null", "w");
        if (devnull) {
            ladro_print_config(devnull, &c);
            fclose(devnull);
        }
    }
    if (k < nk && !strchr(val, '=')) {
        char env[64];
        size_t n = (size_t)snprintf(env, sizeof env, "LADRO_");
        for (const char *p = key; *p && n + 1 < sizeof env; p++)
            env[n++] = (char)toupper((unsigned char)*p);
        env[n] = 0;
        if (setenv(env, val, 1) == 0) {
            ladro_config_t e;
            ladro_config_init(&e);
            err[0] = 0;
            int rce = ladro_config_from_env(&e, err, sizeof err);
            if ((rce != 0) != (rc != 0) || (rce && !err[0]))
                abort(); /* the environment and ladro_config_set must agree */
            unsetenv(env);
        }
    }
    if (k == nk) {
        static const int ranks[] = {1, 2, 7, 64, 1000};
        for (size_t i = 0; i < sizeof ranks / sizeof ranks[0]; i++) {
            double s = -1;
            err[0] = 0;
            int r = ladro_speed_of(val, ranks[i] - 1, ranks[i], &s, err, sizeof err);
            if (r == 0 && !(s > 0 && s <= 1))
                abort(); /* speeds are normalised to (0, 1] */
            if (r && !err[0])
                abort();
        }
    }
    free(val);
    return 0;
}
