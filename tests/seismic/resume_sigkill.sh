#!/bin/sh
# Restartable jobs: a run whose ranks are SIGKILLed in the middle of a shot, then resumed,
# gives the same files (every shot gather, the stacked RTM image) as an uninterrupted run,
# and no shot is lost or run twice after the journal said it was done. Two kinds of kill:
# every rank raises SIGKILL halfway through its second shot (--die-after 1, deterministic),
# and the whole job (launcher and ranks) is SIGKILLed from outside once the journal holds a
# shot (ladro-seismic, 24 shots so that the kill lands mid-run).
#   resume_sigkill.sh BIN_DIR WORK_DIR MPIEXEC NUMPROC_FLAG [PREFLAGS...]
set -eu
bin=$1 work=$2 mpiexec=$3 npflag=$4
shift 4
. "$(dirname "$0")/launch.sh"
for app in seismic rtm; do
    args="--dims 32,32,28 --shots 3,2 --nb 16 --alpha 0.02 --tmax 0.5 --quiet"
    launch 2 "$@" "$bin/ladro-$app" $args --out "$work/$app-ref"
    if launch 2 "$@" "$bin/ladro-$app" $args --out "$work/$app-run" --die-after 1 \
        >"$work/$app-kill.log" 2>&1; then
        echo "the killed run of ladro-$app exited 0"; exit 1
    fi
    before=$(grep -c '^shot' "$work/$app-run/journal.txt" || true)
    echo "ladro-$app: killed with $before of 6 shots in the journal"
    [ "$before" -ge 1 ] && [ "$before" -lt 6 ] || { echo "expected 1..5 shots done"; exit 1; }
    launch 2 "$@" "$bin/ladro-$app" $args --out "$work/$app-run" --resume | tee "$work/$app-resume.log"
    grep -q "shots run ($before done before)" "$work/$app-resume.log" || {
        echo "resume did not skip exactly the $before journaled shots"; exit 1; }
    for f in "$work/$app-ref"/*.su "$work/$app-ref"/*.f64; do
        [ -e "$f" ] || continue
        cmp "$f" "$work/$app-run/$(basename "$f")"
    done
    after=$(grep -c '^shot' "$work/$app-run/journal.txt")
    [ "$after" -eq 6 ] || { echo "journal has $after shots, expected 6"; exit 1; }
    ls "$work/$app-run" | grep -q '\.tmp\.' && { echo "stale temporary files left"; exit 1; }
    echo "ladro-$app: resumed run identical to the uninterrupted one"
done

# external SIGKILL of the job: the launcher and all its descendants, by process id
descendants() { for c in $(ps -o pid= --ppid "$1"); do descendants "$c"; echo "$c"; done; }
args="--dims 32,32,28 --shots 6,4 --nb 16 --alpha 0.02 --tmax 0.5 --quiet"
launch 2 "$@" "$bin/ladro-seismic" $args --out "$work/ext-ref"
LADRO_EXPECT_NP=2 "$mpiexec" "$npflag" 2 "$@" "$bin/ladro-seismic" $args \
    --out "$work/ext-run" >"$work/ext-kill.log" 2>&1 &
job=$!
i=0
until [ -s "$work/ext-run/journal.txt" ] || [ $i -ge 1200 ]; do sleep 0.02; i=$((i + 1)); done
pids="$(descendants $job) $job"
kill -KILL $pids 2>/dev/null || true
wait $job 2>/dev/null || true
before=$(grep -c '^shot' "$work/ext-run/journal.txt" || true)
echo "ladro-seismic: job SIGKILLed from outside with $before of 24 shots in the journal"
[ "$before" -ge 1 ] && [ "$before" -lt 24 ] || { echo "expected 1..23 shots done"; exit 1; }
launch 2 "$@" "$bin/ladro-seismic" $args --out "$work/ext-run" --resume | tee "$work/ext-resume.log"
grep -q "shots run ($before done before)" "$work/ext-resume.log" || {
    echo "resume did not skip exactly the $before journaled shots"; exit 1; }
for f in "$work/ext-ref"/*.su; do cmp "$f" "$work/ext-run/$(basename "$f")"; done
[ "$(grep -c '^shot' "$work/ext-run/journal.txt")" -eq 24 ] || { echo "journal incomplete"; exit 1; }
echo "ladro-seismic: resumed after an external SIGKILL, identical to the uninterrupted run"
