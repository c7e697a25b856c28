// The `uav_mission` workload: Machovec Ch.5 surveillance missions (workloads/uav_mission.h), drawn by the
// §5.4.1 generator (workloads/uav_generator.h) or written out in `scenario:` (the worked example of Tables
// 9-10); keys in docs/workloads.md. The workload brings its platform (one node per UAV) for each trial.
#include "workloads/config/workload_yaml.h"
#include "workloads/uav_generator.h"

namespace rmsim {

namespace {

std::vector<ParamInfo> uav_params() {
    const UavScenarioParams d;
    const auto num = default_text;
    return {
        ParamInfo{"uavs", "number", num(d.uav_lambda), "UAVs ~ Poisson(λ) (§5.4.1.1)"}.at_least(0),
        ParamInfo{"targets", "number", num(d.target_lambda), "targets ~ Poisson(λ) (§5.4.1.2)"}.at_least(0),
        ParamInfo{"scale", "number", "1", "multiplies both λ and every event rate (§5.4.3's large scenarios: 10)"}
            .above(0),
        ParamInfo{"energy_mean", "number", num(d.energy_mean), "mean total energy of a UAV, Beta (sd 15 %)"}
            .above(0)
            .below(1),
        ParamInfo{"rate_mean", "number", num(d.rate_mean), "mean sensor energy rate per hour, Beta (sd 50 %)"}
            .above(0)
            .below(0.5),
        ParamInfo{"priority_cov", "number", num(d.priority_cov), "COV of the Gamma of target priorities"}.above(0),
        ParamInfo{"event_rate_multiplier", "number", num(d.event_rate_multiplier),
                  "multiplies Table 11's event rates (0: no dynamic events)"}
            .at_least(0),
        ParamInfo{"max_surveils_per_interval", "integer", "0",
                  "GAP: surveils of a target per interval (0: one per mapping event in it, mapping_grid_s)"}
            .at_least(0),
        ParamInfo{"mapping_grid_s", "number", "300",
                  "with max_surveils_per_interval 0: the mapping interval the attempts are counted for"}
            .above(0),
        ParamInfo{"base_rate_per_h", "number", "0",
                  "a UAV's base draw while it flies, units per hour (Ch.5 counts sensor energy only: 0)"}
            .at_least(0),
        ParamInfo{"sensor_idle_fraction", "number", "0",
                  "a sensor's idle draw as a fraction of its working rate (Ch.5: 0)"}
            .at_least(0)
            .at_most(1),
        {"scenario", "map", "(none: generated)",
         "a mission written out instead of drawn: horizon_h, uavs, targets, events (docs/workloads.md)"},
        {"scenario.horizon_h", "number", "24", "the day, hours"},
        {"scenario.uavs", "list", "(required)", "{energy, sensors: [{type, quality, rate_per_h}], joins_h}"},
        {"scenario.targets", "list", "(required)",
         "{priority, surveil_h, affinity: {TYPE: α}, intervals: [[start_h, end_h], ...], joins_h}"},
        {"scenario.events", "list", "(none)", "{time_h, kind, uav, target, sensor, type, value, values}"},
    };
}

SensorType sensor_type(const YAML::Node& n, const std::string& file) {
    SensorType t;
    if (!parse_sensor_type(as_string(n, file, "a sensor type"), t))
        throw_at(n, file, "unknown sensor type '" + n.Scalar() + "' (valid: VIS, SAR, IR, LIDAR)");
    return t;
}

UavMission written_mission(const YAML::Node& s, const std::string& file) {
    UavMission m;
    m.horizon_h = get_positive_or(s, "horizon_h", file, 24);
    const YAML::Node uavs = get_node(s, "uavs", file);
    expect_sequence(uavs, file, "'uavs'");
    for (const YAML::Node& u : uavs) {
        check_allowed_keys(u, file, "a UAV", {"energy", "sensors", "joins_h"});
        Uav v;
        v.energy = get_positive(u, "energy", file);
        v.joins_h = get_non_negative_or(u, "joins_h", file, 0);
        const YAML::Node sensors = get_node(u, "sensors", file);
        expect_sequence(sensors, file, "'sensors'");
        for (const YAML::Node& x : sensors) {
            check_allowed_keys(x, file, "a sensor", {"type", "quality", "rate_per_h"});
            v.sensors.push_back({sensor_type(get_node(x, "type", file), file), get_positive(x, "quality", file),
                                 get_non_negative(x, "rate_per_h", file)});
        }
        m.uavs.push_back(std::move(v));
    }
    const YAML::Node targets = get_node(s, "targets", file);
    expect_sequence(targets, file, "'targets'");
    for (const YAML::Node& t : targets) {
        check_allowed_keys(t, file, "a target", {"priority", "surveil_h", "affinity", "intervals", "joins_h"});
        Target g;
        g.priority = get_positive(t, "priority", file);
        g.surveil_h = get_positive(t, "surveil_h", file);
        g.joins_h = get_non_negative_or(t, "joins_h", file, 0);
        const YAML::Node a = get_node(t, "affinity", file);
        expect_map(a, file, "'affinity'");
        for (const auto& kv : a)
            g.affinity[static_cast<std::size_t>(sensor_type(kv.first, file))] =
                as_positive(kv.second, file, "an affinity");
        const YAML::Node ivs = get_node(t, "intervals", file);
        expect_sequence(ivs, file, "'intervals'");
        for (const YAML::Node& iv : ivs) {
            expect_sequence(iv, file, "an interval");
            if (iv.size() != 2) throw_at(iv, file, "an interval is [start_h, end_h]");
            g.intervals.push_back({as_non_negative(iv[0], file, "an interval's start"),
                                   as_non_negative(iv[1], file, "an interval's end"), g.surveil_h});
        }
        m.targets.push_back(std::move(g));
    }
    if (has_key(s, "events")) {
        const YAML::Node events = s["events"];
        expect_sequence(events, file, "'events'");
        for (const YAML::Node& e : events) {
            check_allowed_keys(e, file, "an event",
                               {"time_h", "kind", "uav", "target", "sensor", "type", "value", "values"});
            MissionEvent x;
            x.time_h = get_non_negative(e, "time_h", file);
            const YAML::Node kind = get_node(e, "kind", file);
            if (!parse_mission_event_kind(as_string(kind, file, "an event kind"), x.kind))
                throw_at(kind, file, "unknown event kind '" + kind.Scalar() + "'");
            x.uav = get_count_or(e, "uav", file, 0);
            x.target = get_count_or(e, "target", file, 0);
            x.sensor = get_count_or(e, "sensor", file, 0);
            if (has_key(e, "type")) x.type = sensor_type(e["type"], file);
            x.value = get_non_negative_or(e, "value", file, 0);
            if (has_key(e, "values")) {
                expect_sequence(e["values"], file, "'values'");
                for (const YAML::Node& v : e["values"]) x.values.push_back(as_non_negative(v, file, "a value"));
            }
            m.events.push_back(std::move(x));
        }
    }
    set_interval_surveil_times(m);
    return m;
}

UavScenarioParams generator_params(const YAML::Node& n, const std::string& file) {
    UavScenarioParams p;
    const double scale = get_positive_or(n, "scale", file, 1);
    p.uav_lambda = get_non_negative_or(n, "uavs", file, p.uav_lambda) * scale;
    p.target_lambda = get_non_negative_or(n, "targets", file, p.target_lambda) * scale;
    p.event_rate_multiplier = get_non_negative_or(n, "event_rate_multiplier", file, 1) * scale;
    p.energy_mean = get_positive_or(n, "energy_mean", file, p.energy_mean);
    p.rate_mean = get_positive_or(n, "rate_mean", file, p.rate_mean);
    p.priority_cov = get_positive_or(n, "priority_cov", file, p.priority_cov);
    return p;
}

/// The mission of one trial: written out, or drawn with the trial's seed.
UavMission mission_of(const YAML::Node& n, const std::string& file, std::uint64_t seed) {
    UavMission m;
    if (has_key(n, "scenario")) {
        m = written_mission(n["scenario"], file);
    } else {
        std::mt19937_64 rng(seed);
        m = generate_uav_mission(generator_params(n, file), rng);
    }
    m.max_surveils_per_interval = get_count_or(n, "max_surveils_per_interval", file, 0);
    m.mapping_grid_s = get_positive_or(n, "mapping_grid_s", file, 300);
    m.base_rate_per_h = get_non_negative_or(n, "base_rate_per_h", file, 0);
    m.sensor_idle_fraction = fraction_or(n, "sensor_idle_fraction", file, 0);
    try {
        m.validate();
    } catch (const std::invalid_argument& ex) {
        throw_at(key_or_section(n, "scenario"), file, ex.what());
    }
    return m;
}

Workload uav_workload(const YAML::Node& n, const WorkloadContext& c) {
    auto m = std::make_shared<UavMission>(mission_of(n, c.file, c.seed));
    Workload w;
    w.tasks = surveil_tasks(*m);
    w.platform = std::make_shared<const PlatformSpec>(uav_platform(*m));
    w.mission = std::move(m);
    return w;
}

/// The experiment's platform: a written mission's own; for a drawn one (its UAVs differ per trial), one UAV
/// with a sensor of each type, against which the config is checked.
PlatformSpec uav_experiment_platform(const YAML::Node& n, const std::string& file, const PlatformSpec&) {
    if (has_key(n, "scenario")) return uav_platform(mission_of(n, file, 0));
    UavMission m;
    Uav u;
    for (std::size_t s = 0; s < kSensorTypes; ++s) u.sensors.push_back({static_cast<SensorType>(s), 1, 0.05});
    m.uavs.push_back(u);
    return uav_platform(m);
}

}  // namespace

void register_uav_workloads(WorkloadRegistry& r) {
    r.add({"uav_mission",
           "Machovec Ch.5: UAVs with finite energy surveilling targets in time windows, with dynamic events "
           "(§5.4.1), drawn or written out; brings its platform (one node per UAV, a core per sensor)",
           uav_params(),
           uav_workload,
           uav_experiment_platform,
           {},
           {},
           {}});
}

}  // namespace rmsim
