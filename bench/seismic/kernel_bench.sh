#!/bin/sh
# Kernel throughput (Mpts/s) with 1 and 2 threads and the STREAM-like bandwidth ceiling,
# REPS launches each; prints every launch, then the best and the median per thread count.
# The machine is shared: the best launch is the machine's capability, the median what a
# run met at the time.
#   BIN=build/bin N=200 REPS=5 bench/seismic/kernel_bench.sh
set -eu
BIN=${BIN:-build/bin}
N=${N:-200}
REPS=${REPS:-5}
for t in 1 2; do
    i=0
    while [ $i -lt "$REPS" ]; do
        OMP_NUM_THREADS=$t "$BIN/seis-kernel-bench" "$N" 10
        i=$((i + 1))
    done
done | tee /dev/stderr | awk '
/^threads/ {
    t = $2; n[t]++
    for (f = NF; f >= 1; f--) if ($f == "Mpts/s") v = $(f - 1)   # first "V Mpts/s"
    m[t, n[t]] = v
}
/^bandwidth/ { b[t, n[t]] = $3 }
function sortmed(arr, t, c,    i, j, x, a) {
    for (i = 1; i <= c; i++) a[i] = arr[t, i]
    for (i = 1; i <= c; i++) for (j = i + 1; j <= c; j++) if (a[j] + 0 < a[i] + 0) { x = a[i]; a[i] = a[j]; a[j] = x }
    best = a[c]; return (c % 2) ? a[(c + 1) / 2] : (a[c / 2] + a[c / 2 + 1]) / 2
}
END {
    printf "\n| threads | kernel Mpts/s best | median | triad GB/s best | median | ceiling Mpts/s (best triad / 16 B) |\n|---|---|---|---|---|---|\n"
    for (t = 1; t <= 2; t++) {
        mm = sortmed(m, t, n[t]); mb = best
        bm = sortmed(b, t, n[t]); bb = best
        printf "| %d | %.0f | %.0f | %.1f | %.1f | %.0f |\n", t, mb, mm, bb, bm, bb * 1e3 / 16
    }
}'
