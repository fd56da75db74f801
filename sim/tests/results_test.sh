#!/bin/sh
# ladro-sim policy with a DLB_Bench profile and results: every task's result comes home
# to its owner through ladro's results API, once and intact, and the routing is counted.
# Usage: results_test.sh LADRO-SIM OUTDIR [RANKS]   (default 64; smallworld and random)
set -e
SIM="$1"
P="${3:-64}"
DIR="${2:-.}/sim_results_test_$P"
mkdir -p "$DIR"
"$SIM" policy --stack-kib 16 --policy smallworld,random --p "$P" --profile 10s-4M --init gauss70-10 \
    --result-bytes 40 --json --csv "$DIR/run.csv" > "$DIR/run.json" 2> "$DIR/err" ||
    { cat "$DIR/err"; exit 1; }
test ! -s "$DIR/err" || { cat "$DIR/err"; exit 1; }
python3 - "$DIR/run.json" "$DIR/run.csv" "$P" <<'PY'
import csv, json, sys
d = json.load(open(sys.argv[1]))
p = int(sys.argv[3])
par = d["params"]
# 10s-4M scaled by 0.02: 41 tasks of 2 KiB and 10 s / 2048 per rank, capacity 32
assert par["profile"] == "10s-4M" and par["result_bytes"] == 40, par
assert par["tasks"] == 41 * p and par["payload"] == 2048 and par["task_capacity"] == 32, par
assert abs(par["work_ms"] - 10e3 / 2048) < 1e-4, par
pols = {x["policy"]: x for x in d["policies"]}
assert sorted(pols) == ["random", "smallworld"], pols.keys()
for name, x in pols.items():
    assert x["verified"] is True, x
    assert x["results"] == x["tasks"] == par["tasks"], x
    assert x["results_wrong"] == x["results_missing"] == x["result_checksums_bad"] == 0, x
    # gauss70-10 moves most tasks: their results are routed home, in fewer messages
    assert x["tasks_moved"] > 0 and 0 < x["result_chunks"] <= x["tasks"], x
    assert x["result_msgs"] > 0, x
    assert abs(x["msgs_per_chunk"] - x["result_msgs"] / x["result_chunks"]) < 1e-5, x
    assert x["result_records"] >= x["result_chunks"], x
    assert 0 < x["results_home"] <= x["result_chunks"], x
# random sends a result straight home; smallworld routes it greedily over the overlay
assert pols["random"]["route_hops_mean"] == 1 and pols["random"]["route_hops_max"] == 1, pols
sw = pols["smallworld"]
assert 1 < sw["route_hops_mean"] <= sw["route_hops_max"] <= 2 * p.bit_length(), sw
# each hop of a route is a result record on a message
assert sw["result_records"] >= sw["results_home"] * sw["route_hops_mean"] * (1 - 1e-5), sw
rows = list(csv.DictReader(open(sys.argv[2])))
assert [r["policy"] for r in rows] == ["smallworld", "random"], rows
for r in rows:
    x = pols[r["policy"]]
    assert r["verified"] == "true" and int(r["results"]) == x["results"], r
    assert int(r["result_msgs"]) == x["result_msgs"] and int(r["route_hops_max"]) == x["route_hops_max"], r
print("%d ranks: results home and routed (smallworld %.3f messages per chunk, %.2f hops; "
      "random %.3f)" % (p, sw["msgs_per_chunk"], sw["route_hops_mean"], pols["random"]["msgs_per_chunk"]))
PY
