#include "manager/policy_view.h"

#include <stdexcept>

namespace rmsim {

const DagExecutor& PolicyView::jobs() const {
    if (!jobs_) throw std::logic_error("PolicyView: the workload has no DAG jobs");
    return *jobs_;
}

}  // namespace rmsim
