#!/bin/sh
# How lean ladro-uts is with its defaults, for a quiet 2-core machine: UTS T1L and T3L,
# REPS rounds; each round runs, one after the other, for each tree: the sequential DFS of
# the same binary, ladro on 1 rank, on 2 ranks, and on 1 rank of 2 worker threads
# (interleaved, so a change of the machine's load hits every layout alike). Medians over
# the rounds, and the three ratios the runtime is held to:
#   overhead 1 rank   = rate(sequential) / rate(ladro, 1 rank)            (at most 1.05)
#   efficiency 2 ranks = rate(ladro, 2 ranks) / (2 x rate(sequential))     (at least 0.92)
#   threads           = rate(1 rank x 2 workers) / rate(2 ranks x 1)       (at least 0.97)
# rate = nodes/s of the wall clock. CPU ns/node (all threads of all ranks) is printed
# beside it: it does not depend on the machine's load, the rates do.
# PROBES=1 also counts each run's MPI_Iprobe calls (the runtime's full services; the
# MPI profiling shim bench/uts/mpi_calls.c, built with mpicc) and prints them per second.
#   BIN=build/bin REPS=3 bench/uts/lean_check.sh
#   SIZE=small (T1, T3: 4 M nodes each) checks the script in seconds.
set -eu
BIN=${BIN:-build/bin}
REPS=${REPS:-3}
SIZE=${SIZE:-full}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
MPIRUN=${MPIRUN:-mpirun --oversubscribe --bind-to none}
if [ "$SIZE" = small ]; then
  TREES="T1 T3"
  T1="-t 1 -a 3 -d 10 -b 4 -r 19 --expect 4130071,3305118,10"
  T3="-t 0 -b 2000 -q 0.124875 -m 8 -r 42 --expect 4112897,3599034,1572"
else
  TREES="T1L T3L"
  T1L="-t 1 -a 3 -d 13 -b 4 -r 29 --expect 102181082,81746377,13"
  T3L="-t 0 -b 2000 -q 0.200014 -m 5 -r 7 --expect 111345631,89076904,17844"
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
pre=""
if [ "${PROBES:-0}" = 1 ]; then
  mpicc -O2 -shared -fPIC -o "$dir/mpi_calls.so" "$(dirname "$0")/mpi_calls.c"
  pre="-x LD_PRELOAD=$dir/mpi_calls.so"
fi
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
layouts="seq r1 r2 t2"
run() { # tree layout -> appends "rate cpu_ns probes_per_s" to $dir/tree.layout
  eval "args=\$$1"
  case $2 in
    seq) $MPIRUN -np 1 $pre "$BIN/ladro-uts" $args --sequential > "$dir/out" 2> "$dir/err" ;;
    r1) $MPIRUN -np 1 $pre "$BIN/ladro-uts" $args > "$dir/out" 2> "$dir/err" ;;
    r2) $MPIRUN -np 2 $pre "$BIN/ladro-uts" $args > "$dir/out" 2> "$dir/err" ;;
    t2) $MPIRUN -np 1 $pre "$BIN/ladro-uts" $args --threads 2 > "$dir/out" 2> "$dir/err" ;;
  esac
  if [ $2 = seq ]; then
    rate=$(sed -n 's/^time \([0-9.]*\) s, \([0-9.e+]*\) nodes\/s, \([0-9.]*\) ns\/node CPU.*/\2/p' "$dir/out")
    cpu=$(sed -n 's/^time \([0-9.]*\) s, \([0-9.e+]*\) nodes\/s, \([0-9.]*\) ns\/node CPU.*/\3/p' "$dir/out")
  else
    rate=$(sed -n 's/^time [0-9.]* s, \([0-9.e+]*\) nodes\/s overall.*/\1/p' "$dir/out")
    cpu=$(sed -n 's/^cpu .*; \([0-9.]*\) ns\/node whole processes.*/\1/p' "$dir/out")
  fi
  wall=$(sed -n 's/^time \([0-9.]*\) s.*/\1/p' "$dir/out")
  probes=$(sed -n 's/^mpi_calls: rank [0-9]*: MPI_Iprobe \([0-9]*\)/\1/p' "$dir/err" |
           awk -v w="$wall" '{s += $1} END {print (w > 0) ? s / w : 0}')
  if [ -z "$rate" ] || [ -z "$cpu" ]; then
    echo "lean_check: $1 $2 failed:" >&2
    cat "$dir/out" "$dir/err" >&2
    exit 1
  fi
  echo "$rate $cpu $probes" >> "$dir/$1.$2"
}
i=0
while [ $i -lt "$REPS" ]; do
  for tree in $TREES; do
    for l in $layouts; do run $tree $l; done
  done
  i=$((i + 1))
done
printf '| tree | layout | nodes/s (median of %s) | CPU ns/node | MPI probes/s |\n' "$REPS"
printf '|---|---|---|---|---|\n'
for tree in $TREES; do
  for l in $layouts; do
    r=$(cut -d' ' -f1 "$dir/$tree.$l" | median)
    c=$(cut -d' ' -f2 "$dir/$tree.$l" | median)
    p=$(cut -d' ' -f3 "$dir/$tree.$l" | median)
    echo "$r" > "$dir/$tree.$l.rate"
    case $l in seq) name="sequential DFS" ;; r1) name="ladro, 1 rank" ;;
               r2) name="ladro, 2 ranks" ;; t2) name="ladro, 1 rank x 2 workers" ;; esac
    printf '| %s | %s | %.3e | %.1f | %.0f |\n' "$tree" "$name" "$r" "$c" "$p"
  done
done
echo
printf '| tree | overhead 1 rank (<= 1.05) | efficiency 2 ranks (>= 0.92) | threads 1x2 / 2x1 (>= 0.97) |\n'
printf '|---|---|---|---|\n'
for tree in $TREES; do
  awk -v t="$tree" -v s="$(cat "$dir/$tree.seq.rate")" -v a="$(cat "$dir/$tree.r1.rate")" \
      -v b="$(cat "$dir/$tree.r2.rate")" -v c="$(cat "$dir/$tree.t2.rate")" 'BEGIN {
    printf "| %s | %.3f | %.3f | %.3f |\n", t, s / a, b / (2 * s), c / b }'
done
