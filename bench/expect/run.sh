#!/usr/bin/env bash
# make bench-check: the expectations about speed (one policy against another, detection
# and efficiency on simulated ranks) that docs/results.md and the policy pages state.
# They are benchmarks, not tests: a change to one policy may move another's numbers. Each
# check prints its numbers and whether its expectation held; this script never fails
# (exit 0), it reports. Every run inside a check is also verified exactly-once: a run
# that is not shows as "NOT HELD" with the reason.
# Usage: run.sh BUILD [OUT]   (OUT: default BUILD/results/expect; ONLY=name,name runs some)
set -u
BUILD=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
BUILD=$(cd "$BUILD" 2>/dev/null && pwd) || { echo "bench-check: no build directory '$1'"; exit 0; }
OUT=${2:-$BUILD/results/expect}
mkdir -p "$OUT"
SIM=$BUILD/bin/ladro-sim
SYNTH=$BUILD/bin/ladro-synth
held=0 failed=0 skipped=0
summary=""

# check NAME WHAT -- COMMAND...: runs COMMAND (its output in OUT/NAME.log), shows the
# numbers it printed and whether the expectation held.
check() {
    local name=$1 what=$2
    shift 3
    if [ -n "${ONLY:-}" ] && [[ ",$ONLY," != *",$name,"* ]]; then
        return
    fi
    echo "=== $name: $what"
    local t0=$SECONDS rc=0
    "$@" > "$OUT/$name.log" 2>&1 || rc=$?
    grep -v '^Traceback\|^  File \|^    \|^AssertionError' "$OUT/$name.log" | sed 's/^/    /'
    local verdict
    if [ "$rc" -eq 0 ]; then
        verdict="held"
        held=$((held + 1))
    elif [ "$rc" -eq 77 ]; then
        verdict="skipped"
        skipped=$((skipped + 1))
    else
        verdict="NOT HELD: $(grep -m1 '^AssertionError\|: exit [0-9]' "$OUT/$name.log" || echo "exit $rc")"
        failed=$((failed + 1))
    fi
    echo "--- $name: $verdict ($((SECONDS - t0)) s)"
    summary="$summary$(printf '%-18s %s' "$name" "$verdict")
"
}

need_sim() { # skip (77) when this build has no ladro-sim policy (SimGrid) or no python3
    command -v python3 > /dev/null || { echo "python3 not installed"; return 77; }
    "$SIM" policy --p 1 --tasks-per-rank 1 --quiet > /dev/null 2>&1 ||
        { echo "ladro-sim policy not built (SimGrid missing)"; return 77; }
}
sim() { # sim SCRIPT ARGS...: a ladro-sim check, skipped without SimGrid
    need_sim || return $?
    sh "$here/$1" "$SIM" "$OUT" "${@:2}"
}
balance() { # a2ws_balance.sh on 4 real ranks, as docs/policies/a2ws.md describes it
    command -v python3 > /dev/null || { echo "python3 not installed"; return 77; }
    LADRO_EXPECT_NP=4 bash "$here/a2ws_balance.sh" -- \
        bash "$root/scripts/mpirun.sh" -np 4 "$SYNTH" --policy a2ws --tasks-per-rank 40 \
        --work-ms 5 --speed 1,0.25 --verify --json
}
balance_pt2pt() { OMPI_MCA_osc=pt2pt balance; }

check ctws_tokens "ctws at 256 simulated ranks: detection < 1 ms spinning; auto tokens faster than one; with probes within 5 % of random, 10 % of a2ws" \
    -- sim ctws_tokens.sh
check a2ws_whole_ring "a2ws: whole ring reaches efficiency 0.95 on C5 at 128 ranks (a quarter: <= 0.8); with its probe >= 0.8 of random at 256" \
    -- sim a2ws_whole_ring.sh
check a2ws_horizon "a2ws beyond its horizon (256 ranks, radius=64): with its probe >= 0.8 of random's efficiency, paper=1 (no probe) not" \
    -- sim a2ws_horizon.sh
check backoff_pace "backoff_pace=0.25 at least halves detection for six policies at 256 backing-off ranks; static unchanged" \
    -- sim backoff_pace.sh
check steal_guard "steal_guard=pace on C5 speeds (128 and 1 024 ranks): efficiency thresholds per policy, with and without the guard" \
    -- sim steal_guard.sh
check wake "idle ranks woken by messages: detection < 0.5 ms with 2 ms pauses, every policy, 64 ranks" \
    -- sim wake.sh
check termination "detection within 1 ms of the last task at 1 024 spinning ranks, every policy but static" \
    -- sim termination.sh leader,random,ctws,a2ws,baseline,successonly,smallworld
check a2ws_balance "a2ws on 4 real ranks of speeds 1 and 0.25: fast ranks run >= 2x the tasks of slow ones" \
    -- balance
check a2ws_balance_pt2pt "the same under Open MPI's osc pt2pt" -- balance_pt2pt

echo
echo "bench-check: $held held, $failed not held, $skipped skipped (logs: $OUT)"
printf '%s' "$summary"
exit 0
