#!/bin/bash
# A program's run killed midway and resumed from its journal (LADRO_JOURNAL): the first
# run on NP1 ranks is SIGKILLed (every process of the job) once its journal holds records,
# the second on NP2 ranks resumes it; it must exit 0, print OK_REGEX (the program's own
# check: ladro-synth --verify's exactly-once line, ladro-uts --expect's exact counts) and
# say that it took tasks from the journal.
#   journal_resume.sh PROG MPIEXEC NP1 NP2 OK_REGEX PROG_ARGS...
#   (extra mpiexec flags: JOURNAL_MPIEXEC_FLAGS)
set -u
synth=$1 mpiexec=$2 np1=$3 np2=$4 ok=$5; shift 5
flags=${JOURNAL_MPIEXEC_FLAGS:-}
dir=$(mktemp -d /tmp/ladro-jresume.XXXXXX)
trap 'rm -rf "$dir"' EXIT
export LADRO_JOURNAL=$dir/j
for try in 1 2 3; do # until the kill lands in the middle of the run
    rm -rf "$dir/j"
    setsid $mpiexec $flags -n "$np1" "$synth" "$@" > "$dir/out1" 2>&1 &
    job=$!
    for ((w = 0; w < 200; w++)); do # until the journal holds records
        [ "$(cat "$dir"/j/rank-*.jnl 2> /dev/null | wc -c)" -gt $((np1 * 48 + 2000)) ] && break
        sleep 0.05
    done
    for p in $(ps -o pid= -s "$job"); do kill -KILL "$p" 2> /dev/null; done
    wait "$job" 2> /dev/null
    grep -q -- "$ok" "$dir/out1" || break # finished before the kill: try again
done
$mpiexec $flags -n "$np2" "$synth" "$@" > "$dir/out2" 2>&1
rc=$?
cat "$dir/out2"
[ $rc -eq 0 ] && grep -q -- "$ok" "$dir/out2" &&
    grep -q "journal: [1-9][0-9]* tasks taken from it" "$dir/out2"
