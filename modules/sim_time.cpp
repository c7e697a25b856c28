#include "modules/sim_time.h"

#include <cmath>
#include <limits>
#include <string>

#include "modules/report.h"

namespace rmsim {

namespace {
constexpr std::uint64_t kFsPerNs = 1'000'000;
}

void set_time_resolution() {
    static bool done = false;
    if (done) return;
    sc_core::sc_set_time_resolution(1, sc_core::SC_NS);
    done = true;
}

namespace {
/// The resolution once it can no longer change (0 before): a resolution is set at most once, before the
/// simulation starts, so from then on it is read once, not at every conversion (the conversions run millions
/// of times a second; reading the kernel's resolution and rounding it was 6 % of a run's instructions).
std::uint64_t frozen_fs = 0;

bool resolution_frozen() {
    switch (sc_core::sc_get_status()) {
        case sc_core::SC_RUNNING:
        case sc_core::SC_PAUSED:
        case sc_core::SC_STOPPED:
        case sc_core::SC_END_OF_SIMULATION: return true;
        default: return false;
    }
}
}  // namespace

std::uint64_t resolution_fs() {
    if (frozen_fs != 0) return frozen_fs;
    const auto fs = static_cast<std::uint64_t>(std::llround(sc_core::sc_get_time_resolution().to_seconds() * 1e15));
    if (resolution_frozen()) frozen_fs = fs;
    return fs;
}

namespace detail {
double frozen_ticks_per_second = 0;

double ticks_per_second_lookup() {
    const double tps = 1e15 / static_cast<double>(resolution_fs());
    if (frozen_fs != 0) frozen_ticks_per_second = tps;
    return tps;
}
}  // namespace detail

sc_core::sc_time from_seconds_ceil(Seconds s) {
    if (!(s > 0)) return sc_core::SC_ZERO_TIME;
    const double ticks = ceil_tolerant(s * ticks_per_second(), 1e-6);
    if (!(ticks < 1.8e19)) {
        report_error(msg_type::time, "rmsim: a time beyond the kernel's range (" + std::to_string(s) + " s)");
        return sc_core::sc_max_time();
    }
    return sc_core::sc_time::from_value(static_cast<std::uint64_t>(ticks));
}

sc_core::sc_time to_sc_time(SimTime t) {
    if (t.is_negative()) {
        report_error(msg_type::time, "rmsim: a negative time for the kernel");
        return sc_core::SC_ZERO_TIME;
    }
    if (t.is_infinite()) return sc_core::sc_max_time();
    const std::uint64_t ns = static_cast<std::uint64_t>(t.ns());
    const std::uint64_t r = resolution_fs();
    if (r <= kFsPerNs) {
        const std::uint64_t per_ns = kFsPerNs / r;
        std::uint64_t ticks = 0;
        if (__builtin_mul_overflow(ns, per_ns, &ticks)) return sc_core::sc_max_time();
        return sc_core::sc_time::from_value(ticks);
    }
    const std::uint64_t ns_per_tick = r / kFsPerNs;
    return sc_core::sc_time::from_value(ns / ns_per_tick + (ns % ns_per_tick ? 1 : 0));
}

SimTime to_sim_time(const sc_core::sc_time& t) {
    const std::uint64_t v = t.value();
    const std::uint64_t r = resolution_fs();
    std::uint64_t ns = 0;
    if (r <= kFsPerNs) {
        const std::uint64_t per_ns = kFsPerNs / r;
        ns = v / per_ns + (v % per_ns ? 1 : 0);
    } else if (__builtin_mul_overflow(v, r / kFsPerNs, &ns)) {
        return SimTime::infinity();
    }
    if (ns >= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) return SimTime::infinity();
    return SimTime::from_ns(static_cast<std::int64_t>(ns));
}

}  // namespace rmsim
