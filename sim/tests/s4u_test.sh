#!/bin/sh
# ladro-sim policy: every policy's own code on simulated ranks (SimGrid S4U actors) runs
# every task exactly once.
# Usage: s4u_test.sh LADRO-SIM OUTDIR SRCDIR [RANKS [POLICIES [WORK_MS]]]
#   RANKS (default 64): the POLICIES (a --policy list, default all) for each initial
#   placement (even, one, gauss70-10), JSON and CSV checked; tasks of WORK_MS on average
#   (default 10; 1 above 64 ranks: static with every task on one rank would otherwise
#   idle 1 023 ranks for 100 s of simulated time, each waking every 2 ms);
#   at 64 ranks also: the example platforms (sim/platforms), heterogeneous speeds, the
#   configuration keys, and bad input (one-line error, exit 2, nothing written).
set -e
SIM="$1"
P="${4:-64}"
POL="${5:-all}"
DIR="${2:-.}/sim_s4u_test_${P}_$(echo "$POL" | tr , _)"
SRC="$3"
NPOL=8
WORK=10
test "$P" -le 64 || WORK=1
WORK="${6:-$WORK}"
test "$POL" = all || NPOL=$(echo "$POL" | tr , '\n' | grep -c .)
mkdir -p "$DIR"
# check JSON N: N policies, all verified, the columns of the issue, done_s >= makespan
check_json() {
    python3 - "$1" "$2" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
n = int(sys.argv[2])
pol = d["policies"]
assert len(pol) == n, "%d policies, want %d" % (len(pol), n)
for p in pol:
    for k in ("policy", "makespan_s", "lower_bound_s", "efficiency", "verified", "done_s",
              "cpu_s", "peak_rss_mb", "lost", "twice"):
        assert k in p, "%s: no %s" % (p.get("policy"), k)
    assert p["verified"] is True and p["lost"] == 0 and p["twice"] == 0, p
    assert p["makespan_s"] >= p["lower_bound_s"] > 0, p
    assert p["done_s"] >= p["makespan_s"], p
    assert 0 < p["efficiency"] <= 1.000001, p
    assert p["cpu_s"] > 0 and p["peak_rss_mb"] > 0, p
    # the policy's own counters, summed over ranks: a grant successonly took is a steal
    # that succeeded or (a claim took the promised task first) failed; every policy with
    # counters lists them
    c = p.get("counters", {})
    assert all(v >= 0 for v in c.values()), p
    if p["policy"] == "successonly":
        assert c["replies"] <= p["steals_ok"] + p["steals_failed"], p
    if p["policy"] in ("a2ws", "ctws", "baseline", "successonly"):
        assert c, "%s: no counters" % p["policy"]
print("%s: %d policies verified" % (sys.argv[1], n))
EOF
}
for init in even one gauss70-10; do
    "$SIM" policy --stack-kib 16 --policy "$POL" --p "$P" --tasks-per-rank 10 --work-ms $WORK --work-dist uniform:0.5,1.5 \
        --init "$init" --json --csv "$DIR/$init.csv" > "$DIR/$init.json" 2> "$DIR/err" ||
        { echo "init $init: exit $?"; cat "$DIR/err"; exit 1; }
    check_json "$DIR/$init.json" "$NPOL"
    # CSV: a header and one row per policy; efficiency (8th) in (0, 1], verified true
    test "$(wc -l < "$DIR/$init.csv")" -eq $((NPOL + 1))
    head -1 "$DIR/$init.csv" | grep -q '^policy,p,tasks,speed,lambda_us,makespan_s,lower_bound_s,efficiency,.*,verified,done_s,cpu_s,peak_rss_mb,result_bytes,results,.*,route_hops_max$'
    awk -F, 'NR>1 { if ($8 <= 0 || $8 > 1.000001 || $20 != "true") { print; exit 1 } }' "$DIR/$init.csv"
done
test "$P" -eq 64 || { echo "ladro-sim policy at $P ranks ($POL): ok"; exit 0; }

# the example platforms: fat tree, torus, dragonfly (64 hosts each)
for f in fattree64 torus64 dragonfly64; do
    "$SIM" policy --policy random,a2ws,successonly --p 64 --platform "$SRC/platforms/$f.xml" \
        --json > "$DIR/$f.json" 2> "$DIR/err" || { echo "$f: exit $?"; cat "$DIR/err"; exit 1; }
    check_json "$DIR/$f.json" 3
    grep -q "\"platform\": \".*$f.xml\"" "$DIR/$f.json"
