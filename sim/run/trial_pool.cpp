#include "sim/run/trial_pool.h"

#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include "sim/run/exit_status.h"
#include "sim/run/progress.h"

namespace rmsim {

namespace {

/// Runs one trial in a forked child; returns its pid.
pid_t fork_trial(const Experiment& e, std::uint32_t trial, const TrialOptions& opt) {
    std::fflush(nullptr);
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid > 0) return pid;
    // A child outliving rmsim (killed with kill -9, or by a crash) would go on writing into a results folder
    // that a rerun may already be wiping or resuming: the kernel kills it when its parent dies. The parent
    // may have died between fork() and prctl(); then the child was already handed to another process.
    // (The signal follows the thread that forked: rmsim forks from its only thread.)
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) _exit(kExitInternal);
    const int code = exit_code_of([&] {
        run_trial(e, trial, opt);
        return kExitOk;
    });
    std::fflush(nullptr);
    _exit(code);
}

}  // namespace

std::size_t run_trial_pool(const RunPlan& plan, const std::set<std::size_t>& skip, const TrialOptions& opt,
                           unsigned jobs, const std::string& what) {
    const std::size_t total = plan.run_count() - skip.size();
    ProgressLine progress(opt.quiet);
    std::vector<pid_t> running;
    std::size_t next = 0, done = 0, failed = 0;
    while (next < plan.run_count() || !running.empty()) {
        if (skip.count(next)) {
            ++next;
            continue;
        }
        if (next < plan.run_count() && running.size() < jobs) {
            const TrialRun r = plan.run(next++);
            TrialOptions o = opt;
            o.out_dir = r.dir;
            o.provenance = r.provenance;
            running.push_back(fork_trial(plan.experiments[r.experiment], r.trial, o));
            continue;
        }
        int status = 0;
        const pid_t p = wait(&status);
        running.erase(std::remove(running.begin(), running.end(), p), running.end());
        ++done;
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) ++failed;
        progress.update(static_cast<double>(done) / total,
                        std::to_string(done) + " / " + std::to_string(total) + " runs");
    }
    progress.finish(what + " done" + (failed ? ", " + std::to_string(failed) + " failed" : ""));
    return failed;
}

}  // namespace rmsim
