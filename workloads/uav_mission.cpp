#include "workloads/uav_mission.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "platform/enum_names.h"
#include "platform/number_format.h"

namespace rmsim {

namespace {

constexpr auto kSensorNames = enum_names<SensorType>(
    {{SensorType::Vis, "VIS"}, {SensorType::Sar, "SAR"}, {SensorType::Ir, "IR"}, {SensorType::Lidar, "LIDAR"}});

constexpr auto kEventNames = enum_names<MissionEventKind>({
    {MissionEventKind::AddUav, "add_uav"},
    {MissionEventKind::RemoveUav, "remove_uav"},
    {MissionEventKind::RemoveSensor, "remove_sensor"},
    {MissionEventKind::ModifyQualities, "modify_qualities"},
    {MissionEventKind::AddTarget, "add_target"},
    {MissionEventKind::RemoveTarget, "remove_target"},
    {MissionEventKind::ChangePriority, "change_priority"},
    {MissionEventKind::ChangeSurveilTime, "change_surveil_time"},
    {MissionEventKind::AddAllowedType, "add_allowed_type"},
    {MissionEventKind::RemoveAllowedType, "remove_allowed_type"},
    {MissionEventKind::ModifyAffinities, "modify_affinities"},
});

[[noreturn]] void bad(const std::string& what) { throw std::invalid_argument("UAV mission: " + what); }

void check_grade(double v, const std::string& what) {
    if (!(v >= 1 && v <= 10)) bad(what + " " + number12(v) + " is not in 1..10");
}

}  // namespace

const char* to_string(SensorType s) { return kSensorNames.name(s); }
bool parse_sensor_type(const std::string& name, SensorType& out) {
    const auto v = kSensorNames.parse(name);
    if (v) out = *v;
    return v.has_value();
}
const char* to_string(MissionEventKind k) { return kEventNames.name(k); }
bool parse_mission_event_kind(const std::string& name, MissionEventKind& out) {
    const auto v = kEventNames.parse(name);
    if (v) out = *v;
    return v.has_value();
}

void UavMission::validate() const {
    if (!(horizon_h > 0)) bad("the horizon must be positive");
    if (!(mapping_grid_s > 0)) bad("the mapping grid must be positive");
    if (!(base_rate_per_h >= 0) || !(sensor_idle_fraction >= 0 && sensor_idle_fraction <= 1))
        bad("base rate >= 0 and sensor idle fraction in [0, 1] required");
    for (std::size_t u = 0; u < uavs.size(); ++u) {
        const Uav& v = uavs[u];
        const std::string who = "UAV " + std::to_string(u);
        if (!(v.energy > 0) || !std::isfinite(v.energy)) bad(who + ": energy must be positive");
        if (v.sensors.empty() || v.sensors.size() > kSensorTypes) bad(who + ": 1 to 4 sensors");
        std::array<bool, kSensorTypes> seen{};
        for (const UavSensor& s : v.sensors) {
            if (seen[static_cast<std::size_t>(s.type)]) bad(who + ": two sensors of type " + to_string(s.type));
            seen[static_cast<std::size_t>(s.type)] = true;
            check_grade(s.quality, who + ": quality");
            if (!(s.rate_per_h >= 0) || !std::isfinite(s.rate_per_h)) bad(who + ": a sensor rate must be >= 0");
        }
        if (!(v.joins_h >= 0 && v.joins_h < horizon_h)) bad(who + ": joins outside the day");
    }
    for (std::size_t t = 0; t < targets.size(); ++t) {
        const Target& g = targets[t];
        const std::string who = "target " + std::to_string(t);
        check_grade(g.priority, who + ": priority");
        if (!(g.surveil_h > 0)) bad(who + ": surveillance time must be positive");
        if (std::none_of(g.affinity.begin(), g.affinity.end(), [](double a) { return a > 0; }))
            bad(who + ": no allowed sensor type");
        for (double a : g.affinity)
            if (a != 0) check_grade(a, who + ": affinity");
        double last = g.joins_h;
        for (const SurveilInterval& i : g.intervals) {
            if (!(i.start_h >= last && i.end_h > i.start_h && i.end_h <= horizon_h + 1e-9))
                bad(who + ": intervals must be ordered, disjoint, after it joins and inside the day");
            if (!(i.surveil_h > 0)) bad(who + ": an interval's surveillance time must be positive");
            last = i.end_h;
        }
    }
    double last = 0;
    for (const MissionEvent& e : events) {
        const std::string who = std::string("event ") + to_string(e.kind) + " at " + number12(e.time_h) + " h";
        if (!(e.time_h >= last && e.time_h < horizon_h)) bad(who + ": events must be in time order inside the day");
        last = e.time_h;
        switch (e.kind) {
            case MissionEventKind::AddUav:
            case MissionEventKind::RemoveUav:
            case MissionEventKind::RemoveSensor:
            case MissionEventKind::ModifyQualities:
                if (e.uav >= uavs.size()) bad(who + ": no such UAV");
                if (e.kind == MissionEventKind::RemoveSensor && e.sensor >= uavs[e.uav].sensors.size())
                    bad(who + ": no such sensor");
                if (e.kind == MissionEventKind::ModifyQualities) {
                    if (e.values.size() != uavs[e.uav].sensors.size()) bad(who + ": one quality per sensor");
                    for (double q : e.values) check_grade(q, who + ": quality");
                }
                break;
            default:
                if (e.target >= targets.size()) bad(who + ": no such target");
                if (e.kind == MissionEventKind::ChangePriority || e.kind == MissionEventKind::AddAllowedType)
                    check_grade(e.value, who + ": value");
                if (e.kind == MissionEventKind::ChangeSurveilTime && !(e.value > 0))
                    bad(who + ": surveillance time must be positive");
                if (e.kind == MissionEventKind::ModifyAffinities) {
                    if (e.values.size() != kSensorTypes) bad(who + ": one affinity per sensor type");
                    for (double a : e.values)
                        if (a != 0) check_grade(a, who + ": affinity");
                }
        }
    }
}

PlatformSpec uav_platform(const UavMission& m) {
    PlatformSpec p;
    p.name = "uav-mission";
    p.dvfs_domain = DvfsScope::Core;
    for (std::size_t u = 0; u < m.uavs.size(); ++u) {
        const Uav& v = m.uavs[u];
        const std::string name = "uav" + std::to_string(u);
        NodeType nt;
        nt.name = name;
        nt.base_power_w = {m.base_rate_per_h};
        nt.energy_store_j = v.energy * kUavEnergyUnitJ;
        for (const UavSensor& s : v.sensors) {
            CoreType ct;
            ct.name = name + "." + to_string(s.type);
            // One level: the frequency only sets the clock the core rounds to (1 ns); the work is
            // frequency-independent (surveil_tasks).
            ct.pstates = {PState{1e9, 1.0, s.rate_per_h, s.rate_per_h * m.sensor_idle_fraction}};
            ProcessorType pt;
            pt.name = ct.name;
            pt.core_type = static_cast<CoreTypeId>(p.core_types.size());
            pt.cores = 1;
            nt.processors.push_back({static_cast<ProcessorTypeId>(p.processor_types.size()), 1});
            p.core_types.push_back(std::move(ct));
            p.processor_types.push_back(std::move(pt));
        }
        ClusterSpec c;
        c.name = name;
        c.node_type = static_cast<NodeTypeId>(p.node_types.size());
        c.nodes = 1;
        p.node_types.push_back(std::move(nt));
        p.clusters.push_back(std::move(c));
    }
    return p;
}

std::vector<Task> surveil_tasks(UavMission& m) {
    std::vector<Task> tasks;
    m.attempts.clear();
    for (std::uint32_t t = 0; t < m.targets.size(); ++t) {
        const Target& g = m.targets[t];
        for (std::uint32_t i = 0; i < g.intervals.size(); ++i) {
            const SurveilInterval& iv = g.intervals[i];
            const double length_h = iv.end_h - iv.start_h;
            const auto holds = static_cast<std::uint32_t>(std::ceil(length_h / iv.surveil_h - 1e-12));
            const auto events = static_cast<std::uint32_t>(std::floor(length_h * 3600.0 / m.mapping_grid_s)) + 1;
            const std::uint32_t n =
                m.max_surveils_per_interval > 0 ? m.max_surveils_per_interval : std::max(holds, events);
            for (std::uint32_t a = 0; a < n; ++a) {
                Task k;
                k.arrival_s = iv.start_h * 3600.0;
                k.type = t;
                k.cores = 1;
                k.preemptible = true;
                k.can_preempt = true;
                k.work.set_memory_s(iv.surveil_h * 3600.0);
                k.utility = UtilityFunction::constant(0.0);  // the value is the mission's (Eq. 1), not the task's
                tasks.push_back(std::move(k));
                m.attempts.push_back({t, i, a});
            }
        }
    }
    // Arrival order (stable), then the attempts follow their tasks' new ids.
    std::vector<std::size_t> order(tasks.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return tasks[a].arrival() < tasks[b].arrival(); });
    std::vector<Task> sorted;
    std::vector<SurveilAttempt> attempts;
    sorted.reserve(tasks.size());
    attempts.reserve(tasks.size());
    for (std::size_t i : order) {
        sorted.push_back(std::move(tasks[i]));
        sorted.back().id = sorted.size() - 1;
        attempts.push_back(m.attempts[i]);
    }
    m.attempts = std::move(attempts);
    return sorted;
}

}  // namespace rmsim
