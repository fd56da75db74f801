/* The programs' command-line parser: one table per program, see opts.h. */
#include "opts.h"

#include "util.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

static bool ladro__end(const ladroi_opt_t *o)
{
    return o->kind == LADROI_OPT_END;
}

static bool ladro__takes_value(const ladroi_opt_t *o)
{
    return o->kind >= LADROI_OPT_INT && o->kind <= LADROI_OPT_FN;
}

/* The row argument a names (--long or -s, or --long=V of an OPTSTR row), or NULL. */
static const ladroi_opt_t *ladro__find(const ladroi_cli_t *c, const char *a)
{
    for (const ladroi_opt_t *o = c->opts; !ladro__end(o); o++) {
        if (o->kind == LADROI_OPT_TEXT || (o->flags & c->skip))
            continue;
        if (o->name && !strcmp(a, o->name))
            return o;
        size_t n = o->name ? strlen(o->name) : 0;
        if (o->kind == LADROI_OPT_OPTSTR && n && !strncmp(a, o->name, n) && a[n] == '=')
            return o;
        if (o->shortname && a[0] == '-' && a[1] == o->shortname && !a[2])
            return o;
    }
    return NULL;
}

/* The long names of the rows a program accepts, for ladroi_closest (HIDDEN rows too:
 * they are accepted; RENAMED ones not). */
static const char *ladro__name_at(size_t i, const void *ctx)
{
    const ladroi_cli_t *c = ctx;
    size_t k = 0;
    for (const ladroi_opt_t *o = c->opts; !ladro__end(o); o++) {
        if (o->kind == LADROI_OPT_TEXT || o->kind == LADROI_OPT_RENAMED ||
            (o->flags & c->skip) || !o->name || strncmp(o->name, "--", 2))
            continue;
        if (k++ == i)
            return o->name + 2; /* compared without the dashes */
    }
    return NULL;
}

/* A range bound as written in messages: integers in full, others with %g. */
static void ladro__num(char *buf, size_t n, double x)
{
    if (x == floor(x) && fabs(x) < 1e15)
        snprintf(buf, n, "%.0f", x);
    else
        snprintf(buf, n, "%g", x);
}

static void ladro__accepted(const ladroi_opt_t *o, char *buf, size_t n)
{
    char lo[32], hi[32];
    if (o->accepted) {
        snprintf(buf, n, "%s", o->accepted);
        return;
    }
    ladro__num(lo, sizeof lo, o->lo);
    ladro__num(hi, sizeof hi, o->hi);
    switch (o->kind) {
    case LADROI_OPT_INT:
    case LADROI_OPT_I64:
    case LADROI_OPT_U64: snprintf(buf, n, "accepted: an integer in [%s, %s]", lo, hi); break;
    case LADROI_OPT_DOUBLE: snprintf(buf, n, "accepted: a number in [%s, %s]", lo, hi); break;
    case LADROI_OPT_BUF:
        snprintf(buf, n, "accepted: a non-empty value of at most %.0f characters", o->hi - 1);
        break;
    case LADROI_OPT_CHOICE: {
        size_t k = (size_t)snprintf(buf, n, "accepted:");
        for (const char *const *c = o->data; *c && k < n; c++)
            k += (size_t)snprintf(buf + k, n - k, "%s %s", c == o->data ? "" : ",", *c);
        break;
    }
    default: snprintf(buf, n, "not accepted"); break;
    }
}

static int ladro__vfail(const ladroi_cli_t *c, char *err, size_t errlen, const char *fmt,
                        va_list ap)
{
    char tmp[1024];
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    if (err && errlen)
        snprintf(err, errlen, "%s: %s", c->prog, tmp);
    if (!c->quiet)
        fprintf(stderr, "%s: %s\n", c->prog, tmp);
    return 2;
}

int ladroi_cli_fail(const ladroi_cli_t *c, char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = ladro__vfail(c, err, errlen, fmt, ap);
    va_end(ap);
    return rc;
}

int ladroi_cli_bad(const ladroi_cli_t *c, char *err, size_t errlen, const char *opt,
                   const char *value, const char *accepted)
{
    return ladroi_cli_fail(c, err, errlen, "%s '%.*s%s': %s", opt, LADROI_SHOW(value),
                           accepted);
}

