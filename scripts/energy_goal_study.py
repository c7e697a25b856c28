#!/usr/bin/env python3
"""Energy goals over the time of day: what each variant of configs/experiments/energy-goal-tariff.yaml earned and
paid (docs/head-to-head.md, "Energy goals over the time of day").

    python3 scripts/energy_goal_study.py OUT [--figure PATH_WITHOUT_SUFFIX]

OUT holds one folder per variant ("POLICY linear", "POLICY tariff"). The tariff is the price list of the variants
whose run.energy_goal is {price: [...]} (their provenance.json), one price per equal slice of the budget period
from run.budget_start_s; every variant, the linear ones too, is charged by it. A trial's cost sums, over the
intervals of its energy.csv inside the measured window (run.warmup_s to run.measure_end_s), the energy of the
interval (kWh) times the price of its slice: exact when the samples fall on the slices' boundaries (hourly samples
and hourly prices), which the script checks. Prints, per variant, utility earned, energy (GJ), cost and utility
per unit of cost as mean +- the half-width of the 95 % interval; `--figure` draws each policy's mean power per
hour of the day, linear against tariff, under the price, and PATH.svg is written.
"""
import argparse
import csv
import json
import math
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from trial_stats import ci  # noqa: E402

J_PER_KWH = 3.6e6


def config_of(trial_dir):
    return json.loads((trial_dir / "provenance.json").read_text())["config"]


def run_seconds(config, key, default):
    return float(config.get("run", {}).get(key, default))


def tariff_of(config):
    goal = config.get("run", {}).get("energy_goal")
    if isinstance(goal, dict) and "price" in goal:
        return [float(p) for p in goal["price"]]
    return None


def interval_energy(energy_csv):
    """[(start_s, end_s, joules)] between consecutive rows of energy.csv."""
    rows = [(float(r["time_s"]), float(r["total_j"])) for r in csv.DictReader(open(energy_csv))]
    return [(t0, t1, e1 - e0) for (t0, e0), (t1, e1) in zip(rows, rows[1:])]


def trial_cost(intervals, prices, budget_start_s, period_s, window):
    """Cost of the intervals inside the window [start, end) under the price per slice; (cost, per-slice joules).
    ValueError if an interval inside the window crosses a slice boundary (the cost would not be exact)."""
    slice_s = period_s / len(prices)
    per_slice = [0.0] * len(prices)
    cost = 0.0
    for t0, t1, joules in intervals:
        if t0 < window[0] or t1 > window[1]:
            continue
        k0 = math.floor((t0 - budget_start_s) / slice_s + 1e-9)
        k1 = math.ceil((t1 - budget_start_s) / slice_s - 1e-9)
        if k1 - k0 != 1:
            raise ValueError(f"energy.csv interval [{t0:g}, {t1:g}) s is not inside one price slice of {slice_s:g} s")
        k = k0 % len(prices)
        per_slice[k] += joules
        cost += joules / J_PER_KWH * prices[k]
    return cost, per_slice


def read_study(out):
    """{variant: {"utility": [...], "energy_gj": [...], "cost": [...], "per_slice": [[...] per trial]}}, the
    tariff and the slice length."""
    folders = [f for f in sorted(pathlib.Path(out).iterdir()) if (f / "aggregate.json").exists()]
    tariff = None
    for f in folders:
        for t in sorted(f.glob("trial-*")):
            tariff = tariff or tariff_of(config_of(t))
    if tariff is None:
        raise SystemExit(f"{out}: no variant with run.energy_goal: {{price: [...]}}")
    study = {}
    period = None
    for f in folders:
        name = json.loads((f / "aggregate.json").read_text())["variant"]
        rows = {"utility": [], "energy_gj": [], "cost": [], "per_slice": []}
        for t in sorted(f.glob("trial-*")):
            if not (t / "summary.json").exists():
                continue
            config = config_of(t)
            summary = json.loads((t / "summary.json").read_text())
            period = run_seconds(config, "budget_period_s", 86400)
            window = (run_seconds(config, "warmup_s", 0), run_seconds(config, "measure_end_s", math.inf))
            cost, per_slice = trial_cost(interval_energy(t / "energy.csv"), tariff,
                                         run_seconds(config, "budget_start_s", 0), period, window)
            rows["utility"].append(summary["window"]["utility_earned"])
            rows["energy_gj"].append(summary["window"]["energy_j"] / 1e9)
            rows["cost"].append(cost)
            rows["per_slice"].append(per_slice)
        if rows["utility"]:
            study[name] = rows
    return study, tariff, period / len(tariff)


def fmt(values, digits):
    mean, half = ci(values)
    return f"{mean:.{digits}f}" if math.isnan(half) else f"{mean:.{digits}f} ± {half:.{digits}f}"


def table(study):
    lines = ["| variant | trials | utility earned | energy (GJ) | cost | utility per unit of cost |",
             "|---|---|---|---|---|---|"]
    for name, rows in study.items():
        per_cost = [u / c for u, c in zip(rows["utility"], rows["cost"])]
        lines.append(f"| {name} | {len(rows['utility'])} | {fmt(rows['utility'], 0)} | {fmt(rows['energy_gj'], 2)} "
                     f"| {fmt(rows['cost'], 0)} | {fmt(per_cost, 2)} |")
    return "\n".join(lines)


def draw(study, tariff, slice_s, path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    matplotlib.rcParams["svg.hashsalt"] = "rmsim"  # the same figure gives the same file
    matplotlib.rcParams["svg.fonttype"] = "none"  # text as text: smaller files

    policies = sorted({name.rsplit(" ", 1)[0] for name in study})
    fig, axes = plt.subplots(1, len(policies), figsize=(3.2 * len(policies), 3.6), sharey=True, squeeze=False)
    hours = [i * slice_s / 3600 for i in range(len(tariff))]
    for ax, policy in zip(axes[0], policies):
        for goal, style in (("linear", "--"), ("tariff", "-")):
            rows = study.get(f"{policy} {goal}")
            if not rows:
                continue
            mean_kw = [sum(t[k] for t in rows["per_slice"]) / len(rows["per_slice"]) / slice_s / 1e3
                       for k in range(len(tariff))]
            ax.step(hours, mean_kw, where="post", linestyle=style, label=goal)
        price_ax = ax.twinx()
        price_ax.step(hours, tariff, where="post", color="grey", alpha=0.5, linewidth=1)
        price_ax.set_ylim(0, max(tariff) * 2)
        price_ax.set_yticks([])
        ax.set_title(policy, fontsize=9)
        ax.set_xlabel("hour of the budget day")
        ax.grid(True, alpha=0.3)
    axes[0][0].set_ylabel("mean power (kW); grey: price")
    axes[0][0].legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(str(path) + ".svg", metadata={"Date": None})
    plt.close(fig)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--figure")
    args = parser.parse_args()
    study, tariff, slice_s = read_study(args.out)
    print(table(study))
    if args.figure:
        draw(study, tariff, slice_s, args.figure)
    return 0


if __name__ == "__main__":
    sys.exit(main())
