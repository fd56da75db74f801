#!/bin/sh
# BaselineWS vs SuccessOnlyWS (and random) side by side: for each benchmark (UTS T1, UTS
# T3, N-Queens) and rank count, ONE launch runs the policies interleaved REPS times
# (random,baseline,successonly,random,...), so every policy sees the same machine.
# Prints one markdown table: median makespan and its ratio to baseline, steals tried /
# ok / failed (means per run), mean time from request to the victim's reply, cyclic
# steals as % of steals, victims per search phase
# (SuccessOnlyWS Fig. 1(d); all runs pooled). A second table compares SuccessOnlyWS's
# default with its paper's configuration (LADRO_PAPER=1: the communication worker; two
# launches, paper=1 being a configuration key).
#   BIN=build/bin REPS=3 NPS="8 16" NQ="15 6" YIELD=0 bench/loadaware/loadaware.sh
# VARIANTS=0 skips the second table; BENCHES="T1 NQ" and POLICIES=... narrow the first.
set -eu
BIN=${BIN:-build/bin}
REPS=${REPS:-3}
NPS=${NPS:-"8 16"}
NQ=${NQ:-"15 6"}
POLICIES=${POLICIES:-random,baseline,successonly}
BENCHES=${BENCHES:-"T1 T3 NQ"}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
# YIELD=0: Open MPI yields in every MPI progress call when oversubscribed (docs/uts.md).
if [ -n "${YIELD:-}" ]; then export OMPI_MCA_mpi_yield_when_idle="$YIELD"; fi
MPIRUN=${MPIRUN:-mpirun --oversubscribe}

cmd_for() { set -- "$1" $NQ; case "$1" in
  T1) echo "$BIN/ladro-uts -t 1 -a 3 -d 10 -b 4 -r 19 -c 8 -i 10" ;;
  T3) echo "$BIN/ladro-uts -t 0 -b 2000 -q 0.124875 -m 8 -r 42 -c 8 -i 10" ;;
  NQ) echo "$BIN/ladro-nqueens -n $2 --cutoff $3" ;;
esac; }

# Parse ladro_stats_print blocks: one record per run, "policy makespan tried ok failed
# cyclic phases h0..h7 reply_ms" (histogram as counts).
parse() {
  awk '
    /^policy / { if (p != "") out(); p = $2; for (i = 1; i <= NF; i++) if ($i == "makespan") m = $(i + 1)
                 tr = ok = fa = cy = ph = rw = 0; for (i = 0; i < 8; i++) h[i] = 0 }
    /steals [0-9]+ ok/ { for (i = 1; i <= NF; i++) { if ($i == "ok") ok = $(i - 1)
                         if ($i == "failed") fa = $(i - 1); if ($i ~ /^tried[),]$/) tr = substr($(i - 1), 2) } }
    /load-aware:/ { for (i = 1; i <= NF; i++) { if ($i == "cyclic") cy = $(i + 2)
                                                 if ($i == "after") rw = $(i + 1) } }
    /victims per search phase/ { ph = substr($5, 2); for (i = 7; i <= NF; i++) {
                                 split($i, a, ":"); sub("%", "", a[2]); h[i - 7] = a[2] * ph / 100 } }
    function out() { printf "%s %s %s %s %s %s %s", p, m, tr, ok, fa, cy, ph
                     for (i = 0; i < 8; i++) printf " %.0f", h[i]; printf " %s\n", rw }
    END { if (p != "") out() }'
}

# Summarise records (stdin) per policy in the given order, ratios against `ref`.
summarise() { # bench np ref order
  awk -v b="$1" -v np="$2" -v ref="$3" -v order="$4" '
    { n[$1]++; t[$1, n[$1]] = $2; tr[$1] += $3; ok[$1] += $4; fa[$1] += $5; cy[$1] += $6
      ph[$1] += $7; for (i = 0; i < 8; i++) h[$1, i] += $(8 + i); rw[$1] += $16 }
    function med(p,   k, i, j, x, a) { k = n[p]; for (i = 1; i <= k; i++) a[i] = t[p, i]
      for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] < a[i]) { x = a[i]; a[i] = a[j]; a[j] = x }
      return (k % 2) ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2 }
    END { split(order, pols, ","); r = med(ref)
      for (q = 1; q in pols; q++) { p = pols[q]; if (!(p in n)) continue; m = med(p)
        hist = "-"; if (ph[p] > 0) { hist = ""; for (i = 0; i < 8; i++) if (h[p, i] > 0)
          hist = hist sprintf("%s%d%s:%.0f%%", hist == "" ? "" : " ", i, i == 7 ? "+" : "", 100 * h[p, i] / ph[p]) }
        printf "| %s | %d | %s | %.3f | %.2f | %.0f / %.0f / %.0f | %s | %s | %s |\n", b, np, p, m, m / r,
          tr[p] / n[p], ok[p] / n[p], fa[p] / n[p], (rw[p] > 0 ? sprintf("%.2f", rw[p] / n[p]) : "-"),
          (p ~ /successonly|nocycle|withdraw/ && ok[p] > 0) ? sprintf("%.2f%%", 100 * cy[p] / ok[p]) : "-", hist } }'
}

printf '| bench | ranks | policy | makespan s (median of %s) | vs baseline | steals tried / ok / failed (per run) | mean reply ms | cyclic %% of steals | victims per search phase |\n' "$REPS"
printf '|---|---|---|---|---|---|---|---|---|\n'
list=""
i=0
while [ $i -lt "$REPS" ]; do list="${list:+$list,}$POLICIES"; i=$((i + 1)); done
for b in $BENCHES; do
  for np in $NPS; do
    $MPIRUN -np "$np" $(cmd_for "$b") --policy "$list" | parse | summarise "$b" "$np" baseline "$POLICIES"
  done
done

[ "${VARIANTS:-1}" = 1 ] || exit 0
printf '\nSuccessOnlyWS as its paper runs it, one launch each (paper=1 is a configuration key), same REPS:\n'
printf 'successonly = the default; paper = LADRO_PAPER=1 (a communication worker beside the\n'
printf 'computation worker, a search until a loaded rank).\n\n'
printf '| bench | ranks | variant | makespan s (median of %s) | vs successonly | steals tried / ok / failed (per run) | mean reply ms | cyclic %% of steals | victims per search phase |\n' "$REPS"
printf '|---|---|---|---|---|---|---|---|---|\n'
list=""
i=0
while [ $i -lt "$REPS" ]; do list="${list:+$list,}successonly"; i=$((i + 1)); done
for b in $BENCHES; do
  for np in $NPS; do
    { $MPIRUN -np "$np" $(cmd_for "$b") --policy "$list" | parse
      LADRO_PAPER=1 $MPIRUN -np "$np" $(cmd_for "$b") --policy "$list" | parse |
        sed 's/^successonly /paper /'; } |
      summarise "$b" "$np" successonly successonly,paper
  done
done
