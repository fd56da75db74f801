#!/bin/sh
# ladro-sim policy --progress: one line per policy on stderr that ends with every task
# run, and runs identical to --quiet's (the line only reads the wall clock), which
# writes nothing on stderr. Usage: progress_test.sh LADRO-SIM OUTDIR
set -e
SIM="$1"
OUT="${2:-.}"
run() { # mode: writes $OUT/sim_progress_$mode.{json,err}
  "$SIM" policy --policy random,a2ws --p 64 --tasks-per-rank 8 --work-ms 2 \
      --init gauss70-10 --seed 2 --json "--$1" idle=spin \
      > "$OUT/sim_progress_$1.json" 2> "$OUT/sim_progress_$1.err"
}
run progress
run quiet
python3 - "$OUT/sim_progress_progress.json" "$OUT/sim_progress_quiet.json" \
    "$OUT/sim_progress_progress.err" "$OUT/sim_progress_quiet.err" <<'PY'
import json, sys
def load(f):
    j = json.load(open(f))
    for p in j["policies"]:
        assert p["verified"] is True, p
        del p["cpu_s"], p["peak_rss_mb"]
    return j
a, b = load(sys.argv[1]), load(sys.argv[2])
assert a == b, "--progress changed the runs"
err = open(sys.argv[3]).read()
lines = [l.strip() for l in err.replace("\r", "\n").split("\n") if l.strip()]
for i, pol in enumerate(["random", "a2ws"]):
    final = [l for l in lines if l.startswith("ladro-sim policy: %s (%d/2): 512/512 tasks run, "
                                               % (pol, i + 1))]
    assert final, "no final progress line for %s in %r" % (pol, err)
assert err.endswith("\n"), "the last progress line is not ended"
assert open(sys.argv[4]).read() == "", "--quiet wrote on stderr"
print("progress lines:", lines[-2:], "; runs identical to --quiet's")
PY
