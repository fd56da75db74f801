#!/bin/sh
# BaselineWS vs SuccessOnlyWS (and random) on UTS at 64-1 024 simulated ranks: ladro-sim
# policy --app uts runs ladro-uts's own search (apps/uts/uts_search.c) and every policy's
# own code on SimGrid actors, one per rank; a node costs --node-ns of simulated time (the
# default: ladro-uts's measured CPU per node). Simulated time does not depend on the
# machine's load. One ladro-sim launch per idle mode, rank count and seed (the policies
# in turn, each in a fresh simulation); its JSON is kept in OUT, and a launch whose JSON
# is there already is skipped. Prints one markdown table per idle mode: per rank count and
# policy, the seeds run, the median makespan over them, its efficiency (the tree's nodes
# x node cost / ranks, over the makespan), steals ok / failed (means per run), tasks
# moved per successful steal, the ramp-up (when the last rank began its first task), and
# the makespan relative to baseline (ratio of the medians, and the range of the per-seed
# ratios).
#   BIN=build/bin NPS="64 256 1024" SEEDS="1 2 3" IDLES="backoff spin" \
#     bench/loadaware/uts_sim.sh
# TREE: the UTS flags (default T1L, -t 1 -a 3 -d 13 -b 4 -r 29, 102 M nodes, with the
# paper's -c 8 -i 10); IDLES: the idle modes (ladro-sim policy's own is backoff; spin is
# what idle=auto picks when every rank has a core, as on the paper's machine).
set -eu
BIN=${BIN:-build/bin}
NPS=${NPS:-"64 256 1024"}
SEEDS=${SEEDS:-"1 2 3"}
IDLES=${IDLES:-"backoff spin"}
POLICIES=${POLICIES:-random,baseline,successonly}
TREE=${TREE:-"-t 1 -a 3 -d 13 -b 4 -r 29 -c 8 -i 10"}
OUT=${OUT:-uts_sim_out}
mkdir -p "$OUT"
for idle in $IDLES; do
  for np in $NPS; do
    for seed in $SEEDS; do
      f="$OUT/uts_${idle}_p${np}_s${seed}.json"
      test -s "$f" && continue # kept from an earlier launch
      # shellcheck disable=SC2086
      "$BIN/ladro-sim" policy --app uts $TREE --p "$np" --policy "$POLICIES" --seed "$seed" \
        --json "idle=$idle" > "$f.tmp"
      mv "$f.tmp" "$f"
    done
  done
done
python3 - "$OUT" "$POLICIES" "$IDLES" "$NPS" "$SEEDS" <<'PY'
import json, os, statistics, sys
out, pols = sys.argv[1], sys.argv[2].split(",")
idles, nps, seeds = (a.split() for a in sys.argv[3:6])
for idle in idles:
    print("\n| ranks | policy | seeds | makespan s (median) | efficiency | steals ok "
          "| steals failed | tasks moved per steal | last rank's first task ms "
          "| vs baseline (medians) | per-seed ratios |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for np in nps:
        runs = {}
        for s in seeds:
            f = "%s/uts_%s_p%s_s%s.json" % (out, idle, np, s)
            d = json.load(open(f))
            for x in d["policies"]:
                assert x["verified"] is True, (idle, np, s, x["policy"])
                runs.setdefault(x["policy"], {})[s] = x
        base = runs.get("baseline")
        for p in pols:
            r = runs[p]
            m = statistics.median(x["makespan_s"] for x in r.values())
            lower = next(iter(r.values()))["lower_bound_s"]
            ok = statistics.mean(x["steals_ok"] for x in r.values())
            fa = statistics.mean(x["steals_failed"] for x in r.values())
            mv = sum(x["tasks_moved"] for x in r.values()) / max(
                1, sum(x["steals_ok"] for x in r.values()))
            ft = [x["first_task_max_s"] for x in r.values() if "first_task_max_s" in x]
            ft = "%.2f" % (1e3 * statistics.median(ft)) if ft else "-"
            if base:
                bm = statistics.median(x["makespan_s"] for x in base.values())
                rs = [r[s]["makespan_s"] / base[s]["makespan_s"] for s in seeds]
                vs, rng = "%.3f" % (m / bm), "%.3f-%.3f" % (min(rs), max(rs))
            else:
                vs = rng = "-"
            print("| %s | %s | %s | %.4f | %.3f | %.0f | %.0f | %.2f | %s | %s | %s |" % (
                np, p, ",".join(seeds), m, lower / m, ok, fa, mv, ft, vs, rng))
    u = d["params"]["uts"]
    print("\nidle=%s, lambda %g us, node %g ns, %d nodes (sequential DFS), every run verified"
          % (idle, d["params"]["lambda_us"], u["node_ns"], u["nodes"]))
PY
