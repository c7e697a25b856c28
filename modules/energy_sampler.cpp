#include "modules/energy_sampler.h"

#include <stdexcept>

#include "modules/report.h"
#include "modules/sim_time.h"

namespace rmsim {

EnergySampler::EnergySampler(const sc_core::sc_time& interval, bool record_power)
    : interval_(interval), record_power_(record_power) {
    if (interval_ == sc_core::SC_ZERO_TIME)
        throw std::logic_error("EnergySampler: the sampling interval must be at least one tick");
}

void EnergySampler::take(const EnergyIntegrator& i, const sc_core::sc_time& at) {
    // breakdown(t) extrapolates from i.last(): valid only forward in time.
    if (at < i.last()) {
        report_error(msg_type::energy, "EnergySampler: a sample before the observed account's last change");
        return;
    }
    Sample s;
    s.at = at;
    s.at_ns = to_ns(at);
    for (std::size_t c = 0; c < kEnergyCategories; ++c) s.power_w[c] = i.power(EnergyCategory(c));
    s.energy_j = i.breakdown(at);
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
    while (next_ < now) {
        take(i, next_);
        next_ += interval_;
    }
    if (record_power_) point(to_ns(i.last()), i.total_power());
}

void EnergySampler::finish(const EnergyIntegrator& i, const sc_core::sc_time& end) {
    if (finished_) {
        report_error(msg_type::energy, "EnergySampler: finish() called twice");
        return;
    }
    while (next_ <= end) {
        take(i, next_);
        next_ += interval_;
    }
    if (samples_.back().at != end) take(i, end);
    if (record_power_) point(to_ns(i.last()), i.total_power());
    finished_ = true;
}

}  // namespace rmsim
