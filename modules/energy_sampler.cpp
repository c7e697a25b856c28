#include "modules/energy_sampler.h"

#include <stdexcept>

#include "modules/report.h"
#include "modules/sim_time.h"

namespace rmsim {

EnergySampler::EnergySampler(const sc_core::sc_time& interval, bool record_power)
    : interval_ns_(to_ns(interval)), record_power_(record_power) {
    if (interval_ns_ == 0)
        throw std::logic_error("EnergySampler: the sampling interval must be at least 1 ns");
}

void EnergySampler::take(const EnergyIntegrator& i, std::uint64_t at_ns) {
    // breakdown(t) extrapolates from i.last(): valid only forward in time.
    if (at_ns < to_ns(i.last())) {
        report_error(msg_type::energy, "EnergySampler: a sample before the observed account's last change");
        return;
    }
    Sample s;
    s.at_ns = at_ns;
    for (std::size_t c = 0; c < kEnergyCategories; ++c) s.power_w[c] = i.power(EnergyCategory(c));
    s.energy_j = i.breakdown(from_ns(at_ns));
    samples_.push_back(s);
}

void EnergySampler::point(std::uint64_t at_ns, Watts w) {
    if (!points_.empty()) {
        if (points_.back().total_w == w) return;
        if (points_.back().at_ns == at_ns) {
            points_.back().total_w = w;
            return;
        }
    }
    points_.push_back(PowerPoint{at_ns, w});
}

void EnergySampler::on_span(const EnergyIntegrator& i, const sc_core::sc_time& now) {
    if (finished_) {
        report_error(msg_type::energy, "EnergySampler: the account changed after finish()");
        return;
    }
    // Samples strictly before `now`: one at `now` waits until every change at `now` has been made.
    const std::uint64_t now_ns = to_ns(now);
    while (next_ns_ < now_ns) {
        take(i, next_ns_);
        next_ns_ += interval_ns_;
    }
    if (record_power_) point(to_ns(i.last()), i.total_power());
}

void EnergySampler::finish(const EnergyIntegrator& i, const sc_core::sc_time& end) {
    if (finished_) {
        report_error(msg_type::energy, "EnergySampler: finish() called twice");
        return;
    }
    const std::uint64_t end_ns = to_ns(end);
    while (next_ns_ <= end_ns) {
        take(i, next_ns_);
        next_ns_ += interval_ns_;
    }
    if (samples_.back().at_ns != end_ns) take(i, end_ns);
    if (record_power_) point(to_ns(i.last()), i.total_power());
    finished_ = true;
}

}  // namespace rmsim
