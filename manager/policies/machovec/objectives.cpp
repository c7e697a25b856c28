#include "manager/policies/machovec/objectives.h"

#include <stdexcept>
#include <string>

namespace rmsim {

const char* to_string(Objective m) {
    switch (m) {
        case Objective::Util: return "Util";
        case Objective::UPT: return "UPT";
        case Objective::UPR: return "UPR";
        case Objective::UPE: return "UPE";
    }
    return "?";
}

static void require_positive(double x, const char* what) {
    if (!(x > 0)) throw std::invalid_argument(std::string("objective_value: ") + what + " must be positive");
}

double resources_allocated(Seconds exec_s, double cores_allocated) { return exec_s * cores_allocated; }

double objective_value(Objective m, double util, Seconds exec_s, double cores_allocated, Joules energy_j) {
    switch (m) {
        case Objective::Util:  // Eq. 2
            return util;
        case Objective::UPT:  // Eq. 3
            require_positive(exec_s, "execution time");
            return util / exec_s;
        case Objective::UPR:  // Eq. 4 with Eq. 1
            require_positive(exec_s, "execution time");
            require_positive(cores_allocated, "cores allocated");
            return util / resources_allocated(exec_s, cores_allocated);
        case Objective::UPE:  // §3.3.5 (Eq. 5 missing from the text)
            require_positive(energy_j, "energy");
            return util / energy_j;
    }
    throw std::logic_error("objective_value: unknown objective");
}

}  // namespace rmsim
