#!/usr/bin/env python3
"""Per-trial figures of a Tarplee experiment's output folder (configs/experiments/tarplee-*.yaml) for
docs/fidelity.md: with lp-energy-front, Table 3.1's areas and how often their order holds, Table 3.2's (the
convex-fill area against the loose, convex and exhaustive lower bounds, with tighter_bounds), the relative area
(over the utopia-nadir box) with the weighted-sum and recovery times (§3.5.2); for each variant, mean +- 95 % CI
(Student's t) over trials of the simulated makespan and
energy, the allocation's predicted makespan and energy, the relative gap of the full allocation over the LP
bound, the policy's wall time (timing.json "policy"), and, against a reference variant, the per-trial ratio of
makespans and how many trials the reference was strictly better.

    scripts/tarplee_tables.py RESULTS_DIR [--reference PREFIX]

PREFIX selects the reference per group: a variant named "lp-makespan_method=cvb" is compared with the
variant whose name starts with PREFIX and has the same "_key=value" suffix."""
import argparse
import json
import math
import os
import statistics
import sys

from trial_stats import t95


def ci(values):
    """Mean and 95 % half-width; unlike trial_stats.ci, NaN for no values and a half-width of 0 for one."""
    if not values:
        return float("nan"), float("nan")
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, 0.0
    return m, t95(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))


def trials(folder):
    out = {}
    for name in sorted(os.listdir(folder)):
        if not name.startswith("trial-"):
            continue
        path = os.path.join(folder, name)
        with open(os.path.join(path, "summary.json")) as f:
            s = json.load(f)
        with open(os.path.join(path, "timing.json")) as f:
            t = json.load(f)
        out[int(name[6:])] = (s, t)
    return out


AREAS = ["area_nsga2_mj_s", "area_lp_mj_s", "area_nsga2_seeded_mj_s", "area_lp_fill_mj_s"]


def with_figures(data, variants, keys):
    """{variant: the policy_stats of its trials that have every one of `keys`}, variants without any left out."""
    out = {}
    for v in variants:
        stats = [s.get("policy_stats", {}) for s, _ in data[v].values()]
        stats = [p for p in stats if all(k in p for k in keys)]
        if stats:
            out[v] = stats
    return out


def figure_table(data, variants, fmt, keys, header, extra):
    """One row per variant with the figures `keys`: the mean +- CI of each, then the cells extra(stats)."""
    rows = with_figures(data, variants, keys)
    if not rows:
        return
    print(header)
    print("|---" * (header.count("|") - 1) + "|")
    for v, stats in rows.items():
        cells = [fmt(ci([p[k] for p in stats])) for k in keys] + extra(stats)
        print(f"| {v} | " + " | ".join(cells) + " |")
    print()


def area_table(data, variants, fmt):
    """Table 3.1: the areas of each upper bound (MJ s) and how often the dissertation's order holds."""
    def order(stats):
        full = sum(all(p[a] > p[b] for a, b in zip(AREAS, AREAS[1:])) for p in stats)
        pairs = ", ".join(str(sum(p[a] > p[b] for p in stats)) for a, b in zip(AREAS, AREAS[1:]))
        return [f"{full} of {len(stats)}", pairs]
    figure_table(data, variants, fmt, AREAS, "| variant | NSGA-II | LP-based | NSGA-II seeded | LP with convex fill | "
                 "trials in Table 3.1's order | pairs in order |", order)


BOUNDS = ["area_lp_fill_mj_s", "area_fill_convex_mj_s", "area_fill_exhaustive_mj_s"]


def bounds_table(data, variants, fmt):
    """Table 3.2: the convex-fill area (MJ s) against the loose, convex (§3.7) and exhaustive lower bounds, and
    in how many trials the convex bound is strictly tighter than the loose one and the exhaustive than the convex."""
    def tighter(stats):
        return [str(len(stats))] + [str(sum(p[b] < p[a] for p in stats)) for a, b in zip(BOUNDS, BOUNDS[1:])]
    figure_table(data, variants, fmt, BOUNDS, "| variant | loose | convex | exhaustive | trials | convex < loose | "
                 "exhaustive < convex |", tighter)


