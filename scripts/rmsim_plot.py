#!/usr/bin/env python3
"""The figures of an rmsim results folder, as SVG and PNG (matplotlib): what `rmsim plot RUN_DIR` runs.

    rmsim plot RUN_DIR [--config CONFIG] [--paper] [--out DIR]      (docs/outputs.md, "Figures")

- A config with variants (comparison.csv): the figure of the config's `figure:` section (passed by rmsim as
  --figure-json; docs/experiments.md, "Figures"): kind line (x = a swept key, one series per variant, 95 % CI
  bands and error bars), bar (one bar per variant, or grouped by a swept key, with 95 % CI error bars) or front
  (each variant's Pareto fronts, pareto.csv of trial 0). Without a figure: bars of comparison.md's metrics.
  With --paper, the paper's printed values (figure.paper_values) as black markers.
- A single run (summary.json, energy.csv, pstates.csv): the machine's power over time and the P-state
  residency of the cores. Several trials (aggregate.json): those of trial 0.

The figures go to RUN_DIR/figures (or --out) as NAME.svg and NAME.png; a comparison.md in RUN_DIR gains (or
has replaced) a "Figures" section that shows them. Exit 2 for bad input (no results, no matplotlib).
"""
import argparse
import csv
import json
import math
import os
import re
import sys

FIGURES_HEADING = "## Figures"


def fail(message):
    print("rmsim: plot: " + message, file=sys.stderr)
    sys.exit(2)


try:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    fail("matplotlib is missing for %s (scripts/install-deps.sh installs python3-matplotlib)" % sys.executable)

# Reproducible SVGs: no date in the metadata, fixed element ids; text kept as text (small, searchable).
matplotlib.rcParams["svg.hashsalt"] = "rmsim"
matplotlib.rcParams["svg.fonttype"] = "none"  # text as text: smaller files
matplotlib.rcParams["font.size"] = 9


