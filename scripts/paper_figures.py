#!/usr/bin/env python3
"""Every paper config's figure in one folder, with an index page: what `make figures` runs.

Runs each paper config of configs/experiments/ (machovec-*, siegel-*, singh-*, tarplee-*) at its golden scale
(the command in the first line of tests/golden/<config>.txt: a smaller platform and workload, 1-4 trials),
with every variant and sweep point (the golden's --only, which keeps the sweep's two ends, is dropped unless
--golden-points), draws its figure with `rmsim plot --config ... --paper`, and copies the SVG to
OUT/<config>.svg. OUT/index.md lists per figure the paper reference, the config, the command, the trials and
the wall time. These are small-scale figures that show the shape of each experiment; README.md ("Reproducing
the papers") gives the full-scale commands.

    scripts/paper_figures.py [--rmsim build/rmsim] [--out docs/figures] [--work results/figures] [--jobs 2]
                             [--only CONFIG,...] [--golden-points] [--check]

--check (the ctest paper_figures_all) also checks each run's figures/figure.svg (XML with an <svg> root),
figures/figure.png (a PNG signature and an IHDR chunk of nonzero size) and the one Figures section of its
comparison.md, and exits 1 naming every config that fails.
"""
import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import struct
import time
import xml.etree.ElementTree as ElementTree

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAPERS = ("machovec-", "siegel-", "singh-", "tarplee-")


def golden_command(stem):
    with open(os.path.join(ROOT, "tests", "golden", stem + ".txt")) as f:
        first = f.readline().rstrip("\n")
    head = "# rmsim golden '%s': rmsim " % stem
    if not first.startswith(head):
        sys.exit("paper_figures: tests/golden/%s.txt has no command line" % stem)
    return shlex.split(first[len(head):])


def option(args, name, default):
    return args[args.index(name) + 1] if name in args else default


def figure_of(stem):
    """The config's figure.paper (a plain read: rmsim plot validates the section)."""
    with open(os.path.join(ROOT, "configs", "experiments", stem + ".yaml")) as f:
        text = f.read()
    m = re.search(r'^figure:\n(?:  .*\n)*?  paper: "?([^"\n]*)"?\n', text, re.M)
    return m.group(1) if m else stem


def figure_problems(work):
    """What is wrong with the figure files `rmsim plot` wrote into the run folder `work` (empty: nothing)."""
    problems = []
    svg = os.path.join(work, "figures", "figure.svg")
    try:
        if ElementTree.parse(svg).getroot().tag != "{http://www.w3.org/2000/svg}svg":
            problems.append("figure.svg has no <svg> root")
    except (OSError, ElementTree.ParseError) as e:
        problems.append("figure.svg: %s" % e)
    try:
        with open(os.path.join(work, "figures", "figure.png"), "rb") as f:
            head = f.read(24)
        if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
            problems.append("figure.png is not a PNG")
        elif min(struct.unpack(">II", head[16:24])) == 0:
            problems.append("figure.png is empty (0 pixels)")
    except OSError as e:
        problems.append("figure.png: %s" % e)
    try:
        with open(os.path.join(work, "comparison.md")) as f:
            md = f.read()
        if md.count("\n## Figures\n") != 1 or "](figures/figure.svg)" not in md:
            problems.append("comparison.md has not one Figures section showing figures/figure.svg")
    except OSError as e:
        problems.append("comparison.md: %s" % e)
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rmsim", default=os.path.join(ROOT, "build", "rmsim"))
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "figures"))
    ap.add_argument("--work", default=os.path.join(ROOT, "results", "figures"))
    ap.add_argument("--jobs", default="2")
    ap.add_argument("--only", default="", help="comma-separated config names (default: every paper config)")
    ap.add_argument("--golden-points", action="store_true", help="keep the golden's --only (the sweep's ends)")
    ap.add_argument("--check", action="store_true", help="check each run's SVG, PNG and comparison.md")
    a = ap.parse_args()
    stems = sorted(f[:-5] for f in os.listdir(os.path.join(ROOT, "configs", "experiments"))
                   if f.endswith(".yaml") and f.startswith(PAPERS))
    if a.only:
        wanted = a.only.split(",")
        stems = [s for s in stems if s in wanted]
    os.makedirs(a.out, exist_ok=True)
    rows = []
    total = 0.0
    failed = []
    for stem in stems:
        args = golden_command(stem)
        if "--only" in args and not a.golden_points:
            i = args.index("--only")
            del args[i : i + 2]
        if "--jobs" in args:
            args[args.index("--jobs") + 1] = a.jobs
        work = os.path.join(a.work, stem)
        run = [a.rmsim] + args + ["--quiet", "--force", "--out", work]
        config = "configs/experiments/%s.yaml" % stem
        start = time.monotonic()
        subprocess.run(run, cwd=ROOT, check=True)
        wall = time.monotonic() - start
        plot = [a.rmsim, "plot", work, "--config", config, "--paper"]
        subprocess.run(plot, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        if a.check:
            failed += ["%s: %s" % (stem, p) for p in figure_problems(work)]
        svg = os.path.join(a.out, stem + ".svg")
        shutil.copyfile(os.path.join(work, "figures", "figure.svg"), svg)
        total += wall
        shown = "rmsim " + " ".join(shlex.quote(x) for x in args + ["--out", "OUT"])
        rows.append((stem, figure_of(stem), config, shown, option(args, "--trials", "1"), wall))
        print("%-34s %6.1f s" % (stem, wall), flush=True)
    with open(os.path.join(a.out, "index.md"), "w") as f:
        f.write("# The papers' figures at golden scale\n\n")
        f.write("Written by `make figures` (scripts/paper_figures.py): each paper config run at the scale of its "
                "golden test (tests/sim/test_goldens.cpp: a smaller platform and workload, 1-4 trials) with every "
                "variant and sweep point, then `rmsim plot OUT --config CONFIG --paper` (black crosses: the paper's "
                "printed values, where the config gives them). They show each experiment's shape, not the "
                "papers' numbers: README.md, \"Reproducing the papers\", gives the full-scale commands and "
                "docs/fidelity.md compares them with the papers. Wall times on 2 shared cores, %d configs, "
                "%.0f s in all.\n\n" % (len(rows), total))
        for stem, paper, config, shown, trials, wall in rows:
            f.write("## %s\n\n![%s](%s.svg)\n\n" % (paper, paper, stem))
            f.write("- config: %s\n- trials: %s\n- wall time: %.1f s\n- command: `%s`\n\n" % (config, trials, wall,
                                                                                             shown))
    print("paper_figures: %d figures, %.0f s of runs -> %s/index.md" % (len(rows), total, a.out))
    if failed:
        sys.exit("paper_figures: bad figures:\n  " + "\n  ".join(failed))


if __name__ == "__main__":
    main()
