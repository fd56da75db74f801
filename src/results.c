/* Results routing (TITUS_DLB §4.2): a task's result goes back to its owner (the rank that
 * pushed it). A task is complete when its result is stored at its owner, so with results
 * on, the completed counter of the termination waves is advanced by the owner at
 * delivery, not by the rank that ran the task: LADRO_DONE cannot come while a result is
 * in flight.
 *
 * Each result travels as a record {id, owner, hops, result bytes}. The next hop is the
 * overlay's greedy choice (smallworld) or the owner itself (every other policy: one
 * hop). Records wait in one buffer per next hop and leave together, so a message carries
 * every record bound the same way (results coarsening): a buffer is sent when the rank is
 * idle, when it holds LADRO__FLUSH_BYTES, or when its oldest record waited
 * LADRO__FLUSH_S. Transport: a non-blocking send on a channel of our own (the receiver probes
 * in ladro_next / ladro_progress) — TITUS writes into a RESULTS segment with a remote
 * reservation protocol instead; docs/policies/smallworld.md says why.
 *
 * The paper's termination (smallworld, `gate`): when all of this rank's own tasks have
 * their results home (local completion) and the rank is idle, it enters a non-blocking
 * barrier (a tree sum nobody reads, src/coll.c) and keeps stealing and forwarding; the
 * four-counter waves (src/term.c) start only after the barrier completed everywhere. The
 * waves stay the proof of termination (a task spawned after its rank entered the barrier
 * is still counted); the barrier keeps them from running while the work is still being
 * spread. */
#include "results.h"
#include "ladro_int.h"
#include "coll.h"
#include "overlay.h"

#include <stdlib.h>
#include <string.h>

#define LADRO__RES_TAG 0x5257          /* "RW" */
#define LADRO__FLUSH_BYTES (64u << 10) /* a next-hop buffer leaves at this size */
#define LADRO__FLUSH_S 0.05            /* ... or when its oldest record waited this long */

typedef struct ladro__rhdr {
    uint64_t id;
    int32_t owner;
    uint32_t hops;
} ladro__rhdr_t;

typedef struct ladro__buf {
    unsigned char *data;
    size_t len, cap;
    double since; /* when the oldest record was appended */
    int dest;
    bool active; /* listed in res->active */
} ladro__buf_t;

typedef struct ladro__send {
    ladroi_req_t req;
    unsigned char *data;
} ladro__send_t;

struct ladroi_results {
    ladroi_chan_t *comm;
    size_t rb;  /* result bytes */
    size_t rec; /* record bytes: header + rb, padded to 8 */
    const ladroi_overlay_t *ov; /* NULL: straight to the owner */
    int nslots;
    ladro__buf_t *buf;
    int *active, nactive; /* slots holding records */
    ladro__send_t *sends;
    int nsends, sends_cap;
    unsigned char *rbuf; /* receive buffer */
    size_t rbuf_cap;
    unsigned char *cur; /* the running task's result */
    /* results delivered here, waiting for ladro_result_next: {id, bytes} */
    unsigned char *got;
    size_t got_head, got_count, got_cap;
    uint64_t own_done; /* own tasks whose results are home (local ones included) */
    /* the paper's termination barrier */
    bool gate, posted, passed;
    ladroi_coll_t barrier;
    double posted_at;
};

int ladroi_results_init(ladro_t *lb, const ladroi_overlay_t *ov, bool gate)
{
    ladroi_results_t *r = calloc(1, sizeof *r);
    if (!r)
        return ladroi_fail(lb, LADRO_ENOMEM, "results: out of memory");
    r->rb = lb->cfg.result_bytes;
    r->rec = (sizeof(ladro__rhdr_t) + r->rb + 7u) & ~(size_t)7u;
    r->ov = ov;
    r->nslots = ov ? ov->n : lb->size;
    r->buf = calloc((size_t)(r->nslots > 0 ? r->nslots : 1), sizeof *r->buf);
    r->active = calloc((size_t)(r->nslots > 0 ? r->nslots : 1), sizeof *r->active);
    r->cur = calloc(1, r->rb + 8);
    lb->res = r; /* from here on, ladroi_results_fini frees what exists */
    if (!r->buf || !r->active || !r->cur)
        return ladroi_fail(lb, LADRO_ENOMEM, "results: out of memory (%d next hops)",
                           r->nslots);
    for (int i = 0; i < r->nslots; i++)
        r->buf[i].dest = ov ? ov->nbr[i] : i;
    int rc = ladroi_net_chan_dup(lb, lb->comm, &r->comm);
    if (rc)
        return rc;
    /* The barrier gates the waves; the watchdog and the progress counts need waves all
     * along (src/term.c), so with either on the waves run from the start. */
    r->gate = gate && lb->cfg.watchdog <= 0 && lb->cfg.progress <= 0;
    if (r->gate)
        return ladroi_coll_init(lb, &r->barrier, LADROI_COLL_SUM, 1, LADROI_TAG_GATE, 0);
    return LADRO_OK;
}

