#!/usr/bin/env python3
"""docs/fidelity.md's claim tables, generated from the claims (docs/fidelity/claims/*.yaml) and the committed
summaries of the runs behind them (docs/fidelity/summaries/*.csv); see docs/fidelity.md, "How the tables are made".

    scripts/fidelity.py collect RESULTS_DIR --summary NAME [--command "..."] [--commit C] [--extra FILE.json]
        Reads RESULTS_DIR (a `rmsim run` output folder: <variant>/trial-<t>/, trial-<t>/ or a single run) and
        writes docs/fidelity/summaries/<NAME>.csv: every trial's value of each metric the claims read from NAME.
    scripts/fidelity.py render [--check]
        Writes the claim tables, the counts and the data tables into docs/fidelity.md between their markers
        (<!-- claims: SECTION --> ... <!-- /claims -->, <!-- claims-counts --> ... <!-- /claims-counts -->,
        <!-- table: ID --> ... <!-- /table -->).
        With --check nothing is written: exit 1 (and a diff) when the doc is not what the summaries give.

A quantity is a set of per-trial values; the table shows its mean and the half-width of its 95 % confidence
interval (Student's t). The verdicts are computed, never typed:
  direction  ✔ when every relation of the claim holds between the quantities' means (or, where the claim
             says `significant`, when the paired difference's interval excludes 0), ✘ otherwise;
  magnitude  ✔ when rmsim's interval meets the paper's (its printed spread, else the claim's relative
             tolerance, 10 % by default), ◐ when rmsim's mean is within 2x of the paper's (same sign), ✘ else.
A quantity with fewer than MIN_TRIALS trials gives no verdict."""
import argparse
import csv
import difflib
import io
import json
import math
import pathlib
import re
import subprocess
import sys

import yaml

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from trial_stats import ci, trials  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]
MIN_TRIALS = 8
QUANTITY_KEYS = {"variant", "metric", "over", "as", "label", "unit", "scale", "summary", "signed", "mean_of", "sum",
                 "difference", "ratio", "change", "spread"}
DEFAULT_TOLERANCE = 0.10
OK, HALF, FAIL, NONE, FEW, AWAIT = "✔", "◐", "✘", "—", "n < 8", "…"


class ClaimError(Exception):
    """A claim that cannot be evaluated: a missing variant or metric, or a malformed entry."""


class AwaitingRun(Exception):
    """A claim whose summary has not been collected yet (its run is still to be made)."""


# ---------------------------------------------------------------------------------------------- summaries
def read_summary(path):
    """{(variant, metric): {trial: value}} and the header lines (without '# ') of a summary CSV: one row per
    variant and metric, its per-trial values in trial order (trial 0 first; "nan" where a trial lacks it)."""
    header, body = [], []
    for ln in path.read_text().splitlines():
        if ln.strip():
            (header if ln.startswith("#") else body).append(ln)
    rows = {}
    for rec in csv.DictReader(body):
        values = [float(v) for v in rec["values"].split()]
        rows[(rec["variant"], rec["metric"])] = {t: v for t, v in enumerate(values) if not math.isnan(v)}
    return rows, [h[1:].strip() for h in header]


def field(doc, dotted):
    """summary.json's `a.b.c`, or None."""
    cur = doc
    for part in dotted.split("."):
        if not isinstance(cur, dict) or part not in cur:
            return None
        cur = cur[part]
    return cur if isinstance(cur, (int, float)) and not isinstance(cur, bool) else None


def trial_runs(results):
    """{variant: {trial: (summary, timing or None)}} of a run folder (trial_stats.trials per variant folder); a
    config without variants is the variant '', a single run (summary.json in the folder itself) its trial 0."""
    if (results / "summary.json").exists():
        timing = results / "timing.json"
        return {"": {0: (json.loads((results / "summary.json").read_text()),
                         json.loads(timing.read_text()) if timing.exists() else None)}}
    out = {}
    for d in sorted({t.parent for t in results.rglob("trial-*")}):
        runs = trials(d)
        if runs:
            variant = d.relative_to(results).as_posix()
            out["" if variant == "." else variant] = runs
    return out


