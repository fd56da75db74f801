#!/usr/bin/env bash
# make results: redraw docs/figures/smpi/efficiency.svg from the kept comparison
# (docs/figures/smpi/compare.csv). Re-measuring it takes hours of SimGrid simulations:
# see bench/smpi/README.md. Usage: results.sh BUILD OUT
set -euo pipefail
echo "+ sh bench/smpi/plot.sh docs/figures/smpi/compare.csv"
sh bench/smpi/plot.sh docs/figures/smpi/compare.csv
