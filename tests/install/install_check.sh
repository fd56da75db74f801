#!/usr/bin/env bash
# What a user does with ladro outside its own build: install it to a prefix and build a
# program against it, then run that program on 2 ranks (the lifecycle example of ladro.h,
# which checks that every task ran once and exits non-zero otherwise).
#   install_check.sh MODE BUILD SRC WORK EXAMPLE_C CC MPICC -- mpiexec -n 2 [flags]
# MODE find-package:  cmake --install BUILD --prefix WORK/prefix; a CMake project with
#                     find_package(ladro) + target_link_libraries(... ladro::ladro)
# MODE pkg-config:    the same install; CC $(pkg-config --cflags --libs ladro) (exit 77,
#                     skipped, when pkg-config is missing)
# MODE subdirectory:  a CMake project that add_subdirectory()s the source tree SRC
set -u
mode=$1 build=$2 src=$3 work=$4 example=$5 cc=$6 mpicc=$7
shift 8
ok="example: sum 19900 over 2 ranks, expected 19900"
fail() { echo "install_check ($mode): $*" >&2; exit 1; }
step() { # log command...: runs it, its output into WORK/log.<name>, shown on failure
  local log=$work/log.$1; shift
  "$@" >"$log" 2>&1 || { tail -n 40 "$log" >&2; fail "failed: $*"; }
}
run() { # exe: on 2 ranks, must print the example's line
  local out
  out=$("$@" "$exe" 2>&1) || { echo "$out" >&2; fail "the consumer failed on 2 ranks"; }
  grep -qF "$ok" <<<"$out" || { echo "$out" >&2; fail "no line '$ok' in the output"; }
}
rm -rf "$work" && mkdir -p "$work" || fail "cannot create $work"
prefix=$work/prefix
case "$mode" in
  find-package|pkg-config)
    step install cmake --install "$build" --prefix "$prefix" ;;
esac
case "$mode" in
  find-package)
    step configure cmake -S "$src/tests/install" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$prefix" \
         -DEXAMPLE_SOURCE="$example" -DMPI_C_COMPILER="$mpicc" -DCMAKE_C_COMPILER="$cc"
    step build cmake --build "$work/consumer"
    exe=$work/consumer/consumer
    run "$@" ;;
  pkg-config)
    command -v pkg-config >/dev/null || { echo "install_check: pkg-config not found: skipped"; exit 77; }
    lib=$(ls -d "$prefix"/lib*/pkgconfig | head -n 1)
    export PKG_CONFIG_PATH=$lib${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
    ver=$(pkg-config --modversion ladro) || fail "pkg-config does not find ladro.pc in $lib"
    libs=$(pkg-config --static --libs ladro)
    grep -q -- "-lpthread" <<<"$libs" && grep -q -- "-lm" <<<"$libs" ||
      fail "pkg-config --static --libs ladro lacks -lpthread -lm: $libs"
    pcprefix=$(pkg-config --variable=prefix ladro)
    [ "$(realpath -m "$pcprefix")" = "$(realpath -m "$prefix")" ] ||
      fail "ladro.pc's prefix is '$pcprefix', not the install prefix '$prefix'"
    exe=$work/pc_consumer
    # shellcheck disable=SC2046
    step compile "$cc" -o "$exe" "$example" $(pkg-config --cflags --libs ladro)
    export LD_LIBRARY_PATH=$(dirname "$lib")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
    run "$@"
    echo "install_check: pkg-config ladro $ver" ;;
  subdirectory)
    step configure cmake -S "$src/tests/install" -B "$work/consumer" -DLADRO_SOURCE_DIR="$src" \
         -DEXAMPLE_SOURCE="$example" -DMPI_C_COMPILER="$mpicc" -DCMAKE_C_COMPILER="$cc"
    step build cmake --build "$work/consumer" -j2
    [ ! -e "$work/consumer/ladro/bin/ladro-synth" ] || fail "a subproject build built the apps"
    exe=$work/consumer/consumer
    run "$@" ;;
  *) echo "install_check: bad MODE '$mode'; accepted: find-package, pkg-config, subdirectory" >&2; exit 2 ;;
esac
echo "install_check ($mode): the consumer built and ran on 2 ranks"
