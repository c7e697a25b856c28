#include "workloads/uav_generator.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace rmsim {

namespace {

/// Gamma of mean `mean` and coefficient of variation `cov` (> 0).
double draw_gamma(double mean, double cov, std::mt19937_64& rng) {
    const double shape = 1.0 / (cov * cov);
    return std::gamma_distribution<double>(shape, mean / shape)(rng);
}

double clamp_grade(double v) { return std::clamp(std::floor(v), 1.0, 10.0); }

Uav draw_uav(const UavScenarioParams& p, double joins_h, std::mt19937_64& rng) {
    Uav u;
    u.joins_h = joins_h;
    u.energy = draw_beta(p.energy_mean, p.energy_sd_fraction * p.energy_mean, rng);
    // Rayleigh(σ) by inversion: σ sqrt(-2 ln(1 - U)); rounded to the nearest integer (GAP), clamped to 1..4.
    const double r =
        p.sensors_rayleigh_scale * std::sqrt(-2.0 * std::log(1.0 - std::uniform_real_distribution<double>(0, 1)(rng)));
    const auto count = static_cast<std::size_t>(std::clamp(std::round(r), 1.0, double(kSensorTypes)));
    std::array<double, kSensorTypes> w = p.sensor_type_probability;
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t k = std::discrete_distribution<std::size_t>(w.begin(), w.end())(rng);
        w[k] = 0;  // without replacement; the rest renormalise
        UavSensor s;
        s.type = static_cast<SensorType>(k);
        s.quality = draw_grade(p.quality_mean, p.quality_sd_fraction * p.quality_mean, rng);
        s.rate_per_h = draw_beta(p.rate_mean, p.rate_sd_fraction * p.rate_mean, rng);
        u.sensors.push_back(s);
    }
    return u;
}

double draw_priority(const UavScenarioParams& p, std::mt19937_64& rng) {
    return clamp_grade(draw_gamma(p.priority_mean, p.priority_cov, rng));
}

double draw_surveil_h(const UavScenarioParams& p, std::mt19937_64& rng) {
    return std::uniform_real_distribution<double>(p.surveil_min_h, p.surveil_max_h)(rng);
}

Target draw_target(const UavScenarioParams& p, double joins_h, std::mt19937_64& rng) {
    Target t;
    t.joins_h = joins_h;
    t.priority = draw_priority(p, rng);
    t.surveil_h = draw_surveil_h(p, rng);
    const int allowed = 1 + std::binomial_distribution<int>(3, 0.5)(rng);
    std::array<std::size_t, kSensorTypes> types{0, 1, 2, 3};
    std::shuffle(types.begin(), types.end(), rng);
    for (int i = 0; i < allowed; ++i)
        t.affinity[types[i]] = draw_grade(p.affinity_mean, p.affinity_sd_fraction * p.affinity_mean, rng);
    // §5.4.1.3: gaps ~ Exp(mean 1 h), windows ~ Gamma(mean 3 h, sd 20 %); a window past the day ends with it.
    double clock = joins_h;
    for (;;) {
        const double start = clock + std::exponential_distribution<double>(1.0 / p.gap_mean_h)(rng);
        if (start >= p.horizon_h) break;
        const double end = start + draw_gamma(p.window_mean_h, p.window_sd_fraction, rng);
        t.intervals.push_back({start, std::min(end, p.horizon_h), 0});
        clock = end;
    }
    return t;
}

template <typename Pred>
std::vector<std::uint32_t> present(std::size_t n, Pred&& alive) {
    std::vector<std::uint32_t> v;
    for (std::uint32_t i = 0; i < n; ++i)
        if (alive(i)) v.push_back(i);
    return v;
}

}  // namespace

double draw_beta(double mean, double sd, std::mt19937_64& rng) {
    const double k = mean * (1 - mean) / (sd * sd) - 1;  // α + β
    const double x = std::gamma_distribution<double>(mean * k, 1.0)(rng);
    const double y = std::gamma_distribution<double>((1 - mean) * k, 1.0)(rng);
    return x / (x + y);
}

double draw_grade(double mean, double sd, std::mt19937_64& rng) { return clamp_grade(10.0 * draw_beta(mean, sd, rng)); }

