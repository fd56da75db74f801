/* Command-line rows and summary notes shared by the programs; see app_cli.h. */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include "app_cli.h"

#include "util.h" /* LADROI_SHOW */

#include <dirent.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

int app_config_set(ladro_config_t *cfg, const char *opt, const char *key, const char *value,
                   char *err, size_t errlen)
{
    char msg[512], pre[128];
    int rc = ladro_config_set(cfg, key, value, msg, sizeof msg);
    if (rc == LADRO_OK)
        return rc;
    /* the option names itself and its value: drop ladro_config_set's "key='value': " */
    snprintf(pre, sizeof pre, "%s='%.*s%s': ", key, LADROI_SHOW(value));
    size_t n = strlen(pre);
    const char *why = strncmp(msg, pre, n) ? msg : msg + n;
    if (opt)
        snprintf(err, errlen, "%s '%.*s%s': %s", opt, LADROI_SHOW(value), why);
    else
        snprintf(err, errlen, "%s", why);
    return rc;
}

int app_policy_entry(ladro_config_t *cfg, const char *entry, char *err, size_t errlen)
{
    char tmp[LADRO_PATH_MAX], why[512];
    snprintf(tmp, sizeof tmp, "%s", entry);
    char *save, *tok = strtok_r(tmp, ":", &save);
    int rc = LADRO_EINVAL;
    if (!tok)
        snprintf(why, sizeof why, "accepted: a policy name, NAME:key=value[:key=value...]");
    else
        rc = app_config_set(cfg, NULL, "policy", tok, why, sizeof why);
    while (rc == LADRO_OK && (tok = strtok_r(NULL, ":", &save)) != NULL) {
        char *eq = strchr(tok, '=');
        if (!eq || eq == tok) {
            snprintf(why, sizeof why, "'%.*s%s' is not key=value; accepted: "
                     "NAME:key=value[:key=value...]", LADROI_SHOW(tok));
            rc = LADRO_EINVAL;
            break;
        }
        *eq = 0;
        char one[300];
        rc = ladro_config_set(cfg, tok, eq + 1, one, sizeof one);
        if (rc)
            snprintf(why, sizeof why, "%s", one);
    }
    if (rc)
        snprintf(err, errlen, "--policy '%.*s%s': %s", LADROI_SHOW(entry), why);
    return rc;
}

int app_config_env_policy(ladro_config_t *cfg, const char *policy, char *err, size_t errlen)
{
    int rc = ladro_config_from_env(cfg, err, errlen);
    if (rc == LADRO_OK && policy[0])
        rc = app_policy_entry(cfg, policy, err, errlen);
    return rc;
}

int app_config_run(ladro_config_t *cfg, const char *policy, int threads, char *err,
                   size_t errlen)
{
    int rc = app_config_env_policy(cfg, policy, err, errlen);
    if (threads > 0) /* the flag wins over LADRO_THREADS */
        cfg->threads = (uint32_t)threads;
    return rc;
}

int app_opt_config(const ladroi_opt_t *opt, const char *value, void *ctx, char *msg,
                   size_t msglen)
{
    (void)ctx;
    return app_config_set(opt->dest, NULL, opt->data, value, msg, msglen) ? -1 : 0;
}

void app_policy_begin(app_policy_iter_t *it, const char *policy)
{
    snprintf(it->list, sizeof it->list, "%s", policy);
    it->save = NULL;
    it->all = strcasecmp(it->list, "all") ? NULL : ladro_policy_names();
    it->k = 0;
    it->done = false;
}

const char *app_policy_next(app_policy_iter_t *it)
{
    if (it->done)
        return NULL;
    const char *pol = it->all ? it->all[it->k]
                              : strtok_r(it->k ? NULL : it->list, ",", &it->save);
    if (!pol && it->k == 0)
        pol = ""; /* no name: LADRO_POLICY or the default */
    it->k++;
    it->done = !pol || !pol[0];
    return pol;
}

int app_check_max_failed(int64_t max_failed, const ladro_stats_t *st, const char *policy)
{
    if (max_failed < 0 || st->total.steals_failed <= (uint64_t)max_failed)
        return 0;
    fprintf(stderr, "policy %s: %llu failed remote steals, --max-failed allows %lld\n", policy,
            (unsigned long long)st->total.steals_failed, (long long)max_failed);
    return 1;
}

ladroi_opt_t app_opt_key(ladro_config_t *cfg, const char *name, const char *key,
                         const char *arg, const char *help)
{
    return (ladroi_opt_t){name, 0, LADROI_OPT_FN, cfg, .arg = arg, .help = help,
                          .fn = app_opt_config, .data = key};
}

