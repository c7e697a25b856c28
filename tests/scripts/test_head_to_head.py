#!/usr/bin/env python3
"""scripts/head_to_head.py on results written by hand, and the coverage of the study: every registered policy
is in a head-to-head config or listed under "Not in the study" in docs/head-to-head.md with its reason; and the
cost of energy under a tariff of scripts/energy_goal_study.py.

    python3 tests/scripts/test_head_to_head.py [--rmsim build/rmsim]   # ctest passes the built binary
"""
import json
import math
import pathlib
import subprocess
import sys
import tempfile
import unittest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import energy_goal_study  # noqa: E402
import head_to_head  # noqa: E402

RMSIM = None


def summary(utility, percent, completed, energy_j, wait_s, slowdown):
    return {"window": {"utility_earned": utility, "percent_of_maximum": percent, "completed": completed,
                       "energy_j": energy_j},
            "time": {"mean_wait_s": wait_s, "mean_bounded_slowdown": slowdown}}


def write_variant(out, name, summaries):
    folder = out / name.replace(" ", "_")
    for t, s in enumerate(summaries):
        (folder / f"trial-{t}").mkdir(parents=True)
        (folder / f"trial-{t}" / "summary.json").write_text(json.dumps(s))
    (folder / "aggregate.json").write_text(json.dumps({"variant": name}))


class HeadToHeadTables(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.out = pathlib.Path(self.tmp.name)
        # Three trials each. max-upr, no cap: utility 100, 110, 120 (mean 110, sd 10, half-width
        # 4.303 x 10 / sqrt(3) = 24.84); energy 1, 1, 1 GJ (1,000 MJ), so utility per MJ 0.10, 0.11, 0.12 (mean 0.11).
        write_variant(self.out, "max-upr governor=userspace watts=1.0e12",
                      [summary(100, 40, 10, 1e9, 5, 1.5), summary(110, 44, 11, 1e9, 5, 1.5),
                       summary(120, 48, 12, 1e9, 5, 1.5)])
        # easy, no cap: utility 200 each (mean 200, half-width 0) at 4 GJ: 0.05 per MJ. Ranks first by utility.
        write_variant(self.out, "easy governor=userspace watts=1.0e12",
                      [summary(200, 80, 20, 4e9, 9, 2.0)] * 3)
        # easy under a 375,060 W cap with ondemand: a second setting.
        write_variant(self.out, "easy governor=ondemand watts=375060", [summary(150, 60, 15, 2e9, 12, 3.0)] * 3)

    def tearDown(self):
        self.tmp.cleanup()

    def test_means_and_intervals(self):
        study, counts = head_to_head.read_study(self.out)
        self.assertEqual(counts, {3})
        self.assertEqual(sorted(study), ["ondemand governor, cap 375.06 kW", "the scheduler's P-states, no cap"])
        row = study["the scheduler's P-states, no cap"]["max-upr"]
        mean, half = row["utility earned"]
        self.assertAlmostEqual(mean, 110)
        self.assertAlmostEqual(half, 4.303 * 10 / math.sqrt(3))
        self.assertAlmostEqual(row["utility per MJ"][0], 0.11)
        self.assertAlmostEqual(row["energy (MJ)"][0], 1000.0)

    def test_ranking(self):
        study, _ = head_to_head.read_study(self.out)
        table = head_to_head.ranked_tables(study)
        rows = [line for line in table.splitlines() if line.startswith("| 1 ") or line.startswith("| 2 ")]
        # In the no-cap setting easy (200) ranks above max-upr (110); the capped setting has easy alone. max-upr's
        # % of maximum 40, 44, 48: 44 +- 4.303 x 4 / sqrt(3) = 9.9; completed 10, 11, 12: 11 +- 2.5.
        self.assertTrue(rows[0].startswith("| 1 | easy | 150 ± 0"), rows[0])
        self.assertTrue(rows[1].startswith("| 1 | easy | 200 ± 0"), rows[1])
        self.assertTrue(rows[2].startswith("| 2 | max-upr | 110 ± 25 | 44.0 ± 9.9 | 11.0 ± 2.5"), rows[2])

    def test_a_study_of_caps_alone(self):
        # The serial-task study sweeps the cap only: "NAME watts=W", its settings named by the cap.
        write_variant(self.out, "min-min watts=9342.4", [summary(50, 20, 5, 1e8, 1, 1.0)] * 2)
        study, counts = head_to_head.read_study(self.out)
        self.assertEqual(counts, {2, 3})
        self.assertEqual(study["cap 9.3424 kW"]["min-min"]["energy (MJ)"], (100.0, 0.0))
        self.assertEqual(head_to_head.setting_label(None, "1.0e12"), "no cap")

    def test_front(self):
        # (energy, utility): (2, 150) is beaten by (1, 160); (3, 200) and (1, 160) are not beaten.
        self.assertEqual(head_to_head.front([(1, 160), (2, 150), (3, 200)]), [(1, 160), (3, 200)])
        self.assertEqual(head_to_head.front([(1, 100), (1, 100)]), [(1, 100)])

    def test_command_and_figure(self):
        # Through the command line, with the Python that has matplotlib (Debian's, as `rmsim plot` uses).
        python = "/usr/bin/python3" if pathlib.Path("/usr/bin/python3").exists() else sys.executable
        done = subprocess.run([python, "-B", str(ROOT / "scripts" / "head_to_head.py"), str(self.out), "--figure",
                               str(self.out / "fig")], capture_output=True, text=True)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("trials per variant: 3", done.stdout)
        self.assertIn("| 2 | max-upr | 110 ± 25 |", done.stdout)
        self.assertTrue((self.out / "fig.svg").read_text().startswith("<?xml"))


class TariffCost(unittest.TestCase):
    def test_cost_of_each_slice(self):
        # Two prices per day of 86,400 s from 14,400 s: 0.1 over [14400, 57600), 0.3 over [57600, 100800). The
        # warm-up's 5 kWh are not charged; 1 kWh in the first slice costs 0.1, 2 kWh in the second 0.6: 0.7.
        intervals = [(0, 14400, 5 * 3.6e6), (14400, 57600, 3.6e6), (57600, 100800, 7.2e6)]
        cost, per_slice = energy_goal_study.trial_cost(intervals, [0.1, 0.3], 14400, 86400, (14400, 100800))
        self.assertAlmostEqual(cost, 0.7)
        self.assertEqual(per_slice, [3.6e6, 7.2e6])
        # An interval across a boundary cannot be charged exactly.
        with self.assertRaises(ValueError):
            energy_goal_study.trial_cost([(14400, 86400, 1.0)], [0.1, 0.3], 14400, 86400, (14400, 100800))


class Coverage(unittest.TestCase):
    def test_problems(self):
        registered = {"a", "b", "c", "d"}
        problems = head_to_head.coverage_problems(registered, {"x.yaml": {"a", "b", "z"}}, {"b": "why", "d": ""})
        self.assertEqual(problems, [
            "c: neither in a head-to-head config nor under 'Not in the study'",
            "b: in a head-to-head config and under 'Not in the study'",
            "z: not a registered policy",
            "d: under 'Not in the study' without a reason",
        ])

    def test_every_registered_policy_is_accounted_for(self):
        if RMSIM is None:
            self.skipTest("no --rmsim binary given")
        problems = head_to_head.coverage_problems(head_to_head.registered_policies(RMSIM),
                                                  head_to_head.study_policies(ROOT),
                                                  head_to_head.excluded_policies(ROOT))
        self.assertEqual(problems, [])


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--rmsim":
        RMSIM = sys.argv[2]
        del sys.argv[1:3]
    unittest.main()
