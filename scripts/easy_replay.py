#!/usr/bin/env python3
"""An independent replay of an SWF log under Lifka's EASY backfilling, job by job beside rmsim's `easy`.

    scripts/easy_replay.py TRACE.swf[.gz] [RESULTS/tasks.csv] [--nodes N] [--clock-hz F] [--max-jobs N]
                           [--show K] [--out WAITS.csv] [--variant NAME ...]

Written from the rule, not from rmsim's code (Lifka 1995 as Mu'alem & Feitelson 2001, §2, state it), with
the conventions rmsim documents for its `swf` workload and its `requested` estimate model, at_limit: kill:
- replayed jobs: every job with a run time (field 4) > 0, a size (field 5, else field 8) > 0 and a submit
  time >= 0 (as scripts/compare_waits.py), numbered by submit time, file order at a tie; arrivals count from
  the first replayed job's submit time;
- the plan uses the requested time (field 9; the run time where it is unknown) and a job that reaches its
  request is killed there: it runs min(run time, request);
- one mapping event per instant at which jobs end or arrive: every end at t is registered before the
  arrivals at t (docs/architecture.md), then the rule runs once;
- times in whole nanoseconds: an arrival is (submit - first submit) in double precision, rounded up
  (SimTime::from_seconds, which tolerates only a double's noise on the difference, so two fractional submit
  times a decimal 0.508 s apart can give 0.508000001 s); a run time takes whole clock periods at P0
  (--clock-hz, 160 MHz on KTH-SP2), then whole ns, rounded up (platform/exec_rounding.h).
The rule at an event: start the queue's jobs in arrival order while each fits in the idle nodes; the first
that does not is the head. Its shadow time is the earliest time at which enough nodes are free for it, the
running jobs ending at their requested ends (a job past its request, with --variant no-kill, at any
moment); the extra nodes are all those free then beyond its need (every job ending at the shadow time
counted). Each later job, in arrival order, starts now if it fits in the idle nodes and either ends (by its
request) no later than the shadow time, or else needs no more than the extra nodes, which it then takes.

With tasks.csv (task i = the i-th replayed job), prints the fraction of jobs whose waits agree to the
nanosecond and within 1 s, and the first disagreements; exit status 1 if any wait differs.

--variant replays under another convention than rmsim's, to measure what each changes (on the whole KTH
trace, jobs whose wait then differs from rmsim's `kth-easy` run): no-kill (a job runs past its request,
as rmsim's at_limit: run; 1,689), strict-before (a backfill must end strictly before the shadow time; 354),
one-end-per-event (the ends at one instant registered one by one, an event after each; 474),
arrivals-first (at one instant an event for the arrivals, then one for the ends; 0),
one-arrival-per-event (0), shadow-first-fit (the shadow's scan stops at the first job that frees enough
nodes, so jobs ending at the same instant are left out of the extra nodes; 2,490), extra-first (a job that
fits the extra nodes takes them even when it ends by the shadow time; 1,281). tests/scripts/
test_easy_replay.py has a hand-made log for each. Python 3 standard library only.
"""
import argparse
import csv
import decimal
import heapq
import math
import sys

from compare_waits import replayed_records

NS = 1_000_000_000
CLOCK_HZ = 160e6  # configs/platforms/kth-sp2.yaml, P0


def ceil_tolerant(x, abs_tol):
    """platform/exec_rounding.h: ceil(x), but x within representation noise of a whole number gives it."""
    r = round(x)  # to nearest, ties to even
    return r if abs(x - r) <= abs_tol + 1e-15 * abs(x) else math.ceil(x)


def to_ns(seconds):
    """SimTime::from_seconds: whole nanoseconds, rounded up (representation noise tolerated)."""
    return 0 if seconds <= 0 else int(ceil_tolerant(seconds * NS, 1e-6))


def run_ns(seconds, clock_hz):
    """What the modeled core takes for a run time at P0: whole clock periods, then whole ns, rounded up."""
    cycles = ceil_tolerant(seconds * clock_hz, 1e-9)
    return 0 if cycles <= 0 else int(ceil_tolerant(cycles / clock_hz * NS, 1e-6))