/* Cores this rank may run on: its affinity mask (bytes), or all online CPUs. */
static void app__cpus(cpu_set_t *set)
{
    CPU_ZERO(set);
    if (sched_getaffinity(0, sizeof *set, set) == 0 && CPU_COUNT(set) > 0)
        return;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    for (long i = 0; i < n && i < CPU_SETSIZE; i++)
        CPU_SET((int)i, set);
}

bool app_oversubscribed(MPI_Comm comm, char *note, size_t notelen)
{
    if (notelen)
        note[0] = 0;
    int rank;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm node;
    MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    int nranks;
    MPI_Comm_size(node, &nranks);
    /* a launcher binding each rank to one core must not read as oversubscription: count
     * the cores of the union of the node's masks */
    cpu_set_t mine, all;
    app__cpus(&mine);
    MPI_Allreduce(&mine, &all, (int)sizeof mine, MPI_BYTE, MPI_BOR, node);
    MPI_Comm_free(&node);
    int cores = CPU_COUNT(&all);
    struct { int excess, rank; } in = {nranks - cores, rank}, worst;
    MPI_Allreduce(&in, &worst, 1, MPI_2INT, MPI_MAXLOC, comm);
    int what[2] = {nranks, cores};
    MPI_Bcast(what, 2, MPI_INT, worst.rank, comm);
    if (worst.excess <= 0)
        return false;
    snprintf(note, notelen, "(%d ranks on %d cores: busy time includes time-slicing)",
             what[0], what[1]);
    return true;
}

void app_warn_threads(const char *prog, uint32_t threads, bool quiet)
{
    cpu_set_t mine;
    app__cpus(&mine);
    int cores = CPU_COUNT(&mine);
    if (!quiet && threads > (uint32_t)cores)
        fprintf(stderr, "%s: warning: threads=%u is more than the %d cores this rank may run "
                "on (allowed: the workers share them)\n", prog, threads, cores);
}

/* The file a descriptor of process pid is open on ("/dev/pts/3", "pipe:[123]"). */
static bool app__fd_target(long pid, int fd, char *buf, size_t len)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%ld/fd/%d", pid, fd);
    ssize_t n = readlink(path, buf, len - 1);
    if (n <= 0)
        return false;
    buf[n] = 0;
    return true;
}

bool app_stderr_tty(void)
{
    if (isatty(2))
        return true;
    char mine[256], up[256];
    if (!app__fd_target((long)getpid(), 2, mine, sizeof mine) || strncmp(mine, "pipe:", 5))
        return false; /* a file, a socket: not a terminal */
    /* the parent, when it is the launcher reading that pipe (it holds an end of it; a
     * shell running `prog | tee log` does not): is its stderr a terminal? */
    long pp = (long)getppid();
    if (!app__fd_target(pp, 2, up, sizeof up) ||
        (strncmp(up, "/dev/pts/", 9) && strncmp(up, "/dev/tty", 8)))
        return false;
    char dir[64];
    snprintf(dir, sizeof dir, "/proc/%ld/fd", pp);
    DIR *d = opendir(dir);
    bool holds = false;
    for (struct dirent *e; d && !holds && (e = readdir(d)) != NULL;) {
        char t[256];
        int fd = atoi(e->d_name);
        holds = e->d_name[0] != '.' && app__fd_target(pp, fd, t, sizeof t) && !strcmp(t, mine);
    }
    if (d)
        closedir(d);
    return holds;
}

void app_policies_line(char *buf, size_t len)
{
    ladro_config_t cfg;
    ladro_config_init(&cfg); /* the default policy: ladro_config_init's, no environment */
    size_t k = (size_t)snprintf(buf, len, "policies:");
    for (const char *const *n = ladro_policy_names(); *n && k < len; n++)
        k += (size_t)snprintf(buf + k, len - k, " %s", *n);
    if (k < len)
        snprintf(buf + k, len - k, "\ndefault policy: %s\n", cfg.policy);
}

int app_emulate(ladro_t *lb, const app_emulation_t *e, char *err, size_t errlen)
{
    double s;
    char msg[256];
    if (ladro_speed_of(e->speed, ladro_rank(lb), ladro_size(lb), &s, msg, sizeof msg))
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "--speed '%.*s%s': %s",
                              LADROI_SHOW(e->speed), msg);
    int rc = ladro_emulate(lb, s, e->spin ? LADRO_EMULATE_SPIN : LADRO_EMULATE_SLEEP);
    if (rc)
        snprintf(err, errlen, "%s", ladro_last_error(lb));
    return rc;
}

int app_emulation_check(const app_emulation_t *e, int size, char *err, size_t errlen)
{
    for (int r = 0; r < size; r++) {
        double s;
        char msg[256];
        if (ladro_speed_of(e->speed, r, size, &s, msg, sizeof msg))
            return ladroi_failbuf(err, errlen, LADRO_EINVAL, "--speed '%.*s%s' at %d ranks: "
                                  "%s", LADROI_SHOW(e->speed), size, msg);
    }
    return 0;
}
