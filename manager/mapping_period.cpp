#include "manager/mapping_period.h"

#include "manager/decisions.h"
#include "manager/policy_view.h"

namespace rmsim {

namespace {

class PeriodicPolicy : public Policy {
public:
    PeriodicPolicy(std::unique_ptr<Policy> inner, SimTime period) : inner_(std::move(inner)), period_(period) {}
    PolicyTraits traits() const override {
        PolicyTraits t = inner_->traits();
        t.on_arrival = false;
        t.on_completion = false;
        t.period = period_;
        return t;
    }
    void prepare(const PolicyView& view) override { inner_->prepare(view); }
    void schedule(const PolicyView& view, Decisions& decide) override { inner_->schedule(view, decide); }
    void report(PolicyReport& r) const override { inner_->report(r); }

private:
    std::unique_ptr<Policy> inner_;
    SimTime period_;
};

}  // namespace

std::unique_ptr<Policy> with_mapping_period(std::unique_ptr<Policy> inner, SimTime period) {
    if (!(period > SimTime())) return inner;
    return std::make_unique<PeriodicPolicy>(std::move(inner), period);
}

}  // namespace rmsim
