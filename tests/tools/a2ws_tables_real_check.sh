#!/usr/bin/env bash
# bench/a2ws/tables_real.sh end to end, small: C1 on 8 real ranks, 480 and 960 tasks of 1 ms,
# one run per policy. The JSON must hold 2 cells x 3 policies, every run verified; the
# printed Tables 3-4 must carry a number for those cells next to the paper's; a rank count
# that does not divide the tasks must fail with exit 2 and a one-line error, writing nothing.
# usage: a2ws_tables_real_check.sh BUILD_DIR
set -euo pipefail
build=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
out=$(REPEAT=1 WORK_MS=1 CONFIGS="C1:8" TASKS="480 960" \
      bash "$root/bench/a2ws/tables_real.sh" "$build" "$dir/t")
python3 - "$dir/t/C1-real.json" <<'PY'
import json, sys
runs = json.load(open(sys.argv[1]))["results"]
cells = sorted({(r["tasks_per_rank"] * r["ranks"], r["policy"]) for r in runs})
want = sorted((t, p) for t in (480, 960) for p in ("a2ws", "leader", "ctws"))
assert cells == want and len(runs) == 6, f"runs {cells}, expected {want}"
bad = [r for r in runs if not r["verified"] or r["speed"] != "C1" or r["ranks"] != 8]
assert not bad, f"not verified or wrong configuration: {bad}"
print("tables_real: 6 runs verified")
PY
# Table 3 then Table 4: the cells measured carry a gain, the others a dash, each next to
# the paper's number (Table 3, 8 nodes: +16.0 at 480 tasks, +17.1 at 960; Table 4: +5.9, +1.8)
g='[+-][0-9]+[.][0-9]'
for want in "480 | $g / [+]16[.]0" "960 | $g / [+]17[.]1" "1920 | – / [+]14[.]8" \
            "480 | $g / [+]5[.]9" "960 | $g / [+]1[.]8"; do
  grep -Eq "^[|] ${want//|/[|]} [|]$" <<<"$out" || { echo "tables_real: no row '$want' in:"; echo "$out"; exit 1; }
done
set +e
err=$(CONFIGS="C1:7" TASKS="480" bash "$root/bench/a2ws/tables_real.sh" "$build" "$dir/bad" 2>&1)
rc=$?
set -e
[ $rc -eq 2 ] || { echo "tables_real: C1:7 exited $rc, expected 2: $err"; exit 1; }
[ "$(grep -c . <<<"$err")" -eq 1 ] && grep -q "do not divide evenly over 7 ranks" <<<"$err" ||
  { echo "tables_real: C1:7 error not one line naming the problem: $err"; exit 1; }
[ ! -e "$dir/bad/C1-real.json" ] || { echo "tables_real: C1:7 wrote a result"; exit 1; }
echo "tables_real: bad rank count refused"
