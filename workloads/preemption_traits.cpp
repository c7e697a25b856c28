#include "workloads/preemption_traits.h"

#include <cmath>
#include <stdexcept>

namespace rmsim {

void draw_preemption_traits(std::vector<Task>& tasks, const PreemptionTraits& t, std::mt19937_64& rng) {
    if (!(t.preempt_probability >= 0 && t.preempt_probability <= 1))
        throw std::invalid_argument("preempt_probability must be in [0, 1]");
    if (!(t.memory_per_core_min_b >= 0 && t.memory_per_core_max_b >= t.memory_per_core_min_b) ||
        !std::isfinite(t.memory_per_core_max_b))
        throw std::invalid_argument("the memory per core must be a range min <= max of non-negative sizes");
    const bool memory = t.memory_per_core_max_b > 0;
    if (!t.flags && !memory) return;
    std::uniform_real_distribution<double> per_core(t.memory_per_core_min_b, t.memory_per_core_max_b);
    for (Task& task : tasks) {
        if (t.flags) draw_preemption_flags(task, t.preempt_probability, rng);
        if (memory) {
            const double bytes = std::floor(per_core(rng) * static_cast<double>(task.cores));
            if (!(bytes < 18446744073709551616.0)) throw std::invalid_argument("a task's memory exceeds 2^64 bytes");
            task.memory_bytes = static_cast<std::uint64_t>(bytes);
        }
    }
}

}  // namespace rmsim
