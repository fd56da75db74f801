#!/bin/sh
# --threads T: T shots at once per rank (each on a worker thread with its own wavefields)
# give the files of the single-threaded run, bit for bit: every gather of ladro-seismic
# (also with --no-progress-calls, the shots never calling ladro_progress) and the stacked
# ladro-rtm image; every shot runs exactly once (the program checks shots run = shots);
# a threaded run with a journal (LADRO_JOURNAL) SIGKILLed in the middle of shots and run
# again with the same journal gives the same files again.
#   threads_identical.sh BIN_DIR WORK_DIR MPIEXEC NUMPROC_FLAG [PREFLAGS...]
set -eu
bin=$1 work=$2 mpiexec=$3 npflag=$4
shift 4
. "$(dirname "$0")/launch.sh"
args="--dims 32,32,24 --shots 3,2 --nb 16 --alpha 0.02 --tmax 0.4 --receivers line --quiet"
same() { # every shot file of $1 identical in $2
    for f in "$1"/shot_*.su; do cmp "$f" "$2/$(basename "$f")"; done
}
launch 1 "$@" "$bin/ladro-seismic" $args --out "$work/ref" --policy static
for pol in baseline ctws; do
    launch 2 "$@" "$bin/ladro-seismic" $args --out "$work/t3-$pol" --policy $pol --threads 3 \
        --no-progress-calls | tee "$work/t3-$pol.log"
    grep -q "2 ranks x 3 threads: 6 shots run (0 done before)" "$work/t3-$pol.log" || {
        echo "the threaded $pol run did not report 6 shots on 2 ranks x 3 threads"; exit 1; }
    same "$work/ref" "$work/t3-$pol"
done
echo "ladro-seismic: 2 ranks x 3 threads (baseline, ctws; no ladro_progress) = 1 rank x 1 thread"

# killed halfway through a shot after 2 shots done on the rank, then resumed threaded. A
# shot is journaled when its result is home at its owner, which the program cannot see:
# under load a kill can come before any result got home (nothing journaled). Such a try
# says nothing of the resume, so it is made again, at most 3 times; every try's resume
# must still give the same files.
before=0 try=0
while [ "$before" -eq 0 ] && [ $try -lt 3 ]; do
    try=$((try + 1))
    rm -rf "$work/kill-jnl" "$work/kill"
    if LADRO_JOURNAL="$work/kill-jnl" launch 2 "$@" "$bin/ladro-seismic" $args --out "$work/kill" \
        --threads 2 --die-after 2 >"$work/kill.log" 2>&1; then
        echo "the killed threaded run exited 0"; exit 1
    fi
    LADRO_JOURNAL="$work/kill-jnl" launch 2 "$@" "$bin/ladro-seismic" $args --out "$work/kill" \
        --threads 2 | tee "$work/resume.log"
    before=$(sed -n 's/.*shots run (\([0-9]*\) done before).*/\1/p' "$work/resume.log")
    [ -n "$before" ] && [ "$before" -lt 6 ] || {
        echo "expected 0..5 shots from the journal, got '$before'"; exit 1; }
    same "$work/ref" "$work/kill"
done
[ "$before" -ge 1 ] || { echo "no shot journaled before the kill in $try tries"; exit 1; }
same "$work/ref" "$work/kill"
echo "ladro-seismic: threaded run killed with $before of 6 shots journaled, resumed: identical"

rargs="--dims 24,24,20 --nb 12 --alpha 0.03 --tmax 0.3 --quiet"
launch 1 "$@" "$bin/ladro-rtm" $rargs --out "$work/rtm1" --policy static
launch 2 "$@" "$bin/ladro-rtm" $rargs --out "$work/rtm2t2" --policy successonly --threads 2
cmp "$work/rtm1/image.f64" "$work/rtm2t2/image.f64"
echo "ladro-rtm: 2 ranks x 2 threads (successonly) image = 1 rank x 1 thread image"
