/* The engine's helpers written once over its primitives (src/engine.h), so that both
 * engines (src/engine_mpi.c, sim/engine_s4u.c) link the same ones and the modules above
 * the transport never reach into the core for them. */
#include "ladro_int.h"

int ladroi_net_testall(ladro_t *lb, int n, ladroi_req_t *r, bool *done)
{
    *done = true;
    for (int i = 0; i < n; i++) {
        bool d;
        int rc = ladroi_net_test(lb, &r[i], &d, NULL);
        if (rc)
            return rc;
        *done = *done && d;
    }
    return LADRO_OK;
}

int ladroi_net_agree(ladro_t *lb, ladroi_chan_t *c, int rc)
{
    int64_t v = rc;
    int err = ladroi_net_allreduce_i64(lb, c, &v, 1, LADROI_NET_MIN);
    return err ? err : (int)v;
}
