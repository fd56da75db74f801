#!/usr/bin/env python3
"""The WS-latency paper's claims (docs/results.md, the claims table) from the CSV files and
summaries of bench/sim-latency/campaign.sh: the fitted c', the largest error of the mean
makespan, the acceptable latency, MWT against SWT, the steal threshold g = 2 lambda.
usage: claims.py OUT    (the campaign's output directory)"""
import csv, glob, math, os, re, statistics as st, sys

out = sys.argv[1] if len(sys.argv) == 2 else sys.exit(__doc__)
rd = lambda f: list(csv.DictReader(open(os.path.join(out, f))))
split = open(os.path.join(out, "split.txt")).read().strip() if os.path.exists(
    os.path.join(out, "split.txt")) else "ceil (no split.txt: the campaign before SPLIT)"
print(f"split: {split}")


def fit(rows):
    x = [2 * float(r["lambda"]) * math.log2(float(r["W"]) / (2 * float(r["lambda"]))) for r in rows]
    y = [float(r["mean_makespan"]) - float(r["W_over_p"]) for r in rows]
    return sum(a * b for a, b in zip(x, y)) / sum(a * a for a in x)


acc = rd("accuracy_l262.csv")
print(f"c' on the paper's Fig. 5 set (lambda 262, W 1e5..1e8, p 32..256): {fit(acc):.3f}")
fr = rd("fit.csv")
ps = sorted({int(r["p"]) for r in fr})
print("c' per p (all lambda): " + ", ".join(f"p={p}: {fit([r for r in fr if int(r['p']) == p]):.2f}" for p in ps)
      + f"; all: {fit(fr):.3f}")
inside = [r for r in fr if 32 <= int(r["p"]) <= 256 and float(r["lambda"]) <= 482]
worst = max(inside, key=lambda r: abs(float(r["accuracy_ratio"]) - 1))
print(f"largest error of the mean (c' = 1.8, p 32..256, lambda <= 482): "
      f"{abs(float(worst['accuracy_ratio']) - 1) * 100:.1f} % (ratio {float(worst['accuracy_ratio']):.3f}) "
      f"at W/p = {float(worst['W_over_p']):.0f}, lambda = {worst['lambda']}, p = {worst['p']}")
lim = rd("limit.csv")
for p in sorted({int(r["p"]) for r in lim}):
    v = [(float(r["W"]), float(r["W_over_p_per_measured_limit"])) for r in lim
         if int(r["p"]) == p and float(r["limit_lambda_measured"]) > 0]
    print(f"acceptable latency, p = {p}: W/p = " + ", ".join(f"{b:.0f} lambda (W {a:.0e})" for a, b in v))
for p in (8, 16, 32, 64, 128, 256):
    try:
        m, s = rd(f"startup_p{p}_mwt.csv"), rd(f"startup_p{p}_swt.csv")
    except FileNotFoundError:
        continue
    r = [float(a["startup"]) / float(b["startup"]) for a, b in zip(m, s)]
    q = st.quantiles(r, n=4)
    print(f"MWT/SWT startup, p = {p}: shorter in {sum(x < 1 for x in r) / len(r) * 100:.0f} % of runs, "
          f"equal in {sum(x == 1 for x in r) / len(r) * 100:.0f} %; q1 / median / q3 "
          f"{q[0]:.2f} / {q[1]:.2f} / {q[2]:.2f}")
num = lambda txt, pat: float(re.search(pat, txt).group(1))
for W in ("1e6", "1e8"):
    for v in ("swt", "mwt"):
        t = {}
        for g in ("0", "2l"):
            f = os.path.join(out, f"threshold_W{W}_{v}_g{g}.txt")
            if os.path.exists(f):
                t[g] = open(f).read()
        if len(t) == 2:
            ms = [num(t[g], r"makespan\s+([0-9.]+)") for g in ("0", "2l")]
            ok = [num(t[g], r"successful steals mean ([0-9.]+)") for g in ("0", "2l")]
            print(f"threshold g = 2 lambda, W {W}, {v}: mean Cmax {ms[0]:.1f} -> {ms[1]:.1f} "
                  f"({(ms[1] / ms[0] - 1) * 100:+.2f} %), successful steals {ok[0]:.1f} -> {ok[1]:.1f} "
                  f"({(1 - ok[1] / ok[0]) * 100:.0f} % fewer)")
