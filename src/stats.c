/* Statistics in the vocabulary of docs/architecture.md §Measurements. */
#include "ladro_int.h"

#include <stdlib.h>

int ladro_stats_local(const ladro_t *lb, ladro_rank_stats_t *out)
{
    if (!lb || !out)
        return LADRO_EINVAL;
    *out = lb->st;
    if (lb->state != LADROI_DONE) {
        out->wall_s = ladroi_now() - lb->t0;
        out->idle_s = out->wall_s - out->busy_s;
        out->term_waves = lb->term.waves;
    }
    return LADRO_OK;
}

int ladro_stats_gather(ladro_t *lb, ladro_stats_t *st)
{
    if (!lb || !st)
        return LADRO_EINVAL;
    memset(st, 0, sizeof *st);
    ladro_rank_stats_t mine;
    ladro_stats_local(lb, &mine);
    st->ranks = calloc((size_t)lb->size, sizeof *st->ranks);
    int ok = st->ranks != NULL, all_ok = 0;
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, lb->comm);
    if (!all_ok) {
        free(st->ranks);
        st->ranks = NULL;
        return ladroi_fail(lb, LADRO_ENOMEM, "ladro_stats_gather: out of memory");
    }
    LADROI_MPI(lb, MPI_Allgather(&mine, (int)sizeof mine, MPI_BYTE, st->ranks,
                                 (int)sizeof mine, MPI_BYTE, lb->comm));
    st->nranks = lb->size;
    ladro_rank_stats_t *t = &st->total;
    double busy_max = 0, busy_sum = 0;
    for (int r = 0; r < lb->size; r++) {
        const ladro_rank_stats_t *x = &st->ranks[r];
        t->speed += x->speed;
        if (x->wall_s > t->wall_s)
            t->wall_s = x->wall_s;
        t->busy_s += x->busy_s;
        t->idle_s += x->idle_s;
        t->work_s += x->work_s;
        if (x->max_task_s > t->max_task_s)
            t->max_task_s = x->max_task_s;
        t->tasks_run += x->tasks_run;
        t->tasks_pushed += x->tasks_pushed;
        t->steals_tried += x->steals_tried;
        t->steals_ok += x->steals_ok;
        t->steals_failed += x->steals_failed;
        t->steal_retries += x->steal_retries;
        t->tasks_stolen += x->tasks_stolen;
        t->bytes_stolen += x->bytes_stolen;
        t->tasks_stolen_twice += x->tasks_stolen_twice;
        t->info_msgs += x->info_msgs;
        if (x->term_waves > t->term_waves)
            t->term_waves = x->term_waves;
        t->steal_time_s += x->steal_time_s;
        t->load_reads += x->load_reads;
        t->lock_busy += x->lock_busy;
        t->steals_withdrawn += x->steals_withdrawn;
        t->cyclic_steals += x->cyclic_steals;
        t->search_phases += x->search_phases;
        for (int i = 0; i < 8; i++)
            t->victims_hist[i] += x->victims_hist[i];
        t->replies += x->replies;
        t->reply_wait_s += x->reply_wait_s;
        /* smallworld / results routing */
        t->result_chunks += x->result_chunks;
        t->result_msgs += x->result_msgs;
        t->result_records_sent += x->result_records_sent;
        t->result_bytes_sent += x->result_bytes_sent;
        t->results_home += x->results_home;
        t->route_hops += x->route_hops;
        if (x->route_hops_max > t->route_hops_max)
            t->route_hops_max = x->route_hops_max;
        /* a2ws */
        t->a2ws_corrections += x->a2ws_corrections;
        t->a2ws_preemptive += x->a2ws_preemptive;
        t->a2ws_inpair += x->a2ws_inpair;
        if (x->last_task_end_s > t->last_task_end_s)
            t->last_task_end_s = x->last_task_end_s;
        busy_sum += x->busy_s;
        if (x->busy_s > busy_max)
            busy_max = x->busy_s;
    }
    st->makespan = t->wall_s;
    /* Fluid bound, and no faster than the longest task on the fastest rank (speed 1). */
    st->lower_bound = t->speed > 0 ? t->work_s / t->speed : 0;
    if (t->max_task_s > st->lower_bound)
        st->lower_bound = t->max_task_s;
    st->efficiency = st->makespan > 0 ? st->lower_bound / st->makespan : 0;
    st->imbalance = busy_max > 0 ? (busy_max - busy_sum / lb->size) / busy_max : 0;
    for (int r = 0; r < lb->size; r++) {
        double f = st->makespan > 0 ? (st->makespan - st->ranks[r].busy_s) / st->makespan : 0;
        st->idle_mean += f / lb->size;
        if (f > st->idle_max)
            st->idle_max = f;
    }
    return LADRO_OK;
}

