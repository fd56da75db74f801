#!/bin/sh
# SuccessOnlyWS against BaselineWS as the paper runs them (paper=1: a communication worker
# beside the computation workers of every rank, here THREADS of them), on UTS and N-Queens
# at 64-1 024 simulated ranks: ladro-sim policy --app uts|nqueens runs the apps' own
# searches and the policies' own code, every rank's workers and its communication worker
# as SimGrid actors (docs/sim.md, "Threads inside a rank"). Simulated time does not depend
# on the machine's load. One launch per app, rank count and seed (both policies in turn,
# each in a fresh simulation), its JSON kept in OUT (a launch whose JSON is there is
# skipped). Prints one markdown table: per app, rank count and policy, the median
# makespan over the seeds, the gain of SuccessOnlyWS over BaselineWS
# ((1 - median(successonly) / median(baseline)) x 100 %, A2WS eq. 13; the paper: 3-7 %),
# the per-seed gains, the failed remote steals (the paper: 0 for SuccessOnlyWS), the
# search phases that contacted at most 2 victims (the paper: >= 85 %) and the cyclic
# steals (grants to a thief the victim was itself registered at; the paper: <= 0.2 %).
#   BIN=build/bin NPS="64 256 1024" SEEDS="1 2 3" THREADS=2 bench/loadaware/paper_sim.sh
# UTS: UTS flags (default T1L, -t 1 -a 3 -d 13 -b 4 -r 29, 102 M nodes, with the paper's
# -c 8 -i 10);
# NQ: N-Queens flags (default -n 15 --cutoff 6); APPS: which (default "uts nqueens").
set -eu
BIN=${BIN:-build/bin}
NPS=${NPS:-"64 256 1024"}
SEEDS=${SEEDS:-"1 2 3"}
THREADS=${THREADS:-2}
APPS=${APPS:-"uts nqueens"}
UTS=${UTS:-"-t 1 -a 3 -d 13 -b 4 -r 29 -c 8 -i 10"}
NQ=${NQ:-"-n 15 --cutoff 6"}
OUT=${OUT:-paper_sim_out}
mkdir -p "$OUT"
for app in $APPS; do
  case $app in
    uts) flags=$UTS ;;
    nqueens) flags=$NQ ;;
    *) echo "paper_sim.sh: APPS: '$app': accepted: uts, nqueens" >&2; exit 2 ;;
  esac
  for np in $NPS; do
    for seed in $SEEDS; do
      f="$OUT/${app}_t${THREADS}_p${np}_s${seed}.json"
      test -s "$f" && continue # kept from an earlier launch
      # shellcheck disable=SC2086
      "$BIN/ladro-sim" policy --app "$app" $flags --p "$np" --policy baseline,successonly \
        --seed "$seed" --threads "$THREADS" --json paper=1 > "$f.tmp"
      mv "$f.tmp" "$f"
    done
  done
done
python3 - "$OUT" "$APPS" "$NPS" "$SEEDS" "$THREADS" <<'PY'
import json, statistics, sys
out = sys.argv[1]
apps, nps, seeds = (a.split() for a in sys.argv[2:5])
threads = sys.argv[5]
med = statistics.median
print("| app | ranks x workers | policy | makespan s (median) | efficiency | gain over "
      "baseline | per-seed gains | steals ok / failed (per run) | phases with <= 2 victims "
      "| cyclic steals |")
print("|---|---|---|---|---|---|---|---|---|---|")
notes = []
for app in apps:
    for np in nps:
        runs = {}
        for s in seeds:
            d = json.load(open("%s/%s_t%s_p%s_s%s.json" % (out, app, threads, np, s)))
            for x in d["policies"]:
                assert x["verified"] is True, (app, np, s, x["policy"])
                runs.setdefault(x["policy"], {})[s] = x
        bm = med(x["makespan_s"] for x in runs["baseline"].values())
        for p in ("baseline", "successonly"):
            r = runs[p]
            xs = list(r.values())
            m = med(x["makespan_s"] for x in xs)
            eff = med(x["efficiency"] for x in xs)
            ok = statistics.mean(x["steals_ok"] for x in xs)
            fa = statistics.mean(x["steals_failed"] for x in xs)
            c = [x["counters"] for x in xs]
            ph = sum(k["search_phases"] for k in c)
            le2 = sum(k["victims_0"] + k["victims_1"] + k["victims_2"] for k in c)
            cyc = ("%.2f%%" % (100 * sum(k["cyclic_steals"] for k in c) /
                               max(1, sum(x["steals_ok"] for x in xs)))
                   if p == "successonly" else "-")
            if p == "successonly":
                gain = "%+.1f%%" % (100 * (1 - m / bm))
                gs = " ".join("%+.1f" % (100 * (1 - r[s]["makespan_s"] /
                                                runs["baseline"][s]["makespan_s"]))
                              for s in seeds)
            else:
                gain = gs = "-"
            print("| %s | %s x %s | %s | %.5f | %.3f | %s | %s | %.0f / %.0f | %.1f%% | %s |" % (
                app, np, threads, p, m, eff, gain, gs, ok, fa, 100 * le2 / max(1, ph), cyc))
    par = d["params"]
    if app == "uts":
        u = par["uts"]
        notes.append("uts: %d nodes (sequential DFS), node %g ns" % (u["nodes"], u["node_ns"]))
    else:
        q = par["nqueens"]
        notes.append("nqueens: -n %d -c %d, %d tasks, %d solutions (%s), placement %g ns" % (
            q["n"], q["c"], q["tasks"], q["solutions"], q["solutions_from"],
            q["placement_ns"]))
print("\npaper=1, %s computation workers per rank beside the communication worker, lambda "
      "%g us, seeds %s, every run verified; %s" % (threads, par["lambda_us"], ",".join(seeds),
                                                  "; ".join(notes)))
PY
