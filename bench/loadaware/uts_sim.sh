#!/bin/sh
# BaselineWS vs SuccessOnlyWS (and random) on UTS at 64-1 024 simulated ranks: ladro-sim
# policy --app uts runs ladro-uts's own search (apps/uts/uts_search.c) and every policy's
# own code on SimGrid actors, one per rank; a node costs --node-ns of simulated time (the
# default: ladro-uts's measured CPU per node). The launches, the tables and OUT:
# app_sim.sh.
#   BIN=build/bin NPS="64 256 1024" SEEDS="1 2 3" IDLES="backoff spin" \
#     bench/loadaware/uts_sim.sh
# TREE: the UTS flags (default T1L, -t 1 -a 3 -d 13 -b 4 -r 29, 102 M nodes, with the
# paper's -c 8 -i 10); IDLES: the idle modes (ladro-sim policy's own is backoff; spin is
# what idle=auto picks when every rank has a core, as on the paper's machine).
set -eu
APP=uts FLAGS=${TREE:-"-t 1 -a 3 -d 13 -b 4 -r 29 -c 8 -i 10"} NAME=uts OUT=${OUT:-uts_sim_out}
export APP FLAGS NAME OUT
exec sh "$(dirname "$0")/app_sim.sh"
