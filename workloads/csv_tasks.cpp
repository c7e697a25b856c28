#include "workloads/csv_tasks.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <set>
#include <sstream>

#include "platform/input_error.h"
#include "platform/input_limits.h"
#include "platform/model_limits.h"
#include "workloads/input_file.h"
#include "workloads/runnable.h"
#include "workloads/text_lines.h"

namespace rmsim {

namespace {

std::string fmt(double v) {
    std::ostringstream s;
    s << v;
    return s.str();
}

enum class Col {
    Id,
    Arrival,
    Work,
    Time,
    Type,
    Cores,
    Nodes,
    Deadline,
    Value,
    Requested,
    Preemptible,
    CanPreempt,
    Memory
};

struct Column {
    Col kind;
    CoreTypeId core_type = 0;  ///< for Time
};

class Parser {
public:
    Parser(const std::string& file, const PlatformSpec& platform, CoreTypeId ref)
        : file_(file), platform_(platform), ref_(ref), runnable_(platform) {}

    void header(const std::vector<CsvCell>& cells, int line) {
        std::set<std::string> seen;
        for (const auto& c : cells) {
            std::string name(c.text);
            if (!seen.insert(name).second) fail(line, c.col, "duplicate column " + quote_short(name));
            columns_.push_back(column_of(name, line, c.col));
        }
        if (!has(Col::Id)) fail(line, 1, "missing required column 'id'");
        if (!has(Col::Arrival)) fail(line, 1, "missing required column 'arrival_s'");
        if (has(Col::Work) == has(Col::Time))
            fail(line, 1, "give either a work_s column or time_s.<core type> columns (exactly one of the two)");
        if (has(Col::Work)) {
            if (ref_ >= platform_.core_types.size() || platform_.core_types[ref_].pstates.empty())
                throw std::logic_error("csv tasks: reference core type has no P-states");
        }
    }

    Task row(const std::vector<CsvCell>& cells, int line, std::size_t line_length) {
        if (cells.size() > columns_.size()) fail(line, cells[columns_.size()].col, "more cells than header columns");
        if (cells.size() < columns_.size())
            fail(line, static_cast<int>(line_length) + 1,
                 "row has " + std::to_string(cells.size()) + " cells, header has " + std::to_string(columns_.size()));
        Task t;
        std::optional<double> deadline, work;
        int deadline_col = 0;
        double value = 1.0;
        auto table = std::make_shared<TimeTable>();
        table->seconds.resize(platform_.core_types.size());
        bool any_time = false;
        for (std::size_t i = 0; i < cells.size(); ++i) {
            const CsvCell& c = cells[i];
            switch (columns_[i].kind) {
                case Col::Id: t.id = static_cast<TaskId>(integer(c, line, 0, UINT32_MAX)); break;
                case Col::Arrival: t.arrival_s = seconds(c, line); break;
                case Col::Work: work = seconds(c, line); break;
                case Col::Type: t.type = static_cast<TaskTypeId>(integer(c, line, 0, UINT32_MAX)); break;
                case Col::Cores: t.cores = static_cast<std::uint32_t>(integer(c, line, 1, UINT32_MAX)); break;
                case Col::Nodes: t.nodes = static_cast<std::uint32_t>(integer(c, line, 0, UINT32_MAX)); break;
                case Col::Value: value = real(c, line, 0, kMaxMagnitude); break;
                case Col::Requested:
                    if (!c.text.empty()) t.requested_time_s = seconds(c, line);
                    break;
                case Col::Preemptible: t.preemptible = integer(c, line, 0, 1) == 1; break;
                case Col::CanPreempt: t.can_preempt = integer(c, line, 0, 1) == 1; break;
                case Col::Memory: t.memory_bytes = integer(c, line, 0, UINT64_MAX); break;
                case Col::Deadline:
                    if (!c.text.empty()) {
                        deadline = seconds(c, line);
                        deadline_col = c.col;
                    }
                    break;
                case Col::Time:
                    if (!c.text.empty()) {
                        double s = seconds(c, line);
                        if (!(s > 0)) fail(line, c.col, "time must be > 0 (leave the cell empty if it cannot run)");
                        const auto& ps = platform_.core_types[columns_[i].core_type].pstates;
                        auto& row = table->seconds[columns_[i].core_type];
                        for (const auto& p : ps) row.push_back(s * ps.front().frequency_hz / p.frequency_hz);
                        any_time = true;
                    }
                    break;
            }
        }
        if (!ids_.insert(t.id).second)
            fail(line, cells[index(Col::Id)].col, "duplicate task id " + std::to_string(t.id));
        if (work) {
            t.work.set_cycles(*work * platform_.core_types[ref_].pstates.front().frequency_hz);
        } else {
            if (!any_time) fail(line, 1, "no time_s.<core type> value: the task cannot run anywhere");
            t.work.set_table(std::move(table));
        }
        if (const TaskProblem p = runnable_.problem(t))
            fail(line, fault_column(p.fault, cells), "task " + std::to_string(t.id) + " " + p.message);
        if (deadline) {
            if (*deadline < t.arrival_s) fail(line, deadline_col, "deadline_s precedes arrival_s");
            t.utility = UtilityFunction::step(value, *deadline - t.arrival_s);
        } else {
            t.utility = UtilityFunction::constant(value);
        }
        return t;
    }

private:
    bool has(Col k) const {
        return std::any_of(columns_.begin(), columns_.end(), [k](const Column& x) { return x.kind == k; });
    }

    [[noreturn]] void fail(int line, int col, const std::string& msg) const {
        throw InputError({file_, line, col}, "task CSV: " + msg);
    }

