#pragma once
// Shards of a run (docs/scale-out.md): the (variant, trial) pairs of `rmsim run` split into N deterministic
// slices, one per machine, Slurm array task or MPI rank. Every process that splits the same plan gets the same
// slices: the split depends only on the pairs' expected costs and N.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace rmsim {

/// Shard `index` of `count` (`--shard I/N`).
struct ShardSpec {
    std::uint32_t index = 0;
    std::uint32_t count = 1;
};

/// At most this many shards (a Slurm array of this size is already far past what a sweep needs).
constexpr std::uint32_t kMaxShards = 100000;

/// "I/N" with 0 <= I < N <= kMaxShards; bad usage (exit 2) otherwise, quoting `option`.
ShardSpec parse_shard(const std::string& option, const std::string& text);

/// The shard of every run, given each run's expected cost (any unit; 0 counts as 1): longest processing time
/// first. The runs in decreasing cost (ties: the lower run first) each go to the shard with the least cost so
/// far (ties: the lower shard). With equal costs that deals the runs out in turn, so every shard gets
/// runs/N or one more; with unequal costs no shard ends above 4/3 of the best possible largest load (Graham).
std::vector<std::uint32_t> assign_shards(const std::vector<std::uint64_t>& cost, std::uint32_t shards);

}  // namespace rmsim
