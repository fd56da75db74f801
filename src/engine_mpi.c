/* The MPI engine (src/engine.h): the one place where ladro calls MPI. Windows come from
 * MPI_Win_allocate (Open MPI's 64-bit atomics crash or stall on MPI_Win_create memory,
 * see docs/architecture.md), a passive-target lock_all epoch is held for the window's
 * life, and every one-sided operation is completed with a flush before returning.
 * Channels are duplicated communicators; the clock is the system's monotonic clock. */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT: the idle strategy's core count */
#include "ladro_int.h"
#include "core.h"

#include <limits.h>
#include <pthread.h>
#include <time.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct ladroi_chan {
    MPI_Comm comm;
    int rank, size;
};

/* A failed MPI call: record it on the handle (when there is one). */
#define LADRO__MPI(lb, call)                                                           \
    do {                                                                               \
        int ladro__rc_ = (call);                                                       \
        if (ladro__rc_ != MPI_SUCCESS)                                                 \
            return ladroi_fail((lb), LADRO_EMPI, "%s failed (MPI error %d) at %s:%d",  \
                               #call, ladro__rc_, __FILE__, __LINE__);                 \
    } while (0)

/* MPI handles travel in ladroi_handle_t words: an int (MPICH) or a pointer (Open MPI). */
_Static_assert(sizeof(MPI_Win) <= sizeof(ladroi_handle_t), "MPI_Win fits a handle word");
_Static_assert(sizeof(MPI_Request) <= sizeof(ladroi_handle_t), "MPI_Request fits a word");

static MPI_Win ladro__win(const ladroi_win_t *w)
{
    MPI_Win x;
    memcpy(&x, &w->h, sizeof x);
    return x;
}

static MPI_Request ladro__req(const ladroi_req_t *r)
{
    MPI_Request x;
    memcpy(&x, &r->h, sizeof x);
    return x;
}

static void ladro__set_req(ladroi_req_t *r, MPI_Request x)
{
    memset(&r->h, 0, sizeof r->h);
    memcpy(&r->h, &x, sizeof x);
    r->active = x != MPI_REQUEST_NULL;
}

/* MPI-3 counts are int. */
static int ladro__count(ladro_t *lb, size_t bytes, int *n)
{
    *n = bytes > (size_t)INT_MAX ? -1 : (int)bytes;
    if (*n < 0)
        return ladroi_fail(lb, LADRO_EINVAL, "message of %zu bytes: at most %d", bytes, INT_MAX);
    return LADRO_OK;
}

/* ---- creation: the MPI entry points of the public API ------------------------------- */
int ladro_create(MPI_Comm comm, const ladro_config_t *cfg, ladro_t **out, char *err,
                 size_t errlen)
{
    if (!out)
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "ladro_create: NULL out");
    *out = NULL;
    int inited = 0;
    MPI_Initialized(&inited);
    if (!inited)
        return ladroi_failbuf(err, errlen, LADRO_ESTATE, "ladro_create: MPI is not "
                              "initialized (call MPI_Init first)");
    if (comm == MPI_COMM_NULL)
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "ladro_create: MPI_COMM_NULL");
    /* The caller's communicator, borrowed for the creation's agreements only: the
     * handle's own channels are duplicates of it. */
    struct ladroi_chan user = {.comm = comm};
    MPI_Comm_rank(comm, &user.rank);
    MPI_Comm_size(comm, &user.size);
    return ladroi_create(&user, cfg, out, err, errlen);
}

int ladro_run_range(MPI_Comm comm, uint64_t n, ladro_task_fn fn, void *user_data, char *err,
                    size_t errlen)
{
    ladro_config_t cfg;
    ladro_t *lb = NULL;
    if (err && errlen)
        err[0] = '\0';
    if (!fn)
        return ladroi_failbuf(err, errlen, LADRO_EINVAL, "ladro_run_range: fn is NULL");
    ladro_config_init(&cfg);
    int rc = ladro_config_from_env(&cfg, err, errlen);
    if (rc)
        return rc; /* every rank sees the same environment under mpirun */
    if ((rc = ladro_create(comm, &cfg, &lb, err, errlen)) != 0)
        return rc;
    return ladroi_run_range(&lb, n, fn, user_data, err, errlen);
}

/* ---- channels ------------------------------------------------------------------------ */
int ladroi_net_chan_dup(ladro_t *lb, ladroi_chan_t *from, ladroi_chan_t **out)
{
    *out = NULL;
    ladroi_chan_t *c = calloc(1, sizeof *c);
    if (!c)
        return ladroi_fail(lb, LADRO_ENOMEM, "out of memory for a channel");
    if (MPI_Comm_dup(from->comm, &c->comm) != MPI_SUCCESS) {
        free(c);
        return ladroi_fail(lb, LADRO_EMPI, "MPI_Comm_dup failed");
    }
    c->rank = from->rank;
    c->size = from->size;
    *out = c;
    return LADRO_OK;
}

