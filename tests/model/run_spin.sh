#!/usr/bin/env bash
# Model check of the task-pool protocol (tests/model/pool.pml) with spin, run by ctest.
# 1. the model as written: no assertion violation, no invalid end state (deadlock);
# 2. two mutants that break the protocol on purpose must each be caught, so the check is
#    known to be able to fail: (a) thieves do not announce themselves in `inflight`,
#    (b) the owner reuses slots up to the current top even while a copy is in flight;
# 3. the A2WS fetch-and-add theft (-DFAA: two FAA thieves; -DFAA=2: one FAA thief and one
#    CAS thief) with its correction and the owner's freeze, and two mutants that must be
#    caught: (c) the owner ignores the freeze (moves split while top > split), (d) the
#    thief never sends its correction.
# 3b. the steal guard's freedom (-DGUARD): CAS thieves claim any amount a caller decides
#    between the look and the claim, or decline (src/guard.c), and a mutant that must be
#    caught: (l) the claim takes the guard's cap as it is, more than the tasks it saw
#    public.
# 4. ctws's token termination (ctws_token.pml, next to MODEL) at 2 and 3 ranks, tasks on
#    one rank and round-robin, and two mutants that must be caught: (e) an idle rank
#    that receives the finish token ends without passing it on (the others wait for
#    ever), (f) a theft that takes half of the verified, possibly stale, count instead of
#    claiming atomically (a task run twice); with two tokens (ctws's default rings) at 4 ranks,
#    searches that may stop at a message, and a mutant that must be caught: (j) a token
#    passed to the next rank of the whole ring instead of its own ring's; with probes
#    (ctws's default: ranks read when the list ran dry) at 3 ranks and at 4 ranks with two
#    tokens, and a mutant that must be caught: (k) a probe that takes half of its
#    verified, possibly stale, count instead of claiming atomically.
# With MODEL tests/model/deque.pml, the worker threads' Chase-Lev deque instead
# (src/deque.c): the model as written, and three mutants that must be caught: (g) the
# owner's take reads top before claiming bottom, (h) growing the buffer forgets to copy,
# (i) a push publishes bottom before writing the slot.
# With MODEL tests/model/titus_lock.pml, the locked pool of TITUS_DLB §4.3 (src/pool.c
# under ladroi_pool_lock_whole: smallworld with paper=1): the model as written, and two
# mutants that must be caught: (m) the owner rebalances (refill or take back) without
# taking the lock, (n) a thief hands the lock to the owner before it copied.
# RUN_SPIN_POOL_ONLY=1 (model_pool_full): only the pool models that must verify, the
# mutants and ctws's token being model_pool's, at the same bounds.
# Usage: run_spin.sh MODEL WORKDIR [N TRIES [MN MTRIES]]
# N tasks and TRIES steal attempts per thief bound the models that must verify (default 3
# and 2); the mutants run at MN and MTRIES (default N and TRIES). make check runs the pool
# model at 2 tasks and 2 attempts with the mutants at 3 and 2, where each is caught within
# a second (mutant_quiet_top needs 3 tasks); make check-all adds the pool models at 3
# and 2 (RUN_SPIN_POOL_ONLY). The
# deque model: make check at 3 tasks and 1 attempt (mutants too), make check-all at 3, 2.
# pan is compiled with -O2, or PAN_OPT (make check's bounded run: -O0, whose compilation
# takes a fraction of -O2's); a mutant's always with -O0: its search stops at the first
# counterexample, within a second.
set -euo pipefail
model=$1 work=$2 n=${3:-3} tries=${4:-2}
mn=${5:-$n} mtries=${6:-$tries}
command -v spin >/dev/null || { echo "run_spin: spin not found (apt-get install spin; make deps does it)" >&2; exit 1; }
command -v gcc >/dev/null || { echo "run_spin: gcc not found" >&2; exit 1; }
mkdir -p "$work" && cd "$work"
check() { # file [spin defines] -> prints pan's summary, returns pan's error count
  local f=$1 tag=$1${2:+ $2}; shift
  rm -f pan pan.c pan.h pan.b pan.m pan.p pan.t
  spin -DN="$n" -DTRIES="$tries" "$@" -a "$f" >/dev/null
  gcc "${opt:-${PAN_OPT:--O2}}" -DSAFETY -DCOLLAPSE -o pan pan.c
  ./pan -m100000 >"$f.out" 2>&1 || true
  grep -E "errors:|states, stored|elapsed" "$f.out" | sed "s|^|  $tag: |" >&2
  sed -n 's/.*errors: \([0-9]*\).*/\1/p' "$f.out"
}
must_pass() { e=$(check "$@"); [ "$e" = 0 ] || { echo "run_spin: the pool protocol model ($*) has $e error(s): see $work/$1.out" >&2; exit 1; }; }
must_fail() { e=$(n=$mn tries=$mtries opt=-O0 check "$@"); [ -n "$e" ] && [ "$e" -ge 1 ] || { echo "run_spin: $* was not caught (N=$mn, TRIES=$mtries) — the model check cannot fail" >&2; exit 1; }; }
if [ "$(basename "$model")" = deque.pml ]; then
  cp "$model" deque.pml
  python3 - <<'PY'
