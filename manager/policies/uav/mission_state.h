#pragma once
// Machovec Ch.5 §5.2.3: the mission as it stands now. The dynamic events of the scenario
// (workloads/uav_mission.h) are applied when simulated time reaches them; a heuristic sees only the result,
// never an event to come.
#include <cstdint>
#include <vector>

#include "workloads/uav_mission.h"

namespace rmsim {

class MissionState {
public:
    explicit MissionState(const UavMission& m);

    /// Applies every event at or before `now_h`, in order; returns them (what the environment must act on).
    std::vector<const MissionEvent*> advance(double now_h);
    /// The time of the next event not applied yet; the horizon if none.
    double next_event_h() const;

    std::size_t uav_count() const { return uavs_.size(); }
    std::size_t target_count() const { return targets_.size(); }
    bool uav_present(std::uint32_t u) const { return uavs_[u].present; }
    std::size_t sensor_count(std::uint32_t u) const { return uavs_[u].sensors.size(); }
    bool sensor_present(std::uint32_t u, std::uint32_t s) const { return uavs_[u].sensor_on[s]; }
    const UavSensor& sensor(std::uint32_t u, std::uint32_t s) const { return uavs_[u].sensors[s]; }
    bool target_present(std::uint32_t t) const { return targets_[t].present; }
    double priority(std::uint32_t t) const { return targets_[t].priority; }
    /// α(t, type); 0: the type is not allowed now.
    double affinity(std::uint32_t t, SensorType type) const {
        return targets_[t].affinity[static_cast<std::size_t>(type)];
    }
    /// Eq. 1: ρ(t) · α(t, s) · γ(u, s) of a complete surveil of t by sensor s of u, now (0: not valid).
    double value(std::uint32_t u, std::uint32_t s, std::uint32_t t) const {
        const UavSensor& x = uavs_[u].sensors[s];
        return priority(t) * affinity(t, x.type) * x.quality;
    }

private:
    struct UavNow {
        bool present = false;
        std::vector<UavSensor> sensors;
        std::vector<bool> sensor_on;
    };
    struct TargetNow {
        bool present = false;
        double priority = 1;
        Affinities affinity{};
    };
    void apply(const MissionEvent& e);

    const UavMission& mission_;
    std::vector<UavNow> uavs_;
    std::vector<TargetNow> targets_;
    std::size_t next_ = 0;  ///< the first event not applied
};

}  // namespace rmsim
