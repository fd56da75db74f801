#!/bin/sh
# ladro-sim-s4u: every policy's own code on 64 simulated ranks (SimGrid S4U actors) runs
# every task exactly once for each initial placement; bad input is a one-line error,
# exit 2, before anything is simulated.
set -e
SIM="$1"
DIR="${2:-.}/sim_s4u_test"
mkdir -p "$DIR"
for init in even one gauss70-10; do
    "$SIM" --policy all --p 64 --tasks-per-rank 10 --dist uniform:0.5,1.5 --init "$init" \
        --json > "$DIR/out.json" 2> "$DIR/err" || { echo "init $init: exit $?"; cat "$DIR/err"; exit 1; }
    n=$(grep -c '"verified": true' "$DIR/out.json")
    test "$n" -eq 8 || { echo "init $init: $n of 8 policies verified"; cat "$DIR/out.json"; exit 1; }
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert len(d["policies"]) == 8 and all(p["makespan_s"] >= p["lower_bound_s"] > 0 for p in d["policies"])' "$DIR/out.json"
done
# heterogeneous speeds: the runtime's speed emulation pads in simulated time
"$SIM" --policy random,a2ws --p 16 --speed C3 --tasks-per-rank 5 > "$DIR/out" 2> "$DIR/err"
test "$(grep -c 'verified yes' "$DIR/out")" -eq 2 || { cat "$DIR/out" "$DIR/err"; exit 1; }
# bad ARGS... -- TEXT: exit 2 and one line of stderr that names TEXT
bad() {
    args=""
    while [ "$1" != "--" ]; do args="$args $1"; shift; done
    want="$2"
    code=0
    # shellcheck disable=SC2086
    "$SIM" $args > "$DIR/out" 2> "$DIR/err" || code=$?
    test "$code" -eq 2 || { echo "exit $code (want 2):$args"; cat "$DIR/err"; exit 1; }
    test "$(wc -l < "$DIR/err")" -eq 1 || { echo "not one line:$args"; cat "$DIR/err"; exit 1; }
    grep -q -- "$want" "$DIR/err" || { echo "no '$want' in:"; cat "$DIR/err"; exit 1; }
}
bad --policy fifo --p 4 -- fifo
bad --p 4 --platform "$DIR/no-such.xml" -- no-such.xml
bad --p 4 random:no_such_key=1 -- no_such_key
bad --p 4 nopolicy:chunk=1 -- nopolicy
bad --p 4 emulate=spin -- emulate=spin
echo "ladro-sim-s4u: ok"
