#!/bin/sh
# Termination within ladro's target on spinning simulated ranks: at 1 024 ranks (gauss70-10,
# lambda = 5 us, idle=spin) every listed policy must reach LADRO_DONE on every rank within
# 1 ms of the last task, every task run exactly once. The load-aware policies and a2ws
# stop their idle round of remote operations at a message (src/idle.c,
# ladroi_idle_yield); without that a wave's message waited at every hop for up to
# 8 load reads (baseline: 1.075 ms).
# Usage: term_test.sh LADRO-SIM OUTDIR POLICIES
set -e
SIM="$1"
OUT="${2:-.}/sim_term_test.json"
"$SIM" policy --policy "$3" --p 1024 --tasks-per-rank 8 --work-ms 2 --work-dist uniform:0.5,1.5 \
    --init gauss70-10 --lambda-us 5 --seed 1 --json idle=spin > "$OUT"
python3 - "$OUT" "$3" <<'PY'
import json, sys
pol = json.load(open(sys.argv[1]))["policies"]
want = sys.argv[2].split(",")
assert [p["policy"] for p in pol] == want, [p["policy"] for p in pol]
bad = []
for p in pol:
    assert p["verified"] is True and p["lost"] == 0 and p["twice"] == 0, p
    delay = p["done_s"] - p["makespan_s"]
    print("%-12s done - makespan = %.0f us" % (p["policy"], delay * 1e6))
    if not 0 <= delay <= 1e-3:
        bad.append(p["policy"])
assert not bad, "termination later than 1 ms after the last task at 1 024 ranks: %s" % bad
print("every policy: LADRO_DONE within 1 ms of the last task")
PY
