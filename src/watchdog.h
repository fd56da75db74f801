/* The stall watchdog (src/watchdog.c; cfg.watchdog > 0). Never installed. */
#ifndef LADRO_WATCHDOG_H
#define LADRO_WATCHDOG_H

#include "ladro.h"

#include <stdbool.h>
#include <stdint.h>

/* A rank raises an alarm in its wave contribution when its current (or just finished)
 * task ran longer than the watchdog, or when it is idle and the global completed count
 * has not grown for that long; every rank sees the alarm in the same wave result and
 * fails with LADRO_ETIMEDOUT. */
/* This rank's alarm for a contribution made now (0 or 1); records the reason. */
uint64_t ladroi_wd_alarm(ladro_t *lb, bool idle, double now);
/* A wave result carried `alarms` > 0: every rank fails. */
int ladroi_wd_trip(ladro_t *lb, uint64_t alarms);
/* Idle, and the pending wave has not completed for `waited` s: a rank stopped calling
 * the library; fail locally (no collective can complete). */
int ladroi_wd_unresponsive(ladro_t *lb, double waited);

#endif
