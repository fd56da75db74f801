/* Non-blocking collectives on a k-ary tree of point-to-point messages: the sum of a few
 * counters (termination waves), an all-gather of a few words per rank (ctws's initial
 * list) and a barrier (smallworld's termination gate, a sum nobody reads).
 *
 * Why not MPI_Iallreduce / MPI_Iallgather / MPI_Ibarrier: they were what ladro used, and
 * they are fine in Open MPI and MPICH, but SimGrid's SMPI (3.32) implements the first two
 * as all-to-all exchanges, P(P-1) messages per operation: at 256 simulated ranks two
 * MPI_Iallreduce took 486 s of wall time against 4 s for two blocking MPI_Allreduce
 * (bench/smpi/README.md). A tree costs 2(P-1) messages on every MPI; one
 * implementation serves every MPI, so the tests on Open MPI and MPICH exercise the code
 * SMPI runs.
 *
 * The tree (src/tree.h, a pure function): k-ary (k = LADROI_TREE_FANIN, 16) with
 * contiguous subtrees, so a node combines at most k contributions whatever the number of
 * ranks, the depth is about log_k(P) (3 at 1 024 ranks, 5 at 100 000), and an
 * all-gather moves contiguous blocks. An earlier version used a star up to 64 ranks and
 * groups of sqrt(P) beyond, because idle ranks then slept up to backoff_max_us between
 * polls and every hop waited for a sleeper; the root of that tree received sqrt(P) + P/sqrt(P)
 * messages per operation, and at 1 024 ranks detection took tens of milliseconds. Idle
 * ranks with a core of their own now poll for messages continuously (docs/architecture.md,
 * "Idle ranks"), so a hop costs about one message latency and depth is cheap.
 * Contributions travel up (a rank sends its subtree's combination once every child's
 * arrived), the result travels down.
 *
 * Matching: every operation kind has a tag of its own on the handle's communicator
 * (only collectives and probes use it otherwise), each rank has at most one operation
 * of a kind in flight, and a rank posts the receives of operation k+1 only after
 * operation k completed here. MPI's non-overtaking rule (same source, tag and
 * communicator) then pairs the i-th message from a peer with the i-th receive posted for
 * it, so messages of consecutive operations never mix even when a fast child has already
 * sent its next contribution. */
#include "coll.h"
#include "ladro_int.h"
#include "tree.h"

#include <stdlib.h>
#include <string.h>

enum { LADRO__C_IDLE, LADRO__C_UP, LADRO__C_DOWN, LADRO__C_SENDS };

/* Subtree of child i: [child[i], end of child i). */
static int ladro__child_end(const ladroi_coll_t *c, int i)
{
    return i + 1 < c->nchild ? c->child[i + 1] : c->end;
}

int ladroi_coll_init(ladro_t *lb, ladroi_coll_t *c, int kind, size_t n, int tag, int fanin)
{
    memset(c, 0, sizeof *c);
    c->kind = kind;
    c->n = n;
    c->tag = tag;
    c->rank = lb->rank;
    c->size = lb->size;
    c->comm = lb->comm;
    c->fanin = fanin > 0 ? fanin : LADROI_TREE_FANIN;
    if (c->fanin < 2 || c->fanin > LADROI_TREE_FANIN_MAX)
        return ladroi_fail(lb, LADRO_EINVAL, "collective: fan-in %d: accepted: 2..%d",
                           c->fanin, LADROI_TREE_FANIN_MAX);
    int most = c->fanin;
    c->child = calloc((size_t)most, sizeof *c->child);
    c->req = calloc((size_t)(2 * most + 2), sizeof *c->req);
    /* gather: the subtree's blocks going up, the whole result coming down;
     * sum: this rank's partial sum and one slot per child going up, the result down */
    size_t up = kind == LADROI_COLL_GATHER ? n * (size_t)c->size : n * (size_t)(1 + most);
    c->words = kind == LADROI_COLL_GATHER ? n * (size_t)c->size : n;
    if (c->words > (size_t)1 << 27) /* every message count must fit an int */
        return ladroi_fail(lb, LADRO_EINVAL, "collective: %zu words per rank on %d ranks "
                           "do not fit one message", n, c->size);
    c->up = calloc(up ? up : 1, sizeof *c->up);
    c->out = calloc(c->words ? c->words : 1, sizeof *c->out);
    if (!c->child || !c->req || !c->up || !c->out)
        return ladroi_fail(lb, LADRO_ENOMEM, "collective: out of memory (%d ranks, %zu words)",
                           c->size, n);
    c->nchild = ladroi_tree_node(c->size, c->fanin, c->rank, &c->parent, &c->end, c->child);
    /* req: [0, nchild) the children's blocks, [nchild] the up-send, [nchild + 1] the
     * result from the parent, [nchild + 2 + i] the result to child i */
    c->nreq = 2 * c->nchild + 2;
    return LADRO_OK; /* calloc'd requests are inactive */
}

/* Words of the block child i (or this rank, i < 0) sends up: at most c->words. */
static size_t ladro__block(const ladroi_coll_t *c, int i)
{
    if (c->kind == LADROI_COLL_SUM)
        return c->n;
    int lo = i < 0 ? c->rank : c->child[i], hi = i < 0 ? c->end : ladro__child_end(c, i);
    return c->n * (size_t)(hi - lo);
}

/* Where child i's contribution lands in c->up. */
static uint64_t *ladro__slot(ladroi_coll_t *c, int i)
{
    if (c->kind == LADROI_COLL_SUM)
        return c->up + c->n * (size_t)(1 + i);
    return c->up + c->n * (size_t)c->child[i];
}

