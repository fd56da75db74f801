#!/bin/sh
# ladro-sim policy --app uts: ladro-uts's search (apps/uts/uts_search.c) under every policy
# on simulated ranks; the summed counts must be the sequential DFS's, which must be the
# tree's known counts (ladro-uts's tests pin them: 23 735 nodes, 12 928 leaves, depth 12);
# SuccessOnlyWS as its paper runs it fails no remote steal (threads_test.sh checks that).
# Usage: uts_test.sh LADRO-SIM OUTDIR [RANKS]   (default 64)
set -e
SIM="$1"
P="${3:-64}"
DIR="${2:-.}/sim_uts_test_$P"
mkdir -p "$DIR"
TREE="-t 1 -a 0 -d 12 -b 4 -r 1 -c 1 -i 1"
# shellcheck disable=SC2086
"$SIM" policy --app uts $TREE --p "$P" --policy all --stack-kib 16 --json --csv "$DIR/run.csv" \
    > "$DIR/run.json" 2> "$DIR/err" || { echo "exit $?"; cat "$DIR/err"; exit 1; }
test ! -s "$DIR/err" || { cat "$DIR/err"; exit 1; }
python3 - "$DIR/run.json" "$DIR/run.csv" "$P" <<'PY'
import csv, json, sys
d = json.load(open(sys.argv[1]))
p = int(sys.argv[3])
par = d["params"]
u = par["uts"]
assert par["app"] == "uts" and par["p"] == p, par
assert (u["nodes"], u["leaves"], u["max_depth"]) == (23735, 12928, 12), u
assert (u["t"], u["a"], u["d"], u["b"], u["r"], u["c"], u["i"]) == (1, 0, 12, 4, 1, 1, 1), u
assert u["node_ns"] == 68 and par["payload"] == 8 + 1 * 24, u  # a chunk of -c 1 node
pols = d["policies"]
assert len(pols) == 8, [x["policy"] for x in pols]
lower = u["nodes"] * 68e-9 / p
for x in pols:
    assert x["verified"] is True, x
    assert (x["nodes"], x["leaves"], x["max_depth"]) == (23735, 12928, 12), x
    assert abs(x["lower_bound_s"] - lower) < 1e-12, x
    # the search's own time: at least a p-th of the nodes, at most all of them plus waits
    assert x["makespan_s"] >= x["lower_bound_s"] and 0 < x["efficiency"] <= 1.000001, x
    assert x["done_s"] >= x["makespan_s"], x
    # -c 1 (ladro_hungry): under static no node is released (nobody could take it),
    # the root task searches the whole tree; under leader a task per released node; under
    # the others (a2ws once its tasks push tasks) a node only while the rank has none
    # left for thieves
    if x["policy"] == "static":
        assert x["tasks"] == 1, x
    elif x["policy"] == "leader":
        assert x["tasks"] > 1000, x
    else:
        assert 1 < x["tasks"] < 1000, x
    # static never steals; leader's first reports come after this small tree is gone
    if x["policy"] not in ("static", "leader"):
        assert x["steals_ok"] > 0 and x["max_tasks_run"] < x["tasks"], x
    # the ramp-up: rank 0 starts at once; static never moves a task, the others spread it
    assert 0 <= x["first_task_max_s"] <= x["makespan_s"] and x["steal_time_s"] >= 0, x
    assert x["first_task_mean_s"] <= x["first_task_max_s"], x
    if x["policy"] in ("static", "leader"):  # leader: no steal, as above
        assert x["ranks_no_task"] == p - 1 and x["first_task_max_s"] == 0, x
    else:
        assert x["ranks_no_task"] < p - 1, x
rows = list(csv.DictReader(open(sys.argv[2])))
assert [r["policy"] for r in rows] == [x["policy"] for x in pols], rows
for r in rows:
    assert r["verified"] == "true" and r["nodes"] == "23735" and r["leaves"] == "12928", r
print("ladro-sim policy --app uts at %d ranks: %d policies verified" % (p, len(pols)))
PY
# the text output names the tree and every policy's counts
# shellcheck disable=SC2086
"$SIM" policy --app uts $TREE --p 8 --policy successonly > "$DIR/run.txt"
grep -q '^ladro-sim policy: p=8 app=uts tree: 23735 nodes, 12928 leaves, depth 12 (sequential DFS); -c 1 -i 1, node 68 ns' "$DIR/run.txt"
grep -q '^successonly  makespan .* verified yes' "$DIR/run.txt"
grep -q '^ *23735 nodes, 12928 leaves, depth 12 in [0-9]* tasks; steals [0-9]* ok, [0-9]* failed$' "$DIR/run.txt"
# --node-ns scales the simulated time: twice the cost, about twice the makespan
# shellcheck disable=SC2086
"$SIM" policy --app uts $TREE --p 1 --policy random --node-ns 136 --json > "$DIR/ns.json"
python3 - "$DIR/ns.json" <<'PY'
import json, sys
x = json.load(open(sys.argv[1]))["policies"][0]
# one rank: every node's cost in a row, the makespan is the sequential time (and more)
assert x["verified"] is True and abs(x["lower_bound_s"] - 23735 * 136e-9) < 1e-12, x
assert 1 <= x["makespan_s"] / x["lower_bound_s"] < 1.05, x
PY
echo "ladro-sim policy --app uts: ok"
