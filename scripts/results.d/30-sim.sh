#!/usr/bin/env bash
# The simulator's campaigns (docs/figures/sim/data/*.csv) and figures (docs/figures/sim/).
set -euo pipefail
build=$1
echo "+ sim/scripts/campaign.sh $build && sim/scripts/figures.sh"
sh sim/scripts/campaign.sh "$build"
sh sim/scripts/figures.sh
