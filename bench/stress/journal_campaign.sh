#!/usr/bin/env bash
# Kill-and-resume campaign for the journal (LADRO_JOURNAL; not part of CI).
#
#   bench/stress/journal_campaign.sh [--minutes M (20)] [--kills K (4)] [--build DIR (build)]
#                                    [--out DIR (build/results/stress-journal)] [--seed S]
#
# Each job draws a policy, spawning or not, results on or off, 1 or 2 worker threads per
# rank (LADRO_THREADS), two rank counts in 2..8, a task count and a task length, then runs tests/journal_kill.sh: K runs each SIGKILLed
# at a random moment (the whole job, or one rank's process, alternately; the runs
# alternate between the two rank counts), then a final run that must complete and verify
# exactly-once completion and results over the union of the runs (tests/journal_run.c).
# One line per job in DIR/jobs.csv (policy, spawn, results, threads, np1, np2, tasks, task_us,
# kills that hit a running job, outcome); failures' logs in DIR/fail-*.log. The totals
# (jobs, kills, failures) are printed at the end and written to DIR/summary.txt.
set -u
minutes=20 kills=4 build=build out=build/results/stress-journal seed=$$
while [ $# -gt 0 ]; do
  case "$1" in
    --minutes) minutes=$2; shift 2 ;;
    --kills) kills=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    *) echo "journal_campaign.sh: unknown argument '$1' (see the header)" >&2; exit 2 ;;
  esac
done
here=$(cd "$(dirname "$0")/../.." && pwd)
exe=$build/bin/journal_run
[ -x "$exe" ] || { echo "journal_campaign.sh: $exe missing: build first" >&2; exit 1; }
mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_MCA_rmaps_base_oversubscribe=1
export JOURNAL_MPIEXEC_FLAGS=--oversubscribe
policies=(static leader random ctws a2ws baseline successonly smallworld)
RANDOM=$seed
echo "policy,spawn,results,threads,np1,np2,tasks,task_us,kills_hit,outcome" > "$out/jobs.csv"
end=$(( $(date +%s) + 60 * minutes ))
jobs=0 hit=0 failed=0
while [ "$(date +%s)" -lt "$end" ]; do
    p=${policies[RANDOM % ${#policies[@]}]}
    sp=$((RANDOM % 2)) rs=$((RANDOM % 2)) th=$((1 + RANDOM % 2))
    np1=$((2 + RANDOM % 7)) np2=$((2 + RANDOM % 7))
    m=$((1000 + RANDOM % 6000)) us=$((50 + RANDOM % 600))
    log=$out/job-$jobs.log
    LADRO_THREADS=$th JOURNAL_KILL_MIN=0.6 JOURNAL_KILL_SPAN=2.5 \
        bash "$here/tests/journal_kill.sh" "$exe" mpiexec "$p" "$sp" "$rs" "$kills" "$np1" "$np2" \
        "$m" "$us" > "$log" 2>&1
    rc=$?
    k=$(grep -c "^run [0-9]* on .*: killed" "$log")
    outcome=ok
    if [ $rc -ne 0 ]; then outcome=FAIL; failed=$((failed + 1)); mv "$log" "$out/fail-$jobs.log"
    else rm -f "$log"; fi
    echo "$p,$sp,$rs,$th,$np1,$np2,$m,$us,$k,$outcome" >> "$out/jobs.csv"
    jobs=$((jobs + 1)) hit=$((hit + k))
done
printf "journal campaign: %d jobs, %d kills of a running job, %d failed\n" "$jobs" "$hit" "$failed" \
    | tee "$out/summary.txt"
[ $failed -eq 0 ]