s = open('deque.pml').read()
e = s.replace('    bottom = b;               /* claim slot b before looking at top */\n    t = top;',
              '    t = top;\n    bottom = b;')
f = s.replace('i < b -> big[i % 4] = small[i % 2]; i++', 'i < b -> i++')
g = s.replace('        if\n        :: a == 0 -> small[b % 2] = next',
              '        bottom = b + 1;\n        if\n        :: a == 0 -> small[b % 2] = next') \
     .replace('        fi;\n        bottom = b + 1;       /* publish */', '        fi;')
assert e != s and f != s and g.count('bottom = b + 1;\n        if') == 1, \
    "mutation anchors not found in deque.pml"
open('mutant_take_order.pml', 'w').write(e)
open('mutant_grow_nocopy.pml', 'w').write(f)
open('mutant_publish_early.pml', 'w').write(g)
PY
  must_pass deque.pml
  must_fail mutant_take_order.pml
  must_fail mutant_grow_nocopy.pml
  must_fail mutant_publish_early.pml
  echo "run_spin: deque protocol verified (N=$n tasks, owner pushes and takes, 2 thieves x $tries attempts, one growth); all three mutants caught"
  exit 0
fi

if [ "$(basename "$model")" = titus_lock.pml ]; then
  cp "$model" titus_lock.pml
  python3 - <<'PY'
s = open('titus_lock.pml').read()
m = s.replace(':: top == wt && split == ws && lock == FREE -> lock = OWNER; ok = 1',
              ':: top == wt && split == ws && lock == FREE -> ok = 1')
copy = '''                i = 0;
                do                                           /* the copy */
                :: i < k -> got[i] = slot[(wt + i) % C]; i++
                :: else -> break
                od;
'''
hand = '''                atomic { top = (wt + k) % M; lock = HANDED };  /* hand the lock over */
'''
n = s.replace(copy + hand, hand + copy)
assert m != s and n != s, "mutation anchors not found in titus_lock.pml"
open('mutant_rebalance_unlocked.pml', 'w').write(m)
open('mutant_hand_early.pml', 'w').write(n)
PY
  must_pass titus_lock.pml
  must_fail mutant_rebalance_unlocked.pml
  must_fail mutant_hand_early.pml
  echo "run_spin: locked pool verified (N=$n tasks, owner refills and takes back, 2 thieves x $tries attempts, 2 ring slots); both mutants caught"
  exit 0
fi

cp "$model" pool.pml
cp "$(dirname "$model")/ctws_token.pml" ctws_token.pml

python3 - <<'PY'
s = open('pool.pml').read()
a = s.replace('cas(wt, ws, wu, (wt + k) % M, ws, wu + 1, ok);', 'cas(wt, ws, wu, (wt + k) % M, ws, wu, ok);') \
     .replace('atomic { infl-- };', 'skip;')
b = s.replace('if :: wu == 0 -> qt = wt :: else -> skip fi;\n        used', 'qt = wt;\n        used')
c = s.replace('#define FROZEN(t, s) OVER(t, s)', '#define FROZEN(t, s) 0')
d = s.replace(':: k > take -> atomic { top = (top + M - (k - take)) % M }', ':: k > take -> skip')
l = s.replace('#define CLAMP(w, n) ((w) < (n) -> (w) : (n))', '#define CLAMP(w, n) (w)')
assert a != s and b != s and c != s and d != s and l != s, "mutation anchors not found in pool.pml"
t = open('ctws_token.pml').read()
e = t.replace(':: else -> skip\n       fi;\n       pass(r)', ':: else -> ended++; break\n       fi;\n       pass(r)')
f = t.replace('atomic { k = (q[v] + 1) / 2; q[v] = q[v] - k; q[r] = q[r] + k }',
              'k = (n + 1) / 2; q[v] = (q[v] > k -> q[v] - k : 0); q[r] = q[r] + k')
