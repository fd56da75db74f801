#!/bin/sh
# ladro-sim policy: the configurations whose speed make bench-check measures
# (bench/expect/) run every task exactly once and terminate, on 64 simulated ranks:
# ctws's default (several tokens, probes) and the paper's (one token, the finish token);
# a2ws with a quarter of the ring, with its probe and as the paper runs it (no probe); the idle back-off capped by the pace; the steal guard on
# C5 speeds (every policy that steals); idle ranks
# spinning with long pauses. Only behaviour is asserted: verified, nothing lost or run
# twice, LADRO_DONE after the last task, and slow ranks declining steals under the guard,
# but next to never where tasks differ in length (a search; exponential durations), whose
# paces tell tasks apart, not speeds; a2ws moving no task between like ranks of like loads.
# Usage: keys_test.sh LADRO-SIM OUTDIR
set -e
SIM="$1"
DIR="${2:-.}/sim_keys_test"
rm -rf "$DIR" # the check below reads every JSON there: none from an earlier version
mkdir -p "$DIR"
. "$(dirname "$0")/../../bench/expect/sim_json.sh" # run NAME ARGS...: $DIR/NAME.json
G="--stack-kib 16 --p 64 --tasks-per-rank 8 --work-ms 2 --work-dist uniform:0.5,1.5 --init gauss70-10 --lambda-us 5 --seed 1"
C5="--stack-kib 16 --p 64 --speed C5 --tasks-per-rank 12 --work-ms 100 --work-dist const --init even --seed 1 idle=backoff"
run ctws_spin --policy ctws $G idle=spin
run ctws_default --policy ctws $G
run ctws_paper --policy ctws $G paper=1
run a2ws_quarter_paper --policy a2ws,random $G paper=1 a2ws:radius=16
run a2ws_quarter_probe --policy a2ws $G radius=16
run pace --policy all $G idle=backoff backoff_pace=0.25
run wake --policy all $G idle=spin backoff_min_us=2000 backoff_max_us=2000
run guard --policy random,baseline,successonly,smallworld,a2ws $C5 steal_guard=pace
run guard_ctws --policy ctws $C5 steal_guard=pace
run guard_a2ws_quarter --policy a2ws $C5 steal_guard=pace radius=16
STEALERS=random,baseline,successonly,smallworld,ctws,a2ws
# (tasks of 20 ms on average: the exponential tail's idle rounds cost a fifth of 100 ms's)
run unequal_exp --policy $STEALERS $(echo "$C5" | sed 's/const/exp/; s/-ms 100/-ms 20/') steal_guard=pace
run unequal_search --policy $STEALERS --app nqueens -n 13 --stack-kib 16 --p 64 --speed C5 --seed 1 steal_guard=pace
# one speed, equal loads: a2ws by name reads no old news as slowness (the paper's
# elapsed-time rule moves tasks here, from ranks whose first task's end is still on its way)
run even_a2ws --policy a2ws --stack-kib 16 --p 64 --tasks-per-rank 10 --work-ms 10 --work-dist const --init even --seed 1 idle=spin
python3 - "$DIR" <<'PY'
import glob, json, os, sys
n = 0
for f in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
    for p in json.load(open(f))["policies"]:
        name = "%s/%s" % (os.path.basename(f)[:-5], p["policy"])
        assert p["verified"] is True and p["lost"] == 0 and p["twice"] == 0, (name, p)
        assert p["done_s"] >= p["makespan_s"] > 0, (name, p)
        # the guard's slow ranks decline steals (the C5 speeds make them; a2ws on the whole
        # ring caps its equations' amounts, leaving its slow thieves nothing to decline)
        assert not name.startswith("guard") or name == "guard/a2ws" or \
            p["steals_declined"] > 0, (name, p)
        # tasks unequal: the guard weighs no pace, whatever the speeds (a rank whose first
        # few exponential durations happen to be alike may decline a few)
        assert not name.startswith("unequal") or \
            p["steals_declined"] <= 0.01 * p["steals_tried"], (name, p)
        # ranks alike with tasks alike: nothing to move
        assert not name.startswith("even") or p["tasks_moved"] == 0, (name, p)
        n += 1
assert n == 42, "%d runs, want 42" % n
print("ladro-sim policy: %d runs of the benchmarked configurations verified" % n)
PY
