#!/usr/bin/env python3
"""The fidelity table scripts (scripts/trial_stats.py, scripts/siegel_static_table.py, scripts/tarplee_idle_table.py,
scripts/tarplee_tables.py's relative areas, scripts/machovec_fig33_table.py, scripts/uav_tables.py) on data computed by hand, and scripts/provisioning_front.py.

    python3 tests/scripts/test_table_scripts.py      # ctest runs it when CMake finds a Python 3
"""
import contextlib
import io
import json
import math
import os
import pathlib
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "scripts"))

import machovec_fig33_table  # noqa: E402
import paper_figures  # noqa: E402
import siegel_static_table  # noqa: E402
import tarplee_idle_table  # noqa: E402
import tarplee_tables  # noqa: E402
import uav_tables  # noqa: E402
from trial_stats import ci, t95, trials  # noqa: E402


def printed_lines(script, folder):
    """What a table script's main() prints for `folder`, as lines."""
    out = io.StringIO()
    argv = sys.argv
    sys.argv = [script.__name__ + ".py", folder]
    try:
        with contextlib.redirect_stdout(out):
            script.main()
    finally:
        sys.argv = argv
    return out.getvalue().splitlines()


class TrialStats(unittest.TestCase):
    def test_ci_is_the_mean_and_students_t_half_width(self):
        # [1, 2, 3]: mean 2, sample standard deviation 1, t(0.975, 2 df) = 4.303: 4.303 / sqrt(3) = 2.4843.
        m, h = ci([1.0, 2.0, 3.0])
        self.assertEqual(m, 2.0)
        self.assertAlmostEqual(h, 4.303 / math.sqrt(3), places=12)

    def test_one_trial_has_no_interval(self):
        m, h = ci([5.0])
        self.assertEqual(m, 5.0)
        self.assertTrue(math.isnan(h))

    def test_untabulated_df_takes_the_wider_value_below(self):
        self.assertEqual(t95(49), 2.010)
        self.assertEqual(t95(35), 2.042)  # the value at 30 df, not at 40

    def test_unfinished_trials_are_skipped(self):
        with tempfile.TemporaryDirectory() as d:
            root = pathlib.Path(d)
            (root / "trial-0").mkdir()
            (root / "trial-0" / "summary.json").write_text("{\"a\": 1}")
            (root / "trial-1").mkdir()  # still running: no summary yet
            self.assertEqual(trials(root), {0: ({"a": 1}, None)})


# Two trials of the static study. Predicted expected energy (MJ), psi and delta met per heuristic and trial; the
# hardware measures 1 % more than predicted everywhere.
FIXTURE = {
    "min-min-p0": [(10.0, 1.0, 1), (10.0, 1.0, 1)],
    "min-min-p1": [(9.0, 0.95, 1), (9.9, 0.8, 1)],
    "min-min-p2": [(9.5, 0.05, 0), (9.5, 0.05, 0)],
    "min-min-p3": [(11.0, 0.0, 0), (11.0, 0.0, 0)],
    "min-min-p4": [(12.0, 0.0, 0), (12.0, 0.0, 0)],
    "ga": [(8.1, 0.92, 1), (9.9, 0.99, 0)],
}


def write_fixture(root):
    for variant, rows in FIXTURE.items():
        for t, (energy_mj, psi, met) in enumerate(rows):
            d = root / variant / f"trial-{t}"
            d.mkdir(parents=True)
            summary = {
                "policy_stats": {"predicted_expected_energy_j": energy_mj * 1e6, "predicted_robustness": psi,
                                 "deadline_met": float(met), "deadline_s": 2000.0 + 100 * t},
                "energy": {"total_j": energy_mj * 1e6 * 1.01},
            }
            (d / "summary.json").write_text(json.dumps(summary))


class TableOfFixture(unittest.TestCase):
    """A table script run on a fixture folder: `self.lines`, what it printed."""
    script = None
    write = None

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        type(self).write(pathlib.Path(self.dir.name))
        self.lines = printed_lines(self.script, self.dir.name)

    def tearDown(self):
        self.dir.cleanup()


