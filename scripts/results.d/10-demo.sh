#!/usr/bin/env bash
# The demo's Gantt charts (8 ranks, speeds C1, 160 tasks of 10 ms, every policy).
set -euo pipefail
build=$1
bash scripts/demo.sh "$build" | tail -n +1
mkdir -p docs/figures/demo
cp "$build"/demo/gantt-*.svg docs/figures/demo/
echo "wrote docs/figures/demo/gantt-<policy>.svg (command: make demo)"
