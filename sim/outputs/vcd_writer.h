#pragma once
// A Value Change Dump file (IEEE 1364-2005 §18, the format GTKWave reads), built in memory and written in
// time order: declare the variables scope by scope with their initial values, add their changes in any time
// order, then write() the span [start, end]. Timescale 1 ns (rmsim's time resolution).
//
// Written: the header, the declarations, `#start` with `$dumpvars` holding every value in force at `start`
// (the changes at or before it folded in), then for each later instant up to `end` one `#t` and the values
// that changed, and a last `#end` (so a viewer shows the span to its end). An instant at which nothing
// changes writes nothing, a value written again unchanged is left out, and of several changes of one
// variable at one instant the last added wins.
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace rmsim {

class VcdWriter {
public:
    /// Variables declared from now on belong to the scope `name` (`$scope module name $end`).
    void scope(const std::string& name);
    /// A `wire` of `width` bits (1: a scalar, written 0 / 1; more: a binary vector). Returns its index.
    std::uint32_t wire(const std::string& name, unsigned width, std::uint64_t initial);
    /// A `real` (written with 12 significant digits; magnitudes below 1e-9 as 0). Returns its index.
    std::uint32_t real(const std::string& name, double initial);
    /// Variable `var` takes `value` at `t_ns` (a wire's value must fit its width).
    void change(std::uint64_t t_ns, std::uint32_t var, double value);
    /// Writes the file for [start_ns, end_ns] (start_ns <= end_ns).
    void write(std::ostream& o, std::uint64_t start_ns, std::uint64_t end_ns);

    /// The identifier code of variable `index`: base 94 over the printable characters '!' .. '~', least
    /// significant digit first ("!", "\"", ..., "~", "!\"", ...).
    static std::string identifier(std::uint64_t index);
    /// Bits needed for the values 0 .. max_value (at least 1).
    static unsigned width_for(std::uint64_t max_value);

private:
    struct Var {
        std::string name;
        unsigned width;  ///< 0: a real
        double initial;
        std::uint32_t scope;
    };
    struct Change {
        std::uint64_t t;
        std::uint32_t var;
        double value;
    };
    std::string text(const Var& v, double value) const;

    std::vector<std::string> scopes_;
    std::vector<Var> vars_;
    std::vector<Change> changes_;
};

}  // namespace rmsim
