#pragma once
// A DVFS domain: cores that share one voltage/frequency level (per core, per processor or per node,
// gem5 DVFS-domain style). A request validates the level, is a no-op if nothing changes, replaces a pending
// switch, and takes effect in each core after its type's transition latency.
#include <cstdint>
#include <vector>

namespace rmsim {

class Core;

class DvfsDomain {
public:
    void add(Core* c) {
        cores_.push_back(c);
        settled_ = false;
    }
    /// Switches every core to `level`. O(1) when `level` is the level last requested: every core is
    /// then at it or switching to it already, so each core's switch would be a no-op.
    void request(std::uint32_t level);
    std::uint32_t requested() const { return requested_; }
    const std::vector<Core*>& cores() const { return cores_; }

private:
    std::vector<Core*> cores_;
    std::uint32_t requested_ = 0;
    bool settled_ = false;  ///< a request has reached every core (the first one still validates the level)
};

}  // namespace rmsim
