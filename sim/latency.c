/* The latency model of ws-latency-analysis (docs/sim.md "Latency model" lists each rule;
 * the comments below name them R1..R12 the same way). Work is divisible and simulated by
 * events only: a busy processor is (end time of its work), never unit by unit. */
#include "latency.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { LADRO__MSG_REQ = 0, LADRO__MSG_ANS = 1 };

typedef struct {
    int64_t end;     /* busy: time its current work completes */
    int64_t blocked; /* SWT: no successful send before this time (R10) */
    int64_t amount;  /* answer in flight to this processor: work carried (0 = failure) */
    uint64_t msg_id; /* id of the message in flight for this processor (observer) */
    int32_t victim;  /* request in flight from this processor: its victim */
    uint8_t busy;    /* holds work */
    uint8_t kind;    /* LADRO__MSG_REQ or LADRO__MSG_ANS in flight for this processor */
    uint8_t got;     /* received work at least once (startup phase) */
} ladro__proc_t;

struct ladro_sim_lat {
    int32_t pmax;
    ladro__proc_t *pr;
    ladro_sim_heap_t q; /* handles: i = completion of i, pmax + i = message of thief i */
};

ladro_sim_lat_t *ladro_sim_lat_new(int32_t p)
{
    if (p < 1)
        return NULL;
    ladro_sim_lat_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->pmax = p;
    s->pr = calloc((size_t)p, sizeof *s->pr);
    if (!s->pr || ladro_sim_heap_init(&s->q, 2 * p) != 0) {
        free(s->pr);
        free(s);
        return NULL;
    }
    return s;
}

void ladro_sim_lat_free(ladro_sim_lat_t **s)
{
    if (!s || !*s)
        return;
    ladro_sim_heap_free(&(*s)->q);
    free((*s)->pr);
    free(*s);
    *s = NULL;
}

int ladro_sim_lat_check(const ladro_sim_lat_params_t *prm, char *err, size_t errlen)
{
    const char *why = NULL;
    if (prm->W < 1 || prm->W > ((int64_t)1 << 60))
        why = "W must be an integer in [1, 2^60]";
    else if (prm->p < 1 || prm->p > (1 << 28))
        why = "p must be an integer in [1, 2^28]";
    else if (prm->lambda < 1 || prm->lambda > ((int64_t)1 << 40))
        why = "lambda must be an integer in [1, 2^40]";
    else if (prm->variant != LADRO_SIM_SWT && prm->variant != LADRO_SIM_MWT)
        why = "variant must be swt or mwt";
    else if (prm->threshold < 0)
        why = "threshold must be >= 0";
    else if (prm->split != LADRO_SIM_SEND_CEIL && prm->split != LADRO_SIM_SEND_FLOOR)
        why = "split must be ceil or floor";
    if (why && err && errlen)
        snprintf(err, errlen, "%s", why);
    return why ? -1 : 0;
}

/* R3: uniform among the other p-1 processors, never itself. */
static inline int32_t ladro__victim(const ladro_sim_lat_params_t *prm, int32_t thief,
                                    ladroi_rng_t *rng)
{
    if (prm->pick)
        return prm->pick(prm->pick_ctx, thief, prm->p, rng);
    return ladroi_rng_other(rng, thief, prm->p);
}

/* One run's state besides the processors and the event queue. */
typedef struct {
    ladro_sim_lat_t *s;
    const ladro_sim_lat_params_t *prm;
    ladroi_rng_t *rng;
    ladro_sim_lat_result_t *out;
    uint64_t msgs;   /* messages sent: the next message's id (observer) */
    int64_t holders; /* busy processors + work transfers in flight */
    int32_t got;     /* processors that received work at least once */
} ladro__run_t;

/* R2, R8, R9: processor i asks a new uniform victim for work at t; the request arrives
 * lambda later. steal: i was computing until now (the trace shows it stealing). */
static void ladro__request(ladro__run_t *run, int32_t i, int64_t t, int steal)
{
    const ladro_sim_lat_params_t *prm = run->prm;
    const ladro_sim_lat_observer_t *obs = prm->obs;
    ladro_sim_lat_t *s = run->s;
    ladro__proc_t *me = &s->pr[i];
    me->victim = ladro__victim(prm, i, run->rng);
    me->kind = LADRO__MSG_REQ;
    me->msg_id = run->msgs++;
    ladro_sim_heap_schedule(&s->q, s->pmax + i, t + prm->lambda);
    run->out->requests++;
    if (steal && obs && obs->state)
        obs->state(obs->ctx, t, i, LADRO_SIM_ST_STEAL);
    if (obs && obs->send)
        obs->send(obs->ctx, t, i, me->victim, LADRO_SIM_MSG_REQUEST, 0, me->msg_id);
}

/* The request of thief i reaches its victim at t: the answer (work or a failure) leaves
 * for i, arriving lambda later. */
