/* How an idle rank waits between two rounds of the ladro_next loop (join a wave, ask the
 * policy for work, serve the protocol).
 *
 * Everything an idle rank is waited for by others comes to it by message (a wave's
 * contribution or result, a request) or by a one-sided write it must look at (a ctws
 * token, an a2ws information vector). A rank that sleeps makes both wait for its wake-up:
 * with the old exponential back-off (up to backoff_max_us, 2 ms) every hop of a
 * termination wave and every token pass cost up to a sleep, and at 1 024 ranks detection
 * took tens of milliseconds. Sleeping is right only where the rank would otherwise take a
 * core from a busy rank.
 *
 *   spin     a pause of backoff_min_us between rounds, spent polling for messages on the
 *            handle's channel and cut short when one arrives; no doubling. A message is
 *            served at once, a one-sided write within a pause. A policy whose idle round
 *            is costly sets a longer one (lb->spin_pause_us: a2ws's lean exchange).
 *   backoff  sleep backoff_min_us, doubling to backoff_max_us (reset when work is found),
 *            or to backoff_pace times the rank's seconds per task where that is lower
 *            (ladroi_idle_cap_us): a thief does not sleep through most of a short task;
 *            a sleeping process is not woken by a message, on either engine: what
 *            arrives meanwhile is seen at the end of the sleep.
 *   auto     spin when the ranks on this node have a core each (ladroi_net_node: the
 *            shared-memory ranks against the cores of their affinity masks), else back
 *            off: oversubscribed ranks must yield (docs/architecture.md, "Idle ranks").
 *
 * ladro_create resolves auto into lb->cfg.idle, so ladro_config(lb) and
 * ladro_print_config show the strategy in use.
 *
 * A policy that waits inside on_idle for a one-sided answer (baseline's reply,
 * successonly's grants) naps with ladroi_idle_nap: a message, or a termination wave
 * that can move on (ladroi_coll_ready), ends the nap and the policy returns, and the
 * core skips its pause and serves the message at once.
 *
 * A policy whose idle round is a run of remote operations (baseline's and successonly's
 * load reads over random victims, a2ws's information vectors to its neighbours) asks
 * ladroi_idle_yield between two of them whether a message came: a wave's contribution
 * or result that arrives meanwhile would otherwise wait for the end of the round, at
 * every hop of the wave. It then returns to the core as after a nap, and resumes the
 * round at its next call (the rest of the same search step, the slots not yet sent):
 * the messages served in between are the only difference from an uninterrupted round.
 * Each call advances its round by one step (a draw, a steal attempt, a put) before it
 * asks, so a round ends even where the probe keeps seeing a message nobody receives yet
 * (MPI's probe does). Where a probe that finds nothing gives the processor away (MPI on a
 * node with more ranks than cores: ladroi_net_probe_yields), it does not probe, and the
 * rounds run whole as before: there a probe between two load reads cost every search step
 * a processor yield, and made baseline's and successonly's runs 11-16 % longer at 16
 * ranks on 2 cores (bench/termination/README.md, "Idle rounds that stop at a message, on
 * real ranks"), while a message waits for the back-off's sleeps anyway. */
#include "idle.h"
#include "ladro_int.h"
#include "coll.h"

int ladroi_idle_init(ladro_t *lb)
{
    int rc = ladroi_net_node(lb, &lb->node_ranks, &lb->node_cores);
    if (rc)
        return rc;
    if (lb->cfg.idle == LADRO_IDLE_AUTO)
        lb->cfg.idle = lb->node_ranks <= lb->node_cores ? LADRO_IDLE_SPIN : LADRO_IDLE_BACKOFF;
    lb->backoff_us = lb->cfg.backoff_min_us;
    return LADRO_OK;
}

double ladroi_idle_cap(double min_us, double max_us, double share, double pace_s)
{
    double cap = max_us;
    if (share > 0 && pace_s > 0 && share * pace_s * 1e6 < cap)
        cap = share * pace_s * 1e6;
    return cap > min_us ? cap : min_us;
}

double ladroi_idle_cap_us(const ladro_t *lb)
{
    return ladroi_idle_cap(lb->cfg.backoff_min_us, lb->cfg.backoff_max_us,
                           lb->cfg.backoff_pace, ladroi_own_pace(lb));
}

double ladroi_idle_next_us(const ladro_t *lb, double us)
{
    double cap = ladroi_idle_cap_us(lb);
    return us * 2 < cap ? us * 2 : cap;
}

double ladroi_idle_wait_cap_us(const ladro_t *lb)
{
    return lb->cfg.idle == LADRO_IDLE_SPIN ? lb->cfg.backoff_min_us : ladroi_idle_cap_us(lb);
}

int ladroi_idle_pause(ladro_t *lb)
{
    if (lb->cfg.idle == LADRO_IDLE_SPIN)
        return ladroi_net_wait_msg(lb, lb->comm,
                                   lb->spin_pause_us > lb->cfg.backoff_min_us
                                       ? lb->spin_pause_us : lb->cfg.backoff_min_us,
                                   true, NULL);
    int rc = ladroi_net_wait_msg(lb, lb->comm, lb->backoff_us, false, NULL);
    lb->backoff_us = ladroi_idle_next_us(lb, lb->backoff_us);
    return rc;
}

/* Wait as ladroi_net_wait_msg does; *arrived also when the termination wave in flight
 * can move on: its messages match receives posted when this rank joined it, which MPI's
 * probe does not see (the simulated engine's wait does), so under MPI a napping rank
 * held a wave at every hop until its round ended. The other collectives with posted
 * receives (the results gate, smallworld's overlay barrier) are smallworld's, which
 * neither naps nor yields. */
static int ladro__wait_msg(ladro_t *lb, double us, bool spin, bool *arrived)
{
    int rc = ladroi_net_wait_msg(lb, lb->comm, us, spin, arrived);
    if (rc == 0 && !*arrived && ladroi_coll_pending(&lb->term.wave))
        rc = ladroi_coll_ready(lb, &lb->term.wave, arrived);
    return rc;
}

int ladroi_idle_nap(ladro_t *lb, bool *leave)
{
    int rc = ladro__wait_msg(lb, lb->cfg.backoff_min_us, lb->cfg.idle == LADRO_IDLE_SPIN, leave);
    lb->msg_pending |= *leave;
    return rc;
}

int ladroi_idle_yield(ladro_t *lb, bool *yield)
{
    *yield = false;
    if (!lb->idle_round)
        return LADRO_OK;
    bool arrived = false;
    int rc = lb->msg_pending || ladroi_net_probe_yields(lb)
                 ? LADRO_OK
                 : ladro__wait_msg(lb, 0, true, &arrived);
    lb->msg_pending |= arrived;
    *yield = lb->msg_pending;
    return rc;
}

int ladroi_idle_round(ladro_t *lb, int draws, int (*step)(ladro_t *lb, void *ctx), void *ctx)
{
    for (int i = 0;; i++) {
        int rc = step(lb, ctx);
        if (rc != 0 || i + 1 >= draws)
            return rc;
        bool yield; /* a message (a wave's): the core serves it first */
        if ((rc = ladroi_idle_yield(lb, &yield)) != 0 || yield)
            return rc;
    }
}

int ladroi_random_step(ladro_t *lb, void *ctx)
{
    (void)ctx;
    uint32_t take = lb->cfg.paper ? 0 : 1; /* 0: no cap, the fraction's half */
    return ladroi_steal_attempt(lb, ladroi_rng_other(&lb->rng, lb->rank, lb->size),
                                LADROI_STEAL_FRACTION, take);
}
