#pragma once
// A progress line with ETA on stderr for long runs: redrawn in place at most twice a second, shown only
// when stderr is a terminal and the run has taken more than two seconds; silent with --quiet, except for
// the final line (printed unless quiet).
#include <chrono>
#include <string>

namespace rmsim {

class ProgressLine {
public:
    explicit ProgressLine(bool quiet);
    /// `fraction` of the work done (0..1); `what` describes it, e.g. "12 / 48 runs".
    void update(double fraction, const std::string& what);
    /// Clears the line and prints `message` with the elapsed wall time (unless quiet).
    void finish(const std::string& message);
    double elapsed_s() const;

    /// "1h02m", "3m05s", "12.3s".
    static std::string format_duration(double seconds);

private:
    bool quiet_;
    bool tty_;
    bool shown_ = false;
    std::chrono::steady_clock::time_point start_;
    double last_draw_s_ = -1;
};

}  // namespace rmsim
