#!/bin/sh
# Calibration: the same workload through the real runtime (ladro-synth, MPI) and through
# the simulator (ladro-sim policy), per policy; prints a CSV row per (scenario, policy) with
# the median real makespan of REPS runs (interleaved: each round runs every policy once),
# the simulated one and their ratio, and the same
# for the efficiency (lower bound / makespan). Both makespans run to LADRO_DONE
# (termination detection included): ladro-synth's `makespan`, ladro-sim's `done_s`.
# usage: bench/sim-calibrate/calibrate.sh [build-dir] > build/results/calibration.csv
# SIM_EXTRA="--costs this-machine" adds simulator-only flags (the engine's costs fitted to
# this machine: fit.py); REAL_CSV=file reuses the real medians of an earlier output
# instead of running MPI again.
set -e
BUILD="${1:-build}"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
REPS="${REPS:-3}"
MPIRUN="${MPIRUN:-scripts/mpirun.sh}"
# the policy names: the "policies:" line of ladro-synth --help
POLICIES=${POLICIES:-$("$BUILD/bin/ladro-synth" --help 2>&1 | sed -n 's/^policies: //p')}
echo "scenario,np,policy,real_makespan_median,real_efficiency_median,sim_makespan,sim_efficiency,ratio_makespan_sim_real,ratio_efficiency_sim_real,real_steals_ok,sim_steals_ok,real_steals_failed,sim_steals_failed"
med() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
# first occurrence of a key (the run-wide value, before any per-rank array)
field() { sed 's/"per_rank".*//; s/"policies": \[//' | sed -n "s/^[^{]*{.*\"$1\": \([0-9.e+-]*\).*/\1/p"; }
run_scn() { # name np synth-and-sim-args...
    name=$1; np=$2; shift 2
    # The real runs, interleaved: round r runs every policy once, so a slow spell of the
    # machine falls on every policy alike instead of on the REPS runs of one.
    if [ -z "$REAL_CSV" ]; then
        for pol in $POLICIES; do : > "$TMP/real-$pol.txt"; done
        r=0
        while [ $r -lt "$REPS" ]; do
            for pol in $POLICIES; do
                timeout 300 "$MPIRUN" -np "$np" "$BUILD/bin/ladro-synth" --policy "$pol" "$@" --json \
                    2>/dev/null | head -1 >> "$TMP/real-$pol.txt" || true
            done
            r=$((r + 1))
        done
    fi
    for pol in $POLICIES; do
        # shellcheck disable=SC2086
        "$BUILD/bin/ladro-sim" policy --policy "$pol" --p "$np" "$@" $SIM_EXTRA --json > "$TMP/sim.json" 2>/dev/null || continue
        if [ -n "$REAL_CSV" ]; then
            row=$(awk -F, -v s="$name" -v n="$np" -v p="$pol" '$1==s && $2==n && $3==p' "$REAL_CSV")
            [ -n "$row" ] || continue
            rm_=$(echo "$row" | cut -d, -f4); re_=$(echo "$row" | cut -d, -f5)
            rok=$(echo "$row" | cut -d, -f10); rfail=$(echo "$row" | cut -d, -f12)
        else
            real=$TMP/real-$pol.txt
            rm_=$(field makespan < "$real" | med)
            re_=$(field efficiency < "$real" | med)
            rok=$(field steals_ok < "$real" | med)
            rfail=$(field steals_failed < "$real" | med)
        fi
        sm=$(field done_s < "$TMP/sim.json")
        se=$(echo "$(field lower_bound_s < "$TMP/sim.json") $sm" | awk '{printf "%.6f", $1/$2}')
        sok=$(field steals_ok < "$TMP/sim.json")
        sfail=$(field steals_failed < "$TMP/sim.json")
        echo "$name,$np,$pol,$rm_,$re_,$sm,$se,$(echo "$sm $rm_" | awk '{printf "%.3f", $1/$2}'),$(echo "$se $re_" | awk '{printf "%.3f", $1/$2}'),$rok,$sok,$rfail,$sfail"
    done
}
# The scenarios of the calibration (one set of engine costs for every policy), from
# scenarios.txt: heterogeneous nodes (A2WS configuration C1), 60 tasks of 10 ms per rank,
# and the SMPI study's workload (gauss70-10 placement, 8 tasks of 2 ms per rank), at 8 and
# 16 ranks.
SCENARIOS=$(grep -v '^#' "$(dirname "$0")/scenarios.txt")
for np in 8 16; do
    echo "$SCENARIOS" | while read -r name flags; do
        # shellcheck disable=SC2086
        run_scn "$name" "$np" $flags < /dev/null
    done
done
