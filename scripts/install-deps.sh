#!/usr/bin/env bash
# Install the Debian packages ladro needs, when they are missing (make demo, make check).
# Root installs them with apt-get. Anyone else is told what is missing: building needs
# only cmake, a C compiler and an MPI (a user who has them goes on; the tests that need
# an optional tool -- spin, python3 -- are then skipped and counted by ctest), and an
# argument's package set is needed by the target that asks for it.
set -euo pipefail
# Optional sets by argument: `mpich` (make check-mpich), `fuzz` (make fuzz: clang's libFuzzer),
# `smpi` (make check-smpi: SimGrid's SMPI, smpicc and smpirun; libsimgrid-dev, ~205 MB).
# libsimgrid-dev is optional otherwise too: without it ladro-sim has no policy mode.
# gfortran: the Fortran module (use ladro; mpifort comes with libopenmpi-dev, mpifort.mpich
# with mpich); without it ladro builds without the Fortran interface.
build=(build-essential cmake libopenmpi-dev openmpi-bin)
optional=(gnuplot-nox python3 spin libsegyio-dev segyio-bin libsimgrid-dev gfortran)
extra=()
for set in "$@"; do
  case "$set" in
    mpich) extra+=(mpich libmpich-dev) ;;
    fuzz) extra+=(clang) ;;
    smpi) extra+=(libsimgrid-dev) ;;
    *) echo "install-deps.sh: unknown package set '$set'; accepted: mpich, fuzz, smpi" >&2; exit 2 ;;
  esac
done
missing() { local p; for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || echo "$p"; done; }
if [ "$(id -u)" -eq 0 ]; then
  mapfile -t todo < <(missing "${build[@]}" "${optional[@]}" "${extra[@]}")
  [ ${#todo[@]} -eq 0 ] && exit 0
  echo "ladro: installing ${todo[*]} (apt-get)" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${todo[@]}" >/dev/null
  exit 0
fi
# Not root: the build tools may come from elsewhere than Debian's packages (a module
# system, a site MPI), so they are looked up as commands.
tools=()
for c in cmake cc mpicc mpiexec; do command -v "$c" >/dev/null 2>&1 || tools+=("$c"); done
mapfile -t need < <(missing "${extra[@]}")
mapfile -t opt < <(missing "${optional[@]}")
if [ ${#opt[@]} -gt 0 ]; then
  echo "ladro: optional packages missing: ${opt[*]} (the tests that need them are skipped;" \
       "sudo apt-get install -y ${opt[*]})" >&2
fi
if [ ${#tools[@]} -gt 0 ] || [ ${#need[@]} -gt 0 ]; then
  echo "ladro: cannot build: missing ${tools[*]}${tools[*]:+ }${need[*]}" >&2
  echo "ladro: install them with: sudo apt-get install -y $(missing "${build[@]}" | tr '\n' ' ')${need[*]}" >&2
  exit 1
fi
