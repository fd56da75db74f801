#!/usr/bin/env bash
# make results: redraw docs/figures/smallworld/weak.svg from the kept medians
# (docs/figures/smallworld/weak.csv). Re-measuring them takes hours of 2-32 rank runs:
#   bench/smallworld/weak.sh BUILD OUT "2 4 8 16 32" "10s-4M 10s-32M 5s-8M 1s-1M 1s-16M" 5
# then: python3 bench/smallworld/plot.py OUT/weak.csv docs/figures/smallworld/weak.svg
# Usage: results.sh BUILD OUT
set -euo pipefail
echo "+ python3 bench/smallworld/plot.py docs/figures/smallworld/weak.csv docs/figures/smallworld/weak.svg"
python3 bench/smallworld/plot.py docs/figures/smallworld/weak.csv docs/figures/smallworld/weak.svg