def number(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def shorten_paths(svg):
    """Path and marker coordinates to 2 decimals (a hundredth of a point): smaller files, the same picture."""
    with open(svg) as f:
        text = f.read()
    text = re.sub(r' d="([^"]*)"', lambda m: ' d="' + re.sub(r"(\.\d\d)\d+", r"\1", m.group(1)) + '"', text)
    text = re.sub(r' ([xy])="(-?\d+\.\d\d)\d+"', r' \1="\2"', text)
    with open(svg, "w") as f:
        f.write(text)


def save(fig, out_dir, stem):
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    for ext, meta in (("svg", {"Date": None}), ("png", {})):
        path = os.path.join(out_dir, stem + "." + ext)
        fig.savefig(path, metadata=meta, bbox_inches="tight", dpi=110)
        if ext == "svg":
            shorten_paths(path)
        paths.append(path)
    plt.close(fig)
    return paths[0]


def panels(count, width=6.4, height=3.6):
    cols = 1 if count == 1 else 2
    rows = math.ceil(count / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(width * cols if cols > 1 else width, height * rows), squeeze=False)
    flat = [a for row in axes for a in row]
    for a in flat[count:]:
        a.set_visible(False)
    return fig, flat[:count]


# ---------------------------------------------------------------- configs with variants (comparison.csv)


class Comparison:
    """comparison.csv: per variant and metric the mean and 95 % CI; the swept keys' columns."""

    def __init__(self, path):
        with open(path, newline="") as f:
            reader = csv.DictReader(f)
            cols = reader.fieldnames
            self.swept = cols[cols.index("policy") + 1 : cols.index("metric")]
            self.rows = list(reader)
        self.variants = []
        for r in self.rows:
            if r["variant"] not in self.variants:
                self.variants.append(r["variant"])

    def row(self, variant, metric):
        for r in self.rows:
            if r["variant"] == variant and r["metric"] == metric:
                return r
        return None

    def value(self, variant, key):
        for r in self.rows:
            if r["variant"] == variant:
                return r.get(key)
        return None


def series_of(variant, key):
    """The variant's name without the `last-part-of-key=value` part of the swept key `key`."""
    part = key.split(".")[-1] + "="
    kept = [t for t in variant.split(" ") if not t.startswith(part)]
    return " ".join(kept) or "all"


def paper_points(figure, metric, first_metric):
    points = []
    for p in figure.get("paper_values", []):
        if p.get("metric", first_metric) == metric:
            points.append(p)
    return points


def metric_label(figure, metric, count):
    if count == 1 and figure.get("y_label"):
        return figure["y_label"]
    return metric


def line_figure(cmp, figure, paper):
    x_key = figure["x"]
    metrics = figure["metrics"]
    fig, axes = panels(len(metrics))
    series = []
    for v in cmp.variants:
        s = series_of(v, x_key)
        if s not in series:
            series.append(s)
    xs_text = []
    for v in cmp.variants:
        t = cmp.value(v, x_key)
        if t not in xs_text:
            xs_text.append(t)
    numeric = all(number(t) is not None for t in xs_text)
    position = {t: (number(t) if numeric else i) for i, t in enumerate(xs_text)}
    colors = {}
    for ax, metric in zip(axes, metrics):
        for s in series:
            pts = []
            for v in cmp.variants:
                if series_of(v, x_key) != s:
                    continue
                r = cmp.row(v, metric)
                if r is None or number(r["mean"]) is None:
                    continue
                pts.append((position[cmp.value(v, x_key)], float(r["mean"]), number(r["ci95"]) or 0.0))
            if not pts:
                continue
            pts.sort()
            x = [p[0] for p in pts]
            y = [p[1] for p in pts]
            e = [p[2] for p in pts]
            line = ax.errorbar(x, y, yerr=e, marker="o", ms=3, capsize=2, lw=1.2, label=s, color=colors.get(s))
            colors[s] = line[0].get_color()
            ax.fill_between(x, [a - b for a, b in zip(y, e)], [a + b for a, b in zip(y, e)], alpha=0.12,
                            color=colors[s], lw=0)
        if paper:
            for p in paper_points(figure, metric, metrics[0]):
                xp = position.get(p.get("x"), number(p.get("x")) if numeric else None)
                if xp is None:
                    continue
                ax.plot([xp], [float(p["value"])], marker="x", ms=7, mew=2, ls="none", color="black",
                        zorder=5)
        if not numeric:
            ax.set_xticks(range(len(xs_text)))
            ax.set_xticklabels(xs_text)
        ax.set_xlabel(figure.get("x_label", x_key))
        ax.set_ylabel(metric_label(figure, metric, len(metrics)))
        ax.grid(True, alpha=0.3)
    handles, labels = axes[0].get_legend_handles_labels()
    if paper and figure.get("paper_values"):
        handles.append(plt.Line2D([], [], marker="x", ms=7, mew=2, ls="none", color="black"))
        labels.append("paper")
    fig.legend(handles, labels, loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=min(5, len(labels)),
               frameon=False)
    return fig


def bar_figure(cmp, figure, paper):
    metrics = figure["metrics"]
    x_key = figure.get("x", "variant")
    fig, axes = panels(len(metrics), width=max(6.4, 0.45 * len(cmp.variants) + 2))
    for ax, metric in zip(axes, metrics):
        if x_key == "variant":
            names, means, errs = [], [], []
            for v in cmp.variants:
                r = cmp.row(v, metric)
                names.append(v)
                means.append(number(r["mean"]) if r else float("nan"))
                errs.append((number(r["ci95"]) or 0.0) if r else 0.0)
            pos = list(range(len(names)))
            ax.bar(pos, means, yerr=errs, capsize=2, color="C0", alpha=0.85)
            ax.set_xticks(pos)
            ax.set_xticklabels(names, rotation=60, ha="right")
            if paper:
                for p in paper_points(figure, metric, metrics[0]):
                    if p["series"] in names:
                        ax.plot([names.index(p["series"])], [float(p["value"])], marker="x", ms=7, mew=2,
                                color="black", ls="none", zorder=5)
        else:
            groups, series = [], []
            for v in cmp.variants:
                g, s = cmp.value(v, x_key), series_of(v, x_key)
                if g not in groups:
                    groups.append(g)
                if s not in series:
                    series.append(s)
            width = 0.8 / len(series)
            for i, s in enumerate(series):
                means, errs = [], []
                for g in groups:
                    r = next((cmp.row(v, metric) for v in cmp.variants
                              if cmp.value(v, x_key) == g and series_of(v, x_key) == s), None)
                    means.append(number(r["mean"]) if r else float("nan"))
                    errs.append((number(r["ci95"]) or 0.0) if r else 0.0)
                pos = [j - 0.4 + width * (i + 0.5) for j in range(len(groups))]
                ax.bar(pos, means, width, yerr=errs, capsize=2, label=s)
                if paper:
                    for p in paper_points(figure, metric, metrics[0]):
                        if p["series"] == s and p.get("x") in groups:
                            ax.plot([pos[groups.index(p["x"])]], [float(p["value"])], marker="x", ms=7, mew=2,
                                    color="black", ls="none", zorder=5)
            ax.set_xticks(range(len(groups)))
            ax.set_xticklabels(groups)
            ax.set_xlabel(figure.get("x_label", x_key))
            ax.legend(fontsize=7)
        if x_key == "variant" and figure.get("x_label"):
            ax.set_xlabel(figure["x_label"])
        ax.set_ylabel(metric_label(figure, metric, len(metrics)))
        ax.grid(True, axis="y", alpha=0.3)
    return fig


def variant_folders(run_dir):
    """{variant name: folder} from each variant folder's provenance.json (its trial 0's)."""
    found = {}
    for entry in sorted(os.listdir(run_dir)):
        folder = os.path.join(run_dir, entry)
        for prov in (os.path.join(folder, "trial-0", "provenance.json"), os.path.join(folder, "provenance.json")):
            if os.path.isfile(prov):
                with open(prov) as f:
                    found[json.load(f).get("variant", entry)] = folder
                break
    return found


def read_pareto(path):
    fronts = {}
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            fronts.setdefault(r["front"], []).append((float(r["energy_j"]) / 1e6, float(r["makespan_s"])))
    return fronts


FRONT_STYLE = {
    "lp_lower_bound": dict(marker="o", ms=3, lw=1.5),
    "lp_convex_fill": dict(marker="+", ms=3, ls="none"),
    "executed": dict(marker="D", ms=6, ls="none"),
    "profit_lp": dict(marker="D", ms=6, ls="none"),
}


def draw_fronts(ax, fronts, title):
    for name, pts in fronts.items():
        pts = sorted(pts)
        style = FRONT_STYLE.get(name, dict(drawstyle="steps-post", lw=1.2))
        ax.plot([p[0] for p in pts], [p[1] for p in pts], label=name.replace("_", " "), **style)
    ax.set_title(title, fontsize=9)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=7)


