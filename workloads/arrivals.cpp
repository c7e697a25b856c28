#include "workloads/arrivals.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace rmsim {

namespace {

constexpr double kTwoPi = 6.283185307179586476925286766559;

void check_horizon(Seconds horizon_s) {
    if (!(horizon_s >= 0) || !std::isfinite(horizon_s))
        throw std::invalid_argument("arrivals: horizon must be finite and >= 0");
}

}  // namespace

std::vector<Seconds> poisson_arrivals(double rate_per_s, Seconds horizon_s, std::mt19937_64& rng) {
    check_horizon(horizon_s);
    if (!(rate_per_s >= 0) || !std::isfinite(rate_per_s))
        throw std::invalid_argument("arrivals: rate must be finite and >= 0");
    std::vector<Seconds> out;
    if (rate_per_s == 0) return out;
    std::exponential_distribution<double> gap(rate_per_s);
    for (Seconds t = gap(rng); t < horizon_s; t += gap(rng)) out.push_back(t);
    return out;
}

std::vector<Seconds> thinned_poisson_arrivals(const std::function<double(Seconds)>& rate, double max_rate_per_s,
                                              Seconds horizon_s, std::mt19937_64& rng) {
    check_horizon(horizon_s);
    if (!(max_rate_per_s >= 0) || !std::isfinite(max_rate_per_s))
        throw std::invalid_argument("arrivals: maximum rate must be finite and >= 0");
    std::vector<Seconds> out;
    if (max_rate_per_s == 0) return out;
    std::exponential_distribution<double> gap(max_rate_per_s);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (Seconds t = gap(rng); t < horizon_s; t += gap(rng)) {
        double r = rate(t);
        if (r < 0 || r > max_rate_per_s * (1 + 1e-12))
            throw std::logic_error("arrivals: rate " + std::to_string(r) + " at t=" + std::to_string(t) +
                                   " outside [0, max rate " + std::to_string(max_rate_per_s) + "]");
        // u < r/max: a zero rate never accepts (u >= 0), a rate at the maximum always does (u < 1).
        if (u(rng) * max_rate_per_s < r) out.push_back(t);
    }
    return out;
}

double SinusoidalRate::at(Seconds t) const {
    return mean_rate_per_s * (1 + amplitude * std::sin(kTwoPi * (t - phase_s) / period_s));
}

std::vector<Seconds> sinusoidal_arrivals(const SinusoidalRate& r, Seconds horizon_s, std::mt19937_64& rng) {
    if (!(r.mean_rate_per_s >= 0) || !std::isfinite(r.mean_rate_per_s))
        throw std::invalid_argument("sinusoidal arrivals: mean rate must be finite and >= 0");
    if (!(r.amplitude >= 0 && r.amplitude <= 1))
        throw std::invalid_argument("sinusoidal arrivals: amplitude must be in [0, 1] (the rate cannot be negative)");
    if (!(r.period_s > 0) || !std::isfinite(r.period_s))
        throw std::invalid_argument("sinusoidal arrivals: period must be finite and > 0");
    // sin may round to just below -1: clamp so that rounding never yields a negative rate.
    return thinned_poisson_arrivals([&r](Seconds t) { return std::max(0.0, r.at(t)); }, r.max(), horizon_s, rng);
}

void PiecewiseRate::validate() const {
    if (segments.empty()) throw std::invalid_argument("piecewise rate: no segments");
    if (segments.front().start_s != 0) throw std::invalid_argument("piecewise rate: first segment must start at 0");
    for (std::size_t i = 0; i < segments.size(); ++i) {
        const auto& s = segments[i];
        if (!(s.rate_per_s >= 0) || !std::isfinite(s.rate_per_s))
            throw std::invalid_argument("piecewise rate: segment " + std::to_string(i) + " rate must be >= 0");
        if (i > 0 && !(s.start_s > segments[i - 1].start_s))
            throw std::invalid_argument("piecewise rate: segment starts must increase");
        if (period_s > 0 && !(s.start_s < period_s))
            throw std::invalid_argument("piecewise rate: segment " + std::to_string(i) + " starts after the period");
    }
    if (!(period_s >= 0) || !std::isfinite(period_s)) throw std::invalid_argument("piecewise rate: bad period");
}

double PiecewiseRate::at(Seconds t) const {
    if (period_s > 0) t = std::fmod(t, period_s);
    // Last segment whose start <= t (segments are few; linear scan from the end).
    for (std::size_t i = segments.size(); i-- > 0;)
        if (segments[i].start_s <= t) return segments[i].rate_per_s;
    return segments.front().rate_per_s;
}

double PiecewiseRate::max() const {
    double m = 0;
    for (const auto& s : segments) m = std::max(m, s.rate_per_s);
    return m;
}

std::vector<Seconds> piecewise_arrivals(const PiecewiseRate& r, Seconds horizon_s, std::mt19937_64& rng) {
    r.validate();
    return thinned_poisson_arrivals([&r](Seconds t) { return r.at(t); }, r.max(), horizon_s, rng);
}

PiecewiseRate machovec_peak_offpeak_rate(double mean_rate_per_s) {
    PiecewiseRate r;
    r.period_s = 86400;
    r.segments = {{0, 0.4 * mean_rate_per_s}, {9 * 3600.0, 2 * mean_rate_per_s}, {18 * 3600.0, 0.4 * mean_rate_per_s}};
    r.validate();
    return r;
}

std::vector<Burst> make_bursts(const std::vector<Seconds>& burst_times, double mean_size, std::mt19937_64& rng) {
    if (!(mean_size >= 1) || !std::isfinite(mean_size))
        throw std::invalid_argument("bursts: mean size must be finite and >= 1");
    const auto lo = static_cast<std::uint32_t>(std::ceil(mean_size - 0.5 * mean_size));
    const auto hi = static_cast<std::uint32_t>(std::floor(mean_size + 0.5 * mean_size));
    std::uniform_int_distribution<std::uint32_t> size(lo, hi);
    std::vector<Burst> out;
    out.reserve(burst_times.size());
    for (Seconds t : burst_times) out.push_back({t, size(rng)});
    return out;
}

std::vector<Seconds> expand_bursts(const std::vector<Burst>& bursts) {
    std::vector<Seconds> out;
    for (const auto& b : bursts) out.insert(out.end(), b.size, b.time_s);
    return out;
}

}  // namespace rmsim