static void ladro__answer(ladro__run_t *run, int32_t i, int64_t t)
{
    const ladro_sim_lat_params_t *prm = run->prm;
    const ladro_sim_lat_observer_t *obs = prm->obs;
    ladro_sim_lat_t *s = run->s;
    ladro__proc_t *me = &s->pr[i];
    int32_t vi = me->victim;
    ladro__proc_t *v = &s->pr[vi];
    int64_t r = v->busy ? v->end - t : 0; /* R7: idle/stealing victims fail */
    int64_t half = r / 2;
    /* R4 split, R11 threshold, R10 SWT blocking (MWT never blocks, R10') */
    int ok = half > prm->threshold && (prm->variant == LADRO_SIM_MWT || t >= v->blocked);
    me->kind = LADRO__MSG_ANS;
    me->msg_id = run->msgs++;
    if (ok) {
        int64_t send = prm->split == LADRO_SIM_SEND_FLOOR ? half : r - half;
        v->end = t + (r - send);
        ladro_sim_heap_schedule(&s->q, vi, v->end);
        v->blocked = t + prm->lambda;
        me->amount = send; /* R5: leaves now, arrives lambda later */
        run->holders++;
        run->out->steals_ok++;
    } else {
        me->amount = 0; /* R6: a failure answer also takes lambda */
        run->out->steals_failed++;
    }
    ladro_sim_heap_schedule(&s->q, s->pmax + i, t + prm->lambda);
    if (obs && obs->send)
        obs->send(obs->ctx, t, vi, i, ok ? LADRO_SIM_MSG_WORK : LADRO_SIM_MSG_FAIL,
                  me->amount, me->msg_id);
}

/* The answer reaches thief i at t: work, which it computes, or a failure, after which it
 * asks again (R8: at once, a new uniform victim). */
static void ladro__receive(ladro__run_t *run, int32_t i, int64_t t)
{
    const ladro_sim_lat_observer_t *obs = run->prm->obs;
    ladro__proc_t *me = &run->s->pr[i];
    if (me->amount == 0) {
        ladro__request(run, i, t, 0);
        return;
    }
    me->busy = 1;
    me->end = t + me->amount;
    ladro_sim_heap_schedule(&run->s->q, i, me->end);
    if (!me->got) {
        me->got = 1;
        if (++run->got == run->prm->p)
            run->out->startup = t;
    }
    if (obs && obs->state)
        obs->state(obs->ctx, t, i, LADRO_SIM_ST_COMPUTE);
}

int ladro_sim_lat_run(ladro_sim_lat_t *s, const ladro_sim_lat_params_t *prm,
                      ladroi_rng_t *rng, ladro_sim_lat_result_t *out)
{
    if (!s || !prm || !out || ladro_sim_lat_check(prm, NULL, 0) != 0 || prm->p > s->pmax)
        return -1;
    const int32_t p = prm->p, H = s->pmax;
    const ladro_sim_lat_observer_t *obs = prm->obs;
    ladro__proc_t *pr = s->pr;
    ladro_sim_heap_t *q = &s->q;
    ladro_sim_heap_clear(q);
    memset(pr, 0, (size_t)p * sizeof *pr);
    memset(out, 0, sizeof *out);
    ladro__run_t run = {.s = s, .prm = prm, .rng = rng, .out = out, .holders = 1, .got = 1};
    int64_t t = 0;

    /* R1/R2: processor 0 holds all W at t = 0 */
    pr[0].busy = 1;
    pr[0].end = prm->W;
    pr[0].got = 1;
    ladro_sim_heap_schedule(q, 0, prm->W);
    if (obs && obs->state)
        obs->state(obs->ctx, 0, 0, LADRO_SIM_ST_COMPUTE);
    if (p == 1)
        out->startup = 0;
    /* R2: the others send their first steal request at t = 0 */
    for (int32_t i = 1; i < p; i++)
        ladro__request(&run, i, 0, 1);

    for (;;) {
        int32_t h = ladro_sim_heap_pop(q, &t);
        if (h < 0)
            break; /* unreachable: a holder always has a pending completion */
        if (h < H) {
            /* completion of processor h's work */
            pr[h].busy = 0;
            if (--run.holders == 0)
                break; /* R12: the last unit of work completed */
            /* R9: an idle processor steals at once */
            ladro__request(&run, h, t, 1);
            continue;
        }
        int32_t i = h - H; /* the thief whose message arrives */
        if (obs && obs->recv)
            obs->recv(obs->ctx, t, pr[i].msg_id);
        if (pr[i].kind == LADRO__MSG_REQ)
            ladro__answer(&run, i, t);
        else
            ladro__receive(&run, i, t);
    }
    out->makespan = t;
    out->startup_complete = run.got == p;
    if (run.got < p)
        out->startup = t;
    out->events = q->pops;
    if (obs && obs->end)
        obs->end(obs->ctx, t);
    return 0;
}

double ladro_sim_lat_predict(double W, double p, double lambda, double c)
{
    double x = W / (2.0 * lambda);
    return W / p + 2.0 * c * lambda * (x > 1.0 ? log2(x) : 0.0);
}
