#include "workloads/pmf_merge.h"

#include <algorithm>
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

Pmf convolve_merged(const Pmf& a, const Pmf& b, std::size_t max_pulses, MergeBound* bound) {
    if (max_pulses == 0) throw std::invalid_argument("convolve_merged: max_pulses must be >= 1");
    if (a.empty() || b.empty() || a.size() + b.size() - 1 <= max_pulses)
        return merge_pulses(a.convolve(b), max_pulses, bound);
    const auto& xs = a.pulses();
    const auto& ys = b.pulses();
    const double lo = xs.front().value + ys.front().value;
    const double width = (xs.back().value + ys.back().value - lo) / static_cast<double>(max_pulses);
    struct Bucket {
        double top = 0;  ///< the largest sum in it
        double probability = 0;
        bool used = false;
    };
    std::vector<Bucket> buckets(max_pulses);
    for (const auto& x : xs)
        for (const auto& y : ys) {
            const double p = x.probability * y.probability;
            if (p == 0) continue;  // as the convolution's pulse of probability 0, dropped
            const double v = x.value + y.value;
            // The bucket of merge_pulses(): the same expression, so a sum falls where it would there.
            auto k = static_cast<std::size_t>((v - lo) / width);
            if (k >= max_pulses) k = max_pulses - 1;
            Bucket& bk = buckets[k];
            bk.top = bk.used ? std::max(bk.top, v) : v;
            bk.probability += p;
            bk.used = true;
        }
    std::vector<Pmf::Pulse> out;
    out.reserve(max_pulses);
    for (const Bucket& bk : buckets)
        if (bk.used) out.push_back({bk.top, bk.probability});
    if (bound) bound->seconds += width;
    return Pmf(std::move(out));
}

}  // namespace rmsim
