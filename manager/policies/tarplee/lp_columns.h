#pragma once
// Column-major assembly of the Tarplee LPs for COIN-OR CLP (allocation_lp.cpp, max_profit.cpp): columns
// mu_ij (index i*M + j) then the extra ones, each built by next_column() and add(row, value).
#include <limits>
#include <vector>

#include <CoinPackedMatrix.hpp>

#include "manager/policies/tarplee/type_bag.h"

namespace rmsim {

struct LpColumns {
    std::vector<CoinBigIndex> starts;
    std::vector<int> index;
    std::vector<double> value;

    void next_column() { starts.push_back(static_cast<CoinBigIndex>(index.size())); }
    void add(int row, double v) {
        index.push_back(row);
        value.push_back(v);
    }
    int columns() const { return static_cast<int>(starts.size()); }
    /// The matrix of the columns added so far.
    CoinPackedMatrix matrix(int rows) const;
};

/// Column bounds: [0, inf), except mu_ij of a machine type without machines, fixed at 0 (Tarplee §2.2.2).
std::vector<double> column_upper_bounds(const TypeBag& bag, int columns);

constexpr double kLpInfinity = std::numeric_limits<double>::max();

}  // namespace rmsim
