#!/bin/sh
# BaselineWS vs SuccessOnlyWS (and random) on N-Queens at 64-1 024 simulated ranks:
# ladro-sim policy --app nqueens runs ladro-nqueens's own search
# (apps/nqueens/nqueens_search.c) and every policy's own code on SimGrid actors, one per
# rank; a placement costs --placement-ns of simulated time (the default: ladro-nqueens's
# measured CPU per placement). The launches, the tables and OUT: app_sim.sh.
#   BIN=build/bin NPS="64 256 1024" SEEDS="1 2 3" IDLES="backoff spin" \
#     bench/loadaware/nqueens_sim.sh
# BOARD: ladro-nqueens's flags (default -n 16 --cutoff 6: 1 002 779 tasks, 1.14e9 placements,
# 9.6 s of work; the paper's -n 18 costs about 50 times the CPU per run); IDLES: the idle
# modes (ladro-sim policy's own is backoff; spin is what idle=auto picks when every rank
# has a core, as on the paper's machine).
set -eu
APP=nqueens FLAGS=${BOARD:-"-n 16 --cutoff 6"} NAME=nqueens OUT=${OUT:-nqueens_sim_out}
export APP FLAGS NAME OUT
exec sh "$(dirname "$0")/app_sim.sh"