void ladroi_net_chan_free(ladroi_chan_t **c)
{
    if (!*c)
        return;
    MPI_Comm_free(&(*c)->comm);
    free(*c);
    *c = NULL;
}

int ladroi_net_chan_rank(const ladroi_chan_t *c)
{
    return c->rank;
}

int ladroi_net_chan_size(const ladroi_chan_t *c)
{
    return c->size;
}

/* ---- windows --------------------------------------------------------------------------- */

/* Tail padding of every window. MPICH 4.0.2 (ch4, shared memory) lets a put that ends
 * exactly at the end of the target's window write its last 8 bytes over the window's
 * word 0 (reproduced without ladro; tests/test_window.c): with the padding no operation
 * of ladro ever reaches the end of a window. */
#define LADRO__WIN_PAD 64

/* SimGrid SMPI (smpicc; its mpi.h defines SMPI_H). SMPI 3.32's MPI_Compare_and_swap is
 * not atomic: it reads the target under a mutex but its conditional write is an
 * asynchronous put that lands after the mutex is released, so two CAS on one word can
 * both succeed and a CAS can overwrite a concurrent fetch-and-add (reproduced without
 * ladro by bench/smpi/atomics.c; bench/smpi/README.md). ladro's pool word
 * needs linearisable atomics, so under SMPI only, each atomic on a 64-bit word is the
 * MPI call below with no effect on the target (it charges the simulated cost: a round
 * trip to the target under its atomic mutex), followed by the read-modify-write done
 * directly on the target's window memory. SMPI runs every rank in one address space and
 * switches ranks only inside MPI calls, so nothing can come between that read and write;
 * MPI_Win_shared_query gives the target's base address. Real MPI never takes this path. */
#if defined(SMPI_H) && !defined(LADRO_SMPI)
#define LADRO_SMPI 1
#endif
#ifdef LADRO_SMPI
enum { LADRO__SG_FETCH, LADRO__SG_CAS, LADRO__SG_ADD };
static int ladro__smpi_atomic(ladro_t *lb, ladroi_win_t *w, int target, size_t disp, int op,
                              uint64_t a, uint64_t b, uint64_t *old)
{
    MPI_Aint size;
    int unit;
    unsigned char *base = NULL;
    uint64_t zero = 0, dummy;
    LADRO__MPI(lb, MPI_Win_shared_query(ladro__win(w), target, &size, &unit, &base));
    if (!base || disp + sizeof zero > (size_t)size)
        return ladroi_fail(lb, LADRO_EMPI, "SMPI: no window memory at rank %d offset %zu",
                           target, disp);
    /* The simulated cost, with no effect on the word: an atomic read (fetch, CAS) or an
     * add of zero (fetch-and-add, accumulate). */
    LADRO__MPI(lb, MPI_Fetch_and_op(&zero, &dummy, MPI_UINT64_T, target, (MPI_Aint)disp,
                                    op == LADRO__SG_ADD ? MPI_SUM : MPI_NO_OP, ladro__win(w)));
    LADRO__MPI(lb, MPI_Win_flush(target, ladro__win(w)));
    /* The operation itself: no MPI call, hence no other rank, between read and write. */
    uint64_t v;
    memcpy(&v, base + disp, sizeof v);
    if (old)
        *old = v;
    if (op == LADRO__SG_ADD)
        v += a;
    else if (op == LADRO__SG_CAS && v == a)
        v = b;
    memcpy(base + disp, &v, sizeof v);
    return LADRO_OK;
}
#endif

/* Open MPI 4.1 crashes (SIGSEGV inside MPI_Compare_and_swap) on a 64-bit compare-and-swap
 * through osc rdma when the shared-memory BTL (vader) has a single-copy mechanism other
 * than "none" (upstream open-mpi/ompi#11349; 32-bit CAS and every other operation work).
 * The pool's word needs 64-bit CAS linearised with its fetch-and-add and accumulate, and
 * an emulation (a lock around get/put) would have to take over every access to the word,
 * so instead the set-up is recognised before any window exists, through Open MPI's
 * control variables, and ladro_create refuses it with the variable to set. The variable
 * is read once, at MPI_Init: it cannot be changed from here.
 *
 * So that a program that links ladro runs under a bare `mpirun` all the same, the library
 * sets the variable itself before MPI_Init can run: an ELF constructor, which the dynamic
 * loader (shared library) or the C start-up code (static library: this object is linked
 * with every program that calls ladro_create) runs before main. It does not overwrite a
 * value the user set (environment, `mpirun -x`, `mpirun --mca`, which reaches the ranks as
 * this variable): an explicit 'cma' is kept, and refused below. Turning single-copy off
 * costs large on-node point-to-point messages of the whole program a copy (through
 * vader's shared buffers), which is why the user's explicit choice wins; a value in an
 * MCA parameter file is overridden (the environment has precedence over files). The
 * refusal remains for what the constructor cannot reach: an explicit mechanism, and
 * libladro loaded (dlopen) after MPI_Init. */
