#pragma once
// The parts of one parallel task (cores on one or several nodes, all at one P-state) complete together:
// a part that finishes its work early waits at the gang's barrier, busy at its P-state (as MPI ranks spin
// in a final barrier), and every part is released when the last one arrives. The barrier itself is free.
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace rmsim {

class Core;

class Gang {
public:
    /// `members`: how many cores run a part of the task (e.g. k nodes x cores per node).
    explicit Gang(std::uint32_t members) : members_(members) {
        if (members == 0) throw std::logic_error("Gang: a gang needs at least one member");
    }
    /// A member finished its work. Returns true if it was the last: the caller then calls release_all().
    bool arrive(Core* c) {
        waiting_.push_back(c);
        if (waiting_.size() > members_) throw std::logic_error("Gang: more arrivals than members");
        return waiting_.size() == members_;
    }
    /// A member left without finishing (preempted): the gang can no longer complete as a whole.
    void leave(Core* c);
    const std::vector<Core*>& waiting() const { return waiting_; }
    std::uint32_t members() const { return members_; }
    std::uint32_t left() const { return left_; }

private:
    std::uint32_t members_;
    std::uint32_t left_ = 0;
    std::vector<Core*> waiting_;
};

}  // namespace rmsim
