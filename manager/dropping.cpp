#include "manager/dropping.h"

#include <limits>

namespace rmsim {

double utility_upper_bound(const SchedulingContext& ctx, TaskId t) {
    Seconds fastest = std::numeric_limits<Seconds>::infinity();
    for (ClusterId c = 0; c < ctx.cluster_count(); ++c) {
        if (ctx.units_needed(t, c) == 0) continue;
        const Seconds d = ctx.exec_time(t, c, 0);
        if (d >= 0 && d < fastest) fastest = d;
    }
    if (fastest == std::numeric_limits<Seconds>::infinity()) return -std::numeric_limits<double>::infinity();
    return ctx.utility_at(t, ctx.now() + fastest);
}

std::size_t drop_below_threshold(SchedulingContext& ctx, double threshold, bool reject_unrunnable) {
    if (threshold < 0 && !reject_unrunnable) return 0;
    std::size_t dropped = 0;
    for (TaskId t : ctx.waiting()) {
        if (!ctx.is_waiting(t)) continue;
        const double bound = utility_upper_bound(ctx, t);
        if (reject_unrunnable && bound == -std::numeric_limits<double>::infinity()) {
            ctx.reject(t);
        } else if (threshold >= 0 && bound < threshold) {
            ctx.drop(t);  // Machovec Ch.3 §3.3.3: permanently
            ++dropped;
        }
    }
    return dropped;
}

namespace {

class DroppingPolicy : public Policy {
public:
    DroppingPolicy(std::unique_ptr<Policy> inner, double threshold) : inner_(std::move(inner)), threshold_(threshold) {}
    PolicyTraits traits() const override { return inner_->traits(); }
    void prepare(const SchedulingContext& ctx) override { inner_->prepare(ctx); }
    void schedule(SchedulingContext& ctx) override {
        dropped_ += drop_below_threshold(ctx, threshold_);
        inner_->schedule(ctx);
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
