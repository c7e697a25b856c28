#include "manager/policies/uav/surveil_heuristics.h"

#include <algorithm>
#include <limits>

#include "platform/enum_names.h"

namespace rmsim {

namespace {

constexpr auto kHeuristicNames = enum_names<UavHeuristic>({
    {UavHeuristic::Random, "random"},
    {UavHeuristic::RandomBestSensor, "random-best-sensor"},
    {UavHeuristic::MaxValue, "max-value"},
    {UavHeuristic::MaxVpt, "max-vpt"},
    {UavHeuristic::MaxVpe, "max-vpe"},
    {UavHeuristic::Metaheuristic, "metaheuristic"},
});

enum class Metric { Value, Vpt, Vpe };

double metric(Metric k, const Fleet& f, std::uint32_t u, std::uint32_t s, std::uint32_t t) {
    switch (k) {
        case Metric::Vpt: return surveil_vpt(f, u, s, t);
        case Metric::Vpe: return surveil_vpe(f, u, s, t);
        default: return surveil_value(f, u, s, t);
    }
}

/// The metric UAV u decides by. The Metaheuristic (Fig. 42): below the linear energy line (δ > ε) Max Value,
/// at or above it Max VPE. Random and Random Best Sensor have none of their own: their preemption compares
/// values (GAP).
Metric metric_of(UavHeuristic h, const Fleet& f, std::uint32_t u) {
    switch (h) {
        case UavHeuristic::MaxVpt: return Metric::Vpt;
        case UavHeuristic::MaxVpe: return Metric::Vpe;
        case UavHeuristic::Metaheuristic: return f.day_fraction > f.uavs[u].energy_used ? Metric::Value : Metric::Vpe;
        default: return Metric::Value;
    }
}

/// Whether (u, s, t) may be assigned now, and the metric it is judged by.
bool valid(UavHeuristic h, UavModifiers m, const Fleet& f, std::uint32_t u, std::uint32_t s, std::uint32_t t,
           double& score) {
    const FleetUav& a = f.uavs[u];
    const FleetTarget& g = f.targets[t];
    if (!a.usable || !g.available || !a.sensors[s].present) return false;
    if (surveil_value(f, u, s, t) <= 0) return false;
    if (m.filtering && !(surveil_vpe(f, u, s, t) > filter_threshold(f, u))) return false;
    const Metric k = metric_of(h, f, u);
    score = metric(k, f, u, s, t);
    if (a.busy) {
        // §5.3.5.2: interrupting the UAV's own surveil must be better by the heuristic's metric.
        if (!m.preemption || a.locked || a.target == t) return false;
        if (!(score > metric(k, f, u, a.sensor, a.target))) return false;
    }
    if (g.busy) {
        // ... and so must interrupting the target's surveil by another UAV (both, if both: GAP).
        const FleetUav& b = f.uavs[g.uav];
        if (!m.preemption || b.locked || g.uav == u) return false;
        if (!(score > metric(k, f, g.uav, b.sensor, t))) return false;
    }
    return true;
}

SurveilChoice assign(Fleet& f, std::uint32_t u, std::uint32_t s, std::uint32_t t) {
    SurveilChoice c{u, s, t, false, 0, false, 0};
    FleetUav& a = f.uavs[u];
    FleetTarget& g = f.targets[t];
    if (a.busy) {
        c.stops_uav = true;
        c.stopped_uav_target = a.target;
        f.targets[a.target].busy = false;
    }
    if (g.busy) {
        c.stops_target = true;
        c.stopped_target_uav = g.uav;
        f.uavs[g.uav].busy = false;
    }
    a.vpe_sum += surveil_vpe(f, u, s, t);
    ++a.surveils;
    a.busy = true;
    a.locked = true;
    a.target = t;
    a.sensor = s;
    g.busy = true;
    g.uav = u;
    return c;
}

struct Best {
    double score = -std::numeric_limits<double>::infinity();
    std::uint32_t u = 0, s = 0, t = 0;
    bool found = false;
    void offer(double x, std::uint32_t uu, std::uint32_t ss, std::uint32_t tt) {
        if (!found || x > score) *this = Best{x, uu, ss, tt, true};  // ties: the first in (u, s, t) order
    }
};

/// Random and Random Best Sensor (§5.3.3): targets in random order, each given a random valid UAV; passes
/// until one assigns nothing.
std::vector<SurveilChoice> map_random(UavHeuristic h, UavModifiers m, Fleet& f, std::mt19937_64& rng) {
    std::vector<SurveilChoice> out;
    std::vector<std::uint32_t> order;
    for (bool assigned = true; assigned;) {
        assigned = false;
        order.clear();
        for (std::uint32_t t = 0; t < f.targets.size(); ++t)
            if (f.targets[t].available) order.push_back(t);
        std::shuffle(order.begin(), order.end(), rng);
        for (std::uint32_t t : order) {
            std::vector<std::uint32_t> uavs;
            for (std::uint32_t u = 0; u < f.uavs.size(); ++u)
                for (std::uint32_t s = 0; s < f.uavs[u].sensors.size(); ++s) {
                    double score;
                    if (valid(h, m, f, u, s, t, score)) {
                        uavs.push_back(u);
                        break;
                    }
                }
            if (uavs.empty()) continue;
            const std::uint32_t u = uavs[std::uniform_int_distribution<std::size_t>(0, uavs.size() - 1)(rng)];
            std::vector<std::uint32_t> sensors;
            Best best;
            for (std::uint32_t s = 0; s < f.uavs[u].sensors.size(); ++s) {
                double score;
                if (!valid(h, m, f, u, s, t, score)) continue;
                sensors.push_back(s);
                const FleetSensor& x = f.uavs[u].sensors[s];
                best.offer(x.quality * f.targets[t].affinity[static_cast<std::size_t>(x.type)], u, s, t);
            }
            const std::uint32_t s =
                h == UavHeuristic::RandomBestSensor
                    ? best.s
                    : sensors[std::uniform_int_distribution<std::size_t>(0, sensors.size() - 1)(rng)];
            out.push_back(assign(f, u, s, t));
            assigned = true;
        }
    }
    return out;
}

}  // namespace

const char* to_string(UavHeuristic h) { return kHeuristicNames.name(h); }
bool parse_uav_heuristic(const std::string& name, UavHeuristic& out) {
    const auto v = kHeuristicNames.parse(name);
    if (v) out = *v;
    return v.has_value();
}

double surveil_value(const Fleet& f, std::uint32_t u, std::uint32_t s, std::uint32_t t) {
    const FleetSensor& x = f.uavs[u].sensors[s];
    const FleetTarget& g = f.targets[t];
    return x.present ? g.priority * g.affinity[static_cast<std::size_t>(x.type)] * x.quality : 0.0;
}

double surveil_vpt(const Fleet& f, std::uint32_t u, std::uint32_t s, std::uint32_t t) {
    return surveil_value(f, u, s, t) / f.targets[t].surveil_h;
}

double surveil_vpe(const Fleet& f, std::uint32_t u, std::uint32_t s, std::uint32_t t) {
    const double energy = f.uavs[u].sensors[s].rate_per_h * f.targets[t].surveil_h;
    return energy > 0 ? surveil_value(f, u, s, t) / energy : std::numeric_limits<double>::infinity();
}

double filter_threshold(const Fleet& f, std::uint32_t u) {
    // Fig. 44: F = ε / δ, τ = the mean VPE of the UAV's surveils so far, T = τ · F.
    const FleetUav& a = f.uavs[u];
    if (a.surveils == 0 || !(f.day_fraction > 0)) return 0;
    return a.vpe_sum / a.surveils * (a.energy_used / f.day_fraction);
}

std::vector<SurveilChoice> map_surveils(UavHeuristic h, UavModifiers m, Fleet& f, std::mt19937_64& rng) {
    if (h == UavHeuristic::Random || h == UavHeuristic::RandomBestSensor) return map_random(h, m, f, rng);
    std::vector<SurveilChoice> out;
    for (;;) {
        Best best;
        if (h == UavHeuristic::Metaheuristic) {
            // Phase 1: each UAV's candidate by its own metric; phase 2: the candidate of the highest value
            // (energy is per UAV, not system-wide: §5.3.4).
            for (std::uint32_t u = 0; u < f.uavs.size(); ++u) {
                Best mine;
                for (std::uint32_t s = 0; s < f.uavs[u].sensors.size(); ++s)
                    for (std::uint32_t t = 0; t < f.targets.size(); ++t) {
                        double score;
                        if (valid(h, m, f, u, s, t, score)) mine.offer(score, u, s, t);
                    }
                if (mine.found) best.offer(surveil_value(f, mine.u, mine.s, mine.t), mine.u, mine.s, mine.t);
            }
        } else {
            for (std::uint32_t u = 0; u < f.uavs.size(); ++u)
                for (std::uint32_t s = 0; s < f.uavs[u].sensors.size(); ++s)
                    for (std::uint32_t t = 0; t < f.targets.size(); ++t) {
                        double score;
                        if (valid(h, m, f, u, s, t, score)) best.offer(score, u, s, t);
                    }
        }
        if (!best.found) break;
        out.push_back(assign(f, best.u, best.s, best.t));
    }
    return out;
}

}  // namespace rmsim
