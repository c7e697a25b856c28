#pragma once
// Progress on stderr for long runs. On a terminal, a line redrawn in place at most twice a second once the run
// has taken more than two seconds; otherwise (a pipe, a log file) a line of its own at most once a period
// (10 s, or RMSIM_PROGRESS_PERIOD_S). Silent with --quiet, except for the final line (printed unless quiet).
// A forked trial sends its progress to the trial pool (sim/run/trial_pool.h) as TrialProgress records.
#include <chrono>
#include <cstdint>
#include <string>

namespace rmsim {

/// Seconds between progress lines when stderr is not a terminal, unless RMSIM_PROGRESS_PERIOD_S says otherwise.
constexpr double kProgressPeriodS = 10;

/// RMSIM_PROGRESS_PERIOD_S (a number of seconds > 0) if set, else kProgressPeriodS. A bad value is bad usage
/// (`rmsim: message`, exit 2).
double progress_period_s();

class ProgressLine {
public:
    /// `period_s`: between lines when stderr is not a terminal.
    explicit ProgressLine(bool quiet, double period_s = kProgressPeriodS);
    /// `fraction` of the work done (0..1); `what` describes it, e.g. "12 / 48 runs". On a terminal:
    /// "rmsim: <what> (<percent> %), <elapsed> elapsed, ETA <eta>"; otherwise "rmsim: <percent> %, <elapsed>
    /// elapsed, ETA <eta>; <what>", with the ETA once `fraction` is above 0.
    void update(double fraction, const std::string& what);
    /// Clears the line and prints `message` with the elapsed wall time (unless quiet).
    void finish(const std::string& message);
    double elapsed_s() const;
    /// True if stderr is a terminal (the line is redrawn in place).
    bool on_terminal() const { return tty_; }
    /// True if update() prints lines of their own, once a period: not quiet, and not on a terminal.
    bool logs() const { return !quiet_ && !tty_; }
    /// Seconds until update() prints the next line of its own (logs() only; 0 if one is due).
    double seconds_to_next_line() const;

    /// "1h02m", "3m05s", "12.3s".
    static std::string format_duration(double seconds);

private:
    bool quiet_;
    bool tty_;
    double period_s_;
    bool shown_ = false;
    std::chrono::steady_clock::time_point start_;
    double last_draw_s_ = -1;
    double last_line_s_ = 0;
};

/// What a forked trial tells the pool of its progress: a fixed-size record, written to a pipe at once (atomic).
struct TrialProgress {
    std::int64_t simulated_ns = 0;
    std::uint64_t finished = 0;  ///< tasks finished
    std::uint64_t tasks = 0;     ///< tasks of the trial
};

/// Writes `p` to `fd` (a pipe set non-blocking: a record that does not fit is dropped, the next one follows).
void send_progress(int fd, const TrialProgress& p);

}  // namespace rmsim