def with_row(spec, key):
    """A data table's quantity for one row: "{row}" in its text fields replaced by the row's key."""
    return {k: v.replace("{row}", str(key)) if isinstance(v, str) else v for k, v in spec.items()}


def metrics_of(claims, tables, summary):
    """The metrics the claims and the data tables read from one summary, sorted."""
    found = set()
    for c in claims:
        for q in c.get("let", {}).values():
            if "metric" in q and q.get("summary", c.get("summary")) == summary:
                found.add(q["metric"])
    for t in tables:
        for spec in t["columns"].values():
            spec = expand(spec, t.get("defaults", {}))
            if "metric" in spec and spec.get("summary", t.get("summary")) == summary:
                found.update(with_row(spec, key)["metric"] for key in t["rows"].values())
    return sorted(found)


def collect(results, name, command, commit, claims, tables, extra=None, folder=None):
    """Writes docs/fidelity/summaries/<NAME>.csv. `extra`: a JSON file of {field: number} (e.g. scripts/compare_waits.py
    --json) whose fields join a single run's trial 0 as the metrics `extra.<field>`."""
    metrics = metrics_of(claims, tables, name)
    if not metrics:
        raise ClaimError(f"no claim reads the summary {name}")
    if results.is_file():
        doc = json.loads(results.read_text())
        if isinstance(doc, dict) and doc and all(isinstance(v, dict) for v in doc.values()):
            # {case: {figure: ...}}: each case a variant (scripts/tarplee_scale_study.py).
            return write_summary(name, command, commit, {k: figures_of_json(v, metrics) for k, v in doc.items()},
                                 folder)
        return write_summary(name, command, commit, {"": figures_of_json(doc, metrics)}, folder)
    folders = trial_runs(results)
    if not folders:
        raise ClaimError(f"{results}: no trial-<t>/summary.json")
    # A run writes comparison.csv (with variants), aggregate.json (several trials) or summary.json (one) last.
    if not any((results / f).exists() for f in ("comparison.csv", "aggregate.json", "summary.json")):
        raise ClaimError(f"{results}: the run has not finished (no comparison.csv or aggregate.json)")
    extra_fields = json.loads(pathlib.Path(extra).read_text()) if extra else {}
    if extra_fields and list(folders) != [""]:
        raise ClaimError(f"{results}: --extra needs a single run (no variants)")
    per_variant = {}
    for variant in sorted(folders):
        per_metric = {m: {} for m in metrics}
        for t, (summary, timing) in folders[variant].items():
            timing = timing or {}
            for m in metrics:
                if m.startswith("extra."):
                    v = extra_fields.get(m[len("extra."):]) if t == 0 else None
                else:
                    v = field(timing, m[len("timing."):]) if m.startswith("timing.") else field(summary, m)
                if v is not None:
                    per_metric[m][t] = v
        per_variant[variant] = per_metric
    return write_summary(name, command, commit, per_variant, folder)


def figures_of_json(doc, metrics):
    """{metric: {trial: value}} of a program's figures (e.g. bench_tarplee_provisioning --json): a JSON object
    whose values are lists (one value per replication, the trials) or numbers (one value, trial 0)."""
    if not isinstance(doc, dict):
        raise ClaimError("a figures file is not a JSON object of figures")
    out = {}
    for m in metrics:
        v = doc.get(m)
        if isinstance(v, list):
            out[m] = {t: float(x) for t, x in enumerate(v)}
        elif isinstance(v, (int, float)):
            out[m] = {0: float(v)}
    return out