/* Store one value (the option's argv index at); 0, 1 (stop), or 2 (refused, message out). */
static int ladro__apply(const ladroi_cli_t *c, const ladroi_opt_t *o, int at, const char *a,
                        const char *v, char *err, size_t errlen)
{
    char acc[512];
    acc[0] = 0;
    int bad = 0;
    int64_t i;
    uint64_t u;
    double d;
    switch (o->kind) {
    case LADROI_OPT_INT: bad = ladroi_parse_int(v, (int)o->lo, (int)o->hi, o->dest) != 0; break;
    case LADROI_OPT_I64:
        bad = ladroi_parse_i64(v, (int64_t)o->lo, (int64_t)o->hi, &i) != 0;
        if (!bad)
            *(int64_t *)o->dest = i;
        break;
    case LADROI_OPT_U64:
        bad = ladroi_parse_u64(v, (uint64_t)o->lo,
                               o->hi >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)o->hi,
                               &u) != 0;
        if (!bad)
            *(uint64_t *)o->dest = u;
        break;
    case LADROI_OPT_DOUBLE:
        bad = ladroi_parse_double(v, o->lo, o->hi, false, &d) != 0;
        if (!bad)
            *(double *)o->dest = d;
        break;
    case LADROI_OPT_STR: *(const char **)o->dest = v; break;
    case LADROI_OPT_BUF:
        bad = !v[0] || strlen(v) + 1 > (size_t)o->hi;
        if (!bad)
            snprintf((char *)o->dest, (size_t)o->hi, "%s", v);
        break;
    case LADROI_OPT_CHOICE: {
        const char *const *names = o->data;
        int k = 0;
        while (names[k] && strcmp(names[k], v))
            k++;
        bad = !names[k];
        if (!bad)
            *(int *)o->dest = k;
        break;
    }
    case LADROI_OPT_FN: {
        int rc = o->fn(o, v, c->ctx, acc, sizeof acc);
        if (rc > 0)
            return 1;
        bad = rc < 0;
        break;
    }
    default: break;
    }
    if (bad) {
        if (!acc[0])
            ladro__accepted(o, acc, sizeof acc);
        return ladroi_cli_bad(c, err, errlen, a, v, acc);
    }
    if (o->seen)
        *o->seen = at;
    return 0;
}

/* An argument that names no option: unknown (a --name, with the closest one), or a
 * positional argument, taken when the command accepts one more. */
static int ladro__not_option(const ladroi_cli_t *c, const char *a, char *err, size_t errlen)
{
    if (a[0] == '-' && a[1]) {
        char word[80];
        snprintf(word, sizeof word, "%s", a + strspn(a, "-"));
        word[strcspn(word, "=")] = 0; /* --name=value: the name */
        const char *best = word[0] ? ladroi_closest(word, ladro__name_at, c) : NULL;
        if (best)
            return ladroi_cli_fail(c, err, errlen, "option '%.*s%s': unknown; did you "
                                   "mean '--%s'? (see --help)", LADROI_SHOW(a), best);
        return ladroi_cli_fail(c, err, errlen, "option '%.*s%s': unknown (see --help)",
                               LADROI_SHOW(a));
    }
    if (!c->npos || c->maxpos == 0)
        return ladroi_cli_fail(c, err, errlen, "argument '%.*s%s': not an option "
                               "(see --help)", LADROI_SHOW(a));
    if (*c->npos >= c->maxpos)
        return ladroi_cli_fail(c, err, errlen, "argument '%.*s%s': %s", LADROI_SHOW(a),
                               c->too_many ? c->too_many : "one too many");
    c->pos[(*c->npos)++] = a;
    return 0;
}

