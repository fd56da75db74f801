#!/usr/bin/env python3
"""SMPI runs against ladro-sim on the same workload (docs/results.md, "SimGrid SMPI").

Reads the JSON lines of bench/smpi/campaign.sh and, for every run, simulates the same
workload (ranks, tasks per rank, durations, placement, seed) with `ladro-sim policy`:
  - latency: lambda = half the mean steal attempt time that SMPI measured for `random` at
    that rank count (ladro-sim's RMA steal is one round trip, 2 lambda);
  - task cost: SMPI's tasks cost a little more than their nominal duration (the progress
    calls inside a task; see the results page); the excess per task, measured in the run
    itself (its lower bound x P / tasks - the nominal mean), is passed as
    --task-overhead-us;
  - leader: main-thread serving, as under SMPI (the simulated engine's ranks are actors:
    the leader serves from its main thread);
  - time: ladro-sim's makespan (makespan_s, the last task's end) is compared with the
    SMPI run's work end (when its last task ended, `work_end`); the SMPI run's detection
    latency (makespan - work end) is a column of its own (ladro-sim's is done_s -
    makespan_s).
Prints a Markdown table and writes a CSV.
Usage: compare.py SMPI.jsonl LADRO_SIM OUT.csv [workload flags as in campaign.sh]
"""
import json, subprocess, sys, statistics, collections

def main():
    src, sim, out = sys.argv[1:4]
    wl = sys.argv[4:] or ["--init", "gauss70-10", "--tasks-per-rank", "8", "--work-ms", "2",
                          "--work-dist", "uniform:0.5,1.5"]
    simwl = ["--dist" if a == "--work-dist" else a for a in wl]
    runs = [json.loads(l) for l in open(src) if l.strip()]
    ok = [r for r in runs if not r.get("failed")]
    lam = {}
    for p in sorted({r["ranks"] for r in ok}):
        st = [r["steal_us"] for r in ok if r["ranks"] == p and r["policy"] == "random"]
        if st:
            lam[p] = statistics.median(st) / 2
    rows = collections.defaultdict(list)
    for r in ok:
        p = r["ranks"]
        if p not in lam:
            continue
        base = [sim, "policy", "--policy", r["policy"], "--p", str(p), "--seed", str(r["seed"]),
                "--lambda-us", "%.3f" % lam[p], "--json"] + simwl
        nominal = json.loads(subprocess.check_output(base))["policies"][0]
        over = max(0.0, (r["lower_bound"] - nominal["lower_bound_s"]) * p / r["tasks"] * 1e6)
        s = json.loads(subprocess.check_output(base + ["--task-overhead-us", "%.2f" % over]))
        s = s["policies"][0]
        rows[(r["policy"], p)].append((r, s, over))
    order = ["static", "leader", "random", "ctws", "a2ws", "baseline", "successonly", "smallworld"]
    keys = sorted(rows, key=lambda k: (k[1], order.index(k[0]) if k[0] in order else 99))
    with open(out, "w") as f:
        f.write("policy,ranks,seeds,lambda_us,task_overhead_us,smpi_makespan,smpi_work_end,"
                "smpi_detect,sim_makespan,ratio_time_sim_smpi,smpi_efficiency,"
                "smpi_efficiency_work,sim_efficiency,ratio_efficiency_sim_smpi,smpi_steals_ok,"
                "sim_steals_ok,smpi_steals_failed,sim_steals_failed,smpi_steal_us,smpi_wall_s\n")
        print("| policy | ranks | runs | λ µs | task +µs | SMPI work end / sim makespan (ms) | "
              "sim/SMPI | SMPI detection ms | efficiency SMPI (to work end) / sim | sim/SMPI | "
              "steals ok SMPI / sim | failed SMPI / sim | steal µs (SMPI) | wall s |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        for k in keys:
            v = rows[k]
            med = lambda xs: statistics.median(xs)
            sm = med([r["makespan"] for r, s, o in v]); qm = med([s["makespan_s"] for r, s, o in v])
            we = med([r.get("work_end", r["makespan"]) for r, s, o in v])
            det = med([r["makespan"] - r.get("work_end", r["makespan"]) for r, s, o in v])
            se = med([r["efficiency"] for r, s, o in v]); qe = med([s["efficiency"] for r, s, o in v])
            sw = med([r["lower_bound"] / r.get("work_end", r["makespan"]) for r, s, o in v])
            sok = med([r["steals_ok"] for r, s, o in v]); qok = med([s["steals_ok"] for r, s, o in v])
            sf = med([r["steals_failed"] for r, s, o in v]); qf = med([s["steals_failed"] for r, s, o in v])
            su = med([r["steal_us"] for r, s, o in v]); ov = med([o for r, s, o in v])
            wall = med([r["wall_s"] for r, s, o in v])
            f.write("%s,%d,%d,%.3f,%.1f,%.6f,%.6f,%.6f,%.6f,%.3f,%.4f,%.4f,%.4f,%.3f,%g,%g,%g,%g,"
                    "%.2f,%.0f\n" % (k[0], k[1], len(v), lam[k[1]], ov, sm, we, det, qm, qm / we,
                                     se, sw, qe, qe / sw, sok, qok, sf, qf, su, wall))
            print("| %s | %d | %d | %.1f | %.0f | %.1f / %.1f | %.2f | %.1f | %.3f / %.3f | %.2f | "
                  "%g / %g | %g / %g | %.1f | %.0f |" % (k[0], k[1], len(v), lam[k[1]], ov, 1e3 * we,
                  1e3 * qm, qm / we, 1e3 * det, sw, qe, qe / sw, sok, qok, sf, qf, su, wall))
    bad = [r for r in runs if r.get("failed") or not r.get("verified")]
    print("\n%d runs, %d exactly-once and terminated, %d failed or timed out" % (
        len(runs), len(runs) - len(bad), len(bad)))

main()
