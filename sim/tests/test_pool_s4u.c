/* The pool protocol under an adversarial owner (tests/pool_adversary.h, the test
 * tests/test_pool.c runs on MPI ranks) on simulated ranks: SimGrid S4U actors over the
 * simulated engine, on the first NP hosts of a platform file.
 * Usage: test_sim_pool PLATFORM NP [faa | locked] */
#include "engine_s4u.h"
#include "ladro_int.h"

#include "../../tests/check.h"
#include "../../tests/pool_adversary.h"

#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <string.h>
#include <xbt/config.h>

typedef struct {
    ladro_s4u_world_t *world;
    int faa;
} pool_sim_t;

static void rank_main(int argc, char **argv)
{
    (void)argc;
    pool_sim_t *s = sg_actor_self_get_data();
    ladro_config_t cfg;
    pool_adversary_config(&cfg);
    ladro_t *lb = NULL;
    char err[256] = "";
    int rc = ladro_s4u_create(s->world, atoi(argv[1]), &cfg, &lb, err, sizeof err);
    CHECK_EQ(rc, LADRO_OK);
    if (rc) {
        fprintf(stderr, "rank %s: ladro_s4u_create: %s\n", argv[1], err);
        return;
    }
    pool_adversary(lb, s->faa);
    CHECK_EQ(ladro_destroy(&lb), LADRO_OK);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: test_sim_pool PLATFORM NP [faa | locked]\n");
        return 2;
    }
    pool_sim_t s = {.faa = argc > 3 && !strcmp(argv[3], "faa")      ? POOL_ADV_FAA
                           : argc > 3 && !strcmp(argv[3], "locked") ? POOL_ADV_LOCKED
                                                                    : POOL_ADV_CAS};
    int np = atoi(argv[2]);
    int one = 1;
    simgrid_init(&one, argv);
    sg_cfg_set_int("contexts/stack-size", 256);
    simgrid_load_platform(argv[1]);
    sg_host_t *hosts = sg_host_list();
    CHECK(np >= 1 && (size_t)np <= sg_host_count());
    if (np < 1 || (size_t)np > sg_host_count())
        return CHECK_REPORT("test_sim_pool");
    s.world = ladro_s4u_world_new(np, hosts);
    CHECK(s.world != NULL);
    if (s.world)
        ladro_s4u_world_start(s.world, rank_main, &s);
    simgrid_run();
    ladro_s4u_world_free(s.world);
    free(hosts);
    return CHECK_REPORT("test_sim_pool");
}
