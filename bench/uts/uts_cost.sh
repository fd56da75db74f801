#!/bin/sh
# Per-node CPU cost of ladro-uts on 1 rank against the plain sequential DFS of the same
# binary (ladro-uts --verify runs both in one process), for T1 and T3, with the SHA-NI
# and the portable SHA-1, REPS runs each; prints medians and the ratio to the UTS
# reference's sequential search (about 110 ns/node geometric, 96 ns/node binomial, CPU
# time, on this kind of machine).
#   BIN=build/bin REPS=5 bench/uts/uts_cost.sh
set -eu
BIN=${BIN:-build/bin}
REPS=${REPS:-5}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
MPIRUN=${MPIRUN:-mpirun}
T1="-t 1 -a 3 -d 10 -b 4 -r 19"
T3="-t 0 -b 2000 -q 0.124875 -m 8 -r 42"
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
printf '| tree | SHA-1 | sequential DFS ns/node | ladro 1 rank ns/node | runtime share | ladro / reference anchor |\n'
printf '|---|---|---|---|---|---|\n'
for tree in T1 T3; do
  if [ $tree = T1 ]; then args=$T1; anchor=110; else args=$T3; anchor=96; fi
  for sha in ni portable; do
    flag=""; [ $sha = portable ] && flag=--portable-sha1
    tmp=$(mktemp)
    i=0
    while [ $i -lt "$REPS" ]; do
      $MPIRUN -np 1 "$BIN/ladro-uts" $args -c 8 -i 10 --policy random $flag --verify \
        | sed -n 's/^verify: CPU per node: sequential \([0-9.]*\) ns, ladro \([0-9.]*\) ns.*/\1 \2/p' >> "$tmp"
      i=$((i + 1))
    done
    seq=$(cut -d' ' -f1 "$tmp" | median)
    lad=$(cut -d' ' -f2 "$tmp" | median)
    rm -f "$tmp"
    awk -v t=$tree -v s=$sha -v q="$seq" -v l="$lad" -v a=$anchor 'BEGIN {
      printf "| %s | %s | %.1f | %.1f | %.1f%% | %.2f (anchor %d ns) |\n", t, s, q, l,
             100 * (l - q) / l, l / a, a }'
  done
done
