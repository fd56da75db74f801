#!/usr/bin/env bash
# Model check of the task-pool protocol (tests/model/pool.pml) with spin, run by ctest.
# 1. the model as written: no assertion violation, no invalid end state (deadlock);
# 2. two mutants that break the protocol on purpose must each be caught, so the check is
#    known to be able to fail: (a) thieves do not announce themselves in `inflight`,
#    (b) the owner reuses slots up to the current top even while a copy is in flight.
# Usage: run_spin.sh MODEL WORKDIR [N TRIES]
set -euo pipefail
model=$1 work=$2 n=${3:-3} tries=${4:-2}
command -v spin >/dev/null || { echo "run_spin: spin not found (apt-get install spin; make deps does it)" >&2; exit 1; }
command -v gcc >/dev/null || { echo "run_spin: gcc not found" >&2; exit 1; }
mkdir -p "$work" && cd "$work"
cp "$model" pool.pml

python3 - <<'PY'
s = open('pool.pml').read()
a = s.replace('cas(wt, ws, wu, (wt + k) % M, ws, wu + 1, ok);', 'cas(wt, ws, wu, (wt + k) % M, ws, wu, ok);') \
     .replace('atomic { infl-- };', 'skip;')
b = s.replace('if :: wu == 0 -> qt = wt :: else -> skip fi;\n        used', 'qt = wt;\n        used')
assert a != s and b != s, "mutation anchors not found in pool.pml"
open('mutant_inflight.pml', 'w').write(a)
open('mutant_quiet_top.pml', 'w').write(b)
PY

check() { # file -> prints pan's summary, returns pan's error count
  rm -f pan pan.c pan.h pan.b pan.m pan.p pan.t
  spin -DN="$n" -DTRIES="$tries" -a "$1" >/dev/null
  gcc -O2 -DSAFETY -DCOLLAPSE -o pan pan.c
  ./pan -m100000 >"$1.out" 2>&1 || true
  grep -E "errors:|states, stored|elapsed" "$1.out" | sed "s|^|  $1: |" >&2
  sed -n 's/.*errors: \([0-9]*\).*/\1/p' "$1.out"
}
e=$(check pool.pml)
[ "$e" = 0 ] || { echo "run_spin: the pool protocol model has $e error(s): see $work/pool.pml.out" >&2; exit 1; }
for m in mutant_inflight.pml mutant_quiet_top.pml; do
  e=$(check "$m")
  [ -n "$e" ] && [ "$e" -ge 1 ] || { echo "run_spin: $m was not caught — the model check cannot fail" >&2; exit 1; }
done
echo "run_spin: pool protocol verified (N=$n tasks, 2 thieves x $tries attempts); both mutants caught"