    std::size_t index(Col k) const {
        for (std::size_t i = 0; i < columns_.size(); ++i)
            if (columns_[i].kind == k) return i;
        throw std::logic_error("csv tasks: column not present");
    }

    Column column_of(const std::string& name, int line, int col) const {
        if (name == "id") return {Col::Id};
        if (name == "arrival_s") return {Col::Arrival};
        if (name == "work_s") return {Col::Work};
        if (name == "type") return {Col::Type};
        if (name == "cores") return {Col::Cores};
        if (name == "nodes") return {Col::Nodes};
        if (name == "deadline_s") return {Col::Deadline};
        if (name == "value") return {Col::Value};
        if (name == "requested_s") return {Col::Requested};
        if (name == "preemptible") return {Col::Preemptible};
        if (name == "can_preempt") return {Col::CanPreempt};
        if (name == "memory_bytes") return {Col::Memory};
        const std::string prefix = "time_s.";
        if (name.compare(0, prefix.size(), prefix) == 0) {
            const std::string ct = name.substr(prefix.size());
            std::string known;
            for (CoreTypeId i = 0; i < platform_.core_types.size(); ++i) {
                if (platform_.core_types[i].name == ct) return {Col::Time, i};
                known += (i ? ", " : "") + platform_.core_types[i].name;
            }
            fail(line, col, "unknown core type " + quote_short(ct) + " (platform core types: " + known + ")");
        }
        fail(line, col,
             "unknown column " + quote_short(name) +
                 " (valid: id, arrival_s, work_s, time_s.<core type>, type, cores, nodes, deadline_s, "
                 "value, requested_s, preemptible, can_preempt, memory_bytes)");
    }

    double real(const CsvCell& c, int line, double min, double max) const {
        double v = 0;
        auto r = std::from_chars(c.text.data(), c.text.data() + c.text.size(), v);
        if (c.text.empty() || r.ec != std::errc() || r.ptr != c.text.data() + c.text.size() || !std::isfinite(v))
            fail(line, c.col, quote_short(c.text) + " is not a number");
        if (v < min) fail(line, c.col, "value " + shorten(c.text) + " must be >= " + fmt(min));
        if (v > max) fail(line, c.col, "value " + shorten(c.text) + " must be <= " + fmt(max));
        return v;
    }

    /// A time or duration: within simulated time (platform/model_limits.h).
    Seconds seconds(const CsvCell& c, int line) const {
        const double v = real(c, line, 0, std::numeric_limits<double>::max());
        if (v > kMaxSeconds)
            fail(line, c.col,
                 shorten(c.text) + " s is past the end of simulated time (" + fmt(kMaxSeconds) + " s, 292 years)");
        return v;
    }

    /// The column to blame for a task that cannot be simulated (1 when no single cell is at fault).
    int fault_column(TaskFault f, const std::vector<CsvCell>& cells) const {
        auto col = [&](Col k) {
            for (std::size_t i = 0; i < columns_.size(); ++i)
                if (columns_[i].kind == k) return cells[i].col;
            return 1;
        };
        switch (f) {
            case TaskFault::Arrival: return col(Col::Arrival);
            case TaskFault::Request: return has(Col::Nodes) && !has(Col::Cores) ? col(Col::Nodes) : col(Col::Cores);
            case TaskFault::Work: return has(Col::Work) ? col(Col::Work) : 1;
            case TaskFault::None: break;
        }
        return 1;
    }

    std::uint64_t integer(const CsvCell& c, int line, std::uint64_t min, std::uint64_t max) const {
        std::uint64_t v = 0;
        auto r = std::from_chars(c.text.data(), c.text.data() + c.text.size(), v);
        if (c.text.empty() || r.ec != std::errc() || r.ptr != c.text.data() + c.text.size())
            fail(line, c.col, quote_short(c.text) + " is not a non-negative integer");
        if (v < min || v > max)
            fail(line, c.col,
                 "value " + shorten(c.text) + " out of range [" + std::to_string(min) + ", " + std::to_string(max) +
                     "]");
        return v;
    }

    const std::string& file_;
    const PlatformSpec& platform_;
    CoreTypeId ref_;
    RunnableCheck runnable_;
    std::vector<Column> columns_;
    std::set<TaskId> ids_;
};

}  // namespace

std::vector<Task> parse_csv_tasks(std::string_view text, const std::string& file_name, const PlatformSpec& platform,
                                  CoreTypeId reference_core_type) {
    Parser parser(file_name, platform, reference_core_type);
    std::vector<Task> tasks;
    bool have_header = false;
    for_each_text_line(text, [&](std::string_view line, int line_no, std::size_t first) {
        if (line[first] == '#') return;
        if (line.back() == '\r') line.remove_suffix(1);
        auto cells = split_csv_cells(line);
        if (!have_header) {
            parser.header(cells, line_no);
            have_header = true;
        } else {
            tasks.push_back(parser.row(cells, line_no, line.size()));
        }
    });
    if (!have_header) throw InputError({file_name, 0, 0}, "task CSV: no header row");
    std::stable_sort(tasks.begin(), tasks.end(),
                     [](const Task& a, const Task& b) { return a.arrival_s < b.arrival_s; });
    return tasks;
}

std::vector<Task> read_csv_tasks(const std::string& path, const PlatformSpec& platform, CoreTypeId reference_core_type,
                                 std::uint64_t max_bytes) {
    return parse_csv_tasks(read_input_file(path, "task CSV", max_bytes), path, platform, reference_core_type);
}

}  // namespace rmsim
