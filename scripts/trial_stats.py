"""What the table scripts share: a run's trials and the mean +- 95 % confidence interval over them.

    from trial_stats import ci, trials, variant_runs    # (a script's own folder is on Python's path)

`trials(folder)` reads folder/trial-<t>/summary.json (and timing.json, when there is one) of a `rmsim run`
output folder: {t: (summary, timing or None)}, skipping trials that have not finished. `ci(xs)` is the mean and
the half-width of its two-sided 95 % interval, Student's t with len(xs) - 1 degrees of freedom.
`variant_runs(out, names)` is {name: trials} of the variants among `names` that have finished trials in `out`.
"""
import json
import math
import pathlib
import statistics

# Two-sided 95 % quantiles of Student's t by degrees of freedom (exact to three decimals). Beyond the table
# the value of the largest tabulated df below is used (conservative: a slightly wider interval).
T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228,
       11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120, 17: 2.110, 18: 2.101, 19: 2.093,
       20: 2.086, 21: 2.080, 22: 2.074, 23: 2.069, 24: 2.064, 25: 2.060, 26: 2.056, 27: 2.052, 28: 2.048,
       29: 2.045, 30: 2.042, 40: 2.021, 49: 2.010, 50: 2.009, 60: 2.000, 120: 1.980}


def t95(df):
    if df in T95:
        return T95[df]
    smaller = [k for k in T95 if k < df]
    return T95[max(smaller)] if smaller else T95[1]


def ci(xs):
    n = len(xs)
    if n < 2:
        return statistics.fmean(xs), float("nan")
    return statistics.fmean(xs), t95(n - 1) * statistics.stdev(xs) / math.sqrt(n)


def trials(folder):
    out = {}
    for d in sorted(folder.glob("trial-*")):
        if not (d / "summary.json").exists():
            continue
        s = json.loads((d / "summary.json").read_text())
        timing = d / "timing.json"
        out[int(d.name.split("-")[1])] = (s, json.loads(timing.read_text()) if timing.exists() else None)
    return out


def variant_runs(out, names):
    root = pathlib.Path(out)
    found = {name: trials(root / name) for name in names if (root / name).is_dir()}
    return {name: tr for name, tr in found.items() if tr}
