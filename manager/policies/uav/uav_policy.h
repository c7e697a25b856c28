#pragma once
// Machovec Ch.5 (§5.3) on rmsim's hardware: UAVs are nodes with an energy store, sensors their cores, a
// target's surveils tasks (workloads/uav_mission.h). The policy runs one heuristic (surveil_heuristics.h)
// at mapping events every `mapping_interval_s` (§5.3.1: 5 min), and is also the mission's environment: at
// the time of each dynamic event it applies it (MissionState) and stops the surveils it ends (the UAV, the
// target or the sensor in use removed, the type in use no longer allowed: GAP), and at an interval's end it
// stops the target's surveil and drops its attempts left. A surveil that stops before its end, or that the
// UAV's empty store stops (the node reports it), ends partial; its value is the mission's (SurveilValue),
// reported as "surveillance_value" in summary.json's policy figures.
#include <chrono>
#include <memory>
#include <optional>
#include <random>
#include <tuple>
#include <vector>

#include "manager/policies/uav/mission_state.h"
#include "manager/policies/uav/surveil_heuristics.h"
#include "manager/policies/uav/surveil_value.h"
#include "manager/policy.h"
#include "manager/task_record.h"

namespace rmsim {

class UavPolicy : public Policy {
public:
    UavPolicy(UavHeuristic h, UavModifiers m, double mapping_interval_s, std::uint64_t seed)
        : heuristic_(h), modifiers_(m), period_(SimTime::from_seconds(mapping_interval_s)), rng_(seed) {}
    PolicyTraits traits() const override;
    void prepare(const PolicyView& view) override;
    void schedule(const PolicyView& view, Decisions& decide) override;
    void report(PolicyReport& r) const override;
    bool needs_uav_mission() const override { return true; }

private:
    enum class Status : std::uint8_t { Fresh, Running, Stopping, Ended };
    struct IntervalTasks {
        TaskId first = 0;
        std::uint32_t count = 0;
        SimTime start, end;
    };
    struct Surveil {
        TaskId task = 0;
        std::uint32_t sensor = 0;
        double vpe = 0;
    };

    /// The housekeeping of every call: surveils that ended (completed, or back from a stop or an empty store),
    /// the events due, the intervals that ended.
    void catch_up(const PolicyView& view, Decisions& decide);
    void close_ended(const PolicyView& view, Decisions& decide);
    void apply_events(const PolicyView& view, Decisions& decide);
    void end_intervals(const PolicyView& view, Decisions& decide);
    /// Stops UAV u's surveil now (it ends partial); `for_task`: the task that takes its place.
    void stop(std::uint32_t u, Decisions& decide, std::optional<TaskId> for_task = std::nullopt);
    /// The target's interval open now, or -1.
    int open_interval(std::uint32_t t, SimTime now) const;
    /// The target's next fresh attempt in its open interval, or -1 (none left: counted once per interval).
    std::int64_t fresh_attempt(const PolicyView& view, std::uint32_t t, SimTime now);
    void run_heuristic(const PolicyView& view, Decisions& decide);
    void ask_wakeup(const PolicyView& view, Decisions& decide);

    UavHeuristic heuristic_;
    UavModifiers modifiers_;
    SimTime period_;
    std::mt19937_64 rng_;
    const UavMission* mission_ = nullptr;
    std::unique_ptr<MissionState> state_;
    SurveilValue value_;
    std::vector<Status> status_;                         ///< per task
    std::vector<std::vector<IntervalTasks>> intervals_;  ///< per target
    std::vector<std::optional<Surveil>> running_;        ///< per UAV: its surveil
    std::vector<std::int64_t> target_task_;              ///< per target: the task surveilling it, -1
    std::vector<std::uint32_t> target_uav_;              ///< per target: the UAV surveilling it (if any)
    std::vector<TaskId> stopping_;                       ///< stopped surveils whose notice is awaited
    std::vector<std::vector<bool>> exhausted_seen_;      ///< per target and interval: counted
    std::vector<double> vpe_sum_;                        ///< per UAV: of the surveils it started (filter τ)
    std::vector<std::uint32_t> surveils_;                ///< per UAV
    struct IntervalEnd {
        SimTime at;
        std::uint32_t target, interval;
        bool operator<(const IntervalEnd& o) const {
            return std::tie(at, target, interval) < std::tie(o.at, o.target, o.interval);
        }
    };
    std::vector<IntervalEnd> ends_;  ///< every interval's end, ascending, consumed in order
    std::size_t next_end_ = 0;
    SimTime horizon_;
    SimTime asked_ = kNotYet;           ///< the last wake-up asked for
    SimTime last_heuristic_ = kNotYet;  ///< the time of the last mapping event that ran the heuristic
    bool finished_ = false;             ///< past the horizon: everything stopped
    // Counts for the report.
    std::uint64_t started_ = 0, completed_ = 0, partial_ = 0, interrupted_ = 0, depleted_stops_ = 0;
    std::uint64_t event_stops_ = 0, interval_stops_ = 0, exhausted_ = 0, events_applied_ = 0;
    std::uint64_t heuristic_events_ = 0;
    std::vector<double> event_wall_s_;  ///< wall time of each heuristic mapping event
};

}  // namespace rmsim
