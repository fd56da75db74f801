#!/bin/sh
# Run a command that must succeed and print a given line: expect_stdout.sh REGEX -- cmd...
# Passes when the command exits 0 and a line of its stdout matches the extended REGEX.
set -u
re=$1
shift 2
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$@" > "$out"
rc=$?
ok=1
if [ $rc -ne 0 ]; then echo "expected exit code 0, got $rc" >&2; ok=0; fi
if ! grep -qE -- "$re" "$out"; then echo "expected a stdout line matching /$re/" >&2; ok=0; fi
if [ $ok -eq 0 ]; then echo "--- command: $*" >&2; head -c 4000 "$out" >&2; fi
[ $ok -eq 1 ]
