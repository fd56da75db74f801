/* Speed specs: a list cycled over ranks, or the A2WS Table 2 profiles; see speed.h.
 * Pure (no MPI): linked by the runtime and by ladro-sim. */
#include "speed.h"
#include "util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A2WS Table 2: per configuration, nodes of 1, 2, 4, 8, 16, 24 cores in counts
 * 2k, k, k, k, k, 2k with k = 2^(c-1). A rank of P maps to node floor(r * N / P). */
int ladroi_profile_cores(int c, int rank, int nranks)
{
    static const int cores[6] = {1, 2, 4, 8, 16, 24};
    static const int mult[6] = {2, 1, 1, 1, 1, 2};
    if (c < 1 || c > 5 || nranks < 1 || rank < 0 || rank >= nranks)
        return -1;
    int k = 1 << (c - 1);
    int nodes = 8 * k;
    int node = (int)(((int64_t)rank * nodes) / nranks);
    for (int i = 0; i < 6; i++) {
        int n = mult[i] * k;
        if (node < n)
            return cores[i];
        node -= n;
    }
    return -1; /* unreachable for rank < nranks */
}

static int ladro__profile_speed(int c, int rank, int nranks, double *speed)
{
    int cores = ladroi_profile_cores(c, rank, nranks);
    *speed = cores / 24.0;
    return cores > 0 ? 0 : -1;
}

int ladroi_speed_of(const char *spec, int rank, int nranks, double *speed, char *err,
                    size_t errlen)
{
    static const char accepted[] =
        "accepted: a comma list of positive numbers (cycled over ranks) or C1..C5";
    if (!spec || !*spec)
        return ladroi_failbuf(err, errlen, -1, "speed '': empty; %s", accepted);
    if (nranks < 1 || rank < 0 || rank >= nranks)
        return ladroi_failbuf(err, errlen, -1, "speed: rank %d of %d is invalid", rank,
                              nranks);
    if ((spec[0] == 'C' || spec[0] == 'c') && spec[1] >= '1' && spec[1] <= '5' && !spec[2])
        return ladro__profile_speed(spec[1] - '0', rank, nranks, speed) == 0
                   ? 0
                   : ladroi_failbuf(err, errlen, -1, "speed profile failed");
    /* list: validate all entries, find the max, pick entry rank % count */
    double maxv = 0, mine = 0;
    int count = 0;
    const char *p = spec;
    char buf[64];
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        double v;
        if (n == 0 || n >= sizeof buf)
            return ladroi_failbuf(err, errlen, -1, "speed '%.*s%s': empty or "
                                  "overlong entry; %s", LADROI_SHOW(spec), accepted);
        memcpy(buf, p, n);
        buf[n] = 0;
        if (ladroi_parse_double(buf, 0, 1e9, true, &v) != 0)
            return ladroi_failbuf(err, errlen, -1, "speed '%.*s%s': entry '%.*s%s' "
                                  "is not a positive number; %s", LADROI_SHOW(spec),
                                  LADROI_SHOW(buf), accepted);
        if (v > maxv)
            maxv = v;
        count++;
        if (!comma)
            break;
        p = comma + 1;
    }
    p = spec;
    for (int i = 0; i < rank % count; i++)
        p = strchr(p, ',') + 1;
    mine = strtod(p, NULL);
    *speed = mine / maxv;
    return 0;
}
