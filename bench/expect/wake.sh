#!/bin/sh
# Spinning idle ranks of the simulated engine see a message when it arrives (they doze
# on a semaphore instead of polling): with every idle pause 2 ms long (idle=spin,
# backoff_min_us = 2000), termination detection
# at 64 ranks (lambda = 5 us, depth-2 waves) must end well within one pause of the last
# task for every policy. A rank that slept through its pause would hold every wave hop
# for up to 2 ms (the delay was 17-55 ms at 1 024 ranks before ranks woke).
# Usage: wake_test.sh LADRO-SIM OUTDIR
set -e
SIM="$1"
OUT="${2:-.}/sim_wake_test.json"
"$SIM" policy --policy all --p 64 --tasks-per-rank 8 --work-ms 2 --dist uniform:0.5,1.5 \
    --init gauss70-10 --lambda-us 5 --seed 1 --json idle=spin backoff_min_us=2000 \
    backoff_max_us=2000 > "$OUT"
python3 - "$OUT" <<'PY'
import json, sys
pol = json.load(open(sys.argv[1]))["policies"]
assert len(pol) == 8, "%d policies, want 8" % len(pol)
bad = []
for p in pol:
    assert p["verified"] is True, p
    delay = p["done_s"] - p["makespan_s"]
    print("%-12s done - makespan = %.3f ms" % (p["policy"], delay * 1e3))
    if not 0 <= delay < 0.5e-3:
        bad.append(p["policy"])
assert not bad, "termination waited for sleeping ranks (>= 0.5 ms, pauses of 2 ms): %s" % bad
print("every policy: LADRO_DONE within 0.5 ms of the last task")
PY
