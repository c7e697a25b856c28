#include "sim/run/progress.h"

#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "sim/run/cli_args.h"

namespace rmsim {

double progress_period_s() {
    const char* text = std::getenv("RMSIM_PROGRESS_PERIOD_S");
    if (!text || !*text) return kProgressPeriodS;
    char* end = nullptr;
    const double s = std::strtod(text, &end);
    if (*end != '\0' || !std::isfinite(s) || s <= 0 || s > 1e6)
        usage_error("RMSIM_PROGRESS_PERIOD_S expects a number of seconds above 0 and at most 1e6, got '" +
                    std::string(text) + "'");
    return s;
}

ProgressLine::ProgressLine(bool quiet, double period_s)
    : quiet_(quiet), tty_(isatty(2) != 0), period_s_(period_s), start_(std::chrono::steady_clock::now()) {}

double ProgressLine::elapsed_s() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

double ProgressLine::seconds_to_next_line() const { return std::max(0.0, last_line_s_ + period_s_ - elapsed_s()); }

std::string ProgressLine::format_duration(double s) {
    char buf[32];
    if (s < 60)
        std::snprintf(buf, sizeof buf, "%.1fs", s);
    else if (s < 3600)
        std::snprintf(buf, sizeof buf, "%dm%02ds", int(s / 60), int(std::fmod(s, 60)));
    else
        std::snprintf(buf, sizeof buf, "%dh%02dm", int(s / 3600), int(std::fmod(s, 3600) / 60));
    return buf;
}

void ProgressLine::update(double fraction, const std::string& what) {
    if (quiet_) return;
    const double t = elapsed_s();
    const bool known = fraction > 0 && fraction <= 1;
    const std::string eta = known ? format_duration(t * (1 - fraction) / fraction) : "?";
    if (!tty_) {
        if (t - last_line_s_ < period_s_) return;
        last_line_s_ = t;
        std::fprintf(stderr, "rmsim: %.0f %%, %s elapsed%s; %s\n", 100 * fraction, format_duration(t).c_str(),
                     known ? (", ETA " + eta).c_str() : "", what.c_str());
        std::fflush(stderr);
        return;
    }
    if (t < 2.0 || t - last_draw_s_ < 0.5) return;
    last_draw_s_ = t;
    std::fprintf(stderr, "\r\033[Krmsim: %s (%.0f %%), %s elapsed, ETA %s", what.c_str(), 100 * fraction,
                 format_duration(t).c_str(), eta.c_str());
    std::fflush(stderr);
    shown_ = true;
}

void ProgressLine::finish(const std::string& message) {
    if (quiet_) return;
    if (shown_) std::fprintf(stderr, "\r\033[K");
    std::fprintf(stderr, "rmsim: %s in %s\n", message.c_str(), format_duration(elapsed_s()).c_str());
    std::fflush(stderr);
}

void send_progress(int fd, const TrialProgress& p) {
    static_assert(sizeof(TrialProgress) <= PIPE_BUF, "a progress record is written at once");
    [[maybe_unused]] const ssize_t n = write(fd, &p, sizeof p);  // a full pipe drops the record
}

}  // namespace rmsim
