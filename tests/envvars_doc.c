/* docs/envvars.md against the configuration tables: the part between the two marker
 * lines must be what ladroi_config_doc prints (the core's keys, then each policy's
 * options). `envvars_doc FILE` exits 1 naming the first differing line; `envvars_doc
 * --write FILE` rewrites that part (after changing a key or an option). */
#define _POSIX_C_SOURCE 200809L
#include "ladro_int.h"
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BEGIN "<!-- generated from the configuration tables (tests/envvars_doc.c): begin -->\n"
#define END "<!-- generated: end -->\n"

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *s = malloc(cap);
    size_t k;
    while (s && (k = fread(s + n, 1, cap - n - 1, f)) > 0) {
        n += k;
        if (n + 1 == cap) {
            char *t = realloc(s, cap *= 2);
            if (!t)
                free(s);
            s = t;
        }
    }
    fclose(f);
    if (s)
        s[n] = 0;
    return s;
}

/* The file's text `doc` against the tables' text `gen`; rewrites the file when `write`. */
static int envvars__check(const char *path, char *doc, const char *gen, size_t genlen,
                          int write)
{
    char *b = strstr(doc, BEGIN), *e = b ? strstr(b, END) : NULL;
    if (!b || !e) {
        fprintf(stderr, "envvars_doc: %s: marker lines not found; accepted: a file with\n"
                "%s...\n%s", path, BEGIN, END);
        return 1;
    }
    b += strlen(BEGIN);
    if (write) {
        FILE *f = fopen(path, "w");
        if (!f || fprintf(f, "%.*s%s%s", (int)(b - doc), doc, gen, e) < 0 || fclose(f)) {
            fprintf(stderr, "envvars_doc: cannot write '%s'\n", path);
            return 1;
        }
        printf("envvars_doc: %s rewritten\n", path);
        return 0;
    }
    size_t have = (size_t)(e - b);
    if (have == genlen && memcmp(b, gen, genlen) == 0) {
        printf("envvars_doc: %s matches the configuration tables\n", path);
        return 0;
    }
    /* the first differing line, both sides */
    size_t i = 0, line = 1, start = 0;
    while (i < have && i < genlen && b[i] == gen[i]) {
        if (b[i] == '\n') {
            line++;
            start = i + 1;
        }
        i++;
    }
    const char *d = b + start, *g = gen + start;
    fprintf(stderr, "envvars_doc: %s differs from the configuration tables at line %zu of "
            "the generated part:\n  doc:    %.*s\n  tables: %.*s\n(envvars_doc --write %s "
            "regenerates it)\n", path, line, (int)strcspn(d, "\n"), d, (int)strcspn(g, "\n"),
            g, path);
    return 1;
}

int main(int argc, char **argv)
{
    int write = argc == 3 && strcmp(argv[1], "--write") == 0;
    if (argc != 2 + write) {
        fprintf(stderr, "usage: envvars_doc [--write] docs/envvars.md\n");
        return 2;
    }
    const char *path = argv[1 + write];
    char *doc = slurp(path), *gen = NULL;
    size_t genlen = 0;
    FILE *m = open_memstream(&gen, &genlen);
    int rc = 2;
    if (!doc || !m) {
        fprintf(stderr, "envvars_doc: cannot read '%s'\n", path);
    } else {
        ladroi_config_doc(m);
        fclose(m);
        m = NULL;
        rc = envvars__check(path, doc, gen, genlen, write);
    }
    if (m)
        fclose(m);
    free(gen);
    free(doc);
    return rc;
}
