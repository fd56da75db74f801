#!/bin/sh
# Restartable jobs through the library's journal (LADRO_JOURNAL): a run whose ranks are
# SIGKILLed in the middle of a shot, then run again with the same journal, gives the same
# files (every shot gather, the stacked RTM image) as an uninterrupted run, bit for bit,
# and runs no shot the journal holds as completed (the program checks shots run + shots
# from the journal = all shots). Two kinds of kill: every rank raises SIGKILL halfway
# through its second shot (--die-after 1, deterministic; ladro-seismic and ladro-rtm),
# and the whole job (launcher and ranks) is SIGKILLed from outside once the journal holds
# a shot (ladro-seismic, 24 shots so that the kill lands mid-run; resumed on 3 ranks).
# Then the refusals: a completed shot whose output is gone or damaged (the message names
# the file), a resume with other parameters (journal_id), the old --resume flag; each
# leaves the journal as it was.
#   resume_sigkill.sh BIN_DIR WORK_DIR MPIEXEC NUMPROC_FLAG [PREFLAGS...]
set -eu
bin=$1 work=$2 mpiexec=$3 npflag=$4
shift 4
. "$(dirname "$0")/launch.sh"
records() { # the journal's size past the rank files' 48-byte headers
    cat "$1"/rank-*.jnl 2>/dev/null | wc -c | awk -v n="$(ls "$1" 2>/dev/null | wc -l)" \
        '{ print $1 - 48 * n }'
}
resumed() { # "N" of "shots run (N done before)" in $1, checked in 1..$2-1
    n=$(sed -n 's/.*shots run (\([0-9]*\) done before).*/\1/p' "$1")
    [ -n "$n" ] && [ "$n" -ge 1 ] && [ "$n" -lt "$2" ] || {
        echo "$1: expected 1..$(($2 - 1)) shots from the journal, got '${n}'"; exit 1; }
    echo "$n"
}
for app in seismic rtm; do
    args="--dims 32,32,28 --shots 3,2 --nb 16 --alpha 0.02 --tmax 0.5 --quiet"
    launch 2 "$@" "$bin/ladro-$app" $args --out "$work/$app-ref"
    if LADRO_JOURNAL="$work/$app-jnl" launch 2 "$@" "$bin/ladro-$app" $args \
        --out "$work/$app-run" --die-after 1 >"$work/$app-kill.log" 2>&1; then
        echo "the killed run of ladro-$app exited 0"; exit 1
    fi
    [ "$(records "$work/$app-jnl")" -gt 0 ] || { echo "ladro-$app: empty journal"; exit 1; }
    LADRO_JOURNAL="$work/$app-jnl" launch 2 "$@" "$bin/ladro-$app" $args \
        --out "$work/$app-run" | tee "$work/$app-resume.log"
    before=$(resumed "$work/$app-resume.log" 6)
    echo "ladro-$app: killed with $before of 6 shots in the journal"
    for f in "$work/$app-ref"/*.su "$work/$app-ref"/*.f64; do
        [ -e "$f" ] || continue
        cmp "$f" "$work/$app-run/$(basename "$f")"
    done
    ls "$work/$app-run" | grep -q '\.tmp\.' && { echo "stale temporary files left"; exit 1; }
    echo "ladro-$app: resumed run identical to the uninterrupted one"
done

# external SIGKILL of the job: the launcher and all its descendants, by process id
descendants() { for c in $(ps -o pid= --ppid "$1"); do descendants "$c"; echo "$c"; done; }
args="--dims 32,32,28 --shots 6,4 --nb 16 --alpha 0.02 --tmax 0.5 --quiet"
launch 2 "$@" "$bin/ladro-seismic" $args --out "$work/ext-ref"
LADRO_JOURNAL="$work/ext-jnl" LADRO_EXPECT_NP=2 "$mpiexec" "$npflag" 2 "$@" \
    "$bin/ladro-seismic" $args --out "$work/ext-run" >"$work/ext-kill.log" 2>&1 &
job=$!
i=0
until [ "$(records "$work/ext-jnl")" -gt 0 ] || [ $i -ge 1200 ]; do sleep 0.02; i=$((i + 1)); done
pids="$(descendants $job) $job"
kill -KILL $pids 2>/dev/null || true
wait $job 2>/dev/null || true
LADRO_JOURNAL="$work/ext-jnl" launch 3 "$@" "$bin/ladro-seismic" $args \
    --out "$work/ext-run" | tee "$work/ext-resume.log" # resumed on 3 ranks
before=$(resumed "$work/ext-resume.log" 24)
for f in "$work/ext-ref"/*.su; do cmp "$f" "$work/ext-run/$(basename "$f")"; done
echo "ladro-seismic: resumed on 3 ranks after an external SIGKILL with $before of 24 shots" \
    "journaled, identical to the uninterrupted run"

# refusals, each leaving the journal as it was
refused() { # refused CODE REGEX LOG
    grep -q -- "$2" "$3" || { echo "expected '$2' in $3:"; cat "$3"; exit 1; }
}
args="--dims 32,32,28 --shots 3,2 --nb 16 --alpha 0.02 --tmax 0.5 --quiet"
sum0=$(cat "$work/seismic-jnl"/rank-*.jnl | cksum)
mv "$work/seismic-run/shot_00000.su" "$work/shot0.su"
if LADRO_JOURNAL="$work/seismic-jnl" launch 2 "$@" "$bin/ladro-seismic" $args \
    --out "$work/seismic-run" >"$work/gone.log" 2>&1; then
    echo "a resume with a completed shot's output missing exited 0"; exit 1
fi
refused 1 "shot 0 is completed in the journal but its output is unreadable: .*seismic-run/shot_00000.su" "$work/gone.log"
head -c 1000 "$work/shot0.su" > "$work/seismic-run/shot_00000.su"
if LADRO_JOURNAL="$work/seismic-jnl" launch 2 "$@" "$bin/ladro-seismic" $args \
    --out "$work/seismic-run" >"$work/bad.log" 2>&1; then
    echo "a resume with a completed shot's output cut short exited 0"; exit 1
fi
refused 1 "shot 0 is completed in the journal but its output .*seismic-run/shot_00000.su is corrupt (1000 bytes" "$work/bad.log"
mv "$work/shot0.su" "$work/seismic-run/shot_00000.su"
if LADRO_JOURNAL="$work/seismic-jnl" launch 2 "$@" "$bin/ladro-seismic" $args --fpeak 9 \
    --out "$work/seismic-run" >"$work/other.log" 2>&1; then
    echo "a resume with another --fpeak exited 0"; exit 1
fi
refused 1 "rank-0.jnl: written by another program or configuration.*another model, geometry or shot set" "$work/other.log"
set +e
LADRO_EXPECT_NP=1 "$mpiexec" "$npflag" 1 "$@" "$bin/ladro-seismic" --resume >"$work/old.log" 2>&1
rc=$?
set -e
[ $rc -eq 2 ] || { echo "--resume exited $rc, expected 2"; exit 1; }
refused 2 "^ladro-seismic: --resume was replaced by the library's journal: set LADRO_JOURNAL=DIR" "$work/old.log"
[ "$(cat "$work/seismic-jnl"/rank-*.jnl | cksum)" = "$sum0" ] || {
    echo "a refused resume changed the journal"; exit 1; }
LADRO_JOURNAL="$work/seismic-jnl" launch 2 "$@" "$bin/ladro-seismic" $args \
    --out "$work/seismic-run" | tee "$work/again.log"
grep -q "0 shots run (6 done before)" "$work/again.log" || {
    echo "a complete journal's run ran shots again"; exit 1; }
echo "ladro-seismic: refused a missing and a damaged output, other parameters and --resume;" \
    "the journal unchanged; a complete journal runs nothing"
