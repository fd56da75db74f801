#!/usr/bin/env bash
# Randomized exactly-once/termination stress campaign (not part of CI).
#
#   bench/stress/campaign.sh [--runs N] [--minutes M] [--seed S] [--out DIR (build/results/stress)]
#                            [--build DIR] [--mpich-build DIR] [--policies a,b]
#                            [--max-np P] [--mpich-max-np P] [--timeout-base S]
#                            [--repeat K]
#
# Each run draws: a policy (every policy of the build unless --policies), a rank count
# in 2..64 (MPICH: 2..8, it busy-polls when oversubscribed), an initial distribution
# (even, one, gauss70-10), a task-duration distribution (const, uniform, exp, gauss,
# bimodal), an injected delay before every remote operation (ladro-synth --delay-us: 0 or up to
# 1000 us), the ranks' speeds (--speed: equal, the A2WS paper's C1, or 1 to 1/8),
# the steal guard (LADRO_STEAL_GUARD: off or pace), the papers' configurations
# (LADRO_PAPER=1 in a quarter of the runs; not smallworld, which refuses it, nor the leader
# under osc pt2pt, which refuses its service thread; ctws's finish token without the
# stall watchdog, which it refuses), the idle sleep's
# cap by the rank's pace (LADRO_BACKOFF_PACE: 0 in half the runs, 0.25, 2), an MPI library (Open MPI with the
# default osc or osc pt2pt, or MPICH when --mpich-build exists) and a seed; then runs ladro-synth --verify --json under a
# timeout (SIGTERM, then SIGKILL) and the stall watchdog. With --repeat K every such job
# makes K runs of its configuration, one after the other, each with a new handle and
# seed (ladro-synth --repeat; the job's time-out grows by K): a job's start-up (mpiexec,
# MPI_Init) costs more than a run here. Outcome per run: ok, lost (a
# task never ran), dup (a task ran twice), corrupt (payload damaged), hung (timeout or
# watchdog), fail (any other error). Every run is one line of DIR/runs.csv; every
# failed run's exact command goes to DIR/failures.txt (the job's command; the run's
# seed is in runs.csv). The summary (runs, lost,
# duplicated, hung, by policy) is printed at the end and written to DIR/summary.txt.
# Do not rebuild the build directories while a campaign runs: a ladro-synth relinked
# against a newer libladro mid-run can crash (segfaults that pass when rerun with
# consistent binaries).
set -u
runs=1000000 minutes=0 seed=$$ out=build/results/stress build=build mpich_build=build-mpich
policies="" max_np=64 mpich_max_np=8 tbase=60 repeat=1
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --minutes) minutes=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --mpich-build) mpich_build=$2; shift 2 ;;
    --policies) policies=$2; shift 2 ;;
    --max-np) max_np=$2; shift 2 ;;
    --mpich-max-np) mpich_max_np=$2; shift 2 ;;
    --timeout-base) tbase=$2; shift 2 ;;
    --repeat) repeat=$2; shift 2 ;;
    -h|--help) sed -n '2,28p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "campaign.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case "$runs$minutes$seed$max_np$mpich_max_np$tbase$repeat" in
  *[!0-9]*) echo "campaign.sh: --runs, --minutes, --seed, --max-np, --mpich-max-np, --timeout-base and --repeat take non-negative integers" >&2; exit 2 ;;
esac
[ "$repeat" -ge 1 ] || { echo "campaign.sh: --repeat takes an integer >= 1" >&2; exit 2; }
build=$(cd "$build" 2>/dev/null && pwd) || { echo "campaign.sh: build directory not found (--build DIR)" >&2; exit 2; }
[ -d "$mpich_build" ] && mpich_build=$(cd "$mpich_build" && pwd)
synth=$build/bin/ladro-synth
[ -x "$synth" ] || { echo "campaign.sh: $synth not found (build first, or --build DIR)" >&2; exit 2; }
msynth=$mpich_build/bin/ladro-synth
have_mpich=0
[ -x "$msynth" ] && [ -x /usr/bin/mpiexec.mpich ] && have_mpich=1
if [ -z "$policies" ]; then
  policies=$("$synth" --help | sed -n 's/^policies: //p' | tr ' ' ',')
