#include "modules/energy_marks.h"

#include <algorithm>
#include <stdexcept>

namespace rmsim {

EnergyMarks::EnergyMarks(std::vector<sc_core::sc_time> at) : at_(std::move(at)), energy_j_(at_.size(), 0.0) {
    if (!std::is_sorted(at_.begin(), at_.end())) throw std::logic_error("EnergyMarks: times must be ascending");
}

void EnergyMarks::on_span(const EnergyIntegrator& i, const sc_core::sc_time& now) {
    for (; next_ < at_.size() && at_[next_] < now; ++next_) energy_j_[next_] = i.total_energy(at_[next_]);
}

void EnergyMarks::finish(const EnergyIntegrator& i, const sc_core::sc_time& end) {
    for (; next_ < at_.size(); ++next_) energy_j_[next_] = i.total_energy(std::min(at_[next_], end));
}

}  // namespace rmsim
