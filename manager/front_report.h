#pragma once
// A policy that computes energy/makespan Pareto fronts (the Tarplee Ch.3-4 policies) also implements
// FrontReport: at the end of a trial rmsim writes its text as pareto.csv (docs/outputs.md).
#include <string>

namespace rmsim {

class FrontReport {
public:
    virtual ~FrontReport() = default;
    /// The CSV text (header included); empty: no file.
    virtual std::string pareto_csv() const = 0;
};

}  // namespace rmsim
