#include "manager/policies/uav/mission_state.h"

namespace rmsim {

MissionState::MissionState(const UavMission& m) : mission_(m) {
    for (const Uav& u : m.uavs) {
        UavNow n;
        n.present = u.joins_h == 0;  // a later one joins by its "add a UAV" event
        n.sensors = u.sensors;
        n.sensor_on.assign(u.sensors.size(), true);
        uavs_.push_back(std::move(n));
    }
    for (const Target& t : m.targets) targets_.push_back({t.joins_h == 0, t.priority, t.affinity});
}

double MissionState::next_event_h() const {
    return next_ < mission_.events.size() ? mission_.events[next_].time_h : mission_.horizon_h;
}

std::vector<const MissionEvent*> MissionState::advance(double now_h) {
    std::vector<const MissionEvent*> applied;
    while (next_ < mission_.events.size() && mission_.events[next_].time_h <= now_h) {
        apply(mission_.events[next_]);
        applied.push_back(&mission_.events[next_]);
        ++next_;
    }
    return applied;
}

void MissionState::apply(const MissionEvent& e) {
    switch (e.kind) {
        case MissionEventKind::AddUav: uavs_[e.uav].present = true; break;
        case MissionEventKind::RemoveUav: uavs_[e.uav].present = false; break;
        case MissionEventKind::RemoveSensor: {
            UavNow& u = uavs_[e.uav];
            u.sensor_on[e.sensor] = false;
            bool any = false;
            for (bool on : u.sensor_on) any = any || on;
            if (!any) u.present = false;  // its only sensor: the UAV goes (§5.4.1.4)
            break;
        }
        case MissionEventKind::ModifyQualities:
            for (std::size_t s = 0; s < e.values.size(); ++s) uavs_[e.uav].sensors[s].quality = e.values[s];
            break;
        case MissionEventKind::AddTarget: targets_[e.target].present = true; break;
        case MissionEventKind::RemoveTarget: targets_[e.target].present = false; break;
        case MissionEventKind::ChangePriority: targets_[e.target].priority = e.value; break;
        case MissionEventKind::ChangeSurveilTime: break;  // the target's later intervals carry it (surveil_tasks)
        case MissionEventKind::AddAllowedType:
        case MissionEventKind::RemoveAllowedType:
            targets_[e.target].affinity[static_cast<std::size_t>(e.type)] = e.value;
            break;
        case MissionEventKind::ModifyAffinities:
            for (std::size_t s = 0; s < kSensorTypes; ++s)
                if (targets_[e.target].affinity[s] > 0) targets_[e.target].affinity[s] = e.values[s];
            break;
    }
}

}  // namespace rmsim
