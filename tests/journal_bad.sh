#!/bin/bash
# Bad journals are refused by ladro_create with a one-line message naming the file, the
# program exits non-zero, and the journal's files are left byte for byte as they were; a
# cut-short last record is recovered; a write that fails (a file size limit standing in
# for a full disk) stops the run with the file cut back to its complete records.
#   journal_bad.sh EXE MPIEXEC   (extra mpiexec flags: JOURNAL_MPIEXEC_FLAGS)
set -u
exe=$1 mpiexec=$2
flags=${JOURNAL_MPIEXEC_FLAGS:-}
tmp=$(mktemp -d /tmp/ladro-jnlbad.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail=0
run() { $mpiexec $flags -n 2 "$exe" "$@" > "$tmp/out" 2>&1; }
sums() { (cd "$1" && md5sum rank-*.jnl); }
# expect_refused NAME DIR PATTERN ARGS...: non-zero exit, PATTERN in the output, files unchanged
expect_refused() {
    local name=$1 dir=$2 pat=$3; shift 3
    local before; before=$(sums "$dir")
    if run "$dir" "$@"; then echo "FAIL $name: the run was accepted"; fail=1; return; fi
    if ! grep -q -- "$pat" "$tmp/out"; then
        echo "FAIL $name: no '$pat' in:"; cat "$tmp/out"; fail=1; return
    fi
    if [ "$(sums "$dir")" != "$before" ]; then echo "FAIL $name: journal changed"; fail=1; return; fi
    echo "ok $name: $(grep -m1 -- "$pat" "$tmp/out")"
}
base=$tmp/base
run "$base" 400 1 1 100 || { echo "FAIL: first run"; cat "$tmp/out"; exit 1; }

expect_refused result_bytes "$base" "rank-0.jnl: written by another program or configuration" 400 1 0 100
LADRO_JOURNAL_ID=7 expect_refused journal_id "$base" "journal_id 0; this run: 16, 16, 7\|written by another program" 400 1 1 100

cp -r "$base" "$tmp/mid"
size=$(stat -c %s "$tmp/mid/rank-0.jnl")
printf '\xff' | dd of="$tmp/mid/rank-0.jnl" bs=1 seek=$((size / 2)) conv=notrunc status=none
expect_refused damaged_middle "$tmp/mid" "rank-0.jnl: .*damaged" 400 1 1 100

cp -r "$base" "$tmp/foreign"
echo "not a journal at all, just text...................................." > "$tmp/foreign/rank-5.jnl"
expect_refused foreign_file "$tmp/foreign" "rank-5.jnl: not a ladro journal" 400 1 1 100

touch "$tmp/file"
if run "$tmp/file/sub" 400 1 1 100; then echo "FAIL unwritable: accepted"; fail=1
elif grep -q "journal $tmp/file/sub: cannot create the directory" "$tmp/out"; then
    echo "ok unwritable: $(grep -m1 "cannot create" "$tmp/out")"
else echo "FAIL unwritable:"; cat "$tmp/out"; fail=1; fi

# a write cut short (the last record half written): recovered, the run completes exactly once
cp -r "$base" "$tmp/torn"
size=$(stat -c %s "$tmp/torn/rank-1.jnl")
truncate -s $((size - 7)) "$tmp/torn/rank-1.jnl"
if run "$tmp/torn" 400 1 1 100 && grep -q verified "$tmp/out" && grep -q "1 run again\|run again" "$tmp/out"; then
    echo "ok torn_tail: $(grep "journal:" "$tmp/out")"
else echo "FAIL torn_tail:"; cat "$tmp/out"; fail=1; fi

# a full disk: the write fails (EFBIG under a file size limit), the run stops with a
# message naming the file, which keeps only complete records; a resume completes it
mkdir "$tmp/full"
# MPICH's mpiexec at times forwards nothing of a run whose rank stops with an error (an
# empty output, about 1 run in 30 under ctest): such a run is tried again, at most 3 times
for try in 1 2 3; do
    JOURNAL_RUN_FSIZE=30000 run "$tmp/full" 4000 0 1 10
    [ -s "$tmp/out" ] && break
    echo "note disk_full: try $try printed nothing, again"
done
if grep -q "rank-[01].jnl: cannot write .*File too large" "$tmp/out"; then
    echo "ok disk_full: $(grep -m1 "cannot write" "$tmp/out")"
    if run "$tmp/full" 4000 0 1 10 && grep -q verified "$tmp/out"; then echo "ok disk_full_resume"
    else echo "FAIL disk_full_resume:"; cat "$tmp/out"; fail=1; fi
else echo "FAIL disk_full:"; cat "$tmp/out"; fail=1; fi
exit $fail
