#!/usr/bin/env bash
# make results: termination detection per policy on simulated ranks (a table, no figure;
# docs/results.md, "Termination" and "Beyond the papers' scale"). Usage: results.sh BUILD OUT
set -euo pipefail
build=$1 out=$2
echo "+ bench/termination/termination.sh $build $out"
bash bench/termination/termination.sh "$build" "$out" | tee "$out/termination.md"
