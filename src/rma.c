/* The one place where MPI one-sided calls live. Windows come from MPI_Win_allocate
 * (Open MPI's 64-bit atomics crash or stall on MPI_Win_create memory, see
 * docs/architecture.md), a passive-target lock_all epoch is held for the window's
 * life, and every operation is completed with a flush before returning. */
#include "ladro_int.h"

#include <stdio.h>
#include <stdlib.h>

/* Tail padding of every window. MPICH 4.0.2 (ch4, shared memory) lets a put that ends
 * exactly at the end of the target's window write its last 8 bytes over the window's
 * word 0 (reproduced without ladro; tests/test_window.c): with the padding no operation
 * of ladro ever reaches the end of a window. */
#define LADRO__WIN_PAD 64

/* SimGrid SMPI (smpicc; its mpi.h defines SMPI_H). SMPI 3.32's MPI_Compare_and_swap is
 * not atomic: it reads the target under a mutex but its conditional write is an
 * asynchronous put that lands after the mutex is released, so two CAS on one word can
 * both succeed and a CAS can overwrite a concurrent fetch-and-add (reproduced without
 * ladro by bench/smpi/atomics.c; docs/results.md, "SimGrid SMPI"). ladro's pool word
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
    LADROI_MPI(lb, MPI_Win_shared_query(w->win, target, &size, &unit, &base));
    if (!base || disp + sizeof zero > (size_t)size)
        return ladroi_fail(lb, LADRO_EMPI, "SMPI: no window memory at rank %d offset %zu",
                           target, disp);
    /* The simulated cost, with no effect on the word: an atomic read (fetch, CAS) or an
     * add of zero (fetch-and-add, accumulate). */
    LADROI_MPI(lb, MPI_Fetch_and_op(&zero, &dummy, MPI_UINT64_T, target, (MPI_Aint)disp,
                                    op == LADRO__SG_ADD ? MPI_SUM : MPI_NO_OP, w->win));
    LADROI_MPI(lb, MPI_Win_flush(target, w->win));
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
 * is read once, at MPI_Init: it cannot be changed from here. */
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
                              "OMPI_MCA_btl_vader_single_copy_mechanism=none before MPI_Init "
                              "(scripts/mpirun.sh does)", mech);
#else
    (void)err;
    (void)errlen;
#endif
    return LADRO_OK;
}

int ladroi_win_alloc(ladro_t *lb, size_t bytes, ladroi_win_t *w)
{
    memset(w, 0, sizeof *w);
    w->win = MPI_WIN_NULL;
    if (bytes < 8)
        bytes = 8;
    LADROI_MPI(lb, MPI_Win_allocate((MPI_Aint)(bytes + LADRO__WIN_PAD), 1, MPI_INFO_NULL,
                                    lb->comm, &w->base, &w->win));
    w->bytes = bytes;
    memset(w->base, 0, bytes + LADRO__WIN_PAD);
    LADROI_MPI(lb, MPI_Win_lock_all(MPI_MODE_NOCHECK, w->win));
    return LADRO_OK;
}

void ladroi_win_free(ladroi_win_t *w)
{
    if (w->win != MPI_WIN_NULL) {
        MPI_Win_unlock_all(w->win);
        MPI_Win_free(&w->win);
    }
    w->win = MPI_WIN_NULL;
    w->base = NULL;
}

void ladroi_rma_delay(ladro_t *lb)
{
    if (lb->cfg.delay_us > 0)
        ladroi_sleep_us(lb->cfg.delay_us * ladroi_rng_unit(&lb->rng));
}

int ladroi_rma_fetch_u64(ladro_t *lb, ladroi_win_t *w, int target, size_t disp, uint64_t *out)
{
    if (target != lb->rank)
        ladroi_rma_delay(lb);
#ifdef LADRO_SMPI
    return ladro__smpi_atomic(lb, w, target, disp, LADRO__SG_FETCH, 0, 0, out);
#else
    uint64_t dummy = 0;
    LADROI_MPI(lb, MPI_Fetch_and_op(&dummy, out, MPI_UINT64_T, target, (MPI_Aint)disp,
                                    MPI_NO_OP, w->win));
    LADROI_MPI(lb, MPI_Win_flush(target, w->win));
    return LADRO_OK;
#endif
}

