#include "modules/report.h"

#include <systemc>

namespace rmsim {

void report_error(const char* type, const std::string& message, const char* file, int line) {
    sc_core::sc_report_handler::report(sc_core::SC_ERROR, type, message.c_str(), file, line);
}

}  // namespace rmsim
