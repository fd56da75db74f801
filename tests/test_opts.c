/* The programs' number parsers (util.c) and command-line parser (opts.c), no MPI: what
 * is accepted, what is refused and the one-line message of each refusal. */
#include "check.h"
#include "opts.h"
#include "util.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static void test_numbers(void)
{
    int64_t i = 7;
    uint64_t u = 7;
    int n = 7;
    CHECK_EQ(ladroi_parse_i64("42", 0, 100, &i), 0);
    CHECK_EQ(i, 42);
    CHECK_EQ(ladroi_parse_i64("-5", -10, 10, &i), 0);
    CHECK_EQ(i, -5);
    CHECK_EQ(ladroi_parse_i64("1e8", 0, INT64_MAX, &i), 0); /* exact scientific */
    CHECK_EQ(i, 100000000);
    i = 7;
    CHECK_EQ(ladroi_parse_i64("1.5", 0, 100, &i), -1);
    CHECK_EQ(ladroi_parse_i64("2.5e0", 0, 100, &i), -1);
    CHECK_EQ(ladroi_parse_i64("", 0, 100, &i), -1);
    CHECK_EQ(ladroi_parse_i64(" 4", 0, 100, &i), -1);
    CHECK_EQ(ladroi_parse_i64("4 ", 0, 100, &i), -1);
    CHECK_EQ(ladroi_parse_i64("101", 0, 100, &i), -1);
    CHECK_EQ(ladroi_parse_i64("99999999999999999999", 0, INT64_MAX, &i), -1);
    CHECK_EQ(ladroi_parse_i64("1e300", 0, INT64_MAX, &i), -1);
    CHECK_EQ(ladroi_parse_i64("nan", 0, 100, &i), -1);
    CHECK_EQ(i, 7); /* unchanged by refusals */
    CHECK_EQ(ladroi_parse_u64("18446744073709551615", 0, UINT64_MAX, &u), 0);
    CHECK(u == UINT64_MAX);
    u = 7;
    CHECK_EQ(ladroi_parse_u64("-1", 0, UINT64_MAX, &u), -1); /* strtoull would wrap it */
    CHECK_EQ(ladroi_parse_u64("18446744073709551616", 0, UINT64_MAX, &u), -1);
    CHECK_EQ(u, 7);
    CHECK_EQ(ladroi_parse_int("2147483648", -2147483647 - 1, 2147483647, &n), -1);
    CHECK_EQ(ladroi_parse_int("-2147483648", -2147483647 - 1, 2147483647, &n), 0);
    CHECK_EQ(n, -2147483647 - 1);
    int64_t *v = NULL;
    CHECK_EQ(ladroi_parse_i64_list("1,2,1e3", 1, 1000, &v), 3);
    if (v) {
        CHECK_EQ(v[2], 1000);
        free(v);
    }
    CHECK_EQ(ladroi_parse_i64_list("1,,2", 1, 10, &v), -1);
    CHECK_EQ(ladroi_parse_i64_list("1,", 1, 10, &v), -1);
    CHECK_EQ(ladroi_parse_i64_list("", 1, 10, &v), -1);
    CHECK_EQ(ladroi_parse_i64_list("1,11", 1, 10, &v), -1);
}

typedef struct t_opts {
    int flag, n, given, stop, pick;
    uint64_t big;
    double x, early;
    const char *s;
    char buf[8];
    const char *json; /* --json [FILE] */
} t_opts_t;

/* FN row: "stop" ends the run (as --profile list), "bad" is refused with a message,
 * anything else records the EARLY value seen at that point. */
static int t_fn(const ladroi_opt_t *opt, const char *v, void *ctx, char *msg, size_t len)
{
    t_opts_t *o = ctx;
    (void)opt;
    if (!strcmp(v, "stop"))
        return 1;
    if (!strcmp(v, "bad")) {
        snprintf(msg, len, "accepted: anything but bad");
        return -1;
    }
    o->x = o->early;
    return 0;
}

