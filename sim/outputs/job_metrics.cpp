#include "sim/outputs/job_metrics.h"

#include <sstream>

#include "platform/number_format.h"

namespace rmsim {

JobMetrics compute_job_metrics(const PolicyView& view) {
    JobMetrics m;
    m.total = view.job_count();
    double response_sum = 0, cores_sum = 0;
    for (JobId j = 0; j < view.job_count(); ++j) {
        const JobRecord& r = view.job_record(j);
        const DagJob& job = view.job(j);
        if (r.state == JobState::Pending) continue;
        ++m.arrived;
        m.energy_j += r.energy_j;
        switch (r.state) {
            case JobState::Completed: {
                ++m.completed;
                const double v = job.value.value_at((r.end - job.arrival()).to_seconds());
                m.value_earned += v;
                if (v <= 0) ++m.zero_value;
                m.planned_energy_j += r.planned_energy_j;
                response_sum += (r.end - job.arrival()).to_seconds();
                cores_sum += static_cast<double>(r.sequence.size());  // the cores it used (jobs.csv `cores`)
                break;
            }
            case JobState::Rejected: ++m.rejected; break;
            default: ++m.unfinished; break;
        }
    }
    if (m.arrived > 0) m.rejected_percent = 100.0 * double(m.rejected + m.zero_value) / double(m.arrived);
    if (m.completed > 0) {
        m.mean_response_s = response_sum / double(m.completed);
        m.cores_per_job_mean = cores_sum / double(m.completed);
    }
    if (m.energy_j > 0) m.value_per_energy = m.value_earned / m.energy_j;
    return m;
}

std::string jobs_csv(const PolicyView& view) {
    std::ostringstream o;
    o << "id,arrival_s,start_s,end_s,state,node,cores,tasks,transfers,value,energy_j,planned_energy_j,"
         "planned_response_s\n";
    for (JobId j = 0; j < view.job_count(); ++j) {
        const JobRecord& r = view.job_record(j);
        const DagJob& job = view.job(j);
        const bool started = r.start != kNotYet;
        const std::size_t cores = r.sequence.size();
        const double v =
            r.state == JobState::Completed ? job.value.value_at((r.end - job.arrival()).to_seconds()) : 0.0;
        o << j << ',' << number12(job.arrival().to_seconds()) << ',' << (started ? number12(r.start.to_seconds()) : "")
          << ',' << (r.end != kNotYet ? number12(r.end.to_seconds()) : "") << ',' << to_string(r.state) << ','
          << (started ? std::to_string(view.platform().first_node(r.cluster) + r.node) : "") << ','
          << (started ? std::to_string(cores) : "") << ',' << job.task_count << ',' << r.transfers << ',' << number12(v)
          << ',' << number12(r.energy_j) << ',' << (started ? number12(r.planned_energy_j) : "") << ','
          << (started ? number12(r.planned_response.to_seconds()) : "") << '\n';
    }
    return o.str();
}

}  // namespace rmsim
