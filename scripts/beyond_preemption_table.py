#!/usr/bin/env python3
"""Tables of the "Beyond the papers: preemption of parallel tasks" study (docs/fidelity.md).

Reads OUT/<variant>/trial-<t>/summary.json and timing.json of `rmsim run` output folders and prints, per
point of the sweep: each variant's % of maximum utility and energy (mean +- 95 % CI over the trials), the
paired difference to a reference variant (default max-upe-ph) in points, the policy's preemption counts, and
the scheduler's wall time per mapping event (median of the trials' medians, max of their maxima).

    scripts/beyond_preemption_table.py results/beyond-preemption-burst [--reference max-upe-ph]
"""
import argparse
import pathlib
import statistics

from trial_stats import ci, trials


def point_of(folder_name):
    """The swept part of a variant's folder name (`upt-greedy_burst_size=16` -> `burst_size=16`)."""
    return folder_name.split("_", 1)[1] if "_" in folder_name else ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--reference", default="max-upe-ph")
    a = ap.parse_args()
    root = pathlib.Path(a.out)
    variants = {}
    for d in sorted(p for p in root.iterdir() if p.is_dir()):
        t = trials(d)
        if t:
            variants[d.name] = t
    points = sorted({point_of(name) for name in variants})
    for point in points:
        print(f"\n### {point or '(one point)'}\n")
        print("| variant | trials | % of max | paired vs " + a.reference + " (points) | energy (GJ) | "
              "urgent started / victims | event wall median / max (ms) |")
        print("|---|---|---|---|---|---|---|")
        ref_name = f"{a.reference}_{point}" if point else a.reference
        ref = variants.get(ref_name)
        for name, tr in variants.items():
            if point_of(name) != point:
                continue
            pct = [s["window"]["percent_of_maximum"] for s, _ in tr.values()]
            en = [s["window"]["energy_j"] / 1e9 for s, _ in tr.values()]
            m, h = ci(pct)
            em, eh = ci(en)
            paired = ""
            if ref and name != ref_name:
                diffs = [tr[k][0]["window"]["percent_of_maximum"] - ref[k][0]["window"]["percent_of_maximum"]
                         for k in tr if k in ref]
                dm, dh = ci(diffs)
                paired = f"{dm:+.2f} ± {dh:.2f}"
            pol = [s.get("policy_stats", {}) for s, _ in tr.values()]
            urgent = sum(p.get("urgent_started_by_preemption", 0) for p in pol) / len(pol)
            victims = sum(p.get("victims_preempted", 0) for p in pol) / len(pol)
            counts = f"{urgent:.0f} / {victims:.0f}" if any("victims_preempted" in p for p in pol) else "-"
            med = statistics.median(t["scheduler_wall_per_event_s"]["median"] for _, t in tr.values()) * 1e3
            mx = max(t["scheduler_wall_per_event_s"]["max"] for _, t in tr.values()) * 1e3
            label = name.split("_", 1)[0]
            print(f"| {label} | {len(tr)} | {m:.1f} ± {h:.1f} | {paired} | {em:.2f} ± {eh:.2f} | {counts} | "
                  f"{med:.2f} / {mx:.1f} |")


if __name__ == "__main__":
    main()
