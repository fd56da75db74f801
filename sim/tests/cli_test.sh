#!/bin/sh
# ladro-sim command line: bad input gives a one-line error and exit 2; CSV/JSON shapes;
# same seed = same output; sweep and limit run and print their analysis.
set -e
SIM="$1"
DIR="${2:-.}/sim_cli_test"
mkdir -p "$DIR"
bad() {
    if "$SIM" "$@" > "$DIR/out" 2> "$DIR/err"; then echo "accepted: $*"; exit 1; fi
    test "$(wc -l < "$DIR/err")" -eq 1 || { echo "not one line: $*"; cat "$DIR/err"; exit 1; }
    grep -q "$1" "$DIR/err"
}
bad latency --W 0 --p 4 --lambda 3
bad latency --W 1.5 --p 4 --lambda 3
bad latency --W 100 --p x --lambda 3
bad latency --W 100 --p 4 --lambda 0
bad latency --W 100 --p 4 --lambda 3 --variant both
bad latency --W 100 --p 4 --lambda 3 --threshold -1
bad latency --W 100 --p 4 --lambda 3 --nope 1
bad latency --W 100 --p 4
bad sweep --W 100,,200 --p 4 --lambda 3
bad limit --W 100 --p 1
bad latency --W 100 --p 4 --lambda 3 --threshhold 1
grep -q "did you mean '--threshold'" "$DIR/err"
# --json [FILE]: stdout, or the same bytes into FILE (and nothing on stdout)
"$SIM" latency --W 10000 --p 8 --lambda 5 --runs 5 --quiet --json > "$DIR/j1.json"
"$SIM" latency --W 10000 --p 8 --lambda 5 --runs 5 --quiet --json "$DIR/j2.json" > "$DIR/j2.out"
python3 - "$DIR/j1.json" "$DIR/j2.json" <<'PY'
import json, sys
def strip(x):  # wall-clock fields differ from run to run
    if isinstance(x, dict):
        return {k: strip(v) for k, v in x.items() if k not in ("wall_s", "events_per_s")}
    return [strip(v) for v in x] if isinstance(x, list) else x
a, b = (strip(json.load(open(p))) for p in sys.argv[1:])
assert a == b, "--json FILE differs from --json"
PY
test ! -s "$DIR/j2.out"
if "$SIM" frobnicate 2> "$DIR/err"; then exit 1; fi
"$SIM" --help | grep -q latency
"$SIM" latency --help | grep -q -- --threshold

# CSV: header + one row per run; same seed twice = same bytes; another seed differs
"$SIM" latency --W 100000 --p 16 --lambda 10 --runs 20 --seed 7 --quiet --csv "$DIR/a.csv" > /dev/null
"$SIM" latency --W 100000 --p 16 --lambda 10 --runs 20 --seed 7 --quiet --csv "$DIR/b.csv" > /dev/null
"$SIM" latency --W 100000 --p 16 --lambda 10 --runs 20 --seed 8 --quiet --csv "$DIR/c.csv" > /dev/null
test "$(wc -l < "$DIR/a.csv")" -eq 21
head -1 "$DIR/a.csv" | grep -q '^run,W,p,lambda,variant,threshold,makespan,steal_requests,successful_steals,failed_steals,startup'
cmp "$DIR/a.csv" "$DIR/b.csv"
if cmp -s "$DIR/a.csv" "$DIR/c.csv"; then echo "seed ignored"; exit 1; fi
# JSON: the keys the issue names
"$SIM" latency --W 100000 --p 16 --lambda 10 --runs 5 --json --quiet > "$DIR/a.json"
for k in summary mean_makespan median_makespan mean_steal_requests q1_makespan q3_makespan \
         mean_startup accuracy_ratio events_per_s runs; do
    grep -q "\"$k\"" "$DIR/a.json" || { echo "missing $k"; exit 1; }
done
if command -v python3 > /dev/null; then
    python3 -c "import json,sys; d=json.load(open('$DIR/a.json')); assert len(d['runs'])==5; \
assert d['summary']['min_makespan'] >= 100000/16"
fi
# sweep: one row per configuration, fit printed
"$SIM" sweep --W 100000,1000000 --p 8,16 --lambda 5,50 --variant swt,mwt --runs 10 --quiet \
    --csv "$DIR/s.csv" > "$DIR/s.txt"
test "$(wc -l < "$DIR/s.csv")" -eq 17
grep -q "fitted c'" "$DIR/s.txt"
# limit: a positive limit latency
"$SIM" limit --W 1000000 --p 16 --runs 10 --quiet > "$DIR/l.csv"
awk -F, 'NR==2 { if ($7 < 1) exit 1 }' "$DIR/l.csv"
# policy: the simulated engine (sim/tests/s4u_test.sh tests it); without SimGrid the mode
# is absent and says what to install, in one line
if "$SIM" policy --help > /dev/null 2>&1; then
    bad policy --policy fifo --p 4
    bad policy --p 0
    bad policy --speed C9 --p 4
    bad policy --work-dist gauss:-1,2 --p 4
    bad policy --lambda-us -3 --p 4
    # every policy side by side, one CSV row each, efficiency in (0, 1]
    "$SIM" policy --policy all --p 32 --tasks-per-rank 8 --speed C2 --work-dist uniform:0.5,1.5 \
        --csv "$DIR/pol.csv" > "$DIR/pol.txt"
    test "$(wc -l < "$DIR/pol.csv")" -eq 9
    awk -F, 'NR>1 { if ($8 <= 0 || $8 > 1.000001) { print "efficiency " $8; exit 1 } }' "$DIR/pol.csv"
    "$SIM" policy --policy ctws --p 16 --json | grep -q '"verified": true'
    # --tasks: a total that is not a multiple of the ranks (the first N mod P get one more)
    bad policy --tasks 0 --p 4
    "$SIM" policy --policy a2ws --p 64 --tasks 480 --json > "$DIR/tot.json"
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); p=d["policies"][0]; assert d["params"]["tasks"] == 480 and p["tasks"] == 480 and p["verified"] is True, d' "$DIR/tot.json"
    # --json FILE: the same JSON as on stdout, nothing on stdout, no temporary left;
    # policy names in any case, printed lower case
    "$SIM" policy --policy ALL --p 8 --quiet --json "$DIR/all.json" > "$DIR/all.out"
    test ! -s "$DIR/all.out" && test ! -e "$DIR/all.json.tmp"
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); n=[p["policy"] for p in d["policies"]]; assert len(n) >= 2 and all(x == x.lower() for x in n) and all(p["verified"] for p in d["policies"]), n' "$DIR/all.json"
    bad policy --p 4 --dist exp
    bad policy --p 4 --json "$DIR/x.json" --csv -
else
    code=0
    "$SIM" policy --p 4 > "$DIR/out" 2> "$DIR/err" || code=$?
    test "$code" -eq 2
    test "$(wc -l < "$DIR/err")" -eq 1
    grep -q "^ladro-sim policy: .*install libsimgrid-dev" "$DIR/err"
fi
echo "cli test ok"
