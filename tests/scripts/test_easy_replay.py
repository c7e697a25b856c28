#!/usr/bin/env python3
"""scripts/easy_replay.py, the independent replay of EASY (Lifka's rule), on hand-made logs whose starts are
computed by hand; each convention the script can vary (--variant) on a log where it moves a start; and, given
rmsim, rmsim's `easy` on the same logs and on the whole KTH-SP2 trace, job by job.

    python3 tests/scripts/test_easy_replay.py [--rmsim build/rmsim]   # ctest passes the rmsim it built

Every log runs on KTH-SP2's 100 nodes (configs/platforms/kth-sp2.yaml), planning with the request (field 9)
and killing a job at it; the whole trace as configs/experiments/kth-easy.yaml runs it, a job past its request
running on (at_limit: run, the replay's --variant no-kill).
"""
import contextlib
import io
import pathlib
import subprocess
import sys
import tempfile
import unittest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import easy_replay  # noqa: E402

RMSIM = None  # --rmsim PATH, taken out of the arguments before unittest reads them
if "--rmsim" in sys.argv:
    _i = sys.argv.index("--rmsim")
    RMSIM = sys.argv[_i + 1]
    del sys.argv[_i:_i + 2]
NS = easy_replay.NS


def swf(jobs):
    """SWF lines for (submit, run, nodes, request) tuples, numbered from 1."""
    return "".join(f"{i} {s} -1 {r} {n} -1 -1 {n} {q} -1 1 1 1 -1 1 -1 -1 -1\n"
                   for i, (s, r, n, q) in enumerate(jobs, 1))


# Each log: its jobs (submit, run, nodes, request), the starts (s) under rmsim's conventions, a convention
# that moves them and the starts under it. The arithmetic is in the comments.
LOGS = {
    # Kill at the request. Job 1 (100 nodes, request 100 s) would run 150 s: killed at 100, job 2 starts
    # then. Run on (no-kill, as rmsim's at_limit: run), job 2 waits for its real end at 150.
    "kill at the request": ([(0, 150, 100, 100), (10, 50, 100, 50)], [0, 100], "no-kill", [0, 150]),
    # Ends exactly at the shadow time. Job 1 holds 60 nodes until 100; job 2 (100 nodes) is the head, shadow
    # time 100, no extra nodes. Job 3 (40 nodes, request 98 s) arrives at 2 and ends at 100: it does not
    # delay the head, so it backfills at 2. Requiring it to end strictly before the shadow time, it waits
    # for the head's end at 150.
    "a backfill ending at the shadow time": ([(0, 100, 60, 100), (1, 50, 100, 50), (2, 98, 40, 98)],
                                             [0, 100, 2], "strict-before", [0, 100, 150]),
    # Ends at one instant. Jobs 1 and 2 (50 nodes each) both end at 100, job 2 well before its request
    # (300). Job 3 (100 nodes) is the head from 1; job 4 (50 nodes, 150 s) waits behind it. At 100, with both
    # ends registered, the head starts and job 4 follows it at 200. Registering one end (job 1's) and
    # scheduling before the other, job 4 backfills at 100 (it ends at 250, before job 2's planned end at 300,
    # the shadow time then) and the head waits for it until 250.
    "two ends at one instant": ([(0, 100, 50, 100), (0, 100, 50, 300), (1, 100, 100, 100), (2, 150, 50, 150)],
                                [0, 0, 100, 200], "one-end-per-event", [0, 0, 250, 100]),
    # An end and an arrival at one instant. Job 1 (60 nodes, request 200) ends at 100; job 2 (100 nodes) is
    # the head; job 3 (40 nodes, 50 s) arrives at 100. Ends first: the head starts at 100, job 3 after it at
    # 200. Arrivals first: job 3 backfills on the 40 idle nodes (it ends at 150, before the shadow time 200)
    # and the head, once job 1's end is seen, waits for it until 150.
    "an end and an arrival at one instant": ([(0, 100, 60, 200), (1, 100, 100, 100), (100, 50, 40, 50)],
                                             [0, 100, 200], "arrivals-first", [0, 150, 100]),
    # Extra nodes when several jobs end at the shadow time. Jobs 1 (50 nodes) and 2 (30) end at 100; job 3
    # (60 nodes) is the head, shadow time 100: 20 + 50 + 30 = 100 nodes are free then, 40 extra. Job 4
    # (20 nodes, 500 s) takes 20 of them at 2. Stopping the scan at job 1 (20 + 50 = 70 nodes free, enough)
    # leaves 10 extra nodes, and job 4 waits until the head starts at 100.
    "extra nodes from jobs ending at the shadow time": ([(0, 100, 50, 100), (0, 100, 30, 100), (1, 100, 60, 100),
                                                         (2, 500, 20, 500)],
                                                        [0, 0, 100, 2], "shadow-first-fit", [0, 0, 100, 100]),
    # Extra nodes are not taken by a backfill that ends by the shadow time. Job 1 holds 80 nodes until
    # 100; job 2 (90 nodes) is the head, shadow time 100, 10 extra nodes. At 2, job 3 (10 nodes, 50 s) ends by
    # 100 and leaves the extra nodes; job 4 (10 nodes, 500 s) takes them: both start at 2. If job 3 took the
    # extra nodes, job 4 would wait for the next event, job 3's end at 52.
    "a short backfill leaves the extra nodes": ([(0, 100, 80, 100), (1, 100, 90, 100), (2, 50, 10, 50),
                                                 (2, 500, 10, 500)],
                                                [0, 100, 2, 2], "extra-first", [0, 100, 2, 52]),
}

