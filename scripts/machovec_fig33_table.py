#!/usr/bin/env python3
"""Machovec Ch.3 Fig. 33 (the testbed, simulated): the table of docs/fidelity.md from a run of
configs/experiments/machovec-fig33.yaml.

    scripts/machovec_fig33_table.py results/machovec-fig33

Per energy cap: each heuristic's utility earned (mean +- 95 % CI over the trials), its utility relative to
Max UPR's at the same cap (the mean of the per-trial ratios, paired: every variant's trial t runs the same
workload), and its energy as a share of the cap.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from trial_stats import ci, trials  # noqa: E402

POLICIES = ["easy", "max-upr-ph", "max-upe-ph", "event-based-ph"]
CAPS = ["0", "2.72e6", "2.31e6", "1.90e6"]


def main():
    out = pathlib.Path(sys.argv[1])
    runs = {(p, c): trials(out / f"{p}_energy_budget_j={c}") for p in POLICIES for c in CAPS}
    print("| cap | heuristic | utility earned | vs Max UPR (paired) | energy (MJ) | energy / cap |")
    print("|---|---|---:|---:|---:|---:|")
    for c in CAPS:
        ref = runs[("max-upr-ph", c)]
        for p in POLICIES:
            r = runs[(p, c)]
            ts = sorted(set(r) & set(ref))
            if not ts:
                continue
            u = [r[t][0]["utility"]["earned"] for t in ts]
            e = [r[t][0]["energy"]["total_j"] for t in ts]
            ratio = [100 * (r[t][0]["utility"]["earned"] / ref[t][0]["utility"]["earned"] - 1) for t in ts]
            um, uh = ci(u)
            rm, rh = ci(ratio)
            em, eh = ci(e)
            cap = float(c)
            share = "-" if cap == 0 else "%.1f ± %.1f %%" % tuple(100 * x / cap for x in ci(e))
            print(f"| {c} | {p} | {um:.1f} ± {uh:.1f} | {rm:+.1f} ± {rh:.1f} % | {em / 1e6:.3f} ± {eh / 1e6:.3f} | {share} |")


if __name__ == "__main__":
    main()
