#!/usr/bin/env bash
# Run an MPI program and check what happened.
#   launch_check.sh MODE OK_REGEX -- mpiexec args...
# MODE run:          must exit 0 with a stdout line matching OK_REGEX.
# MODE plain-run:    the same, the program started the way a new user starts it: a bare
#                    `mpiexec -n N prog`, every OMPI_MCA_* and OMPI_ALLOW_* variable removed
#                    from the environment (as root, Open MPI gets --allow-run-as-root on
#                    the command line; oversubscription is the caller's flag).
# MODE plain-refuse: started as plain-run (the caller's flags ask Open MPI for a
#                    single-copy mechanism that crashes 64-bit compare-and-swap): must
#                    exit 1 with every rank's stderr holding ladro_create's one-line
#                    LADRO_ENOTSUP message naming the variable — never a crash.
set -u
mode=$1 ok_re=$2
shift 3
case "$mode" in
  run) ;;
  plain-run|plain-refuse)
    for v in $(env | sed -n 's/^\(OMPI_MCA_[A-Za-z0-9_]*\|OMPI_ALLOW_[A-Za-z0-9_]*\)=.*/\1/p'); do
      unset "$v"
    done
    exe=$1
    shift
    if [ "$(id -u)" = 0 ] && "$exe" --version 2>&1 | grep -qE "Open MPI|OpenRTE"; then
      set -- "$exe" --allow-run-as-root "$@"
    else
      set -- "$exe" "$@"
    fi ;;
  *) echo "launch_check: bad MODE '$mode'; accepted: run, plain-run, plain-refuse" >&2; exit 2 ;;
esac
np=${LADRO_EXPECT_NP:-0}
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
"$@" >"$out" 2>"$err"
rc=$?
refuse_re="LADRO_ENOTSUP: Open MPI's vader single-copy mechanism '[a-z]+' crashes 64-bit MPI_Compare_and_swap: set OMPI_MCA_btl_vader_single_copy_mechanism=none"
show() { echo "--- command: $*" >&2; echo "--- stdout:" >&2; head -c 3000 "$out" >&2; echo "--- stderr:" >&2; head -c 3000 "$err" >&2; }
if [ "$mode" = plain-refuse ]; then
  n=$(grep -cE -- "$refuse_re" "$err")
  if [ "$rc" -eq 1 ] && [ "$n" -ge "$np" ] && [ "$n" -ge 1 ] && ! grep -qiE "signal|segmentation" "$err"; then
    echo "launch_check: refused at ladro_create on $n rank(s) with the one-line message (exit 1)"
    exit 0
  fi
  echo "launch_check: not the one-line refusal on every rank (exit $rc, $n message(s))" >&2
  show "$@"; exit 1
fi
if [ "$rc" -eq 0 ]; then
  if grep -qE -- "$ok_re" "$out"; then
    echo "launch_check: ran (exit 0, output matches /$ok_re/)"
    exit 0
  fi
  echo "launch_check: exit 0 but no stdout line matches /$ok_re/" >&2; show "$@"; exit 1
fi
echo "launch_check: the run failed (exit $rc)" >&2; show "$@"; exit 1
