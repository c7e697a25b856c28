#!/usr/bin/env python3
"""Tables of the Siegel §4 dynamic study (docs/fidelity.md, "Siegel: stochastic robustness", "Dynamic study").

Reads OUT/<variant>/trial-<t>/summary.json and timing.json of a `rmsim run configs/experiments/siegel-dynamic.yaml`
output folder and prints: per variant the tasks completed by their deadlines (utility.earned), the energy and
the tasks dropped (mean +- 95 % CI over the trials); the paired differences (trial by trial: every variant of a
trial runs the same workload) behind the claims; and the mapping time per arrival (timing.json "policy": the
median of the trials' medians, the max of their maxima) with the wall time per trial.

    scripts/siegel_dynamic_table.py results/siegel-dynamic
"""
import argparse
import json
import math
import pathlib
import statistics

# Two-sided 95 % quantiles of Student's t by degrees of freedom; between two rows the smaller df's (larger,
# conservative) value is used.
T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228,
       12: 2.179, 15: 2.131, 20: 2.086, 25: 2.060, 30: 2.042, 40: 2.021, 49: 2.010, 60: 2.000, 120: 1.980}

LABELS = [
    ("random", "random"),
    ("random-rf", "random, robustness filter"),
    ("random-ef-rf", "random, energy + robustness filters"),
    ("random-cancel", "random, start-time cancellation"),
    ("lightest-load", "Lightest Load"),
    ("lightest-load-ef-rf", "Lightest Load, energy + robustness filters"),
    ("lightest-load-ef-rf-cancel", "Lightest Load, both filters + cancellation"),
    ("mect", "MECT"),
    ("mect-ef-rf", "MECT, energy + robustness filters"),
    ("shortest-queue", "Shortest Queue"),
    ("shortest-queue-ef-rf", "Shortest Queue, energy + robustness filters"),
]

# (label, variant a, variant b): the paired difference a - b in tasks on time.
PAIRS = [
    ("Lightest Load - random", "lightest-load", "random"),
    ("MECT - random", "mect", "random"),
    ("Shortest Queue - random", "shortest-queue", "random"),
    ("random: robustness filter", "random-rf", "random"),
    ("random: energy + robustness filters", "random-ef-rf", "random"),
    ("random: cancellation", "random-cancel", "random"),
    ("random: the energy filter on top of the robustness filter", "random-ef-rf", "random-rf"),
    ("MECT - Lightest Load, no filters", "mect", "lightest-load"),
    ("Shortest Queue - Lightest Load, no filters", "shortest-queue", "lightest-load"),
    ("MECT - Lightest Load, both filters", "mect-ef-rf", "lightest-load-ef-rf"),
    ("Shortest Queue - Lightest Load, both filters", "shortest-queue-ef-rf", "lightest-load-ef-rf"),
    ("Lightest Load: both filters", "lightest-load-ef-rf", "lightest-load"),
    ("MECT: both filters", "mect-ef-rf", "mect"),
    ("Shortest Queue: both filters", "shortest-queue-ef-rf", "shortest-queue"),
    ("Lightest Load with both filters: cancellation", "lightest-load-ef-rf-cancel", "lightest-load-ef-rf"),
]


def t95(df):
    if df in T95:
        return T95[df]
    smaller = [k for k in T95 if k < df]
    return T95[max(smaller)] if smaller else T95[1]


def ci(xs):
    n = len(xs)
    if n < 2:
        return statistics.fmean(xs), float("nan")
    return statistics.fmean(xs), t95(n - 1) * statistics.stdev(xs) / math.sqrt(n)


def trials(folder):
    out = {}
    for d in sorted(folder.glob("trial-*")):
        if not (d / "summary.json").exists():
            continue
        s = json.loads((d / "summary.json").read_text())
        tm = json.loads((d / "timing.json").read_text())
        out[int(d.name.split("-")[1])] = (s, tm)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    a = ap.parse_args()
    root = pathlib.Path(a.out)
    runs = {name: trials(root / name) for name, _ in LABELS if (root / name).is_dir()}
    ran = [(label, runs[name]) for name, label in LABELS if runs.get(name)]  # the variants with trials, in order

    print("| variant | trials | tasks on time | energy (MJ) | dropped (discarded + cancelled) |")
    print("|---|---:|---:|---:|---:|")
    for label, tr in ran:
        on_time = ci([s["utility"]["earned"] for s, _ in tr.values()])
        energy = ci([s["energy"]["total_j"] / 1e6 for s, _ in tr.values()])
        dropped = ci([s["tasks"]["dropped"] for s, _ in tr.values()])
        print(f"| {label} | {len(tr)} | {on_time[0]:.0f} ± {on_time[1]:.0f} | {energy[0]:.1f} ± {energy[1]:.1f} | "
              f"{dropped[0]:.0f} ± {dropped[1]:.0f} |")

    print("\n| paired difference in tasks on time | trials | mean ± 95 % CI | trials with a > b |")
    print("|---|---:|---:|---:|")
    for label, x, y in PAIRS:
        if x not in runs or y not in runs:
            continue
        common = sorted(set(runs[x]) & set(runs[y]))
        d = [runs[x][t][0]["utility"]["earned"] - runs[y][t][0]["utility"]["earned"] for t in common]
        if not d:
            continue
        m, h = ci(d)
        print(f"| {label} | {len(d)} | {m:+.0f} ± {h:.0f} | {sum(v > 0 for v in d)} of {len(d)} |")

    print("\n| variant | per arrival: median of the trials' medians (ms) | max (ms) | wall per trial (s, median) |")
    print("|---|---:|---:|---:|")
    for label, tr in ran:
        med = statistics.median(tm["policy"]["arrival_median_s"] for _, tm in tr.values()) * 1e3
        mx = max(tm["policy"]["arrival_max_s"] for _, tm in tr.values()) * 1e3
        wall = statistics.median(tm["wall_s"] for _, tm in tr.values())
        print(f"| {label} | {med:.2f} | {mx:.0f} | {wall:.1f} |")


if __name__ == "__main__":
    main()
