#!/bin/sh
# Seismic shots under every load-balancing policy, side by side in each launch, with
# emulated heterogeneous ranks (the A2WS paper's comparison on its own application, §3-4).
# Each launch runs all POLICIES one after the other on the same shots; REPS launches; the
# table gives medians and the gain of each policy over static, A2WS eq. (13):
# gain = (1 - median(A) / median(static)) * 100%.
#   BIN=build/bin NP=4 SPEED=1,1,0.5,0.25 REPS=5 POLICIES=all bench/seismic/seis_policies.sh
set -eu
BIN=${BIN:-build/bin}
NP=${NP:-4}
SPEED=${SPEED:-1,1,0.5,0.25}
REPS=${REPS:-5}
POLICIES=${POLICIES:-all}
SHOTS=${SHOTS:-8,6}
ARGS=${ARGS:-"--dims 40,40,32 --nb 16 --alpha 0.02 --tmax 0.5 --receivers line"}
OUT=${OUT:-$(mktemp -d)}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-1}
MPIRUN=${MPIRUN:-mpirun --oversubscribe}
log=$OUT/runs.txt
: > "$log"
i=0
while [ $i -lt "$REPS" ]; do
    $MPIRUN -np "$NP" "$BIN/ladro-seismic" $ARGS --shots "$SHOTS" --speed "$SPEED" \
        --policy "$POLICIES" --quiet --out "$OUT/job" >> "$log"
    i=$((i + 1))
done
echo "ranks $NP, speeds $SPEED, shots $SHOTS, $REPS launches; $ARGS"
awk '
/policy .* ranks: .* makespan/ {
    p = $3; sub(",", "", p)
    for (f = 1; f <= NF; f++) {
        if ($f == "makespan") ms = $(f + 1)
        if ($f == "efficiency") ef = $(f + 1)
        if ($f == "idle") id = $(f + 1)
        if ($f == "steals") st = $(f + 1)
    }
    sub(",", "", ef); sub("%,", "", id); sub("%", "", id)
    n[p]++; m[p, n[p]] = ms; e[p, n[p]] = ef; d[p, n[p]] = id; s[p, n[p]] = st
    if (!(p in seen)) { seen[p] = 1; order[++np] = p }
}
function med(arr, p, k,    i, j, t, a) {
    for (i = 1; i <= k; i++) a[i] = arr[p, i]
    for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
    return (k % 2) ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
}
END {
    printf "| policy | median makespan s | runs | median efficiency | median idle %% | steals ok/tried (last run) | gain vs static |\n"
    printf "|---|---|---|---|---|---|---|\n"
    base = ("static" in seen) ? med(m, "static", n["static"]) : 0
    for (q = 1; q <= np; q++) {
        p = order[q]; k = n[p]; mm = med(m, p, k)
        g = base > 0 ? sprintf("%+.1f%%", (1 - mm / base) * 100) : "n/a"
        printf "| %s | %.3f | %d | %.3f | %.1f | %s | %s |\n", p, mm, k, med(e, p, k), med(d, p, k), s[p, k], g
    }
}' "$log"
