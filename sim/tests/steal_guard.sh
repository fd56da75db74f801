#!/bin/sh
# steal_guard=pace on the A2WS paper's C5 speeds (1/24 ... 1, node kinds in blocks): 128
# simulated ranks, 20 equal tasks of 100 ms each, ranks backing off (docs/user-guide.md,
# "Heterogeneous ranks"). Without the guard random ends late (efficiency <= 0.85: a slow
# rank starts a 1.2 s task near the end); with it random, baseline and successonly must
# reach 0.93, and their slow ranks must have declined steals. Every task runs exactly once
# in every run.
# Usage: steal_guard.sh LADRO-SIM OUTDIR
set -e
SIM="$1"
DIR="${2:-.}/sim_steal_guard"
mkdir -p "$DIR"
. "$(dirname "$0")/sim_json.sh" # run NAME ARGS...: the JSON into $DIR/NAME.json
C5="--policy random,baseline,successonly --p 128 --speed C5 --tasks-per-rank 20 --work-ms 100 --dist const --init even --seed 1 idle=backoff"
run off $C5 steal_guard=off
run pace $C5 steal_guard=pace
python3 - "$DIR" <<'PY'
import json, sys
def load(name):
    pol = {p["policy"]: p for p in json.load(open("%s/%s.json" % (sys.argv[1], name)))["policies"]}
    assert sorted(pol) == ["baseline", "random", "successonly"], (name, sorted(pol))
    for p in pol.values():
        assert p["verified"] is True and p["lost"] == 0 and p["twice"] == 0, (name, p)
    return pol
off, pace = load("off"), load("pace")
for k in sorted(off):
    print("C5, 128 ranks, %-11s efficiency %.3f without the guard, %.3f with it (%d steals declined)"
          % (k, off[k]["efficiency"], pace[k]["efficiency"], pace[k]["steals_declined"]))
    assert off[k]["steals_declined"] == 0, (k, off[k]["steals_declined"])
    assert pace[k]["steals_declined"] > 0, "%s: no steal declined with the guard" % k
    assert pace[k]["efficiency"] >= 0.93, "%s with the guard: %.3f, not 0.93" % (k, pace[k]["efficiency"])
assert off["random"]["efficiency"] <= 0.85, \
    "random reached %.3f without the guard: the case no longer shows the guard's use" % off["random"]["efficiency"]
PY
