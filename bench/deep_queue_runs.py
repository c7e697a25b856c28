#!/usr/bin/env python3
"""The deep-queue benchmark's figures (docs/performance.md, "deep queues"): runs each config alone, one after the
other, REPEATS times, and prints the table rows: CPU time (user + sys, from the kernel's accounting of the child),
simulation wall time, mapping events per second of CPU, peak RSS, the longest waiting queue, the scheduler's wall
time per event, and its mean / median / max by the length of the waiting queue.

    bench/deep_queue_runs.py build/rmsim [--repeats N] [--set key=value ...] CONFIG...

The runs' outputs go to a temporary folder that is removed afterwards. Python 3 standard library only; Linux
(os.wait4: the resource use of each run's own process).
"""
import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time

DECADES = ["100-999", "1000-9999", "10000-99999", ">=100000"]


def one_run(rmsim, config, sets, out):
    start = time.monotonic()
    cmd = [rmsim, "run", config, "--out", str(out), "--quiet", "--force"]
    for s in sets:
        cmd += ["--set", s]
    child = subprocess.Popen(cmd)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)}: exit {child.returncode}")
    wall = time.monotonic() - start
    summary = json.loads((out / "summary.json").read_text())
    timing = json.loads((out / "timing.json").read_text())
    return {
        "cpu_s": usage.ru_utime + usage.ru_stime,
        "process_wall_s": wall,
        "max_rss_kib": usage.ru_maxrss,
        "sim_wall_s": timing["wall_s"],
        "events": summary["scheduler"]["mapping_events"],
        "max_waiting": summary["scheduler"]["max_waiting"],
        "per_event": timing["scheduler_wall_per_event_s"],
        "by_queue": timing["scheduler_wall_by_queue_length"],
    }


def us(x):
    return f"{x * 1e6:.2f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    ap.add_argument("rmsim")
    ap.add_argument("configs", nargs="+")
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--set", action="append", default=[], dest="sets")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        for config in a.configs:
            runs = [one_run(a.rmsim, config, a.sets, pathlib.Path(d) / f"r{i}") for i in range(a.repeats)]
            name = pathlib.Path(config).stem
            print(f"## {name} ({a.repeats} runs)")
            print("CPU time (user + sys) s: " + ", ".join(f"{r['cpu_s']:.1f}" for r in runs))
            print("simulation wall time s: " + ", ".join(f"{r['sim_wall_s']:.1f}" for r in runs))
            print("mapping events / per s of CPU: " + f"{runs[0]['events']:,} / " +
                  ", ".join(f"{r['events'] / r['cpu_s']:,.0f}" for r in runs))
            print("process wall time s: " + ", ".join(f"{r['process_wall_s']:.1f}" for r in runs))
            print("peak RSS KiB: " + ", ".join(f"{r['max_rss_kib']:,}" for r in runs))
            print("longest waiting queue: " + ", ".join(f"{r['max_waiting']:,}" for r in runs))
            print("scheduler per event mean / median / max (us): " +
                  "; ".join(f"{us(r['per_event']['mean'])} / {us(r['per_event']['median'])} / "
                            f"{us(r['per_event']['max'])}" for r in runs))
            for dec in DECADES:
                cells = []
                for r in runs:
                    b = r["by_queue"].get(dec)
                    cells.append(f"{b['events']:,} events {us(b['mean'])} / {us(b['median'])} / {us(b['max'])}"
                                 if b else "none")
                print(f"  {dec} waiting, mean / median / max (us): " + "; ".join(cells))
            sys.stdout.flush()


if __name__ == "__main__":
    main()
