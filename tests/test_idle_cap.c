/* The idle back-off's cap (ladroi_idle_cap) on hand-worked numbers: backoff_max_us,
 * lowered to backoff_pace times the rank's seconds per task, never under
 * backoff_min_us. No MPI. */
#include "../src/ladro_int.h"
#include "../src/idle.h"
#include "check.h"

int main(void)
{
    static const struct {
        double min_us, max_us, share, pace_s, cap_us;
    } c[] = {
        {20, 2000, 0.25, 0, 2000},       /* no task run yet: backoff_max_us */
        {20, 2000, 0, 0.002, 2000},      /* backoff_pace=0: backoff_max_us alone */
        {20, 2000, 0.25, 0.002, 500},    /* 2 ms tasks: a quarter of one */
        {20, 2000, 0.25, 0.1, 2000},     /* 100 ms tasks: 25 ms, over the cap */
        {20, 2000, 0.25, 0.008, 2000},   /* exactly the cap */
        {20, 2000, 0.25, 0.00001, 20},   /* 10 us tasks: not under backoff_min_us */
        {0, 2000, 0.25, 0.00001, 2.5},   /* backoff_min_us=0: a quarter of 10 us */
        {20, 20, 0.25, 0.002, 20},       /* min = max: no room */
        {20, 2000, 2, 0.0004, 800},      /* a share over one: two tasks of 0.4 ms */
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        double got = ladroi_idle_cap(c[i].min_us, c[i].max_us, c[i].share, c[i].pace_s);
        CHECK(got > c[i].cap_us - 1e-9 && got < c[i].cap_us + 1e-9);
    }
    printf("%d checks, %d failed\n", check_count, check_failures);
    return check_failures != 0;
}