class SiegelStaticTable(TableOfFixture):
    script = siegel_static_table
    write = staticmethod(write_fixture)

    def row(self, start):
        found = [line for line in self.lines if line.startswith(start)]
        self.assertEqual(len(found), 1, start)
        return found[0]

    def test_header(self):
        self.assertEqual(self.lines[0], "2 trials; delta 2,000-2,100 s by trial")

    def test_ga_row(self):
        # Energy (8.1 + 9.9) / 2 = 9.0; sample sd 1.8 / sqrt(2), t(1 df) = 12.706: half-width 12.706 * 0.9 =
        # 11.4354. psi (0.92 + 0.99) / 2 = 0.955. Met in 1 of 2. Measured 1.01 x: 9.09 +- 11.54975, +1 %.
        self.assertEqual(self.row("| GA |"), "| GA | 9.000 ± 11.435 | 0.9550 ± 0.4447 (min 0.92, max 0.99) | 1 / 2 | "
                                            "9.090 ± 11.550 | +1.00 ± 0.00 % |")

    def test_paired_ga_against_min_min_p1(self):
        # Per trial 100 (8.1 / 9 - 1) = -10 and 100 (9.9 / 9.9 - 1) = 0: mean -5, sd 10 / sqrt(2), half-width
        # 12.706 * 5 = 63.53; GA lower in 1 of 2.
        self.assertEqual(self.row("| GA vs Min-Min P1 |"), "| GA vs Min-Min P1 | 2 | -5.00 ± 63.53 % | 1 of 2 |")

    def test_claims(self):
        # Trial 1: GA 9.9 is not below Min-Min P1's 9.9, but P1's psi 0.8 misses the constraint; below P0's 10.
        self.assertIn("GA below every Min-Min in 1 of 2 trials", self.lines)
        self.assertIn("GA below every Min-Min with psi >= 0.9 in 2 of 2 trials", self.lines)
        self.assertIn("psi falls monotonically P0 -> P4 (non-increasing) in 2 of 2 trials", self.lines)
        # psi >= 0.9: P0 twice, P1 trial 0, GA twice (trial 1 missed); P1 trial 1 (0.8) met; the 6 at <= 0.1 missed.
        self.assertIn("met delta, all heuristics: psi >= 0.9: 4 of 5; 0.1 < psi < 0.9: 1 of 1; psi <= 0.1: 0 of 6",
                      self.lines)


# Two idle-power levels of two trials: (energy J, makespan s) of each lower-bound point, listed out of order in the
# file (the point column orders them); the other fronts of pareto.csv are not read.
IDLE_FIXTURE = {
    "idle-0": [[(5e6, 1000), (6e6, 600), (8e6, 500)], [(4e6, 1200), (7e6, 700)]],
    "idle-100": [[(8e6, 500)], [(7e6, 700.4)]],
}
# Progression counts of the 0 % trials' summaries (those absent count 0; the 100 % summaries have none).
IDLE_PROGRESSION = {
    ("idle-0", 0): {"progression_rounding_makespan_up": 2, "progression_rounding_energy_down": 1,
                    "progression_assignment_makespan_up": 3},
    ("idle-0", 1): {"progression_rounding_makespan_up": 1, "progression_assignment_energy_up": 2},
}


def write_idle_fixture(root):
    for variant, per_trial in IDLE_FIXTURE.items():
        for t, points in enumerate(per_trial):
            d = root / variant / f"trial-{t}"
            d.mkdir(parents=True)
            rows = [f"lp_lower_bound,{i},{e},{ms}" for i, (e, ms) in enumerate(points)]
            rows.reverse()
            rows += ["lp_full_allocation,0,1,1", "executed,0,2,2"]
            (d / "pareto.csv").write_text("front,point,energy_j,makespan_s\n" + "\n".join(rows) + "\n")
            stats = IDLE_PROGRESSION.get((variant, t))
            (d / "summary.json").write_text(json.dumps({"policy_stats": stats} if stats else {}))


