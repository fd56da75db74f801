#!/usr/bin/env bash
# TITUS_DLB's weak scaling (its Fig. 3) at the paper's scale on simulated ranks, smallworld
# as its paper runs it (paper=1: the locked whole-set theft, overlay degree 4 log2 P)
# against ladro's default, ranks spinning when idle (idle=spin: what idle=auto picks with a
# core per rank, as the paper's runs had), gauss70-10 placement, every result routed home
# and checked (--result-bytes 64). One launch per profile, rank count and configuration,
# its CSV kept in OUT (a launch whose CSV is there is skipped). Writes OUT/paper_sim.csv:
# one row per profile, configuration and P (efficiency, messages per result chunk, route
# hops). Simulated time: load-independent. At 3 584 ranks a run takes up to about 40 s of
# CPU and 2.3 GB.
#   bench/smallworld/paper_sim.sh BUILD OUT [RANKS] [PROFILES] [SEED]
# defaults: RANKS="16 64 256 1024 3584", PROFILES="10s-4M 5s-8M 1s-1M", SEED=1
set -euo pipefail
build=${1:?build dir}; out=${2:?output dir}
ranks=${3:-"16 64 256 1024 3584"}; profiles=${4:-"10s-4M 5s-8M 1s-1M"}; seed=${5:-1}
mkdir -p "$out"
for prof in $profiles; do
  for p in $ranks; do
    for cfg in default paper; do
      f=$out/$prof-p$p-s$seed-$cfg.csv
      [ -s "$f" ] && continue
      kv=; [ $cfg = paper ] && kv=paper=1
      # shellcheck disable=SC2086
      "$build/bin/ladro-sim" policy --policy smallworld --p "$p" --profile "$prof" \
        --init gauss70-10 --result-bytes 64 --seed "$seed" idle=spin $kv --csv - > "$f.tmp"
      mv "$f.tmp" "$f"
    done
  done
done
python3 - "$out" "$ranks" "$profiles" "$seed" <<'PY'
import csv, sys
out, ranks, profiles, seed = sys.argv[1], sys.argv[2].split(), sys.argv[3].split(), sys.argv[4]
with open(out + "/paper_sim.csv", "w") as f:
    f.write("profile,config,p,tasks_per_rank,efficiency,makespan_s,msgs_per_chunk,"
            "route_hops_mean,route_hops_max\n")
    for prof in profiles:
        for cfg in ("default", "paper"):
            for p in ranks:
                r = next(csv.DictReader(open("%s/%s-p%s-s%s-%s.csv" % (out, prof, p, seed, cfg))))
                if r["verified"] != "true":
                    sys.exit("paper_sim.sh: NOT VERIFIED: %s %s %s" % (prof, p, cfg))
                f.write("%s,%s,%s,%g,%s,%s,%s,%s,%s\n" % (
                    prof, cfg, p, int(r["tasks"]) / int(p), r["efficiency"], r["makespan_s"],
                    r["msgs_per_chunk"], r["route_hops_mean"], r["route_hops_max"]))
PY
cat "$out/paper_sim.csv"
