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
import statistics

from trial_stats import ci, variant_runs


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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    runs = variant_runs(ap.parse_args().out, [name for name, _ in LABELS])
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
