#include "modules/protocol.h"

namespace rmsim {

ReusableTransaction& shared_transaction() {
    // Never destroyed (sends may come from destructors at exit; it owns nothing but its members).
    static auto* t = new ReusableTransaction();
    return *t;
}

const char* to_string(Op op) {
    switch (op) {
        case Op::Start: return "START";
        case Op::Preempt: return "PREEMPT";
        case Op::SetPState: return "SET_PSTATE";
        case Op::Sleep: return "SLEEP";
        case Op::Wake: return "WAKE";
        case Op::Transfer: return "TRANSFER";
        case Op::Hold: return "HOLD";
        case Op::Unhold: return "UNHOLD";
        case Op::BarrierArrive: return "BARRIER_ARRIVE";
        case Op::BarrierRelease: return "BARRIER_RELEASE";
        case Op::Started: return "STARTED";
        case Op::Projected: return "PROJECTED";
        case Op::Completed: return "COMPLETED";
        case Op::Preempted: return "PREEMPTED";
        case Op::Depleted: return "DEPLETED";
        case Op::Transferred: return "TRANSFERRED";
        case Op::HoldEnded: return "HOLD_ENDED";
        case Op::DomainLevel: return "DOMAIN_LEVEL";
    }
    return "?";
}

}  // namespace rmsim
