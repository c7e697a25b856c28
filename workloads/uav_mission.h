#pragma once
// Machovec Ch.5 (§5.2): a surveillance mission of UAVs with finite energy over one day. In rmsim's terms a
// UAV is a node whose energy store (NodeType::energy_store_j) holds its total energy, each of its sensors a
// core of a sensor type with a quality; a target's surveils are tasks: one task per attempt at surveilling
// the target inside one of its surveillance intervals (arriving at the interval's start). The mission also
// holds the dynamic events of §5.2.3, drawn in advance and applied at their times by the environment
// (manager/policies/uav/uav_policy.h), so that no heuristic sees one before it happens.
//
// Units: the paper's energy is normalised (a UAV's total at most 1.0, sensor rates in units per hour). rmsim
// takes one unit as kUavEnergyUnitJ = 3,600 J, so that a rate of r units per hour is a sensor drawing r watts.
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "platform/platform_spec.h"
#include "workloads/task.h"

namespace rmsim {

/// The four sensor types of §5.2.1, in the order the generator's probabilities list them.
enum class SensorType : std::uint8_t { Vis, Sar, Ir, Lidar };
constexpr std::size_t kSensorTypes = 4;
const char* to_string(SensorType s);
/// "VIS", "SAR", "IR" or "LIDAR"; false if `name` is none of them.
bool parse_sensor_type(const std::string& name, SensorType& out);

/// Joules of one normalised energy unit (a rate of r units per hour is r watts).
constexpr double kUavEnergyUnitJ = 3600.0;

struct UavSensor {
    SensorType type = SensorType::Vis;
    double quality = 1;     ///< γ(u, s), 1..10
    double rate_per_h = 0;  ///< energy units per hour while the sensor works
};

struct Uav {
    double energy = 1;  ///< total energy, normalised units
    std::vector<UavSensor> sensors;
    double joins_h = 0;  ///< the hour the UAV joins the mission (0: from the start; later: an "add a UAV" event)
};

struct SurveilInterval {
    double start_h = 0;
    double end_h = 0;
    double surveil_h = 0;  ///< the target's surveillance time in force when the interval starts
};

/// Affinity α(t, s) per sensor type; 0: the type is not allowed.
using Affinities = std::array<double, kSensorTypes>;

struct Target {
    double priority = 1;  ///< ρ(t), 1..10
    double surveil_h = 1;
    Affinities affinity{};
    std::vector<SurveilInterval> intervals;
    double joins_h = 0;  ///< 0, or the hour of its "add a target" event
};

/// Table 11's event types.
enum class MissionEventKind : std::uint8_t {
    AddUav,
    RemoveUav,
    RemoveSensor,
    ModifyQualities,
    AddTarget,
    RemoveTarget,
    ChangePriority,
    ChangeSurveilTime,
    AddAllowedType,
    RemoveAllowedType,
    ModifyAffinities,
};
constexpr std::size_t kMissionEventKinds = 11;
const char* to_string(MissionEventKind k);
bool parse_mission_event_kind(const std::string& name, MissionEventKind& out);

/// One dynamic event, drawn in full in advance (whom it hits and the new values), applied at `time_h`.
struct MissionEvent {
    double time_h = 0;
    MissionEventKind kind = MissionEventKind::AddUav;
    std::uint32_t uav = 0;              ///< the UAV (add/remove UAV, remove sensor, modify qualities)
    std::uint32_t target = 0;           ///< the target (the target events)
    std::uint32_t sensor = 0;           ///< remove sensor: the index in the UAV's sensors
    SensorType type = SensorType::Vis;  ///< add/remove allowed type: the type
    double value = 0;                   ///< new priority, surveillance time (h) or affinity of the added type
    std::vector<double> values;         ///< modify qualities: per sensor; modify affinities: per type (0: keep 0)
};

/// One attempt at surveilling a target in one of its intervals: the task with the same index.
struct SurveilAttempt {
    std::uint32_t target = 0;
    std::uint32_t interval = 0;
    std::uint32_t attempt = 0;  ///< 0, 1, ...: a new attempt may start once the previous one ended
};

struct UavMission {
    double horizon_h = 24;  ///< one day (§5.2): UAVs return to base at its end
    std::vector<Uav> uavs;
    std::vector<Target> targets;
    std::vector<MissionEvent> events;  ///< ascending time
    /// GAP (§5.2): how often a target may be surveilled in one interval. 0: as often as the interval allows
    /// (each surveil that ends inside it, complete or partial, may be followed by another): one attempt per
    /// mapping event inside it, at most one surveil of a target starting per event.
    std::uint32_t max_surveils_per_interval = 0;
    /// With max_surveils_per_interval 0: the mapping interval the attempts are counted for (the policies'
    /// mapping_interval_s; a finer one may run out, which the policies report).
    double mapping_grid_s = 300;
    /// Node base power of a UAV while it flies, units per hour (0: Ch.5 counts only sensor energy).
    double base_rate_per_h = 0;
    /// Idle power of a sensor as a fraction of its working rate (0 in Ch.5).
    double sensor_idle_fraction = 0;
    std::vector<SurveilAttempt> attempts;  ///< per task id (filled by surveil_tasks)

    /// std::invalid_argument naming the first thing out of range (qualities, priorities, affinities 1..10
    /// or 0, energy > 0, intervals inside the horizon and ordered, events in time order and in range).
    void validate() const;
};

/// The platform of the mission: one cluster of one node per UAV ("uav<i>"), one processor of one core per
/// sensor, each sensor its own core type "uav<i>.<TYPE>" with one P-state drawing the sensor's rate in watts
/// (idle: sensor_idle_fraction of it), the node's store holding its energy (kUavEnergyUnitJ per unit) and its
/// base power base_rate_per_h watts.
PlatformSpec uav_platform(const UavMission& m);

/// The tasks of the mission, one per attempt (filling m.attempts): arriving at their interval's start,
/// serial, preemptible, of work surveil_h hours on every sensor (frequency-independent), utility 0 (the
/// surveillance value is the mission's, manager/policies/uav/surveil_value.h). Attempts per interval:
/// max_surveils_per_interval, or when 0 one per mapping event inside it, floor(length / mapping_grid_s) + 1
/// (and at least the complete surveils it holds, ceil(length / surveil_h)).
std::vector<Task> surveil_tasks(UavMission& m);

}  // namespace rmsim
