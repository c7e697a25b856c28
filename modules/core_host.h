#pragma once
// What a core reports to, and asks of, the hardware above it (its processor, which passes on to its node):
// an interface rather than calls into its parent, so that a Core can be placed in a SystemC design of its
// own (a test or another simulator binds it to its own host). Plain C++ (not an sc_port): there may be
// 100,000 cores, and an sc_port per core would double their elaboration cost.
#include <cstdint>

#include "platform/platform_spec.h"

namespace rmsim {

class Core;
class CoreTimer;

class CoreHost {
public:
    virtual ~CoreHost() = default;
    /// True while the hardware above the core is on (processor not gated, node not switched off).
    virtual bool powered() const = 0;
    /// The core took (`segment_began`) or gave up a task segment.
    virtual void on_core_activity(Core& core, bool segment_began) = 0;
    /// The core's P-state in force changed (uncore and node power may depend on it).
    virtual void on_core_pstate(Core& core) = 0;
    /// The core has done the work of its segment; it waits (busy, at its level) until released.
    virtual void on_work_done(Core& core) = 0;
    /// The core's projected completion moved (DVFS switch, wake-up).
    virtual void on_projection(Core& core) = 0;
    /// The core follows another's timing, or others follow its (Core::start's `lead`), and is about to change
    /// it: every core of that group takes its own timing again first (Core::stop_following). Only a host that
    /// starts cores as followers (a Node) has such groups.
    virtual void split_part(Core& core) { (void)core; }
    /// The node the core belongs to (for activity reports).
    virtual NodeId node_id() const = 0;
    /// A timer the core may use instead of an event of its own (modules/core_timer.h); asked once, when the
    /// core is built. nullptr: none.
    virtual CoreTimer* core_timer() { return nullptr; }
};

}  // namespace rmsim
