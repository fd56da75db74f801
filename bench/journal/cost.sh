#!/usr/bin/env bash
# The journal's cost (LADRO_JOURNAL): ladro-synth on NP ranks, 1 ms and 10 ms tasks, with
# and without a journal, interleaved run by run (off, on, off, on, ...) so that a load that
# changes during the measurement hits both alike; medians of the makespan, the overhead
# (on/off - 1) and the journal's bytes per task.
#
#   bench/journal/cost.sh [--build DIR (build)] [--np N (8)] [--reps R (7)]
#                         [--dir D (a new directory under /tmp: the journal's file system)]
#                         [--out DIR (build/results/journal)] [--policy P (random)]
#
# Writes DIR/runs.csv (work_ms, journal, rep, makespan, tasks, journal_bytes, commits)
# and prints the table. Each journaled run gets a fresh journal directory under D.
set -u
build=build np=8 reps=7 jdir="" out=build/results/journal policy=random
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --np) np=$2; shift 2 ;;
    --reps) reps=$2; shift 2 ;;
    --dir) jdir=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --policy) policy=$2; shift 2 ;;
    *) echo "cost.sh: unknown argument '$1' (see the header)" >&2; exit 2 ;;
  esac
done
synth=$build/bin/ladro-synth
[ -x "$synth" ] || { echo "cost.sh: $synth missing: build first" >&2; exit 1; }
[ -n "$jdir" ] || jdir=$(mktemp -d /tmp/ladro-jcost.XXXXXX)
mkdir -p "$out" "$jdir"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_MCA_rmaps_base_oversubscribe=1
csv=$out/runs.csv
echo "work_ms,journal,rep,makespan,tasks,journal_bytes,commits" > "$csv"
# 1 ms: 400 tasks per rank; 10 ms: 60 per rank (about 0.4 s and 0.6 s of work per rank)
for ms in 1 10; do
    tpr=$([ "$ms" = 1 ] && echo 400 || echo 60)
    for ((r = 0; r < reps; r++)); do
        for j in off on; do
            if [ $j = on ]; then export LADRO_JOURNAL=$jdir/run-$ms-$r; else unset LADRO_JOURNAL; fi
            line=$(mpiexec --oversubscribe -n "$np" "$synth" --policy "$policy" \
                   --tasks-per-rank "$tpr" --work-ms "$ms" --json 2> /dev/null | grep '^{')
            unset LADRO_JOURNAL
            [ -n "$line" ] || { echo "cost.sh: run failed ($ms ms, journal $j)" >&2; exit 1; }
            python3 -c '
import json, sys
d = json.loads(sys.argv[1])
print("%s,%s,%s,%.6f,%d,%d,%d" % (sys.argv[2], sys.argv[3], sys.argv[4], d["makespan"],
      d["tasks"], d["journal_bytes"], d["journal_syncs"]))' "$line" "$ms" "$j" "$r" >> "$csv"
        done
    done
done
rm -rf "$jdir"/run-*
python3 - "$csv" "$np" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
print("ranks %s; medians over the runs (makespan in s)" % sys.argv[2])
print("%-8s %-10s %-10s %-9s %-14s %s" % ("task", "off", "on", "overhead", "bytes/task", "commits/run"))
for ms in ("1", "10"):
    off = [float(r["makespan"]) for r in rows if r["work_ms"] == ms and r["journal"] == "off"]
    on = [r for r in rows if r["work_ms"] == ms and r["journal"] == "on"]
    mon = statistics.median(float(r["makespan"]) for r in on)
    moff = statistics.median(off)
    bpt = statistics.median(int(r["journal_bytes"]) / int(r["tasks"]) for r in on)
    com = statistics.median(int(r["commits"]) for r in on)
    print("%-8s %-10.4f %-10.4f %+8.2f%% %-14.1f %d" % (ms + " ms", moff, mon,
          100 * (mon / moff - 1), bpt, com))
PY
