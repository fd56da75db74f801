#!/bin/sh
# Re-run the simulator campaigns behind docs/results.md, "Latency model (WS-latency paper)" and write their CSV
# files to OUT (then bench/sim-latency/figures.sh OUT redraws the figures).
# usage: bench/sim-latency/campaign.sh [build-dir [OUT]]
#        (defaults: build, build-dir/results/sim-latency). Takes a few CPU-minutes.
# SPLIT: floor (default: the paper's, a victim sends floor(r/2) of its r units, its §II and
# its simulator) or ceil (ladro-sim's own default); every run of the campaign uses it.
set -e
BUILD="${1:-build}"
SIM="$BUILD/bin/ladro-sim"
OUT="${2:-$BUILD/results/sim-latency}"
mkdir -p "$OUT"
test -x "$SIM" || { echo "campaign.sh: $SIM not found (build first)" >&2; exit 2; }
RUNS="${RUNS:-1000}"
SPLIT="${SPLIT:-floor}"
case "$SPLIT" in floor|ceil) ;; *) echo "campaign.sh: SPLIT=$SPLIT: accepted floor or ceil" >&2; exit 2 ;; esac

# 1. speed reference (W 1e8, p 256, lambda 262, 1000 runs), both variants
for v in swt mwt; do
    "$SIM" latency --W 1e8 --p 256 --lambda 262 --runs 1000 --variant $v --seed 1 --split "$SPLIT" --quiet \
        --csv "$OUT/runs_W1e8_p256_l262_$v.csv" > "$OUT/summary_W1e8_p256_l262_$v.txt"
done

# 2. SWT vs MWT, startup phase and makespan (paper Fig. 8 setting: lambda 250, W 1e8)
"$SIM" sweep --W 1e8 --p 8,16,32,64,128,256 --lambda 250 --variant swt,mwt --runs "$RUNS" \
    --seed 1 --split "$SPLIT" --quiet --csv "$OUT/swt_mwt.csv" > "$OUT/swt_mwt_fit.txt"
# per-run startup durations for the ratio box plots (same seeds for both variants)
for p in 8 16 32 64 128 256; do
    for v in swt mwt; do
        "$SIM" latency --W 1e8 --p $p --lambda 250 --runs "$RUNS" --variant $v --seed 1 \
            --split "$SPLIT" --quiet --csv "$OUT/startup_p${p}_$v.csv" > /dev/null
    done
done

# 3. accuracy vs W/p at lambda 262 (paper Fig. 5 setting)
"$SIM" sweep --W 1e5,3e5,1e6,3e6,1e7,3e7,1e8 --p 32,64,128,256 --lambda 262 --runs "$RUNS" \
    --seed 1 --split "$SPLIT" --quiet --csv "$OUT/accuracy_l262.csv" > "$OUT/accuracy_l262_fit.txt"

# 4. fitted constant vs p, over the paper's ranges (W 1e5..1e8, lambda 2..500) and beyond p
"$SIM" sweep --W 1e5,1e6,1e7,1e8 --p 8,16,32,64,128,256,512,1024 --lambda 2,8,32,128,262,482 \
    --runs "${FIT_RUNS:-200}" --seed 1 --split "$SPLIT" --quiet --csv "$OUT/fit.csv" > "$OUT/fit.txt"

# 5. acceptable-latency limit (Cmax <= 1.1 W/p) vs W/p
"$SIM" limit --W 1e5,1e6,1e7,1e8 --p 32,64,128,256 --runs "${LIMIT_RUNS:-100}" --seed 1 \
    --split "$SPLIT" --quiet --csv "$OUT/limit.csv"
# 6. steal threshold g = 2 lambda against none (W 1e6 and 1e8, p 256, lambda 262)
for W in 1e6 1e8; do
    for v in swt mwt; do
        for g in 0 2l; do
            "$SIM" latency --W $W --p 256 --lambda 262 --runs "$RUNS" --variant $v --threshold $g \
                --seed 1 --split "$SPLIT" --quiet > "$OUT/threshold_W${W}_${v}_g$g.txt"
        done
    done
done
echo "$SPLIT" > "$OUT/split.txt"
echo "campaign.sh: data in $OUT (split $SPLIT)"
