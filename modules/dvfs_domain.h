#pragma once
// A DVFS domain: cores that share one voltage/frequency level (per core, per processor or per node,
// gem5 DVFS-domain style). A request validates the level, is a no-op if nothing changes, replaces a pending
// switch, and takes effect in each core after its type's transition latency.
//
// Who sets the level (docs/dvfs.md): the scheduler, through its per-task P-state (START, SET_PSTATE), unless
// a governor controls the domain (modules/governors/governor_module.h), whose requests then replace the
// scheduler's. A power cap (modules/power_cap.h) may hold the domain at or below a level: the level in force
// is the slower of the wanted one and the cap's.
#include <algorithm>
#include <cstdint>
#include <vector>

namespace rmsim {

class Core;
struct CoreType;
class DvfsDomain;

/// Told of every change of a domain's level (the node, which reports it to the manager).
class DomainListener {
public:
    virtual ~DomainListener() = default;
    virtual void on_domain_level(const DvfsDomain& d) = 0;
};

class DvfsDomain {
public:
    /// `listener` (may be nullptr) hears every change of the requested level; `index`: the domain's on its node.
    explicit DvfsDomain(DomainListener* listener = nullptr, std::uint32_t index = 0)
        : listener_(listener), index_(index) {}
    std::uint32_t index() const { return index_; }
    void add(Core* c);
    /// The scheduler's request: the domain takes `level` (or the cap's, if slower). Ignored while a governor
    /// controls the domain. O(1) when nothing changes.
    void request(std::uint32_t level) {
        if (!governed_) want(level);
    }
    /// The governor's request.
    void govern(std::uint32_t level) { want(level); }
    /// A governor controls the domain from now on: the scheduler's requests are ignored.
    void set_governed(bool g) { governed_ = g; }
    bool governed() const { return governed_; }
    /// The cores' levels change no more: every later request (scheduler, governor, cap) is ignored (a node
    /// whose energy store is used up, modules/energy_store.h).
    void freeze() { frozen_ = true; }
    /// A power cap: the domain runs no faster than `level` (0: no limit). Clamped to the slowest level.
    void cap(std::uint32_t level);
    std::uint32_t cap_level() const { return cap_; }
    /// The level last asked for by the scheduler or the governor (before the cap).
    std::uint32_t wanted() const { return wanted_; }
    /// The level the cores are at or switching to.
    std::uint32_t requested() const { return requested_; }
    /// The number of levels every core of the domain has.
    std::uint32_t levels() const { return levels_; }
    const CoreType& core_type() const;
    const std::vector<Core*>& cores() const { return cores_; }

private:
    void want(std::uint32_t level) {
        if (level >= levels_) {
            refuse(level);
            return;
        }
        wanted_ = level;
        apply();
    }
    void apply();
    /// A level the cores do not have: reported (msg_type::dvfs, modules/report.h), the domain left as it is.
    void refuse(std::uint32_t level);

    std::vector<Core*> cores_;
    std::uint32_t wanted_ = 0;
    std::uint32_t cap_ = 0;
    std::uint32_t requested_ = 0;
    bool settled_ = false;  ///< a request has reached every core (the first one reaches them even if unchanged)
    bool governed_ = false;
    bool frozen_ = false;
    DomainListener* listener_ = nullptr;
    std::uint32_t index_ = 0;
    std::uint32_t levels_ = ~0u;  ///< the fewest P-states among the cores (kept by add())
};

}  // namespace rmsim