class TarpleeIdleTable(TableOfFixture):
    script = tarplee_idle_table
    write = staticmethod(write_idle_fixture)

    def test_rows(self):
        # 0 %: points 3 and 2 (mean 2.5, sd 0.7071, half-width 12.706 x 0.5 = 6.353); makespan at the minimum-energy
        # end 1000 and 1200 (1100 +- 12.706 x 100), minimum makespan 500 and 700, span 500 in both; minimum energy
        # 5 and 4 MJ, energy at the minimum makespan 8 and 7 MJ.
        self.assertEqual(self.lines[2], "| 0 % | 2 | 2.5 ± 6.4 | 1100.0 ± 1270.6 | 600.0 ± 1270.6 | 500.0 ± 0.0 | "
                                        "4.500 ± 6.353 | 7.500 ± 6.353 |")
        # 100 %: one point each, at 500 and 700.4 s (mean 600.2, half-width 12.706 x 200.4 / 2 = 1273.1), span 0.
        self.assertEqual(self.lines[3], "| 100 % | 2 | 1.0 ± 0.0 | 600.2 ± 1273.1 | 600.2 ± 1273.1 | 0.0 ± 0.0 | "
                                        "7.500 ± 6.353 | 7.500 ± 6.353 |")

    def test_claims(self):
        # Spans 500 -> 0 in both trials; minimum energies 5 -> 8 and 4 -> 7 MJ.
        self.assertEqual(self.lines[4], "0 % -> 100 %: span not larger in 2 of 2 trials, minimum energy not lower in "
                                        "2 of 2 (within 1e-09 relative)")
        # One point in both; at the 0 % front's minimum makespan in trial 0 (500 = 500), not in trial 1 (700.4).
        self.assertEqual(self.lines[5], "100 %: one point in 2 of 2 trials; its makespan the 0 % front's minimum "
                                        "makespan (within 1e-6) in 1 of 2")

    def test_progression(self):
        # 0 %: 3 + 2 points; rounding makespan up 2 + 1, rounding energy down 1, assignment makespan up 3,
        # assignment energy up 2. 100 %: no counts in its summaries.
        self.assertEqual(self.lines[7], "  0 %, 5 points: rounding makespan 3 / 0; rounding energy 0 / 1; "
                                        "assignment makespan 3 / 0; assignment energy 2 / 0")
        self.assertEqual(self.lines[8], "  100 %, 2 points: rounding makespan 0 / 0; rounding energy 0 / 0; "
                                        "assignment makespan 0 / 0; assignment energy 0 / 0")


class TarpleeRelativeArea(unittest.TestCase):
    def test_relative_area_and_phase_times(self):
        # Two trials: areas 30 / 100 and 50 / 100 MJ s (relative 0.3 and 0.5: mean 0.4, half-width 12.706 x 0.1 =
        # 1.2706); weighted sums 1 and 3 s (2 +- 12.71); recovery 0.5 s both (0.5 +- 0).
        data = {"v": {0: ({"policy_stats": {"area_lp_fill_mj_s": 30.0, "area_box_mj_s": 100.0}},
                          {"policy": {"weighted_sum_s": 1.0, "recovery_s": 0.5}}),
                      1: ({"policy_stats": {"area_lp_fill_mj_s": 50.0, "area_box_mj_s": 100.0}},
                          {"policy": {"weighted_sum_s": 3.0, "recovery_s": 0.5}})},
                "no-box": {0: ({"policy_stats": {}}, {})}}
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            tarplee_tables.relative_table(data, ["v", "no-box"], lambda mc: f"{mc[0]:.4g} ± {mc[1]:.2g}")
        lines = out.getvalue().splitlines()
        self.assertEqual(lines[2], "| v | 2 | 0.4 ± 1.3 | 2 ± 13 | 0.5 ± 0 |")
        self.assertEqual(len(lines), 4)  # header, rule, the one variant with a box, blank


class TarpleeBoundsTable(unittest.TestCase):
    def test_table_3_2(self):
        # Two trials: loose 10 and 20 (15 +- 12.706 x 5 = 63.53), convex 9 and 20 (14.5 +- 12.706 x 5.5 = 69.88),
        # exhaustive 8 and 20 (14 +- 12.706 x 6 = 76.24). The convex bound is strictly tighter in trial 0 only, the
        # exhaustive one too. A variant without the figures gets no row.
        def stats(loose, convex, exhaustive):
            return ({"policy_stats": {"area_lp_fill_mj_s": loose, "area_fill_convex_mj_s": convex,
                                      "area_fill_exhaustive_mj_s": exhaustive}}, {})
        data = {"v": {0: stats(10.0, 9.0, 8.0), 1: stats(20.0, 20.0, 20.0)}, "off": {0: ({"policy_stats": {}}, {})}}
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            tarplee_tables.bounds_table(data, ["v", "off"], lambda mc: f"{mc[0]:.4g} ± {mc[1]:.2g}")
        lines = out.getvalue().splitlines()
        self.assertEqual(lines[2], "| v | 15 ± 64 | 14.5 ± 70 | 14 ± 76 | 2 | 1 | 1 |")
        self.assertEqual(len(lines), 4)