#if defined(OPEN_MPI) && defined(__GNUC__) && !defined(LADRO_SMPI)
__attribute__((constructor)) static void ladro__ompi_single_copy_off(void)
{
    int started = 0;
    MPI_Initialized(&started); /* loaded after MPI_Init: too late, leave it to the check */
    if (!started)
        setenv("OMPI_MCA_btl_vader_single_copy_mechanism", "none", 0);
}
#endif

#ifdef OPEN_MPI
/* Value of control variable `name` (an enum item's name or a string) into out;
 * false when the variable does not exist (e.g. vader not loaded) or cannot be read. */
static bool ladro__ompi_cvar(const char *name, char *out, size_t outlen)
{
    int idx, verb, bind, scope, count, nlen = 0, dlen = 0;
    MPI_Datatype dt;
    MPI_T_enum en;
    MPI_T_cvar_handle h;
    if (MPI_T_cvar_get_index(name, &idx) != MPI_SUCCESS ||
        MPI_T_cvar_get_info(idx, NULL, &nlen, &verb, &dt, &en, NULL, &dlen, &bind, &scope) !=
            MPI_SUCCESS ||
        bind != MPI_T_BIND_NO_OBJECT || MPI_T_cvar_handle_alloc(idx, NULL, &h, &count) !=
                                            MPI_SUCCESS)
        return false;
    bool ok = false;
    char buf[256];
    if (dt == MPI_INT && en != MPI_T_ENUM_NULL && count == 1) {
        int v, n, len = (int)sizeof buf;
        if (MPI_T_cvar_read(h, &v) == MPI_SUCCESS &&
            MPI_T_enum_get_info(en, &n, buf, &len) == MPI_SUCCESS)
            for (int i = 0; i < n && !ok; i++) {
                int iv, ilen = (int)outlen;
                ok = MPI_T_enum_get_item(en, i, &iv, out, &ilen) == MPI_SUCCESS && iv == v;
            }
    } else if (dt == MPI_CHAR && count > 0) { /* count: the buffer it needs (2048) */
        char *s = calloc((size_t)count + 1, 1);
        ok = s && MPI_T_cvar_read(h, s) == MPI_SUCCESS;
        if (ok)
            snprintf(out, outlen, "%s", s);
        free(s);
    }
    MPI_T_cvar_handle_free(&h);
    return ok;
}

/* Does Open MPI's component selection `list` ("a,b", "^a,b" or empty) allow `comp`? */
static bool ladro__ompi_allows(const char *list, const char *comp)
{
    bool negated = list[0] == '^', named = false;
    size_t n = strlen(comp);
    for (const char *c = list + negated; *c; c += strcspn(c, ","), c += *c == ',')
        named |= !strncmp(c, comp, n) && (c[n] == ',' || c[n] == '\0');
    return !list[0] || named != negated;
}
#endif

int ladroi_rma_usable(char *err, size_t errlen)
{
#ifdef OPEN_MPI
    /* "none" in the environment is what MPI_Init read (the environment has precedence
     * over parameter files; the constructor sets it only before MPI_Init): safe, known
     * without the tool interface, whose set-up opens every Open MPI component again
     * (about a quarter of a second on each ladro_create) */
    const char *env = getenv("OMPI_MCA_btl_vader_single_copy_mechanism");
    if (env && strcmp(env, "none") == 0)
        return LADRO_OK;
    int level = MPI_THREAD_SINGLE, provided;
    char mech[64], osc[256];
    MPI_Query_thread(&level);
    if (MPI_T_init_thread(level, &provided) != MPI_SUCCESS)
        return LADRO_OK; /* the tool interface cannot tell: nothing known to refuse */
    bool crash = ladro__ompi_cvar("btl_vader_single_copy_mechanism", mech, sizeof mech) &&
                 strcmp(mech, "none") != 0 &&
                 (!ladro__ompi_cvar("osc", osc, sizeof osc) || ladro__ompi_allows(osc, "rdma"));
    MPI_T_finalize();
    if (crash)
        return ladroi_failbuf(err, errlen, LADRO_ENOTSUP, "Open MPI's vader single-copy "
                              "mechanism '%s' crashes 64-bit MPI_Compare_and_swap: set "
                              "OMPI_MCA_btl_vader_single_copy_mechanism=none before MPI_Init, "
                              "or leave it unset (libladro then sets it when the program "
                              "starts)", mech);
#else
    (void)err;
    (void)errlen;
#endif
    return LADRO_OK;
}