void ladroi_results_fini(ladro_t *lb)
{
    ladroi_results_t *r = lb->res;
    if (!r)
        return;
    bool clean = lb->state == LADROI_DONE && lb->wd_state != LADROI_WD_LOCAL;
    for (int i = 0; i < r->nsends; i++) {
        if (clean) { /* every record was delivered, so every send was matched */
            ladroi_net_wait(NULL, &r->sends[i].req);
            free(r->sends[i].data);
        } else {
            ladroi_net_req_free(&r->sends[i].req); /* error path: the data may still be read */
        }
    }
    if (lb->wd_state != LADROI_WD_LOCAL)
        ladroi_net_chan_free(&r->comm);
    for (int i = 0; i < r->nslots && r->buf; i++)
        free(r->buf[i].data);
    free(r->buf);
    free(r->active);
    free(r->sends);
    free(r->rbuf);
    free(r->cur);
    free(r->got);
    ladroi_coll_fini(&r->barrier);
    free(r);
    lb->res = NULL;
}

/* The record reached its owner: store it, count the task complete. */
static int ladro__deliver(ladro_t *lb, const unsigned char *rec)
{
    ladroi_results_t *r = lb->res;
    ladro__rhdr_t h;
    memcpy(&h, rec, sizeof h);
    int rc = ladroi_results_put(lb, h.id, rec + sizeof h); /* stored for result_next */
    if (rc)
        return rc;
    if (h.hops > 0) {
        lb->st.results_home++;
        lb->st.route_hops += h.hops;
        if (h.hops > lb->st.route_hops_max)
            lb->st.route_hops_max = h.hops;
    }
    r->own_done++;
    lb->completed++; /* TITUS §2: complete when the result is stored at its owner */
    return LADRO_OK;
}

/* Append the record to the buffer of its next hop (one more hop on its route). */
static int ladro__route(ladro_t *lb, unsigned char *rec)
{
    ladroi_results_t *r = lb->res;
    ladro__rhdr_t h;
    memcpy(&h, rec, sizeof h);
    if (h.owner == lb->rank)
        return ladro__deliver(lb, rec);
    if (h.owner < 0 || h.owner >= lb->size)
        return ladroi_fail(lb, LADRO_EMPI, "results: record for rank %d of %d", h.owner,
                           lb->size);
    int hop = r->ov ? ladroi_overlay_next_hop(r->ov, h.owner) : h.owner;
    int slot = r->ov ? ladroi_overlay_index(r->ov, hop) : hop;
    if (slot < 0)
        return ladroi_fail(lb, LADRO_EMPI, "results: no route to rank %d", h.owner);
    ladro__buf_t *b = &r->buf[slot];
    if (b->len + r->rec > b->cap) {
        size_t nc = b->cap ? 2 * b->cap : 8 * r->rec;
        while (nc < b->len + r->rec)
            nc *= 2;
        unsigned char *n = realloc(b->data, nc);
        if (!n)
            return ladroi_fail(lb, LADRO_ENOMEM, "results: cannot grow a buffer to %zu "
                               "bytes", nc);
        b->data = n;
        b->cap = nc;
    }
    h.hops++;
    memcpy(b->data + b->len, &h, sizeof h);
    memcpy(b->data + b->len + sizeof h, rec + sizeof h, r->rec - sizeof h);
    if (b->len == 0)
        b->since = ladroi_net_now();
    b->len += r->rec;
    if (!b->active) {
        b->active = true;
        r->active[r->nactive++] = slot;
    }
    return LADRO_OK;
}

