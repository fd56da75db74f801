#!/usr/bin/env bash
# make results: the seismic figures of docs/seismic.md and docs/results.md
# (docs/figures/seismic/*.png). Usage: results.sh BUILD OUT (OUT unused: the model runs
# go to a temporary directory).
set -euo pipefail
build=$1
echo "+ BIN=$build/bin bench/seismic/make_figures.sh"
BIN=$build/bin sh bench/seismic/make_figures.sh
echo "+ BIN=$build/bin bench/seismic/structured_figure.sh"
BIN=$build/bin sh bench/seismic/structured_figure.sh
