#include "manager/policies/tarplee/lp_columns.h"

namespace rmsim {

CoinPackedMatrix LpColumns::matrix(int rows) const {
    const int cols = columns();
    std::vector<int> lengths(cols);
    for (int c = 0; c < cols; ++c)
        lengths[c] =
            static_cast<int>((c + 1 < cols ? starts[c + 1] : static_cast<CoinBigIndex>(index.size())) - starts[c]);
    return CoinPackedMatrix(true, rows, cols, static_cast<CoinBigIndex>(index.size()), value.data(), index.data(),
                            starts.data(), lengths.data());
}

std::vector<double> column_upper_bounds(const TypeBag& bag, int columns) {
    std::vector<double> up(columns, kLpInfinity);
    const std::size_t M = bag.machine_types();
    for (std::size_t i = 0; i < bag.task_types(); ++i)
        for (std::size_t j = 0; j < M; ++j)
            if (bag.machines[j] == 0) up[i * M + j] = 0.0;
    return up;
}

}  // namespace rmsim
