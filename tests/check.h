/* Tiny test macros for every C test (tests/, sim/tests/): print both sides on failure,
 * count failures, never abort. */
#ifndef LADRO_CHECK_H
#define LADRO_CHECK_H
#include <stdio.h>
#include <string.h>

static int check_failures = 0;
static int check_count = 0;

#define CHECK(cond)                                                                    \
    do {                                                                               \
        check_count++;                                                                 \
        if (!(cond)) {                                                                 \
            check_failures++;                                                          \
            fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond);  \
        }                                                                              \
    } while (0)
#define CHECK_EQ(a, b)                                                                 \
    do {                                                                               \
        long long check_a_ = (long long)(a), check_b_ = (long long)(b);                \
        check_count++;                                                                 \
        if (check_a_ != check_b_) {                                                    \
            check_failures++;                                                          \
            fprintf(stderr, "%s:%d: CHECK_EQ(%s, %s) failed: %lld != %lld\n", __FILE__, \
                    __LINE__, #a, #b, check_a_, check_b_);                             \
        }                                                                              \
    } while (0)
/* a < b for doubles, both printed */
#define CHECK_LT(a, b)                                                                 \
    do {                                                                               \
        double check_a_ = (double)(a), check_b_ = (double)(b);                         \
        check_count++;                                                                 \
        if (!(check_a_ < check_b_)) {                                                  \
            check_failures++;                                                          \
            fprintf(stderr, "%s:%d: CHECK_LT(%s, %s) failed: %.6g >= %.6g\n", __FILE__, \
                    __LINE__, #a, #b, check_a_, check_b_);                             \
        }                                                                              \
    } while (0)
#define CHECK_STR_CONTAINS(s, sub)                                                     \
    do {                                                                               \
        const char *check_s_ = (s), *check_sub_ = (sub);                               \
        check_count++;                                                                 \
        if (!check_s_ || !strstr(check_s_, check_sub_)) {                              \
            check_failures++;                                                          \
            fprintf(stderr, "%s:%d: '%s' does not contain '%s'\n", __FILE__, __LINE__,  \
                    check_s_ ? check_s_ : "(null)", check_sub_);                       \
        }                                                                              \
    } while (0)
/* Final line; exit status for the test runner. */
#define CHECK_REPORT(name)                                                             \
    (printf("%s: %d checks, %d failed\n", (name), check_count, check_failures),        \
     check_failures ? 1 : 0)

#ifdef LADRO_INT_H
/* For tests of internal mechanisms (windows, collectives): a handle of the static policy
 * on MPI_COMM_WORLD; the run is aborted (MPI_Abort) when it cannot be created. Include
 * after ladro_int.h. */
static inline ladro_t *check_static_handle(void)
{
    ladro_config_t cfg;
    ladro_config_init(&cfg);
    snprintf(cfg.policy, sizeof cfg.policy, "static");
    ladro_t *lb = NULL;
    char err[256];
    int rc = ladro_create(MPI_COMM_WORLD, &cfg, &lb, err, sizeof err);
    check_count++;
    if (rc != LADRO_OK) {
        check_failures++;
        fprintf(stderr, "FAIL %s:%d: ladro_create: %s\n", __FILE__, __LINE__, err);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    return lb;
}
#endif

#endif
