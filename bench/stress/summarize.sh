#!/usr/bin/env bash
# Combine the runs.csv files of several stress campaigns (bench/stress/campaign.sh) into
# one summary: outcomes by policy, by MPI library and one-sided mode, by rank count, by
# injected delay, by initial and duration distribution, and the total.
#
#   bench/stress/summarize.sh RUNS.csv [RUNS.csv ...]
#
# Exit status 0 when every run is ok, 1 otherwise, 2 on bad arguments.
set -euo pipefail
case "${1:-}" in
  -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  "") echo "summarize.sh: give one or more runs.csv files (see --help)" >&2; exit 2 ;;
esac
for f in "$@"; do
  [ -r "$f" ] || { echo "summarize.sh: cannot read '$f'" >&2; exit 2; }
  head -1 "$f" | grep -q '^run,policy,mpi,osc,np,' ||
    { echo "summarize.sh: '$f' is not a campaign runs.csv (header run,policy,mpi,osc,np,...)" >&2; exit 2; }
done
awk -F, '
  FNR == 1 { files++; next }
  {
    # the duration distribution is quoted and may hold commas: re-join it
    line = $0; q1 = index(line, "\""); rest = substr(line, q1 + 1); q2 = index(rest, "\"")
    dist = substr(rest, 1, q2 - 1); sub(/:.*/, "", dist)
    tail = substr(rest, q2 + 2); split(tail, t, ",")
    delay = t[3] + 0; outcome = t[5]
    n++; out[outcome]++
    mode = ($3 == "mpich") ? "mpich" : ("openmpi/" $4)
    db = delay == 0 ? "0" : (delay <= 20 ? "1-20" : (delay <= 300 ? "21-300" : "301-1000"))
    nb = $5 <= 4 ? "2-4" : ($5 <= 8 ? "5-8" : ($5 <= 16 ? "12-16" : "24-64"))
    add("policy", $2, outcome); add("mpi", mode, outcome); add("ranks", nb, outcome)
    add("delay_us", db, outcome); add("init", $6, outcome); add("durations", dist, outcome)
  }
  function add(dim, key, o) {
    if (!((dim, key) in seen)) { seen[dim, key] = 1; keys[dim] = keys[dim] (keys[dim] == "" ? "" : " ") key }
    c[dim, key, o]++; c[dim, key, "runs"]++
  }
  function table(dim,   k, i, j, o) {
    printf "\n%-12s %6s %6s %6s %6s %6s %6s %7s\n", dim, "runs", "ok", "lost", "dup", "hung", "fail", "corrupt"
    split(keys[dim], k, " ")
    for (i = 1; i in k; i++) {
      printf "%-12s %6d", k[i], c[dim, k[i], "runs"]
      split("ok lost dup hung fail corrupt", o, " ")
      for (j = 1; j <= 6; j++) printf " %6d", c[dim, k[i], o[j]]
      printf "\n"
    }
  }
  END {
    printf "%d runs from %d campaign(s): %d ok, %d lost, %d duplicated, %d hung, %d failed, %d corrupt\n",
      n, files, out["ok"], out["lost"], out["dup"], out["hung"], out["fail"], out["corrupt"]
    split("policy mpi ranks delay_us init durations", d, " ")
    for (i = 1; i <= 6; i++) table(d[i])
    exit (out["ok"] == n && n > 0) ? 0 : 1
  }' "$@"
