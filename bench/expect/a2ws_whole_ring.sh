#!/bin/sh
# a2ws with the whole ring as its subsystem, the default up to 1 024 ranks
# (docs/policies/a2ws.md, "The whole ring").
# 1. The A2WS paper's C5 speeds on 128 simulated ranks, 1 920 equal tasks of 100 ms (its
#    Table 3 cell): the slowest ranks sit together, and with a quarter of the ring
#    (radius=32, ceil(P/4)) a rank near them sees a subsystem slower
#    than the system, keeps or steals a task too many, and the run ends late
#    (efficiency <= 0.8); with the default, the whole ring, it must reach 0.95.
# 2. gauss70-10 on 256 ranks: with the whole ring no rank lies beyond the subsystem, so
#    the default probe draws among all other ranks; it must reach 0.8 of random's
#    efficiency, and without the probe (paper=1 radius=128: the whole ring with the
#    paper's rules alone) a2ws must not: the news of
#    the loaded ranks moves one ring hop per idle round and the ranks it has not reached
#    stay idle.
# Every task runs exactly once in every run.
# Usage: a2ws_whole_ring.sh LADRO-SIM OUTDIR
set -e
SIM="$1"
DIR="${2:-.}/sim_a2ws_whole_ring"
mkdir -p "$DIR"
. "$(dirname "$0")/sim_json.sh" # run NAME ARGS...: the JSON into $DIR/NAME.json
C5="--policy a2ws --p 128 --speed C5 --tasks 1920 --work-ms 100 --work-dist const --init even --seed 1"
run c5-quarter $C5 a2ws:radius=32
run c5-ring $C5
G="--policy a2ws,random --p 256 --tasks-per-rank 8 --work-ms 2 --work-dist uniform:0.5,1.5 --init gauss70-10 --lambda-us 5 --seed 1"
run gauss-probe0 $G paper=1 a2ws:radius=128
run gauss-probe1 $G
python3 - "$DIR" <<'PY'
import json, sys
def load(name):
    pol = {p["policy"]: p for p in json.load(open("%s/%s.json" % (sys.argv[1], name)))["policies"]}
    for p in pol.values():
        assert p["verified"] is True and p["lost"] == 0 and p["twice"] == 0, (name, p)
    return pol
d, r = load("c5-quarter")["a2ws"]["efficiency"], load("c5-ring")["a2ws"]["efficiency"]
print("C5, 128 ranks: a2ws efficiency %.3f with a quarter of the ring, %.3f with the whole ring (the default)" % (d, r))
assert d <= 0.8, "a quarter of the ring reached %.3f: the case no longer shows the whole ring's use" % d
assert r >= 0.95, "the whole ring reached %.3f, not 0.95" % r
for probe, must in (("0", False), ("1", True)):
    pol = load("gauss-probe" + probe)
    ratio = pol["a2ws"]["efficiency"] / pol["random"]["efficiency"]
    print("gauss70-10, 256 ranks, whole ring, probe %s: a2ws / random = %.3f" % (probe, ratio))
    assert (ratio >= 0.8) == must, "probe %s: a2ws / random = %.3f" % (probe, ratio)
PY
