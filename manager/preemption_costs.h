#pragma once
// The manager's estimates of what preempting a task and resuming it cost on the hardware (the platform's
// PreemptionCost, modules/node.cpp): per node part of the task, a checkpoint takes checkpoint_s + the part's
// memory at the store's rate or, when checkpoints cross the cluster interconnect, at the slower of that and
// the network: the node's link for its part, the store's link for every part of the task (they all pass
// through it), plus the links' latency; other traffic on the links is not foreseen. A restore the same with
// resume_s. The part's memory is the task's memory_bytes shared evenly by its nodes. Energy: the lumps
// (fixed + per byte) of every part; the busy cores held meanwhile are the caller's to price.
// Shared by the task ledger (a resumed task's booking covers its restore) and the preemptive policies.
#include <cstdint>

#include "platform/platform_spec.h"
#include "platform/time.h"

namespace rmsim {

/// The memory of one node part of a task of `memory_bytes` on `nodes` nodes (as the manager sends it).
inline std::uint64_t part_bytes(std::uint64_t memory_bytes, std::uint32_t nodes) {
    return nodes == 0 ? memory_bytes : memory_bytes / nodes;
}

/// Time to write (checkpoint) or read back (restore) a task of `memory_bytes` on `nodes` nodes of cluster c.
SimTime checkpoint_time(const PlatformSpec& spec, ClusterId c, std::uint64_t memory_bytes, std::uint32_t nodes);
SimTime restore_time(const PlatformSpec& spec, ClusterId c, std::uint64_t memory_bytes, std::uint32_t nodes);
/// The energy lumps of checkpointing / restoring a task on `nodes` nodes (every part).
Joules checkpoint_lumps(const PreemptionCost& cost, std::uint64_t memory_bytes, std::uint32_t nodes);
Joules restore_lumps(const PreemptionCost& cost, std::uint64_t memory_bytes, std::uint32_t nodes);

}  // namespace rmsim