def relative_table(data, variants, fmt):
    """§3.5.2: the relative area (the convex-fill upper bound's area over the utopia-nadir box) and the time of
    the weighted sums and of the recovery (rounding and local assignment of every point)."""
    if not any("area_box_mj_s" in s.get("policy_stats", {}) for v in variants for s, _ in data[v].values()):
        return
    print("| variant | trials | relative area | weighted sums (s) | rounding + local assignment (s) |")
    print("|---|---|---|---|---|")
    for v in variants:
        rows = [(s["policy_stats"], t.get("policy", {})) for s, t in data[v].values()
                if s.get("policy_stats", {}).get("area_box_mj_s", 0) > 0]
        if not rows:
            continue
        rel = [p["area_lp_fill_mj_s"] / p["area_box_mj_s"] for p, _ in rows]
        ws = [t.get("weighted_sum_s", float("nan")) for _, t in rows]
        rec = [t.get("recovery_s", float("nan")) for _, t in rows]
        print(f"| {v} | {len(rows)} | {fmt(ci(rel))} | {fmt(ci(ws))} | {fmt(ci(rec))} |")
    print()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("results")
    ap.add_argument("--reference", default="lp-makespan")
    a = ap.parse_args()
    variants = sorted(d for d in os.listdir(a.results) if os.path.isdir(os.path.join(a.results, d)))
    if not variants:
        sys.exit(f"{a.results}: no variant folders")
    data = {v: trials(os.path.join(a.results, v)) for v in variants}
    fmt = lambda mc: f"{mc[0]:.4g} ± {mc[1]:.2g}"
    area_table(data, variants, fmt)
    bounds_table(data, variants, fmt)
    relative_table(data, variants, fmt)
    print("| variant | trials | makespan (s) | predicted (s) | energy (J) | predicted (J) | full over LP bound | policy wall (s) |")
    print("|---|---|---|---|---|---|---|---|")
    for v in variants:
        rows = data[v].values()
        ms = [s["time"]["makespan_s"] for s, _ in rows]
        pm = [s.get("policy_stats", {}).get("predicted_makespan_s", float("nan")) for s, _ in rows]
        en = [s["energy"]["total_j"] for s, _ in rows]
        pe = [s.get("policy_stats", {}).get("predicted_energy_j", float("nan")) for s, _ in rows]
        gap = [100 * (s["policy_stats"]["predicted_makespan_s"] / s["policy_stats"]["lp_bound_makespan_s"] - 1)
               for s, _ in rows if "lp_bound_makespan_s" in s.get("policy_stats", {})]
        wall = [sum(t.get("policy", {}).values()) for _, t in rows]
        g = fmt(ci(gap)) + " %" if gap else "—"
        print(f"| {v} | {len(ms)} | {fmt(ci(ms))} | {fmt(ci(pm))} | {fmt(ci(en))} | {fmt(ci(pe))} | {g} | {fmt(ci(wall))} |")
    print()
    print("| variant | reference | makespan / reference's (per trial) | trials the reference is shorter | policy wall / reference's |")
    print("|---|---|---|---|---|")
    for v in variants:
        if v.startswith(a.reference):
            continue
        suffix = v[v.index("_"):] if "_" in v else ""
        ref = next((r for r in variants if r.startswith(a.reference) and r.endswith(suffix)), None)
        if ref is None:
            continue
        common = sorted(set(data[v]) & set(data[ref]))
        ratio = [data[v][k][0]["time"]["makespan_s"] / data[ref][k][0]["time"]["makespan_s"] for k in common]
        better = sum(data[ref][k][0]["time"]["makespan_s"] < data[v][k][0]["time"]["makespan_s"] for k in common)
        wr = [sum(data[v][k][1].get("policy", {}).values()) / max(1e-12, sum(data[ref][k][1].get("policy", {}).values()))
              for k in common]
        print(f"| {v} | {ref} | {fmt(ci(ratio))} | {better} of {len(common)} | {fmt(ci(wr))} |")


if __name__ == "__main__":
    main()