def read_jobs(path, max_jobs=None, clock_hz=CLOCK_HZ):
    """The replayed jobs in rmsim's task order (by arrival, file order at a tie): dicts with the SWF job
    number, arrival (ns, from the first replayed job's submit), size, run time and requested time (ns; None
    where unknown)."""
    jobs, origin = [], None
    for fields, submit, run, procs in replayed_records(path):
        req = float(fields[8])
        if origin is None:
            origin = submit
        if submit < origin:
            raise SystemExit(f"{path}: job {fields[0]} is submitted before the first replayed job, which "
                             "rmsim refuses (its arrivals count from that job's submit time)")
        jobs.append({"number": int(fields[0]), "arrival": to_ns(submit - origin), "procs": procs,
                     "run": run_ns(run, clock_hz), "req": to_ns(req) if req > 0 else None})
        if max_jobs is not None and len(jobs) >= max_jobs:
            break
    jobs.sort(key=lambda j: j["arrival"])  # stable
    return jobs


def replay(jobs, nodes, variant=()):
    """Each job's start (ns) under EASY; jobs wider than the machine never start (None). `variant` holds
    other conventions, for measuring what each changes (none is rmsim's)."""
    start = [None] * len(jobs)
    order = range(len(jobs))  # read_jobs() sorted them by arrival
    planned = [j["req"] if j["req"] is not None else j["run"] for j in jobs]
    if "no-kill" in variant:
        actual = [j["run"] for j in jobs]
    else:
        actual = [min(j["run"], j["req"]) if j["req"] is not None else j["run"] for j in jobs]
    free = nodes
    running = {}   # job -> planned end
    ends = []      # heap of (actual end, job)
    queue = []     # waiting jobs in arrival order
    nxt = 0
    while nxt < len(order) or ends:
        now = min(jobs[order[nxt]]["arrival"] if nxt < len(order) else math.inf, ends[0][0] if ends else math.inf)
        if "arrivals-first" in variant and nxt < len(order) and jobs[order[nxt]]["arrival"] == now and \
                ends and ends[0][0] == now:
            pass  # this event takes the arrivals only; the ends at now make a second event
        else:
            while ends and ends[0][0] == now:  # ends before arrivals
                _, j = heapq.heappop(ends)
                free += jobs[j]["procs"]
                del running[j]
                if "one-end-per-event" in variant:
                    break
        if not ("one-end-per-event" in variant and ends and ends[0][0] == now):
            while nxt < len(order) and jobs[order[nxt]]["arrival"] == now:
                j = order[nxt]
                nxt += 1
                if jobs[j]["procs"] <= nodes:
                    queue.append(j)
                if "one-arrival-per-event" in variant:
                    break

        def run_now(j):
            nonlocal free
            start[j] = now
            free -= jobs[j]["procs"]
            running[j] = now + planned[j]
            heapq.heappush(ends, (now + actual[j], j))

        # (1) FCFS while the jobs fit.
        k = 0
        while k < len(queue) and jobs[queue[k]]["procs"] <= free:
            run_now(queue[k])
            k += 1
        if k == len(queue):
            queue = []
            continue
        head = queue[k]
        rest = queue[k + 1:]
        # (2) The head's shadow time and extra nodes.
        need = jobs[head]["procs"]
        avail = free
        shadow = now
        for end, j in sorted((max(e, now + 1), j) for j, e in running.items()):  # overrun: ends any moment
            if avail >= need and (end > shadow or "shadow-first-fit" in variant):
                break
            avail += jobs[j]["procs"]
            shadow = end
        extra = avail - need
        # (3) Backfill the later jobs.
        waiting = [head]
        for j in rest:
            p = jobs[j]["procs"]
            ends_by = now + planned[j] < shadow if "strict-before" in variant else now + planned[j] <= shadow
            if "extra-first" in variant and p <= free and p <= extra:
                extra -= p
                run_now(j)
            elif p <= free and ends_by:
                run_now(j)
            elif p <= free and p <= extra:
                extra -= p
                run_now(j)
            else:
                waiting.append(j)
        queue = waiting
    return start