int ladroi_win_alloc(ladro_t *lb, size_t bytes, ladroi_win_t *w)
{
    memset(w, 0, sizeof *w);
    if (bytes < 8)
        bytes = 8;
    MPI_Win win = MPI_WIN_NULL;
    void *base = NULL;
    LADRO__MPI(lb, MPI_Win_allocate((MPI_Aint)(bytes + LADRO__WIN_PAD), 1, MPI_INFO_NULL,
                                    lb->comm->comm, &base, &win));
    memcpy(&w->h, &win, sizeof win);
    w->base = base;
    w->bytes = bytes;
    memset(w->base, 0, bytes + LADRO__WIN_PAD);
    LADRO__MPI(lb, MPI_Win_lock_all(MPI_MODE_NOCHECK, win));
    return LADRO_OK;
}

void ladroi_win_free(ladroi_win_t *w)
{
    if (w->base) {
        MPI_Win win = ladro__win(w);
        MPI_Win_unlock_all(win);
        MPI_Win_free(&win);
    }
    memset(w, 0, sizeof *w);
}

int ladroi_rma_fetch_u64(ladro_t *lb, ladroi_win_t *w, int target, size_t disp, uint64_t *out)
{
#ifdef LADRO_SMPI
    return ladro__smpi_atomic(lb, w, target, disp, LADRO__SG_FETCH, 0, 0, out);
#else
    uint64_t dummy = 0;
    LADRO__MPI(lb, MPI_Fetch_and_op(&dummy, out, MPI_UINT64_T, target, (MPI_Aint)disp,
                                    MPI_NO_OP, ladro__win(w)));
    LADRO__MPI(lb, MPI_Win_flush(target, ladro__win(w)));
    return LADRO_OK;
#endif
}

int ladroi_rma_cas_u64(ladro_t *lb, ladroi_win_t *w, int target, size_t disp,
                       uint64_t expect, uint64_t desired, uint64_t *seen)
{
#ifdef LADRO_SMPI
    return ladro__smpi_atomic(lb, w, target, disp, LADRO__SG_CAS, expect, desired, seen);
#else
    LADRO__MPI(lb, MPI_Compare_and_swap(&desired, &expect, seen, MPI_UINT64_T, target,
                                        (MPI_Aint)disp, ladro__win(w)));
    LADRO__MPI(lb, MPI_Win_flush(target, ladro__win(w)));
    return LADRO_OK;
#endif
}

int ladroi_rma_add_u64(ladro_t *lb, ladroi_win_t *w, int target, size_t disp, uint64_t add)
{
#ifdef LADRO_SMPI
    return ladro__smpi_atomic(lb, w, target, disp, LADRO__SG_ADD, add, 0, NULL);
#else
    LADRO__MPI(lb, MPI_Accumulate(&add, 1, MPI_UINT64_T, target, (MPI_Aint)disp, 1,
                                  MPI_UINT64_T, MPI_SUM, ladro__win(w)));
    LADRO__MPI(lb, MPI_Win_flush(target, ladro__win(w)));
    return LADRO_OK;
#endif
}

int ladroi_rma_fadd_u64(ladro_t *lb, ladroi_win_t *w, int target, size_t disp, uint64_t add,
                        uint64_t *old)
{
#ifdef LADRO_SMPI
    return ladro__smpi_atomic(lb, w, target, disp, LADRO__SG_ADD, add, 0, old);
#else
    LADRO__MPI(lb, MPI_Fetch_and_op(&add, old, MPI_UINT64_T, target, (MPI_Aint)disp, MPI_SUM,
                                    ladro__win(w)));
    LADRO__MPI(lb, MPI_Win_flush(target, ladro__win(w)));
    return LADRO_OK;
#endif
}

int ladroi_rma_get(ladro_t *lb, ladroi_win_t *w, int target, size_t disp, void *dst, size_t n)
{
    while (n > 0) { /* counts are int in MPI-3 */
        int part = n > (1u << 30) ? (1 << 30) : (int)n;
        LADRO__MPI(lb, MPI_Get(dst, part, MPI_BYTE, target, (MPI_Aint)disp, part, MPI_BYTE,
                               ladro__win(w)));
        dst = (char *)dst + part;
        disp += (size_t)part;
        n -= (size_t)part;
    }
    LADRO__MPI(lb, MPI_Win_flush(target, ladro__win(w)));
    return LADRO_OK;
}

int ladroi_rma_put(ladro_t *lb, ladroi_win_t *w, int target, size_t disp, const void *src,
                   size_t n)
{
    while (n > 0) {
        int part = n > (1u << 30) ? (1 << 30) : (int)n;
        LADRO__MPI(lb, MPI_Put(src, part, MPI_BYTE, target, (MPI_Aint)disp, part, MPI_BYTE,
                               ladro__win(w)));
        src = (const char *)src + part;
        disp += (size_t)part;
        n -= (size_t)part;
    }
    LADRO__MPI(lb, MPI_Win_flush(target, ladro__win(w)));
    return LADRO_OK;
}

