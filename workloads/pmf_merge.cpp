#include "workloads/pmf_merge.h"

#include <stdexcept>
#include <vector>

namespace rmsim {

Pmf merge_pulses(const Pmf& pmf, std::size_t max_pulses, MergeBound* bound) {
    if (max_pulses == 0) throw std::invalid_argument("merge_pulses: max_pulses must be >= 1");
    if (pmf.size() <= max_pulses) return pmf;
    const auto& in = pmf.pulses();
    const double lo = in.front().value;
    const double width = (in.back().value - lo) / static_cast<double>(max_pulses);
    std::vector<Pmf::Pulse> out;
    out.reserve(max_pulses);
    std::size_t current = static_cast<std::size_t>(-1);
    for (const auto& q : in) {
        std::size_t b = static_cast<std::size_t>((q.value - lo) / width);
        if (b >= max_pulses) b = max_pulses - 1;  // the maximum itself closes the last bucket
        if (b != current) {
            out.push_back(q);
            current = b;
        } else {
            out.back().value = q.value;  // pulses ascend: the bucket's pulse sits at its largest value
            out.back().probability += q.probability;
        }
    }
    if (bound) bound->seconds += width;
    return Pmf(std::move(out));
}

}  // namespace rmsim
