/* The command line of every ladro program (ladro-synth, -uts, -nqueens, -seismic, -rtm,
 * -bench, -gantt, -sim): one table per program, one parser, one --help layout and one
 * error style. Pure (no MPI, no global state): ladro-sim, built without MPI, links it too.
 *
 * A table row names an option (--long and/or -s), what its value is (a flag, an integer
 * or a number in a range, a string, or a function of the program's), where it goes, and
 * its help text; the parser walks argv once against the table. Every usage error is one
 * line, exit status 2:
 *     <prog>: --opt 'value': accepted: <what is accepted>
 *     <prog>: --opt '': needs a value
 *     <prog>: option '--polcy': unknown; did you mean '--policy'? (see --help)
 *     <prog>: --policies was renamed --policy
 *     <prog>: argument 'extra': not an option (see --help)
 * Not part of the library's API. */
#ifndef LADRO_OPTS_H
#define LADRO_OPTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum ladroi_opt_kind {
    LADROI_OPT_END = 0, /* ends a table */
    LADROI_OPT_FLAG,    /* no value: int *dest = 1 */
    LADROI_OPT_UNFLAG,  /* no value: int *dest = 0 */
    LADROI_OPT_HELP,    /* no value: print the help, parse returns 1 */
    LADROI_OPT_INT,     /* int *dest, an integer in [lo, hi] */
    LADROI_OPT_I64,     /* int64_t *dest (also long long), an integer in [lo, hi] */
    LADROI_OPT_U64,     /* uint64_t *dest, an integer in [lo, hi] */
    LADROI_OPT_DOUBLE,  /* double *dest, a number in [lo, hi] */
    LADROI_OPT_STR,     /* const char **dest = the argument itself */
    LADROI_OPT_BUF,     /* char dest[hi]: a copy, non-empty and shorter than hi */
    LADROI_OPT_CHOICE,  /* int *dest = the index of the value in data, a NULL-ended
                           const char *[] of names */
    LADROI_OPT_FN,      /* fn(opt, value, ctx, msg, msglen) decides */
    LADROI_OPT_TEXT,    /* no option: a line of --help (section heading) */
    LADROI_OPT_OPTSTR,  /* an optional value: const char **dest = the value of --name=V,
                           or of --name V when V is "-" or does not start with '-' (and,
                           when the program takes positional arguments, holds no '=');
                           alone, dest = data (a const char *, e.g. "-") */
    LADROI_OPT_RENAMED, /* an old spelling: refused with "<old> was renamed <data>" (the
                           new name, a const char *), status 2; never listed */
} ladroi_opt_kind_t;

/* Row flags. EARLY options are applied before all others wherever they stand (a value
 * another option's parsing uses); HIDDEN ones are left out of --help; the program's cli.skip mask hides rows carrying any of
 * the high bits (options of one program of a pair, ladro-rtm's beside ladro-seismic's). */
#define LADROI_OPT_EARLY 0x1u
#define LADROI_OPT_HIDDEN 0x2u /* accepted, not listed by --help (aliases, no-op flags) */
#define LADROI_OPT_USER(n) (0x100u << (n))

typedef struct ladroi_opt ladroi_opt_t;
/* A FN option's value: 0 taken, 1 stop the program with status 0 (it printed what was
 * asked, e.g. a list), -1 refused: msg (if it wrote one, else the row's `accepted`)
 * says what is accepted. */
typedef int (*ladroi_opt_fn)(const ladroi_opt_t *opt, const char *value, void *ctx, char *msg,
                             size_t msglen);

struct ladroi_opt {
    const char *name;     /* "--tasks", or NULL for a short-only option */
    char shortname;       /* 'n' for -n, or 0 */
    ladroi_opt_kind_t kind;
    void *dest;
    double lo, hi;        /* range (BUF: hi = the buffer's size) */
    const char *arg;      /* the value's name in --help ("N", "FILE") */
    const char *help;     /* --help text; '\n' starts a continuation line */
    const char *accepted; /* NULL: generated from the kind and range */
    ladroi_opt_fn fn;     /* FN */
    const void *data;     /* CHOICE: the names; FN: for fn (e.g. a configuration key) */
    unsigned flags;       /* LADROI_OPT_EARLY, LADROI_OPT_USER(n) */
    int *seen;            /* NULL, or set to the option's index in argv (>= 1) when given;
                             rows sharing one name the last of them given (argv[*seen]) */
};

typedef struct ladroi_cli {
    const char *prog;   /* message prefix: "ladro-synth", "ladro-sim policy" */
    const char *usage;  /* --help's first lines ("usage: ... \n...") */
    const char *epilog; /* --help's last lines, or NULL */
    const ladroi_opt_t *opts;
    unsigned skip;      /* rows with (flags & skip) are neither accepted nor listed */
    /* Positional arguments: up to maxpos of them into pos[], their count in *npos;
     * maxpos 0: none accepted. too_many: the message when more are given. */
    const char **pos;
    int maxpos, *npos;
    const char *too_many;
    void *ctx;          /* given to every FN */
    bool quiet;         /* print nothing (ranks other than 0); err is filled anyway */
} ladroi_cli_t;

/* Parse argv[1..argc-1] against the table. Returns 0 (run), 1 (help or a list was
 * printed: exit 0), or 2 (usage error: the one-line message, "<prog>: ...", in err and,
 * unless quiet, on stderr). */
int ladroi_cli_parse(const ladroi_cli_t *c, int argc, char **argv, char *err, size_t errlen);

/* The --help text from the table. */
void ladroi_cli_help(const ladroi_cli_t *c, FILE *f);

/* A usage error found after parsing (combinations, values checked elsewhere), in the same
 * style: "<prog>: " + the formatted text into err and, unless c->quiet, on stderr.
 * Returns 2. */
int ladroi_cli_fail(const ladroi_cli_t *c, char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* The message of a refused value: "<prog>: <opt> '<value>': <accepted>" (the value
 * shortened to 48 characters), likewise. */
int ladroi_cli_bad(const ladroi_cli_t *c, char *err, size_t errlen, const char *opt,
                   const char *value, const char *accepted);

#endif
