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
#include "workloads/input_lines.h"
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

/// The lines of a task list, in file order: the header first, then one task per row. `ordered` (a streamed
/// read): rows must ascend by arrival_s and by id, which the parser checks against the row before; otherwise
/// it keeps every id to refuse a duplicate.
class Parser {
public:
    Parser(const std::string& file, const PlatformSpec& platform, CoreTypeId ref, bool ordered)
        : file_(file), platform_(platform), ref_(ref), runnable_(platform), ordered_(ordered) {}

    bool have_header() const { return !columns_.empty(); }

    /// A line that is not all blanks: nothing (a comment), the header, or a row (into `t`, then true).
    bool line(const TextLine& l, Task& t) {
        std::string_view text = l.text;
        if (text[l.first] == '#') return false;
        if (text.back() == '\r') text.remove_suffix(1);
        const std::vector<CsvCell> cells = split_csv_cells(text);
        if (!have_header()) {
            header(cells, l.number);
            return false;
        }
        t = row(cells, l.number, text.size());
        return true;
    }

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
        check_order(t, cells, line);
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
    /// A duplicate id; in an ordered read, a row before the one above it.
    void check_order(const Task& t, const std::vector<CsvCell>& cells, int line) {
        const int id_col = cells[index(Col::Id)].col;
        if (!ordered_) {
            if (!ids_.insert(t.id).second) fail(line, id_col, "duplicate task id " + std::to_string(t.id));
            return;
        }
        if (last_line_ > 0) {
            if (t.arrival_s < last_arrival_)
                fail(line, cells[index(Col::Arrival)].col,
                     "task " + std::to_string(t.id) + " arrives at " + fmt(t.arrival_s) +
                         " s, before the row above it (" + fmt(last_arrival_) + " s at line " +
                         std::to_string(last_line_) +
                         "): a streamed run reads a task list in arrival order (sort its rows by arrival_s, or "
                         "load it whole)");
            if (t.id == last_id_) fail(line, id_col, "duplicate task id " + std::to_string(t.id));
            if (t.id < last_id_)
                fail(line, id_col,
                     "task id " + std::to_string(t.id) + " is below the row above it (" + std::to_string(last_id_) +
                         " at line " + std::to_string(last_line_) +
                         "): a streamed run reads a task list whose ids ascend, so that no id can repeat (number "
                         "its rows in order, or load it whole)");
        }
        last_arrival_ = t.arrival_s;
        last_id_ = t.id;
        last_line_ = line;
    }

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
    bool ordered_;
    std::set<TaskId> ids_;  ///< every id so far (not ordered)
    Seconds last_arrival_ = 0;
    TaskId last_id_ = 0;
    int last_line_ = 0;  ///< the row above (ordered), 0 before the first
};

/// Stable: equal arrivals keep the file order.
void sort_by_arrival(std::vector<Task>& tasks) {
    std::stable_sort(tasks.begin(), tasks.end(),
                     [](const Task& a, const Task& b) { return a.arrival_s < b.arrival_s; });
}

}  // namespace

std::vector<Task> parse_csv_tasks(std::string_view text, const std::string& file_name, const PlatformSpec& platform,
                                  CoreTypeId reference_core_type) {
    Parser parser(file_name, platform, reference_core_type, false);
    std::vector<Task> tasks;
    Task t;
    for_each_text_line(text, [&](std::string_view line, int line_no, std::size_t first) {
        if (parser.line({line, line_no, first}, t)) tasks.push_back(t);
    });
    if (!parser.have_header()) throw InputError({file_name, 0, 0}, "task CSV: no header row");
    sort_by_arrival(tasks);
    return tasks;
}

struct CsvTaskStream::Impl {
    Impl(const std::string& path, const PlatformSpec& platform, CoreTypeId ref, std::uint64_t max_bytes, bool ordered)
        : path(path), platform(platform), lines(path, "task CSV", max_bytes),
          parser(this->path, this->platform, ref, ordered) {}
    std::string path;
    PlatformSpec platform;  ///< a copy: the parser and its checks refer to it
    InputLines lines;
    Parser parser;
};

CsvTaskStream::CsvTaskStream(const std::string& path, const PlatformSpec& platform, CoreTypeId reference_core_type,
                             std::uint64_t max_bytes, bool ordered)
    : impl_(std::make_unique<Impl>(path, platform, reference_core_type, max_bytes, ordered)) {
    // The header now: a file without one is refused before any task is asked for.
    TextLine line;
    Task unused;
    while (!impl_->parser.have_header() && impl_->lines.next(line)) impl_->parser.line(line, unused);
    if (!impl_->parser.have_header()) throw InputError({path, 0, 0}, "task CSV: no header row");
}

CsvTaskStream::~CsvTaskStream() = default;

bool CsvTaskStream::next(Task& t) {
    TextLine line;
    while (impl_->lines.next(line))
        if (impl_->parser.line(line, t)) return true;
    return false;
}

std::vector<Task> read_csv_tasks(const std::string& path, const PlatformSpec& platform, CoreTypeId reference_core_type,
                                 std::uint64_t max_bytes) {
    CsvTaskStream stream(path, platform, reference_core_type, max_bytes, false);
    std::vector<Task> tasks;
    Task t;
    while (stream.next(t)) {
        tasks.push_back(t);
        t = Task{};
    }
    sort_by_arrival(tasks);
    return tasks;
}

}  // namespace rmsim
