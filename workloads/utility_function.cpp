#include "workloads/utility_function.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace rmsim {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// The message as a literal: a std::string parameter would be built at every call, failing or not (the
// generators make millions of functions).
[[noreturn]] void fail(const std::string& what) { throw std::invalid_argument("utility function: " + what); }
void require(bool ok, const char* what) {
    if (!ok) fail(what);
}
/// The same for point i of a piecewise function.
void require_point(bool ok, std::size_t i, const char* what) {
    if (!ok) fail("point " + std::to_string(i) + ": " + what);
}

bool finite_nonneg(double x) { return std::isfinite(x) && x >= 0; }

const std::vector<UtilityPoint>& no_points() {
    static const std::vector<UtilityPoint> empty;
    return empty;
}

}  // namespace

UtilityFunction UtilityFunction::constant(double value) {
    require(finite_nonneg(value), "value must be finite and >= 0");
    return UtilityFunction(Kind::Step, value, kInf, 0, 0);
}

UtilityFunction UtilityFunction::step(double value, Seconds deadline_s) {
    require(finite_nonneg(value), "value must be finite and >= 0");
    require(!std::isnan(deadline_s) && deadline_s >= 0, "deadline must be >= 0");
    return UtilityFunction(Kind::Step, value, deadline_s, 0, 0);
}

UtilityFunction UtilityFunction::linear_decay(double value, Seconds zero_at_s) {
    return value_curve(value, 0, zero_at_s);
}

UtilityFunction UtilityFunction::value_curve(double value, Seconds plateau_end_s, Seconds zero_at_s) {
    require(finite_nonneg(value), "value must be finite and >= 0");
    require(finite_nonneg(plateau_end_s), "plateau end must be finite and >= 0");
    require(std::isfinite(zero_at_s) && zero_at_s > plateau_end_s, "zero time must be finite and after the plateau");
    return UtilityFunction(Kind::LinearDecay, value, plateau_end_s, zero_at_s, 0);
}

UtilityFunction UtilityFunction::exponential_decay(double value, double rate_per_s, Seconds plateau_end_s,
                                                   Seconds cutoff_s) {
    require(finite_nonneg(value), "value must be finite and >= 0");
    require(finite_nonneg(rate_per_s), "decay rate must be finite and >= 0");
    require(finite_nonneg(plateau_end_s), "plateau end must be finite and >= 0");
    require(!std::isnan(cutoff_s) && cutoff_s >= plateau_end_s, "cutoff must not precede the plateau end");
    return UtilityFunction(Kind::ExponentialDecay, value, plateau_end_s, rate_per_s, cutoff_s);
}

UtilityFunction UtilityFunction::value_of_service(double v_max, double v_min, double soft, double hard) {
    require(finite_nonneg(v_min) && std::isfinite(v_max) && v_max >= v_min, "need v_max >= v_min >= 0");
    require(finite_nonneg(soft) && std::isfinite(hard) && soft < hard, "need 0 <= soft threshold < hard threshold");
    return UtilityFunction(Kind::ValueOfService, v_max, v_min, soft, hard);
}

void UtilityFunction::check_shape(const std::vector<UtilityPoint>& p) {
    require(!p.empty(), "piecewise function needs at least one point");
    require(p.front().time_s == 0, "piecewise function must start at time 0");
    for (std::size_t i = 0; i < p.size(); ++i) {
        require_point(finite_nonneg(p[i].time_s) && finite_nonneg(p[i].value), i,
                      "time and value must be finite and >= 0");
        if (i == 0) continue;
        require_point(p[i].time_s >= p[i - 1].time_s, i, "times must not decrease");
        require_point(p[i].value <= p[i - 1].value, i, "values must not increase (utility is non-increasing)");
        require_point(i < 2 || p[i].time_s > p[i - 2].time_s, i, "at most two points may share a time");
    }
}

UtilityFunction UtilityFunction::piecewise_linear(std::vector<UtilityPoint> points) {
    check_shape(points);
    UtilityFunction f(Kind::PiecewiseLinear, 1.0, 1.0, 0, 0);
    f.points_ = std::make_shared<const std::vector<UtilityPoint>>(std::move(points));
    return f;
}

UtilityFunction UtilityFunction::scaled_shape(std::shared_ptr<const std::vector<UtilityPoint>> shape,
                                              double value_scale, Seconds time_scale_s) {
    if (!shape) throw std::logic_error("UtilityFunction::scaled_shape: null shape");
    check_shape(*shape);
    require(finite_nonneg(value_scale), "value scale must be finite and >= 0");
    require(std::isfinite(time_scale_s) && time_scale_s > 0, "time scale must be finite and > 0");
    UtilityFunction f(Kind::PiecewiseLinear, value_scale, time_scale_s, 0, 0);
    f.points_ = std::move(shape);
    return f;
}

double UtilityFunction::piecewise_value(double x) const {
    const auto& p = *points_;
    // First point at or after x: on an exact hit take that point, which is the earlier of two points sharing
    // a time, i.e. the value before the drop.
    auto it = std::lower_bound(p.begin(), p.end(), x, [](const UtilityPoint& q, double t) { return q.time_s < t; });
    if (it == p.end()) return p.back().value;
    if (it->time_s == x || it == p.begin()) return it->value;
    const UtilityPoint& lo = *(it - 1);
    double f = (x - lo.time_s) / (it->time_s - lo.time_s);
    return lo.value + f * (it->value - lo.value);
}

double UtilityFunction::value_at(Seconds t) const {
    if (t < 0) t = 0;  // completion before arrival cannot happen; treat as immediate
    switch (kind_) {
        case Kind::Step: return t <= b_ ? a_ : 0.0;
        case Kind::LinearDecay:
            if (t <= b_) return a_;
            if (t >= c_) return 0.0;
            return a_ * (c_ - t) / (c_ - b_);
        case Kind::ExponentialDecay:
            if (t > d_) return 0.0;
            return t <= b_ ? a_ : a_ * std::exp(-c_ * (t - b_));
        case Kind::ValueOfService:
            // Eq. 1: v = (Obj - Th_hard)·(v_max - v_min)/(Th_soft - Th_hard) + v_min between the thresholds.
            if (t <= c_) return a_;
            if (t >= d_) return 0.0;
            return (t - d_) * (a_ - b_) / (c_ - d_) + b_;
        case Kind::PiecewiseLinear: return a_ * piecewise_value(t / b_);
    }
    throw std::logic_error("UtilityFunction: unknown kind");
}

double UtilityFunction::max_value() const { return value_at(0); }

Seconds UtilityFunction::zero_after() const {
    switch (kind_) {
        case Kind::Step: return a_ == 0 ? 0.0 : b_;
        case Kind::LinearDecay: return a_ == 0 ? 0.0 : c_;
        case Kind::ExponentialDecay: return a_ == 0 ? 0.0 : d_;
        case Kind::ValueOfService: return a_ == 0 ? 0.0 : d_;
        case Kind::PiecewiseLinear: {
            if (a_ == 0) return 0.0;
            const auto& p = *points_;
            // Values are non-increasing: the first zero point is where the value is 0 from then on (a drop
            // at that time keeps the pre-drop value exactly there, so "after" is right).
            for (const auto& q : p)
                if (q.value == 0) return q.time_s * b_;
            return kInf;
        }
    }
    throw std::logic_error("UtilityFunction: unknown kind");
}

const std::vector<UtilityPoint>& UtilityFunction::points() const { return points_ ? *points_ : no_points(); }

}  // namespace rmsim
