#include "manager/policies/preemptive_parallel/victim_sets.h"

#include <algorithm>
#include <numeric>

namespace rmsim {

std::vector<std::size_t> choose_victims(const std::vector<VictimCandidate>& c, std::uint32_t need, VictimOrder order,
                                        std::uint32_t max_victims) {
    if (need == 0) return {};
    std::vector<std::size_t> idx(c.size());
    std::iota(idx.begin(), idx.end(), std::size_t{0});
    idx.erase(std::remove_if(idx.begin(), idx.end(), [&](std::size_t i) { return c[i].nodes == 0; }), idx.end());
    auto first = [&](std::size_t a, std::size_t b) {
        const VictimCandidate& x = c[a];
        const VictimCandidate& y = c[b];
        if (order == VictimOrder::FewestVictims) {
            if (x.nodes != y.nodes) return x.nodes > y.nodes;
            if (x.value != y.value) return x.value < y.value;
        } else {
            const double px = x.loss / x.nodes, py = y.loss / y.nodes;
            if (px != py) return px < py;
            if (x.loss != y.loss) return x.loss < y.loss;
        }
        return x.id < y.id;
    };
    std::sort(idx.begin(), idx.end(), first);
    std::vector<std::size_t> chosen;
    std::uint64_t freed = 0;
    for (std::size_t i : idx) {
        if (freed >= need) break;
        chosen.push_back(i);
        freed += c[i].nodes;
    }
    if (freed < need) return {};
    // Prune: release the costliest victims whose nodes the others already cover.
    std::vector<std::size_t> by_loss = chosen;
    std::stable_sort(by_loss.begin(), by_loss.end(), [&](std::size_t a, std::size_t b) {
        if (c[a].loss != c[b].loss) return c[a].loss > c[b].loss;
        return c[a].nodes < c[b].nodes;
    });
    for (std::size_t i : by_loss) {
        if (freed - c[i].nodes < need) continue;
        freed -= c[i].nodes;
        chosen.erase(std::find(chosen.begin(), chosen.end(), i));
    }
    if (chosen.size() > max_victims) return {};
    std::sort(chosen.begin(), chosen.end());
    return chosen;
}

}  // namespace rmsim
