#include "modules/governors/governor_module.h"

#include <stdexcept>

#include "modules/core.h"
#include "modules/sim_time.h"

namespace rmsim {

using sc_core::sc_time;

GovernorModule::GovernorModule(sc_core::sc_module_name name, DvfsDomain& domain, std::unique_ptr<Governor> governor)
    : sc_module(name), domain_(domain), governor_(std::move(governor)), alarm_("sample") {
    if (governor_->follows_scheduler()) throw std::logic_error("a governor that follows the scheduler needs no module");
    const Seconds p = governor_->sampling_period_s();
    if (!(p >= 0)) throw std::logic_error(std::string(this->name()) + ": negative sampling period");
    period_ = p > 0 ? from_seconds_ceil(p) : sc_core::SC_ZERO_TIME;
    if (p > 0 && period_ == sc_core::SC_ZERO_TIME) period_ = sc_time::from_value(1);
    domain_.set_governed(true);
    start_busy_.assign(domain_.cores().size(), sc_core::SC_ZERO_TIME);
    SC_HAS_PROCESS(GovernorModule);
    SC_METHOD(on_sample);  // runs once at time 0 (initialization), then at each sample
    sensitive << alarm_.event();
}

void GovernorModule::begin() {
    started_ = true;
    wanted_ = domain_.wanted();
    if (const auto l = governor_->initial_level(domain_.core_type())) {
        wanted_ = std::min(*l, domain_.levels() - 1);
        domain_.govern(wanted_);
    }
    if (period_ == sc_core::SC_ZERO_TIME) return;
    window_start_ = sim_now();
    next_window_ = period_;
    for (std::size_t i = 0; i < start_busy_.size(); ++i) start_busy_[i] = domain_.cores()[i]->busy_time();
    alarm_.arm(period_);
}

void GovernorModule::on_sample() {
    if (!started_) {
        begin();
        return;
    }
    watchdog_.activation(*this);
    const sc_time now = sim_now();
    const sc_time window = now - window_start_;
    if (window == sc_core::SC_ZERO_TIME) return;
    const double w = window.to_seconds();
    DomainSample s;
    s.now_s = now.to_seconds();
    s.window_s = w;
    s.level = wanted_;
    s.core_type = &domain_.core_type();
    double sum = 0;
    const auto& cores = domain_.cores();
    for (std::size_t i = 0; i < cores.size(); ++i) {
        const sc_time b = cores[i]->busy_time();
        const double load = std::min(1.0, (b - start_busy_[i]).to_seconds() / w);
        start_busy_[i] = b;
        s.load = std::max(s.load, load);
        sum += load;
    }
    s.mean_load = sum / static_cast<double>(cores.size());
    last_load_ = s.load;
    ++samples_;
    const std::uint32_t decided = std::min(governor_->decide(s), domain_.levels() - 1);
    if (decided != wanted_) {
        wanted_ = decided;
        domain_.govern(decided);
    }
    // No activity inside this window (one at its very start does not change it): the next window, if no
    // activity comes, has the same loads.
    const bool quiet = last_activity_ <= window_start_;
    window_start_ = now;
    next_window_ = sc_time::from_value(period_.value() * std::max<std::uint32_t>(1, governor_->periods_to_next()));
    if (quiet && governor_->steady(s, decided)) {
        paused_ = true;
        return;
    }
    alarm_.arm(next_window_);
}

void GovernorModule::on_activity(const Core& core, bool began) {
    const sc_time now = sim_now();
    last_activity_ = now;
    if (!paused_) return;
    paused_ = false;
    // The grid instant where sampling would have come next after `now`, and the start of its window.
    const sc_time since = now - window_start_;
    const auto k = static_cast<std::uint64_t>(since.value() / next_window_.value()) + 1;
    const sc_time next = window_start_ + sc_time::from_value(k * next_window_.value());
    const sc_time start = next - next_window_;
    // Every core kept its state from the last sample until now (the activity that ends the pause is this
    // one): its busy time at `start` is its busy time now less (now - start) if it was busy.
    const auto& cores = domain_.cores();
    for (std::size_t i = 0; i < cores.size(); ++i) {
        const bool was_busy = cores[i] == &core ? !began : cores[i]->busy();
        start_busy_[i] = cores[i]->busy_time() - (was_busy ? now - start : sc_core::SC_ZERO_TIME);
    }
    window_start_ = start;
    alarm_.arm(next - now);
}

}  // namespace rmsim
