#!/bin/bash
# Kill a journaled run at random moments and resume it until it completes; the last run
# verifies exactly-once completion and results over the union of the runs
# (tests/journal_run.c).
#   journal_kill.sh EXE MPIEXEC POLICY SPAWN RESULTS KILLS NP1 NP2 [M] [TASK_US]
# Runs KILLS times on NP1 ranks (alternating with NP2), each SIGKILLed after a random
# 0.8-2.5 s (JOURNAL_KILL_MIN, JOURNAL_KILL_SPAN) — the whole job, or one rank's process on odd kills — then once more on NP2
# without a kill, which must exit 0 with "verified". A killed run that finished first is
# fine (the next one resumes a complete journal). Extra mpiexec flags: JOURNAL_MPIEXEC_FLAGS.
set -u
exe=$1 mpiexec=$2 policy=$3 spawn=$4 results=$5 kills=$6 np1=$7 np2=$8
m=${9:-3000} us=${10:-300}
dir=$(mktemp -d /tmp/ladro-jnl.XXXXXX)
trap 'rm -rf "$dir"' EXIT
export LADRO_POLICY=$policy
flags=${JOURNAL_MPIEXEC_FLAGS:-}
# every process of the job's session (Open MPI puts each rank in a process group of its own)
kill_job() {
    local s=$1 p
    for ((w = 0; w < 50; w++)); do
        p=$(ps -o pid= -s "$s" 2> /dev/null)
        [ -z "$p" ] && return 0
        kill -KILL $p 2> /dev/null
        sleep 0.1
    done
    echo "journal_kill: processes of session $s survive SIGKILL"; exit 1
}
for ((k = 0; k < kills; k++)); do
    np=$(( k % 2 ? np2 : np1 ))
    setsid $mpiexec $flags -n "$np" "$exe" "$dir" "$m" "$spawn" "$results" "$us" \
        > "$dir/out.$k" 2>&1 &
    job=$!
    delay=$(awk -v s="$RANDOM" -v lo="${JOURNAL_KILL_MIN:-0.8}" -v span="${JOURNAL_KILL_SPAN:-1.7}" \
            'BEGIN { srand(s); printf "%.2f", lo + span * rand() }')
    sleep "$delay"
    how="finished before the kill"
    if kill -0 "$job" 2> /dev/null; then
        how="killed after $delay s ($( (( k % 2 )) && echo one rank || echo whole job))"
        if (( k % 2 )); then # one rank: a process of the job's group running the program
            victim=$(ps -o pid=,comm= -s "$job" | awk -v e="$(basename "$exe")" \
                     '$2 == substr(e, 1, 15) { print $1 }' | shuf -n 1)
            [ -n "$victim" ] && kill -KILL "$victim" 2> /dev/null
            sleep 0.5
        fi
    fi
    kill_job "$job"
    wait "$job" 2> /dev/null
    echo "run $k on $np ranks: $how; journal $(cat "$dir"/rank-*.jnl 2> /dev/null | wc -c) bytes"
    if grep -q "LADRO_E" "$dir/out.$k"; then # a refused journal is a failure, not a kill
        echo "journal_kill: run $k:"; cat "$dir/out.$k"; exit 1
    fi
done
ls -l "$dir"
$mpiexec $flags -n "$np2" "$exe" "$dir" "$m" "$spawn" "$results" "$us" > "$dir/out.final" 2>&1
rc=$?
cat "$dir/out.final"
[ $rc -eq 0 ] && grep -q "verified" "$dir/out.final" || { echo "journal_kill: final run failed (rc $rc)"; exit 1; }
echo "journal_kill: $policy spawn=$spawn results=$results: $kills kills, verified"
