#!/usr/bin/env bash
# ladro-bench end to end: MPIEXEC... ladro-bench args; checks the JSON it writes: one object
# per (configuration, policy, repeat), every run verified exactly-once, fields present and
# consistent (efficiency = lower_bound / makespan), repeats interleaved A B A B; then
# bench/scenarios/plot-bench.py must turn it into three well-formed SVG plots.
# usage: bench_check.sh NCONF NPOL NREP -- launcher args... (the script adds --json FILE)
set -euo pipefail
nconf=$1 npol=$2 nrep=$3
shift 4
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$@" --json "$dir/out.json" --csv "$dir/out.csv" --ranks-csv "$dir/ranks.csv" --quiet \
  > "$dir/stdout"
grep -q 'gain % (A2WS eq. 13)' "$dir/stdout" || { echo "no gain matrix"; cat "$dir/stdout"; exit 1; }
python3 - "$dir/out.json" "$dir/out.csv" "$nconf" "$npol" "$nrep" <<'PY'
import csv, json, sys
path, cpath, nconf, npol, nrep = sys.argv[1], sys.argv[2], *map(int, sys.argv[3:6])
runs = json.load(open(path))["results"]
assert len(runs) == nconf * npol * nrep, f"{len(runs)} runs, expected {nconf*npol*nrep}"
rows = list(csv.DictReader(open(cpath)))
assert len(rows) == len(runs), "csv and json disagree"
need = ["policy", "repeat", "makespan", "lower_bound", "efficiency", "idle_mean",
        "idle_max", "steals_ok", "steals_failed", "tasks_moved"]
for r in runs:
    for k in need:
        assert k in r, f"missing {k}"
    assert r["verified"] is True, f"run not verified: {r}"
    assert r["makespan"] > 0 and 0 < r["efficiency"] <= 1.0001, r
    assert abs(r["efficiency"] - r["lower_bound"] / r["makespan"]) < 2e-3, r
    assert 0 <= r["idle_mean"] <= r["idle_max"] <= 1, r
# interleaving: within a configuration, the policy sequence repeats A B .. A B ..
pols = [r["policy"] for r in runs[: npol * nrep]]
assert pols == pols[:npol] * nrep, f"not interleaved: {pols}"
assert len(set(pols)) == npol
print(f"ok: {len(runs)} runs verified and interleaved")
PY
# the pictures made from it: three well-formed SVG files
python3 "$(dirname "$0")/../../bench/scenarios/plot-bench.py" "$dir/out.csv" "$dir/ranks.csv" "$dir/plots" \
  --prefix t >/dev/null
for s in efficiency idle-per-rank gain; do
  python3 -c "import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])" "$dir/plots/t-$s.svg"
done
echo "ok: plots"