/* One pass over argv: EARLY rows only (early), or all other rows. */
static int ladro__pass(const ladroi_cli_t *c, int argc, char **argv, bool early, char *err,
                       size_t errlen)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const ladroi_opt_t *o = ladro__find(c, a);
        if (!o) {
            if (early) /* reported in the second pass */
                continue;
            int rc = ladro__not_option(c, a, err, errlen);
            if (rc)
                return rc;
            continue;
        }
        bool mine = ((o->flags & LADROI_OPT_EARLY) != 0) == early;
        if (o->kind == LADROI_OPT_RENAMED) {
            if (early)
                continue;
            return ladroi_cli_fail(c, err, errlen, "%s was renamed %s", o->name ? o->name : a,
                                   (const char *)o->data);
        }
        if (o->kind == LADROI_OPT_OPTSTR) {
            size_t n = strlen(o->name);
            const char *v = (const char *)o->data;
            if (a[n] == '=')
                v = a + n + 1;
            else if (i + 1 < argc && (!strcmp(argv[i + 1], "-") || argv[i + 1][0] != '-') &&
                     !(c->maxpos > 0 && strchr(argv[i + 1], '=')))
                v = argv[++i];
            if (!mine)
                continue;
            if (!v || !v[0])
                return ladroi_cli_fail(c, err, errlen, "%s '': needs a value (%s) or none",
                                       o->name, o->arg ? o->arg : "a value");
            *(const char **)o->dest = v;
            if (o->seen)
                *o->seen = i;
            continue;
        }
        if (!ladro__takes_value(o)) {
            if (!mine)
                continue;
            if (o->kind == LADROI_OPT_HELP) {
                if (!c->quiet)
                    ladroi_cli_help(c, stdout);
                return 1;
            }
            *(int *)o->dest = o->kind == LADROI_OPT_FLAG;
            if (o->seen)
                *o->seen = i;
            continue;
        }
        if (i + 1 >= argc) {
            if (!mine && early)
                continue;
            return ladroi_cli_fail(c, err, errlen, "%s '': needs a value%s%s%s", a,
                                   o->arg ? " (" : "", o->arg ? o->arg : "", o->arg ? ")" : "");
        }
        const char *v = argv[++i];
        if (!mine)
            continue;
        int rc = ladro__apply(c, o, i - 1, a, v, err, errlen);
        if (rc)
            return rc;
    }
    return 0;
}

int ladroi_cli_parse(const ladroi_cli_t *c, int argc, char **argv, char *err, size_t errlen)
{
    if (err && errlen)
        err[0] = 0;
    if (c->npos)
        *c->npos = 0;
    int rc = ladro__pass(c, argc, argv, true, err, errlen);
    if (rc == 0) {
        if (c->npos)
            *c->npos = 0;
        rc = ladro__pass(c, argc, argv, false, err, errlen);
    }
    return rc;
}

/* Column of the help texts; names longer than this get the text on the next line. */
#define LADRO__HELP_COL 22

void ladroi_cli_help(const ladroi_cli_t *c, FILE *f)
{
    if (c->usage)
        fputs(c->usage, f);
    for (const ladroi_opt_t *o = c->opts; !ladro__end(o); o++) {
        if ((o->flags & (c->skip | LADROI_OPT_HIDDEN)) || o->kind == LADROI_OPT_RENAMED)
            continue;
        if (o->kind == LADROI_OPT_TEXT) {
            fprintf(f, "%s\n", o->help ? o->help : "");
            continue;
        }
        char names[96];
        if (o->name && o->shortname)
            snprintf(names, sizeof names, "-%c, %s", o->shortname, o->name);
        else if (o->name)
            snprintf(names, sizeof names, "%s", o->name);
        else
            snprintf(names, sizeof names, "-%c", o->shortname);
        if (o->arg && ladro__takes_value(o))
            snprintf(names + strlen(names), sizeof names - strlen(names), " %s", o->arg);
        else if (o->arg && o->kind == LADROI_OPT_OPTSTR)
            snprintf(names + strlen(names), sizeof names - strlen(names), " [%s]", o->arg);
        int w = fprintf(f, "  %s", names);
        const char *h = o->help ? o->help : "";
        if (w + 1 > LADRO__HELP_COL) {
            fputc('\n', f);
            w = 0;
        }
        for (bool first = true; first || *h; first = false) {
            size_t len = strcspn(h, "\n");
            fprintf(f, "%*s%.*s\n", (first ? LADRO__HELP_COL - w : LADRO__HELP_COL), "",
                    (int)len, h);
            h += len;
            if (*h == '\n')
                h++;
        }
    }
    if (c->epilog)
        fputs(c->epilog, f);
}