int ladroi_results_put(ladro_t *lb, uint64_t id, const void *bytes)
{
    ladroi_results_t *r = lb->res;
    size_t ent = 8 + r->rb;
    if (r->rb == 0)
        return LADRO_OK;
    if (r->got_count == r->got_cap) {
        size_t nc = r->got_cap ? 2 * r->got_cap : 64;
        unsigned char *n = malloc(nc * ent);
        if (!n)
            return ladroi_fail(lb, LADRO_ENOMEM, "results: cannot store %zu results", nc);
        for (size_t i = 0; i < r->got_count; i++)
            memcpy(n + i * ent, r->got + ((r->got_head + i) % r->got_cap) * ent, ent);
        free(r->got);
        r->got = n;
        r->got_cap = nc;
        r->got_head = 0;
    }
    unsigned char *e = r->got + ((r->got_head + r->got_count) % r->got_cap) * ent;
    memcpy(e, &id, 8);
    memcpy(e + 8, bytes, r->rb);
    r->got_count++;
    return LADRO_OK;
}

int ladroi_results_send(ladro_t *lb, uint64_t id, int origin, const void *bytes)
{
    ladroi_results_t *r = lb->res;
    size_t need = r->rec;
    if (r->rbuf_cap < need) {
        unsigned char *n = realloc(r->rbuf, need);
        if (!n)
            return ladroi_fail(lb, LADRO_ENOMEM, "results: out of memory");
        r->rbuf = n;
        r->rbuf_cap = need;
    }
    ladro__rhdr_t h = {.id = id, .owner = origin, .hops = 0};
    memset(r->rbuf, 0, need);
    memcpy(r->rbuf, &h, sizeof h);
    if (bytes && r->rb)
        memcpy(r->rbuf + sizeof h, bytes, r->rb);
    if (origin != lb->rank)
        lb->st.result_chunks++;
    return ladro__route(lb, r->rbuf);
}

int ladroi_results_task_end(ladro_t *lb, uint64_t id, int origin)
{
    ladroi_results_t *r = lb->res;
    int rc = ladroi_results_send(lb, id, origin, r->cur);
    memset(r->cur, 0, r->rb + 8); /* a task that sets no result returns zeros */
    return rc;
}

static int ladro__flush(ladro_t *lb, int slot)
{
    ladroi_results_t *r = lb->res;
    ladro__buf_t *b = &r->buf[slot];
    if (r->nsends == r->sends_cap) {
        int nc = r->sends_cap ? 2 * r->sends_cap : 16;
        ladro__send_t *n = realloc(r->sends, (size_t)nc * sizeof *n);
        if (!n)
            return ladroi_fail(lb, LADRO_ENOMEM, "results: out of memory");
        r->sends = n;
        r->sends_cap = nc;
    }
    ladro__send_t *s = &r->sends[r->nsends];
    int rc = ladroi_net_isend(lb, r->comm, b->data, b->len, b->dest, LADRO__RES_TAG, &s->req);
    if (rc)
        return rc;
    s->data = b->data;
    r->nsends++;
    LADROI_TRACE_MSG(lb, b->dest, LADROI_MSG_RESULT);
    lb->st.result_msgs++;
    lb->st.result_records_sent += b->len / r->rec;
    lb->st.result_bytes_sent += b->len;
    b->data = NULL;
    b->len = b->cap = 0;
    return LADRO_OK;
}

/* Free the buffers of completed sends. */
static int ladro__sends_done(ladro_t *lb, ladroi_results_t *r)
{
    for (int i = 0; i < r->nsends;) {
        bool flag;
        int rc = ladroi_net_test(lb, &r->sends[i].req, &flag, NULL);
        if (rc)
            return rc;
        if (flag) {
            free(r->sends[i].data);
            r->sends[i] = r->sends[--r->nsends];
        } else {
            i++;
        }
    }
    return LADRO_OK;
}