j = t.replace('holder[TOK(r)] = (r + 1 < LO(TOK(r) + 1) -> r + 1 : LO(TOK(r)))',
              'holder[TOK(r)] = (r + 1) % P')
m = t.replace('atomic { k = (q[v] + 1) / 2; q[v] = q[v] - k; q[r] = q[r] + k } /* probe */',
              'k = (n + 1) / 2; q[v] = (q[v] > k -> q[v] - k : 0); q[r] = q[r] + k')
assert e != t and f != t and j != t and m != t, "mutation anchors not found in ctws_token.pml"
open('mutant_ctws_cross_ring.pml', 'w').write(j)
open('mutant_ctws_probe_stale.pml', 'w').write(m)
open('mutant_ctws_end_holding.pml', 'w').write(e)
open('mutant_ctws_stale_take.pml', 'w').write(f)
open('mutant_inflight.pml', 'w').write(a)
open('mutant_quiet_top.pml', 'w').write(b)
open('mutant_faa_freeze.pml', 'w').write(c)
open('mutant_faa_nocorr.pml', 'w').write(d)
open('mutant_guard_unclamped.pml', 'w').write(l)
PY

if [ "${RUN_SPIN_POOL_ONLY:-0}" = 1 ]; then # model_pool checks the rest at these bounds
  for d in "" -DFAA=1 -DFAA=2 -DGUARD; do must_pass pool.pml $d; done
  echo "run_spin: pool protocol verified (N=$n tasks, 2 thieves x $tries attempts; CAS, FAA, FAA+CAS thieves; CAS thieves claiming any amount or declining, as the steal guard decides)"
  exit 0
fi
must_pass pool.pml
must_fail mutant_inflight.pml
must_fail mutant_quiet_top.pml
must_pass pool.pml -DFAA=1
must_pass pool.pml -DFAA=2
must_fail mutant_faa_freeze.pml -DFAA=1
must_fail mutant_faa_nocorr.pml -DFAA=1
must_pass pool.pml -DGUARD
must_fail mutant_guard_unclamped.pml -DGUARD
for p in 2 3; do
  must_pass ctws_token.pml -DP=$p -DPLACE=0
  must_pass ctws_token.pml -DP=$p -DPLACE=1
done
must_fail mutant_ctws_end_holding.pml -DP=3 -DPLACE=0
must_fail mutant_ctws_stale_take.pml -DP=3 -DPLACE=0
must_pass ctws_token.pml -DP=4 -DK=2 -DPLACE=0
must_pass ctws_token.pml -DP=4 -DK=2 -DPLACE=1
must_fail mutant_ctws_cross_ring.pml -DP=4 -DK=2 -DPLACE=1
# probes: a holder whose list ran dry probes ranks of its choice before finishing (with
# one token a dry list means every queue is empty: the probes find nothing, and must not
# break anything; with two tokens they take what the other token moved)
must_pass ctws_token.pml -DP=3 -DPLACE=0 -DPROBE=2
must_pass ctws_token.pml -DP=3 -DPLACE=1 -DPROBE=2
must_pass ctws_token.pml -DP=4 -DK=2 -DT=3 -DPLACE=1 -DPROBE=1
must_fail mutant_ctws_probe_stale.pml -DP=4 -DK=2 -DT=3 -DPLACE=1 -DPROBE=1
echo "run_spin: ctws token termination verified (2 and 3 ranks one token, 4 ranks two tokens, 4 tasks; probes: 3 ranks two probes, 4 ranks two tokens one probe, 3 tasks); all four mutants caught"
echo "run_spin: pool protocol verified (N=$n tasks, 2 thieves x $tries attempts; CAS, FAA, FAA+CAS thieves; CAS thieves claiming any amount or declining, as the steal guard decides); all five mutants caught (N=$mn, $mtries attempts)"