static int t_parse(t_opts_t *o, char *err, size_t errlen, const char **pos, int *npos, ...)
{
    char *argv[16] = {"prog"};
    int argc = 1;
    va_list ap;
    va_start(ap, npos);
    for (char *a; argc < 15 && (a = va_arg(ap, char *)) != NULL;)
        argv[argc++] = a;
    va_end(ap);
    memset(o, 0, sizeof *o);
    const ladroi_opt_t opts[] = {
        {"--flag", 'f', LADROI_OPT_FLAG, &o->flag, .help = "a flag"},
        {"--n", 0, LADROI_OPT_INT, &o->n, 1, 10, .arg = "N", .help = "one to ten",
         .seen = &o->given},
        {"--big", 0, LADROI_OPT_U64, &o->big, 0, 18446744073709551615.0, .arg = "B"},
        {"--early", 0, LADROI_OPT_DOUBLE, &o->early, 0, 1, .arg = "E",
         .flags = LADROI_OPT_EARLY},
        {"--fn", 0, LADROI_OPT_FN, NULL, .arg = "V", .fn = t_fn},
        {"--s", 0, LADROI_OPT_STR, &o->s, .arg = "S"},
        {"--buf", 0, LADROI_OPT_BUF, o->buf, 0, sizeof o->buf, .arg = "B"},
        {"--pick", 0, LADROI_OPT_CHOICE, &o->pick, .data = (const char *const[]){"a", "b", NULL}},
        {"--other", 0, LADROI_OPT_FLAG, &o->stop, .flags = LADROI_OPT_USER(0)},
        {"--json", 0, LADROI_OPT_OPTSTR, &o->json, .arg = "FILE", .data = "-"},
        {"--threshold", 0, LADROI_OPT_INT, &o->n, 1, 10, .arg = "T"},
        {"--help", 'h', LADROI_OPT_HELP, .help = "this text"},
        {"--old", 0, LADROI_OPT_RENAMED, .data = "--n"},
        {"--s", 0, LADROI_OPT_RENAMED, .data = "--never"}, /* shadowed by --s above */
        {0},
    };
    const ladroi_cli_t cli = {.prog = "prog", .opts = opts, .skip = LADROI_OPT_USER(0),
                              .pos = pos, .maxpos = pos ? 1 : 0, .npos = npos,
                              .too_many = "only one file", .ctx = o, .quiet = true};
    return ladroi_cli_parse(&cli, argc, argv, err, errlen);
}

static void test_cli(void)
{
    t_opts_t o;
    char err[256];
    const char *pos[1];
    int npos = 0;
    CHECK_EQ(t_parse(&o, err, sizeof err, pos, &npos, "-f", "--n", "3", "--big",
                     "18446744073709551615", "--s", "x", "--buf", "abc", "file", NULL), 0);
    CHECK_EQ(o.flag, 1);
    CHECK_EQ(o.n, 3);
    CHECK_EQ(o.given, 2); /* argv[2]: "--n" */
    CHECK(o.big == UINT64_MAX);
    CHECK_STR_CONTAINS(o.s, "x");
    CHECK_STR_CONTAINS(o.buf, "abc");
    CHECK_EQ(npos, 1);
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "--pick", "b", NULL), 0);
    CHECK_EQ(o.pick, 1);
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "--pick", "c", NULL), 2);
    CHECK_STR_CONTAINS(err, "prog: --pick 'c': accepted: a, b");
    /* EARLY rows are applied first: --fn sees --early given after it */
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "--fn", "v", "--early", "0.5", NULL), 0);
    CHECK(o.x == 0.5);
    /* the one style of every refusal */
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "--n", "11", NULL), 2);
    CHECK_STR_CONTAINS(err, "prog: --n '11': accepted: an integer in [1, 10]");
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "--n", NULL), 2);
    CHECK_STR_CONTAINS(err, "prog: --n '': needs a value (N)");
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "--bogus", NULL), 2);
    CHECK_STR_CONTAINS(err, "prog: option '--bogus': unknown (see --help)");
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "--other", NULL), 2); /* skipped row */
    CHECK_STR_CONTAINS(err, "prog: option '--other': unknown");
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "word", NULL), 2);
    CHECK_STR_CONTAINS(err, "prog: argument 'word': not an option");
    CHECK_EQ(t_parse(&o, err, sizeof err, pos, &npos, "a", "b", NULL), 2);
    CHECK_STR_CONTAINS(err, "prog: argument 'b': only one file");
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "--fn", "bad", NULL), 2);
    CHECK_STR_CONTAINS(err, "prog: --fn 'bad': accepted: anything but bad");
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "--buf", "12345678", NULL), 2);
    CHECK_STR_CONTAINS(err, "at most 7 characters");
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "--early", "2", NULL), 2);
    CHECK_STR_CONTAINS(err, "prog: --early '2': accepted: a number in [0, 1]");
    /* a long value is shortened in the message, which stays one line */
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "--n",
                     "12345678901234567890123456789012345678901234567890123", NULL), 2);
    CHECK_STR_CONTAINS(err, "...': accepted");
    CHECK(strchr(err, '\n') == NULL);
    /* stop and help: 1, nothing after them applied */
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "--fn", "stop", "--n", "99", NULL), 1);
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "-h", "--n", "99", NULL), 1);
    CHECK_EQ(err[0], 0);
}

