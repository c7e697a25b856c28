#include "manager/policies/uav/surveil_value.h"

#include <algorithm>
#include <stdexcept>

namespace rmsim {

void SurveilValue::open(TaskId t, double start_s, double duration_s, double value) {
    if (!(duration_s > 0)) throw std::logic_error("SurveilValue: a surveil needs a positive duration");
    if (!open_.emplace(t, Open{duration_s, {{start_s, value}}}).second)
        throw std::logic_error("SurveilValue: task " + std::to_string(t) + " is already surveilling");
}

void SurveilValue::rerate(TaskId t, double at_s, double value) {
    Open& o = open_.at(t);
    if (o.segments.back().from_s == at_s)
        o.segments.back().value = value;
    else
        o.segments.push_back({at_s, value});
}

double SurveilValue::close(TaskId t, double fraction) {
    const auto it = open_.find(t);
    if (it == open_.end()) throw std::logic_error("SurveilValue: task " + std::to_string(t) + " is not surveilling");
    const Open& o = it->second;
    double earned = 0, done = 0;
    for (std::size_t i = 0; i + 1 < o.segments.size(); ++i) {
        const double share =
            std::min((o.segments[i + 1].from_s - o.segments[i].from_s) / o.duration_s, fraction - done);
        earned += share * o.segments[i].value;
        done += share;
    }
    earned += std::max(0.0, fraction - done) * o.segments.back().value;
    open_.erase(it);
    total_ += earned;
    return earned;
}

double SurveilValue::close_at(TaskId t, double at_s) {
    const Open& o = open_.at(t);
    return close(t, std::clamp((at_s - o.segments.front().from_s) / o.duration_s, 0.0, 1.0));
}

std::vector<TaskId> SurveilValue::open_surveils() const {
    std::vector<TaskId> v;
    for (const auto& [t, o] : open_) v.push_back(t);
    std::sort(v.begin(), v.end());
    return v;
}

}  // namespace rmsim
