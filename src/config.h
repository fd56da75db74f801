/* Option descriptors and the configuration's generated parts (src/config.c): one
 * descriptor type for the core's keys and every policy's options. Never installed. */
#ifndef LADRO_CONFIG_H
#define LADRO_CONFIG_H

#include "ladro.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* One descriptor per key: the core's table (ladro_config_t fields) and each policy's
 * options (fields of the policy's own options struct) use the same type, parsed, checked,
 * shown and documented by the same code. */
enum { LADROI_OPT_U64, LADROI_OPT_U32, LADROI_OPT_SIZE, LADROI_OPT_INT, LADROI_OPT_DOUBLE,
       LADROI_OPT_STR, LADROI_OPT_ENUM };

typedef struct ladroi_opt {
    const char *key;
    int type;                 /* LADROI_OPT_* */
    size_t off, size;         /* the field in its struct: LADROI_OPT_FIELD(type, field) */
    uint64_t min, max;        /* integers: accepted range */
    double dmin, dmax;        /* DOUBLE: accepted range, dmin excluded when open */
    bool open;
    const char *const *names; /* ENUM: accepted words (NULL-terminated); the int field
                                 holds base + index */
    int base;
    /* Further check of a value the type accepted (NULL: none): 0, or a LADRO_E* code
     * with the message in err. */
    int (*check)(const char *v, char *err, size_t errlen);
    const char *def;          /* the default, as ladro_config_set takes it */
    const char *accepted;     /* what is accepted: error messages and docs/envvars.md */
    const char *doc;          /* what it means: ladro_print_config and docs/envvars.md */
    /* The value under cfg.paper (NULL: def). A policy's row may be `fixed`: no key, the
     * policy's setting in force (def, or paper under cfg.paper), listed by
     * ladro_print_config and docs/envvars.md but not settable. */
    const char *paper;
    bool fixed;
} ladroi_opt_t;

#define LADROI_OPT_FIELD(type, field) offsetof(type, field), sizeof(((type *)0)->field)

/* Parse v into the field of o in the struct at base: 0, or LADRO_EINVAL (or the check's
 * code) with "key='v': accepted: ..." in err; the field is unchanged on error. */
int ladroi_opt_parse(const ladroi_opt_t *o, void *base, const char *v, char *err,
                     size_t errlen);
/* The field as text, in the form ladroi_opt_parse takes. */
void ladroi_opt_show(const ladroi_opt_t *o, const void *base, char *buf, size_t n);

/* Name of configuration key i: the core's keys in table order, then the options of every
 * registered policy (each key once); NULL past the last. Lets the config fuzzer
 * (tests/fuzz) and tests walk every key without a second list. */
const char *ladroi_config_key(size_t i);
/* docs/envvars.md's generated part: the core table and each policy's options, as
 * markdown (tests/envvars_doc.c compares it with the file). */
void ladroi_config_doc(FILE *out);
/* Fill the options struct `opts` (ops->opts_size bytes) of policy `ops` from its
 * defaults and the options cfg holds for it. LADRO_EINVAL with a message on a bad value. */
struct ladroi_policy_ops;
/* The configuration ladro_create runs: cfg with what cfg.paper implies for the core
 * (steal guard and back-off pacing off). Every other field as given. */
void ladroi_config_effective(const ladro_config_t *cfg, ladro_config_t *out);
int ladroi_policy_opts(const struct ladroi_policy_ops *ops, const ladro_config_t *cfg,
                       void *opts, char *err, size_t errlen);

#endif
