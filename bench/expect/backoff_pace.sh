#!/bin/sh
# backoff_pace caps the idle back-off at a share of the rank's seconds per task: with
# tasks of 1-3 ms and backoff_pace=0.25 an idle rank that has run tasks sleeps at most
# about 0.5 ms instead of 2 ms. At 256 backing-off ranks (gauss70-10, lambda = 5 us) the
# termination waves then wait for shorter sleeps: detection after the last task must at
# least halve for every policy whose idle ranks have run tasks, every run verified.
# static is the control: its ranks seeded with no task never get one, so they keep
# the 2 ms cap and hold the waves as before (the same detection both ways).
# Usage: backoff_pace.sh LADRO-SIM OUTDIR
set -e
SIM="$1"
OUT="${2:-.}"
for bp in 0 0.25; do
    "$SIM" policy --policy all --p 256 --tasks-per-rank 8 --work-ms 2 --dist uniform:0.5,1.5 \
        --init gauss70-10 --lambda-us 5 --seed 1 --json idle=backoff backoff_pace=$bp \
        > "$OUT/sim_backoff_pace_$bp.json"
done
python3 - "$OUT/sim_backoff_pace_0.json" "$OUT/sim_backoff_pace_0.25.json" <<'PY'
import json, sys
off = {p["policy"]: p for p in json.load(open(sys.argv[1]))["policies"]}
on = {p["policy"]: p for p in json.load(open(sys.argv[2]))["policies"]}
assert len(off) == 8 and sorted(off) == sorted(on), (sorted(off), sorted(on))
det = lambda p: p["done_s"] - p["makespan_s"]
bad = []
for name in sorted(off):
    a, b = off[name], on[name]
    assert a["verified"] is True and b["verified"] is True, (name, a, b)
    print("%-12s detection %.2f -> %.2f ms" % (name, det(a) * 1e3, det(b) * 1e3))
    if name in ("leader", "random", "a2ws", "baseline", "successonly", "smallworld"):
        if not det(b) <= 0.5 * det(a):
            bad.append(name)
assert not bad, "backoff_pace=0.25 did not halve detection: %s" % bad
assert abs(det(off["static"]) - det(on["static"])) < 1e-6, \
    "static's task-less ranks should keep the 2 ms cap"
print("backoff_pace=0.25: detection at most half of the 2 ms cap's; static unchanged")
PY