int ladroi_rma_sync(ladro_t *lb, ladroi_win_t *w)
{
    LADRO__MPI(lb, MPI_Win_sync(ladro__win(w)));
    return LADRO_OK;
}

bool ladroi_rma_written(ladro_t *lb, ladroi_win_t *w, size_t *lo, size_t *hi)
{
    (void)lb; /* MPI does not say whether or where a target's memory was written */
    *lo = 0;
    *hi = w->bytes;
    return true;
}

/* ---- point-to-point messages ----------------------------------------------------------- */
static int ladro__src(int s)
{
    return s == LADROI_ANY ? MPI_ANY_SOURCE : s;
}

static int ladro__tag(int t)
{
    return t == LADROI_ANY ? MPI_ANY_TAG : t;
}

static int ladro__status(ladro_t *lb, const MPI_Status *st, ladroi_msg_t *m)
{
    int n = 0;
    LADRO__MPI(lb, MPI_Get_count(st, MPI_BYTE, &n));
    m->source = st->MPI_SOURCE;
    m->tag = st->MPI_TAG;
    m->bytes = n > 0 ? (size_t)n : 0;
    return LADRO_OK;
}

int ladroi_net_isend(ladro_t *lb, ladroi_chan_t *c, const void *buf, size_t bytes, int dest,
                     int tag, ladroi_req_t *r)
{
    int n, rc = ladro__count(lb, bytes, &n);
    if (rc)
        return rc;
    MPI_Request x;
    LADRO__MPI(lb, MPI_Isend(buf, n, MPI_BYTE, dest, tag, c->comm, &x));
    ladro__set_req(r, x);
    return LADRO_OK;
}

int ladroi_net_irecv(ladro_t *lb, ladroi_chan_t *c, void *buf, size_t bytes, int source,
                     int tag, ladroi_req_t *r)
{
    int n, rc = ladro__count(lb, bytes, &n);
    if (rc)
        return rc;
    MPI_Request x;
    LADRO__MPI(lb, MPI_Irecv(buf, n, MPI_BYTE, ladro__src(source), ladro__tag(tag), c->comm, &x));
    ladro__set_req(r, x);
    return LADRO_OK;
}

int ladroi_net_test(ladro_t *lb, ladroi_req_t *r, bool *done, ladroi_msg_t *m)
{
    *done = true;
    if (!r->active)
        return LADRO_OK;
    MPI_Request x = ladro__req(r);
    MPI_Status st;
    int flag = 0;
    LADRO__MPI(lb, MPI_Test(&x, &flag, m ? &st : MPI_STATUS_IGNORE));
    ladro__set_req(r, x);
    *done = flag != 0;
    if (flag && m)
        return ladro__status(lb, &st, m);
    return LADRO_OK;
}

int ladroi_net_peek(ladro_t *lb, ladroi_req_t *r, bool *done)
{
    *done = true;
    if (!r->active)
        return LADRO_OK;
    int flag = 0;
    LADRO__MPI(lb, MPI_Request_get_status(ladro__req(r), &flag, MPI_STATUS_IGNORE));
    *done = flag != 0;
    return LADRO_OK;
}

static int ladro__wait(ladro_t *lb, ladroi_req_t *r, ladroi_msg_t *m)
{
    if (!r->active)
        return LADRO_OK;
    MPI_Request x = ladro__req(r);
    MPI_Status st;
    LADRO__MPI(lb, MPI_Wait(&x, m ? &st : MPI_STATUS_IGNORE));
    ladro__set_req(r, x);
    return m ? ladro__status(lb, &st, m) : LADRO_OK;
}

int ladroi_net_wait(ladro_t *lb, ladroi_req_t *r)
{
    return ladro__wait(lb, r, NULL);
}

void ladroi_net_cancel(ladroi_req_t *r)
{
    if (!r->active)
        return;
    MPI_Request x = ladro__req(r);
    MPI_Cancel(&x);
    MPI_Wait(&x, MPI_STATUS_IGNORE);
    ladro__set_req(r, x);
}

void ladroi_net_req_free(ladroi_req_t *r)
{
    if (!r->active)
        return;
    MPI_Request x = ladro__req(r);
    MPI_Request_free(&x);
    ladro__set_req(r, x);
}

/* A blocking send or receive is the non-blocking one completed at once (MPI-3.1 §3.7). */
int ladroi_net_send(ladro_t *lb, ladroi_chan_t *c, const void *buf, size_t bytes, int dest,
                    int tag)
{
    ladroi_req_t r;
    int rc = ladroi_net_isend(lb, c, buf, bytes, dest, tag, &r);
    return rc ? rc : ladro__wait(lb, &r, NULL);
}

