#!/usr/bin/env bash
# A2WS balances by speed: run ladro-synth (a command given after --) with --json on ranks
# of speeds cycling 1, 0.25 and even seeding, and require that every task ran exactly
# once, that stealing happened, and that the fast ranks ran at least twice as many tasks
# as the slow ones (the ideal is 4x; without a working information vector a2ws sees no
# victim and every rank keeps its own tasks, 1x). Usage: a2ws_balance.sh -- cmd args...
set -euo pipefail
[ "$1" = "--" ] && shift
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$@" >"$out"
python3 - "$out" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
fast = sum(r["tasks"] for r in d["per_rank"] if r["speed"] > 0.5)
slow = sum(r["tasks"] for r in d["per_rank"] if r["speed"] <= 0.5)
print(f"a2ws_balance: policy {d['policy']} ranks {d['ranks']} tasks {d['tasks']} "
      f"fast {fast} slow {slow} steals {d['steals_ok']} ok / {d['steals_failed']} failed "
      f"efficiency {d['efficiency']:.3f} verified {d['verified']}")
ok = d["policy"] == "a2ws" and d["verified"] and d["steals_ok"] > 0 and fast >= 2 * slow
sys.exit(0 if ok else 1)
PY
