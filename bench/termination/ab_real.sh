#!/bin/sh
# Two builds of ladro-synth side by side on real MPI ranks: the same workload, runs of A
# and B alternated (A B A B ...), so that both see the same machine. Prints one CSV row
# per run, then per (policy, ranks) the median makespan (to LADRO_DONE) and detection
# (makespan - work_end: from the last task's end to LADRO_DONE) of each build and the
# ratios B / A.
# usage: bench/termination/ab_real.sh BUILD_A BUILD_B [ladro-synth workload flags...]
#   POLICIES="baseline successonly" NPS="8 16" REPS=7 (defaults below); the default
#   workload is gauss70-10 with 8 tasks of 2 ms per rank, the SMPI study's.
# Time nothing else meanwhile: the runs are wall-clock.
set -e
if [ $# -lt 2 ] || [ ! -x "$1/bin/ladro-synth" ] || [ ! -x "$2/bin/ladro-synth" ]; then
    echo "usage: $0 BUILD_A BUILD_B [ladro-synth flags...]: each BUILD_x/bin/ladro-synth must exist" >&2
    exit 2
fi
A=$1
B=$2
shift 2
[ $# -gt 0 ] || set -- --tasks-per-rank 8 --work-ms 2 --init gauss70-10
POLICIES=${POLICIES:-"baseline successonly a2ws ctws"}
NPS=${NPS:-"8 16"}
REPS=${REPS:-7}
MPIRUN=${MPIRUN:-scripts/mpirun.sh}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# the run-wide value of a key (before the per-rank arrays)
field() { sed 's/"per_rank".*//' | sed -n "s/.*\"$1\": \([0-9.e+-]*\).*/\1/p"; }
echo "build,policy,np,rep,makespan_s,work_end_s,detection_s"
for np in $NPS; do
    for pol in $POLICIES; do
        r=0
        while [ $r -lt "$REPS" ]; do
            for side in A B; do
                if [ $side = A ]; then dir=$A; else dir=$B; fi
                timeout 300 "$MPIRUN" -np "$np" "$dir/bin/ladro-synth" --policy "$pol" "$@" \
                    --json 2>/dev/null | head -1 > "$TMP/run.json" || true
                m=$(field makespan < "$TMP/run.json")
                w=$(field work_end < "$TMP/run.json")
                if [ -z "$m" ] || [ -z "$w" ]; then
                    echo "$0: $side $pol np $np rep $r: no result (ladro-synth failed)" >&2
                    exit 1
                fi
                echo "$side,$pol,$np,$r,$m,$w,$(echo "$m $w" | awk '{printf "%.6f", $1-$2}')"
            done
            r=$((r + 1))
        done
    done
done > "$TMP/runs.csv"
cat "$TMP/runs.csv"
echo
echo "policy,np,makespan_A_s,makespan_B_s,B/A,detection_A_ms,detection_B_ms,B/A"
awk -F, '
    function med(key,   n, i, j, t, v) {
        n = split(vals[key], v, " ")
        for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j-1] + 0 > v[j] + 0; j--) { t = v[j]; v[j] = v[j-1]; v[j-1] = t }
        return n % 2 ? v[(n+1)/2] : (v[n/2] + v[n/2+1]) / 2
    }
    { vals[$1 "," $2 "," $3 ",m"] = vals[$1 "," $2 "," $3 ",m"] " " $5
      vals[$1 "," $2 "," $3 ",d"] = vals[$1 "," $2 "," $3 ",d"] " " $7
      if (!(($2 "," $3) in seen)) { seen[$2 "," $3] = 1; order[++k] = $2 "," $3 } }
    END { for (i = 1; i <= k; i++) {
        ma = med("A," order[i] ",m"); mb = med("B," order[i] ",m")
        da = med("A," order[i] ",d"); db = med("B," order[i] ",d")
        printf "%s,%.4f,%.4f,%.3f,%.2f,%.2f,%.3f\n", order[i], ma, mb, mb / ma, da * 1e3, db * 1e3, (da > 0 ? db / da : 0) } }
' "$TMP/runs.csv"