int ladroi_coll_start(ladro_t *lb, ladroi_coll_t *c, const uint64_t *mine)
{
    if (c->phase != LADRO__C_IDLE)
        return ladroi_fail(lb, LADRO_ESTATE, "collective (tag %d) started twice", c->tag);
    uint64_t *own = c->kind == LADROI_COLL_SUM ? c->up : c->up + c->n * (size_t)c->rank;
    memcpy(own, mine, c->n * sizeof *own);
    int rc;
    for (int i = 0; i < c->nchild; i++)
        if ((rc = ladroi_net_irecv(lb, c->comm, ladro__slot(c, i),
                                   8 * ladro__block(c, i), c->child[i], c->tag,
                                   &c->req[i])) != 0)
            return rc;
    if (c->parent >= 0 &&
        (rc = ladroi_net_irecv(lb, c->comm, c->out, 8 * c->words, c->parent, c->tag,
                               &c->req[c->nchild + 1])) != 0)
        return rc;
    c->phase = LADRO__C_UP;
    c->ops++;
    return LADRO_OK;
}

/* Every child's block arrived: combine, then send up (or, at the root, the result is
 * known). */
static int ladro__up_done(ladro_t *lb, ladroi_coll_t *c)
{
    if (c->kind == LADROI_COLL_SUM)
        for (int i = 0; i < c->nchild; i++) {
            const uint64_t *s = ladro__slot(c, i);
            for (size_t k = 0; k < c->n; k++)
                c->up[k] += s[k];
        }
    if (c->parent < 0) {
        memcpy(c->out, c->up, c->words * sizeof *c->out);
        c->phase = LADRO__C_DOWN;
        return LADRO_OK;
    }
    const uint64_t *blk = c->kind == LADROI_COLL_SUM ? c->up : c->up + c->n * (size_t)c->rank;
    int rc = ladroi_net_isend(lb, c->comm, blk, 8 * ladro__block(c, -1), c->parent,
                              c->tag, &c->req[c->nchild]);
    if (rc == LADRO_OK)
        c->phase = LADRO__C_DOWN;
    return rc;
}

/* The result is here: pass it on to the children. */
static int ladro__down_done(ladro_t *lb, ladroi_coll_t *c)
{
    for (int i = 0; i < c->nchild; i++) {
        int rc = ladroi_net_isend(lb, c->comm, c->out, 8 * c->words, c->child[i], c->tag,
                                  &c->req[c->nchild + 2 + i]);
        if (rc)
            return rc;
    }
    c->phase = LADRO__C_SENDS;
    return LADRO_OK;
}

int ladroi_coll_test(ladro_t *lb, ladroi_coll_t *c, bool *done)
{
    *done = false;
    bool flag;
    int rc;
    if (c->phase == LADRO__C_IDLE)
        return ladroi_fail(lb, LADRO_ESTATE, "collective (tag %d) tested but not started",
                           c->tag);
    if (c->phase == LADRO__C_UP) {
        if (c->nchild > 0) {
            if ((rc = ladroi_net_testall(lb, c->nchild, c->req, &flag)) != 0)
                return rc;
            if (!flag)
                return LADRO_OK;
        }
        if ((rc = ladro__up_done(lb, c)) != 0)
            return rc;
    }
    if (c->phase == LADRO__C_DOWN) {
        if (c->parent >= 0) {
            if ((rc = ladroi_net_test(lb, &c->req[c->nchild + 1], &flag, NULL)) != 0)
                return rc;
            if (!flag)
                return LADRO_OK;
        }
        if ((rc = ladro__down_done(lb, c)) != 0)
            return rc;
    }
    /* Done when this rank's sends completed too (their buffers are reused by the next
     * operation). They cannot block: the parent used the up-send to build the result we
     * hold, and every child posted its receive when it started this operation. */
    if ((rc = ladroi_net_testall(lb, c->nreq - c->nchild, c->req + c->nchild, &flag)) != 0)
        return rc;
    if (!flag)
        return LADRO_OK;
    c->phase = LADRO__C_IDLE;
    *done = true;
    return LADRO_OK;
}

int ladroi_coll_ready(ladro_t *lb, ladroi_coll_t *c, bool *ready)
{
    *ready = false;
    int rc = LADRO_OK;
    if (c->phase == LADRO__C_UP) {
        *ready = true; /* every child's block */
        for (int i = 0; i < c->nchild && *ready && rc == 0; i++)
            rc = ladroi_net_peek(lb, &c->req[i], ready);
    } else if (c->phase == LADRO__C_DOWN && c->parent >= 0) {
        rc = ladroi_net_peek(lb, &c->req[c->nchild + 1], ready); /* the result */
    }
    return rc;
}

bool ladroi_coll_pending(const ladroi_coll_t *c)
{
    return c->phase != LADRO__C_IDLE;
}

int ladroi_coll_wait(ladro_t *lb, ladroi_coll_t *c)
{
    bool done = !ladroi_coll_pending(c);
    int rc = LADRO_OK;
    while (!done && (rc = ladroi_coll_test(lb, c, &done)) == LADRO_OK && !done)
        ladroi_net_sleep_us(50);
    return rc;
}

void ladroi_coll_fini(ladroi_coll_t *c)
{
    /* Still in flight (a rank failed alone, src/watchdog.c): the engine may yet write
     * into the buffers, so they are left allocated; the program is expected to abort. */
    if (c->phase == LADRO__C_IDLE) {
        free(c->up);
        free(c->out);
        free(c->req);
    }
    free(c->child);
    c->up = c->out = NULL;
    c->req = NULL;
    c->child = NULL;
    c->phase = LADRO__C_IDLE;
}

const char *ladroi_coll_phase(const ladroi_coll_t *c)
{
    static const char *const names[] = {"idle", "waiting for children", "waiting for parent",
                                        "sending"};
    return names[c->phase];
}
