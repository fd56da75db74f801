#!/usr/bin/env bash
# make results: the demo's Gantt charts (8 ranks, speeds C1, 160 tasks of 10 ms, every
# policy) into docs/figures/demo/. Usage: results.sh BUILD OUT (OUT unused: the traces
# stay in BUILD/demo).
set -euo pipefail
build=$1
bash scripts/demo.sh "$build"
mkdir -p docs/figures/demo
cp "$build"/demo/gantt-*.svg docs/figures/demo/
echo "wrote docs/figures/demo/gantt-<policy>.svg (command: make demo)"