def write_summary(name, command, commit, per_variant, folder=None):
    """docs/fidelity/summaries/<NAME>.csv from {variant: {metric: {trial: value}}}."""
    out = io.StringIO()
    commit = commit or subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                                      capture_output=True, text=True).stdout.strip() or "unknown"
    trials = sorted({max((len(vs) for vs in ms.values()), default=0) for ms in per_variant.values()})
    out.write(f"# summary: {name}\n# command: {command}\n# rmsim built at commit: {commit}\n")
    out.write(f"# variants: {len(per_variant)}; trials per variant: {', '.join(map(str, trials))}\n")
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["variant", "metric", "values"])
    for variant in sorted(per_variant):
        for m, vs in per_variant[variant].items():
            if vs:
                w.writerow([variant, m, " ".join(f"{vs[t]:.9g}" if t in vs else "nan" for t in range(max(vs) + 1))])
    path = pathlib.Path(folder or ROOT / "docs" / "fidelity" / "summaries") / f"{name}.csv"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(out.getvalue())
    return path


# --------------------------------------------------------------------------------------------- quantities
class Quantity:
    """Per-trial values of one quantity, with its display unit."""

    def __init__(self, values, unit="", label="", signed=False):
        self.values, self.unit, self.label, self.signed = values, unit, label, signed

    @property
    def n(self):
        return len(self.values)

    def stats(self):
        xs = [self.values[t] for t in sorted(self.values)]
        return ci(xs) if xs else (float("nan"), float("nan"))


def paired(a, b):
    common = sorted(set(a) & set(b))
    return [(t, a[t], b[t]) for t in common]


def evaluate(name, spec, claim, summaries, done):
    """The per-trial values of the quantity `name` of `claim`."""
    if name in done:
        return done[name]
    if not isinstance(spec, dict):
        raise ClaimError(f"claim {claim['id']}: quantity {name} is not a mapping")
    ref = lambda other: evaluate(other, claim["let"][other], claim, summaries, done)  # noqa: E731
    unit, label = spec.get("unit", ""), spec.get("label", name)
    signed = False  # a change or a difference, shown with its sign
    if "metric" in spec:
        sname = spec.get("summary", claim.get("summary"))
        if sname not in summaries:
            raise AwaitingRun(sname)
        rows = summaries[sname]
        key = (spec.get("variant", ""), spec["metric"])
        if key not in rows:
            raise ClaimError(f"claim {claim['id']}: summary {sname} has no {key[1]} of variant '{key[0]}'")
        values = dict(rows[key])
        if "over" in spec:
            okey = (spec["over"], spec["metric"])
            if okey not in rows:
                raise ClaimError(f"claim {claim['id']}: summary {sname} has no {okey[1]} of variant '{okey[0]}'")
            mode = spec.get("as", "percent")
            values = {t: relate(x, r, mode) for t, x, r in paired(values, rows[okey]) if r != 0}
            unit = spec.get("unit", "%" if mode == "percent" else "")
            signed = mode == "percent"
    elif "mean_of" in spec or "sum" in spec:
        names = spec.get("mean_of") or spec["sum"]
        parts = [ref(p).values for p in names]
        common = set.intersection(*(set(p) for p in parts))
        div = len(parts) if "mean_of" in spec else 1
        values = {t: sum(p[t] for p in parts) / div for t in common}
        unit = spec.get("unit", ref(names[0]).unit)
        signed = ref(names[0]).signed
    elif "difference" in spec:
        a, b = (ref(p) for p in spec["difference"])
        values = {t: x - y for t, x, y in paired(a.values, b.values)}
        unit = spec.get("unit", a.unit)
        signed = True
    elif "change" in spec:
        a, b = (ref(p) for p in spec["change"])
        values = {t: 100.0 * (x / y - 1.0) for t, x, y in paired(a.values, b.values) if y != 0}
        unit = spec.get("unit", "%")
        signed = True
    elif "spread" in spec:
        parts = [ref(p).values for p in spec["spread"]]
        common = set.intersection(*(set(p) for p in parts))
        values = {t: max(p[t] for p in parts) - min(p[t] for p in parts) for t in common}
        unit = spec.get("unit", ref(spec["spread"][0]).unit)
    elif "ratio" in spec:
        a, b = (ref(p) for p in spec["ratio"])
        values = {t: x / y for t, x, y in paired(a.values, b.values) if y != 0}
    else:
        raise ClaimError(f"claim {claim['id']}: quantity {name} has no metric, mean_of, sum, difference, change, "
                         "spread or ratio")
    scale = spec.get("scale", 1.0)
    values = {t: v * scale for t, v in values.items()}
    done[name] = Quantity(values, unit, label, spec.get("signed", signed))
    return done[name]


