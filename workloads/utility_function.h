#pragma once
// Utility / value of a task or job as a function of the time elapsed since its arrival (docs/workloads.md).
// One immutable value type covers every shape the papers use:
//   step              v while elapsed <= deadline, then 0                 (Machovec Ch.4 §4.4.3 step
//   functions) linear decay      v until plateau_end, linearly to 0 at zero_at       (Singh 2015 §III-C value
//   curve;
//                                                                           plateau 0 = plain linear decay)
//   exponential decay v until plateau_end, then v·exp(-rate·(t-plateau_end)); 0 after an optional cutoff
//   value of service  Machovec Ch.2 Eq. 1: v_max until Th_soft, linear to v_min at Th_hard, 0 from Th_hard
//   piecewise linear  (time, value) points, optionally scaled in time and value (the Machovec utility
//   classes)
// Every shape is non-increasing in elapsed time (checked at construction; std::invalid_argument otherwise,
// which a config reader turns into an InputError with the location).
// Convention at a drop (a step or two piecewise points at the same time): the value at the exact drop time is
// the value before the drop, so a deadline is met when completion - arrival <= deadline. The value of service
// follows Eq. 1 literally instead: 0 when Obj >= Th_hard.
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "platform/interned.h"
#include "platform/units.h"

namespace rmsim {

struct UtilityPoint {
    Seconds time_s = 0;  ///< elapsed since arrival (or normalized time for a shared shape)
    double value = 0;    ///< utility at that time (or fraction of the maximum for a shared shape)
};

class UtilityFunction {
public:
    enum class Kind : std::uint8_t { Step, LinearDecay, ExponentialDecay, ValueOfService, PiecewiseLinear };

    /// A constant value that never decays (a step with an infinite deadline). Default: constant 1.
    UtilityFunction() : UtilityFunction(constant(1.0)) {}

    static UtilityFunction constant(double value);
    static UtilityFunction step(double value, Seconds deadline_s);
    /// Linear from `value` at elapsed 0 down to 0 at `zero_at_s`.
    static UtilityFunction linear_decay(double value, Seconds zero_at_s);
    /// Singh 2015 value curve: `value` until `plateau_end_s`, then linear decay to 0 at `zero_at_s`.
    static UtilityFunction value_curve(double value, Seconds plateau_end_s, Seconds zero_at_s);
    /// `value` until `plateau_end_s`, then value·exp(-rate_per_s·(t - plateau_end_s)); 0 for t > cutoff_s.
    static UtilityFunction exponential_decay(double value, double rate_per_s, Seconds plateau_end_s = 0,
                                             Seconds cutoff_s = std::numeric_limits<double>::infinity());
    /// Machovec Ch.2 §2.3 Eq. 1. The argument of value_at is the objective Obj (seconds after arrival for the
    /// performance function, joules for the energy function). Requires v_max >= v_min >= 0, 0 <= soft < hard.
    static UtilityFunction value_of_service(double v_max, double v_min, double soft, double hard);
    /// Absolute points: first time 0, times non-decreasing (at most two points per time: a drop), values
    /// non-increasing and >= 0. After the last point the value stays at the last value.
    static UtilityFunction piecewise_linear(std::vector<UtilityPoint> points);
    /// A shared normalized shape scaled per task: value_at(t) = value_scale · shape(t / time_scale_s).
    /// Tasks of one class share `shape` (only a pointer is copied).
    static UtilityFunction scaled_shape(std::shared_ptr<const std::vector<UtilityPoint>> shape, double value_scale,
                                        Seconds time_scale_s);

    double value_at(Seconds elapsed_since_arrival) const;
    /// The value at elapsed 0, the most the task can earn.
    double max_value() const;
    /// The value is 0 for every elapsed time > zero_after(); +infinity if it never reaches 0.
    Seconds zero_after() const;

    Kind kind() const { return kind_; }
    /// Piecewise shape (normalized if made by scaled_shape); empty for the other kinds.
    const std::vector<UtilityPoint>& points() const;

    /// The same function: the same kind and parameters and the same shared shape (one made by copy, as the
    /// tasks of a burst share theirs). Two functions of equal values but separately built shapes compare
    /// unequal: a conservative test, never a false "same".
    friend bool operator==(const UtilityFunction& a, const UtilityFunction& b) {
        return a.kind_ == b.kind_ && a.a_ == b.a_ && a.b_ == b.b_ && a.c_ == b.c_ && a.d_ == b.d_ &&
               a.points_ == b.points_;
    }
    friend bool operator!=(const UtilityFunction& a, const UtilityFunction& b) { return !(a == b); }

private:
    UtilityFunction(Kind k, double a, double b, double c, double d) : kind_(k), a_(a), b_(b), c_(c), d_(d) {}
    static void check_shape(const std::vector<UtilityPoint>& points);
    double piecewise_value(double x) const;

    Kind kind_;
    // Parameters by kind (kept in four slots so that the type stays 48 bytes):
    //   Step             a=value b=deadline
    //   LinearDecay      a=value b=plateau_end c=zero_at
    //   ExponentialDecay a=value b=plateau_end c=rate d=cutoff
    //   ValueOfService   a=v_max b=v_min c=soft d=hard
    //   PiecewiseLinear  a=value scale b=time scale
    double a_, b_, c_, d_;
    Interned<std::vector<UtilityPoint>> points_;
};

}  // namespace rmsim
