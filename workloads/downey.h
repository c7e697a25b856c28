#pragma once
// Downey's model of the speedup of parallel programs (A. B. Downey, "A model for speedup of parallel
// programs", UC Berkeley TR CSD-97-933, 1997), used by Machovec Ch.2 §2.5.1 and Ch.3 §3.4.2.6 (Eq. 10). A =
// average parallelism (Machovec Ch.3: the average number of nodes requested by the task type), σ = variance
// parameter (Machovec: σ ~ U[4, 10], so the high-variance model applies).
//
// High variance (σ >= 1), in Machovec's form (a sequential part σ plus a parallel part of length 1 at the
// maximum parallelism A + Aσ - σ):
//   T(n) = σ + (A + Aσ - σ)/n   for 1 <= n <= A + Aσ - σ,     T(n) = σ + 1 for larger n
//   S(n) = T(1)/T(n) = nA(σ+1) / (σ(n + A - 1) + A), capped at A.
// Low variance (σ <= 1):
//   S(n) = An / (A + σ(n-1)/2)              for 1 <= n <= A
//   S(n) = An / (σ(A - 1/2) + n(1 - σ/2))   for A <= n <= 2A - 1
//   S(n) = A                                for n >= 2A - 1
// Both give S(n) = An/(A + (n-1)/2) at σ = 1 (the models meet).
// Execution time on n processing units: exec(n) = single_unit_time / S(n) (= single·T(n)/T(1), Machovec's
// natural reading, a GAP in the text). n may be fractional (Machovec interpolates node counts).
#include "platform/units.h"

namespace rmsim {

struct DowneyParams {
    double A = 1;      ///< average parallelism, >= 1
    double sigma = 0;  ///< variance parameter, >= 0
};

/// Machovec Ch.3 Eq. 10: T(n) of the high-variance model, n >= 1. Evaluated as written for any σ >= 0
/// (Downey prescribes it for σ >= 1). Throws std::invalid_argument for A < 1, σ < 0 or n < 1.
double downey_high_variance_time(const DowneyParams& p, double n);
double downey_high_variance_speedup(const DowneyParams& p, double n);
double downey_low_variance_speedup(const DowneyParams& p, double n);
/// The model Downey prescribes for σ: low variance for σ <= 1, high variance for σ > 1.
double downey_speedup(const DowneyParams& p, double n);
/// single_unit_time_s / downey_speedup(p, n).
Seconds downey_execution_time(Seconds single_unit_time_s, const DowneyParams& p, double n);

}  // namespace rmsim
