#!/usr/bin/env python3
"""The head-to-head study's tables and figure (docs/head-to-head.md), from the results of a head-to-head config.

    python3 scripts/head_to_head.py OUT [--figure PATH_WITHOUT_SUFFIX]
    python3 scripts/head_to_head.py --coverage RMSIM_BINARY [--root REPOSITORY]

OUT is the folder of `rmsim run configs/experiments/head-to-head-*.yaml`: one folder per variant named
"POLICY governor=G watts=W" (the policy's variant, then the swept DVFS setting), each with its trials. For every
DVFS setting the script prints a table of the policies ranked by the mean utility earned in the measured window,
each metric as mean +- the half-width of its 95 % confidence interval over the trials (Student's t), and the
utility per joule (utility earned / window energy, per trial, in utility per MJ). `--figure` also draws utility
against energy, one colour per policy and one marker per DVFS setting, each policy's front (its settings that no
other of its settings beats in both utility and energy) joined by a line; PATH.svg is written.

`--coverage` checks that every policy `RMSIM_BINARY list-policies` names is either in a head-to-head config
(a variant's manager.policy) or in the table under "## Not in the study" of docs/head-to-head.md with its reason,
and not both; it prints what is wrong and exits 1, or exits 0.
"""
import argparse
import json
import math
import pathlib
import re
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from trial_stats import ci, trials  # noqa: E402

# (column heading, how a trial's value is read from its summary.json)
METRICS = [
    ("utility earned", lambda s: s["window"]["utility_earned"]),
    ("% of maximum", lambda s: s["window"]["percent_of_maximum"]),
    ("completed", lambda s: s["window"]["completed"]),
    ("energy (MJ)", lambda s: s["window"]["energy_j"] / 1e6),
    ("utility per MJ", lambda s: utility_per_mj(s)),
    ("mean wait (s)", lambda s: s["time"]["mean_wait_s"]),
    ("bounded slowdown", lambda s: s["time"]["mean_bounded_slowdown"]),
]

# "POLICY [governor=G] watts=W": a study that sweeps the governor and the cap, or the cap alone.
SETTING = re.compile(r"^(?P<policy>\S+)(?: governor=(?P<governor>\S+))? watts=(?P<watts>\S+)$")


def utility_per_mj(summary):
    energy = summary["window"]["energy_j"]
    return summary["window"]["utility_earned"] / (energy / 1e6) if energy > 0 else float("nan")


def setting_label(governor, watts):
    """How a DVFS setting reads in a table: who sets the levels, and the cap."""
    cap = "no cap" if float(watts) >= 1e11 else f"cap {float(watts) / 1e3:g} kW"
    if governor is None:
        return cap
    who = "the scheduler's P-states" if governor == "userspace" else f"{governor} governor"
    return f"{who}, {cap}"


def read_study(out):
    """{setting label: {policy: {metric heading: (mean, ci95)}}} and the trial counts, from OUT's variants."""
    study = {}
    counts = set()
    for folder in sorted(pathlib.Path(out).iterdir()):
        if not folder.is_dir():
            continue
        name = variant_name(folder)
        m = SETTING.match(name) if name else None
        if not m:
            continue
        runs = trials(folder)
        if not runs:
            continue
        counts.add(len(runs))
        summaries = [s for s, _ in runs.values()]
        row = {heading: ci([read(s) for s in summaries]) for heading, read in METRICS}
        study.setdefault(setting_label(m["governor"], m["watts"]), {})[m["policy"]] = row
    return study, counts


def variant_name(folder):
    aggregate = folder / "aggregate.json"
    if aggregate.exists():
        return json.loads(aggregate.read_text()).get("variant")
    return None


def fmt(mean, half):
    digits = 0 if abs(mean) >= 100 else 2 if abs(mean) < 10 else 1
    if math.isnan(half):
        return f"{mean:.{digits}f}"
    return f"{mean:.{digits}f} ± {half:.{digits}f}"


def ranked_tables(study):
    """Markdown: one table per setting, the policies by mean utility earned (ties by name)."""
    lines = []
    for setting in sorted(study):
        rows = study[setting]
        lines.append(f"### {setting}")
        lines.append("")
        lines.append("| rank | policy | " + " | ".join(h for h, _ in METRICS) + " |")
        lines.append("|---|---|" + "---|" * len(METRICS))
        order = sorted(rows, key=lambda p: (-rows[p]["utility earned"][0], p))
        for rank, policy in enumerate(order, 1):
            cells = " | ".join(fmt(*rows[policy][h]) for h, _ in METRICS)
            lines.append(f"| {rank} | {policy} | {cells} |")
        lines.append("")
    return "\n".join(lines)


