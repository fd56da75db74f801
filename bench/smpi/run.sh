#!/usr/bin/env bash
# Run an SMPI build of a ladro program (bench/smpi/build.sh) on a simulated cluster.
# Usage: bench/smpi/run.sh [options] -np P [--] PROGRAM_ARGS...
#   -np P          simulated ranks, one per host
#   -b DIR         build directory (default build-smpi): program DIR/ladro-synth
#   -p PROG        program inside DIR (default ladro-synth; e.g. atomics)
#   -l LATENCY     link latency (default 1us; SimGrid units: 1us, 0.5ms)
#   -w BANDWIDTH   link bandwidth (default 10GBps)
#   -s SPEED       host speed (default 1Gf)
#   -t SECONDS     wall-clock time-out (default 600); exit 124 when it strikes
#   -c             simulate the computation between MPI calls too (benchmarked host time,
#                  smpi/host-speed = SPEED). Default off: simulated time is network, task
#                  durations (nanosleep) and idle back-off only, and runs are
#                  deterministic for a seed.
#   -i SECONDS     simulated time of one MPI_Iprobe or MPI_Test (default 2.5e-7, the order
#                  SimGrid's calibrations measure on real clusters)
# Env: SMPI_WRAP=CMD runs smpirun under CMD (a profiler: SMPI_WRAP="perf record -g -o F"
# is how the all-to-all MPI_Iallreduce of SMPI was found, bench/smpi/README.md).
# Every run gets --cfg=smpi/coll-selector:mpich (SMPI's default collectives are very slow
# at hundreds of ranks) and smpi/grow-injected-times:no (the programs built by smpicc
# serve the leader from its main thread: SMPI ranks cannot start threads that call MPI): by default SMPI charges each MPI_Iprobe and
# MPI_Test 100 us times a counter of consecutive unsuccessful calls that all ranks share,
# so ranks polling while idle would make every other rank's polls ever slower (seconds
# of simulated time per call at a few hundred ranks). Messages up to 64 KiB are eager
# (smpi/async-small-thresh): as with real MPI's eager protocol they travel as soon as they
# are sent, not from the moment the receiver posts its receive (SMPI's default), which
# made a leader that keeps one MPI_Irecv posted take one request per progress call.
# SMPI's informational messages are hidden; errors and warnings are not.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=build-smpi prog=ladro-synth lat=1us bw=10GBps speed=1Gf tmo=600 comp=no np= poll=2.5e-7
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    -np) np=${2:?}; shift 2 ;;
    -b) build=${2:?}; shift 2 ;;
    -p) prog=${2:?}; shift 2 ;;
    -l) lat=${2:?}; shift 2 ;;
    -w) bw=${2:?}; shift 2 ;;
    -s) speed=${2:?}; shift 2 ;;
    -t) tmo=${2:?}; shift 2 ;;
    -c) comp=yes; shift ;;
    -i) poll=${2:?}; shift 2 ;;
    --) shift; break ;;
    -h|--help) usage ;;
    *) break ;;
  esac
done
[ -n "$np" ] || { echo "$0: -np P is required" >&2; usage; }
[[ $tmo =~ ^[0-9]+$ ]] || { echo "$0: -t '$tmo' is not a number of seconds" >&2; exit 2; }
case "$build" in /*) ;; *) build=$root/$build ;; esac
[ -x "$build/$prog" ] || { echo "$0: $build/$prog missing; run bench/smpi/build.sh" >&2; exit 1; }
plat=$build/platforms/$lat-$bw-$speed
xml=$("$root/bench/smpi/platform.sh" "$plat" "$np" "$lat" "$bw" "$speed")
hosts=$plat/hosts-$np
cd "$build"
exec ${SMPI_WRAP:-} timeout -k 5 "$tmo" smpirun -np "$np" -platform "$xml" -hostfile "$hosts" \
  --cfg=smpi/coll-selector:mpich --cfg=smpi/simulate-computation:$comp \
  --cfg=smpi/host-speed:"$speed" --cfg=smpi/grow-injected-times:no \
  --cfg=smpi/iprobe:"$poll" --cfg=smpi/test:"$poll" \
  --cfg=smpi/async-small-thresh:65536 --cfg=smpi/send-is-detached-thresh:65536 \
  --log=root.thres:warning --log=smpi_mpi.thres:error --log=smpi_config.thres:error \
  "./$prog" "$@"
