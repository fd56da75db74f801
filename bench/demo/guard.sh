#!/usr/bin/env bash
# The demo's run (8 real ranks, the A2WS paper's C1 speeds, 20 tasks of 10 ms per rank,
# even) under each guarded policy (random, baseline, successonly, smallworld, ctws and
# a2ws, each with its default), without and with the steal guard
# (LADRO_STEAL_GUARD=pace, docs/user-guide.md "Heterogeneous ranks"), in interleaved
# rounds so that both sides see the same machine. One line per run, then the median
# efficiency per policy and guard.
#   bash bench/demo/guard.sh [BUILD]      ROUNDS (default 4), POLICIES (default all six)
set -euo pipefail
case "${1:-}" in -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
build=${1:-build}
synth=$build/bin/ladro-synth
[ -x "$synth" ] || { echo "guard.sh: $synth not found; build first (make)" >&2; exit 2; }
rounds=${ROUNDS:-4}
case "$rounds" in ''|*[!0-9]*|0) echo "guard.sh: ROUNDS takes an integer >= 1, not '$rounds'" >&2; exit 2 ;; esac
policies=${POLICIES:-random baseline successonly smallworld ctws a2ws}
for pol in $policies; do
  case "$pol" in random|baseline|successonly|smallworld|ctws|a2ws) ;;
    *) echo "guard.sh: POLICIES: '$pol' is not a guarded policy; accepted: random, baseline, successonly, smallworld, ctws, a2ws" >&2; exit 2 ;;
  esac
done
here=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
printf "%-5s %-11s %-5s %9s %10s %6s %8s %s\n" round policy guard makespan efficiency steals declined "tasks per rank"
for r in $(seq 1 "$rounds"); do
  for pol in $policies; do
    for g in off pace; do
      out=$(env LADRO_STEAL_GUARD=$g "$here/scripts/mpirun.sh" -np 8 "$synth" --policy "$pol" \
            --speed C1 --tasks-per-rank 20 --work-ms 10 --init even --verify --json)
      get() { grep -o "\"$1\": [^,}]*" <<<"$out" | head -1 | sed 's/.*: //'; }
      [ "$(get verified)" = true ] || { echo "guard.sh: $pol, guard $g: not verified" >&2; exit 1; }
      tasks=$(grep -o '"tasks": [0-9]*' <<<"$out" | sed 1d | awk '{printf "%s%s", s, $2; s=","}')
      printf "%-5s %-11s %-5s %9.3f %10.3f %6s %8s %s\n" "$r" "$pol" "$g" "$(get makespan)" \
        "$(get efficiency)" "$(get steals_ok)" "$(get steals_declined)" "$tasks" | tee -a "$tmp"
    done
  done
done
echo
echo "median efficiency over $rounds rounds (every run verified):"
for pol in $policies; do
  for g in off pace; do
    awk -v p="$pol" -v g="$g" '$2 == p && $3 == g { print $5 }' "$tmp" | sort -g |
      awk -v p="$pol" -v g="$g" '{ v[NR] = $1 } END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "  %-11s guard %-4s %.3f\n", p, g, m }'
  done
done
