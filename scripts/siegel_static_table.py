#!/usr/bin/env python3
"""Tables of the Siegel §3 static study (docs/fidelity.md, "Siegel: stochastic robustness", "Static study").

Reads OUT/<variant>/trial-<t>/summary.json of a `rmsim run configs/experiments/siegel-static.yaml` output
folder and prints: per heuristic the predicted expected energy and robustness psi (the mapping's, from the
PMFs), the trials that met the deadline delta on the modeled hardware, the measured energy and the measured
minus predicted energy (mean +- 95 % CI over the trials; a relative difference is taken trial by trial, then
averaged); then the paired comparisons behind the claims (trial t of every heuristic maps the same tasks and
PMFs).

    scripts/siegel_static_table.py results/siegel-static
"""
import argparse

from trial_stats import ci, variant_runs

LABELS = [
    ("min-min-p0", "Min-Min P0"),
    ("min-min-p1", "Min-Min P1"),
    ("min-min-p2", "Min-Min P2"),
    ("min-min-p3", "Min-Min P3"),
    ("min-min-p4", "Min-Min P4"),
    ("ga", "GA"),
    ("tabu", "Tabu"),
    ("tree-search", "Tree search"),
]
MIN_MIN = [name for name, _ in LABELS if name.startswith("min-min")]
R = 0.9  # the robustness constraint psi >= R of the config


def stat(s, key):
    return s["policy_stats"][key]


def percent_diff(runs, a, b, key):
    """Per trial 100 * (a / b - 1) of predicted expected energy; the trials both have."""
    common = sorted(set(runs[a]) & set(runs[b]))
    return [100 * (stat(runs[a][t][0], key) / stat(runs[b][t][0], key) - 1) for t in common]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    runs = variant_runs(ap.parse_args().out, [name for name, _ in LABELS])
    energy_key = "predicted_expected_energy_j"

    deadlines = [stat(s, "deadline_s") for tr in runs.values() for s, _ in tr.values()]
    n = max(len(tr) for tr in runs.values())
    print(f"{n} trials; delta {min(deadlines):,.0f}-{max(deadlines):,.0f} s by trial\n")
    print("| heuristic | predicted expected energy (MJ) | predicted psi | met delta | measured energy (MJ) | "
          "measured - predicted energy |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, label in LABELS:
        tr = runs.get(name)
        if not tr:
            continue
        ss = [s for s, _ in tr.values()]
        pe = ci([stat(s, energy_key) / 1e6 for s in ss])
        psi = [stat(s, "predicted_robustness") for s in ss]
        pm = ci(psi)
        met = sum(stat(s, "deadline_met") >= 1 for s in ss)
        me = ci([s["energy"]["total_j"] / 1e6 for s in ss])
        md = ci([100 * (s["energy"]["total_j"] / stat(s, energy_key) - 1) for s in ss])
        print(f"| {label} | {pe[0]:.3f} ± {pe[1]:.3f} | {pm[0]:.4f} ± {pm[1]:.4f} (min {min(psi):.4g}, "
              f"max {max(psi):.4g}) | {met} / {len(ss)} | {me[0]:.3f} ± {me[1]:.3f} | {md[0]:+.2f} ± {md[1]:.2f} % |")

    print("\n| paired, predicted expected energy | trials | mean ± 95 % CI | trials with a < b |")
    print("|---|---:|---:|---:|")
    pairs = [("GA vs Min-Min " + p[-2:].upper(), "ga", p) for p in MIN_MIN]
    pairs += [("Tabu vs GA", "tabu", "ga"), ("Tree search vs GA", "tree-search", "ga"),
              ("Tabu vs Min-Min P1", "tabu", "min-min-p1"), ("Tree search vs Min-Min P1", "tree-search", "min-min-p1")]
    pairs += [("Min-Min P1 vs P0", "min-min-p1", "min-min-p0"), ("Min-Min P2 vs P1", "min-min-p2", "min-min-p1"),
              ("Min-Min P4 vs P0", "min-min-p4", "min-min-p0")]
    for label, x, y in pairs:
        if x not in runs or y not in runs:
            continue
        d = percent_diff(runs, x, y, energy_key)
        m, h = ci(d)
        print(f"| {label} | {len(d)} | {m:+.2f} ± {h:.2f} % | {sum(v < 0 for v in d)} of {len(d)} |")

    if "ga" in runs and all(p in runs for p in MIN_MIN):
        def ga_below(t, feasible_only):
            seeds = [runs[p][t][0] for p in MIN_MIN if t in runs[p]]
            if feasible_only:  # the claim is among the mappings that meet the constraint
                seeds = [x for x in seeds if stat(x, "predicted_robustness") >= R]
            return all(stat(runs["ga"][t][0], energy_key) < stat(x, energy_key) for x in seeds)

        count = len(runs["ga"])
        print(f"\nGA below every Min-Min in {sum(ga_below(t, False) for t in runs['ga'])} of {count} trials")
        print(f"GA below every Min-Min with psi >= {R} in {sum(ga_below(t, True) for t in runs['ga'])} of {count} "
              "trials")
    order = [p for p in MIN_MIN if p in runs]
    falls = 0
    common = set.intersection(*(set(runs[p]) for p in order)) if order else set()
    for t in common:
        psi = [stat(runs[p][t][0], "predicted_robustness") for p in order]
        falls += all(x >= y for x, y in zip(psi, psi[1:]))
    print(f"psi falls monotonically P0 -> P4 (non-increasing) in {falls} of {len(common)} trials")
    # Executed against predicted robustness: did the hardware meet delta, by the mapping's psi?
    buckets = {f"psi >= {R}": [0, 0], f"0.1 < psi < {R}": [0, 0], "psi <= 0.1": [0, 0]}
    for tr in runs.values():
        for s, _ in tr.values():
            psi = stat(s, "predicted_robustness")
            key = f"psi >= {R}" if psi >= R else "psi <= 0.1" if psi <= 0.1 else f"0.1 < psi < {R}"
            buckets[key][0] += stat(s, "deadline_met") >= 1
            buckets[key][1] += 1
    print("met delta, all heuristics: " +
          "; ".join(f"{k}: {met} of {of}" for k, (met, of) in buckets.items()))


if __name__ == "__main__":
    main()