def front(points):
    """The points (energy, utility) that no other beats in both (less or equal energy and more or equal utility,
    one of them strictly), by energy."""
    keep = []
    for e, u in points:
        beaten = any((e2 <= e and u2 >= u) and (e2 < e or u2 > u) for e2, u2 in points)
        if not beaten:
            keep.append((e, u))
    return sorted(set(keep))


def draw(study, path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    matplotlib.rcParams["svg.hashsalt"] = "rmsim"  # the same figure gives the same file
    matplotlib.rcParams["svg.fonttype"] = "none"  # text as text: smaller files

    policies = sorted({p for rows in study.values() for p in rows})
    settings = sorted(study)
    colours = plt.get_cmap("tab20").colors + plt.get_cmap("tab20b").colors
    markers = "osD^vP*X"
    fig, ax = plt.subplots(figsize=(11, 7))
    for i, policy in enumerate(policies):
        colour = colours[i % len(colours)]
        points = []
        for j, setting in enumerate(settings):
            row = study[setting].get(policy)
            if row is None:
                continue
            (e, eh), (u, uh) = row["energy (MJ)"], row["utility earned"]
            points.append((e, u))
            ax.errorbar(e, u, xerr=None if math.isnan(eh) else eh, yerr=None if math.isnan(uh) else uh,
                        marker=markers[j % len(markers)], color=colour, linestyle="none", markersize=6, capsize=2)
        f = front(points)
        ax.plot([e for e, _ in f], [u for _, u in f], color=colour, linewidth=1.2, label=policy)
    for j, setting in enumerate(settings):
        ax.plot([], [], marker=markers[j % len(markers)], color="grey", linestyle="none", label=setting)
    ax.set_xlabel("energy in the measured window (MJ)")
    ax.set_ylabel("utility earned in the measured window")
    ax.set_title("Utility against energy: each policy's DVFS settings, its front joined (mean, 95 % CI)")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=7, ncol=2, loc="center left", bbox_to_anchor=(1.01, 0.5))
    fig.tight_layout()
    fig.savefig(str(path) + ".svg", metadata={"Date": None})
    plt.close(fig)


def study_policies(root):
    """The policies of the head-to-head configs' variants (manager.policy), by config."""
    found = {}
    for config in sorted((root / "configs" / "experiments").glob("head-to-head*.yaml")):
        found[config.name] = set(re.findall(r"manager\.policy:\s*([A-Za-z0-9_.-]+)", config.read_text()))
    return found


def excluded_policies(root):
    """{policy: reason} of the table under '## Not in the study' in docs/head-to-head.md."""
    text = (root / "docs" / "head-to-head.md").read_text()
    section = text.split("## Not in the study", 1)
    if len(section) < 2:
        return {}
    body = section[1].split("\n## ", 1)[0]
    out = {}
    for line in body.splitlines():
        m = re.match(r"^\|\s*`([^`]+)`\s*\|\s*(.*?)\s*\|\s*$", line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def registered_policies(binary):
    listing = subprocess.run([binary, "list-policies"], check=True, capture_output=True, text=True).stdout
    return {line.split()[0] for line in listing.splitlines() if line and not line[0].isspace()}


def coverage_problems(registered, in_study, excluded):
    """What the coverage check reports: one line per problem, empty if none."""
    studied = set().union(*in_study.values()) if in_study else set()
    problems = []
    for p in sorted(registered - studied - set(excluded)):
        problems.append(f"{p}: neither in a head-to-head config nor under 'Not in the study'")
    for p in sorted(studied & set(excluded)):
        problems.append(f"{p}: in a head-to-head config and under 'Not in the study'")
    for p in sorted((studied | set(excluded)) - registered):
        problems.append(f"{p}: not a registered policy")
    for p, reason in sorted(excluded.items()):
        if not reason:
            problems.append(f"{p}: under 'Not in the study' without a reason")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", help="the results folder of a head-to-head config")
    parser.add_argument("--figure", help="write the utility-energy figure to this path (.svg)")
    parser.add_argument("--coverage", metavar="RMSIM_BINARY", help="check that every policy is accounted for")
    parser.add_argument("--root", default=str(pathlib.Path(__file__).resolve().parents[1]))
    args = parser.parse_args()
    if args.coverage:
        root = pathlib.Path(args.root)
        problems = coverage_problems(registered_policies(args.coverage), study_policies(root), excluded_policies(root))
        for p in problems:
            print(p)
        return 1 if problems else 0
    if not args.out:
        parser.error("give OUT, or --coverage")
    study, counts = read_study(args.out)
    if not study:
        print(f"{args.out}: no finished head-to-head variants", file=sys.stderr)
        return 2
    print(f"trials per variant: {', '.join(str(c) for c in sorted(counts))}\n")
    print(ranked_tables(study))
    if args.figure:
        draw(study, args.figure)
    return 0


if __name__ == "__main__":
    sys.exit(main())
