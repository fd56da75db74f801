#!/usr/bin/env bash
# Write a SimGrid cluster platform and its hostfile for SMPI runs of ladro.
# Usage: bench/smpi/platform.sh DIR RANKS [LATENCY] [BANDWIDTH] [SPEED]
#   DIR        where cluster-RANKS.xml and hosts-RANKS go (created)
#   RANKS      hosts in the cluster, one rank per host (1..65536)
#   LATENCY    link latency, SimGrid units (default 1us)
#   BANDWIDTH  link bandwidth (default 10GBps)
#   SPEED      host speed in flop/s (default 1Gf; with smpi/host-speed equal to it, one
#              second of measured computation is one simulated second)
# Prints the platform's path. One private link per host to a backbone of the same
# bandwidth: a thief's RMA to a victim crosses two links (2 x LATENCY one way).
set -euo pipefail
if [ $# -lt 2 ] || [ $# -gt 5 ]; then
  echo "usage: $0 DIR RANKS [LATENCY=1us] [BANDWIDTH=10GBps] [SPEED=1Gf]" >&2
  exit 2
fi
dir=$1 ranks=$2 lat=${3:-1us} bw=${4:-10GBps} speed=${5:-1Gf}
if ! [[ $ranks =~ ^[0-9]+$ ]] || [ "$ranks" -lt 1 ] || [ "$ranks" -gt 65536 ]; then
  echo "$0: RANKS '$ranks' is not an integer in 1..65536" >&2
  exit 2
fi
unit='^[0-9]+([.][0-9]+)?'
[[ $lat =~ ${unit}(s|ms|us|ns)$ ]] || { echo "$0: LATENCY '$lat': accepted e.g. 1us, 0.5ms" >&2; exit 2; }
[[ $bw =~ ${unit}([kMG]?(Bps|bps))$ ]] || { echo "$0: BANDWIDTH '$bw': accepted e.g. 10GBps, 100Mbps" >&2; exit 2; }
[[ $speed =~ ${unit}([kMGT]?f)$ ]] || { echo "$0: SPEED '$speed': accepted e.g. 1Gf, 500Mf" >&2; exit 2; }
mkdir -p "$dir"
xml=$dir/cluster-$ranks.xml
cat >"$xml" <<EOF
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<!-- ladro SMPI platform: $ranks hosts, $speed each, links $bw / $lat (bench/smpi/platform.sh) -->
<platform version="4.1">
  <cluster id="ladro" prefix="node-" suffix="" radical="0-$((ranks - 1))"
           speed="$speed" bw="$bw" lat="$lat" bb_bw="$bw" bb_lat="0us"/>
</platform>
EOF
seq 0 $((ranks - 1)) | sed 's/^/node-/' >"$dir/hosts-$ranks"
echo "$xml"