def relate(x, r, mode):
    if mode == "percent":
        return 100.0 * (x / r - 1.0)
    if mode == "ratio":
        return x / r
    raise ClaimError(f"unknown `as: {mode}` (percent or ratio)")


# ---------------------------------------------------------------------------------------------- verdicts
def relation_holds(rel, q):
    """(holds, text) of one direction relation over the evaluated quantities q. An operand may be a number
    (a constant, e.g. the 0.9 of a robustness constraint)."""
    def values(k):
        return None if isinstance(k, (int, float)) else q[k].values

    def mean(k):
        return float(k) if isinstance(k, (int, float)) else q[k].stats()[0]

    def above(a, b, significant, strict=True):
        """a above b: by the means, or (significant) by the 95 % interval of the paired difference."""
        if not significant:
            return mean(a) > mean(b) if strict else mean(a) >= mean(b)
        va, vb = values(a), values(b)
        if va is None and vb is None:
            return mean(a) > mean(b)
        if va is None or vb is None:
            m, h = q[b if va is None else a].stats()
            return (m - h > mean(a if va is None else b)) if vb is None else (mean(a) > m + h)
        d = [x - y for _, x, y in paired(va, vb)]
        m, h = ci(d) if len(d) > 1 else (float("nan"), float("nan"))
        return m - h > 0

    sig = rel.get("significant", False)
    if "greater" in rel:
        a, b = rel["greater"]
        return above(a, b, sig), f"{a} > {b}"
    if "less" in rel:
        a, b = rel["less"]
        return above(b, a, sig), f"{a} < {b}"
    for key, up, strict, op in (("increasing", True, True, " < "), ("decreasing", False, True, " > "),
                                ("nondecreasing", True, False, " <= "), ("nonincreasing", False, False, " >= ")):
        if key in rel:
            seq = rel[key]
            ok = all(above(b, a, sig, strict) if up else above(a, b, sig, strict) for a, b in zip(seq, seq[1:]))
            return ok, op.join(map(str, seq))
    if "best" in rel:
        a = rel["best"]
        return all(above(a, o, sig) for o in rel["others"]), f"{a} highest"
    if "worst" in rel:
        a = rel["worst"]
        return all(above(o, a, sig) for o in rel["others"]), f"{a} lowest"
    if "among_best" in rel:
        # No other quantity is significantly above it (paired per trial).
        a = rel["among_best"]
        return not any(above(o, a, True) for o in rel["others"]), f"none significantly above {a}"
    if "near" in rel:
        a, b = rel["near"]
        tol = rel["tolerance"]
        return abs(mean(a) - mean(b)) <= tol, f"|{a} - {b}| <= {tol}"
    if "every_trial_at_least" in rel:
        a, v = rel["every_trial_at_least"]
        return all(x >= v for x in q[a].values.values()), f"{a} >= {v} in every trial"
    if "every_trial_greater" in rel:
        a, v = rel["every_trial_greater"]
        return all(x > v for x in q[a].values.values()), f"{a} > {v} in every trial"
    raise ClaimError(f"unknown direction relation {rel}")


def relation_names(rel):
    names = []
    for k in ("greater", "less", "increasing", "decreasing", "nondecreasing", "nonincreasing", "near",
              "every_trial_at_least", "every_trial_greater"):
        names += rel.get(k, [])
    for k in ("best", "worst", "among_best"):
        if k in rel:
            names.append(rel[k])
    return [n for n in names + list(rel.get("others", [])) if not isinstance(n, (int, float))]


def magnitude_verdict(m, h, paper, spread, tolerance):
    """✔ when [m-h, m+h] meets [paper-s, paper+s] (s the paper's spread, else tolerance x |paper|), ◐ when m is
    within 2x of paper with the same sign, ✘ otherwise."""
    s = spread if spread is not None else tolerance * abs(paper)
    h = 0.0 if math.isnan(h) else h
    if m + h >= paper - s and m - h <= paper + s:
        return OK
    if paper != 0 and m / paper >= 0.5 and m / paper <= 2.0:
        return HALF
    return FAIL


