#pragma once
// Rows of per-task values that a policy keeps from one mapping event to the next, for the tasks it still sees:
// a head (e.g. what the values were computed from) and a fixed number of slots per task (e.g. one per cluster
// and P-state). A policy that re-evaluates every waiting task at every event (Machovec Ch.3 §3.3.1: the whole
// mappable set, hundreds to thousands of tasks) computes what does not change for a task once, and looks it
// up afterwards.
//
// Rows live in flat arrays and are reused: find_or_add() hands out a row and marks it used; sweep() frees
// every row not used since the previous sweep (the tasks that left the queue), so the rows held stay about as
// many as the tasks seen at one event, streamed runs included.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "platform/platform_spec.h"

namespace rmsim {

template <typename Head, typename Slot>
class TaskRows {
public:
    /// Forgets every row; from then on a row has `width` slots.
    void reset(std::size_t width) {
        width_ = width;
        heads_.clear();
        slots_.clear();
        owner_.clear();
        used_.clear();
        free_.clear();
        row_of_.clear();
    }
    std::size_t width() const { return width_; }

    /// The task's row, marked used; `added` tells whether it is new (its head and slots default-constructed:
    /// the caller fills them).
    std::uint32_t find_or_add(TaskId t, bool& added) {
        const auto [it, inserted] = row_of_.try_emplace(t, 0);
        added = inserted;
        if (inserted) {
            if (free_.empty()) {
                it->second = static_cast<std::uint32_t>(heads_.size());
                heads_.emplace_back();
                slots_.resize(slots_.size() + width_);
                owner_.push_back(t);
                used_.push_back(1);
                return it->second;
            }
            it->second = free_.back();
            free_.pop_back();
            const std::uint32_t row = it->second;
            heads_[row] = Head{};
            std::fill(slots(row), slots(row) + width_, Slot{});
            owner_[row] = t;
        }
        used_[it->second] = 1;
        return it->second;
    }
    Head& head(std::uint32_t row) { return heads_[row]; }
    const Head& head(std::uint32_t row) const { return heads_[row]; }
    Slot* slots(std::uint32_t row) { return slots_.data() + static_cast<std::size_t>(row) * width_; }
    const Slot* slots(std::uint32_t row) const { return slots_.data() + static_cast<std::size_t>(row) * width_; }

    /// Frees the rows not used since the previous sweep (or reset()); returns how many.
    std::size_t sweep() {
        std::size_t freed = 0;
        for (std::uint32_t row = 0; row < used_.size(); ++row) {
            if (used_[row] == 1) {
                used_[row] = 0;
            } else if (used_[row] == 0) {
                row_of_.erase(owner_[row]);
                free_.push_back(row);
                used_[row] = 2;  // free
                ++freed;
            }
        }
        return freed;
    }
    /// Tasks holding a row.
    std::size_t size() const { return row_of_.size(); }
    bool holds(TaskId t) const { return row_of_.count(t) != 0; }

private:
    std::size_t width_ = 0;
    std::vector<Head> heads_;
    std::vector<Slot> slots_;  ///< width_ per row
    std::vector<TaskId> owner_;
    std::vector<std::uint8_t> used_;  ///< per row: 1 used since the last sweep, 0 not, 2 free
    std::vector<std::uint32_t> free_;
    std::unordered_map<TaskId, std::uint32_t> row_of_;
};

}  // namespace rmsim
