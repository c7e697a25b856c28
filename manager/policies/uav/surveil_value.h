#pragma once
// Machovec Ch.5 §5.2.2: the surveillance value of the surveils performed (Eq. 2), a partial surveil earning
// the fraction it completed, and a surveil during which a value-relevant attribute changes split into
// segments, each earning its share of the work at the value then in force (3 h into a 5-h surveil whose
// priority doubles: 60 % of the old value plus 40 % of the new).
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "workloads/task.h"

namespace rmsim {

class SurveilValue {
public:
    /// A surveil (task t) starts at `start_s`, lasting `duration_s` when complete, worth `value` complete.
    void open(TaskId t, double start_s, double duration_s, double value);
    /// The surveil's value becomes `value` from `at_s` on.
    void rerate(TaskId t, double at_s, double value);
    bool is_open(TaskId t) const { return open_.count(t) != 0; }
    /// Ends the surveil having done `fraction` of its work (1: complete). The segments before the last earn
    /// their time's share, the last the rest of `fraction`. Returns the value earned.
    double close(TaskId t, double fraction);
    /// Ends the surveil at `at_s` with the fraction its time gives (the run's horizon).
    double close_at(TaskId t, double at_s);
    double total() const { return total_; }
    std::vector<TaskId> open_surveils() const;

private:
    struct Segment {
        double from_s;
        double value;
    };
    struct Open {
        double duration_s;
        std::vector<Segment> segments;
    };
    std::unordered_map<TaskId, Open> open_;
    double total_ = 0;
};

}  // namespace rmsim
