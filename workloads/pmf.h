#pragma once
// Discrete probability mass function of a time (or any scalar): pulses (value, probability) sorted by value,
// equal values merged. Siegel (robust energy-aware allocation) §1-§2: execution-time PMFs come from
// histograms of measured runs (probability = frequency / samples); the completion-time PMF of a core is the
// convolution of the PMFs of its tasks; the PMF of the running task is shifted to its start, pulses before
// now are dropped and the rest renormalized; P(on time) = sum of the pulses <= deadline. Immutable: every
// operation returns a new Pmf. Probabilities need not sum to 1 unless normalized.
#include <cstdint>
#include <vector>

namespace rmsim {

class Pmf {
public:
    struct Pulse {
        double value = 0;
        double probability = 0;
    };

    Pmf() = default;  ///< empty (total probability 0)
    /// Pulses in any order; equal values are merged, zero-probability pulses dropped. Throws
    /// std::invalid_argument on a negative or non-finite probability or a non-finite value.
    explicit Pmf(std::vector<Pulse> pulses);
    static Pmf point(double value);
    /// Pulses at first_value, first_value+1, ... with the given weights, normalized (Siegel: integer time
    /// units).
    static Pmf from_weights(std::int64_t first_value, const std::vector<double>& weights);
    /// Histogram of samples: probability of a value = its frequency / number of samples.
    static Pmf from_samples(const std::vector<double>& samples);

    const std::vector<Pulse>& pulses() const { return pulses_; }
    std::size_t size() const { return pulses_.size(); }
    bool empty() const { return pulses_.empty(); }
    double total_probability() const { return cumulative_.empty() ? 0.0 : cumulative_.back(); }
    double min_value() const;  ///< std::logic_error if empty
    double max_value() const;

    Pmf normalized() const;  ///< std::logic_error if the total probability is 0
    /// Distribution of X + Y for independent X (this) and Y. Total probability multiplies.
    Pmf convolve(const Pmf& other) const;
    Pmf shifted(double delta) const;  ///< X + delta
    Pmf scaled(double factor) const;  ///< X · factor (factor > 0), e.g. a P-state slowdown
    /// Drop pulses with value < t and renormalize (Siegel §4: the running task has not finished before now).
    /// If no pulse remains, the result is a point mass at t (the task is overdue: it finishes now at the
    /// earliest).
    Pmf truncated_before(double t) const;

    double cdf(double d) const;                ///< P(X <= d) (the on-time probability for deadline d)
    double probability_below(double d) const;  ///< P(X < d) (Siegel §3: "sum of pulses < δ")
    double expectation() const;                ///< Σ value·probability / Σ probability; logic_error if empty

private:
    struct Sorted {};
    Pmf(std::vector<Pulse> sorted_merged, Sorted);
    void build_cumulative();

    std::vector<Pulse> pulses_;       ///< sorted by value, unique values, probabilities > 0
    std::vector<double> cumulative_;  ///< cumulative_[i] = Σ_{j<=i} probability
};

}  // namespace rmsim
