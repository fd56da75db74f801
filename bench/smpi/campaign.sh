#!/usr/bin/env bash
# The SMPI side of docs/results.md, "The simulator against real runs": run policies at given rank counts and
# seeds on the default platform (1 Gf hosts, 10 GB/s, 1 us links), one JSON line per run
# (the run's --json, which names its seed, plus "wall_s", the simulation's wall-clock
# time) appended to OUT. Same workload as the comparison with ladro-sim (bench/smpi/compare.py;
# run it with LADRO_IDLE=backoff, as ladro-sim's ranks back off).
# Usage: bench/smpi/campaign.sh OUT "RANKS..." "POLICIES..." "SEEDS..."
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$1 ranks=$2 policies=$3 seeds=$4
WL=${SMPI_WORKLOAD:---init gauss70-10 --tasks-per-rank 8 --work-ms 2 --work-dist uniform:0.5,1.5}
for np in $ranks; do for pol in $policies; do for s in $seeds; do
  t0=$(date +%s.%N)
  # shellcheck disable=SC2086
  json=$(nice "$root/bench/smpi/run.sh" -np "$np" -t "${SMPI_TIMEOUT:-1500}" --policy "$pol" \
         $WL --seed "$s" --verify --json 2>/dev/null | grep '^{"policy"')
  rc=$?
  w=$(echo "$(date +%s.%N) - $t0" | bc)
  if [ -z "$json" ]; then
    echo "{\"policy\": \"$pol\", \"ranks\": $np, \"seed\": $s, \"failed\": true, \"wall_s\": $w}" >>"$out"
    echo "campaign: $pol $np seed $s FAILED or timed out (rc $rc, ${w}s)" >&2
  else
    echo "${json%\}}, \"wall_s\": $w}" >>"$out"
    echo "campaign: $pol $np seed $s ok (${w}s)" >&2
  fi
done; done; done
