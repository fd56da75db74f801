#!/usr/bin/env bash
# make results: regenerate every figure that docs/ shows, and the tables measured on
# simulated ranks. Each study of bench/ that makes one has a generator
# bench/<study>/results.sh BUILD OUT: figures go to docs/figures/<area>/, raw run output
# to OUT = BUILD/results/<study> (never the source tree). Figures whose data take hours to
# measure (smallworld weak scaling, SimGrid SMPI) are redrawn from their kept inputs; their
# READMEs give the command that re-measures them.
#   bash scripts/results.sh [BUILD]        ONLY=pattern runs the matching studies only
set -euo pipefail
build=${1:-build}
cd "$(dirname "$0")/.."
build=$(cd "$build" && pwd)
studies="demo scenarios sim-latency a2ws ctws loadaware termination beyond seismic smallworld smpi"
status=0
for s in $studies; do
  if [ -n "${ONLY:-}" ] && [[ "$s" != *$ONLY* ]]; then continue; fi
  echo "== results: $s"
  out=$build/results/$s
  mkdir -p "$out"
  if ! bash "bench/$s/results.sh" "$build" "$out"; then
    echo "results: bench/$s/results.sh FAILED" >&2
    status=1
  fi
done
[ $status -eq 0 ] && echo "results: figures in docs/figures/, raw data in $build/results/"
exit $status
