#include "platform/sim_time.h"

namespace rmsim {

void set_time_resolution() {
    static bool done = false;
    if (done) return;
    sc_core::sc_set_time_resolution(1, sc_core::SC_NS);
    done = true;
}

}  // namespace rmsim
