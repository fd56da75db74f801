#!/usr/bin/env python3
"""SMPI runs against ladro-sim on the same workload (docs/results.md, "The simulator against real runs").

Reads the JSON lines of bench/smpi/campaign.sh and, for every run, simulates the same
workload (ranks, tasks per rank, durations, placement, seed) with `ladro-sim policy` on the
same platform file the SMPI run used (bench/smpi/platform.sh: PLATFORM_DIR/cluster-P.xml)
and ONE set of engine costs for every policy and rank count, nothing fitted per run:
  - the routes are the platform's (a one-sided operation a round trip, the default);
  - --poll-us 0.25: what run.sh's SMPI charges per MPI_Iprobe and MPI_Test (-i);
  - idle=backoff on both sides (campaign.sh runs with LADRO_IDLE=backoff, the simulated
    ranks back off by default), and the leader serves from its main thread on both
    (SMPI's programs ask for no MPI thread level; ranks are actors in ladro-sim).
Time: to LADRO_DONE (SMPI `makespan`, ladro-sim `done_s`), and to the last task's end
(SMPI `work_end`, ladro-sim `makespan_s`).
Prints a Markdown table and writes a CSV.
Usage: compare.py SMPI.jsonl LADRO_SIM PLATFORM_DIR OUT.csv [ladro-sim cost flags]
  (default cost flags: --poll-us 0.25; the workload is campaign.sh's default)
"""
import json, subprocess, sys, statistics, collections

def main():
    src, sim, platdir, out = sys.argv[1:5]
    costs = sys.argv[5:] or ["--poll-us", "0.25"]
    simwl = ["--init", "gauss70-10", "--tasks-per-rank", "8", "--work-ms", "2", "--dist",
             "uniform:0.5,1.5"]
    runs = [json.loads(l) for l in open(src) if l.strip()]
    ok = [r for r in runs if not r.get("failed")]
    rows = collections.defaultdict(list)
    for r in ok:
        p = r["ranks"]
        args = [sim, "policy", "--policy", r["policy"], "--p", str(p), "--seed", str(r["seed"]),
                "--platform", "%s/cluster-%d.xml" % (platdir, p), "--json"] + simwl + costs
        s = json.loads(subprocess.check_output(args))["policies"][0]
        rows[(r["policy"], p)].append((r, s))
    order = ["static", "leader", "random", "ctws", "a2ws", "baseline", "successonly", "smallworld"]
    keys = sorted(rows, key=lambda k: (k[1], order.index(k[0]) if k[0] in order else 99))
    med = statistics.median
    with open(out, "w") as f:
        f.write("policy,ranks,seeds,smpi_makespan,sim_done,ratio_done_sim_smpi,smpi_work_end,"
                "sim_makespan,ratio_work_end_sim_smpi,smpi_efficiency,sim_efficiency,"
                "smpi_steals_ok,sim_steals_ok,smpi_steals_failed,sim_steals_failed,smpi_wall_s,"
                "sim_cpu_s\n")
        print("| policy | ranks | runs | to LADRO_DONE, SMPI / sim (ms) | sim/SMPI | to the last "
              "task's end, SMPI / sim (ms) | sim/SMPI | steals ok SMPI / sim | failed SMPI / sim "
              "| SMPI wall s / sim CPU s |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for k in keys:
            v = rows[k]
            sm = med([r["makespan"] for r, s in v]); qd = med([s["done_s"] for r, s in v])
            we = med([r.get("work_end", r["makespan"]) for r, s in v])
            qm = med([s["makespan_s"] for r, s in v])
            se = med([r["efficiency"] for r, s in v])
            qe = med([s["lower_bound_s"] / s["done_s"] for r, s in v])
            sok = med([r["steals_ok"] for r, s in v]); qok = med([s["steals_ok"] for r, s in v])
            sf = med([r["steals_failed"] for r, s in v])
            qf = med([s["steals_failed"] for r, s in v])
            wall = med([r["wall_s"] for r, s in v]); cpu = med([s["cpu_s"] for r, s in v])
            f.write("%s,%d,%d,%.6f,%.6f,%.3f,%.6f,%.6f,%.3f,%.4f,%.4f,%g,%g,%g,%g,%.0f,%.2f\n" % (
                k[0], k[1], len(v), sm, qd, qd / sm, we, qm, qm / we, se, qe, sok, qok, sf, qf,
                wall, cpu))
            print("| %s | %d | %d | %.1f / %.1f | %.2f | %.1f / %.1f | %.2f | %g / %g | %g / %g "
                  "| %.0f / %.1f |" % (k[0], k[1], len(v), 1e3 * sm, 1e3 * qd, qd / sm, 1e3 * we,
                                       1e3 * qm, qm / we, sok, qok, sf, qf, wall, cpu))
    bad = [r for r in runs if r.get("failed") or not r.get("verified")]
    print("\n%d runs, %d exactly-once and terminated, %d failed or timed out" % (
        len(runs), len(runs) - len(bad), len(bad)))

main()
