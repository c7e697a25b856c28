#include "manager/completion_pmf.h"

namespace rmsim {

Pmf running_completion(const Pmf& exec, double start, double now) { return exec.shifted(start).truncated_before(now); }

Pmf append_completion(const Pmf& ready, const Pmf& exec, const CompletionOptions& options, MergeBound* bound) {
    if (options.max_pulses == 0) return ready.convolve(exec);
    return convolve_merged(ready, exec, options.max_pulses, bound);
}

double on_time_probability(const Pmf& ready, const Pmf& exec, double deadline) {
    double p = 0;
    if (ready.empty() || exec.empty()) return p;
    for (const auto& x : exec.pulses()) {
        if (x.value + ready.min_value() > deadline) break;  // pulses ascend: no later one fits either
        p += x.probability * ready.cdf(deadline - x.value);
    }
    return p;
}

QueueCompletion queue_completion(const std::optional<RunningPmf>& running, const std::vector<QueuedPmf>& queue,
                                 double now, const CompletionOptions& options) {
    QueueCompletion out;
    if (running) {
        out.ready = running_completion(running->exec, running->start, now);
        if (options.max_pulses > 0) out.ready = merge_pulses(out.ready, options.max_pulses, &out.bound);
        out.running_on_time = out.ready.cdf(running->deadline);
    } else {
        out.ready = Pmf::point(now);
    }
    out.expected_on_time = out.running_on_time;
    out.on_time.reserve(queue.size());
    out.cancelled.reserve(queue.size());
    for (const QueuedPmf& q : queue) {
        MergeBound b = out.bound;
        Pmf c = append_completion(out.ready, q.exec, options, &b);
        const double p = c.cdf(q.deadline);
        // Siegel §4: a task ahead whose probability is below the threshold is predicted to be cancelled.
        if (options.cancel_threshold > 0 && p < options.cancel_threshold) {
            out.on_time.push_back(0.0);
            out.cancelled.push_back(true);
            continue;
        }
        out.ready = std::move(c);
        out.bound = b;
        out.on_time.push_back(p);
        out.cancelled.push_back(false);
        out.expected_on_time += p;
    }
    return out;
}

}  // namespace rmsim
