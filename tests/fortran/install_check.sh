#!/usr/bin/env bash
# A Fortran program built against an installed ladro, as a user builds it, then run on
# 2 ranks without LD_LIBRARY_PATH: examples/fortran/shots.f90, which checks that every
# shot came home once and exits non-zero otherwise.
#   install_check.sh MODE BUILD SRC WORK CC MPICC FC MPIFORT -- mpiexec -n 2 [flags]
# MODE find-package: cmake --install BUILD --prefix WORK/prefix; a CMake project with
#                    find_package(ladro COMPONENTS Fortran) + ladro::ladro_fortran
# MODE pkg-config:   the same install; MPIFORT shots.f90 $(pkg-config --cflags --libs
#                    ladro-fortran) -Wl,-rpath,$(pkg-config --variable=libdir ladro-fortran)
#                    (exit 77, skipped, when pkg-config is missing)
set -u
mode=$1 build=$2 src=$3 work=$4 cc=$5 mpicc=$6 fc=$7 mpifort=$8
shift 9
example=$src/examples/fortran/shots.f90
ok="shots: 40 shots over 2 ranks, each came home once with the expected result"
fail() { echo "fortran install_check ($mode): $*" >&2; exit 1; }
step() { # name command...: runs it, its output into WORK/log.<name>, shown on failure
  local log=$work/log.$1; shift
  "$@" >"$log" 2>&1 || { tail -n 40 "$log" >&2; fail "failed: $*"; }
}
rm -rf "$work" && mkdir -p "$work" || fail "cannot create $work"
prefix=$work/prefix
[ "$mode" = pkg-config ] && ! command -v pkg-config >/dev/null &&
  { echo "fortran install_check: pkg-config not found: skipped"; exit 77; }
case "$mode" in
  find-package|pkg-config) step install cmake --install "$build" --prefix "$prefix" ;;
  *) echo "install_check: bad MODE '$mode'; accepted: find-package, pkg-config" >&2; exit 2 ;;
esac
[ -f "$prefix/include/ladro.mod" ] || fail "no ladro.mod in $prefix/include"
case "$mode" in
  find-package)
    step configure cmake -S "$src/tests/fortran/consumer" -B "$work/consumer" \
         -DCMAKE_PREFIX_PATH="$prefix" -DEXAMPLE_SOURCE="$example" \
         -DCMAKE_C_COMPILER="$cc" -DMPI_C_COMPILER="$mpicc" \
         -DCMAKE_Fortran_COMPILER="$fc" -DMPI_Fortran_COMPILER="$mpifort"
    step build cmake --build "$work/consumer"
    exe=$work/consumer/shots ;;
  pkg-config)
    lib=$(ls -d "$prefix"/lib*/pkgconfig | head -n 1)
    export PKG_CONFIG_PATH=$lib${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
    pkg-config --exists ladro-fortran || fail "pkg-config does not find ladro-fortran.pc in $lib"
    libdir=$(pkg-config --variable=libdir ladro-fortran)
    exe=$work/shots
    # shellcheck disable=SC2046
    step compile "$mpifort" -o "$exe" "$example" $(pkg-config --cflags --libs ladro-fortran) \
         -Wl,-rpath,"$libdir" ;;
esac
out=$(env -u LD_LIBRARY_PATH "$@" "$exe" 2>&1) || { echo "$out" >&2; fail "the program failed on 2 ranks"; }
grep -qxF "$ok" <<<"$out" || { echo "$out" >&2; fail "no line '$ok' in the output"; }
echo "fortran install_check ($mode): built against $prefix and ran on 2 ranks"