/* The shared vocabulary's mechanisms: did you mean, renamed spellings, optional values. */
static void test_vocabulary(void)
{
    t_opts_t o;
    char err[256];
    const char *pos[1];
    int npos = 0;
    /* a misspelt option names the closest one (edit distance, case ignored) */
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "--treshold", "3", NULL), 2);
    CHECK_STR_CONTAINS(err, "prog: option '--treshold': unknown; did you mean '--threshold'? "
                            "(see --help)");
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "--PICK", "a", NULL), 2);
    CHECK_STR_CONTAINS(err, "did you mean '--pick'?");
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "--jsn=x", NULL), 2);
    CHECK_STR_CONTAINS(err, "option '--jsn=x': unknown; did you mean '--json'?");
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "--zzzzzz", NULL), 2);
    CHECK_STR_CONTAINS(err, "option '--zzzzzz': unknown (see --help)"); /* nothing close */
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "--othr", NULL), 2); /* skipped row */
    CHECK(strstr(err, "--other") == NULL);
    /* an old spelling: refused, the new one named, even with its value */
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "--n", "3", "--old", "4", NULL), 2);
    CHECK_STR_CONTAINS(err, "prog: --old was renamed --n");
    CHECK(strchr(err, '\n') == NULL);
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "--s", "v", NULL), 0); /* a row wins */
    /* --json [FILE]: alone "-", a following word or --json=FILE the file, never an option */
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "--json", NULL), 0);
    CHECK_STR_CONTAINS(o.json, "-");
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "--json", "--n", "2", NULL), 0);
    CHECK(o.json && !strcmp(o.json, "-") && o.n == 2);
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "--json", "out.json", "--n", "2", NULL), 0);
    CHECK(o.json && !strcmp(o.json, "out.json"));
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "--json=o2.json", NULL), 0);
    CHECK(o.json && !strcmp(o.json, "o2.json"));
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "--json", "-", NULL), 0);
    CHECK(o.json && !strcmp(o.json, "-"));
    CHECK_EQ(t_parse(&o, err, sizeof err, NULL, NULL, "--json=", NULL), 2);
    CHECK_STR_CONTAINS(err, "prog: --json '': needs a value (FILE) or none");
    /* with positional arguments, KEY=VALUE stays one */
    CHECK_EQ(t_parse(&o, err, sizeof err, pos, &npos, "--json", "k=v", NULL), 0);
    CHECK(!strcmp(o.json, "-") && npos == 1 && !strcmp(pos[0], "k=v"));
    /* the helper itself */
    const char *const names[] = {"random", "static", "successonly", "smallworld", NULL};
    CHECK_STR_CONTAINS(ladroi_closest_in("radnom", names), "random"); /* a swap */
    CHECK_STR_CONTAINS(ladroi_closest_in("RANDOM", names), "random"); /* case */
    CHECK_STR_CONTAINS(ladroi_closest_in("succesonly", names), "successonly");
    CHECK_STR_CONTAINS(ladroi_closest_in("smal", names), "smallworld"); /* prefix */
    CHECK(ladroi_closest_in("xyz", names) == NULL);
}

int main(void)
{
    test_numbers();
    test_cli();
    test_vocabulary();
    return CHECK_REPORT("opts");
}
