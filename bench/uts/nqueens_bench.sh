#!/bin/sh
# N-Queens through ladro at 1, 2, 4, 8 ranks (the paper: -n 18 --cutoff 6; default here -n 16
# because N = 18 takes minutes per run on a 2-core machine). Median of REPS runs. On a
# loaded machine, more ranks also means a larger share of the cores against other jobs;
# the CPU efficiency (CPU time of all ranks' main threads, 1 rank vs P) does not.
#   BIN=build/bin N=16 CUTOFF=6 REPS=3 POLICY=random [YIELD=0] bench/uts/nqueens_bench.sh
set -eu
BIN=${BIN:-build/bin}
N=${N:-16}
CUTOFF=${CUTOFF:-6}
REPS=${REPS:-3}
POLICY=${POLICY:-random}
NPS=${NPS:-"1 2 4 8"}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
# YIELD=0 sets OMPI_MCA_mpi_yield_when_idle=0: Open MPI turns yielding on by itself when
# oversubscribed, and every MPI progress call then gives the core away (docs/uts.md).
if [ -n "${YIELD:-}" ]; then export OMPI_MCA_mpi_yield_when_idle="$YIELD"; fi
MPIRUN=${MPIRUN:-mpirun --oversubscribe}
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
printf '| N | cutoff | policy | ranks | time s | speedup vs 1 rank | CPU s (all ranks) | CPU efficiency cpu(1)/cpu(P) | tasks | solutions |\n'
printf '|---|---|---|---|---|---|---|---|---|---|\n'
for pol in $(echo "$POLICY" | tr ',' ' '); do
  t1=""
  for np in $NPS; do
    tmp=$(mktemp)
    i=0
    while [ $i -lt "$REPS" ]; do
      $MPIRUN -np $np "$BIN/ladro-nqueens" -n "$N" --cutoff "$CUTOFF" --policy "$pol" > "$tmp.out"
      sed -n 's/^time \([0-9.]*\) s.*/\1/p' "$tmp.out" >> "$tmp"
      sed -n 's/.*, cpu \([0-9.]*\) s (main.*/\1/p' "$tmp.out" >> "$tmp.cpu"
      sol=$(sed -n 's/.*solutions = \([0-9]*\).*/\1/p' "$tmp.out")
      tasks=$(sed -n 's/^time [0-9.]* s, \([0-9]*\) tasks.*/\1/p' "$tmp.out")
      i=$((i + 1))
    done
    t=$(median < "$tmp")
    cpu=$(median < "$tmp.cpu")
    rm -f "$tmp" "$tmp.out" "$tmp.cpu"
    [ -z "$t1" ] && t1=$t && c1=$cpu
    awk -v N=$N -v c=$CUTOFF -v p=$pol -v n=$np -v t="$t" -v t1="$t1" -v k="$tasks" -v s="$sol" -v u="$cpu" -v c1="$c1" 'BEGIN {
      printf "| %d | %d | %s | %d | %.3f | %.2f | %.3f | %.2f | %s | %s |\n", N, c, p, n, t, t1 / t, u, c1 / u, k, s }'
  done
done
