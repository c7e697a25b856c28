#!/usr/bin/env python3
"""Per-job waits of an SWF replay beside the waits the log recorded (docs/fidelity.md, "Validation").

    scripts/compare_waits.py TRACE.swf[.gz] RESULTS/tasks.csv [--json OUT.json]

rmsim's `swf` workload replays every job with a known run time (field 4 > 0), a known size (field 5, else
field 8, > 0) and a submit time >= 0, numbered by submit time (file order at a tie); task i of tasks.csv is
the i-th such job. For each job
the recorded wait is field 3 and the recorded run time field 4; rmsim's wait is first_start_s - arrival_s
and its run time end_s - first_start_s (a job killed at its request ends there). Bounded slowdown:
max(1, (wait + run) / max(run, 10 s)). Prints the mean and median wait of each, the Spearman rank correlation
of the per-job waits, the fraction of jobs whose rmsim wait is within 10 minutes of the recorded one, and
the mean bounded slowdown of each; with --json, writes the same figures to OUT.json as well (what
scripts/fidelity.py collect --extra reads). Python 3 standard library only.
"""
import json
import csv
import gzip
import statistics
import sys

BOUND_S = 10.0
CLOSE_S = 600.0


def replayed_records(path):
    """Each job rmsim's `swf` workload replays, in file order: (its fields as strings, submit time, run time,
    size)."""
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        for line in f:
            fields = line.split()
            if not fields or fields[0].startswith(";"):
                continue
            submit, run = float(fields[1]), float(fields[3])
            procs = int(float(fields[4])) if float(fields[4]) >= 0 else int(float(fields[7]))
            if run <= 0 or procs <= 0 or submit < 0:
                continue
            yield fields, submit, run, procs


def replayed_jobs(path):
    """(recorded wait, recorded run) of each job rmsim replays, in rmsim's task order (by submit time, file
    order at a tie); jobs without a recorded wait (field 3 = -1) keep None there."""
    jobs = []
    for fields, submit, run, _ in replayed_records(path):
        wait = float(fields[2])
        jobs.append((submit, wait if wait >= 0 else None, run))
    jobs.sort(key=lambda j: j[0])  # stable
    return [j[1:] for j in jobs]


def simulated(path):
    waits, runs = [], []
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            if not row["first_start_s"]:
                raise SystemExit(f"{path}: task {row['id']} never started; compare a finished run")
            start = float(row["first_start_s"])
            waits.append(start - float(row["arrival_s"]))
            runs.append(float(row["end_s"]) - start)
    return waits, runs


def ranks(values):
    """Ranks from 1, ties given their average rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    r = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return r


def pearson(x, y):
    mx, my = statistics.fmean(x), statistics.fmean(y)
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y))
    sxx = sum((a - mx) ** 2 for a in x)
    syy = sum((b - my) ** 2 for b in y)
    return sxy / (sxx * syy) ** 0.5


def bounded_slowdown(wait, run):
    return max(1.0, (wait + run) / max(run, BOUND_S))


def figures(jobs, sim_waits, sim_runs):
    """The comparison's figures, {name: value}."""
    pairs = [(rec, run, w, r) for (rec, run), w, r in zip(jobs, sim_waits, sim_runs) if rec is not None]
    rec_w = [p[0] for p in pairs]
    sim_w = [p[2] for p in pairs]
    return {
        "jobs_replayed": len(jobs),
        "jobs_compared": len(pairs),
        "recorded_mean_wait_s": statistics.fmean(rec_w),
        "rmsim_mean_wait_s": statistics.fmean(sim_w),
        "recorded_median_wait_s": statistics.median(rec_w),
        "rmsim_median_wait_s": statistics.median(sim_w),
        "rmsim_spearman": pearson(ranks(rec_w), ranks(sim_w)),
        "rmsim_within_10_min_percent": 100 * sum(abs(a - b) <= CLOSE_S for a, b in zip(rec_w, sim_w)) / len(pairs),
        "recorded_mean_bounded_slowdown": statistics.fmean(bounded_slowdown(p[0], p[1]) for p in pairs),
        "rmsim_mean_bounded_slowdown": statistics.fmean(bounded_slowdown(p[2], p[3]) for p in pairs),
    }


def main(argv):
    out_json = None
    if len(argv) == 5 and argv[3] == "--json":
        out_json, argv = argv[4], argv[:3]
    if len(argv) != 3:
        raise SystemExit(__doc__.strip().splitlines()[2].strip())
    jobs = replayed_jobs(argv[1])
    sim_waits, sim_runs = simulated(argv[2])
    if len(jobs) != len(sim_waits):
        raise SystemExit(f"{len(jobs)} replayable jobs in {argv[1]} but {len(sim_waits)} tasks in {argv[2]}")
    f = figures(jobs, sim_waits, sim_runs)
    with open(argv[2], newline="") as tasks:
        f["rmsim_killed"] = sum(row.get("state") == "killed" for row in csv.DictReader(tasks))
    print(f"jobs compared: {f['jobs_compared']} (of {f['jobs_replayed']} replayed; the rest have no recorded wait)")
    print(f"mean wait (s):            recorded {f['recorded_mean_wait_s']:12.1f}   rmsim {f['rmsim_mean_wait_s']:12.1f}")
    print(f"median wait (s):          recorded {f['recorded_median_wait_s']:12.1f}   rmsim "
          f"{f['rmsim_median_wait_s']:12.1f}")
    print(f"Spearman rank correlation of per-job waits: {f['rmsim_spearman']:.3f}")
    print(f"jobs whose rmsim wait is within 10 minutes of the recorded one: {f['rmsim_within_10_min_percent']:.1f} %")
    print(f"mean bounded slowdown ({BOUND_S:.0f} s): recorded {f['recorded_mean_bounded_slowdown']:12.2f}   rmsim "
          f"{f['rmsim_mean_bounded_slowdown']:12.2f}")
    print(f"jobs killed at their request: rmsim {f['rmsim_killed']}")
    if out_json:
        with open(out_json, "w") as out:
            json.dump(f, out, indent=1, sort_keys=True)


if __name__ == "__main__":
    main(sys.argv)
