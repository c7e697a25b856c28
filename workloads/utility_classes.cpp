#include "workloads/utility_classes.h"

#include <cmath>
#include <functional>
#include <stdexcept>

namespace rmsim {

namespace {

using Shape = std::vector<UtilityPoint>;

/// f sampled at n+1 equally spaced knots of [x0, 1] (linear in between), ending with a drop to 0 at x = 1
/// if f(1) > 0.
Shape sampled(double x0, double y0, const std::function<double(double)>& f, int n) {
    Shape s;
    if (x0 > 0) s.push_back({0.0, y0});
    for (int i = 0; i <= n; ++i) {
        double x = x0 + (1.0 - x0) * i / n;
        s.push_back({x, f(x)});
    }
    if (s.back().value > 0) s.push_back({1.0, 0.0});
    return s;
}

/// Normalized exponential on [0, 1]: 1 at 0, 0 at 1, e^{-k x} in between (shifted and rescaled).
double norm_exp(double k, double x) { return (std::exp(-k * x) - std::exp(-k)) / (1.0 - std::exp(-k)); }

struct ClassDef {
    std::string name;
    Shape shape;
};

/// The 20 classes (GAP, see utility_classes.h). x = elapsed / horizon, value = fraction of the priority.
std::vector<ClassDef> build_classes() {
    std::vector<ClassDef> c;
    // 0: passes through the published example (8 -> 5.18 at 15 min, 2.84 at 40 min, 0 at 60 min).
    c.push_back({"fig20_reference", {{0, 1}, {0.25, 5.18 / 8}, {2.0 / 3.0, 2.84 / 8}, {1, 0}}});
    c.push_back({"linear", {{0, 1}, {1, 0}}});
    c.push_back({"plateau25_linear", {{0, 1}, {0.25, 1}, {1, 0}}});
    c.push_back({"plateau50_linear", {{0, 1}, {0.5, 1}, {1, 0}}});
    c.push_back({"plateau75_linear", {{0, 1}, {0.75, 1}, {1, 0}}});
    c.push_back({"convex_exp2", sampled(
                                    0, 1, [](double x) { return norm_exp(2, x); }, 10)});
    c.push_back({"convex_exp5", sampled(
                                    0, 1, [](double x) { return norm_exp(5, x); }, 10)});
    c.push_back({"early_drop", {{0, 1}, {0.1, 0.5}, {1, 0}}});
    c.push_back({"concave_quadratic", sampled(
                                          0, 1, [](double x) { return 1 - x * x; }, 10)});
    c.push_back({"concave_quartic", sampled(
                                        0, 1, [](double x) { return 1 - x * x * x * x; }, 10)});
    c.push_back({"half_step", {{0, 1}, {0.5, 1}, {0.5, 0.5}, {1, 0.5}, {1, 0}}});
    c.push_back({"deadline", {{0, 1}, {1, 1}, {1, 0}}});
    c.push_back(
        {"staircase4",
         {{0, 1}, {0.25, 1}, {0.25, 0.75}, {0.5, 0.75}, {0.5, 0.5}, {0.75, 0.5}, {0.75, 0.25}, {1, 0.25}, {1, 0}}});
    c.push_back({"plateau50_convex_exp3", sampled(
                                              0.5, 1, [](double x) { return norm_exp(3, (x - 0.5) / 0.5); }, 5)});
    c.push_back({"linear_half_then_deadline", {{0, 1}, {0.5, 0.5}, {1, 0.5}, {1, 0}}});
    c.push_back({"fast_to_low_tail", {{0, 1}, {0.2, 0.2}, {1, 0}}});
    c.push_back({"slow_then_fast", {{0, 1}, {0.5, 0.8}, {1, 0}}});
    c.push_back({"three_slope", {{0, 1}, {0.3, 0.9}, {0.6, 0.3}, {1, 0}}});
    c.push_back({"plateau25_drop_linear", {{0, 1}, {0.25, 1}, {0.25, 0.6}, {1, 0}}});
    c.push_back({"long_tail", {{0, 1}, {0.05, 0.6}, {0.5, 0.3}, {1, 0}}});
    if (c.size() != kMachovecUtilityClasses) throw std::logic_error("utility classes: table size mismatch");
    return c;
}

struct Table {
    std::vector<std::string> names;
    std::vector<std::shared_ptr<const Shape>> shapes;
};

const Table& table() {
    // Constant data built once (thread-safe function-local static), not a registry.
    static const Table t = [] {
        Table r;
        for (auto& d : build_classes()) {
            r.names.push_back(d.name);
            r.shapes.push_back(std::make_shared<const Shape>(std::move(d.shape)));
        }
        return r;
    }();
    return t;
}

void check_index(std::size_t i) {
    if (i >= kMachovecUtilityClasses)
        throw std::invalid_argument("utility class " + std::to_string(i) + " out of range (0.." +
                                    std::to_string(kMachovecUtilityClasses - 1) + ")");
}

}  // namespace

std::shared_ptr<const std::vector<UtilityPoint>> machovec_class_shape(std::size_t class_index) {
    check_index(class_index);
    return table().shapes[class_index];
}

const std::string& machovec_class_name(std::size_t class_index) {
    check_index(class_index);
    return table().names[class_index];
}

UtilityFunction make_machovec_utility(double priority, double urgency, std::size_t class_index, Seconds decay_scale_s) {
    if (!(urgency > 0) || !std::isfinite(urgency)) throw std::invalid_argument("urgency must be finite and > 0");
    if (!(decay_scale_s > 0) || !std::isfinite(decay_scale_s))
        throw std::invalid_argument("decay scale must be finite and > 0");
    return UtilityFunction::scaled_shape(machovec_class_shape(class_index), priority, decay_scale_s / urgency);
}

UtilityFunction make_machovec_decaying_utility(double priority, Seconds plateau_s, double urgency, Seconds length_s) {
    if (!(urgency > 0) || !std::isfinite(urgency)) throw std::invalid_argument("urgency must be finite and > 0");
    if (!(plateau_s >= 0) || !std::isfinite(plateau_s)) throw std::invalid_argument("plateau must be >= 0");
    if (!(length_s > 0) || !std::isfinite(length_s)) throw std::invalid_argument("decay length must be > 0");
    // 32 linear pieces over the decay period: off by at most h²/8·max f'' ≈ 0.12 % of the priority for k = 3.
    constexpr int kPieces = 32;
    const double k = 10.0 * urgency;
    std::vector<UtilityPoint> p;
    if (plateau_s > 0) p.push_back({0.0, priority});
    for (int i = 0; i <= kPieces; ++i) {
        double x = static_cast<double>(i) / kPieces;
        p.push_back({plateau_s + x * length_s, priority * norm_exp(k, x)});
    }
    p.back().value = 0.0;  // exactly 0 at the end (norm_exp(k, 1) is 0 up to rounding)
    return UtilityFunction::piecewise_linear(std::move(p));
}

}  // namespace rmsim