class PaperFigureCheck(unittest.TestCase):
    """scripts/paper_figures.py --check: what it accepts and what it names."""

    def write(self, root, svg, png, md):
        (root / "figures").mkdir()
        (root / "figures" / "figure.svg").write_text(svg)
        (root / "figures" / "figure.png").write_bytes(png)
        (root / "comparison.md").write_text(md)

    def test_good_and_bad_figures(self):
        good_png = b"\x89PNG\r\n\x1a\n" + b"\0\0\0\x0dIHDR" + (640).to_bytes(4, "big") + (480).to_bytes(4, "big")
        svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'
        md = "# t\n\n## Figures\n\n![f](figures/figure.svg)\n"
        with tempfile.TemporaryDirectory() as d:
            root = pathlib.Path(d)
            cases = {"good": (svg, good_png, md),
                     "html": ("<html/>", good_png, md),
                     "truncated": (svg[:20], good_png, md),
                     "no-pixels": (svg, good_png[:16] + bytes(8), md),
                     "not-png": (svg, b"GIF89a" + bytes(18), md),
                     "two-sections": (svg, good_png, md + md),
                     "no-section": (svg, good_png, "# t\n")}
            found = {}
            for name, (s, p, m) in cases.items():
                (root / name).mkdir()
                self.write(root / name, s, p, m)
                found[name] = paper_figures.figure_problems(str(root / name))
            self.assertEqual(found["good"], [])
            self.assertEqual(found["html"], ["figure.svg has no <svg> root"])
            self.assertTrue(found["truncated"][0].startswith("figure.svg: "))
            self.assertEqual(found["no-pixels"], ["figure.png is empty (0 pixels)"])
            self.assertEqual(found["not-png"], ["figure.png is not a PNG"])
            for name in ("two-sections", "no-section"):
                self.assertEqual(found[name], ["comparison.md has not one Figures section showing figures/figure.svg"])
            self.assertEqual(len(paper_figures.figure_problems(str(root / "missing"))), 3)


class ProvisioningFront(unittest.TestCase):
    """scripts/provisioning_front.py: draws a front with its ellipses; a bad cell is file:line, exit 2."""

    SCRIPT = str(pathlib.Path(__file__).resolve().parents[2] / "scripts" / "provisioning_front.py")

    # matplotlib: the Debian interpreter where there is one, as `rmsim plot` picks it (sim/run/plot.cpp).
    PYTHON = "/usr/bin/python3" if os.access("/usr/bin/python3", os.X_OK) else sys.executable

    def run_on(self, folder, stem):
        return subprocess.run([self.PYTHON, "-B", self.SCRIPT, folder, stem], capture_output=True, text=True)

    def test_front_and_refusals(self):
        with tempfile.TemporaryDirectory() as d:
            root = pathlib.Path(d)
            (root / "front.csv").write_text("point,reward_rate,power_w\n0,0,0\n1,1.5,2000\n")
            ring = "".join("1,%f,%f\n" % (1.5 + 0.01 * math.cos(t / 2), 2000 + 30 * math.sin(t / 2))
                           for t in range(13))
            (root / "ellipses.csv").write_text("point,reward_rate,power_w\n" + ring)
            done = self.run_on(d, str(root / "fig"))
            self.assertEqual(done.returncode, 0, done.stderr)
            svg = (root / "fig.svg").read_text()
            self.assertIn("<svg", svg)
            self.assertIn("expected power (kW)", svg)
            (root / "ellipses.csv").write_text("point,reward_rate,power_w\n1,x,3\n")
            bad = self.run_on(d, str(root / "bad"))
            self.assertEqual(bad.returncode, 2)
            self.assertIn("ellipses.csv:2: column reward_rate is missing or not a number", bad.stderr)
            self.assertFalse((root / "bad.svg").exists())
            missing = self.run_on(str(root / "none"), str(root / "none"))
            self.assertEqual(missing.returncode, 2)
            self.assertIn("front.csv: no such file", missing.stderr)