done
# fewer ranks than hosts: rank r on the r-th host
"$SIM" policy --policy ctws --p 10 --platform "$SRC/platforms/torus64.xml" --json > "$DIR/t10.json"
check_json "$DIR/t10.json" 1
# heterogeneous speeds: the runtime's speed emulation pads in simulated time, so a slower
# set of ranks takes longer for the same work
"$SIM" policy --policy random --p 16 --speed C3 --json > "$DIR/c3.json"
"$SIM" policy --policy random --p 16 --json > "$DIR/c0.json"
check_json "$DIR/c3.json" 1
python3 -c 'import json,sys; a,b=(json.load(open(f))["policies"][0] for f in sys.argv[1:]); assert a["lower_bound_s"] > b["lower_bound_s"] and a["makespan_s"] > b["makespan_s"], (a, b)' "$DIR/c3.json" "$DIR/c0.json"
# configuration keys reach the runtime: static never steals; chunk for one policy only
"$SIM" policy --policy static,random --p 16 --init one --json random:chunk=4 > "$DIR/keys.json"
check_json "$DIR/keys.json" 2
python3 -c 'import json,sys; s,r=json.load(open(sys.argv[1]))["policies"]; assert s["steals_tried"] == 0 and s["max_tasks_run"] == 160 and r["steals_ok"] > 0, (s, r)' "$DIR/keys.json"
# the same seed gives the same simulation
"$SIM" policy --policy a2ws --p 32 --seed 5 --csv "$DIR/s1.csv" > /dev/null
"$SIM" policy --policy a2ws --p 32 --seed 5 --csv "$DIR/s2.csv" > /dev/null
test "$(cut -d, -f1-21 "$DIR/s1.csv")" = "$(cut -d, -f1-21 "$DIR/s2.csv")"
# the engine's costs (docs/sim.md, "Costs"): each one makes the same run take longer
# (random without its guard: the guard's waves and reads move with every cost and change
# which victims the thieves draw); --costs this-machine (one 2-core host, costs as
# computation) runs every policy verified
for k in "random --rma-latencies 2" "random --rma-us 20" "leader --msg-us 200" \
         "random --poll-us 5" "random --wake-us 200" "random --task-overhead-us 100"; do
    pol=${k%% *}
    "$SIM" policy --policy "$pol" --p 16 --init one --rma-latencies 1 --json steal_guard=off > "$DIR/k0.json"
    # shellcheck disable=SC2086
    "$SIM" policy --policy "$pol" --p 16 --init one --rma-latencies 1 ${k#* } --json steal_guard=off > "$DIR/k1.json"
    check_json "$DIR/k1.json" 1
    python3 -c 'import json,sys; a,b=(json.load(open(f))["policies"][0] for f in sys.argv[1:3]); assert b["done_s"] > a["done_s"], (sys.argv[3], a["done_s"], b["done_s"])' "$DIR/k0.json" "$DIR/k1.json" "$k"
done
"$SIM" policy --policy all --p 16 --init gauss70-10 --costs this-machine --json > "$DIR/tm.json"
check_json "$DIR/tm.json" 8
grep -q '"costs": "this-machine".*"cores": 2' "$DIR/tm.json"
# shared cores: the same costs as computation on one 2-core host take longer than waits
# (spinning: backing off, random's rounds of up to 8 attempts between two sleeps made the
# shared-cores run the shorter, 0.117 against 0.120 s)
"$SIM" policy --policy random --p 16 --init one --rma-us 50 --json idle=spin > "$DIR/c0.json"
"$SIM" policy --policy random --p 16 --init one --rma-us 50 --cores 2 --json idle=spin > "$DIR/c1.json"
python3 -c 'import json,sys; a,b=(json.load(open(f))["policies"][0] for f in sys.argv[1:3]); assert b["done_s"] > a["done_s"], (a["done_s"], b["done_s"])' "$DIR/c0.json" "$DIR/c1.json"

# bad ARGS... -- TEXT: exit 2, one line of stderr that names TEXT, no CSV written
bad() {
    args=""
    while [ "$1" != "--" ]; do args="$args $1"; shift; done
    want="$2"
    code=0
    rm -f "$DIR/bad.csv"
    # shellcheck disable=SC2086
    "$SIM" policy $args --csv "$DIR/bad.csv" > "$DIR/out" 2> "$DIR/err" || code=$?
    test "$code" -eq 2 || { echo "exit $code (want 2):$args"; cat "$DIR/err"; exit 1; }
    test "$(wc -l < "$DIR/err")" -eq 1 || { echo "not one line:$args"; cat "$DIR/err"; exit 1; }
    grep -q -- "$want" "$DIR/err" || { echo "no '$want' in:"; cat "$DIR/err"; exit 1; }
    test ! -e "$DIR/bad.csv" || { echo "CSV written:$args"; exit 1; }
    test ! -s "$DIR/out" || { echo "stdout written:$args"; cat "$DIR/out"; exit 1; }
}
bad --policy fifo --p 4 -- "'fifo'.*accepted: static"
bad --p 4 --platform "$DIR/no-such.xml" -- "no-such.xml': cannot read"
bad --p 4 --platform "$SRC/tests/platforms/unclosed.xml" -- "unclosed.xml': not a platform SimGrid can load: Parse error"
bad --p 4 --platform "$SRC/tests/platforms/no_host.xml" -- "no host"
bad --p 4 --platform "$SRC/tests/platforms/bad_topology.xml" -- "bad_topology.xml': not a platform"
bad --p 65 --platform "$SRC/platforms/torus64.xml" -- "64 hosts for --p 65"
bad --p 4 random:no_such_key=1 -- "unknown configuration key 'no_such_key'"
bad --p 4 nopolicy:chunk=1 -- "unknown policy 'nopolicy'"
bad --p 4 chunk=x -- "chunk"
bad --p 4 emulate=spin -- emulate=spin
bad --p 4 policy=static -- "chosen by --policy"
bad --p 4 stray -- "argument 'stray'"
bad --p 0 -- "--p '0'"
bad --p 4 --speed C9 -- "--speed"
bad --p 4 --work-dist gauss:-1,2 -- "--work-dist"
bad --p 4 --lambda-us -3 -- "--lambda-us"
bad --p 4 --costs fast -- "--costs 'fast': accepted: flat, this-machine"
bad --p 4 --wake-us -1 -- "--wake-us"
bad --p 4 --cores 2 --platform "$SRC/platforms/torus64.xml" -- "--cores 2 with --platform"
echo "ladro-sim policy: ok"