def front_figure(run_dir, variants, figure):
    folders = variant_folders(run_dir)
    drawn = []
    for v in variants:
        folder = folders.get(v)
        if folder is None:
            continue
        for p in (os.path.join(folder, "trial-0", "pareto.csv"), os.path.join(folder, "pareto.csv")):
            if os.path.isfile(p):
                drawn.append((v, read_pareto(p)))
                break
    if not drawn:
        fail(run_dir + ": no pareto.csv in the variants' trial 0 (figure kind front)")
    fig, axes = panels(len(drawn))
    for ax, (v, fronts) in zip(axes, drawn):
        draw_fronts(ax, fronts, v)
        ax.set_xlabel(figure.get("x_label", "energy (MJ)"))
        ax.set_ylabel(figure.get("y_label", "makespan (s)"))
    return fig


def markdown_metrics(run_dir):
    """The metric columns of comparison.md's first table (the config's compare.metrics)."""
    path = os.path.join(run_dir, "comparison.md")
    if os.path.isfile(path):
        with open(path) as f:
            for line in f:
                if line.startswith("| variant | policy |"):
                    return [c.strip() for c in line.strip().strip("|").split("|")[2:]]
    return ["tasks.completed", "energy.total_j"]


def plot_variants(run_dir, out_dir, spec, paper):
    cmp = Comparison(os.path.join(run_dir, "comparison.csv"))
    figure = spec.get("figure")
    title = spec.get("name", "")
    if figure is None:
        metrics = spec.get("compare_metrics") or markdown_metrics(run_dir)
        figure = {"kind": "bar", "metrics": metrics, "paper": title or os.path.basename(os.path.abspath(run_dir))}
    kind = figure["kind"]
    if kind == "line":
        fig = line_figure(cmp, figure, paper)
    elif kind == "bar":
        fig = bar_figure(cmp, figure, paper)
    else:
        fig = front_figure(run_dir, cmp.variants, figure)
    fig.suptitle(figure["paper"] + ("\n" + title if title and title != figure["paper"] else ""), fontsize=10)
    fig.tight_layout()
    caption = figure["paper"] + (" (rmsim, 95 % confidence intervals)" if kind != "front" else " (rmsim, trial 0)")
    return [(caption, save(fig, out_dir, "figure"))]


