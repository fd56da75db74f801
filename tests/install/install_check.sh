#!/usr/bin/env bash
# What a user does with ladro outside its own build: install it to a prefix and build a
# program against it, then run that program under the bare launcher on NP ranks (the
# lifecycle example of ladro.h, which checks that every task ran once and exits non-zero
# otherwise).
#   install_check.sh MODE BUILD SRC WORK EXAMPLE_C CC MPICC NP -- mpiexec -n NP [flags]
# Bare: every OMPI_MCA_*, OMPI_ALLOW_* and LD_LIBRARY_PATH variable inherited is removed;
# as root, Open MPI's launcher gets --allow-run-as-root. What Open MPI needs before
# MPI_Init, libladro sets itself; programs and consumers find libladro by their run path.
# MODE find-package:  cmake --install BUILD --prefix WORK/prefix; a CMake project with
#                     find_package(ladro), linked to ladro::ladro and, as a second
#                     program, to ladro::ladro_static; both run. An installed program
#                     (bin/ladro-synth --help, bin/ladro-gantt --help) starts, also
#                     from the prefix moved elsewhere.
# MODE pkg-config:    the same install; CC $(pkg-config --cflags --libs ladro) (exit 77,
#                     skipped, when pkg-config is missing)
# MODE subdirectory:  a CMake project that add_subdirectory()s the source tree SRC
set -u
mode=$1 build=$2 src=$3 work=$4 example=$5 cc=$6 mpicc=$7 np=$8
shift 9
for v in LD_LIBRARY_PATH $(env | sed -n 's/^\(OMPI_MCA_[A-Za-z0-9_]*\|OMPI_ALLOW_[A-Za-z0-9_]*\)=.*/\1/p'); do
  unset "$v"
done
launcher=("$@")
if [ "$(id -u)" = 0 ] && "$1" --version 2>&1 | grep -qE "Open MPI|OpenRTE"; then
  launcher=("$1" --allow-run-as-root "${@:2}")
fi
n=$((100 * np))
ok="example: sum $((n * (n - 1) / 2)) over $np ranks, expected $((n * (n - 1) / 2))"
fail() { echo "install_check ($mode): $*" >&2; exit 1; }
step() { # log command...: runs it, its output into WORK/log.<name>, shown on failure
  local log=$work/log.$1; shift
  "$@" >"$log" 2>&1 || { tail -n 40 "$log" >&2; fail "failed: $*"; }
}
run() { # exe: on NP ranks under the bare launcher, must print the example's line
  local out
  out=$("${launcher[@]}" "$1" 2>&1) || { echo "$out" >&2; fail "$1 failed on $np ranks: ${launcher[*]} $1"; }
  grep -qF "$ok" <<<"$out" || { echo "$out" >&2; fail "no line '$ok' in the output of $1"; }
  echo "install_check ($mode): ${launcher[*]} $1: $ok"
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
    run "$work/consumer/consumer"
    run "$work/consumer/consumer_static"
    # installed programs (when the build has them) find the installed libladro
    for p in ladro-synth ladro-gantt; do
      [ -x "$prefix/bin/$p" ] || continue
      out=$("$prefix/bin/$p" --help 2>&1) || { echo "$out" >&2; fail "installed $p --help failed"; }
      grep -qi "usage" <<<"$out" || { echo "$out" >&2; fail "installed $p --help printed no usage"; }
      echo "install_check ($mode): $prefix/bin/$p --help runs"
    done
    # the run path is relative to the program: a moved prefix still works
    if [ -x "$prefix/bin/ladro-synth" ]; then
      mv "$prefix" "$work/moved" || fail "cannot move the prefix"
      out=$("$work/moved/bin/ladro-synth" --help 2>&1) ||
        { echo "$out" >&2; fail "ladro-synth --help failed after the prefix moved"; }
      mv "$work/moved" "$prefix"
      echo "install_check ($mode): ladro-synth --help runs from a moved prefix"
    fi ;;
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
    run "$exe"
    echo "install_check: pkg-config ladro $ver" ;;
  subdirectory)
    step configure cmake -S "$src/tests/install" -B "$work/consumer" -DLADRO_SOURCE_DIR="$src" \
         -DEXAMPLE_SOURCE="$example" -DMPI_C_COMPILER="$mpicc" -DCMAKE_C_COMPILER="$cc"
    step build cmake --build "$work/consumer" -j2
    [ ! -e "$work/consumer/ladro/bin/ladro-synth" ] || fail "a subproject build built the apps"
    run "$work/consumer/consumer" ;;
  *) echo "install_check: bad MODE '$mode'; accepted: find-package, pkg-config, subdirectory" >&2; exit 2 ;;
esac
echo "install_check ($mode): the consumer built and ran on $np ranks with no environment variable"
