#!/bin/sh
# UTS throughput at 1, 2, 4, 8 ranks (T1 and T3, -c 8, -i POLL), median of REPS runs per
# point, efficiency = rate(P) / (P x rate(1)). This machine has 2 cores: from 4 ranks on
# the ranks share cores, so the ceiling of the efficiency is 2/P there (also printed).
# On a shared, loaded machine wall-clock rates mostly measure the CPU the ranks got; two
# columns do not depend on it: ladro's efficiency (fluid lower bound from busy time /
# makespan) and the CPU efficiency cpu_ns_per_node(1) / cpu_ns_per_node(P) (CPU time of
# all ranks' main threads: runtime, steals and idle polling included, sleeps excluded).
#   BIN=build/bin REPS=3 POLICY=random POLL=10 [YIELD=0] bench/uts/uts_scaling.sh
set -eu
BIN=${BIN:-build/bin}
REPS=${REPS:-3}
POLICY=${POLICY:-random}
POLL=${POLL:-10}
NPS=${NPS:-"1 2 4 8"}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
# YIELD=0 sets OMPI_MCA_mpi_yield_when_idle=0: Open MPI turns yielding on by itself when
# oversubscribed, and every MPI progress call then gives the core away (docs/uts.md).
if [ -n "${YIELD:-}" ]; then export OMPI_MCA_mpi_yield_when_idle="$YIELD"; fi
MPIRUN=${MPIRUN:-mpirun --oversubscribe}
T1="-t 1 -a 3 -d 10 -b 4 -r 19 --expect 4130071,3305118,10"
T3="-t 0 -b 2000 -q 0.124875 -m 8 -r 42 --expect 4112897,3599034,1572"
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
cores=$(nproc)
printf '| tree | policy | ranks | nodes/s | nodes/s per rank | efficiency vs 1 rank | ceiling min(1, %s/P) | ladro efficiency (busy-time bound / makespan) | CPU ns/node (all ranks) | CPU efficiency cpu(1)/cpu(P) | steals ok/failed (last run) |\n' "$cores"
printf '|---|---|---|---|---|---|---|---|---|---|---|\n'
for tree in T1 T3; do
  if [ $tree = T1 ]; then args=$T1; else args=$T3; fi
  for pol in $(echo "$POLICY" | tr ',' ' '); do
    r1=""
    for np in $NPS; do
      tmp=$(mktemp)
      i=0
      while [ $i -lt "$REPS" ]; do
        $MPIRUN -np $np "$BIN/ladro-uts" $args -c 8 -i "$POLL" --policy "$pol" > "$tmp.out"
        sed -n 's/^time [0-9.]* s, \([0-9.e+]*\) nodes\/s overall.*/\1/p' "$tmp.out" >> "$tmp"
        sed -n 's/.*lower bound .* efficiency \([0-9.]*\).*/\1/p' "$tmp.out" >> "$tmp.eff"
        sed -n 's/^cpu \([0-9.]*\) ns\/node.*/\1/p' "$tmp.out" >> "$tmp.cpu"
        steals=$(sed -n 's/.*steals \([0-9]*\) ok \/ \([0-9]*\) failed.*/\1\/\2/p' "$tmp.out")
        i=$((i + 1))
      done
      rate=$(median < "$tmp")
      eff=$(median < "$tmp.eff")
      cpu=$(median < "$tmp.cpu")
      rm -f "$tmp" "$tmp.out" "$tmp.eff" "$tmp.cpu"
      [ -z "$r1" ] && r1=$rate && c1=$cpu
      awk -v t=$tree -v p=$pol -v n=$np -v r="$rate" -v r1="$r1" -v c=$cores -v s="$steals" -v e="$eff" -v u="$cpu" -v c1="$c1" 'BEGIN {
        ceil = c / n; if (ceil > 1) ceil = 1
        printf "| %s | %s | %d | %.3g | %.3g | %.2f | %.2f | %.2f | %.0f | %.2f | %s |\n", t, p, n, r, r / n, r / (n * r1), ceil, e, u, c1 / u, s }'
    done
  done
done