# ---------------------------------------------------------------- a single run (summary.json, energy.csv, ...)


def time_axis(seconds):
    end = max(seconds) if seconds else 0
    if end > 2 * 86400:
        return 86400.0, "time (days)"
    if end > 2 * 3600:
        return 3600.0, "time (h)"
    return 1.0, "time (s)"


def power_figure(run):
    rows = []
    with open(os.path.join(run, "energy.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    if not rows:
        return None
    t = [float(r["time_s"]) for r in rows]
    scale, label = time_axis(t)
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    for col in ("core_dynamic_w", "core_static_w", "uncore_w", "node_base_w", "total_w"):
        ax.step([x / scale for x in t], [float(r[col]) / 1e3 for r in rows], where="post", label=col[:-2],
                lw=2 if col == "total_w" else 1)
    ax.set_xlabel(label)
    ax.set_ylabel("machine power (kW), sampled")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=7)
    return fig


def pstate_figure(run):
    """Core-seconds per P-state of the cores that switched at least once (the others stay at P0)."""
    with open(os.path.join(run, "summary.json")) as f:
        end = float(json.load(f)["time"]["simulated_s"])
    state = {}  # (node, core) -> (P-state, since)
    seconds = {}
    with open(os.path.join(run, "pstates.csv"), newline="") as f:
        for r in csv.DictReader(f):
            at = min(float(r["effective_s"]), end)
            for core in range(int(r["core_first"]), int(r["core_last"]) + 1):
                key = (int(r["node"]), core)
                p, since = state.get(key, (0, 0.0))
                seconds[p] = seconds.get(p, 0.0) + max(0.0, at - since)
                state[key] = (int(r["pstate"]), max(at, since))
    for p, since in state.values():
        seconds[p] = seconds.get(p, 0.0) + max(0.0, end - since)
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    total = sum(seconds.values())
    if total > 0:
        ps = sorted(seconds)
        ax.bar(["P%d" % p for p in ps], [100.0 * seconds[p] / total for p in ps], color="C2")
        ax.set_title("%d cores switched P-state" % len(state), fontsize=9)
    else:
        ax.text(0.5, 0.5, "no P-state switch: every core at P0", ha="center", va="center",
                transform=ax.transAxes)
    ax.set_ylabel("share of core time (%)")
    ax.grid(True, axis="y", alpha=0.3)
    return fig


def single_front_figure(run):
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    draw_fronts(ax, read_pareto(os.path.join(run, "pareto.csv")), "")
    ax.set_xlabel("energy (MJ)")
    ax.set_ylabel("makespan (s)")
    return fig


def read_batsim_jobs(run):
    """The started jobs of batsim_jobs.csv (run.formats: [batsim]): (start, finish, submit, cores, profile)."""
    jobs = []
    with open(os.path.join(run, "batsim_jobs.csv"), newline="") as f:
        for r in csv.DictReader(f):
            if not r["starting_time"]:
                jobs.append((None, None, float(r["submission_time"]), [], r["profile"]))
                continue
            cores = []
            for part in r["allocated_resources"].split():
                lo, _, hi = part.partition("-")
                cores.extend(range(int(lo), int(hi or lo) + 1))
            finish = float(r["finish_time"]) if r["finish_time"] else None
            jobs.append((float(r["starting_time"]), finish, float(r["submission_time"]), cores, r["profile"]))
    return jobs


def run_end(run):
    with open(os.path.join(run, "summary.json")) as f:
        return float(json.load(f)["time"]["simulated_s"])


def gantt_figure(run):
    """Each job's cores over its run (a job still running at the end is drawn to the end), coloured by its
    profile (the task type), or job by job when all have one."""
    end = run_end(run)
    jobs = [j for j in read_batsim_jobs(run) if j[0] is not None]
    if not jobs:
        return None
    scale, label = time_axis([end])
    fig, ax = plt.subplots(figsize=(8, 4.5))
    colours = {}
    by_type = len({j[4] for j in jobs}) > 1
    for i, (start, finish, _, cores, profile) in enumerate(jobs):
        colour = colours.setdefault(profile, "C%d" % (len(colours) % 10)) if by_type else "C%d" % (i % 10)
        # One bar per run of consecutive cores.
        first = prev = None
        for c in cores + [None]:
            if first is not None and (c is None or c != prev + 1):
                ax.broken_barh([(start / scale, ((finish if finish is not None else end) - start) / scale)],
                               (first - 0.45, prev - first + 0.9), facecolors=colour, edgecolors="black",
                               linewidth=0.2)
                first = None
            if c is not None and first is None:
                first = c
            prev = c
    ax.set_xlabel(label)
    ax.set_ylabel("core (Batsim resource id)")
    if by_type and len(colours) <= 10:
        from matplotlib.patches import Patch
        ax.legend(handles=[Patch(color=c, label="type " + p) for p, c in sorted(colours.items())], fontsize=7,
                  loc="upper right")
    return fig


def load_figure(run):
    """Cores busy (of those up to the largest core id any job ran on) and jobs waiting, over time: a step
    function of every start, finish and submission."""
    end = run_end(run)
    jobs = read_batsim_jobs(run)
    total = 1 + max((max(j[3]) for j in jobs if j[3]), default=0)
    events_busy, events_queue = [], []
    for start, finish, submit, cores, _ in jobs:
        events_queue.append((submit, 1))
        if start is not None:
            events_queue.append((start, -1))
            events_busy.append((start, len(cores)))
            if finish is not None:
                events_busy.append((finish, -len(cores)))
    if not events_queue:
        return None

    def steps(events):
        merged = {}  # every change at one instant taken together (no spike of zero width)
        for at, d in events:
            merged[at] = merged.get(at, 0) + d
        t, v, level = [0.0], [0], 0
        for at in sorted(merged):
            level += merged[at]
            t.append(at)
            v.append(level)
        t.append(end)
        v.append(level)
        return t, v

    scale, label = time_axis([end])
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(6.4, 5.0), sharex=True)
    t, v = steps(events_busy)
    top.step([x / scale for x in t], [100.0 * x / total for x in v], where="post", color="C0")
    top.set_ylabel("cores busy (%%, of %d)" % total)
    top.set_ylim(0, 105)
    top.grid(True, alpha=0.3)
    t, v = steps(events_queue)
    bottom.step([x / scale for x in t], v, where="post", color="C3")
    bottom.set_ylabel("jobs waiting")
    bottom.set_xlabel(label)
    bottom.grid(True, alpha=0.3)
    return fig


