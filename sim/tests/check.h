/* Tiny assertion macros for ladro-sim unit tests: print both sides, count failures. */
#ifndef LADRO_SIM_CHECK_H
#define LADRO_SIM_CHECK_H
#include <stdio.h>
static int ladro_check_failures;
#define CHECK(c)                                                                             \
    do {                                                                                     \
        if (!(c)) {                                                                          \
            fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #c);          \
            ladro_check_failures++;                                                          \
        }                                                                                    \
    } while (0)
#define CHECK_EQ(a, b)                                                                       \
    do {                                                                                     \
        long long ladro_a_ = (long long)(a), ladro_b_ = (long long)(b);                      \
        if (ladro_a_ != ladro_b_) {                                                          \
            fprintf(stderr, "%s:%d: %s == %s failed: %lld != %lld\n", __FILE__, __LINE__, #a, \
                    #b, ladro_a_, ladro_b_);                                                 \
            ladro_check_failures++;                                                          \
        }                                                                                    \
    } while (0)
#define CHECK_DONE()                                                                         \
    (ladro_check_failures ? (fprintf(stderr, "%d check(s) failed\n", ladro_check_failures), 1) \
                          : (printf("ok\n"), 0))
#endif
