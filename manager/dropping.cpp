#include "manager/dropping.h"

#include <limits>

namespace rmsim {

double utility_upper_bound(const PolicyView& view, TaskId t) {
    SimTime fastest = SimTime::infinity();
    for (ClusterId c = 0; c < view.cluster_count(); ++c) {
        if (view.units_needed(t, c) == 0) continue;
        const SimTime d = view.exec_time(t, c, 0);
        if (!d.is_negative() && d < fastest) fastest = d;
    }
    if (fastest.is_infinite()) return -std::numeric_limits<double>::infinity();
    return view.utility_at(t, view.now() + fastest);
}

std::size_t drop_below_threshold(const PolicyView& view, Decisions& decide, double threshold, bool reject_unrunnable) {
    if (threshold < 0 && !reject_unrunnable) return 0;
    std::size_t dropped = 0;
    for (TaskId t : view.waiting())
        dropped += drop_if_below(view, decide, t, threshold, reject_unrunnable) == DropOutcome::Dropped;
    return dropped;
}

DropOutcome drop_if_below(const PolicyView& view, Decisions& decide, TaskId t, double threshold,
                          bool reject_unrunnable) {
    if (threshold < 0 && !reject_unrunnable) return DropOutcome::Kept;
    return drop_by_bound(decide, t, utility_upper_bound(view, t), threshold, reject_unrunnable);
}

DropOutcome drop_by_bound(Decisions& decide, TaskId t, double bound, double threshold, bool reject_unrunnable) {
    if (reject_unrunnable && bound == -std::numeric_limits<double>::infinity()) {
        decide.reject(t);
        return DropOutcome::Rejected;
    }
    if (threshold >= 0 && bound < threshold) {
        decide.drop(t);  // Machovec Ch.3 §3.3.3: permanently
        return DropOutcome::Dropped;
    }
    return DropOutcome::Kept;
}

namespace {

class DroppingPolicy : public Policy {
public:
    DroppingPolicy(std::unique_ptr<Policy> inner, double threshold) : inner_(std::move(inner)), threshold_(threshold) {}
    PolicyTraits traits() const override { return inner_->traits(); }
    void prepare(const PolicyView& view) override { inner_->prepare(view); }
    void schedule(const PolicyView& view, Decisions& decide) override {
        dropped_ += drop_below_threshold(view, decide, threshold_);
        inner_->schedule(view, decide);
    }
    void report(PolicyReport& r) const override {
        inner_->report(r);
        r.figures.emplace_back("dropped", static_cast<double>(dropped_));
    }

private:
    std::unique_ptr<Policy> inner_;
    double threshold_;
    std::uint64_t dropped_ = 0;
};

}  // namespace

std::unique_ptr<Policy> with_dropping(std::unique_ptr<Policy> inner, double threshold) {
    if (threshold < 0) return inner;
    return std::make_unique<DroppingPolicy>(std::move(inner), threshold);
}

}  // namespace rmsim