def judge(claim, summaries):
    """(rows of shown quantities, direction verdict, magnitude verdict, detail) of one claim."""
    lets = claim.get("let", {})
    done = {}
    q = {name: evaluate(name, spec, claim, summaries, done) for name, spec in lets.items()}
    # A deterministic scenario (one mission, one trace) is one run, not a sample of trials.
    least = 1 if claim.get("deterministic") else MIN_TRIALS
    few = sorted(k for k, v in q.items() if v.n < least)
    direction = magnitude = NONE
    detail = []
    if few:
        detail.append(f"fewer than {least} trials: {', '.join(few)}")
    rels = claim.get("direction", [])
    rels = rels if isinstance(rels, list) else [rels]
    mags = claim.get("magnitude", [])
    mags = mags if isinstance(mags, list) else [mags]
    if rels and few:
        direction = FEW
    if mags and few:
        magnitude = FEW
    if rels and not few:
        results = [relation_holds(r, q) for r in rels]
        failed = [t for ok, t in results if not ok]
        direction = OK if not failed else FAIL
        if failed:
            detail.append("fails: " + "; ".join(failed))
    if mags and not few:
        verdicts = []
        for mg in mags:
            m, h = q[mg["quantity"]].stats()
            verdicts.append(magnitude_verdict(m, h, float(mg["paper"]), mg.get("spread"),
                                              mg.get("tolerance", DEFAULT_TOLERANCE)))
        magnitude = FAIL if FAIL in verdicts else HALF if HALF in verdicts else OK
        if len(verdicts) > 1:
            detail.append(", ".join(f"{verdicts.count(v)} {v}" for v in (OK, HALF, FAIL) if verdicts.count(v)))
    return q, direction, magnitude, detail


# ------------------------------------------------------------------------------------------------- render
def fmt(m, h, unit, signed=False):
    """The mean to 3 significant digits, and to one decimal below 1,000; the half-width to the same decimals;
    a change or a difference (signed) with its sign."""
    if math.isnan(m):
        return "—"
    mag = abs(m) if m != 0 else 1.0
    if mag < 1e-3:
        return f"{m:.2e}" + (f" ± {h:.1e}" if not math.isnan(h) else "") + (f" {unit}" if unit else "")
    decimals = max(0, 2 - int(math.floor(math.log10(mag))))
    if mag < 1000:
        decimals = max(decimals, 1)
    sign = "+" if signed and m > 0 else ""
    text = f"{sign}{m:,.{decimals}f}"
    if not math.isnan(h):
        text += f" ± {h:,.{decimals}f}"
    return text + (f" {unit}" if unit else "")


def cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def render_section(section, claims, summaries):
    lines = ["| # | where | paper claim | paper | rmsim (mean ± 95 % CI) | trials | direction | magnitude | note |",
             "|---|---|---|---|---|---|---|---|---|"]
    verdicts = []
    for c in claims:
        try:
            q, d, m, detail = judge(c, summaries)
        except AwaitingRun as missing:
            verdicts.append((AWAIT, AWAIT))
            lines.append("| " + " | ".join(cell(x) for x in (
                c["id"], c.get("where", ""), c["claim"], c.get("paper", ""),
                f"awaiting its run (summary {missing})", "", AWAIT, AWAIT, c.get("note", ""))) + " |")
            continue
        verdicts.append((d, m))
        show = c.get("show", list(c.get("let", {}).keys()))
        shown = "; ".join(f"{q[k].label} {fmt(*q[k].stats(), q[k].unit, q[k].signed)}" for k in show)
        ns = sorted({q[k].n for k in show}) if show else []
        note = "; ".join(detail + ([c["note"]] if c.get("note") else []))
        lines.append("| " + " | ".join(cell(x) for x in (
            c["id"], c.get("where", ""), c["claim"], c.get("paper", ""), shown,
            "-".join(map(str, [ns[0], ns[-1]] if len(ns) > 1 else ns)), d, m, note)) + " |")
    return lines, verdicts


