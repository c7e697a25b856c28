#pragma once
// The Simple heuristic and its variants (Machovec Ch.2 §2.4.2, Algorithm 2): at each mapping event, while
// tasks are mappable, a random task in a random allowable VM configuration, at the earliest time its cores
// and memory are free, on the free cores with the smallest ids; it starts now or is booked (a permanent
// reservation, or a place-holder in the "w/ place-holders" variants). "w/ dropping" does not make
// zero-value assignments: such a task is dropped instead.
#include <cstdint>
#include <random>

#include "manager/policy.h"

namespace rmsim {

struct SimpleConfig {
    bool dropping = false;      ///< Simple w/ dropping (and w/ d&p)
    bool placeholders = false;  ///< Simple w/ place-holders (and w/ d&p); else permanent reservations
    SimTime period = SimTime::from_whole_seconds(60);  ///< §2.4.2: a mapping event every minute
    std::uint64_t seed = 1;                            ///< the policy's random stream (same seed, same schedule)
};

class SimplePolicy : public Policy {
public:
    explicit SimplePolicy(const SimpleConfig& config);
    PolicyTraits traits() const override;
    void schedule(const PolicyView& view, Decisions& decide) override;
    void report(PolicyReport& r) const override;

private:
    SimpleConfig config_;
    std::mt19937_64 rng_;
    std::uint64_t dropped_ = 0;
    std::uint64_t started_ = 0;
    std::uint64_t booked_ = 0;
};

}  // namespace rmsim