int ladroi_rma_cas_u64(ladro_t *lb, ladroi_win_t *w, int target, size_t disp,
                       uint64_t expect, uint64_t desired, uint64_t *seen)
{
    if (target != lb->rank)
        ladroi_rma_delay(lb);
#ifdef LADRO_SMPI
    return ladro__smpi_atomic(lb, w, target, disp, LADRO__SG_CAS, expect, desired, seen);
#else
    LADROI_MPI(lb, MPI_Compare_and_swap(&desired, &expect, seen, MPI_UINT64_T, target,
                                        (MPI_Aint)disp, w->win));
    LADROI_MPI(lb, MPI_Win_flush(target, w->win));
    return LADRO_OK;
#endif
}

int ladroi_rma_add_u64(ladro_t *lb, ladroi_win_t *w, int target, size_t disp, uint64_t add)
{
    if (target != lb->rank)
        ladroi_rma_delay(lb);
#ifdef LADRO_SMPI
    return ladro__smpi_atomic(lb, w, target, disp, LADRO__SG_ADD, add, 0, NULL);
#else
    LADROI_MPI(lb, MPI_Accumulate(&add, 1, MPI_UINT64_T, target, (MPI_Aint)disp, 1,
                                  MPI_UINT64_T, MPI_SUM, w->win));
    LADROI_MPI(lb, MPI_Win_flush(target, w->win));
    return LADRO_OK;
#endif
}

int ladroi_rma_fadd_u64(ladro_t *lb, ladroi_win_t *w, int target, size_t disp, uint64_t add,
                        uint64_t *old)
{
    if (target != lb->rank)
        ladroi_rma_delay(lb);
#ifdef LADRO_SMPI
    return ladro__smpi_atomic(lb, w, target, disp, LADRO__SG_ADD, add, 0, old);
#else
    LADROI_MPI(lb, MPI_Fetch_and_op(&add, old, MPI_UINT64_T, target, (MPI_Aint)disp, MPI_SUM,
                                    w->win));
    LADROI_MPI(lb, MPI_Win_flush(target, w->win));
    return LADRO_OK;
#endif
}

int ladroi_rma_get(ladro_t *lb, ladroi_win_t *w, int target, size_t disp, void *dst, size_t n)
{
    if (target != lb->rank)
        ladroi_rma_delay(lb);
    while (n > 0) { /* counts are int in MPI-3 */
        int part = n > (1u << 30) ? (1 << 30) : (int)n;
        LADROI_MPI(lb, MPI_Get(dst, part, MPI_BYTE, target, (MPI_Aint)disp, part, MPI_BYTE,
                               w->win));
        dst = (char *)dst + part;
        disp += (size_t)part;
        n -= (size_t)part;
    }
    LADROI_MPI(lb, MPI_Win_flush(target, w->win));
    return LADRO_OK;
}

int ladroi_rma_put(ladro_t *lb, ladroi_win_t *w, int target, size_t disp, const void *src,
                   size_t n)
{
    if (target != lb->rank)
        ladroi_rma_delay(lb);
    while (n > 0) {
        int part = n > (1u << 30) ? (1 << 30) : (int)n;
        LADROI_MPI(lb, MPI_Put(src, part, MPI_BYTE, target, (MPI_Aint)disp, part, MPI_BYTE,
                               w->win));
        src = (const char *)src + part;
        disp += (size_t)part;
        n -= (size_t)part;
    }
    LADROI_MPI(lb, MPI_Win_flush(target, w->win));
    return LADRO_OK;
}

int ladroi_rma_sync(ladro_t *lb, ladroi_win_t *w)
{
    LADROI_MPI(lb, MPI_Win_sync(w->win));
    return LADRO_OK;
}
