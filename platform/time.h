#pragma once
// SimTime: simulated time as a whole number of nanoseconds, the one representation the manager, the
// policies and the outputs share with the hardware (whose 1 ns resolution it matches in rmsim's own runs).
// Integers make every comparison exact: a booking that ends at t and one that starts at t touch, a task that
// starts at its arrival waited exactly 0, and a year-long trace keeps its nanoseconds (a double in seconds
// resolves only about 4 ns there). SystemC-free, so policies and their tests use it without a simulation.
//
// Conversions from seconds are made once, at the model boundary (workload arrivals, config values, work
// durations): SimTime::from_seconds rounds up to the next whole nanosecond, so that nothing happens before
// the time it was asked for and no duration is shortened (representation noise such as
// 1.5e-6 s x 1e9 = 1500.0000000000002 is tolerated, platform/exec_rounding.h). to_seconds() is for output and
// for the papers' formulas (utility of a completion time, energy = power x time).
//
// SimTime::infinity() is "never": it stays infinite under addition and subtraction of finite times and
// compares above every finite time. Finite sums that would pass 2^63 - 1 ns (292 years) saturate to it.
#include <cstdint>
#include <iosfwd>
#include <limits>
#include <stdexcept>

#include "platform/exec_rounding.h"
#include "platform/units.h"

namespace rmsim {

class SimTime {
public:
    constexpr SimTime() = default;
    static constexpr SimTime from_ns(std::int64_t ns) { return SimTime(ns); }
    static constexpr SimTime infinity() { return SimTime(kInf); }
    /// Before every finite time (e.g. "no interval before this one"); compares below everything else.
    static constexpr SimTime negative_infinity() { return SimTime(kMin); }
    /// Whole seconds, exactly.
    static constexpr SimTime from_whole_seconds(std::int64_t s) { return from_ns(s * 1'000'000'000); }
    /// Rounded up to the next whole nanosecond (tolerating representation noise); +inf and values of 292
    /// years or more give infinity(). Negative values round symmetrically (from_seconds(-x) is
    /// -from_seconds(x)). NaN is a caller bug: std::invalid_argument.
    static SimTime from_seconds(Seconds s);

    constexpr std::int64_t ns() const { return ns_; }
    /// Seconds (+inf for infinity()).
    constexpr Seconds to_seconds() const {
        if (ns_ == kInf) return std::numeric_limits<Seconds>::infinity();
        if (ns_ == kMin) return -std::numeric_limits<Seconds>::infinity();
        return static_cast<Seconds>(ns_) / 1e9;
    }
    constexpr bool is_infinite() const { return ns_ == kInf; }
    constexpr bool is_finite() const { return ns_ != kInf && ns_ != kMin; }
    constexpr bool is_negative() const { return ns_ < 0; }

    friend constexpr SimTime operator+(SimTime a, SimTime b) {
        if (a.ns_ == kInf || b.ns_ == kInf) return infinity();
        if (a.ns_ == kMin || b.ns_ == kMin) return negative_infinity();
        std::int64_t r = 0;
        if (__builtin_add_overflow(a.ns_, b.ns_, &r) || r == kMin) return a.ns_ < 0 ? negative_infinity() : infinity();
        return SimTime(r);
    }
    /// infinity() - finite = infinity(); finite - infinity() = negative_infinity() (and the reverse).
    friend constexpr SimTime operator-(SimTime a, SimTime b) {
        if (a.ns_ == kInf || b.ns_ == kMin) return infinity();
        if (a.ns_ == kMin || b.ns_ == kInf) return negative_infinity();
        std::int64_t r = 0;
        if (__builtin_sub_overflow(a.ns_, b.ns_, &r) || r == kMin) return a.ns_ < 0 ? negative_infinity() : infinity();
        return SimTime(r);
    }
    SimTime& operator+=(SimTime b) { return *this = *this + b; }
    SimTime& operator-=(SimTime b) { return *this = *this - b; }
    /// n times a duration (a finite, non-negative count), saturating.
    friend constexpr SimTime operator*(SimTime a, std::int64_t n) {
        if (a.ns_ == kInf || a.ns_ == kMin) return a;
        std::int64_t r = 0;
        if (__builtin_mul_overflow(a.ns_, n, &r) || r == kMin)
            return (a.ns_ < 0) != (n < 0) ? negative_infinity() : infinity();
        return SimTime(r);
    }
    friend constexpr bool operator==(SimTime a, SimTime b) { return a.ns_ == b.ns_; }
    friend constexpr bool operator!=(SimTime a, SimTime b) { return a.ns_ != b.ns_; }
    friend constexpr bool operator<(SimTime a, SimTime b) { return a.ns_ < b.ns_; }
    friend constexpr bool operator<=(SimTime a, SimTime b) { return a.ns_ <= b.ns_; }
    friend constexpr bool operator>(SimTime a, SimTime b) { return a.ns_ > b.ns_; }
    friend constexpr bool operator>=(SimTime a, SimTime b) { return a.ns_ >= b.ns_; }

private:
    static constexpr std::int64_t kInf = std::numeric_limits<std::int64_t>::max();
    static constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
    constexpr explicit SimTime(std::int64_t ns) : ns_(ns) {}
    std::int64_t ns_ = 0;
};

/// The shortest booking: a task whose work takes no time still holds its units for one nanosecond, the
/// time resolution, so that its booking is a non-empty interval.
constexpr SimTime kOneNanosecond = SimTime::from_ns(1);

inline SimTime SimTime::from_seconds(Seconds s) {
    if (s != s) throw std::invalid_argument("SimTime: NaN seconds");
    // 2^63 ns is 9.2233720368e9 s; 9.223372036e9 s and below convert exactly (rmsim accepts up to 9.2e9 s,
    // platform/model_limits.h).
    if (s >= 9.223372036e9) return infinity();
    if (s <= -9.223372036e9) return SimTime(kMin);
    if (s >= 0) return SimTime(static_cast<std::int64_t>(ceil_to_ns(s)));
    return SimTime(-static_cast<std::int64_t>(ceil_to_ns(-s)));
}

/// "12.5 s" style, for messages and test output (whole ns, trailing zeros dropped); "never" for infinity(),
/// "-never" for negative_infinity().
std::ostream& operator<<(std::ostream& o, SimTime t);

namespace time_literals {
/// 10_s, 2.5_s: seconds (rounded up to whole ns); 300_ns: nanoseconds.
constexpr SimTime operator""_s(unsigned long long s) {
    return SimTime::from_whole_seconds(static_cast<std::int64_t>(s));
}
inline SimTime operator""_s(long double s) { return SimTime::from_seconds(static_cast<Seconds>(s)); }
constexpr SimTime operator""_ns(unsigned long long ns) { return SimTime::from_ns(static_cast<std::int64_t>(ns)); }
}  // namespace time_literals

}  // namespace rmsim
