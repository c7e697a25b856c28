// rmsim-mpi: `mpirun -np R rmsim-mpi run CONFIG --out DIR [options of rmsim run]` (docs/scale-out.md). Every
// rank loads and checks the config; rank 0 makes --out ready (--resume and --force as for `rmsim run`); the
// (variant, trial) pairs are split into R shards as `rmsim run --shard` splits them (sim/run/shards.h), and
// rank r runs shard r, each trial in a forked child (the SystemC kernel is process-global), up to --jobs at a
// time, into the one --out folder. Once every rank is done, rank 0 writes aggregate.json and the comparison
// tables. The files are the bytes `rmsim run` writes on one machine (timing.json aside). Built only where
// CMake finds MPI; the children never call MPI.
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <systemc>

#include "sim/config/plugins.h"
#include "sim/run/cli_args.h"
#include "sim/run/exit_status.h"
#include "sim/run/progress.h"
#include "sim/run/run_folder.h"
#include "sim/run/run_plan.h"
#include "sim/run/run_results.h"
#include "sim/run/trial_pool.h"
#include "sim/run/trial_runner.h"

namespace rmsim {

namespace {

/// Waits for a non-blocking collective without spinning on a core: ranks that finish early would otherwise
/// poll MPI at full speed beside the ranks still simulating (mpirun --oversubscribe).
void wait_gently(MPI_Request& request) {
    for (int done = 0;;) {
        MPI_Test(&request, &done, MPI_STATUS_IGNORE);
        if (done) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

/// The sum of `value` over the ranks, waited for gently.
long long sum_over_ranks(long long value) {
    long long sum = 0;
    MPI_Request request;
    MPI_Iallreduce(&value, &sum, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD, &request);
    wait_gently(request);
    return sum;
}

/// After a step that may fail on any rank: the exit code of the lowest failing rank (0 if none), whose message
/// (held back in `held` on ranks other than 0) is printed once.
int agree_on_failure(int code, int rank, int ranks, const std::string& held) {
    int failing = code == kExitOk ? ranks : rank, lowest = ranks;
    MPI_Allreduce(&failing, &lowest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (lowest == ranks) return kExitOk;
    if (rank == lowest && rank != 0) std::cerr << "rmsim-mpi: rank " << rank << ": " << held;
    int agreed = code;
    MPI_Bcast(&agreed, 1, MPI_INT, lowest, MPI_COMM_WORLD);
    return agreed;
}

int mpi_run(const std::vector<std::string>& args, int rank, int ranks) {
    // Ranks other than 0 are quiet: their errors are held back, and printed only if rank 0 did not fail alike.
    std::ostringstream held;
    std::streambuf* stderr_buf = rank == 0 ? nullptr : std::cerr.rdbuf(held.rdbuf());
    RunArgs a;
    std::optional<RunPlan> plan;
    std::optional<EmptyFoldersOnFailure> cleanup;
    std::set<std::size_t> kept;
    double period_s = 0;
    int code = exit_code_of([&] {
        const CliArgs c = parse_cli_args(args);
        if (c.command != CliCommand::kRun)
            usage_error("rmsim-mpi runs `rmsim-mpi run CONFIG [options]` under mpirun (docs/scale-out.md)");
        if (c.run.shard) usage_error("--shard: rmsim-mpi splits the run over its ranks itself");
        for (const std::string& p : c.plugins) load_plugin(p, SourceLocation{"rmsim", 0, 0});
        a = c.run;
        if (rank != 0) a.quiet = true;
        period_s = progress_period_s();
        plan.emplace(plan_run(a));
        if (rank == 0) {
            cleanup.emplace(a.out);
            kept = prepare_out(*plan, a.rerun);
        }
        return kExitOk;
    });
    if (stderr_buf) std::cerr.rdbuf(stderr_buf);
    code = agree_on_failure(code, rank, ranks, held.str());
    if (code != kExitOk) return code;
    // The trials rank 0 found finished (--resume), then every rank's shard of the rest.
    unsigned long long count = kept.size();
    MPI_Bcast(&count, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
    std::vector<unsigned long long> finished(kept.begin(), kept.end());
    finished.resize(count);
    MPI_Bcast(finished.data(), static_cast<int>(count), MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
    std::set<std::size_t> skip(finished.begin(), finished.end());
    const std::vector<std::uint32_t> of = plan->split(static_cast<std::uint32_t>(ranks));
    for (std::size_t i = 0; i < of.size(); ++i)
        if (of[i] != static_cast<std::uint32_t>(rank)) skip.insert(i);
    TrialOptions opt;
    opt.quiet = a.quiet;
    opt.trace = a.trace;
    opt.progress_period_s = period_s;
    const std::string what = "rank 0 of " + std::to_string(ranks) + ": " +
                             std::to_string(plan->run_count() - skip.size()) + " of " +
                             std::to_string(plan->run_count() - count) + " runs";
    long long failed = 0, bad_input = 0;
    const int pool = exit_code_of([&] {
        std::size_t bad = 0;
        failed = static_cast<long long>(run_trial_pool(*plan, skip, opt, a.jobs, what, &bad));
        bad_input = static_cast<long long>(bad);
        return kExitOk;
    });
    if (pool != kExitOk) failed += 1;
    failed = sum_over_ranks(failed);
    bad_input = sum_over_ranks(bad_input);
    // Runs that all failed on the user's input (a streamed workload's bad line) are the user's mistake, as
    // with rmsim run: exit 2, their file:line:col messages above.
    const int failure = failed == bad_input ? kExitBadInput : kExitInternal;
    if (rank != 0) return failed ? failure : kExitOk;
    if (failed) {
        if (failure == kExitInternal)
            std::cerr << "rmsim-mpi: " << failed << " runs failed (their messages are above)\n";
        return failure;
    }
    code = exit_code_of([&] {
        write_run_results(*plan, a.out);
        cleanup->keep();
        if (!a.quiet) print_run_results(*plan);
        return kExitOk;
    });
    return code;
}

}  // namespace

}  // namespace rmsim

extern "C" int sc_main(int argc, char** argv) {
    sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
    MPI_Init(&argc, &argv);
    int rank = 0, ranks = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    const int code = rmsim::mpi_run(std::vector<std::string>(argv + 1, argv + argc), rank, ranks);
    // Every rank ends with the same code, so that mpirun reports the run's outcome once.
    int worst = code;
    MPI_Allreduce(&code, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    return worst;
}

// Replaces libsystemc's main() to silence the kernel's banner (as sim/main.cpp does).
int main(int argc, char** argv) {
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
    return sc_core::sc_elab_and_sim(argc, argv);
}
