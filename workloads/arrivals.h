#pragma once
// Arrival processes: sorted arrival times over [0, horizon_s) (docs/workloads.md).
//   homogeneous Poisson (exponential inter-arrival times)
//   non-homogeneous Poisson by thinning (Lewis & Shedler 1979): candidates at the maximum rate, each kept
//     with probability λ(t)/λ_max. Used for the sinusoidal rate λ(t) = λ̄(1 + a·sin(2π(t - φ)/P)) (Machovec
//     Ch.2 §2.5.1, Ch.3 §3.4.2.5, Ch.4 §4.4.3; amplitude, period and phase are GAPs there) and for
//     piecewise-constant rates (Machovec Ch.3 peak/off-peak: 2λ during 09:00-18:00, 0.4λ otherwise; Siegel's
//     two-phase λ_fast / λ_slow process).
//   bursts (Machovec Ch.4 §4.4.3): at each burst time a group of same-type tasks arrives at one instant;
//     the size is an integer uniform in [B - B/2, B + B/2].
// Randomness comes only from the caller's generator; the same generator state gives the same times.
#include <cstdint>
#include <functional>
#include <random>
#include <vector>

#include "platform/units.h"

namespace rmsim {

/// Rate in arrivals per second.
std::vector<Seconds> poisson_arrivals(double rate_per_s, Seconds horizon_s, std::mt19937_64& rng);

/// Thinning: `rate(t)` must satisfy 0 <= rate(t) <= max_rate_per_s on [0, horizon_s) (std::logic_error if a
/// candidate finds it above the bound).
std::vector<Seconds> thinned_poisson_arrivals(const std::function<double(Seconds)>& rate, double max_rate_per_s,
                                              Seconds horizon_s, std::mt19937_64& rng);

/// λ(t) = mean_rate·(1 + amplitude·sin(2π(t - phase_s)/period_s)); amplitude in [0, 1].
struct SinusoidalRate {
    double mean_rate_per_s = 0;
    double amplitude = 0;
    Seconds period_s = 86400;
    Seconds phase_s = 0;
    double at(Seconds t) const;
    double max() const { return mean_rate_per_s * (1 + amplitude); }
};
std::vector<Seconds> sinusoidal_arrivals(const SinusoidalRate& r, Seconds horizon_s, std::mt19937_64& rng);

/// Piecewise-constant rate: segment i holds from starts[i] to the next start. Starts begin at 0 and increase.
/// If period_s > 0 the pattern repeats with that period (all starts < period_s); otherwise the last rate
/// holds forever.
struct PiecewiseRate {
    struct Segment {
        Seconds start_s = 0;
        double rate_per_s = 0;
    };
    std::vector<Segment> segments;
    Seconds period_s = 0;
    double at(Seconds t) const;
    double max() const;
    void validate() const;  ///< std::invalid_argument if malformed
};
std::vector<Seconds> piecewise_arrivals(const PiecewiseRate& r, Seconds horizon_s, std::mt19937_64& rng);

/// Machovec Ch.3 §3.4.2.5, tasks of more than 4096 cores: 2·mean during 09:00-18:00 and 0.4·mean otherwise
/// (9 h · 2λ + 15 h · 0.4λ = 24 h · λ), daily period, t = 0 at midnight.
PiecewiseRate machovec_peak_offpeak_rate(double mean_rate_per_s);

struct Burst {
    Seconds time_s = 0;
    std::uint32_t size = 0;
};
/// One burst per time; size uniform over the integers in [ceil(B/2), floor(3B/2)] (B = mean_size >= 1).
std::vector<Burst> make_bursts(const std::vector<Seconds>& burst_times, double mean_size, std::mt19937_64& rng);
/// Arrival times with each burst time repeated `size` times, in burst order (sorted if the bursts are).
std::vector<Seconds> expand_bursts(const std::vector<Burst>& bursts);

}  // namespace rmsim