void ladro_stats_free(ladro_stats_t *st)
{
    if (st) {
        free(st->ranks);
        st->ranks = NULL;
    }
}

double ladro_stats_steal_latency(const ladro_stats_t *st)
{
    if (!st || st->total.steals_tried == 0)
        return 0.0;
    return st->total.steal_time_s / (double)st->total.steals_tried;
}

void ladro_stats_print(FILE *out, const ladro_stats_t *st, const char *policy)
{
    const ladro_rank_stats_t *t = &st->total;
    fprintf(out, "policy %-12s ranks %d  tasks %llu  makespan %.4f s  lower bound %.4f s  "
            "efficiency %.3f\n", policy ? policy : "?", st->nranks,
            (unsigned long long)t->tasks_run, st->makespan, st->lower_bound, st->efficiency);
    fprintf(out, "  idle mean %.1f%%  max %.1f%%  imbalance %.3f  steals %llu ok / %llu "
            "failed (%llu tried, %.1f us each)  tasks moved %llu  stolen twice %llu  waves "
            "%llu (done %.1f ms after the last task)\n", 100 * st->idle_mean,
            100 * st->idle_max, st->imbalance,
            (unsigned long long)t->steals_ok, (unsigned long long)t->steals_failed,
            (unsigned long long)t->steals_tried, 1e6 * ladro_stats_steal_latency(st),
            (unsigned long long)t->tasks_stolen, (unsigned long long)t->tasks_stolen_twice,
            (unsigned long long)t->term_waves, 1e3 * (st->makespan - t->last_task_end_s));
    if (t->result_msgs > 0 || t->result_chunks > 0) /* results routing (src/results.c) */
        fprintf(out, "  results: %llu chunks routed, %llu messages (%.3f per chunk, %.2f "
                "records each), %llu bytes; route mean %.2f hops, max %llu\n",
                (unsigned long long)t->result_chunks, (unsigned long long)t->result_msgs,
                t->result_chunks ? (double)t->result_msgs / (double)t->result_chunks : 0.0,
                t->result_msgs ? (double)t->result_records_sent / (double)t->result_msgs : 0.0,
                (unsigned long long)t->result_bytes_sent,
                t->results_home ? (double)t->route_hops / (double)t->results_home : 0.0,
                (unsigned long long)t->route_hops_max);
    if (t->search_phases > 0 || t->load_reads > 0) {
        /* baseline / successonly */
        fprintf(out, "  load-aware: load reads %llu  lock busy %llu  withdrawn %llu  cyclic "
                "steals %llu (%.3f%% of steals)  reply after %.3f ms mean (%llu replies)\n",
                (unsigned long long)t->load_reads,
                (unsigned long long)t->lock_busy, (unsigned long long)t->steals_withdrawn,
                (unsigned long long)t->cyclic_steals,
                t->steals_ok ? 100.0 * (double)t->cyclic_steals / (double)t->steals_ok : 0.0,
                t->replies ? 1e3 * t->reply_wait_s / (double)t->replies : 0.0,
                (unsigned long long)t->replies);
        fprintf(out, "  victims per search phase (%llu phases):",
                (unsigned long long)t->search_phases);
        for (int i = 0; i < 8; i++)
            fprintf(out, " %d%s:%.1f%%", i, i == 7 ? "+" : "",
                    t->search_phases ? 100.0 * (double)t->victims_hist[i] /
                                           (double)t->search_phases : 0.0);
        fprintf(out, "\n");
    }
}