def counts_block(per_section):
    total = [v for vs in per_section.values() for v in vs]
    d = [v[0] for v in total]
    m = [v[1] for v in total]
    few = sum(1 for v in total if FEW in v)
    lines = [f"{len(total)} claims. Direction: {d.count(OK)} ✔, {d.count(FAIL)} ✘ ({d.count(NONE)} state none). "
             f"Magnitude, where the paper prints a number: {m.count(OK)} ✔, {m.count(HALF)} ◐, {m.count(FAIL)} ✘. "
             f"Without a verdict: {few} for want of trials (fewer than {MIN_TRIALS}), {d.count(AWAIT)} awaiting "
             "their runs.", "",
             "| section | claims | direction ✔ | ✘ | magnitude ✔ | ◐ | ✘ | fewer than 8 trials | awaiting a run |",
             "|---|---|---|---|---|---|---|---|---|"]
    for sec, vs in per_section.items():
        dd, mm = [v[0] for v in vs], [v[1] for v in vs]
        lines.append(f"| {sec} | {len(vs)} | {dd.count(OK)} | {dd.count(FAIL)} | {mm.count(OK)} | "
                     f"{mm.count(HALF)} | {mm.count(FAIL)} | {sum(1 for v in vs if FEW in v)} | {dd.count(AWAIT)} |")
    return lines


def expand(spec, defaults):
    """A quantity written as "VARIANT" or "VARIANT over REFERENCE" is {variant, over} with the claim's
    `defaults` (e.g. the metric) beneath it."""
    if isinstance(spec, str):
        variant, _, over = spec.partition(" over ")
        spec = {"variant": variant.strip()}
        if over:
            spec["over"] = over.strip()
    if "metric" in spec or not any(k in spec for k in ("mean_of", "sum", "difference", "change", "spread", "ratio")):
        return {**defaults, **spec}
    return spec


def load_claims(folder):
    """The sections, claims and data tables of every docs/fidelity/claims/*.yaml."""
    sections, claims, tables = [], [], []
    for f in sorted(folder.glob("*.yaml")):
        doc = yaml.safe_load(f.read_text()) or {}
        sections += doc.get("sections", [])
        claims += doc.get("claims", [])
        tables += doc.get("tables", [])
    path = folder

    for c in claims:
        c["let"] = {k: expand(v, c.get("defaults", {})) for k, v in c.get("let", {}).items()}
    ids = set()
    known = {s["id"] for s in sections}
    for c in claims:
        for key in ("id", "section", "claim"):
            if key not in c:
                raise ClaimError(f"{path}: a claim without `{key}`: {c}")
        if c["id"] in ids:
            raise ClaimError(f"{path}: claim id {c['id']} twice")
        ids.add(c["id"])
        if c["section"] not in known:
            raise ClaimError(f"{path}: claim {c['id']}: unknown section {c['section']}")
        lets = c.get("let", {})
        for name, q in lets.items():
            unknown = sorted(str(k) for k in q if k not in QUANTITY_KEYS)
            if unknown:
                raise ClaimError(f"{path}: claim {c['id']}: quantity {name} has unknown keys {unknown} (a comma "
                                 "in a label of a {...} mapping? quote the label)")
        rels = c.get("direction", [])
        for r in rels if isinstance(rels, list) else [rels]:
            for n in relation_names(r):
                if n not in lets:
                    raise ClaimError(f"{path}: claim {c['id']}: direction names {n}, not in `let`")
        mags = c.get("magnitude", [])
        for mg in mags if isinstance(mags, list) else [mags]:
            if mg.get("quantity") not in lets or "paper" not in mg:
                raise ClaimError(f"{path}: claim {c['id']}: magnitude needs a quantity of `let` and `paper`")
    for t in tables:
        for label, key in t["rows"].items():
            if key is None:
                raise ClaimError(f"{path}: table {t['id']}: row {label!r} has no key (a comma in a label of a "
                                 "{...} mapping? quote the label)")
    return sections, claims, tables


