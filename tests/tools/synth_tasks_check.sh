#!/bin/sh
# ladro-synth --tasks N: synth_tasks_check.sh N P INIT -- launcher... ladro-synth
# Under the static policy (no stealing) the tasks each rank runs are its initial share:
# they must add up to N, and with INIT even be q + 1 on the first N mod P ranks and q on
# the others (q = N / P). Under random, every one of the N tasks must run exactly once.
# Both runs must exit 0.
set -u
n=$1 p=$2 init=$3
shift 4
out=$(mktemp)
trap 'rm -f "$out"' EXIT
fail() { echo "synth_tasks_check: $*" >&2; cat "$out" >&2; exit 1; }
for pol in static random; do
    "$@" --policy $pol --init "$init" --tasks "$n" --work-ms 0 --verify > "$out" 2>&1 ||
        fail "$pol: exit status $?"
    grep -q "^verify: $n tasks, 0 missing, 0 duplicated, 0 corrupt payloads: every task executed exactly once$" "$out" ||
        fail "$pol: not $n tasks each run exactly once"
    counts=$(sed -n 's/^  tasks per rank: //p' "$out")
    [ "$(echo $counts | wc -w)" -eq "$p" ] || fail "$pol: not $p per-rank counts: '$counts'"
    sum=0
    for c in $counts; do sum=$((sum + c)); done
    [ "$sum" -eq "$n" ] || fail "$pol: ranks ran $sum tasks, not $n"
    if [ $pol = static ] && [ "$init" = even ]; then
        q=$((n / p)) m=$((n % p)) want="" r=0
        while [ $r -lt "$p" ]; do
            if [ $r -lt $m ]; then want="$want $((q + 1))"; else want="$want $q"; fi
            r=$((r + 1))
        done
        [ "$(echo $counts)" = "$(echo $want)" ] || fail "static even: '$counts', not '$want'"
    fi
done
echo "synth_tasks_check: $n tasks on $p ranks ($init): ok"
