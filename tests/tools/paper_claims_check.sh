#!/usr/bin/env bash
# The claims table's scripts with the papers' configurations, end to end and small, on the
# simulated engine: bench/a2ws/tables.sh with PAPER=1 and without (C1, 480 tasks of 1 ms,
# seed 1), bench/a2ws/gains_plot.py over both, bench/ctws/contention_sim.sh (16 ranks, one
# seed) and bench/ctws/idle_plot.py. ctws with paper=1 must run its paper's termination (the
# finish token: no termination wave, no probe) and ctws's default must not; every run
# verified; the figures written; bad PAPER, P and TPR values refused with one line and exit 2.
# usage: paper_claims_check.sh BUILD_DIR
set -euo pipefail
build=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$root"
fail() { echo "paper_claims: $*"; exit 1; }
small="SEEDS=1 WORK_MS=1 CONFIGS=C1:8 TASKS=480"
out=$(env $small PAPER=1 bash bench/a2ws/tables.sh "$build" "$dir/p")
env $small bash bench/a2ws/tables.sh "$build" "$dir/d" > /dev/null
python3 - "$dir" <<'PY'
import json, sys
d = sys.argv[1]
for tag, waves in (("p", lambda w: w == 0), ("d", lambda w: w > 0)):
    for pol in ("a2ws", "leader", "ctws"):
        r = json.load(open(f"{d}/{tag}/C1-t480-s1-{pol}.json"))["policies"][0]
        assert r["verified"] and r["policy"] == pol, f"{tag} {pol}: {r}"
        if pol == "ctws":
            assert waves(r["term_waves"]), f"{tag}: ctws term_waves {r['term_waves']}"
            if tag == "p":
                assert r["counters"]["ctws_probes"] == 0, f"ctws paper=1 probed: {r['counters']}"
print("tables: 6 runs verified, ctws paper=1 ends by its finish token")
PY
grep -Eq '^[|] 480 [|] [+-][0-9]+[.][0-9] / [+]16[.]0 [|]' <<<"$out" || fail "no Table 3 row for 480 tasks in: $out"
python3 bench/a2ws/gains_plot.py "$dir/d" "$dir/p" "$dir/g.csv" "$dir/g.svg" > /dev/null
python3 - "$dir/g.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 50, len(rows)
c = [r for r in rows if r["config"] == "C1" and r["tasks"] == "480"]
assert len(c) == 2 and all(r["ladro_paper"] and r["ladro_default"] for r in c), c
assert all(r["ladro_paper"] == "" for r in rows if r["config"] != "C1"), "cells not run got a gain"
PY
grep -q '<svg' "$dir/g.svg" || fail "gains_plot.py wrote no SVG"
cout=$(SEEDS=1 bash bench/ctws/contention_sim.sh "$build" "$dir/c")
grep -q '^| ctws (paper=1) |' <<<"$cout" || fail "no ctws (paper=1) row in: $cout"
[ -s "$dir/c/p16-t10-w100-s1-steals.csv" ] || fail "no steal log of ctws paper=1"
python3 bench/ctws/idle_plot.py "$dir/c" "$dir/i.csv" "$dir/i.svg" > /dev/null
grep -q '^ladro paper=1 (sim),' "$dir/i.csv" && grep -q '<svg' "$dir/i.svg" || fail "idle_plot.py output"
# bad input: one line, exit 2, nothing written
for bad in "PAPER=2 bash bench/a2ws/tables.sh $build $dir/bad1" \
           "P=0 bash bench/ctws/contention_sim.sh $build $dir/bad2" \
           "TPR=x bash bench/ctws/contention_sim.sh $build $dir/bad3"; do
  set +e; msg=$(env $bad 2>&1 >/dev/null); rc=$?; set -e
  [ $rc -eq 2 ] && [ "$(wc -l <<<"$msg")" -eq 1 ] && grep -q accepted <<<"$msg" ||
    fail "'$bad': exit $rc, message '$msg'"
done
[ ! -e "$dir/bad1" ] && [ ! -e "$dir/bad2" ] && [ ! -e "$dir/bad3" ] || fail "bad input wrote a directory"
echo "paper_claims: ok"
