#!/usr/bin/env python3
"""scripts/fidelity.py on hand-computed data, and docs/fidelity.md against the committed summaries.

    python3 tests/scripts/test_fidelity.py      # ctest runs it (fidelity_tables)
"""
import json
import math
import pathlib
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import fidelity  # noqa: E402

SUMMARY = """# summary: toy
variant,metric,values
r,m,2 2 2 2 2 2 2 2
a,m,1 2 3 4 5 6 7 8
b,m,1 2 3 4 5 6 7 9
c,m,4 4 4 nan 4 4 4 4 4
"""


def toy_claim(**kw):
    claim = {"id": "x", "section": "s", "claim": "toy", "summary": "toy", "defaults": {"metric": "m"}}
    claim.update(kw)
    claim["let"] = {k: fidelity.expand(v, claim["defaults"]) for k, v in claim.get("let", {}).items()}
    return claim


class Verdicts(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        path = pathlib.Path(self.tmp.name) / "toy.csv"
        path.write_text(SUMMARY)
        self.summaries = {"toy": fidelity.read_summary(path)[0]}

    def tearDown(self):
        self.tmp.cleanup()

    def test_a_missing_trial_is_left_out(self):
        # c has "nan" at trial 3: trials 0-2 and 4-8 remain, 8 of them.
        self.assertEqual(sorted(self.summaries["toy"][("c", "m")]), [0, 1, 2, 4, 5, 6, 7, 8])

    def test_percent_over_a_reference_is_paired_per_trial(self):
        # a over r: (x / 2 - 1) * 100 for x = 1..8: -50, 0, 50, ..., 300; mean (36 / 16 - 1) * 100 = 125.
        # Their standard deviation is 50 * sd(1..8) = 50 * sqrt(6) = 122.47; t(0.975, 7) = 2.365:
        # half-width 2.365 * 122.47 / sqrt(8) = 102.41.
        q, _, _, _ = fidelity.judge(toy_claim(let={"a": "a over r"}), self.summaries)
        m, h = q["a"].stats()
        self.assertAlmostEqual(m, 125.0, places=9)
        self.assertAlmostEqual(h, 2.365 * 50 * math.sqrt(6) / math.sqrt(8), places=6)
        self.assertEqual(q["a"].unit, "%")
        # A change is shown with its sign; a plain metric in percent is not.
        self.assertEqual(fidelity.fmt(*q["a"].stats(), q["a"].unit, q["a"].signed), "+125.0 ± 102.4 %")
        self.assertEqual(fidelity.fmt(13.8, 0.3, "%"), "13.8 ± 0.3 %")

    def test_greater_by_means_and_significant_by_the_paired_interval(self):
        # b - a per trial: 0 x 7 and 1 at trial 7: mean 0.125 > 0, but the interval (sd 0.354, half-width
        # 2.365 * 0.354 / sqrt(8) = 0.296) contains 0.
        c = toy_claim(let={"a": "a", "b": "b"}, direction={"greater": ["b", "a"]})
        self.assertEqual(fidelity.judge(c, self.summaries)[1], fidelity.OK)
        c = toy_claim(let={"a": "a", "b": "b"}, direction={"greater": ["b", "a"], "significant": True})
        self.assertEqual(fidelity.judge(c, self.summaries)[1], fidelity.FAIL)
        # So a is among the best of {a, b} (b is not significantly above it), and b is the best.
        c = toy_claim(let={"a": "a", "b": "b"}, direction=[{"among_best": "a", "others": ["b"]},
                                                           {"best": "b", "others": ["a"]}])
        self.assertEqual(fidelity.judge(c, self.summaries)[1], fidelity.OK)

    def test_near_uses_the_stated_tolerance(self):
        # mean(a) = 4.5, mean(r) = 2: |4.5 - 2| = 2.5.
        c = toy_claim(let={"a": "a", "r": "r"}, direction={"near": ["a", "r"], "tolerance": 2.5})
        self.assertEqual(fidelity.judge(c, self.summaries)[1], fidelity.OK)
        c = toy_claim(let={"a": "a", "r": "r"}, direction={"near": ["a", "r"], "tolerance": 2.4})
        self.assertEqual(fidelity.judge(c, self.summaries)[1], fidelity.FAIL)

    def test_magnitude_against_the_papers_value(self):
        # rmsim 10 +- 1 meets paper 12 +- 10 % = [10.8, 13.2]; 10 +- 0.5 does not, but 10 / 12 is within 2x;
        # 30 / 12 = 2.5 is not; -5 has the wrong sign; a printed spread replaces the tolerance.
        self.assertEqual(fidelity.magnitude_verdict(10, 1, 12, None, 0.1), fidelity.OK)
        self.assertEqual(fidelity.magnitude_verdict(10, 0.5, 12, None, 0.1), fidelity.HALF)
        self.assertEqual(fidelity.magnitude_verdict(30, 1, 12, None, 0.1), fidelity.FAIL)
        self.assertEqual(fidelity.magnitude_verdict(-5, 1, 12, None, 0.1), fidelity.FAIL)
        self.assertEqual(fidelity.magnitude_verdict(10, 0.5, 12, 1.5, 0.1), fidelity.OK)

    def test_the_mean_of_quantities_and_their_difference(self):
        # Per trial (a + r) / 2 = (x + 2) / 2: mean (4.5 + 2) / 2 = 3.25; a - r: mean 2.5.
        c = toy_claim(let={"a": "a", "r": "r", "avg": {"mean_of": ["a", "r"]}, "d": {"difference": ["a", "r"]}},
                      magnitude=[{"quantity": "avg", "paper": 3.25}, {"quantity": "r", "paper": 3.0}])
        q, _, mag, detail = fidelity.judge(c, self.summaries)
        self.assertAlmostEqual(q["avg"].stats()[0], 3.25)
        self.assertAlmostEqual(q["d"].stats()[0], 2.5)
        # 3.25 meets 3.25; r is 2 in every trial (no spread): [2, 2] misses [2.7, 3.3], but 2 / 3 = 0.67 is
        # within 2x. The claim takes the worst.
        self.assertEqual(mag, fidelity.HALF)
        self.assertIn("1 ✔, 1 ◐", detail[0])

    def test_fewer_than_eight_trials_give_no_verdict(self):
        path = pathlib.Path(self.tmp.name) / "few.csv"
        path.write_text("variant,metric,values\na,m,1 2 3\nr,m,1 1 1\n")
        summaries = {"toy": fidelity.read_summary(path)[0]}
        c = toy_claim(let={"a": "a", "r": "r"}, direction={"greater": ["a", "r"]},
                      magnitude={"quantity": "a", "paper": 2})
        _, d, m, detail = fidelity.judge(c, summaries)
        self.assertEqual((d, m), (fidelity.FEW, fidelity.FEW))
        self.assertIn("fewer than 8 trials", detail[0])
        # A deterministic scenario is judged on its one run.
        c["deterministic"] = True
        self.assertEqual(fidelity.judge(c, summaries)[1:3], (fidelity.OK, fidelity.OK))

    def test_a_claim_whose_summary_is_not_collected_awaits_its_run(self):
        c = toy_claim(summary="not-yet", let={"a": "a"}, direction={"greater": ["a", 0]})
        lines, verdicts = fidelity.render_section("s", [c], self.summaries)
        self.assertEqual(verdicts, [(fidelity.AWAIT, fidelity.AWAIT)])
        self.assertIn("awaiting its run (summary not-yet)", lines[2])

    def test_a_claim_naming_an_unknown_variant_is_an_error(self):
        with self.assertRaises(fidelity.ClaimError):
            fidelity.judge(toy_claim(let={"z": "z over r"}), self.summaries)


class TheDoc(unittest.TestCase):
    def test_docs_fidelity_md_is_what_the_committed_summaries_give(self):
        rc = fidelity.main(["render", "--check"])
        self.assertEqual(rc, 0, "docs/fidelity.md disagrees with docs/fidelity/summaries: run scripts/fidelity.py render")

    def test_the_check_fails_when_a_summary_changes(self):
        with tempfile.TemporaryDirectory() as tmp:
            tmp = pathlib.Path(tmp)
            shutil.copytree(ROOT / "docs" / "fidelity" / "summaries", tmp / "summaries")
            shutil.copy(ROOT / "docs" / "fidelity.md", tmp / "fidelity.md")
            # Every value of every summary moved: the means the doc shows move with them.
            for victim in (tmp / "summaries").glob("*.csv"):
                lines = victim.read_text().splitlines()
                for i, ln in enumerate(lines):
                    if ln.startswith("#") or ln.startswith("variant,") or not ln:
                        continue
                    head, values = ln.rsplit(",", 1)
                    lines[i] = head + "," + " ".join(f"{float(v) * 1.5 + 7:.9g}" for v in values.split())
                victim.write_text("\n".join(lines) + "\n")
            out = subprocess.run([sys.executable, "-B", str(ROOT / "scripts" / "fidelity.py"), "render", "--check",
                                  "--summaries", str(tmp / "summaries"), "--doc", str(tmp / "fidelity.md")],
                                 capture_output=True, text=True)
            self.assertEqual(out.returncode, 1, out.stdout + out.stderr)


class Collect(unittest.TestCase):
    def test_a_run_folder_becomes_per_trial_values_of_the_metrics_the_claims_read(self):
        with tempfile.TemporaryDirectory() as tmp:
            tmp = pathlib.Path(tmp)
            claims = tmp / "claims"
            claims.mkdir()
            (claims / "x.yaml").write_text(
                "sections: [{id: s, title: S}]\n"
                "tables: [{id: t, summary: one, rows: {a: a, b: b}, columns: {c: {metric: 'extra.{row}'}}}]\n"
                "claims:\n- {id: c, section: s, claim: toy, summary: runs, let: {q: {variant: v, metric: x.y}}}\n")
            # Two trials of variant v with x.y = 2 and 5 (trial 1 lacks timing.json); a finished run.
            for t, y in ((0, 2), (1, 5)):
                d = tmp / "R" / "v" / f"trial-{t}"
                d.mkdir(parents=True)
                (d / "summary.json").write_text(json.dumps({"x": {"y": y, "z": 7}}))
            (tmp / "R" / "comparison.csv").write_text("")
            # A single run (summary.json in the folder) with further figures from --extra.
            (tmp / "S").mkdir()
            (tmp / "S" / "summary.json").write_text("{}")
            (tmp / "e.json").write_text(json.dumps({"a": 1.5, "b": 3}))
            out = tmp / "summaries"
            _, claims_list, tables = fidelity.load_claims(claims)
            fidelity.collect(tmp / "R", "runs", "cmd", "abc", claims_list, tables, folder=out)
            fidelity.collect(tmp / "S", "one", "cmd", "abc", claims_list, tables, extra=tmp / "e.json", folder=out)
            rows, header = fidelity.read_summary(out / "runs.csv")
            self.assertEqual(rows, {("v", "x.y"): {0: 2.0, 1: 5.0}})  # x.z is read by no claim: left out
            self.assertIn("rmsim built at commit: abc", header)
            rows, _ = fidelity.read_summary(out / "one.csv")
            self.assertEqual(rows, {("", "extra.a"): {0: 1.5}, ("", "extra.b"): {0: 3.0}})

    def test_a_programs_figures_file_gives_replications_as_trials(self):
        # bench_tarplee_provisioning --json: lists are per-replication values, numbers one value (trial 0).
        with tempfile.TemporaryDirectory() as tmp:
            tmp = pathlib.Path(tmp)
            (tmp / "f.json").write_text(json.dumps({"vss": [12.5, 14.0, 13.0], "mvp.m1": 1, "unread": [9]}))
            claims = [{"id": "c", "section": "s", "claim": "toy", "summary": "e1",
                       "let": {"v": {"metric": "vss"}, "m": {"metric": "mvp.m1"}}}]
            fidelity.collect(tmp / "f.json", "e1", "cmd", "abc", claims, [], folder=tmp / "out")
            rows, header = fidelity.read_summary(tmp / "out" / "e1.csv")
            self.assertEqual(rows, {("", "vss"): {0: 12.5, 1: 14.0, 2: 13.0}, ("", "mvp.m1"): {0: 1.0}})
            self.assertIn("variants: 1; trials per variant: 3", header)

    def test_an_unfinished_run_is_refused(self):
        with tempfile.TemporaryDirectory() as tmp:
            tmp = pathlib.Path(tmp)
            d = tmp / "R" / "v" / "trial-0"
            d.mkdir(parents=True)
            (d / "summary.json").write_text("{}")
            claim = {"id": "c", "section": "s", "claim": "toy", "summary": "runs",
                     "let": {"q": {"variant": "v", "metric": "m"}}}
            with self.assertRaises(fidelity.ClaimError):
                fidelity.collect(tmp / "R", "runs", "cmd", "abc", [claim], [], folder=tmp / "out")


if __name__ == "__main__":
    unittest.main()
