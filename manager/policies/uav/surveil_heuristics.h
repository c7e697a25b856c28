#pragma once
// Machovec Ch.5 §5.3: the heuristics of one mapping event over the fleet as it stands (plain data, so that
// each is tested by hand): Random, Random Best Sensor, Max Value, Max Value Per Time, Max Value Per Energy
// (§5.3.3) and the Metaheuristic (§5.3.4, Fig. 42), each optionally with the preemption modification
// (§5.3.5.2) and the per-UAV filter (§5.3.5.3, Fig. 44).
#include <cstdint>
#include <random>
#include <vector>

#include "workloads/uav_mission.h"

namespace rmsim {

enum class UavHeuristic : std::uint8_t { Random, RandomBestSensor, MaxValue, MaxVpt, MaxVpe, Metaheuristic };
const char* to_string(UavHeuristic h);
bool parse_uav_heuristic(const std::string& name, UavHeuristic& out);

struct UavModifiers {
    bool preemption = false;  ///< §5.3.5.2
    bool filtering = false;   ///< §5.3.5.3
};

/// A sensor as the heuristics see it.
struct FleetSensor {
    SensorType type = SensorType::Vis;
    double quality = 1;
    double rate_per_h = 0;
    bool present = true;
};

struct FleetUav {
    bool usable = true;  ///< present and with energy left
    std::vector<FleetSensor> sensors;
    double energy_used = 0;  ///< ε: the fraction of its total energy consumed
    /// τ: the mean VPE of the surveils it has started so far (unweighted, GAP); count 0: none yet.
    double vpe_sum = 0;
    std::uint32_t surveils = 0;
    // Its surveil now, if any.
    bool busy = false;
    std::uint32_t target = 0, sensor = 0;
    bool locked = false;  ///< started in this mapping event: not interrupted in it (GAP, so that the event ends)
};

struct FleetTarget {
    bool available = false;  ///< present, inside an interval, an attempt left
    double priority = 1;
    Affinities affinity{};
    double surveil_h = 1;   ///< of the surveil that would start now
    bool busy = false;      ///< surveilled now
    std::uint32_t uav = 0;  ///< by this UAV
};

struct Fleet {
    std::vector<FleetUav> uavs;
    std::vector<FleetTarget> targets;
    double day_fraction = 0;  ///< δ: the fraction of the day elapsed (or of the shaped goal's energy by now)
};

/// What one assignment does: sensor `sensor` of `uav` starts surveilling `target`, interrupting first the
/// UAV's own surveil (if `stops_uav`) and the target's by another UAV (if `stops_target_uav`: that UAV).
struct SurveilChoice {
    std::uint32_t uav = 0, sensor = 0, target = 0;
    bool stops_uav = false;
    std::uint32_t stopped_uav_target = 0;  ///< the target whose surveil stops_uav interrupts
    bool stops_target = false;
    std::uint32_t stopped_target_uav = 0;
};

/// Eq. 1 for sensor s of u on t (0 if its type is not allowed or the sensor is gone).
double surveil_value(const Fleet& f, std::uint32_t u, std::uint32_t s, std::uint32_t t);
/// Value per time: value / surveillance time (hours).
double surveil_vpt(const Fleet& f, std::uint32_t u, std::uint32_t s, std::uint32_t t);
/// Value per energy: value / (rate · surveillance time), the projected energy of a complete surveil.
double surveil_vpe(const Fleet& f, std::uint32_t u, std::uint32_t s, std::uint32_t t);
/// §5.3.5.3: the UAV's VPE threshold T = τ · ε / δ; 0 (no filter) until it has a surveil and δ > 0 (GAP).
double filter_threshold(const Fleet& f, std::uint32_t u);

/// One mapping event: assigns until no assignment is possible, updating `f` (busy, locked, the UAVs'
/// surveil counts and VPE sums) as it goes, and returns the assignments in order.
std::vector<SurveilChoice> map_surveils(UavHeuristic h, UavModifiers m, Fleet& f, std::mt19937_64& rng);

}  // namespace rmsim
