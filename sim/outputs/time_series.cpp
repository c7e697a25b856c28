#include "sim/outputs/time_series.h"

#include "platform/number_format.h"

namespace rmsim {

namespace {
// Transitions are lumps (Core::switch_pstate, wake-ups): their draw is always 0 W, so no power column.
bool has_power_column(std::size_t category) { return EnergyCategory(category) != EnergyCategory::Transition; }
}  // namespace

std::string energy_csv(const EnergySampler& sampler) {
    std::string o = "time_s";
    for (std::size_t c = 0; c < kEnergyCategories; ++c)
        if (has_power_column(c)) o += std::string(",") + to_string(EnergyCategory(c)) + "_w";
    o += ",total_w";
    for (std::size_t c = 0; c < kEnergyCategories; ++c) o += std::string(",") + to_string(EnergyCategory(c)) + "_j";
    o += ",total_j\n";
    for (const EnergySampler::Sample& s : sampler.samples()) {
        o += ns_as_seconds(s.at_ns);
        Watts w = 0;
        for (std::size_t c = 0; c < kEnergyCategories; ++c) {
            w += s.power_w[c];
            if (has_power_column(c)) o += "," + watts12(s.power_w[c]);
        }
        o += "," + watts12(w);
        Joules j = 0;
        for (std::size_t c = 0; c < kEnergyCategories; ++c) {
            j += s.energy_j[c];
            o += "," + number12(s.energy_j[c]);
        }
        o += "," + number12(j) + "\n";
    }
    return o;
}

std::string pstates_csv(const ActivityLog& log) {
    std::string o = "time_s,node,core_first,core_last,pstate,effective_s\n";
    o.reserve(o.size() + log.pstate_changes().size() * 40);
    for (const ActivityLog::PStateChange& p : log.pstate_changes()) {
        o += ns_as_seconds(p.at_ns);
        o += ',';
        o += std::to_string(p.node);
        o += ',';
        o += std::to_string(p.core_first);
        o += ',';
        o += std::to_string(p.core_last);
        o += ',';
        o += std::to_string(p.level);
        o += ',';
        o += ns_as_seconds(p.effective_ns);
        o += '\n';
    }
    return o;
}

}  // namespace rmsim
