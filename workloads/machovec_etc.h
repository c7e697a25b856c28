#pragma once
// Machovec Ch.3 §3.2.2: ETC[task type][cluster][P-state][#nodes] and APC with the same structure.
// Each (type, cluster, P-state) lists values at some node counts; a count between two listed counts is
// LINEARLY INTERPOLATED (execution time may rise with more nodes, Ch.3 Table 2).
// GAP (out of range): a count below the smallest or above the largest listed count takes the value of that
// nearest listed count (clamp). Extrapolating from the two nearest points could give negative times
// (e.g. Table 2 type 1 falling from 100 to 70 s between 1 and 2 nodes), so rmsim clamps.
// AMBIG (B1): APC is "the average power consumption of the nodes that a task will utilize". ApcScope selects
// energy = time × APC × nodes (PerNode) or energy = time × APC (PerTask).
// A (type, cluster) with no points at any P-state means the type cannot run on that cluster.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "platform/platform_spec.h"
#include "platform/units.h"

namespace rmsim {

/// The core type of each cluster of `platform`, in order: the Machovec workloads keep a task type's times
/// in a TimeTable keyed by core type, one row per cluster. std::invalid_argument if a cluster's nodes have no
/// cores or cores of more than one type, or if two clusters share a core type.
std::vector<CoreTypeId> machovec_cluster_core_types(const PlatformSpec& platform);

enum class ApcScope { PerNode, PerTask };

/// Values listed at one node count.
struct EtcNodePoint {
    double nodes = 1;
    Seconds time_s = 0;
    Watts apc_w = 0;
};

/// Linear interpolation of (x, y) points sorted by strictly increasing x, clamped outside [x_0, x_last].
/// Used for both time and APC. Throws std::invalid_argument if xs is empty or not strictly increasing.
double interpolate_clamped(const std::vector<double>& xs, const std::vector<double>& ys, double x);

class MachovecEtc {
public:
    MachovecEtc(std::size_t task_types, std::size_t clusters, std::size_t pstates, ApcScope scope);

    /// Sets the listed node counts of (type, cluster, P-state). Points must have strictly increasing node
    /// counts >= 1, times > 0 and APC >= 0 (std::invalid_argument otherwise). Replaces earlier points.
    void set_points(std::size_t type, std::size_t cluster, std::size_t pstate, std::vector<EtcNodePoint> pts);

    /// True if any P-state of (type, cluster) has points.
    bool runs_on(std::size_t type, std::size_t cluster) const;
    /// Interpolated time / APC at `nodes` (>= 1). std::out_of_range if the entry has no points.
    Seconds time_s(std::size_t type, std::size_t cluster, std::size_t pstate, double nodes) const;
    Watts apc_w(std::size_t type, std::size_t cluster, std::size_t pstate, double nodes) const;
    /// time × APC (× nodes for ApcScope::PerNode), both interpolated at `nodes`.
    Joules energy_j(std::size_t type, std::size_t cluster, std::size_t pstate, double nodes) const;

    ApcScope scope() const { return scope_; }
    std::size_t task_types() const { return types_; }
    std::size_t clusters() const { return clusters_; }
    std::size_t pstates() const { return pstates_; }

private:
    struct Entry {
        std::vector<double> nodes, time_s, apc_w;
    };
    const Entry& entry(std::size_t type, std::size_t cluster, std::size_t pstate) const;
    std::size_t index(std::size_t type, std::size_t cluster, std::size_t pstate) const;

    std::size_t types_, clusters_, pstates_;
    ApcScope scope_;
    std::vector<Entry> entries_;  ///< [(type · clusters + cluster) · pstates + pstate]
};

}  // namespace rmsim