int ladroi_net_recv(ladro_t *lb, ladroi_chan_t *c, void *buf, size_t bytes, int source,
                    int tag, ladroi_msg_t *m)
{
    ladroi_req_t r;
    int rc = ladroi_net_irecv(lb, c, buf, bytes, source, tag, &r);
    return rc ? rc : ladro__wait(lb, &r, m);
}

int ladroi_net_iprobe(ladro_t *lb, ladroi_chan_t *c, int source, int tag, bool *found,
                      ladroi_msg_t *m)
{
    int flag = 0;
    MPI_Status st;
    LADRO__MPI(lb, MPI_Iprobe(ladro__src(source), ladro__tag(tag), c->comm, &flag,
                              m ? &st : MPI_STATUS_IGNORE));
    *found = flag != 0;
    return flag && m ? ladro__status(lb, &st, m) : LADRO_OK;
}

int ladroi_net_progress(ladro_t *lb)
{
    /* A probe enters the MPI library, which progresses RMA under two-sided emulation and
     * messages in flight. */
    bool found;
    return ladroi_net_iprobe(lb, lb->comm, LADROI_ANY, LADROI_ANY, &found, NULL);
}

/* ---- blocking collectives ---------------------------------------------------------------- */
static MPI_Op ladro__op(int op)
{
    return op == LADROI_NET_MIN ? MPI_MIN : op == LADROI_NET_MAX ? MPI_MAX : MPI_SUM;
}

int ladroi_net_barrier(ladro_t *lb, ladroi_chan_t *c)
{
    LADRO__MPI(lb, MPI_Barrier(c->comm));
    return LADRO_OK;
}

int ladroi_net_allreduce_i64(ladro_t *lb, ladroi_chan_t *c, int64_t *v, int n, int op)
{
    LADRO__MPI(lb, MPI_Allreduce(MPI_IN_PLACE, v, n, MPI_INT64_T, ladro__op(op), c->comm));
    return LADRO_OK;
}

int ladroi_net_allreduce_u64(ladro_t *lb, ladroi_chan_t *c, uint64_t *v, int n, int op)
{
    LADRO__MPI(lb, MPI_Allreduce(MPI_IN_PLACE, v, n, MPI_UINT64_T, ladro__op(op), c->comm));
    return LADRO_OK;
}

int ladroi_net_bcast(ladro_t *lb, ladroi_chan_t *c, void *buf, size_t bytes, int root)
{
    int n, rc = ladro__count(lb, bytes, &n);
    if (rc)
        return rc;
    LADRO__MPI(lb, MPI_Bcast(buf, n, MPI_BYTE, root, c->comm));
    return LADRO_OK;
}

int ladroi_net_allgather(ladro_t *lb, ladroi_chan_t *c, const void *mine, size_t bytes,
                         void *all)
{
    int n, rc = ladro__count(lb, bytes, &n);
    if (rc)
        return rc;
    LADRO__MPI(lb, MPI_Allgather(mine, n, MPI_BYTE, all, n, MPI_BYTE, c->comm));
    return LADRO_OK;
}

/* Counts first, then the data: with MPI_Gatherv when the total fits an int, otherwise
 * one message per rank in pieces of at most 1 GiB (traces of long runs). */
int ladroi_net_gatherv(ladro_t *lb, ladroi_chan_t *c, const void *mine, size_t bytes, int root,
                       void **all, size_t *total)
{
    *all = NULL;
    *total = 0;
    uint64_t b = bytes, *counts = NULL;
    if (c->rank == root && !(counts = calloc((size_t)c->size, sizeof *counts)))
        return ladroi_fail(lb, LADRO_ENOMEM, "gather: out of memory for %d counts", c->size);
    int rc = MPI_Gather(&b, 1, MPI_UINT64_T, counts, 1, MPI_UINT64_T, root, c->comm);
    if (rc != MPI_SUCCESS) {
        free(counts);
        return ladroi_fail(lb, LADRO_EMPI, "MPI_Gather failed (MPI error %d)", rc);
    }
    const int piece = 1 << 30, tag = 0x5499;
    if (c->rank != root) {
        for (size_t off = 0; off < bytes || off == 0; off += (size_t)piece) {
            int n = bytes - off > (size_t)piece ? piece : (int)(bytes - off);
            LADRO__MPI(lb, MPI_Send((const char *)mine + off, n, MPI_BYTE, root, tag, c->comm));
            if (bytes - off <= (size_t)piece)
                break;
        }
        return LADRO_OK;
    }
    size_t sum = 0;
    for (int r = 0; r < c->size; r++)
        sum += counts[r];
    unsigned char *buf = malloc(sum ? sum : 1), *spill = NULL;
    size_t at = 0;
    rc = LADRO_OK;
    for (int r = 0; r < c->size; r++) {
        if (r == root) {
            if (buf && bytes) /* mine may be NULL when there is nothing to give */
                memcpy(buf + at, mine, bytes);
            at += bytes;
            continue;
        }
        /* receive even without memory: the senders wait for it */
        for (size_t off = 0; off < counts[r] || off == 0; off += (size_t)piece) {
            int n = counts[r] - off > (size_t)piece ? piece : (int)(counts[r] - off);
            unsigned char *dst = buf ? buf + at + off : (spill = realloc(spill, (size_t)n + 1));
            if (MPI_Recv(dst, n, MPI_BYTE, r, tag, c->comm, MPI_STATUS_IGNORE) != MPI_SUCCESS)
                rc = ladroi_fail(lb, LADRO_EMPI, "gather: MPI_Recv from rank %d failed", r);
            if (counts[r] - off <= (size_t)piece)
                break;
        }
        at += counts[r];
    }
    free(spill);
    free(counts);
    if (!buf && rc == LADRO_OK)
        rc = ladroi_fail(lb, LADRO_ENOMEM, "gather: out of memory for %zu bytes", sum);
    if (rc) {
        free(buf);
        return rc;
    }
    *all = buf;
    *total = sum;
    return LADRO_OK;
}

