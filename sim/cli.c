/* Command-line helpers shared by the ladro-sim modes. */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int ladro__cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double ladro__quantile(const double *v, size_t n, double q)
{
    double h = (double)(n - 1) * q;
    size_t lo = (size_t)floor(h);
    size_t hi = lo + 1 < n ? lo + 1 : lo;
    return v[lo] + (h - (double)lo) * (v[hi] - v[lo]);
}

void ladro_sim_summarize(double *v, size_t n, ladro_sim_stats_t *st)
{
    memset(st, 0, sizeof *st);
    if (n == 0)
        return;
    double s = 0, s2 = 0;
    for (size_t i = 0; i < n; i++)
        s += v[i];
    st->mean = s / (double)n;
    for (size_t i = 0; i < n; i++)
        s2 += (v[i] - st->mean) * (v[i] - st->mean);
    st->sd = n > 1 ? sqrt(s2 / (double)(n - 1)) : 0;
    qsort(v, n, sizeof *v, ladro__cmp_double);
    st->min = v[0];
    st->max = v[n - 1];
    st->q1 = ladro__quantile(v, n, 0.25);
    st->median = ladro__quantile(v, n, 0.5);
    st->q3 = ladro__quantile(v, n, 0.75);
}

int ladro_sim_usage_error(const char *mode, const char *fmt, ...)
{
    char prog[64], msg[1536];
    snprintf(prog, sizeof prog, "ladro-sim %s", mode);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const ladroi_cli_t cli = {.prog = prog};
    return ladroi_cli_fail(&cli, NULL, 0, "%s", msg);
}

int ladro_sim_json_begin(const char *mode, const char *path, ladro_sim_json_t *j)
{
    j->path = path;
    j->saved = -1;
    j->tmp[0] = 0;
    if (!path || !strcmp(path, "-"))
        return 0;
    snprintf(j->tmp, sizeof j->tmp, "%s.tmp", path);
    int fd = open(j->tmp, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0)
        return ladro_sim_usage_error(mode, "--json '%s': cannot write it (%s)", path,
                                     strerror(errno));
    fflush(stdout);
    j->saved = dup(1);
    if (j->saved < 0 || dup2(fd, 1) < 0) {
        int e = errno;
        close(fd);
        remove(j->tmp);
        return ladro_sim_usage_error(mode, "--json '%s': cannot write it (%s)", path,
                                     strerror(e));
    }
    close(fd);
    return 0;
}

int ladro_sim_json_end(const char *mode, ladro_sim_json_t *j, int ok)
{
    if (j->saved < 0)
        return 0;
    int bad = fflush(stdout) != 0;
    dup2(j->saved, 1);
    close(j->saved);
    j->saved = -1;
    if (ok && !bad && rename(j->tmp, j->path) == 0)
        return 0;
    remove(j->tmp);
    if (ok)
        fprintf(stderr, "ladro-sim %s: --json '%s': cannot write it\n", mode, j->path);
    return ok ? 1 : 0;
}
