#include "sim/run/trial_pool.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <csignal>

#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/run/exit_status.h"
#include "sim/run/progress.h"

namespace rmsim {

namespace {

/// A trial running in a child process: the read end of its pipe reports its progress and, at end of file, that
/// the child has ended (no other process holds the write end).
struct Child {
    pid_t pid = -1;
    int fd = -1;
    std::string name;     ///< "fcfs trial 2" ("trial 2" without variants)
    std::string pending;  ///< bytes of a record not yet read whole
    bool reported = false;
    TrialProgress latest;
};

/// Runs one trial in a forked child; returns its pid. The child closes `unused` (the pool's ends of the pipes).
pid_t fork_trial(const Experiment& e, std::uint32_t trial, const TrialOptions& opt, const std::vector<int>& unused) {
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
    for (int fd : unused) close(fd);
    const int code = exit_code_of([&] {
        run_trial(e, trial, opt);
        return kExitOk;
    });
    std::fflush(nullptr);
    _exit(code);
}

/// Reads what `c`'s pipe holds; false at end of file (the child has ended).
bool read_reports(Child& c) {
    char buf[64 * sizeof(TrialProgress)];
    const ssize_t n = read(c.fd, buf, sizeof buf);
    if (n < 0) return errno == EINTR || errno == EAGAIN;
    if (n == 0) return false;
    c.pending.append(buf, static_cast<std::size_t>(n));
    const std::size_t whole = c.pending.size() / sizeof(TrialProgress);
    if (whole > 0) {
        std::memcpy(&c.latest, c.pending.data() + (whole - 1) * sizeof(TrialProgress), sizeof(TrialProgress));
        c.reported = true;
        c.pending.erase(0, whole * sizeof(TrialProgress));
    }
    return true;
}

/// "fcfs trial 2 at 3600 s simulated (120 / 400 tasks finished)", or "fcfs trial 2 starting" before its first
/// report.
std::string describe(const Child& c) {
    if (!c.reported) return c.name + " starting";
    return c.name + " at " + std::to_string(c.latest.simulated_ns / 1000000000) + " s simulated (" +
           std::to_string(c.latest.finished) + " / " + std::to_string(c.latest.tasks) + " tasks finished)";
}

}  // namespace

std::size_t run_trial_pool(const RunPlan& plan, const std::set<std::size_t>& skip, const TrialOptions& opt,
                           unsigned jobs, const std::string& what, std::size_t* bad_input) {
    const std::size_t total = plan.run_count() - skip.size();
    ProgressLine progress(opt.quiet, opt.progress_period_s);
    // Off a terminal the lines say where each running trial is: the children report (sim/run/progress.h).
    const bool report = progress.logs();
    std::vector<Child> running;
    std::size_t next = 0, done = 0, failed = 0;
    auto runs_done = [&] { return std::to_string(done) + " / " + std::to_string(total) + " runs"; };
    while (next < plan.run_count() || !running.empty()) {
        if (skip.count(next)) {
            ++next;
            continue;
        }
        if (next < plan.run_count() && running.size() < jobs) {
            const TrialRun r = plan.run(next);
            const Experiment& e = plan.experiments[r.experiment];
            int pipe_fds[2];
            if (pipe2(pipe_fds, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
            fcntl(pipe_fds[1], F_SETFL, O_NONBLOCK);  // a child never waits for the pool to read its reports
            TrialOptions o = opt;
            o.out_dir = r.dir;
            o.provenance = r.provenance;
            if (report) o.progress_fd = pipe_fds[1];  // else the pipe only tells when the child ends
            std::vector<int> unused{pipe_fds[0]};
            for (const Child& c : running) unused.push_back(c.fd);
            Child c;
            c.fd = pipe_fds[0];
            c.name = (e.variant.empty() ? "" : e.variant + " ") + "trial " + std::to_string(r.trial);
            c.pid = fork_trial(e, r.trial, o, unused);
            ++next;
            close(pipe_fds[1]);  // the child's alone: its end of file is the child's end
            running.push_back(std::move(c));
            continue;
        }
        std::vector<pollfd> fds;
        for (const Child& c : running) fds.push_back({c.fd, POLLIN, 0});
        const int timeout_ms = report ? static_cast<int>(std::ceil(progress.seconds_to_next_line() * 1000)) : -1;
        if (poll(fds.data(), fds.size(), timeout_ms) < 0 && errno != EINTR) throw std::runtime_error("poll failed");
        for (std::size_t i = fds.size(); i-- > 0;) {
            if (fds[i].revents == 0 || read_reports(running[i])) continue;
            int status = 0;
            while (waitpid(running[i].pid, &status, 0) < 0 && errno == EINTR) {}
            close(running[i].fd);
            running.erase(running.begin() + static_cast<std::ptrdiff_t>(i));
            ++done;
            if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) ++failed;
            if (bad_input && WIFEXITED(status) && WEXITSTATUS(status) == kExitBadInput) ++*bad_input;
        }
        if (!report) {
            progress.update(static_cast<double>(done) / total, runs_done());
            continue;
        }
        double fraction = static_cast<double>(done);
        std::string text = runs_done() + " done";
        for (const Child& c : running) {
            if (c.reported && c.latest.tasks > 0) fraction += static_cast<double>(c.latest.finished) / c.latest.tasks;
            text += (&c == &running.front() ? "; running " : ", ") + describe(c);
        }
        progress.update(fraction / total, text);
    }
    progress.finish(what + " done" + (failed ? ", " + std::to_string(failed) + " failed" : ""));
    return failed;
}

}  // namespace rmsim