/* ---- time and threads ---------------------------------------------------------------------- */
double ladroi_net_now(void)
{
    return ladroi_now();
}

bool ladroi_net_clock_global(void)
{
    return false;
}

bool ladroi_net_probe_yields(const ladro_t *lb)
{
#ifdef LADRO_SMPI
    (void)lb;
    return false; /* a simulated probe costs smpi/iprobe of simulated time, no processor */
#else
    return lb->node_ranks > lb->node_cores; /* oversubscribed: Open MPI yields when idle */
#endif
}

void ladroi_net_sleep_us(double us)
{
    ladroi_sleep_us(us);
}

/* The node: the ranks MPI says share memory with this one, and the cores of the union of
 * their affinity masks (a launcher binding each rank to a core must not look
 * oversubscribed; without a mask, every online CPU). */
int ladroi_net_node(ladro_t *lb, int *ranks, int *cores)
{
    cpu_set_t mine, all;
    CPU_ZERO(&mine);
    if (sched_getaffinity(0, sizeof mine, &mine) != 0 || CPU_COUNT(&mine) == 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        for (long i = 0; i < n && i < CPU_SETSIZE; i++)
            CPU_SET((int)i, &mine);
    }
    MPI_Comm node;
    LADRO__MPI(lb, MPI_Comm_split_type(lb->comm->comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL,
                                       &node));
    int rc = MPI_Comm_size(node, ranks);
    if (rc == MPI_SUCCESS)
        rc = MPI_Allreduce(&mine, &all, (int)sizeof mine, MPI_BYTE, MPI_BOR, node);
    MPI_Comm_free(&node);
    if (rc != MPI_SUCCESS)
        return ladroi_fail(lb, LADRO_EMPI, "the node's ranks and cores: MPI error %d", rc);
    *cores = CPU_COUNT(&all);
    return LADRO_OK;
}

int ladroi_net_wait_msg(ladro_t *lb, ladroi_chan_t *c, double us, bool spin, bool *arrived)
{
    int flag = 0;
    if (!spin) /* no wait with a time-out in MPI: sleep, then look */
        ladroi_sleep_us(us);
    double end = ladroi_now() + us * 1e-6;
    do {
        LADRO__MPI(lb, MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, c->comm, &flag,
                                  MPI_STATUS_IGNORE));
#ifdef LADRO_SMPI
        /* SMPI charges each probe smpi/iprobe (0.25 us) of simulated time, and a run's
         * cost is its number of simulated calls: probing every 5 simulated microseconds
         * (about one message latency) reacts within a hop, with 20 times fewer calls. */
        if (!flag && spin && ladroi_now() < end) /* a zero wait is one probe */
            ladroi_sleep_us(5);
#endif
    } while (spin && !flag && ladroi_now() < end);
    if (arrived)
        *arrived = flag != 0;
    return LADRO_OK;
}

int ladroi_net_threads(ladro_t *lb, bool *multiple)
{
    int provided = MPI_THREAD_SINGLE;
    LADRO__MPI(lb, MPI_Query_thread(&provided));
    *multiple = provided >= MPI_THREAD_MULTIPLE;
    return LADRO_OK;
}

/* Workers never call MPI; only the thread running ladro_run does (it also created the
 * handle), so MPI_THREAD_FUNNELED suffices when that thread is the one that initialised
 * MPI, MPI_THREAD_SERIALIZED otherwise. */
