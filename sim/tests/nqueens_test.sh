#!/bin/sh
# ladro-sim policy --app nqueens: ladro-nqueens's search (apps/nqueens/nqueens_search.c)
# under baseline, successonly and random on simulated ranks; the summed solutions must be
# OEIS A000170's, every task of the tree must have run once (the count and the hash sum of
# the tasks: nq_task_tree), and SuccessOnlyWS must fail no remote steal.
# Usage: nqueens_test.sh LADRO-SIM OUTDIR [RANKS]   (default 64)
set -e
SIM="$1"
P="${3:-64}"
DIR="${2:-.}/sim_nqueens_test_$P"
mkdir -p "$DIR"
BOARD="-n 13 --cutoff 4"
# shellcheck disable=SC2086
"$SIM" policy --app nqueens $BOARD --p "$P" --policy baseline,successonly,random --stack-kib 16 --json \
    --csv "$DIR/run.csv" > "$DIR/run.json" 2> "$DIR/err" || { echo "exit $?"; cat "$DIR/err"; exit 1; }
test ! -s "$DIR/err" || { cat "$DIR/err"; exit 1; }
# --placement-ns scales the simulated time: one rank runs every placement in a row
# shellcheck disable=SC2086
"$SIM" policy --app nqueens $BOARD --p 1 --policy baseline --placement-ns 16.8 --json \
    > "$DIR/ns.json"
python3 - "$DIR/run.json" "$DIR/run.csv" "$P" "$DIR/ns.json" <<'PY'
import csv, json, sys
d = json.load(open(sys.argv[1]))
p = int(sys.argv[3])
par = d["params"]
q = par["nqueens"]
assert par["app"] == "nqueens" and par["p"] == p and par["payload"] == 16, par
# A000170(13); the tasks: every placement of at most 4 rows of 13, the empty board included
assert (q["n"], q["c"], q["placement_ns"]) == (13, 4, 8.4), q
assert (q["solutions"], q["solutions_from"], q["tasks"]) == (73712, "A000170", 7580), q
pols = d["policies"]
assert [x["policy"] for x in pols] == ["baseline", "successonly", "random"], pols
# placements: the 1 + 13 + ... placements above the cutoff and all below it (none at it)
placements = pols[0]["placements"]
assert placements == 4668486, placements
lower = placements * 8.4e-9 / p
for x in pols:
    assert x["verified"] is True, x
    assert (x["solutions"], x["placements"], x["tasks"]) == (73712, placements, 7580), x
    assert abs(x["lower_bound_s"] - lower) < 1e-12, x
    assert x["makespan_s"] >= x["lower_bound_s"] and 0 < x["efficiency"] <= 1.000001, x
    assert x["done_s"] >= x["makespan_s"], x
    assert x["steals_ok"] > 0 and x["max_tasks_run"] < x["tasks"], x
    assert x["ranks_no_task"] < p - 1 and 0 < x["first_task_max_s"] <= x["makespan_s"], x
    assert x["first_task_mean_s"] <= x["first_task_max_s"] and x["steal_time_s"] > 0, x
    # load-aware or not, some steals fail here (successonly's claims too: the failures
    # of its paper's grants alone are checked in threads_test.sh)
    assert x["steals_failed"] > 0, x
rows = list(csv.DictReader(open(sys.argv[2])))
assert [r["policy"] for r in rows] == [x["policy"] for x in pols], rows
for r in rows:
    assert r["verified"] == "true" and r["solutions"] == "73712", r
    assert r["placements"] == str(placements) and r["tasks"] == "7580", r
one = json.load(open(sys.argv[4]))["policies"][0]
assert one["verified"] is True and abs(one["lower_bound_s"] - placements * 16.8e-9) < 1e-12, one
assert 1 <= one["makespan_s"] / one["lower_bound_s"] < 1.05, one
print("ladro-sim policy --app nqueens at %d ranks: %d policies verified" % (p, len(pols)))
PY
# the text output names the board and every policy's counts; a cutoff above -n is capped
# there (ladro-nqueens's rule): the 10 solutions of -n 5 are tasks of their own
"$SIM" policy --app nqueens -n 5 --cutoff 9 --p 8 --policy successonly > "$DIR/run.txt"
grep -q '^ladro-sim policy: p=8 app=nqueens -n 5 --cutoff 5: 10 solutions (OEIS A000170), 54 tasks; placement 8.4 ns' "$DIR/run.txt"
grep -q '^successonly  makespan .* verified yes' "$DIR/run.txt"
grep -q '^ *10 solutions, [0-9]* placements in 54 tasks; steals [0-9]* ok, [0-9]* failed$' "$DIR/run.txt"
# a2ws by name in the search (src/policy/a2ws.c, "In a search"): a rank whose tasks push
# tasks sends no information but keeps its own slot current for probes, so probes take
# tasks (none would: such a rank's slot shows what it had before it spawned)
# shellcheck disable=SC2086
"$SIM" policy --app nqueens $BOARD --p "$P" --policy a2ws --stack-kib 16 --json > "$DIR/a2ws.json"
python3 - "$DIR/a2ws.json" "$P" <<'PY'
import json, sys
x = json.load(open(sys.argv[1]))["policies"][0]
p = int(sys.argv[2])
assert x["verified"] is True and x["solutions"] == 73712, x
probes = x["counters"]["a2ws_probes"]
assert probes >= 1, ("a2ws_probes", probes, p)
print("a2ws at %d ranks: %d tasks taken by a probe" % (p, probes))
PY
echo "ladro-sim policy --app nqueens: ok"
