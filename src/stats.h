/* The statistics module (src/stats.c): the core's per-rank fields, listed once. Never
 * installed. */
#ifndef LADRO_STATS_H
#define LADRO_STATS_H

/* X(field of ladro_rank_stats_t, U64 or DBL, SUM or MAX over ranks, name in JSON/CSV
 * output, in the summary (1) or per rank only (0)). The gather, ladro_stats_field, the
 * writers and the tests walk this list; output names are the ones scripts parse. */
#define LADROI_STATS_FIELDS(X)                                                          \
    X(speed, DBL, SUM, "speed", 0)                                                      \
    X(wall_s, DBL, MAX, "wall", 0)                                                      \
    X(busy_s, DBL, SUM, "busy", 1)                                                      \
    X(idle_s, DBL, SUM, "idle", 1)                                                      \
    X(work_s, DBL, SUM, "work", 1)                                                      \
    X(max_task_s, DBL, MAX, "max_task", 1)                                              \
    X(tasks_run, U64, SUM, "tasks", 1)                                                  \
    X(tasks_pushed, U64, SUM, "tasks_pushed", 1)                                        \
    X(steals_tried, U64, SUM, "steals_tried", 1)                                        \
    X(steals_ok, U64, SUM, "steals_ok", 1)                                              \
    X(steals_failed, U64, SUM, "steals_failed", 1)                                      \
    X(steal_retries, U64, SUM, "steal_retries", 1)                                      \
    X(steals_declined, U64, SUM, "steals_declined", 1)                                  \
    X(tasks_stolen, U64, SUM, "tasks_moved", 1)                                         \
    X(bytes_stolen, U64, SUM, "bytes_moved", 1)                                         \
    X(tasks_stolen_twice, U64, SUM, "stolen_twice", 1)                                  \
    X(info_msgs, U64, SUM, "info_msgs", 1)                                              \
    X(term_waves, U64, MAX, "waves", 1)                                                 \
    X(steal_time_s, DBL, SUM, "steal_time", 1)                                          \
    X(result_chunks, U64, SUM, "result_chunks", 1)                                      \
    X(result_msgs, U64, SUM, "result_msgs", 1)                                          \
    X(result_records_sent, U64, SUM, "result_records_sent", 1)                          \
    X(result_bytes_sent, U64, SUM, "result_bytes_sent", 1)                              \
    X(results_home, U64, SUM, "results_home", 1)                                        \
    X(route_hops, U64, SUM, "route_hops", 1)                                            \
    X(route_hops_max, U64, MAX, "route_hops_max", 1)                                    \
    X(last_task_end_s, DBL, MAX, "work_end", 1)                                         \
    X(threads, U64, SUM, "threads", 1)                                                  \
    X(worker_steals, U64, SUM, "worker_steals", 1)                                      \
    X(worker_steal_races, U64, SUM, "worker_steal_races", 1)                            \
    X(worker_tasks_max, U64, MAX, "worker_tasks_max", 1)                                \
    X(journal_done, U64, SUM, "journal_done", 1)                                        \
    X(journal_reruns, U64, SUM, "journal_reruns", 1)                                    \
    X(journal_syncs, U64, SUM, "journal_syncs", 1)                                      \
    X(journal_bytes, U64, SUM, "journal_bytes", 1)

#endif
