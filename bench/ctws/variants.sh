#!/bin/sh
# ctws's two configurations on real ranks and on the simulated engine, side by side: the
# paper's (paper=1: one token and its finish token) and the default (a token per ring of 4
# ranks; a list, when dry, reads up to 16 random ranks; the runtime's termination).
# Real: ladro-synth under MPI, the two settings alternated REPS times in a row so each
# sees the same machine (a quiet one: time nothing else meanwhile); simulated:
# ladro-sim policy with the same flags and SIM_EXTRA (default: --costs this-machine, the
# calibration's one cost set, docs/sim.md). Both to LADRO_DONE. Prints one CSV row per
# (scenario, ranks, setting): real median and spread, simulated, simulated / real, steals.
#   bash bench/ctws/variants.sh [BUILD] > build/results/ctws/variants.csv
# NPS="8 16", REPS=5.
set -eu
BUILD=${1:-build}
REPS=${REPS:-5}
NPS=${NPS:-"8 16"}
SIM_EXTRA=${SIM_EXTRA:---costs this-machine}
MPIRUN=${MPIRUN:-scripts/mpirun.sh}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
for b in ladro-synth ladro-sim; do
    [ -x "$BUILD/bin/$b" ] || { echo "variants.sh: $BUILD/bin/$b not found: build first" >&2; exit 2; }
done
env_of() { case $1 in
    paper) echo "LADRO_PAPER=1" ;;
    default) echo "" ;;
esac; }
keys_of() { case $1 in
    paper) echo "paper=1" ;;
    default) echo "" ;;
esac; }
echo "scenario,np,setting,real_median_s,real_min_s,real_max_s,sim_s,ratio_sim_real,real_steals_ok,sim_steals_ok,verified"
# the calibration's workloads (bench/sim-calibrate/scenarios.txt), one per line
SCENARIOS=$(grep -v '^#' "$(dirname "$0")/../sim-calibrate/scenarios.txt" | tr ' ' ':')
for np in $NPS; do
    for scn in $SCENARIOS; do
        # shellcheck disable=SC2086
        set -- $(echo "$scn" | tr ':' ' ')
        name=$1
        shift
        for v in paper default; do : > "$TMP/$v"; done
        i=0
        while [ $i -lt "$REPS" ]; do
            for v in paper default; do
                # shellcheck disable=SC2046
                env $(env_of $v) timeout 300 "$MPIRUN" -np "$np" "$BUILD/bin/ladro-synth" \
                    --policy ctws "$@" --verify --json 2>/dev/null | head -1 >> "$TMP/$v" || true
            done
            i=$((i + 1))
        done
        for v in paper default; do
            # shellcheck disable=SC2046,SC2086
            "$BUILD/bin/ladro-sim" policy --policy ctws --p "$np" "$@" $SIM_EXTRA --json \
                $(keys_of $v) > "$TMP/sim.json"
            python3 - "$TMP/$v" "$TMP/sim.json" "$name" "$np" "$v" <<'PY'
import json, statistics, sys
real = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
sim = json.load(open(sys.argv[2]))["policies"][0]
ok = bool(real) and all(r.get("verified") for r in real) and sim["verified"]
ms = [r["makespan"] for r in real] or [float("nan")]
med = statistics.median(ms)
print("%s,%s,%s,%.6f,%.6f,%.6f,%.6f,%.3f,%g,%d,%s" % (
    sys.argv[3], sys.argv[4], sys.argv[5], med, min(ms), max(ms), sim["done_s"],
    sim["done_s"] / med, statistics.median(r["steals_ok"] for r in real) if real else 0,
    sim["steals_ok"], "true" if ok else "false"))
PY
        done
    done
done
