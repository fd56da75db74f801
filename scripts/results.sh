#!/usr/bin/env bash
# make results: regenerate every figure (and its raw data) that docs/results.md shows.
# Each generator is a script in scripts/results.d/ (run in name order, with the build
# directory as argument); each writes under docs/figures/<area>/ and docs/data/<area>/
# and prints the command lines it ran. ONLY=pattern runs the matching generators only.
set -euo pipefail
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."
build=$(cd "$build" && pwd)
status=0
for g in "$here"/results.d/*.sh; do
  name=$(basename "$g" .sh)
  if [ -n "${ONLY:-}" ] && [[ "$name" != *$ONLY* ]]; then continue; fi
  echo "== results: $name"
  if ! bash "$g" "$build"; then
    echo "results: generator $name FAILED" >&2
    status=1
  fi
done
[ $status -eq 0 ] && echo "results: figures in docs/figures/, data in docs/data/"
exit $status