# The figures of one run, each drawn from its files when they exist: (stem, caption, files needed, draw).
SINGLE_RUN_FIGURES = [
    ("gantt", "Jobs on the cores (batsim_jobs.csv)", ["summary.json", "batsim_jobs.csv"], gantt_figure),
    ("load", "Utilisation and queue over time (batsim_jobs.csv)", ["summary.json", "batsim_jobs.csv"], load_figure),
    ("power", "Machine power over time", ["energy.csv"], power_figure),
    ("pstates", "P-state residency", ["summary.json", "pstates.csv"], pstate_figure),
    ("fronts", "Pareto fronts (pareto.csv)", ["pareto.csv"], single_front_figure),
]


def plot_single(run_dir, out_dir):
    run = run_dir
    if not os.path.isfile(os.path.join(run, "summary.json")) and os.path.isdir(os.path.join(run, "trial-0")):
        run = os.path.join(run, "trial-0")
    drawn = []
    for stem, caption, needs, draw in SINGLE_RUN_FIGURES:
        if not all(os.path.isfile(os.path.join(run, n)) for n in needs):
            continue
        fig = draw(run)
        if fig is None:
            continue
        fig.suptitle(caption + (" (trial 0)" if run != run_dir else ""), fontsize=10)
        fig.tight_layout()
        drawn.append((caption, save(fig, out_dir, stem)))
    return drawn


