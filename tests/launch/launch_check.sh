#!/usr/bin/env bash
# Run an MPI program and check which of two acceptable outcomes happened.
#   launch_check.sh MODE OK_REGEX -- mpiexec args...
# MODE run:                  must exit 0 with a stdout line matching OK_REGEX.
# MODE plain-run, plain-run-or-refuse: the program started the way a new user starts it,
#   plain `mpiexec -n N prog` without ladro's launch settings (every OMPI_MCA_btl_vader*
#   variable removed from the environment; running as root and oversubscription stay the
#   caller's business). plain-run as run; plain-run-or-refuse: either that, or (a program that does not set the variable itself
#                      under Open MPI's crashing set-up) exit 1 with every rank's stderr
#                      holding ladro_create's one-line LADRO_ENOTSUP message that names
#                      the variable to set — never a crash. Says which happened.
set -u
mode=$1 ok_re=$2
shift 3
case "$mode" in
  run) ;;
  plain-run|plain-run-or-refuse)
    for v in $(env | sed -n 's/^\(OMPI_MCA_btl_vader[A-Za-z0-9_]*\)=.*/\1/p'); do unset "$v"; done ;;
  *) echo "launch_check: bad MODE '$mode'; accepted: run, plain-run, plain-run-or-refuse" >&2; exit 2 ;;
esac
np=${LADRO_EXPECT_NP:-0}
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
"$@" >"$out" 2>"$err"
rc=$?
refuse_re="LADRO_ENOTSUP: Open MPI's vader single-copy mechanism '[a-z]+' crashes 64-bit MPI_Compare_and_swap: set OMPI_MCA_btl_vader_single_copy_mechanism=none"
show() { echo "--- command: $*" >&2; echo "--- stdout:" >&2; head -c 3000 "$out" >&2; echo "--- stderr:" >&2; head -c 3000 "$err" >&2; }
if [ "$rc" -eq 0 ]; then
  if grep -qE -- "$ok_re" "$out"; then
    echo "launch_check: ran (exit 0, output matches /$ok_re/)"
    exit 0
  fi
  echo "launch_check: exit 0 but no stdout line matches /$ok_re/" >&2; show "$@"; exit 1
fi
if [ "$mode" = plain-run-or-refuse ] && [ "$rc" -eq 1 ]; then
  n=$(grep -cE -- "$refuse_re" "$err")
  if [ "$n" -ge "$np" ] && [ "$n" -ge 1 ] && ! grep -qiE "signal|segmentation" "$err"; then
    echo "launch_check: refused at ladro_create on $n rank(s) with the one-line message (exit 1)"
    exit 0
  fi
fi
echo "launch_check: neither a correct run nor the one-line refusal (exit $rc)" >&2; show "$@"; exit 1
