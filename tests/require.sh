#!/usr/bin/env bash
# Run a test that needs optional tools: require.sh TOOL... -- command args...
# When a TOOL is not on PATH, says so and exits 77, which the test's SKIP_RETURN_CODE
# turns into a skip that ctest counts and lists ("make build" needs only cmake, a C
# compiler and an MPI; spin, python3, ... are for the tests that name them).
set -u
missing=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  command -v "$1" >/dev/null 2>&1 || missing+=("$1")
  shift
done
[ $# -gt 0 ] || { echo "require.sh: usage: require.sh TOOL... -- command args..." >&2; exit 2; }
shift
if [ ${#missing[@]} -gt 0 ]; then
  echo "skipped: needs ${missing[*]} (not found; scripts/install-deps.sh installs it)"
  exit 77
fi
exec "$@"
