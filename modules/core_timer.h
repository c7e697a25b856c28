#pragma once
// A timer shared by the cores of a node: a core asks to be activated at a time (its next completion, the end
// of a wake-up, a DVFS switch or a hold) and the owner calls Core::activate() then. One SystemC event per
// node instead of one per core: the cores of a task's part, which end together, cost one kernel event, and
// the kernel's queue of timed events holds a node, not each of its cores (Node implements it).
//
// A core whose host offers no timer (CoreHost::core_timer() == nullptr, e.g. a Core in a design of its own)
// keeps an event and a process of its own, with the same timing.
#include <systemc>

namespace rmsim {

class Core;

class CoreTimer {
public:
    virtual ~CoreTimer() = default;
    /// Activate `core` at `at` (>= now; now: in the next delta cycle), replacing its earlier request.
    virtual void wake_core_at(Core& core, const sc_core::sc_time& at) = 0;
    /// Withdraw the core's request, if any.
    virtual void cancel_core(Core& core) = 0;
};

}  // namespace rmsim
