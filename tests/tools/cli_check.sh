#!/usr/bin/env bash
# The shared command line at work (docs/cli.md), on a small run of each kind:
#   cli_check.sh SYNTH BENCH NPOLICIES -- launcher args...
# - policy names in any case: LADRO_POLICY=RANDOM and --policy A2WS run, printed lower case;
# - ladro-synth --policy all: one verified run per registered policy;
# - --json (stdout, one object per run) and --json FILE (the same, into the file);
# - a NAME:key=value entry in ladro-synth;
# - ladro-bench's progress with stderr redirected: plain lines, one per run, no '\r'.
set -eu
synth=$1 bench=$2 npol=$3
shift 4
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
small=(--tasks-per-rank 6 --work-ms 1 --verify)
fail() { echo "cli_check: $*" >&2; exit 1; }

LADRO_POLICY=RANDOM "$@" "$synth" "${small[@]}" > "$dir/env.txt"
grep -q '^policy random ' "$dir/env.txt" || fail "LADRO_POLICY=RANDOM: $(cat "$dir/env.txt")"
"$@" "$synth" "${small[@]}" --policy A2WS > "$dir/upper.txt"
grep -q '^policy a2ws ' "$dir/upper.txt" || fail "--policy A2WS: $(cat "$dir/upper.txt")"

"$@" "$synth" "${small[@]}" --policy all > "$dir/all.txt"
n=$(grep -c '^verify: .* every task executed exactly once' "$dir/all.txt")
[ "$n" -eq "$npol" ] || fail "--policy all: $n verified runs, expected $npol"

"$@" "$synth" "${small[@]}" --policy random,ctws --json > "$dir/stdout.json"
"$@" "$synth" "${small[@]}" --policy random,ctws --json "$dir/file.json" > "$dir/summary.txt"
[ -s "$dir/summary.txt" ] && fail "--json FILE: stdout not empty: $(head -2 "$dir/summary.txt")"
[ -e "$dir/file.json.tmp" ] && fail "--json FILE: the temporary is left"
"$@" "$synth" "${small[@]}" --policy a2ws:radius=1 --json - > "$dir/entry.json"
python3 - "$dir/stdout.json" "$dir/file.json" "$dir/entry.json" <<'PY'
import json, sys
for path in sys.argv[1:3]:
    runs = [json.loads(l) for l in open(path) if l.strip()]
    assert [r["policy"] for r in runs] == ["random", "ctws"], (path, runs)
    assert all(r["verified"] for r in runs), path
(e,) = [json.loads(l) for l in open(sys.argv[3]) if l.strip()]
assert e["policy"] == "a2ws" and e["verified"], e
PY

"$@" "$bench" --policy random,static --tasks-per-rank 4 --work-ms 1 --repeat 2 \
    > "$dir/bench.out" 2> "$dir/bench.err"
grep -q $'\r' "$dir/bench.err" && fail "ladro-bench: a '\\r' in the redirected log"
n=$(grep -cE '^ladro-bench: run [0-9]+/4 \(.*\): makespan [0-9.]+ s, [0-9.]+ s, ETA [0-9.]+ s$' \
    "$dir/bench.err")
[ "$n" -eq 4 ] || fail "ladro-bench: $n plain progress lines, expected 4: $(cat "$dir/bench.err")"
"$@" "$bench" --policy random --tasks-per-rank 4 --work-ms 1 --repeat 1 --quiet \
    > "$dir/quiet.out" 2> "$dir/quiet.err"
[ -s "$dir/quiet.err" ] && fail "ladro-bench --quiet: stderr: $(cat "$dir/quiet.err")"
grep -q '^random ' "$dir/quiet.out" || fail "ladro-bench --quiet: no table"
echo "cli_check: ok"
