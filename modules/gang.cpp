#include "modules/gang.h"

#include <algorithm>

namespace rmsim {

void Gang::leave(Core* c) {
    auto it = std::find(waiting_.begin(), waiting_.end(), c);
    if (it != waiting_.end()) waiting_.erase(it);
    ++left_;
    // The remaining parts are preempted too (the manager preempts a task as a whole); they no longer count.
    if (members_ > 0) --members_;
}

}  // namespace rmsim
