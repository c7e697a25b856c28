#!/usr/bin/env python3
"""Machovec Ch.5 §5.5 tables from a run of configs/experiments/machovec-ch5-*.yaml: for each heuristic (and
each sweep point), the percentage increase in surveillance value over Random on the same mission, per trial
(the paper's metric, Figs. 46-50), as the mean +- 95 % CI; how often it beats Random; and, with --timing, the
policy's heuristic mapping events' wall time (timing.json "policy": the median and the largest event of each
trial, then their median and maximum over the trials).

    scripts/uav_tables.py RESULTS_DIR [--timing]

A variant named "metaheuristic-p_rate_mean=0.1" is compared with "random_rate_mean=0.1"."""
import argparse
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from trial_stats import ci, trials  # noqa: E402


def split(name):
    base, _, point = name.partition("_")
    return base, point


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("results")
    ap.add_argument("--timing", action="store_true", help="also the heuristic mapping events' wall time")
    a = ap.parse_args()
    root = pathlib.Path(a.results)
    runs = {d.name: trials(d) for d in sorted(root.iterdir()) if d.is_dir()}
    runs = {k: v for k, v in runs.items() if v}
    points = []
    heuristics = []
    for name in runs:
        base, point = split(name)
        if point not in points:
            points.append(point)
        if base not in heuristics:
            heuristics.append(base)
    # The config's order of variants (comparison.csv), the sweep's points by value.
    csv = root / "comparison.csv"
    if csv.exists():
        seen = [line.split(",")[0].strip('"').split(" ")[0] for line in csv.read_text().splitlines()[1:] if line]
        order = [h for h in dict.fromkeys(seen) if h in heuristics]
        order += [h for h in heuristics if h not in order]
    else:
        first = [h for h in ("random", "random-best-sensor") if h in heuristics]
        order = first + [h for h in heuristics if h not in first]

    def point_key(p):
        try:
            return (0, float(p.split("=", 1)[1]))
        except (IndexError, ValueError):
            return (1, 0.0)

    points.sort(key=point_key)
    value = lambda s: s["policy_stats"]["surveillance_value"]  # noqa: E731
    def table(title, cell):
        """One row per heuristic, one column per sweep point; cell(variant, reference) is its text."""
        print(title + "\n")
        print("| heuristic | " + " | ".join(p or "all" for p in points) + " |")
        print("|---" * (len(points) + 1) + "|")
        for h in order:
            row = [cell(h + ("_" + p if p else ""), "random" + ("_" + p if p else "")) for p in points]
            print(f"| {h} | " + " | ".join(row) + " |")

    def over_random(name, ref):
        if name not in runs or ref not in runs:
            return ""
        xs, wins, n = [], 0, 0
        for t, (s, _) in runs[name].items():
            if t not in runs[ref]:
                continue
            r = value(runs[ref][t][0])
            n += 1
            wins += value(s) > r
            if r > 0:
                xs.append(100.0 * (value(s) - r) / r)
        if not xs:
            return ""
        m, hw = ci(xs)
        return f"{m:+.1f} ± {hw:.1f} ({wins}/{n})"

    def mean_value(name, _ref):
        if name not in runs:
            return ""
        m, hw = ci([value(s) for s, _ in runs[name].values()])
        return f"{m:.0f} ± {hw:.0f}"

    table("Surveillance value over Random, % (mean ± 95 % CI over trials; wins over Random / trials)", over_random)
    print()
    table("Mean surveillance value (mean ± 95 % CI)", mean_value)
    if a.timing:
        print("\nHeuristic mapping events' wall time, ms (median over trials of each trial's median; largest event)\n")
        print("| variant | median | worst |")
        print("|---|---:|---:|")
        for name, tr in runs.items():
            med = sorted(t["policy"]["heuristic_event_median_s"] for _, t in tr.values() if t and "policy" in t)
            worst = [t["policy"]["heuristic_event_max_s"] for _, t in tr.values() if t and "policy" in t]
            if med:
                print(f"| {name} | {1e3 * med[len(med) // 2]:.3f} | {1e3 * max(worst):.3f} |")


if __name__ == "__main__":
    main()