UavMission generate_uav_mission(const UavScenarioParams& p, std::mt19937_64& rng) {
    UavMission m;
    m.horizon_h = p.horizon_h;
    m.max_surveils_per_interval = p.max_surveils_per_interval;
    m.base_rate_per_h = p.base_rate_per_h;
    m.sensor_idle_fraction = p.sensor_idle_fraction;
    const auto uavs = std::poisson_distribution<int>(p.uav_lambda)(rng);
    const auto targets = std::poisson_distribution<int>(p.target_lambda)(rng);
    for (int i = 0; i < uavs; ++i) m.uavs.push_back(draw_uav(p, 0, rng));
    for (int i = 0; i < targets; ++i) m.targets.push_back(draw_target(p, 0, rng));

    // Each event type is a Poisson process of its own (§5.4.1.4): draw every arrival time, then apply them in
    // time order (ties: Table 11's order), so that each hits an entity present at its time.
    struct Arrival {
        double time_h;
        MissionEventKind kind;
    };
    std::vector<Arrival> arrivals;
    for (std::size_t k = 0; k < kMissionEventKinds; ++k) {
        const double per_h = p.event_rates_per_day[k] * p.event_rate_multiplier / 24.0;
        if (per_h <= 0) continue;
        for (double t = std::exponential_distribution<double>(per_h)(rng); t < p.horizon_h;
             t += std::exponential_distribution<double>(per_h)(rng))
            arrivals.push_back({t, static_cast<MissionEventKind>(k)});
    }
    std::stable_sort(arrivals.begin(), arrivals.end(), [](const Arrival& a, const Arrival& b) {
        return a.time_h != b.time_h ? a.time_h < b.time_h : a.kind < b.kind;
    });
    std::vector<bool> uav_on(m.uavs.size(), true), target_on(m.targets.size(), true);
    std::vector<std::vector<bool>> sensor_on;
    for (const Uav& u : m.uavs) sensor_on.emplace_back(u.sensors.size(), true);
    std::vector<Affinities> allowed;  // per target, its affinities as of the event being drawn (0: not allowed)
    for (const Target& t : m.targets) allowed.push_back(t.affinity);
    auto pick = [&](const std::vector<std::uint32_t>& from) {
        return from[std::uniform_int_distribution<std::size_t>(0, from.size() - 1)(rng)];
    };
    for (const Arrival& a : arrivals) {
        MissionEvent e;
        e.time_h = a.time_h;
        e.kind = a.kind;
        const auto live_uavs = present(m.uavs.size(), [&](std::uint32_t i) { return uav_on[i]; });
        const auto live_targets = present(m.targets.size(), [&](std::uint32_t i) { return target_on[i]; });
        switch (a.kind) {
            case MissionEventKind::AddUav:
                e.uav = static_cast<std::uint32_t>(m.uavs.size());
                m.uavs.push_back(draw_uav(p, a.time_h, rng));
                uav_on.push_back(true);
                sensor_on.emplace_back(m.uavs.back().sensors.size(), true);
                break;
            case MissionEventKind::RemoveUav:
            case MissionEventKind::RemoveSensor:
            case MissionEventKind::ModifyQualities: {
                if (live_uavs.empty()) continue;
                e.uav = pick(live_uavs);
                const auto live =
                    present(m.uavs[e.uav].sensors.size(), [&](std::uint32_t s) { return sensor_on[e.uav][s]; });
                if (a.kind == MissionEventKind::RemoveSensor) {
                    if (live.size() == 1) {
                        e.kind = MissionEventKind::RemoveUav;  // its only sensor: the UAV goes
                    } else {
                        e.sensor = pick(live);
                        sensor_on[e.uav][e.sensor] = false;
                        break;
                    }
                }
                if (e.kind == MissionEventKind::RemoveUav) {
                    uav_on[e.uav] = false;
                    break;
                }
                for (std::size_t s = 0; s < m.uavs[e.uav].sensors.size(); ++s)
                    e.values.push_back(draw_grade(p.quality_mean, p.quality_sd_fraction * p.quality_mean, rng));
                break;
            }
            case MissionEventKind::AddTarget:
                e.target = static_cast<std::uint32_t>(m.targets.size());
                m.targets.push_back(draw_target(p, a.time_h, rng));
                target_on.push_back(true);
                allowed.push_back(m.targets.back().affinity);
                break;
            default: {
                if (live_targets.empty()) continue;
                e.target = pick(live_targets);
                Affinities& now = allowed[e.target];
                switch (a.kind) {
                    case MissionEventKind::RemoveTarget: target_on[e.target] = false; break;
                    case MissionEventKind::ChangePriority: e.value = draw_priority(p, rng); break;
                    case MissionEventKind::ChangeSurveilTime: e.value = draw_surveil_h(p, rng); break;
                    case MissionEventKind::AddAllowedType:
                    case MissionEventKind::RemoveAllowedType: {
                        const bool add = a.kind == MissionEventKind::AddAllowedType;
                        const auto candidates =
                            present(kSensorTypes, [&](std::uint32_t s) { return (now[s] > 0) != add; });
                        if (candidates.empty() || (!add && candidates.size() == 1)) continue;
                        e.type = static_cast<SensorType>(pick(candidates));
                        e.value = add ? draw_grade(p.affinity_mean, p.affinity_sd_fraction * p.affinity_mean, rng) : 0;
                        now[static_cast<std::size_t>(e.type)] = e.value;
                        break;
                    }
                    case MissionEventKind::ModifyAffinities:
                        e.values.assign(kSensorTypes, 0.0);
                        for (std::size_t s = 0; s < kSensorTypes; ++s)
                            if (now[s] > 0)
                                now[s] = e.values[s] =
                                    draw_grade(p.affinity_mean, p.affinity_sd_fraction * p.affinity_mean, rng);
                        break;
                    default: break;
                }
                break;
            }
        }
        m.events.push_back(std::move(e));
    }
    set_interval_surveil_times(m);
    return m;
}

void set_interval_surveil_times(UavMission& m) {
    for (Target& g : m.targets)
        for (SurveilInterval& i : g.intervals) i.surveil_h = g.surveil_h;
    for (const MissionEvent& e : m.events)  // in time order: the latest change before a start wins
        if (e.kind == MissionEventKind::ChangeSurveilTime && e.target < m.targets.size())
            for (SurveilInterval& i : m.targets[e.target].intervals)
                if (i.start_h >= e.time_h) i.surveil_h = e.value;
}

}  // namespace rmsim
