#include "workloads/downey.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace rmsim {

namespace {

void check(const DowneyParams& p, double n) {
    if (!(p.A >= 1) || !std::isfinite(p.A)) throw std::invalid_argument("Downey: A must be finite and >= 1");
    if (!(p.sigma >= 0) || !std::isfinite(p.sigma)) throw std::invalid_argument("Downey: sigma must be >= 0");
    if (!(n >= 1) || !std::isfinite(n)) throw std::invalid_argument("Downey: n must be finite and >= 1");
}

}  // namespace

double downey_high_variance_time(const DowneyParams& p, double n) {
    check(p, n);
    const double max_par = p.A + p.A * p.sigma - p.sigma;  // maximum parallelism of the parallel part
    return n <= max_par ? p.sigma + max_par / n : p.sigma + 1.0;
}

double downey_high_variance_speedup(const DowneyParams& p, double n) {
    return downey_high_variance_time(p, 1.0) / downey_high_variance_time(p, n);
}

double downey_low_variance_speedup(const DowneyParams& p, double n) {
    check(p, n);
    const double A = p.A, s = p.sigma;
    if (n <= A) return A * n / (A + s * (n - 1) / 2);
    if (n <= 2 * A - 1) return A * n / (s * (A - 0.5) + n * (1 - s / 2));
    return A;
}

double downey_speedup(const DowneyParams& p, double n) {
    return p.sigma <= 1 ? downey_low_variance_speedup(p, n) : downey_high_variance_speedup(p, n);
}

Seconds downey_execution_time(Seconds single_unit_time_s, const DowneyParams& p, double n) {
    if (!(single_unit_time_s >= 0)) throw std::invalid_argument("Downey: single-unit time must be >= 0");
    return single_unit_time_s / downey_speedup(p, n);
}

}  // namespace rmsim