# ---------------------------------------------------------------- comparison.md's Figures section


def add_figures_section(run_dir, drawn):
    path = os.path.join(run_dir, "comparison.md")
    if not os.path.isfile(path):
        return
    with open(path) as f:
        text = f.read()
    at = text.find("\n" + FIGURES_HEADING + "\n")
    if at >= 0:
        text = text[: at + 1]
    text = text.rstrip("\n") + "\n\n" + FIGURES_HEADING + "\n\n"
    for caption, svg in drawn:
        rel = os.path.relpath(svg, run_dir)
        text += "![%s](%s)\n\n" % (caption, rel)
    with open(path + ".partial", "w") as f:
        f.write(text.rstrip("\n") + "\n")
    os.replace(path + ".partial", path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("run_dir")
    ap.add_argument("--out", help="folder of the figures (default RUN_DIR/figures)")
    ap.add_argument("--paper", action="store_true", help="overlay figure.paper_values")
    ap.add_argument("--figure-json", default="{}", help="the config's name, compare metrics and figure (rmsim)")
    a = ap.parse_args()
    spec = json.loads(a.figure_json)
    out_dir = a.out or os.path.join(a.run_dir, "figures")
    if os.path.isfile(os.path.join(a.run_dir, "comparison.csv")):
        drawn = plot_variants(a.run_dir, out_dir, spec, a.paper)
    elif os.path.isfile(os.path.join(a.run_dir, "summary.json")) or os.path.isfile(
        os.path.join(a.run_dir, "trial-0", "summary.json")
    ):
        if spec.get("figure") and spec["figure"]["kind"] != "front":
            print("rmsim: plot: %s holds one variant: the config's figure needs its variants; drawing the run's "
                  "power and P-states" % a.run_dir, file=sys.stderr)
        drawn = plot_single(a.run_dir, out_dir)
    else:
        fail(a.run_dir + ": no results (comparison.csv, summary.json or trial-0/summary.json; docs/outputs.md)")
    add_figures_section(a.run_dir, drawn)
    for _, svg in drawn:
        print(svg)
    return 0


if __name__ == "__main__":
    sys.exit(main())