# Two trials of Machovec Fig. 33 at the 85 % cap (2.31e6 J): utility earned and energy (MJ) per heuristic.
FIG33 = {
    "max-upr-ph": [(100.0, 2.30), (200.0, 2.31)],
    "max-upe-ph": [(110.0, 2.00), (240.0, 2.20)],
}


def write_fig33(root):
    for variant, rows in FIG33.items():
        for t, (utility, energy_mj) in enumerate(rows):
            d = root / f"{variant}_energy_budget_j=2.31e6" / f"trial-{t}"
            d.mkdir(parents=True)
            summary = {"utility": {"earned": utility}, "energy": {"total_j": energy_mj * 1e6}}
            (d / "summary.json").write_text(json.dumps(summary))


class MachovecFig33Table(TableOfFixture):
    script = machovec_fig33_table
    write = staticmethod(write_fig33)

    def test_only_the_caps_and_heuristics_that_ran(self):
        self.assertEqual(len(self.lines), 2 + 2)

    def test_max_upe_against_max_upr(self):
        # Utility (110 + 240) / 2 = 175, sd 130 / sqrt(2), half-width 12.706 * 65 = 825.89. Paired per trial
        # +10 % and +20 %: mean +15, sd 5 sqrt(2), half-width 12.706 * 5 = 63.53. Energy (2.0 + 2.2) / 2 = 2.1 MJ
        # +- 12.706 * 0.1 = 1.2706; of the cap 2.1 / 2.31 = 90.9 % +- 1.2706 / 2.31 = 55.0 %. Max UPR: 150 +-
        # 12.706 * 50 = 635.3; 2.305 MJ +- 12.706 * 0.005 = 0.0635, 99.8 % +- 2.75 % of the cap.
        self.assertEqual(self.lines[3], "| 2.31e6 | max-upe-ph | 175.0 ± 825.9 | +15.0 ± 63.5 % | 2.100 ± 1.271 | "
                                        "90.9 ± 55.0 % |")
        self.assertEqual(self.lines[2], "| 2.31e6 | max-upr-ph | 150.0 ± 635.3 | +0.0 ± 0.0 % | 2.305 ± 0.064 | "
                                        "99.8 ± 2.8 % |")


# Machovec Ch.5: surveillance values of three trials at two sweep points, Random and one heuristic.
UAV = {
    "random_rate_mean=0.05": [100.0, 200.0, 400.0],
    "max-value_rate_mean=0.05": [150.0, 200.0, 600.0],
    "random_rate_mean=0.1": [100.0, 100.0, 100.0],
    "max-value_rate_mean=0.1": [90.0, 130.0, 110.0],
}


def write_uav(root):
    for variant, values in UAV.items():
        for t, v in enumerate(values):
            d = root / variant / f"trial-{t}"
            d.mkdir(parents=True)
            (d / "summary.json").write_text(json.dumps({"policy_stats": {"surveillance_value": v}}))
            (d / "timing.json").write_text(json.dumps({"policy": {"heuristic_event_median_s": 0.001 * (t + 1),
                                                                  "heuristic_event_max_s": 0.01 * (t + 1)}}))


class UavTables(TableOfFixture):
    script = uav_tables
    write = staticmethod(write_uav)

    def test_paired_increase_over_random(self):
        # rate 0.05: +50 %, 0 %, +50 % per trial: mean 33.33, sd 28.87, half-width 4.303 * 28.87 / sqrt(3) =
        # 71.72; wins 2 of 3. rate 0.1: -10, +30, +10: mean 10, sd 20, half-width 4.303 * 20 / sqrt(3) = 49.69.
        self.assertEqual(self.lines[2], "| heuristic | rate_mean=0.05 | rate_mean=0.1 |")
        self.assertEqual(self.lines[4], "| random | +0.0 ± 0.0 (0/3) | +0.0 ± 0.0 (0/3) |")
        self.assertEqual(self.lines[5], "| max-value | +33.3 ± 71.7 (2/3) | +10.0 ± 49.7 (2/3) |")

    def test_mean_values(self):
        # max-value at 0.05: (150 + 200 + 600) / 3 = 316.67, sd 246.64, half-width 4.303 * 246.64 / sqrt(3) = 612.7.
        self.assertIn("| max-value | 317 ± 613 | 110 ± 50 |", self.lines)


if __name__ == "__main__":
    unittest.main()