def decimal_ns(text):
    """tasks.csv's seconds (printed to the ns) as whole ns, exactly."""
    return int(decimal.Decimal(text) * NS)


def rmsim_waits(path):
    """Each task's wait in ns (None if it never started)."""
    waits = []
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            s = row["first_start_s"]
            waits.append(None if not s else decimal_ns(s) - decimal_ns(row["arrival_s"]))
    return waits


def agreement(mine, theirs):
    """(identical, within 1 s) counts of two lists of waits in ns."""
    exact = sum(x == y for x, y in zip(mine, theirs))
    close = sum(x == y or (x is not None and y is not None and abs(x - y) <= NS) for x, y in zip(mine, theirs))
    return exact, close


def waits(jobs, start):
    """Each job's wait in ns (None if it never started)."""
    return [None if s is None else s - j["arrival"] for j, s in zip(jobs, start)]


def seconds(ns):
    return "never" if ns is None else f"{ns / NS:.9f}".rstrip("0").rstrip(".")


VARIANTS = ["no-kill", "strict-before", "one-end-per-event", "arrivals-first", "one-arrival-per-event",
            "shadow-first-fit", "extra-first"]


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    ap.add_argument("trace")
    ap.add_argument("tasks", nargs="?", help="rmsim's tasks.csv of the same replay")
    ap.add_argument("--nodes", type=int, default=100, help="the machine's nodes (default 100, KTH-SP2)")
    ap.add_argument("--clock-hz", type=float, default=CLOCK_HZ, help="P0 clock (default 160e6, KTH-SP2)")
    ap.add_argument("--max-jobs", type=int, help="replay at most this many jobs (the swf workload's max_jobs)")
    ap.add_argument("--show", type=int, default=10, help="disagreements listed (default 10)")
    ap.add_argument("--variant", action="append", default=[], choices=VARIANTS,
                    help="replay under another convention than rmsim's, to measure what it changes")
    ap.add_argument("--out", help="write this replay's per-job arrival, start and wait (s) as CSV")
    a = ap.parse_args(argv[1:])
    jobs = read_jobs(a.trace, a.max_jobs, a.clock_hz)
    start = replay(jobs, a.nodes, a.variant)
    mine = waits(jobs, start)
    if a.out:
        with open(a.out, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["id", "job", "arrival_s", "start_s", "wait_s"])
            for i, (j, s) in enumerate(zip(jobs, start)):
                w.writerow([i, j["number"], seconds(j["arrival"]), "" if s is None else seconds(s),
                            "" if s is None else seconds(mine[i])])
    started = [x for x in mine if x is not None]
    print(f"jobs replayed: {len(jobs)}; mean wait {sum(started) / NS / max(1, len(started)):.1f} s")
    if not a.tasks:
        return 0
    theirs = rmsim_waits(a.tasks)
    if len(theirs) != len(jobs):
        raise SystemExit(f"{len(jobs)} replayed jobs in {a.trace} but {len(theirs)} tasks in {a.tasks}")
    exact, close = agreement(mine, theirs)
    n = len(jobs)
    print(f"waits identical: {exact} of {n} ({100 * exact / n:.2f} %); within 1 s: {close} ({100 * close / n:.2f} %)")
    shown = 0
    for i, (x, y) in enumerate(zip(mine, theirs)):
        if x != y and shown < a.show:
            j = jobs[i]
            if shown == 0:
                print("first disagreements: task, SWF job, arrival, nodes, request, run, wait here, wait in rmsim (s)")
            print(f"  {i} {j['number']} {seconds(j['arrival'])} {j['procs']} {seconds(j['req'])} "
                  f"{seconds(j['run'])} {seconds(x)} {seconds(y)}")
            shown += 1
    return 0 if exact == n else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
