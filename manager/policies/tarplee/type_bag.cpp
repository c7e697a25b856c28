#include "manager/policies/tarplee/type_bag.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace rmsim {

Count TypeBag::total_tasks() const {
    Count n = 0;
    for (Count t : tasks) n += t;
    return n;
}

Count TypeBag::total_machines() const {
    Count n = 0;
    for (Count m : machines) n += m;
    return n;
}

void TypeBag::validate() const {
    if (etc.size() != tasks.size())
        throw std::invalid_argument("type bag: ETC has " + std::to_string(etc.size()) + " rows for " +
                                    std::to_string(tasks.size()) + " task types");
    for (const auto& row : etc) {
        if (row.size() != machines.size())
            throw std::invalid_argument("type bag: an ETC row has " + std::to_string(row.size()) + " entries for " +
                                        std::to_string(machines.size()) + " machine types");
        for (double e : row)
            if (!(e > 0)) throw std::invalid_argument("type bag: ETC entries must be > 0");
    }
    for (Count t : tasks)
        if (t < 0) throw std::invalid_argument("type bag: task counts must be >= 0");
    for (Count m : machines)
        if (m < 0) throw std::invalid_argument("type bag: machine counts must be >= 0");
    if (total_tasks() > 0 && total_machines() == 0) throw std::invalid_argument("type bag: tasks but no machines");
}

template <class X>
static double dlt(const Matrix& etc, const X& x, const std::vector<Count>& machines) {
    double ms = 0;
    for (std::size_t j = 0; j < machines.size(); ++j) {
        if (machines[j] == 0) continue;
        double load = 0;
        for (std::size_t i = 0; i < etc.size(); ++i) load += static_cast<double>(x[i][j]) * etc[i][j];
        ms = std::max(ms, load / static_cast<double>(machines[j]));
    }
    return ms;
}

double dlt_makespan(const Matrix& etc, const std::vector<std::vector<double>>& x, const std::vector<Count>& machines) {
    return dlt(etc, x, machines);
}
double dlt_makespan(const Matrix& etc, const CountMatrix& x, const std::vector<Count>& machines) {
    return dlt(etc, x, machines);
}

}  // namespace rmsim
