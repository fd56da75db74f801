/* Tiny check macros for the seismic tests: print both sides on failure, never abort. */
#ifndef SEIS_CHECK_H
#define SEIS_CHECK_H
#include <stdio.h>
#include <string.h>

static int seis_check_failures = 0, seis_check_count = 0;

#define CHECK(cond)                                                                    \
    do {                                                                               \
        seis_check_count++;                                                            \
        if (!(cond)) {                                                                 \
            seis_check_failures++;                                                     \
            fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond);  \
        }                                                                              \
    } while (0)
#define CHECK_EQ(a, b)                                                                 \
    do {                                                                               \
        long long ca_ = (long long)(a), cb_ = (long long)(b);                          \
        seis_check_count++;                                                            \
        if (ca_ != cb_) {                                                              \
            seis_check_failures++;                                                     \
            fprintf(stderr, "%s:%d: CHECK_EQ(%s, %s) failed: %lld != %lld\n", __FILE__, \
                    __LINE__, #a, #b, ca_, cb_);                                       \
        }                                                                              \
    } while (0)
/* a < b for doubles, both printed */
#define CHECK_LT(a, b)                                                                 \
    do {                                                                               \
        double ca_ = (double)(a), cb_ = (double)(b);                                   \
        seis_check_count++;                                                            \
        if (!(ca_ < cb_)) {                                                            \
            seis_check_failures++;                                                     \
            fprintf(stderr, "%s:%d: CHECK_LT(%s, %s) failed: %.6g >= %.6g\n", __FILE__, \
                    __LINE__, #a, #b, ca_, cb_);                                       \
        }                                                                              \
    } while (0)
#define CHECK_CONTAINS(s, sub)                                                         \
    do {                                                                               \
        const char *cs_ = (s), *csub_ = (sub);                                         \
        seis_check_count++;                                                            \
        if (!cs_ || !strstr(cs_, csub_)) {                                             \
            seis_check_failures++;                                                     \
            fprintf(stderr, "%s:%d: '%s' does not contain '%s'\n", __FILE__, __LINE__,  \
                    cs_ ? cs_ : "(null)", csub_);                                      \
        }                                                                              \
    } while (0)
#define CHECK_REPORT(name)                                                             \
    (printf("%s: %d checks, %d failed\n", (name), seis_check_count,                    \
            seis_check_failures),                                                      \
     seis_check_failures ? 1 : 0)
#endif
