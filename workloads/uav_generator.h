#pragma once
// Machovec Ch.5 §5.4.1: the scenario generator (UAVs, targets, surveillance intervals, the dynamic events of
// Table 11) and the parameters its sweeps vary (§5.4.2, §5.4.3).
#include <cstdint>
#include <random>

#include "workloads/uav_mission.h"

namespace rmsim {

struct UavScenarioParams {
    double horizon_h = 24;
    double uav_lambda = 9;      ///< UAVs ~ Poisson(λ)
    double target_lambda = 14;  ///< targets ~ Poisson(λ)
    double energy_mean = 0.8;   ///< total energy ~ Beta(mean, sd = energy_sd_fraction · mean)
    double energy_sd_fraction = 0.15;
    double rate_mean = 0.05;  ///< sensor energy per hour ~ Beta(mean, sd = rate_sd_fraction · mean)
    double rate_sd_fraction = 0.5;
    double sensors_rayleigh_scale = 2;  ///< sensors per UAV ~ Rayleigh(scale), rounded, clamped to 1..4 (GAP)
    /// Sensor types drawn without replacement with these probabilities (VIS, SAR, IR, LIDAR), renormalised.
    std::array<double, kSensorTypes> sensor_type_probability{0.5, 0.2, 0.2, 0.1};
    double quality_mean = 0.6;  ///< quality ~ 10 · Beta(mean, sd = quality_sd_fraction · mean), truncated, 1..10
    double quality_sd_fraction = 0.4;
    double priority_mean = 4;  ///< priority ~ Gamma(mean, COV), truncated, clamped to 1..10
    double priority_cov = 0.6;
    double surveil_min_h = 1;  ///< surveillance time ~ U(min, max)
    double surveil_max_h = 3;
    double affinity_mean = 0.7;  ///< affinity ~ 10 · Beta(mean, sd = affinity_sd_fraction · mean), as quality
    double affinity_sd_fraction = 0.3;
    double gap_mean_h = 1;     ///< between intervals ~ Exp(mean)
    double window_mean_h = 3;  ///< interval length ~ Gamma(mean, sd = window_sd_fraction · mean)
    double window_sd_fraction = 0.2;
    /// Table 11's rates, events per day, in MissionEventKind order; all multiplied by event_rate_multiplier.
    std::array<double, kMissionEventKinds> event_rates_per_day{1, 1, 0.5, 0.5, 2, 2, 4, 6, 6, 6, 2};
    double event_rate_multiplier = 1;
    std::uint32_t max_surveils_per_interval = 0;  ///< UavMission's (GAP)
    double base_rate_per_h = 0;
    double sensor_idle_fraction = 0;
};

/// Sets each interval's surveillance time to the one in force at its start: the target's, or that of its
/// latest "change surveillance time" event at or before the start (GAP: a change applies to the intervals
/// that start after it).
void set_interval_surveil_times(UavMission& m);

/// Beta draw of mean `mean` and standard deviation `sd` (0 < mean < 1, sd² < mean (1 - mean)), by two gammas.
double draw_beta(double mean, double sd, std::mt19937_64& rng);
/// A quality or affinity: 10 · Beta(mean, sd) truncated to an integer and clamped to 1..10 (GAP: §5.4.1
/// says "truncated to an integer, clamped 1..10"; the ×10 is implied).
double draw_grade(double mean, double sd, std::mt19937_64& rng);

/// One scenario. The events are drawn in time order, each hitting an entity drawn uniformly among those
/// present at its time (an added UAV or target is drawn like the initial ones and joins then); removing a
/// UAV's only sensor removes the UAV; an "add allowed type" event on a target that allows every type, and a
/// "remove allowed type" on one that allows a single type, do nothing (GAP) and are not kept. Intervals
/// take the surveillance time in force at their start.
UavMission generate_uav_mission(const UavScenarioParams& p, std::mt19937_64& rng);

}  // namespace rmsim
