#!/usr/bin/env python3
"""The table of Tarplee Fig. 3.7 (docs/fidelity.md, "Tarplee"): the LP lower bound of the energy/makespan front as
idle power grows.

Reads OUT/idle-<f>/trial-<t>/pareto.csv of a `rmsim run configs/experiments/tarplee-ch3-idle-power.yaml` output
folder (f: idle power in % of each machine type's mean power). Per level, over the trials (mean +- 95 % CI): the
points of the lower bound (front `lp_lower_bound`, energy ascending), the makespan at its minimum-energy end, its
minimum makespan, the makespan span between the two (how far the front reaches in makespan), the minimum energy
and the energy at the minimum makespan. Then, trial by trial, whether the span shrinks and the minimum energy
grows from each level to the next, and whether the last level's front is one point at the minimum makespan of
the first level's. Last, per level, how the lower bound's points moved through rounding and local assignment
(Tarplee §3.4.3, Fig. 3.6: summary.json policy_stats.progression_*, summed over the trials).

    scripts/tarplee_idle_table.py results/tarplee-idle
"""
import argparse
import csv
import json
import pathlib

from trial_stats import ci

REL = 1e-9  # relative tolerance of "not larger" / "not lower" between levels


def lower_bound(path):
    """(energy J, makespan s) of the lower bound's points, in the file's order (energy ascending)."""
    with open(path, newline="") as f:
        rows = [r for r in csv.DictReader(f) if r["front"] == "lp_lower_bound"]
    rows.sort(key=lambda r: int(r["point"]))
    return [(float(r["energy_j"]), float(r["makespan_s"])) for r in rows]


def measures(front):
    (e_min, ms_at_e_min), (e_at_ms_min, ms_min) = front[0], front[-1]
    return {"points": len(front), "ms_at_e_min": ms_at_e_min, "ms_min": ms_min, "span": ms_at_e_min - ms_min,
            "e_min": e_min, "e_at_ms_min": e_at_ms_min}


PHASES = ["rounding_makespan", "rounding_energy", "assignment_makespan", "assignment_energy"]


def levels(out):
    """{f: {trial: measures}} of the idle-<f> folders with finished trials, f ascending; a trial's measures
    include the progression counts of its summary.json (0 where absent)."""
    found = {}
    for d in pathlib.Path(out).glob("idle-*"):
        f = float(d.name.split("-", 1)[1])
        per_trial = {}
        for t in sorted(d.glob("trial-*")):
            if (t / "pareto.csv").exists() and (t / "summary.json").exists():
                m = measures(lower_bound(t / "pareto.csv"))
                stats = json.loads((t / "summary.json").read_text()).get("policy_stats", {})
                for phase in PHASES:
                    for way in ("up", "down"):
                        m[f"{phase}_{way}"] = stats.get(f"progression_{phase}_{way}", 0)
                per_trial[int(t.name.split("-")[1])] = m
        if per_trial:
            found[f] = per_trial
    return dict(sorted(found.items()))


def cell(xs, scale=1.0, digits=1):
    m, h = ci([x / scale for x in xs])
    return f"{m:.{digits}f} ± {h:.{digits}f}" if h == h else f"{m:.{digits}f}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    runs = levels(ap.parse_args().out)
    if not runs:
        raise SystemExit("no idle-<f>/trial-<t>/pareto.csv under the folder")
    print("| idle power | trials | points | makespan at min. energy (s) | min. makespan (s) | makespan span (s) |"
          " min. energy (MJ) | energy at min. makespan (MJ) |")
    print("|---|---|---|---|---|---|---|---|")
    for f, per_trial in runs.items():
        col = {k: [m[k] for m in per_trial.values()] for k in per_trial[next(iter(per_trial))]}
        print(f"| {f:g} % | {len(per_trial)} | {cell(col['points'])} | {cell(col['ms_at_e_min'])} | "
              f"{cell(col['ms_min'])} | {cell(col['span'])} | {cell(col['e_min'], 1e6, 3)} | "
              f"{cell(col['e_at_ms_min'], 1e6, 3)} |")
    fs = list(runs)
    common = sorted(set.intersection(*(set(runs[f]) for f in fs)))
    for a, b in zip(fs, fs[1:]):
        # Within 1e-9 relative: a front that is one point has the same energy at every level up to rounding.
        shrinks = sum(runs[b][t]["span"] <= runs[a][t]["span"] + REL * runs[a][t]["ms_min"] for t in common)
        grows = sum(runs[b][t]["e_min"] >= runs[a][t]["e_min"] * (1 - REL) for t in common)
        print(f"{a:g} % -> {b:g} %: span not larger in {shrinks} of {len(common)} trials, "
              f"minimum energy not lower in {grows} of {len(common)} (within {REL:g} relative)")
    first, last = fs[0], fs[-1]
    single = sum(runs[last][t]["points"] == 1 for t in common)
    at_min = sum(abs(runs[last][t]["ms_at_e_min"] - runs[first][t]["ms_min"]) <= 1e-6 * runs[first][t]["ms_min"]
                 for t in common)
    print(f"{last:g} %: one point in {single} of {len(common)} trials; its makespan the {first:g} % front's minimum "
          f"makespan (within 1e-6) in {at_min} of {len(common)}")
    print("progression of the lower bound's points (up / down; the rest unchanged within 1e-9):")
    for f, per_trial in runs.items():
        total = lambda key: int(sum(m[key] for m in per_trial.values()))  # noqa: E731
        cells = [f"{phase.replace('_', ' ')} {total(phase + '_up')} / {total(phase + '_down')}" for phase in PHASES]
        print(f"  {f:g} %, {total('points')} points: " + "; ".join(cells))


if __name__ == "__main__":
    main()
