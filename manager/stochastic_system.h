#pragma once
// Siegel §1 / §3 (Apodaca et al. 2011): the node ▸ processor ▸ core hierarchy flattened for stochastic
// robustness and expected energy, and both measures of a static mapping. Plain C++, times in seconds.
//   ψ = Π_i Π_j Π_k p(D_ijk, δ), D = finishing-time PMF of a core (the convolution of its tasks' PMFs, every
//       core starting at 0 and running its tasks back to back), p(D, δ) = Σ pulses < δ;
//   expected energy = Σ_tasks E[T]·P_busy(core type, P-state)                 (cores, shut off when done)
//                   + Σ_processors P_overhead · E[max_{k in it} D_k]           (on while any core is on)
//                   + Σ_nodes P_overhead · E[max_{k in it} D_k]                (on while any processor is on)
//   with the D_k of the cores of a processor (node) independent, so P(max ≤ t) = Π_k F_k(t). Cores,
//   processors and nodes without a task are off from 0 and draw nothing (shut off as soon as possible).
#include <cstdint>
#include <vector>

#include "platform/platform_spec.h"
#include "platform/units.h"
#include "workloads/pmf.h"

namespace rmsim {

struct StochasticSystem {
    struct Core {
        std::uint32_t processor = 0;  ///< global processor index
        CoreTypeId type = 0;
    };
    struct Processor {
        std::uint32_t node = 0;  ///< global node index
        Watts overhead_w = 0;
        std::vector<std::uint32_t> cores;
    };
    struct Node {
        Watts overhead_w = 0;
        std::vector<std::uint32_t> cores;
    };
    std::vector<Core> cores;  ///< node by node, processor by processor (the builder's order)
    std::vector<Processor> processors;
    std::vector<Node> nodes;
    std::vector<std::vector<Watts>> busy_w;  ///< [core type][P-state]

    /// Every node of every cluster in order; overhead powers of P-state 0 (the platform's single value).
    static StochasticSystem from_platform(const PlatformSpec& platform);
    std::uint32_t pstate_count() const;  ///< the smallest P-state count over the core types
};

/// E[max_k X_k] of independent variables (every PMF normalised); 0 for none.
double expected_max(const std::vector<const Pmf*>& pmfs);

/// ψ of cores given their finishing-time PMFs (an empty PMF: a core without tasks, factor 1).
double robustness(const std::vector<Pmf>& finishing, double deadline);

/// Expected overhead energy of the hierarchy for the cores' finishing-time PMFs (empty: core unused).
Joules expected_overhead_energy(const StochasticSystem& system, const std::vector<Pmf>& finishing);

}  // namespace rmsim
