#!/usr/bin/env python3
"""Tarplee's scale studies (Ch.2 §2.6, Ch.4 §4.5, Fig. 4.2) on bench_tarplee_lp_makespan, without the simulator:
every case of docs/fidelity.md's "Tarplee" scale claims run once, their figures gathered into one JSON object
{case: {figure: value or [values]}} (what scripts/fidelity.py collect reads into the summary tarplee-scale).

    make bench && scripts/tarplee_scale_study.py build/bench_tarplee_lp_makespan OUT.json    # about 30 s

The cases: LP-makespan against min-min at 10^6 tasks x 10^3 machines; LP-makespan alone at 10^7 and 10^8 tasks
on 10^4 machines (15 x 10 types, U(1 s, 10 s)); 30 task types x 9 machine types on 36,000 machines for 10^5-10^8
tasks; 1.1 x 10^6 tasks on 360-360,000 machines; 10-1,000 task types; 3-300 machine types; the profit LP's time
at 10^4-10^6 tasks on 360 machines (gamma 1.2); Fig. 4.2's relative decrease in profit rate over 100 bags at
28, 278 and 2,778 tasks per machine for gamma 1.01, 1.2 and 1.5 without idle power, and gamma 1.01 and 1.2
with 10 % idle power. Times are the machine's: run it on a quiet machine.
"""
import json
import pathlib
import subprocess
import sys
import tempfile

T30 = ["--task-types", "30", "--machine-types", "9"]


def cases():
    yield "speed-1e6", ["--tasks", "1000000", "--machines", "1000", "--min-min", "--repeats", "3"]
    yield "speed-1e7", ["--tasks", "10000000", "--machines", "10000", "--repeats", "3"]
    yield "speed-1e8", ["--tasks", "100000000", "--machines", "10000", "--repeats", "3"]
    for n in ("100000", "1000000", "10000000", "100000000"):
        yield f"scaled-{n}", ["--tasks", n, "--machines", "36000", *T30, "--repeats", "1"]
    for m in ("360", "3600", "36000", "360000"):
        yield f"machines-{m}", ["--tasks", "1100000", "--machines", m, *T30, "--repeats", "3"]
    for t in ("10", "30", "100", "300", "1000"):
        yield f"task-types-{t}", ["--tasks", "1100000", "--machines", "36000", "--task-types", t,
                                  "--machine-types", "9", "--repeats", "3"]
    for m in ("3", "9", "30", "90", "300"):
        yield f"machine-types-{m}", ["--tasks", "1100000", "--machines", "36000", "--task-types", "30",
                                     "--machine-types", m, "--repeats", "3"]
    for n in ("10000", "100000", "1000000"):
        yield f"profit-time-{n}", ["--tasks", n, "--machines", "360", *T30, "--profit", "1.2", "--repeats", "5"]
    for idle, gammas in (("0", ("1.01", "1.2", "1.5")), ("0.1", ("1.01", "1.2"))):
        for g in gammas:
            for n in ("10000", "100000", "1000000"):
                yield f"fig42-idle-{idle}-gamma-{g}-{n}", ["--tasks", n, "--machines", "360", *T30, "--profit", g,
                                                           "--idle", idle, "--bags", "100", "--repeats", "1"]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    bench, out = sys.argv[1], pathlib.Path(sys.argv[2])
    figures = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, args in cases():
            path = pathlib.Path(tmp) / f"{name}.json"
            subprocess.run([bench, *args, "--json", str(path)], check=True, stdout=subprocess.DEVNULL)
            figures[name] = json.loads(path.read_text())
            print(name, " ".join(args), flush=True)
    out.write_text(json.dumps(figures, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
