#!/usr/bin/env bash
# Steal latency of every policy in every communication mode, side by side.
#
#   bench/steal-latency/steal-latency.sh [--np P] [--repeats N] [--build DIR] [--mpich-build DIR]
#                            [--policies a,b] [--delays 100,1000] [--csv FILE]
#
# Modes: Open MPI with its default one-sided component (osc rdma here), Open MPI with
# OMPI_MCA_osc=pt2pt (every RMA operation needs the target to call MPI), MPICH (when
# --mpich-build holds a ladro-synth built against it), and Open MPI with an injected
# delay of up to D us before every remote one-sided call (ladro-synth --delay-us, one
# mode per --delays entry). Each run: ladro-synth --init one (all work on rank 0, so every other rank
# steals) --verify --json; the steal latency is time in steal attempts / attempts
# (ladro_stats_steal_latency; what one attempt spans per policy: docs/architecture.md
# §Measurements). Modes are interleaved inside each repeat, the median over repeats is
# printed. Runs that are not exactly-once make the script fail. CSV: one line per run.
set -euo pipefail
np=4 reps=3 build=build mpich_build=build-mpich policies="" delays=100,1000 csv=""
while [ $# -gt 0 ]; do
  case "$1" in
    --np) np=$2; shift 2 ;;
    --repeats) reps=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --mpich-build) mpich_build=$2; shift 2 ;;
    --policies) policies=$2; shift 2 ;;
    --delays) delays=$2; shift 2 ;;
    --csv) csv=$2; shift 2 ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "steal-latency.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case "$np$reps" in
  *[!0-9]*|"") echo "steal-latency.sh: --np and --repeats take positive integers" >&2; exit 2 ;;
esac
[ "$np" -ge 2 ] && [ "$reps" -ge 1 ] ||
  { echo "steal-latency.sh: --np must be >= 2 and --repeats >= 1" >&2; exit 2; }
case ",$delays," in
  *[!0-9,]*) echo "steal-latency.sh: --delays takes a comma-separated list of microseconds" >&2
             exit 2 ;;
esac
synth=$build/bin/ladro-synth
[ -x "$synth" ] || { echo "steal-latency.sh: $synth not found (build first, or --build DIR)" >&2; exit 2; }
msynth=$mpich_build/bin/ladro-synth
[ -z "$policies" ] && policies=$("$synth" --help | sed -n 's/^policies: //p' | tr ' ' ',')
IFS=, read -r -a pols <<<"$policies"
modes=(rdma pt2pt)
[ -x "$msynth" ] && [ -x /usr/bin/mpiexec.mpich ] && modes+=(mpich)
IFS=, read -r -a dl <<<"$delays"
for d in "${dl[@]}"; do [ -n "$d" ] && modes+=("delay$d"); done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=$tmp/runs.csv
echo "repeat,policy,mode,np,steals_tried,steals_ok,steal_time,steal_us,efficiency" >"$out"
args=(--init one --tasks-per-rank 40 --work-ms 0.5 --verify --json --no-progress)
ompi=(env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
      OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_MCA_rmaps_base_oversubscribe=1)
field() { echo "$1" | grep -o "\"$2\": [0-9a-z.]*" | head -1 | sed 's/.*: //'; }
for rep in $(seq 1 "$reps"); do
  for pol in "${pols[@]}"; do
    for mode in "${modes[@]}"; do
      case $mode in
        rdma) cmd=("${ompi[@]}" mpiexec -n "$np" --oversubscribe "$synth") ;;
        pt2pt) cmd=("${ompi[@]}" OMPI_MCA_osc=pt2pt mpiexec -n "$np" --oversubscribe "$synth") ;;
        mpich) cmd=(/usr/bin/mpiexec.mpich -n "$np" "$msynth") ;;
        delay*) cmd=("${ompi[@]}" mpiexec -n "$np" --oversubscribe "$synth"
                     --delay-us "${mode#delay}") ;;
      esac
      if ! res=$(timeout -k 5 120 "${cmd[@]}" --policy "$pol" --seed "$rep" "${args[@]}" \
                 2>"$tmp/err"); then
        echo "steal-latency.sh: $pol/$mode failed:" >&2; head -5 "$tmp/err" >&2; exit 1
      fi
      [ "$(field "$res" verified)" = true ] ||
        { echo "steal-latency.sh: $pol/$mode: not exactly once: $res" >&2; exit 1; }
      echo "$rep,$pol,$mode,$np,$(field "$res" steals_tried),$(field "$res" steals_ok),$(field "$res" steal_time),$(field "$res" steal_us),$(field "$res" efficiency)" >>"$out"
    done
  done
  echo "steal-latency.sh: repeat $rep of $reps done" >&2
done
[ -n "$csv" ] && cp "$out" "$csv"
# Table: median steal_us (and median attempts) per policy and mode.
awk -F, -v modes="${modes[*]}" -v pols="${pols[*]}" -v np="$np" -v reps="$reps" '
  NR > 1 { k = $2 SUBSEP $3; n[k]++; us[k, n[k]] = $8; tr[k, n[k]] = $5 }
  function med(a, k, c,   i, j, t, v) {
    for (i = 1; i <= c; i++) v[i] = a[k, i] + 0
    for (i = 1; i <= c; i++) for (j = i + 1; j <= c; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
    return c % 2 ? v[(c + 1) / 2] : (v[c / 2] + v[c / 2 + 1]) / 2
  }
  END {
    split(modes, m, " "); split(pols, p, " ")
    printf "steal latency, us per attempt (median of %d; attempts in brackets), %d ranks, --init one\n", reps, np
    printf "| policy |"; for (j = 1; j in m; j++) printf " %s |", m[j]; printf "\n|---|"
    for (j = 1; j in m; j++) printf "---|"; printf "\n"
    for (i = 1; i in p; i++) {
      printf "| %s |", p[i]
      for (j = 1; j in m; j++) { k = p[i] SUBSEP m[j]
        if (n[k]) printf " %.1f (%d) |", med(us, k, n[k]), med(tr, k, n[k]); else printf " - |" }
      printf "\n"
    }
  }' "$out"
