#include "manager/policies/tarplee/local_assignment.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <stdexcept>
#include <utility>

namespace rmsim {

FullAllocation local_assignment_lpt(const Matrix& etc, const CountMatrix& muhat, const std::vector<Count>& machines) {
    const std::size_t T = muhat.size(), M = machines.size();
    FullAllocation out(T, machines);
    std::vector<std::size_t> order(T);
    using Slot = std::pair<double, std::size_t>;  // (ready time, machine index): min-heap, ties to lower index
    std::vector<Slot> heap;
    for (std::size_t j = 0; j < M; ++j) {
        const auto Mj = static_cast<std::size_t>(machines[j]);
        order.resize(T);
        std::iota(order.begin(), order.end(), std::size_t{0});
        order.erase(std::remove_if(order.begin(), order.end(), [&](std::size_t i) { return muhat[i][j] == 0; }),
                    order.end());
        if (order.empty()) continue;
        if (Mj == 0) throw std::invalid_argument("local assignment: tasks on a machine type without machines");
        // Alg. 2 line 4: longest first.
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return etc[a][j] > etc[b][j]; });
        heap.clear();
        for (std::size_t k = 0; k < Mj; ++k) heap.emplace_back(0.0, k);  // already a min-heap
        double latest = 0;
        for (std::size_t i : order) {
            const double p = etc[i][j];
            Count c = muhat[i][j];
            while (c > 0) {
                if (c >= static_cast<Count>(Mj) && latest - heap.front().first < p) {
                    // Whole rounds: every machine gets one task per round (each new ready time exceeds every
                    // untouched one).
                    const Count rounds = c / static_cast<Count>(Mj);
                    const double add = static_cast<double>(rounds) * p;
                    for (auto& s : heap) {
                        s.first += add;
                        out.count(i, j, s.second) += rounds;
                    }
                    // Rounding of the sums may turn an order into a tie: restore the heap (O(M_j), like the loop).
                    std::make_heap(heap.begin(), heap.end(), std::greater<Slot>());
                    latest += add;
                    c -= rounds * static_cast<Count>(Mj);
                    continue;
                }
                std::pop_heap(heap.begin(), heap.end(), std::greater<Slot>());
                heap.back().first += p;
                out.count(i, j, heap.back().second) += 1;
                latest = std::max(latest, heap.back().first);
                std::push_heap(heap.begin(), heap.end(), std::greater<Slot>());
                --c;
            }
        }
        for (const auto& s : heap) out.ready(j, s.second) = s.first;
    }
    return out;
}

}  // namespace rmsim
