#!/usr/bin/env bash
# Run a command that must fail: expect_fail.sh CODE REGEX MIN_LINES -- command args...
# Passes when the command exits with CODE and at least MIN_LINES lines of its stderr
# match the extended REGEX (one per rank for a collective failure, one for a usage error).
# CODE 0 checks a run that must succeed and say something on stderr (a progress line).
set -u
code=$1 re=$2 min=$3
shift 4
err=$(mktemp)
"$@" >/dev/null 2>"$err"
rc=$?
n=$(grep -cE -- "$re" "$err")
ok=1
if [ "$rc" -ne "$code" ]; then echo "expected exit code $code, got $rc" >&2; ok=0; fi
if [ "$n" -lt "$min" ]; then echo "expected >= $min stderr lines matching /$re/, got $n" >&2; ok=0; fi
if [ $ok -eq 0 ]; then echo "--- command: $*" >&2; head -c 4000 "$err" >&2; fi
rm -f "$err"
[ $ok -eq 1 ]
