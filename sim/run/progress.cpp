#include "sim/run/progress.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <iostream>

namespace rmsim {

ProgressLine::ProgressLine(bool quiet)
    : quiet_(quiet), tty_(isatty(2) != 0), start_(std::chrono::steady_clock::now()) {}

double ProgressLine::elapsed_s() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

std::string ProgressLine::format_duration(double s) {
    char buf[32];
    if (s < 60) std::snprintf(buf, sizeof buf, "%.1fs", s);
    else if (s < 3600) std::snprintf(buf, sizeof buf, "%dm%02ds", int(s / 60), int(std::fmod(s, 60)));
    else std::snprintf(buf, sizeof buf, "%dh%02dm", int(s / 3600), int(std::fmod(s, 3600) / 60));
    return buf;
}

void ProgressLine::update(double fraction, const std::string& what) {
    if (quiet_ || !tty_) return;
    const double t = elapsed_s();
    if (t < 2.0 || t - last_draw_s_ < 0.5) return;
    last_draw_s_ = t;
    std::string eta = "?";
    if (fraction > 0 && fraction <= 1) eta = format_duration(t * (1 - fraction) / fraction);
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

}  // namespace rmsim
