#!/usr/bin/env python3
"""scripts/compare_waits.py (the KTH-SP2 validation, docs/fidelity.md) on a five-job log computed by hand.

    python3 tests/scripts/test_compare_waits.py      # ctest runs it when CMake finds a Python 3
"""
import contextlib
import io
import json
import pathlib
import sys
import tempfile
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "scripts"))

import compare_waits  # noqa: E402

# SWF fields: job, submit, wait, run, procs, cpu, memory, requested procs, requested time, ... (18 in all).
# Job 2 has no recorded wait (-1): replayed, not compared. Job 3 has no run time: not replayed. Job 4 gives
# its size only as requested processors (field 8).
SWF = """; a comment line
1 0 100 50 4 -1 -1 4 60 -1 1 1 1 -1 1 -1 -1 -1
2 10 -1 20 2 -1 -1 2 60 -1 1 1 1 -1 1 -1 -1 -1
3 20 0 0 1 -1 -1 1 60 -1 0 1 1 -1 1 -1 -1 -1

4 30 700 5 -1 -1 -1 2 60 -1 1 1 1 -1 1 -1 -1 -1
5 40 40 1000 8 -1 -1 8 1200 -1 1 1 1 -1 1 -1 -1 -1
"""

# One row per replayed job (jobs 1, 2, 4, 5): rmsim waits 0, 5, 100, 700 s; runs 50, 20, 5, 1000 s.
TASKS = """id,arrival_s,first_start_s,end_s
0,0,0,50
1,10,15,35
2,30,130,135
3,40,740,1740
"""


def run_script(swf, tasks):
    with tempfile.TemporaryDirectory() as d:
        trace = pathlib.Path(d) / "log.swf"
        csv = pathlib.Path(d) / "tasks.csv"
        trace.write_text(swf)
        csv.write_text(tasks)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            compare_waits.main(["compare_waits.py", str(trace), str(csv)])
        return out.getvalue().splitlines()


class Ranks(unittest.TestCase):
    def test_ties_share_their_average_rank(self):
        # Sorted: 1 (rank 1), 3 (rank 2), 5 and 5 (ranks 3 and 4, each (3 + 4) / 2 = 3.5).
        self.assertEqual(compare_waits.ranks([5, 1, 5, 3]), [3.5, 1.0, 3.5, 2.0])

    def test_bounded_slowdown(self):
        self.assertEqual(compare_waits.bounded_slowdown(100, 50), 3.0)    # (100 + 50) / 50
        self.assertEqual(compare_waits.bounded_slowdown(700, 5), 70.5)    # (700 + 5) / 10: run below the bound
        self.assertEqual(compare_waits.bounded_slowdown(0, 5), 1.0)       # 5 / 10 < 1: at least 1


class Comparison(unittest.TestCase):
    def setUp(self):
        self.lines = run_script(SWF, TASKS)

    def test_jobs_compared(self):
        self.assertEqual(self.lines[0], "jobs compared: 3 (of 4 replayed; the rest have no recorded wait)")

    def test_means_and_medians(self):
        # Recorded waits of jobs 1, 4, 5: 100, 700, 40 (mean 840 / 3 = 280, median 100); rmsim's 0, 100, 700
        # (mean 800 / 3 = 266.67, median 100).
        self.assertEqual(self.lines[1], "mean wait (s):            recorded        280.0   rmsim        266.7")
        self.assertEqual(self.lines[2], "median wait (s):          recorded        100.0   rmsim        100.0")

    def test_spearman(self):
        # Ranks: recorded (2, 3, 1), rmsim (1, 2, 3); deviations from the mean 2: (0, 1, -1) and (-1, 0, 1):
        # sum of products -1 over sqrt(2 x 2) = -0.5.
        self.assertEqual(self.lines[3], "Spearman rank correlation of per-job waits: -0.500")

    def test_within_ten_minutes(self):
        # |100 - 0| = 100 and |700 - 100| = 600 (the bound itself counts) are within; |40 - 700| = 660 is not: 2 / 3.
        self.assertEqual(self.lines[4], "jobs whose rmsim wait is within 10 minutes of the recorded one: 66.7 %")

    def test_bounded_slowdowns(self):
        # Recorded: (100 + 50) / 50 = 3, (700 + 5) / 10 = 70.5, (40 + 1000) / 1000 = 1.04: mean 74.54 / 3 = 24.85.
        # rmsim: 50 / 50 = 1, (100 + 5) / 10 = 10.5, (700 + 1000) / 1000 = 1.7: mean 13.2 / 3 = 4.40.
        self.assertEqual(self.lines[5], "mean bounded slowdown (10 s): recorded        24.85   rmsim         4.40")


class SubmitOrder(unittest.TestCase):
    def test_a_log_out_of_submit_order_pairs_by_submit_time(self):
        # rmsim numbers its tasks by submit time: with job 5's line before job 4's (submits 40 and 30), task 2
        # is still job 4 and task 3 job 5, so every figure is the sorted log's.
        lines = SWF.splitlines(keepends=True)
        swapped = "".join(lines[:5] + [lines[6], lines[5]])
        self.assertEqual(run_script(swapped, TASKS), run_script(SWF, TASKS))


class Refusals(unittest.TestCase):
    def test_a_run_of_another_log_is_refused(self):
        with self.assertRaises(SystemExit) as e:
            run_script(SWF, "\n".join(TASKS.splitlines()[:-1]) + "\n")
        self.assertIn("4 replayable jobs", str(e.exception))
        self.assertIn("but 3 tasks", str(e.exception))

    def test_an_unfinished_run_is_refused(self):
        with self.assertRaises(SystemExit) as e:
            run_script(SWF, TASKS.replace("1,10,15,35", "1,10,,"))
        self.assertIn("task 1 never started", str(e.exception))


class Json(unittest.TestCase):
    def test_the_figures_as_json_with_the_kills_counted_from_the_state_column(self):
        # The same log; the fourth task ended killed. The figures are those printed above: mean waits 280 and
        # 800 / 3, Spearman -0.5, 2 of 3 within 10 minutes.
        tasks = "id,arrival_s,first_start_s,end_s,state\n0,0,0,50,completed\n1,10,15,35,completed\n" \
                "2,30,130,135,completed\n3,40,740,1740,killed\n"
        with tempfile.TemporaryDirectory() as d:
            trace, csv, out = (pathlib.Path(d) / n for n in ("log.swf", "tasks.csv", "out.json"))
            trace.write_text(SWF)
            csv.write_text(tasks)
            with contextlib.redirect_stdout(io.StringIO()):
                compare_waits.main(["compare_waits.py", str(trace), str(csv), "--json", str(out)])
            f = json.loads(out.read_text())
        self.assertEqual((f["jobs_replayed"], f["jobs_compared"], f["rmsim_killed"]), (4, 3, 1))
        self.assertAlmostEqual(f["recorded_mean_wait_s"], 280.0)
        self.assertAlmostEqual(f["rmsim_mean_wait_s"], 800 / 3)
        self.assertAlmostEqual(f["rmsim_spearman"], -0.5)
        self.assertAlmostEqual(f["rmsim_within_10_min_percent"], 200 / 3)


if __name__ == "__main__":
    unittest.main()
