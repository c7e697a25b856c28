#!/usr/bin/env python3
"""Two builds side by side on the same configs (docs/performance.md): each config is run by the base build and
by the new one in turn, REPEATS times each, alternating, alone, one run after the other; prints per config the
CPU time (user + sys, from the kernel's accounting of the child) and the peak RSS of every run, their min and
max, the ratio of the medians, and whether the two builds wrote the same summary.json and tasks.csv.

    bench/side_by_side.py --base OLD_RMSIM --base-rev REV --new build/rmsim [--repeats 3] [--set key=value ...]
        CONFIG...

The base build runs each config as it was at git revision REV (with the platform files and traces), so a key the base does
not know (e.g. run.stream) does not stop it; `--set` applies to both. Build the base with e.g.
`git worktree add /tmp/base REV && cmake -S /tmp/base -B /tmp/base/build -DCMAKE_BUILD_TYPE=Release &&
cmake --build /tmp/base/build --target rmsim`. Outputs go to a temporary folder that is removed afterwards.
Python 3 standard library only; Linux (os.wait4).
"""
import argparse
import hashlib
import json
import os
import pathlib
import statistics
import subprocess
import tempfile
import time

RESULTS = ["summary.json", "tasks.csv"]


def run(rmsim, config, sets, out):
    cmd = [rmsim, "run", str(config), "--out", str(out), "--quiet", "--force"]
    for s in sets:
        cmd += ["--set", s]
    start = time.monotonic()
    child = subprocess.Popen(cmd)
    _, status, usage = os.wait4(child.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(cmd)}: exit {os.waitstatus_to_exitcode(status)}")
    return {"cpu_s": usage.ru_utime + usage.ru_stime, "rss_kib": usage.ru_maxrss,
            "wall_s": time.monotonic() - start}


def config_at(rev, config, root):
    """The config, the platform files and the traces (configs/platforms, configs/traces) as they were at rev,
    under root."""
    repo = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True,
                          check=True).stdout.strip()
    rel = pathlib.Path(config).resolve().relative_to(repo)
    listed = subprocess.run(["git", "ls-tree", "-r", "--name-only", rev, "configs/platforms", "configs/traces"], cwd=repo,
                            capture_output=True, text=True, check=True).stdout.split()
    for path in [str(rel)] + listed:
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(subprocess.run(["git", "show", f"{rev}:{path}"], cwd=repo, capture_output=True,
                                          check=True).stdout)
    return root / rel


def digest(path):
    """SHA-256 of the file read in chunks: this process stays small, and so does the peak RSS that every later
    child inherits from it at fork (Linux copies the high-water mark, and exec keeps it)."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.digest()


def same_results(a, b):
    """Every summary.json and tasks.csv under a (a trial's, or each variant's and trial's) equals b's, the
    summaries but for their wall-clock lines."""
    names = lambda root: sorted(p.relative_to(root) for f in RESULTS for p in root.rglob(f))
    if not names(a) or names(a) != names(b):
        return False
    strip = lambda p: "\n".join(l for l in p.read_text().splitlines() if "wall" not in l)
    return all((strip(a / f) == strip(b / f)) if f.suffix == ".json" else digest(a / f) == digest(b / f)
               for f in names(a))


def main():
    ap = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    ap.add_argument("--base", required=True)
    ap.add_argument("--base-rev", required=True)
    ap.add_argument("--new", required=True)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--set", action="append", default=[], dest="sets")
    ap.add_argument("configs", nargs="+")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        d = pathlib.Path(d)
        for config in a.configs:
            old_config = config_at(a.base_rev, config, d / "base-configs")
            runs = {"base": [], "new": []}
            for i in range(a.repeats):
                runs["base"].append(run(a.base, old_config, a.sets, d / f"base{i}"))
                runs["new"].append(run(a.new, config, a.sets, d / f"new{i}"))
            print(f"## {pathlib.Path(config).stem} ({a.repeats} runs each, alternating)")
            for k in ("base", "new"):
                cpu = [r["cpu_s"] for r in runs[k]]
                rss = [r["rss_kib"] for r in runs[k]]
                print(f"{k}: CPU s " + ", ".join(f"{c:.1f}" for c in cpu) + f" (min {min(cpu):.1f}, max {max(cpu):.1f});"
                      f" peak RSS KiB " + ", ".join(f"{r:,}" for r in rss) + f" (max {max(rss) / 1024:.0f} MiB)")
            ratio = statistics.median(r["cpu_s"] for r in runs["base"]) / statistics.median(
                r["cpu_s"] for r in runs["new"])
            print(f"base / new CPU, medians: {ratio:.2f}x")
            print("same summary.json and tasks.csv files: " + ("yes" if same_results(d / "base0", d / "new0") else "NO"))


if __name__ == "__main__":
    main()