def render_table(table, summaries):
    """A data table (no verdicts): one row per `rows` entry (label: key), one column per `columns` entry
    (label: a quantity as in a claim's `let`, its text with {row} replaced by the row's key); each cell the
    mean ± 95 % CI of that quantity."""
    cols = table["columns"]
    lines = ["| " + " | ".join([table.get("row_header", "")] + list(cols)) + " |",
             "|---" + "|---:" * len(cols) + "|"]
    defaults = table.get("defaults", {})
    for label, key in table["rows"].items():
        cells = []
        for spec in cols.values():
            fake = {"id": table["id"], "summary": table.get("summary"), "let": {}}
            try:
                q = evaluate("cell", with_row(expand(spec, defaults), key), fake, summaries, {})
            except AwaitingRun:
                cells.append("…")
                continue
            except ClaimError:  # this row has no such figure (e.g. a recorded log has no correlation)
                cells.append("")
                continue
            cells.append(fmt(*q.stats(), q.unit, q.signed) if q.n else "—")
        lines.append("| " + " | ".join([cell(label)] + cells) + " |")
    return lines


def load_summaries(folder):
    return {p.stem: read_summary(p)[0] for p in sorted(folder.glob("*.csv"))}


def render(doc_text, sections, claims, summaries, tables=()):
    sections = sorted(sections, key=lambda sec: doc_text.find(f"<!-- claims: {sec['id']} -->"))
    for t in tables:
        doc_text = replace_block(doc_text, f"<!-- table: {t['id']} -->", "<!-- /table -->", render_table(t, summaries))
    per_section = {}
    for s in sections:
        mine = [c for c in claims if c["section"] == s["id"]]
        lines, verdicts = render_section(s["id"], mine, summaries)
        per_section[s.get("title", s["id"])] = verdicts
        doc_text = replace_block(doc_text, f"<!-- claims: {s['id']} -->", "<!-- /claims -->", lines)
    return replace_block(doc_text, "<!-- claims-counts -->", "<!-- /claims-counts -->", counts_block(per_section))


def replace_block(text, begin, end, lines):
    pattern = re.compile(re.escape(begin) + r".*?" + re.escape(end), re.S)
    if not pattern.search(text):
        raise ClaimError(f"docs/fidelity.md has no block {begin} ... {end}")
    return pattern.sub(lambda _: begin + "\n" + "\n".join(lines) + "\n" + end, text, count=1)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("results")
    c.add_argument("--summary", required=True)
    c.add_argument("--command", default="", help="the command that wrote RESULTS_DIR (recorded in the header)")
    c.add_argument("--commit", default="", help="the commit rmsim was built at (default: HEAD)")
    c.add_argument("--extra", help="a JSON file of further figures of a single run (metrics extra.<field>)")
    r = sub.add_parser("render")
    r.add_argument("--check", action="store_true")
    for p in (c, r):
        p.add_argument("--claims", default=str(ROOT / "docs" / "fidelity" / "claims"), help="the folder of claims files")
    for p in (c, r):
        p.add_argument("--summaries", default=str(ROOT / "docs" / "fidelity" / "summaries"), help="the summaries' folder")
    r.add_argument("--doc", default=str(ROOT / "docs" / "fidelity.md"))
    a = ap.parse_args(argv)
    try:
        sections, claims, tables = load_claims(pathlib.Path(a.claims))
        if a.cmd == "collect":
            print(collect(pathlib.Path(a.results), a.summary, a.command, a.commit, claims, tables, a.extra,
                          a.summaries))
            return 0
        doc = pathlib.Path(a.doc)
        old = doc.read_text()
        new = render(old, sections, claims, load_summaries(pathlib.Path(a.summaries)), tables)
    except ClaimError as e:
        print(f"fidelity.py: {e}", file=sys.stderr)
        return 2
    if a.check:
        if new != old:
            sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True), str(doc),
                                                       "generated"))
            print(f"{doc} is not what docs/fidelity/claims and docs/fidelity/summaries give: run "
                  "scripts/fidelity.py render", file=sys.stderr)
            return 1
        return 0
    doc.write_text(new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
