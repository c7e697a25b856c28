#!/usr/bin/python3
"""Reads a batsim_jobs.csv as evalys reads a Batsim jobs output (pandas.read_csv, then arithmetic on the
time columns and the interval sets of allocated_resources) and checks what evalys relies on: the 17 columns
in Batsim's order, numeric columns that parse as numbers, interval sets of resource ids.
    check_batsim_jobs.py FILE   (exit 0: fine; 1: a problem, printed; 77: pandas is not installed)"""
import sys

try:
    import pandas as pd
except ImportError:
    print("pandas is not installed (scripts/install-deps.sh installs python3-pandas)")
    sys.exit(77)

COLUMNS = ["job_id", "workload_name", "profile", "submission_time", "requested_number_of_resources",
           "requested_time", "success", "final_state", "starting_time", "execution_time", "finish_time",
           "waiting_time", "turnaround_time", "stretch", "allocated_resources", "consumed_energy", "metadata"]
NUMERIC = ["submission_time", "requested_number_of_resources", "requested_time", "success", "starting_time",
           "execution_time", "finish_time", "waiting_time", "turnaround_time", "stretch", "consumed_energy"]


def intervals(text):
    """Batsim's interval set "0-3 8 10-11" as the list of ids (evalys's ProcSet parses it so)."""
    ids = []
    for part in str(text).split():
        lo, _, hi = part.partition("-")
        ids.extend(range(int(lo), int(hi or lo) + 1))
    return ids


def main(path):
    df = pd.read_csv(path)
    if list(df.columns) != COLUMNS:
        print("columns", list(df.columns), "are not Batsim's", COLUMNS)
        return 1
    for c in NUMERIC:
        if not pd.api.types.is_numeric_dtype(df[c]):
            print("column", c, "is not numeric:", df[c].dtype)
            return 1
    done = df[df.success == 1]
    # evalys: finish = start + execution, waiting = start - submission, turnaround = finish - submission.
    for a, b in [(done.finish_time, done.starting_time + done.execution_time),
                 (done.waiting_time, done.starting_time - done.submission_time),
                 (done.turnaround_time, done.finish_time - done.submission_time)]:
        if ((a - b).abs() > 1e-6).any():
            print("times do not add up:\n", pd.concat([a, b], axis=1))
            return 1
    for _, row in done.iterrows():
        ids = intervals(row.allocated_resources)
        if len(ids) != row.requested_number_of_resources or len(set(ids)) != len(ids):
            print("job", row.job_id, "allocated", row.allocated_resources, "for", row.requested_number_of_resources)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
