#!/usr/bin/env python3
"""Threads inside a rank, measured side by side (bench/threads/README.md).

1. ladro-seismic, shots that never call ladro_progress (--no-progress-calls), BEFORE: 1 worker
   per rank (the rank answers remote requests only between shots) and AFTER: --threads 2
   (the rank's main thread serves while the workers compute). Rank 0's shots are done in
   the journal (the static reference run's rank-0 journal file, LADRO_JOURNAL), so rank 0
   is a thief from the start
   and rank 1 a loaded victim inside its shots: the thief's wait for a baseline/successonly
   reply (counters replies, reply_wait_s, reply_wait_max_s) and the ctws token's lap
   (token_laps, token_lap_s, token_lap_max_s), per policy.
2. ladro-uts T1L and T3L: 1 rank x 2 threads against 2 ranks x 1 thread (nodes/s, CPU s).
3. ladro-uts T1L, BaselineWS against SuccessOnlyWS with the communication thread
   (RANKS ranks x 2 threads, one launch, side by side): time, nodes/s, failed remote
   steals.
Wall-clock numbers: run it on a quiet machine. --size tiny proves the script in seconds.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

SIZES = {
    # seismic: the grid and record length give about 1 s per shot with one OpenMP thread
    # on a current core (the table prints the measured shot time: adjust with --seis-args)
    "full": {"seis": "--dims 96,96,64 --nb 16 --alpha 0.02 --tmax 0.8 --receivers line",
             "shots": "8,1",
             "t1": "-t 1 -a 3 -d 13 -b 4 -r 29", "t3": "-t 0 -b 2000 -q 0.200014 -m 5 -r 7"},
    "tiny": {"seis": "--dims 24,24,20 --nb 8 --alpha 0.03 --tmax 0.15 --receivers line",
             "shots": "4,1",
             "t1": "-t 1 -a 3 -d 7 -b 4 -r 29", "t3": "-t 0 -b 200 -q 0.15 -m 5 -r 7"},
}


def run(cmd, env, log):
    """Run cmd; stdout+stderr appended to log; returns (stdout, stderr)."""
    p = subprocess.run(cmd, env=env, capture_output=True, text=True)
    with open(log, "a") as f:
        f.write("$ " + " ".join(cmd) + "\n" + p.stdout + p.stderr)
    if p.returncode != 0:
        sys.exit("threads_bench: failed (%d): %s\n%s" % (p.returncode, " ".join(cmd),
                                                           p.stderr[-2000:]))
    return p.stdout, p.stderr


def num(pattern, text, default=float("nan")):
    m = re.search(pattern, text)
    return float(m.group(1)) if m else default


def counters(text, policy):
    """Policy counters from ladro_stats_print: 'reply after A ms mean, B ms max (N
    replies)' (load-aware) or '  ctws: name value ...'."""
    c = {}
    m = re.search(r"reply after ([\d.]+) ms mean, ([\d.]+) ms max \(([\d.]+) replies\)", text)
    if m:
        c["wait_ms"], c["wait_max_ms"], c["replies"] = map(float, m.groups())
    m = re.search(r"^  %s:(.*)$" % re.escape(policy), text, re.M)
    if m:
        kv = m.group(1).split()
        c.update({kv[i]: float(kv[i + 1]) for i in range(0, len(kv) - 1, 2)})
    c["failed"] = num(r"steals \d+ ok / (\d+) failed", text)
    c["makespan"] = num(r"makespan ([\d.]+) s", text)
    return c


