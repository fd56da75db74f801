#!/usr/bin/env bash
# Install the Debian packages ladro needs, when they are missing. Root installs them with
# apt-get; anyone else is told exactly what to install.
set -euo pipefail
# Optional sets by argument: `mpich` (make check-mpich), `fuzz` (make fuzz: clang's libFuzzer),
# `smpi` (make check-smpi: SimGrid's SMPI, smpicc and smpirun; libsimgrid-dev, ~205 MB).
pkgs=(build-essential cmake libopenmpi-dev openmpi-bin gnuplot-nox python3 spin libsegyio-dev segyio-bin)
for extra in "$@"; do
  case "$extra" in
    mpich) pkgs+=(mpich libmpich-dev) ;;
    fuzz) pkgs+=(clang) ;;
    smpi) pkgs+=(libsimgrid-dev) ;;
    *) echo "install-deps.sh: unknown package set '$extra'; accepted: mpich, fuzz, smpi" >&2; exit 2 ;;
  esac
done
missing=()
for p in "${pkgs[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "ladro: missing Debian packages: ${missing[*]}" >&2
  echo "ladro: install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "ladro: installing ${missing[*]} (apt-get)" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
