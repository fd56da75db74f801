#!/bin/sh
# Paje trace of one run: written, checked by ladro-sim paje-check (definitions used match,
# every state closed, every link ended, times monotone) and, when PajeNG's pj_dump is
# installed, parsed by it too. A corrupted copy must be rejected.
set -e
SIM="$1"
DIR="${2:-.}/sim_paje_test"
mkdir -p "$DIR"
for v in swt mwt; do
    "$SIM" latency --W 20000 --p 6 --lambda 15 --runs 2 --variant $v --quiet \
        --paje "$DIR/$v.paje" > "$DIR/$v.out"
    "$SIM" paje-check "$DIR/$v.paje"
    # transfers and states present
    grep -q '^7 .* T p' "$DIR/$v.paje"
    grep -q '^6 .* ST p0 C' "$DIR/$v.paje"
    if command -v pj_dump > /dev/null 2>&1; then
        pj_dump "$DIR/$v.paje" > "$DIR/$v.dump"
        grep -q '^State' "$DIR/$v.dump"
        grep -q '^Link' "$DIR/$v.dump"
        echo "pj_dump: $(grep -c '^State' "$DIR/$v.dump") states, $(grep -c '^Link' "$DIR/$v.dump") links"
    fi
done
# the policy mode runs the runtime, which writes its own Paje trace (trace=FILE.paje,
# docs/tracing.md) in simulated time: task states and steal links of every rank
if "$SIM" policy --help > /dev/null 2>&1; then
    for pol in random leader successonly; do
        "$SIM" policy --policy $pol --p 6 --tasks-per-rank 5 --speed C1 --work-dist exp \
            trace="$DIR/pol_$pol.paje" > /dev/null
        head -1 "$DIR/pol_$pol.paje" | grep -q '^%EventDef PajeDefineContainerType'
        grep -q '^7 .*LT_Steal' "$DIR/pol_$pol.paje"
        test "$(grep -c '^5 ' "$DIR/pol_$pol.paje")" -ge 30 # a state per task at least
    done
fi
# negative checks: a state line removed from the definitions, a link never ended, a
# container never destroyed: each must be reported
sed '0,/^%EventDef PajeSetState 6/s//%EventDef PajeSetState 66/' "$DIR/swt.paje" > "$DIR/bad1.paje"
if "$SIM" paje-check "$DIR/bad1.paje"; then echo "bad1 accepted"; exit 1; fi
grep -v '^8 ' "$DIR/swt.paje" > "$DIR/bad2.paje"
if "$SIM" paje-check "$DIR/bad2.paje"; then echo "bad2 accepted"; exit 1; fi
grep -v '^5 .* PR p3$' "$DIR/swt.paje" > "$DIR/bad3.paje"
if "$SIM" paje-check "$DIR/bad3.paje"; then echo "bad3 accepted"; exit 1; fi
echo "paje test ok"