def seismic(a, size, env, work, log):
    bin_ = os.path.join(a.bin, "ladro-seismic")
    args = (a.seis_args or size["seis"]).split() + ["--shots", size["shots"]]
    ref = os.path.join(work, "ref")
    e1 = dict(env, OMP_NUM_THREADS="1")
    ref_jnl = os.path.join(work, "ref-journal")
    run(a.mpirun + ["-np", "2", bin_] + args + ["--policy", "static", "--out", ref,
                                                "--quiet"], dict(e1, LADRO_JOURNAL=ref_jnl),
        log)
    rows = []
    for mode, threads in (("before: 1 worker, no progress", 1),
                          ("after: 2 workers + hub, no progress", 2)):
        for pol in ("baseline", "successonly", "ctws"):
            job = os.path.join(work, "%s-%d" % (pol, threads))
            shutil.copytree(ref, job)
            # rank 0's block (shots 0 .. n/2-1) already done: rank 0 steals from the start
            # (under static, rank 0's journal file records exactly its block)
            jnl = job + "-journal"
            os.makedirs(jnl)
            shutil.copy(os.path.join(ref_jnl, "rank-0.jnl"), jnl)
            out, err = run(a.mpirun + ["-np", "2", bin_] + args +
                           ["--policy", pol, "--out", job, "--no-progress-calls",
                            "--threads", str(threads)], dict(e1, LADRO_JOURNAL=jnl), log)
            shots = [float(x) for x in re.findall(r"shot \d+ done in ([\d.]+) s", err)]
            c = counters(out, pol)
            c["shot_s"] = sum(shots) / len(shots) if shots else float("nan")
            rows.append((mode, pol, c))
    print("\n### Seismic: %s, shots %s on 2 ranks, rank 0's half journaled (thief from "
          "the start), --no-progress-calls, OMP_NUM_THREADS=1\n" % (" ".join(args[:-2]),
                                                                size["shots"]))
    print("| run | policy | shot s | makespan s | reply wait mean ms | max ms | replies "
          "| token lap mean ms | max ms | laps |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for mode, pol, c in rows:
        laps = c.get("token_laps", 0)
        lap = 1e3 * c["token_lap_s"] / laps if laps else float("nan")
        print("| %s | %s | %.2f | %.2f | %s | %s | %s | %s | %s | %s |" % (
            mode, pol, c["shot_s"], c["makespan"],
            "%.2f" % c["wait_ms"] if "wait_ms" in c else "-",
            "%.2f" % c["wait_max_ms"] if "wait_max_ms" in c else "-",
            "%.0f" % c["replies"] if "replies" in c else "-",
            "%.2f" % lap if laps else "-",
            "%.2f" % (1e3 * c["token_lap_max_s"]) if laps else "-",
            "%.0f" % laps if laps else "-"))


def uts_line(out, policy=None):
    """time, nodes/s, CPU s (whole processes), failed steals of one policy's output."""
    if policy:  # the block of this policy in a --policy a,b launch
        m = re.search(r"ladro [^\n]*, policy %s,.*?(?=\nladro [^\n]*, policy |\Z)" %
                      re.escape(policy), out, re.S)
        out = m.group(0) if m else ""
    t = num(r"time ([\d.]+) s", out)
    rate = num(r"([\d.e+]+) nodes/s overall", out)
    ns = num(r"; ([\d.]+) ns/node whole processes", out)
    return {"time": t, "rate": rate, "cpu": ns * rate * t * 1e-9,
            "failed": num(r"steals \d+ ok / (\d+) failed", out)}


def uts(a, size, env, log):
    bin_ = os.path.join(a.bin, "ladro-uts")
    print("\n### UTS: 1 rank x 2 threads against 2 ranks x 1 thread, policy %s\n" % a.policy)
    print("| tree | layout | time s | nodes/s | CPU s |")
    print("|---|---|---|---|---|")
    for name in ("t1", "t3"):
        for np_, thr in ((1, 2), (2, 1)):
            out, _ = run(a.mpirun + ["-np", str(np_), bin_] + size[name].split() +
                         ["--policy", a.policy, "--threads", str(thr)], env, log)
            r = uts_line(out)
            print("| %s | %d rank%s x %d thread%s | %.3f | %.4g | %.2f |" % (
                ("T1L" if name == "t1" else "T3L") if a.size == "full" else name.upper(),
                np_, "s" if np_ > 1 else "", thr, "s" if thr > 1 else "", r["time"], r["rate"], r["cpu"]))
    print("\n### UTS %s: BaselineWS against SuccessOnlyWS, %d ranks x 2 threads (one "
          "launch)\n" % ("T1L" if a.size == "full" else "T1", a.ranks))
    print("| policy | time s | nodes/s | failed remote steals | gain over baseline |")
    print("|---|---|---|---|---|")
    out, _ = run(a.mpirun + ["-np", str(a.ranks), bin_] + size["t1"].split() +
                 ["--policy", "baseline,successonly", "--threads", "2"], env, log)
    b = uts_line(out, "baseline")
    for pol in ("baseline", "successonly"):
        r = uts_line(out, pol)
        print("| %s | %.3f | %.4g | %.0f | %s |" % (
            pol, r["time"], r["rate"], r["failed"],
            "%.1f %%" % (100 * (1 - r["time"] / b["time"])) if pol != "baseline" else "-"))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--size", choices=sorted(SIZES), default="full")
    p.add_argument("--bin", default="build/bin")
    p.add_argument("--mpirun", default="mpirun --oversubscribe",
                   help="launcher and its flags (default: mpirun --oversubscribe)")
    p.add_argument("--policy", default="random", help="UTS layout comparison's policy")
    p.add_argument("--ranks", type=int, default=2, help="ranks of the baseline/successonly run")
    p.add_argument("--seis-args", default="", help="ladro-seismic's model and time flags")
    p.add_argument("--work", default="build/results/threads",
                   help="raw output directory (default build/results/threads; emptied)")
    a = p.parse_args()
    a.mpirun = a.mpirun.split()
    size = SIZES[a.size]
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_btl_vader_single_copy_mechanism="none")
    work = a.work
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    log = os.path.join(work, "runs.log")
    print("threads_bench: every command and its output: %s" % log, file=sys.stderr)
    print("## Threads inside a rank (%s size)" % a.size)
    seismic(a, size, env, work, log)
    uts(a, size, env, log)


if __name__ == "__main__":
    main()