# Fractional submit times: job 2 is submitted 0.508 s after job 1, but 20.85 - 20.342 is 0.5080000000000027
# in double precision, and SimTime::from_seconds rounds it up to 0.508000001 s. Job 1 holds the 100 nodes
# until 10, so job 2 waits 9.491999999 s (a decimal replay would say 9.492).
ROUNDING = [(20.342, 10, 100, 10), (20.85, 1, 100, 1)]

# A log out of submit order is replayed in submit order (file order at a tie): job 3 (submitted at 3) is the
# second task, and the first of jobs 2 and 3 to start when job 1 ends at 10; job 2 follows at 30.
UNSORTED = [(0, 10, 100, 10), (5, 20, 60, 20), (3, 20, 60, 20)]


def write_log(d, name, jobs):
    path = pathlib.Path(d) / f"{name}.swf"
    path.write_text(swf(jobs))
    return path


def replay_starts(path, variant=()):
    jobs = easy_replay.read_jobs(str(path))
    return [s / NS for s in easy_replay.replay(jobs, 100, variant)]


def rmsim_run(d, log, tag):
    """rmsim's tasks.csv for `log` under easy on KTH-SP2."""
    cfg = pathlib.Path(d) / f"{tag}.yaml"
    cfg.write_text(f"platform: {ROOT / 'configs/platforms/kth-sp2.yaml'}\n"
                   f"workload:\n  swf: {{path: {log}}}\n"
                   "manager:\n  policy: easy\n  estimate: {model: requested, at_limit: kill}\n")
    out = pathlib.Path(d) / f"out-{tag}"
    subprocess.run([RMSIM, "run", str(cfg), "--out", str(out)], check=True, capture_output=True)
    return out / "tasks.csv"


def rmsim_starts(tasks_csv):
    with open(tasks_csv, newline="") as f:
        return [easy_replay.decimal_ns(r["first_start_s"]) / NS for r in easy_replay.csv.DictReader(f)]


class HandMade(unittest.TestCase):
    def test_lifka_starts(self):
        with tempfile.TemporaryDirectory() as d:
            for name, (jobs, starts, _, _) in LOGS.items():
                with self.subTest(name):
                    self.assertEqual(replay_starts(write_log(d, "log", jobs)), starts)

    def test_each_variant_moves_a_start(self):
        with tempfile.TemporaryDirectory() as d:
            for name, (jobs, _, variant, starts) in LOGS.items():
                with self.subTest(name):
                    self.assertEqual(replay_starts(write_log(d, "log", jobs), (variant,)), starts)

    def test_arrivals_rounded_up_from_the_double_difference(self):
        with tempfile.TemporaryDirectory() as d:
            jobs = easy_replay.read_jobs(str(write_log(d, "log", ROUNDING)))
            self.assertEqual([j["arrival"] for j in jobs], [0, 508_000_001])
            self.assertEqual(easy_replay.waits(jobs, easy_replay.replay(jobs, 100)), [0, 9_491_999_999])

    def test_replayed_in_submit_order(self):
        with tempfile.TemporaryDirectory() as d:
            path = write_log(d, "log", UNSORTED)
            self.assertEqual([j["number"] for j in easy_replay.read_jobs(str(path))], [1, 3, 2])
            self.assertEqual(replay_starts(path), [0, 10, 30])


@unittest.skipIf(RMSIM is None, "no --rmsim given")
class AgainstRmsim(unittest.TestCase):
    def test_hand_made_logs(self):
        with tempfile.TemporaryDirectory() as d:
            for i, (name, (jobs, starts, _, _)) in enumerate(LOGS.items()):
                with self.subTest(name):
                    self.assertEqual(rmsim_starts(rmsim_run(d, write_log(d, f"log{i}", jobs), f"log{i}")), starts)
            tasks = rmsim_run(d, write_log(d, "rounding", ROUNDING), "rounding")
            self.assertEqual(easy_replay.rmsim_waits(tasks), [0, 9_491_999_999])
            self.assertEqual(rmsim_starts(rmsim_run(d, write_log(d, "unsorted", UNSORTED), "unsorted")), [0, 10, 30])

    def test_kth_every_job(self):
        # The whole trace (28,467 jobs; under a second for each side): every wait identical to the ns. The config
        # lets a job run past its request (at_limit: run), as the log records 475 doing: --variant no-kill.
        with tempfile.TemporaryDirectory() as d:
            out = pathlib.Path(d) / "kth"
            subprocess.run([RMSIM, "run", str(ROOT / "configs/experiments/kth-easy.yaml"), "--out", str(out)],
                           check=True, capture_output=True)
            text = io.StringIO()
            with contextlib.redirect_stdout(text):
                rc = easy_replay.main(["easy_replay.py", str(ROOT / "configs/traces/KTH-SP2-1996-2.swf.gz"),
                                       str(out / "tasks.csv"), "--variant", "no-kill"])
            self.assertEqual(rc, 0, text.getvalue())
            self.assertIn("waits identical: 28467 of 28467", text.getvalue())


if __name__ == "__main__":
    unittest.main()
