#!/bin/sh
# BaselineWS vs SuccessOnlyWS (and random) on an app's own search at 64-1 024 simulated
# ranks, the body of uts_sim.sh and nqueens_sim.sh: ladro-sim policy --app APP runs the
# app's per-rank search and every policy's own code on SimGrid actors, one per rank; a
# node or placement costs simulated time (the defaults: the app's measured CPU per unit).
# Simulated time does not depend on the machine's load. One ladro-sim launch per idle
# mode, rank count and seed (the policies in turn, each in a fresh simulation); its JSON
# is kept in OUT, and a launch whose JSON is there already is skipped. Prints one markdown
# table per idle mode: per rank count and policy, the seeds run, the median makespan over
# them, its efficiency (the work / ranks, over the makespan), steals ok / failed (means
# per run), tasks moved per successful steal, the ramp-up (when the last rank began its
# first task), and the makespan relative to baseline (ratio of the medians, and the range
# of the per-seed ratios). Then where the ranks' time went (medians over the seeds, as
# shares of ranks x done_s, the time to LADRO_DONE): running tasks, in remote steal
# attempts, in failed ones (failed attempts x the mean attempt time), and the rest of the
# idle time (waiting between attempts: backing off or spinning, and termination).
#   APP=uts FLAGS="-t 1 ..." NAME=uts BIN=build/bin NPS="64 256 1024" SEEDS="1 2 3" \
#     IDLES="backoff spin" bench/loadaware/app_sim.sh
# KEYS: runtime keys for every launch (e.g. KEYS="backoff_pace=0.25"); their runs are
# kept under names of their own in OUT (NAME_IDLE_KEYS_pP_sS.json).
set -eu
BIN=${BIN:-build/bin}
NPS=${NPS:-"64 256 1024"}
SEEDS=${SEEDS:-"1 2 3"}
IDLES=${IDLES:-"backoff spin"}
POLICIES=${POLICIES:-random,baseline,successonly}
APP=${APP:?APP: uts or nqueens}
FLAGS=${FLAGS:-}
NAME=${NAME:-$APP}
OUT=${OUT:-${NAME}_sim_out}
KEYS=${KEYS:-}
TAG=$(printf %s "$KEYS" | tr -c 'A-Za-z0-9' _)
mkdir -p "$OUT"
for idle in $IDLES; do
  for np in $NPS; do
    for seed in $SEEDS; do
      f="$OUT/${NAME}_${idle}${TAG:+_$TAG}_p${np}_s${seed}.json"
      test -s "$f" && continue # kept from an earlier launch
      # shellcheck disable=SC2086
      "$BIN/ladro-sim" policy --app "$APP" $FLAGS --p "$np" --policy "$POLICIES" \
        --seed "$seed" --json "idle=$idle" $KEYS > "$f.tmp"
      mv "$f.tmp" "$f"
    done
  done
done
python3 - "$OUT" "$POLICIES" "$IDLES" "$NPS" "$SEEDS" "$NAME" "$TAG" <<'PY'
import json, os, statistics, sys
out, pols = sys.argv[1], sys.argv[2].split(",")
idles, nps, seeds = (a.split() for a in sys.argv[3:6])
name = sys.argv[6]
tag = "_" + sys.argv[7] if sys.argv[7] else ""
med = statistics.median
for idle in idles:
    print("\n| ranks | policy | seeds | makespan s (median) | efficiency | steals ok "
          "| steals failed | tasks moved per steal | last rank's first task ms "
          "| vs baseline (medians) | per-seed ratios |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    time_rows = []
    for np in nps:
        runs = {}
        for s in seeds:
            f = "%s/%s_%s%s_p%s_s%s.json" % (out, name, idle, tag, np, s)
            d = json.load(open(f))
            for x in d["policies"]:
                assert x["verified"] is True, (idle, np, s, x["policy"])
                runs.setdefault(x["policy"], {})[s] = x
        base = runs.get("baseline")
        for p in pols:
            r = runs[p]
            m = med(x["makespan_s"] for x in r.values())
            lower = next(iter(r.values()))["lower_bound_s"]
            ok = statistics.mean(x["steals_ok"] for x in r.values())
            fa = statistics.mean(x["steals_failed"] for x in r.values())
            mv = sum(x["tasks_moved"] for x in r.values()) / max(
                1, sum(x["steals_ok"] for x in r.values()))
            ft = [x["first_task_max_s"] for x in r.values() if "first_task_max_s" in x]
            ft = "%.2f" % (1e3 * med(ft)) if ft else "-"
            if base:
                bm = med(x["makespan_s"] for x in base.values())
                rs = [r[s]["makespan_s"] / base[s]["makespan_s"] for s in seeds]
                vs, rng = "%.3f" % (m / bm), "%.3f-%.3f" % (min(rs), max(rs))
            else:
                vs = rng = "-"
            print("| %s | %s | %s | %.4f | %.3f | %.0f | %.0f | %.2f | %s | %s | %s |" % (
                np, p, ",".join(seeds), m, lower / m, ok, fa, mv, ft, vs, rng))
            if all("steal_time_s" in x for x in r.values()):
                xs = list(r.values())
                rt = [int(np) * x["done_s"] for x in xs]
                st = [x["steal_time_s"] / t for x, t in zip(xs, rt)]
                att = [x["steal_time_s"] / max(1, x["steals_ok"] + x["steals_failed"])
                       for x in xs]
                fs = [x["steals_failed"] * a / t for x, a, t in zip(xs, att, rt)]
                wait = [x["idle_mean"] - s for x, s in zip(xs, st)]
                time_rows.append("| %s | %s | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.1f |" % (
                    np, p, 100 * med(1 - x["idle_mean"] for x in xs), 100 * med(st),
                    100 * med(fs), 100 * med(wait), 1e6 * med(att)))
    par = d["params"]
    if par["app"] == "uts":
        u = par["uts"]
        print("\nidle=%s, lambda %g us, node %g ns, %d nodes (sequential DFS), every run "
              "verified" % (idle, par["lambda_us"], u["node_ns"], u["nodes"]))
    else:
        q = par["nqueens"]
        print("\nidle=%s, lambda %g us, -n %d -c %d, placement %g ns, %d placements, %d "
              "tasks, %d solutions (%s), every run verified" % (
                  idle, par["lambda_us"], q["n"], q["c"], q["placement_ns"],
                  d["policies"][0]["placements"], q["tasks"], q["solutions"],
                  q["solutions_from"]))
    if time_rows:
        print("\n| ranks | policy | rank time running tasks | in steal attempts "
              "| in failed ones | waiting | mean attempt us |")
        print("|---|---|---|---|---|---|---|")
        print("\n".join(time_rows))
PY
