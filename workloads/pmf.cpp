#include "workloads/pmf.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

namespace rmsim {

namespace {

/// Values closer than this (relative) are one pulse: sums of non-integer values need not be bit-identical.
bool same_value(double a, double b) { return std::fabs(a - b) <= 1e-12 * std::max({1.0, std::fabs(a), std::fabs(b)}); }

/// Sorts by value, merges equal values, drops zero-probability pulses.
std::vector<Pmf::Pulse> sort_merge(std::vector<Pmf::Pulse> p) {
    const auto by_value = [](const Pmf::Pulse& a, const Pmf::Pulse& b) { return a.value < b.value; };
    // Most inputs are sorted already (a shift, a merge's buckets, a histogram): then only the merge is needed.
    if (!std::is_sorted(p.begin(), p.end(), by_value)) std::sort(p.begin(), p.end(), by_value);
    std::vector<Pmf::Pulse> out;
    out.reserve(p.size());
    for (const auto& q : p) {
        if (q.probability == 0) continue;
        if (!out.empty() && same_value(out.back().value, q.value))
            out.back().probability += q.probability;
        else
            out.push_back(q);
    }
    return out;
}

bool integer_valued(const std::vector<Pmf::Pulse>& p) {
    for (const auto& q : p)
        if (q.value != std::floor(q.value) || std::fabs(q.value) > 4e15) return false;
    return true;
}

}  // namespace

Pmf::Pmf(std::vector<Pulse> pulses) {
    for (const auto& q : pulses) {
        if (!std::isfinite(q.value)) throw std::invalid_argument("PMF: pulse value must be finite");
        if (!std::isfinite(q.probability) || q.probability < 0)
            throw std::invalid_argument("PMF: pulse probability must be finite and >= 0");
    }
    pulses_ = sort_merge(std::move(pulses));
    build_cumulative();
}

Pmf::Pmf(std::vector<Pulse> sorted_merged, Sorted) : pulses_(std::move(sorted_merged)) { build_cumulative(); }

void Pmf::build_cumulative() {
    cumulative_.resize(pulses_.size());
    double s = 0;
    for (std::size_t i = 0; i < pulses_.size(); ++i) cumulative_[i] = (s += pulses_[i].probability);
}

Pmf Pmf::point(double value) { return Pmf(std::vector<Pulse>{{value, 1.0}}); }

Pmf Pmf::from_weights(std::int64_t first_value, const std::vector<double>& weights) {
    std::vector<Pulse> p;
    p.reserve(weights.size());
    for (std::size_t i = 0; i < weights.size(); ++i)
        p.push_back({static_cast<double>(first_value + static_cast<std::int64_t>(i)), weights[i]});
    return Pmf(std::move(p)).normalized();
}

Pmf Pmf::from_samples(const std::vector<double>& samples) {
    if (samples.empty()) throw std::invalid_argument("PMF: no samples");
    std::map<double, std::size_t> count;
    for (double s : samples) {
        if (!std::isfinite(s)) throw std::invalid_argument("PMF: sample must be finite");
        ++count[s];
    }
    std::vector<Pulse> p;
    for (const auto& [v, n] : count) p.push_back({v, static_cast<double>(n) / samples.size()});
    return Pmf(std::move(p), Sorted{});
}

double Pmf::min_value() const {
    if (empty()) throw std::logic_error("PMF: min_value of an empty PMF");
    return pulses_.front().value;
}

double Pmf::max_value() const {
    if (empty()) throw std::logic_error("PMF: max_value of an empty PMF");
    return pulses_.back().value;
}

Pmf Pmf::normalized() const {
    double total = total_probability();
    if (!(total > 0)) throw std::logic_error("PMF: cannot normalize a PMF with total probability 0");
    std::vector<Pulse> p = pulses_;
    for (auto& q : p) q.probability /= total;
    return Pmf(std::move(p), Sorted{});
}

Pmf Pmf::convolve(const Pmf& other) const {
    if (empty() || other.empty()) return Pmf();
    const auto& a = pulses_;
    const auto& b = other.pulses_;
    const double lo = a.front().value + b.front().value;
    const double span = (a.back().value - a.front().value) + (b.back().value - b.front().value);
    const double pairs = static_cast<double>(a.size()) * static_cast<double>(b.size());
    // Integer time units (Siegel's histograms): accumulate into a dense array, no sort needed.
    if (integer_valued(a) && integer_valued(b) && span <= std::max(4.0 * pairs, 1024.0) && span < 5e7) {
        std::vector<double> dense(static_cast<std::size_t>(span) + 1, 0.0);
        for (const auto& x : a)
            for (const auto& y : b)
                dense[static_cast<std::size_t>(x.value + y.value - lo)] += x.probability * y.probability;
        std::vector<Pulse> p;
        for (std::size_t i = 0; i < dense.size(); ++i)
            if (dense[i] > 0) p.push_back({lo + static_cast<double>(i), dense[i]});
        return Pmf(std::move(p), Sorted{});
    }
    std::vector<Pulse> p;
    p.reserve(a.size() * b.size());
    for (const auto& x : a)
        for (const auto& y : b) p.push_back({x.value + y.value, x.probability * y.probability});
    return Pmf(sort_merge(std::move(p)), Sorted{});
}

Pmf Pmf::shifted(double delta) const {
    if (!std::isfinite(delta)) throw std::invalid_argument("PMF: shift must be finite");
    std::vector<Pulse> p = pulses_;
    for (auto& q : p) q.value += delta;
    return Pmf(sort_merge(std::move(p)), Sorted{});  // re-merge: adding delta may make values coincide
}

Pmf Pmf::scaled(double factor) const {
    if (!(factor > 0) || !std::isfinite(factor)) throw std::invalid_argument("PMF: scale factor must be > 0");
    std::vector<Pulse> p = pulses_;
    for (auto& q : p) q.value *= factor;
    return Pmf(sort_merge(std::move(p)), Sorted{});
}

Pmf Pmf::truncated_before(double t) const {
    auto it = std::lower_bound(pulses_.begin(), pulses_.end(), t, [](const Pulse& q, double v) { return q.value < v; });
    if (it == pulses_.end()) return point(t);
    return Pmf(std::vector<Pulse>(it, pulses_.end()), Sorted{}).normalized();
}

double Pmf::cdf(double d) const {
    auto it = std::upper_bound(pulses_.begin(), pulses_.end(), d, [](double v, const Pulse& q) { return v < q.value; });
    return it == pulses_.begin() ? 0.0 : cumulative_[static_cast<std::size_t>(it - pulses_.begin()) - 1];
}

double Pmf::probability_below(double d) const {
    auto it = std::lower_bound(pulses_.begin(), pulses_.end(), d, [](const Pulse& q, double v) { return q.value < v; });
    return it == pulses_.begin() ? 0.0 : cumulative_[static_cast<std::size_t>(it - pulses_.begin()) - 1];
}

double Pmf::expectation() const {
    if (empty()) throw std::logic_error("PMF: expectation of an empty PMF");
    double s = 0;
    for (const auto& q : pulses_) s += q.value * q.probability;
    return s / total_probability();
}

}  // namespace rmsim