fi
IFS=, read -r -a pols <<<"$policies"
[ ${#pols[@]} -gt 0 ] || { echo "campaign.sh: no policy found" >&2; exit 2; }
mkdir -p "$out"
csv=$out/runs.csv fails=$out/failures.txt
[ -s "$csv" ] || echo "run,policy,mpi,osc,np,init,dist,tasks_per_rank,work_ms,delay_us,seed,outcome,seconds,missing,duplicated,corrupt,steals_ok,steal_us,job,guard,speed,keys" >"$csv"
: >>"$fails"
RANDOM=$seed
r() { echo $(( (RANDOM * 32768 + RANDOM) % $1 )); }  # uniform in [0, $1)
nps=(2 2 3 4 4 5 6 8 8 12 16 16 24 32 48 64)
inits=(even one gauss70-10)
dists=(const uniform:0.5,1.5 exp gauss:1,0.5 bimodal:0.1,1,10)
delays=(0 0 0 5 20 100 300 1000)
guards=(off pace)
speeds=(1 1 C1 1,0.5,0.25,0.125)
backoff_paces=(0 0 0.25 2)  # 0: the default; else the idle sleep capped by the rank's pace
start=$(date +%s)
n=0 job=0
declare -A cnt
while [ "$n" -lt "$runs" ]; do
  if [ "$minutes" -gt 0 ] && [ $(( $(date +%s) - start )) -ge $(( minutes * 60 )) ]; then break; fi
  job=$((job + 1))
  pol=${pols[$(r ${#pols[@]})]}
  mpi=openmpi osc=default
  if [ $have_mpich -eq 1 ] && [ "$(r 4)" -eq 0 ]; then mpi=mpich; fi
  while :; do np=${nps[$(r ${#nps[@]})]}; [ "$np" -le "$max_np" ] && break; done
  if [ $mpi = mpich ]; then np=$(( 2 + $(r $((mpich_max_np - 1))) )); fi
  [ $mpi = openmpi ] && [ "$(r 3)" -eq 0 ] && osc=pt2pt
  init=${inits[$(r 3)]} dist=${dists[$(r 5)]} delay=${delays[$(r ${#delays[@]})]}
  [ "$delay" -gt 0 ] && delay=$(( 1 + $(r "$delay") ))
  guard=${guards[$(r 2)]} speed=${speeds[$(r 4)]}
  polenv=() wd=$tbase
  if [ "$(r 4)" -eq 0 ] && [ "$pol" != smallworld ] && ! { [ "$pol" = leader ] && [ $osc = pt2pt ]; }; then
    polenv=(LADRO_PAPER=1)
    [ "$pol" = ctws ] && wd=0
  fi
  bp=${backoff_paces[$(r 4)]}
  [ "$bp" != 0 ] && polenv+=(LADRO_BACKOFF_PACE=$bp)
  tpr=$(( 2 + $(r 20) ))
  wms=0.$(( 1 + $(r 9) ))
  s=$(r 1000000)
  tmo=$(( (tbase + 3 * np) * repeat ))
  args=(--policy "$pol" --init "$init" --work-dist "$dist" --tasks-per-rank "$tpr"
        --work-ms "$wms" --seed "$s" --verify --json --no-progress --repeat "$repeat"
        --delay-us "$delay" --speed "$speed")
  if [ $mpi = mpich ]; then
    cmd=(env LADRO_EXPECT_NP=$np LADRO_WATCHDOG=$wd
         LADRO_STEAL_GUARD=$guard "${polenv[@]}" timeout -k 10 "$tmo" /usr/bin/mpiexec.mpich -n "$np" "$msynth" "${args[@]}")
  else
    oscenv=()
    [ $osc = pt2pt ] && oscenv=(OMPI_MCA_osc=pt2pt)
    cmd=(env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
         OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_MCA_rmaps_base_oversubscribe=1
         "${oscenv[@]}" LADRO_EXPECT_NP=$np LADRO_WATCHDOG=$wd
         LADRO_STEAL_GUARD=$guard "${polenv[@]}" timeout -k 10 "$tmo" mpiexec -n "$np" --oversubscribe "$synth" "${args[@]}")
  fi
  t0=$(date +%s.%N)
  res=$(nice -n 15 "${cmd[@]}" 2>"$out/last.err")
  rc=$?
  mapfile -t lines < <(grep '^{"policy"' <<<"$res")
  nl=${#lines[@]}
  per=$(( nl > 0 ? nl : 1 ))
  secs=$(awk -v a="$t0" -v b="$(date +%s.%N)" -v k="$per" 'BEGIN { printf "%.2f", (b - a) / k }')
  field() { grep -o "\"$1\": [0-9a-z.]*" <<<"$2" | head -1 | sed 's/.*: //'; }
  record() { # record RUN_SEED OUTCOME [JSON]
    n=$((n + 1))
    local miss dup cor st slat
    miss=$(field missing "${3:-}") dup=$(field duplicated "${3:-}") cor=$(field corrupt "${3:-}")
    st=$(field steals_ok "${3:-}") slat=$(field steal_us "${3:-}")
    echo "$n,$pol,$mpi,$osc,$np,$init,\"$dist\",$tpr,$wms,$delay,$1,$2,$secs,${miss:-},${dup:-},${cor:-},${st:-},${slat:-},$job,$guard,\"$speed\",\"${polenv[*]}\"" >>"$csv"
    cnt[$pol,$2]=$(( ${cnt[$pol,$2]:-0} + 1 ))
    cnt[all,$2]=$(( ${cnt[all,$2]:-0} + 1 ))
    if [ "$2" != ok ]; then
      cp "$out/last.err" "$out/run-$n.err"
      { printf '# run %d (job %d, seed %s): %s (exit %d; full stderr: %s)\n' "$n" "$job" "$1" "$2" "$rc" "$out/run-$n.err"
        printf '%q ' "${cmd[@]}"; echo
        grep -v "^--------\|^$" "$out/last.err" | grep -iv "mpiexec has exited\|three reasons\|call \"init\"\|\"finalize\"\|by rule\|orte_create_session\|You can avoid\|This may have caused\|abnormal termination\|detect that the abort\|then ALL\|for all processes\|^[0-9]\. this process\|prior to termination\|exiting improperly" | head -c 3000
        echo; } >>"$fails"
      echo "campaign.sh: run $n: $2: $pol $mpi/$osc np=$np (command in $fails)" >&2
    fi
  }
  last=ok
  for ((i = 0; i < nl; i++)); do # one JSON line per completed run
    l=${lines[$i]}
    miss=$(field missing "$l") dup=$(field duplicated "$l") cor=$(field corrupt "$l")
    if [ -n "$miss" ] && [ "$miss" != 0 ]; then last=lost
    elif [ -n "$dup" ] && [ "$dup" != 0 ]; then last=dup
    elif [ -n "$cor" ] && [ "$cor" != 0 ]; then last=corrupt
    elif [ "$(field verified "$l")" = true ]; then last=ok
    else last=fail
    fi
    record "$(field seed "$l")" "$last" "$l"
  done
  # The run in progress when the job ended without reporting it (killed, stalled,
  # aborted), or a job that ended early without a reason in its last report.
  if [ "$nl" -lt "$repeat" ] && [ "$last" = ok ]; then
    if [ $rc -eq 124 ] || [ $rc -eq 137 ] || [ $rc -eq 3 ]; then record $((s + nl)) hung
    else record $((s + nl)) fail
    fi
  elif [ "$nl" -eq "$repeat" ] && [ $rc -ne 0 ] && [ "$last" = ok ]; then
    record $((s + nl - 1)) fail # all reported ok, yet the job failed (e.g. in MPI_Finalize)
  fi
  [ $((job % 50)) -eq 0 ] && echo "campaign.sh: $n runs in $job jobs, $(( $(date +%s) - start )) s, not ok: $(( n - ${cnt[all,ok]:-0} ))" >&2
done
{
  echo "stress campaign: $n runs in $job jobs of up to $repeat, $(( $(date +%s) - start )) s (seed $seed)"
  printf "%-14s %6s %6s %6s %6s %6s %6s %7s\n" policy runs ok lost dup hung fail corrupt
  for p in "${pols[@]}" all; do
    t=0
    for o in ok lost dup hung fail corrupt; do t=$(( t + ${cnt[$p,$o]:-0} )); done
    printf "%-14s %6d %6d %6d %6d %6d %6d %7d\n" "$p" "$t" "${cnt[$p,ok]:-0}" "${cnt[$p,lost]:-0}" \
      "${cnt[$p,dup]:-0}" "${cnt[$p,hung]:-0}" "${cnt[$p,fail]:-0}" "${cnt[$p,corrupt]:-0}"
  done
} | tee "$out/summary.txt"
[ "${cnt[all,ok]:-0}" -eq "$n" ]
