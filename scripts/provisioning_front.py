#!/usr/bin/env python3
"""Draws the provisioning front of Tarplee Ch.5 §5.8 that `bench_tarplee_provisioning e3-front --out DIR`
writes: expected reward rate against expected power, each point with its 95 % confidence ellipse (Eq. 60).

    scripts/provisioning_front.py DIR OUT_STEM     # writes OUT_STEM.svg and OUT_STEM.png
    (docs/tarplee/e3-front.svg: build/bench_tarplee_provisioning e3-front --scenarios 1000 --steps 21 --out D)

Exit 2 with a message when DIR lacks front.csv or ellipses.csv or they are malformed."""
import csv
import os
import sys

import matplotlib

matplotlib.use("Agg")
matplotlib.rcParams["svg.hashsalt"] = "rmsim"  # reproducible SVGs (fixed element ids)
import matplotlib.pyplot as plt  # noqa: E402


def fail(message):
    print("provisioning_front: " + message, file=sys.stderr)
    sys.exit(2)


def read_rows(path, columns):
    if not os.path.isfile(path):
        fail(path + ": no such file (run bench_tarplee_provisioning e3-front --out DIR first)")
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    for n, r in enumerate(rows, start=2):
        for c in columns:
            try:
                float(r[c])
            except (KeyError, TypeError, ValueError):
                fail("%s:%d: column %s is missing or not a number" % (path, n, c))
    return rows


def main():
    if len(sys.argv) != 3:
        fail("usage: provisioning_front.py DIR OUT_STEM")
    src, stem = sys.argv[1], sys.argv[2]
    front = read_rows(os.path.join(src, "front.csv"), ["point", "reward_rate", "power_w"])
    ellipses = read_rows(os.path.join(src, "ellipses.csv"), ["point", "reward_rate", "power_w"])
    if not front:
        fail(os.path.join(src, "front.csv") + ": no points")
    fig, ax = plt.subplots(figsize=(6.4, 4.0))
    xs = [float(r["power_w"]) / 1e3 for r in front]
    ys = [float(r["reward_rate"]) for r in front]
    ax.plot(xs, ys, marker="o", ms=3, lw=1.2, label="RP front (orthogonal weighted sum)")
    by_point = {}
    for r in ellipses:
        by_point.setdefault(r["point"], []).append((float(r["power_w"]) / 1e3, float(r["reward_rate"])))
    for n, (_, pts) in enumerate(sorted(by_point.items(), key=lambda kv: int(kv[0]))):
        pts = pts + pts[:1]
        ax.plot([p[0] for p in pts], [p[1] for p in pts], color="C3", lw=0.8,
                label="95 % confidence region (Eq. 60)" if n == 0 else None)
    ax.set_xlabel("expected power (kW)")
    ax.set_ylabel("expected reward rate (tasks/s)")
    ax.set_title("Tarplee Ch.5 §5.8, E3: reward rate against power (rmsim)", fontsize=9)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    for ext in ("svg", "png"):
        fig.savefig(stem + "." + ext, metadata={"Date": None} if ext == "svg" else {"Software": None})
    print("provisioning_front: wrote %s.svg and %s.png" % (stem, stem))


if __name__ == "__main__":
    main()
