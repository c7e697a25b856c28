#pragma once
// The machine's exact cumulative energy at chosen instants (e.g. the edges of a measurement window). Like
// EnergySampler it observes the energy account instead of running a SystemC process, so the run keeps its
// events and its end time; a mark after the end of the run reads the energy at the end.
#include <cstddef>
#include <vector>

#include <systemc>

#include "modules/power_meter.h"

namespace rmsim {

class EnergyMarks : public EnergyObserver {
public:
    /// `at` ascending.
    explicit EnergyMarks(std::vector<sc_core::sc_time> at);
    /// Takes the marks strictly before `now` (one at `now` waits for every change at `now`).
    void on_span(const EnergyIntegrator& i, const sc_core::sc_time& now) override;
    /// The run has ended at `end`: the marks up to `end` at their time, later ones at `end`.
    void finish(const EnergyIntegrator& i, const sc_core::sc_time& end);
    /// Total energy at mark k (after finish()).
    Joules at(std::size_t k) const { return energy_j_.at(k); }
    std::size_t size() const { return at_.size(); }

private:
    std::vector<sc_core::sc_time> at_;
    std::vector<Joules> energy_j_;
    std::size_t next_ = 0;
};

}  // namespace rmsim
