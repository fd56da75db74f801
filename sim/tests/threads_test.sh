#!/bin/sh
# ladro-sim policy with threads inside a rank (--threads T, the key threads=T; paper=1's
# communication worker for baseline and successonly): every rank's T worker actors and
# its communication actor share the rank's pool (src/threads.c on the simulated engine).
# Checked, at RANKS ranks (default 16), threads 2 and 4:
#   - every policy runs every task of ladro-synth's workload exactly once (all tasks on
#     rank 0, so they must move), the lower bound over p x T workers;
#   - ladro-uts's and ladro-nqueens's searches spawn from the worker actors: the counts
#     are the sequential DFS's and A000170's, every task of the tree once;
#   - paper=1 runs baseline and successonly with the communication worker; SuccessOnlyWS
#     fails no remote steal;
#   - the same seed gives the same simulated result; --threads T is threads=T;
#   - bad input: one line, exit 2.
# Usage: threads_test.sh LADRO-SIM OUTDIR [RANKS]
set -e
SIM="$1"
P="${3:-16}"
DIR="${2:-.}/sim_threads_test_$P"
mkdir -p "$DIR"
TREE="-t 1 -a 0 -d 12 -b 4 -r 1 -c 1 -i 1"
BOARD="-n 11 --cutoff 3"
check() { # JSON FILE, T, WHAT [paper]: every policy verified, efficiency over p x T workers
    python3 - "$1" "$2" "$3" "$P" "${4:-}" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
t, what, p, paper = int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), sys.argv[5] == "paper"
pols = d["policies"]
assert pols, d
for x in pols:
    assert x["verified"] is True and x["lost"] == 0 and x["twice"] == 0, (what, x)
    assert x["makespan_s"] >= x["lower_bound_s"] > 0 and 0 < x["efficiency"] <= 1.000001, (what, x)
    assert x["done_s"] >= x["makespan_s"], (what, x)
    if what == "uts":
        assert (x["nodes"], x["leaves"], x["max_depth"]) == (23735, 12928, 12), x
    if what == "nqueens":  # A000170(11); every task of the tree (nq_task_tree) once
        q = d["params"]["nqueens"]
        assert q["solutions_from"] == "A000170" and q["solutions"] == 2680, q
        assert (x["solutions"], x["tasks"]) == (2680, q["tasks"]), (x, q)
    if x["policy"] == "successonly" and paper:  # grants only; by name it also claims
        assert x["steals_failed"] == 0, (what, x)
print("%s, threads %d, %d ranks: %d policies verified" % (what, t, p, len(pols)))
PY
}
for T in 2 4; do
    "$SIM" policy --stack-kib 16 --policy all --p "$P" --threads "$T" --tasks-per-rank 10 --work-ms 1 \
        --work-dist uniform:0.5,1.5 --init one --json > "$DIR/synth$T.json" 2> "$DIR/err" ||
        { echo "synth threads $T: exit $?"; cat "$DIR/err"; exit 1; }
    check "$DIR/synth$T.json" "$T" synth
    # shellcheck disable=SC2086
    "$SIM" policy --stack-kib 16 --policy all --app uts $TREE --p "$P" threads="$T" --json \
        > "$DIR/uts$T.json" 2> "$DIR/err" || { echo "uts threads $T: exit $?"; cat "$DIR/err"; exit 1; }
    check "$DIR/uts$T.json" "$T" uts
    # shellcheck disable=SC2086
    "$SIM" policy --stack-kib 16 --policy all --app nqueens $BOARD --p "$P" --threads "$T" --json \
        > "$DIR/nq$T.json" 2> "$DIR/err" || { echo "nqueens threads $T: exit $?"; cat "$DIR/err"; exit 1; }
    check "$DIR/nq$T.json" "$T" nqueens
done
# paper=1: the papers' communication worker beside one computation worker (and beside 2)
for T in 1 2; do
    # shellcheck disable=SC2086
    "$SIM" policy --stack-kib 16 --policy baseline,successonly --app uts $TREE --p "$P" paper=1 threads="$T" \
        --json > "$DIR/paper$T.json" 2> "$DIR/err" || { echo "paper=1 threads $T: exit $?"; cat "$DIR/err"; exit 1; }
    check "$DIR/paper$T.json" "$T" uts paper
done
# the same seed, the same simulated run (the process's CPU time and memory aside)
strip() { sed -E 's/"cpu_s": [0-9.e+-]+, "peak_rss_mb": [0-9.e+-]+//' "$1"; }
# shellcheck disable=SC2086
"$SIM" policy --policy all --app uts $TREE --p "$P" --threads 2 --json > "$DIR/again.json"
strip "$DIR/uts2.json" > "$DIR/a"
strip "$DIR/again.json" > "$DIR/b"
cmp -s "$DIR/a" "$DIR/b" || { echo "threads=2: not reproducible"; diff "$DIR/a" "$DIR/b" | head; exit 1; }
# --threads T is the key threads=T
"$SIM" policy --policy all --p "$P" threads=2 --tasks-per-rank 10 --work-ms 1 \
    --work-dist uniform:0.5,1.5 --init one --json > "$DIR/key.json"
strip "$DIR/synth2.json" > "$DIR/a"
strip "$DIR/key.json" > "$DIR/b"
cmp -s "$DIR/a" "$DIR/b" || { echo "--threads 2 is not threads=2"; diff "$DIR/a" "$DIR/b" | head; exit 1; }
# bad input: one line naming the flag or key and what is accepted, exit 2
for bad in "--threads 0" "--threads 1025" "--threads x" "threads=0"; do
    # shellcheck disable=SC2086
    if "$SIM" policy --p 4 $bad > "$DIR/out" 2> "$DIR/err"; then
        echo "'$bad' accepted"; exit 1
    else
        rc=$?
    fi
    test "$rc" -eq 2 || { echo "'$bad': exit $rc"; exit 1; }
    test "$(wc -l < "$DIR/err")" -eq 1 || { echo "'$bad':"; cat "$DIR/err"; exit 1; }
    if ! grep -q "threads" "$DIR/err" || ! grep -q "accepted" "$DIR/err"; then
        cat "$DIR/err"; exit 1
    fi
done
echo "threads inside simulated ranks: verified"
