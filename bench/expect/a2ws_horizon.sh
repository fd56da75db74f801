#!/bin/sh
# a2ws beyond its information horizon (docs/policies/a2ws.md, "Beyond the information
# horizon"): 256 simulated ranks, every task seeded on ~25 % of them around rank 128
# (gauss70-10), a subsystem of a quarter of the ring (radius 64, ceil(P/4) as beyond 1 024
# ranks by default). With the probe (the default) a2ws must reach 0.8 of random's
# efficiency; without it (paper=1: the paper's rules alone) it must not: the ranks the
# news of the loaded ranks does not reach stay idle. Every task runs exactly once.
# Usage: a2ws_horizon.sh LADRO-SIM OUTDIR
set -e
SIM="$1"
DIR="${2:-.}/sim_a2ws_horizon"
mkdir -p "$DIR"
for probe in 1 0; do
    "$SIM" policy --policy a2ws,random --p 256 --tasks-per-rank 8 --work-ms 2 \
        --work-dist uniform:0.5,1.5 --init gauss70-10 --lambda-us 5 --seed 1 --json \
        a2ws:radius=64 paper=$((1 - probe)) > "$DIR/probe$probe.json" 2> "$DIR/err" ||
        { echo "paper=$((1 - probe)): exit $?"; cat "$DIR/err"; exit 1; }
    python3 - "$DIR/probe$probe.json" "$probe" <<'PY'
import json, sys
pol = {p["policy"]: p for p in json.load(open(sys.argv[1]))["policies"]}
for p in pol.values():
    assert p["verified"] is True and p["lost"] == 0 and p["twice"] == 0, p
a, r = pol["a2ws"]["efficiency"], pol["random"]["efficiency"]
probe = sys.argv[2] == "1"
ratio = a / r
assert (ratio >= 0.8) == probe, "probe %s: a2ws %.3f / random %.3f = %.3f" % (
    sys.argv[2], a, r, ratio)
print("probe %s: a2ws efficiency %.3f, random %.3f (ratio %.3f)" % (sys.argv[2], a, r,
                                                                         ratio))
PY
done