/* Arrivals: deliver or forward each record of every message waiting. */
static int ladro__arrivals(ladro_t *lb, ladroi_results_t *r)
{
    for (;;) {
        bool flag;
        ladroi_msg_t st;
        int rc = ladroi_net_iprobe(lb, r->comm, LADROI_ANY, LADRO__RES_TAG, &flag, &st);
        if (rc)
            return rc;
        if (!flag)
            return LADRO_OK;
        size_t n = st.bytes;
        if (n % r->rec)
            return ladroi_fail(lb, LADRO_EMPI, "results: message of %zu bytes from rank %d "
                               "(records are %zu bytes)", n, st.source, r->rec);
        if (n > r->rbuf_cap) {
            unsigned char *b = realloc(r->rbuf, (size_t)n);
            if (!b)
                return ladroi_fail(lb, LADRO_ENOMEM, "results: out of memory");
            r->rbuf = b;
            r->rbuf_cap = (size_t)n;
        }
        if ((rc = ladroi_net_recv(lb, r->comm, r->rbuf, n, st.source, LADRO__RES_TAG, NULL)))
            return rc;
        for (size_t off = 0; off < n; off += r->rec) {
            rc = ladro__route(lb, r->rbuf + off);
            if (rc)
                return rc;
        }
    }
}

/* Departures: aggregated per next hop, sent when full, old, or (idle) at once. */
static int ladro__departures(ladro_t *lb, ladroi_results_t *r, bool idle, double now)
{
    for (int i = 0; i < r->nactive;) {
        int slot = r->active[i];
        ladro__buf_t *b = &r->buf[slot];
        if (idle || b->len >= LADRO__FLUSH_BYTES || now - b->since >= LADRO__FLUSH_S) {
            int rc = ladro__flush(lb, slot);
            if (rc)
                return rc;
            b->active = false;
            r->active[i] = r->active[--r->nactive];
        } else {
            i++;
        }
    }
    return LADRO_OK;
}

/* TITUS §2.2: local completion -> non-blocking barrier; the waves wait for it */
static int ladro__gate(ladro_t *lb, ladroi_results_t *r, bool idle, double now)
{
    if (!r->gate || r->passed)
        return LADRO_OK;
    if (!r->posted && idle && lb->state == LADROI_RUNNING &&
        r->own_done == lb->st.tasks_pushed) {
        uint64_t zero = 0;
        int rc = ladroi_coll_start(lb, &r->barrier, &zero);
        if (rc)
            return rc;
        r->posted = true;
        r->posted_at = now;
    }
    if (r->posted) {
        bool flag = false;
        int rc = ladroi_coll_test(lb, &r->barrier, &flag);
        if (rc)
            return rc;
        if (flag)
            r->passed = true;
    }
    return LADRO_OK;
}

int ladroi_results_progress(ladro_t *lb, bool idle)
{
    ladroi_results_t *r = lb->res;
    int rc = ladro__sends_done(lb, r);
    if (rc == 0)
        rc = ladro__arrivals(lb, r);
    double now = ladroi_net_now();
    if (rc == 0)
        rc = ladro__departures(lb, r, idle, now);
    if (rc == 0)
        rc = ladro__gate(lb, r, idle, now);
    return rc;
}

bool ladroi_results_gating(const ladro_t *lb)
{
    return lb->res && lb->res->gate && !lb->res->passed;
}

void ladroi_results_dump(const ladro_t *lb, FILE *out)
{
    const ladroi_results_t *r = lb->res;
    if (!r)
        return;
    size_t buffered = 0;
    for (int i = 0; i < r->nactive; i++)
        buffered += r->buf[r->active[i]].len / r->rec;
    fprintf(out, "  results: %zu buffered for %d next hops, %d sends pending, own %llu/%llu "
            "home, %zu waiting for ladro_result_next, barrier %s\n", buffered, r->nactive,
            r->nsends, (unsigned long long)r->own_done,
            (unsigned long long)lb->st.tasks_pushed, r->got_count,
            !r->gate ? "off" : r->passed ? "passed" : r->posted ? "entered" : "not entered");
}

void *ladroi_results_cur(ladro_t *lb)
{
    return lb->res->cur;
}

int ladro_result_next(ladro_t *lb, uint64_t *id, void *bytes)
{
    if (!lb)
        return LADRO_EINVAL;
    if (!id || !bytes)
        return ladroi_fail(lb, LADRO_EINVAL, "ladro_result_next: %s is NULL",
                           !id ? "id" : "bytes");
    ladroi_results_t *r = lb->res;
    if (!r || r->got_count == 0)
        return LADRO_NONE;
    size_t ent = 8 + r->rb;
    const unsigned char *e = r->got + r->got_head * ent;
    memcpy(id, e, 8);
    memcpy(bytes, e + 8, r->rb);
    r->got_head = (r->got_head + 1) % r->got_cap;
    r->got_count--;
    return LADRO_OK;
}