int ladroi_net_workers_ok(int workers, char *err, size_t errlen)
{
    if (workers <= 1)
        return LADRO_OK;
    int provided = MPI_THREAD_SINGLE, is_main = 0;
    if (MPI_Query_thread(&provided) != MPI_SUCCESS || MPI_Is_thread_main(&is_main) != MPI_SUCCESS)
        return ladroi_failbuf(err, errlen, LADRO_EMPI, "threads=%d: MPI_Query_thread failed",
                              workers);
    if (provided >= MPI_THREAD_SERIALIZED || (provided == MPI_THREAD_FUNNELED && is_main))
        return LADRO_OK;
    if (provided == MPI_THREAD_FUNNELED)
        return ladroi_failbuf(err, errlen, LADRO_ENOTSUP, "threads=%d: MPI gives "
                              "MPI_THREAD_FUNNELED but this is not the thread that "
                              "initialised MPI: request MPI_THREAD_SERIALIZED from "
                              "MPI_Init_thread", workers);
    return ladroi_failbuf(err, errlen, LADRO_ENOTSUP, "threads=%d needs MPI_THREAD_FUNNELED "
                          "or higher, MPI gives MPI_THREAD_SINGLE: initialise MPI with "
                          "MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided)",
                          workers);
}

/* ---- the threads of a rank: POSIX threads ----------------------------------------------- */
struct ladroi_mutex {
    pthread_mutex_t m;
};
struct ladroi_cond {
    pthread_cond_t c;
};

ladroi_mutex_t *ladroi_net_mutex_new(void)
{
    ladroi_mutex_t *m = malloc(sizeof *m);
    if (m && pthread_mutex_init(&m->m, NULL) != 0) {
        free(m);
        m = NULL;
    }
    return m;
}

void ladroi_net_mutex_free(ladroi_mutex_t *m)
{
    if (!m)
        return;
    pthread_mutex_destroy(&m->m);
    free(m);
}

void ladroi_net_mutex_lock(ladroi_mutex_t *m)
{
    pthread_mutex_lock(&m->m);
}

void ladroi_net_mutex_unlock(ladroi_mutex_t *m)
{
    pthread_mutex_unlock(&m->m);
}

ladroi_cond_t *ladroi_net_cond_new(void)
{
    ladroi_cond_t *c = malloc(sizeof *c);
    pthread_condattr_t ca;
    if (!c || pthread_condattr_init(&ca) != 0) {
        free(c);
        return NULL;
    }
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    if (pthread_cond_init(&c->c, &ca) != 0) {
        free(c);
        c = NULL;
    }
    pthread_condattr_destroy(&ca);
    return c;
}

void ladroi_net_cond_free(ladroi_cond_t *c)
{
    if (!c)
        return;
    pthread_cond_destroy(&c->c);
    free(c);
}

void ladroi_net_cond_signal(ladroi_cond_t *c)
{
    pthread_cond_signal(&c->c);
}

void ladroi_net_cond_broadcast(ladroi_cond_t *c)
{
    pthread_cond_broadcast(&c->c);
}

void ladroi_net_cond_wait(ladroi_cond_t *c, ladroi_mutex_t *m, double secs)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    long ns = ts.tv_nsec + (long)(secs * 1e9);
    ts.tv_sec += ns / 1000000000L;
    ts.tv_nsec = ns % 1000000000L;
    pthread_cond_timedwait(&c->c, &m->m, &ts);
}

/* What a started thread runs, and the arg it reports (ladroi_net_thread_arg): a
 * thread-local pointer naming the calling thread's own start, not shared state. */
typedef struct ladro__start {
    pthread_t tid;
    void (*fn)(void *);
    void *arg;
} ladro__start_t;
static _Thread_local ladro__start_t *ladro__me;

static void *ladro__thread_main(void *p)
{
    ladro__me = p;
    ladro__me->fn(ladro__me->arg);
    ladro__me = NULL;
    return NULL;
}

int ladroi_net_thread_start(ladro_t *lb, int index, void (*fn)(void *), void *arg,
                            ladroi_handle_t *t)
{
    (void)lb;
    (void)index;
    ladro__start_t *s = malloc(sizeof *s);
    if (!s)
        return LADRO_ENOMEM;
    s->fn = fn;
    s->arg = arg;
    if (pthread_create(&s->tid, NULL, ladro__thread_main, s) != 0) {
        free(s);
        return LADRO_ENOMEM;
    }
    t->p = s;
    return LADRO_OK;
}

void ladroi_net_thread_join(ladroi_handle_t *t)
{
    ladro__start_t *s = t->p;
    if (!s)
        return;
    pthread_join(s->tid, NULL);
    free(s);
    t->p = NULL;
}

void *ladroi_net_thread_arg(void)
{
    return ladro__me ? ladro__me->arg : NULL;
}
