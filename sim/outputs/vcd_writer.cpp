#include "sim/outputs/vcd_writer.h"

#include <algorithm>
#include <stdexcept>

#include "platform/number_format.h"

namespace rmsim {

std::string VcdWriter::identifier(std::uint64_t index) {
    std::string id;
    do {
        id += static_cast<char>('!' + index % 94);
        index /= 94;
    } while (index > 0);
    return id;
}

unsigned VcdWriter::width_for(std::uint64_t max_value) {
    unsigned w = 1;
    while (w < 64 && (max_value >> w) != 0) ++w;
    return w;
}

void VcdWriter::scope(const std::string& name) { scopes_.push_back(name); }

std::uint32_t VcdWriter::wire(const std::string& name, unsigned width, std::uint64_t initial) {
    if (scopes_.empty()) throw std::logic_error("VcdWriter: a variable outside any scope");
    if (width == 0 || width > 53) throw std::logic_error("VcdWriter: wire width must be 1 to 53");
    vars_.push_back(Var{name, width, static_cast<double>(initial), static_cast<std::uint32_t>(scopes_.size() - 1)});
    return static_cast<std::uint32_t>(vars_.size() - 1);
}

std::uint32_t VcdWriter::real(const std::string& name, double initial) {
    if (scopes_.empty()) throw std::logic_error("VcdWriter: a variable outside any scope");
    vars_.push_back(Var{name, 0, initial, static_cast<std::uint32_t>(scopes_.size() - 1)});
    return static_cast<std::uint32_t>(vars_.size() - 1);
}

void VcdWriter::change(std::uint64_t t_ns, std::uint32_t var, double value) {
    if (var >= vars_.size()) throw std::logic_error("VcdWriter: a change of an undeclared variable");
    changes_.push_back(Change{t_ns, var, value});
}

std::string VcdWriter::text(const Var& v, double value) const {
    if (v.width == 0) return "r" + watts12(value) + " ";
    const auto n = static_cast<std::uint64_t>(value);
    if (v.width == 1) return n ? "1" : "0";
    std::string bits;
    for (unsigned b = VcdWriter::width_for(n); b-- > 0;) bits += ((n >> b) & 1) ? '1' : '0';
    return "b" + bits + " ";
}

void VcdWriter::write(std::ostream& o, std::uint64_t start_ns, std::uint64_t end_ns) {
    if (start_ns > end_ns) throw std::logic_error("VcdWriter: the span ends before it starts");
    o << "$version rmsim $end\n$timescale 1 ns $end\n";
    std::uint32_t i = 0;  // variables are declared scope by scope
    for (std::uint32_t s = 0; s < scopes_.size(); ++s) {
        o << "$scope module " << scopes_[s] << " $end\n";
        for (; i < vars_.size() && vars_[i].scope == s; ++i) {
            const Var& v = vars_[i];
            if (v.width == 0)
                o << "$var real 64 " << identifier(i) << ' ' << v.name << " $end\n";
            else if (v.width == 1)
                o << "$var wire 1 " << identifier(i) << ' ' << v.name << " $end\n";
            else
                o << "$var wire " << v.width << ' ' << identifier(i) << ' ' << v.name << " [" << v.width - 1
                  << ":0] $end\n";
        }
        o << "$upscope $end\n";
    }
    o << "$enddefinitions $end\n";

    // In time order, each variable's changes at one instant in the order they were added (the last wins).
    std::stable_sort(changes_.begin(), changes_.end(),
                     [](const Change& a, const Change& b) { return a.t != b.t ? a.t < b.t : a.var < b.var; });
    std::vector<std::string> current(vars_.size());
    for (i = 0; i < vars_.size(); ++i) current[i] = text(vars_[i], vars_[i].initial);
    std::size_t k = 0;
    for (; k < changes_.size() && changes_[k].t <= start_ns; ++k)
        current[changes_[k].var] = text(vars_[changes_[k].var], changes_[k].value);
    o << '#' << start_ns << "\n$dumpvars\n";
    for (i = 0; i < vars_.size(); ++i) o << current[i] << identifier(i) << '\n';
    o << "$end\n";
    std::uint64_t last = start_ns;
    std::string lines;
    while (k < changes_.size() && changes_[k].t <= end_ns) {
        const std::uint64_t t = changes_[k].t;
        lines.clear();
        while (k < changes_.size() && changes_[k].t == t) {
            std::size_t j = k;
            while (j + 1 < changes_.size() && changes_[j + 1].t == t && changes_[j + 1].var == changes_[k].var) ++j;
            const std::uint32_t var = changes_[j].var;
            std::string value = text(vars_[var], changes_[j].value);
            if (value != current[var]) {
                lines += value + identifier(var) + '\n';
                current[var] = std::move(value);
            }
            k = j + 1;
        }
        if (lines.empty()) continue;
        o << '#' << t << '\n' << lines;
        last = t;
    }
    if (end_ns > last) o << '#' << end_ns << '\n';
    changes_.clear();
}

}  // namespace rmsim
