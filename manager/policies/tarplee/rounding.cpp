#include "manager/policies/tarplee/rounding.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace rmsim {

CountMatrix round_allocation(const std::vector<std::vector<double>>& mu, const std::vector<Count>& tasks) {
    if (mu.size() != tasks.size()) throw std::invalid_argument("rounding: mu rows != task types");
    CountMatrix out(mu.size());
    std::vector<double> frac;
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < mu.size(); ++i) {
        const auto& row = mu[i];
        const std::size_t M = row.size();
        out[i].assign(M, 0);
        frac.assign(M, 0.0);
        Count floors = 0;
        for (std::size_t j = 0; j < M; ++j) {
            const double v = std::max(0.0, row[j]);
            double f = std::floor(v);
            double r = v - f;
            if (1.0 - r <= 1e-9 * std::max(1.0, v)) {  // 8.9999999 -> 9
                f += 1.0;
                r = 0.0;
            } else if (r <= 1e-9 * std::max(1.0, v)) {
                r = 0.0;
            }
            out[i][j] = static_cast<Count>(f);
            frac[j] = r;
            floors += out[i][j];
        }
        Count n = tasks[i] - floors;  // Alg. 1 line 2: how many entries to round up
        if (n < 0 || n > static_cast<Count>(M))
            throw std::invalid_argument("rounding: row " + std::to_string(i) + " does not sum to T_i");
        order.resize(M);
        std::iota(order.begin(), order.end(), std::size_t{0});
        // The n largest fractional parts; equal parts: lower index first (GAP).
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return frac[a] > frac[b]; });
        for (Count k = 0; k < n; ++k) out[i][order[static_cast<std::size_t>(k)]] += 1;
    }
    return out;
}

}  // namespace rmsim
